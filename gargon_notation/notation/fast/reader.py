"""The recursive descent over the token list of :mod:`.tokens`.

:class:`_Reader` reads a game from its tokens: leading comments, tags, setup lines, rounds
(a round line read whole, perhaps with its battle line, is taken as it is; otherwise its
actions and battles are read token by token) and the termination, raising
:class:`~.decline.Decline` at the first token it is not sure of.  Each element is built once
its trailing comments are known (a builder and the comments read so far).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gargon_notation.cards import AnyCard
from gargon_notation.notation.fast.decline import Decline
from gargon_notation.notation.fast.words import (
    _KNOWN_BARE,
    _TAG_NAME,
    _bare,
    _record,
    _round,
    _small,
    _Token,
)
from gargon_notation.notation.lexical import CARDS, COLOURS, comment_of, unquote
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

_ROUND_STARTS = frozenset({"roundline", "round", "endline", "eof"})


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
