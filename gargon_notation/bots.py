"""Players that choose legal actions, and a simulator that plays whole games from a seed.

Everything here is deterministic: the same seed gives the same game in every Python version
(the bots draw from :class:`~gargon_notation.engine.Rng`, never from :mod:`random`).

>>> result = simulate(players=4, seed="demo", bot="greedy")
>>> result.game.is_over, result.deal == Deal.from_seed("demo", players=4)
(True, True)
>>> simulate(players=4, seed="demo", bot="greedy").game.actions == result.game.actions
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import attrs

from gargon_notation.arguments import check_names, shown, whole_number
from gargon_notation.cards import Card
from gargon_notation.engine import (
    Action,
    Choose,
    Deal,
    Decision,
    DecisionKind,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    Rng,
    SeatView,
)
from gargon_notation.engine.deal import check_size
from gargon_notation.engine.wording import count_of
from gargon_notation.errors import ArgumentError
from gargon_notation.rules import STANDARD, Ruleset

__all__ = ["BOTS", "AmuletBot", "Bot", "GreedyBot", "RandomBot", "SimulatedGame", "simulate"]

BotName = Literal["random", "greedy", "amulet"]
DEFAULT_NAMES = ("Adam", "Bernd", "Collette", "Dagmar", "Emil")
"""Seat names for simulated games, after the rulebook's players."""


class Bot(Protocol):
    """Anything that picks a legal action for its seat from what that seat may see."""

    def choose(self, view: SeatView) -> Action:
        """The action to take; ``view.seat`` is the seat to act (``view.to_act.seat``)."""
        ...


def _seat_view(view: SeatView | Game) -> SeatView:
    """The view to decide from: ``view`` itself, or a game's view for its seat to act."""
    if isinstance(view, SeatView):
        return view
    decision = view.to_act
    if decision is None:
        raise ValueError("the game is over: no seat is to act")
    return view.view(decision.seat)


def _known_actions(view: SeatView) -> tuple[Action, ...]:
    actions = view.legal_actions
    if not actions:
        if not view.to_act_here:
            raise ValueError(f"it is not {view.names[view.seat]}'s turn: the view has no decision")
        raise ValueError(
            "no legal action is known for this seat: bots need a hand whose cards are known"
        )
    return actions


def _to_decide(view: SeatView | Game) -> tuple[SeatView, tuple[Action, ...], Decision]:
    """The view a bot decides from (a game's, for its seat to act), its legal actions and
    its decision (:class:`ValueError` when no legal action is known)."""
    if type(view) is not SeatView:
        view = _seat_view(view)
    actions = view.legal_actions or _known_actions(view)
    decision = view.to_act
    assert decision is not None
    return view, actions, decision


def _fixed_choice(view: SeatView, decision: Decision) -> Action:
    """What :class:`GreedyBot` and :class:`AmuletBot` do but play or pass: choose the
    colour of the highest face-up card in front, draw from the larger pile."""
    seat = decision.seat
    if decision.kind is DecisionKind.CHOOSE:
        # The battle phase: the cards in front lie face up.
        front = [card for card in view.front[seat] if isinstance(card, Card)]
        best = max(front, key=lambda card: card.value)
        return Choose(seat, best.colour)
    return Draw(seat, _larger_pile(view))


def _larger_pile(view: SeatView) -> int:
    one, two = view.pile_sizes()
    return 1 if one >= two else 2


def _drawing_pass(view: SeatView, seat: int, passes: Sequence[Pass]) -> Action:
    """The pass that draws three cards (as many as there are), each from the larger pile."""
    one, two = view.pile_sizes()
    piles: list[int] = []
    for _ in range(min(3, one + two)):
        pile = 1 if one >= two else 2
        piles.append(pile)
        if pile == 1:
            one -= 1
        else:
            two -= 1
    wanted = Pass(seat, tuple(piles))
    return wanted if wanted in passes else passes[0]


def _rng(rng: Rng, bot: type) -> Rng:
    """``rng`` when it is an :class:`Rng`; else a :class:`TypeError` saying what a bot takes."""
    if not isinstance(rng, Rng):
        raise TypeError(
            f"{bot.__name__}: rng is a gg.Rng, such as gg.Rng('match.1/0'), not {shown(rng)}"
        )
    return rng


class RandomBot:
    """Picks uniformly among all legal actions.

    Its ``rng``, a :class:`Rng`, is its stream of random choices (a :class:`TypeError`
    otherwise).

    >>> game = Game.new(Deal.from_seed("gargon", players=3))
    >>> RandomBot(Rng("x")).choose(game.view(0)) in game.legal_actions()
    True
    >>> RandomBot("x")
    Traceback (most recent call last):
    ...
    TypeError: RandomBot: rng is a gg.Rng, such as gg.Rng('match.1/0'), not str 'x'
    """

    def __init__(self, rng: Rng) -> None:
        self.rng = _rng(rng, type(self))

    def choose(self, view: SeatView | Game) -> Action:
        """A uniformly random legal action for the view's seat.

        A :class:`Game` is accepted too and seen through the view of its seat to act (for
        callers written before seat views).  Raises :class:`ValueError` when no legal action
        is known (a hidden hand, or a view of a seat that is not to act).
        """
        if type(view) is not SeatView:
            view = _seat_view(view)
        return self.rng.choice(view.legal_actions or _known_actions(view))


class GreedyBot:
    """A simple player: strong plays, weak hands pass, fights where it is strongest.

    It uses only its seat's view: its own hand, pile sizes and the face-up cards.

    - Card play: as start player, the play with the highest total value; as a follower, that
      play too if its weakest card is at least 8, otherwise pass and draw three cards.
    - Battle: the colour of its highest face-up card.
    - Draws: from the larger pile (pile 1 on a tie); a small random share of plays and
      draws are varied so that games differ.

    It is a foil, not a baseline to beat: it plays worse than chance.  In 300 three-player
    games against two :class:`RandomBot` players, its seat rotated, it won 11% of them
    (a third would be chance; ``python3 bench/bots.py``).

    >>> game = Game.new(Deal.from_seed("gargon", players=3))
    >>> GreedyBot(Rng("x")).choose(game.view(0)) in game.legal_actions()
    True
    """

    def __init__(self, rng: Rng) -> None:
        self.rng = _rng(rng, type(self))

    def choose(self, view: SeatView | Game) -> Action:
        """The greedy action for the view's seat.

        A :class:`Game` is accepted too and seen through the view of its seat to act.  Raises
        :class:`ValueError` when no legal action is known (a hidden hand, or a view of a seat
        that is not to act).
        """
        view, actions, decision = _to_decide(view)
        if decision.kind is not DecisionKind.PLAY_OR_PASS:
            return _fixed_choice(view, decision)
        seat = decision.seat
        plays = [action for action in actions if isinstance(action, Play)]
        passes = [action for action in actions if isinstance(action, Pass)]
        if plays:
            best_play = max(
                plays, key=lambda play: (sum(c.value for c in play.cards), len(play.cards))
            )
            leading = seat == view.start
            if leading or not passes or min(c.value for c in best_play.cards) >= 8:
                if self.rng.below(10) == 0:
                    return self.rng.choice(plays)
                return best_play
        return _drawing_pass(view, seat, passes)


class AmuletBot:
    """A player that plays for amulets, the points of the game (rules.md section 5): a
    fight is won with one's own card, so a high card wins nothing but itself, and its 0
    amulets.

    It uses only its seat's view: its own hand and pile sizes.

    - Card play: the legal play whose cards carry the most amulets, each 0 counted as
      :data:`ZERO_WORTH` (it multiplies its colour's amulets), and the most cards among
      those; it passes when that is worth fewer than :data:`PASS_BELOW`, where passing is
      legal (as :class:`GreedyBot` passes: three cards from the larger pile).
    - Battle and draws: as :class:`GreedyBot` (the colour of its highest face-up card; the
      larger pile).

    A baseline to beat, unlike :class:`GreedyBot`: against :class:`RandomBot` players, its
    seat rotated, it won 75% of 300 three-player games, 57% of 300 four-player games and
    35% of 300 five-player games (chance: a third, a quarter, a fifth); against two
    :class:`GreedyBot` players, 94% of 300 three-player games (``python3 bench/bots.py``).
    It makes no random choice: its ``rng`` is taken for the bots' common form.

    >>> game = Game.new(Deal.from_seed("gargon", players=3))
    >>> AmuletBot(Rng("x")).choose(game.view(0)) in game.legal_actions()
    True
    """

    ZERO_WORTH = 4
    """What a 0 in a play counts for, in amulets."""
    PASS_BELOW = 5
    """The fewest amulets a play must carry for the bot not to pass."""

    def __init__(self, rng: Rng) -> None:
        self.rng = _rng(rng, type(self))

    def choose(self, view: SeatView | Game) -> Action:
        """The action for the view's seat (see the class).

        A :class:`Game` is accepted too and seen through the view of its seat to act.  Raises
        :class:`ValueError` when no legal action is known (a hidden hand, or a view of a seat
        that is not to act).
        """
        view, actions, decision = _to_decide(view)
        if decision.kind is not DecisionKind.PLAY_OR_PASS:
            return _fixed_choice(view, decision)
        amulets = view.ruleset.amulets_on
        worth = self.ZERO_WORTH

        def carried(play: Play) -> tuple[int, int]:
            cards = play.cards
            return sum(amulets(c.value) if c.value else worth for c in cards), len(cards)

        plays = [action for action in actions if isinstance(action, Play)]
        passes = [action for action in actions if isinstance(action, Pass)]
        if plays:
            best = max(plays, key=carried)
            if not passes or carried(best)[0] >= self.PASS_BELOW:
                return best
        return _drawing_pass(view, decision.seat, passes)


BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[AmuletBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "amulet": AmuletBot,
}
MAX_ACTIONS = 100_000
"""The actions :func:`simulate` lets a game take by default: far more than any game takes."""


@attrs.frozen
class SimulatedGame:
    """A simulated game: its seed, deal, seat names, first start player and the finished game."""

    seed: str
    deal: Deal
    names: tuple[str, ...]
    start: int
    game: Game = attrs.field(eq=False)


def _bot_at(playing: Sequence[Bot], seat: int, names: Sequence[str], game: Game) -> str:
    """The bot of ``seat`` deciding now, for a message: its seat, player, class and moment."""
    return (
        f"the bot of seat {seat} ({names[seat]}), a {type(playing[seat]).__name__}, in round "
        f"{game.round}, at decision {len(game.actions) + 1}"
    )


def simulate(
    players: int,
    seed: str,
    bot: BotName | None = None,
    ruleset: Ruleset = STANDARD,
    names: Sequence[str] | None = None,
    max_actions: int = MAX_ACTIONS,
    *,
    bots: Sequence[Bot] | None = None,
) -> SimulatedGame:
    """Play a whole game: the deal from ``seed``, every seat played by a bot.

    ``bots`` gives one bot per seat (any object with ``choose(view) -> action``); without
    it, every seat is played by a ``bot`` of that name (``"random"`` when none is given),
    seat ``k``'s drawing from ``Rng(f"{seed}/{k}")``: give one of the two, not both.  The
    first start player is seat 0.  Each bot is handed only ``game.view(k)``
    (:class:`~gargon_notation.engine.SeatView`), never the game.

    >>> class First:
    ...     def choose(self, view: SeatView) -> Action:
    ...         return view.legal_actions[0]
    >>> simulate(3, "demo", bots=[First(), First(), First()]).game.is_over
    True

    Raises, before any decision is taken, :class:`~gargon_notation.errors.ArgumentError`
    (a :class:`ValueError`) for ``players`` outside 3-5, an unknown bot name, both ``bot``
    and ``bots``, a wrong number of bots, ``names`` that are not one a seat, each
    different, not empty and a single line (as a record's ``Players`` tag holds them), and
    ``max_actions`` under 1 (:class:`TypeError` for arguments of another type: a seed is a
    text; a bot with no ``choose`` method); then :class:`~gargon_notation.engine.IllegalAction`
    when a bot chooses an illegal action, :class:`TypeError` naming the bot, its seat, the
    round and the decision when it chooses what is not an action (or an action holding what
    is not a card where a card is wanted, such as the text ``'R5'``), and
    :class:`~gargon_notation.errors.ArgumentError` if the game has not ended after
    ``max_actions`` actions (with the default it always does: every round takes cards out of
    the piles or out of the hands).  An illegal action, and
    an exception raised inside a bot's ``choose``, go out with a note (``__notes__``, shown
    under the traceback) naming the bot, its seat, the round and the decision, and so does
    a :class:`KeyboardInterrupt` (Ctrl-C) while a bot chooses: no time limit is set on a
    decision.
    """
    check_size(players, ruleset.hand_size)
    if not isinstance(seed, str):
        raise TypeError(f"seed: a text (str), such as '42', not {shown(seed)}")
    if bots is not None and bot is not None:
        raise ArgumentError(
            f"bot={bot!r} and bots=[...] both given: give bot (a name, each seat played by "
            "such a bot) or bots (one bot a seat), not both"
        )
    if bots is None and (bot or "random") not in BOTS:
        raise ArgumentError(f"unknown bot {bot!r} (known: {', '.join(BOTS)})")
    if bots is not None and len(bots) != players:
        raise ArgumentError(f"{len(bots)} bots for {players} seats")
    seat_names = check_names(names, players) if names is not None else DEFAULT_NAMES[:players]
    limit = whole_number(max_actions, "max_actions", least=1)
    for seat, one in enumerate(bots or ()):
        if not callable(getattr(one, "choose", None)):
            raise TypeError(
                f"bots: the bot of seat {seat}, {shown(one)}, has no choose(view) method "
                "(a bot is any object with choose(self, view: gg.SeatView) -> gg.Action)"
            )
    deal = Deal.from_seed(seed, players, hand_size=ruleset.hand_size)
    game = Game.new(deal, 0, ruleset, seat_names)
    made = BOTS[bot or "random"]
    playing: Sequence[Bot] = (
        bots if bots is not None else [made(Rng(f"{seed}/{seat}")) for seat in range(players)]
    )
    for _ in range(limit):
        decision = game.to_act
        if decision is None:
            return SimulatedGame(seed, deal, seat_names, 0, game)
        seat = decision.seat
        view = game.view(seat)
        try:
            action = playing[seat].choose(view)
        except Exception as error:
            error.add_note(f"raised by {_bot_at(playing, seat, seat_names, game)}")
            raise
        except KeyboardInterrupt as error:  # Ctrl-C, most likely to end a bot that hangs
            error.add_note(
                f"interrupted while {_bot_at(playing, seat, seat_names, game)}, was choosing"
            )
            raise
        try:
            game.apply(action)
        except (TypeError, AttributeError) as error:  # AttributeError: made without __init__
            who = _bot_at(playing, seat, seat_names, game)
            if type(action) not in (Play, Pass, Choose, Draw):
                raise TypeError(
                    f"{who}, chose {shown(action)}, which is not an action: choose() returns "
                    "one of view.legal_actions (a Play, Pass, Choose or Draw)"
                ) from None
            try:
                chosen = repr(action)
            except AttributeError:  # its fields were never set
                chosen = f"a {type(action).__name__} made without its constructor"
            chosen = chosen if len(chosen) <= 80 else chosen[:77] + "..."
            raise TypeError(f"{who}, chose {chosen}: {error}") from None
        except IllegalAction as error:
            error.add_note(
                f"chosen by {_bot_at(playing, seat, seat_names, game)}, which had "
                f"{count_of(len(view.legal_actions), 'legal action')} (view.legal_actions)"
            )
            raise
    raise ArgumentError(
        f"max_actions: the game from seed {seed!r} did not end after {limit} actions "
        f"(a game takes a few hundred; the default is {MAX_ACTIONS})"
    )
