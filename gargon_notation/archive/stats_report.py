"""The statistics of an archive (:class:`~gargon_notation.archive.stats.Stats`) as the JSON
object of ``gargon stats --json`` (:func:`stats_json`, its fields in docs/cli.md) and as a
self-contained HTML report (:func:`stats_html`: inline CSS, charts as inline SVG, nothing
fetched from the network).

Means and standard deviations are rounded to 3 decimals, rates to 4.

>>> from gargon_notation.archive.stats import Collector
>>> stats = Collector("event").stats()
>>> stats_json(stats)["endings"]
{'pile': 0, 'no-cards': 0, 'unfinished': 0, 'invalid': 0}
>>> stats_html(stats).startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from gargon_notation.archive.standings_report import chart_size, counted, scrolled
from gargon_notation.archive.stats import ENDINGS, Ending, Figures, Key, Spread, Stats
from gargon_notation.errors import html_text

__all__ = ["ENDING_NAMES", "FORMAT", "VERSION", "key_text", "stats_html", "stats_json"]

FORMAT = "gargon-stats"
VERSION = 1
ENDING_NAMES: dict[Ending, str] = {
    "pile": "a pile ran out",
    "no-cards": "nobody held a card",
    "unfinished": "unfinished",
    "invalid": "invalid",
}
"""How each ending is said."""


def _spread(spread: Spread | None) -> dict[str, object] | None:
    if spread is None:
        return None
    return {
        "count": spread.count,
        "mean": round(spread.mean, 3),
        "sd": round(spread.sd, 3),
        "min": spread.low,
        "max": spread.high,
    }


def figures_json(figures: Figures) -> dict[str, object]:
    """One row's figures as JSON."""
    rate = figures.pass_rate
    return {
        "games": figures.games,
        "wins": figures.wins,
        "shared_wins": figures.shared_wins,
        "shared_games": figures.shared_games,
        "score": _spread(figures.score),
        "winning_score": _spread(figures.winning),
        "bonuses": figures.bonuses,
        "bonus_points": figures.bonus_points,
        "zero_pairs": figures.zero_pairs,
        "passes": figures.passes,
        "decisions": figures.decisions,
        "pass_rate": None if rate is None else round(rate, 4),
        "battles_won": figures.battles_won,
        "rounds": _spread(figures.rounds),
    }


def stats_json(stats: Stats) -> dict[str, object]:
    """The JSON object of ``gargon stats --json``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "by": stats.by,
        "games": stats.games,
        "counted": stats.counted,
        "endings": {ending: stats.endings[ending] for ending in ENDINGS},
        "lengths": [{"rounds": rounds, "games": games} for rounds, games in stats.lengths],
        "total": figures_json(stats.total),
        "rows": [{stats.by: row.key, **figures_json(row.figures)} for row in stats.rows],
    }


def key_text(key: Key, by: str) -> str:
    """A row's key as shown: a name, an event (``(no event)``), ``4 players``.

    >>> key_text(None, "event"), key_text(4, "players"), key_text("Ann", "player")
    ('(no event)', '4 players', 'Ann')
    """
    if key is None:
        return "(no event)"
    if by == "players":
        return f"{key} players"
    return str(key)


_CSS = """
body { font: 0.9375rem/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 60em;
       color: #1d232a; background: #fbfaf7; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .2em .6em; border-bottom: 1px solid #d9d6cf; }
th { text-align: left; background: #efece5; }
th[scope="row"] { background: none; font-weight: normal; }
tr.total th { font-weight: bold; background: #efece5; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg text { font: 12px system-ui, sans-serif; fill: #1d232a; }
svg rect { fill: #3b7d6e; }
p.note { color: #5b6169; font-size: .9em; }
.scroll { overflow-x: auto; }
"""


LABEL_ROOM = (144, 294)
"""The least and the most room (chart units: px at the usual text size) for the labels of a
bar chart: the label column grows with its longest label up to the most, and a label longer
than that is cut (:func:`fitted`)."""


def text_width(text: str) -> float:
    """A generous estimate of ``text``'s width in the charts' 12 px text (``svg text`` in the
    page's style), from the widths of DejaVu Sans, the widest of the usual sans-serif fonts:
    the page cannot measure it before it is drawn.

    >>> text_width("Ann"), text_width("WWW")
    (24.6, 36.0)
    """
    width = 0.0
    for char in text:
        if char in "ijlftrI.,;:'!|() ":
            width += 0.4
        elif char in "mwMW@%\u2026" or ord(char) > 0x2E7F:  # wide, and East Asian scripts
            width += 1.0
        elif char.isupper() or char.isdigit():
            width += 0.75
        else:
            width += 0.65
    return round(width * 12, 1)


def fitted(label: str, room: float) -> str:
    """``label`` cut to fit ``room`` (chart units), an ellipsis where it was cut.

    >>> fitted("Spring Cup", 144)
    'Spring Cup'
    >>> fitted("The Grand Northern League Winter Championship", 144)
    'The Grand Northern\u2026'
    """
    if text_width(label) <= room:
        return label
    cut = label
    while cut and text_width(cut.rstrip() + "\u2026") > room:
        cut = cut[:-1]
    return cut.rstrip() + "\u2026"


def _bars(items: list[tuple[str, int]], title: str) -> str:
    """A horizontal bar chart as inline SVG: one labelled bar per item, with its value; a
    screen reader reads it as ``title`` and each item with its value, the labels whole.  The
    label column is as wide as the longest label needs (:data:`LABEL_ROOM`); a label longer
    than its most is cut with an ellipsis, and the whole label is its tooltip (``<title>``).

    >>> chart = _bars([("a pile ran out", 6), ("unfinished", 1)], "How games end")
    >>> chart[chart.index("role="): chart.index(">")]
    'role="img" aria-label="How games end: a pile ran out 6, unfinished 1"'
    """
    high = max((value for _, value in items), default=0) or 1
    row, length = 20, 360
    least, most = LABEL_ROOM
    room = min(max([least, *(text_width(label) for label, _ in items)]), most)
    label_width = round(room) + 6
    height = row * len(items) + 4
    width = label_width + length + 60
    said = ", ".join(f"{label} {value}" for label, value in items)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {chart_size(width, height)} role="img" '
        f'aria-label="{html_text(title)}: {html_text(said)}">'
    ]
    for index, (label, value) in enumerate(items):
        y = index * row + 2
        size = round(length * value / high, 1)
        shown = fitted(label, room)
        whole = f"<title>{html_text(label)}</title>" if shown != label else ""
        parts.append(
            f'<text x="{label_width - 6}" y="{y + 14}" text-anchor="end">{whole}'
            f'{html_text(shown)}</text><rect x="{label_width}" y="{y + 3}" width="{size}" '
            f'height="{row - 6}"/><text x="{label_width + size + 4}" y="{y + 14}">{value}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _number(value: float | None, digits: int = 1) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def _cells(values: list[str]) -> str:
    return "".join(f'<td class="n">{html_text(value)}</td>' for value in values)


def _row_cells(figures: Figures) -> list[str]:
    score, rounds = figures.score, figures.rounds
    rate = figures.pass_rate
    return [
        str(figures.games),
        str(figures.wins),
        str(figures.shared_wins),
        _number(score.mean if score else None),
        _number(score.sd if score else None),
        str(score.low) if score else "",
        str(score.high) if score else "",
        str(figures.bonuses),
        str(figures.bonus_points),
        str(figures.zero_pairs),
        _number(None if rate is None else 100 * rate) + ("%" if rate is not None else ""),
        str(figures.battles_won),
        _number(rounds.mean if rounds else None),
    ]


_HEADINGS = (
    "games",
    "wins",
    "shared",
    "mean&nbsp;score",
    "sd",
    "min",
    "max",
    "bonuses",
    "bonus&nbsp;points",
    "zero&nbsp;pairs",
    "pass&nbsp;rate",
    "battles&nbsp;won",
    "rounds",
)


def stats_html(stats: Stats, title: str = "Gargon statistics") -> str:
    """The report as one HTML page: the summary, how games end, the lengths and wins as bar
    charts, and the table of rows with the corpus total last."""
    by = stats.by
    endings = [(ENDING_NAMES[e], stats.endings[e]) for e in ENDINGS]
    lengths = [(f"{rounds} rounds", games) for rounds, games in stats.lengths]
    column = {"player": "player", "event": "event", "players": "table"}[by]
    chart = (
        [(key_text(row.key, by), row.figures.wins) for row in stats.rows[:40]]
        if by == "player"
        else [(key_text(row.key, by), row.figures.games) for row in stats.rows[:40]]
    )
    chart_title = f"{'Wins' if by == 'player' else 'Games'} by {column}"
    heading = "".join(f'<th scope="col">{name}</th>' for name in (column, *_HEADINGS))
    body = "".join(
        f'<tr><th scope="row">{html_text(key_text(row.key, by))}</th>'
        f"{_cells(_row_cells(row.figures))}</tr>\n"
        for row in stats.rows
    )
    body += f'<tr class="total"><th scope="row">all</th>{_cells(_row_cells(stats.total))}</tr>\n'
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html_text(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<main>\n<h1>{html_text(title)}</h1>\n"
        f"<p>{counted(stats.games, 'game')} read, {stats.counted} counted (valid and finished)."
        "</p>\n"
        f"<h2>How games end</h2>\n{scrolled(_bars(endings, 'How games end'))}"
        f"<h2>Game length (counted games)</h2>\n{scrolled(_bars(lengths, 'Game length'))}"
        f"<h2>{chart_title}</h2>\n{scrolled(_bars(chart, chart_title))}"
        + (
            f'<p class="note">The first 40 of {len(stats.rows)}.</p>\n'
            if len(stats.rows) > 40
            else ""
        )
        + f"<h2>By {column}</h2>\n"
        + scrolled(f"<table>\n<tr>{heading}</tr>\n{body}</table>")
        + '<p class="note">Scores, wins and every other figure count the valid, finished games '
        "only; sd is the population standard deviation; rounds is the mean per game.</p>\n"
        "</main>\n</body>\n</html>\n"
    )
