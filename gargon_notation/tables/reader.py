"""The rows of one walked game, read from its steps and the engine's own events and score,
a column at a time (:class:`Reader`); the texts of cards and actions each made once.

Nothing here knows the rules: what a step was, whose turn it was and how many actions were
legal come from the walk (:class:`Steps`), what happened in battles and rounds from the
engine's events (:meth:`~gargon_notation.engine.Game.fields_of`).

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> from gargon_notation.tables.rows import Rows
>>> rows = Rows()
>>> rows.add_game("sim", 1, record_from_simulation(simulate(4, "demo")))
>>> decisions = rows.columns["decisions"]
>>> decisions["written"][:3], decisions["legal_actions"][:3]
(['Adam W4 R1 G11', 'Bernd B0 Y3 G3', 'Collette pass 1 1 1'], [174, 64, 90])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, chain, compress, groupby, repeat
from operator import add, attrgetter, eq, is_, itemgetter, not_, sub
from typing import Any

import attrs

from gargon_notation.actions import format_action
from gargon_notation.cards import COPIES, Colour
from gargon_notation.engine import (
    Action,
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    Draw,
    Game,
    Pass,
    Play,
    RoundEnded,
    RoundStarted,
    pattern_of,
)
from gargon_notation.notation.writer import name_text
from gargon_notation.observation import action_id
from gargon_notation.replay import Outcome
from gargon_notation.values import unchecked_maker

__all__ = ["Columns", "Reader", "Steps"]

Columns = dict[str, dict[str, Any]]
"""Each table's columns by name (:attr:`gargon_notation.tables.rows.Rows.columns`)."""


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
_ANYONE = ("A",) * 5
"""Names for :func:`format_action`, to read what follows a player's name."""


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


# Made again from what the record's actions hold: without the constructors' checks.
_PASSED = _Said(unchecked_maker(Pass))
_CHOSEN = _Said(unchecked_maker(Choose))
_DRAWN = _Said(unchecked_maker(Draw))
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


@attrs.define
class Steps:
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


class Reader:
    """Reads the rows of one walked game from its steps and the engine's events, a column at
    a time."""

    def __init__(
        self,
        columns: Columns,
        source: str,
        number: int,
        game: Game,
        steps: Steps,
        rounds: int | None = None,
    ) -> None:
        self.columns = columns
        self.rounds = game.round if rounds is None else rounds
        """The game's rounds (those its record writes, for a valid game): a round the
        engine began after them, where nothing was written or played, has no row."""
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
        columns = self.columns["decisions"]
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
        columns = self.columns["battles"]
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
        started = [round for round in self.game.fields_of(RoundStarted) if round[0] <= self.rounds]
        if not started:
            return
        count = len(started)
        numbers = list(map(_FIRST, started))
        seats = list(map(_SECOND, started))
        complete = list(map(ends.__contains__, numbers))
        totals = map(sums.get, numbers, repeat(_NOTHING))
        plays, passes, cards_played, cards_drawn = zip(*totals, strict=True)
        pile1, pile2 = zip(*map(piles.get, numbers, repeat(last_piles)), strict=True)
        columns = self.columns["rounds"]
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

    def observations(
        self, outcome: Outcome, seen: list[dict[str, list[int]]], ids: list[list[int]]
    ) -> None:
        """The arrays (``seen``) and legal action ids (``ids``) before each decision, and
        the final reward, score and margin of each decision's seat."""
        columns = self.columns["decisions"]
        count = len(self.actions)
        for arrays in seen[:count]:
            for name, values in arrays.items():
                columns[name].fromlist(values)
        for action, legal in zip(self.actions, ids, strict=False):
            taken = action_id(action)
            if taken not in legal:  # a play of cards the record did not know the seat held
                legal = sorted([*legal, taken])
            columns["action"].append(taken)
            columns["legal_action_ids"].append(legal)
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
