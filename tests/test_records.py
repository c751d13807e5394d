"""Records from engine games (gargon_notation.records): they replay to the same game."""

from __future__ import annotations

import pytest
from conftest import HEAVY, drain

from gargon_notation.bots import simulate
from gargon_notation.cards import Colour
from gargon_notation.engine import BattleResolved, Choose, Deal, Game, IllegalAction, Pass, Play
from gargon_notation.notation import Battle, Pile, Tag, parse_game, write_game
from gargon_notation.notation import Deal as DealLine
from gargon_notation.records import record_from_actions, record_from_simulation
from gargon_notation.replay import replay
from gargon_notation.rules import Ruleset

GAMES = [(3, "r-3", "random"), (4, "r-4", "greedy"), (5, "r-5", "random"), (4, "z5", "random")]


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES)
def test_a_simulated_game_replays_to_the_same_game(players: int, seed: str, bot: str) -> None:
    simulated = simulate(players, seed, bot)  # type: ignore[arg-type]
    record = record_from_simulation(simulated)
    result = replay(parse_game(write_game(record)))
    assert result.valid and result.finished
    assert result.unchecked == []
    assert [step.action for step in result.steps] == simulated.game.actions
    assert result.game is not None
    assert result.game.score() == simulated.game.score()
    totals = simulated.game.score().totals
    assert record.termination.finished
    assert [(s.player, s.points) for s in record.termination.scores] == list(
        zip(simulated.names, totals, strict=True)
    )


def test_record_from_simulation_writes_the_seed_and_the_tags_in_order() -> None:
    simulated = simulate(3, "demo")
    record = record_from_simulation(simulated, event="Club", bot="random")
    assert record.tags == (
        Tag("Notation", ("1",)),
        Tag("Event", ("Club",)),
        Tag("Bot", ("random",)),
        Tag("Players", ("Adam", "Bernd", "Collette")),
        Tag("Start", ("Adam",)),
        Tag("Seed", ("demo",)),
        Tag("Shuffle", ("sha256-fy-1",)),
    )
    assert record.setup == ()


def test_write_deal_writes_every_hand_and_both_piles_in_full() -> None:
    simulated = simulate(4, "demo")
    record = record_from_simulation(simulated, write_deal=True)
    deal = simulated.deal
    assert record.setup == (
        DealLine("Adam", deal.hands[0]),
        DealLine("Bernd", deal.hands[1]),
        DealLine("Collette", deal.hands[2]),
        DealLine("Dagmar", deal.hands[3]),
        Pile(1, deal.piles[0]),
        Pile(2, deal.piles[1]),
    )
    result = replay(parse_game(write_game(record)))
    assert result.valid and result.finished and result.unchecked == []


def test_a_written_deal_without_a_seed_replays_with_everything_checked() -> None:
    simulated = simulate(4, "demo", "greedy")
    record = record_from_actions(simulated.deal, simulated.names, simulated.game.actions)
    assert record.tag("Seed") is None
    result = replay(record)
    assert result.valid and result.finished
    assert result.unchecked == []
    assert result.deal == simulated.deal


def test_without_deal_or_seed_the_record_replays_with_the_deal_unknown() -> None:
    simulated = simulate(4, "demo", "greedy")
    record = record_from_actions(
        simulated.deal, simulated.names, simulated.game.actions, write_deal=False
    )
    result = replay(record)
    assert result.valid and result.finished
    assert result.unchecked == [
        "the deal is not known: cards are checked by count only until revealed"
    ]
    assert result.game is not None
    assert result.game.score().totals == simulated.game.score().totals


@pytest.mark.parametrize(("players", "seed", "bot"), [*GAMES, (5, "z16", "random")])
def test_winners_are_written_as_the_engine_derives_them(players: int, seed: str, bot: str) -> None:
    simulated = simulate(players, seed, bot)  # type: ignore[arg-type]
    record = record_from_actions(
        simulated.deal,
        simulated.names,
        simulated.game.actions,
        seed=seed,
        write_deal=False,
        winners=True,
    )
    written = [
        (battle.colour, winner)
        for game_round in record.rounds
        for battle in game_round.battles
        for winner in battle.winners or ()
    ]
    derived = [
        (event.colour, None if event.winner is None else simulated.names[event.winner])
        for event in simulated.game.events
        if isinstance(event, BattleResolved)
    ]
    assert written == derived
    assert all(battle.winners for r in record.rounds for battle in r.battles)
    result = replay(parse_game(write_game(record)))
    assert result.valid and result.finished


def test_two_cancelling_zeros_are_written_as_nobody() -> None:
    simulated = simulate(5, "z16", "random")
    record = record_from_actions(
        simulated.deal, simulated.names, simulated.game.actions, seed="z16", winners=True
    )
    assert record.rounds[0].battles[0] == Battle(Colour.WHITE, winners=(None,))
    assert "    fights W > -, G > Emil (Adam 1, Bernd 1)," in write_game(record)


def test_an_unfinished_game_ends_with_a_star_and_replays_to_the_same_table() -> None:
    simulated = simulate(4, "demo", "greedy")
    actions = simulated.game.actions[:23]
    record = record_from_actions(simulated.deal, simulated.names, actions, seed="demo")
    assert not record.termination.finished and record.termination.scores == ()
    result = replay(parse_game(write_game(record)))
    assert result.valid and not result.finished
    game = Game.new(simulated.deal, 0, None, simulated.names)
    for action in actions:
        game.apply(action)
    assert result.state_after(len(result.steps)) == game.snapshot()


def test_another_start_player_is_written_in_the_start_tag() -> None:
    deal = Deal.from_seed("start", 4)
    names = ("Ann", "Bob", "Cy", "Di")
    game = Game.new(deal, 2, None, names)
    while game.to_act is not None:
        game.apply(drain(game))
    record = record_from_actions(deal, names, game.actions, start=2, winners=True)
    assert record.tag("Start") == Tag("Start", ("Cy",))
    assert record.rounds[0].actions[0].player == "Cy"
    result = replay(parse_game(write_game(record)))
    assert result.valid and result.finished
    assert result.game is not None and result.game.score() == game.score()


def test_names_that_need_quotes_survive_the_text() -> None:
    names = ("Anna Lena", "R9", "end")
    simulated = simulate(3, "quoted", "greedy", names=names)
    text = write_game(record_from_simulation(simulated))
    assert '[Players "Anna Lena" "R9" "end"]' in text
    assert '\n1. "Anna Lena" ' in text
    result = replay(parse_game(text))
    assert result.valid and result.finished
    assert result.game is not None and result.game.names == names


def test_an_illegal_action_is_refused() -> None:
    deal = Deal.from_seed("demo", 3)
    with pytest.raises(IllegalAction) as caught:
        record_from_actions(deal, ("Ann", "Bob", "Cy"), [Pass(0, (1,))])
    assert caught.value.code == "start-must-play"
    first = deal.hands[0][0]
    with pytest.raises(IllegalAction) as caught:
        record_from_actions(
            deal, ("Ann", "Bob", "Cy"), [Play(0, (first,)), Choose(1, first.colour)]
        )
    assert caught.value.code == "wrong-decision"


@pytest.mark.parametrize(
    "ruleset",
    [Ruleset(start_player_must_play=False), Ruleset.english(), Ruleset(zero_pair_multiplier=7)],
    ids=["start-may-pass", "english", "zero-pair-7"],
)
def test_a_game_under_another_ruleset_replays_valid(ruleset: Ruleset) -> None:
    """Four games under each ruleset; twelve with ``GARGON_FUZZ=heavy``."""
    invalid = []
    for k in range(12 if HEAVY else 4):
        simulated = simulate(4, f"r{k}", "random", ruleset=ruleset)
        result = replay(parse_game(write_game(record_from_simulation(simulated))))
        if not result.valid:
            invalid.append(f"r{k}: {result.problems[0]}")
    assert invalid == []
