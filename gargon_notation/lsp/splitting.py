"""Where a document's games are, found again around an edit only.

:func:`split` cuts lines into games as ``gargon validate`` cuts a file
(:func:`~gargon_notation.notation.stream.split_games` over the lines' UTF-8 bytes, read as
a file is read), from any line.  :func:`resplit` cuts again only the games an edit may
have changed: the splitter starts afresh at the start of a game whose game before it ended
with its end marker (its state there is a fresh one), and stops at the first game it ends
that way after the changed lines, where the old games began at the same line (shifted):
from there on the splitter reads the same lines in the same state, so the old games follow,
shifted.  A game with an error of its own reading (a line too long, bytes that are not
UTF-8, a game over the size limit) names its lines or its byte offset in its message, and
an edit near one splits the whole text again.

>>> lines = ('[Players "A" "B" "C"]\\n', '*\\n', '[Players "A" "B" "C"]\\n', '*\\n')
>>> [(piece.first_line, piece.lines) for piece in split(lines, 0)]
[(1, 2), (3, 2)]
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import Protocol

from gargon_notation.lsp.lines import Dirty
from gargon_notation.notation import Chunk
from gargon_notation.notation.lines import MAX_LINE_BYTES, decode_lines
from gargon_notation.notation.stream import split_games

__all__ = ["Placed", "resplit", "split"]


class Placed(Protocol):
    """A game as :func:`resplit` needs it: its first line (from 0), how many lines it holds,
    whether it ended with its end marker (``closed``) and whether its reading failed
    (``broken``: the error of a chunk)."""

    @property
    def first_line(self) -> int: ...

    @property
    def lines(self) -> int: ...

    @property
    def closed(self) -> bool: ...

    @property
    def broken(self) -> bool: ...


class _Stream:
    """Lines as a binary file from one of them: its UTF-8 bytes, read as a file's (exactly
    as many bytes as asked for while there are any), a line encoded when reached."""

    def __init__(self, lines: Sequence[str], start: int) -> None:
        self._lines = lines
        self._next = start
        self._held = bytearray()

    def read(self, size: int = -1) -> bytes:
        while (size < 0 or len(self._held) < size) and self._next < len(self._lines):
            self._held += self._lines[self._next].encode("utf-8", "surrogatepass")
            self._next += 1
        if size < 0:
            size = len(self._held)
        taken = bytes(self._held[:size])
        del self._held[:size]
        return taken


def split(lines: Sequence[str], start: int, source: str = "<document>") -> Iterator[Chunk]:
    """The games of ``lines`` (each with its end) from line ``start`` (from 0) on, the
    splitter starting afresh there, read as from a file that starts there.

    The whole of a plain text (:func:`_plain`) is given to the splitter as it is: its
    bytes would be decoded into the same lines, with no error (a fifth of the time of
    opening a 4.4 MB file went to encoding its lines and decoding them again)."""
    if start == 0 and _plain(lines):
        return split_games(zip(lines, repeat(None)), source)
    offset = len("".join(lines[:start]).encode("utf-8", "surrogatepass")) if start else 0
    decoded = decode_lines(_Stream(lines, start), source, start_line=start + 1, offset=offset)  # type: ignore[arg-type]
    return split_games(decoded, source, start_line=start + 1)


def _plain(lines: Sequence[str]) -> bool:
    """Whether ``lines`` read as a file's bytes give the same lines with no error: no
    byte-order mark, no NUL, nothing that is not UTF-8 (a lone surrogate), no line over the
    limit of :data:`~gargon_notation.notation.lines.MAX_LINE_BYTES`, no ``<`` first (which
    may open an HTML page, refused whole).

    >>> _plain(("[Event \\"Zo\\u00eb\\"]\\r\\n", "{a\\fb}\\r", "*")), _plain(("\\ufeff*",))
    (True, False)
    """
    text = "".join(lines)
    if "\ufeff" in text or "\x00" in text or text.lstrip()[:1] == "<":  # (an HTML page)
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    # A line's bytes are at most four times its characters.
    longest = max(map(len, lines), default=0)
    return longest * 4 <= MAX_LINE_BYTES or all(
        len(line.encode("utf-8")) <= MAX_LINE_BYTES
        for line in lines
        if len(line) * 4 > MAX_LINE_BYTES
    )


def resplit(
    old: Sequence[Placed], lines: Sequence[str], dirty: Dirty, source: str = "<document>"
) -> tuple[int, list[Chunk], int] | None:
    """The games of ``lines`` after an edit (``dirty``) of the text whose games were
    ``old``: ``(keep, made, follow)``, where the new games are ``old[:keep]``, then ``made``,
    then ``old[follow:]`` (their lines ``dirty.shift`` further down); None when the whole
    text is to be split again (no game yet, or one whose reading failed, in ``old`` or
    made)."""
    if not old or any(game.broken for game in old):
        return None
    starts = [game.first_line for game in old]
    keep = bisect.bisect_right(starts, dirty.start) - 2  # a game before the edited one
    while keep > 0 and not old[keep - 1].closed:
        keep -= 1
    keep = max(keep, 0)
    follows = {start: index for index, start in enumerate(starts)}
    made: list[Chunk] = []
    for chunk in split(lines, starts[keep] if keep else 0, source):
        if chunk.error is not None:
            return None
        made.append(chunk)
        end = chunk.first_line - 1 + chunk.lines
        if chunk.closed and end >= dirty.end:
            follow = follows.get(end - dirty.shift)
            if (
                follow is not None
                and follow > keep
                and _ends_at(old[follow - 1], end - dirty.shift)
            ):
                return keep, made, follow
    return keep, made, len(old)


def _ends_at(game: Placed, line: int) -> bool:
    """Whether ``game`` ended with its end marker at the line before ``line`` (from 0)."""
    return game.closed and game.first_line + game.lines == line
