"""Entries: one decision in the notation's words (gargon_notation.entries)."""

from __future__ import annotations

import pytest

from gargon_notation.engine import DecisionKind
from gargon_notation.entries import (
    EntryRefused,
    annotations_only,
    entry_lines,
    names_someone,
    read_battles,
    read_decision,
    read_round_line,
)
from gargon_notation.notation import model, parse_game
from gargon_notation.notation.writer import write_action

PLAY = DecisionKind.PLAY_OR_PASS


@pytest.mark.parametrize(
    ("entry", "named"),
    [
        ("Adam Y2", True),
        ('"Anna Lena" pass 1', True),
        ("Adma Y2", True),
        ("Y2 R4", False),
        ("y2", False),
        ("R99", False),
        ("R99 Y2", False),
        ("pass 1 2", False),
        ("forgot", False),
        ("1:R?", False),
    ],
)
def test_an_entry_names_a_player_only_with_a_name_first(entry: str, named: bool) -> None:
    assert names_someone(entry) is named


@pytest.mark.parametrize(
    ("entry", "kind", "written"),
    [
        ("Y2 Y6 R9", PLAY, "Adam Y2 Y6 R9"),
        ("y2 $4", PLAY, "Adam Y2 $4"),
        ("Bernd pass 1:G? 2!?", PLAY, "Bernd pass 1:G? 2!?"),
        ('"Anna Lena" pass', PLAY, '"Anna Lena" pass'),
        ("2:R7", DecisionKind.DRAW, "Adam 2:R7"),
        ("forgot?", DecisionKind.DRAW, "Adam forgot?"),
        ("r > Adam -", DecisionKind.CHOOSE, "R > Adam -"),
    ],
)
def test_an_entry_reads_as_the_notation_writes_it(
    entry: str, kind: DecisionKind, written: str
) -> None:
    elements, _ = read_decision(entry, kind, "Adam")
    assert [write_action(element) for element in elements] == [written]


def test_a_colour_entry_may_hold_a_whole_fights_line() -> None:
    elements, _ = read_decision("Y, R (Adam 1, Cleo forgot)", DecisionKind.CHOOSE, "Adam")
    assert [write_action(element) for element in elements] == [
        "Y",
        "R",
        "Adam 1",
        "Cleo forgot",
    ]


@pytest.mark.parametrize(
    ("entry", "kind", "message", "column"),
    [
        ("Y2 Y66", PLAY, "'Y66' is not a card", 4),
        ("Y2, Bernd pass", PLAY, "enter one play or pass at a time", 0),
        ("3", DecisionKind.DRAW, "", 1),
        ("1 2", DecisionKind.DRAW, "", 3),
        ("Q", DecisionKind.CHOOSE, "", 1),
    ],
)
def test_what_is_not_an_entry_is_refused_where_it_goes_wrong(
    entry: str, kind: DecisionKind, message: str, column: int
) -> None:
    with pytest.raises(EntryRefused) as refused:
        read_decision(entry, kind, "Adam")
    assert message in refused.value.message
    assert refused.value.column == column


def test_a_fights_line_keeps_the_columns_of_what_was_written() -> None:
    with pytest.raises(EntryRefused) as refused:
        read_battles("Y, R (Adam 3)", len("fights "))
    assert refused.value.column == len("fights Y, R (Adam ") + 1


def test_a_round_line_is_read_with_its_comments() -> None:
    written = read_round_line("2. {a quiet round} Adam R3, Bernd pass")
    assert written.number == 2
    assert written.comments == (model.Comment("a quiet round"),)
    assert [action.player for action in written.actions] == ["Adam", "Bernd"]


def test_annotations_alone_are_told_apart_from_entries() -> None:
    assert annotations_only("; a line comment") == (
        (model.Comment(" a line comment", model.CommentKind.LINE),),
        None,
        (),
    )
    assert annotations_only("!") == ((), "!", ())
    assert annotations_only("pass 1") is None
    assert annotations_only("") is None


def test_entry_lines_write_round_comments_and_the_termination() -> None:
    text = (
        '[Players "Ann" "Bob" "Cy"]\n1. Ann R3 {a} {b}, Bob pass, Cy pass\n    fights R > Ann\n'
        "2. ; a line comment\n    Ann pass\n* {left unfinished}\n"
    )
    assert entry_lines(parse_game(text)) == [
        '[Players "Ann" "Bob" "Cy"]',
        "Ann R3",
        "{a}",
        "{b}",
        "Bob pass",
        "Cy pass",
        "R > Ann",
        "2. ; a line comment",
        "Ann pass",
        "* {left unfinished}",
    ]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("R14 + B12", "expected a card like R14, or the end of the entry, not '+'"),
        ("R14 RO B12", "'RO' is not a card: a value is written in digits, and 0 is the digit zero"),
        ("Y2 Y6 R 9", "a card is written without a space inside it: 'R9', not 'R 9'"),
        ("pass 3", "expected a pile number (1 or 2), or the end of the entry, not '3'"),
        ("{unclosed", "a comment opened with { is not closed: end it with }"),
        ("R14 {open", "a comment opened with { is not closed: end it with }"),
        ("R14,R3", "the cards of a play are separated by spaces, not commas"),
        ("Adam: R14", "write the player's name without a colon, such as 'Adam R14'"),
        (
            "W1:R7",
            "a colon notes the card a draw took, after its pile number (pass 1:R3, Adam 1:R7); "
            "the cards of a play are separated by spaces (W1 R7)",
        ),
    ],
)
def test_a_refusal_speaks_of_the_entry_not_of_a_record(entry: str, message: str) -> None:
    with pytest.raises(EntryRefused) as refused:
        read_decision(entry, PLAY, "Adam")
    assert refused.value.message.startswith(message)
