"""The ``gargon`` command, verb by verb, through Typer's CliRunner.

Exit codes: 0 success, 1 an invalid record (or ``fmt --check`` finding work), 2 a usage or
I/O error.  Console output is rendered 80 columns wide (``COLUMNS=80``; CliRunner's output is
not a terminal, so rich writes plain text).  Fixtures of their own live in ``tests/data/cli/``:
``broken.ggn`` (a rule violation), ``syntax.ggn`` (a syntax error) and ``mixed.ggn`` (valid,
broken, valid).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import gargon_notation.cli as cli
import gargon_notation.cli.common as cli_common
from gargon_notation import __version__
from gargon_notation.cli import app
from gargon_notation.files import load as load_records

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.ggn"))
EXAMPLE_NAMES = [path.name for path in EXAMPLE_FILES]
DATA = Path(__file__).resolve().parent / "data" / "cli"
# The package exports the ``validate`` command under the name of its module.
parallel = importlib.import_module("gargon_notation.parallel")

ANSI = re.compile(r"\x1b\[[0-9;]*m")
BROKEN_PROBLEM = (
    "broken.ggn:6:56: game 1 \"Broken round\", round 1, Dagmar (seat 4): 'Dagmar R14 R0 G12': "
    "Dagmar plays R14 R0 G12, but as last seat may only play colours already played this "
    "round (blue, yellow and red), not green [last-seat-new-colour]"
)
UNKNOWN_DEAL_NOTE = (
    "  not checked: 93 cards of the deal are not fully known: plays from them are checked by "
    "colour and count only, and draws of them cannot be checked"
)


@pytest.fixture(autouse=True)
def _console(monkeypatch: pytest.MonkeyPatch) -> None:
    """80 columns, and no ``--no-color`` left behind on the shared consoles by a test."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(cli.out, "no_color", cli.out.no_color)
    monkeypatch.setattr(cli.err, "no_color", cli.err.no_color)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch directory holding copies of the examples and the CLI fixtures, as the cwd."""
    for path in [*EXAMPLE_FILES, *DATA.glob("*.ggn")]:
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def gargon(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


def lines(text: str) -> list[str]:
    return text.splitlines()


def one_line(text: str) -> str:
    """Text with every run of whitespace made one space (undoes the console's wrapping)."""
    return " ".join(text.split())


def unboxed(text: str) -> str:
    """An error in a box as one line: the borders gone, every run of whitespace one space."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def end_scores(text: str) -> list[dict[str, int]]:
    """The ``end NAME N, ...`` lines of a record, in order."""
    return [
        {name: int(points) for name, points in re.findall(r"(\w+) (\d+)", line[4:])}
        for line in lines(text)
        if line.startswith("end ")
    ]


def scoreboard_totals(text: str) -> dict[str, int]:
    """Player -> total from the rendered "Score" tables of ``text``: the first line of each
    player's rows (the others are indented) ends with the total."""
    totals = {}
    in_table = False
    for line in lines(text):
        if line.strip() == "Score":
            in_table = True
        elif line.startswith("won: in the order won"):
            in_table = False
        elif (
            in_table
            and (row := re.fullmatch(r"(\w+)(?: \*)?\s.*?(\d+)\s*", line))
            and row.group(1) != "Player"
        ):
            totals[row.group(1)] = int(row.group(2))
    return totals


def games_of(text: str) -> list[str]:
    """The games of a canonical multi-game text (separated by exactly one blank line)."""
    return text.split("\n\n")


# -- validate ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_validate_every_example(name: str) -> None:
    result = gargon("validate", EXAMPLES / name)
    assert result.exit_code == 0, result.output
    output = lines(result.stdout)
    games = len([line for line in output if line.startswith("ok ")])
    noun = "game" if games == 1 else "games"
    assert output[-1] == f"{games} {noun} in 1 file: {games} valid, 0 invalid"
    assert not [line for line in output if line.startswith("INVALID")]


def test_validate_the_examples_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = gargon("validate", "examples")
    assert result.exit_code == 0
    assert result.stdout == "\n".join(
        [
            'ok examples/club-night.ggn game 1 "Club night": valid, finished, 14 rounds; '
            "won by Bernd",
            'ok examples/club-night.ggn game 2 "Club night": valid, finished, 8 rounds; '
            "won by Dagmar",
            'ok examples/club-night.ggn game 3 "Club night": valid, finished, 5 rounds; '
            "won by Bernd",
            'ok examples/full-game.ggn game 1 "Full game with its deal written out": valid, '
            "finished, 9 rounds; won by Adam",
            'ok examples/rulebook-round.ggn game 1 "Rulebook example round": valid, unfinished, '
            "1 round",
            UNKNOWN_DEAL_NOTE,
            'ok examples/seeded-game.ggn game 1 "A seed-dealt game": valid, finished, 19 rounds; '
            "won by Collette",
            'ok examples/table-record.ggn game 1 "Recorded at the table": valid, finished, '
            "6 rounds; won by Emil",
            "  not checked: 102 cards of the deal are not fully known: plays from them are "
            "checked by colour and count only, and draws of them cannot be checked",
            "7 games in 5 files: 7 valid, 0 invalid",
            "",
        ]
    )


def test_validate_a_broken_file(work: Path) -> None:
    result = gargon("validate", "broken.ggn")
    assert result.exit_code == 1
    assert lines(result.stdout) == [
        'INVALID broken.ggn game 1 "Broken round": 1 problem',
        "  " + BROKEN_PROBLEM,
        "      hand: X? X? X? X? X? X? X? X? X? X?; led: 2:1; colours played: B Y R; piles: 29+30",
        "      skipped this action",
        "  not checked: the deal is not known: cards are checked by count only until revealed",
        "1 game in 1 file: 0 valid, 1 invalid",
    ]


def test_validate_a_score_that_does_not_add_up(work: Path) -> None:
    text = (work / "seeded-game.ggn").read_text(encoding="utf-8")
    (work / "score.ggn").write_text(text.replace("end Adam 54", "end Adam 55"), encoding="utf-8")
    result = gargon("validate", "score.ggn")
    assert result.exit_code == 1
    assert lines(result.stdout) == [
        'INVALID score.ggn game 1 "A seed-dealt game": 1 problem',
        '  score.ggn:47:5: game 1 "A seed-dealt game", Adam: Adam is written with 55 points, '
        "but scores 54 [score-mismatch]",
        "1 game in 1 file: 0 valid, 1 invalid",
    ]


def test_validate_a_syntax_error(work: Path) -> None:
    result = gargon("validate", "syntax.ggn")
    assert result.exit_code == 1
    assert lines(result.stdout) == [
        "INVALID syntax.ggn game 1: 1 problem",
        "  syntax.ggn:3:25: expected a card like R14, or 'pass', not 'folds'",
        "      1. Adam Y2 Y6 R9, Bernd folds",
        "                              ^",
        "1 game in 1 file: 0 valid, 1 invalid",
    ]


def test_validate_a_missing_path(work: Path) -> None:
    result = gargon("validate", "examples.ggn", "nowhere/")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "gargon: examples.ggn: no such file or directory\n"


def test_validate_a_directory_without_records(work: Path) -> None:
    (work / "empty").mkdir()
    result = gargon("validate", "empty")
    assert result.exit_code == 2
    assert result.stderr == "gargon: no .ggn file found in empty\n"


def test_validate_reads_standard_input() -> None:
    text = (EXAMPLES / "seeded-game.ggn").read_text(encoding="utf-8")
    result = gargon("validate", "-", input=text)
    assert result.exit_code == 0
    assert lines(result.stdout) == [
        'ok <stdin> game 1 "A seed-dealt game": valid, finished, 19 rounds; won by Collette',
        "1 game in 1 file: 1 valid, 0 invalid",
    ]


def test_validate_reads_broken_standard_input(work: Path) -> None:
    result = gargon("validate", "-", input=(work / "broken.ggn").read_text(encoding="utf-8"))
    assert result.exit_code == 1
    assert "  " + BROKEN_PROBLEM.replace("broken.ggn", "<stdin>") in lines(result.stdout)


def test_validate_reports_every_game_without_strict(work: Path) -> None:
    result = gargon("validate", "mixed.ggn")
    assert result.exit_code == 1
    verdicts = [line for line in lines(result.stdout) if not line.startswith(" ")]
    assert verdicts == [
        'ok mixed.ggn game 1 "Rulebook example round": valid, unfinished, 1 round',
        'INVALID mixed.ggn game 2 "Broken round": 1 problem',
        'ok mixed.ggn game 3 "Rulebook round again": valid, unfinished, 1 round',
        "3 games in 1 file: 2 valid, 1 invalid",
    ]


def test_validate_strict_stops_at_the_first_invalid_game(work: Path) -> None:
    result = gargon("validate", "--strict", "mixed.ggn", "full-game.ggn")
    assert result.exit_code == 1
    assert lines(result.stdout) == [
        'ok mixed.ggn game 1 "Rulebook example round": valid, unfinished, 1 round',
        UNKNOWN_DEAL_NOTE,
        'INVALID mixed.ggn game 2 "Broken round": 1 problem',
        "  " + BROKEN_PROBLEM.replace("broken.ggn:6:56: game 1", "mixed.ggn:17:56: game 2"),
        "      hand: X? X? X? X? X? X? X? X? X? X?; led: 2:1; colours played: B Y R; piles: 29+30",
        "2 games in 1 file: 1 valid, 1 invalid; 1 file not read (--strict stopped at the "
        "first invalid game)",
    ]


def test_validate_strict_counts_the_files_read_before_it_stopped(work: Path) -> None:
    """An empty file before the stop was read (and is named); the files after it were not."""
    (work / "empty.ggn").write_text("")
    paths = ["empty.ggn", "club-night.ggn", "mixed.ggn", "full-game.ggn", "seeded-game.ggn"]
    result = gargon("validate", "-q", "--strict", *paths)
    assert result.exit_code == 1
    assert lines(result.stdout)[-2:] == [
        "EMPTY empty.ggn: this file holds no game (it is empty, or holds only comments)",
        "5 games in 3 files: 4 valid, 1 invalid; 1 file without a game; 2 files not read "
        "(--strict stopped at the first invalid game)",
    ]
    report = json.loads(gargon("validate", "--json", "--strict", *paths).stdout)["summary"]
    assert (report["files"], report["unread"], report["empty"]) == (3, 2, ["empty.ggn"])
    whole = json.loads(gargon("validate", "--json", "--strict", *paths[:2], *paths[3:]).stdout)
    assert (whole["summary"]["files"], whole["summary"]["unread"]) == (4, 0)


def test_validate_quiet_reports_invalid_games_and_the_summary(work: Path) -> None:
    result = gargon("validate", "--quiet", "mixed.ggn", "club-night.ggn")
    assert result.exit_code == 1
    output = lines(result.stdout)
    assert output[0] == 'INVALID mixed.ggn game 2 "Broken round": 1 problem'
    assert output[-1] == "6 games in 2 files: 5 valid, 1 invalid"
    assert not [line for line in output if line.startswith("ok ")]
    assert UNKNOWN_DEAL_NOTE not in output

    quiet = gargon("validate", "-q", "club-night.ggn")
    assert quiet.exit_code == 0
    assert quiet.stdout == "3 games in 1 file: 3 valid, 0 invalid\n"


def test_validate_json_gives_each_game_the_first_line_that_is_not_blank(work: Path) -> None:
    """Game 2 of the club night starts with its comment on line 40 and game 3 with its first
    tag on line 67, after the blank lines 39 and 66 that its text holds before them."""
    result = gargon("validate", "--json", "club-night.ggn")
    assert result.exit_code == 0
    games = json.loads(result.stdout)["games"]
    assert [(game["game"], game["line"]) for game in games] == [(1, 1), (2, 40), (3, 67)]


def test_validate_json_report(work: Path) -> None:
    result = gargon("validate", "--json", "mixed.ggn", "syntax.ggn", "full-game.ggn")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["format"] == "gargon-validate"
    assert report["version"] == 1
    summary = report["summary"]
    assert {key: summary[key] for key in ("files", "games", "valid", "invalid", "finished")} == {
        "files": 3,
        "games": 5,
        "valid": 3,
        "invalid": 2,
        "finished": 1,
    }
    games = report["games"]
    assert [(g["source"], g["game"], g["line"], g["valid"]) for g in games] == [
        ("mixed.ggn", 1, 1, True),
        ("mixed.ggn", 2, 13, False),  # its first line, after the blank line 12 it holds
        ("mixed.ggn", 3, 20, True),
        ("syntax.ggn", 1, 1, False),
        ("full-game.ggn", 1, 1, True),
    ]
    full = games[4]
    assert full == {
        "source": "full-game.ggn",
        "game": 1,
        "line": 1,
        "event": "Full game with its deal written out",
        "valid": True,
        "finished": True,
        "rounds": 9,
        "problems": [],
        "unchecked": [],
        "scores": {"Adam": 36, "Bernd": 27, "Collette": 22, "Dagmar": 22},
        "winners": ["Adam"],
        "warnings": [],
    }
    assert games[0]["finished"] is False
    assert games[0]["scores"] is None
    assert games[0]["unchecked"] == [UNKNOWN_DEAL_NOTE.removeprefix("  not checked: ")]
    assert games[1]["problems"] == [
        {
            "code": "last-seat-new-colour",
            "message": "Dagmar plays R14 R0 G12, but as last seat may only play colours "
            "already played this round (blue, yellow and red), not green",
            "source": "mixed.ggn",
            "line": 17,
            "column": 56,
            "game": 2,
            "event": "Broken round",
            "round": 1,
            "player": "Dagmar",
            "seat": 3,
            "written": "Dagmar R14 R0 G12",
            "context": "hand: X? X? X? X? X? X? X? X? X? X?; led: 2:1; colours played: "
            "B Y R; piles: 29+30",
            "repair": "skipped this action",
            "consequence_of": None,
        }
    ]
    assert games[3]["event"] is None
    assert games[3]["rounds"] == 0
    assert games[3]["problems"] == [
        {
            "code": "syntax",
            "message": "expected a card like R14, or 'pass', not 'folds'",
            "source": "syntax.ggn",
            "line": 3,
            "column": 25,
            "game": 1,
        }
    ]


def test_validate_json_all_valid_exits_0(work: Path) -> None:
    result = gargon("validate", "--json", "club-night.ggn")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["summary"]["games"] == report["summary"]["valid"] == 3
    assert [game["winners"] for game in report["games"]] == [["Bernd"], ["Dagmar"], ["Bernd"]]


def test_validate_json_counts_the_bytes_read(work: Path) -> None:
    result = gargon("validate", "--json", "full-game.ggn")
    size = (work / "full-game.ggn").stat().st_size
    assert json.loads(result.stdout)["summary"]["bytes"] == size


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """16 simulated games with the three games of mixed.ggn (one invalid) in the middle."""
    simulated = gargon("simulate", "--games", "16", "--seed", "jobs")
    assert simulated.exit_code == 0
    games = games_of(simulated.stdout)
    mixed = (DATA / "mixed.ggn").read_text(encoding="utf-8")
    path = tmp_path_factory.mktemp("jobs") / "many.ggn"
    path.write_text("\n".join([*games[:8], mixed, *games[8:]]), encoding="utf-8")
    return path


@pytest.mark.parametrize("as_json", [False, True])
def test_validate_jobs_2_gives_the_same_verdicts_in_order(
    many_games: Path, monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    monkeypatch.setattr(parallel, "BATCH_GAMES", 2)  # ten batches for two workers
    flags = ["--json"] if as_json else []
    one = gargon("validate", *flags, "--jobs", "1", many_games)
    two = gargon("validate", *flags, "--jobs", "2", many_games)
    assert one.exit_code == two.exit_code == 1
    assert two.stdout == one.stdout
    if as_json:
        games = json.loads(two.stdout)["games"]
        assert [game["game"] for game in games] == list(range(1, 20))
        assert [game["valid"] for game in games].index(False) == 9
    else:
        assert lines(two.stdout)[-1] == "19 games in 1 file: 18 valid, 1 invalid"


@pytest.mark.parametrize("jobs", ["0", "-3", "257", "100000000000000000", "many"])
def test_validate_jobs_out_of_range_is_a_usage_error(jobs: str) -> None:
    result = gargon("validate", "--jobs", jobs, EXAMPLES)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "Invalid value for '--jobs'" in one_line(result.output)


def test_validate_reads_json(work: Path) -> None:
    converted = gargon("convert", "full-game.ggn", "--to", "json")
    (work / "full-game.json").write_text(converted.stdout, encoding="utf-8")
    result = gargon("validate", "full-game.json")
    assert result.exit_code == 0, result.stdout
    assert lines(result.stdout)[-1] == "1 game in 1 file: 1 valid, 0 invalid"


@pytest.mark.parametrize(("form", "how"), [("json", ".json name"), ("jsonl", ".jsonl name")])
def test_validate_says_a_ggn_file_holding_json_looks_like_json(
    work: Path, form: str, how: str
) -> None:
    """It said only the notation's syntax error ("... not ','"), at a place meaningless in
    JSON; it now says first what the file looks like and what to do, as gg.load does."""
    converted = gargon("convert", "club-night.ggn", "--to", form)
    (work / "games.ggn").write_text(converted.stdout, encoding="utf-8")
    result = gargon("validate", "games.ggn")
    assert result.exit_code == 1
    report = one_line(result.stdout)
    assert "INVALID games.ggn game 1: 1 problem" in report
    assert f"this looks like JSON, not notation: give the file a {how}" in report


# -- show ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_show_every_example_fits_80_columns(name: str) -> None:
    result = gargon("show", EXAMPLES / name)
    assert result.exit_code == 0
    assert result.stderr == ""
    assert not ANSI.search(result.stdout)
    assert max(len(line) for line in lines(result.stdout)) == 80  # the "Game N" rule
    record = (EXAMPLES / name).read_text(encoding="utf-8")
    assert result.stdout.count("── Game ") == record.count("[Notation ")


def test_show_a_whole_game() -> None:
    result = gargon("show", EXAMPLES / "full-game.ggn", "--no-color")
    assert result.exit_code == 0
    output = lines(result.stdout)
    assert output[0] == "─" * 36 + " Game 1 " + "─" * 36
    assert output[2].rstrip() == "Event     Full game with its deal written out"
    headings = [line for line in output if line.startswith("Round ")]
    assert headings == [
        "Round 1  start: Adam",
        "Round 2  start: Bernd",
        "Round 3  start: Collette",
        "Round 4  start: Dagmar",
        "Round 5  start: Adam",
        "Round 6  start: Bernd",
        "Round 7  start: Collette",
        "Round 8  start: Dagmar",
        "Round 9  start: Adam",
    ]
    first = output.index("Round 1  start: Adam")
    assert [line.rstrip() for line in output[first : first + 12]] == [
        "Round 1  start: Adam",
        "Player     Card play              Won",
        "─" * 45,
        "Adam       R15 R10 B11            R15 R10 B11",
        "Bernd      pass 1:W10 2:B9 1:B4   -",
        "Collette   V15 V13 R14            V15 V13",
        "Dagmar     pass 2:W11 1:V0 2:G2   -",
        "  R  Adam wins R15 over R14 (Collette)",
        "     Collette draws from pile 1: G1",
        "     Adam wins R10 (last card)",
        "  B  Adam wins B11 alone",
        "  V  Collette wins V15 V13 alone",
    ]
    assert "  The game is over." in output
    assert "Score" in output
    assert "Unfinished game; score so far:" not in output
    assert (
        scoreboard_totals(result.stdout)
        == end_scores((EXAMPLES / "full-game.ggn").read_text(encoding="utf-8"))[0]
    )
    assert "\nAdam *" in result.stdout  # the winner is starred


def test_show_an_unfinished_game() -> None:
    result = gargon("show", EXAMPLES / "rulebook-round.ggn")
    assert result.exit_code == 0
    output = lines(result.stdout)
    assert "  R  Dagmar wins R14 over R9 (Adam), R8 (Collette)" in output
    assert "     Dagmar wins R0 (last card)" in output
    assert "Unfinished game; score so far:" in output
    assert scoreboard_totals(result.stdout) == {
        "Adam": 18,
        "Bernd": 0,
        "Collette": 10,
        "Dagmar": 16,
    }


def test_show_only_the_rounds_of_the_record() -> None:
    result = gargon("show", EXAMPLES / "rulebook-round.ggn")
    assert "Round 2" not in result.stdout


def test_show_one_game_of_many() -> None:
    result = gargon("show", EXAMPLES / "club-night.ggn", "--game", "3")
    assert result.exit_code == 0
    assert "── Game 3 ──" in result.stdout
    assert "Game 1" not in result.stdout
    assert "Players   Adam Bernd Collette Dagmar Emil" in lines(result.stdout)
    assert scoreboard_totals(result.stdout) == {
        "Adam": 12,
        "Bernd": 21,
        "Collette": 15,
        "Dagmar": 19,
        "Emil": 15,
    }


def test_show_every_game_of_a_file_with_its_score() -> None:
    result = gargon("show", EXAMPLES / "club-night.ggn")
    assert result.exit_code == 0
    assert [line[36:44] for line in lines(result.stdout) if " Game " in line] == [
        " Game 1 ",
        " Game 2 ",
        " Game 3 ",
    ]
    assert result.stdout.count("\nScore\n") == 3


@pytest.mark.parametrize("number", ["0", "4"])
def test_show_a_game_that_is_not_there(number: str) -> None:
    result = gargon("show", EXAMPLES / "club-night.ggn", "--game", number)
    assert result.exit_code == 2
    assert result.stderr == f"gargon: --game {number}: the file holds games 1-3\n"


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make standard output a colour terminal, as when a user runs gargon in one."""
    console = Console(
        force_terminal=True, color_system="standard", width=80, highlight=False, soft_wrap=True
    )
    monkeypatch.setattr(cli_common, "out", console)


@pytest.mark.usefixtures("terminal")
def test_show_on_a_terminal_is_in_colour() -> None:
    result = gargon("show", EXAMPLES / "rulebook-round.ggn")
    assert result.exit_code == 0
    assert re.search(r"\x1b\[[0-9;]*3[0-7](;[0-9;]*)?m", result.stdout)  # foreground colours


@pytest.mark.usefixtures("terminal")
def test_show_no_color_on_a_terminal_has_no_colour_codes() -> None:
    result = gargon("show", EXAMPLES / "rulebook-round.ggn", "--no-color")
    assert result.exit_code == 0
    sequences = re.findall(r"\x1b\[([0-9;]*)m", result.stdout)
    codes = {code for sequence in sequences for code in sequence.split(";")}
    colours = {code for code in codes if len(code) >= 2 and code[0] in "3491"}
    assert not colours


@pytest.mark.usefixtures("terminal")
def test_show_no_color_on_a_terminal_has_no_escapes() -> None:
    result = gargon("show", EXAMPLES / "rulebook-round.ggn", "--no-color")
    assert "\x1b[" not in result.stdout


def test_show_an_invalid_record(work: Path) -> None:
    result = gargon("show", "broken.ggn")
    assert result.exit_code == 1
    assert "Round 1  start: Adam" in lines(result.stdout)
    assert "Unfinished game; score so far:" not in lines(result.stdout)
    assert "Invalid record: the game is shown up to its first problem:" in lines(result.stdout)
    assert (
        BROKEN_PROBLEM
        + (
            "\n    hand: X? X? X? X? X? X? X? X? X? X?; led: 2:1; colours played: "
            "B Y R; piles: 29+30\n    skipped this action"
        )
        in result.stdout
    )
    assert result.stderr == ""


def test_show_prints_each_problem_on_one_line(work: Path) -> None:
    result = gargon("show", "broken.ggn")
    assert BROKEN_PROBLEM in lines(result.stdout)


def test_show_a_syntax_error(work: Path) -> None:
    result = gargon("show", "syntax.ggn")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert lines(result.stderr) == [
        "syntax.ggn:3:25: expected a card like R14, or 'pass', not 'folds'",
        "    1. Adam Y2 Y6 R9, Bernd folds",
        "                            ^",
    ]


def test_show_a_syntax_error_quoting_brackets(work: Path) -> None:
    (work / "brackets.ggn").write_text(
        '[Players "Ann" "Bob" "Cy"]\n1. Ann Y2 {see [/] here}, Bob R16\n*\n', encoding="utf-8"
    )
    result = gargon("show", "brackets.ggn")
    assert result.exit_code == 1
    assert "    1. Ann Y2 {see [/] here}, Bob R16" in lines(result.stderr)


# -- replay --------------------------------------------------------------------------------


def test_replay_at_the_end_of_a_round() -> None:
    result = gargon("replay", EXAMPLES / "full-game.ggn", "--round", "2")
    assert result.exit_code == 0
    assert [line.rstrip() for line in lines(result.stdout)] == [
        "After round 2",
        "Round 3  start: Collette  - Collette to play or pass",
        "Player       Hand                           In front   Won                   Pts",
        "─" * 80,
        "Adam         W1 B1 B0 V2 Y6 Y5 R2 G7 G6     -          R15 R10 B11            17",
        "             G4",
        "Bernd        B4 B0 V6 V3 V1 Y4 Y0 R8 R5     -          G14                    10",
        "             R1 R0 G0",
        "Collette <   V0 Y1 R7 G9 G1                 -          V15 V13 B12 Y13 V12    27",
        "Dagmar       W14 W13 W11 W5 W4 V7 V4 V0     -          W15 R9                 12",
        "             R3 G3 G2",
        "Pile 1: 24 cards  top: G10 W6 Y2 W9 Y12 ...",
        "Pile 2: 25 cards  top: B7 B10 W0 W2 R13 ...",
        "Discarded: 4  last: V10",
    ]


def test_replay_after_a_step() -> None:
    deal = gargon("replay", EXAMPLES / "full-game.ggn", "--step", "0")
    assert deal.exit_code == 0
    assert lines(deal.stdout)[0] == "Round 1  start: Adam  - Adam to play or pass"
    assert "Pile 1: 31 cards  top: W10 B4 V0 G1 V2 ..." in lines(deal.stdout)
    assert "Pile 2: 31 cards  top: B9 W11 G2 G7 Y6 ..." in lines(deal.stdout)

    result = gargon("replay", EXAMPLES / "full-game.ggn", "-s", "2")
    assert result.exit_code == 0
    output = [line.rstrip() for line in lines(result.stdout)]
    assert output[0] == "Round 1  start: Adam  - Collette to play or pass"
    assert [" ".join(line.split()) for line in output[3:5]] == [
        "Adam W1 B1 B0 Y5 R2 G6 G4 B11 R15 R10 - 0",  # cards in front
        "Bernd W10 B9 B4 B0 V6 V3 Y4 Y0 R8 R1 R0 G14 G0 passed - 0",
    ]
    assert output[-2:] == [
        "Pile 1: 29 cards  top: V0 G1 V2 V1 W5 ...",
        "Pile 2: 30 cards  top: W11 G2 G7 Y6 R5 ...",
    ]


def test_replay_with_unknown_cards() -> None:
    result = gargon("replay", EXAMPLES / "rulebook-round.ggn", "--round", "1")
    assert result.exit_code == 0
    output = [line.rstrip() for line in lines(result.stdout)]
    assert output[:2] == ["After round 1", "Round 2  start: Bernd  - Bernd to play or pass"]
    assert " ".join(output[4].split()) == "Adam X? X? X? X? X? X? X? X? - Y6 Y2 18"
    assert output[-3:] == [
        "Pile 1: 27 cards  top: X? X? X? X? X? ...",
        "Pile 2: 29 cards  top: X? X? X? X? X? ...",
        "Discarded: 3  last: B8",
    ]


def test_replay_one_game_of_many() -> None:
    result = gargon("replay", EXAMPLES / "club-night.ggn", "--game", "2", "--round", "8")
    assert result.exit_code == 0
    output = lines(result.stdout)
    assert [line.rstrip() for line in output[:2]] == [
        "After round 8",
        "Round 8  start: Dagmar  - the game is over",
    ]
    assert "Pile 1: 0 cards" in output


def test_replay_without_round_or_step_shows_the_final_table() -> None:
    result = gargon("replay", EXAMPLES / "full-game.ggn")
    assert result.exit_code == 0
    output = lines(result.stdout)
    assert output[0] == "Round 9  start: Adam  - the game is over"
    table_end = output.index("Discarded: 8  last: B7")
    assert output[table_end - 2 : table_end + 3] == [
        "Pile 1: 0 cards",
        "Pile 2: 0 cards",
        "Discarded: 8  last: B7",
        "",
        "Score",  # the score table under it, as the game is over
    ]
    rows = [line.split() for line in output[3:table_end] if line[:1].isalpha()]
    pts = {row[0]: int(row[-1]) for row in rows if row[-1].isdigit()}
    assert pts == {"Adam": 36, "Bernd": 27, "Collette": 22, "Dagmar": 22}
    assert scoreboard_totals(result.stdout) == pts
    last_step = gargon("replay", EXAMPLES / "full-game.ggn", "--step", "73")
    last_round = gargon("replay", EXAMPLES / "full-game.ggn", "--round", "9")
    assert last_step.stdout == result.stdout
    assert last_round.stdout == "After round 9\n" + result.stdout


def test_replay_round_and_step_together() -> None:
    result = gargon("replay", EXAMPLES / "full-game.ggn", "--round", "1", "--step", "5")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "gargon: give --round or --step, not both\n"


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--round", "0", "--round 0: the game has rounds 1-9"),
        ("--round", "10", "--round 10: the game has rounds 1-9"),
        ("--step", "74", "--step 74: the game has steps 0-73"),
        ("--step", "-1", "--step -1: the game has steps 0-73"),
    ],
)
def test_replay_a_point_that_does_not_exist(option: str, value: str, message: str) -> None:
    result = gargon("replay", EXAMPLES / "full-game.ggn", option, value)
    assert result.exit_code == 2
    assert result.stderr == f"gargon: {message}\n"


def test_replay_a_game_that_is_not_there() -> None:
    result = gargon("replay", EXAMPLES / "club-night.ggn", "--game", "4")
    assert result.exit_code == 2
    assert result.stderr == "gargon: --game 4: the file holds games 1-3\n"


def test_replay_an_invalid_record(work: Path) -> None:
    result = gargon("replay", "broken.ggn", "--round", "1")
    assert result.exit_code == 1
    assert lines(result.stdout)[0] == "Round 1  start: Adam  - Dagmar to play or pass"


# -- annotate ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_annotate_validates_and_is_idempotent(name: str, work: Path) -> None:
    once = gargon("annotate", name)
    assert once.exit_code == 0
    assert "{=" in once.stdout
    (work / "once.ggn").write_text(once.stdout, encoding="utf-8")
    checked = gargon("validate", "once.ggn")
    assert checked.exit_code == 0, checked.stdout
    assert lines(checked.stdout)[-1].endswith(" invalid")
    twice = gargon("annotate", "once.ggn")
    assert twice.exit_code == 0
    assert twice.stdout.encode("utf-8") == once.stdout.encode("utf-8")
    assert gargon("fmt", "--check", "once.ggn").exit_code == 0


@pytest.mark.parametrize("name", [name for name in EXAMPLE_NAMES if name != "club-night.ggn"])
def test_annotate_strip_gives_back_the_original(name: str, work: Path) -> None:
    original = (work / name).read_text(encoding="utf-8")
    assert gargon("annotate", "--strip", name).stdout == original
    (work / "annotated.ggn").write_text(gargon("annotate", name).stdout, encoding="utf-8")
    stripped = gargon("annotate", "--strip", "annotated.ggn")
    assert stripped.exit_code == 0
    assert stripped.stdout == original


def test_annotate_strip_then_annotate_reproduces_the_club_night(work: Path) -> None:
    original = games_of((work / "club-night.ggn").read_text(encoding="utf-8"))
    stripped = gargon("annotate", "--strip", "club-night.ggn")
    assert stripped.exit_code == 0
    plain = games_of(stripped.stdout)
    assert "{=hand" in original[1]
    assert "{=hand" not in stripped.stdout
    assert [plain[0], plain[2]] == [original[0], original[2]]  # games 1 and 3 carry no notes
    (work / "plain.ggn").write_text(stripped.stdout, encoding="utf-8")
    annotated = gargon("annotate", "plain.ggn")
    assert annotated.exit_code == 0
    assert games_of(annotated.stdout)[1] == original[1]
    assert annotated.stdout == gargon("annotate", "club-night.ggn").stdout


@pytest.mark.parametrize("name", ["full-game.ggn", "table-record.ggn"])
def test_annotate_possible_is_opt_in_idempotent_and_stripped(name: str, work: Path) -> None:
    plain = gargon("annotate", name).stdout
    assert "{=hidden: " not in plain
    once = gargon("annotate", "--possible", name)
    assert once.exit_code == 0
    assert once.stdout.count("{=hidden: ") > 50
    (work / "once.ggn").write_text(once.stdout, encoding="utf-8")
    assert gargon("validate", "once.ggn").exit_code == 0
    assert gargon("fmt", "--check", "once.ggn").exit_code == 0
    assert gargon("annotate", "--possible", "once.ggn").stdout == once.stdout
    assert gargon("annotate", "once.ggn").stdout == plain
    assert gargon("annotate", "--strip", "once.ggn").stdout == (work / name).read_text(
        encoding="utf-8"
    )
    refused = gargon("annotate", "--strip", "--possible", name)
    assert refused.exit_code == 2
    assert refused.stderr.strip() == "gargon: give --strip or --possible, not both"


def test_annotate_in_place(work: Path) -> None:
    expected = gargon("annotate", "full-game.ggn").stdout
    before = sorted(path.name for path in work.iterdir())
    result = gargon("annotate", "--in-place", "full-game.ggn")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert (work / "full-game.ggn").read_text(encoding="utf-8") == expected
    assert sorted(path.name for path in work.iterdir()) == before  # no temporary file left
    assert gargon("annotate", "-i", "--strip", "full-game.ggn").exit_code == 0
    assert (work / "full-game.ggn").read_bytes() == (EXAMPLES / "full-game.ggn").read_bytes()
    assert sorted(path.name for path in work.iterdir()) == before


def test_annotate_keeps_user_comments(work: Path) -> None:
    result = gargon("annotate", "full-game.ggn")
    output = lines(result.stdout)
    assert output[0] == lines((work / "full-game.ggn").read_text(encoding="utf-8"))[0]
    assert "{the start player leads his strongest cards}" in result.stdout
    assert "3. ; the piles are thinning" in output
    assert output[-1] == (
        "end Adam 36, Bernd 27, Collette 22, Dagmar 22 "
        "{=final score Adam 36, Bernd 27, Collette 22, Dagmar 22; won by Adam}"
    )


def test_annotate_reads_standard_input() -> None:
    text = (EXAMPLES / "seeded-game.ggn").read_text(encoding="utf-8")
    result = gargon("annotate", "-", input=text)
    assert result.exit_code == 0
    assert result.stdout == gargon("annotate", EXAMPLES / "seeded-game.ggn").stdout


def test_annotate_in_place_needs_a_file() -> None:
    text = (EXAMPLES / "seeded-game.ggn").read_text(encoding="utf-8")
    result = gargon("annotate", "--in-place", "-", input=text)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "gargon: --in-place needs a file, not standard input\n"


def test_annotate_a_syntax_error(work: Path) -> None:
    result = gargon("annotate", "-i", "syntax.ggn")
    assert result.exit_code == 1
    assert lines(result.stderr)[0] == (
        "syntax.ggn:3:25: expected a card like R14, or 'pass', not 'folds'"
    )
    assert (work / "syntax.ggn").read_bytes() == (DATA / "syntax.ggn").read_bytes()


# -- fmt -----------------------------------------------------------------------------------


def non_canonical(text: str) -> str:
    """``text`` with lower-case cards, doubled spaces and CRLF line ends (comments untouched)."""

    def untidy(part: str) -> str:
        part = re.sub(r"\b([WBVYRG])(\d+)\b", lambda m: m[1].lower() + m[2], part)
        return part.replace(", ", " ,  ").replace(" pass ", "  pass  ")

    out = []
    for line in text.splitlines():
        if not line.startswith((";", "[")):
            parts = re.split(r"(\{[^}]*\}|;.*)", line)  # comments at odd indices
            line = "".join(untidy(p) if k % 2 == 0 else p for k, p in enumerate(parts))
        out.append(line)
    return "\r\n".join(out) + "\r\n"


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_fmt_check_passes_the_examples(name: str) -> None:
    result = gargon("fmt", "--check", EXAMPLES / name)
    assert result.exit_code == 0
    assert result.output == ""
    assert gargon("fmt", EXAMPLES / name).stdout == (EXAMPLES / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_fmt_canonicalises_a_variant(name: str, work: Path) -> None:
    canonical = (work / name).read_text(encoding="utf-8")
    variant = non_canonical(canonical)
    assert "r1" in variant or "y1" in variant
    (work / "variant.ggn").write_bytes(variant.encode("utf-8"))
    check = gargon("fmt", "--check", "variant.ggn")
    assert check.exit_code == 1
    assert check.stdout == ""
    assert check.stderr == "variant.ggn: not in canonical form (run gargon fmt --in-place)\n"
    result = gargon("fmt", "variant.ggn")
    assert result.exit_code == 0
    assert result.stdout == canonical


def test_fmt_in_place(work: Path) -> None:
    (work / "variant.ggn").write_bytes(non_canonical((work / "full-game.ggn").read_text()).encode())
    before = sorted(path.name for path in work.iterdir())
    result = gargon("fmt", "--in-place", "variant.ggn")
    assert result.exit_code == 0
    assert result.output == ""
    assert (work / "variant.ggn").read_bytes() == (work / "full-game.ggn").read_bytes()
    assert sorted(path.name for path in work.iterdir()) == before
    assert gargon("fmt", "--check", "variant.ggn").exit_code == 0


def test_fmt_reads_standard_input() -> None:
    canonical = (EXAMPLES / "seeded-game.ggn").read_text(encoding="utf-8")
    result = gargon("fmt", "-", input=non_canonical(canonical))
    assert result.exit_code == 0
    assert result.stdout == canonical


def test_fmt_check_standard_input() -> None:
    canonical = (EXAMPLES / "seeded-game.ggn").read_text(encoding="utf-8")
    assert gargon("fmt", "--check", "-", input=canonical).exit_code == 0


def test_fmt_check_rejects_standard_input_that_is_not_canonical() -> None:
    canonical = (EXAMPLES / "seeded-game.ggn").read_text(encoding="utf-8")
    result = gargon("fmt", "--check", "-", input=non_canonical(canonical))
    assert result.exit_code == 1
    assert result.stderr == (
        "<stdin>: not in canonical form (give the same input to gargon fmt - for its canonical "
        "form: gargon fmt - < FILE > OTHER)\n"
    )


def test_fmt_check_rejects_a_byte_order_mark(work: Path) -> None:
    (work / "bom.ggn").write_bytes(b"\xef\xbb\xbf" + (work / "full-game.ggn").read_bytes())
    assert gargon("fmt", "bom.ggn").stdout == (work / "full-game.ggn").read_text()
    assert gargon("fmt", "--check", "bom.ggn").exit_code == 1


def test_fmt_in_place_keeps_a_json_file_json(work: Path) -> None:
    json_text = gargon("convert", "full-game.ggn", "--to", "json").stdout
    (work / "game.json").write_text(json_text, encoding="utf-8")
    gargon("fmt", "--in-place", "game.json")
    json.loads((work / "game.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("suffix", ["json", "jsonl"])
def test_in_place_keeps_a_json_file_that_writes_a_field_twice(work: Path, suffix: str) -> None:
    """A game writing "tags" twice (two scripts of a club, each adding its own): the reader
    keeps the last, so --in-place dropped the first (its Event) with exit 0; now the file is
    left as it is, the field named at the one read."""
    converted = gargon("convert", "full-game.ggn", "--to", suffix).stdout
    if suffix == "jsonl":
        before, field = '"tags":[{"name":"Event","values":["Cup"]}],', "$.tags"
        text = converted.replace('"tags":[', before + '"tags":[', 1)
    else:
        before, field = '"tags": [],\n      ', "$.games[0].tags"
        text = converted.replace('"tags": [', before + '"tags": [', 1)
    value = text.index("[", text.index(before) + len(before))  # the last one's, read
    line = text.count("\n", 0, value) + 1
    column = value - text.rfind("\n", 0, value)
    path = work / f"club.{suffix}"
    path.write_text(text, encoding="utf-8")
    result = gargon("fmt", "--in-place", path.name)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(
        f"gargon: club.{suffix}:{line}:{column}: {field}: this field is written twice in its "
        "object: gargon reads this one, the last, so fmt --in-place would drop the one before: "
        "not rewritten"
    )
    assert path.read_text(encoding="utf-8") == text


def test_in_place_keeps_a_json_document_that_writes_its_own_field_twice(work: Path) -> None:
    """ "format" written twice in the document (a club's note in the first): the reader kept
    the last, and --in-place dropped the first with exit 0."""
    converted = gargon("convert", "full-game.ggn", "--to", "json").stdout
    text = converted.replace('"format":', '"format": "the club\'s copy",\n  "format":', 1)
    path = work / "club.json"
    path.write_text(text, encoding="utf-8")
    result = gargon("fmt", "--in-place", path.name)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith(
        "gargon: club.json:3:13: $.format: this field is written twice in its object: gargon "
        "reads this one, the last, so fmt --in-place would drop the one before"
    )
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
@pytest.mark.parametrize("suffix", ["json", "jsonl"])
def test_in_place_keeps_a_json_file_whose_fields_it_would_drop(
    work: Path, verb: str, suffix: str
) -> None:
    """A club's archive in JSON with fields of its own (a tag's hall, a game's rating, as a
    script of the club added them): gargon reads no such field, so its canonical form would
    drop them, and --in-place leaves the file as it is, saying which field and where; so is
    an --events file (its events are derived, but written), while the canonical file of the
    same game is rewritten."""
    converted = gargon("convert", "full-game.ggn", "--to", suffix).stdout
    document = json.loads(converted) if suffix == "json" else {"games": [json.loads(converted)]}
    game = document["games"][0]
    game["tags"][1]["hall"] = "B"
    game["rating"] = 1520
    path = work / f"club.{suffix}"
    text = (
        json.dumps(document, indent=2) + "\n"
        if suffix == "json"
        else "\n" + json.dumps(game) + "\n"
    )
    path.write_text(text, encoding="utf-8")
    result = gargon(verb, "--in-place", path.name)
    field = "$.games[0].tags[1].hall" if suffix == "json" else "$.tags[1].hall"
    number, line = next((n, x) for n, x in enumerate(text.splitlines(), 1) if '"hall"' in x)
    column = line.index('"B"') + 1  # the value's
    where = f"{number}:{column}"
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"gargon: club.{suffix}:{where}: {field}: gargon reads no such field, so {verb} "
        f"--in-place would drop it: not rewritten (remove the field if it may go, or write the "
        f"result elsewhere: the same gargon {verb} without -i writes it to standard output "
        "(> OTHER))\n"
    )
    assert path.read_text(encoding="utf-8") == text
    events = gargon("convert", "full-game.ggn", "--to", suffix, "--events").stdout
    path.write_text(events, encoding="utf-8")
    assert gargon(verb, "--in-place", path.name).exit_code == 2
    assert path.read_text(encoding="utf-8") == events
    path.write_text(converted.replace("\n", "\r\n"), encoding="utf-8")
    assert gargon("fmt", "--in-place", path.name).exit_code == 0
    assert path.read_text(encoding="utf-8") == converted


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
@pytest.mark.parametrize(
    ("before", "inside"), [("", "\u2028"), ("", "\x85"), ("\ufeff", ""), ("\ufeff\n", "\u2029")]
)
def test_in_place_reads_a_json_lines_game_as_its_reader_does(
    work: Path, verb: str, before: str, inside: str
) -> None:
    """A JSON Lines game whose Event holds U+2028, U+2029 or U+0085 (JSON lets them stand
    unescaped in a string), or a file led by a byte order mark, is read; the check for
    fields --in-place would drop ended the line there, or kept the mark, and stopped with a
    traceback (JSONDecodeError); now it finds the club's field as in any other file."""
    game = json.loads(gargon("convert", "full-game.ggn", "--to", "jsonl").stdout)
    game["tags"][1]["values"] = [f"Club{inside}night"]
    game["rating"] = 1520
    line = json.dumps(game, ensure_ascii=False)
    (work / "club.jsonl").write_text(f"{before}{line}\n", encoding="utf-8")
    assert gargon("validate", "club.jsonl").exit_code == 0
    result = gargon(verb, "--in-place", "club.jsonl")
    number = before.count("\n") + 1
    column = line.index('"rating": ') + len('"rating": ') + 1
    assert (result.exit_code, result.stderr) == (
        2,
        f"gargon: club.jsonl:{number}:{column}: $.rating: gargon reads no such field, so "
        f"{verb} --in-place would drop it: not rewritten (remove the field if it may go, or "
        f"write the result elsewhere: the same gargon {verb} without -i writes it to standard "
        "output (> OTHER))\n",
    )
    assert (work / "club.jsonl").read_text(encoding="utf-8") == f"{before}{line}\n"


def test_in_place_checks_a_json_lines_game_after_many_blank_lines(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game with a club's field after more blank lines than a game's copy may hold
    (files.MAX_GAME_BYTES, 8 MB; 100 bytes here): the check for fields --in-place would
    drop passed it over, since it read the games as copies, and fmt -i rewrote the file
    without the field, exit 0; now it is refused as any other."""
    from gargon_notation import files

    monkeypatch.setattr(files, "MAX_GAME_BYTES", 100)
    game = json.loads(gargon("convert", "full-game.ggn", "--to", "jsonl").stdout)
    game["rating"] = 1520
    line = json.dumps(game)
    text = "\n" * 101 + line + "\n"
    (work / "club.jsonl").write_text(text, encoding="utf-8")
    result = gargon("fmt", "--in-place", "club.jsonl")
    column = line.index('"rating": ') + len('"rating": ') + 1
    assert (result.exit_code, result.stderr) == (
        2,
        f"gargon: club.jsonl:102:{column}: $.rating: gargon reads no such field, so fmt "
        "--in-place would drop it: not rewritten (remove the field if it may go, or write the "
        "result elsewhere: the same gargon fmt without -i writes it to standard output "
        "(> OTHER))\n",
    )
    assert (work / "club.jsonl").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
def test_in_place_keeps_a_json_document_with_a_field_of_its_own(work: Path, verb: str) -> None:
    """A field of the document beside its games (the club's name), which gargon does not
    write: --in-place leaves the document as it is, saying so at the value."""
    document = json.loads(gargon("convert", "full-game.ggn", "--to", "json").stdout)
    text = json.dumps({**document, "club": "Thursday club"}, indent=2) + "\n"
    (work / "club.json").write_text(text, encoding="utf-8")
    result = gargon(verb, "--in-place", "club.json")
    number = len(text.splitlines())
    assert (result.exit_code, result.stderr) == (
        2,
        f"gargon: club.json:{number - 1}:11: $.club: gargon reads no such field, so {verb} "
        "--in-place would drop it: not rewritten (remove the field if it may go, or write the "
        f"result elsewhere: the same gargon {verb} without -i writes it to standard output "
        "(> OTHER))\n",
    )
    assert (work / "club.json").read_text(encoding="utf-8") == text


def test_fmt_a_syntax_error(work: Path) -> None:
    result = gargon("fmt", "--check", "syntax.ggn")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert lines(result.stderr)[0] == (
        "syntax.ggn:3:25: expected a card like R14, or 'pass', not 'folds'"
    )


# -- convert and schema --------------------------------------------------------------------


@pytest.fixture(scope="module")
def schema() -> dict[str, object]:
    result = gargon("schema")
    assert result.exit_code == 0
    document: dict[str, object] = json.loads(result.stdout)
    return document


@pytest.fixture(scope="module")
def validator(schema: dict[str, object]) -> jsonschema.Draft202012Validator:
    """The schema's validator, made once: ``jsonschema.validate`` checks the schema itself
    and looks its references up anew on each call, two thirds of its time here
    (test_schema_is_a_json_schema checks the schema)."""
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_convert_to_json_and_back(
    name: str, work: Path, validator: jsonschema.Draft202012Validator
) -> None:
    to_json = gargon("convert", name, "--to", "json")
    assert to_json.exit_code == 0
    document = json.loads(to_json.stdout)
    assert document["format"] == "gargon-notation"
    assert document["version"] == 1
    text = (work / name).read_text(encoding="utf-8")
    assert len(document["games"]) == text.count("[Notation ")
    validator.validate(document)
    (work / "game.json").write_text(to_json.stdout, encoding="utf-8")
    back = gargon("convert", "game.json", "--to", "ggn")
    assert back.exit_code == 0
    assert back.stdout == text
    again = gargon("convert", "game.json", "--to", "json")
    assert again.stdout == to_json.stdout


def test_convert_output_file(work: Path) -> None:
    result = gargon("convert", "club-night.ggn", "--to", "json", "-o", "club.json")
    assert result.exit_code == 0
    assert result.output == ""
    written = (work / "club.json").read_text(encoding="utf-8")
    assert written == gargon("convert", "club-night.ggn", "--to", "json").stdout
    result = gargon("convert", "club.json", "--to", "ggn", "--output", "club.ggn")
    assert result.exit_code == 0
    assert (work / "club.ggn").read_bytes() == (work / "club-night.ggn").read_bytes()


def test_json_files_are_read_by_the_other_verbs(work: Path) -> None:
    (work / "game.json").write_text(
        gargon("convert", "full-game.ggn", "--to", "json").stdout, encoding="utf-8"
    )
    for verb in (["show"], ["score"], ["replay", "--round", "3"]):
        from_json = gargon(*verb, "game.json")
        assert from_json.exit_code == 0, verb
        from_ggn = gargon(*verb, "full-game.ggn")
        assert from_json.stdout.replace("game.json", "full-game.ggn") == from_ggn.stdout, verb
    # annotate and fmt answer in the format they read: JSON stays JSON.
    for verb in (["annotate"], ["fmt"]):
        from_json = gargon(*verb, "game.json")
        assert from_json.exit_code == 0, verb
        (work / "out.json").write_text(from_json.stdout, encoding="utf-8")
        as_text = gargon("convert", "out.json", "--to", "ggn").stdout
        assert as_text == gargon(*verb, "full-game.ggn").stdout, verb


def test_convert_reads_json_from_standard_input(work: Path) -> None:
    json_text = gargon("convert", "full-game.ggn", "--to", "json").stdout
    result = gargon("convert", "-", "--to", "ggn", input=json_text)
    assert result.exit_code == 0
    assert result.stdout == (work / "full-game.ggn").read_text(encoding="utf-8")


@pytest.mark.parametrize("target", ["xml", "JSON", ""])
def test_convert_to_an_unknown_format(target: str) -> None:
    result = gargon("convert", EXAMPLES / "full-game.ggn", "--to", target)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert (
        f"Invalid value for '--to': '{target}' is not one of 'ggn', 'json', 'jsonl', 'parquet'."
        in unboxed(result.stderr)
    )


def test_convert_needs_a_target() -> None:
    result = gargon("convert", EXAMPLES / "full-game.ggn")
    assert result.exit_code == 2
    assert "Missing option '--to'" in result.stderr


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_convert_to_jsonl_and_back(
    name: str, work: Path, validator: jsonschema.Draft202012Validator
) -> None:
    to_jsonl = gargon("convert", name, "--to", "jsonl")
    assert to_jsonl.exit_code == 0
    document = json.loads(gargon("convert", name, "--to", "json").stdout)
    # Each line is one game object of the JSON document, written compactly.
    assert [json.loads(line) for line in lines(to_jsonl.stdout)] == document["games"]
    assert all(": " not in line[:20] for line in lines(to_jsonl.stdout))
    validator.validate(document)
    (work / "games.jsonl").write_text(to_jsonl.stdout, encoding="utf-8")
    back = gargon("convert", "games.jsonl", "--to", "ggn")
    assert back.exit_code == 0
    assert back.stdout == (work / name).read_text(encoding="utf-8")
    assert gargon("convert", "games.jsonl", "--to", "jsonl").stdout == to_jsonl.stdout
    from_stdin = gargon("convert", "-", "--to", "ggn", input=to_jsonl.stdout)
    assert from_stdin.stdout == back.stdout


def test_convert_to_jsonl_output_file(work: Path) -> None:
    result = gargon("convert", "club-night.ggn", "--to", "jsonl", "-o", "club.jsonl")
    assert result.exit_code == 0
    assert result.output == ""
    written = (work / "club.jsonl").read_text(encoding="utf-8")
    assert written == gargon("convert", "club-night.ggn", "--to", "jsonl").stdout
    assert len(lines(written)) == 3


def test_jsonl_files_are_read_by_every_verb(work: Path) -> None:
    (work / "games.jsonl").write_text(
        gargon("convert", "club-night.ggn", "--to", "jsonl").stdout, encoding="utf-8"
    )
    for verb in (["show"], ["score"], ["replay", "--game", "2", "--round", "3"]):
        from_jsonl = gargon(*verb, "games.jsonl")
        assert from_jsonl.exit_code == 0, verb
        from_ggn = gargon(*verb, "club-night.ggn")
        assert from_jsonl.stdout.replace("games.jsonl", "club-night.ggn") == from_ggn.stdout
    validated = gargon("validate", "games.jsonl")
    assert validated.exit_code == 0
    assert lines(validated.stdout)[-1] == "3 games in 1 file: 3 valid, 0 invalid"
    assert gargon("fmt", "--check", "games.jsonl").exit_code == 0
    # annotate and fmt answer in the format they read: JSON Lines stay JSON Lines.
    annotated = gargon("annotate", "--strip", "games.jsonl")
    assert annotated.exit_code == 0
    assert len(lines(annotated.stdout)) == 3
    (work / "stripped.jsonl").write_text(annotated.stdout, encoding="utf-8")
    as_text = gargon("convert", "stripped.jsonl", "--to", "ggn").stdout
    assert as_text == gargon("annotate", "--strip", "club-night.ggn").stdout


def test_validate_jsonl_names_the_line_of_a_broken_game(work: Path) -> None:
    good = lines(gargon("convert", "full-game.ggn", "--to", "jsonl").stdout)[0]
    (work / "games.jsonl").write_text(f'{good}\n{{"tags": [\n{good}\n', encoding="utf-8")
    result = gargon("validate", "--quiet", "games.jsonl")
    assert result.exit_code == 1
    assert lines(result.stdout) == [
        "INVALID games.jsonl game 2: 1 problem",
        "  games.jsonl:2:11: invalid JSON: the line ends before its value does; JSON Lines "
        "hold each game's object on one line (gargon convert FILE --to jsonl writes them so; an "
        "object spread over lines is a JSON document, named .json)",
        "3 games in 1 file: 2 valid, 1 invalid",
    ]
    from_stdin = gargon("validate", "--quiet", "-", input=(work / "games.jsonl").read_text())
    assert lines(from_stdin.stdout) == [
        line.replace("games.jsonl", "<stdin>") for line in lines(result.stdout)
    ]


def test_a_json_error_is_placed_at_its_value_by_every_verb(work: Path) -> None:
    """A card that does not exist deep inside a game: the problem names the line and column
    of the card itself (not the game's first line), for a JSON document, JSON Lines and
    either on standard input; ``validate --json`` still places the game at its first line."""
    simulated = gargon("simulate", "--games", "2", "--seed", "s").stdout
    (work / "s.ggn").write_text(simulated, encoding="utf-8")
    for form in ("json", "jsonl"):
        text = gargon("convert", "s.ggn", "--to", form).stdout
        bad = text.replace('"R11"', '"R99"', 1)
        (work / f"bad.{form}").write_text(bad, encoding="utf-8")
        index = bad.index('"R99"')
        line = bad.count("\n", 0, index) + 1
        column = index - bad.rfind("\n", 0, index)
        validated = gargon("validate", "--quiet", f"bad.{form}")
        assert validated.exit_code == 1
        [said] = [x.strip() for x in lines(validated.stdout) if x.startswith("  ")]
        assert said.startswith(f"bad.{form}:{line}:{column}: $.")
        assert said.endswith("'R99' is not a card (a colour letter W B V Y R G and a value 0-15)")
        for verb in (["convert", "--to", "ggn"], ["stats"]):
            result = gargon(*verb, f"bad.{form}")
            assert result.exit_code == 1
            assert said in lines(result.output)
        piped = gargon("validate", "--quiet", "-", input=bad)
        assert said.replace(f"bad.{form}", "<stdin>") in lines(piped.stdout)[1]
        report = json.loads(gargon("validate", "--json", f"bad.{form}").stdout)
        [invalid] = [game for game in report["games"] if not game["valid"]]
        if form == "json":  # the game starts on the last line "    {" before the card
            assert invalid["line"] == bad.count("\n", 0, bad.rindex("\n    {", 0, index)) + 2
        else:
            assert invalid["line"] == line
        assert (invalid["problems"][0]["line"], invalid["problems"][0]["column"]) == (line, column)


def test_validate_searches_directories_for_every_format(work: Path) -> None:
    (work / "dir" / "sub").mkdir(parents=True)
    shutil.copy(work / "full-game.ggn", work / "dir" / "a.ggn")
    for form in ("json", "jsonl"):
        converted = gargon("convert", "full-game.ggn", "--to", form).stdout
        (work / "dir" / "sub" / f"b.{form}").write_text(converted, encoding="utf-8")
    (work / "dir" / "notes.txt").write_text("not a record\n", encoding="utf-8")
    result = gargon("validate", "dir")
    assert result.exit_code == 0, result.stdout
    verdicts = [line.split(" game ")[0] for line in lines(result.stdout) if line.startswith("ok")]
    assert verdicts == ["ok dir/a.ggn", "ok dir/sub/b.json", "ok dir/sub/b.jsonl"]
    assert lines(result.stdout)[-1] == "3 games in 3 files: 3 valid, 0 invalid"


@pytest.mark.parametrize("target", ["ggn", "xml"])
def test_convert_events_needs_a_json_target(target: str) -> None:
    result = gargon("convert", EXAMPLES / "full-game.ggn", "--to", target, "--events")
    assert result.exit_code == 2
    assert result.stdout == ""
    if target == "ggn":
        assert result.stderr == (
            "gargon: --events needs --to json or --to jsonl: the notation has no derived events\n"
        )
    else:
        assert (
            f"Invalid value for '--to': '{target}' is not one of 'ggn', 'json', 'jsonl', 'parquet'."
            in unboxed(result.stderr)
        )


# the events are made alike for both (replay.events.events_json): JSON Lines' in the heavy profile
@pytest.mark.parametrize("target", ["json", pytest.param("jsonl", marks=pytest.mark.slow)])
def test_convert_with_events_adds_them_to_every_game(
    target: str, validator: jsonschema.Draft202012Validator
) -> None:
    """The events come from gargon_notation.replay.events.events_json; while that is not
    implemented, this test is an expected failure."""
    from gargon_notation.replay.events import events_json

    try:
        events_json(next(iter(load_records(EXAMPLES / "full-game.ggn"))))
    except NotImplementedError:
        pytest.xfail("gargon_notation.replay.events.events_json is not implemented yet")
    result = gargon("convert", EXAMPLES / "club-night.ggn", "--to", target, "--events")
    assert result.exit_code == 0, result.output
    if target == "json":
        document = json.loads(result.stdout)
        games = document["games"]
        validator.validate(document)
    else:
        games = [json.loads(line) for line in lines(result.stdout)]
    assert len(games) == 3
    for game in games:
        assert isinstance(game["events"], list)
        assert game["events"][0]["type"] == "round-started"
        assert game["events"][-1]["type"] == "game-ended"
    # Readers ignore the events: the records are the same as without them.
    plain = gargon("convert", EXAMPLES / "club-night.ggn", "--to", "ggn").stdout
    assert gargon("convert", "-", "--to", "ggn", input=result.stdout).stdout == plain


def test_schema_is_a_json_schema(schema: dict[str, object]) -> None:
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert gargon("schema").stdout == (ROOT / "gargon_notation" / "gargon.schema.json").read_text(
        encoding="utf-8"
    )


def test_schema_rejects_a_card_that_does_not_exist(
    validator: jsonschema.Draft202012Validator,
) -> None:
    document = json.loads(gargon("convert", EXAMPLES / "full-game.ggn", "--to", "json").stdout)
    document["games"][0]["setup"][0]["cards"][0] = "R16"
    with pytest.raises(jsonschema.ValidationError, match="R16"):
        validator.validate(document)


# -- simulate ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_valid_canonical_deterministic_games(players: int, tmp_path: Path) -> None:
    args = ["simulate", "--players", str(players), "--games", "3", "--seed", f"cli-{players}"]
    result = gargon(*args)
    assert result.exit_code == 0
    assert gargon(*args).stdout == result.stdout
    games = games_of(result.stdout)
    assert len(games) == 3
    for k, game in enumerate(games, start=1):
        assert f'[Event "Simulated game {k}"]' in lines(game)
        assert f'[Seed "cli-{players}.{k}"]' in lines(game)
        assert '[Bot "random"]' in lines(game)
        assert len(re.findall(r'"(\w+)"', lines(game)[3])) == players  # [Players ...]
        assert lines(game)[-1].startswith("end ")
    path = tmp_path / "sim.ggn"
    path.write_text(result.stdout, encoding="utf-8")
    checked = gargon("validate", path)
    assert checked.exit_code == 0
    assert lines(checked.stdout)[-1] == "3 games in 1 file: 3 valid, 0 invalid"
    assert gargon("fmt", "--check", path).exit_code == 0


def test_simulate_one_game_uses_the_seed_itself() -> None:
    result = gargon("simulate", "--seed", "alone")
    assert result.exit_code == 0
    assert '[Seed "alone"]' in lines(result.stdout)
    assert '[Players "Adam" "Bernd" "Collette" "Dagmar"]' in lines(result.stdout)
    assert len(games_of(result.stdout)) == 1
    assert result.stdout != gargon("simulate", "--seed", "other").stdout


def test_simulate_writes_the_deal(tmp_path: Path) -> None:
    result = gargon("simulate", "--players", "3", "--seed", "dealt", "--deal")
    assert result.exit_code == 0
    output = lines(result.stdout)
    deals = [line for line in output if line.startswith("deal ")]
    piles = [line for line in output if line.startswith("pile ")]
    assert [line.split(":")[0] for line in deals] == ["deal Adam", "deal Bernd", "deal Collette"]
    assert [len(line.split()) - 2 for line in deals] == [10, 10, 10]
    assert [len(line.split()) - 2 for line in piles] == [36, 36]
    without = gargon("simulate", "--players", "3", "--seed", "dealt")
    assert not [line for line in lines(without.stdout) if line.startswith(("deal ", "pile "))]
    assert [line for line in output if line[:1].isdigit() or line.startswith("end")] == [
        line for line in lines(without.stdout) if line[:1].isdigit() or line.startswith("end")
    ]
    path = tmp_path / "dealt.ggn"
    path.write_text(result.stdout, encoding="utf-8")
    checked = gargon("validate", path)
    assert checked.exit_code == 0
    assert "not checked" not in checked.stdout


def test_simulate_greedy(tmp_path: Path) -> None:
    result = gargon("simulate", "--bot", "greedy", "--games", "2", "--seed", "g")
    assert result.exit_code == 0
    assert result.stdout.count('[Bot "greedy"]') == 2
    assert result.stdout != gargon("simulate", "--games", "2", "--seed", "g").stdout
    path = tmp_path / "greedy.ggn"
    path.write_text(result.stdout, encoding="utf-8")
    assert gargon("validate", path).exit_code == 0


def test_simulate_output_file(tmp_path: Path) -> None:
    path = tmp_path / "games.ggn"
    result = gargon("simulate", "--games", "2", "--seed", "file", "-o", path)
    assert result.exit_code == 0
    assert result.output == ""
    assert (
        path.read_text(encoding="utf-8")
        == gargon("simulate", "--games", "2", "--seed", "file").stdout
    )
    assert gargon("fmt", "--check", path).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.ggn"]


def test_output_files_get_the_usual_permissions(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        gargon("simulate", "--seed", "mode", "-o", tmp_path / "new.ggn")
        gargon("convert", tmp_path / "new.ggn", "--to", "json", "-o", tmp_path / "new.json")
        (tmp_path / "old.ggn").write_text(gargon("simulate").stdout, encoding="utf-8")
        (tmp_path / "old.ggn").chmod(0o640)
        gargon("annotate", "-i", tmp_path / "old.ggn")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.ggn").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644
    assert stat.S_IMODE((tmp_path / "old.ggn").stat().st_mode) == 0o640


def test_simulate_with_comments(tmp_path: Path) -> None:
    path = tmp_path / "commented.ggn"
    result = gargon("simulate", "--comments", "--games", "2", "--seed", "c", "-o", path)
    assert result.exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert re.search(r"[!?]", text.split("\n1. ")[1])  # glyphs on actions
    checked = gargon("validate", path)
    assert checked.exit_code == 0
    assert lines(checked.stdout)[-1] == "2 games in 1 file: 2 valid, 0 invalid"
    assert gargon("fmt", "--check", path).exit_code == 0


def test_simulate_an_unknown_bot() -> None:
    result = gargon("simulate", "--bot", "clever")
    assert result.exit_code == 2
    assert result.stdout == ""
    flat = " ".join(line.strip("│ ") for line in result.stderr.splitlines())  # the box's lines
    assert (
        "Invalid value for '--bot' / '-b': 'clever' is not one of 'random', 'greedy', 'amulet'."
        in flat
    )


@pytest.mark.parametrize(
    ("option", "value"), [("--players", "6"), ("--players", "2"), ("--games", "0")]
)
def test_simulate_out_of_range(option: str, value: str) -> None:
    result = gargon("simulate", option, value)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"Invalid value for '{option}'" in result.stderr


# -- score ---------------------------------------------------------------------------------


def test_score_of_a_simulated_game(tmp_path: Path) -> None:
    path = tmp_path / "scored.ggn"
    assert gargon("simulate", "--players", "5", "--seed", "score-test", "-o", path).exit_code == 0
    (written,) = end_scores(path.read_text(encoding="utf-8"))
    assert written == {"Adam": 24, "Bernd": 35, "Collette": 26, "Dagmar": 27, "Emil": 16}
    result = gargon("score", path)
    assert result.exit_code == 0
    output = lines(result.stdout)
    assert output[:2] == [f"{path} game 1: score final", "Score"]
    assert scoreboard_totals(result.stdout) == written
    assert "\nBernd *" in result.stdout
    assert output[-2:] == [
        "won: in the order won; amulets: x2 with one 0, x4 with both 0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie; * winner",
    ]


def test_score_json(tmp_path: Path) -> None:
    path = tmp_path / "scored.ggn"
    gargon("simulate", "--players", "5", "--seed", "score-test", "-o", path)
    result = gargon("score", path, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "games": [
            {
                "game": 1,
                "finished": True,
                "valid": True,
                "players": [
                    {"name": "Adam", "bonus": 10, "amulets": 14, "total": 24},
                    {"name": "Bernd", "bonus": 20, "amulets": 15, "total": 35},
                    {"name": "Collette", "bonus": 5, "amulets": 21, "total": 26},
                    {"name": "Dagmar", "bonus": 15, "amulets": 12, "total": 27},
                    {"name": "Emil", "bonus": 10, "amulets": 6, "total": 16},
                ],
                "winners": ["Bernd"],
            }
        ]
    }


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_score_json_matches_the_written_totals(name: str) -> None:
    result = gargon("score", EXAMPLES / name, "--json")
    assert result.exit_code == 0
    games = json.loads(result.stdout)["games"]
    written = end_scores((EXAMPLES / name).read_text(encoding="utf-8"))
    finished = [game for game in games if game["finished"]]
    assert [{p["name"]: p["total"] for p in game["players"]} for game in finished] == written
    for game in games:
        assert game["valid"] is True
        assert all(p["total"] == p["bonus"] + p["amulets"] for p in game["players"])


def test_score_of_an_unfinished_game() -> None:
    result = gargon("score", EXAMPLES / "rulebook-round.ggn", "--json")
    assert result.exit_code == 0
    (game,) = json.loads(result.stdout)["games"]
    assert game["finished"] is False
    assert game["winners"] == []
    assert [p["total"] for p in game["players"]] == [18, 0, 10, 16]
    text = gargon("score", EXAMPLES / "rulebook-round.ggn")
    assert lines(text.stdout)[0].endswith("rulebook-round.ggn game 1: score so far (unfinished)")


def test_score_of_an_invalid_record(work: Path) -> None:
    result = gargon("score", "mixed.ggn", "--json")
    assert result.exit_code == 1
    assert [game["valid"] for game in json.loads(result.stdout)["games"]] == [True, False, True]


# -- tables on a narrow terminal ------------------------------------------------------------

TOURNAMENT = ROOT / "tests" / "data" / "tournament" / "spring-cup.ggn"
TABLE_VERBS = [
    ["stats", EXAMPLES],
    ["stats", "--by", "event", EXAMPLES],
    ["ratings", TOURNAMENT],
    ["standings", TOURNAMENT],
    ["standings", "--duplicate", TOURNAMENT],
    ["score", EXAMPLES / "club-night.ggn"],
    ["show", EXAMPLES / "club-night.ggn"],
    ["replay", EXAMPLES / "full-game.ggn", "--possible"],
    ["replay", EXAMPLES / "table-record.ggn", "--round", "2"],
]
"""The verbs that print rich tables, on real records."""


def printed_at(width: int, arguments: list[str | Path], monkeypatch: pytest.MonkeyPatch) -> Result:
    """``gargon ARGUMENTS`` printed on standard output ``width`` columns wide."""
    from gargon_notation.cli.terminal import SafeConsole

    console = SafeConsole(highlight=False, soft_wrap=True, width=width)
    monkeypatch.setattr(cli_common, "out", console)
    return gargon(*arguments)


WIDE: dict[tuple[str, ...], Result] = {}
"""What each verb of :data:`TABLE_VERBS` prints 250 columns wide, printed once for every
narrower width."""


def figures(text: str) -> list[str]:
    """The words of ``text`` that hold a digit (numbers, cards, places), sorted."""
    return sorted(word for word in text.split() if any(c.isdigit() for c in word))


# 20 columns squeezes every table hardest: 40 and 60 take the same path, in the heavy profile
@pytest.mark.parametrize(
    "width",
    [20, pytest.param(40, marks=pytest.mark.slow), pytest.param(60, marks=pytest.mark.slow)],
)
@pytest.mark.parametrize(
    "arguments",
    TABLE_VERBS,
    ids=lambda a: " ".join(part.name if isinstance(part, Path) else part for part in a),
)
def test_a_narrow_terminal_cuts_no_number(
    arguments: list[str | Path], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rich squeezed a table wider than the terminal into its width, cutting figures, cards,
    names and headings to ``…`` (``66.…``) or dropping a column's text: every table keeps
    them whole, its text columns wrapped between words and its bars shorter, and runs past
    the terminal's width when even that is too wide."""
    if arguments[0] == "ratings" and importlib.util.find_spec("openskill") is None:
        pytest.skip("ratings need openskill (the ratings extra)")
    key = tuple(map(str, arguments))
    if key not in WIDE:
        WIDE[key] = printed_at(250, arguments, monkeypatch)
    wide = WIDE[key]
    narrow = printed_at(width, arguments, monkeypatch)
    assert narrow.exit_code == wide.exit_code
    assert "…" not in narrow.stdout
    # every figure whole (standings repeats its ranks over each group of rounds)
    assert not Counter(figures(wide.stdout)) - Counter(figures(narrow.stdout))
    if arguments[0] != "standings":
        assert figures(narrow.stdout) == figures(wide.stdout)


# -- help and version ----------------------------------------------------------------------

COMMANDS = [
    "validate",
    "record",
    "show",
    "replay",
    "svg",
    "html",
    "score",
    "annotate",
    "fmt",
    "convert",
    "check-hidden",
    "merge",
    "filter",
    "cat",
    "dedupe",
    "split",
    "stats",
    "standings",
    "ratings",
    "schema",
    "simulate",
    "lsp",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_of_every_command_shows_an_example(command: str) -> None:
    result = gargon(command, "--help")
    assert result.exit_code == 0
    assert f"Usage: gargon {command} [OPTIONS]" in result.stdout
    shown = lines(result.stdout)
    heading = [number for number, line in enumerate(shown) if "Example" in line]
    assert len(heading) == 1
    assert re.fullmatch(r" Examples?:\s*", shown[heading[0]])
    assert shown[heading[0] + 1].startswith(f"   gargon {command}")


def test_help_lists_every_command_and_completion() -> None:
    result = gargon("--help")
    assert result.exit_code == 0
    listed = re.findall(r"^│ (\w[\w-]*) ", result.stdout, re.MULTILINE)
    assert listed == COMMANDS
    assert "--install-completion" in result.stdout


def test_no_arguments_shows_the_help() -> None:
    result = gargon()
    assert result.exit_code == 2
    assert "Usage: gargon [OPTIONS] COMMAND [ARGS]..." in result.output


def test_version() -> None:
    result = gargon("--version")
    assert result.exit_code == 0
    assert result.stdout == f"gargon-notation {__version__}\n"


@pytest.mark.parametrize(
    "example",
    [
        ["validate", "examples/", "--jobs", "2"],
        ["show", "examples/rulebook-round.ggn"],
        ["score", "examples/club-night.ggn", "--json"],
    ],
    ids=["validate", "show", "score"],
)
def test_help_examples_on_the_bundled_files_work(
    example: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    result = gargon(*example)
    assert result.exit_code == 0, result.output


def test_shell_completion_completes_the_verbs() -> None:
    """Typer's completion protocol, as the installed shell function drives it."""
    result = subprocess.run(
        [sys.executable, "-m", "gargon_notation"],
        env={
            **os.environ,
            "_GARGON_COMPLETE": "complete_bash",
            "COMP_WORDS": "gargon va",
            "COMP_CWORD": "1",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout.split() == ["validate"]


def test_a_notation_file_may_open_with_a_brace_comment(work: Path) -> None:
    text = "{a brace comment first}\n" + (work / "rulebook-round.ggn").read_text(encoding="utf-8")
    (work / "brace.ggn").write_text(text, encoding="utf-8")
    assert gargon("validate", "brace.ggn").exit_code == 0
    from_stdin = gargon("validate", "-", input=text)
    assert from_stdin.exit_code == 0
    assert lines(from_stdin.stdout)[-1] == "1 game in 1 file: 1 valid, 0 invalid"


def test_annotate_reports_a_broken_record_and_does_not_rewrite_it(work: Path) -> None:
    before = (work / "broken.ggn").read_bytes()
    result = gargon("annotate", "broken.ggn")
    assert result.exit_code == 1
    assert "[last-seat-new-colour]" in result.stderr
    assert "{=" in result.stdout
    in_place = gargon("annotate", "broken.ggn", "--in-place")
    assert in_place.exit_code == 1
    assert "broken.ggn: not rewritten: annotations stop at the problems" in in_place.stderr
    assert (work / "broken.ggn").read_bytes() == before


def test_an_absurd_number_of_jobs_is_a_usage_error_not_a_traceback() -> None:
    result = CliRunner().invoke(app, ["validate", "--jobs", "100000000000000000", "examples/"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "--jobs" in result.output and "256" in result.output


def test_an_empty_file_is_said_to_hold_no_game(work: Path) -> None:
    (work / "empty.ggn").write_text("", encoding="utf-8")
    result = gargon("validate", "empty.ggn", "rulebook-round.ggn")
    assert result.exit_code == 1
    assert lines(result.stdout)[-2:] == [
        "EMPTY empty.ggn: this file holds no game (it is empty, or holds only comments)",
        "1 game in 2 files: 1 valid, 0 invalid; 1 file without a game",
    ]
    report = json.loads(gargon("validate", "--json", "empty.ggn").stdout)
    assert report["summary"]["empty"] == ["empty.ggn"] and report["games"] == []


@pytest.mark.parametrize(
    "text", ["{nothing but a comment}\n", "; a line comment\n\n{and a brace}\n; more\n"]
)
def test_a_file_of_only_comments_holds_no_game(work: Path, text: str) -> None:
    """No phantom game: comments with no game to belong to make a file without a game."""
    (work / "notes.ggn").write_text(text, encoding="utf-8")
    result = gargon("validate", "notes.ggn")
    assert result.exit_code == 1
    assert lines(result.stdout) == [
        "EMPTY notes.ggn: this file holds no game (it is empty, or holds only comments)",
        "0 games in 1 file: 0 valid, 0 invalid; 1 file without a game",
    ]
    assert list(load_records(work / "notes.ggn")) == []


def test_an_unclosed_comment_is_not_taken_for_a_file_of_comments(work: Path) -> None:
    """A '{' never closed may have swallowed a game: that is said, not 'no game'."""
    (work / "notes.ggn").write_text('{oops\n[Players "A" "B" "C"]\n*\n', encoding="utf-8")
    result = gargon("validate", "notes.ggn")
    assert result.exit_code == 1
    assert "this comment is never closed: '{' has no matching '}'" in result.stdout


def test_a_name_holding_a_control_character_is_said_at_its_tag_in_every_output(
    tmp_path: Path,
) -> None:
    """A record written by hand with 'Bob' and a BEL in its Players tag was valid: validate
    passed it, and show's tables dropped the BEL (Bob and 'Bob\\x07' looked the same); now
    the tag makes the record invalid at its line and column, and every command says so with
    the character as its escape, never raw."""
    path = tmp_path / "bel.ggn"
    path.write_text(
        '[Event "Club night"]\n[Players "Ann" "Bob\x07" "Cy"]\n'
        '1. Ann Y2, "Bob\x07" pass 1, Cy pass 2\n*\n',
        encoding="utf-8",
    )
    problem = (
        f'{path}:2:2: game 1 "Club night": a player name may not hold a control character: '
        "'Bob\\x07' holds \\x07 [header]"
    )
    result = gargon("validate", path)
    assert (result.exit_code, lines(result.stdout)) == (
        1,
        [
            f'INVALID {path} game 1 "Club night": 1 problem',
            f"  {problem}",
            "1 game in 1 file: 0 valid, 1 invalid",
        ],
    )
    for command in (["show", "--no-color"], ["score"], ["standings"]):
        result = gargon(*command, path)
        assert result.exit_code != 0, command
        assert problem in one_line(result.stdout + result.stderr), command
        assert "\x07" not in result.stdout + result.stderr, command
