"""The progress bar on a terminal (:mod:`gargon_notation.cli.progress`): what every verb with
a bar prints meanwhile goes above it, each line whole, the bar shows its description without
a style tag, and it goes when done; the terminal then shows what it shows without a bar.

The verbs run in processes of their own, standard error on a pseudo-terminal, with the bar
drawn for every job (``PROGRESS_BYTES`` set to 0) or for none; what they print into pipes,
to compare, comes from the command run in the test's process (:mod:`in_process`)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import in_process
import pytest
from terminals import run_on_terminal, screen

import gargon_notation.cli.progress as progress
from gargon_notation.bots import simulate
from gargon_notation.notation import write_game
from gargon_notation.records import record_from_simulation

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

INVALID = '[Event "Bad turn"]\n[Players "Ann" "Bob" "Cy"]\n1. Bob R1\n*\n'
UNREADABLE = '[Event "Broken"]\n[Players "Ann" "Bob" "Cy"]\n1. Ann R99 folds\n*\n'

GARGON = (
    "import sys; import gargon_notation.cli.progress as p; "
    "p.PROGRESS_BYTES = int(sys.argv.pop(1)); "
    "from gargon_notation.cli import run; sys.argv[0] = 'gargon'; run()"
)
"""``gargon``, with the size of input over which a bar is drawn as its first argument."""

ALWAYS, NEVER = "0", str(10**12)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``games.ggn``: 8 simulated games, among them one that breaks a rule and two that
    cannot be read; ``twice.ggn``, a copy of some of them."""
    root = tmp_path_factory.mktemp("progress")
    games = [write_game(record_from_simulation(simulate(3 + k % 2, f"bar.{k}"))) for k in range(8)]
    (root / "games.ggn").write_text(
        "\n".join([*games[:2], UNREADABLE, *games[2:4], INVALID, *games[4:6], UNREADABLE])
    )
    (root / "twice.ggn").write_text("\n".join(games[::2]))
    return root


def gargon(archive: Path, bar: str, args: list[str], *, stdout: bool) -> tuple[int, str]:
    """Exit code and what the terminal got (standard error, and with ``stdout`` standard
    output) from a gargon run in ``archive``."""
    command = [sys.executable, "-c", GARGON, bar, *args]
    return run_on_terminal(command, stdout=stdout, cwd=archive)


VERBS = [
    ["validate", "games.ggn"],
    ["score", "games.ggn"],
    ["score", "--no-color", "games.ggn"],
    ["annotate", "games.ggn"],
    ["fmt", "games.ggn"],
    ["convert", "--to", "jsonl", "games.ggn", "twice.ggn"],
    ["filter", "--winner", "Ann", "games.ggn"],
    ["dedupe", "games.ggn", "twice.ggn"],
    ["stats", "games.ggn"],
]


def named(verb: list[str]) -> str:
    return " ".join(verb[:2]).replace(".ggn", "")


DEFAULT_RUN = {"validate games-2", "score --no-color-2", "dedupe games-1"}
"""The verbs and jobs the default run checks: standard output on the terminal (validate),
a table drawn in the workers with no colours in the bar either (score --no-color, two
jobs), two inputs and one job (dedupe); score's tables with standard output on the
terminal too are test_scores_on_the_terminal_show_as_without_a_bar's.  The heavy profile
checks every verb with one job and with two (two processes each, a few seconds here)."""


@pytest.mark.parametrize(
    ("verb", "jobs"),
    [
        pytest.param(
            verb,
            jobs,
            id=f"{named(verb)}-{jobs}",
            marks=[] if f"{named(verb)}-{jobs}" in DEFAULT_RUN else [pytest.mark.slow],
        )
        for verb in VERBS
        for jobs in ("1", "2")
    ],
)
def test_what_is_printed_goes_above_the_bar_in_whole_lines(
    archive: Path, verb: list[str], jobs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Standard output elsewhere (``validate``'s verdicts go there: it is on the terminal
    too), each line of standard error is on a line of its own on the terminal, as it is
    printed into a pipe; the bar was drawn, with its description plain, and is gone."""
    args = [*verb, "--jobs", jobs]
    on_terminal = verb[0] == "validate"
    code, shown = gargon(archive, ALWAYS, args, stdout=on_terminal)
    monkeypatch.setattr(progress, "PROGRESS_BYTES", int(ALWAYS))
    plain = in_process.gargon(*args, cwd=archive)  # into pipes, as a process would print
    printed = (plain.stdout if on_terminal else plain.stderr).decode()
    assert code == plain.returncode == 1
    assert "\x1b[?25l" in shown  # the bar was drawn (the cursor hidden meanwhile)
    assert "[progress.description]" not in shown
    lines = screen(shown)
    assert lines == printed.rstrip("\n").split("\n")
    assert any("'R99' is not a card" in line for line in lines)
    assert not any("━" in line for line in lines)
    if "--no-color" in verb:
        assert not re.search("\x1b\\[[0-9;]*m", shown)  # no colours, in the bar either


@pytest.mark.parametrize("jobs", [pytest.param("1", marks=pytest.mark.slow), "2"])
def test_scores_on_the_terminal_show_as_without_a_bar(archive: Path, jobs: str) -> None:
    """``score`` with standard output on the terminal too: its tables, drawn in the workers,
    and its problems show on the terminal as they show without a bar."""
    args = ["score", "games.ggn", "--jobs", jobs]
    code, shown = gargon(archive, ALWAYS, args, stdout=True)
    code_without, shown_without = gargon(archive, NEVER, args, stdout=True)
    assert code == code_without == 1
    assert "\x1b[?25l" in shown and "\x1b[?25l" not in shown_without
    assert screen(shown) == screen(shown_without)
    assert "Bad turn" in shown and "'R99' is not a card" in shown


def test_simulate_writes_its_games_once_its_bar_is_gone(tmp_path: Path) -> None:
    """On a terminal, ``simulate`` wrote its games to standard output while its bar was still
    drawn (its block ended after the output's), and the bar came again below them: the games
    now come once the bar is gone, as they come into a pipe."""
    command = [sys.executable, "-c", GARGON.replace("PROGRESS_BYTES", "PROGRESS_GAMES")]
    args = ["simulate", "--games", "3", "--seed", "pty"]
    code, shown = run_on_terminal([*command, ALWAYS, *args], stdout=True, cwd=tmp_path)
    plain = in_process.gargon(*args, cwd=tmp_path)  # into a pipe: no bar
    assert (code, plain.returncode) == (0, 0)
    assert "\x1b[?25l" in shown  # the bar was drawn
    assert shown.rindex("simulating") < shown.index("[Event")
    assert screen(shown) == plain.stdout.decode().rstrip("\n").split("\n")
