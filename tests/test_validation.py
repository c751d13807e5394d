"""Verdicts on games (gargon_notation.validation): text or chunk in, GameVerdict out."""

from __future__ import annotations

import pickle
from pathlib import Path

from gargon_notation.notation import parse_game
from gargon_notation.replay import replay
from gargon_notation.validation import (
    GameVerdict,
    iter_chunks,
    validate_chunk,
    validate_chunks,
    validate_text,
)

ROOT = Path(__file__).parent.parent
RULES = Path(__file__).parent / "data" / "invalid" / "rules"
RULEBOOK = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")
X38 = (RULES / "game-over-unmarked.ggn").read_text(encoding="utf-8")
X38_END = "end Adam 11, Bernd 22, Collette 6, Dagmar 12, Emil 23\n"
X38_VALID = X38.replace("\n*\n", "\n" + X38_END)
NAMES5 = ("Adam", "Bernd", "Collette", "Dagmar", "Emil")
RULEBOOK_NOTE = (
    "93 cards of the deal are not fully known: plays from them are checked by colour and "
    "count only, and draws of them cannot be checked"
)


def test_a_valid_unfinished_game() -> None:
    verdict = validate_text(RULEBOOK, source="rulebook.ggn")
    assert verdict == GameVerdict(
        source="rulebook.ggn",
        game=1,
        line=1,
        event="Rulebook example round",
        valid=True,
        finished=False,
        rounds=1,
        unchecked=(RULEBOOK_NOTE,),
        names=("Adam", "Bernd", "Collette", "Dagmar"),
    )
    assert verdict.as_dict() == {
        "source": "rulebook.ggn",
        "game": 1,
        "line": 1,
        "event": "Rulebook example round",
        "valid": True,
        "finished": False,
        "rounds": 1,
        "problems": [],
        "unchecked": [RULEBOOK_NOTE],
        "scores": None,
        "winners": [],
        "warnings": [],
    }


def test_a_valid_finished_game_has_scores_and_winners() -> None:
    verdict = validate_text(X38_VALID, source="x38.ggn", game=4, first_line=20)
    assert verdict == GameVerdict(
        source="x38.ggn",
        game=4,
        line=20,
        event=None,
        valid=True,
        finished=True,
        rounds=5,
        names=NAMES5,
        totals=(11, 22, 6, 12, 23),
        winners=("Emil",),
    )
    assert verdict.as_dict()["scores"] == {
        "Adam": 11,
        "Bernd": 22,
        "Collette": 6,
        "Dagmar": 12,
        "Emil": 23,
    }
    assert verdict.as_dict()["winners"] == ["Emil"]


def test_a_syntax_error_gives_a_syntax_verdict() -> None:
    text = '[Players "Adam" "Bernd" "Collette"]\n1. Adam Y2, Bernd R16\n*\n'
    verdict = validate_text(text, source="s.ggn", first_line=5, game=3)
    message = (
        "'R16' is not a card (a colour W B V Y R G and a value 0-15 like R14, or a colour or X "
        "and '?' like R? or X?)"
    )
    assert verdict.valid is False and verdict.finished is False
    assert (verdict.game, verdict.line, verdict.rounds, verdict.event) == (3, 5, 0, None)
    assert verdict.messages == (f"s.ggn:6:19: {message}\n    1. Adam Y2, Bernd R16\n{' ' * 22}^",)
    assert verdict.details == (
        {
            "code": "syntax",
            "message": message,
            "source": "s.ggn",
            "line": 6,
            "column": 19,
            "game": 3,
        },
    )
    assert verdict.as_dict()["problems"] == list(verdict.details)
    assert verdict.names == () and verdict.as_dict()["scores"] is None


def test_a_rule_problem_verdict_lists_every_problem() -> None:
    text = X38.replace("fights Y (Bernd 1", "fights Y > Bernd (Bernd 1")
    verdict = validate_text(text, source="x.ggn")
    result = replay(parse_game(text, source="x.ggn"))
    assert [p.code for p in result.problems] == ["winner-mismatch", "game-over-unmarked"]
    assert verdict.valid is False and verdict.finished is True
    assert verdict.messages == tuple(str(p) for p in result.problems)
    assert verdict.problems == tuple(result.problems)
    assert verdict.details == tuple(p.as_dict() for p in result.problems)
    assert verdict.details[1] == {
        "code": "game-over-unmarked",
        "message": "the game is over, but the record is marked unfinished ('*'); write 'end'",
        "source": "x.ggn",
        "line": 17,
        "column": 1,
        "game": 1,
        "event": None,
        "round": None,
        "player": None,
        "seat": None,
        "written": None,
        "context": None,
        "repair": None,
        "consequence_of": None,
    }
    assert verdict.totals == (11, 22, 6, 12, 23)


def test_a_strict_verdict_holds_only_the_first_problem() -> None:
    text = X38.replace("fights Y (Bernd 1", "fights Y > Bernd (Bernd 1")
    verdict = validate_text(text, source="x.ggn", strict=True)
    assert verdict.valid is False
    assert verdict.messages == (
        "x.ggn:8:12: game 1, round 1: 'Y > Bernd (Bernd 1, Emil 2, Emil 1)': the record says "
        "Bernd won, but the fights were won by Adam, then Adam [winner-mismatch]",
    )
    assert [d["code"] for d in verdict.details] == ["winner-mismatch"]


def test_a_header_problem_verdict_has_no_names() -> None:
    """A missing tag is said where the header starts, or where a game without tags does."""
    verdict = validate_text('[Event "E"]\n1. Adam Y2\n*\n', source="h.ggn")
    assert verdict.event == "E"
    assert verdict.valid is False and verdict.rounds == 0 and verdict.names == ()
    assert verdict.messages == (
        'h.ggn:1:2: game 1 "E": the record has no Players tag (such as [Players "Ann" "Bob" '
        '"Cy"]) [header]',
    )
    untagged = validate_text("{a game}\n\n1. Adam Y2\n*\n", source="u.ggn", first_line=10)
    assert untagged.messages[0].startswith("u.ggn:10:1: game 1: the record has no Players tag")


def test_positions_count_from_the_first_line() -> None:
    text = (RULES / "not-your-turn.ggn").read_text(encoding="utf-8")
    verdict = validate_text(text, source="f.ggn", first_line=100)
    assert verdict.messages[0].startswith("f.ggn:107:19: game 1, round 1, Collette (seat 3):")
    assert verdict.details[0]["line"] == 107


def test_validate_text_takes_crlf_and_a_byte_order_mark() -> None:
    text = "\ufeff" + RULEBOOK.replace("\n", "\r\n")
    assert validate_text(text, source="rulebook.ggn") == validate_text(
        RULEBOOK, source="rulebook.ggn"
    )


FILE = b'[Event "broken"]\n1. Adam Y2 \xe9\n*\n\n' + X38_VALID.encode() + b"\n" + RULEBOOK.encode()


def test_chunks_of_a_file_are_validated_one_game_at_a_time() -> None:
    chunks = list(iter_chunks(FILE.splitlines(keepends=True), "club.ggn"))
    assert [chunk.first_line for chunk in chunks] == [1, 4, 22]
    verdicts = validate_chunks([(chunk, "club.ggn", k) for k, chunk in enumerate(chunks, 1)])
    # Games 2 and 3 hold the blank lines 4 and 22 before them: they start on lines 5 and 23.
    assert [(v.game, v.line, v.valid, v.finished) for v in verdicts] == [
        (1, 1, False, False),
        (2, 5, True, True),
        (3, 23, True, False),
    ]
    assert verdicts[1].names == NAMES5
    assert verdicts[2].unchecked == (RULEBOOK_NOTE,)


def test_a_game_after_blank_lines_starts_on_its_first_line_that_is_not_blank() -> None:
    data = b'[Players "A" "B" "C"]\n*\n\n  \n; late\n[Players "A" "B" "C"]\n1. A Q9\n*\n'
    chunks = list(iter_chunks(data.splitlines(keepends=True), "b.ggn"))
    verdicts = validate_chunks([(chunk, "b.ggn", k) for k, chunk in enumerate(chunks, 1)])
    assert [chunk.first_line for chunk in chunks] == [1, 3]
    assert [verdict.line for verdict in verdicts] == [1, 5]
    # The problem keeps its own place: the card that cannot be read.
    assert [(p.line, p.column) for p in verdicts[1].problems] == [(7, 6)]
    assert validate_text("\n\n" + RULEBOOK, "r.ggn", first_line=10).line == 12


def test_a_chunk_that_cannot_be_decoded_is_a_syntax_verdict() -> None:
    chunk = next(iter(iter_chunks(FILE.splitlines(keepends=True), "club.ggn")))
    verdict = validate_chunk(chunk, "club.ggn", 1)
    message = (
        "this is not UTF-8 text: undecodable byte 0xe9 at byte offset 28"
        " ('é' in Latin-1); save the file as UTF-8"
    )
    assert verdict.messages == (f"club.ggn:2:12: {message}\n    1. Adam Y2 \ufffd\n{' ' * 15}^",)
    assert verdict.details == (
        {
            "code": "syntax",
            "message": message,
            "source": "club.ggn",
            "line": 2,
            "column": 12,
            "game": 1,
        },
    )
    assert verdict.rounds == 0 and verdict.event is None


def test_strict_chunks_stop_each_game_at_its_first_problem() -> None:
    text = (RULES / "wrong-decision-draw.ggn").read_bytes() + b"\n" + FILE
    chunks = list(iter_chunks(text.splitlines(keepends=True), "f.ggn"))
    verdicts = validate_chunks([(c, "f.ggn", k) for k, c in enumerate(chunks, 1)], strict=True)
    assert [len(v.problems) for v in verdicts] == [1, 1, 0, 0]
    assert verdicts[0].details[0]["code"] == "wrong-decision"
    assert verdicts[0].details[0]["repair"] is None


def test_verdicts_pickle() -> None:
    verdict = validate_text(X38_VALID, source="x38.ggn")
    assert pickle.loads(pickle.dumps(verdict)) == verdict


def test_validate_text_never_raises_for_a_strange_version() -> None:
    verdict = validate_text('[Notation "²"]\n[Players "A" "B" "C"]\n*\n')
    assert verdict.valid is False
    assert verdict.details[0]["code"] == "header"
