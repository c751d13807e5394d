"""A JSON document read one game at a time (gargon_notation/jsonstream.py): the same records
as reading it whole, block boundaries anywhere, and each broken game its own located error."""

from __future__ import annotations

import io
import json

import pytest
from conftest import HEAVY
from hypothesis import given, settings
from hypothesis import strategies as st

from gargon_notation import jsonio, jsonstream
from gargon_notation.bots import simulate
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.records import record_from_simulation

RECORDS = [
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


def said(items: list[GameRecord | NotationError]) -> list[str]:
    return [str(item) if isinstance(item, NotationError) else "game" for item in items]


@pytest.mark.parametrize("indent", [None, 2])
@pytest.mark.parametrize("block", [1, 2, 3, 7, 64, None])
def test_a_document_reads_as_it_reads_whole(indent: int | None, block: int | None) -> None:
    document = jsonio.to_document(RECORDS)
    data = json.dumps(document, indent=indent, ensure_ascii=False).encode("utf-8")
    assert read(data, block) == jsonio.loads(data.decode("utf-8")) == RECORDS


@settings(max_examples=60 if HEAVY else 20, deadline=None)
@given(
    block=st.integers(1, 40),
    order=st.permutations(["format", "version", "games", "extra"]),
    space=st.sampled_from(["", " ", "\n", "\r\n\t "]),
)
def test_any_field_order_and_spacing_reads_the_same(
    block: int, order: list[str], space: str
) -> None:
    document = {**jsonio.to_document(RECORDS[:2]), "extra": {"note": ["]", "}", '"\\']}}
    parts = [f"{space}{json.dumps(key)}{space}:{space}{json.dumps(document[key])}" for key in order]
    data = ("\ufeff{" + ",".join(parts) + space + "}" + space).encode("utf-8")
    assert read(data, block) == RECORDS[:2]


def test_a_broken_game_is_its_own_error_and_reading_goes_on() -> None:
    games = [json.dumps(jsonio.game_to_json(record)) for record in RECORDS]
    broken = games[1].replace('"rounds": [', '"rounds": [,', 1)
    data = (
        '{"format": "gargon-notation", "version": 1, "games": [\n'
        f'  {games[0]},\n  {broken},\n  {{"tags": []}},\n  {games[2]}\n]}}\n'
    ).encode()
    items = read(data, 5)
    column = broken.index('"rounds": [,') + len('"rounds": [') + 3
    assert said(items) == [
        "game",
        f"d.json:3:{column}: invalid JSON: Expecting value",
        "d.json:4:3: $.games[2]: missing field 'rounds'",
        "game",
    ]
    assert items[3] == RECORDS[2]


def test_a_game_over_the_limit_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [json.dumps(jsonio.game_to_json(record)) for record in RECORDS]
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
        ("", "d.json:1:1: invalid JSON: the document is empty"),
        ("[1, 2]", "d.json: $: expected an object"),
        ('{"format": "gargon-notation", "version": 1}', "d.json: $: missing field 'games'"),
        (
            '{"format": "pgn", "version": 1, "games": []}',
            'd.json: $.format: expected "gargon-notation"',
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [',
            "d.json:1:55: invalid JSON: the document ends where a game should be",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [{"tags": "',
            "d.json:1:65: invalid JSON: the document ends inside a string "
            "(unclosed brackets or quotes)",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": []} x',
            "d.json:1:58: invalid JSON: extra data after the document",
        ),
        (
            '{"format": "gargon-notation" "version": 1}',
            "d.json:1:30: invalid JSON: expecting ',' or '}', found '\"'",
        ),
        (
            '{"format": "gargon-notation", "version": 1, "games": [], "games": []}',
            "d.json:1:58: the document has two 'games' lists",
        ),
    ],
)
def test_a_broken_document_says_where(text: str, message: str) -> None:
    assert said(read(text.encode(), 4)) == [message]


def test_games_before_the_format_are_read_then_the_format_is_checked() -> None:
    game = json.dumps(jsonio.game_to_json(RECORDS[0]))
    items = read(f'{{"games": [{game}], "format": "gargon-notation", "version": 9}}'.encode(), 8)
    assert said(items) == [
        "game",
        "d.json: $.version: version 9 is not supported (this reader: 1)",
    ]


def test_an_undecodable_byte_is_located_across_blocks() -> None:
    data = b'{"format": "gargon-notation",\n "version": 1, "games": [{"tags": ["\xc3\xa9\xff"]}]}'
    for block in (1, 2, 5, 100):
        assert said(read(data, block)) == [
            "d.json:2:38: this is not UTF-8 text: undecodable byte 0xff at byte offset 68 "
            "('ÿ' in Latin-1); save the file as UTF-8"
        ]


def test_a_number_cut_by_a_block_is_read_whole() -> None:
    data = b'{"format": "gargon-notation", "version": 1, "games": [12345]}'
    for block in range(1, 12):
        assert said(read(data, block)) == ["d.json:1:55: $.games[0]: expected an object"]
