"""The runner of ``gargon validate``: verdicts for every game of many files, optionally in
parallel.  It prints nothing (see :mod:`gargon_notation.cli.check`).

Files are opened and recognised by :mod:`gargon_notation.files`.  Notation games are split
from each file in the main process, line by line, and sent to workers as text
(:class:`~gargon_notation.parallel.Workers`); games of JSON and JSON Lines go as records.
Memory stays flat however large the files are (a JSON document is read whole).  Verdicts
come back in file order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import attrs

from gargon_notation import files
from gargon_notation.files import Input
from gargon_notation.notation import Chunk, GameRecord
from gargon_notation.parallel import RECORD_BYTES, Workers
from gargon_notation.validation import GameVerdict, iter_chunks, validate_chunks

__all__ = ["Summary", "run_validation"]


@attrs.define
class Summary:
    """Counts over a validation run."""

    files: int = 0
    games: int = 0
    valid: int = 0
    invalid: int = 0
    finished: int = 0
    warnings: int = 0
    """Warnings over all games (malformed values of tags the replay does not need)."""
    bytes: int = 0
    """Bytes of input read (for standard input, characters)."""
    empty: list[str] = attrs.Factory(list)
    """The inputs that hold no game (empty, or only comments and blank lines)."""

    def as_dict(self) -> dict[str, int | list[str]]:
        """A JSON-ready dictionary."""
        return attrs.asdict(self)


Game = tuple[Chunk | GameRecord, str, int]
"""A game to validate: its text or record, its file, its number in the file."""


def _items(source: Input) -> Iterator[Chunk | GameRecord]:
    """The games of one input: chunks of notation text, or records read from JSON (a game
    that cannot be read is an empty chunk with its error).

    Raises :class:`~gargon_notation.files.FileError` when the input cannot be read.
    """
    with files.open_input(source) as handle:
        try:
            format, stream = files.sniff_stream(handle, source.path)
            if format == "ggn":
                yield from iter_chunks(stream, source.name)
                return
            for item in files.iter_games(stream, format, source.name):
                yield item if isinstance(item, GameRecord) else Chunk("", item.line or 1, item)
        except OSError as error:
            raise files.FileError.from_os_error(source.name, error) from None


def _games(
    inputs: list[Input], on_bytes: Callable[[int], None], on_empty: Callable[[str], None]
) -> Iterator[Game]:
    """The games of every input in turn; ``on_bytes`` hears how much of the input each game
    covers, ``on_empty`` the name of an input without any game."""
    for source in inputs:
        reported = 0
        number = 0
        for number, item in enumerate(_items(source), start=1):
            size = len(item.text) if isinstance(item, Chunk) else RECORD_BYTES
            on_bytes(size)
            reported += size
            yield item, source.name, number
        if number == 0:
            on_empty(source.name)
        if source.path is not None:  # the chunks' text approximates the bytes read
            on_bytes(source.size - reported)


def _verdict(game: Game, strict: bool) -> GameVerdict:
    """The verdict on one game (the work of a worker process)."""
    return validate_chunks([game], strict)[0]


def _size(game: Game) -> int:
    item = game[0]
    return len(item.text) if isinstance(item, Chunk) else RECORD_BYTES


def _verdicts(
    inputs: list[Input],
    jobs: int,
    strict: bool,
    on_bytes: Callable[[int], None],
    on_empty: Callable[[str], None],
) -> Iterator[GameVerdict]:
    with Workers(jobs) as workers:
        games = _games(inputs, on_bytes, on_empty)
        total = sum(source.size for source in inputs)
        work = partial(_verdict, strict=strict)
        for _, verdict in workers.map(work, games, size=_size, total=total):
            yield verdict


def run_validation(
    inputs: list[Input],
    *,
    jobs: int,
    strict: bool,
    report: Callable[[GameVerdict], None],
    on_bytes: Callable[[int], None] = lambda _: None,
    dask: str | None = None,
) -> Summary:
    """Validate every game of ``inputs``, calling ``report`` with each verdict in order.

    With ``strict``, the run stops after the first invalid game.  Inputs without any game
    are listed in the summary's ``empty``.  With ``dask`` (a scheduler's address) the work
    is done on that Dask cluster (:mod:`gargon_notation.cli.distributed`), with the same
    verdicts in the same order.
    """
    summary = Summary(files=len(inputs))

    def counted(size: int) -> None:
        summary.bytes += size
        on_bytes(size)

    if dask is None:
        found = _verdicts(inputs, jobs, strict, counted, summary.empty.append)
    else:
        from gargon_notation.cli import distributed

        found = distributed.verdicts(inputs, dask, strict, counted, summary.empty.append)
    for verdict in found:
        summary.games += 1
        summary.warnings += len(verdict.warnings)
        if verdict.valid:
            summary.valid += 1
        else:
            summary.invalid += 1
        if verdict.finished:
            summary.finished += 1
        report(verdict)
        if strict and not verdict.valid:
            break
    return summary


def json_report(verdicts: list[dict[str, Any]], summary: Summary) -> str:
    """The ``--json`` report."""
    import json

    return json.dumps(
        {
            "format": "gargon-validate",
            "version": 1,
            "summary": summary.as_dict(),
            "games": verdicts,
        },
        indent=2,
        ensure_ascii=False,
    )
