"""The Arrow schemas of the four tables (docs/tables.md explains every column).

Every table starts with ``source`` and ``game``, the key that joins them: the file the game
was read from, as it was named, and the game's place in it (from 1).  Seats are counted from
0 in clockwise order, as in the engine; ``games.players`` gives their names.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from gargon_notation.arguments import shown
from gargon_notation.errors import ArgumentError
from gargon_notation.observation import ARRAYS
from gargon_notation.tables.columns import TABLES

__all__ = ["OBSERVATION_FIELDS", "SCHEMAS", "TABLES", "VERSION", "schema_for"]

VERSION = 2
"""The version of the tables' columns (docs/tables.md, "Versioning"), in every schema's
metadata under ``gargon.tables.version``, and so in every Parquet file's: 2 since
``games.zero_pair`` became int32 and ``scores``, ``bonus`` and ``amulets`` lists of int64
(they were int8 and int16, too small for a record's ``ZeroPair`` tag); 1 (files without the
key) before."""
_METADATA: dict[bytes | str, bytes | str] = {"gargon.tables.version": str(VERSION)}

_KEY: list[pa.Field[Any]] = [
    pa.field("source", pa.string(), nullable=False),
    pa.field("game", pa.int32(), False),
]
_SEATS = pa.list_(pa.int8())
_TEXTS = pa.list_(pa.string())
_POINTS = pa.list_(pa.int64())
"""Points per seat: a record's ``ZeroPair`` tag may multiply amulets by up to 999,999,999."""

GAMES = pa.schema(
    [
        *_KEY,
        pa.field("line", pa.int32()),
        pa.field("event", pa.string()),
        pa.field("site", pa.string()),
        pa.field("date", pa.string()),
        pa.field("tags", pa.map_(pa.string(), pa.string())),
        pa.field("players", _TEXTS),
        pa.field("player_count", pa.int8()),
        pa.field("start_seat", pa.int8()),
        pa.field("seed", pa.string()),
        pa.field("zero_pair", pa.int32()),
        pa.field("won_cards_face_up", pa.bool_()),
        pa.field("start_must_play", pa.bool_()),
        pa.field("valid", pa.bool_(), False),
        pa.field("finished", pa.bool_(), False),
        pa.field("ending", pa.string(), False),
        pa.field("rounds", pa.int16()),
        pa.field("decisions", pa.int32()),
        pa.field("winners", _TEXTS),
        pa.field("winner_seats", _SEATS),
        pa.field("scores", _POINTS),
        pa.field("bonus", _POINTS),
        pa.field("amulets", _POINTS),
        pa.field("problems", pa.int32(), False),
        pa.field("problem_code", pa.string()),
        pa.field("problem_message", pa.string()),
        pa.field("problem_line", pa.int32()),
        pa.field("problem_column", pa.int32()),
    ],
    metadata=_METADATA,
)

ROUNDS = pa.schema(
    [
        *_KEY,
        pa.field("round", pa.int16(), False),
        pa.field("start_seat", pa.int8(), False),
        pa.field("start", pa.string(), False),
        pa.field("skipped_seats", _SEATS, False),
        pa.field("pattern", pa.string()),
        pa.field("plays", pa.int8(), False),
        pa.field("passes", pa.int8(), False),
        pa.field("cards_played", pa.int8(), False),
        pa.field("cards_drawn", pa.int16(), False),
        pa.field("battles", pa.int8(), False),
        pa.field("pile1", pa.int8(), False),
        pa.field("pile2", pa.int8(), False),
        pa.field("complete", pa.bool_(), False),
        pa.field("last", pa.bool_(), False),
    ],
    metadata=_METADATA,
)

BATTLES = pa.schema(
    [
        *_KEY,
        pa.field("round", pa.int16(), False),
        pa.field("battle", pa.int8(), False),
        pa.field("step", pa.int32(), False),
        pa.field("colour", pa.string(), False),
        pa.field("fight", pa.int8(), False),
        pa.field("kind", pa.string(), False),
        pa.field("chooser_seat", pa.int8()),
        pa.field("fighter_seats", _SEATS, False),
        pa.field("fighter_cards", _TEXTS, False),
        pa.field("winner_seat", pa.int8()),
        pa.field("winner", pa.string()),
        pa.field("won", _TEXTS, False),
        pa.field("discarded", _TEXTS, False),
        pa.field("cards_won", pa.int8(), False),
        pa.field("cards_discarded", pa.int8(), False),
        pa.field("zero_clash", pa.bool_(), False),
    ],
    metadata=_METADATA,
)

DECISIONS = pa.schema(
    [
        *_KEY,
        pa.field("step", pa.int32(), False),
        pa.field("round", pa.int16(), False),
        pa.field("seat", pa.int8(), False),
        pa.field("player", pa.string(), False),
        pa.field("kind", pa.string(), False),
        pa.field("written", pa.string()),
        pa.field("line", pa.int32()),
        pa.field("column", pa.int32()),
        pa.field("cards", _TEXTS),
        pa.field("drawn", _TEXTS),
        pa.field("legal_actions", pa.int32(), False),
        pa.field("legal_exact", pa.bool_(), False),
    ],
    metadata=_METADATA,
)

_SIGNED = {"obs_state": pa.int16(), "obs_scores": pa.int16()}
OBSERVATION_FIELDS = [
    *[
        pa.field(name, pa.list_(_SIGNED.get(name, pa.int8()), size), False)
        for name, size in ARRAYS.items()
    ],
    pa.field("action", pa.int32(), False),
    pa.field("legal_action_ids", pa.list_(pa.int32()), False),
    pa.field("reward", pa.float32()),
    pa.field("final_score", pa.int16()),
    pa.field("final_margin", pa.int16()),
]
"""The columns ``--decisions-observations`` adds to ``decisions``."""

SCHEMAS: dict[str, pa.Schema] = {
    "games": GAMES,
    "rounds": ROUNDS,
    "battles": BATTLES,
    "decisions": DECISIONS,
}
"""Each table's schema (``decisions`` without the observation columns)."""


def schema_for(table: str, observations: bool = False) -> pa.Schema:
    """The schema of ``table``; ``decisions`` with the observation columns if asked.

    Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a
    ``table`` that is not one of :data:`TABLES`, :class:`TypeError` for a ``table`` that is
    not a text.

    >>> schema_for("moves")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: table: 'moves' is not a table; the tables are games, ...
    """
    if table == "decisions" and observations:
        return pa.schema([*DECISIONS, *OBSERVATION_FIELDS], metadata=_METADATA)
    schema = SCHEMAS.get(table) if isinstance(table, str) else None
    if schema is None:
        if not isinstance(table, str):
            raise TypeError(f"table: a table's name (str), not {shown(table)}")
        raise ArgumentError(f"table: {table!r} is not a table; the tables are {', '.join(TABLES)}")
    return schema
