"""What the language server knows of a document: its games, each read and replayed once.

A :class:`Document` holds the text an editor shows.  :meth:`Document.update` cuts it into
games as ``gargon validate`` cuts a file (:func:`~gargon_notation.validation.iter_chunks` over
the text's UTF-8 bytes: the limit of a line's length, byte-order marks skipped where they open
a line, which the games' texts hold as spaces, so that columns stay the editor's) and
reads and replays only the games whose text changed since the last update: each game's
:class:`GameAnalysis` is kept, keyed by its text alone, with positions counted from the
game's first line, so a game that only moved (lines were added above it) is not checked
again; the numbers of its messages that name its lines are marked (a game with messages is
read a second time further down to tell them apart: :func:`line_mentions`) and move with it.
A game the splitter refused is kept for its place only (its message names the document's
lines).  :attr:`Document.analysed` counts the games checked so far.

Everything here is plain Python over the library (no pygls): the server
(:mod:`gargon_notation.lsp.server`) turns these values into the protocol's.  Positions are
``(line, column)`` from 0, columns in code points (:mod:`gargon_notation.lsp.text`).

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

import bisect
import io
import re
from collections.abc import Iterator
from typing import Literal

import attrs

from gargon_notation.errors import NotationError
from gargon_notation.header import tag_warnings
from gargon_notation.lsp.text import (
    Span,
    Token,
    element_span,
    line_marks,
    normalise,
    problem_span,
    tokenize,
)
from gargon_notation.notation import (
    Chunk,
    GameRecord,
    game_line,
    model,
    parse_game,
    write_games,
)
from gargon_notation.replay import Problem, Replay, replay
from gargon_notation.validation import iter_chunks

__all__ = [
    "Diagnostic",
    "Document",
    "GameAnalysis",
    "PlacedGame",
    "Related",
    "Severity",
    "Symbol",
    "analyse_game",
    "elements",
]

Severity = Literal["error", "warning", "information"]
"""How serious a diagnostic is."""


@attrs.frozen
class Related:
    """Another place a diagnostic points to, with what is there."""

    span: Span
    message: str


@attrs.frozen
class Diagnostic:
    """A problem to show at ``span``: ``code`` is the rule code (``syntax`` for text that is
    not notation, ``header`` for a tag), as ``gargon validate`` prints it.  ``mentions`` are
    the places in ``message`` (start and end) of the numbers that name a line of the game,
    counted from its first line as its positions are (:func:`line_mentions`)."""

    span: Span
    message: str
    code: str
    severity: Severity = "error"
    related: tuple[Related, ...] = ()
    mentions: tuple[tuple[int, int], ...] = ()

    def shifted(self, lines: int) -> Diagnostic:
        """The same diagnostic ``lines`` lines further down, the lines its message names
        too.

        >>> moved = Diagnostic(Span((3, 2), (3, 4)), "played in round 3, line 2", "x",
        ...                    mentions=((24, 25),)).shifted(86)
        >>> moved.span.start, moved.message, moved.mentions
        ((89, 2), 'played in round 3, line 88', ((24, 26),))
        """
        related = tuple(Related(r.span.shifted(lines), r.message) for r in self.related)
        pieces: list[str] = []
        mentions: list[tuple[int, int]] = []
        done = written_length = 0
        for start, end in self.mentions:
            pieces.append(self.message[done:start])
            written_length += start - done
            written = str(int(self.message[start:end]) + lines)
            mentions.append((written_length, written_length + len(written)))
            pieces.append(written)
            written_length += len(written)
            done = end
        pieces.append(self.message[done:])
        return attrs.evolve(
            self,
            span=self.span.shifted(lines),
            message="".join(pieces),
            related=related,
            mentions=tuple(mentions),
        )


_FAR = 1_000_000
"""How far down a game is read a second time to tell which numbers of its messages name its
lines (:func:`line_mentions`)."""
_NUMBER = re.compile("[0-9]+")
_NAMES_A_LINE = re.compile("line [0-9]")
"""What a message naming a line holds (``..., line 8``, ``starting at line 1``): only such
a game is read the second time (a syntax error's costs ten times the first reading), and
:func:`line_mentions` then tells which numbers are lines."""


def line_mentions(near: str, far: str) -> tuple[tuple[int, int], ...]:
    """Where ``near``, a message of a game read from its first line, names a line of the
    game: the numbers that are :data:`_FAR` larger in ``far``, the same message of the game
    read :data:`_FAR` lines further down.  Nothing else of a message moves with the lines
    (a player named ``Cy, line 3`` stays as written), so nothing else is taken for a line;
    none when the two messages differ otherwise.

    >>> line_mentions("played by Cy, line 3 in round 3, line 8",
    ...               "played by Cy, line 3 in round 3, line 1000008")
    ((38, 39),)
    """
    if _NUMBER.split(near) != _NUMBER.split(far):
        return ()
    mentions: list[tuple[int, int]] = []
    for here, there in zip(_NUMBER.finditer(near), _NUMBER.finditer(far), strict=True):
        if here[0] == there[0]:
            continue
        if max(len(here[0]), len(there[0])) > _LINE_DIGITS or int(there[0]) - int(here[0]) != _FAR:
            return ()
        mentions.append(here.span())
    return tuple(mentions)


_LINE_DIGITS = 12
"""No line of a game read :data:`_FAR` lines down has more digits (a longer number, which
Python will not read past 4,300 digits, is not a line)."""


@attrs.frozen
class Symbol:
    """An entry of the outline: a game (its rounds as ``children``) or a round."""

    name: str
    detail: str
    kind: Literal["game", "round"]
    span: Span
    selection: Span
    children: tuple[Symbol, ...] = ()

    def shifted(self, lines: int) -> Symbol:
        """The same symbol ``lines`` lines further down."""
        return attrs.evolve(
            self,
            span=self.span.shifted(lines),
            selection=self.selection.shifted(lines),
            children=tuple(child.shifted(lines) for child in self.children),
        )


def elements(
    record: GameRecord,
) -> Iterator[model.Tag | model.SetupLine | model.Round | Action | model.Score]:
    """Every element of a record that is written at a place of its own, in order."""
    yield from record.tags
    yield from record.setup
    for written in record.rounds:
        yield written
        yield from written.actions
        for battle in written.battles:
            yield battle
            yield from battle.draws
    yield from record.termination.scores


Action = model.Play | model.Pass | model.Battle | model.Draw
"""A written action: what a replay step comes from."""


@attrs.define
class GameAnalysis:
    """One game's text, read and replayed, with positions counted from its first line (0).

    ``record`` is None when the text is not notation (``error`` says why); ``result`` is the
    replay (None for a game that could not be read).
    """

    text: str
    record: GameRecord | None
    error: NotationError | None
    result: Replay | None
    diagnostics: tuple[Diagnostic, ...] = ()
    _tokens: list[Token] | None = None
    _lines: list[str] | None = None

    @property
    def tokens(self) -> list[Token]:
        """The text's tokens (made when first asked for)."""
        if self._tokens is None:
            self._tokens = tokenize(self.text)
        return self._tokens

    @property
    def lines(self) -> list[str]:
        """The text's lines."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines

    def span_of(self, line: int, column: int) -> Span:
        """The span of the element written at ``line`` and ``column`` (from 1, as the readers
        count them), or of the word there; the game's first token for a place of 0."""
        if line <= 0:
            first = next((t for t in self.tokens if t.kind != "comment"), None)
            if first is None:
                return Span((0, 0), (0, 0))
            return element_span(self.tokens, *first.span.start) or first.span
        found = element_span(self.tokens, line - 1, column - 1)
        return found or problem_span(self.tokens, self.lines, line - 1, column - 1)

    def element_at(self, position: tuple[int, int]) -> tuple[object, Span] | None:
        """The written element (tag, setup line, round, action, score) under ``position``."""
        if self.record is None:
            return None
        for element in elements(self.record):
            if element.line <= 0:
                continue
            span = element_span(self.tokens, element.line - 1, element.column - 1)
            if span is not None and span.contains(position):
                return element, span
        return None


def analyse_game(text: str, source: str = "<document>") -> GameAnalysis:
    """Read and replay one game's (normalised) text; never raises for bad input.  When its
    messages may name a line, the game is read once more :data:`_FAR` lines down, to tell
    which of their numbers name its lines (:func:`line_mentions`)."""
    try:
        record = parse_game(text, source=source)
    except NotationError as error:
        analysis = GameAnalysis(text, None, error, None)
        span = problem_span(analysis.tokens, analysis.lines, error.line - 1, error.column - 1)
        (mentions,) = _mentions_of([error.message], text, source)
        analysis.diagnostics = (Diagnostic(span, error.message, "syntax", mentions=mentions),)
        return analysis
    result = replay(record)
    analysis = GameAnalysis(text, record, None, result)
    found = [_problem_diagnostic(analysis, problem) for problem in result.problems]
    for warning in tag_warnings(record):
        tag = warning.tag
        span = analysis.span_of(tag.line if tag else 0, tag.column if tag else 0)
        found.append(Diagnostic(span, warning.message, "header", "warning"))
    messages = [diagnostic.message for diagnostic in found]
    found = [
        attrs.evolve(diagnostic, mentions=mentions)
        for diagnostic, mentions in zip(found, _mentions_of(messages, text, source), strict=True)
    ]
    analysis.diagnostics = tuple(sorted(found, key=lambda d: d.span.start))
    return analysis


def _messages(text: str, source: str, first_line: int) -> list[str]:
    """The messages of the game's diagnostics in :func:`analyse_game`'s order (before it
    sorts them), the game read from ``first_line``."""
    try:
        record = parse_game(text, source=source, first_line=first_line)
    except NotationError as error:
        return [error.message]
    problems = replay(record).problems
    return [_problem_message(problem) for problem in problems] + [
        warning.message for warning in tag_warnings(record)
    ]


def _mentions_of(messages: list[str], text: str, source: str) -> list[tuple[tuple[int, int], ...]]:
    """The line mentions of each of the game's ``messages`` (:func:`line_mentions`)."""
    if not any(_NAMES_A_LINE.search(message) for message in messages):
        return [() for _ in messages]
    far = _messages(text, source, 1 + _FAR)
    if len(far) != len(messages):
        return [() for _ in messages]
    return [line_mentions(near, there) for near, there in zip(messages, far, strict=True)]


def _problem_message(problem: Problem) -> str:
    """A replay problem's lines as ``gargon validate`` prints them: the message, the table
    it was found at, what the replay did about it."""
    parts = (problem.message, problem.context, problem.repair)
    return "\n".join(part for part in parts if part)


def _problem_diagnostic(analysis: GameAnalysis, problem: Problem) -> Diagnostic:
    """A replay problem as a diagnostic, its lines as ``gargon validate`` prints them (the
    message, the table it was found at, what the replay did about it): an error, or (when it
    only follows from an earlier problem, as the replay marks it) a warning pointing to that
    problem."""
    span = analysis.span_of(problem.line, problem.column)
    message = _problem_message(problem)
    if problem.consequence_of is None:
        return Diagnostic(span, message, problem.code)
    line, _, column = problem.consequence_of.partition(":")
    cause = analysis.span_of(int(line), int(column))
    related = (Related(cause, "the earlier problem this one follows from"),)
    return Diagnostic(span, message, problem.code, "warning", related)


@attrs.frozen
class PlacedGame:
    """A game of the document: its number (from 1), its first line (from 0), how many lines
    it holds, and its analysis."""

    number: int
    first_line: int
    lines: int
    analysis: GameAnalysis

    def relative(self, position: tuple[int, int]) -> tuple[int, int]:
        """A document position as a position in the game's text."""
        return position[0] - self.first_line, position[1]


class Document:
    """The games of one document, each analysed once per text (see the module docstring)."""

    def __init__(self, source: str = "<document>") -> None:
        self.source = source
        self.raw = ""
        """The text as the editor sent it."""
        self.text = ""
        """The text as the readers see it (:func:`~gargon_notation.lsp.text.normalise`)."""
        self.lines: list[str] = [""]
        """The lines of :attr:`text`."""
        self.games: list[PlacedGame] = []
        self.analysed = 0
        """How many games have been read and replayed (a game whose text is unchanged is not)."""
        self._cache: dict[tuple[str, int, str], GameAnalysis] = {}

    def update(self, text: str) -> None:
        """Take the document's new text: split it, and analyse the games that changed."""
        self.raw = text
        self.text = normalise(text)
        self.lines = self.text.split("\n")
        marks = line_marks(text)
        marked = sorted(marks)
        # The games of the text's bytes, as gargon validate finds them in a file.
        data = io.BytesIO(text.encode("utf-8", "surrogatepass"))
        kept: dict[tuple[str, int, str], GameAnalysis] = {}
        games: list[PlacedGame] = []
        for number, chunk in enumerate(iter_chunks(data, self.source), start=1):
            game_text = _as_written(chunk, marks, marked) if marks else chunk.text
            # A game the splitter refused (too large, a line too long) is named by its lines
            # in the document: kept for that place (and that message) only.
            error = chunk.error
            key = (
                (game_text, 0, "")
                if error is None
                else (game_text, chunk.first_line, error.message)
            )
            analysis = kept.get(key) or self._cache.get(key)
            if analysis is None:
                analysis = self._analyse(game_text, error, chunk.first_line, marks)
            kept[key] = analysis
            games.append(PlacedGame(number, chunk.first_line - 1, chunk.lines, analysis))
        self._cache = kept
        self.games = games

    def _analyse(
        self, text: str, error: NotationError | None, first_line: int, marks: dict[int, int]
    ) -> GameAnalysis:
        self.analysed += 1
        if error is None:
            return analyse_game(text, self.source)
        analysis = GameAnalysis(text, None, error, None)
        line = max(error.line - first_line, 0)
        if getattr(error, "too_long", False):
            # The text holds only the ends of a line over the limit: the whole line is marked.
            width = len(self.lines[error.line - 1]) if error.line <= len(self.lines) else 0
            span = Span((line, 0), (line, width))
        else:
            column = max(error.column - 1, 0) + marks.get(error.line - 1, 0)
            span = problem_span(analysis.tokens, analysis.lines, line, column)
        analysis.diagnostics = (Diagnostic(span, error.message, "syntax"),)
        return analysis

    def diagnostics(self) -> list[Diagnostic]:
        """Every game's diagnostics, at their places in the document."""
        return [
            diagnostic.shifted(game.first_line)
            for game in self.games
            for diagnostic in game.analysis.diagnostics
        ]

    def game_at(self, line: int) -> PlacedGame | None:
        """The game that holds ``line`` (from 0); the last game for a line after it."""
        for game in self.games:
            if line < game.first_line + game.lines:
                return game
        return self.games[-1] if self.games else None

    def formatted(self) -> str | Diagnostic:
        """The document in canonical form (as ``gargon fmt`` writes it), or the first syntax
        error that keeps it from being formatted."""
        records: list[GameRecord] = []
        for game in self.games:
            record = game.analysis.record
            if record is None:
                syntax = game.analysis.diagnostics[0]
                return syntax.shifted(game.first_line)
            records.append(record)
        return write_games(records)

    def symbols(self) -> list[Symbol]:
        """The outline: each game (its Event, or its number) with its players and rounds."""
        return [_game_symbol(game) for game in self.games]


def _as_written(chunk: Chunk, marks: dict[int, int], marked: list[int]) -> str:
    """A game's text as the document has it: a space for each byte-order mark that opens
    one of its lines (``marks``, by line from 0: :func:`~gargon_notation.lsp.text.line_marks`;
    ``marked``, those lines in order), which the reader skipped, so that its columns are the
    editor's."""
    first = chunk.first_line - 1
    at = bisect.bisect_left(marked, first)
    if at == len(marked) or marked[at] >= first + chunk.lines:
        return chunk.text
    lines = chunk.text.split("\n")
    for index in range(min(len(lines), chunk.lines)):
        count = marks.get(first + index)
        if count:
            lines[index] = " " * count + lines[index].lstrip("\ufeff")
    return "\n".join(lines)


def _game_symbol(game: PlacedGame) -> Symbol:
    analysis = game.analysis
    last = min(game.lines, len(analysis.lines)) - 1  # a game over the size limit: cut short
    while last > 0 and not analysis.lines[last].strip():
        last -= 1
    first = min(game_line(analysis.text, 0), last)  # after the blank lines before the game
    end = (last, len(analysis.lines[last]) if last < len(analysis.lines) else 0)
    whole = Span((first, 0), end)
    record = analysis.record
    if record is None:
        detail = "cannot be read: " + (analysis.error.message if analysis.error else "")
        selection = analysis.diagnostics[0].span if analysis.diagnostics else whole
        # An editor drops a symbol whose selection is outside its range (VS Code: the outline).
        whole = Span(min(whole.start, selection.start), whole.end)
        return Symbol(f"Game {game.number}", detail, "game", whole, selection).shifted(
            game.first_line
        )
    event = record.tag("Event")
    players = record.tag("Players")
    name = f"Game {game.number}" + (f": {event.value}" if event is not None else "")
    detail = ", ".join(players.values) if players is not None else ""
    selection = _header_span(analysis, record, event)
    rounds: list[Symbol] = []
    ends = [r.line for r in record.rounds[1:]]
    if record.rounds:
        ends.append(record.termination.line or last + 1)
    for written, end_line in zip(record.rounds, ends, strict=True):
        start = _round_span(analysis, written)
        stop = _last_before(analysis, end_line - 1, start)
        actions = ", ".join(action.player for action in written.actions)
        rounds.append(Symbol(f"Round {written.number}", actions, "round", stop, start))
    return Symbol(name, detail, "game", whole, selection, tuple(rounds)).shifted(game.first_line)


def _header_span(analysis: GameAnalysis, record: GameRecord, event: model.Tag | None) -> Span:
    """The span of the ``Event`` tag (or of the game's first element), from the tokens of
    the game's lines up to its first round alone: the outline of a file of thousands of games
    need not tokenize every action of each (the game's tokens, made for a hover or a
    completion, are used when they are there)."""
    if analysis._tokens is not None:
        return analysis.span_of(event.line, event.column) if event else analysis.span_of(0, 0)
    first = record.rounds[0].line if record.rounds else record.termination.line
    lines = analysis.lines if first <= 0 else analysis.lines[:first]
    head = GameAnalysis("\n".join(lines), None, None, None)
    return head.span_of(event.line, event.column) if event else head.span_of(0, 0)


_ROUND_NUMBER = re.compile(r"[0-9]+\.")


def _round_span(analysis: GameAnalysis, written: model.Round) -> Span:
    """The span of a round's number (``12.``), read from its line."""
    line, column = written.line - 1, written.column - 1
    found = _ROUND_NUMBER.match(analysis.lines[line], column) if line >= 0 else None
    if found is None:
        return analysis.span_of(written.line, written.column)
    return Span((line, column), (line, found.end()))


def _last_before(analysis: GameAnalysis, line: int, start: Span) -> Span:
    """From ``start`` to the end of the text (white space left out) of the last line before
    ``line`` (from 0) that holds any, or to the end of ``start`` when none after it does."""
    lines = analysis.lines
    for number in range(min(line, len(lines)) - 1, start.start[0] - 1, -1):
        width = len(lines[number].rstrip())
        if width and (number, width) > start.end:
            return Span(start.start, (number, width))
    return start
