"""How a game moves on: each legal action applied, then whatever follows by itself.

A play or a pass moves the card play phase to the next seat; once every seat has acted, the
battle phase settles what it can (owed draws, second fights) up to the next choice of
colour; when no card is left in front, the round ends and the next begins, or the game ends.
Each step appends its events to the log (:mod:`~gargon_notation.engine.table`) and sets the
decision awaited next.  The methods here take actions that
:mod:`~gargon_notation.engine.checks` found legal: they check nothing themselves.

>>> from gargon_notation.cards import Card, Colour
>>> from gargon_notation.engine import Choose, Deal, Game, Pass, Play
>>> game = Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Bob", "Cy"))
>>> game.push(Play(0, (Card.parse("Y5"),)))
>>> game.push(Pass(1, (1,)))
>>> game.push(Pass(2, (2,)))
>>> game.to_act
Decision(kind=<DecisionKind.CHOOSE: 'choose'>, seat=0)
>>> [type(event).__name__ for event in game.apply(Choose(0, Colour.YELLOW))]
['BattleResolved', 'RoundEnded', 'RoundStarted']
"""

from __future__ import annotations

from gargon_notation.cards import AnyCard, Card, Colour
from gargon_notation.engine.actions import (
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    Draw,
    DrawForgotten,
    DrawSkipped,
    GameEnded,
    Pass,
    Passed,
    PileEmptied,
    Play,
    Played,
    RoundEnded,
    RoundStarted,
)
from gargon_notation.engine.checks import Prepared
from gargon_notation.engine.knowledge import refine
from gargon_notation.engine.scoring import score
from gargon_notation.engine.table import Table

__all__ = ["Progress"]


def _value(card: Card) -> int:
    return card.value


class Progress(Table):
    """The part of :class:`~gargon_notation.engine.Game` that applies actions and settles
    what follows them: battles, replacement draws, the rounds' ends and starts."""

    # -- the card play phase: a play or a pass, then the next seat ------------------------

    def _do_play(self, action: Play, prepared: Prepared) -> None:
        seat, cards = action.seat, action.cards
        slots, pattern, exact = prepared
        hand = self._hands[seat]
        if not exact:
            for slot, card in zip(slots, cards, strict=True):
                self._knowledge.learn(hand[slot], card)
        if len(slots) == 1:
            del hand[slots[0]]
        else:
            for slot in sorted(slots, reverse=True):
                del hand[slot]
        self._hand_backs[seat] = self._front_open[seat] = self._front_shut[seat] = None
        front = self._front[seat]
        colours_played = self._colours_played
        for card in cards:
            colour = card.colour
            group = front.get(colour)
            if group is None:
                front[colour] = [card]
            else:
                group.append(card)
                group.sort(key=_value, reverse=True)
            colours_played.add(colour)
        if self._pattern is None:
            self._pattern = pattern
            self._leader = seat
        self._played[seat] = tuple(cards)
        self._log.append(
            (
                Played,
                (
                    seat,
                    tuple(cards),
                    pattern,
                ),
            )
        )
        self._next_in_play_phase()

    def _do_pass(self, action: Pass) -> None:
        self._log.append(
            (
                Passed,
                (
                    action.seat,
                    tuple(action.piles),
                ),
            )
        )
        seat, seen = action.seat, action.seen
        take = self._take
        for k, pile in enumerate(action.piles):
            take(seat, pile, seen[k] if seen else None, False)
        self._played[seat] = self._played_shut[seat] = ()
        self._next_in_play_phase()

    def _take(self, seat: int, pile: int, seen: AnyCard | None, replacement: bool) -> None:
        stack = self._piles[pile - 1]
        card = stack.pop()
        if seen is not None:
            learnt = refine(card, seen)
            assert learnt is not None
            self._knowledge.learn(card, learnt)
            card = learnt
        self._hands[seat].append(card)
        self._hand_backs[seat] = None
        self._log.append(
            (
                CardDrawn,
                (
                    seat,
                    pile,
                    card,
                    replacement,
                ),
            )
        )
        if not stack:
            self._last_card_taken = True
            self._log.append((PileEmptied, (pile,)))

    def _next_in_play_phase(self) -> None:
        self._turn += 1
        if self._turn < self._players:
            self._decision = self._play_decisions[self._order[self._turn]]
            return
        self._chooser = self._start
        self._advance_battles()

    # -- the battle phase: fights, replacement draws, the next chooser -------------------

    def _do_choose(self, action: Choose) -> None:
        colour = action.colour
        fronts = self._front
        holders = [seat for seat in self._order if colour in fronts[seat]]
        if len(holders) == 1:
            seat = holders[0]
            cards = tuple(self._front[seat].pop(colour))
            self._won[seat].extend(cards)
            self._front_open[seat] = None
            self._log.append(
                (
                    BattleResolved,
                    (
                        colour,
                        1,
                        BattleKind.ALONE,
                        tuple((seat, c) for c in cards),
                        seat,
                        cards,
                        (),
                        (),
                    ),
                )
            )
        else:
            self._fight(colour, 1, holders)
            for seat in holders:  # only they can hold the colour still
                if colour in fronts[seat]:
                    self._second_fight = colour
                    break
        self._advance_battles()

    def _fight(self, colour: Colour, number: int, holders: list[int]) -> None:
        """The strongest card of each holder fights; the highest wins (never a 0)."""
        entries = []
        fronts, front_open = self._front, self._front_open
        for seat in holders:
            front_open[seat] = None
            front = fronts[seat]
            group = front[colour]
            entries.append((seat, group.pop(0)))
            if not group:
                del front[colour]
        if len(entries) == 1:
            seat, card = entries[0]
            self._won[seat].append(card)
            self._log.append(
                (
                    BattleResolved,
                    (
                        colour,
                        number,
                        BattleKind.LAST_CARD,
                        tuple(entries),
                        seat,
                        (card,),
                        (),
                        (),
                    ),
                )
            )
            return
        best_seat, best = entries[0]
        for seat, card in entries:
            if card.value > best.value:
                best_seat, best = seat, card
        if best.value == 0:
            discarded = tuple([card for _, card in entries])
            self._discard.extend(discarded)
            self._log.append(
                (
                    BattleResolved,
                    (
                        colour,
                        number,
                        BattleKind.ZEROS,
                        tuple(entries),
                        None,
                        (),
                        discarded,
                        (),
                    ),
                )
            )
            return
        self._won[best_seat].append(best)
        losers = tuple([seat for seat, _ in entries if seat != best_seat])
        discarded = tuple([card for seat, card in entries if seat != best_seat])
        self._discard.extend(discarded)
        self._owed.extend(losers)
        self._log.append(
            (
                BattleResolved,
                (
                    colour,
                    number,
                    BattleKind.FIGHT,
                    tuple(entries),
                    best_seat,
                    (best,),
                    discarded,
                    losers,
                ),
            )
        )

    def _do_draw(self, action: Draw) -> None:
        self._owed.popleft()
        if action.pile is None:
            self._log.append((DrawForgotten, (action.seat,)))
        else:
            self._take(action.seat, action.pile, action.seen, replacement=True)
        self._advance_battles()

    def _advance_battles(self) -> None:
        """Settle what follows by itself, up to the next decision or the round's end."""
        while True:
            if self._owed:
                if self._piles[0] or self._piles[1]:
                    self._decision = self._draw_decisions[self._owed[0]]
                    return
                self._log.append((DrawSkipped, (self._owed.popleft(),)))
                continue
            if self._second_fight is not None:
                colour, self._second_fight = self._second_fight, None
                self._fight(colour, 2, [s for s in self._order if colour in self._front[s]])
                continue
            fronts = self._front
            for seat in self._rotations[self._chooser]:
                if fronts[seat]:
                    self._chooser = seat
                    self._decision = self._choose_decisions[seat]
                    return
            self._end_round()
            return

    # -- between rounds: the next start player, or the end of the game -------------------

    def _end_round(self) -> None:
        following = None
        skipped: list[int] = []
        if not self._last_card_taken:
            for k in range(1, self._players + 1):
                seat = (self._start + k) % self._players
                if self._hands[seat]:
                    following = seat
                    break
                skipped.append(seat)
        self._log.append(
            (
                RoundEnded,
                (
                    self._round,
                    following,
                ),
            )
        )
        if following is None:
            self._decision = None
            final = self._final = score(self._won, self.ruleset, self.names)
            self._log.append(
                (
                    GameEnded,
                    (
                        final.winners,
                        final.totals,
                    ),
                )
            )
            return
        self._start_round(following, tuple(skipped))

    def _start_round(self, start: int, skipped: tuple[int, ...]) -> None:
        self._round += 1
        self._start = start
        self._order = list(self._rotations[start])
        self._turn = 0
        self._played = [None] * self._players
        self._played_shut = [None] * self._players
        self._front_shut = [()] * self._players
        self._pattern = None
        self._colours_played = set()
        self._colours_frozen = frozenset()  # kept by size: the set only grows in a round
        self._decision = self._play_decisions[start]
        self._log.append(
            (
                RoundStarted,
                (
                    self._round,
                    start,
                    skipped,
                ),
            )
        )
