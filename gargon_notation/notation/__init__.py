"""Gargon notation (``.ggn``): read and write game records.

Reading:

- :func:`parse_game`: one game from a string.
- :func:`parse_games`: every game in a string (a list; lenient or strict).
- :func:`read_games`: every game in a file, path or stream, one at a time (lenient or strict).

Lenient reading yields a :class:`~gargon_notation.errors.NotationError` in place of each broken
game and goes on with the next; strict reading raises it.

Writing: :func:`write_game` and :func:`write_games` give canonical text, and
``parse_game(write_game(record)) == record`` for every record; :func:`write_action` gives
one action's text (for messages).

Lower level: :func:`decode_lines` and :func:`split_games` cut a file into :class:`Chunk`\\ s,
one per game, which :func:`parse_game` reads (``first_line`` keeps positions right).

>>> text = '[Players "Adam" "Bernd" "Collette"]\\n1. Adam Y2 Y6!, Bernd pass 1:G? 2\\n*\\n'
>>> record = parse_game(text)
>>> record.rounds[0].actions[0].glyph, record.rounds[0].actions[1].seen
('!', (HiddenCard.parse('G?'), None))
>>> write_game(record) == text
True
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator
from typing import IO, TypeVar, overload

from gargon_notation.errors import EncodingError, NotationError, binary_data
from gargon_notation.notation.fast import Decline, parse_fast, parse_header, tolerate_slip
from gargon_notation.notation.lines import decode_lines
from gargon_notation.notation.model import (
    GLYPHS,
    Action,
    Battle,
    Comment,
    CommentKind,
    Deal,
    Draw,
    GameRecord,
    Headers,
    Pass,
    PassDraw,
    Pile,
    Play,
    Round,
    Score,
    SetupLine,
    Tag,
    Termination,
    is_bare_name,
)
from gargon_notation.notation.scan import game_line, json_like, looks_like_json
from gargon_notation.notation.stream import Chunk, split_games
from gargon_notation.notation.writer import write_action, write_game, write_games

__all__ = [
    "GLYPHS",
    "MAX_GAME_ITEMS",
    "Action",
    "Battle",
    "Chunk",
    "Comment",
    "CommentKind",
    "Deal",
    "Draw",
    "GameRecord",
    "Headers",
    "NotationError",
    "Pass",
    "PassDraw",
    "Pile",
    "Play",
    "Round",
    "Score",
    "SetupLine",
    "Tag",
    "Termination",
    "decode_lines",
    "game_line",
    "is_bare_name",
    "parse_game",
    "parse_games",
    "read_games",
    "read_tags",
    "split_games",
    "write_action",
    "write_game",
    "write_games",
]


def _normalise(text: str) -> str:
    """Drop a byte-order mark; CRLF and a lone CR end a line like LF."""
    text = text.lstrip("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


_T = TypeVar("_T")


def _fast(
    read: Callable[[str, str, int], _T], text: str, source: str, first_line: int
) -> _T | None:
    """What a fast reader (``read``) makes of ``text``, or None when it declines.

    Any other error of the fast reader is a bug of it: an error under ``GARGON_FAST_STRICT=1``
    (the tests), else a :class:`~gargon_notation.notation.fast.FastReaderWarning` and None,
    so that the grammar reader reads the text.
    """
    try:
        return read(text, source, first_line)
    except Decline:
        return None
    except Exception as slip:
        if not tolerate_slip(slip, source, game_line(text, first_line)):
            raise
        return None


def _parse_chunk(text: str, source: str, first_line: int) -> GameRecord:
    """The fast reader's record, or the grammar reader's for text the fast one declines.

    A game that cannot be read and opens as a JSON object does (``{"format": ...`` or
    ``{"tags": ...``: a JSON file under a ``.ggn`` name, or JSON given as notation) is said
    to look like JSON, and how to read it (:func:`looks_like_json`).
    """
    nul = text.find("\x00")
    if nul >= 0:
        raise _binary(text, nul, source, first_line)
    try:
        _check_items(text, source, first_line)
        return _parse_counted(text, source, first_line)
    except NotationError as error:
        if not json_like(text):
            raise
        raise looks_like_json(error, text) from None


def _binary(text: str, nul: int, source: str, first_line: int) -> EncodingError:
    """The error of a NUL at ``text[nul]``: never notation, but binary data (the readers of
    bytes say so with its byte offset before a game is parsed; this is for text given as
    such).

    >>> print(_binary("[Event 'x']\\n1. A R1\\x00\\n", 19, "x", 4))
    x:5:8: this is binary data, not a record: a NUL byte; records are UTF-8 text
        1. A R1\\u0000
               ^
    """
    start = text.rfind("\n", 0, nul) + 1
    end = text.find("\n", nul)
    return EncodingError(
        binary_data(None),
        source=source,
        line=first_line + text.count("\n", 0, nul),
        column=nul - start + 1,
        excerpt=text[start : end if end >= 0 else len(text)],
    )


def _parse_counted(text: str, source: str, first_line: int) -> GameRecord:
    """:func:`_parse_chunk` for text whose items were counted already."""
    record = _fast(parse_fast, text, source, first_line)
    if record is not None:
        return record
    # The grammar reader (and lark) is imported only when the fast reader declines.
    from gargon_notation.notation.parser import parse_with_grammar

    return parse_with_grammar(text, source, first_line)


MAX_GAME_ITEMS = 50_000
"""The most items (cards, names, numbers, comments, punctuation) a game may hold: a real game
holds about a thousand.  Each item read is an object of its own, so this bounds the memory of
reading one game (some tens of megabytes) whatever its text."""


def too_many_items(text: str) -> bool:
    """Whether a game's text holds more items than :data:`MAX_GAME_ITEMS` (the readers refuse
    it), counted from above by the characters that separate or open items first (a linear
    count in C, before any reading).

    >>> too_many_items("1. Ann Y2 Bob pass\\n*\\n"), too_many_items("$1 " * 50_001)
    (False, True)
    """
    if len(text) <= MAX_GAME_ITEMS:
        return False
    bound = sum(text.count(mark) for mark in (" ", "\n", "\t", "{", ";", ",", "(", "[", '"'))
    return bound > MAX_GAME_ITEMS and _items(text) > MAX_GAME_ITEMS


def _check_items(text: str, source: str, first_line: int) -> None:
    """Refuse a game of more items than :data:`MAX_GAME_ITEMS` (pointing at its first line
    that is not blank: :func:`game_line`)."""
    if too_many_items(text):
        line = game_line(text, first_line)
        raise NotationError(
            f"the game starting at line {line} holds over {MAX_GAME_ITEMS} items "
            "(cards, names, comments, ...); it is skipped",
            source=source,
            line=line,
            column=1,
        )


_ITEM = re.compile(r"""\{[^}]*\}?|;[^\n]*|"(?:[^"\\\n]|\\.)*+"?|[^\s,()\[\]{};"]+|[,()\[\]]""")


def _items(text: str) -> int:
    """The items of a text, as the readers split it (comments whole, quoted values whole)."""
    return sum(1 for _ in _ITEM.finditer(text))


def parse_game(text: str, source: str = "<string>", first_line: int = 1) -> GameRecord:
    """Read exactly one game (and the comments around it) from ``text``.

    ``first_line`` is the line of a larger file on which ``text`` begins (positions and
    messages then count from there).

    Raises :class:`NotationError` when ``text`` is not one valid game.
    """
    return _parse_chunk(_normalise(text), source, first_line)


def read_tags(text: str, source: str = "<string>", first_line: int = 1) -> tuple[Tag, ...]:
    """The tags of one game's text, read without its movetext when the lines before its first
    round are plain tags and comments (pgn-extract's header-only scan), else from the whole
    game.  The movetext is then not checked at all: a game whose rounds are broken still
    gives its tags.

    Raises :class:`NotationError` when the tags (or, read whole, the game) cannot be read.

    >>> tags = read_tags('[Event "Club"]\\n[Players "A" "B" "C"]\\n1. A R99 R1\\n*\\n')
    >>> [(tag.name, tag.values, tag.line) for tag in tags]
    [('Event', ('Club',), 1), ('Players', ('A', 'B', 'C'), 2)]
    """
    text = _normalise(text)
    _check_items(text, source, first_line)
    tags = _fast(parse_header, text, source, first_line)
    return tags if tags is not None else _parse_counted(text, source, first_line).tags


def _read(
    chunks: Iterator[Chunk], source: str, strict: bool
) -> Iterator[GameRecord | NotationError]:
    for chunk in chunks:
        try:
            if chunk.error is not None:
                raise chunk.error
            yield _parse_chunk(chunk.text, source, chunk.first_line)
        except NotationError as error:
            if strict:
                raise
            yield error


def parse_games(
    text: str, source: str = "<string>", *, strict: bool = False
) -> list[GameRecord | NotationError]:
    """Every game in ``text``, in order; broken games appear as their error unless ``strict``.

    Raises :class:`NotationError` (strict reading only) at the first broken game.
    """
    # A byte order mark opening any line is dropped, as the bytes and stream readers drop it
    # (files joined with ``cat`` keep each one's mark).
    lines = ((line.lstrip("\ufeff"), None) for line in io.StringIO(_normalise(text), newline="\n"))
    return list(_read(split_games(lines, source), source, strict))


def _text_lines(source: IO[str], label: str) -> Iterator[tuple[str, NotationError | None]]:
    try:
        for line in source:
            yield line.lstrip("\ufeff"), None
    except UnicodeDecodeError as problem:
        raise NotationError(
            f"this text cannot be decoded ({problem.reason}) near byte offset {problem.start}",
            source=label,
        ) from None


@overload
def read_games(
    source: str | os.PathLike[str], *, strict: bool = False, name: str | None = None
) -> Iterator[GameRecord | NotationError]: ...
@overload
def read_games(
    source: IO[bytes] | IO[str], *, strict: bool = False, name: str | None = None
) -> Iterator[GameRecord | NotationError]: ...
def read_games(
    source: str | os.PathLike[str] | IO[bytes] | IO[str],
    *,
    strict: bool = False,
    name: str | None = None,
) -> Iterator[GameRecord | NotationError]:
    """Games from a file path or an open file, one at a time (memory does not grow with size).

    Yields a :class:`GameRecord` for each game, or (lenient reading) the
    :class:`NotationError` of a broken game.  ``name`` is the file name used in messages.

    Raises :class:`NotationError` (strict reading only) at the first broken game, and
    :class:`OSError` when the file cannot be opened.
    """
    if isinstance(source, str | os.PathLike):
        label = name or os.fspath(source)
        with open(source, "rb") as handle:
            yield from _read(split_games(decode_lines(handle, label), label), label, strict)
        return
    label = name or str(getattr(source, "name", "<stream>"))
    binary = getattr(source, "buffer", None)
    if isinstance(source, io.TextIOBase) and binary is not None:
        # A file opened as text: read its bytes, so that a bad byte is placed exactly.
        yield from _read(split_games(decode_lines(binary, label), label), label, strict)
    elif isinstance(source, io.TextIOBase):
        yield from _read(split_games(_text_lines(source, label), label), label, strict)
    else:
        yield from _read(split_games(decode_lines(source, label), label), label, strict)  # type: ignore[arg-type]
