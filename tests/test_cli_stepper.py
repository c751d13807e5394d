"""The interactive ``gargon replay`` (cli/stepper.py): single keys step through the game,
an unknown key is named and moves nothing, q, Ctrl-C and Ctrl-D leave with exit 0 and the
terminal as it was (docs/cli.md, replay)."""

from __future__ import annotations

import contextlib
import io
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from terminals import read_until

from gargon_notation.cli import stepper, view
from gargon_notation.cli.stepper import Position, legend
from gargon_notation.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
FULL_GAME = ROOT / "examples" / "full-game.ggn"
ROUND2 = ROOT / "tests" / "data" / "cli" / "round2.ggn"  # invalid: its first problem at step 12
LEGEND = "→/n next  ←/p back  r/R next/previous round  Home/End first/last  q quit"


def replayed(path: Path) -> Replay:
    return view.replayed_game(str(path), 1)[0]


def test_positions_of_the_full_game() -> None:
    position = Position.of(replayed(FULL_GAME))
    assert (position.last, position.ends) == (73, (8, 21, 27, 35, 41, 47, 57, 67, 73))
    moves = ["next", "next", "next round", "next round", "previous round", "previous"]
    moves += ["previous round", "previous round", "last", "next", "previous round", "first"]
    seen = []
    for move in moves:
        position.step = position.after(move)
        seen.append(position.step)
    assert seen == [1, 2, 8, 21, 8, 7, 0, 0, 73, 73, 67, 0]


def test_positions_of_an_invalid_record_end_at_its_first_problem() -> None:
    position = Position.of(replayed(ROUND2))
    assert (position.last, position.ends, position.broken) == (12, (8, 12), True)
    position.step = 9
    assert [position.after(move) for move in ("next round", "last", "previous round")] == [
        12,
        12,
        8,
    ]


class Typed:
    """Keys typed in advance, as a key source."""

    def __init__(self, *keys: str, single_keys: bool = True) -> None:
        self.keys = list(keys)
        self.single_keys = single_keys

    def read(self) -> str:
        return self.keys.pop(0)


def stepped(path: Path, keys: Typed, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The screens of the stepper over game 1 of ``path`` with ``keys``, without colour at 80
    columns, each from its status line on (the table above it is what --step prints)."""

    @contextlib.contextmanager
    def typed() -> Iterator[Typed]:
        yield keys

    monkeypatch.setattr(stepper, "keys_of_terminal", typed)
    console = Console(file=io.StringIO(), width=80, color_system=None)
    view._interactive(replayed(path), console, view._Shown(False, None))
    assert keys.keys == []  # every key was read, and the last one quit
    screens = console.file.getvalue().split("\nRound ")[1:]
    legends = (legend(single_keys=True), legend(single_keys=False))
    return [
        [line.rstrip() for line in screen.splitlines() if line.startswith(("step ", *legends))]
        + [line for line in screen.splitlines() if "stepper" in line or "this is" in line]
        for screen in screens
    ]


def test_keys_step_and_an_unknown_key_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = Typed("right", "n", "ctrl-a", "r", "end", "space", "home", "left", "ctrl-d")
    assert stepped(FULL_GAME, keys, monkeypatch) == [
        ["step 0/73: the deal", LEGEND],
        ["step 1/73: Adam R15 R10 B11!", LEGEND],
        ["step 2/73: Bernd pass 1 2 1", LEGEND],
        [
            "step 2/73: Bernd pass 1 2 1",
            LEGEND,
            "Ctrl-A is not a key of the stepper: use →/n ←/p r/R Home/End q",
        ],
        ["step 8/73: V  (the end of round 1)", LEGEND],
        ["step 73/73: W  (the end of round 9)", LEGEND],
        ["step 73/73: W  (the end of round 9)", LEGEND, "this is the last step"],
        ["step 0/73: the deal", LEGEND],
        ["step 0/73: the deal", LEGEND, "this is the deal, the first step"],
    ]


def test_the_end_shows_the_score_table(monkeypatch: pytest.MonkeyPatch) -> None:
    @contextlib.contextmanager
    def typed() -> Iterator[Typed]:
        yield Typed("end", "q")

    monkeypatch.setattr(stepper, "keys_of_terminal", typed)
    console = Console(file=io.StringIO(), width=80, color_system=None)
    view._interactive(replayed(FULL_GAME), console, view._Shown(False, None))
    last = console.file.getvalue().split("\nRound 9  start: Adam  - the game is over")[1]
    assert (
        "\nPlayer      white       blue    violet       yellow    red     green       Total\n"
        in last
    )
    assert (
        "\nAdam *      3           1       1            10        6       15             36\n"
        in last
    )


def test_an_invalid_record_stops_at_its_first_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    screens = stepped(ROUND2, Typed("end", "right", "q"), monkeypatch)
    assert screens[1:] == [
        ["step 12/12: Adam pass 2 1 2", LEGEND],
        [
            "step 12/12: Adam pass 2 1 2",
            LEGEND,
            "this is the first problem: the record cannot be followed further",
        ],
    ]


def test_keys_typed_as_lines_where_there_is_no_raw_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = Typed("n", "enter", "z", "q", single_keys=False)
    screens = stepped(FULL_GAME, keys, monkeypatch)
    assert legend(single_keys=False) == (
        "n next  p back  r/R next/previous round  s/e first/last  q quit  (then Enter)"
    )
    assert [screen[0] for screen in screens] == [
        "step 0/73: the deal",
        "step 1/73: Adam R15 R10 B11!",
        "step 2/73: Bernd pass 1 2 1",
        "step 2/73: Bernd pass 1 2 1",
    ]
    assert screens[3][2] == "z is not a key of the stepper: use n p r R s e q"


def test_ctrl_c_sent_as_a_signal_leaves_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupted(Typed):
        def read(self) -> str:
            raise KeyboardInterrupt

    assert stepped(FULL_GAME, Interrupted(), monkeypatch) == [["step 0/73: the deal", LEGEND]]


# -- on a real terminal --------------------------------------------------------------------

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


@contextlib.contextmanager
def on_a_terminal(*arguments: str) -> Iterator[tuple[subprocess.Popen[bytes], int, list[object]]]:
    """``gargon replay ARGUMENTS`` with its standard input and output on a pseudo-terminal:
    the process, the terminal's end to type on, and the terminal's settings before."""
    import pty
    import termios

    main, child = pty.openpty()
    before = termios.tcgetattr(child)
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "replay", *arguments],
        stdin=child,
        stdout=child,
        stderr=child,
        env={**os.environ, "COLUMNS": "80", "LINES": "40", "TERM": "xterm-256color"},
    )
    try:
        yield process, main, before
        assert termios.tcgetattr(child) == before  # no raw mode left on
    finally:
        process.kill()
        os.close(main)
        os.close(child)


def drain(fd: int) -> bytes:
    """What the terminal's end ``fd`` still has to read (the process has ended)."""
    seen = b""
    while select.select([fd], [], [], 0.05)[0]:
        seen += os.read(fd, 65536)
    return seen


@POSIX
def test_single_keys_on_a_terminal_and_ctrl_c() -> None:
    with on_a_terminal(str(FULL_GAME)) as (process, main, _):
        screen = read_until(main, LEGEND.encode())
        assert b"step 0/73: the deal" in screen
        assert b"\x1b[2J" in screen  # each screen clears the one before
        os.write(main, b"\x1b[C\x1bOC%")  # Right in its two common forms, then a stray key
        screen = read_until(main, b"stepper: use")
        assert b"step 2/73: Bernd pass 1 2 1" in screen
        assert b"% is not a key of the stepper" in screen
        os.write(main, b"\x1b[4~\x03")  # End as the Linux console writes it, then Ctrl-C
        assert process.wait(timeout=10) == 0
        shown = drain(main)
        assert b"step 73/73: W  (the end of round 9)" in shown
        assert b"Traceback" not in shown and b"^C" not in shown


@POSIX
@pytest.mark.slow
@pytest.mark.parametrize("key", [b"q", b"\x04"], ids=["q", "ctrl-d"])
def test_q_and_ctrl_d_leave_quietly(key: bytes) -> None:
    with on_a_terminal(str(FULL_GAME), "--no-color") as (process, main, _):
        read_until(main, LEGEND.encode())
        os.write(main, b"n" + key)
        assert process.wait(timeout=10) == 0
        shown = drain(main)
        assert b"step 1/73" in shown
        assert b"Traceback" not in shown and b"^D" not in shown
