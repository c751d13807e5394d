"""``show`` and ``replay`` never lie about an invalid record: they show the table up to the
first problem and the problem itself, and exit 1 (docs/cli.md, show and replay)."""

from __future__ import annotations

import contextlib
import os
import pty
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from in_process import gargon as in_a_process
from terminals import read_until
from typer.testing import CliRunner, Result

from gargon_notation.cli import app, view

DATA = Path(__file__).resolve().parent / "data" / "cli"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
ROUND2 = DATA / "round2.ggn"  # the full game with a colour fought that nobody played, round 2
FIRST_PROBLEM = (
    "round2.ggn:20:12: game 1 \"Broken in round 2\", round 2, Bernd (seat 2): 'G $14': Bernd "
    "may not choose green, having only white, blue and yellow face up [colour-not-in-front]"
)


@pytest.fixture(autouse=True)
def _in_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(DATA)


def gargon(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_show_an_invalid_record_up_to_its_first_problem() -> None:
    result = gargon("show", "round2.ggn", "--no-color")
    assert result.exit_code == 1
    output = result.stdout
    assert "Unfinished game" not in output
    assert "Round 1  start: Adam" in output
    assert "Round 2  start: Bernd" in output
    assert "Round 3" not in output
    after = output.split("Round 2  start: Bernd")[1].splitlines()
    assert after[1:6] == [
        "Player     Card play             Won",
        "────────────────────────────────────",
        "Bernd      W10 B9 Y4             -",
        "Collette   B12 V12 Y13           -",
        "Dagmar     W15 V10 R9            -",
    ]
    assert after[6].startswith("Adam       pass")
    assert "Invalid record: the game is shown up to the first of its 2 problems:" in after
    assert FIRST_PROBLEM in after
    assert "Score when the first problem was found:" in after


def test_show_on_a_narrow_terminal_wraps_the_score_s_legend_between_words() -> None:
    """At 60 columns the score table runs past the edge (no figure cut), and its legend was
    printed whole, for the terminal to break '0s' and 'winner' in the middle."""
    done = in_a_process("show", str(EXAMPLES / "full-game.ggn"), env={"COLUMNS": "60"})
    assert done.returncode == 0
    assert done.stdout.decode().splitlines()[-4:] == [
        "won: in the order won; amulets: x2 with one 0, x4 with both",
        "0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie; *",
        "winner",
    ]


WIDE_PLAYERS = (
    '[Players "Zoë-Åsa Þórðardóttir" "محمد بن سلمان" "王小明" '
    '"Maximilian Alexander von und zu Hohenzollern-Sigmaringen der Dritte" '
    '"🎲 Emil </script><b>x</b> & co"]'
)


@pytest.mark.parametrize(
    ("columns", "lines"),
    [
        (
            "80",
            [
                "Players   Zoë-Åsa Þórðardóttir محمد بن سلمان 王小明 Maximilian Alexander von und",
                "          zu Hohenzollern-Sigmaringen der Dritte 🎲 Emil </script><b>x</b> & co",
            ],
        ),
        (
            "40",
            [
                "Players   Zoë-Åsa Þórðardóttir محمد بن",
                "          سلمان 王小明 Maximilian",
                "          Alexander von und zu",
                "          Hohenzollern-Sigmaringen der",
                "          Dritte 🎲 Emil",
                "          </script><b>x</b> & co",
            ],
        ),
    ],
)
def test_show_wraps_a_players_line_of_wide_names_without_cutting_one(
    tmp_path: Path, columns: str, lines: list[str]
) -> None:
    """At 80 columns the line ending in "von und" (its 王 and 🎲 two cells each) was cut
    to "von un…"."""
    path = tmp_path / "wide.ggn"
    path.write_text(f'[Notation "1"]\n{WIDE_PLAYERS}\n*\n', encoding="utf-8")
    done = in_a_process("show", str(path), "--no-color", env={"COLUMNS": columns})
    assert done.returncode == 0
    shown = done.stdout.decode().splitlines()
    assert shown[2 : 2 + len(lines)] == lines
    assert shown[2 + len(lines)] == ""


def test_show_a_game_a_file_of_one_game_does_not_hold() -> None:
    """Said "the file holds games 1-1"."""
    result = gargon("show", str(EXAMPLES / "full-game.ggn"), "--game", "4")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "gargon: --game 4: the file holds one game\n"


def test_show_a_record_that_cannot_be_set_up() -> None:
    result = CliRunner().invoke(app, ["show", "-", "--no-color"], input='[Event "x"]\n*\n')
    assert result.exit_code == 1
    assert "Invalid record: it cannot be replayed; its first problem:" in result.stdout
    assert "the record has no Players tag" in result.stdout


def test_show_a_round_broken_by_its_last_action() -> None:
    result = gargon("show", "broken.ggn", "--no-color")
    assert result.exit_code == 1
    shown = result.stdout.split("Round 1  start: Adam\n")[1].splitlines()
    assert shown[:9] == [
        "Player     Card play             Won",
        "────────────────────────────────────",
        "Adam       Y2 Y6 R9              -",
        "Bernd      pass 1:X? 1:X? 2:X?   -",
        "Collette   B8 B2 R8              -",
        "Dagmar     (not yet)             -",
        "",
        "Invalid record: the game is shown up to its first problem:",
        "broken.ggn:6:56: game 1 \"Broken round\", round 1, Dagmar (seat 4): 'Dagmar R14 R0 G12': "
        "Dagmar plays R14 R0 G12, but as last seat may only play colours already played this "
        "round (blue, yellow and red), not green [last-seat-new-colour]",
    ]


def test_replay_a_round_the_problem_stops_shows_the_table_at_the_problem() -> None:
    result = gargon("replay", "round2.ggn", "--round", "2", "--no-color")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "Round 2  start: Bernd  - Bernd to choose a colour"
    assert "Bernd <    B4 B0 V6 V3 Y0 R8 R1 R0 G14 G0     W10 B9 Y4     -               0" in lines
    assert "Invalid record (the table when the first problem was found); 2 problems:" in lines
    assert FIRST_PROBLEM in lines


def test_replay_a_round_before_the_problem_shows_that_round() -> None:
    result = gargon("replay", "round2.ggn", "--round", "1", "--no-color")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[:2] == ["After round 1", "Round 2  start: Bernd  - Bernd to play or pass"]
    assert (
        lines[4]
        == "Adam       W1 B1 B0 Y5 R2 G6 G4                     -          R15 R10 B11    22"
    )
    assert "Invalid record (a later point of the game holds problems); 2 problems:" in lines


def test_replay_a_round_the_replay_did_not_reach_says_so() -> None:
    """``--round 3`` of a record the replay lost in round 2 (round 3 was checked on its own):
    the table at the first problem came with the next round's heading and nothing else, as
    if round 3 ended there; now it is headed by what it is not, as a round's end is by
    ``After round R``."""
    lines = gargon("replay", "several-mistakes.ggn", "--round", "3").stdout.splitlines()
    assert lines[:2] == [
        "The replay did not reach the end of round 3",
        "Round 2  start: Bob  - Ann to play or pass",
    ]
    assert lines[9:11] == [
        "",
        "Invalid record (the table when the first problem was found); 3 problems:",
    ]
    lines = gargon("replay", "several-mistakes.ggn", "--round", "1").stdout.splitlines()
    assert lines[:2] == ["After round 1", "Round 2  start: Bob  - Bob to play or pass"]


def test_replay_a_step_past_the_problem_shows_the_table_at_the_problem() -> None:
    result = gargon("replay", "round2.ggn", "--step", "70", "--no-color")
    assert result.exit_code == 1
    assert "Invalid record (the table when the first problem was found); 2 problems:" in (
        result.stdout.splitlines()
    )


def test_replay_a_round_outside_a_valid_game_is_a_usage_error() -> None:
    result = gargon("replay", str(DATA.parents[2] / "examples" / "full-game.ggn"), "-r", "40")
    assert result.exit_code == 2
    assert result.stderr.strip() == "gargon: --round 40: the game has rounds 1-9"


@contextlib.contextmanager
def _stepper(*options: str, **env: str) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``gargon replay round2.ggn OPTIONS`` on a pseudo-terminal: the process and the
    terminal's end to read and type on; both are closed afterwards."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "replay", "round2.ggn", *options],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=DATA,
        env={**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm", **env},
    )
    os.close(child)
    try:
        yield process, main
    finally:
        process.kill()
        os.close(main)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_interactive_stepper_shows_the_problem_when_it_reaches_it() -> None:
    with _stepper("--step", "11") as (process, main):
        assert b"step 11/73" in read_until(main, b"q quit")
        os.write(main, b"n")  # the step the first problem was found at
        screen = read_until(main, b"q quit")
        assert b"step 12/73: Adam pass 2 1 2" in screen
        assert b"the first was found here" in screen
        assert b"colour-not-in-front" in screen
        os.write(main, b"\x1b[F")  # End: the last step, past the problem
        screen = read_until(main, b"q quit")
        assert b"step 73/73: W  (the end of round 9)  (the replay's best effort since the" in screen
        os.write(main, b"q")
        tail = read_until(main, b"\xff", seconds=5)
        assert b"colour-not-in-front" not in tail  # shown when reached, not after q
        assert process.wait(timeout=20) == 1


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_interactive_stepper_with_no_color_writes_no_escape_code() -> None:
    with _stepper("--no-color", "--step", "11", FORCE_COLOR="1") as (process, main):
        shown = read_until(main, b"q quit")
        os.write(main, b"n")
        shown += read_until(main, b"q quit")
        os.write(main, b"e")
        shown += read_until(main, b"q quit")
        os.write(main, b"q")
        shown += read_until(main, b"\xff", seconds=5)
        assert process.wait(timeout=20) == 1
    assert b"step 12/73" in shown and b"colour-not-in-front" in shown
    assert b"\x1b" not in shown


def test_every_independent_mistake_is_reported_in_one_run() -> None:
    result = gargon("validate", "several-mistakes.ggn")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "INVALID several-mistakes.ggn game 1: 3 problems"
    firsts = [line for line in lines if line.startswith("  several-mistakes.ggn:")]
    assert firsts == [
        "  several-mistakes.ggn:5:19: game 1, round 2, Ann (seat 1): 'Ann R1': Ann plays R1, "
        "but as last seat may only play colours already played this round (yellow), not red "
        "[last-seat-new-colour]",
        "  several-mistakes.ggn:11:23: game 1, round 5, Anne: 'Anne pass 2': Anne is not at "
        "this table (players: Ann, Bob, Cy); did you mean Ann? [unknown-player]",
        "  several-mistakes.ggn:13:4: game 1, round 6, Cy: 'Cy W7': W7 is already elsewhere "
        "(played by Cy in round 3, line 7): the deck has only 1 copy of it [card-conservation]",
    ]
    assert lines[-2] == (
        "  not checked: the record no longer follows the game after the skipped action; each "
        "later round was checked on its own from its first decision (turns, patterns, colours, "
        "fights, winners, draws; in the last round, not whether a draw is missing, as its piles "
        "may have run out), and the whole record for names, round numbers, cards written twice "
        "and the Result tag, but not for what needs the table before it (hands, piles, scores)"
    )  # round 5 is checked whole: 'Anne pass 2' is read as Ann's, as the name suggests


def test_a_card_played_twice_in_a_json_record_is_said_without_a_line(tmp_path: Path) -> None:
    """A record read from JSON has no lines to point at: its messages say none."""
    import gargon_notation as gg

    records = list(gg.load(DATA / "several-mistakes.ggn"))
    (tmp_path / "mistakes.json").write_text(gg.jsonio.dumps(records), encoding="utf-8")
    result = gargon("validate", str(tmp_path / "mistakes.json"))
    assert result.exit_code == 1
    assert "W7 is already elsewhere (played by Cy in round 3): the deck" in result.stdout
    assert "line 0" not in result.stdout


def test_a_problem_that_follows_from_an_earlier_one_says_so() -> None:
    result = gargon("validate", "--json", "round2.ggn")
    import json

    problems = json.loads(result.stdout)["games"][0]["problems"]
    assert [(p["code"], p["consequence_of"]) for p in problems] == [
        ("colour-not-in-front", None),
        ("record-incomplete", "20:12"),
    ]
    text = gargon("validate", "round2.ggn").stdout
    assert "[record-incomplete] (follows from the problem at 20:12)" in text


def test_replay_of_a_game_after_an_unreadable_one_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "two.ggn"
    path.write_text(
        '[Players "A" "B" "C"]\n1. A R99\n*\n\n[Players "A" "B" "C"]\n1. A R9\n*\n',
        encoding="utf-8",
    )
    result = gargon("replay", str(path), "--game", "2", "--no-color")
    assert result.exit_code == 1
    assert "'R99' is not a card" in result.stderr
    assert result.stdout.startswith("Round 1  start: A")


def test_score_of_an_invalid_record_is_the_score_at_its_first_problem() -> None:
    import json

    result = gargon("score", "round2.ggn", "--no-color")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "round2.ggn game 1: score when the first problem was found (invalid record)"
    )
    entry = json.loads(gargon("score", "round2.ggn", "--json").stdout)["games"][0]
    assert (entry["finished"], entry["valid"], entry["winners"]) == (False, False, [])
    assert [(p["name"], p["total"]) for p in entry["players"]] == [
        ("Adam", 22),
        ("Bernd", 0),
        ("Collette", 10),
        ("Dagmar", 0),
    ]


# -- replay --possible: what the hidden cards can still be ------------------------------------

FULL_GAME = str(DATA.parents[2] / "examples" / "full-game.ggn")


def test_replay_possible_shows_what_everyone_knows_under_the_table() -> None:
    result = gargon("replay", FULL_GAME, "--step", "2", "--possible", "--no-color")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    plain = gargon("replay", FULL_GAME, "--step", "2", "--no-color").stdout.splitlines()
    assert lines[: len(plain)] == plain  # the table as without --possible
    assert lines[len(plain) :] == [
        "Still possible (what everyone knows): hidden cards by back, and their values",
        *(f"  17 {colour}?  0-15" for colour in "WBVYRG"),
    ]


def test_replay_possible_for_a_player_adds_his_own_cards() -> None:
    result = gargon("replay", FULL_GAME, "--round", "2", "--possible-for", "Bernd", "--no-color")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    start = lines.index("Still possible (what Bernd knows): hidden cards by back, and their values")
    assert lines[start + 1 :] == [
        "  15 W?  0-9 11-14",
        "  12 B?  0-3 5-8 10 13-15",
        "  10 V?  0 2 4 5 7-9 11 14",
        "  14 Y?  0-3 5-12 14 15",
        "   9 R?  0 2-4 6 7 11-13",
        "  15 G?  0-13 15",
    ]


def test_replay_possible_at_the_first_problem() -> None:
    result = gargon("replay", "round2.ggn", "--round", "2", "--possible", "--no-color")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert "Still possible (what everyone knows): hidden cards by back, and their values" in (lines)
    assert lines.index("Invalid record (the table when the first problem was found); 2 problems:")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--possible-for", "Bernhard"],
            "gargon: --possible-for Bernhard: not a player of this game "
            "(Adam, Bernd, Collette, Dagmar)",
        ),
        (
            ["--possible", "--possible-for", "Bernd"],
            "gargon: give --possible or --possible-for, not both",
        ),
    ],
)
def test_replay_possible_usage_errors(options: list[str], message: str) -> None:
    result = gargon("replay", FULL_GAME, "--step", "2", *options)
    assert result.exit_code == 2
    assert result.stderr.strip() == message


def test_show_streams_the_games_before_a_syntax_error(tmp_path: Path) -> None:
    """docs/cli.md, show: the games are shown as they are read; a file cut short shows its
    whole games, then its last one is reported on standard error (exit 1)."""
    cut = tmp_path / "trunc.ggn"
    cut.write_bytes((EXAMPLES / "club-night.ggn").read_bytes()[:5000])
    result = gargon("show", str(cut), "--no-color")
    assert result.exit_code == 1
    assert [line.strip("─ ") for line in result.stdout.splitlines() if "── Game" in line] == [
        "Game 1"
    ]
    assert result.stderr.startswith(
        f"{cut}:62:208: this comment is never closed: '{{' has no matching '}}'\n"
    )


def test_replay_of_several_inputs_names_the_game_a_usage_error_is_about() -> None:
    """As svg does: with several inputs, the game a --round, --step or --possible-for does
    not fit is named; the others are shown."""
    full_game, rulebook = EXAMPLES / "full-game.ggn", EXAMPLES / "rulebook-round.ggn"
    result = gargon("replay", str(full_game), str(rulebook), "--round", "3", "--no-color")
    assert result.exit_code == 2
    assert result.stderr == f"gargon: {rulebook} game 1: --round 3: the game has one round\n"
    assert "After round 3" in result.stdout
    result = gargon("replay", str(full_game), str(rulebook), "--step", "20", "--no-color")
    assert result.stderr == f"gargon: {rulebook} game 1: --step 20: the game has steps 0-10\n"
    result = gargon("replay", str(rulebook), str(rulebook), "--possible-for", "Emil")
    assert result.exit_code == 2
    assert result.stderr == 2 * (
        f"gargon: {rulebook} game 1: --possible-for Emil: not a player of this game "
        "(Adam, Bernd, Collette, Dagmar)\n"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_interactive_stepper_shows_what_is_possible() -> None:
    with _stepper("--possible-for", "Adam", "--no-color") as (process, main):
        shown = read_until(main, b"q quit")
        assert b"Still possible (what Adam knows)" in shown
        os.write(main, b"n")
        shown = read_until(main, b"q quit")
        assert b"step 1/73" in shown and b"Still possible (what Adam knows)" in shown
        os.write(main, b"q")
        assert process.wait(timeout=20) == 1


@pytest.mark.parametrize("verb", [["show"], ["replay", "--step", "30"], ["score"]])
def test_no_printed_line_ends_in_blanks(verb: list[str]) -> None:
    """Tables pad their last column to its width: the padding is not printed."""
    result = gargon(*verb, str(EXAMPLES / "full-game.ggn"), "--no-color")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) > 10
    assert [line for line in lines if line != line.rstrip()] == []


def test_replay_printed_says_which_game_of_a_file_of_several() -> None:
    """'gargon replay club-night.ggn | less' printed game 1 and said nothing of the other
    two, where the stepper's line says 'game 1 of 3' (the file is read no further than its
    second game to say so)."""
    night = str(EXAMPLES / "club-night.ggn")
    result = gargon("replay", night)
    assert (result.exit_code, result.stderr) == (
        0,
        f"{night}: game 1 shown, of several (--game N shows another)\n",
    )
    assert gargon("replay", night, "--game", "1").stderr == ""
    assert gargon("replay", str(EXAMPLES / "rulebook-round.ggn")).stderr == ""


def test_on_a_terminal_round_or_step_past_the_first_problem_starts_the_stepper_there() -> None:
    """--step 30 of round2.ggn (its first problem at step 12) started the stepper at 12,
    which was its last step; the stepper goes on past the problem now, so it starts at 30;
    a round the replay did not reach starts at its last step."""
    result = view.replayed_game(str(DATA / "round2.ggn"), 1)[0]
    assert view.picked_step(result, None, 30) == 12  # printed: the table at the problem
    assert view._stepper_start(result, None, 30, 12) == 30
    assert view._stepper_start(result, None, 99, 12) == 73
    assert view._stepper_start(result, 3, None, 12) == 27
    assert view._stepper_start(result, None, None, None) == 0
    lost = view.replayed_game(str(DATA / "several-mistakes.ggn"), 1)[0]
    assert view._stepper_start(lost, 3, None, view.picked_step(lost, 3, None)) == 6
