"""``gargon convert --to parquet``: the games of many inputs as the four Parquet tables of
:mod:`gargon_notation.tables` (docs/tables.md), in ``-o DIR``.

Every game goes into the ``games`` table, valid or not; an invalid or unreadable game is also
reported on standard error with its first problem (exit 1), and the others are done.  Exit
2 for a usage or I/O error, or when pyarrow (the ``arrow`` extra) is not installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from gargon_notation import files
from gargon_notation.cli import common
from gargon_notation.cli.common import fail, plural, print_error, say_empty
from gargon_notation.cli.inputs import Games, Target, games_of, inputs_of, parsed, to_stdout
from gargon_notation.cli.parallel import Piece, size_of
from gargon_notation.errors import NotationError, printable_name
from gargon_notation.notation import GameRecord
from gargon_notation.observation import UNFIT
from gargon_notation.parallel import BATCH_BYTES, Workers, batches
from gargon_notation.replay import Problem

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["convert_to_parquet"]


class _Reporter:
    """Prints each invalid game's first problem (an unreadable game's error is printed as
    its input is read), and each valid game whose decisions cannot have observations, and
    counts the games."""

    def __init__(self) -> None:
        self.games = 0
        self.invalid = 0
        self.unfit = 0

    def __call__(self, source: str, number: int, problem: Problem | NotationError) -> None:
        if isinstance(problem, Problem) and problem.code == UNFIT:
            self.unfit += 1
            print_error(str(problem))
            return
        self.invalid += 1
        if isinstance(problem, Problem):
            print_error(f"{problem}\n  (invalid: in the games table with this problem)")


def convert_to_parquet(
    paths: list[str],
    target: Target,
    observations: bool,
    include_invalid_steps: bool,
    dask: str | None = None,
    jobs: int = 1,
) -> None:
    """The work of ``gargon convert --to parquet`` (options:
    :mod:`gargon_notation.cli.commands`); with ``dask``, done on the Dask cluster of that
    scheduler (:mod:`gargon_notation.cli.distributed`), and with ``jobs`` above 1 in that
    many worker processes, with the same output.  ``target`` is ``-o`` (``./-`` is the
    directory named ``-``)."""
    if target is None:
        fail("--to parquet writes a directory of tables: name it with -o DIR")
    if to_stdout(target):
        fail(
            "-o -: --to parquet writes a directory of tables, which standard output cannot "
            "hold: name the directory with -o DIR"
        )
    output = Path(target)
    if output.exists() and not output.is_dir():
        fail(
            f"{printable_name(str(output))}: is a file, where a folder of tables is wanted "
            "(--to parquet writes a folder of tables: give a folder's name)"
        )
    try:
        from gargon_notation import tables
    except ImportError as error:
        fail(str(error))
    inputs = inputs_of(paths, once=True)  # (source, game) names one game
    reporter = _Reporter()

    empty: list[str] = []

    def every_game() -> Iterator[tables.Game]:
        for games, number, item in _each_game(inputs, empty, Games.items):
            reporter.games += 1
            yield games.source.name, number, item

    if dask is not None:
        counts = _on_cluster(
            dask, inputs, output, observations, include_invalid_steps, reporter, empty.append
        )
    else:
        try:
            if jobs > 1:
                counts = _in_workers(
                    inputs, output, jobs, observations, include_invalid_steps, reporter, empty
                )
            else:
                counts = tables.write_parquet(
                    every_game(),
                    output,
                    observations=observations,
                    include_invalid_steps=include_invalid_steps,
                    report=reporter,
                )
            tables.remove_stale_parts(str(output), tables.TABLES, 1)
            tables.remove_abandoned_staging(output)  # what a stopped --dask run left
        except files.FileError as error:
            fail(str(error))
        except OSError as error:
            fail(str(files.FileError.from_os_error(str(output), error)))
    say_empty(empty)  # what is said of an input comes before the summary
    valid = reporter.games - reporter.invalid
    common.out.print(
        f"{printable_name(str(output))}: {plural(counts['games'], 'game')} ({valid} valid), "
        f"{plural(counts['rounds'], 'round')}, {plural(counts['battles'], 'battle')}, "
        f"{plural(counts['decisions'], 'decision')}",
        markup=False,
    )
    if empty and not reporter.invalid and not reporter.unfit:
        fail(f"{plural(len(empty), 'input')} without a game", 1)
    said = []
    if reporter.invalid:
        were = "was" if reporter.invalid == 1 else "were"
        said.append(
            f"{plural(reporter.invalid, 'game')} {were} invalid or unreadable: in the games "
            "table with valid false and the first problem"
        )
    if reporter.unfit:
        said.append(
            f"{plural(reporter.unfit, 'valid game')} could not have observations: in the "
            "games table only"
        )
    if said:
        fail("; ".join(said), 1)


Sent = list[tuple[str, int, Piece]]
"""A group of games sent to a worker: each with its input's name and its number there."""
Made = tuple[list[tuple[str, "pa.RecordBatch"]], list["Problem | NotationError | None"]]
"""What a worker makes of a group: the batches of its rows, and each game's first problem
(or the error that kept it from being read; None for a valid game)."""


Item = TypeVar("Item")


def _each_game(
    inputs: list[files.Input],
    empty: list[str],
    read: Callable[[Games], Iterable[tuple[int, Item]]],
) -> Iterator[tuple[Games, int, Item]]:
    """Every game of every input as ``read`` gives it (:meth:`Games.items` or
    :meth:`Games.unparsed`), with its input; the name of an input without a game is added
    to ``empty``."""
    for source in inputs:
        with games_of(source) as games:
            number = 0
            for number, item in read(games):
                yield games, number, item
            if number == 0:
                empty.append(games.source.name)


def _in_workers(
    inputs: list[files.Input],
    output: Path,
    jobs: int,
    observations: bool,
    include_invalid_steps: bool,
    reporter: _Reporter,
    empty: list[str],
) -> dict[str, int]:
    """``write_parquet`` of every game, the rows made in ``jobs`` worker processes a group
    of games at a time and written here in order: the same tables, and the same reports in
    the same order, as one process makes."""
    from gargon_notation.tables.convert import regrouped, write_batches

    def size(group: list[tuple[Games, int, Piece]]) -> int:
        return BATCH_BYTES  # each group a batch of its own

    def send(group: list[tuple[Games, int, Piece]]) -> Sent:
        return [(games.source.name, number, piece) for games, number, piece in group]

    def made() -> Iterator[tuple[str, pa.RecordBatch]]:
        total = sum(source.size for source in inputs)
        read = _each_game(inputs, empty, Games.unparsed)
        groups = batches(read, lambda game: size_of(game[2]), total, jobs)
        work = partial(
            _made, observations=observations, include_invalid_steps=include_invalid_steps
        )
        with Workers(jobs) as workers:
            for group, (pairs, problems) in workers.map(work, groups, size=size, send=send):
                for (games, number, _), problem in zip(group, problems, strict=True):
                    reporter.games += 1
                    games.note(problem if isinstance(problem, NotationError) else None)
                    if problem is not None:
                        reporter(games.source.name, number, problem)
                yield from pairs

    return write_batches(
        regrouped(made(), observations=observations), output, observations=observations
    )


def _made(group: Sent, observations: bool, include_invalid_steps: bool) -> Made:
    """The rows of a group of games as record batches, and each game's first problem (the
    work of a worker process)."""
    from gargon_notation.tables import batches as table_batches

    problems: list[Problem | NotationError | None] = []

    def games() -> Iterator[tuple[str, int, GameRecord | NotationError]]:
        for name, number, piece in group:
            problems.append(None)
            yield name, number, parsed(piece, name)

    def report(source: str, number: int, problem: Problem | NotationError) -> None:
        problems[-1] = problem  # told of each game before the next is read

    rows = table_batches(
        games(),
        observations=observations,
        include_invalid_steps=include_invalid_steps,
        batch_rows=1 << 62,
        report=report,
    )
    return list(rows), problems


def _on_cluster(
    address: str,
    inputs: list[files.Input],
    output: Path,
    observations: bool,
    include_invalid_steps: bool,
    reporter: _Reporter,
    on_empty: Callable[[str], object],
) -> dict[str, int]:
    """``write_parquet`` of every game on a Dask cluster, each part by a worker: the same
    tables, and the same reports in the same order (an unreadable game's error included,
    which one process prints as it reads the game)."""
    from gargon_notation.cli import distributed

    def report(source: str, number: int, problem: Problem | NotationError) -> None:
        if isinstance(problem, NotationError):
            print_error(str(problem))
        reporter(source, number, problem)

    options = {"observations": observations, "include_invalid_steps": include_invalid_steps}
    try:
        counts, reporter.games = distributed.write_tables(
            inputs, address, output, options, report, on_empty
        )
    except (files.FileError, distributed.ClusterError) as error:
        fail(str(error))
    return counts
