"""Derived events as JSON: what the engine derived while replaying a record.

(Being written: the shape is documented in the JSON Schema.)
"""

from __future__ import annotations

from typing import Any

from gargon_notation.notation import model

__all__ = ["events_json"]


def events_json(record: model.GameRecord) -> list[dict[str, Any]]:
    """The derived events of ``record`` as JSON-ready dictionaries, in order."""
    raise NotImplementedError
