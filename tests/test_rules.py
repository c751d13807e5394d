"""The Ruleset: amulet table, multipliers, bonuses, variants and their validators."""

from __future__ import annotations

import attrs
import pytest

from gargon_notation.rules import STANDARD, Ruleset


def test_amulet_table_is_exactly_the_rulebook_table() -> None:
    assert Ruleset().amulets == (0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0)
    assert [STANDARD.amulets_on(value) for value in range(16)] == [
        0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0,
    ]  # fmt: skip
    assert sum(STANDARD.amulets) == 32


def test_standard_ruleset_defaults() -> None:
    assert Ruleset() == STANDARD
    assert STANDARD.single_zero_multiplier == 2
    assert STANDARD.zero_pair_multiplier == 4
    assert STANDARD.majority_bonus == 10
    assert STANDARD.shared_majority_bonus == 5
    assert STANDARD.player_counts == (3, 4, 5)
    assert STANDARD.hand_size == 10
    assert STANDARD.start_player_must_play is True
    assert STANDARD.won_cards_face_up is False


def test_multiplier_single_zero_doubles_both_zeros_quadruple() -> None:
    assert [STANDARD.multiplier(zeros) for zeros in (0, 1, 2)] == [1, 2, 4]


def test_english_reading_triples_for_both_zeros() -> None:
    english = Ruleset.english()
    assert [english.multiplier(zeros) for zeros in (0, 1, 2)] == [1, 2, 3]
    assert attrs.evolve(english, zero_pair_multiplier=4) == STANDARD


def test_rulesets_are_frozen_values() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        STANDARD.majority_bonus = 20  # type: ignore[misc]
    assert Ruleset(won_cards_face_up=True) != STANDARD
    assert Ruleset(won_cards_face_up=True) == Ruleset(won_cards_face_up=True)


@pytest.mark.parametrize(
    "amulets",
    [
        (0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0),
        (0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0),
        (0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, -1),
        (0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0.5),
        (),
    ],
)
def test_amulet_table_validator(amulets: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="the amulet table gives a whole number >= 0"):
        Ruleset(amulets=amulets)


@pytest.mark.parametrize("counts", [(), (2,), (3, 6), (6,), (0, 4)])
def test_player_counts_validator(counts: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="Gargon is played by 3 to 5 players"):
        Ruleset(player_counts=counts)


def test_valid_custom_rulesets() -> None:
    assert Ruleset(player_counts=(4,)).player_counts == (4,)
    flat = Ruleset(amulets=(1,) * 16)
    assert [flat.amulets_on(value) for value in (0, 7, 15)] == [1, 1, 1]


@pytest.mark.parametrize(
    ("hand_size", "counts"),
    [(10, (3, 4, 5)), (2, (3, 4, 5)), (20, (3, 4, 5)), (9, (4,)), (1, (4,)), (32, (3,))],
)
def test_hand_size_validator_accepts_hands_that_leave_two_equal_piles(
    hand_size: int, counts: tuple[int, ...]
) -> None:
    ruleset = Ruleset(player_counts=counts, hand_size=hand_size)
    assert ruleset.hand_size == hand_size
    assert ruleset.player_counts == counts


@pytest.mark.parametrize(
    ("hand_size", "counts", "message"),
    [
        (9, (3, 4, 5), "a hand of 9 cards for 3 players"),
        (9, (4, 5), "a hand of 9 cards for 5 players"),
        (0, (3, 4, 5), "a hand of 0 cards for 3 players"),
        (-1, (3, 4, 5), "a hand of -1 cards for 3 players"),
        (21, (5,), "a hand of 21 cards for 5 players"),
        (22, (3, 4, 5), "a hand of 22 cards for 5 players"),
        (33, (3,), "a hand of 33 cards for 3 players"),
        (34, (3,), "a hand of 34 cards for 3 players"),
        (10.0, (3, 4, 5), "a hand of 10.0 cards for 3 players"),
    ],
)
def test_hand_size_validator(hand_size: int, counts: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError) as info:
        Ruleset(player_counts=counts, hand_size=hand_size)
    assert str(info.value) == f"{message} does not leave two equal, non-empty draw piles"


def test_hand_size_validator_checks_every_player_count() -> None:
    # 102 - 3 * 9 = 75 is odd, but 102 - 4 * 9 = 66 splits into two piles of 33.
    assert Ruleset(player_counts=(4,), hand_size=9).hand_size == 9
    with pytest.raises(ValueError, match="a hand of 9 cards for 3 players"):
        Ruleset(player_counts=(4, 3), hand_size=9)
    with pytest.raises(ValueError, match="a hand of 9 cards for 3 players"):
        attrs.evolve(STANDARD, hand_size=9)
    # 102 - 5 * 20 = 2 leaves one card in each pile.  With 21, three players are checked
    # first (102 - 63 = 39 is odd); five alone would leave 102 - 105 < 2.
    assert Ruleset(hand_size=20).hand_size == 20
    with pytest.raises(ValueError, match="a hand of 21 cards for 3 players"):
        Ruleset(hand_size=21)
    with pytest.raises(ValueError, match="a hand of 21 cards for 5 players"):
        Ruleset(player_counts=(5,), hand_size=21)
