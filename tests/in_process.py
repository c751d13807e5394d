"""The ``gargon`` command run in the test's own process, for the tests whose point is what it
prints and its exit code, not the process around it (start-up, signals, memory, terminals).

:func:`gargon` runs :func:`gargon_notation.cli.run` (what ``python -m gargon_notation`` and the
``gargon`` script run) with the command line, working directory, environment and standard
streams of a process started by ``subprocess.run(..., capture_output=True)``: the outputs are
pipes, not terminals, and write ``encoding`` as ``PYTHONIOENCODING`` would make them; no
console of an earlier command is kept (each command makes its own, as a process does).  It
answers as ``subprocess.run`` does.

Typer builds the click command of an app, every verb's options read from its signature, each
time the app is called, which costs more than most commands take; here (and in
:class:`CliRunner`, Typer's with that change) it is built once.
"""

from __future__ import annotations

import functools
import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from click.testing import Result

from gargon_notation.cli import common, run

__all__ = ["CliRunner", "gargon"]

_built = functools.cache(lambda app, _verbs, build=typer.main.get_command: build(app))


def _command_of(app: typer.Typer) -> Any:
    """The app's click command, built once for each number of verbs registered: a command
    line of one verb registers its group alone (gargon_notation.cli.commands.load), so a
    command built then lacked the verbs of every later command line (test_cli_inputs.py run
    on its own: 'No such command' 27 times)."""
    return _built(app, len(app.registered_commands))


class CliRunner(typer.testing.CliRunner):
    """Typer's CliRunner, building the click command of each app once."""

    def invoke(self, app: typer.Typer, *arguments: Any, **options: Any) -> Result:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(typer.testing, "_get_command", _command_of)
            return super().invoke(app, *arguments, **options)


def gargon(
    *arguments: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    stdin: bytes = b"",
    encoding: str = "utf-8",
) -> subprocess.CompletedProcess[bytes]:
    """``gargon ARGUMENTS`` in this process: its exit code, standard output and error.

    ``env`` is added to this process's environment for the call (a value of ``""`` removes
    the variable).  Standard error replaces what ``encoding`` cannot write by escapes, as
    Python's own standard error does.  An exception escaping the command is raised here (where
    the process would print a traceback), failing the test.
    """
    stdout, stderr = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
        io.TextIOWrapper(stdout, encoding=encoding, write_through=True),
        io.TextIOWrapper(stderr, encoding=encoding, errors="backslashreplace", write_through=True),
    )
    code: int
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.main, "get_command", _command_of)
        patch.setattr(sys, "argv", ["gargon", *arguments])
        if cwd is not None:
            patch.chdir(cwd)
        for name, value in (env or {}).items():
            if value:
                patch.setenv(name, value)
            else:
                patch.delenv(name, raising=False)
        # the consoles and settings of an earlier command in this process are not this one's
        patch.delattr(common, "out", raising=False)
        patch.delattr(common, "err", raising=False)
        patch.setattr(common, "_no_color", [False])
        patch.setattr(common, "_plain_err", [])
        patch.setattr(sys, "stdin", streams[0])
        patch.setattr(sys, "stdout", streams[1])
        patch.setattr(sys, "stderr", streams[2])
        try:
            run()
            code = 0
        except SystemExit as end:
            if end.code is None or isinstance(end.code, int):
                code = end.code or 0
            else:  # sys.exit("message"), as Python itself prints it
                streams[2].write(f"{end.code}\n")
                code = 1
        finally:
            for stream in streams[1:]:
                stream.flush()
    result = subprocess.CompletedProcess(
        ["gargon", *arguments], code, stdout.getvalue(), stderr.getvalue()
    )
    for stream in streams:
        stream.detach()  # keeps the byte buffers open once the wrappers are collected
    return result
