"""Shared helpers for the test suite."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from gargon_notation.cards import DECK, AnyCard, Card
from gargon_notation.engine import Deal


def cards(text: str) -> tuple[Card, ...]:
    """``cards("Y2 Y6 R9")`` -> the three cards."""
    return tuple(Card.parse(token) for token in text.split())


def deal_with(hands: Sequence[str], piles: Sequence[str] = ("", "")) -> Deal:
    """A full four-or-more-player deal whose hands and pile tops start with the given cards.

    The rest of each hand and pile is filled, in canonical deck order, with the cards not
    named anywhere, so the deal always holds exactly the 102 cards of the deck.
    """
    players = len(hands)
    named = [cards(text) for text in (*hands, *piles)]
    rest = list(DECK)
    for group in named:
        for card in group:
            rest.remove(card)
    pile_size = (len(DECK) - 10 * players) // 2
    sizes = [10] * players + [pile_size, pile_size]
    filled: list[tuple[AnyCard, ...]] = []
    for group, size in zip(named, sizes, strict=True):
        extra = size - len(group)
        filled.append(group + tuple(rest[:extra]))
        del rest[:extra]
    assert not rest
    return Deal(tuple(filled[:players]), (filled[players], filled[players + 1]))


@pytest.fixture
def rulebook_deal() -> Deal:
    """A deal for the rulebook's example round (Adam, Bernd, Collette, Dagmar)."""
    return deal_with(
        ["Y2 Y6 R9 W1 W10", "V5 V13 G7", "B8 B2 R8", "R14 R0 B12"],
        ["G13 V0 Y3", "G3 W12"],
    )
