"""Archives cut into parts at game boundaries, so that several processes (or machines) can
read one large file at once and still give every game exactly once, in order.

A :class:`Part` is a byte range of one file that begins where a game begins, with the line
number and the game number it begins with, so that a process reading only that range gives
every game the same number, line numbers and messages as reading the whole file does.

- :func:`cut` finds the parts of a file: a file up to ``blocksize`` bytes, and a JSON
  document (read whole), is one part; a larger notation or JSON Lines file is scanned once
  for the places where it can be cut, about ``blocksize`` bytes apart (the scan splits the
  text into games exactly as every reader does, without parsing them: a few percent of the
  work of validating them).
- :func:`partitions` packs the parts of many inputs, in order, into units of work of about
  ``blocksize`` bytes (many small files together, a large file's parts one by one).
- :func:`games`, :func:`chunks` and :func:`verdicts` read one part: records, the text of
  each game, verdicts.

Notation is cut only right after a game that ended with its termination (``*`` or
``end``, any comment open on that line closed, and any comment lines that continue it):
there the splitter of :mod:`gargon_notation.notation.stream` starts afresh, so the games
on either side are those of the whole file.  JSON Lines is cut at any line.  A
file without such a place is one part, however large.

Parts are small picklable values of plain data: a process that can open ``path`` needs
nothing else.

>>> import tempfile, pathlib
>>> from gargon_notation import files
>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> games = [record_from_simulation(simulate(3, f"parts {n}")) for n in range(6)]
>>> path = pathlib.Path(tempfile.mkdtemp()) / "six.ggn"
>>> files.dump(games, path)
>>> pieces = cut(files.Input("six.ggn", path), blocksize=path.stat().st_size // 3)
>>> [(part.game, part.line) for part in pieces]
[(1, 1), (4, 123), (6, 213)]
>>> [item.number for part in pieces for item in games_of(part)]
[1, 2, 3, 4, 5, 6]
>>> [verdict.game for verdict in verdicts(pieces[1])]
[4, 5]
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator
from typing import BinaryIO, NamedTuple

import attrs

from gargon_notation import files
from gargon_notation.errors import FileError, NotationError
from gargon_notation.notation import Chunk, GameRecord, decode_lines, split_games
from gargon_notation.notation.lines import StreamLines, bounded_lines, item_bytes
from gargon_notation.parallel import RECORD_BYTES
from gargon_notation.validation import Verdict, validate_chunk, validate_record

__all__ = [
    "DEFAULT_BLOCKSIZE",
    "GameItem",
    "Part",
    "chunks",
    "cut",
    "games_of",
    "partitions",
    "verdicts",
]

DEFAULT_BLOCKSIZE = 2 * 1024 * 1024
"""Bytes of records per unit of work: about 1,400 games, some seconds of validation on one
core (and a Parquet part file of some hundred kilobytes per table)."""


class GameItem(NamedTuple):
    """One game of an archive as the verbs read it: the name of its file, its number there
    (counting every game from 1), and its record, or the error that keeps it from being
    read (a game that cannot be read is never left out silently)."""

    source: str
    number: int
    record: GameRecord | NotationError


@attrs.frozen
class Part:
    """The bytes ``start`` to ``stop`` (None: to the end) of the file at ``path``, shown as
    ``name``, in ``format``; they begin on line ``line`` with game number ``game``.
    ``size`` is their length in bytes, ``input`` the place of their file among the inputs
    (so that parts of the same file can be told apart from those of another with the same
    name)."""

    name: str
    path: str
    format: files.Format
    start: int = 0
    stop: int | None = None
    line: int = 1
    game: int = 1
    size: int = 0
    input: int = 0


def cut(source: files.Input, blocksize: int = DEFAULT_BLOCKSIZE, input: int = 0) -> list[Part]:
    """The parts of one input file, in order, each about ``blocksize`` bytes (see the module
    docstring).

    Raises :class:`~gargon_notation.errors.FileError` when the file cannot be read, or for
    standard input (which only the process that started the work can read).
    """
    if source.path is None:
        raise FileError(source.name, "standard input cannot be cut into parts: give files")
    path = os.path.abspath(source.path)  # the same for processes started elsewhere
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            format, _ = files.sniff_stream(handle, source.path)
            whole = Part(source.name, path, format, size=size, input=input)
            if size <= blocksize or format == "json":
                return [whole]
            handle.seek(0)
            places = _notation_places if format == "ggn" else _line_places
            starts = list(places(handle, source.name, blocksize))
    except OSError as error:
        raise FileError.from_os_error(source.name, error) from None
    bounds = [(0, 1, 1), *starts]
    stops = [start for start, _, _ in starts]
    return [
        attrs.evolve(
            whole, start=start, stop=stop, line=line, game=game, size=(stop or size) - start
        )
        for (start, line, game), stop in zip(bounds, [*stops, None], strict=True)
    ]


def _notation_places(
    stream: BinaryIO, name: str, blocksize: int, *, fast: bool = True
) -> Iterator[tuple[int, int, int]]:
    """(byte offset, line, game number) of the games before which a notation file is cut:
    the games of :func:`~gargon_notation.notation.split_games`, whole games of plain shape
    read at once (its fast path, :mod:`gargon_notation.notation.blocks`), their bytes
    counted as they are read; ``fast`` false reads line by line (as tests compare)."""
    wanted = blocksize
    position = 0
    line = 1  # the next line read
    starts: dict[int, int] = {}  # line number -> byte offset, of the lines not yet in a game

    def hold(raw: bytes | None, lines: int = 1) -> bool:
        """Count the bytes of the next ``lines`` lines (a whole game's, or a line's)."""
        nonlocal position, line
        if position >= wanted:
            starts[line] = position
        position += item_bytes(raw or b"")
        line += lines
        return True

    if fast:
        decoded = StreamLines(stream, name)
        decoded.hold = hold
        chunks = split_games(decoded, name)
    else:

        def read() -> Iterator[bytes]:
            for raw in bounded_lines(stream):
                hold(raw)
                yield raw

        chunks = split_games(decode_lines(read(), name), name)
    previous: Chunk | None = None
    for game, chunk in enumerate(chunks, start=1):
        at = starts.pop(chunk.first_line, None)
        if (
            at is not None
            and at >= wanted
            and previous is not None
            and previous.closed
            and previous.first_line + previous.lines == chunk.first_line
        ):
            yield at, chunk.first_line, game
            wanted = at + blocksize
        for number in [number for number in starts if number < chunk.first_line]:
            del starts[number]
        previous = chunk


def _line_places(stream: BinaryIO, name: str, blocksize: int) -> Iterator[tuple[int, int, int]]:
    """(byte offset, line, game number) of the games before which a JSON Lines file is cut:
    each a line, as :func:`gargon_notation.files.iter_games` counts them (blank lines are
    not games)."""
    wanted = blocksize
    position = 0
    game = 0
    for number, raw in enumerate(bounded_lines(stream, files.MAX_JSONL_LINE_BYTES), start=1):
        if not _blank(raw, number):
            game += 1
            if position >= wanted:
                yield position, number, game
                wanted = position + blocksize
        position += getattr(raw, "size", len(raw))


def _blank(raw: bytes, number: int) -> bool:
    """Whether a line of JSON Lines holds no game (white space only, read as the reader
    reads it)."""
    if hasattr(raw, "size"):
        return False  # a line over the limit: a game, reported as an error
    if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return not raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return False


def partitions(parts: Iterable[Part], blocksize: int = DEFAULT_BLOCKSIZE) -> list[tuple[Part, ...]]:
    """``parts`` in order, packed into units of about ``blocksize`` bytes: consecutive small
    parts together, a large one alone.

    >>> small = [Part(f"{n}.ggn", f"{n}.ggn", "ggn", size=300) for n in range(5)]
    >>> [len(unit) for unit in partitions(small, blocksize=1000)]
    [3, 2]
    """
    units: list[tuple[Part, ...]] = []
    unit: list[Part] = []
    size = 0
    for part in parts:
        if unit and size + part.size > blocksize:
            units.append(tuple(unit))
            unit, size = [], 0
        unit.append(part)
        size += part.size
    if unit:
        units.append(tuple(unit))
    return units


class _Range:
    """A file's bytes up to ``stop`` (None: to its end), read from where it stands."""

    def __init__(self, handle: BinaryIO, left: int | None) -> None:
        self._handle = handle
        self._left = left

    def read(self, size: int = -1) -> bytes:
        if self._left is None:
            return self._handle.read(size)
        if size < 0 or size > self._left:
            size = self._left
        data = self._handle.read(size)
        self._left -= len(data)
        return data


@contextlib.contextmanager
def _opened(part: Part) -> Iterator[BinaryIO]:
    try:
        with open(part.path, "rb") as handle:
            handle.seek(part.start)
            left = None if part.stop is None else part.stop - part.start
            yield _Range(handle, left)  # type: ignore[misc]
    except OSError as error:
        raise FileError.from_os_error(part.name, error) from None


def games_of(part: Part) -> Iterator[GameItem]:
    """The games of one part, each read into its record (or the error of a game that cannot
    be read).

    Raises :class:`~gargon_notation.errors.FileError` when the file cannot be read.
    """
    with _opened(part) as stream:
        items = files.iter_games(
            stream, part.format, part.name, start_line=part.line, offset=part.start
        )
        for number, item in enumerate(items, start=part.game):
            yield GameItem(part.name, number, item)


def chunks(part: Part) -> Iterator[Chunk | GameRecord]:
    """The games of one part as ``gargon validate`` takes them: the text of each notation
    game, the record of each game of JSON (a game that cannot be read: an empty chunk with
    its error).

    Raises :class:`~gargon_notation.errors.FileError` when the file cannot be read.
    """
    with _opened(part) as stream:
        if part.format == "ggn":
            lines = decode_lines(stream, part.name, start_line=part.line, offset=part.start)
            yield from split_games(lines, part.name, start_line=part.line)
            return
        items = files.iter_games(
            stream, part.format, part.name, start_line=part.line, offset=part.start
        )
        for item in items:
            yield item if isinstance(item, GameRecord) else Chunk("", item.line or 1, item)


def game_bytes(item: Chunk | GameRecord) -> int:
    """What a game counts for in the bytes ``gargon validate`` says it read: the length of
    its text for notation, :data:`~gargon_notation.parallel.RECORD_BYTES` for a record read
    from JSON (whose text is not kept); the rest of a file is counted once it is read whole.

    >>> game_bytes(Chunk("1. Ann R3\\n", 1)), game_bytes(Chunk("", 1))
    (10, 0)
    """
    return len(item.text) if isinstance(item, Chunk) else RECORD_BYTES


def verdicts(part: Part, strict: bool = False) -> list[Verdict]:
    """The verdict on every game of one part, exactly as ``gargon validate`` gives them.

    Raises :class:`~gargon_notation.errors.FileError` when the file cannot be read.
    """
    return [verdict for verdict, _ in sized_verdicts(part, strict)]


def sized_verdicts(part: Part, strict: bool = False) -> list[tuple[Verdict, int]]:
    """The verdict on every game of one part (:func:`verdicts`), each with what its game
    counts for in the bytes read (:func:`game_bytes`).

    Raises :class:`~gargon_notation.errors.FileError` when the file cannot be read.
    """
    return [
        (
            validate_chunk(item, part.name, number, strict)
            if isinstance(item, Chunk)
            else validate_record(item, part.name, number, strict),
            game_bytes(item),
        )
        for number, item in enumerate(chunks(part), start=part.game)
    ]
