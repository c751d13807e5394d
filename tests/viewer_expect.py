"""What the viewer must show, worked out from the library alone (never from the viewer's own
data), for tests/test_web_*.py.

- :func:`expected_table`: the table at a step as a viewpoint knew it, zone by zone, from
  ``Replay.state_after`` and ``GameState.seen_by``.
- :func:`allowed_values`: every card value a seat could have seen by each step, from
  ``seen_by`` at that step and before; a seat's page may show no other value.
- :func:`values_in`: the card values written in a text (``R14``; backs are not values).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gargon_notation.cards import AnyCard
from gargon_notation.engine import GameState
from gargon_notation.replay import Replay

VALUE = re.compile(r"(?<![\w'-])[WBVYRG](?:1[0-5]|[0-9])(?![\w'-])")
"""A card value as the viewer writes it (capitals only: the viewer writes no others)."""


def values_in(text: str) -> set[str]:
    """The card values written in ``text``."""
    return set(VALUE.findall(text))


def _texts(cards: Sequence[AnyCard]) -> list[str]:
    return sorted(str(card) for card in cards)


def expected_table(state: GameState, seat: int | None) -> dict[str, object]:
    """The zones the viewer shows at ``state`` for ``seat`` (None: everything the record
    knows), cards sorted as multisets; piles in order, top first.

    A seat's view shows the others' won cards with their values: each was turned up in its
    battle (the leak checks make sure of that).
    """
    shown = state if seat is None else state.seen_by(seat)
    totals = state.score().totals
    return {
        "round": state.round,
        "acting": None if state.to_act is None else state.to_act.seat,
        "seats": {
            str(other): {
                "hand": _texts(shown.hands[other]),
                "front": _texts(shown.front[other]),
                "won": _texts(state.won[other]),
                "points": totals[other],
            }
            for other in range(state.players)
        },
        "pile1": [str(card) for card in shown.piles[0]],
        "pile2": [str(card) for card in shown.piles[1]],
        "discard": _texts(shown.discard),
    }


def allowed_values(result: Replay, seat: int) -> list[set[str]]:
    """For each step, every value ``seat`` had seen by then: in ``seen_by(seat)`` at that
    step or an earlier one (its own hand and draws, the cards turned up in front of the
    table, its won cards, the discard pile)."""
    allowed: list[set[str]] = []
    seen: set[str] = set()
    for step in range(len(result.steps) + 1):
        shown = result.state_after(step).seen_by(seat)
        places = [*shown.hands, *shown.front, *shown.won, *shown.piles, shown.discard]
        places += [cards for cards in shown.played if cards]
        for cards in places:
            seen.update(str(card) for card in cards if not str(card).endswith("?"))
        allowed.append(set(seen))
    return allowed
