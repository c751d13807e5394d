"""Reading what a process shows on a pseudo-terminal, for the tests that start one."""

from __future__ import annotations

import os
import select
import time


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
