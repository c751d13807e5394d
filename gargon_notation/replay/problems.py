"""One :class:`Problem` type for everything wrong with a record: syntax, header, rules,
derived facts, and the repairs a lenient replay made.

>>> problem = Problem("not-your-turn", "Bernd may not act now", source="club.ggn", line=7,
...                   column=12, round=2, player="Bernd", seat=1, written="Bernd Y3")
>>> print(problem)
club.ggn:7:12: game 1, round 2, Bernd (seat 2): 'Bernd Y3': Bernd may not act now [not-your-turn]
>>> problem.category
'rule'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from gargon_notation.errors import (
    GargonError,
    NotationError,
    pointed,
    printable,
    printable_name,
)
from gargon_notation.notation.writer import name_text

__all__ = ["FACT_CODES", "Category", "Problem", "ReplayError"]

Category = Literal["syntax", "header", "rule", "fact", "record"]
"""What kind of mistake a problem is (see :attr:`Problem.category`)."""

FACT_CODES = frozenset({"deal-mismatch", "winner-mismatch", "score-mismatch", "result-mismatch"})
"""Codes of derived facts the record states wrongly (the rules were kept)."""

_RECORD_CODES = frozenset(
    {
        "unknown-player",
        "round-number",
        "game-not-over",
        "game-over-unmarked",
        "record-incomplete",
        "draw-order",
        "fights-incomplete",
        "fights-order",
        "score-twice",
    }
)

_NOT_HELD = frozenset({"card-not-in-hand", "card-conservation"})
"""The codes of a play of a card the hand does not hold (it may be elsewhere)."""


@attrs.frozen
class Problem:
    """Everything about one problem, in one message (:meth:`__str__`).

    ``code`` is ``syntax`` for text that is not notation, ``header`` for a tag the replay
    needs that is missing or wrong, an engine rule code (``not-your-turn``, ...), or one of
    the replay's own: ``unknown-player``, ``round-number``, ``deal-mismatch``,
    ``winner-mismatch``, ``score-mismatch``, ``result-mismatch``, ``game-not-over``,
    ``game-over-unmarked``, ``record-incomplete``, ``draw-order``, ``fights-incomplete``,
    ``fights-order``, ``score-twice``.  ``repair`` says what a lenient replay did
    about it (None: nothing, or a strict replay).  ``excerpt`` is the offending line of text
    (syntax problems).
    """

    code: str
    message: str
    source: str = "<string>"
    line: int = 0
    column: int = 0
    game: int = 1
    event: str | None = None
    round: int | None = None
    player: str | None = None
    seat: int | None = None
    written: str | None = None
    context: str | None = None
    repair: str | None = None
    excerpt: str = ""
    consequence_of: str | None = None
    """``LINE:COLUMN`` of the earlier problem this one follows from (None: independent)."""

    @classmethod
    def from_error(cls, error: NotationError, game: int = 1) -> Problem:
        """The problem of a game that could not be read.

        >>> error = NotationError("'R16' is not a card", source="a.ggn", line=2, column=9)
        >>> Problem.from_error(error, game=3).as_dict()["code"]
        'syntax'
        """
        return cls(
            "syntax",
            error.message,
            source=error.source,
            line=error.line,
            column=error.column,
            game=game,
            excerpt=error.excerpt,
        )

    @property
    def category(self) -> Category:
        """``syntax``, ``header``, ``rule`` (an engine rule), ``fact`` (a derived fact written
        wrongly) or ``record`` (the record does not follow the game: an unknown player, a
        wrong round number, a missing or a wrong ending, an unwritten draw)."""
        if self.code in ("syntax", "header"):
            return "syntax" if self.code == "syntax" else "header"
        if self.code in FACT_CODES:
            return "fact"
        if self.code in _RECORD_CODES:
            return "record"
        return "rule"

    def __str__(self) -> str:
        source = printable_name(self.source)
        where = f"{source}:{self.line}:{self.column}" if self.line else source
        if self.code == "syntax":
            text = f"{where}: {self.message}"
            if self.excerpt:
                text += "\n" + pointed(self.excerpt, self.column)
            return printable(text)
        parts = [f"game {self.game}"]
        if self.event:
            parts[0] += f' "{self.event}"'
        if self.round is not None:
            parts.append(f"round {self.round}")
        if self.player is not None:
            seat = f" (seat {self.seat + 1})" if self.seat is not None else ""
            parts.append(f"{name_text(self.player)}{seat}")  # "Adam " shows its space
        text = f"{where}: {', '.join(parts)}: "
        if self.written:
            text += f"'{self.written}': "
        text += f"{self.message} [{self.code}]"
        if self.consequence_of:
            text += f" (follows from the problem at {self.consequence_of})"
        if self.context:
            text += f"\n    {self.context}"
        if self.repair:
            text += f"\n    {self.repair}"
        return printable(text)  # a name, a tag or a written element may hold anything

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (a syntax problem has no replay context)."""
        found = attrs.asdict(self)
        del found["excerpt"]
        if self.code == "syntax":
            for key in (
                "event",
                "round",
                "player",
                "seat",
                "written",
                "context",
                "repair",
                "consequence_of",
            ):
                del found[key]
        return found


class ReplayError(GargonError):
    """Raised by a strict replay at its first problem; ``problem`` holds the details."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _Stop(Exception):
    """Ends a lenient walk of one game early; the message says why."""


class _Reporting:
    """What every part of the walk calls of it to report a problem (the parts,
    :class:`~gargon_notation.replay.battles._Battles`,
    :class:`~gargon_notation.replay.rest._Rest` and :class:`~gargon_notation.replay.facts._Facts`,
    inherit it; :class:`~gargon_notation.replay.walker._Walk` defines it)."""

    if TYPE_CHECKING:  # for mypy: nothing at run time

        def problem(
            self,
            code: str,
            message: str,
            element: object | None = None,
            *,
            seat: int | None = None,
            context: str | None = None,
            repair: str | None = None,
            follows: Problem | None = None,
        ) -> Problem: ...
