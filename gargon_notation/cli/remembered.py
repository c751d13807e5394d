"""What ``gargon --help``, ``gargon VERB --help``, ``gargon --version`` and a shell's completion
print, remembered between runs, so that they come at once.

Typer builds the whole command line and rich draws the help: some 200 ms, longer than reading
and checking a game, for text that is the same every time.  It depends only on the arguments,
the environment, the terminals and the code installed; so the first run keeps what it printed
(standard output, standard error, exit code) in a file named by a digest of all of them, and
the next runs with the same digest print that file without importing Typer or rich.

- **The digest** covers the arguments; every environment variable but ``PWD``, ``OLDPWD``,
  ``SHLVL`` and ``_`` (``COLUMNS``, ``NO_COLOR``, ``TERM``, the completion's ``COMP_WORDS``...);
  whether each of standard input, output and error is a terminal, and its size; the Python;
  and the size and time of change of each file of ``gargon_notation.cli``, of
  ``gargon_notation/__init__.py`` (the version) and of Typer's and rich's, so that an upgrade
  or an edit is never answered from an old file.
- **The files** live in ``$XDG_CACHE_HOME/gargon-notation/replies`` (``~/.cache`` without
  it; ``~/Library/Caches`` on macOS), a folder only its owner may read, at most
  :data:`KEPT` of them (the least recently used go first), each written atomically.  A file
  that cannot be read or written is passed over: the command then runs as it always does.
- ``GARGON_NO_CACHE=1`` turns it off; so does Windows, whose console may be written around
  the output stream.

>>> key(["validate", "game.ggn"], {}) is None  # only help, version and completion
True
>>> key(["--help"], {"GARGON_NO_CACHE": "1"}) is None
True
>>> key(["--help"], {"COLUMNS": "80"}) == key(["--help"], {"COLUMNS": "80", "PWD": "/tmp"})
True
>>> key(["--help"], {"COLUMNS": "80"}) == key(["--help"], {"COLUMNS": "100"})
False
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import io
import os
import sys
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO, cast

__all__ = ["KEPT", "Reply", "folder", "key", "recall", "recording"]

KEPT = 64
"""At most this many replies are kept."""

_VOLATILE = frozenset({"PWD", "OLDPWD", "SHLVL", "_"})
"""Environment variables that change from shell to shell but never what is printed."""
_MAGIC = b"gargon-reply 1\n"
_PACKAGE = Path(__file__).resolve().parent.parent


def _remembered_arguments(arguments: list[str], environ: Mapping[str, str]) -> bool:
    if "_GARGON_COMPLETE" in environ:
        return True
    if arguments in ([], ["--help"], ["--version"]):
        return True
    return len(arguments) == 2 and arguments[1] == "--help" and not arguments[0].startswith("-")


def _code_stamps() -> Iterator[str]:
    """Name, size and time of change of each file whose change may change the help."""
    places = [_PACKAGE / "__init__.py"]
    with os.scandir(_PACKAGE / "cli") as entries:
        places += sorted(Path(entry.path) for entry in entries if entry.name.endswith(".py"))
    for name in ("typer", "rich"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            places.append(Path(spec.origin))
    for place in places:
        status = place.stat()
        yield f"{place}\0{status.st_size}\0{status.st_mtime_ns}"


def _terminals() -> Iterator[str]:
    for descriptor in (0, 1, 2):
        try:
            size = os.get_terminal_size(descriptor) if os.isatty(descriptor) else None
        except OSError:
            size = None
        yield f"{descriptor}:{size}"


def key(arguments: list[str], environ: Mapping[str, str]) -> str | None:
    """The digest naming the reply to ``gargon ARGUMENTS`` in this environment, or None when
    it is not one that is remembered (see the module)."""
    if sys.platform == "win32" or environ.get("GARGON_NO_CACHE"):
        return None
    if not _remembered_arguments(arguments, environ):
        return None
    parts = [sys.version, sys.executable, *arguments, "\1"]
    parts += (f"{name}={environ[name]}" for name in sorted(environ) if name not in _VOLATILE)
    try:
        parts += _terminals()
        parts += _code_stamps()
    except OSError:
        return None
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


def folder(environ: Mapping[str, str]) -> Path | None:
    """Where replies are kept (see the module); None without a home folder to keep them in."""
    base = environ.get("XDG_CACHE_HOME", "")
    if sys.platform == "darwin" or not os.path.isabs(base):
        try:
            home = os.path.expanduser("~")
        except (KeyError, RuntimeError):  # no HOME and no entry in the password database
            return None
        if not os.path.isabs(home):
            return None
        caches = ("Library", "Caches") if sys.platform == "darwin" else (".cache",)
        base = os.path.join(home, *caches)
    return Path(base) / "gargon-notation" / "replies"


class Reply:
    """What a command printed and its exit code."""

    __slots__ = ("code", "error", "output")

    def __init__(self, code: int, output: bytes, error: bytes) -> None:
        self.code, self.output, self.error = code, output, error

    def to_bytes(self) -> bytes:
        return (
            _MAGIC
            + b"%d %d %d\n" % (self.code, len(self.output), len(self.error))
            + (self.output + self.error)
        )

    @classmethod
    def from_bytes(cls, data: bytes) -> Reply | None:
        """The reply written by :meth:`to_bytes`, or None for anything else.

        >>> Reply.from_bytes(Reply(2, b"out", b"err").to_bytes()).error
        b'err'
        >>> Reply.from_bytes(Reply(0, b"out", b"").to_bytes()[:-1]) is None
        True
        """
        if not data.startswith(_MAGIC):
            return None
        head, _, body = data[len(_MAGIC) :].partition(b"\n")
        try:
            code, output_size, error_size = (int(field) for field in head.split())
        except ValueError:
            return None
        if output_size < 0 or error_size < 0 or len(body) != output_size + error_size:
            return None
        return cls(code, body[:output_size], body[output_size:])


def recall(digest: str, environ: Mapping[str, str]) -> Reply | None:
    """The reply kept under ``digest``, or None."""
    kept = folder(environ)
    if kept is None:
        return None
    place = kept / digest
    try:
        reply = Reply.from_bytes(place.read_bytes())
        if reply is not None:
            os.utime(place)  # recently used: kept longest
    except OSError:
        return None
    return reply


def _keep(digest: str, reply: Reply, environ: Mapping[str, str]) -> None:
    place = folder(environ)
    if place is None:
        return
    try:
        place.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=place, prefix=".new-")
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(reply.to_bytes())
            os.replace(temporary, place / digest)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        entries = [entry for entry in os.scandir(place) if not entry.name.startswith(".")]
        if len(entries) > KEPT:
            entries.sort(key=lambda entry: entry.stat().st_mtime_ns)
            for entry in entries[: len(entries) - KEPT]:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
    except OSError:
        return


class _Copying(io.BufferedIOBase):
    """A binary stream writing to ``target`` and keeping a copy of what it wrote."""

    def __init__(self, target: BinaryIO) -> None:
        super().__init__()
        self.target = target
        self.copy = io.BytesIO()

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.target.write(data)
        return self.copy.write(data)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return self.target.isatty()

    def fileno(self) -> int:
        return self.target.fileno()


def _copying(stream: io.TextIOWrapper) -> tuple[io.TextIOWrapper, _Copying]:
    copying = _Copying(cast(BinaryIO, stream.buffer))
    wrapper = io.TextIOWrapper(
        cast(Any, copying),
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=stream.line_buffering,
        write_through=True,
    )
    return wrapper, copying


@contextlib.contextmanager
def recording(digest: str, environ: Mapping[str, str]) -> Iterator[None]:
    """Run the body (the command) with standard output and error copied, and keep what they
    got with the exit code under ``digest`` when the body ends by exiting."""
    stdout, stderr = sys.stdout, sys.stderr
    if not (isinstance(stdout, io.TextIOWrapper) and isinstance(stderr, io.TextIOWrapper)):
        yield
        return
    stdout.flush()
    stderr.flush()
    (out_wrapper, output), (error_wrapper, error) = _copying(stdout), _copying(stderr)
    sys.stdout, sys.stderr = out_wrapper, error_wrapper
    code: int | None = None
    try:
        yield
        code = 0
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else None)
        raise
    finally:
        for wrapper in (out_wrapper, error_wrapper):
            with contextlib.suppress(Exception):
                wrapper.flush()
                wrapper.detach()
        sys.stdout, sys.stderr = stdout, stderr
        if code is not None:
            _keep(digest, Reply(code, output.copy.getvalue(), error.copy.getvalue()), environ)
