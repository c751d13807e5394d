"""The table at one moment, as a rich renderable: what ``gargon replay`` shows.

>>> import io
>>> from rich.console import Console
>>> from gargon_notation.engine import Deal, Game
>>> game = Game.new(Deal.from_seed("gargon", players=4))
>>> console = Console(file=io.StringIO(), width=80, no_color=True)
>>> console.print(table_view(game.snapshot()))
>>> "Pile 1: 31 cards" in console.file.getvalue()
True
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gargon_notation.cards import AnyCard, hand_order
from gargon_notation.engine import DecisionKind, GameState
from gargon_notation.render.style import card_text, cards_text
from gargon_notation.render.uncut import Uncut

__all__ = ["table_view"]

_ASKED = {
    DecisionKind.PLAY_OR_PASS: "to play or pass",
    DecisionKind.CHOOSE: "to choose a colour",
    DecisionKind.DRAW: "to draw a replacement card",
}


def _pile_line(number: int, cards: tuple[AnyCard, ...], shown: int = 5) -> Text:
    text = Text(f"Pile {number}: {len(cards)} cards", style="bold")
    if cards:
        text.append("  top: ")
        text.append_text(cards_text(cards[:shown]))
        if len(cards) > shown:
            text.append(" ...", style="dim")
    return text


def table_view(state: GameState) -> Group:
    """Hands as known, piles with sizes and tops, cards in front, won cards, score so far."""
    heading = Text(f"Round {state.round}", style="bold underline")
    heading.append(f"  start: {state.names[state.start]}", style="")
    if state.over:
        heading.append("  - the game is over", style="bold")
    elif state.to_act is not None:
        who = state.names[state.to_act.seat]
        heading.append(f"  - {who} {_ASKED[state.to_act.kind]}", style="italic")
    score = state.score()
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Hand")
    table.add_column("In front")
    table.add_column("Won")
    table.add_column("Pts", justify="right")
    for seat, name in enumerate(state.names):
        label = Text(name, style="bold" if seat == state.start else "")
        if state.to_act is not None and state.to_act.seat == seat:
            label.append(" <", style="bold yellow")
        front = state.front[seat]
        if not front and state.played[seat] == ():
            front_text = Text("passed", style="italic dim")
        else:
            front_text = cards_text(front, empty="-")
        table.add_row(
            label,
            cards_text(hand_order(state.hands[seat]), empty="-"),
            front_text,
            cards_text(state.won[seat], empty="-"),
            str(score.players[seat].total),
        )
    parts: list[RenderableType] = [heading, Uncut(table)]
    parts.append(_pile_line(1, state.piles[0]))
    parts.append(_pile_line(2, state.piles[1]))
    if state.discard:
        discard = Text(f"Discarded: {len(state.discard)}  last: ", style="dim")
        discard.append_text(card_text(state.discard[-1]))
        parts.append(discard)
    if state.last_card_taken and not state.over:
        parts.append(Text("A pile is empty: the game ends with this round.", style="bold"))
    return Group(*parts)
