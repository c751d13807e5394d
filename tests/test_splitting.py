"""Splitting a file into games (docs/notation.md, 11.1): never a phantom game, never a lost
one, and comments stay with their game."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import attrs
import pytest
from in_process import CliRunner

from gargon_notation import loads
from gargon_notation.cli import app
from gargon_notation.jsonio import dumps as json_dumps
from gargon_notation.jsonio import loads as json_loads
from gargon_notation.notation import lines, scan, stream, write_games
from gargon_notation.notation.model import Comment, CommentKind

ROOT = Path(__file__).resolve().parents[1]
CLUB = (ROOT / "examples" / "club-night.ggn").read_text(encoding="utf-8")
RULEBOOK = (ROOT / "examples" / "rulebook-round.ggn").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


def validate(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, ["validate", *args])
    return result.exit_code, result.stdout.splitlines()


def test_a_stray_first_line_is_an_error_of_the_game_it_sits_in(tmp_path: Path) -> None:
    path = tmp_path / "thursday.ggn"
    path.write_text("# Thursday club night\n" + RULEBOOK, encoding="utf-8")
    code, lines = validate(str(path))
    assert code == 1
    assert lines[0] == f"INVALID {path} game 1: 1 problem"
    assert lines[1].startswith(f"  {path}:1:1: expected a tag like")
    assert lines[-1] == "1 game in 1 file: 0 valid, 1 invalid"


def test_forty_files_with_stray_lines_count_forty_games(tmp_path: Path) -> None:
    for number in range(40):
        text = RULEBOOK
        if number % 3 == 0:
            text = "# Thursday\n" + text
        if number % 5 == 0:
            text = text + "-- end of file --\n"
        (tmp_path / f"game{number:02}.ggn").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", "--json", str(tmp_path)])
    summary = json.loads(result.stdout)["summary"]
    assert (summary["files"], summary["games"]) == (40, 40)
    assert summary["invalid"] == len([n for n in range(40) if n % 3 == 0 or n % 5 == 0])


def test_text_after_the_last_game_belongs_to_it(tmp_path: Path) -> None:
    path = tmp_path / "tail.ggn"
    path.write_text('[Players "A" "B" "C"]\n*\n# trailing words\n', encoding="utf-8")
    code, lines = validate(str(path))
    assert code == 1
    assert lines[1] == (
        f"  {path}:3:1: only comments may follow the end of the game ('*' or 'end'), not '#'"
    )
    assert lines[-1] == "1 game in 1 file: 0 valid, 1 invalid"


def test_games_written_on_the_line_of_their_tags_are_two_games() -> None:
    text = '[Players "A" "B" "C"] 1. A R1 *\n[Players "A" "B" "C"] 1. A R2 *\n'
    first, second = loads(text, strict=True)
    assert [str(play.cards[0]) for play in first.rounds[0].actions] == ["R1"]  # type: ignore[union-attr]
    assert [str(play.cards[0]) for play in second.rounds[0].actions] == ["R2"]  # type: ignore[union-attr]


def test_comments_after_a_line_comment_on_the_termination_stay_with_their_game(
    tmp_path: Path,
) -> None:
    club = list(loads(CLUB, strict=True))
    first = club[0]
    comments = (
        Comment(" first", CommentKind.LINE),
        Comment("second"),
        Comment(" third", CommentKind.LINE),
        Comment("fourth"),
    )
    first = attrs.evolve(first, termination=attrs.evolve(first.termination, comments=comments))
    records = [first, *club[1:]]
    text = write_games(records)
    assert "end Adam 35, Bernd 54, Collette 46 ; first\n    {second} ; third\n    {fourth}\n" in (
        text
    )
    again = list(loads(text, strict=True))
    assert again == records
    assert json_loads(json_dumps(again)) == records
    # The notation written from JSON is canonical: fmt --check finds nothing to do.
    path = tmp_path / "club.json"
    path.write_text(json_dumps(records), encoding="utf-8")
    converted = CliRunner().invoke(app, ["convert", str(path), "--to", "ggn"])
    assert converted.exit_code == 0
    checked = CliRunner().invoke(app, ["fmt", "--check", "-"], input=converted.stdout)
    assert checked.exit_code == 0, checked.stderr


def test_movetext_lines_that_may_end_or_start_a_game_are_looked_at() -> None:
    """Most movetext lines are only kept; not those with a comment, a ``*``, the word
    ``end`` or a tag, which may end a game or start the next."""
    text = (
        '[Players "Wendy" "Bob" "Cy"]\n'
        "1. Wendy R1, Bob R2, Cy R3\n"  # "end" in a name ends nothing
        "    fights R\n"
        "2. Bob R4 {a * here\n"  # nor do "*" and "end" in a comment
        "end} Cy R5\n"
        "3. Cy R6\n"
        "end Wendy 1, Bob 2, Cy 3\n"
        '[Players "A" "B" "C"]\n'
        "1. A R1\n"
        '[Players "D" "E" "F"]\n'  # a tag after movetext starts a game
        "1. D R1 ; a * in a comment\n"
        "*\n"
    )
    lines = stream.decode_lines(io.BytesIO(text.encode("utf-8")), "f.ggn")
    chunks = list(stream.split_games(lines, "f.ggn"))
    assert [(c.first_line, c.lines, c.closed, c.error) for c in chunks] == [
        (1, 7, True, None),
        (8, 2, False, None),
        (10, 3, True, None),
    ]
    assert "".join(chunk.text for chunk in chunks) == text


FULL = (ROOT / "examples" / "full-game.ggn").read_bytes()
STRAY = (
    "expected a tag like [Event \"...\"], 'deal', 'pile', a round number like '1.', or the "
    "end of the game ('*' or 'end'), not '#'"
)


def among_the_tags(tmp_path: Path, line: bytes, at: int = 3, *, instead: bool = False) -> Path:
    """examples/full-game.ggn with ``line`` after its first ``at`` lines (its tags begin on
    line 2 and end on line 10), or instead of its line ``at``."""
    lines = FULL.splitlines(keepends=True)
    path = tmp_path / "thursday.ggn"
    path.write_bytes(b"".join(lines[: at - instead]) + line + b"".join(lines[at:]))
    return path


def test_a_stray_line_among_the_tags_leaves_one_invalid_game(tmp_path: Path) -> None:
    """docs/notation.md 11.1: a line beginning with '[' starts a game only after the setup or
    rounds began; a stray line before them is this game's error, not its end."""
    path = among_the_tags(tmp_path, b"# Thursday club night\n")
    code, lines = validate(str(path))
    assert code == 1
    assert lines == [
        f"INVALID {path} game 1: 1 problem",
        f"  {path}:4:1: {STRAY}",
        "      # Thursday club night",
        "      ^",
        "1 game in 1 file: 0 valid, 1 invalid",
    ]
    filtered = CliRunner().invoke(app, ["filter", str(path), "--valid"])
    assert (filtered.exit_code, filtered.stdout_bytes) == (1, b"")
    assert filtered.stderr.splitlines()[0] == f"{path}:4:1: {STRAY}"
    assert filtered.stderr.endswith("gargon: 1 game could not be read or copied and was left out\n")
    stats = CliRunner().invoke(app, ["stats", "--json", str(path)])
    summary = json.loads(stats.stdout)
    assert (summary["games"], summary["counted"], summary["endings"]["invalid"]) == (1, 0, 1)
    copied = CliRunner().invoke(app, ["cat", str(path)])
    assert (copied.exit_code, copied.stdout_bytes) == (0, path.read_bytes())


STAR_NOTE = (
    "only comments may follow the end of the game ('*' or 'end'), not 'Thursday': to write "
    "a note, make the line a comment: '; * Thursday club night'"
)


def test_a_note_beginning_with_a_star_among_the_tags_leaves_one_invalid_game(
    tmp_path: Path,
) -> None:
    """A '*' ends a game only as the bare marker (only comments may follow it, 2.1 and 7): a
    note such as '* Thursday club night' among the tags is a stray line, as '# ...' is, and
    the tags after it are the same game's, not a game of their own."""
    path = among_the_tags(tmp_path, b"* Thursday club night\n")
    code, lines = validate(str(path))
    assert code == 1
    assert lines == [
        f"INVALID {path} game 1: 1 problem",
        f"  {path}:4:3: {STAR_NOTE}",
        "      * Thursday club night",
        "        ^",
        "1 game in 1 file: 0 valid, 1 invalid",
    ]
    filtered = CliRunner().invoke(app, ["filter", str(path), "--valid"])
    assert (filtered.exit_code, filtered.stdout_bytes) == (1, b"")
    assert filtered.stderr.splitlines()[0] == f"{path}:4:3: {STAR_NOTE}"
    copied = CliRunner().invoke(app, ["cat", str(path)])
    assert (copied.exit_code, copied.stdout_bytes) == (0, path.read_bytes())


def test_a_note_beginning_with_a_star_between_games_belongs_to_the_next(tmp_path: Path) -> None:
    """Before a game's tags, too, '* Thursday club night' is a stray line of the game that
    follows it, not a game of its own."""
    path = tmp_path / "thursday.ggn"
    path.write_bytes(FULL + b"* Thursday club night\n" + RULEBOOK.encode("utf-8"))
    code, lines = validate(str(path))
    assert code == 1
    assert lines[0].startswith(f'ok {path} game 1 "Full game with its deal written out": valid')
    assert lines[1:4] == [
        f"INVALID {path} game 2: 1 problem",
        f"  {path}:37:3: {STAR_NOTE}",
        "      * Thursday club night",
    ]
    assert lines[-1] == "2 games in 1 file: 1 valid, 1 invalid"


def test_a_game_with_a_stray_line_is_copied_whole(tmp_path: Path) -> None:
    """split --games 1 writes one file a game: the broken game whole, byte for byte."""
    path = among_the_tags(tmp_path, b"# Thursday club night\r\n")
    broken = path.read_bytes()
    path.write_bytes(broken + b"\n" + RULEBOOK.encode("utf-8"))
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["split", str(path), "--games", "1", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert sorted(file.name for file in out.iterdir()) == ["games-0001.ggn", "games-0002.ggn"]
    assert (out / "games-0001.ggn").read_bytes() == broken
    assert (out / "games-0002.ggn").read_bytes() == b"\n" + RULEBOOK.encode("utf-8")


def test_a_lone_cr_in_a_tag_value_leaves_one_invalid_game(tmp_path: Path) -> None:
    """A lone CR ends a line (1.3), so the value is not closed on its line: one game, whose
    error is the open quote; the rest of the value does not begin the movetext."""
    line = b'[Event "Full game\rwith its deal written out"]\n'
    path = among_the_tags(tmp_path, line, instead=True)
    code, lines = validate(str(path))
    assert code == 1
    assert lines == [
        f"INVALID {path} game 1: 1 problem",
        f"  {path}:3:8: this quoted text is not closed on its line",
        '      [Event "Full game',
        "             ^",
        "1 game in 1 file: 0 valid, 1 invalid",
    ]
    filtered = CliRunner().invoke(app, ["filter", str(path), "--valid"])
    assert (filtered.exit_code, filtered.stdout_bytes) == (1, b"")
    copied = CliRunner().invoke(app, ["cat", str(path)])
    assert (copied.exit_code, copied.stdout_bytes) == (0, path.read_bytes())


def test_a_comment_holding_tags_and_whole_games_stays_one_comment(tmp_path: Path) -> None:
    """Lines commented out with braces (an old header, whole games) are a comment, however
    they look: the file splits as without them (a change that began games at such lines, to
    bound a '{' never closed, made these files invalid and brought a commented-out game
    back; found by a review)."""
    rulebook = RULEBOOK.splitlines(keepends=True)
    at = next(k for k, line in enumerate(rulebook) if line.startswith("[Start "))
    old_header = '{ header as first written:\n[Event "Club cup"]\n[Players "A" "B" "C"]\n}\n'
    path = tmp_path / "commented.ggn"
    path.write_text("".join(rulebook[:at]) + old_header + "".join(rulebook[at:]), "utf-8")
    code, lines = validate(str(path))
    assert (code, lines[-1]) == (0, "1 game in 1 file: 1 valid, 0 invalid")
    plain = re.sub(r"\{[^}]*\}", "", RULEBOOK)  # braces do not nest: none inside
    games = "{ two games left out:\n" + plain + "\n" + plain + "}\n"
    path = tmp_path / "commented2.ggn"
    path.write_text(RULEBOOK + "\n" + games + "\n" + RULEBOOK, "utf-8")
    code, lines = validate(str(path))
    assert (code, lines[-1]) == (0, "2 games in 1 file: 2 valid, 0 invalid")


def test_an_error_after_a_comment_that_ran_on_says_where_the_comment_began(
    tmp_path: Path,
) -> None:
    """A '{' left open among the tags is closed by the next '}' (here a comment in the first
    round, 14 lines below): the error, after that '}', says where the comment began and what
    to do, not only what was expected there."""
    path = among_the_tags(tmp_path, b"{ Thursday club night\n")
    code, lines = validate(str(path))
    assert code == 1
    assert lines[:2] == [
        f"INVALID {path} game 1: 1 problem",
        f"  {path}:18:66: expected a tag like [Event \"...\"], 'deal', 'pile', a round number "
        "like '1.', or the end of the game ('*' or 'end'), not ',' (after a comment that runs "
        "from line 4, column 1: close it with '}' where it should end)",
    ]
    assert lines[-1] == "1 game in 1 file: 0 valid, 1 invalid"


def chunks_of(text: str) -> list[tuple[int, int, bool]]:
    lines = stream.decode_lines(io.BytesIO(text.encode("utf-8")), "f.ggn")
    chunks = list(stream.split_games(lines, "f.ggn"))
    assert "".join(chunk.text for chunk in chunks) == text.replace("\r", "\n")
    return [(chunk.first_line, chunk.lines, chunk.closed) for chunk in chunks]


TAGS = '[Event "a"]\n[Players "A" "B" "C"]\n'
GAME = '[Event "b"]\n[Players "A" "B" "C"]\n1. A R2\n*\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[Event "a"]\n# Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n// Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"] Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 4), (5, 4)]),
        ('[Event "a"]\nEvent "x"]\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n# the end, at last *\n[Players "A" "B" "C"]\n1. A R1\n*\n', [(1, 5)]),
        ('[Event "a\rb"]\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a\rb"] [Players "A" "B" "C"] 1. A R1 *\n' + GAME, [(1, 2), (3, 4)]),
        ('[Event "a"]\n\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        (TAGS + "Thursday, at Anna's\n1. A R1\n*\n" + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n[Players "A"\n"B" "C"]\n[Start "A"]\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n[Players "A"\n"B" "C"] *\n' + GAME, [(1, 3), (4, 4)]),
        ('[Event "a"]\n[\nPlayers "A" "B" "C"] *\n' + GAME, [(1, 3), (4, 4)]),
        (TAGS + "1. A R1\n" + GAME, [(1, 3), (4, 4)]),
        (TAGS + "deal A: R1\n" + GAME, [(1, 3), (4, 4)]),
        (TAGS + GAME, [(1, 6)]),
        ('[Players "A" "B" "C"\n1. A R1\n*\n' + GAME, [(1, 3), (4, 4)]),
        ('[Event "x\n1. A "A B" R1\nend "A B" 3\n' + GAME + GAME, [(1, 3), (4, 4), (8, 4)]),
        (TAGS + "A won on the night\n\n" + GAME, [(1, 4), (5, 4)]),
        ('[Event "a"]\n[Event "b"]\n[Players "A" "B" "C"]\n1. A R1\n*\n', [(1, 5)]),
        ('[Event "a"]\n* Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n*Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n* "Thursday"\n[Players "A" "B" "C"]\n1. A R1\n*\n', [(1, 5)]),
        ('[Event "a"] * Thursday\n[Players "A" "B" "C"]\n1. A R1\n*\n' + GAME, [(1, 4), (5, 4)]),
        (GAME + "* Thursday\n" + GAME, [(1, 4), (5, 5)]),
        ("* Thursday\n" + GAME + GAME, [(1, 5), (6, 4)]),
        ('[Event "a"]\n* {Thursday} ; club night\n[Players "A" "B" "C"]\n*\n', [(1, 2), (3, 2)]),
        (TAGS + "1. A R1\n* Thursday\n1. A R2\n*\n", [(1, 4), (5, 2)]),
    ],
    ids=[
        "hash-line",
        "slashes-line",
        "text-after-a-tag",
        "typo-line",
        "end-and-star-in-a-stray-line",
        "lone-cr-in-a-value",
        "lone-cr-in-a-value-of-a-game-on-one-line",
        "blank-line",
        "text-before-round-1",
        "tag-over-two-lines-then-a-tag",
        "tag-over-two-lines-then-the-end",
        "tag-name-on-the-next-line",
        "no-termination-after-a-round",
        "no-termination-after-setup",
        "no-termination-tags-only",
        "tag-without-its-bracket",
        "value-never-closed-then-rounds-with-quotes",
        "tags-only-with-a-note-and-no-ending",
        "a-tag-repeated-without-a-stray-line",
        "star-note-line",
        "star-note-line-without-a-blank",
        "star-then-a-quoted-value",
        "star-note-after-a-tag",
        "star-note-between-games",
        "star-note-before-the-first-game",
        "star-with-comments-only-is-the-ending",
        "star-then-text-after-a-round-still-ends-the-game",
    ],
)
def test_where_games_begin_and_end_around_a_game_s_tags(
    text: str, expected: list[tuple[int, int]]
) -> None:
    """A line beginning with '[' begins a game only once the setup, rounds or termination
    began (a line beginning with 'deal', 'pile', '1.', '*' or 'end', after any tags), and a
    '*' or 'end' ends a game only there: stray text, a blank line, a tag over two lines or a
    value cut by a lone CR begin neither."""
    assert [(first, lines) for first, lines, _ in chunks_of(text)] == expected


@pytest.mark.parametrize(
    "lines",
    [
        b"# Thursday club night\n",
        b"# Thursday club night\n{Notes:\n1. Adam came late}\n",
        b"# Thursday club night\n{at Anna's}\n",
    ],
    ids=["stray-line", "then-a-comment-with-a-round-number", "then-a-comment"],
)
def test_a_game_with_a_stray_line_among_its_tags_is_filed_by_none_of_its_tags(
    tmp_path: Path, lines: bytes
) -> None:
    """split --by reads the tags only (the header-only scan): tags after a stray line are the
    game's too, so the game is not filed under the tags before the line alone
    (``no-players``); it is left out with its error.  The scan reads the lines after the
    stray line as the splitter does: a '1.' in a comment begins no movetext."""
    path = among_the_tags(tmp_path, lines)
    out = tmp_path / "by-player"
    result = CliRunner().invoke(app, ["split", str(path), "--by", "player", "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == f"{path}:4:1: {STRAY}"
    assert not out.exists() or not list(out.iterdir())


def test_the_names_of_lines_and_scan_are_still_importable_from_stream() -> None:
    """What notation.stream held before the bounded reading of lines (notation.lines) and
    the scan of a line's text (notation.scan) were modules of their own."""
    assert stream.MAX_LINE_BYTES is lines.MAX_LINE_BYTES
    assert stream.bounded_lines is lines.bounded_lines
    assert stream.decode_lines is lines.decode_lines
    assert stream.GAME_LINE is scan.GAME_LINE
    assert stream.game_line is scan.game_line
    assert stream.json_like is scan.json_like
    assert stream.line_text is scan.line_text
    assert stream.looks_like_json is scan.looks_like_json
    assert set(stream.__all__) >= {"MAX_LINE_BYTES", "bounded_lines", "decode_lines", "GAME_LINE"}
