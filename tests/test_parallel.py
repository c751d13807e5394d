"""gargon_notation.parallel: results in input order, errors in their place, whatever the jobs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gargon_notation import parallel
from gargon_notation.parallel import Workers, batches


class ReadingFailed(Exception):
    pass


def reading(count: int, fail: bool) -> Iterator[int]:
    yield from range(count)
    if fail:
        raise ReadingFailed(f"after {count}")


def square_or_fail(number: int) -> int:
    if number == 13:
        raise ValueError("thirteen")
    return number * number


def test_batches_are_cut_at_items_by_count_and_size() -> None:
    assert [len(batch) for batch in batches(range(130))] == [64, 64, 2]
    assert [len(batch) for batch in batches([b"x" * 100_000] * 5, size=len)] == [3, 2]
    assert list(batches([])) == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_in_order_then_the_reading_error(
    jobs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader's error comes after the results of everything read before it, though the
    reading runs ahead of the results (ten batches for two workers)."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 4)
    seen: list[tuple[int, int]] = []
    with Workers(jobs) as workers, pytest.raises(ReadingFailed, match="after 40"):
        for pair in workers.map(abs, reading(40, fail=True), send=lambda n: -n):
            seen.append(pair)
    assert seen == [(n, n) for n in range(40)]


def test_an_error_of_the_work_comes_in_its_place() -> None:
    seen: list[int] = []
    with Workers(1) as workers, pytest.raises(ValueError, match="thirteen"):
        for _, result in workers.map(square_or_fail, range(20)):
            seen.append(result)
    assert seen == [n * n for n in range(13)]


def test_stopping_early_leaves_no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_GAMES", 2)
    workers = Workers(2)
    results = workers.map(square_or_fail, range(12))
    assert [next(results)[1] for _ in range(3)] == [0, 1, 4]
    results.close()
    workers.close()
    assert workers._pool is None
