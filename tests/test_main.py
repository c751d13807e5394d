"""The command's entry point (:mod:`gargon_notation.__main__`, run by the ``gargon`` console
script and by ``python -m gargon_notation``): Ctrl-C ends the command as it always does (exit
130, no traceback, what was printed stands, nothing half-written) from the first moment the
command's own code runs, while its modules load too.

Each test runs the console script that pip writes for the entry point of ``pyproject.toml`` in
a real process, which sends itself SIGINT as the command looks for the N-th module it imports
after the entry point's (so the signal comes at a known place, wherever the modules' loading
stands): once at that moment, and once inside a weakref's callback, where Python cannot raise
it (as when it comes while the import system frees a module's lock).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ENTRY = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"][
    "gargon"
]

CHILD = textwrap.dedent(
    '''
    import _signal, os, runpy, sys, weakref

    # Ctrl-C as in a terminal, even when the tests run in the background (SIGINT ignored).
    _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    entry, at, where, script, *arguments = sys.argv[1:]


    def ctrl_c():
        os.kill(os.getpid(), _signal.SIGINT)


    def ctrl_c_in_a_callback():
        class Freed:
            pass

        freed = Freed()
        kept = weakref.ref(freed, lambda _: ctrl_c())
        del freed


    class CtrlC:
        """Ctrl-C as the command looks for the at-th module after its entry point's."""

        seen = None

        def find_spec(self, name, path=None, target=None):
            if name == entry:
                self.seen = 0
            elif self.seen is not None:
                self.seen += 1
                if self.seen == int(at):
                    (ctrl_c if where == "import" else ctrl_c_in_a_callback)()
            return None


    sys.meta_path.insert(0, CtrlC())
    sys.argv = [script, *arguments]
    if script == "-m":
        runpy.run_module("gargon_notation", run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(script, run_name="__main__")
    '''
)


def console_script(entry: str) -> str:
    """The ``gargon`` script pip writes for ``entry`` (``module:function``)."""
    module, _, function = entry.partition(":")
    return (
        "import re\n"
        "import sys\n"
        f"from {module} import {function}\n"
        "if __name__ == '__main__':\n"
        "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
        f"    sys.exit({function}())\n"
    )


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "gargon"
    path.write_text(console_script(ENTRY), encoding="utf-8")
    return path


def interrupted(
    script: Path | str, at: int, where: str, *arguments: str, cwd: Path
) -> subprocess.CompletedProcess[bytes]:
    """``gargon ARGUMENTS`` sent Ctrl-C as it looks for the ``at``-th module after its entry
    point's, at that moment or inside a weakref's callback (``where``: import, callback)."""
    entry = "gargon_notation.__main__" if script == "-m" else ENTRY.partition(":")[0]
    return subprocess.run(
        [sys.executable, "-c", CHILD, entry, str(at), where, str(script), *arguments],
        cwd=cwd,
        capture_output=True,
        timeout=60,
    )


def ended_by_ctrl_c(result: subprocess.CompletedProcess[bytes], uninterrupted: bytes) -> bool:
    """Whether Ctrl-C ended the command as it always does: exit 130, nothing on standard error,
    what was printed (part of what ``uninterrupted`` prints) standing.  False when the command
    ran to its end (the signal never came); anything else fails."""
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    if result.returncode == 0 and result.stdout == uninterrupted:
        return False
    assert (result.returncode, result.stderr) == (130, b"")
    assert uninterrupted.startswith(result.stdout)
    return True


POINTS = [
    *((at, "import") for at in (1, 2, 3, 4, 6, 10, 16, 26, 42, 68)),
    *((at, "callback") for at in (16, 42, 68)),
]


@pytest.mark.slow
def test_ctrl_c_while_the_command_starts_ends_it_quietly(script: Path, tmp_path: Path) -> None:
    """``gargon validate`` interrupted at points from the entry point to the work (which
    imports some 90 modules after the entry point's), through the console script and
    ``python -m gargon_notation``."""
    game = tmp_path / "game.ggn"
    game.write_bytes((EXAMPLES / "rulebook-round.ggn").read_bytes())
    whole = subprocess.run(
        [sys.executable, str(script), "validate", game.name], cwd=tmp_path, capture_output=True
    )
    assert whole.returncode == 0 and whole.stdout.startswith(b"ok game.ggn")
    runs: list[tuple[Path | str, int, str]] = [(script, at, where) for at, where in POINTS]
    runs += [("-m", 1, "import"), ("-m", 42, "callback")]
    for command, at, where in runs:
        result = interrupted(command, at, where, "validate", game.name, cwd=tmp_path)
        assert ended_by_ctrl_c(result, whole.stdout), (command, at, where)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["import", "callback"])
def test_ctrl_c_at_every_module_the_command_loads(script: Path, tmp_path: Path, where: str) -> None:
    """Every module looked for, until the command ends before the N-th: ``validate``, and
    ``fmt --in-place``, which leaves the file as it was or rewritten whole, and nothing
    beside it."""
    records = tmp_path / "records"
    records.mkdir()
    game = records / "game.ggn"
    original = (EXAMPLES / "rulebook-round.ggn").read_text(encoding="utf-8")
    untidy = original.replace("\n1.", "\n\n1.").encode()
    canonical = subprocess.run(
        [sys.executable, str(script), "fmt", "-"], input=untidy, capture_output=True, check=True
    ).stdout
    assert canonical != untidy
    for verb in ("validate", "fmt"):
        arguments = ["validate", "game.ggn"] if verb == "validate" else ["fmt", "-i", "game.ggn"]
        game.write_bytes(untidy)
        whole = subprocess.run(
            [sys.executable, str(script), *arguments], cwd=records, capture_output=True
        )
        assert whole.returncode == 0, whole.stderr
        at = 0
        while True:
            at += 1
            game.write_bytes(untidy)
            result = interrupted(script, at, where, *arguments, cwd=records)
            if not ended_by_ctrl_c(result, whole.stdout):
                break  # the command looked for fewer modules
            assert game.read_bytes() in (untidy, canonical)
            assert os.listdir(records) == ["game.ggn"]
        assert at > 60, f"{verb}: Ctrl-C came at only {at - 1} places"
