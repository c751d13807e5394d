"""The runner of ``gargon validate``: verdicts for every game of many files, optionally in
parallel.  It prints nothing (see :mod:`gargon_notation.cli.check`).

Files are opened and recognised by :mod:`gargon_notation.files`.  Notation games are split
from each file in the main process, line by line, and sent to workers as text
(:class:`~gargon_notation.parallel.Workers`); games of JSON and JSON Lines go as records.
Memory stays flat however large the files are (a JSON document is read whole).  Verdicts
come back in file order, and what was read (the bytes, the inputs without a game) is counted
as they come, not as the reading goes: a run stopped early (``--strict``) counts the same
whatever the jobs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import attrs

from gargon_notation import files
from gargon_notation.errors import NotationError
from gargon_notation.files import Input
from gargon_notation.notation import Chunk, GameRecord
from gargon_notation.parallel import Workers
from gargon_notation.parts import game_bytes
from gargon_notation.validation import GameVerdict, iter_chunks, validate_chunks

__all__ = ["Summary", "run_validation"]


@attrs.define
class Summary:
    """Counts over a validation run."""

    files: int = 0
    """The inputs read: all of them, but those a stop (``--strict``) left unread."""
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
    unread: int = 0
    """The inputs not read because the run stopped before them (``--strict``)."""

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
            # A game that cannot be read is placed at the line it starts on (its error may
            # be at a value further down).
            for line, _, item in files.iter_raw_games(stream, format, source.name):
                if isinstance(item, GameRecord):
                    yield item
                elif isinstance(item, NotationError):
                    yield Chunk("", line or item.line or 1, item)
        except OSError as error:
            raise files.FileError.from_os_error(source.name, error) from None


@attrs.frozen
class _Read:
    """A game as reading the inputs found it, with what was read since the game before:
    the bytes of input it covers (the rest of the files before it included), and the
    inputs without a game; ``files``, the inputs begun up to it (its own included).  The
    last ``_Read`` of a run has no game, only what was read after the last game."""

    game: Game | None
    bytes: int
    files: int
    empty: tuple[str, ...] = ()


def _games(inputs: list[Input]) -> Iterator[_Read]:
    """The games of every input in turn, each with what reading it found (see
    :class:`_Read`): these are counted when the game's verdict is taken, not when it is
    read, so that what was read ahead after a stop (``--strict``) is not counted."""
    read = 0
    empty: list[str] = []
    for begun, source in enumerate(inputs, start=1):
        reported = 0
        number = 0
        for number, item in enumerate(_items(source), start=1):
            size = _bytes_of(item)
            reported += size
            yield _Read((item, source.name, number), read + size, begun, tuple(empty))
            read, empty = 0, []
        if number == 0:
            empty.append(source.name)
        if source.path is not None:  # the chunks' text approximates the bytes read
            read += source.size - reported
    yield _Read(None, read, len(inputs), tuple(empty))


def _verdict(game: Game | None, strict: bool) -> GameVerdict | None:
    """The verdict on one game (the work of a worker process)."""
    return None if game is None else validate_chunks([game], strict)[0]


def _sent(read: _Read) -> Game | None:
    return read.game


def _bytes_of(item: Chunk | GameRecord) -> int:
    """About how many bytes of its input a game covers (its text, for notation), as
    ``--dask`` counts them too (:func:`~gargon_notation.parts.game_bytes`)."""
    return game_bytes(item)


def _size(read: _Read) -> int:
    return 0 if read.game is None else _bytes_of(read.game[0])


def _verdicts(
    inputs: list[Input],
    jobs: int,
    strict: bool,
    on_bytes: Callable[[int], None],
    on_empty: Callable[[str], None],
    on_files: Callable[[int], None],
) -> Iterator[GameVerdict]:
    """The verdicts on every game of ``inputs``, in order; ``on_bytes``, ``on_empty`` and
    ``on_files`` (the inputs begun) hear of what was read up to each game as its verdict is
    given, as in one process (the main process reads ahead of the verdicts when ``jobs`` is
    over 1)."""
    with Workers(jobs) as workers:
        total = sum(source.size for source in inputs)
        work = partial(_verdict, strict=strict)
        for read, verdict in workers.map(work, _games(inputs), size=_size, send=_sent, total=total):
            on_bytes(read.bytes)
            on_files(read.files)
            for name in read.empty:
                on_empty(name)
            if verdict is not None:
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

    With ``strict``, the run stops after the first invalid game: the summary counts the
    inputs read up to it, and those left (``unread``).  Inputs without any game are listed
    in the summary's ``empty``.  With ``dask`` (a scheduler's address) the work
    is done on that Dask cluster (:mod:`gargon_notation.cli.distributed`), with the same
    verdicts in the same order.
    """
    summary = Summary()

    def counted(size: int) -> None:
        summary.bytes += size
        on_bytes(size)

    def begun(files: int) -> None:
        summary.files = max(summary.files, files)

    if dask is None:
        found = _verdicts(inputs, jobs, strict, counted, summary.empty.append, begun)
    else:
        from gargon_notation.cli import distributed

        found = distributed.verdicts(inputs, dask, strict, counted, summary.empty.append, begun)
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
    else:
        summary.files = len(inputs)
    summary.unread = len(inputs) - summary.files
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
