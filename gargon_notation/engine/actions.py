"""The decisions a player can take, and the facts the engine derives from them.

Actions are decisions and only decisions:

- :class:`Play`: a player lays one to three cards in the card play phase.
- :class:`Pass`: a player passes and draws one to three cards, each from pile 1 or 2.
- :class:`Choose`: in the battle phase, the chooser names the colour to fight in next.
- :class:`Draw`: a player who lost a fight takes his replacement card from pile 1 or 2, or
  forgets to (``pile=None``).

Seats are numbered 0 to n-1 in clockwise order.  ``seen`` fields carry what an observer noted
of a drawn card (its colour, or the whole card); the engine checks them against what it knows
and learns from them.  They are observations, not choices, and may always be left out.

Everything else is an :data:`Event` the engine derives.

>>> Play(0, (Card.parse("Y2"), Card.parse("Y6"), Card.parse("R9")))
Play(seat=0, cards=(Card.parse('Y2'), Card.parse('Y6'), Card.parse('R9')))
>>> Pass(1, (1, 1, 2)).piles
(1, 1, 2)
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard

__all__ = [
    "Action",
    "BattleKind",
    "BattleResolved",
    "CardDrawn",
    "Choose",
    "Draw",
    "DrawForgotten",
    "DrawSkipped",
    "Event",
    "GameEnded",
    "Pass",
    "Passed",
    "PileEmptied",
    "Play",
    "Played",
    "PlayedFaceDown",
    "RoundEnded",
    "RoundStarted",
    "SeenEvent",
]


@attrs.frozen
class Play:
    """``seat`` lays ``cards`` face down (1-3 cards, all known)."""

    seat: int
    cards: tuple[Card, ...]


@attrs.frozen
class Pass:
    """``seat`` passes and draws one card from each pile named in ``piles``, in order.

    ``piles`` is empty only when both piles are empty.  ``seen``, when given, holds one
    observation per draw (or None where nothing was noted).
    """

    seat: int
    piles: tuple[int, ...]
    seen: tuple[AnyCard | None, ...] = ()


@attrs.frozen
class Choose:
    """In the battle phase, ``seat`` chooses the colour of the next battle."""

    seat: int
    colour: Colour


@attrs.frozen
class Draw:
    """``seat`` takes an owed replacement card from ``pile`` (1 or 2), or forgot (None)."""

    seat: int
    pile: int | None
    seen: AnyCard | None = None

    @property
    def forgot(self) -> bool:
        """The player forgot to draw and gets nothing."""
        return self.pile is None


Action: TypeAlias = Play | Pass | Choose | Draw


class BattleKind(enum.Enum):
    """How the cards of one colour were decided."""

    ALONE = "alone"
    """Case A: a single player played the colour and wins all his cards of it."""
    FIGHT = "fight"
    """Several cards fought; the highest won, the others were discarded and are replaced."""
    LAST_CARD = "last-card"
    """Case C: a single card was left after the first fight and wins alone (even a 0)."""
    ZEROS = "zeros"
    """The two 0s of the colour met with no higher card: both discarded, nobody draws."""


@attrs.frozen
class RoundStarted:
    """Round ``number`` (from 1) begins with ``start`` as start player.

    ``skipped`` lists the seats passed over because they held no card.
    """

    number: int
    start: int
    skipped: tuple[int, ...] = ()


@attrs.frozen
class Played:
    """``seat`` laid ``cards``; ``pattern`` is the group sizes, largest first, such as (2, 1)."""

    seat: int
    cards: tuple[Card, ...]
    pattern: tuple[int, ...]


@attrs.frozen
class PlayedFaceDown:
    """What the other seats see of a play while it lies face down (in a seat view's history):
    ``seat`` laid cards whose ``backs`` (colour order) show their colours; ``pattern`` as in
    :class:`Played`.  The values come out in the round's battles."""

    seat: int
    backs: tuple[HiddenCard, ...]
    pattern: tuple[int, ...]


@attrs.frozen
class Passed:
    """``seat`` passed, drawing from ``piles`` in order; each draw follows as a CardDrawn."""

    seat: int
    piles: tuple[int, ...]


@attrs.frozen
class CardDrawn:
    """``seat`` took ``card`` (as far as it is known) from the top of ``pile``.

    ``replacement`` is True for a draw owed after a lost fight, False for a pass.
    """

    seat: int
    pile: int
    card: AnyCard
    replacement: bool


@attrs.frozen
class PileEmptied:
    """The last card of ``pile`` was taken: the game ends when this round ends."""

    pile: int


@attrs.frozen
class BattleResolved:
    """One fight (or uncontested win) in ``colour``.

    ``fight`` is 1 or 2 (the first or second cards of the colour); ``cards`` are the cards
    that took part, with their seats; ``winner`` is None when nobody won (two 0s);
    ``losers`` are the seats that discarded a card and now owe a replacement draw, in the
    order they draw.
    """

    colour: Colour
    fight: int
    kind: BattleKind
    cards: tuple[tuple[int, Card], ...]
    winner: int | None
    won: tuple[Card, ...]
    discarded: tuple[Card, ...]
    losers: tuple[int, ...]


@attrs.frozen
class DrawForgotten:
    """``seat`` forgot an owed replacement draw and gets nothing."""

    seat: int


@attrs.frozen
class DrawSkipped:
    """``seat`` was owed a replacement draw but both piles are empty."""

    seat: int


@attrs.frozen
class RoundEnded:
    """Round ``number`` is over; ``next_start`` starts the next one (None: the game is over)."""

    number: int
    next_start: int | None


@attrs.frozen
class GameEnded:
    """The game is over; the engine's :meth:`score` gives the breakdown."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


Event: TypeAlias = (
    RoundStarted
    | Played
    | Passed
    | CardDrawn
    | PileEmptied
    | BattleResolved
    | DrawForgotten
    | DrawSkipped
    | RoundEnded
    | GameEnded
)

SeenEvent: TypeAlias = Event | PlayedFaceDown
"""An event as one seat saw it: another seat's face-down play is a :class:`PlayedFaceDown`
(and another seat's draw a :class:`CardDrawn` of the card's back)."""
