"""The viewer's data (gargon_notation.web.frames, .notes and .data), without a browser.

What each frame holds is compared with the library (``Replay.state_after``, ``seen_by``,
``possible``), never with the viewer's own code; the deltas of the page's data must expand
back to the frames; comments, glyphs and problems must be at their steps.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from viewer_expect import expected_table

import gargon_notation as gg
from gargon_notation.cards import Card, card_from_text
from gargon_notation.mentions import mask_mentions
from gargon_notation.records import with_comments
from gargon_notation.web.data import _whole, encode_game, expand, script_json
from gargon_notation.web.frames import Frame, game_frames

ROOT = Path(__file__).resolve().parents[1]


def _zones(frame: Frame, won_from: gg.GameState) -> dict[str, object]:
    """A frame in the shape of :func:`viewer_expect.expected_table`."""
    totals = won_from.score().totals
    return {
        "round": frame.round,
        "acting": None if frame.to_act is None else frame.to_act[1],
        "seats": {
            str(seat): {
                "hand": sorted(frame.hands[seat].split()),
                "front": sorted(frame.front[seat].split()),
                "won": sorted(frame.won[seat].split()),
                "points": totals[seat],
            }
            for seat in range(len(frame.hands))
        },
        "pile1": frame.piles[0].split(),
        "pile2": frame.piles[1].split(),
        "discard": sorted(frame.discard.split()),
    }


@pytest.mark.parametrize(
    "players",
    [pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow), 5],
)
def test_every_frame_of_every_view_is_the_librarys_table(players: int) -> None:
    record = gg.record_from_simulation(gg.simulate(players, f"frames.{players}"))
    result = gg.replay(record)
    game = game_frames(record)
    assert [view.key for view in game.views] == ["all", *map(str, range(players))]
    assert game.steps == len(result.steps)
    states = [result.state_after(step) for step in range(len(result.steps) + 1)]
    for view in game.views:
        assert [frame.step for frame in view.frames] == list(range(len(result.steps) + 1))
        for frame in view.frames:
            state = states[frame.step]
            assert _zones(frame, state) == expected_table(state, view.seat)
            assert list(game.totals[frame.step]) == list(state.score().totals)
            if view.seat is not None:
                possible = state.possible(view.seat)
                groups = {str(back): possible.values_text(back) for back, _, _ in possible.groups()}
                assert dict(frame.possible) == groups
    assert game.score == result.score
    assert game.winners == result.score.winners
    final = result.state_after(len(result.steps))
    for seat, won in enumerate(game.won):
        assert [len(values) for values in won] == [
            c.cards for c in result.score.players[seat].colours
        ]
        assert sorted(v for values in won for v in values) == sorted(
            c.value for c in final.won[seat]
        )


def test_the_everyone_view_of_a_table_record_shows_what_can_still_be() -> None:
    record = next(gg.load(ROOT / "examples" / "table-record.ggn", strict=True))
    frame = game_frames(record).views[0].frames[7]
    state = gg.replay(record).state_after(7)
    assert frame.hands[0].split() == [str(card) for card in gg.cards.hand_order(state.hands[0])]
    texts = dict(frame.possible)
    # The record knows no more than the public here: the sets are the public's.
    public = state.possible()
    for back in ("W?", "R?", "X?"):
        assert texts[back] == public.values_text(gg.HiddenCard.parse(back))


def test_a_seat_sees_its_own_play_and_the_others_backs_until_the_battles() -> None:
    record = next(gg.load(ROOT / "examples" / "rulebook-round.ggn", strict=True))
    game = game_frames(record, "Bernd")
    assert [view.key for view in game.views] == ["1"]
    frames = game.views[0].frames
    assert frames[1].front[0] == "Y? Y? R?" and frames[1].face_down
    assert frames[1].events == (["play", 0, "Y? Y? R?", "2:1"],)
    assert frames[4].front[0] == "Y6 Y2 R9" and not frames[4].face_down
    everyone = game_frames(record).views[0].frames
    assert everyone[1].events == (["play", 0, "Y2 Y6 R9", "2:1"],)
    assert everyone[1].written == "Adam Y2 Y6 R9"
    assert frames[1].written is None


def test_won_cards_are_shown_as_the_battles_showed_them() -> None:
    record = gg.record_from_simulation(gg.simulate(4, "won"))
    result = gg.replay(record)
    frames = game_frames(record, "Adam").views[0].frames
    last = result.state_after(len(result.steps))
    assert all("?" not in won for won in frames[-1].won)
    assert [sorted(won.split()) for won in frames[-1].won] == [
        sorted(map(str, cards)) for cards in last.won
    ]
    # The seat's own view of the table shows the others' won cards by their backs only.
    assert any("?" in str(card) for cards in last.seen_by(0).won[1:] for card in cards)


def test_comments_glyphs_and_annotations_are_at_their_steps() -> None:
    record = with_comments(gg.record_from_simulation(gg.simulate(4, "notes")), "notes")
    record = gg.annotate(record)
    result = gg.replay(record)
    game = game_frames(record)
    everyone = game.views[0].frames
    for step in result.steps:
        element = step.element
        if element is None:
            continue
        expected = ([("glyph", element.glyph)] if element.glyph else []) + [
            ("annotation" if c.kind is gg.CommentKind.ANNOTATION else "comment", c.text)
            for c in element.comments
        ]
        shown = [(note.kind, note.text) for note in everyone[step.number].notes]
        for note in expected:
            assert note in shown, (step.number, note)
    ending = [(note.kind, note.text) for note in everyone[-1].notes]
    assert ("comment", " recorded by gargon simulate") in ending
    seat = game_frames(record, "Bernd").views[0].frames
    assert all(note.kind != "annotation" for frame in seat for note in frame.notes)
    assert any(note.kind == "glyph" for frame in seat for note in frame.notes)


def test_a_comment_naming_a_hidden_card_is_masked_for_a_seat() -> None:
    text = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
    text = text.replace("Adam Y2 Y6 R9", "Adam Y2 Y6 R9 {Adam keeps R9 and Y2 for later}")
    record = next(gg.loads(text, strict=True))
    seat = game_frames(record, "Bernd").views[0].frames
    assert [note.text for note in seat[1].notes] == ["Adam keeps R? and Y? for later"]
    later = game_frames(record).views[0].frames
    assert [note.text for note in later[1].notes] == ["Adam keeps R9 and Y2 for later"]
    assert mask_mentions("R9 r9 XR9 R9x", Counter([Card.parse("R9")])) == "R9 R9 XR9 R9x"


def test_problems_are_at_the_step_they_were_found() -> None:
    record = next(gg.load(ROOT / "tests" / "data" / "cli" / "several-mistakes.ggn"))
    assert isinstance(record, gg.GameRecord)
    result = gg.replay(record)
    assert len(result.problems) > 1
    game = game_frames(record)
    placed = [
        (frame.step, p.code, p.line, p.column)
        for frame in game.views[0].frames
        for p in frame.problems
    ]
    assert [(code, line, column) for _, code, line, column in placed] == [
        (p.code, p.line, p.column) for p in result.problems
    ]
    assert placed[0][0] == result.first_problem_at
    assert not game.valid and game.score_title == "Score when the first problem was found"
    assert game.score == result.state_after(result.first_problem_at).score()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            '[Event "x"]\n*\n',
            (1, 2, 'the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])'),
        ),
        (
            '[Event "x"]\n[Players "Ann" "Bob"]\n1. Ann R5\n*\n',
            (2, 2, "Gargon is played by 3 to 5 players, not 2"),
        ),
        (
            '[Event "x"]\n[Players "Ann" "Bob" "Ann"]\n1. Ann R5\n*\n',
            (2, 2, "player names must be different and not empty: 'Ann' is given twice"),
        ),
    ],
)
def test_a_game_that_cannot_be_set_up_has_its_problems_and_no_frames(
    text: str, problem: tuple[int, int, str]
) -> None:
    """The page's data holds the problem the viewer shows in place of the table."""
    game = game_frames(next(gg.loads(text, strict=True)))
    assert game.steps == 0 and game.score is None and game.won == game.score_legend == ()
    assert game.views and all(view.frames == () for view in game.views)
    line, column, message = problem
    assert encode_game(game)["problems"] == [
        {"code": "header", "line": line, "column": column, "message": message}
    ]


def test_a_seat_not_at_the_table_is_refused_with_a_suggestion() -> None:
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    with pytest.raises(gg.SeatError, match="did you mean Bernd"):
        game_frames(record, "bernd")
    with pytest.raises(
        TypeError,
        match=r"^seat: a player's name \(Adam, Bernd, Collette, Dagmar\) or a seat number from 0, ",
    ):
        game_frames(record, 1.0)  # type: ignore[arg-type]
    with pytest.raises(gg.SeatError, match=r"^there is no seat 4 at this table: seats are 0-3 "):
        game_frames(record, 4)


def test_a_seat_may_be_given_by_its_number() -> None:
    """As seat_record and game.view take it (game_frames(record, 1) was a TypeError)."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    assert game_frames(record, 1) == game_frames(record, "Bernd")
    assert gg.html_page(record, seat=1) == gg.html_page(record, seat="Bernd")


@pytest.mark.slow
def test_the_deltas_expand_to_the_frames() -> None:
    record = gg.record_from_simulation(gg.simulate(5, "deltas"))
    game = game_frames(record)
    encoded = encode_game(game)
    for view, data in zip(game.views, encoded["views"], strict=True):  # type: ignore[arg-type]
        assert isinstance(data, dict)
        assert expand(data["frames"]) == [json.loads(json.dumps(_whole(f))) for f in view.frames]


def test_inline_data_cannot_end_its_script_element() -> None:
    hostile = "</script><script>alert(1)</script><!-- &"
    text = (
        f'[Event "{hostile}"]\n[Players "Ann" "Bob" "Cy"]\n'
        f"1. Ann R9 {{{hostile}}}, Bob pass 1, Cy pass 1\n*\n"
    )
    record = next(gg.loads(text, strict=True))
    data = script_json(encode_game(game_frames(record)))
    assert "<" not in data and ">" not in data and "&" not in data
    assert script_json("a\u2028b\u2029") == '"a\\u2028b\\u2029"'
    assert hostile in json.loads(data)["tags"][0][1]
    page = gg.html_page(record)
    assert page.count("<script") == 3 and page.count("</script>") == 3
    assert "alert(1)</script>" not in page


def test_card_texts_read_back() -> None:
    frame = game_frames(gg.record_from_simulation(gg.simulate(3, "texts"))).views[0].frames[0]
    for text in " ".join(frame.hands + frame.piles).split():
        assert str(card_from_text(text)) == text


def test_the_score_holds_the_values_won_in_the_order_won_and_the_legend() -> None:
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    game = game_frames(record)
    assert game.won[0] == ((6,), (11,), (11,), (12, 10, 6), (15, 10), (8, 7, 15, 11))
    assert game.score_legend == (
        "won: in the order won; amulets: x2 with one 0, x4 with both 0s",
        "bonus: +10 for most cards of a colour, +5 each on a tie; * winner",
    )


def test_a_seat_never_reads_a_hidden_value_in_prose_nor_where_the_other_zero_lies() -> None:
    """Bernd never sees Adam's Y5 or Y6, and holds one B0 of the two: Adam holds the other."""
    text = (ROOT / "examples" / "full-game.ggn").read_text(encoding="utf-8")
    text = text.replace(
        "Dagmar pass 2 1 2",
        "Dagmar pass 2 1 2 {Adam kept 'Y5' and Y5's twin; Y5-Y6 plan; Adam holds B0}",
        1,
    )
    record = next(gg.loads(text, strict=True))

    def comments(seat: str) -> list[str]:
        frames = game_frames(record, seat).views[0].frames
        return [note.text for frame in frames for note in frame.notes if "Adam kept" in note.text]

    assert comments("Bernd") == ["Adam kept 'Y?' and Y?'s twin; Y?-Y? plan; Adam holds B?"]
    # Adam holds Y5 and one B0: the other B0 is Bernd's, which Adam did not see.
    assert comments("Adam") == ["Adam kept 'Y5' and Y5's twin; Y5-Y? plan; Adam holds B?"]


def test_a_seat_reads_no_hidden_value_in_a_tag_name_and_every_players_name() -> None:
    text = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
    text = text.replace('"Adam"', '"R2D2"').replace("Adam ", "R2D2 ").replace("Adam,", "R2D2,")
    text = text.replace(
        '[Event "', '[Adam_Y2 "kept"]\n[Remark "Adam Y2"]\n[Table "Y2"]\n[Event "', 1
    )
    record = next(gg.loads(text, strict=True))
    tags = dict(game_frames(record, "Bernd").tags)
    assert tags["Adam_Y?"] == "kept"
    assert tags["Remark"] == "Adam Y?"
    assert tags["Table"] == "Y2"  # a club's table, as the leak check reads it
    assert tags["Players"] == "R2D2, Bernd, Collette, Dagmar"  # a name, though it reads R2
