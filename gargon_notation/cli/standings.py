"""What ``gargon standings`` does and prints: the crosstable of each event
(:mod:`gargon_notation.archive.standings`) or, with ``--duplicate``, the duplicate results
(:mod:`gargon_notation.archive.duplicate_results`); the JSON objects and HTML pages come from
:mod:`gargon_notation.archive.standings_report`.

On standard output, per event: a heading, the players ranked with a column per round, then
the games of each round (or, for ``--duplicate``, the players ranked and each deal's seats).
Colours only on a terminal; ``--no-color`` and a pipe give the same plain text.

Exit codes, as for ``stats``: 0 done; 1 an invalid or unreadable game was reported (and left
out); 2 a usage or I/O error.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from gargon_notation.archive.duplicate_results import DuplicateCollector, DuplicateEvent
from gargon_notation.archive.query import Query
from gargon_notation.archive.standings import EventStandings, StandingsCollector, points_text
from gargon_notation.archive.standings_report import (
    DUPLICATE_RANKING,
    RANKING,
    duplicate_html,
    duplicate_json,
    event_name,
    rank_text,
    standings_html,
    standings_json,
)
from gargon_notation.cli import common
from gargon_notation.cli.common import plural
from gargon_notation.cli.inputs import write
from gargon_notation.cli.results import read

__all__ = ["duplicate_tables", "round_heading", "standings_command", "standings_tables"]


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


def _heading(text: str) -> Text:
    return Text(text, style="bold")


def _event_tables(event: EventStandings) -> list[Table | Text]:
    name = event_name(event.event)
    direct = any(line.direct is not None for line in event.standings)
    heading = _heading(
        f"{name}: {plural(len(event.rounds), 'round')}, {plural(len(event.tables), 'game')}, "
        f"{plural(len(event.standings), 'player')}"
    )
    table = _grid()
    _number_column(table, "rank")
    table.add_column("player", overflow="fold", min_width=6)
    for round in event.rounds:
        _number_column(table, round_heading(round))
    for column in ("points", "games", "wins", "shared", "score", *(["direct"] if direct else [])):
        _number_column(table, column)
    for line in event.standings:
        cells: list[Text] = []
        for cell in line.rounds:
            if cell is None:
                cells.append(Text("-", style="dim"))
            else:
                cells.append(Text(cell.text, style="bold green" if 1 in cell.places else ""))
        figures = [line.games, line.wins, line.shared_wins, line.score]
        extra = [] if not direct else ["" if line.direct is None else points_text(line.direct)]
        table.add_row(
            rank_text(line.rank, line.shared),
            Text(line.player, style="bold" if line.rank == 1 else ""),
            *cells,
            Text(points_text(line.halves), style="bold"),
            *map(str, figures),
            *extra,
        )
    games = _grid("Games by round")
    games.add_column("round", no_wrap=True)
    games.add_column("results (place, player, total)", overflow="fold")
    games.add_column("game", no_wrap=True)
    for table_result in event.tables:
        order = sorted(range(len(table_result.names)), key=lambda s: table_result.places[s])
        said = ", ".join(
            f"{table_result.places[s]}. {table_result.names[s]} {table_result.totals[s]}"
            for s in order
        )
        games.add_row(table_result.round, Text(said), Text(table_result.where, style="dim"))
    return [heading, table, games]


def standings_tables(events: list[EventStandings]) -> list[Table | Text]:
    """What ``gargon standings`` prints, as rich renderables, in order."""
    printed: list[Table | Text] = []
    for event in events:
        printed += _event_tables(event)
    printed.append(Text(RANKING + " Each round shows points (score).", style="dim"))
    return printed


def _duplicate_tables(event: DuplicateEvent) -> list[Table | Text]:
    heading = _heading(
        f"{event_name(event.event)}: duplicate results of {plural(len(event.deals), 'deal')}"
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
            Text(line.player, style="bold" if line.rank == 1 else ""),
            str(line.results),
            points_text(line.halves),
            str(line.compared),
            f"{line.percent:.2f}",
            f"{float(line.over):+.2f}",
        )
    printed: list[Table | Text] = [heading, table]
    for deal in event.deals:
        seats = _grid(f"Deal {deal.label}")
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
                    result.player,
                    str(result.total),
                    f"{float(result.over):+.2f}",
                    f"{points_text(result.halves)}/{result.compared}",
                    Text(result.where, style="dim"),
                )
        printed.append(seats)
    return printed


def duplicate_tables(events: list[DuplicateEvent]) -> list[Table | Text]:
    """What ``gargon standings --duplicate`` prints, as rich renderables, in order: the
    events with a deal played at two tables or more."""
    printed: list[Table | Text] = []
    for event in events:
        if event.deals:
            printed += _duplicate_tables(event)
    single = sum(event.single for event in events)
    if not printed:
        printed.append(Text("No deal was played at two tables or more.", style="bold"))
    if single:
        were = "was" if single == 1 else "were"
        printed.append(
            Text(f"{plural(single, 'deal')} played at one table only {were} not compared.")
        )
    printed.append(Text(DUPLICATE_RANKING, style="dim"))
    return printed


def standings_command(
    paths: list[str],
    event: str | None,
    duplicate: bool,
    as_json: bool,
    html: Path | None,
    no_color: bool,
) -> None:
    """``gargon standings``: the standings (or duplicate results) of the games of ``paths``."""
    console = common.console(no_color)
    query = Query.parse([("--event", event)]) if event is not None else None
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
        document = standings_json(events, reading.games, reading.counted)
        page = standings_html(events, reading.games, reading.counted) if html else ""
        printed = standings_tables(events)
    if html is not None:
        write(html, page)
    if as_json:
        console.print(json.dumps(document, indent=2, ensure_ascii=False), markup=False)
    elif html is None:
        _print(console, printed, reading.counted, event)
    reading.finish()


def _print(console: Console, printed: list[Table | Text], counted: int, event: str | None) -> None:
    if not counted:
        chosen = f" of an event matching {event!r}" if event is not None else ""
        console.print(Text(f"No valid, finished game{chosen}."))
        return
    for number, renderable in enumerate(printed):
        if number:
            console.print()
        console.print(renderable)
