"""The archive verbs' speed (issue #12): ``gargon filter`` on tags alone, and with ``--has``,
and ``gargon stats``, against ``gargon validate`` of the same archive.

Whole processes, alternating, medians of ``--repeat`` rounds, so that a shared and noisy
machine moves every side alike.  The archive is ``gargon simulate --games 1500 --players 4
--seed 606`` (the anchor's file, made in the cache folder when it is not there):

  filter --event   tags only, no movetext read: target >= 5x faster than validate
  filter --has     one replay a game: target about one validate (ratio near 1)
  stats            one replay a game and its figures: target about one validate

Run (from the project's root):
    python3 bench/archive.py [--gargon PATH] [--repeat 5] [--cache DIR]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _seconds(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--gargon", default=shutil.which("gargon") or str(ROOT / ".venv/bin/gargon")
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "gargon-bench")
    options = parser.parse_args()
    options.cache.mkdir(parents=True, exist_ok=True)
    archive = options.cache / "gargon-4p-1500-606.ggn"
    if not archive.exists():
        subprocess.run(
            [
                options.gargon,
                "simulate",
                "--games",
                "1500",
                "--players",
                "4",
                "--seed",
                "606",
                "-o",
                str(archive),
            ],
            check=True,
        )
    commands = {
        "validate": [options.gargon, "validate", "--quiet", str(archive)],
        "filter --event": [options.gargon, "filter", str(archive), "--event", "game 15"],
        "filter --has": [options.gargon, "filter", str(archive), "--has", "zero-clash"],
        "stats": [options.gargon, "stats", str(archive)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(options.repeat):
        for name, command in commands.items():
            times[name].append(_seconds(command))
    median = {name: statistics.median(found) for name, found in times.items()}
    size = archive.stat().st_size / 1e6
    print(f"archive: {archive} ({size:.1f} MB, 1,500 games); medians of {options.repeat} runs")
    for name, seconds in median.items():
        print(f"  {name:<15} {seconds:6.2f} s")
    tags = median["validate"] / median["filter --event"]
    replay = median["filter --has"] / median["validate"]
    print(f"  filter --event is {tags:.1f}x faster than validate (target >= 5.0)")
    print(f"  filter --has takes {replay:.2f}x the time of validate (target about 1)")
    stats = median["stats"] / median["validate"]
    print(f"  stats takes {stats:.2f}x the time of validate (target about 1)")
    sys.exit(0 if tags >= 5 else 1)


if __name__ == "__main__":
    main()
