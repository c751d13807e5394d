"""``--jobs 2`` against ``--jobs 1`` for every batch verb that has ``--jobs`` (issues #12 and
#14: target >= 1.8x on 2 cores for each).

Whole processes, ``--jobs 1`` and ``--jobs 2`` alternating, medians of ``--repeat`` rounds,
so that a shared and noisy machine moves both sides alike; the load average is printed
before and after.  The file is ``gargon simulate --players 4 --games 3000 --seed bench``
(4.4 MB, the anchor's file of #14, made in the cache folder when it is not there).

Wall time needs a quiet machine (a second worker needs a free core), so each ``--jobs 2``
run also gives its CPU seconds, which load moves much less: the main process's (reading,
splitting, writing, and the start-up before it) and the workers'.  With 2 cores the
speed-up is then between total / (main + workers / 2), were the main process's work never
done while the workers work, and total / max(main, total / 2), were it always: the
``bounds`` column.  A wall speed-up well under them means the machine was busy, not that
the verb scales badly.

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


_MEASURED = """
import os, resource, sys
figures = int(sys.argv[1])
sys.argv = ["gargon", *sys.argv[2:]]
def report():
    mine = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    main = mine.ru_utime + mine.ru_stime
    os.write(figures, b"%f %f" % (main, workers.ru_utime + workers.ru_stime))
try:
    from gargon_notation.cli import run
    run()
except SystemExit:
    report()
    raise
report()
"""
"""The gargon command run by its own Python, which then writes its CPU seconds and those of
the processes it waited for (the workers) to the file descriptor its first argument names."""


def _python_of(gargon: str) -> str:
    """The Python that runs the ``gargon`` script (its ``#!`` line)."""
    with open(gargon, "rb") as script:
        first = script.readline().decode()
    return first[2:].strip() if first.startswith("#!") else sys.executable


def _run(python: str, arguments: list[str]) -> tuple[float, float, float]:
    """Wall seconds, main-process CPU seconds and worker CPU seconds of one command."""
    read, write = os.pipe()
    start = time.perf_counter()
    subprocess.run(
        [python, "-c", _MEASURED, str(write), *arguments],
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=(write,),
    )
    wall = time.perf_counter() - start
    os.close(write)
    with os.fdopen(read, "rb") as figures:
        main, workers = (float(value) for value in figures.read().split())
    return wall, main, workers


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
    python = _python_of(options.gargon)
    for verb in options.verbs.split(","):
        command = [*VERBS[verb], str(games)]
        runs: dict[int, list[tuple[float, float, float]]] = {1: [], 2: []}
        for _ in range(options.repeat):
            for jobs in (1, 2):
                runs[jobs].append(_run(python, [*command, "--jobs", str(jobs)]))
        one, two = (statistics.median(run[0] for run in runs[jobs]) for jobs in (1, 2))
        main, workers = (statistics.median(run[i] for run in runs[2]) for i in (1, 2))
        total = main + workers
        print(
            f"{' '.join(VERBS[verb]):<36} --jobs 1 {one:6.2f} s  --jobs 2 {two:6.2f} s  "
            f"speed-up {one / two:.2f}x  (target >= 1.80)  "
            f"--jobs 2 CPU: main {main:5.2f} s, workers {workers:6.2f} s, "
            f"bounds {total / (main + workers / 2):.2f}-{total / max(main, total / 2):.2f}x"
        )
    print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
