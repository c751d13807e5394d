"""The one walk (gargon_notation.replay.walker) and its visitors: the order of the hooks, one
walk per verb, problems reported to visitors, and snapshots without replaying from the start."""

from __future__ import annotations

from pathlib import Path

import pytest

from gargon_notation.annotate import annotate_replayed
from gargon_notation.bots import simulate
from gargon_notation.engine import Game
from gargon_notation.notation import model, parse_game, read_games
from gargon_notation.records import record_from_simulation
from gargon_notation.replay import Outcome, Problem, ReplayError, Step, Visitor, replay, walk
from gargon_notation.replay import walker as walk_module

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
RULES = Path(__file__).parent / "data" / "invalid" / "rules"


class Log(Visitor):
    """Writes down every hook, in order."""

    wants_events = True

    def __init__(self) -> None:
        self.seen: list[str] = []

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.seen.append(f"begin {','.join(outcome.header.players if outcome.header else ())}")

    def begin_round(self, number: int, written: model.Round, game: Game) -> None:
        self.seen.append(f"round {number}")

    def visit_step(self, step: Step, game: Game) -> None:
        self.seen.append(f"step {step.number} {type(step.action).__name__} {len(step.events)}")

    def end_round(self, number: int, game: Game) -> None:
        self.seen.append(f"end round {number}")

    def visit_problem(self, problem: Problem) -> None:
        self.seen.append(f"problem {problem.code}")

    def end_game(self, outcome: Outcome) -> None:
        self.seen.append(f"end {outcome.valid}")


def rulebook() -> model.GameRecord:
    return parse_game((ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8"))


def test_hooks_come_in_order() -> None:
    log = Log()
    outcome = walk(rulebook(), [log])
    assert outcome.valid
    assert log.seen[:3] == ["begin Adam,Bernd,Collette,Dagmar", "round 1", "step 1 Play 1"]
    assert log.seen[-2:] == ["end round 1", "end True"]
    assert [entry.split()[1] for entry in log.seen if entry.startswith("step")] == [
        str(k) for k in range(1, 11)
    ]


def test_visitors_hear_each_problem_as_it_is_found() -> None:
    text = (RULES / "not-your-turn.ggn").read_text(encoding="utf-8")
    log = Log()
    outcome = walk(parse_game(text), [log])
    assert [p.code for p in outcome.problems] == [
        entry.split()[1] for entry in log.seen if entry.startswith("problem")
    ]
    assert log.seen[-1] == "end False"


def test_a_strict_walk_raises_at_the_first_problem() -> None:
    text = (RULES / "not-your-turn.ggn").read_text(encoding="utf-8")
    with pytest.raises(ReplayError) as raised:
        walk(parse_game(text), strict=True)
    assert raised.value.problem.code == "not-your-turn"


def test_events_are_built_only_when_a_visitor_wants_them() -> None:
    class Quiet(Visitor):
        def __init__(self) -> None:
            self.events = 0

        def visit_step(self, step: Step, game: Game) -> None:
            self.events += len(step.events)

    quiet = Quiet()
    walk(rulebook(), [quiet])
    assert quiet.events == 0
    loud = Log()
    walk(rulebook(), [loud])
    assert sum(int(e.split()[-1]) for e in loud.seen if e.startswith("step")) > 10


def test_annotate_walks_each_record_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = walk_module._Walk.run

    def counted(self: walk_module._Walk) -> Outcome:
        calls.append(1)
        return original(self)

    monkeypatch.setattr(walk_module._Walk, "run", counted)
    record = record_from_simulation(simulate(4, "once"))
    annotated, result = annotate_replayed(record)
    assert result.valid and annotated != record
    assert len(calls) == 1


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_state_after_equals_pushing_every_step_from_the_deal(path: Path) -> None:
    for record in read_games(path, strict=True):
        assert isinstance(record, model.GameRecord)
        result = replay(record)
        game = result.fresh_game()
        assert result.state_after(0) == game.snapshot()
        for k, step in enumerate(result.steps, start=1):
            game.push(step.action)
            assert result.state_after(k) == game.snapshot()


def test_state_after_costs_at_most_a_round_of_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    result = replay(record_from_simulation(simulate(4, "long")))
    longest = max(
        b - a
        for a, b in zip(
            [0, *result.round_ends.values()], [*result.round_ends.values()], strict=False
        )
    )
    pushed: list[int] = []
    original = Game.push

    def counted(self: Game, action: object) -> None:
        pushed.append(1)
        original(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "push", counted)
    last = len(result.steps)
    for k in (last, last - 1, last // 2, 1):
        pushed.clear()
        result.state_after(k)
        assert len(pushed) <= longest
    pushed.clear()
    result.state_after_round(max(result.round_ends))
    assert pushed == []


def test_the_replay_has_score_events_and_a_readable_repr() -> None:
    result = replay(record_from_simulation(simulate(4, "demo")))
    assert result.score is not None and result.score.winners == (2,)
    assert result.game is not None and result.events == result.game.events
    assert repr(result) == (
        "<Replay of <GameRecord Adam, Bernd, Collette, Dagmar; 11 rounds; end>: "
        "valid, finished, 97 steps>"
    )


def test_a_replay_without_steps_refuses_snapshots() -> None:
    result = replay(rulebook(), keep_steps=False)
    assert result.valid and result.steps == [] and result.round_ends == {1: 10}
    with pytest.raises(ValueError, match="kept no steps"):
        result.state_after(3)


def test_visitors_that_want_no_steps_keep_the_walk_of_validate() -> None:
    """A visitor with ``wants_steps`` cleared hears of the game, its rounds and problems but
    of no step, and the walk makes no Step values (the path of a walk without visitors)."""
    record = record_from_simulation(simulate(4, "no-steps"))

    class Rounds(Visitor):
        wants_steps = False

        def __init__(self) -> None:
            self.heard: list[str] = []

        def begin_game(self, outcome: Outcome, game: Game) -> None:
            self.heard.append("begin")

        def visit_step(self, step: Step, game: Game) -> None:
            self.heard.append("step")

        def end_round(self, number: int, game: Game) -> None:
            self.heard.append(f"round {number}")

    rounds = Rounds()
    made = walk_module.Step
    try:
        walk_module.Step = None  # type: ignore[assignment,misc]
        outcome = walk(record, [rounds])
    finally:
        walk_module.Step = made  # type: ignore[misc]
    assert outcome.valid and outcome.game is not None
    assert rounds.heard == ["begin", *(f"round {n}" for n in range(1, len(record.rounds) + 1))]
    assert outcome.game.actions == walk(record).game.actions  # type: ignore[union-attr]
