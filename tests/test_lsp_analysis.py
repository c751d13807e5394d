"""The language server's analysis, without pygls: positions and tokens (lsp/text.py), a
document's games checked incrementally, diagnostics, outline and canonical form
(lsp/analysis.py), hover and completion (lsp/features.py)."""

from __future__ import annotations

import itertools
import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from in_process import CliRunner

import gargon_notation as gg
from gargon_notation.cli import app
from gargon_notation.lsp.analysis import Diagnostic, Related, analyse_game
from gargon_notation.lsp.document import Document
from gargon_notation.lsp.features import TAG_MEANINGS, complete, hover
from gargon_notation.lsp.outline import outline
from gargon_notation.lsp.text import Span, element_span, problem_span, tokenize

ROOT = Path(__file__).parent.parent
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
EXAMPLES = ("rulebook-round.ggn", "club-night.ggn", "full-game.ggn", "table-record.ggn")
SEEDED = '[Players "Ann" "Bob" "Cy"]\n[Seed "evening"]\n'
"""Ann holds W5 W7 B0 V4 V10 V13 V14 Y6 Y12 G2; Bob W4 B7 V0 Y11 Y1 R6 R5 G15 G12 G10."""
BOB = ["W4", "B7", "V0", "Y11", "Y1", "R6", "R5", "G15", "G12", "G10"]
BOB_PLAYS = ["Bob Y11 Y1", "Bob R6 R5", "Bob G15 G12", "Bob G15 G10", "Bob G12 G10"]
BOB_PASSES = [
    "Bob pass " + " ".join(piles)
    for count in (1, 2, 3)
    for piles in itertools.product("12", repeat=count)
]


@pytest.fixture(scope="module")
def twenty() -> str:
    """Twenty simulated games in one document."""
    records = [gg.record_from_simulation(gg.simulate(4, f"lsp.{k}")) for k in range(1, 21)]
    return gg.dumps(records)


def at(text: str, line: int, word: str) -> tuple[int, int]:
    """The position of ``word`` on ``line`` (from 0) of ``text``."""
    return line, text.split("\n")[line].index(word)


def validate_says(path: Path) -> list[tuple[int, int, str, str]]:
    """What ``gargon validate --json`` says of the file at ``path``: each problem's line,
    column, code and lines (the message, the table, the repair), as the language server
    writes them; tag warnings too."""
    result = CliRunner().invoke(app, ["validate", "--json", str(path)])
    said = []
    for game in json.loads(result.output)["games"]:
        for problem in game["problems"] + game["warnings"]:
            parts = (problem["message"], problem.get("context"), problem.get("repair"))
            message = "\n".join(part for part in parts if part)
            said.append((problem["line"], problem["column"], problem["code"], message))
    return said


def server_says(document: Document) -> list[tuple[int, int, str, str]]:
    """The document's diagnostics as :func:`validate_says` gives problems (from 1)."""
    return [
        (d.span.start[0] + 1, d.span.start[1] + 1, d.code, d.message)
        for d in document.diagnostics()
    ]


# -- text ---------------------------------------------------------------------------


def test_each_element_spans_its_own_tokens() -> None:
    text = (
        '[Event "Club"] {c}\n1. Ann V13 V14!, "Bob B" pass 1:G? 2 $4 {why}, Cy R2\n'
        '    fights V > Ann ("Bob B" 1, Cy forgot), R\nend Ann 3, "Bob B" 0\n'
    )
    lines = text.split("\n")
    tokens = tokenize(text)
    starts = [
        (0, "["),
        (1, "1."),
        (1, "Ann"),
        (1, '"Bob B"'),
        (2, "V"),
        (2, '"Bob B"'),
        (2, "Cy"),
        (2, "R"),
        (3, "end"),
        (3, '"Bob B"'),
    ]
    spans = [element_span(tokens, line, lines[line].index(word)) for line, word in starts]
    assert [lines[s.start[0]][s.start[1] : s.end[1]] if s else None for s in spans] == [
        '[Event "Club"]',
        "1.",
        "Ann V13 V14!",
        '"Bob B" pass 1:G? 2 $4',
        "V",
        '"Bob B" 1',
        "Cy forgot",
        "R",
        "end Ann 3",
        '"Bob B" 0',
    ]
    assert element_span(tokens, 1, 4) is None  # no element begins inside a word


def test_an_error_spans_its_token_or_the_rest_of_the_word() -> None:
    text = "1. Ann R16 %x\n{open\n"
    tokens = tokenize(text)
    lines = text.split("\n")
    assert problem_span(tokens, lines, 0, 7) == Span((0, 7), (0, 10))  # R16
    assert problem_span(tokens, lines, 0, 11) == Span((0, 11), (0, 12))  # %
    assert problem_span(tokens, lines, 1, 0) == Span((1, 0), (1, 5))  # cut at its line's end
    assert problem_span(tokens, lines, 0, 13) == Span((0, 13), (0, 13))  # the end of the text
    assert problem_span(tokens, lines, 0, 8) == Span((0, 8), (0, 10))  # from inside R16


# -- diagnostics --------------------------------------------------------------------


def test_a_rule_problem_is_an_error_at_its_action_with_its_code() -> None:
    document = Document()
    document.update(SEEDED + "1. Bob Y11 Y1\n*\n")
    assert document.diagnostics() == [
        Diagnostic(
            Span((2, 3), (2, 13)),
            "Bob may not act now: it is Ann's turn to play or pass; without a Start tag the first "
            'player of the Players tag, Ann, begins: write [Start "Bob"] if Bob began\n'
            "hand: R5 G10 Y1 V0 G15 B7 Y11 W4 R6 G12; piles: 36+36\nskipped this action",
            "not-your-turn",
        )
    ]


def test_a_syntax_error_is_an_error_at_its_token() -> None:
    document = Document()
    document.update(SEEDED + "1. Ann V13 R16\n*\n")
    message = (
        "'R16' is not a card (a colour W B V Y R G and a value 0-15 like R14, or a colour "
        "or X and '?' like R? or X?)"
    )
    assert document.diagnostics() == [Diagnostic(Span((2, 11), (2, 14)), message, "syntax")]


@pytest.mark.parametrize(
    ("tag", "column", "marked", "suggested"),
    [('[Event- "x"]', 7, "-", ""), ('[P-layers "Ann" "Bob" "Cy"]', 3, "-layers", "P_layers")],
    ids=["after-a-tag-name", "inside-a-tag-name"],
)
def test_a_syntax_error_inside_a_word_is_marked_from_where_validate_says(
    tmp_path: Path, tag: str, column: int, marked: str, suggested: str
) -> None:
    """The reader may blame the rest of what the tokens here take for one word: the mark
    starts at its column (it started at the word's start), and covers the rest of it."""
    text = tag + "\n" + SEEDED + "*\n"
    path = tmp_path / "dash.ggn"
    path.write_text(text, encoding="utf-8")
    message = "a tag name holds only letters A-Z and a-z, digits and '_', not '-'"
    if suggested:
        message += f" (write {suggested}, say)"
    assert validate_says(path) == [(1, column, "syntax", message)]
    document = Document()
    document.update(text)
    (found,) = document.diagnostics()
    assert (found.span, found.message) == (
        Span((0, column - 1), (0, column - 1 + len(marked))),
        message,
    )


def test_a_problem_that_follows_from_another_is_a_warning_pointing_to_it() -> None:
    document = Document()
    document.update((ROOT / "tests/data/cli/round2.ggn").read_text(encoding="utf-8"))
    cause, consequence = document.diagnostics()
    assert (cause.code, cause.severity, cause.span) == (
        "colour-not-in-front",
        "error",
        Span((19, 11), (19, 16)),  # 'G $14'
    )
    assert consequence == Diagnostic(
        Span((19, 44), (19, 45)),  # 'Y', whose fight Bernd lost
        "Bernd owes a replacement draw here, but the record does not write it\n"
        "taken as 'Bernd forgot'",
        "record-incomplete",
        "warning",
        (Related(Span((19, 11), (19, 16)), "the earlier problem this one follows from"),),
    )


def test_the_lines_a_message_names_are_the_documents_as_validate_gives_them(
    tmp_path: Path,
) -> None:
    """A game after others is read from its own first line; the lines its messages name
    (where a card was played before) are still the document's, as ``gargon validate``
    says."""
    text = (ROOT / "examples/club-night.ggn").read_text(encoding="utf-8") + "\n"
    text += (ROOT / "tests/data/cli/several-mistakes.ggn").read_text(encoding="utf-8")
    document = Document()
    document.update(text)
    (conservation,) = [d for d in document.diagnostics() if d.code == "card-conservation"]
    assert conservation.span == Span((98, 3), (98, 8))
    assert conservation.message == (
        "W7 is already elsewhere (played by Cy in round 3, line 93): the deck has only 1 copy of it"
    )
    assert text.splitlines()[92].startswith("3. Cy W7,")
    path = tmp_path / "two.ggn"
    path.write_text(text, encoding="utf-8")
    validated = {
        problem.message for record in gg.load(path) for problem in gg.validate(record).problems
    }
    assert conservation.message in validated


def _validated(path: Path) -> set[str]:
    """Every message ``gargon validate`` gives for the games of ``path``, as the language
    server writes them (message, table, repair on lines of their own), and every tag
    warning."""
    said: set[str] = set()
    for record in gg.load(path):
        for problem in gg.validate(record).problems:
            said.add("\n".join(p for p in (problem.message, problem.context, problem.repair) if p))
    return said


def test_only_the_numbers_that_name_lines_move_with_the_game(tmp_path: Path) -> None:
    """A player named ``Cy, line 3`` or a tag value holding ``, line 2`` is written as it
    is; the line where a card was played moves with the game (the game is read a second
    time further down to tell them apart)."""
    mistakes = (ROOT / "tests/data/cli/several-mistakes.ggn").read_text(encoding="utf-8")
    odd = mistakes.replace('"Cy"', '"Cy, line 3"')
    assert odd.count("Cy, line 3") == 1
    text = (ROOT / "examples/club-night.ggn").read_text(encoding="utf-8") + "\n" + odd
    text += '\n[Date "x, line 4"]\n[Result "see game, line 2"]\n' + SEEDED + "*\n"
    document = Document()
    document.update(text)
    path = tmp_path / "odd.ggn"
    path.write_text(text, encoding="utf-8")
    messages = [d.message for d in document.diagnostics()]
    assert sum('(players: Ann, Bob, "Cy, line 3")' in message for message in messages) > 3
    assert any("'x, line 4'" in message for message in messages)
    assert any('"see game, line 2"' in message for message in messages)
    problems = [d.message for d in document.diagnostics() if d.code != "header"]
    assert set(problems) <= _validated(path)


def test_a_game_over_the_size_limit_is_named_at_its_own_line() -> None:
    """The splitter's message counts lines in the document already: it does not move."""
    club = (ROOT / "examples/club-night.ggn").read_text(encoding="utf-8")
    huge = SEEDED + ("{" + "x" * 99_000 + "}\n") * 21 + "*\n"  # lines under their limit
    document = Document()
    document.update(club + "\n" + huge)
    first = len(club.splitlines()) + 2
    (limit,) = [d for d in document.diagnostics() if "over the limit" in d.message]
    assert limit.message.startswith(f"the game starting at line {first} is over the limit")
    assert limit.span.start[0] == first - 1
    document.update("{a line typed above}\n" + club + "\n" + huge)  # the game moved down
    (moved,) = [d for d in document.diagnostics() if "over the limit" in d.message]
    assert moved.message.startswith(f"the game starting at line {first + 1} is over the limit")
    assert moved.span.start[0] == first


def test_the_outline_names_a_game_over_the_size_limit() -> None:
    """The splitter keeps only the start of such a game (the outline looked past it)."""
    huge = SEEDED + ("{" + "x" * 99_000 + "}\n") * 21 + "*\n"
    document = Document()
    document.update(SEEDED + "*\n" + huge)
    assert [(s.name, s.span.start, s.detail) for s in document.symbols()] == [
        ("Game 1", (0, 0), "Ann, Bob, Cy"),
        (
            "Game 2",
            (3, 0),
            "cannot be read: the game starting at line 4 is over the limit of 2000000 "
            "characters; it is skipped",
        ),
    ]


@pytest.mark.parametrize("name", ["notation-5000-digits.ggn", "zeropair-5000-digits.ggn"])
def test_a_number_too_long_for_python_is_no_line(name: str) -> None:
    """Python reads no number of more than 4,300 digits: such a number in a message is not
    taken for a line (it ended the analysis of the document)."""
    document = Document()
    document.update((ROOT / "tests/data/fuzz" / name).read_text(encoding="utf-8"))
    assert len(document.diagnostics()) == 1
    long = '[Date "' + "9" * 5000 + '"]\n' + SEEDED + "*\n"
    document.update((ROOT / "examples/club-night.ggn").read_text(encoding="utf-8") + "\n" + long)
    assert any("9" * 5000 in d.message for d in document.diagnostics())


def test_a_malformed_date_is_a_warning_at_its_tag() -> None:
    document = Document()
    document.update('[Date "22.11.2026"]\n' + SEEDED + "*\n")
    (warning,) = document.diagnostics()
    assert (warning.span, warning.code, warning.severity) == (
        Span((0, 1), (0, 18)),
        "header",
        "warning",
    )


def test_an_edit_in_game_5_of_20_checks_only_game_5(twenty: str) -> None:
    document = Document()
    document.update(twenty)
    assert (len(document.games), document.analysed) == (20, 0)  # checked when asked for
    assert (document.diagnostics(), document.analysed) == ([], 20)
    lines = twenty.split("\n")
    line = lines.index('[Seed "lsp.5"]') + 2  # game 5's first round
    broken = lines[line].replace("1. Adam", "1. Bernd", 1)
    document.update("\n".join([*lines[:line], broken, *lines[line + 1 :]]))
    (problem,) = document.diagnostics()
    assert document.analysed == 21
    assert (problem.code, problem.span.start) == ("not-your-turn", (line, 3))
    # A line added to game 2 moves games 3-20 down: only game 2 is checked again, and game
    # 5's problem moves with it.
    second = document.games[1].first_line + 1
    lines = document.text.split("\n")
    document.update("\n".join([*lines[:second], "{a new line}", *lines[second:]]))
    assert [d.span.start for d in document.diagnostics()] == [(line + 1, 3)]
    assert document.analysed == 22
    document.update(twenty)  # undo: game 5's old text was forgotten, so it is checked again
    assert (document.diagnostics(), document.analysed) == ([], 24)


def test_formatting_gives_fmt_text_and_refuses_a_syntax_error() -> None:
    document = Document()
    document.update(
        '[Players "Ann"   "Bob" "Cy"]\n\n1. Ann y2 ,Bob pass 1\n*\n[Players "A" "B" "C"] *'
    )
    assert document.formatted() == (
        '[Players "Ann" "Bob" "Cy"]\n1. Ann Y2, Bob pass 1\n*\n\n[Players "A" "B" "C"]\n*\n'
    )
    document.update(SEEDED + "1. Ann V13 R16\n*\n")
    refused = document.formatted()
    assert isinstance(refused, Diagnostic) and refused.span == Span((2, 11), (2, 14))


def test_the_outline_lists_games_and_rounds() -> None:
    document = Document()
    document.update(
        '[Event "One"]\n' + SEEDED + "1. Ann V13 V14, Bob Y11 Y1\n    fights V\n"
        "2. Bob pass 1\n*\n\n" + SEEDED + "1. Ann\n*\n"
    )
    outline = [
        (s.name, s.detail, s.span, s.selection, [(c.name, c.detail, c.span) for c in s.children])
        for s in document.symbols()
    ]
    assert outline == [
        (
            "Game 1: One",
            "Ann, Bob, Cy",
            Span((0, 0), (6, 1)),
            Span((0, 1), (0, 12)),
            [
                ("Round 1", "Ann, Bob", Span((3, 0), (4, 12))),
                ("Round 2", "Bob", Span((5, 0), (5, 13))),
            ],
        ),
        (
            "Game 2",
            "cannot be read: expected a card like R14, or 'pass', not '*'",
            Span((8, 0), (11, 1)),  # from its first line, not the blank line 7 before it
            Span((11, 0), (11, 1)),
            [],
        ),
    ]


# -- hover ----------------------------------------------------------------------------


def test_hover_on_an_action_shows_the_table_after_it() -> None:
    document = Document()
    text = SEEDED + "1. Ann V13 V14, Bob pass 1 2\n*\n"
    document.update(text)
    found = hover(document, at(text, 2, "pass"))
    assert found is not None and found.span == Span((2, 16), (2, 28))
    assert found.markdown == (
        "After `Bob pass 1 2` (step 2):\n\n"
        "**Round 1**: Cy to play or pass\n\n"
        "| player | hand | in front | won | points |\n"
        "|---|---|---|---|--:|\n"
        "| Ann (start) | 8: W7 W5 B0 V10 V4 Y12 Y6 G2 | V14 V13 | - | 0 |\n"
        "| Bob | 12: W4 W2 B9 B7 V0 Y11 Y1 R6 R5 G15 G12 G10 | passed | - | 0 |\n"
        "| Cy | 10: W14 W13 W9 B10 B4 Y14 Y9 R9 G8 G3 | - | - | 0 |\n\n"
        "Piles: 35 + 35 cards"
    )


def test_hover_on_a_skipped_action_shows_the_table_before_it() -> None:
    document = Document()
    document.update(SEEDED + "1. Bob Y11 Y1\n*\n")
    found = hover(document, (2, 5))
    assert found is not None
    assert found.markdown.splitlines()[:3] == [
        "`Bob Y11 Y1` was not applied by the replay; the table before it:",
        "",
        "**Round 1**: Ann to play or pass",
    ]


def test_hover_on_a_tag_says_what_it_means() -> None:
    document = Document()
    document.update(SEEDED + "*\n")
    found = hover(document, (1, 2))
    assert found is not None and found.markdown == (
        "`Seed`: the deal is shuffled from this seed (4.3)\n\nValue: text"
    )
    assert hover(document, (3, 0)) is None  # after the game: nothing


def test_the_tag_meanings_are_those_of_the_notation() -> None:
    text = (ROOT / "docs/notation.md").read_text(encoding="utf-8")
    table = text[text.index("| Tag | Value | Meaning |") :].split("\n\n")[0].splitlines()[2:]
    rows = [line.strip("|").strip().split(" | ") for line in table]
    assert {name.strip("`"): (value, meaning) for name, value, meaning in rows} == TAG_MEANINGS


# -- completion ---------------------------------------------------------------------


def labels(document: Document, position: tuple[int, int]) -> list[str]:
    return [item.label for item in complete(document, position)]


def test_where_an_action_begins_names_and_the_legal_actions() -> None:
    document = Document()
    text = SEEDED + "1. Ann V13 V14, \n*\n"
    document.update(text)
    assert labels(document, (2, 16)) == ["Ann", "Bob", "Cy", *BOB_PLAYS, *BOB_PASSES]
    (bob,) = [item for item in complete(document, (2, 16)) if item.label == "Bob"]
    assert (bob.text, bob.span) == ("Bob", Span((2, 16), (2, 16)))


def test_after_a_name_the_cards_that_player_holds() -> None:
    document = Document()
    document.update(SEEDED + "1. Ann V13 V14, Bob Y11 \n*\n")
    found = complete(document, (2, 24))
    assert [item.label for item in found] == [
        *[card for card in BOB if card != "Y11"],
        *BOB_PLAYS,
        *BOB_PASSES,
    ]
    assert {item.span for item in found if item.kind == "card"} == {Span((2, 24), (2, 24))}
    assert {item.span for item in found if item.kind == "action"} == {Span((2, 16), (2, 24))}
    document.update(SEEDED + "1. Ann V13 V14, Bob Y1\n*\n")  # a word typed: it is replaced
    assert {item.span for item in complete(document, (2, 22)) if item.kind == "card"} == {
        Span((2, 20), (2, 22))
    }


def test_cards_of_a_hand_known_by_its_backs_are_what_they_can_still_be() -> None:
    document = Document()
    text = '[Players "Ann" "Bob" "Cy"]\ndeal Ann: R? W1 R? W2 W3 Y2 B4 B5 B6 R7\n1. Ann \n*\n'
    document.update(text)
    cards = [item.label for item in complete(document, (2, 7)) if item.kind == "card"]
    # The known cards, and the red backs' possible values: every red card but R7 (the hand's
    # own, offered once as known), R0 offered once though the deck has two.
    reds = [f"R{value}" for value in range(15, -1, -1)]
    assert cards == ["W3", "W2", "W1", "B6", "B5", "B4", "Y2", *reds]


def test_names_after_a_winner_mark_and_in_a_start_tag() -> None:
    document = Document()
    text = SEEDED + '[Start "A"]\n1. Ann V13 V14, Bob Y11 Y1, Cy pass 1\n    fights V > \n*\n'
    document.update(text)
    assert labels(document, (4, 15)) == ["Ann", "Bob", "Cy"]
    start = complete(document, (2, 9))
    assert [(item.text, item.span) for item in start] == [
        ('"Ann"', Span((2, 7), (2, 10))),
        ('"Bob"', Span((2, 7), (2, 10))),
        ('"Cy"', Span((2, 7), (2, 10))),
    ]
    assert labels(document, (2, 2))[:3] == ["Notation", "Event", "Site"]  # tag names


def test_in_the_battle_phase_the_colours_to_choose() -> None:
    """After ``fights`` and after a battle's comma only a colour may be written (docs/
    notation.md 6.4): the colours the chooser may choose, no player's name."""
    document = Document()
    text = SEEDED + "1. Ann V13 V14, Bob Y11 Y1, Cy pass 1\n    fights \n*\n"
    document.update(text)
    found = complete(document, (3, 11))
    assert [(item.text, item.kind, item.detail) for item in found] == [
        ("V", "action", "Ann chooses V")
    ]
    document.update(text.replace("fights ", "fights V"))  # a colour typed: it is replaced
    assert [(item.text, item.span) for item in complete(document, (3, 12))] == [
        ("V", Span((3, 11), (3, 12)))
    ]
    # After a battle's winners, the names; in its parentheses, the names and the
    # replacement draws owed.
    text = (ROOT / "examples/rulebook-round.ggn").read_text(encoding="utf-8")
    written = "fights Y > Adam {Adam alone: both Manticores win}, R > Dagmar Dagmar ("
    document.update(text[: text.index(written) + len(written)] + "\n*\n")
    line = len(document.lines) - 3
    names = ["Adam", "Bernd", "Collette", "Dagmar"]
    assert labels(document, (line, 66)) == names  # R > Dagmar |Dagmar
    assert labels(document, (line, 74)) == [*names, "Adam 1", "Adam 2", "Adam forgot"]
    assert labels(document, (line, 33)) == []  # in a comment
    assert labels(document, (line, 57)) == []  # after a colour: '>', '(' or ','


def test_after_the_end_marker_nothing_is_offered() -> None:
    """Completion after ``*`` offered the last action's completions, each replacing the
    text from that action's name to the cursor: accepting one deleted ``Cy Y3``, the line
    break and the ``*``."""
    document = Document()
    text = '[Players "Ann" "Bob" "Cy"]\n1. Ann Y2, Bob pass 1, Cy Y3\n*\n'
    document.update(text)
    for position in ((3, 0), (2, 1), (2, 0)):
        assert [item for item in complete(document, position) if item.kind != "card"] == []
    assert complete(document, (3, 0)) == complete(document, (2, 1)) == []
    document.update(text + "[Pl")  # the next game's tags
    assert {(item.kind, item.span) for item in complete(document, (3, 3))} == {
        ("tag", Span((3, 1), (3, 3)))
    }
    # In the scores of an 'end', the names; after the end, nothing.
    document.update(text.replace("*", "end Ann 12, "))
    assert labels(document, (2, 12)) == ["Ann", "Bob", "Cy"]
    assert labels(document, (2, 4)) == ["Ann", "Bob", "Cy"]
    assert labels(document, (2, 10)) == [] and labels(document, (3, 0)) == []


def test_where_no_action_may_begin_nothing_is_offered() -> None:
    """No name before the game's tags, among them, after a tag, in a comment, after a
    battle's ``)`` or in a deal line's cards."""
    document = Document()
    text = (
        "{note}\n" + SEEDED + "deal Ann: W5 \n"
        "1. Ann V13 V14 {after Ann }, Bob Y11 Y1, Cy pass 1\n"
        "    fights V > Ann (Bob 1) \n*\n"
    )
    document.update(text)
    for position in ((0, 0), (0, 3), (1, 0), (3, 0), (3, 13), (4, 25), (5, 27)):
        assert complete(document, position) == [], position
    assert labels(document, (3, 5)) == ["Ann", "Bob", "Cy"]  # deal NAME


RECORDS = [
    '[Players "Ann" "Bob" "Cy"]\n1. Ann Y2, Bob pass 1, Cy Y3\n*\n',
    SEEDED + "1. Ann V13 V14, Bob Y11\n  Y1, Cy pass 1:R? 2\n    fights V > Ann (Bob 1, \n*\n",
    SEEDED
    + "1. Ann V13 V14 {why}, Bob Y11 Y1, Cy pass 1\n    fights V > Ann (Bob 1), \n"
    + 'end Ann 3, "Bob" 0, \n',
    (ROOT / "examples/rulebook-round.ggn").read_text(encoding="utf-8"),
    "\n".join((ROOT / "examples/full-game.ggn").read_text(encoding="utf-8").split("\n")[:20])
    + "\nend Adam 1\n",
]


@pytest.mark.parametrize(
    "text",
    [*RECORDS[:-1], pytest.param(RECORDS[-1], marks=pytest.mark.slow)],  # the last: 0.9 s
    ids=range(len(RECORDS)),
)
def test_every_completion_replaces_only_what_is_typed_of_the_item_on_its_line(text: str) -> None:
    """At every cursor position of a few records, each completion's range is on the
    cursor's line (the protocol asks for a one-line range holding the cursor) and
    replaces only the word typed there (a name, a card, a colour, a tag's name) or, for an
    action, what is typed of that action: never a comma, a bracket, a round number, a
    comment, a line break or the end marker; after the end marker nothing is offered."""
    document = Document()
    document.update(text)
    lines = document.lines
    ended = False
    for line, row in enumerate(lines):
        for column in range(len(row) + 1):
            found = complete(document, (line, column))
            for item in found:
                (first, start), (last, end) = item.span.start, item.span.end
                where = (line, column, item.label)
                assert first == last == line and start <= column <= end, where
                replaced = row[start:end]
                if item.kind == "action":
                    assert re.fullmatch(r"[^,()\[\]>*{};]*", replaced), where
                    assert not re.search(r"\b(end|fights|deal|pile)\b|\d\.", replaced), where
                else:
                    assert re.fullmatch(r'[^\s,()\[\]>*{};:]*|"[^"]*"', replaced), where
            if ended:
                assert [item.kind for item in found] in ([], ["name"] * len(found)), where
        ended = ended or re.match(r"\*|end\b", row) is not None


# -- the same as gargon validate, and never an exception ------------------------------

INVALID = sorted((ROOT / "tests/data/invalid").glob("*/*.ggn"))


@pytest.mark.parametrize("path", INVALID, ids=lambda path: path.name)
def test_diagnostics_are_the_problems_validate_finds(path: Path) -> None:
    text = path.read_bytes().decode("utf-8", errors="replace")
    document = Document()
    document.update(text)
    expected = []
    for number, item in enumerate(gg.loads(text), start=1):
        if isinstance(item, gg.NotationError):
            expected.append(("syntax", item.line - 1, item.column - 1))
            continue
        verdict = gg.validate(item, game=number)
        expected.extend((p.code, p.line - 1, p.column - 1) for p in verdict.problems)
        expected.extend((w.code, w.line - 1, w.column - 1) for w in verdict.warnings)
    found = [(d.code, *d.span.start) for d in document.diagnostics()]
    # The same problems, each where validate puts it; one without a place (a missing tag)
    # is shown at its game's first token.
    assert sorted(code for code, _, _ in found) == sorted(code for code, _, _ in expected)
    assert {problem for problem in expected if problem[1] >= 0} <= set(found)


LONG = ";" + "x" * 150_009 + "\n"
"""A line of 150,011 bytes (its LF counted), as docs/cli.md's example writes one."""


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (LONG + SEEDED + "1. Bob Y2\n*\n", 1),
        (
            SEEDED
            + "1. Ann V13 V14 {"
            + "x" * 100_000
            + "}, Bob pass 1 2\n*\n"
            + SEEDED
            + "1. Bob Y2\n*\n",
            3,
        ),
        ('[Event "' + "e" * 100_000 + '"]\n' + SEEDED + "*\n" + SEEDED + "1. Bob Y2\n*\n", 1),
        ("{a note}\n" + LONG + SEEDED + "1. Bob Y2\n*\n", 2),
        (SEEDED + "1. Ann V13 V14\n*\n" + LONG, 5),
    ],
    ids=["before-a-game", "in-a-round", "a-tag", "after-a-comment", "after-the-last-game"],
)
def test_a_line_over_the_limit_is_an_error_where_validate_says(
    tmp_path: Path, text: str, line: int
) -> None:
    """A line over 100,000 bytes makes its game an error (docs/notation.md, 11.3): the
    whole line is marked, with validate's message; the other games are read as validate
    reads them, their problems at validate's lines."""
    path = tmp_path / "long.ggn"
    path.write_text(text, encoding="utf-8")
    document = Document()
    document.update(text)
    assert server_says(document) == validate_says(path)
    size = len(text.split("\n")[line - 1]) + 1
    message = f"line {line} is {size} bytes long, over the limit of 100000; its game is skipped"
    (limit,) = [d for d in document.diagnostics() if d.code == "syntax"]
    assert (limit.span, limit.message) == (Span((line - 1, 0), (line - 1, size - 1)), message)
    turns = [d.span.start for d in document.diagnostics() if d.code == "not-your-turn"]
    assert turns == [(i, 3) for i, row in enumerate(text.split("\n")) if row == "1. Bob Y2"]


def test_a_line_over_the_limit_made_longer_says_its_new_length() -> None:
    """The message names the line's length, which its kept ends do not show."""
    document = Document()
    document.update(LONG + SEEDED + "*\n")
    document.update(LONG[:100] + "x" * 10 + LONG[100:] + SEEDED + "*\n")
    (limit,) = document.diagnostics()
    assert limit.message.startswith("line 1 is 150021 bytes long")


def test_the_outline_keeps_a_line_over_the_limit_as_a_game() -> None:
    document = Document()
    document.update("{a note}\n" + LONG + SEEDED + "*\n")
    assert [(s.name, s.span.start[0], s.detail[:40]) for s in document.symbols()] == [
        ("Game 1", 1, "cannot be read: line 2 is 150011 bytes l"),
        ("Game 2", 0, "Ann, Bob, Cy"),
    ]


BOM = "\ufeff"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # cat of a file ending in a blank line, and a file that begins with a mark
        (
            SEEDED + "1. Ann V13 V14\n*\n\n" + BOM + SEEDED + "1. Bob Y2\n*\n",
            [(8, 4, "not-your-turn")],
        ),
        # cat of a game without its end, and a file that begins with a mark
        (
            SEEDED + "1. Ann V13 V14\n" + BOM + SEEDED + "1. Bob Y2\n*\n",
            [(3, 15, "syntax"), (6, 4, "not-your-turn")],
        ),
        # cat of a file that begins with a mark, and a comment that begins with one
        (
            BOM + SEEDED + "*\n" + BOM + "{next}\n" + SEEDED + "1. Bob Y2\n*\n",
            [(7, 4, "not-your-turn")],
        ),
        (BOM + BOM + SEEDED + "*\n", []),
    ],
    ids=["after-a-blank-line", "after-an-unfinished-game", "a-comment", "two-at-the-start"],
)
def test_a_byte_order_mark_opening_a_later_line_is_skipped_as_validate_skips_it(
    tmp_path: Path, text: str, said: list[tuple[int, int, str]]
) -> None:
    """Files joined with ``cat`` keep each one's byte-order mark: the readers skip a mark
    that opens any line (the language server read the text after it as notation)."""
    path = tmp_path / "joined.ggn"
    path.write_text(text, encoding="utf-8")
    document = Document()
    document.update(text)
    assert server_says(document) == validate_says(path)
    assert [(line, column, code) for line, column, code, _ in server_says(document)] == said


def test_on_a_line_a_byte_order_mark_opens_the_columns_are_the_editor_s(tmp_path: Path) -> None:
    """validate counts columns after the marks it skipped; the editor shows them, and the
    language server marks the token validate names where the editor has it."""
    text = SEEDED + "*\n" + BOM + BOM + SEEDED.replace("\n", " ") + "1. Bob Y2 *\n"
    path = tmp_path / "joined.ggn"
    path.write_text(text, encoding="utf-8")
    ((line, column, code, message),) = validate_says(path)
    document = Document()
    document.update(text)
    (found,) = document.diagnostics()
    assert (line, column, code) == (4, 48, "not-your-turn")
    assert (found.span, found.code, found.message) == (Span((3, 49), (3, 55)), code, message)
    assert document.lines[3][49:55] == "Bob Y2"


MUTATIONS = 250 if HEAVY else 15
"""Random edits of the examples the analysis is given (the heavy profile's many)."""


def test_no_edit_makes_the_analysis_fail() -> None:
    """Random edits of records (characters deleted, inserted, words pasted): every feature
    answers, whatever the text, and every completion replaces a range of the cursor's line
    that holds the cursor (as the protocol asks)."""
    texts = [(ROOT / "examples" / name).read_text(encoding="utf-8") for name in EXAMPLES]
    alphabet = list('[]"{}();,:>-*!?$ \n\r\t1234509.RGBWVYXrendpassfightsdeal\ufeff\U0001d49c')
    pasted = ["Adam ", "pass 1 ", ", ", "R16", "fights ", "\n2. ", "{", '[Start "']
    rng = random.Random(15)
    for _ in range(MUTATIONS):
        chars = list(rng.choice(texts))
        for _ in range(rng.randint(1, 4)):
            at_ = rng.randrange(len(chars) + 1)
            choice = rng.random()
            if choice < 0.4 and chars:
                del chars[min(at_, len(chars) - 1)]
            elif choice < 0.8:
                chars.insert(at_, rng.choice(alphabet))
            else:
                chars[at_:at_] = list(rng.choice(pasted))
        document = Document()
        document.update("".join(chars))
        document.diagnostics()
        document.symbols()
        document.formatted()
        for _ in range(3):
            line = rng.randrange(len(document.lines))
            position = (line, rng.randint(0, len(document.lines[line])))
            hover(document, position)
            for item in complete(document, position):
                (first, start), (last, end) = item.span.start, item.span.end
                assert first == last == line and start <= position[1] <= end, (position, item)


def test_each_symbol_s_selection_is_inside_its_range_after_blank_lines() -> None:
    """Editors drop a symbol whose selection is outside its range (VS Code's outline)."""
    from gargon_notation.notation import MAX_GAME_ITEMS

    game = '[Players "Ann" "Bob" "Cy"]\n1. Ann R1, Bob pass 1, Cy pass 2\n*\n'
    many = '[Players "Ann" "Bob" "Cy"]\n' + ("{c} " * (MAX_GAME_ITEMS // 5) + "\n") * 6 + "*\n"
    document = Document()
    document.update(game + "\n\n" + many + "\n\n\n" + game)
    symbols = document.symbols()
    assert [symbol.span.start[0] for symbol in symbols] == [0, 5, 16]
    assert symbols[1].detail.startswith("cannot be read: the game starting at line")
    for symbol in symbols:
        assert symbol.span.start <= symbol.selection.start <= symbol.selection.end
        assert symbol.selection.end <= symbol.span.end


@pytest.mark.slow
def test_the_outline_of_a_long_game_reads_each_line_a_few_times() -> None:
    """Each round's extent was found by walking every token of its game (2,000 rounds: 130
    times the work of 200), and every game of the file was tokenized for the outline alone
    (20 s and 500 MB more for 5 MB of games); the outline now reads each round's lines, and
    tokenizes only the tags of a game.  Counted, not timed: the lines and tokens looked at."""

    class Counted(list[Any]):
        looked = 0

        def __getitem__(self, index: Any) -> Any:
            Counted.looked += 1
            return super().__getitem__(index)

        def __iter__(self) -> Iterator[Any]:
            for item in super().__iter__():
                Counted.looked += 1
                yield item

    def looked_at(rounds: int) -> int:
        moves = "".join(f"{n}. Ann R1 {{r{n}}}, Bob pass 1 ; the {n}th\n" for n in range(1, rounds))
        text = '[Event "Long"]\n[Players "Ann" "Bob" "Cy"]\n' + moves + "*\n"
        analysis = analyse_game(text)
        analysis._lines = Counted(text.split("\n"))
        analysis._tokens = Counted(analysis.tokens)  # made for the problems' extents
        Counted.looked = 0
        game = outline(analysis, rounds + 2)
        assert len(game.children) == rounds - 1
        last = moves.splitlines()[-1]  # 3999. Ann R1 {r3999}, Bob pass 1 ; the 3999th
        assert game.children[-1].span == Span((rounds, 0), (rounds, len(last)))
        assert game.selection == Span((0, 1), (0, 13))
        return Counted.looked

    assert looked_at(4000) <= 10 * looked_at(400) + 100  # linear (quadratic: 100 times)


def test_the_outline_tokenizes_no_valid_game() -> None:
    """The tokens of every game of a 5 MB file took 500 MB; the outline reads a valid
    game's lines (a game with a problem has its tokens, for the problem's extent)."""
    document = Document()
    document.update((ROOT / "examples" / "club-night.ggn").read_text(encoding="utf-8"))
    names = [symbol.name for symbol in document.symbols()]
    assert names == [f"Game {number}: Club night" for number in (1, 2, 3)]
    assert [document.analysis(game)._tokens for game in document.games] == [None] * 3


@pytest.mark.parametrize(
    ("note", "column", "message"),
    [
        (
            "# Thursday club night",
            0,
            "expected a tag like [Event \"...\"], 'deal', 'pile', a round number like '1.', or "
            "the end of the game ('*' or 'end'), not '#'",
        ),
        (
            "* Thursday club night",
            2,
            "only comments may follow the end of the game ('*' or 'end'), not 'Thursday': to "
            "write a note, make the line a comment: '; * Thursday club night'",
        ),
    ],
    ids=["hash", "star"],
)
def test_a_stray_line_among_the_tags_is_one_game_s_error(
    tmp_path: Path, note: str, column: int, message: str
) -> None:
    """The document is cut as validate cuts the file (docs/notation.md 11.1): a stray line
    among a game's tags is that game's syntax error, and the tags after it are the same
    game's, not a game of their own."""
    lines = (ROOT / "examples" / "full-game.ggn").read_text(encoding="utf-8").split("\n")
    text = "\n".join([*lines[:3], note, *lines[3:]])
    document = Document()
    document.update(text)
    assert [(game.number, game.first_line, game.lines) for game in document.games] == [
        (1, 0, len(lines))
    ]
    width = len(message.split("not '")[1].split("'")[0])
    span = Span((3, column), (3, column + width))
    assert document.diagnostics() == [Diagnostic(span, message, "syntax")]
    path = tmp_path / "thursday.ggn"
    path.write_text(text, encoding="utf-8")
    assert validate_says(path) == [(4, column + 1, "syntax", message)]
