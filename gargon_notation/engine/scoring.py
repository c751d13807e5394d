"""Final scoring: majority bonuses and amulets, colour by colour.

>>> from gargon_notation.cards import Card
>>> adam = [Card.parse(t) for t in "V0 V5 V13 G7 G13 W1 W10 Y2 Y6".split()]
>>> bernd = [Card.parse(t) for t in "W3 W4 Y8 Y9 Y11".split()]
>>> collette = [Card.parse("W5"), Card.parse("W7")]
>>> result = score([adam, bernd, collette], names=("Adam", "Bernd", "Collette"))
>>> adam_score = result.players[0]
>>> adam_score.bonus, adam_score.amulets, adam_score.total
(25, 22, 47)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from gargon_notation.cards import AnyCard, Card, Colour
from gargon_notation.rules import STANDARD, Ruleset
from gargon_notation.values import unchecked_maker

__all__ = ["ColourScore", "PlayerScore", "Score", "known_totals", "score", "score_legend"]


@attrs.frozen
class ColourScore:
    """One player's result in one colour.

    ``amulets`` is the raw count on the cards; ``multiplier`` comes from the 0s won;
    ``bonus`` is +10, +5 or 0.  ``points`` = amulets x multiplier + bonus.
    """

    colour: Colour
    cards: int
    zeros: int
    amulets: int
    multiplier: int
    bonus: int

    @property
    def points(self) -> int:
        """Amulets multiplied by the 0s, plus the majority bonus."""
        return self.amulets * self.multiplier + self.bonus


@attrs.frozen
class PlayerScore:
    """A player's score: one :class:`ColourScore` per colour, in canonical colour order."""

    seat: int
    name: str
    colours: tuple[ColourScore, ...]

    @property
    def bonus(self) -> int:
        """Points from majority bonuses."""
        return sum(c.bonus for c in self.colours)

    @property
    def amulets(self) -> int:
        """Points from amulets, after the 0s' multipliers."""
        return sum(c.amulets * c.multiplier for c in self.colours)

    @functools.cached_property
    def total(self) -> int:
        """Bonus plus amulet points."""
        return self.bonus + self.amulets

    def colour(self, colour: Colour) -> ColourScore:
        """The breakdown for one colour."""
        return self.colours[colour.index]


@attrs.frozen
class Score:
    """Every player's score and the winners (all players with the highest total)."""

    players: tuple[PlayerScore, ...]

    @functools.cached_property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total."""
        return tuple([p.total for p in self.players])

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total; several on a tie (a shared win)."""
        best = max(self.totals)
        return tuple(p.seat for p in self.players if p.total == best)


_COLOURS = tuple(enumerate(Colour))
_INDEX = {colour: index for index, colour in _COLOURS}


_colour_score = unchecked_maker(ColourScore)
"""``ColourScore(...)`` without attrs' ``__init__``: a score makes some 20 a game, from
numbers it has counted itself."""


_NOTHING: dict[int, tuple[ColourScore, ...]] = {}


def _nothing(multiplier: int) -> tuple[ColourScore, ...]:
    """The result in each colour of a player who won no card of it (values are frozen, so one
    of each serves every score; most players win nothing in two or three colours)."""
    found = _NOTHING.get(multiplier)
    if found is None:
        found = _NOTHING[multiplier] = tuple(
            ColourScore(colour, 0, 0, 0, multiplier, 0) for colour in Colour
        )
    return found


def score(
    won: Sequence[Sequence[Card]], ruleset: Ruleset = STANDARD, names: Sequence[str] = ()
) -> Score:
    """Score the cards each seat has won.

    Per colour, the player with the most cards gets ``majority_bonus``; several tied for the
    most get ``shared_majority_bonus`` each; nobody gets a bonus in a colour nobody won.
    Zeros count as cards for the majority and multiply that colour's amulets only.
    """
    counts = [[0] * 6 for _ in won]
    zeros = [[0] * 6 for _ in won]
    amulets = [[0] * 6 for _ in won]
    table = ruleset.amulets
    for seat, cards in enumerate(won):
        seat_counts, seat_zeros, seat_amulets = counts[seat], zeros[seat], amulets[seat]
        for card in cards:
            index = _INDEX[card.colour]
            value = card.value
            seat_counts[index] += 1
            if value == 0:
                seat_zeros[index] += 1
            seat_amulets[index] += table[value]
    bonuses = [[0] * 6 for _ in won]
    for index in range(6):
        column = [row[index] for row in counts]
        most = max(column)
        if most == 0:
            continue
        leaders = [seat for seat, count in enumerate(column) if count == most]
        bonus = ruleset.majority_bonus if len(leaders) == 1 else ruleset.shared_majority_bonus
        for seat in leaders:
            bonuses[seat][index] = bonus
    players = []
    nothing = _nothing(ruleset.multiplier(0))
    multiplier = ruleset.multiplier
    for seat in range(len(won)):
        seat_counts, seat_zeros = counts[seat], zeros[seat]
        seat_amulets, seat_bonuses = amulets[seat], bonuses[seat]
        colour_scores = tuple(
            [
                _colour_score(
                    colour,
                    seat_counts[index],
                    seat_zeros[index],
                    seat_amulets[index],
                    multiplier(seat_zeros[index]),
                    seat_bonuses[index],
                )
                if seat_counts[index]
                else nothing[index]
                for index, colour in _COLOURS
            ]
        )
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        players.append(PlayerScore(seat, name, colour_scores))
    return Score(tuple(players))


def known_totals(
    won: Sequence[Sequence[AnyCard]], ruleset: Ruleset = STANDARD, names: Sequence[str] = ()
) -> tuple[int | None, ...]:
    """Each seat's points from its ``won`` cards as far as they are known: None for a seat
    with a won card seen only from the back.  The others' won cards weigh on a seat's points
    only through how many of each colour they won, which their backs show (each back counts
    as a card of its colour); a back of unknown colour (``X?``) leaves every total unknown.

    >>> from gargon_notation.cards import HiddenCard
    >>> known_totals([[Card.parse("W9")], [HiddenCard.parse("W?"), HiddenCard.parse("W?")]])
    (2, None)
    >>> known_totals([[Card.parse("W9")], [HiddenCard.parse("X?")]])
    (None, None)
    """
    stand_ins: list[list[Card]] = []
    for cards in won:
        stand_ins.append([])
        for card in cards:
            if card.colour is None:
                return (None,) * len(won)
            stand_ins[-1].append(card if isinstance(card, Card) else Card(card.colour, 1))
    totals = score(stand_ins, ruleset, names).totals
    return tuple(
        total if all(isinstance(card, Card) for card in cards) else None
        for total, cards in zip(totals, won, strict=True)
    )


def score_legend(ruleset: Ruleset = STANDARD, winner: bool = False) -> tuple[str, str]:
    """What a score table's figures mean, in ``ruleset``'s numbers: two lines of at most 64
    characters, the second naming the winners' mark when ``winner``.

    >>> for line in score_legend(winner=True):
    ...     print(line)
    won: in the order won; amulets: x2 with one 0, x4 with both 0s
    bonus: +10 for most cards of a colour, +5 each on a tie; * winner
    """
    one, both = ruleset.multiplier(1), ruleset.multiplier(2)
    most, shared = ruleset.majority_bonus, ruleset.shared_majority_bonus
    mark = "; * winner" if winner else ""
    return (
        f"won: in the order won; amulets: x{one} with one 0, x{both} with both 0s",
        f"bonus: +{most} for most cards of a colour, +{shared} each on a tie{mark}",
    )
