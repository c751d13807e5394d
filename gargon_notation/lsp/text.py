"""Positions and tokens of a document's text, for the language server.

Terms:

position
    ``(line, column)``, both from 0, the column counted in characters (code points) of a
    line; lines end at LF, CRLF or a lone CR, as in the notation and in the Language Server
    Protocol.  :func:`to_client` and :func:`from_client` convert a column to and from an
    editor's units (UTF-16 code units unless the editor chose another encoding).
span
    A :class:`Span`: the start position and the end position (exclusive).
token
    A :class:`Token` of one game's text: a card, a word (a name, a keyword, a colour), a
    number, a string, a round number, a comment, a glyph, a NAG or a punctuation mark.  The
    tokens follow the grammar's terminals (:mod:`gargon_notation.notation.lexical`) loosely,
    and never fail: text that is not notation is a word (``R16``) or a character of its own.

>>> tokens = tokenize('1. Ann R16!, Bob pass 1:G? {why}\\n')
>>> print(" ".join(f"{token.kind}:{token.text}" for token in tokens))
round:1. word:Ann word:R16 glyph:! punct:, word:Bob word:pass number:1 punct:: card:G? comment:{why}
>>> element_span(tokens, 0, 3)
Span(start=(0, 3), end=(0, 11))
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

import attrs

from gargon_notation.notation.lexical import CARD, NAME_SHAPE

__all__ = [
    "Position",
    "Span",
    "Token",
    "element_span",
    "from_client",
    "halves",
    "line_marks",
    "normalise",
    "problem_span",
    "split_pair",
    "to_client",
    "token_at",
    "tokenize",
]

Position = tuple[int, int]
"""``(line, column)``, both from 0; the column in code points."""

_TOKEN = re.compile(
    rf"""(?P<comment>\{{[^}}]*\}}?|;[^\n]*)
    |(?P<string>"(?:[^"\\\n]|\\.)*"?)
    |(?P<round>[0-9]+\.)
    |(?P<card>{CARD})
    |(?P<word>{NAME_SHAPE})
    |(?P<number>[0-9][\w'-]*)
    |(?P<nag>\$[0-9]*)
    |(?P<glyph>[!?]{{1,2}})
    |(?P<punct>[\[\](),:>*-])
    |(?P<other>\S)""",
    re.VERBOSE,
)
_STOPS = frozenset({",", "(", ")", "[", "]", ">"})
"""Punctuation that ends the text of an element."""
_STOP_WORDS = frozenset({"fights", "deal", "pile", "end", "*"})
"""Words that begin another element (an element may begin with one)."""


@attrs.frozen
class Span:
    """Where a piece of text lies: ``start`` and ``end`` (exclusive) positions."""

    start: Position
    end: Position

    def contains(self, position: Position) -> bool:
        """Whether ``position`` is within the span or at its end (where a cursor after the
        last character of a word still points at the word).

        >>> Span((1, 2), (1, 5)).contains((1, 5)), Span((1, 2), (1, 5)).contains((1, 6))
        (True, False)
        """
        return self.start <= position <= self.end

    def shifted(self, lines: int) -> Span:
        """The same span ``lines`` lines further down."""
        return Span((self.start[0] + lines, self.start[1]), (self.end[0] + lines, self.end[1]))


@attrs.frozen
class Token:
    """One token: its kind (the group names of :data:`_TOKEN`), text, and span."""

    kind: str
    text: str
    offset: int
    span: Span


_MARKS = re.compile("^\ufeff+", re.MULTILINE)
"""Byte-order marks that open a line (of a text with LF line ends)."""


def normalise(text: str) -> str:
    """The text as the readers see it, with every line and column where the editor has it:
    CRLF and a lone CR become LF, and each byte-order mark that opens a line (the readers
    skip them: at the start of a file, and of each file joined with ``cat``) a space.

    >>> normalise("\\ufeff[A \\"b\\"]\\r\\n*\\r\\ufeff\\ufeff[C \\"d\\ufeff\\"]")
    ' [A "b"]\\n*\\n  [C "d\\ufeff"]'
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\ufeff" in text:
        text = _MARKS.sub(lambda marks: " " * len(marks[0]), text)
    return text


def line_marks(text: str) -> dict[int, int]:
    """The lines (from 0) that byte-order marks open, each with how many: the marks the
    readers skip and :func:`normalise` turns into spaces.

    >>> line_marks("\\ufeff[A \\"b\\"]\\r\\n*\\r\\ufeff\\ufeff[C \\"d\\ufeff\\"]")
    {0: 1, 2: 2}
    """
    if "\ufeff" not in text:
        return {}
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    marks: dict[int, int] = {}
    line = counted = 0
    for found in _MARKS.finditer(text):
        line += text.count("\n", counted, found.start())
        counted = found.start()
        marks[line] = len(found[0])
    return marks


def tokenize(text: str) -> list[Token]:
    """The tokens of a (normalised) text, comments included, whitespace left out."""
    starts = [0]
    starts.extend(match.end() for match in re.finditer("\n", text))
    tokens: list[Token] = []
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        begin, end = match.span()
        line = bisect.bisect_right(starts, begin) - 1
        last = bisect.bisect_right(starts, end) - 1
        span = Span((line, begin - starts[line]), (last, end - starts[last]))
        tokens.append(Token(kind, match.group(), begin, span))
    return tokens


def token_at(tokens: Sequence[Token], position: Position) -> int | None:
    """The index of the token that holds ``position`` (or ends there), or None."""
    starts = [token.span.start for token in tokens]
    index = bisect.bisect_right(starts, position) - 1
    if index >= 0 and tokens[index].span.contains(position):
        return index
    return None


def _stops(token: Token) -> bool:
    return (
        token.kind in ("comment", "round")
        or (token.kind == "punct" and token.text in _STOPS)
        or token.text in _STOP_WORDS
    )


def element_span(tokens: Sequence[Token], line: int, column: int) -> Span | None:
    """The span of the element (tag, round number, action, battle's colour, draw, setup
    line, ending) written at ``line`` and ``column`` (from 0): its tokens up to a comma, a
    bracket, a comment or the next element's first word; None when no token starts there.
    """
    index = token_at(tokens, (line, column))
    if index is None or tokens[index].span.start != (line, column):
        return None
    first = tokens[index]
    if first.kind == "round":
        return first.span
    if first.text == "[":
        for token in tokens[index + 1 :]:
            if token.text == "]":
                return Span(first.span.start, token.span.end)
        return Span(first.span.start, tokens[-1].span.end)
    end = first.span.end
    for token in tokens[index + 1 :]:
        if _stops(token):
            break
        end = token.span.end
    return Span(first.span.start, end)


def problem_span(tokens: Sequence[Token], lines: Sequence[str], line: int, column: int) -> Span:
    """The span to mark for an error found at ``line`` and ``column`` (from 0): from there
    to the end of the token that holds it, cut at the end of its line, or else the rest of
    the word there (one character of white space); an empty span at the end of the line
    (the end of the text).  It starts where the reader's message does (``not '-'`` in
    ``[Event- "x"]``, which the tokens here take for one word).
    """
    text = lines[line] if 0 <= line < len(lines) else ""
    if column >= len(text):
        return Span((line, column), (line, column))
    index = token_at(tokens, (line, column))
    token = tokens[index] if index is not None else None
    if token is not None and token.span.start[0] == line and (line, column) < token.span.end:
        end = token.span.end if token.span.end[0] == line else (line, len(text))
        return Span((line, column), end)
    word = re.compile(r"\S+").match(text, column)
    return Span((line, column), (line, word.end() if word is not None else column + 1))


def to_client(line: str, column: int, encoding: str = "utf-16") -> int:
    """``column`` (code points) of ``line`` in the editor's units.

    >>> to_client("a\\U0001f600b", 2), to_client("a\\U0001f600b", 2, "utf-8"), to_client("ab", 9)
    (3, 5, 2)
    """
    head = line[:column]
    if encoding == "utf-32" or head.isascii():
        return len(head)
    if encoding == "utf-8":
        return len(head.encode("utf-8"))
    return len(head) + sum(1 for char in head if ord(char) > 0xFFFF)


def from_client(line: str, units: int, encoding: str = "utf-16") -> int:
    """The column (code points) of ``line`` at ``units`` of the editor's units.

    >>> from_client("a\\U0001f600b", 3), from_client("a\\U0001f600b", 5, "utf-8")
    (2, 2)
    """
    if encoding == "utf-32":
        return min(units, len(line))
    count = 0
    for column, char in enumerate(line):
        if count >= units:
            return column
        if encoding == "utf-8":
            count += len(char.encode("utf-8"))
        else:
            count += 2 if ord(char) > 0xFFFF else 1
    return len(line)


def split_pair(line: str, units: int, encoding: str = "utf-16") -> int | None:
    """The column (code points) of the character of ``line`` whose two UTF-16 units
    ``units`` falls between, if it does; None for a position between two characters (and in
    another encoding than UTF-16).

    The protocol counts a position in UTF-16 units and does not say what one inside a
    surrogate pair means; an editor that keeps its text in UTF-16 (VS Code, any JavaScript
    one) cuts the character there, keeping its other half, a lone surrogate.

    >>> split_pair("a\\U0001f600b", 2), split_pair("a\\U0001f600b", 3), split_pair("ab", 1)
    (1, None, None)
    """
    if encoding != "utf-16" or line.isascii():
        return None
    count = 0
    for column, char in enumerate(line):
        if count >= units:
            return None
        count += 2 if ord(char) > 0xFFFF else 1
        if count > units:
            return column
    return None


def halves(char: str) -> str:
    """A character beyond the Basic Multilingual Plane as its two UTF-16 surrogates, each a
    code point of its own (as Python holds a lone surrogate).

    >>> [hex(ord(half)) for half in halves("\\U0001f600")]
    ['0xd83d', '0xde00']
    """
    point = ord(char) - 0x10000
    return chr(0xD800 + (point >> 10)) + chr(0xDC00 + (point & 0x3FF))
