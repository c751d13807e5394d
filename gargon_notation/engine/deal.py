"""The deal: each player's hand and the two draw piles, given explicitly or made from a seed.

The seeded shuffle, ``sha256-fy-1``, is specified in docs/engine.md precisely enough for any
language to reproduce it:

1. A random stream: block ``i`` (i = 0, 1, 2, ...) is ``SHA-256(seed_utf8 + b"\\x00" +
   i.to_bytes(8, "big"))``; each 32-byte block gives four 64-bit unsigned integers, read
   big-endian in order.
2. A uniform integer below ``n``: take the next 64-bit integer ``x``; if
   ``x >= 2**64 - 2**64 % n`` discard it and take another; otherwise the result is ``x % n``.
3. Fisher-Yates: start from :data:`~gargon_notation.cards.DECK` (canonical order); for ``i``
   from 101 down to 1, swap positions ``i`` and ``below(i + 1)``.
4. Dealing: the shuffled deck is read from position 0.  Seat 0 (the first name of the
   Players tag) takes the first 10 cards, seat 1 the next 10, and so on; the remaining cards
   are split in two: the first half is pile 1, the second half pile 2, each top first.

>>> deal = Deal.from_seed("gargon", players=4)
>>> [len(hand) for hand in deal.hands], [len(pile) for pile in deal.piles]
([10, 10, 10, 10], [31, 31])
>>> " ".join(str(card) for card in deal.hands[0][:5])
'Y0 Y5 B10 V0 Y14'
"""

from __future__ import annotations

import functools
import struct
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

import attrs

from gargon_notation.arguments import shown
from gargon_notation.cards import COPIES, DECK, UNKNOWN, AnyCard, Card, Colour
from gargon_notation.errors import ArgumentError, RuleViolation

__all__ = ["SHUFFLE_ALGORITHM", "Deal", "Rng", "check_conservation", "check_size", "pile_size"]

SHUFFLE_ALGORITHM = "sha256-fy-1"
"""The name of the only shuffle algorithm so far; records name it in their Shuffle tag."""

T = TypeVar("T")
_TWO_64 = 1 << 64
_FOUR_WORDS = struct.Struct(">4Q").unpack


class Rng:
    """The project's deterministic random stream (SHA-256 in counter mode).

    It is used for the seeded shuffle and by the bots, so that a seed gives the same game
    in every Python version and in any other language that follows docs/engine.md.

    >>> rng = Rng("demo")
    >>> [rng.below(6) for _ in range(5)]
    [3, 5, 2, 2, 5]
    """

    def __init__(self, seed: str) -> None:
        """Raises :class:`TypeError` for a seed that is not a text (a number is written as
        one: ``"42"``, as a ``Seed`` tag holds it)."""
        if not isinstance(seed, str):
            raise TypeError(f"seed: a text (str), such as '42', not {shown(seed)}")
        self._prefix = seed.encode("utf-8") + b"\x00"
        self._counter = 0
        self._words: list[int] = []

    def _refill(self) -> None:
        """The next block's four integers, kept last first (they are popped)."""
        from hashlib import sha256  # here: validating a record deals nothing

        block = sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        self._words.extend(_FOUR_WORDS(block)[::-1])

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer of the stream."""
        if not self._words:
            self._refill()
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection sampling."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _TWO_64 - _TWO_64 % n
        words = self._words
        while True:
            if not words:
                self._refill()
            x = words.pop()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        return items[self.below(len(items))]

    def _refill_ahead(self, needed: int) -> None:
        """Hold at least ``needed`` integers, hashing the blocks they take in one go (the
        stream is the same as block by block)."""
        missing = needed - len(self._words)
        if missing <= 0:
            return
        blocks = (missing + 3) // 4
        prefix, first = self._prefix, self._counter
        from hashlib import sha256

        data = b"".join(
            [sha256(prefix + (first + k).to_bytes(8, "big")).digest() for k in range(blocks)]
        )
        self._counter = first + blocks
        self._words[:0] = struct.unpack(f">{4 * blocks}Q", data)[::-1]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """The items in Fisher-Yates order (swap ``i`` with ``below(i + 1)``, ``i`` descending)."""
        result = list(items)
        self._refill_ahead(len(result) - 1)  # one integer a swap, but for a rare rejection
        words = self._words
        pop = words.pop
        swaps = _swaps(len(result)) if len(result) <= _KEPT_SWAPS else _swap_steps(len(result))
        for i, n, limit in swaps:
            x = pop() if words else self._next_refilled()
            while x >= limit:  # below(n), inlined: the shuffle of every game
                x = pop() if words else self._next_refilled()
            j = x % n
            result[i], result[j] = result[j], result[i]
        return result

    def _next_refilled(self) -> int:
        self._refill()
        return self._words.pop()


_KEPT_SWAPS = 128
"""The longest list whose shuffle steps are kept (a deck is 102 cards): longer lists, which
only a library user shuffles, compute theirs as they go, so memory stays flat."""


def _swap_steps(size: int) -> Iterator[tuple[int, int, int]]:
    """The Fisher-Yates steps of a list of ``size`` items: ``(i, n, limit)`` for ``i``
    descending, where ``n = i + 1`` and ``limit`` is :meth:`Rng.below`'s rejection bound."""
    return ((i, i + 1, _TWO_64 - _TWO_64 % (i + 1)) for i in range(size - 1, 0, -1))


@functools.cache
def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """:func:`_swap_steps`, kept for each list length up to :data:`_KEPT_SWAPS`."""
    return tuple(_swap_steps(size))


def _dealt(
    cards: Sequence[AnyCard], players: int, hand_size: int
) -> tuple[tuple[tuple[AnyCard, ...], ...], tuple[tuple[AnyCard, ...], tuple[AnyCard, ...]]]:
    """The hands and piles of ``cards`` dealt as step 4 of the shuffle describes."""
    dealt = players * hand_size
    hands = tuple([tuple(cards[k : k + hand_size]) for k in range(0, dealt, hand_size)])
    rest = cards[dealt:]
    half = len(rest) // 2
    return hands, (tuple(rest[:half]), tuple(rest[half:]))


def check_size(players: object, hand_size: object = 10) -> None:
    """Refuse a table the deck cannot deal: ``players`` outside 3-5, or a hand size that
    does not leave two equal, non-empty draw piles.

    Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for such
    numbers, :class:`TypeError` for what is not a whole number.

    >>> check_size(11)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: players: Gargon is played by 3 to 5 players, not 11
    >>> check_size(3, hand_size=11)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: hand_size: a hand of 11 cards for 3 players does ...
    """
    for name, value in (("players", players), ("hand_size", hand_size)):
        if type(value) is not int:
            raise TypeError(f"{name}: a whole number (int), not {shown(value)}")
    assert isinstance(players, int) and isinstance(hand_size, int)
    if not 3 <= players <= 5:
        raise ArgumentError(f"players: Gargon is played by 3 to 5 players, not {players}")
    rest = len(DECK) - players * hand_size
    if hand_size < 1 or rest < 2 or rest % 2:
        raise ArgumentError(
            f"hand_size: a hand of {hand_size} cards for {players} players does not leave "
            "two equal, non-empty draw piles"
        )


def pile_size(players: int, hand_size: int = 10) -> int:
    """The size of each draw pile at the start: (102 - dealt cards) / 2.

    >>> pile_size(3), pile_size(4), pile_size(5)
    (36, 31, 26)
    """
    return (len(DECK) - players * hand_size) // 2


def check_conservation(cards: Iterable[AnyCard]) -> None:
    """Raise ``card-conservation`` if the cards hold more of a card or colour than the deck.

    Hidden cards count towards their colour when it is known.
    """
    identities: Counter[Card] = Counter()
    colours: Counter[Colour] = Counter()
    for card in cards:
        if card.colour is not None:
            colours[card.colour] += 1
        if isinstance(card, Card):
            identities[card] += 1
    for card, count in identities.items():
        if count > COPIES[card]:
            raise RuleViolation(
                "card-conservation",
                f"the deal holds {count} copies of {card}, but the deck has {COPIES[card]}",
            )
    for colour, count in colours.items():
        if count > 17:
            raise RuleViolation(
                "card-conservation",
                f"the deal holds {count} {colour.name.lower()} cards, but the deck has 17",
            )


@attrs.frozen
class Deal:
    """Every player's hand (by seat) and the two piles, top card first.

    Cards may be hidden (:class:`~gargon_notation.cards.HiddenCard`) where the deal is not
    fully known.  :meth:`check` tells whether the deal fits the deck.
    """

    hands: tuple[tuple[AnyCard, ...], ...]
    piles: tuple[tuple[AnyCard, ...], tuple[AnyCard, ...]]
    _shuffled: bool = attrs.field(default=False, eq=False, repr=False, alias="_shuffled")
    """Made by :meth:`from_seed`: a permutation of the deck, so conservation holds."""

    @property
    def fully_known(self) -> bool:
        """Every card of the deal is known (and, once checked, the deal is the whole deck)."""
        return self._shuffled or all(type(card) is Card for card in self.cards())

    @property
    def players(self) -> int:
        """The number of players dealt in."""
        return len(self.hands)

    @classmethod
    def from_order(cls, cards: Sequence[AnyCard], players: int, hand_size: int = 10) -> Deal:
        """Deal ``cards`` (top of the shuffled deck first) as step 4 of the shuffle describes.

        Raises :class:`~gargon_notation.errors.ArgumentError` for ``players`` outside 3-5
        or a ``hand_size`` the deck cannot deal (:func:`check_size`).
        """
        check_size(players, hand_size)
        return cls(*_dealt(cards, players, hand_size))

    @classmethod
    def from_seed(
        cls, seed: str, players: int, algorithm: str = SHUFFLE_ALGORITHM, hand_size: int = 10
    ) -> Deal:
        """The deal made by shuffling the deck with ``seed``.

        Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for
        an unknown algorithm name, ``players`` outside 3-5 or a ``hand_size`` the deck
        cannot deal (:func:`check_size`), and :class:`TypeError` for a seed that is not a
        text.

        >>> Deal.from_seed("x", players=11)
        Traceback (most recent call last):
        ...
        gargon_notation.errors.ArgumentError: players: Gargon is played by 3 to 5 players, not 11
        """
        check_size(players, hand_size)
        if algorithm != SHUFFLE_ALGORITHM:
            raise ArgumentError(
                f"unknown shuffle algorithm {algorithm!r} (known: {SHUFFLE_ALGORITHM})"
            )
        hands, piles = _dealt(Rng(seed).shuffled(DECK), players, hand_size)
        return cls(hands, piles, _shuffled=True)

    @classmethod
    def hidden(cls, players: int, hand_size: int = 10) -> Deal:
        """A deal of which nothing is known (refused as :meth:`from_order` refuses it)."""
        return cls.from_order([UNKNOWN] * len(DECK), players, hand_size)

    def cards(self) -> Iterable[AnyCard]:
        """Every card of the deal: hands by seat, then pile 1 and pile 2, top first."""
        for hand in self.hands:
            yield from hand
        for pile in self.piles:
            yield from pile

    def check(self, hand_size: int = 10) -> None:
        """Raise :class:`RuleViolation` unless the deal could come from the deck.

        Codes: ``deal-size`` (wrong number of players, hand or pile sizes) and
        ``card-conservation``.
        """
        if not 3 <= self.players <= 5:
            raise RuleViolation("deal-size", f"Gargon is for 3 to 5 players, not {self.players}")
        for seat, hand in enumerate(self.hands):
            if len(hand) != hand_size:
                raise RuleViolation(
                    "deal-size",
                    f"seat {seat + 1} is dealt {len(hand)} cards instead of {hand_size}",
                )
        expected = pile_size(self.players, hand_size)
        for number, pile in enumerate(self.piles, start=1):
            if len(pile) != expected:
                raise RuleViolation(
                    "deal-size",
                    f"pile {number} holds {len(pile)} cards instead of {expected}",
                )
        if not self._shuffled:
            check_conservation(self.cards())
