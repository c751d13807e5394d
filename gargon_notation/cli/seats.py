"""``gargon convert --seat``, ``gargon check-hidden`` and ``gargon merge``: a record as one
seat knew it, a check that a file shows no more, and records of one game put together.

The work is the library's (:mod:`gargon_notation.seats`, :mod:`gargon_notation.merging`);
this module reads the files, prints, and sets the exit code.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import typer
from rich.text import Text

from gargon_notation import files
from gargon_notation.cli import common
from gargon_notation.cli.common import fail, plural, print_error
from gargon_notation.cli.inputs import games_of, single_input
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.terminal import printable
from gargon_notation.errors import NotationError
from gargon_notation.merging import MergeError, merge_records
from gargon_notation.notation import GameRecord, parse_game
from gargon_notation.seats import (
    SeatError,
    SourceText,
    face_down_plays,
    find_leaks,
    seat_record,
)
from gargon_notation.validation import iter_chunks

__all__ = ["check_hidden", "convert_for_seat", "merge"]

Read = tuple[int, GameRecord | NotationError, SourceText | None]
"""A game of a file: its number (from 1), its record or why it cannot be read, its text."""


def _who(seat: str | None, public: bool) -> str | None:
    """The seat a verb is for (None: the public); exit 2 unless exactly one is given."""
    if public and seat is not None:
        fail("--seat and --public: choose one")
    if not public and seat is None:
        fail("say whose record it is: --seat NAME (a player), or --public (everyone)")
    return seat


def _format(name: str) -> files.Format:
    """The output form ``--to`` names; exit 2 for any other."""
    for format in files.FORMATS:
        if format == name:
            return format
    fail(f"--to {name}: choose ggn, json or jsonl")


def _seat_error(error: SeatError, record: GameRecord, number: int) -> None:
    """A game that cannot be given for the seat: its problems, or why, on standard error."""
    for problem in error.problems:
        print_error(str(problem))
    if not error.problems:
        tag = record.tag("Players")
        where = f"{record.source}:{tag.line}:{tag.column}" if tag and tag.line else record.source
        print_error(f"{where}: game {number}: {error.message}")


@contextlib.contextmanager
def _games_with_text(path: str) -> Iterator[tuple[files.Input, Iterator[Read]]]:
    """The games of one input with the text each was read from (notation only: JSON keeps
    no places); exit 2 when the input cannot be read."""
    source = single_input(path)
    try:
        with files.open_input(source) as handle:
            format, stream = files.sniff_stream(handle, source.path)

            def games() -> Iterator[Read]:
                if format != "ggn":
                    for number, item in enumerate(files.iter_games(stream, format, source.name), 1):
                        yield number, item, None
                    return
                for number, chunk in enumerate(iter_chunks(stream, source.name), start=1):
                    if chunk.error is not None:
                        yield number, chunk.error, None
                        continue
                    try:
                        record = parse_game(chunk.text, source.name, chunk.first_line)
                    except NotationError as error:
                        yield number, error, None
                        continue
                    yield number, record, SourceText(chunk.text, chunk.first_line)

            yield source, games()
    except files.FileError as error:
        fail(str(error))
    except OSError as error:
        fail(str(files.FileError.from_os_error(source.name, error)))


# -- convert --seat ----------------------------------------------------------------------


class _Abandon(Exception):
    """Leaves an output block without writing anything."""


def convert_for_seat(
    file: str, seat: str | None, public: bool, to: str | None, output: Path | None
) -> None:
    """The work of ``gargon convert --seat NAME`` and ``--public`` (options:
    :mod:`gargon_notation.cli.commands`): every game as the seat knew it, in the input's
    form unless ``--to`` says another; nothing is written when a game cannot be given."""
    who = _who(seat, public)
    target = None if to is None else _format(to)
    failed = False
    with games_of(file) as games:

        def exported() -> Iterator[GameRecord]:
            nonlocal failed
            for number, record in games:
                try:
                    mine = seat_record(record, who)
                except SeatError as error:
                    failed = True
                    _seat_error(error, record, number)
                    continue
                _notes(record, mine, who, number)
                yield mine

        try:
            with output_to(output) as write_piece:
                for piece in files.iter_dumps(exported(), target or games.format):
                    write_piece(piece)
                if failed:
                    raise _Abandon
                games.finish()
        except _Abandon:
            print_error(f"{games.source.name}: nothing written")
            raise typer.Exit(1) from None


def _notes(record: GameRecord, mine: GameRecord, who: str | None, number: int) -> None:
    """What the seat's record leaves out, and comments that name what the seat did not see."""
    viewer = "the public" if who is None else who
    hidden = [play for play in face_down_plays(record) if play.player != who]
    if hidden:
        play = hidden[0]
        where = f"{record.source}:{play.line}:{play.column}" if play.line else record.source
        print_error(
            f"note: {where}: game {number}: {play.player}'s play and what follows it in round "
            f"{record.rounds[-1].number} are left out: its cards are still face down for "
            f"{viewer} where the record stops"
        )
    for leak in find_leaks(mine, who):
        print_error(
            f"warning: {leak}; comments are copied as written: edit this one before publishing"
        )


# -- check-hidden ------------------------------------------------------------------------


def check_hidden(file: str, seat: str | None, public: bool) -> None:
    """The work of ``gargon check-hidden`` (options: :mod:`gargon_notation.cli.commands`):
    every value the seat could not have seen, located; exit 0 when there is none."""
    who = _who(seat, public)
    viewer = "the public" if who is None else who
    leaks = unreadable = count = 0
    games_with_leaks = 0
    out = common.out
    with _games_with_text(file) as (source, games):
        for number, item, text in games:
            count += 1
            if isinstance(item, NotationError):
                unreadable += 1
                print_error(str(item))
                continue
            try:
                found = find_leaks(item, who, text=text)
            except SeatError as error:
                unreadable += 1
                _seat_error(error, item, number)
                continue
            games_with_leaks += bool(found)
            leaks += len(found)
            for leak in found:
                out.print(Text(printable(str(leak))), soft_wrap=True)
    name = source.name
    if not count:
        fail(f"{name}: no game found", 1)
    if leaks:
        out.print(
            Text(
                printable(
                    f"LEAK {name}: {plural(leaks, 'value')} {viewer} could not have seen, in "
                    f"{games_with_leaks} of {plural(count, 'game')}: not fit to publish for "
                    f"{viewer}"
                ),
                style="bold red",
            ),
            soft_wrap=True,
        )
    if unreadable:
        print_error(f"{name}: {plural(unreadable, 'game')} could not be checked")
    if leaks or unreadable:
        raise typer.Exit(1)
    out.print(
        Text(
            printable(
                f"no leak: {name} holds no value {viewer} could not have seen "
                f"({plural(count, 'game')})"
            ),
            style="bold green",
        ),
        soft_wrap=True,
    )
    raise typer.Exit(0)


# -- merge -------------------------------------------------------------------------------


def merge(paths: list[str], to: str, output: Path | None) -> None:
    """The work of ``gargon merge`` (options: :mod:`gargon_notation.cli.commands`): game k of
    every file merged into game k of the result; nothing is written on any contradiction."""
    if len(paths) < 2:
        fail("merge needs at least two records of the game")
    target = _format(to)
    inputs: list[tuple[str, list[Read]]] = []
    for path in paths:
        with _games_with_text(path) as (source, reading):
            inputs.append((source.name, list(reading)))
    broken = False
    for _, read in inputs:
        for _, item, _ in read:
            if isinstance(item, NotationError):
                broken = True
                print_error(str(item))
    if broken:
        print_error("nothing written: a record could not be read")
        raise typer.Exit(1)
    counts = {name: len(games) for name, games in inputs}
    if len(set(counts.values())) != 1:
        held = ", ".join(f"{name} {plural(count, 'game')}" for name, count in counts.items())
        print_error(f"nothing written: the files do not hold the same games ({held})")
        raise typer.Exit(1)
    if not next(iter(counts.values())):
        fail(f"{inputs[0][0]}: no game found", 1)
    merged: list[GameRecord] = []
    failed = False
    for k in range(len(inputs[0][1])):
        records = [item for _, games in inputs if isinstance(item := games[k][1], GameRecord)]
        texts = [games[k][2] for _, games in inputs]
        try:
            merged.append(merge_records(records, texts=texts))
        except MergeError as error:
            failed = True
            for found in error.contradictions:
                print_error(f"{found}" if len(inputs[0][1]) == 1 else f"game {k + 1}: {found}")
    if failed:
        print_error("nothing written: the records contradict one another")
        raise typer.Exit(1)
    with output_to(output) as write_piece:
        for piece in files.iter_dumps(merged, target):
            write_piece(piece)
    raise typer.Exit(0)
