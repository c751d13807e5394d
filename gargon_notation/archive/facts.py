"""Facts about a game that only a replay knows, for ``gargon filter --has``.

One walk through the rules engine (:func:`~gargon_notation.replay.walk`, lenient), then one
pass over the events of its game (:func:`facts_of`; :class:`FactsVisitor` for a walk with
other visitors), gives a :class:`Replayed`: the verdict, whether the game is finished, its
winners, and which of the facts it shows (:data:`~gargon_notation.archive.query.FACTS` names
and defines them).

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> replayed = replay_facts(record_from_simulation(simulate(4, "606.1")))
>>> replayed.valid, replayed.finished, replayed.winners, sorted(replayed.facts)
(True, True, ('Collette',), ['forgot', 'sweep'])
"""

from __future__ import annotations

import attrs

from gargon_notation.archive.query import FACTS
from gargon_notation.arguments import record_argument
from gargon_notation.cards import Colour
from gargon_notation.engine import (
    BattleKind,
    BattleResolved,
    DrawForgotten,
    DrawSkipped,
    GameEnded,
    RoundEnded,
)
from gargon_notation.notation import GameRecord
from gargon_notation.replay.walker import Outcome, Visitor, walk

__all__ = ["FACTS", "FactsVisitor", "Replayed", "facts_of", "replay_facts"]


@attrs.frozen
class Replayed:
    """What a replay says of a game: valid (no problem), finished (the game reached its end),
    the winners (names; empty unless finished) and the facts it shows."""

    valid: bool
    finished: bool
    winners: tuple[str, ...]
    facts: frozenset[str]


def facts_of(outcome: Outcome) -> frozenset[str]:
    """Which facts a walk's outcome shows, from the events of its game (built once, after the
    walk; a walk without visitors pays for no step-by-step event).

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> sorted(facts_of(walk(record_from_simulation(simulate(3, "f3.8")))))
    ['forgot', 'sweep', 'zero-clash']
    """
    game = outcome.game
    if game is None:
        return frozenset()
    found: set[str] = set()
    zeros: dict[tuple[int | None, Colour], int] = {}
    winners: list[int | None] = []  # of the battles of the round
    for event in game.events_of(BattleResolved, DrawForgotten, DrawSkipped, RoundEnded, GameEnded):
        if isinstance(event, BattleResolved):
            winners.append(event.winner)
            if event.kind is BattleKind.ZEROS:
                found.add("zero-clash")
            for card in event.won if event.winner is not None else ():
                if card.value == 0:
                    key = (event.winner, card.colour)
                    zeros[key] = zeros.get(key, 0) + 1
                    if zeros[key] == 2:
                        found.add("zero-pair")
        elif isinstance(event, DrawForgotten):
            found.add("forgot")
        elif isinstance(event, DrawSkipped):
            found.add("lapsed-draw")
        elif isinstance(event, RoundEnded):
            if len(winners) >= 2 and len(set(winners)) == 1 and winners[0] is not None:
                found.add("sweep")
            winners = []
        elif isinstance(event, GameEnded):
            if len(event.winners) > 1:
                found.add("shared-win")
            if not game.snapshot().last_card_taken:
                found.add("no-cards-end")
    return frozenset(found)


class FactsVisitor(Visitor):
    """The facts as a visitor, for a walk that serves other visitors too: :attr:`facts`
    holds them once the walk is over (see :func:`facts_of`)."""

    def __init__(self) -> None:
        self.facts: frozenset[str] = frozenset()

    def end_game(self, outcome: Outcome) -> None:
        self.facts = facts_of(outcome)


def replay_facts(record: GameRecord) -> Replayed:
    """Replay ``record`` once (leniently: never raises for a bad record) and say what it
    shows.

    Raises :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient :func:`~gargon_notation.files.load` gives it), :class:`TypeError` for anything
    else that is not a record.
    """
    if type(record) is not GameRecord:
        record = record_argument(record, "replay_facts")
    outcome = walk(record)
    winners: tuple[str, ...] = ()
    game = outcome.game
    if game is not None and game.is_over:
        winners = tuple(game.names[seat] for seat in game.score().winners)
    return Replayed(outcome.valid, outcome.finished, winners, facts_of(outcome))
