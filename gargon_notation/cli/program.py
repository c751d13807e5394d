"""The Typer app of ``gargon``: its callback (``--version``) and entry point.  Every verb is
registered on :data:`app` by a module of :mod:`~gargon_notation.cli.commands`; what the
verbs share (consoles, errors, :class:`~gargon_notation.cli.common.Exit`) is in
:mod:`~gargon_notation.cli.common`, which imports neither Typer nor rich, so that a verb run
without Typer (:func:`gargon_notation.cli.quick_options`) starts at once.
"""

from __future__ import annotations

from typing import Annotated

import typer

from gargon_notation import __version__
from gargon_notation.cli import common
from gargon_notation.cli.deferred import defer_unused_rich_modules
from gargon_notation.cli.helptext import App
from gargon_notation.cli.plain import utf8_stdout
from gargon_notation.errors import GargonError

__all__ = ["app", "main", "run"]

defer_unused_rich_modules()

app = App(
    name="gargon",
    help="Validate, show, replay, annotate, format and convert records of the card game Gargon.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)


def _version(value: bool) -> None:
    if value:
        print(f"gargon-notation {__version__}")
        raise common.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Records of the card game Gargon: validate, show, replay, annotate, format, convert."""
    common.starting()


def run(verb: str | None = None) -> None:
    """The Typer app with every verb, or only ``verb``'s module of verbs when it is a verb's
    name (the command line's first argument: :func:`~gargon_notation.cli.load_verbs`): any
    GargonError escaping a command is exit code 1
    (:func:`~gargon_notation.cli.common.escaped`)."""
    from gargon_notation.cli import load_verbs

    load_verbs(verb)
    utf8_stdout()
    try:
        app(prog_name="gargon")
    except GargonError as error:
        common.escaped(error)
