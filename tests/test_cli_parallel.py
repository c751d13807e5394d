"""``--jobs N`` of the verbs that work game by game (:mod:`gargon_notation.cli.parallel`): the
same output, byte for byte, the same errors and exit codes as ``--jobs 1``, on an archive of
several files that holds an invalid game and one that cannot be read; and the progress bar
on a terminal."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from terminals import read_until
from typer.testing import CliRunner, Result

import gargon_notation.cli.common as cli_common
from gargon_notation import files, parallel
from gargon_notation.bots import simulate
from gargon_notation.cli import app
from gargon_notation.cli.common import Exit
from gargon_notation.cli.inputs import Games, file_games, games_of, inputs_of
from gargon_notation.cli.parallel import Ahead, dumped
from gargon_notation.cli.terminal import SafeConsole
from gargon_notation.notation import GameRecord, write_game
from gargon_notation.parallel import Workers
from gargon_notation.records import record_from_simulation

INVALID = '[Event "Bad turn"]\n[Players "Ann" "Bob" "Cy"]\n1. Bob R1\n*\n'
UNREADABLE = '[Event "Broken"]\n[Players "Ann" "Bob" "Cy"]\n1. Ann R1 folds\n*\n'
SLOW = pytest.mark.slow
JSONL = ["convert", "big.ggn", "--to", "jsonl", "-o", "big.jsonl"]


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``one.ggn`` (7 simulated games, the invalid one fourth), ``sub/two.ggn`` (the game
    that cannot be read between 6 simulated ones) and ``sub/three.jsonl`` (2 games)."""
    root = tmp_path_factory.mktemp("archive")
    games = [
        write_game(record_from_simulation(simulate(3 + k % 3, f"jobs.{k}"), event=f"E{k % 2}"))
        for k in range(15)
    ]
    (root / "sub").mkdir()
    (root / "one.ggn").write_text("\n".join([*games[:3], INVALID, *games[3:7]]))
    (root / "sub" / "two.ggn").write_text("\n".join([*games[7:10], UNREADABLE, *games[10:13]]))
    converted = CliRunner().invoke(
        app, ["convert", "-", "--to", "jsonl"], input="\n".join(games[13:])
    )
    (root / "sub" / "three.jsonl").write_text(converted.stdout)
    return root


def gargon(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args])


@pytest.mark.parametrize(
    "verb",
    [
        ["score", "--json"],
        pytest.param(["convert", "--to", "json", "--events"], marks=SLOW),
        ["stats", "--by", "event"],
        pytest.param(["filter", "--has", "sweep", "--json"], marks=SLOW),
    ],
    ids=lambda verb: " ".join(verb),
)
def test_jobs_2_prints_what_jobs_1_prints(
    archive: Path, verb: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "BATCH_GAMES", 3)  # several batches in flight, in order
    one = gargon(*verb, archive, "--jobs", "1")
    two = gargon(*verb, archive, "--jobs", "2")
    assert (two.exit_code, two.stdout, two.stderr) == (one.exit_code, one.stdout, one.stderr)
    assert one.exit_code == 1
    assert one.stderr.count("not 'folds'") == 1  # the game that cannot be read, once
    assert one.stdout


def test_stats_jobs_2_counts_each_game_once_as_jobs_1(
    archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Copies of games (the invalid one too) found as the workers' results come, in order."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 3)
    copied = tmp_path / "copied.ggn"
    copied.write_text((archive / "one.ggn").read_text().split("\n\n", 2)[2])
    one = gargon("stats", archive, copied, "--jobs", "1")
    two = gargon("stats", archive, copied, "--jobs", "2")
    assert (two.exit_code, two.stdout, two.stderr) == (one.exit_code, one.stdout, one.stderr)
    assert one.stdout == gargon("stats", archive).stdout
    assert one.stderr.count(f"warning: {copied}:") == 6
    assert f"warning: {copied}:1: game 1 is a copy of {archive / 'one.ggn'}:" in one.stderr


Outcome = tuple[int, str, str]
"""A command's exit code, standard output and standard error."""


def outcome(result: Result) -> Outcome:
    return result.exit_code, result.stdout, result.stderr


def tree(root: Path, before: dict[str, int] | None = None) -> dict[str, tuple[bytes, bool]]:
    """Every file under ``root``: its bytes, and whether it was replaced (a new inode, as an
    atomic rewrite gives) since ``before`` (the inodes :func:`inodes` took)."""
    return {
        str(path.relative_to(root)): (
            path.read_bytes(),
            before is not None and before[str(path.relative_to(root))] != path.stat().st_ino,
        )
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def inodes(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_ino for p in root.rglob("*") if p.is_file()}


def in_copies(
    archive: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *commands: list[str],
    extra: dict[str, str] | None = None,
) -> dict[str, tuple[list[Outcome], dict[str, tuple[bytes, bool]]]]:
    """Each command run on its own copy of the archive (as ``arch``, the current directory
    its parent, so that messages name the same files), with ``--jobs 1`` and with ``--jobs
    2``: the outcomes and the files afterwards, by jobs."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 3)  # several batches in flight, in order
    done = {}
    for jobs in ("1", "2"):
        shutil.copytree(archive, tmp_path / jobs / "arch")
        for name, text in (extra or {}).items():
            (tmp_path / jobs / "arch" / name).write_text(text)
        monkeypatch.chdir(tmp_path / jobs)
        before = inodes(tmp_path / jobs / "arch")
        outcomes = [outcome(gargon(*command, "arch", "--jobs", jobs)) for command in commands]
        done[jobs] = (outcomes, tree(tmp_path / jobs / "arch", before))
    return done


def test_fmt_jobs_2_checks_and_rewrites_as_jobs_1(
    archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fmt --check --diff`` then ``fmt --in-place`` over the archive and a file not in
    canonical form: the same diff, messages and exit codes, the same files rewritten (and
    no other), to the same bytes."""
    canonical = (archive / "one.ggn").read_text()
    untidy = canonical.replace("\n    fights", "\n  fights")
    done = in_copies(
        archive,
        tmp_path,
        monkeypatch,
        ["fmt", "--check", "--diff"],
        ["fmt", "--in-place"],
        extra={"untidy.ggn": untidy},
    )
    assert done["2"] == done["1"]
    (check, rewrite), files = done["1"]
    assert check[0] == 1
    assert check[1].startswith("--- a/arch/untidy.ggn\n+++ b/arch/untidy.ggn\n@@ -5,")
    assert check[1].count("\n-  fights") == check[1].count("\n+    fights") > 60
    assert check[2].count("not 'folds'") == 1
    assert check[2].splitlines()[-2:] == [
        "arch/untidy.ggn: not in canonical form (run gargon fmt --in-place)",
        "4 files: 3 checked, 1 not in canonical form; 1 could not be checked (see above)",
    ]
    assert rewrite[:2] == (1, "")
    assert rewrite[2].splitlines()[-2:] == [
        "rewritten: arch/untidy.ggn",
        "4 files: 1 rewritten, 2 already canonical; 1 could not be formatted (see above)",
    ]
    assert files["untidy.ggn"] == (canonical.encode(), True)
    assert {name: replaced for name, (_, replaced) in files.items()} == {
        "one.ggn": False,
        "sub/three.jsonl": False,
        "sub/two.ggn": False,
        "untidy.ggn": True,
    }


def test_annotate_jobs_2_rewrites_what_jobs_1_rewrites(
    archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``annotate --in-place`` over the archive: the file with an invalid game and the one
    with a game that cannot be read are left as they are, the others annotated, the same
    problems printed in the same order, whatever the jobs."""
    done = in_copies(archive, tmp_path, monkeypatch, ["annotate", "--in-place"])
    assert done["2"] == done["1"]
    ((code, stdout, stderr),), files = done["1"]
    assert (code, stdout) == (1, "")
    assert stderr.count("not 'folds'") == stderr.count("Bob may n") == 1
    assert "arch/one.ggn: not rewritten: annotations stop at the problems\n" in stderr
    assert {name: replaced for name, (_, replaced) in files.items()} == {
        "one.ggn": False,
        "sub/three.jsonl": True,
        "sub/two.ggn": False,
    }
    annotated = files["sub/three.jsonl"][0].decode()
    assert annotated.count("final score") == 2
    assert annotated.count("\n") == 2


def test_dedupe_jobs_2_finds_the_copies_jobs_1_finds(
    archive: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dedupe --report`` over the archive and a file of copies (a game again with a
    comment, an unfinished copy of another): the same groups, and the game that cannot be
    read reported once, whatever the jobs."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 3)
    games = (archive / "one.ggn").read_text().split("\n\n")
    again = games[0].replace("\n1. ", "\n{the same game}\n1. ")
    unfinished = games[1][: games[1].index("\n3. ")] + "\n*\n"
    (tmp_path / "copies.ggn").write_text(again + "\n\n" + unfinished)
    monkeypatch.chdir(tmp_path)
    one = gargon("dedupe", archive, "copies.ggn", "--report", "--jobs", "1")
    two = gargon("dedupe", archive, "copies.ggn", "--report", "--jobs", "2")
    assert outcome(two) == outcome(one)
    assert one.exit_code == 1
    assert one.stdout.replace(str(archive), "A").splitlines() == [
        "A/one.ggn game 1 (line 1): 1 copy",
        "  copies.ggn game 1 (line 1): the same game",
        "A/one.ggn game 2 (line 39): 1 copy",  # after the blank line 38
        "  copies.ggn game 2 (line 40): an unfinished copy",  # after the blank line 39
        "2 copies of 2 games",
    ]
    assert one.stderr.count("not 'folds'") == 1


def test_score_in_workers_prints_the_tables_of_one_process(archive: Path) -> None:
    """The scoreboards are drawn in the workers, as the command's console would draw them."""
    one = gargon("score", archive / "one.ggn", "--jobs", "1")
    two = gargon("score", archive / "one.ggn", "--jobs", "2")
    assert (two.exit_code, two.stdout, two.stderr) == (one.exit_code, one.stdout, one.stderr)
    assert one.stdout.count("one.ggn game ") == 8
    assert "one.ggn game 4: score when the first problem was found (invalid record)" in one.stdout
    assert "(seat 2): 'Bob R1': Bob may n" in one.stderr


def test_jobs_1_reports_errors_in_place(archive: Path) -> None:
    """In one process the games are done in turn: the game that cannot be read is reported
    between the scores of the games around it, every other game is scored."""
    result = gargon("score", "--json", archive / "sub" / "two.ggn")
    assert result.exit_code == 1
    games = [line for line in result.stdout.splitlines() if '"game":' in line]
    assert [line.strip() for line in games] == [f'"game": {n},' for n in (1, 2, 3, 5, 6, 7)]
    assert "two.ggn:97:11: expected a round number" in result.stderr


@pytest.fixture(scope="module")
def stops(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Inputs where ``validate --strict`` stops early: ``mixed.ggn`` (2 simulated games, the
    invalid one, 2 more), ``empty.ggn``, ``corpus/`` (``a.ggn`` as ``mixed.ggn``, then
    ``b.ggn`` empty and ``c.ggn`` with 2 games) and ``big.ggn`` (a game, the invalid one,
    then 600 more: far more than the batches read ahead at first)."""
    root = tmp_path_factory.mktemp("stops")
    games = [
        write_game(record_from_simulation(simulate(3 + k % 3, f"strict.{k}"))) for k in range(6)
    ]
    mixed = "\n".join([*games[:2], INVALID, *games[2:4]])
    (root / "mixed.ggn").write_text(mixed)
    (root / "empty.ggn").write_text("")
    (root / "corpus").mkdir()
    (root / "corpus" / "a.ggn").write_text(mixed)
    (root / "corpus" / "b.ggn").write_text("")
    (root / "corpus" / "c.ggn").write_text("\n".join(games[4:]))
    (root / "big.ggn").write_text("\n".join([games[0], INVALID, *games * 100]))
    return root


STOPS = {
    "then-an-empty-file": (
        ["mixed.ggn", "empty.ggn"],
        "3 games in 1 file: 2 valid, 1 invalid; 1 file not read",
    ),
    "a-folder": (["corpus"], "3 games in 1 file: 2 valid, 1 invalid; 2 files not read"),
    "a-large-file": (
        ["big.ggn", "empty.ggn"],
        "2 games in 1 file: 1 valid, 1 invalid; 1 file not read",
    ),
}
"""Where ``validate --strict`` stops, and its summary line."""


@pytest.mark.parametrize(
    ("paths", "summary", "output"),
    [
        pytest.param(
            *STOPS[case],
            output,
            id=f"{case}-{form}",
            # The JSON report's bytes after an empty file, and in a folder: the heavy
            # profile's; by default its large file, and test_dask.py's
            # test_strict_counts_the_bytes_read_as_one_process (-j 2 too).
            marks=[pytest.mark.slow] if output and case != "a-large-file" else [],
        )
        for case in STOPS
        for form, output in (("text", []), ("json", ["--json"]))
    ],
)
def test_validate_strict_jobs_2_stops_where_jobs_1_stops(
    stops: Path, paths: list[str], summary: str, output: list[str]
) -> None:
    """``validate --strict`` stops after the first invalid game whatever the jobs: what the
    workers were given past it (the rest of the file, an empty file after it) is neither
    reported nor counted, in the summary line or in the JSON report's bytes and empty."""
    first = stops / "corpus" / "a.ggn" if paths == ["corpus"] else stops / paths[0]
    at = [str(stops / path) for path in paths]
    one = gargon("validate", "--strict", *output, *at, "--jobs", "1")
    two = gargon("validate", "--strict", *output, *at, "--jobs", "2")
    assert outcome(two) == outcome(one)
    assert (one.exit_code, one.stderr) == (1, "")
    if output:
        counted = json.loads(one.stdout)["summary"]
        games, _, _ = summary.partition(" games")
        assert (counted["games"], counted["invalid"], counted["empty"]) == (int(games), 1, [])
        assert (counted["files"], counted["unread"]) == (1, int(summary.split("; ")[1][0]))
        assert 0 < counted["bytes"] < first.stat().st_size  # up to the invalid game
    else:
        assert one.stdout.count("INVALID ") == 1
        assert "EMPTY" not in one.stdout
        assert one.stdout.splitlines()[-1] == (
            summary + " (--strict stopped at the first invalid game)"
        )


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_progress_bar_on_a_terminal_leaves_stdout_as_it_is(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With standard error on a terminal, ``gargon stats`` draws its bar there (every job is
    big here) and erases it; standard output, a pipe, gets exactly what it gets without."""
    script = (
        "import sys; import gargon_notation.cli.progress as p; p.PROGRESS_BYTES = 0; "
        "from gargon_notation.cli import run; sys.argv[0] = 'gargon'; run()"
    )
    command = [sys.executable, "-c", script, "stats", str(archive / "one.ggn")]
    main, child = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm-256color"}
    try:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=child, env=env)
        os.close(child)
        stdout, _ = process.communicate(timeout=60)
        shown = read_until(main, b"\xff", seconds=0.3)
    finally:
        os.close(main)
    assert process.returncode == 1
    assert b"stats" in shown and b"\x1b[?25l" in shown  # the bar, the cursor hidden meanwhile
    assert b"not-your-turn" in shown
    monkeypatch.setattr(cli_common, "out", SafeConsole(highlight=False, soft_wrap=True, width=100))
    plain = gargon("stats", archive / "one.ggn")
    assert stdout.decode("utf-8") == plain.stdout
    assert "\x1b" not in plain.stderr


READ_AHEAD = "gargon_notation.cli.parallel.file_games"
"""How reading ahead opens an input (spied on)."""


def small_files(folder: Path, count: int) -> list[Path]:
    """``count`` files of one simulated game each (of 3, 4 and 5 players in turn)."""
    folder.mkdir()
    paths = []
    for k in range(count):
        path = folder / f"f{k}.ggn"
        path.write_text(write_game(record_from_simulation(simulate(3 + k % 3, f"ahead.{k}"))))
        paths.append(path)
    return paths


def as_json_lines(games: Games) -> Callable[[int, GameRecord], str]:
    """The work of writing a game as JSON Lines (picklable, for the workers)."""
    return partial(dumped, format="jsonl", events=False)


def read_game(path: Path) -> GameRecord:
    (record,) = files.load(path, strict=True)
    return record


def test_ahead_reads_the_next_inputs_before_the_first_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With several inputs the workers get the games of the next ones while the verb is
    still on the first (one file of one game does not stall them); every input still gets
    exactly its own results, the same as without reading ahead."""
    paths = small_files(tmp_path / "many", 6)
    inputs = inputs_of([str(path) for path in paths])
    opened: list[str] = []
    seen = file_games

    def spied(source: files.Input) -> Games:
        opened.append(source.name)
        return seen(source)

    monkeypatch.setattr(READ_AHEAD, spied)
    monkeypatch.setattr(parallel, "BATCH_GAMES", 1)
    taken: list[list[str]] = []
    with Workers(2) as workers, Ahead(workers, inputs, as_json_lines) as ahead:
        for source in inputs:
            with games_of(source) as games:
                texts = [text for _, text in ahead.each_game(games)]
                if not taken:
                    read_when_first_was_done = len(opened)
                taken.append(texts)
    expected = [[dumped(1, record, "jsonl", False)] for record in map(read_game, paths)]
    assert taken == expected
    assert read_when_first_was_done == 6
    assert opened == [str(path) for path in paths]


def test_ahead_drops_what_an_input_left_early_and_fails_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An input the verb leaves (or never opens) has its results dropped, the next input
    gets its own; an input that could not be read ahead fails at its turn, as it would
    without reading ahead: its message, exit 2."""
    paths = small_files(tmp_path / "many", 4)
    inputs = inputs_of([str(path) for path in paths])
    seen = file_games

    def failing(source: files.Input) -> Games:
        if source.name.endswith("f3.ggn"):
            raise files.FileError(source.name, "permission denied")
        return seen(source)

    monkeypatch.setattr(READ_AHEAD, failing)
    with Workers(2) as workers, Ahead(workers, inputs, as_json_lines) as ahead:
        with games_of(inputs[0]) as games:
            next(ahead.each_game(games))  # left after one game
        with games_of(inputs[2]) as games:  # the second input not even opened
            texts = [text for _, text in ahead.each_game(games)]
        with games_of(inputs[3]) as games, pytest.raises(Exit) as ended:
            list(ahead.each_game(games))
    assert texts == [dumped(1, read_game(paths[2]), "jsonl", False)]
    assert ended.value.code == 2


def test_ahead_does_not_read_a_file_named_twice_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file named twice is read at each of its turns (``fmt --in-place`` may have
    rewritten it in between), and so is standard input: nothing is read ahead then."""
    paths = small_files(tmp_path / "many", 2)
    opened: list[str] = []
    monkeypatch.setattr(READ_AHEAD, lambda source: opened.append(source.name))
    for names in ([paths[0], paths[1], paths[0]], [paths[0], "-"]):
        inputs = inputs_of([str(name) for name in names])
        with (
            Workers(2) as workers,
            Ahead(workers, inputs, as_json_lines) as ahead,
            games_of(inputs[0]) as games,
        ):
            assert len(list(ahead.each_game(games))) == 1
    assert opened == []


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _write_big(folder: Path) -> None:
    """``big.ggn``, 1,500 games, in ``folder``."""
    game = (Path(__file__).resolve().parent.parent / "examples" / "full-game.ggn").read_text()
    (folder / "big.ggn").write_text("\n".join([game] * 1500))


def _started(folder: Path, arguments: list[str]) -> subprocess.Popen[str]:
    """``gargon ARGUMENTS --jobs 2`` started in ``folder``, in a session of its own, with
    Ctrl-C as on a terminal (the tests may run in the background, where the shell ignores
    it, and Python keeps it ignored)."""
    return subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", *arguments, "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=folder,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # see _ended
        start_new_session=True,
        preexec_fn=partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )


def _ended(process: subprocess.Popen[str], timeout: float = 30) -> str:
    """What ``process`` wrote on standard error once it ended.  Should it hang, every
    process of its session is sent SIGABRT, on which Python (``PYTHONFAULTHANDLER``) writes
    where each of its threads stood: the test fails with those tracebacks."""
    try:
        return process.communicate(timeout=timeout)[1]
    except subprocess.TimeoutExpired:
        for pid in [process.pid, *_children(process.pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGABRT)
        time.sleep(1)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError(f"hung for {timeout} s:\n{process.communicate()[1]}") from None


def _workers_of(process: subprocess.Popen[str], count: int = 2) -> list[int]:
    """The process's children, once ``count`` of them have started (or it has ended): /proc
    looked at every 10 ms, not over and over (which took a core from the command starting)."""
    workers: list[int] = []
    while len(workers) < count and process.poll() is None:
        workers = _children(process.pid)
        if len(workers) < count:
            time.sleep(0.01)
    return workers


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "arguments",
    [
        ["validate", "big.ggn"],
        pytest.param(["fmt", "--check", "big.ggn"], marks=pytest.mark.slow),
        ["convert", "big.ggn", "--to", "parquet", "-o", "tables"],
        pytest.param(JSONL, marks=SLOW),
    ],
    ids=["validate", "fmt", "parquet", "jsonl"],
)
def test_a_worker_killed_ends_the_command_with_a_message(
    arguments: list[str], tmp_path: Path
) -> None:
    """The out-of-memory killer takes a worker: one line and exit 2, no traceback, nothing
    half written, no worker left (the command printed a traceback, and a conversion, whose
    workers ignore SIGTERM, hung)."""
    if arguments[-2:] == ["-o", "tables"]:
        pytest.importorskip("pyarrow")
    _write_big(tmp_path)
    process = _started(tmp_path, arguments)
    try:
        os.kill(_workers_of(process)[0], signal.SIGKILL)
        errors = _ended(process)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert (process.returncode, errors) == (
        2,
        "gargon: a worker process was killed (SIGKILL: the system may have run out of memory; "
        "try fewer --jobs)\n",
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["big.ggn"]
    assert not _children(process.pid)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("arguments", "gap"),
    [
        pytest.param(["validate", "big.ggn"], 0.0, id="validate-0.0"),
        pytest.param(["validate", "big.ggn"], 0.05, id="validate-0.05", marks=SLOW),
        pytest.param(JSONL, 0.0, id="jsonl-0.0", marks=SLOW),
        pytest.param(JSONL, 0.05, id="jsonl-0.05"),
    ],
)
def test_ctrl_c_twice_ends_the_command_and_its_workers(
    arguments: list[str], gap: float, tmp_path: Path
) -> None:
    """Ctrl-C pressed twice (the terminal sends each to every process of the command): the
    second used to come while Python waited at exit for the pool to wind down, and the
    command and its workers waited for ever, after a traceback."""
    _write_big(tmp_path)
    process = _started(tmp_path, arguments)
    try:
        _workers_of(process)
        time.sleep(0.1)  # the work under way
        os.killpg(process.pid, signal.SIGINT)
        time.sleep(gap)
        os.killpg(process.pid, signal.SIGINT)
        errors = _ended(process)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    # 130, or ended by the second SIGINT itself (a shell shows 130 too).
    assert (process.returncode in (130, -signal.SIGINT), errors) == (True, "")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["big.ggn"]
    assert not _children(process.pid)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_sigterm_as_the_first_worker_starts_ends_the_command(tmp_path: Path) -> None:
    """SIGTERM to the main process as its first worker is forked: exit 143 and no output
    file.  It came in the middle of the fork, where Python runs hooks that swallowed the
    exit: the command went on and wrote its file (exit 0), or hung (found by a review)."""
    _write_big(tmp_path)
    for _ in range(4):
        process = _started(tmp_path, ["convert", "big.ggn", "--to", "jsonl", "-o", "big.jsonl"])
        try:
            _workers_of(process, 1)
            process.terminate()
            errors = _ended(process)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        assert (process.returncode, errors) == (143, "")
        assert sorted(path.name for path in tmp_path.iterdir()) == ["big.ggn"]


def test_dedupe_jobs_2_on_inputs_without_a_game_ends_at_once(tmp_path: Path) -> None:
    """No Ctrl-C needed: an error before the first batch (the only input holds no game) drops
    the work with no worker started, and 7b1b6e2 waited for their ends for ever (kill_workers
    waited on no sentinel); now exit 1 naming the input (found by a review)."""
    (tmp_path / "empty.ggn").write_text("; no game here\n")
    process = _started(tmp_path, ["dedupe", "--report", "empty.ggn"])
    stderr = _ended(process)
    assert process.returncode == 1
    assert stderr.endswith("gargon: empty.ggn: no game found\n")
