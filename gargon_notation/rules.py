"""The numbers that make up a Gargon ruleset, gathered in one frozen :class:`Ruleset`.

A variant is an argument, not a fork of the engine:

>>> Ruleset().zero_pair_multiplier, Ruleset.english().zero_pair_multiplier
(4, 3)
>>> Ruleset().amulets_on(5), Ruleset().amulets_on(13)
(3, 0)

See docs/rules.md for where each number comes from.
"""

from __future__ import annotations

import attrs

__all__ = ["STANDARD", "Ruleset"]

# Values 0-15: 0, 13, 14 and 15 carry no amulets; 1-12 carry 5,5,4,3,3,3,2,2,2,1,1,1.
_AMULETS = (0, 5, 5, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0)


def _check_amulets(_instance: object, _attribute: object, value: tuple[int, ...]) -> None:
    if len(value) != 16 or any(type(n) is not int or n < 0 for n in value):
        raise ValueError("the amulet table gives a whole number >= 0 for each value 0-15")


def _check_player_counts(_instance: object, _attribute: object, value: tuple[int, ...]) -> None:
    if not value or any(not 3 <= n <= 5 for n in value):
        raise ValueError("Gargon is played by 3 to 5 players")


def _check_hand_size(instance: Ruleset, _attribute: object, value: int) -> None:
    for players in instance.player_counts:
        rest = 102 - players * value
        if type(value) is not int or value < 1 or rest < 2 or rest % 2:
            raise ValueError(
                f"a hand of {value!r} cards for {players} players does not leave two equal, "
                "non-empty draw piles"
            )


@attrs.frozen
class Ruleset:
    """Every tunable number of the rules.

    The defaults are the project's reading of the rulebook (docs/rules.md):

    - ``amulets``: amulets on a card of each value 0-15.
    - ``single_zero_multiplier``: one 0 of a colour won multiplies that colour's amulets (x2).
    - ``zero_pair_multiplier``: both 0s of a colour won multiply them (x4; the English text's x3
      is :meth:`english`).  Zeros never multiply bonuses.
    - ``majority_bonus``, ``shared_majority_bonus``: +10 for the most cards of a colour, +5
      each when several tie for the most.
    - ``player_counts``: how many players may sit at the table.
    - ``hand_size``: cards dealt to each player.
    - ``start_player_must_play``: the start player may not pass while he holds a card.
    - ``won_cards_face_up``: the variant in which won cards stay visible; it changes only what
      players may see (:meth:`gargon_notation.engine.GameState.seen_by`).
    """

    amulets: tuple[int, ...] = attrs.field(default=_AMULETS, validator=_check_amulets)
    single_zero_multiplier: int = 2
    zero_pair_multiplier: int = 4
    majority_bonus: int = 10
    shared_majority_bonus: int = 5
    player_counts: tuple[int, ...] = attrs.field(default=(3, 4, 5), validator=_check_player_counts)
    hand_size: int = attrs.field(default=10, validator=_check_hand_size)
    start_player_must_play: bool = True
    won_cards_face_up: bool = False

    @classmethod
    def english(cls) -> Ruleset:
        """The English translation's reading: both 0s of a colour triple its amulets."""
        return cls(zero_pair_multiplier=3)

    def amulets_on(self, value: int) -> int:
        """The number of amulets a card of this value carries."""
        return self.amulets[value]

    def multiplier(self, zeros: int) -> int:
        """The amulet multiplier for a colour in which a player won ``zeros`` 0s."""
        if zeros <= 0:
            return 1
        if zeros == 1:
            return self.single_zero_multiplier
        return self.zero_pair_multiplier


STANDARD = Ruleset()
"""The project's default ruleset."""
