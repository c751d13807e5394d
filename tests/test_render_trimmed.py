"""Trimmed: a renderable drawn as it is, without the blanks at the ends of its lines."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from gargon_notation.render.trimmed import Trimmed


def drawn(renderable: RenderableType, color: bool = False) -> str:
    console = Console(
        file=io.StringIO(),
        width=40,
        color_system="standard" if color else None,
        legacy_windows=False,
    )
    console.print(renderable)
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


def standings_like() -> Table:
    table = Table(box=None, pad_edge=False)
    table.add_column("player")
    table.add_column("game")
    table.add_row("Ann", "a.ggn:1")
    table.add_row("Bob", "a.ggn:40")
    return table


def test_a_table_loses_the_blanks_at_its_line_ends_and_nothing_else() -> None:
    assert drawn(standings_like()) == "player  game    \nAnn     a.ggn:1 \nBob     a.ggn:40\n"
    assert drawn(Trimmed(standings_like())) == "player  game\nAnn     a.ggn:1\nBob     a.ggn:40\n"


def test_in_colour_only_blanks_that_show_nothing_go() -> None:
    plain = Text.assemble("head", ("    ", "bold"))
    assert drawn(Trimmed(plain), color=True) == "head\n"
    shaded = Text.assemble("head", ("    ", "on red"), ("  ", "bold"))
    assert drawn(Trimmed(shaded), color=True) == "head\x1b[41m    \x1b[0m\n"
    underlined = Text.assemble("head", ("  ", "underline"))
    assert drawn(Trimmed(underlined), color=True) == "head\x1b[4m  \x1b[0m\n"


def test_it_measures_as_what_it_draws() -> None:
    console = Console(width=40)
    table = standings_like()
    assert Measurement.get(console, console.options, Trimmed(table)) == Measurement.get(
        console, console.options, table
    )
