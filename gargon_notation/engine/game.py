"""The referee: a game that applies decisions, refuses illegal ones, and derives the rest.

:class:`Game` is the one mutable object of the engine.  Applying an action changes it in
place (cheaply: no copies) and returns the events it caused; :meth:`Game.snapshot` hands out
an immutable :class:`~gargon_notation.engine.state.GameState` whenever one is wanted.

>>> from gargon_notation.cards import Card, Colour
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
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence
from itertools import chain
from typing import Any

from gargon_notation.arguments import check_names, shown
from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine.actions import (
    Action,
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    Draw,
    DrawForgotten,
    DrawSkipped,
    Event,
    GameEnded,
    Pass,
    Passed,
    PileEmptied,
    Play,
    Played,
    RoundEnded,
    RoundStarted,
    SeenEvent,
)
from gargon_notation.engine.deal import Deal
from gargon_notation.engine.knowledge import Knowledge, match, refine
from gargon_notation.engine.patterns import (
    count_plays,
    describe_pattern,
    pass_choices,
    pattern_of,
    plays_from,
)
from gargon_notation.engine.scoring import Score, score
from gargon_notation.engine.state import Decision, DecisionKind, GameState, no_seat
from gargon_notation.engine.view import (
    History,
    SeatView,
    backs,
    drawn_as_seen,
    face_down,
    played_as_seen,
)
from gargon_notation.engine.wording import (
    cards_text,
    colours_text,
    count_of,
    twice_in_one_play,
)
from gargon_notation.errors import ArgumentError, RuleViolation
from gargon_notation.rules import STANDARD, Ruleset

__all__ = ["Game", "IllegalAction", "Tally", "not_an_action"]

_PLAY = DecisionKind.PLAY_OR_PASS
_CHOOSE = DecisionKind.CHOOSE
_DRAW = DecisionKind.DRAW


_Prepared = tuple[list[int], tuple[int, ...], bool]


def _value(card: Card) -> int:
    return card.value


_index = {colour: colour.index for colour in Colour}.__getitem__


def _in_colour_order(front: dict[Colour, list[Card]]) -> tuple[Card, ...]:
    """A seat's cards in front: colour by colour, strongest first within a colour."""
    if len(front) == 1:
        for group in front.values():
            return tuple(group)
    return tuple([card for colour in sorted(front, key=_index) for card in front[colour]])


@functools.cache
def _passes(seat: int, pile_one: int, pile_two: int) -> tuple[Pass, ...]:
    """Every legal pass of ``seat`` for piles of these sizes (only sizes up to 3 matter)."""
    if pile_one > 3 or pile_two > 3:
        return _passes(seat, min(pile_one, 3), min(pile_two, 3))
    return tuple(Pass(seat, piles) for piles in pass_choices(pile_one, pile_two))


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


_PASS_COUNTS = [[len(pass_choices(one, two)) for two in range(4)] for one in range(4)]
"""How many passes piles of these sizes allow (a pile of more than 3 allows what 3 do)."""


class Tally:
    """The number of legal actions before each action applied to a tallied game
    (:meth:`Game.tally_legal_actions`), in order; the positions in ``counts`` of those
    that may be short (``inexact``): play-or-pass decisions of a hand holding cards of
    unknown value, whose plays with those cards are not counted; and among them the
    positions of the plays made of such cards (``unlisted``), which the engine learnt from
    the play itself, so that the count before them does not include them."""

    # A plain class: an attrs class is built at import, which every verb would pay for.
    __slots__ = ("counts", "inexact", "unlisted")

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.inexact: list[int] = []
        self.unlisted: list[int] = []

    def __repr__(self) -> str:
        return (
            f"Tally(counts={self.counts!r}, inexact={self.inexact!r}, unlisted={self.unlisted!r})"
        )


_KIND_OF: dict[type, DecisionKind] = {Play: _PLAY, Pass: _PLAY, Choose: _CHOOSE, Draw: _DRAW}


def not_an_action(value: object) -> str:
    """The message for ``value`` given where an action is wanted.

    >>> not_an_action("pass")
    "an action is a Play, Pass, Choose or Draw (gargon_notation.engine), not str 'pass'"
    """
    return f"an action is a Play, Pass, Choose or Draw (gargon_notation.engine), not {shown(value)}"


class IllegalAction(RuleViolation):
    """Raised by :meth:`Game.apply` for an action the rules forbid; the game is unchanged."""


class Game:
    """A game of Gargon in progress.

    Create one with :meth:`new`; then, while :attr:`to_act` is not None, :meth:`apply` the
    decision of the seat it names.  :meth:`check` tells without applying;
    :meth:`legal_actions` lists the choices.  ``actions`` and ``events`` keep the history.
    """

    def __init__(self, deal: Deal, start: int, ruleset: Ruleset, names: tuple[str, ...]) -> None:
        self.ruleset = ruleset
        self.names = names
        self.actions: list[Action] = []
        # Events are logged as (class, arguments) and built only when asked for.
        self._log: list[tuple[Callable[..., Event], tuple[Any, ...]]] = []
        self._events: list[Event] = []
        self._players = len(deal.hands)
        seats = range(self._players)
        (
            self._play_decisions,
            self._choose_decisions,
            self._draw_decisions,
            self._rotations,
        ) = _table(self._players)
        self._hands: list[list[AnyCard]] = [list(hand) for hand in deal.hands]
        # Piles are kept bottom first so that drawing pops from the end.
        self._piles: tuple[list[AnyCard], list[AnyCard]] = (
            list(reversed(deal.piles[0])),
            list(reversed(deal.piles[1])),
        )
        self._front: list[dict[Colour, list[Card]]] = [{} for _ in range(self._players)]
        self._won: list[list[Card]] = [[] for _ in range(self._players)]
        self._discard: list[Card] = []
        self._knowledge = Knowledge(deal.cards(), deal.fully_known)
        self._round = 0
        self._start = start
        self._order: list[int] = []
        self._turn = 0
        self._played: list[tuple[Card, ...] | None] = [None] * self._players
        self._pattern: tuple[int, ...] | None = None
        self._leader = start
        self._colours_played: set[Colour] = set()
        self._chooser = start
        self._second_fight: Colour | None = None
        self._owed: deque[int] = deque()
        self._decision: Decision | None = None
        self._last_card_taken = False
        self._final: Score | None = None
        self._tally: Tally | None = None
        self._tally_hidden = False
        # Seat views (view): the log's events as the seats other than their own see them
        # (append-only, brought up to date when a view is taken), and each seat's own draws
        # and plays where they differ, by position.
        self._colours_frozen: frozenset[Colour] = frozenset()
        self._shown: list[SeenEvent] = []
        self._own: list[dict[int, Event]] = [{} for _ in seats]
        # Kept between decisions for the views, each entry None once stale: the hands as backs
        # in colour order (which slot a card lies in is the engine's, not the table's), the
        # cards in front face up, and (card play phase) face down, with the plays as the
        # others see them; pile backs (a pile only ever loses its top); won cards as backs and
        # the discard pile (they only ever grow: kept by length).
        self._hand_backs: list[tuple[HiddenCard, ...] | None] = [None] * self._players
        self._front_open: list[tuple[Card, ...] | None] = [()] * self._players
        self._front_shut: list[tuple[HiddenCard, ...] | None] = [()] * self._players
        self._played_shut: list[tuple[AnyCard, ...] | None] = [None] * self._players
        self._pile_backs: tuple[tuple[HiddenCard, ...], tuple[HiddenCard, ...]] | None = None
        self._won_backs: list[tuple[HiddenCard, ...]] = [() for _ in seats]
        self._won_sizes: list[int] = [0] * self._players
        self._discard_view: tuple[Card, ...] = ()
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
        twin._own = [dict(own) for own in self._own]
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

    def _no_seat(self, seat: object) -> ArgumentError:
        return ArgumentError(no_seat(seat, self._players))

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

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now, and nothing more: the thing to hand a bot.

        Other hands, the piles and (during the card play phase) other seats' played cards
        are backs, another seat's hand in colour order whatever slots its cards lie in (as
        :func:`~gargon_notation.engine.view.face_down` lists them); see
        :class:`~gargon_notation.engine.view.SeatView`.  The view is a value:
        it does not change as the game goes on, and nothing in it leads back to the game.
        Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a
        seat that is not at this table.

        >>> game = Game.new(Deal.from_seed("gargon", players=3))
        >>> view = game.view(0)
        >>> view.hand == game.hand(0), list(view.legal_actions) == game.legal_actions()
        (True, True)
        >>> {str(card) for card in game.view(1).hands[0]} <= {"W?", "B?", "V?", "Y?", "R?", "G?"}
        True
        """
        if type(seat) is not int or not 0 <= seat < self._players:
            raise self._no_seat(seat)
        decision = self._decision
        hand_backs = self._hand_backs
        if None in hand_backs:
            for other, shown in enumerate(hand_backs):
                if shown is None:
                    hand_backs[other] = face_down(self._hands[other])
        hand = tuple(self._hands[seat])
        hands: list[tuple[AnyCard, ...] | None] = list(hand_backs)
        hands[seat] = hand
        opened = self._front_open
        if None in opened:
            for other, laid in enumerate(opened):
                if laid is None:
                    opened[other] = _in_colour_order(self._front[other])
        front: list[tuple[AnyCard, ...] | None]
        played: list[tuple[AnyCard, ...] | None]
        if decision is not None and decision.kind is _PLAY:
            # The card play phase: the others' plays lie face down (backs in colour order).
            shut = self._front_shut
            if None in shut:
                for other, hidden in enumerate(shut):
                    if hidden is None:
                        play = self._played[other]
                        assert play is not None
                        shut[other] = self._played_shut[other] = face_down(play)
            front = list(shut)
            front[seat] = opened[seat]
            played = list(self._played_shut)
            played[seat] = self._played[seat]
        else:
            front = list(opened)
            played = list(self._played)
        won: list[tuple[AnyCard, ...]]
        if self.ruleset.won_cards_face_up:
            won = [tuple(taken) for taken in self._won]
        else:
            sizes = list(map(len, self._won))
            won_backs = self._won_backs
            if sizes != self._won_sizes:
                for other, size in enumerate(sizes):
                    if len(won_backs[other]) != size:
                        won_backs[other] = backs(self._won[other])
                self._won_sizes = sizes
            won = list(won_backs)
            won[seat] = tuple(self._won[seat])
        discard = self._discard_view
        if len(discard) != len(self._discard):
            discard = self._discard_view = tuple(self._discard)
        return SeatView(
            seat,
            self.names,
            self.ruleset,
            self._round,
            self._start,
            decision,
            hand,
            tuple(hands),  # type: ignore[arg-type]  # every None was filled in above
            self._pile_view(),
            tuple(front),  # type: ignore[arg-type]
            tuple(played),
            tuple(won),
            discard,
            self._pattern,
            self._colours_view(),
            tuple(self._owed),
            self._last_card_taken,
            decision is None,
            self._history(seat),
            (tuple(self.legal_actions()) if decision is not None and decision.seat == seat else ()),
        )

    def _colours_view(self) -> frozenset[Colour]:
        colours = self._colours_played
        kept = self._colours_frozen
        if len(kept) != len(colours):
            kept = self._colours_frozen = frozenset(colours)
        return kept

    def _pile_view(self) -> tuple[tuple[HiddenCard, ...], tuple[HiddenCard, ...]]:
        """Both piles as backs, top first; kept, since a pile only ever loses its top."""
        cached = self._pile_backs
        if cached is None:
            cached = (backs(reversed(self._piles[0])), backs(reversed(self._piles[1])))
        else:
            one, two = cached
            if len(one) == len(self._piles[0]) and len(two) == len(self._piles[1]):
                return cached
            if len(one) != len(self._piles[0]):
                one = one[len(one) - len(self._piles[0]) :]
            if len(two) != len(self._piles[1]):
                two = two[len(two) - len(self._piles[1]) :]
            cached = (one, two)
        self._pile_backs = cached
        return cached

    def _history(self, seat: int) -> History:
        """The seat's history up to now: the shown events brought up to date, fixed at their
        length, with the seat's own draws and plays as it knows them."""
        size = len(self._log)
        shown = self._shown
        if len(shown) < size:
            log, events, own = self._log, self.events, self._own
            for k in range(len(shown), size):
                kind, args = log[k]
                if kind is CardDrawn:
                    own[args[0]][k] = events[k]
                    shown.append(drawn_as_seen(*args))
                elif kind is Played:
                    own[args[0]][k] = events[k]
                    shown.append(played_as_seen(*args))
                else:
                    shown.append(events[k])
        return History(shown, size, self._own[seat])

    def legal_actions(self) -> list[Action]:
        """Every legal action now (none once the game is over).

        Plays are listed from the cards the engine knows the player holds; where his hand
        holds hidden cards, other plays may be legal too (:meth:`check` decides any action).
        """
        decision = self._decision
        if decision is None:
            return []
        seat = decision.seat
        if decision.kind is _CHOOSE:
            colours = sorted(self._front[seat], key=lambda c: c.index)
            return [Choose(seat, colour) for colour in colours]
        if decision.kind is _DRAW:
            draws: list[Action] = [Draw(seat, n) for n in (1, 2) if self._piles[n - 1]]
            draws.append(Draw(seat, None))
            return draws
        known = [card for card in self._hands[seat] if type(card) is Card]
        leading = self._pattern is None
        allowed = self._colours_played if seat == self.last_seat and seat != self._start else None
        actions: list[Action] = [
            Play(seat, cards)
            for cards in plays_from(known, None if leading else self._pattern, allowed)
        ]
        if not (seat == self._start and self.ruleset.start_player_must_play and self._hands[seat]):
            actions.extend(_passes(seat, len(self._piles[0]), len(self._piles[1])))
        return actions

    def legal_action_count(self) -> int:
        """How many actions :meth:`legal_actions` lists now, counted without listing them.

        >>> game = Game.new(Deal.from_seed("gargon", players=4))
        >>> game.legal_action_count() == len(game.legal_actions())
        True
        """
        decision = self._decision
        if decision is None:
            return 0
        seat = decision.seat
        kind = decision.kind
        if kind is _CHOOSE:
            return len(self._front[seat])
        if kind is _DRAW:
            return 1 + (len(self._piles[0]) > 0) + (len(self._piles[1]) > 0)
        start = self._start
        hand = self._hands[seat]
        allowed = self._colours_played if seat == self._order[-1] and seat != start else None
        count = count_plays(hand, self._pattern, allowed)
        if not (seat == start and self.ruleset.start_player_must_play and hand):
            one, two = len(self._piles[0]), len(self._piles[1])
            count += _PASS_COUNTS[one if one < 3 else 3][two if two < 3 else 3]
        return count

    def tally_legal_actions(self) -> Tally:
        """From now on, keep how many actions were legal before each action applied (what
        :meth:`legal_action_count` says then), in the :class:`Tally` returned, which grows
        as actions are applied: a walk over many games reads the counts from it afterwards,
        at next to no cost to games that are not tallied.

        >>> game = Game.new(Deal.from_seed("gargon", players=4))
        >>> tally = game.tally_legal_actions()
        >>> before = game.legal_action_count()
        >>> game.push(game.legal_actions()[0])
        >>> tally.counts == [before], tally.inexact, tally.unlisted
        (True, [], [])
        """
        self._tally_hidden = HiddenCard in set(map(type, chain(*self._hands, *self._piles)))
        tally = self._tally = Tally()
        return tally

    def _tally_hidden_cards(self, tally: Tally, action: Action, prepared: _Prepared | None) -> None:
        """Note in ``tally`` a play-or-pass decision of a hand holding cards of unknown value,
        and whether ``action`` (verified: ``prepared``) plays some of them (once all the
        game's cards are known, they stay known: this is not asked)."""
        decision = self._decision
        hand = self._hands[decision.seat] if decision is not None else ()
        if decision is not None and decision.kind is _PLAY and HiddenCard in set(map(type, hand)):
            tally.inexact.append(len(tally.counts))
            if prepared is not None and not prepared[2]:  # a play of cards it did not know
                tally.unlisted.append(len(tally.counts))

    # -- checking --------------------------------------------------------------------

    def check(self, action: Action) -> RuleViolation | None:
        """The reason ``action`` is illegal now, or None if it is legal."""
        try:
            self._verify(action)
        except RuleViolation as violation:
            return violation
        return None

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`apply` would accept ``action``."""
        return self.check(action) is None

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _verify(self, action: Action) -> _Prepared | None:
        """Raise the violation ``action`` commits; for a play, return what applying it needs."""
        decision = self._decision
        if decision is None:
            raise RuleViolation("game-over", "the game is over; no further action is possible")
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self._players:
            raise RuleViolation("no-such-seat", f"there is no seat {seat!r} at this table")
        kind = type(action)
        expected = _KIND_OF.get(kind)
        if expected is None:
            raise TypeError(not_an_action(action))
        if decision.kind is not expected:
            raise RuleViolation("wrong-decision", self._wrong_decision(action, decision))
        if seat != decision.seat:
            raise RuleViolation(
                "not-your-turn",
                f"{self._name(seat)} may not act now: it is {self._name(decision.seat)}'s turn "
                f"to {decision.kind.value.replace('-', ' ')}",
            )
        if kind is Play:
            return self._verify_play(action)  # type: ignore[arg-type]
        if kind is Pass:
            self._verify_pass(action)  # type: ignore[arg-type]
        elif kind is Choose:
            colour = action.colour  # type: ignore[union-attr]
            if not isinstance(colour, Colour):
                raise RuleViolation(
                    "colour-not-in-front",
                    f"{self._name(seat)} chooses {colour!r}, which is not a colour",
                )
            if colour not in self._front[seat]:
                raise RuleViolation(
                    "colour-not-in-front",
                    f"{self._name(seat)} may not choose {colour.name.lower()}, having "
                    f"only {colours_text(self._front[seat])} face up",
                )
        else:
            self._verify_draw(action)  # type: ignore[arg-type]
        return None

    def _wrong_decision(self, action: Action, decision: Decision) -> str:
        asked = {
            _PLAY: f"{self._name(decision.seat)} to play or pass",
            _CHOOSE: f"{self._name(decision.seat)} to choose a colour to fight in",
            _DRAW: f"{self._name(decision.seat)} to draw a replacement card",
        }[decision.kind]
        verb = {Play: "a play", Pass: "a pass", Choose: "a choice of colour", Draw: "a draw"}
        return f"{verb[type(action)]} is not possible now: the game waits for {asked}"

    def _verify_play(self, action: Play) -> _Prepared:
        seat, cards = action.seat, action.cards
        name = self.names[seat]  # for the messages
        if not 1 <= len(cards) <= 3:
            raise RuleViolation(
                "play-size",
                f"{name} plays {count_of(len(cards), 'card')}; a play is one to three cards",
            )
        for card in cards:
            if not isinstance(card, Card):
                raise RuleViolation(
                    "card-unknown",
                    f"{name} plays {card}, but a played card must be named in full (such as R14)",
                )
        pattern = pattern_of(cards)
        if pattern[0] >= 3:
            raise RuleViolation(
                "three-of-a-colour",
                f"{name} plays {cards_text(cards)}: three cards of one colour are never allowed",
            )
        if self._pattern is not None and pattern != self._pattern:
            raise RuleViolation(
                "pattern-mismatch",
                f"{name} plays {cards_text(cards)}, {describe_pattern(pattern)}, but "
                f"{self._name(self._leader)} led {describe_pattern(self._pattern)}",
            )
        if seat == self._order[-1] and seat != self._start:
            new = {card.colour for card in cards} - self._colours_played
            if new:
                raise RuleViolation(
                    "last-seat-new-colour",
                    f"{name} plays {cards_text(cards)}, but as last seat may only play colours "
                    f"already played this round ({colours_text(self._colours_played)}), "
                    f"not {colours_text(new)}",
                )
        found = match(self._hands[seat], cards)
        if isinstance(found, list):
            raise self._not_in_hand(seat, cards, found)
        slots, exact = found
        if not exact:
            try:
                self._knowledge.check(
                    (self._hands[seat][slot], card) for slot, card in zip(slots, cards, strict=True)
                )
            except RuleViolation as violation:
                raise self._twice(seat, cards) or violation from None
        return slots, pattern, exact

    def _not_in_hand(self, seat: int, cards: Sequence[Card], missing: list[Card]) -> RuleViolation:
        """The violation of a play whose ``missing`` cards the seat's hand cannot hold."""
        twice = self._twice(seat, cards)
        if twice is not None:
            return twice
        hand = self._hands[seat]
        name = self._name(seat)
        # A card missing though the hand holds it is a 0 played twice, held once.
        lacks = [f"holds only one {card}" for card in missing if card in hand]
        absent = [card for card in missing if card not in hand]
        if absent:
            lacks.insert(0, f"does not hold {cards_text(absent)}")
        return RuleViolation(
            "card-not-in-hand",
            f"{name} plays {cards_text(cards)}, but {' and '.join(lacks)} "
            f"({name}'s hand: {cards_text(hand) or 'empty'})",
        )

    def _twice(self, seat: int, cards: Sequence[Card]) -> RuleViolation | None:
        """The violation of a play that holds a card of one copy twice (``B5 B5``), which no
        hand can hold: said as such, not as a card the hand lacks."""
        message = twice_in_one_play(self._name(seat), cards)
        return None if message is None else RuleViolation("card-conservation", message)

    def _verify_pass(self, action: Pass) -> None:
        seat, piles = action.seat, action.piles
        name = self.names[seat]  # for the messages
        if seat == self._start and self.ruleset.start_player_must_play and self._hands[seat]:
            raise RuleViolation(
                "start-must-play",
                f"{name} is the start player and holds cards, so must play",
            )
        sizes = [len(self._piles[0]), len(self._piles[1])]
        remaining = sizes[0] + sizes[1]
        most = min(3, remaining)
        if (remaining == 0 and piles) or (remaining and not 1 <= len(piles) <= most):
            if remaining == 0:
                wanted = "no card (both piles are empty)"
            elif most == 1:
                wanted = "exactly 1 card (only 1 is left)"
            else:
                wanted = f"1 to {most} cards"
            raise RuleViolation(
                "draw-count",
                f"{name} passes drawing {count_of(len(piles), 'card')}; a pass draws {wanted}",
            )
        if action.seen and len(action.seen) != len(piles):
            raise RuleViolation(
                "draw-count",
                f"{name}'s pass notes {len(action.seen)} drawn cards for {len(piles)} draws",
            )
        pairs: list[tuple[AnyCard, AnyCard]] = []
        for k, pile in enumerate(piles):
            if not (type(pile) is int and (pile == 1 or pile == 2) and sizes[pile - 1]):
                self._verify_pile(seat, pile, sizes)  # raises
            seen = action.seen[k] if action.seen else None
            if seen is not None:
                top = self._piles[pile - 1][sizes[pile - 1] - 1]
                pairs.append((top, self._verify_seen(seat, pile, top, seen)))
            sizes[pile - 1] -= 1
        if pairs:
            self._knowledge.check(pairs)

    def _verify_pile(self, seat: int, pile: object, sizes: Sequence[int]) -> None:
        if type(pile) is not int or pile not in (1, 2):
            raise RuleViolation(
                "no-such-pile",
                f"{self._name(seat)} draws from pile {pile!r}; the piles are 1 and 2",
            )
        if not sizes[pile - 1]:
            raise RuleViolation(
                "pile-empty",
                f"{self._name(seat)} draws from pile {pile}, which is empty; "
                f"the card must come from pile {3 - pile}",
            )

    def _verify_seen(self, seat: int, pile: int, top: AnyCard, seen: AnyCard) -> AnyCard:
        learnt = refine(top, seen)
        if learnt is None:
            # Only the card's back, which everyone sees: a seat trying a draw must not
            # learn the value of a card it then leaves on the pile.
            back = HiddenCard(top.colour)
            shown = f"is not {seen}" if seen.colour == top.colour else f"is {back}"
            raise RuleViolation(
                "draw-mismatch",
                f"{self._name(seat)} is noted drawing {seen} from pile {pile}, "
                f"but that card {shown}",
            )
        return learnt

    def _verify_draw(self, action: Draw) -> None:
        pile = action.pile
        if pile is None:
            if action.seen is not None:
                raise RuleViolation(
                    "draw-mismatch",
                    f"{self._name(action.seat)} forgot to draw, so no drawn card "
                    f"({action.seen}) can be noted",
                )
            return
        if not (type(pile) is int and (pile == 1 or pile == 2) and self._piles[pile - 1]):
            sizes = [len(self._piles[0]), len(self._piles[1])]
            self._verify_pile(action.seat, pile, sizes)
        if action.seen is not None:
            top = self._piles[pile - 1][-1]
            learnt = self._verify_seen(action.seat, pile, top, action.seen)
            self._knowledge.check([(top, learnt)])

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
            if type(action) not in _KIND_OF:
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

    @property
    def event_count(self) -> int:
        """How many events there have been (without building them)."""
        return len(self._log)

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order (built when asked for, then kept)."""
        built = self._events
        if len(built) < len(self._log):
            built.extend(cls(*args) for cls, args in self._log[len(built) :])
        return built

    def events_of(self, *kinds: type[Event]) -> Iterator[Event]:
        """The events of these classes so far, in order, building none of the others: cheaper
        than :attr:`events` for a reader of a few kinds (those already built are reused).

        >>> from gargon_notation.engine.actions import RoundStarted
        >>> game = Game.new(Deal.from_seed("s", players=3))
        >>> [event.number for event in game.events_of(RoundStarted)]
        [1]
        """
        built = self._events
        yield from (event for event in built if isinstance(event, kinds))
        for cls, args in self._log[len(built) :]:
            if cls in kinds:
                yield cls(*args)

    def fields_of(self, kind: type[Event]) -> list[tuple[Any, ...]]:
        """The events of class ``kind`` so far, each as the values of its fields in order
        (``kind(*fields)`` is the event), building none: the cheapest reading of the
        history, for readers of many games.

        >>> from gargon_notation.engine.actions import RoundStarted
        >>> game = Game.new(Deal.from_seed("s", players=3))
        >>> game.fields_of(RoundStarted)
        [(1, 0, ())]
        """
        return [fields for cls, fields in self._log if cls is kind]

    def _do_play(self, action: Play, prepared: _Prepared) -> None:
        seat, cards = action.seat, action.cards
        slots, pattern, exact = prepared
        hand = self._hands[seat]
        if not exact:
            for slot, card in zip(slots, cards, strict=True):
                self._knowledge.learn(hand[slot], card)
        if len(slots) == 1:
            del hand[slots[0]]
        else:
            for slot in sorted(slots, reverse=True):
                del hand[slot]
        self._hand_backs[seat] = self._front_open[seat] = self._front_shut[seat] = None
        front = self._front[seat]
        colours_played = self._colours_played
        for card in cards:
            colour = card.colour
            group = front.get(colour)
            if group is None:
                front[colour] = [card]
            else:
                group.append(card)
                group.sort(key=_value, reverse=True)
            colours_played.add(colour)
        if self._pattern is None:
            self._pattern = pattern
            self._leader = seat
        self._played[seat] = tuple(cards)
        self._log.append(
            (
                Played,
                (
                    seat,
                    tuple(cards),
                    pattern,
                ),
            )
        )
        self._next_in_play_phase()

    def _do_pass(self, action: Pass) -> None:
        self._log.append(
            (
                Passed,
                (
                    action.seat,
                    tuple(action.piles),
                ),
            )
        )
        seat, seen = action.seat, action.seen
        take = self._take
        for k, pile in enumerate(action.piles):
            take(seat, pile, seen[k] if seen else None, False)
        self._played[seat] = self._played_shut[seat] = ()
        self._next_in_play_phase()

    def _take(self, seat: int, pile: int, seen: AnyCard | None, replacement: bool) -> None:
        stack = self._piles[pile - 1]
        card = stack.pop()
        if seen is not None:
            learnt = refine(card, seen)
            assert learnt is not None
            self._knowledge.learn(card, learnt)
            card = learnt
        self._hands[seat].append(card)
        self._hand_backs[seat] = None
        self._log.append(
            (
                CardDrawn,
                (
                    seat,
                    pile,
                    card,
                    replacement,
                ),
            )
        )
        if not stack:
            self._last_card_taken = True
            self._log.append((PileEmptied, (pile,)))

    def _next_in_play_phase(self) -> None:
        self._turn += 1
        if self._turn < self._players:
            self._decision = self._play_decisions[self._order[self._turn]]
            return
        self._chooser = self._start
        self._advance_battles()

    def _do_choose(self, action: Choose) -> None:
        colour = action.colour
        fronts = self._front
        holders = [seat for seat in self._order if colour in fronts[seat]]
        if len(holders) == 1:
            seat = holders[0]
            cards = tuple(self._front[seat].pop(colour))
            self._won[seat].extend(cards)
            self._front_open[seat] = None
            self._log.append(
                (
                    BattleResolved,
                    (
                        colour,
                        1,
                        BattleKind.ALONE,
                        tuple((seat, c) for c in cards),
                        seat,
                        cards,
                        (),
                        (),
                    ),
                )
            )
        else:
            self._fight(colour, 1, holders)
            for seat in holders:  # only they can hold the colour still
                if colour in fronts[seat]:
                    self._second_fight = colour
                    break
        self._advance_battles()

    def _fight(self, colour: Colour, number: int, holders: list[int]) -> None:
        """The strongest card of each holder fights; the highest wins (never a 0)."""
        entries = []
        fronts, front_open = self._front, self._front_open
        for seat in holders:
            front_open[seat] = None
            front = fronts[seat]
            group = front[colour]
            entries.append((seat, group.pop(0)))
            if not group:
                del front[colour]
        if len(entries) == 1:
            seat, card = entries[0]
            self._won[seat].append(card)
            self._log.append(
                (
                    BattleResolved,
                    (
                        colour,
                        number,
                        BattleKind.LAST_CARD,
                        tuple(entries),
                        seat,
                        (card,),
                        (),
                        (),
                    ),
                )
            )
            return
        best_seat, best = entries[0]
        for seat, card in entries:
            if card.value > best.value:
                best_seat, best = seat, card
        if best.value == 0:
            discarded = tuple([card for _, card in entries])
            self._discard.extend(discarded)
            self._log.append(
                (
                    BattleResolved,
                    (
                        colour,
                        number,
                        BattleKind.ZEROS,
                        tuple(entries),
                        None,
                        (),
                        discarded,
                        (),
                    ),
                )
            )
            return
        self._won[best_seat].append(best)
        losers = tuple([seat for seat, _ in entries if seat != best_seat])
        discarded = tuple([card for seat, card in entries if seat != best_seat])
        self._discard.extend(discarded)
        self._owed.extend(losers)
        self._log.append(
            (
                BattleResolved,
                (
                    colour,
                    number,
                    BattleKind.FIGHT,
                    tuple(entries),
                    best_seat,
                    (best,),
                    discarded,
                    losers,
                ),
            )
        )

    def _do_draw(self, action: Draw) -> None:
        self._owed.popleft()
        if action.pile is None:
            self._log.append((DrawForgotten, (action.seat,)))
        else:
            self._take(action.seat, action.pile, action.seen, replacement=True)
        self._advance_battles()

    def _advance_battles(self) -> None:
        """Settle what follows by itself, up to the next decision or the round's end."""
        while True:
            if self._owed:
                if self._piles[0] or self._piles[1]:
                    self._decision = self._draw_decisions[self._owed[0]]
                    return
                self._log.append((DrawSkipped, (self._owed.popleft(),)))
                continue
            if self._second_fight is not None:
                colour, self._second_fight = self._second_fight, None
                self._fight(colour, 2, [s for s in self._order if colour in self._front[s]])
                continue
            fronts = self._front
            for seat in self._rotations[self._chooser]:
                if fronts[seat]:
                    self._chooser = seat
                    self._decision = self._choose_decisions[seat]
                    return
            self._end_round()
            return

    def _end_round(self) -> None:
        following = None
        skipped: list[int] = []
        if not self._last_card_taken:
            for k in range(1, self._players + 1):
                seat = (self._start + k) % self._players
                if self._hands[seat]:
                    following = seat
                    break
                skipped.append(seat)
        self._log.append(
            (
                RoundEnded,
                (
                    self._round,
                    following,
                ),
            )
        )
        if following is None:
            self._decision = None
            final = self._final = self.score()
            self._log.append(
                (
                    GameEnded,
                    (
                        final.winners,
                        final.totals,
                    ),
                )
            )
            return
        self._start_round(following, tuple(skipped))

    def _start_round(self, start: int, skipped: tuple[int, ...]) -> None:
        self._round += 1
        self._start = start
        self._order = list(self._rotations[start])
        self._turn = 0
        self._played = [None] * self._players
        self._played_shut = [None] * self._players
        self._front_shut = [()] * self._players
        self._pattern = None
        self._colours_played = set()
        self._colours_frozen = frozenset()  # kept by size: the set only grows in a round
        self._decision = self._play_decisions[start]
        self._log.append(
            (
                RoundStarted,
                (
                    self._round,
                    start,
                    skipped,
                ),
            )
        )
