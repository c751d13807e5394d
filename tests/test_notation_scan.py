"""How the splitter reads a line's text (``gargon_notation.notation.scan``): comments
removed and quotes blanked.  That the whole reader takes linear time is tested in
test_linear_time.py, where games begin and end in test_splitting.py."""

from __future__ import annotations

import random
import re

from gargon_notation.notation.scan import scan_line

_OLD_HIDDEN = re.compile(r'\{[^}]*\}|"(?:[^"\\\n]|\\.)*"|;.*|\{.*', re.DOTALL)


def _old_scan(line: str) -> tuple[str, bool]:
    opened = False

    def hide(match: re.Match[str]) -> str:
        nonlocal opened
        text = match.group()
        if text[0] == '"':
            return " x "
        if text[0] == "{" and not text.endswith("}"):
            opened = True
        return " "

    return _OLD_HIDDEN.sub(hide, line), opened


def test_the_linear_splitter_sees_lines_as_the_old_one_did() -> None:
    """The scan that reads a line of unclosed quotes in linear time reads every line as the
    quadratic one before it did."""
    generator = random.Random(9)
    for _ in range(20_000):
        line = "".join(generator.choice('ab "\\{};*\t') for _ in range(generator.randrange(30)))
        assert scan_line(line + "\n", False)[:2] == _old_scan(line + "\n"), repr(line)
