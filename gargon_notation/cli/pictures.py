"""``gargon svg``: pictures of the table at a moment (:mod:`gargon_notation.web.svg`).

The moment is picked as ``gargon replay`` picks it (:func:`~gargon_notation.cli.view.picked_step`),
with the same messages for a round or a step the game does not have.

The games drawn are those of every input, or game N of the one input (``--game N``).  One
game: its picture goes to standard output or to ``-o FILE``.  Several: ``-o DIR`` is needed (a
directory, made if need be), and each picture is written there atomically, as
``STEM-NNNN.svg``: the input's file name without its suffix (``stdin`` for standard input) and
the game's number in it, four digits at least (:func:`picture_name`).  An existing directory
always gets named pictures, even of one game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs

from gargon_notation import files
from gargon_notation.actions import not_at_table
from gargon_notation.cli import common
from gargon_notation.cli.common import Exit, fail, plural, print_error, print_problems
from gargon_notation.cli.inputs import (
    games_of,
    inputs_of,
    one_input_for,
    output,
    to_stdout,
    write,
)
from gargon_notation.cli.plain import numbered
from gargon_notation.cli.seated import SeatedGames
from gargon_notation.cli.view import picked_step
from gargon_notation.errors import NotationError, printable_name
from gargon_notation.notation import GameRecord
from gargon_notation.replay import Replay, replay
from gargon_notation.web.svg import table_svg

__all__ = ["picture_name", "svg_command"]

Selected = tuple[files.Input, int, GameRecord | NotationError]
"""A game to draw: its input, its number there (from 1), its record or why it cannot be read."""


def picture_name(source: files.Input, number: int) -> str:
    """The name of game ``number``'s picture in ``-o DIR``.

    >>> picture_name(files.Input("club/night.ggn", Path("club/night.ggn")), 2)
    'night-0002.svg'
    >>> picture_name(files.Input.stdin(), 12345)
    'stdin-12345.svg'
    """
    stem = "stdin" if source.path is None else source.path.stem
    return f"{stem}-{number:04d}.svg"


@attrs.frozen
class _Moment:
    """What ``svg`` draws of each game: the moment (``--round`` or ``--step``; neither: the
    end) and the view (``--seat``; None: everything the record knows)."""

    round_: int | None
    step: int | None
    seat: str | None


def svg_command(
    paths: list[str],
    game: int | None = None,
    round_: int | None = None,
    step: int | None = None,
    seat: str | None = None,
    output_path: str | None = None,
) -> None:
    """The work of ``gargon svg`` (options: :mod:`gargon_notation.cli.commands`).

    ``output_path`` is ``-o`` as given: a directory when it exists as one or ends in ``/``.

    On an invalid record, a moment at or after the first problem is drawn as the table when
    the problem was found; the problems go to standard error and the exit code is 1.  With
    several games, one that cannot be drawn (a round it does not have) is reported and the
    others drawn; the exit code is the highest.  With --seat (and no --game), the games the
    seat played are drawn, the others named in one line on standard error; a seat who
    played none is refused (exit 2).
    """
    if round_ is not None and step is not None:
        fail("give --round or --step, not both")
    if output_path is None and sys.stdout.isatty():  # 26 kB of XML a picture, as html's page
        fail("the picture is SVG: write it with -o PICTURE.svg (or redirect standard output)")
    if to_stdout(output_path):
        output_path = None  # standard output, as for every verb
    inputs = inputs_of(paths)
    if game is not None:
        one_input_for(f"--game {game}", inputs)
    moment = _Moment(round_, step, seat)
    selection = _Selection(inputs, game)
    seated = SeatedGames(seat) if seat is not None and game is None else None
    games = iter(selection) if seated is None else _seated(selection, seated)
    first = next(games, None)
    second = next(games, None) if first is not None else None
    target = None if output_path is None else Path(output_path)
    directory = output_path is not None and (
        os.path.isdir(output_path) or output_path.endswith(("/", os.sep))
    )
    if second is not None and not directory:
        _check_directory(target, inputs)
        directory = True
    code = 0
    if first is not None and not directory:
        code = _draw_one(first, moment, target)
    elif first is not None:
        assert target is not None
        _check_names(target, inputs)
        try:
            files.make_folders(target)
        except OSError as error:
            fail(str(files.FileError.from_os_error(str(target), error)))
        for selected in _chained(first, second, games):
            code = max(code, _draw_into(target, selected, moment))
    if seated is not None:
        seated.finish()
    raise Exit(max(code, selection.code, 0 if first is not None else 1))


def _seated(selection: Iterable[Selected], seated: SeatedGames) -> Iterator[Selected]:
    """The games of ``selection`` the seat played (and those that cannot be read)."""
    for selected in selection:
        source, number, item = selected
        if not isinstance(item, GameRecord) or seated.played(source.name, number, item):
            yield selected


def _chained(
    first: Selected, second: Selected | None, rest: Iterator[Selected]
) -> Iterator[Selected]:
    yield first
    if second is not None:
        yield second
        yield from rest


def _check_directory(target: Path | None, inputs: list[files.Input]) -> None:
    """Exit 2 unless ``target`` can be the directory that several pictures need."""
    if len(inputs) == 1:
        what = f"{printable_name(inputs[0].name)} holds several games"
        pick = ", or --game N for one"
    else:
        what = f"the {len(inputs)} inputs hold several games"
        pick = ""
    if target is None:
        fail(f"{what}: give -o DIR to write a picture of each{pick}")
    if target.exists() or target.suffix.lower() == ".svg":
        fail(
            f"-o {printable_name(str(target))}: {what}: give a directory for a picture of "
            f"each{pick}"
        )


def _check_names(target: Path, inputs: list[files.Input]) -> None:
    """Exit 2 when two inputs would write pictures of the same names."""
    seen: dict[str, files.Input] = {}
    for source in inputs:
        key = picture_name(source, 1).casefold()
        other = seen.setdefault(key, source)
        if other is not source and other.name != source.name:
            stem = picture_name(source, 1).removesuffix("-0001.svg")
            names = [printable_name(name) for name in (str(target), other.name, source.name)]
            fail(
                f"-o {names[0]}: {names[1]} and {names[2]} would both write {stem}-NNNN.svg: "
                "draw them in separate runs, into separate directories"
            )


@attrs.define
class _Selection:
    """The games to draw, one at a time: every game of every input, or game ``game`` of the
    one input.  A game that cannot be read comes as its error (printed); :attr:`code` is the
    highest exit code of the inputs (1 a game that cannot be read or no game, 2 an input
    that cannot be read or a ``game`` it does not hold), and the next input is read."""

    inputs: list[files.Input]
    game: int | None
    code: int = 0

    def __iter__(self) -> Iterator[Selected]:
        for source in self.inputs:
            try:
                with games_of(source) as games:
                    for number, item in games.items():
                        if self.game is None or number == self.game:
                            yield source, number, item
                            if self.game is not None:
                                break
                    else:
                        games.finish()
                        total = games.count + games.errors
                        if self.game is not None:
                            fail(f"--game {self.game}: the file holds {numbered('game', 1, total)}")
                    if games.errors:
                        self.code = max(self.code, 1)
            except Exit as ended:
                self.code = max(self.code, ended.exit_code)


def _draw_one(selected: Selected, moment: _Moment, target: Path | None) -> int:
    """The picture of the one game drawn, to ``target`` or standard output; its exit code
    (usage errors exit 2 at once)."""
    _, number, item = selected
    if isinstance(item, NotationError):
        return 1
    result = replay(item, game_number=number)
    if result.game is None:
        print_problems(result)
        return 1
    names = result.game.names
    if moment.seat is not None and moment.seat not in names:
        fail(f"--seat {moment.seat}: {not_at_table(moment.seat, names)}")
    step = picked_step(result, moment.round_, moment.step)
    broken = result.first_problem_at
    if step is None:
        step = len(result.steps) if broken is None else broken
    who = None if moment.seat is None else names.index(moment.seat)
    with output(target) as write_text:
        write_text(table_svg(result.state_after(step), who, step=step))
    _tell_problems("", step, result)
    return 1 if result.problems else 0


def _draw_into(directory: Path, selected: Selected, moment: _Moment) -> int:
    """The picture of one game of several, written into ``directory`` and listed on standard
    output; its exit code (a game that cannot be drawn is reported, exit code 2)."""
    source, number, item = selected
    if isinstance(item, NotationError):
        return 1
    where = f"{printable_name(source.name)} game {number}: "
    result = replay(item, game_number=number)
    if result.game is None:
        print_problems(result)
        return 1
    names = result.game.names
    try:
        if moment.seat is not None and moment.seat not in names:
            fail(f"{where}--seat {moment.seat}: {not_at_table(moment.seat, names)}")
        step = picked_step(result, moment.round_, moment.step, where)
    except Exit as ended:
        return ended.exit_code
    broken = result.first_problem_at
    if step is None:
        step = len(result.steps) if broken is None else broken
    who = None if moment.seat is None else names.index(moment.seat)
    path = directory / picture_name(source, number)
    write(path, table_svg(result.state_after(step), who, step=step))
    common.out.print(
        f"{printable_name(str(path))}: {printable_name(source.name)} game {number}, step {step}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    _tell_problems(where, step, result)
    return 1 if result.problems else 0


def _tell_problems(where: str, step: int, result: Replay) -> None:
    """After the picture of an invalid record: what it shows, and the problems."""
    if not result.problems:
        return
    if step == result.first_problem_at:
        what = "the picture is the table when the first problem was found"
    else:
        what = "a later point of the game holds problems"
    heading = f"{where}invalid record" if where else "Invalid record"
    print_error(f"{heading} ({what}); {plural(len(result.problems), 'problem')}:")
    print_problems(result)
