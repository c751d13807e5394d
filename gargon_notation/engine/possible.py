"""What a hidden card can still be: for every card an observer cannot see, the exact set of
cards it may be, given everything that observer knows.

Terms used here:

observer
    The *public* (what everyone at the table knows: the colours on the backs, every card
    turned face up in a battle and so won or discarded, the discard pile) or *one seat* (the
    public's knowledge, and also the seat's own hand and its own cards played face down).
    Both remember every card they saw turned face up, even once it lies face down among the
    won cards.  A card the record itself does not know (``R?``, ``X?``) is hidden from every
    observer.
hidden place
    A :class:`Place` where a card lies that the observer cannot see: a card of a hand
    (another seat's hand numbered in the colour order of its backs, not by slot), a
    position in a draw pile, a card played face down, or a won card shown only by its back.
    Each shows its *back*: a :class:`~gargon_notation.cards.HiddenCard` of its colour, or
    ``X?`` where not even the colour is known (a record that did not note it).
unseen cards
    The deck less every card the observer has seen: exactly the cards that lie in the
    hidden places.
possible
    A card is possible for a hidden place when some way of putting the unseen cards into
    *all* the hidden places at once gives every place a card of its back's colour, and
    that place this card.

Exactness.  This is a question about perfect matchings between hidden places and unseen
cards, where a place of colour *c* accepts the unseen cards of colour *c* and an ``X?``
accepts any.  These sets of acceptable cards are disjoint or nested, so Hall's condition
comes down to counting.  Write *n_c* for the hidden places of colour *c*, *u_c* for the
unseen cards of colour *c*, and *n*, *u* for all of them.  A complete assignment exists
exactly when *n_c <= u_c* for every colour and *n <= u* (in a game, *n = u*: the ``X?``
places then take the *u_c - n_c* cards of each colour left over).  Given one:

- a place of colour *c* can be any unseen card of colour *c*: put it there, and the other
  *n_c - 1* places of its colour still have *u_c - 1* cards to choose from;
- an ``X?`` can be an unseen card of colour *c* exactly when *n_c < u_c*: only then is a card
  of that colour left over once its *n_c* places are served.

So every hidden place with the same back has the same set, and :func:`possible_cards`
finds all of them in one pass over the deck: no search, no sampling.  The tests check it
against enumerating every assignment (tests/test_engine_possible.py).

>>> from gargon_notation.cards import Card, HiddenCard, DECK
>>> unseen = [Card.parse(t) for t in ("R3", "R7", "G0", "G0")]
>>> known = list(DECK)
>>> for card in unseen:
...     known.remove(card)
>>> red = HiddenCard.parse("R?")
>>> hidden = {Place(PlaceKind.HAND, 1, 0): red, Place(PlaceKind.PILE, 1, 0): HiddenCard.parse("X?")}
>>> hidden[Place(PlaceKind.PILE, 1, 1)] = HiddenCard.parse("X?")
>>> hidden[Place(PlaceKind.PILE, 1, 2)] = HiddenCard.parse("G?")
>>> result = possible_cards(hidden, known)
>>> sorted(str(card) for card in result[Place(PlaceKind.HAND, 1, 0)])
['R3', 'R7']
>>> sorted(str(card) for card in result[Place(PlaceKind.PILE, 1, 0)])
['G0', 'R3', 'R7']
>>> str(result)
'1 R? of 3 7; 1 G? of 0; 2 X? of R 3 7, G 0'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType

import attrs

from gargon_notation.arguments import shown
from gargon_notation.cards import COPIES, UNKNOWN, VALUES, AnyCard, Card, Colour, HiddenCard
from gargon_notation.errors import ArgumentError

__all__ = ["Place", "PlaceKind", "Possible", "possible_at", "possible_cards"]


class PlaceKind(enum.Enum):
    """The kinds of place a hidden card can lie in."""

    HAND = "hand"
    """A card of a hand: ``owner`` is the seat, ``index`` the card's place in the hand as the
    observer sees it.  That is the slot as the state lists it in the observer's own hand, and
    the place among the hand's backs in colour order in any other hand (``X?`` first, then
    W B V Y R G, as a seat view lists it): which slot a card lies in is hidden with it."""
    PILE = "pile"
    """A card of a draw pile: ``owner`` is the pile (1 or 2), ``index`` counts from the top (0)."""
    FRONT = "front"
    """A card played face down: ``owner`` is the seat, ``index`` its place in ``front``."""
    WON = "won"
    """A won card shown by its back only: ``owner`` is the seat, ``index`` its place in ``won``."""

    # Members are singletons: hashing by identity is correct and much faster than Enum's.
    __hash__ = object.__hash__


def _check_kind(_place: object, _attribute: object, kind: PlaceKind) -> None:
    if not isinstance(kind, PlaceKind):
        raise TypeError(
            f"Place.kind: a PlaceKind (gg.PlaceKind.HAND, PILE, FRONT or WON), not {shown(kind)}"
        )


def _check_number(_place: object, attribute: attrs.Attribute[int], number: int) -> None:
    if type(number) is not int:
        raise TypeError(f"Place.{attribute.name}: a whole number (int), not {shown(number)}")
    if number < 0:
        raise ArgumentError(f"Place.{attribute.name}: {number} is not from 0 on")


@attrs.frozen(cache_hash=True)
class Place:
    """Where a hidden card lies: the hand of seat 1, slot 3 is ``Place(PlaceKind.HAND, 1, 3)``.

    ``kind`` is a :class:`PlaceKind`, ``owner`` and ``index`` whole numbers from 0 (a
    :class:`TypeError` or an :class:`~gargon_notation.errors.ArgumentError` otherwise).

    >>> Place(PlaceKind.PILE, 2, 0)
    Place(kind=<PlaceKind.PILE: 'pile'>, owner=2, index=0)
    >>> Place("hand", 2, 0)
    Traceback (most recent call last):
    ...
    TypeError: Place.kind: a PlaceKind (gg.PlaceKind.HAND, PILE, FRONT or WON), not str 'hand'
    """

    kind: PlaceKind = attrs.field(validator=_check_kind)
    owner: int = attrs.field(validator=_check_number)
    index: int = attrs.field(validator=_check_number)


_BACKS: dict[Colour | None, HiddenCard] = {
    None: UNKNOWN,
    **{colour: HiddenCard.parse(f"{colour.letter}?") for colour in Colour},
}
_ORDER = (*Colour, None)  # backs are listed W B V Y R G, then X?
_CARDS_OF = {colour: tuple(Card(colour, value) for value in VALUES) for colour in Colour}
_PLACES: dict[tuple[PlaceKind, int, int], Place] = {}


def _colour_rank(card: AnyCard) -> int:
    """Where a card goes in a hand hidden from the observer: ``X?`` first, then W B V Y R G
    (the order of :func:`gargon_notation.engine.view.face_down`)."""
    colour = card.colour
    return -1 if colour is None else colour.index


def _place(kind: PlaceKind, owner: int, index: int) -> Place:
    """The place, one shared value for each (the same few hundred places come back in every
    state)."""
    key = (kind, owner, index)
    place = _PLACES.get(key)
    if place is None:
        place = _PLACES[key] = Place(kind, owner, index)
    return place


def _proxy_places(places: Mapping[Place, HiddenCard]) -> Mapping[Place, HiddenCard]:
    return MappingProxyType(dict(places))


def _proxy_sets(sets: Mapping[HiddenCard, frozenset[Card]]) -> Mapping[HiddenCard, frozenset[Card]]:
    return MappingProxyType(dict(sets))


@attrs.frozen(eq=False, repr=False)
class Possible(Mapping[Place, frozenset[Card]]):
    """Every hidden place, mapped to the frozenset of cards it can still be (see the module
    docstring for what *possible* means, and why the sets are exact).

    It is a read-only mapping; two of them are equal when they map the same places to the
    same sets.  Places with the same back always share one set, :attr:`by_back`;
    :meth:`groups` and ``str()`` sum it up back by back.  Take one with
    :meth:`GameState.possible <gargon_notation.engine.GameState.possible>`,
    :meth:`SeatView.possible <gargon_notation.engine.SeatView.possible>` or
    :func:`possible_cards`.

    >>> from gargon_notation.engine import Deal, Game
    >>> game = Game.new(Deal.from_seed("gargon", players=4))
    >>> public = game.snapshot().possible()
    >>> public
    <Possible: 102 hidden cards, 102 unseen>
    >>> str(public)
    '17 W? of 0-15; 17 B? of 0-15; 17 V? of 0-15; 17 Y? of 0-15; 17 R? of 0-15; 17 G? of 0-15'
    """

    backs: Mapping[Place, HiddenCard] = attrs.field(converter=_proxy_places)
    """Each hidden place and the back it shows, in order: hands by seat, each in colour
    order (:attr:`PlaceKind.HAND`), pile 1 and pile 2 from the top, cards played face down,
    won cards shown by their backs."""
    by_back: Mapping[HiddenCard, frozenset[Card]] = attrs.field(converter=_proxy_sets)
    """For each of the seven backs (``W?`` ... ``G?`` and ``X?``), what a hidden card
    showing it can be."""
    unseen: tuple[Card, ...]
    """The cards the observer has not seen, in deck order (both copies of a 0 if neither
    has been seen): the cards that lie in the hidden places."""

    def __getitem__(self, place: Place) -> frozenset[Card]:
        return self.by_back[self.backs[place]]

    def __iter__(self) -> Iterator[Place]:
        return iter(self.backs)

    def __len__(self) -> int:
        return len(self.backs)

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[type[Possible], tuple[object, ...]]:
        return (Possible, (dict(self.backs), dict(self.by_back), self.unseen))

    def __repr__(self) -> str:
        return f"<Possible: {len(self.backs)} hidden cards, {len(self.unseen)} unseen>"

    def groups(self) -> tuple[tuple[HiddenCard, int, frozenset[Card]], ...]:
        """For each back the hidden places show (``W?`` to ``G?``, then ``X?``): the back,
        how many hidden places show it, and the cards each of them can be.

        >>> from gargon_notation.engine import Deal, Game
        >>> state = Game.new(Deal.from_seed("gargon", players=3)).snapshot()
        >>> for back, count, cards in state.possible(0).groups():
        ...     print(back, count, len(cards))
        W? 16 15
        B? 15 15
        V? 14 14
        Y? 14 14
        R? 16 15
        G? 17 16
        """
        counts: dict[HiddenCard, int] = {}
        for back in self.backs.values():
            counts[back] = counts.get(back, 0) + 1
        return tuple(
            (back, counts[back], self.by_back[back])
            for back in (_BACKS[colour] for colour in _ORDER)
            if back in counts
        )

    def values_text(self, back: HiddenCard) -> str:
        """What a hidden card showing ``back`` can be, as text: its values low to high, three
        or more in a row written ``a-b``; for ``X?``, colour by colour.

        >>> from gargon_notation.cards import DECK, HiddenCard
        >>> unseen = [Card.parse(t) for t in ("W0", "W1", "W2", "W5", "B7")]
        >>> known = [card for card in DECK if card not in unseen] + [Card.parse("W0")]
        >>> backs = [HiddenCard.parse(t) for t in ("W?", "X?", "X?", "X?", "X?")]
        >>> hidden = {Place(PlaceKind.PILE, 1, k): back for k, back in enumerate(backs)}
        >>> result = possible_cards(hidden, known)
        >>> result.values_text(HiddenCard.parse("W?")), result.values_text(HiddenCard.parse("X?"))
        ('0-2 5', 'W 0-2 5, B 7')
        """
        cards = self.by_back[back]
        if back.colour is not None:
            return _values_text(card.value for card in cards)
        return ", ".join(
            f"{colour.letter} {_values_text(card.value for card in cards if card.colour is colour)}"
            for colour in Colour
            if any(card.colour is colour for card in cards)
        )

    def __str__(self) -> str:
        """The groups as ``COUNT BACK of VALUES`` (:meth:`values_text`), separated by ``;``."""
        return "; ".join(
            f"{count} {back} of {self.values_text(back)}" for back, count, _ in self.groups()
        )


def _values_text(values: Iterable[int]) -> str:
    """``0 2 3 4 5 9`` -> ``'0 2-5 9'``: runs of three or more values written ``a-b``."""
    ordered = sorted(values)
    parts: list[str] = []
    start = 0
    while start < len(ordered):
        end = start
        while end + 1 < len(ordered) and ordered[end + 1] == ordered[end] + 1:
            end += 1
        if end - start >= 2:
            parts.append(f"{ordered[start]}-{ordered[end]}")
        else:
            parts.extend(str(value) for value in ordered[start : end + 1])
        start = end + 1
    return " ".join(parts)


def possible_cards(hidden: Mapping[Place, HiddenCard], known: Iterable[Card]) -> Possible:
    """The cards each hidden place can be, when ``known`` are all the cards seen elsewhere
    (copies of a 0 counted one by one) and ``hidden`` gives the back of every place unseen.

    The unseen cards, the deck less ``known``, must fill the hidden places (in a game they
    are exactly as many; more are allowed, the rest lying nowhere listed).  Raises
    :class:`ValueError` when no assignment at all fits: more copies of a card known than
    the deck holds, or more places of a colour, or places in all, than unseen cards to fill
    them.

    >>> from gargon_notation.cards import DECK
    >>> possible_cards({}, DECK)
    <Possible: 0 hidden cards, 0 unseen>
    >>> possible_cards({Place(PlaceKind.PILE, 1, 0): HiddenCard.parse("R?")}, DECK)
    Traceback (most recent call last):
      ...
    ValueError: 1 hidden red place, but no red card is unseen
    """
    unseen = dict(COPIES)
    for card in known:
        left = unseen[card] - 1
        if left < 0:
            raise ValueError(f"{card} is known more often than the deck's {COPIES[card]}")
        unseen[card] = left
    places: dict[Colour | None, int] = {}
    for back in hidden.values():
        places[back.colour] = places.get(back.colour, 0) + 1
    by_colour = {
        colour: tuple(card for card in cards if unseen[card]) for colour, cards in _CARDS_OF.items()
    }
    left_over: list[Card] = []
    total = 0
    for colour, cards in by_colour.items():
        count = sum(unseen[card] for card in cards)
        total += count
        wanted = places.get(colour, 0)
        if wanted > count:
            name = colour.name.lower()
            cards_left = f"only {count} {name} card" if count else f"no {name} card"
            raise ValueError(
                f"{wanted} hidden {name} place{'s' if wanted > 1 else ''}, but "
                f"{cards_left}{'s are' if count > 1 else ' is'} unseen"
            )
        if wanted < count:
            left_over.extend(cards)
    if len(hidden) > total:
        unseen_text = f"{total} card{'s are' if total != 1 else ' is'}"
        raise ValueError(f"{len(hidden)} hidden places, but only {unseen_text} unseen")
    sets = {_BACKS[colour]: frozenset(cards) for colour, cards in by_colour.items()}
    sets[UNKNOWN] = frozenset(left_over)
    return Possible(
        hidden,
        sets,
        tuple(card for card, copies in unseen.items() for _ in range(copies)),
    )


def possible_at(
    hands: Sequence[Sequence[AnyCard]],
    piles: Sequence[Sequence[AnyCard]],
    front: Sequence[Sequence[AnyCard]],
    won: Sequence[Sequence[AnyCard]],
    discard: Iterable[Card],
    seat: int | None,
    face_down: bool,
) -> Possible:
    """What is possible for ``seat`` (None: the public) at a table laid out like a
    :class:`~gargon_notation.engine.GameState`: piles top first, ``front`` lying face down
    when ``face_down`` (the card play phase).

    Hidden from the observer: every hand but the seat's own, both piles, the others' cards in
    front while they lie face down, and every card the table itself holds as a
    :class:`~gargon_notation.cards.HiddenCard`.  Everything else is seen: the seat's own
    cards, won cards (turned face up in their battle), the discard pile.  The places of a
    hand hidden from the observer are numbered in colour order (:attr:`PlaceKind.HAND`), so
    that a seat view's backs, already in that order, give the same places as the whole table.
    """
    hidden: dict[Place, HiddenCard] = {}
    known: list[Card] = []

    def lay(kind: PlaceKind, owner: int, cards: Sequence[AnyCard], seen: bool) -> None:
        for index, card in enumerate(cards):
            if seen and type(card) is Card:
                known.append(card)
            else:
                hidden[_place(kind, owner, index)] = _BACKS[card.colour]

    for other, hand in enumerate(hands):
        if other == seat:
            lay(PlaceKind.HAND, other, hand, True)
        else:
            lay(PlaceKind.HAND, other, sorted(hand, key=_colour_rank), False)
    for number, pile in enumerate(piles, start=1):
        lay(PlaceKind.PILE, number, pile, False)
    for other, cards in enumerate(front):
        lay(PlaceKind.FRONT, other, cards, other == seat or not face_down)
    for other, cards in enumerate(won):
        lay(PlaceKind.WON, other, cards, True)
    known.extend(discard)
    return possible_cards(hidden, known)
