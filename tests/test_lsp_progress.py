"""The progress of a long check: a token asked for once, begun when the editor has made it,
ended with the check."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("pygls", reason="pip install 'gargon-notation[lsp]'")

if TYPE_CHECKING:  # it imports lsprotocol.types: a second that collecting need not take
    from gargon_notation.lsp.progress import CheckProgress

URI = "file:///club/many.ggn"


def tracked() -> tuple[CheckProgress, list[Any], list[Callable[[bool], None]]]:
    """A progress, what it sends (``create`` and each value), and the editor's answers to
    come (call one to answer)."""
    sent: list[Any] = []
    answers: list[Callable[[bool], None]] = []

    def create(token: str, done: Callable[[bool], None]) -> None:
        sent.append(("create", token))
        answers.append(done)

    def notify(token: str, value: Any) -> None:
        sent.append((token, value.kind, getattr(value, "message", None)))

    from gargon_notation.lsp.progress import CheckProgress

    return CheckProgress(create, notify), sent, answers


def test_nothing_is_published_as_partial_before_the_editor_makes_the_token() -> None:
    progress, sent, answers = tracked()
    assert progress.partial(URI, 1, 4) is False
    assert progress.partial(URI, 2, 4) is False  # still waiting: no second token asked for
    answers[0](True)
    assert progress.partial(URI, 3, 4) is True
    progress.end(URI)
    assert sent == [
        ("create", "gargon-check-1"),
        ("gargon-check-1", "begin", "2 of 4 games"),
        ("gargon-check-1", "report", "3 of 4 games"),
        ("gargon-check-1", "end", None),
    ]


def test_a_check_over_before_the_editor_answers_begins_and_ends_at_once() -> None:
    progress, sent, answers = tracked()
    progress.partial(URI, 1, 4)
    progress.end(URI)
    answers[0](True)
    assert sent == [
        ("create", "gargon-check-1"),
        ("gargon-check-1", "begin", "1 of 4 games"),
        ("gargon-check-1", "end", None),
    ]
    assert progress.partial(URI, 1, 4) is False  # the next check: a token of its own
    assert sent[-1] == ("create", "gargon-check-2")


def test_a_token_the_editor_refuses_leaves_the_publications_plain() -> None:
    progress, sent, answers = tracked()
    progress.partial(URI, 1, 4)
    answers[0](False)
    assert progress.partial(URI, 2, 4) is True
    progress.end(URI)
    assert sent == [("create", "gargon-check-1")]


def test_the_title_names_the_file_as_its_name_is_written_not_as_its_uri_quotes_it() -> None:
    """'Checking Fr%C3%BChjahrs%20Cup.ggn' (found by a review)."""
    from gargon_notation.lsp.progress import CheckProgress

    titles: list[str] = []
    progress = CheckProgress(
        lambda token, done: done(True),
        lambda token, value: titles.append(getattr(value, "title", "")),
    )
    progress.partial("file:///club/Fr%C3%BChjahrs%20Cup.ggn", 1, 4)
    assert titles == ["Checking Fr\u00fchjahrs Cup.ggn"]
