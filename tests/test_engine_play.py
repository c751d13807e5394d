"""The card play phase: who may act, the start player, patterns, the last seat and passes."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from conftest import cards, deal_with, drain, sized_deal, texts

from gargon_notation.cards import Card, Colour, HiddenCard
from gargon_notation.engine import (
    CardDrawn,
    Choose,
    Deal,
    Decision,
    DecisionKind,
    Draw,
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
    pattern_of,
)
from gargon_notation.engine.actions import Action
from gargon_notation.rules import Ruleset
from gargon_notation.values import unchecked_maker

NAMES = ("Adam", "Bernd", "Collette", "Dagmar")
_play, _pass = unchecked_maker(Play), unchecked_maker(Pass)
"""Actions made without the constructors' checks, as the replay walk makes them: the engine
still refuses what they would have."""
ADAM, BERND, COLLETTE, DAGMAR = range(4)


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.fixture
def table() -> Deal:
    """Adam: Y2 Y6 R9 W1 W10 W0 W0 W2 W3 W4; Bernd: V5 V13 V1 G7 W5 W6 W7 W8 W9 W11;
    Collette: B8 B2 R8 W13 W14 B0 B0 B1 B3 B4; Dagmar: R14 R0 B12 W15 G15 V15 B5 B6 B7 B9;
    pile 1: G13 V0 Y3 B14 ...; pile 2: G3 W12 Y15 Y13 ..."""
    return deal_with(
        ["Y2 Y6 R9 W1 W10", "V5 V13 V1 G7 W5", "B8 B2 R8", "R14 R0 B12 W15 G15 V15"],
        ["G13 V0 Y3 B14", "G3 W12 Y15"],
    )


def refused(game: Game, action: Action, code: str, message: str | None = None) -> None:
    """``action`` is refused with ``code`` (and ``message``) and leaves the game unchanged."""
    before = game.snapshot()
    actions, events = list(game.actions), list(game.events)
    violation = game.check(action)
    assert violation is not None, f"{action} should be refused"
    assert violation.code == code, violation.message
    if message is not None:
        assert violation.message == message
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert (info.value.code, info.value.message) == (violation.code, violation.message)
    assert str(info.value) == f"{violation.message} [{code}]"
    assert game.snapshot() == before
    assert (game.actions, game.events) == (actions, events)
    assert not game.is_legal(action)


# -- whose turn, and what kind of decision -----------------------------------------------------


def test_only_the_seat_to_act_may_act(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    refused(
        game,
        Play(BERND, cards("V5")),
        "not-your-turn",
        "Bernd may not act now: it is Adam's turn to play or pass",
    )
    refused(game, Pass(COLLETTE, (1,)), "not-your-turn")
    refused(game, Play(4, cards("Y6")), "no-such-seat", "there is no seat 4 at this table")
    # Made without the constructors' checks, as the replay walk makes actions:
    refused(game, _play(-1, cards("Y6")), "no-such-seat", "there is no seat -1 at this table")
    refused(game, _pass("0", (1,), ()), "no-such-seat", "there is no seat '0' at this table")


def test_a_refusal_pickles_whole(table: Deal) -> None:
    """A process pool sends a worker's exception back pickled: unpickling called
    ``IllegalAction(str(error))``, a TypeError that broke the pool (BrokenProcessPool)."""
    game = Game.new(table, names=NAMES)
    with pytest.raises(IllegalAction) as info:
        game.apply(Play(BERND, cards("V5")))
    thawed = pickle.loads(pickle.dumps(info.value))
    assert type(thawed) is IllegalAction
    assert (thawed.code, thawed.message) == ("not-your-turn", info.value.message)
    assert str(thawed) == "Bernd may not act now: it is Adam's turn to play or pass [not-your-turn]"


def test_decisions_of_the_wrong_kind_are_refused(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    refused(
        game,
        Choose(ADAM, Colour.YELLOW),
        "wrong-decision",
        "a choice of colour is not possible now: the game waits for Adam to play or pass",
    )
    refused(
        game,
        Draw(ADAM, 1),
        "wrong-decision",
        "a draw is not possible now: the game waits for Adam to play or pass",
    )
    game.apply(Play(ADAM, cards("Y6")))
    for seat in (BERND, COLLETTE, DAGMAR):
        game.apply(Pass(seat, (1,)))
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)
    refused(
        game,
        Play(ADAM, cards("Y2")),
        "wrong-decision",
        "a play is not possible now: the game waits for Adam to choose a colour to fight in",
    )
    # The kind of decision is checked before the seat.
    refused(game, Pass(BERND, (1,)), "wrong-decision")


# -- the start player ----------------------------------------------------------------------


def test_start_player_must_play_while_he_holds_a_card(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal, names=NAMES)
    refused(
        game,
        Pass(ADAM, (1,)),
        "start-must-play",
        "Adam is the start player and holds cards, so must play",
    )
    refused(game, Pass(ADAM, (1, 2, 2)), "start-must-play")
    assert all(isinstance(action, Play) for action in game.legal_actions())


def test_start_player_may_pass_when_the_ruleset_allows_it(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal, 0, Ruleset(start_player_must_play=False), NAMES)
    passes = [action for action in game.legal_actions() if isinstance(action, Pass)]
    assert len(passes) == 2 + 4 + 8
    assert game.check(Pass(ADAM, (1,))) is None
    assert game.apply(Pass(ADAM, (2, 1))) == [
        Passed(ADAM, (2, 1)),
        CardDrawn(ADAM, 2, c("G3"), False),
        CardDrawn(ADAM, 1, c("G13"), False),
    ]
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, BERND)
    assert game.snapshot().played == ((), None, None, None)


def test_after_the_start_player_passes_the_first_play_sets_the_pattern(
    table: Deal,
) -> None:
    game = Game.new(table, 0, Ruleset(start_player_must_play=False), NAMES)
    game.apply(Pass(ADAM, (1,)))
    plays = [action for action in game.legal_actions() if isinstance(action, Play)]
    assert {pattern_of(play.cards) for play in plays} == {(1,), (2,), (1, 1), (2, 1), (1, 1, 1)}
    for action in game.legal_actions():
        assert game.check(action) is None, action
    assert game.apply(Play(BERND, cards("V5 V13 G7"))) == [
        Played(BERND, cards("V5 V13 G7"), (2, 1))
    ]
    assert game.snapshot().pattern == (2, 1)
    refused(
        game,
        Play(COLLETTE, cards("B8 R8")),
        "pattern-mismatch",
        "Collette plays B8 R8, two of different colours (1:1), but Bernd led two of one colour "
        "and one of another (2:1)",
    )
    game.apply(Play(COLLETTE, cards("B8 B2 R8")))
    # Dagmar is still the last seat: violet, green, blue and red have been played.
    refused(game, Play(DAGMAR, cards("R14 R0 W15")), "last-seat-new-colour")
    game.apply(Play(DAGMAR, cards("R14 R0 B12")))
    # Adam passed, so Bernd is the first chooser.
    assert game.to_act == Decision(DecisionKind.CHOOSE, BERND)


def test_when_nobody_plays_the_round_ends_at_once(table: Deal) -> None:
    game = Game.new(table, 0, Ruleset(start_player_must_play=False), NAMES)
    game.apply(Pass(ADAM, (1,)))
    game.apply(Pass(BERND, (1,)))
    game.apply(Pass(COLLETTE, (1,)))
    # Nobody played, so the last seat has no colour to play in.
    assert all(isinstance(action, Pass) for action in game.legal_actions())
    assert game.apply(Pass(DAGMAR, (2,))) == [
        Passed(DAGMAR, (2,)),
        CardDrawn(DAGMAR, 2, c("G3"), False),
        RoundEnded(1, BERND),
        RoundStarted(2, BERND, ()),
    ]


# -- patterns ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("play", "pattern"),
    [
        ("Y6", (1,)),
        ("Y2 Y6", (2,)),
        ("Y6 R9", (1, 1)),
        ("Y2 Y6 R9", (2, 1)),
        ("R9 Y2 Y6", (2, 1)),
        ("Y6 R9 W1", (1, 1, 1)),
        ("W0 W0", (2,)),
        ("W0 W0 Y2", (2, 1)),
    ],
)
def test_each_of_the_five_patterns_may_lead(table: Deal, play: str, pattern: tuple) -> None:
    game = Game.new(table, names=NAMES)
    listed = [Counter(a.cards) for a in game.legal_actions() if isinstance(a, Play)]
    assert Counter(cards(play)) in listed
    assert game.apply(Play(ADAM, cards(play))) == [Played(ADAM, cards(play), pattern)]
    assert game.snapshot().pattern == pattern
    assert game.snapshot().front[ADAM] == tuple(
        sorted(cards(play), key=lambda card: (card.colour.index, -card.value))
    )
    assert len(game.hand(ADAM)) == 10 - len(cards(play))


def test_leader_legal_plays_are_exactly_the_five_patterns(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    plays = [action.cards for action in game.legal_actions() if isinstance(action, Play)]
    # Adam holds white W10 W4 W3 W2 W1 W0 W0 (7 distinct plays of one, 6 distinct cards),
    # yellow Y6 Y2 and red R9.
    singles = 6 + 2 + 1
    pairs = (15 + 1) + 1  # 15 pairs of 6 distinct whites, W0 W0, and Y6 Y2
    one_one = 6 * 2 + 6 * 1 + 2 * 1
    two_one = 16 * 3 + 1 * 7
    three = 6 * 2 * 1
    assert len(plays) == singles + pairs + one_one + two_one + three
    assert len(set(plays)) == len(plays)
    assert {pattern_of(play) for play in plays} == {(1,), (2,), (1, 1), (2, 1), (1, 1, 1)}


def test_three_cards_of_one_colour_are_never_allowed(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    refused(
        game,
        Play(ADAM, cards("W1 W10 W0")),
        "three-of-a-colour",
        "Adam plays W1 W10 W0: three cards of one colour are never allowed",
    )
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    # A follower with three of a colour breaks this rule before the pattern rule.
    refused(
        game,
        Play(BERND, cards("V5 V13 V1")),
        "three-of-a-colour",
        "Bernd plays V5 V13 V1: three cards of one colour are never allowed",
    )


def test_a_play_is_one_to_three_cards(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    refused(game, Play(ADAM, ()), "play-size", "Adam plays 0 cards; a play is one to three cards")
    refused(
        game,
        Play(ADAM, cards("Y2 Y6 R9 W1")),
        "play-size",
        "Adam plays 4 cards; a play is one to three cards",
    )
    game.apply(Play(ADAM, cards("Y6")))
    refused(game, Play(BERND, ()), "play-size")
    refused(game, Play(BERND, cards("V5 G7 W5 W6")), "play-size")


def test_a_card_that_is_not_a_card_is_a_type_error(table: Deal) -> None:
    """A bot naming its card as text ('R5') was told the card must be named in full, as if it
    had written R?; a noted draw as text raised AttributeError ('str' object has no attribute
    'colour').  Both are a TypeError saying what a card is; the game is unchanged."""
    game = Game.new(table, names=NAMES)
    wanted = "a Play's cards are Card values (gg.parse_card('R5') makes one), not str 'R5'"
    for given in (("R5",), "R5"):
        with pytest.raises(TypeError) as error:
            Play(ADAM, given)  # type: ignore[arg-type]
        assert str(error.value) == wanted
        with pytest.raises(TypeError) as error:  # made without the constructor's checks
            game.check(_play(ADAM, given))
        assert str(error.value) == wanted
    with pytest.raises(TypeError) as error:
        game.apply(_play(ADAM, (*cards("Y2"), None)))
    assert str(error.value) == (
        "a Play's cards are Card values (gg.parse_card('R14') makes one), not None"
    )
    game.apply(Play(ADAM, cards("Y6")))
    for seen in ("R5", 5):
        with pytest.raises(TypeError) as error:
            Pass(BERND, (1,), (seen,))  # type: ignore[arg-type]
        with pytest.raises(TypeError) as error:
            game.apply(_pass(BERND, (1,), (seen,)))
        assert str(error.value) == (
            "a card noted as seen (Pass.seen, Draw.seen) is a Card or a HiddenCard "
            f"(gg.parse_card('R5'), gg.HiddenCard.parse('R?')), not {type(seen).__name__} "
            f"{seen!r}"
        )
    assert len(game.actions) == 1


def test_played_cards_must_be_named_and_held(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    refused(
        game,
        Play(ADAM, (HiddenCard(Colour.YELLOW),)),  # type: ignore[arg-type]
        "card-unknown",
        "Adam plays Y?, but a played card must be named in full (such as R14)",
    )
    refused(
        game,
        Play(ADAM, cards("R14")),
        "card-not-in-hand",
        "Adam plays R14, but does not hold R14 (Adam's hand: W10 W4 W3 W2 W1 W0 W0 Y6 Y2 R9)",
    )
    refused(game, Play(ADAM, cards("Y6 Y5 R9")), "card-not-in-hand")


def test_a_card_twice_in_one_play_is_said_as_such(table: Deal) -> None:
    """A card of one copy cannot be played twice, whatever the hand; the two 0s of a colour
    can, by a hand that holds both."""
    game = Game.new(table, names=NAMES)
    refused(
        game,
        Play(ADAM, cards("Y6 Y6")),
        "card-conservation",
        "Adam plays Y6 Y6: Y6 twice in one play, but the deck has only 1 copy of it",
    )
    refused(
        game,
        Play(ADAM, cards("Y6 R9 Y6")),
        "card-conservation",
        "Adam plays Y6 R9 Y6: Y6 twice in one play, but the deck has only 1 copy of it",
    )
    assert game.check(Play(ADAM, cards("W0 W0"))) is None
    dagmar = Game.new(table, DAGMAR, names=NAMES)
    refused(
        dagmar,
        Play(DAGMAR, cards("R0 R0")),
        "card-not-in-hand",
        "Dagmar plays R0 R0, but holds only one R0 "
        "(Dagmar's hand: W15 B12 B9 B7 B6 B5 V15 R14 R0 G15)",
    )
    hidden = Game.new(Deal.hidden(4, 10), names=NAMES)  # nothing known of any hand
    refused(
        hidden,
        Play(ADAM, cards("B5 B5 R0")),
        "card-conservation",
        "Adam plays B5 B5 R0: B5 twice in one play, but the deck has only 1 copy of it",
    )
    assert hidden.check(Play(ADAM, cards("R0 R0 B5"))) is None


def test_follower_must_match_the_leaders_pattern_exactly(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    refused(
        game,
        Play(BERND, cards("V5 G7 W5")),
        "pattern-mismatch",
        "Bernd plays V5 G7 W5, three different colours (1:1:1), but Adam led two of one colour "
        "and one of another (2:1)",
    )
    refused(
        game,
        Play(BERND, cards("V5 V13")),
        "pattern-mismatch",
        "Bernd plays V5 V13, two of one colour (2), but Adam led two of one colour and one of "
        "another (2:1)",
    )
    refused(game, Play(BERND, cards("V5")), "pattern-mismatch")
    refused(game, Play(BERND, cards("V5 G7")), "pattern-mismatch")
    plays = [action for action in game.legal_actions() if isinstance(action, Play)]
    assert plays
    assert {pattern_of(play.cards) for play in plays} == {(2, 1)}


def test_two_cards_of_one_colour_do_not_match_two_colours(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y6 R9")))
    refused(
        game,
        Play(BERND, cards("V5 V13")),
        "pattern-mismatch",
        "Bernd plays V5 V13, two of one colour (2), but Adam led two of different colours (1:1)",
    )
    assert game.apply(Play(BERND, cards("V5 G7"))) == [Played(BERND, cards("V5 G7"), (1, 1))]


def test_followers_may_play_any_colours(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    # Neither violet nor green was led.
    assert game.apply(Play(BERND, cards("V5 V13 G7"))) == [
        Played(BERND, cards("V5 V13 G7"), (2, 1))
    ]
    assert game.apply(Play(COLLETTE, cards("B0 B0 W13"))) == [
        Played(COLLETTE, cards("B0 B0 W13"), (2, 1))
    ]
    assert game.snapshot().colours_played == {
        Colour.YELLOW,
        Colour.RED,
        Colour.VIOLET,
        Colour.GREEN,
        Colour.BLUE,
        Colour.WHITE,
    }


def test_a_follower_may_always_pass(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    assert game.check(Play(BERND, cards("V5 V13 G7"))) is None
    assert game.check(Pass(BERND, (1,))) is None
    assert Pass(BERND, (2, 2, 2)) in game.legal_actions()
    game.apply(Pass(BERND, (1,)))
    game.apply(Pass(COLLETTE, (2, 2)))
    assert game.check(Pass(DAGMAR, (1, 2, 1))) is None
    game.apply(Pass(DAGMAR, (1, 2, 1)))
    assert game.snapshot().played == (cards("Y2 Y6 R9"), (), (), ())
    assert game.to_act == Decision(DecisionKind.CHOOSE, ADAM)


# -- the last seat ---------------------------------------------------------------------------


def test_last_seat_may_play_colours_any_predecessor_played(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y6")))
    game.apply(Play(BERND, cards("V5")))
    game.apply(Play(COLLETTE, cards("B8")))
    plays = [action for action in game.legal_actions() if isinstance(action, Play)]
    assert plays == [Play(DAGMAR, (card,)) for card in cards("B12 B9 B7 B6 B5 V15")]
    refused(
        game,
        Play(DAGMAR, cards("R14")),
        "last-seat-new-colour",
        "Dagmar plays R14, but as last seat may only play colours already played this round "
        "(blue, violet and yellow), not red",
    )
    refused(game, Play(DAGMAR, cards("W15")), "last-seat-new-colour")
    refused(game, Play(DAGMAR, cards("G15")), "last-seat-new-colour")
    assert game.apply(Play(DAGMAR, cards("V15"))) == [Played(DAGMAR, cards("V15"), (1,))]


def test_last_seat_without_a_played_colour_can_only_pass(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y6")))
    game.apply(Pass(BERND, (1,)))
    game.apply(Pass(COLLETTE, (1,)))
    actions = game.legal_actions()
    assert len(actions) == 14
    assert all(isinstance(action, Pass) for action in actions)
    refused(
        game,
        Play(DAGMAR, cards("R14")),
        "last-seat-new-colour",
        "Dagmar plays R14, but as last seat may only play colours already played this round "
        "(yellow), not red",
    )


def test_last_seat_is_the_seat_right_of_the_start_player(table: Deal) -> None:
    game = Game.new(table, start=COLLETTE, names=NAMES)
    assert game.last_seat == BERND
    game.apply(Play(COLLETTE, cards("B8")))
    # Dagmar is not last this round: she may bring in red.
    game.apply(Play(DAGMAR, cards("R14")))
    game.apply(Play(ADAM, cards("W10")))
    plays = [action for action in game.legal_actions() if isinstance(action, Play)]
    assert {card.colour for play in plays for card in play.cards} == {Colour.WHITE}
    refused(game, Play(BERND, cards("V13")), "last-seat-new-colour")
    refused(game, Play(BERND, cards("G7")), "last-seat-new-colour")
    game.apply(Play(BERND, cards("W11")))
    assert game.to_act == Decision(DecisionKind.CHOOSE, COLLETTE)


# -- passes and draws ------------------------------------------------------------------------


def test_a_pass_draws_the_top_cards_of_the_named_piles_in_order(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y6")))
    assert game.apply(Pass(BERND, (2, 1, 2))) == [
        Passed(BERND, (2, 1, 2)),
        CardDrawn(BERND, 2, c("G3"), False),
        CardDrawn(BERND, 1, c("G13"), False),
        CardDrawn(BERND, 2, c("W12"), False),
    ]
    assert texts(game.hand(BERND)[-3:]) == "G3 G13 W12"
    assert len(game.hand(BERND)) == 13
    assert game.pile_sizes() == (30, 29)
    assert game.apply(Pass(COLLETTE, (1, 1))) == [
        Passed(COLLETTE, (1, 1)),
        CardDrawn(COLLETTE, 1, c("V0"), False),
        CardDrawn(COLLETTE, 1, c("Y3"), False),
    ]
    state = game.snapshot()
    assert texts(state.piles[0][:2]) == "B14 B10"
    assert texts(state.piles[1][:2]) == "Y15 Y13"


def test_a_pass_draws_one_to_three_cards_from_pile_1_or_2(table: Deal) -> None:
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y6")))
    refused(
        game,
        Pass(BERND, ()),
        "draw-count",
        "Bernd passes drawing 0 cards; a pass draws 1 to 3 cards",
    )
    refused(
        game,
        Pass(BERND, (1, 1, 2, 2)),
        "draw-count",
        "Bernd passes drawing 4 cards; a pass draws 1 to 3 cards",
    )
    refused(
        game,
        _pass(BERND, (3,), ()),
        "no-such-pile",
        "Bernd draws from pile 3; the piles are 1 and 2",
    )
    refused(game, _pass(BERND, (1, 0), ()), "no-such-pile")
    refused(game, _pass(BERND, ("1",), ()), "no-such-pile")
    refused(
        game,
        Pass(BERND, (1,), seen=(None, None)),
        "draw-count",
        "Bernd's pass notes 2 drawn cards for 1 draws",
    )


@pytest.mark.parametrize("pile", [1.0, True])
def test_a_pile_that_is_not_an_int_is_no_such_pile(table: Deal, pile: object) -> None:
    """Of an action made without the constructor's checks (which refuse it)."""
    game = Game.new(table, names=NAMES)
    game.apply(Play(ADAM, cards("Y6")))
    refused(
        game,
        _pass(BERND, (pile,), ()),
        "no-such-pile",
        f"Bernd draws from pile {pile!r}; the piles are 1 and 2",
    )


def test_short_piles_empty_pile_and_draw_count() -> None:
    # Five hands of 20 leave one card in each pile.
    ruleset = Ruleset(hand_size=20)
    deal = sized_deal(["Y6", "", "", "", ""], ["G13", "G3"], hand_size=20)
    assert [len(pile) for pile in deal.piles] == [1, 1]
    game = Game.new(deal, 0, ruleset, ("A", "B", "C", "D", "E"))
    game.apply(Play(0, cards("Y6")))
    refused(
        game,
        Pass(1, (1, 2, 1)),
        "draw-count",
        "B passes drawing 3 cards; a pass draws 1 to 2 cards",
    )
    refused(
        game,
        Pass(1, (1, 1)),
        "pile-empty",
        "B draws from pile 1, which is empty; the card must come from pile 2",
    )
    assert Pass(1, (1, 2)) in game.legal_actions()
    assert [a for a in game.legal_actions() if isinstance(a, Pass)] == [
        Pass(1, (1,)),
        Pass(1, (2,)),
        Pass(1, (1, 2)),
        Pass(1, (2, 1)),
    ]
    assert game.apply(Pass(1, (1,))) == [
        Passed(1, (1,)),
        CardDrawn(1, 1, c("G13"), False),
        PileEmptied(1),
    ]
    # Pile 1 is empty: only pile 2 may be named.
    refused(
        game,
        Pass(2, (1,)),
        "pile-empty",
        "C draws from pile 1, which is empty; the card must come from pile 2",
    )
    refused(
        game,
        Pass(2, (2, 2)),
        "draw-count",
        "C passes drawing 2 cards; a pass draws exactly 1 card (only 1 is left)",
    )
    refused(
        game,
        Pass(2, ()),
        "draw-count",
        "C passes drawing 0 cards; a pass draws exactly 1 card (only 1 is left)",
    )
    assert [a for a in game.legal_actions() if isinstance(a, Pass)] == [Pass(2, (2,))]
    assert game.apply(Pass(2, (2,))) == [
        Passed(2, (2,)),
        CardDrawn(2, 2, c("G3"), False),
        PileEmptied(2),
    ]
    # Both piles are empty: the only pass draws nothing.
    assert [a for a in game.legal_actions() if isinstance(a, Pass)] == [Pass(3, ())]
    refused(
        game,
        Pass(3, (2,)),
        "draw-count",
        "D passes drawing 1 card; a pass draws no card (both piles are empty)",
    )
    refused(
        game,
        Pass(3, (1, 2, 1, 2)),
        "draw-count",
        "D passes drawing 4 cards; a pass draws no card (both piles are empty)",
    )
    assert game.apply(Pass(3, ())) == [Passed(3, ())]
    assert game.snapshot().played[3] == ()
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, 4)


def test_a_pass_with_both_piles_empty_emits_passed_alone() -> None:
    # Five hands of 20 leave one card in each pile; nobody plays, so the round ends with the
    # last pass, and the game with it (the piles ran out).
    ruleset = Ruleset(hand_size=20, start_player_must_play=False)
    deal = sized_deal(["Y6", "", "", "", ""], ["G13", "G3"], hand_size=20)
    game = Game.new(deal, 0, ruleset, ("A", "B", "C", "D", "E"))
    assert game.apply(Pass(0, (1,))) == [
        Passed(0, (1,)),
        CardDrawn(0, 1, c("G13"), False),
        PileEmptied(1),
    ]
    assert game.apply(Pass(1, (2,))) == [
        Passed(1, (2,)),
        CardDrawn(1, 2, c("G3"), False),
        PileEmptied(2),
    ]
    assert game.pile_sizes() == (0, 0)
    for seat in (2, 3):
        assert [a for a in game.legal_actions() if isinstance(a, Pass)] == [Pass(seat, ())]
        assert game.apply(Pass(seat, ())) == [Passed(seat, ())]
        assert game.snapshot().played[seat] == ()
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, 4)
    assert game.apply(Pass(4, ())) == [
        Passed(4, ()),
        RoundEnded(1, None),
        GameEnded((0, 1, 2, 3, 4), (0, 0, 0, 0, 0)),
    ]
    assert game.is_over
    assert [len(hand) for hand in game.snapshot().hands] == [21, 21, 20, 20, 20]


def test_with_both_piles_empty_the_only_pass_draws_nothing_in_a_full_game() -> None:
    game = Game.new(Deal.from_seed("gargon", 5), names=("A", "B", "C", "D", "E"))
    while game.pile_sizes() != (0, 0):
        game.apply(drain(game))
    # Round 5: E (seat 4) led W15, A drew the last of pile 1, B the last of pile 2.
    assert game.round == 5
    assert game.start_player == 4
    assert game.events[-2:] == [CardDrawn(1, 2, c("W4"), False), PileEmptied(2)]
    assert game.to_act == Decision(DecisionKind.PLAY_OR_PASS, 2)
    passes = [action for action in game.legal_actions() if isinstance(action, Pass)]
    assert passes == [Pass(2, ())]
    refused(game, Pass(2, (1,)), "draw-count")
    refused(game, Pass(2, (2, 2, 2)), "draw-count")
    assert game.apply(Pass(2, ())) == [Passed(2, ())]
    assert [a for a in game.legal_actions() if isinstance(a, Pass)] == [Pass(3, ())]


def test_the_pattern_of_every_play_of_up_to_four_cards_counts_its_colours() -> None:
    """The quick comparison of colours for one to three cards agrees with counting them."""
    from itertools import combinations

    from gargon_notation.cards import DECK

    sample = DECK[::3]
    for size in (1, 2, 3, 4):
        for chosen in combinations(sample, size):
            counted = Counter(card.colour for card in chosen)
            expected = tuple(sorted(counted.values(), reverse=True))
            assert pattern_of(chosen) == pattern_of(list(chosen)) == expected
            assert pattern_of(iter(chosen)) == expected


def test_count_plays_counts_what_plays_from_lists_for_random_hands() -> None:
    """Random hands of 0-14 cards (both 0s of a colour at times, cards of unknown value left
    out), every pattern and random colours allowed."""
    import random

    from gargon_notation.cards import COPIES, UNKNOWN
    from gargon_notation.engine.patterns import PATTERNS, count_plays, plays_from

    deck = [card for card, copies in COPIES.items() for _ in range(copies)]
    hidden = [UNKNOWN, *(HiddenCard(colour) for colour in Colour)]
    rng = random.Random("count")
    for _ in range(1500):
        hand: list[Card | HiddenCard] = [*rng.sample(deck, rng.randint(0, 14))]
        hand += rng.sample(hidden, rng.randint(0, 2))
        pattern = rng.choice([None, *PATTERNS])
        colours = None if rng.random() < 0.5 else set(rng.sample(list(Colour), rng.randint(0, 6)))
        known = [card for card in hand if isinstance(card, Card)]
        assert count_plays(hand, pattern, colours) == len(plays_from(known, pattern, colours))


@pytest.mark.parametrize("given", ["pass", None, (1, 2)])
def test_what_is_not_an_action_is_a_type_error_saying_what_an_action_is(
    table: Deal, given: object
) -> None:
    """It was an AttributeError ('str' object has no attribute 'seat'); the game is
    unchanged."""
    game = Game.new(table, names=NAMES)
    with pytest.raises(TypeError) as refused:
        game.apply(given)  # type: ignore[arg-type]
    assert str(refused.value).startswith(
        "an action is a Play, Pass, Choose or Draw (gargon_notation.engine), not "
    )
    assert game.actions == []
