"""``--dask tcp://SCHEDULER``: the work of ``validate`` and ``convert --to parquet`` done on a
Dask cluster (:mod:`gargon_notation.dask`), with the output of one process, in its order.

The files are cut into partitions on the cluster (:func:`gargon_notation.dask.find_partitions`),
a few partitions per worker thread are in flight at a time, and their results are taken in
order, so memory stays flat however large the archive.  Nothing here prints: the verbs do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from gargon_notation import files
from gargon_notation.errors import GargonError, NotationError, as_reason
from gargon_notation.extras import DASK_PACKAGES, not_installed
from gargon_notation.parts import DEFAULT_BLOCKSIZE
from gargon_notation.replay import Problem
from gargon_notation.validation import Verdict

if TYPE_CHECKING:
    from distributed import Client, Future


__all__ = [
    "CONNECT_SECONDS",
    "MISSING",
    "ClusterError",
    "connected",
    "in_order",
    "verdicts",
    "write_tables",
]

STDIN = "standard input cannot be read by Dask workers: give files"
"""Why standard input cannot go with ``--dask``."""
MISSING = not_installed("--dask", ModuleNotFoundError(name="dask"), "dask", DASK_PACKAGES)
"""What a missing ``dask`` package is reported as (another package of the extra that is
missing is named: :func:`~gargon_notation.extras.not_installed`)."""

CONNECT_SECONDS = 5
"""How long to wait for the scheduler to answer, and then for its first worker."""
LENGTH = struct.Struct("Q")
"""The length that begins every message of Dask's TCP protocol, its handshake the first."""
HANDSHAKE_BYTES = 1 << 20
"""The longest first message believed of a scheduler (its handshake is some 60 bytes): a
longer one is what another kind of server sent, not a length to make room for."""
WHERE = (
    'give the address the scheduler prints as "Scheduler at: tcp://HOST:PORT" '
    "(port 8786 by default; 8787 is its dashboard)"
)
"""What to do when something other than a scheduler answers."""
BLOCKSIZE = DEFAULT_BLOCKSIZE
"""Bytes of records per partition (:mod:`gargon_notation.parts`)."""
IN_FLIGHT_PER_THREAD = 2
"""Partitions sent ahead per worker thread: every worker busy, memory flat."""


Unit = TypeVar("Unit")


class ClusterError(GargonError):
    """The cluster cannot be used: the extra is missing, or the scheduler cannot be reached."""


@contextlib.contextmanager
def connected(address: str) -> Iterator[Client]:
    """A client of the scheduler at ``address``, closed afterwards.

    Raises :class:`ClusterError` when the ``dask`` extra is missing, when ``address`` is not
    one, when what answers there is not a Dask scheduler, or when the scheduler does not
    answer, or has no worker, within :data:`CONNECT_SECONDS`.
    """
    try:  # Dask first, then dask.distributed: the first missing is named
        import gargon_notation.dask  # noqa: F401  (the extra's dask, whole)
    except ImportError as error:
        # gg.dask's own error keeps Dask's as its cause: the message is made from that.
        cause = error.__cause__ if isinstance(error.__cause__, ImportError) else error
        raise ClusterError(not_installed("--dask", cause, "dask", DASK_PACKAGES)) from None
    try:
        from distributed import Client
        from distributed.comm import registry
        from distributed.comm.addressing import parse_address, parse_host_port
        from distributed.security import Security
    except ImportError as error:
        raise ClusterError(not_installed("--dask", error, "dask", DASK_PACKAGES)) from None
    scheme, location = parse_address(address)
    if scheme not in registry.backends:
        known = ", ".join(sorted(registry.backends))
        raise ClusterError(
            f"{address}: not a Dask scheduler address (its scheme is not one of {known}); "
            "give tcp://HOST:PORT"
        )
    _usable(address, scheme, location, registry)
    try:
        options: dict[str, Any] = Security().get_connection_args("client")  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as error:  # a certificate that cannot be read
        raise ClusterError(
            f"Dask's TLS settings (distributed.comm.tls) cannot be used: {_reason(error)}; "
            "correct them in Dask's configuration"
        ) from None
    if scheme in ("tls", "wss") and options.get("ssl_context") is None:
        raise ClusterError(
            f"{address}: a {scheme}:// scheduler needs a CA file and a client certificate "
            "in Dask's configuration, which has none: set distributed.comm.tls.ca-file and "
            "distributed.comm.tls.client.cert (and .key), or give tcp://HOST:PORT"
        )
    deadline = time.monotonic() + CONNECT_SECONDS
    if scheme in ("tcp", "tls"):
        try:
            host, port = parse_host_port(location)
        except ValueError as error:
            raise ClusterError(
                f"{address}: not a Dask scheduler address ({error}); give tcp://HOST:PORT"
            ) from None
        if not 0 < port < 65536:  # the system would say "refused", or worse
            raise ClusterError(
                f"{address}: not a Dask scheduler address (port {port} is not a port: ports "
                "are 1 to 65535); give tcp://HOST:PORT"
            )
        # A TLS server says nothing before the client does.
        _reached(address, host, port, deadline, listen=scheme == "tcp")
    _hush_stopped_gathers()
    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its own account of a failure would be a traceback
    try:
        _identified(address, options, deadline)
        try:  # answered as a scheduler: what fails now is the scheduler's own account
            client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)  # type: ignore[no-untyped-call]
        except Exception as error:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address}: {_one_line(error)}"
            ) from None
    finally:
        quiet.setLevel(level)
    with client:
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            raise ClusterError(
                f"the Dask scheduler at {address} has no workers (none came within "
                f"{CONNECT_SECONDS} s): start some with dask worker {address}"
            ) from None
        try:
            yield client
        except (GargonError, GeneratorExit):
            raise
        except Exception as error:
            # The cluster's own failures (a worker killed, a task it could not read because
            # its versions differ from this machine's): one line, not a traceback.
            text = " ".join(str(error).split()) or "no message"
            raise ClusterError(
                f"the Dask cluster at {address} failed: {type(error).__name__}: {text}"
            ) from None


class _StoppedGather(logging.Filter):
    """Drops asyncio's report of a task of Dask's own that ended with Dask's ``AllExit``
    and was never awaited: what a wait for a result leaves behind when Ctrl-C or SIGTERM
    stops the command in it (the client then cancels the work and closes, and the task's
    end is told at the next garbage collection, a traceback on standard error; cli.md
    promises none).  ``AllExit`` is how Dask stops a wait of its own early, never an
    error of the work: every other report is kept."""

    def __init__(self, stopped: type[BaseException]) -> None:
        super().__init__("gargon-dask-stopped-gather")
        self.stopped = stopped

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, self.stopped)


def _hush_stopped_gathers() -> None:
    """Put :class:`_StoppedGather` on asyncio's logger, once: for the rest of the process,
    since the report comes whenever the task is collected, after the client is closed."""
    from distributed.client import AllExit

    hushed = logging.getLogger("asyncio")
    if not any(isinstance(kept, _StoppedGather) for kept in hushed.filters):
        hushed.addFilter(_StoppedGather(AllExit))


def _usable(address: str, scheme: str, location: str, registry: Any) -> None:
    """Refuse an address of a kind Dask knows but this process cannot connect to: an
    ``inproc://`` scheduler of another process (one lives in the process that made it: a
    ``LocalCluster(processes=False)`` of this one is reached), and a transport whose package
    is not installed (UCX) cannot connect anywhere; neither has anything answer.

    Raises :class:`ClusterError` saying so.
    """
    if scheme == "inproc":
        from distributed.comm.inproc import global_manager

        try:
            here = global_manager.get_listener_for(location) is not None  # type: ignore[no-untyped-call]
        except Exception:  # another process's address, or not one at all
            here = False
        if not here:
            raise ClusterError(
                f"{address}: an inproc:// address reaches a scheduler inside the process "
                "that made it, never another process's; give the scheduler's tcp://HOST:PORT"
            )
        return
    if scheme in ("tcp", "tls"):
        return
    try:
        registry.get_backend(scheme).get_connector()
    except Exception:  # a backend of Dask's without its transport's package (UCX's)
        raise ClusterError(
            f"{address}: Dask cannot make {scheme}:// connections on this machine (its "
            f"{scheme} transport is not installed); give tcp://HOST:PORT"
        ) from None


def _reached(address: str, host: str, port: int, deadline: float, *, listen: bool) -> None:
    """Connect to ``host:port`` before ``deadline``, and with ``listen`` read what it sends
    first: a Dask scheduler sends its handshake at once, which begins with its length.
    What sends nothing, something else, or closes the connection is refused before Dask
    reads it (Dask would make room for any length, and wait for an answer without end).

    Raises :class:`ClusterError` saying what answered, or why nothing could.
    """
    received = b""
    closed = False
    try:
        with _connected(address, host, port, deadline) as probe:
            while listen and len(received) < LENGTH.size:
                probe.settimeout(_left(deadline))
                try:
                    chunk = probe.recv(4096)
                except TimeoutError:
                    break
                except ConnectionResetError:
                    chunk = b""
                closed = not chunk
                if closed:
                    break
                received += chunk
    except OSError as error:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: {_reason(error)}"
        ) from None
    if not listen or (
        len(received) >= LENGTH.size and LENGTH.unpack_from(received)[0] <= HANDSHAKE_BYTES
    ):
        return
    if received:
        raise ClusterError(_not_dask(address, f"it sent {_shown(received)}"))
    if closed:
        raise ClusterError(_not_dask(address, "it closed the connection at once"))
    raise ClusterError(
        f"cannot reach the Dask scheduler at {address}: nothing answered within "
        f"{CONNECT_SECONDS} s; {WHERE}"
    )


def _connected(address: str, host: str, port: int, deadline: float) -> socket.socket:
    """A connection to ``host:port`` made before ``deadline``, its name looked up within
    that time too (the system's lookup has no time limit of its own: a name server that
    does not answer kept ``--dask`` waiting); raises :class:`OSError` as
    :func:`socket.create_connection` does, or :class:`ClusterError` for a slow lookup."""
    found: list[list[tuple[Any, ...]]] = []
    failed: list[OSError] = []

    def look_up() -> None:
        try:
            found.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except OSError as error:
            failed.append(error)

    lookup = threading.Thread(target=look_up, name="gargon-dask-lookup", daemon=True)
    lookup.start()
    lookup.join(_left(deadline))
    if failed:
        raise failed[0]
    if not found:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: looking up {host!r} took over "
            f"{CONNECT_SECONDS} s; check the name, or give the scheduler's IP address"
        )
    last: OSError = OSError(f"{host!r} has no address")
    for family, kind, protocol, _, place in found[0]:
        connection = socket.socket(family, kind, protocol)
        try:
            connection.settimeout(_left(deadline))
            connection.connect(place)
        except OSError as error:
            connection.close()
            last = error
            continue
        return connection
    raise last


def _identified(address: str, options: dict[str, Any], deadline: float) -> None:
    """Ask the server at ``address`` who it is, through Dask's own connection (made with
    ``options``, Dask's ``connection_args``), before ``deadline`` (what is not a scheduler
    can keep Dask's handshake waiting for ever).

    Raises :class:`ClusterError` when it does not answer as a Dask scheduler.
    """
    from distributed.core import rpc

    seconds = _left(deadline)

    async def identity() -> Any:
        # Not deserialized: an answer that is not Dask's is never unpickled.
        other = rpc(address, timeout=seconds, deserialize=False, connection_args=options)  # type: ignore[no-untyped-call]
        async with other:
            return await other.identity()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), seconds))
    except TimeoutError:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: no Dask scheduler answered "
            f"within {CONNECT_SECONDS} s; {WHERE}"
        ) from None
    except OSError as error:  # refused, reset, closed (Dask's CommClosedError is one)
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: {_one_line(error)}"
        ) from None
    except Exception as error:  # what cannot be read as Dask's: too long, garbled
        raise ClusterError(
            _not_dask(address, f"its answer is not Dask's: {_one_line(error)}")
        ) from None
    if not isinstance(answer, dict) or "workers" not in answer:
        kind = answer.get("type") if isinstance(answer, dict) else None
        what = f"a Dask {_printable(kind)}" if isinstance(kind, str) else "a Dask server"
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: {what} answered there, "
            f"not the scheduler; {WHERE}"
        )


def _not_dask(address: str, how: str) -> str:
    return (
        f"cannot reach the Dask scheduler at {address}: what answered is not a Dask "
        f"scheduler ({how}); {WHERE}"
    )


def _left(deadline: float) -> float:
    """The seconds left before ``deadline``, never quite none (a socket's zero would mean
    not to wait at all, asyncio's an immediate timeout: both end the wait, as they should)."""
    return max(deadline - time.monotonic(), 0.001)


def _shown(data: bytes, most: int = 40) -> str:
    """What a server sent, quoted on one line: printable ASCII, the rest as spaces.

    >>> _shown(b"HTTP/1.1 400 Bad Request\\r\\n\\r\\n")
    "'HTTP/1.1 400 Bad Request'"
    >>> _shown(bytes(range(8)))
    '8 bytes that are not text'
    """
    text = _printable(data.decode("ascii", "replace").replace("\ufffd", " "))
    if len(text) * 2 < len(data.strip()):
        return f"{len(data)} bytes that are not text"
    return repr(text if len(text) <= most else text[: most - 3] + "...")


def _reason(error: Exception) -> str:
    """Why ``error`` happened, as the end of a sentence: an OSError's reason without its
    number, begun in lower case.

    >>> _reason(ConnectionRefusedError(111, "Connection refused"))
    'connection refused'
    >>> _reason(TimeoutError("timed out"))
    'timed out'
    """
    return as_reason((error.strerror if isinstance(error, OSError) else None) or _one_line(error))


def _one_line(error: BaseException) -> str:
    """An exception on one line of printable text, with its kind unless it is an OSError
    (whose message says it).

    >>> _one_line(ValueError("bad\\nframe\\x07"))
    'ValueError: bad frame'
    """
    text = _printable(str(error))
    if isinstance(error, OSError):
        return text or type(error).__name__
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _printable(text: str) -> str:
    """``text`` on one line, its control characters and line breaks made spaces, runs of
    spaces one.

    >>> _printable("Bad\\r\\n\\x1b[31mRequest\\u2028été")
    'Bad [31mRequest été'
    """
    return " ".join("".join(c if c.isprintable() else " " for c in text).split())


def in_order(
    client: Client, units: Iterable[Unit], work: Callable[..., Any], *arguments: Any
) -> Iterator[tuple[Unit, Any]]:
    """``work(unit, *arguments)`` for every unit of work on the cluster, each with its
    result, in order, with a few units in flight per worker thread.  An exception raised by
    the work is raised here, where its result would have come; the work not yet done is
    cancelled when the caller stops early."""
    threads = sum(client.nthreads().values()) or 1  # type: ignore[no-untyped-call]
    pending: deque[tuple[Unit, Future[Any]]] = deque()
    todo = iter(units)
    try:
        while True:
            for unit in todo:
                pending.append((unit, client.submit(work, unit, *arguments, pure=False)))
                if len(pending) >= threads * IN_FLIGHT_PER_THREAD:
                    break
            if not pending:
                return
            unit, future = pending.popleft()
            yield unit, future.result()
    finally:
        if pending:
            client.cancel([future for _, future in pending])  # type: ignore[no-untyped-call]


def verdicts(
    inputs: list[files.Input],
    address: str,
    strict: bool,
    on_bytes: Callable[[int], None],
    on_empty: Callable[[str], None],
    on_files: Callable[[int], None],
) -> Iterator[Verdict]:
    """The verdicts on every game of ``inputs``, validated on the cluster at ``address``,
    in the order and with the calls of :func:`gargon_notation.cli.validate.run_validation`'s
    own: ``on_bytes`` hears the bytes read up to each game before its verdict is given
    (counted as one process counts them, so that a run stopped early, ``--strict``, says
    the same), ``on_empty`` the name of an input without a game, ``on_files`` how many
    inputs are begun up to the part done.

    Raises :class:`ClusterError` when the cluster cannot be used, and
    :class:`~gargon_notation.errors.FileError` when a file cannot be read.
    """
    for source in inputs:
        if source.path is None:  # said before any connection is tried
            raise files.FileError(source.name, STDIN)
    with connected(address) as client:
        from gargon_notation.dask import find_partitions, verdicts_by_part

        units = find_partitions(inputs, BLOCKSIZE, scheduler=client)
        last = {part.input: part for unit in units for part in unit}
        games = dict.fromkeys(last, 0)
        counted = dict.fromkeys(last, 0)  # the bytes of an input's games told so far
        read = 0  # since the last game told: the rest of the files before it
        for unit, results in in_order(client, units, verdicts_by_part, strict):
            for part, found in zip(unit, results, strict=True):
                on_files(part.input + 1)
                games[part.input] += len(found)
                for verdict, size in found:
                    # What one process counts: a game's bytes as it is read, before its
                    # verdict, and the rest of its file once the file is read whole.
                    on_bytes(read + size)
                    read = 0
                    counted[part.input] += size
                    yield verdict
                if part is last[part.input]:
                    if not games[part.input]:
                        on_empty(part.name)
                    read += inputs[part.input].size - counted[part.input]
        on_bytes(read)


def write_tables(
    inputs: list[files.Input],
    address: str,
    directory: str | os.PathLike[str],
    options: Mapping[str, bool],
    report: Callable[[str, int, Problem | NotationError], object],
    on_empty: Callable[[str], object] = lambda _: None,
) -> tuple[dict[str, int], int]:
    """Write the Parquet tables of ``inputs`` into ``directory`` on the cluster at
    ``address``, a part file per partition (those an earlier, larger run left are removed),
    as :func:`gargon_notation.tables.write_parquet` writes them in one process: the rows
    written per table, and the games read.  ``report`` hears of every game that is invalid
    or cannot be read, in order, as ``write_parquet``'s own ``report`` would; ``on_empty``
    the name of each input without a game.

    Raises :class:`ClusterError` when the cluster cannot be used, and
    :class:`~gargon_notation.errors.FileError` when a file cannot be read or written.
    """
    for source in inputs:
        if source.path is None:
            raise files.FileError(source.name, STDIN)
    target = os.path.abspath(directory)  # the same for workers started elsewhere
    totals: dict[str, int] = {}
    games = 0
    with connected(address) as client:
        from gargon_notation.dask import find_partitions, write_unit
        from gargon_notation.tables import staged_parts

        units = find_partitions(inputs, BLOCKSIZE, scheduler=client)
        last = {part.input: part for unit in units for part in unit}
        found = dict.fromkeys(last, 0)
        # The parts go to a staging folder, moved into place once all are written: work
        # that goes on running after a failure or Ctrl-C cannot mix them with the tables.
        with staged_parts(target, parts=lambda: len(units), named=os.fspath(directory)) as staged:
            for (_, unit), written in in_order(
                client, enumerate(units), write_unit, staged, options
            ):
                for source, number, problem in written.reports:
                    report(source, number, problem)
                for table, rows in written.rows.items():
                    totals[table] = totals.get(table, 0) + rows
                games += written.games
                for part, count in zip(unit, written.per_part, strict=True):
                    found[part.input] += count
                    if part is last[part.input] and not found[part.input]:
                        on_empty(part.name)
    return totals, games
