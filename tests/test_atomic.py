"""Atomic writes: ``atomic_write`` and ``--in-place`` never leave a truncated or mixed file.

``atomic_write(path, text)`` writes a temporary file ``.NAME.<random>.tmp`` in the same
directory, flushes and fsyncs it, gives it the original's permission bits and renames it over
the original.  So:

- on success only the new file is left, with the old permission bits (a new file: 0o666 less
  the umask);
- on an exception while writing, the original is untouched and the temporary file removed;
- when the process is killed (SIGKILL: no clean-up runs) before the rename, the original is
  intact byte for byte; where the system cannot keep the new content in an unnamed file
  (``O_TMPFILE``), the only leftover is the hidden temporary file ``.NAME.*.tmp`` beside it,
  which a later run does not read (``gargon validate DIR`` looks for ``*.ggn``); SIGTERM,
  SIGHUP and Ctrl-C leave nothing.

The kill tests run a child process that patches ``os.fsync`` (or the file's ``write``) to touch
a marker file and sleep; the parent waits for the marker and kills the child.
"""

from __future__ import annotations

import errno
import os
import re
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import pytest
from in_process import CliRunner
from permissions import as_someone_else, without_folder_rights

from gargon_notation import atomic, files
from gargon_notation.bots import simulate
from gargon_notation.cli import app, edit, parallel
from gargon_notation.cli.inputs import Games
from gargon_notation.files import atomic_write
from gargon_notation.notation import write_game
from gargon_notation.records import record_from_simulation

ORIGINAL = "".join(  # 2000 games, each another (stats would name the same game again)
    f'[Players "Ann" "Bob" "Cy{n}"]\n1. Ann R1, Bob pass 1, Cy{n} pass 2\n*\n' for n in range(2000)
)
LEFTOVER = re.compile(r"\.records\.ggn\.[^/]+\.tmp")


def names(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.iterdir())


@pytest.fixture
def target(tmp_path: Path) -> Path:
    path = tmp_path / "records.ggn"
    path.write_text(ORIGINAL, encoding="utf-8")
    return path


# -- in process ---------------------------------------------------------------------------


def test_success_replaces_the_file_and_leaves_no_temporary(target: Path) -> None:
    atomic_write(target, "new text ü\n")
    assert target.read_bytes() == "new text ü\n".encode()
    assert names(target.parent) == ["records.ggn"]


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o755, 0o604])
def test_the_permission_bits_are_kept(target: Path, mode: int) -> None:
    target.chmod(mode)
    atomic_write(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == mode
    assert target.read_text(encoding="utf-8") == "new\n"


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o077])
def test_a_new_file_gets_the_umask_bits(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "new.ggn"
    previous = os.umask(umask)
    try:
        atomic_write(path, "new\n")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    assert names(tmp_path) == ["new.ggn"]


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_an_exception_while_writing_keeps_the_original(
    target: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException
) -> None:
    def fail(_fd: int) -> None:
        raise failure

    monkeypatch.setattr(files.os, "fsync", fail)
    with pytest.raises(type(failure)):
        atomic_write(target, "half\n" * 100_000)
    assert target.read_text(encoding="utf-8") == ORIGINAL
    assert names(target.parent) == ["records.ggn"]


def test_an_exception_in_the_rename_keeps_the_original(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(_source: object, _destination: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "replace", fail)
    with pytest.raises(PermissionError):
        atomic_write(target, "new\n")
    assert target.read_text(encoding="utf-8") == ORIGINAL
    assert names(target.parent) == ["records.ggn"]


def test_in_place_failure_is_a_usage_error(target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = write_game(record_from_simulation(simulate(3, "atomic")))
    target.write_text(text.replace("\n1.", "\n\n1."), encoding="utf-8")
    before = target.read_bytes()

    def fail(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", fail)
    result = CliRunner().invoke(app, ["fmt", "--in-place", str(target)])
    assert result.exit_code == 2
    assert result.output == f"gargon: {target}: no space left on device\n"
    assert target.read_bytes() == before
    assert names(target.parent) == ["records.ggn"]


def test_in_place_success(target: Path) -> None:
    text = write_game(record_from_simulation(simulate(3, "atomic")))
    target.write_text(text.replace("\n1.", "\n\n1."), encoding="utf-8")
    target.chmod(0o640)
    result = CliRunner().invoke(app, ["fmt", "--in-place", str(target)])
    assert result.exit_code == 0
    assert target.read_text(encoding="utf-8") == text
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert names(target.parent) == ["records.ggn"]


# -- killed in the middle -----------------------------------------------------------------

PAUSE = textwrap.dedent(
    """
    import os, signal, sys, time
    from pathlib import Path

    # Ctrl-C as in a terminal, even when the tests run in the background (SIGINT ignored).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    marker = Path(sys.argv[1])
    where = sys.argv[2]

    def pause(*args, **kwargs):
        marker.write_text("paused")
        time.sleep(60)

    if where == "fsync":
        os.fsync = pause
    else:
        # The file object's write: half of the text is written and flushed, then the pause.
        real_fdopen = os.fdopen

        def fdopen(fd, *args, **kwargs):
            handle = real_fdopen(fd, *args, **kwargs)
            real_write = handle.write

            class Half:
                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    return handle.__exit__(*exc)

                def write(self, data):
                    real_write(data[: len(data) // 2])
                    handle.flush()
                    pause()

                def __getattr__(self, name):
                    return getattr(handle, name)

            return Half()

        os.fdopen = fdopen
    """
)
ATOMIC_CHILD = PAUSE + textwrap.dedent(
    """
    from gargon_notation.files import atomic_write
    atomic_write(Path(sys.argv[3]), "new record text\\n" * 500_000)
    """
)
FMT_CHILD = PAUSE + textwrap.dedent(
    """
    from gargon_notation.cli import run
    sys.argv = ["gargon", "fmt", "--in-place", sys.argv[3]]
    run()
    """
)


def kill_when_paused(
    script: str, where: str, path: Path, how: signal.Signals = signal.SIGKILL
) -> None:
    marker = path.parent.parent / f"marker-{where}"
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(marker), where, str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            if child.poll() is not None:
                pytest.fail(f"the child ended before pausing: {child.stderr.read()!r}")  # type: ignore[union-attr]
            if time.monotonic() > deadline:
                pytest.fail("the child never paused")
            time.sleep(0.01)
    finally:
        child.send_signal(how)
        child.wait(timeout=30)
        assert child.stderr is not None
        child.stderr.close()
    assert child.returncode in (-how, 128 + how)


@pytest.mark.parametrize("where", ["fsync", "write"])
def test_atomic_write_killed_leaves_the_original_intact(tmp_path: Path, where: str) -> None:
    directory = tmp_path / "records"
    directory.mkdir()
    path = directory / "records.ggn"
    path.write_text(ORIGINAL, encoding="utf-8")
    path.chmod(0o640)
    kill_when_paused(ATOMIC_CHILD, where, path)
    assert path.read_text(encoding="utf-8") == ORIGINAL
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    leftovers = [name for name in names(directory) if name != "records.ggn"]
    assert len(leftovers) <= 1  # none where the new content was kept in an unnamed file
    for leftover in leftovers:
        assert LEFTOVER.fullmatch(leftover)
        written = (directory / leftover).read_bytes()
        new = b"new record text\n" * 500_000
        assert written == (new if where == "fsync" else new[: len(new) // 2])


@pytest.mark.parametrize(
    "how", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow), signal.SIGINT]
)
def test_a_process_stopped_by_a_signal_leaves_nothing_behind(
    tmp_path: Path, how: signal.Signals
) -> None:
    directory = tmp_path / "records"
    directory.mkdir()
    path = directory / "records.ggn"
    path.write_text(ORIGINAL, encoding="utf-8")
    kill_when_paused(ATOMIC_CHILD, "write", path, how)
    assert path.read_text(encoding="utf-8") == ORIGINAL
    assert names(directory) == ["records.ggn"]


@pytest.fixture(scope="module")
def twelve_games() -> bytes:
    """12 simulated games (some 17 kB), not in the canonical layout (a blank line before
    each first round): the rewrite is killed halfway through writing them, or before
    it is synced."""
    games = [write_game(record_from_simulation(simulate(4, f"kill-{k}"))) for k in range(12)]
    return "\n\n".join(game.replace("\n1.", "\n\n1.") for game in games).encode()


@pytest.mark.parametrize("where", ["fsync", "write"])
def test_fmt_in_place_killed_leaves_the_original_intact(
    tmp_path: Path, where: str, twelve_games: bytes
) -> None:
    directory = tmp_path / "records"
    directory.mkdir()
    path = directory / "records.ggn"
    original = twelve_games
    path.write_bytes(original)
    kill_when_paused(FMT_CHILD, where, path)
    assert path.read_bytes() == original
    leftovers = [name for name in names(directory) if name != "records.ggn"]
    assert len(leftovers) <= 1
    assert all(LEFTOVER.fullmatch(leftover) for leftover in leftovers)
    result = CliRunner().invoke(app, ["validate", "--quiet", str(directory)])
    assert result.exit_code == 0
    assert result.output == "12 games in 1 file: 12 valid, 0 invalid\n"


# -- what cannot be rewritten, and what is written through -------------------------------


def fmt_in_place(path: Path, verb: str = "fmt") -> tuple[int, str]:
    result = CliRunner().invoke(app, [verb, "--in-place", str(path)])
    return result.exit_code, result.output


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
@pytest.mark.parametrize("mode", [0o444, 0o400, 0o000])
def test_a_read_only_file_is_refused_untouched(target: Path, mode: int, verb: str) -> None:
    target.chmod(mode)
    try:
        code, output = fmt_in_place(target, verb)
        assert code == 2
        assert output == (
            f"gargon: {target}: the file is read-only: not rewritten (make it writable, or "
            f"write the result elsewhere: the same gargon {verb} without -i writes it to "
            "standard output (> OTHER))\n"
        )
        assert stat.S_IMODE(target.stat().st_mode) == mode
    finally:
        target.chmod(0o644)
    assert target.read_text(encoding="utf-8") == ORIGINAL
    assert names(target.parent) == ["records.ggn"]


def test_a_read_only_output_of_o_is_refused_suggesting_another_o(target: Path) -> None:
    output = target.parent / "out.json"
    output.write_text("old\n", encoding="utf-8")
    output.chmod(0o444)
    try:
        result = CliRunner().invoke(
            app, ["convert", str(target), "--to", "json", "-o", str(output)]
        )
        assert result.exit_code == 2
        assert result.output == (
            f"gargon: {output}: the file is read-only: not rewritten (make it writable, or "
            "write the result elsewhere with -o)\n"
        )
    finally:
        output.chmod(0o644)
    assert output.read_text(encoding="utf-8") == "old\n"


def test_an_output_named_as_a_folder_is_refused(target: Path) -> None:
    """'-o out/' was written as the file 'out' (the slash dropped with the path made real),
    and '-o records.ggn/' replaced the file records.ggn."""
    for given in (target.parent / "out", target):
        result = CliRunner().invoke(app, ["cat", str(target), "-o", f"{given}/"])
        assert (result.exit_code, result.output) == (
            2,
            f"gargon: {given}/: ends with a slash, as a folder's name, where a file is to be "
            "written: give a file's name\n",
        )
    assert names(target.parent) == ["records.ggn"]
    assert target.read_text(encoding="utf-8") == ORIGINAL


def test_an_output_through_a_link_names_the_folder_missing_where_it_leads(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder missing, or the file in its way, is where the link leads: it was said to
    be the link's own folder ('no such folder .', though it holds the link)."""
    monkeypatch.chdir(target.parent)
    nowhere = target.parent / "nowhere"
    (target.parent / "sub").mkdir()
    (target.parent / "sub" / "a.ggn").symlink_to(nowhere / "a.ggn")
    (target.parent / "sub" / "b.ggn").symlink_to(target / "b.ggn")
    expected = {
        "a.ggn": f"no such folder {nowhere}: make it first, or write the result elsewhere with -o",
        "b.ggn": f"{target} is a file, not a folder: write the result elsewhere with -o",
    }
    for link, message in expected.items():
        result = CliRunner().invoke(app, ["cat", str(target), "-o", f"sub/{link}"])
        assert (result.exit_code, result.output) == (2, f"gargon: sub/{link}: {message}\n")


def test_set_id_bits_are_not_kept(target: Path) -> None:
    target.chmod(0o6755)
    atomic_write(target, "new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o755


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
def test_a_file_with_hard_links_is_refused(target: Path, verb: str) -> None:
    other = target.parent / "other-name.ggn"
    os.link(target, other)
    code, output = fmt_in_place(target, verb)
    assert code == 2
    assert output == (
        f"gargon: {target}: the file has 2 hard links: not rewritten, since replacing it would "
        f"split them (write the result elsewhere: the same gargon {verb} without -i writes it "
        "to standard output (> OTHER))\n"
    )
    assert target.read_text(encoding="utf-8") == other.read_text(encoding="utf-8") == ORIGINAL
    assert os.path.samefile(target, other)


def no_temporary(*_arguments: object, **_options: object) -> NoReturn:
    """What making a temporary in a folder this user may not write gives."""
    raise PermissionError(13, "Permission denied")


@pytest.mark.parametrize(
    ("verb", "elsewhere"),
    [
        (
            "fmt",
            "write the result elsewhere: the same gargon fmt without -i writes it to standard "
            "output (> OTHER)",
        ),
        (
            "annotate",
            "write the result elsewhere: the same gargon annotate without -i writes it to "
            "standard output (> OTHER)",
        ),
    ],
)
def test_a_folder_that_cannot_be_written_is_said(
    target: Path, monkeypatch: pytest.MonkeyPatch, verb: str, elsewhere: str
) -> None:
    """A writable file in a read-only folder: the new file is made in the folder first."""
    monkeypatch.setattr(atomic, "_temporary", no_temporary)
    code, output = fmt_in_place(target, verb)
    assert code == 2
    assert output == (
        f"gargon: {target}: cannot write in folder {target.parent} (permission denied), where "
        f"the new file is made first: make the folder writable, or {elsewhere}\n"
    )
    assert target.read_text(encoding="utf-8") == ORIGINAL


@pytest.mark.parametrize(
    ("arguments", "elsewhere"),
    [
        (["convert", "--to", "json", "-o"], "write the result elsewhere with -o"),
        (["stats", "--html"], "write the page elsewhere with --html"),
    ],
)
def test_an_output_in_a_folder_that_cannot_be_written_is_said(
    target: Path, monkeypatch: pytest.MonkeyPatch, arguments: list[str], elsewhere: str
) -> None:
    monkeypatch.setattr(atomic, "_temporary", no_temporary)
    output = target.parent / "out.new"
    result = CliRunner().invoke(app, [*arguments, str(output), str(target)])
    assert result.exit_code == 2
    assert result.output == (
        f"gargon: {output}: cannot write in folder {target.parent} (permission denied), where "
        f"the new file is made first: make the folder writable, or {elsewhere}\n"
    )
    assert names(target.parent) == ["records.ggn"]


def test_a_folder_that_cannot_be_made_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic.os, "makedirs", no_temporary)
    with pytest.raises(files.NotWritable) as refused:
        files.make_folders(tmp_path / "new" / "deeper")
    assert refused.value.strerror == (
        f"cannot make this folder in {tmp_path} (permission denied): make that folder "
        "writable, or write the result elsewhere with -o"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_read_only_folder_is_said_by_fmt_and_split(tmp_path: Path) -> None:
    """The real thing: a writable file in a folder of mode 555."""
    folder = tmp_path / "rod"
    folder.mkdir()
    record = folder / "x.ggn"
    record.write_text(ORIGINAL.replace("\n", "\r\n"), encoding="utf-8")
    folder.chmod(0o555)
    command = [*without_folder_rights(), sys.executable, "-m", "gargon_notation"]
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    try:
        fmt = subprocess.run(
            [*command, "fmt", "-i", "rod/x.ggn"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env=environment,
            timeout=60,
        )
        split = subprocess.run(
            [*command, "split", "rod/x.ggn", "--games", "1000", "-o", "rod/parts"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            env=environment,
            timeout=60,
        )
    finally:
        folder.chmod(0o755)
    assert (fmt.returncode, fmt.stderr) == (
        2,
        "gargon: rod/x.ggn: cannot write in folder rod (permission denied), where the new file "
        "is made first: make the folder writable, or write the result elsewhere: the same "
        "gargon fmt without -i writes it to standard output (> OTHER)\n",
    )
    assert (split.returncode, split.stderr) == (
        2,
        "gargon: rod/parts: cannot make this folder in rod (permission denied): make that "
        "folder writable, or write the result elsewhere with -o\n",
    )
    assert names(folder) == ["x.ggn"]


@pytest.mark.parametrize("length", [244, 250, 255])
def test_a_long_file_name_is_rewritten(tmp_path: Path, length: int) -> None:
    path = tmp_path / ("g" * (length - 4) + ".ggn")
    text = write_game(record_from_simulation(simulate(3, "long")))
    path.write_text(text.replace("\n1.", "\n\n1."), encoding="utf-8")
    code, output = fmt_in_place(path)
    assert (code, output) == (0, "")
    assert path.read_text(encoding="utf-8") == text
    assert names(tmp_path) == [path.name]


def test_a_long_name_of_many_byte_characters_is_cut_between_characters(tmp_path: Path) -> None:
    path = tmp_path / ("é" * 122 + ".ggn")  # 248 bytes
    atomic_write(path, "*\n")
    assert path.read_text(encoding="utf-8") == "*\n"


def test_output_to_a_device_writes_to_it(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "-o", "/dev/null"])
    assert result.exit_code == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_output_to_a_fifo_writes_into_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    result = CliRunner().invoke(app, ["simulate", "--seed", "fifo", "-o", str(fifo)])
    out, _ = reader.communicate(timeout=30)
    assert result.exit_code == 0
    assert out.startswith(b'[Notation "1"]')
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_in_place_on_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, output = fmt_in_place(fifo)
    assert code == 2
    assert output == f"gargon: {fifo}: not a regular file or directory\n"
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_in_place_through_a_symlink_keeps_the_link(target: Path) -> None:
    link = target.parent / "link.ggn"
    link.symlink_to(target.name)
    text = write_game(record_from_simulation(simulate(3, "link")))
    target.write_text(text.replace("\n1.", "\n\n1."), encoding="utf-8")
    code, _ = fmt_in_place(link)
    assert code == 0
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == text


def test_files_written_together_replace_theirs_only_at_the_end(tmp_path: Path) -> None:
    """``atomic_files``: each file is closed once finished (the open files do not add up),
    none replaces its target before the block ends, and then all do, keeping each old
    file's permission bits; a new file gets the umask's."""
    from gargon_notation.files import atomic_files

    old = tmp_path / "old.bin"
    old.write_bytes(b"old")
    old.chmod(0o640)
    before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    with atomic_files() as new:
        for name in [old.name, *(f"new-{n}.bin" for n in range(50))]:
            stream = new.open(tmp_path / name)
            stream.write(name.encode())
            new.finish(stream)
            assert stream.closed
        if before is not None:
            assert len(os.listdir("/proc/self/fd")) == before
        assert old.read_bytes() == b"old"
        assert not (tmp_path / "new-0.bin").exists()
    assert old.read_bytes() == b"old.bin"
    assert stat.S_IMODE(old.stat().st_mode) == 0o640
    visible = sorted(path.name for path in tmp_path.iterdir())
    assert visible == sorted([old.name, *(f"new-{n}.bin" for n in range(50))])


def test_files_written_together_are_all_dropped_on_an_error(tmp_path: Path) -> None:
    """An error in the block (one file finished, one still open) replaces nothing and
    leaves no temporary behind; a read-only target is refused as ``atomic_writer``
    refuses it."""
    from gargon_notation.files import atomic_files

    kept = tmp_path / "kept.bin"
    kept.write_bytes(b"kept")
    with pytest.raises(RuntimeError), atomic_files() as new:
        stream = new.open(kept)
        stream.write(b"new")
        new.finish(stream)
        new.open(tmp_path / "other.bin").write(b"half")
        raise RuntimeError("stop")
    assert [path.name for path in tmp_path.iterdir()] == ["kept.bin"]
    assert kept.read_bytes() == b"kept"
    kept.chmod(0o444)
    with pytest.raises(files.NotWritable), atomic_files() as new:
        new.open(kept)
    assert [path.name for path in tmp_path.iterdir()] == ["kept.bin"]


EROFS_SAID = "the file system is read-only (mounted so): nothing was written there"


def test_a_read_only_file_system_is_said_to_be_naming_the_path_given() -> None:
    """The one message of a read-only mount, from a synthetic EROFS (a real mount needs
    root): not the file's doing, and named as the user gave it."""
    import errno

    error = OSError(errno.EROFS, "Read-only file system", "/mnt/ro/t/games/part-00000.parquet")
    said = files.FileError.from_os_error("/mnt/ro/t", error)
    assert (str(said), said.errno) == (f"/mnt/ro/t: {EROFS_SAID}", errno.EROFS)


def test_a_file_on_a_read_only_mount_is_not_blamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writable file (rw-r--r--) on a file system mounted read-only was refused as 'the
    file is read-only ... make it writable' (found by a researcher's trial): an EROFS
    now, left as it was; a file without write bits on a writable mount is still blamed."""
    import errno

    path = tmp_path / "games.ggn"
    path.write_text("*\n")

    class ReadOnly:
        f_flag = getattr(os, "ST_RDONLY", 1)

    monkeypatch.setattr(os, "access", lambda *arguments, **options: False)
    monkeypatch.setattr(os, "statvfs", lambda _: ReadOnly())
    with pytest.raises(OSError) as refused:
        atomic_write(path, "new\n")
    assert type(refused.value) is OSError
    assert (refused.value.errno, refused.value.filename) == (errno.EROFS, str(path))
    assert str(files.FileError.from_os_error(str(path), refused.value)) == f"{path}: {EROFS_SAID}"
    monkeypatch.undo()
    path.chmod(0o444)
    with pytest.raises(atomic.NotWritable, match="the file is read-only: not rewritten"):
        atomic_write(path, "new\n")
    assert path.read_text() == "*\n"


# -- leftovers of killed processes, and the unnamed file's name ------------------------------

GONE = 999_999_999  # above any system's highest process number: never running


def leftover(directory: Path, name: str, space: str, pid: int) -> Path:
    path = directory / f".{name}.{space}.{pid}-0badcafe.tmp"
    path.write_bytes(b"half of an old rewrite")
    return path


@pytest.mark.parametrize("verb", ["fmt", pytest.param("annotate", marks=pytest.mark.slow)])
def test_an_in_place_rewrite_removes_what_killed_rewrites_left(
    target: Path, verb: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SIGKILL where the new text could not be kept in an unnamed file leaves the hidden
    temporary; the next rewrite in that folder removes it, as it removes any of this
    machine's whose process has ended, and keeps those of running processes, of other
    machines, and every file not named as this module names them."""
    monkeypatch.setattr(atomic, "_TIDIED", set())
    here = atomic.process_space()
    there = "0" * 12 if here != "0" * 12 else "1" * 12
    directory = target.parent
    abandoned = [
        leftover(directory, "records.ggn", here, GONE),
        leftover(directory, "other.ggn", here, GONE),
    ]
    kept = [
        leftover(directory, "records.ggn", here, os.getpid()),
        leftover(directory, "records.ggn", there, GONE),
        directory / ".records.ggn.tmp",
    ]
    kept[-1].write_bytes(b"a file of the user's")
    code, _ = fmt_in_place(target, verb)
    assert code == 0
    assert not any(path.exists() for path in abandoned)
    assert names(directory) == sorted([target.name, *(path.name for path in kept)])


def test_the_folder_is_tidied_once_a_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "_TIDIED", set())
    calls: list[Path] = []
    monkeypatch.setattr(atomic, "remove_abandoned", lambda folder, _: calls.append(folder))
    for name in ("a.ggn", "b.ggn", "a.ggn"):
        atomic_write(tmp_path / name, "*\n")
    with atomic.atomic_files() as new:
        new.finish(new.open(tmp_path / "c.ggn"))
        new.finish(new.open(tmp_path / "sub.ggn"))
    assert calls == [tmp_path]


def refused(fd: int, path: str) -> None:
    raise OSError(18, "Invalid cross-device link", path)


@pytest.mark.skipif(
    sys.platform != "linux" or not hasattr(os, "O_TMPFILE"), reason="Linux's unnamed files"
)
def test_an_unnamed_file_is_named_by_linkat_where_proc_cannot_and_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the link of /proc/self/fd cannot be followed (EXDEV in some sandboxes), the
    unnamed file is named by linkat(AT_EMPTY_PATH); the way is tried once, on a file of its
    own (a file named and unnamed again cannot be named twice), and serves every write."""
    fd = os.open(tmp_path, os.O_TMPFILE | os.O_WRONLY, 0o600)
    try:
        atomic._link_empty_path(fd, str(tmp_path / "probe"))
    except OSError as error:  # before Linux 6.10 only CAP_DAC_READ_SEARCH may do so
        pytest.skip(f"linkat(AT_EMPTY_PATH) refused here: {error}")
    finally:
        os.close(fd)
    (tmp_path / "probe").unlink()
    monkeypatch.setattr(atomic, "_LINKS", {})
    monkeypatch.setattr(atomic, "_link_through_proc", refused)
    made: list[str] = []
    real = atomic._name_unnamed
    monkeypatch.setattr(atomic, "_name_unnamed", lambda *args: made.append(real(*args)) or made[-1])
    path = tmp_path / "records.ggn"
    for text in ("one\n", "two\n", "three\n"):
        atomic_write(path, text)
        assert path.read_text() == text
        assert names(tmp_path) == ["records.ggn"]
    links = atomic._LINKS
    assert links == {str(tmp_path): atomic._link_empty_path}
    assert len(made) == 3  # one name for each write (the trial names a file of its own)


def test_where_no_unnamed_file_can_be_named_it_is_tried_once_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "_LINKS", {})
    tries: list[str] = []

    def counted(fd: int, path: str) -> None:
        tries.append(path)
        refused(fd, path)

    monkeypatch.setattr(atomic, "_link_through_proc", counted)
    monkeypatch.setattr(atomic, "_link_empty_path", counted)
    path = tmp_path / "records.ggn"
    for text in ("one\n", "two\n", "three\n"):
        atomic_write(path, text)
        assert path.read_text() == text
        assert names(tmp_path) == ["records.ggn"]
    has_unnamed = sys.platform == "linux" and hasattr(os, "O_TMPFILE")
    assert len(tries) == (2 if has_unnamed else 0)
    links = atomic._LINKS
    assert links == ({str(tmp_path): None} if has_unnamed else {})


# -- another program writing the file meanwhile --------------------------------------------

CLUB = (
    "; Club archive 2019 {keeper: Ann}\n"
    '[Event "Club night"]\n'
    '[Table "B3"] {table comment}\n'
    '[Players "Adam" "Bernd" "Collette"]\n'
    "1.  Adam  y2 r9 ,Bernd pass 1  2, Collette  y1 r8 ; a note\n"
    "*\n"
)
EDITED = CLUB.replace("; a note", "; a note Ann added in her editor meanwhile")
CHANGED_SAID = (
    "another program changed this file while gargon was writing it: not written over, it "
    "is left as that program wrote it (see what it holds, then run the command again)"
)


def another_program_meanwhile(
    monkeypatch: pytest.MonkeyPatch, write: Callable[[], object]
) -> list[int]:
    """Make ``write`` run (as another program would) once gargon has written the new content
    of a file and is about to put it in place (at its first ``fsync``); the list counts the
    times it ran."""
    real_fsync = os.fsync
    ran: list[int] = []

    def fsync(fd: int) -> None:
        if not ran:
            ran.append(1)
            write()
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    return ran


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
@pytest.mark.parametrize("how", ["replaced", "edited in place"])
def test_a_file_another_program_writes_meanwhile_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: str, how: str
) -> None:
    """An editor saving the file (a new file renamed over it, or the same file rewritten)
    while ``--in-place`` rewrites it: what the editor wrote stays, and gargon says so (it
    was written over, the note Ann added lost)."""
    path = tmp_path / "club.ggn"
    path.write_text(CLUB, encoding="utf-8")

    def edit() -> None:
        if how == "replaced":
            (tmp_path / "club.ggn~").write_text(EDITED, encoding="utf-8")
            os.replace(tmp_path / "club.ggn~", path)
        else:
            with path.open("a", encoding="utf-8") as stream:
                stream.write("; Ann's note at the end\n")

    ran = another_program_meanwhile(monkeypatch, edit)
    code, output = fmt_in_place(path, verb)
    assert ran == [1]
    assert (code, output) == (2, f"gargon: {path}: {CHANGED_SAID}\n")
    expected = EDITED if how == "replaced" else CLUB + "; Ann's note at the end\n"
    assert path.read_text(encoding="utf-8") == expected
    assert names(tmp_path) == ["club.ggn"]


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
@pytest.mark.parametrize("suffix", ["json", "jsonl"])
def test_a_json_file_another_program_writes_while_its_fields_are_checked_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: str, suffix: str
) -> None:
    """A club's script saving the archive, with a field of its own (a game's rating), while
    ``--in-place`` reads it for fields it would drop (seconds for a big file): the check
    read the file before, and the rewrite, reading the script's, dropped its rating
    without a word (exit 0); now the file is refused as changed since it was read."""
    (tmp_path / "club.ggn").write_text(CLUB, encoding="utf-8")
    converted = CliRunner().invoke(app, ["convert", str(tmp_path / "club.ggn"), "--to", suffix])
    path = tmp_path / f"club.{suffix}"
    path.write_text(converted.output, encoding="utf-8")
    (tmp_path / "club.ggn").unlink()
    rated = converted.output.replace('"tags"', '"rating": 1520, "tags"', 1)
    assert rated != converted.output
    real_check = files.fields_dropped

    def check_then_save(*args: object, **options: object) -> object:
        found = real_check(*args, **options)  # type: ignore[arg-type]
        (tmp_path / "club.new").write_text(rated, encoding="utf-8")
        os.replace(tmp_path / "club.new", path)
        return found

    monkeypatch.setattr(files, "fields_dropped", check_then_save)
    code, output = fmt_in_place(path, verb)
    assert (code, output) == (2, f"gargon: {path}: {CHANGED_SAID}\n")
    assert path.read_text(encoding="utf-8") == rated
    assert names(tmp_path) == [path.name]


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
@pytest.mark.parametrize("suffix", ["ggn", "json"])
def test_an_edit_that_keeps_the_size_and_time_stamp_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: str, suffix: str
) -> None:
    """Ann's editor changes a word of the file while ``--in-place`` rewrites it, keeping
    its size, in the same step of the file system's clock (FAT counts two seconds; here
    the time stamp is put back, as ``touch -r`` does): the check of the file's status saw
    nothing, and her word was lost (exit 0); now the file's bytes are checked too."""
    path = tmp_path / "club.ggn"
    path.write_text(CLUB, encoding="utf-8")
    if suffix == "json":
        converted = CliRunner().invoke(app, ["convert", str(path), "--to", "json"])
        path.unlink()
        path = tmp_path / "club.json"
        path.write_text(converted.output + "\n", encoding="utf-8")  # a line more: not canonical
    original = path.read_text(encoding="utf-8")
    assert original.count("a note") == 1
    edited = original.replace("a note", "A NOTE")

    def edit() -> None:
        before = os.stat(path)
        path.write_text(edited, encoding="utf-8")
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        assert atomic._identity(os.stat(path)) == atomic._identity(before)

    ran = another_program_meanwhile(monkeypatch, edit)
    code, output = fmt_in_place(path, verb)
    assert ran == [1]
    assert (code, output) == (2, f"gargon: {path}: {CHANGED_SAID}\n")
    assert path.read_text(encoding="utf-8") == edited
    assert names(tmp_path) == [path.name]


WRITTEN_TO = {
    "convert -o FILE": ("club.json", ["convert", "--to", "json", "-o", "{out}/club.json"]),
    "split --games": ("games-0001.ggn", ["split", "--games", "1", "-o", "{out}"]),
    "split --by": ("Club_night.ggn", ["split", "--by", "event", "-o", "{out}"]),
    "convert --to parquet": (
        "games/part-00000.parquet",
        ["convert", "--to", "parquet", "-o", "{out}"],
    ),
}
"""The verbs that replace a file they did not read: the file an earlier run wrote there
(the one edited in the test below), and the command, writing into ``{out}``."""


@pytest.mark.parametrize("verb", list(WRITTEN_TO))
def test_a_target_edited_keeping_its_size_and_time_stamp_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: str
) -> None:
    """Ann edits a file that an earlier run wrote (a byte of it, keeping its size), in the
    same step of the file system's clock as the run that replaces it (here the time stamp
    is put back, as ``touch -r`` does): ``-o FILE`` of ``convert``, the files of ``split``
    and of ``convert --to parquet``, which replace a file they never read, compared only
    its status, saw nothing and wrote over her edit (exit 0); now the file is read as the
    new content is begun, and its bytes are compared again before it is replaced."""
    source = tmp_path / "club.ggn"
    source.write_text(CLUB, encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    name, arguments = WRITTEN_TO[verb]
    command = [arguments[0], str(source), *(part.format(out=out) for part in arguments[1:])]
    first = CliRunner().invoke(app, command)
    assert first.exit_code == 0, first.output
    path = out / name
    original = path.read_bytes()
    edited = original[:-2] + bytes([original[-2] ^ 1]) + original[-1:]

    def edit() -> None:
        before = os.stat(path)
        path.write_bytes(edited)
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        assert atomic._identity(os.stat(path)) == atomic._identity(before)

    ran = another_program_meanwhile(monkeypatch, edit)
    again = CliRunner().invoke(app, command)
    assert ran == [1]
    assert (again.exit_code, again.output) == (2, f"gargon: {path}: {CHANGED_SAID}\n")
    assert path.read_bytes() == edited
    monkeypatch.undo()
    assert CliRunner().invoke(app, command).exit_code == 0  # Ann's edit seen, run again
    assert path.read_bytes() == original


@pytest.mark.parametrize("verb", ["fmt", "annotate"])
def test_a_file_edited_after_its_games_were_read_ahead_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verb: str
) -> None:
    """``--in-place --jobs 2`` of two files reads the second's games while the first is
    rewritten; Ann's note, added to the second before its turn came, was lost (exit 0),
    whatever its size: the digest was taken at its turn, of the file with her note, and
    the new text made of the games read before.  Now the digest is of the bytes the games
    were read from."""
    first, second = tmp_path / "a.ggn", tmp_path / "b.ggn"
    first.write_text(CLUB, encoding="utf-8")
    second.write_text(CLUB, encoding="utf-8")
    noted = CLUB + "; Ann's note\n"
    real_target, real_games = edit.in_place_target, parallel.file_games
    read_ahead: list[Path | None] = []

    def reading_ahead(source: files.Input) -> Games:
        read_ahead.append(source.path)
        return real_games(source)

    def at_its_turn(games: Games, verb: str) -> Path:
        if games.source.path == second:
            assert read_ahead == [first, second]  # so the case this test is about
            second.write_text(noted, encoding="utf-8")
        return real_target(games, verb)

    monkeypatch.setattr(parallel, "file_games", reading_ahead)
    monkeypatch.setattr(edit, "in_place_target", at_its_turn)
    result = CliRunner().invoke(app, [verb, "-i", "-j", "2", str(first), str(second)])
    refused = f"gargon: {second}: {CHANGED_SAID}\n"
    if verb == "fmt":
        refused = (
            f"rewritten: {first}\n{refused}2 files: 1 rewritten, 0 already canonical; 1 could "
            "not be formatted (see above)\n"
        )
    assert (result.exit_code, result.output) == (2, refused)
    assert second.read_text(encoding="utf-8") == noted


def test_a_file_read_is_replaced_only_while_it_holds_what_was_read(tmp_path: Path) -> None:
    """``atomic_writer``'s ``read_as``, a :class:`~gargon_notation.atomic.Read`: the file
    as it was read is replaced; one that no longer holds those bytes is not, whatever its
    status says."""
    path = tmp_path / "club.ggn"
    path.write_bytes(b"ours\n")
    with path.open("rb", buffering=0) as raw:
        read = atomic.Read(os.fstat(raw.fileno()))
        read.read_rest(read.reader(raw))
    assert (read.size, read.holds(path)) == (5, True)
    before = os.stat(path)
    path.write_bytes(b"hers\n")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    with pytest.raises(atomic.Changed), atomic.atomic_writer(path, read_as=read) as stream:
        stream.write(b"new\n")
    assert path.read_bytes() == b"hers\n"
    with atomic.atomic_writer(path, read_as=atomic.Read.of_bytes(b"hers\n")) as stream:
        stream.write(b"new\n")
    assert path.read_bytes() == b"new\n"
    assert names(tmp_path) == ["club.ggn"]


def test_a_file_another_program_makes_meanwhile_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-o FILE`` of a file that did not exist, made by another program meanwhile."""
    source = tmp_path / "club.ggn"
    source.write_text(CLUB, encoding="utf-8")
    out = tmp_path / "club.json"
    ran = another_program_meanwhile(monkeypatch, lambda: out.write_text("{}\n"))
    result = CliRunner().invoke(app, ["convert", str(source), "--to", "json", "-o", str(out)])
    assert ran == [1]
    assert result.exit_code == 2
    assert result.output == (
        f"gargon: {out}: another program made this file while gargon was writing it: not "
        "written over, it is left as that program wrote it (see what it holds, then run the "
        "command again)\n"
    )
    assert out.read_text() == "{}\n"
    assert names(tmp_path) == ["club.ggn", "club.json"]


MADE_SAID = (
    "another program made this file while gargon was writing it: not written over, it is "
    "left as that program wrote it (see what it holds, then run the command again)"
)


@pytest.mark.parametrize("how", ["alone", "together"])
def test_a_file_another_program_makes_at_the_last_instant_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Another program makes the file gargon is making, in the instant between gargon's
    check that it is still missing and the system's step that gives the new file its name:
    the rename replaced what that program wrote; now the new file takes its name by a hard
    link, which the system never makes over a file.  Of files written together, those
    already made so are taken back: none of them is written."""
    out = tmp_path / "club.json"
    real_replace, real_link = os.replace, os.link
    made: list[str] = []

    def theirs(destination: object) -> None:
        if os.fspath(destination) == str(out) and not made:  # type: ignore[call-overload]
            out.write_text("theirs\n")
            made.append(str(destination))

    def replace(source: str, destination: str) -> None:
        theirs(destination)
        real_replace(source, destination)

    def link(source: str, destination: str, **options: bool) -> None:
        theirs(destination)
        real_link(source, destination, **options)

    monkeypatch.setattr(atomic.os, "replace", replace)
    monkeypatch.setattr(atomic.os, "link", link)
    with pytest.raises(atomic.Changed) as raised:
        if how == "alone":
            atomic_write(out, "ours\n")
        else:
            with atomic.atomic_files() as new:
                for path in (tmp_path / "a.ggn", out):
                    stream = new.open(path)
                    stream.write(b"ours\n")
                    new.finish(stream)
    assert made == [str(out)]
    assert str(raised.value) == f"[Errno {errno.EBUSY}] {MADE_SAID}: '{out}'"
    assert out.read_text() == "theirs\n"
    assert names(tmp_path) == ["club.json"]


def test_where_no_hard_link_can_be_made_a_new_file_is_checked_and_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system without hard links (FAT refuses them, EPERM): a new file is put in
    place as before, checked then renamed, alone or with others."""

    def link(source: str, destination: str, **options: bool) -> NoReturn:
        raise PermissionError(errno.EPERM, "Operation not permitted", source)

    monkeypatch.setattr(atomic, "_LINKS", {str(tmp_path): None})  # no unnamed file either
    monkeypatch.setattr(atomic.os, "link", link)
    atomic_write(tmp_path / "one.ggn", "one\n")
    with atomic.atomic_files() as new:
        for name in ("two.ggn", "three.ggn"):
            new.appender(tmp_path / name)(name.encode())
    assert [(tmp_path / name).read_text() for name in names(tmp_path)] == [
        "one\n",
        "three.ggn",
        "two.ggn",
    ]
    assert names(tmp_path) == ["one.ggn", "three.ggn", "two.ggn"]
    with pytest.raises(atomic.Changed), atomic.atomic_files() as new:
        new.appender(tmp_path / "four.ggn")(b"ours")
        (tmp_path / "four.ggn").write_text("theirs")
    assert (tmp_path / "four.ggn").read_text() == "theirs"


def test_files_written_together_replace_none_when_one_was_changed_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``atomic_files``: a target another program changed while the files were written
    is refused, and none of the others replaces its file either."""
    from gargon_notation.files import atomic_files

    first, second = tmp_path / "a.ggn", tmp_path / "b.ggn"
    first.write_text("old a\n")
    second.write_text("old b\n")
    with pytest.raises(atomic.Changed) as raised, atomic_files() as new:
        for path in (first, second):
            stream = new.open(path)
            stream.write(b"new\n")
            new.finish(stream)
        second.write_text("Ann's b\n")
    assert str(raised.value) == f"[Errno {raised.value.errno}] {CHANGED_SAID}: '{second}'"
    assert (first.read_text(), second.read_text()) == ("old a\n", "Ann's b\n")
    assert names(tmp_path) == ["a.ggn", "b.ggn"]


def test_the_group_is_kept_where_the_owner_cannot_be(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user rewriting another user's file (one of the club's, writable by its group) may
    not give the new file to its owner, but may give it the file's group, of which the user
    is a member: the group is kept (it was the user's own group, or the folder's)."""
    others = [gid for gid in os.getgroups() if gid != os.getegid()]
    if os.geteuid() == 0:
        others = [4242]
    if not others:
        pytest.skip("this user is a member of no second group to give the file")
    os.chown(target, -1, others[0])
    target.chmod(0o664)
    real_fchown = os.fchown

    def fchown(fd: int, uid: int, gid: int) -> None:
        if uid != -1:  # the owner is another user: only root may give a file away
            raise PermissionError(1, "Operation not permitted")
        real_fchown(fd, uid, gid)

    monkeypatch.setattr(atomic.os, "fchown", fchown)
    atomic_write(target, "new\n")
    assert (target.stat().st_gid, stat.S_IMODE(target.stat().st_mode)) == (others[0], 0o664)


def _acl(*entries: tuple[int, int, int]) -> bytes:
    """A POSIX access control list as Linux keeps it in ``system.posix_acl_access``:
    entries of (tag, permission bits, user or group number)."""
    import struct

    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *entry) for entry in entries)


def test_a_file_whose_owner_this_namespace_does_not_map_is_rewritten(
    target: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a rootless container, a file of a user the container does not map reads as owned
    by 65534, and giving a file to that number is refused with EINVAL, not EPERM: the
    rewrite failed ('invalid argument', the file as it was); now it goes on as for another
    user's file, keeping the group where it may."""
    real_fchown = os.fchown
    asked: list[tuple[int, int]] = []

    def fchown(fd: int, uid: int, gid: int) -> None:
        asked.append((uid, gid))
        if uid != -1:  # the owner has no number in this namespace
            raise OSError(errno.EINVAL, "Invalid argument")
        real_fchown(fd, uid, gid)

    monkeypatch.setattr(atomic.os, "fchown", fchown)
    target.chmod(0o664)
    atomic_write(target, "new\n")
    status = target.stat()
    assert (target.read_text(), stat.S_IMODE(status.st_mode)) == ("new\n", 0o664)
    assert asked == [(status.st_uid, status.st_gid), (-1, status.st_gid)]
    assert names(target.parent) == ["records.ggn"]


def test_extended_attributes_and_access_lists_are_kept(target: Path) -> None:
    """A club file that the member with user number 65534 may write by its access control
    list (``setfacl -m u:nobody:rw``), and a note of the user's own in an extended attribute:
    both stay with the rewritten file (they were dropped, so the member could no longer
    write it)."""
    anyone = 0xFFFFFFFF
    acl = _acl((0x01, 6, anyone), (0x02, 6, 65534), (0x04, 4, anyone), (0x10, 6, anyone))
    acl += _acl((0x20, 4, anyone))[4:]
    target.chmod(0o664)
    try:
        os.setxattr(target, "user.club", b"table B3")
        os.setxattr(target, "system.posix_acl_access", acl)
    except (OSError, AttributeError) as error:  # AttributeError: not Linux
        pytest.skip(f"this file system keeps no access control lists here: {error}")
    code, output = fmt_in_place(target)
    assert (code, output) == (0, "")
    assert sorted(os.listxattr(target)) == ["system.posix_acl_access", "user.club"]
    assert os.getxattr(target, "user.club") == b"table B3"
    assert os.getxattr(target, "system.posix_acl_access") == acl
    assert stat.S_IMODE(target.stat().st_mode) == 0o664


@pytest.mark.parametrize("temporary", ["unnamed", "hidden"])
def test_a_new_file_gets_what_a_default_access_list_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, temporary: str
) -> None:
    """A club folder whose default access control list lets group 100 write every new file
    (``setfacl -d -m g:users:rwx``): a file gargon makes there lets that group write it,
    as one that ``touch`` makes does, whatever the umask (it was made 0o644 from the umask,
    so the list's mask let the group only read it)."""
    anyone = 0xFFFFFFFF
    default = _acl((0x01, 7, anyone), (0x04, 5, anyone), (0x08, 7, 100), (0x10, 7, anyone))
    default += _acl((0x20, 5, anyone))[4:]
    try:
        os.setxattr(tmp_path, "system.posix_acl_default", default)
    except (OSError, AttributeError) as error:
        pytest.skip(f"this file system keeps no access control lists here: {error}")
    if temporary == "hidden":
        monkeypatch.delattr(atomic.os, "O_TMPFILE", raising=False)
    previous = os.umask(0o022)
    try:
        (tmp_path / "touched.ggn").touch()
        atomic_write(tmp_path / "new.ggn", "*\n")
    finally:
        os.umask(previous)
    touched, new = tmp_path / "touched.ggn", tmp_path / "new.ggn"
    assert stat.S_IMODE(new.stat().st_mode) == stat.S_IMODE(touched.stat().st_mode) == 0o664
    assert os.getxattr(new, "system.posix_acl_access") == os.getxattr(
        touched, "system.posix_acl_access"
    )
    assert names(tmp_path) == ["new.ggn", "touched.ggn"]


@pytest.mark.parametrize("temporary", ["unnamed", "hidden"])
def test_a_file_without_an_access_list_gets_none_from_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, temporary: str
) -> None:
    """A file its group alone may write (0o660, no access control list: made before the
    folder's default list, or its list removed with setfacl -b), in a folder whose default
    list names user 65534 (``setfacl -d -m u:nobody:rwx``): rewritten, it took the folder's
    list as its own, and its mode's group bits made that user's rw- effective, so user
    65534 could write a file it could not before; now it has no list, as before."""
    anyone = 0xFFFFFFFF
    default = _acl((0x01, 7, anyone), (0x02, 7, 65534), (0x04, 5, anyone), (0x10, 7, anyone))
    default += _acl((0x20, 5, anyone))[4:]
    target = tmp_path / "private.ggn"
    target.write_text(CLUB, encoding="utf-8")
    target.chmod(0o660)
    try:
        os.setxattr(tmp_path, "system.posix_acl_default", default)
    except (OSError, AttributeError) as error:
        pytest.skip(f"this file system keeps no access control lists here: {error}")
    if temporary == "hidden":
        monkeypatch.delattr(atomic.os, "O_TMPFILE", raising=False)
    atomic_write(target, "*\n")
    assert (target.read_text(), os.listxattr(target)) == ("*\n", [])
    assert stat.S_IMODE(target.stat().st_mode) == 0o660
    assert names(tmp_path) == ["private.ggn"]


def test_an_append_only_file_is_refused_saying_why(target: Path) -> None:
    """A file the system lets only grow (``chattr +a``, as a log of the club's is): its
    permission bits let it be written, but it cannot be replaced; what is said names the
    cause and what to do, where it was only 'operation not permitted'."""
    import shutil

    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+a", str(target)]).returncode != 0:
        pytest.skip("no chattr here, or it cannot make a file append-only (root, ext4)")
    try:
        before = target.read_bytes()
        code, output = fmt_in_place(target)
        after = target.read_bytes()
    finally:
        subprocess.run([chattr, "-a", str(target)], check=True)
    assert (code, output) == (
        2,
        f"gargon: {target}: the system does not let this file be replaced (an append-only or "
        "immutable file: lsattr shows it, chattr -a or -i as root makes it ordinary): not "
        "rewritten (write the result elsewhere: the same gargon fmt without -i writes it to "
        "standard output (> OTHER))\n",
    )
    assert after == before
    assert names(target.parent) == ["records.ggn"]


def _fmt_in_place_as_someone_else(folder: Path, path: str) -> subprocess.CompletedProcess[str]:
    """``gargon fmt -i PATH`` in ``folder``, run without root's rights over other users'
    files (:func:`permissions.as_someone_else`)."""
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run(
        [*as_someone_else(), sys.executable, "-m", "gargon_notation", "fmt", "-i", path],
        cwd=folder,
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )


def test_another_users_file_in_a_sticky_folder_is_refused_saying_why(tmp_path: Path) -> None:
    """A club folder that lets only a file's owner replace it (sticky, chmod +t, as /tmp
    is), and a file of another user's that anyone may write: it cannot be replaced, and
    that was said as 'an append-only or immutable file: lsattr shows it, chattr -a ...',
    which it is not; now the sticky folder and the file's owner are named."""
    import pwd

    as_someone_else()  # skips where another user's file cannot be made
    folder = tmp_path / "club"
    folder.mkdir()
    record = folder / "x.ggn"
    record.write_text(ORIGINAL.replace("\n", "\r\n"), encoding="utf-8")
    record.chmod(0o666)
    os.chown(record, 65534, 65534)
    os.chown(folder, 65534, 65534)
    folder.chmod(0o1777)
    fmt = _fmt_in_place_as_someone_else(tmp_path, "club/x.ggn")
    owner = pwd.getpwuid(65534).pw_name
    assert (fmt.returncode, fmt.stdout) == (2, "")
    assert fmt.stderr == (
        "gargon: club/x.ggn: its folder lets only a file's owner replace it (a sticky folder, "
        f"chmod +t, as /tmp is), and the file is {owner}'s: not rewritten (write the result "
        "elsewhere: the same gargon fmt without -i writes it to standard output (> OTHER))\n"
    )
    assert record.read_bytes() == ORIGINAL.replace("\n", "\r\n").encode()
    assert names(folder) == ["x.ggn"]


def test_another_users_file_that_only_they_may_write_is_not_called_read_only(
    tmp_path: Path,
) -> None:
    """A file of another user's, rw-r--r--, in a folder anyone may write: it was refused as
    'the file is read-only ... make it writable', which only its owner can do (left in the
    last note); now its owner is named."""
    import pwd

    as_someone_else()  # skips where another user's file cannot be made
    folder = tmp_path / "club"
    folder.mkdir()
    folder.chmod(0o777)
    record = folder / "x.ggn"
    record.write_text(ORIGINAL.replace("\n", "\r\n"), encoding="utf-8")
    record.chmod(0o644)
    os.chown(record, 65534, 65534)
    fmt = _fmt_in_place_as_someone_else(tmp_path, "club/x.ggn")
    owner = pwd.getpwuid(65534).pw_name
    assert (fmt.returncode, fmt.stdout) == (2, "")
    assert fmt.stderr == (
        f"gargon: club/x.ggn: the file is {owner}'s (-rw-r--r--), not yours to write: not "
        "rewritten (ask its owner to let you, or write the result elsewhere: the same gargon "
        "fmt without -i writes it to standard output (> OTHER))\n"
    )
    assert record.read_bytes() == ORIGINAL.replace("\n", "\r\n").encode()
    assert names(folder) == ["x.ggn"]


def test_a_system_without_fchmod_still_rewrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows' Python before 3.13 has no os.fchmod: every rewrite of a file there stopped
    with an AttributeError (a traceback) after its new content was written."""
    target = tmp_path / "game.ggn"
    target.write_text("old\n", encoding="utf-8")
    monkeypatch.delattr(atomic.os, "fchmod")
    atomic_write(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert names(tmp_path) == ["game.ggn"]
