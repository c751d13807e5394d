"""The examples of the documentation run as written (from the project's root)."""

from __future__ import annotations

import doctest
import os
import re
import tempfile
from pathlib import Path

import pytest
from test_engine_properties import DOCUMENTED_CODES

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "docs" / "api.md"]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_documentation_examples(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the examples' mkdtemp() folders
    result = doctest.testfile(
        os.fspath(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} examples failed in {path.name}"


def _listed_codes() -> set[str]:
    """The codes in the tables of docs/rules.md's section 8, and those its text names as not
    the replay's (``syntax``)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text[text.index("## 8. Rule codes") :]
    rows = re.findall(r"^\| `([a-z-]+)` \|", section, re.MULTILINE)
    prose = re.findall(r"^`([a-z-]+)` is not a replay code", section, re.MULTILINE)
    return set(rows) | set(prose)


def test_every_code_a_problem_can_have_is_listed_in_rules_md() -> None:
    """``observations-unfit``, the tables' code, was in no codes table of docs/rules.md
    (found by a review): every code the replay, the engine and the tables give is listed."""
    from gargon_notation.observation import UNFIT
    from gargon_notation.replay.problems import _RECORD_CODES, FACT_CODES

    listed = _listed_codes()
    assert {UNFIT, "syntax", "header"} | FACT_CODES | _RECORD_CODES <= listed
    engine = DOCUMENTED_CODES | {"deal-size"}  # the actions' codes, and Game.new's
    assert listed - FACT_CODES - _RECORD_CODES - engine == {UNFIT, "syntax", "header"}
