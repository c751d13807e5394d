"""The server's checks: a big file's diagnostics published as they are found."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("pygls", reason="pip install 'gargon-notation[lsp]'")

from gargon_notation.lsp import schedule
from gargon_notation.lsp.document import Document

# Bob plays out of turn: one problem a game, at its second line.
GAME = '[Players "Ann" "Bob" "Cy"]\n1. Bob Y2\n*\n'
URI = "file:///club/many.ggn"


def published_while_checking(text: str) -> list[tuple[bool, list[int]]]:
    """What the checks of ``text`` publish: for each publication, whether it is of the
    diagnostics found so far, and their lines."""
    document = Document()
    document.update(text)
    sent: list[tuple[bool, list[int]]] = []

    def publish(uri: str, so_far: bool) -> int:
        assert uri == URI
        found = document.diagnostics_so_far() if so_far else document.diagnostics()
        sent.append((so_far, [diagnostic.span.start[0] for diagnostic in found]))
        return len(found)

    def fail(uri: str, error: Exception) -> None:
        raise AssertionError(f"{uri}: {error!r}")

    async def run() -> None:
        checks = schedule.Checks(lambda uri: document, publish, fail)
        checks.soon(URI, delay=0)
        while checks._tasks:
            await asyncio.sleep(0)

    asyncio.run(run())
    return sent


def test_a_long_check_publishes_the_problems_found_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The diagnostics of a file of 3,000 games came all at once, after the last game was
    checked (6 to 70 s); now those found so far are published every second meanwhile
    (here: a game a slice, published after each slice that found more)."""
    monkeypatch.setattr(schedule, "SLICE", 0)
    monkeypatch.setattr(schedule, "EARLY", 0)
    sent = published_while_checking(GAME * 3)
    assert sent == [(True, [1]), (True, [1, 4]), (False, [1, 4, 7])]


def test_a_check_shorter_than_early_publishes_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule, "SLICE", 0)
    monkeypatch.setattr(schedule, "EARLY", 3600)
    assert published_while_checking(GAME * 3) == [(False, [1, 4, 7])]


def test_nothing_found_so_far_is_not_published(monkeypatch: pytest.MonkeyPatch) -> None:
    """A publication of no diagnostics while the check goes on would say nothing."""
    monkeypatch.setattr(schedule, "SLICE", 0)
    monkeypatch.setattr(schedule, "EARLY", 0)
    fine = GAME.replace("Bob Y2", "Ann Y2")
    sent = published_while_checking(fine * 2 + GAME)
    assert sent == [(False, [7])]


def test_the_last_publication_of_a_check_is_sent_even_when_nothing_more_was_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An editor tells the problems found so far from the whole list by order alone
    (docs/editors.md: no ``$/progress`` is sent): each publication holds the last one's,
    and the whole list comes last, here the same as the last found so far."""
    monkeypatch.setattr(schedule, "SLICE", 0)
    monkeypatch.setattr(schedule, "EARLY", 0)
    fine = GAME.replace("Bob Y2", "Ann Y2")
    sent = published_while_checking(GAME * 2 + fine)
    assert sent == [(True, [1]), (True, [1, 4]), (False, [1, 4])]
