"""Splitting a file into games, one line at a time, so memory never depends on file size.

Rules (docs/notation.md, "Files holding many games"):

- A game ends with the line holding its termination marker (``*`` or the word ``end``
  outside comments and quotes); when a ``{`` comment opened on that line is still open, the
  game ends with the line that closes it.
- Lines after that, up to the next game's first token, belong to the next game (its leading
  comments).  Comments after the last game belong to the last game (its termination's).
- A line beginning with ``[`` after a game's rounds or setup began starts a new game even
  without a termination marker: the unfinished text is reported as one broken game and the
  next game is still read.

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

from gargon_notation.errors import NotationError

__all__ = [
    "MAX_GAME_CHARS",
    "MAX_LINE_BYTES",
    "Chunk",
    "bounded_lines",
    "decode_lines",
    "split_games",
]

MAX_LINE_BYTES = 100_000
"""The longest line a reader accepts, in bytes (a real line is well under 1,000)."""
MAX_GAME_CHARS = 2_000_000
"""The longest game a reader keeps, in characters (a real game is a few thousand)."""

_HIDDEN = re.compile(r'\{[^}]*\}|"(?:[^"\\\n]|\\.)*"|;.*|\{.*', re.DOTALL)
_END = re.compile(r"(?<![\w'-])end(?![\w'-])")


@attrs.frozen
class Chunk:
    """The text of one game (LF line endings), the file line it starts on, and any decode error."""

    text: str
    first_line: int
    error: NotationError | None = None


class _TooLong(bytes):
    """The first MAX_LINE_BYTES bytes of a longer line (the rest was skipped); ``size`` is the
    line's full length."""

    size: int


def bounded_lines(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[bytes]:
    """The lines of a binary stream, never reading more than ``limit`` bytes of one line into
    memory: a longer line is cut (and marked) and the rest of it skipped in pieces."""
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        if len(raw) <= limit or raw.endswith(b"\n"):
            yield raw
            continue
        size = len(raw)
        while not raw.endswith(b"\n"):
            raw = stream.readline(limit)
            if not raw:
                break
            size += len(raw)
        cut = _TooLong(raw[:0] + b"\n")
        cut.size = size
        yield cut


def decode_lines(
    data: Iterable[bytes] | BinaryIO, source: str
) -> Iterator[tuple[str, NotationError | None]]:
    """Decode lines of bytes; each comes with the decoding error it caused, if any.

    A binary stream is read with :func:`bounded_lines`; a line over the limit comes as an
    empty line with its error.
    """
    lines = bounded_lines(data) if hasattr(data, "readline") else data  # type: ignore[arg-type]
    offset = 0
    for number, raw in enumerate(lines, start=1):
        error = None
        if isinstance(raw, _TooLong):
            yield (
                "\n",
                NotationError(
                    f"line {number} is {raw.size} bytes long, over the limit of {MAX_LINE_BYTES}; "
                    "its game is skipped",
                    source=source,
                    line=number,
                    column=1,
                ),
            )
            offset += raw.size
            continue
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as problem:
            line = raw.decode("utf-8", errors="replace")
            column = len(raw[: problem.start].decode("utf-8", errors="replace")) + 1
            error = NotationError(
                f"this is not UTF-8 text: undecodable byte 0x{raw[problem.start]:02x} "
                f"at byte offset {offset + problem.start}",
                source=source,
                line=number,
                column=column,
                excerpt=line.rstrip("\r\n"),
            )
        if number == 1 and line.startswith("\ufeff"):
            line = line[1:]
        offset += len(raw)
        yield line, error


def _scan(line: str, in_brace: bool) -> tuple[str, bool]:
    """The line's significant text (comments removed, quotes blanked) and the brace state."""
    if in_brace:
        close = line.find("}")
        if close < 0:
            return "", True
        line = line[close + 1 :]
    if "{" not in line and '"' not in line and ";" not in line:
        return line, False
    opened = False

    def hide(match: re.Match[str]) -> str:
        nonlocal opened
        text = match.group()
        if text[0] == '"':
            return " x "
        if text[0] == "{" and not text.endswith("}"):
            opened = True
        return " "

    return _HIDDEN.sub(hide, line), opened


def split_games(
    lines: Iterable[tuple[str, NotationError | None]], source: str = "<stream>"
) -> Iterator[Chunk]:
    """Group decoded lines into games (see the module docstring); ``source`` names the file
    in the error of a game over the size limit."""
    pending: Chunk | None = None
    buffer: list[str] = []
    first_line = 1
    content = movetext = waiting = False
    in_brace = False
    error: NotationError | None = None

    size = 0

    def take() -> Chunk:
        nonlocal buffer, content, movetext, waiting, error, size
        chunk = Chunk("".join(buffer), first_line, error)
        buffer = []
        content = movetext = waiting = False
        error = None
        size = 0
        return chunk

    def keep(line: str) -> None:
        """Add a line to the game, unless the game is already over the size limit."""
        nonlocal size, error
        size += len(line)
        if size <= MAX_GAME_CHARS:
            buffer.append(line)
        elif error is None or not error.message.startswith("the game starting"):
            error = NotationError(
                f"the game starting at line {first_line} is over the limit of "
                f"{MAX_GAME_CHARS} characters; it is skipped",
                source=source,
                line=first_line,
                column=1,
            )

    next_number = 1
    for raw, line_error in lines:
        line = raw.replace("\r\n", "\n").replace("\r", "\n") if "\r" in raw else raw
        number = next_number
        next_number += max(1, line.count("\n"))
        significant, in_brace = _scan(line, in_brace)
        stripped = significant.strip()
        if waiting:
            keep(line)
            error = error or line_error
            if not in_brace:
                if pending is not None:
                    yield pending
                pending = take()
            continue
        if stripped and stripped[0] == "[" and movetext:
            if pending is not None:
                yield pending
            pending = take()
        if not buffer:
            first_line = number
        keep(line)
        error = error or line_error
        if stripped:
            if not content and pending is not None:
                yield pending
                pending = None
            content = True
            if stripped[0] != "[":
                movetext = True
            if "*" in stripped or ("end" in stripped and _END.search(stripped)):
                if in_brace:
                    waiting = True
                else:
                    if pending is not None:
                        yield pending
                    pending = take()
    if buffer and not content:
        text = "".join(buffer)
        if text.strip():
            if pending is not None:
                pending = Chunk(pending.text + text, pending.first_line, pending.error or error)
            else:
                pending = take()
    elif buffer:
        if pending is not None:
            yield pending
        pending = take()
    if pending is not None:
        yield pending
