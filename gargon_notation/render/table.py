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

import attrs
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from gargon_notation.cards import AnyCard, hand_order
from gargon_notation.engine import DecisionKind, GameState
from gargon_notation.render.style import card_text, cards_text
from gargon_notation.render.uncut import Uncut

__all__ = ["Heading", "table_view"]

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


_SHORT = {
    DecisionKind.PLAY_OR_PASS: ": play/pass",
    DecisionKind.CHOOSE: ": choose",
    DecisionKind.DRAW: ": draw",
}


@attrs.frozen
class Heading:
    """The table's first line: the round, who starts it, and what is awaited, in the longest
    of its forms that fits the width (words shortened, then who starts left out); on a
    console narrower than the shortest, the shortest, broken between words (never inside a
    number or a name).

    >>> from rich.console import Console
    >>> heading = Heading.of_parts(9, "Adam", None, over=True)
    >>> for form in heading.forms:
    ...     print(form.plain)
    Round 9  start: Adam  - the game is over
    Round 9  start: Adam  - game over
    Round 9  - game over
    Round 9 - game over
    >>> for width in (40, 30, 20, 10):
    ...     console = Console(width=width)
    ...     with console.capture() as captured:
    ...         console.print(heading)
    ...     print([line.rstrip() for line in captured.get().splitlines()])
    ['Round 9  start: Adam  - the game is over']
    ['Round 9  - game over']
    ['Round 9  - game over']
    ['Round 9 -', 'game over']
    """

    forms: tuple[Text, ...]

    @classmethod
    def of_parts(
        cls, round: int, start: str, asked: tuple[str, DecisionKind] | None, over: bool
    ) -> Heading:
        """The forms of the heading of round ``round`` that ``start`` starts, where ``asked``
        is who is to act and how (None: nobody), or the game is ``over``."""
        long = short = Text()
        if over:
            long, short = Text("the game is over", style="bold"), Text("game over", style="bold")
        elif asked is not None:
            who, kind = asked
            long = Text(f"{who} {_ASKED[kind]}", style="italic")
            short = Text(f"{who}{_SHORT[kind]}", style="italic")
        forms: list[Text] = []
        for gap, starter, what in (
            ("  ", True, long),
            ("  ", True, short),
            ("  ", False, short),
            (" ", False, short),
        ):
            form = Text(f"Round {round}", style="bold underline")
            if starter:
                form.append(f"{gap}start: {start}", style="")
            if what:
                form.append(f"{gap}- ")
                form.append_text(what)
            if form.plain not in [known.plain for known in forms]:
                forms.append(form)
        return cls(tuple(forms))

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(cell_len(self.forms[-1].plain), cell_len(self.forms[0].plain))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for form in self.forms:
            if cell_len(form.plain) <= width:
                yield form
                return
        form = self.forms[-1].copy()
        form.overflow = "fold"  # a word longer than the console: as long as it is
        yield form


def table_view(state: GameState) -> Group:
    """Hands as known, piles with sizes and tops, cards in front, won cards, score so far
    (``?`` for a seat whose won cards a view, :meth:`GameState.seen_by
    <gargon_notation.engine.GameState.seen_by>`, shows only from the back)."""
    asked = None
    if state.to_act is not None and not state.over:
        asked = (state.names[state.to_act.seat], state.to_act.kind)
    heading = Heading.of_parts(state.round, state.names[state.start], asked, state.over)
    totals = state.known_totals()
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
            "?" if totals[seat] is None else str(totals[seat]),
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
