"""``gargon simulate``: bots play whole games, written as valid, canonical records."""

from __future__ import annotations

from collections.abc import Iterator

from gargon_notation import files
from gargon_notation.bots import BOTS, simulate
from gargon_notation.cli.common import error_console, fail
from gargon_notation.cli.inputs import Target
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.progress import progress
from gargon_notation.notation import GameRecord
from gargon_notation.records import record_from_simulation, with_comments

__all__ = ["simulate_command"]


def simulate_command(
    players: int = 4,
    games: int = 1,
    seed: str = "gargon",
    bot: str = "random",
    deal: bool = False,
    comments: bool = False,
    output: Target = None,
) -> None:
    """The work of ``gargon simulate`` (options: :mod:`gargon_notation.cli.commands`)."""
    if bot not in BOTS:
        fail(f"--bot {bot}: choose one of {', '.join(BOTS)}")
    # The bar is gone before standard output is written: that is when its block ends.
    with (
        output_to(output) as write,  # -o -: standard output, as for every verb
        progress(games, "simulating", unit="games", console=error_console) as advance,
    ):
        # One game at a time, written as it is made: memory stays flat in --games.
        for piece in files.iter_dumps(_records(players, games, seed, bot, deal, comments)):
            write(piece)
            advance(1)


def _records(
    players: int, games: int, seed: str, bot: str, deal: bool, comments: bool
) -> Iterator[GameRecord]:
    """The games the bots play, each as its record, one at a time."""
    for k in range(1, games + 1):
        game_seed = seed if games == 1 else f"{seed}.{k}"
        simulated = simulate(players, game_seed, bot)  # type: ignore[arg-type]
        record = record_from_simulation(
            simulated, write_deal=deal, event=f"Simulated game {k}", bot=bot
        )
        yield with_comments(record, game_seed) if comments else record
