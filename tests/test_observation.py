"""The action space at play time (gargon_notation.observation), without pyarrow: what
gg.action_of takes.  The observation arrays are checked against the tables in
tests/test_tables.py."""

from __future__ import annotations

import pytest

import gargon_notation as gg
from gargon_notation.observation import ARRAYS
from gargon_notation.values import unchecked_maker


@pytest.mark.parametrize(
    ("number", "seat", "message"),
    [
        (-5, 0, "number: action -5 is outside 0-144685 (the action space)"),
        (gg.ACTION_SPACE, 0, "number: action 144686 is outside 0-144685 (the action space)"),
        (3, -1, "seat: -1 is not from 0 to 4 (a table seats 3 to 5 players)"),
        (3, 7, "seat: 7 is not from 0 to 4 (a table seats 3 to 5 players)"),
    ],
)
def test_action_of_refuses_a_number_or_seat_out_of_range(
    number: int, seat: int, message: str
) -> None:
    """A gg.ArgumentError (action_of(-5, 0) was a plain ValueError, and seat=-1 or 7 gave
    Play(seat=-1, ...), an action of no seat)."""
    with pytest.raises(gg.ArgumentError) as refused:
        gg.action_of(number, seat)
    assert str(refused.value) == message


def test_action_of_takes_any_integer_and_refuses_what_is_not_one() -> None:
    class Numpyish:
        """An integer of another library (numpy's int64 has ``__index__`` too)."""

        def __index__(self) -> int:
            return 3

    assert gg.action_of(Numpyish(), Numpyish()) == gg.action_of(3, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^number: a whole number \(int\), not str '3'$"):
        gg.action_of("3", 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^seat: a whole number \(int\), not float 1.0$"):
        gg.action_of(3, 1.0)  # type: ignore[arg-type]


def test_observe_refuses_what_is_not_a_seats_view_or_a_seat_without_a_decision() -> None:
    """observe(None) was an AttributeError ('NoneType' object has no attribute 'players')."""
    with pytest.raises(TypeError, match=r"^observe: view is a gg.SeatView \(game.view\(seat\)\), "):
        gg.observe(None)  # type: ignore[arg-type]
    game = gg.Game.new(gg.Deal.from_seed("evening", players=4))
    with pytest.raises(gg.ArgumentError, match=r"^observe: Player 2 has no decision to make now"):
        gg.observe(game.view(1))


class _Observer:
    """A bot that observes each of its decisions and plays the first legal action."""

    def __init__(self, seen: list[dict[str, list[int]]]) -> None:
        self.seen = seen

    def choose(self, view: gg.SeatView) -> gg.Action:
        self.seen.append(gg.observe(view))
        return view.legal_actions[0]


@pytest.mark.parametrize(("players", "hand"), [(3, 10), (4, 8), (5, 6), (3, 20), (5, 12)])
def test_observations_keep_their_lengths_under_every_ruleset_that_fits(
    players: int, hand: int
) -> None:
    """The smallest hands that fit (piles of 36, 35 and 36 cards) and larger ones: every
    observation of a whole game has the documented lengths."""
    seen: list[dict[str, list[int]]] = []
    ruleset = gg.Ruleset(hand_size=hand)
    gg.simulate(players, "fits", ruleset=ruleset, bots=[_Observer(seen)] * players)
    assert seen
    assert all({name: len(values) for name, values in one.items()} == ARRAYS for one in seen)
    assert seen[0]["obs_state"][5:7] == [(102 - players * hand) // 2] * 2


@pytest.mark.parametrize(
    ("players", "ruleset", "problem"),
    [
        (
            3,
            gg.Ruleset(hand_size=4),
            "hand_size: 4 cards a hand leaves draw piles of 45 cards at a table of 3, over the "
            "36 of obs_piles (docs/tables.md); the observations encode hands of 10 cards or "
            "more at a table of 3",
        ),
        (
            4,
            gg.Ruleset(hand_size=6),
            "hand_size: 6 cards a hand leaves draw piles of 39 cards at a table of 4, over the "
            "36 of obs_piles (docs/tables.md); the observations encode hands of 8 cards or "
            "more at a table of 4",
        ),
        (
            5,
            gg.Ruleset(amulets=(100,) * 16),
            "amulets: with the multipliers and bonuses, a score could reach 40,860, past the "
            "32,767 that obs_scores holds (int16, docs/tables.md)",
        ),
        (
            3,
            gg.Ruleset(zero_pair_multiplier=200),  # a record's [ZeroPair "200"]
            "zero_pair_multiplier: 200 lets a score reach 38,460, past the 32,767 that "
            "obs_scores holds (int16, docs/tables.md); the observations encode a multiplier "
            "of up to 170 for both 0s",
        ),
        (
            3,
            gg.Ruleset(zero_pair_multiplier=40_000),
            "zero_pair_multiplier: 40,000 is past the 32,767 that obs_state holds (int16, "
            "docs/tables.md)",
        ),
    ],
)
def test_observe_refuses_a_ruleset_the_arrays_cannot_hold(
    players: int, ruleset: gg.Ruleset, problem: str
) -> None:
    """Hands of 4 at a table of 3 gave obs_piles of 90 where the documented encoding has 72,
    pile 2 beginning at 45, without a word (found by a researcher's trial): a
    gg.ArgumentError naming the ruleset's option instead."""
    deal = gg.Deal.from_seed("small hands", players=players, hand_size=ruleset.hand_size)
    game = gg.Game.new(deal, ruleset=ruleset)
    with pytest.raises(gg.ArgumentError) as refused:
        gg.observe(game.view(game.to_act.seat))
    assert str(refused.value) == (
        f"observe: the view's ruleset does not fit the observations: {problem}"
    )


R3, R5, R0 = (gg.parse_card(text) for text in ("R3", "R5", "R0"))
HIDDEN = gg.HiddenCard.parse("R?")
_play, _choose, _draw = map(unchecked_maker, (gg.Play, gg.Choose, gg.Draw))
"""Actions made without the constructors' checks (which refuse a pile 3, a card as text or a
colour as a letter), to try action_id's own."""
WON = "observe: won is the cards each seat has won so far, a list of gg.Card a seat"


@pytest.mark.parametrize(
    ("won", "error", "message"),
    [
        ([[]], gg.ArgumentError, f"{WON}: 1 list for a table of 3"),
        ([[], [], [], []], gg.ArgumentError, f"{WON}: 4 lists for a table of 3"),
        (
            [[HIDDEN], [], []],
            gg.ArgumentError,
            f"{WON}: R? is a card whose value is hidden, where every won card was seen face "
            "up in its battle",
        ),
        ([[R5] * 5, [], []], gg.ArgumentError, f"{WON}: R5 is won 5 times, where the deck has one"),
        (
            [[R0], [R0, R0], []],
            gg.ArgumentError,
            f"{WON}: R0 is won 3 times, where the deck has two",
        ),
        ("abc", TypeError, f"{WON}, not str 'abc'"),
        (["abc", [], []], TypeError, f"{WON}, not str 'abc' for a seat"),
        ([["R5"], [], []], TypeError, f"{WON}, not str 'R5' among them"),
        (3, TypeError, f"{WON}, not int 3"),
    ],
)
def test_observe_refuses_won_cards_of_another_shape_naming_the_parameter(
    won: object, error: type[Exception], message: str
) -> None:
    """won= of another length gave an IndexError or was taken (four seats for three), a
    hidden card or a text a KeyError, five copies of R5 were counted (found by a
    researcher's trial)."""
    view = gg.Game.new(gg.Deal.from_seed("x", players=3)).view(0)
    with pytest.raises(error) as refused:
        gg.observe(view, won)  # type: ignore[arg-type]
    assert type(refused.value) is error
    assert str(refused.value) == message


def test_observe_takes_won_cards_as_any_sequences() -> None:
    view = gg.Game.new(gg.Deal.from_seed("x", players=3)).view(0)
    seen = gg.observe(view, ((R0, R0), [R3], ()))
    assert (seen["obs_won"][64], seen["obs_won"][96 + 67], sum(seen["obs_won"])) == (2, 1, 3)
    assert seen == gg.observe(view, [[R0, R0], [R3], []])


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (
            gg.Play(0, (HIDDEN,)),
            gg.ArgumentError,
            "action: a play of R?, a card whose value is hidden, has no id: the action space "
            "numbers plays by the cards themselves",
        ),
        (
            gg.Play(0, (R3, R3)),
            gg.ArgumentError,
            "action: the play R3 R3 holds R3 twice, where the deck has one (only a 0 has two "
            "copies)",
        ),
        (
            gg.Play(0, (R3, R5, gg.parse_card("R9"))),
            gg.ArgumentError,
            "action: R3 R5 R9 is no play the rules allow (at most two cards of a colour)",
        ),
        (
            gg.Play(0, ()),
            gg.ArgumentError,
            "action: a play is of one to three cards, not 0 (none)",
        ),
        (
            gg.Pass(0, (1, 2, 1, 2)),
            gg.ArgumentError,
            "action: a pass draws up to three cards, each from pile 1 or 2: (1, 2, 1, 2) is "
            "not one",
        ),
        (
            _draw(0, 3, None),
            gg.ArgumentError,
            "action: a replacement draw is from pile 1, pile 2 or neither (None), not 3",
        ),
        ("x", TypeError, "action: an action (gg.Play, gg.Pass, gg.Choose or gg.Draw), not str 'x'"),
        (_play(0, ("R3",)), TypeError, "action: a play's cards are gg.Card values, not str 'R3'"),
        (_choose(0, "R"), TypeError, "action: a choice is of a gg.Colour, not str 'R'"),
    ],
)
def test_action_id_refuses_what_has_no_id_naming_the_parameter(
    action: object, error: type[Exception], message: str
) -> None:
    """A hidden card, a card twice or four draws gave a KeyError, a text an AttributeError
    (found by a researcher's trial); a draw from pile 3 was given the id after the last."""
    with pytest.raises(error) as refused:
        gg.action_id(action)  # type: ignore[arg-type]
    assert type(refused.value) is error
    assert str(refused.value) == message
