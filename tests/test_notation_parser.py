"""Reading: each construct of the notation, its variants, positions, and files of many games."""

from __future__ import annotations

import contextlib
import io
import pickle
from pathlib import Path

import pytest

from gargon_notation.cards import UNKNOWN, Card, Colour, HiddenCard
from gargon_notation.errors import NotationError
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
    Score,
    Tag,
    Termination,
    parse_game,
    parse_games,
    read_games,
)
from gargon_notation.notation.fast import Decline, parse_fast
from gargon_notation.notation.parser import grammar_text, parse_with_grammar

RULEBOOK = Path(__file__).parent / "data" / "valid" / "rulebook-round.ggn"
C = Card.parse
H = HiddenCard.parse


def both(text: str) -> GameRecord:
    """Read with the grammar; the fast reader must agree or decline."""
    record = parse_with_grammar(text)
    with contextlib.suppress(Decline):
        assert parse_fast(text) == record
    assert parse_game(text) == record
    return record


def test_the_rulebook_round() -> None:
    record = both(RULEBOOK.read_text(encoding="utf-8"))
    assert record.tag("Players") == Tag("Players", ["Adam", "Bernd", "Collette", "Dagmar"])
    assert record.setup[0] == Deal(
        "Adam", [C("Y2"), C("Y6"), C("R9")], comments=[Comment("the rest of his hand is not shown")]
    )
    assert record.setup[3] == Pile(1, [H("G?"), H("V?"), H("R?"), H("B?")])
    (round_,) = record.rounds
    assert round_.number == 1
    assert round_.actions[0] == Play("Adam", [C("Y2"), C("Y6"), C("R9")])
    assert round_.actions[1].piles == (1, 1, 2)  # type: ignore[union-attr]
    assert round_.actions[3].glyph == "!"
    assert [b.colour for b in round_.battles] == [Colour.YELLOW, Colour.RED, Colour.BLUE]
    assert round_.battles[1].draws == (Draw("Adam", 1), Draw("Collette", 2))
    assert round_.battles[2].comments == (
        Comment(" Dagmar wins the reds with R14", CommentKind.LINE),
    )
    assert record.termination == Termination(False)
    assert record.comments[0].kind is CommentKind.LINE


def test_a_pass_with_observations_and_an_empty_pass() -> None:
    record = both("1. Bernd pass 1:G? 1:R7 2, Collette pass\n*\n")
    first, second = record.rounds[0].actions
    assert first == Pass("Bernd", [PassDraw(1, H("G?")), PassDraw(1, C("R7")), PassDraw(2)])
    assert first.seen == (H("G?"), C("R7"), None)  # type: ignore[union-attr]
    assert second == Pass("Collette", [])


def test_battles_with_winners_forgotten_draws_and_observations() -> None:
    text = (
        "1. Adam R9, Bernd R0, Collette R0\n"
        "    fights R > - Adam (Bernd forgot, Collette 2:X?)\n*\n"
    )
    (battle,) = both(text).rounds[0].battles
    assert battle == Battle(
        Colour.RED, [Draw("Bernd", None), Draw("Collette", 2, UNKNOWN)], winners=(None, "Adam")
    )
    assert battle.draws[0].forgot


def test_a_finished_game_with_scores() -> None:
    record = both('1. Adam Y2\nend Adam 52, Bernd 1, "Anna Lena" 0 {final}\n')
    assert record.termination == Termination(
        True,
        [Score("Adam", 52), Score("Bernd", 1), Score("Anna Lena", 0)],
        comments=[Comment("final")],
    )
    assert both("end\n").termination == Termination(True)


def test_quoted_names_and_tag_escapes() -> None:
    record = both('[Players "Anna Lena" "Say \\"hi\\"" "a\\\\b"]\n1. "Anna Lena" Y2\n*\n')
    assert record.tags[0].values == ("Anna Lena", 'Say "hi"', "a\\b")
    assert record.rounds[0].actions[0].player == "Anna Lena"


@pytest.mark.parametrize(
    ("text", "cards", "glyph"),
    [
        ("1. Adam R9?\n*\n", [C("R9")], "?"),
        ("1. Adam R?\n*\n", [H("R?")], None),
        ("1. Adam R??\n*\n", [H("R?")], "?"),
        ("1. Adam R???\n*\n", [H("R?")], "??"),
        ("1. Adam R??!\n*\n", [H("R?")], "?!"),
        ("1. Adam X?!\n*\n", [UNKNOWN], "!"),
        ("1. Adam R9 ?\n*\n", [C("R9")], "?"),
        ("1. Adam r9 x? g?!?\n*\n", [C("R9"), UNKNOWN, H("G?")], "!?"),
    ],
)
def test_glyphs_after_cards(text: str, cards: list[object], glyph: str | None) -> None:
    (play,) = both(text).rounds[0].actions
    assert play.cards == tuple(cards)  # type: ignore[union-attr]
    assert play.glyph == glyph


def test_glyphs_and_nags_on_every_kind_of_action() -> None:
    text = (
        "1. Adam Y2! $1, Bernd pass 1?? $2 $3\n"
        "    fights G? $4 (Adam 1:R?!? $5, Bernd forgot!!)\n*\n"
    )
    round_ = both(text).rounds[0]
    assert [(a.glyph, a.nags) for a in round_.actions] == [("!", (1,)), ("??", (2, 3))]
    (battle,) = round_.battles
    assert (battle.colour, battle.glyph, battle.nags) == (Colour.GREEN, "?", (4,))
    assert [(d.seen, d.glyph, d.nags) for d in battle.draws] == [
        (H("R?"), "!?", (5,)),
        (None, "!!", ()),
    ]


def test_comments_attach_to_what_they_follow() -> None:
    text = (
        "{before the game}\n"
        '[Event "x"] {on the tag} ;rest of tag line\n'
        "deal Adam: Y2 {on the deal}\n"
        "1. {on the round} Adam Y2 {before comma}, {after comma} Bernd pass ;end of line\n"
        "    {next line} fights Y {on Y}, {after} R (Adam 1 {on draw}, {x} Bernd 2) {after draws}\n"
        "* {=annotated} ;last\n"
    )
    record = both(text)
    assert record.comments == (Comment("before the game"),)
    assert record.tags[0].comments == (
        Comment("on the tag"),
        Comment("rest of tag line", CommentKind.LINE),
    )
    assert record.setup[0].comments == (Comment("on the deal"),)
    round_ = record.rounds[0]
    assert round_.comments == (Comment("on the round"),)
    assert round_.actions[0].comments == (Comment("before comma"), Comment("after comma"))
    assert round_.actions[1].comments == (
        Comment("end of line", CommentKind.LINE),
        Comment("next line"),
    )
    assert round_.battles[0].comments == (Comment("on Y"), Comment("after"))
    assert round_.battles[1].draws[0].comments == (Comment("on draw"), Comment("x"))
    assert round_.battles[1].comments == (Comment("after draws"),)
    assert record.termination.comments == (
        Comment("annotated", CommentKind.ANNOTATION),
        Comment("last", CommentKind.LINE),
    )


def test_multi_line_brace_comments_keep_their_text_and_later_positions() -> None:
    record = both("1. Adam Y2 {one\ntwo\n}, Bernd Y3\n*\n")
    assert record.rounds[0].actions[0].comments == (Comment("one\ntwo\n"),)
    bernd = record.rounds[0].actions[1]
    assert (bernd.line, bernd.column) == (3, 4)


def test_layout_and_case_variants_read_the_same() -> None:
    canonical = "1. Adam Y2 R9, Bernd pass 1:G? 2\n    fights Y (Bernd 1)\n*\n"
    expected = both(canonical)
    for variant in [
        "1.Adam y2 r9,Bernd pass 1:g? 2 fights y(Bernd 1)*",
        "\ufeff1. Adam Y2 R9, Bernd pass 1:G? 2\r\n    fights Y (Bernd 1)\r\n*\r\n",
        "1.\tAdam  Y2\n R9 ,\n Bernd pass 1 : G?\t2\n\n  fights\n Y ( Bernd 1 )\n\n*",
        "1. Adam Y2 R9, Bernd pass 1:G? 2\r    fights Y (Bernd 1)\r*\r",
    ]:
        assert parse_game(variant) == expected, variant


def test_positions_of_elements() -> None:
    text = (
        '[Event "x"]\ndeal Adam: Y2\n1. Adam Y2, Bernd pass 1 2:R?\n'
        "    fights Y (Adam 1)\nend Adam 3\n"
    )
    for record in (parse_with_grammar(text), parse_fast(text)):
        tag, deal, round_ = record.tags[0], record.setup[0], record.rounds[0]
        assert (tag.line, tag.column) == (1, 2)
        assert (deal.line, deal.column) == (2, 6)
        assert (round_.line, round_.column) == (3, 1)
        play, pass_ = round_.actions
        assert (play.line, play.column, pass_.line, pass_.column) == (3, 4, 3, 13)
        assert [(d.line, d.column) for d in pass_.draws] == [(3, 24), (3, 26)]  # type: ignore[union-attr]
        battle = round_.battles[0]
        assert (battle.line, battle.column) == (4, 12)
        assert (battle.draws[0].line, battle.draws[0].column) == (4, 15)
        termination = record.termination
        assert (termination.line, termination.column) == (5, 1)
        assert (termination.scores[0].line, termination.scores[0].column) == (5, 5)


def test_positions_do_not_take_part_in_equality() -> None:
    assert Play("Adam", [C("Y2")], line=3, column=4) == Play("Adam", [C("Y2")])
    assert hash(Play("Adam", [C("Y2")], line=3)) == hash(Play("Adam", [C("Y2")]))


# ---- files of many games ---------------------------------------------------------------

MANY = (
    "{about the file}\n"
    '[Event "one"]\n'
    "1. Adam Y2\n"
    "* {same line: the termination's}\n"
    "\n"
    "{between: the next game's}\n"
    '[Event "two"] {a * and an end inside a comment}\n'
    "1. Adam Y3 {a comment\n"
    "* that spans lines}\n"
    "end Adam 1\n"
    "{after the last game}\n"
)


def test_games_are_split_at_their_termination_markers() -> None:
    one, two = parse_games(MANY)
    assert isinstance(one, GameRecord) and isinstance(two, GameRecord)
    assert one.comments == (Comment("about the file"),)
    assert one.termination.comments == (Comment("same line: the termination's"),)
    assert two.comments == (Comment("between: the next game's"),)
    assert two.rounds[0].actions[0].comments == (Comment("a comment\n* that spans lines"),)
    assert two.termination.comments == (Comment("after the last game"),)
    assert (two.tags[0].line, two.rounds[0].line, two.termination.line) == (7, 8, 10)


def test_streaming_from_bytes_text_and_paths(tmp_path: Path) -> None:
    expected = parse_games(MANY)
    path = tmp_path / "many.ggn"
    path.write_bytes(b"\xef\xbb\xbf" + MANY.replace("\n", "\r\n").encode("utf-8"))
    assert list(read_games(path)) == expected
    assert list(read_games(str(path))) == expected
    assert list(read_games(io.BytesIO(MANY.encode("utf-8")))) == expected
    assert list(read_games(io.StringIO(MANY))) == expected
    with path.open("rb") as handle:
        assert list(read_games(handle)) == expected


def test_streaming_reads_one_game_at_a_time() -> None:
    lines_read = 0

    def lines() -> object:
        nonlocal lines_read
        for _ in range(10_000):
            for line in ("1. Adam Y2\n", "*\n"):
                lines_read += 1
                yield line.encode()

    class Source(io.RawIOBase):
        """A stream that counts the lines it hands out (readers read it line by line)."""

        def __init__(self) -> None:
            self.pending = lines()

        def read(self, size: int | None = -1) -> bytes:
            return next(self.pending, b"")  # type: ignore[call-overload, no-any-return]

    games = read_games(Source())  # type: ignore[arg-type]
    first = next(games)
    assert isinstance(first, GameRecord)
    assert lines_read < 10  # the rest of the file has not been read


def test_a_broken_game_does_not_stop_the_others_unless_strict() -> None:
    text = "1. Adam Y2\n*\n\n1. Adam Q2\n*\n\n1. Bernd Y3\n*\n"
    first, broken, third = parse_games(text, source="f.ggn")
    assert isinstance(first, GameRecord) and isinstance(third, GameRecord)
    assert isinstance(broken, NotationError)
    assert (broken.source, broken.line, broken.column) == ("f.ggn", 4, 9)
    assert third.rounds[0].line == 7
    with pytest.raises(NotationError) as caught:
        parse_games(text, source="f.ggn", strict=True)
    assert caught.value.line == 4


def test_a_game_without_termination_is_cut_at_the_next_tag() -> None:
    text = '[Event "a"]\n1. Adam Y2\n\n[Event "b"]\n1. Adam Y2\n*\n'
    broken, good = parse_games(text)
    assert isinstance(broken, NotationError) and broken.line == 2
    assert isinstance(good, GameRecord) and good.tags[0].values == ("b",)


def test_empty_and_blank_files_hold_no_game() -> None:
    assert parse_games("") == []
    assert parse_games("\n\n  \n") == []


def test_the_grammar_ships_with_the_package() -> None:
    text = grammar_text()
    assert text.startswith("// Gargon notation")
    assert "termination:" in text


# ---- known tags ------------------------------------------------------------------------


def test_known_tags_are_read_on_demand() -> None:
    from gargon_notation.notation import tags

    record = parse_game(
        '[Notation "1"]\n[Date "2026.??.??"]\n[Players "Adam" "Bernd" "Collette"]\n'
        '[Start "Collette"]\n[Seed "abc"]\n[ZeroPair "3"]\n[Future "kept"]\n*\n'
    )
    assert tags.notation_version(record) == 1
    assert tags.date(record) == "2026.??.??"
    assert tags.players(record) == ("Adam", "Bernd", "Collette")
    assert tags.start(record) == "Collette"
    assert (tags.seed(record), tags.shuffle(record)) == ("abc", "sha256-fy-1")
    assert tags.ruleset_options(record) == {"zero_pair_multiplier": 3}
    assert record.tags[-1] == Tag("Future", ["kept"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Players "A" "B"]\n*', "Gargon is played by 3 to 5 players, not 2"),
        (
            '[Players "A" "B" "C"]\n[Start "D"]\n*',
            # B: a colour; each one letter from D
            "the start player 'D' is not one of the Players (A, \"B\", C); did you mean A, "
            '"B" or C?',
        ),
        (  # found by misspelling the start player in the recorder's set-up
            '[Players "Ann" "Bob" "Cy"]\n[Start "bob"]\n*',
            "the start player 'bob' is not one of the Players (Ann, Bob, Cy); did you mean Bob? "
            "(names are case-sensitive)",
        ),
        (
            '[Players " A" "B" "C"]\n*',
            'a player name may not begin or end with a space: write "A", not " A"',
        ),
        ('[Notation "one"]\n*', "the Notation version is a whole number, not 'one'"),
        (
            '[Date "22.11.2026"]\n*',
            "a Date is written YYYY.MM.DD (?? for unknown), not '22.11.2026'",
        ),
        ('[WonCardsFaceUp "maybe"]\n*', "WonCardsFaceUp is 'yes' or 'no', not 'maybe'"),
        ('[Seed "a" "b"]\n*', "tag Seed takes one value, not 2"),
    ],
)
def test_malformed_known_tags_are_reported_at_the_tag(text: str, message: str) -> None:
    from gargon_notation.notation import tags

    record = parse_game("\n" + text, source="t.ggn")
    accessors = [tags.players, tags.start, tags.notation_version, tags.date, tags.seed]
    with pytest.raises(NotationError) as caught:
        for accessor in accessors:
            accessor(record)
        tags.ruleset_options(record)
    assert caught.value.message == message
    offending = "Start" if "start player" in message else text[1 : text.index(" ")]
    assert (caught.value.source, caught.value.line) == ("t.ggn", record.tag(offending).line)  # type: ignore[union-attr]
    assert caught.value.line >= 2


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("1. Adam Y2 $" + "9" * 5000 + "\n*\n", 12),
        ("9" * 5000 + ". Adam Y2\n*\n", 1),
        ("1. Adam Y2\nend Adam " + "1" * 5000 + "\n", 10),
    ],
)
def test_huge_numbers_are_notation_errors(text: str, column: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_game(text)
    assert caught.value.message == "this number is too large"
    assert caught.value.column == column


@pytest.mark.parametrize(
    "text",
    [
        '[Players "Ann" "Bob" "Cy"]\n1. Ann R1 folds\n*\n',
        '[Players "Ann" "Bob" "Cy"]\n1234567890. Ann R1\n*\n',
    ],
    ids=["syntax", "number"],
)
def test_a_grammar_error_holds_no_lark_exception(text: str) -> None:
    """The error goes between processes (``--jobs``), pickled, with its context once
    ``distributed`` is imported (its tblib pickles contexts): lark's exception, whose parser
    state cannot be pickled, is neither its cause nor its context."""
    with pytest.raises(NotationError) as raised:
        parse_with_grammar(text, "x.ggn")
    error = raised.value
    assert (error.__cause__, error.__context__) == (None, None)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.line, copy.column) == (str(error), error.line, error.column)


def test_a_game_cut_from_a_larger_file_keeps_the_file_s_positions() -> None:
    record = parse_game("1. Adam Y2, Bernd Q3\n*\n".replace("Q3", "Y3"), first_line=40)
    assert (record.rounds[0].actions[1].line, record.rounds[0].actions[1].column) == (40, 13)
    with pytest.raises(NotationError) as caught:
        parse_game("1. Adam Y2, Bernd Q3\n*\n", source="f.ggn", first_line=40)
    assert (caught.value.line, caught.value.column) == (40, 19)
    assert caught.value.excerpt == "1. Adam Y2, Bernd Q3"
