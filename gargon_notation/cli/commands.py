"""The command line's surface: every verb's options, help and examples, registered on the
Typer app, and nothing else.

Each command imports the module that does its work only when it runs, so that ``gargon
--help``, a shell completion and a usage error load none of the library (the speed issue):
``validate`` is done by :mod:`~gargon_notation.cli.report`, ``show``, ``replay`` and
``score`` by :mod:`~gargon_notation.cli.view`, ``annotate``, ``fmt``, ``convert`` and
``schema`` by :mod:`~gargon_notation.cli.edit`, ``simulate`` by
:mod:`~gargon_notation.cli.simulate`.  The order here is the order of ``gargon --help``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gargon_notation.cli import MAX_JOBS
from gargon_notation.cli.common import app

__all__ = [
    "annotate_command",
    "convert",
    "fmt",
    "replay_command",
    "schema",
    "score",
    "show",
    "simulate_command",
    "validate",
]

FILE_HELP = "A .ggn, .json or .jsonl record file, or - for stdin."
InPlace = Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")]
"""The --in-place option of the verbs that rewrite a record."""


@app.command(
    epilog="Example: [bold]gargon validate examples/ --jobs 2[/]",
)
def validate(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Files, directories (searched for *.ggn, *.json, *.jsonl), or - for stdin."
        ),
    ],
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first problem.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable JSON report.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, max=MAX_JOBS, help=f"Worker processes (1-{MAX_JOBS})."),
    ] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import report

    code = report.validate_paths(paths, strict=strict, as_json=as_json, jobs=jobs, quiet=quiet)
    raise typer.Exit(code)


@app.command(epilog="Example: [bold]gargon show examples/rulebook-round.ggn[/]")
def show(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    game: Annotated[int | None, typer.Option("--game", "-g", help="Only game N (from 1).")] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Pretty-print games: headers, each round as a table, battles and the final score.

    An invalid game is shown up to its first problem, followed by its problems.
    """
    from gargon_notation.cli import view

    view.show(file, game, no_color)


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
    from gargon_notation.cli import view

    view.replay_command(file, game, round_, step, no_color)


@app.command(epilog="Example: [bold]gargon score examples/club-night.ggn --json[/]")
def score(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Final scores of every game (per player, with bonus and amulet points)."""
    from gargon_notation.cli import view

    view.score(file, as_json, no_color)


@app.command(
    "annotate", epilog="Example: [bold]gargon annotate examples/full-game.ggn --in-place[/]"
)
def annotate_command(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    strip: Annotated[
        bool, typer.Option("--strip", help="Remove exactly what annotate adds.")
    ] = False,
    in_place: InPlace = False,
) -> None:
    """Add derived facts as {=...} annotations: battles, draws, hand sizes, scores.

    Idempotent; user comments are never touched.  JSON input gives JSON output (and JSON
    Lines, JSON Lines).  A record with problems is annotated as far as it can be replayed;
    its problems go to stderr, the exit code is 1, and --in-place leaves the file untouched.
    """
    from gargon_notation.cli import edit

    edit.annotate_command(file, strip, in_place)


@app.command(epilog="Example: [bold]gargon fmt examples/full-game.ggn --check[/]")
def fmt(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when the file is not canonical.")
    ] = False,
    in_place: InPlace = False,
) -> None:
    """Write records in canonical form (to stdout, or --in-place); JSON input stays JSON."""
    from gargon_notation.cli import edit

    edit.fmt(file, check, in_place)


@app.command(epilog="Example: [bold]gargon convert examples/full-game.ggn --to json[/]")
def convert(
    file: Annotated[str, typer.Argument(help="A .ggn, .json or .jsonl file, or - for stdin.")],
    to: Annotated[
        str, typer.Option("--to", help="Target format: json, jsonl (one game a line) or ggn.")
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
    events: Annotated[
        bool,
        typer.Option("--events", help="With --to json or jsonl: add each game's derived events."),
    ] = False,
) -> None:
    """Convert records between the text notation, the JSON form and JSON Lines."""
    from gargon_notation.cli import edit

    edit.convert(file, to, output, events)


@app.command(epilog="Example: [bold]gargon schema > gargon.schema.json[/]")
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    from gargon_notation.cli import edit

    edit.schema()


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
    from gargon_notation.cli import simulate

    simulate.simulate_command(players, games, seed, bot, deal, comments, output)
