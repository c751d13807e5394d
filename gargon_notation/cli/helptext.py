"""How the help of every verb reads: one command class and one Typer app for all of them, so
that no verb has to get it right on its own.

Typer 0.28, left alone, names a value by its type: ``<str>``, ``<path>``, ``<int>``,
``<json|jsonl|ggn>``, and a required argument ``{paths}...`` in the usage line; it keeps the
line ends of a docstring (rich markup mode) where the terminal's width should decide.
:class:`Command` gives each value a name instead, as Click's own tools do:

- an argument its name in capitals (``PATHS...``, ``FILE``), nothing after it;
- an option its ``metavar=`` when it has one (``NAME``, ``DATE``), else one from its type:
  ``N`` for a number, ``FILE`` for a path, ``[a|b|c]`` for a choice, ``TEXT`` for the rest;
  a choice named by a metavar of its own lists its choices in its help;
- each paragraph of the help is one line, for the terminal to wrap.

:func:`examples` writes an epilog of example command lines, each on a line of its own.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

import typer
import typer.core
from typer._click.exceptions import NoSuchOption
from typer._click.types import ParamType  # Typer 0.28 keeps its Click to itself
from typer.models import TyperPath

__all__ = ["App", "Command", "examples", "reflowed"]

_Function = TypeVar("_Function", bound=Callable[..., Any])


def examples(*command_lines: str) -> str:
    """An epilog of example command lines under ``Example:`` (``Examples:``), each on a line
    of its own, indented and in bold.

    Typer removes the indentation the lines after the first share (``inspect.cleandoc``),
    unless the first is empty: so the epilog starts with a line break, which it drops too.

    >>> print(examples("gargon show a.ggn", "gargon score a.ggn"))
    <BLANKLINE>
    Examples:
      [bold]gargon show a.ggn[/]
      [bold]gargon score a.ggn[/]
    """
    heading = "Example:" if len(command_lines) == 1 else "Examples:"
    shown = "\n".join(f"  [bold]{_escaped(line)}[/]" for line in command_lines)
    return f"\n{heading}\n{shown}"


def _escaped(line: str) -> str:
    """``line`` with what rich would read as markup escaped; rich is imported only then (a
    shell's completion registers every verb's examples, and prints without rich).

    >>> _escaped("gargon convert a.ggn"), _escaped("pip install 'gargon-notation[arrow]'")
    ('gargon convert a.ggn', "pip install 'gargon-notation\\\\[arrow]'")
    """
    if "[" not in line:
        return line
    from rich.markup import escape

    return escape(line)


def reflowed(text: str | None) -> str | None:
    """``text`` with each paragraph on one line (paragraphs part at blank lines), except a
    paragraph Click is told to keep as written (its first line ``\\b``).

    >>> reflowed("One line\\nand its end.\\n\\nAnother\\n  paragraph.")
    'One line and its end.\\n\\nAnother paragraph.'
    """
    if text is None:
        return None
    paragraphs = text.strip().split("\n\n")
    return "\n\n".join(
        paragraph
        if paragraph.startswith("\b")
        else " ".join(line.strip() for line in paragraph.splitlines())
        for paragraph in paragraphs
    )


def _choices(param: typer.core.TyperOption | typer.core.TyperArgument) -> list[str] | None:
    choices = getattr(param.type, "choices", None)
    return None if choices is None else [str(choice) for choice in choices]


def _metavar(param: typer.core.TyperOption) -> str:
    choices = _choices(param)
    if choices is not None:
        return f"[{'|'.join(choices)}]"
    if param.type.name in ("int", "int range", "float", "float range"):
        return "N"
    if isinstance(param.type, TyperPath):
        return "FILE"
    return "TEXT"


class _Bare(ParamType):
    """An argument's type that adds nothing to its name in the help (Typer would add
    ``<str>``); reading and completing values is its own type's (one value a word: a tuple's
    type is left as it is)."""

    def __init__(self, own: ParamType) -> None:
        self.own = own
        self.name = own.name

    def get_metavar(self, param: Any, ctx: Any) -> str:
        return ""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        return self.own.convert(value, param, ctx)

    def shell_complete(self, ctx: Any, param: Any, incomplete: str) -> Any:
        return self.own.shell_complete(ctx, param, incomplete)


def _name_values(param: Any) -> None:
    if isinstance(param, typer.core.TyperArgument):
        if param.metavar is None:
            param.metavar = (param.name or "").upper() + ("..." if param.nargs == -1 else "")
        if not param.type.is_composite:
            param.type = _Bare(param.type)
    elif isinstance(param, typer.core.TyperOption) and not (param.is_flag or param.count):
        choices = _choices(param)
        if param.metavar is None:
            param.metavar = _metavar(param)
        elif choices is not None:
            listed = ", ".join(choices[:-1]) + f" or {choices[-1]}"
            param.help = f"{param.help or ''} {param.metavar}: {listed}.".lstrip()


class Command(typer.core.TyperCommand):
    """A verb whose help names its values and wraps its paragraphs (see the module)."""

    def __init__(
        self,
        name: str | None,
        *,
        params: list[Any] | None = None,
        help: str | None = None,
        **settings: Any,
    ) -> None:
        for param in params or ():
            _name_values(param)
        super().__init__(name, params=params, help=reflowed(help), **settings)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help as Typer formats it, but for the epilog's example lines, which are never
        wrapped: a line broken on a narrow terminal would not paste back as one command."""
        epilog = self.epilog
        if not epilog or self.rich_markup_mode is None:
            super().format_help(ctx, formatter)
            return
        self.epilog = None
        try:
            super().format_help(ctx, formatter)
        finally:
            self.epilog = epilog
        from rich.text import Text
        from typer import rich_utils

        console = rich_utils._get_rich_console()
        console.print()
        for line in inspect.cleandoc(epilog).splitlines():
            shown = rich_utils.highlighter(Text.from_markup(f" {line}"))
            console.print(shown, no_wrap=True, overflow="ignore", crop=False)
        console.print()

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Click's parsing, but a long option it does not know is told the options whose
        names are close, compared without their dashes: with them, ``--`` alone made
        ``--json`` close to ``--round`` and to ``--as-of``; a long option written with one
        dash (``-strict``) is told as written, with the long options close to it, not as
        the first of the short options Click reads in it (``No such option: -s``)."""
        written = list(args)
        try:
            parsed: list[str] = super().parse_args(ctx, args)
        except NoSuchOption as error:
            names = [
                name[2:]
                for param in self.get_params(ctx)
                for name in [*param.opts, *param.secondary_opts]
                if name.startswith("--")
            ]
            if error.option_name.startswith("--"):
                close = difflib.get_close_matches(error.option_name[2:], names)
                error.possibilities = [f"--{name}" for name in close]
                raise
            # A long option written with one dash (-strict) is read as short ones (-s ...):
            # told as written, with the long options close to it.
            for arg in written:
                if arg == "--":
                    break
                one = arg.partition("=")[0]
                short = one[:1] == "-" and one[1:2] != "-" and len(one) > 2
                if short and error.option_name[1:] in one[1:]:
                    close = difflib.get_close_matches(one[1:], names)
                    if close:
                        possible = [f"--{name}" for name in close]
                        raise NoSuchOption(one, possibilities=possible, ctx=ctx) from None
            raise
        return parsed

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """``[OPTIONS] PATHS...``: an argument by its name (``[NAME]`` when optional)."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, typer.core.TyperArgument):
                name = param.metavar or ""
                pieces.append(name if param.required else f"[{name}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class App(typer.Typer):
    """A Typer app whose verbs are :class:`Command` unless given another class."""

    def command(  # type: ignore[override]
        self, name: str | None = None, *, cls: type[Command] | None = None, **settings: Any
    ) -> Callable[[_Function], _Function]:
        decorate: Callable[[_Function], _Function] = super().command(
            name, cls=cls or Command, **settings
        )
        return decorate
