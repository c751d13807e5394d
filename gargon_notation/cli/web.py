"""``gargon html``: the viewer page of a record file (:mod:`gargon_notation.web.page`).

The page is written to ``-o FILE`` (atomically) or to standard output when that is a file or
a pipe; a page of HTML is never poured onto a terminal.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from gargon_notation.actions import not_at_table
from gargon_notation.cli.common import fail, print_problems
from gargon_notation.cli.inputs import games_of, write
from gargon_notation.cli.terminal import write_data
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.replay import replay
from gargon_notation.web.page import Item, games_page

__all__ = ["html_command"]


def html_command(
    file: str,
    output: Path | None = None,
    game: int | None = None,
    seat: str | None = None,
) -> None:
    """The work of ``gargon html`` (options: :mod:`gargon_notation.cli.commands`).

    Exit 0 when every game on the page is valid, 1 when one is invalid or unreadable (the
    page is written all the same, showing each problem at its step), 2 for a usage or I/O
    error: no -o on a terminal, a --game the file does not hold, a --seat not at a table.
    """
    if output is None and sys.stdout.isatty():
        fail("the page is HTML: write it with -o PAGE.html (or redirect standard output)")
    with games_of(file) as games:
        items = list(games.items())
    if not items:
        fail(f"{games.source.name}: no game found", 1)
    if game is not None:
        if not 1 <= game <= len(items):
            fail(f"--game {game}: the file holds games 1-{len(items)}")
        items = [items[game - 1]]
    if seat is not None:
        _check_seat(seat, items, several=game is None and len(items) > 1)
    page = games_page(items, seat)
    bad = False
    for number, item in items:
        if isinstance(item, NotationError):
            bad = True
            continue
        result = replay(item, game_number=number, keep_steps=False)
        if result.problems:
            bad = True
            print_problems(result)
    if output is None or str(output) == "-":
        write_data(page)
    else:
        write(output, page)
    raise typer.Exit(1 if bad else 0)


def _check_seat(seat: str, items: list[Item], several: bool) -> None:
    """Exit 2 when ``seat`` is not at the table of a readable game."""
    for number, item in items:
        if not isinstance(item, GameRecord):
            continue
        players = item.tag("Players")
        names = players.values if players is not None else ()
        if seat not in names:
            where = f"game {number}: " if several else ""
            if not names:
                fail(f"--seat {seat}: {where}the record has no Players tag")
            fail(f"--seat {seat}: {where}{not_at_table(seat, names)}")
