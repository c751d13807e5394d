"""The bridge: a written record replayed through the engine, giving snapshots and a verdict.

Each written action is turned into an engine action against the current state (names become
seats; the chooser of a battle is the engine's) and applied.  Derived facts the record
states (battle winners, final scores, an explicit deal beside a seed) are checked against what
the engine derives.

- **Strict** replay stops at the first problem and raises :class:`ReplayError`.
- **Lenient** replay collects every problem, repairs what it safely can (an owed replacement
  draw that is not written is taken as forgotten) or skips the action, goes on, and lists each
  repair or skip in the problem's ``repair``.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> result = replay(record_from_simulation(simulate(4, "demo")))
>>> result.valid, result.game.is_over
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gargon_notation.cards import UNKNOWN, AnyCard, Card
from gargon_notation.engine import (
    Action,
    BattleResolved,
    Choose,
    Deal,
    DecisionKind,
    Draw,
    Event,
    Game,
    GameState,
    IllegalAction,
    Pass,
    Play,
    pile_size,
)
from gargon_notation.errors import GargonError, RuleViolation
from gargon_notation.header import Header, HeaderError, read_header
from gargon_notation.notation import model
from gargon_notation.notation.writer import name_text, write_action

__all__ = ["Problem", "Replay", "ReplayError", "Step", "replay"]

_DRAW = DecisionKind.DRAW

MAX_PROBLEMS = 50
"""A lenient replay gives up on a game after this many problems (the rest would be noise)."""


@attrs.frozen
class Problem:
    """Everything about one problem, in one message (:meth:`__str__`).

    ``code`` is the engine's rule code, or one of the bridge's own: ``header`` (a tag the
    replay needs is missing or wrong), ``unknown-player``, ``round-number``, ``deal-mismatch``,
    ``winner-mismatch``, ``score-mismatch``, ``result-mismatch``, ``game-not-over``,
    ``game-over-unmarked``, ``record-incomplete``.
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

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}:{self.column}" if self.line else self.source
        parts = [f"game {self.game}"]
        if self.event:
            parts[0] += f' "{self.event}"'
        if self.round is not None:
            parts.append(f"round {self.round}")
        if self.player is not None:
            seat = f" (seat {self.seat + 1})" if self.seat is not None else ""
            parts.append(f"{self.player}{seat}")
        text = f"{where}: {', '.join(parts)}: "
        if self.written:
            text += f"'{self.written}': "
        text += f"{self.message} [{self.code}]"
        if self.context:
            text += f"\n    {self.context}"
        if self.repair:
            text += f"\n    {self.repair}"
        return text


class ReplayError(GargonError):
    """Raised by a strict replay at its first problem; ``problem`` holds the details."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@attrs.frozen
class Step:
    """One applied engine action, the written element it came from and the events it caused."""

    element: model.Action | None
    action: Action
    events: tuple[Event, ...]
    round: int


@attrs.define
class Replay:
    """The outcome of replaying one record.

    ``game`` is the engine after the last action that could be applied; ``steps`` every
    applied action; ``problems`` what went wrong (empty: the record is valid);
    ``unchecked`` what the record's missing information kept from being checked.
    """

    record: model.GameRecord
    header: Header | None = None
    deal: Deal | None = None
    game: Game | None = None
    steps: list[Step] = attrs.Factory(list)
    problems: list[Problem] = attrs.Factory(list)
    unchecked: list[str] = attrs.Factory(list)
    round_ends: dict[int, int] = attrs.Factory(dict)
    """For each round written, how many steps had been applied at its end."""

    @property
    def valid(self) -> bool:
        """True when the record has no problem."""
        return not self.problems

    @property
    def finished(self) -> bool:
        """True when the game reached its end."""
        return self.game is not None and self.game.is_over

    def fresh_game(self) -> Game:
        """A new game at this record's deal, ready for its first action.

        Raises :class:`ValueError` when the record could not be set up.
        """
        if self.header is None or self.deal is None:
            raise ValueError("the record could not be set up, so it has no table to show")
        header = self.header
        return Game.new(self.deal, header.start, header.ruleset, header.players)

    def state_after(self, step: int) -> GameState:
        """The table after the first ``step`` applied actions (0: the deal).

        Raises :class:`IndexError` outside ``0..len(steps)`` and :class:`ValueError` when
        the record could not be set up (no game to show).
        """
        game = self.fresh_game()
        if self.game is not None and self.game.actions and not self.steps:
            raise ValueError("this replay kept no steps (keep_steps=False)")
        if not 0 <= step <= len(self.steps):
            raise IndexError(f"step {step} is outside 0-{len(self.steps)}")
        for recorded in self.steps[:step]:
            game.push(recorded.action)
        return game.snapshot()

    def state_after_round(self, number: int) -> GameState:
        """The table at the end of round ``number`` (or where the replay stopped in it).

        Raises :class:`IndexError` for a round the replay did not reach.
        """
        if number not in self.round_ends:
            raise IndexError(f"the replay has no round {number}")
        return self.state_after(self.round_ends[number])


class _Stop(Exception):
    """Ends a lenient replay of one game early; the message says why."""


class _Replayer:
    def __init__(
        self, record: model.GameRecord, game_number: int, strict: bool, keep_steps: bool = True
    ) -> None:
        self.keep_steps = keep_steps
        self.record = record
        self.game_number = game_number
        self.strict = strict
        event = record.tag("Event")
        self.event = event.value if event is not None else None
        self.result = Replay(record)
        self.round: int | None = None
        self.skipped = False

    # -- problems --------------------------------------------------------------------

    def problem(
        self,
        code: str,
        message: str,
        element: object | None = None,
        *,
        seat: int | None = None,
        context: str | None = None,
        repair: str | None = None,
    ) -> None:
        header = self.result.header
        player = header.players[seat] if header is not None and seat is not None else None
        if player is None and element is not None:
            player = getattr(element, "player", None)
        written = None
        if isinstance(element, model.Play | model.Pass | model.Draw | model.Battle):
            written = write_action(element)
        found = Problem(
            code=code,
            message=message,
            source=self.record.source,
            line=getattr(element, "line", 0) or 0,
            column=getattr(element, "column", 0) or 0,
            game=self.game_number,
            event=self.event,
            round=self.round,
            player=player,
            seat=seat,
            written=written,
            context=context,
            repair=None if self.strict else repair,
        )
        if self.strict:
            raise ReplayError(found)
        self.result.problems.append(found)
        if len(self.result.problems) >= MAX_PROBLEMS:
            raise _Stop(f"the replay stopped after {MAX_PROBLEMS} problems")

    # -- the replay ------------------------------------------------------------------

    def run(self) -> Replay:
        try:
            self._run()
        except _Stop as stop:
            self.result.unchecked.append(f"{stop}; the rest of the record was not checked")
        return self.result

    def _run(self) -> None:
        record = self.record
        try:
            header = read_header(record)
        except HeaderError as error:
            self.problem("header", error.message, error.tag or record)
            return
        self.result.header = header
        deal = self._deal(header)
        if deal is None:
            return
        try:
            game = Game.new(deal, header.start, header.ruleset, header.players)
        except RuleViolation as violation:
            self.problem(
                violation.code, violation.message, record.setup[0] if record.setup else None
            )
            return
        self.result.game = game
        self.result.deal = deal
        for written_round in record.rounds:
            self._owed_draws_unwritten(game, written_round)
            self.round = written_round.number
            if game.is_over:
                self.problem(
                    "game-over",
                    f"round {written_round.number} is written, but the game ended "
                    f"after round {game.round}",
                    written_round,
                )
                break
            if written_round.number != game.round:
                self.problem(
                    "round-number",
                    f"this is round {game.round}, but it is numbered {written_round.number}",
                    written_round,
                    repair=f"read as round {game.round}",
                )
            self.round = game.round
            for action in written_round.actions:
                self._apply_written(game, action)
            for battle in written_round.battles:
                self._apply_battle(game, battle)
            self.result.round_ends[self.round] = len(self.result.steps)
        self._check_end(game)

    def _deal(self, header: Header) -> Deal | None:
        players = len(header.players)
        hand_size = header.ruleset.hand_size
        seeded = None
        if header.seed is not None:
            try:
                seeded = Deal.from_seed(header.seed, players, header.shuffle, hand_size)
            except ValueError as error:
                self.problem("header", str(error), self.record.tag("Shuffle") or self.record)
                return None
        written = [line for line in self.record.setup]
        if not written:
            if seeded is None:
                self.result.unchecked.append(
                    "the deal is not known: cards are checked by count only until revealed"
                )
            return seeded or Deal.hidden(players, hand_size)
        hands: list[list[AnyCard]] = [[] for _ in range(players)]
        piles: list[list[AnyCard]] = [[], []]
        size = pile_size(players, hand_size)
        for line in written:
            if isinstance(line, model.Deal):
                seat = self._seat(line.player, line)
                if seat is None:
                    continue
                if len(line.cards) > hand_size:
                    self.problem(
                        "deal-size",
                        f"{line.player} is dealt {len(line.cards)} cards; a hand is {hand_size}",
                        line,
                    )
                    return None
                hands[seat] = list(line.cards)
            else:
                if len(line.cards) > size:
                    self.problem(
                        "deal-size",
                        f"pile {line.number} lists {len(line.cards)} cards; it holds {size}",
                        line,
                    )
                    return None
                piles[line.number - 1] = list(line.cards)
        for hand in hands:
            hand.extend([UNKNOWN] * (hand_size - len(hand)))
        for pile in piles:
            pile.extend([UNKNOWN] * (size - len(pile)))
        deal = Deal(tuple(map(tuple, hands)), (tuple(piles[0]), tuple(piles[1])))
        if seeded is not None:
            self._check_against_seed(deal, seeded)
            return seeded
        hidden = sum(1 for card in deal.cards() if not isinstance(card, Card))
        if hidden:
            self.result.unchecked.append(
                f"{hidden} cards of the deal are not fully known: plays from them are checked "
                "by colour and count only, and draws of them cannot be checked"
            )
        return deal

    def _check_against_seed(self, written: Deal, seeded: Deal) -> None:
        """Deal lines beside a seed must agree with it: hands as sets, piles card by card."""
        assert self.result.header is not None
        names = self.result.header.players
        for seat, (mine, theirs) in enumerate(zip(written.hands, seeded.hands, strict=True)):
            left = list(theirs)
            known: list[AnyCard] = [card for card in mine if isinstance(card, Card)]
            known += [card for card in mine if not isinstance(card, Card) and card.colour]
            for card in known:
                match = next((c for c in left if not _contradicts(card, c)), None)
                if match is None:
                    dealt = " ".join(str(c) for c in theirs)
                    self.problem(
                        "deal-mismatch",
                        f"the deal line gives {names[seat]} {card}, but the seed deals "
                        f"{names[seat]} {dealt}",
                        self._setup_line(seat=seat),
                    )
                    return
                left.remove(match)
        for number in (1, 2):
            for k, (a, b) in enumerate(
                zip(written.piles[number - 1], seeded.piles[number - 1], strict=True)
            ):
                if a is not UNKNOWN and _contradicts(a, b):
                    self.problem(
                        "deal-mismatch",
                        f"pile {number}'s card {k + 1} is written as {a}, but the seed deals {b}",
                        self._setup_line(pile=number),
                    )
                    return

    def _setup_line(self, seat: int | None = None, pile: int | None = None) -> object | None:
        header = self.result.header
        assert header is not None
        for line in self.record.setup:
            if isinstance(line, model.Deal) and seat is not None:
                if line.player == header.players[seat]:
                    return line
            elif isinstance(line, model.Pile) and line.number == pile:
                return line
        return None

    def _seat(self, name: str, element: object, repair: str | None = None) -> int | None:
        header = self.result.header
        assert header is not None
        try:
            return header.players.index(name)
        except ValueError:
            if repair is not None:
                self._lost_track("unknown-player")
            self.problem(
                "unknown-player",
                f"{name} is not at this table (players: {', '.join(header.players)})",
                element,
                repair=repair,
            )
            return None

    def _context(self, game: Game, seat: int) -> str:
        state = game.snapshot()
        hand = " ".join(str(card) for card in state.hands[seat]) or "empty"
        parts = [f"hand: {hand}"]
        if state.pattern is not None:
            parts.append(f"led: {':'.join(map(str, state.pattern))}")
        if state.colours_played:
            letters = sorted(state.colours_played, key=lambda c: c.index)
            parts.append("colours played: " + " ".join(c.value for c in letters))
        parts.append(f"piles: {len(state.piles[0])}+{len(state.piles[1])}")
        return "; ".join(parts)

    def _apply(self, game: Game, action: Action, element: model.Action) -> list[Event] | None:
        number = game.round
        try:
            if self.keep_steps:
                events = game.apply(action)
            else:
                game.push(action)
                events = []
        except IllegalAction as violation:
            self._lost_track(violation.code)
            self.problem(
                violation.code,
                violation.message,
                element,
                seat=action.seat,
                context=self._context(game, action.seat),
                repair="skipped this action",
            )
            return None
        self.skipped = False
        if self.keep_steps:
            self.result.steps.append(Step(element, action, tuple(events), number))
        return events

    def _lost_track(self, code: str) -> None:
        """After a skipped action, a record that no longer fits the game is not followed."""
        if self.skipped and code in ("not-your-turn", "wrong-decision", "game-over"):
            raise _Stop("the record no longer follows the game after the skipped action")
        self.skipped = True

    def _owed_draws_unwritten(
        self, game: Game, element: model.Action | model.Round, before: int | None = None
    ) -> None:
        """Lenient repair: owed draws the record does not write are taken as forgotten.

        With ``before``, only the draws owed ahead of that seat's own owed draw.
        """
        decision = game.to_act
        if decision is None or decision.kind is not _DRAW or decision.seat == before:
            return
        if before is not None and before not in game.owed:
            return
        while game.to_act is not None and game.to_act.kind is _DRAW:
            seat = game.to_act.seat
            if seat == before:
                return
            self.problem(
                "record-incomplete",
                f"{game.names[seat]} owes a replacement draw here, but the record "
                "does not write it",
                element,
                seat=seat,
                repair=f"taken as '{game.names[seat]} forgot'",
            )
            number = game.round
            events = game.apply(Draw(seat, None))
            if self.keep_steps:
                self.result.steps.append(Step(None, Draw(seat, None), tuple(events), number))

    def _apply_written(self, game: Game, element: model.Play | model.Pass) -> None:
        seat = self._seat(element.player, element, repair="skipped this action")
        if seat is None:
            return
        decision = game.to_act
        if decision is not None and decision.kind is _DRAW:
            self._owed_draws_unwritten(game, element)
        if isinstance(element, model.Play):
            self._apply(game, Play(seat, element.cards), element)  # type: ignore[arg-type]
        else:
            seen = element.seen
            self._apply(game, Pass(seat, element.piles, seen if any(seen) else ()), element)

    def _apply_battle(self, game: Game, battle: model.Battle) -> None:
        self._owed_draws_unwritten(game, battle)
        decision = game.to_act
        if decision is None or decision.kind is not DecisionKind.CHOOSE:
            self._lost_track("wrong-decision")
            asked = "the game is over" if decision is None else "no battle is due"
            self.problem(
                "wrong-decision",
                f"a battle in {battle.colour.name.lower()} is written, but {asked}",
                battle,
                repair="skipped this battle",
            )
            return
        mark = game.event_count
        if self._apply(game, Choose(decision.seat, battle.colour), battle) is None:
            return
        for draw in battle.draws:
            seat = self._seat(draw.player, draw, repair="skipped this draw")
            if seat is not None:
                self._owed_draws_unwritten(game, draw, before=seat)
                self._apply(game, Draw(seat, draw.pile, draw.seen), draw)
        if battle.winners is not None:
            self._check_winners(game, battle, game.events[mark:])

    def _check_winners(self, game: Game, battle: model.Battle, events: Sequence[Event]) -> None:
        written = battle.winners
        assert written is not None
        fights = [e for e in events if isinstance(e, BattleResolved) and e.colour is battle.colour]
        derived = tuple(game.names[e.winner] if e.winner is not None else None for e in fights)
        if derived != written:

            def show(names: Sequence[str | None]) -> str:
                return " ".join(name if name is not None else "-" for name in names)

            self.problem(
                "winner-mismatch",
                f"the record says {show(written)} won, but the fights were won by {show(derived)}",
                battle,
            )

    def _check_result(self) -> None:
        """The Result tag, when written, repeats the termination marker's text."""
        tag = self.record.tag("Result")
        if tag is None:
            return
        marker = _marker_text(self.record.termination)
        if tag.values != (marker,):
            written = " ".join(f'"{value}"' for value in tag.values)
            self.problem(
                "result-mismatch",
                f'the Result tag says {written}, but the game ends with "{marker}"',
                tag,
            )

    def _check_end(self, game: Game) -> None:
        termination = self.record.termination
        self.round = None
        self._check_result()
        if termination.finished and not game.is_over:
            self.problem(
                "game-not-over",
                f"the record is marked finished ('end'), but the game goes on in round "
                f"{game.round}",
                termination,
            )
            return
        if game.is_over and not termination.finished:
            self.problem(
                "game-over-unmarked",
                "the game is over, but the record is marked unfinished ('*'); write 'end'",
                termination,
            )
        if termination.scores and game.is_over:
            totals = dict(zip(game.names, game.score().totals, strict=True))
            for written in termination.scores:
                if written.player not in totals:
                    self._seat(written.player, written)
                elif totals[written.player] != written.points:
                    self.problem(
                        "score-mismatch",
                        f"{written.player} is written with {written.points} points, "
                        f"but scores {totals[written.player]}",
                        written,
                    )


def _marker_text(termination: model.Termination) -> str:
    """The termination marker as written, without comments: ``*``, ``end`` or ``end A 41, ...``."""
    if not termination.finished:
        return "*"
    scores = ", ".join(f"{name_text(s.player)} {s.points}" for s in termination.scores)
    return f"end {scores}" if scores else "end"


def _contradicts(written: AnyCard, dealt: AnyCard) -> bool:
    if isinstance(written, Card):
        return written != dealt
    return written.colour is not None and written.colour is not dealt.colour


def replay(
    record: model.GameRecord,
    *,
    strict: bool = False,
    game_number: int = 1,
    keep_steps: bool = True,
) -> Replay:
    """Replay ``record`` through the engine.

    Strict: raises :class:`ReplayError` at the first problem.  Lenient (the default): returns
    a :class:`Replay` whose ``problems`` list every problem found.  Without ``keep_steps``
    (a verdict is all that is wanted), no steps are kept, so the replay hands out no
    snapshots but the final one (``game.snapshot()``).
    """
    return _Replayer(record, game_number, strict, keep_steps).run()
