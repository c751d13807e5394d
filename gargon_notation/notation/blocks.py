"""Whole games found in blocks of text at once: the fast path of the splitter of games.

:func:`~gargon_notation.notation.stream.split_games` reads a file a line at a time, by the
rules of :mod:`gargon_notation.notation.stream`.  Given the lines of a binary stream (a
:class:`~gargon_notation.notation.lines.StreamLines`), :func:`items` reads its blocks
instead, decodes at once each that is plain (UTF-8 without a CR, a byte-order mark or a NUL,
no line over the limit), and where the splitter stands between games (nothing of the next
game read, no comment open) gives a whole game of plain shape as one item: its text, with
a :class:`Whole` in place of an error.  Every other line comes as
:func:`~gargon_notation.notation.lines.decode_lines` gives it.

A game of plain shape (:func:`game_end`) is, line by line:

- blank lines, lines of comments (``{...}`` closed on the line, ``;``) and lines of tags
  (each closed on its line, no ``{``, ``}``, ``;`` or backslash in it), then
- the line where its setup, rounds or termination begin (a round number, ``deal``,
  ``pile`` or ``end`` after any blanks, or a ``*`` alone), and movetext lines with no ``[``
  and no quote or comment open at their end, up to
- its termination line, the first whose text outside comments holds a ``*`` or the word
  ``end``, with no comment open at its end; when it ends in a ``;`` comment, the indented
  lines of comments that continue it (up to the first without a ``;`` comment).

On such lines the splitter's rules make exactly that game.  Any other text (a tag in
movetext, a quote or a comment running over lines, a stray line, a CR, a game longer than
:data:`AHEAD` not yet read whole) comes line by line, until the splitter again stands
between games.  A game's end is found with :meth:`str.find` in windows that double, so
that each character is searched a bounded number of times, and at most :data:`AHEAD`
characters and a block are held.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from gargon_notation.errors import NotationError
from gargon_notation.notation.lines import (
    StreamLines,
    decode_block,
    item_bytes,
    plain_text,
    raw_lines,
)
from gargon_notation.notation.scan import END_WORD

__all__ = ["AHEAD", "LONGEST", "MORE", "NO", "Whole", "game_end", "items"]

AHEAD = 1 << 18
"""The most characters held for a game not yet read whole: a longer one comes line by
line."""
LONGEST = 1_000_000
"""The longest game given whole, in characters (under the splitter's
:data:`~gargon_notation.notation.stream.MAX_GAME_CHARS`, so that no game given whole is over
that limit)."""


class Whole(NotationError):
    """In place of a line's error (not an error): the text is a whole game of plain shape,
    of ``lines`` lines."""

    def __init__(self, lines: int) -> None:
        self.lines = lines


_TAG = r'\[[^\]"\n{};\\]*+(?:"[^"\n{};\\]*+"[^\]"\n{};\\]*+)*+\]'
_HEAD = re.compile(
    r"(?:[ \t]*+(?:\{[^}\n]*+\}[ \t]*+)*+(?:;[^\n]*+)?+\n"  # a blank line, or comments
    rf"|[ \t]*+{_TAG}(?:[ \t]*+{_TAG})*+[ \t]*+\n)*+"  # tags
)
"""The lines before a game's setup, rounds or termination: what the splitter reads as
blank (comments) or as tags only (quoted values blanked, every tag closed)."""
_TAGS = re.compile(r'(?:\n|\[[A-Za-z][A-Za-z0-9_]*+(?: "[^"\n{};\\]*+")++\]\n)*+')
"""Empty lines and lines of one tag each as the writer writes them: some of the lines
:data:`_HEAD` takes, taken faster."""
_BEGIN = re.compile(
    r"[ \t]*+(?:[0-9]+\.|deal(?![\w'-])|pile(?![\w'-])|end(?![\w'-])|(\*)[ \t]*+\n)"
)
"""The line where setup, rounds or termination begin (as scan.GAME_LINE reads it, a ``*``
only alone on its line)."""
_QUOTED = re.compile(r'"(?:[^"\\\n]|\\[^\n])*+"')
"""A quoted text closed on its line (a name in movetext)."""
_REST = re.compile(r'(?:[^\n{;"]++|\{[^}\n]*+\}|"(?:[^"\\\n]|\\[^\n])*+")*+(;[^\n]*+)?+\n')
"""The rest of a termination line, after its marker: no quote or comment left open."""
_GOES_ON = re.compile(r"[ \t]++(?:\{[^}\n]*+\}[ \t]*+)*+(;[^\n]*+)?+\n")
"""An indented line of comments after a termination ending in a ``;`` comment."""
_MISSES = 13
"""After so many games not of plain shape one after another, a whole game is looked for
every 4096 lines (at the first place between games after them)."""
_WINDOW = 4096
"""The first window searched for the end of a game (doubled while none is found)."""

MORE = -1
"""From :func:`game_end`: the text may hold a game of plain shape once more is read."""
NO = 0
"""From :func:`game_end`: the text holds no game of plain shape there."""


def game_end(text: str, start: int, final: bool) -> int:
    """Where the game of plain shape (see the module docstring) at ``start`` of ``text``
    ends: the index after its last line; :data:`NO` when the lines there are not one;
    :data:`MORE` when they may be once more text is read (``final``: there is none).
    ``text`` holds whole lines, the last one, when ``final``, perhaps without its LF.

    >>> text = '\\n[Players "A" "B" "C"]\\n1. A R1 {hm}\\n*\\n\\n[Event "x"]\\n'
    >>> game_end(text, 0, final=False), len(text.split("*")[0]) + 2
    (38, 38)
    >>> game_end(text, 38, final=False), game_end(text, 38, final=True)
    (-1, 0)
    """
    more = NO if final else MORE
    size = len(text)
    head = _TAGS.match(text, start).end()  # type: ignore[union-attr]
    head = _HEAD.match(text, head).end()  # type: ignore[union-attr]
    if head == size:
        return more
    begun = _BEGIN.match(text, head)
    if begun is None:
        return NO
    if begun.group(1) is not None:
        return begun.end()  # "*" alone
    at, window = head, _WINDOW
    find = text.find
    while True:
        # The first "[", "{", ";", "*" or word "end" from ``at``, in a window.
        stop = min(at + window, size)
        first, what = stop, ""
        for mark in "[{;*":  # each looked for before the first found so far
            found = find(mark, at, first)
            if found >= 0:
                first, what = found, mark
        found = find("end", at, first)
        while found >= 0 and END_WORD.match(text, found) is None:
            found = find("end", found + 1, first)
        if found >= 0:
            first, what = found, "end"
        # Quoted texts before it (names): they hide nothing, unless they run past it.
        found = find('"', at, first)
        while found >= 0:
            quoted = _QUOTED.match(text, found)
            if quoted is None:
                return NO  # a quote left open
            at = quoted.end()
            found = find('"', at, first) if at <= first else -1
        if at > first:
            continue  # what was found is quoted: look again after the quote
        if not what:
            if stop == size:
                return more
            # (An "end" may straddle the window's end, if no quote ends there.)
            at, window = max(at, stop - 2), window * 2
            continue
        if what == "[":
            return NO  # a tag (perhaps the next game's) in movetext
        line_end = text.find("\n", first)
        if line_end < 0:
            return NO  # the last line of the text, without its LF
        if what == "{":
            close = text.find("}", first, line_end)
            if close < 0:
                return NO  # a comment running over lines
            at = close + 1
            continue
        if what == ";":
            at = line_end + 1  # the rest of the line is a comment: it ends nothing
            continue
        rest = _REST.match(text, first + len(what))
        if rest is None:
            return NO
        end = rest.end()
        if rest.group(1) is None:
            return end
        # A termination ending in a ";" comment: indented comment lines continue it.
        while True:
            if end == size:
                return end if final else MORE
            if text[end] not in " \t":
                return end
            goes_on = _GOES_ON.match(text, end)
            if goes_on is None:
                return NO
            end = goes_on.end()
            if goes_on.group(1) is None:
                return end


def items(
    lines: StreamLines, between: Callable[[], bool]
) -> Iterator[tuple[str, NotationError | None]]:
    """The lines of ``lines`` as :func:`~gargon_notation.notation.lines.decode_lines`
    gives them, except that where ``between()`` says the splitter stands between games, a
    whole game of plain shape comes as one item: its text and a :class:`Whole`.

    ``lines.hold``, when set, is called before each item is given, with its bytes (for a
    line whose bytes are not all read, its stand-in, of a type other than ``bytes``:
    :func:`~gargon_notation.notation.lines.raw_lines`) and its number of lines; when it
    refuses a whole game (returns False), the game comes line by line.
    """
    hold, source = lines.hold, lines.source
    blocks = lines.blocks()
    given, offset = 0, lines.offset  # the lines given out, the bytes read
    text = ""  # plain text read, whole lines (the last without its LF at the end)
    at = 0  # the first character of it not given out
    final = False  # the stream is read to its end
    raw: bytes | None = None  # what was read last, when it is not plain
    misses = 0  # games not of plain shape found one after another
    skip = 0  # lines to give before the next look for a whole game
    while True:
        # What ``text`` holds, given out: whole games where they may be, else lines.  When
        # it ends in a game that may be whole once more is read, that waits for it.
        wait = raw is None and not final
        size = len(text)
        while at < size:
            if skip:
                skip -= 1
            elif between():
                end = game_end(text, at, final)
                if end > 0 and end - at <= LONGEST:
                    game = text[at:end]
                    many = game.count("\n")
                    if hold is None or hold(game.encode(), many):
                        yield game, Whole(many)
                        at = end
                        given += many
                        misses = 0
                        continue
                elif end == MORE and wait and size - at <= AHEAD:
                    break
                elif end == NO:
                    # Games not of plain shape, one after another: they are looked for less
                    # and less often (after some lines more each time), as reading them
                    # line by line costs less than looking.
                    misses += 1
                    skip = (1 << min(misses, _MISSES)) >> 1
            line_end = text.find("\n", at) + 1 or size
            line = text[at:line_end]
            if hold is not None:
                hold(line.encode(), 1)
            yield line, None
            at = line_end
            given += 1
        if raw is not None:
            # Not plain: given as decode_lines gives it.
            text, at = "", 0
            start = lines.start_line + given
            if hold is None:
                given = (yield from decode_block(raw, source, start, offset)) - lines.start_line + 1
            else:
                held = raw_lines(raw)
                for count, (line, error) in enumerate(decode_block(raw, source, start, offset)):
                    hold(held[count], 1)
                    yield line, error
                    given += 1
            offset += item_bytes(raw)
            raw = None
        if final:
            return
        raw = next(blocks, None)
        if raw is None:
            final = True
            continue
        piece = plain_text(raw)
        if piece is not None:
            text = text[at:] + piece if at < len(text) else piece
            at = 0
            offset += len(raw)
            raw = None
