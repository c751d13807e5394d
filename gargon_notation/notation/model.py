"""The record model: what a Gargon notation (``.ggn``) game says, as frozen attrs values.

Terms:

record
    A :class:`GameRecord`: leading comments, header tags, setup lines, rounds and the
    termination marker, exactly as written (nothing is derived or checked against the rules).
element
    Anything a later tool may blame: a tag, a setup line, a round, an action, a draw, a score.
    Each carries ``line`` and ``column`` (from 1; 0 when built in code).  Positions take no
    part in equality or hashing, so a record equals its re-parsed canonical text.
action
    A :class:`Play`, a :class:`Pass`, a chosen colour (:class:`Battle`) or a replacement
    :class:`Draw`.  Actions carry a glyph (``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``), numeric
    annotations (``$n``) and the comments that follow them.

Validators reject values the notation cannot write (a name with a newline, a comment holding
``}``, pile 3); they raise :class:`ValueError`.

>>> from gargon_notation.cards import Card
>>> play = Play("Adam", (Card.parse("Y2"), Card.parse("Y6")), glyph="!")
>>> play == Play("Adam", (Card.parse("Y2"), Card.parse("Y6")), glyph="!", line=3, column=4)
True
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TypeAlias

import attrs

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard

__all__ = [
    "GLYPHS",
    "KEYWORDS",
    "RESERVED",
    "Action",
    "Battle",
    "Comment",
    "CommentKind",
    "Deal",
    "Draw",
    "GameRecord",
    "Pass",
    "PassDraw",
    "Pile",
    "Play",
    "Round",
    "Score",
    "SetupLine",
    "Tag",
    "Termination",
    "is_bare_name",
]

GLYPHS = frozenset({"!", "?", "!!", "??", "!?", "?!"})
"""The glyphs an action may carry."""

KEYWORDS = frozenset({"deal", "pile", "pass", "fights", "forgot", "end"})
"""The notation's keywords."""

RESERVED = KEYWORDS | frozenset("wbvyrg")
"""Words that can never be a bare player name (compared in lower case): keywords, colours."""

_BARE_NAME = re.compile(r"[^\W\d_][\w'-]*")
# Reserved words as the grammar matches them: case-insensitively in re's sense, where the long
# s (U+017F) is an s and the dotless i (U+0131) an i, as str.lower() does not know.
_RESERVED_LIKE = re.compile("|".join(sorted(RESERVED, key=len, reverse=True)), re.IGNORECASE)
_CARD_LIKE = re.compile(r"(?:[WBVYRG](?:1[0-5]|[0-9])|[WBVYRGX]\?)", re.IGNORECASE)
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def is_bare_name(name: str) -> bool:
    """Whether ``name`` may be written in movetext without quotes.

    >>> is_bare_name("Adam"), is_bare_name("Anna Lena"), is_bare_name("R9"), is_bare_name("end")
    (True, False, False, False)
    """
    return (
        _BARE_NAME.fullmatch(name) is not None
        and _RESERVED_LIKE.fullmatch(name) is None
        and _CARD_LIKE.fullmatch(name) is None
    )


def _to_cards(value: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return tuple(value)


def _to_comments(value: Iterable[Comment]) -> tuple[Comment, ...]:
    return tuple(value)


def _to_ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _shown(value: object) -> str:
    """``value`` as a message shows it (as :func:`gargon_notation.arguments.shown` does)."""
    if value is None:
        return "None"
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def _to_strs(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(
            f"Tag.values: a tuple of texts, one a value, such as ('Club',), not {_shown(value)}"
        )
    return tuple(value)


def _check_name(_instance: object, _attribute: object, value: str) -> None:
    if not isinstance(value, str) or not value or "\n" in value or "\r" in value:
        raise ValueError(f"a player name is a non-empty single line, not {value!r}")


def _check_glyph(_instance: object, _attribute: object, value: str | None) -> None:
    if value is not None and value not in GLYPHS:
        raise ValueError(f"{value!r} is not a glyph (one of ! ? !! ?? !? ?!)")


def _check_nags(_instance: object, _attribute: object, value: tuple[int, ...]) -> None:
    if any(type(n) is not int or n < 0 for n in value):
        raise ValueError(f"numeric annotations are whole numbers >= 0, not {value!r}")


def _check_pile(_instance: object, _attribute: object, value: int) -> None:
    if value not in (1, 2):
        raise ValueError(f"a pile is 1 or 2, not {value!r}")


def _check_card(value: object) -> None:
    if not isinstance(value, Card | HiddenCard):
        raise ValueError(f"{value!r} is not a card")


def _check_cards(_instance: object, _attribute: object, value: tuple[AnyCard, ...]) -> None:
    for card in value:
        _check_card(card)


def _check_seen(_instance: object, _attribute: object, value: AnyCard | None) -> None:
    if value is not None:
        _check_card(value)


class CommentKind(enum.Enum):
    """How a comment is written."""

    BRACE = "brace"
    """``{text}``: may span lines; ``text`` holds no ``}`` and does not begin with ``=``."""
    LINE = "line"
    """``;text``: runs to the end of the line."""
    ANNOTATION = "annotation"
    """``{=text}``: added (and removed) by tools such as ``gargon annotate``."""


@attrs.frozen
class Comment:
    """A comment, kept verbatim (``text`` excludes the delimiters and the ``=`` marker).

    >>> str(Comment(" good ")), str(Comment("rest", CommentKind.LINE))
    ('{ good }', ';rest')
    >>> str(Comment("R: Adam wins", CommentKind.ANNOTATION))
    '{=R: Adam wins}'
    """

    text: str
    kind: CommentKind = CommentKind.BRACE
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise ValueError(f"a comment's text is a string, not {self.text!r}")
        if "\r" in self.text:
            raise ValueError("a comment cannot hold a carriage return (CR ends a line)")
        if self.kind is CommentKind.LINE:
            if "\n" in self.text:
                raise ValueError("a rest-of-line comment cannot hold a line break")
        elif "}" in self.text:
            raise ValueError("a brace comment cannot hold '}'")
        elif self.kind is CommentKind.BRACE and self.text.startswith("="):
            raise ValueError("a brace comment beginning with '=' is an annotation")

    def __str__(self) -> str:
        if self.kind is CommentKind.LINE:
            return ";" + self.text
        if self.kind is CommentKind.ANNOTATION:
            return "{=" + self.text + "}"
        return "{" + self.text + "}"


Comments: TypeAlias = tuple[Comment, ...]


def _to_pass_draws(value: Iterable[PassDraw]) -> tuple[PassDraw, ...]:
    return tuple(value)


def _to_draws(value: Iterable[Draw]) -> tuple[Draw, ...]:
    return tuple(value)


def _to_actions(value: Iterable[Play | Pass]) -> tuple[Play | Pass, ...]:
    return tuple(value)


def _to_battles(value: Iterable[Battle]) -> tuple[Battle, ...]:
    return tuple(value)


def _to_scores(value: Iterable[Score]) -> tuple[Score, ...]:
    return tuple(value)


def _to_tags(value: Iterable[Tag]) -> tuple[Tag, ...]:
    return tuple(value)


def _to_setup(value: Iterable[SetupLine]) -> tuple[SetupLine, ...]:
    return tuple(value)


def _to_rounds(value: Iterable[Round]) -> tuple[Round, ...]:
    return tuple(value)


@attrs.frozen
class Tag:
    """A header tag ``[Name "value" ...]``; most tags have one value, ``Players`` one per seat."""

    name: str
    values: tuple[str, ...] = attrs.field(converter=_to_strs)
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"Tag.name: a text (str), such as 'Event', not {_shown(self.name)}")
        if _TAG_NAME.fullmatch(self.name) is None:
            raise ValueError(f"{self.name!r} is not a tag name (a letter, then letters/digits/_)")
        if not self.values:
            raise ValueError(f"tag {self.name} needs at least one value")
        for value in self.values:
            if not isinstance(value, str):
                raise TypeError(f"Tag.values: each a text (str), not {_shown(value)}")
            if "\n" in value or "\r" in value:
                raise ValueError(f"a tag value is a single line of text, not {value!r}")

    @property
    def value(self) -> str:
        """The first value (the only one, for every tag but ``Players``)."""
        return self.values[0]


@attrs.frozen
class Deal:
    """``deal NAME: cards``: what is known of a player's starting hand (possibly partial)."""

    player: str = attrs.field(validator=_check_name)
    cards: tuple[AnyCard, ...] = attrs.field(converter=_to_cards, validator=_check_cards)
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)


@attrs.frozen
class Pile:
    """``pile N: cards``: the known top of draw pile ``number``, top card first."""

    number: int = attrs.field(validator=_check_pile)
    cards: tuple[AnyCard, ...] = attrs.field(converter=_to_cards, validator=_check_cards)
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)


SetupLine: TypeAlias = Deal | Pile


@attrs.frozen
class Play:
    """``NAME cards``: a player lays cards (the rules, not the notation, want 1-3 known ones)."""

    player: str = attrs.field(validator=_check_name)
    cards: tuple[AnyCard, ...] = attrs.field(converter=_to_cards, validator=_check_cards)
    glyph: str | None = attrs.field(default=None, validator=_check_glyph, kw_only=True)
    nags: tuple[int, ...] = attrs.field(
        default=(), converter=_to_ints, validator=_check_nags, kw_only=True
    )
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise ValueError("a play lays at least one card")


@attrs.frozen
class PassDraw:
    """One draw of a pass: the pile (1 or 2) and, when noted, what was seen of the card."""

    pile: int = attrs.field(validator=_check_pile)
    seen: AnyCard | None = attrs.field(default=None, validator=_check_seen)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)


@attrs.frozen
class Pass:
    """``NAME pass draws``: a player passes and draws, in order (no draws: both piles empty)."""

    player: str = attrs.field(validator=_check_name)
    draws: tuple[PassDraw, ...] = attrs.field(default=(), converter=_to_pass_draws)
    glyph: str | None = attrs.field(default=None, validator=_check_glyph, kw_only=True)
    nags: tuple[int, ...] = attrs.field(
        default=(), converter=_to_ints, validator=_check_nags, kw_only=True
    )
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    @property
    def piles(self) -> tuple[int, ...]:
        """The piles drawn from, in order."""
        return tuple(draw.pile for draw in self.draws)

    @property
    def seen(self) -> tuple[AnyCard | None, ...]:
        """The observation noted for each draw (None where nothing was noted)."""
        return tuple(draw.seen for draw in self.draws)


@attrs.frozen
class Draw:
    """A replacement draw: ``NAME 1``, ``NAME 2:R7`` or ``NAME forgot`` (``pile`` None)."""

    player: str = attrs.field(validator=_check_name)
    pile: int | None
    seen: AnyCard | None = attrs.field(default=None, validator=_check_seen)
    glyph: str | None = attrs.field(default=None, validator=_check_glyph, kw_only=True)
    nags: tuple[int, ...] = attrs.field(
        default=(), converter=_to_ints, validator=_check_nags, kw_only=True
    )
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.pile is None:
            if self.seen is not None:
                raise ValueError("a forgotten draw has no card to observe")
        elif self.pile not in (1, 2):
            raise ValueError(f"a pile is 1 or 2, not {self.pile!r}")

    @property
    def forgot(self) -> bool:
        """The player forgot to draw."""
        return self.pile is None


@attrs.frozen
class Battle:
    """A chosen colour in the battle phase, then the replacement draws owed after its fights.

    ``winners``, a derived fact checked later, is None when not written; otherwise the winner
    of each fight in order (None: nobody won that fight, written ``-``).
    """

    colour: Colour = attrs.field(validator=attrs.validators.instance_of(Colour))
    draws: tuple[Draw, ...] = attrs.field(default=(), converter=_to_draws)
    winners: tuple[str | None, ...] | None = attrs.field(default=None, kw_only=True)
    glyph: str | None = attrs.field(default=None, validator=_check_glyph, kw_only=True)
    nags: tuple[int, ...] = attrs.field(
        default=(), converter=_to_ints, validator=_check_nags, kw_only=True
    )
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.winners is not None:
            if not isinstance(self.winners, tuple) or not self.winners:
                raise ValueError("winners, when written, is a non-empty tuple")
            for winner in self.winners:
                if winner is not None:
                    _check_name(None, None, winner)


Action: TypeAlias = Play | Pass | Battle | Draw


@attrs.frozen
class Round:
    """``N.`` and the round's plays and passes, then its battle phase (possibly not written)."""

    number: int
    actions: tuple[Play | Pass, ...] = attrs.field(converter=_to_actions)
    battles: tuple[Battle, ...] = attrs.field(default=(), converter=_to_battles)
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if type(self.number) is not int or self.number < 1:
            raise ValueError(f"a round number is a whole number >= 1, not {self.number!r}")
        if not self.actions:
            raise ValueError("a round holds at least one play or pass")


@attrs.frozen
class Score:
    """``NAME points`` in a finished game's termination (a derived fact, checked later)."""

    player: str = attrs.field(validator=_check_name)
    points: int
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if type(self.points) is not int or self.points < 0:
            raise ValueError(f"a score is a whole number >= 0, not {self.points!r}")


@attrs.frozen
class Termination:
    """``*`` (unfinished) or ``end`` (finished), with the final scores when written."""

    finished: bool = False
    scores: tuple[Score, ...] = attrs.field(default=(), converter=_to_scores)
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)
    column: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.scores and not self.finished:
            raise ValueError("only a finished game ('end') lists scores")


@attrs.frozen(repr=False)
class GameRecord:
    """One game as written: ``comments`` are those before its first tag.

    ``headers`` gives the tags as a read-only mapping from name to value.  ``source`` names
    the file it was read from, and ``line`` is the line of that file it starts on (0 when
    not known): in notation its first line that is not blank (a comment before its tags,
    else its first tag), in JSON Lines its line, in a JSON document the line its element of
    ``"games"`` starts on.  Neither takes part in equality.
    """

    tags: tuple[Tag, ...] = attrs.field(default=(), converter=_to_tags)
    setup: tuple[SetupLine, ...] = attrs.field(default=(), converter=_to_setup)
    rounds: tuple[Round, ...] = attrs.field(default=(), converter=_to_rounds)
    termination: Termination = attrs.field(factory=Termination)
    comments: Comments = attrs.field(default=(), converter=_to_comments, kw_only=True)
    source: str = attrs.field(default="<string>", eq=False, repr=False, kw_only=True)
    line: int = attrs.field(default=0, eq=False, repr=False, kw_only=True)

    def __repr__(self) -> str:
        parts = []
        event = self.tag("Event")
        if event is not None:
            parts.append(repr(event.value))
        players = self.tag("Players")
        if players is not None:
            parts.append(", ".join(players.values))
        parts.append(f"{len(self.rounds)} round{'s' if len(self.rounds) != 1 else ''}")
        parts.append("end" if self.termination.finished else "*")
        return f"<GameRecord {'; '.join(parts)}>"

    def _repr_html_(self) -> str:
        """The game in the viewer, for notebooks (:func:`gargon_notation.web.page.html_page`)."""
        from gargon_notation.web.page import html_page, notebook_html

        return notebook_html(html_page(self))

    @property
    def headers(self) -> Headers:
        """The tags as a read-only mapping (name to value; see :class:`Headers`).

        >>> tags = (Tag("Event", ("Club night",)), Tag("Players", ("A", "B", "C")))
        >>> record = GameRecord(tags=tags)
        >>> record.headers["Event"], record.headers.values_of("Players")
        ('Club night', ('A', 'B', 'C'))
        """
        return Headers(self.tags)

    def tag(self, name: str) -> Tag | None:
        """The first tag called ``name``, or None."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None


class Headers(Mapping[str, str]):
    """A record's tags, read-only: ``headers[name]`` is the tag's value (a tag with several
    values, such as ``Players``, gives them joined by ", "; :meth:`values_of` gives
    them apart).  The first tag of a name wins, as in :meth:`GameRecord.tag`.

    Raises :class:`KeyError` for a tag the record does not have.
    """

    __slots__ = ("_tags",)

    def __init__(self, tags: tuple[Tag, ...]) -> None:
        self._tags: dict[str, Tag] = {}
        for tag in tags:
            self._tags.setdefault(tag.name, tag)

    def __getitem__(self, name: str) -> str:
        return ", ".join(self._tags[name].values)

    def __iter__(self) -> Iterator[str]:
        return iter(self._tags)

    def __len__(self) -> int:
        return len(self._tags)

    def values_of(self, name: str) -> tuple[str, ...]:
        """Every value of tag ``name``.

        Raises :class:`KeyError` for a tag the record does not have.
        """
        return self._tags[name].values

    def __repr__(self) -> str:
        return f"Headers({dict(self)!r})"
