"""The interactive ``gargon replay``: a game stepped through key by key on a terminal.

Each key is read alone (:mod:`gargon_notation.cli.keys`) and moves the stepper
(:data:`MOVES`): →, ``n``, Space or Enter one action on; ←, ``p`` or Backspace one back;
``r`` (↓, Page-Down) to the end of the round, ``R`` (↑, Page-Up) back to the end of the one
before; Home (``s``) to the deal, End (``e``) to the last step; ``q``, Ctrl-C or Ctrl-D to
leave.  Any other key is named on a line of its own, and nothing moves.  Every screen is the
table at that step (what ``gargon replay --step K`` prints), a line saying which step it is,
the legend of the keys, and what the last key did when it did not move.

An invalid record is stepped up to its first problem, which is shown there and is the last
step.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> from gargon_notation.replay import replay
>>> position = Position.of(replay(record_from_simulation(simulate(3, "demo"))))
>>> position.last, position.ends[:3]
(115, (9, 14, 23))
>>> moves = ("next", "next round", "next round", "previous round", "previous", "last")
>>> for move in moves:
...     position.step = position.after(move)
...     print(move, position.step)
next 1
next round 9
next round 14
previous round 9
previous 8
last 115
"""

from __future__ import annotations

import bisect
import contextlib
import sys
from collections.abc import Callable, Iterator

import attrs
from rich.console import Console, RenderableType
from rich.text import Text

from gargon_notation.cli.keys import KeySource, LineKeys, TerminalKeys, key_label
from gargon_notation.replay import Replay

__all__ = ["MOVES", "Position", "keys_of_terminal", "legend", "step_through"]

MOVES = {
    "right": "next",
    "n": "next",
    "space": "next",
    "enter": "next",
    "left": "previous",
    "p": "previous",
    "backspace": "previous",
    "r": "next round",
    "down": "next round",
    "page-down": "next round",
    "R": "previous round",
    "up": "previous round",
    "page-up": "previous round",
    "home": "first",
    "s": "first",
    "end": "last",
    "e": "last",
    "q": "quit",
    "Q": "quit",
    "ctrl-c": "quit",
    "ctrl-d": "quit",
    "redraw": "redraw",
    "ctrl-l": "redraw",
}
"""What each key does."""


@attrs.define
class Position:
    """Where the stepper is: after ``step`` actions, of ``0..last``; ``ends`` are the steps
    at which rounds end (``last`` among them)."""

    last: int
    ends: tuple[int, ...]
    broken: bool = False
    """Whether ``last`` is where the record's first problem was found."""
    step: int = 0

    @classmethod
    def of(cls, result: Replay) -> Position:
        """At the deal of ``result``, whose last step is its first problem, if any."""
        broken = result.first_problem_at
        last = len(result.steps) if broken is None else broken
        ends = {end for end in result.round_ends.values() if 0 < end <= last} | {last}
        return cls(last, tuple(sorted(ends)), broken is not None)

    def after(self, move: str) -> int:
        """The step that ``move`` (a value of :data:`MOVES` but ``quit``) leads to."""
        step = self.step
        if move == "next":
            return min(self.last, step + 1)
        if move == "previous":
            return max(0, step - 1)
        if move == "next round":
            return self.ends[bisect.bisect_right(self.ends, step)] if step < self.last else step
        if move == "previous round":
            before = bisect.bisect_left(self.ends, step)
            return self.ends[before - 1] if before else 0
        if move == "first":
            return 0
        if move == "last":
            return self.last
        return step


def legend(single_keys: bool) -> str:
    """The keys, in one line of at most 80 characters."""
    if single_keys:
        return "→/n next  ←/p back  r/R next/previous round  Home/End first/last  q quit"
    return "n next  p back  r/R next/previous round  s/e first/last  q quit  (then Enter)"


def _unknown(key: str, single_keys: bool) -> str:
    keys = "→/n ←/p r/R Home/End q" if single_keys else "n p r R s e q"
    return f"{key_label(key)} is not a key of the stepper: use {keys}"


@contextlib.contextmanager
def keys_of_terminal() -> Iterator[KeySource]:
    """The keys typed on standard input, a terminal: one by one, or as lines where the
    terminal cannot be read key by key; the terminal is as it was afterwards."""
    try:
        import termios  # noqa: F401  (POSIX only)
    except ImportError:
        yield LineKeys(sys.stdin)
        return
    with TerminalKeys(sys.stdin.fileno()) as keys:
        yield keys


def step_through(
    result: Replay, console: Console, screen: Callable[[int], RenderableType], keys: KeySource
) -> None:
    """Step through ``result`` with ``keys``, drawing ``screen(step)`` on ``console`` at
    every move, until a key says to quit."""
    position = Position.of(result)
    message = ""
    shown: tuple[int, RenderableType] | None = None
    while True:
        if shown is None or shown[0] != position.step:
            shown = (position.step, screen(position.step))
        if console.color_system is None:
            console.print()  # --no-color or a dumb terminal: not even the code that clears
        else:
            console.clear()
        console.print(shown[1])
        console.print(Text(legend(keys.single_keys), style="dim"))
        if message:
            console.print(Text(message, style="bold yellow"))
        key = keys.read()
        move = MOVES.get(key)
        message = ""
        if move is None:
            message = _unknown(key, keys.single_keys)
        elif move == "quit":
            return
        elif move != "redraw":
            step = position.after(move)
            if step == position.step:
                message = _still(position, move)
            position.step = step


def _still(position: Position, move: str) -> str:
    """Why ``move`` did not move."""
    if move not in ("next", "next round", "last"):
        return "this is the deal, the first step"
    if position.broken:
        return "this is the first problem: the record cannot be followed further"
    return "this is the last step"
