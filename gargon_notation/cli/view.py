"""``gargon show``, ``gargon replay`` and ``gargon score``: games, the table at one moment,
and scores, as the referee derives them."""

from __future__ import annotations

import json
import sys

import attrs
import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from gargon_notation.cli import common
from gargon_notation.cli.common import fail, plural, print_problems
from gargon_notation.cli.inputs import Games, games_of
from gargon_notation.cli.terminal import printable
from gargon_notation.engine import Game, GameState, Score
from gargon_notation.notation import GameRecord, write_action
from gargon_notation.render import RoundPanels, scoreboard, table_view
from gargon_notation.render.possible import possible_view
from gargon_notation.replay import Outcome, Problem, Replay, Visitor, replay

__all__ = ["replay_command", "score", "show"]


def _header_table(record: GameRecord) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for tag in record.tags:
        table.add_row(printable(tag.name), printable(" ".join(tag.values)))
    return table


def show(file: str, game: int | None = None, no_color: bool = False) -> None:
    """The work of ``gargon show`` (options: :mod:`gargon_notation.cli.commands`)."""
    console = common.console(no_color)
    invalid = False
    with games_of(file) as games:
        for number, record in games:
            if game is None or number == game:
                invalid = not _show_game(console, number, record) or invalid
        games.finish()
        _check_game_number(game, games)
    raise typer.Exit(1 if invalid else 0)


def _check_game_number(game: int | None, games: Games) -> None:
    """Exit 2 for a --game the file does not hold."""
    total = games.count + games.errors
    if game is not None and not 1 <= game <= total:
        fail(f"--game {game}: the file holds games 1-{total}")


def _show_game(console: Console, number: int, record: GameRecord) -> bool:
    """Print one game; False when the record is invalid."""
    panels = RoundPanels(until_problem=True)
    result = replay(record, game_number=number, keep_steps=False, visitors=[panels])
    console.rule(Text(f"Game {number}", style="bold"))
    console.print(_header_table(record))
    for panel in panels.panels:
        console.print()
        console.print(panel)
    console.print()
    if result.problems:
        count = len(result.problems)
        what = "its first problem" if count == 1 else f"the first of its {count} problems"
        if result.game is None:
            title = f"Invalid record: it cannot be replayed; {what}:"
        else:
            title = f"Invalid record: the game is shown up to {what}:"
        console.print(Text(title, style="bold red"))
        for problem in result.problems:
            console.print(Text(printable(str(problem)), style="red"))
        if panels.score is not None:
            console.print()
            console.print(Text("Score when the first problem was found:", style="italic"))
            console.print(scoreboard(panels.score, final=False))
        return False
    assert result.game is not None
    if not result.game.is_over:
        console.print(Text("Unfinished game; score so far:", style="italic"))
    console.print(scoreboard(result.game.score(), final=result.game.is_over))
    return True


def replay_command(
    file: str,
    game: int = 1,
    round_: int | None = None,
    step: int | None = None,
    no_color: bool = False,
    possible: bool = False,
    possible_for: str | None = None,
) -> None:
    """The work of ``gargon replay`` (options: :mod:`gargon_notation.cli.commands`)."""
    console = common.console(no_color)
    if round_ is not None and step is not None:
        fail("give --round or --step, not both")
    if possible and possible_for is not None:
        fail("give --possible or --possible-for, not both")
    picked: tuple[int, GameRecord] | None = None
    with games_of(file) as games:
        for item in games:
            if item[0] == game:
                picked = item
                break
        if picked is None:
            games.finish()
            _check_game_number(game, games)
            fail(f"--game {game}: game {game} could not be read")
    number, record = picked
    unreadable = games.errors  # games before it that could not be read (already printed)
    result = replay(record, game_number=number)
    if result.game is None:
        print_problems(result)
        raise typer.Exit(1)
    shown = _Shown(possible or possible_for is not None, _observer(result.game, possible_for))
    broken = result.first_problem_at
    heading = None
    if round_ is not None:
        found = result.round_ends.get(round_)
        if found is not None and (broken is None or found < broken):
            # The table is headed by the round that comes next: say which one was asked for.
            heading = Text(f"After round {round_}", style="bold")
        if found is None:
            if broken is None or not 1 <= round_ <= len(record.rounds):
                fail(f"--round {round_}: the game has rounds 1-{len(record.rounds)}")
            found = broken  # a round the replay did not reach: the table at the problem
        target = found
    elif step is not None:
        if step < 0 or (broken is None and step > len(result.steps)):
            fail(f"--step {step}: the game has steps 0-{len(result.steps)}")
        target = step
    elif sys.stdin.isatty() and sys.stdout.isatty():
        _interactive(result, console, shown)
        raise typer.Exit(1 if result.problems or unreadable else 0)
    else:
        target = len(result.steps)
    if broken is not None and target >= broken:
        console.print(shown.table(result.state_after(broken)))
        _print_broken(console, result, "the table when the first problem was found")
    else:
        if heading is not None:
            console.print(heading)
        console.print(shown.table(result.state_after(target)))
        if result.problems:
            _print_broken(console, result, "a later point of the game holds problems")
    raise typer.Exit(1 if result.problems or unreadable else 0)


def _observer(game: Game, name: str | None) -> int | None:
    """The seat of ``--possible-for NAME`` (None: the public); exit 2 for a name not at the
    table."""
    if name is None:
        return None
    if name not in game.names:
        fail(f"--possible-for {name}: not a player of this game ({', '.join(game.names)})")
    return game.names.index(name)


@attrs.frozen
class _Shown:
    """What ``replay`` prints of a moment: the table, and with ``--possible`` or
    ``--possible-for`` what the hidden cards can still be, for ``seat`` (None: everyone)."""

    possible: bool
    seat: int | None

    def table(self, state: GameState) -> RenderableType:
        view = table_view(state)
        if not self.possible:
            return view
        if self.seat is None:
            observer = "what everyone knows"
        else:
            observer = f"what {state.names[self.seat]} knows"
        return Group(view, possible_view(state.possible(self.seat), observer))


def _print_broken(console: Console, result: Replay, what: str) -> None:
    count = len(result.problems)
    console.print()
    console.print(Text(f"Invalid record ({what}); {plural(count, 'problem')}:", style="bold red"))
    for problem in result.problems:
        console.print(Text(printable(str(problem)), style="red"))


def _interactive(result: Replay, console: Console, shown: _Shown) -> None:
    """Step through a replay: one key (and Enter) per move.

    An invalid record can be stepped up to its first problem, which is shown there.
    """
    step = 0
    broken = result.first_problem_at
    last = len(result.steps) if broken is None else broken
    while True:
        if console.color_system is None:
            console.print()  # --no-color or a dumb terminal: not even the code that clears
        else:
            console.clear()
        console.print(shown.table(result.state_after(step)))
        if step:
            element = result.steps[step - 1].element
            written = write_action(element) if element is not None else "(a forgotten draw)"
            console.print(Text(printable(f"step {step}/{last}: {written}"), style="dim"))
        if step == broken:
            _print_broken(console, result, "the first problem was found here")
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


def score(file: str, as_json: bool = False, no_color: bool = False) -> None:
    """The work of ``gargon score`` (options: :mod:`gargon_notation.cli.commands`)."""
    out = common.console(no_color)
    invalid = False
    first = True
    with games_of(file) as games:
        for number, record in games:
            invalid = _score_game(out, games.source.name, number, record, as_json, first) or invalid
            first = False
        if as_json and not first:
            out.print("\n  ]\n}", markup=False)
        games.finish()
    raise typer.Exit(1 if invalid else 0)


class _ScoreAtProblem(Visitor):
    """Keeps the score at the walk's first problem (an invalid record has no other)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.score: Score | None = None

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.game = game

    def visit_problem(self, problem: Problem) -> None:
        if self.score is None and self.game is not None:
            self.score = self.game.score()


def _score_game(
    out: Console, name: str, number: int, record: GameRecord, as_json: bool, first: bool
) -> bool:
    """Print one game's score (JSON: its entry of the list); True when it is invalid.

    An invalid record is scored when its first problem was found, and says so: its finish and
    winners are never claimed.
    """
    at_problem = _ScoreAtProblem()
    result = replay(record, game_number=number, keep_steps=False, visitors=[at_problem])
    finished = result.finished and result.valid
    score = at_problem.score if not result.valid else result.score
    if as_json:
        entry: dict[str, object] = {"game": number, "finished": finished, "valid": result.valid}
        if score is not None:
            entry["players"] = [
                {"name": p.name, "bonus": p.bonus, "amulets": p.amulets, "total": p.total}
                for p in score.players
            ]
            names = [p.name for p in score.players]
            entry["winners"] = [names[s] for s in score.winners] if finished else []
        text = json.dumps(entry, indent=2, ensure_ascii=False)
        indented = "\n".join("    " + line for line in text.split("\n"))
        out.print(('{\n  "games": [\n' if first else ",\n") + indented, markup=False, end="")
        return not result.valid
    if not result.valid:
        status = "when the first problem was found (invalid record)"
    else:
        status = "final" if finished else "so far (unfinished)"
    out.print(Text(printable(f"{name} game {number}: score {status}"), style="bold"))
    if score is not None:
        out.print(scoreboard(score, final=finished))
    print_problems(result)
    return not result.valid
