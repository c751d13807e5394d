"""``gargon validate``: a verdict on every game of many files, and a summary."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn
from rich.text import Text

from gargon_notation import files
from gargon_notation.cli import common
from gargon_notation.cli.common import app, fail, plural
from gargon_notation.cli.terminal import printable
from gargon_notation.cli.validate import json_report, run_validation, stderr_is_terminal
from gargon_notation.validation import GameVerdict

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
        int, typer.Option("--jobs", "-j", min=1, max=256, help="Worker processes (1-256).")
    ] = 1,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Report invalid games and the summary only.")
    ] = False,
) -> None:
    """Replay every game through the rules engine and give a verdict on each.

    Exit 0 when all games are valid, 1 when any is invalid, 2 on usage or I/O errors.
    """
    try:
        inputs = files.find_inputs(paths)
    except files.FileError as error:
        fail(str(error))
    if not inputs:
        fail("no .ggn file found in " + ", ".join(paths))
    collected: list[dict[str, object]] = []

    def report(verdict: GameVerdict) -> None:
        if as_json:
            collected.append(verdict.as_dict())
            return
        if verdict.valid and quiet:
            return
        _print_verdict(verdict)

    total = sum(source.size for source in inputs)
    show_progress = stderr_is_terminal() and total > 1_000_000 and not as_json
    try:
        if show_progress:
            with Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                DownloadColumn(),
                TimeRemainingColumn(),
                console=common.err,
                transient=True,
            ) as progress:
                task = progress.add_task("validating", total=total)
                summary = run_validation(
                    inputs,
                    jobs=jobs,
                    strict=strict,
                    report=report,
                    on_bytes=lambda n: progress.advance(task, n),
                )
        else:
            summary = run_validation(inputs, jobs=jobs, strict=strict, report=report)
    except files.FileError as error:
        fail(str(error))
    if as_json:
        common.out.print(
            json_report(collected, summary), markup=False, highlight=False, soft_wrap=True
        )
    else:
        for name in summary.empty:
            line = Text("EMPTY ", style="bold red")
            line.append(
                printable(f"{name}: this file holds no game (it is empty, or holds only comments)")
            )
            common.out.print(line)
        good = summary.invalid == 0 and not summary.empty
        text = (
            f"{plural(summary.games, 'game')} in {plural(summary.files, 'file')}: "
            f"{summary.valid} valid, {summary.invalid} invalid"
        )
        if summary.warnings:
            text += f"; {plural(summary.warnings, 'warning')}"
        if summary.empty:
            text += f"; {plural(len(summary.empty), 'file')} without a game"
        common.out.print(Text(text, style="bold green" if good else "bold red"))
    raise typer.Exit(0 if summary.invalid == 0 and summary.games and not summary.empty else 1)


def _print_verdict(verdict: GameVerdict) -> None:
    out = common.out
    title = f"{verdict.source} game {verdict.game}"
    if verdict.event:
        title += f' "{verdict.event}"'
    title = printable(title)
    if verdict.valid:
        state = "finished" if verdict.finished else "unfinished"
        line = Text("ok ", style="bold green")
        line.append(f"{title}: valid, {state}, {plural(verdict.rounds, 'round')}")
        if verdict.winners:
            line.append(f"; won by {', '.join(verdict.winners)}")
        out.print(line)
    else:
        line = Text("INVALID ", style="bold red")
        count = len(verdict.problems)
        line.append(f"{title}: {count} problem{'s' if count != 1 else ''}")
        out.print(line)
        for message in verdict.messages:
            out.print(Text("  " + printable(message).replace("\n", "\n  ")))
    for warning in verdict.warnings:
        out.print(Text("  warning: " + printable(str(warning)), style="yellow"))
    for note in verdict.unchecked:
        out.print(Text(f"  not checked: {note}", style="dim"))
