"""Lines of text for the terminal without rich: what ``gargon validate`` prints.

``validate`` is what a person at the table and a pre-commit hook run most, on one small file,
so it must start at once: it prints lines, each in at most one style, which needs no rich
(importing rich, typer and their help costs more than reading and replaying a game).  The
rules are those of the rich consoles of the other verbs: text from records and file names is
shown, never obeyed (:func:`printable`), and colours are written only to a terminal, never
with ``NO_COLOR`` set or on a ``dumb`` terminal, and otherwise with ``FORCE_COLOR`` even into
a pipe.

>>> printable("a\\x1b[2Jb\\u202ec")
'a\\\\u001b[2Jb\\\\u202ec'
>>> printable("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
>>> styled("ok ", "bold green", colour=True)
'\\x1b[1;32mok \\x1b[0m'
>>> styled("ok ", "bold green", colour=False)
'ok '
"""

from __future__ import annotations

import io
import os
import sys
from typing import TextIO

from gargon_notation.errors import UNSAFE, printable

__all__ = [
    "UNSAFE",
    "Line",
    "colours_for",
    "plural",
    "printable",
    "styled",
    "utf8_stdout",
    "write_lines",
]

_SGR = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33"}
"""Select Graphic Rendition codes of the styles used (``"bold red"`` is ``1;31``)."""

Line = tuple[tuple[str, str], ...]
"""A line as parts of text, each with its style (``""`` for none)."""


def styled(text: str, style: str, *, colour: bool) -> str:
    """``text`` in ``style`` (words of :data:`_SGR`), as escape codes when ``colour``."""
    if not colour or not style or not text:
        return text
    codes = ";".join(_SGR[word] for word in style.split())
    return f"\x1b[{codes}m{text}\x1b[0m"


def plural(number: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def colours_for(stream: TextIO) -> bool:
    """Whether colours are written to ``stream``: a terminal, unless ``NO_COLOR`` is set or
    ``TERM`` is ``dumb``; with ``FORCE_COLOR``, anything else too."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def write_lines(lines: list[Line], *, stderr: bool = False, no_color: bool = False) -> None:
    """Write ``lines`` to standard output (or error), control characters escaped, in colour
    where :func:`colours_for` says so unless ``no_color``; the stream is looked up at each
    call, so a test's capture sees it."""
    stream = sys.stderr if stderr else sys.stdout
    colour = not no_color and colours_for(stream)
    try:
        stream.write(
            "".join(
                "".join(styled(printable(text), style, colour=colour) for text, style in line)
                + "\n"
                for line in lines
            )
        )
        stream.flush()
    except BrokenPipeError:
        # The reader went away (``gargon validate ... | head``): stop quietly, as rich does,
        # and keep Python from failing again when it flushes the stream at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
        raise SystemExit(1) from None


def utf8_stdout() -> None:
    """Make standard output and error survive text their encoding cannot write.

    With ``PYTHONIOENCODING=ascii`` or a C locale, a card's colour or a name with an accent
    is written as an escape (``\\xe9``) instead of ending the command with a traceback.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
