"""gargon_notation.parallel: results in input order, errors in their place, whatever the jobs."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gargon_notation import parallel
from gargon_notation.parallel import Workers, batches


class ReadingFailed(Exception):
    pass


class ReadingEnded(SystemExit):
    """What the command's reader raises when it has said why it stops (``common.Exit``)."""


def reading(count: int, fail: bool, error: type[BaseException] = ReadingFailed) -> Iterator[int]:
    yield from range(count)
    if fail:
        raise error(f"after {count}")


def square_or_fail(number: int) -> int:
    if number == 13:
        raise ValueError("thirteen")
    return number * number


def slowly(number: int) -> int:
    time.sleep(0.05)
    return abs(number)


def test_batches_are_cut_at_items_by_count_and_size() -> None:
    assert [len(batch) for batch in batches(range(130))] == [64, 64, 2]
    assert [len(batch) for batch in batches([b"x" * 100_000] * 5, size=len)] == [3, 2]
    assert list(batches([])) == []


@pytest.mark.parametrize("error", [ReadingFailed, ReadingEnded])
@pytest.mark.parametrize("jobs", [1, 2])
def test_results_in_order_then_the_reading_error(
    jobs: int, error: type[BaseException], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader's error (or its exit, once it said why) comes after the results of
    everything read before it, though the reading runs ahead of the results (ten batches
    for two workers)."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 4)
    seen: list[tuple[int, int]] = []
    with Workers(jobs) as workers, pytest.raises(error, match="after 40"):
        for pair in workers.map(abs, reading(40, True, error), send=lambda n: -n):
            seen.append(pair)
    assert seen == [(n, n) for n in range(40)]


def test_an_error_of_the_work_comes_in_its_place() -> None:
    seen: list[int] = []
    with Workers(1) as workers, pytest.raises(ValueError, match="thirteen"):
        for _, result in workers.map(square_or_fail, range(20)):
            seen.append(result)
    assert seen == [n * n for n in range(13)]


def test_stopping_early_leaves_no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "BATCH_GAMES", 2)
    workers = Workers(2)
    results = workers.map(square_or_fail, range(12))
    assert [next(results)[1] for _ in range(3)] == [0, 1, 4]
    results.close()
    workers.close()
    assert workers._pool is None


CTRL_C_WHILE_STARTING = """
import multiprocessing, os, signal, sys
from multiprocessing import forkserver, util
from gargon_notation.parallel import Workers

signal.signal(signal.SIGINT, signal.default_int_handler)  # as on a terminal, if run in background
method = sys.argv[1]
multiprocessing.set_start_method(method)
starts = 0

def under_ctrl_c(start):
    def started(*args, **kwargs):  # Ctrl-C reaches the whole command as a worker starts
        global starts
        starts += 1
        if starts == 2:  # the second: spawn and forkserver start it at the second batch
            os.killpg(0, signal.SIGINT)
        return start(*args, **kwargs)
    return started

where, name = {"fork": (os, "fork"), "spawn": (util, "spawnv_passfds")}.get(
    method, (forkserver, "connect_to_new_process")
)
start = getattr(where, name)
setattr(where, name, under_ctrl_c(start))
try:
    with Workers(2) as workers:
        results = list(workers.map(abs, range(-500, 500)))
except KeyboardInterrupt:
    setattr(where, name, start)
    sys.path.insert(0, sys.argv[2])
    from mask_probe import report  # importable by a spawned process, as __main__'s is not
    later = multiprocessing.get_context(method).SimpleQueue()
    child = multiprocessing.get_context(method).Process(target=report, args=(later,))
    child.start()
    child.join()
    print("interrupted", starts >= 2, "a later process holds", later.get(), flush=True)
    sys.exit(130)
print("not interrupted", len(results), flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_ctrl_c_while_the_workers_start_stops_the_work_without_a_traceback(
    method: str, tmp_path: Path
) -> None:
    """A Ctrl-C that comes while a worker process is being started, by any start method,
    is neither lost (Python drops an exception raised in its fork handlers) nor received by
    the new worker before it ignores Ctrl-C (which printed its traceback and broke the
    pool): it is held until the worker is started, then stops the work in the main process;
    and no process started afterwards holds Ctrl-C (a fork server started under the hold
    would pass it on to all its children)."""
    (tmp_path / "mask_probe.py").write_text(
        "import signal\n\n\ndef report(queue):\n"
        "    queue.put(sorted(signal.pthread_sigmask(signal.SIG_BLOCK, [])))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", CTRL_C_WHILE_STARTING, method, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,  # its own process group, which the script interrupts
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        130,
        "interrupted True a later process holds []\n",
        "",
    )


HELD = """
import os, signal
from gargon_notation import parallel

signal.signal(signal.SIGINT, signal.default_int_handler)  # as on a terminal, if run in background
reached = []
try:
    with parallel._ctrl_c_held():
        os.kill(os.getpid(), signal.SIGINT)
        reached.append("the block runs on")
except KeyboardInterrupt:
    print(*reached, "and then Ctrl-C")
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
def test_ctrl_c_held_comes_when_the_block_ends() -> None:
    done = subprocess.run(  # the main thread of a process of its own
        [sys.executable, "-c", HELD], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == "the block runs on and then Ctrl-C\n"


CTRL_C_AT = """
import os, signal, sys, threading
from concurrent.futures import _base
from gargon_notation.parallel import Workers

signal.signal(signal.SIGINT, signal.default_int_handler)  # as on a terminal, if run in background
where = sys.argv[1]


def reading():
    if where == "reading":  # the pool made, no worker started yet
        os.kill(os.getpid(), signal.SIGINT)
    yield from range(-500, 500)


class Lock(threading.Condition):
    # A future's lock: Ctrl-C comes the first time the main thread has taken one, as it can
    # at the end of Condition.__enter__ (Python runs the handler as the lock's C call returns).
    def __enter__(self):
        taken = super().__enter__()
        if where == "lock" and threading.current_thread() is threading.main_thread():
            globals()["where"] = "done"
            os.kill(os.getpid(), signal.SIGINT)
        return taken


made = _base.Future.__init__
def future_made(self):
    made(self)
    self._condition = Lock()
_base.Future.__init__ = future_made
try:
    with Workers(2) as workers:
        results = list(workers.map(abs, reading()))
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
print("not interrupted", len(results), flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="POSIX signal masks")
@pytest.mark.parametrize("where", ["reading", "lock"])
def test_ctrl_c_as_the_work_begins_or_under_a_futures_lock_stops_the_work(where: str) -> None:
    """Ctrl-C while the first batch was read, before any worker had started: the workers
    were waited for, though there were none, for ever.  Ctrl-C as the main process had taken
    a future's lock: raised there (in ``Condition.__enter__``, as the lock was taken), it
    left the lock held, and the pool's thread, failing the future once the workers were
    killed, waited for it for ever, and the command for the pool's thread (about once in
    eight runs of a second Ctrl-C at once in test_cli_parallel)."""
    process = subprocess.Popen(
        [sys.executable, "-c", CTRL_C_AT, where],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    try:
        output = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        output = ("hung", "")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert (process.wait(), *output) == (130, "interrupted\n", "")


ENDED = """
import multiprocessing, os, signal, sys, time
from gargon_notation import signals
from gargon_notation.parallel import WorkerLost, Workers

raising = sys.argv[2] == "raising"
if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])


def work():  # results larger than a pipe holds, as the tables' rows are
    with Workers(2) as workers:
        for number, _ in enumerate(workers.map(os.urandom, [50_000] * 400_000)):
            if number == 40:
                children = multiprocessing.active_children()
                print(*sorted(child.pid for child in children), flush=True)


if __name__ == "__main__":
    try:
        if raising:  # as a conversion does while it replaces files: SIGTERM raises SystemExit
            with signals.raising_on_stop():
                work()
        else:
            work()
    except WorkerLost as lost:
        print(lost, file=sys.stderr)
        sys.exit(3)
"""


def _ended(pid: int) -> bool:
    """Whether process ``pid`` has ended (gone, or a zombie waiting for its parent)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return status.rpartition(")")[2].split()[0] == "Z"


def _started(method: str, raising: str, folder: Path) -> tuple[subprocess.Popen[str], list[int]]:
    script = folder / "ended.py"  # a file: a spawned worker imports the main module
    script.write_text(ENDED)
    process = subprocess.Popen(
        [sys.executable, str(script), method, raising],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert process.stdout is not None
    workers = [int(pid) for pid in process.stdout.readline().split()]
    assert len(workers) == 2
    return process, workers


def _all_end(workers: list[int], within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if all(_ended(pid) for pid in workers):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "method",
    ["fork", *(pytest.param(method, marks=pytest.mark.slow) for method in ("spawn", "forkserver"))],
)
def test_the_workers_end_when_the_main_process_is_killed(method: str, tmp_path: Path) -> None:
    """``kill -9`` (or SIGTERM to the main process alone, as ``subprocess.terminate`` and
    many supervisors send it): its workers do not wait for work for ever."""
    process, workers = _started(method, "plain", tmp_path)
    process.kill()
    process.wait(timeout=30)
    try:
        assert _all_end(workers, within=10)
    finally:
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("to", "raising", "tries"),
    [
        pytest.param("group", "raising", 1, id="group-raising"),
        pytest.param("group", "raising", 3, id="group-raising-3", marks=pytest.mark.slow),
        pytest.param("group", "plain", 1, id="group-plain", marks=pytest.mark.slow),
        pytest.param("main", "raising", 3, id="main-raising-3", marks=pytest.mark.slow),
        pytest.param("main", "plain", 1, id="main-plain"),
    ],
)
def test_sigterm_ends_the_command_and_its_workers_in_time(
    raising: str, to: str, tries: int, tmp_path: Path
) -> None:
    """SIGTERM to the whole command (``timeout``, a closed terminal's SIGHUP alike) or to the
    main process alone: exit 143 within seconds, no traceback, no worker left.  Where the
    main process raises SystemExit for it (to remove the files it was replacing), a worker
    used to raise it too and send it back into a pipe no one read: the command hung, about
    once in 30: three tries where it raises in the heavy profile, one by default."""
    for _ in range(tries):
        process, workers = _started("fork", raising, tmp_path)
        if to == "group":
            os.killpg(process.pid, signal.SIGTERM)
        else:
            process.terminate()
        try:
            _, errors = process.communicate(timeout=20)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        assert process.returncode in (143, -signal.SIGTERM)
        assert errors == ""
        assert _all_end(workers, within=10)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("method", "tries"),
    [
        pytest.param("fork", 1, id="fork"),
        *(
            pytest.param(method, 3, id=f"{method}-3", marks=pytest.mark.slow)
            for method in ("fork", "spawn", "forkserver")
        ),
    ],
)
@pytest.mark.parametrize("raising", ["raising", "plain"])
def test_a_worker_killed_stops_the_work(
    method: str, raising: str, tries: int, tmp_path: Path
) -> None:
    """A worker killed outright (the system's out-of-memory killer sends SIGKILL): the work
    stops with :class:`WorkerLost` naming the signal, and no worker is left.  The command
    used to hang where its workers ignore SIGTERM, or where the worker died in the middle of
    sending a result (larger than a pipe holds, as here): the pool's own thread then waits
    for the rest of it for ever.  Three times over in the heavy profile, the kill coming at
    another point of a result each time."""
    for _ in range(tries):
        process, workers = _started(method, raising, tmp_path)
        os.kill(workers[0], signal.SIGKILL)
        try:
            _, errors = process.communicate(timeout=20)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        assert (process.returncode, errors) == (
            3,
            "a worker process was killed (SIGKILL: the system may have run out of memory; "
            "try fewer --jobs)\n",
        )
        assert _all_end(workers, within=10)


def test_workers_dropped_unclosed_leave_no_process() -> None:
    """A Workers dropped without being closed (a library user's) ends its workers as the
    pool does: the watch over them does not keep the pool alive (found by a review)."""
    import gc
    import multiprocessing

    for _ in range(2):
        workers = Workers(2)
        assert [result for _, result in workers.map(abs, range(-3, 0))] == [3, 2, 1]
        del workers
    gc.collect()
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []


def test_closing_while_another_loop_is_under_way_keeps_its_results(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Work whose results were dropped (a loop left early) is killed at close, unless another
    loop over results is still under way: its results still come (found by a review)."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 2)
    workers = Workers(2)
    first = workers.map(slowly, range(-100, 0))
    next(first)
    first.close()  # its work given still under way
    second = workers.map(abs, range(-12, 0))  # six batches: all given before the first result
    assert next(second) == (-12, 12)
    workers.close()
    assert [result for _, result in second] == list(range(11, 0, -1))
