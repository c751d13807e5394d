"""What each seat saw: a record as one seat knew it, and a check that a file shows no more.

A player may record only what his seat saw: his own values, the others' backs, the cards
turned up in the battles.  :func:`seat_record` writes a record as a seat (or several seats
together, or nobody in particular: the public) knew it at each moment; :func:`find_leaks`
proves that a file published for a seat holds no value the seat could not have seen then.
Records of one game are put back together by :mod:`gargon_notation.merging`.

Terms:

what a seat sees (docs/rules.md 1.1, 2, 3.1, 6 and 7.11)
    - its own hand at the deal in full, the other hands by their backs, which show colours;
    - the piles by their backs, never a value (so a ``Seed`` tag, which deals every card, is
      never part of a seat's record);
    - a play face down until the card play phase ends; from the battle phase on every value
      of it is public;
    - a drawn card in full when it drew it, else by its back (pass draws ``1:R7`` and
      replacement draws ``Adam 1:R7`` alike);
    - the battles, their winners, forgotten draws and the final scores, which are public.

    Won cards lie face down unless ``WonCardsFaceUp``, but each was face up in its fight,
    so the variant changes nothing a record holds.
at each moment
    A value stands where the seat saw it, never earlier: Bernd's ``B7`` is not written in
    his deal line of Adam's record, even though Adam sees it when Bernd plays it.
seat record
    The record as a set of seats knew it: a value is kept when at least one of them saw it
    at that moment.  For one seat it is what that player could have written; for every seat
    together it is :func:`table_record`, which is what merging every seat's record gives
    back; for no seat it is the public record.
leak
    A :class:`Leak`: a value written where the seat (or the public) could not see it then,
    in the record's cards or in its free text (comments, and the values of tags such as
    ``Event`` or a ``Remark`` of the organiser's: the notation copies them as written).

>>> from gargon_notation.notation import parse_game, write_game
>>> text = (
...     '[Players "Ann" "Bob" "Cy"]\\n'
...     'deal Ann: Y2 R9 G5\\ndeal Bob: B7 V3\\npile 1: W4 Y8\\n'
...     '1. Ann R9, Bob pass 1 1, Cy pass 1\\n    fights R\\n*\\n')
>>> record = parse_game(text, source="table.ggn")
>>> print(write_game(seat_record(record, "Bob")), end="")
[Players "Ann" "Bob" "Cy"]
deal Ann: Y? R? G?
deal Bob: B7 V3
pile 1: W? Y?
1. Ann R9, Bob pass 1:W4 1:Y8, Cy pass 1
    fights R
*
>>> for leak in find_leaks(record, "Bob", text=text):
...     print(leak)
table.ggn:2:11: Y2: in Ann's hand at the deal, which Bob saw only from the back (Y?)
table.ggn:2:14: R9: in Ann's hand at the deal, which Bob saw only from the back (R?)
table.ggn:2:17: G5: in Ann's hand at the deal, which Bob saw only from the back (G?)
table.ggn:4:9: W4: in pile 1 at the deal, which lay face down: nobody saw more than its back (W?)
table.ggn:4:12: Y8: in pile 1 at the deal, which lay face down: nobody saw more than its back (Y?)
>>> find_leaks(seat_record(record, "Bob"), "Bob")
()
"""

from __future__ import annotations

import bisect
import operator
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeAlias

import attrs

from gargon_notation.actions import not_at_table
from gargon_notation.annotate import strip_annotations
from gargon_notation.arguments import record_argument, shown
from gargon_notation.cards import AnyCard, Card
from gargon_notation.engine import CardDrawn, Deal, Game
from gargon_notation.engine.view import back, backs
from gargon_notation.errors import GargonError, printable_name
from gargon_notation.mentions import known, mentions
from gargon_notation.notation import model
from gargon_notation.notation.lexical import unquote
from gargon_notation.notation.tags import LABEL_TAGS, STRUCTURED_TAGS
from gargon_notation.replay import Problem, Step, Visitor, walk

__all__ = [
    "Leak",
    "Location",
    "Places",
    "SeatError",
    "Seats",
    "SourceText",
    "comments_of",
    "face_down_plays",
    "find_leaks",
    "players_of",
    "seat_record",
    "table_record",
    "without_annotations",
]

Seats: TypeAlias = str | int | Iterable[str | int] | None
"""Who sees: one seat, by its player's name or its number (from 0, as
:meth:`Game.view <gargon_notation.engine.Game.view>` numbers seats), several (what they saw
together), or None (the public)."""


class SeatError(GargonError):
    """A record cannot be given for a seat: the seat is not at the table, or the record has
    problems (in ``problems``), so what each seat saw cannot be told."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.problems = tuple(problems)


@attrs.frozen
class SourceText:
    """The text a record was read from, and the line of its file that text begins on (as
    :func:`~gargon_notation.notation.parse_game`'s ``first_line``): with it a value is
    located at its own column, not at the element holding it."""

    text: str
    first_line: int = 1


@attrs.frozen
class Location:
    """A place in a file: ``source:line:column`` (line and column from 1; 0 when unknown,
    as for a record read from JSON).

    >>> str(Location("adam.ggn", 9, 21)), str(Location("adam.json", 0, 0))
    ('adam.ggn:9:21', 'adam.json')
    """

    source: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        source = printable_name(self.source)
        return f"{source}:{self.line}:{self.column}" if self.line else source


@attrs.frozen
class Leak:
    """A value written where ``seat`` (None: the public) could not have seen it at that
    moment: ``value`` as the notation writes it (``B7``, or a ``Seed`` tag), where it is,
    and why the seat could not see it then."""

    value: str
    location: Location
    seat: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.location}: {self.value}: {self.reason}"


def players_of(record: model.GameRecord) -> tuple[str, ...]:
    """The players of ``record``, from its ``Players`` tag.

    Raises :class:`SeatError` when it has none.
    """
    tag = record.tag("Players")
    if tag is None:
        raise SeatError(
            f"{printable_name(record.source)}: the record has no Players tag, so its seats are "
            "not known"
        )
    return tag.values


def seat_name(seat: object, players: Sequence[str]) -> str:
    """The player's name of ``seat``: a name at the table, or a seat number from 0.

    Raises :class:`SeatError` for a name or a number not at the table, :class:`TypeError`
    for what is neither.

    >>> seat_name(1, ("Ann", "Bob", "Cy")), seat_name("Cy", ("Ann", "Bob", "Cy"))
    ('Bob', 'Cy')
    >>> seat_name(3, ("Ann", "Bob", "Cy"))
    Traceback (most recent call last):
    ...
    gargon_notation.seats.SeatError: there is no seat 3 at this table: seats are 0-2 (Ann, ...
    """
    if isinstance(seat, str):
        if seat not in players:
            raise SeatError(not_at_table(seat, players))
        return seat
    try:
        number = operator.index(seat) if not isinstance(seat, bool) else None  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None:
        raise TypeError(
            f"seat: a player's name ({', '.join(players)}) or a seat number from 0, "
            f"not {shown(seat)}"
        )
    if not 0 <= number < len(players):
        raise SeatError(
            f"there is no seat {number} at this table: seats are 0-{len(players) - 1} "
            f"({', '.join(players)})"
        )
    return players[number]


def _seeing(seat: Seats, players: Sequence[str]) -> frozenset[str]:
    names: list[object] = []
    if isinstance(seat, str) or not isinstance(seat, Iterable | None):
        names = [seat]
    elif seat is not None:
        names = list(seat)
    return frozenset(seat_name(name, players) for name in names)


def face_down_plays(record: model.GameRecord) -> tuple[model.Play, ...]:
    """The plays that are still face down where the record stops: those of a last round
    whose card play phase it does not finish (a seat's record leaves out the others').

    >>> from gargon_notation.notation import parse_game
    >>> record = parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann R9, Bob pass 1\\n*\\n')
    >>> face_down_plays(record)
    (Play(player='Ann', cards=(Card.parse('R9'),), glyph=None, nags=(), comments=()),)
    """
    players = record.tag("Players")
    if not record.rounds or players is None:
        return ()
    last = record.rounds[-1]
    if last.battles or len(last.actions) >= len(players.values):
        return ()
    return tuple(action for action in last.actions if isinstance(action, model.Play))


def comments_of(record: model.GameRecord) -> Iterator[model.Comment]:
    """Every comment of ``record``, annotations included, element by element."""
    yield from record.comments
    for tag in record.tags:
        yield from tag.comments
    for line in record.setup:
        yield from line.comments
    for written in record.rounds:
        yield from written.comments
        for action in written.actions:
            yield from action.comments
        for battle in written.battles:
            yield from battle.comments
            for draw in battle.draws:
                yield from draw.comments
    yield from record.termination.comments


def without_annotations(record: model.GameRecord) -> model.GameRecord:
    """``record`` without annotations: itself when it has none (the usual case, and cheaper
    than :func:`~gargon_notation.annotate.strip_annotations`)."""
    annotation = model.CommentKind.ANNOTATION
    if any(comment.kind is annotation for comment in comments_of(record)):
        return strip_annotations(record)
    return record


# -- a record as seats knew it ------------------------------------------------------------


class _Drawn(Visitor):
    """What the engine knows of each card drawn, by the written pass or draw."""

    wants_events = True

    def __init__(self) -> None:
        self.cards: dict[int, list[AnyCard]] = {}

    def visit_step(self, step: Step, game: Game) -> None:
        if isinstance(step.element, model.Pass | model.Draw):
            drawn = [event.card for event in step.events if isinstance(event, CardDrawn)]
            self.cards[id(step.element)] = drawn


def seat_record(record: model.GameRecord, seat: Seats) -> model.GameRecord:
    """``record`` as ``seat`` knew it at each moment (see the module docstring).

    ``seat`` is a player's name or seat number (from 0, as :meth:`Game.view
    <gargon_notation.engine.Game.view>` numbers seats), several (what they saw together) or
    None (the public).  Hidden values become backs (``R?``; ``X?`` where the colour is not
    known either); a ``Seed`` tag gives way to deal and pile lines; a card the seat drew is
    noted as the seat saw it (``1:R7``), from what the record knows of it; plays still face
    down where the record stops, and what follows them, are left out
    (:func:`face_down_plays`).
    Annotations (``{=...}``) are removed: derived from the whole record, they may show
    hidden cards (run :func:`~gargon_notation.annotate.annotate` again).  Every other comment,
    glyph and tag is kept as written, but a ``Seat`` tag naming another seat.  The result is
    valid whenever ``record`` is.

    Raises :class:`SeatError` for a name or seat number not at the table and for a record
    with problems, :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient :func:`~gargon_notation.files.load` gives it), and :class:`TypeError` for
    anything else that is not a record.

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> from gargon_notation.validation import validate
    >>> record = record_from_simulation(simulate(3, "demo"))
    >>> mine = seat_record(record, "Bernd")
    >>> adam, bernd = mine.setup[:2]
    >>> adam.player, [str(card) for card in adam.cards][:4]
    ('Adam', ['R?', 'G?', 'G?', 'R?'])
    >>> bernd.player, [str(card) for card in bernd.cards][:4]
    ('Bernd', ['Y4', 'R15', 'G1', 'G12'])
    >>> mine.tag("Seed") is None, validate(mine).valid
    (True, True)
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "seat_record")
    players = players_of(record)
    seeing = _seeing(seat, players)
    if not isinstance(seat, str | None) and not isinstance(seat, Iterable):
        seat = seat_name(seat, players)
    clean = without_annotations(record)
    drawn = _Drawn()
    outcome = walk(clean, [drawn])
    if not outcome.valid or outcome.deal is None:
        count = len(outcome.problems)
        raise SeatError(
            f"{printable_name(record.source)}: the record has {count} "
            f"problem{'' if count == 1 else 's'}, so what each seat saw cannot be told "
            "(gargon validate lists them)",
            outcome.problems,
        )
    masked = _Masker(clean, seeing, players, outcome.deal, drawn.cards).record()
    return _with_seat_tag(masked, seat if isinstance(seat, str) else None)


def _with_seat_tag(record: model.GameRecord, seat: str | None) -> model.GameRecord:
    """A ``Seat`` tag (``gargon record --seat``) is kept only when it names ``seat``: a record
    given for another seat, for several or for the public is no longer that seat's."""
    tags = [tag for tag in record.tags if tag.name != "Seat" or tag.values == (seat,)]
    return attrs.evolve(record, tags=tuple(tags))


def table_record(record: model.GameRecord) -> model.GameRecord:
    """``record`` as the seats together knew it: every value at least one seat saw, where it
    saw it (:func:`seat_record` for every player).  Merging the records of every seat gives
    it back (:func:`~gargon_notation.merging.merge_records`).

    Raises :class:`SeatError` for a record with problems or without a Players tag, and
    :class:`~gargon_notation.errors.ArgumentError` or :class:`TypeError` for what is not a
    record, as :func:`seat_record` does.
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "table_record")
    return seat_record(record, players_of(record))


class _Masker:
    def __init__(
        self,
        record: model.GameRecord,
        seeing: frozenset[str],
        players: tuple[str, ...],
        deal: Deal,
        drawn: dict[int, list[AnyCard]],
    ) -> None:
        self.source = record
        self.seeing = seeing
        self.players = players
        self.deal = deal
        self.drawn = drawn

    def record(self) -> model.GameRecord:
        record = self.source
        seeded = record.tag("Seed") is not None
        tags = record.tags
        if seeded:
            tags = tuple(tag for tag in tags if tag.name not in ("Seed", "Shuffle"))
        return attrs.evolve(
            record,
            tags=tags,
            setup=self._seeded_setup() if seeded else self._setup(),
            rounds=self._rounds(),
        )

    def _hand(self, player: str, cards: Sequence[AnyCard]) -> tuple[AnyCard, ...]:
        return tuple(cards) if player in self.seeing else backs(cards)

    def _setup(self) -> tuple[model.SetupLine, ...]:
        return tuple(
            attrs.evolve(line, cards=self._hand(line.player, line.cards))
            if isinstance(line, model.Deal)
            else attrs.evolve(line, cards=backs(line.cards))
            for line in self.source.setup
        )

    def _seeded_setup(self) -> tuple[model.SetupLine, ...]:
        """Deal and pile lines in full (hands and piles as the seed deals them), keeping the
        written lines, their order and comments."""
        hands = dict(zip(self.players, self.deal.hands, strict=True))
        lines: list[model.SetupLine] = []
        for line in self.source.setup:
            if isinstance(line, model.Deal):
                lines.append(attrs.evolve(line, cards=self._hand(line.player, hands[line.player])))
            else:
                lines.append(attrs.evolve(line, cards=backs(self.deal.piles[line.number - 1])))
        dealt = {line.player for line in lines if isinstance(line, model.Deal)}
        piles = {line.number for line in lines if isinstance(line, model.Pile)}
        lines += [
            model.Deal(name, self._hand(name, hands[name]))
            for name in self.players
            if name not in dealt
        ]
        lines += [
            model.Pile(number, backs(self.deal.piles[number - 1]))
            for number in (1, 2)
            if number not in piles
        ]
        return tuple(lines)

    def _seen(self, player: str, written: AnyCard | None, known: AnyCard | None) -> AnyCard | None:
        """A drawn card as the seats see it: in full by the drawer (from what the record
        knows of it), by its back by the others."""
        if player in self.seeing:
            return known if isinstance(known, Card) else written
        return None if written is None else back(written)

    def _rounds(self) -> tuple[model.Round, ...]:
        hidden = {id(play) for play in face_down_plays(self.source)}
        rounds: list[model.Round] = []
        for written in self.source.rounds:
            actions: list[model.Play | model.Pass] = []
            for action in written.actions:
                if id(action) in hidden and action.player not in self.seeing:
                    break  # still face down: the notation cannot write it as backs
                if isinstance(action, model.Pass):
                    known = self.drawn.get(id(action), [])
                    draws = tuple(
                        attrs.evolve(
                            draw,
                            seen=self._seen(
                                action.player, draw.seen, known[k] if k < len(known) else None
                            ),
                        )
                        for k, draw in enumerate(action.draws)
                    )
                    action = attrs.evolve(action, draws=draws)
                actions.append(action)
            if not actions:
                break
            battles = tuple(
                attrs.evolve(
                    battle,
                    draws=tuple(
                        attrs.evolve(
                            draw,
                            seen=self._seen(
                                draw.player,
                                draw.seen,
                                next(iter(self.drawn.get(id(draw), [])), None),
                            ),
                        )
                        for draw in battle.draws
                    ),
                )
                for battle in written.battles
            )
            rounds.append(attrs.evolve(written, actions=tuple(actions), battles=battles))
        return tuple(rounds)


# -- where a value is written -------------------------------------------------------------

_NAME = r'(?:"(?:[^"\\\n]|\\.)*"|[^\W\d_][\w\'-]*)'
_CARD = re.compile(r"\s*((?:[WBVYRGwbvyrg](?:1[0-5]|[0-9])|[WBVYRGXwbvyrgx]\?))(?![\w'-])")
_BEFORE_CARDS: dict[type, re.Pattern[str]] = {
    model.Deal: re.compile(_NAME + r"\s*:"),
    model.Pile: re.compile(r"[12]\s*:"),
    model.Play: re.compile(_NAME),
    model.PassDraw: re.compile(r"[12]\s*:"),
    model.Draw: re.compile(_NAME + r"\s+[12]\s*:"),
}
_TAG_VALUE = re.compile(r'\s*"((?:[^"\\\n]|\\["\\])*)"')
_OPENING = {
    model.CommentKind.BRACE: 1,
    model.CommentKind.LINE: 1,
    model.CommentKind.ANNOTATION: 2,
}


class Places:
    """Where each card of an element stands in the text a record was read from (without the
    text, or when the text does not fit, the element's own place stands for its cards)."""

    def __init__(self, source: str, text: SourceText | str | None = None) -> None:
        self.source = source
        if isinstance(text, str):
            text = SourceText(text)
        self.text = "" if text is None else text.text.replace("\r\n", "\n").replace("\r", "\n")
        self.first_line = 1 if text is None else text.first_line
        self.starts = [0] + [m.end() for m in re.finditer("\n", self.text)] if self.text else []

    def at(self, element: object, card: int | None = None) -> Location:
        """The place of ``element`` or, with ``card``, of its card number ``card`` (from 0)."""
        line = getattr(element, "line", 0) or 0
        column = getattr(element, "column", 0) or 0
        if card is not None and line:
            found = self._card(element, line, column, card)
            if found is not None:
                line, column = found
        return Location(self.source, line, column)

    def _card(self, element: object, line: int, column: int, card: int) -> tuple[int, int] | None:
        index = line - self.first_line
        opening = _BEFORE_CARDS.get(type(element))
        if opening is None or not 0 <= index < len(self.starts):
            return None
        offset = self.starts[index] + column - 1
        match = opening.match(self.text, offset)
        if match is None:
            return None
        position = start = match.end()
        for _ in range(card + 1):
            found = _CARD.match(self.text, position)
            if found is None:
                return None
            start, position = found.start(1), found.end()
        return self._line_column(start)

    def _line_column(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.first_line + index, offset - self.starts[index] + 1

    def values_in(self, comment: model.Comment) -> Iterator[tuple[Card, Location]]:
        """The card values a comment names, each with its place."""
        for card, start in mentions(comment.text):
            line, column = comment.line, comment.column
            if line:
                before = comment.text[:start]
                breaks = before.count("\n")
                if breaks:
                    line, column = line + breaks, len(before) - before.rfind("\n")
                else:
                    column += _OPENING[comment.kind] + len(before)
            yield card, Location(self.source, line, column)

    def values_in_tag(self, tag: model.Tag) -> Iterator[tuple[Card, Location]]:
        """The card values a tag's values name, each with its place (without the text, or
        when the text does not fit, the tag's own place)."""
        written = self._tag_values(tag)
        for k, value in enumerate(tag.values):
            raw, offset = written[k] if written else (value, None)
            # An escape (\" or \\) runs on into no card value: the raw text names the
            # same values as the value, at their own columns.
            for card, start in mentions(raw):
                if offset is None:
                    yield card, self.at(tag)
                else:
                    yield card, Location(self.source, *self._line_column(offset + start))

    def values_in_tag_name(self, tag: model.Tag) -> Iterator[tuple[Card, Location]]:
        """The card values a tag's name names (``[Adam_Y5 "kept"]``), each with its place."""
        for card, start in mentions(tag.name):
            if tag.line and tag.column:
                yield card, Location(self.source, tag.line, tag.column + start)
            else:
                yield card, self.at(tag)

    def _tag_values(self, tag: model.Tag) -> list[tuple[str, int]]:
        """Each value of ``tag`` as written in the text (escapes kept) and the offset of its
        first character; empty when the text does not hold the tag there."""
        index = tag.line - self.first_line
        if not tag.line or not 0 <= index < len(self.starts):
            return []
        position = self.starts[index] + tag.column - 1
        if not self.text.startswith(tag.name, position):
            return []
        position += len(tag.name)
        found: list[tuple[str, int]] = []
        for value in tag.values:
            match = _TAG_VALUE.match(self.text, position)
            if match is None or unquote('"' + match.group(1) + '"') != value:
                return []
            found.append((match.group(1), match.start(1)))
            position = match.end()
        return found


# -- leaks ---------------------------------------------------------------------------------


def find_leaks(
    record: model.GameRecord, seat: str | int | None, *, text: SourceText | str | None = None
) -> tuple[Leak, ...]:
    """Every value of ``record`` that ``seat`` (a player's name or seat number from 0; None:
    the public, what everyone at the table saw) could not have seen where it is written, in
    the order of the text.

    The values are the cards of deal and pile lines, plays still face down where the record
    stops, drawn cards (``1:R7``), a ``Seed`` tag (it deals every card), and card values
    named in comments (``{Bob kept B7}``) and in tags of free text (``[Remark "Bob kept
    B7"]``; not the tags whose values the notation defines, ``STRUCTURED_TAGS``, nor the
    labels ``Round`` and ``Table``, ``LABEL_TAGS``: a table ``B3``): a comment
    may name only what the seat had seen by the end of its round (a tag, and a comment of a
    tag or setup line: at the deal; the game's leading comments and the termination's: by
    the end).  Given the ``text`` the record was read
    from, each value is located at its own column.  Only the written record is read: the
    check needs no replay, and works on a record with problems.

    Raises :class:`SeatError` for a record without a Players tag or a seat not at the table,
    and :class:`~gargon_notation.errors.ArgumentError` or :class:`TypeError` for what is not
    a record, as :func:`seat_record` does.

    >>> from gargon_notation.notation import parse_game
    >>> text = '[Players "Ann" "Bob" "Cy"]\\n1. Ann R9, Bob pass 1:B7 {keeps B7}, Cy pass 1\\n*\\n'
    >>> for leak in find_leaks(parse_game(text, source="ann.ggn"), "Ann", text=text):
    ...     print(leak)
    ann.ggn:2:23: B7: drawn by Bob from pile 1 in round 1: Ann saw only its back (B?)
    ann.ggn:2:33: B7: named in a comment, but Ann had not seen it by the end of round 1
    >>> find_leaks(parse_game(text), "Bob")
    ()
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "find_leaks")
    players = players_of(record)
    name = None if seat is None else seat_name(seat, players)
    return _LeakFinder(record, name, Places(record.source, text)).run()


class _LeakFinder:
    def __init__(self, record: model.GameRecord, seat: str | None, places: Places) -> None:
        self.record = record
        self.seat = seat
        self.places = places
        self.players = players_of(record)
        self.leaks: list[Leak] = []
        self.seen: Counter[Card] = Counter()
        """The copies of each card the seat has seen (its hand's, its draws', the plays
        turned up), each copy once."""
        self.held: Counter[Card] = Counter()
        """The seat's cards counted in :attr:`seen` before it played them."""

    def leak(self, value: str, location: Location, reason: str) -> None:
        self.leaks.append(Leak(value, location, self.seat, reason))

    def unseen(self, owner: str, card: AnyCard) -> str:
        """Who saw only the back of a card ``owner`` saw."""
        if self.seat is None:
            return f"only {owner} saw it; the others saw its back ({back(card)})"
        return f"{self.seat} saw only its back ({back(card)})"

    def run(self) -> tuple[Leak, ...]:
        record = self.record
        seed = record.tag("Seed")
        if seed is not None:
            who = (
                "nobody saw them all"
                if self.seat is None
                else f"{self.seat} saw only {self.seat}'s own hand"
            )
            self.leak(
                f'[Seed "{seed.value}"]',
                self.places.at(seed),
                f"the Seed tag deals every card, so it shows every hand and both piles; {who}",
            )
        self._setup()
        self._tag_values()
        self._comments([c for tag in record.tags for c in tag.comments], "the deal")
        self._comments([c for line in record.setup for c in line.comments], "the deal")
        hidden = {id(play) for play in face_down_plays(record)}
        for written in record.rounds:
            self._round(written, hidden)
        self._comments([*record.comments, *record.termination.comments], "the end of the record")
        return tuple(
            sorted(self.leaks, key=lambda leak: (leak.location.line, leak.location.column))
        )

    def _setup(self) -> None:
        for line in self.record.setup:
            if isinstance(line, model.Deal):
                if line.player == self.seat:
                    self._see(card for card in line.cards if isinstance(card, Card))
                    continue
                if self.seat is None:
                    who = f"which only {line.player} saw; the others saw its back"
                else:
                    who = f"which {self.seat} saw only from the back"
                for k, card in enumerate(line.cards):
                    if isinstance(card, Card):
                        self.leak(
                            str(card),
                            self.places.at(line, k),
                            f"in {line.player}'s hand at the deal, {who} ({back(card)})",
                        )
            else:
                for k, card in enumerate(line.cards):
                    if isinstance(card, Card):
                        self.leak(
                            str(card),
                            self.places.at(line, k),
                            f"in pile {line.number} at the deal, which lay face down: "
                            f"nobody saw more than its back ({back(card)})",
                        )

    def _drawn(self, player: str, draw: model.PassDraw | model.Draw, when: str) -> None:
        card = draw.seen
        if not isinstance(card, Card):
            return
        if player == self.seat:
            self._see([card])
            return
        place = self.places.at(draw, 0)
        self.leak(
            str(card),
            place,
            f"drawn by {player} from pile {draw.pile} {when}: {self.unseen(player, card)}",
        )

    def _round(self, written: model.Round, hidden: set[int]) -> None:
        number = written.number
        complete = len(written.actions) >= len(self.players) or bool(written.battles)
        for action in written.actions:
            if isinstance(action, model.Play):
                if id(action) in hidden and action.player != self.seat:
                    for k, card in enumerate(action.cards):
                        if isinstance(card, Card):
                            self.leak(
                                str(card),
                                self.places.at(action, k),
                                f"played face down by {action.player} in round {number}, and "
                                "the record stops before the battle phase turns it up: "
                                + self.unseen(action.player, card),
                            )
                elif action.player == self.seat:
                    for card in action.cards:
                        if not isinstance(card, Card):
                            continue
                        if self.held[card]:
                            self.held[card] -= 1  # seen in the seat's hand already
                        else:
                            self.seen[card] += 1
                elif complete:
                    self.seen.update(card for card in action.cards if isinstance(card, Card))
            else:
                for draw in action.draws:
                    self._drawn(action.player, draw, f"in round {number}")
        for battle in written.battles:
            fight = f"after the {battle.colour.name.lower()} fight of round {number}"
            for replacement in battle.draws:
                self._drawn(replacement.player, replacement, fight)
        comments = [*written.comments]
        for action in written.actions:
            comments += action.comments
        for battle in written.battles:
            comments += battle.comments
            for replacement in battle.draws:
                comments += replacement.comments
        self._comments(comments, f"the end of round {number}")

    def _see(self, cards: Iterable[Card]) -> None:
        """The seat sees ``cards`` come into its hand."""
        for card in cards:
            self.seen[card] += 1
            self.held[card] += 1

    def _tag_values(self) -> None:
        """Card values named in a tag's name (``[Adam_Y5 "kept"]``) or in a tag of free text
        (``[Remark "Bob held W15"]``): a tag,
        like its comments, may name only what the seat saw at the deal.  The tags whose
        values the notation defines (names, a date, the result...) name no card; a ``Seed``
        tag is a leak of its own."""
        for tag in self.record.tags:
            named = self.places.values_in_tag_name(tag)
            self._named(named, f"named in the tag name {tag.name}", "the deal")
            if tag.name not in STRUCTURED_TAGS and tag.name not in LABEL_TAGS:
                found = self.places.values_in_tag(tag)
                self._named(found, f"named in the {tag.name} tag", "the deal")

    def _comments(self, comments: Iterable[model.Comment], moment: str) -> None:
        for comment in comments:
            self._named(self.places.values_in(comment), "named in a comment", moment)

    def _named(self, found: Iterable[tuple[Card, Location]], where: str, moment: str) -> None:
        """A leak for each card value of free text ``found`` not seen by ``moment``."""
        for card, location in found:
            if known(card, self.seen):
                continue
            who = "the table" if self.seat is None else self.seat
            if self.seen[card]:
                why = (
                    f"{who} had seen only one of the two {card}s by {moment}, "
                    "so it may say where the other lay"
                )
            elif self.seat is None:
                why = f"it had not been shown to the table by {moment}"
            else:
                why = f"{self.seat} had not seen it by {moment}"
            self.leak(str(card), location, f"{where}, but {why}")
