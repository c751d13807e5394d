"""What seat views cost ``simulate``: bots handed ``game.view(seat)`` against bots handed the game.

The baseline is the simulator as it was before seat views: the same deal, the same loop and
the same bots' logic, but each bot reads the live ``Game`` (``game.legal_actions()``,
``game.pile_sizes()``, a snapshot for its face-up cards) instead of a view.  Both make exactly
the same games (checked before timing).  Runs alternate between the two, and the figures are
medians over the repeats.  The target of issue #8: views at most 25% slower (ratio <= 1.25).

With ``--today DIR`` (a checkout of the project before seat views, such as
``git worktree add /tmp/today 78951ac``), it also times ``simulate()`` of that checkout
against this one, each in a process of its own, alternating: the issue's target is about
simulate as users run it, today against before (ratio <= 1.25).  The in-process comparison
above it isolates what the views alone cost on this engine.

Run:  python bench/simulate_cost.py [--games 500] [--players 4] [--repeats 7] [--today DIR]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from gargon_notation.bots import DEFAULT_NAMES, simulate
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
from gargon_notation.rules import STANDARD


class LegacyRandomBot:
    """The random bot as it was: it reads the game."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


class LegacyGreedyBot:
    """The greedy bot as it was: it reads the game."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, game: Game) -> Action:
        decision = game.to_act
        assert decision is not None
        seat = decision.seat
        actions = game.legal_actions()
        if decision.kind is DecisionKind.CHOOSE:
            front = game.snapshot().front[seat]
            best = max(front, key=lambda card: card.value)  # type: ignore[union-attr]
            return Choose(seat, best.colour)  # type: ignore[arg-type]
        if decision.kind is DecisionKind.DRAW:
            one, two = game.pile_sizes()
            return Draw(seat, 1 if one >= two else 2)
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


LEGACY: dict[str, type[LegacyRandomBot] | type[LegacyGreedyBot]] = {
    "random": LegacyRandomBot,
    "greedy": LegacyGreedyBot,
}


def legacy_simulate(players: int, seed: str, bot: str) -> Game:
    """``simulate`` as it was before seat views: each bot is handed the game itself."""
    deal = Deal.from_seed(seed, players, hand_size=STANDARD.hand_size)
    game = Game.new(deal, 0, STANDARD, DEFAULT_NAMES[:players])
    bots = [LEGACY[bot](Rng(f"{seed}/{seat}")) for seat in range(players)]
    while True:
        decision = game.to_act
        if decision is None:
            return game
        game.apply(bots[decision.seat].choose(game))


def with_views(players: int, seed: str, bot: str) -> Game:
    """Today's simulator: each bot is handed ``game.view(seat)``."""
    return simulate(players, seed, bot).game  # type: ignore[arg-type]


def timed(
    run: Callable[[int, str, str], Game], seeds: Sequence[str], players: int, bot: str
) -> float:
    gc.collect()
    start = time.perf_counter()
    for seed in seeds:
        run(players, seed, bot)
    return time.perf_counter() - start


_TIMER = """
import sys, time, gc
sys.path.insert(0, sys.argv[1])
from gargon_notation.bots import simulate
players, games, bot = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
for k in range(20):
    simulate(players, f"warm-{k}", bot)
gc.collect()
start = time.perf_counter()
for k in range(games):
    simulate(players, f"cost-{k}", bot)
print(time.perf_counter() - start)
"""


def timed_in_process(root: str, players: int, games: int, bot: str) -> float:
    """``simulate()`` of the checkout at ``root``, timed inside a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _TIMER, root, str(players), str(games), bot],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def against_today(today: str, players: int, games: int, repeats: int) -> float:
    """Print simulate now against simulate of the checkout ``today``; the worst ratio."""
    here = str(Path(__file__).resolve().parent.parent)
    print(f"simulate now against the checkout {today} (a process per run, alternating):")
    worst = 0.0
    for bot in ("random", "greedy"):
        before: list[float] = []
        now: list[float] = []
        for k in range(repeats):
            order = [(before, today), (now, here)]
            for times, root in order if k % 2 == 0 else reversed(order):
                times.append(timed_in_process(root, players, games, bot))
        b, n = statistics.median(before), statistics.median(now)
        worst = max(worst, n / b)
        print(
            f"  {bot:6}  before: {1e6 * b / games:5.0f} us/game   now: {1e6 * n / games:5.0f} "
            f"us/game   ratio {n / b:.3f}"
        )
    print(f"worst ratio against before {worst:.3f} (target <= 1.25)")
    return worst


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per run (default 500)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--repeats", type=int, default=7, help="runs of each kind (default 7)")
    parser.add_argument(
        "--today", metavar="DIR", help="a checkout from before seat views, to time against"
    )
    args = parser.parse_args(argv)
    seeds = [f"cost-{k}" for k in range(args.games)]
    print(
        f"simulate: {args.games} games of {args.players} players per run, "
        f"{args.repeats} runs of each kind, alternating; Python {sys.version.split()[0]}"
    )
    worst = 0.0
    for bot in ("random", "greedy"):
        for seed in seeds[:50]:
            legacy = legacy_simulate(args.players, seed, bot)
            assert with_views(args.players, seed, bot).actions == legacy.actions, seed
        base: list[float] = []
        views: list[float] = []
        for k in range(args.repeats):
            order = [(base, legacy_simulate), (views, with_views)]
            for times, run in order if k % 2 == 0 else reversed(order):
                times.append(timed(run, seeds, args.players, bot))
        actions = sum(len(legacy_simulate(args.players, s, bot).actions) for s in seeds[:50]) / 50
        b, v = statistics.median(base), statistics.median(views)
        ratio = v / b
        worst = max(worst, ratio)
        print(
            f"  {bot:6}  game handed to the bot: {b:6.2f} s ({1e6 * b / args.games:5.0f} us/game)"
            f"   views: {v:6.2f} s ({1e6 * v / args.games:5.0f} us/game)"
            f"   ratio {ratio:.3f}   (~{actions:.0f} actions/game, "
            f"{1e6 * (v - b) / (args.games * actions):.1f} us more per decision)"
        )
    print(f"worst ratio {worst:.3f} (what the views alone cost)")
    if args.today:
        return 0 if against_today(args.today, args.players, args.games, args.repeats) <= 1.25 else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
