"""Duplicate results (``gargon standings --duplicate``): the same deal played at several tables,
each player's score compared with those of the players who held the same seat of the same
deal, so that the luck of the deal cancels out (as in duplicate bridge).

Games come as :class:`~gargon_notation.archive.results.GameResult` values.  Two games are
the same **deal** when every hand holds the same cards in the same seat, the start seat and
the rules are the same (:class:`~gargon_notation.archive.results.DealKey`: dealt from the
same ``Seed``, the same deal written out in full, or the merge of every seat's record of a
table), and the piles, where both know a card, do not contradict; a ``Seed``, when one of
them has it, names the deal.  A game whose hands are not all known (one seat's record) is
not compared, and is named (:attr:`DuplicateEvent.unknown`).  Deals are compared within an
event (its ``Event`` tag), in any round.

For each deal played at two tables or more, and each seat of it, every **result** (a player's
final total in that seat) is compared with the other results of the same seat:

- **over**: the total minus the mean of the others' totals;
- **matchpoints**: 1 for every other result it beats, ½ for every one it equals, out of the
  number of other results (kept in halves, exactly).

A player's line adds up his results: matchpoints out of comparisons, their **percentage**,
and the sum of his overs.  Players are ranked by percentage, then by the sum of overs;
players equal on both share a rank.

>>> from gargon_notation.archive.results import DealKey, GameResult
>>> deal = DealKey(b"d" * 16, "cup-1")
>>> collector = DuplicateCollector()
>>> table_1 = GameResult("a:1", None, "1", None, ("Ann", "Bob", "Cy"), (40, 30, 20), deal)
>>> table_2 = GameResult("b:1", None, "1", None, ("Dee", "Eve", "Fay"), (35, 30, 25), deal)
>>> collector.add(table_1), collector.add(table_2)
(True, True)
>>> for line in collector.results()[0].lines:
...     print(line.rank, line.player, line.percent, line.over)
1 Ann 100.0 5
1 Fay 100.0 5
3 Bob 50.0 0
3 Eve 50.0 0
5 Cy 0.0 -5
5 Dee 0.0 -5
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from gargon_notation.archive import deals
from gargon_notation.archive.results import GameResult
from gargon_notation.archive.standings import Criterion, _event_key, rank_groups, ranks

__all__ = ["DealResults", "DuplicateCollector", "DuplicateEvent", "DuplicateLine", "SeatResult"]


@attrs.frozen
class SeatResult:
    """One result of a seat of a deal: the ``player`` and his ``total`` at the table
    ``where``; ``over`` (exact) and the matchpoints (in ``halves``) out of ``compared`` other
    results."""

    player: str
    total: int
    where: str
    over: Fraction
    halves: int
    compared: int


@attrs.frozen
class DealResults:
    """A deal played at several tables: its ``label``, the tables' locations, and per seat
    (in ``Players`` order) its results, best first."""

    label: str
    tables: tuple[str, ...]
    seats: tuple[tuple[SeatResult, ...], ...]


@attrs.frozen
class DuplicateLine:
    """One player's duplicate result: ``rank`` (``shared`` or not), his ``results`` compared,
    matchpoints (in ``halves``) out of ``compared``, and the sum of his overs (exact)."""

    rank: int
    shared: bool
    player: str
    results: int
    halves: int
    compared: int
    over: Fraction

    @property
    def matchpoints(self) -> float:
        """The matchpoints."""
        return self.halves / 2

    @property
    def percent(self) -> float:
        """Matchpoints per comparison, in percent (0 without one)."""
        return 50 * self.halves / self.compared if self.compared else 0.0


@attrs.frozen
class DuplicateEvent:
    """An event's duplicate results: the deals compared (by label), the players ranked, how
    many deals were played at one table only (not compared; a deal that a game not compared
    may be of is not among them), and where the games whose deal is not known
    (``unknown``: a hand not wholly known) are."""

    event: str | None
    deals: tuple[DealResults, ...]
    lines: tuple[DuplicateLine, ...]
    single: int
    unknown: tuple[str, ...] = ()


def compare_seat(holders: list[tuple[str, int, str]]) -> list[SeatResult]:
    """The results of one seat of a deal, ``(player, total, where)`` each, compared.

    >>> [(r.player, int(r.over), r.halves) for r in compare_seat([("A", 30, "x"), ("B", 20, "y")])]
    [('A', 10, 2), ('B', -10, 0)]
    """
    compared = []
    for index, (player, total, where) in enumerate(holders):
        others = [other for number, (_, other, _) in enumerate(holders) if number != index]
        over = total - Fraction(sum(others), len(others))
        halves = sum(2 if total > other else int(total == other) for other in others)
        compared.append(SeatResult(player, total, where, over, halves, len(others)))
    return sorted(compared, key=lambda result: -result.total)


class _Deal:
    """The games of one deal: its label (a ``Seed`` when a game has one) and what they know
    of it together."""

    def __init__(self, result: GameResult, known: bytes) -> None:
        assert result.deal is not None
        self.label = result.deal.label
        self.seeded = not self.label.startswith("deal ")
        self.known = known
        self.games = [result]

    def take(self, result: GameResult, known: bytes) -> bool:
        """Add ``result`` when the piles fit (the hands are the same); whether they did."""
        if known and self.known:
            joined = deals.join(self.known, known)
            if joined is None:
                return False
            self.known = joined
        self.known = self.known or known
        self.games.append(result)
        assert result.deal is not None
        if not self.seeded and not result.deal.label.startswith("deal "):
            self.label, self.seeded = result.deal.label, True
        return True


def _known(result: GameResult) -> bytes:
    return result.view.deal if result.view is not None else b""


class _Deals:
    """The games of one event by deal, and the games whose deal is not known."""

    def __init__(self) -> None:
        self.games: dict[bytes, list[_Deal]] = {}
        self.unknown: list[GameResult] = []

    def add(self, result: GameResult) -> None:
        if result.deal is None:
            self.unknown.append(result)
            return
        known = _known(result)
        found = self.games.setdefault(result.deal.digest, [])
        if not any(deal.take(result, known) for deal in found):
            found.append(_Deal(result, known))

    def _maybe_more(self, deal: _Deal) -> bool:
        """Whether a game whose deal is not known may be of ``deal`` (its cards fit)."""
        return any(
            not known or not deal.known or deals.join(deal.known, known) is not None
            for known in map(_known, self.unknown)
        )

    def compare(self, event: str | None) -> DuplicateEvent:
        found: list[DealResults] = []
        single = 0
        for deal in (deal for same in self.games.values() for deal in same):
            games = deal.games
            if len(games) < 2:
                single += not self._maybe_more(deal)
                continue
            seats = tuple(
                tuple(compare_seat([(g.names[seat], g.totals[seat], g.where) for g in games]))
                for seat in range(len(games[0].names))
            )
            found.append(DealResults(deal.label, tuple(g.where for g in games), seats))
        found.sort(key=lambda deal: _event_key(deal.label))
        unknown = tuple(result.where for result in self.unknown)
        return DuplicateEvent(event, tuple(found), _lines(found), single, unknown)


class _Sums:
    __slots__ = ("compared", "halves", "over", "results")

    def __init__(self) -> None:
        self.results = self.halves = self.compared = 0
        self.over = Fraction(0)

    def add(self, result: SeatResult) -> None:
        self.results += 1
        self.halves += result.halves
        self.compared += result.compared
        self.over += result.over


def _lines(deals: list[DealResults]) -> tuple[DuplicateLine, ...]:
    sums: dict[str, _Sums] = {}
    for deal in deals:
        for seat in deal.seats:
            for result in seat:
                sums.setdefault(result.player, _Sums()).add(result)
    criteria: list[Criterion] = [
        lambda group: {p: Fraction(sums[p].halves, sums[p].compared or 1) for p in group},
        lambda group: {p: sums[p].over for p in group},
    ]
    lines = []
    for rank, shared, player in ranks(rank_groups(sums, criteria)):
        line = sums[player]
        lines.append(
            DuplicateLine(rank, shared, player, line.results, line.halves, line.compared, line.over)
        )
    return tuple(lines)


class DuplicateCollector:
    """Adds results one at a time (:meth:`add`; a game without a known deal is not compared,
    and named) and gives each event's duplicate results (:meth:`results`)."""

    def __init__(self) -> None:
        self.events: dict[str | None, _Deals] = {}

    def add(self, result: GameResult) -> bool:
        """Count one game; whether it can be compared (its deal is known)."""
        self.events.setdefault(result.event, _Deals()).add(result)
        return result.deal is not None

    def results(self) -> list[DuplicateEvent]:
        """Every event's duplicate results, events by name (no event last)."""
        return [self.events[event].compare(event) for event in sorted(self.events, key=_event_key)]
