"""The movetext's lines read whole: rounds, battles and the ending.

In the usual layout (one blank between tokens, ``", "`` between items, comments on one
line) a round line, a battle line, an ``end`` line with its scores and a ``*`` line are each
read whole into one token for the token list, or not at all (None: then the line is cut
into tokens and read by the recursive descent).  Plain round and battle lines (bare names,
cards, pass draws and draws only) are cut with ``str.split`` and looked up in tables
(:func:`_plain_actions`, :func:`_plain_battles`); other ones are read by one match per
action or battle (:data:`_ACTION_ITEM`, :data:`_BATTLE_ITEM`).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from gargon_notation.cards import AnyCard
from gargon_notation.notation.fast.words import (
    _KNOWN_BARE,
    _bare,
    _battle,
    _compiled,
    _draw,
    _pass,
    _pass_draw,
    _play,
    _score,
    _small,
    _termination,
    _Token,
)
from gargon_notation.notation.lexical import (
    BRACE_COMMENT,
    CARD_SPELLING,
    CARDS,
    COLOUR_LETTER,
    COLOURS,
    GLYPH,
    NAG,
    NAME_SHAPE,
    PILE_DIGIT,
    ROUND,
    comment_of,
)
from gargon_notation.notation.model import Battle, Comment, Draw, Pass, Play

# Whole lines in the usual layout (one blank between tokens, ", " between items, comments
# on one line) are read item by item: one match per action or battle.
_N = NAME_SHAPE
_CS = CARD_SPELLING
_DS = rf"{PILE_DIGIT}(?::{CARD_SPELLING})?"
_G = GLYPH
_BRACE = rf"(?=\{{[^}}\n]*\}}){BRACE_COMMENT}"  # a brace comment on one line
_NOTES = rf"(?P<glyph>{_G})?(?P<nags>(?: {NAG})*)(?P<comments>(?: {_BRACE})*)"
_ROUND_HEAD = re.compile(rf"({ROUND}) ")
_FIGHTS_HEAD = re.compile(r"[ \t]*fights ")
_ACTION_ITEM = rf"(?P<name>{_N}) (?:(?P<cards>{_CS}(?: {_CS})*)|pass(?P<draws>(?: {_DS})*)){_NOTES}"
_DRAW_SHAPE = rf"{_N} (?:{_DS}|forgot)(?:{_G})?(?: {NAG})*(?: {_BRACE})*"
_BATTLE_ITEM = (
    rf"(?P<colour>{COLOUR_LETTER})(?P<glyph>{_G})?(?P<nags>(?: {NAG})*)"
    rf"(?: > (?P<winners>(?:{_N}|-)(?: (?:{_N}|-))*))?"
    rf"(?: \((?P<draws>{_DRAW_SHAPE}(?:, {_DRAW_SHAPE})*)\))?"
    rf"(?P<comments>(?: {_BRACE})*)"
)
_DRAW_ITEM = rf"(?P<name>{_N}) (?P<how>{_DS}|forgot){_NOTES}"
_BRACES = re.compile(BRACE_COMMENT)
_END_LINE = re.compile(rf"end(?P<scores> {_N} [0-9]+(?:, {_N} [0-9]+)*)?(?:\n|\Z)")
_SCORE_ITEM = re.compile(rf"({_N}) ([0-9]+)")


def _draw_spellings() -> dict[str, tuple[int | None, AnyCard | None]]:
    """Every spelling of a draw (``forgot``, ``1``, ``2:r?``) and its pile and observation."""
    table: dict[str, tuple[int | None, AnyCard | None]] = {"forgot": (None, None)}
    for pile in (1, 2):
        table[str(pile)] = (pile, None)
        for text, card in CARDS.items():
            table[f"{pile}:{text}"] = (pile, card)
    return table


_HOW = _draw_spellings()
_PASS_HOW = {text: how for text, how in _HOW.items() if text != "forgot"}
_NONE: tuple[tuple[int, ...], tuple[Comment, ...]] = ((), ())


def _notes(
    match: re.Match[str], line: int, line_start: int
) -> tuple[tuple[int, ...], tuple[Comment, ...]]:
    """The NAGs and brace comments of an item that has some."""
    nags_text = match.group("nags")
    nags = tuple(_small(n) for n in nags_text.split(" $")[1:]) if nags_text else ()
    if not match.group("comments"):
        return nags, ()
    comments = tuple(
        comment_of(found.group(), line, found.start() - line_start + 1)
        for found in _BRACES.finditer(match.string, match.start("comments"), match.end("comments"))
    )
    return nags, comments


def _line_end(text: str, at: int, line: int, line_start: int) -> tuple[int, Comment | None] | None:
    """After a line's last item: the next line's start and a ``;`` comment, if any."""
    if at == len(text):
        return at, None
    if text[at] == "\n":
        return at + 1, None
    if text.startswith(" ;", at):
        stop = text.find("\n", at)
        stop = len(text) if stop < 0 else stop
        comment = comment_of(text[at + 1 : stop], line, at + 2 - line_start)
        return min(stop + 1, len(text)), comment
    return None


def _with_comment(element: Any, comment: Comment | None) -> Any:
    if comment is None:
        return element
    return attrs.evolve(element, comments=(*element.comments, comment))


def _end_line(text: str, pos: int, line: int) -> tuple[_Token, int] | None:
    """A whole ``end`` line with its bare-named scores, nothing else on it, as one token
    ``("endline", termination, ...)``, or None.

    Read as :meth:`.reader._Reader.termination` reads it; comments after it are added there.
    """
    found = _END_LINE.match(text, pos)
    if found is None:
        return None
    scores = []
    if found.group("scores") is not None:
        bare = _KNOWN_BARE
        for item in _SCORE_ITEM.finditer(text, found.start("scores"), found.end("scores")):
            name = item.group(1)
            if name not in bare and not _bare(name):
                return None
            scores.append(_score(name, _small(item.group(2)), line, item.start() - pos + 1))
    return ("endline", _termination(True, tuple(scores), (), line, 1), line, 1), found.end()


def _unfinished_line(text: str, pos: int, line: int) -> tuple[_Token, int] | None:
    """A line holding only ``*`` as one token ``("endline", termination, ...)``, or None.

    Read as :meth:`.reader._Reader.termination` reads it; comments after it are added there.
    """
    end = pos + 1
    if end < len(text) and text[end] != "\n":
        return None
    return ("endline", _termination(False, (), (), line, 1), line, 1), end + 1


def _round_line(text: str, pos: int, line: int) -> tuple[_Token, int] | None:
    """A whole round line as one token ``("roundline", (number, actions), ...)``, or None."""
    head = _ROUND_HEAD.match(text, pos)
    if head is None:
        return None
    at = head.end()
    stop = text.find("\n", at)
    if stop >= 0:
        plain = _plain_actions(text, at, stop, line, pos)
        if plain is not None:
            return ("roundline", (_small(head.group(1)[:-1]), plain), line, 1), stop + 1
    actions: list[Play | Pass] = []
    match_action = _compiled(_ACTION_ITEM).match
    bare = _KNOWN_BARE
    card_of = CARDS.__getitem__
    how_of = _HOW.__getitem__
    while True:
        match = match_action(text, at)
        if match is None:
            return None
        name, cards, draws_text, glyph, nags_text, comments_text = match.groups()
        if name not in bare and not _bare(name):
            return None
        nags, comments = _notes(match, line, pos) if nags_text or comments_text else _NONE
        if cards is not None:
            hand = tuple(map(card_of, cards.split(" ")))
            actions.append(_play(name, hand, glyph, nags, comments, line, at - pos + 1))
        else:
            draws = []
            if draws_text:
                column = match.start("draws") - pos + 2
                for part in draws_text[1:].split(" "):
                    pile, seen = how_of(part)
                    draws.append(_pass_draw(pile, seen, line, column))
                    column += len(part) + 1
            actions.append(_pass(name, tuple(draws), glyph, nags, comments, line, at - pos + 1))
        at = match.end()
        if text.startswith(", ", at):
            at += 2
            continue
        number = _small(head.group(1)[:-1])
        if text.startswith("\n", at):  # the usual end of the line
            return ("roundline", (number, actions), line, 1), at + 1
        end = _line_end(text, at, line, pos)
        if end is None:
            return None
        actions[-1] = _with_comment(actions[-1], end[1])
        return ("roundline", (number, actions), line, 1), end[0]


def _plain_actions(text: str, at: int, stop: int, line: int, pos: int) -> list[Play | Pass] | None:
    """The actions from ``at`` to ``stop`` of a round line (at ``pos``) when they are plain
    (bare names, cards and pass draws only, one blank between words, ``", "``
    between actions), or None.  Cut with ``str.split``: what :data:`_ACTION_ITEM` reads,
    without its cost."""
    actions: list[Play | Pass] = []
    bare = _KNOWN_BARE
    card_of = CARDS.__getitem__
    how_of = _PASS_HOW.get
    for item in text[at:stop].split(", "):
        name, _, rest = item.partition(" ")
        if name not in bare and not _bare(name):
            return None
        column = at - pos + 1
        if rest.startswith("pass") and (len(rest) == 4 or rest[4] == " "):
            draws = []
            draw_column = column + len(name) + 6
            for word in rest[5:].split(" ") if len(rest) > 4 else ():
                how = how_of(word)
                if how is None:
                    return None
                draws.append(_pass_draw(how[0], how[1], line, draw_column))
                draw_column += len(word) + 1
            actions.append(_pass(name, tuple(draws), None, (), (), line, column))
        else:
            try:
                hand = tuple(map(card_of, rest.split(" ")))
            except KeyError:
                return None
            actions.append(_play(name, hand, None, (), (), line, column))
        at += len(item) + 2
    return actions


def _fights_line(text: str, pos: int, line: int) -> tuple[_Token, int] | None:
    """A whole battle line as one token ``("fightsline", battles, ...)``, or None."""
    head = _FIGHTS_HEAD.match(text, pos)
    if head is None:
        return None
    at = head.end()
    stop = text.find("\n", at)
    if stop >= 0:
        plain = _plain_battles(text, at, stop, line, pos)
        if plain is not None:
            return ("fightsline", plain, line, at - pos - 6), stop + 1
    battles: list[Battle] = []
    colour_of = COLOURS.get
    while True:
        colour = colour_of(text[at : at + 1])
        if colour is not None and text[at + 1 : at + 2] in _BARE_BATTLE_ENDS:
            # A colour alone (no glyph, winners, draws or comment): what the match would read.
            battles.append(_battle(colour, (), None, None, (), (), line, at - pos + 1))
            at += 1
        else:
            found = _battle_item(text, pos, at, line)
            if found is None:
                return None
            battles.append(found[0])
            at = found[1]
        if text.startswith(", ", at):
            at += 2
            continue
        if text.startswith("\n", at):  # the usual end of the line
            return ("fightsline", battles, line, head.end() - pos - 6), at + 1
        end = _line_end(text, at, line, pos)
        if end is None:
            return None
        battles[-1] = _with_comment(battles[-1], end[1])
        return ("fightsline", battles, line, head.end() - pos - 6), end[0]


_BARE_BATTLE_ENDS = frozenset({",", "\n", ""})


def _plain_battles(text: str, at: int, stop: int, line: int, pos: int) -> list[Battle] | None:
    """The battles from ``at`` to ``stop`` of a battle line (at ``pos``) when they are plain
    (colours alone or with draws by bare names, no glyph, NAG, winners or comment, the
    usual blanks), or None.  Cut with ``str.split``: what :data:`_BATTLE_ITEM` reads,
    without its cost."""
    battles: list[Battle] = []
    bare = _KNOWN_BARE
    colour_of = COLOURS.get
    how_of = _HOW.get
    draws: list[Draw] | None = None  # the draws of a battle whose ")" is still to come
    colour = None
    column = 0
    for piece in text[at:stop].split(", "):
        if draws is None:
            colour = colour_of(piece[:1])
            if colour is None:
                return None
            column = at - pos + 1
            if len(piece) == 1:
                battles.append(_battle(colour, (), None, None, (), (), line, column))
                at += 3
                continue
            if piece[1:3] != " (":
                return None
            draws = []
            draw, draw_at = piece[3:], at + 3
        else:
            draw, draw_at = piece, at
        closed = draw.endswith(")")
        name, _, how_text = (draw[:-1] if closed else draw).partition(" ")
        how = how_of(how_text)
        if how is None or (name not in bare and not _bare(name)):
            return None
        draws.append(_draw(name, how[0], how[1], None, (), (), line, draw_at - pos + 1))
        if closed:
            battles.append(_battle(colour, tuple(draws), None, None, (), (), line, column))
            draws = None
        at += len(piece) + 2
    return battles if draws is None else None


def _battle_item(text: str, pos: int, at: int, line: int) -> tuple[Battle, int] | None:
    """The battle at ``at`` of the battle line at ``pos`` and where it ends, or None."""
    bare = _KNOWN_BARE
    how_of = _HOW.__getitem__
    match_draw = _compiled(_DRAW_ITEM).match
    match = _compiled(_BATTLE_ITEM).match(text, at)
    if match is None:
        return None
    letter, glyph, nags_text, winners_text, draws_text, comments_text = match.groups()
    winners: tuple[str | None, ...] | None = None
    if winners_text is not None:
        names = winners_text.split(" ")
        if not all(name == "-" or name in bare or _bare(name) for name in names):
            return None
        winners = tuple(None if name == "-" else name for name in names)
    draws: list[Draw] = []
    if draws_text is not None:
        step = match.start("draws")
        stop = match.end("draws")
        while True:
            item = match_draw(text, step, stop)
            if item is None:
                return None
            name, how, d_glyph, d_nags_text, d_comments_text = item.groups()
            if name not in bare and not _bare(name):
                return None
            if d_nags_text or d_comments_text:
                d_nags, d_comments = _notes(item, line, pos)
            else:
                d_nags, d_comments = _NONE
            pile, seen = how_of(how)
            draws.append(_draw(name, pile, seen, d_glyph, d_nags, d_comments, line, step - pos + 1))
            step = item.end()
            if step == stop:
                break
            if not text.startswith(", ", step):
                return None
            step += 2
    nags, comments = _notes(match, line, pos) if nags_text or comments_text else _NONE
    colour = COLOURS[letter]
    battle = _battle(colour, tuple(draws), winners, glyph, nags, comments, line, at - pos + 1)
    return battle, match.end()
