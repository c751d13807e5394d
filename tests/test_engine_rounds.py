"""Between rounds and at the end: the next start player, skipped seats, the end of the game."""

from __future__ import annotations

import pytest
from conftest import cards, deal_with, drain, sized_deal

from gargon_notation.cards import Card, Colour
from gargon_notation.engine import (
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    Deal,
    Decision,
    DecisionKind,
    Draw,
    DrawForgotten,
    DrawSkipped,
    Game,
    GameEnded,
    IllegalAction,
    Pass,
    Passed,
    PileEmptied,
    Play,
    Played,
    RoundEnded,
    RoundStarted,
)
from gargon_notation.engine.actions import Action
from gargon_notation.rules import Ruleset

W, B, V, Y, R, G = Colour
ANN, BOB, CY = range(3)


def c(text: str) -> Card:
    return Card.parse(text)


def run(game: Game, *actions: Action) -> None:
    for action in actions:
        game.apply(action)


def refused_code(game: Game, action: Action) -> str:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.snapshot() == before
    return info.value.code


def test_the_start_passes_clockwise_each_round() -> None:
    deal = deal_with(["W15 W14", "B15 B14", "V15 V14", "Y15 Y14"])
    game = Game.new(deal, start=2)
    starts = []
    for _ in range(5):
        start = game.start_player
        starts.append(start)
        top = max(game.hand(start), key=lambda card: card.value)  # type: ignore[union-attr]
        game.apply(Play(start, (top,)))  # type: ignore[arg-type]
        for k in range(1, 4):
            game.apply(Pass((start + k) % 4, (1,)))
        game.apply(Choose(start, top.colour))
    assert starts == [2, 3, 0, 1, 2]
    started = [event for event in game.events if isinstance(event, RoundStarted)]
    assert started == [
        RoundStarted(1, 2, ()),
        RoundStarted(2, 3, ()),
        RoundStarted(3, 0, ()),
        RoundStarted(4, 1, ()),
        RoundStarted(5, 2, ()),
        RoundStarted(6, 3, ()),
    ]
    ended = [event for event in game.events if isinstance(event, RoundEnded)]
    assert ended == [RoundEnded(1, 3), RoundEnded(2, 0), RoundEnded(3, 1), RoundEnded(4, 2),
                     RoundEnded(5, 3)]  # fmt: skip
    assert game.round == 6


# Three players with hands of two: Ann R10 G1, Bob R3 W2, Cy B5 V7.
SMALL = Ruleset(hand_size=2)


def small_game() -> Game:
    deal = sized_deal(["R10 G1", "R3 W2", "B5 V7"], ["G13 V0 Y3", "G3 W12 Y15"], hand_size=2)
    return Game.new(deal, 0, SMALL, ("Ann", "Bob", "Cy"))


def test_a_start_player_without_cards_is_skipped_and_acts_last() -> None:
    game = small_game()
    run(game, Play(ANN, cards("R10 G1")), Play(BOB, cards("R3 W2")), Pass(CY, (1,)))
    assert game.apply(Choose(ANN, R))[0].losers == (BOB,)  # type: ignore[union-attr]
    assert game.apply(Draw(BOB, None)) == [DrawForgotten(BOB)]
    game.apply(Choose(ANN, G))
    # Ann is done; Bob chooses his white, and then nobody has a face-up card.
    assert game.to_act == Decision(DecisionKind.CHOOSE, BOB)
    assert game.apply(Choose(BOB, W)) == [
        BattleResolved(W, 1, BattleKind.ALONE, ((BOB, c("W2")),), BOB, (c("W2"),), (), ()),
        RoundEnded(1, CY),
        RoundStarted(2, CY, (BOB,)),
    ]
    assert game.hand(BOB) == ()
    assert game.hand(ANN) == ()
    assert game.start_player == CY
    assert game.last_seat == BOB
    # Round 2: Cy, Ann, Bob.  Ann holds nothing and can only pass.
    game.apply(Play(CY, cards("B5")))
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, ANN)
    assert all(isinstance(action, Pass) for action in game.legal_actions())
    assert len(game.legal_actions()) == 14
    game.apply(Pass(ANN, (2,)))
    # Bob, skipped as start player, is the last seat and can only pass.
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, BOB)
    assert all(isinstance(action, Pass) for action in game.legal_actions())
    violation = game.check(Play(BOB, cards("B9")))
    assert violation is not None
    assert violation.code == "card-not-in-hand"
    assert violation.message == "Bob plays B9, but does not hold B9 (Bob's hand: empty)"
    assert game.apply(Pass(BOB, (1, 1))) == [
        Passed(BOB, (1, 1)),
        CardDrawn(BOB, 1, c("V0"), False),
        CardDrawn(BOB, 1, c("Y3"), False),
    ]
    assert game.apply(Choose(CY, B)) == [
        BattleResolved(B, 1, BattleKind.ALONE, ((CY, c("B5")),), CY, (c("B5"),), (), ()),
        RoundEnded(2, ANN),
        RoundStarted(3, ANN, ()),
    ]


def _three_way_round(game: Game, ann_draws: bool) -> list:
    run(game, Play(ANN, cards("R10 G1")), Play(BOB, cards("R3 W2")))
    assert game.apply(Play(CY, cards("G5 W7"))) == [Played(CY, cards("G5 W7"), (1, 1))]
    run(game, Choose(ANN, R), Draw(BOB, None), Choose(ANN, G))
    assert game.to_act == Decision(DecisionKind.DRAW, ANN)
    game.apply(Draw(ANN, 1) if ann_draws else Draw(ANN, None))
    assert game.to_act == Decision(DecisionKind.CHOOSE, BOB)
    return game.apply(Choose(BOB, W))[:1] + game.apply(Draw(BOB, None))


def test_several_seats_without_cards_are_skipped_and_the_start_may_come_back() -> None:
    deal = sized_deal(["R10 G1", "R3 W2", "G5 W7"], ["G13 V0 Y3", "G3 W12 Y15"], hand_size=2)
    game = Game.new(deal, 0, SMALL, ("Ann", "Bob", "Cy"))
    events = _three_way_round(game, ann_draws=True)
    assert events == [
        BattleResolved(
            W,
            1,
            BattleKind.FIGHT,
            ((BOB, c("W2")), (CY, c("W7"))),
            CY,
            (c("W7"),),
            (c("W2"),),
            (BOB,),
        ),
        DrawForgotten(BOB),
        RoundEnded(1, ANN),
        RoundStarted(2, ANN, (BOB, CY)),
    ]
    assert game.hand(ANN) == (c("G13"),)
    assert game.last_seat == CY


def test_the_game_ends_when_nobody_holds_a_card() -> None:
    deal = sized_deal(["R10 G1", "R3 W2", "G5 W7"], ["G13 V0 Y3", "G3 W12 Y15"], hand_size=2)
    game = Game.new(deal, 0, SMALL, ("Ann", "Bob", "Cy"))
    events = _three_way_round(game, ann_draws=False)
    assert events[1:] == [
        DrawForgotten(BOB),
        RoundEnded(1, None),
        GameEnded((CY,), (11, 0, 25)),
    ]
    assert game.pile_sizes() == (48, 48)
    assert game.to_act is None
    assert game.is_over
    assert game.snapshot().over
    assert game.legal_actions() == []
    assert game.score().totals == (11, 0, 25)
    violation = game.check(Pass(ANN, (1,)))
    assert violation is not None
    assert (violation.code, violation.message) == (
        "game-over",
        "the game is over; no further action is possible",
    )
    for action in (Play(ANN, cards("G13")), Choose(CY, G), Draw(BOB, 1), Pass(4, ())):
        assert refused_code(game, action) == "game-over"


def test_the_game_ends_after_the_round_in_which_a_pile_ran_out() -> None:
    # Five hands of 18 leave six cards in each pile.
    deal = sized_deal(
        ["R5", "", "", "", "R9"],
        ["G10 G11 G12 G13 G14 G15", "Y10 Y11 Y12 Y13 Y14 Y15"],
        hand_size=18,
    )
    game = Game.new(deal, 0, Ruleset(hand_size=18), ("A", "B", "C", "D", "E"))
    game.apply(Play(0, cards("R5")))
    game.apply(Pass(1, (1, 1, 1)))
    assert game.apply(Pass(2, (1, 1, 1))) == [
        Passed(2, (1, 1, 1)),
        CardDrawn(2, 1, c("G13"), False),
        CardDrawn(2, 1, c("G14"), False),
        CardDrawn(2, 1, c("G15"), False),
        PileEmptied(1),
    ]
    assert game.snapshot().last_card_taken
    # The round goes on; pile 2 still serves.
    assert refused_code(game, Pass(3, (1,))) == "pile-empty"
    assert refused_code(game, Pass(3, (2, 1))) == "pile-empty"
    assert game.apply(Pass(3, (2, 2))) == [
        Passed(3, (2, 2)),
        CardDrawn(3, 2, c("Y10"), False),
        CardDrawn(3, 2, c("Y11"), False),
    ]
    assert game.apply(Play(4, cards("R9"))) == [Played(4, cards("R9"), (1,))]
    game.apply(Choose(0, R))
    assert game.to_act == Decision(DecisionKind.DRAW, 0)
    assert game.legal_actions() == [Draw(0, 2), Draw(0, None)]
    assert refused_code(game, Draw(0, 1)) == "pile-empty"
    assert game.apply(Draw(0, 2)) == [
        CardDrawn(0, 2, c("Y12"), True),
        RoundEnded(1, None),
        GameEnded((4,), (0, 0, 0, 0, 12)),
    ]
    assert game.is_over
    assert game.round == 1
    assert game.pile_sizes() == (0, 3)


def test_a_pile_emptied_by_a_replacement_draw_also_ends_the_game() -> None:
    # Three hands of 32 leave three cards in each pile (a ruleset for three players only:
    # four hands of 32 would not fit in the deck).
    deal = sized_deal(["R5", "", "R9"], ["G10 G11 G12", "Y10 Y11 Y12"], hand_size=32)
    game = Game.new(deal, 0, Ruleset(player_counts=(3,), hand_size=32), ("Ann", "Bob", "Cy"))
    run(game, Play(ANN, cards("R5")), Pass(BOB, (1, 1)), Play(CY, cards("R9")), Choose(ANN, R))
    assert game.apply(Draw(ANN, 1)) == [
        CardDrawn(ANN, 1, c("G12"), True),
        PileEmptied(1),
        RoundEnded(1, None),
        GameEnded((CY,), (0, 0, 12)),
    ]


def test_with_both_piles_empty_owed_draws_are_skipped_and_the_game_ends() -> None:
    game = Game.new(Deal.from_seed("gargon", 5), names=("A", "B", "C", "D", "E"))
    while game.pile_sizes() != (0, 0):
        game.apply(drain(game))
    assert game.round == 5
    assert game.snapshot().front[4] == (c("W15"),)
    game.apply(Pass(2, ()))
    game.apply(Play(3, cards("W11")))
    assert game.apply(Choose(4, W)) == [
        BattleResolved(
            W,
            1,
            BattleKind.FIGHT,
            ((4, c("W15")), (3, c("W11"))),
            4,
            (c("W15"),),
            (c("W11"),),
            (3,),
        ),
        DrawSkipped(3),
        RoundEnded(5, None),
        GameEnded((2,), (10, 10, 11, 10, 10)),
    ]
    assert game.snapshot().won == (
        (c("Y14"),),
        (c("B14"),),
        (c("V11"),),
        (c("R15"),),
        (c("W15"),),
    )
    assert game.score().winners == (2,)
