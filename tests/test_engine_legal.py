"""The legal actions (gargon_notation.engine.legal): listed, counted without listing them,
and tallied before each action of a game."""

from __future__ import annotations

import pytest

from gargon_notation.cards import Card
from gargon_notation.engine import (
    Deal,
    DecisionKind,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
)
from gargon_notation.rules import Ruleset


@pytest.mark.parametrize(
    "ruleset",
    [Ruleset(), Ruleset(start_player_must_play=False)],
    ids=["standard", "start-may-pass"],
)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_legal_action_count_is_the_length_of_the_list(players: int, ruleset: Ruleset) -> None:
    """``legal_action_count`` counts what ``legal_actions`` lists, without listing it, at
    every decision of random games (the Parquet tables' ``legal_count``)."""
    from gargon_notation.bots import RandomBot
    from gargon_notation.engine import Rng

    for k in range(3):
        game = Game.new(Deal.from_seed(f"count-{k}", players), ruleset=ruleset)
        bot = RandomBot(Rng(f"count-{k}"))
        while game.to_act is not None:
            assert game.legal_action_count() == len(game.legal_actions())
            game.apply(bot.choose(game))
        assert game.legal_action_count() == len(game.legal_actions()) == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_tally_keeps_the_legal_action_count_before_each_action(players: int) -> None:
    """``tally_legal_actions`` keeps what ``legal_action_count`` says before each action
    pushed (a refused action adds nothing); a copy of the game does not add to it."""
    from gargon_notation.bots import RandomBot
    from gargon_notation.engine import Rng

    game = Game.new(Deal.from_seed(f"tally-{players}", players))
    tally = game.tally_legal_actions()
    bot = RandomBot(Rng(f"tally-{players}"))
    counts = []
    while game.to_act is not None:
        counts.append(game.legal_action_count())
        assert counts[-1] == len(game.legal_actions())
        with pytest.raises(IllegalAction):
            game.push(
                Draw(game.to_act.seat, None)
                if game.to_act.kind is not DecisionKind.DRAW
                else Pass(game.to_act.seat, (1, 1, 1, 1))
            )
        game.copy().push(game.legal_actions()[0])
        game.push(bot.choose(game))
    assert tally.counts == counts and tally.inexact == []
    assert len(counts) == len(game.actions)


def test_a_tally_marks_the_counts_of_hands_with_cards_of_unknown_value() -> None:
    """A hand holding cards of unknown value may have more plays than are counted: the
    tally says which counts those are (only play-or-pass decisions)."""
    game = Game.new(Deal.hidden(4), names=("A", "B", "C", "D"))
    tally = game.tally_legal_actions()
    game.push(Play(0, (Card.parse("R3"),)))
    game.push(Pass(1, (1,)))
    assert tally.counts == [0, 14] and tally.inexact == [0, 1]
    known = Game.new(Deal.from_seed("known", 4))
    assert known.tally_legal_actions().inexact == []
