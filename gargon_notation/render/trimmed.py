"""A renderable drawn without the blanks at the ends of its lines.

A rich table pads every cell to its column's width, the last column's too, so that each line
of a table ends in spaces: invisible on a terminal, but trailing white space in a file, a pipe
or a diff.  :class:`Trimmed` draws a renderable as it is and drops those blanks (spaces whose
style shows nothing on a blank: no background, underline, strike or reverse), so that the
table looks the same.

>>> from rich.console import Console
>>> from rich.table import Table
>>> table = Table(box=None)
>>> table.add_column("player")
>>> table.add_column("game")
>>> table.add_row("Ann", "a.ggn:1")
>>> table.add_row("Bob", "a.ggn:40")
>>> console = Console(width=40)
>>> with console.capture() as captured:
...     console.print(Trimmed(table))
>>> captured.get().splitlines()
[' player  game', ' Ann     a.ggn:1', ' Bob     a.ggn:40']
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style

__all__ = ["Trimmed"]


@attrs.frozen
class Trimmed:
    """``renderable`` drawn as it is, each of its lines without the blanks at its end."""

    renderable: RenderableType

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line: list[Segment] = []
        for segment in console.render(self.renderable, options):
            if segment.control or "\n" not in segment.text:
                line.append(segment)
                continue
            *ended, rest = segment.text.split("\n")
            for text in ended:
                if text:
                    line.append(Segment(text, segment.style))
                yield from _trimmed(line)
                yield Segment.line()
                line = []
            if rest:
                line.append(Segment(rest, segment.style))
        yield from _trimmed(line)


def _trimmed(line: list[Segment]) -> Iterable[Segment]:
    """The segments of one line without the blanks at its end."""
    end = len(line)
    while end:
        last = line[end - 1]
        if last.control or not _blank_shows_nothing(last.style):
            break
        text = last.text.rstrip(" ")
        if text:
            return [*line[: end - 1], Segment(text, last.style)]
        end -= 1
    return line[:end]


def _blank_shows_nothing(style: Style | None) -> bool:
    """Whether a space in ``style`` looks like no character at all."""
    return style is None or not (
        style.bgcolor
        or style.reverse
        or style.underline
        or style.underline2
        or style.strike
        or style.overline
    )
