"""One picture of the table at a moment, as a standalone SVG document: what ``gargon svg``
writes, and what a notebook shows for a state or a seat's view (their ``_repr_svg_``).

The picture is drawn from what it is handed and from nothing else.  A
:class:`~gargon_notation.engine.GameState` shows everything the record knows (the referee's
view); a :class:`~gargon_notation.engine.SeatView`, or a state with ``seat`` (masked with
:meth:`~gargon_notation.engine.GameState.seen_by` before anything is read), shows what that
seat knew, and that seat sits at the bottom.  The players sit around the table clockwise, each
in a panel framed and named in the seat's ink: the hand, the cards in front (face down while
the card play phase lasts, face up in the battle phase), the won cards by colour with their
counts, and the points so far.  Whose turn it is, who started the round and, at the end, who
won are written in words beside a symbol.  The table in the middle holds the round and step,
both draw piles (their sizes and top cards, from the back) and the discard pile.

Colour is never the only signal: a card shows its colour's letter and symbol
(:mod:`gargon_notation.web.palette`) on its fill, and its value when it is known; a back shows
the letter and symbol on a dashed frame (``X?``, a card of unknown colour: a grey back with a
question mark).  Each part can be found by its class and data attributes, for tests and
style sheets: ``g.player`` (``data-seat``, ``data-player``) holds ``g.hand``, ``g.front`` and
``g.won``; a card is a ``g.card`` whose ``data-card`` is the card as the notation writes it
(``R14``, ``R?``, ``X?``); a won colour is a ``g.won-colour`` with ``data-cards``.

The output is deterministic (the same table gives the same bytes), has no external reference,
and names the font stack :data:`FONT`; the players' names and every other text are escaped.
It is written one element a line (:class:`Writer`), quicker than building a tree.

>>> from gargon_notation.engine import Deal, Game
>>> game = Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Bob", "Cy"))
>>> picture = table_svg(game.snapshot(), step=0)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> print(picture.split("<title>")[1].split("</title>")[0])
Gargon, round 1, step 0: everything the record knows
>>> 'data-card="Y0"' in picture, 'data-card="Y0"' in table_svg(game.view(1))
(True, False)
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator, Sequence

import attrs

from gargon_notation.cards import AnyCard, Card, Colour, hand_order
from gargon_notation.engine import DecisionKind, GameEnded, SeatView
from gargon_notation.engine.scoring import known_totals
from gargon_notation.engine.view import backs
from gargon_notation.engine.wording import cards_text, count_of
from gargon_notation.web.layout import (
    CARD_H,
    CARD_W,
    CHIP_H,
    CHIP_W,
    PAD,
    PANEL_W,
    Layout,
    Spread,
    Table,
)
from gargon_notation.web.palette import PALETTE, SEAT_INKS, UNKNOWN_LOOK, Look

__all__ = ["FONT", "Writer", "table_svg"]

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font stack of every text (DejaVu Sans has every symbol of the palette)."""

INK, GREY, BACKGROUND, PANEL = "#1b1b1b", "#555555", "#f3f1ea", "#ffffff"
TABLE_FILL, TABLE_EDGE = "#dfe9df", "#8aa58a"
"""The picture's own colours, for its frame and words; the cards' and seats' are the palette's."""
NAME_ROOM = 22
"""The characters of a name written in a panel; a longer one is cut with an ellipsis."""

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;"})


def table_svg(table: Table, seat: int | None = None, *, step: int | None = None) -> str:
    """The picture of ``table`` as an SVG document (text, ending with a newline).

    ``table`` is a whole state (everything the record knows) or a seat's view; ``seat`` masks
    a whole state for that seat first (for a view it must be None or the view's own seat).
    ``step`` is written beside the round when given (the state does not know it).  A state
    already masked (``state.seen_by(seat)``) is drawn as it is, but titled as the whole table:
    pass the whole state and ``seat`` to have the picture say whose view it is.  Raises
    :class:`ValueError` for a seat that is not at the table, and for a view with another
    seat.

    >>> from gargon_notation.engine import Deal, Game
    >>> game = Game.new(Deal.from_seed("gargon", players=4))
    >>> bob = table_svg(game.snapshot(), 1)
    >>> bob == table_svg(game.view(1)), 'data-card="Y0"' in bob
    (True, False)
    >>> table_svg(game.view(1), 2)
    Traceback (most recent call last):
    ValueError: this view is seat 1's, not seat 2's
    """
    told = None
    if isinstance(table, SeatView):
        if seat is not None and seat != table.seat:
            raise ValueError(f"this view is seat {table.seat}'s, not seat {seat}'s")
        seat = table.seat
        if table.history and isinstance(table.history[-1], GameEnded):
            told = table.history[-1].totals
    elif seat is not None:
        told = table.score().totals if table.over else None
        table = table.seen_by(seat)  # from here on, only what the seat may see is read
    return _Picture(table, seat, step, _totals(table, told)).document()


def _totals(table: Table, told: tuple[int, ...] | None) -> tuple[int | None, ...] | None:
    """The points so far of each seat whose won cards ``table`` shows, None for the others
    (:func:`~gargon_notation.engine.scoring.known_totals`): a seat
    sees the others' won cards only from the back (unless they are won face up), but it is
    ``told`` the final totals; None when no seat's points are known."""
    try:
        return table.score().totals
    except ValueError:
        if told is not None:
            return told
    known = known_totals(table.won, table.ruleset, table.names)
    return known if any(total is not None for total in known) else None


class Writer:
    """An SVG document's text, one element a line, indented by nesting; every text and
    attribute value is escaped (and stripped of what XML cannot hold).  An attribute's name
    is written with hyphens for underscores (``font_size``: ``font-size``; ``class_``:
    ``class``), its value with :func:`str`.

    >>> writer = Writer()
    >>> with writer.element("g", class_="hand"):
    ...     writer.leaf("text", 'Ann & "Bo" <3', font_size=10)
    >>> print(writer.text(), end="")
    <g class="hand">
     <text font-size="10">Ann &amp; &quot;Bo&quot; &lt;3</text>
    </g>
    """

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def leaf(self, tag: str, text: str | None = None, **attributes: object) -> None:
        """An element without children: empty, or holding ``text``."""
        start = f"{' ' * self.depth}<{tag}{_attributes(attributes)}"
        if text is None:
            self.lines.append(start + " />")
        else:
            self.lines.append(f"{start}>{_escape(text)}</{tag}>")

    @contextlib.contextmanager
    def element(self, tag: str, **attributes: object) -> Iterator[None]:
        """An element whose children are written inside the ``with`` block."""
        self.lines.append(f"{' ' * self.depth}<{tag}{_attributes(attributes)}>")
        self.depth += 1
        yield
        self.depth -= 1
        self.lines.append(f"{' ' * self.depth}</{tag}>")

    def text(self) -> str:
        """The document so far, ending with a newline."""
        return "\n".join(self.lines) + "\n"


def _attributes(attributes: dict[str, object]) -> str:
    return "".join(
        f' {_name(name)}="{value if type(value) is int else _escape(str(value))}"'
        for name, value in attributes.items()
    )


@functools.cache
def _name(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


@functools.lru_cache(maxsize=4096)  # most values recur: fills, sizes, places
def _escape(text: str) -> str:
    return _clean(text).translate(_ESCAPES)


def _clean(text: str) -> str:
    """``text`` with the characters XML cannot hold (controls, lone surrogates) as U+FFFD.

    >>> _clean("Ann\\x01<b>")
    'Ann\\ufffd<b>'
    """
    return _NOT_XML.sub("\ufffd", text)


@attrs.frozen
class _Picture:
    """The drawing of one table; :meth:`document` gives the text."""

    table: Table
    seat: int | None
    step: int | None
    totals: tuple[int | None, ...] | None
    """Each seat's points so far, None where they are hidden (all: None)."""

    def document(self) -> str:
        layout = Layout.of(self.table, self.seat or 0)
        width, height = layout.size
        out = Writer()
        svg = {"viewBox": f"0 0 {width} {height}", "width": width, "height": height}
        with out.element(
            "svg", xmlns="http://www.w3.org/2000/svg", **svg, role="img", font_family=FONT
        ):
            out.leaf("title", self.title())
            out.leaf("desc", self.description())
            out.leaf("rect", width=width, height=height, fill=BACKGROUND)
            self.draw_table(out, layout)
            for seat in range(self.table.players):
                self.draw_player(out, layout, seat)
        return out.text()

    # -- words -------------------------------------------------------------------------------

    def moment(self) -> str:
        step = "" if self.step is None else f", step {self.step}"
        return f"round {self.table.round}{step}"

    def sight(self) -> str:
        if self.seat is None:
            return "everything the record knows"
        return f"as {self.table.names[self.seat]} saw it"

    def title(self) -> str:
        return f"Gargon, {self.moment()}: {self.sight()}"

    def now(self) -> str:
        table = self.table
        if table.over or table.to_act is None:
            return "the game is over"
        asked = table.to_act.kind.value.replace("-", " ")
        return f"{table.names[table.to_act.seat]} to {asked}"

    def points(self, seat: int, hidden: str, shown: Callable[[int], str]) -> str:
        """``seat``'s points so far as ``shown`` writes them, or ``hidden``."""
        total = None if self.totals is None else self.totals[seat]
        return hidden if total is None else shown(total)

    def winners(self) -> tuple[int, ...]:
        totals = [total for total in self.totals or () if total is not None]
        if not self.table.over or not totals or len(totals) != len(self.table.names):
            return ()
        return tuple(seat for seat, total in enumerate(totals) if total == max(totals))

    def front_words(self, seat: int) -> str:
        played = self.table.played[seat]
        if played is None:
            return "In front: not played yet"
        if not played:
            return "In front: passed"
        cards = self.table.front[seat]
        if not cards:
            return "In front: all fought"
        decision = self.table.to_act
        face_down = decision is not None and decision.kind is DecisionKind.PLAY_OR_PASS
        return f"In front, {'face down' if face_down else 'face up'} · {len(cards)}"

    def description(self) -> str:
        table = self.table
        parts = [f"Gargon, {self.moment()}, {self.sight()}: {self.now()}."]
        parts.append(f"{table.names[table.start]} started the round.")
        for seat, name in enumerate(table.names):
            hand = table.hands[seat]
            points = self.points(seat, "points hidden", lambda total: count_of(total, "point"))
            front = self.front_words(seat).replace("In front", "in front")
            if table.front[seat]:
                front += f" ({cards_text(table.front[seat])})"
            parts.append(
                f"{name}: {count_of(len(hand), 'card')} in hand ({cards_text(hand_order(hand))}); "
                f"{front}; won {count_of(len(table.won[seat]), 'card')}; {points}."
            )
        one, two = (count_of(len(pile), "card") for pile in table.piles)
        discard = count_of(len(table.discard), "card")
        parts.append(f"Pile 1: {one}; pile 2: {two}; discard: {discard}.")
        return " ".join(parts)

    # -- the table in the middle -------------------------------------------------------------

    def draw_table(self, out: Writer, layout: Layout) -> None:
        table = self.table
        x, y = layout.table_corner()
        with out.element("g", class_="table", transform=f"translate({x} {y})"):
            out.leaf(
                "rect",
                width=PANEL_W,
                height=layout.panel_height,
                rx=18,
                fill=TABLE_FILL,
                stroke=TABLE_EDGE,
                stroke_width=2,
            )
            middle = PANEL_W / 2
            _text(out, middle, 24, self.moment().capitalize(), size=15, bold=True, anchor="middle")
            marker = "■ " if table.over else "▶ "
            _text(out, middle, 42, marker + self.now(), size=12, anchor="middle")
            _text(out, middle, 58, self.sight(), size=11, fill=GREY, anchor="middle")
            for number, pile in enumerate(table.piles, start=1):
                label = f"Pile {number}"
                _pile(out, 12 + (number - 1) * 98, 74, label, backs(pile[:5]), len(pile))
            _pile(out, 208, 74, "Discard", table.discard[-1:], len(table.discard))
            notes = []
            if table.last_card_taken and not table.over:
                notes.append("A pile is empty: the game ends with this round.")
            if self.totals is None:
                notes.append("Points hidden: won cards lie face down.")
            elif None in self.totals:
                notes.append("Others' points hidden: won cards lie face down.")
            for index, note in enumerate(notes):
                _text(out, middle, 160 + 15 * index, note, size=10, fill=GREY, anchor="middle")

    # -- a player's panel --------------------------------------------------------------------

    def draw_player(self, out: Writer, layout: Layout, seat: int) -> None:
        table = self.table
        x, y = layout.panel_corner(seat)
        name = table.names[seat]
        ink = SEAT_INKS[seat % len(SEAT_INKS)]
        decision = None if table.over else table.to_act
        acting = decision is not None and decision.seat == seat
        with out.element(
            "g", class_="player", data_seat=seat, data_player=name, transform=f"translate({x} {y})"
        ):
            out.leaf(
                "rect",
                width=PANEL_W,
                height=layout.panel_height,
                rx=8,
                fill=PANEL,
                stroke=ink,
                stroke_width=4 if acting else 1.5,
            )
            shown = name if len(name) <= NAME_ROOM else name[: NAME_ROOM - 1] + "…"
            _text(out, PAD, 22, shown, size=16, bold=True, fill=ink, class_="name")
            points = self.points(seat, "? pts", lambda total: f"{total} pts")
            _text(out, PANEL_W - PAD, 22, points, size=14, bold=True, anchor="end", class_="points")
            marks = []
            if acting and decision is not None:
                marks.append("▶ to " + decision.kind.value.replace("-", " "))
            if seat == table.start:
                marks.append("⚑ started the round")
            if seat in self.winners():
                marks.append("♛ winner")
            if seat == self.seat:
                marks.append("◉ this view")
            _text(out, PAD, 38, "   ".join(marks), size=11, class_="marks")
            hand = hand_order(table.hands[seat])
            _text(out, PAD, layout.hand_top - 4, f"Hand · {len(hand)}", size=10, fill=GREY)
            _cards(out, "hand", PAD, layout.hand_top, hand)
            _text(out, PAD, layout.front_top - 4, self.front_words(seat), size=10, fill=GREY)
            _cards(out, "front", PAD, layout.front_top, table.front[seat])
            won = table.won[seat]
            _text(out, PAD, layout.won_top - 4, f"Won · {len(won)}", size=10, fill=GREY)
            _won(out, PAD, layout.won_top, won)


def _look(colour: Colour | None) -> Look:
    return UNKNOWN_LOOK if colour is None else PALETTE[colour]


def _mark(colour: Colour | None) -> str:
    """A colour's letter and symbol (``R▲``); ``?`` for an unknown colour."""
    return UNKNOWN_LOOK.symbol if colour is None else colour.letter + PALETTE[colour].symbol


def _cards(out: Writer, part: str, x: int, y: int, cards: Sequence[AnyCard]) -> None:
    """A group of class ``part`` holding ``cards`` spread in rows (:class:`Spread`)."""
    with out.element("g", class_=part):
        for card, (dx, dy) in zip(cards, Spread.of(len(cards)).places(), strict=True):
            _card(out, card, x + dx, y + dy)


def _won(out: Writer, x: int, y: int, won: Sequence[AnyCard]) -> None:
    """Won cards as one chip a colour: its letter, symbol and count (its cards as a tooltip)."""
    by_colour: dict[Colour | None, list[AnyCard]] = {}
    for card in hand_order(won):
        by_colour.setdefault(card.colour, []).append(card)
    with out.element("g", class_="won"):
        for index, (colour, cards) in enumerate(by_colour.items()):
            look = _look(colour)
            where = f"translate({x + index * (CHIP_W + 4)} {y})"
            with out.element(
                "g", class_="won-colour", data_cards=cards_text(cards), transform=where
            ):
                out.leaf("title", f"{look.name}: {cards_text(cards)}")
                out.leaf(
                    "rect",
                    width=CHIP_W,
                    height=CHIP_H,
                    rx=3,
                    fill=look.fill,
                    stroke=INK,
                    stroke_width=0.8,
                )
                label = f"{_mark(colour)} \N{MULTIPLICATION SIGN}{len(cards)}"
                _text(
                    out, CHIP_W / 2, 13, label, size=10, bold=True, fill=look.ink, anchor="middle"
                )


def _pile(out: Writer, x: int, y: int, label: str, top: Sequence[AnyCard], count: int) -> None:
    """A pile of ``count`` cards headed ``label``, with ``top`` fanned out (the first on top)."""
    with out.element("g", class_="pile", data_pile=label.lower(), data_count=count):
        _text(out, x, y, f"{label} · {count}", size=11, bold=True)
        if not top:
            out.leaf(
                "rect",
                x=x,
                y=y + 6,
                width=CARD_W,
                height=CARD_H,
                rx=4,
                fill="none",
                stroke=GREY,
                stroke_dasharray="3 2",
            )
            _text(out, x + CARD_W + 6, y + 30, "empty", size=10, fill=GREY)
        for index in reversed(range(len(top))):  # the top card last, over the others
            _card(out, top[index], x + 15 * (len(top) - 1 - index), y + 6)


def _card(out: Writer, card: AnyCard, x: float, y: float) -> None:
    """A card at ``(x, y)``: its face (value, letter and symbol), or its back."""
    kind = "card" if isinstance(card, Card) else "card back"
    with out.element(
        "g", class_=kind, data_card=card, transform=f"translate({_number(x)} {_number(y)})"
    ):
        out.lines.extend(_card_inside(card, out.depth))


@functools.cache
def _card_inside(card: AnyCard, depth: int) -> tuple[str, ...]:
    """The lines that draw ``card`` at ``depth``: the same every time, so kept once made."""
    look = _look(card.colour)
    out = Writer()
    out.depth = depth
    out.leaf(
        "rect", width=CARD_W, height=CARD_H, rx=4, fill=look.fill, stroke=INK, stroke_width=0.8
    )
    if isinstance(card, Card):
        _text(out, 4, 15, str(card.value), size=12, bold=True, fill=look.ink)
        _text(out, 4, 27, _mark(card.colour), size=10, fill=look.ink)
        _text(out, CARD_W - 4, CARD_H - 5, look.symbol, size=12, fill=look.ink, anchor="end")
    else:
        out.leaf(
            "rect",
            x=3,
            y=3,
            width=CARD_W - 6,
            height=CARD_H - 6,
            rx=2,
            fill="none",
            stroke=look.ink,
            stroke_width=1,
            stroke_dasharray="3 2",
        )
        _text(out, 6, 17, _mark(card.colour), size=10, bold=True, fill=look.ink)
    return tuple(out.lines)


def _text(
    out: Writer,
    x: float,
    y: float,
    text: str,
    *,
    size: int,
    bold: bool = False,
    fill: str = INK,
    anchor: str | None = None,
    class_: str | None = None,
) -> None:
    """A line of text at ``(x, y)``: where it starts, or its middle or end (``anchor``)."""
    more: dict[str, object] = {}
    if bold:
        more["font_weight"] = "bold"
    if anchor is not None:
        more["text_anchor"] = anchor
    if class_ is not None:
        more["class_"] = class_
    out.leaf("text", text, x=_number(x), y=_number(y), font_size=size, fill=fill, **more)


def _number(value: float) -> str:
    """A coordinate to a tenth, without a needless ``.0``: the same value, the same text.

    >>> _number(12.0), _number(27.777), _number(0.04)
    ('12', '27.8', '0')
    """
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text
