"""The interactive ``gargon replay`` (cli/stepper.py): single keys step through the game,
an unknown key is named and moves nothing, q, Ctrl-C and Ctrl-D leave with exit 0 and the
terminal as it was (docs/cli.md, replay)."""

from __future__ import annotations

import contextlib
import functools
import io
import os
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from terminals import read_until, terminal

from gargon_notation import files
from gargon_notation.cli import stepper, view
from gargon_notation.cli.stepper import Position, legend
from gargon_notation.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
FULL_GAME = ROOT / "examples" / "full-game.ggn"
RULEBOOK = ROOT / "examples" / "rulebook-round.ggn"
ROUND2 = ROOT / "tests" / "data" / "cli" / "round2.ggn"  # invalid: its first problem at step 12
MISTAKES = ROOT / "tests" / "data" / "cli" / "several-mistakes.ggn"  # lost after step 6
LEGEND = "→/n next  ←/p back  r/R round  N Enter round N  Home/End first/last  q quit"


def replayed(path: Path) -> Replay:
    return view.replayed_game(str(path), 1)[0]


def test_positions_of_the_full_game() -> None:
    position = Position.of(replayed(FULL_GAME))
    assert (position.last, position.ends) == (73, (8, 21, 27, 35, 41, 47, 57, 67, 73))
    moves = ["next", "next", "next round", "next round", "previous round", "previous"]
    moves += ["previous round", "previous round", "last", "next", "previous round", "first"]
    seen = []
    for move in moves:
        position.step = position.after(move)
        seen.append(position.step)
    assert seen == [1, 2, 8, 21, 8, 7, 0, 0, 73, 73, 67, 0]


def test_positions_of_an_invalid_record_go_as_far_as_the_replay() -> None:
    """An invalid record ended at its first problem, though the replay went on from it to
    the end of the game (round2.ggn: a colour choice skipped, a draw taken as forgotten);
    now it ends where the replay ended: the game's end, or where it could no longer follow
    the record, the rounds after it going there."""
    position = Position.of(replayed(ROUND2))
    assert (position.last, position.ends, position.broken, position.past) == (
        73,
        (8, 21, 27, 35, 41, 47, 57, 67, 73),
        True,
        frozenset(),
    )
    position.step = 9
    assert [position.after(move) for move in ("next round", "last", "previous round")] == [
        21,
        73,
        8,
    ]
    position = Position.of(replayed(MISTAKES))
    assert (position.last, position.ends, position.past) == (
        6,
        (4, 6),
        frozenset({2, 3, 4, 5, 6, 7}),
    )
    assert [position.round_end(number) for number in (1, 2, 7, 8)] == [4, 6, 6, None]


class Typed:
    """Keys typed in advance, as a key source."""

    def __init__(self, *keys: str, single_keys: bool = True) -> None:
        self.keys = list(keys)
        self.single_keys = single_keys

    def read(self) -> str:
        return self.keys.pop(0)


def stepped(path: Path, keys: Typed, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The screens of the stepper over game 1 of ``path`` with ``keys``, without colour at 80
    columns, each from its status line on (the table above it is what --step prints)."""

    @contextlib.contextmanager
    def typed() -> Iterator[Typed]:
        yield keys

    monkeypatch.setattr(stepper, "keys_of_terminal", typed)
    console = Console(file=io.StringIO(), width=80, color_system=None)
    view._interactive(replayed(path), console, view._Shown(False, None))
    assert keys.keys == []  # every key was read, and the last one quit
    screens = console.file.getvalue().split("\nRound ")[1:]
    legends = (legend(single_keys=True), legend(single_keys=False))
    return [
        [line.rstrip() for line in screen.splitlines() if line.startswith(("step ", *legends))]
        + [
            line
            for line in screen.splitlines()
            if "key of the stepper" in line or "this is" in line
        ]
        for screen in screens
    ]


def test_keys_step_and_an_unknown_key_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = Typed("right", "n", "ctrl-a", "r", "end", "space", "home", "left", "ctrl-d")
    assert stepped(FULL_GAME, keys, monkeypatch) == [
        ["step 0/73: the deal", LEGEND],
        ["step 1/73: Adam R15 R10 B11!", LEGEND],
        ["step 2/73: Bernd pass 1 2 1", LEGEND],
        [
            "step 2/73: Bernd pass 1 2 1",
            LEGEND,
            "Ctrl-A is not a key of the stepper: use →/n ←/p r/R N Home/End j/k q",
        ],
        ["step 8/73: V  (the end of round 1)", LEGEND],
        ["step 73/73: W  (the end of round 9)", LEGEND],
        ["step 73/73: W  (the end of round 9)", LEGEND, "this is the last step"],
        ["step 0/73: the deal", LEGEND],
        ["step 0/73: the deal", LEGEND, "this is the deal, the first step"],
    ]


def test_a_battle_step_says_only_what_was_decided_at_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulebook's round: the step of 'R > Dagmar Dagmar (Adam 1, Collette 2)' named both
    draws and the second fight, which come two steps later (gargon show: 'Dagmar wins R14
    over R9 (Adam), R8 (Collette)', then each draw, then 'Dagmar wins R0 (last card)')."""
    screens = stepped(RULEBOOK, Typed(*["n"] * 10, "q"), monkeypatch)
    assert [screen[0] for screen in screens[5:]] == [
        "step 5/10: Y > Adam",
        "step 6/10: R > Dagmar",
        "step 7/10: Adam 1",
        "step 8/10: Collette 2, then R > Dagmar",
        "step 9/10: B > Dagmar",
        "step 10/10: Collette 1, then B > Collette  (the end of round 1)",
    ]


def test_the_end_shows_the_score_table(monkeypatch: pytest.MonkeyPatch) -> None:
    @contextlib.contextmanager
    def typed() -> Iterator[Typed]:
        yield Typed("end", "q")

    monkeypatch.setattr(stepper, "keys_of_terminal", typed)
    console = Console(file=io.StringIO(), width=80, color_system=None)
    view._interactive(replayed(FULL_GAME), console, view._Shown(False, None))
    last = console.file.getvalue().split("\nRound 9  start: Adam  - the game is over")[1]
    assert (
        "\nPlayer      white       blue    violet       yellow    red     green       Total\n"
        in last
    )
    assert (
        "\nAdam *      3           1       1            10        6       15             36\n"
        in last
    )


def test_an_invalid_record_is_stepped_past_its_problems(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stepper stopped at the first problem, under which the screen listed them all,
    though the replay went on to the game's end; now it steps on, each problem shown at
    the step it was found at, every step after the first saying that the table is the
    replay's best effort (on the step's line too, in sight when the table is scrolled)."""
    monkeypatch.chdir(ROOT)
    keys = ["r", *["n"] * 5, "5", "enter", "end", "right", "q"]
    seen = watched(ROUND2.relative_to(ROOT), (80, 50), *keys, monkeypatch=monkeypatch)
    under = [rows[rows.index("") + 1 : -1] for rows in seen[5:9]]  # under the table
    assert under[0] == [
        "Invalid record (2 problems): the first was found here; the tables after it are",
        "the replay's best effort",
        "Found here:",
        'tests/data/cli/round2.ggn:20:12: game 1 "Broken in round 2", round 2, Bernd',
        "(seat 2): 'G $14': Bernd may not choose green, having only white, blue and",
        "yellow face up [colour-not-in-front]",
        "    hand: Y0 G14 R8 B0 G0 R0 V6 R1 V3 B4; led: 1:1:1; colours played: W B V Y R;",
        "    piles: 26+26",
        "    skipped this action",
        "step 12/73: Adam pass 2 1 2  (1 problem found here)",
    ]
    assert under[1] == [
        "Invalid record (2 problems): the first was found at step 12; this table is the",
        "replay's best effort",
        "step 13/73: W  (the replay's best effort since the problem at step 12)",
    ]
    assert under[3][-2:] == [
        "step 41/73: G  (the end of round 5)",
        "(the replay's best effort since the problem at step 12)",
    ]
    end = [
        "step 73/73: W  (the end of round 9)",
        "(the replay's best effort since the problem at step 12)",
    ]
    assert seen[9][-3:] == [*end, LEGEND]
    assert seen[10][-4:] == [*end, LEGEND, "this is the last step"]


def test_where_the_replay_lost_the_record_the_stepper_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A record the replay could no longer follow after its first problem (a second action
    it could not apply) ends there: its last step says so, with the problems found in the
    rest of the record, and a step on says why there is none."""
    monkeypatch.chdir(ROOT)
    seen = watched(
        MISTAKES.relative_to(ROOT), (80, 50), "end", "right", "q", monkeypatch=monkeypatch
    )
    under = seen[2][seen[2].index("") + 1 :]
    assert under[:4] == [
        "Invalid record (3 problems): the first was found here",
        "The replay could not follow the record past this step; it checked the rest round",
        "by round. Found here and in the rest:",
        "tests/data/cli/several-mistakes.ggn:5:19: game 1, round 2, Ann (seat 1): 'Ann",
    ]
    assert sum(row.startswith("tests/data/cli/several-mistakes.ggn:") for row in under) == 3
    assert under[-3:] == [
        "step 6/6: Cy Y5  (3 problems found here)",
        LEGEND,
        "the replay could not follow the record past this step: its problems say why",
    ]


def test_a_round_past_the_first_problem_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round's number and Enter on an invalid record: a round whose end the replay did
    not reach went to its last step without a word, as if the round ended there."""
    keys = ["3", "enter", "1", "enter", "q"]
    said = [seen[-1] for seen in watched(MISTAKES, (100, 40), *keys, monkeypatch=monkeypatch)]
    assert said[2:] == [
        "the replay did not reach the end of round 3: this is the last step it applied",
        "round 1: Enter to go to its end, Escape to forget it",
        LEGEND,  # round 1 ends before it
    ]


def test_a_round_past_the_first_problem_given_at_the_start_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--round 3`` on a terminal, of a record the replay lost in round 2: the stepper
    started at its last step without a word, as if round 3 ended there; now it says so, as
    typing 3 and Enter does, until the next key."""
    lost = replayed(MISTAKES)
    start = view._stepper_start(lost, 3, None, view.picked_step(lost, 3, None))
    seen = watched(MISTAKES, (100, 40), "left", "q", monkeypatch=monkeypatch, start=start, round_=3)
    assert seen[0][-3:] == [
        "step 6/6: Cy Y5  (3 problems found here)",
        LEGEND,
        "the replay did not reach the end of round 3: this is the last step it applied",
    ]
    assert seen[1][-2:] == [
        "step 5/6: Bob Y4",
        LEGEND,
    ]
    start = view._stepper_start(lost, 1, None, view.picked_step(lost, 1, None))
    seen = watched(MISTAKES, (100, 40), "q", monkeypatch=monkeypatch, start=start, round_=1)
    assert seen[0][-2:] == ["step 4/6: Y  (the end of round 1)", LEGEND]


def test_keys_typed_as_lines_where_there_is_no_raw_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    keys = Typed("n", "enter", "z", "q", single_keys=False)
    screens = stepped(FULL_GAME, keys, monkeypatch)
    assert legend(single_keys=False) == (
        "n next  p back  r/R round  N round N  s/e first/last  q quit  (then Enter)"
    )
    assert [screen[0] for screen in screens] == [
        "step 0/73: the deal",
        "step 1/73: Adam R15 R10 B11!",
        "step 2/73: Bernd pass 1 2 1",
        "step 2/73: Bernd pass 1 2 1",
    ]
    assert screens[3][2] == "z is not a key of the stepper: use n p r R N s e j k q"


def test_ctrl_c_sent_as_a_signal_leaves_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupted(Typed):
        def read(self) -> str:
            raise KeyboardInterrupt

    assert stepped(FULL_GAME, Interrupted(), monkeypatch) == [["step 0/73: the deal", LEGEND]]


# -- the screen on a terminal of a given size --------------------------------------------


CLEARED = "\x1b[2J\x1b[H"
"""The screen cleared and the cursor at its first row and column (rich's ``Console.clear``)."""


class Watched(Typed):
    """Keys typed in advance, each read when the screen before it is drawn: what a terminal
    of ``width`` columns and ``height`` lines then shows is kept in ``seen``."""

    def __init__(self, console: Console, *keys: str, single_keys: bool = True) -> None:
        super().__init__(*keys, single_keys=single_keys)
        self.console = console
        self.seen: list[list[str]] = []

    def read(self) -> str:
        assert isinstance(self.console.file, io.StringIO)
        width, height = self.console.size
        shown = self.console.file.getvalue()
        # What a screen cleared and the cursor sent home left shows nothing: drawn from there
        # (the same rows; the whole output again at each key made the test quadratic).
        seen = terminal(shown[max(shown.rfind(CLEARED), 0) :], width, height)
        while seen and not seen[-1]:
            seen.pop()
        self.seen.append(seen)
        return super().read()


def watched(
    path: Path,
    size: tuple[int, int],
    *keys: str,
    colour: bool = True,
    monkeypatch: pytest.MonkeyPatch,
    start: int = 0,
    several: bool = False,
    round_: int | None = None,
) -> list[list[str]]:
    """What a terminal of ``size`` (columns, lines) shows of the stepper over game 1 of
    ``path`` before each of ``keys``, the last of which quits: the console as ``replay``
    makes it on a terminal (soft wrap; with colour it clears the screen, with ``--no-color``
    it writes no escape code); with ``several``, the keys go to the file's other games."""
    width, height = size
    if colour:
        console = Console(
            file=io.StringIO(), width=width, height=height, force_terminal=True, soft_wrap=True
        )
    else:
        console = Console(
            file=io.StringIO(), width=width, height=height, color_system=None, soft_wrap=True
        )
    keys_typed = Watched(console, *keys)

    @contextlib.contextmanager
    def typed() -> Iterator[Typed]:
        yield keys_typed

    monkeypatch.setattr(stepper, "keys_of_terminal", typed)
    shown = view._Shown(False, None)
    games = None
    if several:
        (source,) = files.find_inputs([path])
        games = view._GameFile.of(source, shown, None)
    view._interactive(replayed(path), console, shown, start=start, games=games, round_=round_)
    assert keys_typed.keys == []
    return keys_typed.seen


END_HEADING = "Round 9  start: Adam  - the game is over"
END_STATUS = "step 73/73: W  (the end of round 9)"


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-color"])
def test_a_screen_taller_than_the_terminal_keeps_its_heading_and_scrolls_below_it(
    colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """80x24, the end of the full game: the table and the score table under it take 41
    lines.  The terminal showed only their last 24 (the score table's bottom, no heading);
    now the heading stays on the first line, the step and the keys on the last, and what is
    between scrolls with j/k (a line) and J/K (a page)."""
    seen = watched(
        FULL_GAME, (80, 24), "end", "j", "J", "J", "k", "q", colour=colour, monkeypatch=monkeypatch
    )
    if not colour:  # each screen follows a blank line, without clearing the terminal
        assert {rows[0] for rows in seen[1:]} == {""}
        seen = [rows[1:] for rows in seen]
    _, end, down, page, bottom, up = seen
    for rows in (end, down, page, bottom, up):
        assert rows[0] == END_HEADING
        assert rows[-2:] == [END_STATUS, LEGEND]
        assert rows[-3].startswith("lines ") and rows[-3].endswith(": j/k scroll, J/K a page")
        assert len(rows) == (24 if colour else 23)
    shown = 20 if colour else 19  # lines under the heading
    assert end[1].startswith("Player     Hand") and end[-3].startswith(f"lines 1-{shown} of 40")
    assert any(row.startswith("Adam *") and row.endswith("36") for row in end)  # the score
    assert down[1:shown] == end[2 : shown + 1]
    assert down[-3].startswith(f"lines 2-{shown + 1} of 40")
    assert page[-3].startswith(f"lines {shown + 1}-")  # a page: one line seen again
    assert bottom[-3].startswith(f"lines {41 - shown}-40 of 40")  # no further
    assert bottom[-4] == "bonus: +10 for most cards of a colour, +5 each on a tie; * winner"
    assert up[2 : shown + 1] == bottom[1:shown]
    assert up[-3].startswith(f"lines {40 - shown}-39 of 40")


def test_a_scroll_on_a_screen_that_fits_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """j/k and J/K on a screen that fits the terminal did nothing and said nothing, as if
    the key were lost."""
    keys = ["j", "K", "end", "j", "q"]
    said = [seen[-1] for seen in watched(FULL_GAME, (80, 24), *keys, monkeypatch=monkeypatch)]
    assert said[1:] == [
        "the whole screen is shown: there is nothing to scroll",  # j at the deal
        "the whole screen is shown: there is nothing to scroll",  # K
        LEGEND,  # the end: 'lines 1-20 of 40' above the step
        LEGEND,
    ]


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-color"])
def test_on_a_small_terminal_every_screen_keeps_its_first_line(
    colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """60x20: a screen of 20 lines or more lost its first line (the heading) to the line
    break after its last; the legend broke in the middle of 'first/last'."""
    screens = watched(
        FULL_GAME, (60, 20), "r", "r", "r", "end", "q", colour=colour, monkeypatch=monkeypatch
    )
    headings = [
        "Round 1  start: Adam  - Adam to play or pass",
        "Round 2  start: Bernd  - Bernd to play or pass",
        "Round 3  start: Collette  - Collette to play or pass",
        "Round 4  start: Dagmar  - Dagmar to play or pass",
        END_HEADING,
    ]
    for heading, seen in zip(headings, screens, strict=True):
        if colour:
            assert seen[0] == heading
        else:  # the screen follows the one before, a blank line apart
            assert heading in seen
        assert seen[-3].startswith("step ")
        assert seen[-2:] == [
            "→/n next  ←/p back  r/R round  N Enter round N",
            "Home/End first/last  q quit",
        ]


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-color"])
def test_on_a_tiny_terminal_the_legend_gives_way_to_the_heading(
    colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """30x8 (a split pane): the legend of the keys takes three lines, the step two, the
    heading two and 'lines ...' two, and the screen of ten lines scrolled its heading out of
    sight; now the legend is left out there.  At 30x14 the legend has room, but 'lines ...',
    two lines at 30 columns, was counted as one, and the heading was scrolled out too."""
    screens = watched(FULL_GAME, (30, 8), "end", "q", colour=colour, monkeypatch=monkeypatch)
    first = 0 if colour else 1  # without colour, a blank line between one screen and the next
    assert screens[1][first:] == [
        "Round 9  - game over",
        "                  In",
        "",
        "lines 1-1 of 93: j/k scroll,",
        "J/K a page",
        "step 73/73: W",
        "(the end of round 9)",
    ]
    screens = watched(FULL_GAME, (30, 14), "end", "q", colour=colour, monkeypatch=monkeypatch)
    assert screens[1][0 if colour else 2] == "Round 9  - game over"  # no-color: after the last
    assert screens[1][-3:] == [
        "\u2192/n next  \u2190/p back  r/R round",
        "N Enter round N",
        "Home/End first/last  q quit",
    ]
    assert len(screens[1]) <= 14


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-color"])
def test_the_heading_shortens_its_words_and_a_terminal_too_small_says_so(
    colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The heading ran past a narrow terminal, which cut it inside a word ('- the ga', 'me is
    over' at 30 columns), and a terminal under 30x8 scrolled it out of sight, leaving a
    line of the table and the step; now it takes its longest form that fits, and a terminal
    too small for a table says how big to make it (the keys still work)."""
    headings = {
        80: "Round 9  start: Adam  - the game is over",
        36: "Round 9  start: Adam  - game over",
        32: "Round 9  - game over",
    }
    for width, heading in headings.items():
        seen = watched(FULL_GAME, (width, 24), "end", "q", colour=colour, monkeypatch=monkeypatch)
        assert seen[1][0] == heading if colour else heading in seen[1]
    seen = watched(FULL_GAME, (44, 30), "r", "q", colour=colour, monkeypatch=monkeypatch)
    heading = "Round 2  start: Bernd  - Bernd: play/pass"
    assert seen[1][0] == heading if colour else heading in seen[1]
    seen = watched(FULL_GAME, (40, 30), "end", "p", "q", colour=colour, monkeypatch=monkeypatch)
    heading = "Round 9  start: Adam  - Adam: choose"  # not 'Adam: colour'
    assert seen[2][0] == heading if colour else heading in seen[2]
    seen = watched(FULL_GAME, (29, 8), "end", "q", colour=colour, monkeypatch=monkeypatch)
    assert seen[1][-3:] == [
        "make the window at least 30x8",
        "(now 29x8) to see the table;",
        "q quits",
    ]
    seen = watched(FULL_GAME, (80, 6), "end", "q", colour=colour, monkeypatch=monkeypatch)
    assert seen[1][-1:] == [
        "make the window at least 30x8 (now 80x6) to see the table; q quits",
    ]


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "no-color"])
def test_a_terminal_too_small_still_says_that_the_game_has_problems(
    colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under 30x8 the screen said only how big to make the window: nothing told that the
    game had problems, which the table would have shown; now a line says so, as far as the
    terminal has room for it."""
    seen = watched(ROUND2, (29, 8), "q", colour=colour, monkeypatch=monkeypatch)
    assert seen[0][-5:] == [
        "make the window at least 30x8",
        "(now 29x8) to see the table;",
        "q quits",
        "invalid record: 2 problems,",
        "the first at step 12",
    ]
    seen = watched(ROUND2, (80, 6), "q", colour=colour, monkeypatch=monkeypatch)
    assert seen[0][-2:] == [
        "make the window at least 30x8 (now 80x6) to see the table; q quits",
        "invalid record: 2 problems, the first at step 12",
    ]
    seen = watched(FULL_GAME, (80, 6), "q", colour=colour, monkeypatch=monkeypatch)
    assert seen[0][-1] == "make the window at least 30x8 (now 80x6) to see the table; q quits"


def test_a_problem_is_broken_between_words_at_the_terminal_s_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A problem's message ran on for the terminal to wrap, inside words ('Bernd may not
    choose green, having only white, blue and ye' / 'llow face up'); now it is broken between
    words, its context lines indented as they are."""
    monkeypatch.chdir(ROOT)
    keys = ["r", *["n"] * 4, "q"]
    seen = watched(ROUND2.relative_to(ROOT), (50, 60), *keys, monkeypatch=monkeypatch)
    rows = seen[-1]
    problem = rows[rows.index("Found here:") + 1 : rows.index("step 12/73: Adam pass 2 1 2")]
    assert problem == [
        'tests/data/cli/round2.ggn:20:12: game 1 "Broken in',
        "round 2\", round 2, Bernd (seat 2): 'G $14': Bernd",
        "may not choose green, having only white, blue and",
        "yellow face up [colour-not-in-front]",
        "    hand: Y0 G14 R8 B0 G0 R0 V6 R1 V3 B4; led:",
        "    1:1:1; colours played: W B V Y R; piles: 26+26",
        "    skipped this action",
    ]
    assert all(len(row) <= 50 for row in seen[-1])


def test_a_round_number_and_enter_go_to_the_end_of_that_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Digits, then Enter: the end of that round, as --round N; Backspace takes a digit
    back, a resize keeps the number, Escape or any other key forgets it."""
    keys = ["3", "enter", "1", "resize", "2", "enter", "1", "2", "backspace", "enter", "7"]
    keys += ["escape", "5", "n", "q"]
    screens = watched(FULL_GAME, (80, 60), *keys, monkeypatch=monkeypatch)
    status = [next(row for row in seen if row.startswith("step ")) for seen in screens]
    said = [[row for row in seen if row][-1] for seen in screens]
    typed = "round {}: Enter to go to its end, Escape to forget it".format
    deal, three = "step 0/73: the deal", "step 27/73: R  (the end of round 3)"
    one = "step 8/73: V  (the end of round 1)"
    assert list(zip(status, said, strict=True)) == [
        (deal, LEGEND),
        (deal, typed(3)),  # Enter
        (three, LEGEND),
        (three, typed(1)),  # resize
        (three, typed(1)),
        (three, typed(12)),  # Enter
        (three, "there is no round 12: the game has rounds 1-9"),
        (three, typed(1)),
        (three, typed(12)),  # Backspace
        (three, typed(1)),  # Enter
        (one, LEGEND),
        (one, typed(7)),  # Escape
        (one, LEGEND),
        (one, typed(5)),  # n
        ("step 9/73: Bernd W10 B9 G14", LEGEND),
    ]


LEGEND_OF_GAMES = [
    "→/n next  ←/p back  r/R round  g/G game  N Enter round N  Home/End first/last",
    "q quit",
]


def test_a_file_of_several_games_says_which_and_g_goes_to_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of several games opened at game 1 and said nothing of the others, and no key
    went to them; now the step's line begins 'game 1 of 3', the legend names g/G, g goes to
    the next game and G to the one before (each from its deal), a number then g to that game,
    and a game that cannot be read says why, in its place."""
    monkeypatch.chdir(tmp_path)
    night = Path("night.ggn")
    texts = [RULEBOOK, ROOT / "tests" / "data" / "cli" / "syntax.ggn", FULL_GAME]
    night.write_text("\n".join(path.read_text() for path in texts))
    keys = ["n", "g", "n", "g", "g", "G", "G", "G", "5", "g", "3", "g", "1", "g", "q"]
    screens = watched(night, (80, 40), *keys, colour=True, monkeypatch=monkeypatch, several=True)

    def footer(seen: list[str]) -> list[str]:
        at = next(at for at, row in enumerate(seen) if row.startswith("game "))
        assert seen[at + 1 : at + 3] == LEGEND_OF_GAMES
        return [seen[at], *seen[at + 3 :]]

    assert [footer(seen) for seen in screens] == [
        ["game 1 of 3  step 0/10: the deal"],
        ["game 1 of 3  step 1/10: Adam Y2 Y6 R9"],
        ["game 2 of 3  step 0/0: nothing to step through"],  # g
        [
            "game 2 of 3  step 0/0: nothing to step through",
            "there is nothing to step through",
        ],
        ["game 3 of 3  step 0/73: the deal"],  # g
        ["game 3 of 3  step 0/73: the deal", "this is the last game of the file (game 3)"],
        ["game 2 of 3  step 0/0: nothing to step through"],  # G
        ["game 1 of 3  step 0/10: the deal"],  # G: from the deal
        ["game 1 of 3  step 0/10: the deal", "this is the first game of the file"],
        [
            "game 1 of 3  step 0/10: the deal",
            "5: Enter to go to the end of round 5, g to game 5, Escape to forget it",
        ],
        ["game 1 of 3  step 0/10: the deal", "there is no game 5: the file holds games 1-3"],
        [
            "game 1 of 3  step 0/10: the deal",
            "3: Enter to go to the end of round 3, g to game 3, Escape to forget it",
        ],
        ["game 3 of 3  step 0/73: the deal"],
        [
            "game 3 of 3  step 0/73: the deal",
            "1: Enter to go to the end of round 1, g to game 1, Escape to forget it",
        ],
        ["game 1 of 3  step 0/10: the deal"],
    ]
    assert screens[2][:4] == [
        "This game cannot be read:",
        "night.ggn:15:25: expected a card like R14, or 'pass', not 'folds'",
        "    1. Adam Y2 Y6 R9, Bernd folds",
        "                            ^",
    ]


def test_a_long_number_is_never_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """A number of seven digits was cut to its last six ('round 234567', then 'there is no
    round 234567'); now it is kept whole, up to nine digits, and a tenth is refused."""
    keys = [*"1234567", "enter", *"1234567890", "escape", "q"]
    said = [
        [row for row in seen if row][-1]
        for seen in watched(FULL_GAME, (100, 60), *keys, monkeypatch=monkeypatch)
    ]
    typed = "round {}: Enter to go to its end, Escape to forget it".format
    assert said[7:9] == [typed(1234567), "there is no round 1234567: the game has rounds 1-9"]
    assert said[-3:] == [
        typed(123456789),
        typed(123456789) + " (a number has at most 9 digits)",
        LEGEND,  # Escape
    ]


def test_the_stepper_starts_where_round_r_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    (seen,) = watched(FULL_GAME, (80, 60), "q", monkeypatch=monkeypatch, start=27)
    assert seen[0] == "Round 4  start: Dagmar  - Dagmar to play or pass"
    assert "step 27/73: R  (the end of round 3)" in seen


def test_a_round_typed_as_a_line_goes_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where keys are typed as lines, a line of digits goes to the end of that round."""
    lines = stepper.LineKeys(io.StringIO("2\n\nq\n"))
    assert [lines.read() for _ in range(4)] == ["2", "enter", "enter", "q"]


# -- on a real terminal --------------------------------------------------------------------

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def _hang_up_by_default() -> None:
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


@contextlib.contextmanager
def on_a_terminal(*arguments: str) -> Iterator[tuple[subprocess.Popen[bytes], int, list[object]]]:
    """``gargon replay ARGUMENTS`` with its standard input and output on a pseudo-terminal:
    the process, the terminal's end to type on, and the terminal's settings before.  SIGHUP
    is the system's default in the process, as a terminal starts it (under ``nohup`` the
    tests' own would be ignored, and the stepper rightly leaves an ignored SIGHUP alone)."""
    import pty
    import termios

    main, child = pty.openpty()
    before = termios.tcgetattr(child)
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "replay", *arguments],
        stdin=child,
        stdout=child,
        stderr=child,
        env={**os.environ, "COLUMNS": "80", "LINES": "40", "TERM": "xterm-256color"},
        preexec_fn=_hang_up_by_default,
    )
    try:
        yield process, main, before
        assert termios.tcgetattr(child) == before  # no raw mode left on
    finally:
        process.kill()
        os.close(main)
        os.close(child)


def drain(fd: int) -> bytes:
    """What the terminal's end ``fd`` still has to read (the process has ended)."""
    seen = b""
    while select.select([fd], [], [], 0.05)[0]:
        seen += os.read(fd, 65536)
    return seen


@POSIX
def test_single_keys_on_a_terminal_and_ctrl_c() -> None:
    with on_a_terminal(str(FULL_GAME)) as (process, main, _):
        screen = read_until(main, LEGEND.encode())
        assert b"step 0/73: the deal" in screen
        assert b"\x1b[2J" in screen  # each screen clears the one before
        os.write(main, b"\x1b[C\x1bOC%")  # Right in its two common forms, then a stray key
        screen = read_until(main, b"stepper: use")
        assert b"step 2/73: Bernd pass 1 2 1" in screen
        assert b"% is not a key of the stepper" in screen
        os.write(main, b"\x1b[4~\x03")  # End as the Linux console writes it, then Ctrl-C
        assert process.wait(timeout=10) == 0
        shown = drain(main)
        assert b"step 73/73: W  (the end of round 9)" in shown
        assert b"Traceback" not in shown and b"^C" not in shown


@POSIX
@pytest.mark.slow
@pytest.mark.parametrize("key", [b"q", b"\x04"], ids=["q", "ctrl-d"])
def test_q_and_ctrl_d_leave_quietly(key: bytes) -> None:
    with on_a_terminal(str(FULL_GAME), "--no-color") as (process, main, _):
        read_until(main, LEGEND.encode())
        os.write(main, b"n" + key)
        assert process.wait(timeout=10) == 0
        shown = drain(main)
        assert b"step 1/73" in shown
        assert b"Traceback" not in shown and b"^D" not in shown


@POSIX
@pytest.mark.parametrize(
    ("name", "code"), [("SIGTERM", 143), pytest.param("SIGHUP", 129, marks=pytest.mark.slow)]
)  # one handler for both (gargon_notation.signals): SIGHUP in the heavy profile
def test_sigterm_and_sighup_leave_the_terminal_as_it_was(name: str, code: int) -> None:
    """``timeout 60 gargon replay game.ggn``, or a ``kill``: the signal ended the process in
    raw mode (no echo, Enter not read as a line, Ctrl-C not a signal: the shell unusable
    until ``reset``), by the signal (not with the exit code docs/cli.md gives); now the
    terminal is put back, and the exit code is 143 or 129."""
    with on_a_terminal(str(FULL_GAME)) as (process, main, _):
        read_until(main, LEGEND.encode())
        process.send_signal(getattr(signal, name))
        assert process.wait(timeout=10) == code
        assert b"Traceback" not in drain(main)


@POSIX
def test_on_a_terminal_round_r_starts_the_stepper_at_its_end() -> None:
    """``--round R`` (and ``--step K``) on a terminal: the stepper, from that step (it printed
    the table and ended)."""
    with on_a_terminal(str(FULL_GAME), "--round", "3") as (process, main, _):
        screen = read_until(main, LEGEND.encode())
        assert b"step 27/73: R  (the end of round 3)" in screen
        os.write(main, b"n")
        assert b"step 28/73: Dagmar W14 W13 B10" in read_until(main, LEGEND.encode())
        os.write(main, b"q")
        assert process.wait(timeout=10) == 0


@POSIX
@pytest.mark.parametrize(
    ("keys", "code"),
    [pytest.param(b"q", 0, marks=pytest.mark.slow), (b"gq", 1)],
    ids=["valid", "invalid"],
)  # the invalid game shows the valid one first
def test_on_a_terminal_game_n_of_a_file_of_several(tmp_path: Path, keys: bytes, code: int) -> None:
    """``--game 2`` of a file of three: the stepper says 'game 2 of 3' and names g/G; the
    exit code is the highest of the games shown (game 3 cannot be read)."""
    night = tmp_path / "night.ggn"
    texts = [RULEBOOK, FULL_GAME, ROOT / "tests" / "data" / "cli" / "syntax.ggn"]
    night.write_text("\n".join(path.read_text() for path in texts))
    with on_a_terminal(str(night), "--game", "2") as (process, main, _):
        screen = read_until(main, b"q quit")
        assert b"game 2 of 3  step 0/73: the deal" in screen
        assert b"g/G game" in screen
        os.write(main, keys)
        assert process.wait(timeout=10) == code
        assert b"Traceback" not in drain(main)


@POSIX
def test_on_a_terminal_a_first_game_that_cannot_be_read_leads_to_the_others(
    tmp_path: Path,
) -> None:
    """A file whose game 1 has a syntax error: the stepper printed the error and ended
    (exit 1), saying nothing of game 2; now it opens at game 1's error, and g goes on."""
    night = tmp_path / "night.ggn"
    texts = [ROOT / "tests" / "data" / "cli" / "syntax.ggn", RULEBOOK]
    night.write_text("\n".join(path.read_text() for path in texts))
    with on_a_terminal(str(night)) as (process, main, _):
        screen = read_until(main, b"q quit")
        assert b"This game cannot be read:" in screen
        assert b"expected a card like R14, or 'pass', not 'folds'" in screen
        assert b"game 1 of 2  step 0/0: nothing to step through" in screen
        os.write(main, b"g")
        assert b"game 2 of 2  step 0/10: the deal" in read_until(main, b"q quit")
        os.write(main, b"q")
        assert process.wait(timeout=10) == 1
        assert b"Traceback" not in drain(main)


@POSIX
def test_a_resized_terminal_is_drawn_again_at_its_new_size() -> None:
    """The screen was drawn again only with Ctrl-L; now as the terminal tells its new size
    (SIGWINCH), at that size: at 60x20 the heading on the first line, the legend broken
    between its groups of keys on the last two.  (A signal that came just before the wait
    for a key began was noticed only at the next key, one time in three here: the signal's
    C-level handler now wakes the wait.)"""
    import fcntl
    import pty
    import struct
    import termios

    main, child = pty.openpty()

    def resize(columns: int, lines: int) -> None:
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))

    resize(80, 24)
    env = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}
    process = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "replay", str(FULL_GAME), "--round", "2"],
        stdin=child,
        stdout=child,
        stderr=child,
        env={**env, "TERM": "xterm-256color"},
        preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
    )
    try:
        before = read_until(main, b"q quit").decode()
        assert terminal(before, 80, 24)[0] == "Round 3  start: Collette  - Collette to play or pass"
        resize(60, 20)
        process.send_signal(signal.SIGWINCH)
        after = read_until(main, b"q quit", seconds=10).decode()
        assert "\x1b[2J" in after  # drawn again, at once (not at the next key)
        rows = terminal(after[after.rindex("\x1b[2J") :], 60, 20)
        assert rows[0] == "Round 3  start: Collette  - Collette to play or pass"
        assert rows[-3:] == [
            "step 21/73: R  (the end of round 2)",
            "→/n next  ←/p back  r/R round  N Enter round N",
            "Home/End first/last  q quit",
        ]
        os.write(main, b"q")
        assert process.wait(timeout=10) == 0
    finally:
        process.kill()
        os.close(main)
        os.close(child)
