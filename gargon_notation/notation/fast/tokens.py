"""The token list: a game's text as tokens ``(kind, value, line, column)``.

A line in the usual layout is read whole into one token by its reader, chosen by its first
character (:data:`_LINE_READERS`: a tag line, a round, battle, ``end`` or ``*`` line); any
other line is cut into tokens by :data:`TOKEN`, one match per token (a run of cards or of
pass draws is one token), compiled only when first needed.  The list ends with an ``eof``
token; :class:`~.reader._Reader` reads it.
"""

from __future__ import annotations

import re

from gargon_notation.notation.fast.decline import Decline
from gargon_notation.notation.fast.header import _tag_line
from gargon_notation.notation.fast.movetext import (
    _end_line,
    _fights_line,
    _round_line,
    _unfinished_line,
)
from gargon_notation.notation.fast.words import _compiled, _Token
from gargon_notation.notation.lexical import (
    BRACE_COMMENT,
    CARD,
    GLYPH,
    INT,
    LINE_COMMENT,
    NAG,
    NAME_SHAPE,
    NUMBER_END,
    PILE_DIGIT,
    ROUND,
    STRING,
)

# Token-level patterns, from the grammar's terminals (lexical.py): a run of cards or of pass
# draws (a draw's ":" attached) is one token; "word" is any word (names and keywords alike).
_PASS_DRAW = rf"{PILE_DIGIT}(?::{CARD}|{NUMBER_END}(?!:))"
_TOKEN = (
    r"[ \t\r]*(?:"
    r"(?P<nl>\n)"
    rf"|(?P<cards>{CARD}(?:[ \t]+{CARD})*)"
    rf"|(?P<draws>{_PASS_DRAW}(?:[ \t]+{_PASS_DRAW})*)"
    rf"|(?P<round>{ROUND})"
    rf"|(?P<int>{INT})"
    rf"|(?P<word>{NAME_SHAPE})"
    rf"|(?P<glyph>{GLYPH})"
    rf"|(?P<nag>{NAG})"
    rf"|(?P<comment>{BRACE_COMMENT}|{LINE_COMMENT})"
    rf"|(?P<string>{STRING})"
    r"|(?P<punct>[,:\[\]()>*-])"
    r")"
)
"""The pattern of the fast reader's tokens (:data:`TOKEN` compiled); also the baseline of
the speed benchmark."""


TOKEN: re.Pattern[str]  # given by __getattr__, as it is compiled only when first asked for


def __getattr__(name: str) -> re.Pattern[str]:
    """``TOKEN``: the fast reader's tokens, compiled when first asked for."""
    if name == "TOKEN":
        return _compiled(_TOKEN)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_LINE_READERS = {
    "[": _tag_line,
    "e": _end_line,
    "*": _unfinished_line,
    **{digit: _round_line for digit in "123456789"},
    " ": _fights_line,
    "\t": _fights_line,
    "f": _fights_line,
}


def _tokens(text: str, first_line: int) -> list[_Token]:
    tokens: list[_Token] = []
    append = tokens.append
    pos = 0
    line = first_line
    size = len(text)
    readers = _LINE_READERS
    while pos < size:
        first = text[pos]
        reader = readers.get(first)
        if reader is not None:
            found = reader(text, pos, line)
            if found is not None:
                append(found[0])
                pos = found[1]
                line += 1
                continue
        elif first == "\n":  # a blank line
            pos += 1
            line += 1
            continue
        line_start = pos
        # Match at the position, never search: a search from every position of a long run
        # that fails at its end (digits then a letter) would take quadratic time.
        match_at = _compiled(_TOKEN).match
        while (match := match_at(text, pos)) is not None:
            pos = match.end()
            kind = match.lastgroup
            if kind == "nl":
                line += 1
                break
            assert kind is not None
            start = match.start(kind)
            value = match.group(kind)
            append((kind, value, line, start - line_start + 1))
            if kind == "comment" and "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
        else:
            if pos != size:
                raise Decline
    last_line_start = text.rfind("\n", 0, size) + 1
    append(("eof", "", line, size - last_line_start + 1))
    return tokens
