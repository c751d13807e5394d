"""Records of one game put together: :func:`merge_records`.

Several records of the same game (the players' own records of what their seats saw, an
organiser's and a player's) each hold part of what was known.  Their merge holds everything
any of them knew, where it was known; it is refused, with every place at fault, when they
are records of different games or contradict one another.

What is the same game
    The same ``Players`` in the same seats, the same first start player, the same rules
    (``Ruleset``, ``ZeroPair``, ``WonCardsFaceUp``, ``StartMustPlay``) and, when both give
    one, the same ``Seed``.  Otherwise the merge is refused, saying which differs.
How the parts are put together
    - Deal lines of one player are merged as hands (in any order, up to a hand's size),
      pile lines card by card; rounds, actions, battles and draws are matched in order.
      What is known meets what is less known: ``R?`` and ``R7`` give ``R7``; ``R7`` and
      ``R9`` are a :class:`Contradiction`, and so are actions, fights or draws in another
      order, and a game that one record ends (``end``) while another goes on.  A record may
      stop earlier than another (an unfinished ``*`` record): the longer one goes on.
    - Tags, comments and glyphs: the first record's are kept, in its order.  A tag only
      another record has is added after them; a descriptive tag (``Event``, ``Date``, ...)
      written differently keeps the first value, and each other value becomes a comment of
      the tag (``{also "Club Night" in bob.ggn}``).  The comments of every element are the
      first record's, then each other record's that is not already there, in order; a glyph
      missing from the first record is taken from the next that has one; numeric
      annotations are joined.
    - Annotations (``{=...}``) are derived from each record alone and are out of date in the
      merge: they are left out (``gargon annotate`` derives them from the merge).
    - A ``Result`` tag repeats the merged termination.

The merged record is replayed: if the records agree element by element but together break
a rule (the same single card in two hands), that is a contradiction too.

>>> from gargon_notation.notation import parse_game, write_game
>>> ann = parse_game('[Players "Ann" "Bob" "Cy"]\\ndeal Ann: Y2 R9\\ndeal Bob: B? V?\\n'
...                  '1. Ann R9, Bob pass 1:W?, Cy pass 1\\n*\\n', source="ann.ggn")
>>> bob = parse_game('[Players "Ann" "Bob" "Cy"]\\ndeal Ann: Y? R?\\ndeal Bob: V3 B7\\n'
...                  '1. Ann R9, Bob pass 1:W4, Cy pass 1\\n*\\n', source="bob.ggn")
>>> print(write_game(merge_records([ann, bob])), end="")
[Players "Ann" "Bob" "Cy"]
deal Ann: Y2 R9
deal Bob: B7 V3
1. Ann R9, Bob pass 1:W4, Cy pass 1
*
>>> cy = parse_game('[Players "Ann" "Bob" "Cy"]\\n1. Ann R9, Bob pass 1:W5, Cy pass 1\\n*\\n',
...                 source="cy.ggn")
>>> try:
...     merge_records([ann, bob, cy])
... except MergeError as error:
...     print(error)
cy.ggn:2:21: W5 here, but bob.ggn:4:21 has W4: the card Bob drew from pile 1 in round 1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import attrs

from gargon_notation.arguments import record_argument, shown
from gargon_notation.cards import AnyCard, Card
from gargon_notation.engine import pile_size
from gargon_notation.engine.knowledge import refine
from gargon_notation.errors import ArgumentError, GargonError
from gargon_notation.header import Header, HeaderError, read_header
from gargon_notation.notation import model
from gargon_notation.notation.writer import with_result_in_step
from gargon_notation.replay import walk
from gargon_notation.seats import Location, Places, SourceText, without_annotations

__all__ = ["Contradiction", "MergeError", "merge_records"]

E = TypeVar("E")

_RULE_TAGS = ("Ruleset", "ZeroPair", "WonCardsFaceUp", "StartMustPlay")
_GAME_TAGS = frozenset({"Players", "Start", "Seed", "Shuffle", *_RULE_TAGS})
"""Tags that say which game a record is of (their meaning is compared, not their text)."""


@attrs.frozen
class Contradiction:
    """Why records cannot be merged: where one says something (``first``), the message,
    and where another says otherwise (``second``; None when no one place is at fault, as
    for a record that has problems of its own)."""

    first: Location
    message: str
    second: Location | None = None

    def __str__(self) -> str:
        return f"{self.first}: {self.message}"


class MergeError(GargonError):
    """Raised by :func:`merge_records` for records that cannot be merged; ``contradictions``
    lists every place at fault (one line each in the message)."""

    def __init__(self, contradictions: Sequence[Contradiction]) -> None:
        self.contradictions = tuple(contradictions)
        super().__init__("\n".join(str(found) for found in self.contradictions))

    def __reduce__(self) -> tuple[type[MergeError], tuple[tuple[Contradiction, ...]]]:
        """Pickled whole, so that a worker process (a process pool, Dask) can raise it."""
        return type(self), (self.contradictions,)


class _Stop(Exception):
    """The records no longer line up: what follows could not be compared."""


@attrs.frozen
class _From:
    """One record's element at a place of the merge: the record's number and the element."""

    index: int
    element: Any


def merge_records(
    records: Sequence[model.GameRecord],
    *,
    texts: Sequence[SourceText | str | None] = (),
) -> model.GameRecord:
    """One record holding everything ``records`` (records of one game) know; see the module
    docstring for how they are put together.  ``texts``, the texts the records were read
    from (in the same order), locate each card of a contradiction at its own column.

    Raises :class:`MergeError` for records of different games, records that contradict one
    another, a record with problems of its own, and records whose merge breaks a rule;
    :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) when there is no
    record, or for the :class:`~gargon_notation.errors.NotationError` of a game that could
    not be read among them (as lenient :func:`~gargon_notation.files.load` gives it); and
    :class:`TypeError` for anything else that is not a record.
    """
    if isinstance(records, str | bytes | model.GameRecord) or not isinstance(records, Iterable):
        raise TypeError(f"merge_records: records are a sequence of records, not {shown(records)}")
    records = [
        record_argument(record, "merge_records", f"record {number}")
        for number, record in enumerate(records, start=1)
    ]
    if not records:
        raise ArgumentError("merge_records: there is no record to merge")
    texts = list(texts) + [None] * (len(records) - len(texts))
    clean = [without_annotations(record) for record in records]
    return _Merger(clean, [Places(r.source, t) for r, t in zip(clean, texts, strict=True)]).run()


def _comments(items: Sequence[_From]) -> tuple[model.Comment, ...]:
    """The first element's comments, then each other's not already there."""
    merged = list(items[0].element.comments)
    known = {(comment.kind, comment.text) for comment in merged}
    for item in items[1:]:
        for comment in item.element.comments:
            if (comment.kind, comment.text) not in known:
                known.add((comment.kind, comment.text))
                merged.append(comment)
    return tuple(merged)


def _annotated(element: E, items: Sequence[_From]) -> E:
    """``element`` with the comments of every item, the first glyph and every NAG."""
    changes: dict[str, Any] = {"comments": _comments(items)}
    if hasattr(element, "glyph"):
        glyphs = [item.element.glyph for item in items if item.element.glyph is not None]
        changes["glyph"] = glyphs[0] if glyphs else None
        nags: list[int] = []
        for item in items:
            nags += [nag for nag in item.element.nags if nag not in nags]
        changes["nags"] = tuple(nags)
    return attrs.evolve(element, **changes)  # type: ignore[misc]


def _keyed(groups: Iterable[tuple[int, Iterable[tuple[object, Any]]]]) -> list[list[_From]]:
    """Elements with the same key, across records: the first record's keys in its order,
    then new keys as they come."""
    found: dict[object, list[_From]] = {}
    for index, items in groups:
        for key, element in items:
            found.setdefault(key, []).append(_From(index, element))
    return list(found.values())


def _columns(
    items: Sequence[_From], part: Callable[[Any], Sequence[Any]], size: int
) -> list[list[_From]]:
    """The elements of a list each item holds (its rounds, a round's actions, ...), place by
    place up to ``size``: at each, those of the items whose list reaches that far."""
    return [
        [_From(item.index, part(item.element)[k]) for item in items if len(part(item.element)) > k]
        for k in range(size)
    ]


def _rank(slot: AnyCard, card: AnyCard) -> int | None:
    """How well ``card`` fits ``slot``: 0 the same, 1 the same colour, 2 a colour unknown;
    None when they contradict."""
    if refine(slot, card) is None:
        return None
    if slot == card:
        return 0
    return 1 if slot.colour is not None and card.colour is not None else 2


def _fit(slots: Sequence[AnyCard], cards: Sequence[AnyCard]) -> dict[int, int]:
    """A largest matching of ``cards`` to ``slots`` they fit (card number to slot number),
    each card taking the best-fitting free slot first, the first of equals: cards in the
    same order as the slots keep it."""
    options = []
    for card in cards:
        ranked = [
            (rank, s) for s, slot in enumerate(slots) if (rank := _rank(slot, card)) is not None
        ]
        options.append([s for _, s in sorted(ranked)])
    holder: dict[int, int] = {}

    def seat(k: int, visited: set[int]) -> bool:
        for s in options[k]:
            if s not in holder:
                holder[s] = k
                return True
        for s in options[k]:
            if s not in visited:
                visited.add(s)
                if seat(holder[s], visited):
                    holder[s] = k
                    return True
        return False

    precision = sorted(
        range(len(cards)),
        key=lambda k: 0 if isinstance(cards[k], Card) else 1 if cards[k].colour else 2,
    )
    for k in precision:
        seat(k, set())
    return {k: s for s, k in holder.items()}


class _Merger:
    def __init__(self, records: list[model.GameRecord], places: list[Places]) -> None:
        self.records = records
        self.places = places
        self.found: list[Contradiction] = []
        self.origin: dict[tuple[int, int], Sequence[_From]] = {}
        self.header: Header | None = None

    # -- places and contradictions -----------------------------------------------------

    def at(self, item: _From, card: int | None = None) -> Location:
        return self.places[item.index].at(item.element, card)

    def where(self, index: int, element: object, card: int | None = None) -> Location:
        return self.places[index].at(element, card)

    def differ(self, first: Location, message: str, second: Location | None) -> None:
        self.found.append(Contradiction(first, message, second))

    def out_of_step(self, first: Location, message: str, second: Location) -> None:
        """The records no longer line up: said, and the merge stops."""
        self.differ(first, message, second)
        raise _Stop

    def keep(self, items: Sequence[_From]) -> None:
        """Remember the records an element of the merge comes from (its place is the first's)."""
        element = items[0].element
        if element.line:
            self.origin.setdefault((element.line, element.column), items)

    # -- the whole game ----------------------------------------------------------------

    def run(self) -> model.GameRecord:
        header = self._same_game()
        self.header = header
        first = self.records[0]
        try:
            tags = self._tags()
            setup = self._setup(header)
            rounds = self._rounds()
            termination = self._termination()
        except _Stop:
            raise MergeError(self.found) from None
        if self.found:
            raise MergeError(self.found)
        everyone = [_From(index, record) for index, record in enumerate(self.records)]
        merged = model.GameRecord(
            tags=tags,
            setup=setup,
            rounds=rounds,
            termination=termination,
            comments=_comments(everyone),
            source=first.source,
        )
        merged = with_result_in_step(merged)
        self._check(merged)
        return merged

    def _same_game(self) -> Header:
        headers: list[Header] = []
        for index, record in enumerate(self.records):
            try:
                headers.append(read_header(record))
            except HeaderError as error:
                self.differ(
                    self.where(index, error.tag),
                    f"cannot be merged: {error.message}",
                    None,
                )
        if self.found:
            raise MergeError(self.found)
        base = headers[0]
        for index, header in enumerate(headers[1:], start=1):
            difference = _game_difference(header, base)
            if difference is not None:
                why, name = difference
                here, there = self._tag_place(index, name), self._tag_place(0, name)
                self.differ(here, f"not the same game as {there}: {why}", there)
        if self.found:
            raise MergeError(self.found)
        return base

    def _tag_place(self, index: int, name: str) -> Location:
        """Where a record says what ``name`` is about (for the rules: its first rule tag)."""
        record = self.records[index]
        names = (name, *_RULE_TAGS) if name in _RULE_TAGS else (name,)
        for wanted in names:
            tag = record.tag(wanted)
            if tag is not None:
                return self.where(index, tag)
        return self.where(index, record.tag("Players"))

    def _check(self, merged: model.GameRecord) -> None:
        """The merge replayed: a problem of a record of its own is that record's; any other
        is a rule the records break together."""
        outcome = walk(merged)
        if outcome.valid:
            return
        for index, record in enumerate(self.records):
            alone = walk(record)
            for problem in alone.problems:
                self.differ(
                    self.where(index, problem),
                    f"this record has problems of its own: {problem.message} [{problem.code}]",
                    None,
                )
        if not self.found:
            for problem in outcome.problems:
                items = self.origin.get((problem.line, problem.column), [_From(0, problem)])
                first = items[0]
                others = [item for item in items if item.index != first.index]
                second = self.at(others[0]) if others else None
                together = "the records agree line by line, but what they know together"
                if second is not None:
                    together = f"together with what {second} says, this"
                self.differ(
                    self.at(first),
                    f"{together} breaks a rule: {problem.message} [{problem.code}]",
                    second,
                )
        raise MergeError(self.found)

    # -- tags and setup ----------------------------------------------------------------

    def _tags(self) -> tuple[model.Tag, ...]:
        def numbered(tags: Sequence[model.Tag]) -> list[tuple[object, model.Tag]]:
            count: dict[str, int] = {}
            keyed: list[tuple[object, model.Tag]] = []
            for tag in tags:
                count[tag.name] = count.get(tag.name, 0) + 1
                keyed.append(((tag.name, count[tag.name]), tag))
            return keyed

        merged = []
        for items in _keyed((i, numbered(r.tags)) for i, r in enumerate(self.records)):
            base: model.Tag = items[0].element
            if base.name == "Seat":
                continue  # one seat's record no more: the merge holds what they all saw
            self.keep(items)
            comments = list(_comments(items))
            if base.name not in _GAME_TAGS and base.name != "Result":
                for item in items[1:]:
                    if item.element.values != base.values:
                        values = " ".join(f'"{value}"' for value in item.element.values)
                        note = f"also {values} in {self.records[item.index].source}"
                        kind = model.CommentKind.LINE if "}" in note else model.CommentKind.BRACE
                        comments.append(model.Comment(note, kind))
            merged.append(attrs.evolve(base, comments=tuple(comments)))
        return tuple(merged)

    def _setup(self, header: Header) -> tuple[model.SetupLine, ...]:
        def key(line: model.SetupLine) -> tuple[object, model.SetupLine]:
            if isinstance(line, model.Deal):
                return ("deal", line.player), line
            return ("pile", line.number), line

        hand = header.ruleset.hand_size
        pile = pile_size(len(header.players), hand)
        merged: list[model.SetupLine] = []
        for items in _keyed((i, map(key, r.setup)) for i, r in enumerate(self.records)):
            base = items[0].element
            self.keep(items)
            if isinstance(base, model.Deal):
                cards = self._hand(items, hand, f"{base.player}'s hand at the deal")
            else:
                cards = self._in_order(items, pile, f"pile {base.number} at the deal")
            merged.append(attrs.evolve(base, cards=cards, comments=_comments(items)))
        return tuple(merged)

    def _hand(self, items: Sequence[_From], size: int, what: str) -> tuple[AnyCard, ...]:
        """Cards in any order (a hand, a play): matched as well as they fit, up to ``size``."""
        first = items[0]
        slots: list[AnyCard] = list(first.element.cards)
        owners: list[tuple[_From, int]] = [(first, k) for k in range(len(slots))]
        for item in items[1:]:
            cards = item.element.cards
            fitted = _fit(slots, cards)
            placed = set(fitted.values())
            extra = [k for k in range(len(cards)) if k not in fitted]
            for k, s in fitted.items():
                finer = refine(slots[s], cards[k])
                assert finer is not None
                if finer != slots[s]:
                    owners[s] = (item, k)
                slots[s] = finer
            if len(slots) + len(extra) > size:
                self._no_room(item, cards[extra[0]], extra[0], slots, owners, placed, what)
                continue
            for k in extra:
                slots.append(cards[k])
                owners.append((item, k))
        return tuple(slots)

    def _no_room(
        self,
        item: _From,
        card: AnyCard,
        k: int,
        slots: Sequence[AnyCard],
        owners: Sequence[tuple[_From, int]],
        placed: set[int],
        what: str,
    ) -> None:
        """A card that fits no card of a full hand (or play): said against a card of its
        colour the other record gives and this one does not, or against the whole hand."""
        alike = [s for s in range(len(slots)) if s not in placed and slots[s].colour is card.colour]
        if alike:
            owner, number = owners[alike[0]]
            there = self.at(owner, number)
            message = f"{card} here, but {there} has {slots[alike[0]]}: {what}"
        else:
            first = owners[0][0] if owners else item
            there = self.at(first)
            shown = " ".join(str(card) for card in first.element.cards)
            message = f"{card} here does not fit {what}, which {there} gives as {shown}"
        self.differ(self.at(item, k), message, there)

    def _in_order(self, items: Sequence[_From], size: int, what: str) -> tuple[AnyCard, ...]:
        """Cards in order (a pile, top first), matched card by card."""
        first = items[0]
        cards: list[AnyCard] = list(first.element.cards)
        owners: list[tuple[_From, int]] = [(first, k) for k in range(len(cards))]
        for item in items[1:]:
            for k, card in enumerate(item.element.cards):
                if k >= len(cards):
                    if k < size:
                        cards.append(card)
                        owners.append((item, k))
                    continue
                finer = refine(cards[k], card)
                if finer is None:
                    owner, number = owners[k]
                    there = self.at(owner, number)
                    self.differ(
                        self.at(item, k),
                        f"{card} here, but {there} has {cards[k]}: card {k + 1} of {what}",
                        there,
                    )
                    continue
                if finer != cards[k]:
                    owners[k] = (item, k)
                cards[k] = finer
        return tuple(cards)

    def _seen(
        self, items: Sequence[_From], what: str, card_of: Callable[[Any], AnyCard | None]
    ) -> AnyCard | None:
        """What the records note of one drawn card (None: nothing)."""
        best: AnyCard | None = None
        owner: _From | None = None
        for item in items:
            card = card_of(item.element)
            if card is None:
                continue
            if best is None or owner is None:
                best, owner = card, item
                continue
            finer = refine(best, card)
            if finer is None:
                there = self.at(owner, 0)
                self.differ(self.at(item, 0), f"{card} here, but {there} has {best}: {what}", there)
                continue
            if finer != best:
                owner = item
            best = finer
        return best

    # -- rounds --------------------------------------------------------------------------

    def _rounds(self) -> list[model.Round]:
        everyone = [_From(index, record) for index, record in enumerate(self.records)]
        longest = max(len(record.rounds) for record in self.records)
        merged = []
        for k, items in enumerate(_columns(everyone, lambda record: record.rounds, longest)):
            for index, record in enumerate(self.records):
                if len(record.rounds) == k and record.termination.finished:
                    there = self.at(items[0])
                    self.out_of_step(
                        self.where(index, record.termination),
                        f"the game ends here after round {k}, but {there} goes on with round "
                        f"{items[0].element.number}",
                        there,
                    )
            merged.append(self._round(items))
        return merged

    def _last(self, item: _From) -> bool:
        """Whether the element is its record's last round."""
        rounds = self.records[item.index].rounds
        return bool(rounds) and rounds[-1] is item.element

    def _aligned(
        self,
        items: Sequence[_From],
        part: Callable[[Any], Sequence[Any]],
        may_stop: Callable[[_From], bool],
        what: str,
    ) -> list[list[_From]]:
        """The elements of a list each item holds (a round's actions, a fight's draws), place
        by place across the items whose list reaches that far.  Lists of different lengths
        are one record stopping early (``may_stop``), or out of step."""
        longest = max(items, key=lambda item: len(part(item.element)))
        size = len(part(longest.element))
        for item in items:
            if len(part(item.element)) != size and not may_stop(item):
                there = self.at(longest)
                self.out_of_step(
                    self.at(item),
                    f"{what} {len(part(item.element))} here, but {size} in {there}",
                    there,
                )
        return _columns(items, part, size)

    def _round(self, items: list[_From]) -> model.Round:
        base: model.Round = items[0].element
        self.keep(items)
        number = base.number
        for item in items[1:]:
            if item.element.number != number:
                self.out_of_step(
                    self.at(item),
                    f"this is round {item.element.number} here, but round {number} in "
                    f"{self.at(items[0])}",
                    self.at(items[0]),
                )
        actions = [
            self._action(column, number)
            for column in self._aligned(
                items,
                lambda written: written.actions,
                lambda item: self._last(item) and not item.element.battles,
                f"round {number} has plays and passes:",
            )
        ]
        battles = [
            self._battle(column, number)
            for column in self._aligned(
                items, lambda written: written.battles, self._last, f"round {number} has fights:"
            )
        ]
        return attrs.evolve(base, actions=actions, battles=battles, comments=_comments(items))

    def _action(self, items: list[_From], number: int) -> model.Play | model.Pass:
        base: model.Play | model.Pass = items[0].element
        self.keep(items)
        for item in items[1:]:
            other = item.element
            if other.player != base.player or type(other) is not type(base):
                there = self.at(items[0])
                self.out_of_step(
                    self.at(item),
                    f"the records differ in the order of actions in round {number}: "
                    f"{_doing(other)} here, but {_doing(base)} in {there}",
                    there,
                )
        if isinstance(base, model.Play):
            for item in items[1:]:
                if len(item.element.cards) != len(base.cards):
                    there = self.at(items[0])
                    self.differ(
                        self.at(item),
                        f"{base.player} plays {len(item.element.cards)} cards here, but "
                        f"{len(base.cards)} in {there} (round {number})",
                        there,
                    )
                    return base
            cards = self._hand(items, len(base.cards), f"{base.player}'s play in round {number}")
            return _annotated(attrs.evolve(base, cards=cards), items)
        for item in items[1:]:
            if item.element.piles != base.piles:
                there = self.at(items[0])
                piles = " ".join(map(str, item.element.piles)) or "nothing"
                self.differ(
                    self.at(item),
                    f"{base.player} passes drawing {piles} here, but "
                    f"{' '.join(map(str, base.piles)) or 'nothing'} in {there} (round {number})",
                    there,
                )
                return base
        draws = []
        for k, draw in enumerate(base.draws):
            drawn = [_From(item.index, item.element.draws[k]) for item in items]
            seen = self._seen(
                drawn,
                f"the card {base.player} drew from pile {draw.pile} in round {number}",
                lambda element: element.seen,
            )
            draws.append(attrs.evolve(draw, seen=seen))
        return _annotated(attrs.evolve(base, draws=tuple(draws)), items)

    def _battle(self, items: list[_From], number: int) -> model.Battle:
        base: model.Battle = items[0].element
        self.keep(items)
        for item in items[1:]:
            if item.element.colour is not base.colour:
                there = self.at(items[0])
                self.out_of_step(
                    self.at(item),
                    f"the fights of round {number} are in another order: "
                    f"{item.element.colour.value} here, but {base.colour.value} in {there}",
                    there,
                )
        winners = base.winners
        for item in items[1:]:
            mine = item.element.winners
            if mine is None:
                continue
            if winners is not None and mine != winners:
                there = self.at(items[0])
                self.differ(
                    self.at(item),
                    f"the {base.colour.name.lower()} fights of round {number} are won by "
                    f"{_names(mine)} here, but by {_names(winners)} in {there}",
                    there,
                )
            winners = winners or mine
        draws = [
            self._draw(drawn, base, number)
            for drawn in self._aligned(
                items,
                lambda battle: battle.draws,
                self._last_battle,
                f"the {base.colour.name.lower()} fights of round {number} have replacement draws:",
            )
        ]
        return _annotated(attrs.evolve(base, winners=winners, draws=tuple(draws)), items)

    def _last_battle(self, item: _From) -> bool:
        rounds = self.records[item.index].rounds
        return bool(rounds and rounds[-1].battles) and rounds[-1].battles[-1] is item.element

    def _draw(self, items: list[_From], battle: model.Battle, number: int) -> model.Draw:
        base: model.Draw = items[0].element
        self.keep(items)
        fight = f"the {battle.colour.name.lower()} fight of round {number}"
        for item in items[1:]:
            other = item.element
            if other.player != base.player:
                there = self.at(items[0])
                self.out_of_step(
                    self.at(item),
                    f"the replacement draws after {fight} are in another order: {other.player} "
                    f"draws here, but {base.player} in {there}",
                    there,
                )
            if other.pile != base.pile:
                there = self.at(items[0])
                self.differ(
                    self.at(item),
                    f"{base.player} {_pile(other.pile)} here, but {_pile(base.pile)} in {there} "
                    f"(after {fight})",
                    there,
                )
                return base
        seen = self._seen(
            items,
            f"the card {base.player} drew from pile {base.pile} after {fight}",
            lambda element: element.seen,
        )
        return _annotated(attrs.evolve(base, seen=seen), items)

    def _termination(self) -> model.Termination:
        items = [_From(i, record.termination) for i, record in enumerate(self.records)]
        base: model.Termination = items[0].element
        self.keep(items)
        finished = any(item.element.finished for item in items)
        scores: list[model.Score] = []
        for group in _keyed(
            (item.index, ((score.player, score) for score in item.element.scores)) for item in items
        ):
            first = group[0].element
            for item in group[1:]:
                if item.element.points != first.points:
                    there = self.at(group[0])
                    self.differ(
                        self.at(item),
                        f"{first.player} scores {item.element.points} here, but "
                        f"{first.points} in {there}",
                        there,
                    )
            scores.append(first)
        return attrs.evolve(
            base, finished=finished, scores=tuple(scores), comments=_comments(items)
        )


def _game_difference(mine: Header, theirs: Header) -> tuple[str, str] | None:
    """How two headers tell different games apart (and the tag that says it), or None."""
    if mine.players != theirs.players:
        here, there = ", ".join(mine.players), ", ".join(theirs.players)
        return f"the players are {here} here, but {there} there", "Players"
    if mine.start != theirs.start:
        here, there = mine.players[mine.start], theirs.players[theirs.start]
        return f"{here} starts here, but {there} there", "Start"
    a, b = mine.ruleset, theirs.ruleset
    if a.zero_pair_multiplier != b.zero_pair_multiplier:
        return (
            f"both 0s of a colour multiply its amulets by {a.zero_pair_multiplier} here, but by "
            f"{b.zero_pair_multiplier} there",
            "Ruleset",
        )
    if a.won_cards_face_up != b.won_cards_face_up:
        up = ("face up", "face down") if a.won_cards_face_up else ("face down", "face up")
        return f"won cards lie {up[0]} here, but {up[1]} there", "WonCardsFaceUp"
    if a.start_player_must_play != b.start_player_must_play:
        may = ("must play", "may pass") if a.start_player_must_play else ("may pass", "must play")
        return f"the start player {may[0]} here, but {may[1]} there", "StartMustPlay"
    if a != b:
        return "the rules differ", "Ruleset"
    if mine.seed is not None and theirs.seed is not None and mine.seed != theirs.seed:
        return f'the seed is "{mine.seed}" here, but "{theirs.seed}" there', "Seed"
    return None


def _doing(action: model.Play | model.Pass) -> str:
    return f"{action.player} {'plays' if isinstance(action, model.Play) else 'passes'}"


def _names(winners: Sequence[str | None]) -> str:
    return ", then ".join(name if name is not None else "nobody" for name in winners)


def _pile(pile: int | None) -> str:
    return "forgot to draw" if pile is None else f"draws from pile {pile}"
