"""After the walk loses a record, each later round is checked on its own (rest._walk_alone).

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
from gargon_notation.files import dumps, loads
from gargon_notation.notation import parse_game
from gargon_notation.records import record_from_actions
from gargon_notation.replay import ReplayError, replay
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
    assert result.unchecked[1:] == [
        "the record no longer follows the game after the skipped action; each later round "
        "was checked on its own from its first decision (turns, patterns, colours, fights, "
        "winners, draws; in the last round, not whether a draw is missing, as its piles may "
        "have run out), and the whole record for names, round numbers, cards written twice "
        "and the Result tag, but not for what needs the table before it (hands, piles, scores)",
        "round 4 was checked on its own only up to 'Cy R5 R7' at 9:23, where the record no "
        "longer follows the round after the skipped action",
    ]


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


def test_a_record_without_positions_keeps_a_name_misspelt_at_two_draws_of_a_battle() -> None:
    """'Daagmar 1' written twice in one battle of a round checked on its own (the walk lost
    the record after Bernd's forgotten draw): the text's two problems were one from JSON,
    told apart by their lines only; now by their elements too."""
    text = (Path(__file__).parent.parent / "examples" / "full-game.ggn").read_text(encoding="utf-8")
    text = text.replace("W (Bernd 1), B (Bernd 2)", "W, B (Bernd 2)")
    text = text.replace("B (Dagmar 1), G, V", "B (Dagmar 1, Daagmar 1, Daagmar 1), G, V")
    record = parse_game(text)
    from_json = next(loads(dumps(record, "json"), format="json", strict=True))
    expected = [
        "record-incomplete",
        "card-not-in-hand",
        "unknown-player",  # the first 'Daagmar 1'
        "unknown-player",  # the second
    ]
    assert [p.code for p in replay(record).problems] == expected
    assert [p.code for p in replay(from_json).problems] == expected


def test_a_record_without_positions_keeps_every_problem() -> None:
    """JSON records carry no lines: problems of one code in two rounds are both told."""
    record = parse_game((DATA / "resync-twice.ggn").read_text(encoding="utf-8"))
    from_json = next(loads(dumps(record, "json"), format="json", strict=True))
    with_lines = [(p.code, p.round) for p in replay(record).problems]
    without = replay(from_json).problems
    assert all(p.line == 0 for p in without)
    assert [(p.code, p.round) for p in without] == with_lines
    assert with_lines.count(("pattern-mismatch", 3)) == with_lines.count(("pattern-mismatch", 4))
    assert ("pattern-mismatch", 4) in with_lines


def _found(text: str) -> list[tuple[int, int, str, str]]:
    result = replay(parse_game(text, source="t.ggn"))
    return [(p.line, p.column, p.code, p.message) for p in result.problems]


def _first_strict(text: str) -> tuple[int, int, str]:
    with pytest.raises(ReplayError) as stopped:
        replay(parse_game(text, source="t.ggn"), strict=True)
    problem = stopped.value.problem
    return problem.line, problem.column, problem.code


XAVER = "Xaver is not at this table (players: Ann, Bob, Cy)"
CY_LAST = (
    2,
    29,
    "last-seat-new-colour",
    "Cy plays B8 R8, but as last seat may only play colours already played this round "
    "(yellow and red), not blue",
)
# The walk loses the record at the fights of round 1: Cy's blue play is skipped, so no
# battle is due.
LOST_AT_THE_FIGHTS = """\
[Players "Ann" "Bob" "Cy"]
1. Ann R9 Y2, Bob pass 1 1, Cy B8 R8
    fights R > Ann (Cy 1), B > Cy, Y > Ann (Xaver 1)
2. Bob B3, Cy B5, Ann pass 1
    fights B > Cy (Bob 1)
*
"""
# Round 1 is walked to its end (its green battle skipped, its draw not looked at); the walk
# loses the record in round 2, at Ann's pass after Cy's skipped play.
LOST_IN_ROUND_TWO = """\
[Players "Ann" "Bob" "Cy"]
1. Ann R9, Bob R5, Cy pass 1
    fights R > Ann (Bob 1), G (Xaver 1)
2. Bob B8 B2, Cy B3, Ann pass 1
    fights B > Bob
*
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            LOST_AT_THE_FIGHTS,
            [CY_LAST, (3, 45, "unknown-player", XAVER)],
            id="in-the-round-lost",
        ),
        pytest.param(
            LOST_AT_THE_FIGHTS.replace("(Bob 1)", "(Xaver 1)"),
            [CY_LAST, (3, 45, "unknown-player", XAVER), (5, 20, "unknown-player", XAVER)],
            id="in-and-after-the-round-lost",
        ),
        pytest.param(
            LOST_AT_THE_FIGHTS.replace("Y > Ann (Xaver 1)", "Y > Xaver (Bob 1)"),
            [CY_LAST, (3, 36, "unknown-player", XAVER)],
            id="a-winner-in-the-round-lost",
        ),
        pytest.param(
            LOST_IN_ROUND_TWO,
            [
                (
                    3,
                    29,
                    "wrong-decision",
                    "a battle in green is written, but no battle is due",
                ),
                (3, 32, "unknown-player", XAVER),
                (
                    4,
                    15,
                    "pattern-mismatch",
                    "Cy plays B3, a single card (1), but Bob led two of one colour (2)",
                ),
            ],
            id="before-the-round-lost",
        ),
        pytest.param(
            LOST_IN_ROUND_TWO.replace("B8 B2", "B8"),
            [
                (
                    3,
                    29,
                    "wrong-decision",
                    "a battle in green is written, but no battle is due",
                ),
                (3, 32, "unknown-player", XAVER),
            ],
            id="in-a-battle-skipped",
        ),
        pytest.param(
            '[Players "Ann" "Bob" "Cy"]\n1. Ann R9, Bob R5, Cy pass 1\n'
            "    fights R > Ann (Bob 1)\nend Ann 5, Xaver 3, Cy 2\n",
            [
                (
                    4,
                    1,
                    "game-not-over",
                    "the record is marked finished ('end'), but the game goes on in round 2",
                ),
                (4, 12, "unknown-player", XAVER),
            ],
            id="in-the-scores-of-a-game-not-over",
        ),
    ],
)
def test_every_name_not_at_the_table_is_said_once(
    text: str, expected: list[tuple[int, int, str, str]]
) -> None:
    """The walk's last word says the whole record was checked for names: a name in the round
    where the walk lost the record, or among the draws of a battle it skipped, is said too,
    in line order, once; a strict replay stops at the same first problem.  A record without
    positions (from JSON) gives them in the same order, that of its text."""
    assert _found(text) == expected
    assert _first_strict(text) == expected[0][:3]
    from_json = next(loads(dumps(parse_game(text), "json"), format="json", strict=True))
    assert [(p.code, p.message) for p in replay(from_json).problems] == [
        (code, message) for _, _, code, message in expected
    ]


def test_cards_written_twice_in_the_round_lost_are_said() -> None:
    """Where the walk lost the record (Cy's play, after Bob's skipped one), the plays from
    there on are checked for cards written twice, as the later rounds are."""
    text = '[Players "Ann" "Bob" "Cy"]\n1. Ann R9 Y2, Bob Y5 Y7, Cy B7 B7\n*\n'
    assert [found[:3] for found in _found(text)] == [
        (2, 15, "pattern-mismatch"),
        (2, 26, "card-conservation"),
    ]
    assert _found(text)[1][3] == (
        "Cy plays B7 B7: B7 twice in one play, but the deck has only 1 copy of it"
    )
    again = """\
[Players "Ann" "Bob" "Cy"]
1. Ann R9 Y2, Bob pass 1 1, Cy R8 Y3
    fights R > Ann (Cy 1), Y > Cy (Ann 1)
2. Bob B8 B2, Cy B3, Ann R9 B4
*
"""
    assert _found(again)[1:] == [
        (
            4,
            22,
            "card-conservation",
            "R9 is already elsewhere (played by Ann in round 1, line 2): the deck has only 1 "
            "copy of it",
        )
    ]
    assert _first_strict(again) == (4, 15, "pattern-mismatch")


def test_a_later_round_begun_by_a_name_near_no_player_is_said_not_checked() -> None:
    """Its first player unknown, and the name near no player's (nor near one only), the
    round's start player is not known: it cannot be checked on its own, and the note says
    so, and why, rather than count it among the rounds checked."""
    text = LOST_AT_THE_FIGHTS.replace("2. Bob B3", "2. Xaver B3")
    result = replay(parse_game(text, source="t.ggn"))
    assert [(p.line, p.column, p.code) for p in result.problems] == [
        (2, 29, "last-seat-new-colour"),
        (3, 45, "unknown-player"),
        (4, 4, "unknown-player"),
    ]
    assert result.unchecked[-1] == (
        "round 2 was not checked on its own: its first action names Xaver, who is not at the "
        "table, and no one player's name is near it, so its start player is not known"
    )


# Round 1 is lost at once (two players out of turn); round 2 begins with a name as near Jan
# as Jon, and its winner is written wrong.
NEAR_TWO = """\
[Players "Jan" "Bob" "Jon" "Cy"]
[Start "Jan"]
1. Bob Y2, Jon Y3
2. Jen R3, Bob R6, Jon R4, Cy pass 1
    fights R > Jon (Jan 1, Jon 1)
3. Bob W1
*
"""


def test_a_later_round_begun_by_a_name_near_two_is_checked_as_the_seat_order_settles() -> None:
    """'Jen' begins round 2, as near Jan as Jon: the round was not checked ('no one player's
    name is near it'); Bob, Jon and Cy follow in seat order from Jan, not from Jon, so the
    round is checked from Jan's decision, its first action read as his, and its wrong winner
    is said (found by a review)."""
    result = replay(parse_game(NEAR_TWO, source="t.ggn"))
    assert [str(p) for p in result.problems[1:]] == [
        "t.ggn:4:4: game 1, round 2, Jen: 'Jen R3': Jen is not at this table (players: Jan, "
        "Bob, Jon, Cy); did you mean Jan or Jon? [unknown-player]\n"
        "    taken as 'Jan R3' (of Jan and Jon, the one the round's seat order puts first)",
        "t.ggn:5:12: game 1, round 2: 'R > Jon (Jan 1, Jon 1)': the record says Jon won, but "
        "the fight was won by Bob [winner-mismatch]",
    ]
    assert result.problems[0].code == "not-your-turn"
    assert not any("round 2" in note for note in result.unchecked)


@pytest.mark.parametrize(
    "round_two",
    [
        pytest.param("2. Jen R3, Cy R6, Bob R4, Jon pass 1\n", id="in-turn-from-neither"),
        pytest.param("2. Jen R3, Xaver R6\n", id="no-later-name-at-the-table"),
    ],
)
def test_a_later_round_begun_by_a_name_near_two_the_seat_order_does_not_settle(
    round_two: str,
) -> None:
    """The round's later actions are in turn from neither Jan nor Jon, or name no player:
    no guess (the round is not checked, and the note says why); a guess never reads a round
    out of turn as in turn."""
    text = NEAR_TWO.replace("2. Jen R3, Bob R6, Jon R4, Cy pass 1\n", round_two)
    result = replay(parse_game(text, source="t.ggn"))
    assert [(p.line, p.column, p.code, p.repair) for p in result.problems if p.line == 4] == [
        (4, 4, "unknown-player", None),
        *([(4, 12, "unknown-player", None)] if "Xaver" in round_two else []),
    ]
    assert result.unchecked[-1] == (
        "round 2 was not checked on its own: its first action names Jen, who is not at the "
        "table; Jan and Jon are as near it, and the round's seat order does not tell which, so "
        "its start player is not known"
    )


def test_a_later_round_begun_by_a_misspelt_name_is_checked_as_the_player_meant() -> None:
    """'Bbo B3' begins round 2: the round is checked on its own from Bob's decision (whom
    the name's problem suggests), its first action read as his, so Cy's pair after his
    single card is said; the old walk said the round not checked and missed it."""
    text = LOST_AT_THE_FIGHTS.replace("2. Bob B3, Cy B5", "2. Bbo B3, Cy B5 B6")
    result = replay(parse_game(text, source="t.ggn"))
    assert [str(p) for p in result.problems[2:]] == [
        "t.ggn:4:4: game 1, round 2, Bbo: 'Bbo B3': Bbo is not at this table (players: Ann, "
        "Bob, Cy); did you mean Bob? [unknown-player]\n"
        "    taken as 'Bob B3'",
        "t.ggn:4:12: game 1, round 2, Cy (seat 3): 'Cy B5 B6': Cy plays B5 B6, two of one "
        "colour (2), but Bob led a single card (1) [pattern-mismatch]\n"
        "    round checked on its own: hands and piles not known; led: 1; colours played: B\n"
        "    skipped this action",
    ]
    assert result.unchecked[1].startswith("the record no longer follows the game after the")
    assert result.unchecked[2:] == [
        "round 2 was checked on its own only up to 'Ann pass 1' at 4:22, where the record no "
        "longer follows the round after the skipped action"
    ]
    right = replay(parse_game(LOST_AT_THE_FIGHTS.replace("2. Bob B3", "2. Bbo B3")))
    assert [p.code for p in right.problems][2:] == ["unknown-player"]
    assert right.unchecked[1:] == result.unchecked[1:2]  # round 2 checked whole


def test_a_walk_lost_in_its_last_round_claims_no_round_checked_on_its_own() -> None:
    result = replay(parse_game(LOST_AT_THE_FIGHTS.split("2. ")[0] + "*\n"))
    assert result.unchecked[-1] == (
        "the record no longer follows the game after the skipped action; the rest of the "
        "record was checked only for names, cards written twice and the Result tag (no later "
        "round to check on its own)"
    )


SKIPPED_TWICE = """\
[Players "Ann" "Bob" "Cy"]
1. Ann R9 Y2, Bob pass 1 1, Cy R8 Y3
    fights R > Ann (Cy 1), Y > Cy (Ann 1)
2. Bob B8 B2, Cy B3 B4, Ann Y9 R9
    fights B > Cy (Bob 1)
3. Cy G2, Ann pass 1, Bob G4 B5
*
"""
ANN_Y9 = (
    4,
    25,
    "pattern-mismatch",
    "Ann plays Y9 R9, two of different colours (1:1), but Bob led two of one colour (2)",
)
R9_TWICE = (
    4,
    25,
    "card-conservation",
    "R9 is already elsewhere (played by Ann in round 1, line 2): the deck has only 1 copy of it",
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            SKIPPED_TWICE,
            [
                ANN_Y9,
                R9_TWICE,
                (
                    6,
                    23,
                    "pattern-mismatch",
                    "Bob plays G4 B5, two of different colours (1:1), but Cy led a single card (1)",
                ),
            ],
            id="then-lost",
        ),
        pytest.param(SKIPPED_TWICE.split("    fights B")[0] + "*\n", [ANN_Y9, R9_TWICE], id="last"),
    ],
)
def test_a_card_written_twice_in_a_play_the_walk_skipped_is_said(
    text: str, expected: list[tuple[int, int, str, str]]
) -> None:
    """Ann's Y9 R9 is skipped for its pattern, which the engine checks before its cards: its
    R9, played by Ann in round 1, is written twice all the same, as a later round checked on
    its own would say (and the note says the whole record was checked for it); after the
    first problem, at the same place."""
    assert _found(text) == expected
    assert _first_strict(text) == expected[0][:3]
