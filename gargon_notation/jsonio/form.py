"""The JSON form's name and version, and its JSON Schema (shipped in the package)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from gargon_notation.notation import model

MAX_NUMBER = 999_999_999
"""The largest number the JSON form takes: the notation writes numbers of at most nine digits."""

FORMAT = "gargon-notation"
VERSION = 1
"""The JSON format version.  A later version may add optional fields; readers of version 1
ignore fields they do not know and refuse documents of a higher major version."""
MINOR_EVENTS = 1
"""The minor version of a document holding derived events (``"minor": 1``)."""

_SCHEMA_FILE = "gargon.schema.json"

EventsFunction = Callable[[model.GameRecord], list[dict[str, Any]]]
"""What the writers take as ``events``: a record's derived events as JSON-ready values."""


def schema_text() -> str:
    """The JSON Schema (draft 2020-12) of the JSON form, as shipped in the package."""
    return (resources.files("gargon_notation") / _SCHEMA_FILE).read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The JSON Schema as a dictionary."""
    loaded: dict[str, Any] = json.loads(schema_text())
    return loaded
