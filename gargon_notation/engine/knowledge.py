"""What is known of the cards: matching plays against hands known in part, and counting.

A card may be known (``Card``), known by colour (``HiddenCard(colour)``) or unknown
(``UNKNOWN``).  :class:`Knowledge` counts, over every place a card can be, how many cards of
each colour and how many copies of each card are known.  Those two counts decide exactly
whether what is known can still be completed to the real deck, so every revelation is
checked against them (``card-conservation``).

>>> from gargon_notation.cards import Card, HiddenCard, Colour, UNKNOWN
>>> hand = [HiddenCard(Colour.RED), UNKNOWN, Card.parse("Y6")]
>>> match(hand, [Card.parse("Y6"), Card.parse("R9")])
([2, 0], False)
>>> refine(HiddenCard(Colour.RED), Card.parse("R9"))
Card.parse('R9')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from gargon_notation.cards import COPIES, UNKNOWN, AnyCard, Card, Colour, HiddenCard
from gargon_notation.errors import RuleViolation

__all__ = ["Knowledge", "match", "refine"]

_ALL_COLOURS_KNOWN: dict[Colour | None, int] = {colour: 17 for colour in Colour}


def refine(known: AnyCard, seen: AnyCard) -> AnyCard | None:
    """The more precise of two descriptions of one card, or None if they contradict."""
    if isinstance(known, Card):
        if isinstance(seen, Card):
            return known if seen == known else None
        return known if seen.colour in (None, known.colour) else None
    if isinstance(seen, Card):
        return seen if known.colour in (None, seen.colour) else None
    if seen.colour is None or known.colour is None or seen.colour == known.colour:
        return known if known.colour is not None else seen
    return None


def match(hand: Sequence[AnyCard], cards: Sequence[Card]) -> tuple[list[int], bool] | list[Card]:
    """Slots of ``hand`` for ``cards`` and whether every card was there exactly; or, when the
    hand cannot hold them, the cards it lacks.

    Exact cards are matched first, then cards of a known colour, then unknown ones: this
    order always finds a matching when one exists.
    """
    found: list[int] = []
    try:
        for card in cards:
            index = hand.index(card)
            while index in found:
                index = hand.index(card, index + 1)
            found.append(index)
        return found, True
    except ValueError:
        pass
    used: list[int | None] = [None] * len(cards)
    taken: set[int] = set()
    for accepts in (
        lambda slot, card: slot == card,
        lambda slot, card: isinstance(slot, HiddenCard) and slot.colour is card.colour,
        lambda slot, card: slot == UNKNOWN,
    ):
        for k, card in enumerate(cards):
            if used[k] is not None:
                continue
            for index, slot in enumerate(hand):
                if index not in taken and accepts(slot, card):
                    used[k] = index
                    taken.add(index)
                    break
    missing = [card for k, card in enumerate(cards) if used[k] is None]
    if missing:
        return missing
    return [index for index in used if index is not None], False


class Knowledge:
    """How many cards of each colour, and copies of each card, are known anywhere."""

    def __init__(self, cards: Iterable[AnyCard], fully_known: bool = False) -> None:
        self.colours: dict[Colour | None, int]
        self.cards: dict[Card, int]
        if fully_known:
            self.colours = dict(_ALL_COLOURS_KNOWN)
            self.cards = dict(COPIES)
        else:
            dealt = list(cards)
            self.colours = Counter(card.colour for card in dealt)
            self.cards = Counter(card for card in dealt if type(card) is Card)

    def copy(self) -> Knowledge:
        """An independent copy."""
        twin = Knowledge.__new__(Knowledge)
        twin.colours = dict(self.colours)
        twin.cards = dict(self.cards)
        return twin

    def check(self, changes: Iterable[tuple[AnyCard, AnyCard]]) -> None:
        """Raise ``card-conservation`` if learning each ``(known, learnt)`` would mean more
        cards of a colour, or copies of a card, than the deck holds."""
        colours: dict[Colour | None, int] | None = None
        cards: dict[Card, int] = {}
        for known, learnt in changes:
            if known == learnt:
                continue
            if colours is None:  # copied only when something is learnt: rarely, in a replay
                colours, cards = dict(self.colours), dict(self.cards)
            if known.colour is None and learnt.colour is not None:
                colours[learnt.colour] = colours.get(learnt.colour, 0) + 1
                if colours[learnt.colour] > 17:
                    raise RuleViolation(
                        "card-conservation",
                        f"{learnt} would make more than 17 {learnt.colour.name.lower()} cards",
                    )
            if isinstance(learnt, Card) and not isinstance(known, Card):
                cards[learnt] = cards.get(learnt, 0) + 1
                if cards[learnt] > COPIES[learnt]:
                    raise RuleViolation(
                        "card-conservation",
                        f"{learnt} is already elsewhere: the deck has only "
                        f"{COPIES[learnt]} {'copies' if COPIES[learnt] > 1 else 'copy'} of it",
                    )

    def learn(self, old: AnyCard, new: AnyCard) -> None:
        """Count ``new`` where ``old`` was (a card revealed or observed)."""
        if old is new:
            return
        for card, delta in ((old, -1), (new, +1)):
            self.colours[card.colour] = self.colours.get(card.colour, 0) + delta
            if isinstance(card, Card):
                self.cards[card] = self.cards.get(card, 0) + delta
