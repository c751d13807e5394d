"""Small helpers that put cards, colours and counts into the engine's sentences.

>>> from gargon_notation.cards import Card, Colour
>>> cards_text([Card.parse("R9"), Card.parse("Y2")]), count_of(1, "card"), count_of(3, "card")
('R9 Y2', '1 card', '3 cards')
>>> colours_text([Colour.RED, Colour.WHITE, Colour.BLUE])
'white, blue and red'
"""

from __future__ import annotations

from collections.abc import Iterable

from gargon_notation.cards import AnyCard, Colour

__all__ = ["cards_text", "colours_text", "count_of"]


def count_of(number: int, noun: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def cards_text(cards: Iterable[AnyCard]) -> str:
    """Cards as written, separated by spaces."""
    return " ".join(str(card) for card in cards)


def colours_text(colours: Iterable[Colour]) -> str:
    """Colour names in canonical order: ``white, blue and red`` (``none`` when empty)."""
    names = [colour.name.lower() for colour in sorted(colours, key=lambda c: c.index)]
    if not names:
        return "none"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
