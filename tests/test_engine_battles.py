"""The battle phase: who chooses, cases A, B (fights) and C, the two 0s, replacement draws."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from conftest import cards, deal_with

from gargon_notation.cards import Card, Colour
from gargon_notation.engine import (
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    Decision,
    DecisionKind,
    Draw,
    DrawForgotten,
    Game,
    IllegalAction,
    Pass,
    Play,
    RoundEnded,
    RoundStarted,
)
from gargon_notation.engine.actions import Action
from gargon_notation.values import unchecked_maker

NAMES = ("Adam", "Bernd", "Collette", "Dagmar")
_choose, _draw = unchecked_maker(Choose), unchecked_maker(Draw)
ADAM, BERND, COLLETTE, DAGMAR = range(4)
W, B, V, Y, R, G = Colour
PILES = ("G13 V0 Y3 B14", "G3 W12 Y15")


def c(text: str) -> Card:
    return Card.parse(text)


def game_for(hands: Sequence[str], start: int = 0) -> Game:
    """A four-player game whose hands start with ``hands``; pile 1 G13 V0 Y3 B14, pile 2 G3 W12."""
    return Game.new(deal_with(hands, PILES), start=start, names=NAMES)


def run(game: Game, *actions: Action) -> None:
    for action in actions:
        game.apply(action)


def code_of(game: Game, action: Action) -> str:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert game.snapshot() == before
    violation = game.check(action)
    assert violation is not None
    assert (violation.code, violation.message) == (info.value.code, info.value.message)
    return info.value.code


def test_case_a_a_lone_player_wins_all_his_cards_including_zeros() -> None:
    game = game_for(["R0 Y6", "B5", "B6", "R5"])
    game.apply(Play(ADAM, cards("R0 Y6")))
    run(game, Pass(BERND, (1,)), Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(R, 1, BattleKind.ALONE, ((ADAM, c("R0")),), ADAM, (c("R0"),), (), ())
    ]
    assert game.snapshot().owed == ()
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)


def test_case_a_with_both_zeros() -> None:
    game = game_for(["R0 R0 Y6", "B5", "B6", "R5"])
    run(game, Play(ADAM, cards("R0 R0")), Pass(BERND, (1,)), Pass(COLLETTE, (2,)))
    run(game, Pass(DAGMAR, (1,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.ALONE,
            ((ADAM, c("R0")), (ADAM, c("R0"))),
            ADAM,
            cards("R0 R0"),
            (),
            (),
        ),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]
    assert game.snapshot().won[ADAM] == cards("R0 R0")
    assert game.pile_sizes() == (29, 30)


def test_a_zero_never_wins_a_contested_fight() -> None:
    game = game_for(["R0 Y6", "R3 B5", "B6", "R5"])
    run(game, Play(ADAM, cards("R0")), Play(BERND, cards("R3")), Pass(COLLETTE, (1,)))
    run(game, Pass(DAGMAR, (1,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.FIGHT,
            ((ADAM, c("R0")), (BERND, c("R3"))),
            BERND,
            (c("R3"),),
            (c("R0"),),
            (ADAM,),
        )
    ]
    assert game.to_act == Decision(DecisionKind.DRAW, ADAM)
    assert game.legal_actions() == [Draw(ADAM, 1), Draw(ADAM, 2), Draw(ADAM, None)]
    assert game.apply(Draw(ADAM, 1)) == [
        CardDrawn(ADAM, 1, c("Y3"), True),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]
    assert game.snapshot().discard == (c("R0"),)
    assert game.snapshot().won[BERND] == (c("R3"),)


def test_the_two_zeros_meeting_alone_are_both_discarded_and_nobody_draws() -> None:
    game = game_for(["R0 Y6", "B5", "R0 B6", "R5"])
    run(game, Play(ADAM, cards("R0")), Pass(BERND, (1,)), Play(COLLETTE, cards("R0")))
    run(game, Pass(DAGMAR, (2,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.ZEROS,
            ((ADAM, c("R0")), (COLLETTE, c("R0"))),
            None,
            (),
            cards("R0 R0"),
            (),
        ),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]
    state = game.snapshot()
    assert state.discard == cards("R0 R0")
    assert state.won == ((), (), (), ())
    assert state.owed == ()


def test_two_zeros_and_a_higher_card_the_higher_wins_and_both_zeros_draw() -> None:
    game = game_for(["R0 Y6", "R3 B5", "R0 B6", "R5"])
    run(game, Play(ADAM, cards("R0")), Play(BERND, cards("R3")), Play(COLLETTE, cards("R0")))
    run(game, Pass(DAGMAR, (2,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.FIGHT,
            ((ADAM, c("R0")), (BERND, c("R3")), (COLLETTE, c("R0"))),
            BERND,
            (c("R3"),),
            cards("R0 R0"),
            (ADAM, COLLETTE),
        )
    ]
    assert game.apply(Draw(ADAM, 2)) == [CardDrawn(ADAM, 2, c("W12"), True)]
    assert game.to_act == Decision(DecisionKind.DRAW, COLLETTE)
    assert game.apply(Draw(COLLETTE, 2))[0] == CardDrawn(COLLETTE, 2, c("Y15"), True)


def test_second_fight_and_a_player_who_loses_both_draws_after_each() -> None:
    game = game_for(["R5 R4 Y6", "R9 R8 B5", "B6", "G5"])
    run(game, Play(ADAM, cards("R5 R4")), Play(BERND, cards("R9 R8")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.FIGHT,
            ((ADAM, c("R5")), (BERND, c("R9"))),
            BERND,
            (c("R9"),),
            (c("R5"),),
            (ADAM,),
        )
    ]
    # The second fight waits for the first fight's draw.
    assert game.snapshot().front == ((c("R4"),), (c("R8"),), (), ())
    assert game.apply(Draw(ADAM, 1)) == [
        CardDrawn(ADAM, 1, c("Y3"), True),
        BattleResolved(
            R,
            2,
            BattleKind.FIGHT,
            ((ADAM, c("R4")), (BERND, c("R8"))),
            BERND,
            (c("R8"),),
            (c("R4"),),
            (ADAM,),
        ),
    ]
    assert game.to_act == Decision(DecisionKind.DRAW, ADAM)
    assert game.apply(Draw(ADAM, 2)) == [
        CardDrawn(ADAM, 2, c("G3"), True),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]
    assert game.snapshot().won[BERND] == cards("R9 R8")
    assert game.snapshot().discard == cards("R5 R4")
    assert len(game.hand(ADAM)) == 10


def test_case_c_a_single_card_left_wins_alone_even_a_zero() -> None:
    game = game_for(["R5 R0 Y6", "W5 W6 R3", "B6", "G5"])
    run(game, Play(ADAM, cards("R5 R0 Y6")), Play(BERND, cards("W5 W6 R3")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.FIGHT,
            ((ADAM, c("R5")), (BERND, c("R3"))),
            ADAM,
            (c("R5"),),
            (c("R3"),),
            (BERND,),
        )
    ]
    assert game.apply(Draw(BERND, 2)) == [
        CardDrawn(BERND, 2, c("G3"), True),
        BattleResolved(R, 2, BattleKind.LAST_CARD, ((ADAM, c("R0")),), ADAM, (c("R0"),), (), ()),
    ]
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)
    assert game.snapshot().won[ADAM] == cards("R5 R0")


def test_second_fight_of_the_two_zeros() -> None:
    game = game_for(["R5 R0 Y6", "R3 R0 B5", "B6", "G5"])
    run(game, Play(ADAM, cards("R5 R0")), Play(BERND, cards("R3 R0")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    game.apply(Choose(ADAM, R))
    assert game.apply(Draw(BERND, None)) == [
        DrawForgotten(BERND),
        BattleResolved(
            R,
            2,
            BattleKind.ZEROS,
            ((ADAM, c("R0")), (BERND, c("R0"))),
            None,
            (),
            cards("R0 R0"),
            (),
        ),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]
    assert game.snapshot().won == ((c("R5"),), (), (), ())
    assert game.snapshot().discard == cards("R3 R0 R0")


def test_owed_draws_go_in_seat_order_from_the_start_player() -> None:
    game = game_for(["R9", "R4", "R5", "R3"], start=COLLETTE)
    run(game, Play(COLLETTE, cards("R5")), Play(DAGMAR, cards("R3")), Play(ADAM, cards("R9")))
    run(game, Play(BERND, cards("R4")))
    assert game.apply(Choose(COLLETTE, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.FIGHT,
            ((COLLETTE, c("R5")), (DAGMAR, c("R3")), (ADAM, c("R9")), (BERND, c("R4"))),
            ADAM,
            (c("R9"),),
            cards("R5 R3 R4"),
            (COLLETTE, DAGMAR, BERND),
        )
    ]
    assert game.snapshot().owed == (COLLETTE, DAGMAR, BERND)
    assert code_of(game, Draw(BERND, 1)) == "not-your-turn"
    assert code_of(game, Draw(DAGMAR, 1)) == "not-your-turn"
    assert game.apply(Draw(COLLETTE, 1)) == [CardDrawn(COLLETTE, 1, c("G13"), True)]
    assert game.snapshot().owed == (DAGMAR, BERND)
    assert game.apply(Draw(DAGMAR, 1)) == [CardDrawn(DAGMAR, 1, c("V0"), True)]
    assert game.apply(Draw(BERND, 1)) == [
        CardDrawn(BERND, 1, c("Y3"), True),
        RoundEnded(1, DAGMAR),
        RoundStarted(2, DAGMAR, ()),
    ]


def test_a_forgotten_draw_gives_nothing_and_cannot_be_taken_later() -> None:
    game = game_for(["R9", "R4", "R5", "R3"], start=COLLETTE)
    run(game, Play(COLLETTE, cards("R5")), Play(DAGMAR, cards("R3")), Play(ADAM, cards("R9")))
    run(game, Play(BERND, cards("R4")), Choose(COLLETTE, R))
    hand = game.hand(COLLETTE)
    assert game.apply(Draw(COLLETTE, None)) == [DrawForgotten(COLLETTE)]
    assert game.hand(COLLETTE) == hand
    assert game.pile_sizes() == (31, 31)
    assert game.to_act == Decision(DecisionKind.DRAW, DAGMAR)
    assert code_of(game, Draw(COLLETTE, 1)) == "not-your-turn"
    run(game, Draw(DAGMAR, None))
    assert game.apply(Draw(BERND, None)) == [
        DrawForgotten(BERND),
        RoundEnded(1, DAGMAR),
        RoundStarted(2, DAGMAR, ()),
    ]
    assert code_of(game, Draw(COLLETTE, 1)) == "wrong-decision"
    assert [len(hand) for hand in game.snapshot().hands] == [9, 9, 9, 9]


def test_the_chooser_moves_clockwise_to_the_next_player_with_face_up_cards() -> None:
    game = game_for(["W5 Y6", "V6 Y2", "B8 G8", "V5 R3"], start=COLLETTE)
    run(game, Play(COLLETTE, cards("B8 G8")), Play(DAGMAR, cards("V5 R3")))
    run(game, Play(ADAM, cards("W5 Y6")), Play(BERND, cards("V6 Y2")))
    choosers = []
    for colour in (B, G, V, R, W, Y):
        decision = game.to_act
        while decision is not None and decision.kind is DecisionKind.DRAW:
            game.apply(Draw(decision.seat, 1))
            decision = game.to_act
        assert decision is not None
        assert decision.kind is DecisionKind.CHOOSE
        choosers.append(decision.seat)
        game.apply(Choose(decision.seat, colour))
    assert game.to_act == Decision(DecisionKind.DRAW, BERND)
    game.apply(Draw(BERND, 1))
    # Collette starts; Dagmar; then round the table to Adam.  Bernd, the last seat, loses all
    # his cards to earlier choices and never chooses.
    assert choosers == [COLLETTE, COLLETTE, DAGMAR, DAGMAR, ADAM, ADAM]
    assert game.events[-2:] == [RoundEnded(1, DAGMAR), RoundStarted(2, DAGMAR, ())]
    assert game.snapshot().won == (
        cards("W5 Y6"),
        (c("V6"),),
        cards("B8 G8"),
        (c("R3"),),
    )


def test_the_start_player_keeps_choosing_while_he_has_face_up_cards() -> None:
    game = game_for(["W5 Y6", "W6 Y2", "B8", "G5"])
    run(game, Play(ADAM, cards("W5 Y6")), Play(BERND, cards("W6 Y2")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    assert game.legal_actions() == [Choose(ADAM, W), Choose(ADAM, Y)]
    game.apply(Choose(ADAM, W))
    # Adam lost white and draws; he still has yellow, so he chooses again, not Bernd.
    game.apply(Draw(ADAM, 1))
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)
    assert game.legal_actions() == [Choose(ADAM, Y)]


def test_choices_must_name_a_colour_in_front_of_the_chooser() -> None:
    game = game_for(["W5 Y6", "W6 Y2", "B8", "G5"])
    run(game, Play(ADAM, cards("W5 Y6")), Play(BERND, cards("W6 Y2")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    violation = game.check(Choose(ADAM, G))
    assert violation is not None
    assert violation.code == "colour-not-in-front"
    assert violation.message == "Adam may not choose green, having only white and yellow face up"
    assert code_of(game, Choose(ADAM, R)) == "colour-not-in-front"
    assert code_of(game, Choose(BERND, W)) == "not-your-turn"
    game.apply(Choose(ADAM, Y))
    # Bernd lost Y2 and owes a draw: no choice is possible until he draws.
    assert game.to_act == Decision(DecisionKind.DRAW, BERND)
    violation = game.check(Choose(ADAM, W))
    assert violation is not None
    assert violation.code == "wrong-decision"
    assert violation.message == (
        "a choice of colour is not possible now: the game waits for Bernd to draw a "
        "replacement card"
    )
    assert code_of(game, Pass(BERND, (1,))) == "wrong-decision"
    # Piles no constructor takes: of actions made without its checks, as the walk makes them.
    assert code_of(game, _draw(BERND, 3, None)) == "no-such-pile"
    assert code_of(game, _draw(BERND, True, None)) == "no-such-pile"
    assert code_of(game, _draw(BERND, "1", None)) == "no-such-pile"
    assert game.check(_draw(BERND, 0, None)).message == (  # type: ignore[union-attr]
        "Bernd draws from pile 0; the piles are 1 and 2"
    )
    game.apply(Draw(BERND, 2))
    assert game.legal_actions() == [Choose(ADAM, W)]
    violation = game.check(Choose(ADAM, Y))
    assert violation is not None
    assert violation.message == "Adam may not choose yellow, having only white face up"


def test_cards_of_a_resolved_colour_leave_every_front() -> None:
    game = game_for(["W5 Y6", "W6 Y2", "B8", "G5"])
    run(game, Play(ADAM, cards("W5 Y6")), Play(BERND, cards("W6 Y2")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)), Choose(ADAM, W))
    assert game.snapshot().front == ((c("Y6"),), (c("Y2"),), (), ())


def test_a_choice_of_something_that_is_not_a_colour_is_refused_cleanly() -> None:
    game = game_for(["W5 Y6", "W6 Y2", "B8", "G5"])
    run(game, Play(ADAM, cards("W5 Y6")), Play(BERND, cards("W6 Y2")))
    run(game, Pass(COLLETTE, (1,)), Pass(DAGMAR, (1,)))
    with pytest.raises(TypeError, match=r"^Choose.colour: a Colour \(gg.Colour.RED, or "):
        Choose(ADAM, "R")  # type: ignore[arg-type]
    # Made without the constructor's checks, as the replay walk makes actions:
    violation = game.check(_choose(ADAM, "R"))
    assert violation is not None
    assert violation.code == "colour-not-in-front"
    assert violation.message == "Adam chooses 'R', which is not a colour"
    assert code_of(game, _choose(ADAM, "R")) == "colour-not-in-front"
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)
