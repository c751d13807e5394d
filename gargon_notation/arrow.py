"""``gg.arrow``: games as Arrow record batches and Parquet tables, for any engine that reads
Arrow (DuckDB, Polars, pandas, Spark, Ray), with or without files.

The names are those of :mod:`gargon_notation.tables` (docs/tables.md), imported on first
use: importing this module costs nothing, and touching a name without pyarrow installed
raises :class:`ModuleNotFoundError` (an :class:`ImportError`) naming
``pip install 'gargon-notation[arrow]'``.

>>> import gargon_notation as gg
>>> rows = {}
>>> for table, batch in gg.arrow.batches(gg.arrow.games_of(["examples/club-night.ggn"])):
...     rows[table] = rows.get(table, 0) + batch.num_rows
>>> rows["games"], rows["decisions"]
(3, 240)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gargon_notation.tables import (
        ACTION_SPACE,
        ARRAYS,
        MISSING,
        SCHEMAS,
        TABLES,
        VERSION,
        Game,
        GameItem,
        action_id,
        action_of,
        batches,
        games_of,
        observe,
        schema_for,
        write_parquet,
    )

__all__ = [
    "ACTION_SPACE",
    "ARRAYS",
    "MISSING",
    "SCHEMAS",
    "TABLES",
    "VERSION",
    "Game",
    "GameItem",
    "action_id",
    "action_of",
    "batches",
    "games_of",
    "observe",
    "schema_for",
    "write_parquet",
]


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module 'gargon_notation.arrow' has no attribute {name!r}")
    value = getattr(importlib.import_module("gargon_notation.tables"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
