"""The JSON interchange form (gargon_notation.jsonio) and its JSON Schema."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator
from notation_strategies import games

from gargon_notation import jsonio
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord, parse_game, parse_games, write_games

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
"""``GARGON_FUZZ=heavy`` (.ci/run) tries ten to twenty times as many generated records."""

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
VALIDATOR = Draft202012Validator(jsonio.schema())


def records_of(path: Path) -> list[GameRecord]:
    items = parse_games(path.read_text(encoding="utf-8"), source=path.name, strict=True)
    return [item for item in items if isinstance(item, GameRecord)]


def rulebook_document() -> dict[str, Any]:
    text = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(jsonio.dumps([parse_game(text)]))
    return document


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(jsonio.schema())
    assert jsonio.schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert json.loads(jsonio.schema_text()) == jsonio.schema()


def test_the_documented_schema_is_the_packaged_one() -> None:
    documented = ROOT / "docs" / "gargon.schema.json"
    if not documented.exists():
        pytest.skip("docs/gargon.schema.json is not in this checkout")
    assert documented.read_text(encoding="utf-8") == jsonio.schema_text()


def test_the_cli_prints_the_packaged_schema() -> None:
    from in_process import CliRunner

    from gargon_notation.cli import app

    result = CliRunner().invoke(app, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == jsonio.schema()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_converts_to_json_that_follows_the_schema(path: Path) -> None:
    document = json.loads(jsonio.dumps(records_of(path)))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(document)]
    assert errors == []
    assert document["format"] == "gargon-notation"
    assert document["version"] == 1
    assert len(document["games"]) == len(records_of(path))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_text_to_json_to_text_is_the_identity(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert write_games(jsonio.loads(jsonio.dumps(records_of(path)))) == text


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_json_to_text_to_json_is_the_identity(path: Path) -> None:
    document = jsonio.dumps(records_of(path))
    text = write_games(jsonio.loads(document))
    records = [item for item in parse_games(text, strict=True) if isinstance(item, GameRecord)]
    assert jsonio.dumps(records) == document
    assert jsonio.to_document(records) == json.loads(document)


def test_dumps_without_indent_is_one_line() -> None:
    records = records_of(ROOT / "examples" / "rulebook-round.ggn")
    text = jsonio.dumps(records, indent=None)
    assert text.count("\n") == 1 and text.endswith("}\n")
    assert jsonio.loads(text) == records


def test_fields_at_their_default_are_left_out() -> None:
    record = parse_game('[Players "Ann" "Bob" "Cy"]\n1. Ann Y2, Bob pass 1:G? 2\n*\n')
    assert jsonio.to_document([record]) == {
        "format": "gargon-notation",
        "version": 1,
        "games": [
            {
                "tags": [{"name": "Players", "values": ["Ann", "Bob", "Cy"]}],
                "rounds": [
                    {
                        "number": 1,
                        "actions": [
                            {"type": "play", "player": "Ann", "cards": ["Y2"]},
                            {
                                "type": "pass",
                                "player": "Bob",
                                "draws": [{"pile": 1, "seen": "G?"}, {"pile": 2}],
                            },
                        ],
                    }
                ],
                "termination": {"finished": False},
            }
        ],
    }


def test_every_construct_is_in_the_json_form() -> None:
    text = (
        "{=tool} ; lead\n"
        '[Players "Ann" "Bob" "Cy"] {t}\n'
        "deal Ann: Y2 R? X? {d}\n"
        "pile 2: G? {p}\n"
        "1. {r} Ann Y2! $1 $14 {good}, Bob pass, Cy R5\n"
        "    fights Y?? $2 {y} > Ann - (Bob forgot {f}, Cy 1:R7!? $3 {c})\n"
        "end Ann 3 {e}\n"
    )
    game = jsonio.to_document([parse_game(text)])["games"][0]
    assert game["comments"] == [
        {"kind": "annotation", "text": "tool"},
        {"kind": "line", "text": " lead"},
    ]
    assert game["setup"] == [
        {
            "type": "deal",
            "player": "Ann",
            "cards": ["Y2", "R?", "X?"],
            "comments": [{"kind": "brace", "text": "d"}],
        },
        {
            "type": "pile",
            "number": 2,
            "cards": ["G?"],
            "comments": [{"kind": "brace", "text": "p"}],
        },
    ]
    assert game["rounds"][0]["actions"][0] == {
        "type": "play",
        "player": "Ann",
        "cards": ["Y2"],
        "glyph": "!",
        "nags": [1, 14],
        "comments": [{"kind": "brace", "text": "good"}],
    }
    assert game["rounds"][0]["actions"][1] == {"type": "pass", "player": "Bob", "draws": []}
    assert game["rounds"][0]["battles"] == [
        {
            "colour": "Y",
            "winners": ["Ann", None],
            "draws": [
                {"player": "Bob", "forgot": True, "comments": [{"kind": "brace", "text": "f"}]},
                {
                    "player": "Cy",
                    "pile": 1,
                    "seen": "R7",
                    "glyph": "!?",
                    "nags": [3],
                    "comments": [{"kind": "brace", "text": "c"}],
                },
            ],
            "glyph": "??",
            "nags": [2],
            "comments": [{"kind": "brace", "text": "y"}],
        }
    ]
    assert game["termination"] == {
        "finished": True,
        "scores": [{"player": "Ann", "points": 3}],
        "comments": [{"kind": "brace", "text": "e"}],
    }
    assert VALIDATOR.is_valid(jsonio.to_document([parse_game(text)]))
    assert jsonio.loads(jsonio.dumps([parse_game(text)])) == [parse_game(text)]


@settings(
    max_examples=150 if HEAVY else 8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(games())
def test_generated_records_follow_the_schema_and_come_back(record: GameRecord) -> None:
    document = json.loads(jsonio.dumps([record]))
    assert [e.message for e in VALIDATOR.iter_errors(document)] == []
    assert jsonio.from_document(document) == [record]


def test_unknown_fields_are_ignored() -> None:
    document = rulebook_document()
    document["generator"] = "elsewhere"
    document["games"][0]["rating"] = 3
    document["games"][0]["rounds"][0]["actions"][0]["clock"] = "0:12"
    assert jsonio.from_document(document) == jsonio.from_document(rulebook_document())


def broken(change: str) -> Any:
    document = rulebook_document()
    game = document["games"][0]
    first = game["rounds"][0]
    if change == "format":
        document["format"] = "pgn"
    elif change == "version 2":
        document["version"] = 2
    elif change == "version 0":
        document["version"] = 0
    elif change == "version true":
        document["version"] = True
    elif change == "no games":
        del document["games"]
    elif change == "no termination":
        del game["termination"]
    elif change == "bad card":
        game["setup"][0]["cards"][1] = "R16"
    elif change == "card not a string":
        game["setup"][0]["cards"][1] = 14
    elif change == "bad comment kind":
        game["comments"][0]["kind"] = "block"
    elif change == "comment without text":
        del game["comments"][0]["text"]
    elif change == "bad action type":
        first["actions"][1]["type"] = "fold"
    elif change == "pile 3":
        first["actions"][1]["draws"][0]["pile"] = 3
    elif change == "bad colour":
        first["battles"][0]["colour"] = "Q"
    elif change == "bad glyph":
        first["actions"][0]["glyph"] = "!!!"
    elif change == "round 0":
        first["number"] = 0
    elif change == "finished not a bool":
        game["termination"]["finished"] = "no"
    elif change == "forgot and seen":
        first["battles"][1]["draws"][0] |= {"forgot": True, "seen": "R?"}
    elif change == "bad setup type":
        game["setup"][0]["type"] = "hand"
    elif change == "not an object":
        document = ["gargon-notation"]
    return document


SHAPE = (
    'a gargon JSON document is an object {"format": "gargon-notation", "version": 1, '
    '"games": [...]}, as gargon convert FILE --to json writes it (a file of one game object a '
    "line is JSON Lines, named .jsonl)"
)
MALFORMED = {
    "format": f'$.format: expected "gargon-notation", found "pgn"; {SHAPE}',
    "version 2": "$.version: version 2 is not supported (this reader reads version 1); a newer "
    "gargon-notation may read it",
    "version 0": "$.version: version 0 is not supported (versions start at 1)",
    "version true": f"$.version: expected a whole number; {SHAPE}",
    "no games": f"$: missing field 'games'; {SHAPE}",
    "no termination": "$.games[0]: missing field 'termination'",
    "bad card": "$.games[0].setup[0].cards[1]: 'R16' is not a card (a colour letter W B V Y R G "
    "and a value 0-15)",
    "card not a string": '$.games[0].setup[0].cards[1]: expected a card such as "R14", "R?" '
    'or "X?"',
    "bad comment kind": "$.games[0].comments[0].kind: expected brace, line or annotation",
    "comment without text": "$.games[0].comments[0]: missing field 'text'",
    "bad action type": '$.games[0].rounds[0].actions[1].type: expected "play" or "pass"',
    "pile 3": "$.games[0].rounds[0].actions[1].draws[0]: a pile is 1 or 2, not 3",
    "bad colour": "$.games[0].rounds[0].battles[0].colour: 'Q' is not a colour letter "
    "(one of W B V Y R G)",
    "bad glyph": "$.games[0].rounds[0].actions[0]: '!!!' is not a glyph (one of ! ? !! ?? !? ?!)",
    "round 0": "$.games[0].rounds[0]: a round number is a whole number >= 1, not 0",
    "finished not a bool": "$.games[0].termination.finished: expected true or false",
    "forgot and seen": "$.games[0].rounds[0].battles[1].draws[0]: a forgotten draw has no card "
    "to observe",
    "bad setup type": '$.games[0].setup[0].type: expected "deal" or "pile"',
    "not an object": f"$: expected an object; {SHAPE}",
}


@pytest.mark.parametrize("change", sorted(MALFORMED))
def test_malformed_documents_name_the_json_path(change: str) -> None:
    document = broken(change)
    with pytest.raises(NotationError) as caught:
        jsonio.from_document(document, source="games.json")
    assert caught.value.message == MALFORMED[change]
    assert str(caught.value) == f"games.json: {MALFORMED[change]}"
    assert caught.value.line == 0
    # The schema refuses the same documents.
    assert not VALIDATOR.is_valid(document)


def test_malformed_json_text_gives_the_same_error_as_the_document() -> None:
    """From text, the error is placed at the value it is about."""
    text = json.dumps(broken("bad card"), indent=1)
    with pytest.raises(NotationError) as caught:
        jsonio.loads(text)
    assert caught.value.message == MALFORMED["bad card"]
    line, column = caught.value.line, caught.value.column
    assert text.splitlines()[line - 1][column - 1 :] == '"R16",'


def test_invalid_json_names_line_and_column() -> None:
    text = '{"format": "gargon-notation",\n "version": 1,\n "games": [}\n'
    with pytest.raises(NotationError) as caught:
        jsonio.loads(text, source="games.json")
    error = caught.value
    assert (error.line, error.column) == (3, 12)
    assert error.message == (
        "invalid JSON: expected a value (an object, a list, a string in double quotes, a "
        "number, true, false or null), found '}'; write the missing value (a list ends "
        "with ']', an object with '}')"
    )
    assert str(error) == f'games.json:3:12: {error.message}\n     "games": [}}\n               ^'


def test_empty_text_is_invalid_json_at_the_start() -> None:
    with pytest.raises(NotationError) as caught:
        jsonio.loads("")
    assert str(caught.value) == (
        "<json>:1:1: invalid JSON: expected a value (an object, a list, a string in double "
        "quotes, a number, true, false or null), found the end of the document; write the "
        "missing value"
    )


def test_a_document_cut_short_is_said_to_be() -> None:
    """Where a value or a field name was wanted, the end of the document was told to 'write
    the missing value' or to 'write names in double quotes'."""
    for text, column in (('{"games": [1,', 14), ('{"games": [],', 14)):
        with pytest.raises(NotationError) as caught:
            jsonio.loads(text)
        assert str(caught.value).startswith(f"<json>:1:{column}: invalid JSON: expected a ")
        assert caught.value.message.endswith(
            "found the end of the document; the file may have been cut short: complete it, or "
            "write it again (gargon convert FILE --to json)"
        )


def test_a_document_with_no_games_is_an_empty_list() -> None:
    assert jsonio.loads('{"format": "gargon-notation", "version": 1, "games": []}') == []
    assert (
        jsonio.dumps([]) == '{\n  "format": "gargon-notation",\n  "version": 1,\n  "games": []\n}\n'
    )


def test_loaded_records_carry_the_source() -> None:
    [record] = jsonio.from_document(rulebook_document(), source="club.json")
    assert record.source == "club.json"


def test_documents_are_not_changed_by_reading() -> None:
    document = rulebook_document()
    before = copy.deepcopy(document)
    jsonio.from_document(document)
    assert document == before


# -- JSON Lines ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_each_jsonl_line_is_a_game_of_the_document(path: Path) -> None:
    records = records_of(path)
    text = jsonio.dumps_lines(records)
    assert text.endswith("\n")
    lines = text.splitlines()
    assert [json.loads(line) for line in lines] == json.loads(jsonio.dumps(records))["games"]
    assert all(
        line == json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False)
        for line in lines
    )
    assert list(jsonio.loads_lines(text, path.name)) == records
    assert [jsonio.game_from_line(line, path.name, k) for k, line in enumerate(lines, 1)] == records
    assert jsonio.dumps_lines(jsonio.game_from_json(json.loads(line)) for line in lines) == text


def test_jsonl_blank_lines_are_skipped_and_lines_counted() -> None:
    record = parse_game('[Players "Ann" "Bob" "Cy"]\n*\n')
    line = jsonio.dumps_lines([record])
    items = list(jsonio.loads_lines("\n" + line + "\n  \n" + '{"tags": 3}\n', "g.jsonl"))
    assert items[0] == record
    assert isinstance(items[1], NotationError)
    assert (items[1].source, items[1].line, items[1].column) == ("g.jsonl", 5, 10)
    assert str(items[1]) == "g.jsonl:5:10: $.tags: expected a list"
    with pytest.raises(NotationError, match=r"\$\.tags: expected a list"):
        list(jsonio.loads_lines(line + '{"tags": 3}\n', "g.jsonl", strict=True))


def test_jsonl_invalid_json_names_line_and_column() -> None:
    (error,) = jsonio.loads_lines(['{"tags": [}\n'], "g.jsonl")
    assert str(error) == (
        "g.jsonl:1:11: invalid JSON: expected a value (an object, a list, a string in double "
        "quotes, a number, true, false or null), found '}'; write the missing value (a list "
        "ends with ']', an object with '}')"
    )
    shape = (
        'each line is one game object {"tags": [...], "rounds": [...], "termination": {...}}, '
        "as gargon convert FILE --to jsonl writes it"
    )
    (error,) = jsonio.loads_lines(["[1, 2]"], "g.jsonl")
    assert str(error) == f"g.jsonl:1:1: expected a game object on each line of JSON Lines; {shape}"
    (error,) = jsonio.loads_lines(['  {"not": "games"}'], "g.jsonl")
    assert str(error) == f"g.jsonl:1:3: expected a game object on each line of JSON Lines; {shape}"


_VALUE = (
    "invalid JSON: expected a value (an object, a list, a string in double quotes, a number, "
    "true, false or null), found "
)
SYNTAX = [
    # The advice follows what stands where a value was expected (a trial was told to remove
    # a comma from 'not json', which has none).
    (
        "not json",
        1,
        f"{_VALUE}'n'; write text in double quotes (\"like this\"), and true, "
        "false and null in lower case",
    ),
    ('{"tags": [1, ]}', 14, f"{_VALUE}']'; remove the comma before ']'"),
    # A line that ends inside its value: most often a JSON document spread over lines, in
    # a .jsonl file (each of its lines was told to write names in double quotes).
    *(
        (
            line,
            column,
            "invalid JSON: the line ends before its value does; JSON Lines hold each game's "
            "object on one line (gargon convert FILE --to jsonl writes them so; an object "
            "spread over lines is a JSON document, named .json)",
        )
        for line, column in (('{"tags": [\n', 11), ("{\n", 2), ('{"tags": [],\n', 13))
    ),
    (
        '{"tags": [, 1]}',
        11,
        f"{_VALUE}','; write the missing value before the comma, or remove the comma",
    ),
    ("{\"tags\": ['a']}", 11, f'{_VALUE}"\'"; write strings in double quotes, not single ones'),
    (
        '{"tags": True}',
        10,
        f"{_VALUE}'T'; write text in double quotes (\"like this\"), and true, "
        "false and null in lower case",
    ),
    *(
        (
            text,
            10,
            f"{_VALUE}{text[9]!r}; write numbers as JSON does: 1, 0.5 (no + sign, and a digit "
            "before the point)",
        )
        for text in ('{"tags": +1}', '{"tags": .5}')
    ),
    (
        "{a: 1}",
        2,
        "invalid JSON: expected a field name in double quotes, found 'a'; write names "
        "in double quotes",
    ),
    (
        '{"bad json',
        2,
        "invalid JSON: this string is never closed; end it with '\"' (a line break inside a "
        "string is written \\n)",
    ),
    (
        '{"tags": [], "rounds" []}',
        23,
        "invalid JSON: expected ':' after the field name, found '['; write \"name\": value",
    ),
    (
        '{"tags": [] "rounds": []}',
        13,
        "invalid JSON: expected ',' or a closing bracket, found '\"'; put a comma between two "
        "fields or two items",
    ),
    (
        '{"tags": [],}',
        13,
        "invalid JSON: expected a field name in double quotes, found '}'; remove the comma "
        "before '}'",
    ),
    (
        "{'tags': []}",
        2,
        'invalid JSON: expected a field name in double quotes, found "\'"; write names in '
        "double quotes, not single ones",
    ),
    (
        '{"tags": ["a\tb"]}',
        13,
        "invalid JSON: the control character '\\t' cannot stand in a string; write it as an "
        "escape (\\n, \\t or \\u followed by four hexadecimal digits)",
    ),
    (
        '{"tags": ["a\x1b[2J"]}',
        13,
        "invalid JSON: the control character '\\x1b' cannot stand in a string; write it as an "
        "escape (\\n, \\t or \\u followed by four hexadecimal digits)",
    ),
    (
        '{"tags": ["C:\\dir"]}',
        14,
        "invalid JSON: '\\\\d' is not an escape of JSON; write a backslash as \\\\ (the "
        'escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal '
        "digits)",
    ),
    (
        '{"tags": ["\\u12"]}',
        13,
        "invalid JSON: \\u must be followed by four hexadecimal digits, as in \\u00e9",
    ),
    (
        '{"tags": []} {"tags": []}',
        14,
        "invalid JSON: more text after the end of the JSON value, found '{'; JSON Lines hold "
        "one game object a line",
    ),
    (
        '{"tags": ["a\x00"]}',
        13,
        "this is binary data, not a record: a NUL byte; records are UTF-8 text",
    ),
    (
        '{"tags": [], "n": ' + "9" * 5000 + "}",
        19,
        "invalid JSON: this number has over 4300 digits, more than can be read (the numbers of "
        "a record have at most nine digits)",
    ),
]


@pytest.mark.parametrize(("line", "column", "message"), SYNTAX)
def test_invalid_json_lines_say_what_to_do(line: str, column: int, message: str) -> None:
    """Each error of json's reader is a whole sentence with its advice, never json's own
    words cut from their position ("Unterminated string starting at"), never a raw control
    character."""
    (error,) = jsonio.loads_lines([line], "g.jsonl")
    assert str(error) == f"g.jsonl:1:{column}: {message}"
    assert str(error).isprintable()


def test_events_are_written_in_both_forms_and_ignored_on_reading() -> None:
    record = parse_game('[Players "Ann" "Bob" "Cy"]\n*\n')

    def events(given: GameRecord) -> list[dict[str, Any]]:
        assert given is record
        return [{"type": "round-started", "step": 0}]

    document = json.loads(jsonio.dumps([record], events=events))
    assert document["games"][0]["events"] == [{"type": "round-started", "step": 0}]
    assert list(document["games"][0]) == ["tags", "rounds", "termination", "events"]
    line = json.loads(jsonio.dumps_lines([record], events=events))
    assert line == document["games"][0]
    assert jsonio.loads(jsonio.dumps([record], events=events)) == [record]
    assert list(jsonio.loads_lines(jsonio.dumps_lines([record], events=events))) == [record]
    assert "events" not in jsonio.dumps([record])


def test_a_document_is_read_game_by_game_leniently() -> None:
    document = json.loads(jsonio.dumps([parse_game('[Players "Ann" "Bob" "Cy"]\n*\n')] * 3))
    document["games"][1]["tags"] = 1
    items = list(jsonio.iter_document(document, "x.json"))
    assert [type(item).__name__ for item in items] == ["GameRecord", "NotationError", "GameRecord"]
    assert str(items[1]) == "x.json: $.games[1].tags: expected a list"
    with pytest.raises(NotationError):
        list(jsonio.iter_document(document, "x.json", strict=True))


# -- what the notation cannot hold is refused when the JSON is read (#9) -----------------


def _set(document: dict[str, Any], path: str, value: Any) -> None:
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    target: Any = document
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value


@pytest.mark.parametrize(
    ("field", "path"),
    [
        ("games.0.rounds.0.number", "$.games[0].rounds[0].number"),
        (
            "games.0.rounds.0.actions.1.draws.0.pile",
            "$.games[0].rounds[0].actions[1].draws[0].pile",
        ),
        ("games.0.rounds.0.actions.0.nags", "$.games[0].rounds[0].actions[0].nags[0]"),
        ("version", "$.version"),
    ],
)
@pytest.mark.parametrize("number", [1234567890, -1, 10**30])
def test_numbers_the_notation_cannot_write_are_refused_with_their_path(
    field: str, path: str, number: int
) -> None:
    document = rulebook_document()
    _set(document, field, [number] if field.endswith("nags") else number)
    with pytest.raises(NotationError) as raised:
        jsonio.loads(json.dumps(document), source="big.json")
    assert raised.value.message == (
        f"{path}: {number} is not a whole number from 0 to 999999999 (the notation writes "
        "numbers of at most nine digits)"
    )


def test_a_score_over_nine_digits_is_refused() -> None:
    document = rulebook_document()
    document["games"][0]["termination"] = {
        "finished": True,
        "scores": [{"player": "Adam", "points": 12345678901}],
    }
    with pytest.raises(NotationError) as raised:
        jsonio.from_document(document)
    assert raised.value.message.startswith(
        "$.games[0].termination.scores[0].points: 12345678901 is not a whole number"
    )


def test_a_play_too_long_for_a_line_is_refused_with_its_path() -> None:
    document = rulebook_document()
    document["games"][0]["rounds"][0]["actions"][0]["cards"] = ["R14"] * 30_000
    text = json.dumps(document)
    with pytest.raises(NotationError) as raised:
        jsonio.loads(text, source="long.json")
    assert raised.value.message == (
        "$.games[0].rounds[0]: this would be written as a line of 120166 bytes in the "
        "notation, over its limit of 100000"
    )


def test_a_comment_too_long_for_a_line_is_refused_in_json_lines() -> None:
    record = parse_game('[Players "A" "B" "C"]\n*\n')
    line = json.loads(jsonio.dumps_lines([record]))
    line["tags"][0]["comments"] = [{"kind": "brace", "text": "x" * 150_000}]
    [error] = list(jsonio.loads_lines(json.dumps(line), "long.jsonl"))
    assert isinstance(error, NotationError)
    assert str(error) == (
        "long.jsonl:1:11: $.tags[0]: this would be written as a line of 150024 bytes in the "
        "notation, over its limit of 100000"
    )


def test_numeric_annotations_longer_in_the_notation_than_in_json_are_refused() -> None:
    """``1,`` in JSON is ``$1 `` in the notation: 80 KB of JSON, a line of 120 KB."""
    document = rulebook_document()
    document["games"][0]["rounds"][0]["actions"][0]["nags"] = [1] * 40_000
    text = json.dumps(document, separators=(",", ":"))
    assert len(text) < 100_000
    with pytest.raises(NotationError) as raised:
        jsonio.loads(text, source="nags.json")
    assert raised.value.message == (
        "$.games[0].rounds[0]: this would be written as a line of 120175 bytes in the "
        "notation, over its limit of 100000"
    )


@pytest.mark.slow
def test_a_game_of_more_items_than_the_notation_reads_is_refused() -> None:
    """6,000 short rounds: every line is short, but the game holds too many items."""
    record = parse_game('[Players "Ann" "Bob" "Cy"]\n*\n')
    document = json.loads(jsonio.dumps([record]))
    document["games"][0]["rounds"] = [
        {"number": k, "actions": [{"type": "pass", "player": "Ann", "draws": [{"pile": 1}] * 6}]}
        for k in range(1, 6001)
    ]
    with pytest.raises(NotationError) as raised:
        jsonio.loads(json.dumps(document), source="long.json")
    assert raised.value.message == (
        "$.games[0]: this game would hold over 50000 items (cards, names, comments, ...) in "
        "the notation, over the limit of a game"
    )


def test_half_a_surrogate_pair_is_refused_with_its_path() -> None:
    """``"\\ud800"`` is valid JSON but no character: the notation (UTF-8) cannot hold it."""
    document = rulebook_document()
    document["games"][0]["rounds"][0]["actions"][0]["player"] = "\ud800"
    text = json.dumps(document)
    column = text.index('"\\ud800"') + 1
    with pytest.raises(NotationError) as raised:
        jsonio.loads(text, source="half.json")
    assert str(raised.value) == (
        f"half.json:1:{column}: $.games[0].rounds[0].actions[0].player: \\ud800 is half of a "
        "surrogate pair, not a character (records are UTF-8 text)"
    )
    line = json.dumps(document["games"][0]).replace("\\ud800", "\\udc00")
    [error] = list(jsonio.loads_lines(line, "half.jsonl"))
    assert isinstance(error, NotationError)
    column = line.index('"\\udc00"') + 1
    assert str(error) == (
        f"half.jsonl:1:{column}: $.rounds[0].actions[0].player: \\udc00 is half of a surrogate "
        "pair, not a character (records are UTF-8 text)"
    )


@pytest.mark.parametrize(
    ("field", "path"),
    [
        (("rounds", 0, "actions", 0, "player"), "$.games[0].rounds[0].actions[0].player"),
        (("tags", 0, "values", 0), "$.games[0].tags[0].values[0]"),
    ],
)
def test_a_nul_escaped_in_json_is_refused_with_its_path(
    field: tuple[str | int, ...], path: str
) -> None:
    """``"\\u0000"`` is valid JSON, but the notation holds no NUL: written out, the game
    would not read back (its readers call it binary data); the reader of JSON refuses it."""
    document = rulebook_document()
    holder = document["games"][0]
    for step in field[:-1]:
        holder = holder[step]
    holder[field[-1]] = "Ad\x00am"
    text = json.dumps(document)
    column = text.index('"Ad\\u0000am"') + 1
    with pytest.raises(NotationError) as raised:
        jsonio.loads(text, source="nul.json")
    assert str(raised.value) == (
        f"nul.json:1:{column}: {path}: \\u0000 is a NUL, which no record holds (records are "
        "UTF-8 text; a NUL is binary data)"
    )


def test_half_a_surrogate_pair_fails_only_its_own_game() -> None:
    document = rulebook_document()
    game = document["games"][0]
    document["games"] = [game, copy.deepcopy(game), copy.deepcopy(game)]
    document["games"][1]["comments"] = [{"kind": "brace", "text": "x\udfff"}]
    document["games"][2]["x-note"] = "\ud800"  # a field the reader ignores
    items = list(jsonio.iter_document(json.loads(json.dumps(document)), "three.json"))
    assert [type(item).__name__ for item in items] == ["GameRecord", "NotationError", "GameRecord"]
    assert str(items[1]) == (
        "three.json: $.games[1].comments[0].text: \\udfff is half of a surrogate pair, "
        "not a character (records are UTF-8 text)"
    )


def test_python_values_holding_half_a_surrogate_pair_are_refused_too() -> None:
    game = {"odd\nkey": "\ud800", **rulebook_document()["games"][0]}  # the key first
    game["tags"][0]["values"] = ["\ud800"]
    with pytest.raises(NotationError) as raised:
        jsonio.game_from_json(game, "values")
    assert str(raised.value) == (
        'values: $["odd\\nkey"]: \\ud800 is half of a surrogate pair, not a character '
        "(records are UTF-8 text)"
    )


def test_a_game_over_the_notations_size_limit_is_refused() -> None:
    """Lines and items within their limits, but 2.25 million characters in all."""
    document = rulebook_document()
    document["games"][0]["rounds"][0]["actions"][0]["comments"] = [
        {"kind": "brace", "text": "x" * 90_000}
    ]
    document["games"][0]["rounds"] = [
        {**document["games"][0]["rounds"][0], "number": k} for k in range(1, 26)
    ]
    with pytest.raises(NotationError) as raised:
        jsonio.loads(json.dumps(document), source="big.json")
    message = raised.value.message
    assert message.startswith("$.games[0]: this game would be written as 22")
    assert message.endswith(" characters in the notation, over the limit of 2000000 for a game")


def test_a_whole_surrogate_pair_is_one_character() -> None:
    document = rulebook_document()
    document["games"][0]["comments"] = [{"kind": "brace", "text": "\U0001f600"}]
    text = json.dumps(document)
    assert "\\ud83d\\ude00" in text
    [record] = jsonio.loads(text)
    assert record.comments[0].text == "\U0001f600"


def test_convert_refuses_json_the_notation_cannot_hold(tmp_path: Path) -> None:
    from in_process import CliRunner

    from gargon_notation.cli import app

    document = rulebook_document()
    document["games"][0]["rounds"][0]["number"] = 12345678901
    path = tmp_path / "big.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(app, ["convert", str(path), "--to", "ggn"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "$.games[0].rounds[0].number: 12345678901 is not a whole number" in result.stderr


@settings(
    max_examples=100 if HEAVY else 10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(games())
def test_what_the_json_reader_accepts_the_notation_reader_reads_back(record: GameRecord) -> None:
    document = json.loads(jsonio.dumps([record]))
    accepted = jsonio.from_document(document)
    assert parse_games(write_games(accepted), strict=True) == accepted
