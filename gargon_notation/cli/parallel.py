"""What the verbs with ``--jobs N`` share: the games of an input worked on in worker
processes (:class:`~gargon_notation.parallel.Workers`), text printed by a worker exactly as
the command's console would print it, and the progress bar.

The verbs parse, replay and render in the workers, and the main process only reads, prints
and writes, in input order: the output is the same, byte for byte, whatever ``--jobs``.

- :func:`each_game`: the games of one input (:class:`~gargon_notation.cli.inputs.Games`),
  each parsed and worked on by a function, the results in order; a game that cannot be read
  is reported and counted, at its place, as iterating the games does;
- :class:`Look`: how a console prints (width, colours), for a worker to print the same.

The progress bar is :mod:`gargon_notation.cli.progress`'s.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, TypeVar

import attrs

from gargon_notation import files, jsonio
from gargon_notation.cli.inputs import Games, parsed
from gargon_notation.errors import NotationError
from gargon_notation.notation import Chunk, GameRecord
from gargon_notation.parallel import RECORD_BYTES, Workers
from gargon_notation.replay.events import events_json

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["Look", "dumped", "each_game", "joined", "size_of", "write_printed"]

Result = TypeVar("Result")
Piece = Chunk | GameRecord | NotationError
"""A game as :meth:`Games.unparsed` gives it."""


def size_of(item: Piece) -> int:
    """About how many bytes of the input a game holds (its text, for notation)."""
    return len(item.text) if isinstance(item, Chunk) else RECORD_BYTES


def _on_record(
    work: Callable[[int, GameRecord], Result], name: str, game: tuple[int, Piece]
) -> Result | NotationError:
    number, item = game
    record = parsed(item, name)
    return record if isinstance(record, NotationError) else work(number, record)


def each_game(
    workers: Workers,
    games: Games,
    work: Callable[[int, GameRecord], Result],
    advance: Callable[[int], None] = lambda _: None,
) -> Iterator[tuple[int, Result]]:
    """``(number, work(number, record))`` for every game of ``games`` that can be read, in
    order; ``work`` runs in the workers (it must be picklable, and so must its results).  A
    game that cannot be read is printed and counted as iterating ``games`` does
    (:meth:`Games.note`), at its place; ``advance`` hears the bytes of each game done.
    """
    task = partial(_on_record, work, games.source.name)
    pieces = games.unparsed()
    for (number, item), result in workers.map(task, pieces, size=lambda game: size_of(game[1])):
        advance(size_of(item))
        if isinstance(result, NotationError):
            games.note(result)
            continue
        games.note(None)
        yield number, result


@attrs.frozen
class Look:
    """How a console prints (its width, colours, and whether it writes to a terminal), so
    that a worker process prints text as that console would: :meth:`printed` gives the text,
    which the console's file then takes as it is."""

    width: int
    color_system: str | None
    terminal: bool
    no_color: bool

    @classmethod
    def of(cls, console: Console, *, no_color: bool = False) -> Look:
        """The look of ``console`` (without colours, with ``no_color``)."""
        colours = None if no_color else console.color_system
        return cls(console.width, colours, console.is_terminal, console.no_color)

    def printed(self, draw: Callable[[Console], object]) -> str:
        """What ``draw`` prints on a console of this look, as text (escape codes included).

        >>> from rich.text import Text
        >>> Look(20, None, False, False).printed(lambda c: c.print(Text("a " * 12)))
        'a a a a a a a a a a a a \\n'
        """
        from gargon_notation.cli.terminal import SafeConsole

        buffer = io.StringIO()
        console = SafeConsole(
            file=buffer,
            width=self.width,
            color_system=self.color_system,
            force_terminal=self.terminal,
            no_color=self.no_color,
            legacy_windows=False,
            highlight=False,
            soft_wrap=True,
        )
        draw(console)
        return buffer.getvalue()


def write_printed(console: Console, text: str) -> None:
    """Write text that :meth:`Look.printed` gave for ``console``."""
    if text:
        file = console.file
        file.write(text)
        file.flush()


def dumped(number: int, record: GameRecord, format: files.Format, events: bool) -> str:
    """A game written in ``format`` (with its derived events, in a JSON form), as it goes
    among others: :func:`joined` puts such texts together.  ``number`` is not used (the
    signature of :func:`each_game`'s work)."""
    derived = events_json if events else None
    if format == "json":
        _, game, _ = jsonio.iter_dumps([record], events=derived)
        return game[1:]  # after its "\n"
    (text,) = files.iter_dumps([record], format, events=derived)
    return text


def joined(texts: Iterable[str], format: files.Format, events: bool) -> Iterator[str]:
    """The pieces :func:`~gargon_notation.files.iter_dumps` gives for the games that
    :func:`dumped` wrote as ``texts``, which join to the same text.

    >>> from gargon_notation.notation import parse_game
    >>> games = [parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann R1\\n*\\n')] * 2
    >>> all(
    ...     "".join(joined((dumped(0, g, f, e) for g in games[:n]), f, e))
    ...     == files.dumps(games[:n], f, events=events_json if e else None)
    ...     for f in files.FORMATS for e in ((False, True) if f != "ggn" else (False,))
    ...     for n in (0, 1, 2)
    ... )
    True
    """
    if format != "json":
        for index, text in enumerate(texts):
            yield "\n" + text if index and format == "ggn" else text
        return
    head, tail = jsonio.iter_dumps([], events=events_json if events else None)
    first = True
    for text in texts:
        yield (head + "\n" if first else ",\n") + text
        first = False
    yield head + tail if first else "\n  ]\n}\n"
