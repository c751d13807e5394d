"""A Pygments lexer for the notation (``.ggn``), and a style that shows each card in its colour.

Pygments finds both through the package's entry points, so ``pygmentize``, Sphinx, MkDocs and
rich highlight ``.ggn`` files once gargon-notation is installed (``pygmentize -l ggn``,
```` ```ggn ```` in Markdown).  Tags, player names, cards (one token type per colour, under
``Token.Literal.Card``), keywords, comments, glyphs and NAGs each have their token type; the
lexer follows the grammar's terminals (grammar/gargon.lark), and text that is not notation
is an ``Error`` token rather than a silent guess.

>>> found = GargonLexer().get_tokens("1. Ann Y2 R14!, Bob pass 1\\n")
>>> for kind, value in list(found)[:8]:
...     if not value.isspace():
...         print(value, kind)
1. Token.Generic.Heading
Ann Token.Name.Variable
Y2 Token.Literal.Card.Yellow
R14 Token.Literal.Card.Red
! Token.Generic.Emph
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pygments.lexer import RegexLexer, default, include
from pygments.style import Style
from pygments.styles.default import DefaultStyle
from pygments.token import (
    Comment,
    Error,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Token,
    Whitespace,
    _TokenType,
)

from gargon_notation.cards import Colour
from gargon_notation.web.palette import PALETTE, UNKNOWN_LOOK

__all__ = ["CARD", "CARD_TOKENS", "GargonLexer", "GargonStyle"]

CARD = Token.Literal.Card
"""The parent token type of every card; each colour has its own (``CARD.Red``...)."""

CARD_TOKENS: dict[str, _TokenType] = {
    colour.value: getattr(CARD, PALETTE[colour].name.capitalize()) for colour in Colour
}
"""The token type of each colour letter's cards (and of a battle's colour)."""
CARD_TOKENS["X"] = CARD.Unknown

_AFTER_WORD = r"(?![\w'-])"
_CARD = r"(?:[WBVYRGwbvyrg](?:1[0-5]|[0-9])|[WBVYRGXwbvyrgx]\?)" + _AFTER_WORD
_COLOUR = r"[WBVYRGwbvyrg]" + _AFTER_WORD
_KEYWORDS = r"(?i:deal|pile|pass|fights|forgot|end)" + _AFTER_WORD
_NAME = rf"(?!{_KEYWORDS})(?!{_COLOUR})(?!{_CARD})[^\W\d_][\w'-]*"
_STRING = r'"(?:[^"\\\r\n]|\\["\\])*"'
_TAG_OPENS = r"\[(?=[ \t]*[A-Za-z])"
"""A tag's ``[``: its name follows on the same line (a ``[`` alone is an error)."""
_SPACE = r"[ \t\r\n]+"
"""The notation's white space (the grammar's ``%ignore``): a no-break space, a form feed or a
U+2028 between two items is no separator, and is marked as an error as the reader refuses it."""


def _card(lexer: RegexLexer, match: re.Match[str]) -> Iterator[tuple[int, _TokenType, str]]:
    text = match.group()
    yield match.start(), CARD_TOKENS[text[0].upper()], text


class GargonLexer(RegexLexer):
    """Gargon Game Notation (``.ggn``)."""

    name = "Gargon notation"
    aliases = ["ggn", "gargon"]  # noqa: RUF012 (Pygments reads these class attributes)
    filenames = ["*.ggn"]  # noqa: RUF012
    mimetypes = ["text/x-gargon"]  # noqa: RUF012
    url = "https://github.com/gargon-notation"
    version_added = ""

    tokens = {  # noqa: RUF012
        "root": [
            include("space"),
            (_TAG_OPENS, Punctuation, "tagname"),
            (r"\[", Error),  # no tag's name after it on its line
            (r"[1-9][0-9]*\.", Generic.Heading),
            (r"(fights)" + _AFTER_WORD, Keyword, "fights"),
            (r"(?:deal|pile|pass|forgot|end)" + _AFTER_WORD, Keyword),
            (r"\*", Keyword),
            include("move"),
        ],
        "fights": [
            (r"[1-9][0-9]*\.", Generic.Heading, "#pop"),
            (r"(?:end)" + _AFTER_WORD, Keyword, "#pop"),
            (r"\*", Keyword, "#pop"),
            (_TAG_OPENS, Punctuation, ("#pop", "tagname")),
            include("space"),
            (_CARD, _card),  # before a colour: a draw's back (1:B?) is a card, not B and a glyph
            (_COLOUR, _card),
            (r"forgot" + _AFTER_WORD, Keyword),
            (r"[>\-]", Operator),
            include("move"),
        ],
        "move": [
            (_CARD, _card),
            (r"!!|\?\?|!\?|\?!|!|\?", Generic.Emph),
            (r"\$[0-9]+", Name.Label),
            (_STRING, Name.Variable),
            (_NAME, Name.Variable),
            (r"[0-9]+", Number),
            (r"[,:()]", Punctuation),
            (r".", Error),
        ],
        "tagname": [
            (r"[ \t]+", Whitespace),
            (r"[A-Za-z][A-Za-z0-9_]*", Name.Tag, ("#pop", "tag")),
            default("#pop"),
        ],
        "tag": [
            include("space"),
            (_STRING, String),
            (r"\]", Punctuation, "#pop"),
            (r"[^\]\s]+", Error),
        ],
        "space": [
            (_SPACE, Whitespace),
            (r"\{[^}]*\}", Comment.Multiline),
            (r";[^\n]*", Comment.Single),
        ],
    }


class GargonStyle(Style):
    """Pygments' default style, with each colour's cards in the viewer's colours."""

    name = "gargon"
    styles = {  # noqa: RUF012
        **DefaultStyle.styles,
        **{
            CARD_TOKENS[colour.value]: f"bold {PALETTE[colour].fill}"
            for colour in Colour
            if colour is not Colour.WHITE
        },
        CARD.White: "bold #8a7f5a",
        CARD.Unknown: f"bold {UNKNOWN_LOOK.fill}",
        Generic.Heading: "bold #555555",
        Name.Variable: "#0b6e4f",
    }
