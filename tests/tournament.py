"""A hand-made tournament for the tests of ``gargon standings`` and ``gargon ratings``: real
games played by bots (each player always plays the same bot), dealt from chosen seeds, with
the tags a tournament writes (Event, Site, Date, Round).

The Spring Cup: six players, four rounds, two tables of three a round; both tables of a round
play the same deal (a duplicate tournament), seated so that each seat of a deal is held by a
greedy and a random player.  ``tests/data/tournament/spring-cup.ggn`` is this archive, written
by :func:`write` (``python tests/tournament.py``); a test checks that they agree.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import attrs

import gargon_notation as gg
from gargon_notation.bots import GreedyBot, RandomBot, simulate
from gargon_notation.engine import Rng
from gargon_notation.notation import GameRecord, Tag
from gargon_notation.records import record_from_simulation
from gargon_notation.seats import seat_record

GREEDY = ("Ann", "Cleo", "Eva")
"""The players who play the greedy bot; the others play the random one."""

SPRING_CUP = Path(__file__).parent / "data" / "tournament" / "spring-cup.ggn"

SEATINGS = (
    (("Ann", "Ben", "Cleo"), ("Dan", "Eva", "Finn")),
    (("Ben", "Eva", "Dan"), ("Cleo", "Finn", "Ann")),
    (("Finn", "Ann", "Eva"), ("Ben", "Cleo", "Dan")),
    (("Dan", "Cleo", "Ben"), ("Eva", "Ann", "Finn")),
)
"""Each round's two tables, players in seat order."""

DATES = ("2026.03.07", "2026.03.07", "2026.03.14", "2026.03.14")


def played(
    seed: str,
    names: tuple[str, ...],
    *,
    event: str | None = None,
    round: str | None = None,
    date: str | None = None,
) -> GameRecord:
    """A game dealt from ``seed``, each player playing his bot, with the tags given."""
    bots = [(GreedyBot if name in GREEDY else RandomBot)(Rng(f"{seed}/{name}")) for name in names]
    record = record_from_simulation(simulate(len(names), seed, names=names, bots=bots))
    written = (("Event", event), ("Site", "Hall 2" if event else None), ("Date", date))
    added = [Tag(name, (value,)) for name, value in (*written, ("Round", round)) if value]
    notation, *rest = record.tags
    return attrs.evolve(record, tags=(notation, *added, *rest))


@functools.cache
def spring_cup() -> tuple[GameRecord, ...]:
    """The Spring Cup's eight games, round by round (made once)."""
    return tuple(
        played(f"spring-cup-{number}", table, event="Spring Cup", round=str(number), date=date)
        for number, (tables, date) in enumerate(zip(SEATINGS, DATES, strict=True), start=1)
        for table in tables
    )


@functools.cache
def four_table() -> GameRecord:
    """A table of four of the Spring Cup's fifth round, dealt from ``spring-cup-5``."""
    names = ("Ann", "Ben", "Cleo", "Dan")
    return played("spring-cup-5", names, event="Spring Cup", round="5", date="2026.03.21")


def seat_views(record: GameRecord) -> tuple[GameRecord, ...]:
    """Each seat's record of ``record`` (``gargon convert --seat``), in seat order."""
    return tuple(seat_record(record, seat) for seat in range(len(record.tag("Players").values)))


def write() -> None:
    """Write the Spring Cup to :data:`SPRING_CUP`."""
    SPRING_CUP.write_text(gg.dumps(spring_cup()), encoding="utf-8")


if __name__ == "__main__":
    write()


def misspelt_cup(tmp_path: Path) -> Path:
    """The Spring Cup with its last game's Finn typed Fnin, and its first game's Event with
    a space after it: one player and one event typed two ways (an organiser's trial)."""
    games = SPRING_CUP.read_text(encoding="utf-8").split("[Notation")
    games[1] = games[1].replace('[Event "Spring Cup"]', '[Event "Spring Cup "]')
    games[-1] = re.sub(r"\bFinn\b", "Fnin", games[-1])
    cup = tmp_path / "cup.ggn"
    cup.write_text("[Notation".join(games), encoding="utf-8")
    return cup
