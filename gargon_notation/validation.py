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

from gargon_notation.errors import NotationError
from gargon_notation.notation import Chunk, GameRecord, decode_lines, parse_game, split_games
from gargon_notation.replay import Problem, ReplayError, replay

__all__ = [
    "GameVerdict",
    "iter_chunks",
    "validate_chunk",
    "validate_chunks",
    "validate_record",
    "validate_text",
]


@attrs.frozen
class GameVerdict:
    """The verdict on one game of a file.

    ``problems`` are ready-to-print messages and ``details`` the same problems as
    dictionaries (for JSON reports).  ``names``/``totals``/``winners`` are filled when the
    game could be replayed.
    """

    source: str
    game: int
    line: int
    event: str | None
    valid: bool
    finished: bool
    rounds: int
    problems: tuple[str, ...] = ()
    details: tuple[dict[str, Any], ...] = ()
    unchecked: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()
    winners: tuple[str, ...] = ()

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
        }


def _problem_dict(problem: Problem) -> dict[str, Any]:
    return attrs.asdict(problem)


def _syntax_problem(error: NotationError, game: int) -> dict[str, Any]:
    return {
        "code": "syntax",
        "message": error.message,
        "source": error.source,
        "line": error.line,
        "column": error.column,
        "game": game,
    }


def validate_text(
    text: str, source: str = "<string>", first_line: int = 1, game: int = 1, strict: bool = False
) -> GameVerdict:
    """Parse and replay one game's text; never raises for bad input.

    ``strict`` stops the replay at the first problem (the verdict then holds only that one).
    """
    try:
        record = parse_game(text, source=source, first_line=first_line)
    except NotationError as error:
        return GameVerdict(
            source,
            game,
            first_line,
            None,
            False,
            False,
            0,
            problems=(str(error),),
            details=(_syntax_problem(error, game),),
        )
    return validate_record(record, source, game, strict, first_line)


def validate_record(
    record: GameRecord, source: str, game: int = 1, strict: bool = False, line: int | None = None
) -> GameVerdict:
    """Replay one record (already read, from text or JSON); never raises for bad input."""
    first_line = line if line is not None else (record.tags[0].line if record.tags else 0)
    event_tag = record.tag("Event")
    event = event_tag.value if event_tag is not None else None
    try:
        result = replay(record, strict=strict, game_number=game, keep_steps=False)
    except ReplayError as error:
        problem = error.problem
        return GameVerdict(
            source,
            game,
            first_line,
            event,
            False,
            False,
            problem.round or 0,
            problems=(str(problem),),
            details=(_problem_dict(problem),),
        )
    names: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()
    winners: tuple[str, ...] = ()
    rounds = 0
    if result.game is not None:
        names = result.game.names
        rounds = len(record.rounds)
        if result.game.is_over:
            final = result.game.score()
            totals = final.totals
            winners = tuple(names[seat] for seat in final.winners)
    return GameVerdict(
        source,
        game,
        first_line,
        event,
        result.valid,
        result.finished,
        rounds,
        problems=tuple(str(p) for p in result.problems),
        details=tuple(_problem_dict(p) for p in result.problems),
        unchecked=tuple(result.unchecked),
        names=names,
        totals=totals,
        winners=winners,
    )


def validate_chunk(chunk: Chunk, source: str, game: int, strict: bool = False) -> GameVerdict:
    """The verdict on one game as split from a file (a decoding error makes it invalid)."""
    if chunk.error is not None:
        return GameVerdict(
            source,
            game,
            chunk.first_line,
            None,
            False,
            False,
            0,
            problems=(str(chunk.error),),
            details=(_syntax_problem(chunk.error, game),),
        )
    return validate_text(chunk.text, source, chunk.first_line, game, strict)


def validate_chunks(
    batch: list[tuple[Chunk | GameRecord, str, int]], strict: bool = False
) -> list[GameVerdict]:
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
