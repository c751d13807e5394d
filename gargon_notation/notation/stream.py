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
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import attrs

from gargon_notation.errors import NotationError

__all__ = ["Chunk", "decode_lines", "split_games"]

_HIDDEN = re.compile(r'\{[^}]*\}|"(?:[^"\\\n]|\\.)*"|;.*|\{.*', re.DOTALL)
_END = re.compile(r"(?<![\w'-])end(?![\w'-])")


@attrs.frozen
class Chunk:
    """The text of one game (LF line endings), the file line it starts on, and any decode error."""

    text: str
    first_line: int
    error: NotationError | None = None


def decode_lines(data: Iterable[bytes], source: str) -> Iterator[tuple[str, NotationError | None]]:
    """Decode lines of bytes; each comes with the decoding error it caused, if any."""
    offset = 0
    for number, raw in enumerate(data, start=1):
        error = None
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


def split_games(lines: Iterable[tuple[str, NotationError | None]]) -> Iterator[Chunk]:
    """Group decoded lines into games (see the module docstring)."""
    pending: Chunk | None = None
    buffer: list[str] = []
    first_line = 1
    content = movetext = waiting = False
    in_brace = False
    error: NotationError | None = None

    def take() -> Chunk:
        nonlocal buffer, content, movetext, waiting, error
        chunk = Chunk("".join(buffer), first_line, error)
        buffer = []
        content = movetext = waiting = False
        error = None
        return chunk

    next_number = 1
    for raw, line_error in lines:
        line = raw.replace("\r\n", "\n").replace("\r", "\n") if "\r" in raw else raw
        number = next_number
        next_number += max(1, line.count("\n"))
        significant, in_brace = _scan(line, in_brace)
        stripped = significant.strip()
        if waiting:
            buffer.append(line)
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
        buffer.append(line)
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
