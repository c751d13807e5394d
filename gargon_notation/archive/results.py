"""The results of an archive's games, for the verbs that rank players (``gargon standings``,
``gargon ratings``): each game read, replayed once, and reduced to a :class:`GameResult`, a
small value that holds no record.

Each game is read (only its tags first when a :class:`~gargon_notation.archive.query.Query`
on tags chooses the games, so that a game left out is never parsed), replayed once
(:func:`~gargon_notation.replay.walk`, lenient, no visitor: the fast path of ``validate``),
and its final totals read from the engine's :class:`~gargon_notation.engine.Score`.  Only a
valid, finished game has a result; any other is a :class:`Skipped` saying why.

Terms:

- a game's **places** come from its final totals: a player's place is 1 plus the number of
  players with a higher total, so that equal totals share a place (a shared win is a shared
  first place);
- its **deal** (:class:`DealKey`) is what a duplicate tournament compares tables by: the
  cards of every hand, the start seat and the rules, known only when every hand is (dealt
  from a ``Seed``, written out in full, or the merge of every seat's record); the piles,
  where known, must not contradict (see
  :class:`~gargon_notation.archive.duplicate_results.DuplicateCollector`).

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> result = result_of(record_from_simulation(simulate(3, "f3.8")), "sim.ggn:1")
>>> result.names, result.totals, result.places, result.winners
(('Adam', 'Bernd', 'Collette'), (62, 56, 31), (1, 2, 3), (0,))
>>> result.deal.label, result.event, result.round, result.date
('f3.8', None, None, None)
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

import attrs

from gargon_notation.archive.duplicates import (
    Once,
    View,
    Viewed,
    Views,
    decisions_of,
    identity,
    occasion_of,
    seeded_deal,
    view_of,
)
from gargon_notation.archive.games import ArchiveGame
from gargon_notation.archive.query import Query, Reading
from gargon_notation.archive.select import date_warnings
from gargon_notation.cards import Card, sort_cards
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord, tags
from gargon_notation.replay.problems import Problem
from gargon_notation.replay.walker import Outcome, walk

__all__ = [
    "DealKey",
    "GameResult",
    "SkipReason",
    "Skipped",
    "places_of",
    "read_results",
    "result_of",
]

SkipReason = Literal["unreadable", "invalid", "unfinished", "left-out", "copy", "view"]


def places_of(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's place: 1 plus the number of seats with a higher total.

    >>> places_of((41, 52, 41, 17))
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(other > total for other in totals) for total in totals)


@attrs.frozen
class DealKey:
    """A deal as a duplicate tournament compares it: ``digest`` (16 bytes, equal for the same
    cards in every hand, in any order, the same start seat and rules) and ``label``, what to
    call it (the ``Seed``, or ``deal`` and the digest's first 8 hex digits for a deal without
    a seed)."""

    digest: bytes = attrs.field(repr=False)
    label: str


@attrs.frozen
class GameResult:
    """One valid, finished game: ``where`` it is (``FILE:LINE``), its ``Event``, ``Round`` and
    ``Date`` tags (None when absent, and for a ``Date`` that is not one), the players in seat
    order and their final totals, its deal (None when a hand is not wholly known), and the
    ``warnings`` ``gargon validate`` gives of its tags (a ``Date`` that is not one: the game
    is taken as undated); its ``view``
    (:class:`~gargon_notation.archive.duplicates.View`) tells it from other records of the
    same game."""

    where: str
    event: str | None
    round: str | None
    date: str | None
    names: tuple[str, ...]
    totals: tuple[int, ...]
    deal: DealKey | None = None
    warnings: tuple[Problem, ...] = ()
    view: View | None = attrs.field(default=None, eq=False, repr=False)
    table: str | None = None
    """Its ``Table`` tag: the table of its round (``B3``), None when absent or empty."""

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place (see :func:`places_of`)."""
        return places_of(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (several: a shared win)."""
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)


@attrs.frozen
class Skipped:
    """A game without a result: ``where`` it is and why (``unreadable``, ``invalid``: the
    first ``problem`` and how many ``more``; ``unfinished``: valid but not over;
    ``left-out``: a query left it out, read no further than its tags; ``copy``: the same
    game as the one at ``of``, read before, so not counted again, and not replayed;
    ``view``: another record of the game counted from the record at ``of``, which knows
    more of its deal, or as much and was read before).  A copy's ``occasions`` are the tags
    saying where and when a game was played in which it differs from the game at ``of``
    (:attr:`~gargon_notation.archive.duplicates.Copy.occasions`); a view's, likewise.  A
    left-out game's ``event`` is its ``Event`` tag (None without one), so that the events
    read can be named.
    ``number`` is the game's in its file.  ``warnings`` are those ``gargon validate`` gives
    of a ``Date`` that is not one, for a game that a query on dates left out (it was taken
    as undated)."""

    where: str
    reason: SkipReason
    problem: NotationError | Problem | None = None
    more: int = 0
    warnings: tuple[Problem, ...] = ()
    number: int = 1
    of: str | None = None
    occasions: tuple[tuple[str, str | None, str | None], ...] = ()
    event: str | None = None


def _deal_key(outcome: Outcome) -> DealKey | None:
    deal, header = outcome.deal, outcome.header
    if deal is None or header is None:
        return None
    if not all(type(card) is Card for hand in deal.hands for card in hand):
        return None
    rows = [" ".join(map(str, sort_cards(hand))) for hand in deal.hands]  # type: ignore[arg-type]
    text = "\n".join([*rows, f"start {header.start}", repr(header.ruleset)])
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
    label = header.seed if header.seed is not None else f"deal {digest.hex()[:8]}"
    return DealKey(digest, label)


def _tag(record: GameRecord, name: str) -> str | None:
    tag = record.tag(name)
    return tag.value if tag is not None and tag.values else None


def _date(record: GameRecord, number: int) -> tuple[str | None, tuple[Problem, ...]]:
    """The game's Date, and the warnings of validate when it is not one (the game is then
    undated here)."""
    try:
        return tags.date(record), ()
    except NotationError:
        return None, date_warnings(record, number)


def result_of(
    record: GameRecord, where: str, number: int = 1, decisions: Sequence[str] | None = None
) -> GameResult | Skipped:
    """Replay ``record`` (game ``number`` of its file, for messages) and give its result, or
    why it has none (``decisions``: its :func:`~gargon_notation.archive.duplicates.decisions_of`,
    when known already)."""
    return _result(walk(record, game_number=number), where, number, decisions)


def _result(
    outcome: Outcome, where: str, number: int, decisions: Sequence[str] | None
) -> GameResult | Skipped:
    """:func:`result_of` the record that ``outcome`` replayed."""
    record = outcome.record
    game = outcome.game
    if not outcome.valid or game is None:
        first = outcome.problems[0] if outcome.problems else None
        return Skipped(where, "invalid", first, max(0, len(outcome.problems) - 1))
    if not game.is_over:
        return Skipped(where, "unfinished")
    date, warnings = _date(record, number)
    view = None
    if outcome.header is not None and outcome.deal is not None:
        view = view_of(record, outcome.header, outcome.deal, decisions)
    return GameResult(
        where,
        _tag(record, "Event"),
        _tag(record, "Round"),
        date,
        game.names,
        game.score().totals,
        _deal_key(outcome),
        warnings,
        view,
        _tag(record, "Table") or None,  # [Table ""], a blank left: no table
    )


def read_results(
    games: Iterable[ArchiveGame], query: Query | None = None
) -> Iterator[GameResult | Skipped]:
    """The result of each game of an archive in turn, or why it has none (``left-out`` for a
    game that ``query``, conditions on tags only, leaves out, read no further than its tags;
    ``copy`` for the same game as one read before: each game counts once, the first read;
    ``view`` for another record of a game counted from the record that knows the most of its
    deal, see :class:`~gargon_notation.archive.duplicates.Views`).

    Each is given in reading order, as soon as it is known: a record of a game whose deal no
    record read so far knows whole (one seat's record) might still give way to a later one,
    so it and what follows it wait until such a record comes, or the reading ends.

    Raises :class:`~gargon_notation.files.FileError` when an input cannot be read.
    """
    dated = query is not None and query.dated
    once: Once[str] = Once()  # a digest and a place a game
    views: Views[tuple[int, str]] = Views()  # records told apart by their order, then place
    waiting: deque[tuple[GameResult | Skipped, int, _Viewing | None]] = deque()
    for order, game in enumerate(games):
        item = _read(game, query, dated, once)
        viewed = None
        if isinstance(item, GameResult) and item.view is not None:
            seen = (order, item.where)
            viewed = (seen, views.add(seen, item.view))
        waiting.append((item, game.number, viewed))
        while waiting and (waiting[0][2] is None or waiting[0][2][1].final):
            yield _counted(*waiting.popleft())
    views.close()
    while waiting:
        yield _counted(*waiting.popleft())


def _read(
    game: ArchiveGame, query: Query | None, dated: bool, once: Once[str]
) -> GameResult | Skipped:
    """One game's result, or why it has none (a copy: of a game read before)."""
    try:
        if query is not None:
            header = game.header()
            if not query.matches(Reading(header)):
                warnings = date_warnings(header, game.number) if dated else ()
                event = _tag(header, "Event")
                return Skipped(game.where, "left-out", warnings=warnings, event=event)
        record = game.record()
    except NotationError as error:
        return Skipped(game.where, "unreadable", error)
    decisions = decisions_of(record)
    outcome = walk(record, game_number=game.number)
    result = _result(outcome, game.where, game.number, decisions)
    # Told apart by whether the game counts: an invalid reading of a game (a wrong
    # score after its end), read first, is no copy to hide the valid one.
    counted = b"+" if isinstance(result, GameResult) else b"-"
    digest = identity(record, decisions, seeded=seeded_deal(outcome)).digest
    copy = once.copy_of(game.where, digest + counted, occasion_of(record))
    if copy is not None:
        where, number, of = game.where, game.number, copy.of
        return Skipped(where, "copy", number=number, of=of, occasions=copy.occasions)
    return result


_Viewing = tuple[tuple[int, str], Viewed[tuple[int, str]]]
"""A record shown to :class:`Views` (its order among the games read, and where it is) and its
game."""


def _counted(
    item: GameResult | Skipped, number: int, viewed: _Viewing | None
) -> GameResult | Skipped:
    """A result, or, for a record of a game counted from another record (game ``number`` of
    its file), why it is not counted."""
    if viewed is None or isinstance(item, Skipped):
        return item
    occasion = item.view.occasion if item.view is not None else ()
    copy = Views.copy_of(*viewed, occasion)
    if copy is None:
        return item
    told = copy.occasions
    return Skipped(item.where, "view", number=number, of=copy.of[1], occasions=told)
