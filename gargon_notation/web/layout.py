"""Where the parts of a table's picture go (:mod:`gargon_notation.web.svg` draws them).

The picture is a grid of cells three panels wide: the table in the middle and the players
around it, clockwise from the bottom (:data:`SLOTS`).  Every panel has the same parts at the
same heights (name, hand, cards in front, won cards), as tall as the largest hand and the most
cards in front need; cards overlap, and wrap to more rows, to fit the panel's width
(:class:`Spread`).

>>> from gargon_notation.engine import Deal, Game
>>> layout = Layout.of(Game.new(Deal.from_seed("gargon", players=4)).snapshot(), bottom=0)
>>> layout.size, layout.panel_corner(0), layout.table_corner()
((948, 696), (324, 468), (324, 240))
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

import attrs

from gargon_notation.engine import GameState, SeatView

__all__ = ["SLOTS", "Layout", "Spread", "Table"]

Table: TypeAlias = GameState | SeatView
"""What a picture is drawn from: a whole state, or what one seat knew."""

CARD_W, CARD_H = 30, 44
MIN_STEP = 18
"""The least distance between overlapping cards: the value in the corner stays readable."""
ROW_GAP = 4
PANEL_W, PAD, GAP = 300, 10, 12
INNER = PANEL_W - 2 * PAD
HEADER, LABEL, CHIP_W, CHIP_H = 44, 16, 42, 18

SLOTS: dict[int, tuple[tuple[int, int], tuple[tuple[int, int], ...]]] = {
    3: ((1, 0), ((1, 1), (0, 0), (2, 0))),
    4: ((1, 1), ((1, 2), (0, 1), (1, 0), (2, 1))),
    5: ((1, 1), ((1, 2), (0, 1), (0, 0), (2, 0), (2, 1))),
}
"""Per number of players: the table's cell (column, row), and the cells around it clockwise
from the bottom."""


@attrs.frozen
class Spread:
    """How ``count`` cards lie in a width: ``per_row`` a row, ``step`` apart (overlapping when
    less than a card is wide), in as many rows as keep ``step`` at least :data:`MIN_STEP`.

    >>> Spread.of(8).rows, Spread.of(20).rows, Spread.of(20).per_row, Spread.of(20).step
    (1, 2, 10, 27.77...)
    """

    count: int
    per_row: int
    step: float

    @classmethod
    def of(cls, count: int, width: int = INNER) -> Spread:
        """The spread of ``count`` cards in ``width`` (points)."""
        fits = (width - CARD_W) // MIN_STEP + 1
        rows = max(1, -(-count // fits))
        per_row = max(1, -(-count // rows))
        step = min(CARD_W + 2, (width - CARD_W) / (per_row - 1)) if per_row > 1 else 0.0
        return cls(count, per_row, step)

    @property
    def rows(self) -> int:
        """How many rows the cards take (one even when there is none)."""
        return max(1, -(-self.count // self.per_row))

    @property
    def height(self) -> int:
        """The height the rows take."""
        return self.rows * CARD_H + (self.rows - 1) * ROW_GAP

    def places(self) -> Iterator[tuple[float, float]]:
        """Each card's top-left corner, from the first card to the last."""
        for index in range(self.count):
            row, column = divmod(index, self.per_row)
            yield column * self.step, row * (CARD_H + ROW_GAP)


@attrs.frozen
class Layout:
    """Where everything goes: the cells of the panels, and the height of each panel's parts
    (the same in every panel, so that they line up)."""

    players: int
    bottom: int
    """The seat drawn at the bottom: the viewer's, or the first."""
    hand_height: int
    front_height: int

    @classmethod
    def of(cls, table: Table, bottom: int) -> Layout:
        """The layout of ``table`` with ``bottom`` at the bottom."""
        hands = max(Spread.of(len(hand)).height for hand in table.hands)
        fronts = max(Spread.of(len(front)).height for front in table.front)
        return cls(len(table.names), bottom, hands, fronts)

    @property
    def hand_top(self) -> int:
        """Where a panel's hand begins (its label above it), from the panel's top."""
        return HEADER + LABEL

    @property
    def front_top(self) -> int:
        """Where a panel's cards in front begin."""
        return self.hand_top + self.hand_height + LABEL + 4

    @property
    def won_top(self) -> int:
        """Where a panel's won cards begin."""
        return self.front_top + self.front_height + LABEL + 4

    @property
    def panel_height(self) -> int:
        """The height of every panel, and of the table (enough for its piles and notes)."""
        return max(self.won_top + CHIP_H + PAD, 190)

    @property
    def rows(self) -> int:
        """How many rows of panels the picture has (two for three players, else three)."""
        return 1 + max(row for _, row in (self._cells[0], *self._cells[1]))

    @property
    def size(self) -> tuple[int, int]:
        """The picture's width and height."""
        return 3 * PANEL_W + 4 * GAP, self.rows * self.panel_height + (self.rows + 1) * GAP

    @property
    def _cells(self) -> tuple[tuple[int, int], tuple[tuple[int, int], ...]]:
        return SLOTS[self.players]

    def _at(self, cell: tuple[int, int]) -> tuple[int, int]:
        return GAP + cell[0] * (PANEL_W + GAP), GAP + cell[1] * (self.panel_height + GAP)

    def table_corner(self) -> tuple[int, int]:
        """The top-left corner of the table in the middle."""
        return self._at(self._cells[0])

    def panel_corner(self, seat: int) -> tuple[int, int]:
        """The top-left corner of ``seat``'s panel."""
        return self._at(self._cells[1][(seat - self.bottom) % self.players])
