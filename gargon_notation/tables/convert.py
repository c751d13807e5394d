"""Games to Arrow record batches, and record batches to Parquet, in constant memory.

:func:`batches` walks the games one at a time (:class:`~gargon_notation.tables.rows.Rows`)
and hands out a table's rows as a :class:`pyarrow.RecordBatch` whenever about
``batch_rows`` have gathered; :func:`write_parquet` streams those batches into Parquet
files, ``DIRECTORY/<table>/<part>.parquet`` (then ``<part>_00001.parquet`` and on, every
:data:`ROW_GROUPS_PER_FILE` row groups), replaced atomically once all are complete.
Memory holds at most one batch per table, one game and the footers of one file per table,
whatever the archive's size (a batch of ``games`` is smaller, as its rows are wide).
Batches made elsewhere (a group of games at a time, in worker processes) are joined by
:func:`regrouped` and written by :func:`write_batches`.  The part files' names, and the
folders they go in, are :mod:`gargon_notation.tables.folders`'.
"""

from __future__ import annotations

import contextlib
import errno
import os
from array import array
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from operator import not_
from pathlib import Path
from typing import Any, BinaryIO

import pyarrow as pa
import pyarrow.parquet as pq

from gargon_notation import atomic, files
from gargon_notation.arguments import whole_number
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.observation import ARRAYS
from gargon_notation.replay import Problem
from gargon_notation.tables.columns import TABLES, Lists
from gargon_notation.tables.folders import (
    check_part,
    file_in_the_way,
    make_table_folder,
    missing_folders,
    part_file,
    remove_abandoned_parts,
    remove_empty,
    remove_files_past,
)
from gargon_notation.tables.rows import Rows
from gargon_notation.tables.schema import schema_for

__all__ = [
    "BATCH_ROWS",
    "GAMES_BATCH_ROWS",
    "ROW_GROUPS_PER_FILE",
    "Game",
    "Report",
    "batches",
    "regrouped",
    "take_batch",
    "write_batches",
    "write_parquet",
]

BATCH_ROWS = 16_384
"""Rows per record batch (and Parquet row group) by default."""
GAMES_BATCH_ROWS = 1_024
"""Rows per batch of ``games`` by default: a game's row (its tags, players, scores) takes
about 5 kB while it waits, and 16,384 of them would make memory grow with the archive up to
that many games."""
OBSERVATION_BATCH_ROWS = 4_096
"""Rows per batch of ``decisions`` with observations (about 0.9 kB a row) by default."""
ROW_GROUPS_PER_FILE = 128
"""Row groups (batches) a table's file holds before the next file of its part is begun.
A Parquet writer keeps the description of every row group it wrote (12-25 kB each here)
until the file's footer is written: in one file per table, a million games would hold
some 150 MB of them.  128 row groups are 2 million decisions (about 20,000 games) or
131,072 games' ``games`` rows."""

Game = tuple[str, int, GameRecord | NotationError]
"""One game as the tables take it: its file's name, its number there (from 1), and its
record or the error that keeps it from being read; a
:class:`~gargon_notation.parts.GameItem` (what :func:`gargon_notation.tables.games_of`
and ``gg.dask.read`` give, with those three as ``source``, ``number`` and ``record``), or
a plain tuple of the three."""
Report = Callable[[str, int, Problem | NotationError], object]
"""Told of an invalid game: its source, its number and its first problem (or the error
that kept it from being read); and, with observations, of a valid game whose ruleset the
arrays cannot encode (a problem of the code ``observations-unfit``: it has its ``games``
row only)."""


def take_batch(rows: Rows, table: str) -> pa.RecordBatch:
    """The rows of ``table`` gathered in ``rows`` as one record batch; ``rows`` forgets them
    (:meth:`~gargon_notation.tables.rows.Rows.clear_table`).  Each column's Python values
    are let go once they are in Arrow, so that a batch's values are held twice for one
    column at a time, never for the whole batch: the peak a batch adds stays small."""
    schema = schema_for(table, rows.observations)
    columns = rows.columns[table]
    rows.clear_table(table)
    arrays: list[pa.Array[Any]] = []
    for field in schema:
        values = columns.pop(field.name)
        if isinstance(values, Lists):
            arrays.append(_list_array(values, field.type))
        elif field.name in ARRAYS:
            flat = pa.Array.from_buffers(
                field.type.value_type, len(values), [None, pa.py_buffer(values)]
            )
            arrays.append(pa.FixedSizeListArray.from_arrays(flat, ARRAYS[field.name]))
        else:
            arrays.append(_array(values, field.type))
        del values
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def _list_array(lists: Lists, kind: pa.ListType[Any]) -> pa.Array[Any]:
    """A list column kept flat as an Arrow list array of ``kind`` (from its buffers)."""
    offsets = array("i", accumulate(lists.lengths, initial=0))
    validity = None
    if True in lists.nulls:
        validity = _validity(lists.nulls)
    return pa.Array.from_buffers(
        kind,
        len(lists.lengths),
        [validity, pa.py_buffer(offsets)],
        children=[_array(lists.values, kind.value_type)],
    )


_WHOLE: dict[pa.DataType, str] = {
    pa.int8(): "b",
    pa.int16(): "h",
    pa.int32(): "i",
    pa.int64(): "q",
}
"""The :class:`array.array` type code of each integer type of the schemas."""


def _array(values: list[Any] | array[int], kind: pa.DataType) -> pa.Array[Any]:
    """A column of Python values as an Arrow array of ``kind``: whole numbers without nulls
    from an :class:`array.array` (twice as fast), anything else by :func:`pyarrow.array`.

    >>> _array([1, 2], pa.int8()).type, _array([1, None], pa.int8()).null_count
    (DataType(int8), 1)
    """
    code = _WHOLE.get(kind)
    if isinstance(values, array) and values.typecode == code:
        return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(values)])
    if code is not None:
        try:
            buffer = pa.py_buffer(array(code, values))
        except (TypeError, OverflowError):  # a null among them (or a number out of range)
            pass
        else:
            return pa.Array.from_buffers(kind, len(values), [None, buffer])
    return pa.array(values, type=kind)


def _validity(nulls: list[bool]) -> pa.Buffer:
    """The validity bitmap of a column whose null rows are those true in ``nulls``."""
    buffer = pa.array(list(map(not_, nulls)), pa.bool_()).buffers()[1]
    assert buffer is not None  # a boolean array's values
    return buffer


def batches(
    games: Iterable[Game],
    *,
    observations: bool = False,
    include_invalid_steps: bool = False,
    batch_rows: int | None = None,
    report: Report | None = None,
) -> Iterator[tuple[str, pa.RecordBatch]]:
    """The rows of the tables ``games``, ``rounds``, ``battles`` and ``decisions`` for
    ``games``, as ``(table, record batch)`` pairs of about ``batch_rows`` rows each (the
    last of each table smaller; by default :data:`BATCH_ROWS`, :data:`GAMES_BATCH_ROWS` for
    ``games`` and :data:`OBSERVATION_BATCH_ROWS` for ``decisions`` with observations), in
    the schemas :func:`~gargon_notation.tables.schema_for` gives (those of
    :data:`~gargon_notation.tables.SCHEMAS` without observations).

    ``games`` yields ``(source, number, record or NotationError)``, as the archive verbs
    read them (see :func:`gargon_notation.tables.games_of`); an item of another shape is
    refused with :class:`TypeError` naming it, before any row of it is made, and so is a
    path given as ``games`` (:func:`~gargon_notation.tables.games_of` reads its games).
    ``observations`` adds the observation columns to ``decisions``;
    ``include_invalid_steps`` keeps the rows an invalid game's replay made (by default it
    gives its ``games`` row only).  Never raises
    for bad records: each becomes a ``games`` row with ``valid`` false and its first problem
    (``report``, when given, is called with the game's source, number and that problem; with
    observations, also for a valid game whose ``ZeroPair`` the arrays cannot encode, which
    has its ``games`` row only: a problem of the code ``observations-unfit``).
    Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a
    ``batch_rows`` under 1 (batches are cut between games: 1 gives a batch per game).

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> games = [("sim", n, record_from_simulation(simulate(3, f"b{n}"))) for n in (1, 2)]
    >>> [(table, batch.num_rows) for table, batch in batches(games)]
    [('games', 2), ('rounds', 33), ('battles', 107), ('decisions', 241)]
    """
    if isinstance(games, (str, bytes, os.PathLike)):
        raise TypeError(
            f"games: (source, number, record) items, not the path {os.fsdecode(games)!r}: "
            f"gg.arrow.games_of({os.fsdecode(games)!r}) reads the games of a path"
        )
    rows = Rows(observations=observations, include_invalid_steps=include_invalid_steps)
    limits = _limits(batch_rows, observations)
    for game in games:
        source, number, item = _checked(game)
        problem = rows.add_game(source, number, item)
        if problem is not None and report is not None:
            report(source, number, problem)
        for table in TABLES:
            if rows.count(table) >= limits[table]:
                yield table, take_batch(rows, table)
    for table in TABLES:
        if rows.count(table):
            yield table, take_batch(rows, table)


def _checked(game: object) -> Game:
    """``game`` when it is ``(source, number, record or NotationError)``, with a source
    of text and a number from 1 (those are the key of every table).

    >>> _checked(("club.ggn", 0, None))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: a game for the tables is (source, number from 1, ...), not ('club.ggn', 0, None)
    """
    if (
        isinstance(game, tuple)
        and len(game) == 3
        and type(game[0]) is str
        and type(game[1]) is int
        and 1 <= game[1] < 2**31
        and isinstance(game[2], (GameRecord, NotationError))
    ):
        return game
    shown = repr(game)
    shown = shown if len(shown) <= 120 else shown[:117] + "..."
    alone = ""
    if isinstance(game, (GameRecord, NotationError)):
        alone = " alone: give where it comes from too, such as ('mine.ggn', 1, record)"
    raise TypeError(
        "a game for the tables is (source, number from 1, GameRecord or NotationError), "
        f"not {shown}{alone}"
    )


def _limits(batch_rows: int | None, observations: bool) -> dict[str, int]:
    """The rows gathered per table before they are handed out: ``batch_rows`` for every
    table when given, else :data:`BATCH_ROWS`, :data:`GAMES_BATCH_ROWS` for ``games`` and
    :data:`OBSERVATION_BATCH_ROWS` for ``decisions`` with observations.

    >>> _limits(None, True)
    {'games': 1024, 'rounds': 16384, 'battles': 16384, 'decisions': 4096}
    >>> _limits(0, False)
    Traceback (most recent call last):
    gargon_notation.errors.ArgumentError: batch_rows: 0 is not from 1 on
    """
    if batch_rows is not None:
        batch_rows = whole_number(batch_rows, "batch_rows", least=1)
    if batch_rows is not None:
        return dict.fromkeys(TABLES, batch_rows)
    limits = dict.fromkeys(TABLES, BATCH_ROWS)
    limits["games"] = GAMES_BATCH_ROWS
    if observations:
        limits["decisions"] = OBSERVATION_BATCH_ROWS
    return limits


def write_parquet(
    games: Iterable[Game],
    directory: str | os.PathLike[str],
    *,
    part: str = "part-00000",
    observations: bool = False,
    include_invalid_steps: bool = False,
    report: Report | None = None,
) -> dict[str, int]:
    """Write the tables of ``games`` (see :func:`batches`) as Parquet:
    ``directory/<table>/<part>.parquet`` for each of the four tables (every file written,
    an empty table included), going on in the part's further files past
    :data:`ROW_GROUPS_PER_FILE` row groups (:func:`part_file`); all are replaced
    atomically once every one is complete.  Several writers may each write their own
    ``part`` of the same directory.  ``report`` hears of each invalid game (see
    :func:`batches`).  The rows written per table.

    Raises :class:`~gargon_notation.errors.FileError` when a file cannot be written (no
    file of the tables is then replaced), :class:`~gargon_notation.errors.ArgumentError` (a
    :class:`ValueError`) for a ``part`` whose name readers would skip (empty, or beginning
    with ``_`` or ``.``), that holds a path, or that ends as its further files' do (``_``
    and five digits or more); :class:`TypeError` for a ``part`` that is not a text.
    """
    made = batches(
        games, observations=observations, include_invalid_steps=include_invalid_steps, report=report
    )
    return write_batches(made, directory, part=part, observations=observations)


def write_batches(
    made: Iterable[tuple[str, pa.RecordBatch | pa.Table]],
    directory: str | os.PathLike[str],
    *,
    part: str = "part-00000",
    observations: bool = False,
    row_groups_per_file: int = ROW_GROUPS_PER_FILE,
) -> dict[str, int]:
    """Write ``(table, rows)`` pairs, as :func:`batches` makes them, as the Parquet files of
    :func:`write_parquet` (each pair a row group; :func:`regrouped` joins small ones; a
    table's rows go on in its part's next file, :func:`part_file`, every
    ``row_groups_per_file`` row groups).  ``observations`` says whether the ``decisions``
    rows have the observation columns.  The files of the part that an earlier, longer run
    left past this run's are removed, and so are the hidden temporaries of part files that
    runs killed outright left (:func:`~gargon_notation.atomic.remove_abandoned`).  The rows
    written per table.

    Raises :class:`~gargon_notation.errors.FileError` when a file cannot be written (no
    file of the tables is then replaced), :class:`~gargon_notation.errors.ArgumentError` for
    a ``row_groups_per_file`` under 1 or a ``part`` refused as :func:`write_parquet`
    refuses it (:class:`TypeError` for either of another type).
    """
    whole_number(row_groups_per_file, "row_groups_per_file", least=1)
    check_part(part)
    base = Path(files.given_directory(directory))
    counts = dict.fromkeys(TABLES, 0)
    files_begun = dict.fromkeys(TABLES, 0)
    groups = dict.fromkeys(TABLES, 0)  # in the table's file being written
    where = base  # what an error names: the folder or file being made, else the directory
    made_here: list[Path] = []  # folders this run made, removed again if it fails
    try:
        with contextlib.ExitStack() as stack:
            new = stack.enter_context(files.atomic_files())
            writers: dict[str, tuple[pq.ParquetWriter, BinaryIO, Path]] = {}

            def finish(table: str) -> None:
                # The writer is let go with its footers, and its file closed, to be named
                # with the others once every file is complete.
                nonlocal where
                if table in writers:
                    writer, stream, where = writers.pop(table)
                    writer.close()
                    new.finish(stream)
                    where = base

            def begin(table: str) -> None:
                nonlocal where
                finish(table)
                where = base / table / part_file(part, files_begun[table])
                stream = new.open(where)
                schema = schema_for(table, observations)
                writers[table] = (
                    pq.ParquetWriter(stream, schema, **_PARQUET_OPTIONS),
                    stream,
                    where,
                )
                files_begun[table] += 1
                groups[table] = 0
                where = base

            @stack.callback
            def abandon() -> None:  # on an error: the writers closed before their files
                for writer, _, _ in writers.values():
                    with contextlib.suppress(Exception):
                        writer.close()

            for table in TABLES:
                where = base / table
                made_here += missing_folders(where)
                try:
                    make_table_folder(base, where)
                except files.NotWritable:  # it names the folder given
                    where = base
                    raise
                except (FileExistsError, NotADirectoryError):  # a file where a folder goes
                    where = file_in_the_way(where)
                    raise NotADirectoryError(
                        errno.ENOTDIR, "is a file, where a folder of tables is wanted"
                    ) from None
                begin(table)
            for table, rows in made:
                if groups[table] >= row_groups_per_file:
                    begin(table)
                writer = writers[table][0]
                if isinstance(rows, pa.RecordBatch):
                    writer.write_batch(rows)
                else:
                    writer.write_table(rows, row_group_size=max(1, rows.num_rows))
                groups[table] += 1
                counts[table] += rows.num_rows
            for table in TABLES:  # every footer written before any file is named
                finish(table)
        for table in TABLES:
            where = base / table
            remove_files_past(where, part, files_begun[table])
            remove_abandoned_parts(where)
    except OSError as error:
        remove_empty(made_here)
        if error.errno == errno.EROFS:  # the whole file system: the directory given
            where = base
        elif isinstance(error, atomic.Changed) and error.filename:  # the file found changed
            where = Path(error.filename)
        raise files.FileError.from_os_error(os.fspath(where), error) from None
    except BaseException:  # an input that cannot be read, Ctrl-C: no empty tables left
        remove_empty(made_here)
        raise
    return counts


def regrouped(
    made: Iterable[tuple[str, pa.RecordBatch]], *, observations: bool = False
) -> Iterator[tuple[str, pa.Table]]:
    """``(table, rows)`` pairs of many small batches (made game group by game group, in
    worker processes say) joined into tables of about the rows :func:`batches` puts in
    one, so that the Parquet files have row groups of the usual size.

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> games = [("sim", n, record_from_simulation(simulate(3, f"b{n}"))) for n in (1, 2)]
    >>> pieces = [pair for game in games for pair in batches([game])]
    >>> [(table, rows.num_rows) for table, rows in regrouped(pieces)]
    [('games', 2), ('rounds', 33), ('battles', 107), ('decisions', 241)]
    """
    limits = _limits(None, observations)
    waiting: dict[str, list[pa.RecordBatch]] = {table: [] for table in TABLES}
    rows = dict.fromkeys(TABLES, 0)
    for table, batch in made:
        waiting[table].append(batch)
        rows[table] += batch.num_rows
        if rows[table] >= limits[table]:
            yield table, pa.Table.from_batches(waiting[table])
            waiting[table], rows[table] = [], 0
    for table in TABLES:
        if waiting[table]:
            yield table, pa.Table.from_batches(waiting[table])


_PARQUET_OPTIONS: dict[str, Any] = {"compression": "zstd", "use_dictionary": True}
"""Small files that any Parquet reader reads (zstd is read by DuckDB, Spark, Polars, pandas)."""
