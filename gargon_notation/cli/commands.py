"""The command line's surface: every verb's options, help and examples, registered on the
Typer app, and nothing else.

Each command imports the module that does its work only when it runs, so that ``gargon
--help``, a shell completion and a usage error load none of the library (the speed issue):
``validate`` is done by :mod:`~gargon_notation.cli.report`, ``show``, ``replay`` and
``score`` by :mod:`~gargon_notation.cli.view`, ``annotate``, ``fmt``, ``convert`` and
``schema`` by :mod:`~gargon_notation.cli.edit`, ``simulate`` by
:mod:`~gargon_notation.cli.simulate`, ``convert --seat``, ``check-hidden`` and ``merge`` by
:mod:`~gargon_notation.cli.seats`, ``record`` by :mod:`~gargon_notation.cli.record`, ``svg``
by :mod:`~gargon_notation.cli.pictures`, ``html`` by :mod:`~gargon_notation.cli.web`,
``filter``, ``cat`` and ``split`` by :mod:`~gargon_notation.cli.archive`, ``stats`` by
:mod:`~gargon_notation.cli.stats`, ``standings`` by :mod:`~gargon_notation.cli.standings`,
``ratings`` by :mod:`~gargon_notation.cli.ratings`.  The order here is
the order of ``gargon --help``.

The annotations are evaluated once, as the module is imported (no ``from __future__ import
annotations``): Typer reads each command's signature twice while it builds the command line,
and would evaluate annotations written as strings each time (some 40 ms of every ``gargon
--help`` and completion).
"""

from pathlib import Path
from typing import Annotated

import typer

from gargon_notation.cli import MAX_JOBS
from gargon_notation.cli.choices import Bot, ConvertTo, Fact, Format, SplitBy, StatsBy
from gargon_notation.cli.common import Exit
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.ordered import OrderedCommand, options_in_order
from gargon_notation.cli.program import app

__all__ = [
    "annotate_command",
    "cat_command",
    "check_hidden",
    "convert",
    "filter_command",
    "fmt",
    "html_command",
    "ratings_command",
    "record_command",
    "replay_command",
    "schema",
    "score",
    "show",
    "simulate_command",
    "split_command",
    "standings_command",
    "stats_command",
    "svg_command",
    "validate",
]

InPlace = Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")]
"""The --in-place option of the verbs that rewrite a record."""
MANY_HELP = "Files, directories (searched for *.ggn, *.json, *.jsonl), globs, or - for stdin."
"""The inputs of the verbs that read records, one or many."""
Paths = Annotated[list[str], typer.Argument(help=MANY_HELP)]


def _named(value: str | None) -> str | None:
    """An output's name as given, refused when empty: ``-o "$DIR"`` with DIR unset wrote
    into the current folder (split), or said ``gargon: : is a folder``."""
    if value == "":
        raise typer.BadParameter("an empty name: give the name of a file or a folder")
    return value


def _path(value: str | None) -> Path | None:
    return None if value is None else Path(value)


Output = Annotated[
    str | None,
    typer.Option(
        "--output", "-o", metavar="FILE", help="Write here instead of stdout.", callback=_named
    ),
]
AtomicOutput = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write here (atomically), not stdout.",
        callback=_named,
    ),
]


"""The PATHS argument of the verbs that read records."""
NoColor = Annotated[bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")]
"""The --no-color option of the verbs that print to a terminal."""


DaskOption = typer.Option(
    "--dask",
    metavar="SCHEDULER",
    help="Do the work on the Dask cluster of this scheduler (tcp://HOST:PORT; docs/scale.md); "
    "needs pip install 'gargon-notation\\[dask]'.",
)
"""The --dask option of the verbs whose work a Dask cluster can do."""
Jobs = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", min=1, max=MAX_JOBS, help="Work in N worker processes (same output)."
    ),
]
"""The --jobs option of the verbs that work on many games, one at a time."""


@app.command(epilog=examples("gargon validate examples/ --jobs 2"))
def validate(
    paths: Paths,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first problem.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable JSON report.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, max=MAX_JOBS, help="Validate in N worker processes."),
    ] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
    dask: Annotated[str | None, DaskOption] = None,
    no_color: NoColor = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import report

    code = report.validate_paths(
        paths, strict=strict, as_json=as_json, jobs=jobs, quiet=quiet, dask=dask, no_color=no_color
    )
    raise Exit(code)


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
    round_: Annotated[
        int | None, typer.Option("--round", "-r", help="The table at the end of round N.")
    ] = None,
    step: Annotated[
        int | None, typer.Option("--step", "-s", help="The table after N actions (0: the deal).")
    ] = None,
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
    round_: Annotated[
        int | None, typer.Option("--round", "-r", help="The table at the end of round N.")
    ] = None,
    step: Annotated[
        int | None, typer.Option("--step", "-s", help="The table after N actions (0: the deal).")
    ] = None,
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


@app.command("annotate", epilog=examples("gargon annotate examples/full-game.ggn --in-place"))
def annotate_command(
    paths: Paths,
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
    jobs: Jobs = 1,
) -> None:
    """Add derived facts as {=...} annotations: battles, draws, hand sizes, scores.

    Idempotent; user comments are never touched.  JSON input gives JSON output (and JSON
    Lines, JSON Lines).  A record with problems is annotated as far as it can be replayed;
    its problems go to stderr, the exit code is 1, and --in-place leaves the file untouched.
    Each input is done in turn, as if alone.
    """
    from gargon_notation.cli import edit

    edit.annotate_command(paths, strip, in_place, possible, jobs)


@app.command(
    epilog=examples(
        "gargon fmt examples/full-game.ggn --check", "gargon fmt --check --diff archive/"
    )
)
def fmt(
    paths: Paths,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when a file is not canonical.")
    ] = False,
    in_place: Annotated[
        bool,
        typer.Option(
            "--in-place", "-i", help="Rewrite each file not canonical (atomically), no other."
        ),
    ] = False,
    diff: Annotated[
        bool,
        typer.Option(
            "--diff", help="With --check: print a unified diff to the canonical form, per file."
        ),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option("--quiet", "-q", help="Several inputs: print no summary, only the failures."),
    ] = False,
    jobs: Jobs = 1,
) -> None:
    """Write records in canonical form (to stdout, or --in-place); JSON input stays JSON.

    Each input is done in turn, as if alone; one that cannot be read is reported and the
    others done.  Exit 0, 1 (a syntax error; --check: a file not canonical), 2 (usage, I/O).
    """
    from gargon_notation.cli import edit

    edit.fmt(paths, check, in_place, diff, quiet, jobs)


Seat = Annotated[
    str | None, typer.Option("--seat", metavar="NAME", help="A player: what that seat could see.")
]
"""The --seat option of the verbs about what one seat saw."""
Public = Annotated[bool, typer.Option("--public", help="Everyone: what the whole table could see.")]
"""The --public option of the verbs about what one seat saw."""


@app.command(
    epilog=examples(
        "gargon convert examples/full-game.ggn --to json",
        "gargon convert examples/full-game.ggn --seat Bernd",
        "gargon convert examples/club-night.ggn --to parquet -o tables",
    )
)
def convert(
    context: typer.Context,
    paths: Paths,
    to: Annotated[
        ConvertTo | None,
        typer.Option(
            "--to",
            help="The form to write (jsonl: one game a line; parquet: the tables of "
            "docs/tables.md in the directory -o DIR).  Required, except with --seat "
            "or --public (default: the input's).",
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write here instead of stdout (parquet: a directory).",
            callback=_named,
        ),
    ] = None,
    events: Annotated[
        bool,
        typer.Option("--events", help="With --to json or jsonl: add each game's derived events."),
    ] = False,
    seat: Seat = None,
    public: Public = False,
    jobs: Jobs = 1,
    observations: Annotated[
        bool,
        typer.Option(
            "--decisions-observations",
            help="With --to parquet: add to each decision what its seat saw, the legal "
            "actions and the final reward, as fixed-size arrays (docs/tables.md).",
            rich_help_panel="Parquet tables",
        ),
    ] = False,
    invalid_steps: Annotated[
        bool,
        typer.Option(
            "--include-invalid-steps",
            help="With --to parquet: keep the rounds, battles and decisions of invalid games "
            "(by default an invalid game has its games row only).",
            rich_help_panel="Parquet tables",
        ),
    ] = False,
    dask: Annotated[str | None, DaskOption] = None,
) -> None:
    """Convert records between the text notation, the JSON form and JSON Lines, or into
    Parquet tables.

    The games of several inputs go into one output, in turn; a game that cannot be read is
    reported and left out (exit 1).  With --seat NAME (or --public), write each game of one
    input as that seat (or the whole table) knew it at each moment: the values it could not
    see become backs (R?, X?).  With --to parquet, write the games, rounds, battles and
    decisions tables of docs/tables.md into the directory -o DIR (needs pip install
    'gargon-notation\\[arrow]').
    """
    if (observations or invalid_steps) and to != ConvertTo.PARQUET:
        context.fail("--decisions-observations and --include-invalid-steps need --to parquet")
    if dask is not None and to != ConvertTo.PARQUET:
        context.fail("--dask needs --to parquet")
    if to == ConvertTo.PARQUET:
        if events or seat is not None or public:
            context.fail("--to parquet does not go with --events, --seat or --public")
        from gargon_notation.cli import tables

        tables.convert_to_parquet(paths, output, observations, invalid_steps, dask=dask, jobs=jobs)
        return
    if seat is not None or public:
        if events:
            context.fail("--events does not go with --seat or --public")
        if len(paths) != 1:
            context.fail("--seat and --public take one input: join the files first (gargon cat)")
        from gargon_notation.cli import seats

        seats.convert_for_seat(paths[0], seat, public, to, output)
        return
    if to is None:
        context.fail("Missing option '--to'.")  # as the option parser says it
    from gargon_notation.cli import edit

    edit.convert(paths, to, output, events, jobs)


@app.command(
    "check-hidden",
    epilog=examples("gargon check-hidden bernd.ggn --seat Bernd"),
)
def check_hidden(
    paths: Paths,
    seat: Seat = None,
    public: Public = False,
    no_color: NoColor = False,
) -> None:
    """Prove files published for a seat (or for everyone) show no value hidden from it.

    Each value the seat could not have seen where it is written (another hand, a pile, a card
    another player drew, a play still face down, a value named in a comment) is listed with
    its place and why; each input gets its verdict, several a summary.  Exit 0 when there is
    none, 1 when there is any or a game cannot be checked, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import seats

    seats.check_hidden(paths, seat, public, no_color)


@app.command(
    "merge",
    epilog=examples("gargon merge adam.ggn bernd.ggn collette.ggn -o game.ggn"),
)
def merge(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Records of the same game(s): files, directories (searched for *.ggn, "
            "*.json, *.jsonl), globs, or - for stdin."
        ),
    ],
    to: Annotated[Format, typer.Option("--to", help="The form to write.")] = Format.GGN,
    output: Output = None,
) -> None:
    """Merge several records of the same game into one holding everything any of them knew.

    Game k of each input is merged with game k of the others.  Records of different games,
    and records that contradict one another (B7 in one, B9 in the other; another order of
    actions), are refused with every place at fault, and nothing is written (exit 1).
    """
    from gargon_notation.cli import seats

    seats.merge(paths, to, output)


To = Annotated[
    Format | None,
    typer.Option(
        "--to",
        help="The form to write; games of another form are converted (default: the inputs' "
        "own, which must then be one).",
    ),
]
"""The --to option of the verbs that copy games."""
Many = list[str] | None
"""A condition of filter, which may be given several times."""


@app.command(
    "filter",
    cls=OrderedCommand,
    epilog=examples(
        "gargon filter games/ --event club --has zero-pair -o found.ggn",
        "gargon filter games.ggn --not --player Adam --count",
    ),
)
def filter_command(
    context: typer.Context,
    paths: Paths,
    player: Annotated[
        Many, typer.Option("--player", metavar="NAME", help="NAME is one of the Players.")
    ] = None,
    event: Annotated[Many, typer.Option("--event", help="The Event holds TEXT (any case).")] = None,
    site: Annotated[Many, typer.Option("--site", help="The Site holds TEXT (any case).")] = None,
    date_from: Annotated[
        Many,
        typer.Option(
            "--date-from",
            metavar="DATE",
            help="Played on or after DATE (YYYY.MM.DD, YYYY.MM, YYYY).",
        ),
    ] = None,
    date_to: Annotated[
        Many, typer.Option("--date-to", metavar="DATE", help="Played on or before DATE.")
    ] = None,
    winner: Annotated[
        Many, typer.Option("--winner", metavar="NAME", help="NAME won (or shared the win).")
    ] = None,
    players: Annotated[
        Many, typer.Option("--players", metavar="N", help="Played by N players.")
    ] = None,
    rounds_min: Annotated[
        Many, typer.Option("--rounds-min", metavar="N", help="At least N rounds.")
    ] = None,
    rounds_max: Annotated[
        Many, typer.Option("--rounds-max", metavar="N", help="At most N rounds.")
    ] = None,
    valid: Annotated[
        bool, typer.Option("--valid", help="Valid: the replay finds no problem.")
    ] = False,
    invalid: Annotated[
        bool, typer.Option("--invalid", help="Invalid or unreadable (kept, not reported).")
    ] = False,
    finished: Annotated[bool, typer.Option("--finished", help="The game reached its end.")] = False,
    has: Annotated[
        list[Fact] | None,
        typer.Option(
            "--has",
            metavar="FACT",
            help="A fact only the replay knows (docs/cli.md says what each means).",
        ),
    ] = None,
    tag: Annotated[
        Many,
        typer.Option(
            "--tag",
            metavar="NAME[=VALUE]",
            help="The tag NAME is there (with =VALUE: and has that value).",
        ),
    ] = None,
    negate: Annotated[bool, typer.Option("--not", help="Negate the condition after it.")] = False,
    count: Annotated[bool, typer.Option("--count", help="Print how many games match.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print where each match is, one JSON object a line.")
    ] = False,
    to: To = None,
    output: AtomicOutput = None,
    jobs: Jobs = 1,
) -> None:
    """Copy the games that meet every condition, byte for byte, comments and all.

    Conditions combine with AND; --not negates the one right after it.  Tag conditions read
    the tags only; --rounds-* read the game; --winner, --valid, --invalid, --finished and
    --has replay it.  A game that cannot be read that far is reported and left out (kept by
    --invalid).  Exit 0 when done, 1 when a game was left out that way, 2 on usage or I/O
    errors.
    """
    from gargon_notation.cli import archive

    order = options_in_order(context)
    archive.filter_command(
        paths, order, count=count, as_json=as_json, output=output, to=to, jobs=jobs
    )


@app.command("cat", epilog=examples("gargon cat club/ home.ggn -o all.ggn"))
def cat_command(
    paths: Paths,
    to: To = None,
    output: AtomicOutput = None,
) -> None:
    """Concatenate the games of the inputs, byte for byte, renumbering nothing.

    Exit 0 when done, 1 when a game could not be copied, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import archive

    archive.cat_command(paths, output, to)


@app.command(
    "dedupe",
    epilog=examples("gargon dedupe club/ -o unique.ggn", "gargon dedupe club/ --report"),
)
def dedupe_command(
    paths: Paths,
    report: Annotated[
        bool,
        typer.Option(
            "--report", help="List each game kept that has copies, and its copies; write none."
        ),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="With --report: one JSON object a copy, a line each.")
    ] = False,
    invalid: Annotated[
        bool,
        typer.Option("--invalid", help="Keep the games that cannot be read (not compared)."),
    ] = False,
    to: To = None,
    output: AtomicOutput = None,
    jobs: Jobs = 1,
) -> None:
    """Write each game once: leave out the same games again (whatever their comments,
    annotations and tags) and the unfinished copies of a game.

    Games are the same when they seat the same players, are dealt the same cards (a seed or
    the deal written out) and write the same decisions.  An unfinished record whose decisions
    begin another game's is an unfinished copy of it.  Exit 0 when done, 1 when a game
    could not be read, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import archive

    archive.dedupe_command(paths, report, as_json, invalid, output, to, jobs)


@app.command("split", epilog=examples("gargon split games.ggn --by event -o by-event/"))
def split_command(
    paths: Paths,
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="DIR",
            help="The directory to write into (made if need be).",
            callback=_named,
        ),
    ],
    games: Annotated[
        int | None, typer.Option("--games", min=1, help="N games a file: games-0001.EXT, ...")
    ] = None,
    by: Annotated[
        SplitBy | None,
        typer.Option(
            "--by",
            help="A file for each Event, Date or player (a game goes into each of its "
            "players' files).",
        ),
    ] = None,
    to: To = None,
) -> None:
    """Write the games into files of a directory, byte for byte, each file atomically.

    Exit 0 when done, 1 when a game could not be read or copied, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import archive

    archive.split_command(paths, games, by, output, to)


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
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (fields: docs/cli.md).")
    ] = False,
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

    stats.stats_command(paths, by, as_json, _path(html), no_color, jobs)


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
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (fields: docs/cli.md).")
    ] = False,
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
    unreadable, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import standings

    standings.standings_command(paths, event, duplicate, as_json, _path(html), no_color)


@app.command(
    "ratings",
    epilog=examples(
        "gargon ratings club/", "gargon ratings club/ --as-of 2026.06.30 --html ratings.html"
    ),
)
def ratings_command(
    paths: Paths,
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of",
            metavar="DATE",
            help="Only games played on or before DATE (YYYY.MM.DD, YYYY.MM, YYYY).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (fields: docs/cli.md).")
    ] = False,
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

    ratings.ratings_command(paths, as_of, as_json, _path(html), no_color)


@app.command(epilog=examples("gargon schema > gargon.schema.json"))
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    from gargon_notation.cli import edit

    edit.schema()


@app.command(
    "simulate",
    epilog=examples("gargon simulate --players 4 --games 100 --seed club -o games.ggn"),
)
def simulate_command(
    players: Annotated[
        int, typer.Option("--players", "-p", min=3, max=5, help="Players at the table.")
    ] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[
        str, typer.Option("--seed", "-s", help="The seed the deals are made from (see above).")
    ] = "gargon",
    bot: Annotated[Bot, typer.Option("--bot", "-b", help="The bot every seat plays.")] = Bot.RANDOM,
    deal: Annotated[
        bool,
        typer.Option("--deal", help="Also write each deal out in full (checked against the seed)."),
    ] = False,
    comments: Annotated[
        bool, typer.Option("--comments", help="Add a few comments and glyphs to each game.")
    ] = False,
    output: Output = None,
) -> None:
    """Play whole games with bots and write them as valid, canonical records.

    Game k (from 1) is dealt from the seed "SEED.k" (just SEED when --games is 1).
    """
    from gargon_notation.cli import simulate

    simulate.simulate_command(players, games, seed, bot, deal, comments, output)


@app.command("lsp", epilog=examples("gargon lsp"))
def lsp_command() -> None:
    """Run the language server for editors (LSP over stdin and stdout); an editor starts it.

    Diagnostics as you type, hover (the table after an action), completion,
    formatting and an outline of games and rounds, in VS Code, Neovim, Helix,
    Emacs (docs/editors.md).  Needs pip install 'gargon-notation\\[lsp]'.
    """
    from gargon_notation import lsp

    if not lsp.available():
        from gargon_notation.cli.common import fail

        fail(lsp.MISSING)
    from gargon_notation.lsp.server import serve

    code = serve()
    if code:
        raise typer.Exit(code)
