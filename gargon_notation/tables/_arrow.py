"""The ``arrow`` extra the tables need: pyarrow, or an import error naming the command that
installs it (imported first by :mod:`gargon_notation.tables`)."""

from __future__ import annotations

MISSING = (
    "Arrow tables and Parquet need pyarrow, which is not installed: "
    "pip install 'gargon-notation[arrow]'"
)
"""What a missing ``arrow`` extra is reported as."""

try:
    import pyarrow
    import pyarrow.parquet  # noqa: F401
except ImportError:
    raise ModuleNotFoundError(MISSING, name="pyarrow") from None
