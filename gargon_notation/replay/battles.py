"""The battles of a round in the walk: each fights line's colours chosen in the order they
can be (fights written out of turn read in turn), the winners written checked, and the
replacement draws written in its parentheses applied in the order owed (draws written in
another order read so, draws left out taken as forgotten, a draw written where none is owed
told why).

:class:`_Battles` is a part of the walk (:class:`~gargon_notation.replay.walker._Walk`
inherits it); it declares the attributes and methods of the walk it uses.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

import attrs

from gargon_notation.actions import likely_player
from gargon_notation.cards import Card, Colour
from gargon_notation.engine import (
    Action,
    BattleResolved,
    Choose,
    DecisionKind,
    Draw,
    Game,
    IllegalAction,
    Passed,
    Played,
    PlayedFaceDown,
)
from gargon_notation.errors import RuleViolation
from gargon_notation.notation import model
from gargon_notation.notation.writer import name_text, write_action
from gargon_notation.replay.hints import draw_not_owed, fight_owed, names_text, not_decided
from gargon_notation.replay.problems import Problem, _Reporting, _Stop
from gargon_notation.replay.rest import player_after
from gargon_notation.values import unchecked_maker

if TYPE_CHECKING:
    from gargon_notation.replay.walker import Outcome

_DRAW = DecisionKind.DRAW
_CHOOSE = DecisionKind.CHOOSE
# The engine actions made from written ones, whose fields the walk sets itself (the engine
# checks every action it is given): built without attrs' __init__.
_choose = unchecked_maker(Choose)
_engine_draw = unchecked_maker(Draw)


class _Battles(_Reporting):
    """The battles and their draws: a part of the walk."""

    record: model.GameRecord
    outcome: Outcome
    round: int | None
    cause: Problem | None
    alone: bool
    plain: bool
    count: int
    skipped: bool
    seats: dict[str, int]
    elements: list[tuple[Problem, object | None]]
    names_at: dict[tuple[int, int], Problem]
    forgotten: list[tuple[int, tuple[Card, ...], Problem]]
    left_out: list[tuple[int | None, int, int, Problem]]
    early_draws: dict[int, model.Draw]
    battle_at: Colour | None

    if TYPE_CHECKING:  # the walk's methods used here, for mypy (nothing at run time)

        def _apply(self, game: Game, action: Action, element: model.Action) -> bool: ...
        def _step(self, game: Game, element: model.Action | None, action: Action) -> None: ...
        def _refused(
            self, game: Game, action: Action, element: model.Action, violation: RuleViolation
        ) -> None: ...
        def _lost_track(self, code: str, element: object) -> None: ...
        def _seat(self, name: str, element: object, repair: str | None = None) -> int | None: ...
        def _meant(
            self,
            game: Game,
            element: model.Play | model.Pass | model.Draw,
            following: str | None = None,
        ) -> int | None: ...
        def _check_winners(
            self, game: Game, battle: model.Battle, fights: Sequence[BattleResolved]
        ) -> None: ...

    def _not_owed(self, game: Game, action: Action, element: model.Action, code: str) -> str | None:
        """Why the player of a draw written in a battle's parentheses, and refused, owes
        none there (None: he does, or it is not such a draw)."""
        if not isinstance(element, model.Draw) or code not in _NOT_OWED:
            return None
        if self.battle_at is None or action.seat in game.owed:
            return None
        colour = self.battle_at
        mark = _chosen_at(game, colour)
        fights = _colour_fights(game, colour, mark)
        left_out = [
            f"{found.line}:{found.column}" if found.line else ""
            for number, at, seat, found in self.left_out
            if number == self.round and at >= mark and seat == action.seat
        ]
        since = game.events_since(mark)
        return draw_not_owed(game, action.seat, colour, fights, since, left_out)

    def _owed_draws_unwritten(
        self,
        game: Game,
        element: model.Action | model.Round,
        before: int | None = None,
        stand_ins: list[model.Draw] | None = None,
        only: bool = False,
        early: list[model.Draw] | None = None,
        across: bool = False,
    ) -> None:
        """Lenient repair: owed draws the record does not write are taken as forgotten.

        With ``before``, only the draws owed ahead of that seat's own owed draw.  Each of
        ``stand_ins`` (draws written for a name not at the table, taken from the list) is
        where the next of them is said; the rest are said at ``element`` (``only``: not
        said, nor taken as forgotten).  A draw of ``early`` (written for a name not at the
        table before another's draw owed then, taken from the list) whose name most likely
        means the owner is his draw, written before its place: said so, and read as his.
        ``across``: ``before``'s draw is owed after the colour's next fight, and the draws
        owed before that fight are all taken as forgotten.
        """
        crossed = False  # the draws left out before ``before``'s, owed after the next fight
        while (decision := game.to_act) is not None and decision.kind is _DRAW:
            seat = decision.seat
            if seat in self.early_draws:  # written early, said so: read in its place
                self._take_held(game)
                continue
            if seat == before or (only and not stand_ins) or (crossed and before in game.owed):
                return
            owner = game.names[seat]
            which = self._fight_owed(game, seat)
            message = (
                f"{owner} owes a replacement draw here{which}, but the record does not write it"
            )
            place: object = element
            written: model.Draw | None = None
            drawn = Draw(seat, None)
            refusal = None
            follows = None
            if stand_ins:
                place = stand = stand_ins.pop(0)
                message = (
                    f"the draw written for {name_text(stand.player)} stands where {owner} "
                    f"owes a replacement draw{which}: is the name misspelt?"
                )
                if likely_player(stand.player, game.names) == owner:
                    # Read as the owner's draw from the pile written, as it would be with the
                    # name spelt right (where the engine refuses that draw, as forgotten); a
                    # name near no player, or nearer another, is no more than a hint.
                    written = stand
                    drawn = _engine_draw(seat, written.pile, written.seen)
                    refusal = game.check(drawn)
            elif before is not None and before not in game.owed:
                if not across:
                    return
                crossed = True
            elif early:
                names = game.names
                out = next((d for d in early if likely_player(d.player, names) == owner), None)
                if out is not None:
                    early.remove(out)
                    message = (
                        f"{owner} owes a replacement draw here{which}; the draw written for "
                        f"{name_text(out.player)} before it is most likely {name_text(owner)}'s"
                    )
                    follows = self.names_at.get((out.line, out.column)) if out.line else None
                    written = out
                    drawn = _engine_draw(seat, out.pile, out.seen)
                    refusal = game.check(drawn)
            if written is not None and refusal is None:
                taken = attrs.evolve(written, player=owner, glyph=None, nags=(), comments=())
                self.problem(
                    "record-incomplete",
                    message,
                    place,
                    seat=seat,
                    repair=f"taken as '{write_action(taken)}'",
                    follows=follows,
                )
                self._step(game, written, drawn)
                # In step again, as with the name spelt right: the name's problem (its draw
                # "skipped") is not a cause of later ones.
                self.skipped = False
                cause = self.cause
                if any(found is cause and at is written for found, at in self.elements):
                    self.cause = None
                continue
            if written is not None and refusal is not None:
                self._refused(game, drawn, written, refusal)  # said first, as spelt right
            found = self.problem(
                "record-incomplete",
                message,
                place,
                seat=seat,
                repair=f"taken as '{game.names[seat]} forgot'",
                follows=follows,
            )
            self.left_out.append((self.round, game.event_count, seat, found))
            if not self.alone:
                tops = {pile[0] for pile in game.snapshot().piles if pile}
                cards = tuple(card for card in tops if isinstance(card, Card))
                if cards:
                    self.forgotten.append((seat, cards, found))
            self._step(game, None, Draw(seat, None))

    def _hold_early(self, game: Game, draws: Sequence[model.Draw], index: int, seat: int) -> bool:
        """Whether ``draws[index]``, ``seat``'s, is his draw owed after the second fight of
        the colour whose first fight was just fought, written before first-fight draws
        written after it (``(Adam 1, Dagmar 2, Bernd 1, ...)``): then one problem says so,
        and the draw is held until its turn (:meth:`_take_held`).  It was refused as out of
        turn, and the draws owed after it taken as forgotten."""
        owed = game.owed
        if seat in owed or seat in self.early_draws:
            return False
        fought = next((e for e in reversed(game.events) if isinstance(e, BattleResolved)), None)
        if fought is None or fought.fight != 1:
            return False
        fights = _colour_fights(game, fought.colour, _chosen_at(game, fought.colour))
        second = next((each for each in fights if each.fight == 2), None)
        if second is None or seat not in second.losers or not fights[0].losers:
            return False
        # A first-fight draw is written after it: one more draw of a seat owing one now than
        # that seat owes after the second fight.
        later = [self.seats.get(each.player) for each in draws[index + 1 :]]
        if not any(later.count(each) > (each in second.losers) for each in owed):
            return False
        draw = draws[index]
        start = game.names[game.start_player]
        self.problem(
            "draw-order",
            f"the draws after the {fought.colour.name.lower()} fights are written in the wrong "
            f"order: {name_text(game.names[seat])}'s, owed after the second fight, is written "
            f"before the first fight's ({names_text(game, fights[0].losers)} draw after the "
            f"first fight, then {names_text(game, second.losers)} after the second: the losers "
            f"of a fight draw right after it, in seat order from the round's start player, "
            f"{start})",
            draw,
            seat=seat,
            repair="read in the order owed",
        )
        self.early_draws[seat] = draw
        return True

    def _cut_short(self, battle: model.Battle) -> bool:
        """Whether ``battle`` is the last of an unfinished record (a recording in progress),
        which may stop before the draws its fights owe."""
        record = self.record
        return bool(
            not self.alone
            and record.rounds
            and record.rounds[-1].battles
            and battle is record.rounds[-1].battles[-1]
            and not record.termination.finished
        )

    def _take_held(self, game: Game) -> None:
        """Read the draws held (:meth:`_hold_early`) whose turn it is."""
        while (decision := game.to_act) is not None and decision.kind is _DRAW:
            draw = self.early_draws.pop(decision.seat, None)
            if draw is None:
                return
            self._apply(game, _engine_draw(decision.seat, draw.pile, draw.seen), draw)

    def _next_fight_written(
        self, game: Game, battle: model.Battle, draws: Sequence[model.Draw], index: int
    ) -> bool:
        """Whether the draws of ``battle`` from ``draws[index]`` on are those owed after the
        second fight of the colour whose first fight was just fought (in any order): the
        first fight's draws still owed are then left out, not the draw written out of turn
        (which skipped it, and lost the rest of the record).

        Not where the record may stop before the draws owed (:meth:`_cut_short`) and the
        draw owed now is written right after: ``(Adam 1, Dagmar 2, Bernd 1, Collette 1)``
        and ``*`` is Dagmar's draw out of turn, not Bernd's and Collette's first draws
        left out, and Dagmar's second written before theirs."""
        if (
            index + 1 < len(draws)
            and (decision := game.to_act) is not None
            and self.seats.get(draws[index + 1].player) == decision.seat
            and self._cut_short(battle)
        ):
            return False
        fought = next((e for e in reversed(game.events) if isinstance(e, BattleResolved)), None)
        if fought is None or fought.fight != 1:
            return False
        fights = _colour_fights(game, fought.colour, _chosen_at(game, fought.colour))
        second = next((each for each in fights if each.fight == 2), None)
        if second is None or not second.losers:
            return False
        wanted = sorted(game.names[seat] for seat in second.losers)
        held = [game.names[seat] for seat in self.early_draws]  # read in their places
        written = [draw.player for draw in draws[index : index + len(wanted) - len(held)]]
        return sorted(written + held) == wanted

    def _fight_owed(self, game: Game, seat: int) -> str:
        """Which fight of its colour the draw ``seat`` owes now is for, when he owes one after
        each (see :func:`~gargon_notation.replay.hints.fight_owed`)."""
        events = game.events
        fought = next((e for e in reversed(events) if isinstance(e, BattleResolved)), None)
        if fought is None:
            return ""
        fights = _colour_fights(game, fought.colour, _chosen_at(game, fought.colour))
        return fight_owed(seat, fights, fought.fight)

    def _apply_battles(self, game: Game, battles: Sequence[model.Battle]) -> None:
        """Apply a round's battles in the order they can be chosen (see :meth:`_in_turn`,
        which takes over from the first battle written out of turn)."""
        for index, battle in enumerate(battles):
            decision = game.to_act
            if (
                decision is not None
                and decision.kind is _CHOOSE
                and battle.colour not in game.colours_in_front(decision.seat)
            ):
                for rest in self._in_turn(game, battles[index:]):
                    self._apply_battle(game, rest)
                return
            self._apply_battle(game, battle)

    def _apply_battle(self, game: Game, battle: model.Battle) -> None:
        decision = game.to_act
        if decision is not None and decision.kind is _DRAW:
            self._owed_draws_unwritten(game, battle)
            decision = game.to_act
        if decision is None or decision.kind is not DecisionKind.CHOOSE:
            self._lost_track("wrong-decision", battle)
            if decision is None:
                asked = "the game is over"
            elif decision.kind is DecisionKind.PLAY_OR_PASS and game.round == self.round:
                asked = (
                    f"{not_decided(game, decision.seat)} played or passed yet (the battles "
                    "begin once every player has decided)"
                )
            else:
                asked = "no battle is due"
            self.problem(
                "wrong-decision",
                f"a battle in {battle.colour.name.lower()} is written, but {asked}",
                battle,
                repair="skipped this battle",
            )
            return
        draws: Sequence[model.Draw] = battle.draws
        self.battle_at = battle.colour
        # The colour's fights are looked at for the winners written and for the draws after
        # its second fight: found from the events since the choice.
        mark = game.event_count if battle.winners is not None or len(draws) > 1 else 0
        plain = self.plain
        choose = _choose(decision.seat, battle.colour)
        if not plain:
            if not self._apply(game, choose, battle):
                return
        else:  # _apply, inlined on the path of validate (so for each draw below)
            try:
                game.push(choose)
            except IllegalAction as violation:
                self._refused(game, choose, battle, violation)
                return
            self.count += 1
            self.skipped = False
        # The winners are written before the draws, and checked before them: problems are
        # told in the order of their places (a strict replay stops at the first).
        fights = None
        if battle.winners is not None:
            fights = _colour_fights(game, battle.colour, mark)
            self._check_winners(game, battle, fights)
        if len(draws) > 1:
            if fights is None and not self._in_seat_order(game, draws):
                fights = _colour_fights(game, battle.colour, mark)
            draws = self._in_draw_order(game, battle, fights)
        seats = self.seats
        found = len(self.outcome.problems)
        # Draws written for a name not at the table while a draw was owed: each stands for
        # the draw owed then, if the next draw written is not that one.
        stand_ins: list[model.Draw] = []
        early: list[model.Draw] = []  # stand-ins before the draw owed: maybe out of order
        swap: dict[int, model.Draw] = {}  # the draws read in the order owed, by index
        for index, draw in enumerate(draws):
            if swap:
                draw = swap.pop(index, draw)
            seat = seats.get(draw.player)
            if seat is None:
                seat = self._meant(game, draw, player_after(draws, index))
            if seat is None:
                seat = self._seat(draw.player, draw, repair="skipped this draw")
                if seat is None:
                    owed = game.to_act
                    if owed is not None and owed.kind is _DRAW:
                        stand_ins.append(draw)
                    continue
            owed = game.to_act
            if owed is not None and owed.kind is _DRAW and owed.seat != seat:
                if not stand_ins and self._hold_early(game, draws, index, seat):
                    continue
                ordered = None if stand_ins else self._fight_draws_in_order(game, draws, index)
                if not ordered:
                    # The first fight's draws left out before the second's, which may be
                    # written in another order.
                    across = not stand_ins and self._next_fight_written(game, battle, draws, index)
                    self._owed_draws_unwritten(
                        game, draw, before=seat, stand_ins=stand_ins, early=early, across=across
                    )
                    owed = game.to_act
                    if across and owed is not None and owed.kind is _DRAW and owed.seat != seat:
                        ordered = self._fight_draws_in_order(game, draws, index)
                if ordered:
                    swap.update(enumerate(ordered, index))
                    draw = swap.pop(index)
                    seat = seats[draw.player]
            if stand_ins:
                early += stand_ins  # the draw owed now is written: a name before it was an
                stand_ins.clear()  # extra, or another's draw written out of order
            action = _engine_draw(seat, draw.pile, draw.seen)
            if not plain:
                self._apply(game, action, draw)
            else:
                try:
                    game.push(action)
                except IllegalAction as violation:
                    self._refused(game, action, draw, violation)
                    continue
                self.count += 1
                self.skipped = False
            if self.early_draws:
                self._take_held(game)
        # An unfinished record (a recording in progress) may stop before the draws owed by
        # its last battle (but not where it writes one for a name not at the table, nor
        # where it writes one owed after them early: held, :meth:`_hold_early`).
        stops = not self.record.termination.finished and self._cut_short(battle)
        if stand_ins or not stops or self.early_draws:
            # Draws owed by this colour's fights and not written in its parentheses are
            # said here, where they belong, and taken as forgotten, so that its next fight
            # follows; alone, draws skipped on empty piles let the colour's next fight
            # follow at once.  A draw written for a name not at the table stands for the
            # draw owed then; after another problem among the draws written (a draw out of
            # turn), the rest are said after it, at the last draw written: problems are told
            # in the order of their places.
            place = battle.draws[-1] if len(self.outcome.problems) > found else battle
            self._owed_draws_unwritten(
                game,
                place,
                stand_ins=stand_ins,
                only=stops and not self.early_draws,
                early=early,
            )
        if self.early_draws:  # never owed after all: refused where written, as before
            for seat, draw in list(self.early_draws.items()):
                del self.early_draws[seat]
                self._apply(game, _engine_draw(seat, draw.pile, draw.seen), draw)

    def _in_seat_order(self, game: Game, draws: Sequence[model.Draw]) -> bool:
        """Whether ``draws`` begin with the draws owed now, in order, and go on (the second
        fight's draws) in seat order from the start player, each player once: then they are
        in the order owed, as far as it can be without the second fight looked at (cheap)."""
        owed = game.owed
        if len(draws) <= len(owed):
            return True
        names = game.names
        if any(draw.player != names[seat] for draw, seat in zip(draws, owed, strict=False)):
            return False
        start, count = game.start_player, len(names)
        after = [self.seats.get(draw.player) for draw in draws[len(owed) :]]
        if None in after:
            return False
        places = [(seat - start) % count for seat in after if seat is not None]
        return all(a < b for a, b in pairwise(places))

    def _in_draw_order(
        self, game: Game, battle: model.Battle, fights: Sequence[BattleResolved] | None
    ) -> Sequence[model.Draw]:
        """The battle's draws, put in the order they are owed when the record wrote the same
        draws in another order (one problem says so, instead of one per draw); a draw written
        for a name not at the table counts as the draw of the player the name most likely
        means (the name is said when the draw is read, in its place).  ``fights``: the
        colour's fights, the second one found ahead (None: only the draws owed now are
        looked at)."""
        header = self.outcome.header
        owed = game.owed
        if fights is not None and owed:
            every = tuple(seat for fight in fights for seat in fight.losers)
            if len(battle.draws) >= len(every):
                owed = every  # the draws after the second fight are written too
        if len(owed) < 2 or len(battle.draws) < len(owed) or header is None:
            return battle.draws
        first = battle.draws[: len(owed)]
        names = [draw.player for draw in first]
        wanted = [game.names[seat] for seat in owed]
        if names == wanted:
            return battle.draws
        if sorted(names) != sorted(wanted):
            seats = self.seats
            names = [
                name if name in seats else likely_player(name, game.names) or name for name in names
            ]
            if names == wanted or sorted(names) != sorted(wanted):
                return battle.draws
        mine = {
            name: [draw for draw, said in zip(first, names, strict=True) if said == name]
            for name in wanted
        }
        ordered = tuple(mine[name].pop(0) for name in wanted) + battle.draws[len(owed) :]
        start = game.names[game.start_player]
        mixed = next(k for k, (a, b) in enumerate(zip(names, wanted, strict=True)) if a != b)
        meant = dict(zip(map(id, first), names, strict=True))
        spelt = tuple(
            attrs.evolve(draw, player=meant.get(id(draw), draw.player), glyph=None, nags=())
            for draw in ordered
        )
        fixed = attrs.evolve(battle, draws=spelt, comments=(), glyph=None, nags=())
        why = f"the losers draw in seat order from the round's start player, {start}"
        losers = [fight.losers for fight in fights or () if fight.losers]
        if len(losers) == 2 and len(owed) > len(losers[0]):
            first_fight, second_fight = (names_text(game, seats) for seats in losers)
            why = (
                f"the losers of a fight draw right after it, in seat order from the round's "
                f"start player, {start}: {first_fight} after the first fight, then "
                f"{second_fight} after the second"
            )
        if names[mixed] != first[mixed].player:  # a name not at the table, read as his
            why = f"written {name_text(first[mixed].player)}; {why}"
        self.problem(
            "draw-order",
            f"the draws are written in the wrong order: {wanted[mixed]} draws before "
            f"{names[mixed]} ({why}); write {write_action(fixed)}",
            battle,
            repair="read in the order owed",
        )
        return ordered

    def _fight_draws_in_order(
        self, game: Game, draws: Sequence[model.Draw], index: int
    ) -> tuple[model.Draw, ...] | None:
        """The draws from ``draws[index]`` on that are the draws still owed after the fight
        just fought, written in another order (each named at the table), in the order owed:
        one problem says so, at the first of them, where a draw owed before another's was
        said not to be written (the draws of a battle were all out of order, or one was left
        out after its first fight: found before).  None: they are not."""
        owed = game.owed
        count = len(owed)
        written = draws[index : index + count]
        names = [draw.player for draw in written]
        wanted = [game.names[seat] for seat in owed]
        if len(written) < count or sorted(names) != sorted(wanted):
            return None
        mine = {name: [draw for draw in written if draw.player == name] for name in wanted}
        ordered = tuple(mine[name].pop(0) for name in wanted)
        mixed = next(k for k, (a, b) in enumerate(zip(names, wanted, strict=True)) if a != b)
        fought = next(e for e in reversed(game.events) if isinstance(e, BattleResolved))
        colour = fought.colour.name.lower()
        which = "first" if fought.fight == 1 else "second"
        start = game.names[game.start_player]
        self.problem(
            "draw-order",
            f"the draws after the {which} {colour} fight are written in the wrong order: "
            f"{wanted[mixed]} draws before {names[mixed]} (the losers of a fight draw right "
            f"after it, in seat order from the round's start player, {start}); write "
            f"{', '.join(write_action(draw) for draw in ordered)}",
            written[0],
            repair="read in the order owed",
        )
        return ordered

    def _in_turn(self, game: Game, battles: Sequence[model.Battle]) -> Iterator[model.Battle]:
        """The battles in the order they can be chosen: when the chooser holds none of the
        next written colour but a later one, the fights were written out of turn; that is
        said once, and they are read in turn."""
        pending = list(battles)
        said = False
        while pending:
            decision = game.to_act
            take = 0
            if (
                decision is not None
                and decision.kind is DecisionKind.CHOOSE
                and pending[0].colour not in game.colours_in_front(decision.seat)
            ):
                front = game.colours_in_front(decision.seat)
                everyone = range(len(game.names))
                if any(pending[0].colour in game.colours_in_front(s) for s in everyone):
                    take = next((k for k, b in enumerate(pending) if b.colour in front and k), 0)
                    if take and not said:
                        said = True
                        self._say_out_of_turn(game, decision.seat, pending[0], pending[take])
            yield pending.pop(take)

    def _say_out_of_turn(
        self, game: Game, seat: int, written: model.Battle, due: model.Battle
    ) -> None:
        front = game.snapshot().front
        holders = [
            game.names[other]
            for other, cards in enumerate(front)
            if written.colour in {card.colour for card in cards}
        ]
        chooser = game.names[seat]
        held = f"{written.colour.value} is in front of {' and '.join(holders)}"
        self.problem(
            "fights-order",
            f"the fights are written out of turn: {chooser} chooses now and has no "
            f"{written.colour.name.lower()} in front ({held}); {chooser}'s "
            f"{due.colour.value} comes first (each player chooses among his own colours, "
            "from the start player clockwise)",
            written,
            repair="read in turn",
        )

    def _check_fights_done(self, game: Game, written: model.Round) -> None:
        """A written round whose fights stop before every colour is fought is reported at
        its fights, with the cards never fought; the rest of the record cannot be followed."""
        decision = game.to_act
        if decision is None or decision.kind is not DecisionKind.CHOOSE:
            return
        state = game.snapshot()
        colours = sorted(
            {card.colour for cards in state.front for card in cards if card.colour},
            key=lambda colour: colour.index,
        )
        left = []
        for colour in colours:
            cards = [
                f"{card} ({state.names[seat]})"
                for seat, front in enumerate(state.front)
                for card in front
                if card.colour is colour
            ]
            left.append(f"{colour.value}: {', '.join(cards)}")
        fought = ", ".join(battle.colour.value for battle in written.battles) or "nothing"
        never = " and ".join(colour.value for colour in colours)
        element: object = written.battles[-1] if written.battles else written
        self.problem(
            "fights-incomplete",
            f"the fights of round {self.round} are incomplete: {never} "
            f"{'was' if len(colours) == 1 else 'were'} never fought (still in front: "
            f"{'; '.join(left)}); the fights line lists {fought}",
            element,
        )
        raise _Stop(f"round {self.round} was left unfinished")


_NOT_OWED = frozenset({"wrong-decision", "not-your-turn", "game-over"})
"""The codes of the engine's refusal of a draw written where the player owes none."""


def _chosen_at(game: Game, colour: Colour) -> int:
    """The event count at the choice of ``colour``'s battle, the last one fought: the place
    of its first fight (a choice's first event), found back from the end, past the draws
    of its fights, up to a play, a pass or another colour's fight."""
    events = game.events
    mark = len(events)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, BattleResolved) and event.colour is colour:
            mark = index
        elif mark < len(events) and isinstance(
            event, BattleResolved | Played | PlayedFaceDown | Passed
        ):
            break
    return mark


def _colour_fights(game: Game, colour: Colour, mark: int) -> list[BattleResolved]:
    """The fights of ``colour``, chosen at event ``mark``: those fought, and the second one
    when draws are owed before it, found ahead on a copy of the table with the draws
    forgotten (draws do not change the cards fought with; the recorder checks so too)."""
    ahead = game
    decision = game.to_act
    if (
        decision is not None
        and decision.kind is _DRAW
        and any(colour in game.colours_in_front(seat) for seat in range(len(game.names)))
    ):
        ahead = game.copy()
        while (decision := ahead.to_act) is not None and decision.kind is _DRAW:
            ahead.push(_engine_draw(decision.seat, None, None))
    return [e for e in ahead.events_since(mark) if isinstance(e, BattleResolved)]
