"""The tables' speed, size and memory (issue #13): ``gargon convert --to parquet`` against
``gargon validate`` of the same archive, the Parquet's size against the text's, and the
peak memory of the conversion on the archive, on a tenth of it and on four times it.

Whole processes, alternating, medians of ``--repeat`` rounds, so that a shared and noisy
machine moves every side alike; each process's own CPU time and peak memory come from
``os.wait4``.  The archive is ``gargon simulate --players 4 --games 3000 --seed bench`` (made
in the cache folder when it is not there):

  speed     convert --to parquet over validate: target >= 0.80 (CPU time, wall time)
  size      Parquet (the four tables) over the .ggn text: target < 1
  memory    peak memory on the whole archive over a tenth of it, and on four times the archive
            over the archive: target about 1 (flat)

Run (from the project's root):
    python3 bench/tables.py [--gargon PATH] [--repeat 3] [--cache DIR] [--observations]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and peak memory (kB) of one process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # 1: an invalid game, still converted
        raise SystemExit(f"{' '.join(command)} failed: {errors.decode(errors='replace')}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def _archive(gargon: str, cache: Path, games: int) -> Path:
    path = cache / f"gargon-4p-{games}-bench.ggn"
    if not path.exists():
        command = [gargon, "simulate", "--players", "4", "--games", str(games)]
        subprocess.run([*command, "--seed", "bench", "-o", str(path)], check=True)
    return path


def _tenth(archive: Path) -> Path:
    """The first tenth of the archive's games, in a file of its own."""
    path = archive.with_name(archive.stem + "-tenth.ggn")
    if not path.exists():
        games = archive.read_text().split("\n\n[Notation")
        kept = games[: max(1, len(games) // 10)]
        path.write_text("\n\n[Notation".join(kept) + "\n")
    return path


def _fourfold(archive: Path) -> Path:
    """The archive's games four times over, in a file of their own (memory flat in archive
    size means the same peak here: a tenth alone hides a slow growth)."""
    path = archive.with_name(archive.stem + "-x4.ggn")
    if not path.exists():
        path.write_bytes(archive.read_bytes() * 4)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--gargon", default=shutil.which("gargon") or str(ROOT / ".venv/bin/gargon")
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "gargon-bench")
    parser.add_argument("--observations", action="store_true", help="add the observations")
    options = parser.parse_args()
    options.cache.mkdir(parents=True, exist_ok=True)
    archive = _archive(options.gargon, options.cache, options.games)
    out = Path(tempfile.mkdtemp(prefix="gargon-tables-"))
    convert = [options.gargon, "convert", str(archive), "--to", "parquet", "-o", str(out)]
    if options.observations:
        convert.append("--decisions-observations")
    validate = [options.gargon, "validate", "-q", str(archive)]
    runs: dict[str, list[tuple[float, float, int]]] = {"validate": [], "convert": []}
    for _ in range(options.repeat):
        runs["validate"].append(_run(validate))
        runs["convert"].append(_run(convert))
    tenth = [options.gargon, "convert", str(_tenth(archive)), "--to", "parquet"]
    small = _run([*tenth, "-o", str(out) + "-tenth", *convert[7:]])
    fourfold = [options.gargon, "convert", str(_fourfold(archive)), "--to", "parquet"]
    large = _run([*fourfold, "-o", str(out) + "-x4", *convert[7:]])

    def median(name: str, index: int) -> float:
        return statistics.median(run[index] for run in runs[name])

    text = archive.stat().st_size
    parquet = sum(path.stat().st_size for path in out.rglob("*.parquet"))
    print(f"archive     {archive.name}: {options.games} games, {text / 1e6:.2f} MB of text")
    for name in ("validate", "convert"):
        print(
            f"{name:11s} wall {median(name, 0):6.2f} s   cpu {median(name, 1):6.2f} s   "
            f"peak {median(name, 2) / 1024:6.1f} MB"
        )
    print(
        f"speed       convert over validate: {median('validate', 1) / median('convert', 1):.2f} "
        f"(cpu), {median('validate', 0) / median('convert', 0):.2f} (wall)   (target >= 0.80)"
    )
    print(
        f"size        parquet {parquet / 1e6:.2f} MB over text: {parquet / text:.2f}  (target < 1)"
    )
    for table in ("games", "rounds", "battles", "decisions"):
        size = sum(path.stat().st_size for path in (out / table).glob("*.parquet"))
        print(f"            {table:10s} {size / 1e3:9.1f} kB")
    print(
        f"memory      peak {median('convert', 2) / 1024:.1f} MB on the archive, "
        f"{small[2] / 1024:.1f} MB on a tenth: {median('convert', 2) / small[2]:.2f}  (flat: ~1)"
    )
    print(
        f"            peak {large[2] / 1024:.1f} MB on four times the archive: "
        f"{large[2] / median('convert', 2):.2f} of the archive's  (flat: ~1)"
    )
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(str(out) + "-tenth", ignore_errors=True)
    shutil.rmtree(str(out) + "-x4", ignore_errors=True)


if __name__ == "__main__":
    main()
