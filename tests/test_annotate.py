"""Annotations (gargon_notation.annotate): derived facts written in as {=...} and taken out."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from gargon_notation.annotate import annotate, strip_annotations
from gargon_notation.bots import simulate
from gargon_notation.notation import (
    Battle,
    Comment,
    CommentKind,
    GameRecord,
    parse_game,
    parse_games,
    write_game,
)
from gargon_notation.records import record_from_simulation
from gargon_notation.replay import replay

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
RULES = Path(__file__).parent / "data" / "invalid" / "rules"
A = CommentKind.ANNOTATION


def games_of(path: Path) -> list[GameRecord]:
    items = parse_games(path.read_text(encoding="utf-8"), source=path.name, strict=True)
    return [item for item in items if isinstance(item, GameRecord)]


ALL_GAMES = [
    pytest.param(game, id=f"{path.stem}-{k}")
    for path in EXAMPLES
    for k, game in enumerate(games_of(path), start=1)
]


def all_comments(element: object) -> list[Comment]:
    """Every comment anywhere in a record, in order."""
    if isinstance(element, Comment):
        return [element]
    if isinstance(element, tuple):
        return [c for item in element for c in all_comments(item)]
    if attrs.has(type(element)):
        return [
            c for f in attrs.fields(type(element)) for c in all_comments(getattr(element, f.name))
        ]
    return []


RULEBOOK_ANNOTATED = """\
; The example round of the rulebook (English translation, "Example of a round of play").
[Notation "1"]
[Event "Rulebook example round"]
[Players "Adam" "Bernd" "Collette" "Dagmar"]
[Start "Adam"]
deal Adam: Y2 Y6 R9 {the rest of each hand is not shown in the rulebook}
deal Collette: B8 B2 R8
deal Dagmar: R14 R0 B12
1. Adam Y2 Y6 R9 {=hand 7}, Bernd pass 1 1 2 {two from the first pile, one from the second} \
{=drew X? X? X?; hand 13}, Collette B8 B2 R8 {=hand 7}, Dagmar R14 R0 B12 {as last seat Dagmar \
may only play red, blue or yellow} {=hand 7}
    fights Y > Adam {Adam alone: both Manticores win} {=Adam wins Y6 Y2 alone}, \
R > Dagmar Dagmar (Adam 1 {=drew X?; hand 8}, Collette 2 {=drew X?; hand 8}) {14 beats 9 and 8, \
then the 0 is left alone} {=Dagmar wins R14 over R9 Adam, R8 Collette} \
{=Dagmar wins R0 as the last card}, B > Dagmar Collette (Collette 1 {=drew X?; hand 9}) \
{12 beats 8, then Collette's 2 wins alone} {=Dagmar wins B12 over B8 Collette} \
{=Collette wins B2 as the last card} {=after round 1: hands Adam 8, Bernd 13, Collette 9, \
Dagmar 7; piles 27+29; score Adam 18, Bernd 0, Collette 10, Dagmar 16}
*
"""


def rulebook() -> GameRecord:
    path = ROOT / "examples" / "rulebook-round.ggn"
    return parse_game(path.read_text(encoding="utf-8"))


def test_the_rulebook_round_is_annotated_exactly() -> None:
    assert write_game(annotate(rulebook())) == RULEBOOK_ANNOTATED


def test_annotations_follow_the_user_comments_of_their_element() -> None:
    written = annotate(rulebook()).rounds[0]
    assert written.actions[0].comments == (Comment("hand 7", A),)
    assert written.actions[1].comments == (
        Comment("two from the first pile, one from the second"),
        Comment("drew X? X? X?; hand 13", A),
    )
    assert written.battles[1].draws[1].comments == (Comment("drew X?; hand 8", A),)
    assert written.battles[2].comments[0] == Comment("12 beats 8, then Collette's 2 wins alone")
    assert [c.kind for c in written.battles[2].comments] == [CommentKind.BRACE, A, A, A]


X38 = (RULES / "score-mismatch.ggn").read_text(encoding="utf-8")


def test_a_finished_game_gets_its_final_score() -> None:
    record = annotate(parse_game(X38))
    assert record.termination.comments == (
        Comment(
            "final score Adam 11, Bernd 22, Collette 6, Dagmar 12, Emil 23; won by Emil",
            A,
        ),
    )
    last_battle = record.rounds[-1].battles[-1]
    assert last_battle.comments == (
        Comment("Emil wins R11 alone", A),
        Comment(
            "after round 5: hands Adam 10, Bernd 14, Collette 19, Dagmar 15, Emil 10; "
            "piles 0+1; score Adam 11, Bernd 22, Collette 6, Dagmar 12, Emil 23",
            A,
        ),
    )


def test_a_shared_win_names_every_winner() -> None:
    record = annotate(record_from_simulation(simulate(4, "t92", "greedy")))
    assert record.termination.comments == (
        Comment("final score Adam 39, Bernd 20, Collette 39, Dagmar 14; won by Adam, Collette", A),
    )


def test_passes_and_draws_show_known_drawn_cards() -> None:
    record = annotate(parse_game(X38))
    first = record.rounds[0]
    assert first.actions[2].comments == (Comment("drew R0 B7 W3; hand 13", A),)
    assert [d.comments for d in first.battles[0].draws] == [
        (Comment("drew B12; hand 8", A),),
        (Comment("drew Y7; hand 8", A),),
        (Comment("drew R3; hand 9", A),),
    ]
    assert first.battles[0].comments == (
        Comment("Adam wins Y15 over Y11 Bernd, Y12 Emil", A),
        Comment("Adam wins Y14 over Y8 Emil", A),
    )


def test_two_cancelling_zeros_are_annotated() -> None:
    text = (
        '[Players "Adam" "Bernd" "Collette" "Dagmar"]\n'
        "deal Adam: W0\ndeal Bernd: W0\n"
        "1. Adam W0, Bernd W0, Collette pass 1, Dagmar pass 1\n    fights W > -\n*\n"
    )
    battle = annotate(parse_game(text)).rounds[0].battles[0]
    assert battle.comments[0] == Comment("W0 W0 cancel out", A)


@pytest.mark.parametrize("record", ALL_GAMES)
def test_annotate_is_idempotent(record: GameRecord) -> None:
    once = annotate(record)
    assert annotate(once) == once
    assert write_game(annotate(parse_game(write_game(once)))) == write_game(once)


@pytest.mark.parametrize("record", ALL_GAMES)
def test_strip_undoes_annotate(record: GameRecord) -> None:
    assert strip_annotations(annotate(record)) == strip_annotations(record)
    kinds = {comment.kind for comment in all_comments(strip_annotations(record))}
    assert A not in kinds
    assert len(all_comments(strip_annotations(record))) == len(
        [c for c in all_comments(record) if c.kind is not A]
    )


@pytest.mark.parametrize("record", ALL_GAMES)
def test_annotated_records_replay_as_before(record: GameRecord) -> None:
    before = replay(record)
    after = replay(annotate(record))
    assert after.valid and before.valid
    assert [step.action for step in after.steps] == [step.action for step in before.steps]


def test_only_the_club_night_example_carries_annotations() -> None:
    games = [game for path in EXAMPLES for game in games_of(path)]
    annotated = [game for game in games if strip_annotations(game) != game]
    assert len(annotated) == 1
    assert annotated[0].tag("Round") is not None and annotated[0].tag("Round").value == "2"


WITH_NOTES = """\
{=lead note} {lead}
[Players "Adam" "Bernd" "Collette" "Dagmar"] {=tag note} {tag}
[Start "Adam"] ; start
deal Adam: Y2 Y6 R9 {=deal note} {deal}
pile 1: G? {pile} {=pile note}
1. {=round note} {round} Adam Y2 Y6 R9 {=old} {mine}, Bernd pass 1:G? 1 2 {=x} ; rest {=y}
    , Collette B8 B2 R8, Dagmar R14 R0 B12
    fights Y {=y1} {y2}, R (Adam 1 {a1} {=a2}, Collette 2 {=c}) {=r}, B {b} (Collette 1)
* {=end note} {end}
"""
WITHOUT_NOTES = """\
{lead}
[Players "Adam" "Bernd" "Collette" "Dagmar"] {tag}
[Start "Adam"] ; start
deal Adam: Y2 Y6 R9 {deal}
pile 1: G? {pile}
1. {round} Adam Y2 Y6 R9 {mine}, Bernd pass 1:G? 1 2 ; rest {=y}
    , Collette B8 B2 R8, Dagmar R14 R0 B12
    fights Y {y2}, R (Adam 1 {a1}, Collette 2), B {b} (Collette 1)
* {end}
"""


def test_strip_removes_exactly_the_annotations() -> None:
    stripped = strip_annotations(parse_game(WITH_NOTES))
    assert stripped == parse_game(WITHOUT_NOTES)
    # "; rest {=y}" is a rest-of-line comment whose text happens to hold "{=": it stays.
    assert stripped.rounds[0].actions[1].comments == (Comment(" rest {=y}", CommentKind.LINE),)


def test_annotate_replaces_old_annotations_and_keeps_user_comments() -> None:
    annotated = annotate(parse_game(WITH_NOTES))
    play = annotated.rounds[0].actions[0]
    assert play.comments == (Comment("mine"), Comment("hand 7", A))
    assert annotated.comments == (Comment("lead"),)
    assert annotated.tags[0].comments == (Comment("tag"),)
    assert annotated.setup[1].comments == (Comment("pile"),)
    assert annotated.rounds[0].comments == (Comment("round"),)
    assert annotated.rounds[0].battles[1].draws[0].comments == (
        Comment("a1"),
        Comment("drew X?; hand 8", A),
    )
    assert annotated.termination.comments == (Comment("end"),)
    assert strip_annotations(annotated) == parse_game(WITHOUT_NOTES)


def test_a_record_with_a_broken_header_comes_back_stripped() -> None:
    text = '[Start "Adam"] {=t}\n1. Adam Y2 {=hand 9} {mine}\n* {=end}\n'
    record = parse_game(text)
    assert annotate(record) == parse_game('[Start "Adam"]\n1. Adam Y2 {mine}\n*\n')


def test_a_record_with_a_rule_problem_is_annotated_up_to_the_problem() -> None:
    record = parse_game((RULES / "not-your-turn.ggn").read_text(encoding="utf-8"))
    annotated = annotate(record)
    adam, collette = annotated.rounds[0].actions
    assert adam.comments[0] == Comment("hand 7", A)
    assert collette.comments == ()


def test_a_round_that_has_not_ended_gets_no_after_round_summary() -> None:
    text = '[Players "Adam" "Bernd" "Collette" "Dagmar"]\n1. Adam Y2 Y6 R9, Bernd pass 1 1 2\n*\n'
    annotated = annotate(parse_game(text))
    assert annotated.rounds[0].actions[1].comments == (Comment("drew X? X? X?; hand 13", A),)


# -- what the hidden cards can still be (--possible) ----------------------------------------


def hidden_notes(element: object) -> list[str]:
    return [c.text for c in all_comments(element) if c.kind is A and c.text.startswith("hidden: ")]


@pytest.mark.parametrize("record", ALL_GAMES)
def test_possible_annotations_are_idempotent_and_stripped(record: GameRecord) -> None:
    noted = annotate(record, possible=True)
    assert annotate(noted, possible=True) == noted
    assert strip_annotations(noted) == strip_annotations(record)
    assert annotate(noted) == annotate(record)  # a plain annotate drops them again
    text = write_game(noted)
    assert write_game(annotate(parse_game(text), possible=True)) == text
    assert [step.action for step in replay(noted).steps] == [
        step.action for step in replay(record).steps
    ]


def test_each_action_notes_what_the_public_knows_after_it() -> None:
    record = record_from_simulation(simulate(4, "possible-notes"))
    noted = annotate(record, possible=True)
    result = replay(record)
    # Notes are attached to each action's own element: a chosen colour's to its battle.
    for number, step in enumerate(replay(noted).steps, start=1):
        element = step.element
        assert element is not None
        notes = [c.text for c in element.comments if c.text.startswith("hidden: ")]
        expected = str(result.state_after(number).possible())
        if isinstance(element, Battle):
            assert f"hidden: {expected}" in notes
        else:
            assert notes == ([f"hidden: {expected}"] if expected else [])
    assert len(hidden_notes(noted)) == len(result.steps)


def test_the_rulebook_round_with_possible_values() -> None:
    written = annotate(rulebook(), possible=True).rounds[0]
    everything = "W 0-15, B 0-15, V 0-15, Y 0-15, R 0-15, G 0-15"
    assert hidden_notes(written.actions[0]) == [
        f"hidden: 3 B? of 0-15; 2 Y? of 0-15; 4 R? of 0-15; 93 X? of {everything}"
    ]
    after_plays = (
        "hidden: 93 X? of W 0-15, B 0 1 3-7 9-11 13-15, V 0-15, Y 0 1 3-5 7-15, "
        "R 0-7 10-13 15, G 0-15"
    )
    assert hidden_notes(written.actions[3]) == [after_plays]
    assert hidden_notes(written.battles[0]) == [after_plays]
