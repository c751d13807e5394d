"""``gargon svg``: one picture of the table at a moment (:mod:`gargon_notation.web.svg`).

The moment is picked as ``gargon replay`` picks it (:func:`~gargon_notation.cli.view.picked_step`),
with the same messages for a round or a step the game does not have.
"""

from __future__ import annotations

from pathlib import Path

import typer

from gargon_notation.actions import not_at_table
from gargon_notation.cli.common import fail, plural, print_error, print_problems
from gargon_notation.cli.inputs import output
from gargon_notation.cli.view import picked_step, replayed_game
from gargon_notation.web.svg import table_svg

__all__ = ["svg_command"]


def svg_command(
    file: str,
    game: int = 1,
    round_: int | None = None,
    step: int | None = None,
    seat: str | None = None,
    target: Path | None = None,
) -> None:
    """The work of ``gargon svg`` (options: :mod:`gargon_notation.cli.commands`).

    The picture goes to ``target`` (replaced atomically) or to standard output.  On an invalid
    record, a moment at or after the first problem is drawn as the table when the problem was
    found; the problems go to standard error and the exit code is 1.
    """
    if round_ is not None and step is not None:
        fail("give --round or --step, not both")
    result, unreadable = replayed_game(file, game)
    assert result.game is not None
    names = result.game.names
    if seat is not None and seat not in names:
        fail(f"--seat {seat}: {not_at_table(seat, names)}")
    moment = picked_step(result, round_, step)
    broken = result.first_problem_at
    if moment is None:
        moment = len(result.steps) if broken is None else broken
    who = None if seat is None else names.index(seat)
    with output(target) as write:
        write(table_svg(result.state_after(moment), who, step=moment))
    if result.problems:
        if moment == broken:
            what = "the picture is the table when the first problem was found"
        else:
            what = "a later point of the game holds problems"
        print_error(f"Invalid record ({what}); {plural(len(result.problems), 'problem')}:")
        print_problems(result)
    raise typer.Exit(1 if result.problems or unreadable else 0)
