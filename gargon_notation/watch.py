"""A watch over the worker processes of a pool: once one ends in the middle of the work, the
others are killed, so that the pool breaks at once instead of waiting for ever.

A worker ends that way when the system's out-of-memory killer (or someone) sends it SIGKILL.
Python's :class:`~concurrent.futures.ProcessPoolExecutor` then stops the others with SIGTERM
and waits for them, holding a lock that every submission takes (Python 3.12 on).  That wait
never ends for a worker that ignores SIGTERM (:func:`gargon_notation.parallel._start_worker`
explains when ours do), nor for one blocked sending a result no one reads any more, nor for
one waiting for the lock of the results' pipe that the killed worker held; and a worker
killed while it sent a result leaves the pool's own thread waiting for the rest of it.  The
watch's thread sees the end (a worker's sentinel, or the pool marked broken), kills every
worker and closes the pool's last writer of the results' pipe: the pool's thread then reads
the end of the pipe, fails the work left and stops.

:meth:`Watch.lost` says why the work stopped, once the pool has shut down.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import weakref
from typing import TYPE_CHECKING

from gargon_notation.errors import GargonError

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

__all__ = ["LOOK_EVERY", "Watch", "WorkerLost", "kill_workers"]

LOOK_EVERY = 0.2
"""Seconds between two looks at the pool's list of workers (it grows as they are started)."""


class WorkerLost(GargonError):
    """A worker process ended before its work was done, so the work stopped.

    >>> str(WorkerLost(-15))
    'a worker process was killed (SIGTERM)'
    >>> str(WorkerLost(-9)).endswith("the system may have run out of memory; try fewer --jobs)")
    True
    >>> str(WorkerLost(1))
    'a worker process ended before its work was done (exit code 1)'
    """

    def __init__(self, exitcode: int | None) -> None:
        self.exitcode = exitcode
        """The worker's exit code as :attr:`multiprocessing.Process.exitcode` gives it
        (-N: ended by signal N), when known."""
        if exitcode is not None and exitcode < 0:
            try:
                name = signal.Signals(-exitcode).name
            except ValueError:
                name = f"signal {-exitcode}"
            how = f"was killed ({name}"
            if name == "SIGKILL":
                how += ": the system may have run out of memory; try fewer --jobs"
            how += ")"
        elif exitcode is not None:
            how = f"ended before its work was done (exit code {exitcode})"
        else:
            how = "ended before its work was done"
        super().__init__(f"a worker process {how}")

    def __reduce__(self) -> tuple[type[WorkerLost], tuple[int | None]]:
        return type(self), (self.exitcode,)


def kill_workers(pool: ProcessPoolExecutor) -> list[BaseProcess]:
    """Kill every worker of ``pool`` and let the pool's thread read the end of the results'
    pipe; the workers, and those of them that had ended before (their sentinels are ready
    as they end; their exit codes only once a thread has waited for them)."""
    from multiprocessing.connection import wait

    processes: list[BaseProcess] = list((pool._processes or {}).values())  # copied at once
    ready = set(wait([process.sentinel for process in processes], timeout=0))
    ended = [process for process in processes if process.sentinel in ready]
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    if processes:  # waiting for none would wait for ever (stopped before the first started)
        wait([process.sentinel for process in processes])
    writer = getattr(pool._result_queue, "_writer", None)
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.close()
    return ended or processes


class Watch:
    """A thread watching ``pool``'s workers until :meth:`stop` (before the pool shuts down
    as asked: its workers then end without being lost), or until the pool is gone (a
    :class:`~gargon_notation.parallel.Workers` dropped without being closed)."""

    def __init__(self, pool: ProcessPoolExecutor) -> None:
        from multiprocessing import Pipe

        self._pool = weakref.ref(pool)
        self._wake_read, self._wake_write = Pipe(duplex=False)  # waited on, on Windows too
        self._lock = threading.Lock()
        self._lost: list[BaseProcess] = []
        self.killed = False
        """Whether a worker ended in the middle of the work, and the watch killed them all."""
        self._thread = threading.Thread(target=self._watch, name="gargon-watch", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        from multiprocessing.connection import wait

        while True:
            pool = self._pool()
            if pool is None:
                return
            processes = list((pool._processes or {}).values())
            broken = bool(getattr(pool, "_broken", False))
            del pool  # not kept alive by the watch
            ready = wait([self._wake_read, *(p.sentinel for p in processes)], LOOK_EVERY)
            if self._wake_read in ready:
                return
            if ready or broken:
                self.kill()
                return

    def kill(self) -> None:
        """Kill every worker (from the watch's thread, or the caller's if it finds the pool
        broken first, or stops the work).  Each call kills the workers there are then: a
        worker started after an earlier call (the work went on submitting while a worker
        that Ctrl-C ended was seen) would keep the pool's thread waiting for it for ever.
        Those lost are the first call's."""
        with self._lock:
            pool = self._pool()
            if pool is None:
                return
            killed = kill_workers(pool)
            if not self.killed:
                self.killed = True
                self._lost = killed

    def stop(self) -> None:
        """End the watch (at once)."""
        if self._thread.is_alive():
            with contextlib.suppress(OSError):
                self._wake_write.send_bytes(b".")
            self._thread.join()
        self._wake_read.close()
        self._wake_write.close()

    def lost(self) -> WorkerLost:
        """Why the work stopped: the exit code of the worker lost.  Asked once the pool has
        shut down (exit codes are read then, when no other thread reads them)."""
        codes = [process.exitcode for process in self._lost]
        asked = -signal.SIGTERM  # how the pool ends the others: not the one lost, unless alone
        lost = next((code for code in codes if code is not None and code != asked), None)
        return WorkerLost(lost if lost is not None else next(iter(codes), None))
