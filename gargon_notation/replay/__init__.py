"""Replaying a written record through the engine: one walk, a verdict, and the table at any
moment.

:func:`replay` walks a record once (:func:`~gargon_notation.replay.walker.walk`) and keeps
what a viewer or a stepper needs: every applied step with its events, and a copy of the game
at the end of each round, so that :meth:`Replay.state_after` and
:meth:`Replay.state_after_round` never replay from the start.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> result = replay(record_from_simulation(simulate(4, "demo")))
>>> result.valid, result.finished, result.score.winners
(True, True, (2,))
>>> result.state_after_round(3).round
4
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

import attrs

from gargon_notation.arguments import record_argument, whole_number
from gargon_notation.engine import Deal, Event, Game, GameState, Score
from gargon_notation.errors import ArgumentError
from gargon_notation.header import Header
from gargon_notation.notation import model
from gargon_notation.replay.problems import Problem, ReplayError
from gargon_notation.replay.walker import MAX_PROBLEMS, Outcome, Step, Visitor, walk

__all__ = [
    "MAX_PROBLEMS",
    "Outcome",
    "Problem",
    "Replay",
    "ReplayError",
    "Step",
    "Visitor",
    "replay",
    "walk",
]


@attrs.define
class Replay:
    """The outcome of replaying one record, with its steps.

    ``game`` is the engine after the last action that could be applied; ``steps`` every
    applied action; ``problems`` what went wrong (empty: the record is valid);
    ``unchecked`` what the record's missing information kept from being checked;
    ``round_ends`` how many steps had been applied at the end of each written round;
    ``first_problem_at`` how many when the first problem was found (None: no problem), so
    ``state_after(first_problem_at)`` is the table the problem was found at
    (:meth:`problems_at` gives the problems found at each step).
    """

    record: model.GameRecord
    header: Header | None = None
    deal: Deal | None = None
    game: Game | None = None
    steps: list[Step] = attrs.Factory(list)
    problems: list[Problem] = attrs.Factory(list)
    unchecked: list[str] = attrs.Factory(list)
    round_ends: dict[int, int] = attrs.Factory(dict)
    first_problem_at: int | None = None
    _checkpoints: dict[int, Game] = attrs.Factory(dict, takes_self=False)
    _kept: bool = True
    _found: list[tuple[int, Problem]] = attrs.field(factory=list, init=False)
    """Each problem with how many steps had been applied when it was found, as found."""

    def __repr__(self) -> str:
        verdict = "valid" if self.valid else f"{len(self.problems)} problems"
        ending = "finished" if self.finished else "unfinished"
        return f"<Replay of {self.record!r}: {verdict}, {ending}, {len(self.steps)} steps>"

    def _repr_html_(self) -> str:
        """The record in the viewer, for notebooks (:func:`gargon_notation.web.page.html_page`)."""
        from gargon_notation.web.page import html_page, notebook_html

        return notebook_html(html_page(self.record))

    @property
    def valid(self) -> bool:
        """True when the record has no problem."""
        return not self.problems

    @property
    def finished(self) -> bool:
        """True when the game reached its end."""
        return self.game is not None and self.game.is_over

    @property
    def score(self) -> Score | None:
        """The score: final once :attr:`finished`, so far otherwise (None: no table)."""
        return self.game.score() if self.game is not None else None

    @property
    def events(self) -> list[Event]:
        """Every event the engine derived, in order (empty when there is no table)."""
        return list(self.game.events) if self.game is not None else []

    def fresh_game(self) -> Game:
        """A new game at this record's deal, ready for its first action.

        Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) when
        the record could not be set up.
        """
        if self.header is None or self.deal is None:
            raise ArgumentError(
                "the record could not be set up, so it has no table to show (the replay's "
                "problems say why)"
            )
        header = self.header
        return Game.new(self.deal, header.start, header.ruleset, header.players)

    def state_after(self, step: int) -> GameState:
        """The table after the first ``step`` applied actions (0: the deal).

        Starts from the copy kept at the end of the round before, so it costs at most one
        round of actions.  Raises :class:`~gargon_notation.errors.ArgumentError` (a
        :class:`ValueError`) for a step outside ``0..len(steps)`` (it was an
        :class:`IndexError`), when the record could not be set up (no game to show) and
        when the replay kept no steps; :class:`TypeError` for a step that is not a whole
        number.

        >>> from gargon_notation.bots import simulate
        >>> from gargon_notation.records import record_from_simulation
        >>> replay(record_from_simulation(simulate(3, "demo"))).state_after(9999)
        Traceback (most recent call last):
        ...
        gargon_notation.errors.ArgumentError: step 9999 is outside 0-115 (the steps replayed)
        """
        if not self._kept:
            raise ArgumentError(
                "this replay kept no steps (keep_steps=False): replay with keep_steps=True"
            )
        game = self.fresh_game()
        step = whole_number(step, "step", least=None)
        if not 0 <= step <= len(self.steps):
            raise ArgumentError(f"step {step} is outside 0-{len(self.steps)} (the steps replayed)")
        marks = sorted(self._checkpoints)
        at = bisect.bisect_right(marks, step) - 1
        start = 0
        if at >= 0:
            start = marks[at]
            if start == step:
                return self._checkpoints[start].snapshot()
            game = self._checkpoints[start].copy()
        for recorded in self.steps[start:step]:
            game.push(recorded.action)
        return game.snapshot()

    def problems_at(self, step: int) -> list[Problem]:
        """The problems found when ``step`` actions had been applied, in the order of
        :attr:`problems`: the table a problem was found at is ``state_after(step)``.  Those
        found after the walk applied its last step (the end of the record checked, or the
        rest of a record the walk could no longer follow, checked round by round) are at the
        last step, ``len(steps)``.

        >>> from gargon_notation.notation import parse_game
        >>> result = replay(parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann R1, Cy pass 1\\n*'))
        >>> result.first_problem_at, [problem.code for problem in result.problems_at(1)]
        (1, ['not-your-turn'])
        """
        step = whole_number(step, "step", least=None)
        here = {id(problem) for at, problem in self._found if at == step}
        return [problem for problem in self.problems if id(problem) in here]

    def state_after_round(self, number: int) -> GameState:
        """The table at the end of round ``number`` (or where the replay stopped in it).

        Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a
        round the replay did not reach (it was an :class:`IndexError`).
        """
        if number not in self.round_ends:
            reached = sorted(self.round_ends)
            rounds = f"rounds {reached[0]}-{reached[-1]}" if reached else "no round"
            raise ArgumentError(f"the replay has no round {number!r} (it reached {rounds})")
        return self.state_after(self.round_ends[number])


class _Keeper(Visitor):
    """Keeps the steps, the round ends and a copy of the game at each round's end."""

    wants_events = True

    def __init__(self, result: Replay) -> None:
        self.result = result

    def visit_step(self, step: Step, game: Game) -> None:
        self.result.steps.append(step)

    def visit_problem(self, problem: Problem) -> None:
        if self.result.first_problem_at is None:
            self.result.first_problem_at = len(self.result.steps)
        self.result._found.append((len(self.result.steps), problem))

    def end_round(self, number: int, game: Game) -> None:
        count = len(self.result.steps)
        self.result.round_ends[number] = count
        if count not in self.result._checkpoints:
            self.result._checkpoints[count] = game.copy()


class _Ends(Visitor):
    """Keeps only the round ends (a replay without steps)."""

    def __init__(self, result: Replay) -> None:
        self.result = result
        self.count = 0

    def visit_step(self, step: Step, game: Game) -> None:
        self.count += 1

    def visit_problem(self, problem: Problem) -> None:
        if self.result.first_problem_at is None:
            self.result.first_problem_at = self.count
        self.result._found.append((self.count, problem))

    def end_round(self, number: int, game: Game) -> None:
        self.result.round_ends[number] = self.count


def replay(
    record: model.GameRecord,
    *,
    strict: bool = False,
    game_number: int = 1,
    keep_steps: bool = True,
    visitors: Sequence[Visitor] = (),
) -> Replay:
    """Replay ``record`` through the engine in one walk, with ``visitors`` watching.

    Strict: raises :class:`ReplayError` at the first problem.  Lenient (the default): never
    raises for a bad record; the replay's ``problems`` list every problem found.  Without
    ``keep_steps`` (a verdict is all that is wanted), no steps are kept, so the replay hands
    out no snapshots but the final one (``game.snapshot()``).

    Raises :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient :func:`~gargon_notation.files.load` gives it in place of the record), and
    :class:`TypeError` for anything else that is not a record.
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "replay")
    result = Replay(record, kept=keep_steps)
    keeper: Visitor = _Keeper(result) if keep_steps else _Ends(result)
    outcome = walk(record, [keeper, *visitors], strict=strict, game_number=game_number)
    result.header = outcome.header
    result.deal = outcome.deal
    result.game = outcome.game
    result.problems = outcome.problems
    result.unchecked = outcome.unchecked
    return result
