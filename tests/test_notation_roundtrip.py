"""Round trips: parse(write(r)) == r for generated records, canonical text is a fixed point,
and the fast reader agrees with the grammar reader, positions included."""

from __future__ import annotations

import io
import os
import re

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from notation_strategies import games, plain

from gargon_notation.notation import (
    CommentKind,
    GameRecord,
    parse_game,
    parse_games,
    read_games,
    write_game,
    write_games,
)
from gargon_notation.notation.fast import Decline, parse_fast
from gargon_notation.notation.parser import parse_with_grammar

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
"""``GARGON_FUZZ=heavy`` (.ci/run) tries fifty times as many records."""
SETTINGS = settings(
    max_examples=150 if HEAVY else 6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def positions(element: object, path: str = "game") -> list[tuple[str, int, int]]:
    """Every (path, line, column) in a record, to compare the two readers' positions (the
    record's own line with column 0)."""
    found: list[tuple[str, int, int]] = []
    if attrs.has(type(element)):
        names = {field.name for field in attrs.fields(type(element))}
        if "line" in names:
            found.append((path, element.line, getattr(element, "column", 0)))  # type: ignore[attr-defined]
        for field in attrs.fields(type(element)):
            value = getattr(element, field.name)
            if isinstance(value, tuple):
                for index, item in enumerate(value):
                    found += positions(item, f"{path}.{field.name}[{index}]")
            elif attrs.has(type(value)):
                found += positions(value, f"{path}.{field.name}")
    return found


@SETTINGS
@given(games())
def test_parse_of_write_is_the_record(record: GameRecord) -> None:
    text = write_game(record)
    assert parse_game(text) == record
    assert parse_with_grammar(text) == record


@SETTINGS
@given(games())
def test_canonical_text_survives_byte_for_byte(record: GameRecord) -> None:
    text = write_game(record)
    assert write_game(parse_game(text)) == text
    assert text.endswith("\n") and "\r" not in text


@SETTINGS
@given(games())
def test_fast_reader_agrees_with_grammar_positions_included(record: GameRecord) -> None:
    text = write_game(record)
    reference = parse_with_grammar(text)
    try:
        fast = parse_fast(text)
    except Decline:
        return
    assert fast == reference
    assert positions(fast) == positions(reference)


@SETTINGS
@given(games())
def test_plain_records_take_the_fast_path(record: GameRecord) -> None:
    """Without comments, glyphs or odd names, canonical text never needs the grammar."""
    bare = plain(record)
    text = write_game(bare)
    if '"' in text.split("\n[", 1)[-1] or re.search(r"^(?!\[)[^\n]*\"", text, re.M):
        return  # quoted names may decline; that is allowed
    assert parse_fast(text) == bare


@SETTINGS
@given(games())
def test_relaid_text_reads_the_same(record: GameRecord) -> None:
    """Extra blanks, CRLF line ends and lower-case cards change nothing."""
    bare = attrs.evolve(plain(record), tags=())
    text = write_game(bare)
    if '"' in text:
        return
    noisy = re.sub(r"\b([WBVYRGX])(1[0-5]|[0-9]|\?)", lambda m: m.group(0).lower(), text)
    noisy = noisy.replace(", ", " ,  ").replace(": ", " :").replace("\n", "  \r\n")
    assert parse_game(noisy) == bare
    assert parse_with_grammar(noisy.replace("\r\n", "\n")) == bare
    assert write_game(parse_game(noisy)) == text


def _safe_between_games(record: GameRecord) -> bool:
    """Comments after a ';' comment on a termination line go to the next game (documented)."""
    kinds = [c.kind for c in record.termination.comments]
    return CommentKind.LINE not in kinds[:-1]


@settings(
    max_examples=100 if HEAVY else 4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(games(max_rounds=2).filter(_safe_between_games), min_size=1, max_size=4))
def test_many_games_round_trip_through_text_and_streams(records: list[GameRecord]) -> None:
    text = write_games(records)
    assert parse_games(text) == records
    assert list(read_games(io.BytesIO(text.encode("utf-8")))) == records
    assert list(read_games(io.StringIO(text))) == records
    assert write_games(parse_games(text)) == text  # type: ignore[arg-type]


_NOISE = st.sampled_from([*'RGBX?!,:;{}()[]>-*$"12 \n.0e', "pass", "end", "fights"])


@settings(
    max_examples=200 if HEAVY else 8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(games(max_rounds=2), st.data())
def test_damaged_text_is_read_alike_or_rejected_with_a_notation_error(
    record: GameRecord, data: st.DataObject
) -> None:
    """Mutated text: the fast reader never accepts what the grammar rejects, nor differs."""
    from gargon_notation.errors import NotationError

    text = write_game(record)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        if data.draw(st.booleans()):
            text = text[:at] + data.draw(_NOISE) + text[at:]
        else:
            text = text[:at] + text[at + data.draw(st.integers(1, 3)) :]
    try:
        reference: GameRecord | None = parse_with_grammar(text)
    except NotationError:
        reference = None
    try:
        fast: GameRecord | None = parse_fast(text)
    except Decline:
        fast = reference
    assert fast == reference
    if fast is not None and reference is not None:
        assert positions(fast) == positions(reference)
    try:
        assert parse_game(text) == reference
    except NotationError:
        assert reference is None
