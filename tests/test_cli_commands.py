"""The verbs' modules (:mod:`gargon_notation.cli.commands`): every verb is registered by one
of :data:`~gargon_notation.cli.commands.GROUPS`, in their order, which is the order of
``gargon --help``."""

from __future__ import annotations

import typer.main

from gargon_notation.cli import app
from gargon_notation.cli.commands import GROUPS


def test_the_groups_register_every_verb_in_the_order_of_the_help() -> None:
    modules = [command.callback.__module__ for command in app.registered_commands]  # type: ignore[union-attr]
    assert sorted(modules, key=lambda name: GROUPS.index(name.rpartition(".")[2])) == modules
    assert {name.rpartition(".")[2] for name in modules} == set(GROUPS)
    names = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert names[:3] == ["validate", "record", "show"]
    assert names[-3:] == ["schema", "simulate", "lsp"]
    assert len(names) == 22
