"""Archives of many games: find, copy and split them byte for byte (``gargon filter``, ``cat``
and ``split``).

- :mod:`~gargon_notation.archive.games`: the games of many files, each with its exact bytes,
  its tags read cheaply and its record on demand (:class:`ArchiveGame`, :func:`iter_archive`);
- :mod:`~gargon_notation.archive.query`: conditions on tags, records and replays
  (:class:`Query`);
- :mod:`~gargon_notation.archive.facts`: what only a replay knows (:data:`FACTS`), imported
  (with the rules engine) only when a game is replayed;
- :mod:`~gargon_notation.archive.select`: which games a query keeps (:func:`select`);
- :mod:`~gargon_notation.archive.output`: writing games so that they split the same again
  (:class:`GameWriter`);
- :mod:`~gargon_notation.archive.split`: games into files by count or by tag;
- :mod:`~gargon_notation.archive.stats`: the figures of ``gargon stats`` (imported by name:
  it loads the rules engine), and :mod:`~gargon_notation.archive.stats_report` their JSON
  object and HTML report.

Everything streams: memory does not grow with the archive.

>>> import io
>>> data = b'[Event "A"]\\n[Players "X" "Y" "Z"]\\n*\\n\\n[Event "B"]\\n[Players "X" "Y" "Q"]\\n*'
>>> sink = io.BytesIO()
>>> chosen = select(iter_stream(io.BytesIO(data), "a.ggn"), Query.parse([("--event", "b")]))
>>> list(copy_selected(chosen, GameWriter(sink.write, "ggn")))
[]
>>> sink.getvalue()
b'\\n[Event "B"]\\n[Players "X" "Y" "Q"]\\n*'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from gargon_notation import files
from gargon_notation.archive.games import ArchiveGame, iter_archive, iter_stream
from gargon_notation.archive.output import GameWriter, converted, safe_name
from gargon_notation.archive.query import FACTS, Condition, Query, QueryError, date_range
from gargon_notation.archive.select import GROUPINGS, Grouping, Selection, group_names, select
from gargon_notation.archive.split import (
    MAX_OPEN,
    TooManyFiles,
    files_not_written,
    split_archive,
)
from gargon_notation.errors import NotationError

if TYPE_CHECKING:
    from gargon_notation.archive.facts import Replayed, replay_facts

__all__ = [
    "FACTS",
    "GROUPINGS",
    "MAX_OPEN",
    "ArchiveGame",
    "Condition",
    "GameWriter",
    "Grouping",
    "Query",
    "QueryError",
    "Replayed",
    "Selection",
    "TooManyFiles",
    "converted",
    "copy_selected",
    "date_range",
    "files_not_written",
    "group_names",
    "iter_archive",
    "iter_stream",
    "read_archive",
    "replay_facts",
    "safe_name",
    "select",
    "split_archive",
]


def read_archive(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> Iterator[ArchiveGame]:
    """The games of ``paths`` (one path, or several) in order, one at a time: files
    (``.ggn``, ``.json``, ``.jsonl``), directories (searched recursively for those), glob
    patterns, ``-`` for standard input, as the ``gargon`` verbs read them.  A game that
    cannot be read is still given (its :attr:`~ArchiveGame.error` says why).

    Raises :class:`~gargon_notation.files.FileError` for a path that does not exist, a
    pattern that matches nothing, or a file that cannot be read; :class:`TypeError` for
    what is not paths.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.ggn").write_text('[Event "A"]\\n[Players "X" "Y" "Z"]\\n*\\n')
    >>> (folder / "old").mkdir()
    >>> _ = (folder / "old" / "b.ggn").write_text('[Event "B"]\\n*\\n\\n[Event "C"]\\n*\\n')
    >>> [(g.number, g.format, g.header().headers["Event"]) for g in read_archive([folder])]
    [(1, 'ggn', 'A'), (1, 'ggn', 'B'), (2, 'ggn', 'C')]
    """
    return iter_archive(files.find_inputs(paths))


def copy_selected(selections: Iterable[Selection], writer: GameWriter) -> Iterator[NotationError]:
    """Write the games kept, then close ``writer``; yields, as it goes, every problem to
    report: a game that could not be read as deep as the query needed (unless kept, by
    ``--invalid``), or that cannot be copied.

    Raises :class:`ValueError` for a game of another format than the writer's, when it does
    not convert.
    """
    for selection in selections:
        if selection.kept:
            yield from writer.write(selection.game)
        elif selection.problem is not None:
            yield selection.problem
    writer.close()


def __getattr__(name: str) -> object:
    """The replay's names, imported (with the rules engine) on first use."""
    if name in ("Replayed", "replay_facts"):
        from gargon_notation.archive import facts

        return getattr(facts, name)
    raise AttributeError(f"module 'gargon_notation.archive' has no attribute {name!r}")
