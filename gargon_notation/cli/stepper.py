"""The interactive ``gargon replay``: a game stepped through key by key on a terminal.

Each key is read alone (:mod:`gargon_notation.cli.keys`) and moves the stepper
(:data:`MOVES`): →, ``n``, Space or Enter one action on; ←, ``p`` or Backspace one back;
``r`` (↓, Page-Down) to the end of the round, ``R`` (↑, Page-Up) back to the end of the one
before; a round's number then Enter to the end of that round (as ``--round N``); Home
(``s``) to the deal, End (``e``) to the last step; ``j``/``k`` scroll a screen taller than
the terminal a line, ``J``/``K`` a page; ``q``, Ctrl-C or Ctrl-D to leave.  In a file of
several games (:class:`Games`), ``g`` goes to the next game, ``G`` to the one before, and a
number then ``g`` to that game.  Any other key is named on a line of its own, and nothing
moves.  Every screen is the table at that step (what
``gargon replay --step K`` prints), a line saying which step it is, the legend of the keys,
and what the last key did when it did not move.

A screen is never taller than the terminal: the first line of the table (the round, who
starts it, what is awaited) stays on the first line, the step, the keys and the message on
the last ones, and the lines between them show as much of the rest as fits, with a line
saying which (:func:`fitted`).  The screen is drawn again at the terminal's new size when the
terminal is resized (:class:`~gargon_notation.cli.keys.TerminalKeys` reads SIGWINCH as the
key ``resize``) and with Ctrl-L.

An invalid record is stepped as far as the replay went: each problem is shown at the step it
was found at, and from the first on a line says that the table is the replay's best effort;
where the replay could no longer follow the record (a second action it could not apply after
one it skipped), its last step says so, with the problems it found in the rest of the record.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> from gargon_notation.replay import replay
>>> position = Position.of(replay(record_from_simulation(simulate(3, "demo"))))
>>> position.last, position.ends[:3]
(115, (9, 14, 23))
>>> moves = ("next", "next round", "next round", "previous round", "previous", "last")
>>> for move in moves:
...     position.step = position.after(move)
...     print(move, position.step)
next 1
next round 9
next round 14
previous round 9
previous 8
last 115
"""

from __future__ import annotations

import bisect
import contextlib
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Protocol

import attrs
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.segment import Segment, Segments
from rich.style import Style

from gargon_notation.cli.keys import KeySource, LineKeys, TerminalKeys, key_label
from gargon_notation.cli.plain import numbered
from gargon_notation.replay import Replay
from gargon_notation.signals import raising_on_stop

__all__ = [
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "MOVES",
    "Fitted",
    "Games",
    "Position",
    "Stepped",
    "fitted",
    "keys_of_terminal",
    "legend",
    "problems_note",
    "step_through",
    "terminal_size",
]

MOVES = {
    "right": "next",
    "n": "next",
    "space": "next",
    "enter": "next",
    "left": "previous",
    "p": "previous",
    "backspace": "previous",
    "r": "next round",
    "down": "next round",
    "page-down": "next round",
    "R": "previous round",
    "up": "previous round",
    "page-up": "previous round",
    "home": "first",
    "s": "first",
    "end": "last",
    "e": "last",
    "j": "line down",
    "k": "line up",
    "J": "page down",
    "K": "page up",
    "g": "next game",
    "G": "previous game",
    "q": "quit",
    "Q": "quit",
    "ctrl-c": "quit",
    "ctrl-d": "quit",
    "redraw": "redraw",
    "resize": "redraw",
    "ctrl-l": "redraw",
}
"""What each key does; a digit begins a number: of a round (Enter goes to its end), or of a
game (``g`` goes there)."""

Screen = tuple[RenderableType, str]
"""What the stepper shows at a step: the table (and what follows it), and the step's line."""


@attrs.define
class Position:
    """Where the stepper is: after ``step`` actions, of ``0..last``; ``ends`` are the steps
    at which rounds end (``last`` among them); ``rounds`` the step at the end of each round
    the replay reached, by its number, and ``written`` the numbers of the record's rounds."""

    last: int
    ends: tuple[int, ...]
    broken: bool = False
    """Whether the record has problems."""
    step: int = 0
    rounds: dict[int, int] = attrs.Factory(dict)
    written: tuple[int, ...] = ()
    past: frozenset[int] = frozenset()
    """The rounds of an invalid record whose end the replay did not reach (it could no
    longer follow the record, or they are written after the game's end): their end is the
    last step."""

    @classmethod
    def of(cls, result: Replay) -> Position:
        """At the deal of ``result``; its last step is the last the replay applied."""
        last = len(result.steps)
        ends = {end for end in result.round_ends.values() if 0 < end <= last} | {last}
        rounds = {number: min(end, last) for number, end in result.round_ends.items()}
        written = tuple(part.number for part in result.record.rounds)
        past: frozenset[int] = frozenset()
        if result.problems:
            past = frozenset(written) - set(result.round_ends)
        return cls(last, tuple(sorted(ends)), bool(result.problems), 0, rounds, written, past)

    def after(self, move: str) -> int:
        """The step that ``move`` (a value of :data:`MOVES` that moves) leads to."""
        step = self.step
        if move == "next":
            return min(self.last, step + 1)
        if move == "previous":
            return max(0, step - 1)
        if move == "next round":
            return self.ends[bisect.bisect_right(self.ends, step)] if step < self.last else step
        if move == "previous round":
            before = bisect.bisect_left(self.ends, step)
            return self.ends[before - 1] if before else 0
        if move == "first":
            return 0
        if move == "last":
            return self.last
        return step

    def round_end(self, number: int) -> int | None:
        """The step at the end of round ``number``, as ``--round`` takes it: on an invalid
        record, the last step for a round the replay did not reach; None for a round the
        record does not hold.

        >>> Position(20, (8, 20), rounds={1: 8, 2: 20}, written=(1, 2)).round_end(2)
        20
        """
        if number in self.rounds:
            return self.rounds[number]
        if self.broken and number in self.written:
            return self.last
        return None

    def not_reached(self, number: int) -> str:
        """What the stepper says at the end of round ``number`` (:meth:`round_end`) when the
        replay did not reach it, so that its last step does not pass for the round's end;
        empty for a round it reached."""
        if number not in self.past:
            return ""
        return (
            f"the replay did not reach the end of round {number}: this is the last step it applied"
        )

    def no_round(self, number: int) -> str:
        """Why there is no round ``number`` to go to."""
        if not self.written:
            return f"there is no round {number}: the record holds no round"
        first, last = min(self.written), max(self.written)
        return f"there is no round {number}: the game has {numbered('round', first, last)}"


@attrs.frozen
class Stepped:
    """A game as the stepper shows it: where it can go, the screen at each step, and the
    exit code it gives (0 valid, 1 invalid or unreadable)."""

    position: Position
    screen: Callable[[int], Screen]
    code: int = 0
    unreadable: bool = False
    """Whether the game cannot be read or replayed: its one screen says why."""
    note: str = ""
    """What a terminal too small for the table still says of the game: that it has
    problems, or cannot be read (empty: nothing)."""


class Games(Protocol):
    """The games of the file that the stepper can go to, numbered from 1."""

    count: int

    def open(self, number: int) -> Stepped:
        """Game ``number`` at its deal (one that cannot be read or replayed: a screen
        saying why, its only step)."""
        ...


def legend(single_keys: bool, games: bool = False) -> str:
    """The keys, in one line (of at most 80 characters for a file of one game; ``games``:
    of several, with the keys that go from game to game)."""
    game = "g/G game  " if games else ""
    if single_keys:
        return f"→/n next  ←/p back  r/R round  {game}N Enter round N  Home/End first/last  q quit"
    return f"n next  p back  r/R round  {game}N round N  s/e first/last  q quit  (then Enter)"


def _unknown(key: str, single_keys: bool, games: bool) -> str:
    game = " g/G" if games else ""
    keys = f"→/n ←/p r/R{game} N Home/End j/k q" if single_keys else f"n p r R{game} N s e j k q"
    return f"{key_label(key)} is not a key of the stepper: use {keys}"


def terminal_size() -> tuple[int, int]:
    """The terminal's columns and lines now (``$COLUMNS`` and ``$LINES`` first), as rich
    measures a console: the stepper draws each screen at the size the terminal has then."""
    size = Console().size
    return size.width, size.height


@contextlib.contextmanager
def keys_of_terminal() -> Iterator[KeySource]:
    """The keys typed on standard input, a terminal: one by one, or as lines where the
    terminal cannot be read key by key; the terminal is as it was afterwards, also when
    SIGTERM or SIGHUP ends the stepper (``timeout``, ``kill``, a closed window: they raise
    :class:`SystemExit`, 143 or 129, instead of ending the process in raw mode)."""
    try:
        import termios  # noqa: F401  (POSIX only)
    except ImportError:
        yield LineKeys(sys.stdin)
        return
    with raising_on_stop(), TerminalKeys(sys.stdin.fileno()) as keys:
        yield keys


def step_through(
    result: Replay | Stepped,
    console: Console,
    screen: Callable[[int], Screen] | None,
    keys: KeySource,
    start: int = 0,
    measure: Callable[[], tuple[int, int]] | None = None,
    games: Games | None = None,
    number: int = 1,
    said: str = "",
) -> int:
    """Step through ``result`` with ``keys`` from step ``start``, drawing ``screen(step)``
    on ``console`` at every key, until a key says to quit; each screen fits the console's
    size (with ``measure``, the size it gives, asked before each screen).  ``result`` is
    game ``number`` of ``games`` (given for a file of several: the keys go from one to
    another, each from its deal).  ``said``: a message under the first screen, as a key's
    is under the next.  The highest exit code of the games shown."""
    if isinstance(result, Stepped):
        game = result
    else:
        assert screen is not None
        game = Stepped(Position.of(result), screen, note=problems_note(result))
    several = games is not None and games.count > 1
    code = game.code
    position = game.position
    position.step = min(max(start, 0), position.last)
    message, typed = said, ""
    scroll = 0
    shown: tuple[int, Screen] | None = None
    try:
        while True:
            if measure is not None:
                console.size = measure()
            if shown is None or shown[0] != position.step:
                shown = (position.step, game.screen(position.step))
            body, status = shown[1]
            if several:
                assert games is not None
                status = f"game {number} of {games.count}  {status}"
            said = message
            if typed:
                said = _typed(typed, several) + (f" ({message})" if message else "")
            footer = [(status, "dim"), (legend(keys.single_keys, several), "dim")]
            if said:
                footer.append((said, "bold yellow"))
            clears = console.color_system is not None
            height = console.size.height - (0 if clears else 1)
            if console.size.width < MIN_WIDTH or console.size.height < MIN_HEIGHT:
                drawn = _too_small(console, height, game.note)
            else:
                drawn = fitted(console, body, footer, scroll, height, optional={1})
                scroll = drawn.scroll
            if clears:
                console.clear()
            else:
                console.file.write("\n\n")  # --no-color or a dumb terminal: not even a clear
            console.print(Segments(drawn.segments()), end="", crop=False, soft_wrap=True)
            key = keys.read()
            message = ""
            asked: int | None = None
            if key in _DIGITS:
                typed = (typed + key).lstrip("0") or "0"
                if len(typed) > _MOST_DIGITS:
                    typed = typed[:_MOST_DIGITS]
                    message = f"a number has at most {_MOST_DIGITS} digits"
                continue
            if typed and MOVES.get(key) != "redraw":  # a resize keeps the number
                if key == "backspace":
                    typed = typed[:-1]
                    continue
                asked, typed = int(typed), ""
                if key == "escape":
                    continue
                if key == "enter":
                    end = position.round_end(asked)
                    if end is None:
                        message = position.no_round(asked)
                    else:
                        position.step = end
                        message = position.not_reached(asked)
                    continue
                if MOVES.get(key) != "next game":
                    asked = None  # another key forgets the number, and does what it does
            move = MOVES.get(key)
            if move is None:
                message = _unknown(key, keys.single_keys, several)
            elif move == "quit":
                return code
            elif move in _SCROLLS:
                lines = 1 if move.startswith("line") else drawn.page
                if not drawn.latest:  # at either end, 'lines 1-20 of 40' says so
                    message = "the whole screen is shown: there is nothing to scroll"
                scroll += lines if move.endswith("down") else -lines
            elif move in ("next game", "previous game"):
                count = games.count if games is not None else 1
                typed_number = asked is not None
                if asked is None:
                    asked = number + (1 if move == "next game" else -1)
                if asked == number or not 1 <= asked <= count:
                    message = _no_game(asked, number, count, typed_number)
                    continue
                assert games is not None
                game, number = games.open(asked), asked
                code = max(code, game.code)
                position, shown, scroll = game.position, None, 0
            elif move != "redraw":
                step = position.after(move)
                if step == position.step:
                    message = _still(position, move)
                position.step = step
    except KeyboardInterrupt:  # Ctrl-C sent as a signal leaves as q does
        return code
    finally:
        with contextlib.suppress(OSError, ValueError):  # a terminal gone needs nothing
            console.file.write("\n")  # the shell's prompt comes under the last screen
            console.file.flush()


MIN_WIDTH, MIN_HEIGHT = 30, 8
"""The smallest terminal the stepper shows a table on: its heading on one line, a line of
the table, the line saying which, and the step's (the legend of the keys left out)."""


def problems_note(result: Replay) -> str:
    """The line a terminal too small for the table shows of ``result``'s problems.

    >>> from gargon_notation.notation import parse_game
    >>> from gargon_notation.replay import replay
    >>> problems_note(replay(parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann R1, Cy pass 1\\n*')))
    'invalid record: 1 problem, the first at step 1'
    """
    count = len(result.problems)
    if not count:
        return ""
    found = (
        "" if result.first_problem_at is None else f", the first at step {result.first_problem_at}"
    )
    return f"invalid record: {count} problem{'' if count == 1 else 's'}{found}"


def _too_small(console: Console, height: int, note: str = "") -> Fitted:
    """What a terminal too small for a table shows: how big to make it, and ``note`` (the
    game's problems) under it as far as it fits."""
    width, lines = console.size
    said = (
        f"make the window at least {MIN_WIDTH}x{MIN_HEIGHT} (now {width}x{lines}) to see the "
        "table; q quits"
    )
    style = console.get_style("bold yellow")
    shown = [(Segment(part, style),) for part in _wrapped(said, max(width, 1))]
    if note:
        red = console.get_style("bold red")
        shown += [(Segment(part, red),) for part in _wrapped(note, max(width, 1))]
    return Fitted(tuple(shown[: max(height, 1)]), 0, 1)


def _typed(number: str, games: bool) -> str:
    """What a number typed can be followed by."""
    if games:
        return (
            f"{number}: Enter to go to the end of round {number}, g to game {number}, "
            "Escape to forget it"
        )
    return f"round {number}: Enter to go to its end, Escape to forget it"


def _no_game(asked: int, number: int, count: int, typed: bool = False) -> str:
    """Why there is no game ``asked`` to go to from game ``number`` of ``count`` (``typed``:
    its number typed, not the next or the one before).

    >>> _no_game(4, 3, 3)
    'this is the last game of the file (game 3)'
    >>> _no_game(4, 3, 3, typed=True), _no_game(0, 1, 3, typed=True)[:18]
    ('there is no game 4: the file holds games 1-3', 'there is no game 0')
    """
    if count == 1:
        return "the file holds one game"
    if asked == number:
        return f"this is game {number}"
    if asked == number + 1 and not typed:
        return f"this is the last game of the file (game {count})"
    if asked == number - 1 and not typed:
        return "this is the first game of the file"
    return f"there is no game {asked}: the file holds games 1-{count}"


_DIGITS = frozenset("0123456789")
_MOST_DIGITS = 9
"""The digits a number typed may have (no game has a billion rounds)."""
_SCROLLS = frozenset({"line down", "line up", "page down", "page up"})


def _still(position: Position, move: str) -> str:
    """Why ``move`` did not move."""
    if move not in ("next", "next round", "last"):
        return "this is the deal, the first step"
    if position.past:
        return "the replay could not follow the record past this step: its problems say why"
    if position.broken and not position.written:
        return "there is nothing to step through"
    return "this is the last step"


@attrs.frozen
class Fitted:
    """A screen made to fit the terminal: its lines (of segments, each but the last ended
    by a line break), the first of the lines under the heading shown (``scroll``, from 0),
    how many a page scrolls, and the last ``scroll`` there can be (0: nothing to scroll)."""

    lines: tuple[tuple[Segment, ...], ...]
    scroll: int
    page: int
    latest: int = 0

    def segments(self) -> list[Segment]:
        """The lines one after the other, the last not ended (a line break after it would
        scroll the first line out of a screen as tall as the terminal)."""
        found: list[Segment] = []
        for index, line in enumerate(self.lines):
            if index:
                found.append(Segment.line())
            found.extend(line)
        return found


def fitted(
    console: Console,
    body: RenderableType,
    footer: Sequence[tuple[str, str]],
    scroll: int,
    height: int,
    optional: Collection[int] = (),
) -> Fitted:
    """``body`` over the lines of ``footer`` (text and style, each broken between words at
    the console's width), in at most ``height`` lines of the terminal: the whole of it when
    it fits; else the first line of ``body`` (its heading), the lines under it from
    ``scroll`` on (moved back so that the window is full) as many as fit, a line saying which
    they are, and the footer.  A line wider than the terminal takes the lines it wraps
    onto.  The lines of ``footer`` numbered in ``optional`` (the legend of the keys) are left
    out on a terminal too small to show the heading, a line under it and the whole footer.
    """
    width = max(console.size.width, 1)
    options = console.options
    if console.soft_wrap:
        options = options.update(no_wrap=True, overflow="ignore")
    body_lines = [tuple(line) for line in Segment.split_lines(console.render(body, options))]
    while body_lines and not "".join(segment.text for segment in body_lines[-1]).strip():
        body_lines.pop()

    def rows(line: Sequence[Segment]) -> int:
        return max(1, -(-Segment.get_line_length(list(line)) // width))

    def lines_of(parts: Sequence[tuple[str, str]]) -> list[tuple[Segment, ...]]:
        return [
            (Segment(part, console.get_style(style)),)
            for text, style in parts
            for part in _wrapped(text, width)
        ]

    bottom = lines_of(footer)
    whole = sum(map(rows, body_lines))
    count = len(body_lines) - 1
    # the line saying which lines are shown, at its longest (it may wrap on a narrow terminal)
    where_rows = len(_wrapped(f"lines {count}-{count} of {count}: j/k scroll, J/K a page", width))
    if optional and len(body_lines) >= 2 and whole + sum(map(rows, bottom)) > height:
        least = rows(body_lines[0]) + rows(body_lines[1]) + where_rows
        if least + sum(map(rows, bottom)) > height:
            bottom = lines_of([part for at, part in enumerate(footer) if at not in optional])
    if whole + sum(map(rows, bottom)) <= height or len(body_lines) < 2:
        return Fitted((*body_lines, *bottom), 0, max(1, len(body_lines) - 1))
    heading, rest = body_lines[0], body_lines[1:]
    marked = rows(heading) + 1 + where_rows + sum(map(rows, bottom)) <= height
    if not marked:  # no room for the line saying which lines are shown
        where_rows = 0
    room = max(1, height - sum(map(rows, bottom)) - rows(heading) - where_rows)
    latest = len(rest) - 1  # the last start that fills the window
    taken = rows(rest[latest])
    while latest > 0 and taken + rows(rest[latest - 1]) <= room:
        latest -= 1
        taken += rows(rest[latest])
    first = min(max(scroll, 0), latest)
    window: list[tuple[Segment, ...]] = []
    taken = 0
    for line in rest[first:]:
        if window and taken + rows(line) > room:
            break
        window.append(line)
        taken += rows(line)
    if rows(window[0]) > room:  # a line taller than the room: as much of it as fits
        window[0] = tuple(Segment.adjust_line_length(list(window[0]), room * width, pad=False))
    where = f"lines {first + 1}-{first + len(window)} of {len(rest)}: j/k scroll, J/K a page"
    marks = [(Segment(part, Style(dim=True)),) for part in _wrapped(where, width)]
    if not marked:
        marks = []
    return Fitted((heading, *window, *marks, *bottom), first, max(1, len(window) - 1), latest)


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` cells where it has two spaces (the
    legend's groups of keys) and else between words (a longer word alone on its line, as
    long as it is).

    >>> _wrapped("r/R round  N Enter round N  Home/End first/last", 30)
    ['r/R round  N Enter round N', 'Home/End first/last']
    >>> _wrapped("step 8/73: Adam W4 W15 R12", 12)
    ['step 8/73:', 'Adam W4 W15', 'R12']
    """
    lines: list[str] = []
    for part in _broken(text, width, "  "):
        lines.extend(_broken(part, width, " ") if cell_len(part) > width else [part])
    return lines


def _broken(text: str, width: int, gap: str) -> list[str]:
    """``text`` broken at ``gap`` into lines of at most ``width`` cells where it can be."""
    lines: list[str] = []
    line = ""
    for word in text.split(gap):
        if line and cell_len(line + gap + word) > width:
            lines.append(line)
            line = word.strip()
        else:
            line = line + gap + word if line else word.strip()
    return [*lines, line]
