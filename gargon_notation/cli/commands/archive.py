"""The archive verbs, which copy games byte for byte: ``filter``, ``cat``, ``dedupe`` and
``split``, done by :mod:`~gargon_notation.cli.archive` (``filter``'s options read in order
by :mod:`~gargon_notation.cli.ordered`).

No ``from __future__ import annotations``: the annotations are evaluated once, as the module
is imported (see :mod:`gargon_notation.cli.commands`).
"""

from typing import Annotated

import typer

from gargon_notation.cli.choices import Fact, Format, SplitBy
from gargon_notation.cli.commands import AtomicOutput, Jobs, Paths, _named
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.ordered import OrderedCommand, options_in_order
from gargon_notation.cli.program import app

__all__ = ["Many", "To", "cat_command", "dedupe_command", "filter_command", "split_command"]


To = Annotated[
    Format | None,
    typer.Option(
        "--to",
        help="The form to write; games of another form are converted (default: the inputs' "
        "own, which must then be one).",
    ),
]
"""The --to option of the verbs that copy games."""
Many = list[str] | None
"""A condition of filter, which may be given several times."""


@app.command(
    "filter",
    cls=OrderedCommand,
    epilog=examples(
        "gargon filter games/ --event club --has zero-pair -o found.ggn",
        "gargon filter games.ggn --not --player Adam --count",
    ),
)
def filter_command(
    context: typer.Context,
    paths: Paths,
    player: Annotated[
        Many, typer.Option("--player", metavar="NAME", help="NAME is one of the Players.")
    ] = None,
    event: Annotated[Many, typer.Option("--event", help="The Event holds TEXT (any case).")] = None,
    site: Annotated[Many, typer.Option("--site", help="The Site holds TEXT (any case).")] = None,
    date_from: Annotated[
        Many,
        typer.Option(
            "--date-from",
            metavar="DATE",
            help="Played on or after DATE (YYYY.MM.DD, YYYY.MM, YYYY).",
        ),
    ] = None,
    date_to: Annotated[
        Many, typer.Option("--date-to", metavar="DATE", help="Played on or before DATE.")
    ] = None,
    winner: Annotated[
        Many, typer.Option("--winner", metavar="NAME", help="NAME won (or shared the win).")
    ] = None,
    players: Annotated[
        Many, typer.Option("--players", metavar="N", help="Played by N players.")
    ] = None,
    rounds_min: Annotated[
        Many, typer.Option("--rounds-min", metavar="N", help="At least N rounds.")
    ] = None,
    rounds_max: Annotated[
        Many, typer.Option("--rounds-max", metavar="N", help="At most N rounds.")
    ] = None,
    valid: Annotated[
        bool, typer.Option("--valid", help="Valid: the replay finds no problem.")
    ] = False,
    invalid: Annotated[
        bool, typer.Option("--invalid", help="Invalid or unreadable (kept, not reported).")
    ] = False,
    finished: Annotated[bool, typer.Option("--finished", help="The game reached its end.")] = False,
    has: Annotated[
        list[Fact] | None,
        typer.Option(
            "--has",
            metavar="FACT",
            help="A fact only the replay knows (docs/cli.md says what each means).",
        ),
    ] = None,
    tag: Annotated[
        Many,
        typer.Option(
            "--tag",
            metavar="NAME[=VALUE]",
            help="The tag NAME is there (with =VALUE: and has that value).",
        ),
    ] = None,
    negate: Annotated[bool, typer.Option("--not", help="Negate the condition after it.")] = False,
    count: Annotated[bool, typer.Option("--count", help="Print how many games match.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print where each match is, one JSON object a line.")
    ] = False,
    to: To = None,
    output: AtomicOutput = None,
    jobs: Jobs = 1,
) -> None:
    """Copy the games that meet every condition, byte for byte, comments and all.

    Conditions combine with AND; --not negates the one right after it.  Tag conditions read
    the tags only; --rounds-* read the game; --winner, --valid, --invalid, --finished and
    --has replay it.  A game that cannot be read that far is reported and left out (kept by
    --invalid).  Exit 0 when done, 1 when a game was left out that way, 2 on usage or I/O
    errors.
    """
    from gargon_notation.cli import archive

    order = options_in_order(context)
    archive.filter_command(
        paths, order, count=count, as_json=as_json, output=output, to=to, jobs=jobs
    )


@app.command("cat", epilog=examples("gargon cat club/ home.ggn -o all.ggn"))
def cat_command(
    paths: Paths,
    to: To = None,
    output: AtomicOutput = None,
) -> None:
    """Concatenate the games of the inputs, byte for byte, renumbering nothing.

    Exit 0 when done, 1 when a game could not be copied, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import archive

    archive.cat_command(paths, output, to)


@app.command(
    "dedupe",
    epilog=examples("gargon dedupe club/ -o unique.ggn", "gargon dedupe club/ --report"),
)
def dedupe_command(
    paths: Paths,
    report: Annotated[
        bool,
        typer.Option(
            "--report", help="List each game kept that has copies, and its copies; write none."
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="With --report: one JSON object a copy, a line each.")
    ] = False,
    invalid: Annotated[
        bool,
        typer.Option("--invalid", help="Keep the games that cannot be read (not compared)."),
    ] = False,
    to: To = None,
    output: AtomicOutput = None,
    jobs: Jobs = 1,
) -> None:
    """Write each game once: leave out the same games again (whatever their comments,
    annotations and tags) and the unfinished copies of a game.

    Games are the same when they seat the same players, are dealt the same cards (a seed or
    the deal written out) and write the same decisions.  An unfinished record whose decisions
    begin another game's is an unfinished copy of it.  Exit 0 when done, 1 when a game
    could not be read, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import archive

    archive.dedupe_command(paths, report, as_json, invalid, output, to, jobs)


@app.command("split", epilog=examples("gargon split games.ggn --by event -o by-event/"))
def split_command(
    paths: Paths,
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="DIR",
            help="The directory to write into (made if need be).",
            callback=_named,
        ),
    ],
    games: Annotated[
        int | None, typer.Option("--games", min=1, help="N games a file: games-0001.EXT, ...")
    ] = None,
    by: Annotated[
        SplitBy | None,
        typer.Option(
            "--by",
            help="A file for each Event, Date or player (a game goes into each of its "
            "players' files).",
        ),
    ] = None,
    to: To = None,
) -> None:
    """Write the games into files of a directory, byte for byte, each file atomically.

    Exit 0 when done, 1 when a game could not be read or copied, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import archive

    archive.split_command(paths, games, by, output, to)
