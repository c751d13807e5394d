"""Cards as rich text, each in its colour's terminal colour.

>>> from gargon_notation.cards import Card
>>> card_text(Card.parse("R14")).plain
'R14'
>>> cards_text([Card.parse("Y2"), Card.parse("Y6")]).plain
'Y2 Y6'
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from gargon_notation.cards import AnyCard, Colour

__all__ = ["COLOUR_STYLES", "card_text", "cards_text", "colour_text"]

COLOUR_STYLES = {
    Colour.WHITE: "bold bright_white",
    Colour.BLUE: "bold bright_blue",
    Colour.VIOLET: "bold magenta",
    Colour.YELLOW: "bold yellow",
    Colour.RED: "bold red",
    Colour.GREEN: "bold green",
}
"""The terminal style of each colour."""


def card_text(card: AnyCard) -> Text:
    """One card in its colour (hidden cards of unknown colour dimmed)."""
    style = COLOUR_STYLES[card.colour] if card.colour is not None else "dim"
    return Text(str(card), style=style)


def cards_text(cards: Iterable[AnyCard], empty: str = "") -> Text:
    """Cards separated by spaces; ``empty`` when there are none."""
    text = Text()
    for card in cards:
        if text:
            text.append(" ")
        text.append_text(card_text(card))
    return text if text else Text(empty, style="dim")


def colour_text(colour: Colour, long: bool = False) -> Text:
    """A colour's letter (or its name and creature, when ``long``) in its colour."""
    label = f"{colour.name.lower()} {colour.creature}" if long else colour.value
    return Text(label, style=COLOUR_STYLES[colour])
