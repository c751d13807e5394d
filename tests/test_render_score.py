"""The score table (render/score.py): a column per colour, the cards won in the order won,
amulets with the 0s' multiplier and the bonus labelled, every figure the rules' (docs/rules.md,
section 5), 80 columns for five players, plain text without colour; drawn as rich's ``Table``
draws it, byte for byte and colour for colour, at every width."""

from __future__ import annotations

import functools
import io
import itertools
import re
import textwrap
from pathlib import Path
from typing import Any

import attrs
import pytest
from rich import box
from rich.console import Console, Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from gargon_notation import load
from gargon_notation.bots import simulate
from gargon_notation.cards import Card, Colour
from gargon_notation.engine import Deal, Game, GameState
from gargon_notation.render import COLOUR_STYLES, scoreboard
from gargon_notation.render.uncut import Uncut
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


def rich_table(state: GameState, width: int, final: bool | None = None) -> Group:
    """The score table as a rich ``Table`` (how render/score.py built it until it drew the
    table itself), with no cell cut (:class:`Uncut`), and the legend's lines broken between
    words into lines of at most ``width``: the reference the direct drawing must match."""
    score = state.score()
    winners = set(score.winners) if (state.over if final is None else final) else set()
    table = Table(title="Score", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    for colour in Colour:
        table.add_column(Text(colour.name.lower(), style=COLOUR_STYLES[colour]))
    table.add_column("Total", justify="right", no_wrap=True)
    for player in score.players:
        name = Text(player.name, style="bold")
        if player.seat in winners:
            name.append(" *", style="bold yellow")
        points = [
            Text(str(part.points), style="bold") if part.cards else Text("-", style="dim")
            for part in player.colours
        ]
        last = player.seat == len(score.players) - 1
        total = Text(str(player.total), style="bold")
        if not state.won[player.seat]:
            table.add_row(name, *points, total, end_section=not last)
            continue
        table.add_row(name, *points, total)
        won = [
            [c.value for c in state.won[player.seat] if isinstance(c, Card) and c.colour == colour]
            for colour in Colour
        ]
        values = [
            Text(" ".join(map(str, cards)), style=COLOUR_STYLES[colour]) if cards else Text()
            for cards, colour in zip(won, Colour, strict=True)
        ]
        table.add_row(Text("  won", style="dim"), *values, "")
        amulets = [
            ""
            if not part.cards
            else str(part.amulets)
            if part.multiplier == 1
            else f"{part.amulets}x{part.multiplier}={part.amulets * part.multiplier}"
            for part in player.colours
        ]
        table.add_row(Text("  amulets", style="dim"), *amulets, str(player.amulets))
        bonus = [f"+{part.bonus}" if part.bonus else "" for part in player.colours]
        total_bonus = f"+{player.bonus}" if player.bonus else "0"
        table.add_row(Text("  bonus", style="dim"), *bonus, total_bonus, end_section=not last)
    legend = drawn(state, final)[-2:]
    # The legend's lines wrap between words, also where the table's lines run long.
    legend_lines = (
        Text(part, style="dim") for line in legend for part in textwrap.wrap(line, width)
    )
    return Group(Uncut(table), *legend_lines)


CONSOLES: dict[str, dict[str, Any]] = {
    "plain": {"color_system": None},
    "colour": {"color_system": "truecolor"},
    "no-color": {"color_system": "standard", "no_color": True},
    "soft-wrap": {"color_system": "256", "soft_wrap": True, "force_terminal": True},
}
"""Consoles as tests, ``gargon score`` (soft wrap) and ``NO_COLOR`` terminals print."""


def printed(renderable: object, width: int, console: str) -> str:
    options = dict(CONSOLES[console])
    soft_wrap = bool(options.pop("soft_wrap", False))
    buffer = io.StringIO()
    Console(file=buffer, width=width, **options).print(renderable, soft_wrap=soft_wrap, crop=False)
    return buffer.getvalue()


@functools.cache
def five_players() -> GameState:
    """A finished game of five players: the widest table."""
    return simulate(players=5, seed="five-1").game.snapshot()


@pytest.mark.parametrize(
    ("width", "console"), [(80, "colour"), (80, "soft-wrap"), (64, "no-color"), (48, "colour")]
)
def test_drawn_as_a_rich_table_would_be(width: int, console: str) -> None:
    """At 80 columns the colour columns of five players' table already shrink; narrower,
    values wrap, and no heading or figure is cut: the lines run long."""
    state = five_players()
    assert printed(scoreboard(state), width, console) == printed(
        rich_table(state, width), width, console
    )


@pytest.mark.slow
def test_drawn_as_a_rich_table_would_be_at_every_width() -> None:
    states = [simulate(players=n, seed=f"width-{n}").game.snapshot() for n in (3, 4, 5)]
    states += [at_the_end(EXAMPLES / "full-game.ggn"), at_the_end(EXAMPLES / "rulebook-round.ggn")]
    for state, width, console in itertools.product(states, range(10, 131, 6), CONSOLES):
        new, old = (
            printed(scoreboard(state), width, console),
            printed(rich_table(state, width), width, console),
        )
        assert new == old, (width, console)


def test_a_narrow_console_wraps_values_and_cuts_no_figure() -> None:
    """48 columns: the values wrap, and the lines run past the console's width rather than
    cut a heading or a figure (``gargon score`` prints them with ``crop=False``)."""
    state = five_players()
    lines = [line.rstrip() for line in printed(scoreboard(state), 48, "plain").splitlines()]
    assert lines[:9] == [
        "                                Score",
        "Player      white   blue     violet   yellow   red     green    Total",
        "─────────────────────────────────────────────────────────────────────",
        "Adam *      9       24       -        3        3       0           39",
        "  won       7 8     4 8 0             4 14     6       15",
        "                    7",
        "  amulets   4       7x2=14            3        3       0           24",
        "  bonus     +5      +10                                           +15",
        "",
    ]
    assert "…" not in "".join(lines)


def test_in_a_pane_a_narrow_console_wraps_values_and_cuts_what_does_not_fit() -> None:
    """48 columns, ``whole=False``: the recorder's score pane on an 80-column terminal,
    which would crop what runs past its edge."""
    state = five_players()
    table = scoreboard(state, whole=False)
    lines = [line.rstrip() for line in printed(table, 48, "plain").splitlines()]
    assert lines[:11] == [
        "                     Score",
        "Player      w…   b…   v…   y…   red   g…   Total",
        "────────────────────────────────────────────────",
        "Adam *      9    24   -    3    3     0       39",
        "  won       7    4         4    6     15",
        "            8    8         14",
        "                 0",
        "                 7",
        "  amulets   4    7…        3    3     0       24",
        "  bonus     +5   +…                          +15",
        "",
    ]
    assert lines[-4:] == [
        "won: in the order won; amulets: x2 with one 0,",
        "x4 with both 0s",
        "bonus: +10 for most cards of a colour, +5 each",
        "on a tie; * winner",
    ]


@pytest.mark.parametrize("console", ["soft-wrap", "plain"])
def test_on_a_narrow_console_the_legend_wraps_between_words(console: str) -> None:
    """60 columns, as ``gargon show`` and ``gargon score`` print (soft wrap, lines not
    cropped): the table runs past the edge, and the legend printed as it was reached the
    terminal's edge and broke there, in the middle of '0s' and 'winner'."""
    lines = printed(scoreboard(at_the_end(EXAMPLES / "full-game.ggn")), 60, console)
    lines = re.sub("\x1b\\[[0-9;]*m", "", lines)  # the styles' escape codes
    assert [line.rstrip() for line in lines.splitlines()[-4:]] == [
        "won: in the order won; amulets: x2 with one 0, x4 with both",
        "0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie; *",
        "winner",
    ]


def test_a_console_that_writes_only_ascii_gets_ascii_lines() -> None:
    class Ascii(io.StringIO):
        encoding = "ascii"

    buffer = Ascii()
    console = Console(file=buffer, width=80, color_system=None)
    console.print(scoreboard(simulate(players=3, seed="demo").game.snapshot()))
    lines = [line.rstrip() for line in buffer.getvalue().splitlines()]
    assert lines[1:5] == [
        "Player    | white   | blue     | violet  | yellow   | red     | green    | Total",
        "----------+---------+----------+---------+----------+---------+----------+------",
        "Adam      | 22      | -        | 3       | 8        | 21      | 4        |    58",
        "  won     | 4 9 10  |          | 8 10    | 14 1 12  | 1 0 8   | 11 14 8  |",
    ]
    assert (
        lines[8]
        == "----------+---------+----------+---------+----------+---------+----------+------"
    )


def test_a_compact_table_takes_the_colours_letters_and_fits_where_its_figures_do() -> None:
    """The recorder's pane: too narrow for the colours' names, the letters head the columns,
    and the table is no wider than the pane once its least widths fit (none is cut)."""
    state = five_players()
    table = scoreboard(state, compact=True)
    least = Measurement.get(Console(width=200), Console(width=200).options, table).minimum
    heads = []
    for width in range(least, 121):
        lines = printed(table, width, "plain").splitlines()
        heads.append(lines[1].split()[1])
        assert max(map(len, lines)) <= width, width
        assert "…" not in "".join(lines)
    assert heads[0] == "W" and heads[-1] == "white"
    assert heads == sorted(heads, key=lambda head: head == "white")  # letters, then names
