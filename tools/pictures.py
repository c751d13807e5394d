"""Draw the pictures the documentation shows, into ``docs/images/``.

Run from anywhere: ``.venv/bin/python tools/pictures.py`` (re)writes every picture;
``--check`` writes nothing and exits 1, naming them, when a committed picture is not what the
library draws now.  Each picture is exactly what ``gargon svg`` writes for the same options
(the table at the end of a round of an example file, as everyone or as one seat saw it), so
the same code and the same record always give the same bytes.  ``tests/test_web_svg.py``
checks that the committed pictures are up to date: after changing how the table is drawn, run
this script and commit the pictures with the change.

    docs/images/full-game-round-3.svg        gargon svg examples/full-game.ggn --round 3
    docs/images/full-game-round-3-bernd.svg  ... --round 3 --seat Bernd
"""

from __future__ import annotations

import sys
from pathlib import Path

import gargon_notation as gg

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"

PICTURES: dict[str, tuple[str, int, str | None]] = {
    "full-game-round-3.svg": ("examples/full-game.ggn", 3, None),
    "full-game-round-3-bernd.svg": ("examples/full-game.ggn", 3, "Bernd"),
}
"""Each picture's file name: the record (from the project's root), the round at whose end
the table is drawn, and the seat whose view it is (None: everything the record knows)."""


def draw(record_path: str, round_number: int, seat: str | None) -> str:
    """The picture ``gargon svg RECORD --round N [--seat NAME]`` writes (first game)."""
    record = next(gg.load(ROOT / record_path, strict=True))
    result = gg.replay(record)
    step = result.round_ends[round_number]
    state = result.state_after(step)
    return gg.table_svg(state, None if seat is None else state.names.index(seat), step=step)


def pictures() -> dict[Path, str]:
    """Every picture's path and text, as drawn now."""
    return {IMAGES / name: draw(*how) for name, how in PICTURES.items()}


def main(arguments: list[str]) -> int:
    """Write the pictures (0), or with ``--check`` say which are stale (1 if any)."""
    check = arguments == ["--check"]
    if arguments and not check:
        print("usage: tools/pictures.py [--check]", file=sys.stderr)
        return 2
    stale = []
    for path, text in pictures().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path.relative_to(ROOT))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            gg.files.write_text(path, text)
    for name in stale:
        print(f"{'stale' if check else 'wrote'}: {name}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
