"""``gargon annotate``, ``gargon fmt``, ``gargon convert`` and ``gargon schema``: records
written back, changed, canonical, or in another form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from gargon_notation import files, jsonio
from gargon_notation.annotate import annotate_replayed, strip_annotations
from gargon_notation.cli.common import app, fail, print_error, print_problems
from gargon_notation.cli.inputs import games_of, in_place_target
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.terminal import write_data
from gargon_notation.notation import GameRecord
from gargon_notation.replay.events import events_json

__all__ = ["annotate_command", "convert", "fmt", "schema"]

FILE_HELP = "A .ggn, .json or .jsonl record file, or - for stdin."


@app.command(
    "annotate", epilog="Example: [bold]gargon annotate examples/full-game.ggn --in-place[/]"
)
def annotate_command(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    strip: Annotated[
        bool, typer.Option("--strip", help="Remove exactly what annotate adds.")
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")
    ] = False,
) -> None:
    """Add derived facts as {=...} annotations: battles, draws, hand sizes, scores.

    Idempotent; user comments are never touched.  JSON input gives JSON output (and JSON
    Lines, JSON Lines).  A record with problems is annotated as far as it can be replayed;
    its problems go to stderr, the exit code is 1, and --in-place leaves the file untouched.
    """
    invalid = False
    with games_of(file) as games:
        target = in_place_target(games) if in_place else None

        def changed() -> Iterator[GameRecord]:
            nonlocal invalid
            for number, record in games:
                if strip:
                    yield strip_annotations(record)
                    continue
                annotated, result = annotate_replayed(record, number)
                invalid = invalid or not result.valid
                print_problems(result)
                yield annotated

        try:
            with output_to(target) as write_piece:
                for piece in files.iter_dumps(changed(), games.format):
                    write_piece(piece)
                if invalid and in_place:
                    raise _Abandon
                games.finish()
        except _Abandon:
            print_error(f"{games.source.name}: not rewritten: annotations stop at the problems")
    raise typer.Exit(1 if invalid else 0)


@app.command(epilog="Example: [bold]gargon fmt examples/full-game.ggn --check[/]")
def fmt(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when the file is not canonical.")
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")
    ] = False,
) -> None:
    """Write records in canonical form (to stdout, or --in-place); JSON input stays JSON."""
    with games_of(file, again=check) as games:
        records = (record for _, record in games)
        pieces = files.iter_dumps(records, games.format)
        if check:
            assert games.file is not None
            same = _same_text(pieces, games.file)
            games.finish()
            if not same:
                print_error(
                    f"{games.source.name}: not in canonical form (run gargon fmt --in-place)"
                )
                raise typer.Exit(1)
            raise typer.Exit(0)
        target = in_place_target(games) if in_place else None
        with output_to(target) as write_piece:
            for piece in pieces:
                write_piece(piece)
            games.finish()


class _Abandon(Exception):
    """Leaves an output block without writing anything."""


def _same_text(pieces: Iterator[str], path: Path) -> bool:
    """Whether the pieces of text are the file's bytes (every piece is produced, so that
    every game is read and its errors reported)."""
    same = True
    with path.open("rb") as handle:
        for piece in pieces:
            if same:
                data = piece.encode("utf-8")
                same = handle.read(len(data)) == data
        return same and handle.read(1) == b""


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
    if to not in files.FORMATS:
        fail(f"--to {to}: choose json or ggn")
    if events and to == "ggn":
        fail("--events needs --to json or --to jsonl: the notation has no derived events")
    with games_of(file) as games:
        records = (record for _, record in games)
        pieces = files.iter_dumps(records, to, events=events_json if events else None)
        with output_to(output) as write_piece:
            for piece in pieces:
                write_piece(piece)
            games.finish()


@app.command(epilog="Example: [bold]gargon schema > gargon.schema.json[/]")
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    write_data(jsonio.schema_text())
