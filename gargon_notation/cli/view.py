"""``gargon show``, ``gargon replay`` and ``gargon score``: games, the table at one moment,
and scores, as the referee derives them."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gargon_notation.cli import common
from gargon_notation.cli.common import app, fail, print_problems
from gargon_notation.cli.inputs import pick, records
from gargon_notation.notation import GameRecord, write_action
from gargon_notation.render import RoundPanels, scoreboard, table_view
from gargon_notation.replay import Replay, replay

__all__ = ["replay_command", "score", "show"]

FILE_HELP = "A .ggn, .json or .jsonl record file, or - for stdin."


def _header_table(record: GameRecord) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for tag in record.tags:
        table.add_row(tag.name, " ".join(tag.values))
    return table


@app.command(epilog="Example: [bold]gargon show examples/rulebook-round.ggn[/]")
def show(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    game: Annotated[int | None, typer.Option("--game", "-g", help="Only game N (from 1).")] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Pretty-print games: headers, each round as a table, battles and the final score."""
    console = common.console(no_color)
    invalid = False
    for number, record in pick(records(file).records, game):
        panels = RoundPanels()
        result = replay(record, game_number=number, keep_steps=False, visitors=[panels])
        console.rule(Text(f"Game {number}", style="bold"))
        console.print(_header_table(record))
        if result.game is not None:
            for panel in panels.panels:
                console.print()
                console.print(panel)
            console.print()
            if not result.game.is_over:
                console.print(Text("Unfinished game; score so far:", style="italic"))
            console.print(scoreboard(result.game.score(), final=result.game.is_over))
        if result.problems:
            invalid = True
            print_problems(result)
    raise typer.Exit(1 if invalid else 0)


@app.command(
    "replay",
    epilog="Examples: [bold]gargon replay examples/full-game.ggn --round 3[/]  "
    "[bold]gargon replay examples/full-game.ggn --step 12[/]",
)
def replay_command(
    file: Annotated[str, typer.Argument(help="A .ggn, .json or .jsonl record file.")],
    game: Annotated[int, typer.Option("--game", "-g", help="Game N of the file.")] = 1,
    round_: Annotated[
        int | None, typer.Option("--round", "-r", help="The table at the end of round R.")
    ] = None,
    step: Annotated[
        int | None, typer.Option("--step", "-s", help="The table after K actions (0: the deal).")
    ] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Show the table at a point of a game: hands, piles, cards in front, won cards, score.

    Without --round or --step, on a terminal, step through the game interactively.
    """
    console = common.console(no_color)
    if round_ is not None and step is not None:
        fail("give --round or --step, not both")
    ((number, record),) = pick(records(file).records, game)
    result = replay(record, game_number=number)
    if result.game is None:
        print_problems(result)
        raise typer.Exit(1)
    try:
        if round_ is not None:
            console.print(table_view(result.state_after_round(round_)))
        elif step is not None:
            console.print(table_view(result.state_after(step)))
        elif sys.stdin.isatty() and sys.stdout.isatty():
            _interactive(result, console)
        else:
            console.print(table_view(result.game.snapshot()))
    except IndexError as error:
        fail(str(error))
    print_problems(result)
    raise typer.Exit(1 if result.problems else 0)


def _interactive(result: Replay, console: Console) -> None:
    """Step through a replay: one key (and Enter) per move."""
    step = 0
    last = len(result.steps)
    while True:
        console.clear()
        console.print(table_view(result.state_after(step)))
        if step:
            element = result.steps[step - 1].element
            written = write_action(element) if element is not None else "(a forgotten draw)"
            console.print(Text(f"step {step}/{last}: {written}", style="dim"))
        answer = (
            typer.prompt(
                "[n]ext, [p]revious, [r]ound, [e]nd, [s]tart, [q]uit",
                default="n",
                show_default=False,
            )
            .strip()
            .lower()
        )
        if answer in ("q", "quit"):
            return
        if answer in ("p", "prev"):
            step = max(0, step - 1)
        elif answer == "s":
            step = 0
        elif answer == "e":
            step = last
        elif answer == "r":
            current = result.steps[step].round if step < last else None
            while step < last and result.steps[step].round == current:
                step += 1
        else:
            step = min(last, step + 1)


@app.command(epilog="Example: [bold]gargon score examples/club-night.ggn --json[/]")
def score(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Final scores of every game (per player, with bonus and amulet points)."""
    out = common.out
    loaded = records(file)
    results = []
    invalid = False
    for number, record in enumerate(loaded.records, start=1):
        result = replay(record, game_number=number, keep_steps=False)
        invalid = invalid or not result.valid
        entry: dict[str, object] = {
            "game": number,
            "finished": result.finished,
            "valid": result.valid,
        }
        if result.game is not None:
            final = result.game.score()
            entry["players"] = [
                {"name": p.name, "bonus": p.bonus, "amulets": p.amulets, "total": p.total}
                for p in final.players
            ]
            entry["winners"] = (
                [result.game.names[s] for s in final.winners] if result.finished else []
            )
        results.append(entry)
        if not as_json:
            status = "final" if result.finished else "so far (unfinished)"
            out.print(Text(f"{loaded.source.name} game {number}: score {status}", style="bold"))
            if result.game is not None:
                out.print(scoreboard(result.game.score(), final=result.finished))
            print_problems(result)
    if as_json:
        out.print(json.dumps({"games": results}, indent=2, ensure_ascii=False), markup=False)
    raise typer.Exit(1 if invalid else 0)
