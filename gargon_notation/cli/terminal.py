"""What reaches a terminal: text from records and file names is shown, never obeyed.

Records and file names may hold control characters (an escape sequence that clears the screen,
sets the window title or makes a hyperlink) and text that looks like rich markup
(``[link=...]``).  Every console of the command is a :class:`SafeConsole`: markup is never
read from text, and control characters are written out visibly as ``\\u`` escapes, the same in
Python, JSON and JavaScript (so JSON output stays JSON).

>>> printable("a\\x1b[2Jb\\u202ec")
'a\\\\u001b[2Jb\\\\u202ec'
>>> printable("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

from gargon_notation.cli.plain import UNSAFE, printable, utf8_stdout

__all__ = ["SafeConsole", "printable", "utf8_stdout"]


class SafeConsole(Console):
    """A rich console that reads no markup and writes control characters visibly.

    The escape codes of the console's own styles are added after this filter, so colours
    still work; an escape character coming from a record never reaches the terminal.
    """

    def __init__(self, **options: object) -> None:
        super().__init__(markup=False, **options)  # type: ignore[arg-type]

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and UNSAFE.search(segment.text):
                yield Segment(printable(segment.text), segment.style)
            else:
                yield segment
