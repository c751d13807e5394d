"""The outline of a game (the ``textDocument/documentSymbol`` request): the game, named by
its Event, its players as its detail, and its rounds, each from its number to the last text
before the next, with the players who acted in it.

A valid game's rounds are read from its lines, not its tokens: the outline of a file of
thousands of games need not tokenize every action of each.

>>> from gargon_notation.lsp.analysis import analyse_game
>>> game = outline(analyse_game('[Event "Club"]\\n[Players "A" "B" "C"]\\n1. A R2\\n*\\n'), 4)
>>> game.numbered(3).name, [(r.name, r.detail) for r in game.children]
('Game 3: Club', [('Round 1', 'A')])
"""

from __future__ import annotations

import re

from gargon_notation.lsp.analysis import GameAnalysis, Symbol
from gargon_notation.lsp.text import Span
from gargon_notation.notation import GameRecord, game_line, model

__all__ = ["outline"]


def outline(analysis: GameAnalysis, lines: int) -> Symbol:
    """The outline entry of a game of ``lines`` lines, its positions from the game's first
    line, named by what follows ``Game N`` in its name (its Event's ``: value``, or
    nothing): :meth:`Symbol.numbered` puts the number in."""
    last = min(lines, len(analysis.lines)) - 1  # a game over the size limit: cut short
    while last > 0 and not analysis.lines[last].strip():
        last -= 1
    first = min(game_line(analysis.text, 0), last)  # after the blank lines before the game
    end = (last, len(analysis.lines[last]) if last < len(analysis.lines) else 0)
    whole = Span((first, 0), end)
    record = analysis.record
    if record is None:
        if analysis.error is not None:
            detail = "cannot be read: " + analysis.error.message
        else:  # not checked: its diagnostic says why
            detail = analysis.diagnostics[0].message if analysis.diagnostics else ""
        selection = analysis.diagnostics[0].span if analysis.diagnostics else whole
        # An editor drops a symbol whose selection is outside its range (VS Code: the outline).
        whole = Span(min(whole.start, selection.start), whole.end)
        return Symbol("", detail, "game", whole, selection)
    event = record.tag("Event")
    players = record.tag("Players")
    name = f": {event.value}" if event is not None else ""
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
    return Symbol(name, detail, "game", whole, selection, tuple(rounds))


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
