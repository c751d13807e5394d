"""What reaches the terminal: control characters and markup from records and file names are
shown, never obeyed; ``--no-color`` writes no escape code; an output encoding that cannot
write the text gives escapes, not a traceback (docs/cli.md, "Colours and width")."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import in_process
import pytest
from terminals import read_all

from gargon_notation.cli.terminal import printable

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = (
    '[Notation "1"]\n'
    '[Event "[/bold]\x1b[2J"]\n'
    '[Site "[link=http://example.com]click[/link]"]\n'
    '[Players "Ann\x1b]0;owned\x07" "Bob\u202e" "Cy\x9b31m"]\n'
    "{a comment \x1b[31m in red}\n"
    "*\n"
)
BROKEN = '[Players "Ann" "Bob" "Cy"]\n1. Ann\x1b]0;owned\x07 Y2\n*\n'  # an excerpt with it


def run(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``gargon ARGS`` in this process (:mod:`in_process`), its outputs pipes."""
    return in_process.gargon(*args, cwd=cwd, env={"COLUMNS": "80", **(env or {})})


def run_process(
    *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``gargon ARGS`` as a real process, its outputs pipes."""
    return subprocess.run(
        [sys.executable, "-m", "gargon_notation", *args],
        cwd=cwd,
        capture_output=True,
        env={**os.environ, "COLUMNS": "80", **(env or {})},
        timeout=60,
    )


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    (tmp_path / "hostile.ggn").write_text(HOSTILE, encoding="utf-8")
    (tmp_path / "broken.ggn").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "name\x1b[2J.ggn").write_text("", encoding="utf-8")
    return tmp_path


def test_printable_escapes_controls_but_keeps_newlines_and_tabs() -> None:
    assert printable("a\x1b[2J\tb\nc\x7f\x9b\u202e\u2028\r") == (
        "a\\u001b[2J\tb\nc\\u007f\\u009b\\u202e\\u2028\\u000d"
    )
    assert printable("Café ♥ W15") == "Café ♥ W15"


@pytest.mark.parametrize(
    "verb",
    [
        ["validate", "hostile.ggn"],
        ["validate", "broken.ggn"],
        ["show", "broken.ggn"],
        ["show", "hostile.ggn"],
        ["score", "hostile.ggn"],
        ["replay", "hostile.ggn"],
        ["validate", "name\x1b[2J.ggn"],
        ["show", "missing\x1b]0;x\x07.ggn"],
    ],
)
def test_no_control_character_from_a_record_reaches_the_terminal(
    hostile: Path, verb: list[str]
) -> None:
    result = run(*verb, cwd=hostile)
    shown = result.stdout + result.stderr
    assert b"Traceback" not in shown
    assert result.returncode in (0, 1, 2)
    for raw in (b"\x1b", b"\x07", "\x9b".encode(), "\u202e".encode()):
        assert raw not in shown
    assert b"\\u001b" in shown


def test_show_prints_markup_in_tags_as_written(hostile: Path) -> None:
    result = run("show", "hostile.ggn", cwd=hostile)
    lines = result.stdout.decode().splitlines()
    assert "Event     [/bold]\\u001b[2J" in [line.rstrip() for line in lines]
    assert "Site      [link=http://example.com]click[/link]" in [line.rstrip() for line in lines]
    assert "Players   Ann\\u001b]0;owned\\u0007 Bob\\u202e Cy\\u009b31m" in [
        line.rstrip() for line in lines
    ]


def test_validate_json_stays_json(hostile: Path) -> None:
    import json

    result = run("validate", "--json", "hostile.ggn", cwd=hostile)
    report = json.loads(result.stdout)
    assert report["games"][0]["event"] == "[/bold]\x1b[2J"


@pytest.mark.parametrize(
    ("verb", "real"),
    [
        (["validate", "latin.ggn"], False),
        (["validate", "examples/club-night.ggn"], False),
        (["show", "examples/club-night.ggn"], False),
        (["replay", "examples/full-game.ggn", "--round", "2"], False),
        (["score", "examples/club-night.ggn"], False),
        (["annotate", "cafe.ggn"], False),
        (["fmt", "cafe.ggn"], True),
        (["convert", "cafe.ggn", "--to", "json"], False),
        (["show", "cafe.ggn"], True),
        (["validate", "cafe.ggn"], True),
    ],
)
def test_an_ascii_only_output_gets_escapes_not_a_traceback(
    tmp_path: Path, verb: list[str], real: bool
) -> None:
    """In a real process started with ``PYTHONIOENCODING=ascii`` (the quick ``validate``,
    a rich verb and a record written out), the others in this process with outputs that
    write ASCII as that process's do."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    (tmp_path / "latin.ggn").write_bytes(b'[Event "Caf\xe9"]\n[Players "A" "B" "C"]\n*\n')
    (tmp_path / "cafe.ggn").write_text('[Event "Café"]\n[Players "Zoë" "B" "C"]\n*\n')
    if real:
        result = run_process(*verb, cwd=tmp_path, env={"PYTHONIOENCODING": "ascii"})
    else:
        result = in_process.gargon(*verb, cwd=tmp_path, env={"COLUMNS": "80"}, encoding="ascii")
    assert b"Traceback" not in result.stderr
    assert b"Error" not in result.stderr
    assert result.returncode in (0, 1)
    if verb[0] in ("fmt", "convert", "annotate"):
        assert "Zoë".encode() in result.stdout  # a record is written as UTF-8, whatever the locale


@pytest.mark.parametrize(
    "verb",
    [
        ["show", "full-game.ggn"],  # one game: club-night's three print the same tables
        pytest.param(["replay", "full-game.ggn", "--round", "3"], marks=pytest.mark.slow),
        pytest.param(["score", "club-night.ggn"], marks=pytest.mark.slow),
    ],
)
def test_no_color_writes_no_escape_code_even_on_a_terminal(verb: list[str]) -> None:
    code, shown = _no_color_on_a_terminal(verb, ROOT / "examples")
    assert code == 0
    assert b"Round" in shown or b"Score" in shown
    assert b"\x1b" not in shown


def _no_color_on_a_terminal(arguments: list[str], cwd: Path) -> tuple[int, bytes]:
    """Run ``gargon ARGUMENTS --no-color`` with both outputs on a pseudo-terminal that asks
    for colours; its exit code and all it showed."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", *arguments, "--no-color"],
        stdin=subprocess.DEVNULL,
        stdout=child,
        stderr=child,
        cwd=cwd,
        env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "FORCE_COLOR": "1"},
    )
    os.close(child)
    try:
        shown = read_all(main)
        return process.wait(timeout=30), shown
    finally:
        process.kill()
        os.close(main)


@pytest.mark.parametrize(
    "verb",
    [
        pytest.param("show", marks=pytest.mark.slow),
        "replay",
        pytest.param("score", marks=pytest.mark.slow),
    ],
)
def test_no_color_writes_no_escape_code_on_standard_error_either(verb: str) -> None:
    """An invalid record: its problems are plain too, on standard error (score) as on
    standard output (show and replay print them under the table)."""
    code, shown = _no_color_on_a_terminal([verb, "broken.ggn"], ROOT / "tests" / "data" / "cli")
    assert code == 1
    assert b"last-seat-new-colour" in shown
    assert b"\x1b" not in shown


@pytest.mark.parametrize("verb", [["fmt"], ["annotate"], ["convert", "--to", "json"]])
def test_a_record_written_to_a_pipe_keeps_its_control_characters(
    hostile: Path, verb: list[str]
) -> None:
    result = run(*verb[:1], "hostile.ggn", *verb[1:], cwd=hostile)
    # its names make the record invalid, which annotate says with exit 1, the record written
    assert result.returncode == (1 if verb == ["annotate"] else 0)
    assert b"\x1b[2J" in result.stdout or b"\\u001b[2J" in result.stdout  # JSON escapes it


def test_a_record_written_to_a_terminal_shows_its_control_characters(hostile: Path) -> None:
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "fmt", "hostile.ggn"],
        stdin=subprocess.DEVNULL,
        stdout=child,
        stderr=child,
        cwd=hostile,
    )
    os.close(child)
    try:
        shown = read_all(main)
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        os.close(main)
    assert b"\x1b" not in shown
    assert b'[Event "[/bold]\\u001b[2J"]' in shown


@pytest.fixture
def odd_names(tmp_path: Path) -> Path:
    """Files whose names hold a newline or a tab: a broken record, an empty file, a valid
    record that is not canonical."""
    (tmp_path / "bad\nname.ggn").write_text(BAD_CARD, encoding="utf-8")
    (tmp_path / "empty\nname.ggn").write_text("", encoding="utf-8")
    rulebook = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
    (tmp_path / "ok\tname.ggn").write_text(rulebook.replace("\n", "\r\n"), encoding="utf-8")
    return tmp_path


BAD_CARD = '[Players "A" "B" "C"]\n1. A R99\n*\n'
PROBLEM = [
    "bad\\u000aname.ggn:2:6: 'R99' is not a card (a colour W B V Y R G and a value 0-15 like "
    "R14, or a colour or X and '?' like R? or X?)",
    "    1. A R99",
    "         ^",
]


@pytest.mark.parametrize(
    ("verb", "printed"),
    [
        (
            ["validate", "--quiet", "."],  # on standard output, the others on standard error
            [
                "INVALID bad\\u000aname.ggn game 1: 1 problem",
                *("  " + line for line in PROBLEM),
                "EMPTY empty\\u000aname.ggn: this file holds no game (it is empty, or holds "
                "only comments)",
                "2 games in 3 files: 1 valid, 1 invalid; 1 file without a game",
            ],
        ),
        (
            ["fmt", "--check", "."],
            [
                *PROBLEM,
                "gargon: empty\\u000aname.ggn: no game found",
                "ok\\u0009name.ggn: not in canonical form (run gargon fmt --in-place)",
                "3 files: 1 checked, 1 not in canonical form; 2 could not be checked (see above)",
            ],
        ),
        (
            ["dedupe", "--report", "."],
            [
                *PROBLEM,
                "  (left out)",
                "gargon: empty\\u000aname.ggn: no game found",
                "gargon: 1 game could not be read or copied and was left out",
            ],
        ),
        (
            ["validate", "missing\nname.ggn"],
            ["gargon: missing\\u000aname.ggn: no such file or directory"],
        ),
    ],
)
def test_a_newline_or_a_tab_in_a_file_name_is_escaped(
    odd_names: Path, verb: list[str], printed: list[str]
) -> None:
    """A file name is shown on one line: its newline and tab escaped, as control characters
    are (docs/cli.md, "What reaches the terminal"), so each verdict and problem is a line."""
    result = run(*verb, cwd=odd_names)
    shown = result.stdout if verb[1] == "--quiet" else result.stderr
    assert shown.decode().splitlines() == printed


@pytest.mark.parametrize(
    ("verb", "message"),
    [
        ("validate", "gargon: no .ggn file found in no\\u000agames\n"),
        ("fmt", "gargon: no .ggn, .json or .jsonl file found in no\\u000agames\n"),
    ],
)
def test_a_folder_without_records_is_named_on_one_line(
    tmp_path: Path, verb: str, message: str
) -> None:
    (tmp_path / "no\ngames").mkdir()
    result = run(verb, "no\ngames", cwd=tmp_path)
    assert (result.returncode, result.stderr.decode()) == (2, message)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["record", "--resume", "d\nir/no\nne.ggn"],
            "gargon: d\\u000air/no\\u000ane.ggn: no such file to resume; start it without "
            "--resume\n",
        ),
        (
            ["merge", "empty\nname.ggn"],
            "gargon: merge needs at least two records of the game, and empty\\u000aname.ggn is "
            "the only input\n",
        ),
    ],
)
def test_record_and_merge_name_a_file_on_one_line(
    odd_names: Path, args: list[str], message: str
) -> None:
    """(Found by a review: these two printed the name as it is.)"""
    result = run(*args, cwd=odd_names)
    assert (result.returncode, result.stderr.decode()) == (2, message)


def test_validate_ok_line_and_json_of_a_name_with_a_tab(odd_names: Path) -> None:
    import json

    result = run("validate", "ok\tname.ggn", cwd=odd_names)
    assert result.stdout.decode().startswith("ok ok\\u0009name.ggn game 1 ")
    report = json.loads(run("validate", "--json", ".", cwd=odd_names).stdout)
    assert [game["source"] for game in report["games"]] == ["bad\nname.ggn", "ok\tname.ggn"]
    assert report["summary"]["empty"] == ["empty\nname.ggn"]
