"""Files: paths, directories, standard input, sniffing, streaming and atomic writes.

All file handling of the project lives here, for the library and the ``gargon`` command alike.

- :func:`load` and :func:`loads` read the games of a ``.ggn``, ``.json`` or ``.jsonl``
  source, one at a time; :func:`dump` and :func:`dumps` write them (a path is written
  atomically).
- :func:`find_inputs` expands command-line paths (files, directories searched recursively
  for ``*.ggn``, ``*.json`` and ``*.jsonl``, ``-`` for standard input) into :class:`Input`\\ s;
  :func:`open_input`, :func:`read_bytes` and :func:`sniff_stream` open and recognise them.
- :func:`atomic_write` replaces a file so that an interruption never leaves it truncated or
  half written; :func:`write_text` does so raising :class:`FileError`.

**Formats** (:data:`FORMATS`): ``"ggn"`` the notation, ``"json"`` the JSON document,
``"jsonl"`` JSON Lines, one game object a line (see :mod:`gargon_notation.jsonio`).
:func:`sniff` recognises them: by the name's suffix first (``.ggn``, ``.json``, ``.jsonl``:
a ``.ggn`` file holding JSON is read as notation, and the error of its game says first that
it looks like JSON and how to read it; the content is not looked at beforehand, so that a
notation file is read as fast as ever); any other name, and standard input, by content,
after a byte-order mark and white space:

- ``{`` then ``"format"`` is the JSON document (as ``gargon convert --to json`` writes it);
- ``{`` then a ``"`` opening a first line that is a whole JSON object (without a ``format``
  key) is JSON Lines, and so is a first line over :data:`MAX_JSONL_LINE_BYTES` (its game's
  error) that opens as an object's member does (``{"tags":``), read no further to decide;
- anything else is notation, which may begin with a brace comment ``{like this}``.

**Reading** is lenient by default: a broken game is yielded as its
:class:`~gargon_notation.errors.NotationError` and the next game is read; ``strict=True``
raises it instead.  Every format is streamed, a game at a time, in memory that does not
grow with the file (a JSON document from its first byte, never in parts).  Text is UTF-8 (a
byte-order mark is skipped); an undecodable byte makes its game an error naming its byte
offset, line and column, and the next game is read.

**Errors** of the operating system (a missing file, no permission, a full disk) are raised as
:class:`FileError`, a :class:`~gargon_notation.errors.GargonError` naming the file.

>>> import io
>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> record = record_from_simulation(simulate(3, "files"))
>>> [item == record for item in loads(dumps([record, record], "jsonl"))]
[True, True]
>>> out = io.StringIO()
>>> dump(record, out, format="json")
>>> next(load(io.BytesIO(out.getvalue().encode()))) == record
True
"""

from __future__ import annotations

import contextlib
import glob
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, BinaryIO, Literal, cast, overload

import attrs

from gargon_notation.arguments import records_argument, shown
from gargon_notation.atomic import (
    ELSEWHERE,
    NotWritable,
    atomic_files,
    atomic_write,
    atomic_writer,
    check_writable,
    make_folders,
)
from gargon_notation.errors import (
    ArgumentError,
    EncodingError,
    FileError,
    NotationError,
    binary_data,
    not_utf8,
    printable_name,
)
from gargon_notation.notation import Chunk, GameRecord, decode_lines, parse_game, split_games
from gargon_notation.notation.lines import bounded_lines
from gargon_notation.notation.stream import MAX_GAME_BYTES, MAX_GAME_CHARS, split_raw
from gargon_notation.notation.writer import write_game, write_games

if TYPE_CHECKING:
    from gargon_notation import jsonio

__all__ = [
    "ELSEWHERE",
    "FORMATS",
    "MAX_JSONL_LINE_BYTES",
    "STDIN",
    "SUFFIXES",
    "UNKNOWN_FIELD",
    "WRITTEN_TWICE",
    "FileError",
    "Format",
    "Input",
    "NotWritable",
    "RawGame",
    "atomic_files",
    "atomic_write",
    "atomic_writer",
    "check_target",
    "decode_text",
    "dump",
    "dumps",
    "fields_dropped",
    "find_inputs",
    "format_of_name",
    "iter_dumps",
    "iter_games",
    "iter_raw_games",
    "load",
    "loads",
    "make_folders",
    "once_each",
    "open_input",
    "read_bytes",
    "sniff",
    "sniff_stream",
    "write_text",
]

Format = Literal["ggn", "json", "jsonl"]
FORMATS: tuple[Format, ...] = ("ggn", "json", "jsonl")
SUFFIXES: dict[str, Format] = {".ggn": "ggn", ".json": "json", ".jsonl": "jsonl"}
"""Suffixes that decide the format by themselves (and that directories are searched for)."""
STDIN = "-"
"""The command-line path that stands for standard input."""
MAX_JSONL_LINE_BYTES = MAX_GAME_CHARS
"""The longest line of JSON Lines a reader accepts (a longer line is an error for its game)."""

_BOM = b"\xef\xbb\xbf"
_LEAD = re.compile(rb"(?:\xef\xbb\xbf|[ \t\r\n])*")
_EOL = re.compile(rb"[\r\n]")
_MEMBER = re.compile(rb'\{[ \t]*"[^"\\\r\n]*"[ \t]*:')
_HEAD = 4096
_GLOB = re.compile(r"[*?[]")


InputError = FileError
"""The name :class:`FileError` had in the command line's module (kept for old imports)."""


@attrs.frozen
class Input:
    """A file to read (``path`` None: standard input) and the name to show for it."""

    name: str
    path: Path | None

    @property
    def size(self) -> int:
        """Its size in bytes (0 for standard input)."""
        return self.path.stat().st_size if self.path is not None else 0

    @classmethod
    def stdin(cls) -> Input:
        """Standard input, shown as ``<stdin>``."""
        return cls("<stdin>", None)


def given_paths(
    paths: object, parameter: str = "paths", also: str = ""
) -> list[str | os.PathLike[str]]:
    """``paths`` as a list: one path (a text or an :class:`os.PathLike`), or several.

    Raises :class:`TypeError` naming ``parameter`` for anything else (a text is one path,
    never read as a sequence of one-letter paths), and what else it takes (``also``).

    >>> given_paths("examples/"), given_paths(("a.ggn", "b.ggn"))
    (['examples/'], ['a.ggn', 'b.ggn'])
    >>> given_paths(5)
    Traceback (most recent call last):
    TypeError: paths: a path (str or os.PathLike) or an iterable of paths, not int 5
    >>> given_paths(["a.ggn", None])
    Traceback (most recent call last):
    TypeError: paths: a path (str or os.PathLike) or an iterable of paths, not None among them
    """
    if isinstance(paths, str | os.PathLike):
        return [paths]
    wanted = f"{parameter}: a path (str or os.PathLike) or an iterable of paths{also}"
    if isinstance(paths, bytes | bytearray) or not isinstance(paths, Iterable):
        raise TypeError(f"{wanted}, not {shown(paths)}")
    listed = list(paths)
    for path in listed:
        if not isinstance(path, str | os.PathLike):
            raise TypeError(f"{wanted}, not {shown(path)} among them")
    return listed


def given_directory(directory: object) -> str | os.PathLike[str]:
    """``directory`` when it is a path (the folder of tables to write).

    >>> given_directory(5)
    Traceback (most recent call last):
    TypeError: directory: a folder's path (str or os.PathLike), not int 5
    """
    if isinstance(directory, str | os.PathLike):
        return directory
    raise TypeError(f"directory: a folder's path (str or os.PathLike), not {shown(directory)}")


def find_inputs(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    suffixes: Iterable[str] = tuple(SUFFIXES),
) -> list[Input]:
    """Expand command-line paths (one, or several): ``-`` is standard input, a file is
    itself, a directory is searched recursively for files ending in one of ``suffixes``,
    sorted by path, and a path that does not exist but holds ``*``, ``?`` or ``[`` is a
    pattern (``**`` for any depth of directories) for the files and directories it matches,
    sorted (for shells that leave a pattern unexpanded, or a quoted one).

    Raises :class:`FileError` for a path that does not exist or is neither a file nor a
    directory, and for a pattern that matches nothing; :class:`TypeError` for what is not
    paths (:func:`given_paths`).
    """
    wanted = tuple(suffix.lower() for suffix in suffixes)
    inputs: list[Input] = []
    for given in given_paths(paths):
        text = os.fspath(given)
        if text == STDIN:
            inputs.append(Input.stdin())
            continue
        if _GLOB.search(text) and not os.path.lexists(text):
            matched = sorted(glob.glob(text, recursive=True))
            if not matched:
                raise FileError(text, "no file matches this pattern")
            inputs.extend(find_inputs(matched, wanted))
            continue
        path = Path(text)
        if path.is_dir():
            found = (p for p in path.rglob("*") if p.suffix.lower() in wanted and p.is_file())
            inputs.extend(Input(str(p), p) for p in sorted(found))
        elif path.is_file():
            inputs.append(Input(text, path))
        elif path.exists():
            raise FileError(text, "not a regular file or directory")
        else:
            raise FileError(text, "no such file or directory")
    return inputs


def once_each(inputs: Iterable[Input]) -> list[Input]:
    """``inputs`` without those that name a file met before, however it was named (a
    directory and a file in it, ``./x.ggn`` and ``x.ggn``, a symbolic link and its file):
    for the verbs that count or key games across inputs, a file is read once, under the
    name it was first given.  Standard input is kept once.

    >>> names = ["examples", "examples", "./examples/seeded-game.ggn"]
    >>> [source.name for source in once_each(find_inputs(names))][:2]
    ['examples/club-night.ggn', 'examples/full-game.ggn']
    >>> len(once_each(find_inputs(names)))
    5
    """
    seen: set[tuple[int, int] | str] = set()
    kept: list[Input] = []
    for source in inputs:
        key: tuple[int, int] | str = source.name
        if source.path is not None:
            with contextlib.suppress(OSError):  # not found now: reading it will say so
                status = source.path.stat()
                # A file system without numbers for its files gives 0: its resolved path, then.
                key = (
                    (status.st_dev, status.st_ino) if status.st_ino else str(source.path.resolve())
                )
        if key not in seen:
            seen.add(key)
            kept.append(source)
    return kept


@contextlib.contextmanager
def open_input(source: Input) -> Iterator[BinaryIO]:
    """The input as a binary stream (standard input is not closed afterwards).

    Raises :class:`FileError` when it cannot be opened.
    """
    if source.path is None:
        yield sys.stdin.buffer
        return
    try:
        handle = source.path.open("rb")
    except OSError as error:
        raise FileError.from_os_error(source.name, error) from None
    with handle:
        yield handle


def read_bytes(source: Input) -> bytes:
    """The whole input.

    Raises :class:`FileError` when it cannot be read.
    """
    with open_input(source) as handle:
        try:
            return handle.read()
        except OSError as error:
            raise FileError.from_os_error(source.name, error) from None


def format_of_name(name: str | os.PathLike[str] | None) -> Format | None:
    """The format a file name's suffix decides, or None.

    >>> format_of_name("club.GGN"), format_of_name("games.jsonl"), format_of_name("notes.txt")
    ('ggn', 'jsonl', None)
    """
    if name is None:
        return None
    return SUFFIXES.get(os.path.splitext(os.fspath(name))[1].lower())


def _json_like(head: bytes) -> tuple[int, bool]:
    """Where the content starts (after byte-order marks and white space), and whether it
    opens like a JSON object whose first key is not ``"format"`` (so maybe JSON Lines)."""
    start = _LEAD.match(head).end()  # type: ignore[union-attr]
    if not head.startswith(b"{", start):
        return start, False
    key = _LEAD.match(head, start + 1).end()  # type: ignore[union-attr]
    return start, head.startswith(b'"', key) and not head.startswith(b'"format"', key)


def sniff(head: bytes, name: str | os.PathLike[str] | None = None) -> Format:
    """The format of a source from its name (see :func:`format_of_name`) or else from the
    first bytes of its content, ``head`` (see the module docstring; for JSON Lines ``head``
    must hold the whole first line).

    >>> sniff(b"", "x.ggn"), sniff(b'{"format": "gargon-notation"}'), sniff(b"{a comment}")
    ('ggn', 'json', 'ggn')
    >>> sniff(b'\\xef\\xbb\\xbf\\n{"tags": [], "rounds": []}\\n{"tags"'), sniff(b'[Event "x"]')
    ('jsonl', 'ggn')
    """
    by_name = format_of_name(name)
    if by_name is not None:
        return by_name
    start, maybe_lines = _json_like(head)
    if not head.startswith(b"{", start):
        return "ggn"
    if not maybe_lines:
        key = _LEAD.match(head, start + 1).end()  # type: ignore[union-attr]
        return "json" if head.startswith(b'"format"', key) else "ggn"
    end = _EOL.search(head, start)
    stop = end.start() if end else len(head)
    if stop - start > MAX_JSONL_LINE_BYTES:
        # A first line over the limit is its game's error whatever it holds: read no more
        # of it than of any line, and take it for JSON Lines when it opens as an object's
        # member does, so that the games after it are read.
        return "jsonl" if _MEMBER.match(head, start) else "ggn"
    import json  # here: a .ggn file never needs it

    try:
        value = json.loads(head[start:stop])
    except (ValueError, RecursionError):
        return "ggn"
    if not isinstance(value, dict):
        return "ggn"
    return "json" if "format" in value else "jsonl"


class _Prefixed(io.RawIOBase):
    """A stream that gives ``head`` again, then the rest of ``stream``."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        super().__init__()
        self._head = head
        self._stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size] = self._head[:size]
            self._head = self._head[size:]
            return size
        data = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _decided(head: bytes) -> bool:
    """Whether ``head`` is enough to tell the format, however short a piece a pipe gave."""
    start, maybe_lines = _json_like(head)
    if start == len(head):
        return False
    if not head.startswith(b"{", start):
        return True
    key = _LEAD.match(head, start + 1).end()  # type: ignore[union-attr]
    if key == len(head) or (len(head) - key < 8 and b'"format"'.startswith(head[key:])):
        return False
    return not (maybe_lines and not _EOL.search(head, start))


def _read_head(stream: IO[bytes]) -> bytes:
    """The first bytes of ``stream``: enough to sniff its format (the whole first line when
    it might be JSON Lines, up to :data:`MAX_JSONL_LINE_BYTES`)."""
    head = stream.read(_HEAD)
    while head and len(head) <= MAX_JSONL_LINE_BYTES:
        if _decided(head):
            break
        more = stream.read(max(_HEAD, len(head)))
        if not more:
            break
        head += more
    return head


def sniff_stream(
    stream: IO[bytes], name: str | os.PathLike[str] | None = None
) -> tuple[Format, BinaryIO]:
    """The format of a binary stream (by ``name`` when that decides it, else by the content
    it opens with) and a stream to read it from, from its start.

    Raises :class:`OSError` when the stream cannot be read.
    """
    by_name = format_of_name(name)
    if by_name is not None:
        return by_name, cast(BinaryIO, stream)
    head = _read_head(stream)
    return sniff(head), cast(BinaryIO, io.BufferedReader(_Prefixed(head, stream)))


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text (a byte-order mark is dropped).

    Raises :class:`~gargon_notation.errors.NotationError` naming the byte offset of the first
    undecodable byte.

    >>> decode_text(b"\\xef\\xbb\\xbfok", "x.json")
    'ok'
    >>> decode_text(b"ok\\xff", "x.json")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.EncodingError: x.json: this is not UTF-8 text: undecodable byte 0xff ...
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise EncodingError(not_utf8(data[error.start], error.start), source=name) from None


def _parse_chunk(chunk: Chunk, name: str) -> GameRecord:
    if chunk.error is not None:
        raise chunk.error
    return parse_game(chunk.text, source=name, first_line=chunk.first_line)


def _jsonl_lines(
    stream: BinaryIO, name: str, start_line: int = 1, offset: int = 0
) -> Iterator[tuple[int, bytes | None, str | NotationError]]:
    """The lines of JSON Lines: each line's number, its bytes as read (None for a line over
    the limit), and its text decoded or the error that keeps it from being read.  A line
    holding a NUL byte is binary data (no JSON holds one); an over-long one ends the reading
    (see :func:`~gargon_notation.notation.bounded_lines`)."""
    lines = bounded_lines(stream, MAX_JSONL_LINE_BYTES, start=offset == 0)
    first_offset = offset
    for number, raw in enumerate(lines, start=start_line):
        binary = getattr(raw, "offset", None)
        if binary is not None:
            error = EncodingError(
                getattr(raw, "message", None) or binary_data(first_offset + binary),
                source=name,
                line=number,
                column=getattr(raw, "column", 1),
            )
            yield number, None, error
            return
        size = getattr(raw, "size", None)
        if size is not None:
            yield (
                number,
                None,
                NotationError(
                    f"line {number} is {size} bytes long, over the limit of "
                    f"{MAX_JSONL_LINE_BYTES}; its game is skipped",
                    source=name,
                    line=number,
                    column=1,
                ),
            )
            offset += size
            continue
        data = raw
        if number == 1 and data.startswith(_BOM):
            data = data[len(_BOM) :]
            offset += len(_BOM)
        nul = data.find(b"\x00")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as problem:
            column = len(data[: problem.start].decode("utf-8", errors="replace")) + 1
            yield (
                number,
                raw,
                EncodingError(
                    not_utf8(data[problem.start], offset + problem.start),
                    source=name,
                    line=number,
                    column=column,
                ),
            )
        else:
            if nul >= 0:
                column = len(data[:nul].decode("utf-8")) + 1
                binary = EncodingError(
                    binary_data(offset + nul), source=name, line=number, column=column
                )
                yield number, raw, binary
            else:
                yield number, raw, text
        offset += len(data)


def _jsonl_games(
    stream: BinaryIO, name: str, start_line: int = 1, offset: int = 0
) -> Iterator[GameRecord | NotationError]:
    from gargon_notation import jsonio  # JSON only when a JSON form is read or written

    for _, _, item in _jsonl_raw(stream, name, jsonio, start_line, offset):
        yield item


def _jsonl_raw(
    stream: BinaryIO, name: str, jsonio: ModuleType, start_line: int = 1, offset: int = 0
) -> Iterator[tuple[int, bytes | None, GameRecord | NotationError]]:
    """The games of JSON Lines, each with its line's number, its bytes and its record (or
    error).  Blank lines are not games, but their bytes are kept: with the next game's, or at
    the end with the last game's, so that the games' bytes together are the stream's (a game
    whose blank lines run over :data:`MAX_GAME_BYTES` cannot be copied: bytes None)."""
    blank = bytearray()
    overflow = False
    held: tuple[int, bytes | None, GameRecord | NotationError] | None = None
    for number, raw, line in _jsonl_lines(stream, name, start_line, offset):
        if raw is not None and not isinstance(line, NotationError) and not line.strip():
            if len(blank) + len(raw) > MAX_GAME_BYTES:
                overflow = True
            else:
                blank += raw
            continue
        if held is not None:
            yield held
        if overflow or raw is None:
            raw = None
        elif blank:
            raw = bytes(blank) + raw
        blank.clear()
        overflow = False
        if not isinstance(line, NotationError):
            try:
                line = jsonio.game_from_line(line, name, number)
            except NotationError as error:
                line = error
        held = number, raw, line
    if held is not None:
        number, raw, item = held
        if overflow or raw is None:
            raw = None
        elif blank:
            raw += bytes(blank)
        yield number, raw, item


def fields_dropped(stream: BinaryIO, format: Format, name: str) -> tuple[int, int, str, str] | None:
    """The first field of the games of a JSON document or JSON Lines that reading them
    leaves out, so that their canonical form (``fmt``, ``annotate``) would not hold it: a
    field this version does not know (a club's own) or the derived ``"events"``
    (:func:`~gargon_notation.jsonio.dropped_fields`), a field written twice in one object
    (the reader keeps the last: :func:`~gargon_notation.jsonio.fields_twice`), or a field of
    the document beside its games that it does not write, as the line, column and JSON path
    of its value and why (:data:`UNKNOWN_FIELD`, :data:`WRITTEN_TWICE`); None when there is
    none, and for notation.  A game that cannot be read is
    passed over (a file holding one is not rewritten anyway).

    Raises :class:`OSError` when the stream cannot be read.
    """
    if format == "ggn":
        return None

    from gargon_notation import jsonio, jsonstream  # JSON only when a JSON form is read

    pieces: Iterator[tuple[int, str | None, GameRecord | NotationError]]
    beside = jsonstream.Beside()  # filled once the document is read to its end
    if format == "json":
        pieces = jsonstream.iter_document_pieces(stream, name, beside)
    else:
        pieces = _jsonl_texts(stream, name, jsonio)
    for index, (line, text, item) in enumerate(pieces):
        if text is None or not isinstance(item, GameRecord):
            continue
        path = f"$.games[{index}]" if format == "json" else "$"
        raw = jsonio.with_fields_twice(text)
        twice = jsonio.fields_twice(raw, path)
        if twice:
            return (*jsonio.locator(text, path, line)(twice[0]), twice[0], WRITTEN_TWICE)
        dropped = jsonio.dropped_fields(raw, item, path)
        if dropped:
            return (*jsonio.locator(text, path, line)(dropped[0]), dropped[0], UNKNOWN_FIELD)
    if beside.again is not None:
        field, (line, column) = beside.again
        return line, column, field, WRITTEN_TWICE
    if beside.dropped is not None:  # a field of the document's own, beside "games"
        field, (line, column) = beside.dropped
        return line, column, field, UNKNOWN_FIELD
    return None


UNKNOWN_FIELD = "gargon reads no such field, so {verb} --in-place would drop it"
"""Why :func:`fields_dropped` finds a field that a canonical form would drop: unknown (``{verb}``:
the command that would)."""
WRITTEN_TWICE = (
    "this field is written twice in its object: gargon reads this one, the last, so {verb} "
    "--in-place would drop the one before"
)
"""Why :func:`fields_dropped` finds a field that a canonical form would drop: written twice
(placed at the last, which the reader keeps)."""


def _jsonl_texts(
    stream: BinaryIO, name: str, jsonio: ModuleType
) -> Iterator[tuple[int, str | None, GameRecord | NotationError]]:
    """The games of JSON Lines, each with its line's number, its line as the reader reads
    it (without the file's byte order mark; None for a line that cannot be read) and its
    record (or error); blank lines, however many, are passed over."""
    for number, _, line in _jsonl_lines(stream, name):
        if isinstance(line, NotationError):
            yield number, None, line
        elif line.strip():
            try:
                yield number, line, jsonio.game_from_line(line, name, number)
            except NotationError as error:
                yield number, line, error


def _json_games(stream: BinaryIO, name: str) -> Iterator[GameRecord | NotationError]:
    from gargon_notation import jsonstream  # JSON only when a JSON form is read or written

    return jsonstream.iter_document_games(stream, name)


def iter_games(
    stream: BinaryIO,
    format: Format,
    name: str,
    *,
    strict: bool = False,
    start_line: int = 1,
    offset: int = 0,
) -> Iterator[GameRecord | NotationError]:
    """The games of a binary stream in a known format, one at a time.

    Lenient reading yields a broken game as its
    :class:`~gargon_notation.errors.NotationError` (for a JSON document that cannot be read
    at all, that is the only item); ``strict`` raises it.  ``start_line`` and ``offset``
    are the number and byte offset in its file of the stream's first line, when the stream
    is a part of a file that begins at a game (:mod:`gargon_notation.parts`; not for a JSON
    document, which is read from its first byte).

    Raises :class:`OSError` when the stream cannot be read.
    """
    if format == "ggn":
        lines = decode_lines(stream, name, start_line=start_line, offset=offset)
        for chunk in split_games(lines, name, start_line=start_line):
            try:
                yield _parse_chunk(chunk, name)
            except NotationError as error:
                if strict:
                    raise
                yield error
        return
    if format == "json":
        if (start_line, offset) != (1, 0):
            raise ArgumentError("a JSON document is read from its first byte, not in parts")
        items = _json_games(stream, name)
    else:
        items = _jsonl_games(stream, name, start_line, offset)
    for item in items:
        if strict and isinstance(item, NotationError):
            raise item
        yield item


RawGame = tuple[int, bytes | None, Chunk | GameRecord | NotationError]
"""A game as :func:`iter_raw_games` gives it: the line it starts on (in notation its first
that is not blank, in JSON Lines its line, in a JSON document that of its element of
``"games"``), its exact bytes (None when it cannot be copied), and for
notation the :class:`~gargon_notation.notation.Chunk` of its text (not yet parsed), for
the JSON forms the record read (or its error)."""


def iter_raw_games(stream: BinaryIO, format: Format, name: str) -> Iterator[RawGame]:
    """The games of a binary stream in a known format, each with its exact bytes, for
    copying it unchanged (see :data:`RawGame`): for notation the lines
    :func:`~gargon_notation.notation.split_games` cuts (line ends, byte-order mark,
    comments before it included), for JSON Lines its line (blank lines are not games: their
    bytes go with the next game's, those at the end with the last game's), for a JSON
    document the text of its element of ``"games"``.  Memory does not grow with the stream,
    except for a JSON document's elements (each read whole).

    Raises :class:`OSError` when the stream cannot be read.

    >>> data = b'[Players "A" "B" "C"]\\r\\n*\\r\\n\\n[Players "A" "B" "D"]\\n*\\n'
    >>> [(line, raw) for line, raw, _ in iter_raw_games(io.BytesIO(data), "ggn", "x")]
    [(1, b'[Players "A" "B" "C"]\\r\\n*\\r\\n'), (4, b'\\n[Players "A" "B" "D"]\\n*\\n')]
    """
    if format == "ggn":
        for chunk, raw in split_raw(stream, name):
            yield chunk.line, raw, chunk
        return
    from gargon_notation import jsonio, jsonstream  # JSON only when a JSON form is read

    if format == "jsonl":
        yield from _jsonl_raw(stream, name, jsonio)
        return
    for line, text, item in jsonstream.iter_document_pieces(stream, name):
        # A byte that is not UTF-8 is held as a lone surrogate (its game is an error): the
        # bytes as they were.
        raw = None if text is None else text.encode("utf-8", "surrogateescape")
        yield line, raw, item


Source = str | os.PathLike[str] | IO[bytes] | IO[str] | Input


def _check_format(format: str | None) -> None:
    if format is not None and format not in FORMATS:
        raise ArgumentError(f"unknown format {format!r}: choose one of {', '.join(FORMATS)}")


@overload
def load(
    source: Source,
    *,
    strict: Literal[True],
    format: Format | None = None,
    name: str | None = None,
) -> Iterator[GameRecord]: ...
@overload
def load(
    source: Source,
    *,
    strict: bool = False,
    format: Format | None = None,
    name: str | None = None,
) -> Iterator[GameRecord | NotationError]: ...
def load(
    source: Source,
    *,
    strict: bool = False,
    format: Format | None = None,
    name: str | None = None,
) -> Iterator[GameRecord | NotationError]:
    """The games of a ``.ggn``, ``.json`` or ``.jsonl`` source, one at a time.

    ``source`` is a path, an :class:`Input`, or a file open for reading in binary (best:
    bytes are then placed exactly) or text mode.  The format is ``format`` if given, else
    :func:`sniff`\\ ed from the name and the content.  ``name`` is the file name used in
    messages (default: the path, or the open file's ``name``).

    Yields a :class:`~gargon_notation.notation.GameRecord` for each game or (lenient
    reading, the default) the :class:`~gargon_notation.errors.NotationError` of a broken
    game; reading goes on with the next game.  A path is opened at once and closed when the
    iterator is exhausted or closed.

    Raises :class:`FileError` when the file cannot be opened (at once) or read (while
    iterating), :class:`~gargon_notation.errors.NotationError` at the first broken game with
    ``strict``, :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`)
    for an unknown ``format``, and :class:`TypeError` for a ``source`` that is none of
    those.

    >>> import os, tempfile
    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> record = record_from_simulation(simulate(4, "load"))
    >>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
    >>> dump([record, record], path)
    >>> [item == record for item in load(path)]
    [True, True]
    >>> load(path + ".missing")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.FileError: ...games.jsonl.missing: no such file or directory
    """
    _check_format(format)
    if isinstance(source, Input):
        label = name or source.name
        if source.path is None:
            return _load_stream(sys.stdin.buffer, label, strict, format, None, close=False)
        source = source.path
    if isinstance(source, str | os.PathLike):
        label = name or os.fspath(source)
        try:
            handle = open(source, "rb")  # noqa: SIM115 - closed by the generator
        except OSError as error:
            raise FileError.from_os_error(label, error) from None
        return _load_stream(handle, label, strict, format, source, close=True)
    if not callable(getattr(source, "read", None)):
        raise TypeError(
            "load: source is a path, a file open for reading or a gg.files.Input, "
            f"not {shown(source)} (gg.loads reads a string)"
        )
    label = name or str(getattr(source, "name", "<stream>"))
    binary = getattr(source, "buffer", None)
    if isinstance(source, io.TextIOBase) and binary is None:
        return loads(source.read(), strict=strict, format=format, source=label)
    stream = cast(IO[bytes], binary if isinstance(source, io.TextIOBase) else source)
    return _load_stream(stream, label, strict, format, getattr(source, "name", None), close=False)


def _load_stream(
    stream: IO[bytes],
    label: str,
    strict: bool,
    format: Format | None,
    path: object,
    *,
    close: bool,
) -> Iterator[GameRecord | NotationError]:
    try:
        name = path if isinstance(path, str | os.PathLike) else None
        if format is None:
            format, reader = sniff_stream(stream, name)
        else:
            reader = cast(BinaryIO, stream)
    except OSError as error:
        if close:
            stream.close()
        raise FileError.from_os_error(label, error) from None
    return _stream_games(stream, reader, format, label, strict, close)


def _stream_games(
    stream: IO[bytes], reader: BinaryIO, format: Format, label: str, strict: bool, close: bool
) -> Iterator[GameRecord | NotationError]:
    try:
        yield from iter_games(reader, format, label, strict=strict)
    except OSError as error:
        raise FileError.from_os_error(label, error) from None
    finally:
        if close:
            stream.close()


@overload
def loads(
    text: str | bytes,
    *,
    strict: Literal[True],
    format: Format | None = None,
    source: str = "<string>",
) -> Iterator[GameRecord]: ...
@overload
def loads(
    text: str | bytes,
    *,
    strict: bool = False,
    format: Format | None = None,
    source: str = "<string>",
) -> Iterator[GameRecord | NotationError]: ...
def loads(
    text: str | bytes,
    *,
    strict: bool = False,
    format: Format | None = None,
    source: str = "<string>",
) -> Iterator[GameRecord | NotationError]:
    """The games of a string (or of bytes, UTF-8), one at a time, like :func:`load`: an
    iterator, so that a large text is parsed game by game; wrap it in ``list()`` to read all.

    The format is ``format`` if given, else sniffed from the content (never from
    ``source``, which only names the text in messages).

    Raises :class:`~gargon_notation.errors.NotationError` at the first broken game with
    ``strict``, :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`)
    for an unknown ``format``, and :class:`TypeError` for ``text`` that is neither a string
    nor bytes.

    >>> items = list(loads('[Players "Ann" "Bob" "Cy"]\\n1. Ann R1\\n*\\n\\n1. Ann R99\\n*\\n'))
    >>> [type(item).__name__ for item in items]
    ['GameRecord', 'NotationError']
    >>> items[1].line, items[1].column
    (5, 8)
    """
    _check_format(format)
    if not isinstance(text, str | bytes | bytearray | memoryview):
        raise TypeError(
            f"loads: text is a string or bytes, not {shown(text)} (gg.load reads files)"
        )
    data = text.encode("utf-8", errors="surrogatepass") if isinstance(text, str) else bytes(text)
    if format is None:
        format = sniff(data)
    return iter_games(io.BytesIO(data), format, source, strict=strict)


Records = GameRecord | Iterable[GameRecord]


def dumps(
    records: Records, format: Format = "ggn", *, events: jsonio.EventsFunction | None = None
) -> str:
    """The text of one record or of several, in ``format``: ``"ggn"`` canonical notation
    (games separated by a blank line), ``"json"`` the JSON document, ``"jsonl"`` JSON Lines.
    ``events`` (JSON forms only) adds each game's derived events; see
    :mod:`gargon_notation.jsonio`.

    Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for an
    unknown format, ``events`` with ``"ggn"``, and the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read among
    the records (as lenient :func:`load` gives them: leave them out, or load with
    ``strict=True``); :class:`TypeError` for anything else that is not a record.

    >>> from gargon_notation.notation import parse_game
    >>> record = parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann R1\\n*\\n')
    >>> print(dumps(record), end="")
    [Players "Ann" "Bob" "Cy"]
    1. Ann R1
    *
    >>> print(dumps(record, "jsonl"), end="")  # doctest: +ELLIPSIS
    {"tags":[{"name":"Players","values":["Ann","Bob","Cy"]}],"rounds":[{"number":1,...}
    """
    return _dumps(records, format, events, "dumps")


def _dumps(
    records: Records, format: Format, events: jsonio.EventsFunction | None, function: str
) -> str:
    _check_format(format)
    games = records_argument(records, function)
    if format == "ggn":
        if events is not None:
            raise ArgumentError("events are written in the JSON forms only, not in notation")
        return write_games(games)
    from gargon_notation import jsonio

    if format == "json":
        return jsonio.dumps(games, events=events)
    return jsonio.dumps_lines(games, events=events)


def iter_dumps(
    records: Iterable[GameRecord],
    format: Format = "ggn",
    *,
    events: jsonio.EventsFunction | None = None,
) -> Iterator[str]:
    """:func:`dumps` in pieces, one game at a time, for output in constant memory; the pieces
    join to exactly the text :func:`dumps` gives.

    >>> from gargon_notation.notation import parse_game
    >>> games = [parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n')] * 2
    >>> all("".join(iter_dumps(games, f)) == dumps(games, f) for f in ("ggn", "json", "jsonl"))
    True
    """
    _check_format(format)
    if format == "ggn":
        if events is not None:
            raise ArgumentError("events are written in the JSON forms only, not in notation")
        for index, record in enumerate(records_argument(records, "iter_dumps")):
            yield write_game(record) if index == 0 else "\n" + write_game(record)
        return
    from gargon_notation import jsonio

    if format == "json":
        yield from jsonio.iter_dumps(records_argument(records, "iter_dumps"), events=events)
        return
    for record in records_argument(records, "iter_dumps"):
        yield jsonio.dumps_lines([record], events=events)


def dump(
    records: Records,
    target: str | os.PathLike[str] | IO[str] | IO[bytes],
    *,
    format: Format | None = None,
    events: jsonio.EventsFunction | None = None,
) -> None:
    """Write one record or several to ``target``: a path, replaced atomically (see
    :func:`atomic_write`; the format, unless given, from its suffix: ``.ggn``, ``.json`` or
    ``.jsonl``, and notation for a name without a suffix), or a file open for writing
    (format default ``"ggn"``).

    Raises :class:`FileError` when the file cannot be written,
    :class:`~gargon_notation.errors.ArgumentError` as :func:`dumps` does and for a path
    with another suffix (``games.xml``) when no ``format`` is given (nothing is written),
    and :class:`TypeError` for a ``target`` that is neither a path nor an open file.

    >>> import io
    >>> from gargon_notation.notation import parse_game
    >>> out = io.StringIO()
    >>> dump(parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n'), out)
    >>> out.getvalue()
    '[Players "Ann" "Bob" "Cy"]\\n*\\n'
    """
    if isinstance(target, str | os.PathLike):
        chosen = format or _format_of_path(target)
        write_text(target, _dumps(records, chosen, events, "dump"), "write to another path")
        return
    if not callable(getattr(target, "write", None)):
        raise TypeError(f"dump: target is a path or a file open for writing, not {shown(target)}")
    text = _dumps(records, format or "ggn", events, "dump")
    label = str(getattr(target, "name", "<stream>"))
    try:
        if isinstance(target, io.RawIOBase | io.BufferedIOBase):
            data = memoryview(text.encode("utf-8"))
            while data:  # a raw stream may take part of it
                data = data[target.write(data) or len(data) :]
        else:
            cast(IO[str], target).write(text)
    except OSError as error:
        raise FileError.from_os_error(label, error) from None


def _format_of_path(path: str | os.PathLike[str]) -> Format:
    """The format of a path to write, from its suffix (notation for none).

    >>> _format_of_path("games.xml")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: dump: games.xml: a name ending in '.xml' says no ...
    """
    found = format_of_name(path)
    if found is not None:
        return found
    suffix = os.path.splitext(os.fspath(path))[1]
    if not suffix:
        return "ggn"
    raise ArgumentError(
        f"dump: {printable_name(os.fspath(path))}: a name ending in {suffix!r} says no format "
        f"of ours ({', '.join(SUFFIXES)}): give format= (one of {', '.join(FORMATS)}) to write "
        "it anyway"
    )


def check_target(path: str | os.PathLike[str], elsewhere: str = ELSEWHERE) -> None:
    """Check ahead that ``path`` can be written as :func:`write_text` writes it, writing
    nothing (:func:`~gargon_notation.atomic.check_writable`).

    Raises :class:`FileError` naming ``path`` when it cannot (a refusal suggests
    ``elsewhere``).
    """
    try:
        check_writable(path, elsewhere)
    except OSError as error:
        raise FileError.from_os_error(os.fspath(path), error) from None


def write_text(path: str | os.PathLike[str], text: str, elsewhere: str = ELSEWHERE) -> None:
    """Replace ``path`` with ``text`` atomically, as :func:`atomic_write` does.

    Raises :class:`FileError` naming ``path`` when it cannot be written (a refusal suggests
    ``elsewhere``).
    """
    try:
        atomic_write(path, text, elsewhere)
    except OSError as error:
        raise FileError.from_os_error(os.fspath(path), error) from None
