"""``gargon split``: the games of an archive written into files of a directory, each game byte
for byte, each file replaced atomically.

- ``games_per_file=N``: ``games-0001.EXT`` with the first N games, ``games-0002.EXT`` with the
  next N, and so on (more digits past 9999);
- ``by="event"``, ``"date"`` or ``"player"``: one file per ``Event``, per ``Date`` or per
  player (a game goes into the file of each of its players), named by
  :func:`~gargon_notation.archive.select.group_names`; values that give the same name, or
  names that differ in case only, share the file of the first (``Club`` and ``club``).

``EXT`` is the output format's suffix (``ggn``, ``json``, ``jsonl``).  The files of ``by``
are all put in place at the end, together (none when reading fails, or when one of them cannot
be: :func:`~gargon_notation.files.atomic_files`): at most :data:`MAX_OPEN` of them, of
which only a few are open at once (:data:`~gargon_notation.atomic.OPEN_AT_ONCE`); those of
``games_per_file`` each as it is full.  A game that cannot be copied is left out
(its file then holds fewer games); a file none of whose games can be is not written at all
(the files of ``games_per_file`` are numbered as written), nor is the directory made when no
file is written.  No other file of the directory is touched: :func:`files_not_written` finds
those of games (an earlier, larger split's, say), which reading the directory would read with
this split's.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gargon_notation import files
from gargon_notation.archive.games import ArchiveGame
from gargon_notation.archive.output import GameWriter
from gargon_notation.archive.select import Grouping, date_warnings, group_names
from gargon_notation.atomic import AtomicFiles
from gargon_notation.errors import NotationError

if TYPE_CHECKING:
    from gargon_notation.replay import Problem

__all__ = ["MAX_OPEN", "TooManyFiles", "files_not_written", "split_archive"]

MAX_OPEN = 500
"""The most files ``split --by`` writes (all waiting, in hidden temporaries, for the end)."""


class TooManyFiles(Exception):
    """``split --by`` would write more than :data:`MAX_OPEN` files."""


def split_archive(
    games: Iterable[ArchiveGame],
    directory: Path,
    *,
    games_per_file: int | None = None,
    by: Grouping | None = None,
    to: files.Format | None = None,
    on_problem: Callable[[NotationError], None],
    on_warning: Callable[[Problem], None] = lambda _: None,
) -> list[tuple[Path, int]]:
    """Write ``games`` into files of ``directory`` (created if need be), by number of games
    or by a tag (see the module docstring), in ``to`` or the first game's format; each game
    that cannot be read or copied is told to ``on_problem`` and left out.  By date, a game
    whose ``Date`` is not one goes to the file of its value as written, and the warnings
    ``gargon validate`` gives of it are told to ``on_warning``.  The files written, in the
    order they were begun, each with its number of games.

    Raises :class:`OSError` when a file cannot be written (nothing of a ``by`` split is then
    written; files of ``games_per_file`` finished before stay), :class:`ValueError` for a
    game of another format without ``to``, and :class:`TooManyFiles`.
    """
    if games_per_file is not None:
        return _split_by_count(iter(games), directory, games_per_file, to, on_problem)
    assert by is not None
    written: list[tuple[Path, GameWriter]] = []
    with contextlib.ExitStack() as stack:
        group = stack.enter_context(files.atomic_files())  # every file checked, then all put
        writers: dict[str, GameWriter] = {}
        for game in games:
            try:
                header = game.header()
            except NotationError as error:
                on_problem(error)
                continue
            stems = group_names(game, by, header)
            if by == "date":
                for warning in date_warnings(header, game.number):
                    on_warning(warning)
            for stem in stems:
                key = stem.casefold()
                if key not in writers:
                    if len(writers) == MAX_OPEN:
                        raise TooManyFiles(f"split --by {by} would write over {MAX_OPEN} files")
                    format = to or game.format
                    path = directory / f"{stem}.{format}"
                    sink = _Sink(stack, path, group)
                    writers[key] = GameWriter(sink, format, convert=to is not None)
                    written.append((path, writers[key]))
                _write(writers[key], game, on_problem)
        for writer in writers.values():
            writer.close(empty=False)
    return [(path, writer.count) for path, writer in written if writer.count]


def files_not_written(directory: Path, written: Iterable[Path]) -> list[Path]:
    """The files of games in ``directory``, searched as ``gargon cat`` searches it (its
    folders too, by the suffixes ``.ggn``, ``.json`` and ``.jsonl``), that are none of the
    ``written`` (compared by identity: two names of one file are one file), sorted by path:
    the files an earlier split into the same directory wrote and this one did not
    (``games-0003.ggn`` of a split into more files), or files of the user's, which
    :func:`split_archive` never removes, since nothing tells them apart.

    Raises :class:`OSError` when the directory cannot be searched.
    """
    mine = {_identity(path) for path in written}
    found = files.find_inputs([directory]) if directory.is_dir() else []
    return [source.path for source in found if source.path and _identity(source.path) not in mine]


def _identity(path: Path) -> tuple[int, int]:
    status = os.stat(path)
    return status.st_dev, status.st_ino


def _split_by_count(
    games: Iterator[ArchiveGame],
    directory: Path,
    size: int,
    to: files.Format | None,
    on_problem: Callable[[NotationError], None],
) -> list[tuple[Path, int]]:
    written: list[tuple[Path, int]] = []
    while (first := next(games, None)) is not None:
        format = to or first.format
        path = directory / f"games-{len(written) + 1:04d}.{format}"
        with contextlib.ExitStack() as stack:
            writer = GameWriter(_Sink(stack, path), format, convert=to is not None)
            for game in itertools.chain([first], itertools.islice(games, size - 1)):
                _write(writer, game, on_problem)
            writer.close(empty=False)
        if writer.count:
            written.append((path, writer.count))
    return written


class _Sink:
    """The bytes of a file of the split, written atomically into ``path`` once ``stack``
    ends (with the other files of ``group``, all or none of them); the file (and its
    directory) is begun at its first bytes, so that a file whose games are all left out is
    never written."""

    def __init__(
        self,
        stack: contextlib.ExitStack[bool | None],
        path: Path,
        group: AtomicFiles | None = None,
    ) -> None:
        self.stack = stack
        self.path = path
        self.group = group
        self.write: Callable[[bytes], object] | None = None

    def __call__(self, data: bytes) -> None:
        if self.write is None:
            files.make_folders(self.path.parent)
            if self.group is not None:
                # Among many files of the group: the least recently written are closed
                # meanwhile, so that those open stay under the system's limit.
                self.write = self.group.appender(self.path)
            else:
                self.write = self.stack.enter_context(files.atomic_writer(self.path)).write
        self.write(data)


def _write(
    writer: GameWriter, game: ArchiveGame, on_problem: Callable[[NotationError], None]
) -> None:
    for problem in writer.write(game):
        on_problem(problem)
