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
from gargon_notation.engine.actions import CardDrawn, Played, SeenEvent
from gargon_notation.engine.legal import LegalActions
from gargon_notation.engine.state import DecisionKind
from gargon_notation.engine.view import (
    CHUNK,
    History,
    SeatView,
    backs,
    drawn_as_seen,
    face_down,
    played_as_seen,
)

__all__ = ["SeatLog", "SeatViews"]

_PLAY = DecisionKind.PLAY_OR_PASS

_index = {colour: colour.index for colour in Colour}.__getitem__


def _in_colour_order(front: dict[Colour, list[Card]]) -> tuple[Card, ...]:
    """A seat's cards in front: colour by colour, strongest first within a colour."""
    if len(front) == 1:
        for group in front.values():
            return tuple(group)
    return tuple([card for colour in sorted(front, key=_index) for card in front[colour]])


class SeatLog:
    """The events one seat has seen so far, as it saw them, from which each of its
    :class:`~gargon_notation.engine.view.History` is taken: full chunks of ``CHUNK`` events
    (tuples, shared by the histories), their tuple (rebuilt when a chunk fills) and the events
    of the chunk being filled (copied into each history).

    >>> from gargon_notation.engine import RoundStarted
    >>> log = SeatLog()
    >>> for k in range(1, CHUNK + 3):
    ...     log.append(RoundStarted(k, 0))
    >>> history = log.history()
    >>> len(log), len(history), history[-1].number
    (34, 34, 34)
    >>> log.history()[:CHUNK] == history[:CHUNK]
    True
    """

    __slots__ = ("chunks", "frozen", "tail")

    def __init__(self) -> None:
        self.chunks: list[tuple[SeenEvent, ...]] = []
        self.frozen: tuple[tuple[SeenEvent, ...], ...] | None = ()
        self.tail: list[SeenEvent] = []

    def __len__(self) -> int:
        return len(self.chunks) * CHUNK + len(self.tail)

    def append(self, event: SeenEvent) -> None:
        """Add the event the seat saw next."""
        tail = self.tail
        tail.append(event)
        if len(tail) == CHUNK:
            self.chunks.append(tuple(tail))
            tail.clear()
            self.frozen = None

    def history(self) -> History:
        """The events so far, as an immutable history sharing the full chunks."""
        frozen = self.frozen
        if frozen is None:
            frozen = self.frozen = tuple(self.chunks)
        return History.of_chunks(frozen, tuple(self.tail))

    def copy(self) -> SeatLog:
        """An independent log of the same events (the chunks are shared: they are tuples)."""
        twin = SeatLog()
        twin.chunks = list(self.chunks)
        twin.frozen = self.frozen
        twin.tail = list(self.tail)
        return twin


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
        """The seat's history up to now: its log brought up to date (the events as the
        others see them, its own draws and plays in full), as an immutable history."""
        size = len(self._log)
        shown = self._shown
        if len(shown) < size:
            log = self._log
            for k in range(len(shown), size):
                kind, args = log[k]
                if kind is CardDrawn:
                    shown.append(drawn_as_seen(*args))
                elif kind is Played:
                    shown.append(played_as_seen(*args))
                else:
                    shown.append(None)
        seen = self._seen[seat]
        done = len(seen)
        if done < size:
            events = self.events
            append = seen.append
            for k in range(done, size):
                # None: the same event for every seat; else the others' view of a draw or a
                # play, which its own seat sees in full.
                as_seen = shown[k]
                if as_seen is None or self._log[k][1][0] == seat:
                    append(events[k])
                else:
                    append(as_seen)
        return seen.history()
