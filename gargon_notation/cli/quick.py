"""The verbs ``gargon`` starts without Typer: ``validate``, ``fmt`` and ``dedupe``.

They are what a person at the table and a pre-commit hook run most, on the smallest files,
and the verbs whose ``--jobs`` work is cheapest beside the start-up (so that starting sooner
is what lets two processes take half the time).  Importing Typer and rich and building the
app costs more than reading and checking a game, so a plain command line of these verbs (the
verb, its known flags, ``--jobs N``, a path option with a plain value, paths) is read here
and the verb's work called directly; any other command line, ``--help`` and every mistake
included, goes to Typer, which reads it as it always does.  The work itself is the same
function either way (the Typer command calls it too), and prints without rich until a
progress bar needs it (:mod:`~gargon_notation.cli.common`).

A test reads every command line of a list both ways and compares what the work is called
with, and checks that each verb's parameters are all given here.

>>> FMT.read(["--check", "a.ggn", "-j", "2"])
{'check': True, 'in_place': False, 'diff': False, 'quiet': False, 'jobs': 2, 'paths': ['a.ggn']}
>>> DEDUPE.read(["club/", "-o", "unique.ggn"])["output"]  # as given: ./- is no -
'unique.ggn'
>>> FMT.read(["-qi", "a.ggn"]) is None  # flags run together: Typer reads them
True
>>> DEDUPE.read(["club/", "-o=unique.ggn"]) is None  # Click's value would be "=unique.ggn"
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import NamedTuple

__all__ = ["DEDUPE", "FMT", "MAX_JOBS", "QUICK_VERBS", "VALIDATE", "QuickVerb"]

MAX_JOBS = 256
"""The most worker processes ``--jobs`` takes (Typer's range for it is 1 to this)."""
_JOBS = ("--jobs", "-j")


class QuickVerb(NamedTuple):
    """A verb read without Typer: its work (``"module:function"``), called with keyword
    arguments; its flags (each option's parameter); its options with a path (each option's
    parameter); the parameters a plain command line always leaves as they are (``--dask`` and
    ``--to`` are read by Typer)."""

    work: str
    flags: Mapping[str, str]
    path_options: Mapping[str, str]
    fixed: Mapping[str, object]

    def read(self, arguments: list[str]) -> dict[str, object] | None:
        """The keyword arguments of the work for ``arguments`` (after the verb), when every
        argument is plain: a known flag, ``--jobs N`` (``--jobs=N``, ``-j N``) with N in
        1-256, a path option with a value that is not empty and is ``-`` or does not start
        with it (``-o FILE``, ``--output=FILE``), a path, ``--`` and paths after it; at least one
        path.  None for anything else, which Typer then reads."""
        options: dict[str, object] = dict.fromkeys(self.flags.values(), False)
        options.update(dict.fromkeys(self.path_options.values()))
        options["jobs"] = 1
        options.update(self.fixed)
        paths: list[str] = []
        pending = iter(arguments)
        for argument in pending:
            # only a long option takes its value after "=" (Click reads "-o=x" as "=x")
            option, equals, attached = argument.partition("=")
            if not argument.startswith("--"):
                option, equals = argument, ""
            if argument == "--":
                paths += pending
            elif argument in self.flags:
                options[self.flags[argument]] = True
            elif option in _JOBS:
                value = attached if equals else next(pending, "")
                if not (value.isascii() and value.isdigit() and 1 <= int(value) <= MAX_JOBS):
                    return None
                options["jobs"] = int(value)
            elif option in self.path_options:
                value = attached if equals else next(pending, "")
                if not value or (value.startswith("-") and value != "-"):
                    return None
                options[self.path_options[option]] = value
            elif argument.startswith("-") and argument != "-":
                return None
            else:
                paths.append(argument)
        if not paths:
            return None
        options["paths"] = paths
        return options

    def function(self) -> Callable[..., int | None]:
        """The work, imported."""
        module, _, name = self.work.partition(":")
        work: Callable[..., int | None] = getattr(importlib.import_module(module), name)
        return work


VALIDATE = QuickVerb(
    "gargon_notation.cli.report:validate_paths",
    {
        "--strict": "strict",
        "--json": "as_json",
        "--quiet": "quiet",
        "-q": "quiet",
        "--no-color": "no_color",
    },
    {},
    {"dask": None},
)
FMT = QuickVerb(
    "gargon_notation.cli.edit:fmt",
    {
        "--check": "check",
        "--in-place": "in_place",
        "-i": "in_place",
        "--diff": "diff",
        "--quiet": "quiet",
        "-q": "quiet",
    },
    {},
    {},
)
DEDUPE = QuickVerb(
    "gargon_notation.cli.archive:dedupe_command",
    {"--report": "report_only", "--json": "as_json", "--invalid": "keep_invalid"},
    {"--output": "output", "-o": "output"},
    {"to": None},
)
QUICK_VERBS = {"validate": VALIDATE, "fmt": FMT, "dedupe": DEDUPE}
"""The verbs read without Typer, by name."""
