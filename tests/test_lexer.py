"""The Pygments lexer of the notation (gargon_notation/lexer.py), found through its entry
point, and ``gargon show --source``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import in_process
import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.styles import get_style_by_name
from pygments.token import (
    Comment,
    Error,
    Generic,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
)

from gargon_notation.cards import Colour
from gargon_notation.lexer import CARD, CARD_TOKENS, GargonLexer, GargonStyle
from gargon_notation.notation import write_game

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
CARD_TEXT = re.compile(r"[WBVYRGX](?:1[0-5]|[0-9]|\?)")


def tokens(text: str) -> list[tuple[object, str]]:
    return [(kind, value) for _, kind, value in GargonLexer().get_tokens_unprocessed(text)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_lexed_whole_without_an_error(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = tokens(text)
    assert "".join(value for _, value in found) == text
    assert [value for kind, value in found if kind is Error] == []
    for kind, value in found:
        if kind in CARD:
            assert kind is CARD_TOKENS[value[0].upper()], value
            assert CARD_TEXT.fullmatch(value) or len(value) == 1, value


def test_each_part_of_a_record_has_its_token_type() -> None:
    text = (
        '[Event "Club"] {tags}\n'
        "deal Ann: Y2 R?\n"
        '1. Ann Y2 X?!, "Bob Two" pass 1:R3 2 $4, Cy W10 ; a line comment\n'
        "    fights Y > Ann - (Cy forgot, Ann 2), W\n"
        "end Ann 12, Cy 3\n"
    )
    found = [(kind, value) for kind, value in tokens(text) if not value.isspace()]
    assert found == [
        (Punctuation, "["),
        (Name.Tag, "Event"),
        (String, '"Club"'),
        (Punctuation, "]"),
        (Comment.Multiline, "{tags}"),
        (Keyword, "deal"),
        (Name.Variable, "Ann"),
        (Punctuation, ":"),
        (CARD.Yellow, "Y2"),
        (CARD.Red, "R?"),
        (Generic.Heading, "1."),
        (Name.Variable, "Ann"),
        (CARD.Yellow, "Y2"),
        (CARD.Unknown, "X?"),
        (Generic.Emph, "!"),
        (Punctuation, ","),
        (Name.Variable, '"Bob Two"'),
        (Keyword, "pass"),
        (Number, "1"),
        (Punctuation, ":"),
        (CARD.Red, "R3"),
        (Number, "2"),
        (Name.Label, "$4"),
        (Punctuation, ","),
        (Name.Variable, "Cy"),
        (CARD.White, "W10"),
        (Comment.Single, "; a line comment"),
        (Keyword, "fights"),
        (CARD.Yellow, "Y"),
        (Operator, ">"),
        (Name.Variable, "Ann"),
        (Operator, "-"),
        (Punctuation, "("),
        (Name.Variable, "Cy"),
        (Keyword, "forgot"),
        (Punctuation, ","),
        (Name.Variable, "Ann"),
        (Number, "2"),
        (Punctuation, ")"),
        (Punctuation, ","),
        (CARD.White, "W"),
        (Keyword, "end"),
        (Name.Variable, "Ann"),
        (Number, "12"),
        (Punctuation, ","),
        (Name.Variable, "Cy"),
        (Number, "3"),
    ]


def test_a_back_drawn_in_a_battle_is_one_card() -> None:
    """``1:B?`` inside a battle's parentheses is the card ``B?`` (it was the colour ``B`` and
    the glyph ``?``), as ``2:Y?`` in a pass is."""
    found = [(kind, value) for kind, value in tokens("1. Adam R5\n    fights G (Dagmar 1:B?)\n")]
    assert [pair for pair in found if not pair[1].isspace()][-7:] == [
        (CARD_TOKENS["G"], "G"),
        (Punctuation, "("),
        (Name.Variable, "Dagmar"),
        (Number, "1"),
        (Punctuation, ":"),
        (CARD_TOKENS["B"], "B?"),
        (Punctuation, ")"),
    ]
    text = (ROOT / "examples" / "table-record.ggn").read_text(encoding="utf-8")
    found = tokens(text)
    assert "(Dagmar 1:B?)" in text
    after_a_colour = [
        (value, found[k + 1][1])
        for k, (kind, value) in enumerate(found[:-1])
        if kind in CARD and len(value) == 1 and found[k + 1][0] in Generic.Emph
    ]
    assert after_a_colour == []
    assert (CARD_TOKENS["B"], "B?") in found


def test_text_that_is_not_notation_is_an_error_token() -> None:
    found = tokens("1. Ann Y2 % B\n")
    assert [value for kind, value in found if kind is Error] == ["%", "B"]


def test_a_bracket_with_no_tag_name_after_it_on_its_line_is_an_error_token() -> None:
    """A '[' alone at the end of a line was a tag's bracket, and the next line's tag was read
    as its name (found by an editor user's trial)."""
    found = tokens('[\n[Event "x"]\n1. Ann Y2 [\n')
    assert [value for kind, value in found if kind is Error] == ["[", "["]
    assert (Name.Tag, "Event") in found
    assert (Name.Tag, "Event") in tokens('[ Event "x"]\n')


@pytest.mark.parametrize("space", ["\xa0", "\u3000", "\f", "\v", "\x85", "\u2028", "\x1c"])
def test_white_space_the_reader_refuses_is_an_error_token(space: str) -> None:
    """A no-break space (pasted from a word processor) or a form feed between two items is
    refused by the reader ('expected a card like R14, or 'pass', not '\\u000c''), but was
    lexed as white space: the record looked right.  In a comment it is the comment's."""
    found = tokens(f'[Event{space}"x"]\n1. Ann{space}Y2 {{a{space}b}}\n')
    assert [value for kind, value in found if kind is Error] == [space, space]
    assert (Comment.Multiline, f"{{a{space}b}}") in found


def test_pygments_finds_the_lexer_and_the_style_through_the_entry_points() -> None:
    assert isinstance(get_lexer_by_name("ggn"), GargonLexer)
    assert isinstance(get_lexer_for_filename("club.ggn"), GargonLexer)
    assert get_style_by_name("gargon") is GargonStyle
    for colour in Colour:
        assert GargonStyle.style_for_token(CARD_TOKENS[colour.value])["bold"]


def test_gargon_show_source_prints_the_canonical_text_highlighted() -> None:
    path = ROOT / "examples" / "club-night.ggn"
    command = [sys.executable, "-m", "gargon_notation", "show", str(path), "--source"]
    plain = in_process.gargon("show", str(path), "--source", "--no-color")
    assert plain.returncode == 0, plain.stderr
    import gargon_notation as gg

    records = list(gg.load(path, strict=True))
    assert plain.stdout.decode() == "\n".join(write_game(record) for record in records)
    # colours are chosen as the console starts: a real process, told to use them
    second = subprocess.run(
        [*command, "--game", "2"],
        capture_output=True,
        text=True,
        check=True,
        env={"FORCE_COLOR": "1", "TERM": "xterm-256color", "PATH": ""},
    )
    assert re.sub(r"\x1b\[[0-9;]*m", "", second.stdout) == write_game(records[1])
    red = "\x1b[1;38;5;161"  # bold, the red of the palette in 256 colours
    assert re.search(re.escape(red) + r"[0-9;]*mR\d+\x1b\[0m", second.stdout)


def test_a_control_character_in_a_comment_is_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "esc.ggn"
    path.write_text('[Players "Ann" "Bob" "Cy"]\n{evil \x1b[2J}\n1. Ann Y2\n*\n', encoding="utf-8")
    result = in_process.gargon("show", str(path), "--source")
    assert result.returncode == 0, result.stderr
    assert b"\x1b" not in result.stdout
    assert b"{evil \\u001b[2J}" in result.stdout
