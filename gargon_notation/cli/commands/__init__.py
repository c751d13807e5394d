"""The command line's surface: every verb's options, help and examples, registered on the
Typer app, and nothing else; one module a group of verbs, registered only when a command
needs it (:func:`load`).  Here, what they share: the options and arguments of several verbs
(:data:`Paths`, :data:`NoColor`, :data:`Output`, :data:`AtomicOutput`, :data:`InPlace`,
:data:`Jobs`, :data:`DaskOption`) and the callbacks that read an output's name.

- :mod:`~gargon_notation.cli.commands.checking`: ``validate``;
- :mod:`~gargon_notation.cli.commands.viewers`: ``record``, ``show``, ``replay``, ``svg``,
  ``html``, ``score``;
- :mod:`~gargon_notation.cli.commands.editing`: ``annotate``, ``fmt``, ``convert``,
  ``check-hidden``, ``merge``;
- :mod:`~gargon_notation.cli.commands.archive`: ``filter``, ``cat``, ``dedupe``, ``split``;
- :mod:`~gargon_notation.cli.commands.reports`: ``stats``, ``standings``, ``ratings``;
- :mod:`~gargon_notation.cli.commands.tools`: ``schema``, ``simulate``, ``lsp``.

The order of :data:`GROUPS`, and of the verbs in each module, is the order of ``gargon
--help``.

Each command imports the module that does its work only when it runs, so that ``gargon
--help``, a shell completion and a usage error load none of the library (the speed issue):
``validate`` is done by :mod:`~gargon_notation.cli.report`, ``show``, ``replay`` and
``score`` by :mod:`~gargon_notation.cli.view`, ``annotate``, ``fmt``, ``convert`` and
``schema`` by :mod:`~gargon_notation.cli.edit`, ``simulate`` by
:mod:`~gargon_notation.cli.simulate`, ``convert --seat``, ``check-hidden`` and ``merge`` by
:mod:`~gargon_notation.cli.seats`, ``record`` by :mod:`~gargon_notation.cli.record`, ``svg``
by :mod:`~gargon_notation.cli.pictures`, ``html`` by :mod:`~gargon_notation.cli.web`,
``filter``, ``cat``, ``dedupe`` and ``split`` by :mod:`~gargon_notation.cli.archive`,
``stats`` by :mod:`~gargon_notation.cli.stats`, ``standings`` by
:mod:`~gargon_notation.cli.standings`, ``ratings`` by :mod:`~gargon_notation.cli.ratings`.

This package and the verbs' modules have no ``from __future__ import annotations``: their
annotations are evaluated once, as the module is imported, where Typer, which reads each
command's signature twice while it builds the command line, would evaluate annotations
written as strings each time (some 40 ms of every ``gargon --help`` and completion).
"""

import importlib
from typing import Annotated

import typer

from gargon_notation.cli.quick import MAX_JOBS

__all__ = [
    "GROUPS",
    "MANY_HELP",
    "VERBS",
    "AtomicOutput",
    "DaskOption",
    "InPlace",
    "Jobs",
    "NoColor",
    "Output",
    "Paths",
    "_named",
    "_path",
    "load",
]

InPlace = Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the file (atomically).")]
"""The --in-place option of the verbs that rewrite a record."""
MANY_HELP = "Files, directories (searched for *.ggn, *.json, *.jsonl), globs, or - for stdin."
"""The inputs of the verbs that read records, one or many."""
Paths = Annotated[list[str], typer.Argument(help=MANY_HELP)]
"""The PATHS argument of the verbs that read records."""


def _named(value: str | None) -> str | None:
    """An output's name as given, refused when empty: ``-o "$DIR"`` with DIR unset wrote
    into the current folder (split), or said ``gargon: : is a folder``."""
    if value == "":
        raise typer.BadParameter("an empty name: give the name of a file or a folder")
    return value


Output = Annotated[
    str | None,
    typer.Option(
        "--output", "-o", metavar="FILE", help="Write here instead of stdout.", callback=_named
    ),
]
AtomicOutput = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help="Write here (atomically), not stdout.",
        callback=_named,
    ),
]

NoColor = Annotated[bool, typer.Option("--no-color", help="Plain text: no colours, no styles.")]
"""The --no-color option of the verbs that print to a terminal."""


DaskOption = typer.Option(
    "--dask",
    metavar="SCHEDULER",
    help="Do the work on the Dask cluster of this scheduler (tcp://HOST:PORT; docs/scale.md); "
    "needs pip install 'gargon-notation\\[dask]'.",
)
"""The --dask option of the verbs whose work a Dask cluster can do."""
Jobs = Annotated[
    int,
    typer.Option(
        "--jobs", "-j", min=1, max=MAX_JOBS, help="Work in N worker processes (same output)."
    ),
]
"""The --jobs option of the verbs that work on many games, one at a time."""


GROUPS = ("checking", "viewers", "editing", "archive", "reports", "tools")
"""The modules of the verbs, in the order of ``gargon --help``."""

VERBS = {
    "validate": "checking",
    "record": "viewers",
    "show": "viewers",
    "replay": "viewers",
    "svg": "viewers",
    "html": "viewers",
    "score": "viewers",
    "annotate": "editing",
    "fmt": "editing",
    "convert": "editing",
    "check-hidden": "editing",
    "merge": "editing",
    "filter": "archive",
    "cat": "archive",
    "dedupe": "archive",
    "split": "archive",
    "stats": "reports",
    "standings": "reports",
    "ratings": "reports",
    "schema": "tools",
    "simulate": "tools",
    "lsp": "tools",
}
"""Each verb's module (a test checks it against what each module registers)."""


def load(verb: str | None = None) -> None:
    """Register ``verb``'s module of verbs on the app, or every verb when ``verb`` is None or
    no verb's name (``--help``, a mistake, a shell's completion): a command line of one verb
    builds only its own module's verbs, whose help and errors name no other verb.  The verbs
    registered stay in the order of ``gargon --help`` whatever was loaded before."""
    group = None if verb is None else VERBS.get(verb)
    for name in GROUPS if group is None else (group,):
        importlib.import_module(f"{__name__}.{name}")
    from gargon_notation.cli.program import app

    app.registered_commands.sort(key=lambda command: GROUPS.index(_group(command.callback)))


def _group(callback: object) -> str:
    module: str = getattr(callback, "__module__", "")
    return module.rpartition(".")[2]
