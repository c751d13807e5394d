"""``gargon validate`` reports malformed values of known tags the replay does not need as
warnings: the game stays valid, the exit code stays 0, docs/notation.md section 4.2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from in_process import CliRunner

from gargon_notation.cli import app

RECORD = """[Notation "1"]
[Event "Thursday"]
[Date "{date}"]
[Players "Ann" "Bob" "Cy"]
*
"""


@pytest.fixture(autouse=True)
def _columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def validate(tmp_path: Path, date: str, *options: str) -> tuple[int, str]:
    path = tmp_path / "thursday.ggn"
    path.write_text(RECORD.format(date=date), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", *options, str(path)])
    return result.exit_code, result.stdout.replace(str(tmp_path) + "/", "")


def test_a_malformed_date_is_a_warning_on_a_valid_game(tmp_path: Path) -> None:
    code, output = validate(tmp_path, "26.11.2026")
    assert code == 0
    assert output.splitlines() == [
        'ok thursday.ggn game 1 "Thursday": valid, unfinished, 0 rounds',
        '  warning: thursday.ggn:3:2: game 1 "Thursday": a Date is written YYYY.MM.DD (?? for '
        "unknown), not '26.11.2026' [header]",
        "  not checked: the deal is not known: cards are checked by count only until revealed",
        "1 game in 1 file: 1 valid, 0 invalid; 1 warning",
    ]


def test_the_json_report_lists_warnings(tmp_path: Path) -> None:
    code, output = validate(tmp_path, "2026.02.30", "--json")
    assert code == 0
    report = json.loads(output)
    assert report["summary"]["warnings"] == 1
    [game] = report["games"]
    assert game["valid"] is True
    assert game["warnings"] == [
        {
            "code": "header",
            "message": "the Date '2026.02.30' has no day 30",
            "source": "thursday.ggn",
            "line": 3,
            "column": 2,
            "game": 1,
            "event": "Thursday",
            "round": None,
            "player": None,
            "seat": None,
            "written": None,
            "context": None,
            "repair": None,
            "consequence_of": None,
        }
    ]


def test_a_good_date_gives_no_warning(tmp_path: Path) -> None:
    code, output = validate(tmp_path, "2026.11.26")
    assert code == 0
    assert output.splitlines()[-1] == "1 game in 1 file: 1 valid, 0 invalid"
