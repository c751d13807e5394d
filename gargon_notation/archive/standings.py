"""The standings of a tournament (``gargon standings``): per event, a crosstable of the players
by round, with points, wins, shared wins, ranks and tie-breaks.

Games come as :class:`~gargon_notation.archive.results.GameResult` values (each game
replayed once, elsewhere).  A game belongs to its ``Event`` tag's event and to a **round**:
its ``Round`` tag (the tournament round, as in PGN), or its ``Date`` when it has no
``Round`` tag (a club's season of evenings), or ``?`` when it has neither.

Terms:

- **points**: in each game a player scores 1 point for every opponent at the table whose
  final total is lower than his and ½ for every opponent whose total equals his (the game is
  scored as a round robin of the table).  At a table of n players the sole winner gets
  n - 1 points and the last 0; every game hands out n(n - 1)/2 points.  Points are kept in
  halves (:attr:`Standing.halves`), exactly;
- **wins**: games won, alone or shared; **shared wins**: those shared;
- **score**: the sum of the player's final totals;
- **direct encounter**: among players tied on points, the points each scored against the
  others of the tie in the games where they met (a game counts the pairs of its table); it
  applies only when every two of them have met (as FIDE's rule for direct encounter).

Ranking (:data:`TIE_BREAKS`, in order): points; then, among players still tied, direct
encounter; then wins; then score.  Each tie-break is applied to the players still tied after
the one before (direct encounter is computed within that group).  Players tied after every
tie-break share a rank (``2=``), and the next rank skips as many places.

>>> from gargon_notation.archive.results import GameResult
>>> collector = StandingsCollector()
>>> collector.add(GameResult("a:1", "Cup", "1", None, ("Ann", "Bob", "Cy"), (40, 30, 30)))
>>> collector.add(GameResult("a:9", "Cup", "2", None, ("Ann", "Bob", "Cy"), (10, 30, 20)))
>>> [(s.rank, s.shared, s.player, s.points) for s in collector.standings()[0].standings]
[(1, False, 'Bob', 2.5), (2, False, 'Ann', 2.0), (3, False, 'Cy', 1.5)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction

import attrs

from gargon_notation.archive.results import GameResult
from gargon_notation.archive.stats import natural_key
from gargon_notation.slips import near_pairs

__all__ = [
    "TIE_BREAKS",
    "Cell",
    "Criterion",
    "EventStandings",
    "Standing",
    "StandingsCollector",
    "Table",
    "game_halves",
    "points_text",
    "rank_groups",
    "ranks",
    "round_of",
]

TIE_BREAKS: tuple[str, ...] = ("points", "direct-encounter", "wins", "score")
"""The order in which players are ranked (see the module's docstring)."""


def points_text(halves: int) -> str:
    """Half points as written on a crosstable.

    >>> [points_text(h) for h in (0, 1, 2, 5, -3)]
    ['0', '½', '1', '2½', '-1½']
    """
    whole, half = divmod(abs(halves), 2)
    sign = "-" if halves < 0 else ""
    if not half:
        return f"{sign}{whole}"
    return f"{sign}{whole or ''}½"


def round_of(result: GameResult) -> str:
    """The round a game belongs to: its ``Round`` tag, else its ``Date``, else ``?``."""
    if result.round is not None:
        return result.round
    return result.date if result.date is not None else "?"


def game_halves(totals: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points in one game, in halves.

    >>> game_halves((41, 52, 41, 17))
    (3, 6, 3, 0)
    """
    return tuple(
        sum(2 if total > other else int(total == other) for other in totals) - 1 for total in totals
    )


Criterion = Callable[[list[str]], Mapping[str, Fraction | int] | None]
"""A tie-break: a value per player of a group (higher is better), or None where it does not
apply to that group."""


def rank_groups(players: Iterable[str], criteria: Sequence[Criterion]) -> list[list[str]]:
    """``players`` in groups of equals, best first: ordered by the first criterion, each group
    of equals then by the next, and so on.  A group left tied is sorted by name.

    >>> wins = {"A": 2, "B": 1, "C": 2, "D": 1}
    >>> rank_groups("ABCD", [lambda group: {p: wins[p] for p in group}])
    [['A', 'C'], ['B', 'D']]
    """
    group = list(players)
    if len(group) <= 1 or not criteria:
        return [sorted(group, key=lambda name: (name.casefold(), name))] if group else []
    values = criteria[0](group)
    if values is None:
        return rank_groups(group, criteria[1:])
    ordered: list[list[str]] = []
    for value in sorted({values[p] for p in group}, reverse=True):
        equal = [p for p in group if values[p] == value]
        ordered.extend(rank_groups(equal, criteria[1:]))
    return ordered


def ranks(groups: list[list[str]]) -> list[tuple[int, bool, str]]:
    """Each player's rank and whether it is shared, from :func:`rank_groups`.

    >>> ranks([["A"], ["B", "C"], ["D"]])
    [(1, False, 'A'), (2, True, 'B'), (2, True, 'C'), (4, False, 'D')]
    """
    ranked: list[tuple[int, bool, str]] = []
    for group in groups:
        rank = len(ranked) + 1
        ranked.extend((rank, len(group) > 1, player) for player in group)
    return ranked


@attrs.frozen
class Cell:
    """One player's round: the ``games`` he played in it, the points (in ``halves``) and the
    ``score`` (sum of totals) they gave, and his place in each game."""

    games: int
    halves: int
    score: int
    places: tuple[int, ...]

    @property
    def points(self) -> float:
        """The points (exact: halves are binary fractions)."""
        return self.halves / 2

    @property
    def text(self) -> str:
        """As a crosstable shows it: points (score), and how many games when more than one.

        >>> Cell(1, 3, 41, (2,)).text, Cell(2, 6, 90, (1, 2)).text
        ('1½ (41)', '3 (90) \u00d72')
        """
        times = f" \u00d7{self.games}" if self.games > 1 else ""
        return f"{points_text(self.halves)} ({self.score}){times}"


@attrs.frozen
class Standing:
    """One player's line: ``rank`` (``shared`` with others), points (in ``halves``), games,
    wins, shared wins, score, ``direct`` (points in halves against the players he is tied
    with on points, when direct encounter applies; else None) and a :class:`Cell` per round
    of the event (None: he did not play in it)."""

    rank: int
    shared: bool
    player: str
    halves: int
    games: int
    wins: int
    shared_wins: int
    score: int
    direct: int | None
    rounds: tuple[Cell | None, ...]

    @property
    def points(self) -> float:
        """The points."""
        return self.halves / 2


@attrs.frozen
class Table:
    """One game of a round: ``where`` it is, the players in seat order, their totals, places
    and points (in halves), and the game's ``Table`` tag (``label``: the table of the round
    it was played at, None when absent)."""

    round: str
    where: str
    names: tuple[str, ...]
    totals: tuple[int, ...]
    places: tuple[int, ...]
    halves: tuple[int, ...]
    label: str | None = None


@attrs.frozen
class EventStandings:
    """An event's crosstable: its name (None: games without an ``Event`` tag), its rounds in
    order (:func:`_round_key`), the players ranked, and its games by round (in reading order
    within a round)."""

    event: str | None
    rounds: tuple[str, ...]
    standings: tuple[Standing, ...]
    tables: tuple[Table, ...]
    untagged: tuple[Table, ...] = ()
    """The games without a ``Round`` tag of an event whose other games have one (a recording
    slip, most likely: each is in the round of its ``Date``), in reading order."""
    near_names: tuple[tuple[str, str], ...] = ()
    """Pairs of the event's players whose names are likely one name typed two ways
    (:func:`~gargon_notation.slips.near_pairs`: ``Adam`` and ``Adma``), counted apart."""


class _Player:
    __slots__ = ("cells", "games", "halves", "score", "shared_wins", "wins")

    def __init__(self) -> None:
        self.games = self.halves = self.wins = self.shared_wins = self.score = 0
        self.cells: dict[str, tuple[int, int, int, tuple[int, ...]]] = {}

    def add(self, round: str, halves: int, total: int, place: int, shared: bool) -> None:
        self.games += 1
        self.halves += halves
        self.score += total
        self.wins += place == 1
        self.shared_wins += place == 1 and shared
        games, points, score, places = self.cells.get(round, (0, 0, 0, ()))
        self.cells[round] = (games + 1, points + halves, score + total, (*places, place))


class _Event:
    def __init__(self) -> None:
        self.players: dict[str, _Player] = {}
        self.against: dict[tuple[str, str], int] = {}  # halves of the first against the second
        self.tables: list[Table] = []
        self.untagged: list[Table] = []  # the games without a Round tag
        self.tagged = False  # a game has a Round tag

    def add(self, result: GameResult) -> None:
        round = round_of(result)
        places, halves = result.places, game_halves(result.totals)
        shared = places.count(1) > 1
        names, totals = result.names, result.totals
        table = Table(round, result.where, names, totals, places, halves, result.table)
        self.tables.append(table)
        if result.round is None:
            self.untagged.append(table)
        else:
            self.tagged = True
        for seat, name in enumerate(names):
            player = self.players.get(name)
            if player is None:
                player = self.players[name] = _Player()
            player.add(round, halves[seat], totals[seat], places[seat], shared)
            for other, total in enumerate(totals):
                if other != seat:
                    pair = (name, names[other])
                    points = 2 if totals[seat] > total else int(totals[seat] == total)
                    self.against[pair] = self.against.get(pair, 0) + points

    def direct(self, group: list[str]) -> dict[str, int] | None:
        """Direct encounter within ``group``, when every two of them met."""
        against = self.against
        if any((a, b) not in against for a in group for b in group if a != b):
            return None
        return {a: sum(against[a, b] for b in group if b != a) for a in group}

    def standings(self, event: str | None) -> EventStandings:
        players = self.players
        first: dict[str, int] = {}
        for table in self.tables:
            first.setdefault(table.round, len(first))
        rounds = sorted(first, key=lambda round: _round_key(round, first[round]))
        criteria: list[Criterion] = [
            lambda group: {p: players[p].halves for p in group},
            self.direct,
            lambda group: {p: players[p].wins for p in group},
            lambda group: {p: players[p].score for p in group},
        ]
        directs: dict[str, int] = {}
        for group in rank_groups(players, criteria[:1]):
            found = self.direct(group) if len(group) > 1 else None
            directs.update(found or {})
        lines = []
        for rank, shared, name in ranks(rank_groups(players, criteria)):
            player = players[name]
            cells = tuple(
                Cell(*player.cells[round]) if round in player.cells else None for round in rounds
            )
            lines.append(
                Standing(
                    rank,
                    shared,
                    name,
                    player.halves,
                    player.games,
                    player.wins,
                    player.shared_wins,
                    player.score,
                    directs.get(name),
                    cells,
                )
            )
        order = {round: index for index, round in enumerate(rounds)}
        tables = sorted(self.tables, key=lambda table: order[table.round])
        untagged = tuple(self.untagged) if self.tagged and event is not None else ()
        near = tuple(near_pairs(players))
        return EventStandings(event, tuple(rounds), tuple(lines), tuple(tables), untagged, near)


def _round_key(round: str, first: int) -> tuple[object, ...]:
    """Where a round goes among an event's: labels that hold a number (``3``, ``3.1``,
    ``Round 10``, a date) in order, numbers by value; then those without (``Semi-final``,
    ``Final``) in the order the archive first gives them (``first``); ``?`` last.

    >>> labels = ["Semi-final", "Round 10", "Final", "?", "Round 2", "Round 1"]
    >>> sorted(labels, key=lambda label: _round_key(label, labels.index(label)))
    ['Round 1', 'Round 2', 'Round 10', 'Semi-final', 'Final', '?']
    """
    if round == "?":
        return (2, (), 0)
    if any(character.isdigit() for character in round):
        return (0, natural_key(round), 0)
    return (1, (), first)


def _event_key(event: str | None) -> tuple[object, ...]:
    return (event is None, natural_key(event or ""), event or "")


class StandingsCollector:
    """Adds results one at a time (:meth:`add`), and gives each event's standings
    (:meth:`standings`); memory holds one small line per player and game of each event, never
    a record."""

    def __init__(self) -> None:
        self.events: dict[str | None, _Event] = {}

    def add(self, result: GameResult) -> None:
        """Count one game."""
        event = self.events.get(result.event)
        if event is None:
            event = self.events[result.event] = _Event()
        event.add(result)

    def standings(self) -> list[EventStandings]:
        """Every event's standings, events by name (numbers by value, no event last)."""
        return [
            self.events[event].standings(event) for event in sorted(self.events, key=_event_key)
        ]
