"""gg.dask and --dask against a real dask.distributed LocalCluster of two worker processes:
the same verdicts, output and Parquet rows as one process, in the same order."""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from permissions import without_folder_rights
from typer.testing import CliRunner

import gargon_notation as gg
from gargon_notation import files
from gargon_notation.cli import app, distributed
from gargon_notation.cli.validate import run_validation
from gargon_notation.errors import FileError
from gargon_notation.validation import Verdict

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

# Dask is looked for, not imported, when the tests are collected: the cluster's fixture
# imports it, so that a run that does not reach these tests does not pay for it.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("dask") is None or importlib.util.find_spec("distributed") is None,
    reason="needs the dask extra: pip install 'gargon-notation[dask]'",
)

ROOT = Path(__file__).parent.parent
EXAMPLES = ("full-game.ggn", "rulebook-round.ggn", "table-record.ggn")
DATA = Path(__file__).parent / "data"
BLOCKSIZE = 2500
"""Small enough to cut the archive's large file into several parts."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    ) as local:
        yield local


@pytest.fixture(scope="module")
def client(cluster: LocalCluster) -> Iterator[Client]:
    """A client of the cluster, Dask's current scheduler while the module's tests run."""
    from distributed import Client

    with Client(cluster) as connected:
        yield connected


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Several files: a large one holding an invalid and an unreadable game among valid
    ones, small ones, JSON Lines with a broken line, and an empty file."""
    root = tmp_path_factory.mktemp("archive")
    full, rulebook, table = (ROOT / "examples" / name for name in EXAMPLES)
    invalid = DATA / "invalid" / "rules" / "card-not-in-hand.ggn"
    unreadable = DATA / "invalid" / "syntax" / "missing-comma.ggn"
    pieces = [full, rulebook, invalid, table, rulebook, unreadable, rulebook, full, rulebook]
    (root / "a-large.ggn").write_bytes(b"\n".join(piece.read_bytes() for piece in pieces))
    records = [record for path in (rulebook, table) for record in files.load(path)]
    (root / "b-games.jsonl").write_text(files.dumps(records, "jsonl") + "{broken\n")
    for path in (rulebook, table):
        shutil.copy(path, root / f"c-{path.name}")
    (root / "d-empty.ggn").write_text("")
    return root


@pytest.fixture(scope="module")
def expected(archive: Path) -> list[Verdict]:
    """The verdicts of one process."""
    found: list[Verdict] = []
    inputs = files.find_inputs([str(archive)])
    run_validation(inputs, jobs=1, strict=False, report=found.append)
    return found


@pytest.mark.slow
def test_the_large_file_is_cut_and_the_small_ones_go_together(
    archive: Path, client: Client
) -> None:
    units = gg.dask.find_partitions(archive, BLOCKSIZE)
    large = [part for unit in units for part in unit if part.name.endswith("a-large.ggn")]
    assert len(large) >= 4
    assert [part.start for part in large[1:]] == [part.stop for part in large[:-1]]
    assert any(len(unit) > 1 for unit in units)


def test_validate_gives_the_verdicts_of_one_process_in_order(
    archive: Path, client: Client, expected: list[Verdict]
) -> None:
    assert [v.valid for v in expected].count(False) == 3  # invalid, unreadable, broken line
    verdicts = gg.dask.validate(archive, blocksize=BLOCKSIZE).compute()
    assert verdicts == expected


def test_the_typed_bag_says_what_dasks_bag_does() -> None:
    """gg.dask.read and validate are typed as a TypedBag (Dask's Bag is untyped, so a user's
    mypy --strict refused bag.compute() as an untyped call, and every item was Any): each
    method it types is the bag's, and gives what it says (checked for mypy by .ci/run on
    tests/data/api_user.py)."""
    import typing

    import dask
    import dask.bag

    typed = {
        name
        for name in vars(gg.dask.TypedBag)
        if not name.startswith("_") and name not in typing.Protocol.__dict__
    }
    assert typed == {"npartitions", "map", "filter", "compute", "persist", "take"}
    with dask.config.set(scheduler="sync"):
        bag = gg.dask.read("examples/club-night.ggn")
        assert all(hasattr(bag, name) for name in typed | {"__iter__"})
        assert isinstance(bag, dask.bag.Bag) and isinstance(bag.npartitions, int)
        items = bag.compute()
        assert type(items) is list and isinstance(items[0], gg.dask.GameItem)
        assert bag.take(1) == tuple(items[:1])
        numbers = bag.map(lambda item: item.number).filter(lambda n: n > 1).compute()
        assert numbers == [2, 3]
        assert [v.valid for v in gg.dask.validate(bag).persist()] == [True, True, True]


@pytest.mark.slow
def test_read_gives_every_game_once_in_order(
    archive: Path, client: Client, expected: list[Verdict]
) -> None:
    bag = gg.dask.read(str(archive), blocksize=BLOCKSIZE)
    items = bag.compute()
    whole = [
        (source.name, number, item)
        for source in files.find_inputs([str(archive)])
        for number, item in enumerate(files.load(source), start=1)
    ]
    assert [(item.source, item.number) for item in items] == [game[:2] for game in whole]
    for item, (_, _, record) in zip(items, whole, strict=True):
        if isinstance(record, gg.GameRecord):
            assert item.record == record
        else:
            assert str(item.record) == str(record)
    verdicts = gg.dask.validate(bag).compute()
    assert [(v.source, v.game, v.valid, v.problems) for v in verdicts] == [
        (v.source, v.game, v.valid, v.problems) for v in expected
    ]


def test_a_file_the_workers_cannot_read_fails_the_computation(
    tmp_path: Path, client: Client
) -> None:
    path = tmp_path / "gone.ggn"
    shutil.copy(ROOT / "examples" / "club-night.ggn", path)
    bag = gg.dask.read(path)
    path.unlink()
    with pytest.raises(FileError, match=r"gone\.ggn: no such file or directory"):
        bag.compute()


def invoke(*arguments: str) -> Any:
    return CliRunner().invoke(app, list(arguments))


@pytest.mark.parametrize("options", [[], pytest.param(["--json"], marks=pytest.mark.slow)])
def test_cli_prints_what_one_process_prints(
    archive: Path, cluster: LocalCluster, monkeypatch: pytest.MonkeyPatch, options: list[str]
) -> None:
    monkeypatch.setattr(distributed, "BLOCKSIZE", BLOCKSIZE)
    plain = invoke("validate", str(archive), *options)
    spread = invoke("validate", str(archive), *options, "--dask", cluster.scheduler_address)
    assert (spread.exit_code, spread.stdout, spread.stderr) == (
        plain.exit_code,
        plain.stdout,
        plain.stderr,
    )
    assert plain.exit_code == 1
    assert "INVALID" in plain.stdout or '"valid": false' in plain.stdout


@pytest.mark.parametrize("stop", ["a-large.ggn", "e-bad.ggn"])
def test_strict_counts_the_bytes_read_as_one_process(
    archive: Path,
    cluster: LocalCluster,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    stop: str,
) -> None:
    """validate --strict --json stops at the first invalid game: its summary's bytes are
    those read up to that game, the same with --dask as in one process and with -j 2 (found
    by a researcher's trial: --dask counted the whole part the game was in, 6342 bytes
    where one process said 1345), stopping in a large file cut into parts or in a file
    after JSON, JSON Lines and an empty file."""
    monkeypatch.setattr(distributed, "BLOCKSIZE", BLOCKSIZE)
    if stop == "a-large.ggn":
        paths = [str(archive)]
    else:
        valid = [ROOT / "examples" / name for name in ("full-game.ggn", "rulebook-round.ggn")]
        (tmp_path / "a-valid.ggn").write_text("\n".join(path.read_text() for path in valid))
        shutil.copy(archive / "d-empty.ggn", tmp_path / "b-empty.ggn")
        (tmp_path / "b-games.jsonl").write_text(
            (archive / "b-games.jsonl").read_text().replace("{broken\n", "")
        )
        records = files.load(ROOT / "examples" / "club-night.ggn")
        (tmp_path / "c-club.json").write_text(files.dumps(records, "json"))
        bad = [
            DATA / "invalid" / "rules" / "card-not-in-hand.ggn",
            ROOT / "examples" / "full-game.ggn",
        ]
        (tmp_path / stop).write_text("\n".join(path.read_text() for path in bad))
        shutil.copy(ROOT / "examples" / "full-game.ggn", tmp_path / "f-after.ggn")
        paths = [str(tmp_path)]
    options = ["--strict", "--json"]
    plain = invoke("validate", *paths, *options)
    summary = json.loads(plain.stdout)["summary"]
    assert (plain.exit_code, summary["invalid"], summary["unread"]) == (
        1,
        1,
        {"a": 4, "e": 1}[stop[0]],
    )
    assert json.loads(plain.stdout)["games"][-1]["source"].endswith(stop)
    for more in (["-j", "2"], ["--dask", cluster.scheduler_address]):
        other = invoke("validate", *paths, *options, *more)
        assert (other.exit_code, other.stdout, other.stderr) == (1, plain.stdout, plain.stderr)


_READ_ONLY_SCRIPT = """
import sys
from distributed import LocalCluster
from gargon_notation.cli import app
with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as local:
    for output in ("rod/pq", "rod"):
        arguments = ["convert", sys.argv[1], "--to", "parquet", "-o", output]
        try:
            app([*arguments, "--dask", local.scheduler_address], "gargon")
        except SystemExit as ended:
            print(ended.code, file=sys.stderr)
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_read_only_folder_is_named_as_given(tmp_path: Path) -> None:
    """--to parquet --dask -o in a folder of mode 555, or that folder itself: the refusal
    names the folder given (or the one it is to be made in), not the staging folder of the
    run, nor its absolute path."""
    folder = tmp_path / "rod"
    folder.mkdir()
    folder.chmod(0o555)
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        run = subprocess.run(
            [
                *without_folder_rights(),
                sys.executable,
                "-c",
                _READ_ONLY_SCRIPT,
                str(ROOT / "examples" / "full-game.ggn"),
            ],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env=environment,
            timeout=120,
        )
    finally:
        folder.chmod(0o755)
    said = [line for line in run.stderr.splitlines() if line.startswith("gargon: ") or line == "2"]
    assert said == [
        "gargon: rod/pq: cannot make this folder in rod (permission denied): make that folder "
        "writable, or write the result elsewhere with -o",
        "2",
        "gargon: rod: cannot write in this folder (permission denied), where the folders of the "
        "tables are made: make it writable, or write the result elsewhere with -o",
        "2",
    ]
    assert list(folder.iterdir()) == []


def test_cli_refuses_standard_input_before_connecting() -> None:
    result = invoke("validate", "-", "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert result.stderr == (
        "gargon: <stdin>: standard input cannot be read by Dask workers: give files\n"
    )


def test_an_unreachable_scheduler_is_one_line_and_exit_2() -> None:
    importlib.import_module("distributed")  # its import (a second or two) is not the wait
    started = time.monotonic()
    result = invoke("validate", "examples/", "--dask", "tcp://127.0.0.1:9")
    assert time.monotonic() - started < distributed.CONNECT_SECONDS  # refused: no waiting
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "gargon: cannot reach the Dask scheduler at tcp://127.0.0.1:9: connection refused\n"
    )
    result = invoke("validate", "examples/", "--dask", "tcp://localhost")
    assert result.exit_code == 2
    assert result.stderr.startswith("gargon: tcp://localhost: not a Dask scheduler address")


@pytest.mark.parametrize(
    ("address", "said"),
    [
        (
            "tcp://127.0.0.1:99999",
            "tcp://127.0.0.1:99999: not a Dask scheduler address (port 99999 is not a port: "
            "ports are 1 to 65535); give tcp://HOST:PORT",
        ),
        (
            "inproc://x",
            "inproc://x: an inproc:// address reaches a scheduler inside the process that made "
            "it, never another process's; give the scheduler's tcp://HOST:PORT",
        ),
        (
            "ucx://127.0.0.1:8786",
            "ucx://127.0.0.1:8786: Dask cannot make ucx:// connections on this machine (its ucx "
            "transport is not installed); give tcp://HOST:PORT",
        ),
    ],
)
def test_an_address_nothing_can_answer_at_says_why(address: str, said: str) -> None:
    """Port 99999 was 'connection refused', inproc:// and ucx:// (its package not
    installed) 'what answered is not a Dask scheduler', with Python's own error, where
    nothing answered (found by a researcher's trial)."""
    if address.startswith("ucx"):
        from distributed.comm import registry

        try:
            registry.get_backend("ucx").get_connector()
        except Exception:
            pass
        else:
            pytest.skip("UCX is installed here")
    importlib.import_module("distributed")
    started = time.monotonic()
    result = invoke("validate", "examples/", "--dask", address)
    assert time.monotonic() - started < distributed.CONNECT_SECONDS
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"gargon: {said}\n")


@contextlib.contextmanager
def serving(answer: Callable[[socket.socket], object]) -> Iterator[str]:
    """The ``tcp://`` address of a server of this machine that is not Dask's: a thread
    accepts its connections and gives each to ``answer``; they are kept open until the
    server stops."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.05)
    stop = threading.Event()
    kept: list[socket.socket] = []

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            kept.append(connection)
            answer(connection)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for connection in kept:
            connection.close()
        listener.close()


@contextlib.contextmanager
def serving_http() -> Iterator[str]:
    """An HTTP server (as a scheduler's dashboard is), which waits for a request."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


LENGTH = distributed.LENGTH.pack(16)
"""The start of a message of Dask's, of 16 bytes."""
NOT_DASK = "what answered is not a Dask scheduler"
SERVERS: dict[str, tuple[Callable[[], contextlib.AbstractContextManager[str]], str]] = {
    "http": (serving_http, "nothing answered within {seconds} s"),
    "silent": (lambda: serving(lambda _: None), "nothing answered within {seconds} s"),
    "bad request": (
        lambda: serving(lambda peer: peer.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")),
        f"{NOT_DASK} (it sent 'HTTP/1.1 400 Bad Request')",
    ),
    "control characters": (
        lambda: serving(lambda peer: peer.sendall(b"\x1b[2J\x00\xff\x07" * 4)),
        f"{NOT_DASK} (it sent '[2J [2J [2J [2J')",
    ),
    "closing": (
        lambda: serving(socket.socket.close),
        f"{NOT_DASK} (it closed the connection at once)",
    ),
    "dask's length, then silent": (
        lambda: serving(lambda peer: peer.sendall(LENGTH)),
        "no Dask scheduler answered within {seconds} s",
    ),
    "dask's length, then garbage": (
        lambda: serving(lambda peer: peer.sendall(LENGTH + b"\xff" * 16)),
        f"{NOT_DASK} (its answer is not Dask's: ",
    ),
}
"""Servers that are not a Dask scheduler, and what ``--dask`` says of each."""


@pytest.mark.parametrize("kind", SERVERS)
def test_what_is_not_a_scheduler_is_one_line_and_exit_2_in_time(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither waiting for ever (Dask's handshake has no time limit) nor a traceback (Dask
    makes room for whatever length the first eight bytes say)."""
    importlib.import_module("distributed")
    server, said = SERVERS[kind]
    # A server that never answers (or never ends its answer) is waited for to the end
    # whatever the limit: a fifth of a second.  The others answer at once, but on a loaded
    # machine maybe not within that.
    seconds = 0.2 if "answered within" in said else 1
    monkeypatch.setattr(distributed, "CONNECT_SECONDS", seconds)
    with server() as address:
        started = time.monotonic()
        result = invoke("validate", "examples/", "--dask", address)
        elapsed = time.monotonic() - started
    assert elapsed < 30  # a second and a little; a loaded machine may be slow
    assert (result.exit_code, result.stdout) == (2, "")
    prefix = f"gargon: cannot reach the Dask scheduler at {address}: {said.format(seconds=seconds)}"
    assert result.stderr.startswith(prefix)
    assert result.stderr.endswith(f"; {distributed.WHERE}\n")
    assert result.stderr.count("\n") == 1
    assert result.stderr[:-1].isprintable() and "\x1b" not in result.stderr
    assert "Traceback" not in result.stderr


def test_a_name_server_that_does_not_answer_is_waited_for_in_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Looking up the scheduler's host name has no time limit of its own; ``--dask`` gives
    it the same seconds as the connection (a fifth of a second here, all waited)."""
    importlib.import_module("distributed")
    monkeypatch.setattr(distributed, "CONNECT_SECONDS", 0.2)
    answered = threading.Event()

    def silent(*arguments: object, **options: object) -> list[tuple[object, ...]]:
        answered.wait(10)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", silent)
    started = time.monotonic()
    result = invoke("validate", "examples/", "--dask", "tcp://scheduler.invalid:8786")
    elapsed = time.monotonic() - started
    answered.set()
    assert elapsed < 5
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "gargon: cannot reach the Dask scheduler at tcp://scheduler.invalid:8786: looking up "
        "'scheduler.invalid' took over 0.2 s; check the name, or give the scheduler's IP "
        "address\n"
    )


def test_a_name_that_does_not_exist_is_said_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    def unknown(*arguments: object, **options: object) -> list[tuple[object, ...]]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    result = invoke("validate", "examples/", "--dask", "tcp://scheduler.invalid:8786")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "gargon: cannot reach the Dask scheduler at tcp://scheduler.invalid:8786: name or "
        "service not known\n"
    )


def test_a_workers_address_is_refused_for_the_schedulers(cluster: LocalCluster) -> None:
    address = next(iter(cluster.workers.values())).worker_address
    result = invoke("validate", "examples/", "--dask", address)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"gargon: cannot reach the Dask scheduler at {address}: a Dask Worker answered "
        f"there, not the scheduler; {distributed.WHERE}\n"
    )


def test_a_tls_address_without_tls_settings_says_which_are_needed() -> None:
    import dask

    unset = {"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None}
    with dask.config.set(unset):
        result = invoke("validate", "examples/", "--dask", "tls://127.0.0.1:9")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "gargon: tls://127.0.0.1:9: a tls:// scheduler needs a CA file and a client "
        "certificate in Dask's configuration, which has none: set "
        "distributed.comm.tls.ca-file and distributed.comm.tls.client.cert (and .key), or "
        "give tcp://HOST:PORT\n"
    )


@pytest.mark.parametrize("kind", ["bad request", pytest.param("http", marks=pytest.mark.slow)])
def test_the_process_ends_with_its_one_line(kind: str) -> None:
    """The whole command, as a user runs it: nothing more at exit (a Client left half made
    complained from its ``__del__``), no thread that keeps it alive, within the promised
    five seconds and a little."""
    server, said = SERVERS[kind]
    with server() as address:
        started = time.monotonic()
        result = subprocess.run(
            [sys.executable, "-m", "gargon_notation", "validate", "examples/", "--dask", address],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        elapsed = time.monotonic() - started
    assert elapsed < 30
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"gargon: cannot reach the Dask scheduler at {address}: "
        f"{said.format(seconds=distributed.CONNECT_SECONDS)}; {distributed.WHERE}\n"
    )


def test_a_missing_extra_names_what_is_missing_and_the_pip_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Dask installed, but not dask.distributed (None in sys.modules: its import fails).
    monkeypatch.setitem(sys.modules, "distributed", None)
    convert = ["convert", "examples/", "--to", "parquet", "-o", str(tmp_path / "tables")]
    for verb in (["validate", "examples/"], convert):
        result = invoke(*verb, "--dask", "tcp://127.0.0.1:9")
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == (
            "gargon: --dask needs dask.distributed (the distributed package), which is not "
            "installed: pip install 'gargon-notation[dask]'\n"
        )
    # Neither.
    for name in [name for name in sys.modules if name == "dask" or name.startswith("dask.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "gargon_notation.dask", raising=False)
    result = invoke("validate", "examples/", "--dask", "tcp://127.0.0.1:9")
    assert (result.exit_code, result.stderr) == (2, f"gargon: {distributed.MISSING}\n")
    assert distributed.MISSING == (
        "--dask needs Dask, which is not installed: pip install 'gargon-notation[dask]'"
    )
    with pytest.raises(ModuleNotFoundError) as raised:
        importlib.import_module("gargon_notation.dask")
    assert str(raised.value) == (
        "gg.dask needs Dask, which is not installed: pip install 'gargon-notation[dask]'"
    )


def test_a_dask_that_cannot_be_imported_is_not_called_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import types

    import dask.bag

    # Another version of Dask: its dask.bag has no from_delayed.
    other = types.ModuleType("dask.bag")
    other.Bag = dask.bag.Bag  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "dask.bag", other)
    monkeypatch.delitem(sys.modules, "gargon_notation.dask", raising=False)
    reason = "cannot import name 'from_delayed' from 'dask.bag' (unknown location)"
    result = invoke("validate", "examples/", "--dask", "tcp://127.0.0.1:9")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"gargon: --dask needs Dask, which cannot be imported ({reason}): "
        "pip install 'gargon-notation[dask]'\n"
    )
    with pytest.raises(ImportError) as raised:
        importlib.import_module("gargon_notation.dask")
    assert type(raised.value) is ImportError
    assert str(raised.value) == (
        f"gg.dask needs Dask, which cannot be imported ({reason}): "
        "pip install 'gargon-notation[dask]'"
    )


def rows_by_game(directory: Path, table: str) -> list[dict[str, Any]]:
    """A table's rows, ordered by game (each game's rows in the order written)."""
    import pyarrow.dataset

    rows = pyarrow.dataset.dataset(directory / table, format="parquet").to_table().to_pylist()
    return sorted(rows, key=lambda row: (row["source"], row["game"]))


@pytest.mark.slow
def test_to_parquet_writes_the_rows_of_one_process(
    archive: Path, client: Client, tmp_path: Path
) -> None:
    from gargon_notation import tables

    one = tables.write_parquet(tables.games_of([archive]), tmp_path / "one")
    stale = tmp_path / "spread" / "games" / "part-00099.parquet"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"left by an earlier run")
    spread = gg.dask.to_parquet(archive, tmp_path / "spread", blocksize=BLOCKSIZE)
    assert spread == one
    assert one["games"] == 14 and one["decisions"] > 100
    assert not stale.exists()
    parts = sorted(path.name for path in (tmp_path / "spread" / "battles").iterdir())
    assert parts == [f"part-{n:05d}.parquet" for n in range(len(parts))]
    assert len(parts) >= 5
    for table in tables.TABLES:
        assert rows_by_game(tmp_path / "spread", table) == rows_by_game(tmp_path / "one", table)


@pytest.mark.slow
def test_to_parquet_tells_its_report_what_one_process_tells(client: Client, tmp_path: Path) -> None:
    """gg.dask.to_parquet returned row counts only, so a library caller was not told which
    games were invalid, unreadable or unfit for observations, which convert --to parquet
    --dask prints (found by a review): its report hears of them as write_parquet's does, in
    the order of the games, in the caller's process."""
    import re

    pairs = gg.dumps(gg.record_from_simulation(gg.simulate(3, "pair1")))
    unfit = re.sub(
        r"^end .*$",
        "end",
        pairs.replace("[Shuffle", '[ZeroPair "200"]\n[Shuffle', 1),
        flags=re.MULTILINE,
    )
    invalid = DATA / "invalid" / "rules" / "card-not-in-hand.ggn"
    unreadable = DATA / "invalid" / "syntax" / "missing-comma.ggn"
    pieces = [invalid.read_text(), pairs, unreadable.read_text(), unfit, pairs]
    (tmp_path / "mixed.ggn").write_text("\n".join(pieces), encoding="utf-8")
    paths = [tmp_path / "mixed.ggn", ROOT / "examples" / "club-night.ggn"]
    one: list[tuple[str, int, str]] = []
    spread_problems: list[tuple[str, int, gg.Problem | gg.NotationError]] = []
    rows = gg.arrow.write_parquet(
        gg.arrow.games_of(paths),
        tmp_path / "one",
        observations=True,
        report=lambda source, number, problem: one.append((source, number, str(problem))),
    )
    counts = gg.dask.to_parquet(
        paths,
        tmp_path / "spread",
        blocksize=3000,
        observations=True,
        report=lambda *told: spread_problems.append(told),
    )
    spread = [(source, number, str(problem)) for source, number, problem in spread_problems]
    assert len(gg.dask.find_partitions(paths, 3000)) >= 3
    assert (counts, spread) == (rows, one)
    mixed = str(tmp_path / "mixed.ggn")
    codes = [
        (source, number, getattr(problem, "code", type(problem).__name__))
        for source, number, problem in spread_problems
    ]
    assert codes == [
        (mixed, 1, "card-not-in-hand"),
        (mixed, 3, "NotationError"),
        (mixed, 4, "observations-unfit"),
    ]


def test_to_parquet_tells_its_report_in_the_order_of_the_games(tmp_path: Path) -> None:
    """As the test above, on Dask's synchronous scheduler (fast): an invalid and an
    unreadable game, each said once, in order, from partitions of their own."""
    import dask

    invalid = DATA / "invalid" / "rules" / "card-not-in-hand.ggn"
    unreadable = DATA / "invalid" / "syntax" / "missing-comma.ggn"
    rulebook = ROOT / "examples" / "rulebook-round.ggn"
    pieces = [rulebook, invalid, rulebook, unreadable]
    archive = tmp_path / "games.ggn"
    archive.write_bytes(b"\n".join(piece.read_bytes() for piece in pieces))
    told: list[tuple[str, int, gg.Problem | gg.NotationError]] = []
    with dask.config.set(scheduler="synchronous"):
        assert len(gg.dask.find_partitions(archive, 600)) == 3
        gg.dask.to_parquet(archive, tmp_path / "t", blocksize=600, report=lambda *t: told.append(t))
    said = [(source, number, type(problem).__name__) for source, number, problem in told]
    assert said == [(str(archive), 2, "Problem"), (str(archive), 4, "NotationError")]
    assert isinstance(told[0][2], gg.Problem) and told[0][2].code == "card-not-in-hand"

    def refuses(*_: object) -> None:
        raise ValueError("stop")

    with dask.config.set(scheduler="synchronous"), pytest.raises(ValueError, match="stop"):
        gg.dask.to_parquet(archive, tmp_path / "t", blocksize=600, report=refuses)
    assert sorted(path.name for path in (tmp_path / "t").iterdir()) == sorted(gg.arrow.TABLES)
    assert sorted(path.name for path in (tmp_path / "t" / "games").iterdir()) == [
        f"part-0000{n}.parquet" for n in range(3)
    ]


def test_a_file_named_twice_is_converted_once(tmp_path: Path) -> None:
    """As ``gargon convert`` and ``gg.arrow.games_of``: ``(source, game)`` names one game."""
    import dask

    named = [ROOT / "examples", ROOT / "examples" / "club-night.ggn"]
    with dask.config.set(scheduler="synchronous"):
        counts = gg.dask.to_parquet(named, tmp_path)
    assert counts == gg.arrow.write_parquet(gg.arrow.games_of(named[:1]), tmp_path / "one")


def test_read_reads_a_file_named_in_other_ways_once(tmp_path: Path) -> None:
    """A bag of ``read`` keys each game once, as ``to_parquet`` of it needs: a file named
    again (relative, absolute, through a link) is read under its first name."""
    import dask

    club = ROOT / "examples" / "club-night.ggn"
    link = tmp_path / "link.ggn"
    link.symlink_to(club)
    with dask.config.set(scheduler="synchronous"):
        items = gg.dask.read([club, club.resolve(), link]).compute()
    assert [(item.source, item.number) for item in items] == [(str(club), n) for n in (1, 2, 3)]


def test_a_conversion_that_fails_half_way_leaves_the_tables_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part written before another fails (or before Ctrl-C, with work still running on
    the workers) stays in the run's staging folder: the tables keep the last whole run's
    parts, with nothing of this one's mixed in, and no staging folder is left.  (Three
    parts, a game each: the second written fails once written.)"""
    import dask

    from gargon_notation import dask as on_dask

    archive = tmp_path / "games.ggn"
    archive.write_bytes(b"\n".join([(ROOT / "examples" / "rulebook-round.ggn").read_bytes()] * 3))
    out = tmp_path / "tables"
    written = on_dask.write_part
    parts: list[int] = []

    def fails_once_written(*arguments: Any) -> dict[str, int]:
        counts = written(*arguments)
        parts.append(arguments[2])
        if len(parts) == 2:  # whichever part Dask writes second
            raise OSError(28, "No space left on device")
        return counts

    with dask.config.set(scheduler="synchronous"):
        assert len(gg.dask.find_partitions(archive, 600)) == 3
        gg.dask.to_parquet(archive, out, blocksize=600)
        before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}
        monkeypatch.setattr(on_dask, "write_part", fails_once_written)
        with pytest.raises(OSError, match="No space left"):
            gg.dask.to_parquet(archive, out, blocksize=600, observations=True)
    assert len(parts) == 2  # one part was written before the other failed
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file()} == before
    assert sorted(path.name for path in out.iterdir()) == sorted(gg.arrow.TABLES)


@pytest.mark.slow
def test_a_large_simulated_archive_gives_the_output_of_one_process(
    cluster: LocalCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = [gg.record_from_simulation(gg.simulate(4, f"large {n}")) for n in range(400)]
    gg.dump(records[:300], tmp_path / "season.ggn")
    gg.dump(records[300:], tmp_path / "more.jsonl", format="jsonl")
    monkeypatch.setattr(distributed, "BLOCKSIZE", 64 * 1024)
    plain = invoke("validate", str(tmp_path), "--quiet")
    spread = invoke("validate", str(tmp_path), "--quiet", "--dask", cluster.scheduler_address)
    assert plain.stdout == "400 games in 2 files: 400 valid, 0 invalid\n"
    assert (spread.exit_code, spread.stdout) == (0, plain.stdout)
    assert len(gg.dask.find_partitions(tmp_path, 64 * 1024, scheduler="sync")) >= 8


@pytest.mark.slow
def test_convert_to_parquet_prints_and_writes_what_one_process_does(
    archive: Path, cluster: LocalCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(distributed, "BLOCKSIZE", BLOCKSIZE)
    options = ["--to", "parquet", "--decisions-observations"]
    one, spread = tmp_path / "one", tmp_path / "spread"
    plain = invoke("convert", str(archive), *options, "-o", str(one))
    dask = invoke(
        "convert", str(archive), *options, "-o", str(spread), "--dask", cluster.scheduler_address
    )
    assert (dask.exit_code, dask.stdout, dask.stderr) == (
        plain.exit_code,
        plain.stdout.replace(str(one), str(spread)),
        plain.stderr,
    )
    assert plain.exit_code == 1
    assert plain.stdout.startswith(f"{one}: 14 games (11 valid)")
    assert len(plain.stderr.splitlines()) > 3  # the unreadable games' errors, the problems
    assert len(list((spread / "games").iterdir())) >= 5
    assert sorted(path.name for path in spread.iterdir()) == sorted(gg.arrow.TABLES)
    for table in ("games", "rounds", "battles", "decisions"):
        assert rows_by_game(spread, table) == rows_by_game(one, table)
    assert "obs_scores" in rows_by_game(spread, "decisions")[0]


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 simulated games: several seconds of a worker's work with observations."""
    path = tmp_path_factory.mktemp("season") / "season.ggn"
    gg.dump([gg.record_from_simulation(gg.simulate(4, f"s{n}")) for n in range(300)], path)
    return path


@pytest.mark.slow  # 300 games simulated for it, then 5-20 s a signal: the heavy profile's
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(("stop", "code"), [("SIGTERM", 143), ("SIGINT", 130), ("SIGHUP", 129)])
def test_a_signal_while_the_workers_write_ends_as_without_dask(
    stop: str, code: int, season: Path, cluster: LocalCluster, tmp_path: Path
) -> None:
    """SIGTERM (as a batch system stops a job) while the workers write the parts: exit 143
    with nothing printed, the staging folder removed and the tables of the last whole run
    as they were, as without --dask (found by a researcher's trial: the command died of the
    signal, status -15, and left its staging folder); SIGINT and SIGHUP likewise."""
    import signal

    target = tmp_path / "tables"
    assert invoke("convert", "examples/", "--to", "parquet", "-o", str(target)).exit_code == 0
    before = {path: path.read_bytes() for path in target.rglob("*") if path.is_file()}
    command = [sys.executable, "-m", "gargon_notation", "convert", str(season), "--to"]
    command += ["parquet", "--decisions-observations", "-o", str(target)]
    process = subprocess.Popen(
        [*command, "--dask", cluster.scheduler_address],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 60
        while process.poll() is None and time.monotonic() < deadline:
            if list(target.glob(".staging-*/decisions/.part-00000.parquet.*.tmp")):
                break  # a worker is writing the part, its folders made
            time.sleep(0.02)
        assert process.poll() is None, process.communicate()
        process.send_signal(getattr(signal, stop))
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, out, err) == (code, "", "")
    time.sleep(1)  # what the worker did after the end, it did by now
    assert {path: path.read_bytes() for path in target.rglob("*") if path.is_file()} == before
    assert sorted(path.name for path in target.iterdir()) == sorted(gg.arrow.TABLES)


def test_a_part_of_a_stopped_run_does_not_make_its_staging_folder_again(tmp_path: Path) -> None:
    """Work sent before a run was stopped, begun once the run removed its staging folder,
    is refused rather than making the folder again, which would stay behind."""
    from gargon_notation import dask as on_dask

    gone = tmp_path / ".staging-gone"
    with pytest.raises(FileError) as refused:
        on_dask.write_part([], str(gone), 0, {})
    assert str(refused.value) == (
        f"{gone}: the run's staging folder is gone (the run was stopped, or another process "
        "removed it): nothing is written"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_wait_stopped_half_way_leaves_no_traceback(
    cluster: LocalCluster, caplog: pytest.LogCaptureFixture
) -> None:
    """Ctrl-C in a wait for a result leaves a task of Dask's that ends with its AllExit,
    which asyncio reported as never retrieved, a traceback when it was collected (found by
    a researcher's trial); a connection drops that report, and keeps every other."""
    import asyncio
    import gc

    from distributed.client import AllExit

    async def stopped() -> None:
        raise AllExit()

    async def failed() -> None:
        raise RuntimeError("a task's own failure")

    def orphans() -> list[str]:
        caplog.clear()
        loop = asyncio.new_event_loop()
        tasks = [loop.create_task(stopped()), loop.create_task(failed())]
        loop.run_until_complete(asyncio.wait(tasks))
        del tasks
        gc.collect()
        loop.close()
        return [
            type(record.exc_info[1]).__name__
            for record in caplog.records
            if record.name == "asyncio" and record.exc_info
        ]

    with distributed.connected(cluster.scheduler_address):
        pass
    assert orphans() == ["RuntimeError"]


def test_a_failure_of_the_cluster_is_one_line(cluster: LocalCluster) -> None:
    """What the cluster raises on its own (a worker killed, a task its versions cannot
    read) ends the command with one line, not a traceback."""
    address = cluster.scheduler_address
    with pytest.raises(distributed.ClusterError) as raised, distributed.connected(address):
        raise RuntimeError("Error during deserialization of the task graph.\nSee the docs.")
    assert str(raised.value) == (
        f"the Dask cluster at {address} failed: RuntimeError: Error during deserialization "
        "of the task graph. See the docs."
    )
    with pytest.raises(FileError), distributed.connected(address):
        raise FileError("x.ggn", "no such file or directory")


@pytest.mark.parametrize(
    ("blocksize", "message"),
    [
        (
            "lots",
            "blocksize: 'lots' is not a size: write a number of bytes or a size such as '8 MiB'",
        ),
        (0, "blocksize: at least one byte, not 0"),
        ("-3", "blocksize: at least one byte, not '-3'"),
    ],
)
def test_a_blocksize_that_is_not_a_size_is_refused_naming_it(
    blocksize: int | str, message: str
) -> None:
    """A gg.ArgumentError at once ('lots' was Dask's own ValueError, 0 a plain one)."""
    with pytest.raises(gg.ArgumentError) as refused:
        gg.dask.read("examples/", blocksize=blocksize)
    assert str(refused.value) == message
    with pytest.raises(TypeError, match=r"^blocksize: a number of bytes \(int\) or a size "):
        gg.dask.read("examples/", blocksize=None)  # type: ignore[arg-type]


def test_what_is_not_paths_is_a_type_error_naming_the_parameter(tmp_path: Path) -> None:
    """``5`` was "'int' object is not iterable", ``[5]`` os.fspath's "expected str, bytes or
    os.PathLike object", a bag of records "cannot unpack non-iterable GameRecord object"
    and a directory of 5 os.path's own message (found by a researcher's trial)."""
    import dask
    import dask.bag

    wanted = "a path (str or os.PathLike) or an iterable of paths"
    with pytest.raises(TypeError) as refused:
        gg.dask.read(5)  # type: ignore[arg-type]
    assert str(refused.value) == f"paths: {wanted}, not int 5"
    with pytest.raises(TypeError) as among:
        gg.dask.find_partitions(["examples/", 5])  # type: ignore[list-item]
    assert str(among.value) == f"paths: {wanted}, not int 5 among them"
    for function in (gg.dask.validate, functools.partial(gg.dask.to_parquet, directory=tmp_path)):
        with pytest.raises(TypeError) as either:
            function(5)
        assert str(either.value) == (f"paths_or_bag: {wanted}, or a bag of gg.dask.read, not int 5")
    with pytest.raises(TypeError) as folder:
        gg.dask.to_parquet(str(ROOT / "examples"), 5)  # type: ignore[arg-type]
    assert str(folder.value) == "directory: a folder's path (str or os.PathLike), not int 5"
    record = next(files.load(ROOT / "examples" / "full-game.ggn"))
    with dask.config.set(scheduler="sync"), pytest.raises(TypeError) as items:
        gg.dask.validate(dask.bag.from_sequence([record])).compute()
    assert str(items.value).startswith(
        "validate: a bag's items are GameItem(source, number, record), as gg.dask.read "
        "gives them, not GameRecord <GameRecord 'Full game with its deal written out'; "
    )
