"""The ``gargon`` command: validate, show, replay, annotate, fmt, convert, schema, simulate, score.

The only place of the project that reads files, prints, or sets exit codes: every verb is a
thin layer over the library.  Exit codes: 0 success; 1 an invalid record (or ``--check``
finding work to do); 2 a usage or I/O error.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import attrs
import typer
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from gargon_notation import __version__, jsonio
from gargon_notation.annotate import annotate_replayed, strip_annotations
from gargon_notation.bots import BOTS, simulate
from gargon_notation.cli.files import (
    Input,
    InputError,
    atomic_write,
    decode_text,
    find_inputs,
    looks_like_json,
    read_bytes,
)
from gargon_notation.cli.validate import json_report, run_validation, stderr_is_terminal
from gargon_notation.errors import GargonError, NotationError
from gargon_notation.notation import model, parse_game, write_action, write_game
from gargon_notation.records import record_from_simulation, with_comments
from gargon_notation.render import round_panel, rounds_of, scoreboard, table_view
from gargon_notation.replay import Replay, replay
from gargon_notation.validation import GameVerdict, iter_chunks

app = typer.Typer(
    name="gargon",
    help="Validate, show, replay, annotate, format and convert records of the card game Gargon.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _fail(message: str, code: int = 2) -> NoReturn:
    err.print(Text(f"gargon: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(code)


def _single_input(path: str) -> Input:
    try:
        inputs = find_inputs([path])
    except InputError as error:
        _fail(str(error))
    if len(inputs) != 1:
        _fail(f"{path}: expected one file, found {len(inputs)}")
    return inputs[0]


@attrs.frozen
class _Loaded:
    """A file read whole: its bytes, whether it is JSON, and its games (or their errors)."""

    source: Input
    data: bytes
    is_json: bool
    games: list[model.GameRecord | NotationError]

    @property
    def records(self) -> list[model.GameRecord]:
        return [game for game in self.games if isinstance(game, model.GameRecord)]


def _load(path: str) -> _Loaded:
    """Every game of a .ggn or .json file or of stdin (a broken game is its error)."""
    source = _single_input(path)
    try:
        data = read_bytes(source)
    except InputError as error:
        _fail(str(error))
    if looks_like_json(source, data):
        try:
            text = decode_text(source, data)
            return _Loaded(source, data, True, list(jsonio.loads(text, source.name)))
        except NotationError as error:
            _print_error(str(error))
            raise typer.Exit(1) from None
    games: list[model.GameRecord | NotationError] = []
    for chunk in iter_chunks(io.BytesIO(data), source.name):
        if chunk.error is not None:
            games.append(chunk.error)
            continue
        try:
            games.append(parse_game(chunk.text, source=source.name, first_line=chunk.first_line))
        except NotationError as error:
            games.append(error)
    return _Loaded(source, data, False, games)


def _print_error(message: str) -> None:
    err.print(Text(message), soft_wrap=True)


def _records(path: str) -> _Loaded:
    """All games of a file, or exit 1 showing every syntax error (nothing is half-read)."""
    loaded = _load(path)
    errors = [game for game in loaded.games if isinstance(game, NotationError)]
    if errors:
        for error in errors:
            _print_error(str(error))
        raise typer.Exit(1)
    if not loaded.games:
        _fail(f"{loaded.source.name}: no game found", 1)
    return loaded


def _pick(records: list[model.GameRecord], game: int | None) -> list[tuple[int, model.GameRecord]]:
    if game is None:
        return list(enumerate(records, start=1))
    if not 1 <= game <= len(records):
        _fail(f"--game {game}: the file holds games 1-{len(records)}")
    return [(game, records[game - 1])]


# -- validate ---------------------------------------------------------------------------


@app.command(
    epilog="Example: [bold]gargon validate examples/ --jobs 2[/]",
)
def validate(
    paths: Annotated[
        list[str], typer.Argument(help="Files, directories (searched for *.ggn), or - for stdin.")
    ],
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first problem.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable JSON report.")
    ] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    try:
        inputs = find_inputs(paths)
    except InputError as error:
        _fail(str(error))
    if not inputs:
        _fail("no .ggn file found in " + ", ".join(paths))
    collected: list[dict[str, object]] = []

    def report(verdict: GameVerdict) -> None:
        if as_json:
            collected.append(verdict.as_dict())
            return
        if verdict.valid and quiet:
            return
        _print_verdict(verdict)

    total = sum(source.size for source in inputs)
    show_progress = stderr_is_terminal() and total > 1_000_000 and not as_json
    try:
        if show_progress:
            with Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                DownloadColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            ) as progress:
                task = progress.add_task("validating", total=total)
                summary = run_validation(
                    inputs,
                    jobs=jobs,
                    strict=strict,
                    report=report,
                    on_bytes=lambda n: progress.advance(task, n),
                )
        else:
            summary = run_validation(inputs, jobs=jobs, strict=strict, report=report)
    except InputError as error:
        _fail(str(error))
    if as_json:
        out.print(json_report(collected, summary), markup=False, highlight=False, soft_wrap=True)
    else:
        style = "bold green" if summary.invalid == 0 else "bold red"
        out.print(
            Text(
                f"{_plural(summary.games, 'game')} in {_plural(summary.files, 'file')}: "
                f"{summary.valid} valid, {summary.invalid} invalid",
                style=style,
            )
        )
    raise typer.Exit(0 if summary.invalid == 0 and summary.games else 1)


def _print_verdict(verdict: GameVerdict) -> None:
    title = f"{verdict.source} game {verdict.game}"
    if verdict.event:
        title += f' "{verdict.event}"'
    if verdict.valid:
        state = "finished" if verdict.finished else "unfinished"
        line = Text("ok ", style="bold green")
        line.append(f"{title}: valid, {state}, {_plural(verdict.rounds, 'round')}")
        if verdict.winners:
            line.append(f"; won by {', '.join(verdict.winners)}")
        out.print(line)
    else:
        line = Text("INVALID ", style="bold red")
        count = len(verdict.problems)
        line.append(f"{title}: {count} problem{'s' if count != 1 else ''}")
        out.print(line)
        for problem in verdict.problems:
            out.print(Text("  " + problem.replace("\n", "\n  ")))
    for note in verdict.unchecked:
        out.print(Text(f"  not checked: {note}", style="dim"))


# -- show, replay, score ----------------------------------------------------------------


def _replayed(record: model.GameRecord, number: int) -> Replay:
    return replay(record, game_number=number)


def _print_problems(result: Replay) -> None:
    for problem in result.problems:
        err.print(Text(str(problem), style="red"), soft_wrap=True)


def _console(no_color: bool) -> Console:
    """Standard output, or for ``--no-color`` a console that writes no escape codes at all."""
    if not no_color:
        return out
    return Console(color_system=None, highlight=False, soft_wrap=True, width=out.width)


def _header_table(record: model.GameRecord) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for tag in record.tags:
        table.add_row(tag.name, " ".join(tag.values))
    return table


@app.command(epilog="Example: [bold]gargon show examples/rulebook-round.ggn[/]")
def show(
    file: Annotated[str, typer.Argument(help="A .ggn or .json record file, or - for stdin.")],
    game: Annotated[int | None, typer.Option("--game", "-g", help="Only game N (from 1).")] = None,
    no_color: Annotated[
        bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")
    ] = False,
) -> None:
    """Pretty-print games: headers, each round as a table, battles and the final score."""
    console = _console(no_color)
    records = _records(file).records
    invalid = False
    for number, record in _pick(records, game):
        result = _replayed(record, number)
        console.rule(Text(f"Game {number}", style="bold"))
        console.print(_header_table(record))
        if result.game is not None:
            for events in rounds_of(result.game.events):
                console.print()
                console.print(round_panel(events, result.game.names))
            console.print()
            if not result.game.is_over:
                console.print(Text("Unfinished game; score so far:", style="italic"))
            console.print(scoreboard(result.game.score(), final=result.game.is_over))
        if result.problems:
            invalid = True
            _print_problems(result)
    raise typer.Exit(1 if invalid else 0)


@app.command(
    "replay",
    epilog="Examples: [bold]gargon replay examples/full-game.ggn --round 3[/]  "
    "[bold]gargon replay examples/full-game.ggn --step 12[/]",
)
def replay_command(
    file: Annotated[str, typer.Argument(help="A .ggn or .json record file.")],
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
) -> None:
    """Show the table at a point of a game: hands, piles, cards in front, won cards, score.

    Without --round or --step, on a terminal, step through the game interactively.
    """
    console = _console(no_color)
    if round_ is not None and step is not None:
        _fail("give --round or --step, not both")
    records = _records(file).records
    ((number, record),) = _pick(records, game)
    result = _replayed(record, number)
    if result.game is None:
        _print_problems(result)
        raise typer.Exit(1)
    try:
        if round_ is not None:
            console.print(table_view(result.state_after_round(round_)))
        elif step is not None:
            console.print(table_view(result.state_after(step)))
        elif sys.stdin.isatty() and sys.stdout.isatty():
            _interactive(result, console)
        else:
            console.print(table_view(result.game.snapshot()))
    except IndexError as error:
        _fail(str(error))
    _print_problems(result)
    raise typer.Exit(1 if result.problems else 0)


def _interactive(result: Replay, console: Console) -> None:
    """Step through a replay: one key (and Enter) per move."""
    step = 0
    last = len(result.steps)
    while True:
        console.clear()
        console.print(table_view(result.state_after(step)))
        if step:
            element = result.steps[step - 1].element
            written = write_action(element) if element is not None else "(a forgotten draw)"
            console.print(Text(f"step {step}/{last}: {written}", style="dim"))
        answer = (
            typer.prompt(
                "[n]ext, [p]revious, [r]ound, [e]nd, [s]tart, [q]uit",
                default="n",
                show_default=False,
            )
            .strip()
            .lower()
        )
        if answer in ("q", "quit"):
            return
        if answer in ("p", "prev"):
            step = max(0, step - 1)
        elif answer == "s":
            step = 0
        elif answer == "e":
            step = last
        elif answer == "r":
            current = result.steps[step].round if step < last else None
            while step < last and result.steps[step].round == current:
                step += 1
        else:
            step = min(last, step + 1)


@app.command(epilog="Example: [bold]gargon score examples/club-night.ggn --json[/]")
def score(
    file: Annotated[str, typer.Argument(help="A .ggn or .json record file, or - for stdin.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Final scores of every game (per player, with bonus and amulet points)."""
    loaded = _records(file)
    results = []
    invalid = False
    for number, record in enumerate(loaded.records, start=1):
        result = _replayed(record, number)
        invalid = invalid or not result.valid
        entry: dict[str, object] = {
            "game": number,
            "finished": result.finished,
            "valid": result.valid,
        }
        if result.game is not None:
            final = result.game.score()
            entry["players"] = [
                {"name": p.name, "bonus": p.bonus, "amulets": p.amulets, "total": p.total}
                for p in final.players
            ]
            entry["winners"] = (
                [result.game.names[s] for s in final.winners] if result.finished else []
            )
        results.append(entry)
        if not as_json:
            status = "final" if result.finished else "so far (unfinished)"
            out.print(Text(f"{loaded.source.name} game {number}: score {status}", style="bold"))
            if result.game is not None:
                out.print(scoreboard(result.game.score(), final=result.finished))
            _print_problems(result)
    if as_json:
        out.print(json.dumps({"games": results}, indent=2, ensure_ascii=False), markup=False)
    raise typer.Exit(1 if invalid else 0)


# -- annotate, fmt, convert, schema -------------------------------------------------------


def _write(path: Path, text: str) -> None:
    try:
        atomic_write(path, text)
    except OSError as error:
        _fail(f"{path}: {error.strerror or error}")


def _as_input_format(loaded: _Loaded, records: list[model.GameRecord]) -> str:
    """Records written in the format they were read in (JSON stays JSON)."""
    return jsonio.dumps(records) if loaded.is_json else _write_ggn(records)


def _emit(text: str, loaded: _Loaded, in_place: bool) -> None:
    if in_place:
        if loaded.source.path is None:
            _fail("--in-place needs a file, not standard input")
        _write(loaded.source.path, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def _write_ggn(records: list[model.GameRecord]) -> str:
    return "\n".join(write_game(record) for record in records)


@app.command(
    "annotate", epilog="Example: [bold]gargon annotate examples/full-game.ggn --in-place[/]"
)
def annotate_command(
    file: Annotated[str, typer.Argument(help="A .ggn or .json record file, or - for stdin.")],
    strip: Annotated[
        bool, typer.Option("--strip", help="Remove exactly what annotate adds.")
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")
    ] = False,
) -> None:
    """Add derived facts as {=...} annotations: battles, draws, hand sizes, scores.

    Idempotent; user comments are never touched.  JSON input gives JSON output.  A record
    with problems is annotated as far as it can be replayed; its problems go to stderr, the
    exit code is 1, and --in-place leaves the file untouched.
    """
    loaded = _records(file)
    changed: list[model.GameRecord] = []
    invalid = False
    for number, record in enumerate(loaded.records, start=1):
        if strip:
            changed.append(strip_annotations(record))
            continue
        annotated, result = annotate_replayed(record, number)
        changed.append(annotated)
        invalid = invalid or not result.valid
        _print_problems(result)
    if invalid and in_place:
        _print_error(f"{loaded.source.name}: not rewritten: annotations stop at the problems")
        raise typer.Exit(1)
    _emit(_as_input_format(loaded, changed), loaded, in_place)
    raise typer.Exit(1 if invalid else 0)


@app.command(epilog="Example: [bold]gargon fmt examples/full-game.ggn --check[/]")
def fmt(
    file: Annotated[str, typer.Argument(help="A .ggn or .json record file, or - for stdin.")],
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when the file is not canonical.")
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")
    ] = False,
) -> None:
    """Write records in canonical form (to stdout, or --in-place); JSON input stays JSON."""
    loaded = _records(file)
    text = _as_input_format(loaded, loaded.records)
    if check:
        if loaded.data != text.encode("utf-8"):
            _print_error(f"{loaded.source.name}: not in canonical form (run gargon fmt --in-place)")
            raise typer.Exit(1)
        raise typer.Exit(0)
    _emit(text, loaded, in_place)


@app.command(epilog="Example: [bold]gargon convert examples/full-game.ggn --to json[/]")
def convert(
    file: Annotated[str, typer.Argument(help="A .ggn or .json file, or - for stdin.")],
    to: Annotated[str, typer.Option("--to", help="Target format: json or ggn.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here instead of stdout.")
    ] = None,
) -> None:
    """Convert records between the text notation and the JSON interchange form."""
    if to not in ("json", "ggn"):
        _fail(f"--to {to}: choose json or ggn")
    records = _records(file).records
    text = jsonio.dumps(records) if to == "json" else _write_ggn(records)
    if output is None:
        sys.stdout.write(text)
    else:
        _write(output, text)


@app.command(epilog="Example: [bold]gargon schema > gargon.schema.json[/]")
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    sys.stdout.write(jsonio.schema_text())


# -- simulate ---------------------------------------------------------------------------


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
    if bot not in BOTS:
        _fail(f"--bot {bot}: choose one of {', '.join(BOTS)}")
    texts = []
    for k in range(1, games + 1):
        game_seed = seed if games == 1 else f"{seed}.{k}"
        simulated = simulate(players, game_seed, bot)  # type: ignore[arg-type]
        record = record_from_simulation(
            simulated, write_deal=deal, event=f"Simulated game {k}", bot=bot
        )
        if comments:
            record = with_comments(record, game_seed)
        texts.append(write_game(record))
    text = "\n".join(texts)
    if output is None:
        sys.stdout.write(text)
    else:
        _write(output, text)


def _version(value: bool) -> None:
    if value:
        out.print(f"gargon-notation {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Records of the card game Gargon: validate, show, replay, annotate, format, convert."""


def run() -> None:
    """Entry point that turns any GargonError escaping a command into exit code 1."""
    try:
        app(prog_name="gargon")
    except GargonError as error:
        err.print(str(error))
        raise SystemExit(1) from None
