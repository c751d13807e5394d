"""What ``gargon validate`` does and prints, without typer or rich.

:func:`validate_paths` is the whole verb once its options are read: the Typer command
(:mod:`gargon_notation.cli.check`) and the quick start of :func:`gargon_notation.cli.run`
both call it, so the two print the same.  It imports neither typer nor rich (see
:mod:`gargon_notation.cli.plain`), except rich's progress bar on a terminal for inputs over a
megabyte (:mod:`gargon_notation.cli.progress`), where the time to import it does not show.
"""

from __future__ import annotations

from gargon_notation import files
from gargon_notation.cli.common import STDIN_ONCE
from gargon_notation.cli.plain import Line, plural, write_lines
from gargon_notation.cli.progress import progress
from gargon_notation.cli.validate import json_report, run_validation
from gargon_notation.errors import printable_name
from gargon_notation.validation import GameVerdict

__all__ = ["validate_paths"]


def _fail(message: str, no_color: bool = False) -> int:
    write_lines([((f"gargon: {message}", "bold red"),)], stderr=True, no_color=no_color)
    return 2


def validate_paths(
    paths: list[str],
    *,
    strict: bool,
    as_json: bool,
    jobs: int,
    quiet: bool,
    dask: str | None = None,
    no_color: bool = False,
) -> int:
    """Validate every game of ``paths``, print a verdict on each and a summary (or the JSON
    report), and return the exit code: 0 all valid, 1 any invalid or a file without a game,
    2 an input that cannot be read (or, with ``dask``, a Dask cluster that cannot be
    used)."""
    try:
        inputs = files.find_inputs(paths)
    except files.FileError as error:
        return _fail(str(error), no_color)
    if not inputs:
        return _fail("no .ggn file found in " + ", ".join(map(printable_name, paths)), no_color)
    if sum(source.path is None for source in inputs) > 1:
        return _fail(STDIN_ONCE, no_color)
    collected: list[dict[str, object]] = []

    def report(verdict: GameVerdict) -> None:
        if as_json:
            collected.append(verdict.as_dict())
        elif not (verdict.valid and quiet):
            write_lines(_verdict_lines(verdict), no_color=no_color)

    failures: tuple[type[Exception], ...] = (files.FileError,)
    if dask is not None:
        from gargon_notation.cli.distributed import ClusterError

        failures = (files.FileError, ClusterError)
    total = sum(source.size for source in inputs)
    try:
        with progress(total, "validating", show=not as_json) as advance:
            summary = run_validation(
                inputs, jobs=jobs, strict=strict, report=report, on_bytes=advance, dask=dask
            )
    except failures as error:
        return _fail(str(error), no_color)
    if as_json:
        write_lines([((json_report(collected, summary), ""),)])
    else:
        lines: list[Line] = [
            (
                (
                    f"EMPTY {printable_name(name)}: this file holds no game (it is empty, or "
                    "holds only comments)",
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
        if summary.unread:
            text += (
                f"; {plural(summary.unread, 'file')} not read (--strict stopped at the first "
                "invalid game)"
            )
        lines.append(((text, "bold green" if good else "bold red"),))
        write_lines(lines, no_color=no_color)
    return 0 if summary.invalid == 0 and summary.games and not summary.empty else 1


def _verdict_lines(verdict: GameVerdict) -> list[Line]:
    title = f"{printable_name(verdict.source)} game {verdict.game}"
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
