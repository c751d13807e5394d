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

This module tells whether the records are of one game, puts their tags and setup together
and replays the merge; :mod:`~gargon_notation.merging.cards` puts together the cards of a
hand, a pile or a draw, :mod:`~gargon_notation.merging.rounds` the rounds and the
termination, and :mod:`~gargon_notation.merging.state` holds what a merge keeps as it goes.

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

from collections.abc import Iterable, Sequence

import attrs

from gargon_notation.arguments import record_argument, shown
from gargon_notation.engine import pile_size
from gargon_notation.errors import ArgumentError
from gargon_notation.header import Header, HeaderError, read_header
from gargon_notation.merging.cards import in_any_order, in_order
from gargon_notation.merging.rounds import merge_rounds, merge_termination
from gargon_notation.merging.state import (
    Contradiction,
    From,
    Merge,
    MergeError,
    Stop,
    comments,
    keyed,
)
from gargon_notation.notation import model
from gargon_notation.notation.writer import with_result_in_step
from gargon_notation.replay import walk
from gargon_notation.seats import Location, Places, SourceText, without_annotations

__all__ = ["Contradiction", "MergeError", "merge_records"]

_RULE_TAGS = ("Ruleset", "ZeroPair", "WonCardsFaceUp", "StartMustPlay")
_GAME_TAGS = frozenset({"Players", "Start", "Seed", "Shuffle", *_RULE_TAGS})
"""Tags that say which game a record is of (their meaning is compared, not their text)."""


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
    return _merge(Merge(clean, [Places(r.source, t) for r, t in zip(clean, texts, strict=True)]))


def _merge(merge: Merge) -> model.GameRecord:
    """The records' merge, part by part, replayed; raises :class:`MergeError` with all that
    was found."""
    header = _same_game(merge)
    first = merge.records[0]
    try:
        tags = _tags(merge)
        setup = _setup(merge, header)
        rounds = merge_rounds(merge)
        termination = merge_termination(merge)
    except Stop:
        raise MergeError(merge.found) from None
    if merge.found:
        raise MergeError(merge.found)
    everyone = [From(index, record) for index, record in enumerate(merge.records)]
    merged = model.GameRecord(
        tags=tags,
        setup=setup,
        rounds=rounds,
        termination=termination,
        comments=comments(everyone),
        source=first.source,
    )
    merged = with_result_in_step(merged)
    _check(merge, merged)
    return merged


# -- the same game -------------------------------------------------------------------------


def _same_game(merge: Merge) -> Header:
    headers: list[Header] = []
    for index, record in enumerate(merge.records):
        try:
            headers.append(read_header(record))
        except HeaderError as error:
            merge.differ(
                merge.where(index, error.tag),
                f"cannot be merged: {error.message}",
                None,
            )
    if merge.found:
        raise MergeError(merge.found)
    base = headers[0]
    for index, header in enumerate(headers[1:], start=1):
        difference = _game_difference(header, base)
        if difference is not None:
            why, name = difference
            here, there = _tag_place(merge, index, name), _tag_place(merge, 0, name)
            merge.differ(here, f"not the same game as {there}: {why}", there)
    if merge.found:
        raise MergeError(merge.found)
    return base


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


def _tag_place(merge: Merge, index: int, name: str) -> Location:
    """Where a record says what ``name`` is about (for the rules: its first rule tag)."""
    record = merge.records[index]
    names = (name, *_RULE_TAGS) if name in _RULE_TAGS else (name,)
    for wanted in names:
        tag = record.tag(wanted)
        if tag is not None:
            return merge.where(index, tag)
    return merge.where(index, record.tag("Players"))


# -- the merge replayed --------------------------------------------------------------------


def _check(merge: Merge, merged: model.GameRecord) -> None:
    """The merge replayed: a problem of a record of its own is that record's; any other is
    a rule the records break together."""
    outcome = walk(merged)
    if outcome.valid:
        return
    for index, record in enumerate(merge.records):
        alone = walk(record)
        for problem in alone.problems:
            merge.differ(
                merge.where(index, problem),
                f"this record has problems of its own: {problem.message} [{problem.code}]",
                None,
            )
    if not merge.found:
        for problem in outcome.problems:
            items = merge.origin.get((problem.line, problem.column), [From(0, problem)])
            first = items[0]
            others = [item for item in items if item.index != first.index]
            second = merge.at(others[0]) if others else None
            together = "the records agree line by line, but what they know together"
            if second is not None:
                together = f"together with what {second} says, this"
            merge.differ(
                merge.at(first),
                f"{together} breaks a rule: {problem.message} [{problem.code}]",
                second,
            )
    raise MergeError(merge.found)


# -- tags and setup ------------------------------------------------------------------------


def _tags(merge: Merge) -> tuple[model.Tag, ...]:
    def numbered(tags: Sequence[model.Tag]) -> list[tuple[object, model.Tag]]:
        count: dict[str, int] = {}
        pairs: list[tuple[object, model.Tag]] = []
        for tag in tags:
            count[tag.name] = count.get(tag.name, 0) + 1
            pairs.append(((tag.name, count[tag.name]), tag))
        return pairs

    merged = []
    for items in keyed((i, numbered(r.tags)) for i, r in enumerate(merge.records)):
        base: model.Tag = items[0].element
        if base.name == "Seat":
            continue  # one seat's record no more: the merge holds what they all saw
        merge.keep(items)
        notes = list(comments(items))
        if base.name not in _GAME_TAGS and base.name != "Result":
            for item in items[1:]:
                if item.element.values != base.values:
                    values = " ".join(f'"{value}"' for value in item.element.values)
                    note = f"also {values} in {merge.records[item.index].source}"
                    kind = model.CommentKind.LINE if "}" in note else model.CommentKind.BRACE
                    notes.append(model.Comment(note, kind))
        merged.append(attrs.evolve(base, comments=tuple(notes)))
    return tuple(merged)


def _setup(merge: Merge, header: Header) -> tuple[model.SetupLine, ...]:
    def key(line: model.SetupLine) -> tuple[object, model.SetupLine]:
        if isinstance(line, model.Deal):
            return ("deal", line.player), line
        return ("pile", line.number), line

    hand = header.ruleset.hand_size
    pile = pile_size(len(header.players), hand)
    merged: list[model.SetupLine] = []
    for items in keyed((i, map(key, r.setup)) for i, r in enumerate(merge.records)):
        base = items[0].element
        merge.keep(items)
        if isinstance(base, model.Deal):
            cards = in_any_order(merge, items, hand, f"{base.player}'s hand at the deal")
        else:
            cards = in_order(merge, items, pile, f"pile {base.number} at the deal")
        merged.append(attrs.evolve(base, cards=cards, comments=comments(items)))
    return tuple(merged)
