"""Checks of what the library's functions are given, made where a program calls them (the
front door), never in the engine's loops: a record where one is wanted, the players' names,
a whole number in its range.

A value outside what a function takes raises :class:`~gargon_notation.errors.ArgumentError`
(a :class:`ValueError` too); a value of another type raises :class:`TypeError`, as Python's
own functions do.  Either message names the parameter and what it takes.  Nothing of the
notation is imported here until a record is checked, so that the engine can use these
checks too (a record's ``Players`` tag and the engine's names are checked alike:
:func:`names_problem`).

>>> check_names(["Ann", "Ann", "Cy"], 3)
Traceback (most recent call last):
...
gargon_notation.errors.ArgumentError: names: player names must be different and not ...
"""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence, Sized
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from gargon_notation.errors import NAME_UNSAFE, ArgumentError, NotationError, printable_name

if TYPE_CHECKING:
    from gargon_notation.notation.model import GameRecord

__all__ = [
    "check_names",
    "name_texts",
    "names_problem",
    "record_argument",
    "records_argument",
    "shown",
    "unread_item",
    "whole_number",
]

SKIP_ERRORS = (
    "gg.load gives one in place of each game it cannot read: leave those out "
    "(if not isinstance(item, gg.NotationError)), correct the file, or load with "
    "strict=True to stop at the first"
)
"""What to do with a game that could not be read, where a record is wanted."""


def shown(value: object) -> str:
    """``value`` as a message shows what was given: its type and its repr, cut short.

    >>> shown("x"), shown(None), shown(list(range(40)))
    ("str 'x'", 'None', 'list [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16...')
    """
    if value is None:
        return "None"
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def unread_item(function: str, what: str, error: NotationError) -> ArgumentError:
    """The refusal of ``error`` (a game that could not be read) given to ``function`` as
    ``what`` (``record``, ``game 2``), naming where it is and what to do instead.

    >>> error = NotationError("expected a card", source="club.ggn", line=5, column=3)
    >>> print(unread_item("dumps", "game 2", error))  # doctest: +NORMALIZE_WHITESPACE
    dumps: game 2 is not a record but the NotationError of a game that could not be read
    (club.ggn:5:3: expected a card): gg.load gives one in place of each game it cannot read:
    leave those out (if not isinstance(item, gg.NotationError)), correct the file, or load
    with strict=True to stop at the first
    """
    source = printable_name(error.source)
    where = f"{source}:{error.line}:{error.column}" if error.line else source
    return ArgumentError(
        f"{function}: {what} is not a record but the NotationError of a game that could not "
        f"be read ({where}: {error.message}): {SKIP_ERRORS}"
    )


def _record_type() -> type[GameRecord]:
    from gargon_notation.notation.model import GameRecord

    return GameRecord


def record_argument(value: object, function: str, parameter: str = "record") -> GameRecord:
    """``value`` when it is a :class:`~gargon_notation.notation.GameRecord`.

    Raises :class:`ArgumentError` for the :class:`NotationError` of a game that could not be
    read (:func:`unread_item`), :class:`TypeError` for anything else.

    >>> record_argument("x", "replay")
    Traceback (most recent call last):
    ...
    TypeError: replay: record is a gg.GameRecord (as gg.load and gg.loads give), not str 'x'
    """
    record_type = _record_type()
    if isinstance(value, record_type):
        return value
    if isinstance(value, NotationError):
        raise unread_item(function, parameter, value)
    raise TypeError(
        f"{function}: {parameter} is a gg.GameRecord (as gg.load and gg.loads give), "
        f"not {shown(value)}"
    )


def records_argument(values: object, function: str) -> Iterator[GameRecord]:
    """The records of ``values``, one record or an iterable of them, each checked as it
    comes (numbered from 1 as games in messages: ``game 2``), so that a stream of records is
    not held in memory.

    Raises :class:`ArgumentError` for the :class:`NotationError` of a game that could not be
    read, :class:`TypeError` for anything but records.

    >>> list(records_argument([None], "dumps"))
    Traceback (most recent call last):
    ...
    TypeError: dumps: game 1 is a gg.GameRecord (as gg.load and gg.loads give), not None
    """
    record_type = _record_type()
    if isinstance(values, record_type):
        yield values
        return
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise TypeError(
            f"{function}: records are a gg.GameRecord or an iterable of them, not {shown(values)}"
        )
    for number, value in enumerate(values, start=1):
        if type(value) is record_type:
            yield value
        else:
            yield record_argument(value, function, f"game {number}")


def names_problem(names: Sequence[str]) -> str | None:
    """What is wrong with the players' ``names`` for one table (None: nothing): each a
    different, non-empty single line without a control character (the notation writes each
    in a ``Players`` tag and names the player by it in every decision, where no one would
    see a control character, nor one that turns text right to left: :data:`NAME_UNSAFE`).
    Its count is the caller's to check.

    >>> names_problem(("Ann", "Bob", "Cy")) is None
    True
    >>> names_problem(("Ann", "", "Cy"))
    'player names must be different and not empty: a name is empty'
    >>> names_problem(("Ann ", "Bob", "Cy"))
    'a player name may not begin or end with a space: write "Ann", not "Ann "'
    >>> names_problem(("A", "B\\nC", "B\\nC"))
    "player names are single lines of text: 'B\\\\nC' is not"
    >>> print(names_problem(("Ann", "Bob\\x07", "Cy")))
    a player name may not hold a control character: 'Bob\\x07' holds \\x07
    >>> print(names_problem(("Ann", "B\\udcff", "Cy")))
    a player name may not hold a lone surrogate (bytes not UTF-8?): 'B\\udcff' holds \\udcff
    """
    seen: set[str] = set()
    for name in names:
        if not name:
            return "player names must be different and not empty: a name is empty"
        if "\n" in name or "\r" in name:
            return f"player names are single lines of text: {name!r} is not"
        # A tab at either end is a space (below); other characters str.strip takes for
        # spaces (\x1c to \x1f, \x85, the line and paragraph separators) are control
        # characters, said as their escapes, not as spaces.
        unseen = NAME_UNSAFE.search(name.strip(" \t"))
        if unseen is not None:
            return (
                "a player name may not hold a control character: "
                f"{name!r} holds {repr(unseen.group())[1:-1]}"
            )
        lone = _SURROGATE.search(name)
        if lone is not None:
            return (
                "a player name may not hold a lone surrogate (bytes not UTF-8?): "
                f"{name!r} holds {repr(lone.group())[1:-1]}"
            )
        if name in seen:
            return f"player names must be different and not empty: {name!r} is given twice"
        if name[0].isspace() or name[-1].isspace():
            # Names are compared as written: "Adam " is not Adam, and no one sees why.
            return (
                "a player name may not begin or end with a space: write "
                f"{_quoted(name.strip())}, not {_quoted(name)}"
            )
        seen.add(name)
    return None


_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair alone, as Python reads bytes that are not UTF-8 in an argument: no
character, and no UTF-8 file can hold it."""


def _quoted(name: str) -> str:
    """``name`` as the notation quotes it (``"Ann Lee"``)."""
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_texts(names: object, parameter: str = "names") -> tuple[str, ...]:
    """``names``, a sequence of texts, one a seat, as a tuple (their number and spelling are
    for the caller to check); an iterator (a generator, in seat order) is read no further
    than a table's five names and one more, which an endless one has too.

    Raises :class:`TypeError` for anything else: one text, or its bytes, is not a sequence
    of names (``"Ann"`` is not three players A, n and n), nor is a set or a mapping, which
    has no seat order; :class:`~gargon_notation.errors.ArgumentError` for an iterator of more
    than five names.

    >>> name_texts(b"Ann", "players")
    Traceback (most recent call last):
    ...
    TypeError: players: a sequence of texts (str), one a seat, not bytes b'Ann'
    >>> name_texts(iter(lambda: "Ann", None), "players")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: players: more than 5 names given, where a table ...
    """
    if isinstance(
        names, str | bytes | bytearray | memoryview | AbstractSet | Mapping
    ) or not isinstance(names, Iterable):
        raise TypeError(f"{parameter}: a sequence of texts (str), one a seat, not {shown(names)}")
    counted = isinstance(names, Sized)  # a list, a tuple: its callers say how many
    given = tuple(names) if counted else tuple(itertools.islice(names, _MOST_NAMES + 1))
    for name in given:
        if not isinstance(name, str):
            raise TypeError(f"{parameter}: each name is a text (str), not {shown(name)}")
    if not counted and len(given) > _MOST_NAMES:
        raise ArgumentError(
            f"{parameter}: more than {_MOST_NAMES} names given, where a table seats 3 to "
            f"{_MOST_NAMES} players"
        )
    return given


_MOST_NAMES = 5
"""The most players at a table, so the most names an iterator is read for."""


def check_names(names: object, players: int, parameter: str = "names") -> tuple[str, ...]:
    """``names`` for a table of ``players``, as a tuple.

    Raises :class:`TypeError` for names that are not texts, :class:`ArgumentError` for the
    wrong number of names and for names :func:`names_problem` refuses.

    >>> check_names(["Ann", "Bob"], 3)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: names: 2 names for 3 seats
    """
    given = name_texts(names, parameter)
    if len(given) != players:
        raise ArgumentError(f"{parameter}: {len(given)} names for {players} seats")
    problem = names_problem(given)
    if problem is not None:
        raise ArgumentError(f"{parameter}: {problem}")
    return given


def whole_number(
    value: object, parameter: str, least: int | None = 0, most: int | None = None
) -> int:
    """``value`` as an :class:`int` (any integer, such as numpy's, is taken) from ``least``
    to ``most`` (None: no bound).

    Raises :class:`TypeError` for what is not an integer (a :class:`bool` neither),
    :class:`ArgumentError` for an integer out of range.

    >>> whole_number(3, "steps", least=1), whole_number(-1, "steps")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: steps: -1 is not from 0 on
    >>> whole_number(7, "seat", 0, 4)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: seat: 7 is not from 0 to 4
    """
    if isinstance(value, bool):
        raise TypeError(f"{parameter}: a whole number (int), not {shown(value)}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{parameter}: a whole number (int), not {shown(value)}") from None
    if (least is not None and number < least) or (most is not None and number > most):
        if least is None:
            bound = f"up to {most}"
        else:
            bound = f"from {least} on" if most is None else f"from {least} to {most}"
        raise ArgumentError(f"{parameter}: {number} is not {bound}")
    return number
