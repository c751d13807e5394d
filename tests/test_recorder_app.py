"""The terminal recorder, driven headless by Textual's Pilot (gargon_notation.cli.recorder_app)."""

from __future__ import annotations

import asyncio
import html
import io
import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from in_process import CliRunner
from rich.console import Console
from rich.measure import Measurement
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static, TextArea

import gargon_notation as gg
from gargon_notation.bots import simulate
from gargon_notation.cli import app as cli_app
from gargon_notation.cli.record import resume_recording, setup_tags
from gargon_notation.cli.recorder_app import RecorderApp
from gargon_notation.notation.writer import write_game
from gargon_notation.recording import Recording, entry_lines
from gargon_notation.recording_lines import RecordLock
from gargon_notation.records import record_from_simulation, with_comments

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"


def _shown(app: RecorderApp, widget: str) -> str:
    return str(app.query_one(widget, Static).render())


def _rendered(app: RecorderApp, widget: str, width: int = 200) -> str:
    """The text of a widget's content (a rich renderable), drawn ``width`` wide."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(app.query_one(widget, Static).content)
    return console.export_text()


async def _until(pilot: Pilot[object], condition: Callable[[], bool], seconds: float = 30) -> None:
    """Let the application work until ``condition`` holds, or ``seconds`` pass (the test's
    assertions then say what is wrong): no fixed wait, however quick or slow the machine."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.01)


GAMES = [pytest.param(5, "short.157", 1, marks=pytest.mark.slow)]
GAMES += [(3, "pilot", 99), (4, "short.126", 99)] if HEAVY else []
"""A game and how many of its rounds are entered decision by decision; the other rounds are
typed as the record writes them (a round line, then its fights line).  Only with
``GARGON_FUZZ=heavy`` (.ci/run): 8 s of the default run's 90; the other tests drive the
same application through its set-up, entries, refusals and comments."""


def _typed_lines(record: gg.GameRecord, by_decision: int) -> list[str]:
    """The lines a person types: round by round, the first ``by_decision`` rounds one decision
    (or comment) at a time, the others as the record's own lines."""
    lines = entry_lines(record)
    head = sum(1 for line in lines if line.startswith("["))
    decisions = lines[head:]
    if by_decision >= len(record.rounds):
        return decisions
    rounds = record.rounds[by_decision:]
    first = entry_lines(attrs.evolve(record, rounds=record.rounds[:by_decision]))[head:-1]
    rest = write_game(attrs.evolve(record, tags=(), rounds=rounds, comments=())).splitlines()
    return first + rest


@pytest.mark.parametrize(("players", "seed", "by_decision"), GAMES)
def test_a_whole_game_is_recorded_with_undo_a_refusal_and_comments(
    tmp_path: Path, players: int, seed: str, by_decision: int
) -> None:
    record = with_comments(record_from_simulation(simulate(players, seed)), seed)
    entries = _typed_lines(record, by_decision)
    assert entries[0].split()[0] == record.headers["Start"] or by_decision == 0
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, list(record.tags))
        async with app.run_test(size=(140, 50)) as pilot:
            entry = app.query_one("#entry", Input)
            assert _shown(app, "#prompt") == f"Round 1: {record.headers['Start']} to play or pass"
            # a refused entry: the message says why, nothing is recorded
            saved = path.read_text()
            await pilot.press("R", "9", "9", "enter")
            assert "'R99' is not a card" in _shown(app, "#message")
            assert path.read_text() == saved
            assert entry.value == "R99"
            entry.value = ""
            for number, line in enumerate(entries):
                if number < 3 and line.replace(" ", "").isalnum():
                    await pilot.press(*("space" if c == " " else c for c in line), "enter")
                else:
                    entry.value = line
                    await pilot.press("enter")
                assert entry.value == "", (line, _shown(app, "#message"))
                if number == 4:
                    # undo the last decision and enter it again
                    await pilot.press("ctrl+z")
                    assert _shown(app, "#message").startswith("taken back: round ")
                    entry.value = line
                    await pilot.press("enter")
            assert _shown(app, "#prompt").startswith("The game is over: Adam ")
            assert record.termination.finished
            assert "end Adam" in _shown(app, "#record")
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text() == write_game(record)


def test_the_set_up_screen_starts_a_game(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 50)) as pilot:
            players = app.screen.query_one("#setup-players", Input)
            players.value = "Ann, Bob"
            await pilot.click("#setup-go")
            message = str(app.screen.query_one("#setup-message").render())
            assert "3-5 players" in message or "players" in message
            players.value = "Ann, Bob, Cy"
            app.screen.query_one("#setup-event", Input).value = "Club night"
            seat = app.screen.query_one("#setup-seat", Input)
            seat.value = "Ann"
            seat.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert _shown(app, "#prompt") == "Round 1: Ann to play or pass"
            entry = app.query_one("#entry", Input)
            entry.focus()
            entry.value = "R3"
            await pilot.press("enter")
            assert _shown(app, "#prompt") == "Round 1: Bob to play or pass"
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text() == (
        '[Notation "1"]\n[Event "Club night"]\n[Players "Ann" "Bob" "Cy"]\n[Start "Ann"]\n'
        '[Seat "Ann"]\n1. Ann R3\n*\n'
    )


def test_the_round_and_table_options_go_into_the_record(tmp_path: Path) -> None:
    """``gargon record --players ... --round 2 --table 3`` on a terminal."""
    path = tmp_path / "game.ggn"
    tags = setup_tags("Ann,Bob,Cy", None, "Cup", None, None, "2", "3", None, None)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 50)) as pilot:
            entry = app.query_one("#entry", Input)
            entry.value = "R3"
            await pilot.press("enter")
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text() == (
        '[Notation "1"]\n[Event "Cup"]\n[Round "2"]\n[Table "3"]\n[Players "Ann" "Bob" "Cy"]\n'
        '[Start "Ann"]\n1. Ann R3\n*\n'
    )


@pytest.mark.slow
def test_the_set_up_screen_shows_the_options_given_and_takes_round_and_table(
    tmp_path: Path,
) -> None:
    """``gargon record game.ggn --event Cup --round 2`` (no players): the set-up screen holds
    them in their fields (they were left out of the record), and the table is typed there."""
    path = tmp_path / "game.ggn"
    tags = setup_tags(None, None, "Cup", None, None, "2", None, None, None)

    async def drive() -> RecorderApp:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 50)) as pilot:
            fields = {
                key: app.screen.query_one(f"#setup-{key}", Input).value
                for key in ("players", "event", "site", "date", "round", "table")
            }
            assert fields == {
                "players": "",
                "event": "Cup",
                "site": "",
                "date": "",
                "round": "2",
                "table": "",
            }
            app.screen.query_one("#setup-players", Input).value = "Ann, Bob, Cy"
            app.screen.query_one("#setup-table", Input).value = "3"
            assert app.screen.command_line(path) == (
                f"gargon record {path} --players 'Ann, Bob, Cy' --event Cup --round 2 --table 3"
            )
            await pilot.click("#setup-go")
            await pilot.pause()
            assert _shown(app, "#prompt") == "Round 1: Ann to play or pass"
            await pilot.press("ctrl+q")
        return app

    asyncio.run(drive())
    assert path.read_text() == (
        '[Notation "1"]\n[Event "Cup"]\n[Round "2"]\n[Table "3"]\n[Players "Ann" "Bob" "Cy"]\n'
        '[Start "Ann"]\n*\n'
    )


def test_the_entry_line_completes_what_the_rules_allow(tmp_path: Path) -> None:
    """Typing ``w`` offers the first legal play in white, the right arrow takes it; ``p``
    offers a pass."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            await pilot.press("w")
            await pilot.pause()
            assert entry._suggestion == "w4"
            await pilot.press("right")
            assert entry.value == "w4"
            await pilot.press("backspace", "9", "enter")
            assert path.read_text().splitlines()[-2] == "1. Ann W9"
            await pilot.press("p")
            await pilot.pause()
            assert entry._suggestion == "pass 1"
            await pilot.press("ctrl+q")

    asyncio.run(drive())


def _screen_text(svg: str) -> list[str]:
    """The lines of text of a screenshot (Textual's SVG: one ``<text>`` per run of a style,
    placed at x = column * 12.2)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for match in re.finditer(
        r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg
    ):
        x, y, text = float(match.group(1)), float(match.group(2)), html.unescape(match.group(3))
        rows.setdefault(y, []).append((x, text))
    lines = []
    for y in sorted(rows):
        line = ""
        for x, text in sorted(rows[y]):
            line = line.ljust(round(x / 12.2)) + text
        lines.append(line.replace("\xa0", " ").rstrip())
    return lines


@pytest.mark.slow
def test_the_captured_screen_of_the_docs_is_what_the_recorder_shows(tmp_path: Path) -> None:
    docs = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text()
    start = docs.index("```text\n Round 1: Adam to draw a replacement card")
    shown = docs[start + len("```text\n") : docs.index("\n...\n", start)].splitlines()
    tags = list(Recording.new(["Adam", "Bernd", "Collette", "Dagmar"], seed="club-night").head.tags)

    async def drive() -> list[str]:
        app = RecorderApp(tmp_path / "game.ggn", tags)
        async with app.run_test(size=(110, 44)) as pilot:
            entry = app.query_one("#entry", Input)
            for line in [
                "B14 B1",
                "pass 1 2",
                "{a careful pass}",
                "V0 V0",
                "B15 B8",
                "B",
                "1",
                "3",
            ]:
                entry.value = line
                await pilot.press("enter")
            entry.value = ""
            await pilot.press("f")
            await pilot.pause()
            return _screen_text(app.export_screenshot())

    assert asyncio.run(drive())[: len(shown)] == shown


@pytest.mark.slow
def test_a_rounds_comment_waits_and_a_blank_entry_records_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            await pilot.press("space", "enter")
            assert _shown(app, "#message") == "nothing entered: round 1: Ann to play or pass"
            entry.value = "1. {the first round}"
            await pilot.press("enter")
            assert _shown(app, "#message").startswith("kept: 1. {the first round}")
            entry.value = "W9"
            await pilot.press("enter")
            assert path.read_text().splitlines()[-2] == "1. {the first round} Ann W9"
            await pilot.press("ctrl+q")

    asyncio.run(drive())


@pytest.mark.slow
def test_the_set_up_takes_deal_lines_and_what_the_recorder_sees(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 60)) as pilot:
            screen = app.screen
            screen.query_one("#setup-players", Input).value = "Ann, Bob, Cy"
            screen.query_one("#setup-deal", TextArea).text = "deal Ann: R? G? B7\npile 1: W? Y?"
            screen.query_one("#setup-sight", Select).value = "everything"
            players = screen.query_one("#setup-players", Input)
            players.focus()
            await pilot.press("enter")
            message = str(screen.query_one("#setup-message").render())
            assert message.startswith("seeing everything needs the seed, or every card")
            screen.query_one("#setup-sight", Select).value = "backs"
            players.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert _shown(app, "#prompt") == "Round 1: Ann to play or pass"
            assert "Ann holds 10 cards: B7 R? G? X?" in _shown(app, "#choices")
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text() == (
        '[Notation "1"]\n[Players "Ann" "Bob" "Cy"]\n[Start "Ann"]\n'
        "deal Ann: R? G? B7\npile 1: W? Y?\n*\n"
    )


def test_keys_typed_quickly_after_enter_go_to_the_next_entry(tmp_path: Path) -> None:
    """The keys of several entries arrive at once (a quick typist, a paste, a slow disk
    while the last entry is saved): each Enter records what was typed before it and nothing
    else, and Backspace and Ctrl+U edit what was typed before them.  Those keys were acted
    on only after the letters behind them had reached the line ('Dagmar pass 1 1 1R'
    refused), and the line was then cleared with them."""
    record = record_from_simulation(simulate(4, "s4"))
    lines = entry_lines(record)
    typed = [line for line in lines if not line.startswith("[")][:12]
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, list(record.tags))
        async with app.run_test(size=(120, 40)) as pilot:
            keys = {"\r": "enter", " ": "space", "\x7f": "backspace", "\x15": "ctrl+u"}
            # a letter taken back, and an entry begun wrong and cleared
            typed[0] += "X\x7f"
            typed[4] = "Q\x15" + typed[4]
            for character in "\r".join(typed) + "\r":
                app.post_message(events.Key(keys.get(character, character), character))
            await _until(pilot, lambda: _shown(app, "#message") == f"recorded: {typed[-1]}")
            assert _shown(app, "#message") == f"recorded: {typed[-1]}", typed
            assert app.query_one("#entry", Input).value == ""
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert len(Recording.resume(next(iter(gg.loads(path.read_text())))).entries) == len(typed)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(30, 15), (40, 12), (20, 10)])
def test_the_entry_line_stays_in_view_on_a_small_terminal(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """However small the terminal, the entry line and the start of a refusal are in view
    (the table gives way); the prompt, the hints and a long refusal pushed the entry line
    below the screen (at 40x12 after any refusal, at 20x10 from the start), to be typed
    into blind."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"]).head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=size) as pilot:
            entry = app.query_one("#entry", Input)
            entry.value = "Ann W16"
            await pilot.press("enter")
            await pilot.pause()
            shown = "\n".join(_screen_text(app.export_screenshot()))
            assert "Ann W16" in shown, shown
            assert "'W16' is not" in shown, shown
            assert app.screen.region.contains_region(entry.region), shown
            await pilot.press("ctrl+q", "ctrl+q")

    asyncio.run(drive())


@pytest.mark.slow
def test_one_seats_record_goes_on_when_another_seat_wins_cards(tmp_path: Path) -> None:
    """Recording for a seat, another seat's won cards are backs: its points are shown as
    '?', the seat's own are counted; the table was drawn with the whole score, and the
    recorder stopped with a traceback (exit 1) at the first card another seat won, and at
    once on --resume."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seat="Ann").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            for line in ["R3", "Bob G5", "Cy pass 1", "R", "G"]:
                entry.value = line
                await pilot.press("enter")
                assert entry.value == "", _shown(app, "#message")
            assert _shown(app, "#prompt") == "Round 2: Bob to play or pass"
            rows = [line.split() for line in _rendered(app, "#table").splitlines()]
            assert [rows[3][0], *rows[3][-2:]] == ["Ann", "R3", "14"]
            assert [*rows[4][:2], *rows[4][-2:]] == ["Bob", "<", "G?", "?"]
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text().endswith("1. Ann R3, Bob G5, Cy pass 1\n    fights R, G\n*\n")

    async def resume() -> None:
        recording, data = resume_recording(path)
        app = RecorderApp(path, [], recording, on_disk=data)
        async with app.run_test(size=(120, 40)) as pilot:
            assert _shown(app, "#prompt") == "Round 2: Bob to play or pass"
            await pilot.press("ctrl+q")

    asyncio.run(resume())


@pytest.mark.slow
def test_a_second_recorder_on_the_file_is_refused_and_no_change_is_written_over(
    tmp_path: Path,
) -> None:
    """The player's trial: the terminal recorder on game.ggn, then a second one (piped,
    --resume) is refused at its start; a change by another program (an editor) is not
    written over: Bob's entry is refused, the file keeps the change and the entry stays on
    the entry line."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive() -> None:
        lock = RecordLock(path)
        app = RecorderApp(path, tags, lock=lock)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            entry.value = "W9"
            await pilot.press("enter")
            ours = path.read_text()
            result = CliRunner().invoke(
                cli_app, ["record", "--resume", str(path)], input="pass 2\n"
            )
            assert result.exit_code == 2
            assert result.stderr == (
                f"gargon: {path}: another recorder is writing this file (a gargon record "
                "still open on it): leave that recorder first (Ctrl+Q), then continue with "
                f"gargon record --resume {path}\n"
            )
            assert path.read_text() == ours
            theirs = ours.replace("1. Ann W9", "1. Ann W9, Bob pass 2")
            path.write_text(theirs)
            entry.value = "pass 1"
            await pilot.press("enter")
            message = _shown(app, "#message")
            assert "another program changed this file" in message
            assert f"gargon record --resume {path}" in message
            assert entry.value == "pass 1"
            assert path.read_text() == theirs
            await pilot.press("ctrl+z")  # an undo is not written over it either
            assert "another program changed this file" in _shown(app, "#message")
            assert path.read_text() == theirs
            await pilot.press("ctrl+q")
        lock.release()

    asyncio.run(drive())


@pytest.mark.slow
def test_the_battles_shown_are_named_by_their_round_and_the_record_shows_its_end(
    tmp_path: Path,
) -> None:
    """Once a round ends, its battles are still shown under its own number (not the next
    round's); the record pane keeps its newest line in view as entries are added."""
    record = record_from_simulation(simulate(3, "demo"))
    lines = entry_lines(record)
    head = sum(1 for line in lines if line.startswith("["))
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, list(record.tags))
        async with app.run_test(size=(80, 24)) as pilot:
            entry = app.query_one("#entry", Input)
            pane = app.query_one("#record-pane")
            for line in lines[head:-1]:
                entry.value = line
                await pilot.press("enter")
                if app.recording.game.round == 5:
                    break
            await pilot.pause()
            table = _rendered(app, "#table")
            assert "Battles of round 4" in table, table
            assert "Battles of round 5" not in table
            assert pane.max_scroll_y > 0
            assert pane.scroll_y == pane.max_scroll_y
            await pilot.press("ctrl+q")

    asyncio.run(drive())


@pytest.mark.slow
def test_an_undo_says_what_it_took_back(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            for line in ("W9", "undo", "W9", "pass 1", "undo 5"):
                entry.value = line
                await pilot.press("enter")
                if line == "undo":
                    assert _shown(app, "#message") == "taken back: round 1, Ann W9"
            message = _shown(app, "#message")
            assert message.startswith("only 2 decisions recorded, not 5: undo 2 takes back")
            assert entry.value == "undo 5"
            assert path.read_text().splitlines()[-2] == "1. Ann W9, Bob pass 1"
            entry.value = ""
            await pilot.press("ctrl+z")
            assert _shown(app, "#message") == "taken back: round 1, Bob pass 1"
            entry.value = "undo 1"
            await pilot.press("enter")
            await pilot.press("ctrl+z")
            assert _shown(app, "#message") == "nothing to undo"
            await pilot.press("ctrl+q")

    asyncio.run(drive())


@pytest.mark.slow
def test_leaving_with_an_entry_typed_asks_first_and_keeps_it(tmp_path: Path) -> None:
    """Ctrl+Q with an entry half typed says it is not recorded; a second Ctrl+Q leaves, and
    the entry is kept to be printed.  Ctrl+C leaves at once, exit 130."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive(keys: list[str]) -> RecorderApp:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            entry.value = "1. {a long first round}"
            await pilot.press("enter")
            await pilot.press("p", "a")
            for key in keys:
                await pilot.press(key)
                if key == "ctrl+q" and keys.count("ctrl+q") == 2 and app.is_running:
                    message = _shown(app, "#message")
                    assert message.startswith(
                        "not recorded yet: '1. {a long first round}', 'pa'. Enter records it;"
                    ), message
        return app

    app = asyncio.run(drive(["ctrl+q", "ctrl+q"]))
    assert app.return_code == 0
    assert app.unrecorded == ["1. {a long first round}", "pa"]
    path.unlink()
    app = asyncio.run(drive(["ctrl+c"]))
    assert app.return_code == 130
    assert app.unrecorded == ["1. {a long first round}", "pa"]


@pytest.mark.slow
@pytest.mark.parametrize(("keys", "code"), [(["ctrl+q", "ctrl+q"], 0), (["ctrl+c"], 130)])
def test_leaving_keeps_the_keys_typed_just_before(
    tmp_path: Path, keys: list[str], code: int
) -> None:
    """Ctrl+Q or Ctrl+C right behind the last letters (a quick typist, a slow machine):
    those letters are kept to be printed.  Ctrl+Q and Ctrl+C were acted on at once, ahead
    of the letters still on their way to the entry line, which were lost."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive() -> RecorderApp:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            for key in [*"Ann W9 {a bold lead}", *keys]:
                name = {" ": "space", "{": "left_curly_bracket", "}": "right_curly_bracket"}
                app.post_message(events.Key(name.get(key, key), key if len(key) == 1 else None))
            await pilot.pause(0.5)
        return app

    app = asyncio.run(drive())
    assert app.return_code == code
    assert app.unrecorded == ["Ann W9 {a bold lead}"]


def test_leaving_the_set_up_keeps_what_was_typed_as_a_command_line(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"

    async def drive() -> RecorderApp:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 50)) as pilot:
            app.screen.query_one("#setup-players", Input).value = "Ann, Bob, Cy"
            app.screen.query_one("#setup-event", Input).value = "Club night"
            await pilot.press("ctrl+q")
        return app

    app = asyncio.run(drive())
    assert app.return_code == 0
    assert app.setup_command == (
        f"gargon record {path} --players 'Ann, Bob, Cy' --event 'Club night'"
    )
    assert not path.exists()


@pytest.mark.slow
def test_the_set_up_fields_take_the_keys_typed_quickly_after_tab(tmp_path: Path) -> None:
    """Keys arriving at once (a quick typist, a paste): those after Tab go to the next
    field.  They went to the field left until the focus moved ('C' of 'Club night' into
    the start player's field)."""
    path = tmp_path / "game.ggn"

    async def drive() -> dict[str, str]:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 50)) as pilot:
            for key in [*"Ann, Bob, Cy", "tab", "tab", *"Club"]:
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await pilot.pause(0.5)
            fields = {
                name: app.screen.query_one(f"#setup-{name}", Input).value
                for name in ("players", "start", "event")
            }
            await pilot.press("ctrl+q")
        return fields

    assert asyncio.run(drive()) == {"players": "Ann, Bob, Cy", "start": "", "event": "Club"}


@pytest.mark.slow
def test_a_long_refusal_of_the_set_up_is_shown_whole_at_80x24(tmp_path: Path) -> None:
    """A refusal wider than the screen wraps: it was cut at the screen's edge, what to do
    with it ('with ?? for what is not known') out of sight."""
    path = tmp_path / "game.ggn"

    async def drive() -> str:
        app = RecorderApp(path, [])
        async with app.run_test(size=(80, 24)) as pilot:
            app.screen.query_one("#setup-players", Input).value = "Ann, Bob, Cy"
            app.screen.query_one("#setup-date", Input).value = "2026.13.45"
            await pilot.press("enter")
            await pilot.pause()
            shown = " ".join(line.strip() for line in _screen_text(app.export_screenshot()))
            await pilot.press("ctrl+q")
        return shown

    assert (
        "the Date '2026.13.45' has no month 13: write the date as YYYY.MM.DD, with ?? for "
        "what is not known"
    ) in asyncio.run(drive())


@pytest.mark.slow
def test_a_file_written_while_the_game_is_set_up_is_said_and_the_set_up_kept(
    tmp_path: Path,
) -> None:
    """Two recorders started on a new file: the second to start its game is told at the
    set-up, which it keeps.  It ended with exit 2, 'another program changed this file ...
    and this decision is not recorded', and the set-up typed was lost ('not started;
    nothing written')."""
    path = tmp_path / "game.ggn"
    other = '[Players "Ann" "Bob" "Cy"]\n[Start "Ann"]\n*\n'

    async def drive() -> RecorderApp:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 50)) as pilot:
            players = app.screen.query_one("#setup-players", Input)
            players.value = "Xa, Yb, Zc"
            path.write_text(other)
            players.focus()
            await pilot.press("enter")
            await pilot.pause()
            shown = str(app.screen.query_one("#setup-message").render())
            assert shown == (
                f"{path} was written while this game was set up (another gargon record on "
                "it?); it is not written over: leave (Ctrl+Q prints this set-up as a command) "
                "and record the game in another file"
            )
            await pilot.press("ctrl+q")
        return app

    app = asyncio.run(drive())
    assert app.return_code == 0
    assert app.setup_command == f"gargon record {path} --players 'Xa, Yb, Zc'"
    assert path.read_text() == other


@pytest.mark.slow
def test_leaving_the_set_up_keeps_the_deal_lines_typed(tmp_path: Path) -> None:
    """The deal lines typed are in the command printed, as its input: it said only '(with
    the deal lines typed, one a line, as its input)', and the lines were lost (all of them
    when no other field was filled)."""
    path = tmp_path / "game.ggn"
    deal = "deal Ann: W11 W4 G0\n\n  pile 1: Y? R?  \n"

    async def drive(players: str) -> RecorderApp:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 50)) as pilot:
            app.screen.query_one("#setup-players", Input).value = players
            app.screen.query_one("#setup-deal", TextArea).text = deal
            await pilot.press("ctrl+q")
        return app

    printf = "printf '%s\\n' 'deal Ann: W11 W4 G0' 'pile 1: Y? R?' | "
    assert asyncio.run(drive("Ann, Bob, Cy")).setup_command == (
        f"{printf}gargon record {path} --players 'Ann, Bob, Cy'"
    )
    assert asyncio.run(drive("")).setup_command == f"{printf}gargon record {path}"
    assert not path.exists()
    result = CliRunner().invoke(
        cli_app,
        ["record", str(path), "--players", "Ann,Bob,Cy", "--seat", "Ann"],
        input="deal Ann: W11 W4 G0\npile 1: Y? R?\n",
    )
    assert result.exit_code == 0, result.output
    assert "deal Ann: W11 W4 G0\npile 1: Y? R?\n*\n" in path.read_text()


@pytest.mark.slow
def test_the_set_up_takes_keys_at_once_and_shows_its_refusal_and_keys_at_80x24(
    tmp_path: Path,
) -> None:
    """The players' field has the keys from the start; a refusal is in view, however far down
    the form is scrolled; the footer shows how to leave."""
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, [])
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = "\n".join(_screen_text(app.export_screenshot()))
            assert "New game: who plays, in seat order?" in shown, shown
            assert "Players, comma-separated (3-5)" in shown
            await pilot.press(*"Ann, Bob", "enter")
            await pilot.pause()
            players = app.screen.query_one("#setup-players", Input)
            assert players.value == "Ann, Bob"
            shown = "\n".join(_screen_text(app.export_screenshot()))
            assert "Gargon is played by 3 to 5 players, not 2" in shown, shown
            assert "^q Leave" in shown, shown
            assert "Undo" not in shown
            await pilot.press("end", *", Cy", "enter")
            await pilot.pause()
            assert _shown(app, "#prompt") == "Round 1: Ann to play or pass"
            shown = "\n".join(_screen_text(app.export_screenshot()))
            assert "^z Undo" in shown
            await pilot.press("ctrl+q")

    asyncio.run(drive())


@pytest.mark.slow
@pytest.mark.parametrize(
    "size", [(80, 24), pytest.param((100, 30), marks=pytest.mark.slow)], ids=["80x24", "100x30"]
)
def test_the_score_pane_cuts_no_figure(tmp_path: Path, size: tuple[int, int]) -> None:
    """Round by round through a whole game: the score, beside the record, headed by the
    colours' letters where their names do not fit, cuts no heading, name or figure; the
    pane scrolls sideways only where even that is wider than it, by a few columns."""
    record = record_from_simulation(simulate(4, "pane"))
    lines = write_game(attrs.evolve(record, tags=())).splitlines()
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, list(record.tags))
        async with app.run_test(size=size) as pilot:
            entry = app.query_one("#entry", Input)
            pane = app.query_one("#table-pane")
            fits: list[bool] = []
            for line in lines:
                entry.value = line
                await pilot.press("enter")
                await pilot.pause()
                assert entry.value == "", _shown(app, "#message")
                widget = app.query_one("#score", Static)
                score = _rendered(app, "#score", width=widget.size.width)
                assert "…" not in score, score
                assert "Total" in score or "needs the won cards" in score
                # sideways scrolling only where even the least width is wider than the pane
                least = Measurement.get(app.console, app.console.options, widget.content)
                beyond = least.minimum - pane.scrollable_content_region.width
                assert pane.max_scroll_x == max(0, beyond)
                fits.append(beyond <= 0)
            assert fits[0]  # at the start, with the colours' letters
            if size[0] >= 100:
                assert fits.count(False) <= len(fits) // 4, fits
            assert app.recording.is_over
            await pilot.press("ctrl+q")

    asyncio.run(drive())


@pytest.mark.slow
def test_a_pasted_block_records_its_lines_until_one_is_refused(tmp_path: Path) -> None:
    """A paste of several lines: each is recorded as if typed and Enter pressed; at the
    first refused one, it stays in the entry line and the lines after it wait, said so,
    until it is recorded (Escape drops them).  The line took only the first line of a
    paste, and the others were dropped without a word."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"]).head.tags)

    async def drive() -> RecorderApp:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            assert "escape" not in app.screen.active_bindings  # the footer leaves it out
            # one line, with its newline: into the line as typed, not recorded
            app.post_message(events.Paste("R3\n"))
            await pilot.pause()
            assert (entry.value, app.recorder and len(app.recording.entries)) == ("R3", 0)
            entry.value = ""
            app.post_message(events.Paste("R3\r\nBob Q5\n\n  \nCy pass 1\n"))
            await pilot.pause()
            assert (entry.value, entry.cursor_position) == ("Bob Q5", 6)
            assert _rendered(app, "#message", 400).splitlines() == [
                "'Q5' is not a card (a colour W B V Y R G and a value 0-15 like R14, or a colour "
                "or X and '?' like R? or X?); round 1: Bob to play or pass, such as pass 1, "
                "pass 2, pass 1 1, pass 1 2, ...  (nothing recorded: 'Bob Q5'; Ctrl+U clears "
                "the line)",
                "1 pasted line waits, to be recorded once the entry line is (cleared, Ctrl+U, "
                "it is skipped): next 'Cy pass 1'; Escape drops it",
            ]
            shown = app.screen.active_bindings["escape"].binding.description
            assert shown == "Drop the pasted lines waiting"
            assert path.read_text().splitlines()[-2:] == ["1. Ann R3", "*"]
            # corrected, it is recorded, and the line waiting after it
            entry.value = "Bob G5"
            await pilot.press("enter")
            assert _shown(app, "#message") == "recorded 2 lines, the last: Cy pass 1"
            assert path.read_text().splitlines()[-2:] == ["1. Ann R3, Bob G5, Cy pass 1", "*"]
            assert app.pasted == []
            # refused first: Escape drops the lines waiting, and shows them
            app.post_message(events.Paste("Bob R\nR\nBob 1\n"))
            await pilot.pause()
            assert (entry.value, app.pasted) == ("Bob R", ["R", "Bob 1"])
            assert _rendered(app, "#message").splitlines()[-1] == (
                "2 pasted lines wait, to be recorded once the entry line is (cleared, Ctrl+U, "
                "it is skipped): next 'R'; Escape drops them"
            )
            await pilot.press("escape")
            assert _shown(app, "#message") == "dropped 2 pasted lines, not recorded: 'R', 'Bob 1'"
            assert (entry.value, app.pasted) == ("Bob R", [])
            assert "escape" not in app.screen.active_bindings
            # lines waiting when the recorder is left are kept with the line
            app.post_message(events.Paste("R\nBob 1\n"))
            await pilot.pause()
            await pilot.press("ctrl+q", "ctrl+q")
        return app

    app = asyncio.run(drive())
    assert app.unrecorded == ["Bob RR", "Bob 1"]


def test_a_refusal_says_how_to_clear_the_line_and_that_it_was_typed_after(
    tmp_path: Path,
) -> None:
    """A refused entry stays in the line: the refusal says that Ctrl+U clears it, and an
    entry typed after it, added to it, is refused saying so; it was refused only for what
    the two made ("not 'G16Zoe'"), the line's old entry not mentioned."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Zoe"], "Zoe").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(200, 40)) as pilot:
            keys = {"\r": "enter", " ": "space", "\x15": "ctrl+u"}

            def typed(text: str) -> None:
                for character in text:
                    app.post_message(events.Key(keys.get(character, character), character))

            typed("Zo\u00eb W1 V13 G16\r")
            await pilot.pause()
            assert _rendered(app, "#message", 400).splitlines() == [
                "'G16' is not a card (a colour W B V Y R G and a value 0-15 like R14, or a "
                "colour or X and '?' like R? or X?); round 1: Zoe to play or pass  (nothing "
                "recorded: 'Zo\u00eb W1 V13 G16'; Ctrl+U clears the line)"
            ]
            typed("Zoe W1 V13 G16\r")
            await pilot.pause()
            assert _rendered(app, "#message", 400).splitlines() == [
                "the entry line still begins with the entry refused before, 'Zo\u00eb W1 V13 "
                "G16', and what was typed after it was added to it: Ctrl+U clears the line",
                "expected a card like R14, or the end of the entry, not 'G16Zoe'; round 1: Zoe "
                "to play or pass  (nothing recorded: 'Zo\u00eb W1 V13 G16Zoe W1 V13 G16'; "
                "Ctrl+U clears the line)",
            ]
            typed("\x15Zoe W1 V13 G15\r")
            await pilot.pause()
            assert _shown(app, "#message") == "recorded: Zoe W1 V13 G15"
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text().splitlines()[-2] == "1. Zoe W1 V13 G15"


def test_an_unfinished_mark_says_what_it_does(tmp_path: Path) -> None:
    """'*' alone in a game going on said 'recorded: *', though nothing changed: now it says
    that the file is unfinished already, and how to stop; '*' with a comment adds the
    comment after the record's end, and the game goes on."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(200, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            for line in ("W9", "*"):
                entry.value = line
                await pilot.press("enter")
            assert _shown(app, "#message") == (
                f"nothing to record: * marks a game left unfinished, as {path} is already (it "
                "is saved after every decision); to stop recording, leave with Ctrl+Q, and go "
                f"on later with gargon record --resume {path}"
            )
            assert entry.value == ""
            assert path.read_text().splitlines()[-2:] == ["1. Ann W9", "*"]
            for line in ("* {adjourned}", "* {at ten}", "Bob pass 1"):
                entry.value = line
                await pilot.press("enter")
                if line == "* {at ten}":
                    assert _shown(app, "#message") == (
                        "recorded after the record's end: * {at ten}; the game goes on"
                    )
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text().splitlines()[-2:] == ["1. Ann W9, Bob pass 1", "* {adjourned} {at ten}"]


@pytest.mark.slow
def test_a_paste_of_several_lines_into_the_set_up_loses_none(tmp_path: Path) -> None:
    """The set-up's fields kept the first line of a paste and dropped the others unsaid:
    'Ann, Bob, Cy' then 'Club night' pasted into Players lost 'Club night'."""

    async def drive() -> None:
        app = RecorderApp(tmp_path / "game.ggn", [])
        async with app.run_test(size=(120, 50)) as pilot:
            players = app.screen.query_one("#setup-players", Input)
            players.focus()
            app.post_message(events.Paste("Ann\nBob\n\nCy\n"))
            await pilot.pause()
            assert players.value == "Ann, Bob, Cy"  # a list of names, one a line
            players.value = ""
            app.post_message(events.Paste("Ann, Bob, Cy\nClub night\n"))  # two fields' worth
            await pilot.pause()
            assert players.value == "Ann, Bob, Cy"
            assert str(app.screen.query_one("#setup-message").render()) == (
                "2 lines pasted: a field takes one, so only the first was taken; not taken: "
                "'Club night' (paste each line into its own field)"
            )
            event = app.screen.query_one("#setup-event", Input)
            event.focus()
            app.post_message(events.Paste("Club night\r\nThursday\n"))
            await pilot.pause()
            assert event.value == "Club night"
            message = str(app.screen.query_one("#setup-message").render())
            assert message == (
                "2 lines pasted: a field takes one, so only the first was taken; not taken: "
                "'Thursday' (paste each line into its own field)"
            )
            app.screen.query_one("#setup-site", Input).focus()
            app.post_message(events.Paste("Hall B\n"))  # one line: as before, unsaid
            await pilot.pause()
            assert app.screen.query_one("#setup-site", Input).value == "Hall B"

    asyncio.run(drive())


@pytest.mark.slow
def test_keys_in_the_table_pane_stay_there(tmp_path: Path) -> None:
    """The arrow keys scroll the table's pane sideways, as cli.md says, with the focus
    there: a first fix for the keys typed while the recorder starts gave every such key
    that came up to the application to the entry line, the pane's arrows too; and a key
    typed before the entry line had the focus is not typed over once it has it."""
    tags = list(Recording.new(["Ann", "Bob", "Cy"]).head.tags)

    async def drive() -> None:
        app = RecorderApp(tmp_path / "game.ggn", tags)
        async with app.run_test(size=(50, 30)) as pilot:
            entry = app.query_one("#entry", Input)
            assert app.focused is entry  # from the start: the keys go to it
            await pilot.press("W", "9", "tab")
            pane = app.focused
            assert pane is not None and pane.id == "table-pane" and pane.max_scroll_x > 1
            for key, scrolled in (("right", 1), ("right", 2), ("home", 0)):
                await pilot.press(key)
                await pilot.pause()
                assert (app.focused, pane.scroll_x, entry.value) == (pane, scrolled, "W9")
            app.set_focus(None)
            await pilot.press("A", "n")  # typed with nothing focused: given to the entry line
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            assert (app.focused, entry.value) == (entry, "W9Anx")

    asyncio.run(drive())


def test_a_control_character_pasted_into_a_name_is_refused_as_its_escape(tmp_path: Path) -> None:
    """'Bob' pasted with a BEL after it started the game, and the BEL was written into the
    record's Players tag; now the set-up refuses it, naming the character as its escape."""
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, [])
        async with app.run_test(size=(120, 50)) as pilot:
            players = app.screen.query_one("#setup-players", Input)
            players.focus()
            app.post_message(events.Paste("Ann, Bob\x07, Cy"))
            await pilot.pause()
            assert players.value == "Ann, Bob\x07, Cy"
            await pilot.press("enter")
            await pilot.pause()
            assert str(app.screen.query_one("#setup-message").render()) == (
                "the set-up is not a game to record: a player name may not hold a control "
                "character: 'Bob\\x07' holds \\x07"
            )
            assert app.screen.query_one("#setup-players", Input) is players  # still the set-up
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert not path.exists() or "\x07" not in path.read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_control_character_of_a_field_never_reaches_the_terminal(tmp_path: Path) -> None:
    """``gargon record --event $'Club\\x1b[31mRED'`` without players: the set-up's Event
    field passed the escape sequence on to the terminal as it drew the value (the rest of
    the screen red; a title or a cleared screen as well); now each control character is
    drawn as its picture, and the value, kept as given, is the tag's."""
    given = "Club\x07night\x1b[31mRED"

    async def drive() -> None:
        app = RecorderApp(tmp_path / "game.ggn", [gg.Tag("Event", (given,))])
        async with app.run_test(size=(120, 50)):
            event = app.screen.query_one("#setup-event", Input)
            drawn = "".join(segment.text for segment in event.render_line(0))
            assert drawn.rstrip() == "Club\u2407night\u241b[31mRED"
            assert event.value == given

    asyncio.run(drive())


def test_a_seat_s_own_hand_is_taken_before_the_first_decision(tmp_path: Path) -> None:
    """With the players given (``--players``, no set-up screen), a seat's own hand typed as
    its deal line was refused ("expected a card like R14, or 'pass', not 'deal'"), so the
    seat's record could not hold it (found by recording a seat's game at the table)."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"], seat="Ann").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(80, 24)) as pilot:
            entry = app.query_one("#entry", Input)
            entry.value = "deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G12"  # a slip: Ctrl+Z
            await pilot.press("enter")
            await pilot.press("ctrl+z")
            assert _shown(app, "#message") == (
                "taken back: deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G12"
            )
            entry.value = "deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11"
            await pilot.press("enter")
            assert _shown(app, "#message") == (
                "recorded: deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11"
            )
            assert _shown(app, "#choices").startswith(
                "Ann holds 10 cards: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11;"
            )
            entry.value = "R4 R3"
            await pilot.press("enter")
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text().splitlines()[-3:] == [
        "deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11",
        "1. Ann R4 R3",
        "*",
    ]


def test_leaving_a_seat_s_round_before_its_battles_says_what_the_file_lacks(
    tmp_path: Path,
) -> None:
    """The others' plays of a seat's round are written once its battles begin: one Ctrl+Q
    left, and the plays entered were lost unsaid (found by leaving a seat's recording in the
    middle of a round).  The first Ctrl+Q now says so; the second leaves."""
    path = tmp_path / "seat.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy", "Dan"], seat="Ann").head.tags)

    async def drive() -> None:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(80, 24)) as pilot:
            entry = app.query_one("#entry", Input)
            for line in ("R9 Y5", "Bob R3 Y2"):
                entry.value = line
                await pilot.press("enter")
            await pilot.press("ctrl+q")
            assert _shown(app, "#message") == (
                f"not in {path} yet: 'Bob R3 Y2' (the plays of round 1 are written once its "
                "battles begin); Ctrl+Q again leaves without them (they are printed when the "
                "recorder closes, to enter again)"
            )
            assert app.is_running
            await pilot.press("ctrl+q")
        assert app.return_code == 0

    asyncio.run(drive())
    assert path.read_text().splitlines()[-2:] == ["1. Ann R9 Y5", "*"]


def test_once_the_game_is_over_the_entry_line_says_what_it_takes(tmp_path: Path) -> None:
    """The entry line went on asking for 'Y2 Y6 R9, pass 1 1 2, R, 1, forgot' after the
    game's end (found by recording a game to its end)."""
    from gargon_notation.recording_lines import LineRecorder

    record = record_from_simulation(simulate(3, "pilot"))
    recorder = LineRecorder(None)
    lines = entry_lines(record)
    for line in lines[:-2]:  # all but the last decision and the end
        recorder.feed(line)
    path = tmp_path / "game.ggn"

    async def drive() -> None:
        app = RecorderApp(path, [], recorder.recording)
        async with app.run_test(size=(80, 24)) as pilot:
            entry = app.query_one("#entry", Input)
            assert entry.placeholder.startswith("the entry, such as")
            entry.value = lines[-2]
            await pilot.press("enter")
            assert entry.placeholder == (
                "the game is over: a comment goes with the last decision; Ctrl+Q leaves (saved)"
            )
            entry.value = "{well played}"
            await pilot.press("enter")
            await pilot.press("ctrl+q")

    asyncio.run(drive())
    assert path.read_text().splitlines()[-2:] == [
        "    fights Y, W (Bernd forgot), R (Collette forgot), B {well played}",
        "end Adam 69, Bernd 64, Collette 61",
    ]


def test_a_pasted_line_refused_and_cleared_is_skipped(tmp_path: Path) -> None:
    """A paste holding a line that should not be there: refused, it stayed in the entry
    line and the lines after it waited; cleared, Enter said 'nothing entered' and they
    went on waiting, so that only Escape, dropping them all, went on (found by the
    recorder's trial).  Now Enter on the line cleared goes on with the next line."""
    path = tmp_path / "game.ggn"
    tags = list(Recording.new(["Ann", "Bob", "Cy"]).head.tags)

    async def drive() -> RecorderApp:
        app = RecorderApp(path, tags)
        async with app.run_test(size=(120, 40)) as pilot:
            entry = app.query_one("#entry", Input)
            app.post_message(events.Paste("R3\nAdam Z9\nBob G5\nCy pass 1\n"))
            await pilot.pause()
            assert (entry.value, app.pasted) == ("Adam Z9", ["Bob G5", "Cy pass 1"])
            await pilot.press("ctrl+u", "enter")
            assert _shown(app, "#message") == "recorded 2 lines, the last: Cy pass 1"
            assert (entry.value, app.pasted) == ("", [])
            assert path.read_text().splitlines()[-2:] == ["1. Ann R3, Bob G5, Cy pass 1", "*"]
            # With no line waiting, an empty line is still nothing entered.
            await pilot.press("enter")
            assert _shown(app, "#message").startswith("nothing entered: ")
            await pilot.press("ctrl+q")
        return app

    asyncio.run(drive())
