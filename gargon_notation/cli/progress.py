"""The progress bar of the verbs that take long: a transient bar on standard error, on a
terminal, for a big job (``validate``, ``convert``, ``score``, ``filter``, ``stats`` by the
bytes of their inputs, ``simulate`` by games).

While a bar is drawn, what reaches the terminal goes above it, in whole lines, and the bar
is drawn again below: text printed through the bar's console (the verb's standard error,
given as ``console``), text written to ``sys.stderr`` (and to ``sys.stdout`` on a terminal),
and text drawn beforehand, by a worker process, written with :func:`write_above`.

It imports nothing but the standard library until a bar is drawn (``validate``'s quick start
imports it); then rich, whose import time does not show beside such a job.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["PROGRESS_BYTES", "PROGRESS_GAMES", "progress", "write_above"]

PROGRESS_BYTES = 1_000_000
"""Inputs larger than this get a progress bar on a terminal."""
PROGRESS_GAMES = 200
"""So do more games than this for the verbs that count games (``simulate``)."""

_drawn: list[Console] = []
"""The console of the bar being drawn, while one is."""


@contextlib.contextmanager
def progress(
    total: int,
    description: str,
    *,
    unit: Literal["bytes", "games"] = "bytes",
    show: bool = True,
    console: Callable[[], Console] | None = None,
) -> Iterator[Callable[[int], None]]:
    """A function to advance a progress bar on standard error by a number of bytes (or
    games) done, out of ``total``.  The bar is drawn only when ``show``, standard error is a
    terminal and the job is big (:data:`PROGRESS_BYTES`, :data:`PROGRESS_GAMES`), and it goes
    when done.  What is printed meanwhile goes above it.

    ``console`` gives the console the verb prints its standard error through (called only
    when a bar is drawn): the bar is drawn on it, so that what it prints goes above the bar;
    without it, on a console of its own."""
    big = total > (PROGRESS_BYTES if unit == "bytes" else PROGRESS_GAMES)
    if not (show and big and sys.stderr.isatty()):
        yield lambda _: None
        return
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from gargon_notation.cli.terminal import SafeConsole

    drawn = (
        SafeConsole(stderr=True, highlight=False, soft_wrap=True) if console is None else console()
    )
    with Progress(
        # The consoles read no markup: the description's style is given, not written in.
        TextColumn("{task.description}", style="progress.description", markup=False),
        BarColumn(),
        DownloadColumn() if unit == "bytes" else MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=drawn,
        transient=True,
        # What is printed goes above the bar on the terminal, but into stdout when a file.
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=True,
    ) as bar:
        task = bar.add_task(description, total=total)
        _drawn.append(drawn)
        try:
            yield lambda done: bar.advance(task, done)
        finally:
            _drawn.pop()


def write_above(file: IO[str], text: str) -> bool:
    """Write ``text``, whole lines as a console draws them (escape codes included), above
    the bar when one is drawn and ``file`` is a terminal (standard output's text then goes
    through the bar's console, as ``print`` does meanwhile): whether it did.  Otherwise
    nothing is written, and the caller writes ``text`` to ``file`` itself."""
    if not _drawn or not text:
        return False
    isatty = getattr(file, "isatty", None)
    if isatty is None or not isatty():
        return False
    from rich.ansi import AnsiDecoder
    from rich.text import Text

    decoder = AnsiDecoder()
    lines = Text("\n").join(decoder.decode_line(line) for line in text.split("\n"))
    _drawn[-1].print(lines, end="", soft_wrap=True)
    return True
