"""``gargon html``: the viewer page of the games of one input or of several
(:mod:`gargon_notation.web.page`).

The page is written to ``-o FILE`` (atomically) or to standard output when that is a file or
a pipe; a page of HTML is never poured onto a terminal.  The games of several inputs share one
page, each named in it by its file and its number there; ``--game`` picks a game of one input.
"""

from __future__ import annotations

import sys

from gargon_notation import files
from gargon_notation.actions import not_at_table
from gargon_notation.cli.common import Exit, fail, print_error, print_problems
from gargon_notation.cli.inputs import (
    Target,
    games_of,
    inputs_of,
    one_input_for,
    parsed,
    to_stdout,
    writable,
    write,
)
from gargon_notation.cli.plain import numbered, write_data
from gargon_notation.cli.seated import SeatedGames
from gargon_notation.errors import NotationError, printable_name
from gargon_notation.notation import GameRecord
from gargon_notation.replay import Replay
from gargon_notation.web.page import Item, games_page

__all__ = ["html_command"]


def html_command(
    paths: list[str],
    output: Target = None,
    game: int | None = None,
    seat: str | None = None,
) -> None:
    """The work of ``gargon html`` (options: :mod:`gargon_notation.cli.commands`).

    Exit 0 when every game on the page is valid, 1 when one is invalid or unreadable, or an
    input holds no game (the page is written all the same, showing each problem at its
    step), 2 for a usage or I/O error: no -o on a terminal, --game with several inputs or
    outside its file, a --seat not at the table of --game or of any game, an input that
    cannot be opened or read (the page then holds the others' games).  With --seat, the
    games the seat did not play are left out, named in one line on standard error.
    """
    if output is None and sys.stdout.isatty():
        fail("the page is HTML: write it with -o PAGE.html (or redirect standard output)")
    inputs = inputs_of(paths)
    if game is not None:
        one_input_for(f"--game {game}", inputs)
    writable(output)  # said now, not once every game is read
    several = len(inputs) > 1
    items: list[Item] = []
    empty: list[tuple[int, str]] = []
    """Each input without a game, said where it stands among the games (after so many)."""
    code = 0
    for source in inputs:
        try:
            code = max(code, _read(source, game, items))
        except _NoGame as nothing:
            empty.append((len(items), nothing.message))
            code = max(code, 1)
        except Exit as ended:
            code = max(code, ended.exit_code)
    places = {id(item[1]): place for place, item in enumerate(items)}
    if not items:
        _tell_empty(empty, len(inputs))
        raise Exit(max(code, 1))
    if seat is not None:
        items = _check_seat(seat, items) if game is not None else _seat_games(seat, items)
    problems = 0

    def told(item: Item, result: Replay | None) -> None:
        # Each game's problems as its replay for the page finds them, in the order of the
        # inputs: those of games that cannot be read, and inputs without a game, among them.
        nonlocal problems
        _tell_empty(empty, places[id(item[1])])
        if result is None:
            print_error(str(item[1]))
        elif result.problems:
            problems += 1
            print_problems(result)

    page = games_page(items, seat, sources=several, replayed=told)
    _tell_empty(empty, len(places))
    if problems:
        code = max(code, 1)
    if output is None or to_stdout(output):
        write_data(page)
    else:
        write(output, page)
    raise Exit(code)


class _NoGame(Exception):
    """An input without a game (exit 1), said in its place among the games' problems."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _tell_empty(empty: list[tuple[int, str]], before: int) -> None:
    """Say each input without a game that came before game ``before`` (counted from 0
    over every game read), and forget it."""
    while empty and empty[0][0] <= before:
        print_error(f"gargon: {empty.pop(0)[1]}")


def _read(source: files.Input, game: int | None, items: list[Item]) -> int:
    """Add the games of ``source`` (only game ``game`` of it, if given) to ``items``; its
    exit code so far: 1 when a game cannot be read (not printed here: the page's replays
    tell each problem in the order of the games; the game is on the page all the same).
    Raises :class:`_NoGame` for an input without a game; exit 2 for a ``game`` it does not
    hold or an input that cannot be read (its games read before stay)."""
    total = errors = 0
    with games_of(source) as games:
        for number, chunk in games.unparsed():
            total = number
            if game is None or number == game:
                item = parsed(chunk, source.name)
                errors += isinstance(item, NotationError)
                items.append((number, item))  # an error is told with the page's problems
    if not total:
        raise _NoGame(f"{printable_name(source.name)}: no game found")
    if game is not None and not 1 <= game <= total:
        fail(f"--game {game}: the file holds {numbered('game', 1, total)}")
    return 1 if errors else 0


def _check_seat(seat: str, items: list[Item]) -> list[Item]:
    """``items``, the one game ``--game`` asked for; exit 2 when ``seat`` is not at its table."""
    for _, item in items:
        if not isinstance(item, GameRecord):
            continue
        players = item.tag("Players")
        names = players.values if players is not None else ()
        if not names:
            fail(f"--seat {seat}: the record has no Players tag")
        if seat not in names:
            fail(f"--seat {seat}: {not_at_table(seat, names)}")
    return items


def _seat_games(seat: str, items: list[Item]) -> list[Item]:
    """The games of ``items`` at which ``seat`` sat (and those that cannot be read, which
    show their error); the others are left out, named in one line on standard error.  Exit
    2 when ``seat`` sat at none (with the name it most likely means over every game)."""
    seated = SeatedGames(seat)
    kept = [
        (number, item)
        for number, item in items
        if not isinstance(item, GameRecord) or seated.played(item.source, number, item)
    ]
    seated.finish()
    return kept
