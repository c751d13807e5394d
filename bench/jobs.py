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
the verb scales badly.  The CPU seconds of ``--jobs 1`` beside them show what two processes
cost over one: by instruction counts (callgrind) the two jobs' main process and workers
execute within 6% of one job's instructions, so a larger gap is the machine too.

What the machine itself gives comes first (``--no-ceiling`` leaves it out): the same
``validate -q --jobs 1`` alone, then two of it at once (two processes that share nothing), by
turns.  Two such processes would finish in the time of one on two free cores (2.00x the work
in the same time); what they give is a reference for the verbs' ``--jobs 2``, not a bound: it
is as noisy as they are, measured once before them.  On this 2-core virtual machine it has
read anywhere from 1.55x to 2.38x from one turn to the next, the time of one process alone
from 4.3 to 7.0 s: read the verbs' figures against it.

``--files N`` measures the same games cut into N files of a folder (organisers' archives):
the verbs that take their inputs one at a time must keep the workers as busy.

Run (from the project's root):
    python3 bench/jobs.py [--gargon PATH] [--repeat 3] [--cache DIR] [--verbs score,stats]
        [--files 100] [--no-ceiling]
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
    "parquet": ["convert", "--to", "parquet", "-o", "{cache}/jobs-tables"],
}
"""Each verb as measured (on FILE, with --jobs N appended; parquet only where the gargon's
Python has pyarrow)."""


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


def _cut(games: Path, count: int) -> Path:
    """The games of ``games`` in ``count`` files of a folder beside it (made once)."""
    folder = games.with_name(f"{games.stem}-in-{count}")
    if not folder.exists():
        texts = games.read_text(encoding="utf-8").split("\n\n[Notation")
        texts = [texts[0], *("[Notation" + text for text in texts[1:])]
        share = -(-len(texts) // count)
        made = folder.with_name(folder.name + ".new")
        shutil.rmtree(made, ignore_errors=True)
        made.mkdir()
        for index in range(count):
            part = texts[index * share : (index + 1) * share]
            (made / f"part-{index:04d}.ggn").write_text(
                "\n\n".join(text.strip("\n") for text in part) + "\n", encoding="utf-8"
            )
        made.rename(folder)
    return folder


def _ceiling(command: list[str], repeat: int) -> tuple[float, float, float]:
    """Seconds of ``command`` alone and of two of it at once, medians of ``repeat`` turns,
    and the median of the turns' ratios of work done per second (two at once over one)."""
    alone: list[float] = []
    paired: list[float] = []
    ratios: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        codes = [subprocess.run(command, check=False, stdout=subprocess.DEVNULL).returncode]
        alone.append(time.perf_counter() - start)
        start = time.perf_counter()
        pair = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for _ in range(2)]
        codes += [process.wait() for process in pair]
        paired.append(time.perf_counter() - start)
        if any(codes):
            raise SystemExit(f"{' '.join(command)} failed (exit codes {codes})")
        ratios.append(2 * alone[-1] / paired[-1])
    return statistics.median(alone), statistics.median(paired), statistics.median(ratios)


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
    parser.add_argument(
        "--no-ceiling",
        action="store_true",
        help="Leave out what two independent processes give on this machine.",
    )
    parser.add_argument(
        "--files",
        type=int,
        default=1,
        help="Measure on the same games cut into this many files, in a folder (default: 1).",
    )
    options = parser.parse_args()
    options.cache.mkdir(parents=True, exist_ok=True)
    games = options.cache / "jobs-3000.ggn"
    if not games.exists():
        print(f"making {games} (gargon simulate, a minute or two)", file=sys.stderr)
        simulate = ["simulate", "--players", "4", "--games", "3000", "--seed", "bench"]
        subprocess.run([options.gargon, *simulate, "-o", str(games)], check=True)
    size = games.stat().st_size / 1e6
    target = games if options.files == 1 else _cut(games, options.files)
    print(f"{target.name}: {size:.1f} MB; {os.cpu_count()} cores; load {_load()}")
    python = _python_of(options.gargon)
    arrow = subprocess.run([python, "-c", "import pyarrow"], capture_output=True).returncode == 0
    if not options.no_ceiling:
        validate = [options.gargon, "validate", "-q", "--jobs", "1", str(target)]
        alone, paired, ratio = _ceiling(validate, options.repeat)
        print(
            f"{'ceiling: two validate -q at once':<36} one alone {alone:6.2f} s  two at once "
            f"{paired:6.2f} s  speed-up ceiling {ratio:.2f}x  (two free cores: 2.00x)"
        )
    for verb in options.verbs.split(","):
        if verb == "parquet" and not arrow:
            print(f"{verb}: skipped (no pyarrow beside {options.gargon})")
            continue
        command = [part.format(cache=options.cache) for part in VERBS[verb]] + [str(target)]
        runs: dict[int, list[tuple[float, float, float]]] = {1: [], 2: []}
        for _ in range(options.repeat):
            for jobs in (1, 2):
                runs[jobs].append(_run(python, [*command, "--jobs", str(jobs)]))
        one, two = (statistics.median(run[0] for run in runs[jobs]) for jobs in (1, 2))
        main, workers = (statistics.median(run[i] for run in runs[2]) for i in (1, 2))
        alone = statistics.median(run[1] for run in runs[1])
        total = main + workers
        label = " ".join(VERBS[verb]).replace("{cache}/jobs-tables", "DIR")
        print(
            f"{label:<36} --jobs 1 {one:6.2f} s  --jobs 2 {two:6.2f} s  "
            f"speed-up {one / two:.2f}x  (target >= 1.80)  --jobs 1 CPU {alone:5.2f} s  "
            f"--jobs 2 CPU: main {main:5.2f} s, workers {workers:6.2f} s, "
            f"bounds {total / (main + workers / 2):.2f}-{total / max(main, total / 2):.2f}x"
        )
    print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
