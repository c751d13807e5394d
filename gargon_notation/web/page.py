"""The viewer page: one self-contained HTML file (its style, script and data inline; nothing
fetched from the network) that replays games step by step in a browser.

A page holds one game, or several with an index (event, date, players, result) and hash
routing: ``#game=2&step=5&view=1`` opens game 2 at step 5 as seat 1 saw it (``#step=37``
alone for a page of one game).  Each game's data sits in a ``<script
type="application/json">`` element of its own, read only when the game is opened, so a page
of many games opens as fast as a page of one.  A page made for one seat (``seat``) holds that
seat's view only: no other view's data is anywhere in it.

The page's read-only test surface (docs/viewer.md): ``html[data-ready]`` once drawn; ``#where``
with ``data-step``, ``data-round``, ``data-view`` and ``data-game``; each seat a
``.seat[data-seat=N]`` holding ``[data-zone=hand|front|won|points]``; the piles
``[data-zone=pile1|pile2|discard]`` with ``data-count``; every card a ``.card[data-card]``
whose value is its text (``R14``, ``R?``); the score table ``#score-table`` with a
``tr[data-seat]`` per player and ``td[data-total]``.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> page = html_page(record_from_simulation(simulate(3, "demo")), seat="Bernd")
>>> page.startswith("<!DOCTYPE html>"), "http" in page.replace("http://www.w3.org", "")
(True, False)
>>> '"key":"0"' in page, '"key":"1"' in page
(False, True)
"""

from __future__ import annotations

import html
import importlib.resources
from collections.abc import Callable, Iterable, Sequence
from functools import cache, partial
from pathlib import Path

from gargon_notation import __version__
from gargon_notation.cards import Colour
from gargon_notation.errors import NotationError, html_text
from gargon_notation.mentions import mask_mentions
from gargon_notation.notation import GameRecord
from gargon_notation.replay import Replay
from gargon_notation.web.data import encode_game, script_json
from gargon_notation.web.frames import GameFrames, Json, game_frames
from gargon_notation.web.notes import GLYPH_MEANINGS
from gargon_notation.web.palette import PALETTE, SEAT_INKS, UNKNOWN_LOOK

__all__ = ["Item", "games_page", "html_page", "notebook_html"]

Item = tuple[int, GameRecord | NotationError]
"""A game of a file: its number (from 1) and its record, or why it could not be read."""


@cache
def _asset(name: str) -> str:
    return importlib.resources.files("gargon_notation.web").joinpath(name).read_text("utf-8")


def _palette_css() -> str:
    rules = [
        f".c-{colour.value}{{--fill:{look.fill};--ink:{look.ink}}}"
        for colour, look in PALETTE.items()
    ]
    rules.append(f".c-X{{--fill:{UNKNOWN_LOOK.fill};--ink:{UNKNOWN_LOOK.ink}}}")
    return "\n".join(rules)


def _palette_json() -> dict[str, Json]:
    looks: dict[str, Json] = {
        colour.value: {"name": look.name, "symbol": look.symbol} for colour, look in PALETTE.items()
    }
    looks["X"] = {"name": UNKNOWN_LOOK.name, "symbol": UNKNOWN_LOOK.symbol}
    return looks


_SKELETON = """<header id="topbar">
<a id="to-index" href="#" class="hidden">&larr; All games</a>
<h1 id="title" tabindex="-1"></h1>
<p id="subtitle"></p>
</header>
<main>
<section id="index" class="hidden" aria-label="Games">
<table class="index"><thead><tr><th scope="col">Game</th><th scope="col">Event</th>
<th scope="col">Date</th><th scope="col">Players</th><th scope="col">Result</th></tr></thead>
<tbody id="index-body"></tbody></table>
</section>
<section id="game" class="hidden">
<nav id="controls" aria-label="Step through the game">
<span class="buttons">
<button id="first" type="button" title="First step (Home)"
 aria-label="First step" aria-keyshortcuts="Home">&laquo;</button>
<button id="prev" type="button" title="Previous step (left arrow)"
 aria-label="Previous step" aria-keyshortcuts="ArrowLeft">&lsaquo;</button>
<button id="next" type="button" title="Next step (right arrow)"
 aria-label="Next step" aria-keyshortcuts="ArrowRight">&rsaquo;</button>
<button id="last" type="button" title="Last step (End)"
 aria-label="Last step" aria-keyshortcuts="End">&raquo;</button>
</span>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="Step">
<label>Round <select id="round" aria-label="Jump to a round"></select></label>
<label>View as <select id="view" aria-label="View as"></select></label>
<output id="where" aria-live="off"></output>
</nav>
<p id="keys" class="muted">Keys: &larr; &rarr; a step, Home / End the first / last step,
Page Up / Page Down the previous / next round.</p>
<p id="said" class="unseen" aria-live="polite" aria-atomic="true"></p>
<div id="banner" class="hidden" role="alert"></div>
<div id="problems"></div>
<div id="table" tabindex="-1" role="group" aria-label="The table"></div>
<p id="possible-info" class="muted"></p>
<p id="score-hint" class="muted hidden">The score table is shown at the last step (End).</p>
<section id="score" class="panel"></section>
<section id="tags" class="panel"></section>
</section>
</main>
<noscript><p>This page replays Gargon games with JavaScript: please allow it.</p></noscript>
"""


def _entry(
    number: int, item: GameRecord | NotationError, game: GameFrames | None, label: str | None
) -> dict[str, Json]:
    """The index's line for a game: ``number`` on the page, ``label`` (None: ``Game N``) in
    the index and the title."""
    name = label or f"Game {number}"
    named: dict[str, Json] = {} if label is None else {"label": label}
    if isinstance(item, NotationError):
        return named | {
            "number": number,
            "id": None,
            "title": f"{name} (unreadable)",
            "event": "",
            "date": "",
            "players": [],
            "result": "unreadable",
            "problem": {
                "code": "syntax",
                "line": item.line,
                "column": item.column,
                "message": item.message,
            },
        }
    assert game is not None
    tags = dict(reversed(game.tags))  # the first tag of a name wins
    if not game.valid:
        result = (
            f"invalid record ({game.problem_count} problem{'s' if game.problem_count != 1 else ''})"
        )
    elif game.finished:
        winners = " and ".join(game.names[seat] for seat in game.winners)
        result = f"won by {winners}"
    else:
        result = "unfinished"
    event = tags.get("Event", "")
    return named | {
        "number": number,
        "id": f"gargon-game-{number}",
        "title": f"{name}: {event}" if event else name,
        "event": event,
        "date": tags.get("Date", ""),
        "players": list(game.names),
        "result": result,
    }


def _document(title: str, index: dict[str, Json], games: Sequence[tuple[int, GameFrames]]) -> str:
    parts = [
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        f'<meta name="generator" content="gargon-notation {__version__}">\n',
        f"<title>{html_text(title)}</title>\n<style>\n",
        _asset("viewer.css"),
        _palette_css(),
        "\n</style>\n</head>\n<body>\n",
        _SKELETON,
        f'<script type="application/json" id="gargon-index">{script_json(index)}</script>\n',
    ]
    for number, game in games:
        data = script_json(encode_game(game))
        parts.append(f'<script type="application/json" id="gargon-game-{number}">{data}</script>\n')
    parts += ["<script>\n", _asset("viewer.js"), "</script>\n</body>\n</html>\n"]
    return "".join(parts)


def games_page(
    items: Iterable[Item],
    seat: str | int | None = None,
    *,
    title: str | None = None,
    sources: bool = False,
    replayed: Callable[[Item, Replay | None], object] | None = None,
) -> str:
    """The page of the games ``items`` (numbers and records, or the errors of games that
    could not be read); with ``seat``, each game only as that player saw it.  Each game is
    replayed once; ``replayed``, when given, is told of each item in turn with its replay
    (None for a game that could not be read), to tell its problems in order, say.

    With ``sources`` the games come from several files: the page numbers them from 1
    (``#game=N``), and each is named by its file and its number there (``club.ggn game 2``),
    in the index and in its title.

    Raises :class:`~gargon_notation.seats.SeatError` when ``seat`` is not at the table of
    one of the games.
    """
    entries: list[Json] = []
    games: list[tuple[int, GameFrames]] = []
    for place, (number, item) in enumerate(items, start=1):
        game = None
        label = f"{item.source} game {number}" if sources else None
        key = place if sources else number
        if isinstance(item, NotationError):
            if replayed is not None:
                replayed((number, item), None)
            if seat is not None:
                item = NotationError(
                    mask_mentions(item.message, {}),
                    source=item.source,
                    line=item.line,
                    column=item.column,
                )
        else:
            told = None if replayed is None else partial(replayed, (number, item))
            game = game_frames(item, seat, game_number=number, replayed=told)
            games.append((key, game))
        entries.append(_entry(key, item, game, label))
    if title is None:
        title = _title(games, len(entries))
    index: dict[str, Json] = {
        "title": title,
        "colours": [colour.value for colour in Colour],
        "palette": _palette_json(),
        "inks": list(SEAT_INKS),
        "glyphs": dict(GLYPH_MEANINGS),
        "games": entries,
    }
    return _document(title, index, games)


def _title(games: Sequence[tuple[int, GameFrames]], count: int) -> str:
    """A page's title: the event of its one game, else the name of the file of its games."""
    if count == 1 and len(games) == 1:
        event = dict(reversed(games[0][1].tags)).get("Event")
        if event:
            return event
    sources = {game.source for _, game in games if game.source != "<string>"}
    if len(sources) == 1:
        return Path(sources.pop()).name
    return "Gargon game" if count == 1 else "Gargon games"


def html_page(
    records: GameRecord | Iterable[GameRecord | NotationError], seat: str | int | None = None
) -> str:
    """The viewer page of one record, or of several (with an index), numbered from 1; with
    ``seat`` (a player's name, or a seat number from 0), holding only what that player saw.

    Raises :class:`~gargon_notation.seats.SeatError` for a ``seat`` not at a game's table.
    """
    if isinstance(records, GameRecord):
        return games_page([(1, records)], seat)
    return games_page(enumerate(records, start=1), seat)


def notebook_html(page: str, height: int = 720) -> str:
    """``page`` inline in a notebook: an ``<iframe>`` whose ``srcdoc`` is the page, its
    scripts sandboxed (they cannot reach the notebook).

    >>> print(notebook_html("<p>a & b</p>", height=300).replace('" ', '"\\n '))
    <iframe srcdoc="&lt;p&gt;a &amp; b&lt;/p&gt;"
     sandbox="allow-scripts"
     style="width:100%;height:300px;border:0"
     title="Gargon viewer"></iframe>
    """
    return (
        f'<iframe srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
        f'style="width:100%;height:{height}px;border:0" title="Gargon viewer"></iframe>'
    )
