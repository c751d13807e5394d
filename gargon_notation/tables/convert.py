"""Games to Arrow record batches, and record batches to Parquet, in constant memory.

:func:`batches` walks the games one at a time (:class:`~gargon_notation.tables.rows.Rows`)
and hands out a table's rows as a :class:`pyarrow.RecordBatch` whenever about
``batch_rows`` have gathered; :func:`write_parquet` streams those batches into Parquet
files, ``DIRECTORY/<table>/<part>.parquet`` (then ``<part>_00001.parquet`` and on, every
:data:`ROW_GROUPS_PER_FILE` row groups), replaced atomically once all are complete.
Memory holds at most one batch per table, one game and the footers of one file per table,
whatever the archive's size (a batch of ``games`` is smaller, as its rows are wide).
Batches made elsewhere (a group of games at a time, in worker processes) are joined by
:func:`regrouped` and written by :func:`write_batches`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
from array import array
from collections.abc import Callable, Iterable, Iterator
from itertools import accumulate
from operator import not_
from pathlib import Path
from typing import Any, BinaryIO

import pyarrow as pa
import pyarrow.parquet as pq

from gargon_notation import atomic, files
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.replay import Problem
from gargon_notation.tables.columns import TABLES, Lists
from gargon_notation.tables.observation import ARRAYS
from gargon_notation.tables.rows import Rows
from gargon_notation.tables.schema import schema_for

__all__ = [
    "BATCH_ROWS",
    "GAMES_BATCH_ROWS",
    "ROW_GROUPS_PER_FILE",
    "Game",
    "Report",
    "batches",
    "part_file",
    "publish_parts",
    "regrouped",
    "remove_stale_parts",
    "staged_parts",
    "staging_folder",
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
that kept it from being read)."""


def take_batch(rows: Rows, table: str) -> pa.RecordBatch:
    """The rows of ``table`` gathered in ``rows`` as one record batch; ``rows`` forgets them
    (:meth:`~gargon_notation.tables.rows.Rows.clear_table`).  Each column's Python values
    are let go once they are in Arrow, so that a batch's values are held twice for one
    column at a time, never for the whole batch: the peak a batch adds stays small."""
    schema = schema_for(table, rows.observations)
    columns = rows.columns[table]
    rows.clear_table(table)
    arrays: list[pa.Array] = []
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


def _list_array(lists: Lists, kind: pa.ListType) -> pa.Array:
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


_WHOLE = {pa.int8(): "b", pa.int16(): "h", pa.int32(): "i"}
"""The :class:`array.array` type code of each integer type of the schemas."""


def _array(values: list[Any] | array[int], kind: pa.DataType) -> pa.Array:
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
    buffer: pa.Buffer = pa.array(list(map(not_, nulls)), pa.bool_()).buffers()[1]
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
    refused with :class:`TypeError` naming it, before any row of it is made.
    ``observations`` adds the observation columns to ``decisions``;
    ``include_invalid_steps`` keeps the rows an invalid game's replay made (by default it
    gives its ``games`` row only).  Never raises
    for bad records: each becomes a ``games`` row with ``valid`` false and its first problem
    (``report``, when given, is called with the game's source, number and that problem).
    Raises :class:`ValueError` for a ``batch_rows`` under 1 (batches are cut between games:
    1 gives a batch per game).

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> games = [("sim", n, record_from_simulation(simulate(3, f"b{n}"))) for n in (1, 2)]
    >>> [(table, batch.num_rows) for table, batch in batches(games)]
    [('games', 2), ('rounds', 33), ('battles', 107), ('decisions', 241)]
    """
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
    raise TypeError(
        "a game for the tables is (source, number from 1, GameRecord or NotationError), "
        f"not {shown}"
    )


def _limits(batch_rows: int | None, observations: bool) -> dict[str, int]:
    """The rows gathered per table before they are handed out: ``batch_rows`` for every
    table when given, else :data:`BATCH_ROWS`, :data:`GAMES_BATCH_ROWS` for ``games`` and
    :data:`OBSERVATION_BATCH_ROWS` for ``decisions`` with observations.

    >>> _limits(None, True)
    {'games': 1024, 'rounds': 16384, 'battles': 16384, 'decisions': 4096}
    >>> _limits(0, False)
    Traceback (most recent call last):
    ValueError: batch_rows must be at least 1, not 0
    """
    if batch_rows is not None and batch_rows < 1:
        raise ValueError(f"batch_rows must be at least 1, not {batch_rows}")
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
    file of the tables is then replaced), :class:`ValueError` for a ``part`` whose name
    readers would skip (empty, or beginning with ``_`` or ``.``), that holds a path, or that
    ends as its further files' do (``_`` and five digits or more).
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
    file of the tables is then replaced), :class:`ValueError` for a ``row_groups_per_file``
    under 1 or a ``part`` refused as :func:`write_parquet` refuses it.
    """
    if row_groups_per_file < 1:
        raise ValueError(f"row_groups_per_file must be at least 1, not {row_groups_per_file}")
    _check_part(part)
    base = Path(directory)
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
                made_here += _missing(where)
                try:
                    where.mkdir(parents=True, exist_ok=True)
                except (FileExistsError, NotADirectoryError):  # a file where a folder goes
                    where = _file_in_the_way(where)
                    raise NotADirectoryError(errno.ENOTDIR, "Not a directory") from None
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
            _remove_files_past(where, part, files_begun[table])
            atomic.remove_abandoned(where, _PART)
    except OSError as error:
        _remove_empty(made_here)
        raise files.FileError.from_os_error(os.fspath(where), error) from None
    except BaseException:  # an input that cannot be read, Ctrl-C: no empty tables left
        _remove_empty(made_here)
        raise
    return counts


def _missing(folder: Path) -> list[Path]:
    """``folder`` and those of its ancestors that do not exist yet, outermost first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing[::-1]


def _remove_empty(folders: list[Path]) -> None:
    """Remove ``folders`` (outermost first) where they are empty, innermost first."""
    for folder in reversed(folders):
        with contextlib.suppress(OSError):
            folder.rmdir()


def part_name(index: int) -> str:
    """The name of the part files of partition ``index`` of a run in many parts (``--dask``).

    >>> part_name(0), part_name(12)
    ('part-00000', 'part-00012')
    """
    return f"part-{index:05d}"


def part_file(part: str, index: int) -> str:
    """The name of the ``index``-th file (from 0) of a table's ``part``: names that sort in
    the order of the rows, between the part's and the next part's.

    >>> [part_file("part-00000", index) for index in (0, 1, 2)]
    ['part-00000.parquet', 'part-00000_00001.parquet', 'part-00000_00002.parquet']
    >>> sorted(["part-00001.parquet", "part-00000_00001.parquet", "part-00000.parquet"])
    ['part-00000.parquet', 'part-00000_00001.parquet', 'part-00001.parquet']
    """
    return f"{part}.parquet" if index == 0 else f"{part}_{index:05d}.parquet"


_FURTHER = re.compile(r".*_[0-9]{5,}")
"""A name that ends as a part's further files do (:func:`part_file`)."""


def _check_part(part: str) -> None:
    """Refuse a part's name that would make files that readers skip or that are not in the
    table's folder, or that ends as its further files' names do.

    >>> _check_part("_tmp")
    Traceback (most recent call last):
    ValueError: a part's name cannot begin with '_' or '.' (readers skip such files): '_tmp'
    """
    if not part:
        raise ValueError("a part's name cannot be empty")
    if part[0] in "._":
        raise ValueError(
            f"a part's name cannot begin with '_' or '.' (readers skip such files): {part!r}"
        )
    if any(mark in part for mark in ("/", "\\", "\0")) or part != part.strip():
        raise ValueError(
            "a part's name is a file's name in each table's folder, without a path, "
            f"NUL or blanks at its ends: {part!r}"
        )
    if _FURTHER.fullmatch(part):
        raise ValueError(f"a part's name cannot end in _ and digits (its further files'): {part}")


def _remove_files_past(folder: Path, part: str, files_written: int) -> None:
    """Remove the files of ``part`` in ``folder`` numbered from ``files_written`` on."""
    later = re.compile(re.escape(part) + r"_([0-9]{5,})\.parquet")
    with os.scandir(folder) as entries:
        for entry in entries:
            match = later.fullmatch(entry.name)
            if match is not None and int(match.group(1)) >= files_written:
                os.remove(entry.path)


def _file_in_the_way(folder: Path) -> Path:
    """The first of ``folder``'s ancestors (or ``folder`` itself) that is not a directory."""
    for path in (*reversed(folder.parents), folder):
        if path.exists() and not path.is_dir():
            return path
    return folder


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


_PART = re.compile(r"part-([0-9]{5,})(?:_[0-9]{5,})?\.parquet")
"""The files of the numbered parts (:func:`part_file`), the first and the next ones."""


_STAGING = ".staging-"
_STAGED = re.compile(r"\.staging-(?:(?P<space>[0-9a-f]{12})-)?(?P<pid>[0-9]{1,9})-[0-9a-f]{8}")
"""A staging folder's name (:func:`staging_folder`), with the space (none in the names of
earlier versions) and the number of the process that made it."""


def staging_folder(directory: str) -> str:
    """A new folder inside ``directory`` that a run's parts are written into, by workers
    that may be elsewhere, until every part is written (:func:`publish_parts`): a run that
    fails or is interrupted half way, whose workers may go on writing for a while, never
    mixes its parts into the tables with an earlier run's.  Its name starts with a dot, as
    Spark, pyarrow and Dask skip it when they read a directory, and holds the space and the
    number of the process that made it (:func:`~gargon_notation.atomic.process_space`).

    >>> os.path.basename(staging_folder("tables")).startswith(".staging-")
    True
    """
    made_by = f"{atomic.process_space()}-{os.getpid()}"
    return os.path.join(directory, f"{_STAGING}{made_by}-{secrets.token_hex(4)}")


def publish_parts(staged: str, directory: str, parts: int | None = None) -> None:
    """Move the part files of every table written under ``staged`` into ``directory``'s
    table folders (each replacing the file of its name, atomically), remove the part files
    an earlier run left that this one did not write (parts past this run's, and the
    further files of a part, :func:`part_file`), then ``staged``; last, as far as they can
    be, the staging folders that runs of this machine and container left without
    publishing them (killed, say), or this process, and the hidden temporaries of part
    files that runs killed outright left.

    Given the number of ``parts`` the run wrote, nothing is moved unless every table has
    each of them (another process that removed some would otherwise make tables that lack
    games without a word): raises :class:`OSError` then.
    """
    if parts is not None:
        for table in TABLES:
            written = os.path.join(staged, table)
            found = set()
            if os.path.isdir(written):
                with os.scandir(written) as entries:
                    found = {entry.name for entry in entries}
            missing = [n for n in range(parts) if part_file(part_name(n), 0) not in found]
            if missing:
                raise OSError(
                    errno.ENOENT,
                    f"{len(missing)} of the {parts} parts of {table} are not in the run's "
                    f"staging folder {os.path.basename(staged)} (another process removed "
                    "them?); the tables are left as they were: convert again",
                )
    for table in TABLES:
        folder = os.path.join(directory, table)
        os.makedirs(folder, exist_ok=True)
        written = os.path.join(staged, table)
        moved: set[str] = set()
        if os.path.isdir(written):
            with os.scandir(written) as entries:
                for entry in entries:
                    if _PART.fullmatch(entry.name):
                        os.replace(entry.path, os.path.join(folder, entry.name))
                        moved.add(entry.name)
        with os.scandir(folder) as entries:
            for entry in entries:
                if _PART.fullmatch(entry.name) and entry.name not in moved:
                    os.remove(entry.path)
    shutil.rmtree(staged, ignore_errors=True)
    for table in TABLES:  # what killed runs left: as far as it can be removed
        atomic.remove_abandoned(os.path.join(directory, table), _PART)
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            found_by = _STAGED.fullmatch(entry.name)
            if (
                found_by is not None
                and _abandoned(found_by)
                and entry.is_dir(follow_symlinks=False)
            ):
                shutil.rmtree(entry.path, ignore_errors=True)


def _abandoned(staged: re.Match[str]) -> bool:
    """Whether the staging folder named so was made by this process, or by one of this
    machine and container (:func:`~gargon_notation.atomic.process_space`) that has ended."""
    space, pid = staged.group("space"), int(staged.group("pid"))
    if space is not None and space != atomic.process_space():
        return False  # another machine's, or another container's: it may be going on
    return pid == os.getpid() or atomic.ended(pid)


@contextlib.contextmanager
def staged_parts(directory: str, parts: Callable[[], int] | None = None) -> Iterator[str]:
    """A new staging folder of ``directory`` (:func:`staging_folder`) for the body to write
    the run's parts into, published into the tables (:func:`publish_parts`) when the body
    ends normally, and removed when it raises (work still running elsewhere may add to it;
    the next run that publishes removes that).  ``parts``, when given, says how many parts
    the run wrote once the body has ended: publishing checks that each is there.

    Raises :class:`~gargon_notation.errors.FileError` when the parts cannot be moved into
    place.
    """
    staged = staging_folder(directory)
    try:
        yield staged
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    try:
        publish_parts(staged, directory, None if parts is None else parts())
    except OSError as error:
        raise files.FileError.from_os_error(directory, error) from None


def remove_stale_parts(directory: str, tables: Iterable[str], parts: int) -> None:
    """Remove the part files an earlier, larger run left in the tables' folders (numbered
    from ``parts`` on), which would otherwise be read with this run's."""
    for table in tables:
        with os.scandir(os.path.join(directory, table)) as entries:
            for entry in entries:
                match = _PART.fullmatch(entry.name)
                if match is not None and int(match.group(1)) >= parts:
                    os.remove(entry.path)
