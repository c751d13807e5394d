"""Rich renderables for a whole game: a table per round and its battles (the score table is
:mod:`gargon_notation.render.score`).

They are built from the engine's events only, never from text, so they show what
the referee derived, not what a record claims.

>>> import io
>>> from rich.console import Console
>>> from gargon_notation.bots import simulate
>>> game = simulate(players=3, seed="demo").game
>>> console = Console(file=io.StringIO(), width=80, no_color=True)
>>> console.print(round_panel(next(rounds_of(game.events)), game.names))
>>> console.file.getvalue().splitlines()[0]
'Round 1  start: Adam'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gargon_notation.cards import Card, Colour
from gargon_notation.engine import (
    BattleKind,
    BattleResolved,
    CardDrawn,
    DrawForgotten,
    DrawSkipped,
    Event,
    Game,
    GameState,
    Passed,
    Played,
    RoundEnded,
    RoundStarted,
)
from gargon_notation.render.style import card_text, cards_text, colour_text
from gargon_notation.render.uncut import Uncut
from gargon_notation.replay import Outcome, Problem, Step, Visitor

__all__ = ["RoundPanels", "battle_lines", "round_panel", "rounds_of"]


def rounds_of(events: Iterable[Event]) -> Iterator[list[Event]]:
    """The events grouped by round, each group from its RoundStarted to its RoundEnded.

    A round in which nothing has happened yet (the next round of an unfinished game) is
    left out.
    """
    current: list[Event] = []
    for event in events:
        if isinstance(event, RoundStarted) and current:
            yield current
            current = []
        current.append(event)
    if len(current) > 1:
        yield current


class RoundPanels(Visitor):
    """A visitor of the replay walk that builds a :func:`round_panel` for each round as the
    walk goes (the round still under way, if any, last).

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> from gargon_notation.replay import walk
    >>> panels = RoundPanels()
    >>> _ = walk(record_from_simulation(simulate(3, "demo")), [panels])
    >>> len(panels.panels)
    17

    ``until_problem`` stops at the walk's first problem: the panels then show the game up to
    it (the round under way last), and :attr:`state` is the table at that moment.
    """

    wants_events = True

    def __init__(self, *, until_problem: bool = False) -> None:
        self.panels: list[Group] = []
        self.state: GameState | None = None
        """With ``until_problem``: the table when the first problem was found."""
        self._names: tuple[str, ...] = ()
        self._events: list[Event] = []
        self._until_problem = until_problem
        self._game: Game | None = None
        self._stopped = False

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self._names = game.names
        self._events = list(game.events)
        self._game = game

    def visit_problem(self, problem: Problem) -> None:
        if self._until_problem and not self._stopped:
            self._stopped = True
            if self._game is not None:
                self.state = self._game.snapshot()
            self._flush()

    def visit_step(self, step: Step, game: Game) -> None:
        if self._stopped:
            return
        for event in step.events:
            if isinstance(event, RoundStarted) and self._events:
                self.panels.append(round_panel(self._events, self._names))
                self._events = []
            self._events.append(event)

    def end_game(self, outcome: Outcome) -> None:
        self._flush()

    def _flush(self) -> None:
        if len(self._events) > 1:
            self.panels.append(round_panel(self._events, self._names))
        self._events = []


def _seat_list(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[seat] for seat in seats)


def battle_lines(events: Sequence[Event], names: Sequence[str]) -> list[Text]:
    """One line per fight and per replacement draw, in the order they happened."""
    lines: list[Text] = []
    last_colour: Colour | None = None
    for event in events:
        if isinstance(event, BattleResolved):
            line = Text("  ")
            line.append_text(
                colour_text(event.colour) if event.colour is not last_colour else Text(" ")
            )
            line.append("  ")
            last_colour = event.colour
            line.append_text(_battle_sentence(event, names))
            lines.append(line)
        elif isinstance(event, CardDrawn) and event.replacement:
            line = Text(f"     {names[event.seat]} draws from pile {event.pile}: ", style="dim")
            line.append_text(card_text(event.card))
            lines.append(line)
        elif isinstance(event, DrawForgotten):
            lines.append(Text(f"     {names[event.seat]} forgets to draw", style="dim"))
        elif isinstance(event, DrawSkipped):
            lines.append(Text(f"     {names[event.seat]} cannot draw: piles empty", style="dim"))
    return lines


def _battle_sentence(event: BattleResolved, names: Sequence[str]) -> Text:
    text = Text()
    if event.kind is BattleKind.ZEROS:
        text.append_text(cards_text(card for _, card in event.cards))
        text.append(" cancel out: both discarded, nobody draws")
        return text
    assert event.winner is not None
    text.append(names[event.winner], style="bold")
    text.append(" wins ")
    text.append_text(cards_text(event.won))
    if event.kind is BattleKind.ALONE:
        text.append(" alone")
    elif event.kind is BattleKind.LAST_CARD:
        text.append(" (last card)")
    else:
        text.append(" over ")
        beaten = [(seat, card) for seat, card in event.cards if seat != event.winner]
        for k, (seat, card) in enumerate(beaten):
            if k:
                text.append(", ")
            text.append_text(card_text(card))
            text.append(f" ({names[seat]})")
    return text


def round_panel(events: Sequence[Event], names: Sequence[str]) -> Group:
    """A round: a heading, a table of what each seat played or drew and won, its battles."""
    started = next(e for e in events if isinstance(e, RoundStarted))
    heading = Text(f"Round {started.number}", style="bold underline")
    heading.append(f"  start: {names[started.start]}", style="")
    if started.skipped:
        heading.append(f" (skipped: {_seat_list(started.skipped, names)})", style="dim")
    plays: dict[int, Text] = {}
    won: dict[int, list[Card]] = {seat: [] for seat in range(len(names))}
    for event in events:
        if isinstance(event, Played):
            plays[event.seat] = cards_text(event.cards)
        elif isinstance(event, Passed):
            plays[event.seat] = Text("pass", style="italic")
        elif isinstance(event, CardDrawn) and not event.replacement:
            plays[event.seat].append(f" {event.pile}:")
            plays[event.seat].append_text(card_text(event.card))
        elif isinstance(event, BattleResolved) and event.winner is not None:
            won[event.winner].extend(event.won)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Card play")
    table.add_column("Won")
    order = [(started.start + k) % len(names) for k in range(len(names))]
    for seat in order:
        table.add_row(
            names[seat],
            plays.get(seat, Text("(not yet)", style="dim")),
            cards_text(won[seat], empty="-"),
        )
    parts: list[RenderableType] = [heading, Uncut(table), *battle_lines(events, names)]
    ended = next((e for e in events if isinstance(e, RoundEnded)), None)
    if ended is not None and ended.next_start is None:
        parts.append(Text("  The game is over.", style="bold"))
    return Group(*parts)
