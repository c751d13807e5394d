"""What ``gargon standings`` does and prints: the crosstable of each event
(:mod:`gargon_notation.archive.standings`) or, with ``--duplicate``, the duplicate results
(:mod:`gargon_notation.archive.duplicate_results`); the JSON objects and HTML pages come from
:mod:`gargon_notation.archive.standings_report`.

On standard output, per event: a heading, the players ranked with a column per round, then
the games of each round (or, for ``--duplicate``, the players ranked and each deal's seats).
Colours only on a terminal; ``--no-color`` and a pipe give the same plain text.

Exit codes, as for ``stats``: 0 done; 1 an invalid or unreadable game was reported (and left
out), or no event read holds the ``--event`` asked for (the events read are named, ten at
most, nothing is printed or written); 2 a usage or I/O error.
"""

from __future__ import annotations

import json

import attrs
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from gargon_notation.archive.duplicate_results import DuplicateCollector, DuplicateEvent
from gargon_notation.archive.query import Query
from gargon_notation.archive.standings import EventStandings, StandingsCollector, points_text
from gargon_notation.archive.standings import Table as StandingsTable
from gargon_notation.archive.standings_report import (
    DUPLICATE_RANKING,
    RANKING,
    duplicate_html,
    duplicate_json,
    event_name,
    rank_text,
    standings_html,
    standings_json,
    unknown_note,
)
from gargon_notation.cli import common
from gargon_notation.cli.common import plural
from gargon_notation.cli.inputs import Target, page_target, write_page
from gargon_notation.cli.results import near_warnings, no_such_event, read
from gargon_notation.errors import printable
from gargon_notation.render.trimmed import Trimmed
from gargon_notation.render.uncut import Uncut
from gargon_notation.slips import near_pairs

__all__ = [
    "Crosstable",
    "Entries",
    "GamesByRound",
    "duplicate_tables",
    "round_heading",
    "standings_command",
    "standings_tables",
    "untagged_warning",
]


def _grid(title: str | None = None) -> Table:
    return Table(title=title, title_justify="left", box=None, pad_edge=False)


def _number_column(table: Table, heading: str) -> None:
    table.add_column(heading, justify="right", no_wrap=True, min_width=len(heading))


def round_heading(round: str) -> str:
    """A round's column heading: ``R`` and a short label (a Round tag), a long one (a Date)
    alone.

    >>> round_heading("3"), round_heading("2026.03.14")
    ('R3', '2026.03.14')
    """
    return f"R{round}" if len(round) <= 4 else round


@attrs.frozen
class Entries:
    """Entries separated by commas, wrapped between entries and never inside one (only an
    entry wider than the whole column is folded).

    >>> from rich.console import Console
    >>> console = Console(width=24)
    >>> console.print(Entries(("1. Ben 74", "2. Cleo 55", "3. Ann 49")))
    1. Ben 74, 2. Cleo 55,
    3. Ann 49
    """

    entries: tuple[str, ...]

    @property
    def words(self) -> list[str]:
        """The entries, each but the last with its comma: what a line may end with."""
        return [entry + "," for entry in self.entries[:-1]] + list(self.entries[-1:])

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = self.words
        widest = max(map(cell_len, words), default=0)
        return Measurement(widest, cell_len(" ".join(words))).with_maximum(options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(self.lines(options.max_width)), overflow="fold")

    def lines(self, width: int) -> list[str]:
        """The entries in lines of at most ``width`` cells (but an entry wider than that)."""
        lines: list[str] = []
        for word in self.words:
            if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines


@attrs.frozen
class GamesByRound:
    """An event's games, a line each: round, results (place, player and total, in place
    order) and the game's ``FILE:LINE``, the results wrapped between entries.  When the
    console is too narrow for that to take as few lines, each game's ``FILE:LINE`` goes on
    a line of its own under its results instead."""

    games: tuple[tuple[str, Entries, str], ...]
    """Round (and table, where the games say theirs), results, and where the game is."""
    heading: str = "round"
    """The first column's heading: ``round, table`` where a game says its table."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        first = self.heading
        rounds = max(cell_len(round) for round, _, _ in ((first, None, ""), *self.games))
        wheres = max(cell_len(where) for _, _, where in (("", None, "game"), *self.games))
        widest = max(cell_len(word) for _, said, _ in self.games for word in said.words)
        beside = options.max_width - rounds - wheres - 4  # 4: the spaces between columns
        under = max(1, options.max_width - rounds - 2)
        folded = sum(
            len(said.lines(under)) + -(-cell_len(where) // under) for _, said, where in self.games
        )
        table = _grid("Games by round")
        table.add_column(first, no_wrap=True)
        if beside >= widest and sum(len(s.lines(beside)) for _, s, _ in self.games) <= folded:
            table.add_column("results (place, player, total)")
            table.add_column("game", no_wrap=True)
            for round, said, where in self.games:
                table.add_row(round, said, Text(where, style="dim"))
        else:
            table.add_column("results (place, player, total); game")
            for round, said, where in self.games:
                table.add_row(round, Group(said, Text(where, style="dim", overflow="fold")))
        yield Uncut(table)


_TOTALS = ("points", "games", "wins", "shared", "score", "direct")
"""The crosstable's columns after the rounds (``direct`` only where it decided a tie)."""

Column = tuple[str, tuple[Text, ...]]
"""A heading and its cells, a row each."""


@attrs.frozen
class Crosstable:
    """The players ranked, a column per round, then their totals: one table on a console wide
    enough for it; on a narrower one, the rounds in groups, each group a table under the
    rank and player columns, the totals with the last group (or on their own), so that no
    line runs past the console (unless a single round's column does).

    >>> from rich.console import Console
    >>> cells = (Text("1 (40)"), Text("2 (52)"))
    >>> table = Crosstable(
    ...     ((Text("1"), Text("Ann")), (Text("2"), Text("Ben"))),
    ...     tuple((f"R{n}", cells) for n in range(1, 6)),
    ...     (("points", (Text("9"), Text("3"))),),
    ... )
    >>> console = Console(width=40)
    >>> with console.capture() as captured:
    ...     console.print(table)
    >>> print(captured.get().rstrip())
    rank  player      R1      R2      R3
       1  Ann     1 (40)  1 (40)  1 (40)
       2  Ben     2 (52)  2 (52)  2 (52)
    <BLANKLINE>
    rank  player      R4      R5  points
       1  Ann     1 (40)  1 (40)       9
       2  Ben     2 (52)  2 (52)       3
    """

    players: tuple[tuple[Text, Text], ...]
    """Each row's rank and player."""
    rounds: tuple[Column, ...]
    totals: tuple[Column, ...]

    def table(self, rounds: range, totals: bool) -> Table:
        """The rank and player columns, the ``rounds`` given, and the totals if ``totals``."""
        table = _grid()
        _number_column(table, "rank")
        table.add_column("player", overflow="fold", min_width=6)
        columns = [self.rounds[k] for k in rounds] + (list(self.totals) if totals else [])
        for heading, _ in columns:
            _number_column(table, heading)
        for row, (rank, player) in enumerate(self.players):
            table.add_row(rank, player, *(cells[row] for _, cells in columns))
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        unbounded = options.update(width=100_000)  # a measure is never more than its width

        def fits(rounds: range, totals: bool) -> bool:
            table = self.table(rounds, totals)
            return Measurement.get(console, unbounded, table).maximum <= options.max_width

        count = len(self.rounds)
        if count == 0 or fits(range(count), True):
            yield Uncut(self.table(range(count), True))
            return
        groups: list[tuple[range, bool]] = []  # as many rounds as fit, in each group
        first = 0
        while first < count:
            last = first + 1
            while last < count and fits(range(first, last + 1), False):
                last += 1
            groups.append((range(first, last), False))
            first = last
        if fits(groups[-1][0], True):
            groups[-1] = (groups[-1][0], True)
        else:
            groups.append((range(0), True))
        # As many groups, of as many rounds each as can be: not a last one nearly empty.
        size = -(-count // len(groups))
        even = [range(first, min(first + size, count)) for first in range(0, count, size)]
        if (
            len(even) <= len(groups)
            and all(fits(rounds, False) for rounds in even[:-1])
            and fits(even[-1], True)
        ):
            groups = [(rounds, rounds is even[-1]) for rounds in even]
        for number, (rounds, totals) in enumerate(groups):
            if number:
                yield Text()
            yield Uncut(self.table(rounds, totals))


def _heading(text: str) -> Text:
    return Text(text, style="bold")


def _event_tables(event: EventStandings) -> list[RenderableType]:
    name = printable(event_name(event.event))
    direct = any(line.direct is not None for line in event.standings)
    heading = _heading(
        f"{name}: {plural(len(event.rounds), 'round')}, {plural(len(event.tables), 'game')}, "
        f"{plural(len(event.standings), 'player')}"
    )
    players: list[tuple[Text, Text]] = []
    rounds: list[list[Text]] = [[] for _ in event.rounds]
    totals: list[list[Text]] = [[] for _ in _TOTALS[: 5 + direct]]
    for line in event.standings:
        players.append(
            (
                Text(rank_text(line.rank, line.shared)),
                Text(printable(line.player), style="bold" if line.rank == 1 else ""),
            )
        )
        for column, cell in zip(rounds, line.rounds, strict=True):
            if cell is None:
                column.append(Text("-", style="dim"))
            else:
                column.append(Text(cell.text, style="bold green" if 1 in cell.places else ""))
        figures = [line.games, line.wins, line.shared_wins, line.score]
        extra = [] if not direct else ["" if line.direct is None else points_text(line.direct)]
        shown = [Text(points_text(line.halves), style="bold"), *map(Text, map(str, figures))]
        for column, text in zip(totals, [*shown, *map(Text, extra)], strict=True):
            column.append(text)
    table = Crosstable(
        tuple(players),
        tuple(
            (round_heading(printable(round)), tuple(column))
            for round, column in zip(event.rounds, rounds, strict=True)
        ),
        tuple((heading, tuple(column)) for heading, column in zip(_TOTALS, totals, strict=False)),
    )
    rows = []
    for table_result in event.tables:
        order = sorted(range(len(table_result.names)), key=lambda s: table_result.places[s])
        said = Entries(
            tuple(
                f"{table_result.places[s]}. {printable(table_result.names[s])} "
                f"{table_result.totals[s]}"
                for s in order
            )
        )
        at = printable(table_result.round)
        if table_result.label is not None:
            at += f", {printable(table_result.label)}"
        rows.append((at, said, printable(table_result.where)))
    labelled = any(table_result.label is not None for table_result in event.tables)
    games = GamesByRound(tuple(rows), "round, table" if labelled else "round")
    return [heading, table, games]


def standings_tables(events: list[EventStandings]) -> list[RenderableType]:
    """What ``gargon standings`` prints, as rich renderables, in order."""
    printed: list[RenderableType] = []
    for event in events:
        printed += _event_tables(event)
    printed.append(Text(RANKING + " Each round shows points (score).", style="dim"))
    return printed


def _duplicate_tables(event: DuplicateEvent) -> list[RenderableType]:
    heading = _heading(
        f"{printable(event_name(event.event))}: duplicate results of "
        f"{plural(len(event.deals), 'deal')}"
    )
    table = _grid()
    for column in ("rank", "player", "results", "matchpoints", "of", "%", "over"):
        if column == "player":
            table.add_column(column, overflow="fold", min_width=6)
        else:
            _number_column(table, column)
    for line in event.lines:
        table.add_row(
            rank_text(line.rank, line.shared),
            Text(printable(line.player), style="bold" if line.rank == 1 else ""),
            str(line.results),
            points_text(line.halves),
            str(line.compared),
            f"{line.percent:.2f}",
            f"{float(line.over):+.2f}",
        )
    printed: list[RenderableType] = [heading, table]
    for deal in event.deals:
        seats = _grid(f"Deal {printable(deal.label)}")
        for column in ("seat", "player", "score", "over", "matchpoints", "game"):
            if column == "game":
                seats.add_column(column, no_wrap=True)
            elif column == "player":
                seats.add_column(column, overflow="fold", min_width=6)
            else:
                _number_column(seats, column)
        for number, seat in enumerate(deal.seats, start=1):
            for result in seat:
                seats.add_row(
                    str(number),
                    printable(result.player),
                    str(result.total),
                    f"{float(result.over):+.2f}",
                    f"{points_text(result.halves)}/{result.compared}",
                    Text(printable(result.where), style="dim"),
                )
        printed.append(seats)
    return printed


def duplicate_tables(events: list[DuplicateEvent]) -> list[RenderableType]:
    """What ``gargon standings --duplicate`` prints, as rich renderables, in order: the
    events with a deal played at two tables or more."""
    printed: list[RenderableType] = []
    for event in events:
        if event.deals:
            printed += _duplicate_tables(event)
    single = sum(event.single for event in events)
    unknown = [where for event in events for where in event.unknown]
    if not printed:
        printed.append(Text("No deal was played at two tables or more.", style="bold"))
    if single:
        were = "was" if single == 1 else "were"
        printed.append(
            Text(f"{plural(single, 'deal')} played at one table only {were} not compared.")
        )
    if unknown:
        printed.append(Text(unknown_note([printable(where) for where in unknown])))
    printed.append(Text(DUPLICATE_RANKING, style="dim"))
    return printed


def untagged_warning(event: str | None, table: StandingsTable) -> str:
    """What is said of a game without a ``Round`` tag in an event whose other games have one:
    where it is, and the round column it is counted in (``warning: r2.ggn:1: a game of "Cup"
    without a Round tag, unlike the event's others: counted in the column 2026.01.17 (its
    Date)``)."""
    heading = printable(round_heading(table.round))
    why = "no Date either" if table.round == "?" else "its Date"
    return (
        f'warning: {printable(table.where)}: a game of "{printable(event_name(event))}" without '
        f"a Round tag, unlike the event's others: counted in the column {heading} ({why})"
    )


def standings_command(
    paths: list[str],
    event: str | None,
    duplicate: bool,
    as_json: bool,
    html: Target,
    no_color: bool,
) -> None:
    """``gargon standings``: the standings (or duplicate results) of the games of ``paths``."""
    console = common.console(no_color)
    query = Query.parse([("--event", event)]) if event is not None else None
    page_target(html, as_json)  # said now, not once every game is read
    if duplicate:
        compared = DuplicateCollector()
        reading = read(paths, query, compared.add, "duplicate results")
        results = compared.results()
        document = duplicate_json(results, reading.games, reading.counted)
        page = duplicate_html(results, reading.games, reading.counted) if html else ""
        printed = duplicate_tables(results)
    else:
        collector = StandingsCollector()
        reading = read(paths, query, collector.add, "standings")
        events = collector.standings()
        named = [e.event for e in events if e.event is not None]
        for line in near_warnings(near_pairs(named), events=True):
            common.print_error(line)
        for event_standings in events:
            for table in event_standings.untagged:
                common.print_error(untagged_warning(event_standings.event, table))
            within = event_name(event_standings.event)
            for line in near_warnings(event_standings.near_names, within=within):
                common.print_error(line)
        document = standings_json(events, reading.games, reading.counted)
        page = standings_html(events, reading.games, reading.counted) if html else ""
        printed = standings_tables(events)
    if event is not None and not reading.games and reading.left_out:
        no_such_event(event, reading)
    if html is not None:
        write_page(html, page)
    if as_json:
        console.print(json.dumps(document, indent=2, ensure_ascii=False), markup=False)
    elif html is None:
        _print(console, printed, reading.counted, event)
    reading.finish()


def _print(
    console: Console, printed: list[RenderableType], counted: int, event: str | None
) -> None:
    if not counted:
        chosen = f" of an event matching {event!r}" if event is not None else ""
        console.print(Text(f"No valid, finished game{chosen}."))
        return
    for number, renderable in enumerate(printed):
        if number:
            console.print()
        console.print(
            Trimmed(Uncut(renderable) if isinstance(renderable, Table) else renderable),
            crop=False,
        )
