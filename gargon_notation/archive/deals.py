"""What a record knows of its deal, one byte a card: whether two records can be of one deal.

Records of one game need not know the same of its deal: a table record dealt from a ``Seed``
knows every card, one seat's record (``gargon record --seat``) its own hand, the backs of the
others and the cards it drew, and a merge of every seat's record every hand.  Their
**knowledge** (:func:`knowledge`) is the deal as the record knows it: each hand in seat order
as a set of cards (a hand's order means nothing), then each pile top first, the values the
record notes on its draws (``pass 1:R7``) put in the pile they came from.  A card is one byte
(value known, colour only, or nothing), so that an archive's games can be kept in memory.

Two knowledges **agree** (:func:`join`) when one deal fits both: a card known in both is the
same card (in a pile, at the same place; in a hand, as the hands can be matched card for
card); :func:`join` gives what they know together.

>>> from gargon_notation.engine import Deal
>>> from gargon_notation.notation import parse_game
>>> dealt = Deal.from_seed("s", 3)
>>> full = knowledge(parse_game('[Players "Ann" "Bob" "Cy"]\\n[Seed "s"]\\n*\\n'), dealt)
>>> known(full), hands_known(full)
(102, True)
>>> hidden = Deal.hidden(3)
>>> bobs = Deal((hidden.hands[0], dealt.hands[1][::-1], hidden.hands[2]), hidden.piles)
>>> seat = knowledge(parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n'), bobs)
>>> known(seat), hands_known(seat), join(full, seat) == full
(10, False, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine import Deal
from gargon_notation.engine.knowledge import refine
from gargon_notation.notation import GameRecord
from gargon_notation.notation.model import Pass

__all__ = ["hands_known", "hands_of", "join", "knowledge", "known", "piles_of"]

_COLOURS = tuple(Colour)
_SEPARATOR = 0xFF
_UNKNOWN = 0
"""``X?``; a colour alone is 1 + its index, a card 16 + 16 times its colour's index + its value."""


def _byte(card: AnyCard) -> int:
    if type(card) is Card:
        return 16 + 16 * _COLOURS.index(card.colour) + card.value
    colour = card.colour
    return _UNKNOWN if colour is None else 1 + _COLOURS.index(colour)


def _card(byte: int) -> AnyCard:
    if byte >= 16:
        return Card(_COLOURS[(byte - 16) // 16], (byte - 16) % 16)
    return HiddenCard(None if byte == _UNKNOWN else _COLOURS[byte - 1])


def _colour(byte: int) -> int | None:
    """The colour's index of a card's byte (None: not known)."""
    if byte >= 16:
        return (byte - 16) // 16
    return None if byte == _UNKNOWN else byte - 1


def knowledge(record: GameRecord, deal: Deal) -> bytes:
    """What ``record`` knows of its deal: ``deal`` (its deal as dealt or written, as a walk
    sets the table with it) and the values noted on the record's draws.  A draw whose pile
    is already empty in the record (an invalid record) notes nothing."""
    piles = [list(pile) for pile in deal.piles]
    taken = [0, 0]
    for pile, seen in _draws(record):
        index = pile - 1
        if not 0 <= index < 2 or taken[index] >= len(piles[index]):
            continue
        if seen is not None:
            refined = refine(piles[index][taken[index]], seen)
            if refined is not None:
                piles[index][taken[index]] = refined
        taken[index] += 1
    parts = [bytes(sorted(map(_byte, hand), reverse=True)) for hand in deal.hands]
    parts += [bytes(map(_byte, pile)) for pile in piles]
    return bytes([_SEPARATOR]).join(parts)


def _draws(record: GameRecord) -> Iterator[tuple[int, AnyCard | None]]:
    """Each draw of ``record`` in the order it is made: its pile and the value noted."""
    for written in record.rounds:
        for action in written.actions:
            if isinstance(action, Pass):
                for draw in action.draws:
                    yield draw.pile, draw.seen
        for battle in written.battles:
            for replacement in battle.draws:
                if replacement.pile is not None:
                    yield replacement.pile, replacement.seen


def _parts(known: bytes) -> list[bytes]:
    return known.split(bytes([_SEPARATOR]))


def hands_of(known: bytes) -> tuple[tuple[AnyCard, ...], ...]:
    """The hands of a knowledge, in seat order (each hand's cards in no particular order)."""
    return tuple(tuple(map(_card, hand)) for hand in _parts(known)[:-2])


def piles_of(known: bytes) -> tuple[tuple[AnyCard, ...], ...]:
    """The two piles of a knowledge, top first."""
    return tuple(tuple(map(_card, pile)) for pile in _parts(known)[-2:])


def known(knowledge: bytes) -> int:
    """How many cards of the deal a knowledge knows in full."""
    return sum(16 <= byte < _SEPARATOR for byte in knowledge)


def hands_known(knowledge: bytes) -> bool:
    """Whether a knowledge knows every card of every hand."""
    return all(byte >= 16 for hand in _parts(knowledge)[:-2] for byte in hand)


def join(first: bytes, second: bytes) -> bytes | None:
    """What two knowledges of one deal know together, or None when no deal fits both (a card
    known in both is not the same card, or they are of tables of other sizes)."""
    if first == second:
        return first
    mine, theirs = _parts(first), _parts(second)
    if len(mine) != len(theirs):
        return None
    joined: list[bytes] = []
    for number, (one, other) in enumerate(zip(mine, theirs, strict=True)):
        part = _join_pile(one, other) if number >= len(mine) - 2 else _join_hand(one, other)
        if part is None:
            return None
        joined.append(part)
    return bytes([_SEPARATOR]).join(joined)


def _join_pile(one: bytes, other: bytes) -> bytes | None:
    if len(one) != len(other):
        return None
    cards = []
    for mine, theirs in zip(one, other, strict=True):
        refined = refine(_card(mine), _card(theirs))
        if refined is None:
            return None
        cards.append(_byte(refined))
    return bytes(cards)


def _join_hand(one: bytes, other: bytes) -> bytes | None:
    """Two hands of one seat as sets: the cards known in either are in the hand; each colour
    holds at least as many cards as either knows of it, and exactly as many as a hand whose
    every colour is known says."""
    size = len(one)
    if len(other) != size:
        return None
    hands = (_Hand(one), _Hand(other))
    cards = hands[0].cards | hands[1].cards
    lower = []
    upper = []
    for colour in range(len(_COLOURS)):
        in_cards = sum(count for byte, count in cards.items() if _colour(byte) == colour)
        lower.append(max(in_cards, *(hand.of_colour(colour) for hand in hands)))
        upper.append(min(hand.of_colour(colour) if not hand.blind else size for hand in hands))
    if any(low > high for low, high in zip(lower, upper, strict=True)):
        return None
    if not sum(lower) <= size <= sum(upper):
        return None
    exact = any(not hand.blind for hand in hands)
    counts = upper if exact else lower
    joined = list(cards.elements())
    for colour, count in enumerate(counts):
        in_cards = sum(1 for byte in joined if _colour(byte) == colour)
        joined += [1 + colour] * (count - in_cards)
    joined += [_UNKNOWN] * (size - len(joined))
    return bytes(sorted(joined, reverse=True))


class _Hand:
    """A hand's knowledge counted: the cards known, the colours known alone, and how many
    cards are not known at all (``blind``)."""

    def __init__(self, hand: bytes) -> None:
        self.cards = Counter(byte for byte in hand if byte >= 16)
        self.colours = Counter(byte - 1 for byte in hand if 0 < byte < 16)
        self.blind = sum(byte == _UNKNOWN for byte in hand)

    def of_colour(self, colour: int) -> int:
        """How many cards of ``colour`` the hand is known to hold."""
        cards = sum(count for byte, count in self.cards.items() if _colour(byte) == colour)
        return cards + self.colours[colour]
