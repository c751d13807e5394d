"""The command line's surface: every verb's options, help and examples, registered on the
Typer app, and nothing else.

Each command imports the module that does its work only when it runs, so that ``gargon
--help``, a shell completion and a usage error load none of the library (the speed issue):
``validate`` is done by :mod:`~gargon_notation.cli.report`, ``show``, ``replay`` and
``score`` by :mod:`~gargon_notation.cli.view`, ``annotate``, ``fmt``, ``convert`` and
``schema`` by :mod:`~gargon_notation.cli.edit`, ``simulate`` by
:mod:`~gargon_notation.cli.simulate`, ``convert --seat``, ``check-hidden`` and ``merge`` by
:mod:`~gargon_notation.cli.seats`, ``record`` by :mod:`~gargon_notation.cli.record`.  The
order here is the order of ``gargon --help``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gargon_notation.cli import MAX_JOBS
from gargon_notation.cli.common import app

__all__ = [
    "annotate_command",
    "check_hidden",
    "convert",
    "fmt",
    "record_command",
    "replay_command",
    "schema",
    "score",
    "show",
    "simulate_command",
    "validate",
]

FILE_HELP = "A .ggn, .json or .jsonl record file, or - for stdin."
InPlace = Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")]
"""The --in-place option of the verbs that rewrite a record."""


@app.command(
    epilog="Example: [bold]gargon validate examples/ --jobs 2[/]",
)
def validate(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Files, directories (searched for *.ggn, *.json, *.jsonl), or - for stdin."
        ),
    ],
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first problem.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable JSON report.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, max=MAX_JOBS, help=f"Worker processes (1-{MAX_JOBS})."),
    ] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import report

    code = report.validate_paths(paths, strict=strict, as_json=as_json, jobs=jobs, quiet=quiet)
    raise typer.Exit(code)


@app.command(
    "record",
    epilog="Example: [bold]gargon record game.ggn --players Adam,Bernd,Collette --seed club[/]",
)
def record_command(
    file: Annotated[Path, typer.Argument(help="The record to write (a new .ggn file).")],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="The players in seat order, comma-separated."),
    ] = None,
    start: Annotated[
        str | None, typer.Option("--start", help="The start player (default: the first).")
    ] = None,
    event: Annotated[str | None, typer.Option("--event", help="The event's name.")] = None,
    site: Annotated[str | None, typer.Option("--site", help="Where the game is played.")] = None,
    date: Annotated[str | None, typer.Option("--date", help="The date, YYYY.MM.DD.")] = None,
    seed: Annotated[
        str | None, typer.Option("--seed", help="Deal from this seed (the deal is then known).")
    ] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--seat", help="Record only what this player sees: own values, others' backs."
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
        "seed": seed,
        "seat": seat,
    }
    record.record_command(file, setup, resume, quiet)


@app.command(epilog="Example: [bold]gargon show examples/rulebook-round.ggn[/]")
def show(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    game: Annotated[int | None, typer.Option("--game", "-g", help="Only game N (from 1).")] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Pretty-print games: headers, each round as a table, battles and the final score.

    An invalid game is shown up to its first problem, followed by its problems.
    """
    from gargon_notation.cli import view

    view.show(file, game, no_color)


@app.command(
    "replay",
    epilog="Examples: [bold]gargon replay examples/full-game.ggn --round 3[/]  "
    "[bold]gargon replay examples/full-game.ggn --step 12[/]",
)
def replay_command(
    file: Annotated[str, typer.Argument(help="A .ggn, .json or .jsonl record file.")],
    game: Annotated[int, typer.Option("--game", "-g", help="Game N of the file.")] = 1,
    round_: Annotated[
        int | None, typer.Option("--round", "-r", help="The table at the end of round R.")
    ] = None,
    step: Annotated[
        int | None, typer.Option("--step", "-s", help="The table after K actions (0: the deal).")
    ] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
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

    Without --round or --step, on a terminal, step through the game interactively.
    """
    from gargon_notation.cli import view

    view.replay_command(file, game, round_, step, no_color, possible, possible_for)


@app.command(epilog="Example: [bold]gargon score examples/club-night.ggn --json[/]")
def score(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Final scores of every game (per player, with bonus and amulet points)."""
    from gargon_notation.cli import view

    view.score(file, as_json, no_color)


@app.command(
    "annotate", epilog="Example: [bold]gargon annotate examples/full-game.ggn --in-place[/]"
)
def annotate_command(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    strip: Annotated[
        bool, typer.Option("--strip", help="Remove exactly what annotate adds.")
    ] = False,
    in_place: InPlace = False,
    possible: Annotated[
        bool,
        typer.Option(
            "--possible",
            help="Also note after each action what each hidden card can still be "
            "(as everyone knows).",
        ),
    ] = False,
) -> None:
    """Add derived facts as {=...} annotations: battles, draws, hand sizes, scores.

    Idempotent; user comments are never touched.  JSON input gives JSON output (and JSON
    Lines, JSON Lines).  A record with problems is annotated as far as it can be replayed;
    its problems go to stderr, the exit code is 1, and --in-place leaves the file untouched.
    """
    from gargon_notation.cli import edit

    edit.annotate_command(file, strip, in_place, possible)


@app.command(epilog="Example: [bold]gargon fmt examples/full-game.ggn --check[/]")
def fmt(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when the file is not canonical.")
    ] = False,
    in_place: InPlace = False,
) -> None:
    """Write records in canonical form (to stdout, or --in-place); JSON input stays JSON."""
    from gargon_notation.cli import edit

    edit.fmt(file, check, in_place)


Seat = Annotated[str | None, typer.Option("--seat", help="A player: what that seat could see.")]
"""The --seat option of the verbs about what one seat saw."""
Public = Annotated[bool, typer.Option("--public", help="Everyone: what the whole table could see.")]
"""The --public option of the verbs about what one seat saw."""


@app.command(
    epilog="Examples: [bold]gargon convert examples/full-game.ggn --to json[/]  "
    "[bold]gargon convert examples/full-game.ggn --seat Bernd[/]"
)
def convert(
    context: typer.Context,
    file: Annotated[str, typer.Argument(help="A .ggn, .json or .jsonl file, or - for stdin.")],
    to: Annotated[
        str | None,
        typer.Option(
            "--to",
            help="Target format: json, jsonl (one game a line) or ggn.  Required, except with "
            "--seat or --public (default: the input's).",
        ),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
    events: Annotated[
        bool,
        typer.Option("--events", help="With --to json or jsonl: add each game's derived events."),
    ] = False,
    seat: Seat = None,
    public: Public = False,
) -> None:
    """Convert records between the text notation, the JSON form and JSON Lines.

    With --seat NAME (or --public), write each game as that seat (or the whole table) knew it
    at each moment: the values it could not see become backs (R?, X?).
    """
    if seat is not None or public:
        if events:
            context.fail("--events does not go with --seat or --public")
        from gargon_notation.cli import seats

        seats.convert_for_seat(file, seat, public, to, output)
        return
    if to is None:
        context.fail("Missing option '--to'.")  # as the option parser says it
    from gargon_notation.cli import edit

    edit.convert(file, to, output, events)


@app.command(
    "check-hidden",
    epilog="Example: [bold]gargon check-hidden bernd.ggn --seat Bernd[/]",
)
def check_hidden(
    file: Annotated[str, typer.Argument(help=FILE_HELP)],
    seat: Seat = None,
    public: Public = False,
) -> None:
    """Prove a file published for a seat (or for everyone) shows no value hidden from it.

    Each value the seat could not have seen where it is written (another hand, a pile, a card
    another player drew, a play still face down, a value named in a comment) is listed with
    its place and why.  Exit 0 when there is none, 1 when there is any.
    """
    from gargon_notation.cli import seats

    seats.check_hidden(file, seat, public)


@app.command(
    "merge",
    epilog="Example: [bold]gargon merge adam.ggn bernd.ggn collette.ggn -o game.ggn[/]",
)
def merge(
    files: Annotated[
        list[str], typer.Argument(help="Records of the same game(s): .ggn, .json or .jsonl.")
    ],
    to: Annotated[
        str, typer.Option("--to", help="Output format: ggn (the default), json or jsonl.")
    ] = "ggn",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Merge several records of the same game into one holding everything any of them knew.

    Game k of each file is merged with game k of the others.  Records of different games, and
    records that contradict one another (B7 in one, B9 in the other; another order of
    actions), are refused with every place at fault, and nothing is written (exit 1).
    """
    from gargon_notation.cli import seats

    seats.merge(files, to, output)


@app.command(epilog="Example: [bold]gargon schema > gargon.schema.json[/]")
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    from gargon_notation.cli import edit

    edit.schema()


@app.command(
    "simulate",
    epilog="Example: [bold]gargon simulate --players 4 --games 100 --seed club -o games.ggn[/]",
)
def simulate_command(
    players: Annotated[int, typer.Option("--players", "-p", min=3, max=5, help="3 to 5.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[str, typer.Option("--seed", "-s", help="Seed of the first game.")] = "gargon",
    bot: Annotated[str, typer.Option("--bot", "-b", help="random or greedy.")] = "random",
    deal: Annotated[
        bool,
        typer.Option("--deal", help="Also write each deal out in full (checked against the seed)."),
    ] = False,
    comments: Annotated[
        bool, typer.Option("--comments", help="Add a few comments and glyphs to each game.")
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Play whole games with bots and write them as valid, canonical records.

    Game k (from 1) is dealt from the seed "SEED.k" (just SEED when --games is 1).
    """
    from gargon_notation.cli import simulate

    simulate.simulate_command(players, games, seed, bot, deal, comments, output)
