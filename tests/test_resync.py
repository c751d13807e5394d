"""After the walk loses a record, each later round is checked on its own (walker._walk_alone).

The rounds are checked from their first decision on a table of hidden hands and full piles:
what follows from the round's own text is checked, and nothing that needs the earlier rounds
may be reported.  The property test breaks the first round of simulated games so that the walk
loses them at round 2, and requires that every later round, being right, gives no problem.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

from gargon_notation.bots import simulate
from gargon_notation.notation import parse_game
from gargon_notation.records import record_from_actions
from gargon_notation.replay import replay
from gargon_notation.rules import STANDARD, Ruleset

RULESETS = (
    STANDARD,
    Ruleset.english(),
    attrs.evolve(STANDARD, start_player_must_play=False, won_cards_face_up=True),
)

DATA = Path(__file__).parent / "data" / "cli"
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
GAMES = 300 if HEAVY else 30


def test_every_later_round_is_checked_on_its_own() -> None:
    record = parse_game((DATA / "resync.ggn").read_text(encoding="utf-8"))
    result = replay(record)
    assert [(p.line, p.column, p.code, p.consequence_of) for p in result.problems] == [
        (5, 19, "last-seat-new-colour", None),
        (9, 15, "pattern-mismatch", None),
        (12, 12, "winner-mismatch", None),  # the winners are written before the draws
        (12, 12, "draw-order", None),
        (13, 4, "card-conservation", None),
    ]
    assert result.problems[2].message == "the record says Bob won, but the fight was won by Cy"
    assert result.problems[1].context == (
        "round checked on its own: hands and piles not known; led: 2; colours played: R"
    )
    assert result.unchecked[-1] == (
        "the record no longer follows the game after the skipped action; each later round "
        "was checked on its own from its first decision (turns, patterns, colours, fights, "
        "winners, draws), and the whole record for names, round numbers, cards written twice "
        "and the Result tag, but not for what needs the table before it (hands, piles, scores)"
    )


def test_a_round_checked_on_its_own_is_left_at_its_first_lost_action() -> None:
    text = (DATA / "resync.ggn").read_text(encoding="utf-8")
    # Round 4: Bob's R6 is skipped, then Cy's play is not his turn: round 4 is left there,
    # and round 5 is checked afresh (not one problem per later action of round 4).
    result = replay(parse_game(text))
    assert [p.line for p in result.problems if p.round == 4] == [9]
    assert [p.code for p in result.problems if p.round == 5] == ["winner-mismatch", "draw-order"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_right_rounds_checked_on_their_own_give_no_problem(players: int) -> None:
    lost = 0
    for number in range(GAMES // 3):
        bot = "greedy" if number % 2 else "random"
        ruleset = RULESETS[number % 3]
        simulated = simulate(players, f"resync-{players}-{number}", bot, ruleset)
        record = record_from_actions(
            simulated.deal,
            simulated.names,
            simulated.game.actions,
            ruleset=ruleset,
            seed=simulated.seed,
            write_deal=False,
            winners=True,
        )
        if len(record.rounds) < 3:
            continue
        first = attrs.evolve(record.rounds[0], battles=())
        broken = attrs.evolve(record, rounds=(first, *record.rounds[1:]))
        result = replay(broken)
        assert [p.code for p in result.problems] == ["round-number", "wrong-decision"], (
            number,
            result.problems,
        )
        assert result.problems[0].round == 2
        lost += 1
    assert lost >= GAMES // 3 - 2


def test_a_record_without_positions_keeps_every_problem() -> None:
    """JSON records carry no lines: problems of one code in two rounds are both told."""
    from gargon_notation.files import dumps, loads

    record = parse_game((DATA / "resync-twice.ggn").read_text(encoding="utf-8"))
    from_json = next(loads(dumps(record, "json"), format="json", strict=True))
    with_lines = [(p.code, p.round) for p in replay(record).problems]
    without = replay(from_json).problems
    assert all(p.line == 0 for p in without)
    assert [(p.code, p.round) for p in without] == with_lines
    assert with_lines.count(("pattern-mismatch", 3)) == with_lines.count(("pattern-mismatch", 4))
    assert ("pattern-mismatch", 4) in with_lines
