"""The games of an archive: many files, each game with its exact bytes, a cheap view of its tags
and its record on demand.

An :class:`ArchiveGame` is one game as a file holds it.  :meth:`ArchiveGame.header` reads its
tags only (for notation, the lines before its first round: pgn-extract's header-only scan, see
:func:`~gargon_notation.notation.read_tags`); :meth:`ArchiveGame.record` reads the whole game.
Neither is kept: a caller that needs one twice keeps it.  :func:`iter_archive` gives the games
of many inputs in order, one at a time, reading each file through
:func:`~gargon_notation.files.iter_raw_games`, so memory does not grow with the archive.

>>> import io
>>> data = b'[Event "Club"]\\n[Players "A" "B" "C"]\\n1. A R1\\n*\\n'
>>> game = next(iter_stream(io.BytesIO(data), "club.ggn"))
>>> game.where, game.raw == data, game.header().headers["Event"], len(game.record().rounds)
('club.ggn:1', True, 'Club', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import BinaryIO

import attrs

from gargon_notation import files
from gargon_notation.errors import NotationError, printable_name
from gargon_notation.notation import (
    Chunk,
    GameRecord,
    decode_lines,
    parse_game,
    read_tags,
    split_games,
)
from gargon_notation.parallel import RECORD_BYTES

__all__ = ["ArchiveGame", "iter_archive", "iter_stream"]


@attrs.frozen
class ArchiveGame:
    """One game of an archive file.

    ``source`` names the file (as given on the command line, ``<stdin>`` for standard
    input), ``number`` is the game's place in it (from 1), ``line`` the line it starts on
    (its first that is not blank: a comment before its tags, else its first tag; in JSON
    Lines its line, in a JSON document the line of its element), ``format``
    the file's.  ``raw`` is its exact bytes, None when it cannot be copied (a line or a game
    over the reading limits).  ``item`` is what the reader gave: for notation the text not yet
    parsed, for the JSON forms the record or its error.
    """

    source: str
    number: int
    line: int
    format: files.Format
    raw: bytes | None = attrs.field(repr=False)
    item: Chunk | GameRecord | NotationError = attrs.field(repr=False, eq=False)

    @property
    def size(self) -> int:
        """About how many bytes of its file the game holds: its bytes, else (read without
        copies) its text's in UTF-8 and the carriage returns of its CRLF line ends (its
        bytes, a byte-order mark aside; ASCII text is counted without a copy), else (a
        record read from JSON that cannot be copied) ``RECORD_BYTES``."""
        if self.raw is not None:
            return len(self.raw)
        if isinstance(self.item, Chunk):
            text = self.item.text
            size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
            return size + self.item.dropped
        return RECORD_BYTES

    @property
    def where(self) -> str:
        """``FILE:LINE``, for messages."""
        return f"{printable_name(self.source)}:{self.line}"

    @property
    def error(self) -> NotationError | None:
        """Why the game cannot be read at all (undecodable, over a limit, not JSON), or None."""
        if isinstance(self.item, NotationError):
            return self.item
        if isinstance(self.item, Chunk):
            return self.item.error
        return None

    @property
    def closed(self) -> bool:
        """Whether text put after the game leaves it as it is: false for notation that does
        not end with its termination (it would take in the lines after it)."""
        return not isinstance(self.item, Chunk) or self.item.closed

    def header(self) -> GameRecord:
        """A record holding the game's tags only (no setup, no rounds), read without the
        movetext (notation) or from the record read (JSON forms).

        Raises :class:`~gargon_notation.errors.NotationError` when the tags cannot be read.
        """
        item = self.item
        if isinstance(item, Chunk):
            if item.error is not None:
                raise item.error
            tags = read_tags(item.text, self.source, item.first_line)
            return GameRecord(tags=tags, source=self.source, line=self.line)
        return GameRecord(tags=self.record().tags, source=self.source, line=self.line)

    def record(self) -> GameRecord:
        """The whole game.

        Raises :class:`~gargon_notation.errors.NotationError` when it cannot be read.
        """
        item = self.item
        if isinstance(item, NotationError):
            raise item
        if isinstance(item, GameRecord):
            return item
        if item.error is not None:
            raise item.error
        return parse_game(item.text, self.source, item.first_line)


def iter_stream(
    stream: BinaryIO, name: str, format: files.Format | None = None, *, copies: bool = True
) -> Iterator[ArchiveGame]:
    """The games of one binary stream (its format sniffed unless given), one at a time;
    without ``copies``, notation's games come without their bytes (``raw`` None), read
    about twice as fast, for a pass over an archive that copies nothing.

    >>> import io
    >>> data = b'[Players "A" "B" "C"]\\n*\\n'
    >>> [(game.raw, game.size) for game in iter_stream(io.BytesIO(data), "x", copies=False)]
    [(None, 24)]

    Raises :class:`~gargon_notation.files.FileError` when the stream cannot be read.
    """
    try:
        if format is None:
            format, stream = files.sniff_stream(stream)
        if format == "ggn" and not copies:
            chunks = split_games(decode_lines(stream, name), name)
            for number, chunk in enumerate(chunks, start=1):
                yield ArchiveGame(name, number, chunk.line, format, None, chunk)
            return
        pieces = files.iter_raw_games(stream, format, name)
        for number, (line, raw, item) in enumerate(pieces, start=1):
            yield ArchiveGame(name, number, line, format, raw, item)
    except OSError as error:
        raise files.FileError.from_os_error(name, error) from None


def iter_archive(
    inputs: Iterable[files.Input], empty: list[str] | None = None, *, copies: bool = True
) -> Iterator[ArchiveGame]:
    """The games of every input in turn (see :func:`~gargon_notation.files.find_inputs`);
    the name of an input that holds no game is added to ``empty``, when given; ``copies``
    as for :func:`iter_stream`.

    Raises :class:`~gargon_notation.files.FileError` when an input cannot be opened or read.
    """
    for source in inputs:
        with files.open_input(source) as handle:
            try:
                format, stream = files.sniff_stream(handle, source.path)
            except OSError as error:
                raise files.FileError.from_os_error(source.name, error) from None
            found = False
            for game in iter_stream(stream, source.name, format, copies=copies):
                found = True
                yield game
            if not found and empty is not None:
                empty.append(source.name)
