"""``--seat NAME`` over files of several games (``html``, ``svg``, ``convert``): the games
NAME played, the others left out.

A club night's file holds games at several tables; a player's page, pictures or record are
of the games at which that player sat.  :class:`SeatedGames` tells each game whether the
seat played it, keeps the ones left out to name them in one line on standard error, and
refuses, with the name most likely meant over every game, a seat who played none.
"""

from __future__ import annotations

import attrs

from gargon_notation.actions import not_at_table
from gargon_notation.cli.common import fail, print_error
from gargon_notation.errors import printable_name
from gargon_notation.notation import GameRecord

__all__ = ["SeatedGames"]


@attrs.define
class SeatedGames:
    """The games ``seat`` played, told apart from those it did not, one game at a time.

    >>> from gargon_notation.notation import parse_game
    >>> seated = SeatedGames("Dagmar")
    >>> seated.played("club.ggn", 1, parse_game('[Players "Adam" "Bernd" "Cy"]\\n*\\n'))
    False
    >>> seated.played("club.ggn", 2, parse_game('[Players "Adam" "Dagmar" "Cy"]\\n*\\n'))
    True
    >>> seated.left_out_text()
    'club.ggn game 1 left out: Dagmar is not at its table'
    """

    seat: str
    left_out: dict[str, list[int]] = attrs.field(factory=dict)
    """The games left out, by the name of their input, in the order read."""
    names: dict[str, None] = attrs.field(factory=dict)
    """Every player of every game read, in the order first met."""
    kept: int = 0

    def played(self, source: str, number: int, record: GameRecord) -> bool:
        """Whether the seat sat at game ``number`` of ``source``; if not, it is left out."""
        tag = record.tag("Players")
        players = tag.values if tag is not None else ()
        self.names.update(dict.fromkeys(players))
        if self.seat in players:
            self.kept += 1
            return True
        self.left_out.setdefault(source, []).append(number)
        return False

    def left_out_text(self) -> str:
        """The games left out, named by their input and numbers."""
        parts = []
        count = 0
        for source, numbers in self.left_out.items():
            count += len(numbers)
            games = "game" if len(numbers) == 1 else "games"
            parts.append(f"{printable_name(source)} {games} {', '.join(map(str, numbers))}")
        table = "its table" if count == 1 else "their tables"
        return f"{'; '.join(parts)} left out: {self.seat} is not at {table}"

    def finish(self) -> None:
        """After every game: exit 2 when the seat played none of them (with the name it most
        likely means over every game), else the games left out in one line."""
        if not self.kept and self.left_out:
            one = sum(map(len, self.left_out.values())) == 1
            table = "this table" if one else "any table"
            fail(f"--seat {self.seat}: {not_at_table(self.seat, list(self.names), table)}")
        if self.left_out:
            print_error(f"note: --seat {self.seat}: {self.left_out_text()}")
