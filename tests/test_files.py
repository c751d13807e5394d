"""Files (gargon_notation.files): load/loads/dump/dumps over the three formats, sniffing,
strict and lenient reading, errors naming the file, and atomic writes through links."""

from __future__ import annotations

import io
import json
import os
import stat
import sys
from pathlib import Path

import pytest

from gargon_notation import atomic, files, jsonio
from gargon_notation.errors import ArgumentError, GargonError, NotationError
from gargon_notation.files import FileError, dump, dumps, load, loads, sniff
from gargon_notation.notation import GameRecord, write_games

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
IDS = [path.stem for path in EXAMPLES]
GAME = '[Players "Ann" "Bob" "Cy"]\n1. Ann R1, Bob pass 1, Cy pass 2\n*\n'
BROKEN = '[Players "Ann" "Bob" "Cy"]\n1. Ann R99\n*\n'


def records_of(path: Path) -> list[GameRecord]:
    items = list(load(path, strict=True))
    assert all(isinstance(item, GameRecord) for item in items)
    return items  # type: ignore[return-value]


# -- round trips --------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_ggn_round_trip_is_byte_for_byte(path: Path) -> None:
    records = records_of(path)
    assert dumps(records) == path.read_text(encoding="utf-8")
    assert dumps(records, "ggn") == write_games(records)


@pytest.mark.parametrize("form", ["json", "jsonl"])
@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_json_forms_round_trip_byte_for_byte(path: Path, form: files.Format) -> None:
    records = records_of(path)
    text = dumps(records, form)
    assert list(loads(text)) == records
    assert list(loads(text, format=form)) == records
    assert dumps(list(loads(text)), form) == text  # type: ignore[arg-type]
    assert dumps(list(loads(text)), "ggn") == path.read_text(encoding="utf-8")  # type: ignore[arg-type]


@pytest.mark.parametrize("suffix", [".ggn", ".json", ".jsonl"])
def test_dump_to_a_path_takes_the_format_from_the_suffix(tmp_path: Path, suffix: str) -> None:
    records = records_of(ROOT / "examples" / "club-night.ggn")
    path = tmp_path / f"games{suffix}"
    dump(records, path)
    assert path.read_text(encoding="utf-8") == dumps(records, suffix[1:])  # type: ignore[arg-type]
    assert list(load(path)) == records
    assert list(load(str(path))) == records


def test_dump_without_a_suffix_writes_notation_and_another_suffix_wants_a_format(
    tmp_path: Path,
) -> None:
    """gg.dump(records, "x.xml") wrote notation without a word, as if .xml were .ggn; it is
    refused, as gg.dumps(format="xml") is, unless the format is given."""
    records = records_of(ROOT / "examples" / "full-game.ggn")
    dump(records, tmp_path / "games")
    assert (tmp_path / "games").read_text(encoding="utf-8") == dumps(records)
    for name in ("x.xml", "games.txt"):
        with pytest.raises(ArgumentError) as refused:
            dump(records, tmp_path / name)
        suffix = name[name.index(".") :]
        assert str(refused.value) == (
            f"dump: {tmp_path / name}: a name ending in '{suffix}' says no format of ours "
            "(.ggn, .json, .jsonl): give format= (one of ggn, json, jsonl) to write it anyway"
        )
        assert not (tmp_path / name).exists()
    dump(records, tmp_path / "games.txt", format="ggn")
    assert (tmp_path / "games.txt").read_text(encoding="utf-8") == dumps(records)
    dump(records, tmp_path / "forced.txt", format="jsonl")
    assert list(load(tmp_path / "forced.txt")) == records  # sniffed as JSON Lines


def test_a_source_or_target_of_another_type_is_a_type_error_naming_it() -> None:
    """gg.load(None) was an AttributeError ('NoneType' object has no attribute 'read')."""
    with pytest.raises(TypeError) as refused:
        load(None)  # type: ignore[arg-type]
    assert str(refused.value) == (
        "load: source is a path, a file open for reading or a gg.files.Input, not None "
        "(gg.loads reads a string)"
    )
    with pytest.raises(TypeError, match=r"^loads: text is a string or bytes, not None "):
        loads(None)  # type: ignore[arg-type]
    (record,) = records_of(ROOT / "examples" / "full-game.ggn")
    with pytest.raises(TypeError, match=r"^dump: target is a path or a file open for writing, "):
        dump(record, None)  # type: ignore[arg-type]


class _Trickle(io.RawIOBase):
    """A raw stream that takes at most 100 bytes a write, as a pipe or a socket may."""

    def __init__(self) -> None:
        self.taken = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data: bytes | memoryview) -> int:  # type: ignore[override]
        piece = bytes(data)[:100]
        self.taken += piece
        return len(piece)


def test_dump_to_a_raw_stream_writes_everything_and_a_refusal_speaks_to_a_library_user(
    tmp_path: Path,
) -> None:
    """A raw stream may take part of a write: the rest is written too (it was lost).  A
    read-only file is refused with advice for a program, not a command's ``-o``."""
    records = records_of(ROOT / "examples" / "full-game.ggn")
    stream = _Trickle()
    dump(records, stream)
    assert stream.taken.decode("utf-8") == dumps(records)
    target = tmp_path / "kept.ggn"
    target.write_text("mine\n")
    target.chmod(0o444)
    with pytest.raises(FileError) as refused:
        dump(records, target)
    assert str(refused.value) == (
        f"{target}: the file is read-only: not rewritten (make it writable, or write to "
        "another path)"
    )
    assert target.read_text() == "mine\n"


def test_dump_and_dumps_take_one_record_or_many() -> None:
    (record,) = records_of(ROOT / "examples" / "full-game.ggn")
    assert dumps(record, "jsonl") == dumps([record], "jsonl") == dumps(iter([record]), "jsonl")
    text, binary = io.StringIO(), io.BytesIO()
    dump(record, text, format="json")
    dump(record, binary, format="json")
    assert text.getvalue() == binary.getvalue().decode("utf-8") == jsonio.dumps([record])


def test_dumps_refuses_events_in_notation_and_unknown_formats() -> None:
    (record,) = records_of(ROOT / "examples" / "full-game.ggn")
    with pytest.raises(ValueError, match="JSON forms only"):
        dumps(record, "ggn", events=lambda _: [])
    with pytest.raises(ValueError, match="unknown format"):
        dumps(record, "xml")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown format"):
        list(loads(GAME, format="pgn"))  # type: ignore[arg-type]


def test_events_are_written_in_both_json_forms() -> None:
    (record,) = records_of(ROOT / "examples" / "full-game.ggn")

    def events(_: GameRecord) -> list[dict[str, object]]:
        return [{"type": "x"}]

    document = json.loads(dumps(record, "json", events=events))
    assert document["games"][0]["events"] == [{"type": "x"}]
    line = json.loads(dumps(record, "jsonl", events=events))
    assert line["events"] == [{"type": "x"}]
    assert list(loads(dumps(record, "jsonl", events=events))) == [record]  # ignored on reading


# -- sources ------------------------------------------------------------------------------


def test_load_reads_open_files_in_binary_and_text_mode(tmp_path: Path) -> None:
    records = records_of(ROOT / "examples" / "club-night.ggn")
    for form in ("ggn", "json", "jsonl"):
        path = tmp_path / f"games.{form}"
        dump(records, path)
        with path.open("rb") as handle:
            assert list(load(handle)) == records
        with path.open(encoding="utf-8") as handle:
            assert list(load(handle)) == records
        assert list(load(io.StringIO(path.read_text(encoding="utf-8")))) == records
        assert list(load(io.BytesIO(path.read_bytes()))) == records


def test_load_names_the_source_in_messages(tmp_path: Path) -> None:
    path = tmp_path / "broken.ggn"
    path.write_text(GAME + "\n" + BROKEN, encoding="utf-8")
    items = list(load(path))
    assert isinstance(items[0], GameRecord)
    assert isinstance(items[1], NotationError)
    assert items[1].source == str(path)
    (renamed,) = [i for i in load(path, name="x.ggn") if isinstance(i, NotationError)]
    assert str(renamed).startswith("x.ggn:6:")


class Endless(io.RawIOBase):
    """A stream repeating ``unit`` for ever: a reader that read it whole would never end."""

    def __init__(self, unit: bytes) -> None:
        super().__init__()
        self.unit = unit
        self.at = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        size = len(buffer)
        data = (self.unit * (size // len(self.unit) + 2))[self.at : self.at + size]
        self.at = (self.at + size) % len(self.unit)
        buffer[:size] = data
        return size


def test_load_streams_notation_game_by_game() -> None:
    games = load(io.BufferedReader(Endless(GAME.encode())), format="ggn")
    assert all(isinstance(next(games), GameRecord) for _ in range(500))
    games = load(io.BufferedReader(Endless(GAME.encode())))  # sniffed: notation
    assert isinstance(next(games), GameRecord)


def test_jsonl_streams_line_by_line() -> None:
    (record,) = records_of(ROOT / "examples" / "full-game.ggn")
    games = load(io.BufferedReader(Endless(dumps(record, "jsonl").encode())))
    assert [next(games) for _ in range(20)] == [record] * 20


# -- sniffing -----------------------------------------------------------------------------

JSONL_LINE = b'{"tags": [], "rounds": [], "termination": {"finished": false}}\n'

SNIFFING = [
    # (content, name, format)
    (b'{"format": "gargon-notation"}', "x.ggn", "ggn"),  # a .ggn file is never JSON
    (b"[Event]\n", "x.json", "json"),  # a .json file always is
    (b"[Event]\n", "x.JSONL", "jsonl"),
    (b'{"format": "gargon-notation", "version": 1, "games": []}', None, "json"),
    (b'\xef\xbb\xbf \n {\n  "format": "gargon-notation"', None, "json"),
    (b'{"games": [], "format": "gargon-notation", "version": 1}\n', None, "json"),
    (JSONL_LINE * 2, None, "jsonl"),
    (b"\xef\xbb\xbf\n\n" + JSONL_LINE, "notes.txt", "jsonl"),
    (b'{"tags": [], "rounds"', None, "ggn"),  # not a whole JSON object on its first line
    (b'{"quoted" brace comment}\n[Event "x"]\n*\n', None, "ggn"),
    (b"{a brace comment}\n[Event]\n", None, "ggn"),
    (b'[Players "Ann" "Bob" "Cy"]\n*\n', None, "ggn"),
    (b"", None, "ggn"),
    (b'["not", "an", "object"]\n', None, "ggn"),
]


@pytest.mark.parametrize(("content", "name", "expected"), SNIFFING)
def test_sniffing(content: bytes, name: str | None, expected: str) -> None:
    assert sniff(content, name) == expected
    stream = io.BytesIO(content)
    form, reader = files.sniff_stream(stream, name)
    assert form == expected
    assert reader.read() == content  # nothing is lost by sniffing


def test_sniffing_reads_a_long_first_line_whole() -> None:
    (record,) = records_of(ROOT / "examples" / "seeded-game.ggn")
    line = dumps(record, "jsonl").encode()
    assert len(line) > 4096
    form, reader = files.sniff_stream(io.BytesIO(b"\n" * 5000 + line))
    assert form == "jsonl"
    assert list(files.iter_games(reader, form, "x")) == [record]


def test_a_first_line_of_json_lines_over_the_limit_is_its_games_error_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sniffing read 4 MB of a first line of 5 MB, found no whole JSON object in it and took
    the stream for notation: the game after it was lost ('this looks like JSON, not
    notation'); gg.loads parsed the whole first line as JSON to sniff it (10 s and 900 MB
    for a line of 80 MB).  Now no more than a line's limit is parsed to sniff, and such a
    line is JSON Lines when it opens as an object's member does."""
    (record,) = records_of(ROOT / "examples" / "seeded-game.ggn")
    game = jsonio.game_to_json(record)
    game["tags"] = [{"name": "Note", "values": ["x" * 5_000_000]}, *game["tags"]]
    long_line = json.dumps(game).encode() + b"\n"
    data = long_line + dumps(record, "jsonl").encode()
    parsed: list[int] = []
    loads_json = json.loads

    def measured(text: str | bytes, **options: object) -> object:
        parsed.append(len(text))
        return loads_json(text, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(json, "loads", measured)
    assert sniff(data) == files.sniff_stream(io.BytesIO(data))[0] == "jsonl"
    for items in (list(load(io.BytesIO(data), name="in")), list(loads(data, source="in"))):
        assert [type(item).__name__ for item in items] == ["NotationError", "GameRecord"]
        assert str(items[0]) == (
            f"in:1:1: line 1 is {len(long_line)} bytes long, over the limit of 2000000; "
            "its game is skipped"
        )
        assert items[1] == record
    assert max(parsed) <= files.MAX_JSONL_LINE_BYTES
    brace_comment = b'{"quoted" brace comment ' + b"x" * 3_000_000 + b"}\n"
    assert sniff(brace_comment) == "ggn"


# -- strict and lenient -------------------------------------------------------------------


@pytest.mark.parametrize("form", ["ggn", "json", "jsonl"])
def test_lenient_yields_errors_and_goes_on_strict_raises(form: files.Format) -> None:
    good = next(loads(GAME))
    assert isinstance(good, GameRecord)
    if form == "ggn":
        text = GAME + "\n" + BROKEN + "\n" + GAME
    else:
        broken = jsonio.game_to_json(good)
        broken["rounds"] = "none"
        if form == "json":
            document = jsonio.to_document([good])
            document["games"] = [document["games"][0], broken, document["games"][0]]
            text = json.dumps(document)
        else:
            text = dumps(good, "jsonl") + json.dumps(broken) + "\n" + dumps(good, "jsonl")
    items = list(loads(text, source="in"))
    assert [type(item).__name__ for item in items] == [
        "GameRecord",
        "NotationError",
        "GameRecord",
    ]
    assert items[0] == items[2] == good
    with pytest.raises(NotationError) as raised:
        list(loads(text, strict=True, source="in"))
    assert str(raised.value) == str(items[1])


def test_a_json_document_that_cannot_be_read_is_one_error() -> None:
    (item,) = loads('{"format": "gargon-notation", "version": 1, "games": [', source="x.json")
    assert isinstance(item, NotationError)
    assert str(item).startswith("x.json:1:")
    (item,) = loads(b'{"format": "gargon-notation", \xff', format="json", source="x.json")
    assert str(item) == (
        "x.json:1:31: this is not UTF-8 text: undecodable byte 0xff at byte offset 30"
        " ('ÿ' in Latin-1); save the file as UTF-8"
    )


def test_jsonl_errors_name_the_line() -> None:
    good = dumps(next(loads(GAME)), "jsonl")  # type: ignore[arg-type]
    text = good + "\n" + '{"tags": [}\n' + good + '{"tags": 1, "rounds": []}\n' + "[1]\n"
    items = list(loads(text, format="jsonl", source="games.jsonl"))
    assert [type(item).__name__ for item in items] == [
        "GameRecord",
        "NotationError",
        "GameRecord",
        "NotationError",
        "NotationError",
    ]
    assert str(items[1]) == (
        "games.jsonl:3:11: invalid JSON: expected a value (an object, a list, a string in "
        "double quotes, a number, true, false or null), found '}'; write the missing value (a "
        "list ends with ']', an object with '}')"
    )
    assert str(items[3]) == "games.jsonl:5:10: $.tags: expected a list"
    assert str(items[4]) == (
        "games.jsonl:6:1: expected a game object on each line of JSON Lines; each line is one "
        'game object {"tags": [...], "rounds": [...], "termination": {...}}, as gargon convert '
        "FILE --to jsonl writes it"
    )


def test_jsonl_nul_bytes_are_binary_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line holding a NUL byte is binary data at its byte offset (its game is skipped, the
    next line is read); a line of binary data over the limit ends the reading at once."""
    good = dumps(next(loads(GAME)), "jsonl").encode()  # type: ignore[arg-type]
    bad = good.replace(b'"Ann"', b'"A\x00n"', 1)
    items = list(loads(good + bad + good, source="x.jsonl"))
    assert [type(item).__name__ for item in items] == ["GameRecord", "EncodingError", "GameRecord"]
    column = bad.index(b"\x00") + 1
    assert str(items[1]) == (
        f"x.jsonl:2:{column}: this is binary data, not a record: a NUL byte at byte offset "
        f"{len(good) + column - 1}; records are UTF-8 text"
    )
    monkeypatch.setattr(files, "MAX_JSONL_LINE_BYTES", 1000)
    endless = good + b"\x00" * 100_000 + b"\n" + good
    items = list(loads(endless, source="x.jsonl"))
    assert [str(item) if isinstance(item, NotationError) else "game" for item in items] == [
        "game",
        f"x.jsonl:2:1: this is binary data, not a record: a NUL byte at byte offset {len(good)}; "
        "records are UTF-8 text",
    ]


@pytest.mark.parametrize(
    ("form", "how"),
    [
        ("json", "give the file a .json name (gg.load and gg.loads: format='json')"),
        ("jsonl", "give the file a .jsonl name, JSON Lines (gg.load and gg.loads: format='jsonl')"),
    ],
)
def test_a_ggn_file_holding_json_is_said_to_look_like_json(
    tmp_path: Path, form: files.Format, how: str
) -> None:
    """gg.load("file.ggn") of JSON gave only the notation's error ("... not ','"); the
    error now says first that it looks like JSON and how to read it, leniently and
    strictly."""
    records = records_of(ROOT / "examples" / "club-night.ggn")
    path = tmp_path / "games.ggn"
    path.write_text(dumps(records, form), encoding="utf-8")
    (error,) = list(load(path))
    assert isinstance(error, NotationError)
    assert error.message.startswith(f"this looks like JSON, not notation: {how} (as notation: ")
    with pytest.raises(NotationError, match="this looks like JSON, not notation"):
        list(load(path, strict=True))
    with pytest.raises(NotationError, match="this looks like JSON, not notation"):
        list(loads(path.read_text(encoding="utf-8"), format="ggn", strict=True))
    assert list(load(path, format=form)) == records


@pytest.mark.slow
def test_a_ggn_file_holding_a_json_document_over_a_games_size_is_said_to_look_like_json(
    tmp_path: Path,
) -> None:
    """Whatever the size: a document over the size of a game is said to look like JSON too."""
    records = records_of(ROOT / "examples" / "club-night.ggn")
    path = tmp_path / "games.ggn"
    path.write_text(dumps(records * 300, "json"), encoding="utf-8")
    (error,) = list(load(path))
    assert isinstance(error, NotationError)
    how = "give the file a .json name (gg.load and gg.loads: format='json')"
    assert error.message.startswith(f"this looks like JSON, not notation: {how}")
    assert "over the limit" in error.message


def test_a_game_opening_with_a_brace_comment_is_not_said_to_look_like_json() -> None:
    (error,) = list(loads('{"Ann" won} [Players "Ann" "Bob" "Cy"]\n1. Ann R99\n*\n'))
    assert isinstance(error, NotationError)
    assert "JSON" not in error.message


def test_a_json_object_that_is_not_the_json_form_says_what_is() -> None:
    (item,) = loads(b'\n  {"not": "games"}\n', format="json", source="weird.json")
    assert str(item) == (
        "weird.json:2:3: $: missing field 'format'; a gargon JSON document is an object "
        '{"format": "gargon-notation", "version": 1, "games": [...]}, as gargon convert FILE '
        "--to json writes it (a file of one game object a line is JSON Lines, named .jsonl)"
    )


def test_jsonl_undecodable_bytes_name_line_column_and_offset() -> None:
    good = dumps(next(loads(GAME)), "jsonl").encode()  # type: ignore[arg-type]
    bad = good.replace(b'"Ann"', b'"A\xffn"', 1)
    items = list(loads(good + bad, source="x.jsonl"))
    assert isinstance(items[1], NotationError)
    column = bad.index(b"\xff") + 1
    assert str(items[1]) == (
        f"x.jsonl:2:{column}: this is not UTF-8 text: undecodable byte 0xff "
        f"at byte offset {len(good) + column - 1} ('ÿ' in Latin-1); save the file as UTF-8"
    )


def test_a_jsonl_line_over_the_limit_is_an_error_and_the_next_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(files, "MAX_JSONL_LINE_BYTES", 1000)
    record = next(loads(GAME))
    long = '{"tags": [], "comments": [{"kind": "brace", "text": "' + "x" * 2000 + '"}]}\n'
    items = list(loads(long + dumps(record, "jsonl"), format="jsonl", source="x.jsonl"))  # type: ignore[arg-type]
    assert isinstance(items[0], NotationError)
    assert str(items[0]) == (
        f"x.jsonl:1:1: line 1 is {len(long)} bytes long, over the limit of 1000; "
        "its game is skipped"
    )
    assert items[1] == record


# -- errors of the system -----------------------------------------------------------------


def test_a_missing_file_is_a_gargon_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "games.ggn"
    with pytest.raises(GargonError) as raised:
        load(missing)
    assert isinstance(raised.value, FileError)
    assert str(raised.value) == f"{missing}: no such file or directory"
    with pytest.raises(FileError, match=r"games\.ggn: no such file or directory"):
        load(str(missing), name="games.ggn")


def test_a_directory_cannot_be_loaded_or_dumped_to(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="is a directory"):
        list(load(tmp_path))
    with pytest.raises(
        FileError,
        match=r"nowhere/x\.ggn: no such folder .*nowhere: make it first, or write to another path",
    ):
        dump(next(loads(GAME)), tmp_path / "nowhere" / "x.ggn")  # type: ignore[arg-type]


@pytest.mark.parametrize("binary", [True, False])
def test_a_file_open_the_other_way_is_said_to_be(tmp_path: Path, binary: bool) -> None:
    """Python's words were the method's name alone: 'out.ggn: read', 'out.ggn: write'."""
    path = tmp_path / "out.ggn"
    path.write_text(GAME, encoding="utf-8")
    with open(path, "ab" if binary else "a") as stream, pytest.raises(FileError) as raised:
        list(load(stream))
    assert str(raised.value) == f"{path}: the file is not open for reading"
    with open(path, "rb" if binary else "r") as stream, pytest.raises(FileError) as raised:
        dump(next(loads(GAME, strict=True)), stream)
    assert str(raised.value) == f"{path}: the file is not open for writing"
    assert path.read_text(encoding="utf-8") == GAME


def test_find_inputs(tmp_path: Path) -> None:
    for name in ["b.ggn", "a/c.json", "a/d.jsonl", "a/e.txt", "a/.f.ggn.x.tmp", "a/G.GGN"]:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    found = files.find_inputs([tmp_path, "-", str(tmp_path / "a" / "e.txt")])
    assert [Path(i.name).relative_to(tmp_path).as_posix() for i in found[:4]] == [
        "a/G.GGN",
        "a/c.json",
        "a/d.jsonl",
        "b.ggn",
    ]
    assert found[4] == files.Input("<stdin>", None)
    assert found[5].name == str(tmp_path / "a" / "e.txt")
    with pytest.raises(FileError, match=r"nothing\.ggn: no such file or directory"):
        files.find_inputs(["nothing.ggn"])


def test_find_inputs_takes_one_path_and_refuses_what_is_not_paths(tmp_path: Path) -> None:
    """A text was read letter by letter (gg.read_archive("examples/") said "e: no such file
    or directory") and 5 was "'int' object is not iterable" (found by a researcher's
    trial)."""
    (tmp_path / "a.ggn").write_text("", encoding="utf-8")
    for one in (str(tmp_path), tmp_path):
        assert [i.name for i in files.find_inputs(one)] == [str(tmp_path / "a.ggn")]
    wanted = "paths: a path (str or os.PathLike) or an iterable of paths"
    with pytest.raises(TypeError) as refused:
        files.find_inputs(5)  # type: ignore[arg-type]
    assert str(refused.value) == f"{wanted}, not int 5"
    with pytest.raises(TypeError) as among:
        files.find_inputs([tmp_path, None])  # type: ignore[list-item]
    assert str(among.value) == f"{wanted}, not None among them"
    with pytest.raises(TypeError) as raw:
        files.find_inputs(b"a.ggn")  # type: ignore[arg-type]
    assert str(raw.value) == f"{wanted}, not bytes b'a.ggn'"


# -- atomic writes ------------------------------------------------------------------------


def test_atomic_write_keeps_the_mode(tmp_path: Path) -> None:
    path = tmp_path / "games.ggn"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    dump(next(loads(GAME)), path)  # type: ignore[arg-type]
    assert path.read_text(encoding="utf-8") == GAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give files away"
)
def test_atomic_write_keeps_the_owner_and_group(tmp_path: Path) -> None:
    path = tmp_path / "games.ggn"
    path.write_text("old\n", encoding="utf-8")
    os.chown(path, 12345, 23456)
    files.atomic_write(path, "new\n")
    assert (path.stat().st_uid, path.stat().st_gid) == (12345, 23456)
    assert path.read_text(encoding="utf-8") == "new\n"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX owners")
def test_atomic_write_goes_on_when_the_owner_cannot_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.ggn"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o604)
    calls: list[tuple[int, int]] = []

    def refuse(_fd: object, uid: int, gid: int) -> None:
        calls.append((uid, gid))
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "fchown", refuse)
    files.atomic_write(path, "new\n")
    owner, group = path.stat().st_uid, path.stat().st_gid
    assert calls == [(owner, group), (-1, group)]  # both, then the group alone
    assert path.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o604


def test_atomic_write_writes_through_a_symlink(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "games.ggn"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    link = tmp_path / "link.ggn"
    link.symlink_to(target)
    dump(next(loads(GAME)), link)  # type: ignore[arg-type]
    assert link.is_symlink()
    assert os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == GAME
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.ggn", "real"]
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["games.ggn"]


def test_atomic_write_through_a_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "new.jsonl")
    record = next(loads(GAME))
    dump(record, link)  # type: ignore[arg-type]
    assert link.is_symlink()
    assert list(load(tmp_path / "new.jsonl")) == [record]


DEFAULT_CUTS = {(1, "validate"), (12, "show")}
"""The pieces and verbs of the default run (a process each): the heavy profile runs every
cut with both verbs."""


@pytest.mark.parametrize(
    ("cut", "verb"),
    [
        pytest.param(cut, verb, marks=[] if (cut, verb) in DEFAULT_CUTS else [pytest.mark.slow])
        for verb in ("validate", "show")
        for cut in (1, 2, 3, 5, 9, 12)
    ],
)
def test_json_arriving_through_a_pipe_in_pieces_is_read_as_json(cut: int, verb: str) -> None:
    """The first piece too short to tell the format (1) or just long enough (12:
    ``{\\n  "format"``), each for one verb; the others in the heavy profile."""
    import subprocess
    import sys
    import time

    document = jsonio.dumps(list(load(ROOT / "examples" / "rulebook-round.ggn", strict=True)))
    data = document.encode()
    child = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", verb, "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdin is not None
    child.stdin.write(data[:cut])
    child.stdin.flush()
    time.sleep(0.3)
    out, err = child.communicate(data[cut:], timeout=60)
    assert child.returncode == 0, err.decode()
    if verb == "validate":
        assert out.decode().splitlines()[-1] == "1 game in 1 file: 1 valid, 0 invalid"
    else:
        assert "Rulebook example round" in out.decode()


@pytest.mark.parametrize(
    ("head", "decided"),
    [(b"{", False), (b"{\n  ", False), (b'{"fo', False), (b'{"format"', True), (b"[", True)],
)
def test_the_format_is_decided_only_from_enough_bytes(head: bytes, decided: bool) -> None:
    assert files._decided(head) is decided


def test_each_game_read_knows_the_line_it_starts_on_in_every_form() -> None:
    club = list(load(ROOT / "examples" / "club-night.ggn"))
    # Game 2 starts with its comment on line 40, game 3 with its first tag on line 67: not on
    # the blank lines 39 and 66 that end the games before them.
    assert [record.line for record in club] == [1, 40, 67]

    def lines_of(data: str, form: files.Format) -> list[int]:
        read = list(files.iter_games(io.BytesIO(data.encode()), form, f"c.{form}"))
        return [item.line for item in read if isinstance(item, GameRecord)]

    jsonl = dumps(club, "jsonl").splitlines(keepends=True)
    assert lines_of("\n" + jsonl[0] + jsonl[1] + "\n\n" + jsonl[2], "jsonl") == [2, 3, 6]
    document = dumps(club, "json")
    elements = [n for n, line in enumerate(document.splitlines(), start=1) if line == "    {"]
    assert lines_of(document, "json") == elements and len(elements) == 3
    assert [record.line for record in jsonio.loads(document)] == [0, 0, 0]  # no place kept


def test_once_each_tells_files_apart_where_the_system_numbers_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some file systems give every file the number 0 (st_ino): files are then told apart
    by their resolved paths, never merged into one."""
    import os as system

    for name in ("a.ggn", "b.ggn"):
        (tmp_path / name).write_text("*\n")
    real_stat = Path.stat

    def numberless(path: Path, **options: bool) -> system.stat_result:
        status = real_stat(path, **options)
        return system.stat_result((status.st_mode, 0, *tuple(status)[2:]))

    monkeypatch.setattr(Path, "stat", numberless)
    inputs = files.find_inputs([tmp_path / "a.ggn", tmp_path / "b.ggn", tmp_path / "a.ggn"])
    assert [Path(source.name).name for source in files.once_each(inputs)] == ["a.ggn", "b.ggn"]
