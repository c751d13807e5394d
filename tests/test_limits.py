"""Bounded resources: line and game size limits, memory on huge files, deep input, time.

The readers never hold more than ``MAX_LINE_BYTES`` of one line or ``MAX_GAME_CHARS`` of one
game (docs/notation.md, 11.3): a longer line or game becomes a located NotationError and the
following games are read as usual.  The size in the line message counts the line's LF; a line
of exactly ``MAX_LINE_BYTES`` bytes before its LF is still read.

Memory is measured in a child process reading 50 MB files (its own peak resident size).
Deep input (nested JSON, 4,000 rounds, 40,000 comments) must not hit Python's recursion
limit; a game of over ``MAX_GAME_ITEMS`` items is an error, which bounds a game's memory.
Known bugs are ``xfail(strict=True)``; their inputs are in ``tests/data/fuzz/``.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from in_process import CliRunner

from gargon_notation import jsonio
from gargon_notation.cli import app
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord, parse_game, read_games, write_game
from gargon_notation.notation.parser import parse_with_grammar
from gargon_notation.notation.stream import MAX_GAME_CHARS, MAX_LINE_BYTES
from gargon_notation.replay import replay
from gargon_notation.validation import iter_chunks, validate_chunk

NAME = "f.ggn"
ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = (ROOT / "tests" / "data" / "valid" / "rulebook-round.ggn").read_bytes()
HEADER = b'[Players "Ann" "Bob" "Cy"]\n'
GAME = HEADER + b"1. Ann R1, Bob pass 1, Cy pass 2\n*\n"
MB = 1 << 20


def line_message(number: int, size: int) -> str:
    return (
        f"line {number} is {size} bytes long, over the limit of {MAX_LINE_BYTES}; "
        "its game is skipped"
    )


def game_message(number: int) -> str:
    return (
        f"the game starting at line {number} is over the limit of {MAX_GAME_CHARS} "
        "characters; it is skipped"
    )


def outcomes(data: bytes) -> list[object]:
    """What read_games yields: records, or errors as (message, source, line, column)."""
    return [
        (item.message, item.source, item.line, item.column)
        if isinstance(item, NotationError)
        else item
        for item in read_games(io.BytesIO(data), name=NAME)
    ]


def test_the_limits() -> None:
    assert (MAX_LINE_BYTES, MAX_GAME_CHARS) == (100_000, 2_000_000)


# -- lines --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [MB, 10 * MB], ids=["1MB", "10MB"])
def test_a_line_over_the_limit_skips_its_game_only(size: int) -> None:
    long_line = b";" + b"x" * (size - 2) + b"\n"  # a comment inside the first game's movetext
    data = HEADER + b"1. Ann R1, Bob pass 1, Cy pass 2\n" + long_line + b"*\n" + GAME
    assert outcomes(data) == [
        (line_message(3, size), NAME, 3, 1),
        parse_game(GAME.decode()),
    ]
    (_, second) = read_games(io.BytesIO(data), name=NAME)
    assert isinstance(second, GameRecord)
    assert second.tags[0].line == 5


def test_a_line_over_the_limit_through_validate(tmp_path: Path) -> None:
    path = tmp_path / "long.ggn"
    path.write_bytes(b'[Event "' + b"x" * MB + b'"]\n' + GAME[len(HEADER) :] + GAME)
    chunks = list(iter_chunks(io.BytesIO(path.read_bytes()), NAME))
    verdicts = [validate_chunk(chunk, NAME, k) for k, chunk in enumerate(chunks, start=1)]
    assert [(v.valid, v.line, v.messages) for v in verdicts] == [
        (False, 1, (f"{NAME}:1:1: {line_message(1, MB + 11)}",)),
        (True, 4, ()),
    ]
    result = CliRunner().invoke(app, ["validate", "--quiet", str(path)])
    assert result.exit_code == 1
    assert result.output == (
        f"INVALID {path} game 1: 1 problem\n"
        f"  {path}:1:1: {line_message(1, MB + 11)}\n"
        "2 games in 1 file: 1 valid, 1 invalid\n"
    )


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (MAX_LINE_BYTES - 1, "read"),
        (MAX_LINE_BYTES, "read"),
        (MAX_LINE_BYTES + 1, line_message(2, MAX_LINE_BYTES + 2)),
    ],
)
def test_the_line_limit_boundary(content: int, expected: str) -> None:
    """A line of MAX_LINE_BYTES bytes before its LF is read; one more byte is not (and the
    message then counts the LF too)."""
    data = HEADER + b";" + b"x" * (content - 1) + b"\n*\n"
    if expected == "read":
        (record,) = outcomes(data)
        assert record == parse_game(data.decode())
        assert isinstance(record, GameRecord)
        assert record.tags[0].comments[0].text == "x" * (content - 1)
    else:
        assert outcomes(data) == [(expected, NAME, 2, 1)]


@pytest.mark.parametrize(
    ("before", "long_line", "number"),
    [
        (b"", b"x" * 150_010 + b"\n", 1),
        (GAME, b"y" * MB + b"\n", 4),
        (HEADER, b"z" * MB + b" *\n", 2),
    ],
    ids=["docs-example", "between-games", "holding-the-termination"],
)
def test_a_long_line_outside_a_game_does_not_swallow_the_next(
    before: bytes, long_line: bytes, number: int
) -> None:
    after = RULEBOOK if not before else GAME
    expected: list[object] = [parse_game(GAME.decode())] if before == GAME else []
    expected += [
        (line_message(number, len(long_line)), NAME, number, 1),
        parse_game(after.decode()),
    ]
    assert outcomes(before + long_line + after) == expected


@pytest.mark.parametrize(
    "broken",
    [b";" + b"x" * (MAX_LINE_BYTES + 10) + b"\n", b"{caf\xe9}\n"],
    ids=["too-long", "not-utf8"],
)
def test_a_broken_line_after_a_comment_keeps_the_next_game_s_lines(
    tmp_path: Path, broken: bytes
) -> None:
    """The broken line is reported before the comment above it, which belongs to the next
    game: that game's lines are still counted as the file's (they were one line short)."""
    path = tmp_path / "after-a-comment.ggn"
    path.write_bytes(b"{note}\n" + broken + HEADER + b"1. Bob R1\n*\n")
    chunks = list(iter_chunks(io.BytesIO(path.read_bytes()), NAME))
    assert [(chunk.first_line, chunk.lines) for chunk in chunks] == [(2, 1), (1, 5)]
    verdicts = [validate_chunk(chunk, NAME, k) for k, chunk in enumerate(chunks, start=1)]
    (problem,) = verdicts[1].problems
    assert (problem.code, problem.line, problem.column) == ("not-your-turn", 4, 4)
    result = CliRunner().invoke(app, ["validate", "--quiet", str(path)])
    assert f"  {path}:4:4: game 2, round 1, Bob (seat 2): 'Bob R1': " in result.output


def test_a_long_line_after_the_last_game_is_reported(tmp_path: Path) -> None:
    data = GAME + b"x" * 200_000 + b"\n"
    assert (line_message(4, 200_001), NAME, 4, 1) in outcomes(data)
    path = tmp_path / "tail.ggn"
    path.write_bytes(data)
    assert CliRunner().invoke(app, ["validate", "--quiet", str(path)]).exit_code == 1


# -- games --------------------------------------------------------------------------------


def big_game(chars: int) -> bytes:
    """A game of about ``chars`` characters: comment lines of 99,000 bytes after its header."""
    line = b";" + b"c" * 98_998 + b"\n"
    return HEADER + line * (chars // len(line) + 1) + b"*\n"


def test_a_game_over_the_limit_is_skipped_and_the_next_is_read() -> None:
    data = GAME + big_game(MAX_GAME_CHARS) + GAME
    lines = data.count(b"\n")
    assert outcomes(data) == [
        parse_game(GAME.decode()),
        (game_message(4), NAME, 4, 1),
        parse_game(GAME.decode()),
    ]
    (*_, last) = read_games(io.BytesIO(data), name=NAME)
    assert isinstance(last, GameRecord)
    assert last.tags[0].line == lines - 2


def test_a_game_over_the_limit_is_said_where_it_starts_after_blank_lines() -> None:
    data = GAME + b"\n\n" + big_game(MAX_GAME_CHARS) + GAME
    assert outcomes(data)[1] == (game_message(6), NAME, 6, 1)  # lines 4 and 5 are blank


def test_a_game_just_under_the_limit_is_read() -> None:
    line = b";" + b"c" * 98_998 + b"\n"
    count = (MAX_GAME_CHARS - len(HEADER) - 2) // len(line)
    data = HEADER + line * count + b"*\n"
    assert len(data) <= MAX_GAME_CHARS
    (record,) = outcomes(data)
    assert isinstance(record, GameRecord)
    assert (
        len(record.comments) + len(record.termination.comments) + len(record.tags[0].comments)
        == count
    )


# -- memory -------------------------------------------------------------------------------

# The child's own peak: VmHWM belongs to the process image and starts afresh at exec, while
# ru_maxrss survives exec and so counts the parent's memory at fork (pytest's, 150 MB and more
# in a full run); ru_maxrss is the fallback where /proc is missing.
PEAK_FUNCTION = textwrap.dedent(
    """
    import resource

    def high_water_mark():
        try:
            with open("/proc/self/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            pass
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    """
)
CHILD = PEAK_FUNCTION + textwrap.dedent(
    """
    import json, sys
    from gargon_notation.notation import read_games
    from gargon_notation.errors import NotationError
    found = [
        [item.message, item.line] if isinstance(item, NotationError) else len(item.rounds)
        for item in read_games(sys.argv[1])
    ]
    peak = high_water_mark()
    print(json.dumps({"found": found, "peak": peak}))
    """
)
CLI_CHILD = PEAK_FUNCTION + textwrap.dedent(
    """
    import json, sys
    from gargon_notation.cli import run
    sys.argv = ["gargon", "validate", "--quiet", sys.argv[1]]
    try:
        run()
    except SystemExit as exit:
        code = exit.code
    peak = high_water_mark()
    print(json.dumps({"code": code, "peak": peak}), file=sys.stderr)
    """
)
# The readers peak at 25-50 MB here; one holding the 50 MB line whole (bytes, then text) at
# ~113 MB.  The issue asks for under ~150 MB; 100 MB also catches that naive reader.
PEAK = 100 * MB


def write_single_line(path: Path, size: int) -> None:
    """A game whose third line is a comment of ``size`` bytes (and its LF), then a game."""
    with path.open("wb") as handle:
        handle.write(HEADER + b"1. Ann R1, Bob pass 1, Cy pass 2\n;")
        block = b"x" * MB
        for _ in range(size // MB):
            handle.write(block)
        handle.write(b"\n*\n" + GAME)


def write_single_game(path: Path, size: int) -> None:
    """A game of ``size`` bytes of comment lines, then a game."""
    line = b";" + b"c" * 98_998 + b"\n"
    with path.open("wb") as handle:
        handle.write(HEADER)
        for _ in range(size // len(line)):
            handle.write(line)
        handle.write(b"*\n" + GAME)


@pytest.fixture(scope="module")
def huge_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    directory = tmp_path_factory.mktemp("huge")
    line, game = directory / "line.ggn", directory / "game.ggn"
    write_single_line(line, 50 * MB)
    write_single_game(game, 50 * MB)
    return {"line": line, "game": game}


def run_child(script: str, path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", script, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )


def test_a_50MB_line_is_read_in_bounded_memory(huge_files: dict[str, Path]) -> None:
    done = run_child(CHILD, huge_files["line"])
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["found"] == [[line_message(3, 50 * MB + 2), 3], 1]
    assert report["peak"] < PEAK


@pytest.mark.slow
def test_a_50MB_game_is_read_in_bounded_memory(huge_files: dict[str, Path]) -> None:
    done = run_child(CHILD, huge_files["game"])
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["found"] == [[game_message(1), 1], 1]
    assert report["peak"] < PEAK


@pytest.mark.parametrize("kind", [pytest.param("line", marks=pytest.mark.slow), "game"])
def test_gargon_validate_reads_50MB_in_bounded_memory(
    huge_files: dict[str, Path], kind: str
) -> None:
    done = run_child(CLI_CHILD, huge_files[kind])
    report = json.loads(done.stderr.strip().rsplit("\n", 1)[-1])
    assert report["code"] == 1
    assert "problem" in done.stdout
    assert done.stdout.rstrip("\n").endswith("2 games in 1 file: 1 valid, 1 invalid")
    assert report["peak"] < PEAK


# -- depth --------------------------------------------------------------------------------


NESTED = "invalid JSON: nested too deeply, over the limit of 200 levels of brackets"


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("[" * 100_000, 201),
        ('{"a": ' * 100_000, 6 * 200 + 1),
        ('{"format": "gargon-notation", "games": ' + "[" * 100_000, 39 + 200),
        ("[" * 201 + "]" * 201, 201),  # which Python reads: the limit is the reader's own
    ],
    ids=["arrays", "objects", "inside-a-document", "just-over"],
)
def test_deeply_nested_json_is_a_notation_error(text: str, column: int) -> None:
    """At the bracket that goes over the limit, which the message names (the place was the
    text's start, and the limit Python's recursion limit, unsaid)."""
    with pytest.raises(NotationError) as raised:
        jsonio.loads(text, "deep.json")
    assert (raised.value.message, raised.value.source) == (NESTED, "deep.json")
    assert (raised.value.line, raised.value.column) == (1, column)
    assert jsonio.too_deep("[" * 200 + "]" * 200) is None
    line = '{"tags": [' + "[" * 300 + "]" * 300 + "]}"
    (error,) = jsonio.loads_lines(line, "deep.jsonl")
    assert str(error) == f"deep.jsonl:1:{10 + 199}: {NESTED}"


@pytest.mark.parametrize("depth", [300, 100_000])
def test_deeply_nested_json_through_the_command(tmp_path: Path, depth: int) -> None:
    """The game nested too deeply is its error, at the bracket that goes over (its document
    and its list of games are two levels), and the next game is read."""
    path = tmp_path / "deep.json"
    head = '{"format": "gargon-notation", "version": 1, "games": ['
    path.write_text(head + "[" * depth + "]" * depth + ", {}]}", encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert f"  {path}:1:{55 + 198}: {NESTED}\n" in result.output
    assert f"{path}:1:{55 + 2 * depth + 2}: $.games[1]: missing field 'tags'" in result.output
    result = CliRunner().invoke(app, ["convert", str(path), "--to", "ggn"])
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:1:{55 + 198}: {NESTED}\n")
    path.write_text('{"games": [' + "[" * depth, encoding="utf-8")  # and cut short
    result = CliRunner().invoke(app, ["convert", str(path), "--to", "ggn"])
    assert result.exit_code == 1
    assert result.output == f"{path}:1:{12 + 198}: {NESTED}\n"
    path.write_text("[" * depth + "]" * depth, encoding="utf-8")  # at the top, over 65,536
    result = CliRunner().invoke(app, ["convert", str(path), "--to", "ggn"])
    assert result.exit_code == 1
    assert result.output == f"{path}:1:201: {NESTED}\n"


@pytest.mark.slow
def test_four_thousand_rounds() -> None:
    # Deep enough for any recursion limit, and under the item limit (MAX_GAME_ITEMS).
    rounds = "".join(f"{n}. Ann R1, Bob pass 1, Cy pass 2\n" for n in range(1, 4_001))
    text = HEADER.decode() + rounds + "*\n"
    record = parse_game(text, NAME)
    assert len(record.rounds) == 4_000
    assert parse_with_grammar(text, NAME, 1) == record
    assert write_game(record) == text
    (read,) = read_games(io.BytesIO(text.encode()), name=NAME)
    assert read == record
    found = [(p.code, p.line, p.column) for p in replay(record).problems]
    assert found[:2] == [("round-number", 3, 1), ("wrong-decision", 3, 4)]
    # After that the record is checked without the table: R1 is played again and again.
    assert {code for code, _, _ in found[2:]} == {"card-conservation"}
    assert len(found) == 50


@pytest.mark.slow
def test_forty_thousand_comments() -> None:
    text = HEADER.decode() + "1. Ann R1 {c}\n" + "{c}\n" * 39_999 + ", Bob pass 1, Cy pass 2\n*\n"
    record = parse_game(text, NAME)
    assert len(record.rounds[0].actions[0].comments) == 40_000
    assert parse_with_grammar(text, NAME, 1) == record
    written = write_game(record)
    assert parse_game(written) == record
    assert replay(record).problems == []


# -- time ---------------------------------------------------------------------------------

SLOW_CHILD = textwrap.dedent(
    """
    import sys
    from gargon_notation.notation import read_games
    for item in read_games(sys.argv[1]):
        print(item.message, item.line, item.column)
    """
)


def test_an_unclosed_run_of_braces_is_read_in_linear_time(tmp_path: Path) -> None:
    """tests/data/fuzz/unclosed-brace-run.ggn is the small form (1,000 braces) of this input."""
    path = tmp_path / "braces.ggn"
    path.write_bytes(HEADER + b"{" * 16_000 + b"\n" + (b"x" * 999 + b"\n") * 1_600 + b"*\n")
    try:
        done = subprocess.run(
            [sys.executable, "-c", SLOW_CHILD, str(path)],
            capture_output=True,
            text=True,
            timeout=4,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("reading a 1.6 MB game took more than 4 s")
    assert done.stdout == "this comment is never closed: '{' has no matching '}' 2 1\n"


# -- items per game (#9: memory per game bounded whatever its text) ----------------------


def test_a_game_of_too_many_items_is_an_error_and_the_next_is_read() -> None:
    from gargon_notation.notation import MAX_GAME_ITEMS, parse_games

    many = '[Players "Ann" "Bob" "Cy"]\n' + "{c} " * (MAX_GAME_ITEMS + 1) + "\n*\n"
    items = parse_games(many + '\n[Players "Ann" "Bob" "Cy"]\n*\n', source="many.ggn")
    assert [type(item).__name__ for item in items] == ["NotationError", "GameRecord"]
    assert str(items[0]).splitlines()[0] == (
        f"many.ggn:1:1: the game starting at line 1 holds over {MAX_GAME_ITEMS} items "
        "(cards, names, comments, ...); it is skipped"
    )


def test_a_game_of_too_many_items_is_said_where_it_starts_after_blank_lines() -> None:
    from gargon_notation.notation import MAX_GAME_ITEMS

    lines = ("{c} " * (MAX_GAME_ITEMS // 5) + "\n") * 6  # lines under their own limit
    many = '[Players "Ann" "Bob" "Cy"]\n' + lines + "*\n"
    data = GAME + b"\n\n" + many.encode()
    assert outcomes(data)[1] == (
        f"the game starting at line 6 holds over {MAX_GAME_ITEMS} items "
        "(cards, names, comments, ...); it is skipped",
        NAME,
        6,
        1,
    )


def test_a_game_just_under_the_item_limit_is_read() -> None:
    from gargon_notation.notation import MAX_GAME_ITEMS, parse_game

    text = '[Players "Ann" "Bob" "Cy"]\n' + "{c} " * (MAX_GAME_ITEMS - 10) + "\n*\n"
    record = parse_game(text)
    assert len(record.termination.comments) + len(record.tags[0].comments) > 0


def test_long_comments_are_few_items() -> None:
    from gargon_notation.notation import parse_game

    text = '[Players "Ann" "Bob" "Cy"]\n' + ("{" + "x " * 40_000 + "}\n") * 20 + "*\n"
    assert len(parse_game(text).tags[0].comments) == 20


@pytest.mark.parametrize(
    ("game", "said", "deep"),
    [
        ('{"tags": 5, "x": ' + "[" * 300 + "]" * 300 + "}", "10: $.tags: expected a list", 0),
        ('{"x": ' + "[" * 300 + "]" * 300 + ', "tags": 5}', f"{7 + 199}: {NESTED}", 1),
        ('{"tags": ' + "[" * 300 + "]" * 300 + "}", f"{10 + 199}: {NESTED}", 1),
    ],
    ids=["record-error-first", "nesting-first", "nesting-inside-the-wrong-value"],
)
def test_the_first_of_a_records_error_and_nesting_over_the_limit_is_said(
    tmp_path: Path, game: str, said: str, deep: int
) -> None:
    """A field nested over the limit that the reader does not use was said before the
    record's error earlier in the game; the error about a value holding it is still the
    nesting's (it may follow from it).  In a document the game is two levels deeper."""
    (error,) = jsonio.loads_lines(game, "deep.jsonl")
    assert str(error) == f"deep.jsonl:1:{said}"
    head = '{"format": "gargon-notation", "version": 1, "games": ['
    column, _, message = said.partition(": ")
    place = int(column) + len(head) - 2 * deep
    message = message.replace("$.", "$.games[0].")
    with pytest.raises(NotationError) as raised:
        jsonio.loads(head + game + "]}", "deep.json")
    assert str(raised.value) == f"deep.json:1:{place}: {message}"
    path = tmp_path / "deep.json"
    path.write_text(head + game + "]}", encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert f"  {path}:1:{place}: {message}\n" in result.output
