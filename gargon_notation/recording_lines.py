"""Recording from lines of text into a file: what ``gargon record`` does without a terminal.

A :class:`LineRecorder` reads lines as they arrive (from a pipe, a program, a test):

- first, optionally, the lines of a record before its first decision: comments, tags
  (``[Event "Club night"]``), setup lines (``deal Adam: R? G?``) — after the tags the
  recorder was given, if any; a recording already started (on a terminal it starts at
  once) takes a tag, deal or pile line until its first decision (``undo`` takes the last
  one back until then);
- then entries (:mod:`gargon_notation.recording`): one decision a line, or a whole round
  line or ``fights`` line of the notation, a comment or a glyph for the last decision, or
  ``undo`` / ``undo N``;
- finally, optionally, the termination (``end`` with or without the scores, or ``*``) and
  the comments after it.

Each line is checked as it arrives; the file is rewritten (atomically, flushed to the disk)
after every accepted line, so after a crash it holds every decision accepted before it, as a
valid record of a game in progress (``*``).  The first refused line raises
:class:`~gargon_notation.errors.NotationError` with its line and column, and the file keeps
every line before it.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.ggn"
>>> recorder = LineRecorder(path, tags=Recording.new(["Ann", "Bob", "Cy"], seed="s").head.tags)
>>> recorder.feed(recorder.recording_or_start().legal_entries()[0])
'round 1: Bob to play or pass'
>>> path.read_text().splitlines()[-2:]
['1. Ann W3', '*']
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence

import attrs

from gargon_notation import files
from gargon_notation.atomic import Changed, Read
from gargon_notation.engine.wording import count_of
from gargon_notation.entries import EntryRefused, annotations_only, names_someone
from gargon_notation.errors import FileError, NotationError, printable_name
from gargon_notation.notation import model, parse_game
from gargon_notation.notation.lexical import quote
from gargon_notation.notation.writer import name_text
from gargon_notation.recording import Entry, Recording, RecordingError

__all__ = [
    "FileChanged",
    "FileLocked",
    "LineRecorder",
    "RecordLock",
    "held_bytes",
    "record_lines",
]

_HEAD = re.compile(r"\s*(?:$|\[|;|\{|deal\s|pile\s)")
_HEAD_LINE = re.compile(r"\s*(?:(\[)|(deal)\s|(pile)\s)")
"""A tag, deal or pile line: the head of a record, which a recording started takes until its
first decision (:meth:`LineRecorder._into_head`)."""
_UNDO = re.compile(r"undo(?:\s+(\S+))?")
_ROUND = re.compile(r"[0-9]+\.(?:\s|$)")


def _line_comment(line: str) -> bool:
    """Whether ``line`` ends in a ``;`` comment (outside braces and quotes)."""
    depth, quoted = 0, False
    for character in line:
        if quoted:
            quoted = character != '"'
        elif character == '"' and depth == 0:
            quoted = True
        elif character == "{":
            depth += 1
        elif character == "}":
            depth = max(depth - 1, 0)
        elif character == ";" and depth == 0:
            return True
    return False


def _round_head_alone(line: str) -> bool:
    """``N.`` and comments, without a decision yet."""
    stripped = line.strip()
    if _ROUND.match(stripped) is None:
        return False
    found = annotations_only(stripped.split(".", 1)[1])
    return found is not None and found[1] is None and not found[2]


def _may_go_on(line: str) -> bool:
    """A round or fights line the next line may continue."""
    stripped = line.strip()
    if _round_head_alone(stripped):
        return True
    is_record_line = _ROUND.match(stripped) is not None or stripped.startswith("fights")
    return is_record_line and _line_comment(stripped)


def _comments_alone(line: str) -> bool:
    found = annotations_only(line)
    return found is not None and found[1] is None and not found[2]


class FileChanged(FileError):
    """The record file holds what its recorder did not write: another program changed it
    since (a second recorder on the same file, an editor).  It is not written over."""


class FileLocked(FileError):
    """Another recorder holds the record file (:class:`RecordLock`)."""


class RecordLock:
    """An advisory lock on a record file while one recorder writes it, so that a second
    recorder on the same file is refused at its start (:meth:`take`) instead of racing the
    first.  The lock is the system's ``flock`` on the file; a save replaces the file with a
    new one, so :meth:`renew` locks that one after each save.  Only recorders take it (an
    editor does not): :class:`FileChanged` still guards each save.  Where there is no
    ``flock`` (Windows), or the file system refuses it, there is no lock.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self._held: int | None = None

    def take(self) -> None:
        """Lock the file if it exists (a new file is locked once first saved).

        Raises :class:`FileLocked` when another recorder holds it.
        """
        if not self._lock_now():
            raise FileLocked(
                os.fspath(self.path),
                "another recorder is writing this file (a gargon record still open on it)",
            )

    def renew(self) -> None:
        """Lock the file just saved (a new one), and let the one it replaced go."""
        self._lock_now()

    def release(self) -> None:
        """Let the file go."""
        if self._held is not None:
            with contextlib.suppress(OSError):
                os.close(self._held)
            self._held = None

    def _lock_now(self) -> bool:
        """Lock the file the path names now; False when another holds it."""
        try:
            import fcntl
        except ImportError:  # Windows
            return True
        try:
            descriptor = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return True  # no file yet, or none to read: nothing to lock
        try:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                os.close(descriptor)
                return True
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            return False
        except OSError:  # a file system without locks
            os.close(descriptor)
            return True
        self.release()
        self._held = descriptor
        return True


def held_bytes(path: str | os.PathLike[str]) -> bytes | None:
    """What the regular file ``path`` holds now (b"" when there is none); None when it
    cannot be read or is not a regular file (a FIFO, a device), which is then not checked."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # opening a FIFO would wait for a writer
        with open(path, "rb") as stream:
            return stream.read()
    except FileNotFoundError:
        return b""
    except OSError:
        return None


def _elsewhere(path: str | os.PathLike[str], existing: bool) -> str:
    """What a recorder that cannot write ``path`` suggests (it has no ``-o``): a copy of the
    game so far to go on with, or, before the file was made, another file.

    >>> _elsewhere("club/game.ggn", True).removeprefix("record into a copy you may write: ")
    'cp club/game.ggn COPY.ggn, then gargon record --resume COPY.ggn'
    """
    if not existing:
        return "record into another FILE, in a folder you may write"
    name = printable_name(os.fspath(path))
    return (
        f"record into a copy you may write: cp {name} COPY.ggn, then gargon record --resume "
        "COPY.ggn"
    )


@attrs.define
class LineRecorder:
    """Lines in, a record file out (see the module's docstring).

    ``tags`` go first in the record (the recorder's options: Event, Players, Seed, ...);
    ``recording`` continues a game in progress instead (``--resume``); ``path`` None keeps
    the record in memory only.
    """

    path: str | os.PathLike[str] | None
    tags: Sequence[model.Tag] = ()
    recording: Recording | None = None
    source: str = "<stdin>"
    line_number: int = 0
    _head: list[str] = attrs.Factory(list)
    _head_from: int = 0
    """The number of the input's line before the first of :attr:`_head`."""
    _ending: list[str] | None = None
    _pending: list[str] = attrs.Factory(list)
    """A round or fights line that may go on: after a ``;`` comment (the notation continues
    it on an indented line), or a round's number and comments waiting for its first
    decision."""
    _pending_at: int = 0
    on_disk: bytes | None = None
    """What the file held when this recorder last read or wrote it (b"": no file); read
    when the recorder is made unless given (``--resume`` gives the bytes it resumed).  A save
    finding something else there (another recorder's decisions, an editor's change) is
    refused rather than written over (:class:`FileChanged`)."""

    undone: tuple[Entry, ...] = ()
    """The decisions the last ``undo`` line took back (for a message)."""
    undone_head: str | None = None
    """The head line the last ``undo`` line took back, no decision being recorded."""
    _before_head: list[tuple[Recording, str]] = attrs.Factory(list)
    """The recordings the head lines taken since the start (:meth:`_into_head`) replaced,
    with those lines: while no decision is recorded, undo takes the last one back."""
    lock: RecordLock | None = None
    """The lock to renew after each save (see :class:`RecordLock`; the command takes it)."""

    def __attrs_post_init__(self) -> None:
        if self.on_disk is None and self.path is not None:
            self.on_disk = held_bytes(self.path)

    @property
    def waiting(self) -> str | None:
        """A line taken but not yet recorded: it waits for the line that continues it."""
        return "\n".join(self._pending) if self._pending else None

    def recording_or_start(self) -> Recording:
        """The recording, started from the tags and head lines so far if it was not yet.

        Raises :class:`~gargon_notation.recording.RecordingError` when they are not a game.
        """
        if self.recording is None:
            head = self._read_head()
            self.recording = Recording.from_head(head)
            self.save()
        return self.recording

    def feed(self, line: str) -> str | None:
        """Take one line; the prompt for the next decision when it recorded something (None
        for a head line, a line waiting for its continuation, or the termination and its
        comments).

        Raises :class:`~gargon_notation.errors.NotationError` (line and column) when the line
        is refused; nothing of it is recorded.
        """
        self.line_number += 1
        self.undone, self.undone_head = (), None
        line = line.rstrip("\r\n")
        with self._located(line, self.line_number):
            return self._feed(line)
        return None  # pragma: no cover (the block returns or raises)

    def close(self) -> Recording:
        """The end of the lines: takes a line still waiting for its continuation, starts the
        recording if no entry came, writes the termination and its comments if given, and
        saves.

        Raises :class:`~gargon_notation.errors.NotationError` for a refused line.
        """
        if self._pending:
            pending, at = self._take_pending()
            with self._located(pending[0], at):
                self._record("\n".join(pending))
        with self._located("", self.line_number):
            recording = self.recording_or_start()
        if self._ending is not None:
            with self._located(self._ending[0], self.line_number - len(self._ending) + 1):
                self._apply(lambda: recording.finish("\n".join(self._ending or ["*"])))
        return recording

    def save(self) -> None:
        """Write the record to the file now (atomically; flushed to the disk).

        Raises :class:`~gargon_notation.errors.FileError`, :class:`FileChanged` when the file
        holds something this recorder did not write (nothing is written then).
        """
        if self.path is None or self.recording is None:
            return
        text = self.recording.text()
        found = held_bytes(self.path)
        if found and self.on_disk is not None and found != self.on_disk:
            raise FileChanged(
                os.fspath(self.path),
                "another program changed this file since the recorder last wrote it (a "
                "second recorder on it?); it is left as that program wrote it, and this "
                "decision is not recorded",
            )
        # What was found is checked again, by its bytes, as the new file is put in place:
        # a change made from here on is not written over, even one keeping the file's size
        # and time stamp (a step of two seconds on FAT).
        read = None if found is None else Read.of_bytes(found)
        try:
            files.atomic_write(
                self.path, text, _elsewhere(self.path, bool(self.on_disk)), read_as=read
            )
        except Changed:  # while it was saved
            raise FileChanged(
                os.fspath(self.path),
                "another program changed this file while the recorder saved it; it is left "
                "as that program wrote it, and this decision is not recorded",
            ) from None
        except OSError as error:
            raise FileError.from_os_error(os.fspath(self.path), error) from None
        self.on_disk = text.encode("utf-8")
        if self.lock is not None:
            self.lock.renew()

    @contextlib.contextmanager
    def _located(self, line: str, number: int) -> Iterator[None]:
        """Refusals become errors at ``line`` (line ``number`` of the input)."""
        try:
            yield
        except EntryRefused as refused:
            indent = len(line) - len(line.lstrip())
            raise NotationError(
                str(refused),
                source=self.source,
                line=number,
                column=max(refused.column, 1) + indent if line else 1,
                excerpt=line,
            ) from None
        except RecordingError as error:
            raise NotationError(str(error), source=self.source, line=number, column=1) from None

    def _feed(self, line: str) -> str | None:
        if self._ending is not None:
            if line.strip() and not _comments_alone(line):
                raise EntryRefused(self._after_the_end(), 1)
            self._ending.append(line)
            return None
        if self.recording is None and _HEAD.match(line):
            if not self._head:
                self._head_from = self.line_number - 1
            self._head.append(line)
            return None
        recording = self.recording_or_start()
        if self._pending:
            continued = self._continue(line)
            if continued == "":
                return None
            if continued is None:
                pending, at = self._take_pending()
                with self._located(pending[0], at):
                    self._record("\n".join(pending))
            else:
                line = continued
        if _HEAD_LINE.match(line):
            self._into_head(line)
            return None
        words = line.split()
        if words and words[0] in ("end", "*"):
            if words[0] == "end" and not recording.is_over:
                raise EntryRefused(f"the game is not over: {recording.prompt()}", 1)
            self._ending = [line]
            return None
        if _may_go_on(line):
            self._pending, self._pending_at = [line], self.line_number
            return None
        return self._record(line)

    def _into_head(self, line: str) -> None:
        """Take a tag, deal or pile ``line`` into the head of a recording that has no decision
        yet (on a terminal the recording starts at once, before a seat's own hand could be
        given; a file resumed before its first decision): the recording starts again from
        the head with it, and is saved.  Once a decision is recorded, it is refused, saying
        how to give it."""
        assert self.recording is not None
        recording = self.recording
        found = _HEAD_LINE.match(line)
        assert found is not None
        what = "a tag" if found.group(1) else f"a {found.group(2) or found.group(3)} line"
        recorded = len(recording.entries)
        if recorded:
            them = "it" if recorded == 1 else "them"
            raise EntryRefused(
                f"{what} goes in the head of the record, before its first decision, and "
                f"{count_of(recorded, 'decision')} {'is' if recorded == 1 else 'are'} "
                f"recorded already: undo {recorded} takes {them} back, then give the line "
                f"and enter {them} again",
                1,
            )
        try:
            written = parse_game(line + "\n*\n", source=self.source)
        except NotationError as error:
            error = _said_with_players(line + "\n*\n", error, recording.names)
            raise EntryRefused(error.message, error.column or 1) from None
        head = attrs.evolve(
            recording.head,
            tags=(*recording.head.tags, *written.tags),
            setup=(*recording.head.setup, *written.setup),
        )
        self._replace(Recording.from_head(head))
        self._before_head.append((recording, line))

    def undo_head_line(self) -> str | None:
        """Take back the last head line given since the start (:meth:`_into_head`), while no
        decision is recorded: the recording is as before it, and saved.  The line taken back;
        None when there is none.

        Raises :class:`~gargon_notation.errors.FileError` when the file cannot be written
        (nothing is taken back then).
        """
        if not self._before_head or self.recording is None or self.recording.entries:
            return None
        before, line = self._before_head[-1]
        self._replace(before)
        self._before_head.pop()
        return line

    def _replace(self, recording: Recording) -> None:
        """Go on with ``recording`` (another head, no decision yet), keeping the end marked
        and the round comments of the one replaced, and save it; when the file cannot be
        written, the one replaced stays."""
        current = self.recording
        assert current is not None
        recording.termination = current.termination
        recording.round_comments = dict(current.round_comments)
        self.recording = recording
        try:
            self.save()
        except FileError:
            self.recording = current
            raise

    def _after_the_end(self) -> str:
        """Why a line after the termination is refused: ``*`` before the game is over stops
        the record there, unfinished."""
        assert self._ending is not None
        said = "only comments may follow the end of the game"
        if self._ending[0].split()[0] != "*" or self.recording is None:
            return said
        if self.recording.is_over:
            return said
        at = self.line_number - len(self._ending)
        return (
            f"{said}: the '*' of line {at} stops the record there, unfinished; to record "
            "this line, leave the '*' out (the file is saved after every decision, and "
            "gargon record --resume goes on from it)"
        )

    def _continue(self, line: str) -> str | None:
        """``line`` after a waiting line: the two joined when it continues it ("" when the
        joined line may go on again, then it waits); None when it does not continue it."""
        assert self.recording is not None
        first = self._pending[0]
        stripped = line.strip()
        waits_for_decision = _round_head_alone(first) and len(self._pending) == 1
        starts_anew = (
            not stripped
            or stripped.split()[0] in ("fights", "end", "*", "undo")
            or _ROUND.match(stripped) is not None
        )
        if waits_for_decision:
            if starts_anew:
                number = first.split(".", 1)[0].strip()
                raise EntryRefused(
                    f"the comments of round {number} (line {self._pending_at}) go with the "
                    "round's first decision, on the next line",
                    1,
                )
            decision = self.recording.to_act
            if decision is not None and not names_someone(stripped):
                stripped = name_text(self.recording.names[decision.seat]) + " " + stripped
            line = "    " + stripped
        elif starts_anew or not line[:1].isspace():
            return None
        self._pending.append(line)
        if _may_go_on(line):
            return ""
        joined, _ = self._take_pending()
        return "\n".join(joined)

    def _take_pending(self) -> tuple[list[str], int]:
        pending, at = self._pending, self._pending_at
        self._pending, self._pending_at = [], 0
        return pending, at

    def _record(self, line: str) -> str:
        """Record an entry or a line of a record (and save), or take ``undo``."""
        recording = self.recording_or_start()
        undo = _UNDO.fullmatch(line.strip())
        if undo is not None:
            count = undo.group(1)
            if count is not None and (not count.isdigit() or int(count) < 1):
                raise EntryRefused("write undo, or undo and how many decisions (undo 3)", 6)
            steps, recorded = int(count or 1), len(recording.entries)
            if not recorded and count is None:
                self.undone_head = self.undo_head_line()
                if self.undone_head is not None:
                    return self.recording_or_start().prompt()
            if not recorded:
                raise EntryRefused("nothing to undo: no decision is recorded yet", 1)
            if steps > recorded:
                raise EntryRefused(
                    f"only {count_of(recorded, 'decision')} recorded, not {steps}: "
                    f"undo {recorded} takes back every one",
                    6,
                )
            undone = tuple(recording.entries[-steps:])
            self._apply(lambda: recording.undo(steps))
            self.undone = undone
        else:
            self._apply(lambda: recording.enter_line(line))
        return recording.prompt()

    def _apply(self, change: Callable[[], object]) -> None:
        """Make a change and save it; when the file cannot be written, the change is taken
        back, so that the recording never holds more than the file."""
        assert self.recording is not None
        kept = self.recording.memento()
        change()
        try:
            self.save()
        except FileError:
            self.recording.restore(kept)
            raise

    def _read_head(self) -> model.GameRecord:
        text = "\n".join(self._head)
        try:
            written = parse_game(text + "\n*\n", source=self.source)
        except NotationError as error:
            raise self._head_error(text, error) from None
        if written.rounds:
            raise RecordingError("the head of the record holds a round")
        given = {tag.name for tag in self.tags}
        twice = [tag.name for tag in written.tags if tag.name in given]
        if twice:
            raise RecordingError(
                f"[{twice[0]}] is given both as an option and in the lines read; give it once"
            )
        return attrs.evolve(written, tags=(*self.tags, *written.tags))

    def _head_error(self, text: str, error: NotationError) -> NotationError:
        """The ``error`` of the head lines ``text``, at its own line of the input (it was said
        at the line that started the recording too, ``<stdin>:4:1: <stdin>:2:6: ...``), and
        one at the ``*`` added to end them as what the head's own end lacks; said as with the
        Players tag given as an option (:func:`_said_with_players`)."""
        if error.line > len(self._head):
            try:
                parse_game(text, source=self.source)
            except NotationError as bare:
                error = bare
        players = [tag.values for tag in self.tags if tag.name == "Players"]
        if players:
            error = _said_with_players(text + "\n*\n", error, players[0])
        at = min(max(error.line, 1), len(self._head))
        return NotationError(
            error.message,
            source=self.source,
            line=self._head_from + at,
            column=error.column,
            excerpt=self._head[at - 1],
        )


def _said_with_players(text: str, error: NotationError, names: Iterable[str]) -> NotationError:
    """``error`` of the head lines ``text``, said as the reader says it after the Players
    tag of ``names`` (given as an option, not in the lines): a name that is also a colour
    letter or a card (a player named B: ``deal B: W1``) is told to be quoted, as in a file.
    The lines themselves are read without it, so that a comment before their tags stays
    the record's.

    >>> from gargon_notation.notation import parse_game
    >>> try:
    ...     parse_game("deal B: W1\\n*\\n")
    ... except NotationError as error:
    ...     said = _said_with_players("deal B: W1\\n*\\n", error, ["A", "B", "C"])
    >>> print(said.message)  # doctest: +NORMALIZE_WHITESPACE
    expected a player name, not 'B': a player named B is written quoted in the movetext,
    "B", since B is also a colour letter
    """
    players = "[Players " + " ".join(quote(name) for name in names) + "]\n"
    try:
        parse_game(players + text)
    except NotationError as told:
        if (told.line - 1, told.column) == (error.line, error.column):
            return NotationError(
                told.message,
                source=error.source,
                line=error.line,
                column=error.column,
                excerpt=error.excerpt,
            )
    return error


def record_lines(
    lines: Iterable[str],
    path: str | os.PathLike[str] | None,
    *,
    tags: Sequence[model.Tag] = (),
    recording: Recording | None = None,
    source: str = "<stdin>",
) -> Recording:
    """Feed every line to a :class:`LineRecorder` and close it: the finished recording.

    Raises :class:`~gargon_notation.errors.NotationError` at the first refused line (the
    file then holds every line before it) and
    :class:`~gargon_notation.errors.FileError` when the file cannot be written.
    """
    recorder = LineRecorder(path, tags, recording, source)
    for line in lines:
        recorder.feed(line)
    return recorder.close()
