"""The library's errors (gargon_notation/errors.py) as a program that logs them sees them:
their text holds no control character, whatever the input held, and stays short, however
long the line it quotes."""

from __future__ import annotations

import re
from pathlib import Path

import gargon_notation as gg
from gargon_notation.errors import EXCERPT_CHARACTERS, RuleViolation

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]")

ROUND = (Path(__file__).parent.parent / "examples/rulebook-round.ggn").read_text(encoding="utf-8")


def test_a_control_character_quoted_by_a_syntax_error_is_escaped_in_its_text() -> None:
    error = next(gg.loads(b'[Players "A" "B" "C"]\n1. A \x1b[2J\n*\n'))
    assert isinstance(error, gg.NotationError)
    assert error.message == "expected a card like R14, or 'pass', not '\x1b'"  # as written
    assert str(error) == (
        "<string>:2:6: expected a card like R14, or 'pass', not '\\u001b'\n"
        "    1. A \\u001b[2J\n"
        "         ^"
    )


def test_a_name_holding_control_characters_is_escaped_in_a_problem_and_a_refusal() -> None:
    text = ROUND.replace("Bernd", "Be\x1b[31mrnd\u202e").replace("Adam Y2 Y6 R9", "Adam Y2 Y6")
    verdict = gg.validate(next(gg.loads(text)))
    assert verdict.problems
    assert not any(CONTROL.search(str(problem)) for problem in verdict.problems)
    assert "Be\\u001b[31mrnd\\u202e" in "".join(map(str, verdict.problems))
    refusal = RuleViolation("not-your-turn", "Be\x1b[31mrnd may not act now")
    assert str(refusal) == "Be\\u001b[31mrnd may not act now [not-your-turn]"
    assert refusal.message == "Be\x1b[31mrnd may not act now"


def test_a_long_line_is_quoted_around_its_column_however_long_it_is() -> None:
    line = "1. Ann Y2, Bob pass 1 " + "\u00e9\t" * 33_000  # under a line's 100,000 bytes
    error = next(gg.loads('[Players "Ann" "Bob" "Cy"]\n' + line + "\n*\n"))
    assert isinstance(error, gg.NotationError)
    assert (error.line, error.column) == (2, 23)
    shown, caret = str(error).split("\n")[1:]
    assert len(shown) < 8 * EXCERPT_CHARACTERS  # a tab is shown as up to 8 spaces
    assert shown.startswith("    1. Ann Y2, Bob pass 1 \u00e9 ") and shown.endswith("\u2026")
    assert shown[caret.index("^")] == "\u00e9"
