"""What ``gargon filter``, ``cat``, ``split`` and ``dedupe`` do and print; the work is done by
:mod:`gargon_notation.archive`.

Exit codes: 0 done; 1 a game that could not be read (as far as the conditions needed) or
copied was reported and left out; 2 a usage or I/O error (nothing is written then).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import attrs

from gargon_notation import archive, files
from gargon_notation.archive.query import CONDITIONS
from gargon_notation.archive.select import judge
from gargon_notation.cli.common import (
    Exit,
    error_console,
    fail,
    named,
    plural,
    print_error,
    print_output,
    say_empty,
)
from gargon_notation.cli.inputs import (
    Target,
    inputs_of,
    output_bytes,
    stdin_saved,
    to_stdout,
    writable,
)
from gargon_notation.cli.progress import progress
from gargon_notation.errors import EncodingError, NotationError, printable_name
from gargon_notation.parallel import Workers

if TYPE_CHECKING:
    from gargon_notation.archive.duplicates import Copy
    from gargon_notation.replay import Problem

__all__ = ["cat_command", "dedupe_command", "filter_command", "split_command"]


def _format(to: str | None, output: Target) -> files.Format | None:
    """The output format: ``--to``, else the suffix of ``-o`` when it has one of ours."""
    if to is None:
        return None if to_stdout(output) else files.format_of_name(output)
    if to not in files.FORMATS:
        fail(f"--to {to}: choose one of {', '.join(files.FORMATS)}")
    return to


def _mixed(error: ValueError, to: files.Format | None) -> NoReturn:
    fail(
        f"{error}: games are copied byte for byte in their own format; add --to "
        f"{to or 'FORMAT'} to convert the others (written canonically), or give inputs of "
        "one format"
    )


class _Reporter:
    """Prints each problem on standard error and counts them; keeps the names of the inputs
    without a game (:attr:`empty`), said at :meth:`finish`."""

    def __init__(self) -> None:
        self.count = 0
        self.empty: list[str] = []

    def __call__(self, problem: NotationError) -> None:
        self.count += 1
        print_error(f"{problem}\n  (left out)")

    def finish(self) -> None:
        """Name the inputs without a game, then exit 1 after a problem (with a summary line)
        or such an input."""
        say_empty(self.empty)
        if self.count:
            print_error(
                f"gargon: {plural(self.count, 'game')} could not be read or copied and "
                f"{'was' if self.count == 1 else 'were'} left out"
            )
            raise Exit(1)
        if self.empty:
            raise Exit(1)


def _say(text: str) -> None:
    """One line on standard output, as it is."""
    print_output(text)


def _io(name: str, error: OSError) -> NoReturn:
    fail(str(files.FileError.from_os_error(name, error)))


def _copy(
    selections: Iterator[archive.Selection],
    output: Target,
    to: str | None,
    report: _Reporter,
) -> None:
    """Write the games kept into ``output`` (standard output: None), atomically."""
    chosen = _format(to, output)
    try:
        with output_bytes(output) as write:
            writer = archive.GameWriter(write, chosen, convert=to is not None)
            for problem in archive.copy_selected(selections, writer):
                report(problem)
    except ValueError as error:
        _mixed(error, chosen)
    except files.FileError as error:
        fail(str(error))
    report.finish()


def filter_command(
    paths: list[str],
    order: list[tuple[str, str | None]],
    *,
    count: bool,
    as_json: bool,
    output: Target,
    to: str | None,
    jobs: int = 1,
) -> None:
    """``gargon filter``: the games that meet every condition, copied, counted or listed
    (games read as deep as a record or a replay in ``jobs`` processes)."""
    if count and as_json:
        fail("--count and --json exclude each other")
    if (count or as_json) and (output is not None or to is not None):
        fail(f"{'--count' if count else '--json'} prints no game: -o and --to do not go with it")
    conditions: list[tuple[str, str | None]] = []
    for option, value in order:
        if option in CONDITIONS or option == "--not":
            conditions.append((option, value))
        elif conditions and conditions[-1][0] == "--not":
            fail(f"--not must come right before a condition, not before {option}")
    try:
        query = archive.Query.parse(conditions)
    except archive.QueryError as error:
        fail(str(error))
    report = _Reporter()
    selections = _selected(inputs_of(paths), query, jobs, report.empty, show_progress=not as_json)
    if not (count or as_json):
        _copy(selections, output, to, report)
        return
    _list(selections, count, report)


def _selected(
    inputs: list[files.Input],
    query: archive.Query,
    jobs: int,
    empty: list[str],
    show_progress: bool,
) -> Iterator[archive.Selection]:
    """:func:`archive.select` over the games of ``inputs``, in ``jobs`` processes when the
    query reads more than tags, under a progress bar on a terminal; the inputs without a
    game are added to ``empty``."""
    games = archive.iter_archive(inputs, empty)
    total = sum(source.size for source in inputs)
    with progress(total, "filtering", show=show_progress, console=error_console) as advance:
        if jobs == 1 or query.level in ("none", "tags"):
            for selection in archive.select(games, query):
                advance(_size(selection.game))
                _warn(selection)
                yield selection
            return
        if query.level == "replay":
            # The engine imported once here, before the workers start, not once by each.
            import gargon_notation.archive.facts  # noqa: F401

        with Workers(jobs) as workers:
            judged = workers.map(
                partial(_judged, query=query), games, size=_size, send=_unraw, total=total
            )
            for game, (kept, problem, warnings) in judged:
                advance(_size(game))
                selection = archive.Selection(game, kept, problem, warnings)
                _warn(selection)
                yield selection


def _judged(
    game: archive.ArchiveGame, query: archive.Query
) -> tuple[bool, NotationError | None, tuple[Problem, ...]]:
    """Whether ``query`` keeps the game, why it could not be read as deep as the query
    needed, and the warnings of its Date, as :func:`archive.select` says (the work of a
    worker process, which sends back no game)."""
    selection = judge(game, query)
    return selection.kept, selection.problem, selection.warnings


def _warn(selection: archive.Selection) -> None:
    """validate's warnings of a Date that is not one, for a query on dates."""
    for warning in selection.warnings:
        print_error(f"warning: {warning}\n  (it meets no date condition)")


def _unraw(game: archive.ArchiveGame) -> archive.ArchiveGame:
    """The game without its bytes, which a worker does not need."""
    return game if game.raw is None else attrs.evolve(game, raw=None)


def _size(game: archive.ArchiveGame) -> int:
    return game.size


def _list(selections: Iterator[archive.Selection], count: bool, report: _Reporter) -> None:
    """Count or list the games kept, as they would be copied: bytes that are no text (binary
    data, not UTF-8, UTF-16) make no game to copy, so even ``--invalid`` that wants them
    has them reported and left out, not counted."""
    kept = 0
    try:
        for selection in selections:
            if selection.kept and isinstance(selection.game.error, EncodingError):
                report(selection.game.error)
            elif selection.kept:
                kept += 1
                if not count:
                    game = selection.game
                    where = {"source": game.source, "game": game.number, "line": game.line}
                    _say(json.dumps(where, ensure_ascii=False))
            elif selection.problem is not None:
                report(selection.problem)
    except files.FileError as error:
        fail(str(error))
    if count:
        _say(str(kept))
    report.finish()


def cat_command(paths: list[str], output: Target, to: str | None) -> None:
    """``gargon cat``: every game of every input, one after the other, byte for byte."""
    report = _Reporter()
    games = archive.iter_archive(inputs_of(paths), report.empty)
    selections = archive.select(games, archive.Query())
    _copy(selections, output, to, report)


def split_command(
    paths: list[str], games: int | None, by: str | None, target: str | Path, to: str | None
) -> None:
    """``gargon split``: the games into files of the directory ``target`` (``-o`` as given:
    ``./-`` is the directory named ``-``), by count or by a tag."""
    if to_stdout(target):
        fail(
            "-o -: split writes a directory of files, which standard output cannot hold: name "
            "the directory with -o DIR"
        )
    if (games is None) == (by is None):
        fail("give one of --games N and --by event|date|player")
    if by is not None and by not in archive.GROUPINGS:
        fail(f"--by {by}: choose one of {', '.join(archive.GROUPINGS)}")
    chosen = _format(to, None)
    report = _Reporter()
    directory = Path(target)
    inputs = inputs_of(paths)
    try:
        written = archive.split_archive(
            archive.iter_archive(inputs, report.empty),
            directory,
            games_per_file=games,
            by=by,
            to=chosen,
            on_problem=report,
            on_warning=lambda warning: print_error(
                f"warning: {warning}\n  (split by the Date as written)"
            ),
        )
    except ValueError as error:
        _mixed(error, chosen)
    except archive.TooManyFiles as error:
        fail(f"{error}; split by a coarser tag, or with --games N")
    except files.FileError as error:
        fail(str(error))
    except OSError as error:  # a file refused is named (another program changed it, say)
        refused = error.filename if isinstance(error, files.NotWritable) else None
        _io(str(refused or directory), error)
    for path, number in written:
        _say(f"{printable_name(str(path))}: {plural(number, 'game')}")
    if not written:
        print_error(
            f"gargon: {printable_name(str(directory))}: nothing written, no game was copied"
        )
    else:
        read = [Path(source.path) for source in inputs if source.path is not None]
        _warn_of_others(directory, [path for path, _ in written], read)
    report.finish()


def _warn_of_others(directory: Path, written: list[Path], read: list[Path]) -> None:
    """Warn of the files of games in ``directory`` that this split did not write (an
    earlier, larger split's), naming them: reading the folder would read their games with
    this split's, and they are the user's to remove (nothing tells them from his own).  The
    split's own inputs there (``read``) are said apart, never offered for removal."""
    try:
        inputs = {_same_file(path) for path in read if path.is_file()}
        found = [(path, _same_file(path)) for path in archive.files_not_written(directory, written)]
    except OSError as error:
        _io(str(directory), error)
    own = [path for path, identity in found if identity in inputs]
    others = [path for path, identity in found if identity not in inputs]
    folder = printable_name(str(directory))
    if others:
        names = named([printable_name(str(path)) for path in others])
        one = len(others) == 1
        print_error(
            f"warning: {folder} holds {plural(len(others), 'file')} of games that this split "
            f"did not write (an earlier split's?): {names}; reading {folder} reads "
            f"{'its' if one else 'their'} games with this split's\n"
            f"  (remove {'it' if one else 'them'} if so, or split into an empty folder)"
        )
    if own:
        names = named([printable_name(str(path)) for path in own])
        print_error(
            f"note: {folder} also holds what this split read ({names}): reading {folder} "
            "reads those games twice, once as split\n"
            "  (split into another folder to keep them apart)"
        )


def _same_file(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_dev, status.st_ino


Location = tuple[int, str, int, int]
"""A game of the archive: its place in the reading (a file may be given twice), its file (as
shown), its number in the file, its first line."""


def _where(location: Location) -> str:
    _, source, number, line = location
    return f"{printable_name(source)} game {number} (line {line})"


@contextlib.contextmanager
def _readable_twice(inputs: list[files.Input]) -> Iterator[list[files.Input]]:
    """The inputs, standard input saved to a temporary file (dedupe reads them twice)."""
    if all(source.path is not None for source in inputs):
        yield inputs
        return
    with stdin_saved() as saved:
        yield [
            files.Input(source.name, saved) if source.path is None else source for source in inputs
        ]


def dedupe_command(
    paths: list[str],
    report_only: bool,
    as_json: bool,
    keep_invalid: bool,
    output: Target,
    to: str | None,
    jobs: int = 1,
) -> None:
    """``gargon dedupe``: each game once; with ``--report``, the copies found.  The games are
    read and their identities made in ``jobs`` processes."""
    from gargon_notation.archive.duplicates import Duplicates

    if as_json and not report_only:
        fail("--json goes with --report: without it, the games kept are written")
    if report_only and (output is not None or to is not None):
        fail("--report writes no game: -o and --to do not go with it")
    writable(output)  # said now, not after the games are read to find the copies
    report = _Reporter()
    duplicates: Duplicates[Location] = Duplicates()
    seen: list[tuple[Location, bytes | None, bool]] = []
    # A file named twice (or a directory and a file in it) is one set of games, not copies.
    with _readable_twice(inputs_of(paths, once=True)) as inputs, Workers(jobs) as workers:
        total = sum(source.size for source in inputs)
        try:
            with progress(total, "reading", show=not as_json, console=error_console) as advance:
                # Only read: each game without its bytes, read in half the time.
                games = enumerate(archive.iter_archive(inputs, report.empty, copies=False))
                for (place, game), found in workers.map(
                    _identified, games, size=_placed_size, send=_placed_unraw, total=total
                ):
                    advance(_size(game))
                    location = (place, game.source, game.number, game.line)
                    if isinstance(found, NotationError):
                        seen.append((location, None, False))
                        if not keep_invalid:
                            report(found)
                        continue
                    digest, finished = found
                    duplicates.see(location, digest, finished)
                    seen.append((location, digest, finished))
            if duplicates.prefixes:
                with progress(
                    total, "comparing", show=not as_json, console=error_console
                ) as advance:
                    readable = (
                        (location, game)
                        for game, (location, digest, _) in zip(
                            archive.iter_archive(inputs, copies=False), seen, strict=True
                        )
                        if digest is not None
                    )
                    for (location, game), digests in workers.map(
                        _digests, readable, size=_placed_size, send=_placed_unraw, total=total
                    ):
                        advance(_size(game))
                        duplicates.cover(location, digests)
            copies = [
                duplicates.copy_of(location, digest, finished) if digest is not None else None
                for location, digest, finished in seen
            ]
            if report_only:
                _report_copies([copy for copy in copies if copy is not None], as_json)
                report.finish()
                return
            selections = (
                archive.Selection(game, copy is None and (digest is not None or keep_invalid))
                for game, copy, (_, digest, _) in zip(
                    archive.iter_archive(inputs), copies, seen, strict=True
                )
            )
            _copy(selections, output, to, report)
        except files.FileError as error:
            fail(str(error))


def _identified(game: archive.ArchiveGame) -> tuple[bytes, bool] | NotationError:
    """The digest of the game's identity and whether it is finished, or why it cannot be
    read (the work of a worker process)."""
    from gargon_notation.archive.duplicates import identity

    try:
        record = game.record()
    except NotationError as error:
        return error
    return identity(record).digest, record.termination.finished


def _digests(game: archive.ArchiveGame) -> tuple[bytes, ...]:
    """The digests of each beginning of a readable game's decisions (a worker's work)."""
    from gargon_notation.archive.duplicates import identity

    return tuple(identity(game.record()).digests())


def _placed_unraw(placed: tuple[object, archive.ArchiveGame]) -> archive.ArchiveGame:
    return _unraw(placed[1])


def _placed_size(placed: tuple[object, archive.ArchiveGame]) -> int:
    return _size(placed[1])


def _copies(count: int) -> str:
    return f"{count} {'copy' if count == 1 else 'copies'}"


def _report_copies(copies: list[Copy[Location]], as_json: bool) -> None:
    """Each game kept that has copies, then its copies indented (in reading order)."""
    from gargon_notation.archive.duplicates import CopyKind

    if as_json:
        for copy in copies:
            _, source, number, line = copy.location
            _, kept_source, kept_number, kept_line = copy.of
            _say(
                json.dumps(
                    {
                        "source": source,
                        "game": number,
                        "line": line,
                        "kind": copy.kind.value,
                        "of": {"source": kept_source, "game": kept_number, "line": kept_line},
                    },
                    ensure_ascii=False,
                )
            )
        return
    groups: dict[Location, list[Copy[Location]]] = {}
    for copy in copies:
        groups.setdefault(copy.of, []).append(copy)
    for kept, found in sorted(groups.items()):
        _say(f"{_where(kept)}: {_copies(len(found))}")
        for copy in found:
            how = "the same game" if copy.kind is CopyKind.SAME else "an unfinished copy"
            _say(f"  {_where(copy.location)}: {how}")
    games = sum(len(found) for found in groups.values())
    _say(f"{_copies(games)} of {plural(len(groups), 'game')}")
