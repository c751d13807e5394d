"""Small helpers that put cards, colours and counts into the engine's sentences.

>>> from gargon_notation.cards import Card, Colour
>>> cards_text([Card.parse("R9"), Card.parse("Y2")]), count_of(1, "card"), count_of(3, "card")
('R9 Y2', '1 card', '3 cards')
>>> colours_text([Colour.RED, Colour.WHITE, Colour.BLUE])
'white, blue and red'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from gargon_notation.cards import COPIES, AnyCard, Card, Colour

__all__ = ["cards_text", "colours_text", "count_of", "placed_elsewhere", "twice_in_one_play"]


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


def twice_in_one_play(name: str, cards: Sequence[AnyCard]) -> str | None:
    """What is wrong with a play that holds a card of one copy twice (``B5 B5``), which no
    hand can hold; None for a play without one (the two 0s of a colour may be played
    together).

    >>> from gargon_notation.cards import Card
    >>> twice_in_one_play("Adam", [Card.parse(text) for text in ("B5", "R0", "B5")])
    'Adam plays B5 R0 B5: B5 twice in one play, but the deck has only 1 copy of it'
    """
    for k, card in enumerate(cards):
        if type(card) is Card and COPIES[card] == 1 and card in cards[k + 1 :]:
            return (
                f"{name} plays {cards_text(cards)}: {card} twice in one play, but the deck has "
                "only 1 copy of it"
            )
    return None


def placed_elsewhere(message: str, place_of: Callable[[Card], str | None]) -> str:
    """The engine's ``W7 is already elsewhere: ...`` with where ``place_of`` says the card
    was put first (the message as it is when it says nowhere, or is another message).

    >>> placed_elsewhere("W7 is already elsewhere: the deck has only 1 copy of it",
    ...                  lambda card: f"played by Ann ({card.value})")
    'W7 is already elsewhere (played by Ann (7)): the deck has only 1 copy of it'
    """
    token = message.split(" ", 1)[0]
    try:
        card = Card.parse(token)
    except ValueError:
        return message
    place = place_of(card)
    if place is None:
        return message
    said = f"{token} is already elsewhere"
    return message.replace(said, f"{said} ({place})", 1)
