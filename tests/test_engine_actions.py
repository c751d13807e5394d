"""The actions' constructors check what they are given; the engine's loops make theirs unchecked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import gargon_notation as gg
from gargon_notation.engine.actions import Choose, Draw, Pass, Play

R5 = gg.parse_card("R5")
SEAT_TYPE = "a seat number, a whole number (int) from 0 to 4"
SEAT_RANGE = "is not from 0 to 4 (a table seats 3 to 5 players)"


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: gg.Choose(0, "R"),
            TypeError,
            "Choose.colour: a Colour (gg.Colour.RED, or gg.Colour.from_letter('R')), not str 'R'",
        ),
        (
            lambda: gg.Choose(0, None),
            TypeError,
            "Choose.colour: a Colour (gg.Colour.RED, or gg.Colour.from_letter('R')), not None",
        ),
        (lambda: gg.Play("0", (R5,)), TypeError, f"Play.seat: {SEAT_TYPE}, not str '0'"),
        (lambda: gg.Play(True, (R5,)), TypeError, f"Play.seat: {SEAT_TYPE}, not bool True"),
        (
            lambda: gg.Choose(0.0, gg.Colour.RED),
            TypeError,
            f"Choose.seat: {SEAT_TYPE}, not float 0.0",
        ),
        (lambda: gg.Play(7, (R5,)), gg.ArgumentError, f"Play.seat: 7 {SEAT_RANGE}"),
        (lambda: gg.Pass(-1, (1,)), gg.ArgumentError, f"Pass.seat: -1 {SEAT_RANGE}"),
        (lambda: gg.Draw(5, 1), gg.ArgumentError, f"Draw.seat: 5 {SEAT_RANGE}"),
        (
            lambda: gg.Play(0, R5),
            TypeError,
            "Play.cards: a tuple of Card values, such as "
            "(gg.parse_card('R5'),), not Card Card.parse('R5')",
        ),
        (
            lambda: gg.Play(0, ("R5",)),
            TypeError,
            "a Play's cards are Card values (gg.parse_card('R5') makes one), not str 'R5'",
        ),
        (
            lambda: gg.Play(0, "R5 R6"),
            TypeError,
            "a Play's cards are Card values (gg.parse_card('R5 R6') makes one), not str 'R5 R6'",
        ),
        (
            lambda: gg.Play(0, (R5, 5)),
            TypeError,
            "a Play's cards are Card values (gg.parse_card('R14') makes one), not int 5",
        ),
        (
            lambda: gg.Pass(0, 1),
            TypeError,
            "Pass.piles: a tuple of pile numbers, 1 or 2, one a "
            "card drawn, such as (1, 2), not int 1",
        ),
        (
            lambda: gg.Pass(0, "12"),
            TypeError,
            "Pass.piles: a tuple of pile numbers, 1 or 2, one "
            "a card drawn, such as (1, 2), not str '12'",
        ),
        (
            lambda: gg.Pass(0, ("1",)),
            TypeError,
            "Pass.piles: a pile number, 1 or 2 (int), not str '1'",
        ),
        (
            lambda: gg.Pass(0, (1, 3)),
            gg.ArgumentError,
            "Pass.piles: pile 3 is not 1 or 2 (the piles are 1 and 2)",
        ),
        (
            lambda: gg.Pass(0, (1,), "R5"),
            TypeError,
            "Pass.seen: a tuple of the cards noted as "
            "drawn, one a draw (a Card, a HiddenCard or None), or () for none noted, not str 'R5'",
        ),
        (
            lambda: gg.Pass(0, (1,), ("R5",)),
            TypeError,
            "a card noted as seen (Pass.seen, "
            "Draw.seen) is a Card or a HiddenCard (gg.parse_card('R5'), "
            "gg.HiddenCard.parse('R?')), not str 'R5'",
        ),
        (
            lambda: gg.Draw(0, 3),
            gg.ArgumentError,
            "Draw.pile: pile 3 is not 1 or 2 (the piles are 1 and 2)",
        ),
        (
            lambda: gg.Draw(0, "1"),
            TypeError,
            "Draw.pile: a pile number, 1 or 2 (int), or None for a draw forgotten, not str '1'",
        ),
        (
            lambda: gg.Draw(0, 1, "R5"),
            TypeError,
            "a card noted as seen (Pass.seen, Draw.seen) "
            "is a Card or a HiddenCard (gg.parse_card('R5'), gg.HiddenCard.parse('R?')), not str "
            "'R5'",
        ),
    ],
)
def test_an_action_is_checked_when_it_is_made(
    make: Callable[[], object], error: type[Exception], message: str
) -> None:
    """Each was made, and refused by a game with a rule's code as if the move were illegal
    (Choose(0, 'R'): wrong-decision or colour-not-in-front; Play('0', ...): no-such-seat),
    or not at all (Pass(0, 1) before the pass was checked)."""
    with pytest.raises(error) as refused:
        make()
    assert type(refused.value) is error
    assert str(refused.value) == message


def test_what_the_rules_decide_is_left_to_them() -> None:
    """A list is taken for a tuple; a seat not at this table, a hidden card and a play or a
    pass of the wrong size are the rules' to refuse, by their codes, when the game checks."""
    game = gg.Game.new(gg.Deal.from_seed("x", players=3))
    assert gg.Play(0, [R5]) == gg.Play(0, (R5,)) and gg.Pass(0, [1, 2]).piles == (1, 2)
    assert gg.Pass(0, [1], [None]).seen == (None,)
    for action, code in [
        (gg.Play(4, (R5,)), "no-such-seat"),
        (gg.Play(0, (gg.HiddenCard.parse("R?"),)), "card-unknown"),  # type: ignore[arg-type]
        (gg.Play(0, ()), "play-size"),
        (gg.Choose(0, gg.Colour.RED), "wrong-decision"),
    ]:
        violation = game.check(action)
        assert violation is not None and violation.code == code


def _counting(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the checked constructions of each kind of action from now on."""
    made: Counter[str] = Counter()
    for cls in (Play, Pass, Choose, Draw):
        init = cls.__init__

        def counted(
            self: object, *args: object, _init: Callable[..., None] = init, **kwargs: object
        ) -> None:
            made[type(self).__name__] += 1
            _init(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counted)
    return made


def _decisions(game: gg.Game) -> Iterator[gg.SeatView]:
    while (decision := game.to_act) is not None:
        yield game.view(decision.seat)


@pytest.mark.slow
def test_the_engines_loops_make_their_actions_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks cost nothing where the engine makes actions (counted, not timed): the
    replay walk of a whole game, the legal actions and action_of make none; a simulated
    game of random bots makes none; a greedy bot, which makes its own, one a decision."""
    record = next(gg.load(Path("examples/full-game.ggn"), strict=True))
    made = _counting(monkeypatch)
    assert gg.replay(record).valid
    every = [gg.action_of(number, 2) for number in range(gg.ACTION_SPACE)]
    assert {type(action) for action in every} == {Play, Pass, Choose, Draw}
    random = gg.simulate(4, "count", "random")
    assert sum(made.values()) == 0
    game = gg.Game.new(gg.Deal.from_seed("count", players=4))
    legal = 0
    for view in _decisions(game):
        legal += len(view.legal_actions)
        game.apply(view.legal_actions[0])
    assert legal > 1000 and sum(made.values()) == 0
    greedy = gg.simulate(4, "count", "greedy")
    assert 0 < sum(made.values()) <= len(greedy.game.actions)
    assert len(random.game.actions) > 100


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda: gg.Place("hand", 2, 0),
            TypeError,
            "Place.kind: a PlaceKind (gg.PlaceKind.HAND, PILE, FRONT or WON), not str 'hand'",
        ),
        (
            lambda: gg.Place(gg.PlaceKind.HAND, "2", 0),
            TypeError,
            "Place.owner: a whole number (int), not str '2'",
        ),
        (
            lambda: gg.Place(gg.PlaceKind.PILE, 1, -1),
            gg.ArgumentError,
            "Place.index: -1 is not from 0 on",
        ),
        (
            lambda: gg.Tag("Event", "Club"),
            TypeError,
            "Tag.values: a tuple of texts, one a value, such as ('Club',), not str 'Club'",
        ),
        (
            lambda: gg.Tag(1, ("x",)),
            TypeError,
            "Tag.name: a text (str), such as 'Event', not int 1",
        ),
        (lambda: gg.Tag("Round", (3,)), TypeError, "Tag.values: each a text (str), not int 3"),
        (
            lambda: gg.HiddenCard("R"),
            TypeError,
            "HiddenCard.colour: a Colour or None (HiddenCard.parse('R?') reads one), not 'R'",
        ),
        (
            lambda: gg.Card(gg.Colour.RED, "5"),
            TypeError,
            "a card's value is a whole number (int) from 0 to 15, not '5'",
        ),
        (
            lambda: gg.RandomBot("match.1/0"),
            TypeError,
            "RandomBot: rng is a gg.Rng, such as gg.Rng('match.1/0'), not str 'match.1/0'",
        ),
        (
            lambda: gg.GreedyBot(None),
            TypeError,
            "GreedyBot: rng is a gg.Rng, such as gg.Rng('match.1/0'), not None",
        ),
    ],
)
def test_the_other_public_constructors_say_what_they_take(
    make: Callable[[], object], error: type[Exception], message: str
) -> None:
    """Tag('Event', 'Club') was a tag of four values ('C', 'l', 'u', 'b'); Place('hand', 2, 0),
    HiddenCard('R') (its str then an AttributeError) and a bot with a text for its Rng were
    made, and failed later or never; Card(RED, '5') was a ValueError."""
    with pytest.raises(error) as refused:
        make()
    assert type(refused.value) is error
    assert str(refused.value) == message
