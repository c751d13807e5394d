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
rows are read from the steps and from the engine's own events and score (:class:`_Reader`),
a column at a time: nothing here knows the rules.

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
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate, chain, compress, groupby, repeat
from operator import add, attrgetter, eq, is_, itemgetter, not_, sub
from typing import Any

import attrs

from gargon_notation.actions import format_action
from gargon_notation.cards import COPIES, UNKNOWN, Card, Colour, HiddenCard
from gargon_notation.engine import (
    Action,
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    DecisionKind,
    Draw,
    Game,
    Pass,
    PileEmptied,
    Play,
    RoundEnded,
    RoundStarted,
    Score,
    Tally,
    pattern_of,
)
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord, model
from gargon_notation.notation.writer import name_text
from gargon_notation.replay import Outcome, Problem, Step, Visitor, walk
from gargon_notation.tables.observation import ARRAYS, action_id, observe

__all__ = ["COLUMNS", "OBSERVATION_COLUMNS", "TABLES", "Lists", "Rows"]

TABLES = ("games", "rounds", "battles", "decisions")

_KEY = ("source", "game")
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": (
        *_KEY,
        *("line", "event", "site", "date", "tags", "players", "player_count", "start_seat"),
        *("seed", "zero_pair", "won_cards_face_up", "start_must_play", "valid", "finished"),
        *("ending", "rounds", "decisions", "winners", "winner_seats", "scores", "bonus"),
        *("amulets", "problems", "problem_code", "problem_message", "problem_line"),
        "problem_column",
    ),
    "rounds": (
        *_KEY,
        *("round", "start_seat", "start", "skipped_seats", "pattern", "plays", "passes"),
        *("cards_played", "cards_drawn", "battles", "pile1", "pile2", "complete", "last"),
    ),
    "battles": (
        *_KEY,
        *("round", "battle", "step", "colour", "fight", "kind", "chooser_seat"),
        *("fighter_seats", "fighter_cards", "winner_seat", "winner", "won", "discarded"),
        *("cards_won", "cards_discarded", "zero_clash"),
    ),
    "decisions": (
        *_KEY,
        *("step", "round", "seat", "player", "kind", "written", "line", "column", "cards"),
        *("drawn", "legal_actions", "legal_exact"),
    ),
}
"""Each table's columns, in the order of its schema (without the observation columns)."""

OBSERVATION_COLUMNS = ("action", "legal_action_ids", "reward", "final_score", "final_margin")
"""The observation columns of ``decisions`` besides the arrays, in the schema's order."""
_WIDE = frozenset({"obs_state", "obs_scores"})
"""Observation arrays of 16-bit values (the others are 8-bit)."""
_LISTS = {
    "games": frozenset[str](),
    "rounds": frozenset[str](),
    "battles": frozenset({"fighter_seats", "fighter_cards", "won", "discarded"}),
    "decisions": frozenset({"cards", "drawn"}),
}
"""The list columns kept flat (:class:`Lists`)."""


class _Texts(dict[object, str]):
    """Cards as written (``R14``, ``R?``, ``X?``), each made once."""

    def __missing__(self, card: object) -> str:
        text = self[card] = str(card)
        return text


_TEXT = _Texts({card: str(card) for card in COPIES})
_PATTERN_TEXT: dict[tuple[int, ...] | None, str | None] = {
    **{(1,): "1", (2,): "2", (1, 1): "1:1", (2, 1): "2:1", (1, 1, 1): "1:1:1"},
    None: None,
}
_KIND = {Play: "play", Pass: "pass", Choose: "choose", Draw: "draw"}
_DRAWS_NOTHING = frozenset({Play, Choose})
_LETTER = {colour: colour.value for colour in Colour}
_BATTLE_KIND = {id(kind): kind.value for kind in BattleKind}
"""By the kind's id: an Enum member hashes in Python, an id at C speed."""
_ZEROS = BattleKind.ZEROS
_PLAY_OR_PASS = DecisionKind.PLAY_OR_PASS
_HIDDEN = frozenset([UNKNOWN, *(HiddenCard(colour) for colour in Colour)])
"""Every card of unknown value, as the engine holds them."""
_ANYONE = ("A",) * 5
"""Names for :func:`format_action`, to read what follows a player's name."""


_ACTION_OF: dict[type, type] = {
    model.Play: Play,
    model.Pass: Pass,
    model.Battle: Choose,
    model.Draw: Draw,
}
"""The engine action each written element of a valid game is (a battle: its colour's
choice)."""

_SAID_MAX = 4096
"""The texts a :class:`_Said` keeps at most (a pass's seen cards make keys without end)."""


class _Said(dict[Any, str]):
    """What a pass, a choice or a draw says after its player's name (as
    :func:`format_action` writes it), by what it depends on, each made once."""

    def __init__(self, action: Any) -> None:
        super().__init__()
        self.action = action

    def __missing__(self, key: Any) -> str:
        if len(self) >= _SAID_MAX:
            self.clear()
        text = self[key] = format_action(self.action(0, *key), _ANYONE)[2:]
        return text


_PASSED = _Said(Pass)
_CHOSEN = _Said(Choose)
_DRAWN = _Said(Draw)
_SEAT = attrgetter("seat")
_CARDS = attrgetter("cards")
_PASS_SAYS = attrgetter("piles", "seen")
_DRAW_SAYS = attrgetter("pile", "seen")
_LINE = attrgetter("line")
_COLUMN = attrgetter("column")
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_THIRD = itemgetter(2)
_NOTHING = (0, 0, 0, 0)


class Lists:
    """A column of lists kept flat, as Arrow holds it: every list's items one after the
    other, each row's length, and which rows are null (a null row has length 0).

    >>> lists = Lists()
    >>> lists.append(["R3", "Y1"]); lists.append(None); lists.append([])
    >>> lists.to_pylist(), len(lists)
    ([['R3', 'Y1'], None, []], 3)
    """

    __slots__ = ("lengths", "nulls", "values")

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.lengths: list[int] = []
        self.nulls: list[bool] = []

    def __len__(self) -> int:
        return len(self.lengths)

    def __iadd__(self, rows: Iterable[Sequence[Any] | None]) -> Lists:
        for row in rows:
            self.append(row)
        return self

    def append(self, row: Sequence[Any] | None) -> None:
        """Add one row (None for a null)."""
        if row is None:
            self.lengths.append(0)
            self.nulls.append(True)
        else:
            self.values += row
            self.lengths.append(len(row))
            self.nulls.append(False)

    def to_pylist(self) -> list[list[Any] | None]:
        """The rows as Python lists (None for a null)."""
        rows: list[list[Any] | None] = []
        at = 0
        for length, null in zip(self.lengths, self.nulls, strict=True):
            rows.append(None if null else self.values[at : at + length])
            at += length
        return rows


def _texts(cards: Sequence[object]) -> list[str]:
    """Cards as written (``R14``, ``R?``, ``X?``)."""
    return [_TEXT[card] for card in cards]


@attrs.define
class _Steps:
    """A walked game's steps, in order: the written element each came from (None for a
    repair), its engine action and round, the number of legal actions before it and whether
    that number is exact (None: all are); the piles' sizes at the end of each walked
    round."""

    elements: Sequence[Any]
    actions: Sequence[Action]
    rounds: list[int]
    counts: list[int]
    exact: list[bool] | None
    piles: dict[int, tuple[int, int]]


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
        flat = _LISTS[table]
        columns: dict[str, Any] = {name: Lists() if name in flat else [] for name in COLUMNS[table]}
        if table == "decisions" and self.observations:
            for name in ARRAYS:
                columns[name] = array("h" if name in _WIDE else "b")
            for name in OBSERVATION_COLUMNS:
                columns[name] = []
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
        steps: _Steps | None = None
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
        if watcher is not None:
            steps = watcher.steps_read()
            at_problem = watcher.at_problem
        game = outcome.game
        if game is not None and steps is not None and (outcome.valid or self.include_invalid_steps):
            reader = _Reader(self, source, number, game, steps)
            reader.read()
            if watcher is not None and self.observations:
                reader.observations(outcome, watcher)
        decisions = len(game.actions) if game is not None else None
        self._games_row(_game_row(source, number, item, outcome, decisions, at_problem))
        return outcome.problems[0] if outcome.problems else None

    def _games_row(self, row: tuple[Any, ...]) -> None:
        for values, value in zip(self.columns["games"].values(), row, strict=True):
            values.append(value)


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
        (record.tags[0].line if record.tags else 0) or None,
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
        game.round if game is not None else None,
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

    def steps(self, record: GameRecord, game: Game) -> _Steps | None:
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
        counts = self.tally.counts
        if not len(elements) == len(actions) == len(counts):
            return None
        if list(map(_ACTION_OF.get, map(type, elements))) != list(map(type, actions)):
            return None  # paired wrongly: the walk read the record in another order
        exact = None
        if self.tally.inexact:
            exact = [True] * len(counts)
            for position in self.tally.inexact:
                exact[position] = False
        return _Steps(elements, actions, rounds, counts, exact, self.piles)


class _Watcher(Visitor):
    """Keeps each step, the number of legal actions before it and whether that number is
    exact, the piles' sizes at each round's end, the score at the first problem, and with
    observations the acting seat's arrays and legal action ids before each step."""

    def __init__(self, observations: bool) -> None:
        self.observations = observations
        self.steps: list[Step] = []
        self.counts: list[int] = []
        self.exact: list[bool] = []
        self.seen: list[dict[str, list[int]]] = []
        self.ids: list[list[int]] = []
        self.piles: dict[int, tuple[int, int]] = {}
        self.game: Game | None = None
        self.at_problem: Score | None = None
        self.won: list[list[Card]] = []
        self.counted = 0
        """How many events the won cards have been counted from (observations)."""

    def steps_read(self) -> _Steps:
        """The steps watched, with the legal actions before each."""
        steps = self.steps
        count = len(steps)
        return _Steps(
            [step.element for step in steps],
            [step.action for step in steps],
            [step.round for step in steps],
            self.counts[:count],
            self.exact[:count],
            self.piles,
        )

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.game = game
        self.won = [[] for _ in game.names]
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
        """What the next decision is made with (after the last one: nothing)."""
        decision = game.to_act
        if decision is None:
            return
        seat = decision.seat
        self.counts.append(game.legal_action_count())
        self.exact.append(decision.kind is not _PLAY_OR_PASS or _HIDDEN.isdisjoint(game.hand(seat)))
        if self.observations:
            events = game.events
            for event in events[self.counted :]:
                if type(event) is BattleResolved and event.winner is not None:
                    self.won[event.winner].extend(event.won)
            self.counted = len(events)
            view = game.view(seat)
            self.ids.append(sorted({action_id(action) for action in view.legal_actions}))
            self.seen.append(observe(view, self.won))


class _Reader:
    """Reads the rows of one walked game from its steps and the engine's events, a column at
    a time."""

    def __init__(self, rows: Rows, source: str, number: int, game: Game, steps: _Steps):
        self.rows = rows
        self.source = source
        self.number = number
        self.game = game
        self.steps = steps
        self.names = game.names
        self.actions = steps.actions
        self.kinds: list[type[Action]] = list(map(type, steps.actions))
        self.battles_by_round: dict[int, int] = {}
        """Each round's battles."""
        self.seats: list[int] = []
        """Each step's seat."""
        self.played: list[int] = []
        """Each step's number of cards played."""
        self.drawn: list[int] = []
        """Each step's number of cards drawn."""

    def read(self) -> None:
        self._decisions()
        self._battles()
        self._rounds()

    def _decisions(self) -> None:
        columns = self.rows.columns["decisions"]
        steps, actions, kinds = self.steps, self.actions, self.kinds
        count = len(actions)
        players = self.names
        named = [name_text(name) + " " for name in players]
        text = _TEXT.__getitem__
        seats = self.seats = list(map(_SEAT, actions))
        said = [
            " ".join(map(text, action.cards))  # type: ignore[union-attr]
            if kind is Play
            else _PASSED[_PASS_SAYS(action)]
            if kind is Pass
            else _CHOSEN[action.colour,]  # type: ignore[union-attr]
            if kind is Choose
            else _DRAWN[_DRAW_SAYS(action)]
            for action, kind in zip(actions, kinds, strict=True)
        ]
        written: list[str | None] = list(map(add, map(named.__getitem__, seats), said))
        elements = steps.elements
        lines: list[int | None]
        columns_at: list[int | None]
        if any(map(is_, elements, repeat(None))):  # not `in`: elements compare in Python
            written = [
                None if e is None else said for e, said in zip(elements, written, strict=True)
            ]
            lines = [None if e is None else e.line or None for e in elements]
            columns_at = [None if e is None else e.column or None for e in elements]
        else:
            lines = list(map(_LINE, elements))
            columns_at = list(map(_COLUMN, elements))
            if 0 in lines or 0 in columns_at:
                lines = [line or None for line in lines]
                columns_at = [column or None for column in columns_at]
        plays = list(map(is_, kinds, repeat(Play)))
        played = self.played = [
            len(action.cards) if play else 0  # type: ignore[union-attr]
            for action, play in zip(actions, plays, strict=True)
        ]
        cards = columns["cards"]
        cards.values += map(text, chain.from_iterable(map(_CARDS, compress(actions, plays))))
        cards.lengths += played
        cards.nulls += map(not_, plays)
        drawn = self.drawn = [
            len(action.piles)  # type: ignore[union-attr]
            if kind is Pass
            else (action.pile is not None)  # type: ignore[union-attr]
            if kind is Draw
            else 0
            for action, kind in zip(actions, kinds, strict=True)
        ]
        taken = columns["drawn"]
        taken.values += map(text, map(_THIRD, self.game.fields_of(CardDrawn)))
        taken.lengths += drawn
        taken.nulls += map(_DRAWS_NOTHING.__contains__, kinds)
        columns["source"].extend(repeat(self.source, count))
        columns["game"].extend(repeat(self.number, count))
        columns["step"].extend(range(1, count + 1))
        columns["round"].extend(steps.rounds)
        columns["seat"].extend(seats)
        columns["player"].extend(map(players.__getitem__, seats))
        columns["kind"].extend(map(_KIND.__getitem__, kinds))
        columns["written"].extend(written)
        columns["line"].extend(lines)
        columns["column"].extend(columns_at)
        columns["legal_actions"].extend(steps.counts)
        columns["legal_exact"].extend(repeat(True, count) if steps.exact is None else steps.exact)

    def _battles(self) -> None:
        """Each fight, with the choice of colour that began it (a colour's first fight
        follows its choice; a second fight belongs to the same choice)."""
        battles = self.game.fields_of(BattleResolved)
        if not battles:
            return
        rounds_of = self.steps.rounds
        chosen = list(compress(range(len(self.kinds)), map(is_, self.kinds, repeat(Choose))))
        # The choice each fight belongs to: a first fight starts the next one.
        firsts = list(map(eq, map(_SECOND, battles), repeat(1)))
        firsts[0] = True
        choices = list(accumulate(firsts))
        # Fights after the last choice written (an invalid game's) have no step.
        known = bisect_right(choices, len(chosen))
        positions = list(map(chosen.__getitem__, map(sub, choices[:known], repeat(1))))
        missing = len(battles) - known
        rounds = [*map(rounds_of.__getitem__, positions), *repeat(self.game.round, missing)]
        steps = [*map(add, positions, repeat(1)), *repeat(None, missing)]
        choosers = [*map(self.seats.__getitem__, positions), *repeat(None, missing)]
        order: list[int] = []
        per_round: dict[int, int] = {}
        for number, group in groupby(rounds):
            size = len(list(group))
            order += range(1, size + 1)
            per_round[number] = per_round.get(number, 0) + size
        count = len(battles)
        names = self.names
        text = _TEXT.__getitem__
        self.battles_by_round = per_round
        colours, fights, kinds, fought, winners, won, discarded, _ = zip(*battles, strict=True)
        columns = self.rows.columns["battles"]
        columns["source"].extend(repeat(self.source, count))
        columns["game"].extend(repeat(self.number, count))
        columns["round"].extend(rounds)
        columns["battle"].extend(order)
        columns["step"].extend(steps)
        columns["colour"].extend(map(_LETTER.__getitem__, colours))
        columns["fight"].extend(fights)
        columns["kind"].extend(map(_BATTLE_KIND.__getitem__, map(id, kinds)))
        columns["chooser_seat"].extend(choosers)
        lengths = list(map(len, fought))
        pairs = list(chain.from_iterable(fought))
        no_nulls = [False] * count
        fighters = columns["fighter_seats"]
        fighters.values += map(_FIRST, pairs)
        fighters.lengths += lengths
        fighters.nulls += no_nulls
        fighter_cards = columns["fighter_cards"]
        fighter_cards.values += map(text, map(_SECOND, pairs))
        fighter_cards.lengths += lengths
        fighter_cards.nulls += no_nulls
        columns["winner_seat"].extend(winners)
        columns["winner"].extend([names[seat] if seat is not None else None for seat in winners])
        for name, cards in (("won", won), ("discarded", discarded)):
            column = columns[name]
            column.values += map(text, chain.from_iterable(cards))
            sizes = list(map(len, cards))
            column.lengths += sizes
            column.nulls += no_nulls
            columns[f"cards_{name}"].extend(sizes)
        columns["zero_clash"].extend(map(is_, kinds, repeat(_ZEROS)))

    def _rounds(self) -> None:
        """Each round: its start, its plays and passes, cards played and drawn, battles,
        the piles at its end (or where the record stops)."""
        kinds, actions, played, drawn = self.kinds, self.actions, self.played, self.drawn
        sums: dict[int, tuple[int, int, int, int]] = {}
        """Each round's plays, passes, cards played and cards drawn."""
        patterns: dict[int, tuple[int, ...]] = {}
        at = 0
        for number, group in groupby(self.steps.rounds):
            end = at + len(list(group))
            round_kinds = kinds[at:end]
            found = (
                round_kinds.count(Play),
                round_kinds.count(Pass),
                sum(played[at:end]),
                sum(drawn[at:end]),
            )
            before = sums.get(number)
            sums[number] = found if before is None else tuple(map(add, before, found))
            if number not in patterns and found[0]:
                first = actions[at + round_kinds.index(Play)]
                patterns[number] = pattern_of(first.cards)  # type: ignore[union-attr]
            at = end
        piles = self.steps.piles
        last_piles = self.game.pile_sizes()
        ends = dict(self.game.fields_of(RoundEnded))
        names = self.names
        battles = self.battles_by_round
        started = self.game.fields_of(RoundStarted)
        if not started:
            return
        count = len(started)
        numbers = list(map(_FIRST, started))
        seats = list(map(_SECOND, started))
        complete = list(map(ends.__contains__, numbers))
        totals = map(sums.get, numbers, repeat(_NOTHING))
        plays, passes, cards_played, cards_drawn = zip(*totals, strict=True)
        pile1, pile2 = zip(*map(piles.get, numbers, repeat(last_piles)), strict=True)
        columns = self.rows.columns["rounds"]
        columns["source"].extend(repeat(self.source, count))
        columns["game"].extend(repeat(self.number, count))
        columns["round"].extend(numbers)
        columns["start_seat"].extend(seats)
        columns["start"].extend(map(names.__getitem__, seats))
        columns["skipped_seats"].extend(map(list, map(_THIRD, started)))
        columns["pattern"].extend(map(_PATTERN_TEXT.__getitem__, map(patterns.get, numbers)))
        columns["plays"].extend(plays)
        columns["passes"].extend(passes)
        columns["cards_played"].extend(cards_played)
        columns["cards_drawn"].extend(cards_drawn)
        columns["battles"].extend(map(battles.get, numbers, repeat(0)))
        columns["pile1"].extend(pile1)
        columns["pile2"].extend(pile2)
        columns["complete"].extend(complete)
        last = [done and ends[n] is None for n, done in zip(numbers, complete, strict=True)]
        columns["last"].extend(last)

    def observations(self, outcome: Outcome, watcher: _Watcher) -> None:
        """The arrays and action ids seen before each decision, and the final reward,
        score and margin of each decision's seat."""
        columns = self.rows.columns["decisions"]
        count = len(self.actions)
        for seen in watcher.seen[:count]:
            for name, values in seen.items():
                columns[name].fromlist(values)
        for action, ids in zip(self.actions, watcher.ids, strict=False):
            taken = action_id(action)
            if taken not in ids:  # a play of cards the record did not know the seat held
                ids = sorted([*ids, taken])
            columns["action"].append(taken)
            columns["legal_action_ids"].append(ids)
        game = self.game
        if not (outcome.valid and game.is_over):
            for name in ("reward", "final_score", "final_margin"):
                columns[name] += [None] * count
            return
        final = game.score()
        totals = final.totals
        for action in self.actions:
            seat = action.seat
            others = max(total for other, total in enumerate(totals) if other != seat)
            reward = 1.0 / len(final.winners) if seat in final.winners else 0.0
            columns["reward"].append(reward)
            columns["final_score"].append(totals[seat])
            columns["final_margin"].append(totals[seat] - others)
