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

The package: :mod:`~gargon_notation.jsonio.writing` (records to JSON),
:mod:`~gargon_notation.jsonio.reading` (JSON to records), :mod:`~gargon_notation.jsonio.text`
(what the errors of JSON text say, and where) and :mod:`~gargon_notation.jsonio.form` (the
format's name, version and schema); every name is imported from here.

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

from gargon_notation.jsonio.form import (
    FORMAT,
    MAX_NUMBER,
    MINOR_EVENTS,
    VERSION,
    EventsFunction,
    schema,
    schema_text,
)
from gargon_notation.jsonio.reading import (
    DOCUMENT_FIELDS,
    check_document,
    dropped_document_field,
    dropped_fields,
    field_path,
    fields_twice,
    from_document,
    game_from_json,
    game_from_line,
    iter_document,
    loads,
    loads_lines,
    parse_document,
    with_fields_twice,
)
from gargon_notation.jsonio.text import (
    CUT_SHORT,
    DOCUMENT_ONE_OBJECT,
    DOCUMENT_SHAPE,
    LINE_SHAPE,
    LONG_NUMBER,
    MAX_DEPTH,
    NESTED_TOO_DEEPLY,
    Where,
    deep_first,
    found,
    locator,
    long_number,
    name_advice,
    place,
    syntax_message,
    too_deep,
    value_advice,
    value_at,
)
from gargon_notation.jsonio.writing import (
    dumps,
    dumps_lines,
    game_to_json,
    iter_dumps,
    to_document,
)

__all__ = [
    "CUT_SHORT",
    "DOCUMENT_FIELDS",
    "DOCUMENT_ONE_OBJECT",
    "DOCUMENT_SHAPE",
    "FORMAT",
    "LINE_SHAPE",
    "LONG_NUMBER",
    "MAX_DEPTH",
    "MAX_NUMBER",
    "MINOR_EVENTS",
    "NESTED_TOO_DEEPLY",
    "VERSION",
    "EventsFunction",
    "Where",
    "check_document",
    "deep_first",
    "dropped_document_field",
    "dropped_fields",
    "dumps",
    "dumps_lines",
    "field_path",
    "fields_twice",
    "found",
    "from_document",
    "game_from_json",
    "game_from_line",
    "game_to_json",
    "iter_document",
    "iter_dumps",
    "loads",
    "loads_lines",
    "locator",
    "long_number",
    "name_advice",
    "parse_document",
    "place",
    "schema",
    "schema_text",
    "syntax_message",
    "to_document",
    "too_deep",
    "value_advice",
    "value_at",
    "with_fields_twice",
]
