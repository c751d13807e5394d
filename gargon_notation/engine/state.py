"""Immutable snapshots of a game, and whose decision it is.

:class:`GameState` is a frozen picture of the table handed out by
:meth:`gargon_notation.engine.Game.snapshot`; it never changes after it is taken.

>>> from gargon_notation.engine import Game, Deal
>>> names = ("Adam", "Bernd", "Collette", "Dagmar")
>>> game = Game.new(Deal.from_seed("gargon", players=4), names=names)
>>> state = game.snapshot()
>>> state.to_act
Decision(kind=<DecisionKind.PLAY_OR_PASS: 'play-or-pass'>, seat=0)
>>> [len(hand) for hand in state.hands], [len(pile) for pile in state.piles]
([10, 10, 10, 10], [31, 31])
>>> str(state.hands[0][0]), " ".join(str(card) for card in state.seen_by(1).hands[0])
('Y0', 'W? B? B? V? V? V? Y? Y? Y? R?')
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from gargon_notation.cards import AnyCard, Card, Colour
from gargon_notation.engine.scoring import Score, known_totals, score
from gargon_notation.engine.view import backs, face_down
from gargon_notation.errors import ArgumentError
from gargon_notation.rules import Ruleset

if TYPE_CHECKING:
    from gargon_notation.engine.possible import Possible

__all__ = ["Decision", "DecisionKind", "GameState", "no_seat"]


def no_seat(seat: object, players: int) -> str:
    """The message for a ``seat`` that is not at a table of ``players`` (seats count from 0).

    >>> no_seat(9, 3)
    'there is no seat 9 at this table: seats are 0-2'
    >>> no_seat("Ann", 4)
    "there is no seat 'Ann' at this table: seats are 0-3"
    """
    return f"there is no seat {seat!r} at this table: seats are 0-{players - 1}"


class DecisionKind(enum.Enum):
    """The kinds of decision the game can wait for."""

    PLAY_OR_PASS = "play-or-pass"
    """Card play phase: the seat plays cards or passes."""
    CHOOSE = "choose"
    """Battle phase: the seat chooses the colour of the next battle."""
    DRAW = "draw"
    """After a lost fight: the seat takes an owed replacement card (or forgets)."""


@attrs.frozen
class Decision:
    """Who must decide now, and what kind of decision."""

    kind: DecisionKind
    seat: int


@attrs.frozen(repr=False)
class GameState:
    """The whole table at one moment.

    Seats are numbered from 0 clockwise.  ``piles`` list their cards top first.  ``front``
    holds each seat's played cards still to be fought over in the current round (in colour
    order, strongest first within a colour); ``played`` what each seat did this round so far
    (its cards, ``()`` for a pass, None if it has not acted yet).  ``owed`` lists the seats
    owing replacement draws, in order.  A snapshot knows every card the engine knows; only a
    masked one (:meth:`seen_by`) holds backs in ``front`` and ``played``.
    """

    ruleset: Ruleset
    names: tuple[str, ...]
    round: int
    start: int
    to_act: Decision | None
    hands: tuple[tuple[AnyCard, ...], ...]
    piles: tuple[tuple[AnyCard, ...], tuple[AnyCard, ...]]
    front: tuple[tuple[AnyCard, ...], ...]
    played: tuple[tuple[AnyCard, ...] | None, ...]
    won: tuple[tuple[AnyCard, ...], ...]
    discard: tuple[Card, ...]
    pattern: tuple[int, ...] | None
    colours_played: frozenset[Colour]
    owed: tuple[int, ...]
    last_card_taken: bool
    over: bool

    def __repr__(self) -> str:
        decision = self.to_act
        if decision is None:
            now = "over"
        else:
            now = f"{self.names[decision.seat]} to {decision.kind.value.replace('-', ' ')}"
        hands = "/".join(str(len(hand)) for hand in self.hands)
        return (
            f"<GameState round {self.round}, {now}, hands {hands}, "
            f"piles {len(self.piles[0])}+{len(self.piles[1])}>"
        )

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.names)

    def _repr_svg_(self) -> str:
        """The table as a picture, for notebooks (:func:`gargon_notation.web.svg.table_svg`)."""
        from gargon_notation.web.svg import table_svg

        return table_svg(self)

    def _repr_html_(self) -> str:
        """The table's picture inside HTML, for notebooks that prefer HTML to SVG: a state
        does not know its record, so it has no steps to replay (a record, or its replay,
        shows the viewer)."""
        return self._repr_svg_()

    def score(self) -> Score:
        """The score the won cards give now (final once :attr:`over`).

        Raises :class:`ValueError` on a view (:meth:`seen_by`) that hides won cards.
        """
        won = [[card for card in cards if isinstance(card, Card)] for cards in self.won]
        if sum(map(len, won)) != sum(map(len, self.won)):
            raise ValueError("this view hides won cards, so it cannot be scored")
        return score(won, self.ruleset, self.names)

    def known_totals(self) -> tuple[int | None, ...]:
        """Each seat's points so far as far as this state shows them: None for a seat whose
        won cards it hides (a view, :meth:`seen_by`, shows another seat's won cards from the
        back).  A seat's own points are known all along: the others' won cards weigh on them
        only through how many of each colour they won, which their backs show (each back
        counts as a card of its colour); a back of unknown colour (``X?``) leaves every
        total unknown.

        >>> from gargon_notation.engine import Game, Deal, Play, Pass, Choose
        >>> game = Game.new(Deal.from_seed("gargon", players=3))
        >>> game.push(Play(0, (Card.parse("W9"),)))
        >>> game.push(Pass(1, (1,)))
        >>> game.push(Pass(2, (1,)))
        >>> game.push(Choose(0, Colour.WHITE))
        >>> game.snapshot().seen_by(1).known_totals()
        (None, 0, 0)
        >>> game.snapshot().seen_by(0).known_totals()
        (12, 0, 0)
        """
        return known_totals(self.won, self.ruleset, self.names)

    def possible(self, seat: int | None = None) -> Possible:
        """For every card hidden from ``seat`` (None: from the public), the cards it can
        still be: exact, given everything that observer knows (see
        :mod:`gargon_notation.engine.possible`).

        The places of a hand hidden from the observer are numbered as :meth:`seen_by` lists
        its backs, in colour order, not by slot: below, ``Place(PlaceKind.HAND, 0, 6)`` is
        the first yellow back of seat 0's hand as seat 1 sees it.

        The public sees the backs of every hand and pile card, and every card turned face up
        in a battle (it remembers the won ones); a seat also sees its own hand and its own
        cards played face down, never another seat's.  A card this state itself holds as a
        :class:`~gargon_notation.cards.HiddenCard` is hidden from everyone.  On a masked
        state (:meth:`seen_by`), what the mask hides is hidden: use ``possible(seat)`` on the
        whole state, or :meth:`SeatView.possible
        <gargon_notation.engine.SeatView.possible>`, for what the seat remembers.  Raises
        :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a seat
        that is not at the table.

        >>> from gargon_notation.engine import Game, Deal, Place, PlaceKind
        >>> state = Game.new(Deal.from_seed("gargon", players=4)).snapshot()
        >>> len(state.possible()), len(state.possible(1))
        (102, 92)
        >>> [str(card) for card in state.hands[1] if card.colour is Colour.YELLOW]
        ['Y6', 'Y13', 'Y8']
        >>> str(state.hands[0][0]), [str(card) for card in state.seen_by(1).hands[0]][5:8]
        ('Y0', ['V?', 'Y?', 'Y?'])
        >>> sorted(card.value for card in state.possible(1)[Place(PlaceKind.HAND, 0, 6)])
        [0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 14, 15]
        >>> for group in str(state.possible(1)).split("; "):
        ...     print(group)
        16 W? of 0-9 11-15
        14 B? of 0-2 4-11 13 15
        16 V? of 0-11 13-15
        14 Y? of 0-5 7 9-12 14 15
        16 R? of 0-10 12-15
        16 G? of 0-8 10-15
        """
        from gargon_notation.engine.possible import possible_at

        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.names)):
            raise ArgumentError(no_seat(seat, len(self.names)))
        face_down = self.to_act is not None and self.to_act.kind is DecisionKind.PLAY_OR_PASS
        return possible_at(
            self.hands, self.piles, self.front, self.won, self.discard, seat, face_down
        )

    def seen_by(self, seat: int) -> GameState:
        """What ``seat`` may see: other hands and the piles as card backs (colours only).

        Another seat's hand is listed in colour order (cards of unknown colour, ``X?``, first,
        then W B V Y R G, as :func:`~gargon_notation.engine.view.face_down` lists a play),
        whatever slots its cards lie in: players reorder their hands, so which of two cards
        of one colour was played (the one dealt, or one drawn later) is nothing a seat can
        see.  The seat's own hand keeps its order.

        During the card play phase (``to_act`` is a play-or-pass decision) the other seats'
        played cards lie face down: in ``front`` and ``played`` they are backs too (a play's
        backs in colour order); the battle phase turns them face up.  Won cards lie face down
        (their backs still show colours) unless the ruleset's ``won_cards_face_up`` variant is
        on; a player always knows his own won cards and his own plays.  The discard pile is
        public.  This is exactly what :meth:`Game.view <gargon_notation.engine.Game.view>`
        shows the seat (a :class:`~gargon_notation.engine.view.SeatView`, which adds the
        seat's history and legal actions).  Raises
        :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a seat
        that is not at the table.

        >>> from gargon_notation.engine import Game, Deal, Play
        >>> game = Game.new(Deal.from_seed("gargon", players=3))
        >>> game.push(Play(0, (Card.parse("W9"),)))
        >>> game.snapshot().seen_by(1).played[0], game.snapshot().seen_by(0).played[0]
        ((HiddenCard.parse('W?'),), (Card.parse('W9'),))
        """
        if type(seat) is not int or not 0 <= seat < len(self.names):
            raise ArgumentError(no_seat(seat, len(self.names)))
        hands = tuple(
            hand if other == seat else face_down(hand) for other, hand in enumerate(self.hands)
        )
        piles = (backs(self.piles[0]), backs(self.piles[1]))
        if self.ruleset.won_cards_face_up:
            won = self.won
        else:
            won = tuple(
                cards if other == seat else backs(cards) for other, cards in enumerate(self.won)
            )
        front, played = self.front, self.played
        if self.to_act is not None and self.to_act.kind is DecisionKind.PLAY_OR_PASS:
            front = tuple(
                cards if other == seat else backs(cards) for other, cards in enumerate(front)
            )
            played = tuple(
                cards if not cards or other == seat else face_down(cards)
                for other, cards in enumerate(played)
            )
        return attrs.evolve(self, hands=hands, piles=piles, won=won, front=front, played=played)
