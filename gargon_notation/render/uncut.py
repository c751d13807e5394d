"""A table drawn with every cell whole: no number, card or name cut to ``…``.

rich squeezes a table that is wider than the console: its columns give way, and a cell that
no longer fits ends in ``…`` (``66.…``), or loses all its text when its column is squeezed
to nothing.  :class:`Uncut` draws a table so that no column is narrower than the longest
word of a cell that wraps, nor than the widest cell of a column that does not wrap: on a
console wide enough to hold that, the table looks as rich draws it; on a narrower one its
lines run past the console's width (print it with ``crop=False``), every figure whole.

>>> from rich.console import Console
>>> from rich.table import Table
>>> table = Table(box=None, pad_edge=False)
>>> for heading in ("player", "games", "wins", "win %"):
...     table.add_column(heading, justify="right", no_wrap=heading != "player")
>>> table.add_row("Annabel", "3", "2", "66.7%")
>>> console = Console(width=20)
>>> with console.capture() as captured:
...     console.print(Uncut(table), crop=False)
>>> captured.get().splitlines()[1]
'Annabel      3     2  66.7%'
"""

from __future__ import annotations

import copy

import attrs
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

__all__ = ["Uncut"]

_WIDE = 1 << 16
"""A width no cell is measured against: each is measured as wide as it wants."""


@attrs.frozen
class Uncut:
    """``table`` drawn with no column narrower than it needs to keep every cell whole: its
    longest word (a column that wraps) or its widest cell (one that does not)."""

    table: Table

    def whole(self, console: Console) -> Table:
        """A copy of the table whose columns have those widths at least."""
        options = console.options.update_width(_WIDE)
        table = copy.copy(self.table)
        table.columns = []
        for column in self.table.columns:
            cells = [*([column.header] if self.table.show_header else []), *column.cells]
            needed = 0
            for cell in cells:
                size = Measurement.get(console, options, cell)
                needed = max(needed, size.maximum if column.no_wrap else size.minimum)
            whole = copy.copy(column)
            whole.min_width = max(column.min_width or 0, needed)
            if not column.no_wrap and column.overflow == "ellipsis":
                # No word is wider than the column, so "fold" folds none; "ellipsis" cut the
                # last word of a line holding wide characters (王, 🎲: two cells each) to
                # "…", rich's wrap counting that line's blank at the end in characters, not
                # cells, and so keeping it one cell past the column.
                whole.overflow = "fold"
            table.columns.append(whole)
        return table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.whole(console))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        table = self.whole(console)
        # Laid out no narrower than its columns' least widths: rich squeezes a table too
        # wide for its space evenly, which can leave a column no room at all.
        least = Measurement.get(console, options.update_width(_WIDE), table).minimum
        yield from console.render(table, options.update_width(max(options.max_width, least)))
