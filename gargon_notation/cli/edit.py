"""``gargon annotate``, ``gargon fmt``, ``gargon convert`` and ``gargon schema``: records
written back, changed, canonical, or in another form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import typer

from gargon_notation import files, jsonio
from gargon_notation.annotate import annotate_replayed, strip_annotations
from gargon_notation.cli.common import fail, print_error, print_problems
from gargon_notation.cli.inputs import games_of, in_place_target
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.terminal import write_data
from gargon_notation.notation import GameRecord
from gargon_notation.replay.events import events_json

__all__ = ["annotate_command", "convert", "fmt", "schema"]


def annotate_command(
    file: str, strip: bool = False, in_place: bool = False, possible: bool = False
) -> None:
    """The work of ``gargon annotate`` (options: :mod:`gargon_notation.cli.commands`)."""
    if strip and possible:
        fail("give --strip or --possible, not both")
    invalid = False
    with games_of(file) as games:
        target = in_place_target(games) if in_place else None

        def changed() -> Iterator[GameRecord]:
            nonlocal invalid
            for number, record in games:
                if strip:
                    yield strip_annotations(record)
                    continue
                annotated, result = annotate_replayed(record, number, possible=possible)
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


def fmt(file: str, check: bool = False, in_place: bool = False) -> None:
    """The work of ``gargon fmt`` (options: :mod:`gargon_notation.cli.commands`)."""
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


def convert(file: str, to: str, output: Path | None = None, events: bool = False) -> None:
    """The work of ``gargon convert`` (options: :mod:`gargon_notation.cli.commands`)."""
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


def schema() -> None:
    """The work of ``gargon schema`` (options: :mod:`gargon_notation.cli.commands`)."""
    write_data(jsonio.schema_text())
