"""``gargon annotate``, ``gargon fmt``, ``gargon convert`` and ``gargon schema``: records
written back, changed, canonical, or in another form."""

from __future__ import annotations

import contextlib
import difflib
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, BinaryIO

import attrs

from gargon_notation import files, jsonio
from gargon_notation.atomic import Read
from gargon_notation.cli import common
from gargon_notation.cli.choices import ConvertTo
from gargon_notation.cli.common import Exit, error_console, fail, plural, print_error
from gargon_notation.cli.inputs import (
    Games,
    Joined,
    Target,
    each_input,
    elsewhere,
    games_of,
    in_place_target,
    inputs_of,
)
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.parallel import Ahead, Look, dumped, each_game, joined, write_printed
from gargon_notation.cli.plain import printable, write_data
from gargon_notation.cli.progress import progress
from gargon_notation.errors import printable_name
from gargon_notation.notation import GameRecord
from gargon_notation.parallel import Workers

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["annotate_command", "convert", "fmt", "schema"]


def annotate_command(
    paths: list[str],
    strip: bool = False,
    in_place: bool = False,
    possible: bool = False,
    jobs: int = 1,
) -> None:
    """The work of ``gargon annotate`` (options: :mod:`gargon_notation.cli.commands`): every
    input in turn, each file's result its own; exit with the highest code.  Each game is
    replayed and annotated (or stripped) and written in one of ``jobs`` processes."""
    if strip and possible:
        fail("give --strip or --possible, not both")
    inputs = inputs_of(paths)
    shared = Joined()
    look = Look.of(common.err)
    total = sum(source.size for source in inputs)
    bar = in_place or not sys.stdout.isatty()  # records are written past the bar's console
    work_for = partial(_annotation, look, strip, possible)
    with (
        Workers(jobs) as workers,
        Ahead(workers, inputs, work_for, digests=in_place) as ahead,
        progress(total, "annotating", show=bar, console=error_console) as advance,
    ):
        task = _AnnotateTask(in_place, ahead, advance)
        code = each_input(inputs, lambda source: task.annotate_one(source, shared))
    raise Exit(code)


@attrs.frozen
class _AnnotateTask:
    """``gargon annotate``'s options and workers, for each input."""

    in_place: bool
    ahead: Ahead[tuple[str, str, bool]]
    advance: Callable[[int], None]

    def annotate_one(self, source: files.Input, shared: Joined) -> None:
        """``gargon annotate`` on one input (exits with its code); a file it would not
        change is left untouched."""
        invalid = False
        with games_of(source) as games:
            target = in_place_target(games, "annotate") if self.in_place else None
            read_as = fields_read = None
            if target is not None:
                fields_read = _keeps_every_field(target, games, "annotate")
                read_as = self.ahead.read_of(games)

            def texts() -> Iterator[str]:
                nonlocal invalid
                for _, (text, problems, bad) in self.ahead.each_game(games, self.advance):
                    invalid = invalid or bad
                    write_printed(common.err, problems)
                    yield text

            try:
                with contextlib.ExitStack() as stack:
                    write_piece = stack.enter_context(
                        output_to(target, elsewhere("annotate"), read_as=read_as)
                    )
                    if target is None:
                        write_piece(shared.before(games))
                        comparison = None
                    else:
                        comparison = _Comparison(stack.enter_context(_original(target)))
                    for piece in joined(texts(), games.format, False):
                        write_piece(piece)
                        if comparison is not None:
                            comparison.feed(piece.encode("utf-8"))
                    if invalid and self.in_place:
                        raise _Abandon
                    games.finish()
                    if comparison is not None and comparison.same_at_end():
                        raise _Unchanged
                    _same_reading(fields_read, read_as, target)
                if target is None:
                    shared.wrote(games)
            except _Abandon:
                print_error(
                    f"{printable_name(games.source.name)}: not rewritten: annotations stop at "
                    "the problems"
                )
            except _Unchanged:
                pass
        raise Exit(1 if invalid else 0)


def _annotation(
    look: Look, strip: bool, possible: bool, games: Games
) -> Callable[[int, GameRecord], tuple[str, str, bool]]:
    """The work of annotating the games of ``games`` (:func:`_annotated`)."""
    return partial(_annotated, look, strip, possible, games.format)


def _annotated(
    look: Look, strip: bool, possible: bool, format: files.Format, number: int, record: GameRecord
) -> tuple[str, str, bool]:
    """One game annotated (or stripped) and written in ``format`` as it goes among others
    (:func:`~gargon_notation.cli.parallel.dumped`), the problems its replay found as
    standard error prints them, and whether it has any; done in a worker process."""
    from rich.text import Text

    from gargon_notation.annotate import annotate_replayed, strip_annotations

    if strip:
        return dumped(number, strip_annotations(record), format, False), "", False
    annotated, result = annotate_replayed(record, number, possible=possible)

    def draw_problems(err: Console) -> None:
        for problem in result.problems:
            err.print(Text(printable(str(problem)), style="red"), soft_wrap=True)

    problems = look.printed(draw_problems) if result.problems else ""
    return dumped(number, annotated, format, False), problems, not result.valid


def _keeps_every_field(target: Path, games: Games, verb: str) -> Read | None:
    """Exit 2, leaving ``target`` as it is, when ``gargon VERB --in-place`` would drop a
    field of its JSON games that gargon reads no value from (a club's own, the derived
    ``events``), so that what the user wrote is never lost
    (:func:`~gargon_notation.files.fields_dropped`).  The JSON file as read for that (the
    digest of its bytes, read to the end), for the rewrite to refuse it unless its games
    were read from the same bytes (:func:`_same_reading`); notation is not read (None)."""
    if games.format == "ggn":
        return None
    try:
        with target.open("rb", buffering=0) as raw:
            read = Read()
            stream = read.reader(raw)
            dropped = files.fields_dropped(stream, games.format, games.source.name)
            if dropped is None:
                read.read_rest(stream)
    except OSError as error:
        fail(str(files.FileError.from_os_error(games.source.name, error)))
    if dropped is not None:
        line, column, path, why = dropped
        name = printable_name(games.source.name)
        fail(
            f"{name}:{line}:{column}: {printable(path)}: {why.format(verb=verb)}: not rewritten "
            "(remove the field if it may go, "
            f"or {elsewhere(verb)})"
        )
    return read


def _same_reading(fields_read: Read | None, games_read: Read | None, target: Path | None) -> None:
    """Raise :class:`~gargon_notation.atomic.Changed` when the fields of ``target`` were
    checked in other bytes (``fields_read``) than its games were read from (``games_read``,
    which the rewrite compares with the file): another program wrote it between the two
    readings, and fields of its own may be in what was not checked."""
    if fields_read is not None and games_read is not None and target is not None:
        fields_read.check_same(games_read, target)


class _Unchanged(Exception):
    """Leaves an output block without writing: the file is already what it would be."""


def fmt(
    paths: list[str],
    check: bool = False,
    in_place: bool = False,
    diff: bool = False,
    quiet: bool = False,
    jobs: int = 1,
) -> None:
    """The work of ``gargon fmt`` (options: :mod:`gargon_notation.cli.commands`): every input
    in turn, each file's result its own (one that cannot be read is reported, the others
    done); exit with the highest code.  Each game is read and written canonically in one of
    ``jobs`` processes."""
    if diff and not check:
        fail("--diff goes with --check")
    inputs = inputs_of(paths)
    tally = _Tally(several=len(inputs) > 1, quiet=quiet)
    shared = Joined()
    total = sum(source.size for source in inputs)
    # records and diffs are written to a terminal past the bar's console
    bar = in_place or (check and not diff) or not sys.stdout.isatty()
    with (
        Workers(jobs) as workers,
        Ahead(workers, inputs, _canonical_work, digests=in_place) as ahead,
        progress(total, "formatting", show=bar, console=error_console) as advance,
    ):
        canonical_pieces = partial(_canonical_texts, ahead, advance)

        def fmt_one(source: files.Input) -> None:
            done = tally.done
            try:
                _fmt_one(
                    source, check, in_place, diff, tally, shared, canonical_pieces, ahead.read_of
                )
            except Exit as ended:
                if ended.exit_code and tally.done == done:
                    tally.undone += 1
                raise

        code = each_input(inputs, fmt_one)
    if len(inputs) > 1 and not quiet:
        count = plural(len(inputs), "file")
        if check and not tally.undone:
            print_error(f"{count} checked: {tally.failed} not in canonical form")
        elif check:
            print_error(
                f"{count}: {len(inputs) - tally.undone} checked, {tally.failed} not in "
                f"canonical form; {tally.undone} could not be checked (see above)"
            )
        elif in_place:
            undone = f"; {tally.undone} could not be formatted (see above)" if tally.undone else ""
            print_error(
                f"{count}: {len(tally.rewritten)} rewritten, "
                f"{tally.canonical} already canonical{undone}"
            )
    raise Exit(code)


def _canonical_work(games: Games) -> Callable[[int, GameRecord], str]:
    """The work of writing the games of ``games`` canonically."""
    return partial(dumped, format=games.format, events=False)


def _canonical_texts(
    ahead: Ahead[str], advance: Callable[[int], None], games: Games
) -> Iterator[str]:
    """The canonical text of ``games`` in pieces, as :func:`files.iter_dumps` gives it, each
    game read and written in a worker."""
    texts = (text for _, text in ahead.each_game(games, advance))
    return joined(texts, games.format, False)


def _fmt_one(
    source: files.Input,
    check: bool,
    in_place: bool,
    diff: bool,
    tally: _Tally,
    shared: Joined,
    canonical_pieces: Callable[[Games], Iterator[str]],
    read_of: Callable[[Games], Read | None],
) -> None:
    """``gargon fmt`` on one input (exits with its code); ``canonical_pieces`` writes its
    games, read as ``read_of`` says (``--in-place``: for the rewrite's check)."""
    with games_of(source, again=check or diff) as games:
        pieces = canonical_pieces(games)
        if check:
            assert games.file is not None
            with contextlib.ExitStack() as stack:
                canonical = stack.enter_context(tempfile.TemporaryFile()) if diff else None
                same = _same_text(pieces, games.file, canonical)
                games.finish()
                if not same:
                    if canonical is not None:
                        canonical.seek(0)
                        _print_diff(printable_name(games.source.name), games.file, canonical)
                    tally.failed += 1
                    stdin = games.source.path is None
                    name = printable_name(games.source.name)
                    print_error(f"{name}: not in canonical form ({_CANONICAL_FIX[stdin]})")
                    raise Exit(1)
            raise Exit(0)
        target = in_place_target(games, "fmt") if in_place else None
        if target is None:
            with output_to(None) as write_piece:
                write_piece(shared.before(games))
                for piece in pieces:
                    write_piece(piece)
                games.finish()
            shared.wrote(games)
            return
        fields_read = _keeps_every_field(target, games, "fmt")
        read_as = read_of(games)
        try:
            with (
                output_to(target, elsewhere("fmt"), read_as=read_as) as write_piece,
                _original(target) as original,
            ):
                comparison = _Comparison(original)
                for piece in pieces:
                    write_piece(piece)
                    comparison.feed(piece.encode("utf-8"))
                games.finish()
                if comparison.same_at_end():
                    raise _Abandon  # canonical already: the file is left as it is
                _same_reading(fields_read, read_as, target)
        except _Abandon:
            tally.canonical += 1
            return
        tally.rewritten.append(games.source.name)
        if tally.several and not tally.quiet:
            print_error(f"rewritten: {printable_name(games.source.name)}")


_CANONICAL_FIX = {
    False: "run gargon fmt --in-place",
    # --in-place refuses standard input, and "gargon fmt -" alone waits on the terminal
    True: "give the same input to gargon fmt - for its canonical form: gargon fmt - < FILE > OTHER",
}
"""What ``fmt --check`` advises for an input not in canonical form: a file, or (True)
standard input."""


@attrs.define
class _Tally:
    """What ``fmt`` did to several inputs, for its summary."""

    several: bool
    quiet: bool
    failed: int = 0
    canonical: int = 0
    rewritten: list[str] = attrs.Factory(list)
    undone: int = 0
    """Inputs not checked or not formatted: one that cannot be read whole, or holds no game."""

    @property
    def done(self) -> int:
        """The inputs checked (canonical or not) or formatted so far."""
        return self.failed + self.canonical + len(self.rewritten)


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


def convert(
    paths: list[str], to: str, output: Target = None, events: bool = False, jobs: int = 1
) -> None:
    """The work of ``gargon convert`` (options: :mod:`gargon_notation.cli.commands`), each
    game read and written in one of ``jobs`` processes.

    One input is converted whole or not at all.  The games of several go into one output
    (one JSON document, say), each input in turn; a game or an input that cannot be read is
    reported and left out, and the others are written."""
    if to not in files.FORMATS:
        fail(f"--to {to}: choose one of {', '.join(ConvertTo)}")
    if events and to == "ggn":
        fail("--events needs --to json or --to jsonl: the notation has no derived events")
    inputs = inputs_of(paths)
    total = sum(source.size for source in inputs)
    work = partial(dumped, format=to, events=events)
    workers = Workers(jobs)
    if len(inputs) == 1:
        with workers, games_of(inputs[0]) as games, output_to(output) as write_piece:
            with progress(total, "converting", console=error_console) as advance:
                texts = (text for _, text in each_game(workers, games, work, advance))
                for piece in joined(texts, to, events):
                    write_piece(piece)
            games.finish()
        return
    code = 0

    def every_text(ahead: Ahead[str], advance: Callable[[int], None]) -> Iterator[str]:
        nonlocal code
        for source in inputs:
            try:
                with games_of(source) as games:
                    yield from (text for _, text in ahead.each_game(games, advance))
                    games.finish()
            except Exit as ended:
                code = max(code, ended.exit_code)

    with (
        workers,
        Ahead(workers, inputs, lambda _: work) as ahead,
        output_to(output) as write_piece,
        progress(total, "converting", console=error_console) as advance,
    ):
        for piece in joined(every_text(ahead, advance), to, events):
            write_piece(piece)
    raise Exit(code)


def schema() -> None:
    """The work of ``gargon schema`` (options: :mod:`gargon_notation.cli.commands`)."""
    write_data(jsonio.schema_text())
