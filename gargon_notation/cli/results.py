"""Reading the results of an archive for ``gargon standings`` and ``gargon ratings``: each
game replayed once (:func:`~gargon_notation.archive.results.read_results`), the games without
a result reported, and the exit code they give.

An invalid or unreadable game is printed on standard error (its first problem, with its
file, line and column), left out, and makes the verb exit 1 once it has printed what it
found; unfinished games are left out with one note for them all (exit 0).  A game that is
the same as one read before (another file's copy) is named and counted once, the first read
(exit 0); so is each view of a game counted from another record of it (one seat's record of
a game given by its table record too).  A path or file that cannot be read is exit 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NoReturn

from gargon_notation import archive, files
from gargon_notation.archive.query import Query
from gargon_notation.archive.results import GameResult, Skipped, read_results
from gargon_notation.cli.common import Exit, fail, named, plural, print_error, say_empty
from gargon_notation.cli.inputs import inputs_of
from gargon_notation.errors import printable

__all__ = [
    "Reading",
    "copy_warning",
    "near_warnings",
    "no_such_event",
    "read",
    "say_copies",
    "view_warning",
]


def near_warnings(
    pairs: Iterable[tuple[str, str]],
    *,
    events: bool = False,
    verb: str = "counted",
    within: str = "",
) -> list[str]:
    """What is said of each pair of names of players (``events``) likely one name typed two
    ways (:func:`~gargon_notation.slips.near_pairs`), which are ``verb`` apart (``within``:
    the event whose players they are, as shown).

    >>> for line in near_warnings([("Adam", "Adma")], within="Cup"):  # doctest: +ELLIPSIS
    ...     print(line)
    warning: "Adam" and "Adma" in "Cup" are counted as two players: if they are one, ...
    """
    kind, written, option = ("players", "the name", "--player NAME")
    if events:
        kind, written, option = ("events", "the Event tag", "--event TEXT")
    place = f' in "{printable(within)}"' if within else ""
    return [
        f'warning: "{printable(first)}" and "{printable(second)}"{place} are {verb} as two '
        f"{kind}: if they are one, write {written} one way in the records (gargon filter "
        f"{option} finds each one's games)"
        for first, second in pairs
    ]


def copy_warning(
    where: str,
    number: int,
    of: str,
    occasions: Iterable[tuple[str, str | None, str | None]] = (),
) -> str:
    """What is said of a game that copies one read before (``where`` it is, its ``number`` in
    its file, where the game it copies is), which is not counted again; ``occasions``: the
    tags saying where and when a game was played in which the two differ
    (:attr:`~gargon_notation.archive.duplicates.Copy.occasions`), said after it, so that a
    game written at two rounds is seen.

    >>> print(copy_warning("b.ggn:9", 2, "a.ggn:1"))
    warning: b.ggn:9: game 2 is a copy of a.ggn:1; counted once
    >>> print(copy_warning("b:9", 2, "a:1", [("Round", "2", "1"), ("Table", None, "B")])[52:])
    (Round "2" and no Table here; Round "1" and Table "B" there)
    """
    said = f"warning: {where}: game {number} is a copy of {of}; counted once"
    return said + _occasions_told(occasions)


def _occasions_told(occasions: Iterable[tuple[str, str | None, str | None]]) -> str:
    """How the tags in which two records of a game differ are said after its warning."""
    told = list(occasions)
    if not told:
        return ""

    def values(which: int) -> str:
        shown = [
            f'{name} "{printable(value)}"' if value is not None else f"no {name}"
            for name, *both in told
            for value in (both[which],)
        ]
        return ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]

    return f" ({values(0)} here; {values(1)} there)"


def view_warning(
    where: str,
    number: int,
    of: str,
    occasions: Iterable[tuple[str, str | None, str | None]] = (),
) -> str:
    """What is said of a record of a game counted from another record of it (``of``), which
    knows the most of its deal: it is not counted; ``occasions`` as for
    :func:`copy_warning`."""
    said = (
        f"warning: {where}: game {number} is a view of the game counted from {of} (the record "
        "that knows the most of its deal); counted once"
    )
    return said + _occasions_told(occasions)


def say_copies(copies: int, views: int = 0) -> None:
    """How many games were copies, and how many views of games counted from another record,
    once the games are done (none: nothing)."""
    if copies:
        were = "was a copy of a game" if copies == 1 else "were copies of games"
        print_error(
            f"gargon: {plural(copies, 'game')} {were} read before: each game was counted once "
            "(gargon dedupe writes the games without their copies)"
        )
    if views:
        were = "was a view of a game" if views == 1 else "were views of games"
        print_error(
            f"gargon: {plural(views, 'record')} {were} counted from another record: each game "
            "was counted once (gargon merge puts the records of one game together)"
        )


class Reading:
    """What reading an archive found: games read (those the query chose), counted (with a
    result), left out by the query, unfinished (and where the first is), and invalid or
    unreadable."""

    def __init__(self, purpose: str) -> None:
        self.purpose = purpose
        self.games = self.counted = self.left_out = self.unfinished = self.invalid = 0
        self.copies = self.views = 0
        self.first_unfinished = ""
        self.empty: list[str] = []
        """The inputs without a game, said at :meth:`finish`."""
        self.other_events: dict[str | None, int] = {}
        """The events of the games the query left out, in the order first read (None: no
        ``Event`` tag), and how many of each it left out."""

    def left_out_of(self, event: str) -> int:
        """The games the query left out whose event's name holds ``event`` (in any case, as
        ``--event`` matches): left out by its other conditions."""
        wanted = event.casefold()
        return sum(
            count
            for name, count in self.other_events.items()
            if name is not None and wanted in name.casefold()
        )

    def skipped(self, skipped: Skipped) -> None:
        """Report a game without a result (unfinished ones at :meth:`finish`)."""
        if skipped.reason == "copy":
            self.copies += 1
            of = skipped.of or ""
            print_error(copy_warning(skipped.where, skipped.number, of, skipped.occasions))
            return
        if skipped.reason == "view":
            self.views += 1
            of = skipped.of or ""
            print_error(view_warning(skipped.where, skipped.number, of, skipped.occasions))
            return
        if skipped.reason == "unfinished":
            self.unfinished += 1
            self.first_unfinished = self.first_unfinished or skipped.where
            return
        self.invalid += 1
        more = skipped.more
        extra = f"; {plural(more, 'more problem')}: gargon validate lists them" if more else ""
        print_error(
            f"{skipped.problem}\n  ({skipped.reason}: left out of the {self.purpose}{extra})"
        )

    def finish(self) -> None:
        """The notes, then exit 1 after an invalid or unreadable game or an input without a
        game."""
        say_empty(self.empty)
        say_copies(self.copies, self.views)
        if self.unfinished:
            were = "was" if self.unfinished == 1 else "were"
            first = "" if self.unfinished == 1 else "the first "
            print_error(
                f"gargon: {plural(self.unfinished, 'game')} {were} unfinished ({first}at "
                f"{self.first_unfinished}): left out of the {self.purpose}"
            )
        if self.invalid:
            were = "was" if self.invalid == 1 else "were"
            print_error(
                f"gargon: {plural(self.invalid, 'game')} {were} invalid or unreadable: left out "
                f"of the {self.purpose}"
            )
            raise Exit(1)
        if self.empty:
            raise Exit(1)


def read(
    paths: list[str], query: Query | None, add: Callable[[GameResult], object], purpose: str
) -> Reading:
    """Read the games of ``paths`` that ``query`` chooses, handing each result to ``add``;
    exit 2 when a path or file cannot be read."""
    reading = Reading(purpose)
    try:
        inputs = inputs_of(paths, once=True)  # a game counted once
        games = archive.iter_archive(inputs, reading.empty, copies=False)  # nothing copied
        for item in read_results(games, query):
            for warning in item.warnings:  # validate's, of a Date that is not one
                print_error(f"warning: {warning}\n  (taken as undated)")
            if isinstance(item, Skipped) and item.reason == "left-out":
                reading.left_out += 1
                reading.other_events[item.event] = reading.other_events.get(item.event, 0) + 1
                continue
            if isinstance(item, Skipped) and item.reason in ("copy", "view"):
                reading.skipped(item)
                continue
            reading.games += 1
            if isinstance(item, Skipped):
                reading.skipped(item)
            else:
                reading.counted += 1
                add(item)
    except files.FileError as error:
        fail(str(error))
    return reading


def no_such_event(event: str, reading: Reading) -> NoReturn:
    """Name the events read when ``--event`` matches none of them (a slip: ``Wintr``), and
    exit 1 writing nothing: no empty page over the one published."""
    names = named(
        ["(no event)" if name is None else f'"{printable(name)}"' for name in reading.other_events]
    )
    print_error(
        f"gargon: --event {printable(repr(event))}: no event read has {printable(repr(event))} "
        f"in its name (in any case); the events read: {names}"
    )
    reading.finish()
    raise Exit(1)
