"""Replacing a file atomically, keeping what the user set up around it.

:func:`atomic_writer` gives a binary stream; when its block ends without an error the new
content replaces the target at once (a reader, or a crash, sees the old file or the new one,
never a mix).  Around that:

- a symbolic link is written through: the file it points to is replaced, the link stays;
- the permission bits are kept, without set-user-ID and set-group-ID (a rewritten file is
  not the program that was trusted with them), the extended attributes (access control
  lists) and the owner and group where this process may set them;
- a file that cannot be rewritten this way is refused, untouched: a read-only file (no write
  bit for anyone, or no write permission for this user), a file with several hard links
  (renaming a new file over one name would split it from the others), a directory;
- a file that another program changes, replaces or makes while the new content is
  written (an editor saving it) is not written over (:class:`Changed`): it stays as that
  program wrote it.  A file that is there is read as its new content is begun (or, given
  the bytes the new content was made from, :class:`Read`, since those were read), and one
  that no longer holds those bytes is not written over either, even with its size and time
  stamp as they were;
- a target that is not a regular file (``/dev/null``, a FIFO, a terminal) is written to
  directly, since it cannot be replaced;
- the new content is kept in an unnamed file (Linux ``O_TMPFILE``) until it is complete, so
  even a killed process leaves nothing behind; elsewhere a hidden temporary
  ``.NAME.SPACE.PID-XXXXXXXX.tmp`` is used and removed on errors, Ctrl-C, SIGTERM and SIGHUP.  Its
  name is shortened to fit the file system's limit of 255 bytes.  An unnamed file is given its
  name through ``/proc/self/fd``, else (where that link fails, as in some sandboxes, EXDEV)
  by ``linkat`` with ``AT_EMPTY_PATH``; which way works is found once a process and folder,
  and where neither does, the hidden temporary is used from then on without trying again;
- the first write into a folder removes the hidden temporaries that processes killed
  outright left there (:func:`remove_abandoned`), once a process and folder.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.ggn"
>>> with atomic_writer(path) as stream:
...     _ = stream.write(b"*\\n")
>>> path.read_text()
'*\\n'

:func:`atomic_files` replaces many files together, when its block ends without an error,
with the same care; each file is written whole and closed before the next is begun (into a
hidden temporary), or, written a piece at a time among many (:meth:`AtomicFiles.appender`),
closed when :data:`OPEN_AT_ONCE` others are open and opened again for appending, so the open
files do not add up however many are written.  Closed, they need names: a process killed
outright (SIGKILL) leaves those hidden temporaries behind, and :func:`remove_abandoned`
removes them once their process has ended.

A new file (none was there as its content was begun) is put in place by a hard link, which
the system refuses to make over a file: one that another program makes meanwhile is never
replaced, not even in the instant between the check and the rename.  Where the file system
makes no hard links (FAT, some network file systems) it is checked and renamed.
"""

from __future__ import annotations

import collections
import contextlib
import errno
import io
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, BinaryIO, cast

from gargon_notation.errors import printable_name

__all__ = [
    "ELSEWHERE",
    "OPEN_AT_ONCE",
    "AtomicFiles",
    "Changed",
    "NotWritable",
    "Read",
    "atomic_files",
    "atomic_write",
    "atomic_writer",
    "check_writable",
    "ended",
    "file_in_the_way",
    "make_folders",
    "process_space",
    "remove_abandoned",
]

_NAME_MAX = 255
_SETID = stat.S_ISUID | stat.S_ISGID


class NotWritable(OSError):
    """A file this module refuses to rewrite; the message says why and what to do."""


ELSEWHERE = "write the result elsewhere with -o"
"""What a refusal suggests unless told otherwise: another target, as ``-o`` names one."""


def atomic_write(
    path: str | os.PathLike[str],
    text: str,
    elsewhere: str = ELSEWHERE,
    *,
    read_as: os.stat_result | Read | None = None,
) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically (see the module's docstring), and
    not a file changed since it was read as ``read_as`` (see :func:`atomic_writer`).

    Raises :class:`OSError` (:class:`NotWritable` for a refusal, suggesting ``elsewhere``;
    :class:`Changed`) when the file cannot be written; the original is then untouched.
    """
    with atomic_writer(path, elsewhere, read_as=read_as) as stream:
        stream.write(text.encode("utf-8"))


@contextlib.contextmanager
def atomic_writer(
    path: str | os.PathLike[str],
    elsewhere: str = ELSEWHERE,
    *,
    read_as: os.stat_result | Read | None = None,
) -> Iterator[BinaryIO]:
    """A binary stream whose content replaces ``path`` when the block ends without error;
    a refusal (:class:`NotWritable`) suggests ``elsewhere`` to the user.  ``read_as``: the
    file as the caller read it before, when the new content depends on that reading: its
    status (``os.fstat`` of what it read), or better a :class:`Read`, its status and the
    digest of its bytes; a file changed since then is refused (:class:`Changed`), not only
    one changed while the new content is written (with a :class:`Read`, even an edit that
    keeps the file's size and time stamp).  Without ``read_as``, a file that is there is
    read as the block begins (:meth:`Read.of_file`), for the same check."""
    target, status, device = _target(path, elsewhere)
    if device:
        with open(target, "wb") as stream:
            yield cast(BinaryIO, stream)
        return
    from gargon_notation.signals import raising_on_stop

    if read_as is None and status is not None:
        read_as = Read.of_file(target)  # as strong a check as that of a file read
    _tidy(target.parent)
    with raising_on_stop():
        with _folder_refused(path, target, elsewhere):
            fd, named = _temporary(target.parent, target.name, _creation_mode(status))
        try:
            with os.fdopen(fd, "wb") as handle:
                yield cast(BinaryIO, handle)
                handle.flush()
                _set_mode(handle.fileno(), status, target)
                os.fsync(handle.fileno())
                if named is None:
                    named = _name_unnamed(handle.fileno(), target)
            read = read_as if isinstance(read_as, Read) else None
            as_read = read.status if read is not None else cast("os.stat_result | None", read_as)
            before = status if as_read is None else as_read
            # A new target is made by a link (named is then its second name, removed below);
            # one that is there is checked, then replaced.
            if not _put_new(named, target, path, before):
                _check_unchanged(path, target, before, read)
                _replace(named, target, path, elsewhere)
                named = None
        finally:
            if named is not None:
                try:  # noqa: SIM105 (no contextlib.suppress: see _way_to_name)
                    os.unlink(named)
                except OSError:
                    pass
    _sync_directory(target.parent)


def check_writable(path: str | os.PathLike[str], elsewhere: str = ELSEWHERE) -> None:
    """Raise what :func:`atomic_writer` would raise for ``path`` before any content is made,
    writing nothing: a folder given, a folder missing above it, a read-only file, a file
    with several hard links, a folder where the new file cannot be made.  For a verb that
    reads a whole archive before it writes (a page of standings): a slip in the name is said
    at once, not once every game is read.  The writer checks again when it writes.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_writable(folder / "page.html"); sorted(folder.iterdir())
    []
    >>> try:
    ...     check_writable(folder, "write the page elsewhere with --html")
    ... except IsADirectoryError as refused:
    ...     print(refused.strerror)
    is a folder, where a file is to be written: write the page elsewhere with --html
    """
    target, status, device = _target(path, elsewhere)
    if device:
        return
    with _folder_refused(path, target, elsewhere):
        fd, named = _temporary(target.parent, target.name, _creation_mode(status))
    os.close(fd)
    if named is not None:
        _remove(named)


def _replace(named: str, target: Path, path: str | os.PathLike[str], elsewhere: str) -> None:
    """Rename ``named`` over ``target``; a refusal of the system that no permission bit
    explains (EPERM: an append-only or immutable file, ``chattr +a``) is said to be
    (:class:`NotWritable`, naming ``path`` and suggesting ``elsewhere``)."""
    try:
        os.replace(named, target)
    except PermissionError as error:
        if error.errno != errno.EPERM:
            raise
        sticky = _sticky_owner(target)
        why = (
            "the system does not let this file be replaced (an append-only or immutable file: "
            "lsattr shows it, chattr -a or -i as root makes it ordinary)"
            if sticky is None
            else f"its folder lets only a file's owner replace it (a sticky folder, chmod +t, "
            f"as /tmp is), and the file is {sticky}'s"
        )
        raise NotWritable(
            errno.EPERM, f"{why}: not rewritten ({elsewhere})", os.fspath(path)
        ) from error


def _sticky_owner(target: Path) -> str | None:
    """The owner of ``target`` (by name where the system knows it) when its folder is sticky
    and neither the file nor the folder is this user's, so that only that owner (or the
    folder's, or root) may replace it; else None."""
    try:
        folder, status = os.stat(target.parent), os.stat(target)
    except OSError:
        return None
    user = os.geteuid() if hasattr(os, "geteuid") else None
    if not folder.st_mode & stat.S_ISVTX or user in (status.st_uid, folder.st_uid):
        return None
    return _owner_name(status)


def _owner_name(status: os.stat_result) -> str:
    """The name of the owner of a file of ``status``, or its number where it has none."""
    try:
        import pwd

        return pwd.getpwuid(status.st_uid).pw_name
    except (ImportError, KeyError):  # not Unix, or a number without a name
        return str(status.st_uid)


class Changed(NotWritable):
    """The file being replaced was changed, replaced or made by another program while its
    new content was written: it is left as that program wrote it."""


def _changed(path: str | os.PathLike[str], what: str) -> Changed:
    return Changed(
        errno.EBUSY,
        f"another program {what} while gargon was writing it: not written over, it is left "
        "as that program wrote it (see what it holds, then run the command again)",
        os.fspath(path),
    )


_BLOCK = 1 << 20
"""The bytes read at a time for a digest: memory does not grow with the file."""


class Read:
    """A file as a rewrite read it, for :func:`atomic_writer` to refuse replacing it once
    another program has changed it: its ``status`` when it was opened (None: not known,
    that taken as the new content is begun stands for it) and the SHA-256 digest and number
    of the bytes read, from its first to its last (:meth:`update`, :meth:`reader`).  The
    status alone misses an edit that keeps the size and the time stamp, which a file system
    counting time in steps (FAT's two seconds) or ``touch -r`` gives: the bytes do not.

    >>> import io, hashlib
    >>> read = Read()
    >>> stream = read.reader(io.BytesIO(b"[Players "))
    >>> stream.read(3), stream.read()
    (b'[Pl', b'ayers ')
    >>> read.size, read.digest() == hashlib.sha256(b"[Players ").digest()
    (9, True)
    """

    def __init__(self, status: os.stat_result | None = None) -> None:
        import hashlib  # only where a rewrite reads

        self.status = status
        self.size = 0
        self._hash = hashlib.sha256()

    @classmethod
    def of_bytes(cls, data: bytes, status: os.stat_result | None = None) -> Read:
        """The file read as ``data``, whole."""
        read = cls(status)
        read.update(data)
        return read

    def update(self, data: bytes) -> None:
        """Count ``data``, the bytes read next."""
        self._hash.update(data)
        self.size += len(data)

    def digest(self) -> bytes:
        """The digest of the bytes read so far."""
        return self._hash.digest()

    def reader(self, stream: IO[bytes]) -> BinaryIO:
        """A buffered stream reading ``stream``, each byte it reads counted once."""
        return cast(BinaryIO, io.BufferedReader(_Counted(stream, self)))

    def read_rest(self, stream: IO[bytes]) -> None:
        """Read ``stream`` (a :meth:`reader`) to its end, a block at a time."""
        while stream.read(_BLOCK):
            pass

    @classmethod
    def of_file(cls, target: Path) -> Read | None:
        """The regular file ``target`` as it is now, read whole a block at a time (its
        status as opened, the digest of its bytes): the file a new content is to replace,
        for the check before it is put in place to see even an edit that keeps the size and
        time stamp.  None where it cannot be read (a file this user may write but not read:
        its status alone is checked then), is no longer there, or is no longer a regular
        file."""
        try:
            fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return None
        with open(fd, "rb", buffering=0) as stream:
            status = os.fstat(fd)
            if not stat.S_ISREG(status.st_mode):
                return None
            read = cls(status)
            try:
                while block := stream.read(_BLOCK):
                    read.update(block)
            except OSError:
                return None
        return read

    def check_same(self, other: Read, path: str | os.PathLike[str]) -> None:
        """Raise :class:`Changed` naming ``path`` when ``other``, another reading of the
        same file, read other bytes than this one: another program wrote it between them."""
        if (other.size, other.digest()) != (self.size, self.digest()):
            raise _changed(path, "changed this file")

    def holds(self, target: Path) -> bool:
        """Whether the file ``target`` holds the bytes read, read again a block at a time."""
        import hashlib

        now = hashlib.sha256()
        size = 0
        try:
            with open(target, "rb", buffering=0) as stream:
                while block := stream.read(_BLOCK):
                    now.update(block)
                    size += len(block)
                    if size > self.size:
                        return False
        except FileNotFoundError:
            return True  # deleted meanwhile: writing it again loses nothing
        return size == self.size and now.digest() == self.digest()


class _Counted(io.RawIOBase):
    """A raw stream reading ``stream``, each block counted by ``read`` (:class:`Read`)."""

    def __init__(self, stream: IO[bytes], read: Read) -> None:
        super().__init__()
        self._stream = stream
        self._read = read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        self._read.update(data)
        return len(data)


def _identity(status: os.stat_result) -> tuple[int, int, int, int]:
    """What changes when a program writes a file or puts another in its place."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def _check_unchanged(
    path: str | os.PathLike[str],
    target: Path,
    status: os.stat_result | None,
    read: Read | None = None,
) -> None:
    """Raise :class:`Changed` when ``target`` is no longer the file whose ``status`` was
    taken before its new content was begun (None: there was no file), or, ``read`` given, no
    longer holds the bytes read: another program wrote it meanwhile (an editor, a second
    gargon), and replacing it would lose what that program wrote."""
    try:
        now: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        now = None
    if status is None:
        if now is None:
            return
        what = "made this file"
    elif now is None:
        return  # deleted meanwhile, writing it again loses nothing
    elif _identity(now) == _identity(status) and (read is None or read.holds(target)):
        return  # untouched
    else:
        what = "changed this file"
    raise _changed(path, what)


def _put_new(
    named: str, target: Path, path: str | os.PathLike[str], before: os.stat_result | None
) -> bool:
    """Put the new file ``named`` in place of a ``target`` that is not there (``before``
    None: there was none as the new content was begun; else deleted since, when writing it
    again loses nothing) by a hard link, which the system refuses to make over a file, so
    that a file another program makes meanwhile is never replaced (:class:`Changed`).  True
    once done (``named`` is then a second name, for the caller to remove); False where
    ``target`` is there and was before, or where the file system makes no hard links (FAT,
    some network file systems): the caller checks it and renames then."""
    if before is not None and os.path.lexists(target):
        return False
    try:
        os.link(named, target)
    except FileExistsError:
        if before is not None:
            return False  # deleted and made again: the check says so
        raise _changed(path, "made this file") from None
    except (OSError, NotImplementedError):  # no hard links here (EPERM on FAT, ENOTSUP...)
        return False
    return True


class _Pending:
    """A file of an :func:`atomic_files` block: its new content's hidden temporary
    (``named``; None for a FIFO or a device, written to directly), its target as found
    (``target``, ``status``) and as given (``given``), and its stream while open."""

    __slots__ = ("found", "given", "named", "status", "stream", "target")

    def __init__(
        self,
        stream: BinaryIO,
        named: str | None,
        target: Path,
        given: str | os.PathLike[str],
        status: os.stat_result | None,
        found: Read | None = None,
    ) -> None:
        self.stream: BinaryIO | None = stream
        self.named = named
        self.target = target
        self.given = given
        self.status = status
        self.found = found
        """The file there as the new content was begun, read (:meth:`Read.of_file`)."""


OPEN_AT_ONCE = 32
"""The most files of :meth:`AtomicFiles.appender` open at once (a system lets a process
open 256 files, on macOS by default, or fewer: ``ulimit -n``)."""


class AtomicFiles:
    """The files of an :func:`atomic_files` block: :meth:`open` one, write it, and
    :meth:`finish` it (or leave that to the block's end), or write many a piece at a time
    each by its :meth:`appender`; all replace their targets once the block ends without an
    error."""

    def __init__(self) -> None:
        self._writing: dict[int, _Pending] = {}
        self._finished: list[_Pending] = []
        self._appended: list[_Pending] = []
        self._open: collections.OrderedDict[int, _Pending] = collections.OrderedDict()
        """The files of appenders open now, the one written longest ago first."""

    def _begin(self, path: str | os.PathLike[str]) -> _Pending:
        target, status, device = _target(path)
        if device:
            stream = cast(BinaryIO, open(target, "wb"))  # noqa: SIM115 (closed by finish)
            return _Pending(stream, None, target, path, None)
        found = Read.of_file(target) if status is not None else None
        _tidy(target.parent)
        with _folder_refused(path, target, ELSEWHERE):
            fd, named = _named_temporary(target.parent, target.name, _creation_mode(status))
        stream = cast(BinaryIO, os.fdopen(fd, "wb"))
        return _Pending(stream, named, target, path, status, found)

    def open(self, path: str | os.PathLike[str]) -> BinaryIO:
        """A binary stream for the new content of ``path`` (refused as
        :func:`atomic_writer` refuses it; a FIFO or a device is written to directly),
        open until it is finished (:meth:`finish`)."""
        pending = self._begin(path)
        assert pending.stream is not None
        self._writing[id(pending.stream)] = pending
        return pending.stream

    def appender(self, path: str | os.PathLike[str]) -> Callable[[bytes], object]:
        """A writer of the new content of ``path`` (refused as :meth:`open` refuses it), for
        files written a piece at a time among many others: of those, at most
        :data:`OPEN_AT_ONCE` are open at once; the one written longest ago is closed (its
        temporary stays, complete so far) and opened again for appending when it is
        written again.  Each is finished at the block's end."""
        self._make_room()
        pending = self._begin(path)
        self._appended.append(pending)
        if pending.named is not None:  # a FIFO or a device stays open
            self._open[id(pending)] = pending

        def write(data: bytes) -> None:
            if pending.stream is None:
                assert pending.named is not None
                self._make_room()
                fd = os.open(pending.named, os.O_WRONLY | os.O_APPEND)
                pending.stream = cast(BinaryIO, os.fdopen(fd, "ab"))
                self._open[id(pending)] = pending
            elif pending.named is not None:
                self._open.move_to_end(id(pending))
            pending.stream.write(data)

        return write

    def _make_room(self) -> None:
        """Close the file of an appender written longest ago when :data:`OPEN_AT_ONCE` are
        open."""
        while len(self._open) >= OPEN_AT_ONCE:
            _, pending = self._open.popitem(last=False)
            stream, pending.stream = pending.stream, None
            if stream is not None:
                stream.close()

    def finish(self, stream: BinaryIO) -> None:
        """Write out and close ``stream``'s file, to replace its target with the others."""
        self._complete(self._writing.pop(id(stream)))

    def _complete(self, pending: _Pending) -> None:
        """Write out (to the disk) and close the file of ``pending``, giving it its mode."""
        self._open.pop(id(pending), None)
        stream, pending.stream = pending.stream, None
        if pending.named is None:
            if stream is not None:
                stream.close()
            return
        if stream is None:  # closed for now (see appender): opened again to finish it
            stream = cast(BinaryIO, os.fdopen(os.open(pending.named, os.O_WRONLY), "wb"))
        try:
            stream.flush()
            _set_mode(stream.fileno(), pending.status, pending.target)
            os.fsync(stream.fileno())
        finally:
            stream.close()
        self._finished.append(pending)

    def _replace(self) -> None:
        for pending in [*self._writing.values(), *self._appended]:
            self._complete(pending)
        self._writing.clear()
        self._appended.clear()
        for pending in self._finished:  # none replaced if one cannot be
            found = pending.found
            status = pending.status if found is None else found.status
            _check_unchanged(pending.given, pending.target, status, found)
        made: list[_Pending] = []  # new targets, made by a link: taken back if one cannot be
        try:
            for pending in self._finished:
                assert pending.named is not None
                if pending.status is None and _put_new(
                    pending.named, pending.target, pending.given, None
                ):
                    made.append(pending)
        except BaseException:
            for pending in made:
                _take_back(pending)
            raise
        while self._finished:
            pending = self._finished[0]
            assert pending.named is not None
            if pending in made:
                _remove(pending.named)  # its second name
            else:
                os.replace(pending.named, pending.target)
            del self._finished[0]
            _sync_directory(pending.target.parent)

    def _discard(self) -> None:
        for pending in [*self._writing.values(), *self._appended, *self._finished]:
            if pending.stream is not None:
                with contextlib.suppress(OSError):
                    pending.stream.close()
                pending.stream = None
            if pending.named is not None:
                _remove(pending.named)
        self._writing.clear()
        self._appended.clear()
        self._open.clear()
        self._finished.clear()


def _remove(named: str) -> None:
    """Remove the temporary ``named``, if it is still there."""
    try:  # noqa: SIM105 (no contextlib.suppress: see _way_to_name)
        os.unlink(named)
    except OSError:
        pass


def _take_back(pending: _Pending) -> None:
    """Remove the target ``pending`` made by a link (:func:`_put_new`) when another file of
    the block cannot replace its own: only while it is still that file."""
    assert pending.named is not None
    with contextlib.suppress(OSError):
        ours, there = os.stat(pending.named), os.stat(pending.target)
        if (ours.st_dev, ours.st_ino) == (there.st_dev, there.st_ino):
            os.unlink(pending.target)


@contextlib.contextmanager
def atomic_files() -> Iterator[AtomicFiles]:
    """Files that replace their targets together when the block ends without an error (see
    the module's docstring); on an error, Ctrl-C, SIGTERM or SIGHUP none is replaced and
    their temporaries are removed.  The new contents wait in hidden temporaries
    (``.NAME.SPACE.PID-XXXXXXXX.tmp``), closed once finished.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with atomic_files() as new:
    ...     for name in ("a", "b"):
    ...         stream = new.open(folder / name)
    ...         _ = stream.write(name.encode())
    ...         new.finish(stream)
    ...     sorted(path.name for path in folder.iterdir() if not path.name.startswith("."))
    []
    >>> sorted(path.read_text() for path in folder.iterdir())
    ['a', 'b']
    """
    from gargon_notation.signals import raising_on_stop

    group = AtomicFiles()
    with raising_on_stop():
        try:
            yield group
            group._replace()
        finally:
            group._discard()


def _named_temporary(directory: Path, name: str, mode: int = 0o600) -> tuple[int, str]:
    """A new hidden file beside ``name`` in ``directory``, open for writing, and its path
    (made with ``mode``, as :func:`_creation_mode` gives it)."""
    for _ in range(100):
        path = os.fspath(directory / _temporary_name(name))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue
        try:
            return fd, path
        except BaseException:  # a Ctrl-C between: the caller never knew of the file
            os.close(fd)
            try:  # noqa: SIM105 (no contextlib.suppress: see _way_to_name)
                os.unlink(path)
            except OSError:
                pass
            raise
    raise FileExistsError(errno.EEXIST, "no temporary file name is free", os.fspath(directory))


def _target(
    path: str | os.PathLike[str], elsewhere: str = ELSEWHERE
) -> tuple[Path, os.stat_result | None, bool]:
    """The file ``path`` names (through symbolic links), its status (None for a new file),
    and whether it is a FIFO or a device, written to rather than replaced.  Raises
    :class:`IsADirectoryError` for a directory or a name ending with a slash,
    :class:`FileNotFoundError` or :class:`NotADirectoryError` for a folder missing above it
    (:func:`_check_folder`), :class:`NotWritable` for a file that cannot be replaced
    (:func:`_check_rewritable`), suggesting ``elsewhere``."""
    _check_file_name(path)
    target = Path(os.path.realpath(path))
    try:
        status = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        _check_folder(path, target, elsewhere)
        return target, None, False
    if stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(
            errno.EISDIR,
            f"is a folder, where a file is to be written: {elsewhere}",
            os.fspath(path),
        )
    if not stat.S_ISREG(status.st_mode):
        return target, status, True
    _check_rewritable(target, status, elsewhere)
    return target, status, False


def _check_file_name(path: str | os.PathLike[str]) -> None:
    """Raise :class:`IsADirectoryError` for a ``path`` written as a folder's name (``out/``),
    which :func:`os.path.realpath` would make the file ``out``, in place of a folder."""
    name = os.fspath(path)
    if name.endswith(("/", os.sep)) and not os.path.isdir(name):
        raise IsADirectoryError(
            errno.EISDIR,
            "ends with a slash, as a folder's name, where a file is to be written: give a "
            "file's name",
            name,
        )


def _check_folder(path: str | os.PathLike[str], target: Path, elsewhere: str) -> None:
    """Raise :class:`FileNotFoundError` saying so when the folder a new file ``path`` goes
    in is missing (the system says only 'no such file or directory'), and
    :class:`NotADirectoryError` naming the file that stands where a folder above it is
    wanted: the folder as ``path`` writes it, or where its symbolic link leads."""
    if os.path.isdir(target.parent):
        return
    folder = os.path.dirname(os.fspath(path)) or "."
    if os.path.realpath(folder) != os.fspath(target.parent):  # a link leads elsewhere
        folder = os.fspath(target.parent)
    in_the_way = file_in_the_way(folder)
    if in_the_way is not None:
        raise NotADirectoryError(
            errno.ENOTDIR,
            f"{printable_name(in_the_way)} is a file, not a folder: {elsewhere}",
            os.fspath(path),
        )
    raise FileNotFoundError(
        errno.ENOENT,
        f"no such folder {printable_name(folder)}: make it first, or {elsewhere}",
        os.fspath(path),
    )


def file_in_the_way(folder: str | os.PathLike[str]) -> str | None:
    """The first of the folders of the path ``folder`` (itself last) that is not a folder
    but is there (a file), as written; None when none is.

    >>> import pathlib, tempfile
    >>> base = pathlib.Path(tempfile.mkdtemp()); (base / "notes").write_text("")
    0
    >>> file_in_the_way(base / "notes" / "a") == str(base / "notes"), file_in_the_way(base)
    (True, None)
    """
    parts = Path(folder).parts
    for count in range(1, len(parts) + 1):
        above = os.path.join(*parts[:count])
        if os.path.exists(above) and not os.path.isdir(above):
            return above
    return None


def _check_rewritable(target: Path, status: os.stat_result, elsewhere: str) -> None:
    name = os.fspath(target)
    if status.st_mode & 0o222 == 0 or not os.access(target, os.W_OK):
        if _read_only_mount(target):  # not the file's doing: said as the system says it
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), name)
        user = os.geteuid() if hasattr(os, "geteuid") else None
        if status.st_mode & stat.S_IWUSR and user is not None and status.st_uid != user:
            # Writable by its owner, not by this user: 'make it writable' is for the owner.
            raise NotWritable(
                errno.EACCES,
                f"the file is {_owner_name(status)}'s ({stat.filemode(status.st_mode)}), not "
                f"yours to write: not rewritten (ask its owner to let you, or {elsewhere})",
                name,
            )
        raise NotWritable(
            errno.EACCES,
            f"the file is read-only: not rewritten (make it writable, or {elsewhere})",
            name,
        )
    if status.st_nlink > 1:
        raise NotWritable(
            errno.EMLINK,
            f"the file has {status.st_nlink} hard links: not rewritten, since replacing it "
            f"would split them ({elsewhere})",
            name,
        )


def _read_only_mount(path: Path) -> bool:
    """Whether the file system of ``path`` is mounted read-only (False when unknown)."""
    read_only = getattr(os, "ST_RDONLY", 0)
    try:
        return bool(read_only and os.statvfs(path).f_flag & read_only)
    except (OSError, AttributeError):  # no statvfs (Windows)
        return False


def make_folders(path: str | os.PathLike[str], elsewhere: str = ELSEWHERE) -> None:
    """Make the folder ``path`` and those above it that are missing (none when it exists).

    Raises :class:`OSError`: :class:`NotWritable` when a folder it must be made in does not
    let this user write, naming that folder and suggesting ``elsewhere``.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp()) / "a" / "b"
    >>> make_folders(folder); make_folders(folder); folder.is_dir()
    True
    """
    try:
        os.makedirs(path, exist_ok=True)
    except (FileExistsError, NotADirectoryError) as error:  # a file where a folder goes
        given = os.fspath(path)
        in_the_way = file_in_the_way(given) or given
        which = "" if in_the_way == given else f"{printable_name(in_the_way)} "
        raise NotADirectoryError(
            errno.ENOTDIR,
            f"{which}is a file, where a folder for the files written is wanted: give a "
            "folder's name",
            given,
        ) from error
    except PermissionError as error:
        above = os.path.dirname(os.path.abspath(path))
        while not os.path.isdir(above) and os.path.dirname(above) != above:
            above = os.path.dirname(above)
        given = os.fspath(path)
        while given and os.path.abspath(given) != above:
            given = os.path.dirname(given.rstrip(os.sep))
        raise NotWritable(
            errno.EACCES,
            f"cannot make this folder in {printable_name(given or '.')} (permission denied): "
            "make that folder "
            f"writable, or {elsewhere}",
            os.fspath(path),
        ) from error


@contextlib.contextmanager
def _folder_refused(path: str | os.PathLike[str], target: Path, elsewhere: str) -> Iterator[None]:
    """A :class:`NotWritable` naming ``path`` for a temporary that its folder does not let
    this user make: the new content is made there before it replaces the target, so the
    folder must be writable, even when the target is."""
    try:
        yield
    except PermissionError as error:
        given = os.path.dirname(os.fspath(path)) or "."
        shown = given if os.path.realpath(given) == os.fspath(target.parent) else target.parent
        raise NotWritable(
            errno.EACCES,
            f"cannot write in folder {printable_name(os.fspath(shown))} (permission denied), "
            "where the new "
            f"file is made first: make the folder writable, or {elsewhere}",
            os.fspath(path),
        ) from error


_Link = Callable[[int, str], None]
"""A way to name an unnamed file: ``link(fd, path)``, raising :class:`OSError`."""


def _link_through_proc(fd: int, path: str) -> None:
    os.link(f"/proc/self/fd/{fd}", path, follow_symlinks=True)


_LINKAT: list[tuple[Callable[..., int], Callable[[], int]]] = []
"""The C library's ``linkat`` and ctypes' ``get_errno``, once looked up."""


def _link_empty_path(fd: int, path: str) -> None:
    """``linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH)``, which Python's ``os.link`` cannot
    ask for: names the file itself, where its ``/proc`` link cannot be followed."""
    if not _LINKAT:
        import ctypes  # only where the /proc link failed

        function = ctypes.CDLL(None, use_errno=True).linkat
        whole, text = ctypes.c_int, ctypes.c_char_p
        function.argtypes = [whole, text, whole, text, whole]
        function.restype = whole
        _LINKAT.append((function, ctypes.get_errno))
    linkat, get_errno = _LINKAT[0]
    at_fdcwd, at_empty_path = -100, 0x1000  # Linux's values, on every architecture
    if linkat(fd, b"", at_fdcwd, os.fsencode(path), at_empty_path) != 0:
        number = get_errno()
        raise OSError(number, os.strerror(number), path)


_LINKS: dict[str, _Link | None] = {}
"""How an unnamed file is named in each folder (None: it cannot be, a hidden temporary is
used), found by the first write there (:func:`_temporary`)."""


def _temporary(directory: Path, name: str, mode: int = 0o600) -> tuple[int, str | None]:
    """An open file for the new content: unnamed where the system allows (name None), made
    with ``mode`` (:func:`_creation_mode`)."""
    tmpfile = getattr(os, "O_TMPFILE", 0)
    folder = os.fspath(directory)
    if tmpfile and sys.platform == "linux":
        if folder not in _LINKS:
            _LINKS[folder] = _way_to_name(directory / name, tmpfile)
        if _LINKS[folder] is not None:
            try:
                return os.open(directory, tmpfile | os.O_WRONLY, mode), None
            except OSError:
                _LINKS[folder] = None
    return _named_temporary(directory, name, mode)


def _way_to_name(target: Path, tmpfile: int) -> _Link | None:
    """The first way that names an unnamed file beside ``target``, tried on one made for
    that and dropped (a file once named and unnamed again cannot be named a second time),
    or None: some file systems make no such files, or cannot name them, and some sandboxes
    cannot follow the link of ``/proc/self/fd``."""
    for link in (_link_through_proc, _link_empty_path):
        try:
            fd = os.open(target.parent, tmpfile | os.O_WRONLY, 0o600)
        except OSError:
            return None
        trial = target.parent / _temporary_name(target.name)
        # Until the link is known to have failed, the trial may be named: a Ctrl-C can come
        # at any call of a Python function (even one that cleans up), so the cleanup here
        # and in the other places a name is made calls os.unlink directly.
        named = True
        try:
            link(fd, str(trial))
        except (OSError, AttributeError):  # AttributeError: a C library without linkat
            named = False
            continue
        else:
            return link
        finally:
            # The name first: a Ctrl-C that came during the link is raised as soon as the
            # next call returns, os.close's too, and would skip a removal after it.
            try:
                if named:
                    try:  # noqa: SIM105 (no contextlib.suppress: see above)
                        os.unlink(trial)
                    except OSError:
                        pass
            finally:
                os.close(fd)
    return None


_TIDIED: set[str] = set()
_ANY_NAME = re.compile(".+", re.DOTALL)


def _tidy(directory: Path) -> None:
    """Remove, once a process, the temporaries that processes killed outright left in
    ``directory`` (:func:`remove_abandoned`: of this machine and ended, by their names)."""
    folder = os.fspath(directory)
    if folder not in _TIDIED:
        _TIDIED.add(folder)
        remove_abandoned(directory, _ANY_NAME)


def _temporary_name(name: str) -> str:
    """``.NAME.SPACE.PID-XXXXXXXX.tmp`` (:func:`process_space` and this process's number),
    with NAME cut so that the whole fits in 255 bytes."""
    suffix = f".{process_space()}.{os.getpid()}-{os.urandom(4).hex()}.tmp"
    room = _NAME_MAX - 1 - len(suffix)
    encoded = os.fsencode(name)
    if len(encoded) > room:
        name = os.fsdecode(encoded[:room]).rstrip("\udcff")
        while len(os.fsencode(name)) > room:
            name = name[:-1]
    return f".{name}{suffix}"


_SPACE: list[str] = []


def process_space() -> str:
    """Twelve hexadecimal digits that name the space this process's number is unique in:
    this machine (its network name and, where the system keeps one, its installation's
    ``/etc/machine-id``) and its process namespace (a container's own, on Linux).  Two
    processes with the same number and the same space are the same process; a process of
    another machine or container, sharing a folder, has another space.

    >>> len(process_space()), process_space() == process_space()
    (12, True)
    """
    if not _SPACE:
        import hashlib  # once, and only when a name is made or checked

        parts = [os.uname().nodename if hasattr(os, "uname") else ""]
        with contextlib.suppress(OSError):
            parts.append(Path("/etc/machine-id").read_text().strip())
        with contextlib.suppress(OSError):
            parts.append(str(os.stat("/proc/self/ns/pid").st_ino))
        digest = hashlib.blake2s("\0".join(parts).encode(), digest_size=6).hexdigest()
        _SPACE.append(digest)
    return _SPACE[0]


_ABANDONED = re.compile(
    r"\.(?P<name>.+)\.(?P<space>[0-9a-f]{12})\.(?P<pid>[0-9]{1,9})-[0-9a-f]{8}\.tmp", re.DOTALL
)
"""A hidden temporary of this module: the name it stands for, the space of its process's
number (:func:`process_space`) and that number."""


def remove_abandoned(folder: str | os.PathLike[str], names: re.Pattern[str]) -> list[str]:
    """Remove the hidden temporaries of files named like ``names`` (in full) that processes
    killed outright (SIGKILL, a crash, a machine going down) left in ``folder``: those
    written in this process's space (:func:`process_space`: this machine, this container) by
    a process that no longer runs.  Those of running processes, this one's included, and of
    other machines or containers sharing the folder, are kept: they may still be written.
    A temporary that cannot be removed (another user's, in a shared folder) stays; this never
    fails.  The names removed, in order.

    Nothing is removed on Windows (see :func:`ended`).

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> gone = 999_999_999  # above any system's highest process number: never running
    >>> here, there = process_space(), "0" * 12 if process_space() != "0" * 12 else "1" * 12
    >>> for space, pid in ((here, gone), (here, os.getpid()), (there, gone)):
    ...     _ = (folder / f".p.parquet.{space}.{pid}-0badcafe.tmp").write_bytes(b"")
    >>> removed = remove_abandoned(folder, re.compile(r"p\\.parquet"))
    >>> removed == [f".p.parquet.{here}.{gone}-0badcafe.tmp"]
    True
    >>> len(list(folder.iterdir()))
    2
    """
    removed: list[str] = []
    try:
        with os.scandir(folder) as entries:
            listed = sorted(entries, key=lambda entry: entry.name)
    except OSError:
        return removed
    for entry in listed:
        found = _ABANDONED.fullmatch(entry.name)
        if (
            found is not None
            and names.fullmatch(found.group("name"))
            and found.group("space") == process_space()
            and ended(int(found.group("pid")))
        ):
            with contextlib.suppress(OSError):
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
                    removed.append(entry.name)
    return removed


def ended(pid: int) -> bool:
    """Whether process number ``pid`` has ended on this machine: False while it runs, for
    this process, and when in doubt (another user's process, a number that cannot be one);
    always False on Windows, where asking could stop the process.

    >>> ended(os.getpid()), ended(0), ended(-1)
    (False, False, False)
    """
    if pid <= 0 or pid == os.getpid() or sys.platform == "win32":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):  # another user's process, say
        return False
    return False


def _name_unnamed(fd: int, target: Path, link: _Link | None = None) -> str:
    """Give the unnamed file a temporary name beside ``target``, to rename it over it (by
    ``link``, else the way found for its folder)."""
    link = link or _LINKS[os.fspath(target.parent)] or _link_through_proc
    for _ in range(100):
        name = os.fspath(target.parent / _temporary_name(target.name))
        try:
            link(fd, name)
        except FileExistsError:
            continue
        except OSError:
            raise
        except BaseException:  # a Ctrl-C once the link was made: the caller never knew it
            try:  # noqa: SIM105 (no contextlib.suppress: see _way_to_name)
                os.unlink(name)
            except OSError:
                pass
            raise
        return name
    raise FileExistsError(errno.EEXIST, "no temporary file name is free", os.fspath(target))


def _creation_mode(status: os.stat_result | None) -> int:
    """The mode the new content's file is made with: a new file's (0o666, which the system
    narrows as it does for any program: by the umask, or by the folder's default access
    control list where it has one, which may let a group write what the umask would not);
    for a file that is replaced, 0o600 until it is complete, so that nobody reads the new
    content of a private file meanwhile (:func:`_set_mode` gives it the old file's then)."""
    return 0o666 if status is None else 0o600


def _set_mode(fd: int, status: os.stat_result | None, target: Path) -> None:
    """Give the new file ``fd`` what the file ``target`` had (``status``; None for a new
    file, which keeps what it was made with): its owner and group where this process may
    set them, its extended attributes (POSIX ACLs among them) and its permission bits."""
    if status is None:  # made with the mode of a new file (_creation_mode)
        return
    if hasattr(os, "fchown"):
        try:
            os.fchown(fd, status.st_uid, status.st_gid)
        except OSError as error:  # another user's file: its group still, where ours
            if not _not_given(error):
                raise
            try:
                os.fchown(fd, -1, status.st_gid)
            except OSError as again:
                if not _not_given(again):
                    raise
    _copy_attributes(fd, target)
    if hasattr(os, "fchmod"):  # not on Windows before Python 3.13 (a mode of one bit there)
        os.fchmod(fd, status.st_mode & 0o7777 & ~_SETID)


def _not_given(error: OSError) -> bool:
    """Whether ``error`` of ``fchown`` means that this process may not give the file that
    owner or group: a permission (EPERM), or a user or group number that has no place in
    this process's user namespace (EINVAL: in a rootless container, a file of a user the
    container does not map reads as owned by 65534, which cannot be given)."""
    return isinstance(error, PermissionError) or error.errno == errno.EINVAL


def _copy_attributes(fd: int, target: Path) -> None:
    """Copy the extended attributes of ``target`` to the new file ``fd``: an access control
    list that lets a club member write the file (``system.posix_acl_access``), a user's
    own; one the system does not let this process set (a security label) is left.  A file
    without an access control list gets none: the new file took one from its folder's
    default list, which would let others in where the file did not."""
    if not hasattr(os, "listxattr"):  # not Linux
        return
    try:
        names = os.listxattr(target)
    except OSError:  # a file system without them
        return
    for name in names:
        with contextlib.suppress(OSError):
            os.setxattr(fd, name, os.getxattr(target, name))
    if _ACCESS_LIST not in names:
        with contextlib.suppress(OSError):  # none inherited, or a file system without them
            os.removexattr(fd, _ACCESS_LIST)


_ACCESS_LIST = "system.posix_acl_access"
"""The extended attribute that holds a file's POSIX access control list (Linux)."""


def _sync_directory(directory: Path) -> None:
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
