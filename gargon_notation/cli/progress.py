"""The progress bar of the verbs that take long: a transient bar on standard error, on a
terminal, for a big job (``validate``, ``convert``, ``score``, ``filter``, ``stats`` by the
bytes of their inputs, ``simulate`` by games).

It imports nothing but the standard library until a bar is drawn (``validate``'s quick start
imports it); then rich, whose import time does not show beside such a job.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Literal

__all__ = ["PROGRESS_BYTES", "PROGRESS_GAMES", "progress"]

PROGRESS_BYTES = 1_000_000
"""Inputs larger than this get a progress bar on a terminal."""
PROGRESS_GAMES = 200
"""So do more games than this for the verbs that count games (``simulate``)."""


@contextlib.contextmanager
def progress(
    total: int, description: str, *, unit: Literal["bytes", "games"] = "bytes", show: bool = True
) -> Iterator[Callable[[int], None]]:
    """A function to advance a progress bar on standard error by a number of bytes (or
    games) done, out of ``total``.  The bar is drawn only when ``show``, standard error is a
    terminal and the job is big (:data:`PROGRESS_BYTES`, :data:`PROGRESS_GAMES`), and it goes
    when done.  What is printed meanwhile goes above it."""
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

    with Progress(
        # The consoles read no markup: the description's style is given, not written in.
        TextColumn("{task.description}", style="progress.description", markup=False),
        BarColumn(),
        DownloadColumn() if unit == "bytes" else MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=SafeConsole(stderr=True, highlight=False, soft_wrap=True),
        transient=True,
        # What is printed goes above the bar on the terminal, but into stdout when a file.
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=True,
    ) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done: bar.advance(task, done)
