"""The facts a record states that follow from the play, checked against the walk's game:
the winners written for a battle, the Result tag, whether the game is over as the record
is marked, and the final scores (each player's written once).

:class:`_Facts` is a part of the walk (:class:`~gargon_notation.replay.walker._Walk`
inherits it); it declares the attributes and methods of the walk it uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gargon_notation.engine import BattleResolved, Game
from gargon_notation.notation import model
from gargon_notation.notation.writer import marker_text, name_text
from gargon_notation.replay.hints import winners_text
from gargon_notation.replay.problems import _Reporting

if TYPE_CHECKING:
    from gargon_notation.replay.rest import _Named


class _Facts(_Reporting):
    """The derived facts: a part of the walk."""

    record: model.GameRecord
    round: int | None
    unnamed: set[int]
    seats: dict[str, int]

    if TYPE_CHECKING:  # the walk's methods used here, for mypy (nothing at run time)

        def _seat(self, name: str, element: object, repair: str | None = None) -> int | None: ...
        def _say_names(self, items: Sequence[_Named]) -> None: ...

    def _check_winners(
        self, game: Game, battle: model.Battle, fights: Sequence[BattleResolved]
    ) -> None:
        """The winners written for ``battle`` are those of its ``fights`` (the second one
        found ahead when draws are owed before it)."""
        written = battle.winners
        assert written is not None
        derived = tuple(game.names[e.winner] if e.winner is not None else None for e in fights)
        if derived == written:
            return
        record = self.record
        if (
            not record.termination.finished
            and record.rounds
            and record.rounds[-1].battles
            and battle is record.rounds[-1].battles[-1]
            and derived[: len(written)] == written
            and len(battle.draws) < sum(len(fight.losers) for fight in fights)
        ):
            return  # an unfinished record stops between the fights of its last colour
        self.unnamed.add(id(battle))  # a name written not at the table is said here
        fought = "the fight was" if len(derived) == 1 else "the fights were"
        self.problem(
            "winner-mismatch",
            f"the record says {winners_text(written, derived=False)} won, but {fought} won by "
            f"{winners_text(derived)}",
            battle,
        )

    def _check_result(self) -> None:
        """The Result tag, when written, repeats the termination marker's text."""
        tag = self.record.tag("Result")
        if tag is None:
            return
        marker = marker_text(self.record.termination)
        if tag.values != (marker,):
            written = " ".join(f'"{value}"' for value in tag.values)
            self.problem(
                "result-mismatch",
                f'the Result tag says {written}, but the game ends with "{marker}"',
                tag,
            )

    def _check_scores_in_order(self, totals: Mapping[str, int] | None) -> None:
        """The scores after ``end``, each in the order written (so that a strict replay stops
        at the first): a name not at the table, a second score of a player (said at itself,
        with both totals when they differ, whether or not the game could be scored), and,
        given the ``totals`` of a game over, a first one that is not the player's score.  The
        walk calls it only where a player's score is written twice (else its own loop does
        the same without this call), and after it lost the record."""
        first: dict[str, model.Score] = {}
        for written in self.record.termination.scores:
            player = written.player
            if player not in self.seats:
                self._seat(player, written)  # said as a name not at the table, each time
                continue
            before = first.get(player)
            if before is None:
                first[player] = written
                if totals is not None and totals[player] != written.points:
                    self._mismatch(written, totals[player])
                continue
            both = (
                ""
                if before.points == written.points
                else (f", as {before.points} and as {written.points}")
            )
            self.problem(
                "score-twice",
                f"{name_text(player)}'s score is written twice{both}: write each player's "
                "score once",
                written,
            )

    def _mismatch(self, written: model.Score, total: int) -> None:
        self.problem(
            "score-mismatch",
            f"{written.player} is written with {written.points} points, but scores {total}",
            written,
        )

    def _check_end(self, game: Game) -> None:
        termination = self.record.termination
        self.round = None
        self._check_result()
        if termination.finished and not game.is_over:
            self.problem(
                "game-not-over",
                f"the record is marked finished ('end'), but the game goes on in round "
                f"{game.round}",
                termination,
            )
        elif game.is_over and not termination.finished:
            self.problem(
                "game-over-unmarked",
                "the game is over, but the record is marked unfinished ('*'); write 'end'",
                termination,
            )
        # A player written twice is looked for without a call (the path of every valid record).
        repeated = False
        seen: dict[str, None] = {}
        for written in termination.scores:
            repeated = repeated or written.player in seen
            seen[written.player] = None
        totals = None
        if termination.scores and game.is_over:
            totals = dict(zip(game.names, game.score().totals, strict=True))
        if repeated:
            self._check_scores_in_order(totals)
        elif totals is not None:
            for written in termination.scores:
                if written.player not in totals:
                    self._seat(written.player, written)
                elif totals[written.player] != written.points:
                    self._mismatch(written, totals[written.player])
        self._say_names(termination.scores)
