"""Validating games end to end (text -> record -> replay -> verdict), one game at a time.

The verdicts are small picklable values, so that worker processes can validate batches of
games and send back only what is to be reported.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> from gargon_notation.notation import write_game
>>> text = write_game(record_from_simulation(simulate(4, "demo")))
>>> verdict = validate_text(text, source="demo.ggn")
>>> verdict.valid, verdict.finished, verdict.winners
(True, True, ('Collette',))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO

import attrs

from gargon_notation.arguments import record_argument
from gargon_notation.errors import NotationError
from gargon_notation.header import tag_warnings
from gargon_notation.notation import (
    Chunk,
    GameRecord,
    decode_lines,
    game_line,
    parse_game,
    split_games,
)
from gargon_notation.replay import Problem, ReplayError, walk

__all__ = [
    "GameVerdict",
    "Verdict",
    "header_warnings",
    "iter_chunks",
    "validate",
    "validate_chunk",
    "validate_chunks",
    "validate_record",
    "validate_text",
]


@attrs.frozen
class Verdict:
    """The verdict on one game: valid or not, and why.

    ``problems`` are :class:`~gargon_notation.replay.problems.Problem` values (print one
    for its message; :attr:`messages` gives them all as text, :attr:`details` as JSON-ready
    dictionaries).  ``names``/``totals``/``winners`` are filled when the game could be
    replayed (``totals`` and ``winners`` once it is finished).  ``warnings`` are problems
    that leave the game valid: a malformed value of a known tag the replay does not need
    (``[Date "26.11.2026"]``).  Verdicts are small picklable values, so worker processes can
    send them back.  ``line`` is the line of its file the game starts on (its record's
    :attr:`~gargon_notation.notation.GameRecord.line`; 0 when not known).
    """

    source: str
    game: int
    line: int
    event: str | None
    valid: bool
    finished: bool
    rounds: int
    problems: tuple[Problem, ...] = ()
    unchecked: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()
    winners: tuple[str, ...] = ()
    warnings: tuple[Problem, ...] = ()

    @property
    def messages(self) -> tuple[str, ...]:
        """Each problem as a ready-to-print message."""
        return tuple(str(problem) for problem in self.problems)

    @property
    def details(self) -> tuple[dict[str, Any], ...]:
        """Each problem as a JSON-ready dictionary."""
        return tuple(problem.as_dict() for problem in self.problems)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return {
            "source": self.source,
            "game": self.game,
            "line": self.line,
            "event": self.event,
            "valid": self.valid,
            "finished": self.finished,
            "rounds": self.rounds,
            "problems": list(self.details),
            "unchecked": list(self.unchecked),
            "scores": dict(zip(self.names, self.totals, strict=True)) if self.totals else None,
            "winners": list(self.winners),
            "warnings": [warning.as_dict() for warning in self.warnings],
        }


GameVerdict = Verdict
"""The name :class:`Verdict` had before the front door (kept for existing imports)."""


def _unreadable(error: NotationError, source: str, game: int, line: int) -> Verdict:
    return Verdict(
        source, game, line, None, False, False, 0, problems=(Problem.from_error(error, game),)
    )


def validate_text(
    text: str, source: str = "<string>", first_line: int = 1, game: int = 1, strict: bool = False
) -> Verdict:
    """Parse and replay one game's text; never raises for bad input.

    ``strict`` stops the replay at the first problem (the verdict then holds only that one).
    """
    try:
        record = parse_game(text, source=source, first_line=first_line)
    except NotationError as error:
        return _unreadable(error, source, game, game_line(text, first_line))
    return validate_record(record, source, game, strict)


def validate(
    record: GameRecord | NotationError,
    *,
    strict: bool = False,
    source: str | None = None,
    game: int = 1,
) -> Verdict:
    """The verdict on one record; never raises for a bad record.

    ``source`` names the file in messages (default: the record's own); ``game`` is the
    game's place in it.  ``strict`` stops at the first problem.  The
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient :func:`~gargon_notation.files.load` gives it) is an invalid game, its one
    problem that error, as ``gargon validate`` says of it (``line``: the error's).

    Raises :class:`TypeError` for anything else that is not a record.

    >>> from gargon_notation.notation import parse_game
    >>> verdict = validate(parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Bob Y2\\n*\\n'))
    >>> verdict.valid, verdict.problems[0].code
    (False, 'not-your-turn')
    >>> from gargon_notation.files import loads
    >>> unread = validate(next(loads('[Players "Ann" "Bob" "Cy"]\\n1. Ann R99\\n*\\n')))
    >>> unread.valid, unread.line, unread.problems[0].code
    (False, 2, 'syntax')
    """
    if isinstance(record, NotationError):
        named = source if source is not None else record.source
        return _unreadable(record, named, game, record.line)
    if type(record) is not GameRecord:
        record = record_argument(record, "validate")
    return validate_record(record, source if source is not None else record.source, game, strict)


def validate_record(
    record: GameRecord, source: str, game: int = 1, strict: bool = False, line: int | None = None
) -> Verdict:
    """Replay one record (already read, from text or JSON); never raises for bad input."""
    first_line = line if line is not None else record.line
    event_tag = record.tag("Event")
    event = event_tag.value if event_tag is not None else None
    warnings = header_warnings(record, source, game)
    try:
        outcome = walk(record, strict=strict, game_number=game)
    except ReplayError as error:
        problem = error.problem
        return Verdict(
            source,
            game,
            first_line,
            event,
            False,
            False,
            problem.round or 0,
            problems=(problem,),
            warnings=warnings,
        )
    names: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()
    winners: tuple[str, ...] = ()
    rounds = 0
    if outcome.game is not None:
        names = outcome.game.names
        rounds = len(record.rounds)
        if outcome.game.is_over:
            final = outcome.game.score()
            totals = final.totals
            winners = tuple(names[seat] for seat in final.winners)
    return Verdict(
        source,
        game,
        first_line,
        event,
        outcome.valid,
        outcome.finished,
        rounds,
        problems=tuple(outcome.problems),
        unchecked=tuple(outcome.unchecked),
        names=names,
        totals=totals,
        winners=winners,
        warnings=warnings,
    )


def header_warnings(
    record: GameRecord, source: str | None = None, game: int = 1
) -> tuple[Problem, ...]:
    """The warnings of a :class:`Verdict` on ``record`` (game ``game`` of ``source``, by
    default the record's own): each malformed value of a known tag the replay does not need
    (a ``Date`` not written ``YYYY.MM.DD``, or naming no day), and each tag the notation does
    not know that misspells a known one the record lacks (``[Strat ...]``), located at its
    tag, code ``header``.  The verbs that read such a tag give the same warnings.

    >>> from gargon_notation.notation import parse_game
    >>> record = parse_game('[Date "26.11.2026"]\\n[Players "Ann" "Bob" "Cy"]\\n*\\n', "a.ggn")
    >>> [str(warning) for warning in header_warnings(record)]
    ["a.ggn:1:2: game 1: a Date is written YYYY.MM.DD (?? for unknown), not '26.11.2026' [header]"]
    """
    event_tag = record.tag("Event")
    return tuple(
        Problem(
            "header",
            warning.message,
            source=source if source is not None else record.source,
            line=warning.tag.line if warning.tag is not None else 0,
            column=warning.tag.column if warning.tag is not None else 0,
            game=game,
            event=event_tag.value if event_tag is not None else None,
        )
        for warning in tag_warnings(record)
    )


def validate_chunk(chunk: Chunk, source: str, game: int, strict: bool = False) -> Verdict:
    """The verdict on one game as split from a file (a decoding error makes it invalid)."""
    if chunk.error is not None:
        return _unreadable(chunk.error, source, game, chunk.line)
    return validate_text(chunk.text, source, chunk.first_line, game, strict)


def validate_chunks(
    batch: list[tuple[Chunk | GameRecord, str, int]], strict: bool = False
) -> list[Verdict]:
    """Verdicts for a batch of (chunk of text or record read from JSON, source, game number):
    the unit of work of a worker process."""
    return [
        validate_chunk(item, source, game, strict)
        if isinstance(item, Chunk)
        else validate_record(item, source, game, strict)
        for item, source, game in batch
    ]


def iter_chunks(lines: Iterable[bytes] | BinaryIO, source: str) -> Iterator[Chunk]:
    """The games of a binary stream, one chunk at a time, in constant memory."""
    return split_games(decode_lines(lines, source), source)
