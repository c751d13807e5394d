"""Lines of text for the terminal without rich: what ``gargon validate`` prints, and every
message until a verb makes a rich console (:mod:`~gargon_notation.cli.common`).

``validate``, ``fmt --check`` and ``dedupe`` are what a person at the table and a
pre-commit hook run most, on small files, so they must start at once: they print lines, each
in at most one style, which needs no rich (importing rich, typer and their help costs more
than reading and replaying a game).  The rules are those of the rich consoles of the other
verbs: text from records and file names is shown, never obeyed (:func:`printable`); styles
are written as escape codes only where rich writes them (:func:`colours_for`), and with
``NO_COLOR`` set without their colours.  Records themselves are written as UTF-8 bytes
(:func:`write_data`).

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

import errno
import io
import os
import sys
from typing import BinaryIO, TextIO

from gargon_notation.errors import UNSAFE, printable

__all__ = [
    "UNSAFE",
    "Line",
    "colours_for",
    "plural",
    "printable",
    "styled",
    "utf8_stdout",
    "without_colours",
    "write_all",
    "write_data",
    "write_data_bytes",
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


NAMED = 10
"""The most things a message names, the rest counted (:func:`named`)."""


def named(names: list[str]) -> str:
    """Names for a message, joined with commas: the first :data:`NAMED` and a count of the
    others, so that a message stays a few lines whatever the input holds.

    >>> named(["a.ggn", "b.ggn"])
    'a.ggn, b.ggn'
    >>> named([f"{number}.ggn" for number in range(12)])
    '0.ggn, 1.ggn, 2.ggn, 3.ggn, 4.ggn, 5.ggn, 6.ggn, 7.ggn, 8.ggn, 9.ggn and 2 more'
    """
    said = ", ".join(names[:NAMED])
    return f"{said} and {len(names) - NAMED} more" if len(names) > NAMED else said


def numbered(noun: str, first: int, last: int) -> str:
    """The numbers ``first`` to ``last`` of a thing, as a message says what there is.

    >>> numbered("game", 1, 3), numbered("game", 1, 1), numbered("round", 4, 4)
    ('games 1-3', 'one game', 'round 4 alone')
    >>> numbered("game", 1, 0)
    'no game'
    """
    if last < first:
        return f"no {noun}"
    if first == last:
        return f"one {noun}" if first == 1 else f"{noun} {first} alone"
    return f"{noun}s {first}-{last}"


def colours_for(stream: TextIO) -> bool:
    """Whether styles are written to ``stream`` as escape codes, as rich decides: to a
    terminal (``TTY_COMPATIBLE=1`` or a non-empty ``FORCE_COLOR`` says it is one, even a
    pipe; ``TTY_COMPATIBLE=0`` or an empty ``FORCE_COLOR`` that it is not), unless ``TERM``
    is ``dumb``.  ``NO_COLOR`` leaves the colours out, not bold (:func:`write_lines`)."""
    if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return False
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    forced = os.environ.get("FORCE_COLOR")
    if forced is not None:
        return forced != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except ValueError:  # closed
        return False


def without_colours(style: str) -> str:
    """``style`` as ``NO_COLOR`` leaves it: bold and dim, no colour.

    >>> without_colours("bold red"), without_colours("green")
    ('bold', '')
    """
    return " ".join(word for word in style.split() if word in ("bold", "dim"))


def write_lines(lines: list[Line], *, stderr: bool = False, no_color: bool = False) -> None:
    """Write ``lines`` to standard output (or error), control characters escaped, in their
    styles where :func:`colours_for` says so unless ``no_color`` (without colours when
    ``NO_COLOR`` is set); the stream is looked up at each call, so a test's capture sees
    it."""
    stream = sys.stderr if stderr else sys.stdout
    if stream is None:  # closed when the command started (``>&-``): nothing reaches it, as rich
        return
    colour = not no_color and colours_for(stream)
    plain_styles = colour and os.environ.get("NO_COLOR", "") != ""
    try:
        stream.write(
            "".join(
                "".join(
                    styled(
                        printable(text),
                        without_colours(style) if plain_styles else style,
                        colour=colour,
                    )
                    for text, style in line
                )
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


def write_data(text: str) -> None:
    """Write a record (notation or JSON) to standard output as UTF-8, whatever its encoding.

    Records are UTF-8 text by definition, so piping ``gargon fmt`` into a file gives the
    same bytes on every machine, control characters included.  On a terminal, control
    characters are shown as escapes like everything else printed.
    """
    if sys.stdout.isatty():
        text = printable(text)
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(text)
    else:
        write_all(buffer, text.encode("utf-8"))
        buffer.flush()


def write_all(stream: BinaryIO, data: bytes) -> None:
    """Write the whole of ``data`` to a binary ``stream``.

    Python's buffered stream may take only part of a large write and say nothing (seen on a
    pipe whose reader went away: the error only comes with the next write), so the rest
    would be lost without a word, and the command end as if all was written.

    >>> class Halving(io.BytesIO):
    ...     def write(self, data):
    ...         return super().write(bytes(data[: max(1, len(data) // 2)]))
    >>> stream = Halving()
    >>> write_all(stream, b"0123456789")
    >>> stream.getvalue()
    b'0123456789'
    """
    view = memoryview(data)
    while view:
        written = stream.write(view)
        if not written:  # a stream that would block, or takes nothing
            raise BlockingIOError(errno.EAGAIN, "the output takes no more")
        view = view[written:]


def write_data_bytes(data: bytes) -> None:
    """:func:`write_data` for a record already encoded as UTF-8 (whole lines)."""
    if sys.stdout.isatty():
        write_data(data.decode("utf-8", errors="replace"))
        return
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8", errors="replace"))
    else:
        write_all(buffer, data)
