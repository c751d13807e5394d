"""The recorder and the viewers: ``record`` (done by :mod:`~gargon_notation.cli.record`),
``show``, ``replay`` and ``score`` (by :mod:`~gargon_notation.cli.view`), ``svg`` (by
:mod:`~gargon_notation.cli.pictures`) and ``html`` (by :mod:`~gargon_notation.cli.web`).

No ``from __future__ import annotations``: the annotations are evaluated once, as the module
is imported (see :mod:`gargon_notation.cli.commands`).
"""

from typing import Annotated

import typer

from gargon_notation.cli.commands import Jobs, NoColor, Paths, _named
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.program import app

__all__ = [
    "html_command",
    "record_command",
    "replay_command",
    "score",
    "show",
    "svg_command",
]


RoundOption = Annotated[
    int | None, typer.Option("--round", "-r", help="The table at the end of round N.")
]
"""The moment of ``replay`` and ``svg``: the end of a round."""
StepOption = Annotated[
    int | None, typer.Option("--step", "-s", help="The table after N actions (0: the deal).")
]
"""The moment of ``replay`` and ``svg``: after a number of actions."""


@app.command(
    "record",
    epilog=examples("gargon record game.ggn --players Adam,Bernd,Collette --seed club"),
)
def record_command(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="The record to write (a new .ggn file).")
    ],
    players: Annotated[
        str | None,
        typer.Option(
            "--players", "-p", metavar="NAMES", help="The players in seat order, comma-separated."
        ),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option("--start", metavar="NAME", help="The start player (default: the first)."),
    ] = None,
    event: Annotated[str | None, typer.Option("--event", help="The event's name.")] = None,
    site: Annotated[str | None, typer.Option("--site", help="Where the game is played.")] = None,
    date: Annotated[
        str | None, typer.Option("--date", metavar="DATE", help="The date, YYYY.MM.DD.")
    ] = None,
    round: Annotated[
        str | None,
        typer.Option(
            "--round", metavar="LABEL", help="The event's round (standings' columns: 3, Final)."
        ),
    ] = None,
    table: Annotated[
        str | None, typer.Option("--table", metavar="LABEL", help="The table of the round.")
    ] = None,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Deal from this seed (the deal is then known).")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            help="Record only what this player sees: own values, others' backs.",
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the game in progress in FILE.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Without a terminal: print only problems.")
    ] = False,
) -> None:
    """Record a game as it is played: one decision at a time, each checked by the rules.

    On a terminal an application asks for each decision and shows the table; otherwise the
    entries are read line by line from standard input.  FILE is rewritten after every
    accepted decision, so a crash loses nothing; continue it with --resume.  Exit 0 when
    every entry was accepted, 1 at the first refused entry (FILE keeps those before it), 2
    on usage or I/O errors.
    """
    from gargon_notation.cli import record

    setup = {
        "players": players,
        "start": start,
        "event": event,
        "site": site,
        "date": date,
        "round": round,
        "table": table,
        "seed": seed,
        "seat": seat,
    }
    record.record_command(file, setup, resume, quiet)


@app.command(
    epilog=examples(
        "gargon show examples/rulebook-round.ggn",
        "gargon show examples/club-night.ggn --game 2 --source",
    )
)
def show(
    paths: Paths,
    game: Annotated[
        int | None, typer.Option("--game", "-g", help="Only game N (from 1) of a single input.")
    ] = None,
    source: Annotated[
        bool,
        typer.Option(
            "--source",
            help="Print the record itself in canonical text (as gargon fmt writes it), "
            "highlighted: cards in their colours, names, keywords, comments.",
        ),
    ] = False,
    no_color: NoColor = False,
) -> None:
    """Pretty-print games: headers, each round as a table, battles and the score.

    The score is final, or so far for an unfinished game.  An invalid game is shown up to
    its first problem, followed by its problems.  The games of several inputs are shown in
    turn, each headed by its file.
    """
    from gargon_notation.cli import view

    view.show(paths, game, no_color, source)


@app.command(
    "replay",
    epilog=examples(
        "gargon replay examples/full-game.ggn --round 3",
        "gargon replay examples/full-game.ggn --step 12",
    ),
)
def replay_command(
    paths: Paths,
    game: Annotated[
        int | None,
        typer.Option(
            "--game",
            "-g",
            help="Game N (from 1) of a single input (default 1).",
            show_default=False,
        ),
    ] = None,
    round_: RoundOption = None,
    step: StepOption = None,
    no_color: NoColor = False,
    possible: Annotated[
        bool,
        typer.Option(
            "--possible", help="Also show what each hidden card can still be, as everyone knows."
        ),
    ] = False,
    possible_for: Annotated[
        str | None,
        typer.Option(
            "--possible-for",
            metavar="PLAYER",
            help="Like --possible, as PLAYER knows it (his own hand too).",
        ),
    ] = None,
) -> None:
    """Show the table at a point of a game: hands, piles, cards in front, won cards, score.

    On a terminal, step through the game interactively, from --round or --step when
    given (g and G go to the file's next and previous game).  With several inputs, the
    table at that point (default: the end) of every game of each.
    """
    from gargon_notation.cli import view

    view.replay_command(paths, game, round_, step, no_color, possible, possible_for)


@app.command(
    "svg",
    epilog=examples(
        "gargon svg examples/full-game.ggn --round 3 -o round-3.svg",
        "gargon svg examples/full-game.ggn --step 12 --seat Bernd",
    ),
)
def svg_command(
    paths: Paths,
    game: Annotated[
        int | None,
        typer.Option("--game", "-g", help="Only game N of the one input (default: every game)."),
    ] = None,
    round_: RoundOption = None,
    step: StepOption = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            help="The table as this player saw it: his own hand, the others' backs.",
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="PATH",
            help="Write here instead of stdout; several games: a directory (made if need be).",
            callback=_named,
        ),
    ] = None,
) -> None:
    """Draw the table at a point of a game as a picture (SVG): hands, piles, won cards, score.

    Without --round or --step, the table at the end of the record.  --seat draws only what
    that player could see.  The same moment always gives the same picture.  Several games
    need -o DIR: each picture is written there as STEM-NNNN.svg (the input's name, the
    game's number in it).
    """
    from gargon_notation.cli import pictures

    pictures.svg_command(paths, game, round_, step, seat, output)


@app.command(
    "html",
    epilog=examples(
        "gargon html examples/full-game.ggn -o full-game.html",
        "gargon html examples/club-night.ggn --game 2 --seat Bernd -o bernd.html",
    ),
)
def html_command(
    paths: Paths,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the page here (default: stdout, when not a terminal).",
            callback=_named,
        ),
    ] = None,
    game: Annotated[
        int | None,
        typer.Option("--game", "-g", help="Only game N of the one input (default: every game)."),
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat",
            metavar="NAME",
            help="Only what this player saw: no other view is in the page.",
        ),
    ] = None,
) -> None:
    """Write a self-contained HTML page that replays the games step by step in a browser.

    The table from above, each step with its battles, comments and problems, the score; view
    it as everyone or as one seat.  Several games get an index; the games of several inputs
    share the page, each named by its file and number.  No network access is needed.
    """
    from gargon_notation.cli import web

    web.html_command(paths, output, game, seat)


@app.command(epilog=examples("gargon score examples/club-night.ggn --json"))
def score(
    paths: Paths,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    no_color: NoColor = False,
    jobs: Jobs = 1,
) -> None:
    """The score of every game: per player, the bonus and amulet points and the total.

    Final for a finished game, so far for an unfinished one, and for an invalid record the
    score when its first problem was found (exit 1).  The games of every input in turn, in
    one report; with several inputs each JSON entry names its "source".  An input that
    cannot be read is reported and the others scored.
    """
    from gargon_notation.cli import view

    view.score(paths, as_json, no_color, jobs)
