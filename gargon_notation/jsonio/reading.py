"""JSON to records: a document, JSON Lines, one game object, each error with the JSON path
of the field it is about and the line and column of its value."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from gargon_notation.cards import AnyCard, Colour, card_from_text
from gargon_notation.errors import NotationError, printable
from gargon_notation.jsonio.form import FORMAT, MAX_NUMBER, VERSION
from gargon_notation.jsonio.text import (
    DOCUMENT_SHAPE,
    LINE_SHAPE,
    LONG_NUMBER,
    NESTED_TOO_DEEPLY,
    SPACE,
    Where,
    deep_first,
    locator,
    long_number,
    place,
    syntax_message,
    too_deep,
)
from gargon_notation.jsonio.writing import game_to_json
from gargon_notation.notation import MAX_GAME_ITEMS, model, too_many_items
from gargon_notation.notation.lines import MAX_LINE_BYTES
from gargon_notation.notation.stream import MAX_GAME_CHARS
from gargon_notation.notation.writer import longest_lines, write_game

T = TypeVar("T")


class _Reader:
    """Reads a document, raising NotationError with a JSON path on anything malformed: at
    the line and column ``where`` gives for the path when it is given, else at ``line`` and
    ``column`` (line 0: none)."""

    def __init__(
        self, source: str, line: int = 0, column: int = 1, where: Where | None = None
    ) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.where = where

    def fail(self, path: str, message: str) -> NotationError:
        line, column = (self.line, self.column) if self.where is None else self.where(path)
        if line:
            return NotationError(f"{path}: {message}", source=self.source, line=line, column=column)
        return NotationError(f"{path}: {message}", source=self.source)

    def get(self, obj: Any, key: str, kind: type | tuple[type, ...], path: str) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(path, "expected an object")
        if key not in obj:
            raise self.fail(path, f"missing field '{key}'")
        value = obj[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(f"{path}.{key}", f"expected {_kind_name(kind)}")
        if isinstance(value, int) and not isinstance(value, bool):
            self.number(value, f"{path}.{key}")
        return value

    def number(self, value: int, path: str) -> None:
        if not 0 <= value <= MAX_NUMBER:
            raise self.fail(
                path,
                f"{value} is not a whole number from 0 to {MAX_NUMBER} (the notation writes "
                "numbers of at most nine digits)",
            )

    def opt(self, obj: dict[str, Any], key: str, kind: type, default: Any, path: str) -> Any:
        if key not in obj:
            return default
        return self.get(obj, key, kind, path)

    def card(self, text: Any, path: str) -> AnyCard:
        if not isinstance(text, str):
            raise self.fail(path, 'expected a card such as "R14", "R?" or "X?"')
        try:
            return card_from_text(text)
        except ValueError as error:
            raise self.fail(path, str(error)) from None

    def cards(self, obj: dict[str, Any], path: str) -> tuple[AnyCard, ...]:
        values = self.get(obj, "cards", list, path)
        return tuple(self.card(v, f"{path}.cards[{k}]") for k, v in enumerate(values))

    def comments(self, obj: dict[str, Any], path: str) -> tuple[model.Comment, ...]:
        found = []
        for k, entry in enumerate(self.opt(obj, "comments", list, [], path)):
            where = f"{path}.comments[{k}]"
            kind_text = self.get(entry, "kind", str, where)
            try:
                kind = model.CommentKind(kind_text)
            except ValueError:
                raise self.fail(f"{where}.kind", "expected brace, line or annotation") from None
            found.append(
                self.build(model.Comment, where, self.get(entry, "text", str, where), kind)
            )
        return tuple(found)

    def annotation(self, obj: dict[str, Any], path: str) -> dict[str, Any]:
        nags = self.opt(obj, "nags", list, [], path)
        for k, nag in enumerate(nags):
            if not isinstance(nag, int) or isinstance(nag, bool):
                raise self.fail(f"{path}.nags[{k}]", "expected a whole number")
            self.number(nag, f"{path}.nags[{k}]")
        return {
            "glyph": self.opt(obj, "glyph", str, None, path),
            "nags": tuple(nags),
            "comments": self.comments(obj, path),
        }

    def build(self, cls: Callable[..., T], path: str, *args: Any, **kwargs: Any) -> T:
        try:
            return cls(*args, **kwargs)
        except (ValueError, TypeError) as error:
            raise self.fail(path, str(error)) from None

    def seen(self, obj: dict[str, Any], path: str) -> AnyCard | None:
        return self.card(obj["seen"], f"{path}.seen") if "seen" in obj else None

    def draw(self, obj: Any, path: str) -> model.Draw:
        player = self.get(obj, "player", str, path)
        pile = (
            None if self.opt(obj, "forgot", bool, False, path) else self.get(obj, "pile", int, path)
        )
        return self.build(
            model.Draw, path, player, pile, self.seen(obj, path), **self.annotation(obj, path)
        )

    def action(self, obj: Any, path: str) -> model.Play | model.Pass:
        kind = self.get(obj, "type", str, path)
        player = self.get(obj, "player", str, path)
        if kind == "play":
            return self.build(
                model.Play, path, player, self.cards(obj, path), **self.annotation(obj, path)
            )
        if kind == "pass":
            draws = []
            for k, entry in enumerate(self.get(obj, "draws", list, path)):
                where = f"{path}.draws[{k}]"
                draws.append(
                    self.build(
                        model.PassDraw,
                        where,
                        self.get(entry, "pile", int, where),
                        self.seen(entry, where),
                    )
                )
            return self.build(model.Pass, path, player, tuple(draws), **self.annotation(obj, path))
        raise self.fail(f"{path}.type", 'expected "play" or "pass"')

    def battle(self, obj: Any, path: str) -> model.Battle:
        letter = self.get(obj, "colour", str, path)
        try:
            colour = Colour.from_letter(letter)
        except ValueError as error:
            raise self.fail(f"{path}.colour", str(error)) from None
        winners = self.opt(obj, "winners", list, None, path)
        draws = [
            self.draw(entry, f"{path}.draws[{k}]")
            for k, entry in enumerate(self.opt(obj, "draws", list, [], path))
        ]
        return self.build(
            model.Battle,
            path,
            colour,
            tuple(draws),
            winners=tuple(winners) if winners is not None else None,
            **self.annotation(obj, path),
        )

    def game(self, obj: Any, path: str) -> model.GameRecord:
        tags = []
        for k, entry in enumerate(self.get(obj, "tags", list, path)):
            where = f"{path}.tags[{k}]"
            tags.append(
                self.build(
                    model.Tag,
                    where,
                    self.get(entry, "name", str, where),
                    tuple(self.get(entry, "values", list, where)),
                    comments=self.comments(entry, where),
                )
            )
        setup: list[model.SetupLine] = []
        for k, entry in enumerate(self.opt(obj, "setup", list, [], path)):
            where = f"{path}.setup[{k}]"
            kind = self.get(entry, "type", str, where)
            comments = self.comments(entry, where)
            if kind == "deal":
                setup.append(
                    self.build(
                        model.Deal,
                        where,
                        self.get(entry, "player", str, where),
                        self.cards(entry, where),
                        comments=comments,
                    )
                )
            elif kind == "pile":
                setup.append(
                    self.build(
                        model.Pile,
                        where,
                        self.get(entry, "number", int, where),
                        self.cards(entry, where),
                        comments=comments,
                    )
                )
            else:
                raise self.fail(f"{where}.type", 'expected "deal" or "pile"')
        rounds = []
        for k, entry in enumerate(self.get(obj, "rounds", list, path)):
            where = f"{path}.rounds[{k}]"
            actions = [
                self.action(a, f"{where}.actions[{j}]")
                for j, a in enumerate(self.get(entry, "actions", list, where))
            ]
            battles = [
                self.battle(b, f"{where}.battles[{j}]")
                for j, b in enumerate(self.opt(entry, "battles", list, [], where))
            ]
            rounds.append(
                self.build(
                    model.Round,
                    where,
                    self.get(entry, "number", int, where),
                    tuple(actions),
                    tuple(battles),
                    comments=self.comments(entry, where),
                )
            )
        end = self.get(obj, "termination", dict, path)
        where = f"{path}.termination"
        scores = [
            self.build(
                model.Score,
                f"{where}.scores[{k}]",
                self.get(s, "player", str, f"{where}.scores[{k}]"),
                self.get(s, "points", int, f"{where}.scores[{k}]"),
            )
            for k, s in enumerate(self.opt(end, "scores", list, [], where))
        ]
        termination = self.build(
            model.Termination,
            where,
            self.get(end, "finished", bool, where),
            tuple(scores),
            comments=self.comments(end, where),
        )
        record = self.build(
            model.GameRecord,
            path,
            tuple(tags),
            tuple(setup),
            tuple(rounds),
            termination,
            comments=self.comments(obj, path),
            source=self.source,
            line=self.line,
        )
        self.check_limits(record, obj, path)
        return record

    def check_limits(self, record: model.GameRecord, obj: Any, path: str) -> None:
        """Refuse a game the notation's readers would refuse, so that whatever is read from
        JSON can be written as notation that reads back: a string holding half of a surrogate
        pair (JSON can escape one; it is no character) or a NUL (binary data, which JSON can
        escape too), a line over the readers' limit
        (numeric annotations take more bytes in the notation than in JSON), a game over
        their limits of characters or items."""
        text = write_game(record)
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            raise self.surrogate(obj, path) from None
        if "\x00" in text:
            where = (_first_string(obj, path, _nul) or (path, ""))[0]
            raise self.fail(
                where,
                "\\u0000 is a NUL, which no record holds (records are UTF-8 text; a NUL is "
                "binary data)",
            )
        if len(data) > MAX_LINE_BYTES and max(map(len, data.split(b"\n"))) > MAX_LINE_BYTES:
            for part, index, size in longest_lines(record):
                if size > MAX_LINE_BYTES:
                    where = f"{path}.{part}" if part == "termination" else f"{path}.{part}[{index}]"
                    raise self.fail(
                        where,
                        f"this would be written as a line of {size} bytes in the notation, "
                        f"over its limit of {MAX_LINE_BYTES}",
                    )
        if len(text) > MAX_GAME_CHARS:
            raise self.fail(
                path,
                f"this game would be written as {len(text)} characters in the notation, over "
                f"the limit of {MAX_GAME_CHARS} for a game",
            )
        if too_many_items(text):
            raise self.fail(
                path,
                f"this game would hold over {MAX_GAME_ITEMS} items (cards, names, comments, "
                "...) in the notation, over the limit of a game",
            )

    def surrogate(self, obj: Any, path: str) -> NotationError:
        """The error for a game holding half of a surrogate pair, at the first such string."""
        found = _first_string(obj, path, _half_surrogate)
        where, escape = found if found is not None else (path, "a string")
        return self.fail(
            where,
            f"{escape} is half of a surrogate pair, not a character (records are UTF-8 text)",
        )


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {
        str: "a string",
        int: "a whole number",
        bool: "true or false",
        list: "a list",
        dict: "an object",
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def from_document(
    document: Any, source: str = "<json>", *, where: Where | None = None
) -> list[model.GameRecord]:
    """Records from a JSON document (as Python values).

    Raises :class:`~gargon_notation.errors.NotationError` naming the JSON path of anything
    malformed, and for an unknown format or a newer major version; at the line and column
    ``where`` gives for that path (see :func:`locator`), if given.
    """
    reader = _Reader(source, where=where)
    return [reader.game(game, f"$.games[{k}]") for k, game in enumerate(_games(reader, document))]


def iter_document(
    document: Any, source: str = "<json>", *, strict: bool = False
) -> Iterator[model.GameRecord | NotationError]:
    """The games of a JSON document (as Python values), one at a time: a game that does not
    follow the schema is yielded as its error and the next one is read (with ``strict``, it
    is raised).

    Raises :class:`~gargon_notation.errors.NotationError` for a document that is not the
    JSON form at all (no ``games`` list, an unknown format, a newer major version).
    """
    reader = _Reader(source)
    games = _games(reader, document)
    for k, game in enumerate(games):
        try:
            yield reader.game(game, f"$.games[{k}]")
        except NotationError as error:
            if strict:
                raise
            yield error


def check_document(document: Any, source: str = "<json>", where: Where | None = None) -> None:
    """Raise :class:`~gargon_notation.errors.NotationError` unless ``document`` (Python
    values) is the JSON form: an object of this ``format`` and a supported ``version``, with
    a ``games`` list; the error says what the JSON form looks like, at the line and column
    ``where`` gives for its JSON path (if given).

    >>> check_document({"format": "pgn", "version": 1, "games": []}, "a.json")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.NotationError: a.json: $.format: expected "gargon-notation", ...
    """
    _games(_Reader(source, where=where), document)


def _games(reader: _Reader, document: Any) -> list[Any]:
    if not isinstance(document, dict):
        raise reader.fail("$", f"expected an object; {DOCUMENT_SHAPE}")
    for key, kind in (("format", str), ("version", int), ("games", list)):
        if key not in document:
            raise reader.fail("$", f"missing field '{key}'; {DOCUMENT_SHAPE}")
        value = document[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise reader.fail(f"$.{key}", f"expected {_kind_name(kind)}; {DOCUMENT_SHAPE}")
    if document["format"] != FORMAT:
        written = document["format"]
        shown = printable(json.dumps(written[:40] + ("..." if len(written) > 40 else "")))
        raise reader.fail("$.format", f'expected "{FORMAT}", found {shown}; {DOCUMENT_SHAPE}')
    version = document["version"]
    reader.number(version, "$.version")
    if version > VERSION:
        raise reader.fail(
            "$.version",
            f"version {version} is not supported (this reader reads version {VERSION}); a "
            "newer gargon-notation may read it",
        )
    if version < 1:
        raise reader.fail("$.version", f"version {version} is not supported (versions start at 1)")
    games: list[Any] = document["games"]
    return games


def _first_string(
    value: Any, path: str, fault: Callable[[str], str | None]
) -> tuple[str, str] | None:
    """The JSON path of the first string in ``value`` (at ``path``) where ``fault`` finds
    something wrong, and what it found."""
    if isinstance(value, str):
        found = fault(value)
        return None if found is None else (path, found)
    if not isinstance(value, dict | list):
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in items:
        inner = _first_string(item, path + _step(key), fault)
        if inner is not None:
            return inner
    return None


def _nul(text: str) -> str | None:
    """``\\u0000`` when ``text`` holds a NUL."""
    return "\\u0000" if "\x00" in text else None


def _half_surrogate(text: str) -> str | None:
    """The escape of the first half of a surrogate pair in ``text``, if any."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return f"\\u{ord(text[error.start]):04x}"
    return None


def _step(key: str | int) -> str:
    """One step of a JSON path: ``.name``, ``[3]``, or ``["odd key"]`` (ASCII, shortened)."""
    if isinstance(key, int):
        return f"[{key}]"
    if key.isidentifier() and key.isascii():
        return f".{key}"
    quoted = json.dumps(key[:40] + ("..." if len(key) > 40 else ""))
    return f"[{quoted}]"


def parse_document(text: str, source: str = "<json>") -> Any:
    """JSON text as Python values.

    Raises :class:`~gargon_notation.errors.NotationError` with line and column for invalid
    JSON (and for JSON nested too deeply).
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise _recursion_error(text, source) from None
    except ValueError as error:  # JSONDecodeError is one; so is a number of over 4,300 digits
        if isinstance(error, json.JSONDecodeError):
            raise _decode_error(error, text, source) from None
        line, column = place(text, long_number(text))
        raise NotationError(LONG_NUMBER, source=source, line=line, column=column) from None


def loads(text: str, source: str = "<json>") -> list[model.GameRecord]:
    """Records from JSON text.

    Raises :class:`~gargon_notation.errors.NotationError` with line and column for invalid
    JSON, and with the JSON path for a document that does not follow the schema.
    """
    document = parse_document(text, source)
    try:
        return from_document(document, source, where=locator(text, "$"))
    except NotationError as error:
        # Not a record: over the limit of nesting, if that comes first (json read it).
        raise _nested_too_deeply(text, source, error) or error from None


def _nested_too_deeply(
    text: str, source: str, error: NotationError | None = None, line: int = 1, column: int = 1
) -> NotationError | None:
    """The error of ``text`` nested over :data:`MAX_DEPTH`, at the bracket that goes over
    (``text[0]`` is at ``line``, ``column``); None when it is not so deep, or when the
    record's ``error`` is to be said first (:func:`deep_first`)."""
    at = too_deep(text) if error is None else deep_first(text, error, 0, line, column)
    if at is None:
        return None
    line, column = place(text, at, line, column)
    return NotationError(NESTED_TOO_DEEPLY, source=source, line=line, column=column)


def _recursion_error(text: str, source: str, line: int = 1) -> NotationError:
    """The error of ``text``, which Python's reader gave up on (nested too deeply for it):
    at the bracket over :data:`MAX_DEPTH`, else (a smaller recursion limit) at its start."""
    deep = _nested_too_deeply(text, source, None, line)
    return deep or NotationError(NESTED_TOO_DEEPLY, source=source, line=line, column=1)


def game_from_json(
    obj: Any,
    source: str = "<json>",
    line: int = 0,
    column: int = 1,
    path: str = "$",
    *,
    text: str | None = None,
) -> model.GameRecord:
    """One game from its JSON object (Python values), as in the document's ``"games"`` or on
    a line of JSON Lines; ``line`` and ``column`` (from 1; line 0: none) are where it starts,
    ``path`` the JSON path of the game object, ``text`` the JSON text it was read from (if
    known: then an error is placed at the value it is about, found again in that text only
    when there is an error).

    Raises :class:`~gargon_notation.errors.NotationError` naming the JSON path and the line.

    >>> game_from_json({"tags": 3}, "g.jsonl", 2, text='{"tags":\\n 3}')
    Traceback (most recent call last):
    ...
    gargon_notation.errors.NotationError: g.jsonl:3:2: $.tags: expected a list

    >>> game_from_json({"tags": [], "rounds": []}, "games.jsonl", 3)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.NotationError: games.jsonl:3:1: $: missing field 'termination'
    """
    where = None if text is None or not line else locator(text, path, line, column)
    return _Reader(source, line, column, where).game(obj, path)


def loads_lines(
    lines: str | Iterable[str], source: str = "<jsonl>", *, strict: bool = False
) -> Iterator[model.GameRecord | NotationError]:
    """The games of JSON Lines text (or of its lines, as strings), one a line, in order.

    Blank lines are skipped.  A line that is not a valid game is yielded as its
    :class:`~gargon_notation.errors.NotationError`, naming ``source``, the line (from 1) and
    for invalid JSON the column, and reading goes on; with ``strict`` it is raised.

    >>> list(loads_lines('{"tags": []}\\n', "games.jsonl"))
    [NotationError("$: missing field 'rounds'")]
    """
    if isinstance(lines, str):
        lines = lines.splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield game_from_line(line, source, number)
        except NotationError as error:
            if strict:
                raise
            yield error


def game_from_line(
    line: str, source: str = "<jsonl>", number: int = 1, offset: int | None = None
) -> model.GameRecord:
    """One game from one line of JSON Lines; ``number`` is the line's number (from 1),
    ``offset`` the byte offset of its first character in its file (if known).

    Raises :class:`~gargon_notation.errors.NotationError` naming ``source``, the line and
    the column of the error (of the value it is about, for a game that does not follow the
    schema).

    >>> game_from_line('{"bad json', "b.jsonl")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.NotationError: b.jsonl:1:2: invalid JSON: this string is never ...
    """
    try:
        obj = json.loads(line.rstrip("\r\n"))
    except RecursionError:
        raise _recursion_error(line, source, number) from None
    except ValueError as error:
        if isinstance(error, json.JSONDecodeError):
            raise NotationError(
                syntax_message(error, offset=offset),
                source=source,
                line=number,
                column=error.colno,
            ) from None
        column = long_number(line) + 1
        raise NotationError(LONG_NUMBER, source=source, line=number, column=column) from None
    try:
        if not isinstance(obj, dict) or not obj.keys() & {"tags", "rounds", "termination"}:
            raise NotationError(
                f"expected a game object on each line of JSON Lines; {LINE_SHAPE}",
                source=source,
                line=number,
                column=SPACE.match(line).end() + 1,  # type: ignore[union-attr]
            )
        return game_from_json(obj, source, number, text=line)
    except NotationError as error:
        # Not a record: over the limit of nesting, if it is (json read it, not so deep).
        raise _nested_too_deeply(line, source, error, number) or error from None


def _decode_error(error: json.JSONDecodeError, text: str, source: str) -> NotationError:
    lines = text.splitlines()
    excerpt = lines[error.lineno - 1] if 0 < error.lineno <= len(lines) else ""
    return NotationError(
        syntax_message(error, 0, document=True),
        source=source,
        line=error.lineno,
        column=error.colno,
        excerpt=excerpt,
    )


def dropped_fields(raw: Any, record: model.GameRecord, path: str = "$") -> list[str]:
    """The JSON paths of the fields of the game object ``raw`` that ``record``, read from it,
    does not hold, so that its canonical JSON (:func:`game_to_json`) leaves them out: fields
    this version does not know (a club's own, the derived ``"events"``), each with a value
    other than an empty one (``null``, ``false``, ``""``, ``[]``, ``{}``).  ``path``: the
    JSON path of ``raw``.

    >>> raw = {"tags": [{"name": "Table", "values": ["B3"], "hall": "B"}], "rounds": [],
    ...        "termination": {"finished": False}, "rating": 0, "note": ""}
    >>> dropped_fields(raw, game_from_json(raw))
    ['$.tags[0].hall', '$.rating']
    """
    return list(_dropped(raw, game_to_json(record), path))


class _Twice(dict[str, Any]):
    """A JSON object that writes a field twice or more (Python's reader keeps the last)."""

    twice: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    seen: set[str] = set()
    twice: list[str] = []
    for key, _ in pairs:
        if key in seen and key not in twice:
            twice.append(key)
        seen.add(key)
    marked = _Twice(found)
    marked.twice = tuple(twice)
    return marked


def with_fields_twice(text: str) -> Any:
    """The JSON ``text`` as Python values, each object that writes a field twice marked, for
    :func:`fields_twice`."""
    return json.loads(text, object_pairs_hook=_pairs)


def fields_twice(raw: Any, path: str = "$") -> list[str]:
    """The JSON paths of the fields written twice or more in an object of ``raw`` (read by
    :func:`with_fields_twice`): the reader keeps the last, so that a canonical form would
    drop the others.  ``path``: the JSON path of ``raw``.

    >>> raw = with_fields_twice('{"tags": [{"name": "A", "name": "B"}], "x": 1, "x": 2}')
    >>> fields_twice(raw)
    ['$.x', '$.tags[0].name']
    """
    found: list[str] = []
    if isinstance(raw, dict):
        found += [path + _step(key) for key in getattr(raw, "twice", ())]
        for key, value in raw.items():
            found += fields_twice(value, path + _step(key))
    elif isinstance(raw, list):
        for number, item in enumerate(raw):
            found += fields_twice(item, path + _step(number))
    return found


def field_path(key: str) -> str:
    """The JSON path of the document's field ``key``.

    >>> field_path("club"), field_path("a b")
    ('$.club', '$["a b"]')
    """
    return "$" + _step(key)


def dropped_document_field(key: str, value: Any) -> str | None:
    """The JSON path of the field ``key`` of a document (beside its ``"games"``) when gargon
    does not write it (:func:`to_document`) and its value is not an empty one, so that a
    document written again would leave it out; else None.

    >>> dropped_document_field("club", "B"), dropped_document_field("minor", 1)
    ('$.club', None)
    """
    if key in DOCUMENT_FIELDS or _empty(value):
        return None
    return "$" + _step(key)


DOCUMENT_FIELDS = frozenset({"format", "version", "minor", "games"})
"""The fields of a JSON document that :func:`to_document` writes."""


def _empty(value: Any) -> bool:
    """Whether a JSON value says nothing: ``null``, ``false``, ``""``, ``[]`` or ``{}``."""
    return value is None or value is False or value in ("", [], {})


def _dropped(raw: Any, canonical: Any, path: str) -> Iterator[str]:
    if isinstance(raw, dict):
        known = canonical if isinstance(canonical, dict) else {}
        for key, value in raw.items():
            if key in known:
                yield from _dropped(value, known[key], path + _step(key))
            elif not _empty(value):
                yield path + _step(key)
    elif isinstance(raw, list) and isinstance(canonical, list):
        for number, (item, written) in enumerate(zip(raw, canonical, strict=False)):
            yield from _dropped(item, written, path + _step(number))
