"""The rows of the four tables, gathered from one walk of each game.

:class:`Rows` keeps every table column by column (:data:`COLUMNS`: a list of values per
column; the observation arrays of ``decisions`` in compact :class:`array.array` buffers,
row after row) until they are taken as Arrow record batches
(:mod:`gargon_notation.tables.convert`).

Each readable game is walked once (:func:`~gargon_notation.replay.walk`) the way
``gargon validate`` walks it, with a :class:`_Tallier` that wants no steps: the engine
counts the legal actions before each action
(:meth:`~gargon_notation.engine.Game.tally_legal_actions`), and the tallier keeps the
piles' sizes at the end of each round.  A valid game's steps are then its record's
elements, one for each engine action, in order.  With observations, and for the steps of
an invalid game that ``include_invalid_steps`` asks for, a :class:`_Watcher` sees each step
instead, with what the acting seat saw (its :class:`~gargon_notation.engine.SeatView`).  The
rows are read from the steps and from the engine's own events and score, a column at a
time (:class:`~gargon_notation.tables.reader.Reader`): nothing here knows the rules.

A game that is invalid (a problem in its replay, or text that cannot be read) gives its
``games`` row only, with its first problem, unless ``include_invalid_steps`` asks for the
rows its replay made.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> rows = Rows()
>>> rows.add_game("sim", 1, record_from_simulation(simulate(4, "demo")))
>>> {table: rows.count(table) for table in TABLES}
{'games': 1, 'rounds': 11, 'battles': 40, 'decisions': 97}
>>> games = rows.columns["games"]
>>> games["winners"], games["scores"], games["ending"]
([['Collette']], [[43, 28, 46, 34]], ['pile'])
"""

from __future__ import annotations

from array import array
from itertools import repeat
from typing import Any

from gargon_notation.cards import Card
from gargon_notation.engine import (
    BattleResolved,
    Choose,
    Draw,
    Game,
    Pass,
    PileEmptied,
    Play,
    Score,
    Tally,
)
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord, model
from gargon_notation.observation import (
    ARRAYS,
    UNFIT,
    action_id,
    observation,
    ruleset_problem,
)
from gargon_notation.replay import Outcome, Problem, Step, Visitor, walk
from gargon_notation.tables.columns import (
    COLUMNS,
    LISTS,
    OBSERVATION_COLUMNS,
    TABLES,
    WIDE,
    Lists,
)
from gargon_notation.tables.reader import Reader, Steps

__all__ = ["COLUMNS", "OBSERVATION_COLUMNS", "TABLES", "Lists", "Rows"]


_ACTION_OF: dict[type, type] = {
    model.Play: Play,
    model.Pass: Pass,
    model.Battle: Choose,
    model.Draw: Draw,
}
"""The engine action each written element of a valid game is (a battle: its colour's
choice)."""


class Rows:
    """The rows of the four tables gathered so far (:meth:`add_game`):
    ``columns[table][column]`` is the list of the column's values (a list column's, a
    :class:`Lists`; an observation array's column, an :class:`array.array` of its values,
    row after row).  Whole numbers are kept in lists, not arrays: a list grows several
    times faster, and becomes an array at C speed once."""

    def __init__(self, *, observations: bool = False, include_invalid_steps: bool = False) -> None:
        self.observations = observations
        self.include_invalid_steps = include_invalid_steps
        self.columns: dict[str, dict[str, Any]] = {}
        for table in TABLES:
            self.clear_table(table)

    def clear_table(self, table: str) -> None:
        """Forget the rows of ``table`` (once they were taken)."""
        flat = LISTS[table]
        columns: dict[str, Any] = {name: Lists() if name in flat else [] for name in COLUMNS[table]}
        if table == "decisions" and self.observations:
            for name in ARRAYS:
                columns[name] = array("h" if name in WIDE else "b")
            for name in OBSERVATION_COLUMNS:
                columns[name] = []
            # 29 ids a decision on average, up to some 1,100: 4 bytes each, not an object.
            columns["legal_action_ids"] = Lists("i")
        self.columns[table] = columns

    def count(self, table: str) -> int:
        """The rows of ``table`` gathered so far."""
        return len(self.columns[table]["game"])

    def add_game(
        self, source: str, number: int, item: GameRecord | NotationError
    ) -> Problem | NotationError | None:
        """Add game ``number`` of ``source``: a record, or the error that kept it from being
        read (a ``games`` row saying so).  What makes the game invalid: the error, or its
        replay's first problem (None for a valid game)."""
        if isinstance(item, NotationError):
            self._games_row(_unreadable(source, number, item))
            return item
        watcher: _Watcher | None = None
        steps: Steps | None = None
        if self.observations:
            watcher = _Watcher(observations=True)
            outcome = walk(item, [watcher], game_number=number)
        else:
            # The walk of validate, with the engine counting the legal actions; the steps
            # of a valid game are its record's elements, one for each engine action.
            tallier = _Tallier()
            outcome = walk(item, [tallier], game_number=number)
            if outcome.valid and outcome.game is not None:
                steps = tallier.steps(item, outcome.game)
            if (
                steps is None
                and outcome.game is not None
                and (outcome.valid or self.include_invalid_steps)
            ):
                watcher = _Watcher(observations=False)
                outcome = walk(item, [watcher], game_number=number)
            at_problem = tallier.at_problem
        unfit: Problem | None = None
        if watcher is not None:
            steps = watcher.steps_read()
            at_problem = watcher.at_problem
            if watcher.unfit is not None:
                unfit = _unfit(source, number, item, watcher.unfit)
                steps = None  # no decision can have its arrays: the game's rows go too
        game = outcome.game
        # The rounds of a valid game are those its record writes, as validate, show and
        # stats count them: an unfinished game that stops at a round's end has begun the
        # next in the engine, with nothing written or played in it.
        rounds = None if game is None else len(item.rounds) if outcome.valid else game.round
        if game is not None and steps is not None and (outcome.valid or self.include_invalid_steps):
            reader = Reader(self.columns, source, number, game, steps, rounds)
            reader.read()
            if watcher is not None and self.observations:
                reader.observations(outcome, watcher.seen, watcher.ids)
        decisions = len(game.actions) if game is not None else None
        row = _game_row(source, number, item, outcome, rounds, decisions, at_problem)
        self._games_row(row)
        return outcome.problems[0] if outcome.problems else unfit

    def _games_row(self, row: tuple[Any, ...]) -> None:
        for values, value in zip(self.columns["games"].values(), row, strict=True):
            values.append(value)


def _unfit(source: str, number: int, record: GameRecord, problem: str) -> Problem:
    """Why the game's decisions cannot have observations, at its ``ZeroPair`` tag."""
    tag = record.tag("ZeroPair")
    return Problem(
        UNFIT,
        f"the observation arrays cannot encode this game: {problem}; its rounds, battles "
        "and decisions are left out of the tables, its games row is written",
        source=source,
        line=tag.line if tag is not None else record.line,
        column=tag.column if tag is not None else 0,
        game=number,
        event=record.headers.get("Event"),
    )


def _unreadable(source: str, number: int, error: NotationError) -> tuple[Any, ...]:
    row: dict[str, Any] = dict.fromkeys(COLUMNS["games"])
    row |= {
        "source": source,
        "game": number,
        "line": error.line or None,
        "winners": [],
        "winner_seats": [],
        "valid": False,
        "finished": False,
        "ending": "invalid",
        "problems": 1,
        "problem_code": "syntax",
        "problem_message": error.message,
        "problem_line": error.line or None,
        "problem_column": error.column or None,
    }
    return tuple(row.values())


def _game_row(
    source: str,
    number: int,
    record: GameRecord,
    outcome: Outcome,
    rounds: int | None,
    decisions: int | None,
    at_problem: Score | None,
) -> tuple[Any, ...]:
    headers = record.headers
    header = outcome.header
    game = outcome.game
    finished = outcome.valid and game is not None and game.is_over
    score: Score | None = None
    if outcome.valid and game is not None:
        score = game.score()
    elif at_problem is not None:
        score = at_problem  # as gargon score: the table at the first problem
    ending = "invalid"
    if outcome.valid:
        ending = "unfinished"
        if finished and game is not None:
            ending = "pile" if game.fields_of(PileEmptied) else "no-cards"
    first = outcome.problems[0] if outcome.problems else None
    names = header.players if header is not None else None
    winners = list(score.winners) if finished and score is not None else []
    ruleset = header.ruleset if header is not None else None
    return (
        source,
        number,
        record.line or None,
        headers.get("Event"),
        headers.get("Site"),
        headers.get("Date"),
        list(headers.items()),
        list(names) if names is not None else None,
        len(names) if names is not None else None,
        header.start if header is not None else None,
        header.seed if header is not None else headers.get("Seed"),
        ruleset.zero_pair_multiplier if ruleset is not None else None,
        ruleset.won_cards_face_up if ruleset is not None else None,
        ruleset.start_player_must_play if ruleset is not None else None,
        outcome.valid,
        finished,
        ending,
        rounds,
        decisions,
        [names[seat] for seat in winners] if names is not None else [],
        winners,
        list(score.totals) if score is not None else None,
        [player.bonus for player in score.players] if score is not None else None,
        [player.amulets for player in score.players] if score is not None else None,
        len(outcome.problems),
        first.code if first is not None else None,
        first.message if first is not None else None,
        (first.line or None) if first is not None else None,
        (first.column or None) if first is not None else None,
    )


class _Tallier(Visitor):
    """Watches a walk without its steps (the walk of validate), with the engine counting
    the legal actions before each (:meth:`~gargon_notation.engine.Game.tally_legal_actions`):
    keeps the piles' sizes at each round's end and the score at the first problem."""

    wants_steps = False

    def __init__(self) -> None:
        self.game: Game | None = None
        self.tally = Tally()
        self.piles: dict[int, tuple[int, int]] = {}
        self.at_problem: Score | None = None

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.game = game
        self.tally = game.tally_legal_actions()

    def visit_problem(self, problem: Problem) -> None:
        if self.at_problem is None and self.game is not None:
            self.at_problem = self.game.score()

    def end_round(self, number: int, game: Game) -> None:
        self.piles[number] = game.pile_sizes()

    def steps(self, record: GameRecord, game: Game) -> Steps | None:
        """The steps of ``game``, walked from ``record`` without a problem: each written
        play, pass, battle (the choice of its colour) and replacement draw, in the order
        written, is one engine action (None if they are not as many as the actions)."""
        elements: list[Any] = []
        rounds: list[int] = []
        for written in record.rounds:
            elements += written.actions
            for battle in written.battles:
                elements.append(battle)
                elements += battle.draws
            rounds += repeat(written.number, len(elements) - len(rounds))
        actions = game.actions
        if not len(elements) == len(actions) == len(self.tally.counts):
            return None
        if list(map(_ACTION_OF.get, map(type, elements))) != list(map(type, actions)):
            return None  # paired wrongly: the walk read the record in another order
        counts, exact = _counted(self.tally, len(actions))
        return Steps(elements, actions, rounds, counts, exact, self.piles)


def _counted(tally: Tally, steps: int) -> tuple[list[int], list[bool] | None]:
    """The legal actions before each of the first ``steps`` actions of a tallied game, the
    play made counted where the record did not know it (``Tally.unlisted``), and whether
    each count is exact (None: all are)."""
    counts = tally.counts[:steps]
    if not tally.inexact:
        return counts, None
    exact = [True] * len(counts)
    for position in tally.inexact:
        if position < steps:
            exact[position] = False
    for position in tally.unlisted:
        if position < steps:
            counts[position] += 1  # the play made, of cards the count did not know
    return counts, exact


class _Watcher(Visitor):
    """Keeps each step, the piles' sizes at each round's end, the score at the first
    problem, and with observations the acting seat's arrays and legal action ids before each
    step; the engine counts the legal actions before each step, as for :class:`_Tallier`."""

    def __init__(self, observations: bool) -> None:
        self.observations = observations
        self.steps: list[Step] = []
        self.tally = Tally()
        self.seen: list[dict[str, list[int]]] = []
        self.ids: list[list[int]] = []
        self.piles: dict[int, tuple[int, int]] = {}
        self.game: Game | None = None
        self.at_problem: Score | None = None
        self.won: list[list[Card]] = []
        self.counted = 0
        """How many events the won cards have been counted from (observations)."""
        self.unfit: str | None = None
        """Why the observation arrays cannot encode the game's ruleset (None: they can)."""

    def steps_read(self) -> Steps:
        """The steps watched, with the legal actions before each."""
        steps = self.steps
        counts, exact = _counted(self.tally, len(steps))
        return Steps(
            [step.element for step in steps],
            [step.action for step in steps],
            [step.round for step in steps],
            counts,
            exact if exact is not None else [True] * len(counts),
            self.piles,
        )

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.game = game
        self.tally = game.tally_legal_actions()  # each step an action: counted as applied
        self.won = [[] for _ in game.names]
        if self.observations:
            self.unfit = ruleset_problem(game.ruleset, len(game.names))
            self.observations = self.unfit is None
        self._before(game)

    def visit_problem(self, problem: Problem) -> None:
        if self.at_problem is None and self.game is not None:
            self.at_problem = self.game.score()

    def visit_step(self, step: Step, game: Game) -> None:
        self.steps.append(step)
        self._before(game)

    def end_round(self, number: int, game: Game) -> None:
        self.piles[number] = game.pile_sizes()

    def _before(self, game: Game) -> None:
        """What the next decision is made with, with observations (after the last one:
        nothing)."""
        decision = game.to_act
        if decision is None or not self.observations:
            return
        events = game.events
        for event in events[self.counted :]:
            if type(event) is BattleResolved and event.winner is not None:
                self.won[event.winner].extend(event.won)
        self.counted = len(events)
        view = game.view(decision.seat)
        self.ids.append(sorted({action_id(action) for action in view.legal_actions}))
        self.seen.append(observation(view, self.won))
