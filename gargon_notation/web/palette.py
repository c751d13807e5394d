"""The viewer's and the pictures' colours: one fill, one ink and one symbol per card colour.

Colour is never the only signal: every card shows its colour's letter, and its symbol, as
well as its fill, so the table reads the same to a colour-blind eye and in black and white.
Each ink is at least 4.5 times as light or as dark as its fill (WCAG AA for small text):

>>> min(round(contrast(look.fill, look.ink), 2) for look in [*PALETTE.values(), UNKNOWN_LOOK])
4.96

>>> from gargon_notation.cards import Colour
>>> PALETTE[Colour.RED].fill, PALETTE[Colour.RED].symbol
('#d7263d', '▲')
>>> len({look.symbol for look in PALETTE.values()}), len({look.fill for look in PALETTE.values()})
(6, 6)
"""

from __future__ import annotations

import attrs

from gargon_notation.cards import Colour

__all__ = ["PALETTE", "SEAT_INKS", "UNKNOWN_LOOK", "Look", "contrast"]


@attrs.frozen
class Look:
    """How a colour's cards are drawn: ``fill`` behind, ``ink`` for the letter and value."""

    fill: str
    ink: str
    symbol: str
    name: str


PALETTE: dict[Colour, Look] = {
    Colour.WHITE: Look("#f4f1e8", "#1b1b1b", "○", "white"),
    Colour.BLUE: Look("#1f5fbf", "#ffffff", "◆", "blue"),
    Colour.VIOLET: Look("#7b3fa0", "#ffffff", "✦", "violet"),
    Colour.YELLOW: Look("#f2c200", "#1b1b1b", "●", "yellow"),
    Colour.RED: Look("#d7263d", "#ffffff", "▲", "red"),
    Colour.GREEN: Look("#277a35", "#ffffff", "■", "green"),
}
"""Each colour's look, in the canonical order W B V Y R G."""

UNKNOWN_LOOK = Look("#676c75", "#ffffff", "?", "unknown")
"""A card whose colour the record did not note (``X?``)."""

SEAT_INKS: tuple[str, ...] = ("#0b6e4f", "#a4243b", "#2d3a8c", "#8a5a00", "#5b2a86")
"""An ink per seat, for the players' names around the table (names are always written too)."""


def contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours ``#rrggbb``, from 1 to 21, as WCAG 2 defines it.

    >>> contrast("#000000", "#ffffff"), contrast("#777777", "#777777")
    (21.0, 1.0)
    """

    def luminance(colour: str) -> float:
        channels = [int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
