"""Reading what a process shows on a pseudo-terminal, for the tests that start one, and
what the terminal then shows."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import time
from pathlib import Path


def read_until(fd: int, wanted: bytes, seconds: float = 30.0) -> bytes:
    """What the terminal's end ``fd`` shows until ``wanted`` appears, the process closes it,
    or ``seconds`` pass (read as it comes, so that the terminal never fills up)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


_CSI = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])")
"""A control sequence: its parameters and final letter."""


def screen(shown: str) -> list[str]:
    """The lines a terminal shows after ``shown``, with what drawing a line again over
    itself does: ``\\r`` goes to the start of the line, ``ESC [ n A`` up ``n`` lines,
    ``ESC [ 2 K`` erases the line and ``ESC [ K`` the rest of it; colours and the other
    control sequences show nothing.  Lines are never wrapped; trailing empty lines are left
    out.

    >>> screen("bar 1\\r\\x1b[2Kan error\\r\\n\\x1b[31mbar\\x1b[0m 2\\r\\n\\x1b[1A\\x1b[2K")
    ['an error']
    """
    lines = [""]
    row = column = 0
    at = 0
    while at < len(shown):
        sequence = _CSI.match(shown, at) if shown[at] == "\x1b" else None
        if sequence is not None:
            parameters, letter = sequence.groups()
            if letter == "A":
                row = max(0, row - int(parameters or "1"))
            elif letter == "K":
                lines[row] = "" if parameters == "2" else lines[row][:column]
            at = sequence.end()
            continue
        character = shown[at]
        at += 1
        if character == "\r":
            column = 0
        elif character == "\n":
            row, column = row + 1, 0
            if row == len(lines):
                lines.append("")
        else:
            line = lines[row].ljust(column)
            lines[row] = line[:column] + character + line[column + 1 :]
            column += 1
    while lines and not lines[-1]:
        lines.pop()
    return lines


def read_all(
    fd: int, seconds: float = 30.0, process: subprocess.Popen[bytes] | None = None
) -> bytes:
    """What the terminal ``fd`` gets until its other end closes, or (given ``process``)
    nothing more comes once that process has ended, for at most ``seconds``."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                got = os.read(fd, 65536)
            except OSError:  # the other end closed (Linux)
                break
            if not got:  # the other end closed (macOS, BSD)
                break
            seen += got
        elif process is not None and process.poll() is not None:
            break
    return seen


def run_on_terminal(
    command: list[str], *, stdout: bool = False, cwd: Path | None = None, seconds: float = 60.0
) -> tuple[int, str]:
    """Run ``command`` (in ``cwd``) with standard error (and with ``stdout`` standard output, else
    nothing) on a pseudo-terminal of 100 columns: its exit code and what the terminal got
    (read as it comes, so that the terminal never fills up)."""
    main, child = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm-256color"}
    for name in ("NO_COLOR", "FORCE_COLOR"):
        env.pop(name, None)
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=child if stdout else subprocess.DEVNULL,
            stderr=child,
            env=env,
            cwd=cwd,
        )
        os.close(child)
        child = -1
        deadline = time.monotonic() + seconds
        seen = read_all(main, seconds, process)
        code = process.wait(timeout=max(0.0, deadline - time.monotonic()) + 1)
    finally:
        if child >= 0:
            os.close(child)
        os.close(main)
    return code, seen.decode("utf-8", errors="replace")


def terminal(shown: str, width: int, height: int) -> list[str]:
    """The rows a terminal of ``width`` columns and ``height`` lines shows after ``shown``:
    a character past the last column goes on at the start of the next line (as xterm wraps,
    at the next character), ``\n`` goes down a line, scrolling the screen up at the bottom,
    ``\r`` to the first column; ``ESC [ 2 J`` clears the screen, ``ESC [ H`` (``ESC [ r ; c
    H``) moves the cursor, ``ESC [ K`` and ``ESC [ 2 K`` erase (the rest of) the line; colours
    and the other control sequences show nothing.  Trailing blanks are left out.

    >>> terminal("a\\nbcdef", 4, 2)
    ['bcde', 'f']
    >>> terminal("old\\x1b[2J\\x1b[Hnew", 10, 2)
    ['new', '']
    """
    rows = [[" "] * width for _ in range(height)]
    row = column = 0
    at = 0

    def down() -> None:
        nonlocal row
        if row == height - 1:
            rows.pop(0)
            rows.append([" "] * width)
        else:
            row += 1

    while at < len(shown):
        sequence = _CSI.match(shown, at) if shown[at] == "\x1b" else None
        if sequence is not None:
            parameters, letter = sequence.groups()
            numbers = [int(part) for part in parameters.split(";") if part.isdigit()]
            if letter == "J" and parameters == "2":
                rows = [[" "] * width for _ in range(height)]
            elif letter == "H":
                row = min(height, [*numbers, 1][0]) - 1
                column = min(width, [*numbers[1:], 1][0]) - 1
            elif letter == "K":
                start = 0 if parameters == "2" else min(column, width)
                rows[row][start:] = [" "] * (width - start)
            elif letter == "A":
                row = max(0, row - [*numbers, 1][0])
            at = sequence.end()
            continue
        character = shown[at]
        at += 1
        if character == "\r":
            column = 0
        elif character == "\n":
            down()
            column = 0
        elif character >= " ":
            if column == width:
                down()
                column = 0
            rows[row][column] = character
            column += 1
    return ["".join(line).rstrip() for line in rows]
