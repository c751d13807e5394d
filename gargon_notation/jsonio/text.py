"""JSON text that is not a record: what its errors say and where (the advice, the limits of
nesting and of numbers, the place of a JSON path's value)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from gargon_notation.errors import NotationError, binary_data, printable

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

SPACE = re.compile(r"[ \t\n\r]*")
"""JSON's white space."""
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
    index = SPACE.match(text, start).end()  # type: ignore[union-attr]
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
    index = SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    at = None
    if text.startswith("}", index):
        return None
    while True:
        name, index = _DECODER.raw_decode(text, index)
        index = SPACE.match(text, index).end() + 1  # type: ignore[union-attr] # the ":"
        index = SPACE.match(text, index).end()  # type: ignore[union-attr]
        if name == key:
            at = index
        index = _DECODER.raw_decode(text, index)[1]
        index = SPACE.match(text, index).end()  # type: ignore[union-attr]
        if not text.startswith(",", index):
            return at
        index = SPACE.match(text, index + 1).end()  # type: ignore[union-attr]


def _item(text: str, index: int, number: int) -> int | None:
    """Where item ``number`` (from 0) starts in the list at ``index``."""
    if not text.startswith("[", index):
        return None
    index = SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", index):
        return None
    for _ in range(number):
        index = _DECODER.raw_decode(text, index)[1]
        index = SPACE.match(text, index).end()  # type: ignore[union-attr]
        if not text.startswith(",", index):
            return None
        index = SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
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
