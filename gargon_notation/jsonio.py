"""JSON interchange: records as JSON documents and as JSON Lines, described by a versioned
JSON Schema.

The JSON form holds exactly what the text holds (comments, glyphs, unknown tags, derived
facts), so text -> JSON -> text and JSON -> text -> JSON are the identity.  Fields at their
default (no comments, no glyph, ...) are left out, always in the same way.

Two containers for the same game objects:

- **JSON** (``.json``): one document ``{"format": "gargon-notation", "version": 1, "games":
  [...]}``; :func:`dumps` and :func:`loads`.
- **JSON Lines** (``.jsonl``): one game a line, each line exactly one object of the
  document's ``"games"`` array, written compactly (no white space), with no header line, so
  that DuckDB, pandas or ``jq`` read it directly.  The format and version of the JSON document
  apply to every line (version 1; readers ignore fields they do not know); blank lines are
  skipped.  :func:`dumps_lines` and :func:`loads_lines`; :func:`game_to_json` and
  :func:`game_from_json` convert one game.

Both writers take ``events``: a function giving a record's derived events (such as
:func:`gargon_notation.replay.events.events_json`), written as each game's ``"events"`` list.
Readers ignore that field.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> record = record_from_simulation(simulate(3, "demo"))
>>> document = dumps([record])
>>> loads(document) == [record]
True
>>> lines = dumps_lines([record, record])
>>> lines.count("\\n"), lines.startswith('{"tags":[{"name":"Notation"')
(2, True)
>>> list(loads_lines(lines)) == [record, record]
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import resources
from typing import Any, TypeVar

from gargon_notation.cards import AnyCard, Colour, card_from_text
from gargon_notation.errors import NotationError, binary_data, printable
from gargon_notation.notation import MAX_GAME_ITEMS, model, too_many_items
from gargon_notation.notation.lines import MAX_LINE_BYTES
from gargon_notation.notation.stream import MAX_GAME_CHARS
from gargon_notation.notation.writer import longest_lines, write_game

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MINOR_EVENTS",
    "VERSION",
    "EventsFunction",
    "deep_first",
    "dumps",
    "dumps_lines",
    "from_document",
    "game_from_json",
    "game_from_line",
    "game_to_json",
    "iter_document",
    "loads",
    "loads_lines",
    "parse_document",
    "schema",
    "schema_text",
    "to_document",
    "too_deep",
]

T = TypeVar("T")
MAX_NUMBER = 999_999_999
"""The largest number the JSON form takes: the notation writes numbers of at most nine digits."""

FORMAT = "gargon-notation"
VERSION = 1
MINOR_EVENTS = 1
"""The minor version of a document holding derived events (``"minor": 1``)."""
"""The JSON format version.  A later version may add optional fields; readers of version 1
ignore fields they do not know and refuse documents of a higher major version."""

_SCHEMA_FILE = "gargon.schema.json"

EventsFunction = Callable[[model.GameRecord], list[dict[str, Any]]]
"""What the writers take as ``events``: a record's derived events as JSON-ready values."""


def schema_text() -> str:
    """The JSON Schema (draft 2020-12) of the JSON form, as shipped in the package."""
    return (resources.files("gargon_notation") / _SCHEMA_FILE).read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The JSON Schema as a dictionary."""
    loaded: dict[str, Any] = json.loads(schema_text())
    return loaded


# -- records to JSON ---------------------------------------------------------------------


def _comments(out: dict[str, Any], comments: Sequence[model.Comment]) -> None:
    if comments:
        out["comments"] = [{"kind": c.kind.value, "text": c.text} for c in comments]


def _annotation(out: dict[str, Any], element: model.Action) -> None:
    if element.glyph is not None:
        out["glyph"] = element.glyph
    if element.nags:
        out["nags"] = list(element.nags)
    _comments(out, element.comments)


def _cards(cards: Iterable[AnyCard]) -> list[str]:
    return [str(card) for card in cards]


def _draw(draw: model.Draw) -> dict[str, Any]:
    out: dict[str, Any] = {"player": draw.player}
    if draw.pile is None:
        out["forgot"] = True
    else:
        out["pile"] = draw.pile
        if draw.seen is not None:
            out["seen"] = str(draw.seen)
    _annotation(out, draw)
    return out


def _action(action: model.Play | model.Pass) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(action, model.Play):
        out = {"type": "play", "player": action.player, "cards": _cards(action.cards)}
    else:
        draws = []
        for draw in action.draws:
            entry: dict[str, Any] = {"pile": draw.pile}
            if draw.seen is not None:
                entry["seen"] = str(draw.seen)
            draws.append(entry)
        out = {"type": "pass", "player": action.player, "draws": draws}
    _annotation(out, action)
    return out


def _battle(battle: model.Battle) -> dict[str, Any]:
    out: dict[str, Any] = {"colour": battle.colour.value}
    if battle.winners is not None:
        out["winners"] = list(battle.winners)
    if battle.draws:
        out["draws"] = [_draw(draw) for draw in battle.draws]
    _annotation(out, battle)
    return out


def _game(record: model.GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    _comments(out, record.comments)
    tags = []
    for tag in record.tags:
        entry: dict[str, Any] = {"name": tag.name, "values": list(tag.values)}
        _comments(entry, tag.comments)
        tags.append(entry)
    out["tags"] = tags
    setup = []
    for line in record.setup:
        if isinstance(line, model.Deal):
            entry = {"type": "deal", "player": line.player, "cards": _cards(line.cards)}
        else:
            entry = {"type": "pile", "number": line.number, "cards": _cards(line.cards)}
        _comments(entry, line.comments)
        setup.append(entry)
    if setup:
        out["setup"] = setup
    rounds = []
    for written in record.rounds:
        entry = {"number": written.number}
        _comments(entry, written.comments)
        entry["actions"] = [_action(action) for action in written.actions]
        if written.battles:
            entry["battles"] = [_battle(battle) for battle in written.battles]
        rounds.append(entry)
    out["rounds"] = rounds
    termination: dict[str, Any] = {"finished": record.termination.finished}
    if record.termination.scores:
        termination["scores"] = [
            {"player": score.player, "points": score.points} for score in record.termination.scores
        ]
    _comments(termination, record.termination.comments)
    out["termination"] = termination
    return out


def game_to_json(
    record: model.GameRecord, *, events: EventsFunction | None = None
) -> dict[str, Any]:
    """One game as a JSON object (Python values): an item of the document's ``"games"`` and
    a line of JSON Lines; with ``events``, it ends with the field ``"events": events(record)``.

    >>> from gargon_notation.notation import parse_game
    >>> game = game_to_json(parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n'))
    >>> game["tags"], game["rounds"], game["termination"]
    ([{'name': 'Players', 'values': ['Ann', 'Bob', 'Cy']}], [], {'finished': False})
    """
    out = _game(record)
    if events is not None:
        out["events"] = events(record)
    return out


def to_document(
    records: Iterable[model.GameRecord], *, events: EventsFunction | None = None
) -> dict[str, Any]:
    """The JSON document (as Python values) for a sequence of records.

    With ``events``, the document is of minor version 1 (``"minor": 1``): each game holds
    its derived events.
    """
    document: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if events is not None:
        document["minor"] = MINOR_EVENTS
    document["games"] = [game_to_json(r, events=events) for r in records]
    return document


def dumps(
    records: Iterable[model.GameRecord],
    indent: int | None = 2,
    *,
    events: EventsFunction | None = None,
) -> str:
    """The JSON text for a sequence of records (UTF-8 safe, keys in a fixed order).

    With ``events``, each game object gets the field ``"events": events(record)``.
    """
    document = to_document(records, events=events)
    return json.dumps(document, indent=indent, ensure_ascii=False) + "\n"


def iter_dumps(
    records: Iterable[model.GameRecord], *, events: EventsFunction | None = None
) -> Iterator[str]:
    """:func:`dumps` (indented by 2) in pieces, one game at a time, so that a document of
    any size is written in constant memory; the pieces join to exactly :func:`dumps`'s text.

    >>> from gargon_notation.notation import parse_game
    >>> records = [parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n')] * 2
    >>> "".join(iter_dumps(records)) == dumps(records)
    True
    """
    head = to_document([], events=events)
    del head["games"]
    text = json.dumps(head, indent=2, ensure_ascii=False)
    yield text[: -len("\n}")] + ',\n  "games": ['
    first = True
    for record in records:
        game = json.dumps(game_to_json(record, events=events), indent=2, ensure_ascii=False)
        yield ("\n" if first else ",\n") + "\n".join("    " + line for line in game.split("\n"))
        first = False
    yield "]\n}\n" if first else "\n  ]\n}\n"


def dumps_lines(
    records: Iterable[model.GameRecord], *, events: EventsFunction | None = None
) -> str:
    """JSON Lines: one compact game object a line, each line ending with a newline.

    With ``events``, each game object gets the field ``"events": events(record)``.
    """
    return "".join(
        json.dumps(game_to_json(r, events=events), ensure_ascii=False, separators=(",", ":")) + "\n"
        for r in records
    )


# -- JSON to records ---------------------------------------------------------------------


DOCUMENT_SHAPE = (
    'a gargon JSON document is an object {"format": "gargon-notation", "version": 1, '
    '"games": [...]}, as gargon convert FILE --to json writes it (a file of one game object '
    "a line is JSON Lines, named .jsonl)"
)
"""What a JSON document must look like and how to make one: the advice of its errors."""

DOCUMENT_ONE_OBJECT = (
    "a JSON document is one object (a file of one game object a line is JSON Lines, named .jsonl)"
)

LINE_SHAPE = (
    'each line is one game object {"tags": [...], "rounds": [...], "termination": {...}}, as '
    "gargon convert FILE --to jsonl writes it"
)
"""What a line of JSON Lines must hold and how to make one."""

_SPACE = re.compile(r"[ \t\n\r]*")
_PATH_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]+)\]")
_DECODER = json.JSONDecoder()


def found(text: str, index: int, end: str = "the end of the line") -> str:
    """What ``text`` holds at ``index``, for a message: the character quoted (control
    characters escaped), or ``end``.

    >>> found('{"a" 1}', 5), found("{", 1, "the end of the document"), found("\x1b", 0)
    ("'1'", 'the end of the document', "'\\\\x1b'")
    """
    character = text[index : index + 1]
    return printable(repr(character)) if character else end


CUT_SHORT = (
    "the file may have been cut short: complete it, or write it again (gargon convert FILE "
    "--to json)"
)
"""What to do with a JSON document that ends inside its value."""


def _after_comma(text: str, index: int) -> bool:
    """Whether the last character before ``index`` that is not white space is a comma."""
    return text[:index].rstrip(" \t\r\n").endswith(",")


def value_advice(text: str, index: int) -> str:
    """What to do where ``text`` holds no JSON value at ``index``, by what stands there.

    >>> value_advice('[1, ]', 4)
    "remove the comma before ']'"
    >>> value_advice('[}', 1)
    "write the missing value (a list ends with ']', an object with '}')"
    >>> value_advice('not json', 0)
    'write text in double quotes ("like this"), and true, false and null in lower case'
    """
    character = text[index : index + 1]
    if not character and text.strip(" \t\r\n"):  # JSON Lines: said by syntax_message
        return CUT_SHORT
    if character in ("]", "}") and _after_comma(text, index):
        return f"remove the comma before '{character}'"
    if character in ("]", "}"):
        return "write the missing value (a list ends with ']', an object with '}')"
    if character == ",":
        return "write the missing value before the comma, or remove the comma"
    if character == "'":
        return "write strings in double quotes, not single ones"
    if character.isalpha():
        return 'write text in double quotes ("like this"), and true, false and null in lower case'
    if character in ("+", "."):
        return "write numbers as JSON does: 1, 0.5 (no + sign, and a digit before the point)"
    return "write the missing value"


def name_advice(text: str, index: int) -> str:
    """What to do where ``text`` holds no field name at ``index``, by what stands there.

    >>> name_advice('{"a": 1,}', 8), name_advice('{a: 1}', 1)
    ("remove the comma before '}'", 'write names in double quotes')
    >>> name_advice("{'a': 1}", 1)
    'write names in double quotes, not single ones'
    """
    character = text[index : index + 1]
    if not character:
        return CUT_SHORT
    if character == "}" and _after_comma(text, index):
        return "remove the comma before '}'"
    if character == "'":
        return "write names in double quotes, not single ones"
    return "write names in double quotes"


_CUT = ("Expecting value", "Expecting property name", "Expecting ',' delimiter")
"""What :mod:`json` says of a text that ends before its value does."""


def syntax_message(
    error: json.JSONDecodeError, offset: int | None = None, *, document: bool = False
) -> str:
    """A whole sentence for JSON that :mod:`json` cannot read: what is wrong where ``error``
    points, and what to do.  Its text is a line of JSON Lines, or with ``document`` a JSON
    document; ``offset`` is the byte offset of the text's first character in its file (None
    when not known).

    >>> print(syntax_message(json.JSONDecodeError("Expecting ':' delimiter", '{"a" 1}', 5)))
    invalid JSON: expected ':' after the field name, found '1'; write "name": value
    >>> print(syntax_message(json.JSONDecodeError("Unterminated string starting at", '{"x', 1)))
    invalid JSON: this string is never closed; end it with '"' (a line break ... written \\n)
    """
    text, index = error.doc, error.pos
    what = found(text, index, "the end of the document" if document else "the end of the line")
    character = text[index : index + 1]
    if character == "\x00":
        at = None if offset is None else offset + len(text[:index].encode("utf-8", "replace"))
        return binary_data(at)
    message = error.msg
    if not document and not text[index:].strip(" \t\r\n") and message.startswith(_CUT):
        return (
            "invalid JSON: the line ends before its value does; JSON Lines hold each game's "
            "object on one line (gargon convert FILE --to jsonl writes them so; an object "
            "spread over lines is a JSON document, named .json)"
        )
    if message.startswith("Expecting value"):
        return (
            "invalid JSON: expected a value (an object, a list, a string in double quotes, a "
            f"number, true, false or null), found {what}; {value_advice(text, index)}"
        )
    if message.startswith("Expecting property name"):
        return (
            f"invalid JSON: expected a field name in double quotes, found {what}; "
            f"{name_advice(text, index)}"
        )
    if message.startswith("Expecting ':'"):
        return (
            f"invalid JSON: expected ':' after the field name, found {what}; write \"name\": value"
        )
    if message.startswith("Expecting ','"):
        return (
            f"invalid JSON: expected ',' or a closing bracket, found {what}; put a comma "
            "between two fields or two items"
        )
    if message.startswith("Unterminated string"):
        return (
            "invalid JSON: this string is never closed; end it with '\"' (a line break inside "
            "a string is written \\n)"
        )
    if message.startswith("Invalid control character"):
        return (
            f"invalid JSON: the control character {what} cannot stand in a string; write it "
            "as an escape (\\n, \\t or \\u followed by four hexadecimal digits)"
        )
    if message.startswith("Invalid \\uXXXX"):
        return "invalid JSON: \\u must be followed by four hexadecimal digits, as in \\u00e9"
    if message.startswith("Invalid \\escape"):
        escape = printable(repr(text[index : index + 2]))
        return (
            f"invalid JSON: {escape} is not an escape of JSON; write a backslash as \\\\ (the "
            'escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal '
            "digits)"
        )
    if message.startswith("Extra data"):
        advice = DOCUMENT_ONE_OBJECT if document else "JSON Lines hold one game object a line"
        return f"invalid JSON: more text after the end of the JSON value, found {what}; {advice}"
    if message.startswith("Illegal trailing comma"):
        return "invalid JSON: a comma before a closing bracket; remove it"
    said = message.removesuffix(" at").rstrip()
    said = said[:1].lower() + said[1:]
    return f"invalid JSON: {printable(said)} (found {what}); correct the JSON here"


LONG_NUMBER = (
    "invalid JSON: this number has over 4300 digits, more than can be read (the numbers of a "
    "record have at most nine digits)"
)
"""The message for a number Python will not read (its limit of digits for ``int``)."""

_LONG_NUMBER = re.compile(r"[0-9]{4301}")

MAX_DEPTH = 200
"""The deepest nesting of brackets a reader takes (a document of records, with their events,
is about a dozen deep): deeper JSON, where it keeps a game from being read, is an error at
the bracket that goes over
(:data:`NESTED_TOO_DEEPLY`), found by :func:`too_deep` (Python's own reader would stop at its
recursion limit, which depends on how deep the call is, and give no place)."""
NESTED_TOO_DEEPLY = (
    f"invalid JSON: nested too deeply, over the limit of {MAX_DEPTH} levels of brackets"
)
"""The message for JSON nested deeper than :data:`MAX_DEPTH`."""
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*+"|[\[{]|[\]}]')


def too_deep(text: str, depth: int = 0) -> int | None:
    """The index in ``text`` of the bracket that opens a level deeper than :data:`MAX_DEPTH`
    (brackets in strings are not counted), ``text`` being ``depth`` levels deep in its
    document; None when there is none.  The time is linear in the text.

    >>> too_deep("[" * 300), too_deep("[" * 300, 2), too_deep('{"a": "[[[["}')
    (200, 198, None)
    """
    for found in _NESTING.finditer(text):
        mark = found.group()
        if mark == "[" or mark == "{":
            depth += 1
            if depth > MAX_DEPTH:
                return found.start()
        elif mark == "]" or mark == "}":
            depth -= 1
    return None


def deep_first(
    text: str, error: NotationError, depth: int = 0, line: int = 1, column: int = 1
) -> int | None:
    """The index in ``text`` (at ``line``, ``column``, ``depth`` levels deep) of a bracket
    over :data:`MAX_DEPTH`, when it is to be said instead of ``error`` (the record's error
    in the same text, which Python's reader read): when it comes first, or ``error`` is
    about a value that holds it.  None when there is none, or ``error`` comes first.

    >>> error = NotationError("$.tags: expected a list", line=1, column=10)
    >>> deep = '{"tags": 5, "x": ' + "[" * 201 + "]" * 201 + "}"
    >>> deep_first(deep, error), deep_first(deep.replace("5", "[]"), error)
    (None, None)
    >>> holds = '{"tags": ' + "[" * 201 + "]" * 201 + "}"
    >>> deep_first(holds, error), deep_first("[" * 201 + "]" * 201, NotationError("x"))
    (208, 200)
    """
    at = too_deep(text, depth)
    if at is None or not error.line or place(text, at, line, column) <= (error.line, error.column):
        return at
    said = _index_of(text, error.line, error.column, line, column)
    opened: list[int] = []
    for found in _NESTING.finditer(text, 0, at):
        mark = found.group()
        if mark == "[" or mark == "{":
            opened.append(found.start())
        elif (mark == "]" or mark == "}") and opened:
            opened.pop()
    return at if said in opened else None


def _index_of(text: str, line: int, column: int, first_line: int, first_column: int) -> int:
    """The index in ``text`` (``text[0]`` at ``first_line``, ``first_column``) of ``line``,
    ``column``; -1 when that is not in it."""
    if line == first_line:
        return column - first_column
    start = 0
    for _ in range(line - first_line):
        start = text.find("\n", start) + 1
        if not start:
            return -1
    return start + column - 1


def long_number(text: str) -> int:
    """The index in ``text`` of the first number of over 4300 digits (0 if none).

    >>> long_number('{"a": ' + "7" * 5000 + "}")
    6
    """
    found = _LONG_NUMBER.search(text)
    return found.start() if found is not None else 0


def value_at(text: str, steps: str, start: int = 0) -> int:
    """The index in ``text`` (valid JSON) of the value at ``steps``, a JSON path without its
    ``$`` (``.rounds[1].cards[0]``), below the value starting at ``start``; as deep as the
    path can be followed (a step it cannot follow, or an odd key, stops there).  The time is
    linear in the text: only the values before the one sought are skipped over.

    >>> text = '{"a": [1, {"b": "x"}], "a": [2, {"b" : "y"}]}'
    >>> text[value_at(text, ".a[1].b"):], text[value_at(text, ".a[7]"):][:2]
    ('"y"}]}', '[2')
    """
    index = _SPACE.match(text, start).end()  # type: ignore[union-attr]
    position = 0
    try:
        while (step := _PATH_STEP.match(steps, position)) is not None:
            position = step.end()
            key, number = step.groups()
            if key is not None:
                inner = _member(text, index, key)
            else:
                inner = _item(text, index, int(number))
            if inner is None:
                break
            index = inner
    except (ValueError, RecursionError, IndexError):
        pass
    return index


def _member(text: str, index: int, key: str) -> int | None:
    """Where the value of ``key`` starts in the object at ``index`` (the last, as
    :mod:`json` keeps the last of repeated keys)."""
    if not text.startswith("{", index):
        return None
    index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    at = None
    if text.startswith("}", index):
        return None
    while True:
        name, index = _DECODER.raw_decode(text, index)
        index = _SPACE.match(text, index).end() + 1  # type: ignore[union-attr] # the ":"
        index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
        if name == key:
            at = index
        index = _DECODER.raw_decode(text, index)[1]
        index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
        if not text.startswith(",", index):
            return at
        index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]


def _item(text: str, index: int, number: int) -> int | None:
    """Where item ``number`` (from 0) starts in the list at ``index``."""
    if not text.startswith("[", index):
        return None
    index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", index):
        return None
    for _ in range(number):
        index = _DECODER.raw_decode(text, index)[1]
        index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
        if not text.startswith(",", index):
            return None
        index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    return index


def place(text: str, index: int, line: int = 1, column: int = 1) -> tuple[int, int]:
    """The line and column of ``text[index]`` when ``text[0]`` is at ``line``, ``column``.

    >>> place('{\\n  "a": 1}', 4, 3, 9)
    (4, 3)
    """
    newlines = text.count("\n", 0, index)
    if not newlines:
        return line, column + index
    return line + newlines, index - text.rindex("\n", 0, index)


Where = Callable[[str], tuple[int, int]]
"""Where a JSON path's value is written: its line and column (from 1)."""


def locator(text: str, path: str, line: int = 1, column: int = 1) -> Where:
    """The :data:`Where` of the JSON ``text`` of the value at ``path`` (``$`` or a path such as
    ``$.games[3]``), written from ``line``, ``column`` on; paths outside it are placed at its
    start."""

    def where(inner: str) -> tuple[int, int]:
        if inner != path and not inner.startswith((path + ".", path + "[")):
            return line, column
        return place(text, value_at(text, inner[len(path) :]), line, column)

    return where


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
                column=_SPACE.match(line).end() + 1,  # type: ignore[union-attr]
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
