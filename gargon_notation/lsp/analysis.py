"""What the language server finds in one game: its diagnostics, read and replayed once.

:func:`analyse_game` reads and replays a game's text (as a :class:`GameAnalysis`, with
positions counted from the game's first line) and makes its :class:`Diagnostic` values, the
messages as ``gargon validate`` prints them; the numbers of its messages that name its
lines are marked (a game with messages is read a second time further down to tell them
apart: :func:`line_mentions`), so that a game that only moved in its document (lines were
added above it) need not be checked again: :meth:`Diagnostic.shifted` moves them with it.
:func:`read_game` reads and replays without the diagnostics, for a hover or a completion.

Everything here is plain Python over the library (no pygls): the server
(:mod:`gargon_notation.lsp.server`) turns these values into the protocol's.  Positions are
``(line, column)`` from 0, columns in code points (:mod:`gargon_notation.lsp.text`).

>>> analysis = analyse_game('[Players "Ann" "Bob" "Cy"]\\n1. Bob Y2\\n*\\n')
>>> [(d.span, d.code) for d in analysis.diagnostics]
[(Span(start=(1, 3), end=(1, 9)), 'not-your-turn')]
>>> print(analysis.diagnostics[0].message)  # doctest: +NORMALIZE_WHITESPACE
Bob may not act now: it is Ann's turn to play or pass; without a Start tag the first player
of the Players tag, Ann, begins: write [Start "Bob"] if Bob began
hand: X? X? X? X? X? X? X? X? X? X?; piles: 36+36
skipped this action
"""

from __future__ import annotations

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
    problem_span,
    tokenize,
)
from gargon_notation.notation import GameRecord, model, parse_game
from gargon_notation.replay import Problem, Replay, replay

__all__ = [
    "Diagnostic",
    "GameAnalysis",
    "Related",
    "Severity",
    "Symbol",
    "analyse_game",
    "elements",
    "read_game",
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

    def numbered(self, number: int) -> Symbol:
        """A game's entry, named as :func:`~gargon_notation.lsp.outline.outline` names it
        (what follows its number), as game ``number`` of its document."""
        return attrs.evolve(self, name=f"Game {number}{self.name}")

    def shifted(self, lines: int) -> Symbol:
        """The same symbol ``lines`` lines further down."""
        return Symbol(
            self.name,
            self.detail,
            self.kind,
            self.span.shifted(lines),
            self.selection.shifted(lines),
            tuple([child.shifted(lines) for child in self.children]),
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


def read_game(text: str, source: str = "<document>") -> GameAnalysis:
    """One game's (normalised) text read and replayed, without its diagnostics: what a hover
    or a completion needs (never raises for bad input)."""
    try:
        record = parse_game(text, source=source)
    except NotationError as error:
        return GameAnalysis(text, None, error, None)
    return GameAnalysis(text, record, None, replay(record))


def analyse_game(text: str, source: str = "<document>") -> GameAnalysis:
    """Read and replay one game's (normalised) text, with its diagnostics; never raises for
    bad input.  When its messages may name a line, the game is read once more :data:`_FAR`
    lines down, to tell which of their numbers name its lines (:func:`line_mentions`)."""
    analysis = read_game(text, source)
    record, result, error = analysis.record, analysis.result, analysis.error
    if record is None or result is None:
        assert error is not None
        span = problem_span(analysis.tokens, analysis.lines, error.line - 1, error.column - 1)
        (mentions,) = _mentions_of([error.message], text, source)
        analysis.diagnostics = (Diagnostic(span, error.message, "syntax", mentions=mentions),)
        return analysis
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


def __getattr__(name: str) -> object:
    """``Document``, which lived here before :mod:`gargon_notation.lsp.document` (the
    benchmark imports it from here)."""
    if name == "Document":
        from gargon_notation.lsp.document import Document

        return Document
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
