"""Token values shared by both readers: cards, names, comments, tag values.

Both the Lark reader (:mod:`.parser`) and the fast reader (:mod:`.fast`) turn token text into
model values through these functions, so the two cannot disagree on a token's meaning.

>>> card_of("r14"), name_of('"Anna Lena"'), quote("Anna Lena")
(Card.parse('R14'), 'Anna Lena', '"Anna Lena"')
"""

from __future__ import annotations

import re

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard, card_from_text
from gargon_notation.notation.model import Comment, CommentKind

_ESCAPE = re.compile(r'\\(["\\])')

__all__ = ["CARDS", "COLOURS", "card_of", "comment_of", "name_of", "quote", "unquote"]


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
