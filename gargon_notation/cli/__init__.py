"""The ``gargon`` command: validate, record, show, replay, score, annotate, fmt, convert,
check-hidden, merge, filter, cat, split, stats, schema, simulate.

The only place of the project that prints or sets exit codes; every verb parses its options,
calls the library (files through :mod:`gargon_notation.files`) and prints.  One module per
job:

- :mod:`~gargon_notation.cli.program`: the Typer app, its callback and entry point;
- :mod:`~gargon_notation.cli.common`: the consoles, how errors are printed, and
  :class:`~gargon_notation.cli.common.Exit` (neither Typer nor rich imported);
- :mod:`~gargon_notation.cli.commands`: every verb's options and help, one module a group of
  verbs (a command line of one verb registers only its group), importing the module that
  does its work only when it runs;
- :mod:`~gargon_notation.cli.inputs`: paths to records, results back to files;
- :mod:`~gargon_notation.cli.report`: what ``validate`` does and prints, run by
  :mod:`~gargon_notation.cli.validate` (in parallel with ``--jobs``);
- :mod:`~gargon_notation.cli.view`: ``show``, ``replay``, ``score``, with the interactive
  ``replay`` in :mod:`~gargon_notation.cli.stepper` (keys read by
  :mod:`~gargon_notation.cli.keys`);
- :mod:`~gargon_notation.cli.edit`: ``annotate``, ``fmt``, ``convert``, ``schema``;
- :mod:`~gargon_notation.cli.simulate`: ``simulate``;
- :mod:`~gargon_notation.cli.seats`: ``convert --seat``, ``check-hidden``, ``merge``;
- :mod:`~gargon_notation.cli.seated`: the games a ``--seat`` played, for ``html``, ``svg``
  and ``convert``;
- :mod:`~gargon_notation.cli.record`: ``record``, with its terminal application
  :mod:`~gargon_notation.cli.recorder_app`;
- :mod:`~gargon_notation.cli.archive`: ``filter``, ``cat``, ``split``, ``dedupe`` (with
  :mod:`~gargon_notation.cli.ordered`, which keeps the order of ``filter``'s options for
  ``--not``);
- :mod:`~gargon_notation.cli.stats`: ``stats``;
- :mod:`~gargon_notation.cli.parallel` and :mod:`~gargon_notation.cli.progress`: what the
  verbs with ``--jobs`` share (games worked on in :mod:`gargon_notation.parallel`'s worker
  processes, text drawn there as the console would draw it), and the progress bar.

**Starting at once.**  Typer, rich and the verbs' modules are imported only when needed
(``app``, ``out`` and ``err`` are looked up on first use).  :func:`run` reads the arguments of
``gargon validate``, ``fmt`` and ``dedupe`` itself when they are plain (the verb, known
options, paths), since those are the commands run most on the smallest files, and the
cheapest work beside their start-up: :mod:`~gargon_notation.cli.quick` says when; any other
command line, ``--help`` and every mistake included, goes to Typer, which prints what it
always does.  What Typer prints for help, ``--version`` and a shell's completion is kept and
printed again by :mod:`~gargon_notation.cli.remembered` while nothing that shapes it changes.

Exit codes: 0 success; 1 an invalid record (or ``--check`` finding work to do); 2 a usage or
I/O error.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import sys
from typing import TYPE_CHECKING

from gargon_notation.cli.plain import printable, utf8_stdout, write_lines
from gargon_notation.cli.quick import MAX_JOBS, QUICK_VERBS, VALIDATE
from gargon_notation.errors import GargonError

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console
    from typer import Typer

__all__ = ["MAX_JOBS", "app", "err", "load_verbs", "out", "quick_validate_options", "run"]


def quick_validate_options(arguments: list[str]) -> dict[str, object] | None:
    """The options of ``gargon validate ARGUMENTS`` when every argument is plain: a known
    flag, ``--jobs N`` (``--jobs=N``, ``-j N``) with N in 1-256, a path, ``--`` and paths
    after it; at least one path.  None for anything else, which Typer then reads
    (:mod:`~gargon_notation.cli.quick` reads ``fmt`` and ``dedupe`` the same way).

    >>> options = quick_validate_options(["examples/", "-j", "2", "--quiet", "--no-color"])
    >>> options
    {'strict': False, 'as_json': False, 'quiet': True, 'no_color': True, 'jobs': 2, ...}
    >>> options["paths"], options["dask"]
    (['examples/'], None)
    >>> quick_validate_options(["--", "-odd name.ggn"])["paths"]
    ['-odd name.ggn']
    >>> quick_validate_options(["game.ggn", "--help"]) is None
    True
    >>> quick_validate_options(["game.ggn", "--jobs", "0"]) is None
    True
    >>> quick_validate_options(["game.ggn", "--dask", "tcp://10.0.0.5:8786"]) is None
    True
    """
    return VALIDATE.read(arguments)


def run(let_ctrl_c_through: Callable[[], object] | None = None) -> None:
    """The ``gargon`` command: exit 0, 1 or 2 (see above); a
    :class:`~gargon_notation.errors.GargonError` escaping a verb is printed, with exit 1 (2 for
    a ``--jobs`` worker lost).
    Ctrl-C before a verb could take it (while the modules load, say) is exit 130 without a
    traceback, and output that cannot be written (a full disk) one line and exit 2.

    ``let_ctrl_c_through`` ends a hold on Ctrl-C that the caller put on while this module
    loaded (the command's entry point, :mod:`gargon_notation.__main__`, does): called first
    thing, where a Ctrl-C that came meanwhile ends the command as a later one does."""
    try:
        if let_ctrl_c_through is not None:
            let_ctrl_c_through()
        _run()
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except OSError as error:
        raise SystemExit(_unwritable(error)) from None


def _unwritable(error: OSError) -> int:
    """Say that the output could not be written, if standard error still can be; the exit
    code (1 for a reader that went away, as rich gives, else 2)."""
    with contextlib.suppress(OSError, ValueError):  # nothing more reaches a closed stream
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if isinstance(error, BrokenPipeError):
        return 1
    from gargon_notation.errors import FileError

    if error.filename is not None:
        said = str(FileError.from_os_error(os.fsdecode(error.filename), error))
    elif error.errno in _FULL:
        said = str(FileError.from_os_error("standard output", error))
    else:  # not known to be the output's (too many open files, say)
        said = FileError.from_os_error("", error).reason
    with contextlib.suppress(OSError, ValueError):
        write_lines([((printable(f"gargon: {said}"), ""),)], stderr=True)
    return 2


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
"""What writing the output meets on a full disk or over a quota."""


def _run() -> None:
    utf8_stdout()
    arguments = sys.argv[1:]
    verb = QUICK_VERBS.get(arguments[0]) if arguments else None
    options = None if verb is None else verb.read(arguments[1:])
    if verb is None or options is None:
        _run_typer(arguments)
        return
    try:
        code = verb.function()(**options)
    except GargonError as error:
        from gargon_notation.cli.common import escaped

        escaped(error)
    except KeyboardInterrupt:
        code = 130  # Ctrl-C: what was printed stands, no traceback (as on the Typer path)
    raise SystemExit(code)


def _run_typer(arguments: list[str]) -> None:
    """Typer's answer, or the one it gave before (help, version, completion: see
    :mod:`~gargon_notation.cli.remembered`)."""
    from gargon_notation.cli import remembered

    digest = remembered.key(arguments, os.environ)
    reply = None if digest is None else remembered.recall(digest, os.environ)
    if reply is not None:
        raise SystemExit(remembered.print_reply(reply))
    from gargon_notation.cli.program import run as run_typer

    verb = arguments[0] if arguments else None
    if digest is None:
        run_typer(verb)
        return
    with remembered.recording(digest, os.environ):
        run_typer(verb)


def load_verbs(verb: str | None = None) -> None:
    """Register every verb on ``app``, or only ``verb``'s module of verbs when it is a verb's
    name (:func:`gargon_notation.cli.commands.load`)."""
    from gargon_notation.cli.commands import load

    load(verb)


def __getattr__(name: str) -> Typer | Console:
    if name not in ("app", "err", "out"):
        raise AttributeError(f"module 'gargon_notation.cli' has no attribute {name!r}")
    load_verbs()
    where = "gargon_notation.cli.program" if name == "app" else "gargon_notation.cli.common"
    value: Typer | Console = getattr(importlib.import_module(where), name)
    return value
