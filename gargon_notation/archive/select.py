"""Choosing and grouping the games of an archive: :func:`select` tests each game against a
:class:`~gargon_notation.archive.query.Query`, reading it only as deep as the query needs;
:func:`group_names` says which files of ``gargon split --by`` a game goes to.

>>> import io
>>> from gargon_notation.archive.games import iter_stream
>>> from gargon_notation.archive.query import Query
>>> data = b'[Event "A"]\\n[Players "X" "Y" "Z"]\\n*\\n[Event "B"]\\n[Players "X" "Y" "Q"]\\n*\\n'
>>> query = Query.parse([("--player", "Z")])
>>> [(s.game.number, s.kept) for s in select(iter_stream(io.BytesIO(data), "a.ggn"), query)]
[(1, True), (2, False)]
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Literal

import attrs

from gargon_notation.archive.games import ArchiveGame
from gargon_notation.archive.output import safe_name
from gargon_notation.archive.query import Level, Query, Reading
from gargon_notation.errors import EncodingError, NotationError
from gargon_notation.notation import GameRecord, tags

if TYPE_CHECKING:
    from gargon_notation.replay import Problem

__all__ = [
    "GROUPINGS",
    "Grouping",
    "Selection",
    "date_warnings",
    "group_names",
    "judge",
    "read",
    "select",
    "select_games",
]

Grouping = Literal["event", "date", "player"]
GROUPINGS: tuple[Grouping, ...] = ("event", "date", "player")


@attrs.frozen
class Selection:
    """A game, whether the query keeps it, and why it could not be read as deep as the query
    needed (None: it could), which is to be reported unless the game is kept; for a query on
    dates, the ``warnings`` ``gargon validate`` gives of a ``Date`` that is not one (the
    game meets no date condition)."""

    game: ArchiveGame
    kept: bool
    problem: NotationError | None = None
    warnings: tuple[Problem, ...] = ()


def date_warnings(header: GameRecord, number: int = 1) -> tuple[Problem, ...]:
    """The warnings ``gargon validate`` gives of the ``Date`` of a game (``header``, its tags
    or its record; ``number``, its place in its file) that is not one (none for a date, or
    no ``Date``).  The rules engine is imported for such a Date only.

    >>> from gargon_notation.notation import parse_game
    >>> header = parse_game('[Date "15.03.2026"]\\n[Players "A" "B" "C"]\\n*\\n', "x.ggn")
    >>> [str(warning) for warning in date_warnings(header, 2)]
    ["x.ggn:1:2: game 2: a Date is written YYYY.MM.DD (?? for unknown), not '15.03.2026' [header]"]
    """
    try:
        tags.date(header)
    except NotationError:
        from gargon_notation.validation import header_warnings

        return header_warnings(header, game=number)
    return ()


def read(game: ArchiveGame, level: Level) -> tuple[Reading, NotationError | None]:
    """The game read to ``level``, and the error that stopped the reading, if any (the header
    of a game whose movetext is broken is still read).  Bytes that are no text (binary data,
    not UTF-8) are that error even when nothing is read: they make no game."""
    if level == "none":
        if isinstance(game.error, EncodingError):
            return Reading(None, broken=True), game.error
        return Reading(None), None
    if game.error is not None:
        return Reading(None, broken=True), game.error
    if level == "tags":
        try:
            return Reading(game.header()), None
        except NotationError as error:
            return Reading(None, broken=True), error
    try:
        record = game.record()
    except NotationError as error:
        try:
            header = game.header()
        except NotationError:
            header = None
        return Reading(header, broken=True), error
    if level == "record":
        return Reading(record, record), None
    from gargon_notation.archive.facts import replay_facts  # the engine, only to replay

    return Reading(record, record, replay_facts(record)), None


def select(games: Iterable[ArchiveGame], query: Query) -> Iterator[Selection]:
    """Each game with the query's verdict on it, in order, one at a time."""
    level = query.level
    for game in games:
        yield judge(game, query, level)


def judge(game: ArchiveGame, query: Query, level: Level | None = None) -> Selection:
    """The query's verdict on one game (read to ``level``, by default the query's); a game
    that cannot be read at all is never kept by a query that reads nothing."""
    level = query.level if level is None else level
    reading, problem = read(game, level)
    warnings: tuple[Problem, ...] = ()
    if query.dated and reading.header is not None:
        warnings = date_warnings(reading.header, game.number)
    kept = query.matches(reading) and not (level == "none" and reading.broken)
    return Selection(game, kept, problem, warnings)


select_games = select
"""The front door's name for :func:`select` (``gg.select_games``)."""


def group_names(game: ArchiveGame, by: Grouping, header: GameRecord | None = None) -> list[str]:
    """The names (without suffix) of the files of ``split --by`` the game goes to: its
    ``Event``, its ``Date`` as written (``2026-11-20``, ``x`` for each unknown digit), or
    each of its ``Players`` (one file each), as safe file names; ``no-event``, ``no-date``,
    ``no-players`` when the tag is absent (a value of which no safe name is left has a name
    of its own: :func:`_file_name`).  ``header`` is the game's, when read already.

    Raises :class:`~gargon_notation.errors.NotationError` when the tags cannot be read.
    """
    if header is None:
        header = game.header()
    if by == "player":
        seats = header.tag("Players")
        if seats is None:
            return ["no-players"]
        return list(dict.fromkeys(_file_name(name, name, by) for name in seats.values))
    tag = header.tag("Event" if by == "event" else "Date")
    if tag is None:
        return [f"no-{by}"]
    if by == "date":
        return [_file_name(tag.value.replace("?", "x").replace(".", "-"), tag.value, by)]
    return [_file_name(tag.value, tag.value, by)]


def _file_name(name: str, value: str, by: Grouping) -> str:
    """:func:`~gargon_notation.archive.output.safe_name` of ``name``; for a value of which
    nothing is left (``...``), ``_event-`` (``_date-``, ``_player-``) and 12 hex digits of
    its SHA-256: no safe name begins with ``_``, so it is no other value's, nor a ``no-``
    file's.

    >>> _file_name("Club night", "Club night", "event"), _file_name("...", "...", "event")
    ('Club_night', '_event-ab5df625bc76')
    """
    safe = safe_name(name, "")
    if safe:
        return safe
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"_{by}-{digest}"
