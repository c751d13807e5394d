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

Each constructor checks the types and ranges of what it is given, where a program makes an
action (the engine's own loops make theirs without the checks): a :class:`TypeError` for a
value of another type, an :class:`~gargon_notation.errors.ArgumentError` (a
:class:`ValueError`) for one out of range, each naming the field and what it takes.  A list
is taken for a tuple, and any integer (numpy's) for a seat or a pile.  What depends on the
game (a seat not at this table, how many cards a play or a pass may take, a card not in
hand) is the rules' to say, when the action is checked or applied.

>>> Choose(0, "R")
Traceback (most recent call last):
...
TypeError: Choose.colour: a Colour (gg.Colour.RED, or gg.Colour.from_letter('R')), not str 'R'
>>> Play("0", (Card.parse("R5"),))
Traceback (most recent call last):
...
TypeError: Play.seat: a seat number, a whole number (int) from 0 to 4, not str '0'
>>> Pass(7, (1,))
Traceback (most recent call last):
...
gargon_notation.errors.ArgumentError: Pass.seat: 7 is not from 0 to 4 (a table seats 3 to 5 players)
"""

from __future__ import annotations

import enum
import operator
from typing import TypeAlias

import attrs

from gargon_notation.arguments import shown
from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard
from gargon_notation.errors import ArgumentError

__all__ = [
    "MAX_SEATS",
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
    "not_a_card",
    "seen_card_problem",
]


MAX_SEATS = 5
"""Seats are numbered from 0 to 4: a table seats 3 to 5 players."""


def _integer(value: object) -> object:
    """Any integer (numpy's) as an :class:`int`; anything else as it is, for its check."""
    if type(value) is int or isinstance(value, bool):
        return value
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return value


def _seat(value: int) -> int:
    return _integer(value)  # type: ignore[return-value]  # checked by _check_seat


def _check_seat(action: object, _attribute: object, seat: int) -> None:
    if type(seat) is not int:
        raise TypeError(
            f"{type(action).__name__}.seat: a seat number, a whole number (int) from 0 to "
            f"{MAX_SEATS - 1}, not {shown(seat)}"
        )
    if not 0 <= seat < MAX_SEATS:
        raise ArgumentError(
            f"{type(action).__name__}.seat: {seat} is not from 0 to {MAX_SEATS - 1} "
            f"(a table seats 3 to {MAX_SEATS} players)"
        )


def _as_tuple(value: object) -> object:
    """A list as a tuple; anything else as it is, for its check."""
    return tuple(value) if type(value) is list else value


def _cards(value: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    return _as_tuple(value)  # type: ignore[return-value]  # checked by _check_cards


def _piles(value: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    if isinstance(value, tuple) and all(type(pile) is int for pile in value):
        return value
    if isinstance(value, list | tuple):
        return tuple(map(_integer, value))  # type: ignore[arg-type]  # checked by _check_piles
    return value  # checked by _check_piles


def _seen(
    value: tuple[AnyCard | None, ...] | list[AnyCard | None],
) -> tuple[AnyCard | None, ...]:
    return _as_tuple(value)  # type: ignore[return-value]  # checked by _check_seen


def _check_cards(_action: object, _attribute: object, cards: tuple[Card, ...]) -> None:
    if type(cards) is not tuple:
        if isinstance(cards, str):
            raise TypeError(not_a_card(cards, cards))
        raise TypeError(
            "Play.cards: a tuple of Card values, such as (gg.parse_card('R5'),), "
            f"not {shown(cards)}"
        )
    for card in cards:
        if type(card) is not Card and not isinstance(card, Card | HiddenCard):
            raise TypeError(not_a_card(cards, card))


def not_a_card(given: object, item: object) -> str:
    """The message for ``item``, of a play's ``given`` cards, that is not a card.

    >>> not_a_card(("R5",), "R5")
    "a Play's cards are Card values (gg.parse_card('R5') makes one), not str 'R5'"
    >>> not_a_card("R5", "R")
    "a Play's cards are Card values (gg.parse_card('R5') makes one), not str 'R5'"
    """
    value = given if isinstance(given, str) else item
    text = value if isinstance(value, str) and value.isprintable() and len(value) < 9 else "R14"
    return f"a Play's cards are Card values (gg.parse_card({text!r}) makes one), not {shown(value)}"


def _check_piles(_action: object, _attribute: object, piles: tuple[int, ...]) -> None:
    if type(piles) is not tuple:
        raise TypeError(
            "Pass.piles: a tuple of pile numbers, 1 or 2, one a card drawn, such as (1, 2), "
            f"not {shown(piles)}"
        )
    for pile in piles:
        if type(pile) is not int or (pile != 1 and pile != 2):
            _check_pile("Pass.piles", pile)


def _pile(value: int | None) -> int | None:
    return None if value is None else _integer(value)  # type: ignore[return-value]


def _check_draw_pile(_action: object, _attribute: object, pile: int | None) -> None:
    if pile is not None and (type(pile) is not int or pile not in (1, 2)):
        _check_pile("Draw.pile", pile, forgot=True)


def _check_pile(field: str, pile: object, forgot: bool = False) -> None:
    if type(pile) is not int:
        also = ", or None for a draw forgotten" if forgot else ""
        raise TypeError(f"{field}: a pile number, 1 or 2 (int){also}, not {shown(pile)}")
    raise ArgumentError(f"{field}: pile {pile} is not 1 or 2 (the piles are 1 and 2)")


def seen_card_problem(seen: object) -> str:
    """The message for ``seen`` noted as a drawn card where it is not a card.

    >>> print(seen_card_problem("R5"))  # doctest: +NORMALIZE_WHITESPACE
    a card noted as seen (Pass.seen, Draw.seen) is a Card or a HiddenCard
    (gg.parse_card('R5'), gg.HiddenCard.parse('R?')), not str 'R5'
    """
    return (
        "a card noted as seen (Pass.seen, Draw.seen) is a Card or a HiddenCard "
        f"(gg.parse_card('R5'), gg.HiddenCard.parse('R?')), not {shown(seen)}"
    )


def _check_seen(_action: object, _attribute: object, seen: tuple[AnyCard | None, ...]) -> None:
    if type(seen) is not tuple:
        raise TypeError(
            "Pass.seen: a tuple of the cards noted as drawn, one a draw (a Card, a HiddenCard "
            f"or None), or () for none noted, not {shown(seen)}"
        )
    for card in seen:
        if card is not None and not isinstance(card, Card | HiddenCard):
            raise TypeError(seen_card_problem(card))


def _check_seen_card(_action: object, _attribute: object, seen: AnyCard | None) -> None:
    if seen is not None and not isinstance(seen, Card | HiddenCard):
        raise TypeError(seen_card_problem(seen))


def _check_colour(_action: object, _attribute: object, colour: Colour) -> None:
    if not isinstance(colour, Colour):
        raise TypeError(
            "Choose.colour: a Colour (gg.Colour.RED, or gg.Colour.from_letter('R')), "
            f"not {shown(colour)}"
        )


@attrs.frozen
class Play:
    """``seat`` lays ``cards`` face down (1-3 cards, all known).

    ``seat`` is a whole number from 0 to 4, ``cards`` a tuple of :class:`Card` values (a
    list is taken): a :class:`TypeError` otherwise, an
    :class:`~gargon_notation.errors.ArgumentError` for a seat out of range.  A
    :class:`HiddenCard` (``R?``) is the rules' to refuse (``card-unknown``), as a written one
    is, and so is a play of another size than 1 to 3 cards (``play-size``).

    >>> Play(0, "R5")
    Traceback (most recent call last):
    ...
    TypeError: a Play's cards are Card values (gg.parse_card('R5') makes one), not str 'R5'
    """

    seat: int = attrs.field(converter=_seat, validator=_check_seat)
    cards: tuple[Card, ...] = attrs.field(converter=_cards, validator=_check_cards)


@attrs.frozen
class Pass:
    """``seat`` passes and draws one card from each pile named in ``piles``, in order.

    ``piles`` is empty only when both piles are empty.  ``seen``, when given, holds one
    observation per draw (or None where nothing was noted).  ``piles`` is a tuple of 1s and
    2s, ``seen`` a tuple of :class:`Card`, :class:`HiddenCard` or None (lists are taken):
    a :class:`TypeError` or an :class:`~gargon_notation.errors.ArgumentError` otherwise.
    How many cards a pass may draw is the rules' to say (``draw-count``).

    >>> Pass(0, 1)
    Traceback (most recent call last):
    ...
    TypeError: Pass.piles: a tuple of pile numbers, 1 or 2, one a card drawn, such as (1, 2), ...
    >>> Pass(0, [1, 2]).piles
    (1, 2)
    """

    seat: int = attrs.field(converter=_seat, validator=_check_seat)
    piles: tuple[int, ...] = attrs.field(converter=_piles, validator=_check_piles)
    seen: tuple[AnyCard | None, ...] = attrs.field(
        default=(), converter=_seen, validator=_check_seen
    )


@attrs.frozen
class Choose:
    """In the battle phase, ``seat`` chooses the colour of the next battle.

    ``colour`` is a :class:`Colour` (``Colour.from_letter("R")`` reads a letter): a
    :class:`TypeError` otherwise.
    """

    seat: int = attrs.field(converter=_seat, validator=_check_seat)
    colour: Colour = attrs.field(validator=_check_colour)


@attrs.frozen
class Draw:
    """``seat`` takes an owed replacement card from ``pile`` (1 or 2), or forgot (None).

    ``seen`` is a :class:`Card`, a :class:`HiddenCard` or None: a :class:`TypeError` or an
    :class:`~gargon_notation.errors.ArgumentError` for what is not as described.

    >>> Draw(0, 3)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: Draw.pile: pile 3 is not 1 or 2 (the piles are 1 and 2)
    """

    seat: int = attrs.field(converter=_seat, validator=_check_seat)
    pile: int | None = attrs.field(converter=_pile, validator=_check_draw_pile)
    seen: AnyCard | None = attrs.field(default=None, validator=_check_seen_card)

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
