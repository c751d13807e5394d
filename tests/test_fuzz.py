"""Fuzzing the readers: records from the simulator, mutated, never escape the project's errors.

Base texts are simulated games (``simulate`` -> ``record_from_actions``, sometimes with
comments, the deal or each battle's winners written out) written by ``write_game``, alone or
several to a file.  The mutations: delete or swap tokens, swap two player names a few names
apart (as in a battle's winners and its draws), duplicate or delete a line, truncate, insert
random bytes or invalid UTF-8, replace a number by a huge one or a card by a near miss, insert
a 1 MB line, CRLF or lone-CR line ends, a byte-order mark.

For every mutated file:

- ``read_games`` yields only :class:`GameRecord` and :class:`NotationError`; every error names
  the file, a line >= 1 and a column >= 1.
- ``replay`` of every record returns; every problem has a line and column >= 1, except the one
  whole-record problem, a missing Players tag (code ``header``, line 0, column 0); a strict
  replay stops at the lenient one's first problem (code, message, line and column), which is
  the earliest in the text.
- ``validate_chunk`` over ``iter_chunks`` returns a verdict for each game, agreeing with the two
  above; ``parse_games`` on the decoded text returns.
- ``jsonio.loads`` of mutated JSON raises nothing but :class:`NotationError`.
- ``gargon validate`` on a few mutated files exits 0 or 1 without a traceback.

``tests/data/fuzz/`` keeps the inputs built by hand and the failures found (its README lists
them); every file there goes through the library and ``gargon validate``.  Known bugs are
``xfail(strict=True)`` with the input saved there.

Runtime: derandomized and a few hundred examples by default; ``GARGON_FUZZ=heavy`` runs
thousands of random examples (and keeps Hypothesis's database).
"""

from __future__ import annotations

import functools
import io
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import in_process
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from in_process import CliRunner

from gargon_notation import jsonio
from gargon_notation.bots import DEFAULT_NAMES, SimulatedGame, simulate
from gargon_notation.cli import app
from gargon_notation.errors import EncodingError, GargonError, NotationError
from gargon_notation.notation import (
    GameRecord,
    Tag,
    parse_game,
    parse_games,
    read_games,
    write_game,
)
from gargon_notation.notation.fast import Decline, parse_fast
from gargon_notation.notation.parser import parse_with_grammar
from gargon_notation.notation.stream import MAX_LINE_BYTES
from gargon_notation.records import record_from_actions, with_comments
from gargon_notation.replay import Problem, ReplayError, replay
from gargon_notation.validation import iter_chunks, validate_chunk

FUZZ = Path(__file__).resolve().parent / "data" / "fuzz"
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
NAME = "f.ggn"
NO_PLAYERS = 'the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])'


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples * 3 if HEAVY else max(examples // 25, 5),
        derandomize=not HEAVY,
        database=settings.default.database if HEAVY else None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# -- base texts ---------------------------------------------------------------------------


@functools.cache
def simulated_game(players: int, seed: int, bot: str) -> SimulatedGame:
    """One simulated game (cached: the simulator is the slow part)."""
    return simulate(players, f"fuzz-{seed}", bot)  # type: ignore[arg-type]


@functools.cache
def simulated_text(
    players: int, seed: int, bot: str, comments: bool, deal: bool, winners: bool = False
) -> str:
    """One simulated game as canonical text, with the deal and each battle's winners written
    out or not."""
    game = simulated_game(players, seed, bot)
    record = record_from_actions(
        game.deal,
        game.names,
        game.game.actions,
        start=game.start,
        tags=[Tag("Notation", ("1",))],
        seed=game.seed,
        write_deal=deal,
        winners=winners,
    )
    if comments:
        record = with_comments(record, f"fuzz-{seed}")
    return write_game(record)


@functools.cache
def simulated_record(
    players: int, seed: int, bot: str, comments: bool, deal: bool, winners: bool = False
) -> GameRecord:
    return parse_game(simulated_text(players, seed, bot, comments, deal, winners))


game_keys = st.tuples(
    st.integers(3, 5),
    st.integers(0, 7),
    st.sampled_from(["random", "greedy"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
base_texts = st.lists(game_keys, min_size=1, max_size=3).map(
    lambda keys: "\n".join(simulated_text(*key) for key in keys)
)


# -- mutations ----------------------------------------------------------------------------

TOKEN = re.compile(rb"\S+")
NUMBER = re.compile(rb"[0-9]+")
PLAYER = re.compile(rb"\b(?:" + b"|".join(name.encode() for name in DEFAULT_NAMES) + rb")\b")
CARD = re.compile(rb"(?<![\w?])[WBVYRGwbvyrg](?:1[0-5]|[0-9])(?![\w?])")
HUGE_NUMBERS = [b"1" + b"0" * 30, b"99999999999999999999", b"4294967296", b"1" * 400, b"0", b"00"]
NEAR_MISSES = [b"R16", b"Q3", b"r?", b"R01", b"X9", b"R-1", b"RR1", b"R?5", b"Y1O", b"?", b"W"]
INVALID_UTF8 = [
    b"\xff",  # never in UTF-8
    b"\x80",  # a lone continuation byte
    b"\xbf\xbf",
    b"\xc0\xaf",  # overlong '/'
    b"\xe0\x80\xaf",  # overlong, three bytes
    b"\xf0\x80\x80\xaf",  # overlong, four bytes
    b"\xed\xa0\x80",  # an encoded surrogate
    b"\xf4\x90\x80\x80",  # above U+10FFFF
    b"\xc3",  # a truncated sequence
]
ONE_MB_LINES = [b"x" * (1 << 20), b";" + b"y" * (1 << 20), b"{" + b"z" * (1 << 20) + b"}"]


def _spans(pattern: re.Pattern[bytes], data: bytes) -> list[tuple[int, int]]:
    return [match.span() for match in pattern.finditer(data)]


@st.composite
def mutation(draw: st.DrawFn) -> Callable[[bytes], bytes]:
    """One mutation, as a function of the bytes (its random choices drawn up front)."""
    kind = draw(
        st.sampled_from(
            [
                "delete-token",
                "swap-tokens",
                "swap-names",
                "duplicate-line",
                "delete-line",
                "truncate",
                "random-bytes",
                "invalid-utf8",
                "huge-number",
                "near-miss",
                "mb-line",
                "line-ends",
                "bom",
            ]
        )
    )
    a = draw(st.integers(0, 10**6))
    b = draw(st.integers(0, 10**6))
    blob = draw(st.binary(min_size=1, max_size=8))
    pick = draw(st.integers(0, 50))

    def apply(data: bytes) -> bytes:
        lines = data.split(b"\n")
        if kind in ("delete-token", "swap-tokens", "swap-names"):
            spans = _spans(PLAYER if kind == "swap-names" else TOKEN, data)
            if not spans:
                return data
            other = b % len(spans)
            if kind == "swap-names":  # a few names on: often a battle's winners and draws
                other = min(a % len(spans) + 1 + b % 4, len(spans) - 1)
            i, j = sorted((spans[a % len(spans)], spans[other]))
            if kind == "delete-token":
                return data[: i[0]] + data[i[1] :]
            if i == j:
                return data
            first, second = data[i[0] : i[1]], data[j[0] : j[1]]
            return data[: i[0]] + second + data[i[1] : j[0]] + first + data[j[1] :]
        if kind == "duplicate-line":
            k = a % len(lines)
            return b"\n".join([*lines[: k + 1], lines[k], *lines[k + 1 :]])
        if kind == "delete-line":
            k = a % len(lines)
            return b"\n".join(lines[:k] + lines[k + 1 :])
        if kind == "truncate":
            return data[: a % (len(data) + 1)]
        if kind in ("random-bytes", "invalid-utf8"):
            insert = blob if kind == "random-bytes" else INVALID_UTF8[pick % len(INVALID_UTF8)]
            k = a % (len(data) + 1)
            return data[:k] + insert + data[k:]
        if kind in ("huge-number", "near-miss"):
            pattern, choices = (
                (NUMBER, HUGE_NUMBERS) if kind == "huge-number" else (CARD, NEAR_MISSES)
            )
            spans = _spans(pattern, data)
            if not spans:
                return data
            start, end = spans[a % len(spans)]
            return data[:start] + choices[pick % len(choices)] + data[end:]
        if kind == "mb-line":
            k = a % len(lines)
            return b"\n".join([*lines[:k], ONE_MB_LINES[pick % len(ONE_MB_LINES)], *lines[k:]])
        if kind == "line-ends":
            return data.replace(b"\n", b"\r\n" if pick % 2 else b"\r")
        # A byte-order mark at the start (a second one: test_a_bom_inside_the_file_...).
        return data if data.startswith(b"\xef\xbb\xbf") else b"\xef\xbb\xbf" + data

    apply.__name__ = kind
    return apply


@st.composite
def mutated_files(draw: st.DrawFn, max_mutations: int = 3) -> bytes:
    data = draw(base_texts).encode("utf-8")
    for change in draw(st.lists(mutation(), min_size=1, max_size=max_mutations)):
        data = change(data)
    return data


# -- the checks ---------------------------------------------------------------------------


def check_problem(problem: Problem) -> None:
    """A problem is located (a missing Players tag where the header, or the game, starts)."""
    assert problem.source == NAME
    assert problem.line >= 1, problem
    assert problem.column >= 1, problem


def check_read(data: bytes) -> list[GameRecord | NotationError]:
    """(a) and (b): lenient reading and lenient and strict replays never raise."""
    items = list(read_games(io.BytesIO(data), name=NAME))
    for item in items:
        assert type(item) in (GameRecord, NotationError, EncodingError)
        if isinstance(item, NotationError):
            assert item.source == NAME
            assert item.line >= 1, item
            assert item.column >= 1, item
            continue
        assert item.source == NAME
        result = replay(item)
        for problem in result.problems:
            check_problem(problem)
        try:
            replay(item, strict=True)
        except ReplayError as error:
            first = result.problems[0]
            assert (
                error.problem.code,
                error.problem.message,
                error.problem.line,
                error.problem.column,
            ) == (first.code, first.message, first.line, first.column)
        else:
            assert result.problems == []
    return items


def check_validate(data: bytes, items: list[GameRecord | NotationError]) -> None:
    """(c): a verdict for every game, agreeing with read_games and replay."""
    chunks = list(iter_chunks(io.BytesIO(data), NAME))
    assert len(chunks) == len(items)
    for number, (chunk, item) in enumerate(zip(chunks, items, strict=True), start=1):
        verdict = validate_chunk(chunk, NAME, number)
        assert (verdict.source, verdict.game, verdict.line) == (NAME, number, chunk.line)
        assert chunk.first_line <= chunk.line < chunk.first_line + max(chunk.lines, 1)
        if isinstance(item, GameRecord):
            assert item.line == chunk.line
        assert verdict.valid == (not verdict.problems)
        if chunk.text.startswith("\ufeff"):
            continue  # a known bug: test_a_bom_inside_the_file_is_read_alike_by_read_games_...
        if isinstance(item, NotationError):
            assert not verdict.valid
            assert verdict.details[0]["code"] == "syntax"
            assert (verdict.details[0]["line"], verdict.details[0]["column"]) == (
                item.line,
                item.column,
            )
            assert verdict.messages == (str(item),)
        else:
            assert verdict.valid == replay(item).valid


def check_text(data: bytes) -> None:
    """(d): lenient parse_games on the decoded text never raises; its errors are located."""
    for item in parse_games(data.decode("utf-8", errors="replace")):
        if isinstance(item, NotationError):
            assert item.line >= 1, item
            assert item.column >= 1, item


@given(mutated_files())
@_settings(250)
def test_mutated_files_give_only_located_project_errors(data: bytes) -> None:
    items = check_read(data)
    check_validate(data, items)
    check_text(data)


@given(base_texts, st.lists(mutation(), min_size=1, max_size=6))
@_settings(60)
def test_many_mutations_at_once(text: str, changes: list[Callable[[bytes], bytes]]) -> None:
    data = text.encode("utf-8")
    for change in changes:
        data = change(data)
    check_validate(data, check_read(data))
    check_text(data)


@given(mutated_files())
@_settings(120)
def test_strict_reading_raises_the_first_lenient_error(data: bytes) -> None:
    lenient = list(read_games(io.BytesIO(data), name=NAME))
    errors = [item for item in lenient if isinstance(item, NotationError)]
    strict = read_games(io.BytesIO(data), name=NAME, strict=True)
    if not errors:
        assert list(strict) == lenient
        return
    with pytest.raises(NotationError) as raised:
        list(strict)
    first = errors[0]
    assert (raised.value.message, raised.value.line, raised.value.column) == (
        first.message,
        first.line,
        first.column,
    )


@pytest.mark.parametrize(
    ("players", "seed"), [(4, 1), (5, 3)] + ([(3, 2), (4, 6)] if HEAVY else [])
)
def test_every_two_names_swapped_in_a_battle_agree_strict_and_lenient(
    players: int, seed: int
) -> None:
    """Each fights line of a game whose winners are written, with two of its names (at most
    three names apart) swapped: a winner and a draw, two draws, two winners.  A strict replay
    stops at the lenient one's first problem, the earliest in the text (the random mutations
    reach such a pair rarely)."""
    text = simulated_text(players, seed, "greedy", False, False, True)
    data = text.encode("utf-8")
    swapped = 0
    for line in re.finditer(rb"^    fights .*$", data, re.MULTILINE):
        names = [match.span() for match in PLAYER.finditer(data, line.start(), line.end())]
        for k, (i, j) in enumerate(names):
            for m, n in names[k + 1 : k + 4]:
                if data[i:j] != data[m:n]:
                    check_read(data[:i] + data[m:n] + data[j:m] + data[i:j] + data[n:])
                    swapped += 1
    assert swapped >= 20


def _clean(data: bytes) -> bool:
    """UTF-8, no line over the limit, no lone CR (lone CRs: see test_encoding) and no NUL
    (binary data, whose byte offset only the bytes' reader can name)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    if b"\x00" in data:
        return False
    longest = max(len(line) + 1 for line in data.split(b"\n"))
    return longest <= MAX_LINE_BYTES and b"\r" not in data.replace(b"\r\n", b"")


@given(mutated_files())
@_settings(150)
def test_text_and_bytes_readers_agree_on_clean_input(data: bytes) -> None:
    if not _clean(data):
        return
    from_bytes = list(read_games(io.BytesIO(data), name=NAME))
    from_text = parse_games(data.decode("utf-8"), NAME)
    assert [_outcome(item) for item in from_text] == [_outcome(item) for item in from_bytes]


def _outcome(item: GameRecord | NotationError) -> object:
    if isinstance(item, NotationError):
        return (item.message, item.line, item.column, item.excerpt)
    return item


# -- JSON ---------------------------------------------------------------------------------

JSON_VALUES = [
    "null",
    "true",
    "false",
    "-1",
    "0",
    "1.5",
    "1e999",
    "NaN",
    "-Infinity",
    "99999999999999999999",
    "1" + "0" * 30,
    '"x"',
    '""',
    '"R16"',
    '"r?"',
    '"\\ud800"',
    '"\\u0000"',
    '"a\\nb"',
    '"\\r"',
    '"end"',
    '"}"',
    "[]",
    "{}",
    "[[]]",
    '{"a": 1}',
]
JSON_SCALAR = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+|true|false|null')


@functools.cache
def json_text(keys: tuple[tuple[int, int, str, bool, bool, bool], ...]) -> str:
    return jsonio.dumps([simulated_record(*key) for key in keys])


@st.composite
def mutated_json(draw: st.DrawFn) -> str:
    text = json_text(tuple(draw(st.lists(game_keys, min_size=1, max_size=2))))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "value", "truncate"]))
        k = draw(st.integers(0, 10**6))
        if kind == "delete" and text:
            k %= len(text)
            text = text[:k] + text[k + 1 :]
        elif kind == "insert":
            k %= len(text) + 1
            text = text[:k] + draw(st.sampled_from(list('{}[]",:0a\\-'))) + text[k:]
        elif kind == "truncate":
            text = text[: k % (len(text) + 1)]
        else:
            spans = [match.span() for match in JSON_SCALAR.finditer(text)]
            if spans:
                start, end = spans[k % len(spans)]
                text = text[:start] + draw(st.sampled_from(JSON_VALUES)) + text[end:]
    return text


@given(mutated_json())
@_settings(250)
def test_mutated_json_raises_only_notation_errors(text: str) -> None:
    try:
        records = jsonio.loads(text, "f.json")
    except NotationError as error:
        assert error.source == "f.json"
        if error.message.startswith("invalid JSON: "):
            assert error.line >= 1 or error.message == "invalid JSON: nested too deeply"
        else:
            assert error.message.startswith("$")  # the JSON path is the location
        return
    for record in records:
        for problem in replay(record).problems:
            assert problem.source == "f.json"


# -- the real command ---------------------------------------------------------------------


def run_validate(*paths: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gargon_notation", "validate", *map(str, paths)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )


@given(mutated_files(max_mutations=2))
@_settings(6)
def test_gargon_validate_on_mutated_files(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "mutated.ggn"
        path.write_bytes(data)
        # the command's entry point in this process (the real one reads the corpus below)
        done = in_process.gargon("validate", str(path), env={"COLUMNS": "200"})
    stdout, stderr = (text.decode("utf-8", errors="replace") for text in (done.stdout, done.stderr))
    items = list(read_games(io.BytesIO(data), name=NAME))
    valid = bool(items) and all(
        isinstance(item, GameRecord) and replay(item).valid for item in items
    )
    assert done.returncode == (0 if valid else 1), stderr
    assert "Traceback" not in stdout + stderr
    last = stdout.rstrip("\n").rsplit("\n", 1)[-1]
    assert last.startswith(f"{len(items)} game")


# -- hand-made inputs ---------------------------------------------------------------------

GAME = '[Players "Ann" "Bob" "Cy"]\n1. Ann R1, Bob pass 1, Cy pass 2\n*\n'
NOT_A_CARD = (
    "{!r} is not a card (a colour W B V Y R G and a value 0-15 like R14, or a colour or X and "
    "'?' like R? or X?)"
)


def _only(text: str) -> GameRecord | NotationError:
    (item,) = read_games(io.BytesIO(text.encode("utf-8")), name=NAME)
    return item


@pytest.mark.parametrize("card", ["R16", "Q3", "R01", "X9"])
def test_a_near_miss_card_is_a_located_error(card: str) -> None:
    error = _only(GAME.replace("R1,", f"{card},"))
    assert isinstance(error, NotationError)
    assert (error.message, error.line, error.column, error.excerpt) == (
        NOT_A_CARD.format(card),
        2,
        8,
        f"1. Ann {card}, Bob pass 1, Cy pass 2",
    )


def test_a_hidden_card_played_is_a_rule_problem() -> None:
    record = _only(GAME.replace("R1,", "r?,"))
    assert isinstance(record, GameRecord)
    assert [(p.code, p.message, p.line, p.column) for p in replay(record).problems] == [
        (
            "card-unknown",
            "Ann plays R?, but a played card must be named in full (such as R14)",
            2,
            4,
        )
    ]


def test_a_huge_round_number_is_a_located_syntax_error() -> None:
    """Both readers refuse numbers of more than nine digits, with the number's place."""
    error = _only(GAME.replace("1. Ann", f"{10**30}. Ann"))
    assert isinstance(error, NotationError)
    assert (error.message, error.line, error.column) == ("this number is too large", 2, 1)


def test_a_huge_notation_version_is_a_located_problem() -> None:
    record = _only('[Notation "99999999999999999999"]\n' + GAME)
    assert isinstance(record, GameRecord)
    assert [(p.code, p.message, p.line, p.column) for p in replay(record).problems] == [
        ("header", "this reader knows notation version 1, not 99999999999999999999", 1, 2)
    ]


def test_a_missing_players_tag_is_said_where_the_header_or_the_game_starts() -> None:
    record = _only("\n" + GAME.replace('[Players "Ann" "Bob" "Cy"]\n', '[Event "x"]\n'))
    assert isinstance(record, GameRecord)
    problems = replay(record).problems
    assert [(p.code, p.message, p.line, p.column) for p in problems] == [
        ("header", NO_PLAYERS, 2, 2)
    ]
    untagged = _only("\n{no tags}\n" + GAME.replace('[Players "Ann" "Bob" "Cy"]\n', ""))
    assert isinstance(untagged, GameRecord)
    problems = replay(untagged).problems
    assert [(p.code, p.message, p.line, p.column) for p in problems] == [
        ("header", NO_PLAYERS, 2, 1)
    ]


def test_truncated_game_is_a_located_error() -> None:
    error = _only(GAME[:40])
    assert isinstance(error, NotationError)
    assert (error.message, error.line, error.column) == (
        "expected a card like R14, or 'pass', not the end of the text",
        2,
        14,
    )


def _replay_outcome(text: str) -> list[tuple[str, str, int]]:
    record = parse_game(text, NAME)
    return [(p.code, p.message, p.line) for p in replay(record).problems]


# Found by this suite and since fixed: str.isdigit() takes '²' for a digit, int() does not.
@pytest.mark.parametrize("tag", ["Notation", "ZeroPair"])
def test_a_superscript_digit_in_a_number_tag_is_a_header_problem(tag: str) -> None:
    text = f'[{tag} "²"]\n' + GAME
    message = {
        "Notation": "the Notation version is a whole number, not '²'",
        "ZeroPair": "ZeroPair is a whole number from 1 to 999999999, not '²'",
    }[tag]
    assert _replay_outcome(text) == [("header", message, 1)]


@pytest.mark.parametrize("tag", ["Notation", "ZeroPair"])
def test_a_5000_digit_number_tag_is_a_header_problem(tag: str) -> None:
    text = f'[{tag} "{"9" * 5000}"]\n' + GAME
    problems = _replay_outcome(text)
    assert [(code, line) for code, _, line in problems] == [("header", 1)]


def test_a_5000_digit_json_number_is_a_notation_error() -> None:
    text = (FUZZ / "json-5000-digit-version.json").read_text(encoding="utf-8")
    with pytest.raises(NotationError) as raised:
        jsonio.loads(text, "f.json")
    assert raised.value.source == "f.json"
    assert raised.value.message.startswith("invalid JSON: ")


def _reader_outcome(reader: Callable[[str, str, int], GameRecord], text: str) -> object:
    try:
        return reader(text, NAME, 1)
    except NotationError as error:
        return (error.message, error.line, error.column)


@pytest.mark.parametrize(
    "text",
    [
        GAME.replace("1. Ann", "1234567890. Ann"),
        GAME.replace("R1,", "R1 $99999999999999999999,"),
        GAME.replace("*\n", "end Ann 99999999999999999999\n"),
    ],
    ids=["round", "nag", "score"],
)
def test_both_readers_agree_on_long_numbers(text: str) -> None:
    try:
        fast: object = _reader_outcome(parse_fast, text)
    except Decline:
        fast = "declined"
    grammar = _reader_outcome(parse_with_grammar, text)
    assert fast in ("declined", grammar)


def test_a_tag_named_end_does_not_end_the_game() -> None:
    text = (FUZZ / "tag-named-end.ggn").read_text(encoding="utf-8")
    record = parse_game(text, NAME)
    assert [tag.name for tag in record.tags] == ["Players", "end"]
    assert parse_games(text, NAME) == [record]
    assert list(read_games(FUZZ / "tag-named-end.ggn")) == [record]


@pytest.mark.parametrize(
    "name", ["double-bom.ggn", "second-game-with-bom.ggn", "bom-line-between-games.ggn"]
)
def test_a_bom_inside_the_file_is_read_alike_by_read_games_and_validate(name: str) -> None:
    data = (FUZZ / name).read_bytes()
    items = list(read_games(io.BytesIO(data), name=NAME))
    verdicts = [
        validate_chunk(chunk, NAME, number)
        for number, chunk in enumerate(iter_chunks(io.BytesIO(data), NAME), start=1)
    ]
    assert [isinstance(item, GameRecord) for item in items] == [v.valid for v in verdicts]
    assert [(item.line, item.column) for item in items if isinstance(item, NotationError)] == [
        (v.details[0]["line"], v.details[0]["column"]) for v in verdicts if not v.valid
    ]


@pytest.mark.parametrize("text", ["", "\n", "\n\n"], ids=["empty", "LF", "2LF"])
def test_an_empty_game_text_is_placed_at_first_line(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_game(text, NAME, first_line=66)
    assert raised.value.line == 66


# -- the regression corpus ----------------------------------------------------------------

CORPUS = sorted(path for path in FUZZ.iterdir() if path.suffix in (".ggn", ".json"))
KNOWN_BUGS: dict[str, str] = {}


def _corpus_params() -> list[object]:
    return [
        pytest.param(
            path,
            id=path.name,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[path.name])]
            if path.name in KNOWN_BUGS
            else [],
        )
        for path in CORPUS
    ]


def cli_validate(path: Path) -> tuple[int, str]:
    """``gargon validate PATH`` in this process: the exit code and the output.

    A GargonError escaping the app is exit 1 (the ``gargon`` entry point turns it into that);
    any other exception fails the test.
    """
    result = CliRunner().invoke(app, ["validate", str(path)], catch_exceptions=True)
    if isinstance(result.exception, GargonError):
        return 1, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_the_corpus_is_there() -> None:
    assert len(CORPUS) >= 25
    assert set(KNOWN_BUGS) <= {path.name for path in CORPUS}


@pytest.mark.parametrize("path", _corpus_params())
def test_corpus_file_is_handled(path: Path) -> None:
    data = path.read_bytes()
    if path.suffix == ".json":
        try:
            records = jsonio.loads(data.decode("utf-8-sig"), path.name)
        except (NotationError, UnicodeDecodeError):
            records = []
        for record in records:
            replay(record)
    else:
        check_validate(data, check_read(data))
        check_text(data)
    code, output = cli_validate(path)
    assert code in (0, 1, 2), output
    assert "Traceback" not in output


def test_gargon_validate_reads_the_whole_corpus_in_one_run() -> None:
    """The real command, once over every corpus file but the known bugs: no traceback, and a
    summary counting every file."""
    paths = [path for path in CORPUS if path.name not in KNOWN_BUGS]
    done = run_validate(*paths)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    summary = done.stdout.rstrip("\n").rsplit("\n", 1)[-1]
    assert re.fullmatch(
        rf"\d+ games in {len(paths)} files: \d+ valid, \d+ invalid(; \d+ files? without a game)?",
        summary,
    )
