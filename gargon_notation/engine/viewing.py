"""A seat's view taken from the game: :meth:`SeatViews.view`, the thing to hand a bot.

What a view shows is :mod:`~gargon_notation.engine.view`'s to say; this module builds one
from the game, cheaply: what the seats see of hands, fronts, piles, won cards and the history
is kept between decisions and brought up to date only where the game changed since.

>>> from gargon_notation.engine import Deal, Game
>>> game = Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Bob", "Cy"))
>>> view = game.view(2)
>>> view
<SeatView of Cy: round 1, Ann to play or pass, hand 10, piles 36+36, 1 event>
>>> " ".join(str(card) for card in view.hands[0]), str(view.piles[0][0]), view.legal_actions
('W? B? B? V? V? V? Y? Y? Y? R?', 'R?', ())
"""

from __future__ import annotations

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine.actions import CardDrawn, Played
from gargon_notation.engine.legal import LegalActions
from gargon_notation.engine.state import DecisionKind
from gargon_notation.engine.view import (
    History,
    SeatView,
    backs,
    drawn_as_seen,
    face_down,
    played_as_seen,
)

__all__ = ["SeatViews"]

_PLAY = DecisionKind.PLAY_OR_PASS

_index = {colour: colour.index for colour in Colour}.__getitem__


def _in_colour_order(front: dict[Colour, list[Card]]) -> tuple[Card, ...]:
    """A seat's cards in front: colour by colour, strongest first within a colour."""
    if len(front) == 1:
        for group in front.values():
            return tuple(group)
    return tuple([card for colour in sorted(front, key=_index) for card in front[colour]])


class SeatViews(LegalActions):
    """The part of :class:`~gargon_notation.engine.Game` that gives each seat its view
    (a view lists the seat's legal actions when it is to act)."""

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now, and nothing more: the thing to hand a bot.

        Other hands, the piles and (during the card play phase) other seats' played cards
        are backs, another seat's hand in colour order whatever slots its cards lie in (as
        :func:`~gargon_notation.engine.view.face_down` lists them); see
        :class:`~gargon_notation.engine.view.SeatView`.  The view is a value:
        it does not change as the game goes on, and nothing in it leads back to the game.
        Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a
        seat that is not at this table.

        >>> from gargon_notation.engine import Deal, Game
        >>> game = Game.new(Deal.from_seed("gargon", players=3))
        >>> view = game.view(0)
        >>> view.hand == game.hand(0), list(view.legal_actions) == game.legal_actions()
        (True, True)
        >>> {str(card) for card in game.view(1).hands[0]} <= {"W?", "B?", "V?", "Y?", "R?", "G?"}
        True
        """
        if type(seat) is not int or not 0 <= seat < self._players:
            raise self._no_seat(seat)
        decision = self._decision
        hand_backs = self._hand_backs
        if None in hand_backs:
            for other, shown in enumerate(hand_backs):
                if shown is None:
                    hand_backs[other] = face_down(self._hands[other])
        hand = tuple(self._hands[seat])
        hands: list[tuple[AnyCard, ...] | None] = list(hand_backs)
        hands[seat] = hand
        opened = self._front_open
        if None in opened:
            for other, laid in enumerate(opened):
                if laid is None:
                    opened[other] = _in_colour_order(self._front[other])
        front: list[tuple[AnyCard, ...] | None]
        played: list[tuple[AnyCard, ...] | None]
        if decision is not None and decision.kind is _PLAY:
            # The card play phase: the others' plays lie face down (backs in colour order).
            shut = self._front_shut
            if None in shut:
                for other, hidden in enumerate(shut):
                    if hidden is None:
                        play = self._played[other]
                        assert play is not None
                        shut[other] = self._played_shut[other] = face_down(play)
            front = list(shut)
            front[seat] = opened[seat]
            played = list(self._played_shut)
            played[seat] = self._played[seat]
        else:
            front = list(opened)
            played = list(self._played)
        won: list[tuple[AnyCard, ...]]
        if self.ruleset.won_cards_face_up:
            won = [tuple(taken) for taken in self._won]
        else:
            sizes = list(map(len, self._won))
            won_backs = self._won_backs
            if sizes != self._won_sizes:
                for other, size in enumerate(sizes):
                    if len(won_backs[other]) != size:
                        won_backs[other] = backs(self._won[other])
                self._won_sizes = sizes
            won = list(won_backs)
            won[seat] = tuple(self._won[seat])
        discard = self._discard_view
        if len(discard) != len(self._discard):
            discard = self._discard_view = tuple(self._discard)
        return SeatView(
            seat,
            self.names,
            self.ruleset,
            self._round,
            self._start,
            decision,
            hand,
            tuple(hands),  # type: ignore[arg-type]  # every None was filled in above
            self._pile_view(),
            tuple(front),  # type: ignore[arg-type]
            tuple(played),
            tuple(won),
            discard,
            self._pattern,
            self._colours_view(),
            tuple(self._owed),
            self._last_card_taken,
            decision is None,
            self._history(seat),
            (tuple(self.legal_actions()) if decision is not None and decision.seat == seat else ()),
        )

    def _colours_view(self) -> frozenset[Colour]:
        colours = self._colours_played
        kept = self._colours_frozen
        if len(kept) != len(colours):
            kept = self._colours_frozen = frozenset(colours)
        return kept

    def _pile_view(self) -> tuple[tuple[HiddenCard, ...], tuple[HiddenCard, ...]]:
        """Both piles as backs, top first; kept, since a pile only ever loses its top."""
        cached = self._pile_backs
        if cached is None:
            cached = (backs(reversed(self._piles[0])), backs(reversed(self._piles[1])))
        else:
            one, two = cached
            if len(one) == len(self._piles[0]) and len(two) == len(self._piles[1]):
                return cached
            if len(one) != len(self._piles[0]):
                one = one[len(one) - len(self._piles[0]) :]
            if len(two) != len(self._piles[1]):
                two = two[len(two) - len(self._piles[1]) :]
            cached = (one, two)
        self._pile_backs = cached
        return cached

    def _history(self, seat: int) -> History:
        """The seat's history up to now: the shown events brought up to date, fixed at their
        length, with the seat's own draws and plays as it knows them."""
        size = len(self._log)
        shown = self._shown
        if len(shown) < size:
            log, events, own = self._log, self.events, self._own
            for k in range(len(shown), size):
                kind, args = log[k]
                if kind is CardDrawn:
                    own[args[0]][k] = events[k]
                    shown.append(drawn_as_seen(*args))
                elif kind is Played:
                    own[args[0]][k] = events[k]
                    shown.append(played_as_seen(*args))
                else:
                    shown.append(events[k])
        return History(shown, size, self._own[seat])
