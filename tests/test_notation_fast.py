"""The fast reader alone: it reads what the grammar reads, alike, or declines; nothing else.

:func:`parse_fast` is run by itself (not through the dispatcher, which would hide its
failures) over every example, every file under ``tests/data`` (valid and invalid cases, the
fuzz corpus), generated records, damaged records, mutated files and token soup.  For each
game it must either raise :class:`Decline` or return the grammar reader's record, positions
and source included; any other exception fails the test.

The dispatcher's handling of a slip (any other exception) is tested by injecting one.
"""

from __future__ import annotations

import io
import itertools
import os
import re
from pathlib import Path
from typing import Any, NoReturn

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_strategies import games

from gargon_notation.errors import NotationError
from gargon_notation.notation import (
    GameRecord,
    fast,
    parse_game,
    parse_games,
    read_tags,
    write_game,
)
from gargon_notation.notation.fast import STRICT_ENV, Decline, FastReaderWarning, parse_fast
from gargon_notation.notation.parser import parse_with_grammar
from gargon_notation.notation.stream import decode_lines, split_games

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(
    [*(ROOT / "examples").glob("*.ggn"), *(ROOT / "tests" / "data").rglob("*.ggn")],
    key=lambda path: str(path.relative_to(ROOT)),
)
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"


def _n(examples: int) -> int:
    """Examples for a test: a fortieth by default (the suite runs in 90 s), as many with
    ``GARGON_FUZZ=heavy`` (.ci/run, which must fit in its time too)."""
    return examples if HEAVY else max(examples // 40, 6)


SETTINGS = settings(
    max_examples=_n(300),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(autouse=True)
def _strict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slip of the fast reader is an error here, whatever the environment says."""
    monkeypatch.setenv(STRICT_ENV, "1")


def positions(element: object, path: str = "game") -> list[tuple[str, int, int]]:
    """Every (path, line, column) in a record (the record's own line with column 0)."""
    found: list[tuple[str, int, int]] = []
    cls: Any = type(element)
    if attrs.has(cls):
        names = {field.name for field in attrs.fields(cls)}
        if "line" in names:
            found.append((path, getattr(element, "line"), getattr(element, "column", 0)))  # noqa: B009
        for field in attrs.fields(cls):
            value = getattr(element, field.name)
            if isinstance(value, tuple):
                for index, item in enumerate(value):
                    found += positions(item, f"{path}.{field.name}[{index}]")
            elif attrs.has(type(value)):
                found += positions(value, f"{path}.{field.name}")
    return found


def check(text: str, source: str = "<string>", first_line: int = 1) -> GameRecord | None:
    """The fast reader's record for one game's text (None: declined), checked against the
    grammar reader's.  Any exception but :class:`Decline` escapes and fails the test."""
    try:
        record = parse_fast(text, source, first_line)
    except Decline:
        return None
    assert type(record) is GameRecord
    try:
        reference = parse_with_grammar(text, source, first_line)
    except NotationError as error:
        pytest.fail(f"the fast reader read text that the grammar rejects ({error}): {text!r}")
    assert record == reference, text
    assert positions(record) == positions(reference), text
    assert record.source == reference.source == source
    return record


def check_file(data: bytes, name: str = "f.ggn") -> list[GameRecord | None]:
    """:func:`check` on every game of a file, cut as the readers cut it."""
    results: list[GameRecord | None] = []
    for chunk in split_games(decode_lines(io.BytesIO(data), name), name):
        if chunk.error is None:
            results.append(check(chunk.text, name, chunk.first_line))
    return results


def normalised(text: str) -> str:
    """Line ends as the readers hand text to the fast reader (LF only)."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


# ---- every file we have ---------------------------------------------------------------


def test_the_files_are_there() -> None:
    assert len([path for path in FILES if path.parent.name == "examples"]) >= 5
    assert len([path for path in FILES if path.parent.name == "fuzz"]) >= 25
    assert len([path for path in FILES if "invalid" in path.parts]) >= 50


@pytest.mark.parametrize("path", FILES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_is_read_alike_or_declined(path: Path) -> None:
    check_file(path.read_bytes(), path.name)


def test_a_game_starts_on_its_first_line_that_is_not_blank() -> None:
    data = (ROOT / "examples" / "club-night.ggn").read_bytes()
    chunks = list(split_games(decode_lines(io.BytesIO(data), "c.ggn"), "c.ggn"))
    # Game 2 holds the blank line 39 and its comment on line 40; game 3 the blank line 66.
    assert [(chunk.first_line, chunk.line) for chunk in chunks] == [(1, 1), (39, 40), (66, 67)]
    for chunk in chunks:
        fast_record = parse_fast(chunk.text, "c.ggn", chunk.first_line)
        assert fast_record.line == parse_with_grammar(chunk.text, "c.ggn", chunk.first_line).line
        assert fast_record.line == chunk.line
    untagged = '\n \t\n[Players "A" "B" "C"]\n*\n'
    assert parse_fast(untagged, first_line=10).line == 12
    assert parse_with_grammar(untagged, first_line=10).line == 12


def test_the_usual_layout_is_not_declined() -> None:
    """Every game of the examples and valid records written in canonical form takes the fast
    path, whole."""
    canonical = 0
    for path in FILES:
        if path.parent.name != "examples" and "valid" not in path.parts:
            continue
        for chunk in split_games(decode_lines(io.BytesIO(path.read_bytes()), path.name)):
            if write_game(parse_with_grammar(chunk.text)) == chunk.text.lstrip("\n"):
                canonical += 1
                assert check(chunk.text, path.name, chunk.first_line) is not None, path.name
    assert canonical >= 5


# ---- generated and damaged text -------------------------------------------------------


@SETTINGS
@given(games())
def test_generated_records_are_read_alike_or_declined(record: GameRecord) -> None:
    text = write_game(record)
    assert check(text) in (None, record)
    check(text, "g.ggn", first_line=7)


_NOISE = st.sampled_from(
    [*'RGBXrgx?!,:;{}()[]>-*$"12 \t\n.0e\\=', "pass", "end", "fights", "forgot", "R?", "\ufeff"]
)


@settings(SETTINGS, max_examples=_n(500))
@given(games(max_rounds=2), st.data())
def test_damaged_records_are_read_alike_or_declined(
    record: GameRecord, data: st.DataObject
) -> None:
    text = write_game(record)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + data.draw(_NOISE) + text[at:]
        else:
            text = text[:at] + text[at + data.draw(st.integers(1, 3)) :]
    check(text)


@settings(SETTINGS, max_examples=_n(300))
@given(games(max_rounds=2), st.integers(0, 10**6))
def test_truncated_records_are_read_alike_or_declined(record: GameRecord, cut: int) -> None:
    text = write_game(record)
    check(text[: cut % (len(text) + 1)])


_TOKENS = st.sampled_from(
    [
        "1.",
        "2.",
        "12.",
        "0.",
        "Adam",
        "Bernd",
        '"Anna Lena"',
        '""',
        "R9",
        "r14",
        "G?",
        "x?",
        "R16",
        "Y",
        "g",
        "pass",
        "fights",
        "forgot",
        "end",
        "deal",
        "pile",
        "1",
        "2",
        "3",
        "1:R?",
        "2:Y7",
        "1:",
        ":",
        ",",
        ">",
        "-",
        "(",
        ")",
        "[",
        "]",
        "*",
        "!",
        "?",
        "!?",
        "$1",
        "$",
        "{c}",
        "{=a}",
        "{",
        "}",
        ";x",
        "Event",
        '"v"',
        "pa\u017fs",
        "f\u0131ghts",
        "\u0130",
        "9999999999",
    ]
)
_BLANKS = st.sampled_from(["", " ", " ", " ", "  ", "\t", "\n", "\n    ", ", "])


@st.composite
def token_soup(draw: st.DrawFn) -> str:
    """Notation-like text: tokens in any order, with any blanks."""
    parts = []
    for token in draw(st.lists(_TOKENS, max_size=30)):
        parts += [token, draw(_BLANKS)]
    return "".join(parts)


@settings(SETTINGS, max_examples=_n(1000))
@given(token_soup())
def test_token_soup_is_read_alike_or_declined(text: str) -> None:
    check(text)


@settings(SETTINGS, max_examples=_n(300))
@given(games(max_rounds=2), st.lists(st.tuples(st.integers(0, 10**6), _TOKENS), max_size=3))
def test_records_with_tokens_inserted_are_read_alike_or_declined(
    record: GameRecord, inserts: list[tuple[int, str]]
) -> None:
    text = write_game(record)
    for at, token in inserts:
        at %= len(text) + 1
        text = text[:at] + token + text[at:]
    check(text)


@settings(SETTINGS, max_examples=_n(200))
@given(st.text(max_size=60))
def test_any_text_is_read_alike_or_declined(text: str) -> None:
    check(normalised(text))


def _mutated_files() -> st.SearchStrategy[bytes]:
    from test_fuzz import mutated_files  # the fuzz suite's mutations of simulated games

    return mutated_files()


@settings(SETTINGS, max_examples=_n(150))
@given(_mutated_files())
def test_mutated_files_are_read_alike_or_declined(data: bytes) -> None:
    check_file(data)


# ---- cases found by these tests -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1. Adam R1\n    fights",  # the text ends where a colour is due
        "1. Adam R1 fights",
        "1. Adam R1\n    fights G?",
        "1. Adam R1 {a\rb}\n*\n",  # not normalised: a CR inside a comment
        '[Event "a\rb"]\n*\n',
        "1. Adam R1 ;a\rb\n*\n",
        "[Event",
        "deal",
        "1. Adam pass 1:",
        "end Adam",
        "end Adam 9999999999",
        "1. 9999999999. Adam R1\n*\n",
    ],
)
def test_edge_cases_are_declined_or_read_alike(text: str) -> None:
    check(text)


@pytest.mark.parametrize(
    "text",
    [
        "1. pa\u017fs R1\n*\n",  # a long s: the keyword pass to the grammar
        "1. Adam R1, f\u0131ghts R2\n*\n",  # a dotless i: the keyword fights
        "1. Adam R1\n    fights R > pa\u017fs\n*\n",
        "deal pa\u017fs: R1\n*\n",
        "1. Adam R1 {x}, pa\u017fs R2 {y}\n*\n",
        "end pa\u017fs 3\n",
        "p\u0131le 1: R1\n*\n",  # a dotless i: the keyword pile
        "1. Adam R1, p\u0131le R2\n*\n",
        "1. Adam R1, Bob pa\u017fs 1\n*\n",
    ],
)
def test_names_that_only_python_calls_bare_are_not_names(text: str) -> None:
    """A keyword spelled with a letter that equals an ASCII one without regard to case is no
    bare name to the grammar (``re`` compares case so); the fast reader must not accept it."""
    with pytest.raises(NotationError):
        parse_with_grammar(text)
    assert check(text) is None
    with pytest.raises(NotationError):
        parse_game(text)


# ---- slips: the dispatcher makes them visible -----------------------------------------

GAME = '[Players "Ann" "Bob" "Cy"]\n1. Ann R1, Bob pass 1, Cy pass 2\n*\n'


def _slip(*args: object) -> NoReturn:
    raise KeyError("an injected slip")


def test_a_slip_escapes_the_fast_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast._Reader, "termination", _slip)
    with pytest.raises(KeyError, match="an injected slip"):
        parse_fast(GAME)


def test_under_the_strict_switch_a_slip_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast._Reader, "termination", _slip)
    with pytest.raises(KeyError, match="an injected slip"):
        parse_game(GAME)
    with pytest.raises(KeyError, match="an injected slip"):
        parse_games(GAME + GAME)


@pytest.mark.parametrize("value", [None, "", "0"])
def test_otherwise_a_slip_is_a_warning_and_the_grammar_reads(
    monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv(STRICT_ENV)
    else:
        monkeypatch.setenv(STRICT_ENV, value)
    expected = parse_with_grammar(GAME, "f.ggn", 3)
    monkeypatch.setattr(fast._Reader, "termination", _slip)
    with pytest.warns(FastReaderWarning) as caught:
        record = parse_game(GAME, "f.ggn", first_line=3)
    assert record == expected
    assert positions(record) == positions(expected)
    (warning,) = caught
    message = str(warning.message)
    assert "f.ggn:3" in message and "KeyError" in message and STRICT_ENV in message


def test_a_decline_is_neither_an_error_nor_a_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    def decline(*args: object) -> None:
        raise Decline

    monkeypatch.setattr(fast._Reader, "termination", decline)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert parse_game(GAME) == parse_with_grammar(GAME)


def test_the_fast_reader_raises_nothing_but_decline_by_itself() -> None:
    """No blanket ``except`` turns a slip into a Decline: the source says so, too."""
    modules = sorted(Path(fast.__file__).parent.glob("*.py"))
    assert len(modules) > 1
    blanket = re.compile(r"except\s+(Exception|BaseException)\b|except\s*:")
    for module in modules:
        assert blanket.search(module.read_text(encoding="utf-8")) is None, module.name


# ---- lines read whole: tags, the end, colours fought alone ---------------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ('[Event "x"]\n[Players "A" "B" "C"]\n1. A R1\n*\n', True),
        ('[Event "x"]\n{about it}\n; and more\n[Players "A" "B" "C"]\n*\n', True),
        ('[Players "A b" "C\\"d" "e"]\n*', True),
        ('[R1 "x"]\n*\n', False),  # a tag named like a card: the grammar decides
        ('[R1a "x"]\n*\n', True),
        ('[Event "x"] {same line}\n*\n', True),
        ('[Event  "x"]\n[Round "2"]\n*\n', True),
        ("1. Adam R1\n    fights R\nend Adam 3, Bob 0017\n", True),
        ("1. Adam R1\n    fights R\nend Adam 3\n{after the end}\n", True),
        ("1. Adam R1\n    fights R\nend\n", True),
        ("1. Adam R1\n    fights R\nend W1 3\n", False),
        ('1. Adam R1\n    fights R\nend "A b" 3, Bob 2\n', True),
        ("1. Adam R1, Bob r2\n    fights r, B!, Y (Adam 1), G\n*\n", True),
        ("1. Adam R1\n    fights R {why}\n*\n", True),
        ("1. Adam R1\n    fights R,Y\n*\n", True),  # not the usual layout: token by token
    ],
)
def test_lines_read_whole_are_read_as_token_by_token(text: str, read: bool) -> None:
    """Tag lines, the end line and colours fought alone are read in one step each; what
    they read is what the grammar reads, positions and comments included."""
    assert (check(text) is not None) is read


def test_comments_after_a_tag_line_belong_to_that_tag() -> None:
    record = check('[Event "x"]\n{one}\n[Site "y"]\n*\n')
    assert record is not None
    assert [c.text for c in record.tags[0].comments] == ["one"]
    assert record.tags[1].comments == ()
    assert (record.tags[1].line, record.tags[1].column) == (3, 2)


# ---- plain lines: cut with str.split, not matched -------------------------------------


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "1. Adam R1 y2, Bob pass 1 2:R?, Cy pass\n"
            "    fights R (Adam 1, Bob forgot), Y, g (Cy 2:x?)\n*\n",
            True,
        ),
        ("1. Adam R1, Bob pass \n*\n", True),
        ("1. Adam R1!, Bob pass 1 $2\n    fights R {why}, Y (Adam 1!)\n*\n", True),
        ("1. Adam R1,  Bob R2\n*\n", True),
        ("1. Adam R1\tR2\n*\n", True),
        ("1. Adam R1\n    fights R > Adam (Adam 1)\n*\n", True),
        ("1. pass R1\n*\n", False),
        ("1. Adam R16\n*\n", False),
        ("1. Adam passR1\n*\n", False),
        ("1. Adam R1\n    fights R (Adam 1))\n*\n", False),
        ("1. Adam R1\n    fights R (Adam 3)\n*\n", False),
        ("1. Adam R1\n    fights R (Adam 1, )\n*\n", False),
        ("1. Adam R1\n    fights R (Adam 1), (Bob 2)\n*\n", False),
        ('[Event "a]b"]\n[R1a "x"]\n*\n', True),
        ('[Event "a]b"]\n[R1 "x"]\n*\n', False),
        ('[Event "a\\"b"]\n[Players "A" "B" "C"]\n*\n', True),
        ('[Event "x"]\n\n\n*', True),
        ('[Event"x"]\n*\n', True),
        ("*\n{after}\n", True),
        ("1. Adam R1\n*\n2. Adam R2\n*\n", False),
    ],
)
def test_plain_lines_are_read_as_their_patterns_read_them(text: str, read: bool) -> None:
    """Round, battle and tag lines without annotations are cut at blanks and commas; what
    they give is what the grammar reads (positions included), and anything else on them
    sends them to the patterns."""
    assert (check(text) is not None) is read


def test_a_plain_game_needs_no_pattern_compiled_on_demand() -> None:
    fast._compiled.cache_clear()
    text = (
        '[Event "x"]\n[Players "Adam" "Bob" "Cy"]\n\n'
        "1. Adam R1 Y2, Bob pass 1 2:R?, Cy pass\n    fights R (Adam 1, Bob forgot), Y\n"
        "end Adam 3, Bob 0, Cy 1\n"
    )
    assert check(text) is not None
    assert fast._compiled.cache_info().currsize == 0
    assert check(text.replace("Y2,", "Y2!,")) is not None  # an annotated line: a pattern
    assert fast._compiled.cache_info().currsize == 1
    assert fast.TOKEN.match("R1 R2").lastgroup == "cards"  # type: ignore[union-attr]


_HEADER_PIECES: tuple[tuple[str, str], ...] = (
    ("tag", '[{name} "x"]'),
    ("tag", '{c} [{name} "x"]'),
    ("tag", '[{name} "x"] {a\n1. b}'),
    ("tag", '[{name} "x"] ; c'),
    ("tag", '{a\nb} [{name} "x"]'),
    ("comment", "{a\n1. b}"),
    ("comment", "{a\n* b}"),
    ("comment", "{a\n[b]}"),
    ("comment", "{a\nend b}"),
    ("comment", "; c {"),
    ("comment", ""),
    ("stray", "# x"),
    ("stray", "* x"),
    ("stray", "* {c} x"),
    ("stray", "{c} x"),
    ("stray", "{a\nb} x"),
)
"""Lines among a game's tags: a tag (``{name}`` filled in), comments, or a stray line."""


HEADER_SECONDS = {0, 4, 6, 11, 15}
"""The second lines of the default run (every line is first and third in each): tags, a
comment, stray lines, with and without a comment over two lines; the heavy profile's all."""


@pytest.mark.parametrize(
    "second",
    [
        pytest.param(second, marks=() if second in HEADER_SECONDS else pytest.mark.slow)
        for second in range(len(_HEADER_PIECES))
    ],
)
def test_the_header_scan_reads_the_lines_as_the_splitter_does(second: int) -> None:
    """For any two or three of these lines after a game's first tag: the splitter makes one
    game of them; the header scan gives the tags when no stray line comes before a tag (the
    tags before a stray line, or the game's error, when no tag follows it), and never
    without the game's error when a tag follows a stray line."""
    for first, third in itertools.product(range(len(_HEADER_PIECES)), repeat=2):
        pieces = [_HEADER_PIECES[first], _HEADER_PIECES[second], _HEADER_PIECES[third]]
        lines = ['[Event "a"]']
        names = ["Event"]
        strayed = tag_after_stray = False
        for index, (kind, written) in enumerate(pieces):
            name = f"T{index}"
            lines.append(written.replace("{name}", name))
            if kind == "tag":
                names.append(name)
                tag_after_stray = tag_after_stray or strayed
            strayed = strayed or kind == "stray"
        text = "\n".join(lines) + "\n1. A R1\n*\n"
        chunks = list(split_games(decode_lines(io.BytesIO(text.encode()), "t.ggn"), "t.ggn"))
        assert [chunk.text for chunk in chunks] == [text]
        try:
            tags = [tag.name for tag in read_tags(text, "t.ggn")]
        except NotationError:
            assert strayed, text
        else:
            assert not tag_after_stray, text
            assert tags == names, text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Event "a"]\n# Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n', (2, 1, "not '#'")),
        ('[Event "a"] Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n', (1, 13, "not 'Thursday'")),
        ('[Event "a\rb"]\n[Players "A" "B" "C"]\n1. A R1\n*\n', (1, 8, "not closed on its line")),
        ('[Event "a"]\n[Players "A" "B" "C"]\nThursday\n1. A R99\n*\n', ["Event", "Players"]),
        ('[Event "a"] Thursday\n1. A R99\n*\n', ["Event"]),
        ('[Event "a"]\n\n[Players "A" "B" "C"]\n  1. A R99\n*\n', ["Event", "Players"]),
        ('[Event "a"]\n[Players "A"\n"B" "C"]\n1. A R1\n*\n', ["Event", "Players"]),
        ('[Event "a"]\n[Players "A" "B" "C"] 1. A R99 *\n', ["Event", "Players"]),
        ('[Event "a"]\n* Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n', (2, 3, "not 'Thursday'")),
        ('[Event "a"]\n* Thursday\n1. A R99\n*\n', ["Event"]),
        ('[Event "a"]\n[Players "A" "B" "C"]\n* {a note}\n', ["Event", "Players"]),
        ('[Event "a"]\n# x\n{c} [Players "A" "B" "C"]\n1. A R1\n*\n', (2, 1, "not '#'")),
        ('[Event "a"]\n# x\n{a\n1. b}\n[Players "A" "B" "C"]\n1. A R1\n*\n', (2, 1, "not '#'")),
        ('[Event "a"]\n* {c} x\n[Players "A" "B" "C"]\n1. A R1\n*\n', (2, 7, "not 'x'")),
        ('[Event "a"]\n# x\n{a\n[b]}\n1. A R99\n*\n', ["Event"]),
        ('[Event "a"]\n[Players "A" "B" "C"]\n{c} 1. A R99\n*\n', ["Event", "Players"]),
    ],
    ids=[
        "stray-line-then-a-tag",
        "text-after-a-tag-then-a-tag",
        "lone-cr-in-a-value",
        "stray-line-after-the-tags",
        "text-after-the-last-tag",
        "blank-line-between-tags",
        "tag-over-two-lines",
        "rounds-on-the-tag-line",
        "star-note-then-a-tag",
        "star-note-after-the-tags",
        "star-with-a-comment-is-the-ending",
        "stray-line-then-a-comment-and-a-tag",
        "stray-line-then-a-round-in-a-comment-then-a-tag",
        "star-then-a-comment-and-a-note",
        "stray-line-then-a-tag-in-a-comment",
        "a-comment-then-the-rounds",
    ],
)
def test_the_header_scan_gives_every_tag_of_the_game_or_its_error(
    text: str, expected: tuple[int, int, str] | list[str]
) -> None:
    """read_tags reads the lines before the movetext only, as the splitter cuts a game
    (docs/notation.md 11.1): tags after a stray line are the game's too, so the scan never
    gives the tags before it alone; a header without such tags gives its tags whatever
    follows, as before."""
    if isinstance(expected, list):
        assert [tag.name for tag in read_tags(text, "t.ggn")] == expected
        return
    line, column, words = expected
    with pytest.raises(Decline):
        fast.parse_header(text.replace("\r", "\n"))
    with pytest.raises(NotationError) as caught:
        read_tags(text, "t.ggn")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message
