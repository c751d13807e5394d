"""What a game keeps (gargon_notation.engine.table): its history of events, read in parts."""

from __future__ import annotations

from gargon_notation.bots import simulate
from gargon_notation.engine import Deal, Game


def test_the_events_since_a_mark_are_those_the_history_holds_from_it() -> None:
    """Built only from the mark (none built before), or partly from those already built:
    always the events of :attr:`Game.events` from the mark, and the history is unchanged."""
    simulated = simulate(4, "table", "greedy")
    played = simulated.game

    def new() -> Game:
        return Game.new(simulated.deal, simulated.start, played.ruleset, simulated.names)

    fresh, built = new(), new()
    for number, action in enumerate(played.actions):
        marks = (fresh.event_count, max(fresh.event_count - 3, 0))
        fresh.push(action)
        built.push(action)
        if number % 5 == 0:
            assert built.events  # built up to here: the next marks are partly built
        for mark in marks:
            now = played.events[mark : fresh.event_count]
            assert fresh.events_since(mark) == built.events_since(mark) == now
    assert fresh.events == played.events
    assert Game.new(Deal.from_seed("s", players=3)).events_since(5) == []
