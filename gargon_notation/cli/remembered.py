"""What ``gargon --help``, ``gargon VERB --help``, ``gargon --version`` and a shell's completion
print, remembered between runs, so that they come at once.

Typer builds the whole command line and rich draws the help: some 200 ms, longer than reading
and checking a game, for text that is the same every time.  It depends only on the arguments,
some environment variables, the terminals and the code installed; so the first run keeps what
it printed (standard output, standard error, exit code) in a file named by a digest of them
all, and the next runs with the same digest print that file without importing Typer or rich.

- **The digest** covers the arguments; the environment variables that Typer, Click and rich
  read (:func:`shapes_output`: ``COLUMNS``, ``NO_COLOR``, ``TERM``, ``FORCE_COLOR``, the
  completion's ``COMP_WORDS``...), and the locale's and Python's (``LANG``, ``LC_*``,
  ``PYTHON*``), but not the rest, which differs from one shell to the next; whether each of
  standard input, output and error is a terminal, and its size; the encoding of standard
  output and error; the Python and its flags; and the size and time of change of each file
  of ``gargon_notation.cli`` and ``gargon_notation.cli.commands``, of
  ``gargon_notation/__init__.py`` (the version), of Typer's and rich's ``__init__.py`` and
  the names of their ``.dist-info`` folders (their versions),
  so that an upgrade or an edit is never answered from an old file.
- **Only a whole reply is kept**: not one cut short by a broken pipe, a full disk or Ctrl-C.
- **The files** live in ``$XDG_CACHE_HOME/gargon-notation/replies`` (``~/.cache`` without
  it; ``~/Library/Caches`` on macOS), and only in a folder of the user running gargon that no
  one else may write to (a completion's reply is run by the shell), made only under a cache
  folder of that user (``sudo`` with someone's ``HOME`` makes nothing there).  At most
  :data:`KEPT` of them, the least recently used going first; each written atomically.  A
  file that cannot be read or written is passed over: the command then runs as it always
  does.
- ``GARGON_NO_CACHE=1`` turns it off; so does Windows, whose console may be written around
  the output stream.

>>> key(["validate", "game.ggn"], {}) is None  # only help, version and completion
True
>>> key(["--help"], {"GARGON_NO_CACHE": "1"}) is None
True
>>> key(["--help"], {"COLUMNS": "80"}) == key(["--help"], {"COLUMNS": "80", "SSH_TTY": "x"})
True
>>> key(["--help"], {"COLUMNS": "80"}) == key(["--help"], {"COLUMNS": "100"})
False
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO, NamedTuple, cast

from gargon_notation.caches import cache_folder, made, private_folder
from gargon_notation.cli.plain import write_all  # loaded already, by gargon_notation.cli

try:
    from _blake2 import blake2b  # hashlib's own, without loading OpenSSL first
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

__all__ = ["KEPT", "Reply", "folder", "key", "print_reply", "recall", "recording", "shapes_output"]

KEPT = 64
"""At most this many replies are kept."""

_SHAPING = frozenset(
    {
        "COLORTERM",
        "COLUMNS",
        "DATABRICKS_RUNTIME_VERSION",
        "FORCE_COLOR",
        "GITHUB_ACTIONS",
        "JUPYTER_COLUMNS",
        "JUPYTER_LINES",
        "LANG",
        "LANGUAGE",
        "LINES",
        "NO_COLOR",
        "PY_COLORS",
        "TERM",
        "TERMINAL_WIDTH",
        "TTY_COMPATIBLE",
        "TTY_INTERACTIVE",
        "UNICODE_VERSION",
        "XDG_CONFIG_HOME",
    }
)
_SHAPING_PREFIXES = ("_TYPER", "TYPER", "COMP_", "_GARGON", "GARGON", "LC_", "PYTHON")
_MAGIC = b"gargon-reply 1\n"
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_CODE_FOLDERS = (("cli",), ("cli", "commands"))
"""The folders of ``gargon_notation`` whose ``.py`` files shape the help (every verb's
options are in ``cli/commands``)."""


def shapes_output(name: str) -> bool:
    """Whether the environment variable ``name`` may change what help, version or completion
    print: one that Typer, its Click or rich read (a test reads their source to check that
    none is missing), or one of the locale's or Python's.

    >>> shapes_output("COLUMNS"), shapes_output("_TYPER_COMPLETE_ARGS"), shapes_output("HOME")
    (True, True, False)
    """
    return name in _SHAPING or name.startswith(_SHAPING_PREFIXES)


def _remembered_arguments(arguments: list[str], environ: Mapping[str, str]) -> bool:
    if environ.get("_GARGON_COMPLETE"):  # Typer completes only when it is not empty
        return True
    if arguments in ([], ["--help"], ["--version"]):
        return True
    return len(arguments) == 2 and arguments[1] == "--help" and not arguments[0].startswith("-")


def _code_stamps() -> Iterator[str]:
    """Name, size and time of change of each file whose change may change the help, and the
    names (with the versions) of Typer's and rich's ``.dist-info`` folders."""
    places = [os.path.join(_PACKAGE, "__init__.py")]
    for folder in _CODE_FOLDERS:
        where = os.path.join(_PACKAGE, *folder)
        if os.path.isdir(where):
            names = sorted(name for name in os.listdir(where) if name.endswith(".py"))
            places += [os.path.join(where, name) for name in names]
    installed: set[str] = set()
    for name in ("typer", "rich"):
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            places.append(spec.origin)
            installed.add(os.path.dirname(os.path.dirname(spec.origin)))
    for place in places:
        status = os.stat(place)
        yield f"{place}\0{status.st_size}\0{status.st_mtime_ns}"
    for site in sorted(installed):
        yield from sorted(
            name
            for name in os.listdir(site)
            if name.endswith(".dist-info") and name.lower().startswith(("typer-", "rich-"))
        )


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
    streams = [  # -E, -X utf8 or a stream replaced in-process: not in the environment
        f"{getattr(stream, 'encoding', None)}:{getattr(stream, 'errors', None)}"
        for stream in (sys.stdout, sys.stderr)
    ]
    parts = [sys.version, sys.executable, repr(sys.flags), *streams, *arguments, "\1"]
    parts += (f"{name}={environ[name]}" for name in sorted(environ) if shapes_output(name))
    try:
        parts += _terminals()
        parts += _code_stamps()
    except OSError:
        return None
    digest = blake2b(digest_size=20)
    for part in parts:
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


def folder(environ: Mapping[str, str]) -> str | None:
    """Where replies are kept (see the module); None without a home folder to keep them in."""
    return cache_folder("replies", environ)


class Reply(NamedTuple):
    """What a command printed and its exit code (a named tuple: an attrs class would import
    attrs, which costs more than printing the reply)."""

    code: int
    output: bytes
    error: bytes

    def to_bytes(self) -> bytes:
        return (
            _MAGIC
            + b"%d %d %d\n" % (self.code, len(self.output), len(self.error))
            + (self.output + self.error)
        )

    @classmethod
    def from_bytes(cls, data: bytes) -> Reply | None:
        """The reply written by :meth:`to_bytes`, or None for anything else.

        >>> Reply.from_bytes(Reply(2, b"out", b"err").to_bytes())
        Reply(code=2, output=b'out', error=b'err')
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


def _writable_streams() -> bool:
    """Whether standard output and error are streams a reply's bytes can be written to
    (not closed, not a caller's ``StringIO``)."""
    return all(isinstance(stream, io.TextIOWrapper) for stream in (sys.stdout, sys.stderr))


def recall(digest: str, environ: Mapping[str, str]) -> Reply | None:
    """The reply kept under ``digest``, or None."""
    place = folder(environ)
    if place is None or not _writable_streams() or not private_folder(place):
        return None
    kept = os.path.join(place, digest)
    try:
        with open(kept, "rb") as file:
            reply = Reply.from_bytes(file.read())
    except OSError:
        return None
    if reply is not None:
        with contextlib.suppress(OSError):  # a read-only cache still answers
            os.utime(kept)  # recently used: kept longest
    return reply


def print_reply(reply: Reply) -> int:
    """Print ``reply`` and give its exit code; on a broken pipe, say nothing more and give 1,
    as rich does."""
    for stream, data in ((sys.stdout, reply.output), (sys.stderr, reply.error)):
        if not data:
            continue  # nothing written, as the first time (/dev/full fails even an empty write)
        try:
            stream.flush()
            write_all(stream.buffer, data)
            stream.flush()
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
            return 1
    return reply.code


def _is_digest(name: str) -> bool:
    """Whether ``name`` is that of a reply: nothing else in the folder is ever removed.

    >>> _is_digest("0" * 40), _is_digest("thesis.txt")
    (True, False)
    """
    return len(name) == 40 and not name.strip("0123456789abcdef")


def _keep(digest: str, reply: Reply, environ: Mapping[str, str]) -> None:
    place = folder(environ)
    if place is None or not made(place):
        return
    import tempfile  # only when a reply is new

    try:
        descriptor, temporary = tempfile.mkstemp(dir=place, prefix=".new-")
        try:
            with os.fdopen(descriptor, "wb") as file:
                file.write(reply.to_bytes())
            os.replace(temporary, os.path.join(place, digest))
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        with os.scandir(place) as found:
            entries = [entry for entry in found if _is_digest(entry.name)]
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
        self.failed = False
        """Whether a write or flush failed (a broken pipe, a full disk): the copy is not
        what was printed."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        try:
            self.target.write(data)
        except BaseException:
            self.failed = True
            raise
        return self.copy.write(data)

    def flush(self) -> None:
        try:
            self.target.flush()
        except BaseException:
            self.failed = True
            raise

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


def _interrupted(exit: SystemExit) -> bool:
    """Whether the exit came from Ctrl-C or a failed write (Typer's ``Exit(130)``, rich's
    exit 1 on a broken pipe), which another run would not repeat."""
    cause: BaseException | None = exit
    while cause is not None:
        if isinstance(cause, (KeyboardInterrupt, OSError)):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


@contextlib.contextmanager
def recording(digest: str, environ: Mapping[str, str]) -> Iterator[None]:
    """Run the body (the command) with standard output and error copied, and keep what they
    got with the exit code under ``digest`` when the body ends by exiting, whole."""
    if not _writable_streams():
        yield
        return
    stdout, stderr = cast(io.TextIOWrapper, sys.stdout), cast(io.TextIOWrapper, sys.stderr)
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
        if _interrupted(exit):
            code = None
        raise
    finally:
        for wrapper in (out_wrapper, error_wrapper):
            try:
                wrapper.flush()
                wrapper.detach()
            except Exception:
                code = None
        sys.stdout, sys.stderr = stdout, stderr
        if output.failed or error.failed:
            code = None
        if code is not None:
            _keep(digest, Reply(code, output.copy.getvalue(), error.copy.getvalue()), environ)
