"""Work on many games in worker processes, the results back in the order of the games.

:class:`Workers` is the machinery behind every ``--jobs N``: the main process reads the
inputs and cuts their games into batches (at game boundaries: a batch holds whole games);
N worker processes, started once for the whole command, apply a function to each game of a
batch; the results come back in input order.  At most a few batches per worker are in
flight, so memory stays flat however large the inputs are.  With one job nothing is
started: the function runs in this process, one game at a time.

Either way the results are the same, in the same order, and so are the errors:

- an exception raised by the function (in a worker or not) is raised in the main process
  where its game's result would have come;
- an exception raised while reading the games is raised after the results of the games read
  before it (the reading runs ahead of the results);
- Ctrl-C stops the work without a traceback from the workers (they leave it to the main
  process, which kills them: see :meth:`Workers.close`) and reaches the caller as
  :class:`KeyboardInterrupt`;
- a worker that ends before its work is done (killed by the system when memory runs out,
  or by someone) stops the work: the other workers are killed, and :class:`WorkerLost` is
  raised where the next result would have come.

The function must be picklable (a module's top-level function, or a
:func:`functools.partial` of one), and so must the games sent and the results.

>>> with Workers(1) as workers:
...     list(workers.map(len, ["ab", "c", ""]))
[('ab', 2), ('c', 1), ('', 0)]
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from gargon_notation.watch import LOOK_EVERY, Watch, WorkerLost, kill_workers

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = [
    "BATCH_BYTES",
    "BATCH_GAMES",
    "IN_FLIGHT_PER_WORKER",
    "RECORD_BYTES",
    "WorkerLost",
    "Workers",
    "batches",
]

BATCH_GAMES = 64
"""At most this many games a batch."""
BATCH_BYTES = 256 * 1024
"""A batch is sent once its games reach this size (as the caller measures it)."""
IN_FLIGHT_PER_WORKER = 4
"""Batches sent ahead per worker: enough to keep every worker busy, few enough for memory."""
RECORD_BYTES = 4096
"""What a game read from JSON (its text not kept) counts for in the size of a batch."""
TAIL_BYTES = 16 * 1024
"""The smallest batch by size near the end of the work (see :func:`batches`)."""

Item = TypeVar("Item")
Sent = TypeVar("Sent")
Result = TypeVar("Result")


def batches(
    items: Iterable[Item], size: Callable[[Item], int] = lambda _: 0, total: int = 0, jobs: int = 1
) -> Iterator[list[Item]]:
    """``items`` in lists of at most :data:`BATCH_GAMES`, or fewer once their ``size`` adds
    up to :data:`BATCH_BYTES`.  Given the ``total`` of their sizes, the last batches are
    smaller: none holds more than half of what is left for each of ``jobs`` workers
    (down to :data:`TAIL_BYTES`), so that the workers finish about together.

    >>> [len(batch) for batch in batches(range(130))]
    [64, 64, 2]
    >>> [len(batch) for batch in batches(["x" * 200_000] * 3, size=len)]
    [2, 1]
    >>> [len(batch) for batch in batches(["x" * 1000] * 300, size=len, total=300_000, jobs=2)]
    [64, 59, 45, 33, 25, 19, 17, 17, 17, 4]
    """
    batch: list[Item] = []
    limit = BATCH_BYTES
    held = sent = 0
    for item in items:
        batch.append(item)
        held += size(item)
        if len(batch) >= BATCH_GAMES or held >= limit:
            yield batch
            sent += held
            batch, held = [], 0
            if total:
                limit = min(BATCH_BYTES, max(TAIL_BYTES, (total - sent) // (2 * jobs)))
    if batch:
        yield batch


def _apply(work: Callable[[Sent], Result], batch: list[Sent]) -> list[Result]:
    """What a worker does with a batch."""
    return [work(item) for item in batch]


def _start_worker() -> None:
    """How a worker starts: it leaves the end of the work to the main process, and ends
    with it.

    - It ignores Ctrl-C (the terminal sends it to every process of the command): the main
      process stops the work, and no worker prints a traceback.  The worker was started
      with Ctrl-C held (:func:`_ctrl_c_held`); one that came meanwhile is dropped here.
    - Where the main process turns SIGTERM or SIGHUP into an exception (to remove a file it
      was replacing), the worker ignores them too: the main process ends the work in order
      (a worker ended by the signal would leave the pool broken, and one raising it would
      send its exception into a pipe that no one reads any more).  Otherwise they end it,
      as they end the main process (and one ignored stays ignored: ``nohup``).
    - It ends when the main process has ended (killed, or ended by a signal the worker
      does not get): it would otherwise wait for work for ever.
    """
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and callable(signal.getsignal(number)):
            signal.signal(number, signal.SIG_IGN)
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is not None and parent.sentinel is not None:
        threading.Thread(
            target=_end_with, args=(parent.sentinel,), name="gargon-end-with-main", daemon=True
        ).start()


def _end_with(parent: int) -> None:
    """End this worker once the main process has ended: its ``parent`` sentinel (a pipe's
    end that the main process holds open, handed on by the fork server with that start
    method) is then ready."""
    from multiprocessing.connection import wait

    wait([parent])
    os._exit(1)


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C back while the block may start a worker (and the pool's threads and the
    :class:`~gargon_notation.watch.Watch`, which keep it held, so that it comes to this
    thread only): a Ctrl-C that came in the middle of starting a process would otherwise
    reach the new process before it ignores Ctrl-C, or the parent while it forks, where
    Python drops it.  It is delivered when the block ends, in this thread, where the work
    stops as at any other time.  (Held too while the workers are killed: see
    :func:`_stopped_at_once`.)  (Two system calls: held around every submission, as the
    spawn and forkserver methods start a worker at any of them.)  SIGTERM and SIGHUP, where
    the command turns them into an exit, wait likewise (an exit raised while a worker was
    forked was lost in a hook that Python runs after a fork)."""
    import signal
    import threading

    from gargon_notation.signals import handling

    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield
        return
    # The mask holds Ctrl-C back from this thread and from the processes and threads started
    # meanwhile; another thread (a progress bar's) may still take it, and Python would then
    # raise it here all the same: so, meanwhile, the Python handlers only note the signal.
    came: list[int] = []
    kept: dict[int, Callable[[int, Any], Any]] = {}
    try:
        names = ("SIGINT", "SIGTERM", "SIGHUP")
        with handling(names, lambda number, _: came.append(number), replacing=callable) as kept:
            held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                yield
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
    finally:
        if came:
            kept[came[0]](came[0], None)


class _Ahead(Generic[Item]):
    """The items of a reading, in batches, keeping the reader's exception (if any) for
    when the results of the items before it have been given."""

    def __init__(
        self, items: Iterable[Item], size: Callable[[Item], int], total: int, jobs: int
    ) -> None:
        self._batches = batches(items, size, total, jobs)
        self.error: BaseException | None = None

    def __iter__(self) -> Iterator[list[Item]]:
        while True:
            try:
                batch = next(self._batches)
            except StopIteration:
                return
            except (Exception, SystemExit) as error:  # raised again in its place by map
                # SystemExit: the command's reader said why it stops (a file it cannot read)
                self.error = error
                return
            yield batch


class Workers:
    """``jobs`` worker processes, started on first use and kept until :meth:`close` (or the
    end of a ``with`` block); with one job, none."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None
        self._watch: Watch | None = None
        self._dropped: list[Future[Any]] = []  # work whose results no one will ask for
        self._maps = 0  # loops over results under way

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close(at_once=kind is not None)  # an error, Ctrl-C, SIGTERM: the work is dropped

    def close(self, *, at_once: bool = False) -> None:
        """Stop the workers: once they have done the work given (their results may still
        be asked for), or ``at_once``, killed (Ctrl-C, SIGTERM: the work is dropped; and when
        work is still under way whose results were dropped, the caller having left a loop
        over them early, and no other loop over results is under way).

        Killed, not asked to finish first: a second Ctrl-C (the terminal sends one to every
        process; a user presses it twice) would otherwise come while the pool winds down,
        interrupting Python's own wait for it at exit, and the workers were left waiting for
        work for ever, the command with them.  No work of a worker needs finishing: the main
        process writes every file.
        """
        watch, pool = self._watch, self._pool
        self._watch = self._pool = None
        if not self._maps:  # no results will be asked for
            with _ctrl_c_held():  # a future's lock (see _paired)
                at_once = at_once or any(not future.done() for future in self._dropped)
        self._dropped = []
        if not at_once:
            try:
                if watch is not None:
                    watch.stop()
                if pool is not None:
                    pool.shutdown(wait=True)
                return
            except BaseException:  # Ctrl-C while the work given is being finished
                _stopped_at_once(watch, pool)
                raise
        _stopped_at_once(watch, pool)

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor  # not imported for one job

            if multiprocessing.get_start_method() == "forkserver":
                # Started now, not while Ctrl-C is held: the processes it starts later, for
                # anyone, would inherit Ctrl-C held.
                from multiprocessing import forkserver

                forkserver.ensure_running()
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_start_worker)
        return self._pool

    def _lost(self, pool: ProcessPoolExecutor, watch: Watch | None) -> WorkerLost:
        """Shut down ``pool``, one of whose workers ended in the middle of the work (the
        watch kills the others, if it has not yet); why the work stopped.  The futures are
        left to the pool, which fails them (cancelling them meanwhile would end its thread
        with an error)."""
        if self._pool is pool:
            self._pool = self._watch = None
        if watch is None:
            watch = Watch(pool)
        _stopped_at_once(watch, pool)
        return watch.lost()

    def map(
        self,
        work: Callable[[Sent], Result],
        items: Iterable[Item],
        *,
        size: Callable[[Item], int] = lambda _: 0,
        send: Callable[[Item], Sent] | None = None,
        total: int = 0,
    ) -> Iterator[tuple[Item, Result]]:
        """Each item with ``work(send(item))`` (``send`` picks what a worker needs of an
        item; default: the item itself), in the order of ``items``; ``size`` measures an
        item for :func:`batches`, and ``total`` (when known) is about what the sizes of all
        the items add up to, so that the last batches are small.  The results of a batch
        come once the whole batch is done.

        Stopping early (leaving a loop over the results) drops the work given: the workers
        do it, unless :meth:`close` comes first and kills them.
        """
        pick: Callable[[Item], Any] = send if send is not None else _itself
        if self.jobs <= 1:
            for item in items:
                yield item, work(pick(item))
            return
        pool, watch = self._started(), self._watch
        reading = _Ahead(items, size, total, self.jobs)
        pending: deque[tuple[list[Item], Future[list[Result]]]] = deque()
        done = _Done()
        self._maps += 1
        try:
            for batch in reading:
                sent = [pick(item) for item in batch]
                with _ctrl_c_held():  # a submission may start a worker (with every method)
                    future = pool.submit(_apply, work, sent)
                    future.add_done_callback(done.came)
                    if watch is None:  # now that the fork method has started every worker;
                        # a thread that keeps Ctrl-C held; one for the pool, whatever the loops
                        watch = self._watch = self._watch or Watch(pool)
                pending.append((batch, future))
                while len(pending) >= self.jobs * IN_FLIGHT_PER_WORKER:
                    yield from _paired(*pending.popleft(), watch, done)
            while pending:
                assert watch is not None
                yield from _paired(*pending.popleft(), watch, done)
        except GeneratorExit:  # the caller stopped early: the work given is not waited for
            with _ctrl_c_held():  # the futures' locks (see _paired)
                self._dropped = [future for future in self._dropped if not future.done()]
                for _, future in pending:
                    # Not started: cancelled, where the pool takes it (Python 3.11's pool ends
                    # its thread with an error if it breaks while a cancelled future is pending).
                    if sys.version_info < (3, 12) or not future.cancel():
                        self._dropped.append(future)
            raise
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C, SIGTERM: the work dropped
            self.close(at_once=True)
            raise
        except Exception as error:
            from concurrent.futures import BrokenExecutor

            if not isinstance(error, BrokenExecutor | _Ended):
                raise  # the work's own exception, in its game's place
            raise self._lost(pool, watch) from None
        finally:
            self._maps -= 1
        if reading.error is not None:
            raise reading.error


def _stopped_at_once(watch: Watch | None, pool: ProcessPoolExecutor | None) -> None:
    """Kill the workers and shut ``pool`` down, with Ctrl-C (and SIGTERM, SIGHUP) held
    meanwhile: a second one (pressed twice, sent twice) that came in the middle left workers
    alive and the pool's thread waiting for them for ever."""
    with _ctrl_c_held():
        if watch is not None:
            watch.kill()
            watch.stop()
        elif pool is not None:  # stopped while its first workers started
            kill_workers(pool)
        if pool is not None:
            # Killed workers fail the work left.  No future is cancelled here: Python 3.11's
            # pool would end its thread with an error, setting a cancelled future's exception.
            pool.shutdown(wait=True)


def _itself(item: Any) -> Any:
    return item


class _Ended(Exception):
    """A worker process has ended in the middle of the work."""


class _Done:
    """The futures of a loop over results that are done, as the pool's thread says so (a
    done callback): waited for without taking a future's lock (see :func:`_paired`)."""

    def __init__(self) -> None:
        import queue

        self._came: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
        self._seen: set[Future[Any]] = set()
        self._empty = queue.Empty

    def came(self, future: Future[Any]) -> None:
        """Note that ``future`` is done (from any thread)."""
        self._came.put(future)

    def wait(self, future: Future[Any], watch: Watch) -> None:
        """Return once ``future`` is done; raise :class:`_Ended` if the watch has killed the
        workers meanwhile (the pool's thread may then not be there to say so)."""
        while future not in self._seen:
            try:
                self._seen.add(self._came.get(timeout=LOOK_EVERY))
            except self._empty:
                if watch.killed:
                    raise _Ended from None
        self._seen.discard(future)


def _paired(
    batch: list[Item], future: Future[list[Result]], watch: Watch, done: _Done
) -> Iterator[tuple[Item, Result]]:
    """The batch's items with their results, once they have come (or the work stopped: the
    watch has killed the workers, and the pool's thread may not be there to say so).

    Waited for by ``done``, not by ``future.result(timeout)``: a future's lock, a
    :class:`threading.Condition`, is taken by a Python ``__enter__``, and a Ctrl-C that came
    as it returned was raised with the lock held; the pool's thread, failing the future once
    the workers were killed, then waited for the lock for ever, and the main process for the
    pool's thread (a second Ctrl-C at once: ``test_ctrl_c_twice...[*-0.0]`` hung about once
    in eight runs).  The result of a future done is taken with Ctrl-C held."""
    done.wait(future, watch)
    with _ctrl_c_held():
        results = future.result()  # at once, or the work's exception
    return zip(batch, results, strict=True)
