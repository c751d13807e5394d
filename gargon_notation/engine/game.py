"""The referee: a game that applies decisions, refuses illegal ones, and derives the rest.

:class:`Game` is the one mutable object of the engine.  Applying an action changes it in
place (cheaply: no copies) and returns the events it caused; :meth:`Game.snapshot` hands out
an immutable :class:`~gargon_notation.engine.state.GameState` whenever one is wanted.

>>> from gargon_notation.cards import Card, Colour
>>> from gargon_notation.engine import Pass, Play
>>> game = Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Bob", "Cy"))
>>> game.to_act
Decision(kind=<DecisionKind.PLAY_OR_PASS: 'play-or-pass'>, seat=0)
>>> game.check(Pass(0, (1,))).code
'start-must-play'
>>> events = game.apply(Play(0, (Card.parse("Y5"),)))
>>> game.to_act.seat
1

Hidden information: a deal may hold :class:`~gargon_notation.cards.HiddenCard` s.  The engine
then checks what can be checked and learns each card as it is revealed.

This module holds the class, its construction and the questions it answers; its parts are
each in a module of their own, as :mod:`~gargon_notation.engine.table` lists them: the
checks of an action (:mod:`~gargon_notation.engine.checks`), the legal actions
(:mod:`~gargon_notation.engine.legal`), what follows an action
(:mod:`~gargon_notation.engine.progress`) and the seat views
(:mod:`~gargon_notation.engine.viewing`).
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Collection, Sequence

from gargon_notation.arguments import check_names
from gargon_notation.cards import AnyCard, Colour
from gargon_notation.engine.actions import Action, Choose, Draw, Event, Play
from gargon_notation.engine.checks import ACTION_KINDS, Checks, not_an_action
from gargon_notation.engine.deal import Deal
from gargon_notation.engine.knowledge import Knowledge
from gargon_notation.engine.legal import Tally
from gargon_notation.engine.progress import Progress
from gargon_notation.engine.scoring import Score, score
from gargon_notation.engine.state import Decision, DecisionKind, GameState
from gargon_notation.engine.viewing import SeatLog, SeatViews
from gargon_notation.errors import ArgumentError, RuleViolation
from gargon_notation.rules import STANDARD, Ruleset

__all__ = ["Game", "IllegalAction", "Tally", "not_an_action"]

_PLAY = DecisionKind.PLAY_OR_PASS
_CHOOSE = DecisionKind.CHOOSE
_DRAW = DecisionKind.DRAW


@functools.cache
def _table(
    players: int,
) -> tuple[
    tuple[Decision, ...], tuple[Decision, ...], tuple[Decision, ...], tuple[tuple[int, ...], ...]
]:
    """For a table of ``players``: each seat's decisions of each kind (values, shared by
    every game of that size), and each seat's order of choosing (itself, then clockwise)."""
    seats = range(players)
    return (
        tuple(Decision(_PLAY, seat) for seat in seats),
        tuple(Decision(_CHOOSE, seat) for seat in seats),
        tuple(Decision(_DRAW, seat) for seat in seats),
        tuple(tuple((first + k) % players for k in seats) for first in seats),
    )


class IllegalAction(RuleViolation):
    """Raised by :meth:`Game.apply` for an action the rules forbid; the game is unchanged."""


class Game(Checks, Progress, SeatViews):
    """A game of Gargon in progress.

    Create one with :meth:`new`; then, while :attr:`to_act` is not None, :meth:`apply` the
    decision of the seat it names.  :meth:`check` tells without applying;
    :meth:`legal_actions` lists the choices.  ``actions`` and ``events`` keep the history.
    """

    def __init__(self, deal: Deal, start: int, ruleset: Ruleset, names: tuple[str, ...]) -> None:
        # What each attribute holds: Table (engine/table.py) says.
        self.ruleset = ruleset
        self.names = names
        self.actions = []
        self._log = []
        self._events = []
        self._players = len(deal.hands)
        seats = range(self._players)
        (
            self._play_decisions,
            self._choose_decisions,
            self._draw_decisions,
            self._rotations,
        ) = _table(self._players)
        self._hands = [list(hand) for hand in deal.hands]
        self._piles = (list(reversed(deal.piles[0])), list(reversed(deal.piles[1])))
        self._front = [{} for _ in range(self._players)]
        self._won = [[] for _ in range(self._players)]
        self._discard = []
        self._knowledge = Knowledge(deal.cards(), deal.fully_known)
        self._round = 0
        self._start = start
        self._order = []
        self._turn = 0
        self._played = [None] * self._players
        self._pattern = None
        self._leader = start
        self._colours_played = set()
        self._chooser = start
        self._second_fight = None
        self._owed = deque()
        self._decision = None
        self._last_card_taken = False
        self._final = None
        self._tally = None
        self._tally_hidden = False
        self._colours_frozen = frozenset()
        self._shown = []
        self._seen = [SeatLog() for _ in seats]
        self._hand_backs = [None] * self._players
        self._front_open = [()] * self._players
        self._front_shut = [()] * self._players
        self._played_shut = [None] * self._players
        self._pile_backs = None
        self._won_backs = [() for _ in seats]
        self._won_sizes = [0] * self._players
        self._discard_view = ()
        self._start_round(start, ())

    @classmethod
    def new(
        cls,
        deal: Deal,
        start: int = 0,
        ruleset: Ruleset | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """A game about to begin: ``start`` is the first start player's seat.

        Raises :class:`RuleViolation` (``deal-size``, ``card-conservation``) for a deal that
        cannot come from the deck or does not fit the ruleset, and
        :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for names or
        a start seat that do not fit the deal: one name a seat, each different, not empty
        and a single line, as a record's ``Players`` tag holds them
        (:func:`~gargon_notation.arguments.check_names`; :class:`TypeError` for names that
        are not texts).

        >>> Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Ann", "Cy"))
        Traceback (most recent call last):
        ...
        gargon_notation.errors.ArgumentError: names: player names must be different and not ...
        """
        rules = ruleset if ruleset is not None else STANDARD
        deal.check(rules.hand_size)
        if deal.players not in rules.player_counts:
            raise RuleViolation(
                "deal-size",
                f"this ruleset is for {rules.player_counts} players, not {deal.players}",
            )
        seat_names = (
            check_names(names, deal.players)
            if names is not None
            else tuple(f"Player {seat + 1}" for seat in range(deal.players))
        )
        if type(start) is not int or not 0 <= start < deal.players:
            raise ArgumentError(
                f"start seat {start!r} is not at this table (seats 0-{deal.players - 1})"
            )
        return cls(deal, start, rules, seat_names)

    def copy(self) -> Game:
        """An independent copy of the game, history included (for search and undo).

        Cheap: the cards and events are immutable values and are shared; only the containers
        are copied.

        >>> game = Game.new(Deal.from_seed("gargon", players=3))
        >>> twin = game.copy()
        >>> twin.push(twin.legal_actions()[0])
        >>> len(game.actions), len(twin.actions)
        (0, 1)
        """
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.actions = list(self.actions)
        twin._log = list(self._log)
        twin._events = list(self._events)
        twin._hands = [list(hand) for hand in self._hands]
        twin._piles = (list(self._piles[0]), list(self._piles[1]))
        twin._front = [{colour: list(group) for colour, group in f.items()} for f in self._front]
        twin._won = [list(cards) for cards in self._won]
        twin._discard = list(self._discard)
        twin._knowledge = self._knowledge.copy()
        twin._order = list(self._order)
        twin._played = list(self._played)
        twin._colours_played = set(self._colours_played)
        twin._owed = deque(self._owed)
        twin._shown = list(self._shown)
        twin._seen = [seen.copy() for seen in self._seen]
        twin._hand_backs = list(self._hand_backs)
        twin._front_open = list(self._front_open)
        twin._front_shut = list(self._front_shut)
        twin._played_shut = list(self._played_shut)
        twin._won_backs = list(self._won_backs)
        twin._tally = None  # the tally is the original's
        return twin

    def __repr__(self) -> str:
        decision = self._decision
        if decision is None:
            now = "over"
        else:
            now = f"{self.names[decision.seat]} to {decision.kind.value.replace('-', ' ')}"
        return (
            f"<Game {', '.join(self.names)}: round {self._round}, {now}, "
            f"{len(self.actions)} actions>"
        )

    # -- what is asked now -------------------------------------------------------------

    @property
    def to_act(self) -> Decision | None:
        """Whose decision it is and of what kind; None once the game is over."""
        return self._decision

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._decision is None

    @property
    def players(self) -> int:
        """The number of seats, as a seat's view has it
        (:attr:`~gargon_notation.engine.SeatView.players`).

        >>> Game.new(Deal.from_seed("gargon", players=5)).players
        5
        """
        return self._players

    @property
    def round(self) -> int:
        """The current round, from 1."""
        return self._round

    @property
    def start_player(self) -> int:
        """The seat of the current round's start player."""
        return self._start

    @property
    def last_seat(self) -> int:
        """The seat that acts last in the card play phase (right of the start player)."""
        return self._order[-1]

    def hand(self, seat: int) -> tuple[AnyCard, ...]:
        """The seat's hand, as far as it is known.  Raises
        :class:`~gargon_notation.errors.ArgumentError` for a seat not at this table."""
        if type(seat) is not int or not 0 <= seat < self._players:
            raise self._no_seat(seat)
        return tuple(self._hands[seat])

    def colours_in_front(self, seat: int) -> Collection[Colour]:
        """The colours of the cards in front of the seat (those still to be fought).  Raises
        :class:`~gargon_notation.errors.ArgumentError` for a seat not at this table."""
        if type(seat) is not int or not 0 <= seat < self._players:
            raise self._no_seat(seat)
        return self._front[seat].keys()

    def pile_sizes(self) -> tuple[int, int]:
        """The number of cards in pile 1 and pile 2."""
        return len(self._piles[0]), len(self._piles[1])

    @property
    def owed(self) -> tuple[int, ...]:
        """The seats owing replacement draws, in the order they draw."""
        return tuple(self._owed)

    def score(self) -> Score:
        """The score of the cards won so far (the final score once the game is over)."""
        if self._final is not None:
            return self._final
        return score(self._won, self.ruleset, self.names)

    def snapshot(self) -> GameState:
        """An immutable picture of the table now."""
        return GameState(
            ruleset=self.ruleset,
            names=self.names,
            round=self._round,
            start=self._start,
            to_act=self._decision,
            hands=tuple(tuple(hand) for hand in self._hands),
            piles=(tuple(reversed(self._piles[0])), tuple(reversed(self._piles[1]))),
            front=tuple(
                tuple(
                    card
                    for colour in sorted(front, key=lambda c: c.index)
                    for card in front[colour]
                )
                for front in self._front
            ),
            played=tuple(self._played),
            won=tuple(tuple(cards) for cards in self._won),
            discard=tuple(self._discard),
            pattern=self._pattern,
            colours_played=frozenset(self._colours_played),
            owed=tuple(self._owed),
            last_card_taken=self._last_card_taken,
            over=self.is_over,
        )

    # -- applying --------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused.

        Raises :class:`IllegalAction` (with the rule code and a plain sentence) and leaves
        the game unchanged when the action is illegal, and :class:`TypeError` for what is
        not an action.
        """
        mark = len(self._log)
        self.push(action)
        return self.events[mark:]

    def push(self, action: Action) -> None:
        """Like :meth:`apply`, without handing out the events (a little faster).

        Raises :class:`IllegalAction` and leaves the game unchanged when the action is illegal.
        """
        try:
            prepared = self._verify(action)
        except RuleViolation as violation:
            raise IllegalAction(violation.code, violation.message) from None
        except AttributeError:
            if type(action) not in ACTION_KINDS:
                raise TypeError(not_an_action(action)) from None
            raise
        tally = self._tally
        if tally is not None:
            if self._tally_hidden:
                self._tally_hidden_cards(tally, action, prepared)
            tally.counts.append(self.legal_action_count())
        # _verify let through only these four classes, exactly
        self.actions.append(action)
        kind = type(action)
        if kind is Choose:
            self._do_choose(action)  # type: ignore[arg-type]
        elif kind is Play:
            self._do_play(action, prepared)  # type: ignore[arg-type]
        elif kind is Draw:
            self._do_draw(action)  # type: ignore[arg-type]
        else:
            self._do_pass(action)  # type: ignore[arg-type]
