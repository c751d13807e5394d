"""The reports over many games: ``stats`` (done by :mod:`~gargon_notation.cli.stats`),
``standings`` (by :mod:`~gargon_notation.cli.standings`) and ``ratings`` (by
:mod:`~gargon_notation.cli.ratings`).

No ``from __future__ import annotations``: the annotations are evaluated once, as the module
is imported (see :mod:`gargon_notation.cli.commands`).
"""

from typing import Annotated

import typer

from gargon_notation.cli.choices import StatsBy
from gargon_notation.cli.commands import Jobs, NoColor, Paths, _named
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.program import app

__all__ = ["ratings_command", "standings_command", "stats_command"]


AsJson = Annotated[
    bool, typer.Option("--json", help="Print one JSON object (fields: docs/cli.md).")
]
"""The --json of the three reports, alike."""


@app.command(
    "stats",
    epilog=examples("gargon stats games/", "gargon stats games/ --by event --html report.html"),
)
def stats_command(
    paths: Paths,
    by: Annotated[
        StatsBy,
        typer.Option("--by", help="A row per player, per event, or per number of players."),
    ] = StatsBy.PLAYER,
    as_json: AsJson = False,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write a self-contained HTML report here (atomically).",
            callback=_named,
        ),
    ] = None,
    no_color: NoColor = False,
    jobs: Jobs = 1,
) -> None:
    """Statistics of the games: wins, scores, bonuses, passes, battles, lengths, endings.

    Each game is replayed once.  An invalid or unreadable game is reported, counted under
    how games end, and left out of the other figures.  Exit 0 when done, 1 when a game was
    invalid or unreadable, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import stats

    stats.stats_command(paths, by, as_json, html, no_color, jobs)


@app.command(
    "standings",
    epilog=examples(
        "gargon standings examples/club-night.ggn",
        "gargon standings cup/ --event 'Spring Cup' --html standings.html",
        "gargon standings cup/ --duplicate",
    ),
)
def standings_command(
    paths: Paths,
    event: Annotated[
        str | None, typer.Option("--event", help="Only the events whose name holds TEXT.")
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Compare the players who held the same seat of the same deal (Seed) instead.",
        ),
    ] = False,
    as_json: AsJson = False,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write a self-contained HTML page here (atomically).",
            callback=_named,
        ),
    ] = None,
    no_color: NoColor = False,
) -> None:
    """A tournament's standings: per event, the players ranked with a column per round.

    A round is a game's Round tag (else its Date).  Points: 1 for each opponent at the table
    with a lower total, 1/2 for each with an equal one; ties broken by direct encounter,
    wins, then score (docs/cli.md).  Each game is replayed once; an invalid or unreadable
    game is reported and left out.  Exit 0 when done, 1 when a game was invalid or
    unreadable or no event holds the --event asked for, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import standings

    standings.standings_command(paths, event, duplicate, as_json, html, no_color)


@app.command(
    "ratings",
    epilog=examples(
        "gargon ratings club/",
        "gargon ratings club/ --as-of 2026.06.30 --html ratings.html",
        "gargon ratings club/ --event League",
    ),
)
def ratings_command(
    paths: Paths,
    event: Annotated[
        str | None, typer.Option("--event", help="Only the events whose name holds TEXT.")
    ] = None,
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of",
            metavar="DATE",
            help="Only games played on or before DATE (YYYY.MM.DD, YYYY.MM, YYYY).",
        ),
    ] = None,
    as_json: AsJson = False,
    html: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE",
            help="Write a self-contained HTML page with each player's history here.",
            callback=_named,
        ),
    ] = None,
    no_color: NoColor = False,
) -> None:
    """Ratings of the players (openskill's Plackett-Luce model), the games in date order.

    Each game ranks its players by their final totals (equal totals tie).  Shows mu, sigma
    and the conservative ordinal mu - 3 sigma.  Needs pip install
    'gargon-notation\\[ratings]'.  Exit 0 when done, 1 when a game was invalid or
    unreadable, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import ratings

    ratings.ratings_command(paths, event, as_of, as_json, html, no_color)
