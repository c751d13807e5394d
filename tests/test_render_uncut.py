"""Uncut (render/uncut.py): a rich table drawn with every cell whole, whatever the console's
width: no ``…``, no column squeezed to nothing; the lines run long only when the columns
cannot fit at their narrowest (each at its longest word, or its widest cell when it does not
wrap)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from gargon_notation.render import Uncut


def drawn(table: Table | Uncut, width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(table, crop=False)
    return [line.rstrip() for line in console.file.getvalue().splitlines()]


def crosstable() -> Table:
    """A player's name that folds, and five round columns of figures that do not."""
    table = Table(box=None, pad_edge=False)
    table.add_column("player", overflow="fold", min_width=6)
    for heading in (f"R{n}" for n in range(1, 6)):
        table.add_column(heading, justify="right", no_wrap=True, min_width=len(heading))
    table.add_row("Annabel", *(["1\u00bd (100)"] * 5))
    return table


def test_a_table_wider_than_the_console_keeps_its_names_and_figures() -> None:
    """Plain rich drops the name and cuts the figures; uncut, the lines run long."""
    assert "…" in "".join(drawn(crosstable(), 40))
    assert drawn(Uncut(crosstable()), 40)[1] == (
        "Annabel  1\u00bd (100)  1\u00bd (100)  1\u00bd (100)  1\u00bd (100)  1\u00bd (100)"
    )


def text_columns() -> Table:
    """Two columns that wrap, one of long words and one of short ones, and a figure."""
    table = Table(box=None, pad_edge=False)
    table.add_column("long words")
    table.add_column("short")
    table.add_column("total", justify="right", no_wrap=True)
    table.add_row("extraordinarily unbelievable", "a b c d e f g h i j k l m n o p", "12345")
    return table


@pytest.mark.parametrize("width", range(4, 60, 3))
def test_no_column_is_narrower_than_its_longest_word(width: int) -> None:
    """rich gives way in the widest column first, then in every column evenly: a long word
    or a figure was cut, or a column was left no room at all."""
    text = "\n".join(drawn(Uncut(text_columns()), width))
    assert "…" not in text
    for word in ("extraordinarily", "unbelievable", "12345", "total", "short"):
        assert word in text, (width, text)


def test_a_table_that_fits_is_drawn_as_rich_draws_it() -> None:
    assert drawn(Uncut(text_columns()), 80) == drawn(text_columns(), 80)
    assert drawn(Uncut(crosstable()), 80) == drawn(crosstable(), 80)


WIDE_NAMES = (
    "Zoë-Åsa Þórðardóttir",
    "محمد بن سلمان",
    "王小明",
    "Maximilian Alexander von und zu Hohenzollern-Sigmaringen der Dritte",
    "🎲 Emil </script><b>x</b> & co",
)
"""Names of wide characters (王 and 🎲 take two cells each) and a long one, as a Players
line holds them."""


@pytest.mark.parametrize("width", range(30, 101))
def test_a_line_of_wide_characters_is_wrapped_not_cut(width: int) -> None:
    """At 80 columns a line ending in "von und" (70 cells, the column's width, in 68
    characters) came out "von un…": rich kept its blank at the end, counted in characters."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column()
    table.add_column()
    table.add_row("Notation", "1")
    table.add_row("Players", " ".join(WIDE_NAMES))
    lines = drawn(Uncut(table), width)
    assert "…" not in "".join(lines)
    assert " ".join(line[10:] for line in lines[1:]).split() == " ".join(WIDE_NAMES).split()
