"""The viewer's data as compact JSON, safe to put inside an HTML ``<script>`` element.

Each view's frames are *deltas*: the first frame is whole, each later one holds only the
fields that changed since the frame before it (and, for the fields kept per seat or per
pile, only the seats or piles that changed); a frame's events, notes, problems and written
action belong to it alone.  :func:`expand` undoes it, as the page's script does.  Keys:

==== ================================================ =====================================
key  field of :class:`~gargon_notation.web.frames.Frame`  value
==== ================================================ =====================================
r    round                                            number
s    start                                            seat
a    to_act                                           ``[kind, seat]`` or null (game over)
h    hands                                            ``{seat: cards}``
f    front                                            ``{seat: cards}``
y    played                                           ``{seat: cards | "pass" | null}``
w    won                                              ``{seat: cards}``
q    piles                                            ``{"0" | "1": cards}``
d    discard                                          cards
z    face_down                                        0 or 1
k    pattern                                          ``"2:1"`` or null
o    owed                                             seats
p    possible                                         ``{back: values}``
e    events                                           arrays (docs/viewer.md)
n    notes                                            ``[kind, text]``
x    problems                                         objects
t    written                                          text
==== ================================================ =====================================

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> from gargon_notation.web.frames import game_frames
>>> game = game_frames(record_from_simulation(simulate(3, "demo")), "Bernd")
>>> encoded = encode_game(game)
>>> frames = expand(encoded["views"][0]["frames"])
>>> frames[5]["h"]["1"] == game.views[0].frames[5].hands[1]
True
>>> script_json({"comment": "</script><b>"})
'{"comment":"\\\\u003c/script\\\\u003e\\\\u003cb\\\\u003e"}'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from gargon_notation.engine import Score
from gargon_notation.web.frames import Frame, GameFrames, Json, View

__all__ = ["encode_game", "encode_score", "expand", "script_json"]

_PER_SEAT = ("h", "f", "y", "w", "q")
_OWN = ("e", "n", "x", "t")


def _whole(frame: Frame) -> dict[str, Json]:
    """Every field of a frame under its key (see the module docstring)."""

    def seats(values: Sequence[Json]) -> dict[str, Json]:
        return {str(index): value for index, value in enumerate(values)}

    whole: dict[str, Json] = {
        "r": frame.round,
        "s": frame.start,
        "a": list(frame.to_act) if frame.to_act is not None else None,
        "h": seats(frame.hands),
        "f": seats(frame.front),
        "y": seats(frame.played),
        "w": seats(frame.won),
        "q": seats(frame.piles),
        "d": frame.discard,
        "z": int(frame.face_down),
        "k": frame.pattern,
        "o": list(frame.owed),
        "p": dict(frame.possible),
    }
    if frame.events:
        whole["e"] = list(frame.events)
    if frame.notes:
        whole["n"] = [[note.kind, note.text] for note in frame.notes]
    if frame.problems:
        whole["x"] = [
            {
                "code": problem.code,
                "line": problem.line,
                "column": problem.column,
                "message": problem.message,
                "written": problem.written,
                "repair": problem.repair,
                "follows": problem.follows,
            }
            for problem in frame.problems
        ]
    if frame.written is not None:
        whole["t"] = frame.written
    return whole


def _delta(before: Mapping[str, Json], now: Mapping[str, Json]) -> dict[str, Json]:
    delta: dict[str, Json] = {}
    for key, value in now.items():
        if key in _OWN:
            delta[key] = value
        elif key in _PER_SEAT:
            assert isinstance(value, dict)
            old = before[key]
            assert isinstance(old, dict)
            changed = {seat: cards for seat, cards in value.items() if old.get(seat) != cards}
            if changed:
                delta[key] = changed
        elif before.get(key) != value:
            delta[key] = value
    return delta


def _view(view: View) -> dict[str, Json]:
    frames: list[Json] = []
    before: dict[str, Json] | None = None
    for frame in view.frames:
        now = _whole(frame)
        frames.append(now if before is None else _delta(before, now))
        before = now
    return {"key": view.key, "label": view.label, "seat": view.seat, "frames": frames}


def encode_score(
    score: Score,
    winners: Sequence[int],
    won: Sequence[Sequence[Sequence[int]]],
    legend: Sequence[str],
) -> dict[str, Json]:
    """The score table: per player, per colour ``[cards, amulets, multiplier, bonus,
    points]`` (as :class:`~gargon_notation.engine.ColourScore` has them) and the values won
    (in the order won), the totals, and the table's legend."""
    return {
        "winners": list(winners),
        "legend": list(legend),
        "players": [
            {
                "name": player.name,
                "seat": player.seat,
                "total": player.total,
                "amulets": player.amulets,
                "bonus": player.bonus,
                "colours": [
                    [part.cards, part.amulets, part.multiplier, part.bonus, part.points]
                    for part in player.colours
                ],
                "won": [list(values) for values in won[player.seat]],
            }
            for player in score.players
        ],
    }


def encode_game(game: GameFrames) -> dict[str, Json]:
    """One game's data for the page (every view it holds, and nothing else)."""
    score: Json = None
    if game.score is not None:
        score = {
            "title": game.score_title,
            **encode_score(game.score, game.winners, game.won, game.score_legend),
        }
    return {
        "number": game.number,
        "names": list(game.names),
        "tags": [list(tag) for tag in game.tags],
        "steps": game.steps,
        "totals": [list(totals) for totals in game.totals],
        "score": score,
        "valid": game.valid,
        "finished": game.finished,
        "problemCount": game.problem_count,
        "problems": [
            {"code": p.code, "line": p.line, "column": p.column, "message": p.message}
            for p in game.problems
        ],
        "unchecked": list(game.unchecked),
        "views": [_view(view) for view in game.views],
    }


def expand(frames: Sequence[Json]) -> list[dict[str, Json]]:
    """Whole frames again from a view's deltas (what the page's script does on load)."""
    whole: list[dict[str, Json]] = []
    current: dict[str, Json] = {}
    for delta in frames:
        assert isinstance(delta, dict)
        current = {key: value for key, value in current.items() if key not in _OWN}
        for key, value in delta.items():
            old = current.get(key)
            if key in _PER_SEAT and isinstance(old, dict) and isinstance(value, dict):
                current[key] = {**old, **value}
            else:
                current[key] = value
        whole.append(current)
    return whole


def script_json(value: Json) -> str:
    """``value`` as JSON that can stand inside ``<script type="application/json">``: no
    ``<``, ``>`` or ``&`` (each written ``\\u003c``...), so no text of a record, a comment
    holding ``</script>`` say, can end the element or open another."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
