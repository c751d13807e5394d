"""The checks of arguments that every function of the library shares."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

import gargon_notation as gg
from gargon_notation.arguments import name_texts

DEAL = gg.Deal.from_seed("gargon", players=3)

TAKING_NAMES: dict[str, tuple[str, Callable[[object], object]]] = {
    "parse_action": ("players", lambda names: gg.parse_action("P1 B0", names)),
    "format_action": ("players", lambda names: gg.format_action(gg.Pass(0, (1, 2)), names)),
    "Recording.new": ("players", lambda names: gg.Recording.new(names)),
    "Game.new": ("names", lambda names: gg.Game.new(DEAL, names=names)),
    "simulate": ("names", lambda names: gg.simulate(3, "club", names=names)),
}
"""The functions given players' names, each with the name of that parameter."""


def endless(taken: list[str]) -> Iterator[str]:
    """Names without end, each noted in ``taken`` as it is given; the hundredth fails the
    test rather than let it run for ever."""
    while True:
        taken.append(f"P{len(taken) + 1}")
        assert len(taken) < 100, "the names were read on and on"
        yield taken[-1]


@pytest.mark.parametrize("function", list(TAKING_NAMES))
def test_an_endless_generator_of_names_is_refused_after_six(function: str) -> None:
    """Names given by a generator, in seat order, as the functions take them: an endless
    one was read to its end, which never came (the call hung, memory growing); now six are
    read, one more than a table seats, and the names are refused."""
    parameter, call = TAKING_NAMES[function]
    taken: list[str] = []
    with pytest.raises(gg.ArgumentError) as raised:
        call(endless(taken))  # type: ignore[arg-type]
    assert str(raised.value) == (
        f"{parameter}: more than 5 names given, where a table seats 3 to 5 players"
    )
    assert taken == ["P1", "P2", "P3", "P4", "P5", "P6"]


def test_a_generator_of_a_table_s_names_is_taken_and_a_list_counted() -> None:
    """Five names from a generator are a table's (it is read to its end); a list of six is
    counted by the callers, who say how many."""
    assert name_texts(name for name in ("A", "B", "C", "D", "E")) == ("A", "B", "C", "D", "E")
    with pytest.raises(gg.ArgumentError) as raised:
        gg.parse_action("P1 B0", ["P1", "P2", "P3", "P4", "P5", "P6"])
    assert str(raised.value) == "players: Gargon is played by 3 to 5 players, not 6"
    with pytest.raises(TypeError) as not_text:
        name_texts(iter(["Ann", 7]), "players")
    assert str(not_text.value) == "players: each name is a text (str), not int 7"
