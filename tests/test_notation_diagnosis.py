"""Diagnostics (:mod:`gargon_notation.notation.diagnosis`): every file in
tests/data/invalid/syntax/ gives exactly its recorded messages.

``NAME.expected`` holds what lenient reading of ``NAME.ggn`` yields, item by item (separated
by a line ``---``): the exact ``str(error)`` of a broken game, or ``ok: a game of N round(s)``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord, parse_game, read_games

DATA = Path(__file__).parent / "data" / "invalid" / "syntax"
FILES = sorted(DATA.glob("*.ggn"))


def render(item: GameRecord | NotationError) -> str:
    if isinstance(item, GameRecord):
        return f"ok: a game of {len(item.rounds)} round(s)"
    return str(item)


def test_there_are_enough_broken_records() -> None:
    assert len(FILES) >= 25
    for path in FILES:
        assert path.with_suffix(".expected").is_file(), path.name


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lenient_reading_yields_the_recorded_items(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8")
    items = [render(item) for item in read_games(path, name=path.name)]
    assert "\n---\n".join(items) + "\n" == expected


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_strict_reading_raises_the_first_error(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").split("\n---\n")
    first_error = next(item for item in expected if not item.startswith("ok:"))
    with pytest.raises(NotationError) as caught:
        list(read_games(path, strict=True, name=path.name))
    assert str(caught.value) == first_error.rstrip("\n")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_single_game_files_give_the_same_error_from_parse_game(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8")
    if "\n---\n" in expected or path.stem == "bad-utf8":
        pytest.skip("several games in this file")
    with pytest.raises(NotationError) as caught:
        parse_game(path.read_text(encoding="utf-8"), source=path.name)
    assert str(caught.value) + "\n" == expected


def test_an_error_carries_its_place() -> None:
    with pytest.raises(NotationError) as caught:
        parse_game('[Event "x"]\n1. Adam Y2, Bernd R16\n*\n', source="game.ggn")
    error = caught.value
    assert (error.source, error.line, error.column) == ("game.ggn", 2, 19)
    assert error.excerpt == "1. Adam Y2, Bernd R16"
    assert "R16" in error.message


def test_messages_never_name_terminals() -> None:
    for path in FILES:
        text = path.with_suffix(".expected").read_text(encoding="utf-8")
        for name in ("CARD", "PLAYER", "_COMMA", "$END", "COLOUR", "ROUND", "Token("):
            assert name not in text, (path.name, name)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\x00",
        "{",
        '"',
        "[",
        "1.",
        "1. Adam",
        "end end",
        "* *",
        "1. Adam Y2\n    fights Y (Adam 1,",
        "deal: Y2\n*",
        "\ufeff\ufeff* R16",
    ],
)
def test_nothing_but_notation_errors_escape(text: str) -> None:
    with pytest.raises(NotationError):
        parse_game(text)


@pytest.mark.parametrize(
    "round_line",
    [
        "3.\tCollette B8 V15 G11,\tDagmar folds 1 2 1",
        "3. {\x1b[31m\x1b[0m} Collette B8 V15 G11, Dagmar folds 1 2 1",
        "3. {\u5927\u5bb6\u597d} Collette B8 V15 G11, Dagmar folds 1 2 1",
        "3. {e\u0301} Collette B8 V15 G11, Dagmar folds 1 2 1",
    ],
)
def test_the_caret_stands_under_the_mistake_as_the_line_is_shown(round_line: str) -> None:
    """Tabs are shown as spaces, control characters as escapes, wide characters take two
    columns: the caret counts the line as shown."""
    text = f'[Players "Adam" "Bernd" "Collette" "Dagmar"]\n{round_line}\n*\n'
    with pytest.raises(NotationError) as caught:
        parse_game(text)
    shown, caret = str(caught.value).split("\n")[1:]
    assert "\t" not in shown and "\x1b" not in shown
    position = len(caret) - 1
    wide = sum(1 for c in shown[:position] if "\u4e00" <= c <= "\u9fff")
    combining = shown.count("\u0301")
    assert shown[position - wide + combining :].startswith("folds")


@pytest.mark.parametrize(
    ("tag", "column", "message"),
    [
        (
            '[Weird.Tag "x"]',
            7,
            "a tag name holds only letters A-Z and a-z, digits and '_', not '.' "
            "(write Weird_Tag, say)",
        ),
        ('[Wéird "x"]', 3, "a tag name holds only letters A-Z and a-z, digits and '_', not 'é'"),
        ("[Weird-Tag]", 7, "a tag name holds only letters A-Z and a-z, digits and '_', not '-'"),
        (
            '[Site:"Berlin"]',
            6,
            "a tag name holds only letters A-Z and a-z, digits and '_', not ':'",
        ),
        (
            "[Event„Donnerstag“]",
            7,
            "typographic quotes („“) are not quotes in the notation: write straight double "
            'quotes: "Donnerstag"',
        ),
        ('[Event Rulebook "x"]', 8, "expected a quoted value like \"...\", not 'Rulebook'"),
    ],
)
def test_a_character_a_tag_name_cannot_hold_is_said_where_it_is(
    tag: str, column: int, message: str
) -> None:
    """A name is suggested only where a value follows a name that goes on past the
    character: ``[Site:"Berlin"]`` is not a tag ``Site_``."""
    with pytest.raises(NotationError) as caught:
        parse_game(f"{tag}\n*\n")
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, 1, column)


def test_a_comment_over_lines_in_the_movetext_that_took_in_nothing_gets_no_advice() -> None:
    """A comment may span lines in the movetext: an error after one that holds no other
    comment's '{' and no record line's start is said as it is, without the advice to close
    it (comment-left-open-in-movetext.ggn has the advice)."""
    text = '[Players "Adam" "Bernd" "Collette"]\n1. Adam Y2 {a long\n    thought}, Bernd folds\n*\n'
    with pytest.raises(NotationError) as caught:
        parse_game(text, source="t.ggn")
    assert str(caught.value).splitlines()[0] == (
        "t.ggn:3:21: expected a card like R14, or 'pass', not 'folds'"
    )


def test_a_player_named_like_a_card_with_a_letter_o_is_no_card_typo() -> None:
    """Bo after a missing comma is the player, not B0 typed with the letter O."""
    text = '[Players "Adam" "Bo" "Cy"]\n1. Adam Y2 Bo pass 1\n*\n'
    with pytest.raises(NotationError) as caught:
        parse_game(text)
    assert caught.value.message.startswith("expected a round number like '1.', a card like R14")
    with pytest.raises(NotationError) as caught:
        parse_game(text.replace("Y2 Bo pass 1", "Y2, Bo RO"))
    assert caught.value.message.startswith("'RO' is not a card")


def test_numbered_notes_in_a_closed_comment_are_not_taken_for_rounds_it_ran_over() -> None:
    """A comment of notes '1. ...', '2. ...' closed where it should be: an error after it
    gets no advice to close it (a round's line holds a name and a decision)."""
    text = (
        '[Players "Adam" "Bernd" "Collette" "Dagmar"]\n'
        "1. Adam Y2 Y6 R9, Bernd pass 1 1 2 {Notes:\n1. Bernd was tired\n"
        "2. nobody counted}, Collette B8 B2 R88, Dagmar R14 R0 B12\n*\n"
    )
    with pytest.raises(NotationError) as caught:
        parse_game(text)
    assert "after a comment" not in caught.value.message
    ran_on = text.replace("1. Bernd was tired", "2. Bernd pass 1")
    with pytest.raises(NotationError) as caught:
        parse_game(ran_on)
    assert "(after a comment that runs from line 2, column 36" in caught.value.message
