"""A JSON document read one game at a time (gargon_notation/jsonstream.py): the same records
as reading it whole, block boundaries anywhere, and each broken game its own located error."""

from __future__ import annotations

import functools
import io
import json
import tracemalloc
from pathlib import Path

import pytest
from conftest import HEAVY
from hypothesis import given, settings
from hypothesis import strategies as st

from gargon_notation import jsonio, jsonstream
from gargon_notation.bots import simulate
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.records import record_from_simulation


@functools.cache
def stream_records() -> list[GameRecord]:
    """Games of 3, 4 and 5 players, made when a test first needs them (not as the tests are
    collected: every worker collects every file)."""
    return [
        record_from_simulation(simulate(players, f"stream.{players}"), event='A "quoted" \\ event')
        for players in (3, 4, 5)
    ]


def read(data: bytes, block: int | None = None) -> list[GameRecord | NotationError]:
    if block is None:
        return list(jsonstream.iter_document_games(io.BytesIO(data), "d.json"))
    saved = jsonstream._BLOCK
    jsonstream._BLOCK = block
    try:
        return list(jsonstream.iter_document_games(io.BytesIO(data), "d.json"))
    finally:
        jsonstream._BLOCK = saved


SHAPE = (
    'a gargon JSON document is an object {"format": "gargon-notation", "version": 1, '
    '"games": [...]}, as gargon convert FILE --to json writes it (a file of one game object a '
    "line is JSON Lines, named .jsonl)"
)
CUT_SHORT = (
    "the file may have been cut short: complete it, or write it again (gargon convert FILE "
    "--to json)"
)


def said(items: list[GameRecord | NotationError]) -> list[str]:
    return [str(item) if isinstance(item, NotationError) else "game" for item in items]


@pytest.mark.parametrize("indent", [None, 2])
@pytest.mark.parametrize("block", [1, 2, 3, 7, 64, None])
def test_a_document_reads_as_it_reads_whole(indent: int | None, block: int | None) -> None:
    document = jsonio.to_document(stream_records())
    data = json.dumps(document, indent=indent, ensure_ascii=False).encode("utf-8")
    assert read(data, block) == jsonio.loads(data.decode("utf-8")) == stream_records()


@settings(max_examples=60 if HEAVY else 20, deadline=None)
@given(
    block=st.integers(1, 40),
    order=st.permutations(["format", "version", "games", "extra"]),
    space=st.sampled_from(["", " ", "\n", "\r\n\t "]),
)
def test_any_field_order_and_spacing_reads_the_same(
    block: int, order: list[str], space: str
) -> None:
    document = {**jsonio.to_document(stream_records()[:2]), "extra": {"note": ["]", "}", '"\\']}}
    parts = [f"{space}{json.dumps(key)}{space}:{space}{json.dumps(document[key])}" for key in order]
    data = ("\ufeff{" + ",".join(parts) + space + "}" + space).encode("utf-8")
    assert read(data, block) == stream_records()[:2]


def test_a_broken_game_is_its_own_error_and_reading_goes_on() -> None:
    games = [json.dumps(jsonio.game_to_json(record)) for record in stream_records()]
    broken = games[1].replace('"rounds": [', '"rounds": [,', 1)
    data = (
        '{"format": "gargon-notation", "version": 1, "games": [\n'
        f'  {games[0]},\n  {broken},\n  {{"tags": []}},\n  {games[2]}\n]}}\n'
    ).encode()
    items = read(data, 5)
    column = broken.index('"rounds": [,') + len('"rounds": [') + 3
    assert said(items) == [
        "game",
        f"d.json:3:{column}: invalid JSON: expected a value (an object, a list, a string in "
        "double quotes, a number, true, false or null), found ','; write the missing value "
        "before the comma, or remove the comma",
        "d.json:4:3: $.games[2]: missing field 'rounds'",
        "game",
    ]
    assert items[3] == stream_records()[2]


def test_a_game_over_the_limit_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [json.dumps(jsonio.game_to_json(record)) for record in stream_records()]
    monkeypatch.setattr(jsonstream, "MAX_GAME_CHARS", max(len(games[0]), len(games[2])))
    long = games[1].replace(
        '"tags": [', '"tags": [{"name": "Note", "values": ["' + "x" * 9000 + '"]}, ', 1
    )
    data = (
        '{"format": "gargon-notation", "version": 1, "games": ['
        + ", ".join([games[0], long, games[2]])
        + "]}"
    ).encode()
    items = read(data, 100)
    column = len('{"format": "gargon-notation", "version": 1, "games": [') + len(games[0]) + 3
    assert said(items) == [
        "game",
        f"d.json:1:{column}: $.games[1]: the game is {len(long)} characters long, over the "
        f"limit of {jsonstream.MAX_GAME_CHARS}; it is skipped",
        "game",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", f"d.json:1:1: invalid JSON: the document is empty; {SHAPE}"),
        ("[1, 2]", f"d.json:1:1: $: expected an object; {SHAPE}"),
        (
            "\n  GAME 1",
            f"d.json:2:3: invalid JSON: expected '{{' opening the document, found 'G'; {SHAPE}",
        ),
        ('{"not": "games"}', f"d.json:1:1: $: missing field 'format'; {SHAPE}"),
        (
            '{"format": "gargon-notation", "version": 1}',
            f"d.json:1:1: $: missing field 'games'; {SHAPE}",
        ),
        (
            '{"format": "pgn", "version": 1, "games": []}',
            f'd.json:1:12: $.format: expected "gargon-notation", found "pgn"; {SHAPE}',
        ),
        (
            '{"format": "gargon-notation",\n "version": "1", "games": []}',
            f"d.json:2:13: $.version: expected a whole number; {SHAPE}",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [',
            f"d.json:1:55: invalid JSON: the document ends where a game should be; {CUT_SHORT}",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [{"tags": "',
            "d.json:1:65: invalid JSON: the document ends inside a string "
            f"(unclosed brackets or quotes); {CUT_SHORT}",
        ),
        (  # not 'write names in double quotes', with no name there to write
            '{"format": "gargon-notation", "version": 1,\n',
            "d.json:2:1: invalid JSON: expected a field name in double quotes, found the end "
            f"of the document; {CUT_SHORT}",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": []} x',
            "d.json:1:58: invalid JSON: more text after the end of the document, found 'x'; a "
            "JSON document is one object (a file of one game object a line is JSON Lines, named "
            ".jsonl)",
        ),
        (
            '{"format": "gargon-notation" "version": 1}',
            "d.json:1:30: invalid JSON: expected ',' or '}', found '\"'; put a comma between "
            "two fields",
        ),
        (
            '{"format": "gargon-notation", "version": 1,}',
            "d.json:1:44: invalid JSON: expected a field name in double quotes, found '}'; "
            "remove the comma before '}'",
        ),
        (
            '{"format" "gargon-notation"}',
            "d.json:1:11: invalid JSON: expected ':' after the field name, found '\"'; write "
            '"name": value',
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [] "x": 1}',
            "d.json:1:57: invalid JSON: expected ',' or '}', found '\"'; put a comma between "
            "two fields",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [], "games": []}',
            "d.json:1:58: the document has two 'games' lists; keep one",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [{"n": [' + "9" * 5000 + "]}]}",
            "d.json:1:62: invalid JSON: this number has over 4300 digits, more than can be read "
            "(the numbers of a record have at most nine digits)",
        ),
    ],
)
def test_a_broken_document_says_where(text: str, message: str) -> None:
    assert said(read(text.encode(), 4)) == [message]


def test_games_without_a_comma_between_them() -> None:
    text = '{"format": "gargon-notation", "version": 1, "games": [{} {}]}'
    assert said(read(text.encode(), 4)) == [
        "d.json:1:55: $.games[0]: missing field 'tags'",
        "d.json:1:58: invalid JSON: expected ',' or ']' after a game, found '{'; put a comma "
        "between two games",
    ]


def test_an_error_inside_a_game_is_placed_at_its_value() -> None:
    """Not at the game's first line: the game's text is searched again for the value of the
    error's JSON path (only when there is an error), whatever the block size."""
    document = jsonio.to_document(stream_records())
    round_ = document["games"][1]["rounds"][1]
    round_["actions"][0]["cards"][-1] = "R99"
    document["games"][2]["termination"] = {"finished": 1}
    for indent in (None, 2):
        text = json.dumps(document, indent=indent)
        assert text.count('"R99"') == 1
        for block in (1, 5, 64, None):
            items = read(text.encode(), block)
            problems = [item for item in items if isinstance(item, NotationError)]
            assert [p.message.partition(":")[0] for p in problems] == [
                "$.games[1].rounds[1].actions[0].cards[2]",
                "$.games[2].termination.finished",
            ]
            found = [text.splitlines()[p.line - 1][p.column - 1 :][:5] for p in problems]
            assert found == ['"R99"', "1}}]}" if indent is None else "1"]


def test_a_nul_byte_ends_the_reading_as_binary_data() -> None:
    """Binary data (no JSON holds a NUL byte) is said to be so, at its byte offset, and
    nothing after it is read: an endless stream of zeros ends at once."""
    game = json.dumps(jsonio.game_to_json(stream_records()[0]))
    head = f'\ufeff{{"format": "gargon-notation", "version": 1,\n "games": [{game}, '
    data = head.encode() + b"\x00" * 100_000
    offset = len(head.encode())
    for block in (1, 7, None):
        assert said(read(data, block)) == [
            "game",
            f"d.json:2:{len(head.splitlines()[1]) + 1}: this is binary data, not a record: a NUL "
            f"byte at byte offset {offset}; records are UTF-8 text",
        ]
    assert said(read(b"\x00" * 10)) == [
        "d.json:1:1: this is binary data, not a record: a NUL byte at byte offset 0; records are "
        "UTF-8 text"
    ]


def test_games_before_the_format_are_read_then_the_format_is_checked() -> None:
    game = json.dumps(jsonio.game_to_json(stream_records()[0]))
    text = f'{{"games": [{game}], "format": "gargon-notation", "version": 9}}'
    items = read(text.encode(), 8)
    assert said(items) == [
        "game",
        f"d.json:1:{len(text) - 1}: $.version: version 9 is not supported (this reader reads "
        "version 1); a newer gargon-notation may read it",
    ]


def test_an_undecodable_byte_is_located_across_blocks() -> None:
    data = b'{"format": "gargon-notation",\n "version": 1, "games": [{"tags": ["\xc3\xa9\xff"]}]}'
    for block in (1, 2, 5, 100):
        assert said(read(data, block)) == [
            "d.json:2:38: this is not UTF-8 text: undecodable byte 0xff at byte offset 68 "
            "('ÿ' in Latin-1); save the file as UTF-8"
        ]


@pytest.mark.parametrize("block", [1, 2, 5, 100, None])
def test_a_game_holding_bytes_that_are_not_utf8_is_its_own_error(block: int | None) -> None:
    """The bad game is the error, in a string or out of one, and the others are read, in a
    document of one block as in one of many (the whole document was refused when the bad
    byte was in its first block, 64 KiB)."""
    games = [json.dumps(jsonio.game_to_json(record)).encode() for record in stream_records()]
    in_string = games[1].replace(b'"Adam"', b'"Ad\xe9m"', 1)
    out_of_string = games[1][:-1] + b" \xff}"
    for bad, column in ((in_string, in_string.index(b"\xe9")), (out_of_string, len(games[1]))):
        head = b'{"format": "gargon-notation", "version": 1, "games": [\n'
        data = head + b",\n".join([games[0], bad, games[2]]) + b"]}"
        value = 0xE9 if bad is in_string else 0xFF
        offset = data.index(bytes([value]))
        byte = f"0x{value:02x} at byte offset {offset} ({chr(value)!r} in Latin-1)"
        assert said(read(data, block)) == [
            "game",
            f"d.json:3:{column + 1}: this is not UTF-8 text: undecodable byte {byte}; save the "
            "file as UTF-8",
            "game",
        ]


@pytest.mark.parametrize(
    "data",
    [
        b'{"format": "gargon-notation", "version": 1, "games": [{"tags": []}\xff, 7]}',
        b'{"format": "gargon-notation", "version": 1, "ga\xffmes": [7]}',
        b'{"format": "gargon-notation", "version": 1, "games": [7], \xff}',
    ],
    ids=["between-games", "in-a-field-name", "after-the-games"],
)
def test_a_byte_that_is_not_utf8_outside_the_games_ends_the_reading(data: bytes) -> None:
    offset = data.index(b"\xff")
    items = read(data)
    assert said(items)[-1] == (
        f"d.json:1:{offset + 1}: this is not UTF-8 text: undecodable byte 0xff at byte offset "
        f"{offset} ('\u00ff' in Latin-1); save the file as UTF-8"
    )


def test_a_number_cut_by_a_block_is_read_whole() -> None:
    data = b'{"format": "gargon-notation", "version": 1, "games": [12345]}'
    for block in range(1, 12):
        assert said(read(data, block)) == ["d.json:1:55: $.games[0]: expected an object"]


@pytest.mark.parametrize(
    "check", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["read", "fields dropped"]
)
def test_a_documents_many_fields_of_its_own_are_not_held(check: bool) -> None:
    """A document with many fields of its own beside its games (a club's script's: 1.5
    million of them held about 922 MB): reading it (``validate``), and the check for fields
    ``fmt --in-place`` would drop, held every field's value and place until the end; now
    only the first that would be dropped is kept, and memory does not grow with them."""
    from gargon_notation import files

    example = Path(__file__).resolve().parents[1] / "examples" / "full-game.ggn"
    game = files.dumps([next(files.load(example, strict=True))], "json")
    opening = game.index("{") + 1

    def peak(count: int) -> int:
        fields = "".join(f'"k{number}": [{number}], ' for number in range(count))
        data = io.BytesIO((game[:opening] + fields + game[opening:]).encode("utf-8"))
        tracemalloc.start()
        try:
            if check:
                found = files.fields_dropped(data, "json", "x.json")
                assert found == (1, 8, "$.k0", files.UNKNOWN_FIELD)
            else:
                pieces = list(jsonstream.iter_document_pieces(data, "x.json"))
                assert [type(item).__name__ for _, _, item in pieces] == ["GameRecord"]
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    # the old reading held some 570 bytes a field: 1.4 MB more here (4 MB more with 7,500)
    small, large = peak(500), peak(3_000)
    assert large - small < 500_000, f"{small:,} bytes at the peak -> {large:,}"
