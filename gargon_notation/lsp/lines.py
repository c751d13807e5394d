"""The lines of an editor's text, changed as the protocol's incremental changes say.

Terms:

lines
    A text cut where the notation and the Language Server Protocol end a line (LF, CRLF or a
    lone CR), each line with its end (:func:`split_lines`); the last has none, and an empty
    text has no line.
change
    A range of lines ``[start, end)`` replaced by others: :func:`replace` applies the
    protocol's change (a range of characters and its new text) to a tuple of lines and says
    which lines it replaced, re-cutting the lines at either side of the range (a CR and an
    LF brought together are one line end).
:class:`Dirty`
    The lines changed since the text was last read: its games outside them are the same.

A change of a text of 100,000 lines costs the few lines it touches and a copy of the
tuple's references, not the whole text split and joined again (pygls's way).

>>> lines = split_lines("a\\nbc\\r\\nd")
>>> replace(lines, (1, 1), (1, 2), "X\\nY")
(('a\\n', 'bX\\n', 'Y\\r\\n', 'd'), 0, 3, 4)
>>> TextLines(split_lines("\\ufeffa\\r\\nb\\r\\n"))[:]
[' a', 'b', '']
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import overload

import attrs

from gargon_notation.lsp.text import normalise

__all__ = ["Dirty", "TextLines", "replace", "split_lines"]


def split_lines(text: str) -> tuple[str, ...]:
    """``text`` cut into lines, each with its end (LF, CRLF or a lone CR).

    >>> split_lines("a\\rb\\fc\\r\\n")
    ('a\\r', 'b\\x0cc\\r\\n')
    """
    return tuple(io.StringIO(text, newline="").readlines())


def replace(
    lines: tuple[str, ...], start: tuple[int, int], end: tuple[int, int], text: str
) -> tuple[tuple[str, ...], int, int, int]:
    """``lines`` with the characters from ``start`` to ``end`` (line and column in code
    points, as pygls has them) replaced by ``text``, as pygls replaces them; with the lines
    replaced: ``[first, old_end)`` of ``lines`` are ``[first, new_end)`` of the result.

    A column past a line's text takes in its end, as pygls's does; a start at the end of
    the text adds ``text`` at the end.
    """
    count = len(lines)
    (start_line, start_column), (end_line, end_column) = start, end
    first = max(min(start_line, count) - 1, 0)
    last = min(max(end_line, start_line) + 2, count)
    if start_line >= count:
        middle = "".join(lines[first:]) + text
    else:
        # An end above the start ends where the start's line does (pygls's loop).
        end_line = max(end_line, start_line)
        head = "".join(lines[first:start_line]) + lines[start_line][:start_column]
        tail = lines[end_line][end_column:] if end_line < count else ""
        if end_line != end[0]:
            tail = ""
        middle = head + text + tail + "".join(lines[end_line + 1 : last])
    made = split_lines(middle)
    return lines[:first] + made + lines[last:], first, last, first + len(made)


@attrs.frozen
class Dirty:
    """Lines ``[start, end)`` of a text are new: the lines before ``start`` are as they
    were, and those from ``end`` on are the old text's, ``shift`` lines further down.

    >>> Dirty(10, 12, 1).then(3, 4, 6)  # two lines more, above the others
    Dirty(start=3, end=14, shift=3)
    """

    start: int
    end: int
    shift: int

    def then(self, start: int, old_end: int, new_end: int) -> Dirty:
        """These lines, after the lines ``[start, old_end)`` were replaced by
        ``[start, new_end)``."""
        shift = new_end - old_end
        if self.end <= start:
            end = new_end
        elif self.end >= old_end:
            end = max(self.end + shift, new_end)
        else:
            end = new_end
        return Dirty(min(self.start, start), end, self.shift + shift)


class TextLines(Sequence[str]):
    """The lines of a text as the readers see them (:func:`normalise`: no line end, a space
    for each byte-order mark that opens a line), read from its :func:`split_lines` when
    asked for: as many as ``text.split("\\n")`` of the normalised text gives."""

    def __init__(self, lines: tuple[str, ...]) -> None:
        self.raw = lines
        ends = not lines or lines[-1].endswith(("\n", "\r"))
        self._count = len(lines) + (1 if ends else 0)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        if index == len(self.raw):
            return ""
        return normalise(self.raw[index].rstrip("\r\n"))
