"""What the verbs with ``--jobs N`` share: the games of an input worked on in worker
processes (:class:`~gargon_notation.parallel.Workers`), text printed by a worker exactly as
the command's console would print it, and the progress bar.

The verbs parse, replay and render in the workers, and the main process only reads, prints
and writes, in input order: the output is the same, byte for byte, whatever ``--jobs``.

- :func:`each_game`: the games of one input (:class:`~gargon_notation.cli.inputs.Games`),
  each parsed and worked on by a function, the results in order; a game that cannot be read
  is reported and counted, at its place, as iterating the games does;
- :class:`Ahead`: the same for several inputs taken one after another, the games of the
  next inputs worked on while the verb is busy with the current one;
- :class:`Look`: how a console prints (width, colours), for a worker to print the same.

The progress bar is :mod:`gargon_notation.cli.progress`'s.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Generic, TypeVar

import attrs

from gargon_notation import files, jsonio
from gargon_notation.atomic import Read
from gargon_notation.cli.common import fail
from gargon_notation.cli.inputs import Games, file_games, parsed
from gargon_notation.cli.progress import write_above
from gargon_notation.errors import FileError, NotationError
from gargon_notation.notation import Chunk, GameRecord
from gargon_notation.parallel import RECORD_BYTES, Workers

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["Ahead", "Look", "Work", "dumped", "each_game", "joined", "size_of", "write_printed"]

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


Work = Callable[[int, GameRecord], Result]
"""What a verb does with a game: ``work(number, record)``, in a worker process."""


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
    size = games.source.size
    found = workers.map(task, pieces, size=lambda game: size_of(game[1]), total=size)
    for (number, item), result in found:
        if _noted(games, item, result, advance):
            yield number, result  # type: ignore[misc]


def _noted(games: Games, piece: Piece, result: object, advance: Callable[[int], None]) -> bool:
    """Count a game's result in ``games`` (an error that kept it from being read is printed
    there) and its bytes as done: whether the result is a game's to give."""
    advance(size_of(piece))
    if isinstance(result, NotationError):
        games.note(result)
        return False
    games.note(None)
    return True


@attrs.frozen
class _Unreadable:
    """An input that reading ahead could not read (or not to its end): the error comes in
    its place, once the games read before it are done."""

    error: FileError


_Sent = tuple["Work[Result] | None", str, "tuple[int, Piece] | _Unreadable"]
"""What reading ahead sends a worker for each game: the work, the input's name, the game."""


def _on_sent(sent: _Sent[Result]) -> Result | NotationError | None:
    work, name, game = sent
    if work is None or isinstance(game, _Unreadable):
        return None
    return _on_record(work, name, game)


def _sent(item: tuple[int, _Sent[Result]]) -> _Sent[Result]:
    return item[1]


def _sent_size(item: tuple[int, _Sent[Result]]) -> int:
    game = item[1][2]
    return 0 if isinstance(game, _Unreadable) else size_of(game[1])


class Ahead(Generic[Result]):
    """The games of several inputs worked on ahead of their turn: as :func:`each_game` does
    for one input, but without the workers waiting at the end of each input for the next.

    The verbs go through their inputs one at a time (open one, take the results of its
    games, write them, go on to the next); given every input at the start, this sends the
    games of the next inputs to the workers while the verb is still busy with the results of
    the current one.  Many small files are then worked on in parallel as one large file is.
    ``work_for`` gives the work for the games of an input (as :func:`each_game` takes it).

    Nothing is read ahead with one job, with standard input among the inputs (which can be
    read only once), or with a file named twice (an input rewritten in place must be read
    after it is); :meth:`each_game` is then :func:`each_game`.  With ``digests``, each input
    is read through a :class:`~gargon_notation.atomic.Read` (:meth:`read_of`), ahead or in
    turn, for a rewrite in place to refuse a file changed since.

    >>> import pathlib, tempfile
    >>> from gargon_notation.cli.inputs import games_of, inputs_of
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> for name, player in (("a.ggn", "Ann"), ("b.ggn", "Bo")):
    ...     _ = (folder / name).write_text(f'[Players "{player}" "Cy" "Di"]\\n*\\n')
    >>> inputs = inputs_of([str(folder / "a.ggn"), str(folder / "b.ggn")])
    >>> as_text = lambda games: partial(dumped, format=games.format, events=False)
    >>> with Workers(2) as workers, Ahead(workers, inputs, as_text) as ahead:
    ...     for source in inputs:
    ...         with games_of(source) as games:
    ...             print(source.name[-5:], list(ahead.each_game(games)))
    a.ggn [(1, '[Players "Ann" "Cy" "Di"]\\n*\\n')]
    b.ggn [(1, '[Players "Bo" "Cy" "Di"]\\n*\\n')]
    """

    def __init__(
        self,
        workers: Workers,
        inputs: list[files.Input],
        work_for: Callable[[Games], Work[Result]],
        digests: bool = False,
    ) -> None:
        self._workers = workers
        self._work_for = work_for
        self._inputs = inputs
        self._reads = [Read() if digests else None for _ in inputs]
        paths = [source.path for source in inputs]
        self._reading = (
            workers.jobs > 1
            and len(inputs) > 1
            and None not in paths
            and len({path.resolve() for path in paths if path is not None}) == len(paths)
        )
        self._results: Iterator[tuple[tuple[int, _Sent[Result]], Result | NotationError | None]]
        self._results = iter(())
        if self._reading:
            total = sum(source.size for source in inputs)
            reading = self._read()
            self._results = workers.map(_on_sent, reading, size=_sent_size, send=_sent, total=total)
        self._next: tuple[tuple[int, _Sent[Result]], Result | NotationError | None] | None = None
        self._place = 0

    def __enter__(self) -> Ahead[Result]:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Drop the work sent ahead and not taken (when the verb stopped early)."""
        close = getattr(self._results, "close", None)
        if close is not None:
            close()

    def _read(self) -> Iterator[tuple[int, _Sent[Result]]]:
        """Every game of every input, in order, with its input's place and work."""
        for place, source in enumerate(self._inputs):
            try:
                games = file_games(source)
                games.read = self._reads[place]
                work = self._work_for(games)
                for game in games.unparsed_or_raise():
                    yield place, (work, source.name, game)
            except FileError as error:
                yield place, (None, source.name, _Unreadable(error))

    def each_game(
        self, games: Games, advance: Callable[[int], None] = lambda _: None
    ) -> Iterator[tuple[int, Result]]:
        """What :func:`each_game` gives for ``games``, one of the inputs given at the start
        and opened in turn (an input may be left out: its games read ahead are dropped)."""
        if not self._reading:
            yield from each_game(self._workers, games, self._work_for(games), advance)
            return
        place = self._place_of(games.source)
        while True:
            if self._next is None:
                self._next = next(self._results, None)
                if self._next is None:
                    return
            (at, (_, _, game)), result = self._next
            if at > place:
                return
            self._next = None
            if at < place:
                continue  # an input left out, or left early
            if isinstance(game, _Unreadable):
                fail(str(game.error))
            if _noted(games, game[1], result, advance):
                yield game[0], result  # type: ignore[misc]

    def read_of(self, games: Games) -> Read | None:
        """How the file of ``games`` is read, its status and digest (None without
        ``digests``): as it was read ahead, or as it will be read when its turn comes; once
        its games are taken (:meth:`each_game`), the file is read to its end."""
        read = self._reads[self._place_of(games.source)]
        if not self._reading:
            games.read = read
        return read

    def _place_of(self, source: files.Input) -> int:
        for place in range(self._place, len(self._inputs)):
            if self._inputs[place] is source:
                self._place = place
                return place
        raise ValueError(f"{source.name} is not among the inputs, or comes out of turn")


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
    """Write text that :meth:`Look.printed` gave for ``console`` (above the progress bar,
    when one is drawn on the terminal ``console`` writes to)."""
    if text:
        file = console.file
        if write_above(file, text):
            return
        file.write(text)
        file.flush()


def dumped(number: int, record: GameRecord, format: files.Format, events: bool) -> str:
    """A game written in ``format`` (with its derived events, in a JSON form), as it goes
    among others: :func:`joined` puts such texts together.  ``number`` is not used (the
    signature of :func:`each_game`'s work)."""
    derived = _derived(events)
    if format == "json":
        _, game, _ = jsonio.iter_dumps([record], events=derived)
        return game[1:]  # after its "\n"
    (text,) = files.iter_dumps([record], format, events=derived)
    return text


def _derived(events: bool) -> jsonio.EventsFunction | None:
    """What writes a game's derived events (replaying it), when ``events``."""
    if not events:
        return None
    from gargon_notation.replay.events import events_json

    return events_json


def joined(texts: Iterable[str], format: files.Format, events: bool) -> Iterator[str]:
    """The pieces :func:`~gargon_notation.files.iter_dumps` gives for the games that
    :func:`dumped` wrote as ``texts``, which join to the same text.

    >>> from gargon_notation.notation import parse_game
    >>> from gargon_notation.replay.events import events_json
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
    head, tail = jsonio.iter_dumps([], events=_derived(events))
    first = True
    for text in texts:
        yield (head + "\n" if first else ",\n") + text
        first = False
    yield head + tail if first else "\n  ]\n}\n"
