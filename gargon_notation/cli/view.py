"""``gargon show``, ``gargon replay`` and ``gargon score``: games, the table at one moment,
and scores, as the referee derives them."""

from __future__ import annotations

import contextlib
import itertools
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, NoReturn

import attrs
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from gargon_notation import files
from gargon_notation.cli import common
from gargon_notation.cli.common import Exit, error_console, fail, plural, print_problems
from gargon_notation.cli.inputs import (
    Games,
    each_input,
    file_games,
    games_of,
    inputs_of,
    one_input_for,
    parsed,
)
from gargon_notation.cli.parallel import Ahead, Look, write_printed
from gargon_notation.cli.plain import numbered
from gargon_notation.cli.progress import progress
from gargon_notation.cli.terminal import printable
from gargon_notation.engine import BattleResolved, Game, GameState
from gargon_notation.errors import NotationError, printable_name
from gargon_notation.notation import Battle, Chunk, GameRecord, Pass, Play, write_action
from gargon_notation.parallel import Workers
from gargon_notation.render import RoundPanels, Uncut, scoreboard, table_view
from gargon_notation.render.possible import possible_view
from gargon_notation.render.trimmed import Trimmed
from gargon_notation.replay import Outcome, Problem, Replay, Step, Visitor, replay, walk

if TYPE_CHECKING:
    from gargon_notation.cli.stepper import Games as GameChoice
    from gargon_notation.cli.stepper import Stepped

__all__ = ["picked_step", "replay_command", "replayed_game", "score", "show"]


def _header_table(record: GameRecord) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for tag in record.tags:
        table.add_row(printable(tag.name), printable(" ".join(tag.values)))
    return table


def _rule(console: Console, title: str) -> None:
    """A rule headed by ``title``, in bold; on a console too narrow for the title in the
    rule (where rich would cut it to ``…``, the game's number with it), the title on a line
    of its own above a plain rule."""
    if cell_len(title) + 4 <= console.width:
        console.rule(Text(title, style="bold"))
    else:
        console.print(Text(title, style="bold"))
        console.rule()


def show(
    paths: list[str], game: int | None = None, no_color: bool = False, source: bool = False
) -> None:
    """The work of ``gargon show`` (options: :mod:`gargon_notation.cli.commands`): the games
    of every input in turn (``--game`` takes one input); with several, each game is headed by
    its file."""
    console = common.console(no_color)
    inputs = inputs_of(paths)
    if game is not None:
        one_input_for(f"--game {game}", inputs)
    several = len(inputs) > 1
    shown = [0]  # games shown so far, over every input

    def show_input(each: files.Input) -> None:
        invalid = False
        before = shown[0]  # the games of the inputs before this one
        with games_of(each) as games:
            for number, record in games:
                if game is None or number == game:
                    if source:
                        first = game is not None or (number == 1 and not before)
                        _show_source(console, record, first=first)
                    else:
                        name = printable_name(games.source.name)
                        where = f"{name} game {number}" if several else None
                        invalid = not _show_game(console, number, record, where) or invalid
                    shown[0] += 1
            games.finish()
            _check_game_number(game, games)
        raise Exit(1 if invalid else 0)

    raise Exit(each_input(inputs, show_input))


def _show_source(console: Console, record: GameRecord, first: bool) -> None:
    """Print a record's canonical text, highlighted (after a blank line unless ``first``)."""
    from rich.syntax import PygmentsSyntaxTheme, Syntax

    from gargon_notation.lexer import GargonLexer, GargonStyle
    from gargon_notation.notation import write_game

    if not first:
        console.print()
    text = printable(write_game(record)).rstrip("\n")
    theme = PygmentsSyntaxTheme(GargonStyle)
    console.print(Syntax(text, GargonLexer(), theme=theme, background_color="default"))


def _check_game_number(game: int | None, games: Games) -> None:
    """Exit 2 for a --game the file does not hold."""
    total = games.count + games.errors
    if game is not None and not 1 <= game <= total:
        fail(f"--game {game}: the file holds {numbered('game', 1, total)}")


def _show_game(console: Console, number: int, record: GameRecord, title: str | None = None) -> bool:
    """Print one game, headed by ``title`` (default: ``Game N``); False when the record is
    invalid."""
    panels = RoundPanels(until_problem=True)
    result = replay(record, game_number=number, keep_steps=False, visitors=[panels])
    _rule(console, printable(title or f"Game {number}"))
    console.print(Trimmed(Uncut(_header_table(record))))
    for panel in panels.panels:
        console.print()
        console.print(Trimmed(panel))
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
        if panels.state is not None:
            console.print()
            console.print(Text("Score when the first problem was found:", style="italic"))
            console.print(Trimmed(scoreboard(panels.state, final=False)))
        return False
    assert result.game is not None
    if not result.game.is_over:
        console.print(Text("Unfinished game; score so far:", style="italic"))
    console.print(Trimmed(scoreboard(result.game.snapshot())))
    return True


def replay_command(
    paths: list[str],
    game: int | None = None,
    round_: int | None = None,
    step: int | None = None,
    no_color: bool = False,
    possible: bool = False,
    possible_for: str | None = None,
) -> None:
    """The work of ``gargon replay`` (options: :mod:`gargon_notation.cli.commands`).

    One input: game ``game`` (default 1), stepped through on a terminal (from ``--round``
    or ``--step``).  Several inputs: the table at that moment (default: the end) of every game
    of each in turn, each headed by its file and number; ``--game`` takes one input."""
    console = common.console(no_color)
    if round_ is not None and step is not None:
        fail("give --round or --step, not both")
    if possible and possible_for is not None:
        fail("give --possible or --possible-for, not both")
    inputs = inputs_of(paths)
    if len(inputs) == 1:
        _replay_one(
            console, inputs[0], game or 1, round_, step, possible, possible_for, game is None
        )
    if game is not None:
        one_input_for(f"--game {game}", inputs)
    code = 0
    for source in inputs:
        try:
            with games_of(source) as games:
                for number, record in games:
                    title = f"{printable_name(games.source.name)} game {number}"
                    _rule(console, printable(title))
                    try:
                        result = replay(record, game_number=number)
                        if result.game is None:
                            print_problems(result)
                            raise Exit(1)
                        observer = _observer(result.game, possible_for, f"{title}: ")
                        shown = _Shown(possible or possible_for is not None, observer)
                        target = picked_step(result, round_, step, f"{title}: ")
                        _print_moment(console, result, shown, round_, target)
                    except Exit as ended:
                        code = max(code, ended.exit_code)
                        continue
                    code = max(code, 1 if result.problems else 0)
                games.finish()
        except Exit as ended:
            code = max(code, ended.exit_code)
    raise Exit(code)


def _replay_one(
    console: Console,
    source: files.Input,
    game: int,
    round_: int | None,
    step: int | None,
    possible: bool,
    possible_for: str | None,
    first_by_default: bool = False,
) -> NoReturn:
    """``gargon replay`` of one game of one input (``first_by_default``: game 1, no
    ``--game`` given: printed, not stepped through, a file of more says so on standard
    error, as the stepper's line says it)."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if interactive and source.path is not None and round_ is None and step is None:
        _step_from_unreadable(console, source, game, possible, possible_for)
    result, unreadable = replayed_game(source, game)
    assert result.game is not None
    shown = _Shown(possible or possible_for is not None, _observer(result.game, possible_for))
    target = picked_step(result, round_, step)
    if sys.stdin.isatty() and sys.stdout.isatty():
        from gargon_notation.cli.stepper import terminal_size

        games = None
        if source.path is not None:  # standard input cannot be read again
            games = _GameFile.of(source, shown, possible_for)
        start = _stepper_start(result, round_, step, target)
        code = _interactive(result, console, shown, start, terminal_size, games, game, round_)
        raise Exit(max(code, 1 if unreadable else 0))
    _print_moment(console, result, shown, round_, target)
    if first_by_default and source.path is not None and _more_than_one(source):
        common.print_error(
            f"{printable_name(source.name)}: game 1 shown, of several (--game N shows another)"
        )
    raise Exit(1 if result.problems or unreadable else 0)


def _stepper_start(result: Replay, round_: int | None, step: int | None, target: int | None) -> int:
    """The step the stepper starts at: the deal, or where ``--round`` or ``--step`` names
    (``target``, as :func:`picked_step` found it), past an invalid record's first problem
    too, since the stepper goes on from there; a round the replay did not reach, or a step
    past its last, is its last step."""
    last = len(result.steps)
    if target is None:
        return 0
    if round_ is not None:
        return result.round_ends.get(round_, last)
    return min(step if step is not None else target, last)


def _more_than_one(source: files.Input) -> bool:
    """Whether the file ``source`` holds more than one game (cut apart as far as its second:
    counting them all took 30 times as long as printing the first of a 200 MB file)."""
    with contextlib.suppress(files.FileError):
        return sum(1 for _ in itertools.islice(file_games(source).unparsed_or_raise(), 2)) > 1
    return False


def _step_from_unreadable(
    console: Console, source: files.Input, game: int, possible: bool, possible_for: str | None
) -> None:
    """On a terminal, game ``game`` of a file of several that cannot be read or replayed:
    the stepper, at its error, from which the keys go to the other games (exit with the
    highest code of the games shown); any other game: nothing (it is stepped through as a
    game of one file is)."""
    from gargon_notation.cli.stepper import terminal_size

    games = _GameFile.of(source, _Shown(possible or possible_for is not None, None), possible_for)
    if not 1 <= game <= games.count or games.count < 2:
        return
    opened = games.open(game)
    if not opened.unreadable:
        return
    with contextlib.suppress(KeyboardInterrupt):
        from gargon_notation.cli.stepper import keys_of_terminal, step_through

        with keys_of_terminal() as keys:
            code = step_through(opened, console, None, keys, 0, terminal_size, games, game)
            raise Exit(code)
    raise Exit(1)


def _print_moment(
    console: Console, result: Replay, shown: _Shown, round_: int | None, target: int | None
) -> None:
    """The table at step ``target`` (None: the end), or at the first problem when it comes
    before; then the problems of an invalid record."""
    broken = result.first_problem_at
    heading = None
    ended = result.round_ends.get(round_) if round_ is not None else None
    if ended is not None and ended == target and (broken is None or ended < broken):
        # The table is headed by the round that comes next: say which one was asked for.
        heading = Text(f"After round {round_}", style="bold")
    if target is None:
        target = len(result.steps)
    if broken is not None and target >= broken:
        if round_ is not None and round_ not in result.round_ends:
            # Not the round's end, as a table headed by the next round would pass for.
            console.print(Text(f"The replay did not reach the end of round {round_}", style="bold"))
        console.print(Trimmed(shown.table(result.state_after(broken))))
        _print_broken(console, result, "the table when the first problem was found")
    else:
        if heading is not None:
            console.print(heading)
        console.print(Trimmed(shown.table(result.state_after(target))))
        if result.problems:
            _print_broken(console, result, "a later point of the game holds problems")


def replayed_game(file: str | files.Input, game: int) -> tuple[Replay, int]:
    """The replay of game ``game`` of ``file``, and how many games before it could not be
    read (each already printed).  Exit 2 for a game the file does not hold or that cannot be
    read; exit 1, its problems printed, for a record that cannot be set up (no table)."""
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
    result = replay(record, game_number=number)
    if result.game is None:
        print_problems(result)
        raise Exit(1)
    return result, games.errors


def picked_step(
    result: Replay, round_: int | None, step: int | None, where: str = ""
) -> int | None:
    """The step that ``--round R`` (its end) or ``--step K`` names; None for neither (give at
    most one).  On an invalid record, a round the replay did not reach is the step of the
    first problem, and so is any step after it.  Exit 2 for a round or a step outside a
    valid record (the message begins with ``where``, naming the game among several)."""
    broken = result.first_problem_at
    rounds = len(result.record.rounds)
    if round_ is not None:
        found = result.round_ends.get(round_)
        if found is None:
            if broken is None or not 1 <= round_ <= rounds:
                fail(f"{where}--round {round_}: the game has {numbered('round', 1, rounds)}")
            return broken  # a round the replay did not reach: the table at the problem
        asked = found
    elif step is not None:
        if step < 0 or (broken is None and step > len(result.steps)):
            fail(f"{where}--step {step}: the game has steps 0-{len(result.steps)}")
        asked = step
    else:
        return None
    return asked if broken is None else min(asked, broken)


def _observer(game: Game, name: str | None, where: str = "") -> int | None:
    """The seat of ``--possible-for NAME`` (None: the public); exit 2 for a name not at the
    table (the message begins with ``where``, naming the game among several)."""
    if name is None:
        return None
    if name not in game.names:
        fail(f"{where}--possible-for {name}: not a player of this game ({', '.join(game.names)})")
    return game.names.index(name)


@attrs.frozen
class _Shown:
    """What ``replay`` prints of a moment: the table, with ``--possible`` or
    ``--possible-for`` what the hidden cards can still be, for ``seat`` (None: everyone), and
    at the end of the game the score table."""

    possible: bool
    seat: int | None

    def table(self, state: GameState) -> RenderableType:
        parts: list[RenderableType] = [table_view(state)]
        if self.possible:
            if self.seat is None:
                observer = "what everyone knows"
            else:
                observer = f"what {state.names[self.seat]} knows"
            parts.append(possible_view(state.possible(self.seat), observer))
        if state.over:
            parts.extend([Text(), scoreboard(state)])
        return Group(*parts)


def _print_broken(console: Console, result: Replay, what: str) -> None:
    console.print(_broken(result, what))


def _broken(result: Replay, what: str) -> Group:
    """A blank line, then ``Invalid record (WHAT); N problems:`` and every problem."""
    count = len(result.problems)
    heading = Text(f"Invalid record ({what}); {plural(count, 'problem')}:", style="bold red")
    problems = [Text(printable(str(problem)), style="red") for problem in result.problems]
    return Group(Text(), heading, *problems)


def _interactive(
    result: Replay,
    console: Console,
    shown: _Shown,
    start: int = 0,
    measure: Callable[[], tuple[int, int]] | None = None,
    games: GameChoice | None = None,
    number: int = 1,
    round_: int | None = None,
) -> int:
    """Step through a replay key by key from step ``start`` (:mod:`.stepper`), each screen
    at the size ``measure`` gives (default: the console's); ``result`` is game ``number`` of
    ``games``, whose other games the keys go to.  ``round_``: the round ``--round`` named,
    at whose end ``start`` is; one the replay did not reach is said to be.  Ctrl-C leaves
    as ``q`` does, whether read as a key or sent as a signal.  The highest exit code of the
    games shown."""
    from gargon_notation.cli.stepper import keys_of_terminal, step_through

    stepped = _stepped(result, shown)
    said = "" if round_ is None else stepped.position.not_reached(round_)
    try:
        with keys_of_terminal() as keys:
            return step_through(stepped, console, None, keys, start, measure, games, number, said)
    except KeyboardInterrupt:
        return stepped.code


def _stepped(result: Replay, shown: _Shown) -> Stepped:
    """A replayed game as the stepper shows it: as far as the replay went, each problem at
    the step it was found at."""
    from gargon_notation.cli.stepper import Position, Stepped, problems_note

    position = Position.of(result)
    last = position.last
    ended = {end: number for number, end in result.round_ends.items()}
    said = steps_said(result.steps)

    def screen(step: int) -> tuple[RenderableType, str]:
        status = f"step {step}/{last}: "
        status += said[step - 1] if step else "the deal"
        if step in ended:
            status += f"  (the end of round {ended[step]})"
        parts = [shown.table(result.state_after(step))]
        first = result.first_problem_at
        if first is not None and step >= first:
            # said on the step's line too, which stays in sight when the table is scrolled
            found = len(result.problems_at(step))
            if found:
                status += f"  ({plural(found, 'problem')} found here)"
            else:
                status += f"  (the replay's best effort since the problem at step {first})"
            parts.append(_found_here(result, step, stopped=step == last and bool(position.past)))
        return Group(*parts), printable(status)

    return Stepped(position, screen, 1 if result.problems else 0, note=problems_note(result))


def _found_here(result: Replay, step: int, stopped: bool) -> Group:
    """Under the table at ``step``, at or after the first problem of ``result``: that the
    record is invalid and the table after its first problem the replay's best effort, then
    the problems found at ``step`` (``stopped``: the last step of a replay that could no
    longer follow the record, where those of the rest of the record were found too), each
    broken between words at the terminal's width."""
    first = result.first_problem_at
    count = plural(len(result.problems), "problem")
    if step == first:
        heading = f"Invalid record ({count}): the first was found here"
        if not stopped and step < len(result.steps):
            heading += "; the tables after it are the replay's best effort"
    else:
        heading = (
            f"Invalid record ({count}): the first was found at step {first}; this table is "
            "the replay's best effort"
        )
    parts: list[RenderableType] = [Text(), _wrapping(heading, "bold red")]
    found = result.problems_at(step)
    if stopped:
        parts.append(
            _wrapping(
                "The replay could not follow the record past this step; it checked the rest "
                "round by round. Found here and in the rest:",
                "bold red",
            )
        )
    elif found:
        parts.append(_wrapping("Found here:", "bold red"))
    parts += [_wrapping(printable(str(problem)), "red") for problem in found]
    return Group(*parts)


def _wrapping(text: str, style: str) -> _Wrapped:
    """``text`` broken between words at the terminal's width, where the stepper's console
    otherwise lets a line run on for the terminal to wrap it, inside a word."""
    return _Wrapped(text, style)


@attrs.frozen
class _Wrapped:
    """Lines of text, each broken between words at the width it is drawn at (a word longer
    than a line where the line ends), its continuations indented as the line is (a
    problem's context under it)."""

    text: str
    style: str

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        width = max(options.max_width, 1)
        for line in self.text.split("\n"):
            body = line.lstrip(" ")
            indent = len(line) - len(body)
            if indent * 2 > width:  # no room to keep it: the line as it comes
                body, indent = line, 0
            parts = Text(body, style=self.style).wrap(
                console, width - indent, overflow="fold", no_wrap=False
            )
            for part in parts or [Text()]:
                yield Text(" " * indent) + part if indent else part


@attrs.define
class _GameFile:
    """The games of one file, for the stepper to go to: each read again from the file when
    it is opened (only the game asked for is parsed and replayed), as ``shown`` shows them;
    ``--possible-for PLAYER`` where PLAYER is at the game's table, else what everyone
    knows."""

    source: files.Input
    shown: _Shown
    possible_for: str | None
    count: int = 0

    @classmethod
    def of(cls, source: files.Input, shown: _Shown, possible_for: str | None) -> _GameFile:
        """The games of ``source``, a file, counted (their text is cut apart, not read)."""
        found = cls(source, shown, possible_for)
        with contextlib.suppress(files.FileError):
            found.count = sum(1 for _ in file_games(source).unparsed_or_raise())
        return found

    def _unparsed(self, number: int) -> Chunk | GameRecord | NotationError | None:
        """Game ``number`` of the file as cut apart (None: the file holds fewer now)."""
        for at, item in file_games(self.source).unparsed_or_raise():
            if at == number:
                return item
        return None

    def open(self, number: int) -> Stepped:
        from gargon_notation.cli.stepper import Position, Stepped

        name = self.source.name
        try:
            item = self._unparsed(number)
        except files.FileError as error:
            item = None
            why = f"game {number} can no longer be read: {error}"
        else:
            why = f"game {number} can no longer be read: the file holds fewer games"
        if item is None:
            said = _said_only(why, "read")
            return Stepped(
                Position(0, (0,), broken=True), said, 1, True, "this game cannot be read"
            )
        record = parsed(item, name)
        if isinstance(record, NotationError):
            said = _said_only(str(record), "read")
            return Stepped(
                Position(0, (0,), broken=True), said, 1, True, "this game cannot be read"
            )
        result = replay(record, game_number=number)
        if result.game is None:
            problems = "\n".join(str(problem) for problem in result.problems)
            said = _said_only(problems, "replayed")
            note = "this game cannot be replayed"
            return Stepped(Position(0, (0,), broken=True), said, 1, True, note)
        seat = None
        if self.possible_for is not None and self.possible_for in result.game.names:
            seat = result.game.names.index(self.possible_for)
        return _stepped(result, _Shown(self.shown.possible, seat))


def _said_only(why: str, what: str) -> Callable[[int], tuple[RenderableType, str]]:
    """The screen of a game that cannot be read or replayed (``what``): ``why``, broken
    between words but for the line of a syntax error and its caret under it."""
    said, _, excerpt = why.partition("\n") if what == "read" else (why, "", "")
    body = Group(
        _wrapping(f"This game cannot be {what}:", "bold red"),
        _wrapping(printable(said), "red"),
        *([Text(printable(excerpt), style="red")] if excerpt else []),
    )
    return lambda step: (body, "step 0/0: nothing to step through")


def steps_said(steps: Sequence[Step]) -> list[str]:
    """What happened at each of ``steps``, as the stepper's line says it: the action as
    written, but of a battle only what was decided at that step: at the choice of the colour,
    the colour and the winners written for the fights fought at once, without the
    replacement draws that follow; at a draw after which the next fight is fought, the draw
    and that fight's winner as written (``Collette 2, then R > Dagmar``).

    >>> from gargon_notation.notation import parse_game
    >>> record = parse_game(
    ...     '[Players "Adam" "Bernd" "Collette"]\\n'
    ...     "1. Adam Y2 Y6 R9, Bernd R14 R0 B12, Collette B8 B2 R8\\n"
    ...     "  fights Y > Adam, R > Bernd Bernd (Adam 1, Collette 2), B (Collette 1) *"
    ... )
    >>> steps_said(replay(record).steps)[3:]
    ['Y > Adam', 'R > Bernd', 'Adam 1', 'Collette 2, then R > Bernd', 'B', 'Collette 1']
    """
    said: list[str] = []
    battle: Battle | None = None
    decided = 0  # the fights of ``battle`` decided so far
    for step in steps:
        element = step.element
        fights = sum(isinstance(event, BattleResolved) for event in step.events)
        if isinstance(element, Battle):
            battle, decided = element, fights
            winners = element.winners[:fights] if element.winners else None
            said.append(write_action(attrs.evolve(element, draws=(), winners=winners or None)))
            continue
        text = write_action(element) if element is not None else "(a forgotten draw)"
        if fights and battle is not None and not isinstance(element, Play | Pass):
            winners = battle.winners[decided : decided + fights] if battle.winners else None
            decided += fights
            if winners:
                text += ", then " + write_action(Battle(battle.colour, winners=winners))
        said.append(text)
    return said


def score(paths: list[str], as_json: bool = False, no_color: bool = False, jobs: int = 1) -> None:
    """The work of ``gargon score`` (options: :mod:`gargon_notation.cli.commands`): the games
    of every input in turn, in one report (with several inputs, each JSON entry names its
    ``source``); an input that cannot be read is reported and the others scored.  Games are
    replayed and their scores drawn in ``jobs`` processes."""
    out = common.console(no_color)
    inputs = inputs_of(paths)
    several = len(inputs) > 1
    looks = (Look.of(out), Look.of(common.err, no_color=no_color))
    total = sum(source.size for source in inputs)
    work_for = partial(_score_work, looks, as_json, several)
    with (
        Workers(jobs) as workers,
        Ahead(workers, inputs, work_for) as ahead,
        progress(total, "scoring", show=not as_json, console=error_console) as advance,
    ):
        report = _ScoreReport(out, as_json, several, ahead, advance)
        code = each_input(inputs, report.score_input)
    if as_json and several and not report.first:
        out.print("\n  ]\n}", markup=False)
    raise Exit(max(code, 1 if report.invalid else 0))


@attrs.define
class _ScoreReport:
    """``gargon score`` over its inputs: what was printed so far."""

    out: Console
    as_json: bool
    several: bool
    ahead: Ahead[tuple[str, str, bool]]
    advance: Callable[[int], None]
    invalid: bool = False
    first: bool = True

    def score_input(self, source: files.Input) -> None:
        """Print the scores of one input's games (exits as :meth:`Games.finish` does)."""
        with games_of(source) as games:
            for _, (text, problems, invalid) in self.ahead.each_game(games, self.advance):
                if self.as_json:
                    start = '{\n  "games": [\n' if self.first else ",\n"
                    self.out.print(start + text, markup=False, end="")
                else:
                    write_printed(self.out, text)
                write_printed(common.err, problems)
                self.invalid = invalid or self.invalid
                self.first = False
            if self.as_json and not self.several and not self.first:
                self.out.print("\n  ]\n}", markup=False)
            games.finish()


class _ScoreAtProblem(Visitor):
    """Keeps the table at the walk's first problem (an invalid record has no other score).
    It wants no steps: the walk is then that of ``validate``, the cheapest."""

    wants_steps = False

    def __init__(self) -> None:
        self.game: Game | None = None
        self.state: GameState | None = None

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.game = game

    def visit_problem(self, problem: Problem) -> None:
        if self.state is None and self.game is not None:
            self.state = self.game.snapshot()


def _score_work(
    looks: tuple[Look, Look], as_json: bool, with_source: bool, games: Games
) -> Callable[[int, GameRecord], tuple[str, str, bool]]:
    """The work of scoring the games of ``games`` (:func:`_scored`)."""
    return partial(_scored, looks, as_json, games.source.name, with_source)


def _scored(
    looks: tuple[Look, Look],
    as_json: bool,
    name: str,
    with_source: bool,
    number: int,
    record: GameRecord,
) -> tuple[str, str, bool]:
    """One game's score as printed (JSON: its entry of the list, without what comes before
    it), its problems as printed on standard error, and whether it is invalid; done in a
    worker process.

    An invalid record is scored when its first problem was found, and says so: its finish and
    winners are never claimed.
    """
    at_problem = _ScoreAtProblem()
    result = walk(record, [at_problem], game_number=number)
    finished = result.finished and result.valid
    state = at_problem.state
    if result.valid and result.game is not None:
        state = result.game.snapshot()

    def draw_problems(err: Console) -> None:
        for problem in result.problems:
            err.print(Text(printable(str(problem)), style="red"), soft_wrap=True)

    problems = looks[1].printed(draw_problems)
    if as_json:
        score = state.score() if state is not None else None
        entry: dict[str, object] = {"source": name} if with_source else {}
        entry |= {"game": number, "finished": finished, "valid": result.valid}
        if score is not None:
            entry["players"] = [
                {"name": p.name, "bonus": p.bonus, "amulets": p.amulets, "total": p.total}
                for p in score.players
            ]
            names = [p.name for p in score.players]
            entry["winners"] = [names[s] for s in score.winners] if finished else []
        text = json.dumps(entry, indent=2, ensure_ascii=False)
        return "\n".join("    " + line for line in text.split("\n")), problems, not result.valid
    if not result.valid:
        status = "when the first problem was found (invalid record)"
    else:
        status = "final" if finished else "so far (unfinished)"

    def draw(out: Console) -> None:
        title = f"{printable_name(name)} game {number}: score {status}"
        out.print(Text(printable(title), style="bold"))
        if state is not None:
            out.print(Trimmed(scoreboard(state, final=finished)))

    return looks[0].printed(draw), problems, not result.valid
