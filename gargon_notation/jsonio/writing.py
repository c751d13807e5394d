"""Records to JSON: a document, JSON Lines, one game object (see :mod:`gargon_notation.jsonio`)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from gargon_notation.cards import AnyCard
from gargon_notation.jsonio.form import FORMAT, MINOR_EVENTS, VERSION, EventsFunction
from gargon_notation.notation import model


def _comments(out: dict[str, Any], comments: Sequence[model.Comment]) -> None:
    if comments:
        out["comments"] = [{"kind": c.kind.value, "text": c.text} for c in comments]


def _annotation(out: dict[str, Any], element: model.Action) -> None:
    if element.glyph is not None:
        out["glyph"] = element.glyph
    if element.nags:
        out["nags"] = list(element.nags)
    _comments(out, element.comments)


def _cards(cards: Iterable[AnyCard]) -> list[str]:
    return [str(card) for card in cards]


def _draw(draw: model.Draw) -> dict[str, Any]:
    out: dict[str, Any] = {"player": draw.player}
    if draw.pile is None:
        out["forgot"] = True
    else:
        out["pile"] = draw.pile
        if draw.seen is not None:
            out["seen"] = str(draw.seen)
    _annotation(out, draw)
    return out


def _action(action: model.Play | model.Pass) -> dict[str, Any]:
    out: dict[str, Any]
    if isinstance(action, model.Play):
        out = {"type": "play", "player": action.player, "cards": _cards(action.cards)}
    else:
        draws = []
        for draw in action.draws:
            entry: dict[str, Any] = {"pile": draw.pile}
            if draw.seen is not None:
                entry["seen"] = str(draw.seen)
            draws.append(entry)
        out = {"type": "pass", "player": action.player, "draws": draws}
    _annotation(out, action)
    return out


def _battle(battle: model.Battle) -> dict[str, Any]:
    out: dict[str, Any] = {"colour": battle.colour.value}
    if battle.winners is not None:
        out["winners"] = list(battle.winners)
    if battle.draws:
        out["draws"] = [_draw(draw) for draw in battle.draws]
    _annotation(out, battle)
    return out


def _game(record: model.GameRecord) -> dict[str, Any]:
    out: dict[str, Any] = {}
    _comments(out, record.comments)
    tags = []
    for tag in record.tags:
        entry: dict[str, Any] = {"name": tag.name, "values": list(tag.values)}
        _comments(entry, tag.comments)
        tags.append(entry)
    out["tags"] = tags
    setup = []
    for line in record.setup:
        if isinstance(line, model.Deal):
            entry = {"type": "deal", "player": line.player, "cards": _cards(line.cards)}
        else:
            entry = {"type": "pile", "number": line.number, "cards": _cards(line.cards)}
        _comments(entry, line.comments)
        setup.append(entry)
    if setup:
        out["setup"] = setup
    rounds = []
    for written in record.rounds:
        entry = {"number": written.number}
        _comments(entry, written.comments)
        entry["actions"] = [_action(action) for action in written.actions]
        if written.battles:
            entry["battles"] = [_battle(battle) for battle in written.battles]
        rounds.append(entry)
    out["rounds"] = rounds
    termination: dict[str, Any] = {"finished": record.termination.finished}
    if record.termination.scores:
        termination["scores"] = [
            {"player": score.player, "points": score.points} for score in record.termination.scores
        ]
    _comments(termination, record.termination.comments)
    out["termination"] = termination
    return out


def game_to_json(
    record: model.GameRecord, *, events: EventsFunction | None = None
) -> dict[str, Any]:
    """One game as a JSON object (Python values): an item of the document's ``"games"`` and
    a line of JSON Lines; with ``events``, it ends with the field ``"events": events(record)``.

    >>> from gargon_notation.notation import parse_game
    >>> game = game_to_json(parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n'))
    >>> game["tags"], game["rounds"], game["termination"]
    ([{'name': 'Players', 'values': ['Ann', 'Bob', 'Cy']}], [], {'finished': False})
    """
    out = _game(record)
    if events is not None:
        out["events"] = events(record)
    return out


def to_document(
    records: Iterable[model.GameRecord], *, events: EventsFunction | None = None
) -> dict[str, Any]:
    """The JSON document (as Python values) for a sequence of records.

    With ``events``, the document is of minor version 1 (``"minor": 1``): each game holds
    its derived events.
    """
    document: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if events is not None:
        document["minor"] = MINOR_EVENTS
    document["games"] = [game_to_json(r, events=events) for r in records]
    return document


def dumps(
    records: Iterable[model.GameRecord],
    indent: int | None = 2,
    *,
    events: EventsFunction | None = None,
) -> str:
    """The JSON text for a sequence of records (UTF-8 safe, keys in a fixed order).

    With ``events``, each game object gets the field ``"events": events(record)``.
    """
    document = to_document(records, events=events)
    return json.dumps(document, indent=indent, ensure_ascii=False) + "\n"


def iter_dumps(
    records: Iterable[model.GameRecord], *, events: EventsFunction | None = None
) -> Iterator[str]:
    """:func:`dumps` (indented by 2) in pieces, one game at a time, so that a document of
    any size is written in constant memory; the pieces join to exactly :func:`dumps`'s text.

    >>> from gargon_notation.notation import parse_game
    >>> records = [parse_game('[Players "Ann" "Bob" "Cy"]\\n*\\n')] * 2
    >>> "".join(iter_dumps(records)) == dumps(records)
    True
    """
    head = to_document([], events=events)
    del head["games"]
    text = json.dumps(head, indent=2, ensure_ascii=False)
    yield text[: -len("\n}")] + ',\n  "games": ['
    first = True
    for record in records:
        game = json.dumps(game_to_json(record, events=events), indent=2, ensure_ascii=False)
        yield ("\n" if first else ",\n") + "\n".join("    " + line for line in game.split("\n"))
        first = False
    yield "]\n}\n" if first else "\n  ]\n}\n"


def dumps_lines(
    records: Iterable[model.GameRecord], *, events: EventsFunction | None = None
) -> str:
    """JSON Lines: one compact game object a line, each line ending with a newline.

    With ``events``, each game object gets the field ``"events": events(record)``.
    """
    return "".join(
        json.dumps(game_to_json(r, events=events), ensure_ascii=False, separators=(",", ":")) + "\n"
        for r in records
    )
