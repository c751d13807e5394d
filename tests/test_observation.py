"""The action space at play time (gargon_notation.observation), without pyarrow: what
gg.action_of takes.  The observation arrays are checked against the tables in
tests/test_tables.py."""

from __future__ import annotations

import pytest

import gargon_notation as gg


@pytest.mark.parametrize(
    ("number", "seat", "message"),
    [
        (-5, 0, "number: action -5 is outside 0-144685 (the action space)"),
        (gg.ACTION_SPACE, 0, "number: action 144686 is outside 0-144685 (the action space)"),
        (3, -1, "seat: -1 is not from 0 to 4 (a table seats 3 to 5 players)"),
        (3, 7, "seat: 7 is not from 0 to 4 (a table seats 3 to 5 players)"),
    ],
)
def test_action_of_refuses_a_number_or_seat_out_of_range(
    number: int, seat: int, message: str
) -> None:
    """A gg.ArgumentError (action_of(-5, 0) was a plain ValueError, and seat=-1 or 7 gave
    Play(seat=-1, ...), an action of no seat)."""
    with pytest.raises(gg.ArgumentError) as refused:
        gg.action_of(number, seat)
    assert str(refused.value) == message


def test_action_of_takes_any_integer_and_refuses_what_is_not_one() -> None:
    class Numpyish:
        """An integer of another library (numpy's int64 has ``__index__`` too)."""

        def __index__(self) -> int:
            return 3

    assert gg.action_of(Numpyish(), Numpyish()) == gg.action_of(3, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^number: a whole number \(int\), not str '3'$"):
        gg.action_of("3", 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seat: a whole number \(int\), not float 1.0$"):
        gg.action_of(3, 1.0)  # type: ignore[arg-type]


def test_observe_refuses_what_is_not_a_seats_view_or_a_seat_without_a_decision() -> None:
    """observe(None) was an AttributeError ('NoneType' object has no attribute 'players')."""
    with pytest.raises(TypeError, match=r"^observe: view is a gg.SeatView \(game.view\(seat\)\), "):
        gg.observe(None)  # type: ignore[arg-type]
    game = gg.Game.new(gg.Deal.from_seed("evening", players=4))
    with pytest.raises(gg.ArgumentError, match=r"^observe: Player 2 has no decision to make now"):
        gg.observe(game.view(1))
