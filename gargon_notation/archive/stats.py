"""Statistics of an archive (``gargon stats``): results per player, per event or per table
size, and per corpus how long games last and how they end.

Each game is replayed once (:func:`~gargon_notation.replay.walk`, lenient, no visitor: the
fast path of ``validate``); its facts are then read from the engine's own score objects
(:class:`~gargon_notation.engine.Score`) and one pass over its events, never scored again
(:func:`game_facts`).  A :class:`Collector` adds each game to running sums and gives a
:class:`Stats` value at the end; memory holds one accumulator per row (player, event or table
size), never a game.

Terms:

- a game is **counted** when it is valid (the replay finds no problem) and finished; only
  counted games enter the figures (scores, wins, bonuses, rounds...).  Every game read enters
  :attr:`Stats.endings`: ``pile`` (a draw pile ran out), ``no-cards`` (nobody held a card at
  the end of a round), ``unfinished`` (valid, not over) or ``invalid`` (a problem, or the
  game could not be read);
- a **result** is one player's part in one counted game: his final total, whether he won
  (alone or shared), the colour bonuses he won (count and points), his **zero pairs**
  (colours in which he won both 0s), his **passes** out of his **decisions** (plays and
  passes in the card play phase) and the **battles** he won (a fight, an uncontested colour
  or a last card; a clash of two 0s is won by nobody);
- a **spread** (:class:`Spread`) is count, mean, population standard deviation, min and max.
  Every figure is a whole number, so the running sums are kept exactly (Python integers:
  count, sum, sum of squares), which is what Welford's method approximates in floating
  point: no cancellation, and two collectors' sums add up.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> collector = Collector("players")
>>> for seed in ("s1", "s2", "s3"):
...     problems = collector.add_record(record_from_simulation(simulate(3, seed)))
>>> stats = collector.stats()
>>> stats.games, stats.counted, [(row.key, row.figures.games) for row in stats.rows]
(3, 3, [(3, 3)])
>>> stats.total.score.count, stats.total.wins >= 3
(9, True)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Literal

import attrs

from gargon_notation.archive.duplicates import (
    Copy,
    Occasion,
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
from gargon_notation.arguments import shown
from gargon_notation.engine import BattleResolved, Passed, PileEmptied, Played, Score
from gargon_notation.errors import ArgumentError, NotationError
from gargon_notation.notation import GameRecord
from gargon_notation.replay.problems import Problem
from gargon_notation.replay.walker import Outcome, walk

__all__ = [
    "BY",
    "ENDINGS",
    "By",
    "Collector",
    "Ending",
    "Figures",
    "GameFacts",
    "GameFigures",
    "Row",
    "Spread",
    "Stats",
    "Sums",
    "Tally",
    "archive_stats",
    "game_facts",
    "game_figures",
]

By = Literal["player", "event", "players"]
BY: tuple[By, ...] = ("player", "event", "players")
"""The groupings of ``--by``: a row per player name, per ``Event`` tag, per table size."""

Ending = Literal["pile", "no-cards", "unfinished", "invalid"]
ENDINGS: tuple[Ending, ...] = ("pile", "no-cards", "unfinished", "invalid")
"""How a game ends: a pile ran out, nobody held a card, not yet, or not validly."""


@attrs.frozen
class Spread:
    """How whole numbers spread: their count, mean, population standard deviation, min and
    max.

    >>> Sums.of([2, 4, 4, 4, 5, 5, 7, 9]).spread()
    Spread(count=8, mean=5.0, sd=2.0, low=2, high=9)
    """

    count: int
    mean: float
    sd: float
    low: int
    high: int


class Sums:
    """Running sums of whole numbers, exact (see the module's docstring); :meth:`spread`
    reads them."""

    __slots__ = ("count", "high", "low", "squares", "total")

    def __init__(self) -> None:
        self.count = 0
        self.total = 0
        self.squares = 0
        self.low = 0
        self.high = 0

    @classmethod
    def of(cls, values: Iterable[int]) -> Sums:
        """Sums of ``values`` (for examples and tests)."""
        sums = cls()
        for value in values:
            sums.add(value)
        return sums

    def add(self, value: int) -> None:
        """Count one more value."""
        if not self.count or value < self.low:
            self.low = value
        if not self.count or value > self.high:
            self.high = value
        self.count += 1
        self.total += value
        self.squares += value * value

    def spread(self) -> Spread | None:
        """The spread of the values so far; None before the first."""
        if not self.count:
            return None
        n = self.count
        variance = Fraction(n * self.squares - self.total * self.total, n * n)
        return Spread(n, self.total / n, _sqrt(variance), self.low, self.high)


def _sqrt(value: Fraction) -> float:
    """The square root of ``value`` >= 0 as the nearest float, as ``statistics.pstdev``
    gives it: the integer square root of the fraction scaled by ``4**shift``, with twice
    the 53 bits of a float, then rounded once."""
    numerator, denominator = value.numerator, value.denominator
    shift = max(0, 240 - numerator.bit_length() + denominator.bit_length()) // 2
    scaled = numerator << (2 * shift)
    root = math.isqrt(scaled // denominator)
    if root * root * denominator != scaled:
        root |= 1  # inexact: a sticky bit, so that the one rounding goes the right way
    return math.ldexp(float(root), -shift)


@attrs.frozen
class Figures:
    """The figures of one row (or of the whole corpus), over its counted games.

    ``games``: counted games; ``wins``/``shared_wins``: results that won (alone or shared) /
    that shared the win; ``shared_games``: games whose win was shared; ``score``: the final
    totals of the results; ``winning``: each game's winning total; ``bonuses`` and
    ``bonus_points``: colour bonuses won and their points; ``zero_pairs``; ``passes`` out of
    ``decisions``; ``battles_won``; ``rounds``: each game's rounds.
    """

    games: int
    wins: int
    shared_wins: int
    shared_games: int
    score: Spread | None
    winning: Spread | None
    bonuses: int
    bonus_points: int
    zero_pairs: int
    passes: int
    decisions: int
    battles_won: int
    rounds: Spread | None

    @property
    def pass_rate(self) -> float | None:
        """Passes per play-or-pass decision; None without a decision."""
        return self.passes / self.decisions if self.decisions else None


@attrs.frozen
class GameFacts:
    """What :class:`Tally` needs of one counted game, read once from one walk: the names,
    each seat's final total and the winners (from the engine's
    :class:`~gargon_notation.engine.Score`), the rounds, how it ended, and per seat the colour
    bonuses won and their points, the zero pairs, the passes, the decisions and the battles
    won."""

    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    ending: Ending
    bonuses: tuple[int, ...]
    bonus_points: tuple[int, ...]
    zero_pairs: tuple[int, ...]
    passes: tuple[int, ...]
    decisions: tuple[int, ...]
    battles_won: tuple[int, ...]


def _from_score(score: Score) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Each seat's colour bonuses, their points and its zero pairs."""
    bonuses, points, pairs = [], [], []
    for player in score.players:
        won = [colour.bonus for colour in player.colours if colour.bonus]
        bonuses.append(len(won))
        points.append(sum(won))
        pairs.append(sum(1 for colour in player.colours if colour.zeros >= 2))
    return tuple(bonuses), tuple(points), tuple(pairs)


def game_facts(outcome: Outcome) -> GameFacts | Ending:
    """The facts of a walk's game when it is counted (valid and finished), else its ending
    (``unfinished`` or ``invalid``).  One pass over the game's events of the four kinds it
    counts, built after the walk (a walk without visitors builds none step by step).

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> facts = game_facts(walk(record_from_simulation(simulate(3, "f3.8"))))
    >>> facts.names, facts.rounds, facts.ending, facts.winners, facts.totals
    (('Adam', 'Bernd', 'Collette'), 16, 'pile', (0,), (62, 56, 31))
    """
    game = outcome.game
    if not outcome.valid or game is None:
        return "invalid"
    if not game.is_over:
        return "unfinished"
    players = len(game.names)
    passes, decisions, battles = [0] * players, [0] * players, [0] * players
    ending: Ending = "no-cards"
    for event in game.events_of(Played, Passed, BattleResolved, PileEmptied):
        if isinstance(event, Played):
            decisions[event.seat] += 1
        elif isinstance(event, Passed):
            decisions[event.seat] += 1
            passes[event.seat] += 1
        elif isinstance(event, BattleResolved):
            if event.winner is not None:
                battles[event.winner] += 1
        elif isinstance(event, PileEmptied):
            ending = "pile"
    score = game.score()
    return GameFacts(
        game.names,
        score.totals,
        score.winners,
        game.round,
        ending,
        *_from_score(score),
        tuple(passes),
        tuple(decisions),
        tuple(battles),
    )


class Tally:
    """The running sums of one row: :meth:`add` a counted game with the seats that belong
    to the row (one player's, or every seat), :meth:`figures` reads them."""

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0
        self.shared_wins = 0
        self.shared_games = 0
        self.score = Sums()
        self.winning = Sums()
        self.bonuses = 0
        self.bonus_points = 0
        self.zero_pairs = 0
        self.passes = 0
        self.decisions = 0
        self.battles_won = 0
        self.rounds = Sums()

    def add(self, facts: GameFacts, seats: Iterable[int]) -> None:
        """Count a game, and the results of ``seats`` in it."""
        winners = facts.winners
        shared = len(winners) > 1
        self.games += 1
        self.shared_games += shared
        self.winning.add(facts.totals[winners[0]])
        self.rounds.add(facts.rounds)
        for seat in seats:
            self.score.add(facts.totals[seat])
            if seat in winners:
                self.wins += 1
                self.shared_wins += shared
            self.bonuses += facts.bonuses[seat]
            self.bonus_points += facts.bonus_points[seat]
            self.zero_pairs += facts.zero_pairs[seat]
            self.passes += facts.passes[seat]
            self.decisions += facts.decisions[seat]
            self.battles_won += facts.battles_won[seat]

    def figures(self) -> Figures:
        """The row's figures so far."""
        return Figures(
            self.games,
            self.wins,
            self.shared_wins,
            self.shared_games,
            self.score.spread(),
            self.winning.spread(),
            self.bonuses,
            self.bonus_points,
            self.zero_pairs,
            self.passes,
            self.decisions,
            self.battles_won,
            self.rounds.spread(),
        )


Key = str | int | None
"""A row's key: a player's name, an event (None: no Event tag) or a table size."""


@attrs.frozen
class Row:
    """One row of a grouping: its key and figures."""

    key: Key
    figures: Figures


@attrs.frozen
class Stats:
    """The statistics of an archive: ``games`` read, ``counted`` (valid and finished),
    ``endings`` (every game read, by :data:`ENDINGS`), ``lengths`` (counted games by their
    rounds, shortest first), the corpus ``total`` and the ``rows`` of the grouping ``by``
    (players: most wins first, then best mean score, then name; events by name in any case,
    numbers by value, no event last; table sizes in order).  ``copies`` counts the games
    read that were the same game as one read before, counted once (not among ``games``), and
    ``views`` the records of a game counted from another record of it (see
    :class:`~gargon_notation.archive.duplicates.Views`; not among ``games`` either)."""

    by: By
    games: int
    counted: int
    endings: Mapping[Ending, int]
    lengths: tuple[tuple[int, int], ...]
    total: Figures
    rows: tuple[Row, ...]
    copies: int = 0
    views: int = 0


@attrs.frozen
class GameFigures:
    """What :func:`game_figures` finds of a game, for :meth:`Collector.add_figures`: its
    ``facts`` (None: it cannot be read), its ``Event``, what makes it invalid (the error that
    stops its reading, or the replay's problems), the
    :attr:`~gargon_notation.archive.duplicates.Identity.digest` that tells the same game read
    again (None: it cannot be read), and, for a counted game, its
    :class:`~gargon_notation.archive.duplicates.View`, which tells other records of it; its
    :func:`~gargon_notation.archive.duplicates.occasion_of`, which a copy of it is told by."""

    facts: GameFacts | Ending | None
    event: str | None
    problems: list[NotationError] | list[Problem]
    digest: bytes | None = None
    view: View | None = None
    occasion: Occasion = ()


_Seen = tuple[int, str]
"""A record shown to :class:`Views` by a :class:`Collector`: its place in the order records
came in (two records at one location, ``game 1`` of two :meth:`Collector.add_record`, say,
are two records) and its location, for messages."""


class Collector:
    """Adds games one at a time (:meth:`add_game` for a game of an archive, or
    :meth:`add_record`, :meth:`add_figures`, :meth:`add_outcome`, :meth:`add_unreadable`)
    and gives their :class:`Stats` (``by``: one of :data:`BY`;
    :class:`~gargon_notation.errors.ArgumentError`, a :class:`ValueError`, for another).

    A game is counted once: :meth:`add_game`, :meth:`add_record` and :meth:`add_figures`
    count nothing for the same game read again (another file's copy: see
    :func:`~gargon_notation.archive.duplicates.identity`), and list it in :attr:`copies`;
    memory holds a 16-byte digest a game for that, with the game's location and tags of
    :data:`~gargon_notation.archive.duplicates.OCCASION_TAGS`.  Records of one game that
    know other parts of its deal (one seat's record, the table's) count as one game too,
    from the record that knows the most of the deal
    (:class:`~gargon_notation.archive.duplicates.Views`): such a game is counted once that
    record is known, at the latest when :meth:`stats` is asked for, and the other records
    are listed by :meth:`views`."""

    def __init__(self, by: By = "player") -> None:
        if by not in BY:
            raise ArgumentError(f"by {by!r}: choose one of {', '.join(BY)}")
        self.by: By = by
        self.games = 0
        self.endings: dict[Ending, int] = dict.fromkeys(ENDINGS, 0)
        self.lengths: dict[int, int] = {}
        self.total = Tally()
        self.rows: dict[Key, Tally] = {}
        self.copies: list[Copy[str]] = []
        """The games read again, in order, each with where it was read first (``FILE:LINE``
        of a game of an archive, ``game N`` of a record added)."""
        self._once: Once[str] = Once()
        self._views: Views[_Seen] = Views()  # records told apart by the order they came in
        self._viewed: list[tuple[_Seen, int, Viewed[_Seen], Occasion]] = []
        self._waiting: dict[int, tuple[Viewed[_Seen], GameFacts, str | None]] = {}

    def add_unreadable(self) -> None:
        """Count a game that could not be read: invalid."""
        self.games += 1
        self.endings["invalid"] += 1

    def add_outcome(self, outcome: Outcome) -> None:
        """Count a game from its walk."""
        tag = outcome.record.tag("Event")
        self.add_facts(game_facts(outcome), tag.value if tag is not None else None)

    def add_facts(self, facts: GameFacts | Ending, event: str | None) -> None:
        """Count a game from its :func:`game_facts` and its ``Event`` (None: no such tag),
        found elsewhere (a worker process of ``gargon stats --jobs``)."""
        self.games += 1
        if isinstance(facts, str):
            self.endings[facts] += 1
            return
        self.endings[facts.ending] += 1
        self.lengths[facts.rounds] = self.lengths.get(facts.rounds, 0) + 1
        seats = range(len(facts.names))
        self.total.add(facts, seats)
        if self.by == "player":
            for seat in seats:
                self._row(facts.names[seat]).add(facts, (seat,))
        elif self.by == "players":
            self._row(len(facts.names)).add(facts, seats)
        else:
            self._row(event).add(facts, seats)

    def add_record(self, record: GameRecord, number: int = 1) -> list[Problem]:
        """Replay ``record`` (game ``number`` of its file, for messages) and count it, unless
        it is a counted game (valid and finished) the same as one counted before; the
        problems the replay found (none for a valid game, or a copy)."""
        outcome = walk(record, game_number=number)
        facts = game_facts(outcome)
        tag = record.tag("Event")
        decisions = decisions_of(record)
        figures = GameFigures(
            facts,
            tag.value if tag is not None else None,
            outcome.problems,
            identity(record, decisions, seeded=seeded_deal(outcome)).digest,
            _view(outcome, facts, decisions),
            occasion_of(record),
        )
        copy = self.add_figures(str(number), figures, number)
        return outcome.problems if copy is None else []

    def add_game(self, game: ArchiveGame) -> list[NotationError] | list[Problem]:
        """Read, replay and count a game of an archive, unless it is the same game as one
        added before; what makes it invalid (the error that stops its reading, or the
        replay's problems; none for a valid game, or a copy)."""
        figures = game_figures(game)
        copy = self.add_figures(game.where, figures, game.number)
        return figures.problems if copy is None else []

    def add_figures(self, where: str, figures: GameFigures, number: int = 1) -> Copy[str] | None:
        """Count a game (``where`` it is, ``FILE:LINE``; game ``number`` of its file) from
        its :func:`game_figures`, found elsewhere (a worker process of ``gargon stats
        --jobs``); or, for the same game as one added before, count nothing and give the
        :class:`Copy` (listed in :attr:`copies`).  A record of a game counted from another
        record (:meth:`views`) is no copy here."""
        if figures.digest is not None:
            digest = _counted_apart(figures.digest, figures.facts)
            copy = self._copy(where, digest, figures.occasion)
            if copy is not None:
                return copy
        if figures.facts is None:
            self.add_unreadable()
        elif isinstance(figures.facts, GameFacts) and figures.view is not None:
            self._add_view(where, number, figures.facts, figures.event, figures.view)
        else:
            self.add_facts(figures.facts, figures.event)
        return None

    def _add_view(
        self, where: str, number: int, facts: GameFacts, event: str | None, view: View
    ) -> None:
        """Count a game from the record that knows the most of its deal: now, when it knows
        it whole, else once every record is read (the facts of the record counted wait)."""
        seen = (len(self._viewed), where)
        game = self._views.add(seen, view)
        self._viewed.append((seen, number, game, view.occasion))
        if game.counted != seen:
            return
        if game.final:
            self._waiting.pop(id(game), None)
            self.add_facts(facts, event)
        else:
            self._waiting[id(game)] = (game, facts, event)

    def _close(self) -> None:
        """Every record is read: count the games still waiting for a better record."""
        self._views.close()
        for _, facts, event in self._waiting.values():
            self.add_facts(facts, event)
        self._waiting.clear()

    def views(self) -> list[tuple[Copy[str], int]]:
        """The records of a game counted from another record of it, in reading order, each
        with its game's number in its file (once :meth:`stats` is asked for, or every record
        is known to be read, final)."""
        found = []
        for seen, number, game, occasion in self._viewed:
            copy = Views.copy_of(seen, game, occasion)
            if copy is not None:
                told = copy.occasions
                found.append((Copy(seen[1], copy.kind, copy.of[1], occasions=told), number))
        return found

    def _copy(self, where: str, digest: bytes, occasion: Occasion) -> Copy[str] | None:
        copy = self._once.copy_of(where, digest, occasion)
        if copy is not None:
            self.copies.append(copy)
        return copy

    def _row(self, key: Key) -> Tally:
        tally = self.rows.get(key)
        if tally is None:
            tally = self.rows[key] = Tally()
        return tally

    def stats(self) -> Stats:
        """The statistics of the games added so far, each game counted from the record that
        knows the most of its deal: a game added later whose records were added before is
        counted from them."""
        self._close()
        rows = [Row(key, tally.figures()) for key, tally in self.rows.items()]
        _sort(rows, self.by)
        return Stats(
            self.by,
            self.games,
            self.games - sum(self.endings[e] for e in ("unfinished", "invalid")),
            dict(self.endings),
            tuple(sorted(self.lengths.items())),
            self.total.figures(),
            tuple(rows),
            len(self.copies),
            len(self.views()),
        )


def game_figures(game: ArchiveGame) -> GameFigures:
    """What :meth:`Collector.add_game` finds of a game, for :meth:`Collector.add_figures`
    (the work of a worker process of ``gargon stats --jobs``).

    >>> import io
    >>> from gargon_notation.archive.games import iter_stream
    >>> game = next(iter_stream(io.BytesIO(b'[Players "Ann" "Bob" "Cy"]\\n1. Bob R1\\n*\\n'), "x"))
    >>> figures = game_figures(game)
    >>> figures.facts, figures.event, figures.problems[0].code, len(figures.digest)
    ('invalid', None, 'not-your-turn', 16)
    """
    try:
        record = game.record()
    except NotationError as error:
        return GameFigures(None, None, [error])
    outcome = walk(record, game_number=game.number)
    tag = record.tag("Event")
    event = tag.value if tag is not None else None
    facts = game_facts(outcome)
    decisions = decisions_of(record)
    digest = identity(record, decisions, seeded=seeded_deal(outcome)).digest
    view = _view(outcome, facts, decisions)
    return GameFigures(facts, event, outcome.problems, digest, view, occasion_of(record))


def _view(outcome: Outcome, facts: GameFacts | Ending, decisions: Sequence[str]) -> View | None:
    """A counted game's :class:`~gargon_notation.archive.duplicates.View` (None for another)."""
    if not isinstance(facts, GameFacts) or outcome.header is None or outcome.deal is None:
        return None
    return view_of(outcome.record, outcome.header, outcome.deal, decisions)


def _counted_apart(digest: bytes, facts: GameFacts | Ending | None) -> bytes:
    """A game's digest, told apart by whether the game is counted (valid and finished): an
    invalid reading of a game (a wrong score after its end), read first, is no copy to hide
    the valid one, which is counted; the same invalid record read again is counted once."""
    return digest + (b"+" if isinstance(facts, GameFacts) else b"-")


def archive_stats(
    games: Iterable[ArchiveGame | GameRecord | NotationError], by: By = "player"
) -> Stats:
    """The statistics of ``games`` (games of an archive, see
    :func:`~gargon_notation.archive.read_archive`, or records, as lenient
    :func:`~gargon_notation.files.load` gives them), each replayed once; a game that cannot
    be read (an archive's game, or the :class:`~gargon_notation.errors.NotationError` load
    gives in its place) or replayed counts as invalid, and the same game read again is
    counted once (:attr:`Stats.copies`).

    Raises :class:`~gargon_notation.errors.ArgumentError` for an unknown ``by`` and
    :class:`TypeError` for a game that is none of those.

    >>> from gargon_notation.bots import simulate
    >>> from gargon_notation.records import record_from_simulation
    >>> games = [record_from_simulation(simulate(3, seed)) for seed in ("a", "b")]
    >>> stats = archive_stats([*games, games[0]], by="players")
    >>> stats.games, stats.counted, stats.endings["invalid"], stats.rows[0].key, stats.copies
    (2, 2, 0, 3, 1)
    """
    collector = Collector(by)
    for number, game in enumerate(games, start=1):
        if isinstance(game, GameRecord):
            collector.add_record(game, number)
        elif isinstance(game, ArchiveGame):
            collector.add_game(game)
        elif isinstance(game, NotationError):
            collector.add_unreadable()
        else:
            raise TypeError(
                f"archive_stats: game {number} is a gg.ArchiveGame, a gg.GameRecord or the "
                f"gg.NotationError of a game that could not be read, not {shown(game)}"
            )
    return collector.stats()


def _mean(row: Row) -> float:
    score = row.figures.score
    return score.mean if score is not None else 0.0


def natural_key(text: str) -> tuple[tuple[int, str], ...]:
    """A key that orders text in any case and numbers by value: ``game 2`` before
    ``Game 10``.

    >>> sorted(["game 10", "Game 2", "game 1b"], key=natural_key)
    ['game 1b', 'Game 2', 'game 10']
    """
    return tuple(
        (int(part), "") if part.isdigit() else (-1, part)
        for part in re.split(r"(\d+)", text.casefold())
        if part
    )


def _sort(rows: list[Row], by: By) -> None:
    if by == "player":
        rows.sort(key=lambda row: (-row.figures.wins, -_mean(row), str(row.key)))
    elif by == "event":
        rows.sort(key=lambda row: (row.key is None, natural_key(str(row.key)), str(row.key)))
    else:
        rows.sort(key=lambda row: int(row.key or 0))
