"""Derived events as JSON (gargon_notation.replay.events): their schema, and their battles
against the battles written in every example and in simulated games (10; 400 with
``GARGON_FUZZ=heavy``)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

from gargon_notation import jsonio
from gargon_notation.bots import simulate
from gargon_notation.notation import model, parse_game, read_games, write_game
from gargon_notation.records import record_from_actions
from gargon_notation.replay import replay
from gargon_notation.replay.events import events_json

GAMES = 400 if os.environ.get("GARGON_FUZZ") == "heavy" else 10

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
TWO_GAMES = ("rulebook-round.ggn", "table-record.ggn")


def records(path: Path) -> list[model.GameRecord]:
    found = []
    for record in read_games(path, strict=True):
        assert isinstance(record, model.GameRecord)
        found.append(record)
    return found


def battles_of(events: list[dict[str, Any]]) -> list[tuple[str, list[str | None]]]:
    """(colour chosen, winners of its fights) for every choice of colour."""
    found: list[tuple[str, list[str | None]]] = []
    for event in events:
        if event["type"] == "colour-chosen":
            found.append((event["colour"], []))
        elif event["type"] == "battle":
            assert found and found[-1][0] == event["colour"]
            found[-1][1].append(event["winner"])
    return found


def written_battles(record: model.GameRecord) -> list[tuple[str, list[str | None]]]:
    return [
        (battle.colour.value, list(battle.winners or ()))
        for written in record.rounds
        for battle in written.battles
    ]


def with_winners(record: model.GameRecord, events: list[dict[str, Any]]) -> model.GameRecord:
    """The record with each battle's winners written, taken from the events."""
    derived = iter(battles_of(events))
    rounds = []
    for written in record.rounds:
        battles = []
        for battle in written.battles:
            colour, winners = next(derived)
            assert colour == battle.colour.value
            battles.append(attrs.evolve(battle, winners=tuple(winners)))
        rounds.append(attrs.evolve(written, battles=tuple(battles)))
    return attrs.evolve(record, rounds=tuple(rounds))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_events_of_every_example_match_its_battles(path: Path) -> None:
    for record in records(path):
        events = events_json(record)
        derived = battles_of(events)
        written = written_battles(record)
        assert [colour for colour, _ in derived] == [colour for colour, _ in written]
        for (_, found), (_, stated) in zip(derived, written, strict=True):
            if stated:
                assert found == stated
        # Written back into the record, the events' winners pass the replay's own check.
        checked = replay(parse_game(write_game(with_winners(record, events))))
        assert checked.problems == replay(record).problems


def test_the_events_of_simulated_games_match_their_battles() -> None:
    """10 games (3, 4 and 5 players); 400 with ``GARGON_FUZZ=heavy``."""
    for k in range(GAMES):
        simulated = simulate(3 + k % 3, f"events.{k}")
        record = record_from_actions(
            simulated.deal, simulated.names, simulated.game.actions, winners=True
        )
        events = events_json(parse_game(write_game(record)))
        assert battles_of(events) == written_battles(record)
        ended = events[-1]
        assert ended["type"] == "game-ended"
        final = simulated.game.score()
        assert ended["winners"] == [simulated.names[seat] for seat in final.winners]
        assert [ended["score"][name]["total"] for name in simulated.names] == list(final.totals)


@pytest.mark.parametrize(
    "path",
    [  # club-night's three games: the heavy profile's
        pytest.param(path, marks=[pytest.mark.slow] if path.name == "club-night.ggn" else [])
        for path in EXAMPLES
    ],
    ids=lambda p: p.name,
)
def test_events_in_the_json_form_validate_against_the_schema(path: Path) -> None:
    document = jsonio.to_document(records(path), events=events_json)
    assert document["minor"] == 1
    assert all(game["events"] for game in document["games"])
    jsonschema.Draft202012Validator(jsonio.schema()).validate(document)
    # Readers ignore the events: the records read back are the same.
    assert jsonio.from_document(document) == records(path)


def test_repairs_and_lapsed_draws_are_marked() -> None:
    text = Path(__file__).parent / "data" / "invalid" / "rules" / "record-incomplete.ggn"
    events = events_json(parse_game(text.read_text(encoding="utf-8")))
    assert any(e["type"] == "draw-forgotten" and e["repaired"] for e in events)


def test_a_record_that_cannot_be_set_up_has_no_events() -> None:
    assert events_json(parse_game('[Event "x"]\n*\n')) == []


@pytest.mark.parametrize("to", ["json", "jsonl"])
def test_convert_events_output_follows_the_schema(to: str, tmp_path: Path) -> None:
    """Two games of a file (the shortest examples: the schema's check of each event is slow,
    and club-night's three games took two thirds of a second each form)."""
    from in_process import CliRunner

    from gargon_notation.cli import app

    source = tmp_path / "two.ggn"
    texts = [(ROOT / "examples" / name).read_text(encoding="utf-8") for name in TWO_GAMES]
    source.write_text("\n".join(texts), encoding="utf-8")
    result = CliRunner().invoke(app, ["convert", str(source), "--to", to, "--events"])
    assert result.exit_code == 0, result.output
    if to == "json":
        document = json.loads(result.stdout)
    else:
        games = [json.loads(line) for line in result.stdout.splitlines()]
        document = {"format": "gargon-notation", "version": 1, "minor": 1, "games": games}
    jsonschema.Draft202012Validator(jsonio.schema()).validate(document)
    assert [len(game["events"]) > 0 for game in document["games"]] == [True, True]
    for game, record in zip(document["games"], records(source), strict=True):
        assert game["events"] == events_json(record)
