"""The verbs that rewrite or convert records: ``annotate``, ``fmt``, ``convert`` (done by
:mod:`~gargon_notation.cli.edit`; ``convert --to parquet`` by
:mod:`~gargon_notation.cli.tables`), ``convert --seat``, ``check-hidden`` and ``merge`` (by
:mod:`~gargon_notation.cli.seats`).

No ``from __future__ import annotations``: the annotations are evaluated once, as the module
is imported (see :mod:`gargon_notation.cli.commands`).
"""

from typing import Annotated

import typer

from gargon_notation.cli.choices import ConvertTo, Format
from gargon_notation.cli.commands import (
    DaskOption,
    InPlace,
    Jobs,
    NoColor,
    Output,
    Paths,
    _named,
)
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.program import app

__all__ = ["Public", "Seat", "annotate_command", "check_hidden", "convert", "fmt", "merge"]


@app.command("annotate", epilog=examples("gargon annotate examples/full-game.ggn --in-place"))
def annotate_command(
    paths: Paths,
    strip: Annotated[
        bool, typer.Option("--strip", help="Remove exactly what annotate adds.")
    ] = False,
    in_place: InPlace = False,
    possible: Annotated[
        bool,
        typer.Option(
            "--possible",
            help="Also note after each action what each hidden card can still be "
            "(as everyone knows).",
        ),
    ] = False,
    jobs: Jobs = 1,
) -> None:
    """Add derived facts as {=...} annotations: battles, draws, hand sizes, scores.

    Idempotent; user comments are never touched.  JSON input gives JSON output (and JSON
    Lines, JSON Lines).  A record with problems is annotated as far as it can be replayed;
    its problems go to stderr, the exit code is 1, and --in-place leaves the file untouched.
    Each input is done in turn, as if alone.
    """
    from gargon_notation.cli import edit

    edit.annotate_command(paths, strip, in_place, possible, jobs)


@app.command(
    epilog=examples(
        "gargon fmt examples/full-game.ggn --check", "gargon fmt --check --diff archive/"
    )
)
def fmt(
    paths: Paths,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when a file is not canonical.")
    ] = False,
    in_place: Annotated[
        bool,
        typer.Option(
            "--in-place", "-i", help="Rewrite each file not canonical (atomically), no other."
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff", help="With --check: print a unified diff to the canonical form, per file."
        ),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Several inputs: print no summary, only the failures."),
    ] = False,
    jobs: Jobs = 1,
) -> None:
    """Write records in canonical form (to stdout, or --in-place); JSON input stays JSON.

    Each input is done in turn, as if alone; one that cannot be read is reported and the
    others done.  Exit 0, 1 (a syntax error; --check: a file not canonical), 2 (usage, I/O).
    """
    from gargon_notation.cli import edit

    edit.fmt(paths, check, in_place, diff, quiet, jobs)


Seat = Annotated[
    str | None, typer.Option("--seat", metavar="NAME", help="A player: what that seat could see.")
]
"""The --seat option of the verbs about what one seat saw."""
Public = Annotated[bool, typer.Option("--public", help="Everyone: what the whole table could see.")]
"""The --public option of the verbs about what one seat saw."""


@app.command(
    epilog=examples(
        "gargon convert examples/full-game.ggn --to json",
        "gargon convert examples/full-game.ggn --seat Bernd",
        "gargon convert examples/club-night.ggn --to parquet -o tables",
    )
)
def convert(
    context: typer.Context,
    paths: Paths,
    to: Annotated[
        ConvertTo | None,
        typer.Option(
            "--to",
            help="The form to write (jsonl: one game a line; parquet: the tables of "
            "docs/tables.md in the directory -o DIR).  Required, except with --seat "
            "or --public (default: the input's).",
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write here instead of stdout (parquet: a directory).",
            callback=_named,
        ),
    ] = None,
    events: Annotated[
        bool,
        typer.Option("--events", help="With --to json or jsonl: add each game's derived events."),
    ] = False,
    seat: Seat = None,
    public: Public = False,
    jobs: Jobs = 1,
    observations: Annotated[
        bool,
        typer.Option(
            "--decisions-observations",
            help="With --to parquet: add to each decision what its seat saw, the legal "
            "actions and the final reward, as fixed-size arrays (docs/tables.md).",
            rich_help_panel="Parquet tables",
        ),
    ] = False,
    invalid_steps: Annotated[
        bool,
        typer.Option(
            "--include-invalid-steps",
            help="With --to parquet: keep the rounds, battles and decisions of invalid games "
            "(by default an invalid game has its games row only).",
            rich_help_panel="Parquet tables",
        ),
    ] = False,
    dask: Annotated[str | None, DaskOption] = None,
) -> None:
    """Convert records between the text notation, the JSON form and JSON Lines, or into
    Parquet tables.

    The games of several inputs go into one output, in turn; a game that cannot be read is
    reported and left out (exit 1).  With --seat NAME (or --public), write each game of one
    input as that seat (or the whole table) knew it at each moment: the values it could not
    see become backs (R?, X?).  With --to parquet, write the games, rounds, battles and
    decisions tables of docs/tables.md into the directory -o DIR (needs pip install
    'gargon-notation\\[arrow]').
    """
    if (observations or invalid_steps) and to != ConvertTo.PARQUET:
        context.fail("--decisions-observations and --include-invalid-steps need --to parquet")
    if dask is not None and to != ConvertTo.PARQUET:
        context.fail("--dask needs --to parquet")
    if to == ConvertTo.PARQUET:
        if events or seat is not None or public:
            context.fail("--to parquet does not go with --events, --seat or --public")
        from gargon_notation.cli import tables

        tables.convert_to_parquet(paths, output, observations, invalid_steps, dask=dask, jobs=jobs)
        return
    if seat is not None or public:
        if events:
            context.fail("--events does not go with --seat or --public")
        if len(paths) != 1:
            context.fail("--seat and --public take one input: join the files first (gargon cat)")
        from gargon_notation.cli import seats

        seats.convert_for_seat(paths[0], seat, public, to, output)
        return
    if to is None:
        context.fail("Missing option '--to'.")  # as the option parser says it
    from gargon_notation.cli import edit

    edit.convert(paths, to, output, events, jobs)


@app.command(
    "check-hidden",
    epilog=examples("gargon check-hidden bernd.ggn --seat Bernd"),
)
def check_hidden(
    paths: Paths,
    seat: Seat = None,
    public: Public = False,
    no_color: NoColor = False,
) -> None:
    """Prove files published for a seat (or for everyone) show no value hidden from it.

    Each value the seat could not have seen where it is written (another hand, a pile, a card
    another player drew, a play still face down, a value named in a comment) is listed with
    its place and why; each input gets its verdict, several a summary.  Exit 0 when there is
    none, 1 when there is any or a game cannot be checked, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import seats

    seats.check_hidden(paths, seat, public, no_color)


@app.command(
    "merge",
    epilog=examples("gargon merge adam.ggn bernd.ggn collette.ggn -o game.ggn"),
)
def merge(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Records of the same game(s): files, directories (searched for *.ggn, "
            "*.json, *.jsonl), globs, or - for stdin."
        ),
    ],
    to: Annotated[Format, typer.Option("--to", help="The form to write.")] = Format.GGN,
    output: Output = None,
) -> None:
    """Merge several records of the same game into one holding everything any of them knew.

    Game k of each input is merged with game k of the others.  Records of different games,
    and records that contradict one another (B7 in one, B9 in the other; another order of
    actions), are refused with every place at fault, and nothing is written (exit 1).
    """
    from gargon_notation.cli import seats

    seats.merge(paths, to, output)
