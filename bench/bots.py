"""How strong the bundled bots are: each bot in one seat against the others at the table,
its seat rotated from game to game, its share of the wins (a shared win counts as a share).
Chance is one game in as many as there are players.

The figures of ``gargon_notation.bots`` (``AmuletBot``, ``GreedyBot``) and docs/cli.md
(``simulate --bot``) come from this script with its defaults:

  amulet against random    3, 4 and 5 players
  greedy against random    3 players
  amulet against greedy    3 players

Each game is dealt from the seed ``strength K`` and each bot seeded ``wK/SEAT``: the same
figures on every run.

Run (from the project's root):
    python3 bench/bots.py [--games 300]
"""

from __future__ import annotations

import argparse
import time

import gargon_notation as gg
from gargon_notation.bots import BOTS

MATCHES = (
    ("amulet", "random", 3),
    ("amulet", "random", 4),
    ("amulet", "random", 5),
    ("greedy", "random", 3),
    ("amulet", "greedy", 3),
)
"""The bot measured, the bot in every other seat, and the players at the table."""


def share_of_wins(bot: str, others: str, players: int, games: int) -> float:
    """The share of ``games`` won by ``bot`` against ``others`` (its seat rotated)."""
    won = 0.0
    for k in range(games):
        seat = k % players
        bots = [
            BOTS[bot if each == seat else others](gg.Rng(f"w{k}/{each}")) for each in range(players)
        ]
        winners = gg.simulate(players, f"strength {k}", bots=bots).game.score().winners
        won += (seat in winners) / len(winners)
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games a match (default 300)")
    games = parser.parse_args().games
    for bot, others, players in MATCHES:
        began = time.perf_counter()
        share = share_of_wins(bot, others, players, games)
        print(
            f"{bot:<7} against {others:<7} {players} players  won {share:6.1%} of {games} "
            f"games  (chance {1 / players:.1%}; {time.perf_counter() - began:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
