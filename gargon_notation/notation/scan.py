"""How the splitter of games reads a line's text, without parsing it.

Comments are removed and quoted text blanked (:func:`scan_line`, :func:`line_text`), so that
what is left tells where a game's header (its tags) ends and its setup, rounds or
termination begin (:data:`GAME_LINE`), which tags a line holds (:data:`TAGS`,
:data:`TAG_NAME`) and whether it ends the game (:data:`END_WORD`, or a ``*``).  A game's text
starts on the line :func:`game_line` gives; text that opens as a JSON object is
:func:`json_like`, and :func:`looks_like_json` says so in its error.  Every pattern reads a
line in linear time, whatever it holds.
"""

from __future__ import annotations

import re

from gargon_notation.errors import NotationError

__all__ = [
    "END_WORD",
    "GAME_LINE",
    "TAGS",
    "TAG_NAME",
    "VALUE_END",
    "game_line",
    "json_like",
    "line_text",
    "looks_like_json",
    "scan_line",
]

# A quote that is not closed on its line is left as it is, and no later quote of the line
# can open a string either (every later quote is escaped): the pattern takes the rest of the
# line at once, so that a line of many unclosed quotes is read in linear time.
_HIDDEN = re.compile(r'\{[^}]*\}|"(?:[^"\\\n]|\\.)*+(?:(?P<closed>")|.*)|;.*|\{.*', re.DOTALL)
_HIDDEN_NO_QUOTE = re.compile(r"\{[^}]*\}|;.*|\{.*", re.DOTALL)
_QUOTED = re.compile(r'"[^"\n]*"')
"""A closed quote, in a line without comments or backslashes (blanked as _HIDDEN blanks it;
an unclosed quote is left as it is, as there)."""
END_WORD = re.compile(r"(?<![\w'-])end(?![\w'-])")
"""The word ``end``, not a part of a longer word or name: with a ``*``, what ends a game."""
TAGS = re.compile(r"(?:\[[^\]]*+\][ \t]*+)++")
"""Tags at the start of a line (quoted values blanked): what follows is movetext."""
GAME_LINE = re.compile(
    r"(?:[0-9]+\.|deal(?![\w'-])|pile(?![\w'-])|\*(?![ \t]*[^ \t\n{;])|end(?![\w'-]))"
)
"""The start of a line that only a game holds: a round, setup or an ending; after a game's
tags, the line where its setup, rounds or termination begin.  A ``*`` is the ending only
alone, only comments after it (2.1, 7): ``* Thursday club night`` is a note, no ending."""
TAG_NAME = re.compile(r"(?:^|\])[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_]*)")
"""The name of each tag of a line of tags (quoted values blanked)."""
VALUE_END = re.compile(r'(?:[^"\\\n]|\\.)*+"')
"""The rest of a quoted value cut in two by a line end (a lone CR in a tag value), up to
its closing quote."""


def scan_line(line: str, in_brace: bool) -> tuple[str, bool, bool]:
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
    significant, still_open, _ = scan_line(line, in_brace)
    return significant.strip(), still_open


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
