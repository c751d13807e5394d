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

Lines come from :mod:`gargon_notation.notation.lines` (read in bounded memory and decoded,
each with its error), and each line's text is read as :mod:`gargon_notation.notation.scan`
reads it.  The fast path: lines of a binary stream (what ``decode_lines`` gives for one)
are read by :mod:`gargon_notation.notation.blocks` a block at a time, and where nothing of
the next game is read yet, a whole game of plain shape (tags, movetext without a tag or a
quote or comment left open, a termination; no CR, decoding error or line over the limit)
comes at once, found with a few searches of the block's text: the same chunk, and for
:func:`split_raw` the same bytes, as its lines one by one give (the steps below stay the
reference, and tests compare the two on damaged records).  A game longer than
:data:`MAX_GAME_CHARS` is not kept (its game becomes a NotationError; the next game is read
as usual).  The names of those two modules that this
one held before them (``MAX_LINE_BYTES``, ``bounded_lines``, ``decode_lines``,
``GAME_LINE``, ``game_line``, ``json_like``, ``line_text``, ``looks_like_json``) are still
importable from here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import BinaryIO

import attrs

from gargon_notation.errors import NotationError
from gargon_notation.notation import blocks
from gargon_notation.notation.blocks import Whole
from gargon_notation.notation.lines import (
    MAX_LINE_BYTES,
    StreamLines,
    bounded_lines,
    decode_lines,
)
from gargon_notation.notation.scan import (
    END_WORD,
    GAME_LINE,
    TAG_NAME,
    TAGS,
    VALUE_END,
    game_line,
    json_like,
    line_text,
    looks_like_json,
    scan_line,
)

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

MAX_GAME_CHARS = 2_000_000
"""The longest game a reader keeps, in characters (a real game is a few thousand)."""
MAX_GAME_BYTES = 4 * MAX_GAME_CHARS
"""The most bytes :func:`split_raw` holds for the games it has not yet given out: past it,
the bytes of those games are dropped (they cannot be copied; their text is still read)."""


_OVER_LIMIT = ("the game starting", "this looks like JSON")
"""How the error of a game over the size limit begins (made once a game: each further line
of the game would make it again from the whole part kept)."""


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
    ``dropped`` is how many carriage returns of its line ends (CRLF) its text leaves out:
    the UTF-8 bytes of its text and these are the game's bytes in the file (a byte-order
    mark aside).
    """

    text: str
    first_line: int
    error: NotationError | None = None
    lines: int = attrs.field(default=1, eq=False, repr=False, kw_only=True)
    closed: bool = attrs.field(default=False, eq=False, repr=False, kw_only=True)
    dropped: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    @property
    def line(self) -> int:
        """The line the game starts on: its first that is not blank (:func:`game_line`).

        >>> Chunk('\\n[Players "A" "B" "C"]\\n*\\n', 39).line
        40
        """
        return game_line(self.text, self.first_line)


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
    dropped = 0  # the carriage returns of CRLF line ends read since the last game was taken

    def take() -> Chunk:
        nonlocal buffer, content, movetext, waiting, started, ended, error, size, count
        nonlocal open_tag, tag_names, strayed, dropped
        closed = ended and not in_brace
        chunk = Chunk(
            "".join(buffer), first_line, error, lines=count, closed=closed, dropped=dropped
        )
        dropped = 0
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

    if isinstance(lines, StreamLines):
        # Whole games of plain shape at once where nothing of the next game is read yet.
        lines = blocks.items(lines, lambda: not (count or continued or in_brace))
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
            and ("end" not in raw or END_WORD.search(raw) is None)
            and "\n" not in raw[:-1]  # one line (as decode_lines gives them)
        ):
            # Within a game's movetext, a line that cannot end the game, open a comment or
            # start a new game (most lines): kept, as the steps below would keep it.
            next_number += 1
            keep(raw)
            continue
        if line_error is not None and type(line_error) is Whole:
            # A whole game of plain shape, given between games (blocks.items): what the
            # steps below make of its lines one by one.
            if pending is not None:
                yield pending
            many = line_error.lines
            pending = Chunk(raw, next_number, None, lines=many, closed=True)
            next_number += many
            continue
        if "\r" in raw:
            line = raw.replace("\r\n", "\n")
            dropped += len(raw) - len(line)
            if "\r" in line:
                line = line.replace("\r", "\n")
        else:
            line = raw
        number = next_number
        next_number += line.count("\n") or 1
        if continued:
            # Indented comment lines after a termination that ends in a ";" comment.
            significant, still_open, commented = scan_line(line, in_brace)
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
                value = None if head[:1] == "[" or GAME_LINE.match(head) else VALUE_END.match(line)
                tag_rest = value is not None
                scanned = line[value.end() :] if value is not None else line
            else:
                head = line.lstrip(" \t")[:1]
                tag_rest = head in ('"', "]") or (open_tag == "[" and head.isalpha())
                scanned = line
            significant, in_brace, commented = scan_line(scanned, False)
        else:
            significant, in_brace, commented = scan_line(line, in_brace)
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
            and (movetext or (strayed and not tag_names.isdisjoint(TAG_NAME.findall(stripped))))
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
                    tag_names.update(TAG_NAME.findall(stripped))
                tags = TAGS.match(stripped)
                rest = stripped[tags.end() :] if tags is not None else stripped
                if rest[:1] == "[":
                    # A tag not closed on its line (TAGS would have taken a closed one):
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
                and ("*" in rest or ("end" in rest and END_WORD.search(rest)))
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
                    dropped=pending.dropped + dropped,
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
    return _split_raw(stream, source, fast=True)


def _split_raw(
    stream: BinaryIO, source: str, *, fast: bool
) -> Iterator[tuple[Chunk, bytes | None]]:
    """:func:`split_raw`; ``fast``: with whole games of plain shape read at once (the
    splitter's fast path), else line by line (as tests compare)."""
    held: list[bytes | object] = []  # the lines not yet given out, from line ``base``
    base = 1
    start = 0  # the first of them not given out
    size = 0

    def hold(line: bytes | None, lines: int = 1) -> bool:
        """Hold the bytes of the next ``lines`` lines (a whole game's, or one line's; None,
        or a stand-in, for a line whose bytes are not all read)."""
        nonlocal size
        if type(line) is bytes and size + len(line) <= MAX_GAME_BYTES:
            held.append(line)
            if lines > 1:
                held.extend([b""] * (lines - 1))  # a whole game: its bytes at its first line
            size += len(line)
            return True
        if lines > 1:
            return False  # a whole game over the limit: line by line, as below
        # A line over the limit, or too much held: those games cannot be copied.
        for index in range(start, len(held)):
            if held[index] is not _TAKEN:
                held[index] = None
        held.append(None)
        size = 0
        return True

    def lines() -> Iterator[bytes]:
        for line in bounded_lines(stream):
            hold(line if type(line) is bytes else None)
            yield line

    if fast:
        decoded = StreamLines(stream, source)
        decoded.hold = hold
        chunks = split_games(decoded, source)
    else:
        chunks = split_games(decode_lines(lines(), source), source)
    for chunk in chunks:
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
