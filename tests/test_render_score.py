"""The score table (render/score.py): a column per colour, the cards won in the order won,
amulets with the 0s' multiplier and the bonus labelled, every figure the rules' (docs/rules.md,
section 5), 80 columns for five players, plain text without colour."""

from __future__ import annotations

import io
from pathlib import Path

import attrs
import pytest
from rich.console import Console

from gargon_notation import load
from gargon_notation.bots import simulate
from gargon_notation.cards import Card
from gargon_notation.engine import Deal, Game, GameState
from gargon_notation.render import scoreboard
from gargon_notation.replay import replay
from gargon_notation.rules import Ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def drawn(state: GameState, final: bool | None = None, colour: bool = False) -> list[str]:
    console = Console(file=io.StringIO(), width=80, color_system="truecolor" if colour else None)
    console.print(scoreboard(state, final))
    return [line.rstrip() for line in console.file.getvalue().splitlines()]


def at_the_end(path: Path, game: int = 1) -> GameState:
    result = replay(list(load(path))[game - 1])
    assert result.game is not None
    return result.game.snapshot()


def with_won(won: list[str], ruleset: Ruleset | None = None) -> GameState:
    """The table of a fresh game whose players have won these cards."""
    names = ("Adam", "Bernd", "Collette")
    state = Game.new(Deal.from_seed("score", players=3), ruleset=ruleset, names=names).snapshot()
    cards = tuple(tuple(Card.parse(text) for text in line.split()) for line in won)
    return attrs.evolve(state, won=cards)


RULEBOOK = ["V0 V5 V13 G7 G13 W1 W10 Y2 Y6", "W3 W4 Y8 Y9 Y11", "W5 W7"]
"""Adam's cards of the rulebook's scoring example (docs/rules.md, 5.1), with others'."""


def test_the_rulebook_scoring_example() -> None:
    """Adam's figures are those of docs/rules.md, 5.1: white 6 amulets and a shared +5,
    violet 3 amulets doubled by V0 and +10, yellow 8 and no bonus (Bernd has more), green 2
    and +10: 22 amulet points and 25 bonus, 47."""
    assert drawn(with_won(RULEBOOK)) == [
        "                             Score",
        "Player      white   blue   violet   yellow   red   green   Total",
        "────────────────────────────────────────────────────────────────",
        "Adam        11      -      16       8        -     12         47",
        "  won       1 10           0 5 13   2 6            7 13",
        "  amulets   6              3x2=6    8              2          22",
        "  bonus     +5             +10                     +10       +25",
        "",
        "Bernd       12      -      -        15       -     -          27",
        "  won       3 4                     8 9 11",
        "  amulets   7                       5                         12",
        "  bonus     +5                      +10                      +15",
        "",
        "Collette    10      -      -        -        -     -          10",
        "  won       5 7",
        "  amulets   5                                                  5",
        "  bonus     +5                                                +5",
        "won: in the order won; amulets: x2 with one 0, x4 with both 0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie",
    ]


def test_the_english_rules_triple_both_zeros_and_the_legend_says_so() -> None:
    lines = drawn(with_won(["R0 R0 R5 R14", "R9", ""], Ruleset.english()))
    assert lines[3:7] == [
        "Adam        -       -      -        -        19         -          19",
        "  won                                        0 0 5 14",
        "  amulets                                    3x3=9                  9",
        "  bonus                                      +10                  +10",
    ]
    assert lines[-3:] == [
        "Collette    -       -      -        -        -          -           0",
        "won: in the order won; amulets: x2 with one 0, x3 with both 0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie",
    ]


def test_the_full_game() -> None:
    assert drawn(at_the_end(EXAMPLES / "full-game.ggn")) == [
        "                                     Score",
        "Player      white       blue    violet       yellow    red     green       Total",
        "────────────────────────────────────────────────────────────────────────────────",
        "Adam *      3           1       1            10        6       15             36",
        "  won       6           11      11           12 10 6   15 10   8 7 15 11",
        "  amulets   3           1       1            5         1       5              16",
        "  bonus                                      +5        +5      +10           +20",
        "",
        "Bernd       -           10      3            7         7       0              27",
        "  won                   15 14   6            15 7 14   13 8    14",
        "  amulets               0       3            2         2       0               7",
        "  bonus                 +10                  +5        +5                    +20",
        "",
        "Collette    -           1       11           1         2       7              22",
        "  won                   12      15 13 12     13 11     7       9 1 13",
        "                                14",
        "  amulets               1       1            1         2       7              12",
        "  bonus                         +10                                          +10",
        "",
        "Dagmar      11          1       -            2         8       -              22",
        "  won       15 14 13    10                   8         9 12",
        "            11",
        "  amulets   1           1                    2         3                       7",
        "  bonus     +10                                        +5                    +15",
        "won: in the order won; amulets: x2 with one 0, x4 with both 0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie; * winner",
    ]


def test_won_cards_in_the_order_won() -> None:
    state = at_the_end(EXAMPLES / "full-game.ggn")
    adam_green = [card.value for card in state.won[0] if card.colour.letter == "G"]
    assert adam_green == [8, 7, 15, 11]  # as the table shows them, not sorted


def test_an_unfinished_game_stars_nobody() -> None:
    state = at_the_end(EXAMPLES / "rulebook-round.ggn")
    lines = drawn(state)
    assert [line for line in lines if "*" in line] == []
    assert lines[3:5] == [
        "Adam        -       -      -        18       -       -          18",
        "  won                               6 2",
    ]
    assert lines[8:10] == [  # Bernd has won nothing: one line
        "Bernd       -       -      -        -        -       -           0",
        "",
    ]


def test_a_view_that_hides_won_cards_cannot_be_scored() -> None:
    state = at_the_end(EXAMPLES / "full-game.ggn")
    with pytest.raises(ValueError, match="hides won cards"):
        scoreboard(state.seen_by(0))


@pytest.mark.parametrize("seed", ["five-1", "five-2", "five-3", "five-4"])
def test_five_players_fit_80_columns_and_add_up(seed: str) -> None:
    state = simulate(players=5, seed=seed).game.snapshot()
    lines = drawn(state)
    assert max(map(len, lines)) <= 80
    totals = [int(line.split()[-1]) for line in lines if line[:1].isalpha() and line[-1:].isdigit()]
    assert totals == [player.total for player in state.score().players]
    amulets = [int(line.split()[-1]) for line in lines if line.startswith("  amulets")]
    assert amulets == [p.amulets for p in state.score().players if state.won[p.seat]]


def test_colours_and_plain_text() -> None:
    state = at_the_end(EXAMPLES / "club-night.ggn", game=3)
    plain = drawn(state)
    assert not any("\x1b" in line for line in plain)
    coloured = "\n".join(drawn(state, colour=True))
    assert "\x1b[1;97mwhite" in coloured and "\x1b[1;31mred" in coloured  # the cards' colours
    assert "\x1b[1;94m9 11" in coloured  # Emil's blue cards, in blue
    assert plain[1] == "Player      white   blue   violet   yellow   red     green      Total"
    assert plain[8] == "Bernd *     10      0      0        11       -       -             21"
