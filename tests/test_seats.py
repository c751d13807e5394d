"""What each seat saw (``gargon_notation.seats``) and records put together
(``gargon_notation.merging``).

The record *as the seats together knew it* is :func:`table_record`: the record in which a value
is kept when at least one seat saw it at that moment (every hand in full at the deal, the piles
as backs, each drawn card in full where it was drawn, every play, battle and score), the same
as :func:`seat_record` given every player.  The fuzz tests hold the two promises of issue #10
on simulated games (finished ones, with and without comments and a written deal, and
unfinished ones cut after a round): merging the records of every seat, each written out and
read back, gives exactly the table record, which validates; and one hidden value planted at
a random place of a seat's record is the one leak found, at its line and column, in a file that
still validates (so only the leak check can tell).

Runtime: 20 games each by default; 200 with ``GARGON_FUZZ=heavy`` (.ci/run).
"""

from __future__ import annotations

import functools
import os
import pickle
from collections.abc import Iterator

import attrs
import pytest

import gargon_notation as gg
from gargon_notation.bots import simulate
from gargon_notation.cards import Card, HiddenCard
from gargon_notation.engine import Rng
from gargon_notation.merging import Contradiction, MergeError, merge_records
from gargon_notation.notation import model, parse_game, write_game
from gargon_notation.records import record_from_simulation, with_comments
from gargon_notation.replay import replay
from gargon_notation.seats import (
    Leak,
    Location,
    SeatError,
    face_down_plays,
    find_leaks,
    seat_record,
    table_record,
)
from gargon_notation.validation import validate

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
GAMES = 200 if HEAVY else 10
BATCH = 10

TEXT = """\
; Ann's club, table 2 {first game}
[Event "Club night"]
[Players "Ann" "Bob" "Cy"]
[Start "Ann"]
deal Ann: Y2 R9 G5 W3 {her strong reds}
deal Bob: B7 V3 R? G? G? Y? Y? W? W? B?
deal Cy: G1 X?
pile 1: W4 Y8 R?
pile 2: B1 G?
1. Ann R9 W3 {=hand 8}, Bob pass 1 2:B1 {he waits}, Cy R5 W8!
    fights W (Ann 1), R (Cy 2:G7)
2. Bob B7 B1, Cy pass 1:R6 2, Ann pass 2!? $14
    fights B > Bob
*
"""
"""An organiser's record: Ann's hand, part of Bob's and Cy's, the top of the piles."""

HEADER = """\
; Ann's club, table 2 {first game}
[Event "Club night"]
[Players "Ann" "Bob" "Cy"]
[Start "Ann"]
"""

BOB = (
    HEADER
    + """\
deal Ann: Y? R? G? W? {her strong reds}
deal Bob: B7 V3 R? G? G? Y? Y? W? W? B?
deal Cy: G? X?
pile 1: W? Y? R?
pile 2: B? G?
1. Ann R9 W3, Bob pass 1:W4 2:B1 {he waits}, Cy R5 W8!
    fights W (Ann 1), R (Cy 2:G?)
2. Bob B7 B1, Cy pass 1:R? 2, Ann pass 2!? $14
    fights B > Bob
*
"""
)

TABLE = (
    HEADER
    + """\
deal Ann: Y2 R9 G5 W3 {her strong reds}
deal Bob: B7 V3 R? G? G? Y? Y? W? W? B?
deal Cy: G1 X?
pile 1: W? Y? R?
pile 2: B? G?
1. Ann R9 W3, Bob pass 1:W4 2:B1 {he waits}, Cy R5 W8!
    fights W (Ann 1:Y8), R (Cy 2:G7)
2. Bob B7 B1, Cy pass 1:R6 2, Ann pass 2!? $14
    fights B > Bob
*
"""
)

PUBLIC = (
    HEADER
    + """\
deal Ann: Y? R? G? W? {her strong reds}
deal Bob: B? V? R? G? G? Y? Y? W? W? B?
deal Cy: G? X?
pile 1: W? Y? R?
pile 2: B? G?
1. Ann R9 W3, Bob pass 1 2:B? {he waits}, Cy R5 W8!
    fights W (Ann 1), R (Cy 2:G?)
2. Bob B7 B1, Cy pass 1:R? 2, Ann pass 2!? $14
    fights B > Bob
*
"""
)


def read(text: str, source: str = "full.ggn") -> model.GameRecord:
    return parse_game(text, source=source)


def merged(*pairs: tuple[str, str]) -> model.GameRecord:
    """The merge of texts read as the files named."""
    return merge_records([read(text, name) for text, name in pairs], texts=[t for t, _ in pairs])


def contradictions(*pairs: tuple[str, str]) -> list[str]:
    with pytest.raises(MergeError) as raised:
        merged(*pairs)
    assert str(raised.value) == "\n".join(str(found) for found in raised.value.contradictions)
    return [str(found) for found in raised.value.contradictions]


# -- a record as a seat knew it --------------------------------------------------------


def test_a_seat_sees_its_hand_its_draws_and_the_backs_of_the_rest() -> None:
    assert write_game(seat_record(read(TEXT), "Bob")) == BOB


def test_the_seats_together_and_the_public() -> None:
    record = read(TEXT)
    assert write_game(table_record(record)) == TABLE
    assert seat_record(record, ["Ann", "Bob", "Cy"]) == table_record(record)
    assert write_game(seat_record(record, None)) == PUBLIC


def test_two_seats_together_see_what_either_saw() -> None:
    both = seat_record(read(TEXT), ("Ann", "Cy"))
    assert [str(card) for card in both.setup[0].cards] == ["Y2", "R9", "G5", "W3"]
    assert [str(card) for card in both.setup[2].cards] == ["G1", "X?"]
    first = both.rounds[0]
    assert str(first.battles[0].draws[0].seen) == "Y8"  # Ann's draw, known from the pile line
    assert str(first.battles[1].draws[0].seen) == "G7"
    assert write_game(attrs.evolve(both, setup=(), rounds=both.rounds[:1])).splitlines()[4] == (
        "1. Ann R9 W3, Bob pass 1 2:B? {he waits}, Cy R5 W8!"
    )


def test_a_seat_record_keeps_comments_glyphs_and_tags_but_no_annotation() -> None:
    mine = seat_record(read(TEXT), "Cy")
    assert mine.comments == read(TEXT).comments
    assert [tag.name for tag in mine.tags] == ["Event", "Players", "Start"]
    play = mine.rounds[0].actions[0]
    assert play.comments == ()  # {=hand 8} was derived from the whole record
    assert mine.rounds[1].actions[2].glyph == "!?" and mine.rounds[1].actions[2].nags == (14,)
    assert mine.rounds[0].actions[1].comments == (model.Comment("he waits"),)


def test_a_seeded_record_gives_deal_and_pile_lines_without_the_seed() -> None:
    record = record_from_simulation(simulate(4, "seats.seed"))
    mine = seat_record(record, "Collette")
    assert mine.tag("Seed") is None and mine.tag("Shuffle") is None
    deal = replay(record).deal
    assert deal is not None
    lines = {line.player: line.cards for line in mine.setup if isinstance(line, model.Deal)}
    assert list(lines) == ["Adam", "Bernd", "Collette", "Dagmar"]
    assert lines["Collette"] == deal.hands[2]
    assert lines["Adam"] == tuple(HiddenCard(card.colour) for card in deal.hands[0])
    piles = [line for line in mine.setup if isinstance(line, model.Pile)]
    assert [(pile.number, len(pile.cards)) for pile in piles] == [(1, 31), (2, 31)]
    assert all(isinstance(card, HiddenCard) for pile in piles for card in pile.cards)
    assert validate(mine).valid
    assert find_leaks(mine, "Collette") == ()


def test_plays_still_face_down_where_the_record_stops_are_left_out() -> None:
    text = HEADER + "1. Ann R9 W3, Bob pass 1:W4 2\n*\n"
    record = read(text)
    assert [play.cards for play in face_down_plays(record)] == [
        (Card.parse("R9"), Card.parse("W3"))
    ]
    assert [a.player for a in seat_record(record, "Ann").rounds[0].actions] == ["Ann", "Bob"]
    assert seat_record(record, "Bob").rounds == ()  # Ann's play comes first: the round goes
    assert face_down_plays(read(TEXT)) == ()
    later = HEADER + '[StartMustPlay "no"]\n1. Ann pass 1, Bob Y5\n*\n'
    assert [a.player for a in seat_record(read(later), "Cy").rounds[0].actions] == ["Ann"]


def test_a_seat_may_be_given_by_its_number_as_the_engine_numbers_seats() -> None:
    """seat_record(record, 1) was a TypeError (names only), where game.view(1) and
    state.seen_by(1) take seat numbers."""
    record = read(TEXT)
    assert seat_record(record, 1) == seat_record(record, "Bob")
    assert seat_record(record, [0, "Bob"]) == seat_record(record, ["Ann", "Bob"])
    assert find_leaks(record, 1, text=TEXT) == find_leaks(record, "Bob", text=TEXT)
    with pytest.raises(SeatError) as raised:
        seat_record(record, 3)
    assert raised.value.message == "there is no seat 3 at this table: seats are 0-2 (Ann, Bob, Cy)"


def test_a_record_with_problems_or_an_unknown_seat_is_refused() -> None:
    for seat in (1.0, ["Ann", None], True):
        with pytest.raises(
            TypeError, match=r"^seat: a player's name \(Ann, Bob, Cy\) or a seat number from 0, "
        ):
            seat_record(read(TEXT), seat)  # type: ignore[arg-type]
    with pytest.raises(SeatError) as raised:
        seat_record(read(TEXT), "bob")
    assert raised.value.message == (
        "bob is not at this table (players: Ann, Bob, Cy); did you mean Bob? "
        "(names are case-sensitive)"
    )
    broken = read(TEXT.replace("Bob B7 B1", "Bob B7 B1 B9"))
    with pytest.raises(SeatError) as raised:
        seat_record(broken, "Ann")
    assert raised.value.message == (
        "full.ggn: the record has 1 problem, so what each seat saw cannot be told "
        "(gargon validate lists them)"
    )
    assert [problem.code for problem in raised.value.problems] == ["three-of-a-colour"]
    with pytest.raises(SeatError) as raised:
        seat_record(read("1. Ann R9\n*\n"), None)
    assert (
        raised.value.message
        == "full.ggn: the record has no Players tag, so its seats are not known"
    )


# -- leaks ---------------------------------------------------------------------------------


def test_every_value_hidden_from_a_seat_is_a_leak_at_its_own_column() -> None:
    leaks = find_leaks(read(TEXT), "Bob", text=TEXT)
    assert [str(leak) for leak in leaks] == [
        "full.ggn:5:11: Y2: in Ann's hand at the deal, which Bob saw only from the back (Y?)",
        "full.ggn:5:14: R9: in Ann's hand at the deal, which Bob saw only from the back (R?)",
        "full.ggn:5:17: G5: in Ann's hand at the deal, which Bob saw only from the back (G?)",
        "full.ggn:5:20: W3: in Ann's hand at the deal, which Bob saw only from the back (W?)",
        "full.ggn:7:10: G1: in Cy's hand at the deal, which Bob saw only from the back (G?)",
        "full.ggn:8:9: W4: in pile 1 at the deal, which lay face down: nobody saw more than "
        "its back (W?)",
        "full.ggn:8:12: Y8: in pile 1 at the deal, which lay face down: nobody saw more than "
        "its back (Y?)",
        "full.ggn:9:9: B1: in pile 2 at the deal, which lay face down: nobody saw more than "
        "its back (B?)",
        "full.ggn:11:31: G7: drawn by Cy from pile 2 after the red fight of round 1: Bob saw "
        "only its back (G?)",
        "full.ggn:12:25: R6: drawn by Cy from pile 1 in round 2: Bob saw only its back (R?)",
    ]
    assert leaks[0] == Leak(
        "Y2",
        Location("full.ggn", 5, 11),
        "Bob",
        "in Ann's hand at the deal, which Bob saw only from the back (Y?)",
    )


def test_the_public_sees_no_hand() -> None:
    leaks = [str(leak) for leak in find_leaks(read(TEXT), None, text=TEXT)]
    assert len(leaks) == 13
    assert leaks[4] == (
        "full.ggn:6:11: B7: in Bob's hand at the deal, which only Bob saw; the others saw its "
        "back (B?)"
    )
    assert leaks[10] == (
        "full.ggn:10:38: B1: drawn by Bob from pile 2 in round 1: only Bob saw it; the others "
        "saw its back (B?)"
    )


def test_without_the_text_a_leak_is_placed_at_its_element() -> None:
    places = [leak.location for leak in find_leaks(read(TEXT), "Bob")]
    assert places[:2] == [Location("full.ggn", 5, 6), Location("full.ggn", 5, 6)]
    assert places[-1] == Location("full.ggn", 12, 23)
    from_json = next(gg.loads(gg.dumps([read(TEXT)], "json"), source="full.json", strict=True))
    assert isinstance(from_json, model.GameRecord)
    assert {str(leak.location) for leak in find_leaks(from_json, "Bob")} == {"full.json"}


def test_a_clean_record_has_no_leak() -> None:
    for seat in ("Ann", "Bob", "Cy", None):
        mine = write_game(seat_record(read(TEXT), seat))
        assert find_leaks(read(mine), seat, text=mine) == ()
    assert find_leaks(read(BOB), "Bob", text=BOB) == ()


def test_a_seed_a_face_down_play_and_comments_leak() -> None:
    text = (
        '; Bob kept G12 {and B7}\n[Players "Ann" "Bob" "Cy"] {R3}\n[Seed "x"]\n'
        "1. Ann R9 W3 {Cy holds V4}, Bob pass 1 {R9 was a strong lead}\n*\n"
    )
    leaks = [str(leak) for leak in find_leaks(read(text, "bob.ggn"), "Bob", text=text)]
    assert leaks == [
        "bob.ggn:1:12: G12: named in a comment, but Bob had not seen it by the end of the record",
        "bob.ggn:1:21: B7: named in a comment, but Bob had not seen it by the end of the record",
        "bob.ggn:2:29: R3: named in a comment, but Bob had not seen it by the deal",
        'bob.ggn:3:2: [Seed "x"]: the Seed tag deals every card, so it shows every hand and both '
        "piles; Bob saw only Bob's own hand",
        "bob.ggn:4:8: R9: played face down by Ann in round 1, and the record stops before the "
        "battle phase turns it up: Bob saw only its back (R?)",
        "bob.ggn:4:11: W3: played face down by Ann in round 1, and the record stops before the "
        "battle phase turns it up: Bob saw only its back (W?)",
        "bob.ggn:4:24: V4: named in a comment, but Bob had not seen it by the end of round 1",
        "bob.ggn:4:41: R9: named in a comment, but Bob had not seen it by the end of round 1",
    ]
    # Ann played R9 herself; the public sees the comment about it as Bob does.
    assert [leak.value for leak in find_leaks(read(text), "Ann")] == [
        "G12",
        "B7",
        "R3",
        '[Seed "x"]',
        "V4",
    ]
    assert [leak.value for leak in find_leaks(read(text), None)][-1] == "R9"


def test_a_value_in_a_free_text_tag_leaks_as_in_a_comment() -> None:
    text = TEXT.replace(
        '[Event "Club night"]\n',
        '[Event "Club night"]\n[Remark "Cy held G1, Bob B7" "and W4"]\n[Site "\\"Room\\" G5"]\n',
    )
    leaks = [str(leak) for leak in find_leaks(read(text), "Bob", text=text) if "tag" in leak.reason]
    assert leaks == [
        "full.ggn:3:18: G1: named in the Remark tag, but Bob had not seen it by the deal",
        "full.ggn:3:35: W4: named in the Remark tag, but Bob had not seen it by the deal",
        "full.ggn:4:17: G5: named in the Site tag, but Bob had not seen it by the deal",
    ]
    # Without the text, a value is placed at its tag.
    assert [
        str(leak.location) for leak in find_leaks(read(text), "Bob") if "tag" in leak.reason
    ] == [
        "full.ggn:3:2",
        "full.ggn:3:2",
        "full.ggn:4:2",
    ]
    # Ann's own G5 is no leak for her; the public sees none of the three.
    assert [leak.value for leak in find_leaks(read(text), "Ann") if "tag" in leak.reason] == [
        "G1",
        "B7",
        "W4",
    ]
    assert len([leak for leak in find_leaks(read(text), None) if "tag" in leak.reason]) == 4


def test_tags_of_a_structured_value_hold_no_leak() -> None:
    """Names, dates, rules and the result are not free text: a player called "B5" is no card."""
    text = (
        '[Notation "1"]\n[Date "2026.11.20"]\n[Players "Ann" "B5" "Cy"]\n[Start "B5"]\n'
        '[Seat "Ann"]\n[Ruleset "standard"]\n[Result "end Ann 12, \\"B5\\" 3, Cy 0"]\n'
        "deal Ann: Y2 R9\n*\n"
    )
    assert find_leaks(read(text), "Ann", text=text) == ()
    assert find_leaks(read(text), "Cy", text=text) != ()  # Ann's deal line


def test_a_comment_may_name_what_was_shown_by_the_end_of_its_round() -> None:
    text = TEXT.replace("{he waits}", "{he fears R9 and B1}").replace(
        "Ann pass 2!? $14", "Ann pass 2!? $14 {B7 beats nothing}"
    )
    leaks = find_leaks(read(text), "Cy", text=text)
    # R9 was played in round 1 and B7 in round 2, but B1 was still Bob's draw in round 1.
    assert [str(leak) for leak in leaks if "comment" in leak.reason] == [
        "full.ggn:10:58: B1: named in a comment, but Cy had not seen it by the end of round 1"
    ]


def test_leaks_need_a_seat_at_the_table() -> None:
    with pytest.raises(SeatError) as raised:
        find_leaks(read(TEXT), "Dee")
    assert raised.value.message == "Dee is not at this table (players: Ann, Bob, Cy)"


# -- merging -------------------------------------------------------------------------------


def test_the_seats_records_merge_into_the_table_record() -> None:
    texts = {name: write_game(seat_record(read(TEXT), name)) for name in ("Ann", "Bob", "Cy")}
    both = merged(*((text, f"{name.lower()}.ggn") for name, text in texts.items()))
    assert write_game(both) == TABLE
    assert validate(both).valid
    # A player's record and the organiser's: the organiser's knows the piles, the
    # annotation (derived from one record alone) is left out.
    assert write_game(merged((BOB, "bob.ggn"), (TEXT, "full.ggn"))) == TEXT.replace(
        "Bob pass 1 2:B1", "Bob pass 1:W4 2:B1"
    ).replace(" {=hand 8}", "")


def test_a_hand_is_merged_in_any_order() -> None:
    first = HEADER + "deal Bob: Y? R? Y?\n*\n"
    second = HEADER + "deal Bob: R9 Y2 Y5 B1\n*\n"
    assert [str(card) for card in merged((first, "a.ggn"), (second, "b.ggn")).setup[0].cards] == [
        "Y2",
        "R9",
        "Y5",
        "B1",
    ]


def test_comments_tags_and_glyphs_of_every_record_are_kept_once() -> None:
    other = (
        TEXT.replace('[Event "Club night"]', '[Event "Club Night"]\n[Site "Berlin"]')
        .replace("{he waits}", "{he waits} {and waits}")
        .replace("Cy R5 W8!", "Cy R5 W8? $1")
        .replace("Ann pass 2!? $14", "Ann pass 2 $14 $2")
        .replace("{first game}\n", "{first game}\n{from the back row}\n")
    )
    both = merged((TEXT, "full.ggn"), (other, "other.ggn"))
    lines = write_game(both).splitlines()
    assert lines[:5] == [
        "; Ann's club, table 2 {first game}",
        "{from the back row}",
        '[Event "Club night"] {also "Club Night" in other.ggn}',
        '[Players "Ann" "Bob" "Cy"]',
        '[Start "Ann"]',
    ]
    assert lines[5] == '[Site "Berlin"]'
    assert lines[11] == "1. Ann R9 W3, Bob pass 1 2:B1 {he waits} {and waits}, Cy R5 W8! $1"
    assert lines[13] == "2. Bob B7 B1, Cy pass 1:R6 2, Ann pass 2!? $14 $2"


def test_the_longer_record_goes_on_and_the_result_follows_the_end() -> None:
    record = record_from_simulation(simulate(3, "seats.result"))
    short = attrs.evolve(
        record,
        rounds=record.rounds[:3],
        termination=model.Termination(),
        tags=(*record.tags, model.Tag("Result", ("*",))),
    )
    both = merge_records([short, record])
    assert both.rounds == record.rounds and both.termination == record.termination
    result = both.tag("Result")
    assert result is not None and result.values == (write_game(record).splitlines()[-1],)
    assert validate(both).valid


def test_an_organisers_seeded_record_and_a_players_record() -> None:
    record = record_from_simulation(simulate(4, "seats.organiser"))
    both = merge_records([record, seat_record(record, "Dagmar")])
    assert both.tag("Seed") is not None
    assert len(both.setup) == 6 and validate(both).valid


def test_contradicting_values_are_said_with_both_places() -> None:
    cy = write_game(seat_record(read(TEXT), "Cy"))
    bob = write_game(seat_record(read(TEXT), "Bob"))
    assert contradictions((TEXT, "full.ggn"), (cy.replace("2:G7", "2:G9"), "cy.ggn")) == [
        "cy.ggn:11:31: G9 here, but full.ggn:11:31 has G7: the card Cy drew from pile 2 after "
        "the red fight of round 1"
    ]
    assert contradictions((TEXT, "full.ggn"), (bob.replace("B7 V3", "B7 V5"), "bob.ggn")) == [
        "bob.ggn:6:14: V5 here, but full.ggn:6:14 has V3: Bob's hand at the deal"
    ]
    other = TEXT.replace("pile 1: W4 Y8", "pile 1: W4 Y9")
    assert contradictions((TEXT, "full.ggn"), (other, "other.ggn")) == [
        "other.ggn:8:12: Y9 here, but full.ggn:8:12 has Y8: card 2 of pile 1 at the deal"
    ]
    other = TEXT.replace("Bob B7 B1,", "Bob B7 B2,")
    assert contradictions((TEXT, "full.ggn"), (other, "other.ggn")) == [
        "other.ggn:12:11: B2 here, but full.ggn:12:11 has B1: Bob's play in round 2"
    ]
    other = TEXT.replace("deal Bob: B7 V3 R?", "deal Bob: B7 V3 Y2")
    assert contradictions((TEXT, "full.ggn"), (other, "other.ggn")) == [
        "other.ggn:6:29: Y? here does not fit Bob's hand at the deal, which full.ggn:6:6 gives "
        "as B7 V3 R? G? G? Y? Y? W? W? B?"
    ]
    found = merge_error((TEXT, "full.ggn"), (cy.replace("2:G7", "2:G9"), "cy.ggn"))
    assert found == Contradiction(
        Location("cy.ggn", 11, 31),
        "G9 here, but full.ggn:11:31 has G7: the card Cy drew from pile 2 after the red fight "
        "of round 1",
        Location("full.ggn", 11, 31),
    )


def merge_error(*pairs: tuple[str, str]) -> Contradiction:
    with pytest.raises(MergeError) as raised:
        merged(*pairs)
    (found,) = raised.value.contradictions
    return found


def test_a_merge_error_pickles_whole() -> None:
    """A process pool sends a worker's exception back pickled: unpickling called
    ``MergeError(str(error))``, whose message became the characters of the first, one a line."""
    with pytest.raises(MergeError) as raised:
        merged((TEXT, "full.ggn"), (TEXT.replace('"Cy"', '"Cleo"'), "other.ggn"))
    thawed = pickle.loads(pickle.dumps(raised.value))
    assert type(thawed) is MergeError
    assert thawed.contradictions == raised.value.contradictions
    assert str(thawed) == str(raised.value)
    assert str(thawed).startswith("other.ggn:")


def test_records_out_of_step_are_refused() -> None:
    cases = [
        (
            "Cy pass 1:R6 2, Ann pass 2!? $14\n    fights B > Bob",
            "Cy Y5 Y6, Ann pass 2\n    fights B > Bob, Y",
            "other.ggn:12:15: the records differ in the order of actions in round 2: Cy plays "
            "here, but Cy passes in full.ggn:12:15",
        ),
        (
            "fights W (Ann 1), R (Cy 2:G7)",
            "fights R (Cy 2:G7), W (Ann 1)",
            "other.ggn:11:12: the fights of round 1 are in another order: R here, but W in "
            "full.ggn:11:12",
        ),
        (
            "fights W (Ann 1), R",
            "fights W (Ann forgot), R",
            "other.ggn:11:15: Ann forgot to draw here, but draws from pile 1 in full.ggn:11:15 "
            "(after the white fight of round 1)",
        ),
        (
            "Bob pass 1 2:B1",
            "Bob pass 2:B1 1",
            "other.ggn:10:25: Bob passes drawing 2 1 here, but 1 2 in full.ggn:10:25 (round 1)",
        ),
        (
            "fights W (Ann 1), R (Cy 2:G7)",
            "fights W (Ann 1)",
            "other.ggn:10:1: round 1 has fights: 1 here, but 2 in full.ggn:10:1",
        ),
        (
            "fights W (Ann 1), R (Cy 2:G7)",
            "fights W, R (Cy 2:G7)",
            "other.ggn:11:12: the white fights of round 1 have replacement draws: 0 here, but 1 "
            "in full.ggn:11:12",
        ),
    ]
    for old, new, message in cases:
        assert TEXT.count(old) == 1
        assert contradictions((TEXT, "full.ggn"), (TEXT.replace(old, new), "other.ggn")) == [
            message
        ]
    ended = TEXT[: TEXT.index("2. Bob")] + "end\n"
    assert contradictions((TEXT, "full.ggn"), (ended, "cut.ggn")) == [
        "cut.ggn:12:1: the game ends here after round 1, but full.ggn:12:1 goes on with round 2"
    ]
    short = TEXT.replace(", Cy pass 1:R6 2, Ann pass 2!? $14", "")
    assert contradictions((TEXT, "full.ggn"), (short, "short.ggn")) == [
        "short.ggn:12:1: round 2 has plays and passes: 1 here, but 3 in full.ggn:12:1"
    ]


def test_records_of_different_games_are_refused_saying_why() -> None:
    cases = [
        (
            TEXT.replace('"Cy"]', '"Dee"]').replace("Cy", "Dee"),
            "other.ggn:3:2: not the same game as full.ggn:3:2: the players are Ann, Bob, Dee "
            "here, but Ann, Bob, Cy there",
        ),
        (
            TEXT.replace('[Start "Ann"]', '[Start "Bob"]'),
            "other.ggn:4:2: not the same game as full.ggn:4:2: Bob starts here, but Ann there",
        ),
        (
            TEXT.replace('[Start "Ann"]', '[Start "Ann"]\n[ZeroPair "3"]'),
            "other.ggn:5:2: not the same game as full.ggn:3:2: both 0s of a colour multiply its "
            "amulets by 3 here, but by 4 there",
        ),
        (
            TEXT.replace('[Start "Ann"]', '[Start "Ann"]\n[WonCardsFaceUp "yes"]'),
            "other.ggn:5:2: not the same game as full.ggn:3:2: won cards lie face up here, but "
            "face down there",
        ),
    ]
    for other, message in cases:
        assert contradictions((TEXT, "full.ggn"), (other, "other.ggn")) == [message]
    seeded = '[Players "Ann" "Bob" "Cy"]\n[Seed "one"]\n*\n'
    assert contradictions((seeded, "a.ggn"), (seeded.replace("one", "two"), "b.ggn")) == [
        'b.ggn:2:2: not the same game as a.ggn:2:2: the seed is "two" here, but "one" there'
    ]
    assert contradictions((TEXT, "full.ggn"), ("1. Ann R9\n*\n", "bare.ggn")) == [
        "bare.ggn: cannot be merged: the record has no Players tag "
        '(such as [Players "Ann" "Bob" "Cy"])'
    ]


def test_records_that_break_a_rule_alone_or_together() -> None:
    alone = TEXT.replace("deal Cy: G1 X?", "deal Cy: G1 R6")  # and Cy draws R6 in round 2
    assert contradictions((TEXT, "full.ggn"), (alone, "alone.ggn")) == [
        "alone.ggn:12:15: this record has problems of its own: R6 is already elsewhere (dealt "
        "to Cy, line 7): the deck has only 1 copy of it [card-conservation]"
    ]
    typo = BOB.replace("1:W4", "1:W5")  # Bob noted the card he drew wrongly
    assert contradictions((TEXT, "full.ggn"), (typo, "bob.ggn")) == [
        "full.ggn:10:25: together with what bob.ggn:10:15 says, this breaks a rule: Bob is noted "
        "drawing W5 from pile 1, but that card is not W5 (the record's deal puts W4 there) "
        "[draw-mismatch]"
    ]
    one = TEXT.replace("deal Cy: G1 X?", "deal Cy: G1 Y13")
    two = TEXT.replace("deal Bob: B7 V3 R? G? G? Y?", "deal Bob: B7 V3 R? G? G? Y13")
    assert contradictions((one, "one.ggn"), (two, "two.ggn")) == [
        "one.ggn:7:6: together with what two.ggn:7:6 says, this breaks a rule: the deal holds 2 "
        "copies of Y13, but the deck has 1 (Y13 is also dealt to Bob, line 6) [card-conservation]"
    ]


def test_nothing_to_merge() -> None:
    with pytest.raises(ValueError, match="there is no record to merge"):
        merge_records([])
    assert merge_records([read(TEXT)]) == read(TEXT.replace(" {=hand 8}", ""))


# -- simulated games ---------------------------------------------------------------------


@functools.cache
def game(k: int) -> model.GameRecord:
    """Simulated game ``k``: 3 to 5 players; every third with its deal written out beside the
    seed, every second with comments and glyphs, every fifth cut after a round (unfinished)."""
    record = record_from_simulation(simulate(3 + k % 3, f"seats.{k}"), write_deal=k % 3 == 1)
    if k % 2:
        record = with_comments(record, f"seats.{k}")
    if k % 5 == 4:
        cut = Rng(f"seats.cut.{k}").below(len(record.rounds) - 1)  # the game goes on
        record = attrs.evolve(
            record, rounds=record.rounds[: cut + 1], termination=model.Termination()
        )
    return record


def batches() -> list[range]:
    return [range(start, min(start + BATCH, GAMES)) for start in range(0, GAMES, BATCH)]


@pytest.mark.slow
@pytest.mark.parametrize("games", batches(), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_merging_every_seats_record_gives_back_what_the_seats_saw(games: range) -> None:
    for k in games:
        record = game(k)
        names = record.headers.values_of("Players")
        texts = [write_game(seat_record(record, name)) for name in names]
        records = [read(text, f"{name}.ggn") for name, text in zip(names, texts, strict=True)]
        for name, mine, text in zip(names, records, texts, strict=True):
            assert validate(mine).valid, (k, name)
            assert find_leaks(mine, name, text=text) == (), (k, name)
        together = merge_records(records, texts=texts)
        assert together == table_record(record), k
        assert validate(together).valid, k


KINDS = ("hand", "pile", "pass", "replacement")
"""Where a value is planted: another hand, a pile, another's pass draw, another's
replacement draw."""
REASONS = {
    "hand": "hand at the deal, which",
    "pile": "at the deal, which lay face down",
    "pass": "in round",
    "replacement": "fight of round",
}
"""What the reason of a leak planted there says."""


def plantings(
    mine: model.GameRecord, table: model.GameRecord, piles: tuple[tuple[object, ...], ...]
) -> Iterator[tuple[str, model.GameRecord, Card]]:
    """``mine`` with one hidden value made the card it is, for each value hidden in it that
    the table (or, for the piles, the deal) knows, with the kind of place (:data:`KINDS`)."""
    for i, line in enumerate(mine.setup):
        truth = table.setup[i].cards if isinstance(line, model.Deal) else piles[line.number - 1]
        for k, card in enumerate(line.cards):
            real = truth[k]
            if isinstance(card, HiddenCard) and isinstance(real, Card):
                cards = (*line.cards[:k], real, *line.cards[k + 1 :])
                setup = (*mine.setup[:i], attrs.evolve(line, cards=cards), *mine.setup[i + 1 :])
                kind = "hand" if isinstance(line, model.Deal) else "pile"
                yield kind, attrs.evolve(mine, setup=setup), real

    def with_round(r: int, written: model.Round) -> model.GameRecord:
        return attrs.evolve(mine, rounds=(*mine.rounds[:r], written, *mine.rounds[r + 1 :]))

    for r, written in enumerate(mine.rounds):
        for a, action in enumerate(written.actions):
            if not isinstance(action, model.Pass):
                continue
            known = table.rounds[r].actions[a]
            assert isinstance(known, model.Pass)
            for d, draw in enumerate(action.draws):
                real = known.draws[d].seen
                if isinstance(real, Card) and not isinstance(draw.seen, Card):
                    draws = list(action.draws)
                    draws[d] = attrs.evolve(draw, seen=real)
                    actions = list(written.actions)
                    actions[a] = attrs.evolve(action, draws=tuple(draws))
                    yield "pass", with_round(r, attrs.evolve(written, actions=tuple(actions))), real
        for b, battle in enumerate(written.battles):
            for d, replacement in enumerate(battle.draws):
                real = table.rounds[r].battles[b].draws[d].seen
                if isinstance(real, Card) and not isinstance(replacement.seen, Card):
                    taken = list(battle.draws)
                    taken[d] = attrs.evolve(replacement, seen=real)
                    battles = list(written.battles)
                    battles[b] = attrs.evolve(battle, draws=tuple(taken))
                    planted = with_round(r, attrs.evolve(written, battles=tuple(battles)))
                    yield "replacement", planted, real


def place_of(card: Card, clean: str, planted: str) -> tuple[int, int]:
    """Line and column of the card planted where the two texts first differ."""
    first = next(k for k, (a, b) in enumerate(zip(clean, planted, strict=False)) if a != b)
    text = str(card)
    start = next(s for s in (first, first - 1, first + 1) if planted.startswith(text, s))
    line = planted.count("\n", 0, start) + 1
    return line, start - planted.rfind("\n", 0, start)


@pytest.mark.parametrize("games", batches(), ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_a_value_planted_in_a_seats_record_is_the_one_leak_found(games: range) -> None:
    for k in games:
        record = game(k)
        rng = Rng(f"seats.plant.{k}")
        names = record.headers.values_of("Players")
        seat = names[rng.below(len(names))]
        mine = seat_record(record, seat)
        clean = write_game(mine)
        deal = replay(record).deal
        assert deal is not None
        options: dict[str, list[tuple[model.GameRecord, Card]]] = {}
        for kind, planted, card in plantings(mine, table_record(record), deal.piles):
            options.setdefault(kind, []).append((planted, card))
        kind = [kind for kind in KINDS if kind in options][k % len(options)]  # each in turn
        planted, card = options[kind][rng.below(len(options[kind]))]
        text = write_game(planted)
        leaks = find_leaks(read(text, "planted.ggn"), seat, text=text)
        line, column = place_of(card, clean, text)
        assert [(leak.value, leak.location) for leak in leaks] == [
            (str(card), Location("planted.ggn", line, column))
        ], (k, seat, kind)
        assert REASONS[kind] in leaks[0].reason, (k, kind)
        assert validate(read(text)).valid, k  # only the leak check tells
        assert find_leaks(read(clean), seat, text=clean) == ()


def test_a_seat_tag_names_only_the_seat_the_record_is_for() -> None:
    """``gargon record --seat`` writes a Seat tag: a record given for another seat keeps it
    only when it names that seat, and a merge of several seats' records drops it."""
    record = record_from_simulation(simulate(3, "seat-tag"))
    adam = attrs.evolve(
        seat_record(record, "Adam"), tags=(*record.tags, model.Tag("Seat", ("Adam",)))
    )
    assert seat_record(adam, "Adam").tag("Seat") is not None
    assert seat_record(adam, "Bernd").tag("Seat") is None
    bernd = attrs.evolve(
        seat_record(record, "Bernd"), tags=(*record.tags, model.Tag("Seat", ("Bernd",)))
    )
    assert merge_records([adam, bernd]).tag("Seat") is None


def test_a_value_in_prose_leaks_whatever_touches_it() -> None:
    """Comments are prose: quotes, a possessive, a range or a word run on into a card."""
    text = TEXT.replace("{he waits}", "{Ann kept 'G5' and Y2's twin; W4-Y8 next, xV4}")
    leaks = [leak for leak in find_leaks(read(text), "Cy", text=text) if "comment" in leak.reason]
    assert [(leak.value, leak.location.column) for leak in leaks] == [
        ("G5", 52),
        ("Y2", 60),
        ("W4", 71),
        ("Y8", 74),
        ("V4", 84),
    ]


def test_a_zero_named_leaks_where_the_seat_saw_only_the_other_copy() -> None:
    """Bob holds a B0: a comment that Ann holds one tells him where the second one is."""
    text = TEXT.replace("deal Ann: Y2 R9 G5 W3", "deal Ann: Y2 R9 G5 W3 B0").replace(
        "deal Bob: B7 V3 R?", "deal Bob: B7 V3 B0"
    )
    text = text.replace("{he waits}", "{Ann holds B0}")
    leaks = [
        str(leak) for leak in find_leaks(read(text), "Bob", text=text) if "comment" in str(leak)
    ]
    assert leaks == [
        "full.ggn:10:52: B0: named in a comment, but Bob had seen only one of the two B0s by "
        "the end of round 1, so it may say where the other lay"
    ]
    # The prose cannot tell which copy it means: Ann, who holds the other one, is told too.
    assert [leak.value for leak in find_leaks(read(text), "Ann") if "comment" in leak.reason] == [
        "B0"
    ]
    # Once Ann plays hers, Bob has seen both (Cy only one).
    later = text.replace("{Ann holds B0}", "").replace("Ann pass 2!? $14", "Ann B0 {the B0s}")
    assert [leak.value for leak in find_leaks(read(later), "Bob") if "comment" in leak.reason] == []
    assert [leak.value for leak in find_leaks(read(later), "Cy") if "comment" in leak.reason] == [
        "B0"
    ]


def test_a_value_in_a_tag_name_leaks() -> None:
    text = TEXT.replace('[Event "Club night"]\n', '[Event "Club night"]\n[Ann_Y2 "kept"]\n')
    leaks = [str(leak) for leak in find_leaks(read(text), "Bob", text=text) if "tag" in leak.reason]
    assert leaks == [
        "full.ggn:3:6: Y2: named in the tag name Ann_Y2, but Bob had not seen it by the deal"
    ]
    assert [leak.value for leak in find_leaks(read(text), "Ann") if "tag" in leak.reason] == []


def test_a_round_or_table_that_reads_as_a_card_is_no_leak() -> None:
    """A club's [Table "B3"] made every published seat view a warning and exit 1."""
    labels = '[Round "W4"]\n[Table "G1"]\n'
    text = TEXT.replace('[Event "Club night"]\n', '[Event "Club night"]\n' + labels)
    assert [leak for leak in find_leaks(read(text), "Bob", text=text) if "tag" in leak.reason] == []
    remark = text.replace("[Table", "[Remark")
    leaks = [str(leak) for leak in find_leaks(read(remark), "Bob", text=remark)]
    assert [leak for leak in leaks if "tag" in leak] == [
        "full.ggn:4:10: G1: named in the Remark tag, but Bob had not seen it by the deal"
    ]
