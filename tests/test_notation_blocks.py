"""The splitter's fast path (``gargon_notation.notation.blocks``): whole games of plain shape
found in blocks of text give exactly the chunks, and ``split_raw`` exactly the bytes, that
reading the same stream line by line gives, whatever the stream.

The comparison runs on real records (the examples, simulated games with and without
comments, with quoted names) cut and damaged at random; ``GARGON_FUZZ=heavy`` runs many more
examples and every block size.
"""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gargon_notation.bots import simulate
from gargon_notation.errors import NotationError
from gargon_notation.notation import blocks, lines, stream, write_games
from gargon_notation.records import record_from_simulation, with_comments

ROOT = Path(__file__).resolve().parents[1]
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
EXAMPLES = {path.name: path.read_bytes() for path in sorted((ROOT / "examples").glob("*.ggn"))}


def _simulated(count: int, comments: bool, deal: bool = False) -> bytes:
    records = []
    for number in range(count):
        record = record_from_simulation(simulate(3 + number % 3, f"b{number}"), write_deal=deal)
        records.append(with_comments(record, f"b{number}") if comments else record)
    return write_games(records).encode("utf-8")


@functools.cache
def plain() -> bytes:
    """Four simulated games (made when a test first needs them, not as the tests are
    collected: every worker collects every file)."""
    return _simulated(4, comments=False)


@functools.cache
def commented() -> bytes:
    return _simulated(4, comments=True, deal=True)


def names() -> bytes:
    return plain().replace(b"Adam", b"Adam Zed").replace(b" Adam Zed ", b' "Adam Zed" ')


def sources() -> list[bytes]:
    return [*EXAMPLES.values(), plain(), commented(), names()]


Seen = list[tuple[str, type, int, object, int, bool]]


def seen(chunks: Iterator[stream.Chunk]) -> Seen:
    """Everything a chunk says: its text (a str), lines, error (its message and place) and
    closure."""

    def error(e: NotationError | None) -> object:
        return None if e is None else (type(e).__name__, str(e), e.line, e.column)

    return [(c.text, type(c.text), c.first_line, error(c.error), c.lines, c.closed) for c in chunks]


def by_lines(data: bytes) -> Seen:
    """The reference: the stream's lines one by one."""
    decoded = lines.decode_lines(list(lines.bounded_lines(io.BytesIO(data))), "f.ggn")
    return seen(stream.split_games(decoded, "f.ggn"))


def by_blocks(data: bytes, block: int | None = None) -> Seen:
    decoded = lines.StreamLines(io.BytesIO(data), "f.ggn", block=block)
    return seen(stream.split_games(decoded, "f.ggn"))


def raw_games(data: bytes, fast: bool) -> list[tuple[str, int, bytes | None]]:
    split = stream._split_raw(io.BytesIO(data), "f.ggn", fast=fast)
    return [(chunk.text, chunk.first_line, raw) for chunk, raw in split]


def whole_games(data: bytes) -> int:
    """How many games the fast path gives whole."""
    count = 0
    original = blocks.items

    def counting(
        decoded: lines.StreamLines, between: object
    ) -> Iterator[tuple[str, NotationError | None]]:
        nonlocal count
        for item in original(decoded, between):  # type: ignore[arg-type]
            count += type(item[1]) is blocks.Whole
            yield item

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blocks, "items", counting)
        list(stream.split_games(lines.decode_lines(io.BytesIO(data), "f.ggn"), "f.ggn"))
    return count


@pytest.mark.parametrize(
    ("made", "games"),
    [
        (lambda: EXAMPLES["club-night.ggn"], 3),
        (plain, 4),
        (commented, 4),
        (names, 4),
        (lambda: plain().replace(b"\n", b"\r\n"), 0),  # CRLF: line by line
        (lambda: plain().replace(b"\n2. ", b'\n2. "open ', 1), 3),  # a quote left open: its game
    ],
    ids=["club", "simulated", "comments", "quoted-names", "crlf", "open-quote"],
)
def test_ordinary_games_are_read_whole_and_as_line_by_line(
    made: Callable[[], bytes], games: int
) -> None:
    data = made()
    assert whole_games(data) == games
    assert by_blocks(data) == by_lines(data)


@pytest.mark.parametrize(
    ("text", "start", "final", "end"),
    [
        ('[Players "A" "B" "C"]\n1. A R1\n*\n[Event "x"]\n', 0, False, 32),
        ('\n{c}\n; d\n[Players "A" "B" "C"]\n   \n1. A R1 {*}\n"A" R2 end\n', 0, False, 58),
        ('[Players "A" "B" "C"]\n*\n', 0, False, 24),  # "*" alone
        ('[Players "A" "B" "C"]\n1. A R1\n', 0, False, blocks.MORE),
        ('[Players "A" "B" "C"]\n1. A R1\n', 0, True, blocks.NO),
        ('[Players "A" "B" "C"]\n1. A R1\n[Players "A" "B" "C"]\n*\n', 0, True, blocks.NO),
        ('[Players "A" "B" "C"]\n1. A {R1\n} *\n', 0, True, blocks.NO),  # comment over lines
        ('[Players "A" "B" "C"]\n1. A "R1 *\n', 0, True, blocks.NO),  # a quote left open
        ('[Players "A" "B" "C"]\n* note\n*\n', 0, True, blocks.NO),  # a note: a stray line
        ('[Players "A" "B" "C"]\n1. A R1 *', 0, True, blocks.NO),  # no LF at the end
        # A termination ending in a ";" comment: indented comment lines go on with it.
        ('[P "A"]\nend ; a\n  {b} ; c\n  {d}\n  ; e\n', 0, True, 32),
        ('[P "A"]\nend ; a\n  ; c\n', 0, False, blocks.MORE),
        ('[P "A"]\nend ; a\n  ; c\n', 0, True, 22),
        ('[P "A"]\nend ; a\n\n', 0, False, 16),
        ('[P "A"]\nend ; a\n  "x"\n', 0, False, blocks.NO),
        ('[P "A"]\n* ; a\n', 0, True, blocks.NO),  # "*" and a comment: looked at line by line
    ],
)
def test_where_a_game_of_plain_shape_ends(text: str, start: int, final: bool, end: int) -> None:
    assert blocks.game_end(text, start, final) == end


def test_a_game_longer_than_what_is_held_comes_line_by_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    long_game = plain().replace(b"\n2. ", b"\n" + b"    {x}\n" * 1000 + b"2. ", 1)
    monkeypatch.setattr(blocks, "AHEAD", 4000)
    monkeypatch.setattr(lines, "_BLOCK", 256)
    assert whole_games(long_game) == 3
    assert by_blocks(long_game) == by_lines(long_game)
    assert raw_games(long_game, fast=True) == raw_games(long_game, fast=False)


def test_a_game_given_whole_is_never_over_the_splitter_s_limit() -> None:
    longest = blocks.LONGEST + blocks.AHEAD + lines.MAX_LINE_BYTES + (1 << 16)
    assert blocks.LONGEST < stream.MAX_GAME_CHARS
    assert longest < stream.MAX_GAME_BYTES


@pytest.mark.parametrize("block", range(1, 300 if HEAVY else 90, 1 if HEAVY else 7))
def test_block_edges_anywhere_change_nothing(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    data = EXAMPLES["club-night.ggn"][:3000] + commented()[:2500] + b"\n" + names()[:1500]
    assert by_blocks(data, block) == by_lines(data)
    monkeypatch.setattr(lines, "_BLOCK", block)
    assert by_blocks(data) == by_lines(data)
    assert raw_games(data, fast=True) == raw_games(data, fast=False)


_DAMAGE = [
    b"{",
    b"}",
    b";",
    b'"',
    b"[",
    b"*",
    b"end",
    b" end ",
    b"\r",
    b"\r\n",
    b"\n",
    b"\n\n",
    b"    ",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xc3",
    b"\x00",
    b"\\",
    b'[Event "x"]\n',
    b"* note\n",
    b"\x0c",
    "\u2028".encode(),
]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """Real records joined, then lines deleted, duplicated or swapped and bytes put in."""
    parts = draw(st.lists(st.sampled_from(sources()), min_size=1, max_size=3))
    text = b"".join(part[: draw(st.integers(0, len(part)))] for part in parts[:-1]) + parts[-1]
    rows = text.splitlines(keepends=True)
    for _ in range(draw(st.integers(0, 6))):
        if not rows:
            break
        at = draw(st.integers(0, len(rows) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "insert"]))
        if how == "delete":
            del rows[at]
        elif how == "duplicate":
            rows.insert(at, rows[at])
        elif how == "swap":
            other = draw(st.integers(0, len(rows) - 1))
            rows[at], rows[other] = rows[other], rows[at]
        else:
            row = rows[at]
            cut = draw(st.integers(0, len(row)))
            rows[at] = row[:cut] + draw(st.sampled_from(_DAMAGE)) + row[cut:]
    if draw(st.integers(0, 9)) == 0:
        # A line over the limit (only its ends are read).
        at = draw(st.integers(0, len(rows)))
        rows.insert(at, b"1. A R1 " + b"x" * lines.MAX_LINE_BYTES + b" *\n")
    return b"".join(rows)


def _fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples * 10 if HEAVY else examples,
        derandomize=not HEAVY,
        database=settings.default.database if HEAVY else None,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@pytest.mark.slow
@_fuzz_settings(60)
@given(
    data=damaged(),
    block=st.one_of(st.integers(1, 300), st.just(1 << 16)),
    ahead=st.sampled_from([200, 3000, blocks.AHEAD]),
    window=st.sampled_from([3, 64, 4096]),
)
def test_damaged_records_split_as_line_by_line(
    data: bytes, block: int, ahead: int, window: int
) -> None:
    if b"x" * lines.MAX_LINE_BYTES in data:
        block = max(block, 4096)  # (a line over the limit, read a byte at a time, is slow)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(blocks, "AHEAD", ahead)
        patch.setattr(blocks, "_WINDOW", window)
        # The same blocks line by line: where the stand-in for a line over the limit cuts
        # it depends on them.
        patch.setattr(lines, "_BLOCK", block)
        assert by_blocks(data) == by_lines(data)
        assert raw_games(data, fast=True) == raw_games(data, fast=False)
