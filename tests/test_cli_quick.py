"""The quick start of ``gargon validate`` (``gargon_notation.cli.run``): it reads plain command
lines itself, without typer or rich, reads them as Typer does, and prints what Typer's command
prints."""

from __future__ import annotations

import fcntl
import importlib
import inspect
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import in_process
import pytest
from in_process import CliRunner
from rich.text import Text
from test_cli_common import styles_joined

import gargon_notation.cli.report as report
from gargon_notation.cli import app, common, quick_validate_options
from gargon_notation.cli.plain import printable
from gargon_notation.cli.quick import QUICK_VERBS
from gargon_notation.cli.terminal import SafeConsole

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data" / "cli"

COMMAND_LINES = [
    ["a.ggn"],
    ["a.ggn", "b.ggn", "-"],
    ["--strict", "a.ggn"],
    ["a.ggn", "--json", "--quiet"],
    ["-q", "a.ggn", "--jobs", "2"],
    ["--jobs=3", "a.ggn"],
    ["-j", "256", "a.ggn", "--strict", "--strict"],
    ["--", "--strict", "-q"],
    ["a.ggn", "--", "-j"],
    ["-j", "02", "a.ggn"],
    ["a.ggn", "--no-color", "-q"],
]


@pytest.mark.parametrize("arguments", COMMAND_LINES)
def test_plain_command_lines_are_read_as_typer_reads_them(
    arguments: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def record(paths: list[str], **options: object) -> int:
        seen.update(options, paths=paths)
        return 0

    monkeypatch.setattr(report, "validate_paths", record)
    result = CliRunner().invoke(app, ["validate", *arguments])
    assert result.exit_code == 0, result.output
    assert quick_validate_options(arguments) == seen


@pytest.mark.parametrize(
    "arguments",
    [
        [],
        ["--help"],
        ["a.ggn", "-h"],
        ["a.ggn", "--jobs"],
        ["a.ggn", "--jobs", "0"],
        ["a.ggn", "--jobs", "257"],
        ["a.ggn", "--jobs", "x"],
        ["a.ggn", "--jobs", "\u0663"],
        ["a.ggn", "-j2"],
        ["a.ggn", "-qs"],
        ["a.ggn", "--strikt"],
        ["--json"],
    ],
)
def test_anything_else_is_left_to_typer(arguments: list[str]) -> None:
    assert quick_validate_options(arguments) is None


def gargon(*arguments: str, cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "gargon_notation", *arguments],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env={**os.environ, "COLUMNS": "80"},
        timeout=60,
    )


def _same_as_typer(
    quick: subprocess.CompletedProcess[bytes], typer: subprocess.CompletedProcess[bytes]
) -> None:
    """The quick start printed what Typer's reading of the same command line printed, exit
    code, standard output and error, without a traceback."""
    assert b"Traceback" not in quick.stderr
    assert (quick.returncode, quick.stdout, quick.stderr) == (
        typer.returncode,
        typer.stdout,
        typer.stderr,
    )


@pytest.fixture
def work(tmp_path: Path) -> Path:
    for path in [*EXAMPLES.glob("*.ggn"), *DATA.glob("*.ggn")]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "empty.ggn").write_text("", encoding="utf-8")
    (tmp_path / "odd\x1b[2J.ggn").write_text("[Players]\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "arguments",
    [
        ["club-night.ggn"],
        ["broken.ggn", "rulebook-round.ggn"],
        ["several-mistakes.ggn", "--quiet"],
        ["club-night.ggn", "broken.ggn", "--json"],
        ["empty.ggn", "club-night.ggn"],
        ["missing.ggn"],
        ["odd\x1b[2J.ggn"],
        ["club-night.ggn", "--strict", "broken.ggn"],
    ],
)
def test_the_quick_start_prints_what_typer_prints(work: Path, arguments: list[str]) -> None:
    """``-j1`` is not a plain option, so Typer reads that command line: both must agree.
    Both run in this process, through the command's entry point (the real command is
    compared below)."""
    quick = in_process.gargon("validate", *arguments, cwd=work, env={"COLUMNS": "80"})
    typer = in_process.gargon("validate", "-j1", *arguments, cwd=work, env={"COLUMNS": "80"})
    _same_as_typer(quick, typer)


def test_the_quick_start_of_the_real_command_prints_what_typer_prints(work: Path) -> None:
    """The real command, with workers (``--jobs 2`` is plain, ``-j2`` is not)."""
    quick = gargon("validate", ".", "--quiet", "--jobs", "2", cwd=work)
    typer = gargon("validate", "-j2", ".", "--quiet", cwd=work)
    _same_as_typer(quick, typer)


def test_the_quick_start_imports_neither_typer_nor_rich_nor_lark() -> None:
    script = (
        "import sys\n"
        "sys.argv = ['gargon', 'validate', sys.argv[1]]\n"
        "from gargon_notation.cli import run\n"
        "try:\n"
        "    run()\n"
        "except SystemExit as end:\n"
        "    code = end.code\n"
        "loaded = {name.partition('.')[0] for name in sys.modules}\n"
        "print(code, sorted(loaded & {'typer', 'click', 'rich', 'lark', 'concurrent'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(EXAMPLES / "rulebook-round.ggn")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.splitlines()[-1] == "0 []"


@pytest.mark.parametrize(
    ("environment", "styles"),
    [
        ({"FORCE_COLOR": "1"}, "colours"),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, "bold"),
        ({"FORCE_COLOR": "1", "TERM": "dumb"}, None),
        ({}, None),
    ],
)
def test_colours_only_where_asked_for(
    work: Path, environment: dict[str, str], styles: str | None
) -> None:
    """Styles go to terminals, into a pipe only with ``FORCE_COLOR``, never on a dumb
    terminal, and with ``NO_COLOR`` without their colours (as rich decides for the other
    verbs).  The coloured case runs the real command, the others its entry point in this
    process."""
    arguments = ["validate", "club-night.ggn", "broken.ggn"]
    if styles == "colours":
        clean = {
            k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TERM")
        }
        result = subprocess.run(
            [sys.executable, "-m", "gargon_notation", *arguments],
            cwd=work,
            capture_output=True,
            env={**clean, **environment},
            timeout=60,
        )
    else:
        unset = {"FORCE_COLOR": "", "NO_COLOR": "", "TERM": ""}
        result = in_process.gargon(*arguments, cwd=work, env={**unset, **environment})
    assert result.returncode == 1
    if styles == "colours":
        assert result.stdout.startswith(b"\x1b[1;32mok club-night.ggn game 1")
        assert b'\x1b[1;31mINVALID broken.ggn game 1 "Broken round": 1 problem\x1b[0m\n' in (
            result.stdout
        )
    elif styles == "bold":
        assert result.stdout.startswith(b"\x1b[1mok club-night.ggn game 1")
        assert b'\x1b[1mINVALID broken.ggn game 1 "Broken round": 1 problem\x1b[0m\n' in (
            result.stdout
        )
        assert b"\x1b[3" not in result.stdout + result.stderr
    else:
        assert result.stdout.startswith(b"ok club-night.ggn game 1")
        assert b"\x1b" not in result.stdout


FORCED = {"FORCE_COLOR": "1", "NO_COLOR": "", "TERM": ""}
"""Colours forced into a pipe, whatever the environment of the test run."""


@pytest.mark.parametrize("arguments", [["--no-color"], ["--no-color", "-j1"]])
def test_no_color_is_plain_even_where_colours_are_forced(work: Path, arguments: list[str]) -> None:
    """``--no-color`` on the quick path (and on Typer's: ``-j1`` is not plain), with
    ``FORCE_COLOR`` set: the same lines, no escape code, on standard output and error."""
    coloured = in_process.gargon(
        "validate", "club-night.ggn", "broken.ggn", "missing.ggn", cwd=work, env=FORCED
    )
    plain = in_process.gargon(
        "validate", "club-night.ggn", "broken.ggn", *arguments, cwd=work, env=FORCED
    )
    missing = in_process.gargon("validate", "missing.ggn", *arguments, cwd=work, env=FORCED)
    assert b"\x1b[" in coloured.stderr
    assert plain.returncode == 1
    assert plain.stdout.startswith(b"ok club-night.ggn game 1")
    assert b'INVALID broken.ggn game 1 "Broken round": 1 problem\n' in plain.stdout
    assert b"\x1b" not in plain.stdout + plain.stderr
    assert missing.returncode == 2
    assert missing.stderr.startswith(b"gargon: ") and b"\x1b" not in missing.stderr


def test_a_reader_that_goes_away_ends_the_command_quietly(work: Path) -> None:
    """``gargon validate ... | head -1``: no traceback when the pipe closes."""
    big = work / "big.ggn"
    big.write_bytes((work / "club-night.ggn").read_bytes() * 300)
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "validate", "big.ggn"],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"ok big.ggn game 1")
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait(timeout=60) == 1
    assert errors == b""


SMALL_PIPE = hasattr(fcntl, "F_SETPIPE_SZ")
"""Linux lets a pipe be made as small as a page (4 kB, not 64 kB): a reader that goes away
after its first line then leaves most of a short output unwritten."""


@pytest.mark.parametrize(
    "arguments",
    [
        # 20 games: some 30 kB, more than twice what a 4 kB pipe and its reader's buffer (8 kB)
        # take in before the reader goes away (100 games, 150 kB, with a 64 kB pipe)
        ["simulate", "--games", "20" if SMALL_PIPE else "100"],
        pytest.param(["cat", "big.ggn"], marks=pytest.mark.slow),
        pytest.param(["fmt", "big.ggn"], marks=pytest.mark.slow),
    ],
)
def test_output_cut_short_by_its_reader_is_exit_1_for_every_verb(
    work: Path, arguments: list[str]
) -> None:
    """A reader that goes away in the middle of a large write: exit 1, as for ``validate``.
    Python's buffered stream took part of the write and said nothing, so ``simulate``
    ended with exit 0 as if all was written (found by a new user's trial)."""
    (work / "big.ggn").write_bytes((work / "club-night.ggn").read_bytes() * 300)
    read_end, write_end = os.pipe()
    if SMALL_PIPE:
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", *arguments],
        cwd=work,
        stdout=write_end,
        stderr=subprocess.PIPE,
    )
    os.close(write_end)
    assert process.stderr is not None
    with open(read_end, "rb") as stdout:
        assert stdout.readline()
    errors = process.stderr.read()
    assert (process.wait(timeout=60), errors) == (1, b"")


@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_ctrl_c_ends_the_command_quietly(work: Path, jobs: str) -> None:
    """Ctrl-C during a long run, sent as a terminal sends it to every process of the
    command (workers too): exit 130, what was printed stands, no traceback."""
    big = work / "big.ggn"
    big.write_bytes((work / "club-night.ggn").read_bytes() * 3000)

    def as_in_a_terminal() -> None:
        os.setsid()
        # Ctrl-C as in a terminal, even when the tests run in the background (SIGINT ignored).
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "validate", "--jobs", jobs, "big.ggn"],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=as_in_a_terminal,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.readline().startswith(b"ok big.ggn game 1")
    os.killpg(process.pid, signal.SIGINT)
    printed, errors = process.communicate(timeout=60)
    assert process.returncode == 130
    assert errors == b""
    assert b"games in 1 file" not in printed


# fmt and dedupe start the same way (gargon_notation.cli.quick).

QUICK_LINES = [
    ("fmt", ["a.ggn"]),
    ("fmt", ["--check", "a.ggn", "b.ggn", "-"]),
    ("fmt", ["-i", "a.ggn", "--quiet", "-j", "2"]),
    ("fmt", ["--in-place", "-q", "--jobs=3", "a.ggn"]),
    ("fmt", ["--check", "--diff", "--", "--check"]),
    ("dedupe", ["club/"]),
    ("dedupe", ["club/", "--report", "--json", "--jobs", "2"]),
    ("dedupe", ["--invalid", "a.ggn", "-o", "unique.ggn"]),
    ("dedupe", ["a.ggn", "--output=out dir/u.ggn", "b.ggn", "--output", "u.jsonl"]),
    ("dedupe", ["-o", "-", "a.ggn"]),
    ("dedupe", ["-o", "./-", "a.ggn"]),
    ("dedupe", ["--", "-o", "x"]),
]


def _recorder(seen: dict[str, Any], work: Any) -> Any:
    signature = inspect.signature(work)

    def record(*arguments: object, **options: object) -> None:
        seen.update(signature.bind(*arguments, **options).arguments)

    return record


@pytest.mark.parametrize(("verb", "arguments"), QUICK_LINES)
def test_plain_command_lines_of_fmt_and_dedupe_are_read_as_typer_reads_them(
    verb: str, arguments: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = QUICK_VERBS[verb]
    module_name, _, name = quick.work.partition(":")
    module = importlib.import_module(module_name)
    seen: dict[str, Any] = {}
    monkeypatch.setattr(module, name, _recorder(seen, getattr(module, name)))
    result = CliRunner().invoke(app, [verb, *arguments])
    assert result.exit_code == 0, result.output
    assert quick.read(arguments) == seen


@pytest.mark.parametrize("verb", sorted(QUICK_VERBS))
def test_the_quick_start_gives_every_parameter_of_the_work(verb: str) -> None:
    quick = QUICK_VERBS[verb]
    module_name, _, name = quick.work.partition(":")
    parameters = set(
        inspect.signature(getattr(importlib.import_module(module_name), name)).parameters
    )
    given = quick.read(["a.ggn"])
    assert given is not None and set(given) == parameters


@pytest.mark.parametrize(
    ("verb", "arguments"),
    [
        ("fmt", []),
        ("fmt", ["a.ggn", "--help"]),
        ("fmt", ["-qi", "a.ggn"]),
        ("fmt", ["--check=1", "a.ggn"]),
        ("fmt", ["a.ggn", "-j=2"]),
        ("fmt", ["a.ggn", "-o", "x"]),
        ("dedupe", ["a.ggn", "--to", "json"]),
        ("dedupe", ["a.ggn", "-o"]),
        ("dedupe", ["a.ggn", "-o", "--report"]),
        ("dedupe", ["a.ggn", "--output="]),
        ("dedupe", ["a.ggn", "-o=x.ggn"]),
        ("dedupe", ["a.ggn", "-ox.ggn"]),
        ("dedupe", ["a.ggn", "--jobs", "0"]),
        ("validate", ["a.ggn", "-o", "x"]),
    ],
)
def test_anything_else_of_fmt_and_dedupe_is_left_to_typer(verb: str, arguments: list[str]) -> None:
    assert QUICK_VERBS[verb].read(arguments) is None


@pytest.fixture
def archive(work: Path) -> Path:
    """Inputs for fmt and dedupe: canonical and non-canonical records, copies, a broken
    game, a name with an escape."""
    club = (work / "club-night.ggn").read_text(encoding="utf-8")
    (work / "variant.ggn").write_text(
        club.replace("\n\n", "\n\n\n", 1).replace("] ", "]  ", 1), encoding="utf-8"
    )
    (work / "tabbed\t.ggn").write_text(club, encoding="utf-8")
    (work / "日本\tv.ggn").write_bytes((work / "variant.ggn").read_bytes())
    (work / "a:smile:b.ggn").write_text(club, encoding="utf-8")
    (work / "copies.ggn").write_text(
        "\n".join([club, (work / "rulebook-round.ggn").read_text(encoding="utf-8"), club]),
        encoding="utf-8",
    )
    (work / "with-broken.ggn").write_text(
        club + "\n" + (work / "syntax.ggn").read_text(encoding="utf-8"), encoding="utf-8"
    )
    return work


FMT_AND_DEDUPE_LINES = [
    ["fmt", "--check", "club-night.ggn"],
    ["fmt", "--check", "variant.ggn", "club-night.ggn", "tabbed\t.ggn"],
    ["fmt", "--check", "--diff", "variant.ggn"],
    ["fmt", "--check", "syntax.ggn", "missing.ggn", "empty.ggn", "odd\x1b[2J.ggn"],
    ["fmt", "variant.ggn"],
    ["fmt", "--check", "--quiet", "variant.ggn", "club-night.ggn"],
    ["fmt", "--check", "日本\tv.ggn", "a:smile:b.ggn"],
    ["fmt", "--diff", "variant.ggn"],
    ["dedupe", "copies.ggn", "club-night.ggn"],
    ["dedupe", "--report", "copies.ggn", "club-night.ggn", "tabbed\t.ggn"],
    ["dedupe", "--report", "--json", "copies.ggn"],
    ["dedupe", "--report", "--json", "a:smile:b.ggn", "club-night.ggn"],
    ["dedupe", "--report", "日本\tv.ggn", "club-night.ggn"],
    ["dedupe", "with-broken.ggn", "copies.ggn"],
    ["dedupe", "--invalid", "with-broken.ggn", "empty.ggn"],
    ["dedupe", "--json", "copies.ggn"],
    ["dedupe", "missing.ggn"],
]
"""Command lines of fmt and dedupe on :func:`archive`'s files."""

FMT_AND_DEDUPE = [
    pytest.param(arguments, environment, id=f"{name}-arguments{k}", marks=marks)
    for name, environment in (("plain", {"FORCE_COLOR": ""}), ("coloured", FORCED))
    for k, arguments in enumerate(FMT_AND_DEDUPE_LINES)
    # coloured: every kind of message (verdicts, a diff, errors, odd names, reports, JSON)
    for marks in [[] if name == "plain" or k in (1, 2, 3, 6, 9, 10, 13, 16) else [pytest.mark.slow]]
]
"""Each command line plain, and coloured for those that print each kind of message (every one
coloured in the heavy profile)."""


@pytest.mark.parametrize(("arguments", "environment"), FMT_AND_DEDUPE)
def test_fmt_and_dedupe_start_quickly_and_print_what_typer_prints(
    archive: Path, arguments: list[str], environment: dict[str, str]
) -> None:
    """The quick start against Typer's reading of the same command line (``-j1`` is not
    plain), both in this process, with and without colours."""
    quick = in_process.gargon(*arguments, cwd=archive, env={"COLUMNS": "80", **environment})
    typer = in_process.gargon(
        *arguments[:1], "-j1", *arguments[1:], cwd=archive, env={"COLUMNS": "80", **environment}
    )
    _same_as_typer(quick, typer)


def test_fmt_in_place_starts_quickly_and_rewrites_as_typer_does(archive: Path) -> None:
    (archive / "again.ggn").write_bytes((archive / "variant.ggn").read_bytes())
    quick = in_process.gargon("fmt", "-i", "variant.ggn", "club-night.ggn", cwd=archive)
    typer = in_process.gargon("fmt", "-i", "-j1", "again.ggn", "club-night.ggn", cwd=archive)
    assert (quick.returncode, quick.stdout) == (typer.returncode, typer.stdout) == (0, b"")
    assert quick.stderr == typer.stderr.replace(b"again.ggn", b"variant.ggn")
    assert b"rewritten: variant.ggn" in quick.stderr
    assert (archive / "variant.ggn").read_bytes() == (archive / "again.ggn").read_bytes()
    assert (archive / "variant.ggn").read_bytes() == (archive / "club-night.ggn").read_bytes()


@pytest.mark.parametrize(
    "arguments",
    [
        ["fmt", "--check", "rulebook-round.ggn"],
        ["fmt", "--check", "missing.ggn", "broken.ggn"],
        ["dedupe", "--report", "rulebook-round.ggn", "rulebook-round.ggn"],
        ["dedupe", "broken.ggn", "-o", "unique.ggn"],
    ],
)
def test_fmt_and_dedupe_start_without_typer_rich_or_lark(work: Path, arguments: list[str]) -> None:
    script = (
        "import sys\n"
        "sys.argv = ['gargon', *sys.argv[1:]]\n"
        "from gargon_notation.cli import run\n"
        "try:\n"
        "    run()\n"
        "except SystemExit as end:\n"
        "    code = end.code\n"
        "loaded = {name.partition('.')[0] for name in sys.modules}\n"
        "print(code, sorted(loaded & {'typer', 'click', 'rich', 'lark'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.splitlines()[-1].endswith(" []")


@pytest.mark.slow
def test_the_real_fmt_and_dedupe_with_workers_print_what_typer_prints(archive: Path) -> None:
    """The real commands, with workers (``--jobs 2`` is plain, ``-j2`` is not)."""
    for verb in (["fmt", "--check"], ["dedupe", "--report"]):
        names = ["copies.ggn", "variant.ggn", "with-broken.ggn", "club-night.ggn"]
        quick = gargon(*verb, *names, "--jobs", "2", cwd=archive)
        typer = gargon(*verb, "-j2", *names, cwd=archive)
        _same_as_typer(quick, typer)
        assert quick.returncode == 1


def _through_rich(message: str, style: str = "", *, stderr: bool = True) -> None:
    """A message as the verbs printed it before they could print without rich: through a
    rich console of the stream, made for it."""
    plain = {"color_system": None} if common._no_color[0] else {}
    made = SafeConsole(stderr=stderr, highlight=False, soft_wrap=True, **plain)
    made.print(Text(printable(message), style=style), soft_wrap=True)


def _joined(text: bytes) -> bytes:
    """:func:`test_cli_common.styles_joined` for bytes of UTF-8."""
    return styles_joined(text.decode("utf-8")).encode("utf-8")


@pytest.mark.parametrize(("arguments", "environment"), FMT_AND_DEDUPE)
def test_fmt_and_dedupe_print_what_rich_printed(
    archive: Path,
    arguments: list[str],
    environment: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What the quick start writes without rich reads as rich wrote it: every message of
    these command lines once as plain lines and once through rich consoles."""
    plain = in_process.gargon(*arguments, cwd=archive, env={"COLUMNS": "80", **environment})
    monkeypatch.setattr(common, "_say", _through_rich)
    rich = in_process.gargon(*arguments, cwd=archive, env={"COLUMNS": "80", **environment})
    assert b"Traceback" not in plain.stderr
    assert (plain.returncode, plain.stdout, plain.stderr) == (
        rich.returncode,
        _joined(rich.stdout),
        _joined(rich.stderr),
    )


def test_a_file_name_is_printed_as_it_is(archive: Path) -> None:
    """Not read as rich's emoji codes (``:smile:``), so the JSON stays the names; a BEL is
    shown escaped, not dropped."""
    (archive / "bell\a.ggn").write_bytes((archive / "club-night.ggn").read_bytes())
    done = in_process.gargon(
        "dedupe", "--report", "--json", "a:smile:b.ggn", "bell\a.ggn", "club-night.ggn", cwd=archive
    )
    copies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0
    assert {(copy["source"], copy["of"]["source"]) for copy in copies} == {
        ("bell\a.ggn", "a:smile:b.ggn"),
        ("club-night.ggn", "a:smile:b.ggn"),
    }
    said = in_process.gargon("dedupe", "--report", "bell\a.ggn", "club-night.ggn", cwd=archive)
    assert said.stdout.startswith(b"bell\\u0007.ggn game 1 (line 1): 1 copy\n")


def test_a_closed_standard_output_ends_quietly(archive: Path) -> None:
    """``gargon dedupe --report ... >&-``: nothing to print to, no traceback."""
    done = subprocess.run(
        [sys.executable, "-m", "gargon_notation", "dedupe", "--report", "copies.ggn"],
        cwd=archive,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, b"")
