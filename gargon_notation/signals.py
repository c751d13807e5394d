"""Signal handlers of our own for the length of a block, the ones they replaced put back after it.

A *handler* is what :func:`signal.getsignal` gives: a function, ``SIG_DFL`` (the system's
default: most signals end the process), ``SIG_IGN`` (the signal is ignored, as ``nohup``
leaves SIGHUP), or None (set outside Python).  Each user chooses which handlers its own may
replace: one that keeps a signal ignored, for instance, leaves ``SIG_IGN`` alone.

Imported where a block needs it: ``gargon validate`` starts without it.

>>> def noted(number, frame):
...     pass
>>> with handling(("SIGTERM", "NOSUCHSIGNAL"), noted, replacing=lambda current: True) as replaced:
...     signal.getsignal(signal.SIGTERM) is noted, list(replaced) == [signal.SIGTERM]
(True, True)
>>> signal.getsignal(signal.SIGTERM) is noted
False
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from types import FrameType
from typing import Any

__all__ = ["handling", "raising_on_stop"]


@contextlib.contextmanager
def handling(
    names: Iterable[str],
    handler: Callable[[int, FrameType | None], Any],
    *,
    replacing: Callable[[Any], bool],
) -> Iterator[dict[int, Any]]:
    """While the block runs, ``handler`` handles each signal of ``names`` that this system
    has and whose handler ``replacing`` accepts; the block gets the handlers replaced, by
    signal number, and each is put back when the block ends.  Outside the main thread (where
    Python sets no handler) nothing is replaced."""
    replaced: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in names:
            number = getattr(signal, name, None)
            if number is not None and replacing(signal.getsignal(number)):
                replaced[number] = signal.signal(number, handler)
    try:
        yield replaced
    finally:
        for number, previous in replaced.items():
            signal.signal(number, previous)


@contextlib.contextmanager
def raising_on_stop() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`SystemExit` (128 + the signal's number) while the
    block runs, so that its cleanup code runs (files being replaced, folders being filled);
    a signal ignored or handled already stays so."""
    if sys.platform == "win32":
        yield
        return

    def stop(number: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + number)

    names = ("SIGTERM", "SIGHUP")
    with handling(names, stop, replacing=lambda handler: handler is signal.SIG_DFL):
        yield
