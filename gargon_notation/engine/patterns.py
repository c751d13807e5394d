"""Patterns of played cards, and the plays a hand allows.

A pattern is the sizes of a play's colour groups, largest first.  Exactly five are allowed:

>>> PATTERNS
((1,), (2,), (1, 1), (2, 1), (1, 1, 1))
>>> from gargon_notation.cards import Card
>>> pattern_of([Card.parse("Y2"), Card.parse("Y6"), Card.parse("R9")])
(2, 1)
>>> describe_pattern((2, 1))
'two of one colour and one of another (2:1)'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from itertools import combinations

from gargon_notation.cards import COPIES, AnyCard, Card, Colour

__all__ = [
    "PATTERNS",
    "count_plays",
    "describe_pattern",
    "pass_choices",
    "pattern_of",
    "plays_from",
]

PATTERNS: tuple[tuple[int, ...], ...] = ((1,), (2,), (1, 1), (2, 1), (1, 1, 1))
_ONE, _TWO, _ONE_ONE, _TWO_ONE, _ONE_ONE_ONE = PATTERNS
_THREE = (3,)

_DESCRIPTIONS = {
    (1,): "a single card (1)",
    (2,): "two of one colour (2)",
    (1, 1): "two of different colours (1:1)",
    (2, 1): "two of one colour and one of another (2:1)",
    (1, 1, 1): "three different colours (1:1:1)",
}


def pattern_of(cards: Iterable[Card]) -> tuple[int, ...]:
    """The group sizes of ``cards`` by colour, largest first (may be an illegal pattern)."""
    if isinstance(cards, (tuple, list)):  # not a union: built at each call
        # The plays of a game: one to three cards, decided by comparing colours.
        if len(cards) == 1:
            return _ONE
        if len(cards) == 2:
            return _TWO if cards[0].colour is cards[1].colour else _ONE_ONE
        if len(cards) == 3:
            first, second, third = cards[0].colour, cards[1].colour, cards[2].colour
            if first is second:
                return _THREE if second is third else _TWO_ONE
            return _TWO_ONE if third is first or third is second else _ONE_ONE_ONE
    counts: dict[Colour, int] = {}
    for card in cards:
        counts[card.colour] = counts.get(card.colour, 0) + 1
    return tuple(sorted(counts.values(), reverse=True))


def describe_pattern(pattern: tuple[int, ...]) -> str:
    """The pattern in words, for messages."""
    return _DESCRIPTIONS.get(pattern, ":".join(map(str, pattern)))


def _pairs(cards: list[Card], counts: dict[Card, int]) -> Iterator[tuple[Card, Card]]:
    """Distinct pairs from one colour's distinct cards (two 0s when both are held)."""
    yield from combinations(cards, 2)
    for card in cards:
        if counts[card] >= 2:
            yield (card, card)


_ORDER = {card: (card.colour.index, -card.value) for card in COPIES}
"""Each card's place in canonical order: by colour, then value high to low."""


def plays_from(
    hand: Iterable[Card],
    pattern: tuple[int, ...] | None = None,
    colours: Collection[Colour] | None = None,
) -> list[tuple[Card, ...]]:
    """Every distinct play ``hand`` allows, highest cards first within a colour.

    ``pattern`` restricts to one pattern (a follower); ``colours`` restricts the colours
    allowed (the last seat).

    >>> hand = [Card.parse(t) for t in ["Y2", "Y6", "R9"]]
    >>> [" ".join(map(str, play)) for play in plays_from(hand, pattern=(2, 1))]
    ['Y6 Y2 R9']
    """
    counts: dict[Card, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    by_colour: dict[Colour, list[Card]] = {}
    for card in sorted(counts, key=_ORDER.__getitem__):
        if colours is None or card.colour in colours:
            group = by_colour.get(card.colour)
            if group is None:
                by_colour[card.colour] = [card]
            else:
                group.append(card)
    groups = list(by_colour.values())
    wanted = PATTERNS if pattern is None else (pattern,)
    plays: list[tuple[Card, ...]] = []
    pairs: list[list[tuple[Card, ...]]] | None = None
    for shape in wanted:
        if shape == (1,):
            plays += [(card,) for group in groups for card in group]
        elif shape == (2,) or shape == (2, 1):
            if pairs is None:
                pairs = [list(_pairs(group, counts)) for group in groups]
            if shape == (2,):
                plays += [pair for found in pairs for pair in found]
                continue
            for group, found in zip(groups, pairs, strict=True):
                singles = [(card,) for other in groups if other is not group for card in other]
                plays += [pair + single for pair in found for single in singles]
        elif shape == (1, 1):
            for first, second in combinations(groups, 2):
                plays += [(a, b) for a in first for b in second]
        elif shape == (1, 1, 1):
            for first, second, third in combinations(groups, 3):
                plays += [(a, b, c) for a in first for b in second for c in third]
    return plays


class _Units(dict[object, int]):
    """Each card as what it adds to a hand's shape (below); a card of unknown value adds
    nothing."""

    def __missing__(self, card: object) -> int:
        return 0


_FIELDS = range(0, 30, 5)
_ONES = sum(1 << shift for shift in _FIELDS)
_LOW = (1 << 30) - 1
_UNITS = _Units({card: 1 << 5 * card.colour.index for card in COPIES if card.value})
_UNITS.update({card: 1 << 30 + 5 * card.colour.index for card in COPIES if not card.value})
"""A hand's shape is the sum over its cards: in the five-bit field of each colour (bits
0-29) how many cards other than a 0 it holds, and in the field 30 bits above, how many 0s
(0-2): those give how many distinct cards of each colour it holds and its pairs of 0s."""
_COLOUR_FIELDS = {colour: 31 << 5 * colour.index for colour in Colour}
_COUNTS: dict[tuple[int, tuple[int, ...] | None], int] = {}
"""Counts by the hand's shape (its colours allowed) and the pattern."""


def count_plays(
    hand: Iterable[AnyCard],
    pattern: tuple[int, ...] | None = None,
    colours: Collection[Colour] | None = None,
) -> int:
    """How many plays :func:`plays_from` lists for the known cards of ``hand`` and the same
    other arguments, counted without listing them (the number of a seat's choices, for
    every decision of an archive); cards of unknown value are left out.

    The count depends only on how many distinct cards of each colour the hand holds and on
    its pairs of 0s: per colour, ``n`` distinct cards give ``n`` singles and ``n(n-1)/2``
    pairs (one more with both 0s), and the two- and three-colour patterns combine colours.

    >>> hand = [Card.parse(t) for t in "Y2 Y6 R9 R0 R0 G3 W15".split()]
    >>> [count_plays(hand, shape) for shape in PATTERNS]
    [6, 3, 13, 12, 12]
    >>> all(count_plays(hand, shape) == len(plays_from(hand, shape)) for shape in PATTERNS)
    True
    >>> count_plays(hand, colours={Colour.RED}), count_plays([])
    (4, 0)
    """
    shape = sum(map(_UNITS.__getitem__, hand))
    if colours is not None:
        allowed = sum(map(_COLOUR_FIELDS.__getitem__, colours))
        shape &= allowed | allowed << 30
    key = (shape, pattern)
    count = _COUNTS.get(key)
    if count is None:
        if len(_COUNTS) > 50_000:
            _COUNTS.clear()
        zeros = shape >> 30
        held = (shape & _LOW) + ((zeros | zeros >> 1) & _ONES)  # a 0 held once or twice
        count = _COUNTS[key] = _count(held, zeros >> 1 & _ONES, pattern)
    return count


def _moments(ones: int, double: int) -> int:
    """What one colour of ``ones`` distinct cards (and ``double`` pairs of 0s) adds to the
    sums :func:`_count` needs, each in a 16-bit field: ``n``, ``n**2``, ``n**3``, its pairs
    and its pairs times ``n``."""
    pairs = ones * (ones - 1) // 2 + double
    values = (ones, ones * ones, ones**3, pairs, pairs * ones)
    return sum(value << 16 * k for k, value in enumerate(values))


_MOMENTS = [_moments(index & 31, index >> 5) for index in range(64)]
"""By a colour's field of distinct cards, plus 32 with both its 0s."""
_FIELD = 0xFFFF


def _count(held: int, pairs: int, pattern: tuple[int, ...] | None) -> int:
    """The plays of a hand with ``held`` distinct cards per colour and ``pairs`` of 0s (in
    five-bit fields by colour index)."""
    moments = _MOMENTS
    sums = (
        moments[held & 31 | (pairs & 1) << 5]
        + moments[held >> 5 & 31 | (pairs >> 5 & 1) << 5]
        + moments[held >> 10 & 31 | (pairs >> 10 & 1) << 5]
        + moments[held >> 15 & 31 | (pairs >> 15 & 1) << 5]
        + moments[held >> 20 & 31 | (pairs >> 20 & 1) << 5]
        + moments[held >> 25 & 31 | (pairs >> 25 & 1) << 5]
    )
    first = sums & _FIELD
    twos = sums >> 48 & _FIELD
    if pattern == _ONE:
        return first
    if pattern == _TWO:
        return twos
    second = sums >> 16 & _FIELD
    one_one = (first * first - second) // 2
    if pattern == _ONE_ONE:
        return one_one
    two_one = twos * first - (sums >> 64)
    if pattern == _TWO_ONE:
        return two_one
    third = sums >> 32 & _FIELD
    three = (first * first * first - 3 * first * second + 2 * third) // 6
    if pattern == _ONE_ONE_ONE:
        return three
    if pattern is None:
        return first + twos + one_one + two_one + three
    return 0


def pass_choices(pile_one: int, pile_two: int) -> list[tuple[int, ...]]:
    """Every legal sequence of draws for a pass, given the piles' sizes.

    >>> pass_choices(1, 0)
    [(1,)]
    >>> len(pass_choices(5, 5)), pass_choices(0, 0)
    (14, [()])
    """
    if pile_one == pile_two == 0:
        return [()]
    choices: list[tuple[int, ...]] = []
    frontier: list[tuple[tuple[int, ...], int, int]] = [((), pile_one, pile_two)]
    for _ in range(3):
        grown = []
        for piles, one, two in frontier:
            if one:
                grown.append(((*piles, 1), one - 1, two))
            if two:
                grown.append(((*piles, 2), one, two - 1))
        choices.extend(piles for piles, _, _ in grown)
        frontier = grown
    return choices
