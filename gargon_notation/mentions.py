"""Card values named in free text, for the checks and views that must not tell a seat more
than the table showed it.

Terms:

free text
    What people write in prose: a comment, the value of a tag such as ``Remark``, a
    problem's message.  It is not notation, so a card in it may touch anything: ``'Y5'``,
    ``Y5's``, ``Y5-Y6``, ``Y5Y6``, ``2Y5``, ``Y05``.
mention
    A card value named in free text: a colour letter (either case) and a value 0-15 (leading
    zeros allowed), with no digit after it and no letter before it, unless the letter
    before is a small one and the colour a capital (``keptY5``, ``JadwigąY5``).  So
    ``player2``, ``G20`` and ``USB3`` name no card, but ``Y2K`` and ``R2D2`` do: a check that
    must not miss a value takes a few words of prose for cards rather than the other way
    round.  The text is read as it shows: compatibility forms are read as their letters and
    digits (fullwidth ``\uff39\uff15`` is ``Y5``) and invisible characters are passed over (a
    zero-width space, a soft hyphen or a variation selector inside ``Y5``), but end a word
    before a value (``Adam\u200bY5`` names Y5).
copies seen
    How many copies of each card a seat has seen (:data:`~gargon_notation.cards.COPIES`: two
    of each 0, one of every other card).  A mention is *known* to a seat only once it has
    seen every copy of the card: a seat that holds one ``B0`` does not know where the other
    one is, so ``Adam holds B0`` would tell it.

>>> [(str(card), at) for card, at in mentions("kept 'Y5' and B05-b6; player2 held R2D2")]
[('Y5', 6), ('B5', 14), ('B6', 18), ('R2', 35)]
>>> [(str(card), at) for card, at in mentions("\uff27\uff11\uff12 or Y\u200b5")]
[('G12', 0), ('Y5', 7)]
>>> from collections import Counter
>>> from gargon_notation.cards import Card
>>> seen = Counter([Card.parse("Y5"), Card.parse("B0")])
>>> mask_mentions("Y5's twin, Y6, and the B0", seen)
"Y5's twin, Y?, and the B?"
>>> seen[Card.parse("B0")] += 1
>>> mask_mentions("Y5's twin, Y6, and the B0", seen)
"Y5's twin, Y?, and the B0"
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping

from gargon_notation.cards import COPIES, Card, Colour

__all__ = ["MENTION", "known", "mask_mentions", "mentions"]

MENTION = re.compile(r"([WBVYRGwbvyrg])0*(1[0-5]|[0-9])(?![0-9])")
"""A colour letter and a value, in text read as it shows (see the module docstring): a
mention unless the letter before it says otherwise (:func:`_spans`)."""


_IGNORABLE = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),  # Mongolian variation selectors
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),
    (0xE0100, 0xE01EF),
)
"""Invisible code points that are not format characters (Unicode's default ignorable code
points, beside category Cf)."""


def _invisible(character: str) -> bool:
    if unicodedata.category(character) == "Cf":
        return True
    point = ord(character)
    return any(low <= point <= high for low, high in _IGNORABLE)


def _shown(text: str) -> tuple[str, list[int] | None, set[int]]:
    """``text`` as it shows (NFKC, invisible characters left out), for each of its
    characters the offset in ``text`` of the character it comes from (None: ``text`` shows
    as it is), and the characters that follow an invisible one (where a word may end unseen:
    ``Adam<U+200B>Y5`` names Y5 as ``Adam Y5`` does)."""
    if text.isascii() or (
        unicodedata.is_normalized("NFKC", text)
        and not any(_invisible(character) for character in set(text))
    ):
        return text, None, set()
    characters: list[str] = []
    origins: list[int] = []
    after_invisible: set[int] = set()
    for at, character in enumerate(text):
        if _invisible(character):
            after_invisible.add(len(characters))
            continue
        for shown in unicodedata.normalize("NFKC", character):
            characters.append(shown)
            origins.append(at)
    return "".join(characters), origins, after_invisible


def _spans(text: str) -> Iterator[tuple[Card, int, int]]:
    """Each mention of ``text``: its card, and where it starts and ends in ``text``."""
    shown, origins, after_invisible = _shown(text)
    for match in MENTION.finditer(shown):
        start, end = match.span()
        before = shown[start - 1] if start and start not in after_invisible else ""
        letter = match.group(1)
        if before.isalpha() and not (before.islower() and letter.isupper()):
            continue  # inside a word: player2, USB3
        card = Card(Colour.from_letter(letter), int(match.group(2)))
        if origins is not None:
            start, end = origins[start], origins[end - 1] + 1
        yield card, start, end


def mentions(text: str) -> Iterator[tuple[Card, int]]:
    """Each card value ``text`` names, with the offset of its colour letter."""
    for card, start, _ in _spans(text):
        yield card, start


def known(card: Card, seen: Mapping[Card, int]) -> bool:
    """Whether a seat that has seen ``seen`` copies of each card knows every copy of
    ``card``."""
    return seen.get(card, 0) >= COPIES[card]


def mask_mentions(text: str, seen: Mapping[Card, int]) -> str:
    """``text`` with every mention of a card not :func:`known` to a seat that has seen
    ``seen`` written as its back (``R?``) and the others as the card (``r14`` and ``R014``
    become ``R14``); the rest of ``text`` as it is."""
    pieces: list[str] = []
    written = 0
    for card, start, end in _spans(text):
        pieces.append(text[written:start])
        pieces.append(str(card) if known(card, seen) else f"{card.colour.value}?")
        written = end
    if not pieces:
        return text
    pieces.append(text[written:])
    return "".join(pieces)
