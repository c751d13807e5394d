"""Colours, cards, hidden cards and the 102-card deck."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import cards

from gargon_notation.cards import (
    COPIES,
    DECK,
    UNKNOWN,
    VALUES,
    Card,
    Colour,
    HiddenCard,
    card_from_text,
    sort_cards,
)


def test_deck_holds_102_cards_17_per_colour_with_two_zeros_each() -> None:
    assert len(DECK) == 102
    by_colour = Counter(card.colour for card in DECK)
    assert by_colour == {colour: 17 for colour in Colour}
    identities = Counter(DECK)
    assert len(identities) == 96
    for colour in Colour:
        assert identities[Card(colour, 0)] == 2
        for value in range(1, 16):
            assert identities[Card(colour, value)] == 1
    assert identities == Counter(COPIES)
    assert list(VALUES) == list(range(16))


def test_deck_is_in_canonical_order() -> None:
    assert [str(card) for card in DECK[:18]] == [
        "W0", "W0", "W1", "W2", "W3", "W4", "W5", "W6", "W7",
        "W8", "W9", "W10", "W11", "W12", "W13", "W14", "W15", "B0",
    ]  # fmt: skip
    assert str(DECK[-1]) == "G15"
    assert [colour.letter for colour in Colour] == ["W", "B", "V", "Y", "R", "G"]
    assert [colour.index for colour in Colour] == [0, 1, 2, 3, 4, 5]


def test_colour_letters_and_creatures() -> None:
    assert Colour.from_letter("r") is Colour.RED
    assert Colour.from_letter("G") is Colour.GREEN
    assert [colour.creature for colour in Colour] == [
        "Dragon", "Pegasus", "Gargoyle", "Manticore", "Phoenix", "Fairy",
    ]  # fmt: skip
    for bad in ("Q", "", "RR", "?"):
        with pytest.raises(ValueError, match="is not a colour letter"):
            Colour.from_letter(bad)


@pytest.mark.parametrize(
    ("text", "colour", "value"),
    [("R14", Colour.RED, 14), ("r14", Colour.RED, 14), ("w0", Colour.WHITE, 0),
     ("G15", Colour.GREEN, 15), ("b1", Colour.BLUE, 1), ("V9", Colour.VIOLET, 9)],
)  # fmt: skip
def test_card_parse_accepts_either_case(text: str, colour: Colour, value: int) -> None:
    card = Card.parse(text)
    assert card == Card(colour, value)
    assert str(card) == text.upper()
    assert repr(card) == f"Card.parse({text.upper()!r})"


@pytest.mark.parametrize("text", ["R16", "Q3", "", "R", "R-1", "R01", "14R", " R1", "X3", "R?"])
def test_card_parse_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [-1, 16])
def test_card_value_must_be_a_whole_number_0_to_15(value: object) -> None:
    with pytest.raises(ValueError, match="a card's value is a whole number from 0 to 15"):
        Card(Colour.RED, value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [1.0, True, "3"])
def test_a_card_value_of_another_type_is_a_type_error(value: object) -> None:
    """It was a ValueError, as if the value were out of range."""
    with pytest.raises(TypeError) as refused:
        Card(Colour.RED, value)  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"a card's value is a whole number (int) from 0 to 15, not {value!r}"
    )


def test_card_equality_and_zero() -> None:
    assert Card(Colour.YELLOW, 6) == Card.parse("Y6")
    assert hash(Card(Colour.YELLOW, 6)) == hash(Card.parse("Y6"))
    assert Card(Colour.YELLOW, 6) != Card(Colour.RED, 6)
    assert Card.parse("R0").is_zero
    assert not Card.parse("R1").is_zero


def test_hidden_card_parse_and_text() -> None:
    assert HiddenCard.parse("g?") == HiddenCard(Colour.GREEN)
    assert HiddenCard.parse("G?").colour is Colour.GREEN
    assert HiddenCard.parse("x?") == UNKNOWN
    assert HiddenCard.parse("X?").colour is None
    assert str(HiddenCard(Colour.WHITE)) == "W?"
    assert str(UNKNOWN) == "X?"
    assert repr(HiddenCard(Colour.BLUE)) == "HiddenCard.parse('B?')"
    for bad in ("Q?", "G", "", "?", "GG?", "G3", "X"):
        with pytest.raises(ValueError, match="is not a hidden card"):
            HiddenCard.parse(bad)


def test_card_from_text_reads_known_and_hidden_cards() -> None:
    assert card_from_text("y2") == Card.parse("Y2")
    assert card_from_text("y?") == HiddenCard(Colour.YELLOW)
    assert card_from_text("x?") == UNKNOWN
    for bad in ("R16", "Q3", "", "R", "Q?"):
        with pytest.raises(ValueError):
            card_from_text(bad)


def test_every_card_text_round_trips() -> None:
    for card in COPIES:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert card_from_text(str(card)) == card


def test_sort_cards_by_colour_then_value_high_to_low() -> None:
    result = sort_cards(cards("R0 Y2 G1 R14 W0 Y6 W15 R0"))
    assert " ".join(map(str, result)) == "W15 W0 Y6 Y2 R14 R0 R0 G1"
