"""The legal actions: listed, counted without listing them, and tallied over a game.

:meth:`LegalActions.legal_actions` lists every legal action now, from the cards the engine
knows; :meth:`LegalActions.legal_action_count` says how many without building them (for
readers of many games); :meth:`LegalActions.tally_legal_actions` keeps that count before each
action applied, in a :class:`Tally`.  Whether any one action is legal is for
:mod:`~gargon_notation.engine.checks` to say.

>>> from gargon_notation.cards import Card
>>> from gargon_notation.engine import Deal, Game, Play
>>> game = Game.new(Deal.from_seed("gargon", players=3))
>>> game.push(Play(0, (Card.parse("Y5"),)))
>>> actions = game.legal_actions()
>>> actions[0], actions[-1]
(Play(seat=1, cards=(Card.parse('W10'),)), Pass(seat=1, piles=(2, 2, 2), seen=()))
>>> len(actions), game.legal_action_count()
(24, 24)
"""

from __future__ import annotations

import functools
from itertools import chain

from gargon_notation.cards import Card, HiddenCard
from gargon_notation.engine.actions import Action, Choose, Draw, Pass, Play
from gargon_notation.engine.checks import Prepared
from gargon_notation.engine.patterns import count_plays, pass_choices, plays_from
from gargon_notation.engine.state import DecisionKind
from gargon_notation.engine.table import Table
from gargon_notation.values import unchecked_maker

__all__ = ["LegalActions", "Tally"]

_PLAY = DecisionKind.PLAY_OR_PASS
_CHOOSE = DecisionKind.CHOOSE
_DRAW = DecisionKind.DRAW

# The actions listed here are right by construction: made without the constructors' checks.
_play = unchecked_maker(Play)
_pass = unchecked_maker(Pass)
_choose = unchecked_maker(Choose)
_draw = unchecked_maker(Draw)


@functools.cache
def _passes(seat: int, pile_one: int, pile_two: int) -> tuple[Pass, ...]:
    """Every legal pass of ``seat`` for piles of these sizes (only sizes up to 3 matter)."""
    if pile_one > 3 or pile_two > 3:
        return _passes(seat, min(pile_one, 3), min(pile_two, 3))
    return tuple(_pass(seat, piles, ()) for piles in pass_choices(pile_one, pile_two))


_PASS_COUNTS = [[len(pass_choices(one, two)) for two in range(4)] for one in range(4)]
"""How many passes piles of these sizes allow (a pile of more than 3 allows what 3 do)."""


class Tally:
    """The number of legal actions before each action applied to a tallied game
    (:meth:`Game.tally_legal_actions`), in order; the positions in ``counts`` of those
    that may be short (``inexact``): play-or-pass decisions of a hand holding cards of
    unknown value, whose plays with those cards are not counted; and among them the
    positions of the plays made of such cards (``unlisted``), which the engine learnt from
    the play itself, so that the count before them does not include them."""

    # A plain class: an attrs class is built at import, which every verb would pay for.
    __slots__ = ("counts", "inexact", "unlisted")

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.inexact: list[int] = []
        self.unlisted: list[int] = []

    def __repr__(self) -> str:
        return (
            f"Tally(counts={self.counts!r}, inexact={self.inexact!r}, unlisted={self.unlisted!r})"
        )


class LegalActions(Table):
    """The part of :class:`~gargon_notation.engine.Game` that lists and counts the legal actions."""

    def legal_actions(self) -> list[Action]:
        """Every legal action now (none once the game is over).

        Plays are listed from the cards the engine knows the player holds; where his hand
        holds hidden cards, other plays may be legal too (:meth:`Game.check` decides any action).
        """
        decision = self._decision
        if decision is None:
            return []
        seat = decision.seat
        if decision.kind is _CHOOSE:
            colours = sorted(self._front[seat], key=lambda c: c.index)
            return [_choose(seat, colour) for colour in colours]
        if decision.kind is _DRAW:
            draws: list[Action] = [_draw(seat, n, None) for n in (1, 2) if self._piles[n - 1]]
            draws.append(_draw(seat, None, None))
            return draws
        known = [card for card in self._hands[seat] if type(card) is Card]
        leading = self._pattern is None
        allowed = self._colours_played if seat == self._order[-1] and seat != self._start else None
        actions: list[Action] = [
            _play(seat, cards)
            for cards in plays_from(known, None if leading else self._pattern, allowed)
        ]
        if not (seat == self._start and self.ruleset.start_player_must_play and self._hands[seat]):
            actions.extend(_passes(seat, len(self._piles[0]), len(self._piles[1])))
        return actions

    def legal_action_count(self) -> int:
        """How many actions :meth:`legal_actions` lists now, counted without listing them.

        >>> from gargon_notation.engine import Deal, Game
        >>> game = Game.new(Deal.from_seed("gargon", players=4))
        >>> game.legal_action_count() == len(game.legal_actions())
        True
        """
        decision = self._decision
        if decision is None:
            return 0
        seat = decision.seat
        kind = decision.kind
        if kind is _CHOOSE:
            return len(self._front[seat])
        if kind is _DRAW:
            return 1 + (len(self._piles[0]) > 0) + (len(self._piles[1]) > 0)
        start = self._start
        hand = self._hands[seat]
        allowed = self._colours_played if seat == self._order[-1] and seat != start else None
        count = count_plays(hand, self._pattern, allowed)
        if not (seat == start and self.ruleset.start_player_must_play and hand):
            one, two = len(self._piles[0]), len(self._piles[1])
            count += _PASS_COUNTS[one if one < 3 else 3][two if two < 3 else 3]
        return count

    def tally_legal_actions(self) -> Tally:
        """From now on, keep how many actions were legal before each action applied (what
        :meth:`legal_action_count` says then), in the :class:`Tally` returned, which grows
        as actions are applied: a walk over many games reads the counts from it afterwards,
        at next to no cost to games that are not tallied.

        >>> from gargon_notation.engine import Deal, Game
        >>> game = Game.new(Deal.from_seed("gargon", players=4))
        >>> tally = game.tally_legal_actions()
        >>> before = game.legal_action_count()
        >>> game.push(game.legal_actions()[0])
        >>> tally.counts == [before], tally.inexact, tally.unlisted
        (True, [], [])
        """
        self._tally_hidden = HiddenCard in set(map(type, chain(*self._hands, *self._piles)))
        tally = self._tally = Tally()
        return tally

    def _tally_hidden_cards(self, tally: Tally, action: Action, prepared: Prepared | None) -> None:
        """Note in ``tally`` a play-or-pass decision of a hand holding cards of unknown value,
        and whether ``action`` (verified: ``prepared``) plays some of them (once all the
        game's cards are known, they stay known: this is not asked)."""
        decision = self._decision
        hand = self._hands[decision.seat] if decision is not None else ()
        if decision is not None and decision.kind is _PLAY and HiddenCard in set(map(type, hand)):
            tally.inexact.append(len(tally.counts))
            if prepared is not None and not prepared[2]:  # a play of cards it did not know
                tally.unlisted.append(len(tally.counts))
