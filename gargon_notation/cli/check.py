"""``gargon validate``: a verdict on every game of many files, and a summary."""

from __future__ import annotations

from typing import Annotated

import typer

from gargon_notation.cli import MAX_JOBS
from gargon_notation.cli.common import app

__all__ = ["validate"]


@app.command(
    epilog="Example: [bold]gargon validate examples/ --jobs 2[/]",
)
def validate(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Files, directories (searched for *.ggn, *.json, *.jsonl), or - for stdin."
        ),
    ],
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first problem.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable JSON report.")
    ] = False,
    jobs: Annotated[
        int,
        typer.Option("--jobs", "-j", min=1, max=MAX_JOBS, help=f"Worker processes (1-{MAX_JOBS})."),
    ] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    from gargon_notation.cli import report  # the verb's work, imported when it runs

    code = report.validate_paths(paths, strict=strict, as_json=as_json, jobs=jobs, quiet=quiet)
    raise typer.Exit(code)
