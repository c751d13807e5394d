"""``gargon annotate``, ``gargon fmt``, ``gargon convert`` and ``gargon schema``: records
written back, changed, canonical, or in another form."""

from __future__ import annotations

import contextlib
import difflib
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, BinaryIO

import attrs
import typer

from gargon_notation import files, jsonio
from gargon_notation.annotate import annotate_replayed, strip_annotations
from gargon_notation.cli.common import fail, plural, print_error, print_problems
from gargon_notation.cli.inputs import Joined, each_input, games_of, in_place_target, inputs_of
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.terminal import write_data
from gargon_notation.notation import GameRecord
from gargon_notation.replay.events import events_json

__all__ = ["annotate_command", "convert", "fmt", "schema"]


def annotate_command(
    paths: list[str], strip: bool = False, in_place: bool = False, possible: bool = False
) -> None:
    """The work of ``gargon annotate`` (options: :mod:`gargon_notation.cli.commands`): every
    input in turn, each file's result its own; exit with the highest code."""
    if strip and possible:
        fail("give --strip or --possible, not both")
    joined = Joined()
    code = each_input(
        inputs_of(paths), lambda source: _annotate_one(source, strip, in_place, possible, joined)
    )
    raise typer.Exit(code)


def _annotate_one(
    source: files.Input, strip: bool, in_place: bool, possible: bool, joined: Joined
) -> None:
    """``gargon annotate`` on one input (exits with its code); a file it would not change is
    left untouched."""
    invalid = False
    with games_of(source) as games:
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
            with contextlib.ExitStack() as stack:
                write_piece = stack.enter_context(output_to(target))
                if target is None:
                    write_piece(joined.before(games))
                    comparison = None
                else:
                    comparison = _Comparison(stack.enter_context(_original(target)))
                for piece in files.iter_dumps(changed(), games.format):
                    write_piece(piece)
                    if comparison is not None:
                        comparison.feed(piece.encode("utf-8"))
                if invalid and in_place:
                    raise _Abandon
                games.finish()
                if comparison is not None and comparison.same_at_end():
                    raise _Unchanged
            if target is None:
                joined.wrote(games)
        except _Abandon:
            print_error(f"{games.source.name}: not rewritten: annotations stop at the problems")
        except _Unchanged:
            pass
    raise typer.Exit(1 if invalid else 0)


class _Unchanged(Exception):
    """Leaves an output block without writing: the file is already what it would be."""


def fmt(
    paths: list[str],
    check: bool = False,
    in_place: bool = False,
    diff: bool = False,
    quiet: bool = False,
) -> None:
    """The work of ``gargon fmt`` (options: :mod:`gargon_notation.cli.commands`): every input
    in turn, each file's result its own (one that cannot be read is reported, the others
    done); exit with the highest code."""
    if diff and not check:
        fail("--diff goes with --check")
    inputs = inputs_of(paths)
    tally = _Tally(several=len(inputs) > 1, quiet=quiet)
    joined = Joined()
    code = each_input(inputs, lambda source: _fmt_one(source, check, in_place, diff, tally, joined))
    if len(inputs) > 1 and not quiet:
        if check:
            print_error(
                f"{plural(len(inputs), 'file')} checked: {tally.failed} not in canonical form"
            )
        elif in_place:
            print_error(
                f"{plural(len(inputs), 'file')}: {len(tally.rewritten)} rewritten, "
                f"{tally.canonical} already canonical"
            )
    raise typer.Exit(code)


def _fmt_one(
    source: files.Input, check: bool, in_place: bool, diff: bool, tally: _Tally, joined: Joined
) -> None:
    """``gargon fmt`` on one input (exits with its code)."""
    with games_of(source, again=check or diff) as games:
        records = (record for _, record in games)
        pieces = files.iter_dumps(records, games.format)
        if check:
            assert games.file is not None
            with contextlib.ExitStack() as stack:
                canonical = stack.enter_context(tempfile.TemporaryFile()) if diff else None
                same = _same_text(pieces, games.file, canonical)
                games.finish()
                if not same:
                    if canonical is not None:
                        canonical.seek(0)
                        _print_diff(games.source.name, games.file, canonical)
                    tally.failed += 1
                    print_error(
                        f"{games.source.name}: not in canonical form (run gargon fmt --in-place)"
                    )
                    raise typer.Exit(1)
            raise typer.Exit(0)
        target = in_place_target(games) if in_place else None
        if target is None:
            with output_to(None) as write_piece:
                write_piece(joined.before(games))
                for piece in pieces:
                    write_piece(piece)
                games.finish()
            joined.wrote(games)
            return
        try:
            with output_to(target) as write_piece, _original(target) as original:
                comparison = _Comparison(original)
                for piece in pieces:
                    write_piece(piece)
                    comparison.feed(piece.encode("utf-8"))
                games.finish()
                if comparison.same_at_end():
                    raise _Abandon  # canonical already: the file is left as it is
        except _Abandon:
            tally.canonical += 1
            return
        tally.rewritten.append(games.source.name)
        if tally.several and not tally.quiet:
            print_error(f"rewritten: {games.source.name}")


@attrs.define
class _Tally:
    """What ``fmt`` did to several inputs, for its summary."""

    several: bool
    quiet: bool
    failed: int = 0
    canonical: int = 0
    rewritten: list[str] = attrs.Factory(list)


class _Abandon(Exception):
    """Leaves an output block without writing anything."""


@contextlib.contextmanager
def _original(target: Path) -> Iterator[BinaryIO]:
    """The file ``--in-place`` rewrites, open to compare with; exit 2 when it cannot be."""
    try:
        handle = target.open("rb")
    except OSError as error:
        fail(str(files.FileError.from_os_error(str(target), error)))
    with handle:
        yield handle


class _Comparison:
    """Compares pieces of bytes, as they come, with the bytes of an open file."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.same = True

    def feed(self, data: bytes) -> None:
        if self.same:
            self.same = self.handle.read(len(data)) == data

    def same_at_end(self) -> bool:
        """Whether every piece matched and the file holds nothing more."""
        return self.same and self.handle.read(1) == b""


def _same_text(pieces: Iterator[str], path: Path, copy: IO[bytes] | None = None) -> bool:
    """Whether the pieces of text are the file's bytes (every piece is produced, so that
    every game is read and its errors reported); each piece is also written to ``copy``."""
    with path.open("rb") as handle:
        comparison = _Comparison(handle)
        for piece in pieces:
            data = piece.encode("utf-8")
            comparison.feed(data)
            if copy is not None:
                copy.write(data)
        return comparison.same_at_end()


_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def _print_diff(name: str, original: Path, canonical: IO[bytes]) -> None:
    """A unified diff from the file to its canonical form on standard output, as git names
    the two sides (``a/NAME``, ``b/NAME``); a last line without a line end is marked so."""
    before = _LINE.findall(original.read_bytes().decode("utf-8", errors="replace"))
    after = _LINE.findall(canonical.read().decode("utf-8"))
    lines = difflib.unified_diff(before, after, f"a/{name}", f"b/{name}")
    write_data(
        "".join(
            line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
            for line in lines
        )
    )


def convert(paths: list[str], to: str, output: Path | None = None, events: bool = False) -> None:
    """The work of ``gargon convert`` (options: :mod:`gargon_notation.cli.commands`).

    One input is converted whole or not at all.  The games of several go into one output
    (one JSON document, say), each input in turn; a game or an input that cannot be read is
    reported and left out, and the others are written."""
    if to not in files.FORMATS:
        fail(f"--to {to}: choose json or ggn")
    if events and to == "ggn":
        fail("--events needs --to json or --to jsonl: the notation has no derived events")
    inputs = inputs_of(paths)
    derived = events_json if events else None
    if len(inputs) == 1:
        with games_of(inputs[0]) as games:
            records = (record for _, record in games)
            pieces = files.iter_dumps(records, to, events=derived)
            with output_to(output) as write_piece:
                for piece in pieces:
                    write_piece(piece)
                games.finish()
        return
    code = 0

    def every_record() -> Iterator[GameRecord]:
        nonlocal code
        for source in inputs:
            try:
                with games_of(source) as games:
                    yield from (record for _, record in games)
                    games.finish()
            except typer.Exit as ended:
                code = max(code, ended.exit_code)

    with output_to(output) as write_piece:
        for piece in files.iter_dumps(every_record(), to, events=derived):
            write_piece(piece)
    raise typer.Exit(code)


def schema() -> None:
    """The work of ``gargon schema`` (options: :mod:`gargon_notation.cli.commands`)."""
    write_data(jsonio.schema_text())
