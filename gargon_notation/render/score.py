"""The score table, as a rich renderable: what each player won in each colour and what it is
worth, fitting an 80-column terminal for five players.

Each player has four lines (one, with nothing won yet): the points per colour and the total;
the cards won, as values under their colour's heading, in the order they were won; the amulets
on them (times the multiplier the colour's 0s give, and the product); and the majority bonus.
Every column adds up: amulet points and bonus make the points.  Two lines under the table say
so, with the ruleset's own numbers.

The table is laid out here, as rich's ``Table`` (simple head, no edge) lays it out within
:class:`~gargon_notation.render.uncut.Uncut`, character for character and style for style: a
column is as wide as its widest cell; when the console is narrower than that, the colour
columns give way, widest first, and their cells wrap between values; only then do all columns
shrink, none below its longest value or figure (a name stays whole): on a console too narrow
for that, the lines run past its width.  (``whole=False``: as rich's ``Table`` alone, a value
that does not fit ends in ``…``; ``compact``, for the recorder's pane: colour letters head the
columns when the names do not fit.)  Drawing
it directly makes ``gargon score`` several times faster than building a ``Table``.

>>> import io
>>> from rich.console import Console
>>> from gargon_notation.bots import simulate
>>> state = simulate(players=3, seed="demo").game.snapshot()
>>> console = Console(file=io.StringIO(), width=80, no_color=True)
>>> console.print(scoreboard(state))
>>> print("\\n".join(line.rstrip() for line in console.file.getvalue().splitlines()))
                                     Score
Player      white     blue       violet    yellow     red       green      Total
────────────────────────────────────────────────────────────────────────────────
Adam        22        -          3         8          21        4             58
  won       4 9 10               8 10      14 1 12    1 0 8     11 14 8
            0 13                           9          12        10
  amulets   6x2=12               3         8          8x2=16    4             43
  bonus     +10                                       +5                     +15
<BLANKLINE>
Bernd *     3         0          3         58         14        28           106
  won       8 14 12   0 15       11 7      3 4 0 15   15 11 2   1 12 5 0
                                           0 2        4         15
  amulets   3         0x2=0      3         12x4=48    9         9x2=18        81
  bonus                                    +10        +5        +10          +25
<BLANKLINE>
Collette    14        23         24        3          14        5             83
  won       7 3 6 1   12 5 8     14 0 15   11 8       9 5 3     6 7
                      14 9 2     5 3                  13
  amulets   14        13         7x2=14    3          9         5             58
  bonus               +10        +10                  +5                     +25
won: in the order won; amulets: x2 with one 0, x4 with both 0s
bonus: +10 for most cards of a colour, +5 each on a tie; * winner
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, RenderResult
from rich.control import strip_control_codes
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from gargon_notation.cards import AnyCard, Card, Colour
from gargon_notation.engine import ColourScore, GameState
from gargon_notation.engine.scoring import score_legend
from gargon_notation.render.style import COLOUR_STYLES

__all__ = ["ScoreTable", "scoreboard"]

Styles = tuple[str, ...]
"""Names of rich styles (or style definitions) added up, in order; none: unstyled."""

Run = tuple[str, Styles]
"""Text in its styles: printed as one segment."""

HEADER: Styles = ("table.header",)
BOLD: Styles = ("bold",)
DIM: Styles = ("dim",)
WINNER: Styles = ("bold", "bold yellow")

PADDING = ((0, 1), *[(1, 1)] * len(Colour), (1, 0))
"""The spaces left and right of each column's cells: none at the table's edges."""

DIVIDERS = len(PADDING) - 1
"""One character between two columns."""

COLOURS = range(1, 1 + len(Colour))
"""The colour columns: the only ones narrower than their widest cell when space is short."""

FIGURES = range(1, len(PADDING))
"""The columns after the names: ASCII (values, figures, headings), one cell a character."""

TITLE: Styles = ("table.title",)
NEWLINE: Run = ("\n", ())


@attrs.frozen
class Cell:
    """``text`` in ``styles``, then (a winner's star) ``mark`` in ``mark_styles``."""

    text: str
    styles: Styles = ()
    mark: str = ""
    mark_styles: Styles = ()


@attrs.frozen
class Row:
    """A line of cells, a column each; a blank line follows the last line of a player."""

    cells: tuple[Cell, ...]
    ends_section: bool = False


HEADINGS = Row(
    (
        Cell("Player", HEADER),
        *(Cell(colour.name.lower(), (*HEADER, COLOUR_STYLES[colour])) for colour in Colour),
        Cell("Total", HEADER),
    )
)

LETTER_HEADINGS = Row(
    (
        Cell("Player", HEADER),
        *(Cell(colour.value, (*HEADER, COLOUR_STYLES[colour])) for colour in Colour),
        Cell("Total", HEADER),
    )
)
"""The headings of a :attr:`ScoreTable.compact` table too narrow for the colours' names: the
notation's letters (W B V Y R G), in their colours."""


@attrs.frozen
class ScoreTable:
    """The score table and its legend, a rich renderable.

    It is drawn as rich draws a ``Table`` with a simple head and no edge (ASCII on a console
    that can only write ASCII): a column is as wide as its widest cell and the table as wide
    as its columns; on a console too narrow for it, the colour columns shrink, the widest
    first, their values wrapping, then all columns evenly, none (with :attr:`whole`) below
    what keeps each of its cells whole.
    A title heads the table; the legend's lines follow it, broken between words on a
    console narrower than they are (also where the table's lines run past its edge).
    """

    rows: tuple[Row, ...]
    legend: tuple[str, ...]
    whole: bool = True
    """No cell cut: no column narrower than its longest word (a name, a figure: its whole
    cell), the lines running past a console too narrow for that (print with ``crop=False``),
    as :class:`~gargon_notation.render.uncut.Uncut` draws a ``Table``.  False: cut with
    ``…`` to fit, as rich's ``Table`` itself (a pane that crops what runs past its edge)."""
    compact: bool = False
    """For a pane beside the record: the colour columns headed by their letters (``W B V Y
    R G``) when the colours' names would make the table wider than the space it has, and
    the columns narrowed evenly to that space whenever their least widths fit in it (rich's
    ``Table``, which the default follows, may run past it by a few columns)."""

    def headings(self, available: int) -> Row:
        """The headings for a table of at most ``available`` cells without its dividers."""
        if self.compact and sum(self._least(HEADINGS)) > available:
            return LETTER_HEADINGS
        return HEADINGS

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        heads = self.headings(options.max_width - DIVIDERS)
        runs = self._table(self.widths(options.max_width - DIVIDERS), options, heads)
        direct_legend = options.overflow == "ignore" or options.justify in (None, "default")
        if direct_legend:  # broken between words, also where the lines of the table run long
            for line in self.legend:
                for part in _wrapped(line, options.max_width):
                    runs += [(part, DIM), NEWLINE]
        if console.color_system is None and not console.record:
            yield Segment("".join([text for text, _ in runs]))  # styles would print nothing
        else:
            styles: dict[Styles, Style | None] = {(): None}
            for text, names in runs:
                if names not in styles:
                    styles[names] = sum(map(console.get_style, names), Style())
                yield Segment(text, styles[names])
        if not direct_legend:
            yield from (Text(line, style="dim") for line in self.legend)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        """From the widest word of each column and of the legend to the natural width."""
        least_heads = LETTER_HEADINGS if self.compact else HEADINGS
        words = [
            max(
                cell_len(word)
                for row in (least_heads, *self.rows)
                for word in row.cells[column].text.split() or [""]
            )
            + left
            + right
            for column, (left, right) in enumerate(PADDING)
        ]
        legend_words = [cell_len(word) for line in self.legend for word in line.split()]
        legend = [cell_len(line) for line in self.legend]
        natural = self.widths(options.max_width - DIVIDERS)
        if self.whole:
            least = sum(self._least(least_heads)) + DIVIDERS
            return Measurement(max(least, *legend_words), max(sum(natural) + DIVIDERS, *legend))
        return Measurement(
            max(sum(words) + DIVIDERS, *legend_words), max(sum(natural) + DIVIDERS, *legend)
        ).with_maximum(options.max_width)

    def _least(self, heads: Row) -> list[int]:
        """Each column's width, its padding included, that cuts none of its cells (headed by
        ``heads``): the name and its mark whole, the longest value or figure of the others."""
        rows = (heads, *self.rows)
        names = max(cell_len(row.cells[0].text + row.cells[0].mark) for row in rows)
        words = [
            max(len(word) for row in rows for word in row.cells[column].text.split() or [""])
            for column in FIGURES
        ]
        return [
            width + left + right
            for width, (left, right) in zip([names, *words], PADDING, strict=True)
        ]

    def widths(self, available: int) -> list[int]:
        """Each column's width, its padding included, for a table of at most ``available``
        cells without its dividers (shared out as rich's ``Table`` does)."""
        available = max(0, available)
        heads = self.headings(available)
        least = self._least(heads)
        if self.whole:  # as Uncut lays out a Table: no narrower than its columns' least
            available = max(available, sum(least))
        rows = (heads, *self.rows)
        names = max(cell_len(row.cells[0].text + row.cells[0].mark) for row in rows)
        natural = [names, *(max(len(row.cells[column].text) for row in rows) for column in FIGURES)]
        widths = [
            max(1, min(available, width + left + right))
            for width, (left, right) in zip(natural, PADDING, strict=True)
        ]
        excess = sum(widths) - available
        while excess > 0:
            widest = max(widths[column] for column in COLOURS)
            second = max(
                (widths[column] for column in COLOURS if widths[column] != widest), default=0
            )
            if widest == second:
                break
            shares = [
                int(column in COLOURS and width == widest) for column, width in enumerate(widths)
            ]
            widths = _reduced(excess, shares, [min(excess, widest - second)] * len(widths), widths)
            excess = sum(widths) - available
        if excess > 0:
            widths = _reduced(excess, [1] * len(widths), widths, widths)
        if self.whole:  # as rich's Table widens a column back to its minimum width
            widths = [max(width, low) for width, low in zip(widths, least, strict=True)]
            if self.compact:  # a pane: narrower than rich's Table when the least widths fit
                widths = _within(widths, least, available)
        return widths

    def _table(self, widths: list[int], options: ConsoleOptions, heads: Row) -> list[Run]:
        """The title and the table, line by line, headed by ``heads``."""
        table_width = sum(widths) + DIVIDERS
        divider, head_rule, head_cross, rule, cross = (
            ("|", "-", "+", "-", "+") if options.ascii_only else (" ", "─", "─", " ", " ")
        )
        title = "Score"
        if options.overflow != "ignore":  # centred (the dividers alone are wider than it)
            title = (" " * ((table_width - len(title)) // 2) + title).ljust(table_width)
        runs = [(title, TITLE), NEWLINE]
        runs += _row(heads, widths, divider, HEADER, header=True)
        runs += [(head_cross.join(head_rule * width for width in widths), ()), NEWLINE]
        section = (cross.join(rule * width for width in widths), ())
        for row in self.rows:
            runs += _row(row, widths, divider, (), header=False)
            if row.ends_section:
                runs += [section, NEWLINE]
        return runs


def _within(widths: list[int], least: list[int], available: int) -> list[int]:
    """``widths`` narrowed evenly to ``available`` in all, none below its ``least``: widened
    back to their least widths, the columns cut evenly may be wider in all than the least
    widths, which fit (rich's ``Table`` leaves them so, and the table runs past its space).

    >>> _within([10, 9, 9, 6], [10, 5, 8, 6], 31)
    [10, 7, 8, 6]
    """
    excess = sum(widths) - available
    while excess > 0:
        room = [max(0, width - low) for width, low in zip(widths, least, strict=True)]
        if not any(room):
            break
        reduced = _reduced(excess, [int(space > 0) for space in room], room, widths)
        if reduced == widths:  # rounding took nothing: the roomiest column, by one
            column = room.index(max(room))
            reduced = [*widths[:column], widths[column] - 1, *widths[column + 1 :]]
        widths = reduced
        excess = sum(widths) - available
    return widths


def _reduced(excess: int, shares: list[int], most: list[int], widths: list[int]) -> list[int]:
    """``widths`` less ``excess`` in all, shared out by ``shares``, at most ``most`` each (as
    rich's ``ratio_reduce``, with its rounding)."""
    shares = [share if limit else 0 for share, limit in zip(shares, most, strict=True)]
    total_share = sum(shares)
    reduced = []
    for share, limit, width in zip(shares, most, widths, strict=True):
        if share and total_share > 0:
            taken = min(limit, round(share * excess / total_share))
            reduced.append(width - taken)
            excess -= taken
            total_share -= share
        else:
            reduced.append(width)
    return reduced


def _row(row: Row, widths: list[int], divider: str, styles: Styles, header: bool) -> list[Run]:
    """A row's lines: its cells padded to their column's width (``styles``: the padding's)
    and side by side, a shorter cell filled with blank lines (above it in the header)."""
    cells = [
        _cell_lines(cell, column, width, styles)
        for column, (cell, width) in enumerate(zip(row.cells, widths, strict=True))
    ]
    height = max(1, *map(len, cells))
    for lines, width in zip(cells, widths, strict=True):
        if len(lines) < height:
            blanks = [[(" " * width, styles)]] * (height - len(lines))
            lines[:] = blanks + lines if header else lines + blanks
    runs: list[Run] = []
    for line in range(height):
        runs += cells[0][line]
        for lines in cells[1:]:
            runs.append((divider, ()))
            runs += lines[line]
        runs.append(NEWLINE)
    return runs


def _cell_lines(cell: Cell, column: int, width: int, styles: Styles) -> list[list[Run]]:
    """A cell's lines, each ``width`` wide with the padding (in ``styles``)."""
    left, right = PADDING[column]
    inner = width - left - right
    if inner < 1:
        return []  # no room: blank, as rich draws nothing in no space
    if column == 0:
        lines = [_marked(cell, inner)]
    elif column in COLOURS:
        lines = [[(_fitted(text, inner), cell.styles)] for text in _wrapped(cell.text, inner)]
    else:
        lines = [[(_fitted(cell.text, inner, right=True), cell.styles)]]
    before = [(" " * left, styles)] if left else []
    after = [(" " * right, styles)] if right else []
    return [before + line + after for line in lines]


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` broken between words into lines of at most ``width`` characters (a longer
    word alone on its line)."""
    if len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


def _fitted(text: str, width: int, right: bool = False) -> str:
    """``text`` (ASCII) padded to ``width`` (on the left when ``right``), or cut with ``…``."""
    if len(text) > width:
        return text[: width - 1] + "…"
    return text.rjust(width) if right else text.ljust(width)


def _marked(cell: Cell, width: int) -> list[Run]:
    """A name and its mark, in their styles, padded to ``width`` cells or cut with ``…``
    (which takes the style of the character it replaces)."""
    text, mark = cell.text, cell.mark
    if cell_len(text + mark) > width:
        cut = set_cell_size(text + mark, width - 1) + "…"
        text, mark = cut[: len(text)], cut[len(text) :]
    padding = " " * (width - cell_len(text + mark))
    if not mark:
        return [(text + padding, cell.styles)]
    return [(text, cell.styles), (mark, cell.mark_styles), (padding, cell.styles)]


def scoreboard(
    state: GameState, final: bool | None = None, *, whole: bool = True, compact: bool = False
) -> ScoreTable:
    """The score of the cards won at ``state``, and a legend: final (the winners marked
    ``*``) when ``final``, by default when the game is over; so far otherwise.  ``whole``:
    no cell is cut on a narrow console (:attr:`ScoreTable.whole`); ``compact``: colour
    letters head the columns when the names do not fit (:attr:`ScoreTable.compact`).

    Raises :class:`ValueError` for a view that hides won cards: they cannot be scored.
    """
    score = state.score()
    if final is None:
        final = state.over
    winners = set(score.winners) if final else set()
    last = len(score.players) - 1
    rows: list[Row] = []
    for player in score.players:
        name = strip_control_codes(player.name).expandtabs(8)
        mark = " *" if player.seat in winners else ""
        parts = player.colours
        points = (
            Cell(name, BOLD, mark, WINNER),
            *map(_points, parts),
            Cell(str(player.total), BOLD),
        )
        if not state.won[player.seat]:
            rows.append(Row(points, ends_section=player.seat != last))
            continue
        won = _by_colour(state.won[player.seat])
        bonus = _bonus(player.bonus) or "0"
        rows += [
            Row(points),
            Row((Cell("  won", DIM), *map(_values, won), Cell(""))),
            Row((Cell("  amulets", DIM), *map(_amulets, parts), Cell(str(player.amulets)))),
            Row(
                (Cell("  bonus", DIM), *(Cell(_bonus(part.bonus)) for part in parts), Cell(bonus)),
                ends_section=player.seat != last,
            ),
        ]
    legend = score_legend(state.ruleset, winner=bool(winners))
    return ScoreTable(tuple(rows), legend, whole, compact)


def _by_colour(won: Sequence[AnyCard]) -> list[list[Card]]:
    """The cards won, colour by colour (canonical order), each colour's in the order won."""
    columns: list[list[Card]] = [[] for _ in Colour]
    for card in won:
        assert isinstance(card, Card)  # GameState.score refuses hidden won cards
        columns[card.colour.index].append(card)
    return columns


def _points(part: ColourScore) -> Cell:
    return Cell(str(part.points), BOLD) if part.cards else Cell("-", DIM)


def _values(cards: list[Card]) -> Cell:
    if not cards:
        return Cell("")
    return Cell(" ".join(str(card.value) for card in cards), (COLOUR_STYLES[cards[0].colour],))


def _amulets(part: ColourScore) -> Cell:
    if not part.cards:
        return Cell("")
    if part.multiplier == 1:
        return Cell(str(part.amulets))
    return Cell(f"{part.amulets}x{part.multiplier}={part.amulets * part.multiplier}")


def _bonus(bonus: int) -> str:
    return f"+{bonus}" if bonus else ""
