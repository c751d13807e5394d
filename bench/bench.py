"""Benchmarks of gargon-notation: figures printed side by side, all measured in one run.

Corpus: ``gargon simulate`` of GAMES four-player games with comments (default 10,000), and a
large file made by repeating it up to about BIG_MB megabytes (default 200).  Figures:

- parse only (read every game into records, streaming from the file): MB/s, games/s;
- validate (parse + replay + score check, as ``gargon validate``): MB/s, games/s;
- one ``re.finditer`` pass with the notation's token pattern over the same text (the
  pure-Python limit for anything that looks at every token);
- python-chess ``chess.pgn.read_game`` over a PGN corpus of random legal games of similar
  size, when python-chess is installed;
- peak RSS of ``gargon validate`` on the corpus and on the big file (streaming: they should
  be within 10% of each other);
- ``gargon validate --jobs 2`` against ``--jobs 1`` on the big corpus.

Every timing runs in a fresh subprocess, so peak RSS and warm-up are measured alike.

Run:  python bench/bench.py [--games 10000] [--big-mb 200] [--out bench/out]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

_PYTHON = sys.executable
_CHILD = r"""
import json, re, resource, sys, time
kind, path = sys.argv[1], sys.argv[2]
size = __import__("os").path.getsize(path)
games = 0
start = time.perf_counter()
if kind == "finditer":
    from gargon_notation.notation.fast import TOKEN
    pattern = re.compile(TOKEN) if isinstance(TOKEN, str) else TOKEN
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            for _ in pattern.finditer(line):
                pass
elif kind == "parse":
    from gargon_notation.notation import read_games
    for record in read_games(path):
        games += 1
elif kind == "validate":
    from gargon_notation.validation import iter_chunks, validate_chunk
    with open(path, "rb") as handle:
        for number, chunk in enumerate(iter_chunks(handle, path), start=1):
            verdict = validate_chunk(chunk, path, number)
            assert verdict.valid, verdict.problems
            games += 1
elif kind == "chess":
    import chess.pgn
    with open(path, encoding="utf-8") as handle:
        while chess.pgn.read_game(handle) is not None:
            games += 1
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "games": games, "bytes": size, "peak": peak}))
"""


def child(kind: str, path: Path) -> dict[str, float]:
    """Run one measurement in a fresh interpreter."""
    output = subprocess.run(
        [_PYTHON, "-c", _CHILD, kind, str(path)], check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, float] = json.loads(output)
    return result


_WRAPPER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "peak": peak}))
"""


def timed_command(arguments: list[str]) -> tuple[float, int]:
    """Wall time and peak RSS (bytes, of its largest process) of a command, measured by a
    fresh wrapper process so that no earlier measurement counts."""
    output = subprocess.run(
        [_PYTHON, "-c", _WRAPPER, *arguments], check=True, capture_output=True, text=True
    ).stdout
    result = json.loads(output)
    return float(result["seconds"]), int(result["peak"])


def gargon(*arguments: str) -> list[str]:
    """The installed ``gargon`` command, run with this interpreter."""
    return [_PYTHON, "-m", "gargon_notation", *arguments]


def make_corpus(out: Path, games: int, big_mb: int) -> tuple[Path, Path]:
    corpus = out / f"corpus-{games}.ggn"
    if not corpus.exists():
        subprocess.run(
            gargon(
                "simulate",
                "--players",
                "4",
                "--games",
                str(games),
                "--seed",
                "bench",
                "--comments",
                "-o",
                str(corpus),
            ),
            check=True,
        )
    big = out / f"corpus-{big_mb}mb.ggn"
    if not big.exists():
        text = corpus.read_bytes()
        copies = max(1, round(big_mb * 1_000_000 / len(text)))
        with big.open("wb") as handle:
            for _ in range(copies):
                handle.write(text)
                handle.write(b"\n")
    return corpus, big


def make_pgn(out: Path, target_bytes: int) -> Path | None:
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    path = out / f"chess-{target_bytes // 1_000_000}mb.pgn"
    if path.exists():
        return path
    import random

    rng = random.Random(2001)
    written = 0
    number = 0
    with path.open("w", encoding="utf-8") as handle:
        while written < target_bytes:
            board = chess.Board()
            game = chess.pgn.Game()
            number += 1
            game.headers["Event"] = f"Random game {number}"
            node: chess.pgn.GameNode = game
            while not board.is_game_over() and board.ply() < 200:
                move = rng.choice(list(board.legal_moves))
                board.push(move)
                node = node.add_variation(move)
            game.headers["Result"] = board.result() if board.is_game_over() else "*"
            text = str(game) + "\n\n"
            handle.write(text)
            written += len(text.encode("utf-8"))
    return path


def figure(name: str, result: dict[str, float]) -> dict[str, float]:
    mb = result["bytes"] / 1e6
    return {
        "name": name,
        "mb_per_s": mb / result["seconds"],
        "games_per_s": result["games"] / result["seconds"] if result["games"] else 0.0,
        "seconds": result["seconds"],
        "peak_mb": result["peak"] / 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--big-mb", type=int, default=200)
    parser.add_argument("--out", type=Path, default=Path("bench/out"))
    parser.add_argument("--skip-big", action="store_true", help="skip the big-file figures")
    arguments = parser.parse_args()
    out: Path = arguments.out
    out.mkdir(parents=True, exist_ok=True)
    corpus, big = make_corpus(out, arguments.games, arguments.big_mb)
    size = corpus.stat().st_size
    print(
        f"corpus: {corpus} ({size / 1e6:.1f} MB, {arguments.games} games); "
        f"big file: {big} ({big.stat().st_size / 1e6:.0f} MB)"
    )
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")

    rows = [
        figure("re.finditer pass (token pattern)", child("finditer", corpus)),
        figure("parse only (read_games)", child("parse", corpus)),
        figure("validate (parse + replay + score)", child("validate", corpus)),
    ]
    pgn = make_pgn(out, size)
    if pgn is not None:
        rows.append(figure("python-chess read_game (PGN)", child("chess", pgn)))
    finditer, parse, validate = rows[0], rows[1], rows[2]
    print()
    print(f"{'measurement':40} {'MB/s':>8} {'games/s':>9} {'seconds':>8}")
    for row in rows:
        print(
            f"{row['name']:40} {row['mb_per_s']:8.2f} {row['games_per_s']:9.0f} "
            f"{row['seconds']:8.2f}"
        )
    print()
    print(
        f"parse / re.finditer:            {parse['mb_per_s'] / finditer['mb_per_s']:.2f}"
        "  (target >= 0.30)"
    )
    if pgn is not None:
        chess_row = rows[3]
        print(
            f"validate / python-chess:        {validate['mb_per_s'] / chess_row['mb_per_s']:.2f}"
            "  (target >= 3.0)"
        )
    if arguments.skip_big:
        return
    _, small_peak = timed_command(gargon("validate", "-q", str(corpus)))
    big_seconds, big_peak = timed_command(gargon("validate", "-q", str(big)))
    print(
        f"peak RSS, gargon validate:      {small_peak / 1e6:.1f} MB on {size / 1e6:.0f} MB, "
        f"{big_peak / 1e6:.1f} MB on {big.stat().st_size / 1e6:.0f} MB: "
        f"ratio {big_peak / small_peak:.2f}  (target <= 1.10)"
    )
    one = big_seconds
    two, _ = timed_command(gargon("validate", "-q", "--jobs", "2", str(big)))
    print(
        f"gargon validate --jobs 2:       {one:.1f} s with 1 job, {two:.1f} s with 2: "
        f"speed-up {one / two:.2f}  (target >= 1.8)"
    )


if __name__ == "__main__":
    main()
