"""A JSON document of games read one game at a time, so that memory does not grow with it.

``json.loads`` of a whole ``.json`` archive holds every game at once as Python values (about
fourteen times the file's size).  Here the document is decoded a block at a time and each
element of its ``"games"`` list is cut out by its brackets and read on its own; a game that
is not valid JSON, or does not follow the schema, is yielded as its error and the next one is
read.  Errors name the line and column of the value they are about (found again in the
game's text, which is held anyway, only when there is an error: reading stays linear and
its memory bounded), or where the JSON is broken.  A byte that is not UTF-8 makes the game
that holds it an error (naming its byte offset), and the next game is read; outside the games
it ends the reading.  A NUL byte is binary data, never JSON: the reading ends there.

>>> import io
>>> text = b'{"format": "gargon-notation", "version": 1, "games": [{"tags": []}, 7]}'
>>> for item in iter_document_games(io.BytesIO(text), "games.json"):
...     print(item)
games.json:1:55: $.games[0]: missing field 'rounds'
games.json:1:69: $.games[1]: expected an object
"""

from __future__ import annotations

import codecs
import collections
import json
import re
from collections.abc import Iterator
from typing import Any, BinaryIO

from gargon_notation import jsonio
from gargon_notation.errors import EncodingError, NotationError, binary_data, not_utf8, wide_text
from gargon_notation.notation import GameRecord
from gargon_notation.notation.stream import MAX_GAME_CHARS

__all__ = [
    "MAX_FIELD_CHARS",
    "Beside",
    "Piece",
    "Place",
    "iter_document_games",
    "iter_document_pieces",
]

MAX_FIELD_CHARS = 100_000
"""The longest value of a document's field other than ``games`` (``format``, ``version``)."""

_BLOCK = 1 << 16
_SPACE = re.compile(r"[ \t\n\r]*")
_STRUCTURE = re.compile(r'["\[\]{}]')
_IN_STRING = re.compile(r'["\\]')
_SCALAR_END = re.compile(r"[,\]}\s]")
_BOM = "\ufeff"
_UNDECODABLE = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as the decoder's ``surrogateescape`` gives it (no text read
from UTF-8 holds such a lone surrogate; an escape ``\\udc80`` in JSON is six characters)."""
_DECODER = json.JSONDecoder()
_GAME_DEPTH = 2
"""How deep a game is in its document: in the document's object, in its list of games."""
_UNREAD = object()
_CUT_SHORT = jsonio.CUT_SHORT


class _TooLong(Exception):
    """A value longer than its limit, skipped; ``size`` is its length in characters."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


class _TooDeep(Exception):
    """A value nested deeper than :data:`~gargon_notation.jsonio.MAX_DEPTH`, read past;
    ``line`` and ``column`` are those of the bracket that went over."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(line, column)
        self.line = line
        self.column = column


class _Text:
    """The document's text, decoded a block at a time; what is read is dropped.

    ``buffer[position:]`` is what remains to be read; ``line`` and ``column`` are those of
    ``buffer[0]`` in the document (both from 1).
    """

    def __init__(self, stream: BinaryIO, source: str) -> None:
        self.stream = stream
        self.source = source
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")
        self.buffer = ""
        self.position = 0
        self.dropped = 0  # the characters read and dropped before buffer[0]
        # Each byte that is not UTF-8 in the buffer: its index in the text (counting the
        # characters dropped), the byte and its byte offset, in order.
        self.undecodable: collections.deque[tuple[int, int, int]] = collections.deque()
        self.line = 1
        self.column = 1
        self.offset = 0  # bytes read so far
        self.ended = False
        self.started = False
        self.broken = False  # an error after which nothing more can be read
        self.nul: int | None = None  # the byte offset of a NUL byte, where the text ends

    def more(self) -> bool:
        """Decode the next block onto the buffer; False at the end of the stream."""
        if self.nul is not None:
            self.broken = True
            raise self.error(binary_data(self.nul), len(self.buffer), EncodingError)
        if self.ended:
            return False
        data = self.stream.read(_BLOCK)
        if not self.offset and (message := wide_text(data)) is not None:
            self.broken = True
            raise self.error(message, 0, EncodingError)
        pending = self.decoder.getstate()[0]
        text = self.decoder.decode(data, final=not data)
        start = self.offset - len(pending)  # the byte offset of text[0]
        nul = text.find("\x00")
        if nul >= 0:
            # Binary data (an image, /dev/zero), never JSON: the text ends here, and reading
            # past it is that error (see above).
            self.nul = start + len(text[:nul].encode("utf-8", "surrogateescape"))
            text = text[:nul]
        self.offset += len(data)
        if not self.started and text:
            self.started = True
            if text.startswith(_BOM):
                text = text[1:]
                start += len(_BOM.encode("utf-8"))
        if _UNDECODABLE.search(text) is not None:
            self._note_undecodable(text, start)
        self.buffer += text
        if not data:
            self.ended = True
        return bool(data) or bool(text)

    def _note_undecodable(self, text: str, start: int) -> None:
        """Note the bytes that are not UTF-8 in ``text``, about to be added to the buffer,
        whose first byte is at byte offset ``start``."""
        index = self.dropped + len(self.buffer)
        done = 0
        for found in _UNDECODABLE.finditer(text):
            start += len(text[done : found.start()].encode("utf-8", "surrogateescape"))
            done = found.start()
            byte = ord(found.group()) - 0xDC00
            self.undecodable.append((index + done, byte, start))

    def bad_byte(self, start: int, end: int) -> NotationError | None:
        """The error of the first byte that is not UTF-8 in ``buffer[start:end]``, if any."""
        for index, byte, offset in self.undecodable:
            if index >= self.dropped + end:
                break
            if index >= self.dropped + start:
                return self.error(not_utf8(byte, offset), index - self.dropped, EncodingError)
        return None

    def readable(self) -> bool:
        """:meth:`more`, but False before a NUL byte (for reading ahead: what is before it
        is read first, and reading past it raises its error then)."""
        return self.nul is None and self.more()

    def drop(self) -> None:
        """Forget what has been read (keeping count of lines and columns)."""
        gone = self.buffer[: self.position]
        newlines = gone.count("\n")
        if newlines:
            self.line += newlines
            self.column = len(gone) - gone.rindex("\n")
        else:
            self.column += len(gone)
        self.buffer = self.buffer[self.position :]
        self.dropped += self.position
        self.position = 0
        while self.undecodable and self.undecodable[0][0] < self.dropped:
            self.undecodable.popleft()

    def where(self, index: int) -> tuple[int, int]:
        """The line and column of ``buffer[index]``."""
        before = self.buffer[:index]
        newlines = before.count("\n")
        if not newlines:
            return self.line, self.column + index
        return self.line + newlines, index - before.rindex("\n")

    def error(
        self, message: str, index: int, kind: type[NotationError] = NotationError
    ) -> NotationError:
        line, column = self.where(index)
        return kind(message, source=self.source, line=line, column=column)

    def peek(self) -> str:
        """The next character after white space ("" at the end)."""
        while True:
            self.position = _SPACE.match(self.buffer, self.position).end()  # type: ignore[union-attr]
            if self.position < len(self.buffer) or not self.more():
                break
        following = self.buffer[self.position : self.position + 1]
        if _UNDECODABLE.match(following):
            # Not UTF-8 outside a game (the structure of the document): nothing more is read.
            self.broken = True
            error = self.bad_byte(self.position, self.position + 1)
            assert error is not None
            raise error
        return following

    def expect(self, character: str, what: str, advice: str) -> None:
        if self.peek() != character:
            raise self.unexpected(what, advice)
        self.position += 1

    def unexpected(self, what: str, advice: str) -> NotationError:
        said = jsonio.found(self.buffer, self.position, "the end of the document")
        return self.error(f"invalid JSON: expected {what}, found {said}; {advice}", self.position)

    def value(self, limit: int, what: str = "a value", depth: int = 0) -> str:
        """The text of the JSON value that starts here (after :meth:`peek`), read past;
        ``depth`` is how deep it is in the document.

        Raises :class:`_TooDeep` (having read past it) for a value nested over the limit,
        :class:`_TooLong` (having read past it) for a value over ``limit`` characters, and
        :class:`NotationError` where the document ends inside it (or, nested over the limit
        before, at the bracket that went over).
        """
        start = i = self.position
        first = self.buffer[start : start + 1]
        if not first:
            self.broken = True
            raise self.error(
                f"invalid JSON: the document ends where {what} should be; {_CUT_SHORT}", start
            )
        skipped = 0
        if first not in ("{", "[", '"'):
            while (found := _SCALAR_END.search(self.buffer, i)) is None:
                i = len(self.buffer)
                if i - start > limit or not self.more():
                    break
            end = found.start() if found is not None else len(self.buffer)
            return self._cut(start, end, limit)
        deep: tuple[int, int] | None = None  # where the nesting went over the limit
        outside = depth
        in_string = False
        while True:
            found = (_IN_STRING if in_string else _STRUCTURE).search(self.buffer, i)
            if found is None:
                i = len(self.buffer)
            elif found.group() == "\\" and found.end() >= len(self.buffer):
                i = found.start()  # the escaped character is in the next block
                found = None
            if found is None:
                if i - start > limit:
                    # Too long to keep: read on to its end without holding it.
                    skipped += i - start
                    self.position = i
                    self.drop()
                    start = i = 0
                if not self.more():
                    self.position = start
                    self.broken = True
                    if deep is not None:
                        raise _nested_too_deeply(self.source, deep)
                    inside = "a string" if in_string else what
                    raise self.error(
                        f"invalid JSON: the document ends inside {inside} (unclosed brackets "
                        f"or quotes); {_CUT_SHORT}",
                        len(self.buffer),
                    )
                continue
            i = found.end()
            mark = found.group()
            if in_string:
                if mark == "\\":
                    i += 1
                else:
                    in_string = False
            elif mark == '"':
                in_string = True
            elif mark in "[{":
                depth += 1
                if depth > jsonio.MAX_DEPTH and deep is None:
                    deep = self.where(found.start())
            else:
                depth -= 1
            if depth <= outside and not in_string:
                break
        if deep is not None:
            self.position = i
            raise _TooDeep(*deep)
        if skipped:
            self.position = i
            raise _TooLong(skipped + i - start)
        return self._cut(start, i, limit)

    def decoded(self, limit: int) -> Any:
        """The JSON value that starts here, read past with json's own scanner, reading ahead
        as far as it needs (up to ``limit`` characters); :data:`_UNREAD` when it is broken or
        too long (then nothing is read: :meth:`value` finds its end and says why)."""
        start = self.position
        while True:
            try:
                value, end = _DECODER.raw_decode(self.buffer, start)
            except json.JSONDecodeError:
                # Cut short by the end of the buffer, or broken: read further ahead (twice
                # as far each time) until the end of the document or the limit says which.
                ahead = len(self.buffer) - start
                if ahead > limit:
                    return _UNREAD
                while len(self.buffer) - start < 2 * ahead + _BLOCK and self.readable():
                    pass
                if len(self.buffer) - start == ahead:
                    return _UNREAD
                continue
            except (RecursionError, ValueError):
                return _UNREAD
            if end == len(self.buffer) and self.readable():
                continue  # a number may go on in the next block
            if end - start > limit:
                return _UNREAD
            self.position = end
            return value

    def _cut(self, start: int, end: int, limit: int) -> str:
        self.position = end
        if end - start > limit:
            raise _TooLong(end - start)
        return self.buffer[start:end]

    def loads(self, text: str, start: int) -> Any:
        """``text`` (which began at ``buffer[start]``) as Python values.

        Raises :class:`NotationError` for text that is not JSON, and
        :class:`~gargon_notation.errors.EncodingError` for bytes in it that are not UTF-8.
        """
        undecodable = _UNDECODABLE.search(text)
        if undecodable is not None:
            error = self.bad_byte(start + undecodable.start(), start + undecodable.end())
            assert error is not None
            raise error
        try:
            return json.loads(text)
        except RecursionError:
            # Not over the limit (value() reads past that), but over Python's recursion limit.
            raise self.error(jsonio.NESTED_TOO_DEEPLY, start) from None
        except ValueError as error:  # a number of over 4,300 digits is not a JSONDecodeError
            if isinstance(error, json.JSONDecodeError):
                message = jsonio.syntax_message(error, document=True)
                raise self.error(message, start + error.pos) from None
            raise self.error(jsonio.LONG_NUMBER, start + jsonio.long_number(text)) from None


def _nested_too_deeply(source: str, place: tuple[int, int]) -> NotationError:
    line, column = place
    return NotationError(jsonio.NESTED_TOO_DEEPLY, source=source, line=line, column=column)


def iter_document_games(stream: BinaryIO, source: str) -> Iterator[GameRecord | NotationError]:
    """The games of a JSON document read from a binary stream, one at a time.

    A game that cannot be read is yielded as its
    :class:`~gargon_notation.errors.NotationError` and reading goes on; a document that
    is broken outside its games (or not the JSON form at all) ends with its error.  The
    ``format`` and ``version`` fields are checked before the games when they come first (as
    the writer puts them), otherwise after them.
    """
    for _, _, item in iter_document_pieces(stream, source):
        yield item


Piece = tuple[int, str | None, GameRecord | NotationError]
"""A game of a document: the line it starts on, its exact JSON text (None when it is too long
to keep, or for an error of the document itself), and the game or its error."""

Place = tuple[int, int]
"""A line and a column, from 1."""


class Beside:
    """What a document holds beside its games that its canonical form would not keep, as
    :func:`iter_document_pieces` reads it, in memory that does not grow with the fields
    (a script's document may have millions of its own): the first of the fields gargon
    writes (``format``, ``version``, ``minor``) written again, and the first field it does
    not write whose value says something (not ``null``, ``false``, ``""``, ``[]`` or
    ``{}``: :func:`~gargon_notation.jsonio.dropped_document_field`); each as its JSON path
    and the place of its value, or None.  (A field gargon does not write, written twice,
    says something in one of its values, or in none: then nothing is lost either way.)"""

    def __init__(self) -> None:
        self.again: tuple[str, Place] | None = None
        self.dropped: tuple[str, Place] | None = None


def iter_document_pieces(
    stream: BinaryIO, source: str, beside: Beside | None = None
) -> Iterator[Piece]:
    """:func:`iter_document_games`, each game with the line it starts on and its exact text
    (the element of ``"games"`` as written, for copying it unchanged).  ``beside``, when
    given, gets what the document holds beside its games that its canonical form would not
    keep (see :class:`Beside`), once its end is read.

    >>> import io
    >>> text = b'{"format": "gargon-notation", "version": 1,\\n "games": [ {"tags": []} ]}'
    >>> [(line, raw) for line, raw, _ in iter_document_pieces(io.BytesIO(text), "x.json")]
    [(2, '{"tags": []}')]
    """
    text = _Text(stream, source)
    try:
        yield from _document(text, Beside() if beside is None else beside)
    except NotationError as error:
        yield error.line or 0, None, error


def _document(text: _Text, beside: Beside) -> Iterator[Piece]:
    if text.peek() != "{":
        start = text.position
        if not text.peek():
            raise text.error(f"invalid JSON: the document is empty; {jsonio.DOCUMENT_SHAPE}", start)
        first = jsonio.found(text.buffer, start)
        place = text.where(start)  # value() drops what it reads past of a long value
        try:
            text.loads(text.value(MAX_FIELD_CHARS), start)
        except _TooDeep as deep:
            raise _nested_too_deeply(text.source, (deep.line, deep.column)) from None
        except (_TooLong, NotationError):
            if text.broken:
                raise
            raise NotationError(
                f"invalid JSON: expected '{{' opening the document, found {first}; "
                f"{jsonio.DOCUMENT_SHAPE}",
                source=text.source,
                line=place[0],
                column=place[1],
            ) from None
        raise text.error(f"$: expected an object; {jsonio.DOCUMENT_SHAPE}", start)
    opening = text.where(text.position)
    # Of the document's own fields (format, version, minor, games) only: the others are
    # checked as they are read and let go, however many there are.
    places: dict[str, Place] = {}

    def where(path: str) -> Place:
        key = path.removeprefix("$.").partition(".")[0].partition("[")[0]
        return places.get(key, opening) if path.startswith("$.") else opening

    text.position += 1
    fields: dict[str, Any] = {}
    others = False  # whether a field other than the document's own was read
    streamed = False
    while True:
        if text.peek() == "}" and not fields and not others and not streamed:
            text.position += 1
            break
        if text.peek() != '"':
            raise text.unexpected(
                "a field name in double quotes", jsonio.name_advice(text.buffer, text.position)
            )
        start = text.position
        key = text.loads(text.value(MAX_FIELD_CHARS), start)
        text.expect(":", "':' after the field name", 'write "name": value')
        text.peek()
        own = key in jsonio.DOCUMENT_FIELDS
        if own:
            if key in places and beside.again is None:
                beside.again = jsonio.field_path(key), text.where(text.position)
            places[key] = text.where(text.position)
        if key == "games" and text.buffer[text.position : text.position + 1] == "[":
            if streamed:
                raise text.error("the document has two 'games' lists; keep one", start)
            if "format" in fields and "version" in fields:
                jsonio.check_document({**fields, "games": []}, text.source, where)
            yield from _games(text)
            streamed = True
        else:
            start = text.position
            place = text.where(start)  # value() drops what it reads past of a long value
            try:
                value = text.loads(text.value(MAX_FIELD_CHARS, depth=1), start)
            except _TooDeep as deep:
                raise _nested_too_deeply(text.source, (deep.line, deep.column)) from None
            except _TooLong as long:
                raise NotationError(
                    f"the field '{key}' is {long.size} characters long, over the limit of "
                    f"{MAX_FIELD_CHARS}",
                    source=text.source,
                    line=place[0],
                    column=place[1],
                ) from None
            if own:
                fields[key] = value
            else:
                others = True
                if beside.dropped is None:
                    dropped = jsonio.dropped_document_field(key, value)
                    beside.dropped = None if dropped is None else (dropped, place)
        text.drop()  # the next field's place is counted from here: linear in the fields
        if text.peek() == ",":
            text.position += 1
            continue
        text.expect("}", "',' or '}'", "put a comma between two fields")
        break
    if text.peek():
        raise text.error(
            "invalid JSON: more text after the end of the document, found "
            f"{jsonio.found(text.buffer, text.position)}; {jsonio.DOCUMENT_ONE_OBJECT}",
            text.position,
        )
    jsonio.check_document({**fields, "games": []} if streamed else fields, text.source, where)


def _games(text: _Text) -> Iterator[Piece]:
    text.position += 1  # the "["
    if text.peek() == "]":
        text.position += 1
        return
    number = 0
    while True:
        text.peek()
        text.drop()
        line, column = text.where(0)
        path = f"$.games[{number}]"
        try:
            game = text.decoded(MAX_GAME_CHARS)
            if game is _UNREAD:
                game = text.loads(text.value(MAX_GAME_CHARS, "a game", _GAME_DEPTH), 0)
        except _TooDeep as deep:
            yield line, None, _nested_too_deeply(text.source, (deep.line, deep.column))
        except _TooLong as long:
            too_long = NotationError(
                f"{path}: the game is {long.size} characters long, over the limit of "
                f"{MAX_GAME_CHARS}; it is skipped",
                source=text.source,
                line=line,
                column=column,
            )
            yield line, None, too_long
        except NotationError as error:
            if text.broken:
                raise
            yield line, text.buffer[: text.position], error
        else:
            raw = text.buffer[: text.position]
            try:
                undecodable = text.bad_byte(0, text.position) if text.undecodable else None
                if undecodable is not None:
                    raise undecodable  # in a string, which json reads
                record = jsonio.game_from_json(game, text.source, line, column, path, text=raw)
                yield line, raw, record
            except NotationError as error:
                # Not a record: over the limit of nesting, if that comes first (json read it).
                read = not isinstance(error, EncodingError)
                base = text.where(0)
                at = jsonio.deep_first(raw, error, _GAME_DEPTH, *base) if read else None
                if at is not None:
                    error = _nested_too_deeply(text.source, text.where(at))
                yield line, raw, error
        number += 1
        if text.peek() == ",":
            text.position += 1
            continue
        text.expect("]", "',' or ']' after a game", "put a comma between two games")
        return
