"""The rows of the four tables, gathered from one walk of each game.

:class:`Rows` keeps every table column by column (:data:`COLUMNS`: a list of values per
column; the observation arrays of ``decisions`` in compact :class:`array.array` buffers,
row after row) until they are taken as Arrow record batches
(:mod:`gargon_notation.tables.convert`).

Each readable game is walked once (:func:`~gargon_notation.replay.walk`) with a
:class:`_Watcher` that keeps each step with how many actions were legal before it (the
engine's :meth:`~gargon_notation.engine.Game.legal_action_count`), the piles' sizes at the
end of each round, and with observations what the acting seat saw (its
:class:`~gargon_notation.engine.SeatView`).  The rows are then read from the steps and from
the engine's own events and score (:class:`_Reader`), a column at a time: nothing here
knows the rules.

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
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gargon_notation.actions import format_action
from gargon_notation.cards import COPIES, UNKNOWN, AnyCard, Card, Colour, HiddenCard
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
    pattern_of,
)
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.notation.writer import name_text
from gargon_notation.replay import Outcome, Problem, Step, Visitor, walk
from gargon_notation.tables.observation import ARRAYS, action_id, observe

__all__ = ["COLUMNS", "OBSERVATION_COLUMNS", "TABLES", "Rows"]

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

_TEXT: dict[object, str] = {card: str(card) for card in COPIES}
_PATTERN_TEXT = {(1,): "1", (2,): "2", (1, 1): "1:1", (2, 1): "2:1", (1, 1, 1): "1:1:1"}
_KIND = {Play: "play", Pass: "pass", Choose: "choose", Draw: "draw"}
_LETTER = {colour: colour.value for colour in Colour}
_BATTLE_KIND = {kind: kind.value for kind in BattleKind}
_ZEROS = BattleKind.ZEROS
_PLAY_OR_PASS = DecisionKind.PLAY_OR_PASS
_HIDDEN = frozenset([UNKNOWN, *(HiddenCard(colour) for colour in Colour)])
"""Every card of unknown value, as the engine holds them."""


def _texts(cards: Sequence[object]) -> list[str]:
    """Cards as written (``R14``, ``R?``, ``X?``)."""
    return [_TEXT.get(card) or _TEXT.setdefault(card, str(card)) for card in cards]


class Rows:
    """The rows of the four tables gathered so far (:meth:`add_game`):
    ``columns[table][column]`` is the list of the column's values (an observation array's
    column, an :class:`array.array` of its values, row after row)."""

    def __init__(self, *, observations: bool = False, include_invalid_steps: bool = False) -> None:
        self.observations = observations
        self.include_invalid_steps = include_invalid_steps
        self.columns: dict[str, dict[str, Any]] = {}
        for table in TABLES:
            self.clear_table(table)

    def clear_table(self, table: str) -> None:
        """Forget the rows of ``table`` (once they were taken)."""
        columns: dict[str, Any] = {name: [] for name in COLUMNS[table]}
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
        watcher = _Watcher(self.observations)
        outcome = walk(item, [watcher], game_number=number)
        game = outcome.game
        if game is not None and (outcome.valid or self.include_invalid_steps):
            _Reader(self, source, number, game, watcher).read(outcome)
        self._games_row(_game_row(source, number, item, outcome, watcher))
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
    source: str, number: int, record: GameRecord, outcome: Outcome, watcher: _Watcher
) -> tuple[Any, ...]:
    headers = record.headers
    header = outcome.header
    game = outcome.game
    finished = outcome.valid and game is not None and game.is_over
    score: Score | None = None
    if outcome.valid and game is not None:
        score = game.score()
    elif watcher.at_problem is not None:
        score = watcher.at_problem  # as gargon score: the table at the first problem
    ending = "invalid"
    if outcome.valid:
        ending = "unfinished"
        if finished and game is not None:
            emptied = next(game.events_of(PileEmptied), None) is not None
            ending = "pile" if emptied else "no-cards"
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
        len(watcher.steps) if game is not None else None,
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
    """Reads the rows of one walked game from its steps and the engine's events."""

    def __init__(self, rows: Rows, source: str, number: int, game: Game, watcher: _Watcher):
        self.rows = rows
        self.source = source
        self.number = number
        self.game = game
        self.watcher = watcher
        self.names = game.names
        self.steps = watcher.steps
        self.actions: list[Action] = [step.action for step in self.steps]
        self.starts: list[RoundStarted] = []
        self.ends: dict[int, RoundEnded] = {}
        self.battles: list[BattleResolved] = []
        self.drawn: list[AnyCard] = []
        for event in game.events_of(RoundStarted, RoundEnded, BattleResolved, CardDrawn):
            kind = type(event)
            if kind is CardDrawn:
                self.drawn.append(event.card)  # type: ignore[union-attr]
            elif kind is BattleResolved:
                self.battles.append(event)  # type: ignore[arg-type]
            elif kind is RoundStarted:
                self.starts.append(event)  # type: ignore[arg-type]
            else:
                self.ends[event.number] = event  # type: ignore[union-attr,assignment]
        self.battles_by_round: Counter[int] = Counter()

    def read(self, outcome: Outcome) -> None:
        self._decisions()
        self._battles()
        self._rounds()
        if self.rows.observations:
            self._observations(outcome)

    def _decisions(self) -> None:
        columns = self.rows.columns["decisions"]
        steps, actions = self.steps, self.actions
        count = len(steps)
        names = [name_text(name) for name in self.names]
        said: dict[Action, str] = {}
        drawn = iter(_texts(self.drawn))
        written: list[str | None] = []
        cards: list[list[str] | None] = []
        taken: list[list[str] | None] = []
        lines: list[int | None] = []
        columns_at: list[int | None] = []
        for step in steps:
            action = step.action
            element = step.element
            kind = type(action)
            text: str | None = None
            if kind is Play:
                texts = _texts(action.cards)  # type: ignore[union-attr]
                cards.append(texts)
                taken.append(None)
                text = f"{names[action.seat]} {' '.join(texts)}"  # as format_action
            else:
                cards.append(None)
                if kind is Pass:
                    taken.append([next(drawn) for _ in action.piles])  # type: ignore[union-attr]
                elif kind is Draw:
                    taken.append([] if action.pile is None else [next(drawn)])  # type: ignore[union-attr]
                else:
                    taken.append(None)
                if element is not None:
                    text = said.get(action)
                    if text is None:
                        text = said[action] = format_action(action, self.names)
            if element is None:
                written.append(None)
                lines.append(None)
                columns_at.append(None)
            else:
                written.append(text)
                lines.append(element.line or None)
                columns_at.append(element.column or None)
        seats = [action.seat for action in actions]
        columns["source"] += [self.source] * count
        columns["game"] += [self.number] * count
        columns["step"] += range(1, count + 1)
        columns["round"] += [step.round for step in steps]
        columns["seat"] += seats
        columns["player"] += map(self.names.__getitem__, seats)
        columns["kind"] += map(_KIND.__getitem__, map(type, actions))
        columns["written"] += written
        columns["line"] += lines
        columns["column"] += columns_at
        columns["cards"] += cards
        columns["drawn"] += taken
        columns["legal_actions"] += self.watcher.counts[:count]
        columns["legal_exact"] += self.watcher.exact[:count]

    def _battles(self) -> None:
        """Each fight, with the choice of colour that began it (a colour's first fight
        follows its choice; a second fight belongs to the same choice)."""
        battles = self.battles
        if not battles:
            return
        chosen = [step for step in self.steps if type(step.action) is Choose]
        choices: list[Step | None] = []
        order: list[int] = []
        at = -1
        number = 0
        last_round = None
        for battle in battles:
            if battle.fight == 1 or at < 0:
                at += 1
            choice = chosen[at] if at < len(chosen) else None
            choices.append(choice)
            round_number = choice.round if choice is not None else self.game.round
            number = number + 1 if round_number == last_round else 1
            last_round = round_number
            order.append(number)
        count = len(battles)
        names = self.names
        rounds = [c.round if c is not None else self.game.round for c in choices]
        self.battles_by_round = Counter(rounds)
        winners = [battle.winner for battle in battles]
        columns = self.rows.columns["battles"]
        columns["source"] += [self.source] * count
        columns["game"] += [self.number] * count
        columns["round"] += rounds
        columns["battle"] += order
        columns["step"] += [c.number if c is not None else None for c in choices]
        columns["colour"] += [_LETTER[battle.colour] for battle in battles]
        columns["fight"] += [battle.fight for battle in battles]
        columns["kind"] += [_BATTLE_KIND[battle.kind] for battle in battles]
        columns["chooser_seat"] += [c.action.seat if c is not None else None for c in choices]
        columns["fighter_seats"] += [[seat for seat, _ in battle.cards] for battle in battles]
        columns["fighter_cards"] += [[_TEXT[card] for _, card in b.cards] for b in battles]
        columns["winner_seat"] += winners
        columns["winner"] += [names[seat] if seat is not None else None for seat in winners]
        columns["won"] += [_texts(battle.won) for battle in battles]
        columns["discarded"] += [_texts(battle.discarded) for battle in battles]
        columns["cards_won"] += [len(battle.won) for battle in battles]
        columns["cards_discarded"] += [len(battle.discarded) for battle in battles]
        columns["zero_clash"] += [battle.kind is _ZEROS for battle in battles]

    def _rounds(self) -> None:
        """Each round: its start, its plays and passes, cards played and drawn, battles,
        the piles at its end (or where the record stops)."""
        plays: Counter[int] = Counter()
        passes: Counter[int] = Counter()
        played: Counter[int] = Counter()
        drawn: Counter[int] = Counter()
        patterns: dict[int, tuple[int, ...]] = {}
        for step in self.steps:
            action = step.action
            kind = type(action)
            if kind is Play:
                plays[step.round] += 1
                played[step.round] += len(action.cards)  # type: ignore[union-attr]
                if step.round not in patterns:
                    patterns[step.round] = pattern_of(action.cards)  # type: ignore[union-attr]
            elif kind is Pass:
                passes[step.round] += 1
                drawn[step.round] += len(action.piles)  # type: ignore[union-attr]
            elif kind is Draw and action.pile is not None:  # type: ignore[union-attr]
                drawn[step.round] += 1
        piles = self.watcher.piles
        last_piles = self.game.pile_sizes()
        columns = [self.rows.columns["rounds"][name] for name in COLUMNS["rounds"]]
        for start in self.starts:
            number = start.number
            end = self.ends.get(number)
            pattern = patterns.get(number)
            one, two = piles.get(number, last_piles)
            row = (
                self.source,
                self.number,
                number,
                start.start,
                self.names[start.start],
                list(start.skipped),
                _PATTERN_TEXT[pattern] if pattern is not None else None,
                plays[number],
                passes[number],
                played[number],
                drawn[number],
                self.battles_by_round[number],
                one,
                two,
                end is not None,
                end is not None and end.next_start is None,
            )
            for values, value in zip(columns, row, strict=True):
                values.append(value)

    def _observations(self, outcome: Outcome) -> None:
        """The arrays and action ids seen before each decision, and the final reward,
        score and margin of each decision's seat."""
        columns = self.rows.columns["decisions"]
        watcher = self.watcher
        count = len(self.steps)
        for seen in watcher.seen[:count]:
            for name, values in seen.items():
                columns[name].extend(values)
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
