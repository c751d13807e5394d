"""The language server's documents (gargon_notation/lsp/document.py, lines.py,
splitting.py): an edit cuts again only the games around it and checks only the games it
touched, with what a whole new reading finds; a checked game keeps its diagnostics and
outline, not its record and replay."""

from __future__ import annotations

import random

import pytest

import gargon_notation as gg
from gargon_notation.lsp import splitting
from gargon_notation.lsp.document import KEPT, Document
from gargon_notation.lsp.lines import Dirty, replace, split_lines

PIECES = [*'*\n\r[]{};" ,()\t\ufeff\x00\u00e9', "\r\n", "1. ", "end", "pass", "R2", "\n*\n"]
PIECES.append('\n[Event "q"]\n')


@pytest.fixture(scope="module")
def twenty() -> str:
    """Twenty simulated games in one document."""
    records = [gg.record_from_simulation(gg.simulate(4, f"lsp.{k}")) for k in range(1, 21)]
    return gg.dumps(records)


def position(lines: tuple[str, ...], index: int) -> tuple[int, int]:
    """The line and column of the character at ``index`` of the lines' text."""
    for number, line in enumerate(lines):
        if index < len(line) or (index == len(line) and not line.endswith(("\n", "\r"))):
            return number, index
        index -= len(line)
    return len(lines), index


def seen(document: Document) -> object:
    """What the features are given: places, diagnostics, outline, formatting."""
    places = [(game.number, game.first_line, game.lines) for game in document.games]
    return places, document.diagnostics(), document.symbols(), document.formatted()


def test_a_change_is_applied_as_to_the_text(twenty: str) -> None:
    rng = random.Random(5)
    text = twenty.replace("\n", "\r\n", 40)
    lines = split_lines(text)
    for _ in range(300):
        start = rng.randrange(len(text) + 1)
        end = min(len(text), start + rng.choice([0, 0, 1, 3, 80]))
        new = rng.choice(PIECES)
        lines, first, old_end, new_end = replace(
            lines, position(lines, start), position(lines, end), new
        )
        text = text[:start] + new + text[end:]
        assert lines == split_lines(text)
        assert old_end - first <= end - start + 3 and new_end >= first


def test_edits_find_what_a_whole_reading_finds(twenty: str) -> None:
    """Random edits (line ends, comments opened, games joined and cut, byte-order marks, a
    NUL), one to three at a time: the games, diagnostics, outline and formatting are those of
    the whole text read afresh."""
    rng = random.Random(11)
    for _ in range(6):
        lines = split_lines(twenty)
        document = Document()
        document.take(lines, None)
        for _ in range(8):
            dirty: Dirty | None = None
            for _ in range(rng.randint(1, 3)):
                text = "".join(lines)
                start = rng.randrange(len(text) + 1)
                end = min(len(text), start + rng.choice([0, 0, 2, 40, 300]))
                lines, first, old_end, new_end = replace(
                    lines, position(lines, start), position(lines, end), rng.choice(PIECES)
                )
                dirty = (dirty or Dirty(first, first, 0)).then(first, old_end, new_end)
            document.take(lines, dirty)
            fresh = Document()
            fresh.update("".join(lines))
            assert seen(document) == seen(fresh)


def test_an_edit_cuts_again_only_the_games_around_it(
    twenty: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = Document()
    lines = split_lines(twenty)
    document.take(lines, None)
    assert document.diagnostics() == []
    made: list[int] = []
    resplit = splitting.resplit

    def counted(*args: object) -> object:
        found = resplit(*args)  # type: ignore[arg-type]
        made.append(len(found[1]))  # type: ignore[index]
        return found

    monkeypatch.setattr("gargon_notation.lsp.document.resplit", counted)
    line = document.games[9].first_line + 6  # in game 10's rounds
    after = [game.first_line for game in document.games[10:]]
    lines, first, old_end, new_end = replace(lines, (line, 0), (line, 0), "{a note}\n")
    document.take(lines, Dirty(first, first, 0).then(first, old_end, new_end))
    assert made == [2]  # games 9 and 10; 11 to 20 moved down a line
    assert [game.first_line for game in document.games[10:]] == [start + 1 for start in after]
    assert (document.diagnostics(), document.analysed) == ([], 21)


def test_a_checked_game_keeps_no_record(twenty: str) -> None:
    """932 MB for a 5 MB file: each game's record and replay were kept.  They are read
    again for a hover or a completion, and the last few kept."""
    document = Document()
    document.update(twenty)
    assert document.diagnostics() == []
    assert all(not hasattr(game.checked, "record") for game in document.games)
    for game in document.games:
        assert document.analysis(game).result is not None
    assert len(document._kept) == KEPT
    assert document.analysis(document.games[-1]) is document.analysis(document.games[-1])
