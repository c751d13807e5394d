"""``--jobs 2`` against ``--jobs 1`` for every batch verb that has ``--jobs`` (issues #12 and
#14: target >= 1.8x on 2 cores for each).

Whole processes, ``--jobs 1`` and ``--jobs 2`` alternating, medians of ``--repeat`` rounds,
so that a shared and noisy machine moves both sides alike; the load average is printed
before and after.  The file is ``gargon simulate --players 4 --games 3000 --seed bench``
(4.4 MB, the anchor's file of #14, made in the cache folder when it is not there).

Run (from the project's root):
    python3 bench/jobs.py [--gargon PATH] [--repeat 3] [--cache DIR] [--verbs score,stats]
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

VERBS = {
    "validate": ["validate", "-q"],
    "score": ["score"],
    "convert": ["convert", "--to", "json"],
    "stats": ["stats"],
    "filter": ["filter", "--has", "zero-clash", "--count"],
    "annotate": ["annotate"],
    "fmt": ["fmt", "--check"],
    "dedupe": ["dedupe", "--report"],
}
"""Each verb as measured (on FILE, with --jobs N appended)."""


def _seconds(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--gargon", default=shutil.which("gargon") or str(ROOT / ".venv/bin/gargon")
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "gargon-bench")
    parser.add_argument("--verbs", default=",".join(VERBS), help="Which verbs, comma-separated.")
    options = parser.parse_args()
    options.cache.mkdir(parents=True, exist_ok=True)
    games = options.cache / "jobs-3000.ggn"
    if not games.exists():
        print(f"making {games} (gargon simulate, a minute or two)", file=sys.stderr)
        simulate = ["simulate", "--players", "4", "--games", "3000", "--seed", "bench"]
        subprocess.run([options.gargon, *simulate, "-o", str(games)], check=True)
    size = games.stat().st_size / 1e6
    print(f"{games.name}: {size:.1f} MB; {os.cpu_count()} cores; load {_load()}")
    for verb in options.verbs.split(","):
        command = [options.gargon, *VERBS[verb], str(games)]
        times: dict[int, list[float]] = {1: [], 2: []}
        for _ in range(options.repeat):
            for jobs in (1, 2):
                times[jobs].append(_seconds([*command, "--jobs", str(jobs)]))
        one, two = statistics.median(times[1]), statistics.median(times[2])
        print(
            f"{' '.join(VERBS[verb]):<36} --jobs 1 {one:6.2f} s  --jobs 2 {two:6.2f} s  "
            f"speed-up {one / two:.2f}x  (target >= 1.80)"
        )
    print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
