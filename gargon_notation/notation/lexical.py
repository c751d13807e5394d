"""Tokens shared by both readers: their patterns, and the values they stand for.

Patterns: the terminals of the normative grammar (``grammar/gargon.lark``) as regular
expressions, one named string each (:data:`CARD`, :data:`NAME`, ...; :data:`TERMINALS` maps
every grammar terminal to its pattern).  The grammar file stays a standalone text; the fast
reader (:mod:`.fast`) builds its patterns from these strings, and
``tests/test_notation_lexical.py`` checks, terminal by terminal, that they are the grammar's.

Values: both the Lark reader (:mod:`.parser`) and the fast reader turn token text into model
values through these functions, so the two cannot disagree on a token's meaning.

>>> card_of("r14"), name_of('"Anna Lena"'), quote("Anna Lena")
(Card.parse('R14'), 'Anna Lena', '"Anna Lena"')
>>> import re; bool(re.fullmatch(NAME, "Adam")), bool(re.fullmatch(NAME, "R9"))
(True, False)
"""

from __future__ import annotations

import re

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard, card_from_text
from gargon_notation.notation.model import Comment, CommentKind

_ESCAPE = re.compile(r'\\(["\\])')

__all__ = [
    "BRACE_COMMENT",
    "CARD",
    "CARDS",
    "CARD_SPELLING",
    "COLOUR",
    "COLOURS",
    "COLOUR_LETTER",
    "GLYPH",
    "INT",
    "LINE_COMMENT",
    "NAG",
    "NAME",
    "NAME_SHAPE",
    "NUMBER_END",
    "PILE",
    "PILE_DIGIT",
    "ROUND",
    "STRING",
    "TAG_NAME",
    "TERMINALS",
    "WHITESPACE",
    "WORD_END",
    "card_of",
    "comment_of",
    "keyword",
    "name_of",
    "quote",
    "unquote",
]

# ---- patterns: the grammar's terminals --------------------------------------------------

WORD_END = r"(?![\w'-])"
"""After a keyword, card or colour: no name character (letter, digit, ``_ ' -``) follows."""

NUMBER_END = r"(?![\w.])"
"""After a pile number or a score: no name character and no ``.`` (``12.`` is a round)."""

COLOUR_LETTER = r"[WBVYRGwbvyrg]"
"""A colour letter, either case."""

CARD_SPELLING = rf"(?:{COLOUR_LETTER}(?:1[0-5]|[0-9])|[WBVYRGXwbvyrgx]\?)"
"""A card's letters (``R14``, ``r?``, ``X?``), without the check of what follows."""

CARD = CARD_SPELLING + WORD_END
"""A card token (terminal ``CARD``)."""

COLOUR = COLOUR_LETTER + WORD_END
"""A colour letter alone (terminal ``COLOUR``)."""

NAME_SHAPE = r"[^\W\d_][\w'-]*"
"""A word: a letter, then letters, digits and ``_ ' -`` (a bare name, a keyword, a tag name...)."""

NAME = rf"(?!(?i:deal|pile|pass|fights|forgot|end|[WBVYRG]){WORD_END})(?!{CARD}){NAME_SHAPE}"
"""A bare player name: a word that is not a keyword, a colour letter or a card (``NAME``).

Keywords and colour letters are excluded without regard to case as Python's ``re`` compares
case: so ``pa\u017fs``, with a long s, is ``pass`` and not a name."""

STRING = r'"(?:[^"\\\r\n]|\\["\\])*"'
"""A quoted string on one line, escapes ``\\"`` and ``\\\\`` (terminal ``STRING``)."""

TAG_NAME = r"[A-Za-z][A-Za-z0-9_]*"
"""A tag's name (terminal ``TAG_NAME``)."""

ROUND = r"[1-9][0-9]*\."
"""A round number and its dot (terminal ``ROUND``)."""

PILE_DIGIT = r"[12]"
"""A pile number's digit."""

PILE = PILE_DIGIT + NUMBER_END
"""A pile number (terminal ``PILE``)."""

INT = r"[0-9]+" + NUMBER_END
"""A score (terminal ``INT``)."""

GLYPH = r"!!|\?\?|!\?|\?!|!|\?"
"""A glyph, longest spellings first (terminal ``GLYPH``)."""

NAG = r"\$[0-9]+"
"""A numeric annotation (terminal ``NAG``)."""

BRACE_COMMENT = r"\{[^}]*\}"
"""A brace comment, perhaps over several lines."""

LINE_COMMENT = r";[^\n]*"
"""A rest-of-line comment."""

WHITESPACE = r"[ \t\r\n]+"
"""What separates tokens (ignored by the grammar)."""


def keyword(word: str) -> str:
    """The pattern of a keyword: the word, not run on into a name.

    >>> import re
    >>> bool(re.match(keyword("pass"), "pass 1")), bool(re.match(keyword("pass"), "passport"))
    (True, False)
    """
    return word + WORD_END


TERMINALS: dict[str, str] = {
    "CARD": CARD,
    "COLOUR": COLOUR,
    "PLAYER": f"(?:{STRING}|{NAME})",
    "STRING": STRING,
    "TAG_NAME": TAG_NAME,
    "ROUND": ROUND,
    "PILE": PILE,
    "INT": INT,
    "GLYPH": GLYPH,
    "NAG": NAG,
    "COMMENT": f"(?:{BRACE_COMMENT}|{LINE_COMMENT})",
    "UNFINISHED": r"\*",
    "END": keyword("end"),
    "FORGOT": keyword("forgot"),
    "NOBODY": r"\-",
    "_DEAL": keyword("deal"),
    "_PILE": keyword("pile"),
    "_PASS": keyword("pass"),
    "_FIGHTS": keyword("fights"),
    "_LSQB": r"\[",
    "_RSQB": r"\]",
    "_LPAR": r"\(",
    "_RPAR": r"\)",
    "_COMMA": ",",
    "_COLON": ":",
    "_GT": ">",
    "%ignore": WHITESPACE,
}
"""Every terminal of the grammar (and its ignored whitespace) and its pattern, as Lark
compiles it (``Lark(...).terminals[i].pattern.to_regexp()``; Lark turns ``\\n`` into a
line feed and writes a string terminal ``"*"`` as ``\\*``)."""

# ---- values ----------------------------------------------------------------------------


def _all_card_spellings() -> dict[str, AnyCard]:
    table: dict[str, AnyCard] = {}
    for letter in "WBVYRG":
        for value in range(16):
            card = Card(Colour.from_letter(letter), value)
            table[f"{letter}{value}"] = card
            table[f"{letter.lower()}{value}"] = card
    for letter in "WBVYRGX":
        hidden = card_from_text(letter + "?")
        assert isinstance(hidden, HiddenCard)
        table[letter + "?"] = hidden
        table[letter.lower() + "?"] = hidden
    return table


CARDS: dict[str, AnyCard] = _all_card_spellings()
"""Every accepted spelling of a card token (``R14``, ``r14``, ``R?``, ``x?``) and its card."""

COLOURS: dict[str, Colour] = {
    spelling: colour for colour in Colour for spelling in (colour.value, colour.value.lower())
}
"""Every accepted spelling of a colour letter."""


def card_of(text: str) -> AnyCard:
    """The card a (lexically valid) card token stands for."""
    return CARDS[text]


def unquote(token: str) -> str:
    """The text of a quoted token ``"..."`` (escapes: ``\\"`` and ``\\\\``)."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(r"\1", body)


def quote(text: str) -> str:
    """``text`` as a quoted token."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_of(token: str) -> str:
    """The player name a (lexically valid) name token stands for; quoted names are unquoted."""
    return unquote(token) if token.startswith('"') else token


def comment_of(token: str, line: int, column: int) -> Comment:
    """The comment a (lexically valid) comment token stands for."""
    if token.startswith(";"):
        return Comment(token[1:], CommentKind.LINE, line=line, column=column)
    if token.startswith("{="):
        return Comment(token[2:-1], CommentKind.ANNOTATION, line=line, column=column)
    return Comment(token[1:-1], CommentKind.BRACE, line=line, column=column)
