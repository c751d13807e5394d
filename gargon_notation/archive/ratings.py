"""Multiplayer ratings over an archive (``gargon ratings``), with openskill's Plackett-Luce
model, in date order.

Plackett-Luce (Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR
2011) rates a game as a ranking of all its players at once, which is what a 3-5 player
free-for-all game is; Elo and Glicko rate pairs, and TrueSkill's factor graph needs more
machinery for the same result.  Each player's skill is a normal belief: a mean ``mu`` and a
standard deviation ``sigma``; the **ordinal** ``mu - 3 sigma`` is a conservative rating (the
skill is higher with about 99.9% belief) that ranks a newcomer below a proven player of the
same mean.  The parameters are openskill's defaults (:data:`PARAMETERS`): a newcomer starts
at mu 25, sigma 25/3; beta 25/6 (the spread of one game's performance around the skill);
tau 25/300 (added to sigma before each game, so that a rating can still move after many
games); kappa 0.0001 (the least a variance may shrink to).

Games come as :class:`~gargon_notation.archive.results.GameResult` values (valid and
finished).  A game ranks its players by their final totals: equal totals are a tie (a shared
win is a tie for first).  Games are rated in **date order**: by ``Date`` (a part written
``??`` counts as 0, and a game without a date comes before every dated game), then by
``Round`` tag (numbers by value; none first), then in the order of the archive (the files in
the order given, a directory's files by name, the games of a file in order).  The same
archive gives the same ratings, whatever the order of the files when the dates and rounds
tell the games apart.

The openskill package is the optional extra ``ratings``: it is imported only when ratings
are computed (:func:`rate`), and :func:`available` says whether it is installed.

>>> from gargon_notation.archive.results import GameResult
>>> games = [
...     GameResult("a:1", "Cup", None, "2026.03.02", ("Ann", "Bob", "Cy"), (40, 30, 30)),
...     GameResult("a:9", "Cup", None, "2026.03.01", ("Ann", "Bob", "Cy"), (10, 30, 20)),
... ]
>>> ratings = rate(games)
>>> [(p.rank, p.player, p.games, round(p.mu, 2), round(p.sigma, 2)) for p in ratings.players]
[(1, 'Bob', 2, 26.04, 7.92), (2, 'Cy', 2, 24.44, 7.8), (3, 'Ann', 2, 24.45, 7.95)]
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable

import attrs

from gargon_notation.archive.results import GameResult
from gargon_notation.archive.stats import natural_key
from gargon_notation.extras import RATINGS_PACKAGES, not_installed

__all__ = [
    "MISSING",
    "PARAMETERS",
    "Parameters",
    "PlayerRating",
    "Point",
    "Ratings",
    "RatingsCollector",
    "available",
    "date_key",
    "rate",
]

MISSING = not_installed(
    "gargon ratings", ModuleNotFoundError(name="openskill"), "ratings", RATINGS_PACKAGES
)
"""What ``gargon ratings`` says when the ``ratings`` extra is missing."""


def available() -> bool:
    """Whether openskill (the ``ratings`` extra) is installed."""
    return importlib.util.find_spec("openskill") is not None


@attrs.frozen
class Parameters:
    """The model's parameters (see the module's docstring): the prior ``mu`` and ``sigma``
    of a newcomer, ``beta``, ``tau``, ``kappa``, and ``z`` of the ordinal ``mu - z sigma``."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    kappa: float = 0.0001
    z: float = 3.0


PARAMETERS = Parameters()
"""openskill's defaults for the Plackett-Luce model, which ``gargon ratings`` uses."""


@attrs.frozen
class Point:
    """A player's rating after one of his games: ``game`` is that game's number in the
    rating order (from 1), ``date`` its ``Date`` (None: undated)."""

    game: int
    date: str | None
    mu: float
    sigma: float


@attrs.frozen
class PlayerRating:
    """One player's rating: ``rank`` (by ordinal), ``mu``, ``sigma``, the ``ordinal``, the
    ``games`` rated and ``wins`` (alone or shared) among them, the date of his ``last`` game,
    and (when asked for) his ``history``, a point after each game."""

    rank: int
    player: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    last: str | None
    history: tuple[Point, ...] = ()


@attrs.frozen
class Ratings:
    """The ratings of an archive: the ``parameters``, the number of ``games`` rated (of which
    ``undated``), the first and last date rated, and the players, best ordinal first (then
    higher mu, then name)."""

    parameters: Parameters
    games: int
    undated: int
    first: str | None
    last: str | None
    players: tuple[PlayerRating, ...]


def date_key(date: str | None) -> tuple[int, int, int]:
    """How a ``Date`` value sorts: unknown parts as 0, no date first.

    >>> date_key("2026.11.20"), date_key("2026.??.??"), date_key(None)
    ((2026, 11, 20), (2026, 0, 0), (0, 0, 0))
    """
    if date is None:
        return (0, 0, 0)
    year, month, day = (0 if "?" in part else int(part) for part in date.split("."))
    return (year, month, day)


@attrs.frozen
class _Game:
    date: tuple[int, int, int]
    round: tuple[bool, tuple[tuple[int, str], ...]]
    order: int
    label: str | None
    names: tuple[str, ...]
    places: tuple[int, ...]


class RatingsCollector:
    """Adds results one at a time (:meth:`add`, in archive order) and rates them in date order
    (:meth:`ratings`).  Rating needs every game before the first is rated (the dates decide
    the order), so memory holds one small line per game (names and places), never a
    record."""

    def __init__(self, parameters: Parameters = PARAMETERS) -> None:
        self.parameters = parameters
        self.games: list[_Game] = []

    def add(self, result: GameResult) -> None:
        """Count one game."""
        round_key = (result.round is not None, natural_key(result.round or ""))
        game = _Game(
            date_key(result.date),
            round_key,
            len(self.games),
            result.date,
            result.names,
            result.places,
        )
        self.games.append(game)

    def ratings(self, history: bool = False) -> Ratings:
        """Rate the games added in date order (``history``: keep each player's points).

        Raises :class:`ModuleNotFoundError` when openskill is not installed, saying so and
        the command that installs it (:class:`ImportError` when it cannot be imported).
        """
        try:
            from openskill.models import PlackettLuce, PlackettLuceRating
        except ImportError as error:
            # As gg.dask and gg.arrow say it: the package, and the pip command of the extra.
            message = not_installed(
                "gargon_notation.archive.ratings", error, "ratings", RATINGS_PACKAGES
            )
            if isinstance(error, ModuleNotFoundError):
                raise ModuleNotFoundError(message, name=error.name or "openskill") from error
            raise ImportError(message, name=error.name) from error

        parameters = self.parameters
        model = PlackettLuce(
            mu=parameters.mu,
            sigma=parameters.sigma,
            beta=parameters.beta,
            kappa=parameters.kappa,
            tau=parameters.tau,
        )
        current: dict[str, PlackettLuceRating] = {}
        games: dict[str, int] = {}
        wins: dict[str, int] = {}
        last: dict[str, str | None] = {}
        points: dict[str, list[Point]] = {}
        ordered = sorted(self.games, key=lambda game: (game.date, game.round, game.order))
        for number, game in enumerate(ordered, start=1):
            teams = [[current.get(name) or model.rating(name=name)] for name in game.names]
            rated = model.rate(teams, ranks=list(game.places))
            for name, (rating,), place in zip(game.names, rated, game.places, strict=True):
                current[name] = rating
                games[name] = games.get(name, 0) + 1
                wins[name] = wins.get(name, 0) + (place == 1)
                last[name] = game.label
                if history:
                    point = Point(number, game.label, rating.mu, rating.sigma)
                    points.setdefault(name, []).append(point)
        z = parameters.z
        ordinals = {name: rating.mu - z * rating.sigma for name, rating in current.items()}
        order = sorted(current, key=lambda name: (-ordinals[name], -current[name].mu, name))
        players = tuple(
            PlayerRating(
                rank,
                name,
                current[name].mu,
                current[name].sigma,
                ordinals[name],
                games[name],
                wins[name],
                last[name],
                tuple(points.get(name, ())),
            )
            for rank, name in enumerate(order, start=1)
        )
        dated = [game.label for game in ordered if game.date[0]]
        undated = len(ordered) - len(dated)
        return Ratings(
            parameters,
            len(ordered),
            undated,
            dated[0] if dated else None,
            dated[-1] if dated else None,
            players,
        )


def rate(
    results: Iterable[GameResult], parameters: Parameters = PARAMETERS, history: bool = False
) -> Ratings:
    """The ratings of ``results`` (see :class:`RatingsCollector`).

    Raises :class:`ModuleNotFoundError` when openskill is not installed, saying so and the
    command that installs it (the ``ratings`` extra).
    """
    collector = RatingsCollector(parameters)
    for result in results:
        collector.add(result)
    return collector.ratings(history)
