"""Help, version and completion remembered between runs (gargon_notation.cli.remembered):
the same bytes and exit code as Typer's, a new reply whenever anything that shapes it
changes, and never an error of its own."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import gargon_notation.cli
import gargon_notation.cli.program
from gargon_notation.cli import remembered

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="nothing is remembered there")


def _run(arguments: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``gargon ARGUMENTS`` in this process: exit code, standard output and error."""
    output, error = io.BytesIO(), io.BytesIO()
    with monkeypatch.context() as patch:
        patch.setattr(sys, "argv", ["gargon", *arguments])
        patch.setattr(sys, "stdout", io.TextIOWrapper(output, encoding="utf-8"))
        patch.setattr(sys, "stderr", io.TextIOWrapper(error, encoding="utf-8"))
        with pytest.raises(SystemExit) as exit:
            gargon_notation.cli.run()
        sys.stdout.flush()
        sys.stderr.flush()
        printed = output.getvalue().decode(), error.getvalue().decode()
    code = exit.value.code
    assert isinstance(code, int)
    return code, *printed


@pytest.fixture
def replies(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "90")
    monkeypatch.delenv("GARGON_NO_CACHE", raising=False)
    monkeypatch.delenv("_GARGON_COMPLETE", raising=False)
    return tmp_path / "gargon-notation" / "replies"


def _without_typer(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(verb: str | None = None) -> None:
        raise AssertionError("Typer ran: the reply was not remembered")

    monkeypatch.setattr(gargon_notation.cli.program, "run", refuse)


@pytest.mark.parametrize(
    ("arguments", "code", "printed"),
    [
        (["--help"], 0, "Usage: gargon [OPTIONS] COMMAND [ARGS]..."),
        (["score", "--help"], 0, "Usage: gargon score [OPTIONS] PATHS..."),
        (["--version"], 0, "gargon-notation "),
        (["nope", "--help"], 2, "No such command 'nope'."),
    ],
)
def test_the_second_run_prints_what_typer_printed_without_typer(
    arguments: list[str], code: int, printed: str, replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _run(arguments, monkeypatch)
    assert first[0] == code
    assert printed in first[1] + first[2]
    assert len(list(replies.iterdir())) == 1
    _without_typer(monkeypatch)
    assert _run(arguments, monkeypatch) == first


def test_a_completion_is_remembered(replies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_GARGON_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "gargon filter x --has ze")
    monkeypatch.setenv("COMP_CWORD", "4")
    first = _run([], monkeypatch)
    assert first[1].split() == ["zero-clash", "zero-pair"]
    _without_typer(monkeypatch)
    assert _run([], monkeypatch) == first
    monkeypatch.setenv("COMP_WORDS", "gargon filter x --has sw")
    with pytest.raises(AssertionError, match="Typer ran"):
        _run([], monkeypatch)  # other words: another reply, not yet kept


def test_a_new_width_or_no_colour_is_another_reply(
    replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wide = _run(["--help"], monkeypatch)
    monkeypatch.setenv("COLUMNS", "60")
    narrow = _run(["--help"], monkeypatch)
    monkeypatch.setenv("NO_COLOR", "1")
    _run(["--help"], monkeypatch)
    assert max(len(line) for line in narrow[1].splitlines()) == 60
    assert max(len(line) for line in wide[1].splitlines()) == 90
    assert len(list(replies.iterdir())) == 3


def test_other_commands_and_no_cache_are_never_remembered(
    replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _run(["schema", "--out", "x"], monkeypatch)[0] == 2  # not a help request
    monkeypatch.setenv("GARGON_NO_CACHE", "1")
    assert _run(["--help"], monkeypatch)[0] == 0
    assert not replies.exists()


def test_a_damaged_reply_is_passed_over_and_replaced(
    replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _run(["--help"], monkeypatch)
    (kept,) = replies.iterdir()
    kept.write_bytes(kept.read_bytes()[:-10])
    assert _run(["--help"], monkeypatch) == first
    assert remembered.Reply.from_bytes(kept.read_bytes()) is not None


def test_a_folder_that_cannot_be_made_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a file"))
    monkeypatch.delenv("GARGON_NO_CACHE", raising=False)
    code, output, error = _run(["--help"], monkeypatch)
    assert (code, error) == (0, "")
    assert "Usage: gargon" in output


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS keeps caches in ~/Library/Caches")
def test_the_folder_is_the_users_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    assert remembered.folder({"XDG_CACHE_HOME": "/var/c"}) == "/var/c/gargon-notation/replies"
    monkeypatch.setenv("HOME", "/home/ann")
    expected = "/home/ann/.cache/gargon-notation/replies"
    assert remembered.folder({"XDG_CACHE_HOME": "relative/is/ignored"}) == expected
    monkeypatch.setenv("HOME", "not/absolute")
    assert remembered.folder({}) is None
    assert remembered.recall("0" * 40, {}) is None


def test_a_reply_cut_short_by_a_broken_pipe_is_not_kept(
    replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read, write = os.pipe()
    os.close(read)  # as `gargon --help | head -1` once head has gone
    with monkeypatch.context() as patch, open(write, "w", encoding="utf-8") as pipe:
        patch.setattr(sys, "argv", ["gargon", "--help"])
        patch.setattr(sys, "stdout", pipe)
        with pytest.raises(SystemExit) as exit:
            gargon_notation.cli.run()
    assert exit.value.code == 1  # as rich ends on a broken pipe
    assert not replies.exists() or not list(replies.iterdir())


def test_a_run_ended_by_ctrl_c_is_not_kept(replies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(verb: str | None = None) -> None:
        print("Usage: half a page")
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise SystemExit(130) from None  # as Typer ends on Ctrl-C

    monkeypatch.setattr(gargon_notation.cli.program, "run", interrupted)
    assert _run(["--help"], monkeypatch)[0] == 130
    assert not replies.exists() or not list(replies.iterdir())


def test_a_folder_others_may_write_to_is_neither_read_nor_written(
    replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _run(["--help"], monkeypatch)
    (kept,) = replies.iterdir()
    kept.write_bytes(remembered.Reply(0, b"planted", b"").to_bytes())
    replies.chmod(0o777)
    assert _run(["--help"], monkeypatch) == first
    assert kept.read_bytes() == remembered.Reply(0, b"planted", b"").to_bytes()


def test_only_replies_are_ever_removed(replies: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remembered, "KEPT", 1)
    replies.mkdir(parents=True, mode=0o700)
    (replies / "notes.txt").write_text("mine")
    for columns in ("70", "80"):
        monkeypatch.setenv("COLUMNS", columns)
        _run(["--version"], monkeypatch)
    assert sorted(len(path.name) for path in replies.iterdir()) == [9, 40]


def test_an_empty_completion_variable_is_not_a_completion() -> None:
    assert remembered.key(["score", "game.ggn"], {"_GARGON_COMPLETE": ""}) is None
    assert remembered.key(["score", "game.ggn"], {"_GARGON_COMPLETE": "complete_zsh"})


def test_what_typer_and_rich_read_from_the_environment_is_in_the_key() -> None:
    """Every variable their source reads by name shapes the key; the others (a new shell's
    SSH_AUTH_SOCK, WINDOWID...) do not, so a new terminal is answered from the same reply."""
    import rich
    import typer

    read = re.compile(r"""(?:environ(?:\.get)?[\[(]|getenv\()\s*["']([A-Za-z_0-9]+)["']""")
    names: set[str] = set()
    for package in (typer, rich):
        for source in Path(package.__file__).parent.rglob("*.py"):
            names.update(read.findall(source.read_text(encoding="utf-8")))
    assert {"COLUMNS", "NO_COLOR", "FORCE_COLOR", "COMP_WORDS"} <= names
    assert [name for name in sorted(names) if not remembered.shapes_output(name)] == []
    base = {"COLUMNS": "80"}
    assert remembered.key(["--help"], {**base, "WINDOWID": "7", "SSH_AUTH_SOCK": "/s"}) == (
        remembered.key(["--help"], base)
    )


def test_the_least_recently_used_replies_go_first(
    replies: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(remembered, "KEPT", 2)
    kept = {}
    for columns in ("70", "80"):
        monkeypatch.setenv("COLUMNS", columns)
        _run(["--version"], monkeypatch)
        (kept[columns],) = set(replies.iterdir()) - set(kept.values())
    os.utime(kept["70"], ns=(10**18, 10**18))  # 70 the older,
    os.utime(kept["80"], ns=(15 * 10**17, 15 * 10**17))
    monkeypatch.setenv("COLUMNS", "70")
    _run(["--version"], monkeypatch)  # but used again since
    monkeypatch.setenv("COLUMNS", "100")
    _run(["--version"], monkeypatch)
    assert kept["70"].exists()
    assert not kept["80"].exists()
    assert len(list(replies.iterdir())) == 2


def test_a_changed_file_of_the_command_line_is_another_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "gargon_notation"
    (package / "cli").mkdir(parents=True)
    (package / "__init__.py").write_text('__version__ = "1"\n')
    (package / "cli" / "commands.py").write_text("HELP = 'one'\n")
    monkeypatch.setattr(remembered, "_PACKAGE", package)
    before = remembered.key(["--help"], {})
    (package / "cli" / "commands.py").write_text("HELP = 'other'\n")
    assert remembered.key(["--help"], {}) not in (before, None)


def test_a_changed_file_of_the_verbs_modules_is_another_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "gargon_notation"
    (package / "cli" / "commands").mkdir(parents=True)
    (package / "__init__.py").write_text('__version__ = "1"\n')
    (package / "cli" / "commands" / "viewers.py").write_text("HELP = 'one'\n")
    monkeypatch.setattr(remembered, "_PACKAGE", package)
    before = remembered.key(["show", "--help"], {})
    (package / "cli" / "commands" / "viewers.py").write_text("HELP = 'other, longer'\n")
    assert remembered.key(["show", "--help"], {}) not in (before, None)


def test_a_real_process_answers_from_the_reply(replies: Path) -> None:
    script = textwrap.dedent(
        """
        import sys
        sys.argv = ["gargon", "--help"]
        from gargon_notation.cli import run
        try:
            run()
        except SystemExit as exit:
            print("exit", exit.code, "typer" in sys.modules)
        """
    )
    printed = [
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    ]
    assert printed[0].splitlines()[-1] == "exit 0 True"
    assert printed[1].splitlines()[-1] == "exit 0 False"
    assert printed[0] == printed[1].replace("exit 0 False", "exit 0 True")


FULL = "/dev/full"
"""A device every write to fails with 'no space left on device' (Linux)."""
RUN = "from gargon_notation.cli import run\nrun()\n"


@pytest.mark.skipif(not os.path.exists(FULL), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("arguments", "full", "code", "error"),
    [
        pytest.param(["--version"], "stderr", 0, "", marks=pytest.mark.slow),
        (["--help"], "stderr", 0, ""),
        pytest.param(
            ["--help"],
            "stdout",
            2,
            "gargon: standard output: no space left on device\n",
            marks=pytest.mark.slow,
        ),
        (["--version"], "stdout", 2, "gargon: standard output: no space left on device\n"),
    ],
)
def test_a_full_disk_is_one_line_and_the_same_exit_with_a_remembered_reply(
    replies: Path, arguments: list[str], full: str, code: int, error: str
) -> None:
    """Output that cannot be written is one line on standard error and exit 2, never a
    traceback; a reply given again exits as the first did (a stream nothing is written to
    is not touched)."""
    script = f"import sys\nsys.argv = ['gargon', *{arguments!r}]\n" + RUN
    for _ in range(3):  # Typer's answer, then the remembered one, twice
        with open(FULL, "w") as device:
            streams = {"stdout": device} if full == "stdout" else {"stderr": device}
            done = subprocess.run(
                [sys.executable, "-c", script],
                text=True,
                stdout=streams.get("stdout", subprocess.PIPE),
                stderr=streams.get("stderr", subprocess.PIPE),
                check=False,
            )
        assert done.returncode == code
        if full == "stdout":
            assert done.stderr == error
    assert replies.is_dir() == (full == "stderr")  # what was answered is kept


def test_ctrl_c_before_a_verb_takes_it_is_exit_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the modules load (before any verb could take it) ends the command as
    Ctrl-C does everywhere: exit 130, no traceback."""

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gargon_notation.cli, "_run", interrupted)
    with pytest.raises(SystemExit) as ended:
        gargon_notation.cli.run()
    assert ended.value.code == 130


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            OSError(28, "No space left on device"),
            "gargon: standard output: no space left on device",
        ),
        (OSError(24, "Too many open files"), "gargon: too many open files"),
        (OSError(13, "Permission denied", "out/t.svg"), "gargon: out/t.svg: permission denied"),
    ],
    ids=["a full disk", "not the output's", "a file's"],
)
def test_an_os_error_no_verb_took_is_one_line_naming_what_it_knows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], error: OSError, said: str
) -> None:
    def failing() -> None:
        raise error

    monkeypatch.setattr(gargon_notation.cli, "_run", failing)
    monkeypatch.setattr(os, "dup2", lambda *_: None)  # standard output stays the capture's
    with pytest.raises(SystemExit) as ended:
        gargon_notation.cli.run()
    assert (ended.value.code, capsys.readouterr().err) == (2, said + "\n")
