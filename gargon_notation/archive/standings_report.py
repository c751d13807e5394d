"""Standings (:mod:`~gargon_notation.archive.standings`) and duplicate results
(:mod:`~gargon_notation.archive.duplicate_results`) as the JSON objects of ``gargon standings
--json`` (their fields in docs/cli.md) and as self-contained HTML pages (:func:`page`: inline
CSS, nothing fetched from the network), which ``gargon ratings --html`` uses too.

Points and matchpoints are numbers with at most one half (exact in JSON); overs and
percentages are rounded to 3 and 2 decimals.

>>> from gargon_notation.archive.standings import StandingsCollector
>>> standings_json(StandingsCollector().standings(), 0, 0)["tie_breaks"]
['points', 'direct-encounter', 'wins', 'score']
>>> page("Cup", "<p>none</p>").startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from gargon_notation.archive.duplicate_results import DuplicateEvent
from gargon_notation.archive.standings import (
    TIE_BREAKS,
    EventStandings,
    Standing,
    points_text,
)
from gargon_notation.errors import html_text

__all__ = [
    "DUPLICATE_FORMAT",
    "FORMAT",
    "RANKING",
    "VERSION",
    "chart_size",
    "counted",
    "duplicate_html",
    "duplicate_json",
    "event_name",
    "page",
    "rank_text",
    "rem",
    "standings_html",
    "standings_json",
    "unknown_note",
]

FORMAT = "gargon-standings"
DUPLICATE_FORMAT = "gargon-duplicate"
VERSION = 1
RANKING = (
    "Ranked by points (1 for each opponent at the table with a lower total, ½ for each with "
    "an equal one), then, among players tied on points, direct encounter (their points "
    "against each other, when every two of them have met), wins, and score (the sum of the "
    "totals); = marks a shared rank."
)
"""How the standings rank players, as a note under them."""
DUPLICATE_RANKING = (
    "Each result is compared with the others of the same seat of the same deal: over is the "
    "total minus their mean, matchpoints 1 for each beaten, ½ for each equalled.  Ranked by "
    "matchpoint percentage, then by the sum of overs; = marks a shared rank."
)
"""How duplicate results rank players, as a note under them."""


def counted(number: int, noun: str) -> str:
    """``1 game``, ``2 games``: a count as a page says it.

    >>> counted(1, "deal"), counted(3, "round")
    ('1 deal', '3 rounds')
    """
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def event_name(event: str | None) -> str:
    """An event as shown: its name, or ``(no event)``."""
    return "(no event)" if event is None else event


def rank_text(rank: int, shared: bool) -> str:
    """A rank as shown: ``3``, or ``3=`` when shared."""
    return f"{rank}=" if shared else str(rank)


def _cell_json(round: str, standing: Standing, index: int) -> dict[str, object] | None:
    cell = standing.rounds[index]
    if cell is None:
        return None
    return {
        "round": round,
        "games": cell.games,
        "points": cell.points,
        "score": cell.score,
        "places": list(cell.places),
    }


def _event_json(event: EventStandings) -> dict[str, object]:
    return {
        "event": event.event,
        "rounds": list(event.rounds),
        "standings": [
            {
                "rank": line.rank,
                "shared": line.shared,
                "player": line.player,
                "points": line.points,
                "games": line.games,
                "wins": line.wins,
                "shared_wins": line.shared_wins,
                "score": line.score,
                "direct_encounter": None if line.direct is None else line.direct / 2,
                "rounds": [
                    _cell_json(round, line, index) for index, round in enumerate(event.rounds)
                ],
            }
            for line in event.standings
        ],
        "tables": [
            {
                "round": table.round,
                "table": table.label,
                "where": table.where,
                "players": [
                    {"player": name, "score": total, "place": place, "points": halves / 2}
                    for name, total, place, halves in zip(
                        table.names, table.totals, table.places, table.halves, strict=True
                    )
                ],
            }
            for table in event.tables
        ],
    }


def standings_json(events: list[EventStandings], games: int, counted: int) -> dict[str, object]:
    """The JSON object of ``gargon standings --json``: ``games`` read, ``counted``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "games": games,
        "counted": counted,
        "tie_breaks": list(TIE_BREAKS),
        "events": [_event_json(event) for event in events],
    }


def unknown_note(places: Sequence[str]) -> str:
    """The note on the games of ``places``, not compared because a hand of their deal is not
    known.

    >>> print(unknown_note(["t2-eva.ggn:1", "t2-finn.ggn:1"]).replace(": ", ":\\n"))
    2 games whose deal is not wholly known were not compared (t2-eva.ggn:1, t2-finn.ggn:1):
    merge the records of every seat of a table (gargon merge) to compare it.
    """
    were = "was" if len(places) == 1 else "were"
    games = "1 game" if len(places) == 1 else f"{len(places)} games"
    return (
        f"{games} whose deal is not wholly known {were} not compared ({', '.join(places)}): "
        "merge the records of every seat of a table (gargon merge) to compare it."
    )


def duplicate_json(events: list[DuplicateEvent], games: int, counted: int) -> dict[str, object]:
    """The JSON object of ``gargon standings --duplicate --json``."""
    return {
        "format": DUPLICATE_FORMAT,
        "version": VERSION,
        "games": games,
        "counted": counted,
        "events": [
            {
                "event": event.event,
                "single_table_deals": event.single,
                "not_compared": list(event.unknown),
                "standings": [
                    {
                        "rank": line.rank,
                        "shared": line.shared,
                        "player": line.player,
                        "results": line.results,
                        "matchpoints": line.matchpoints,
                        "compared": line.compared,
                        "percent": round(line.percent, 2),
                        "over": round(float(line.over), 3),
                    }
                    for line in event.lines
                ],
                "deals": [
                    {
                        "deal": deal.label,
                        "tables": list(deal.tables),
                        "seats": [
                            [
                                {
                                    "player": result.player,
                                    "score": result.total,
                                    "where": result.where,
                                    "over": round(float(result.over), 3),
                                    "matchpoints": result.halves / 2,
                                    "compared": result.compared,
                                }
                                for result in seat
                            ]
                            for seat in deal.seats
                        ],
                    }
                    for deal in event.deals
                ],
            }
            for event in events
        ],
    }


_CSS = """
body { font: 0.9375rem/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em;
       color: #1d232a; background: #fbfaf7; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.25em; margin-top: 2em; } h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .25em .6em; border-bottom: 1px solid #d9d6cf; }
th { text-align: left; background: #efece5; }
th[scope="row"] { background: none; font-weight: normal; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.win { font-weight: bold; color: #2a6b4a; }
td.absent { color: #666666; text-align: center; }
p.note { color: #5b6169; font-size: .9em; max-width: 60em; }
svg text { font: 11px system-ui, sans-serif; fill: #1d232a; }
.scroll { overflow-x: auto; }
.key { white-space: nowrap; } .key svg { vertical-align: middle; }
"""


def page(title: str, body: str) -> str:
    """One self-contained HTML page: ``title`` as its title and heading, then ``body``."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html_text(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<main>\n<h1>{html_text(title)}</h1>\n{body}</main>\n</body>\n</html>\n"
    )


def rem(pixels: float) -> str:
    """``pixels`` at the browser's usual text size (16 px) in ``rem``: a chart sized so grows
    with the reader's text size, its text (in the chart's own units) with it.

    >>> rem(720), rem(26), rem(12)
    ('45rem', '1.625rem', '0.75rem')
    """
    return f"{pixels / 16:g}rem"


def chart_size(width: float, height: float) -> str:
    """The attributes of an inline SVG chart drawn ``width`` by ``height`` units: those
    units, and a size in ``rem`` (:func:`rem`), so that the whole chart, its text and the room
    for it, grows with the reader's text size (the text, 11 px, did not: 200% text left it
    half the size of the page's).

    >>> chart_size(26, 12)
    'width="26" height="12" viewBox="0 0 26 12" style="width:1.625rem;height:0.75rem"'
    """
    return (
        f'width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}" '
        f'style="width:{rem(width)};height:{rem(height)}"'
    )


def scrolled(wide: str) -> str:
    """``wide`` (a table, a chart) in a box of its own that scrolls sideways when the screen
    is narrower, so that the page itself never does (a phone's 375 px)."""
    return f'<div class="scroll">{wide}</div>\n'


def _row(cells: list[tuple[str, str]], tag: str = "td", names: tuple[int, ...] = ()) -> str:
    """A table row: each cell its class (none when empty) and text.  A heading row (``tag``
    ``th``) heads columns; in another, the cells at ``names`` name the row (``<th
    scope="row">``: a screen reader says the player with each figure of the row).

    >>> print(_row([("n", "1"), ("", "Ann"), ("n", "3")], names=(1,)), end="")
    <tr><td class="n">1</td><th scope="row">Ann</th><td class="n">3</td></tr>
    """
    parts = []
    for index, (kind, text) in enumerate(cells):
        attribute = f' class="{kind}"' if kind else ""
        if tag == "th":
            parts.append(f'<th scope="col"{attribute}>{html_text(text)}</th>')
        elif index in names:
            parts.append(f'<th scope="row"{attribute}>{html_text(text)}</th>')
        else:
            parts.append(f"<{tag}{attribute}>{html_text(text)}</{tag}>")
    return "<tr>" + "".join(parts) + "</tr>\n"


def _event_html(event: EventStandings) -> str:
    direct = any(line.direct is not None for line in event.standings)
    heading = [("n", "rank"), ("", "player")]
    heading += [("n", f"round {round}") for round in event.rounds]
    heading += [("n", name) for name in ("points", "games", "wins", "shared", "score")]
    heading += [("n", "direct")] if direct else []
    rows = [_row(heading, "th")]
    for line in event.standings:
        cells = [("n", rank_text(line.rank, line.shared)), ("", line.player)]
        for cell in line.rounds:
            if cell is None:
                cells.append(("absent", "-"))
                continue
            cells.append(("n win" if 1 in cell.places else "n", cell.text))
        cells += [
            ("n", points_text(line.halves)),
            ("n", str(line.games)),
            ("n", str(line.wins)),
            ("n", str(line.shared_wins)),
            ("n", str(line.score)),
        ]
        if direct:
            cells.append(("n", "" if line.direct is None else points_text(line.direct)))
        rows.append(_row(cells, names=(1,)))
    labelled = any(table.label is not None for table in event.tables)
    headings = ["round", "table", "game"] if labelled else ["round", "game"]
    headings.append("results (place, player, total)")
    results = [_row([("", heading) for heading in headings], "th")]
    for table in event.tables:
        order = sorted(range(len(table.names)), key=lambda seat: table.places[seat])
        said = ", ".join(
            f"{table.places[seat]}. {table.names[seat]} {table.totals[seat]}" for seat in order
        )
        cells = [("", table.round), ("", table.label or "")] if labelled else [("", table.round)]
        results.append(
            _row([*cells, ("", table.where), ("", said)], names=tuple(range(len(cells) + 1)))
        )
    name = event_name(event.event)
    return (
        f"<h2>{html_text(name)}</h2>\n"
        f"<p>{counted(len(event.rounds), 'round')}, {counted(len(event.tables), 'game')}, "
        f"{counted(len(event.standings), 'player')}.</p>\n"
        + scrolled(f"<table>\n{''.join(rows)}</table>")
        + "<h3>Games by round</h3>\n"
        + scrolled(f"<table>\n{''.join(results)}</table>")
    )


def standings_html(events: list[EventStandings], games: int, done: int) -> str:
    """The standings as one HTML page, an event after the other."""
    body = f"<p>{counted(games, 'game')} read, {done} counted (valid and finished).</p>\n"
    body += "".join(_event_html(event) for event in events)
    body += f'<p class="note">{html_text(RANKING)} Each round shows points (score).</p>\n'
    return page("Gargon standings", body)


def duplicate_html(events: list[DuplicateEvent], games: int, done: int) -> str:
    """The duplicate results as one HTML page."""
    body = f"<p>{counted(games, 'game')} read, {done} counted (valid and finished).</p>\n"
    for event in events:
        columns = [("n", "rank"), ("", "player"), ("n", "results"), ("n", "matchpoints")]
        columns += [("n", "of"), ("n", "%"), ("n", "over")]
        rows = [_row(columns, "th")]
        for line in event.lines:
            rows.append(
                _row(
                    [
                        ("n", rank_text(line.rank, line.shared)),
                        ("", line.player),
                        ("n", str(line.results)),
                        ("n", points_text(line.halves)),
                        ("n", str(line.compared)),
                        ("n", f"{line.percent:.2f}"),
                        ("n", f"{float(line.over):+.2f}"),
                    ],
                    names=(1,),
                )
            )
        body += f"<h2>{html_text(event_name(event.event))}</h2>\n"
        body += f"<p>{counted(len(event.deals), 'deal')} compared"
        body += f", {event.single} played at one table only" if event.single else ""
        body += f". {html_text(unknown_note(event.unknown))}" if event.unknown else "."
        body += "</p>\n" + scrolled(f"<table>\n{''.join(rows)}</table>")
        for deal in event.deals:
            heading = [("n", "seat"), ("", "player"), ("n", "score"), ("n", "over")]
            seats = [_row([*heading, ("n", "matchpoints"), ("", "game")], "th")]
            for number, seat in enumerate(deal.seats, start=1):
                for result in seat:
                    seats.append(
                        _row(
                            [
                                ("n", str(number)),
                                ("", result.player),
                                ("n", str(result.total)),
                                ("n", f"{float(result.over):+.2f}"),
                                ("n", f"{points_text(result.halves)}/{result.compared}"),
                                ("", result.where),
                            ],
                            names=(1,),
                        )
                    )
            body += f"<h3>Deal {html_text(deal.label)}</h3>\n"
            body += scrolled(f"<table>\n{''.join(seats)}</table>")
    body += f'<p class="note">{html_text(DUPLICATE_RANKING)}</p>\n'
    return page("Gargon duplicate results", body)
