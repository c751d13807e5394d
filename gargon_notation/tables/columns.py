"""The columns of the four tables, as :class:`~gargon_notation.tables.rows.Rows` gathers
them: each table's column names in its schema's order (:data:`COLUMNS`), the list columns
kept flat (:class:`Lists`), and the observation arrays of 16-bit values.

>>> COLUMNS["rounds"][:4]
('source', 'game', 'round', 'start_seat')
>>> sorted(LISTS["decisions"])
['cards', 'drawn']
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["COLUMNS", "LISTS", "OBSERVATION_COLUMNS", "TABLES", "WIDE", "Lists"]

TABLES = ("games", "rounds", "battles", "decisions")
"""The tables, in the order :func:`gargon_notation.tables.batches` introduces them."""

_KEY = ("source", "game")
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        *_KEY,
        *("line", "event", "site", "date", "tags", "players", "player_count", "start_seat"),
        *("seed", "zero_pair", "won_cards_face_up", "start_must_play", "valid", "finished"),
        *("ending", "rounds", "decisions", "winners", "winner_seats", "scores", "bonus"),
        *("amulets", "problems", "problem_code", "problem_message", "problem_line"),
        "problem_column",
    ),
    "rounds": (
        *_KEY,
        *("round", "start_seat", "start", "skipped_seats", "pattern", "plays", "passes"),
        *("cards_played", "cards_drawn", "battles", "pile1", "pile2", "complete", "last"),
    ),
    "battles": (
        *_KEY,
        *("round", "battle", "step", "colour", "fight", "kind", "chooser_seat"),
        *("fighter_seats", "fighter_cards", "winner_seat", "winner", "won", "discarded"),
        *("cards_won", "cards_discarded", "zero_clash"),
    ),
    "decisions": (
        *_KEY,
        *("step", "round", "seat", "player", "kind", "written", "line", "column", "cards"),
        *("drawn", "legal_actions", "legal_exact"),
    ),
}
"""Each table's columns, in the order of its schema (without the observation columns)."""

OBSERVATION_COLUMNS = ("action", "legal_action_ids", "reward", "final_score", "final_margin")
"""The observation columns of ``decisions`` besides the arrays, in the schema's order."""
WIDE = frozenset({"obs_state", "obs_scores"})
"""Observation arrays of 16-bit values (the others are 8-bit)."""
LISTS = {
    "games": frozenset[str](),
    "rounds": frozenset[str](),
    "battles": frozenset({"fighter_seats", "fighter_cards", "won", "discarded"}),
    "decisions": frozenset({"cards", "drawn"}),
}
"""The list columns kept flat (:class:`Lists`)."""


class Lists:
    """A column of lists kept flat, as Arrow holds it: every list's items one after the
    other, each row's length, and which rows are null (a null row has length 0).

    >>> lists = Lists()
    >>> lists.append(["R3", "Y1"]); lists.append(None); lists.append([])
    >>> lists.to_pylist(), len(lists)
    ([['R3', 'Y1'], None, []], 3)

    Whole numbers can be kept in an :class:`array.array` of a ``typecode``, 4 bytes an
    item (``"i"``) where a list holds a pointer and often an object of 28:

    >>> ids = Lists("i")
    >>> ids.append([7, 300]); ids.to_pylist(), ids.values
    ([[7, 300]], array('i', [7, 300]))
    """

    __slots__ = ("lengths", "nulls", "values")

    def __init__(self, typecode: str | None = None) -> None:
        self.values: list[Any] | array[int] = [] if typecode is None else array(typecode)
        self.lengths: list[int] = []
        self.nulls: list[bool] = []

    def __len__(self) -> int:
        return len(self.lengths)

    def __iadd__(self, rows: Iterable[Sequence[Any] | None]) -> Lists:
        for row in rows:
            self.append(row)
        return self

    def append(self, row: Sequence[Any] | None) -> None:
        """Add one row (None for a null)."""
        if row is None:
            self.lengths.append(0)
            self.nulls.append(True)
        else:
            self.values.extend(row)
            self.lengths.append(len(row))
            self.nulls.append(False)

    def to_pylist(self) -> list[list[Any] | None]:
        """The rows as Python lists (None for a null)."""
        rows: list[list[Any] | None] = []
        at = 0
        for length, null in zip(self.lengths, self.nulls, strict=True):
            rows.append(None if null else list(self.values[at : at + length]))
            at += length
        return rows
