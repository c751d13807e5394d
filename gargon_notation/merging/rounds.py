"""The rounds and the termination of records of one game, put together.

Rounds, actions, fights and replacement draws are matched in order, place by place
(:func:`merge_rounds`): the records must agree on who acts, in which order the fights come
and who draws after them.  A record may stop earlier than another, in its last round (an
unfinished ``*`` record): the longer one goes on.  Otherwise the records are out of step:
that is said, and nothing after it is compared.  The cards of a play or a draw are put
together by :mod:`gargon_notation.merging.cards`; an element of the merge keeps the comments
of every record, the first glyph and every numeric annotation.  The termination
(:func:`merge_termination`) ends the game when any record ends it, with the scores of every
record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from gargon_notation.merging.cards import in_any_order, seen_card
from gargon_notation.merging.state import From, Merge, comments, keyed
from gargon_notation.notation import model

__all__ = ["merge_rounds", "merge_termination"]

E = TypeVar("E")


def _columns(
    items: Sequence[From], part: Callable[[Any], Sequence[Any]], size: int
) -> list[list[From]]:
    """The elements of a list each item holds (its rounds, a round's actions, ...), place by
    place up to ``size``: at each, those of the items whose list reaches that far."""
    return [
        [From(item.index, part(item.element)[k]) for item in items if len(part(item.element)) > k]
        for k in range(size)
    ]


def _annotated(element: E, items: Sequence[From]) -> E:
    """``element`` with the comments of every item, the first glyph and every NAG."""
    changes: dict[str, Any] = {"comments": comments(items)}
    if hasattr(element, "glyph"):
        glyphs = [item.element.glyph for item in items if item.element.glyph is not None]
        changes["glyph"] = glyphs[0] if glyphs else None
        nags: list[int] = []
        for item in items:
            nags += [nag for nag in item.element.nags if nag not in nags]
        changes["nags"] = tuple(nags)
    return attrs.evolve(element, **changes)  # type: ignore[misc]


def merge_rounds(merge: Merge) -> list[model.Round]:
    """The records' rounds put together, as many as the longest record has.

    Raises :class:`~gargon_notation.merging.state.Stop` when the records are out of step
    (a record ends the game where another goes on, or rounds, actions, fights or draws do
    not line up), said in ``merge.found``."""
    everyone = [From(index, record) for index, record in enumerate(merge.records)]
    longest = max(len(record.rounds) for record in merge.records)
    merged = []
    for k, items in enumerate(_columns(everyone, lambda record: record.rounds, longest)):
        for index, record in enumerate(merge.records):
            if len(record.rounds) == k and record.termination.finished:
                there = merge.at(items[0])
                merge.out_of_step(
                    merge.where(index, record.termination),
                    f"the game ends here after round {k}, but {there} goes on with round "
                    f"{items[0].element.number}",
                    there,
                )
        merged.append(_round(merge, items))
    return merged


def _last(merge: Merge, item: From) -> bool:
    """Whether the element is its record's last round."""
    rounds = merge.records[item.index].rounds
    return bool(rounds) and rounds[-1] is item.element


def _aligned(
    merge: Merge,
    items: Sequence[From],
    part: Callable[[Any], Sequence[Any]],
    may_stop: Callable[[From], bool],
    what: str,
) -> list[list[From]]:
    """The elements of a list each item holds (a round's actions, a fight's draws), place
    by place across the items whose list reaches that far.  Lists of different lengths
    are one record stopping early (``may_stop``), or out of step."""
    longest = max(items, key=lambda item: len(part(item.element)))
    size = len(part(longest.element))
    for item in items:
        if len(part(item.element)) != size and not may_stop(item):
            there = merge.at(longest)
            merge.out_of_step(
                merge.at(item),
                f"{what} {len(part(item.element))} here, but {size} in {there}",
                there,
            )
    return _columns(items, part, size)


def _round(merge: Merge, items: list[From]) -> model.Round:
    base: model.Round = items[0].element
    merge.keep(items)
    number = base.number
    for item in items[1:]:
        if item.element.number != number:
            merge.out_of_step(
                merge.at(item),
                f"this is round {item.element.number} here, but round {number} in "
                f"{merge.at(items[0])}",
                merge.at(items[0]),
            )
    actions = [
        _action(merge, column, number)
        for column in _aligned(
            merge,
            items,
            lambda written: written.actions,
            lambda item: _last(merge, item) and not item.element.battles,
            f"round {number} has plays and passes:",
        )
    ]
    battles = [
        _battle(merge, column, number)
        for column in _aligned(
            merge,
            items,
            lambda written: written.battles,
            lambda item: _last(merge, item),
            f"round {number} has fights:",
        )
    ]
    return attrs.evolve(base, actions=actions, battles=battles, comments=comments(items))


def _action(merge: Merge, items: list[From], number: int) -> model.Play | model.Pass:
    base: model.Play | model.Pass = items[0].element
    merge.keep(items)
    for item in items[1:]:
        other = item.element
        if other.player != base.player or type(other) is not type(base):
            there = merge.at(items[0])
            merge.out_of_step(
                merge.at(item),
                f"the records differ in the order of actions in round {number}: "
                f"{_doing(other)} here, but {_doing(base)} in {there}",
                there,
            )
    if isinstance(base, model.Play):
        for item in items[1:]:
            if len(item.element.cards) != len(base.cards):
                there = merge.at(items[0])
                merge.differ(
                    merge.at(item),
                    f"{base.player} plays {len(item.element.cards)} cards here, but "
                    f"{len(base.cards)} in {there} (round {number})",
                    there,
                )
                return base
        cards = in_any_order(
            merge, items, len(base.cards), f"{base.player}'s play in round {number}"
        )
        return _annotated(attrs.evolve(base, cards=cards), items)
    for item in items[1:]:
        if item.element.piles != base.piles:
            there = merge.at(items[0])
            piles = " ".join(map(str, item.element.piles)) or "nothing"
            merge.differ(
                merge.at(item),
                f"{base.player} passes drawing {piles} here, but "
                f"{' '.join(map(str, base.piles)) or 'nothing'} in {there} (round {number})",
                there,
            )
            return base
    draws = []
    for k, draw in enumerate(base.draws):
        drawn = [From(item.index, item.element.draws[k]) for item in items]
        seen = seen_card(
            merge,
            drawn,
            f"the card {base.player} drew from pile {draw.pile} in round {number}",
            lambda element: element.seen,
        )
        draws.append(attrs.evolve(draw, seen=seen))
    return _annotated(attrs.evolve(base, draws=tuple(draws)), items)


def _battle(merge: Merge, items: list[From], number: int) -> model.Battle:
    base: model.Battle = items[0].element
    merge.keep(items)
    for item in items[1:]:
        if item.element.colour is not base.colour:
            there = merge.at(items[0])
            merge.out_of_step(
                merge.at(item),
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
            there = merge.at(items[0])
            merge.differ(
                merge.at(item),
                f"the {base.colour.name.lower()} fights of round {number} are won by "
                f"{_names(mine)} here, but by {_names(winners)} in {there}",
                there,
            )
        winners = winners or mine
    draws = [
        _draw(merge, drawn, base, number)
        for drawn in _aligned(
            merge,
            items,
            lambda battle: battle.draws,
            lambda item: _last_battle(merge, item),
            f"the {base.colour.name.lower()} fights of round {number} have replacement draws:",
        )
    ]
    return _annotated(attrs.evolve(base, winners=winners, draws=tuple(draws)), items)


def _last_battle(merge: Merge, item: From) -> bool:
    rounds = merge.records[item.index].rounds
    return bool(rounds and rounds[-1].battles) and rounds[-1].battles[-1] is item.element


def _draw(merge: Merge, items: list[From], battle: model.Battle, number: int) -> model.Draw:
    base: model.Draw = items[0].element
    merge.keep(items)
    fight = f"the {battle.colour.name.lower()} fight of round {number}"
    for item in items[1:]:
        other = item.element
        if other.player != base.player:
            there = merge.at(items[0])
            merge.out_of_step(
                merge.at(item),
                f"the replacement draws after {fight} are in another order: {other.player} "
                f"draws here, but {base.player} in {there}",
                there,
            )
        if other.pile != base.pile:
            there = merge.at(items[0])
            merge.differ(
                merge.at(item),
                f"{base.player} {_pile(other.pile)} here, but {_pile(base.pile)} in {there} "
                f"(after {fight})",
                there,
            )
            return base
    seen = seen_card(
        merge,
        items,
        f"the card {base.player} drew from pile {base.pile} after {fight}",
        lambda element: element.seen,
    )
    return _annotated(attrs.evolve(base, seen=seen), items)


def merge_termination(merge: Merge) -> model.Termination:
    """The records' terminations put together: the game ends if any record ends it, with
    the scores every record gives (one that differs is a contradiction)."""
    items = [From(i, record.termination) for i, record in enumerate(merge.records)]
    base: model.Termination = items[0].element
    merge.keep(items)
    finished = any(item.element.finished for item in items)
    scores: list[model.Score] = []
    for group in keyed(
        (item.index, ((score.player, score) for score in item.element.scores)) for item in items
    ):
        first = group[0].element
        for item in group[1:]:
            if item.element.points != first.points:
                there = merge.at(group[0])
                merge.differ(
                    merge.at(item),
                    f"{first.player} scores {item.element.points} here, but "
                    f"{first.points} in {there}",
                    there,
                )
        scores.append(first)
    return attrs.evolve(base, finished=finished, scores=tuple(scores), comments=comments(items))


def _doing(action: model.Play | model.Pass) -> str:
    return f"{action.player} {'plays' if isinstance(action, model.Play) else 'passes'}"


def _names(winners: Sequence[str | None]) -> str:
    return ", then ".join(name if name is not None else "nobody" for name in winners)


def _pile(pile: int | None) -> str:
    return "forgot to draw" if pile is None else f"draws from pile {pile}"
