"""Which games of an archive ``gargon filter`` keeps: conditions on tags, on the record and on
its replay, combined with AND, each one possibly negated.

A :class:`Condition` is one option (``--event Club``) with its value checked; a :class:`Query`
holds them in order.  Each condition needs the game read to some :data:`LEVELS` depth: tags only
(the header, without the movetext), the record (parsed, not replayed), or the replay; a query
reads each game only as deep as its deepest condition, once.

A condition holds, does not hold, or cannot tell (None: what it is about cannot be read, or a
date is only partly known); negation swaps the first two, and a game matches only when every
condition holds.

>>> query = Query.parse([("--event", "club"), ("--not", None), ("--player", "Cy")])
>>> query.level
'tags'
>>> from gargon_notation.notation import parse_game
>>> game = parse_game('[Event "Club night"]\\n[Players "Ann" "Bob" "Dan"]\\n*\\n')
>>> query.matches(Reading(game))
True
>>> Condition.parse("--date-from", "2026.13")
Traceback (most recent call last):
...
gargon_notation.archive.query.QueryError: --date-from: the date '2026.13' has no month 13
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Literal

import attrs

from gargon_notation.arguments import shown
from gargon_notation.errors import GargonError, NotationError
from gargon_notation.notation import GameRecord, Tag, tags
from gargon_notation.notation.lexical import TAG_NAME

if TYPE_CHECKING:
    from gargon_notation.archive.facts import Replayed

__all__ = [
    "CONDITIONS",
    "FACTS",
    "LEVELS",
    "Condition",
    "Level",
    "Query",
    "QueryError",
    "Reading",
    "date_range",
]

Level = Literal["none", "tags", "record", "replay"]
LEVELS: tuple[Level, ...] = ("none", "tags", "record", "replay")
"""How deep a game is read, from nothing to the replay."""

CONDITIONS: dict[str, Level] = {
    "--player": "tags",
    "--event": "tags",
    "--site": "tags",
    "--date-from": "tags",
    "--date-to": "tags",
    "--players": "tags",
    "--tag": "tags",
    "--rounds-min": "record",
    "--rounds-max": "record",
    "--winner": "replay",
    "--valid": "replay",
    "--invalid": "replay",
    "--finished": "replay",
    "--has": "replay",
}
"""Every condition option and the depth it reads a game to."""

FACTS: dict[str, str] = {
    "zero-clash": "the two 0s of a colour met in a fight with no higher card: both were "
    "discarded and nobody won",
    "zero-pair": "a player won both 0s of a colour (his amulets of that colour count x4, "
    "x3 under the english ruleset)",
    "forgot": "a player forgot an owed replacement draw (written 'NAME forgot', or not "
    "written and taken as forgotten)",
    "lapsed-draw": "an owed replacement draw lapsed because both piles were empty",
    "no-cards-end": "the game ended because nobody held a card at the end of a round (not "
    "because a pile ran out)",
    "shared-win": "the game is finished and several players share the highest total",
    "sweep": "in a round played to its end, one player won every battle, and there were at "
    "least two (a fight, an uncontested win and a last card each count as one battle; a "
    "clash of two 0s is won by nobody)",
}
"""The facts ``--has`` knows, each with what it means."""

_FLAGS = frozenset({"--valid", "--invalid", "--finished"})
_TAG = re.compile(TAG_NAME)
Day = tuple[int, int, int]


class QueryError(GargonError, ValueError):
    """A condition that cannot be understood (a usage error): the message says why."""


def date_range(value: str) -> tuple[Day, Day] | None:
    """The first and last day a Date value (``YYYY.MM.DD``, ``??`` for unknown parts) can
    stand for; None when its year is unknown.

    Raises :class:`~gargon_notation.errors.NotationError` for a value that is not a Date.

    >>> date_range("2026.11.20"), date_range("2024.02.??"), date_range("????.11.20")
    (((2026, 11, 20), (2026, 11, 20)), ((2024, 2, 1), (2024, 2, 29)), None)
    """
    checked = tags.date(GameRecord(tags=[Tag("Date", (value,))]))
    assert checked is not None
    year, month, day = checked.split(".")
    if year == "????":
        return None
    months = (1, 12) if month == "??" else (int(month), int(month))
    last = calendar.monthrange(int(year), months[1])[1]
    days = (1, last) if day == "??" else (int(day), int(day))
    return (int(year), months[0], days[0]), (int(year), months[1], days[1])


_BOUND = re.compile(
    r"[0-9]{4}(?:[.-](?:\?\?(?:[.-]\?\?)?|[0-9]{1,2}(?:[.-](?:[0-9]{1,2}|\?\?))?))?"
)
"""A date given as a bound: a year of four digits, then perhaps its month, then its day, each
of one or two digits or ``??`` (unknown parts only at the end), separated by ``.`` or ``-``:
after a year of four digits, ``2026.3.5`` can only be 5 March."""

DATE_FORMS = (
    "write YYYY.MM.DD, YYYY.MM or YYYY, the year first in four digits "
    "(2026.03.15 for 15 March 2026)"
)
"""How to write a date given as a bound, for the message refusing one that is not."""


def _bound(option: str, value: str) -> tuple[Day, Day]:
    """A date on the command line: ``YYYY.MM.DD``, ``YYYY.MM`` or ``YYYY`` (``-`` may stand
    for ``.``, the month and day may have one digit, and ``??`` stands for the month or day,
    as in a Date), as the range of days it covers.  Anything else is refused, quoted as
    typed: a date written day first (``15.3.26``) is never read as another.

    >>> _bound("--date-from", "2026.3.5") == _bound("--date-from", "2026-03-05")
    True
    """
    if _BOUND.fullmatch(value) is None:
        raise QueryError(f"{option}: {value!r} is not a date: {DATE_FORMS}")
    year, month, day = [part.zfill(2) for part in [*re.split("[.-]", value), "??", "??"][:3]]
    fault = tags.date_fault(year, month, day)
    if fault is not None:
        raise QueryError(f"{option}: the date {value!r} {fault}")
    found = date_range(f"{year}.{month}.{day}")
    assert found is not None
    return found


@attrs.frozen
class Reading:
    """A game read as deep as a query needs: the header (a record of its tags, or the whole
    record), the record, the replay; None where not read or not readable.  ``broken`` says
    that reading failed at the depth asked for."""

    header: GameRecord | None
    record: GameRecord | None = None
    replayed: Replayed | None = None
    broken: bool = False


@attrs.frozen
class Condition:
    """One condition: an option of :data:`CONDITIONS`, its value checked and converted (a
    text, a number, a range of days, a tag's name and wanted value), and whether ``--not``
    came before it."""

    option: str
    text: str | None = None
    number: int | None = None
    days: tuple[Day, Day] | None = None
    wanted: str | None = None
    """For ``--tag NAME=VALUE``: VALUE (``text`` is NAME); None for ``--tag NAME``."""
    negated: bool = False

    @classmethod
    def parse(
        cls, option: str, value: str | None, negated: bool = False, *, label: str | None = None
    ) -> Condition:
        """The condition an option and its text give.  Messages name the condition by
        ``label``, by default the option (:meth:`Query.where` names its parameter).

        Raises :class:`QueryError` for an unknown option, a missing value, a number, date,
        fact or tag that is not one.
        """
        if option not in CONDITIONS:
            raise QueryError(f"{option} is not a condition: choose one of {', '.join(CONDITIONS)}")
        said = label or option
        if option in _FLAGS:
            return cls(option, negated=negated)
        if value is None:
            raise QueryError(f"{said} needs a value")
        if option in ("--players", "--rounds-min", "--rounds-max"):
            if not (value.isascii() and value.isdigit()) or len(value) > 9:
                raise QueryError(f"{said}: {value!r} is not a whole number")
            return cls(option, number=int(value), negated=negated)
        if option in ("--date-from", "--date-to"):
            return cls(option, days=_bound(said, value), negated=negated)
        if option == "--has" and value not in FACTS:
            known = "\n".join(f"  {name}: {meaning}" for name, meaning in FACTS.items())
            raise QueryError(f"{said}: unknown fact {value!r}; the facts are:\n{known}")
        if option == "--tag":
            name, equals, wanted = value.partition("=")
            if _TAG.fullmatch(name) is None:
                raise QueryError(f"{said}: {value!r} is not NAME=VALUE or NAME (a tag name)")
            return cls(option, name, wanted=wanted if equals else None, negated=negated)
        return cls(option, value, negated=negated)

    @property
    def level(self) -> Level:
        """How deep a game is read to test this condition."""
        return CONDITIONS[self.option]

    def holds(self, reading: Reading) -> bool | None:
        """Whether the game read meets the condition (``--not`` applied); None when that
        cannot be told."""
        found = self._test(reading)
        if found is None:
            return None
        return found != self.negated

    def _test(self, reading: Reading) -> bool | None:
        option = self.option
        if option in ("--valid", "--invalid"):
            valid = reading.replayed is not None and reading.replayed.valid
            return valid == (option == "--valid")
        if self.level == "replay":
            if reading.replayed is None:
                return None
            if option == "--finished":
                return reading.replayed.finished
            if option == "--winner":
                return self.text in reading.replayed.winners
            return self.text in reading.replayed.facts
        if self.level == "record":
            if reading.record is None:
                return None
            rounds, number = len(reading.record.rounds), self.number or 0
            return rounds >= number if option == "--rounds-min" else rounds <= number
        if reading.header is None:
            return None
        return self._test_tags(reading.header)

    def _test_tags(self, header: GameRecord) -> bool | None:
        option, text = self.option, self.text or ""
        if option in ("--event", "--site"):
            tag = header.tag(option[2:].capitalize())
            return tag is not None and text.casefold() in tag.value.casefold()
        if option == "--tag":
            found = [tag for tag in header.tags if tag.name == text]
            wanted = self.wanted
            return bool(found) and (wanted is None or any(wanted in t.values for t in found))
        seats = header.tag("Players")
        if option == "--player":
            return seats is not None and text in seats.values
        if option == "--players":
            return seats is not None and len(seats.values) == self.number
        return self._test_date(header)

    def _test_date(self, header: GameRecord) -> bool | None:
        try:
            written = tags.date(header)
        except NotationError:
            return None  # a Date that is not one: validate warns of it
        days = date_range(written) if written is not None else None
        if days is None or self.days is None:
            return None
        first, last = self.days
        if self.option == "--date-from":
            return True if days[0] >= first else False if days[1] < first else None
        return True if days[1] <= last else False if days[0] > last else None


def _day(day: Day) -> str:
    """A day as a Date writes it: ``2026.03.05``."""
    return f"{day[0]:04}.{day[1]:02}.{day[2]:02}"


_PARAMETERS = {
    "--players": "players",
    "--date-from": "date_from",
    "--date-to": "date_to",
    "--rounds-min": "rounds_min",
    "--rounds-max": "rounds_max",
    "--invalid": "valid=False",
}
"""The parameters of :meth:`Query.where` by option, where its messages name them so."""


def _check_ranges(conditions: Iterable[Condition], said: Mapping[str, str]) -> None:
    """Refuse bounds that no game can meet: a number of ``--players`` no valid game has
    (without ``--invalid``: a record whose ``Players`` tag names 2 is invalid, and is found
    so), a ``--date-from`` after a ``--date-to``, a ``--rounds-min`` over a
    ``--rounds-max`` (a query that always counts 0 says nothing).  ``said`` names an option
    otherwise than by itself (as a parameter of :meth:`Query.where`).

    >>> Query.parse([("--date-from", "2026.4"), ("--date-to", "2026.03")])
    Traceback (most recent call last):
    gargon_notation.archive.query.QueryError: --date-from 2026.04.01 is after --date-to ...
    >>> Query.parse([("--players", "2"), ("--invalid", None)]).conditions[0].number
    2
    """
    kept = [condition for condition in conditions if not condition.negated]
    invalid = any(c.option == "--invalid" for c in kept) or any(
        c.option == "--valid" and c.negated for c in conditions
    )
    for condition in kept if not invalid else ():
        number = condition.number
        if condition.option == "--players" and number is not None and not 3 <= number <= 5:
            raise QueryError(
                f"{said.get('--players', '--players')}: Gargon is played by 3 to 5 players, "
                f"not {number}: only an invalid record names {number} (add "
                f"{said.get('--invalid', '--invalid')} to find such records)"
            )
    froms = [c for c in kept if c.option == "--date-from" and c.days is not None]
    tos = [c for c in kept if c.option == "--date-to" and c.days is not None]
    for early in froms:
        for late in tos:
            if early.days is not None and late.days is not None and early.days[0] > late.days[1]:
                first, last = early.days[0], late.days[1]
                raise QueryError(
                    f"{said.get('--date-from', '--date-from')} {_day(first)} is after "
                    f"{said.get('--date-to', '--date-to')} {_day(last)}: no game can be "
                    "dated between them"
                )
    least = [c.number for c in kept if c.option == "--rounds-min" and c.number is not None]
    most = [c.number for c in kept if c.option == "--rounds-max" and c.number is not None]
    if least and most and max(least) > min(most):
        raise QueryError(
            f"{said.get('--rounds-min', '--rounds-min')} {max(least)} is over "
            f"{said.get('--rounds-max', '--rounds-max')} {min(most)}: no game can have both"
        )


@attrs.frozen
class Query:
    """Conditions combined with AND (none: every game matches)."""

    conditions: tuple[Condition, ...] = ()

    @classmethod
    def parse(cls, options: Iterable[tuple[str, str | None]]) -> Query:
        """The query of options in command-line order; ``("--not", None)`` negates the
        option after it.

        Raises :class:`QueryError` for a condition that cannot be understood, ``--not`` not
        followed by a condition, and ``--valid`` with ``--invalid``.
        """
        conditions: list[Condition] = []
        negate = False
        for option, value in options:
            if option == "--not":
                if negate:
                    raise QueryError("--not --not: negate a condition once")
                negate = True
                continue
            conditions.append(Condition.parse(option, value, negate))
            negate = False
        if negate:
            raise QueryError(
                "--not must come right before a condition (" + ", ".join(CONDITIONS) + ")"
            )
        used = {condition.option for condition in conditions}
        if {"--valid", "--invalid"} <= used:
            raise QueryError("--valid and --invalid exclude each other (or use --not --valid)")
        _check_ranges(conditions, {})
        return cls(tuple(conditions))

    @classmethod
    def where(
        cls,
        *,
        player: str | None = None,
        event: str | None = None,
        site: str | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        winner: str | None = None,
        players: int | None = None,
        rounds_min: int | None = None,
        rounds_max: int | None = None,
        valid: bool | None = None,
        finished: bool | None = None,
        has: str | Iterable[str] = (),
        tags: Mapping[str, str | None] | None = None,
    ) -> Query:
        """The query of ``gargon filter``'s options given as keywords, for a program: each
        one given is a condition (``valid=False`` is ``--invalid``, ``finished=False`` is
        ``--not --finished``; ``has`` one fact or several, each a condition; ``tags`` maps a
        tag's name to the value wanted, or None for any value).  Use :meth:`parse` for
        ``--not`` before any condition.

        Raises :class:`QueryError` as :meth:`parse` does, its message naming the parameter
        (``players: 'many' is not a whole number``, where ``gargon filter`` names its
        option, ``--players``), and :class:`TypeError` naming a text, flag or mapping
        parameter given another type.

        >>> query = Query.where(event="club", players=4, has=["sweep", "forgot"])
        >>> [(c.option, c.text or c.number) for c in query.conditions]
        [('--event', 'club'), ('--players', 4), ('--has', 'sweep'), ('--has', 'forgot')]
        >>> query.level
        'replay'
        >>> Query.where(has="luck")
        Traceback (most recent call last):
        ...
        gargon_notation.archive.query.QueryError: has: unknown fact 'luck'; the facts are:
        ...
        """
        conditions: list[Condition] = []

        def add(option: str, value: str | None, label: str, negated: bool = False) -> None:
            conditions.append(Condition.parse(option, value, negated, label=label))

        texts = {
            "player": player,
            "event": event,
            "site": site,
            "date_from": date_from,
            "date_to": date_to,
            "winner": winner,
        }
        for label, text in texts.items():
            if text is not None:
                if not isinstance(text, str):
                    raise TypeError(f"{label}: a text (str), not {shown(text)}")
                add("--" + label.replace("_", "-"), text, label)
        numbers = {"players": players, "rounds_min": rounds_min, "rounds_max": rounds_max}
        for label, number in numbers.items():
            if number is not None:
                add("--" + label.replace("_", "-"), str(number), label)
        for label, flag in (("valid", valid), ("finished", finished)):
            if flag is not None and not isinstance(flag, bool):
                raise TypeError(f"{label}: True, False or None, not {shown(flag)}")
        if valid is not None:
            add("--valid" if valid else "--invalid", None, "valid")
        if finished is not None:
            add("--finished", None, "finished", negated=not finished)
        facts = [has] if isinstance(has, str) else has
        if not isinstance(facts, Iterable):
            raise TypeError(f"has: a fact (str) or several, not {shown(has)}")
        for fact in facts:
            if not isinstance(fact, str):
                raise TypeError(f"has: each fact is a text (str), not {shown(fact)}")
            add("--has", fact, "has")
        if tags is not None and not isinstance(tags, Mapping):
            raise TypeError(
                f"tags: a mapping of a tag's name to its value or None, not {shown(tags)}"
            )
        for name, value in (tags or {}).items():
            if not isinstance(name, str) or not isinstance(value, str | None):
                raise TypeError(
                    f"tags: a tag's name (str) to its value (str) or None, not "
                    f"{shown(name)} to {shown(value)}"
                )
            if _TAG.fullmatch(name) is None:
                raise QueryError(
                    f"tags: {name!r} is not a tag name (a letter, then letters, digits or _)"
                )
            add("--tag", name if value is None else f"{name}={value}", "tags")
        _check_ranges(conditions, _PARAMETERS)
        return cls(tuple(conditions))

    @property
    def level(self) -> Level:
        """How deep each game is read: that of the deepest condition."""
        return max((c.level for c in self.conditions), key=LEVELS.index, default="none")

    @property
    def dated(self) -> bool:
        """Whether a condition is on the date (a game whose ``Date`` is not one meets none)."""
        return any(c.option in ("--date-from", "--date-to") for c in self.conditions)

    def matches(self, reading: Reading) -> bool:
        """Whether every condition holds for the game read."""
        return all(condition.holds(reading) for condition in self.conditions)
