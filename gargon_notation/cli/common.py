"""What every verb shares: the consoles, printing errors and problems, and :class:`Exit`.

It imports neither Typer nor rich (but rich's measure of a character's width for a message
holding a tab), so that a verb run without Typer (the quick start of
:func:`gargon_notation.cli.run`) starts at once: a message is written as plain lines
(:mod:`~gargon_notation.cli.plain`) until a rich console of standard error is made (for a
progress bar, or by a verb that draws with rich), and through that console from then on, so
that it goes above the bar.  Both write the same characters: control characters escaped,
tabs expanded, each line in its style, colours only where rich would write them.  The Typer
app itself is :mod:`~gargon_notation.cli.program`.

Exit codes, the same for every verb: 0 success; 1 an invalid record (or ``fmt --check``
finding work to do); 2 a usage or I/O error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from gargon_notation.cli.plain import Line, named, plural, printable, write_lines
from gargon_notation.errors import printable_name

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from gargon_notation.errors import GargonError
    from gargon_notation.replay import Replay

__all__ = [
    "STDIN_ONCE",
    "Exit",
    "console",
    "err",
    "error_console",
    "fail",
    "named",
    "out",
    "plural",
    "print_error",
    "print_output",
    "print_problems",
    "say_empty",
    "starting",
]


STDIN_ONCE = "- (standard input) can be read once: give it once"
"""The usage error of a verb given ``-`` twice that would read each of its turns."""


class Exit(SystemExit):
    """End the command with an exit code (0 when none is given): what a verb raises when it
    is done.  Typer lets it through as it lets any :class:`SystemExit` through.

    >>> Exit(2).exit_code, Exit().exit_code
    (2, 0)
    """

    def __init__(self, exit_code: int = 0) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


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
command starts: :func:`starting`): standard error then gets no escape codes either."""


def starting() -> None:
    """Forget what the last command of this process set (tests run many)."""
    _no_color[0] = False


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
    _say(f"gargon: {message}", "bold red")
    raise Exit(code)


def escaped(error: GargonError) -> NoReturn:
    """The end of a command that a :class:`~gargon_notation.errors.GargonError` escaped:
    the error printed, exit 1; a worker process lost stopped the work, exit 2 (as an I/O
    error does)."""
    from gargon_notation.watch import WorkerLost

    if isinstance(error, WorkerLost):
        fail(str(error))
    print_error(str(error))
    raise Exit(1)


def print_error(message: str) -> None:
    """One message on standard error, never wrapped."""
    _say(message)


def print_output(text: str) -> None:
    """One message on standard output, never wrapped, in no style."""
    _say(text, stderr=False)


def _say(message: str, style: str = "", *, stderr: bool = True) -> None:
    """``message`` on standard error (or output) in ``style``: through the rich console of
    that stream once there is one, else as plain lines that read the same (see the
    module)."""
    made = _made_error_console() if stderr else globals().get("out")
    if made is not None:
        made.print(_text(message, style), soft_wrap=True)
        return
    lines: list[Line] = [
        ((_tabs_expanded(line), style),) for line in printable(message).split("\n")
    ]
    write_lines(lines, stderr=stderr, no_color=_no_color[0])


_TAB_SIZE = 8
"""rich's: a tab in a message is spaces up to the next multiple of it."""


def _tabs_expanded(line: str) -> str:
    """``line`` with each tab spaces up to the next multiple of :data:`_TAB_SIZE` terminal
    cells, as rich writes it (a wide character takes two cells; rich's own measure is
    loaded only for a line with a tab, which messages rarely hold).

    >>> _tabs_expanded("a\\tb"), _tabs_expanded("日本\\tv")
    ('a       b', '日本    v')
    """
    if "\t" not in line:
        return line
    from rich.cells import cell_len

    parts = line.split("\t")
    expanded: list[str] = []
    cells = 0
    for part in parts[:-1]:
        cells += cell_len(part)
        spaces = _TAB_SIZE - cells % _TAB_SIZE
        expanded.append(part + " " * spaces)
        cells += spaces
    expanded.append(parts[-1])
    return "".join(expanded)


def _made_error_console() -> Console | None:
    """The console :func:`error_console` would give, if it was made already."""
    if _no_color[0]:
        return _plain_err[0] if _plain_err else None
    made: Console | None = globals().get("err")
    return made


def say_empty(names: list[str]) -> None:
    """Name each input that holds no game, on standard error (``gargon: x.ggn: no game
    found``): said once the games are done, before a verb's summary, whatever ``--jobs``."""
    for name in names:
        print_error(f"gargon: {printable_name(name)}: no game found")


def print_problems(result: Replay) -> None:
    """The problems a replay found, on standard error."""
    for problem in result.problems:
        _say(str(problem), "red")


def console(no_color: bool) -> Console:
    """Standard output, or for ``--no-color`` a console that writes no escape codes at all
    (and standard error gets none either)."""
    _no_color[0] = no_color
    out = _console("out")
    if not no_color:
        return out
    from gargon_notation.cli.terminal import SafeConsole

    return SafeConsole(color_system=None, highlight=False, soft_wrap=True, width=out.width)
