"""Archives read, validated and turned into Parquet on a Dask cluster: ``gg.dask``.

Needs the ``dask`` extra (``pip install 'gargon-notation[dask]'``); importing this module
without it raises :class:`ModuleNotFoundError` saying so.  ``import gargon_notation`` never
imports Dask.

- :func:`read` gives a :class:`dask.bag.Bag` (typed for mypy as a :class:`TypedBag`) of
  every game of an archive, each a :class:`~gargon_notation.parts.GameItem`
  ``(source, number, record)``: the file it came
  from, its number there, and its :class:`~gargon_notation.notation.GameRecord`, or the
  :class:`~gargon_notation.errors.NotationError` of a game that cannot be read (so none
  vanishes).  Map any function of a record over it.
- :func:`validate` gives a bag of :class:`~gargon_notation.validation.Verdict` values,
  those ``gargon validate`` gives, in the same order.
- :func:`to_parquet` writes the tables of :mod:`gargon_notation.tables`, a part file per
  partition, returns the rows written per table and tells its ``report`` of each game
  invalid, unreadable or unfit for observations.

Files are shared out to the workers in partitions of about ``blocksize`` bytes: small files
together, and a large notation or JSON Lines file cut at game boundaries
(:mod:`gargon_notation.parts`: every game exactly once, numbered and placed as in the
whole file).  Finding the cuts of a large file is a scan of its text on a worker (a few
percent of the work of validating it), run when the bag is made.  Partitions come in the
order of the paths (directories sorted, as every verb reads them), so results are
deterministic.  Every worker must be able to open the files at the paths given: a shared
file system (docs/scale.md).

The bags are computed by Dask's current scheduler: a :class:`distributed.Client` once one
is made, else Dask's local default.

>>> import gargon_notation as gg
>>> bag = gg.dask.read("examples/club-night.ggn")
>>> [(item.source, item.number) for item in bag.compute(scheduler="sync")]
[('examples/club-night.ggn', 1), ('examples/club-night.ggn', 2), ('examples/club-night.ggn', 3)]
>>> [v.valid for v in gg.dask.validate(bag).compute(scheduler="sync")]
[True, True, True]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeAlias, TypeVar, cast, overload

from gargon_notation import files
from gargon_notation.arguments import shown
from gargon_notation.errors import ArgumentError, FileError, NotationError
from gargon_notation.extras import DASK_PACKAGES, not_installed
from gargon_notation.notation import Chunk, GameRecord
from gargon_notation.parts import (
    DEFAULT_BLOCKSIZE,
    GameItem,
    Part,
    cut,
    games_of,
    partitions,
    sized_verdicts,
    verdicts,
)
from gargon_notation.replay import Problem
from gargon_notation.validation import Verdict, validate_chunk, validate_record

MISSING = not_installed("gg.dask", ModuleNotFoundError(name="dask"), "dask", DASK_PACKAGES)
"""What a missing ``dask`` package is reported as (another package of the extra that is
missing is named: :func:`~gargon_notation.extras.not_installed`)."""

try:
    from dask.bag import Bag as DaskBag
    from dask.bag import from_delayed
    from dask.base import compute
    from dask.delayed import Delayed, delayed
    from dask.utils import parse_bytes
except ImportError as error:
    # Missing, or there but not importable (another version): said as such, the original
    # error kept as the cause, so that ``gargon --dask`` can say the same.
    message = not_installed("gg.dask", error, "dask", DASK_PACKAGES)
    if isinstance(error, ModuleNotFoundError):
        raise ModuleNotFoundError(message, name=error.name or "dask") from error
    raise ImportError(message, name=error.name) from error

if TYPE_CHECKING:
    from distributed import Client

__all__ = [
    "DEFAULT_BLOCKSIZE",
    "MISSING",
    "GameItem",
    "Report",
    "Scheduler",
    "TypedBag",
    "Written",
    "bytes_of",
    "find_partitions",
    "read",
    "to_parquet",
    "validate",
    "verdicts_by_part",
    "write_part",
    "write_unit",
]

Paths = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]
"""Files, directories (searched for ``*.ggn``, ``*.json``, ``*.jsonl``) and patterns."""
Report = Callable[[str, int, Problem | NotationError], object]
"""Hears of a game that is invalid or cannot be read: its source, number and problem (or
the error that kept it from being read); and, with observations, of a valid game whose
ruleset the arrays cannot encode (``observations-unfit``): as
:data:`gargon_notation.tables.convert.Report`."""
Blocksize = int | str
"""Bytes per partition: a number, or a string such as ``"8 MiB"``."""
SCAN_BATCH_FILES = 256
"""Small files looked at (their format recognised) per task when finding partitions."""
Scheduler: TypeAlias = "str | Client | Callable[..., object] | None"
"""What computes the work: a :class:`distributed.Client`, the name of one of Dask's
schedulers (``"sync"``, ``"threads"``, ``"processes"``), a ``get`` function, or None for
Dask's current scheduler."""

T = TypeVar("T")
U = TypeVar("U")


class TypedBag(Protocol[T]):
    """A :class:`dask.bag.Bag` whose items are ``T`` values, as :func:`read` and
    :func:`validate` give it, typed for mypy (Dask's own bag is not): the methods below
    say what they take and give; any other method of the bag is there too, untyped.

    It is a protocol, not a class: the bag is Dask's own (``isinstance(bag,
    dask.bag.Bag)``), and any Dask bag can be handed where a ``TypedBag`` is taken.
    """

    @property
    def npartitions(self) -> int:
        """The number of partitions."""
        ...

    @overload
    def map(self, func: Callable[[T], U], /) -> TypedBag[U]: ...

    @overload
    def map(self, func: Callable[..., U], /, *args: Any, **kwargs: Any) -> TypedBag[U]: ...

    def map(self, func: Callable[..., U], /, *args: Any, **kwargs: Any) -> TypedBag[U]:
        """The bag of ``func(item, *args, **kwargs)`` for each item."""
        ...

    def filter(self, predicate: Callable[[T], object]) -> TypedBag[T]:
        """The items for which ``predicate`` is true."""
        ...

    def compute(self, **kwargs: Any) -> list[T]:
        """Every item, in order, computed (``scheduler=`` as :data:`Scheduler` says)."""
        ...

    def persist(self, **kwargs: Any) -> TypedBag[T]:
        """The same bag, computed and kept in the cluster's memory."""
        ...

    def take(
        self, k: int, npartitions: int = 1, compute: bool = True, warn: bool = True
    ) -> tuple[T, ...]:
        """The first ``k`` items (from the first ``npartitions`` partitions)."""
        ...

    def __iter__(self) -> Iterator[T]: ...

    def __getattr__(self, name: str) -> Any: ...


def find_partitions(
    paths: Paths | list[files.Input],
    blocksize: Blocksize = DEFAULT_BLOCKSIZE,
    scheduler: Scheduler = None,
) -> list[tuple[Part, ...]]:
    """The partitions of the archive at ``paths``: parts of files (see
    :mod:`gargon_notation.parts`), in order, about ``blocksize`` bytes each.  Large files
    are scanned for their cuts on the cluster (``scheduler``: a
    :class:`distributed.Client`, or None for Dask's current scheduler).

    Raises :class:`~gargon_notation.errors.FileError` for a path that cannot be found or a
    file that cannot be read, for standard input, and when no file is found;
    :class:`~gargon_notation.errors.ArgumentError` for a ``blocksize`` that is not a size
    of at least one byte (:func:`bytes_of`); :class:`TypeError` naming the parameter for
    ``paths`` that are not paths (:func:`~gargon_notation.files.given_paths`), as
    :func:`read`, :func:`validate` and :func:`to_parquet` do.
    """
    size = bytes_of(blocksize)
    inputs = _inputs(paths)
    batches: list[list[tuple[int, files.Input]]] = [[]]
    for index, source in enumerate(inputs):
        if source.path is None:
            raise FileError(
                source.name, "standard input cannot be read by Dask workers: give files"
            )
        try:
            large = source.size > size
        except OSError as error:
            raise FileError.from_os_error(source.name, error) from None
        if large or len(batches[-1]) >= SCAN_BATCH_FILES:
            batches.append([])
        # The workers open the files where this process finds them, whatever their own
        # working directory; the names shown stay the ones given.
        batches[-1].append((index, files.Input(source.name, source.path.absolute())))
        if large:
            batches.append([])
    tasks = [delayed(_cut_batch, pure=True)(batch, size) for batch in batches if batch]
    found = _computed(tasks, scheduler)
    return partitions((part for parts in found for part in parts), size)


def bytes_of(blocksize: Blocksize) -> int:
    """The bytes of a ``blocksize``: a whole number, or a size such as ``"8 MiB"`` (Dask's
    :func:`~dask.utils.parse_bytes`).

    Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a
    size under one byte or a text that is not a size, :class:`TypeError` for another type.

    >>> bytes_of("4 KiB"), bytes_of(1000)
    (4096, 1000)
    >>> bytes_of("lots")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: blocksize: 'lots' is not a size: write a number ...
    """
    if isinstance(blocksize, str):
        try:
            size = parse_bytes(blocksize)
        except (ValueError, TypeError):
            raise ArgumentError(
                f"blocksize: {blocksize!r} is not a size: write a number of bytes or a size "
                "such as '8 MiB'"
            ) from None
    elif isinstance(blocksize, int) and not isinstance(blocksize, bool):
        size = blocksize
    else:
        raise TypeError(
            f"blocksize: a number of bytes (int) or a size such as '8 MiB' (str), "
            f"not {shown(blocksize)}"
        )
    if size < 1:
        raise ArgumentError(f"blocksize: at least one byte, not {blocksize!r}")
    return int(size)


def _inputs(paths: Paths | list[files.Input], parameter: str = "paths") -> list[files.Input]:
    also = ", or a bag of gg.dask.read" if parameter == "paths_or_bag" else ""
    if isinstance(paths, Iterable) and not isinstance(paths, str | os.PathLike | bytes):
        given = list(paths)
        names = [path for path in given if not isinstance(path, files.Input)]
        names = files.given_paths(names, parameter, also)
        if given and not names:
            return [path for path in given if isinstance(path, files.Input)]  # found already
    else:
        names = files.given_paths(paths, parameter, also)
    inputs = files.find_inputs(names)
    if not inputs:
        shown = ", ".join(os.fspath(name) for name in names) or "no path"
        raise FileError(shown, "no .ggn, .json or .jsonl file found")
    return inputs


def _cut_batch(batch: list[tuple[int, files.Input]], blocksize: int) -> list[Part]:
    return [part for index, source in batch for part in cut(source, blocksize, index)]


def read(paths: Paths, *, blocksize: Blocksize = DEFAULT_BLOCKSIZE) -> TypedBag[GameItem]:
    """Every game of the archive at ``paths``, as a bag of
    :class:`~gargon_notation.parts.GameItem` ``(source, number, record)`` in the order of
    the files and of the games in each (see the module docstring).  A file named twice,
    however it is named, is read once, under its first name
    (:func:`~gargon_notation.files.once_each`), so that ``(source, number)`` names one game,
    as :func:`to_parquet` needs.

    Raises :class:`~gargon_notation.errors.FileError` as :func:`find_partitions` does (a
    file a worker cannot read fails the computation with it).
    """
    size = bytes_of(blocksize)
    units = find_partitions(files.once_each(_inputs(paths)), size)
    return cast("TypedBag[GameItem]", _bag_of([delayed(_games, pure=True)(unit) for unit in units]))


def _games(unit: tuple[Part, ...]) -> list[GameItem]:
    return [item for part in unit for item in games_of(part)]


def validate(
    paths_or_bag: Paths | TypedBag[GameItem] | DaskBag,
    *,
    strict: bool = False,
    blocksize: Blocksize = DEFAULT_BLOCKSIZE,
) -> TypedBag[Verdict]:
    """The :class:`~gargon_notation.validation.Verdict` on every game, in order: of the
    archive at some paths, exactly those of ``gargon validate PATHS``; or of a bag of
    :class:`~gargon_notation.parts.GameItem` made by :func:`read` (the same, except that the
    ``line`` of a notation game that cannot be read is then that of its error, not the game's
    first line).  ``strict`` stops each game's replay at its first problem.
    """
    if isinstance(paths_or_bag, DaskBag):
        mapped: DaskBag = paths_or_bag.map(_verdict, strict=strict)  # type: ignore[no-untyped-call]
        return cast("TypedBag[Verdict]", mapped)
    units = find_partitions(_inputs(cast("Paths", paths_or_bag), "paths_or_bag"), blocksize)
    return cast(
        "TypedBag[Verdict]",
        _bag_of([delayed(_verdicts, pure=True)(unit, strict) for unit in units]),
    )


def _verdicts(unit: tuple[Part, ...], strict: bool) -> list[Verdict]:
    return [verdict for part in unit for verdict in verdicts(part, strict)]


def verdicts_by_part(unit: tuple[Part, ...], strict: bool) -> list[list[tuple[Verdict, int]]]:
    """The verdicts of each part of a partition, each with what its game counts for in the
    bytes read (:func:`~gargon_notation.parts.game_bytes`): the unit of work of ``gargon
    validate --dask``, which counts the bytes as one process does."""
    return [sized_verdicts(part, strict) for part in unit]


def _verdict(item: GameItem, strict: bool) -> Verdict:
    if not (
        isinstance(item, tuple)
        and len(item) == 3
        and isinstance(item[2], GameRecord | NotationError)
    ):
        raise TypeError(
            "validate: a bag's items are GameItem(source, number, record), as gg.dask.read "
            f"gives them, not {shown(item)}"
        )
    source, number, record = item
    if isinstance(record, NotationError):
        return validate_chunk(Chunk("", record.line or 1, record), source, number)
    return validate_record(record, source, number, strict)


def to_parquet(
    paths_or_bag: Paths | TypedBag[GameItem] | DaskBag,
    directory: str | os.PathLike[str],
    *,
    blocksize: Blocksize = DEFAULT_BLOCKSIZE,
    observations: bool = False,
    include_invalid_steps: bool = False,
    report: Report | None = None,
) -> dict[str, int]:
    """Write the Parquet tables of :mod:`gargon_notation.tables` (``games``, ``rounds``,
    ``battles``, ``decisions``) of the archive at some paths, or of a bag made by
    :func:`read`, into ``directory``: each partition writes its own part file,
    ``DIRECTORY/<table>/part-NNNNN.parquet`` (and its further files past 128 row groups),
    numbered in order (part files of an earlier run that this one did not write are
    removed).  The parts are written into a staging folder of
    ``directory`` first and moved into place once all are written, so a run that fails
    leaves the tables as they were.  ``directory`` must be one the workers can write to (a
    shared file system).  Returns the rows written per table; the options are those of
    :func:`gargon_notation.tables.write_parquet`, ``report`` too: when given, it is called
    in this process with the source, number and first problem of each game that is
    invalid or cannot be read (a :class:`~gargon_notation.replay.Problem`, or the
    :class:`~gargon_notation.errors.NotationError` that kept it from being read) and, with
    observations, of each valid game the arrays cannot encode (``observations-unfit``),
    in the order of the games, once every part is written and before the tables are put
    in place (an exception it raises leaves them as they were).
    """
    from gargon_notation.tables import once_each, staged_parts

    target = os.path.abspath(files.given_directory(directory))  # the same for every worker
    bag: DaskBag
    if isinstance(paths_or_bag, DaskBag):
        bag = paths_or_bag
    else:  # a file named twice is read once: (source, game) names one game
        inputs = _inputs(cast("Paths", paths_or_bag), "paths_or_bag")
        units = find_partitions(once_each(inputs), blocksize)
        bag = _bag_of([delayed(_games, pure=True)(unit) for unit in units])
    options = {"observations": observations, "include_invalid_steps": include_invalid_steps}
    pieces: list[Delayed] = bag.to_delayed()  # type: ignore[no-untyped-call]
    totals: dict[str, int] = {}
    with staged_parts(target, parts=lambda: len(pieces), named=os.fspath(directory)) as staged:
        told = report is not None
        writes = [
            delayed(_write_told, pure=True)(games, staged, index, options, told)
            for index, games in enumerate(pieces)
        ]
        for counts, reports in _computed(writes):
            for table, rows in counts.items():
                totals[table] = totals.get(table, 0) + rows
            if report is not None:
                for source, number, problem in reports:
                    report(source, number, problem)
    return totals


def _write_told(
    games: Iterable[GameItem],
    directory: str,
    index: int,
    options: Mapping[str, bool],
    told: bool,
) -> tuple[dict[str, int], list[tuple[str, int, Problem | NotationError]]]:
    """:func:`write_part`, and what it reported when ``told`` (for :func:`to_parquet`'s
    ``report``, called in the caller's process)."""
    reports: list[tuple[str, int, Problem | NotationError]] = []

    def report(source: str, number: int, problem: Problem | NotationError) -> None:
        reports.append((source, number, problem))

    return write_part(games, directory, index, options, report if told else None), reports


def write_part(
    games: Iterable[GameItem],
    directory: str,
    index: int,
    options: Mapping[str, bool],
    report: Report | None = None,
) -> dict[str, int]:
    """Write part ``index`` of the tables (``options``: ``observations`` and
    ``include_invalid_steps``, as :func:`gargon_notation.tables.write_parquet` takes them):
    the unit of work of :func:`to_parquet`.

    ``directory`` is the run's staging folder, made before any part is sent: one that is
    gone was removed by the run, stopped (its work already sent goes on), and is not made
    again (raises :class:`~gargon_notation.errors.FileError`), lest it stay behind."""
    from gargon_notation.tables import write_parquet
    from gargon_notation.tables.folders import part_name

    if not os.path.isdir(directory):
        raise FileError(
            directory,
            "the run's staging folder is gone (the run was stopped, or another process "
            "removed it): nothing is written",
        )
    counts: dict[str, int] = write_parquet(
        games,
        directory,
        part=part_name(index),
        observations=options.get("observations", False),
        include_invalid_steps=options.get("include_invalid_steps", False),
        report=report,
    )
    return counts


class Written(NamedTuple):
    """What :func:`write_unit` did: the rows written per table, the games read, what
    :func:`gargon_notation.tables.write_parquet` reported of the games that are invalid or
    cannot be read, in order: ``(source, number, problem or error)``, and the games read
    from each part of the partition."""

    rows: dict[str, int]
    games: int
    reports: list[tuple[str, int, Problem | NotationError]]
    per_part: tuple[int, ...] = ()


def write_unit(
    numbered: tuple[int, tuple[Part, ...]], directory: str, options: Mapping[str, bool]
) -> Written:
    """Write the tables of partition ``numbered = (index, parts)`` as part ``index``: the
    unit of work of ``gargon convert --to parquet --dask``."""
    index, unit = numbered
    reports: list[tuple[str, int, Problem | NotationError]] = []
    per_part = [0] * len(unit)

    def items() -> Iterator[GameItem]:
        for k, part in enumerate(unit):
            for item in games_of(part):
                per_part[k] += 1
                yield item

    def report(source: str, number: int, problem: Problem | NotationError) -> None:
        reports.append((source, number, problem))

    rows = write_part(items(), directory, index, options, report)
    return Written(rows, sum(per_part), reports, tuple(per_part))


def _bag_of(tasks: list[Delayed]) -> DaskBag:
    """A bag of one partition per task (each giving a list)."""
    bag: DaskBag = from_delayed(tasks)  # type: ignore[no-untyped-call]
    return bag


def _computed(tasks: list[Delayed], scheduler: Scheduler = None) -> tuple[Any, ...]:
    """The results of ``tasks``, computed together by ``scheduler`` (None: the current)."""
    results: tuple[Any, ...] = compute(*tasks, scheduler=scheduler)  # type: ignore[no-untyped-call]
    return results
