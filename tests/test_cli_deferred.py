"""``gargon --help`` does not load the rich modules its help never shows, and those modules
still work when something does use them (gargon_notation.cli.deferred)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest


def _python(script: str, *arguments: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), *arguments],
        capture_output=True,
        text=True,
        env={"COLUMNS": "100", "PATH": "", "TERM": "dumb", "GARGON_NO_CACHE": "1"},
        check=True,
    )
    return result.stdout


LOADED = """
    import sys
    from gargon_notation.cli.deferred import _DeferredModule
    sys.argv = ["gargon", *sys.argv[1:]]
    from gargon_notation.cli import run
    try:
        run()
    except SystemExit:
        pass
    real = [n for n in ("rich.markdown", "rich.traceback", "markdown_it")
            if n in sys.modules and not isinstance(sys.modules[n], _DeferredModule)]
    print("loaded:", real)
"""


@pytest.mark.parametrize(
    "arguments",
    [
        ("--help",),
        ("validate", "--help"),
        # a verb's help as validate's (both verbs start quickly): the heavy profile's
        pytest.param(("fmt", "--help"), marks=pytest.mark.slow),
    ],
)
def test_help_loads_neither_markdown_nor_tracebacks(arguments: tuple[str, ...]) -> None:
    printed = _python(LOADED, *arguments)
    assert "Usage: gargon" in printed
    assert printed.splitlines()[-1] == "loaded: []"


def test_the_help_is_the_same_as_with_the_real_modules() -> None:
    """The stand-ins change what is imported, never what is printed."""
    script = """
        import sys
        if sys.argv[1] == "real":
            import rich.markdown, rich.traceback
        sys.argv = ["gargon", "score", "--help"]
        from gargon_notation.cli import run
        try:
            run()
        except SystemExit:
            pass
    """
    deferred, real = _python(script, "deferred"), _python(script, "real")
    assert "Usage: gargon score" in deferred
    assert deferred == real


def test_a_deferred_module_loads_when_used() -> None:
    script = """
        import io, sys
        import rich
        from rich.console import Console
        from gargon_notation.cli.deferred import _DeferredModule, defer_unused_rich_modules
        defer_unused_rich_modules()
        assert isinstance(sys.modules["rich.markdown"], _DeferredModule)
        import rich.markdown
        from rich.markdown import Markdown
        console = Console(file=io.StringIO(), width=40)
        console.print(Markdown("# Title"))
        assert isinstance(sys.modules["rich.markdown"], _DeferredModule) is False
        assert rich.markdown is sys.modules["rich.markdown"]
        from rich.markdown import Heading
        assert isinstance(Markdown("x"), rich.markdown.Markdown)
        from rich.traceback import Traceback
        try:
            1 / 0
        except ZeroDivisionError as error:
            trace = Traceback.from_exception(type(error), error, error.__traceback__)
        console.print(trace)
        print("Title" in console.file.getvalue(), "ZeroDivisionError" in console.file.getvalue())
    """
    assert _python(script).split() == ["True", "True"]


def test_a_module_imported_already_is_left_alone() -> None:
    script = """
        import sys
        import rich.markdown
        real = rich.markdown
        from gargon_notation.cli.deferred import defer_unused_rich_modules
        defer_unused_rich_modules()
        print(sys.modules["rich.markdown"] is real, rich.markdown is real)
    """
    assert _python(script).split() == ["True", "True"]


def test_a_completion_loads_no_rich() -> None:
    """A shell runs gargon at each Tab: without rich it answers sooner."""
    script = """
        import os, sys
        os.environ.update(
            _GARGON_COMPLETE="complete_bash", COMP_WORDS="gargon validate --jo", COMP_CWORD="2"
        )
        from gargon_notation.cli import run
        try:
            run()
        except SystemExit:
            pass
        print("loaded:", [name for name in ("rich.console", "rich.text") if name in sys.modules])
    """
    printed = _python(script).splitlines()
    assert printed == ["--jobs", "loaded: []"]
