"""``gargon convert --seat``, ``gargon check-hidden`` and ``gargon merge``: a record as one
seat knew it, a check that a file shows no more, and records of one game put together.

The work is the library's (:mod:`gargon_notation.seats`, :mod:`gargon_notation.merging`);
this module reads the files, prints, and sets the exit code.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import attrs
from rich.console import Console
from rich.text import Text

from gargon_notation import files
from gargon_notation.cli import common
from gargon_notation.cli.common import Exit, fail, plural, print_error
from gargon_notation.cli.inputs import Target, each_input, games_of, inputs_of
from gargon_notation.cli.inputs import output as output_to
from gargon_notation.cli.seated import SeatedGames
from gargon_notation.cli.terminal import printable
from gargon_notation.errors import NotationError, printable_name
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
    fail(f"--to {name}: choose one of {', '.join(files.FORMATS)}")


def _seat_error(error: SeatError, record: GameRecord, number: int) -> None:
    """A game that cannot be given for the seat: its problems, or why, on standard error."""
    for problem in error.problems:
        print_error(str(problem))
    if not error.problems:
        tag = record.tag("Players")
        source = printable_name(record.source)
        where = f"{source}:{tag.line}:{tag.column}" if tag and tag.line else source
        print_error(f"{where}: game {number}: {error.message}")


def _games_with_text(source: files.Input) -> Iterator[Read]:
    """The games of one input, one at a time, with the text each was read from (notation
    only: JSON keeps no places); exit 2 when the input cannot be read."""
    try:
        with files.open_input(source) as handle:
            format, stream = files.sniff_stream(handle, source.path)
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
    except files.FileError as error:
        fail(str(error))
    except OSError as error:
        fail(str(files.FileError.from_os_error(source.name, error)))


# -- convert --seat ----------------------------------------------------------------------


class _Abandon(Exception):
    """Leaves an output block without writing anything."""


def convert_for_seat(
    file: str, seat: str | None, public: bool, to: str | None, output: Target
) -> None:
    """The work of ``gargon convert --seat NAME`` and ``--public`` (options:
    :mod:`gargon_notation.cli.commands`): every game the seat played as it knew it, in the
    input's form unless ``--to`` says another (the games it did not play are left out, named
    in one line on standard error; exit 2 when it played none); nothing is written when a
    game cannot be given."""
    who = _who(seat, public)
    target = None if to is None else _format(to)
    failed = False
    leaks = 0
    seated = None if who is None else SeatedGames(who)
    with games_of(file) as games:

        def exported() -> Iterator[GameRecord]:
            nonlocal failed, leaks
            for number, record in games:
                if seated is not None and not seated.played(games.source.name, number, record):
                    continue
                try:
                    mine = seat_record(record, who)
                except SeatError as error:
                    failed = True
                    _seat_error(error, record, number)
                    continue
                leaks += _notes(record, mine, who, number)
                yield mine

        try:
            with output_to(output) as write_piece:
                for piece in files.iter_dumps(exported(), target or games.format):
                    write_piece(piece)
                if failed:
                    raise _Abandon
                games.finish()
                if seated is not None and not seated.kept and seated.left_out:
                    raise _Abandon
        except _Abandon:
            if seated is not None and not failed:
                seated.finish()  # the seat played none of the games: exit 2
            print_error(f"{printable_name(games.source.name)}: nothing written")
            raise Exit(1) from None
        if seated is not None:
            seated.finish()
    if leaks:
        # Written, so that the comments and tags can be edited; but a script publishing what
        # exits 0 would publish what the seat must not see.
        viewer = "the public" if who is None else who
        print_error(
            f"{printable_name(games.source.name)}: written, with {plural(leaks, 'value')} "
            f"{viewer} could not have seen (warned above): edit what names "
            f"{'it' if leaks == 1 else 'them'} before publishing"
        )
        raise Exit(1)


def _notes(record: GameRecord, mine: GameRecord, who: str | None, number: int) -> int:
    """What the seat's record leaves out, and comments and tag values that name what the seat
    did not see (a warning each, and their number returned)."""
    viewer = "the public" if who is None else who
    hidden = [play for play in face_down_plays(record) if play.player != who]
    if hidden:
        play = hidden[0]
        source = printable_name(record.source)
        where = f"{source}:{play.line}:{play.column}" if play.line else source
        print_error(
            f"note: {where}: game {number}: {play.player}'s play and what follows it in round "
            f"{record.rounds[-1].number} are left out: its cards are still face down for "
            f"{viewer} where the record stops"
        )
    leaks = find_leaks(mine, who)
    for leak in leaks:
        copied = (
            "comments are" if leak.reason.startswith("named in a comment") else "tag values are"
        )
        print_error(f"warning: {leak}; {copied} copied as written: edit this one before publishing")
    return len(leaks)


# -- check-hidden ------------------------------------------------------------------------


def check_hidden(paths: list[str], seat: str | None, public: bool, no_color: bool = False) -> None:
    """The work of ``gargon check-hidden`` (options: :mod:`gargon_notation.cli.commands`):
    every value the seat could not have seen, located, input by input (one that cannot be
    read is reported and the others checked); exit 0 when there is none anywhere.  The
    verdicts are in colour, unless ``no_color``."""
    out = common.console(no_color)
    who = _who(seat, public)
    inputs = inputs_of(paths)
    verdicts: list[str] = []

    def check(source: files.Input) -> None:
        verdict = _check_one(source, who, out)
        verdicts.append(verdict)
        raise Exit(0 if verdict == "clean" else 1)

    code = each_input(inputs, check)
    if len(inputs) > 1:
        viewer = "the public" if who is None else who
        clean, leaky = verdicts.count("clean"), verdicts.count("leaks")
        unchecked = len(inputs) - clean - leaky
        summary = (
            f"{plural(len(inputs), 'file')} checked for {viewer}: {clean} without a leak, "
            f"{leaky} with leaks"
        )
        if unchecked:
            summary += f"; {unchecked} could not be checked (see above)"
        out.print(
            Text(printable(summary), style="bold red" if code else "bold green"), soft_wrap=True
        )
    raise Exit(code)


def _check_one(source: files.Input, who: str | None, out: Console) -> str:
    """``check-hidden`` of one input: its leaks and verdict printed on ``out``;
    ``"clean"``, ``"leaks"`` or ``"unchecked"`` (a game could not be checked).  Exit 1 for an
    input without a game, 2 for one that cannot be read."""
    viewer = "the public" if who is None else who
    leaks = unreadable = count = 0
    games_with_leaks = 0
    for number, item, text in _games_with_text(source):
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
    name = printable_name(source.name)
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
    if leaks:
        return "leaks"
    if unreadable:
        return "unchecked"
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
    return "clean"


# -- merge -------------------------------------------------------------------------------


def merge(paths: list[str], to: str, output: Target) -> None:
    """The work of ``gargon merge`` (options: :mod:`gargon_notation.cli.commands`): game k of
    every input merged into game k of the result, the inputs read side by side, a game at a
    time; nothing is written on any contradiction, game that cannot be read, or input that
    holds more games than another."""
    target = _format(to)
    inputs = inputs_of(paths)
    if len(inputs) < 2:
        fail(
            "merge needs at least two records of the game, and "
            f"{printable_name(inputs[0].name)} is the only input"
        )
    merging = _Merging(inputs)
    try:
        with output_to(output) as write_piece:
            for piece in files.iter_dumps(merging.merged(), target):
                write_piece(piece)
            if merging.broken or merging.uneven or merging.contradictions:
                raise _Abandon
    except _Abandon:
        merging.report()
        raise Exit(1) from None
    if not merging.counts[0]:
        fail(f"{printable_name(inputs[0].name)}: no game found", 1)
    raise Exit(0)


@attrs.define
class _Merging:
    """``merge`` over its inputs, read side by side: what went wrong so far."""

    inputs: list[files.Input]
    counts: list[int] = attrs.Factory(list)
    broken: bool = False
    """A game could not be read (printed as it was read)."""
    contradictions: list[str] = attrs.Factory(list)
    """The contradictions found, printed at the end unless the inputs are uneven (their
    games then do not line up)."""

    @property
    def uneven(self) -> bool:
        """Whether the inputs do not hold the same number of games."""
        return len(set(self.counts)) > 1

    def merged(self) -> Iterator[GameRecord]:
        """The merge of each game k of the inputs, one at a time (none once something went
        wrong, though every input is still read to its end)."""
        readers = [_games_with_text(source) for source in self.inputs]
        self.counts = [0] * len(readers)
        for row in itertools.zip_longest(*readers):
            for index, entry in enumerate(row):
                if entry is not None:
                    self.counts[index] += 1
                    if isinstance(entry[1], NotationError):
                        self.broken = True
                        print_error(str(entry[1]))
            if self.broken or self.uneven:
                continue
            games = [entry for entry in row if entry is not None]
            records = [item for _, item, _ in games if isinstance(item, GameRecord)]
            try:
                record = merge_records(records, texts=[text for _, _, text in games])
            except MergeError as error:
                number = games[0][0]
                self.contradictions += [f"game {number}: {found}" for found in error.contradictions]
                continue
            if not self.contradictions:
                yield record

    def report(self) -> None:
        """Why nothing was written, on standard error."""
        if self.broken:
            print_error("nothing written: a record could not be read")
        elif self.uneven:
            held = ", ".join(
                f"{printable_name(source.name)} {plural(count, 'game')}"
                for source, count in zip(self.inputs, self.counts, strict=True)
            )
            print_error(f"nothing written: the files do not hold the same games ({held})")
        else:
            single = max(self.counts) == 1
            for found in self.contradictions:
                print_error(found.split(": ", 1)[1] if single else found)
            print_error("nothing written: the records contradict one another")
