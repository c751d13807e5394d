"""Ratings (:mod:`~gargon_notation.archive.ratings`) as the JSON object of ``gargon ratings
--json`` (its fields in docs/cli.md) and as a self-contained HTML page: the table, the
ordinals of the leading players over the games, and each player's history (mu with a band of
one sigma either side, and the ordinal), drawn as inline SVG by this module: no script, no
external file.

Ratings are rounded to 4 decimals in JSON.

>>> from gargon_notation.archive.ratings import PARAMETERS, Ratings
>>> empty = Ratings(PARAMETERS, 0, 0, None, None, ())
>>> ratings_json(empty, None)["parameters"]["beta"]
4.1667
>>> "<svg" in ratings_html(empty, None)
False
"""

from __future__ import annotations

from gargon_notation.archive.ratings import PlayerRating, Point, Ratings
from gargon_notation.archive.standings_report import chart_size, counted, page, scrolled
from gargon_notation.errors import html_text

__all__ = ["FORMAT", "HISTORIES", "LEADERS", "MODEL", "VERSION", "ratings_html", "ratings_json"]

FORMAT = "gargon-ratings"
VERSION = 1
MODEL = "plackett-luce"
LEADERS = 8
"""How many players the page's first chart follows."""
HISTORIES = 60
"""How many players (the best) get a chart of their own on the page."""

_COLOURS = ("#2a6b8f", "#c0392b", "#3b7d3e", "#8e5ea2", "#b86e14", "#1b7f7b", "#7a6a2a", "#b0457a")
_MARKS = (
    "M-3.5,0a3.5,3.5 0 1,0 7,0a3.5,3.5 0 1,0 -7,0z",
    "M-3,-3h6v6h-6z",
    "M0,-4L3.8,3H-3.8z",
    "M0,-4.2L4.2,0L0,4.2L-4.2,0z",
    "M0,4L3.8,-3H-3.8z",
    "M-3,-3L3,3M3,-3L-3,3",
    "M-4,0H4M0,-4V4",
    "M-3,-3h6v6h-6zM-1.5,-1.5v3h3v-3z",
)
"""A mark per leading player, drawn on its line and in the legend: the lines are told apart
by their marks as well as their colours (a colour-blind eye, a black and white print).  The
last three are not filled: a cross, a plus and a hollow square."""

MARKS_PER_LINE = 30
"""At most this many marks on a leader's line (24 px apart on the chart, 720 px wide), at
each game while there are no more, else evenly spread from the first game to the last: one
a game, a thousand games drew 4000 marks over one another and made the page 76% larger."""


def _number(value: float) -> float:
    return round(value, 4)


def ratings_json(
    ratings: Ratings, as_of: str | None, event: str | None = None
) -> dict[str, object]:
    """The JSON object of ``gargon ratings --json``; ``as_of`` and ``event`` the ``--as-of``
    and ``--event`` given."""
    parameters = ratings.parameters
    return {
        "format": FORMAT,
        "version": VERSION,
        "model": MODEL,
        "parameters": {
            "mu": _number(parameters.mu),
            "sigma": _number(parameters.sigma),
            "beta": _number(parameters.beta),
            "tau": _number(parameters.tau),
            "kappa": parameters.kappa,
            "z": parameters.z,
        },
        "as_of": as_of,
        "event": event,
        "games": ratings.games,
        "undated": ratings.undated,
        "first_date": ratings.first,
        "last_date": ratings.last,
        "players": [
            {
                "rank": player.rank,
                "player": player.player,
                "mu": _number(player.mu),
                "sigma": _number(player.sigma),
                "ordinal": _number(player.ordinal),
                "games": player.games,
                "wins": player.wins,
                "last_date": player.last,
            }
            for player in ratings.players
        ],
    }


class _Frame:
    """The scales of one chart: game numbers across, ratings up."""

    def __init__(self, games: int, low: float, high: float, width: int, height: int) -> None:
        self.games, self.low, self.high = max(games, 1), low, high
        self.width, self.height = width, height
        self.left, self.right, self.top, self.bottom = 40, 10, 8, 20

    def x(self, game: int) -> float:
        span = self.width - self.left - self.right
        return round(self.left + span * (game - 1) / max(self.games - 1, 1), 1)

    def y(self, value: float) -> float:
        span = self.height - self.top - self.bottom
        share = (value - self.low) / ((self.high - self.low) or 1)
        return round(self.height - self.bottom - span * share, 1)

    def axes(self, first: str, last: str) -> str:
        """The frame, the rating at the top, middle and bottom, and labels under the ends."""
        bottom, right = self.height - self.bottom, self.width - self.right
        parts = [
            f'<rect x="{self.left}" y="{self.top}" width="{right - self.left}" '
            f'height="{bottom - self.top}" fill="none" stroke="#d9d6cf"/>'
        ]
        for value in (self.low, (self.low + self.high) / 2, self.high):
            parts.append(
                f'<text x="{self.left - 4}" y="{self.y(value) + 4}" text-anchor="end">'
                f"{value:.0f}</text>"
            )
        parts.append(f'<text x="{self.left}" y="{self.height - 5}">{html_text(first)}</text>')
        parts.append(
            f'<text x="{right}" y="{self.height - 5}" text-anchor="end">{html_text(last)}</text>'
        )
        return "".join(parts)

    def svg(self, inner: str, label: str) -> str:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" {chart_size(self.width, self.height)} '
            f'role="img" aria-label="{html_text(label)}">{inner}</svg>'
        )


def _line(frame: _Frame, points: list[tuple[int, float]], colour: str, dashed: bool) -> str:
    if not points:
        return ""
    path = " ".join(f"{frame.x(game)},{frame.y(value)}" for game, value in points)
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.6"{dash}/>'


def _ends(ratings: Ratings) -> tuple[str, str]:
    first = ratings.first or "game 1"
    last = ratings.last or f"game {ratings.games}"
    return first, last


def _bounds(players: tuple[PlayerRating, ...], z: float) -> tuple[float, float]:
    values = [
        value
        for player in players
        for point in player.history
        for value in (point.mu + point.sigma, point.mu - z * point.sigma)
    ]
    low, high = min(values, default=0.0), max(values, default=1.0)
    return float(int(low // 5) * 5), float(int(-(-high // 5)) * 5)


def _mark(index: int, x: float, y: float) -> str:
    """Leader ``index``'s mark centred on (x, y), in its colour."""
    colour = _COLOURS[index % len(_COLOURS)]
    return (
        f'<path transform="translate({x} {y})" d="{_MARKS[index % len(_MARKS)]}" '
        f'fill="{colour if index % len(_MARKS) < 5 else "none"}" stroke="{colour}" '
        'stroke-width="1.4"/>'
    )


def _spread(points: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """The points of a line to mark: all of them, or :data:`MARKS_PER_LINE` evenly spread.

    >>> [game for game, _ in _spread([(game, 0.0) for game in range(1, 301)])][:4]
    [1, 11, 22, 32]
    """
    if len(points) <= MARKS_PER_LINE:
        return points
    last = len(points) - 1
    return [points[round(k * last / (MARKS_PER_LINE - 1))] for k in range(MARKS_PER_LINE)]


def _leaders(ratings: Ratings, low: float, high: float) -> str:
    frame = _Frame(ratings.games, low, high, 720, 300)
    z = ratings.parameters.z
    inner = [frame.axes(*_ends(ratings))]
    legend = []
    for index, player in enumerate(ratings.players[:LEADERS]):
        colour = _COLOURS[index % len(_COLOURS)]
        points = [(point.game, point.mu - z * point.sigma) for point in player.history]
        inner.append(_line(frame, points, colour, False))
        inner += [_mark(index, frame.x(game), frame.y(value)) for game, value in _spread(points)]
        legend.append(
            f'<span class="key"><svg xmlns="http://www.w3.org/2000/svg" {chart_size(26, 12)} '
            f'aria-hidden="true"><line x1="1" y1="6" x2="25" y2="6" '
            f'stroke="{colour}" stroke-width="1.6"/>{_mark(index, 13, 6)}</svg> '
            f"{html_text(player.player)}</span>"
        )
    return (
        scrolled(frame.svg("".join(inner), "ordinals of the leading players"))
        + f'<p class="note">{" &nbsp; ".join(legend)}</p>\n'
    )


def _history(player: PlayerRating, ratings: Ratings, low: float, high: float) -> str:
    frame = _Frame(ratings.games, low, high, 340, 150)
    z = ratings.parameters.z
    history: tuple[Point, ...] = player.history
    upper = [(frame.x(p.game), frame.y(p.mu + p.sigma)) for p in history]
    lower = [(frame.x(p.game), frame.y(p.mu - p.sigma)) for p in reversed(history)]
    band = " ".join(f"{x},{y}" for x, y in upper + lower)
    inner = [
        frame.axes(*_ends(ratings)),
        f'<polygon points="{band}" fill="#2a6b8f" fill-opacity="0.15" stroke="none"/>',
        _line(frame, [(p.game, p.mu) for p in history], "#2a6b8f", False),
        _line(frame, [(p.game, p.mu - z * p.sigma) for p in history], "#c0392b", True),
    ]
    for point in history:
        inner.append(
            f'<circle cx="{frame.x(point.game)}" cy="{frame.y(point.mu)}" r="1.8" '
            f'fill="#2a6b8f"><title>game {point.game}'
            f"{'' if point.date is None else ', ' + html_text(point.date)}: "
            f"mu {point.mu:.2f}, sigma {point.sigma:.2f}</title></circle>"
        )
    return (
        f'<figure style="display:inline-block;margin:.5em"><figcaption>'
        f"{player.rank}. {html_text(player.player)} ({player.games} games)</figcaption>"
        f"{frame.svg(''.join(inner), 'rating history of ' + player.player)}</figure>\n"
    )


def ratings_html(ratings: Ratings, as_of: str | None, event: str | None = None) -> str:
    """The ratings as one HTML page (``as_of`` and ``event``: the ``--as-of`` and ``--event``
    given)."""
    parameters = ratings.parameters
    z = parameters.z
    rows = [
        "<tr><th scope='col' class='n'>rank</th><th scope='col'>player</th>"
        "<th scope='col' class='n'>ordinal</th><th scope='col' class='n'>mu</th>"
        "<th scope='col' class='n'>sigma</th><th scope='col' class='n'>games</th>"
        "<th scope='col' class='n'>wins</th><th scope='col'>last game</th></tr>\n"
    ]
    for player in ratings.players:
        rows.append(
            f"<tr><td class='n'>{player.rank}</td><th scope='row'>{html_text(player.player)}</th>"
            f"<td class='n'>{player.ordinal:.2f}</td><td class='n'>{player.mu:.2f}</td>"
            f"<td class='n'>{player.sigma:.2f}</td><td class='n'>{player.games}</td>"
            f"<td class='n'>{player.wins}</td><td>{html_text(player.last or '')}</td></tr>\n"
        )
    period = f" up to {html_text(as_of)}" if as_of else ""
    events = "" if event is None else f" of the events holding {html_text(repr(event))}"
    body = (
        f"<p>{counted(ratings.games, 'game')}{events} rated in date order{period}"
        + (
            f", from {html_text(ratings.first)} to {html_text(ratings.last)}"
            if ratings.first and ratings.last
            else ""
        )
        + (f"; {ratings.undated} without a date, rated first" if ratings.undated else "")
        + ".</p>\n"
        + scrolled(f"<table>\n{''.join(rows)}</table>")
        + f'<p class="note">openskill\'s Plackett-Luce model: a newcomer starts at mu '
        f"{parameters.mu:g}, sigma {parameters.sigma:.3f}; beta {parameters.beta:.3f}, tau "
        f"{parameters.tau:.4f}, kappa {parameters.kappa:g}.  The ordinal is mu - {z:g} sigma, "
        "a conservative rating; equal totals in a game are a tie.</p>\n"
    )
    if any(player.history for player in ratings.players):
        low, high = _bounds(ratings.players, z)
        leading = min(LEADERS, len(ratings.players))
        body += f"<h2>The leading {leading} players' ordinals, game by game</h2>\n"
        body += _leaders(ratings, low, high)
        shown = ratings.players[:HISTORIES]
        body += "<h2>Each player's rating</h2>\n"
        body += (
            '<p class="note">mu (solid) with one sigma either side (shaded) and the ordinal '
            "(dashed), after each of the player's games; across: the games in rating order."
        )
        if len(ratings.players) > len(shown):
            body += f" The best {len(shown)} of {len(ratings.players)} players."
        body += "</p>\n" + scrolled(
            "".join(_history(player, ratings, low, high) for player in shown)
        )
    return page("Gargon ratings", body)
