"""Hidden information: partly known deals, observations of drawn cards, and what a seat sees."""

from __future__ import annotations

import re

import pytest
from conftest import cards, deal_with, texts

from gargon_notation.cards import COPIES, UNKNOWN, AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine import (
    CardDrawn,
    Choose,
    Deal,
    Decision,
    DecisionKind,
    Draw,
    DrawForgotten,
    Game,
    IllegalAction,
    Pass,
    Passed,
    Play,
    Played,
)
from gargon_notation.engine.actions import Action
from gargon_notation.errors import RuleViolation
from gargon_notation.rules import Ruleset

NAMES = ("Adam", "Bernd", "Collette", "Dagmar")
ADAM, BERND, COLLETTE, DAGMAR = range(4)
W, B, V, Y, R, G = Colour


def c(text: str) -> Card:
    return Card.parse(text)


def h(letter: str) -> HiddenCard:
    return HiddenCard.parse(f"{letter}?")


def backs(items: tuple[AnyCard, ...]) -> tuple[HiddenCard, ...]:
    return tuple(HiddenCard(card.colour) for card in items)


def as_seen_from(deal: Deal, seat: int) -> Deal:
    """The deal as a record written from ``seat`` knows it: its own hand, every other back."""
    hands = tuple(hand if k == seat else backs(hand) for k, hand in enumerate(deal.hands))
    return Deal(hands, (backs(deal.piles[0]), backs(deal.piles[1])))


def violation_of(game: Game, action: Action) -> RuleViolation:
    before = game.snapshot()
    violation = game.check(action)
    assert violation is not None, f"{action} should be refused"
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert (info.value.code, info.value.message) == (violation.code, violation.message)
    assert game.snapshot() == before
    return violation


@pytest.fixture
def adams_record(rulebook_deal: Deal) -> Game:
    """The rulebook round as Adam would record it: his hand known, everything else by colour."""
    return Game.new(as_seen_from(rulebook_deal, ADAM), names=NAMES)


def test_colour_only_hands_accept_plays_of_colours_they_hold(adams_record: Game) -> None:
    game = adams_record
    assert texts(game.hand(COLLETTE)) == "B? B? R? W? W? B? B? B? B? B?"
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1, 1, 2)))
    assert game.apply(Play(COLLETTE, cards("B8 B2 R8"))) == [
        Played(COLLETTE, cards("B8 B2 R8"), (2, 1))
    ]
    state = game.snapshot()
    assert state.front[COLLETTE] == cards("B8 B2 R8")
    assert texts(state.hands[COLLETTE]) == "W? W? B? B? B? B? B?"
    assert game.apply(Play(DAGMAR, cards("R14 R0 B12"))) == [
        Played(DAGMAR, cards("R14 R0 B12"), (2, 1))
    ]
    game.apply(Choose(ADAM, Y))
    game.apply(Choose(ADAM, R))
    assert game.snapshot().won[DAGMAR] == (c("R14"),)
    assert game.snapshot().discard == cards("R9 R8")


def test_a_colour_the_hand_does_not_hold_is_refused(adams_record: Game) -> None:
    game = adams_record
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1,)))
    violation = violation_of(game, Play(COLLETTE, cards("Y5 B8 B2")))
    assert violation.code == "card-not-in-hand"
    assert violation.message == (
        "Collette plays Y5 B8 B2, but does not hold Y5 "
        "(Collette's hand: W? W? B? B? B? B? B? B? B? R?)"
    )
    # Collette holds a single red card, so two reds are one too many.
    assert violation_of(game, Play(COLLETTE, cards("R8 R7 B8"))).code == "card-not-in-hand"


def test_a_card_known_to_be_elsewhere_is_refused(adams_record: Game) -> None:
    game = adams_record
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1,)))
    # R9 lies face up in front of Adam: Collette's red card cannot be R9.
    violation = violation_of(game, Play(COLLETTE, cards("B8 B2 R9")))
    assert violation.code == "card-conservation"
    assert violation.message == "R9 is already elsewhere: the deck has only 1 copy of it"
    game.apply(Play(COLLETTE, cards("B8 B2 R8")))
    # Once Collette's B8 is revealed, Dagmar's blue cards cannot be B8.
    violation = violation_of(game, Play(DAGMAR, cards("R14 R0 B8")))
    assert violation.code == "card-conservation"
    assert violation.message == "B8 is already elsewhere: the deck has only 1 copy of it"


def test_a_third_zero_is_refused() -> None:
    deal = deal_with(["R0 R0 Y6", "V5", "B8", "R14 R5 B12"], ["G13", "G3"])
    game = Game.new(as_seen_from(deal, ADAM), names=NAMES)
    game.apply(Play(ADAM, cards("R0")))
    game.apply(Pass(BERND, (1,)))
    game.apply(Pass(COLLETTE, (1,)))
    violation = violation_of(game, Play(DAGMAR, cards("R0")))
    assert violation.code == "card-conservation"
    assert violation.message == "R0 is already elsewhere: the deck has only 2 copies of it"
    assert game.apply(Play(DAGMAR, cards("R14"))) == [Played(DAGMAR, cards("R14"), (1,))]


def test_a_wholly_unknown_hand_accepts_any_card_once() -> None:
    game = Game.new(Deal.hidden(4), names=NAMES)
    assert game.hand(ADAM) == (UNKNOWN,) * 10
    assert game.apply(Play(ADAM, cards("Y2 Y6 R9"))) == [Played(ADAM, cards("Y2 Y6 R9"), (2, 1))]
    assert game.apply(Play(BERND, cards("G15 G14 W0"))) == [
        Played(BERND, cards("G15 G14 W0"), (2, 1))
    ]
    violation = violation_of(game, Play(COLLETTE, cards("Y6 Y5 B1")))
    assert violation.code == "card-conservation"
    assert violation.message == "Y6 is already elsewhere: the deck has only 1 copy of it"
    # Bernd revealed one W0; a pair of W0s would make three.
    violation = violation_of(game, Play(COLLETTE, cards("W0 W0 B1")))
    assert violation.code == "card-conservation"
    assert violation.message == "W0 is already elsewhere: the deck has only 2 copies of it"
    assert game.apply(Play(COLLETTE, cards("B2 B1 W0"))) == [
        Played(COLLETTE, cards("B2 B1 W0"), (2, 1))
    ]
    assert violation_of(game, Play(DAGMAR, cards("R2 R1 W0"))).code == "card-conservation"
    assert game.snapshot().front[BERND] == cards("W0 G15 G14")


def test_more_than_17_cards_of_a_colour_are_refused() -> None:
    yellow = h("Y")
    hands = ((UNKNOWN,) * 10, (yellow,) * 10, (yellow,) * 7 + (UNKNOWN,) * 3, (UNKNOWN,) * 10)
    deal = Deal(hands, ((UNKNOWN,) * 31, (UNKNOWN,) * 31))
    deal.check()
    game = Game.new(deal, names=NAMES)
    violation = violation_of(game, Play(ADAM, cards("Y5")))
    assert violation.code == "card-conservation"
    assert violation.message == "Y5 would make more than 17 yellow cards"
    game.apply(Play(ADAM, cards("R5")))
    violation = violation_of(game, Pass(BERND, (1,), seen=(yellow,)))
    assert violation.code == "card-conservation"
    assert violation.message == "Y? would make more than 17 yellow cards"
    # Bernd's own yellow cards are fine to reveal.
    assert game.apply(Play(BERND, cards("Y5"))) == [Played(BERND, cards("Y5"), (1,))]


# -- observed draws ---------------------------------------------------------------------------


def test_observed_draws_are_checked_against_a_known_pile(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal, names=NAMES)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    violation = violation_of(game, Pass(BERND, (1,), seen=(h("W"),)))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Bernd is noted drawing W? from pile 1, but that card is G?"
    violation = violation_of(game, Pass(BERND, (1,), seen=(c("G12"),)))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Bernd is noted drawing G12 from pile 1, but that card is not G12"
    # The second draw from pile 1 is checked against the second card.
    violation = violation_of(game, Pass(BERND, (1, 1), seen=(None, c("V1"))))
    assert violation.message == "Bernd is noted drawing V1 from pile 1, but that card is not V1"
    violation = violation_of(game, Pass(BERND, (2, 1), seen=(c("G3"), h("V"))))
    assert violation.message == "Bernd is noted drawing V? from pile 1, but that card is G?"
    assert game.apply(Pass(BERND, (1, 1, 2), seen=(c("G13"), h("V"), UNKNOWN))) == [
        Passed(BERND, (1, 1, 2)),
        CardDrawn(BERND, 1, c("G13"), False),
        CardDrawn(BERND, 1, c("V0"), False),
        CardDrawn(BERND, 2, c("G3"), False),
    ]


def test_a_refused_draw_never_tells_the_value_of_the_card_left_on_the_pile() -> None:
    """A bot told "illegal, try again" must not learn the top card of a pile from the
    refusal of a wrong guess: only its back (its colour) is named."""
    game = Game.new(Deal.from_seed("peek", players=4), names=NAMES)
    while game.to_act is not None and game.to_act.kind is not DecisionKind.DRAW:
        game.push(game.legal_actions()[0])
    assert game.to_act is not None
    seat = game.to_act.seat
    top = game.snapshot().piles[0][0]  # top first
    assert isinstance(top, Card)
    back = HiddenCard(top.colour)
    name = NAMES[seat]
    for guess in [*COPIES, *map(HiddenCard, Colour)]:
        if guess in (top, back):
            continue
        message = violation_of(game, Draw(seat, 1, seen=guess)).message
        shown = f"is not {guess}" if guess.colour == top.colour else f"is {back}"
        assert message == f"{name} is noted drawing {guess} from pile 1, but that card {shown}"
        assert not re.search(rf"\b{top}\b", message)


def test_observed_draws_teach_the_engine_a_hidden_pile(adams_record: Game) -> None:
    game = adams_record
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    violation = violation_of(game, Pass(BERND, (1,), seen=(c("W5"),)))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Bernd is noted drawing W5 from pile 1, but that card is G?"
    # Y6 is in Adam's front: the yellow third card of pile 1 cannot be it.
    violation = violation_of(game, Pass(BERND, (1, 1, 1), seen=(None, None, c("Y6"))))
    assert violation.code == "card-conservation"
    assert game.apply(Pass(BERND, (1, 1, 2), seen=(c("G13"), None, h("G")))) == [
        Passed(BERND, (1, 1, 2)),
        CardDrawn(BERND, 1, c("G13"), False),
        CardDrawn(BERND, 1, h("V"), False),
        CardDrawn(BERND, 2, h("G"), False),
    ]
    assert game.hand(BERND)[-3:] == (c("G13"), h("V"), h("G"))
    assert texts(game.snapshot().piles[0][:2]) == "Y? B?"
    # G13 is now known: no one else can reveal it.
    game.apply(Play(COLLETTE, cards("B8 B2 R8")))
    game.apply(Play(DAGMAR, cards("R14 R0 B12")))
    game.apply(Choose(ADAM, Y))
    game.apply(Choose(ADAM, R))
    assert game.to_act == Decision(DecisionKind.DRAW, ADAM)
    violation = violation_of(game, Draw(ADAM, 1, seen=c("Y6")))
    assert violation.code == "card-conservation"
    violation = violation_of(game, Draw(ADAM, 1, seen=h("R")))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Adam is noted drawing R? from pile 1, but that card is Y?"
    assert game.apply(Draw(ADAM, 1, seen=c("Y3"))) == [CardDrawn(ADAM, 1, c("Y3"), True)]
    assert game.hand(ADAM)[-1] == c("Y3")
    violation = violation_of(game, Draw(COLLETTE, 2, seen=c("G15")))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Collette is noted drawing G15 from pile 2, but that card is W?"
    game.apply(Draw(COLLETTE, 2, seen=c("W12")))
    assert game.hand(COLLETTE)[-1] == c("W12")


def test_a_forgotten_draw_with_a_noted_card_is_refused(adams_record: Game) -> None:
    game = adams_record
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1, 1, 2)))
    game.apply(Play(COLLETTE, cards("B8 B2 R8")))
    game.apply(Play(DAGMAR, cards("R14 R0 B12")))
    game.apply(Choose(ADAM, Y))
    game.apply(Choose(ADAM, R))
    assert game.to_act == Decision(DecisionKind.DRAW, ADAM)
    violation = violation_of(game, Draw(ADAM, None, seen=c("Y3")))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Adam forgot to draw, so no drawn card (Y3) can be noted"
    violation = violation_of(game, Draw(ADAM, None, seen=h("Y")))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Adam forgot to draw, so no drawn card (Y?) can be noted"
    violation = violation_of(game, Draw(ADAM, None, seen=UNKNOWN))
    assert violation.code == "draw-mismatch"
    assert violation.message == "Adam forgot to draw, so no drawn card (X?) can be noted"
    assert game.check(Draw(ADAM, None)) is None
    assert game.apply(Draw(ADAM, None)) == [DrawForgotten(ADAM)]
    assert game.to_act == Decision(DecisionKind.DRAW, COLLETTE)


def test_observations_of_an_unknown_pile() -> None:
    game = Game.new(Deal.hidden(4), names=NAMES)
    game.apply(Play(ADAM, cards("Y6")))
    assert game.apply(Pass(BERND, (1, 2), seen=(c("G13"), h("W")))) == [
        Passed(BERND, (1, 2)),
        CardDrawn(BERND, 1, c("G13"), False),
        CardDrawn(BERND, 2, h("W"), False),
    ]
    assert game.hand(BERND)[-2:] == (c("G13"), h("W"))
    # Bernd's drawn white card can only be played as white.
    game.apply(Pass(COLLETTE, (1,), seen=(c("G12"),)))
    violation = violation_of(game, Pass(DAGMAR, (1,), seen=(c("G13"),)))
    assert violation.code == "card-conservation"
    assert violation.message == "G13 is already elsewhere: the deck has only 1 copy of it"
    violation = violation_of(game, Pass(DAGMAR, (1, 1), seen=(c("Y5"), c("Y5"))))
    assert violation.code == "card-conservation"


# -- what a seat sees ---------------------------------------------------------------------------


def _played_round(rulebook_deal: Deal, ruleset: Ruleset | None = None) -> Game:
    game = Game.new(rulebook_deal, 0, ruleset, NAMES)
    for action in (
        Play(ADAM, cards("Y2 Y6 R9")),
        Pass(BERND, (1, 1, 2)),
        Play(COLLETTE, cards("B8 B2 R8")),
        Play(DAGMAR, cards("R14 R0 B12")),
        Choose(ADAM, Y),
        Choose(ADAM, R),
        Draw(ADAM, 1),
        Draw(COLLETTE, 2),
        Choose(COLLETTE, B),
    ):
        game.apply(action)
    return game


def test_seen_by_hides_values_of_other_hands_piles_and_won_cards(rulebook_deal: Deal) -> None:
    game = _played_round(rulebook_deal)
    state = game.snapshot()
    view = state.seen_by(ADAM)
    assert view.hands[ADAM] == state.hands[ADAM]
    assert texts(view.hands[DAGMAR]) == "B? B? B? B? B? B? B?"
    # Bernd's hand (dealt V5 V13 G7 and seven whites, then drew G13 V0 G3) in colour order.
    assert texts(view.hands[BERND]) == "W? W? W? W? W? W? W? V? V? V? G? G? G?"
    assert texts(view.piles[0][:3]) == "B? B? V?"
    assert len(view.piles[0]) == 28
    assert all(isinstance(card, HiddenCard) for pile in view.piles for card in pile)
    assert view.won[ADAM] == cards("Y6 Y2")
    assert texts(view.won[DAGMAR]) == "R? R? B?"
    assert texts(view.won[COLLETTE]) == ""
    # Face-up cards and the discard pile are public.
    assert view.front == state.front
    assert view.front[COLLETTE] == cards("B2")
    assert view.discard == cards("R9 R8 B8")
    assert view.to_act == state.to_act == Decision(DecisionKind.DRAW, COLLETTE)
    with pytest.raises(ValueError, match="this view hides won cards, so it cannot be scored"):
        view.score()
    # Dagmar sees her own won cards.
    assert state.seen_by(DAGMAR).won[DAGMAR] == cards("R14 R0 B12")
    assert texts(state.seen_by(DAGMAR).won[ADAM]) == "Y? Y?"


def test_won_cards_face_up_variant_shows_won_cards_only(rulebook_deal: Deal) -> None:
    game = _played_round(rulebook_deal, Ruleset(won_cards_face_up=True))
    state = game.snapshot()
    view = state.seen_by(BERND)
    assert view.won == state.won
    assert view.won[DAGMAR] == cards("R14 R0 B12")
    assert texts(view.hands[ADAM]) == "W? W? W? W? W? W? W? Y?"
    assert view.hands[BERND] == state.hands[BERND]
    assert all(isinstance(card, HiddenCard) for pile in view.piles for card in pile)
    assert view.score() == game.score()


def test_the_variant_changes_nothing_but_the_view(rulebook_deal: Deal) -> None:
    standard = _played_round(rulebook_deal)
    face_up = _played_round(rulebook_deal, Ruleset(won_cards_face_up=True))
    assert standard.events == face_up.events
    assert standard.score() == face_up.score()
    assert standard.legal_actions() == face_up.legal_actions()
