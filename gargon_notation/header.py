"""The known header tags of a record, turned into what the engine needs to replay it.

The notation layer reads each known tag (:mod:`gargon_notation.notation.tags`, documented in
docs/notation.md section 4); this module adds the meaning: seat numbers, the first start
player's seat and a :class:`~gargon_notation.rules.Ruleset`.

>>> from gargon_notation.notation import parse_game
>>> record = parse_game('[Players "Ann" "Bob" "Cy"]\\n[Start "Bob"]\\n[ZeroPair "3"]\\n*\\n')
>>> header = read_header(record)
>>> header.players, header.start, header.ruleset.zero_pair_multiplier
(('Ann', 'Bob', 'Cy'), 1, 3)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

import attrs

from gargon_notation.engine import SHUFFLE_ALGORITHM
from gargon_notation.errors import GargonError, NotationError
from gargon_notation.notation import tags
from gargon_notation.notation.model import GameRecord, Tag
from gargon_notation.rules import STANDARD, Ruleset
from gargon_notation.slips import one_changed, one_slip

__all__ = ["Header", "HeaderError", "read_header", "tag_warnings"]

T = TypeVar("T")


class HeaderError(GargonError):
    """A known tag the replay needs is missing or has a value it cannot use; ``tag`` is it."""

    def __init__(self, message: str, tag: Tag | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.tag = tag


@attrs.frozen
class Header:
    """What the known tags say: seats, first start player, ruleset, seed and shuffle."""

    players: tuple[str, ...]
    start: int
    ruleset: Ruleset
    seed: str | None = None
    shuffle: str = SHUFFLE_ALGORITHM


_RULESET_TAGS = ("Ruleset", "ZeroPair", "WonCardsFaceUp", "StartMustPlay")


def _ruleset_options(record: GameRecord) -> dict[str, str | int | bool]:
    """The ruleset options; an error names the option tag at fault."""
    for name in _RULESET_TAGS:
        tag = record.tag(name)
        if tag is not None:
            try:
                tags.ruleset_options(GameRecord(tags=(tag,)))
            except NotationError as error:
                raise HeaderError(error.message, tag) from None
    return tags.ruleset_options(record)


def read_header(record: GameRecord) -> Header:
    """Read the known tags the replay needs.

    Raises :class:`HeaderError` (with the tag at fault) when Players is missing, a known
    tag's value is malformed, the notation version is newer than this reader, or the shuffle
    algorithm is unknown.
    """

    def read(name: str, accessor: Callable[[GameRecord], T]) -> T:
        try:
            return accessor(record)
        except NotationError as error:
            raise HeaderError(error.message, record.tag(name)) from None

    version = read("Notation", tags.notation_version)
    seats = read("Players", tags.players)
    first = read("Start", tags.start)
    options = read("Ruleset", _ruleset_options)
    seed = read("Seed", tags.seed)
    shuffle = read("Shuffle", tags.shuffle)
    if version is not None and version > tags.NOTATION_VERSION:
        raise HeaderError(
            f"this reader knows notation version {tags.NOTATION_VERSION}, not {version}",
            record.tag("Notation"),
        )
    if seats is None:
        misspelt = _meant_for("Players", record)
        if misspelt is not None:
            case = " (tag names are case-sensitive)" if misspelt.name.lower() == "players" else ""
            raise HeaderError(
                f"the record has no Players tag: write [Players ...], not [{misspelt.name} ...]"
                f"{case}",
                misspelt,
            )
        raise HeaderError('the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])')
    ruleset = Ruleset.english() if options.get("ruleset") == "english" else STANDARD
    changes: dict[str, object] = {k: v for k, v in options.items() if k != "ruleset"}
    if changes:
        ruleset = attrs.evolve(ruleset, **changes)  # type: ignore[arg-type]
    if shuffle != SHUFFLE_ALGORITHM:
        raise HeaderError(
            f"unknown shuffle algorithm {shuffle!r} (known: {SHUFFLE_ALGORITHM})",
            record.tag("Shuffle"),
        )
    start = seats.index(first) if first is not None else 0
    return Header(seats, start, ruleset, seed, shuffle)


def _meant_for(name: str, record: GameRecord) -> Tag | None:
    """The first tag of ``record`` that the notation does not know and whose name is
    ``name`` misspelt as the misspelt-tag warning takes it (``Player``, ``players``,
    ``Plyers``; not a club's own ``Plays``, ``Slayers`` or ``Players2``), or with one letter
    typed wrong (``Pleyers``: the record lacks the tag, and is invalid whatever it means), if
    any."""
    for tag in record.tags:
        if tag.name not in tags.KNOWN_TAGS and (
            _known_name_like(tag.name) == name or one_changed(tag.name.lower(), name.lower())
        ):
            return tag
    return None


_UNUSED_BY_REPLAY: tuple[tuple[str, Callable[[GameRecord], object]], ...] = (("Date", tags.date),)
"""Known tags the replay does not need, with the accessor that checks their value."""


def tag_warnings(record: GameRecord) -> tuple[HeaderError, ...]:
    """Malformed values of known tags the replay does not need (so the game stays valid),
    and tags the notation does not know that misspell a known tag the record lacks.

    >>> from gargon_notation.notation import parse_game
    >>> record = parse_game('[Date "26.11.2026"]\\n[Players "Ann" "Bob" "Cy"]\\n*\\n')
    >>> [warning.message for warning in tag_warnings(record)]
    ["a Date is written YYYY.MM.DD (?? for unknown), not '26.11.2026'"]
    >>> record = parse_game('[Players "Ann" "Bob" "Cy"]\\n[Strat "Bob"]\\n*\\n')
    >>> print(tag_warnings(record)[0].message)  # doctest: +NORMALIZE_WHITESPACE
    the notation knows no Strat tag, and the record has no Start tag: did you mean
    [Start ...]? (tag names are case-sensitive; a tag the notation does not know is kept, and
    means nothing to the replay)
    """
    found: list[HeaderError] = []
    for name, accessor in _UNUSED_BY_REPLAY:
        try:
            accessor(record)
        except NotationError as error:
            found.append(HeaderError(error.message, record.tag(name)))
    for tag in record.tags:
        if tag.name in tags.KNOWN_TAGS:
            continue
        meant = _known_name_like(tag.name)
        # A misspelt Players is the error of the missing Players tag, said at it already.
        if meant is not None and meant != "Players" and record.tag(meant) is None:
            found.append(
                HeaderError(
                    f"the notation knows no {tag.name} tag, and the record has no {meant} tag: "
                    f"did you mean [{meant} ...]? (tag names are case-sensitive; a tag the "
                    "notation does not know is kept, and means nothing to the replay)",
                    tag,
                )
            )
    return tuple(found)


@functools.lru_cache(maxsize=1024)
def _known_name_like(name: str) -> str | None:
    """The known tag whose name ``name`` misspells, if any: the same but for case
    (``event``), or one slip of the fingers away (a letter left out, a letter doubled, or two
    swapped: ``Evnt``, ``Seeed``, ``Strat``, ``Startt``); not another word a letter away
    (``Speed``, ``Data``, ``Side``), nor a name that goes on from a known one, as a club's own
    tags do (``Shuffler``, ``Rounds``, ``Date2``).

    >>> [_known_name_like(name) for name in ("Strat", "event", "Evnt", "Seeed", "Startt")]
    ['Start', 'Event', 'Event', 'Seed', 'Start']
    >>> [_known_name_like(name) for name in ("Scorer", "Shuffler", "Rounds", "Speed", "Data")]
    [None, None, None, None, None]
    """
    for known in tags.KNOWN_TAGS:
        if name.lower() == known.lower():
            return known
    for known in tags.KNOWN_TAGS:
        if one_slip(name.lower(), known.lower()):
            return known
    return None
