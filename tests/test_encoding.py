"""Encoding and line ends (docs/notation.md 1.2 and 1.3).

- Files are UTF-8.  A byte-order mark at the very start is accepted and ignored: the records
  read equal those of the same file without it, through the library and every verb that reads.
- Bytes that are not UTF-8 make their game a NotationError naming the byte offset in the file
  (counted from the file's first byte, BOM included) at the line and column (in characters) of
  the first bad byte; ``gargon validate`` prints it in the verdict on stdout and exits 1.  So
  does JSON input, where the other games are read as well.
- LF, CRLF and a lone CR all end a line.

Known bugs are ``xfail(strict=True)``; their inputs are in ``tests/data/fuzz/``.
"""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest
from conftest import HEAVY
from in_process import CliRunner

from gargon_notation import files, jsonio
from gargon_notation.bots import simulate
from gargon_notation.cli import app
from gargon_notation.errors import EncodingError, NotationError, not_utf8
from gargon_notation.notation import GameRecord, parse_game, parse_games, read_games, write_game
from gargon_notation.records import record_from_simulation, with_comments
from gargon_notation.validation import iter_chunks, validate_chunk

FUZZ = Path(__file__).resolve().parent / "data" / "fuzz"
BOM = b"\xef\xbb\xbf"
NAME = "f.ggn"
UNICODE = '[Players "Jürgen" "Zoë" "Cy"]\n1. Jürgen R1 {Zoë: ÿ}, Zoë pass 1, Cy pass 2\n*\n'


def games(count: int = 3) -> bytes:
    """Simulated games, with comments, one with its deal written out."""
    texts = []
    for k in range(count):
        record = record_from_simulation(simulate(3 + k % 3, f"enc-{k}"), write_deal=k == 1)
        texts.append(write_game(with_comments(record, f"enc-{k}")))
    return "\n".join(texts).encode("utf-8")


@functools.cache
def the_games() -> bytes:
    """:func:`games`, made when a test first needs them (not as the tests are collected:
    every worker collects every file)."""
    return games()


def outcomes(items: list[GameRecord | NotationError]) -> list[object]:
    return [
        (item.message, item.source, item.line, item.column, item.excerpt)
        if isinstance(item, NotationError)
        else item
        for item in items
    ]


def read(data: bytes) -> list[object]:
    return outcomes(list(read_games(io.BytesIO(data), name=NAME)))


# -- UTF-8 --------------------------------------------------------------------------------


def test_utf8_is_the_default(tmp_path: Path) -> None:
    path = tmp_path / NAME
    path.write_bytes(UNICODE.encode("utf-8"))
    (record,) = read_games(path)
    assert isinstance(record, GameRecord)
    assert record.tags[0].values == ("Jürgen", "Zoë", "Cy")
    assert record.rounds[0].actions[0].comments[0].text == "Zoë: ÿ"
    assert record == parse_game(UNICODE)


def test_latin1_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / NAME
    path.write_bytes(UNICODE.encode("latin-1"))
    assert outcomes(list(read_games(path))) == [
        (
            (
                "this is not UTF-8 text: undecodable byte 0xfc at byte offset 11"
                " ('ü' in Latin-1); save the file as UTF-8"
            ),
            str(path),
            1,
            12,
            '[Players "J\ufffdrgen" "Zo\ufffd" "Cy"]',
        )
    ]


def test_a_line_neither_utf8_nor_free_of_nul_is_binary_data(tmp_path: Path) -> None:
    """The start of a program (an ELF header: a NUL at byte 7, a byte not UTF-8 later on the
    same line) is said to be binary data at its first NUL, not text to save as UTF-8."""
    path = tmp_path / NAME
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\xd0\x01" + b"\n" + UNICODE.encode())
    ((message, source, line, column, _),) = outcomes(list(read_games(path)))
    assert (message, source, line, column) == (
        "this is binary data, not a record: a NUL byte at byte offset 7; records are UTF-8 text",
        str(path),
        1,
        8,
    )


@pytest.mark.parametrize(
    ("data", "format"),
    [
        (b"\x89PNG\r\n", "ggn"),
        (b"\x1f\x8b\x08\x00N\xa0", "ggn"),
        (b'{"tags": ["\xe9"]}\n', "jsonl"),
        (b'{"tags": ["\x00"]}\n', "jsonl"),
        (b'{"format": "gargon-notation", "version": 1, "games": [\xff', "json"),
        (b'{"format": "gargon-notation", "version": 1, "games": [\x00', "json"),
    ],
)
def test_bytes_that_are_no_text_are_an_encoding_error_in_every_format(
    data: bytes, format: files.Format
) -> None:
    (error,) = files.iter_games(io.BytesIO(data), format, "x")
    assert type(error) is EncodingError
    assert error.message.startswith(("this is not UTF-8 text", "this is binary data"))
    assert type(next(files.iter_games(io.BytesIO(b"[Event\n"), "ggn", "x"))) is NotationError


@pytest.mark.parametrize(
    "text",
    [
        '[Players "A" "B" "C"]\n1. A R1\x00\n*\n',
        '[Players "A" "B" "C"]\n1. A R1 {\x00}\n*\n',
        '[Players "A\x00" "B" "C"]\n1. A R1\n*\n',
    ],
    ids=["in-movetext", "in-a-comment", "in-a-tag"],
)
def test_a_nul_in_notation_is_binary_data_wherever_the_text_comes_from(text: str) -> None:
    """Not a syntax error (expected ..., not '\\u0000'), nor a character of a comment or a
    name: every reader of notation, of bytes or of text, says what it is."""
    nul = text.index("\x00")
    line = text.count("\n", 0, nul) + 1
    column = nul - text.rfind("\n", 0, nul)
    message = "this is binary data, not a record: a NUL byte{}; records are UTF-8 text"
    from_bytes = next(files.loads(text.encode()))
    assert type(from_bytes) is EncodingError
    assert (from_bytes.message, from_bytes.line, from_bytes.column) == (
        message.format(f" at byte offset {nul}"),
        line,
        column,
    )
    for read_text in (
        lambda: parse_game(text),
        lambda: parse_games(text, strict=True),
        lambda: list(read_games(io.StringIO(text), strict=True)),
    ):
        with pytest.raises(EncodingError) as raised:
            read_text()
        assert (raised.value.message, raised.value.line, raised.value.column) == (
            message.format(""),
            line,
            column,
        )


# -- UTF-16 and UTF-32 ----------------------------------------------------------------------

WIDE = [
    ("utf-16-le", b"\xff\xfe", "UTF-16LE, byte-order mark FF FE"),
    ("utf-16-be", b"\xfe\xff", "UTF-16BE, byte-order mark FE FF"),
    ("utf-16-le", b"", "UTF-16LE, a NUL byte after each character"),
    ("utf-16-be", b"", "UTF-16BE, a NUL byte before each character"),
    ("utf-32-le", b"\xff\xfe\x00\x00", "UTF-32LE, byte-order mark FF FE 00 00"),
    ("utf-32-be", b"\x00\x00\xfe\xff", "UTF-32BE, byte-order mark 00 00 FE FF"),
    ("utf-32-le", b"", "UTF-32LE, NUL bytes after each character"),
    ("utf-32-be", b"", "UTF-32BE, NUL bytes before each character"),
]


@pytest.mark.parametrize(("codec", "bom", "how"), WIDE)
@pytest.mark.parametrize("format", ["ggn", "jsonl", "json"])
def test_utf16_and_utf32_text_is_said_to_be_so_by_every_reader(
    codec: str, bom: bytes, how: str, format: files.Format
) -> None:
    records = [item for item in read_games(io.BytesIO(the_games())) if isinstance(item, GameRecord)]
    text = the_games().decode() if format == "ggn" else files.dumps(records, format)
    data = bom + text.encode(codec)
    (error,) = files.iter_games(io.BytesIO(data), format, "x")
    assert type(error) is EncodingError
    assert (error.message, error.line, error.column) == (
        f"this looks like {how[:6]} text ({how}): save the file as UTF-8",
        1,
        1,
    )


@pytest.mark.parametrize(
    "verb",
    [
        ["validate"],
        ["validate", "-j", "2"],
        ["show"],
        ["replay"],
        ["score"],
        ["stats"],
        ["standings"],
        ["dedupe"],
        ["check-hidden", "--public"],
        ["fmt", "--check"],
        ["fmt", "-i"],
        ["annotate"],
        ["cat"],
        ["filter", "--player", "Adam"],
        ["split", "--games", "1", "-o", "parts"],
        ["convert", "--to", "json"],
    ],
)
def test_gargon_says_utf16_and_utf32_text_is_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: list[str]
) -> None:
    """In every verb that reads (UTF-32, with a byte-order mark or without, was read as
    binary data at its first NUL, or as a syntax error)."""
    (tmp_path / "u16.ggn").write_bytes(the_games().decode().encode("utf-16"))  # with a BOM
    (tmp_path / "u16be.ggn").write_bytes(the_games().decode().encode("utf-16-be"))
    (tmp_path / "u32.ggn").write_bytes(the_games().decode().encode("utf-32"))  # with a BOM
    (tmp_path / "u32be.ggn").write_bytes(the_games().decode().encode("utf-32-be"))
    names = ["u16.ggn", "u16be.ggn", "u32.ggn", "u32be.ggn"]
    code, output = run_in(tmp_path, [*verb, *names], monkeypatch)
    assert code == 1
    for line in (
        "u16.ggn:1:1: this looks like UTF-16 text (UTF-16LE, byte-order mark FF FE): save the "
        "file as UTF-8\n",
        "u16be.ggn:1:1: this looks like UTF-16 text (UTF-16BE, a NUL byte before each "
        "character): save the file as UTF-8\n",
        "u32.ggn:1:1: this looks like UTF-32 text (UTF-32LE, byte-order mark FF FE 00 00): save "
        "the file as UTF-8\n",
        "u32be.ggn:1:1: this looks like UTF-32 text (UTF-32BE, NUL bytes before each "
        "character): save the file as UTF-8\n",
    ):
        assert line in output
    assert "binary data" not in output and "\\u0000" not in output


@pytest.fixture(scope="module")
def seat_page(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """Bernd's page of the first of :func:`the_games` by ``gargon html``, made once for the
    verbs given it (a page draws every step of its games: one game is page enough)."""
    folder = tmp_path_factory.mktemp("page")
    (folder / "games.ggn").write_bytes(the_games().split(b"\n\n[")[0] + b"\n")
    with pytest.MonkeyPatch.context() as patch:
        code, output = run_in(
            folder, ["html", "games.ggn", "--seat", "Bernd", "-o", "b.html"], patch
        )
    assert code == 0, output
    return (folder / "b.html").read_bytes()


@pytest.mark.parametrize(
    "verb",
    [
        ["validate"],
        ["check-hidden", "--seat", "Bernd"],
        ["stats"],
        ["cat"],
        ["filter", "--player", "Bernd"],
    ],
)
def test_an_html_page_is_said_to_be_one_not_read_as_notation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: list[str], seat_page: bytes
) -> None:
    """A page of gargon html given where a record is wanted (check-hidden of the seat's page
    an organiser is about to publish) was read as notation: 'expected a tag like [Event
    "..."], ... not '<!DOCTYPE'' at 1:1, and again at line 23 (a CSS rule), two 'games'."""
    for name in ("b.html", "b.json"):
        (tmp_path / name).write_bytes(seat_page)
    (tmp_path / "upper.ggn").write_bytes(b"\xef\xbb\xbf\r\n<HTML>\r\n<body>[Event</body>")
    code, output = run_in(tmp_path, [*verb, "b.html", "b.json", "upper.ggn"], monkeypatch)
    assert code == 1
    for name in ("b.html", "b.json", "upper.ggn"):
        assert (
            f"{name}:1:1: this is an HTML page, not a record: give the record file it was made "
            "from (notation, JSON or JSON Lines)\n"
        ) in output
    assert "expected" not in output and "DOCTYPE" not in output and "<body" not in output


def test_a_saved_page_or_an_xhtml_one_is_said_to_be_an_html_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page saved by a browser opens with a comment ('<!-- saved from url=... -->'), and
    an XHTML one with an XML declaration: each was read as notation ('not '<!--'')."""
    pages = {
        "saved.html": b"<!-- saved from url=(0014)about:internet -->\r\n<!DOCTYPE html>\r\n<html>",
        "x.html": b'<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="x">\n<body>',
    }
    for name, data in pages.items():
        (tmp_path / name).write_bytes(data)
    code, output = run_in(tmp_path, ["validate", *pages], monkeypatch)
    assert code == 1
    for name in pages:
        assert f"{name}:1:1: this is an HTML page, not a record: give the record file" in output
    assert "expected" not in output


def test_text_with_nul_bytes_that_is_not_utf16_is_not_said_to_be_utf16() -> None:
    """A NUL now and then (in a comment) is no UTF-16, but binary data in the game that holds
    it (it was read as a character of the comment); nor is UTF-32 (which is said to be
    UTF-32), nor a part of a file cut after its first bytes."""
    data = b'[Players "A" "B" "C"]\n{a \x00 in a comment}\n*\n\n[Players "A" "B" "D"]\n*\n'
    error, record = files.iter_games(io.BytesIO(data), "ggn", "x")
    assert type(error) is EncodingError and isinstance(record, GameRecord)
    assert (error.message, error.line, error.column) == (
        "this is binary data, not a record: a NUL byte at byte offset 25; records are UTF-8 text",
        2,
        4,
    )
    (error,) = files.iter_games(io.BytesIO("[Event".encode("utf-32")), "ggn", "x")
    assert "UTF-16" not in error.message and "UTF-32" in error.message
    part = "[Event".encode("utf-16-le")
    (error,) = files.iter_games(io.BytesIO(part), "ggn", "x", start_line=3, offset=40)
    assert "UTF-16" not in error.message


# -- the byte-order mark ------------------------------------------------------------------


def test_a_bom_is_accepted_by_the_library(tmp_path: Path) -> None:
    plain = read(the_games())
    assert all(isinstance(item, GameRecord) for item in plain)
    assert len(plain) == 3
    assert read(BOM + the_games()) == plain
    path = tmp_path / NAME
    path.write_bytes(BOM + the_games())
    assert outcomes(list(read_games(path, name=NAME))) == plain
    text = (BOM + the_games()).decode("utf-8")
    assert text.startswith("\ufeff")
    assert parse_games(text, NAME) == plain
    first = the_games().split(b"\n\n[")[0] + b"\n"
    assert parse_game((BOM + first).decode("utf-8")) == plain[0]
    verdicts = [
        validate_chunk(chunk, NAME, k).as_dict()
        for k, chunk in enumerate(iter_chunks(io.BytesIO(BOM + the_games()), NAME), start=1)
    ]
    assert verdicts == [
        validate_chunk(chunk, NAME, k).as_dict()
        for k, chunk in enumerate(iter_chunks(io.BytesIO(the_games()), NAME), start=1)
    ]
    assert [verdict["valid"] for verdict in verdicts] == [True, True, True]


def test_positions_after_a_bom_are_those_without_it() -> None:
    data = b'[Players "Ann" "Bob" "Cy"]\n1. Ann R1 R99, Bob pass 1, Cy pass 2\n*\n'
    (plain,) = read(data)
    assert read(BOM + data) == [plain]
    assert plain[2:4] == (2, 11)  # type: ignore[index]


def test_an_empty_file_with_a_bom_holds_no_game() -> None:
    assert read(BOM) == []
    assert read(BOM + b"\n") == []


VERBS = [
    ["validate"],
    ["validate", "--json"],
    ["show", "--no-color"],
    ["replay", "--no-color", "--round", "2"],
    ["score", "--json"],
    ["annotate"],
    ["annotate", "--strip"],
    ["fmt"],
    ["convert", "--to", "json"],
    ["convert", "--to", "ggn"],
]


def run_in(directory: Path, args: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(directory)
    monkeypatch.setenv("COLUMNS", "100")
    result = CliRunner().invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("suffix", "args"),
    [
        pytest.param(
            suffix,
            args,
            id=f"{suffix}-{' '.join(args)}",
            # show draws every step of its games: the .ggn case only, by default
            marks=[pytest.mark.slow] if (suffix, args[0]) == (".json", "show") else [],
        )
        for suffix in (".ggn", ".json")
        for args in VERBS
    ],
)
def test_a_bom_is_accepted_by_every_verb_that_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], suffix: str
) -> None:
    data = the_games()
    if args[0] == "show" and not HEAVY:
        # The BOM is before the first game: show draws that one alone (every step of the three
        # games, a third of a second, in the heavy profile)
        data = data.split(b"\n\n[")[0] + b"\n"
    if suffix == ".json":
        records = [item for item in read_games(io.BytesIO(data)) if isinstance(item, GameRecord)]
        data = jsonio.dumps(records).encode("utf-8")
    name = "records" + suffix
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / name).write_bytes(data)
    (tmp_path / "bom").mkdir()
    (tmp_path / "bom" / name).write_bytes(BOM + data)
    plain = run_in(tmp_path / "plain", [*args, name], monkeypatch)
    with_bom = run_in(tmp_path / "bom", [*args, name], monkeypatch)
    assert plain[0] == 0
    if args == ["validate", "--json"]:  # the report counts the bytes read: 3 more
        plain_report, bom_report = json.loads(plain[1]), json.loads(with_bom[1])
        assert bom_report["summary"].pop("bytes") == plain_report["summary"].pop("bytes") + 3
        assert bom_report == plain_report
    else:
        assert with_bom == plain


def test_fmt_check_calls_a_bom_not_canonical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Canonical text has no BOM (docs/notation.md 9): the BOM is read, fmt drops it."""
    (tmp_path / NAME).write_bytes(BOM + the_games())
    assert run_in(tmp_path, ["fmt", "--check", NAME], monkeypatch) == (
        1,
        f"{NAME}: not in canonical form (run gargon fmt --in-place)\n",
    )
    assert run_in(tmp_path, ["fmt", "--in-place", NAME], monkeypatch) == (0, "")
    assert (tmp_path / NAME).read_bytes() == the_games()


def test_a_bom_on_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    plain = CliRunner().invoke(app, ["validate", "-"], input=the_games())
    with_bom = CliRunner().invoke(app, ["validate", "-"], input=BOM + the_games())
    assert (with_bom.exit_code, with_bom.output) == (plain.exit_code, plain.output)
    assert plain.output.endswith("3 games in 1 file: 3 valid, 0 invalid\n")


def test_a_bom_through_a_text_stream() -> None:
    text = (BOM + the_games()).decode("utf-8")
    assert outcomes(list(read_games(io.StringIO(text), name=NAME))) == read(the_games())


# -- undecodable bytes --------------------------------------------------------------------

BAD = [
    (b"\xff", 0xFF),  # never in UTF-8
    (b"\x80", 0x80),  # a lone continuation byte
    (b"\xc0\xaf", 0xC0),  # an overlong '/'
    (b"\xe0\x80\xaf", 0xE0),  # overlong, three bytes
    (b"\xed\xa0\x80", 0xED),  # an encoded surrogate
    (b"\xf4\x90\x80\x80", 0xF4),  # above U+10FFFF
    (b"\xc3", 0xC3),  # a truncated sequence
]


FF, LONE = b"\xff", b"\x80"


def with_bad(bad: bytes) -> bytes:
    """UNICODE with ``bad`` in place of the ÿ (line 2, column 20, byte offset 53)."""
    return UNICODE.encode("utf-8").replace("ÿ".encode(), bad)


def bad_excerpt(bad: bytes) -> str:
    replaced = bad.decode("utf-8", errors="replace")
    return f"1. Jürgen R1 {{Zoë: {replaced}}}, Zoë pass 1, Cy pass 2"


@pytest.mark.parametrize(("bad", "byte"), BAD, ids=[bad.hex() for bad, _ in BAD])
def test_undecodable_bytes_name_the_byte_offset(bad: bytes, byte: int) -> None:
    assert read(with_bad(bad)) == [
        (
            not_utf8(byte, 53),
            NAME,
            2,
            20,
            bad_excerpt(bad),
        )
    ]


def test_undecodable_bytes_break_only_their_game() -> None:
    data = the_games() + b"\n" + with_bad(b"\xff") + b"\n" + the_games()
    found = read(data)
    assert len(found) == 7
    line = the_games().count(b"\n") + 3
    offset = len(the_games()) + 1 + 53
    assert found[3] == (
        (
            f"this is not UTF-8 text: undecodable byte 0xff at byte offset {offset}"
            " ('ÿ' in Latin-1); save the file as UTF-8"
        ),
        NAME,
        line,
        20,
        bad_excerpt(b"\xff"),
    )
    assert found[:3] == found[4:] == read(the_games())


def test_the_byte_offset_counts_the_bom_and_crlf() -> None:
    data = BOM + with_bad(b"\xff").replace(b"\n", b"\r\n")
    assert read(data) == [
        (
            (
                "this is not UTF-8 text: undecodable byte 0xff at byte offset 57"
                " ('ÿ' in Latin-1); save the file as UTF-8"
            ),
            NAME,
            2,
            20,
            bad_excerpt(b"\xff"),
        )
    ]


def test_strict_reading_raises_the_decoding_error() -> None:
    with pytest.raises(NotationError) as raised:
        list(read_games(io.BytesIO(with_bad(LONE)), name=NAME, strict=True))
    assert str(raised.value) == (
        "f.ggn:2:20: this is not UTF-8 text: undecodable byte 0x80 at byte offset 53"
        " ('€' in Windows-1252); save the file as UTF-8\n"
        f"    {bad_excerpt(LONE)}\n"
        f"    {' ' * 19}^"
    )


def test_gargon_validate_reports_undecodable_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / NAME).write_bytes(with_bad(b"\xff"))
    code, output = run_in(tmp_path, ["validate", NAME], monkeypatch)
    assert code == 1
    assert output == (
        f"INVALID {NAME} game 1: 1 problem\n"
        f"  {NAME}:2:20: this is not UTF-8 text: undecodable byte 0xff at byte offset 53"
        " ('ÿ' in Latin-1); save the file as UTF-8\n"
        f"      {bad_excerpt(FF)}\n"
        f"      {' ' * 19}^\n"
        "1 game in 1 file: 0 valid, 1 invalid\n"
    )


@pytest.mark.parametrize(
    "verb", [["convert", "--to", "ggn"], ["validate"], ["show"], ["cat", "-o", "out.json"]]
)
def test_undecodable_json_names_the_byte_offset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: list[str]
) -> None:
    """A JSON document under 64 KiB (one block of the reader) whose game 2 of 3 holds a byte
    that is not UTF-8: that game is the error, at its place; games 1 and 3 are read (the
    whole document was refused)."""
    records = [item for item in read_games(io.BytesIO(the_games())) if isinstance(item, GameRecord)]
    data = jsonio.dumps(records).encode("utf-8")
    assert len(data) < 1 << 16
    offset = data.index(b'"Dagmar"') + 3  # in game 2, the first of four players
    (tmp_path / "x.json").write_bytes(data[:offset] + b"\xff" + data[offset + 1 :])
    code, output = run_in(tmp_path, [*verb, "x.json"], monkeypatch)
    line = data[:offset].count(b"\n") + 1
    column = len(data[data.rindex(b"\n", 0, offset) + 1 : offset].decode()) + 1
    message = (
        f"x.json:{line}:{column}: this is not UTF-8 text: undecodable byte 0xff at byte "
        f"offset {offset} ('ÿ' in Latin-1); save the file as UTF-8"
    )
    assert data.rfind(b'\n    {\n      "tags"', 0, offset) == data.index(b"\n    {", 70)
    assert column == 16
    assert code == 1
    if verb == ["validate"]:
        assert output == (
            "ok x.json game 1: valid, finished, 21 rounds; won by Bernd\n"
            f"INVALID x.json game 2: 1 problem\n  {message}\n"
            "ok x.json game 3: valid, finished, 7 rounds; won by Emil\n"
            "3 games in 1 file: 2 valid, 1 invalid\n"
        )
    elif verb == ["show"]:
        assert output.count(message) == 1
        assert "─ Game 1 ─" in output
        assert "─ Game 2 ─" not in output
        assert "─ Game 3 ─" in output
    elif verb[0] == "cat":
        assert output == (
            f"{message}\n  (left out)\n"
            "gargon: 1 game could not be read or copied and was left out\n"
        )
        assert (tmp_path / "out.json").read_text("utf-8") == jsonio.dumps(records[::2])
    else:  # an input is converted whole or not at all
        assert output == message + "\n"


def test_an_undecodable_byte_after_a_bom_is_placed_without_it() -> None:
    data = BOM + b'[Players "Ann" \xff "Bob" "Cy"]\n*\n'
    assert read(data) == [
        (
            (
                "this is not UTF-8 text: undecodable byte 0xff at byte offset 18"
                " ('ÿ' in Latin-1); save the file as UTF-8"
            ),
            NAME,
            1,
            16,
            '[Players "Ann" \ufffd "Bob" "Cy"]',
        )
    ]


def _text_stream(data: bytes) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


def test_undecodable_bytes_in_a_text_stream_are_a_located_lenient_error() -> None:
    items = list(read_games(_text_stream(with_bad(b"\xff")), name=NAME))
    assert len(items) == 1
    assert isinstance(items[0], NotationError)
    assert items[0].line >= 1


def test_undecodable_bytes_in_a_text_stream_name_the_file_offset() -> None:
    padding = b"; " + b"p" * 97 + b"\n"
    data = padding * 480 + b"\xff\n"
    assert len(data) - 2 == 48_000
    with pytest.raises(NotationError) as raised:
        list(read_games(_text_stream(data), name=NAME, strict=True))
    assert "byte offset 48000" in raised.value.message


def test_undecodable_bytes_in_a_stream_name_the_offset() -> None:
    import io

    data = b'*\n\n[Event "\xff"]\n*\n'
    items = list(read_games(io.BytesIO(data), name="s.ggn"))
    assert isinstance(items[0], GameRecord)
    assert isinstance(items[1], NotationError)
    assert items[1].message.endswith(
        "undecodable byte 0xff at byte offset 11 ('ÿ' in Latin-1); save the file as UTF-8"
    )
    assert (items[1].line, items[1].column) == (3, 9)


def test_a_text_stream_that_cannot_be_decoded_gives_a_located_notation_error() -> None:
    import io

    stream = io.TextIOWrapper(io.BytesIO(b"*\n\n\xff*\n*\n"), encoding="utf-8")
    first, broken = list(read_games(stream, name="s.ggn"))
    assert isinstance(first, GameRecord)
    assert isinstance(broken, NotationError)  # the bad line belongs to the game it opens
    assert (broken.source, broken.line, broken.column) == ("s.ggn", 3, 1)
    assert broken.message.endswith(
        "undecodable byte 0xff at byte offset 3 ('ÿ' in Latin-1); save the file as UTF-8"
    )


# -- line ends ----------------------------------------------------------------------------

LINE_ENDS = [
    pytest.param(b"\r\n", id="CRLF"),
    pytest.param(b"\r", id="CR"),
]


@pytest.mark.parametrize("end", LINE_ENDS)
def test_a_file_of_several_games_reads_like_lf(end: bytes, tmp_path: Path) -> None:
    data = the_games().replace(b"\n", end)
    assert read(data) == read(the_games())
    path = tmp_path / NAME
    path.write_bytes(data)
    assert outcomes(list(read_games(path, name=NAME))) == read(the_games())
    result = CliRunner().invoke(app, ["validate", "--quiet", str(path)])
    assert (result.exit_code, result.output) == (0, "3 games in 1 file: 3 valid, 0 invalid\n")


@pytest.mark.parametrize("end", [b"\r\n", b"\r"], ids=["CRLF", "CR"])
def test_one_game_reads_like_lf(end: bytes) -> None:
    first = the_games().split(b"\n\n[")[0] + b"\n"
    data = first.replace(b"\n", end)
    assert read(data) == read(first)
    assert parse_games(data.decode("utf-8"), NAME) == read(first)
    assert parse_game(data.decode("utf-8")) == read(first)[0]


@pytest.mark.parametrize("end", [b"\r\n", b"\r"], ids=["CRLF", "CR"])
def test_parse_games_reads_line_ends_like_lf(end: bytes) -> None:
    text = the_games().replace(b"\n", end).decode("utf-8")
    assert outcomes(parse_games(text, NAME)) == read(the_games())


def test_mixed_line_ends_read_like_lf() -> None:
    lines = the_games().split(b"\n")
    ends = [b"\n", b"\r\n", b"\r"]
    mixed = b"".join(line + ends[k % 3] for k, line in enumerate(lines[:-1])) + lines[-1]
    assert outcomes(parse_games(mixed.decode("utf-8"), NAME)) == read(the_games())


def test_errors_in_a_crlf_file_are_placed_like_in_lf() -> None:
    data = b'[Players "Ann" "Bob" "Cy"]\n1. Ann R1 R99, Bob pass 1, Cy pass 2\n*\n'
    assert read(data.replace(b"\n", b"\r\n")) == read(data)


def test_an_undecodable_byte_in_a_cr_file_is_placed_by_cr_lines() -> None:
    data = (FUZZ / "cr-only-undecodable-line-3.ggn").read_bytes()
    assert read(data) == [
        (
            (
                "this is not UTF-8 text: undecodable byte 0xff at byte offset 39"
                " ('ÿ' in Latin-1); save the file as UTF-8"
            ),
            NAME,
            3,
            1,
            "\ufffd",
        )
    ]


def test_a_byte_order_mark_opening_a_later_line_is_dropped_by_every_reader() -> None:
    """Files joined with ``cat`` keep each one's mark: text and bytes readers agree."""
    import io

    from gargon_notation.notation import parse_games, read_games

    game = '\ufeff[Players "Adam" "Bernd" "Collette"]\n1. Adam Y2\n*\n'
    text = game + '\ufeff[Notation "1"]\n' + game.lstrip("\ufeff")
    from_text = parse_games(text, "joined.ggn")
    from_bytes = list(read_games(io.BytesIO(text.encode("utf-8")), name="joined.ggn"))
    assert from_text == from_bytes
    assert len(from_text) == 2
    assert all(not isinstance(item, Exception) for item in from_text)
