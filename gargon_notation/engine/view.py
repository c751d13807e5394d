"""What one seat may know: :class:`SeatView`, the only thing a bot is handed.

A seat view is made of values only (tuples, frozen attrs objects, enums, cards): nothing in it
leads back to the :class:`~gargon_notation.engine.Game` or to a card the seat may not see.
What the others hold is shown as a *back*: a :class:`~gargon_notation.cards.HiddenCard` of
the card's colour, since Gargon cards show their colour on both sides.

- Other seats' hands and both piles: backs (the piles are spread, so their colours show).
  Backs of another seat's hand are listed in colour order (:func:`face_down`), whatever slots
  the engine keeps its cards in: players reorder their hands, so when a seat plays one of two
  cards of a colour, the others cannot tell the one dealt from the one drawn later.
- Cards played this round: face down, so backs for the other seats, while the card play phase
  lasts; face up once the battle phase begins.  Backs of a face-down play are listed in colour
  order, whatever order the player named his cards in.
- Won cards: the seat's own are known; the others' are backs unless the ruleset's
  ``won_cards_face_up`` variant is on.
- The discard pile, battles, passes and pile sizes are public.

A view shares no container with the game, nor with another seat's view: it holds tuples,
frozensets, frozen values and enums (its :class:`History` too), so a bot can change neither
the game nor what another seat sees through its attributes (name-mangled ones and
``vars(view)`` included: the view's own ``__dict__`` changes that view alone), nor through
what they hold, a pickle or a copy.  A view keeps to the object graph: Python code in the
same process can always reach a game by other means (the caller's frame,
:func:`gc.get_objects`, ``object.__setattr__`` on a frozen value the game holds too, such as
a card), so a bot that must not cheat at all has to run in a process of its own.

>>> from gargon_notation.engine import Deal, Game
>>> game = Game.new(Deal.from_seed("gargon", players=4), names=("Ann", "Bob", "Cy", "Di"))
>>> view = game.view(1)
>>> view
<SeatView of Bob: round 1, Ann to play or pass, hand 10, piles 31+31, 1 event>
>>> view.hand == game.hand(1), " ".join(str(card) for card in view.hands[0]), view.legal_actions
(True, 'W? B? B? V? V? V? Y? Y? Y? R?', ())
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import TYPE_CHECKING, overload

import attrs

from gargon_notation.cards import COPIES, UNKNOWN, AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine.actions import (
    Action,
    BattleResolved,
    CardDrawn,
    Event,
    Played,
    PlayedFaceDown,
    SeenEvent,
)
from gargon_notation.engine.possible import Possible, possible_at
from gargon_notation.engine.scoring import Score, score
from gargon_notation.rules import Ruleset

if TYPE_CHECKING:
    from gargon_notation.engine.state import Decision

__all__ = [
    "CHUNK",
    "History",
    "SeatView",
    "as_others_see",
    "back",
    "backs",
    "drawn_as_seen",
    "face_down",
    "played_as_seen",
]

BACKS: dict[Colour | None, HiddenCard] = {
    None: UNKNOWN,
    **{colour: HiddenCard.parse(f"{colour.letter}?") for colour in Colour},
}
"""The back of a card of each colour (None: of a card whose colour is unknown), built once."""


def back(card: AnyCard) -> HiddenCard:
    """What the other players see of ``card``: its back, which shows its colour.

    >>> back(Card.parse("R14"))
    HiddenCard.parse('R?')
    >>> back(Card.parse("R14")) is back(Card.parse("R0"))
    True
    """
    return BACKS[card.colour]


def backs(cards: Iterable[AnyCard]) -> tuple[HiddenCard, ...]:
    """The backs of ``cards``, in the same order.

    >>> [str(card) for card in backs([Card.parse("Y2"), Card.parse("R9")])]
    ['Y?', 'R?']
    """
    try:
        return tuple(map(_BACK_OF.__getitem__, cards))
    except KeyError:  # not an interned card: look at its colour
        return tuple([BACKS[card.colour] for card in cards])


_BACK_OF: dict[AnyCard, HiddenCard] = {card: BACKS[card.colour] for card in COPIES}
_BACK_OF.update((hidden, hidden) for hidden in BACKS.values())


_colour_index = {back: -1 if back.colour is None else back.colour.index for back in BACKS.values()}


def face_down(cards: Iterable[AnyCard]) -> tuple[HiddenCard, ...]:
    """The backs of a face-down play, in colour order: what the table sees of it.

    Sorting hides the order in which the player named his cards (which could hint at their
    values).

    >>> [str(card) for card in face_down([Card.parse("R9"), Card.parse("Y2"), Card.parse("Y6")])]
    ['Y?', 'Y?', 'R?']
    """
    return tuple(sorted(backs(cards), key=_colour_index.__getitem__))


_DRAWS: dict[tuple[int, int, HiddenCard, bool], CardDrawn] = {}
_PLAYS: dict[tuple[int, tuple[HiddenCard, ...], tuple[int, ...]], PlayedFaceDown] = {}


def drawn_as_seen(seat: int, pile: int, card: AnyCard, replacement: bool) -> CardDrawn:
    """A draw as the other seats see it: the back of the card; one shared value per back.

    >>> drawn_as_seen(1, 2, Card.parse("G13"), False)
    CardDrawn(seat=1, pile=2, card=HiddenCard.parse('G?'), replacement=False)
    """
    key = (seat, pile, _BACK_OF.get(card) or BACKS[card.colour], replacement)
    drawn = _DRAWS.get(key)
    if drawn is None:
        drawn = _DRAWS[key] = CardDrawn(*key)
    return drawn


def played_as_seen(seat: int, cards: Iterable[AnyCard], pattern: tuple[int, ...]) -> PlayedFaceDown:
    """A play as the other seats see it: its backs in colour order (:func:`face_down`).

    >>> played_as_seen(0, (Card.parse("R9"), Card.parse("Y2")), (1, 1)).backs
    (HiddenCard.parse('Y?'), HiddenCard.parse('R?'))
    """
    key = (seat, face_down(cards), pattern)
    played = _PLAYS.get(key)
    if played is None:
        played = _PLAYS[key] = PlayedFaceDown(*key)
    return played


def as_others_see(event: Event) -> SeenEvent:
    """``event`` as the seats other than its own see it: a draw or a play shows its backs.

    Every other event is public and comes back as it is.

    >>> as_others_see(CardDrawn(1, 2, Card.parse("G13"), False)).card
    HiddenCard.parse('G?')
    >>> from gargon_notation.engine import RoundStarted
    >>> event = RoundStarted(1, 0)
    >>> as_others_see(event) is event
    True
    """
    if isinstance(event, CardDrawn):
        return drawn_as_seen(event.seat, event.pile, event.card, event.replacement)
    if isinstance(event, Played):
        return played_as_seen(event.seat, event.cards, event.pattern)
    return event


CHUNK = 32
"""The events of a history held in one tuple: a seat's full chunks are shared by every
history taken of it since, so that taking a view copies fewer than ``CHUNK`` events."""


class History(Sequence[SeenEvent]):
    """The events a seat has seen, as of one moment: a read-only sequence that never grows.

    It holds tuples only, nothing of the game: the events in chunks of :data:`CHUNK`, each
    full chunk shared with the later histories of the same seat (so that taking a view costs
    a copy of fewer than ``CHUNK`` events, and of the tuple of chunks when one fills), and
    the chunk being filled.  Nothing reached from it can be changed, so a bot holding it can
    change neither the game nor what another seat sees.  Indexing past the end raises
    :class:`IndexError`; assigning an attribute raises :class:`AttributeError`.

    >>> from gargon_notation.engine import RoundStarted
    >>> log = [RoundStarted(1, 0)]
    >>> history = History(log)
    >>> log.append(RoundStarted(2, 1))
    >>> len(history), history[-1], list(history) == log[:1]
    (1, RoundStarted(number=1, start=0, skipped=()), True)
    """

    __slots__ = ("__chunks", "__length", "__tail")
    __chunks: tuple[tuple[SeenEvent, ...], ...]
    __length: int
    __tail: tuple[SeenEvent, ...]

    def __init__(self, events: Iterable[SeenEvent] = ()) -> None:
        every = tuple(events)
        cut = len(every) - len(every) % CHUNK
        chunks = tuple([every[k : k + CHUNK] for k in range(0, cut, CHUNK)])
        _fill(self, chunks, every[cut:])

    @classmethod
    def of_chunks(
        cls, chunks: tuple[tuple[SeenEvent, ...], ...], tail: tuple[SeenEvent, ...]
    ) -> History:
        """A history of ``chunks`` (each of :data:`CHUNK` events) and then ``tail`` (fewer),
        taken as they are, without a copy.

        >>> from gargon_notation.engine import RoundStarted
        >>> events = tuple(RoundStarted(k, 0) for k in range(1, CHUNK + 2))
        >>> History.of_chunks((events[:CHUNK],), events[CHUNK:]) == History(events)
        True
        """
        if any(len(chunk) != CHUNK for chunk in chunks) or len(tail) >= CHUNK:
            raise ValueError(f"a history's chunks hold {CHUNK} events each, its tail fewer")
        history = cls.__new__(cls)
        _fill(history, chunks, tail)
        return history

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a History is read-only: {name!r} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a History is read-only: {name!r} cannot be deleted")

    def __len__(self) -> int:
        return self.__length

    @overload
    def __getitem__(self, index: int) -> SeenEvent: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SeenEvent, ...]: ...

    def __getitem__(self, index: int | slice) -> SeenEvent | tuple[SeenEvent, ...]:
        length = self.__length
        if isinstance(index, slice):
            return tuple(self)[index]
        position = index + length if index < 0 else index
        if not 0 <= position < length:
            raise IndexError(f"history index {index} out of range ({length} events)")
        chunk, offset = divmod(position, CHUNK)
        chunks = self.__chunks
        return chunks[chunk][offset] if chunk < len(chunks) else self.__tail[offset]

    def __iter__(self) -> Iterator[SeenEvent]:
        return chain.from_iterable((*self.__chunks, self.__tail))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"<History of {len(self)} events>"

    def __reduce__(self) -> tuple[type[History], tuple[tuple[SeenEvent, ...]]]:
        return History, (tuple(self),)


_set_chunks = History.__dict__["_History__chunks"].__set__
_set_length = History.__dict__["_History__length"].__set__
_set_tail = History.__dict__["_History__tail"].__set__


def _fill(
    history: History, chunks: tuple[tuple[SeenEvent, ...], ...], tail: tuple[SeenEvent, ...]
) -> None:
    _set_chunks(history, chunks)
    _set_tail(history, tail)
    _set_length(history, len(chunks) * CHUNK + len(tail))


@attrs.frozen(repr=False, slots=False)  # an instance dict is quicker to fill than 20 slots
class SeatView:
    """What seat :attr:`seat` knows at one moment, and nothing more; see the module docstring.

    Take one with :meth:`gargon_notation.engine.Game.view`.  It never changes, and its
    attributes are values: no path leads from a view to the game or to a hidden card.
    Assigning an attribute raises :class:`attrs.exceptions.FrozenInstanceError`.

    :meth:`gargon_notation.engine.GameState.seen_by` masks a snapshot in the same way: its
    ``hands``, ``piles``, ``front``, ``played``, ``won`` and ``discard`` equal a view's.

    >>> from gargon_notation.engine import Deal, Game
    >>> game = Game.new(Deal.from_seed("gargon", players=3))
    >>> game.push(game.legal_actions()[0])
    >>> view = game.view(2)
    >>> view.played[0], view.front[0] == view.played[0]
    ((HiddenCard.parse('W?'),), True)
    >>> game.view(0).played[0]
    (Card.parse('W9'),)
    """

    seat: int
    """The seat this view belongs to (0 to n-1, clockwise)."""
    names: tuple[str, ...]
    """The players' names, by seat."""
    ruleset: Ruleset
    """The rules of the game."""
    round: int
    """The current round, from 1."""
    start: int
    """The seat of this round's start player."""
    to_act: Decision | None
    """Whose decision it is and of what kind; None once the game is over."""
    hand: tuple[AnyCard, ...]
    """The seat's own hand, as far as the engine knows it (all of it in a dealt game)."""
    hands: tuple[tuple[AnyCard, ...], ...]
    """Every seat's hand: the own one as :attr:`hand`, the others as backs in colour order
    (``X?`` first, then W B V Y R G, as :func:`face_down` lists them), which depends on
    nothing hidden.  ``Place(PlaceKind.HAND, other, i)`` of :meth:`possible` is the
    ``i``-th back of ``hands[other]``."""
    piles: tuple[tuple[HiddenCard, ...], tuple[HiddenCard, ...]]
    """Pile 1 and pile 2 as backs, top first."""
    front: tuple[tuple[AnyCard, ...], ...]
    """The cards in front of each seat still to be fought over, in colour order (strongest
    first within a colour); other seats' cards are backs during the card play phase."""
    played: tuple[tuple[AnyCard, ...] | None, ...]
    """What each seat did this round: its cards (backs in colour order for the other seats
    during the card play phase), ``()`` for a pass, None if it has not acted yet."""
    won: tuple[tuple[AnyCard, ...], ...]
    """Each seat's won cards: the own ones known, the others' backs unless
    ``ruleset.won_cards_face_up``."""
    discard: tuple[Card, ...]
    """The discard pile, oldest first (public)."""
    pattern: tuple[int, ...] | None
    """This round's play pattern (group sizes, largest first); None before the start player
    has played."""
    colours_played: frozenset[Colour]
    """The colours played this round (the backs show them)."""
    owed: tuple[int, ...]
    """The seats owing replacement draws, in the order they draw."""
    last_card_taken: bool
    """A pile has been emptied: the game ends with this round."""
    over: bool
    """The game has ended."""
    history: Sequence[SeenEvent]
    """The events so far as this seat saw them (a :class:`History`): other seats' draws and
    face-down plays as backs; passes, battles, skipped or forgotten draws, emptied piles and
    the rounds' and game's ends in full."""
    legal_actions: tuple[Action, ...]
    """The legal actions when this seat is to act (as
    :meth:`gargon_notation.engine.Game.legal_actions` lists them); empty otherwise."""

    def __repr__(self) -> str:
        decision = self.to_act
        if decision is None:
            now = "over"
        else:
            now = f"{self.names[decision.seat]} to {decision.kind.value.replace('-', ' ')}"
        events = len(self.history)
        return (
            f"<SeatView of {self.names[self.seat]}: round {self.round}, {now}, "
            f"hand {len(self.hand)}, piles {len(self.piles[0])}+{len(self.piles[1])}, "
            f"{events} event{'' if events == 1 else 's'}>"
        )

    @property
    def players(self) -> int:
        """The number of seats.

        >>> from gargon_notation.engine import Deal, Game
        >>> Game.new(Deal.from_seed("gargon", players=5)).view(0).players
        5
        """
        return len(self.names)

    def possible(self) -> Possible:
        """For every card hidden from this seat, the cards it can still be: exact, given
        everything the seat knows (see :mod:`gargon_notation.engine.possible`).

        It is worked out from this view alone (the backs, the seat's own cards, the
        discard pile, and the won cards the history shows being won), so it can tell nothing
        the seat may not know; it equals :meth:`GameState.possible(seat)
        <gargon_notation.engine.GameState.possible>` on the whole table.  A place of another
        seat's hand, ``Place(PlaceKind.HAND, other, i)``, is the ``i``-th back of
        ``hands[other]`` (colour order, :attr:`hands`).

        >>> from gargon_notation.engine import Deal, Game, Place, PlaceKind
        >>> game = Game.new(Deal.from_seed("gargon", players=4))
        >>> possible = game.view(1).possible()
        >>> possible == game.snapshot().possible(1), len(possible)
        (True, 92)
        >>> [str(card) for card in game.view(1).hands[0][5:7]]
        ['V?', 'Y?']
        >>> len(possible[Place(PlaceKind.HAND, 0, 5)]), len(possible[Place(PlaceKind.HAND, 0, 6)])
        (15, 13)
        """
        remembered: dict[int, list[Card]] = {}
        for event in self.history:
            if isinstance(event, BattleResolved) and event.winner is not None:
                remembered.setdefault(event.winner, []).extend(event.won)
        won: list[Sequence[AnyCard]] = []
        for other, cards in enumerate(self.won):
            seen = remembered.get(other, [])
            shown_by_backs = any(type(card) is not Card for card in cards)
            won.append(seen if shown_by_backs and len(seen) == len(cards) else cards)
        # The others' cards played face down are backs in a view already.
        return possible_at(
            self.hands, self.piles, self.front, won, self.discard, self.seat, face_down=False
        )

    def _repr_svg_(self) -> str:
        """This seat's table as a picture, for notebooks (:mod:`gargon_notation.web.svg`)."""
        from gargon_notation.web.svg import table_svg

        return table_svg(self)

    @property
    def to_act_here(self) -> bool:
        """True when this seat is the one to decide now.

        >>> from gargon_notation.engine import Deal, Game
        >>> game = Game.new(Deal.from_seed("gargon", players=3))
        >>> game.view(0).to_act_here, game.view(1).to_act_here
        (True, False)
        """
        return self.to_act is not None and self.to_act.seat == self.seat

    def pile_sizes(self) -> tuple[int, int]:
        """The number of cards in pile 1 and pile 2.

        >>> from gargon_notation.engine import Deal, Game
        >>> Game.new(Deal.from_seed("gargon", players=5)).view(0).pile_sizes()
        (26, 26)
        """
        return len(self.piles[0]), len(self.piles[1])

    def score(self) -> Score:
        """The score the won cards give, when the seat can see them all.

        That is only so with ``won_cards_face_up`` (or before any other seat has won a card):
        otherwise raises :class:`ValueError`, as :meth:`GameState.score
        <gargon_notation.engine.GameState.score>` does on a masked snapshot.  The final totals
        are public all the same, in the history's ``GameEnded`` event.

        >>> from gargon_notation.engine import Deal, Game
        >>> Game.new(Deal.from_seed("gargon", players=3)).view(0).score().totals
        (0, 0, 0)
        """
        won = [[card for card in cards if isinstance(card, Card)] for cards in self.won]
        if sum(map(len, won)) != sum(map(len, self.won)):
            raise ValueError("this view hides won cards, so it cannot be scored")
        return score(won, self.ruleset, self.names)
