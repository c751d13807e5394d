"""An open document: where its games are, and what is kept of each.

A :class:`Document` takes the editor's lines (:mod:`gargon_notation.lsp.lines`) and cuts
them into games as ``gargon validate`` cuts a file (:mod:`gargon_notation.lsp.splitting`:
after an edit, only around the lines it changed).  Each game is checked (read, replayed,
its diagnostics and outline entry made: :func:`check`) when first asked for, and of a
checked game only its :class:`Checked` is kept, with positions counted from the game's first
line, so that a game that only moved (lines were added above it) is not checked again.  Its
record and replay, many times its text's size, are read again for a hover or a completion
(:meth:`Document.analysis`: the last few are kept).  A game that is not yet checked is
checked by :meth:`Document.check` (a little at a time, for a server that answers requests
in between) or by :meth:`Document.diagnostics` and :meth:`Document.symbols` (all at once).
:attr:`Document.analysed` counts the games checked so far.

>>> document = Document()
>>> document.update('[Players "Ann" "Bob" "Cy"]\\n1. Bob Y2\\n*\\n')
>>> [(d.span, d.code) for d in document.diagnostics()]
[(Span(start=(1, 3), end=(1, 9)), 'not-your-turn')]
>>> print(document.diagnostics()[0].message)  # doctest: +NORMALIZE_WHITESPACE
Bob may not act now: it is Ann's turn to play or pass; without a Start tag the first player
of the Players tag, Ann, begins: write [Start "Bob"] if Bob began
hand: X? X? X? X? X? X? X? X? X? X?; piles: 36+36
skipped this action
>>> document.update('[Players "Ann" "Bob" "Cy"]\\n1. Ann Y2\\n*\\n')
>>> document.diagnostics(), document.analysed
([], 2)
"""

from __future__ import annotations

import re
import time
from collections import OrderedDict
from collections.abc import Iterable

import attrs

from gargon_notation.errors import EncodingError, NotationError
from gargon_notation.lsp.analysis import (
    Diagnostic,
    GameAnalysis,
    Symbol,
    analyse_game,
    read_game,
)
from gargon_notation.lsp.lines import Dirty, TextLines, split_lines
from gargon_notation.lsp.outline import outline
from gargon_notation.lsp.splitting import resplit, split
from gargon_notation.lsp.text import Span, normalise, problem_span
from gargon_notation.notation import Chunk, GameRecord, parse_game, write_games
from gargon_notation.notation.scan import game_line

__all__ = ["Checked", "Document", "PlacedGame"]

KEPT = 8
"""How many games' records and replays a document keeps for hovers and completions."""


@attrs.frozen
class Checked:
    """What is kept of a checked game: its diagnostics and outline entry (positions from
    its first line), and whether it could be read (formatting needs every game read)."""

    diagnostics: tuple[Diagnostic, ...]
    outline: Symbol
    readable: bool


@attrs.define(eq=False)
class PlacedGame:
    """A game of the document: its number (from 1), its first line (from 0), how many lines
    it holds, its text as the readers see it (a space for each byte-order mark that opens a
    line, so that its columns are the editor's), the error of its reading (a line too long,
    bytes that are not UTF-8: then it is kept for its place only), whether it ended with its
    end marker, and what its check found (None until it is checked)."""

    number: int
    first_line: int
    lines: int
    text: str
    error: NotationError | None = None
    closed: bool = False
    checked: Checked | None = None

    @property
    def broken(self) -> bool:
        """Whether the splitter refused the game (its message names the document's lines)."""
        return self.error is not None

    def relative(self, position: tuple[int, int]) -> tuple[int, int]:
        """A document position as a position in the game's text."""
        return position[0] - self.first_line, position[1]


class Document:
    """The games of one document (see the module docstring)."""

    def __init__(self, source: str = "<document>") -> None:
        self.source = source
        self.raw_lines: tuple[str, ...] = ()
        """The text as the editor sent it, cut into lines (each with its end)."""
        self.lines: TextLines = TextLines(())
        """The lines as the readers see them."""
        self.games: list[PlacedGame] = []
        self.analysed = 0
        """How many games have been checked (a game whose text is unchanged is not)."""
        self._unchecked = 0
        self._kept: OrderedDict[tuple[str, int, str], GameAnalysis] = OrderedDict()

    @property
    def raw(self) -> str:
        """The text as the editor sent it."""
        return "".join(self.raw_lines)

    @property
    def text(self) -> str:
        """The text as the readers see it (:func:`~gargon_notation.lsp.text.normalise`)."""
        return normalise(self.raw)

    def update(self, text: str) -> None:
        """Take the document's whole new text."""
        self.take(split_lines(text), None)

    def take(self, lines: tuple[str, ...], dirty: Dirty | None) -> None:
        """Take the document's new lines, ``dirty`` saying which changed since the last
        (None: any of them): cut them into games again where they changed; a game whose
        text is unchanged keeps what its check found."""
        if lines is self.raw_lines:
            return
        self.raw_lines = lines
        self.lines = TextLines(lines)
        found = None if dirty is None else resplit(self.games, lines, dirty, self.source)
        if found is None or dirty is None:
            old, self.games = self.games, []
            self._place(split(lines, 0, self.source), old)
            return
        keep, made, follow = found
        old, followers = self.games[keep:follow], self.games[follow:]
        del self.games[keep:]
        self._place(made, old)
        number = len(self.games)
        for game in followers:
            number += 1
            game.number = number
            game.first_line += dirty.shift
        self.games.extend(followers)

    def _place(self, chunks: Iterable[Chunk], old: list[PlacedGame]) -> None:
        """Add the games of ``chunks``, each with what the check of a game of ``old`` with
        the same text (and, for a game the splitter refused, the same place and message)
        found."""
        found = {_key(game.text, game.first_line, game.error): game.checked for game in old}
        for chunk in chunks:
            text = _as_written(chunk, self.raw_lines)
            game = PlacedGame(
                len(self.games) + 1,
                chunk.first_line - 1,
                chunk.lines,
                text,
                chunk.error,
                chunk.closed,
                found.get(_key(text, chunk.first_line - 1, chunk.error)),
            )
            self.games.append(game)

    # -- checks -------------------------------------------------------------------------

    def check(self, seconds: float) -> bool:
        """Check the games not yet checked, for about ``seconds``; whether all are."""
        deadline = time.monotonic() + seconds
        for game in self.games:
            if game.checked is None:
                game.checked = self._check(game)
                if time.monotonic() > deadline:
                    return all(game.checked is not None for game in self.games)
        return True

    def _check(self, game: PlacedGame) -> Checked:
        self.analysed += 1
        if game.error is None:
            try:
                analysis = analyse_game(game.text, self.source)
            except Exception as error:  # a fault of ours: the other games are still checked
                analysis = _not_checked(game.text, error)
        else:
            analysis = self._refused(game)
        return Checked(
            analysis.diagnostics, outline(analysis, game.lines), analysis.record is not None
        )

    def _refused(self, game: PlacedGame) -> GameAnalysis:
        """A game the splitter refused (too large, a line too long, bytes that are not
        UTF-8): its error, at its place in the document.  Bytes that are not UTF-8 in an
        editor's text are half of a character (a lone surrogate), which an edit left: the
        error says so, at that half, not the bytes a file would hold."""
        error = game.error
        assert error is not None
        inside = 1 <= error.line <= len(self.raw_lines)
        marks = _marks(self.raw_lines[error.line - 1]) if inside else 0
        column = max(error.column - 1, 0) + marks
        half = _half(self.lines[error.line - 1]) if inside else None
        if half is not None and half == column:
            found = ord(self.lines[error.line - 1][half])
            error = EncodingError(
                f"half of a character (U+{found:04X}, a lone UTF-16 surrogate): an edit cut "
                "a character of two UTF-16 units (an emoji, say) in two; delete this half, or "
                "undo the edit",
                source=error.source,
                line=error.line,
                column=half + 1,
            )
        analysis = GameAnalysis(game.text, None, error, None)
        line = max(error.line - 1 - game.first_line, 0)
        if getattr(error, "too_long", False):
            # The text holds only the ends of a line over the limit: the whole line is marked.
            width = len(self.lines[error.line - 1]) if error.line <= len(self.lines) else 0
            span = Span((line, 0), (line, width))
        elif half == column:
            span = Span((line, half), (line, half + 1))
        else:
            span = problem_span(analysis.tokens, analysis.lines, line, column)
        analysis.diagnostics = (Diagnostic(span, error.message, "syntax"),)
        return analysis

    def checked(self, game: PlacedGame) -> Checked:
        """What the check of ``game`` found (checked now if it is not yet)."""
        if game.checked is None:
            game.checked = self._check(game)
        return game.checked

    def analysis(self, game: PlacedGame) -> GameAnalysis:
        """``game`` read and replayed, for a hover or a completion (the last few are
        kept)."""
        key = _key(game.text, game.first_line, game.error)
        found = self._kept.pop(key, None)
        if found is None:
            found = (
                read_game(game.text, self.source)
                if game.error is None
                else GameAnalysis(game.text, None, game.error, None)
            )
        self._kept[key] = found
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return found

    # -- what the features ask for -------------------------------------------------------

    def diagnostics(self) -> list[Diagnostic]:
        """Every game's diagnostics, at their places in the document."""
        return [
            diagnostic.shifted(game.first_line)
            for game in self.games
            for diagnostic in self.checked(game).diagnostics
        ]

    def diagnostics_so_far(self) -> list[Diagnostic]:
        """The diagnostics of the games checked so far (none is checked now)."""
        return [
            diagnostic.shifted(game.first_line)
            for game in self.games
            if game.checked is not None
            for diagnostic in game.checked.diagnostics
        ]

    def found(self) -> int:
        """How many diagnostics the games checked so far have."""
        return sum(len(game.checked.diagnostics) for game in self.games if game.checked)

    def game_at(self, line: int) -> PlacedGame | None:
        """The game that holds ``line`` (from 0); the last game for a line after it."""
        for game in self.games:
            if line < game.first_line + game.lines:
                return game
        return self.games[-1] if self.games else None

    def formatted(self) -> str | Diagnostic:
        """The document in canonical form (as ``gargon fmt`` writes it), or the first syntax
        error that keeps it from being formatted (each game is read again, and written
        before the next is read: a big file's records are never held at once)."""
        for game in self.games:
            checked = self.checked(game)
            if not checked.readable:
                return checked.diagnostics[0].shifted(game.first_line)
        return write_games(self._record(game) for game in self.games)

    def _record(self, game: PlacedGame) -> GameRecord:
        """The record of a readable game (kept from a hover, or read again)."""
        kept = self._kept.get(_key(game.text, game.first_line, game.error))
        record = kept.record if kept is not None else None
        return record or parse_game(game.text, source=self.source)

    def symbols(self) -> list[Symbol]:
        """The outline: each game (its Event, or its number) with its players and rounds."""
        return [
            self.checked(game).outline.numbered(game.number).shifted(game.first_line)
            for game in self.games
        ]


def _key(text: str, first_line: int, error: NotationError | None) -> tuple[str, int, str]:
    """What a game's check depends on: its text alone, and for a game the splitter refused
    its place and its message too."""
    return (text, 0, "") if error is None else (text, first_line, error.message)


def _half(line: str) -> int | None:
    """The column of the first lone surrogate of ``line`` (half of a character, which only
    an editor's change or a JSON escape can bring: no UTF-8 text holds one), if any.

    >>> _half("{a \\ud83d b}"), _half("{a b}")
    (3, None)
    """
    found = _SURROGATE.search(line)
    return found.start() if found else None


_SURROGATE = re.compile("[\\ud800-\\udfff]")


def _marks(line: str) -> int:
    """How many byte-order marks open ``line`` (the readers skip them)."""
    return len(line) - len(line.lstrip("\ufeff"))


def _as_written(chunk: Chunk, lines: tuple[str, ...]) -> str:
    """A game's text as the document has it: a space for each byte-order mark that opens
    one of its lines (``lines``: the document's), which the reader skipped, so that its
    columns are the editor's."""
    first = chunk.first_line - 1
    held = lines[first : first + chunk.lines]
    if not any(line.startswith("\ufeff") for line in held):
        return chunk.text
    text = chunk.text.split("\n")
    for index in range(min(len(text), chunk.lines)):
        count = _marks(held[index]) if index < len(held) else 0
        if count:
            text[index] = " " * count + text[index].lstrip("\ufeff")
    return "\n".join(text)


def _not_checked(text: str, error: Exception) -> GameAnalysis:
    """A game whose check raised ``error`` (a fault in gargon, not in the record): said at
    the game's first line, so that the other games' diagnostics are still published.

    >>> analysis = _not_checked("\\n[Players]\\n*\\n", KeyError("x"))
    >>> [(d.span.start, d.code, d.message[:43]) for d in analysis.diagnostics]
    [((1, 0), 'internal', 'gargon could not check this game: KeyError:')]
    """
    analysis = GameAnalysis(text, None, None, None)
    first = game_line(text, 0)
    width = len(analysis.lines[first]) if first < len(analysis.lines) else 0
    message = (
        f"gargon could not check this game: {type(error).__name__}: {error} (a fault in "
        "gargon, not in the record: please report it with this game's text)"
    )
    analysis.diagnostics = (Diagnostic(Span((first, 0), (first, width)), message, "internal"),)
    return analysis
