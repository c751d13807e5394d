"""The rulebook's example round, played through the engine with every event checked."""

from __future__ import annotations

import pytest
from conftest import cards, deal_with, texts

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
    Game,
    IllegalAction,
    Pass,
    Passed,
    Play,
    Played,
    RoundEnded,
    RoundStarted,
    pattern_of,
)

NAMES = ("Adam", "Bernd", "Collette", "Dagmar")
ADAM, BERND, COLLETTE, DAGMAR = range(4)
Y, R, B = Colour.YELLOW, Colour.RED, Colour.BLUE


def c(text: str) -> Card:
    return Card.parse(text)


def test_rulebook_deal_fixture(rulebook_deal: Deal) -> None:
    assert texts(rulebook_deal.hands[ADAM]) == "Y2 Y6 R9 W1 W10 W0 W0 W2 W3 W4"
    assert texts(rulebook_deal.hands[DAGMAR][:3]) == "R14 R0 B12"
    assert texts(rulebook_deal.piles[0][:3]) == "G13 V0 Y3"
    assert texts(rulebook_deal.piles[1][:2]) == "G3 W12"


def test_rulebook_example_round(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal, 0, None, NAMES)
    assert game.events == [RoundStarted(1, ADAM, ())]
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, ADAM)
    assert game.last_seat == DAGMAR

    # Card play phase.
    assert game.apply(Play(ADAM, cards("Y2 Y6 R9"))) == [Played(ADAM, cards("Y2 Y6 R9"), (2, 1))]
    assert game.snapshot().colours_played == {Y, R}
    assert game.snapshot().pattern == (2, 1)
    assert game.apply(Pass(BERND, (1, 1, 2))) == [
        Passed(BERND, (1, 1, 2)),
        CardDrawn(BERND, 1, c("G13"), False),
        CardDrawn(BERND, 1, c("V0"), False),
        CardDrawn(BERND, 2, c("G3"), False),
    ]
    assert game.apply(Play(COLLETTE, cards("B8 B2 R8"))) == [
        Played(COLLETTE, cards("B8 B2 R8"), (2, 1))
    ]
    # Blue was brought in by Collette, not by the leader; the last seat may still play it.
    assert game.snapshot().colours_played == {Y, R, B}
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, DAGMAR)
    assert game.apply(Play(DAGMAR, cards("R14 R0 B12"))) == [
        Played(DAGMAR, cards("R14 R0 B12"), (2, 1))
    ]
    state = game.snapshot()
    assert state.front == (
        cards("Y6 Y2 R9"),
        (),
        cards("B8 B2 R8"),
        cards("B12 R14 R0"),
    )
    assert state.played == (cards("Y2 Y6 R9"), (), cards("B8 B2 R8"), cards("R14 R0 B12"))

    # Battle phase: Adam, the start player, chooses.
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)
    assert game.apply(Choose(ADAM, Y)) == [
        BattleResolved(
            Y,
            1,
            BattleKind.ALONE,
            ((ADAM, c("Y6")), (ADAM, c("Y2"))),
            ADAM,
            cards("Y6 Y2"),
            (),
            (),
        )
    ]
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)
    assert game.apply(Choose(ADAM, R)) == [
        BattleResolved(
            R,
            1,
            BattleKind.FIGHT,
            ((ADAM, c("R9")), (COLLETTE, c("R8")), (DAGMAR, c("R14"))),
            DAGMAR,
            (c("R14"),),
            cards("R9 R8"),
            (ADAM, COLLETTE),
        )
    ]
    assert game.snapshot().owed == (ADAM, COLLETTE)
    assert game.to_act == Decision(DecisionKind.DRAW, ADAM)
    # Collette may not draw before Adam.
    with pytest.raises(IllegalAction) as info:
        game.apply(Draw(COLLETTE, 1))
    assert info.value.code == "not-your-turn"
    assert info.value.message == ("Collette may not act now: it is Adam's turn to draw")
    assert game.apply(Draw(ADAM, 1)) == [CardDrawn(ADAM, 1, c("Y3"), True)]
    assert game.to_act == Decision(DecisionKind.DRAW, COLLETTE)
    # Once the draws are made, Dagmar's red 0 is the last red card and wins alone.
    assert game.apply(Draw(COLLETTE, 2)) == [
        CardDrawn(COLLETTE, 2, c("W12"), True),
        BattleResolved(
            R, 2, BattleKind.LAST_CARD, ((DAGMAR, c("R0")),), DAGMAR, (c("R0"),), (), ()
        ),
    ]
    # Adam has no face-up card left: the next player clockwise with one, Collette, chooses.
    assert game.snapshot().front == ((), (), cards("B8 B2"), (c("B12"),))
    assert game.to_act == Decision(DecisionKind.CHOOSE, COLLETTE)
    assert game.legal_actions() == [Choose(COLLETTE, B)]
    assert game.apply(Choose(COLLETTE, B)) == [
        BattleResolved(
            B,
            1,
            BattleKind.FIGHT,
            ((COLLETTE, c("B8")), (DAGMAR, c("B12"))),
            DAGMAR,
            (c("B12"),),
            (c("B8"),),
            (COLLETTE,),
        )
    ]
    assert game.apply(Draw(COLLETTE, 1)) == [
        CardDrawn(COLLETTE, 1, c("B14"), True),
        BattleResolved(
            B, 2, BattleKind.LAST_CARD, ((COLLETTE, c("B2")),), COLLETTE, (c("B2"),), (), ()
        ),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]

    # The table after the round.
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, BERND)
    assert game.round == 2
    assert game.start_player == BERND
    assert game.last_seat == ADAM
    state = game.snapshot()
    assert state.round == 2
    assert state.start == BERND
    assert state.won == ((c("Y6"), c("Y2")), (), (c("B2"),), cards("R14 R0 B12"))
    assert state.discard == cards("R9 R8 B8")
    assert [len(hand) for hand in state.hands] == [8, 13, 9, 7]
    assert texts(state.hands[ADAM]) == "W1 W10 W0 W0 W2 W3 W4 Y3"
    assert texts(state.hands[BERND]) == "V5 V13 G7 W5 W6 W7 W8 W9 W11 W13 G13 V0 G3"
    assert texts(state.hands[COLLETTE]) == "W14 W15 B0 B0 B1 B3 B4 W12 B14"
    assert texts(state.hands[DAGMAR]) == "B5 B6 B7 B9 B10 B11 B13"
    assert game.pile_sizes() == (27, 29)
    assert [len(pile) for pile in state.piles] == [27, 29]
    assert str(state.piles[0][0]) == "B15"
    assert str(state.piles[1][0]) == "Y14"
    assert state.front == ((), (), (), ())
    assert state.played == (None, None, None, None)
    assert state.pattern is None
    assert state.colours_played == frozenset()
    assert state.owed == ()
    assert not state.last_card_taken
    assert not state.over
    assert game.actions == [
        Play(ADAM, cards("Y2 Y6 R9")),
        Pass(BERND, (1, 1, 2)),
        Play(COLLETTE, cards("B8 B2 R8")),
        Play(DAGMAR, cards("R14 R0 B12")),
        Choose(ADAM, Y),
        Choose(ADAM, R),
        Draw(ADAM, 1),
        Draw(COLLETTE, 2),
        Choose(COLLETTE, B),
        Draw(COLLETTE, 1),
    ]
    # Scoring so far: Dagmar leads red (R14 carries no amulets, R0 doubles nothing).
    totals = game.score().totals
    assert totals == (10 + 3 + 5, 0, 5 + 5, 10 + 5 + 1)


def test_last_seat_could_not_have_played_a_new_colour() -> None:
    deal = deal_with(
        ["Y2 Y6 R9 W1 W10", "V5 V13 G7", "B8 B2 R8", "R14 R0 B12 W15 W14 G15 V15"],
        ["G13 V0 Y3", "G3 W12"],
    )
    game = Game.new(deal, names=NAMES)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1, 1, 2)))
    game.apply(Play(COLLETTE, cards("B8 B2 R8")))

    violation = game.check(Play(DAGMAR, cards("W15 W14 G15")))
    assert violation is not None
    assert violation.code == "last-seat-new-colour"
    assert violation.message == (
        "Dagmar plays W15 W14 G15, but as last seat may only play colours already played "
        "this round (blue, yellow and red), not white and green"
    )
    violation = game.check(Play(DAGMAR, cards("R14 R0 V15")))
    assert violation is not None
    assert violation.code == "last-seat-new-colour"
    assert violation.message == (
        "Dagmar plays R14 R0 V15, but as last seat may only play colours already played "
        "this round (blue, yellow and red), not violet"
    )
    plays = [action for action in game.legal_actions() if isinstance(action, Play)]
    assert Play(DAGMAR, cards("R14 R0 B12")) in plays
    assert {card.colour for play in plays for card in play.cards} == {R, B}
    assert all(pattern_of(play.cards) == (2, 1) for play in plays)
    passes = [action for action in game.legal_actions() if isinstance(action, Pass)]
    assert len(passes) == 14
    before = game.snapshot()
    with pytest.raises(IllegalAction) as info:
        game.apply(Play(DAGMAR, cards("W15 W14 G15")))
    assert info.value.code == "last-seat-new-colour"
    assert game.snapshot() == before
