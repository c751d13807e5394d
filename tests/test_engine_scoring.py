"""Final scoring: majority bonuses, amulets and the 0s' multipliers."""

from __future__ import annotations

import pytest
from conftest import cards

from gargon_notation.cards import Colour
from gargon_notation.engine import ColourScore, Score, score
from gargon_notation.rules import STANDARD, Ruleset

W, B, V, Y, R, G = Colour


def test_rulebook_scoring_example() -> None:
    adam = cards("V0 V5 V13 G7 G13 W1 W10 Y2 Y6")
    bernd = cards("W3 W4 Y8 Y9 Y11")
    collette = cards("W5 W7")
    dagmar = cards("B1")
    result = score([adam, bernd, collette, dagmar], names=("Adam", "Bernd", "Collette", "Dagmar"))
    player = result.players[0]
    assert (player.seat, player.name) == (0, "Adam")
    assert player.colours == (
        ColourScore(W, cards=2, zeros=0, amulets=6, multiplier=1, bonus=5),
        ColourScore(B, cards=0, zeros=0, amulets=0, multiplier=1, bonus=0),
        ColourScore(V, cards=3, zeros=1, amulets=3, multiplier=2, bonus=10),
        ColourScore(Y, cards=2, zeros=0, amulets=8, multiplier=1, bonus=0),
        ColourScore(R, cards=0, zeros=0, amulets=0, multiplier=1, bonus=0),
        ColourScore(G, cards=2, zeros=0, amulets=2, multiplier=1, bonus=10),
    )
    assert [colour_score.points for colour_score in player.colours] == [11, 0, 16, 8, 0, 12]
    assert player.colour(V).points == 16
    assert (player.bonus, player.amulets, player.total) == (25, 22, 47)
    # Bernd: white 4+3 amulets and a shared +5; yellow 2+2+1 and +10.
    assert (result.players[1].bonus, result.players[1].amulets) == (15, 12)
    assert result.players[2].colour(W).bonus == 5
    assert result.players[3].colour(B) == ColourScore(B, 1, 0, 5, 1, 10)
    assert result.totals == (47, 27, 10, 15)
    assert result.winners == (0,)


def _french_dagmar() -> list[tuple]:
    # Dagmar: B11 B12 (2 blue amulets), R4 R0 R0 (3 red amulets and both red 0s).
    # Seat 0 holds more blue and more red cards, so Dagmar gets no bonus.
    other = cards("B1 B2 B3 R1 R2 R3 R5")
    dagmar = cards("B11 B12 R4 R0 R0")
    return [other, dagmar]


def test_french_example_both_zeros_quadruple() -> None:
    dagmar = score(_french_dagmar()).players[1]
    assert dagmar.colour(B) == ColourScore(B, 2, 0, 2, 1, 0)
    assert dagmar.colour(R) == ColourScore(R, 3, 2, 3, 4, 0)
    assert (dagmar.bonus, dagmar.amulets, dagmar.total) == (0, 2 + 12, 14)


def test_english_reading_both_zeros_triple() -> None:
    dagmar = score(_french_dagmar(), Ruleset.english()).players[1]
    assert dagmar.colour(R) == ColourScore(R, 3, 2, 3, 3, 0)
    assert (dagmar.bonus, dagmar.amulets, dagmar.total) == (0, 2 + 9, 11)


@pytest.mark.parametrize(
    ("ruleset", "single", "pair"), [(STANDARD, 2, 4), (Ruleset.english(), 2, 3)]
)
def test_zero_multipliers(ruleset: Ruleset, single: int, pair: int) -> None:
    won = [cards("Y1 Y2 Y0"), cards("G1 G2 G0 G0"), cards("R1 R2")]
    result = score(won, ruleset)
    assert result.players[0].colour(Y).amulets == 10
    assert result.players[0].colour(Y).multiplier == single
    assert result.players[0].amulets == 10 * single
    assert result.players[1].colour(G).multiplier == pair
    assert result.players[1].amulets == 10 * pair
    assert result.players[2].colour(R).multiplier == 1
    assert result.players[2].amulets == 10


def test_zeros_never_multiply_bonuses() -> None:
    result = score([cards("R4 R0 R0"), cards("G1")])
    red = result.players[0].colour(R)
    assert red == ColourScore(R, 3, 2, 3, 4, 10)
    assert red.points == 3 * 4 + 10
    assert result.players[0].total == 22


def test_zeros_multiply_only_their_own_colour() -> None:
    result = score([cards("R0 R0 Y1"), cards("R3")])
    assert result.players[0].colour(Y).multiplier == 1
    assert result.players[0].amulets == 5
    assert result.players[0].total == 5 + 10 + 10


def test_zeros_count_as_cards_for_the_majority() -> None:
    result = score([cards("R0 R0"), cards("R5"), cards("R1")])
    assert [p.colour(R).bonus for p in result.players] == [10, 0, 0]
    assert result.totals == (10, 3, 5)


def test_majority_and_shared_majority_bonuses() -> None:
    result = score([cards("W1 W2"), cards("W3 W4"), cards("W5 W6"), cards("W7")])
    assert [p.colour(W).bonus for p in result.players] == [5, 5, 5, 0]
    result = score([cards("W1 W2 W8"), cards("W3 W4"), cards("W5")])
    assert [p.colour(W).bonus for p in result.players] == [10, 0, 0]


def test_a_colour_nobody_won_gives_no_bonus() -> None:
    result = score([cards("W1"), (), ()])
    for player in result.players:
        for colour in (B, V, Y, R, G):
            assert player.colour(colour).bonus == 0
    assert result.totals == (15, 0, 0)
    nobody = score([(), (), ()])
    assert nobody.totals == (0, 0, 0)
    assert all(p.bonus == 0 for p in nobody.players)


def test_a_tie_on_totals_is_a_shared_win() -> None:
    result = score([cards("W1"), cards("B1"), cards("V3")])
    assert result.totals == (15, 15, 14)
    assert result.winners == (0, 1)
    result = score([cards("W2"), cards("B1"), cards("V1")])
    assert result.winners == (0, 1, 2)


def test_custom_bonuses_and_default_names() -> None:
    ruleset = Ruleset(majority_bonus=7, shared_majority_bonus=3)
    result = score([cards("W15"), cards("W14"), cards("B15 B14")], ruleset)
    assert result.totals == (3, 3, 7)
    assert [p.name for p in result.players] == ["Player 1", "Player 2", "Player 3"]
    assert isinstance(result, Score)
