"""Rule errors: every record in tests/data/invalid/rules/ gives exactly its recorded problems.

Each ``NAME.ggn`` is well written (it parses) but breaks one rule of the game or states one
derived fact wrongly.  ``NAME.expected`` holds ``str(problem)`` of every problem a lenient
replay finds, in order, one after the other (a problem's context and repair lines are
indented, so each problem starts a new unindented line).
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from gargon_notation.notation import GameRecord, parse_game
from gargon_notation.replay import ReplayError, replay

DATA = Path(__file__).parent / "data" / "invalid" / "rules"
FILES = sorted(DATA.glob("*.ggn"))

STOPS = frozenset({"fights-incomplete"})
"""Codes after which the replay cannot follow the record (a round whose fights stop early
leaves the next round's state unknown), so the rest is listed as not checked."""

BUGS: dict[str, str] = {}
"""Files whose expected text is the correct behaviour that the code does not give yet."""


def params(paths: list[Path]) -> list[object]:
    return [
        pytest.param(
            path,
            id=path.stem,
            marks=[pytest.mark.xfail(strict=True, reason=BUGS[path.stem])]
            if path.stem in BUGS
            else [],
        )
        for path in paths
    ]


def read(path: Path) -> GameRecord:
    return parse_game(path.read_text(encoding="utf-8"), source=path.name)


def expected_code(path: Path) -> str:
    """The rule code of the one problem the file is about (from the last ``[code]``)."""
    text = path.with_suffix(".expected").read_text(encoding="utf-8")
    found = re.findall(r"\[([a-z-]+)\]$", text, flags=re.MULTILINE)
    assert len(found) == 1, path.name
    return found[0]


def test_there_are_enough_broken_records() -> None:
    assert len(FILES) >= 24
    for path in FILES:
        assert path.with_suffix(".expected").is_file(), path.name


def test_every_code_the_records_can_break_is_covered() -> None:
    codes = {expected_code(path) for path in FILES}
    assert codes == {
        # the engine's rule codes that a record can reach
        "not-your-turn",
        "wrong-decision",
        "game-over",
        "play-size",
        "three-of-a-colour",
        "pattern-mismatch",
        "last-seat-new-colour",
        "start-must-play",
        "card-unknown",
        "card-not-in-hand",
        "card-conservation",
        "draw-count",
        "pile-empty",
        "colour-not-in-front",
        "draw-mismatch",
        # the bridge's own codes
        "header",
        "unknown-player",
        "round-number",
        "deal-mismatch",
        "deal-size",
        "winner-mismatch",
        "score-mismatch",
        "score-twice",
        "result-mismatch",
        "game-not-over",
        "game-over-unmarked",
        "record-incomplete",
        "draw-order",
        "fights-incomplete",
        "fights-order",
    }


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_broken_record_parses(path: Path) -> None:
    record = read(path)
    assert record.source == path.name
    assert record.rounds or record.setup or record.tags


@pytest.mark.parametrize("path", params(FILES))
def test_lenient_replay_gives_the_recorded_problems(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8")
    result = replay(read(path))
    assert "".join(f"{problem}\n" for problem in result.problems) == expected
    assert not result.valid


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_record_breaks_exactly_one_rule(path: Path) -> None:
    result = replay(read(path))
    assert len(result.problems) == 1
    assert result.problems[0].code == expected_code(path)
    if expected_code(path) in STOPS:
        assert "each later round was checked on its own" in (result.unchecked[-1])
    else:
        assert all("not checked" not in note for note in result.unchecked)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_strict_replay_raises_the_first_problem(path: Path) -> None:
    first = replay(read(path)).problems[0]
    with pytest.raises(ReplayError) as caught:
        replay(read(path), strict=True)
    # A strict replay repairs nothing, so its problem carries no repair note.
    assert caught.value.problem == attrs.evolve(first, repair=None)
    assert str(caught.value) == str(caught.value.problem)
    assert str(caught.value.problem) == str(first).replace(f"\n    {first.repair}", "")
