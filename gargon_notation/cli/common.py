"""The Typer app of ``gargon``, its callback and entry point, and what every verb shares: the
consoles, and printing errors and problems.

Exit codes, the same for every verb: 0 success; 1 an invalid record (or ``fmt --check``
finding work to do); 2 a usage or I/O error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from gargon_notation import __version__
from gargon_notation.cli.deferred import defer_unused_rich_modules
from gargon_notation.cli.helptext import App
from gargon_notation.cli.plain import plural, printable, utf8_stdout
from gargon_notation.errors import GargonError

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from gargon_notation.replay import Replay

__all__ = [
    "app",
    "console",
    "err",
    "error_console",
    "fail",
    "out",
    "plural",
    "print_error",
    "print_problems",
    "run",
    "say_empty",
]

defer_unused_rich_modules()

app = App(
    name="gargon",
    help="Validate, show, replay, annotate, format and convert records of the card game Gargon.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)

out: Console
"""Standard output.  Verbs look it up here when they print, so tests may replace it."""
err: Console
"""Standard error: problems of records and ``gargon:`` errors.

Both are made on first use (:func:`__getattr__`): a shell's completion and ``--version``
print without rich, whose console costs more than the rest of a completion."""


def __getattr__(name: str) -> Console:
    if name not in ("out", "err"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from gargon_notation.cli.terminal import SafeConsole

    made = SafeConsole(stderr=name == "err", highlight=False, soft_wrap=True)
    globals()[name] = made
    return made


def _console(name: str) -> Console:
    made: Console | None = globals().get(name)
    return made if made is not None else __getattr__(name)


def _text(text: str, style: str = "") -> Text:
    from rich.text import Text

    return Text(printable(text), style=style)


_no_color = [False]
"""Whether this command was given ``--no-color`` (set by :func:`console`, cleared as every
command starts): standard error then gets no escape codes either."""


_plain_err: list[Console] = []
"""Standard error without escape codes, made once: one console prints every message, so
that they go above a progress bar drawn on it."""


def error_console() -> Console:
    """Standard error as this command prints it: :data:`err`, or with ``--no-color`` a
    console that writes no escape codes (the same one every time)."""
    if not _no_color[0]:
        return _console("err")
    if not _plain_err:
        from gargon_notation.cli.terminal import SafeConsole

        made = SafeConsole(stderr=True, color_system=None, highlight=False, soft_wrap=True)
        _plain_err.append(made)
    return _plain_err[0]


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``gargon: MESSAGE`` on standard error and exit (2: a usage or I/O error)."""
    error_console().print(_text(f"gargon: {message}", "bold red"), soft_wrap=True)
    raise typer.Exit(code)


def print_error(message: str) -> None:
    """One message on standard error, never wrapped."""
    error_console().print(_text(message), soft_wrap=True)


def say_empty(names: list[str]) -> None:
    """Name each input that holds no game, on standard error (``gargon: x.ggn: no game
    found``): said once the games are done, before a verb's summary, whatever ``--jobs``."""
    for name in names:
        print_error(f"gargon: {name}: no game found")


def print_problems(result: Replay) -> None:
    """The problems a replay found, on standard error."""
    for problem in result.problems:
        error_console().print(_text(str(problem), "red"), soft_wrap=True)


def console(no_color: bool) -> Console:
    """Standard output, or for ``--no-color`` a console that writes no escape codes at all
    (and standard error gets none either)."""
    _no_color[0] = no_color
    out = _console("out")
    if not no_color:
        return out
    from gargon_notation.cli.terminal import SafeConsole

    return SafeConsole(color_system=None, highlight=False, soft_wrap=True, width=out.width)


def _version(value: bool) -> None:
    if value:
        print(f"gargon-notation {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Records of the card game Gargon: validate, show, replay, annotate, format, convert."""
    _no_color[0] = False


def run() -> None:
    """The Typer app with every verb: any GargonError escaping a command is exit code 1."""
    from gargon_notation.cli import load_verbs

    load_verbs()
    utf8_stdout()
    try:
        app(prog_name="gargon")
    except GargonError as error:
        _console("err").print(_text(str(error)))
        raise SystemExit(1) from None
