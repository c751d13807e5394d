"""The cards several records give for one place of a game, put together.

Each record may know a card fully (``R7``), by its colour only (``R?``) or not at all
(``X?``); what is known meets what is less known
(:func:`~gargon_notation.engine.knowledge.refine`).  A hand or a play
(:func:`in_any_order`) holds its cards in any order: each record's are matched to the cards
known so far as well as they fit, up to the hand's size.  A pile (:func:`in_order`) is
matched card by card, top first, and a drawn card (:func:`seen_card`) is what every record
that noted it says.  A card that meets one it cannot be is a contradiction, said with both
places (:meth:`~gargon_notation.merging.state.Merge.differ`), and the merge goes on with
the card it had.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gargon_notation.cards import AnyCard, Card
from gargon_notation.engine.knowledge import refine
from gargon_notation.merging.state import From, Merge

__all__ = ["in_any_order", "in_order", "seen_card"]


def _rank(slot: AnyCard, card: AnyCard) -> int | None:
    """How well ``card`` fits ``slot``: 0 the same, 1 the same colour, 2 a colour unknown;
    None when they contradict."""
    if refine(slot, card) is None:
        return None
    if slot == card:
        return 0
    return 1 if slot.colour is not None and card.colour is not None else 2


def _fit(slots: Sequence[AnyCard], cards: Sequence[AnyCard]) -> dict[int, int]:
    """A largest matching of ``cards`` to ``slots`` they fit (card number to slot number),
    each card taking the best-fitting free slot first, the first of equals: cards in the
    same order as the slots keep it."""
    options = []
    for card in cards:
        ranked = [
            (rank, s) for s, slot in enumerate(slots) if (rank := _rank(slot, card)) is not None
        ]
        options.append([s for _, s in sorted(ranked)])
    holder: dict[int, int] = {}

    def seat(k: int, visited: set[int]) -> bool:
        for s in options[k]:
            if s not in holder:
                holder[s] = k
                return True
        for s in options[k]:
            if s not in visited:
                visited.add(s)
                if seat(holder[s], visited):
                    holder[s] = k
                    return True
        return False

    precision = sorted(
        range(len(cards)),
        key=lambda k: 0 if isinstance(cards[k], Card) else 1 if cards[k].colour else 2,
    )
    for k in precision:
        seat(k, set())
    return {k: s for s, k in holder.items()}


def in_any_order(merge: Merge, items: Sequence[From], size: int, what: str) -> tuple[AnyCard, ...]:
    """Cards in any order (a hand, a play): matched as well as they fit, up to ``size``."""
    first = items[0]
    slots: list[AnyCard] = list(first.element.cards)
    owners: list[tuple[From, int]] = [(first, k) for k in range(len(slots))]
    for item in items[1:]:
        cards = item.element.cards
        fitted = _fit(slots, cards)
        placed = set(fitted.values())
        extra = [k for k in range(len(cards)) if k not in fitted]
        for k, s in fitted.items():
            finer = refine(slots[s], cards[k])
            assert finer is not None
            if finer != slots[s]:
                owners[s] = (item, k)
            slots[s] = finer
        if len(slots) + len(extra) > size:
            _no_room(merge, item, cards[extra[0]], extra[0], slots, owners, placed, what)
            continue
        for k in extra:
            slots.append(cards[k])
            owners.append((item, k))
    return tuple(slots)


def _no_room(
    merge: Merge,
    item: From,
    card: AnyCard,
    k: int,
    slots: Sequence[AnyCard],
    owners: Sequence[tuple[From, int]],
    placed: set[int],
    what: str,
) -> None:
    """A card that fits no card of a full hand (or play): said against a card of its
    colour the other record gives and this one does not, or against the whole hand."""
    alike = [s for s in range(len(slots)) if s not in placed and slots[s].colour is card.colour]
    if alike:
        owner, number = owners[alike[0]]
        there = merge.at(owner, number)
        message = f"{card} here, but {there} has {slots[alike[0]]}: {what}"
    else:
        first = owners[0][0] if owners else item
        there = merge.at(first)
        shown = " ".join(str(card) for card in first.element.cards)
        message = f"{card} here does not fit {what}, which {there} gives as {shown}"
    merge.differ(merge.at(item, k), message, there)


def in_order(merge: Merge, items: Sequence[From], size: int, what: str) -> tuple[AnyCard, ...]:
    """Cards in order (a pile, top first), matched card by card."""
    first = items[0]
    cards: list[AnyCard] = list(first.element.cards)
    owners: list[tuple[From, int]] = [(first, k) for k in range(len(cards))]
    for item in items[1:]:
        for k, card in enumerate(item.element.cards):
            if k >= len(cards):
                if k < size:
                    cards.append(card)
                    owners.append((item, k))
                continue
            finer = refine(cards[k], card)
            if finer is None:
                owner, number = owners[k]
                there = merge.at(owner, number)
                merge.differ(
                    merge.at(item, k),
                    f"{card} here, but {there} has {cards[k]}: card {k + 1} of {what}",
                    there,
                )
                continue
            if finer != cards[k]:
                owners[k] = (item, k)
            cards[k] = finer
    return tuple(cards)


def seen_card(
    merge: Merge, items: Sequence[From], what: str, card_of: Callable[[Any], AnyCard | None]
) -> AnyCard | None:
    """What the records note of one drawn card (None: nothing)."""
    best: AnyCard | None = None
    owner: From | None = None
    for item in items:
        card = card_of(item.element)
        if card is None:
            continue
        if best is None or owner is None:
            best, owner = card, item
            continue
        finer = refine(best, card)
        if finer is None:
            there = merge.at(owner, 0)
            merge.differ(merge.at(item, 0), f"{card} here, but {there} has {best}: {what}", there)
            continue
        if finer != best:
            owner = item
        best = finer
    return best
