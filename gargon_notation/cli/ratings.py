"""What ``gargon ratings`` does and prints: the ratings of :mod:`gargon_notation.archive.ratings`
(openskill's Plackett-Luce model, the games in date order), their JSON object and HTML page
from :mod:`gargon_notation.archive.ratings_report`.

On standard output: a heading (games rated, the dates), the players by ordinal, and a note
on the model.  Colours only on a terminal; ``--no-color`` and a pipe give the same plain text.

Exit codes, as for ``stats``: 0 done; 1 an invalid or unreadable game was reported (and left
out); 2 a usage or I/O error, or openskill (the ``ratings`` extra) is not installed.
"""

from __future__ import annotations

import json

from rich.table import Table
from rich.text import Text

from gargon_notation.archive.query import Query, QueryError
from gargon_notation.archive.ratings import MISSING, Ratings, RatingsCollector, available
from gargon_notation.archive.ratings_report import ratings_html, ratings_json
from gargon_notation.cli import common
from gargon_notation.cli.common import fail, plural
from gargon_notation.cli.inputs import Target, page_target, write_page
from gargon_notation.cli.results import near_warnings, no_such_event, read
from gargon_notation.errors import printable
from gargon_notation.render.trimmed import Trimmed
from gargon_notation.render.uncut import Uncut
from gargon_notation.slips import near_pairs

__all__ = ["ratings_command", "ratings_tables"]


def ratings_tables(
    ratings: Ratings, as_of: str | None, event: str | None = None
) -> list[Table | Text]:
    """What ``gargon ratings`` prints, as rich renderables, in order (``as_of`` and
    ``event``: the ``--as-of`` and ``--event`` given)."""
    first, last = ratings.first, ratings.last
    period = "" if first is None else f" on {first}" if first == last else f", {first} to {last}"
    undated = f"; {ratings.undated} without a date, rated first" if ratings.undated else ""
    chosen = f" (as of {as_of})" if as_of else ""
    events = "" if event is None else f" of the events holding {printable(repr(event))}"
    heading = Text(
        f"{plural(ratings.games, 'game')}{events} rated in date order{period}{undated}{chosen}: "
        f"{plural(len(ratings.players), 'player')}",
        style="bold",
    )
    table = Table(box=None, pad_edge=False)
    for column in ("rank", "player", "ordinal", "mu", "sigma", "games", "wins", "last game"):
        table.add_column(column, justify="left" if column in ("player", "last game") else "right")
    for player in ratings.players:
        table.add_row(
            str(player.rank),
            Text(player.player, style="bold" if player.rank == 1 else ""),
            Text(f"{player.ordinal:.2f}", style="bold"),
            f"{player.mu:.2f}",
            f"{player.sigma:.2f}",
            str(player.games),
            str(player.wins),
            player.last or "",
        )
    parameters = ratings.parameters
    note = Text(
        f"openskill's Plackett-Luce model: a newcomer starts at mu {parameters.mu:g}, sigma "
        f"{parameters.sigma:.3f}; beta {parameters.beta:.3f}, tau {parameters.tau:.4f}.  "
        f"ordinal = mu - {parameters.z:g} sigma; equal totals in a game are a tie.",
        style="dim",
    )
    return [heading, table, note]


def ratings_command(
    paths: list[str],
    event: str | None,
    as_of: str | None,
    as_json: bool,
    html: Target,
    no_color: bool,
) -> None:
    """``gargon ratings``: the ratings of the players of the games of ``paths`` (those of the
    events whose name holds ``event``, played on or before ``as_of``)."""
    console = common.console(no_color)
    if not available():
        fail(MISSING)
    options = [] if event is None else [("--event", event)]
    if as_of is not None:
        options.append(("--date-to", as_of))
    try:
        query = Query.parse(options) if options else None
    except QueryError as error:
        fail(str(error).replace("--date-to", "--as-of"))
    page_target(html, as_json)  # said now, not once every game is read
    collector = RatingsCollector()
    reading = read(paths, query, collector.add, "ratings")
    # Left out by --as-of: every game left out, or with --event, those of the events chosen.
    dated_out = reading.left_out if event is None else reading.left_out_of(event)
    if event is not None and not reading.games and reading.left_out and not dated_out:
        no_such_event(event, reading)
    ratings = collector.ratings(history=html is not None)
    for line in near_warnings(near_pairs(p.player for p in ratings.players), verb="rated"):
        common.print_error(line)
    if html is not None:
        write_page(html, ratings_html(ratings, as_of, event))
    if as_json:
        document = ratings_json(ratings, as_of, event)
        console.print(json.dumps(document, indent=2, ensure_ascii=False), markup=False)
    elif html is None:
        if not ratings.games:
            console.print(Text(_nothing_to_rate(event, as_of)))
        else:
            for number, renderable in enumerate(ratings_tables(ratings, as_of, event)):
                if number:
                    console.print()
                shown = Uncut(renderable) if isinstance(renderable, Table) else renderable
                console.print(Trimmed(shown))
    if as_of is not None and dated_out:
        common.print_error(
            f"gargon: {plural(dated_out, 'game')} after {as_of} or without a full date "
            "left out (--as-of)"
        )
    reading.finish()


def _nothing_to_rate(event: str | None, as_of: str | None) -> str:
    """What is said when no game is rated, naming what was asked for.

    >>> _nothing_to_rate("club", "2026.03.31")
    "No valid, finished game of the events holding 'club' played on or before 2026.03.31 to rate."
    """
    chosen = "" if event is None else f" of the events holding {event!r}"
    dated = "" if as_of is None else f" played on or before {as_of}"
    return f"No valid, finished game{chosen}{dated} to rate."
