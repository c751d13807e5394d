"""Single keys from a terminal, without Enter: what the ``gargon replay`` stepper reads.

**Why a raw-mode reader, not Textual.**  The stepper redraws one table per key; everything it
shows is what ``gargon replay --step K`` prints, through the same rich console (so
``--no-color``, the width and the escaping of records' text are the same, and the last table
stays in the scrollback after ``q``).  A raw-mode reader is about a hundred lines of the
standard library (``termios``, ``tty``, ``select``) and starts at once; a Textual application
would cost its import (half a second) and a second way of drawing the same table.  The
recorder (``gargon record``) needs Textual's input line, completion and panes; this does not.

Keys are named by :func:`decode`: a character stands for itself (``"n"``, ``"R"``, ``"é"``);
other keys have names: ``right``, ``left``, ``up``, ``down``, ``home``, ``end``,
``page-up``, ``page-down``, ``insert``, ``delete``, ``f1``-``f12``, ``enter``, ``space``,
``tab``, ``backspace``, ``escape``, ``ctrl-a``-``ctrl-z`` (``ctrl-c`` and ``ctrl-d`` among them),
``alt-x`` for Escape then a character, and ``ESC[...`` as written for a sequence not
known.  The common forms of each are read: ``ESC [ C`` and ``ESC O C`` (an arrow),
``ESC [ H``, ``ESC O H``, ``ESC [ 1 ~`` and ``ESC [ 7 ~`` (Home), ``ESC [ F``, ``ESC O F``,
``ESC [ 4 ~`` and ``ESC [ 8 ~`` (End), with or without modifiers (``ESC [ 1 ; 5 C``).

>>> decode(b"\\x1b[Cn")
('right', 3)
>>> decode(b"\\x1bOH"), decode(b"\\x1b[4~"), decode(b"\\x1b[1;2D")
(('home', 3), ('end', 4), ('left', 6))
>>> decode(b"\\x03"), decode(b"\\r"), decode("é".encode())
(('ctrl-c', 1), ('enter', 1), ('é', 2))
>>> decode(b"\\x1b[") is None  # the rest of the sequence may still be on its way
True
>>> decode(b"\\x1b[", final=True)  # nothing more came: Escape, then "["
('escape', 1)
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import sys
from typing import Any, Protocol, TextIO

__all__ = ["KeySource", "LineKeys", "TerminalKeys", "decode", "key_label"]

_CSI = re.compile(rb"\x1b\[([0-9;]*)([A-Za-z~])")
_SS3 = re.compile(rb"\x1bO([A-Za-z])")
_LETTERS = {
    b"A": "up",
    b"B": "down",
    b"C": "right",
    b"D": "left",
    b"H": "home",
    b"F": "end",
    b"P": "f1",
    b"Q": "f2",
    b"R": "f3",
    b"S": "f4",
}
_TILDES = {
    1: "home",
    2: "insert",
    3: "delete",
    4: "end",
    5: "page-up",
    6: "page-down",
    7: "home",
    8: "end",
    11: "f1",
    12: "f2",
    13: "f3",
    14: "f4",
    15: "f5",
    17: "f6",
    18: "f7",
    19: "f8",
    20: "f9",
    21: "f10",
    23: "f11",
    24: "f12",
}
_NAMED = {
    b"\r": "enter",
    b"\n": "enter",
    b"\t": "tab",
    b" ": "space",
    b"\x7f": "backspace",
    b"\x08": "backspace",
}
_ESCAPE_WAIT = 0.05
"""Seconds to wait for the rest of an escape sequence before taking Escape alone."""


def decode(data: bytes, final: bool = False) -> tuple[str, int] | None:
    """The first key of ``data`` and how many bytes it takes; None when ``data`` is empty or
    may be the start of a longer key (an escape sequence, a character of several bytes)
    unless ``final`` says no more bytes are coming."""
    if not data:
        return None
    first = data[:1]
    if first == b"\x1b":
        return _escape(data, final)
    if first in _NAMED:
        return _NAMED[first], 1
    if first < b" ":
        return f"ctrl-{chr(data[0] + 64).lower()}", 1
    length = _utf8_length(data[0])
    if len(data) < length:
        return None if not final else ("\ufffd", len(data))
    return data[:length].decode("utf-8", errors="replace"), length


def _escape(data: bytes, final: bool) -> tuple[str, int] | None:
    if len(data) == 1:
        return ("escape", 1) if final else None
    found = _CSI.match(data)
    if found is not None:
        numbers, letter = found.group(1), found.group(2)
        if letter == b"~":
            first = numbers.split(b";")[0]
            name = _TILDES.get(int(first)) if first.isdigit() else None
        else:
            name = _LETTERS.get(letter)
        return name or found.group().decode("ascii").replace("\x1b", "ESC"), found.end()
    found = _SS3.match(data)
    if found is not None:
        name = _LETTERS.get(found.group(1))
        return name or found.group().decode("ascii").replace("\x1b", "ESC"), found.end()
    if data[1:2] in (b"[", b"O") and not final and re.fullmatch(rb"\x1b(O|\[[0-9;]*)", data):
        return None  # a sequence begun, not finished
    if data[1:2] in (b"[", b"O", b"\x1b") or data[1] < 0x20:
        return "escape", 1
    key = decode(data[1:], final)
    if key is None:
        return None
    return f"alt-{key[0]}", key[1] + 1


def _utf8_length(lead: int) -> int:
    if lead >= 0xF0:
        return 4
    if lead >= 0xE0:
        return 3
    if lead >= 0xC0:
        return 2
    return 1


def key_label(key: str) -> str:
    """How a key is named to a person: ``x``, ``Right``, ``Ctrl-C``, ``Page-Up``.

    >>> [key_label(key) for key in ("x", "page-up", "ctrl-c", "alt-x", "f5", "ESC[99x")]
    ['x', 'Page-Up', 'Ctrl-C', 'Alt-x', 'F5', 'ESC[99x']
    """
    if len(key) == 1 or key.startswith("ESC"):
        return key
    if key.startswith("ctrl-"):
        return "Ctrl-" + key[5:].upper()
    if key.startswith("alt-"):
        return "Alt-" + key_label(key[4:])
    return "-".join(part.capitalize() for part in key.split("-"))


class KeySource(Protocol):
    """Where the stepper's keys come from."""

    single_keys: bool
    """True when each key arrives alone (no Enter), arrows and Home/End included."""

    def read(self) -> str:
        """The next key (a name of :func:`decode`); ``ctrl-d`` at the end of the input."""
        ...


class TerminalKeys:
    """Keys from a terminal in raw mode: a context manager that switches the terminal
    ``fd`` to reading key by key, without echo and with Ctrl-C, Ctrl-D and Ctrl-Z read as
    keys, and puts it back as it was on leaving, whatever happens.

    ``ctrl-z`` suspends the process as the shell expects (the terminal restored meanwhile)
    and is then read as ``redraw``.  A change of the terminal's size (SIGWINCH, where the
    system has it) is read as ``resize``, a key of its own, between the keys typed.
    """

    single_keys = True

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._saved: list[Any] | None = None  # what termios.tcgetattr gives
        self._pending = b""
        self._wake: tuple[int, int] | None = None
        """A pipe the SIGWINCH handler writes to, so that a wait for a key ends."""
        self._handler: Any = None
        self._woken_by: int | None = None
        """The wakeup fd there was before (``signal.set_wakeup_fd``)."""
        self._resized = False

    def __enter__(self) -> TerminalKeys:
        import termios

        self._saved = termios.tcgetattr(self.fd)
        self._raw()
        self._watch_size()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._unwatch_size()
        self._restore()

    def _watch_size(self) -> None:
        """Have SIGWINCH end a wait for a key: the signal's number is written to a pipe the
        wait watches by the C-level handler itself (``signal.set_wakeup_fd``); a Python
        handler writing it would come too late for a signal that arrives just before the
        wait begins, which would then wait for the next key."""
        winch = getattr(signal, "SIGWINCH", None)
        if winch is None:
            return
        wake = os.pipe()
        for end in wake:
            os.set_blocking(end, False)
        try:
            self._woken_by = signal.set_wakeup_fd(wake[1], warn_on_full_buffer=False)
            self._handler = signal.signal(winch, _noticed)
        except ValueError:  # not the main thread: the size is not watched
            if self._woken_by is not None:
                signal.set_wakeup_fd(self._woken_by)
                self._woken_by = None
            os.close(wake[0])
            os.close(wake[1])
            return
        self._wake = wake

    def _unwatch_size(self) -> None:
        if self._wake is None:
            return
        signal.signal(signal.SIGWINCH, self._handler)
        signal.set_wakeup_fd(-1 if self._woken_by is None else self._woken_by)
        os.close(self._wake[0])
        os.close(self._wake[1])
        self._wake = self._woken_by = None

    def _raw(self) -> None:
        import termios
        import tty

        tty.setcbreak(self.fd, termios.TCSADRAIN)
        attributes = termios.tcgetattr(self.fd)
        attributes[3] &= ~(termios.ISIG | termios.IEXTEN)  # Ctrl-C, Ctrl-Z, Ctrl-V as keys
        attributes[0] &= ~(termios.IXON | termios.ICRNL)  # Ctrl-S, Ctrl-Q too; Enter is \r
        termios.tcsetattr(self.fd, termios.TCSADRAIN, attributes)

    def _restore(self) -> None:
        import termios

        if self._saved is not None:
            with contextlib.suppress(termios.error):  # a terminal gone needs nothing back
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    def read(self) -> str:
        while True:
            key = decode(self._pending)
            if key is None:
                came = self._more(_ESCAPE_WAIT if self._pending else None)
                if self._resized:
                    self._resized = False
                    return "resize"
                if came:
                    continue
                if not self._pending:
                    return "ctrl-d"  # the terminal is gone: as good as the end of the input
                key = decode(self._pending, final=True)
                assert key is not None
            self._pending = self._pending[key[1] :]
            if key[0] == "ctrl-z":
                self._suspend()
                return "redraw"
            return key[0]

    def _more(self, seconds: float | None) -> bool:
        """Read what the terminal has (waiting at most ``seconds``, None: until a key comes);
        False when nothing came in time, or the terminal is closed."""
        watched = [self.fd] if self._wake is None else [self.fd, self._wake[0]]
        ready, _, _ = select.select(watched, [], [], seconds)
        if self._wake is not None and self._wake[0] in ready:
            with contextlib.suppress(OSError):  # the numbers of the signals that came
                self._resized |= signal.SIGWINCH in os.read(self._wake[0], 1024)
        if self.fd not in ready:
            return False
        try:
            data = os.read(self.fd, 1024)
        except OSError:
            return False
        self._pending += data
        return bool(data)

    def _suspend(self) -> None:
        self._restore()
        os.kill(os.getpid(), signal.SIGTSTP)
        self._raw()  # continued (fg): back to single keys


def _noticed(signum: int, frame: object) -> None:
    """SIGWINCH's handler: its C-level part writes the signal's number to the wakeup fd."""


class LineKeys:
    """Keys typed as lines, where a terminal cannot be read key by key (no ``termios``):
    each character of a line is a key, an empty line is ``enter``, and a line of digits is
    those digits and ``enter`` (the stepper goes to the end of that round)."""

    single_keys = False

    def __init__(self, stream: TextIO = sys.stdin) -> None:
        self.stream = stream
        self._pending: list[str] = []

    def read(self) -> str:
        while not self._pending:
            line = self.stream.readline()
            if not line:
                return "ctrl-d"
            typed = line.rstrip("\r\n")
            self._pending = list(typed) if typed else ["enter"]
            if typed.isascii() and typed.isdigit():
                self._pending.append("enter")
        return self._pending.pop(0)
