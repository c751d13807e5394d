"""The score table, as a rich renderable: what each player won in each colour and what it is
worth, fitting an 80-column terminal for five players.

Each player has four lines (one, with nothing won yet): the points per colour and the total;
the cards won, as values under their colour's heading, in the order they were won; the amulets
on them (times the multiplier the colour's 0s give, and the product); and the majority bonus.
Every column adds up: amulet points and bonus make the points.  Two lines under the table say
so, with the ruleset's own numbers.

>>> import io
>>> from rich.console import Console
>>> from gargon_notation.bots import simulate
>>> state = simulate(players=3, seed="demo").game.snapshot()
>>> console = Console(file=io.StringIO(), width=80, no_color=True)
>>> console.print(scoreboard(state))
>>> print("\\n".join(line.rstrip() for line in console.file.getvalue().splitlines()))
                                     Score
Player      white     blue       violet    yellow     red       green      Total
────────────────────────────────────────────────────────────────────────────────
Adam        22        -          3         8          21        4             58
  won       4 9 10               8 10      14 1 12    1 0 8     11 14 8
            0 13                           9          12        10
  amulets   6x2=12               3         8          8x2=16    4             43
  bonus     +10                                       +5                     +15
<BLANKLINE>
Bernd *     3         0          3         58         14        28           106
  won       8 14 12   0 15       11 7      3 4 0 15   15 11 2   1 12 5 0
                                           0 2        4         15
  amulets   3         0x2=0      3         12x4=48    9         9x2=18        81
  bonus                                    +10        +5        +10          +25
<BLANKLINE>
Collette    14        23         24        3          14        5             83
  won       7 3 6 1   12 5 8     14 0 15   11 8       9 5 3     6 7
                      14 9 2     5 3                  13
  amulets   14        13         7x2=14    3          9         5             58
  bonus               +10        +10                  +5                     +25
won: in the order won; amulets: x2 with one 0, x4 with both 0s
bonus: +10 for most cards of a colour, +5 each on a tie; * winner
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from gargon_notation.cards import AnyCard, Card, Colour
from gargon_notation.engine import ColourScore, GameState
from gargon_notation.render.style import COLOUR_STYLES
from gargon_notation.rules import Ruleset

__all__ = ["scoreboard"]


def scoreboard(state: GameState, final: bool | None = None) -> Group:
    """The score of the cards won at ``state``, and a legend: final (the winners marked
    ``*``) when ``final``, by default when the game is over; so far otherwise.

    Raises :class:`ValueError` for a view that hides won cards: they cannot be scored.
    """
    score = state.score()
    if final is None:
        final = state.over
    table = Table(title="Score", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    for colour in Colour:
        table.add_column(Text(colour.name.lower(), style=COLOUR_STYLES[colour]))
    table.add_column("Total", justify="right", no_wrap=True)
    winners = set(score.winners) if final else set()
    last = len(score.players) - 1
    for player in score.players:
        name = Text(player.name, style="bold")
        if player.seat in winners:
            name.append(" *", style="bold yellow")
        parts = player.colours
        total = Text(str(player.total), style="bold")
        if not state.won[player.seat]:
            table.add_row(name, *map(_points, parts), total, end_section=player.seat != last)
            continue
        table.add_row(name, *map(_points, parts), total)
        won = _by_colour(state.won[player.seat])
        table.add_row(Text("  won", style="dim"), *map(_values, won), "")
        table.add_row(Text("  amulets", style="dim"), *map(_amulets, parts), str(player.amulets))
        table.add_row(
            Text("  bonus", style="dim"),
            *(_bonus(part.bonus) for part in parts),
            _bonus(player.bonus) or "0",
            end_section=player.seat != last,
        )
    return Group(table, *_legend(state.ruleset, winner=bool(winners)))


def _by_colour(won: Sequence[AnyCard]) -> list[list[Card]]:
    """The cards won, colour by colour (canonical order), each colour's in the order won."""
    columns: list[list[Card]] = [[] for _ in Colour]
    for card in won:
        assert isinstance(card, Card)  # GameState.score refuses hidden won cards
        columns[card.colour.index].append(card)
    return columns


def _points(part: ColourScore) -> Text:
    return Text(str(part.points), style="bold") if part.cards else Text("-", style="dim")


def _values(cards: list[Card]) -> Text:
    if not cards:
        return Text()
    return Text(" ".join(str(card.value) for card in cards), style=COLOUR_STYLES[cards[0].colour])


def _amulets(part: ColourScore) -> str:
    if not part.cards:
        return ""
    if part.multiplier == 1:
        return str(part.amulets)
    return f"{part.amulets}x{part.multiplier}={part.amulets * part.multiplier}"


def _bonus(bonus: int) -> str:
    return f"+{bonus}" if bonus else ""


def _legend(ruleset: Ruleset, winner: bool) -> list[Text]:
    """Two lines of at most 64 characters (the recorder's pane): what the figures are, in
    ``ruleset``'s numbers."""
    one, both = ruleset.multiplier(1), ruleset.multiplier(2)
    most, shared = ruleset.majority_bonus, ruleset.shared_majority_bonus
    lines = [
        f"won: in the order won; amulets: x{one} with one 0, x{both} with both 0s",
        f"bonus: +{most} for most cards of a colour, +{shared} each on a tie",
    ]
    if winner:
        lines[1] += "; * winner"
    return [Text(line, style="dim") for line in lines]
