"""Single keys from a terminal (cli/keys.py): the common escape sequences of arrows, Home and
End, control keys read as keys, and the terminal put back as it was."""

from __future__ import annotations

import io
import os
import sys

import pytest

from gargon_notation.cli.keys import LineKeys, decode, key_label

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        (b"\x1b[C", "right"),
        (b"\x1bOC", "right"),
        (b"\x1b[D", "left"),
        (b"\x1bOD", "left"),
        (b"\x1b[A", "up"),
        (b"\x1b[B", "down"),
        (b"\x1b[1;5C", "right"),  # Ctrl-Right: the modifier is ignored
        (b"\x1b[H", "home"),
        (b"\x1bOH", "home"),
        (b"\x1b[1~", "home"),
        (b"\x1b[7~", "home"),
        (b"\x1b[F", "end"),
        (b"\x1bOF", "end"),
        (b"\x1b[4~", "end"),
        (b"\x1b[8~", "end"),
        (b"\x1b[5~", "page-up"),
        (b"\x1b[6~", "page-down"),
        (b"\x1b[3~", "delete"),
        (b"\x1b[15~", "f5"),
        (b"\x1bOP", "f1"),
        (b"\x1b[99~", "ESC[99~"),
        (b"\x1b[Z", "ESC[Z"),
        (b"\x1bn", "alt-n"),
        (b"n", "n"),
        (b"R", "R"),
        (b" ", "space"),
        (b"\r", "enter"),
        (b"\n", "enter"),
        (b"\t", "tab"),
        (b"\x7f", "backspace"),
        (b"\x03", "ctrl-c"),
        (b"\x04", "ctrl-d"),
        (b"\x1a", "ctrl-z"),
        ("é".encode(), "é"),
        ("→".encode(), "→"),
    ],
)
def test_decode_one_key(typed: bytes, key: str) -> None:
    assert decode(typed + b"q") == (key, len(typed))  # the next key is left for later


@pytest.mark.parametrize("start", [b"\x1b", b"\x1b[", b"\x1b[1", b"\x1b[1;", b"\x1bO", b"\xc3"])
def test_decode_waits_for_the_rest_of_a_key(start: bytes) -> None:
    assert decode(start) is None


def test_decode_takes_a_lone_escape_when_nothing_follows() -> None:
    assert decode(b"\x1b", final=True) == ("escape", 1)
    assert decode(b"\x1b\x1b[C") == ("escape", 1)
    assert decode(b"\xc3", final=True) == ("\ufffd", 1)
    assert decode(b"") is None


def test_key_labels() -> None:
    assert [key_label(k) for k in ("q", "right", "ctrl-d", "page-down", "f5", "ESC[Z")] == [
        "q",
        "Right",
        "Ctrl-D",
        "Page-Down",
        "F5",
        "ESC[Z",
    ]


def test_line_keys_read_each_character_and_an_empty_line_as_enter() -> None:
    keys = LineKeys(io.StringIO("np\n\nq\n"))
    assert not keys.single_keys
    assert [keys.read() for _ in range(5)] == ["n", "p", "enter", "q", "ctrl-d"]


@POSIX
def test_terminal_keys_in_raw_mode_and_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import pty
    import signal
    import termios

    from gargon_notation.cli.keys import TerminalKeys

    main, child = pty.openpty()
    try:
        before = termios.tcgetattr(child)
        suspended: list[tuple[int, list[object]]] = []
        monkeypatch.setattr(
            os, "kill", lambda pid, number: suspended.append((number, termios.tcgetattr(child)))
        )
        with TerminalKeys(child) as keys:
            raw = termios.tcgetattr(child)
            assert not raw[3] & (termios.ICANON | termios.ECHO | termios.ISIG)
            os.write(main, b"\x1b[Cn\x03\x1b[1")  # an escape sequence cut in two
            assert [keys.read(), keys.read(), keys.read()] == ["right", "n", "ctrl-c"]
            os.write(main, b"~\x1a\x1b")
            assert keys.read() == "home"
            assert keys.read() == "redraw"  # Ctrl-Z: suspended with the terminal as it was
            assert suspended == [(signal.SIGTSTP, before)]
            assert termios.tcgetattr(child) == raw  # and raw again once continued
            assert keys.read() == "escape"  # nothing followed it
        assert termios.tcgetattr(child) == before
    finally:
        os.close(main)
        os.close(child)


@POSIX
def test_terminal_keys_read_ctrl_d_when_the_terminal_closes() -> None:
    import pty

    from gargon_notation.cli.keys import TerminalKeys

    main, child = pty.openpty()
    try:
        with TerminalKeys(child) as keys:
            os.close(main)
            assert keys.read() == "ctrl-d"
    finally:
        os.close(child)
