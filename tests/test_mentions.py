"""Card values named in free text (gargon_notation.mentions)."""

from __future__ import annotations

from collections import Counter

import pytest

from gargon_notation.cards import Card
from gargon_notation.mentions import known, mask_mentions, mentions


def named(text: str) -> list[str]:
    return [str(card) for card, _ in mentions(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Y5",
        "'Y5'",
        "Y5's",
        "(Y5)",
        "Y5:",
        "y5",
        "Y05",
        "2Y5",
        "_Y5",
        "Y5_",
        "Y5x",
        "Y5é",
        "xY5",
        "éY5",
        "JadwigąY5",
        "\u03b1Y5",
        "Y\u200b5",
        "Y\u00ad5",
        "\u200bY5\u200b",
        "\uff395",
        "\uff39\uff15",
        "Y\ufe0f5",
        "Y\u034f5",
        "ADAM\u200bY5",
        "Adam\u200by5",
        "kept\u00ady5",
        "Bernd\u2060y5",
    ],
)
def test_a_card_is_named_whatever_touches_it(text: str) -> None:
    assert named(text) == ["Y5"]


def test_cards_written_together_or_as_a_range_are_each_named() -> None:
    assert named("Y5Y6, Y5-Y6 and B0/b0") == ["Y5", "Y6", "Y5", "Y6", "B0", "B0"]
    assert [at for _, at in mentions("kept 'R15'")] == [6]


@pytest.mark.parametrize(
    "text", ["player2", "G20", "R16", "R150", "USB3", "row1", "Bernd", "X?", "pla\u200byer2"]
)
def test_words_and_numbers_that_are_no_card_name_none(text: str) -> None:
    assert named(text) == []


def test_a_zero_is_known_only_once_both_copies_were_seen() -> None:
    b0, b5 = Card.parse("B0"), Card.parse("B5")
    assert not known(b0, Counter([b0]))
    assert known(b0, Counter([b0, b0]))
    assert known(b5, Counter([b5]))
    assert not known(b5, {})


def test_masking_writes_unknown_values_as_backs_and_known_ones_as_cards() -> None:
    seen = Counter([Card.parse("Y5"), Card.parse("B0")])
    assert mask_mentions("Adam kept 'y05' and B0, Bernd R2D2", seen) == (
        "Adam kept 'Y5' and B?, Bernd R?D2"
    )
    assert mask_mentions("no card here: player2 G20", {}) == "no card here: player2 G20"


def test_a_value_read_through_invisible_or_fullwidth_characters_is_masked_whole() -> None:
    seen = Counter([Card.parse("G12")])
    text = "Adam kept Y\u200b5 and \uff27\uff11\uff12, then y\u00ad0\u200b5!"
    assert [(str(card), at) for card, at in mentions(text)] == [("Y5", 10), ("G12", 18), ("Y5", 28)]
    assert mask_mentions(text, seen) == "Adam kept Y? and G12, then Y?!"
