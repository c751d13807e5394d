"""The speed figures of issue #14, each printed against its anchor, measured in one run.

Whole processes, ours and the anchor's alternating, medians of ``--repeat`` pairs, so that a
shared and noisy machine moves both sides alike (as ``../shared/bench/anchor-figures`` does):

  start-up     ``gargon validate`` of one game, ``gargon --help`` and a shell completion,
               each against a python-chess script reading one PGN game (target: <= 1.00);
               help and completion as printed again (gargon_notation.cli.remembered), and
               ``--help`` as Typer prints it the first time (``GARGON_NO_CACHE=1``)
  throughput   ``gargon validate`` of 1,500 simulated 4-player games against python-chess
               ``read_game`` over 1,500 random legal games, in MB/s of input (target: >= 3.00;
               with a compiled build, >= 6.00)
  decisions    the cost of one decision (play, pass, choice or draw) in microseconds, reading
               and replaying included, measured in one process
  jobs         ``gargon validate --jobs 2`` against ``--jobs 1`` on 3,000 games (>= 1.80)

python-chess is the bench's own: it is installed into a virtual environment of the cache
folder (``pip install chess``), never into the project's.

Run (from the project's root, with gargon installed as a user installs it):
    python3 bench/speed.py [--gargon PATH] [--repeat 5] [--cache DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHESS_CORPUS = r"""
import random, sys
import chess, chess.pgn
out, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
with open(out, "w") as f:
    for g in range(n):
        b = chess.Board(); game = chess.pgn.Game()
        game.headers.update(Event="Random", Site="Here", Round=str(g), White="A", Black="B")
        node = game
        for ply in range(rng.randint(40, 120)):
            moves = list(b.legal_moves)
            if not moves:
                break
            m = rng.choice(moves); node = node.add_variation(m); b.push(m)
            if ply % 17 == 0:
                node.comment = "a comment"
        game.headers["Result"] = b.result(claim_draw=True) if b.is_game_over() else "*"
        print(game, file=f, end="\n\n")
"""

CHESS_READ = r"""
import sys, chess.pgn
n = 0
with open(sys.argv[1]) as f:
    while chess.pgn.read_game(f) is not None:
        n += 1
print(n)
"""

DECISIONS = r"""
import sys, time
from gargon_notation.notation import parse_game
from gargon_notation.replay import walk
from gargon_notation.validation import iter_chunks
import gargon_notation.engine.game as engine
best, decisions = float("inf"), 0
for _ in range(3):
    start = time.perf_counter()
    decisions = 0
    with open(sys.argv[1], "rb") as handle:
        for chunk in iter_chunks(handle, "corpus"):
            outcome = walk(parse_game(chunk.text, first_line=chunk.first_line))
            assert outcome.valid and outcome.game is not None
            decisions += len(outcome.game.actions)
    best = min(best, time.perf_counter() - start)
compiled = not engine.__file__.endswith(".py")
print(best, decisions, "compiled" if compiled else "pure Python")
"""


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, env=env)
    seconds = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-400:]!r}")
    return seconds


def interpreter_of(script: str) -> str:
    """The Python that runs an installed console script (its first line)."""
    first = Path(script).read_bytes().split(b"\n", 1)[0]
    if first.startswith(b"#!") and b"python" in first:
        return first[2:].decode().strip().split()[0]
    return sys.executable


def anchor_python(cache: Path) -> str:
    """An interpreter with python-chess, in a virtual environment the bench makes itself."""
    venv = cache / "anchor-venv"
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if subprocess.run([python, "-c", "import chess.pgn"], capture_output=True).returncode:
        subprocess.run([python, "-m", "pip", "install", "--quiet", "chess"], check=True)
    return str(python)


def pairs(ours: list[str], theirs: list[str], repeat: int, env: dict[str, str] | None = None):
    mine, anchor = [], []
    for _ in range(repeat):
        mine.append(timed(ours, env))
        anchor.append(timed(theirs))
    return statistics.median(mine), statistics.median(anchor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gargon", default=shutil.which("gargon"), help="gargon to measure")
    parser.add_argument("--repeat", type=int, default=5, help="alternating pairs per figure")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "gargon-speed")
    options = parser.parse_args()
    if not options.gargon:
        sys.exit("no `gargon` on PATH: install the project first, or pass --gargon PATH")
    gargon, repeat = options.gargon, max(options.repeat, 3)
    cache: Path = options.cache
    cache.mkdir(parents=True, exist_ok=True)
    chess = anchor_python(cache)

    pgn = cache / "chess-1500.pgn"
    if not pgn.exists():
        subprocess.run([chess, "-c", CHESS_CORPUS, str(pgn), "1500"], check=True)
    one = cache / "chess-one.pgn"
    text = pgn.read_text()
    one.write_text(text[: text.index("\n\n[", 100) + 1])
    reader = cache / "chess_read.py"
    reader.write_text(CHESS_READ)

    def corpus(games: int, seed: int) -> Path:
        path = cache / f"gargon-4p-{games}-{seed}.ggn"
        if not path.exists():
            made = subprocess.run(
                [gargon, "simulate", "--players", "4", "--games", str(games), "--seed", str(seed)],
                capture_output=True,
                check=True,
            )
            path.write_bytes(made.stdout)
        return path

    g1500, g3000 = corpus(1500, 606), corpus(3000, 707)
    example = str(ROOT / "examples" / "rulebook-round.ggn")
    anchor_one = [chess, str(reader), str(one)]
    print(f"gargon: {gargon} (Python {interpreter_of(gargon)})")
    print(f"anchor: python-chess under {chess}; {os.cpu_count()} cores; medians of {repeat}\n")

    timed([gargon, "validate", example])  # warm the file cache
    complete = {
        **os.environ,
        "_GARGON_COMPLETE": "complete_bash",
        "COMP_WORDS": "gargon va",
        "COMP_CWORD": "1",
    }
    for label, command, env in (
        ("validate one game", [gargon, "validate", example], None),
        ("gargon --help", [gargon, "--help"], None),
        ("completion", [gargon], complete),
        ("--help, not kept", [gargon, "--help"], {**os.environ, "GARGON_NO_CACHE": "1"}),
    ):
        ours, theirs = pairs(command, anchor_one, repeat, env)
        print(
            f"start-up    {label:<18} {ours * 1000:5.0f} ms   python-chess one game "
            f"{theirs * 1000:4.0f} ms   ratio {ours / theirs:.2f}  (target <= 1.00)"
        )

    ratios, speeds = [], []
    for _ in range(repeat):
        chess_seconds = timed([chess, str(reader), str(pgn)])
        ours_seconds = timed([gargon, "validate", str(g1500)])
        speeds.append((g1500.stat().st_size / ours_seconds, pgn.stat().st_size / chess_seconds))
        ratios.append(speeds[-1][0] / speeds[-1][1])
    ours_speed = statistics.median(s[0] for s in speeds) / 1e6
    chess_speed = statistics.median(s[1] for s in speeds) / 1e6
    measured = subprocess.run(
        [interpreter_of(gargon), "-c", DECISIONS, str(g1500)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    seconds, decisions, build = float(measured[0]), int(measured[1]), " ".join(measured[2:])
    target = "6.00" if build == "compiled" else "3.00"
    print(
        f"throughput  validate {ours_speed:.2f} MB/s ({build})   python-chess read_game "
        f"{chess_speed:.2f} MB/s   ratio {statistics.median(ratios):.2f}  (target >= {target})"
    )
    print(
        f"decisions   {decisions:,} in {seconds:.2f} s, read and replayed in one process: "
        f"{seconds / decisions * 1e6:.2f} us a decision"
    )

    ratios = []
    for _ in range(repeat):
        one_job = timed([gargon, "validate", "--jobs", "1", str(g3000)])
        two_jobs = timed([gargon, "validate", "--jobs", "2", str(g3000)])
        ratios.append(one_job / two_jobs)
    print(
        f"jobs        validate --jobs 2 over --jobs 1 on {g3000.stat().st_size / 1e6:.1f} MB   "
        f"speed-up {statistics.median(ratios):.2f}x  (target >= 1.80)"
    )


if __name__ == "__main__":
    main()
