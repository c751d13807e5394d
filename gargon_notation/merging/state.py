"""What a merge of records keeps as it goes, and the terms the merge's modules share.

A merge meets, at each place of the game (a tag, a deal line, a round, an action, a draw),
the elements the records give for it: each is a :class:`From`, the record's number and its
element.  :class:`Merge` holds the records, where each element stands in its file (for the
messages), the :class:`Contradiction` found so far, and which records each element of the
merge comes from (so that a rule the merge breaks is said at the records' own places).  A
contradiction is said and the merge goes on, so that every one is found; when the records no
longer line up, what follows cannot be compared: :meth:`Merge.out_of_step` says so and raises
:class:`Stop`, and the merge ends there.  All that was found is raised as one
:class:`MergeError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from gargon_notation.errors import GargonError
from gargon_notation.notation import model
from gargon_notation.seats import Location, Places

__all__ = ["Contradiction", "From", "Merge", "MergeError", "Stop", "comments", "keyed"]


@attrs.frozen
class Contradiction:
    """Why records cannot be merged: where one says something (``first``), the message,
    and where another says otherwise (``second``; None when no one place is at fault, as
    for a record that has problems of its own)."""

    first: Location
    message: str
    second: Location | None = None

    def __str__(self) -> str:
        return f"{self.first}: {self.message}"


class MergeError(GargonError):
    """Raised by :func:`~gargon_notation.merging.merge_records` for records that cannot be
    merged; ``contradictions`` lists every place at fault (one line each in the message)."""

    def __init__(self, contradictions: Sequence[Contradiction]) -> None:
        self.contradictions = tuple(contradictions)
        super().__init__("\n".join(str(found) for found in self.contradictions))

    def __reduce__(self) -> tuple[type[MergeError], tuple[tuple[Contradiction, ...]]]:
        """Pickled whole, so that a worker process (a process pool, Dask) can raise it."""
        return type(self), (self.contradictions,)


class Stop(Exception):
    """The records no longer line up: what follows could not be compared."""


@attrs.frozen
class From:
    """One record's element at a place of the merge: the record's number and the element."""

    index: int
    element: Any


class Merge:
    """The records being merged, where their elements stand, and what was found so far."""

    def __init__(self, records: list[model.GameRecord], places: list[Places]) -> None:
        self.records = records
        self.places = places
        self.found: list[Contradiction] = []
        self.origin: dict[tuple[int, int], Sequence[From]] = {}

    def at(self, item: From, card: int | None = None) -> Location:
        return self.places[item.index].at(item.element, card)

    def where(self, index: int, element: object, card: int | None = None) -> Location:
        return self.places[index].at(element, card)

    def differ(self, first: Location, message: str, second: Location | None) -> None:
        self.found.append(Contradiction(first, message, second))

    def out_of_step(self, first: Location, message: str, second: Location) -> None:
        """The records no longer line up: said, and the merge stops."""
        self.differ(first, message, second)
        raise Stop

    def keep(self, items: Sequence[From]) -> None:
        """Remember the records an element of the merge comes from (its place is the first's)."""
        element = items[0].element
        if element.line:
            self.origin.setdefault((element.line, element.column), items)


def comments(items: Sequence[From]) -> tuple[model.Comment, ...]:
    """The first element's comments, then each other's not already there."""
    merged = list(items[0].element.comments)
    known = {(comment.kind, comment.text) for comment in merged}
    for item in items[1:]:
        for comment in item.element.comments:
            if (comment.kind, comment.text) not in known:
                known.add((comment.kind, comment.text))
                merged.append(comment)
    return tuple(merged)


def keyed(groups: Iterable[tuple[int, Iterable[tuple[object, Any]]]]) -> list[list[From]]:
    """Elements with the same key, across records: the first record's keys in its order,
    then new keys as they come."""
    found: dict[object, list[From]] = {}
    for index, items in groups:
        for key, element in items:
            found.setdefault(key, []).append(From(index, element))
    return list(found.values())
