"""The reference reader: the normative grammar ``gargon.lark`` run by Lark's LALR parser.

A tree-less :class:`lark.Transformer` passed to ``Lark(...)`` builds the model directly.  This
module and :mod:`.diagnosis`, to which it hands Lark's errors, are the only ones that import
lark; no lark object leaves them.  Every failure becomes a
:class:`~gargon_notation.errors.NotationError` naming line and column and saying in words what
was expected.

The fast reader (:mod:`.fast`) handles most well-formed text; whatever it declines comes here,
so the diagnostics are always this module's (put into words by :mod:`.diagnosis`).

>>> parse_with_grammar("1. Adam Y2, Bernd pass 1\\n*\\n").rounds[0].actions[1].piles
(1,)
"""

from __future__ import annotations

import functools
import importlib.resources
from collections.abc import Iterable
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import attrs
import lark
from lark.exceptions import UnexpectedInput

from gargon_notation.errors import NotationError
from gargon_notation.notation.diagnosis import diagnose
from gargon_notation.notation.lexical import COLOURS, card_of, comment_of, name_of, unquote
from gargon_notation.notation.model import (
    Battle,
    Comment,
    Deal,
    Draw,
    GameRecord,
    Pass,
    PassDraw,
    Pile,
    Play,
    Round,
    Score,
    Tag,
    Termination,
)
from gargon_notation.notation.scan import game_line

__all__ = ["grammar_text", "parse_with_grammar"]


def grammar_text() -> str:
    """The normative grammar, from the installed package or else the source checkout."""
    packaged = importlib.resources.files("gargon_notation") / "grammar" / "gargon.lark"
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[2] / "grammar" / "gargon.lark").read_text("utf-8")


@attrs.frozen
class _Annotation:
    glyph: str | None
    nags: tuple[int, ...]
    comments: tuple[Comment, ...]


@attrs.frozen
class _Winners:
    names: tuple[str | None, ...]


@attrs.frozen
class _Draws:
    draws: tuple[Draw, ...]


@attrs.frozen
class _Battles:
    battles: tuple[Battle, ...]


def _comment(token: lark.Token) -> Comment:
    return comment_of(str(token), _line(token), _column(token))


_LINES_BEFORE: ContextVar[int] = ContextVar("lines_before", default=0)
"""The lines of the file before the game being read: the text handed to Lark is the game's
alone (padding it to its place in the file would make reading a file quadratic in its games
that the fast reader declines), so the builder moves each line by them."""


def _line(token: lark.Token) -> int:
    return token.line + _LINES_BEFORE.get() if token.line else 0


def _column(token: lark.Token) -> int:
    return token.column or 0


def _number(token: lark.Token, digits: str) -> int:
    if len(digits) > 9:
        raise NotationError("this number is too large", line=_line(token), column=_column(token))
    return int(digits)


def _player(token: lark.Token) -> str:
    name = name_of(str(token))
    if not name:
        raise NotationError(
            "a player name cannot be empty", line=_line(token), column=_column(token)
        )
    return name


def _attach(items: list[Any], children: Iterable[Any], kind: Any) -> list[Any]:
    """Items of ``kind`` in order; comment tokens among them join the item before them."""
    for child in children:
        if isinstance(child, kind):
            items.append(child)
        else:
            last = items[-1]
            items[-1] = attrs.evolve(last, comments=(*last.comments, _comment(child)))
    return items


class _Builder(lark.Transformer[lark.Token, GameRecord]):
    """Builds the model from the grammar's rules, one method per rule."""

    def start(self, children: list[GameRecord]) -> GameRecord:
        return children[0]

    def game(self, children: list[Any]) -> GameRecord:
        comments = tuple(_comment(c) for c in children if isinstance(c, lark.Token))
        return GameRecord(
            tags=[c for c in children if isinstance(c, Tag)],
            setup=[c for c in children if isinstance(c, Deal | Pile)],
            rounds=[c for c in children if isinstance(c, Round)],
            termination=children[-1],
            comments=comments,
        )

    def tag(self, children: list[lark.Token]) -> Tag:
        name = children[0]
        return Tag(
            str(name),
            [unquote(str(c)) for c in children[1:] if c.type == "STRING"],
            comments=[_comment(c) for c in children[1:] if c.type == "COMMENT"],
            line=_line(name),
            column=_column(name),
        )

    def deal(self, children: list[lark.Token]) -> Deal:
        player = children[0]
        return Deal(
            _player(player),
            [card_of(str(c)) for c in children[1:] if c.type == "CARD"],
            comments=[_comment(c) for c in children[1:] if c.type == "COMMENT"],
            line=_line(player),
            column=_column(player),
        )

    def pile(self, children: list[lark.Token]) -> Pile:
        number = children[0]
        return Pile(
            int(number),
            [card_of(str(c)) for c in children[1:] if c.type == "CARD"],
            comments=[_comment(c) for c in children[1:] if c.type == "COMMENT"],
            line=_line(number),
            column=_column(number),
        )

    def round(self, children: list[Any]) -> Round:
        number = children[0]
        comments: list[Comment] = []
        index = 1
        while isinstance(children[index], lark.Token):
            comments.append(_comment(children[index]))
            index += 1
        battles: tuple[Battle, ...] = ()
        rest = children[index:]
        if isinstance(rest[-1], _Battles):
            battles = rest.pop().battles
        return Round(
            _number(number, str(number)[:-1]),
            _attach([], rest, Play | Pass),
            battles,
            comments=comments,
            line=_line(number),
            column=_column(number),
        )

    def annotation(self, children: list[lark.Token]) -> _Annotation:
        glyph = None
        nags: list[int] = []
        comments: list[Comment] = []
        for child in children:
            if child.type == "GLYPH":
                glyph = str(child)
            elif child.type == "NAG":
                nags.append(_number(child, str(child)[1:]))
            else:
                comments.append(_comment(child))
        return _Annotation(glyph, tuple(nags), tuple(comments))

    def play(self, children: list[Any]) -> Play:
        player, *cards, note = children
        return Play(
            _player(player),
            [card_of(str(c)) for c in cards],
            glyph=note.glyph,
            nags=note.nags,
            comments=note.comments,
            line=_line(player),
            column=_column(player),
        )

    def pass_draw(self, children: list[lark.Token]) -> PassDraw:
        pile = children[0]
        seen = card_of(str(children[1])) if len(children) > 1 else None
        return PassDraw(int(pile), seen, line=_line(pile), column=_column(pile))

    def pass_(self, children: list[Any]) -> Pass:
        player, *draws, note = children
        return Pass(
            _player(player),
            draws,
            glyph=note.glyph,
            nags=note.nags,
            comments=note.comments,
            line=_line(player),
            column=_column(player),
        )

    def battles(self, children: list[Any]) -> _Battles:
        return _Battles(tuple(_attach([], children, Battle)))

    def battle(self, children: list[Any]) -> Battle:
        colour, note, *rest = children
        winners = None
        draws: tuple[Draw, ...] = ()
        comments = list(note.comments)
        for child in rest:
            if isinstance(child, _Winners):
                winners = child.names
            elif isinstance(child, _Draws):
                draws = child.draws
            else:
                comments.append(_comment(child))
        return Battle(
            COLOURS[str(colour)],
            draws,
            winners=winners,
            glyph=note.glyph,
            nags=note.nags,
            comments=comments,
            line=_line(colour),
            column=_column(colour),
        )

    def winners(self, children: list[lark.Token]) -> _Winners:
        return _Winners(tuple(None if c.type == "NOBODY" else _player(c) for c in children))

    def draws(self, children: list[Any]) -> _Draws:
        return _Draws(tuple(_attach([], children, Draw)))

    def draw(self, children: list[Any]) -> Draw:
        player, how, *rest = children
        note = rest.pop()
        pile = None if how.type == "FORGOT" else int(how)
        seen = card_of(str(rest[0])) if rest else None
        return Draw(
            _player(player),
            pile,
            seen,
            glyph=note.glyph,
            nags=note.nags,
            comments=note.comments,
            line=_line(player),
            column=_column(player),
        )

    def score(self, children: list[lark.Token]) -> Score:
        player, points = children
        return Score(
            _player(player),
            _number(points, str(points)),
            line=_line(player),
            column=_column(player),
        )

    def termination(self, children: list[Any]) -> Termination:
        marker = children[0]
        return Termination(
            marker.type == "END",
            [c for c in children if isinstance(c, Score)],
            comments=[_comment(c) for c in children[1:] if isinstance(c, lark.Token)],
            line=_line(marker),
            column=_column(marker),
        )


# Lark calls the rule "pass" (a Python keyword); the builder's method is pass_.
setattr(_Builder, "pass", _Builder.pass_)


@functools.cache
def _lark() -> lark.Lark:
    """The reference parser, built once a process.  Lark's analysis of the grammar takes
    some 0.2 s, more than the rest of a ``gargon validate`` of one game; it is kept in
    gargon's private cache (:func:`_analysis_file`) and read back from there, in 0.03 s."""
    return lark.Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        transformer=_Builder(),
        maybe_placeholders=False,
        cache=_analysis_file() or False,
    )


def _analysis_file() -> str | None:
    """Where Lark keeps its analysis of the grammar: a file of the ``grammar`` folder of
    gargon's cache (:mod:`gargon_notation.caches`: a private folder of this user, since Lark
    reads it back with :mod:`pickle`; its own default, a file in the shared temporary
    folder, any user could have made), one for each version of Lark and of Python.  Lark
    checks that the file is of this grammar and these options, and makes it again when it
    is not.  None (no cache): caches are off, no such folder can be made, or the file
    there is not a regular file of this user (:func:`~gargon_notation.caches.own_file`)."""
    import os
    import sys

    from gargon_notation.caches import cache_folder, made, own_file

    place = cache_folder("grammar", os.environ)
    if place is None or not made(place):
        return None
    version = f"{sys.version_info[0]}{sys.version_info[1]}"
    kept = os.path.join(place, f"gargon-lark{lark.__version__}-py{version}.cache")
    return kept if own_file(kept) else None  # Lark follows a link, waits on a FIFO


def parse_with_grammar(text: str, source: str = "<string>", first_line: int = 1) -> GameRecord:
    """Read one game with the normative grammar.

    ``text`` holds one game (newlines already LF); ``first_line`` is the line of the file
    on which it starts, so that positions are the file's.

    Raises :class:`NotationError` for text that is not one valid game.
    """
    offset = first_line - 1
    lines_before = _LINES_BEFORE.set(offset)
    try:
        record: GameRecord = _lark().parse(text)  # type: ignore[assignment]
    except UnexpectedInput as error:
        lines = text.split("\n")
        message, line, column = diagnose(error, text, lines, offset)
        problem = NotationError(
            message, source=source, line=line, column=column, excerpt=_line_of(lines, line - offset)
        )
    except NotationError as error:
        problem = NotationError(
            error.message,
            source=source,
            line=error.line,
            column=error.column,
            excerpt=_line_of(text.split("\n"), error.line - offset),
        )
    else:
        return attrs.evolve(record, source=source, line=game_line(text, first_line))
    finally:
        _LINES_BEFORE.reset(lines_before)
    # Raised here, not in a handler, the error holds no lark exception as its context: it
    # is pickled between processes (--jobs), with its context once distributed's tblib is
    # installed, and lark's parser state cannot be pickled.
    raise problem


def _line_of(lines: list[str], number: int) -> str:
    return lines[number - 1] if 0 < number <= len(lines) else ""
