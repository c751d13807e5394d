"""``gargon annotate``, ``gargon fmt``, ``gargon convert`` and ``gargon schema``: records
written back, changed, canonical, or in another form."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gargon_notation import files, jsonio
from gargon_notation.annotate import annotate_replayed, strip_annotations
from gargon_notation.cli.common import app, fail, print_error, print_problems
from gargon_notation.cli.inputs import emit, records, write
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
    loaded = records(file)
    changed: list[GameRecord] = []
    invalid = False
    for number, record in enumerate(loaded.records, start=1):
        if strip:
            changed.append(strip_annotations(record))
            continue
        annotated, result = annotate_replayed(record, number)
        changed.append(annotated)
        invalid = invalid or not result.valid
        print_problems(result)
    if invalid and in_place:
        print_error(f"{loaded.source.name}: not rewritten: annotations stop at the problems")
        raise typer.Exit(1)
    emit(loaded.dumps(changed), loaded, in_place)
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
    loaded = records(file)
    text = loaded.dumps(loaded.records)
    if check:
        if loaded.data != text.encode("utf-8"):
            print_error(f"{loaded.source.name}: not in canonical form (run gargon fmt --in-place)")
            raise typer.Exit(1)
        raise typer.Exit(0)
    emit(text, loaded, in_place)


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
    text = files.dumps(records(file).records, to, events=events_json if events else None)
    if output is None:
        write_data(text)
    else:
        write(output, text)


@app.command(epilog="Example: [bold]gargon schema > gargon.schema.json[/]")
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    write_data(jsonio.schema_text())
