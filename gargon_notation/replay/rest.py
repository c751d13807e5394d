"""What the walk checks without the table: after it loses a record, each later round on its
own from its first decision (:meth:`_Rest._walk_alone`), and over the whole record what needs
no table: names not at the table, round numbers, cards written twice, the Result tag, a
score written twice.

:class:`_Rest` is a part of the walk (:class:`~gargon_notation.replay.walker._Walk` inherits
it); it declares the attributes and methods of the walk it uses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gargon_notation.actions import likely_player, likely_players, not_at_table
from gargon_notation.cards import COPIES, Card
from gargon_notation.engine import Deal, Game
from gargon_notation.engine.wording import twice_in_one_play
from gargon_notation.header import Header
from gargon_notation.notation import model
from gargon_notation.notation.writer import name_text, write_action
from gargon_notation.replay.problems import _NOT_HELD, Problem, _Reporting, _Stop

if TYPE_CHECKING:
    from gargon_notation.replay.walker import Outcome

_PILES_MAY_BE_EMPTY = frozenset({"draw-count", "record-incomplete"})
_Named = model.Play | model.Pass | model.Battle | model.Draw | model.Score
"""An element that names players (a battle: its winners)."""


def player_after(
    elements: Sequence[model.Play | model.Pass | model.Draw], index: int
) -> str | None:
    """The player of the action or draw written after ``elements[index]`` (None after the
    last of its round's actions, or of its battle's draws): one written for a misspelt name
    is no stand-in for the player to act when his own comes next."""
    return elements[index + 1].player if index + 1 < len(elements) else None


class _Rest(_Reporting):
    """The checks without the table: a part of the walk."""

    record: model.GameRecord
    outcome: Outcome
    round: int | None
    cause: Problem | None
    walked: int
    read: list[int]
    lost_at: object | None
    refused: dict[int, str]
    unnamed: set[int]
    alone: bool
    held: list[Problem] | None
    seats: dict[str, int]
    skipped: bool
    settled: tuple[object, Sequence[str]] | None

    if TYPE_CHECKING:  # the walk's methods used here, for mypy (nothing at run time)

        def _tell_held(self) -> None: ...
        def _apply_written(
            self,
            game: Game,
            element: model.Play | model.Pass,
            actions: Sequence[model.Play | model.Pass] = (),
            index: int = 0,
        ) -> None: ...
        def _apply_battles(self, game: Game, battles: Sequence[model.Battle]) -> None: ...
        def _check_fights_done(self, game: Game, written: model.Round) -> None: ...
        def _check_result(self) -> None: ...
        def _check_scores_in_order(self, totals: Mapping[str, int] | None) -> None: ...

    def _check_rest(self) -> None:
        """After the walk lost the record: the rounds not walked, each checked on its own,
        and the checks that need no table (names, round numbers, cards written twice), as
        independent problems in line order."""
        header = self.outcome.header
        if header is None:
            return
        self.cause = None
        self.alone = True
        rounds = self.record.rounds
        # The rounds walked: names among what the walk did not come to (the rest of the
        # round it lost, the draws of a battle it skipped), and the cards of the plays from
        # where it lost the record on (the walk's engine checked those before).
        self._say_names_in(rounds[: self.walked])
        played: dict[Card, str] = {}
        self._check_twice_walked(played, self.lost_at)
        previous = rounds[self.walked - 1].number if self.walked else 0
        for written in rounds[self.walked :]:
            self.round = written.number
            if written.number != previous + 1:
                self.problem(
                    "round-number",
                    f"this round is numbered {written.number}, but follows round {previous}",
                    written,
                )
            previous = written.number
            self.held = []
            self._walk_alone(header, written)
            if written is rounds[-1]:
                # The piles may run out in the last round: draws are then skipped or fewer.
                self.held = [p for p in self.held if p.code not in _PILES_MAY_BE_EMPTY]
            self._say_names(_named(written))
            for action in written.actions:
                if isinstance(action, model.Play):
                    self._check_twice(action, written.number, played)
            self._tell_held()
        self.round = None
        self._check_result()
        self._check_scores_in_order(None)
        self._say_names(self.record.termination.scores)

    def _check_twice_walked(self, played: dict[Card, str], lost: object = None) -> None:
        """The plays of the rounds walked checked for cards written twice where the walk's
        engine did not check them: those it refused for another reason (a turn, a pattern),
        and those from ``lost`` on, where it lost the record.  ``played`` gets where each
        card was first played."""
        unwalked = False
        refused = self.refused
        for number, walked in zip(self.read, self.record.rounds, strict=False):
            self.round = number
            for action in walked.actions:
                unwalked = unwalked or action is lost
                if isinstance(action, model.Play):
                    code = refused.get(id(action))
                    report = unwalked or (code is not None and code not in _NOT_HELD)
                    self._check_twice(action, walked.number, played, report=report)
        self.round = None

    def _say_names_in(self, rounds: Sequence[model.Round]) -> None:
        """The names of ``rounds`` (from the first) not at the table and not yet said so,
        each said in its round as read."""
        for k, written in enumerate(rounds):
            self.round = self.read[k] if k < len(self.read) else written.number
            self._say_names(_named(written))
        self.round = None

    def _say_names(self, items: Sequence[_Named]) -> None:
        """Each name of ``items`` not at the table (a battle's: its winners), unless its
        item was said to have one already."""
        header = self.outcome.header
        assert header is not None
        seats = self.seats
        for item in items:
            if isinstance(item, model.Battle):
                names = [name for name in item.winners or () if name is not None]
            else:
                names = [item.player]
            unknown = [name for name in names if name not in seats]
            if unknown and id(item) not in self.unnamed:
                self.unnamed.add(id(item))
                for name in dict.fromkeys(unknown):
                    self.problem("unknown-player", not_at_table(name, header.players), item)

    def _walk_alone(self, header: Header, written: model.Round) -> None:
        """Check one written round on its own, from its first decision: a fresh table of
        hidden hands and piles, started by the round's first player.  What follows only from
        the round's own text is checked (turns, patterns, colours, fights, winners, draws);
        what needs the earlier rounds (which cards a hand holds, pile sizes) is not, nor, in
        the last round, the draws (the piles may have run out)."""
        if not written.actions:
            return
        first = written.actions[0].player
        start = self.seats.get(first)
        if start is None:
            # The round's start player is the one the name most likely means, if one; of
            # two as near, the one the round's seat order settles, if one.
            meant = likely_player(first, header.players)
            if meant is None:
                near = likely_players(first, header.players)
                meant = _settled(near, written.actions, self.seats)
                if meant is None:
                    why = ", and no one player's name is near it"
                    if near:
                        why = (
                            f"; {_either(near)} are as near it, and the round's seat order "
                            "does not tell which"
                        )
                    self.outcome.unchecked.append(
                        f"round {written.number} was not checked on its own: its first action "
                        f"names {name_text(first)}, who is not at the table{why}, so its start "
                        "player is not known"
                    )
                    return
                self.settled = (written.actions[0], near)
            start = self.seats[meant]  # its first action is then read as his (_apply_written)
        rules = header.ruleset
        deal = Deal.hidden(len(header.players), rules.hand_size)
        game = Game.new(deal, start, rules, header.players)
        self.skipped = False
        self.lost_at = None
        try:
            actions = written.actions
            for index, action in enumerate(actions):
                self._apply_written(game, action, actions, index)
            known = len(self.held or ())
            self._apply_battles(game, written.battles)
            if written.battles and game.round == 1 and len(self.held or ()) == known:
                self._check_fights_done(game, written)
        except _Stop:
            # This round no longer fits; the next one is checked afresh.
            lost = self.lost_at
            if isinstance(lost, model.Play | model.Pass | model.Draw | model.Battle):
                at = f" at {lost.line}:{lost.column}" if lost.line else ""
                self.outcome.unchecked.append(
                    f"round {written.number} was checked on its own only up to "
                    f"'{write_action(lost)}'{at}, where the record no longer follows the "
                    "round after the skipped action"
                )

    def _check_twice(
        self, play: model.Play, number: int, played: dict[Card, str], report: bool = True
    ) -> None:
        """A card of a single copy played a second time (``played``: where each was first);
        twice in ``play`` itself, said as the engine says it (the round checked on its own may
        have said it already: the same problem is told once)."""
        twice = twice_in_one_play(play.player, play.cards) if report else None
        if twice is not None:
            self.problem("card-conservation", twice, play)
        for k, card in enumerate(play.cards):
            if not isinstance(card, Card) or COPIES[card] != 1 or card in play.cards[:k]:
                continue
            place = played.get(card)
            if place is None:
                at = f", line {play.line}" if play.line else ""  # a record read from JSON: none
                played[card] = f"played by {play.player} in round {number}{at}"
            elif report:
                self.problem(
                    "card-conservation",
                    f"{card} is already elsewhere ({place}): the deck has only 1 copy of it",
                    play,
                )


def _settled(
    near: Sequence[str], actions: Sequence[model.Play | model.Pass], seats: dict[str, int]
) -> str | None:
    """The one of the players ``near`` (as near the name of the first of ``actions``, a
    round's) from whom every later action named at the table is in turn, clockwise (a round
    is played in seat order from its start player, one passed over at the end, in his
    place), when one is and no other is (None: none, several, or no later action to tell)."""
    count = len(seats)
    later = [(k, seats[a.player]) for k, a in enumerate(actions) if k and a.player in seats]
    if not later:
        return None
    fits = [name for name in near if all(seat == (seats[name] + k) % count for k, seat in later)]
    return fits[0] if len(fits) == 1 else None


def _either(names: Sequence[str]) -> str:
    """``Jan and Jon``, ``Jan, Jon and Jen``: the names as movetext writes them."""
    written = [name_text(name) for name in names]
    return f"{', '.join(written[:-1])} and {written[-1]}"


def _named(written: model.Round) -> list[_Named]:
    """The elements of ``written`` that name players, in the order they are written."""
    named: list[_Named] = list(written.actions)
    for battle in written.battles:
        named.append(battle)
        named += battle.draws
    return named
