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

from gargon_notation.engine import (
    Action,
    Choose,
    Deal,
    DecisionKind,
    Draw,
    Game,
    Pass,
    Play,
    Rng,
)
from gargon_notation.rules import STANDARD, Ruleset

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "SimulatedGame", "simulate"]

BotName = Literal["random", "greedy"]
DEFAULT_NAMES = ("Adam", "Bernd", "Collette", "Dagmar", "Emil")
"""Seat names for simulated games, after the rulebook's players."""


class Bot(Protocol):
    """Anything that picks a legal action for the seat to act."""

    def choose(self, game: Game) -> Action:
        """The action to take; ``game.to_act`` names the seat."""
        ...


def _known_actions(game: Game) -> list[Action]:
    actions = game.legal_actions()
    if not actions:
        raise ValueError(
            "no legal action is known for this seat: bots need a hand whose cards are known"
        )
    return actions


class RandomBot:
    """Picks uniformly among all legal actions."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action.

        Raises :class:`ValueError` when no legal action is known (a hidden hand).
        """
        return self.rng.choice(_known_actions(game))


class GreedyBot:
    """A simple player: strong plays, weak hands pass, fights where it is strongest.

    It uses only what its seat may see: its own hand, pile sizes and the face-up cards.

    - Card play: as start player, the play with the highest total value; as a follower, that
      play too if its weakest card is at least 8, otherwise pass and draw three cards.
    - Battle: the colour of its highest face-up card.
    - Draws: from the larger pile (pile 1 on a tie); a small random share of plays and
      draws are varied so that games differ.
    """

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Action:
        """The greedy action for the seat to act."""
        decision = game.to_act
        assert decision is not None
        seat = decision.seat
        actions = _known_actions(game)
        if decision.kind is DecisionKind.CHOOSE:
            front = game.snapshot().front[seat]
            best = max(front, key=lambda card: card.value)
            return Choose(seat, best.colour)
        if decision.kind is DecisionKind.DRAW:
            return Draw(seat, self._larger_pile(game))
        plays = [action for action in actions if isinstance(action, Play)]
        passes = [action for action in actions if isinstance(action, Pass)]
        if plays:
            best_play = max(
                plays, key=lambda play: (sum(c.value for c in play.cards), len(play.cards))
            )
            leading = seat == game.start_player
            if leading or not passes or min(c.value for c in best_play.cards) >= 8:
                if self.rng.below(10) == 0:
                    return self.rng.choice(plays)
                return best_play
        return self._greedy_pass(game, seat, passes)

    def _larger_pile(self, game: Game) -> int:
        one, two = game.pile_sizes()
        return 1 if one >= two else 2

    def _greedy_pass(self, game: Game, seat: int, passes: Sequence[Pass]) -> Action:
        one, two = game.pile_sizes()
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


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


@attrs.frozen
class SimulatedGame:
    """A simulated game: its seed, deal, seat names, first start player and the finished game."""

    seed: str
    deal: Deal
    names: tuple[str, ...]
    start: int
    game: Game = attrs.field(eq=False)


def simulate(
    players: int,
    seed: str,
    bot: BotName = "random",
    ruleset: Ruleset = STANDARD,
    names: Sequence[str] | None = None,
    max_actions: int = 100_000,
) -> SimulatedGame:
    """Play a whole game: the deal from ``seed``, every seat played by a ``bot``.

    The first start player is seat 0.  Seat ``k``'s bot draws from ``Rng(f"{seed}/{k}")``.
    Raises :class:`RuntimeError` if the game has not ended after ``max_actions`` actions
    (it always does: every round takes cards out of the piles or out of the hands).
    """
    if bot not in BOTS:
        raise ValueError(f"unknown bot {bot!r} (known: {', '.join(BOTS)})")
    seat_names = tuple(names) if names is not None else DEFAULT_NAMES[:players]
    deal = Deal.from_seed(seed, players, hand_size=ruleset.hand_size)
    game = Game.new(deal, 0, ruleset, seat_names)
    bots = [BOTS[bot](Rng(f"{seed}/{seat}")) for seat in range(players)]
    for _ in range(max_actions):
        decision = game.to_act
        if decision is None:
            return SimulatedGame(seed, deal, seat_names, 0, game)
        game.apply(bots[decision.seat].choose(game))
    raise RuntimeError(f"the game from seed {seed!r} did not end after {max_actions} actions")
