"""Messages on standard error and output (``gargon_notation.cli.common``): written as plain
lines until a rich console is made, and through it afterwards, both reading the same."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from gargon_notation.cli import common
from gargon_notation.cli.terminal import SafeConsole

MESSAGES = [
    "plain",
    "",
    "tab\there\tand\tmore",
    "two\nlines\twith a tab",
    "trailing line end\n",
    "escape \x1b[2J\tafter it",
    "\x1b\tx",
    "unicode ünï ✓ and a right-to-left mark \u202e",
    "[bold]not markup[/bold] :smile: ~/.x",
    "bell \a and delete \x7f",
    "日本\tv.ggn: wide characters before a tab",
    "😀\t| and a combining e\u0301\tmark",
]
ENVIRONMENTS = [
    {},
    {"FORCE_COLOR": "1"},
    {"FORCE_COLOR": "1", "NO_COLOR": "1"},
    {"FORCE_COLOR": "1", "TERM": "dumb"},
    {"FORCE_COLOR": "1", "TERM": "unknown"},
    {"FORCE_COLOR": "", "TTY_COMPATIBLE": "1"},
    {"FORCE_COLOR": "1", "TTY_COMPATIBLE": "0"},
    {"FORCE_COLOR": ""},
]
_SPLIT = re.compile(r"(\x1b\[([0-9;]+)m)([^\x1b]*)\x1b\[0m\x1b\[\2m")


def styles_joined(text: str) -> str:
    """``text`` with the runs of one style that rich writes in pieces (at each tab stop)
    written as one: the same on a terminal."""
    while True:
        joined = _SPLIT.sub(r"\1\3", text)
        if joined == text:
            return text
        text = joined


def _said(
    monkeypatch: pytest.MonkeyPatch, message: str, style: str, *, rich: bool, stderr: bool
) -> str:
    captured = io.StringIO()
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stderr" if stderr else "stdout", captured)
        name = "err" if stderr else "out"
        if rich:
            made = SafeConsole(stderr=stderr, highlight=False, soft_wrap=True)
            patch.setattr(common, name, made, raising=False)
        else:
            patch.delattr(common, name, raising=False)
        common._say(message, style, stderr=stderr)
    return captured.getvalue()


@pytest.mark.parametrize("environment", ENVIRONMENTS, ids=repr)
@pytest.mark.parametrize("style", ["", "red", "bold red"])
@pytest.mark.parametrize("stderr", [True, False], ids=["stderr", "stdout"])
def test_plain_messages_read_as_rich_writes_them(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], style: str, stderr: bool
) -> None:
    for name in ("FORCE_COLOR", "NO_COLOR", "TERM", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    for message in MESSAGES:
        plain = _said(monkeypatch, message, style, rich=False, stderr=stderr)
        rich = _said(monkeypatch, message, style, rich=True, stderr=stderr)
        assert plain == styles_joined(rich), message


def test_colours_forced_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the comparison above compares, spelt out once."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("TERM", raising=False)
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    said = _said(monkeypatch, "a\tb\n\x1b", "bold red", rich=False, stderr=True)
    assert said == "\x1b[1;31ma       b\x1b[0m\n\x1b[1;31m\\u001b\x1b[0m\n"
    monkeypatch.setenv("NO_COLOR", "1")
    assert _said(monkeypatch, "a", "bold red", rich=False, stderr=True) == "\x1b[1ma\x1b[0m\n"
    assert _said(monkeypatch, "a", "red", rich=False, stderr=True) == "a\n"


def test_with_no_color_messages_go_plain_until_a_console_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--no-color`` (:func:`common.console`): no escape codes, whether a message goes
    plain or through the console made for it (a progress bar's)."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setattr(common, "_no_color", [False])
    monkeypatch.setattr(common, "_plain_err", [])
    captured = io.StringIO()
    monkeypatch.setattr(sys, "stderr", captured)
    common.console(no_color=True)
    common.print_error("first\tplain")
    common.error_console()  # made, as a progress bar makes it
    common.print_error("then\tthrough it")
    with pytest.raises(common.Exit) as ended:
        common.fail("failed")
    assert ended.value.exit_code == 2
    assert captured.getvalue() == "first   plain\nthen    through it\ngargon: failed\n"


@pytest.mark.parametrize("closed", ["stdout", "stderr"])
def test_a_stream_closed_before_the_command_gets_nothing(
    monkeypatch: pytest.MonkeyPatch, closed: str
) -> None:
    """``gargon ... >&-``: Python's stream is None; messages are lost quietly, as rich loses
    them, not a traceback."""
    monkeypatch.setattr(sys, closed, None)
    monkeypatch.delattr(common, "out", raising=False)
    monkeypatch.delattr(common, "err", raising=False)
    common.print_output("lost")
    common.print_error("lost")


def test_the_shared_module_imports_neither_typer_nor_rich() -> None:
    script = (
        "import sys\n"
        "import gargon_notation.cli.common, gargon_notation.cli.edit, gargon_notation.cli.archive\n"
        "print(sorted({n.partition('.')[0] for n in sys.modules} & {'typer', 'click', 'rich'}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout == "[]\n"
