"""One walk over a record, and the visitors that watch it.

:func:`walk` reads the header, sets the table, turns each written action into an engine
action against the current state (names become seats; the chooser of a battle is the
engine's), applies it, checks the derived facts the record states (battle winners, the
ending, final scores, the Result tag), and tells every :class:`Visitor` what happened, in
order.  Validation, annotation, scoring, the stepper, the events export and rendering are
visitors over this one walk (python-chess's ``BaseVisitor`` is the model).

- **Strict**: the walk stops at the first problem and raises
  :class:`~gargon_notation.replay.problems.ReplayError`.
- **Lenient**: every problem is reported, what can safely be repaired is (an owed
  replacement draw that is not written is taken as forgotten), an illegal action is skipped,
  and the walk goes on; each repair or skip is said in the problem's ``repair``.

The walk's parts: the battles and their replacement draws are in
:mod:`~gargon_notation.replay.battles`, the checks that need no table, made after the walk
loses a record, in :mod:`~gargon_notation.replay.rest`, and the derived facts in
:mod:`~gargon_notation.replay.facts`; :class:`_Walk` inherits all three.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> class Counter(Visitor):
...     def __init__(self) -> None:
...         self.steps = 0
...     def visit_step(self, step: Step, game: Game) -> None:
...         self.steps += 1
>>> counter = Counter()
>>> outcome = walk(record_from_simulation(simulate(4, "demo")), [counter])
>>> outcome.valid, counter.steps == len(outcome.game.actions)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import attrs

from gargon_notation.actions import likely_player, likely_players, not_at_table
from gargon_notation.cards import Card, Colour
from gargon_notation.engine import (
    Action,
    Deal,
    DecisionKind,
    Event,
    Game,
    IllegalAction,
    Pass,
    Play,
)
from gargon_notation.engine.wording import placed_elsewhere
from gargon_notation.errors import RuleViolation
from gargon_notation.header import Header, HeaderError, read_header
from gargon_notation.notation import model
from gargon_notation.notation.writer import name_text, write_action
from gargon_notation.replay.battles import _Battles
from gargon_notation.replay.facts import _Facts
from gargon_notation.replay.hints import (
    card_drawn,
    first_place,
    now_in_a_hand,
    played_before,
    round_start_hint,
    rounds_text,
    seat_order_hint,
    start_hint,
    still_in_a_pile,
    why_over,
)
from gargon_notation.replay.problems import _NOT_HELD, Problem, ReplayError, _Stop
from gargon_notation.replay.rest import _either, _Rest, player_after
from gargon_notation.replay.setup import build_deal
from gargon_notation.values import unchecked_maker

__all__ = ["MAX_PROBLEMS", "Outcome", "Step", "Visitor", "walk"]

_DRAW = DecisionKind.DRAW
# The engine actions made from written ones, whose fields the walk sets itself (the engine
# checks every action it is given): built without attrs' __init__.
_play = unchecked_maker(Play)
_pass = unchecked_maker(Pass)

MAX_PROBLEMS = 50
"""A lenient walk gives up on a game after this many problems (the rest would be noise)."""


@attrs.frozen
class Step:
    """One applied engine action: the written element it came from (None for a repair),
    the events it caused (empty when no visitor asked for events), its round, and its
    number (from 1) in the walk."""

    element: model.Action | None
    action: Action
    events: tuple[Event, ...]
    round: int
    number: int = attrs.field(default=0, eq=False)


class Visitor:
    """Hooks called by :func:`walk`; override the ones you need (all do nothing here).

    ``game`` is the referee itself, after the step: read it, never change it (copy it with
    :meth:`~gargon_notation.engine.Game.copy` to keep a moment).  Set :attr:`wants_events`
    when :attr:`Step.events` is needed (building events costs a little); clear
    :attr:`wants_steps` in a visitor that needs no :meth:`visit_step`: a walk whose visitors
    all do so goes the way of a walk without visitors (the cheapest), and each game's
    history is in its engine (``game.actions``, its events).
    """

    wants_events: bool = False
    wants_steps: bool = True

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        """The table is set (``game`` is at the deal); ``outcome`` holds the header."""

    def begin_round(self, number: int, written: model.Round, game: Game) -> None:
        """Round ``number`` (as the engine counts) begins; ``written`` is its text."""

    def visit_step(self, step: Step, game: Game) -> None:
        """An action was applied."""

    def end_round(self, number: int, game: Game) -> None:
        """The written round ``number`` has been walked (the game may be mid-round)."""

    def visit_problem(self, problem: Problem) -> None:
        """A problem was found (lenient walks; a strict walk raises instead)."""

    def end_game(self, outcome: Outcome) -> None:
        """The walk is over; ``outcome`` holds the verdict."""


@attrs.define
class Outcome:
    """What a walk found: the header and deal it set the table with, the game after the
    last action it could apply, every problem, and what could not be checked."""

    record: model.GameRecord
    header: Header | None = None
    deal: Deal | None = None
    game: Game | None = None
    problems: list[Problem] = attrs.Factory(list)
    unchecked: list[str] = attrs.Factory(list)

    @property
    def valid(self) -> bool:
        """True when the record has no problem."""
        return not self.problems

    @property
    def finished(self) -> bool:
        """True when the game reached its end."""
        return self.game is not None and self.game.is_over


@attrs.frozen
class _Place:
    """Where a problem without an element of its own is said to be."""

    line: int
    column: int


class _Walk(_Battles, _Rest, _Facts):
    def __init__(
        self,
        record: model.GameRecord,
        visitors: Sequence[Visitor],
        game_number: int,
        strict: bool,
    ) -> None:
        self.record = record
        self.visitors = visitors
        self.game_number = game_number
        self.strict = strict
        self.events = any(visitor.wants_events for visitor in visitors)
        event = record.tag("Event")
        self.event = event.value if event is not None else None
        self.outcome = Outcome(record)
        self.round: int | None = None
        self.skipped = False
        self.count = 0
        self.cause: Problem | None = None
        """The first problem after which the replay no longer follows the record exactly:
        later problems follow from it, until the walk is in step again (a new round)."""
        self.names_at: dict[tuple[int, int], Problem] = {}
        """The problems of names not at the table, by line and column: one is said of the
        text itself, never as following from another, and a problem at its place follows
        from it."""
        self.walked = 0
        """How many written rounds the walk has begun."""
        self.read: list[int] = []
        """The number each round begun was read as (the engine's, where the record's is
        wrong)."""
        self.lost_at: object | None = None
        """The element at which the walk lost the record (the rest of its round was not
        walked)."""
        self.refused: dict[int, str] = {}
        """The code each element the engine refused was refused with, by the element's id."""
        self.unnamed: set[int] = set()
        """The ids of the elements whose name was said not to be at the table (each said
        once, whichever check comes to it first)."""
        self.elements: list[tuple[Problem, object | None]] = []
        """Each problem with the element it is at (for the order of a record without
        positions, and the problem of a name at an element)."""
        self.alone = False
        """Checking a round on its own (after the walk lost the record): the visitors see no
        steps, and the hands and piles are not known."""
        self.held: list[Problem] | None = None
        """Problems held back to be told in line order (a round checked on its own)."""
        self.seats: dict[str, int] = {}
        """Each player's seat, by name."""
        self.plain = not visitors or not any(visitor.wants_steps for visitor in visitors)
        """No visitor watches the steps: actions are only pushed (the path of ``validate``)."""
        self.turns_seen = False
        """A turn problem was found (the seat order was then looked at)."""
        self.forgotten: list[tuple[int, tuple[Card, ...], Problem]] = []
        """Each draw taken as forgotten: its seat, the cards it could have brought (the tops
        of the piles, where the deal is known) and its problem, which a later problem about
        one of those cards follows from."""
        self.settled: tuple[object, Sequence[str]] | None = None
        """The first action of a round checked on its own whose name is as near several
        players, one of whom the round's seat order settles as its start player, with those
        players: :meth:`_meant` reads it as his."""
        self.left_out: list[tuple[int | None, int, int, Problem]] = []
        """Each draw the walk took as forgotten, the record not writing it: its round, the
        event count before it, its seat and its problem (a draw of that seat written later
        in the colour's parentheses is told so)."""
        self.early_draws: dict[int, model.Draw] = {}
        """Draws owed after a colour's second fight written before its first fight's draws,
        by seat: said, and read when their turn comes (see ``_Battles._hold_early``)."""
        self.battle_at: Colour | None = None
        """The colour of the battle being walked: a draw written in its parentheses by a
        player who owes none is told why (its events are found then, not counted here:
        this is validate's path)."""

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
        follows: Problem | None = None,
    ) -> Problem:
        """Report a problem at ``element`` (strict: raise it) and return it; ``follows``: the
        earlier problem it follows from, when the walk is otherwise in step with the record."""
        header = self.outcome.header
        player = header.players[seat] if header is not None and seat is not None else None
        if player is None and element is not None:
            player = getattr(element, "player", None)
        written = None
        if isinstance(element, model.Play | model.Pass | model.Draw | model.Battle):
            written = write_action(element)
        line, column = getattr(element, "line", 0) or 0, getattr(element, "column", 0) or 0
        # A round checked on its own is independent of the problem the walk was lost at,
        # but a problem at a name not at the table follows from it there too.
        cause = follows or self.names_at.get((line, column)) or (None if self.alone else self.cause)
        if code in _OWN_MISTAKES:
            cause = None
        found = Problem(
            code=code,
            message=message,
            source=self.record.source,
            line=line,
            column=column,
            game=self.game_number,
            event=self.event,
            round=self.round,
            player=player,
            seat=seat,
            written=written,
            context=context,
            repair=None if self.strict else repair,
            consequence_of=_at(cause),
        )
        if self.strict:
            raise ReplayError(found)
        if code == "unknown-player" and line:
            self.names_at[line, column] = found
        if (
            not self.alone
            and self.cause is None
            and repair is not None
            and repair.startswith("skipped")
        ):
            self.cause = found
        self.elements.append((found, element))
        if self.held is not None:
            self.held.append(found)
        else:
            self._tell(found)
        return found

    def _tell(self, found: Problem) -> None:
        self.outcome.problems.append(found)
        for visitor in self.visitors:
            visitor.visit_problem(found)
        if len(self.outcome.problems) >= MAX_PROBLEMS:
            raise _Stop(f"the replay stopped after {MAX_PROBLEMS} problems")

    def _tell_held(self) -> None:
        """The held problems in line order, each told once (two checks may find the same;
        records without positions, from JSON or the library, are told apart by the rest and
        their elements: the same name misspelt at two draws is two problems)."""
        held, self.held = self.held or [], None
        at = {id(found): id(element) for found, element in self.elements}

        def key(p: Problem) -> tuple[object, ...]:
            return (p.code, p.line, p.column, p.round, p.written, p.message, at.get(id(p)))

        told = {key(p) for p in self.outcome.problems}
        for found in sorted(held, key=lambda p: (p.line, p.column)):
            if key(found) not in told:
                told.add(key(found))
                self._tell(found)

    def _in_record_order(self, problems: list[Problem]) -> None:
        """Sort ``problems``, some without a line (a record from JSON or the library), in
        the order of the record's text, as lines sort a text's: by their elements' places (a
        problem at none, such as a header's, just after the one told before it), in the
        order found at one place."""
        order = _record_order(self.record)
        places = {id(found): order.get(id(element)) for found, element in self.elements}
        keyed = []
        last = -1
        for index, found in enumerate(problems):
            place = places.get(id(found))
            last = last if place is None else place
            keyed.append((last, index, found))
        problems[:] = [found for *_, found in sorted(keyed, key=lambda k: k[:2])]

    def _report(self, code: str, message: str, element: object | None) -> None:
        self.problem(code, message, element)

    # -- the walk --------------------------------------------------------------------

    def run(self) -> Outcome:
        try:
            self._run()
        except _Stop as stop:
            if len(self.outcome.problems) >= MAX_PROBLEMS:
                self.outcome.unchecked.append(f"{stop}; the rest of the record was not checked")
            elif self.walked < len(self.record.rounds):
                self.outcome.unchecked.append(
                    f"{stop}; each later round was checked on its own from its first "
                    "decision (turns, patterns, colours, fights, winners, draws; in the last "
                    "round, not whether a draw is missing, as its piles may have run out), "
                    "and the whole record for names, round numbers, cards written twice and "
                    "the Result tag, but not for what needs the table before it (hands, "
                    "piles, scores)"
                )
            else:
                self.outcome.unchecked.append(
                    f"{stop}; the rest of the record was checked only for names, cards "
                    "written twice and the Result tag (no later round to check on its own)"
                )
            if len(self.outcome.problems) < MAX_PROBLEMS:
                try:
                    self._check_rest()
                except _Stop as more:
                    self.outcome.unchecked.append(f"{more}; the rest of the record was not checked")
        problems = self.outcome.problems
        if all(problem.line for problem in problems):
            # The Result tag and the final scores are checked last, but sit higher up.
            problems.sort(key=lambda problem: (problem.line, problem.column))
        else:
            self._in_record_order(problems)
        for visitor in self.visitors:
            visitor.end_game(self.outcome)
        return self.outcome

    def _run(self) -> None:
        record = self.record
        try:
            header = read_header(record)
        except HeaderError as error:
            # A missing tag is said where the header starts (else where the game does).
            where: object = error.tag or (record.tags[0] if record.tags else None)
            if where is None and record.line:
                where = _Place(record.line, 1)
            self.problem("header", error.message, where)
            return
        self.outcome.header = header
        self.seats = {name: seat for seat, name in enumerate(header.players)}
        deal = build_deal(record, header, self._report, self.outcome.unchecked)
        if deal is None:
            return
        try:
            game = Game.new(deal, header.start, header.ruleset, header.players)
        except RuleViolation as violation:
            self.problem(
                violation.code, violation.message, record.setup[0] if record.setup else None
            )
            return
        self.outcome.game = game
        self.outcome.deal = deal
        for visitor in self.visitors:
            visitor.begin_game(self.outcome, game)
        fights: model.Battle | None = None
        for written_round in record.rounds:
            self.walked += 1
            decision = game.to_act
            if decision is not None and decision.kind is _DRAW:
                # Still owed after the last fights line (its last battle was not applied):
                # said at that battle, as the draws a battle owes are said at it.
                self._owed_draws_unwritten(game, fights or written_round)
                decision = game.to_act
            in_step = decision is not None and decision.kind is DecisionKind.PLAY_OR_PASS
            if in_step and written_round.number == game.round and not game.owed:
                self.cause = None
            self.round = written_round.number
            if game.is_over:
                # Every round written after the end is named, in one problem at the first.
                after = [written.number for written in record.rounds[self.walked - 1 :]]
                self.problem(
                    "game-over",
                    f"{rounds_text(after)} written, but the game ended after round {game.round}: "
                    f"{why_over(game)}",
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
            self.read.append(game.round)
            for visitor in self.visitors:
                visitor.begin_round(self.round, written_round, game)
            actions = written_round.actions
            for index, action in enumerate(actions):
                self._apply_written(game, action, actions, index)
            known = len(self.outcome.problems)
            self._apply_battles(game, written_round.battles)
            unfinished = written_round.battles and game.round == self.round
            # An unfinished record (a recording in progress) may stop within its last fights.
            stops_here = written_round is record.rounds[-1] and not record.termination.finished
            if unfinished and not stops_here and len(self.outcome.problems) == known:
                self._check_fights_done(game, written_round)
            fights = written_round.battles[-1] if written_round.battles else None
            for visitor in self.visitors:
                visitor.end_round(self.round, game)
        if self.outcome.problems:
            # The draws of a battle skipped, and the rounds written after the end, were not
            # walked: their names are checked still (a walk without problems saw each name).
            self._say_names_in(record.rounds)
            self._check_twice_walked({})
        self._check_end(game)

    def _seat(self, name: str, element: object, repair: str | None = None) -> int | None:
        seat = self.seats.get(name)
        if seat is not None:
            return seat
        header = self.outcome.header
        assert header is not None
        try:
            return header.players.index(name)
        except ValueError:
            if repair is not None:
                self._lost_track("unknown-player", element)
            self.unnamed.add(id(element))
            self.problem(
                "unknown-player",
                not_at_table(name, header.players),
                element,
                repair=repair,
            )
            return None

    def _meant(
        self,
        game: Game,
        element: model.Play | model.Pass | model.Draw,
        following: str | None = None,
    ) -> int | None:
        """The seat to act now (to play or pass for an action, to draw for a draw), when the
        name of ``element``, not at the table, most likely means its player (``Bbo`` for Bob,
        as the problem suggests) and the element written after it (``following``: its
        player) is not that player's own, which would make this one an extra: the name is
        said and the element read as his, as with the name spelt right (None: it is not).
        Of players as near the name (``Jen`` for Jan or Jon), the one to act now, if one of
        them is, is meant so too (a round checked on its own settles its first action's by
        the round's seat order: :attr:`settled`)."""
        decision = game.to_act
        wanted = _DRAW if isinstance(element, model.Draw) else DecisionKind.PLAY_OR_PASS
        if decision is None or decision.kind is not wanted:
            return None
        seat = decision.seat
        players = game.names
        why = ""
        settled = self.settled
        if settled is not None and settled[0] is element and players[seat] in settled[1]:
            near = " and ".join(map(name_text, settled[1]))
            why = f" (of {near}, the one the round's seat order puts first)"
        elif following == players[seat]:
            return None
        elif (meant := likely_player(element.player, players)) != players[seat]:
            # Of players as near the name, the one to act now, if he is one of them.
            several = () if meant is not None else likely_players(element.player, players)
            if players[seat] not in several:
                return None
            now = "whose draw is owed" if wanted is _DRAW else "to play or pass"
            why = f" (of {_either(several)}, the one {now} now)"
        self.unnamed.add(id(element))
        taken = attrs.evolve(element, player=players[seat], glyph=None, nags=(), comments=())
        self.problem(
            "unknown-player",
            not_at_table(element.player, players),
            element,
            repair=f"taken as '{write_action(taken)}'{why}",
        )
        return seat

    def _context(self, game: Game, seat: int) -> str:
        state = game.snapshot()
        hand = " ".join(str(card) for card in state.hands[seat]) or "empty"
        parts = [f"hand: {hand}"]
        if self.alone:
            parts = ["round checked on its own: hands and piles not known"]
        if state.pattern is not None:
            parts.append(f"led: {':'.join(map(str, state.pattern))}")
        if state.colours_played:
            letters = sorted(state.colours_played, key=lambda c: c.index)
            parts.append("colours played: " + " ".join(c.value for c in letters))
        if not self.alone:
            parts.append(f"piles: {len(state.piles[0])}+{len(state.piles[1])}")
        return "; ".join(parts)

    def _step(self, game: Game, element: model.Action | None, action: Action) -> None:
        """Apply ``action`` (already known to be legal or raising) and tell the visitors."""
        number = game.round
        if self.events and not self.alone:
            events: tuple[Event, ...] = tuple(game.apply(action))
        else:
            game.push(action)
            events = ()
        self.count += 1
        if not self.plain and not self.alone:
            step = Step(element, action, events, number, self.count)
            for visitor in self.visitors:
                visitor.visit_step(step, game)

    def _apply(self, game: Game, action: Action, element: model.Action) -> bool:
        try:
            if self.plain:
                game.push(action)
                self.count += 1
            else:
                self._step(game, element, action)
        except IllegalAction as violation:
            self._refused(game, action, element, violation)
            return False
        self.skipped = False
        return True

    def _refused(
        self, game: Game, action: Action, element: model.Action, violation: RuleViolation
    ) -> None:
        """The engine refused ``action``: said as a problem at ``element``, which is skipped.
        A draw written where its player owes none while no other owes one either is an
        extra: skipped, it leaves the walk in step with the record (no later problem follows
        from it, nor is the record lost at the next element refused); while another owes
        one, it may stand where that one is owed (the name written wrong), and the draws
        after it follow from it."""
        told = self._not_owed(game, action, element, violation.code)
        owed = game.to_act
        extra = told is not None and (owed is None or owed.kind is not _DRAW)
        if not extra:
            self._lost_track(violation.code, element)
        self.refused[id(element)] = violation.code
        message = violation.message
        follows = None
        cause = self.cause
        if self.forgotten and violation.code in _NOT_HELD and isinstance(element, model.Play):
            follows = self._never_drawn(game, action.seat, element.cards)
        if told is not None:
            message = told
        elif violation.code == "card-conservation":
            before = (element.line, element.column)
            message = placed_elsewhere(message, partial(first_place, self.record, before=before))
            message += now_in_a_hand(game, action.seat, message)
        elif violation.code == "card-not-in-hand" and isinstance(element, model.Play):
            hint = played_before(self.record, element)
            if not hint and follows is None:  # else a draw taken as forgotten is the cause
                hint = still_in_a_pile(game, action.seat, element)
            message += hint
        elif violation.code == "not-your-turn":
            hint = ""
            if not self.turns_seen:
                self.turns_seen = True
                hint = seat_order_hint(self.record, game.names) or start_hint(
                    self.record, element, game.names[game.to_act.seat] if game.to_act else None
                )
            message += hint or round_start_hint(game, action.seat)
        elif violation.code == "draw-mismatch":
            # The engine names only the card's back, so that no seat learns it from a
            # refusal; the record's own reader may know it (its deal is written out).
            card = card_drawn(game, action)
            if isinstance(card, Card):
                message += f" (the record's deal puts {card} there)"
                causes = [cause for _, cards, cause in self.forgotten if card in cards]
                follows = causes[-1] if causes else None
        self.problem(
            violation.code,
            message,
            element,
            seat=action.seat,
            context=self._context(game, action.seat),
            repair="skipped this action",
            follows=follows,
        )
        if extra:
            self.cause = cause  # skipped, it leaves the walk as in step as before it

    def _never_drawn(self, game: Game, seat: int, played: Sequence[object]) -> Problem | None:
        """The problem of the draw of ``seat`` taken as forgotten that would have brought the
        cards of ``played`` its hand does not hold, each from a draw of its own (None: not
        every such card is explained so)."""
        hand = list(game.hand(seat))
        missing = []
        for card in played:
            if card in hand:
                hand.remove(card)
            else:
                missing.append(card)
        draws = [(cards, cause) for owner, cards, cause in self.forgotten if owner == seat]
        causes = []
        for card in missing:
            draw = next((draw for draw in draws if card in draw[0]), None)
            if draw is None:
                return None
            draws.remove(draw)
            causes.append(draw[1])
        return causes[0] if causes else None

    def _lost_track(self, code: str, element: object) -> None:
        """After a skipped action, a record that no longer fits the game is not followed
        from ``element`` on."""
        if self.skipped and code in ("not-your-turn", "wrong-decision", "game-over"):
            self.lost_at = element
            raise _Stop("the record no longer follows the game after the skipped action")
        self.skipped = True

    def _apply_written(
        self,
        game: Game,
        element: model.Play | model.Pass,
        actions: Sequence[model.Play | model.Pass] = (),
        index: int = 0,
    ) -> None:
        """Apply a written action, ``actions[index]`` of its round when given (what follows
        it tells whether a name not at the table stands for the player to act)."""
        seat = self.seats.get(element.player)
        if seat is None:
            seat = self._meant(game, element, player_after(actions, index))
            if seat is None:
                seat = self._seat(element.player, element, repair="skipped this action")
                if seat is None:
                    return
        decision = game.to_act
        if decision is not None and decision.kind is _DRAW:
            self._owed_draws_unwritten(game, element)
        action: Action
        if isinstance(element, model.Play):
            action = _play(seat, element.cards)
        else:
            draws = element.draws
            seen = tuple([draw.seen for draw in draws])
            action = _pass(seat, tuple([draw.pile for draw in draws]), seen if any(seen) else ())
        if not self.plain:
            self._apply(game, action, element)
            return
        try:  # _apply, inlined on the path of validate
            game.push(action)
        except IllegalAction as violation:
            self._refused(game, action, element, violation)
            return
        self.count += 1
        self.skipped = False


_OWN_MISTAKES = frozenset({"unknown-player", "score-twice"})
"""The codes of mistakes in the writing itself, which never follow from another problem."""


def _record_order(record: model.GameRecord) -> dict[int, int]:
    """The place of each element of ``record`` in its text, by the element's id."""
    items: list[object] = [*record.tags, *record.setup]
    for written in record.rounds:
        items.append(written)
        items += written.actions
        for battle in written.battles:
            items.append(battle)
            items += battle.draws
    items.append(record.termination)
    items += record.termination.scores
    return {id(item): place for place, item in enumerate(items)}


def _at(problem: Problem | None) -> str | None:
    """``LINE:COLUMN`` of ``problem`` (None: no problem)."""
    return None if problem is None else f"{problem.line}:{problem.column}"


def walk(
    record: model.GameRecord,
    visitors: Sequence[Visitor] = (),
    *,
    strict: bool = False,
    game_number: int = 1,
) -> Outcome:
    """Walk ``record`` once through the engine, telling ``visitors`` as it goes.

    ``game_number`` is the game's place in its file (for messages).  Strict: raises
    :class:`~gargon_notation.replay.problems.ReplayError` at the first problem.  Lenient
    (the default): never raises for a bad record; the outcome lists every problem.
    """
    return _Walk(record, visitors, game_number, strict).run()
