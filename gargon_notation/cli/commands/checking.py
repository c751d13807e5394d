"""``gargon validate``, done by :mod:`~gargon_notation.cli.report`: on its own, since a
command line of it that :mod:`~gargon_notation.cli.quick` leaves to Typer (``--dask``,
``-qj2``, a mistake) loads this module and no other verb's.

No ``from __future__ import annotations``: the annotations are evaluated once, as the module
is imported (see :mod:`gargon_notation.cli.commands`).
"""

from typing import Annotated

import typer

from gargon_notation.cli.commands import DaskOption, NoColor, Paths
from gargon_notation.cli.common import Exit
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.program import app
from gargon_notation.cli.quick import MAX_JOBS

__all__ = ["validate"]


@app.command(epilog=examples("gargon validate examples/ --jobs 2"))
def validate(
    paths: Paths,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first problem.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable JSON report.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, max=MAX_JOBS, help="Validate in N worker processes."),
    ] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
    dask: Annotated[str | None, DaskOption] = None,
    no_color: NoColor = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import report

    code = report.validate_paths(
        paths, strict=strict, as_json=as_json, jobs=jobs, quiet=quiet, dask=dask, no_color=no_color
    )
    raise Exit(code)
