"""Recording a game one decision at a time (gargon_notation.recording, recording_lines)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import gargon_notation as gg
from gargon_notation.bots import simulate
from gargon_notation.errors import NotationError
from gargon_notation.notation import parse_game
from gargon_notation.notation.writer import write_game
from gargon_notation.recording import (
    EntryRefused,
    Recording,
    RecordingError,
    Sight,
    entry_lines,
)
from gargon_notation.recording_lines import (
    FileChanged,
    FileLocked,
    LineRecorder,
    RecordLock,
    record_lines,
)
from gargon_notation.records import record_from_simulation, with_comments

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
CHUNKS, SIMULATED = (10, 50) if HEAVY else (1, 2)
"""Simulated games re-recorded through a file, in chunks the test workers share: 500 with
``GARGON_FUZZ=heavy`` (.ci/run)."""


@pytest.fixture(autouse=True)
def _unsynced_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A recording saves the file after every entry, flushing it to the disk (``os.fsync``),
    which on a busy disk takes most of these tests' time.  What is written is what they
    check; that it survives a crash, tests/test_atomic.py and tests/test_cli_record.py (a
    recording killed and resumed)."""
    monkeypatch.setattr(os, "fsync", lambda descriptor: None)


EXAMPLE_GAMES = [
    (path.name, number, record)
    for path in sorted(EXAMPLES.glob("*.ggn"))
    for number, record in enumerate(gg.load(path, strict=True), start=1)
]


def _rerecord(record: gg.GameRecord, path: Path | None) -> Recording:
    return record_lines(entry_lines(record), path)


@pytest.mark.parametrize(
    ("name", "number", "record"),
    [pytest.param(*game, marks=() if game[1] == 1 else pytest.mark.slow) for game in EXAMPLE_GAMES],
    ids=[f"{name}-{number}" for name, number, _ in EXAMPLE_GAMES],
)  # by default the first game of each file; the heavy profile club-night's others
def test_every_example_is_recorded_again_entry_by_entry(
    tmp_path: Path, name: str, number: int, record: gg.GameRecord
) -> None:
    path = tmp_path / "game.ggn"
    _rerecord(record, path)
    assert path.read_text() == write_game(record)
    assert gg.replay(next(gg.load(path, strict=True))).valid


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_simulated_games_are_recorded_again_into_identical_files(
    tmp_path: Path, chunk: int
) -> None:
    for k in range(chunk * SIMULATED, (chunk + 1) * SIMULATED):
        record = record_from_simulation(simulate(3 + k % 3, f"rec.{k}"), write_deal=k % 4 == 1)
        if k % 2:
            record = with_comments(record, f"rec.{k}")
        path = tmp_path / f"{k}.ggn"
        _rerecord(record, path)
        assert path.read_text() == write_game(record), k


def _seeded() -> Recording:
    return Recording.new(["Ann", "Bob", "Cy"], seed="demo", tags=[gg.Tag("Event", ("Test",))])


def test_a_new_recording_asks_for_the_first_decision() -> None:
    recording = _seeded()
    assert recording.prompt() == "round 1: Ann to play or pass"
    assert recording.sight is Sight.EVERYTHING
    assert recording.text() == (
        '[Event "Test"]\n[Players "Ann" "Bob" "Cy"]\n[Start "Ann"]\n[Seed "demo"]\n'
        '[Shuffle "sha256-fy-1"]\n*\n'
    )


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ("Ann", "players: a sequence of texts (str), one a seat, not str 'Ann'"),
        (5, "players: a sequence of texts (str), one a seat, not int 5"),
        # read as the numbers 65, 110, 110: 'each name is a text (str), not int 65'
        (b"Ann", "players: a sequence of texts (str), one a seat, not bytes b'Ann'"),
        (["Ann", 3, "Cy"], "players: each name is a text (str), not int 3"),
    ],
)
def test_players_that_are_not_texts_are_a_type_error(players: object, said: str) -> None:
    """Recording.new("Ann") read the letters as three players and said "'n' is given
    twice"; a number or a name that is no text ended in errors of the notation's own."""
    with pytest.raises(TypeError) as raised:
        Recording.new(players)  # type: ignore[arg-type]
    assert str(raised.value) == said


def test_a_refused_entry_changes_nothing() -> None:
    recording = _seeded()
    recording.enter("W9")
    before = recording.text()
    with pytest.raises(EntryRefused) as refused:
        recording.enter("Bob R9 R9")
    assert refused.value.message.startswith("Bob plays R9 R9")
    assert recording.text() == before
    assert len(recording.entries) == 1
    with pytest.raises(EntryRefused) as refused:
        recording.enter("Bob Y66")
    assert refused.value.column == 5
    assert "round 1: Bob to play or pass, such as" in str(refused.value)
    assert recording.text() == before


def test_an_entry_for_the_wrong_player_says_whose_turn_it_is() -> None:
    recording = _seeded()
    with pytest.raises(EntryRefused) as refused:
        recording.enter("Bob pass 1")
    assert refused.value.message == (
        "Bob may not act now: it is Ann's turn to play or pass [not-your-turn]"
    )


def test_a_card_entered_twice_says_where_it_was_entered_first() -> None:
    """As a replay of a record says it: played, drawn, or dealt to a hand the recording
    knows."""
    recording = Recording.new(["Adam", "Bernd", "Collette", "Dagmar"])
    for entry in ("Y2 Y6 R9", "pass 1 1 2", "B8 B2 R8"):
        recording.enter(entry)
    with pytest.raises(EntryRefused) as refused:
        recording.enter("R14 R0 B8")
    assert refused.value.message == (
        "B8 is already elsewhere (played by Collette in round 1): the deck has only 1 copy of "
        "it [card-conservation]"
    )
    dealt = Recording.resume(
        parse_game('[Players "Adam" "Bernd" "Collette"]\ndeal Bernd: G13 X? X?\n*\n')
    )
    with pytest.raises(EntryRefused) as refused:
        dealt.enter("Adam G13")
    assert refused.value.message.startswith("G13 is already elsewhere (dealt to Bernd)")


def test_a_misspelt_name_names_the_likely_player() -> None:
    recording = _seeded()
    with pytest.raises(EntryRefused) as refused:
        recording.enter("ann W9")
    assert "did you mean Ann?" in refused.value.message
    assert refused.value.column == 1


def test_a_round_line_is_taken_whole_or_not_at_all() -> None:
    recording = _seeded()
    with pytest.raises(EntryRefused) as refused:
        recording.enter_line("1. Ann W9, Bob pass 1, Cy R15")
    assert refused.value.column == 24
    assert recording.entries == []
    recording.enter_line("1. Ann W9, Bob pass 1, Cy pass 2")
    assert [entry.element.player for entry in recording.entries] == ["Ann", "Bob", "Cy"]  # type: ignore[union-attr]


def test_undo_takes_back_any_number_of_decisions() -> None:
    recording = _seeded()
    texts = [recording.text()]
    for _ in range(8):
        recording.enter(recording.legal_entries()[-1])
        texts.append(recording.text())
    assert recording.undo(3) == 3
    assert recording.text() == texts[5]
    assert recording.undo(99) == 5
    assert recording.text() == texts[0]
    assert recording.undo() == 0


def test_undo_refuses_a_negative_number_of_decisions() -> None:
    """undo(-1) took back nothing and said 0."""
    recording = _seeded()
    recording.enter(recording.legal_entries()[-1])
    with pytest.raises(gg.ArgumentError, match=r"^steps: -1 is not from 0 on$"):
        recording.undo(-1)
    with pytest.raises(TypeError, match=r"^steps: a whole number \(int\), not str '1'$"):
        recording.undo("1")  # type: ignore[arg-type]
    assert len(recording.entries) == 1
    assert recording.undo(0) == 0


def test_comments_and_glyphs_go_to_the_last_decision() -> None:
    recording = _seeded()
    with pytest.raises(EntryRefused):
        recording.annotate_last(comment="too early")
    recording.enter("W9! {a bold lead}")
    recording.enter_line("{and a second thought}")
    recording.annotate_last(glyph="!?", nags=(3,))
    recording.enter_line("$6")
    assert "1. Ann W9!? $3 $6 {a bold lead} {and a second thought}\n" in recording.text()
    with pytest.raises(EntryRefused):
        recording.annotate_last(comment="a } breaks it")


def test_written_winners_are_checked_before_they_are_recorded() -> None:
    record = next(gg.load(EXAMPLES / "rulebook-round.ggn", strict=True))
    lines = entry_lines(record)
    at = next(k for k, line in enumerate(lines) if line.startswith("R >"))
    recorder = LineRecorder(None)
    for line in lines[:at]:
        recorder.feed(line)
    with pytest.raises(NotationError) as refused:
        recorder.feed("R > Adam")
    assert refused.value.message == (
        "the entry says Adam won, but the fights were won by Dagmar, then Dagmar [winner-mismatch]"
    )
    recorder.feed("R > Dagmar Dagmar")


def test_a_colour_may_be_led_by_the_choosers_name() -> None:
    """As any entry may be led by the name of whose decision it is: 'Adam R' was refused
    with "expected a colour letter (W B V Y R G), not 'Adam'", and 'Bernd R' alike, not
    saying that Adam chooses."""
    recorder = LineRecorder(None)
    for line in ['[Players "Adam" "Bernd" "Cy"]', "Adam R7 G15", "Bernd R4 B14", "Cy pass 1"]:
        recorder.feed(line)
    refusals = {
        "Bernd R": "Bernd may not act now: it is Adam's turn to choose a colour [not-your-turn]",
        "Bernt R": "Bernt is not at this table (players: Adam, Bernd, Cy); did you mean Bernd?",
        "Adam X": "expected a colour letter (W B V Y R G), not 'X'",
    }
    for entry, message in refusals.items():
        with pytest.raises(NotationError) as refused:
            recorder.feed(entry)
        hint = "round 1: Adam to choose a colour, such as R, G"
        assert refused.value.message == f"{message}; {hint}"
        assert refused.value.column == entry.index(entry.split()[message.startswith("exp")]) + 1
    recorder.feed("Adam R > Adam")
    recorder.feed("Bernd 1")
    recorder.feed("Adam G")
    assert recorder.recording is not None
    assert recorder.recording.text().endswith("    fights R > Adam (Bernd 1), G\n*\n")


def test_a_name_alone_says_what_is_missing_after_it_or_whose_turn_it_is() -> None:
    """'Adam' alone with Adam to draw was refused with "expected a pile number (1 or 2), or
    'forgot', not 'Adam'", though Adam was the right player and only the pile was missing;
    at a play and at a colour alike, and another player's name was refused as a card."""
    recorder = LineRecorder(None)
    recorder.feed('[Players "Adam" "Bernd" "Cy"]')
    refusals = [
        (
            "Adam",
            "the play is missing after Adam's name: write the cards (Adam R14 R3), or the pass "
            "and its piles (Adam pass 1 2); round 1: Adam to play or pass",
        ),
        (
            "Cy",
            "Cy may not act now: it is Adam's turn to play or pass [not-your-turn]; round 1: "
            "Adam to play or pass",
        ),
        ("Adam R7 G15", None),
        ("Bernd R4 B14", None),
        ("Cy pass 1", None),
        (
            "Adam",
            "the colour is missing after Adam's name: write it (Adam R); round 1: Adam to "
            "choose a colour, such as R, G",
        ),
        ("R", None),
        (
            "Bernd",
            "the pile is missing after Bernd's name: write Bernd 1 or Bernd 2 (with :R? or :R7 "
            "for what was seen), or Bernd forgot; round 1: Bernd to draw a replacement card, "
            "such as 1, 2, forgot",
        ),
        (
            "Adam",
            "Adam may not act now: it is Bernd's turn to draw [not-your-turn]; round 1: Bernd "
            "to draw a replacement card, such as 1, 2, forgot",
        ),
        ("Bernd 1", None),
    ]
    for entry, message in refusals:
        if message is None:
            recorder.feed(entry)
            continue
        with pytest.raises(NotationError) as refused:
            recorder.feed(entry)
        assert refused.value.message == message
        assert refused.value.column == (1 if "[not-your-turn]" in message else len(entry) + 1)
    assert recorder.recording is not None
    assert recorder.recording.text().endswith("    fights R (Bernd 1)\n*\n")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        # a winner too many: it said 'Adam, then Bernd did not win' of a fight Adam won
        ("R > Adam Bernd", "the entry says Adam, then Bernd won, but the fight was won by Adam"),
        ("R > -", "the entry says nobody won, but the fight was won by Adam"),
        ("R > Bernd", "the entry says Bernd won, but the fight was won by Adam"),
    ],
)
def test_a_wrong_winner_is_said_as_the_entry_wrote_it(entry: str, message: str) -> None:
    recorder = LineRecorder(None)
    for line in ['[Players "Adam" "Bernd" "Cy"]', "Adam R7 G15", "Bernd R4 B14", "Cy pass 1"]:
        recorder.feed(line)
    with pytest.raises(NotationError) as refused:
        recorder.feed(entry)
    assert refused.value.message == f"{message} [winner-mismatch]"
    recorder.feed("R > Adam")


def test_the_end_is_checked() -> None:
    recording = _seeded()
    with pytest.raises(EntryRefused) as refused:
        recording.finish("end")
    assert refused.value.message == "the game is not over: round 1: Ann to play or pass"
    while not recording.is_over:
        recording.enter(recording.legal_entries()[0])
    assert recording.prompt() == "the game is over: Ann 49, Bob 56, Cy 48"
    # the score that differs was not named: 'the scores are ..., not ... Cy 46'
    refusals = {
        "end Ann 49, Bob 56, Cy 46": "Cy is written with 46 points, but scores 48 "
        "[score-mismatch]; the scores are Ann 49, Bob 56, Cy 48, not Ann 49, Bob 56, Cy 46",
        "end Ann 1, Bob 56, Cy 3": "Ann is written with 1 point, but scores 49; Cy is "
        "written with 3 points, but scores 48 [score-mismatch]; the scores are Ann 49, Bob 56, "
        "Cy 48, not Ann 1, Bob 56, Cy 3",
        "end Ann 49, Bobby 56, Cy 48": "Bobby is not at this table (players: Ann, Bob, Cy); "
        "did you mean Bob?; the scores are Ann 49, Bob 56, Cy 48, not Ann 49, Bobby 56, Cy 48",
        "end Cy 48, Ann 49, Bob 56": "the scores are written one for each player, in seat "
        "order: Ann 49, Bob 56, Cy 48, not Cy 48, Ann 49, Bob 56",
    }
    for line, message in refusals.items():
        with pytest.raises(EntryRefused) as refused:
            recording.finish(line)
        assert refused.value.message == f"{message} (end alone writes them)"
    recording.finish("end ; well played")
    record = parse_game(recording.text())
    assert record.termination.finished and len(record.termination.scores) == 3
    assert gg.replay(record).valid


def test_a_seat_recording_refuses_values_the_seat_cannot_see() -> None:
    recording = Recording.new(["Ann", "Bob", "Cy"], seat="Ann")
    assert recording.sight is Sight.SEAT and recording.seat == 0
    assert '[Seat "Ann"]' in recording.text()
    recording.enter_line("1. Ann R3, Bob R5, Cy pass 1:G? 2")
    recording.enter("R")
    recording.enter("Ann 1:B7")
    assert recording.text().splitlines()[-2] == "    fights R (Ann 1:B7)"


def test_a_seat_recording_refuses_another_seats_drawn_value() -> None:
    recording = Recording.new(["Ann", "Bob", "Cy"], seat="Ann")
    recording.enter_line("1. Ann R5, Bob R3, Cy pass 1:G? 2")
    recording.enter("R")
    with pytest.raises(EntryRefused) as refused:
        recording.enter("Bob 1:B7")
    assert refused.value.message == "Ann cannot see the value of Bob's draw; write its back, B?"
    recording.enter("Bob 1:B?")


def test_resuming_continues_where_the_record_stops() -> None:
    recording = _seeded()
    for _ in range(10):
        recording.enter(recording.legal_entries()[0])
    resumed = Recording.resume(parse_game(recording.text()))
    assert resumed.text() == recording.text()
    assert resumed.prompt() == recording.prompt()
    assert len(resumed.entries) == 10


def test_only_a_valid_game_in_progress_can_be_resumed() -> None:
    finished = record_from_simulation(simulate(3, "done"))
    with pytest.raises(RecordingError, match="this game is finished"):
        Recording.resume(finished)
    broken = parse_game('[Players "Ann" "Bob" "Cy"]\n1. Bob pass\n*\n')
    with pytest.raises(RecordingError, match=r"may not act now"):
        Recording.resume(broken)


def test_a_seat_record_holding_another_seats_value_cannot_be_resumed() -> None:
    text = '[Players "Ann" "Bob" "Cy"]\n[Seat "Ann"]\n1. Ann R5, Bob R3, Cy pass 1:G7 2\n*\n'
    with pytest.raises(RecordingError) as refused:
        Recording.resume(parse_game(text))
    assert str(refused.value) == (
        "round 1 cannot be resumed: Ann cannot see the value of Cy's draw; write its back, G?"
    )


def test_a_set_up_that_is_no_game_is_refused() -> None:
    with pytest.raises(RecordingError, match="players"):
        Recording.new(["Ann", "Bob"])
    with pytest.raises(RecordingError, match="Seat"):
        Recording.new(["Ann", "Bob", "Cy"], seat="Dan")
    with pytest.raises(RecordingError):
        Recording.new(["Ann", "Bob", "Cy"], "Dan")
    with pytest.raises(RecordingError, match="a seed deals every card"):
        Recording.new(["Ann", "Bob", "Cy"], seed="x", seat="Ann")


def test_the_file_keeps_every_line_before_the_first_refused_one(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    lines = ['[Players "Ann" "Bob" "Cy"]', '[Seed "demo"]', "W9", "pass 1", "Cy R99", "pass"]
    with pytest.raises(NotationError) as refused:
        record_lines(lines, path)
    assert (refused.value.line, refused.value.column) == (5, 4)
    kept = next(gg.load(path, strict=True))
    assert [action.player for action in kept.rounds[0].actions] == ["Ann", "Bob"]
    assert gg.replay(kept).valid


@pytest.mark.parametrize("name", ["full-game.ggn", "table-record.ggn", "seeded-game.ggn"])
def test_a_record_file_piped_as_it_is_is_recorded_again(tmp_path: Path, name: str) -> None:
    """Round lines that go on after a ``;`` comment, round comments on a line of their own:
    a canonical record read line by line is recorded into the same file."""
    text = (EXAMPLES / name).read_text()
    path = tmp_path / name
    record_lines(text.splitlines(), path)
    assert path.read_text() == write_game(next(gg.load(EXAMPLES / name, strict=True)))


def test_a_rounds_comments_wait_for_its_first_decision(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    head = ['[Players "Ann" "Bob" "Cy"]', "1. Ann R3, Bob pass 1, Cy pass 2", "fights R"]
    recorder = LineRecorder(path)
    for line in head:
        recorder.feed(line)
    assert recorder.feed("2. {a quiet round}") is None
    assert recorder.feed("Bob R5") == "round 2: Cy to play or pass"
    assert path.read_text().splitlines()[-2] == "2. {a quiet round} Bob R5"
    recorder.feed("3. ; a line comment")
    with pytest.raises(NotationError) as refused:
        recorder.feed("undo")
    assert refused.value.line == 7
    assert "the comments of round 3 (line 6) go with the round's first decision" in str(
        refused.value
    )


def test_a_round_comment_alone_is_refused_by_the_recording() -> None:
    recording = _seeded()
    with pytest.raises(EntryRefused, match="go with the round's first decision"):
        recording.enter_line("1. {a note}")


def test_scores_written_wrong_are_refused_at_the_end_of_the_lines() -> None:
    """Without a terminal as on one: the score that differs is named first."""
    recorder = LineRecorder(None, Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)
    recording = recorder.recording_or_start()
    while not recording.is_over:
        recorder.feed(recording.legal_entries()[0])
    recorder.feed("end Ann 49, Bob 56, Cy 46")
    with pytest.raises(NotationError) as refused:
        recorder.close()
    assert (refused.value.line, refused.value.column) == (147, 1)
    assert refused.value.message == (
        "Cy is written with 46 points, but scores 48 [score-mismatch]; the scores are Ann 49, "
        "Bob 56, Cy 48, not Ann 49, Bob 56, Cy 46 (end alone writes them)"
    )


def test_what_follows_the_end_is_checked_where_it_stands() -> None:
    recorder = LineRecorder(None, Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)
    with pytest.raises(NotationError) as refused:
        recorder.feed("end")
    assert (refused.value.line, refused.value.column) == (1, 1)
    assert refused.value.message.startswith("the game is not over: round 1: Ann")
    recorder.feed("*")
    recorder.feed("{left for another evening}")
    with pytest.raises(NotationError) as refused:
        recorder.feed("W9")
    assert (refused.value.line, refused.value.message) == (
        4,
        "only comments may follow the end of the game: the '*' of line 2 stops the record "
        "there, unfinished; to record this line, leave the '*' out (the file is saved after "
        "every decision, and gargon record --resume goes on from it)",
    )
    recording = recorder.close()
    assert recording.text().endswith("* {left for another evening}\n")
    # the end's comments are kept when more are written after a resume
    resumed = Recording.resume(parse_game(recording.text()))
    resumed.enter("W9")
    resumed.finish("* {and another}")
    assert resumed.text().endswith("1. Ann W9\n* {left for another evening} {and another}\n")


@pytest.mark.parametrize(("line", "column"), [("undo all", 6), ("undo 3x", 6)])
def test_undo_takes_a_number(line: str, column: int) -> None:
    recorder = LineRecorder(None, Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)
    recorder.feed("W9")
    with pytest.raises(NotationError) as refused:
        recorder.feed(line)
    assert refused.value.column == column
    assert "undo 3" in refused.value.message


def test_a_decision_the_file_cannot_keep_is_taken_back(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    recorder = LineRecorder(path, Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)
    recorder.feed("W9")
    path.unlink()
    path.mkdir()  # the file cannot be replaced now
    with pytest.raises(gg.FileError):
        recorder.feed("pass 1")
    assert recorder.recording is not None
    assert len(recorder.recording.entries) == 1
    assert recorder.recording.prompt() == "round 1: Bob to play or pass"
    path.rmdir()
    recorder.feed("pass 1")
    assert path.read_text().splitlines()[-2] == "1. Ann W9, Bob pass 1"


def test_a_record_stopped_between_the_fights_of_a_colour_is_valid_and_resumes(
    tmp_path: Path,
) -> None:
    record = next(gg.load(EXAMPLES / "rulebook-round.ggn", strict=True))
    lines = entry_lines(record)
    at = next(k for k, line in enumerate(lines) if line.startswith("R >"))
    path = tmp_path / "game.ggn"
    record_lines([*lines[: at + 2], "*"], path)  # R > Dagmar Dagmar, then Adam's draw only
    stopped = next(gg.load(path, strict=True))
    assert gg.replay(stopped).valid
    resumed = Recording.resume(stopped)
    for line in lines[at + 2 :]:
        resumed.enter_line(line) if line != "*" else resumed.finish(line)
    assert resumed.text() == write_game(record)


def test_a_seat_record_waits_for_the_battle_phase_to_write_other_seats_plays() -> None:
    recording = Recording.new(["Ann", "Bob", "Cy"], seat="Ann")
    recording.enter("R5")
    recording.enter("Bob R3")
    assert recording.text().splitlines()[-2] == "1. Ann R5"
    assert not gg.find_leaks(parse_game(recording.text()), "Ann")
    recording.enter("Cy pass 1:G?")
    assert recording.text().splitlines()[-2] == "1. Ann R5, Bob R3, Cy pass 1:G?"


def test_pass_and_forgot_in_capitals_are_the_keywords() -> None:
    recording = _seeded()
    recording.enter("W9")
    recording.enter("Pass 1")
    assert recording.text().splitlines()[-2] == "1. Ann W9, Bob pass 1"


def test_a_file_another_program_changed_is_not_written_over(tmp_path: Path) -> None:
    """Two recorders on one file: the second one's decision stays, the first is refused (and
    keeps nothing it could not write); a deleted file is written again."""
    path = tmp_path / "game.ggn"
    tags = Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags
    first = LineRecorder(path, tags)
    first.feed("W9")
    second = LineRecorder(path, (), Recording.resume(next(gg.load(path, strict=True))))
    second.feed("pass 1")
    theirs = path.read_text()
    with pytest.raises(FileChanged, match="another program changed this file"):
        first.feed("pass 2")
    assert path.read_text() == theirs
    assert first.recording is not None and len(first.recording.entries) == 1
    path.write_text("")  # emptied or deleted: nothing is lost writing it again
    first.feed("pass 2")
    assert path.read_text().splitlines()[-2] == "1. Ann W9, Bob pass 2"
    path.unlink()
    first.feed("Cy pass 1")
    assert path.read_text().splitlines()[-2] == "1. Ann W9, Bob pass 2, Cy pass 1"


def test_a_file_another_program_changes_while_it_is_saved_is_said_as_a_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor appending to the record file while the recorder saves it (after the
    recorder read it, before its new text is in place): the file is left as the editor
    wrote it, and that is a FileChanged, which the recorder advises on (leave, resume from
    the file), where it was a FileError saying '... then run the command again'."""
    from gargon_notation import atomic

    path = tmp_path / "game.ggn"
    tags = Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags
    recorder = LineRecorder(path, tags)
    recorder.feed("W9")
    real_fsync = os.fsync
    edited: list[str] = []

    def fsync(fd: int) -> None:
        if not edited:
            with path.open("a", encoding="utf-8") as stream:
                stream.write("; Ann's note\n")
            edited.append(path.read_text(encoding="utf-8"))
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    with pytest.raises(FileChanged) as raised:
        recorder.feed("pass 1")
    assert str(raised.value) == (
        f"{path}: another program changed this file while the recorder saved it; it is left "
        "as that program wrote it, and this decision is not recorded"
    )
    assert [path.read_text(encoding="utf-8")] == edited
    assert recorder.recording is not None and len(recorder.recording.entries) == 1


def test_a_change_that_keeps_the_size_and_time_stamp_while_it_is_saved_is_a_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor changing a note of the record file while the recorder saves it, keeping
    its size in the same step of the file system's clock (FAT's two seconds; here the time
    stamp is put back): the recorder compared the bytes before it began the save, the save
    only the file's status, and the note was written over; now the bytes are compared again
    as the new file is put in place."""
    from gargon_notation import atomic

    path = tmp_path / "game.ggn"
    tags = Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags
    recorder = LineRecorder(path, tags)
    recorder.feed("W9")
    real_fsync = os.fsync
    edited: list[str] = []

    def fsync(fd: int) -> None:
        if not edited:
            before = os.stat(path)
            text = path.read_text(encoding="utf-8").replace("W9", "R9")
            path.write_text(text, encoding="utf-8")
            os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
            edited.append(text)
        real_fsync(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    with pytest.raises(FileChanged, match="while the recorder saved it"):
        recorder.feed("pass 1")
    assert [path.read_text(encoding="utf-8")] == edited
    assert edited[0].splitlines()[-2] == "1. Ann R9"


def test_a_recorder_made_on_a_file_that_holds_a_record_may_replace_it(tmp_path: Path) -> None:
    """What the file held when the recorder was made is its own to replace (record_lines on
    an existing file); a change after that is not."""
    path = tmp_path / "game.ggn"
    path.write_text("an old record\n")
    recorder = LineRecorder(path, Recording.new(["Ann", "Bob", "Cy"], seed="demo").head.tags)
    recorder.feed("W9")
    assert path.read_text().splitlines()[-2] == "1. Ann W9"
    made = LineRecorder(tmp_path / "new.ggn", recording=Recording.new(["Ann", "Bob", "Cy"]))
    (tmp_path / "new.ggn").write_text("made meanwhile\n")
    with pytest.raises(FileChanged):
        made.feed("R3")
    assert (tmp_path / "new.ggn").read_text() == "made meanwhile\n"


@pytest.mark.skipif(sys.platform == "win32", reason="no flock: there is no lock on Windows")
def test_a_record_file_is_locked_while_its_recorder_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "game.ggn"
    lock = RecordLock(path)
    lock.take()  # no file yet: nothing to lock
    recorder = LineRecorder(path, Recording.new(["Ann", "Bob", "Cy"]).head.tags, lock=lock)
    recorder.feed("R3")
    with pytest.raises(FileLocked, match="another recorder is writing this file"):
        RecordLock(path).take()
    recorder.feed("pass 1")  # a save replaces the file: the new one is locked
    other = RecordLock(path)
    with pytest.raises(FileLocked):
        other.take()
    lock.release()
    other.take()
    other.release()


def test_a_head_line_is_taken_until_the_first_decision(tmp_path: Path) -> None:
    """On a terminal the recording starts at once: a seat's own hand typed then was refused
    as "expected a card like R14, or 'pass', not 'deal'" (found by recording a seat's game
    at the table).  A tag, deal or pile line is taken into the head until the first
    decision; after it, refused saying how to give it."""
    path = tmp_path / "game.ggn"
    tags = Recording.new(["Ann", "Bob", "Cy"], seat="Ann").head.tags
    recorder = LineRecorder(path, tags)
    recorder.recording_or_start()
    assert recorder.feed("deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11") is None
    assert recorder.feed('[Event "Club night"]') is None
    assert recorder.feed("pile 1: W?") is None  # a slip: undo takes it back
    assert recorder.feed("undo") == "round 1: Ann to play or pass"
    assert recorder.undone_head == "pile 1: W?"
    recording = recorder.recording
    assert recording is not None
    assert recording.choices().startswith("Ann holds 10 cards: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11;")
    assert path.read_text().splitlines()[-4:] == [
        '[Seat "Ann"]',
        '[Event "Club night"]',
        "deal Ann: W9 W4 V8 V6 V5 R15 R4 R3 R2 G11",
        "*",
    ]
    with pytest.raises(NotationError) as refused:
        recorder.feed("deal Bob: W? W? W? W? W? W? W? W? W? W? W?")
    assert (refused.value.line, refused.value.column) == (5, 1)
    assert refused.value.message == (
        "the set-up is not a game to record: Bob is dealt 11 cards; a hand is 10 [deal-size]"
    )
    recorder.feed("R4 R3")
    with pytest.raises(NotationError) as refused:
        recorder.feed("pile 1: W?")
    assert refused.value.message == (
        "a pile line goes in the head of the record, before its first decision, and 1 "
        "decision is recorded already: undo 1 takes it back, then give the line and enter "
        "it again"
    )
    assert path.read_text().splitlines()[-2:] == ["1. Ann R4 R3", "*"]


def test_a_head_line_the_notation_refuses_is_said_once_at_its_own_line() -> None:
    """It was said at the line that started the recording as well, and a tag left open
    was blamed on a '*' nobody wrote: ``<stdin>:2:1: <stdin>:2:1: ... not '*'``."""
    recorder = LineRecorder(None, Recording.new(["Ann", "Bob", "Cy"]).head.tags)
    recorder.feed('[Event "x"]')
    recorder.feed('[Site "club"')
    with pytest.raises(NotationError) as refused:
        recorder.feed("W9")
    assert str(refused.value) == (
        "<stdin>:2:13: expected a quoted value like \"...\", or ']', not the end of the text\n"
        '    [Site "club"\n'
        "                ^"
    )


def test_a_seat_not_at_the_table_is_refused_with_the_player_it_likely_means() -> None:
    """Found by misspelling --seat: the message listed the players, and left the reader to
    find the slip."""
    with pytest.raises(RecordingError) as refused:
        Recording.new(["Ann", "Bob", "Cy"], seat="Bbo")
    assert str(refused.value) == (
        "[Seat 'Bbo'] names nobody at the table (players: Ann, Bob, Cy); did you mean Bob?"
    )


def test_a_player_named_with_a_colour_letter_in_a_head_line_is_told_to_be_quoted(
    tmp_path: Path,
) -> None:
    """Players A, B, C given as an option: 'deal B: W1' said "expected a player name, not
    'B'" and no more, where a file with the same Players tag says to quote the name (found
    by recording a game at the table), both as the head lines piped before the recording
    starts and as a line taken into the head of a recording started."""
    tags = Recording.new(["A", "B", "C"]).head.tags
    said = (
        "expected a player name, not 'B': a player named B is written quoted in the "
        'movetext, "B", since B is also a colour letter'
    )
    with pytest.raises(NotationError) as piped:
        record_lines(['[Event "x"]', "deal B: W1", "A W1"], tmp_path / "piped.ggn", tags=tags)
    assert (piped.value.line, piped.value.column, piped.value.message) == (2, 6, said)
    started = LineRecorder(tmp_path / "started.ggn", tags)
    started.recording_or_start()
    with pytest.raises(NotationError) as taken:
        started.feed("deal B: W1")
    assert (taken.value.line, taken.value.column, taken.value.message) == (1, 6, said)
    # Read as it is written: a comment before the tags stays the record's.
    kept = record_lines(
        ["; a note", '[Event "x"]', 'deal "B": W1'], tmp_path / "kept.ggn", tags=tags
    )
    assert write_game(kept.record()).splitlines()[:2] == ["; a note", '[Players "A" "B" "C"]']
    assert (tmp_path / "kept.ggn").read_text().startswith("; a note\n")
    # Quoted, the line is taken, and the Players tag is not taken twice.
    assert started.feed('deal "B": W1') is None
    assert Path(tmp_path / "started.ggn").read_text().splitlines() == [
        '[Players "A" "B" "C"]',
        '[Start "A"]',
        'deal "B": W1',
        "*",
    ]
