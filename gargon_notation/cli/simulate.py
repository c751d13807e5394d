"""``gargon simulate``: bots play whole games, written as valid, canonical records."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gargon_notation import files
from gargon_notation.bots import BOTS, simulate
from gargon_notation.cli.common import app, fail
from gargon_notation.cli.inputs import write
from gargon_notation.cli.terminal import write_data
from gargon_notation.records import record_from_simulation, with_comments

__all__ = ["simulate_command"]


@app.command(
    "simulate",
    epilog="Example: [bold]gargon simulate --players 4 --games 100 --seed club -o games.ggn[/]",
)
def simulate_command(
    players: Annotated[int, typer.Option("--players", "-p", min=3, max=5, help="3 to 5.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[str, typer.Option("--seed", "-s", help="Seed of the first game.")] = "gargon",
    bot: Annotated[str, typer.Option("--bot", "-b", help="random or greedy.")] = "random",
    deal: Annotated[
        bool,
        typer.Option("--deal", help="Also write each deal out in full (checked against the seed)."),
    ] = False,
    comments: Annotated[
        bool, typer.Option("--comments", help="Add a few comments and glyphs to each game.")
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Play whole games with bots and write them as valid, canonical records.

    Game k (from 1) is dealt from the seed "SEED.k" (just SEED when --games is 1).
    """
    if bot not in BOTS:
        fail(f"--bot {bot}: choose one of {', '.join(BOTS)}")
    records = []
    for k in range(1, games + 1):
        game_seed = seed if games == 1 else f"{seed}.{k}"
        simulated = simulate(players, game_seed, bot)  # type: ignore[arg-type]
        record = record_from_simulation(
            simulated, write_deal=deal, event=f"Simulated game {k}", bot=bot
        )
        if comments:
            record = with_comments(record, game_seed)
        records.append(record)
    text = files.dumps(records, "ggn")
    if output is None:
        write_data(text)
    else:
        write(output, text)
