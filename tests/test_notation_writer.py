"""Writing: the canonical form, exactly."""

from __future__ import annotations

from pathlib import Path

from gargon_notation.cards import UNKNOWN, Card, Colour, HiddenCard
from gargon_notation.notation import (
    Battle,
    Comment,
    CommentKind,
    Deal,
    Draw,
    GameRecord,
    Pass,
    PassDraw,
    Pile,
    Play,
    Round,
    Score,
    Tag,
    Termination,
    parse_game,
    write_game,
    write_games,
)
from gargon_notation.notation.writer import name_text

C = Card.parse
H = HiddenCard.parse
LINE = CommentKind.LINE
RULEBOOK = Path(__file__).parent / "data" / "valid" / "rulebook-round.ggn"


def test_the_rulebook_round_file_is_canonical() -> None:
    data = RULEBOOK.read_bytes()
    text = data.decode("utf-8")
    assert write_game(parse_game(text)).encode("utf-8") == data


def test_a_full_game() -> None:
    record = GameRecord(
        tags=[Tag("Notation", ["1"]), Tag("Players", ["Adam", "Bernd", "Anna Lena"])],
        setup=[Deal("Adam", [C("Y2"), H("R?")]), Deal("Bernd", []), Pile(2, [UNKNOWN])],
        rounds=[
            Round(
                1,
                [
                    Play("Adam", [C("Y2")], glyph="!", nags=[3]),
                    Pass("Bernd", [PassDraw(1), PassDraw(2, H("G?"))]),
                    Pass("Anna Lena", []),
                ],
                [
                    Battle(Colour.YELLOW, winners=("Adam",)),
                    Battle(
                        Colour.RED,
                        [Draw("Bernd", 1, C("R7"), glyph="?"), Draw("Anna Lena", None)],
                        winners=(None,),
                    ),
                ],
            ),
            Round(2, [Play("Adam", [H("R?")], glyph="?")]),
        ],
        termination=Termination(True, [Score("Adam", 12), Score("Anna Lena", 0)]),
    )
    assert write_game(record) == (
        '[Notation "1"]\n'
        '[Players "Adam" "Bernd" "Anna Lena"]\n'
        "deal Adam: Y2 R?\n"
        "deal Bernd:\n"
        "pile 2: X?\n"
        '1. Adam Y2! $3, Bernd pass 1 2:G?, "Anna Lena" pass\n'
        '    fights Y > Adam, R > - (Bernd 1:R7?, "Anna Lena" forgot)\n'
        "2. Adam R??\n"
        'end Adam 12, "Anna Lena" 0\n'
    )


def test_comments_go_before_the_comma_but_a_line_comment_after_it() -> None:
    record = GameRecord(
        rounds=[
            Round(
                3,
                [
                    Play("Adam", [C("Y2")], comments=[Comment("a"), Comment("b", LINE)]),
                    Play("Bernd", [C("Y3")], comments=[Comment("c")]),
                    Play("Dagmar", [C("Y4")], comments=[Comment("d", LINE), Comment("e")]),
                ],
                [
                    Battle(Colour.YELLOW, [Draw("Adam", 1, comments=[Comment("f", LINE)])]),
                    Battle(Colour.RED, comments=[Comment("g", CommentKind.ANNOTATION)]),
                ],
                comments=[Comment("r")],
            )
        ],
        termination=Termination(comments=[Comment("t", LINE), Comment("u")]),
        comments=[Comment("lead"), Comment("lead line", LINE)],
    )
    assert write_game(record) == (
        "{lead}\n"
        ";lead line\n"
        "3. {r} Adam Y2 {a}, ;b\n"
        "    Bernd Y3 {c}, Dagmar Y4 ;d\n"
        "    {e}\n"
        "    fights Y (Adam 1 ;f\n"
        "    ), R {=g}\n"
        "* ;t\n"
        "    {u}\n"  # indented: it stays with this game when a file of games is split
    )


def test_tag_and_setup_comments_stay_on_their_lines() -> None:
    record = GameRecord(
        tags=[Tag("Event", ['say "hi"'], comments=[Comment(" x ", LINE), Comment("y")])],
        setup=[Pile(1, [H("G?")], comments=[Comment("z")])],
    )
    assert write_game(record) == '[Event "say \\"hi\\""] ; x \n{y}\npile 1: G? {z}\n*\n'


def test_games_are_separated_by_one_blank_line() -> None:
    one = GameRecord(rounds=[Round(1, [Play("Adam", [C("Y2")])])])
    assert write_games([one, GameRecord()]) == "1. Adam Y2\n*\n\n*\n"
    assert write_games([]) == ""


def test_names_are_quoted_only_when_they_must_be() -> None:
    assert [name_text(n) for n in ["Adam", "Jürgen", "O'Neil", "Anna-Lena", "P2", "X"]] == [
        "Adam",
        "Jürgen",
        "O'Neil",
        "Anna-Lena",
        "P2",
        "X",
    ]
    assert [name_text(n) for n in ["Anna Lena", "R9", "r?", "pass", "End", "y", "2B", 'a"b']] == [
        '"Anna Lena"',
        '"R9"',
        '"r?"',
        '"pass"',
        '"End"',
        '"y"',
        '"2B"',
        '"a\\"b"',
    ]


def test_non_canonical_text_is_written_canonically() -> None:
    text = "1.adam y2  ,bernd pass 1 :g?\r\n fights y(adam 1)*"
    assert write_game(parse_game(text)) == (
        "1. adam Y2, bernd pass 1:G?\n    fights Y (adam 1)\n*\n"
    )


def test_one_action_is_written_without_its_comments() -> None:
    from gargon_notation.notation import write_action

    draw = Draw("Adam", 1, H("R?"), glyph="?", comments=[Comment("c")])
    battle = Battle(Colour.RED, [draw], winners=("Dagmar",), nags=[2], comments=[Comment("x")])
    assert write_action(battle) == "R $2 > Dagmar (Adam 1:R??)"
    assert write_action(draw) == "Adam 1:R??"
    assert write_action(Pass("Anna Lena", [PassDraw(2)], comments=[Comment("y", LINE)])) == (
        '"Anna Lena" pass 2'
    )


DOC = Path(__file__).parents[1] / "docs" / "notation.md"


def test_the_specification_examples_are_canonical() -> None:
    import re

    blocks = re.findall(r"```ggn\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    games = [b for b in blocks if b.endswith(("*\n", "end\n")) or "\nend " in b]
    assert len(games) >= 3
    for text in games:
        assert write_game(parse_game(text)) == text


def test_the_specification_quotes_the_grammar_rules() -> None:
    import re

    grammar = (Path(__file__).parents[1] / "grammar" / "gargon.lark").read_text(encoding="utf-8")
    rules = [line for line in grammar.splitlines() if re.match(r"\??[a-z_]+:", line)]
    doc = DOC.read_text(encoding="utf-8")
    for rule in rules:
        assert rule in doc, rule
