"""Reading a stream of bytes a line at a time, in bounded memory, and decoding the lines.

:func:`bounded_lines` gives the lines of a binary stream, each with its own line end (LF,
CRLF or a lone CR); :func:`decode_lines` decodes them from UTF-8 one at a time (a
byte-order mark is skipped), each with the :class:`~gargon_notation.errors.EncodingError`
it caused, if any, naming the byte offset (a line holding a NUL byte, which no text of a
record holds, is binary data).  The splitter of games
(:mod:`gargon_notation.notation.stream`) reads what they give.

Limits keep memory bounded on hostile input: a line longer than :data:`MAX_LINE_BYTES` is
never read whole (it comes as a stand-in holding its first and last few bytes, with an error
that makes its game a NotationError, and the rest of the line is skipped); a line over the
limit that holds a NUL byte is binary data, and the reading stops there; a stream whose first
bytes are UTF-16 or UTF-32 text, or an HTML page, is said to be so, and not read.

This is the hot path of reading: after a block's first line, the block's other lines are
split and decoded in one go when they can be, not in a loop of Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import BinaryIO

from gargon_notation.errors import EncodingError, NotationError, binary_data, not_utf8, wide_text

__all__ = ["MAX_LINE_BYTES", "StreamLines", "bounded_lines", "decode_lines"]

MAX_LINE_BYTES = 100_000
"""The longest line a reader accepts, in bytes (a real line is well under 1,000)."""


def _line_too_long(message: str, source: str, line: int) -> NotationError:
    error = NotationError(message, source=source, line=line, column=1)
    error.too_long = True  # type: ignore[attr-defined]
    return error


class _TooLong(bytes):
    """Stands for a line over the limit: its first and last few bytes (enough to tell where
    games begin and end), while ``size`` is the line's full length."""

    size: int


class _Binary(bytes):
    """Stands for the rest of a stream that holds a NUL byte: binary data, not text; the
    reading stops there.  ``offset`` is the NUL's byte offset, ``column`` its column."""

    offset: int
    column: int


class _Wide(_Binary):
    """Stands for a whole stream of UTF-16 or UTF-32 text, or an HTML page
    (:func:`~gargon_notation.errors.wide_text`):
    ``message`` says so; nothing of it is read."""

    message: str


_EOL = re.compile(rb"\r\n|\r|\n")
_BOM = b"\xef\xbb\xbf"
_BLOCK = 1 << 16
_KEEP = 256


def _too_long(head: bytes, tail: bytes, size: int) -> _TooLong:
    cut = _TooLong(head[:_KEEP] + b" ... " + tail[-_KEEP:] + b"\n")
    cut.size = size
    return cut


class _Run(bytes):
    """Whole lines of one block of the stream, each with its line end and none over the
    limit, given out together (see :func:`_bounded`)."""


def bounded_lines(
    stream: BinaryIO, limit: int = MAX_LINE_BYTES, *, start: bool = True
) -> Iterator[bytes]:
    """The lines of a binary stream, each with its own line end (LF, CRLF or a lone CR),
    never holding more than about ``limit`` bytes of one line: a longer line comes as a
    marked stand-in holding its first and last few bytes, and the rest is skipped.  A line
    over the limit that holds a NUL byte within it (binary data: ``/dev/zero``, an image)
    ends the reading with a marked stand-in; so does a stream whose first bytes are UTF-16
    or UTF-32 text, or an HTML page, when it is a file's ``start`` (not a part of a file)."""
    for line in _bounded(stream, limit, start):
        if type(line) is _Run:
            yield from line.splitlines(keepends=True)  # the same line ends as _EOL
        else:
            yield line


def _bounded(
    stream: BinaryIO, limit: int, start_of_file: bool = True, block: int | None = None
) -> Iterator[bytes]:
    """:func:`bounded_lines`, where the lines of a block after its first come as one
    :class:`_Run` when no line of the block can be over the limit: split in C, not in a
    loop of Python.  ``block``: the bytes read at a time (:data:`_BLOCK`; tests take a few)."""
    block = block or _BLOCK
    runs = limit >= block  # a line after a block's first is at most a block long
    carry = bytearray()
    head = tail = b""
    size = 0
    consumed = 0
    binary: _Binary | None = None
    while binary is None:
        data = stream.read(block)
        if not data:
            break
        if data.endswith(b"\r"):
            data += stream.read(1)  # so that a CRLF is never cut in two
        if start_of_file and not consumed and (message := wide_text(data)) is not None:
            binary = _Wide(b"")
            binary.offset, binary.column, binary.message = 0, 1, message
            break
        start = 0
        for end_of_line in _EOL.finditer(data):
            if start and runs:
                run_end = max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
                yield _Run(data[start:run_end])
                start = run_end
                break
            end = end_of_line.end()
            size += end - start
            if size > limit and size - len(end_of_line.group()) > limit:
                last = (tail + data[start : end_of_line.start()])[-_KEEP:]
                yield _too_long(head or bytes(carry), last, size)
                carry.clear()
                head = tail = b""
            elif carry:
                carry += data[start:end]
                yield bytes(carry)
                carry.clear()
            else:
                yield data[start:end]  # the usual line, within one block
            size = 0
            start = end
        rest = data[start:]
        size += len(rest)
        if size <= limit:
            carry += rest
        else:
            if not head and (b"\x00" in carry or b"\x00" in rest):
                # A line over the limit holding a NUL: binary data (/dev/zero, an image),
                # whose "line" may never end.  The reading stops here.
                line = bytes(carry) + rest
                binary = _Binary(b"")
                binary.offset = consumed + start - len(carry) + line.find(b"\x00")
                binary.column = line.find(b"\x00") + 1
                break
            if not head:
                head = bytes(carry[:_KEEP]) + rest[: max(0, _KEEP - len(carry))]
            tail = (tail + rest)[-_KEEP:]
            carry.clear()
        consumed += len(data)
    if binary is not None:
        yield binary
    elif size > limit:
        yield _too_long(head, tail, size)
    elif size:
        yield bytes(carry)


def decode_lines(
    data: Iterable[bytes] | BinaryIO, source: str, *, start_line: int = 1, offset: int = 0
) -> Iterator[tuple[str, NotationError | None]]:
    """Decode lines of bytes; each comes with the decoding error it caused, if any.

    A binary stream is read with :func:`bounded_lines` (the lines come as a
    :class:`StreamLines`, which the splitter of games reads a block at a time); a line over
    the limit comes as an empty line with its error.  ``start_line`` and ``offset`` are the
    number and byte offset of the first line in its file, for the errors' places (a part of
    a file cut at a line).
    """
    if hasattr(data, "read"):
        return StreamLines(data, source, start_line=start_line, offset=offset)  # type: ignore[arg-type]
    return _decoded(data, source, start_line, offset)


class StreamLines:
    """The decoded lines of a binary stream, as :func:`decode_lines` gives them; the
    splitter of games (:mod:`gargon_notation.notation.blocks`) reads the stream itself, a
    block at a time.  ``limit`` and ``block`` are those of :func:`bounded_lines` (tests
    take small ones); ``hold``, when set, is given the bytes of what the splitter reads
    before it reads it (see :func:`~gargon_notation.notation.blocks.items`): a line's, a
    stand-in's, or a whole game's, with its number of lines."""

    def __init__(
        self,
        stream: BinaryIO,
        source: str,
        *,
        start_line: int = 1,
        offset: int = 0,
        limit: int = MAX_LINE_BYTES,
        block: int | None = None,
    ) -> None:
        self.stream = stream
        self.source = source
        self.start_line = start_line
        self.offset = offset
        self.limit = limit
        self.block = block
        self.hold: Callable[[bytes | None, int], bool] | None = None
        self._lines: Iterator[tuple[str, NotationError | None]] | None = None

    def blocks(self) -> Iterator[bytes]:
        """What :func:`bounded_lines` reads, a block's lines after its first as one
        :class:`_Run`.  The stream is read once: its lines, or this."""
        return _bounded(self.stream, self.limit, self.offset == 0, self.block)

    def __iter__(self) -> Iterator[tuple[str, NotationError | None]]:
        if self._lines is None:
            self._lines = _decoded(self.blocks(), self.source, self.start_line, self.offset)
        return self._lines

    def __next__(self) -> tuple[str, NotationError | None]:
        return next(iter(self))


def decode_block(
    raw: bytes, source: str, start_line: int, offset: int
) -> Generator[tuple[str, NotationError | None], None, int]:
    """The decoded lines of one item of :meth:`StreamLines.blocks` (a line, or a
    :class:`_Run` of lines), ``start_line`` and ``offset`` being its first line's number
    and byte offset: what :func:`decode_lines` gives for them in the whole stream; returns
    the number of its last line."""
    return _decoded((raw,), source, start_line, offset)


def raw_lines(raw: bytes) -> list[bytes]:
    """The bytes of each line of one item of :meth:`StreamLines.blocks`, as
    :func:`bounded_lines` gives them: a stand-in (a line over the limit, binary data),
    whose bytes are not all read, as itself (not of the type ``bytes``;
    :func:`item_bytes` tells how many bytes it stands for)."""
    if type(raw) is _Run:
        return raw.splitlines(keepends=True)
    return [raw]


def plain_text(raw: bytes) -> str | None:
    """One item of :meth:`StreamLines.blocks` decoded at once when its lines are plain:
    UTF-8 without a byte-order mark, a NUL or a CR, so that each of its lines (ended by LF)
    is what :func:`decode_lines` gives for it, with no error; else None."""
    if type(raw) is not bytes and type(raw) is not _Run:
        return None  # a stand-in for a line over the limit, or binary data
    if raw.find(b"\r") >= 0 or raw.find(b"\x00") >= 0:
        return None
    if raw.find(b"\xef") >= 0 and raw.find(_BOM) >= 0:  # (the first search is the faster)
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def item_bytes(raw: bytes) -> int:
    """How many bytes of the stream one item of :meth:`StreamLines.blocks` stands for (a
    stand-in for a line over the limit: the whole line's)."""
    return raw.size if isinstance(raw, _TooLong) else len(raw)


def _decoded(
    lines: Iterable[bytes], source: str, start_line: int, offset: int
) -> Generator[tuple[str, NotationError | None], None, int]:
    """:func:`decode_lines` of lines of bytes (or of :meth:`StreamLines.blocks`); returns
    the number of the last line."""
    number = start_line - 1
    for raw in lines:
        number += 1
        if type(raw) is _Run:
            # Whole lines at once when they are plain UTF-8, without a byte-order mark or a
            # character that str.splitlines would end a line at and bytes.splitlines not.
            try:
                plain = raw.find(_BOM) < 0 and raw.find(b"\x00") < 0
                text = raw.decode("utf-8") if plain else None
            except UnicodeDecodeError:
                text = None
            many = text.splitlines(keepends=True) if text is not None else []
            # As many lines as LF, CRLF and CR end (the run ends with a line end): no other.
            if many and len(many) == raw.count(b"\n") + raw.count(b"\r") - raw.count(b"\r\n"):
                number += len(many) - 1
                offset += len(raw)
                for line in many:
                    yield line, None
                continue
            # Else line by line, as any other lines.
            many_raw = raw.splitlines(keepends=True)
            yield from _decoded(many_raw, source, number, offset)
            number += len(many_raw) - 1
            offset += len(raw)
            continue
        error = None
        if type(raw) is bytes and not raw.startswith(b"\xef\xbb\xbf") and b"\x00" not in raw:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                pass  # placed below
            else:
                offset += len(raw)
                yield line, None
                continue
        if isinstance(raw, _Binary):
            message = raw.message if isinstance(raw, _Wide) else binary_data(raw.offset)
            yield "", EncodingError(message, source=source, line=number, column=raw.column)
            return number
        if isinstance(raw, _TooLong):
            yield (
                raw.decode("utf-8", errors="replace"),
                _line_too_long(
                    f"line {number} is {raw.size} bytes long, over the limit of {MAX_LINE_BYTES}; "
                    "its game is skipped",
                    source,
                    number,
                ),
            )
            offset += raw.size
            continue
        while raw.startswith(b"\xef\xbb\xbf"):
            offset += 3
            raw = raw[3:]
        at = raw.find(b"\x00")  # never notation: binary data (a program, an image)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as problem:
            line = raw.decode("utf-8", errors="replace")
            at = problem.start if at < 0 else at
        if at >= 0:
            column = len(raw[:at].decode("utf-8", errors="replace")) + 1
            error = EncodingError(
                not_utf8(raw[at], offset + at) if raw[at] else binary_data(offset + at),
                source=source,
                line=number,
                column=column,
                excerpt=line.rstrip("\r\n"),
            )
        offset += len(raw)
        yield line, error
    return number
