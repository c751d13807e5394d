"""Derived events as JSON: what the engine derived while replaying a record, so that other
tools need not implement the rules again.

Each event is a dictionary with a ``type`` and the ``step`` (from 1) of the decision that
caused it (0: before the first decision).  Seats are given as player names.  The types:

- ``round-started``: ``round``, ``start`` (the start player), ``skipped`` (players passed
  over for holding no card).
- ``played``: ``player``, ``cards``, ``pattern`` (group sizes, largest first).
- ``passed``: ``player``, ``piles`` (the piles drawn from, in order).
- ``card-drawn``: ``player``, ``pile``, ``card`` (as far as it is known), ``replacement``
  (true for a draw owed after a lost fight, false for a pass).
- ``pile-emptied``: ``pile`` (the game ends when this round ends).
- ``colour-chosen``: ``player`` (the chooser), ``colour``.
- ``battle``: ``colour``, ``fight`` (1 or 2), ``kind`` (``alone``, ``fight``, ``last-card``,
  ``zeros``), ``fighters`` (``player`` and ``card`` each), ``winner`` (null: nobody, two 0s),
  ``won``, ``discarded``, ``owed`` (the players who now owe a replacement draw, in order).
- ``draw-forgotten``: ``player`` (an owed draw the player forgot), ``repaired`` (true when
  the record did not write the draw and the replay took it as forgotten).
- ``draw-lapsed``: ``player`` (an owed draw that lapsed: both piles were empty).
- ``round-ended``: ``round``, ``next_start`` (null: the game is over).
- ``game-ended``: ``reason`` (``pile-emptied`` or ``no-cards``), ``winners``, and ``score``:
  per player ``total``, ``bonus``, ``amulets`` and per colour ``cards``, ``zeros``,
  ``amulets``, ``multiplier``, ``bonus``, ``points``.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> events = events_json(record_from_simulation(simulate(3, "demo")))
>>> events[0]
{'type': 'round-started', 'step': 0, 'round': 1, 'start': 'Adam', 'skipped': []}
>>> events[-1]["type"], events[-1]["reason"]
('game-ended', 'pile-emptied')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gargon_notation.cards import AnyCard
from gargon_notation.engine import (
    BattleResolved,
    CardDrawn,
    Choose,
    DrawForgotten,
    DrawSkipped,
    Event,
    Game,
    GameEnded,
    Passed,
    PileEmptied,
    Played,
    RoundEnded,
    RoundStarted,
    Score,
)
from gargon_notation.notation import model
from gargon_notation.replay.walker import Outcome, Step, Visitor, walk

__all__ = ["EventsVisitor", "event_json", "events_json", "score_json"]


def _cards(cards: Iterable[AnyCard]) -> list[str]:
    return [str(card) for card in cards]


def score_json(score: Score) -> dict[str, Any]:
    """A score as JSON: per player the total, bonus and amulets, and each colour's detail."""
    return {
        player.name: {
            "total": player.total,
            "bonus": player.bonus,
            "amulets": player.amulets,
            "colours": {
                c.colour.value: {
                    "cards": c.cards,
                    "zeros": c.zeros,
                    "amulets": c.amulets,
                    "multiplier": c.multiplier,
                    "bonus": c.bonus,
                    "points": c.points,
                }
                for c in player.colours
                if c.cards
            },
        }
        for player in score.players
    }


def event_json(event: Event, names: Sequence[str]) -> dict[str, Any]:
    """One engine event as JSON (without ``step``; ``game-ended`` without ``reason`` and
    ``score``, which need the game)."""
    if isinstance(event, RoundStarted):
        return {
            "type": "round-started",
            "round": event.number,
            "start": names[event.start],
            "skipped": [names[seat] for seat in event.skipped],
        }
    if isinstance(event, Played):
        return {
            "type": "played",
            "player": names[event.seat],
            "cards": _cards(event.cards),
            "pattern": list(event.pattern),
        }
    if isinstance(event, Passed):
        return {"type": "passed", "player": names[event.seat], "piles": list(event.piles)}
    if isinstance(event, CardDrawn):
        return {
            "type": "card-drawn",
            "player": names[event.seat],
            "pile": event.pile,
            "card": str(event.card),
            "replacement": event.replacement,
        }
    if isinstance(event, PileEmptied):
        return {"type": "pile-emptied", "pile": event.pile}
    if isinstance(event, BattleResolved):
        return {
            "type": "battle",
            "colour": event.colour.value,
            "fight": event.fight,
            "kind": event.kind.value,
            "fighters": [{"player": names[seat], "card": str(card)} for seat, card in event.cards],
            "winner": names[event.winner] if event.winner is not None else None,
            "won": _cards(event.won),
            "discarded": _cards(event.discarded),
            "owed": [names[seat] for seat in event.losers],
        }
    if isinstance(event, DrawForgotten):
        return {"type": "draw-forgotten", "player": names[event.seat], "repaired": False}
    if isinstance(event, DrawSkipped):
        return {"type": "draw-lapsed", "player": names[event.seat]}
    if isinstance(event, RoundEnded):
        following = event.next_start
        return {
            "type": "round-ended",
            "round": event.number,
            "next_start": names[following] if following is not None else None,
        }
    assert isinstance(event, GameEnded)
    return {"type": "game-ended", "winners": [names[seat] for seat in event.winners]}


class EventsVisitor(Visitor):
    """Collects the derived events of a walk as JSON (see the module doc) in :attr:`events`."""

    wants_events = True

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.names: tuple[str, ...] = ()

    def _add(self, event: Event, step: int, game: Game) -> None:
        found = {"type": "", "step": step}
        found.update(event_json(event, self.names))
        if isinstance(event, GameEnded):
            found["reason"] = "pile-emptied" if game.snapshot().last_card_taken else "no-cards"
            found["score"] = score_json(game.score())
        self.events.append(found)

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.names = game.names
        for event in game.events:
            self._add(event, 0, game)

    def visit_step(self, step: Step, game: Game) -> None:
        action = step.action
        if isinstance(action, Choose):
            self.events.append(
                {
                    "type": "colour-chosen",
                    "step": step.number,
                    "player": self.names[action.seat],
                    "colour": action.colour.value,
                }
            )
        for event in step.events:
            self._add(event, step.number, game)
            if isinstance(event, DrawForgotten) and step.element is None:
                self.events[-1]["repaired"] = True


def events_json(record: model.GameRecord) -> list[dict[str, Any]]:
    """The derived events of ``record`` as JSON-ready dictionaries, in order (as far as a
    lenient replay gets; none when the record cannot be set up)."""
    visitor = EventsVisitor()
    walk(record, [visitor])
    return visitor.events
