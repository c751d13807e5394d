"""Recording from lines of text into a file: what ``gargon record`` does without a terminal.

A :class:`LineRecorder` reads lines as they arrive (from a pipe, a program, a test):

- first, optionally, the lines of a record before its first decision: comments, tags
  (``[Event "Club night"]``), setup lines (``deal Adam: R? G?``) — after the tags the
  recorder was given, if any;
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

import os
import re
from collections.abc import Iterable, Sequence

import attrs

from gargon_notation import files
from gargon_notation.errors import NotationError
from gargon_notation.notation import model, parse_game
from gargon_notation.recording import EntryRefused, Recording, RecordingError

__all__ = ["LineRecorder", "record_lines"]

_HEAD = re.compile(r"\s*(?:$|\[|;|\{|deal\s|pile\s)")
_UNDO = re.compile(r"undo(?:\s+([0-9]{1,4}))?")


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
    _ending: list[str] | None = None

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
        """Take one line; the prompt for the next decision when it was an entry (None for a
        head or termination line).

        Raises :class:`~gargon_notation.errors.NotationError` (line and column of this
        line) when the line is refused; nothing of it is recorded.
        """
        self.line_number += 1
        line = line.rstrip("\r\n")
        try:
            return self._feed(line)
        except EntryRefused as refused:
            raise NotationError(
                str(refused),
                source=self.source,
                line=self.line_number,
                column=max(refused.column, 1) + len(line) - len(line.lstrip()),
                excerpt=line,
            ) from None
        except RecordingError as error:
            raise NotationError(str(error), source=self.source, line=self.line_number) from None

    def close(self) -> Recording:
        """The end of the lines: starts the recording if no entry came, writes the
        termination and its comments if given, and saves.

        Raises :class:`~gargon_notation.errors.NotationError` for a refused termination.
        """
        recording = self.recording_or_start()
        if self._ending is not None:
            try:
                recording.finish("\n".join(self._ending))
            except EntryRefused as refused:
                raise NotationError(
                    refused.message,
                    source=self.source,
                    line=self.line_number - len(self._ending) + 1,
                    excerpt=self._ending[0],
                ) from None
            self.save()
        return recording

    def save(self) -> None:
        """Write the record to the file now (atomically; flushed to the disk).

        Raises :class:`~gargon_notation.errors.FileError`.
        """
        if self.path is not None and self.recording is not None:
            files.write_text(self.path, self.recording.text())

    def _feed(self, line: str) -> str | None:
        if self._ending is not None:
            self._ending.append(line)
            return None
        if self.recording is None and _HEAD.match(line):
            self._head.append(line)
            return None
        recording = self.recording_or_start()
        words = line.split()
        if words and words[0] in ("end", "*"):
            self._ending = [line]
            return None
        undo = _UNDO.fullmatch(line.strip())
        if undo is not None:
            recording.undo(int(undo.group(1) or 1))
        else:
            recording.enter_line(line)
        self.save()
        return recording.prompt()

    def _read_head(self) -> model.GameRecord:
        text = "\n".join(self._head)
        try:
            written = parse_game(text + "\n*\n", source=self.source)
        except NotationError as error:
            raise RecordingError(str(error)) from None
        if written.rounds:
            raise RecordingError("the head of the record holds a round")
        given = {tag.name for tag in self.tags}
        twice = [tag.name for tag in written.tags if tag.name in given]
        if twice:
            raise RecordingError(
                f"[{twice[0]}] is given both as an option and in the lines read; give it once"
            )
        return attrs.evolve(written, tags=(*self.tags, *written.tags))


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
