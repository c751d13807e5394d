"""The runner of ``gargon validate``: verdicts for every game of many files, optionally in
parallel.  It prints nothing (see :mod:`gargon_notation.cli.check`).

Files are opened and recognised by :mod:`gargon_notation.files`.  Notation games are split
from each file in the main process, line by line, and sent to workers as text; games of JSON
and JSON Lines go as records.  Batches go to the workers with at most a few in flight per
worker, so memory stays flat however large the files are (a JSON document is read whole).
Verdicts come back in file order.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from gargon_notation import files
from gargon_notation.files import Input
from gargon_notation.notation import Chunk, GameRecord
from gargon_notation.validation import GameVerdict, iter_chunks, validate_chunks

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["Summary", "run_validation"]

BATCH_GAMES = 64
BATCH_BYTES = 256 * 1024
IN_FLIGHT_PER_WORKER = 4


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


Batch = list[tuple[Chunk | GameRecord, str, int]]


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


def _batches(
    inputs: list[Input], on_bytes: Callable[[int], None], on_empty: Callable[[str], None]
) -> Iterator[Batch]:
    """Batches of games; ``on_bytes`` hears how much of the input each batch covers,
    ``on_empty`` the name of an input without any game."""
    for source in inputs:
        batch: Batch = []
        size = reported = 0
        number = 0
        for number, item in enumerate(_items(source), start=1):
            batch.append((item, source.name, number))
            size += len(item.text) if isinstance(item, Chunk) else BATCH_BYTES // BATCH_GAMES
            if len(batch) >= BATCH_GAMES or size >= BATCH_BYTES:
                on_bytes(size)
                reported += size
                yield batch
                batch, size = [], 0
        if batch:
            yield batch
        if number == 0:
            on_empty(source.name)
        # The chunks' text approximates the bytes read; the file's size is exact.
        on_bytes(source.size - reported if source.path is not None else size)


def _verdicts(
    inputs: list[Input],
    jobs: int,
    strict: bool,
    on_bytes: Callable[[int], None],
    on_empty: Callable[[str], None],
) -> Iterator[GameVerdict]:
    batches = _batches(inputs, on_bytes, on_empty)
    if jobs <= 1:
        for batch in batches:
            yield from validate_chunks(batch, strict)
        return
    from concurrent.futures import ProcessPoolExecutor  # not imported for one process

    pending: list[Future[list[GameVerdict]]] = []
    with ProcessPoolExecutor(max_workers=jobs, initializer=_leave_ctrl_c_to_the_main) as pool:
        try:
            for batch in batches:
                pending.append(pool.submit(validate_chunks, batch, strict))
                while len(pending) >= jobs * IN_FLIGHT_PER_WORKER:
                    yield from pending.pop(0).result()
            for future in pending:
                yield from future.result()
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _leave_ctrl_c_to_the_main() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to every process of the command): the
    main process stops the work, and no worker prints a traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_validation(
    inputs: list[Input],
    *,
    jobs: int,
    strict: bool,
    report: Callable[[GameVerdict], None],
    on_bytes: Callable[[int], None] = lambda _: None,
) -> Summary:
    """Validate every game of ``inputs``, calling ``report`` with each verdict in order.

    With ``strict``, the run stops after the first invalid game.  Inputs without any game
    are listed in the summary's ``empty``.
    """
    summary = Summary(files=len(inputs))

    def counted(size: int) -> None:
        summary.bytes += size
        on_bytes(size)

    for verdict in _verdicts(inputs, jobs, strict, counted, summary.empty.append):
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


def stderr_is_terminal() -> bool:
    """Whether a progress bar may be drawn."""
    return sys.stderr.isatty()
