"""Writing the games of an archive: each one byte for byte, in a stream that still splits into
the same games.

A :class:`GameWriter` writes games of one format to a sink:

- **notation**: each game's bytes as its file holds them (line ends, comments before it).  A
  byte-order mark is kept only as the output's first bytes.  Between two games that were not
  neighbours in their file, a line end is added after a game whose file ended without one,
  and a blank line before a game that begins with an indented line (else it would continue a
  ``;`` comment ending the game before).  A game that does not end with ``*`` or ``end``
  would take in the game after it: it is written only when nothing follows it, or its own
  next game; otherwise it is left out with a problem.
- **JSON Lines**: each game's line (a line end added to a file's last line without one).
- **JSON document**: each game's element of ``"games"`` as written, in a document laid out as
  ``gargon convert --to json`` lays it out.

A game of another format is converted (:func:`converted`): its record written in the target
format, canonically.

>>> import io
>>> from gargon_notation.archive.games import iter_stream
>>> data = b'\\xef\\xbb\\xbf[Players "A" "B" "C"]\\r\\n*\\r\\n{two}\\n[Players "A" "B" "D"]\\n*'
>>> games = list(iter_stream(io.BytesIO(data), "x.ggn"))
>>> sink = io.BytesIO()
>>> writer = GameWriter(sink.write, "ggn")
>>> [writer.write(game) for game in (games[1], games[0])]
[[], []]
>>> writer.close()
>>> sink.getvalue()
b'{two}\\n[Players "A" "B" "D"]\\n*\\n[Players "A" "B" "C"]\\r\\n*\\r\\n'
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from gargon_notation import files
from gargon_notation.archive.games import ArchiveGame
from gargon_notation.errors import EncodingError, NotationError, printable_name
from gargon_notation.notation import GameRecord, write_game

__all__ = ["GameWriter", "converted", "safe_name"]

_BOM = b"\xef\xbb\xbf"
_FORMAT_NAMES = {"ggn": "notation", "json": "a JSON document", "jsonl": "JSON Lines"}


def converted(record: GameRecord, format: files.Format) -> bytes:
    """A record's bytes in ``format`` as :class:`GameWriter` puts them: the canonical
    notation, a JSON line, or a JSON element of ``"games"`` (indented for the document)."""
    if format == "ggn":
        return write_game(record).encode("utf-8")
    from gargon_notation import jsonio

    if format == "jsonl":
        return jsonio.dumps_lines([record]).encode("utf-8")
    element = list(jsonio.iter_dumps([record]))[1]
    return element.removeprefix("\n    ").encode("utf-8")


_UNSAFE = re.compile(r"[^\w.-]+")


def safe_name(value: str, fallback: str) -> str:
    """A file name from a tag's value: runs of anything but letters, digits, ``.``, ``-`` and
    ``_`` become one ``_``, dots and ``_`` at either end go, at most 100 characters;
    ``fallback`` when nothing is left.

    >>> safe_name("Club night: 12/11", "x"), safe_name("../..", "no-event"), safe_name("Zoë", "x")
    ('Club_night_12_11', 'no-event', 'Zoë')
    """
    name = _UNSAFE.sub("_", value).strip("._")[:100].rstrip("._")
    return name or fallback


@attrs.define
class GameWriter:
    """Writes games of ``format`` (None: the first game's) through ``write_bytes`` (see the
    module docstring); a game of another format is converted when ``convert`` is set, else
    refused with :class:`ValueError`.  :attr:`count` is the number of games written."""

    write_bytes: Callable[[bytes], object]
    format: files.Format | None = None
    convert: bool = False
    count: int = 0
    _last: tuple[str, int] | None = None
    _ends_line: bool = True
    _held: ArchiveGame | None = None
    _started: bool = False

    def write(self, game: ArchiveGame) -> list[NotationError]:
        """Write one game; the problems of games it leaves out (this one, or one held before
        it), if any.

        Raises :class:`ValueError` for a game of another format without ``convert``.
        """
        problems: list[NotationError] = []
        if self.format is None:
            self.format = game.format
        if self._held is not None:
            held, self._held = self._held, None
            if self._neighbours(held, game):
                self._put(held, held.raw or b"")
            else:
                problems.append(
                    NotationError(
                        f"game {held.number} does not end with '*' or 'end', so it would take "
                        "in the game written after it; it is left out",
                        source=held.source,
                        line=held.line,
                        column=1,
                    )
                )
        if game.format != self.format:
            if not self.convert:
                raise ValueError(
                    f"{printable_name(game.source)} is {_FORMAT_NAMES[game.format]} but the "
                    f"output is {_FORMAT_NAMES[self.format]}"
                )
            try:
                self._put(game, converted(game.record(), self.format))
            except NotationError as error:
                problems.append(error)
        elif game.raw is None:
            # Why it cannot be read, where the reader says it (a JSON document cut short, a
            # line over the limit), else the limit on the bytes held that it is over.
            problems.append(
                game.error
                or NotationError(
                    f"game {game.number} is over the reading limits: it cannot be copied",
                    source=game.source,
                    line=game.line,
                    column=1,
                )
            )
        elif isinstance(game.error, EncodingError):
            problems.append(game.error)  # binary data, or not UTF-8: no game's text
        elif game.closed:
            self._put(game, game.raw)
        else:
            self._held = game
        return problems

    def close(self, *, empty: bool = True) -> None:
        """Finish the output: a game held is written, a JSON document is closed (and, with
        ``empty``, an empty one written when no game was: else nothing is written then)."""
        if self._held is not None:
            self._put(self._held, self._held.raw or b"")
            self._held = None
        if self.format == "json" and (empty or self.count):
            if not self._started:
                self._begin()
            self.write_bytes(b"\n  ]\n}\n" if self.count else b"]\n}\n")

    def _neighbours(self, before: ArchiveGame, after: ArchiveGame) -> bool:
        return before.source == after.source and after.number == before.number + 1

    def _begin(self) -> None:
        self._started = True
        if self.format == "json":
            from gargon_notation import jsonio

            self.write_bytes(next(iter(jsonio.iter_dumps([]))).encode("utf-8"))

    def _put(self, game: ArchiveGame, data: bytes) -> None:
        if not self._started:
            self._begin()
        elif data.startswith(_BOM):
            data = data[len(_BOM) :]
        if self.format == "json":
            self.write_bytes((b",\n    " if self.count else b"\n    ") + data)
        else:
            neighbour = self._last is not None and self._last == (game.source, game.number - 1)
            if not self._ends_line:
                self.write_bytes(b"\n")
            if self.format == "ggn" and self.count and not neighbour and data[:1] in (b" ", b"\t"):
                self.write_bytes(b"\n")
            self.write_bytes(data)
            self._ends_line = data.endswith((b"\n", b"\r"))
        self._last = (game.source, game.number)
        self.count += 1
