"""Canonical text for records: ``parse_game(write_game(r)) == r`` for every record.

The canonical form (docs/notation.md, "Canonical form") in short: LF line endings and a
final newline; one space between tokens; leading comments one per line; one line per tag and
per setup line; per round one line for its plays and passes and, indented by four spaces,
one line for its battle phase; the termination on its own line; an action's comments follow
it and precede its comma, except that the comma precedes a ``;`` comment; after a ``;``
comment the line breaks and continues indented as before; a blank line between games and
nowhere else.

>>> from gargon_notation.notation import parse_game
>>> print(write_game(parse_game("1.adam y2 ,Bernd pass 1 *")), end="")
1. adam Y2, Bernd pass 1
*
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from gargon_notation.arguments import record_argument
from gargon_notation.cards import AnyCard
from gargon_notation.notation.lexical import quote
from gargon_notation.notation.model import (
    Action,
    Battle,
    Comment,
    CommentKind,
    Deal,
    Draw,
    GameRecord,
    Pass,
    Pile,
    Play,
    Round,
    Tag,
    Termination,
    is_bare_name,
)

__all__ = [
    "INDENT",
    "marker_text",
    "name_text",
    "with_result_in_step",
    "write_action",
    "write_game",
    "write_games",
]

INDENT = "    "
"""Indentation of a round's battle line and of continuation lines in movetext."""


def name_text(name: str) -> str:
    """A player name as written in movetext: bare when possible, else quoted."""
    return name if is_bare_name(name) else quote(name)


class _Line:
    """Builds one logical line: pieces separated by single spaces, broken after ``;`` comments."""

    def __init__(self, out: list[str], indent: str, first: str = "") -> None:
        self.out = out
        self.indent = indent
        self.fresh = True
        self.broken = False
        if first:
            out.append(first)
            self.fresh = False

    def _start(self, space: bool) -> None:
        if self.broken:
            self.out.append("\n" + self.indent)
            self.broken = False
        elif space and not self.fresh:
            self.out.append(" ")
        self.fresh = False

    def word(self, text: str) -> None:
        self._start(space=True)
        self.out.append(text)

    def glue(self, text: str) -> None:
        self._start(space=False)
        self.out.append(text)

    def comments(self, comments: Iterable[Comment], separator: str = "") -> None:
        """Write comments; ``separator`` goes before the first ``;`` comment, else after all."""
        for comment in comments:
            if comment.kind is CommentKind.LINE and separator:
                self.glue(separator)
                separator = ""
            self.word(str(comment))
            if comment.kind is CommentKind.LINE:
                self.broken = True
        if separator:
            self.glue(separator)

    def end(self) -> None:
        self.out.append("\n")


def _cards(cards: Iterable[AnyCard]) -> str:
    return " ".join(map(str, cards))


def _annotate(line: _Line, glyph: str | None, nags: Iterable[int]) -> None:
    if glyph:
        line.glue(glyph)
    for nag in nags:
        line.word(f"${nag}")


def _tag(out: list[str], tag: Tag) -> None:
    line = _Line(out, "", "[" + tag.name + " " + " ".join(quote(v) for v in tag.values) + "]")
    line.comments(tag.comments)
    line.end()


def _setup(out: list[str], item: Deal | Pile) -> None:
    head = f"deal {name_text(item.player)}:" if isinstance(item, Deal) else f"pile {item.number}:"
    line = _Line(out, "", head + (" " + _cards(item.cards) if item.cards else ""))
    line.comments(item.comments)
    line.end()


def _action(line: _Line, action: Play | Pass) -> None:
    if isinstance(action, Play):
        line.word(name_text(action.player) + " " + _cards(action.cards))
    else:
        draws = " ".join(
            str(d.pile) if d.seen is None else f"{d.pile}:{d.seen}" for d in action.draws
        )
        line.word(name_text(action.player) + " pass" + (" " + draws if draws else ""))
    _annotate(line, action.glyph, action.nags)


def _draw(line: _Line, draw: Draw, opening: str) -> None:
    if draw.pile is None:
        how = "forgot"
    elif draw.seen is None:
        how = str(draw.pile)
    else:
        how = f"{draw.pile}:{draw.seen}"
    line.word(opening + name_text(draw.player) + " " + how)
    _annotate(line, draw.glyph, draw.nags)


def _battle(line: _Line, battle: Battle) -> None:
    line.word(battle.colour.letter)
    _annotate(line, battle.glyph, battle.nags)
    if battle.winners is not None:
        line.word(">")
        for winner in battle.winners:
            line.word("-" if winner is None else name_text(winner))
    last = len(battle.draws) - 1
    for index, draw in enumerate(battle.draws):
        _draw(line, draw, "(" if index == 0 else "")
        line.comments(draw.comments, "," if index < last else "")
    if battle.draws:
        line.glue(")")


def _round(out: list[str], round_: Round) -> None:
    line = _Line(out, INDENT, f"{round_.number}.")
    line.comments(round_.comments)
    last = len(round_.actions) - 1
    for index, action in enumerate(round_.actions):
        _action(line, action)
        line.comments(action.comments, "," if index < last else "")
    line.end()
    if round_.battles:
        line = _Line(out, INDENT, INDENT + "fights")
        last = len(round_.battles) - 1
        for index, battle in enumerate(round_.battles):
            _battle(line, battle)
            line.comments(battle.comments, "," if index < last else "")
        line.end()


def _termination(out: list[str], termination: Termination) -> None:
    # Comments after a ";" comment continue on indented lines, which keep them with this game
    # when a file of many games is split (docs/notation.md, 11.1).
    if not termination.finished:
        line = _Line(out, "    ", "*")
    else:
        scores = ", ".join(f"{name_text(s.player)} {s.points}" for s in termination.scores)
        line = _Line(out, "    ", "end" + (" " + scores if scores else ""))
    line.comments(termination.comments)
    line.end()


def _uncommented(action: Action) -> Action:
    if isinstance(action, Battle):
        draws = tuple(attrs.evolve(draw, comments=()) for draw in action.draws)
        return attrs.evolve(action, draws=draws, comments=())
    return attrs.evolve(action, comments=())


def write_action(action: Action) -> str:
    """One action as written in canonical text, without its comments (for messages).

    >>> from gargon_notation.cards import Card
    >>> write_action(Play("Adam", [Card.parse("Y2"), Card.parse("R9")], glyph="!"))
    'Adam Y2 R9!'
    """
    out: list[str] = []
    line = _Line(out, "")
    action = _uncommented(action)
    if isinstance(action, Battle):
        _battle(line, action)
    elif isinstance(action, Draw):
        _draw(line, action, "")
    else:
        _action(line, action)
    return "".join(out)


def marker_text(termination: Termination) -> str:
    """The termination marker as written, without comments: ``*``, ``end`` or
    ``end A 41, ...`` (what a ``Result`` tag repeats).

    >>> from gargon_notation.notation.model import Score
    >>> marker_text(Termination(finished=True, scores=[Score("Anna Lena", 41)]))
    'end "Anna Lena" 41'
    """
    if not termination.finished:
        return "*"
    scores = ", ".join(f"{name_text(s.player)} {s.points}" for s in termination.scores)
    return f"end {scores}" if scores else "end"


def with_result_in_step(record: GameRecord) -> GameRecord:
    """``record`` with its ``Result`` tags, if it has any, repeating its termination marker
    (for a record whose end was changed)."""
    if record.tag("Result") is None:
        return record
    marker = (marker_text(record.termination),)
    tags = (
        attrs.evolve(tag, values=marker) if tag.name == "Result" else tag for tag in record.tags
    )
    return attrs.evolve(record, tags=tuple(tags))


def write_game(record: GameRecord) -> str:
    """The canonical text of one game, ending with a newline.

    Raises :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient reading gives it), :class:`TypeError` for anything else that is not a record.
    """
    if type(record) is not GameRecord:
        record = record_argument(record, "write_game")
    out: list[str] = []
    for comment in record.comments:
        out.append(str(comment))
        out.append("\n")
    for tag in record.tags:
        _tag(out, tag)
    for item in record.setup:
        _setup(out, item)
    for round_ in record.rounds:
        _round(out, round_)
    _termination(out, record.termination)
    return "".join(out)


def longest_lines(record: GameRecord) -> Iterator[tuple[str, int, int]]:
    """For each part of the record as the canonical text writes it, the bytes of its longest
    line: ``(part, index, bytes)`` with part ``comments``, ``tags``, ``setup``, ``rounds`` or
    ``termination`` (so a reader of another form can refuse what the notation cannot hold).

    >>> from gargon_notation.notation import parse_game
    >>> list(longest_lines(parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann Y2\\n*\\n')))
    [('tags', 0, 26), ('rounds', 0, 9), ('termination', 0, 1)]
    """

    def longest(out: list[str]) -> int:
        return max(len(line.encode("utf-8")) for line in "".join(out).split("\n"))

    for index, comment in enumerate(record.comments):
        yield "comments", index, len(str(comment).encode("utf-8"))
    parts: tuple[tuple[str, Sequence[Any], Callable[[list[str], Any], None]], ...] = (
        ("tags", record.tags, _tag),
        ("setup", record.setup, _setup),
        ("rounds", record.rounds, _round),
    )
    for name, items, write in parts:
        for index, item in enumerate(items):
            out: list[str] = []
            write(out, item)
            yield name, index, longest(out)
    out = []
    _termination(out, record.termination)
    yield "termination", 0, longest(out)


def write_games(records: Iterable[GameRecord]) -> str:
    """The canonical text of several games: one blank line between games."""
    return "\n".join(write_game(record) for record in records)
