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
from gargon_notation.cli.common import Exit, fail, print_problems
from gargon_notation.cli.inputs import Target, games_of, inputs_of, one_input_for, to_stdout, write
from gargon_notation.cli.plain import numbered, write_data
from gargon_notation.cli.seated import SeatedGames
from gargon_notation.errors import NotationError, printable_name
from gargon_notation.notation import GameRecord
from gargon_notation.replay import replay
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
    several = len(inputs) > 1
    items: list[Item] = []
    code = 0
    for source in inputs:
        try:
            code = max(code, _read(source, game, items))
        except Exit as ended:
            code = max(code, ended.exit_code)
    if not items:
        raise Exit(max(code, 1))
    if seat is not None:
        items = _check_seat(seat, items) if game is not None else _seat_games(seat, items)
    page = games_page(items, seat, sources=several)
    for number, item in items:
        if isinstance(item, NotationError):
            continue
        result = replay(item, game_number=number, keep_steps=False)
        if result.problems:
            code = max(code, 1)
            print_problems(result)
    if output is None or to_stdout(output):
        write_data(page)
    else:
        write(output, page)
    raise Exit(code)


def _read(source: files.Input, game: int | None, items: list[Item]) -> int:
    """Add the games of ``source`` (only game ``game`` of it, if given) to ``items``; its
    exit code so far: 1 when a game cannot be read (each is printed; it is on the page
    all the same).  Exit 1 for an input without a game, 2 for a ``game`` it does not hold
    or an input that cannot be read (its games read before stay)."""
    with games_of(source) as games:
        for number, item in games.items():
            if game is None or number == game:
                items.append((number, item))
    total = games.count + games.errors
    if not total:
        fail(f"{printable_name(source.name)}: no game found", 1)
    if game is not None and not 1 <= game <= total:
        fail(f"--game {game}: the file holds {numbered('game', 1, total)}")
    return 1 if games.errors else 0


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
