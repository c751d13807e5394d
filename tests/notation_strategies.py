"""Hypothesis strategies for notation records, with comments, glyphs and NAGs injected."""

from __future__ import annotations

import attrs
from hypothesis import strategies as st

from gargon_notation.cards import DECK, UNKNOWN, AnyCard, Colour, HiddenCard
from gargon_notation.notation import (
    GLYPHS,
    Battle,
    Comment,
    CommentKind,
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

NAMES = (
    "Adam",
    "Bernd",
    "Collette",
    "Dagmar",
    "Jürgen",
    "Anna-Lena",
    "O'Neil",
    "P2",
    "X",
    "Anna Lena",  # quoted: a space
    "R9",  # quoted: a card
    "end",  # quoted: a keyword
    "Y",  # quoted: a colour letter
    'Say "hi"',  # quoted, with escapes
    "back\\slash",
)

cards: st.SearchStrategy[AnyCard] = st.one_of(
    st.sampled_from(DECK),
    st.sampled_from([HiddenCard(colour) for colour in Colour]),
    st.just(UNKNOWN),
)
names = st.sampled_from(NAMES)
glyphs = st.one_of(st.none(), st.sampled_from(sorted(GLYPHS)))
nags = st.lists(st.integers(0, 300), max_size=2).map(tuple)

# No surrogate, nor a NUL: text of a record holds neither (the readers call a NUL binary data).
_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="}\r\x00"),
    max_size=12,
)
comments = st.one_of(
    _text.filter(lambda t: not t.startswith("=")).map(Comment),
    _text.map(lambda t: Comment(t, CommentKind.ANNOTATION)),
    _text.map(lambda t: t.replace("\n", " ")).map(lambda t: Comment(t, CommentKind.LINE)),
)
comment_lists = st.lists(comments, max_size=2).map(tuple)


annotations = st.tuples(glyphs, nags, comment_lists)
"""An element's glyph, NAGs and comments."""

# The strategies are made once, here, and drawn from many times: a strategy made anew for
# each draw (a composite called with its arguments, a map, a union) is checked again each
# time, which cost about a third of the time of generating a record.


@st.composite
def plays(draw: st.DrawFn) -> Play:
    hand = draw(st.lists(cards, min_size=1, max_size=4))
    name = draw(names)
    glyph, numbers, notes = draw(annotations)
    return Play(name, hand, glyph=glyph, nags=numbers, comments=notes)


_pass_draws = st.lists(st.builds(PassDraw, st.sampled_from((1, 2)), st.none() | cards), max_size=3)


@st.composite
def passes(draw: st.DrawFn) -> Pass:
    taken = draw(_pass_draws)
    name = draw(names)
    glyph, numbers, notes = draw(annotations)
    return Pass(name, taken, glyph=glyph, nags=numbers, comments=notes)


_seen = st.none() | cards


@st.composite
def draws(draw: st.DrawFn) -> Draw:
    pile = draw(st.sampled_from((1, 2, None)))
    seen = None if pile is None else draw(_seen)
    name = draw(names)
    glyph, numbers, notes = draw(annotations)
    return Draw(name, pile, seen, glyph=glyph, nags=numbers, comments=notes)


_winners = st.none() | st.lists(st.none() | names, min_size=1, max_size=2).map(tuple)
_battle_draws = st.lists(draws(), max_size=3)


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    winners = draw(_winners)
    colour = draw(st.sampled_from(list(Colour)))
    made = draw(_battle_draws)
    glyph, numbers, notes = draw(annotations)
    return Battle(colour, made, winners=winners, glyph=glyph, nags=numbers, comments=notes)


_actions = st.lists(st.one_of(plays(), passes()), min_size=1, max_size=5)
_battles = st.lists(battles(), max_size=4)


def _round(draw: st.DrawFn, number: int) -> Round:
    return Round(number, draw(_actions), draw(_battles), comments=draw(comment_lists))


@st.composite
def rounds(draw: st.DrawFn, number: int) -> Round:
    return _round(draw, number)


tags = st.builds(
    Tag,
    st.sampled_from(["Notation", "Event", "Players", "Start", "Seed", "X_Custom9"]),
    st.lists(
        st.text(
            alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x00"),
            max_size=8,
        ),
        min_size=1,
        max_size=3,
    ),
    comments=comment_lists,
)
setup_lines = st.one_of(
    st.builds(Deal, names, st.lists(cards, max_size=10), comments=comment_lists),
    st.builds(Pile, st.sampled_from((1, 2)), st.lists(cards, max_size=6), comments=comment_lists),
)
terminations = st.one_of(
    st.builds(Termination, st.just(False), comments=comment_lists),
    st.builds(
        Termination,
        st.just(True),
        st.lists(st.builds(Score, names, st.integers(0, 200)), max_size=4),
        comments=comment_lists,
    ),
)


@st.composite
def games(draw: st.DrawFn, max_rounds: int = 4) -> GameRecord:
    count = draw(st.integers(0, max_rounds))
    first = draw(st.integers(1, 12))
    return GameRecord(
        draw(st.lists(tags, max_size=4)),
        draw(st.lists(setup_lines, max_size=3)),
        [_round(draw, first + index) for index in range(count)],
        draw(terminations),
        comments=draw(comment_lists),
    )


def plain(record: GameRecord) -> GameRecord:
    """The record without any comment, glyph or NAG (for the plainer generated files)."""

    def strip(element: object) -> object:
        if attrs.has(type(element)):
            changes = {}
            for field in attrs.fields(type(element)):
                value = getattr(element, field.name)
                if field.name == "comments":
                    changes[field.name] = ()
                elif field.name == "glyph":
                    changes[field.name] = None
                elif field.name == "nags":
                    changes[field.name] = ()
                elif isinstance(value, tuple):
                    changes[field.name] = tuple(strip(v) for v in value)
                elif attrs.has(type(value)):
                    changes[field.name] = strip(value)
            return attrs.evolve(element, **changes)  # type: ignore[misc]
        return element

    return strip(record)  # type: ignore[return-value]
