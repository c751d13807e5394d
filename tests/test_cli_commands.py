"""The verbs' modules (:mod:`gargon_notation.cli.commands`): each verb is where
:data:`~gargon_notation.cli.commands.VERBS` says, a command line of one verb registers its own
module's verbs and no other, and the verbs stay in the order of ``gargon --help`` whatever was
registered first."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import typer.main

from gargon_notation.cli import app
from gargon_notation.cli.commands import GROUPS, VERBS

_REGISTERED = """
import json, sys
import typer.main
from gargon_notation.cli import load_verbs
from gargon_notation.cli.program import app

def names():
    return list(typer.main.get_command(app).commands)

load_verbs(sys.argv[1] or None)
alone = names()
loaded = sorted(n for n in sys.modules if n.startswith("gargon_notation.cli.commands."))
load_verbs()
print(json.dumps({"alone": alone, "loaded": loaded, "all": names()}))
"""


def _registered(verb: str) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _REGISTERED, verb],
        capture_output=True,
        text=True,
        check=True,
    )
    answer: dict[str, list[str]] = json.loads(done.stdout)
    return answer


def test_every_verb_is_in_the_table_in_the_order_of_the_help() -> None:
    assert list(typer.main.get_command(app).commands) == list(VERBS)  # type: ignore[attr-defined]
    assert sorted(set(VERBS.values()), key=GROUPS.index) == list(GROUPS)
    assert [VERBS[verb] for verb in VERBS] == sorted(VERBS.values(), key=GROUPS.index)


@pytest.mark.parametrize(
    "group",
    [
        pytest.param(group, marks=[] if group in ("checking", "viewers") else [pytest.mark.slow])
        for group in GROUPS
    ],
)
def test_a_command_line_of_one_verb_registers_its_module_alone(group: str) -> None:
    """A process each (what it imports is the point): the module of one verb and that of
    several by default, every module in the heavy profile."""
    verb = next(verb for verb, module in VERBS.items() if module == group)
    registered = _registered(verb)
    assert registered["alone"] == [name for name, module in VERBS.items() if module == group]
    assert registered["loaded"] == [f"gargon_notation.cli.commands.{group}"]
    assert registered["all"] == list(VERBS)  # the order of the help, loaded last or not


def test_anything_but_a_verb_registers_every_verb() -> None:
    for first in ("", "--help", "shw"):
        registered = _registered(first)
        assert registered["alone"] == list(VERBS)
        assert registered["loaded"] == sorted(f"gargon_notation.cli.commands.{g}" for g in GROUPS)
