"""Archives as tables: Arrow record batches and Parquet files (``gargon convert --to
parquet``, ``gg.arrow``).  docs/tables.md documents every column.

Needs the ``arrow`` extra (``pip install 'gargon-notation[arrow]'``); importing this package
without pyarrow raises :class:`ModuleNotFoundError` saying so.  ``import gargon_notation``
never imports pyarrow.

Four tables, joined by ``(source, game)``: ``games`` (one row per game read, valid or not),
``rounds``, ``battles`` (one row per fight or uncontested win) and ``decisions`` (one row
per decision, optionally with what the acting seat saw: :mod:`.observation`).

- :func:`batches` gives ``(table, pyarrow.RecordBatch)`` pairs for any engine that reads
  Arrow (DuckDB, Polars, pandas, Spark, Ray), without files;
- :func:`write_parquet` writes ``DIRECTORY/<table>/<part>.parquet`` (and the part's
  further files past 128 row groups), a dataset directory per table, so that several
  workers can each write their own part;
- :func:`games_of` reads the games of files, directories and patterns as both take them.

>>> import gargon_notation.tables as tables
>>> counts = {}
>>> for table, batch in tables.batches(tables.games_of(["examples/club-night.ggn"])):
...     counts[table] = counts.get(table, 0) + batch.num_rows
>>> counts
{'games': 3, 'rounds': 27, 'battles': 98, 'decisions': 240}
>>> tables.SCHEMAS["games"].field("winners").type
ListType(list<item: string>)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from gargon_notation import files
from gargon_notation.files import once_each
from gargon_notation.observation import (
    ACTION_SPACE,
    ARRAYS,
    action_id,
    action_of,
    card_id,
    observe,
)
from gargon_notation.parts import GameItem
from gargon_notation.tables._arrow import MISSING
from gargon_notation.tables.convert import (
    BATCH_ROWS,
    GAMES_BATCH_ROWS,
    Game,
    batches,
    write_parquet,
)
from gargon_notation.tables.folders import (
    publish_parts,
    remove_abandoned_staging,
    remove_stale_parts,
    staged_parts,
    staging_folder,
)
from gargon_notation.tables.schema import (
    OBSERVATION_FIELDS,
    SCHEMAS,
    TABLES,
    VERSION,
    schema_for,
)

__all__ = [
    "ACTION_SPACE",
    "ARRAYS",
    "BATCH_ROWS",
    "GAMES_BATCH_ROWS",
    "MISSING",
    "OBSERVATION_FIELDS",
    "SCHEMAS",
    "TABLES",
    "VERSION",
    "Game",
    "GameItem",
    "action_id",
    "action_of",
    "batches",
    "card_id",
    "games_of",
    "observe",
    "once_each",
    "publish_parts",
    "remove_abandoned_staging",
    "remove_stale_parts",
    "schema_for",
    "staged_parts",
    "staging_folder",
    "write_parquet",
]


def games_of(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> Iterator[GameItem]:
    """Every game of ``paths`` (files, directories searched recursively, patterns, ``-``;
    one path, or several) as
    :func:`batches` takes them: :class:`~gargon_notation.parts.GameItem` ``(source, number,
    record or NotationError)``, as ``gg.dask.read`` gives them; a file named
    twice, however it is named, is read once (:func:`~gargon_notation.files.once_each`).

    Raises :class:`~gargon_notation.errors.FileError` for a path that cannot be found or
    read.
    """
    named = files.given_paths(paths)
    for source in once_each(files.find_inputs([os.fspath(path) for path in named])):
        with files.open_input(source) as handle:
            try:
                format, stream = files.sniff_stream(handle, source.path)
                items = files.iter_games(stream, format, source.name)
                for number, item in enumerate(items, start=1):
                    yield GameItem(source.name, number, item)
            except OSError as error:
                raise files.FileError.from_os_error(source.name, error) from None
