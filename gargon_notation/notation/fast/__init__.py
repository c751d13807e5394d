"""The fast reader: round and battle lines by regular expressions, the rest by recursive descent.

It reads the same language as the normative grammar (``grammar/gargon.lark``) but declines
(raises :class:`Decline`) at the first thing it is not sure about: any text the grammar would
reject, and some rare spellings the grammar accepts (a tag named like a card, ``1 :G?``).
Declined text goes to the grammar reader, which either reads it or explains the error.
:class:`Decline` is the only exception it raises on purpose: any other is a bug of it, an
error under ``GARGON_FAST_STRICT=1`` (see :func:`tolerate_slip`).  Its patterns are built
from the grammar's terminals in :mod:`.lexical`.  ``tests/test_notation_fast.py`` runs it
alone over every example and test file and over generated, damaged and random text.

How it is fast (``python bench/parse_speed.py --tiers`` measures each tier):

- Plain round and battle lines (bare names, cards, pass draws and draws only, one
  blank between words, ``", "`` between items) are cut with ``str.split`` and looked up in
  tables: no pattern at all.  Other round and battle lines in the usual layout (one blank
  between tokens, ``", "`` between items, comments on one line) are read whole, one match
  per action or battle.  Bare names once checked are remembered.  Tag lines, the ``end``
  line with its scores and a ``*`` line are read whole too, one match each, when nothing
  else is on them.
- Other lines are cut into tokens by :data:`TOKEN` (one match per token; a run of cards or of
  pass draws is one token) and read by a small recursive descent.
- Records whose values this module has already checked are built without re-validation
  (:func:`~gargon_notation.values.unchecked_maker`).
- The patterns only other lines need are compiled when first used.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs

from gargon_notation.cards import AnyCard
from gargon_notation.notation.fast.decline import (
    STRICT_ENV,
    Decline,
    FastReaderWarning,
    tolerate_slip,
)
from gargon_notation.notation.fast.header import (
    _tag_after,
    _tag_line,
    _tag_line_after,
    _usual_tags,
    header_end,
)
from gargon_notation.notation.fast.words import (
    _KNOWN_BARE,
    _TAG_NAME,
    _bare,
    _battle,
    _compiled,
    _draw,
    _pass,
    _pass_draw,
    _play,
    _record,
    _round,
    _score,
    _small,
    _termination,
    _Token,
)
from gargon_notation.notation.fast.words import (
    _NAME as _NAME,
)
from gargon_notation.notation.lexical import (
    BRACE_COMMENT,
    CARD,
    CARD_SPELLING,
    CARDS,
    COLOUR_LETTER,
    COLOURS,
    GLYPH,
    INT,
    LINE_COMMENT,
    NAG,
    NAME_SHAPE,
    NUMBER_END,
    PILE_DIGIT,
    ROUND,
    STRING,
    comment_of,
    unquote,
)
from gargon_notation.notation.model import (
    GLYPHS,
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
    SetupLine,
    Tag,
    Termination,
)
from gargon_notation.notation.scan import game_line

__all__ = [
    "STRICT_ENV",
    "TOKEN",
    "Decline",
    "FastReaderWarning",
    "header_end",
    "parse_fast",
    "parse_header",
    "tolerate_slip",
]

# Token-level patterns, from the grammar's terminals (lexical.py): a run of cards or of pass
# draws (a draw's ":" attached) is one token; "word" is any word (names and keywords alike).
_PASS_DRAW = rf"{PILE_DIGIT}(?::{CARD}|{NUMBER_END}(?!:))"
_TOKEN = (
    r"[ \t\r]*(?:"
    r"(?P<nl>\n)"
    rf"|(?P<cards>{CARD}(?:[ \t]+{CARD})*)"
    rf"|(?P<draws>{_PASS_DRAW}(?:[ \t]+{_PASS_DRAW})*)"
    rf"|(?P<round>{ROUND})"
    rf"|(?P<int>{INT})"
    rf"|(?P<word>{NAME_SHAPE})"
    rf"|(?P<glyph>{GLYPH})"
    rf"|(?P<nag>{NAG})"
    rf"|(?P<comment>{BRACE_COMMENT}|{LINE_COMMENT})"
    rf"|(?P<string>{STRING})"
    r"|(?P<punct>[,:\[\]()>*-])"
    r")"
)
"""The pattern of the fast reader's tokens (:data:`TOKEN` compiled); also the baseline of
the speed benchmark."""


TOKEN: re.Pattern[str]  # given by __getattr__, as it is compiled only when first asked for


def __getattr__(name: str) -> re.Pattern[str]:
    """``TOKEN``: the fast reader's tokens, compiled when first asked for."""
    if name == "TOKEN":
        return _compiled(_TOKEN)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


_ROUND_STARTS = frozenset({"roundline", "round", "endline", "eof"})


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

    Read as :meth:`_Reader.termination` reads it; comments after it are added there.
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

    Read as :meth:`_Reader.termination` reads it; comments after it are added there.
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


_LINE_READERS = {
    "[": _tag_line,
    "e": _end_line,
    "*": _unfinished_line,
    **{digit: _round_line for digit in "123456789"},
    " ": _fights_line,
    "\t": _fights_line,
    "f": _fights_line,
}


def _tokens(text: str, first_line: int) -> list[_Token]:
    tokens: list[_Token] = []
    append = tokens.append
    pos = 0
    line = first_line
    size = len(text)
    readers = _LINE_READERS
    while pos < size:
        first = text[pos]
        reader = readers.get(first)
        if reader is not None:
            found = reader(text, pos, line)
            if found is not None:
                append(found[0])
                pos = found[1]
                line += 1
                continue
        elif first == "\n":  # a blank line
            pos += 1
            line += 1
            continue
        line_start = pos
        # Match at the position, never search: a search from every position of a long run
        # that fails at its end (digits then a letter) would take quadratic time.
        match_at = _compiled(_TOKEN).match
        while (match := match_at(text, pos)) is not None:
            pos = match.end()
            kind = match.lastgroup
            if kind == "nl":
                line += 1
                break
            assert kind is not None
            start = match.start(kind)
            value = match.group(kind)
            append((kind, value, line, start - line_start + 1))
            if kind == "comment" and "\n" in value:
                line += value.count("\n")
                line_start = start + value.rindex("\n") + 1
        else:
            if pos != size:
                raise Decline
    last_line_start = text.rfind("\n", 0, size) + 1
    append(("eof", "", line, size - last_line_start + 1))
    return tokens


class _Reader:
    """Recursive descent over the token list; ``self.i`` is the next token."""

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.i = 0

    def comments(self) -> list[Comment]:
        tokens = self.tokens
        found: list[Comment] = []
        while tokens[self.i][0] == "comment":
            _, value, line, column = tokens[self.i]
            found.append(comment_of(value, line, column))
            self.i += 1
        return found

    def player(self) -> tuple[str, int, int]:
        kind, value, line, column = self.tokens[self.i]
        if kind == "word":
            if value not in _KNOWN_BARE and not _bare(value):
                raise Decline
            name = value
        elif kind == "string":
            name = unquote(value)
            if not name:
                raise Decline
        else:
            raise Decline
        self.i += 1
        return name, line, column

    def punct(self, char: str) -> None:
        kind, value, _, _ = self.tokens[self.i]
        if kind != "punct" or value != char:
            raise Decline
        self.i += 1

    def cards(self) -> list[AnyCard]:
        tokens = self.tokens
        found: list[AnyCard] = []
        while tokens[self.i][0] == "cards":
            found.extend(CARDS[text] for text in tokens[self.i][1].split())
            self.i += 1
        return found

    def annotation(self) -> tuple[str | None, list[int], list[Comment]]:
        glyph = None
        if self.tokens[self.i][0] == "glyph":
            glyph = self.tokens[self.i][1]
            self.i += 1
        return (glyph, *self.nags_and_comments())

    def nags_and_comments(self) -> tuple[list[int], list[Comment]]:
        tokens = self.tokens
        nags: list[int] = []
        while tokens[self.i][0] == "nag":
            nags.append(_small(tokens[self.i][1][1:]))
            self.i += 1
        return nags, self.comments() if tokens[self.i][0] == "comment" else []

    def game(self, source: str, line: int) -> GameRecord:
        tokens = self.tokens
        leading = self.comments()
        tags = self.tags()
        setup: list[SetupLine] = []
        while tokens[self.i][0] == "word" and tokens[self.i][1] in ("deal", "pile"):
            setup.append(self.deal() if tokens[self.i][1] == "deal" else self.pile())
        rounds: list[Round] = []
        while tokens[self.i][0] in ("round", "roundline"):
            rounds.append(self.round())
        termination = self.termination()
        if tokens[self.i][0] != "eof":
            raise Decline
        return _record(
            tuple(tags), tuple(setup), tuple(rounds), termination, tuple(leading), source, line
        )

    def tags(self) -> list[Tag]:
        """The tags here, each with the comments that follow it."""
        tokens = self.tokens
        tags: list[Tag] = []
        while True:
            kind, value, _, _ = tokens[self.i]
            if kind == "tagline":
                self.i += 1
                more = self.comments()
                tags.append(attrs.evolve(value, comments=more) if more else value)
            elif kind == "punct" and value == "[":
                tags.append(self.tag())
            else:
                return tags

    def tag(self) -> Tag:
        self.i += 1
        kind, name, line, column = self.tokens[self.i]
        if kind != "word" or _TAG_NAME.fullmatch(name) is None:
            raise Decline
        self.i += 1
        values: list[str] = []
        while self.tokens[self.i][0] == "string":
            values.append(unquote(self.tokens[self.i][1]))
            self.i += 1
        if not values:
            raise Decline
        self.punct("]")
        return Tag(name, values, comments=self.comments(), line=line, column=column)

    def deal(self) -> Deal:
        self.i += 1
        name, line, column = self.player()
        self.punct(":")
        cards = self.cards()
        return Deal(name, cards, comments=self.comments(), line=line, column=column)

    def pile(self) -> Pile:
        self.i += 1
        kind, value, line, column = self.tokens[self.i]
        if kind not in ("int", "draws") or value not in ("1", "2"):
            raise Decline
        self.i += 1
        self.punct(":")
        cards = self.cards()
        return Pile(int(value), cards, comments=self.comments(), line=line, column=column)

    def settled(self) -> bool:
        """Whether the next token starts a new round or the termination."""
        kind, value, _, _ = self.tokens[self.i]
        if kind in _ROUND_STARTS:
            return True
        return (kind == "punct" and value == "*") or (kind == "word" and value == "end")

    def round(self) -> Round:
        tokens = self.tokens
        kind, value, line, column = tokens[self.i]
        self.i += 1
        if kind == "roundline":  # the usual layout: a round line, perhaps a battle line
            if self.settled():
                made: Round = _round(value[0], tuple(value[1]), (), (), line, column)
                return made
            if tokens[self.i][0] == "fightsline":
                self.i += 1
                if self.settled():
                    fought = tuple(tokens[self.i - 1][1])
                    made = _round(value[0], tuple(value[1]), fought, (), line, column)
                    return made
                self.i -= 1
        actions: list[Play | Pass]
        comments: list[Comment] = []
        if kind == "roundline":
            number, actions = value[0], value[1][:]
            build, more = self.prebuilt(actions.pop())
        else:
            number = _small(value[:-1])
            comments = self.comments()
            actions = []
            build, more = self.action()
        while tokens[self.i][0] == "punct" and tokens[self.i][1] == ",":
            self.i += 1
            if tokens[self.i][0] == "comment":
                more.extend(self.comments())
            actions.append(build(more))
            build, more = self.action()
        actions.append(build(more))
        battles: list[Battle] = []
        kind = tokens[self.i][0]
        if kind == "fightsline" or (kind == "word" and tokens[self.i][1] == "fights"):
            self.i += 1
            if kind == "fightsline":
                battles = tokens[self.i - 1][1][:]
                build_battle, more = self.prebuilt(battles.pop())
            else:
                build_battle, more = self.battle()
            while tokens[self.i][0] == "punct" and tokens[self.i][1] == ",":
                self.i += 1
                if tokens[self.i][0] == "comment":
                    more.extend(self.comments())
                battles.append(build_battle(more))
                build_battle, more = self.battle()
            battles.append(build_battle(more))
        return Round(number, actions, battles, comments=comments, line=line, column=column)

    def prebuilt(self, element: Any) -> tuple[Callable[[list[Comment]], Any], list[Comment]]:
        """A builder for an element read with its line; only comments may still follow it."""
        kind, value, _, _ = self.tokens[self.i]
        if kind in ("glyph", "nag", "cards", "draws") or (kind == "punct" and value in "(>"):
            raise Decline
        return (
            lambda comments: (
                attrs.evolve(element, comments=(*element.comments, *comments))
                if comments
                else element
            )
        ), self.comments()

    def action(self) -> tuple[Callable[[list[Comment]], Play | Pass], list[Comment]]:
        """The action's builder (given its comments) and the comments read so far."""
        tokens = self.tokens
        name, line, column = self.player()
        kind, value, _, _ = tokens[self.i]
        if kind == "cards":
            cards = self.cards()
            glyph, nags, comments = self.annotation()
            return (
                lambda comments: Play(
                    name,
                    cards,
                    glyph=glyph,
                    nags=nags,
                    comments=comments,
                    line=line,
                    column=column,
                ),
                comments,
            )
        if kind != "word" or value != "pass":
            raise Decline
        self.i += 1
        draws: list[PassDraw] = []
        while tokens[self.i][0] == "draws":
            _, run, run_line, run_column = tokens[self.i]
            offset = 0
            for part in run.split():
                offset = run.index(part, offset)
                seen = CARDS[part[2:]] if len(part) > 1 else None
                draws.append(
                    PassDraw(int(part[0]), seen, line=run_line, column=run_column + offset)
                )
                offset += len(part)
            self.i += 1
        glyph, nags, comments = self.annotation()
        return (
            lambda comments: Pass(
                name,
                draws,
                glyph=glyph,
                nags=nags,
                comments=comments,
                line=line,
                column=column,
            ),
            comments,
        )

    def battle(self) -> tuple[Callable[[list[Comment]], Battle], list[Comment]]:
        """The battle's builder (given its comments) and the comments read so far."""
        tokens = self.tokens
        kind, letter, line, column = tokens[self.i]
        if kind == "cards" and len(letter) == 2 and letter[1] == "?":
            # "G?" here is colour G with glyph "?" (perhaps continued: "G??" or "G?!")
            self.i += 1
            glyph: str | None = "?"
            kind, value, glyph_line, glyph_column = tokens[self.i]
            if kind == "glyph" and glyph_line == line and glyph_column == column + 2:
                glyph = "?" + value
                self.i += 1
                if glyph not in GLYPHS:
                    raise Decline
            nags, comments = self.nags_and_comments()
            colour = COLOURS.get(letter[0])
            if colour is None:
                raise Decline
        else:
            colour = COLOURS.get(letter) if kind == "word" else None
            if colour is None:
                raise Decline
            self.i += 1
            glyph, nags, comments = self.annotation()
        winners: tuple[str | None, ...] | None = None
        draws: list[Draw] = []
        if tokens[self.i][0] == "punct" and tokens[self.i][1] == ">":
            self.i += 1
            names: list[str | None] = []
            while True:
                kind, value, _, _ = tokens[self.i]
                if kind == "punct" and value == "-":
                    names.append(None)
                    self.i += 1
                elif kind == "word" or kind == "string":
                    names.append(self.player()[0])
                else:
                    break
            if not names:
                raise Decline
            winners = tuple(names)
            comments.extend(self.comments())
        if tokens[self.i][0] == "punct" and tokens[self.i][1] == "(":
            self.i += 1
            build, more = self.draw()
            while tokens[self.i][0] == "punct" and tokens[self.i][1] == ",":
                self.i += 1
                if tokens[self.i][0] == "comment":
                    more.extend(self.comments())
                draws.append(build(more))
                build, more = self.draw()
            draws.append(build(more))
            self.punct(")")
            comments.extend(self.comments())
        return (
            lambda comments: Battle(
                colour,
                draws,
                winners=winners,
                glyph=glyph,
                nags=nags,
                comments=comments,
                line=line,
                column=column,
            ),
            comments,
        )

    def draw(self) -> tuple[Callable[[list[Comment]], Draw], list[Comment]]:
        """The draw's builder (given its comments) and the comments read so far."""
        tokens = self.tokens
        name, line, column = self.player()
        kind, value, _, _ = tokens[self.i]
        pile: int | None
        seen: AnyCard | None = None
        if kind == "draws" and " " not in value and "\t" not in value:
            pile = int(value[0])
            if len(value) > 1:
                seen = CARDS[value[2:]]
        elif kind == "word" and value == "forgot":
            pile = None
        else:
            raise Decline
        self.i += 1
        glyph, nags, comments = self.annotation()
        return (
            lambda comments: Draw(
                name,
                pile,
                seen,
                glyph=glyph,
                nags=nags,
                comments=comments,
                line=line,
                column=column,
            ),
            comments,
        )

    def termination(self) -> Termination:
        tokens = self.tokens
        kind, value, line, column = tokens[self.i]
        if kind == "endline":
            self.i += 1
            more = self.comments()
            made: Termination = attrs.evolve(value, comments=more) if more else value
            return made
        scores: list[Score] = []
        if kind == "punct" and value == "*":
            finished = False
            self.i += 1
        elif kind == "word" and value == "end":
            finished = True
            self.i += 1
            if tokens[self.i][0] in ("word", "string"):
                scores.append(self.score())
                while tokens[self.i][0] == "punct" and tokens[self.i][1] == ",":
                    self.i += 1
                    scores.append(self.score())
        else:
            raise Decline
        return Termination(finished, scores, comments=self.comments(), line=line, column=column)

    def score(self) -> Score:
        name, line, column = self.player()
        kind, value, _, _ = self.tokens[self.i]
        if kind not in ("int", "draws") or not (value.isascii() and value.isdigit()):
            raise Decline
        self.i += 1
        return Score(name, _small(value), line=line, column=column)


def parse_fast(text: str, source: str = "<string>", first_line: int = 1) -> GameRecord:
    """Read one game (newlines already LF, as :func:`~gargon_notation.notation.parse_game`
    hands it over), or raise :class:`Decline` when not sure.

    Raises :class:`Decline` and nothing else: any other exception is a bug of this reader
    (the tests run it alone over every example and over generated and damaged text).
    """
    if "\r" in text:
        raise Decline  # not normalised: a CR in a comment or a string is not ours to judge
    if text.rfind("{") > text.rfind("}"):
        raise Decline  # an unclosed comment: scanning for it from every "{" would be quadratic
    return _Reader(_tokens(text, first_line)).game(source, game_line(text, first_line))


def parse_header(text: str, source: str = "<string>", first_line: int = 1) -> tuple[Tag, ...]:
    """The tags of one game, read from the lines before its movetext only (see
    :func:`header_end`), as :func:`parse_fast` reads them.

    Raises :class:`Decline` when those lines are not tags and comments it is sure of (a
    brace comment running on into the movetext, say): then only the whole game tells.
    """
    del source  # the fast reader raises no located error: a doubt is a Decline
    usual = _usual_tags(text, first_line)
    if usual is not None:
        return usual
    end = header_end(text)
    reader = _Reader(_tokens(text[:end], first_line))
    reader.comments()
    tags = reader.tags()
    if _tag_after(reader.tokens, reader.i) or _tag_line_after(text, end):
        # Text that is no tag, comment, setup, round or ending (a stray line), and tags
        # after it before the movetext begins: the splitter reads those tags as this
        # game's too (docs/notation.md, 11.1), so the tags read so far are not all of
        # them; only the whole game tells.
        raise Decline
    return tuple(tags)
