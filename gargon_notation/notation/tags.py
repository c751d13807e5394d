"""The known header tags and typed access to their values.

The reader keeps every tag as written (known or not, in order); these accessors interpret the
known ones on demand and raise :class:`~gargon_notation.errors.NotationError` at the tag's
position when a value is malformed.  Unknown tags are kept and never interpreted, so a later
version of the notation can add tags without breaking this reader.

>>> from gargon_notation.notation import parse_game
>>> record = parse_game('[Players "Adam" "Bernd" "Collette"]\\n[Start "Bernd"]\\n*\\n')
>>> players(record), start(record), shuffle(record)
(('Adam', 'Bernd', 'Collette'), 'Bernd', 'sha256-fy-1')
"""

from __future__ import annotations

import re

from gargon_notation.arguments import names_problem
from gargon_notation.errors import NotationError
from gargon_notation.notation.model import GameRecord, Tag
from gargon_notation.notation.writer import name_text
from gargon_notation.slips import meant_hint

__all__ = [
    "DEFAULT_SHUFFLE",
    "KNOWN_TAGS",
    "LABEL_TAGS",
    "NOTATION_VERSION",
    "STRUCTURED_TAGS",
    "date",
    "date_fault",
    "notation_version",
    "players",
    "ruleset_options",
    "seed",
    "shuffle",
    "start",
]

NOTATION_VERSION = 1
"""The version of the notation this package reads and writes."""

DEFAULT_SHUFFLE = "sha256-fy-1"
"""The shuffle algorithm a ``Seed`` refers to when no ``Shuffle`` tag is given."""

KNOWN_TAGS: dict[str, str] = {
    "Notation": 'version of the notation, "1"; recommended as the first tag',
    "Event": "name of the event (free text)",
    "Site": "where the game was played (free text)",
    "Date": 'date played, "YYYY.MM.DD", "??" for unknown parts ("2026.??.??")',
    "Round": 'the event\'s round (free text: "3", "Final"); standings make their columns of it',
    "Table": "the table of that round (free text)",
    "Players": "one value per seat, in clockwise order from seat 0 (3 to 5 names)",
    "Start": "name of the first round's start player (one of Players)",
    "Ruleset": 'rules variant: "standard" (default) or "english" (both 0s triple)',
    "ZeroPair": 'multiplier for both 0s of a colour, overriding the ruleset ("4", "3")',
    "WonCardsFaceUp": 'variant in which won cards stay visible: "yes" or "no" (default)',
    "StartMustPlay": '"yes" (default): the start player must play while he holds a card; "no"',
    "Seed": "seed from which the deal is shuffled (free text)",
    "Shuffle": f'shuffle algorithm for Seed (default "{DEFAULT_SHUFFLE}")',
    "Result": 'copy of the termination marker: "*", "end" or "end Adam 52, Bernd 31, ..."',
}
"""The tags this version documents, with the format of their values."""

STRUCTURED_TAGS = frozenset(
    {
        "Notation",
        "Date",
        "Players",
        "Start",
        "Ruleset",
        "ZeroPair",
        "WonCardsFaceUp",
        "StartMustPlay",
        "Seed",
        "Shuffle",
        "Seat",
        "Result",
    }
)
"""The tags whose values the notation defines (docs/notation.md, 4.2): names, a date, rules,
a seed, the result.  Every other tag (``Event``, ``Site``, a tag the notation does not know)
holds free text, which may name a card as a comment may."""

LABEL_TAGS = frozenset({"Round", "Table"})
"""Tags of free text that label a game's place in its event (``[Round "3"]``, ``[Table
"B3"]``): no place for a remark, so a value there that looks like a card (a club's table
B3) names a table, not a card, for the leak check and for a seat's view."""

_DAYS_IN_MONTH = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)

_DATE = re.compile(r"(?:[0-9]{4}|\?{4})\.(?:[0-9]{2}|\?\?)\.(?:[0-9]{2}|\?\?)")


def _fail(tag: Tag, message: str, source: str) -> NotationError:
    return NotationError(message, source=source, line=tag.line, column=tag.column)


def _single(record: GameRecord, name: str) -> tuple[Tag, str] | None:
    tag = record.tag(name)
    if tag is None:
        return None
    if len(tag.values) != 1:
        raise _fail(tag, f"tag {name} takes one value, not {len(tag.values)}", record.source)
    return tag, tag.value


def notation_version(record: GameRecord) -> int | None:
    """The ``Notation`` version, or None when the tag is absent."""
    found = _single(record, "Notation")
    if found is None:
        return None
    tag, value = found
    if value.isascii() and value.isdigit() and len(value) > 9:
        message = f"this reader knows notation version {NOTATION_VERSION}, not {value}"
        raise _fail(tag, message, record.source)
    if not (value.isascii() and value.isdigit()):
        raise _fail(tag, f"the Notation version is a whole number, not {value!r}", record.source)
    return int(value)


def players(record: GameRecord) -> tuple[str, ...] | None:
    """The players in clockwise seat order, or None when ``Players`` is absent."""
    tag = record.tag("Players")
    if tag is None:
        return None
    if not 3 <= len(tag.values) <= 5:
        raise _fail(
            tag, f"Gargon is played by 3 to 5 players, not {len(tag.values)}", record.source
        )
    problem = names_problem(tag.values)
    if problem is not None:
        raise _fail(tag, problem, record.source)
    return tag.values


def start(record: GameRecord) -> str | None:
    """The first start player, or None when ``Start`` is absent."""
    found = _single(record, "Start")
    if found is None:
        return None
    tag, value = found
    seats = players(record)
    if seats is not None and value not in seats:
        message = (
            f"the start player {value!r} is not one of the Players "
            f"({', '.join(name_text(name) for name in seats)})"
            + meant_hint(value, seats, name_text)
        )
        raise _fail(tag, message, record.source)
    return value


def date(record: GameRecord) -> str | None:
    """The ``Date`` value (``YYYY.MM.DD``, parts may be ``??``), or None when absent."""
    found = _single(record, "Date")
    if found is None:
        return None
    tag, value = found
    if _DATE.fullmatch(value) is None:
        raise _fail(
            tag, f"a Date is written YYYY.MM.DD (?? for unknown), not {value!r}", record.source
        )
    fault = date_fault(*value.split("."))
    if fault is not None:
        raise _fail(tag, f"the Date {value!r} {fault}", record.source)
    return value


def date_fault(year: str, month: str, day: str) -> str | None:
    """What makes the parts of a date written as a Date's (digits, or ``?`` for each unknown
    one) name no day: ``has no month 13``, ``has no day 30``; None when they may name one.

    >>> date_fault("2026", "02", "29"), date_fault("2024", "02", "29")
    ('has no day 29', None)
    >>> date_fault("????", "13", "??"), date_fault("????", "??", "31")
    ('has no month 13', None)
    """
    if month != "??" and not 1 <= int(month) <= 12:
        return f"has no month {month}"
    if day != "??":
        last = 31
        if month != "??":
            number = 0 if year == "????" else int(year)
            leap = number % 4 == 0 and (number % 100 != 0 or number % 400 == 0)
            last = _DAYS_IN_MONTH[int(month)] + (month == "02" and leap)
        if not 1 <= int(day) <= last:
            return f"has no day {day}"
    return None


def seed(record: GameRecord) -> str | None:
    """The ``Seed`` value, or None when absent."""
    found = _single(record, "Seed")
    return None if found is None else found[1]


def shuffle(record: GameRecord) -> str:
    """The ``Shuffle`` algorithm's name (``sha256-fy-1`` when absent)."""
    found = _single(record, "Shuffle")
    return DEFAULT_SHUFFLE if found is None else found[1]


def ruleset_options(record: GameRecord) -> dict[str, str | int | bool]:
    """``Ruleset``, ``ZeroPair``, ``WonCardsFaceUp`` and ``StartMustPlay`` as written, typed.

    >>> from gargon_notation.notation import parse_game
    >>> ruleset_options(parse_game('[Ruleset "english"]\\n[WonCardsFaceUp "yes"]\\n*'))
    {'ruleset': 'english', 'won_cards_face_up': True}
    """
    options: dict[str, str | int | bool] = {}
    found = _single(record, "Ruleset")
    if found is not None:
        if found[1] not in ("standard", "english"):
            message = f"the Ruleset is 'standard' or 'english', not {found[1]!r}"
            raise _fail(found[0], message, record.source)
        options["ruleset"] = found[1]
    found = _single(record, "ZeroPair")
    if found is not None:
        # Nine digits at most: a colour's amulets times it stays a small number.
        written = found[1]
        digits = written.isascii() and written.isdigit() and len(written) <= 9
        if not digits or int(written) < 1:
            message = f"ZeroPair is a whole number from 1 to 999999999, not {written!r}"
            raise _fail(found[0], message, record.source)
        options["zero_pair_multiplier"] = int(written)
    for name, option in (
        ("WonCardsFaceUp", "won_cards_face_up"),
        ("StartMustPlay", "start_player_must_play"),
    ):
        found = _single(record, name)
        if found is not None:
            if found[1] not in ("yes", "no"):
                raise _fail(found[0], f"{name} is 'yes' or 'no', not {found[1]!r}", record.source)
            options[option] = found[1] == "yes"
    return options
