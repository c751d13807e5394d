"""Colours, cards and the 102-card Gargon deck.

Terms used throughout the project:

colour
    One of the six creatures: white Dragon ``W``, blue Pegasus ``B``, violet Gargoyle ``V``,
    yellow Manticore ``Y``, red Phoenix ``R`` and green Fairy ``G``.  Card backs show the
    colour, so the colour of every card in a hand or a draw pile is public.
card
    A :class:`Card` whose colour and value (0-15) are both known.  Each colour has two 0s and
    one card of each value 1-15: 17 cards, 102 in all.  The two 0s of a colour are
    indistinguishable, so a card is identified by its colour and value alone.
hidden card
    A :class:`HiddenCard`: a card whose value is not known, and possibly not its colour either.
    Records taken at a real table hold many of them.

>>> Card.parse("R14")
Card.parse('R14')
>>> HiddenCard.parse("G?"), HiddenCard.parse("X?")
(HiddenCard.parse('G?'), HiddenCard.parse('X?'))
>>> len(DECK), DECK.count(Card.parse("W0"))
(102, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TypeAlias

import attrs

__all__ = [
    "COPIES",
    "DECK",
    "UNKNOWN",
    "VALUES",
    "AnyCard",
    "Card",
    "Colour",
    "HiddenCard",
    "card_from_text",
    "hand_order",
    "sort_cards",
]

VALUES = range(16)
"""The values a card can carry, weakest first."""


class Colour(enum.Enum):
    """The six colours, in the project's canonical order (W B V Y R G).

    >>> Colour.from_letter("r")
    <Colour.RED: 'R'>
    >>> Colour.RED.creature
    'Phoenix'
    """

    WHITE = "W"
    BLUE = "B"
    VIOLET = "V"
    YELLOW = "Y"
    RED = "R"
    GREEN = "G"

    # Members are singletons: hashing by identity is correct and much faster than Enum's.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        """The one-letter code used in the notation."""
        return self.value

    @property
    def creature(self) -> str:
        """The creature pictured on cards of this colour."""
        return _CREATURES[self]

    @property
    def index(self) -> int:
        """Position in the canonical order W B V Y R G (0-5)."""
        return _COLOUR_INDEX[self]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        """The colour for a letter, upper or lower case.

        Raises :class:`ValueError` for any other text.
        """
        try:
            return _BY_LETTER[letter.upper()]
        except (KeyError, AttributeError):
            raise ValueError(f"{letter!r} is not a colour letter (one of W B V Y R G)") from None


_CREATURES = {
    Colour.WHITE: "Dragon",
    Colour.BLUE: "Pegasus",
    Colour.VIOLET: "Gargoyle",
    Colour.YELLOW: "Manticore",
    Colour.RED: "Phoenix",
    Colour.GREEN: "Fairy",
}
_COLOUR_INDEX = {colour: index for index, colour in enumerate(Colour)}
_INTERNED: dict[tuple[Colour, int], Card] = {}
_BY_LETTER = {colour.value: colour for colour in Colour}


class Card:
    """A card whose colour and value are known.

    There is exactly one object for each of the 96 distinct cards (the two 0s of a colour are
    the same card): ``Card(colour, value)`` returns it, so cards compare and hash by identity,
    as fast as Python allows.  Cards are immutable; :func:`sort_cards` gives the canonical
    order.

    >>> card = Card(Colour.YELLOW, 6)
    >>> str(card), card.is_zero, card is Card.parse("Y6")
    ('Y6', False, True)
    """

    __slots__ = ("colour", "value")
    colour: Colour
    value: int

    def __new__(cls, colour: Colour, value: int) -> Card:
        if type(value) is int:
            card = _INTERNED.get((colour, value))
            if card is not None:
                return card
        if not isinstance(colour, Colour):
            raise TypeError(f"a card's colour is a Colour, not {colour!r}")
        if type(value) is not int:
            raise TypeError(f"a card's value is a whole number (int) from 0 to 15, not {value!r}")
        if not 0 <= value <= 15:
            raise ValueError(f"a card's value is a whole number from 0 to 15, not {value!r}")
        card = object.__new__(cls)
        object.__setattr__(card, "colour", colour)
        object.__setattr__(card, "value", value)
        _INTERNED[colour, value] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Colour, int]]:
        return (Card, (self.colour, self.value))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, _memo: object) -> Card:
        return self

    @property
    def is_zero(self) -> bool:
        """A 0: it multiplies its colour's amulets and never wins a contested battle."""
        return self.value == 0

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``R14`` or ``r0``.

        Raises :class:`ValueError` when the text is not a known card.

        >>> Card.parse("b12")
        Card.parse('B12')
        """
        card = _CARD_BY_TEXT.get(text.upper())
        if card is None:
            raise ValueError(
                f"{text!r} is not a card (a colour letter W B V Y R G and a value 0-15)"
            )
        return card

    def __str__(self) -> str:
        return f"{self.colour.value}{self.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@attrs.frozen(repr=False, cache_hash=True)
class HiddenCard:
    """A card whose value is unknown; ``colour`` is None when the colour is unknown too.

    >>> str(HiddenCard(Colour.GREEN)), str(HiddenCard(None))
    ('G?', 'X?')
    >>> HiddenCard("G")
    Traceback (most recent call last):
    ...
    TypeError: HiddenCard.colour: a Colour or None (HiddenCard.parse('G?') reads one), not 'G'
    """

    colour: Colour | None = attrs.field(default=None)

    @colour.validator
    def _check_colour(self, _attribute: object, colour: Colour | None) -> None:
        if colour is not None and not isinstance(colour, Colour):
            text = f"{colour}?" if colour in _BY_LETTER else "G?"
            raise TypeError(
                f"HiddenCard.colour: a Colour or None (HiddenCard.parse({text!r}) reads one), "
                f"not {colour!r}"
            )

    @classmethod
    def parse(cls, text: str) -> HiddenCard:
        """Read ``G?`` (colour only) or ``X?`` (nothing known), in either case.

        Raises :class:`ValueError` for any other text.
        """
        upper = text.upper()
        if upper == "X?":
            return UNKNOWN
        if len(upper) == 2 and upper[1] == "?" and upper[0] in _BY_LETTER:
            return _HIDDEN_BY_COLOUR[_BY_LETTER[upper[0]]]
        raise ValueError(f"{text!r} is not a hidden card (such as G? or X?)")

    def __str__(self) -> str:
        return f"{self.colour.value if self.colour else 'X'}?"

    def __repr__(self) -> str:
        return f"HiddenCard.parse({str(self)!r})"


AnyCard: TypeAlias = Card | HiddenCard
"""What may be known of a card: all of it, or its colour, or nothing."""

UNKNOWN = HiddenCard(None)
"""A card of which nothing is known."""

_HIDDEN_BY_COLOUR = {colour: HiddenCard(colour) for colour in Colour}
COPIES = {Card(colour, value): (2 if value == 0 else 1) for colour in Colour for value in VALUES}
"""How many copies of each card the deck holds."""
_CARD_BY_TEXT = {str(card): card for card in COPIES}

DECK: tuple[Card, ...] = tuple(card for card, copies in COPIES.items() for _ in range(copies))
"""The 102 cards in canonical order: colours W B V Y R G, and in each 0, 0, 1, ..., 15."""


def card_from_text(text: str) -> AnyCard:
    """Read a known card (``R14``) or a hidden one (``R?``, ``X?``).

    >>> card_from_text("y2"), card_from_text("y?")
    (Card.parse('Y2'), HiddenCard.parse('Y?'))
    """
    if text.endswith("?"):
        return HiddenCard.parse(text)
    return Card.parse(text)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in canonical order: by colour (W B V Y R G), then value high to low.

    >>> [str(c) for c in sort_cards(Card.parse(t) for t in ["R0", "Y2", "R14", "Y6"])]
    ['Y6', 'Y2', 'R14', 'R0']
    """
    return sorted(cards, key=lambda card: (card.colour.index, -card.value))


def hand_order(cards: Iterable[AnyCard]) -> list[AnyCard]:
    """Cards as a hand is read: by colour (W B V Y R G), strongest first, the backs of a colour
    after its known cards, and the cards of unknown colour (``X?``) last.

    >>> [str(c) for c in hand_order(card_from_text(t) for t in ["X?", "R?", "Y2", "R14", "Y6"])]
    ['Y6', 'Y2', 'R14', 'R?', 'X?']
    """

    def key(card: AnyCard) -> tuple[int, int]:
        colour = card.colour.index if card.colour is not None else 6
        return colour, -card.value if isinstance(card, Card) else 1

    return sorted(cards, key=key)
