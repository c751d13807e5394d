"""What ``gargon stats`` does and prints; the figures come from
:mod:`gargon_notation.archive.stats`, the JSON object and the HTML report from
:mod:`gargon_notation.archive.stats_report`.

On standard output: the corpus (how games end and how long they last, as bar charts of block
characters; the totals), then the rows of the grouping (players by default) in two tables.
Colours only on a terminal; ``--no-color`` and a pipe give the same plain text.

Exit codes, as for ``filter``: 0 done; 1 an invalid or unreadable game was reported (it is
counted under how games end and left out of the other figures); 2 a usage or I/O error.  The
same game read again (another file's copy) is named and counted once, the first read (0).

>>> bar(3, 8, 4)
'█▌'
>>> bar(0, 8, 4), bar(1, 1000, 10)
('', '▏')
"""

from __future__ import annotations

import json

import attrs
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from gargon_notation import archive, files
from gargon_notation.archive.stats import (
    BY,
    ENDINGS,
    Collector,
    Figures,
    Spread,
    Stats,
    game_figures,
)
from gargon_notation.archive.stats_report import ENDING_NAMES, key_text, stats_html, stats_json
from gargon_notation.cli import common
from gargon_notation.cli.common import Exit, error_console, fail, plural, print_error, say_empty
from gargon_notation.cli.inputs import Target, inputs_of, page_target, write_page
from gargon_notation.cli.progress import progress
from gargon_notation.cli.results import copy_warning, near_warnings, say_copies, view_warning
from gargon_notation.errors import NotationError
from gargon_notation.parallel import Workers
from gargon_notation.render.trimmed import Trimmed
from gargon_notation.render.uncut import Uncut
from gargon_notation.replay.problems import Problem
from gargon_notation.slips import near_pairs

__all__ = ["Bar", "bar", "stats_command", "stats_tables"]

_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(value: int, high: int, width: int) -> str:
    """``value`` out of ``high`` as a bar of at most ``width`` block characters, in eighths;
    any value above 0 shows at least an eighth."""
    if value <= 0 or high <= 0:
        return ""
    eighths = max(1, round(8 * width * value / high))
    return "█" * (eighths // 8) + _EIGHTHS[eighths % 8].strip()


@attrs.frozen
class Bar:
    """:func:`bar` of ``value`` out of ``high``, ``width`` cells at most, drawn narrower
    when its column is: a table too wide for the console squeezes its bars, in proportion,
    rather than cut the figures beside them.

    >>> from rich.console import Console
    >>> console = Console(width=4)
    >>> console.print(Bar(3, 8, 8))
    █▌
    """

    value: int
    high: int
    width: int
    style: str = ""

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        drawn = cell_len(bar(self.value, self.high, self.width))
        return Measurement(min(drawn, 1), drawn).with_maximum(options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, min(self.width, options.max_width))
        yield Text(bar(self.value, self.high, width), style=self.style, no_wrap=True)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else ""


def _mean(spread: Spread | None) -> str:
    return "" if spread is None else f"{spread.mean:.1f}"


def _spread_text(spread: Spread | None) -> str:
    if spread is None:
        return "none"
    return f"{spread.mean:.1f} ± {spread.sd:.1f} (min {spread.low}, max {spread.high})"


def _chart(title: str, items: list[tuple[str, int]], whole: int) -> Table:
    """A bar chart as a table: label, count, bar, share of ``whole``."""
    high = max((value for _, value in items), default=0)
    table = Table(title=title, title_justify="left", box=None, show_header=False)
    table.pad_edge = False
    table.add_column(justify="right")
    table.add_column(justify="right", no_wrap=True)
    table.add_column()
    table.add_column(justify="right", no_wrap=True)
    for label, value in items:
        table.add_row(label, str(value), Bar(value, high, 30, "cyan"), _percent(value, whole))
    return table


def _totals(stats: Stats) -> Table:
    total = stats.total
    results = total.score.count if total.score else 0
    table = Table(title="All counted games", title_justify="left", box=None, show_header=False)
    table.pad_edge = False
    table.add_column(style="bold")
    table.add_column()
    rate = total.pass_rate
    table.add_row("score", _spread_text(total.score))
    table.add_row("winning score", _spread_text(total.winning))
    table.add_row("shared wins", f"{plural(total.shared_games, 'game')} of {total.games}")
    table.add_row(
        "colour bonuses", f"{total.bonuses} ({total.bonus_points} points) in {results} results"
    )
    table.add_row("zero pairs", str(total.zero_pairs))
    table.add_row(
        "pass rate",
        f"{'' if rate is None else f'{100 * rate:.1f}% '}"
        f"({total.passes} passes of {total.decisions} decisions)",
    )
    table.add_row("battles won", str(total.battles_won))
    table.add_row("rounds", _spread_text(total.rounds))
    return table


def _grid(title: str, columns: list[str]) -> Table:
    table = Table(title=title, title_justify="left", box=None, pad_edge=False)
    table.add_column(columns[0], overflow="fold")
    for name in columns[1:]:
        # a bar (no name) is squeezed first, the figures never
        table.add_column(name, justify="left" if not name else "right", no_wrap=bool(name))
    return table


def _results(stats: Stats, name: str) -> Table:
    """The first table of the rows: games, wins (players) and the scores."""
    if stats.by == "player":
        table = _grid(f"By {name}", [name, "games", "wins", "shared", "win %", "", "score"])
        columns = ["± sd", "min", "max"]
    else:
        table = _grid(f"By {name}", [name, "games", "", "shared", "score", "± sd"])
        columns = ["min", "max", "winning"]
    for heading in columns:
        table.add_column(heading, justify="right")
    values = [row.figures.wins if stats.by == "player" else row.figures.games for row in stats.rows]
    high = max(values, default=0)
    for row, value in zip(stats.rows, values, strict=True):
        figures = row.figures
        score = figures.score
        spread = [_mean(score), f"{score.sd:.1f}" if score else "", *_ends(score)]
        key = Text(key_text(row.key, stats.by))
        drawn = Bar(value, high, 10, "green")
        if stats.by == "player":
            counts = [str(figures.games), str(figures.wins), str(figures.shared_wins)]
            table.add_row(key, *counts, _percent(figures.wins, figures.games), drawn, *spread)
        else:
            counts = [str(figures.games), str(figures.shared_games)]
            table.add_row(key, counts[0], drawn, counts[1], *spread, _mean(figures.winning))
    return table


def _ends(spread: Spread | None) -> list[str]:
    return [str(spread.low), str(spread.high)] if spread is not None else ["", ""]


def _play(stats: Stats, name: str) -> Table:
    """The second table of the rows: bonuses, zero pairs, passes, battles, rounds."""
    table = _grid("", [name, "bonuses", "points", "0-pairs", "pass %", "battles", "rounds"])
    for row in stats.rows:
        figures: Figures = row.figures
        rate = figures.pass_rate
        table.add_row(
            Text(key_text(row.key, stats.by)),
            str(figures.bonuses),
            str(figures.bonus_points),
            str(figures.zero_pairs),
            "" if rate is None else f"{100 * rate:.1f}",
            str(figures.battles_won),
            _mean(figures.rounds),
        )
    return table


def stats_tables(stats: Stats) -> list[Table | Text]:
    """What ``gargon stats`` prints, as rich renderables, in order."""
    name = {"player": "player", "event": "event", "players": "table"}[stats.by]
    heading = Text(
        f"{plural(stats.games, 'game')}: {stats.counted} counted (valid and finished)",
        style="bold",
    )
    endings = [(ENDING_NAMES[ending], stats.endings[ending]) for ending in ENDINGS]
    lengths = [(str(rounds), games) for rounds, games in stats.lengths]
    printed: list[Table | Text] = [
        heading,
        _chart("How games end", endings, stats.games),
        _chart("Rounds a game (counted games)", lengths, stats.counted),
        _totals(stats),
    ]
    if stats.rows:
        printed += [_results(stats, name), _play(stats, name)]
    return printed


class _Reporter:
    """Prints each invalid game on standard error (its first problem) and counts them."""

    def __init__(self) -> None:
        self.count = 0
        self.copies = self.views = 0
        """The games that were copies of games read before, and the records of a game
        counted from another record, said at :meth:`finish`."""
        self.empty: list[str] = []
        """The inputs without a game, said at :meth:`finish`."""

    def __call__(self, problems: list[NotationError] | list[Problem]) -> None:
        if not problems:
            return
        self.count += 1
        more = len(problems) - 1
        extra = f"; {plural(more, 'more problem')}: gargon validate lists them" if more else ""
        print_error(f"{problems[0]}\n  (invalid: left out of the figures{extra})")

    def finish(self) -> None:
        """Name the inputs without a game; exit 1 after an invalid game (with a summary
        line) or such an input."""
        say_empty(self.empty)
        say_copies(self.copies, self.views)
        if self.count:
            were = "was" if self.count == 1 else "were"
            print_error(
                f"gargon: {plural(self.count, 'game')} {were} invalid or unreadable: counted "
                "under how games end, left out of the other figures"
            )
            raise Exit(1)
        if self.empty:
            raise Exit(1)


def stats_command(
    paths: list[str], by: str, as_json: bool, html: Target, no_color: bool, jobs: int = 1
) -> None:
    """``gargon stats``: the statistics of the games of ``paths`` (replayed in ``jobs``
    processes)."""
    if by not in BY:
        fail(f"--by {by}: choose one of {', '.join(BY)}")
    console = common.console(no_color)
    page_target(html, as_json)  # said now, not once every game is read
    collector = Collector(by)
    report = _Reporter()
    inputs = inputs_of(paths, once=True)  # a game counted once
    total = sum(source.size for source in inputs)
    try:
        with (
            Workers(jobs) as workers,
            progress(total, "stats", show=not as_json, console=error_console) as advance,
        ):
            games = archive.iter_archive(inputs, report.empty, copies=False)  # nothing copied
            found = workers.map(game_figures, games, size=_size, total=total)
            for game, figures in found:  # in order, whatever the jobs: the first read counts
                advance(_size(game))
                copy = collector.add_figures(game.where, figures, game.number)
                if copy is None:
                    report(figures.problems)
                else:
                    where, of = game.where, copy.of
                    print_error(copy_warning(where, game.number, of, copy.occasions))
    except files.FileError as error:
        fail(str(error))
    stats = collector.stats()
    if by in ("player", "event"):
        keys = [row.key for row in stats.rows if isinstance(row.key, str)]
        for line in near_warnings(near_pairs(keys), events=by == "event"):
            print_error(line)
    for view, number in collector.views():
        print_error(view_warning(view.location, number, view.of, view.occasions))
    report.copies, report.views = stats.copies, stats.views
    if html is not None:
        write_page(html, stats_html(stats))
    if as_json:
        console.print(json.dumps(stats_json(stats), indent=2, ensure_ascii=False), markup=False)
    elif html is None:
        _print(console, stats)
    report.finish()


def _size(game: archive.ArchiveGame) -> int:
    return game.size


def _print(console: Console, stats: Stats) -> None:
    for number, renderable in enumerate(stats_tables(stats)):
        if number:
            console.print()
        shown = Uncut(renderable) if isinstance(renderable, Table) else renderable
        console.print(Trimmed(shown))
