"""``gargon record`` without a terminal: entries from standard input, crash-safe, resumable."""

from __future__ import annotations

import os
import pty
import random
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

import in_process
import pytest
from click.testing import Result
from in_process import CliRunner
from terminals import read_all, read_until, screen

import gargon_notation as gg
from gargon_notation.bots import simulate
from gargon_notation.cli import app
from gargon_notation.notation.writer import write_game
from gargon_notation.recording import entry_lines
from gargon_notation.records import record_from_simulation, with_comments

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
"""``GARGON_FUZZ=heavy`` (.ci/run) kills eight recordings instead of two."""
GARGON = [sys.executable, "-m", "gargon_notation"]


def _record_here(*arguments: str, lines: list[str]) -> Result:
    """``gargon record ARGUMENTS`` in this process, the lines on its standard input."""
    return CliRunner().invoke(app, ["record", *arguments], input="".join(f"{x}\n" for x in lines))


def _record(*arguments: str, lines: list[str]) -> subprocess.CompletedProcess[str]:
    """``gargon record ARGUMENTS`` through the command's entry point, in this process (the
    real command is killed and resumed below), the lines piped to its standard input.  The
    file it saves after each entry is not flushed to the disk (``os.fsync``): the killed
    recording below shows it survives a crash, and here it would take most of the time."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda descriptor: None)
        done = in_process.gargon(
            "record", *arguments, stdin="".join(f"{x}\n" for x in lines).encode()
        )
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


def test_a_piped_example_is_recorded_as_it_is_written(tmp_path: Path) -> None:
    record = next(gg.load(EXAMPLES / "full-game.ggn", strict=True))
    path = tmp_path / "game.ggn"
    result = _record(str(path), lines=entry_lines(record))
    assert result.returncode == 0, result.stderr
    assert path.read_text() == write_game(record)
    prompts = result.stdout.splitlines()
    assert prompts[0] == "round 1: Bernd to play or pass"
    assert prompts[-1].startswith(f"{path}: ") and "the game is over: Adam " in prompts[-1]
    checked = in_process.gargon("validate", str(path))
    assert checked.returncode == 0, checked.stdout


def test_options_set_the_game_up(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    result = _record_here(
        str(path),
        "--players",
        "Ann, Bob,Anna Lena",
        "--start",
        "Bob",
        "--event",
        "Club night",
        "--date",
        "2026.11.25",
        lines=["R3", "{careful}", '"Anna Lena" pass 2', "Ann pass 1:G?"],
    )
    assert result.exit_code == 0, result.stderr
    assert path.read_text() == (
        '[Notation "1"]\n[Event "Club night"]\n[Date "2026.11.25"]\n'
        '[Players "Ann" "Bob" "Anna Lena"]\n[Start "Bob"]\n'
        '1. Bob R3 {careful}, "Anna Lena" pass 2, Ann pass 1:G?\n*\n'
    )
    assert "continue with gargon record --resume" in result.stdout


@pytest.mark.parametrize(
    ("name", "argument"), [("-", "./-"), ("club night.ggn", "'club night.ggn'")]
)
def test_the_command_to_continue_can_be_copied_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, argument: str
) -> None:
    """A file named '-' (given as ./-) or with a space is written so in the command the
    summary suggests, which the shell and gargon then read as that file."""
    monkeypatch.chdir(tmp_path)
    result = _record_here(f"./{name}", "--players", "Ann,Bob,Cy", lines=["R3"])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / name).read_text().endswith("1. Ann R3\n*\n")
    assert result.stdout.splitlines()[-1].endswith(
        f"; continue with gargon record --resume {argument}"
    )
    again = _record_here("--resume", "./" + name, lines=["Bob pass 1"])
    assert again.exit_code == 0, again.stderr


def test_round_and_table_options_write_the_tags_standings_reads(tmp_path: Path) -> None:
    """After Date, as a tournament's records write them; with the players given as options
    or in the lines read."""
    path = tmp_path / "game.ggn"
    result = _record_here(
        str(path),
        "-p",
        "Ann,Bob,Cy",
        "--event",
        "Winter Cup",
        "--date",
        "2026.01.17",
        "--round",
        "2",
        "--table",
        "3",
        lines=["R3"],
    )
    assert result.exit_code == 0, result.stderr
    assert path.read_text() == (
        '[Notation "1"]\n[Event "Winter Cup"]\n[Date "2026.01.17"]\n[Round "2"]\n'
        '[Table "3"]\n[Players "Ann" "Bob" "Cy"]\n[Start "Ann"]\n1. Ann R3\n*\n'
    )
    lines = ['[Players "Ann" "Bob" "Cy"]', "R3"]
    other = tmp_path / "lines.ggn"
    result = _record_here(str(other), "--round", "Final", "--table", "1", lines=lines)
    assert result.exit_code == 0, result.stderr
    assert other.read_text() == (
        '[Round "Final"]\n[Table "1"]\n[Players "Ann" "Bob" "Cy"]\n1. Ann R3\n*\n'
    )


def test_a_round_given_twice_or_to_a_resumed_game_is_refused(tmp_path: Path) -> None:
    """--resume keeps the tags the file has."""
    path = tmp_path / "game.ggn"
    lines = ['[Round "2"]', '[Players "Ann" "Bob" "Cy"]', "R3"]
    result = _record_here(str(path), "--round", "3", lines=lines)
    assert (result.exit_code, result.stderr) == (
        1,
        "gargon: <stdin>:3:1: [Round] is given both as an option and in the lines read; give it "
        "once\n",
    )
    path.unlink(missing_ok=True)
    assert _record_here(str(path), "--round", "2", lines=lines[1:]).exit_code == 0
    kept = path.read_text()
    for option in ("--round", "--table"):
        result = _record_here(str(path), "--resume", option, "4", lines=["Bob pass 1"])
        assert (result.exit_code, result.stderr) == (
            2,
            f"gargon: --resume continues the game its file sets up: leave out {option}\n",
        )
    assert path.read_text() == kept
    result = _record_here(str(path), "--resume", lines=["Bob pass 1"])
    assert result.exit_code == 0, result.stderr
    assert path.read_text().startswith('[Round "2"]\n[Players "Ann" "Bob" "Cy"]\n')


def test_the_first_refused_entry_is_reported_and_the_file_keeps_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    lines = ["W9", "Bob pass 1", "Cy R99", "Cy pass"]
    result = _record_here(str(path), "--players", "Ann,Bob,Cy", "--seed", "demo", lines=lines)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "gargon: <stdin>:3:4: 'R99' is not a card (a colour W B V Y R G and a value 0-15 like "
        "R14, or a colour or X and '?' like R? or X?); round 1: Cy to play or pass, such as "
        "W1, W3, W7, pass 1, ..."
    )
    assert f"{path}: kept 2 decisions before it" in result.stderr
    assert path.read_text().splitlines()[-2:] == ["1. Ann W9, Bob pass 1", "*"]


def test_the_options_and_the_file_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    path.write_text("keep me\n")
    cases = [
        ((str(path), "--players", "Ann,Bob,Cy"), "exists: continue it with --resume"),
        ((str(tmp_path / "new.ggn"), "--players", "Ann,Bob"), "players"),
        ((str(tmp_path / "new.ggn"), "--seed", "x"), "go with --players"),
        ((str(tmp_path / "none.ggn"), "--resume"), "no such file to resume"),
        ((str(path), "--resume", "--players", "A,B,C"), "leave out --players"),
        ((str(path), "--resume"), "cannot resume"),
    ]
    cases += [
        ((str(tmp_path / "new.json"), "--players", "A,B,C"), "name the file .ggn"),
        ((str(tmp_path / "new.ggn"), "-p", "A,B,C", "--date", "2024-01-01"), "YYYY.MM.DD"),
        (
            (str(tmp_path / "new.ggn"), "-p", "A,B,C", "--date", "2026.02.30"),
            "gargon: --date: the date '2026.02.30' has no day 30\n",
        ),
        (
            (str(tmp_path / "new.ggn"), "-p", "A,B,C", "--date", "15.03.2026"),
            "gargon: --date: '15.03.2026' is not a date: write YYYY.MM.DD, the year first in "
            "four digits, ?? for a part not known (2026.03.15 for 15 March 2026)\n",
        ),
        (("-", "--players", "A,B,C"), "name one"),
        ((str(tmp_path / "new.ggn"), "--players", ",,,"), "name the players"),
        ((str(tmp_path / "new.ggn"), "--players", ""), "name the players"),
        ((str(tmp_path / "new.ggn"), "-p", "A,B,C", "--seed", ""), "--seed is empty"),
        ((str(tmp_path / "new.ggn"), "-p", "A,B,C", "--seed", "  "), "--seed is empty"),
        ((str(tmp_path / "new.ggn"), "-p", "A,B,C", "--date", "2026.13.45"), "no month 13"),
        ((str(tmp_path / "new.ggn"), "-p", "A,B,C", "--date", "2025.02.29"), "no day 29"),
    ]
    for arguments, message in cases:
        result = _record_here(*arguments, lines=[])
        assert result.exit_code == 2, (arguments, result.stderr)
        assert message in result.stderr, (arguments, result.stderr)
        assert "Traceback" not in result.stderr
        assert "<string>" not in result.stderr and "game 1:" not in result.stderr
        assert result.stderr.startswith("gargon: "), result.stderr
    assert path.read_text() == "keep me\n"
    assert not (tmp_path / "new.ggn").exists()


def test_a_set_up_refusal_says_what_is_wrong_without_where_it_was_read(tmp_path: Path) -> None:
    result = _record_here(str(tmp_path / "new.ggn"), "--players", "Ann,Bob", lines=[])
    assert result.stderr == (
        "gargon: the set-up is not a game to record: Gargon is played by 3 to 5 players, not 2\n"
    )
    result = _record_here(
        str(tmp_path / "new.ggn"), "-p", "A,B,C", "--date", "2026.13.45", lines=[]
    )
    assert result.stderr == "gargon: --date: the date '2026.13.45' has no month 13\n"


def test_a_control_character_in_a_name_is_refused_as_its_escape(tmp_path: Path) -> None:
    """'Bob' pasted with a BEL after it was written into the record's Players tag, and
    validate passed it; now the set-up is refused, naming the character as its escape."""
    result = _record_here(str(tmp_path / "new.ggn"), "-p", "Ann,Bob\x07,Cy", lines=[])
    assert (result.exit_code, result.stderr) == (
        2,
        "gargon: the set-up is not a game to record: a player name may not hold a control "
        "character: 'Bob\\x07' holds \\x07\n",
    )
    assert not (tmp_path / "new.ggn").exists()
    # without --players, the set-up read from the lines piped in is refused alike
    lines = ['[Players "Ann" "Bob\x1b[2J" "Cy"]', "Ann Y2"]
    result = _record_here(str(tmp_path / "new.ggn"), lines=lines)
    assert result.exit_code != 0
    assert "'Bob\\x1b[2J' holds \\x1b" in result.stderr
    assert "\x1b" not in result.stderr
    assert not (tmp_path / "new.ggn").exists()
    # bytes that are not UTF-8 in --players (Latin-1's 'é'): a traceback as the file was saved
    result = _record_here(str(tmp_path / "new.ggn"), "-p", "Ann,Ren\udce9,Cy", lines=[])
    assert (result.exit_code, result.stderr) == (
        2,
        "gargon: the set-up is not a game to record: a player name may not hold a lone "
        "surrogate (bytes not UTF-8?): 'Ren\\udce9' holds \\udce9\n",
    )
    assert not (tmp_path / "new.ggn").exists()


def test_a_finished_game_cannot_be_resumed(tmp_path: Path) -> None:
    path = tmp_path / "done.ggn"
    path.write_text(write_game(record_from_simulation(simulate(3, "done"))))
    before = path.read_text()
    result = _record_here(str(path), "--resume", lines=["pass"])
    assert result.exit_code == 2
    assert "this game is finished: there is nothing to resume" in result.stderr
    assert path.read_text() == before


@pytest.mark.parametrize("seed", range(1, 9 if HEAVY else 2))
def test_a_killed_recording_resumes_into_the_same_file(tmp_path: Path, seed: int) -> None:
    """kill -9 after a random number of accepted entries, then --resume with the rest: the
    file is the one an uninterrupted recording writes."""
    record = with_comments(record_from_simulation(simulate(4, f"kill.{seed}")), "kill")
    lines = entry_lines(record)
    head = sum(1 for line in lines if line.startswith("["))
    entries = lines[head:]
    stop = random.Random(seed).randrange(1, len(entries) - 2)
    path = tmp_path / "game.ggn"
    process = subprocess.Popen(
        [*GARGON, "record", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    for line in lines[:head]:
        process.stdin.write(line + "\n")
    answered = 0
    for line in entries[:stop]:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        process.stdout.readline()  # the prompt: the entry was accepted and saved
        answered += 1
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert answered == stop
    assert gg.replay(next(gg.load(path, strict=True))).valid
    result = _record(str(path), "--resume", lines=entries[stop:])
    assert result.returncode == 0, result.stderr
    assert path.read_text() == write_game(record)


def test_a_file_changed_by_another_program_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    process = subprocess.Popen(
        [*GARGON, "record", str(path), "--players", "Ann,Bob,Cy", "--seed", "demo"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("W9\n")
    process.stdin.flush()
    assert process.stdout.readline() == "round 1: Bob to play or pass\n"
    resumed = _record_here(str(path), "--resume", lines=["pass 2"])
    assert resumed.exit_code == 2
    assert "another recorder is writing this file" in resumed.stderr
    theirs = path.read_text().replace("1. Ann W9", "1. Ann W9, Bob pass 2")
    path.write_text(theirs)  # an editor
    _, errors = process.communicate("pass 1\n", timeout=60)
    assert process.returncode == 2
    assert errors.splitlines() == [
        f"gargon: {path}: another program changed this file since the recorder last wrote it "
        "(a second recorder on it?); it is left as that program wrote it, and this decision "
        "is not recorded",
        f"{path}: see what it holds now (gargon show {path}), and continue from there with "
        f"gargon record --resume {path}",
    ]
    assert path.read_text() == theirs


def test_a_file_the_recorder_cannot_rewrite_is_said_with_what_record_can_do(
    tmp_path: Path,
) -> None:
    """A game file with a second hard link (the club's archive and the current/ folder),
    or a read-only one: the recorder refuses it as fmt -i would, the decision is not
    recorded, and what it suggests is what gargon record can do (it has no -o)."""
    path = tmp_path / "game.ggn"
    started = _record_here(str(path), "--players", "Ann,Bob,Cy", "--seed", "demo", lines=["W9"])
    assert started.exit_code == 0
    held = path.read_bytes()
    copy = (
        f"record into a copy you may write: cp {path} COPY.ggn, then gargon record --resume "
        "COPY.ggn"
    )
    os.link(path, tmp_path / "archive.ggn")
    linked = _record_here(str(path), "--resume", lines=["pass 2"])
    assert (linked.exit_code, linked.stderr) == (
        2,
        f"gargon: {path}: the file has 2 hard links: not rewritten, since replacing it would "
        f"split them ({copy})\n",
    )
    (tmp_path / "archive.ggn").unlink()
    path.chmod(0o444)
    read_only = _record_here(str(path), "--resume", lines=["pass 2"])
    assert (read_only.exit_code, read_only.stderr) == (
        2,
        f"gargon: {path}: the file is read-only: not rewritten (make it writable, or {copy})\n",
    )
    assert path.read_bytes() == held


def _recorder_on(terminal: int, cwd: Path, **started: Any) -> subprocess.Popen[bytes]:
    """``gargon record game.ggn`` (Ann, Bob and Cy, seed demo) in ``cwd``, on the pseudo-
    terminal whose other end is ``terminal``, 120 columns by 40; ``started``: more of
    :class:`subprocess.Popen`'s options."""
    return subprocess.Popen(
        [*GARGON, "record", "game.ggn", "--players", "Ann,Bob,Cy", "--seed", "demo"],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=cwd,
        env={**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color"},
        **started,
    )


def _letting_ctrl_c_through() -> None:
    """Ctrl+C and SIGHUP as a terminal starts the recorder (the tests' own may ignore them:
    under ``nohup``, or in the background)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _leave_on_terminal(
    tmp_path: Path, leave: bytes | signal.Signals, typed: bytes = b"pa"
) -> tuple[int, str, bool]:
    """``gargon record`` on a pseudo-terminal: W9 recorded, ``typed`` typed, then ``leave``
    (keys, or a signal sent to the command): its exit code, what the terminal showed once the
    application was gone, and whether the terminal's modes are back as they were."""
    path = tmp_path / "game.ggn"
    main, child = pty.openpty()
    modes = termios.tcgetattr(main)
    process = _recorder_on(child, tmp_path, preexec_fn=_letting_ctrl_c_through)
    os.close(child)
    try:
        assert b"Ann to play or pass" in read_until(main, b"Ann to play or pass")
        os.write(main, b"W9\r")
        assert b"Bob to play or pass" in read_until(main, b"Bob to play or pass")
        assert path.read_text().splitlines()[-2] == "1. Ann W9"
        os.write(main, typed)
        time.sleep(0.5)
        if isinstance(leave, bytes):
            os.write(main, leave)
        else:
            os.kill(process.pid, leave)
        shown = read_all(main, 60, process)
        code = process.wait(timeout=5)
        restored = termios.tcgetattr(main)[3] == modes[3]
    finally:
        process.kill()
        os.close(main)
    after = shown.rsplit(b"\x1b[?1049l", 1)  # what comes once the alternate screen is left
    assert len(after) == 2, shown[-400:]
    assert path.read_text().splitlines()[-2] == "1. Ann W9"
    return code, after[1].decode(), restored


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_on_a_terminal_the_recorder_application_runs(tmp_path: Path) -> None:
    """On a pseudo-terminal ``gargon record`` is the Textual application: an entry typed and
    Enter records it in the file; Ctrl+Q, with nothing typed, leaves with exit 0."""
    code, _, restored = _leave_on_terminal(tmp_path, b"\x11", typed=b"")
    assert (code, restored) == (0, True)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_sigterm_leaves_the_terminal_as_it_was_and_what_was_typed(tmp_path: Path) -> None:
    code, shown, restored = _leave_on_terminal(tmp_path, signal.SIGTERM)
    assert code == 143
    assert restored
    assert screen(shown) == [
        "game.ggn: 1 decision, unfinished (round 1: Bob to play or pass); continue with "
        "gargon record --resume game.ggn",
        "game.ggn: not recorded, as typed when the recorder was left: pa",
    ]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
@pytest.mark.parametrize(
    ("leave", "expected"),
    [(signal.SIGINT, 130), (signal.SIGHUP, 129), (b"\x03", 130), (b"\x11\x11", 0)],
    ids=["SIGINT", "SIGHUP", "Ctrl+C", "Ctrl+Q twice"],
)
def test_every_way_out_leaves_the_terminal_as_it_was(
    tmp_path: Path, leave: bytes | signal.Signals, expected: int
) -> None:
    code, shown, restored = _leave_on_terminal(tmp_path, leave)
    assert code == expected
    assert restored
    assert screen(shown)[-1] == "game.ggn: not recorded, as typed when the recorder was left: pa"


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_bracketed_paste_of_several_lines_records_them_in_turn(tmp_path: Path) -> None:
    """A terminal's paste of several lines (between ESC [200~ and ESC [201~, its lines
    ended by CR): each is recorded in turn, until one is refused; the lines after it wait,
    and are printed on leaving.  Only the first line reached the entry line."""
    path = tmp_path / "game.ggn"
    main, child = pty.openpty()
    process = _recorder_on(child, tmp_path, preexec_fn=_letting_ctrl_c_through)
    os.close(child)
    try:
        assert b"Ann to play or pass" in read_until(main, b"Ann to play or pass")
        os.write(main, b"\x1b[200~W9\rBob pass 1\r\rCy pass 2\rBob W1\rW\x1b[201~")
        assert b"next 'W'" in read_until(main, b"next 'W'")
        assert path.read_text().splitlines()[-2] == "1. Ann W9, Bob pass 1, Cy pass 2"
        os.write(main, b"\x11")
        time.sleep(0.5)
        os.write(main, b"\x11")
        shown = read_all(main, 60, process)
        code = process.wait(timeout=5)
    finally:
        process.kill()
        os.close(main)
    assert code == 0
    assert screen(shown.rsplit(b"\x1b[?1049l", 1)[1].decode())[-2:] == [
        "game.ggn: not recorded, as typed when the recorder was left: Bob W1",
        "game.ggn: not recorded, as typed when the recorder was left: W",
    ]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_keys_typed_while_the_recorder_starts_are_recorded(tmp_path: Path) -> None:
    """Keys typed before the recorder had started (a quick typist, or a paste at once) went
    to the screen, no field having the focus yet, and were dropped without a word; an Enter
    typed then comes as a newline (the terminal was not yet raw)."""
    path = tmp_path / "game.ggn"
    main, child = pty.openpty()
    process = _recorder_on(child, tmp_path, preexec_fn=_letting_ctrl_c_through)
    os.close(child)
    try:
        os.write(main, b"W9\rBob pass 1\rCy")  # before the application is up
        assert b"Cy to play or pass" in read_until(main, b"Cy to play or pass")
        assert path.read_text().splitlines()[-2] == "1. Ann W9, Bob pass 1"
        os.write(main, b"\x11")
        time.sleep(0.5)
        os.write(main, b"\x11")
        shown = read_all(main, 60, process)
        assert process.wait(timeout=5) == 0
    finally:
        process.kill()
        os.close(main)
    assert screen(shown.rsplit(b"\x1b[?1049l", 1)[1].decode())[-1] == (
        "game.ggn: not recorded, as typed when the recorder was left: Cy"
    )


def _ignoring_sighup() -> None:
    _letting_ctrl_c_through()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as nohup starts it


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_terminal_that_hangs_up_without_a_sighup_ends_the_recorder(tmp_path: Path) -> None:
    """Started with SIGHUP ignored, in a session of its own (no controlling terminal to send
    one), the recorder still leaves once its terminal is gone, as on SIGHUP: Textual would
    otherwise read nothing from it for ever, at full speed (a trial found one spinning for an
    hour)."""
    path = tmp_path / "game.ggn"
    main, child = pty.openpty()
    process = _recorder_on(child, tmp_path, start_new_session=True, preexec_fn=_ignoring_sighup)
    os.close(child)
    try:
        assert b"Ann to play or pass" in read_until(main, b"Ann to play or pass")
        os.write(main, b"W9\r")
        assert b"Bob to play or pass" in read_until(main, b"Bob to play or pass")
        os.close(main)  # the terminal window is closed
        main = -1
        code = process.wait(timeout=30)
    finally:
        process.kill()
        if main >= 0:
            os.close(main)
    assert code == 129
    assert path.read_text().splitlines()[-2] == "1. Ann W9"


def test_standard_input_that_cannot_be_read_is_said_so(tmp_path: Path) -> None:
    """nohup leaves standard input open for writing only: said so, with what to do, and
    nothing written (it was 'gargon: bad file descriptor')."""
    with open(os.devnull, "w") as unreadable:
        done = subprocess.run(
            [*GARGON, "record", "game.ggn", "--players", "Ann,Bob,Cy"],
            stdin=unreadable,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.startswith(
        "gargon: <stdin>: standard input cannot be read (bad file descriptor): gargon record "
        "takes the decisions from a terminal, or from a pipe or a file"
    )
    assert not (tmp_path / "game.ggn").exists()


def test_undo_beyond_the_decisions_recorded_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    result = _record_here(str(path), "-p", "Ann,Bob,Cy", "--seed", "demo", lines=["W9", "undo 5"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "gargon: <stdin>:2:6: only 1 decision recorded, not 5: undo 1 takes back every one"
    )
    assert path.read_text().splitlines()[-2] == "1. Ann W9"
    result = _record_here(str(tmp_path / "new.ggn"), "-p", "Ann,Bob,Cy", lines=["undo"])
    assert result.exit_code == 1
    assert "nothing to undo: no decision is recorded yet" in result.stderr


def test_a_seat_s_entries_not_yet_in_the_file_are_said_and_printed(tmp_path: Path) -> None:
    """Recording for a seat, the others' plays of a round are written once its battles
    begin: leaving before, the summary said '3 decisions, unfinished (round 1: Dan to play or
    pass)' though the file held 1 and resumed at Bob, and Bob's play was lost unsaid (found
    by leaving a seat's recording in the middle of a round)."""
    path = tmp_path / "seat.ggn"
    seat = ["-p", "Ann,Bob,Cy,Dan", "--seat", "Ann"]
    result = _record_here(str(path), *seat, lines=["Ann R9 Y5", "Bob R3 Y2", "Cy pass 1"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-3:] == [
        f"{path}: 1 decision, unfinished (round 1: Bob to play or pass); continue with "
        f"gargon record --resume {path}",
        f"{path}: not in the file (the plays of round 1 are written once its battles begin); "
        "enter it again: Bob R3 Y2",
        f"{path}: not in the file (the plays of round 1 are written once its battles begin); "
        "enter it again: Cy pass 1",
    ]
    assert path.read_text().splitlines()[-2:] == ["1. Ann R9 Y5", "*"]
    result = _record_here("--resume", str(path), lines=["Bob R3 Y2", "Cy pass 1:Q?"])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-2:] == [
        f"{path}: kept 1 decision before it",
        f"{path}: not in the file (the plays of round 1 are written once its battles begin); "
        "enter it again: Bob R3 Y2",
    ]
