"""Peak memory of every verb on archives of growing size: it must stay flat (issue #9).

    python bench/memory.py [--games 100,1000,10000]

Each verb runs as its own process (``python -m gargon_notation``); its peak resident size is
read from ``getrusage(RUSAGE_CHILDREN)`` of a small launcher, so nothing else is counted.  The
archives repeat one simulated 100-game file; one more line measures a single game at the item
limit (``MAX_GAME_ITEMS`` comments).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

MEASURE = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,"
    " stderr=subprocess.DEVNULL).returncode\n"
    "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)
VERBS = [
    ["validate"],
    ["show", "--no-color"],
    ["score"],
    ["fmt", "--check"],
    ["fmt"],
    ["annotate"],
    ["convert", "--to", "json"],
    ["convert", "--to", "jsonl"],
]


def peak_mb(arguments: list[str], path: Path) -> float:
    command = [sys.executable, "-m", "gargon_notation", *arguments, str(path)]
    result = subprocess.run(
        [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True
    )
    return int(result.stdout.split()[1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="100,1000,10000")
    sizes = [int(n) for n in parser.parse_args().games.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        base = directory / "base.ggn"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "gargon_notation",
                "simulate",
                "--games",
                "100",
                "--seed",
                "memory",
                "-o",
                str(base),
            ],
            check=True,
        )
        text = base.read_text(encoding="utf-8")
        archives = []
        for games in sizes:
            path = directory / f"{games}.ggn"
            path.write_text("\n".join([text] * max(1, games // 100)), encoding="utf-8")
            archives.append(path)
        from gargon_notation.notation import MAX_GAME_ITEMS

        one = directory / "one-game.ggn"
        lines = ("{c} " * 1000 + "\n") * (MAX_GAME_ITEMS // 1000 - 1)
        one.write_text(f'[Players "Ann" "Bob" "Cy"]\n{lines}1. Ann Y2\n*\n', encoding="utf-8")
        header = (
            "verb".ljust(22)
            + "".join(f"{p.stat().st_size / 1e6:>8.1f} MB" for p in archives)
            + "   one game at the item limit"
        )
        print("peak resident memory (MB) by archive size")
        print(header)
        for arguments in VERBS:
            figures = "".join(f"{peak_mb(arguments, p):>11.0f}" for p in archives)
            print(" ".join(arguments).ljust(22) + figures + f"{peak_mb(arguments, one):>15.0f}")


if __name__ == "__main__":
    main()
