"""What the hidden cards can still be, as a rich renderable: what ``gargon replay --possible``
shows under the table.

>>> import io
>>> from rich.console import Console
>>> from gargon_notation.engine import Deal, Game
>>> state = Game.new(Deal.from_seed("gargon", players=4)).snapshot()
>>> console = Console(file=io.StringIO(), width=80, no_color=True)
>>> console.print(possible_view(state.possible(1), "what Player 2 knows"))
>>> print(console.file.getvalue().rstrip())
Still possible (what Player 2 knows): hidden cards by back, and their values
  16 W?  0-9 11-15
  14 B?  0-2 4-11 13 15
  16 V?  0-11 13-15
  14 Y?  0-5 7 9-12 14 15
  16 R?  0-10 12-15
  16 G?  0-8 10-15
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from gargon_notation.engine import Possible
from gargon_notation.render.style import card_text

__all__ = ["possible_view"]


def possible_view(possible: Possible, observer: str) -> Group:
    """One line for each back the hidden cards show: how many show it, and the values each
    of them can still have; ``observer`` says whose knowledge it is (``what everyone
    knows``)."""
    heading = Text(f"Still possible ({observer})", style="bold")
    groups = possible.groups()
    if not groups:
        heading.append(": no card is hidden", style="")
        return Group(heading)
    heading.append(": hidden cards by back, and their values", style="")
    width = len(str(max(count for _, count, _ in groups)))
    lines = [heading]
    for back, count, _ in groups:
        line = Text(f"  {count:>{width}} ")
        line.append_text(card_text(back))
        line.append(f"  {possible.values_text(back)}")
        lines.append(line)
    return Group(*lines)
