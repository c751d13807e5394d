"""Reading inputs and writing outputs for the command line: the only file I/O of the project.

- :func:`find_inputs` expands the paths given on the command line (files, directories
  searched for ``*.ggn``, ``-`` for standard input).
- :func:`open_input` opens one of them as binary lines, so the notation's stream reader can
  decode it line by line in constant memory.
- :func:`atomic_write` replaces a file so that an interruption never leaves it truncated or
  half written.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import attrs

from gargon_notation.errors import NotationError

__all__ = [
    "Input",
    "InputError",
    "atomic_write",
    "decode_text",
    "find_inputs",
    "looks_like_json",
    "open_input",
    "read_bytes",
]

STDIN = "-"


class InputError(Exception):
    """A path that cannot be read (missing, unreadable, not a .ggn directory entry...)."""


@attrs.frozen
class Input:
    """A file to read (``path`` None: standard input) and the name to show for it."""

    name: str
    path: Path | None

    @property
    def size(self) -> int:
        """Its size in bytes (0 for standard input)."""
        return self.path.stat().st_size if self.path is not None else 0


def find_inputs(paths: list[str], pattern: str = "*.ggn") -> list[Input]:
    """Expand command-line paths: directories are searched recursively, sorted by name.

    Raises :class:`InputError` for a path that does not exist.
    """
    inputs: list[Input] = []
    for text in paths:
        if text == STDIN:
            inputs.append(Input("<stdin>", None))
            continue
        path = Path(text)
        if path.is_dir():
            inputs.extend(Input(str(found), found) for found in sorted(path.rglob(pattern)))
        elif path.is_file():
            inputs.append(Input(text, path))
        elif path.exists():
            raise InputError(f"{text}: not a regular file or directory")
        else:
            raise InputError(f"{text}: no such file or directory")
    return inputs


@contextlib.contextmanager
def open_input(source: Input) -> Iterator[BinaryIO]:
    """The input as a binary stream (iterate it for lines).

    Raises :class:`InputError` when it cannot be opened.
    """
    if source.path is None:
        yield sys.stdin.buffer
        return
    try:
        handle = source.path.open("rb")
    except OSError as error:
        raise InputError(f"{source.name}: {error.strerror or error}") from None
    with handle:
        yield handle


def read_bytes(source: Input) -> bytes:
    """The whole input.

    Raises :class:`InputError` when it cannot be read.
    """
    with open_input(source) as handle:
        try:
            return handle.read()
        except OSError as error:
            raise InputError(f"{source.name}: {error.strerror or error}") from None


def looks_like_json(source: Input, head: bytes) -> bool:
    """JSON by its name (``.json``); a ``.ggn`` file never is; otherwise (standard input and
    other names) when it opens like the JSON form, ``{"format"``, rather than with a brace
    comment."""
    if source.path is not None:
        suffix = source.path.suffix.lower()
        if suffix in (".json", ".ggn"):
            return suffix == ".json"
    start = head[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    return start.startswith(b"{") and start[1:].lstrip(b" \t\r\n").startswith(b'"format"')


def decode_text(source: Input, data: bytes) -> str:
    """UTF-8 text (a byte-order mark is dropped).

    Raises :class:`~gargon_notation.errors.NotationError` naming the byte offset of the first
    undecodable byte.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise NotationError(
            f"not UTF-8 text: undecodable byte 0x{data[error.start]:02x} "
            f"at byte offset {error.start}",
            source=source.name,
        ) from None


def atomic_write(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically.

    The text goes to a temporary file in the same directory, which is flushed, synced to disk
    and renamed over the original, so a reader (or a crash) sees either the old file or the
    new one, never a mix.  The original's permission bits are kept (a new file gets the
    usual ones for the umask).
    """
    directory = path.resolve().parent
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
