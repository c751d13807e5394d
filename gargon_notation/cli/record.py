"""``gargon record``: keep a game as it is played, in the terminal (Textual) or from lines.

The recording itself is :mod:`gargon_notation.recording`; lines into a file are
:mod:`gargon_notation.recording_lines`; the terminal application is
:mod:`gargon_notation.cli.recorder_app`.  This module checks the options, picks the mode and
prints.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from gargon_notation import files
from gargon_notation.cli.common import Exit, fail, plural, print_error
from gargon_notation.errors import (
    FileError,
    GargonError,
    NotationError,
    argument_name,
    as_reason,
    printable_name,
)
from gargon_notation.notation import model
from gargon_notation.notation.tags import date_fault
from gargon_notation.notation.writer import write_action
from gargon_notation.recording import Recording, RecordingError
from gargon_notation.recording_lines import FileChanged, FileLocked, LineRecorder, RecordLock

__all__ = [
    "OPTIONAL_TAGS",
    "changed_advice",
    "held_lines",
    "record_command",
    "resume_recording",
    "say",
    "setup_tags",
    "summary",
]


def setup_tags(
    players: str | None,
    start: str | None,
    event: str | None,
    site: str | None,
    date: str | None,
    round: str | None,
    table: str | None,
    seed: str | None,
    seat: str | None,
) -> list[model.Tag]:
    """The tags the options give, in the order a record writes them; none without players
    (the lines read then set the game up).  Exit 2 for options that cannot be written."""
    if players is None:
        if any(value is not None for value in (start, seed, seat)):
            fail(
                "--start, --seed and --seat go with --players (without it, give the set-up "
                "as tag lines in the input: [Players ...], [Start ...])"
            )
        return _optional(event, site, date, round, table)
    names = [name.strip() for name in players.split(",") if name.strip()]
    if not names:
        fail(
            "--players names nobody: name the players in seat order, comma-separated "
            "(--players Adam,Bernd,Collette)"
        )
    if seed is not None and not seed.strip():
        fail(
            "--seed is empty: give the seed's text (--seed club-night), or leave --seed out "
            "when the deal is not known"
        )
    optional = _optional(event, site, date, round, table)
    try:
        head = Recording.new(names, start, seed=seed, seat=seat).head
    except (RecordingError, ValueError) as error:
        fail(str(error))
    return [model.Tag("Notation", ("1",)), *optional, *head.tags]


OPTIONAL_TAGS = ("Event", "Site", "Date", "Round", "Table")
"""The tags ``gargon record`` takes as options (``--event``, ...: the tag's name in lower
case), in the order it writes them, before the set-up's."""

_DATE = re.compile(r"(?:[0-9]{4}|\?{4})\.(?:[0-9]{2}|\?\?)\.(?:[0-9]{2}|\?\?)")


def _optional(
    event: str | None, site: str | None, date: str | None, round: str | None, table: str | None
) -> list[model.Tag]:
    """The tags of the options that describe the game (:data:`OPTIONAL_TAGS`), in that order;
    exit 2 for a value that cannot be written (a date that is not one, a line break)."""
    if date is not None:
        if not _DATE.fullmatch(date):
            fail(
                f"--date: {date!r} is not a date: write YYYY.MM.DD, the year first in four "
                "digits, ?? for a part not known (2026.03.15 for 15 March 2026)"
            )
        fault = date_fault(*date.split("."))
        if fault is not None:
            fail(f"--date: the date {date!r} {fault}")
    found = []
    for name, value in zip(OPTIONAL_TAGS, (event, site, date, round, table), strict=True):
        if value is not None:
            try:
                found.append(model.Tag(name, (value,)))
            except ValueError as error:
                fail(f"--{name.lower()}: {error}")
    return found


def resume_recording(file: Path) -> tuple[Recording, bytes]:
    """The game in progress in ``file``, and the bytes it was read from (what the recorder
    expects to find there when it next writes); exit 2 when it is not one (nothing is
    written)."""
    name = printable_name(str(file))
    try:
        data = file.read_bytes()
    except OSError as error:
        fail(str(FileError.from_os_error(str(file), error)))
    try:
        games = list(
            files.loads(data, strict=True, format=files.sniff(data, file), source=str(file))
        )
    except (GargonError, ValueError) as error:
        fail(f"{name}: cannot resume: {error}")
    if len(games) != 1:
        fail(f"{name}: cannot resume: it holds {len(games)} games; a recording is one game")
    try:
        return Recording.resume(games[0]), data
    except RecordingError as error:
        fail(f"{name}: cannot resume: {error}")


def record_command(
    path: str | Path, setup: dict[str, str | None], resume: bool, quiet: bool
) -> None:
    """The work of ``gargon record`` (options: :mod:`gargon_notation.cli.commands`) into the
    file ``path`` (as given: ``-`` is refused, ``./-`` is the file named ``-``); ``setup``
    holds the set-up options by name (players, start, event, site, date, round, table, seed,
    seat)."""
    recording: Recording | None = None
    on_disk = b""
    tags: list[model.Tag] = []
    if path == "-":
        fail("gargon record keeps the game in a file: name one (such as game.ggn)")
    file = Path(path)
    name = printable_name(str(file))
    if files.format_of_name(file) in ("json", "jsonl"):
        fail(
            f"{name}: gargon record writes the notation: name the file .ggn (gargon convert "
            "turns it into JSON afterwards)"
        )
    lock = RecordLock(file)
    if resume:
        given = [f"--{name}" for name, value in setup.items() if value is not None]
        if given:
            fail(f"--resume continues the game its file sets up: leave out {', '.join(given)}")
        if not file.exists():
            fail(f"{name}: no such file to resume; start it without --resume")
        _lock(lock, path)
        recording, on_disk = resume_recording(file)
    elif file.exists() and file.stat().st_size > 0:
        fail(f"{name} exists: continue it with --resume, or name a new file")
    else:
        tags = setup_tags(**setup)
        _lock(lock, path)
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            from gargon_notation.cli import recorder_app

            raise Exit(recorder_app.run_app(file, tags, recording, on_disk, lock, quiet))
        recorder = LineRecorder(file, tags, recording, on_disk=on_disk, lock=lock)
        code = _record_lines(recorder, _stdin_lines(), quiet)
    finally:
        lock.release()
    raise Exit(code)


def _lock(lock: RecordLock, path: str | Path) -> None:
    """Refuse a file another recorder is writing (exit 2)."""
    try:
        lock.take()
    except FileLocked as error:
        fail(
            f"{error}: leave that recorder first (Ctrl+Q), then continue with gargon record "
            f"--resume {argument_name(str(path))}"
        )


def _stdin_lines() -> Iterator[str]:
    """The lines of standard input, decoded; one that cannot be read at all (``nohup``
    leaves it open for writing only) is said so, with what to do."""
    lines = iter(sys.stdin.buffer)
    number = 0
    while True:
        try:
            raw = next(lines)
        except StopIteration:
            return
        except OSError as error:
            reason = as_reason(error.strerror or str(error))
            raise FileError(
                "<stdin>",
                f"standard input cannot be read ({reason}): gargon record takes the decisions "
                "from a terminal, or from a pipe or a file given as standard input (nohup "
                "leaves none to read)",
            ) from None
        number += 1
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise NotationError(
                f"this line is not UTF-8 (byte {raw[error.start]:#04x}); save the input as UTF-8",
                source="<stdin>",
                line=number,
            ) from None


def _record_lines(recorder: LineRecorder, lines: Iterator[str], quiet: bool) -> int:
    try:
        for line in lines:
            prompt = recorder.feed(line)
            if prompt is not None and not quiet:
                say(prompt)
        recording = recorder.close()
    except NotationError as error:
        print_error(f"gargon: {error}")
        kept = recorder.recording
        if kept is not None:
            written = len(kept.entries) - len(kept.held_back())
            print_error(f"{recorder.path}: kept {plural(written, 'decision')} before it")
            for line in held_lines(recorder.path, kept):
                print_error(line)
        return 1
    except FileChanged as error:
        print_error(f"gargon: {error}")
        print_error(f"{recorder.path}: {changed_advice(recorder.path)}")
        return 2
    except GargonError as error:
        print_error(f"gargon: {error}")
        return 2
    except KeyboardInterrupt:
        return 130
    if not quiet:
        say(summary(recorder.path, recording))
    for line in held_lines(recorder.path, recording):
        say(line)
    return 0


def changed_advice(path: str | os.PathLike[str] | None) -> str:
    """What to do once another program changed the file being recorded."""
    name = argument_name(str(path))
    return (
        f"see what it holds now (gargon show {name}), and continue from there with "
        f"gargon record --resume {name}"
    )


def say(text: str) -> None:
    """Print ``text`` on standard output at once (its control characters shown)."""
    from gargon_notation.cli.plain import printable

    sys.stdout.write(printable(text) + "\n")
    sys.stdout.flush()


def summary(path: str | os.PathLike[str] | None, recording: Recording) -> str:
    """The file's state when the recorder is left: the decisions it holds, and how to go on
    (the decisions it does not hold yet: :func:`held_lines`)."""
    name = printable_name(str(path))
    written = len(recording.entries) - len(recording.held_back())
    decisions = plural(written, "decision")
    if recording.is_over:
        return f"{name}: {decisions}; {recording.prompt()}"
    return (
        f"{name}: {decisions}, unfinished ({recording.written_prompt()}); continue with "
        f"gargon record --resume {argument_name(str(path))}"
    )


def held_lines(path: str | os.PathLike[str] | None, recording: Recording) -> list[str]:
    """The decisions entered that the file does not hold (recording for a seat, the others'
    plays of the round lie face down until its battles, and are written then), each on a
    line of its own, to be entered again after ``--resume``: none is lost on leaving."""
    held = recording.held_back()
    if not held:
        return []
    name = printable_name(str(path))
    why = f"the plays of round {held[0].round} are written once its battles begin"
    return [
        f"{name}: not in the file ({why}); enter it again: {write_action(entry.element)}"
        for entry in held
    ]
