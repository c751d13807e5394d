"""What a game keeps: the attributes of :class:`~gargon_notation.engine.Game`, and its history.

:class:`~gargon_notation.engine.Game` is assembled from parts, each in a module of its own:

- :mod:`~gargon_notation.engine.checks`: why a proposed action is illegal;
- :mod:`~gargon_notation.engine.legal`: the legal actions, listed and counted;
- :mod:`~gargon_notation.engine.progress`: actions applied, then battles and rounds;
- :mod:`~gargon_notation.engine.viewing`: what one seat may know (:meth:`Game.view`);
- :mod:`~gargon_notation.engine.game`: the class itself, its construction and questions.

:class:`Table` is their common base: it declares once what each attribute holds (``Game``
sets them all in its ``__init__``), and reads the history of events.  Events are logged as
(class, arguments) and built only when asked for.

>>> from gargon_notation.engine import Deal, Game, RoundStarted
>>> game = Game.new(Deal.from_seed("s", players=3))
>>> game.event_count, game.events
(1, [RoundStarted(number=1, start=0, skipped=())])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine.actions import Action, Event, SeenEvent
from gargon_notation.engine.knowledge import Knowledge
from gargon_notation.engine.scoring import Score
from gargon_notation.engine.state import Decision, no_seat
from gargon_notation.errors import ArgumentError
from gargon_notation.rules import Ruleset

if TYPE_CHECKING:
    from gargon_notation.engine.legal import Tally
    from gargon_notation.engine.viewing import SeatLog

__all__ = ["Table"]


class Table:
    """The state of a game between decisions, as the engine keeps it (mutable, in place)."""

    ruleset: Ruleset
    names: tuple[str, ...]
    actions: list[Action]
    """Every action applied, in order."""
    _log: list[tuple[Callable[..., Event], tuple[Any, ...]]]
    """Every event so far as (class, arguments), in order."""
    _events: list[Event]
    """The events of ``_log`` built so far (a prefix of it)."""
    _players: int
    _play_decisions: tuple[Decision, ...]
    _choose_decisions: tuple[Decision, ...]
    _draw_decisions: tuple[Decision, ...]
    """Each seat's decision of each kind: values shared by every game of this size."""
    _rotations: tuple[tuple[int, ...], ...]
    """For each seat, the seats in order of choosing from it: itself, then clockwise."""
    _hands: list[list[AnyCard]]
    _piles: tuple[list[AnyCard], list[AnyCard]]
    """Piles 1 and 2, bottom first so that drawing pops from the end."""
    _front: list[dict[Colour, list[Card]]]
    """Each seat's cards in front, by colour, strongest first within a colour."""
    _won: list[list[Card]]
    _discard: list[Card]
    _knowledge: Knowledge
    _round: int
    _start: int
    """The current round's start player."""
    _order: list[int]
    """The seats in the order they act this round: the start player, then clockwise."""
    _turn: int
    """How many seats have acted in this round's card play phase."""
    _played: list[tuple[Card, ...] | None]
    """What each seat did this round: its cards, ``()`` for a pass, None if not yet."""
    _pattern: tuple[int, ...] | None
    """The pattern led this round, None until a seat plays."""
    _leader: int
    _colours_played: set[Colour]
    _chooser: int
    """The seat that chose last in the battle phase (or will choose first)."""
    _second_fight: Colour | None
    """A colour whose second fight is still to come."""
    _owed: deque[int]
    """The seats owing replacement draws, in the order they draw."""
    _decision: Decision | None
    _last_card_taken: bool
    _final: Score | None
    _tally: Tally | None
    _tally_hidden: bool
    """Whether the tallied game held cards of unknown value when the tally began."""
    # Seat views (viewing): by position in the log, a draw or a play as the seats other
    # than its own see it (None for an event every seat sees alike), and each seat's log of
    # the events as it saw them (both append-only, brought up to date when a view is taken;
    # a view is handed tuples of its seat's log, never these lists).
    _colours_frozen: frozenset[Colour]
    _shown: list[SeenEvent | None]
    _seen: list[SeatLog]
    # Kept between decisions for the views, each entry None once stale: the hands as backs
    # in colour order (which slot a card lies in is the engine's, not the table's), the
    # cards in front face up, and (card play phase) face down, with the plays as the
    # others see them; pile backs (a pile only ever loses its top); won cards as backs and
    # the discard pile (they only ever grow: kept by length).
    _hand_backs: list[tuple[HiddenCard, ...] | None]
    _front_open: list[tuple[Card, ...] | None]
    _front_shut: list[tuple[HiddenCard, ...] | None]
    _played_shut: list[tuple[AnyCard, ...] | None]
    _pile_backs: tuple[tuple[HiddenCard, ...], tuple[HiddenCard, ...]] | None
    _won_backs: list[tuple[HiddenCard, ...]]
    _won_sizes: list[int]
    _discard_view: tuple[Card, ...]

    def _no_seat(self, seat: object) -> ArgumentError:
        return ArgumentError(no_seat(seat, self._players))

    @property
    def event_count(self) -> int:
        """How many events there have been (without building them)."""
        return len(self._log)

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order (built when asked for, then kept)."""
        built = self._events
        if len(built) < len(self._log):
            built.extend(cls(*args) for cls, args in self._log[len(built) :])
        return built

    def events_since(self, mark: int) -> list[Event]:
        """The events from the ``mark``-th on (``mark``: :attr:`event_count` before an
        action, so the events it caused), building only those not yet built.

        >>> from gargon_notation.engine import Deal, Game, Play
        >>> game = Game.new(Deal.from_seed("s", players=3))
        >>> mark = game.event_count
        >>> game.push(game.legal_actions()[0])
        >>> [type(event).__name__ for event in game.events_since(mark)]
        ['Played']
        """
        built = self._events
        if mark >= len(built):
            return [cls(*args) for cls, args in self._log[mark:]]
        return built[mark:] + [cls(*args) for cls, args in self._log[len(built) :]]

    def events_of(self, *kinds: type[Event]) -> Iterator[Event]:
        """The events of these classes so far, in order, building none of the others: cheaper
        than :attr:`events` for a reader of a few kinds (those already built are reused).

        >>> from gargon_notation.engine import Deal, Game, RoundStarted
        >>> game = Game.new(Deal.from_seed("s", players=3))
        >>> [event.number for event in game.events_of(RoundStarted)]
        [1]
        """
        built = self._events
        yield from (event for event in built if isinstance(event, kinds))
        for cls, args in self._log[len(built) :]:
            if cls in kinds:
                yield cls(*args)

    def fields_of(self, kind: type[Event]) -> list[tuple[Any, ...]]:
        """The events of class ``kind`` so far, each as the values of its fields in order
        (``kind(*fields)`` is the event), building none: the cheapest reading of the
        history, for readers of many games.

        >>> from gargon_notation.engine import Deal, Game, RoundStarted
        >>> game = Game.new(Deal.from_seed("s", players=3))
        >>> game.fields_of(RoundStarted)
        [(1, 0, ())]
        """
        return [fields for cls, fields in self._log if cls is kind]
