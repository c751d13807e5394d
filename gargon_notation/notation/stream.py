"""Splitting a file into games, one line at a time, so memory never depends on file size.

Rules (docs/notation.md, "Files holding many games"):

- A game's setup, rounds or termination begin on its first line whose text after any tags
  begins with a round number, ``deal``, ``pile``, ``*`` or ``end`` (:data:`GAME_LINE`; a
  ``*`` with text after it, ``* Thursday club night``, is no ending but a stray line).
  Until then other lines begin and end nothing (a stray line among the tags, a blank line),
  and a tag left open at the end of a line goes on on the next when that begins with a
  quoted value or ``]`` (or holds the closing quote of a value cut in two by a lone CR, and
  is not itself a tag or a game's line): that line is read from after the tag's ``]``.
- A game ends with the line holding its termination marker (``*`` or the word ``end``
  outside comments and quotes) once its setup, rounds or termination began (or at the end
  of a line over the limit, whose middle is unread); when a ``{`` comment opened on that
  line is still open, the game ends with the line that closes it.
- Lines after that, up to the next game's first token, belong to the next game (its leading
  comments).  Comments after the last game belong to the last game (its termination's).
- A line beginning with ``[`` after a game's rounds or setup began starts a new game even
  without a termination marker: the unfinished text is reported as one broken game and the
  next game is still read.  So does one with a tag the game already has, after a stray line
  among its tags (a record of tags only, a note and no ending, before the next game).
  Rounds and the termination may follow the tags on their line
  (``[Players "A" "B" "C"] 1. A R1 *`` is a whole game).
- After a termination line that ends in a ``;`` comment, indented lines holding only
  comments continue that termination (the writer puts comments that follow a ``;`` comment
  there), and so belong to its game.
- Text that is not a game never makes a game of its own: a line that is neither a tag, nor a
  round (``1.``), nor setup (``deal``, ``pile``), nor an ending, before a game's first tag or
  round, or among its tags, belongs to that game (whose error it is), and after the last game
  to the last game.

Lines are decoded from UTF-8 one at a time (a byte-order mark is skipped); an undecodable
line makes its game a :class:`NotationError` naming the byte offset.

Limits keep memory bounded on hostile input: a line longer than :data:`MAX_LINE_BYTES` is
never read whole (its game becomes a NotationError and the rest of the line is skipped), and
a game longer than :data:`MAX_GAME_CHARS` is not kept (its game becomes a NotationError; the
next game is read as usual).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import BinaryIO

import attrs

from gargon_notation.errors import EncodingError, NotationError, binary_data, not_utf8, utf16

__all__ = [
    "GAME_LINE",
    "MAX_GAME_BYTES",
    "MAX_GAME_CHARS",
    "MAX_LINE_BYTES",
    "Chunk",
    "bounded_lines",
    "decode_lines",
    "game_line",
    "json_like",
    "line_text",
    "looks_like_json",
    "split_games",
    "split_raw",
]

MAX_LINE_BYTES = 100_000
"""The longest line a reader accepts, in bytes (a real line is well under 1,000)."""
MAX_GAME_CHARS = 2_000_000
"""The longest game a reader keeps, in characters (a real game is a few thousand)."""
MAX_GAME_BYTES = 4 * MAX_GAME_CHARS
"""The most bytes :func:`split_raw` holds for the games it has not yet given out: past it,
the bytes of those games are dropped (they cannot be copied; their text is still read)."""

# A quote that is not closed on its line is left as it is, and no later quote of the line
# can open a string either (every later quote is escaped): the pattern takes the rest of the
# line at once, so that a line of many unclosed quotes is read in linear time.
_HIDDEN = re.compile(r'\{[^}]*\}|"(?:[^"\\\n]|\\.)*+(?:(?P<closed>")|.*)|;.*|\{.*', re.DOTALL)
_HIDDEN_NO_QUOTE = re.compile(r"\{[^}]*\}|;.*|\{.*", re.DOTALL)
_QUOTED = re.compile(r'"[^"\n]*"')
"""A closed quote, in a line without comments or backslashes (blanked as _HIDDEN blanks it;
an unclosed quote is left as it is, as there)."""
_END = re.compile(r"(?<![\w'-])end(?![\w'-])")
_TAGS = re.compile(r"(?:\[[^\]]*+\][ \t]*+)++")
"""Tags at the start of a line (quoted values blanked): what follows is movetext."""
GAME_LINE = re.compile(
    r"(?:[0-9]+\.|deal(?![\w'-])|pile(?![\w'-])|\*(?![ \t]*[^ \t\n{;])|end(?![\w'-]))"
)
"""The start of a line that only a game holds: a round, setup or an ending; after a game's
tags, the line where its setup, rounds or termination begin.  A ``*`` is the ending only
alone, only comments after it (2.1, 7): ``* Thursday club night`` is a note, no ending."""
_TAG_NAME = re.compile(r"(?:^|\])[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)")
"""The name of each tag of a line of tags (quoted values blanked)."""
_VALUE_END = re.compile(r'(?:[^"\\\n]|\\.)*+"')
"""The rest of a quoted value cut in two by a line end (a lone CR in a tag value), up to
its closing quote."""


_LEADING_BLANKS = re.compile("[ \t\r\n\ufeff]*")  # blank, or a byte-order mark
_LINE_BREAK = re.compile("\r\n?|\n")


def game_line(text: str, first_line: int = 1) -> int:
    """The line a game's text starts on when its first line is ``first_line``: its first
    line that is not blank (a comment before its tags, else its first tag), the line a
    reader is pointed to; ``first_line`` for text that is all blank.

    >>> game_line('\\n  \\n; the final\\n[Players "A" "B" "C"]\\n*\\n', 40)
    42
    >>> game_line("", 7), game_line("\\n\\n", 7), game_line("\\r\\r\\n[Event", 7)
    (7, 7, 9)
    """
    end = _LEADING_BLANKS.match(text).end()  # type: ignore[union-attr]
    if end == len(text):
        return first_line
    if "\r" not in text[:end]:
        return first_line + text.count("\n", 0, end)
    return first_line + len(_LINE_BREAK.findall(text, 0, end))  # text not yet normalised


_OVER_LIMIT = ("the game starting", "this looks like JSON")
"""How the error of a game over the size limit begins (made once a game: each further line
of the game would make it again from the whole part kept)."""
_JSON_OBJECT = re.compile(r'[\s\ufeff]*\{\s*"(?:[^"\\\n]|\\.)*"\s*:')
"""The opening of a JSON object, up to the colon after its first key (no game opens so: a
brace comment holding a quoted word and a colon, then an error, is the rare exception)."""
_JSON_DOCUMENT = re.compile(r'[\s\ufeff]*\{\s*"format"\s*:')
"""The opening of the JSON document (gargon_notation.jsonio), whose first key is format."""


def json_like(text: str) -> bool:
    """Whether a game's ``text`` opens as a JSON object does, up to the colon after its
    first key: a JSON file under a ``.ggn`` name, or JSON given as notation.

    >>> json_like('{"format": "gargon-notation"'), json_like('{a comment}\\n[Event "x"]')
    (True, False)
    """
    return _JSON_OBJECT.match(text) is not None


def looks_like_json(error: NotationError, text: str) -> NotationError:
    """``error``, of a game whose ``text`` opens as a JSON object (:func:`json_like`),
    saying first that the text looks like JSON (the JSON document, or JSON Lines) and how
    to read it so; what the notation reader found follows, at its place.

    >>> error = NotationError("expected a tag, not ','", source="x.ggn", line=1, column=9)
    >>> text = '{"format": "gargon-notation",'
    >>> print(looks_like_json(error, text).message)  # doctest: +NORMALIZE_WHITESPACE
    this looks like JSON, not notation: give the file a .json name (gg.load and gg.loads:
    format='json') (as notation: expected a tag, not ',')
    """
    if _JSON_DOCUMENT.match(text) is not None:
        how = "give the file a .json name (gg.load and gg.loads: format='json')"
    else:
        how = "give the file a .jsonl name, JSON Lines (gg.load and gg.loads: format='jsonl')"
    return NotationError(
        f"this looks like JSON, not notation: {how} (as notation: {error.message})",
        source=error.source,
        line=error.line,
        column=error.column,
        excerpt=error.excerpt,
    )


@attrs.frozen
class Chunk:
    """The text of one game (LF line endings), the file line that text starts on, and any
    decode error.

    ``lines`` is how many lines of the file the game holds (its leading comments and blank
    lines included, and a broken line among them, which is given out before the game as one
    of its own and is a blank line of its text); ``closed`` is whether it ends with its
    termination (``*`` or ``end``, and any comment still open on that line closed): a game
    that is not closed would take in the lines that follow it, were other text put after it.
    :attr:`line` is the game's own line, after the blank lines it holds before it.
    """

    text: str
    first_line: int
    error: NotationError | None = None
    lines: int = attrs.field(default=1, eq=False, repr=False, kw_only=True)
    closed: bool = attrs.field(default=False, eq=False, repr=False, kw_only=True)

    @property
    def line(self) -> int:
        """The line the game starts on: its first that is not blank (:func:`game_line`).

        >>> Chunk('\\n[Players "A" "B" "C"]\\n*\\n', 39).line
        40
        """
        return game_line(self.text, self.first_line)


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


class _Utf16(_Binary):
    """Stands for a whole stream of UTF-16 text (:func:`~gargon_notation.errors.utf16`):
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
    text, when it is a file's ``start`` (not a part of a file)."""
    for line in _bounded(stream, limit, start):
        if type(line) is _Run:
            yield from line.splitlines(keepends=True)  # the same line ends as _EOL
        else:
            yield line


def _bounded(stream: BinaryIO, limit: int, start_of_file: bool = True) -> Iterator[bytes]:
    """:func:`bounded_lines`, where the lines of a block after its first come as one
    :class:`_Run` when no line of the block can be over the limit: split in C, not in a
    loop of Python."""
    runs = limit >= _BLOCK  # a line after a block's first is at most a block long
    carry = bytearray()
    head = tail = b""
    size = 0
    consumed = 0
    binary: _Binary | None = None
    while binary is None:
        data = stream.read(_BLOCK)
        if not data:
            break
        if data.endswith(b"\r"):
            data += stream.read(1)  # so that a CRLF is never cut in two
        if start_of_file and not consumed and (message := utf16(data)) is not None:
            binary = _Utf16(b"")
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

    A binary stream is read with :func:`bounded_lines`; a line over the limit comes as an
    empty line with its error.  ``start_line`` and ``offset`` are the number and byte offset
    of the first line in its file, for the errors' places (a part of a file cut at a line).
    """
    if hasattr(data, "read"):
        lines: Iterable[bytes] = _bounded(data, MAX_LINE_BYTES, offset == 0)  # type: ignore[arg-type]
    else:
        lines = data
    number = start_line - 1
    for raw in lines:
        number += 1
        if type(raw) is _Run:
            # Whole lines at once when they are plain UTF-8, without a byte-order mark or a
            # character that str.splitlines would end a line at and bytes.splitlines not.
            try:
                text = raw.decode("utf-8") if raw.find(_BOM) < 0 else None
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
            yield from decode_lines(many_raw, source, start_line=number, offset=offset)
            number += len(many_raw) - 1
            offset += len(raw)
            continue
        error = None
        if type(raw) is bytes and not raw.startswith(b"\xef\xbb\xbf"):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                pass  # placed below
            else:
                offset += len(raw)
                yield line, None
                continue
        if isinstance(raw, _Binary):
            message = raw.message if isinstance(raw, _Utf16) else binary_data(raw.offset)
            yield "", EncodingError(message, source=source, line=number, column=raw.column)
            return
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
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as problem:
            line = raw.decode("utf-8", errors="replace")
            # A NUL as well: not text at all (a program, an image), said as binary data.
            at = raw.find(b"\x00")
            at = problem.start if at < 0 else at
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


def _scan(line: str, in_brace: bool) -> tuple[str, bool, bool]:
    """The line's significant text (comments removed, quotes blanked), the brace state, and
    whether the line ends in a ``;`` comment."""
    if in_brace:
        close = line.find("}")
        if close < 0:
            return "", True, False
        line = line[close + 1 :]
    if "{" not in line and ";" not in line:
        if '"' not in line:
            return line, False, False
        if "\\" not in line and line.find("\n", 0, len(line) - 1) < 0:
            # Quotes only, none escaped, one line (tag lines): no callback needed.
            return _QUOTED.sub(" x ", line), False, False
    opened = commented = False

    def hide(match: re.Match[str]) -> str:
        nonlocal opened, commented
        text = match.group()
        if text[0] == '"':
            if match.group("closed") is None:
                return '"' + _HIDDEN_NO_QUOTE.sub(hide, text[1:])
            return " x "
        if text[0] == "{" and not text.endswith("}"):
            opened = True
        commented = commented or text[0] == ";"
        return " "

    significant = _HIDDEN.sub(hide, line)
    return significant, opened, commented


def line_text(line: str, in_brace: bool = False) -> tuple[str, bool]:
    """A line's text outside comments, as the splitter reads it to tell where a game's
    movetext begins (quoted text blanked, blanks stripped), and whether a brace comment is
    open at its end; ``in_brace``: whether one is open at its start.

    >>> line_text('{club} [Site "x"] ; more\\n')
    ('[Site  x ]', False)
    >>> line_text("still a comment} 1. A R1 {and another\\n", in_brace=True)
    ('1. A R1', True)
    """
    significant, still_open, _ = _scan(line, in_brace)
    return significant.strip(), still_open


def split_games(
    lines: Iterable[tuple[str, NotationError | None]],
    source: str = "<stream>",
    *,
    start_line: int = 1,
) -> Iterator[Chunk]:
    """Group decoded lines into games (see the module docstring); ``source`` names the file
    in the error of a game over the size limit; ``start_line`` is the first line's number."""
    pending: Chunk | None = None
    buffer: list[str] = []
    first_line = 1
    content = movetext = waiting = started = continued = ended = False
    in_brace = open_quote = False
    open_tag = ""  # the text of a tag left open at the end of the last line, before movetext
    tag_names: set[str] = set()  # the game's tag names before its movetext
    strayed = False  # a stray line among the game's tags
    error: NotationError | None = None

    size = count = 0

    def take() -> Chunk:
        nonlocal buffer, content, movetext, waiting, started, ended, error, size, count
        nonlocal open_tag, tag_names, strayed
        closed = ended and not in_brace
        chunk = Chunk("".join(buffer), first_line, error, lines=count, closed=closed)
        buffer = []
        content = movetext = waiting = started = ended = False
        open_tag = ""
        tag_names = set()
        strayed = False
        error = None
        size = count = 0
        return chunk

    def keep(line: str) -> None:
        """Add a line to the game, unless the game is already over the size limit."""
        nonlocal size, count
        count += 1
        size += len(line)
        if size <= MAX_GAME_CHARS:
            buffer.append(line)
        else:
            over_limit()

    def over_limit() -> None:
        nonlocal error
        if error is None or not error.message.startswith(_OVER_LIMIT):
            kept = "".join(buffer)  # once a game, the part kept
            line = game_line(kept, first_line)
            error = NotationError(
                f"the game starting at line {line} is over the limit of "
                f"{MAX_GAME_CHARS} characters; it is skipped",
                source=source,
                line=line,
                column=1,
            )
            if json_like(kept):  # a JSON document of many games, under a .ggn name
                error = looks_like_json(error, kept)  # said once too: its message starts so

    next_number = start_line
    for raw, line_error in lines:
        if (
            movetext
            and not (continued or waiting or in_brace)
            and line_error is None
            and "\r" not in raw
            and "{" not in raw
            and ";" not in raw
            and '"' not in raw
            and "*" not in raw
            and "[" not in raw
            and ("end" not in raw or _END.search(raw) is None)
            and "\n" not in raw[:-1]  # one line (as decode_lines gives them)
        ):
            # Within a game's movetext, a line that cannot end the game, open a comment or
            # start a new game (most lines): kept, as the steps below would keep it.
            next_number += 1
            keep(raw)
            continue
        line = raw.replace("\r\n", "\n").replace("\r", "\n") if "\r" in raw else raw
        number = next_number
        next_number += line.count("\n") or 1
        if continued:
            # Indented comment lines after a termination that ends in a ";" comment.
            significant, still_open, commented = _scan(line, in_brace)
            if in_brace or (line[:1] in (" ", "\t") and not significant.strip()):
                keep(line)
                error = error or line_error
                in_brace = still_open
                continued = in_brace or commented
                if not continued:
                    if pending is not None:
                        yield pending
                    pending = take()
                continue
            continued = False
            if pending is not None:
                yield pending
            pending = take()
        tag_rest = False  # the line goes on with a tag left open on the line before
        if open_tag and not in_brace:
            if open_quote:
                # A value cut in two (a lone CR in it): its rest and its quote are no text.
                # Not a tag or a game's line, though, whose quotes are their own (a value
                # never closed would take in the rounds and the next game).
                head = line.lstrip(" \t")
                value = None if head[:1] == "[" or GAME_LINE.match(head) else _VALUE_END.match(line)
                tag_rest = value is not None
                scanned = line[value.end() :] if value is not None else line
            else:
                head = line.lstrip(" \t")[:1]
                tag_rest = head in ('"', "]") or (open_tag == "[" and head.isalpha())
                scanned = line
            significant, in_brace, commented = _scan(scanned, False)
        else:
            significant, in_brace, commented = _scan(line, in_brace)
        stripped = significant.strip()
        if waiting:
            keep(line)
            error = error or line_error
            if not in_brace:
                if commented:
                    waiting, continued = False, True
                    continue
                if pending is not None:
                    yield pending
                pending = take()
            continue
        if (
            line_error is not None
            and not content
            and (not stripped or (getattr(line_error, "too_long", False) and stripped[0] != "["))
        ):
            # A broken line before any game begins (too long to be read and not a tag, or a
            # comment or blank line that is not UTF-8) is reported on its own, so that the
            # next game is read whole.  After comment lines of the next game, a blank line
            # keeps its place there, so that the game's later lines keep their numbers.
            if pending is not None:
                yield pending
                pending = None
            yield Chunk("", number, line_error)
            if buffer:
                keep("\n")
            continue
        if (
            stripped
            and stripped[0] == "["
            and (movetext or (strayed and not tag_names.isdisjoint(_TAG_NAME.findall(stripped))))
        ):
            # The next game: its tags after this game's movetext began, or, after a stray
            # line among this game's tags, a tag it already has (a game of tags only, with a
            # note and no ending, before it; a valid game may repeat a tag, though).
            if pending is not None:
                yield pending
            pending = take()
        if not buffer:
            first_line = number
        # keep(line), inlined: every line of a game comes here
        count += 1
        size += len(line)
        if size <= MAX_GAME_CHARS:
            buffer.append(line)
        else:
            over_limit()
        error = error or line_error
        if tag_rest:
            close = stripped.find("]")
            if close < 0:
                open_quote = '"' in stripped  # a value left open on this line
                stripped = ""
            else:
                stripped = stripped[close + 1 :].lstrip()
                open_tag = ""
        elif stripped:
            open_tag = ""
        if stripped:
            content = True
            rest = stripped
            if stripped[:1] == "[":
                started = True
                if not movetext:
                    tag_names.update(_TAG_NAME.findall(stripped))
                tags = _TAGS.match(stripped)
                rest = stripped[tags.end() :] if tags is not None else stripped
                if rest[:1] == "[":
                    # A tag not closed on its line (_TAGS would have taken a closed one):
                    # the next line may go on with it.
                    open_tag, open_quote, rest = rest.rstrip(), '"' in rest, ""
            elif not started and GAME_LINE.match(stripped):
                started = True
            if started and pending is not None:
                yield pending
                pending = None
            if rest and started and not movetext:
                if GAME_LINE.match(rest):
                    # The game's setup, rounds or termination begin: from here on a line
                    # beginning with "[" begins the next game.  Any other text before them
                    # (a stray line among the tags) is an error of this game, not its end.
                    movetext = True
                    open_tag = ""
                else:
                    strayed = True
            if (
                rest
                and (movetext or (started and getattr(line_error, "too_long", False)))
                and ("*" in rest or ("end" in rest and _END.search(rest)))
            ):
                # (A line over the limit is read at its ends only: a marker at its end
                # ends the game, whatever its unread middle held.)
                ended = True
                if in_brace:
                    waiting = True
                elif commented:
                    continued = True
                else:
                    if pending is not None:
                        yield pending
                    pending = take()
    if continued:
        if pending is not None:
            yield pending
        pending = take()
    if buffer and (not content or (not started and pending is not None)):
        text = "".join(buffer)
        if text.strip():
            if pending is not None:
                pending = Chunk(
                    pending.text + text,
                    pending.first_line,
                    pending.error or error,
                    lines=pending.lines + count,
                    closed=pending.closed and not in_brace,
                )
            elif content or error is not None or in_brace:
                pending = take()
            # Else only closed comments and no game for them to belong to: the text holds no game.
    elif buffer:
        if pending is not None:
            yield pending
        pending = take()
    if pending is not None:
        yield pending


def split_raw(stream: BinaryIO, source: str) -> Iterator[tuple[Chunk, bytes | None]]:
    """:func:`split_games` of a binary stream, each game with its exact bytes: its lines as
    the file holds them (line ends, byte-order mark and comments included), joined.

    The bytes are None for a game that cannot be copied: one holding a line over
    :data:`MAX_LINE_BYTES` (only its ends are read), or binary data, or one that with the
    comments before the next game is over :data:`MAX_GAME_BYTES`.  Memory stays within
    about twice that, whatever the stream.

    >>> import io
    >>> data = b'\\xef\\xbb\\xbf[Players "A" "B" "C"]\\r\\n*\\r\\n{next}\\n[Event "x"] *'
    >>> [raw for _, raw in split_raw(io.BytesIO(data), "x.ggn")]
    [b'\\xef\\xbb\\xbf[Players "A" "B" "C"]\\r\\n*\\r\\n', b'{next}\\n[Event "x"] *']
    """
    held: list[bytes | object] = []  # the lines not yet given out, from line ``base``
    base = 1
    start = 0  # the first of them not given out
    size = 0

    def lines() -> Iterator[bytes]:
        nonlocal size
        for line in bounded_lines(stream):
            if type(line) is bytes and size + len(line) <= MAX_GAME_BYTES:
                held.append(line)
                size += len(line)
            else:
                # A line over the limit, or too much held: those games cannot be copied.
                for index in range(start, len(held)):
                    if held[index] is not _TAKEN:
                        held[index] = None
                held.append(None)
                size = 0
            yield line

    for chunk in split_games(decode_lines(lines(), source), source):
        at = chunk.first_line - base
        if at > start:
            # A broken line before a game, given out on its own before the comment lines
            # that precede it (which belong to the next game).
            parts = held[at : at + 1]
            held[at] = _TAKEN
        else:
            end = start + chunk.lines  # the lines given out out of turn included
            parts = held[start:end]
            start = end
            if _TAKEN in parts:
                parts = [part for part in parts if part is not _TAKEN]
        if start > 4096:
            del held[:start]
            base += start
            start = 0
        if None in parts:
            size -= sum(len(part) for part in parts if isinstance(part, bytes))
            yield chunk, None
        else:
            raw = b"".join(parts)  # type: ignore[arg-type]
            size -= len(raw)
            yield chunk, raw


_TAKEN = object()
"""Stands, in :func:`split_raw`, for a line already given out out of turn."""
