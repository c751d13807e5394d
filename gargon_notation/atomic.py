"""Replacing a file atomically, keeping what the user set up around it.

:func:`atomic_writer` gives a binary stream; when its block ends without an error the new
content replaces the target at once (a reader, or a crash, sees the old file or the new one,
never a mix).  Around that:

- a symbolic link is written through: the file it points to is replaced, the link stays;
- the permission bits are kept, without set-user-ID and set-group-ID (a rewritten file is
  not the program that was trusted with them), and the owner and group where this process
  may set them;
- a file that cannot be rewritten this way is refused, untouched: a read-only file (no write
  bit for anyone, or no write permission for this user), a file with several hard links
  (renaming a new file over one name would split it from the others), a directory;
- a target that is not a regular file (``/dev/null``, a FIFO, a terminal) is written to
  directly, since it cannot be replaced;
- the new content is kept in an unnamed file (Linux ``O_TMPFILE``) until it is complete, so
  even a killed process leaves nothing behind; elsewhere a hidden temporary
  ``.NAME.XXXXXXXX.tmp`` is used and removed on errors, Ctrl-C, SIGTERM and SIGHUP.  Its
  name is shortened to fit the file system's limit of 255 bytes.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.ggn"
>>> with atomic_writer(path) as stream:
...     _ = stream.write(b"*\\n")
>>> path.read_text()
'*\\n'
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import BinaryIO, cast

__all__ = ["NotWritable", "atomic_write", "atomic_writer"]

_NAME_MAX = 255
_SETID = stat.S_ISUID | stat.S_ISGID


class NotWritable(OSError):
    """A file this module refuses to rewrite; the message says why and what to do."""


def atomic_write(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically (see the module's docstring).

    Raises :class:`OSError` (:class:`NotWritable` for a refusal) when the file cannot be
    written; the original is then untouched.
    """
    with atomic_writer(path) as stream:
        stream.write(text.encode("utf-8"))


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[BinaryIO]:
    """A binary stream whose content replaces ``path`` when the block ends without error."""
    target = Path(os.path.realpath(path))
    try:
        status: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode):
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, "Is a directory", os.fspath(path))
        with open(target, "wb") as device:  # a FIFO, a device: written to, not replaced
            yield cast(BinaryIO, device)
        return
    if status is not None:
        _check_rewritable(target, status)
    with _signals_raise():
        fd, named = _temporary(target.parent, target.name)
        try:
            with os.fdopen(fd, "wb") as handle:
                yield cast(BinaryIO, handle)
                handle.flush()
                _set_mode(handle.fileno(), status)
                os.fsync(handle.fileno())
                if named is None:
                    named = _name_unnamed(handle.fileno(), target)
            os.replace(named, target)
            named = None
        finally:
            if named is not None:
                with contextlib.suppress(OSError):
                    os.unlink(named)
    _sync_directory(target.parent)


def _check_rewritable(target: Path, status: os.stat_result) -> None:
    name = os.fspath(target)
    if status.st_mode & 0o222 == 0 or not os.access(target, os.W_OK):
        raise NotWritable(
            errno.EACCES,
            "the file is read-only: not rewritten (make it writable, or write the result "
            "elsewhere with -o)",
            name,
        )
    if status.st_nlink > 1:
        raise NotWritable(
            errno.EMLINK,
            f"the file has {status.st_nlink} hard links: not rewritten, since replacing it "
            "would split them (write the result elsewhere with -o)",
            name,
        )


def _temporary(directory: Path, name: str) -> tuple[int, str | None]:
    """An open file for the new content: unnamed where the system allows (name None)."""
    tmpfile = getattr(os, "O_TMPFILE", 0)
    if tmpfile and os.path.isdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            fd = os.open(directory, tmpfile | os.O_WRONLY, 0o600)
            try:
                # Some file systems make such files but cannot name them: try it now.
                os.unlink(_name_unnamed(fd, directory / name))
            except OSError:
                os.close(fd)
            else:
                return fd, None
    for _ in range(100):
        candidate = directory / _temporary_name(name)
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), str(candidate)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no temporary file name is free", os.fspath(directory))


def _temporary_name(name: str) -> str:
    """``.NAME.XXXXXXXX.tmp``, with NAME cut so that the whole fits in 255 bytes."""
    suffix = f".{os.urandom(4).hex()}.tmp"
    room = _NAME_MAX - 1 - len(suffix)
    encoded = os.fsencode(name)
    if len(encoded) > room:
        name = os.fsdecode(encoded[:room]).rstrip("\udcff")
        while len(os.fsencode(name)) > room:
            name = name[:-1]
    return f".{name}{suffix}"


def _name_unnamed(fd: int, target: Path) -> str:
    """Give the unnamed file a temporary name beside ``target``, to rename it over it."""
    for _ in range(100):
        candidate = target.parent / _temporary_name(target.name)
        try:
            os.link(f"/proc/self/fd/{fd}", candidate, follow_symlinks=True)
        except FileExistsError:
            continue
        return str(candidate)
    raise FileExistsError(errno.EEXIST, "no temporary file name is free", os.fspath(target))


def _set_mode(fd: int, status: os.stat_result | None) -> None:
    if status is None:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        return
    if hasattr(os, "fchown"):
        with contextlib.suppress(PermissionError):
            os.fchown(fd, status.st_uid, status.st_gid)
    os.fchmod(fd, status.st_mode & 0o7777 & ~_SETID)


def _sync_directory(directory: Path) -> None:
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@contextlib.contextmanager
def _signals_raise() -> Iterator[None]:
    """SIGTERM and SIGHUP raise SystemExit while the block runs, so cleanup code runs."""
    if threading.current_thread() is not threading.main_thread() or sys.platform == "win32":
        yield
        return

    def stop(number: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + number)

    previous = {}
    for number in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(number) is signal.SIG_DFL:
            previous[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
