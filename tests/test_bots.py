"""Bots and the simulator."""

from __future__ import annotations

import pytest
from conftest import HEAVY, cards, deal_with

from gargon_notation.bots import BOTS, DEFAULT_NAMES, AmuletBot, GreedyBot, RandomBot, simulate
from gargon_notation.cards import Colour
from gargon_notation.engine import (
    Action,
    Choose,
    Deal,
    DecisionKind,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
    Rng,
    SeatView,
)
from gargon_notation.errors import ArgumentError
from gargon_notation.rules import STANDARD, Ruleset


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_always_choose_legal_actions(bot: type[RandomBot | GreedyBot], players: int) -> None:
    """Five games of each size; fifteen with ``GARGON_FUZZ=heavy``."""
    for k in range(15 if HEAVY else 5):
        game = Game.new(Deal.from_seed(f"bots-{k}", players))
        seats = [bot(Rng(f"bots-{k}/{seat}")) for seat in range(players)]
        steps = 0
        while game.to_act is not None:
            action = seats[game.to_act.seat].choose(game)
            assert action.seat == game.to_act.seat
            assert game.check(action) is None
            assert action in game.legal_actions()
            game.apply(action)
            steps += 1
        assert steps == len(game.actions)


def test_random_bot_picks_uniformly_by_the_rng() -> None:
    game = Game.new(Deal.from_seed("gargon", 4))
    legal = game.legal_actions()
    expected = legal[Rng("pick").below(len(legal))]
    assert RandomBot(Rng("pick")).choose(game) == expected


def test_greedy_bot_leads_its_highest_total(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal)
    # W10 + Y6 + R9 = 25 beats every other play of Adam's hand.
    assert GreedyBot(Rng("a")).choose(game) == Play(0, cards("W10 Y6 R9"))
    # Now and then it varies its play, so that simulated games differ.
    varied = GreedyBot(Rng("b")).choose(game)
    assert varied == Play(0, cards("W2 W0"))
    assert game.check(varied) is None


def test_greedy_bot_passes_a_weak_hand_drawing_three_from_the_larger_pile() -> None:
    deal = deal_with(
        [
            "Y2 Y6 R9 Y5 R5 R4 Y4 R3 Y3 R2",
            "V1 V2 V3 G1 G2 G3 W1 W2 W3 B1",
            "B2 B3 B4 V4 V5 V6 G4 G5 G6 W4",
            "",
        ],
        ["G13", "G14"],
    )
    game = Game.new(deal)
    game.apply(Play(0, cards("Y2 Y6 R9")))
    # Bernd's best 2:1 has a card below 8: he passes, drawing from the larger pile each time.
    assert GreedyBot(Rng("a")).choose(game) == Pass(1, (1, 2, 1))
    game.apply(Pass(1, (1, 1)))
    assert game.pile_sizes() == (29, 31)
    assert GreedyBot(Rng("a")).choose(game) == Pass(2, (2, 2, 1))


def test_greedy_bot_fights_with_its_highest_card_and_draws_from_the_larger_pile(
    rulebook_deal: Deal,
) -> None:
    game = Game.new(rulebook_deal)
    game.apply(Play(0, cards("Y2 Y6 R9")))
    game.apply(Pass(1, (1, 1, 2)))
    game.apply(Play(2, cards("B8 B2 R8")))
    game.apply(Play(3, cards("R14 R0 B12")))
    bot = GreedyBot(Rng("a"))
    assert bot.choose(game) == Choose(0, Colour.RED)
    game.apply(Choose(0, Colour.RED))
    assert game.pile_sizes() == (29, 30)
    assert bot.choose(game) == Draw(0, 2)
    game.apply(Draw(0, 2))
    assert game.pile_sizes() == (29, 29)
    assert GreedyBot(Rng("a")).choose(game) == Draw(2, 1)


def test_simulate_is_deterministic_and_seed_sensitive() -> None:
    for bot in ("random", "greedy"):
        first = simulate(4, "demo", bot)
        again = simulate(4, "demo", bot)
        other = simulate(4, "demo2", bot)
        assert first.game.actions == again.game.actions
        assert first.game.events == again.game.events
        assert first == again
        assert first.game.actions != other.game.actions
        assert first.deal != other.deal
    assert simulate(4, "demo", "random").game.actions != simulate(4, "demo", "greedy").game.actions


def test_simulated_game_record() -> None:
    result = simulate(5, "record", "greedy")
    assert result.seed == "record"
    assert result.start == 0
    assert result.names == DEFAULT_NAMES == ("Adam", "Bernd", "Collette", "Dagmar", "Emil")
    assert result.deal == Deal.from_seed("record", 5)
    assert result.game.is_over
    assert result.game.names == result.names
    three = simulate(3, "record", "random", names=("Ann", "Bob", "Cy"))
    assert three.names == ("Ann", "Bob", "Cy")
    assert simulate(3, "record", "random").names == ("Adam", "Bernd", "Collette")


def test_simulate_passes_the_ruleset_on() -> None:
    ruleset = Ruleset(won_cards_face_up=True)
    result = simulate(4, "rules", "random", ruleset=ruleset)
    assert result.game.ruleset is ruleset
    assert result.game.is_over


def test_simulate_rejects_an_unknown_bot() -> None:
    assert set(BOTS) == {"random", "greedy", "amulet"}
    with pytest.raises(ValueError, match=r"unknown bot 'clever' \(known: random, greedy, amulet\)"):
        simulate(4, "x", "clever")  # type: ignore[arg-type]


def test_simulate_gives_up_after_max_actions() -> None:
    """An ArgumentError (it was a RuntimeError): max_actions was given too small."""
    with pytest.raises(ArgumentError) as refused:
        simulate(4, "x", max_actions=5)
    assert str(refused.value) == (
        "max_actions: the game from seed 'x' did not end after 5 actions (a game takes a few "
        "hundred; the default is 100000)"
    )
    with pytest.raises(ArgumentError, match=r"^max_actions: 0 is not from 1 on$"):
        simulate(4, "x", max_actions=0)


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_bots_refuse_a_hand_whose_cards_are_hidden(bot: type[RandomBot | GreedyBot]) -> None:
    game = Game.new(Deal.hidden(4))
    # The start player must play, but none of his cards is known: no legal action is known.
    assert game.legal_actions() == []
    message = "no legal action is known for this seat: bots need a hand whose cards are known"
    with pytest.raises(ValueError) as info:
        bot(Rng("hidden")).choose(game)
    assert str(info.value) == message
    assert game.actions == []


class _Counting:
    """Plays the first legal action, counting its decisions."""

    def __init__(self) -> None:
        self.decisions = 0

    def choose(self, view: object) -> object:
        self.decisions += 1
        return view.legal_actions[0]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            ["A", "A", "B"],
            "names: player names must be different and not empty: 'A' is given twice",
        ),
        (["", "B", "C"], "names: player names must be different and not empty: a name is empty"),
        (["A", "B"], "names: 2 names for 3 seats"),
    ],
)
def test_simulate_refuses_names_a_record_cannot_hold_before_playing(
    names: list[str], message: str
) -> None:
    """As gg.Recording.new does: ('A', 'A', 'B') played a game whose record was invalid,
    ('', 'B', 'C') failed in record_from_simulation with a bare ValueError."""
    bots = [_Counting() for _ in range(3)]
    with pytest.raises(ArgumentError) as refused:
        simulate(3, "x", names=names, bots=bots)  # type: ignore[arg-type]
    assert str(refused.value) == message
    assert sum(bot.decisions for bot in bots) == 0


class _Says:
    """A bot that answers with a word, not an action."""

    def choose(self, view: object) -> object:
        return "pass"


def test_a_bot_that_chooses_what_is_not_an_action_is_named_with_its_seat() -> None:
    """It was an AttributeError ('str' object has no attribute 'seat'); then it named the
    bot and its seat but not the moment, which docs/api.md promises (found by a bot
    author's trial)."""
    with pytest.raises(TypeError) as refused:
        simulate(3, "x", bots=[_Says(), _Says(), _Says()])  # type: ignore[list-item]
    assert str(refused.value) == (
        "the bot of seat 0 (Adam), a _Says, in round 1, at decision 1, chose str 'pass', "
        "which is not an action: choose() returns one of view.legal_actions (a Play, Pass, "
        "Choose or Draw)"
    )
    with pytest.raises(TypeError) as later:
        simulate(3, "x", bots=[_Faulty("none"), RandomBot(Rng("1")), RandomBot(Rng("2"))])
    assert str(later.value) == (
        "the bot of seat 0 (Adam), a _Faulty, in round 2, at decision 8, chose None, which "
        "is not an action: choose() returns one of view.legal_actions (a Play, Pass, Choose "
        "or Draw)"
    )


class _Forger:
    """A bot that makes its play without the constructor, which checks it."""

    def choose(self, view: SeatView) -> Action:
        play = object.__new__(Play)
        object.__setattr__(play, "seat", view.seat)
        return play


def test_an_action_made_without_its_constructor_is_refused_naming_the_bot() -> None:
    """A Play made with object.__new__, its cards never set, gave a bare AttributeError
    that named no bot (found by a bot author's trial trying to cheat)."""
    with pytest.raises(TypeError) as refused:
        simulate(3, "x", bots=[_Forger(), RandomBot(Rng("1")), RandomBot(Rng("2"))])
    assert str(refused.value) == (
        "the bot of seat 0 (Adam), a _Forger, in round 1, at decision 1, chose a Play made "
        "without its constructor: 'Play' object has no attribute 'cards'"
    )


class _Faulty:
    """A bot that plays its first legal action twice, then does ``fault``."""

    def __init__(self, fault: str) -> None:
        self.fault, self.decisions = fault, 0

    def choose(self, view: SeatView) -> Action:
        self.decisions += 1
        if self.decisions < 3:
            return view.legal_actions[0]
        if self.fault == "text":
            return Play(view.seat, ("R5",))  # type: ignore[arg-type]
        if self.fault == "illegal":
            return Play(view.seat, cards("G15 G14 G13"))
        if self.fault == "none":
            return None  # type: ignore[return-value]
        if self.fault == "hangs":
            raise KeyboardInterrupt  # as Ctrl-C interrupts a bot that never answers
        raise KeyError(self.fault)


def test_a_bots_fault_names_the_bot_its_seat_and_the_moment() -> None:
    """A card given as text was told 'must be named in full (such as R14)' with no word of
    the bot; an illegal action and an exception inside choose() did not say which bot, nor
    when: now each carries it as a note (a card as text is refused where the bot makes the
    Play, inside its choose())."""
    with pytest.raises(TypeError) as error:
        simulate(3, "x", bots=[_Faulty("text"), RandomBot(Rng("1")), RandomBot(Rng("2"))])
    assert str(error.value) == (
        "a Play's cards are Card values (gg.parse_card('R5') makes one), not str 'R5'"
    )
    assert error.value.__notes__ == [
        "raised by the bot of seat 0 (Adam), a _Faulty, in round 2, at decision 8"
    ]
    with pytest.raises(IllegalAction) as illegal:
        simulate(3, "x", bots=[_Faulty("illegal"), RandomBot(Rng("1")), RandomBot(Rng("2"))])
    assert illegal.value.code == "three-of-a-colour"
    assert illegal.value.__notes__ == [
        "chosen by the bot of seat 0 (Adam), a _Faulty, in round 2, at decision 8, which had "
        "25 legal actions (view.legal_actions)"
    ]
    with pytest.raises(KeyError) as raised:
        simulate(3, "x", bots=[_Faulty("broken"), RandomBot(Rng("1")), RandomBot(Rng("2"))])
    assert raised.value.__notes__ == [
        "raised by the bot of seat 0 (Adam), a _Faulty, in round 2, at decision 8"
    ]


def test_ctrl_c_while_a_bot_chooses_names_the_bot() -> None:
    """No time limit is set on a decision, so a bot that never answers is ended with
    Ctrl-C, whose traceback did not say which bot hung (found by a bot author's trial)."""
    with pytest.raises(KeyboardInterrupt) as interrupted:
        simulate(3, "x", bots=[_Faulty("hangs"), RandomBot(Rng("1")), RandomBot(Rng("2"))])
    assert interrupted.value.__notes__ == [
        "interrupted while the bot of seat 0 (Adam), a _Faulty, in round 2, at decision 8, "
        "was choosing"
    ]


def test_a_bot_without_choose_is_refused_before_playing() -> None:
    """It was an AttributeError at its first decision."""
    bots = [_Counting(), _Counting(), object()]
    with pytest.raises(TypeError) as refused:
        simulate(3, "x", bots=bots)  # type: ignore[list-item]
    assert str(refused.value).startswith("bots: the bot of seat 2, object <object object at ")
    assert str(refused.value).endswith(
        ">, has no choose(view) method (a bot is any object with choose(self, view: "
        "gg.SeatView) -> gg.Action)"
    )
    assert sum(bot.decisions for bot in bots[:2]) == 0  # type: ignore[attr-defined]


def test_simulate_refuses_its_arguments_before_playing() -> None:
    bots = [_Counting() for _ in range(3)]
    with pytest.raises(ArgumentError) as refused:
        simulate(3, "x", bot="greedy", bots=bots)  # type: ignore[arg-type]
    assert str(refused.value) == (
        "bot='greedy' and bots=[...] both given: give bot (a name, each seat played by such a "
        "bot) or bots (one bot a seat), not both"
    )
    with pytest.raises(TypeError, match=r"^seed: a text \(str\), such as '42', not int 42$"):
        simulate(3, 42, bots=bots)  # type: ignore[arg-type]
    with pytest.raises(
        ArgumentError, match=r"^players: Gargon is played by 3 to 5 players, not 11$"
    ):
        simulate(11, "x")
    assert sum(bot.decisions for bot in bots) == 0
    assert simulate(3, "x").game.actions == simulate(3, "x", "random").game.actions


def test_the_amulet_bot_plays_the_play_with_the_most_amulets() -> None:
    """At every decision to play or pass of simulated games, the amulet bot's play carries
    the most amulets of the legal plays (a 0 counted as 4), the most cards among those, and
    it passes only where no play carries 5, or it plays where it may not pass."""
    seen = {"play": 0, "pass": 0}
    for players in (3, 4, 5):
        bot = AmuletBot(Rng(f"a/{players}"))
        game = Game.new(Deal.from_seed(f"amulets {players}", players=players))
        while (decision := game.to_act) is not None:
            view = game.view(decision.seat)
            action = bot.choose(view)
            assert action in view.legal_actions
            if decision.kind is DecisionKind.PLAY_OR_PASS:
                plays = [a for a in view.legal_actions if isinstance(a, Play)]
                passes = [a for a in view.legal_actions if isinstance(a, Pass)]
                worth = [
                    (sum(STANDARD.amulets_on(c.value) if c.value else 4 for c in p.cards),
                     len(p.cards))
                    for p in plays
                ]  # fmt: skip
                best = max(worth, default=(0, 0))
                if isinstance(action, Play):
                    seen["play"] += 1
                    assert worth[plays.index(action)] == best
                    assert best[0] >= 5 or not passes
                else:
                    seen["pass"] += 1
                    assert best[0] < 5
            game.push(action)
    assert seen["play"] > 50 and seen["pass"] > 10


@pytest.mark.slow
def test_the_amulet_bot_beats_random_play() -> None:
    """Its docstring's claim, on fewer games: against two random bots, its seat rotated, it
    wins far more than the third that chance gives (75% of 300 games)."""
    won = 0.0
    for k in range(60):
        seat = k % 3
        bots = [(AmuletBot if s == seat else RandomBot)(Rng(f"w{k}/{s}")) for s in range(3)]
        winners = simulate(3, f"strength {k}", bots=bots).game.score().winners
        won += (seat in winners) / len(winners)
    assert won / 60 > 0.6
