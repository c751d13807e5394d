"""What ``gargon validate`` does and prints, without typer or rich.

:func:`validate_paths` is the whole verb once its options are read: the Typer command
(:mod:`gargon_notation.cli.check`) and the quick start of :func:`gargon_notation.cli.run`
both call it, so the two print the same.  It imports neither typer nor rich (see
:mod:`gargon_notation.cli.plain`), except rich's progress bar on a terminal for inputs over a
megabyte, where the time to import it does not show.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from gargon_notation import files
from gargon_notation.cli.plain import Line, plural, write_lines
from gargon_notation.cli.validate import Summary, json_report, run_validation, stderr_is_terminal
from gargon_notation.validation import GameVerdict

__all__ = ["PROGRESS_BYTES", "validate_paths"]

PROGRESS_BYTES = 1_000_000
"""Inputs larger than this get a progress bar on a terminal."""


def _fail(message: str) -> int:
    write_lines([((f"gargon: {message}", "bold red"),)], stderr=True)
    return 2


def validate_paths(paths: list[str], *, strict: bool, as_json: bool, jobs: int, quiet: bool) -> int:
    """Validate every game of ``paths``, print a verdict on each and a summary (or the JSON
    report), and return the exit code: 0 all valid, 1 any invalid or a file without a game,
    2 an input that cannot be read."""
    try:
        inputs = files.find_inputs(paths)
    except files.FileError as error:
        return _fail(str(error))
    if not inputs:
        return _fail("no .ggn file found in " + ", ".join(paths))
    collected: list[dict[str, object]] = []

    def report(verdict: GameVerdict) -> None:
        if as_json:
            collected.append(verdict.as_dict())
        elif not (verdict.valid and quiet):
            write_lines(_verdict_lines(verdict))

    total = sum(source.size for source in inputs)
    try:
        if stderr_is_terminal() and total > PROGRESS_BYTES and not as_json:
            summary = _with_progress(inputs, total, jobs=jobs, strict=strict, report=report)
        else:
            summary = run_validation(inputs, jobs=jobs, strict=strict, report=report)
    except files.FileError as error:
        return _fail(str(error))
    if as_json:
        write_lines([((json_report(collected, summary), ""),)])
    else:
        lines: list[Line] = [
            (
                (
                    f"EMPTY {name}: this file holds no game (it is empty, or holds only comments)",
                    "bold red",
                ),
            )
            for name in summary.empty
        ]
        good = summary.invalid == 0 and not summary.empty
        text = (
            f"{plural(summary.games, 'game')} in {plural(summary.files, 'file')}: "
            f"{summary.valid} valid, {summary.invalid} invalid"
        )
        if summary.warnings:
            text += f"; {plural(summary.warnings, 'warning')}"
        if summary.empty:
            text += f"; {plural(len(summary.empty), 'file')} without a game"
        lines.append(((text, "bold green" if good else "bold red"),))
        write_lines(lines)
    return 0 if summary.invalid == 0 and summary.games and not summary.empty else 1


def _with_progress(
    inputs: list[files.Input],
    total: int,
    *,
    jobs: int,
    strict: bool,
    report: Callable[[GameVerdict], None],
) -> Summary:
    """:func:`run_validation` under a progress bar on standard error (it goes when done)."""
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    from gargon_notation.cli.terminal import SafeConsole

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        DownloadColumn(),
        TimeRemainingColumn(),
        console=SafeConsole(stderr=True, highlight=False, soft_wrap=True),
        transient=True,
        # Verdicts go above the bar on the terminal, but into stdout when it is a file.
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=False,
    ) as progress:
        task = progress.add_task("validating", total=total)
        return run_validation(
            inputs,
            jobs=jobs,
            strict=strict,
            report=report,
            on_bytes=lambda n: progress.advance(task, n),
        )


def _verdict_lines(verdict: GameVerdict) -> list[Line]:
    title = f"{verdict.source} game {verdict.game}"
    if verdict.event:
        title += f' "{verdict.event}"'
    lines: list[Line] = []
    if verdict.valid:
        state = "finished" if verdict.finished else "unfinished"
        text = f"{title}: valid, {state}, {plural(verdict.rounds, 'round')}"
        if verdict.winners:
            text += f"; won by {', '.join(verdict.winners)}"
        lines.append(((f"ok {text}", "bold green"),))
    else:
        count = len(verdict.problems)
        text = f"{title}: {plural(count, 'problem')}"
        lines.append(((f"INVALID {text}", "bold red"),))
        lines += [(("  " + message.replace("\n", "\n  "), ""),) for message in verdict.messages]
    lines += [((f"  warning: {warning}", "yellow"),) for warning in verdict.warnings]
    lines += [((f"  not checked: {note}", "dim"),) for note in verdict.unchecked]
    return lines
