"""``gargon convert --seat``, ``gargon check-hidden`` and ``gargon merge`` through Typer's
CliRunner: what they write, what they print, and their exit codes (0 success; 1 a record that
leaks, contradicts another or cannot be given for the seat; 2 a usage or I/O error).

The organiser's record of ``test_seats`` (``club.ggn`` here) is the running example.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_seats import BOB, TABLE, TEXT
from typer.testing import CliRunner, Result

import gargon_notation as gg
from gargon_notation.cli import common, load_verbs
from gargon_notation.cli.program import app
from gargon_notation.cli.terminal import SafeConsole

load_verbs()

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


@pytest.fixture(autouse=True)
def _console(monkeypatch: pytest.MonkeyPatch) -> None:
    """80 columns, and no ``--no-color`` left behind on the shared consoles by a test."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(common.out, "no_color", common.out.no_color)
    monkeypatch.setattr(common.err, "no_color", common.err.no_color)


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch directory holding ``club.ggn`` (the organiser's record), as the cwd."""
    (tmp_path / "club.ggn").write_text(TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def gargon(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


# -- convert --seat ------------------------------------------------------------------------


def test_convert_writes_the_record_as_the_seat_knew_it(work: Path) -> None:
    result = gargon("convert", "club.ggn", "--seat", "Bob")
    assert result.exit_code == 0
    assert result.stdout == BOB
    assert result.stderr == ""
    assert gargon("convert", "club.ggn", "--seat", "Bob", "-o", "bob.ggn").exit_code == 0
    assert (work / "bob.ggn").read_text(encoding="utf-8") == BOB
    assert gargon("validate", "--quiet", "bob.ggn").exit_code == 0


def test_convert_for_the_public_and_in_json(work: Path) -> None:
    public = gargon("convert", "club.ggn", "--public")
    assert public.exit_code == 0
    assert "deal Bob: B? V? R? G? G? Y? Y? W? W? B?" in public.stdout.splitlines()
    as_json = gargon("convert", "club.ggn", "--seat", "Bob", "--to", "json")
    assert as_json.exit_code == 0
    (work / "bob.json").write_text(as_json.stdout, encoding="utf-8")
    assert json.loads(as_json.stdout)["format"] == "gargon-notation"
    again = gargon("convert", "bob.json", "--seat", "Bob")  # JSON in, JSON out
    assert again.exit_code == 0 and again.stdout == as_json.stdout
    assert gargon("convert", "bob.json", "--to", "ggn").stdout == BOB


def test_convert_reads_standard_input(work: Path) -> None:
    result = gargon("convert", "-", "--seat", "Bob", input=TEXT)
    assert result.exit_code == 0 and result.stdout == BOB


def test_convert_for_a_seat_not_at_the_table_writes_nothing(work: Path) -> None:
    """A usage error, as html --seat and svg --seat have it (exit 2; it was 1)."""
    result = gargon("convert", "club.ggn", "--seat", "bob", "-o", "bob.ggn")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "gargon: --seat bob: bob is not at this table (players: Ann, Bob, Cy); did you mean "
        "Bob? (names are case-sensitive)",
    ]
    assert not (work / "bob.ggn").exists()


def test_convert_for_a_seat_writes_the_games_it_played(work: Path) -> None:
    """Dagmar played games 2 and 3 of the club night: her record holds those two, and game 1
    is named as left out (nothing was written, game 1 lacking her); a name at no table is
    refused with the one it most likely means over every game."""
    club = EXAMPLES / "club-night.ggn"
    result = gargon("convert", club, "--seat", "Dagmar", "-o", "dagmar.ggn")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f"note: --seat Dagmar: {club} game 1 left out: Dagmar is not at its table\n"
    )
    games = list(gg.load(club, strict=True))
    expected = [gg.seat_record(games[number], "Dagmar") for number in (1, 2)]
    assert (work / "dagmar.ggn").read_text(encoding="utf-8") == gg.dumps(expected)
    wrong = gargon("convert", club, "--seat", "Dagma", "-o", "dagma.ggn")
    assert (wrong.exit_code, wrong.stdout) == (2, "")
    assert wrong.stderr == (
        "gargon: --seat Dagma: Dagma is not at any table (players: Adam, Bernd, Collette, "
        "Dagmar, Emil); did you mean Dagmar?\n"
    )
    assert not (work / "dagma.ggn").exists()


def test_convert_of_a_record_with_problems_writes_nothing(work: Path) -> None:
    (work / "broken.ggn").write_text(TEXT.replace("Bob B7 B1", "Bob B7 B1 B9"), encoding="utf-8")
    result = gargon("convert", "broken.ggn", "--seat", "Ann")
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == (
        "broken.ggn:12:4: game 1 \"Club night\", round 2, Bob (seat 2): 'Bob B7 B1 B9': Bob "
        "plays B7 B1 B9: three cards of one colour are never allowed [three-of-a-colour]"
    )
    assert lines[-1] == "broken.ggn: nothing written"


def test_convert_notes_what_it_leaves_out_and_comments_that_leak(work: Path) -> None:
    text = TEXT[: TEXT.index("2. Bob")] + "2. Bob B7 B1 {Cy holds Y9}, Cy pass 1\n*\n"
    (work / "cut.ggn").write_text(text, encoding="utf-8")
    result = gargon("convert", "cut.ggn", "--seat", "Ann")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-2:] == ["    fights W (Ann 1:Y8), R (Cy 2:G?)", "*"]
    assert result.stderr.splitlines() == [
        "note: cut.ggn:12:4: game 1: Bob's play and what follows it in round 2 are left out: "
        "its cards are still face down for Ann where the record stops"
    ]
    mine = gargon("convert", "cut.ggn", "--seat", "Bob")
    assert mine.exit_code == 1  # written, but not fit to publish as it is
    assert mine.stdout.splitlines()[-2] == "2. Bob B7 B1 {Cy holds Y9}, Cy pass 1"
    assert mine.stderr.splitlines() == [
        "warning: cut.ggn:12:24: Y9: named in a comment, but Bob had not seen it by the end of "
        "round 2; comments are copied as written: edit this one before publishing",
        "cut.ggn: written, with 1 value Bob could not have seen (warned above): edit what names "
        "it before publishing",
    ]


def test_convert_and_check_hidden_find_a_value_in_a_tag_of_free_text(work: Path) -> None:
    text = TEXT.replace('[Start "Ann"]\n', '[Start "Ann"]\n[Remark "Cy held G1 all game"]\n')
    (work / "remark.ggn").write_text(text, encoding="utf-8")
    result = gargon("convert", "remark.ggn", "--seat", "Bob", "-o", "bob.ggn")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "warning: remark.ggn:5:2: G1: named in the Remark tag, but Bob had not seen it by the "
        "deal; tag values are copied as written: edit this one before publishing",
        "remark.ggn: written, with 1 value Bob could not have seen (warned above): edit what "
        "names it before publishing",
    ]
    written = (work / "bob.ggn").read_text(encoding="utf-8")
    assert written == BOB.replace(
        '[Start "Ann"]\n', '[Start "Ann"]\n[Remark "Cy held G1 all game"]\n'
    )
    check = gargon("check-hidden", "bob.ggn", "--seat", "Bob")
    assert check.exit_code == 1
    assert check.stdout.splitlines() == [
        "bob.ggn:5:18: G1: named in the Remark tag, but Bob had not seen it by the deal",
        "LEAK bob.ggn: 1 value Bob could not have seen, in 1 of 1 game: not fit to publish for Bob",
    ]
    # Players, Start and the other tags of a structured value name players, not cards.
    named = TEXT.replace('"Cy"', '"B5"').replace("Cy ", '"B5" ').replace("Cy:", '"B5":')
    (work / "b5.ggn").write_text(named, encoding="utf-8")
    assert gargon("validate", "--quiet", "b5.ggn").exit_code == 0
    mine = gargon("convert", "b5.ggn", "--seat", "Bob", "-o", "b5-bob.ggn")
    assert (mine.exit_code, mine.stderr) == (0, "")
    clean = gargon("check-hidden", "b5-bob.ggn", "--seat", "Bob")
    assert clean.exit_code == 0


def test_convert_options_that_do_not_go_together(work: Path) -> None:
    both = gargon("convert", "club.ggn", "--seat", "Bob", "--public")
    assert both.exit_code == 2
    assert both.stderr == "gargon: --seat and --public: choose one\n"
    events = gargon("convert", "club.ggn", "--seat", "Bob", "--events")
    assert events.exit_code == 2
    assert "--events does not go with --seat or --public" in events.stderr
    plain = gargon("convert", "club.ggn")
    assert plain.exit_code == 2
    assert "Missing option '--to'." in plain.stderr
    wrong = gargon("convert", "club.ggn", "--seat", "Bob", "--to", "xml")
    assert wrong.exit_code == 2
    refusal = " ".join(re.sub("[│╭╮╰╯─]", " ", wrong.stderr).split())
    assert "'xml' is not one of 'ggn', 'json', 'jsonl', 'parquet'." in refusal


# -- check-hidden --------------------------------------------------------------------------


def test_check_hidden_passes_a_seats_own_record(work: Path) -> None:
    (work / "bob.ggn").write_text(BOB, encoding="utf-8")
    result = gargon("check-hidden", "bob.ggn", "--seat", "Bob")
    assert result.exit_code == 0
    assert result.stdout == "no leak: bob.ggn holds no value Bob could not have seen (1 game)\n"
    public = gargon("check-hidden", EXAMPLES / "table-record.ggn", "--public")
    assert public.exit_code == 0
    assert public.stdout.endswith(
        "table-record.ggn holds no value the public could not have seen (1 game)\n"
    )


def test_check_hidden_lists_each_leak_where_it_is_and_why(work: Path) -> None:
    (work / "bob.ggn").write_text(BOB.replace("1:R? 2", "1:R6 2"), encoding="utf-8")
    result = gargon("check-hidden", "bob.ggn", "--seat", "Bob")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "bob.ggn:12:25: R6: drawn by Cy from pile 1 in round 2: Bob saw only its back (R?)",
        "LEAK bob.ggn: 1 value Bob could not have seen, in 1 of 1 game: not fit to publish for Bob",
    ]
    table = gargon("check-hidden", "club.ggn", "--seat", "Ann")
    assert table.exit_code == 1
    assert table.stdout.splitlines()[0] == (
        "club.ggn:6:11: B7: in Bob's hand at the deal, which Ann saw only from the back (B?)"
    )
    assert table.stdout.splitlines()[-1] == (
        "LEAK club.ggn: 9 values Ann could not have seen, in 1 of 1 game: not fit to publish "
        "for Ann"
    )


def test_check_hidden_of_a_file_of_games_and_of_json(work: Path) -> None:
    (work / "two.ggn").write_text(BOB + "\n" + BOB.replace("1:R? 2", "1:R6 2"), encoding="utf-8")
    result = gargon("check-hidden", "two.ggn", "--seat", "Bob")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "two.ggn:27:25: R6: drawn by Cy from pile 1 in round 2: Bob saw only its back (R?)",
        "LEAK two.ggn: 1 value Bob could not have seen, in 1 of 2 games: not fit to publish "
        "for Bob",
    ]
    (work / "club.json").write_text(
        gargon("convert", "club.ggn", "--to", "json").stdout, encoding="utf-8"
    )
    from_json = gargon("check-hidden", "club.json", "--seat", "Cy")
    assert from_json.exit_code == 1
    assert from_json.stdout.splitlines()[0] == (
        "club.json: Y2: in Ann's hand at the deal, which Cy saw only from the back (Y?)"
    )


def test_check_hidden_needs_a_seat_and_a_readable_record(work: Path) -> None:
    neither = gargon("check-hidden", "club.ggn")
    assert neither.exit_code == 2
    assert neither.stderr == (
        "gargon: say whose record it is: --seat NAME (a player), or --public (everyone)\n"
    )
    missing = gargon("check-hidden", "nowhere.ggn", "--public")
    assert missing.exit_code == 2
    assert missing.stderr.startswith("gargon: nowhere.ggn: ")
    (work / "bad.ggn").write_text(TEXT.replace("Bob B7 B1", "Bob B7 B1x"), encoding="utf-8")
    bad = gargon("check-hidden", "bad.ggn", "--seat", "Bob")
    assert bad.exit_code == 1
    assert bad.stdout == ""
    assert bad.stderr.splitlines()[-1] == "bad.ggn: 1 game could not be checked"
    stranger = gargon("check-hidden", "club.ggn", "--seat", "Dee")
    assert stranger.exit_code == 1
    assert stranger.stderr.splitlines() == [
        "club.ggn:3:2: game 1: Dee is not at this table (players: Ann, Bob, Cy)",
        "club.ggn: 1 game could not be checked",
    ]
    (work / "empty.ggn").write_text("; nothing\n", encoding="utf-8")
    empty = gargon("check-hidden", "empty.ggn", "--public")
    assert empty.exit_code == 1
    assert empty.stderr == "gargon: empty.ggn: no game found\n"


def test_check_hidden_of_a_directory_a_pattern_and_stdin(work: Path) -> None:
    (work / "pub").mkdir()
    (work / "pub" / "bob.ggn").write_text(BOB, encoding="utf-8")
    (work / "pub" / "leaky.ggn").write_text(BOB.replace("1:R? 2", "1:R6 2"), encoding="utf-8")
    (work / "pub" / "empty.ggn").write_text("; nothing yet\n", encoding="utf-8")
    result = gargon("check-hidden", "pub", "-", "--seat", "Bob", input=BOB)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "no leak: pub/bob.ggn holds no value Bob could not have seen (1 game)",
        "pub/leaky.ggn:12:25: R6: drawn by Cy from pile 1 in round 2: Bob saw only its back (R?)",
        "LEAK pub/leaky.ggn: 1 value Bob could not have seen, in 1 of 1 game: not fit to "
        "publish for Bob",
        "no leak: <stdin> holds no value Bob could not have seen (1 game)",
        "4 files checked for Bob: 2 without a leak, 1 with leaks; 1 could not be checked "
        "(see above)",
    ]
    assert result.stderr == "gargon: pub/empty.ggn: no game found\n"
    clean = gargon("check-hidden", "pub/b*.ggn", "-", "--seat", "Bob", input=BOB)
    assert clean.exit_code == 0
    assert clean.stdout.splitlines()[-1] == (
        "2 files checked for Bob: 2 without a leak, 0 with leaks"
    )
    missing = gargon("check-hidden", "pub", "nowhere.ggn", "--seat", "Bob")
    assert (missing.exit_code, missing.stdout) == (2, "")
    assert missing.stderr == "gargon: nowhere.ggn: no such file or directory\n"


def test_check_hidden_no_color_writes_no_escape_codes(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its verdicts are green and red where colours are wanted (``FORCE_COLOR``), and
    ``--no-color`` prints the same text with no escape code on either stream."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setattr(common, "out", SafeConsole(highlight=False, soft_wrap=True))
    monkeypatch.setattr(common, "err", SafeConsole(stderr=True, highlight=False, soft_wrap=True))
    (work / "bob.ggn").write_text(BOB, encoding="utf-8")
    (work / "leaky.ggn").write_text(BOB.replace("1:R? 2", "1:R6 2"), encoding="utf-8")
    (work / "empty.ggn").write_text("; nothing yet\n", encoding="utf-8")
    paths = ["bob.ggn", "leaky.ggn", "empty.ggn", "--seat", "Bob"]
    coloured = gargon("check-hidden", *paths)
    plain = gargon("check-hidden", *paths, "--no-color")
    assert coloured.exit_code == plain.exit_code == 1
    assert "\x1b[1;32mno leak: bob.ggn" in coloured.stdout
    assert "\x1b[1;31mLEAK leaky.ggn" in coloured.stdout
    assert "\x1b[1;31mgargon: empty.ggn: no game found" in coloured.stderr
    assert "\x1b" not in plain.stdout + plain.stderr
    assert plain.stdout.splitlines() == [
        "no leak: bob.ggn holds no value Bob could not have seen (1 game)",
        "leaky.ggn:12:25: R6: drawn by Cy from pile 1 in round 2: Bob saw only its back (R?)",
        "LEAK leaky.ggn: 1 value Bob could not have seen, in 1 of 1 game: not fit to publish "
        "for Bob",
        "3 files checked for Bob: 1 without a leak, 1 with leaks; 1 could not be checked "
        "(see above)",
    ]
    assert plain.stderr == "gargon: empty.ggn: no game found\n"


# -- merge ---------------------------------------------------------------------------------


def test_merge_of_every_seats_record_gives_the_table_record(work: Path) -> None:
    for name in ("Ann", "Bob", "Cy"):
        assert gargon("convert", "club.ggn", "--seat", name, "-o", f"{name}.ggn").exit_code == 0
    result = gargon("merge", "Ann.ggn", "Bob.ggn", "Cy.ggn")
    assert result.exit_code == 0
    assert result.stdout == TABLE
    assert result.stderr == ""
    written = gargon("merge", "Ann.ggn", "Bob.ggn", "Cy.ggn", "-o", "table.ggn")
    assert written.exit_code == 0 and written.stdout == ""
    assert (work / "table.ggn").read_text(encoding="utf-8") == TABLE
    assert gargon("validate", "--quiet", "table.ggn").exit_code == 0
    as_json = gargon("merge", "Ann.ggn", "Bob.ggn", "--to", "json")
    assert as_json.exit_code == 0 and json.loads(as_json.stdout)["format"] == "gargon-notation"


def test_merge_of_files_of_several_games(work: Path) -> None:
    (work / "a.ggn").write_text(TEXT + "\n" + BOB, encoding="utf-8")
    (work / "b.ggn").write_text(BOB + "\n" + TEXT, encoding="utf-8")
    result = gargon("merge", "a.ggn", "b.ggn")
    assert result.exit_code == 0
    both = TEXT.replace("Bob pass 1 2:B1", "Bob pass 1:W4 2:B1").replace(" {=hand 8}", "")
    assert result.stdout == both + "\n" + both
    (work / "c.ggn").write_text(TEXT, encoding="utf-8")
    uneven = gargon("merge", "a.ggn", "c.ggn")
    assert uneven.exit_code == 1
    assert uneven.stderr.splitlines() == [
        "nothing written: the files do not hold the same games (a.ggn 2 games, c.ggn 1 game)"
    ]


def test_merge_of_a_directory_of_records_and_of_stdin(work: Path) -> None:
    both = TEXT.replace("Bob pass 1 2:B1", "Bob pass 1:W4 2:B1").replace(" {=hand 8}", "")
    (work / "seats").mkdir()
    (work / "seats" / "a.ggn").write_text(TEXT, encoding="utf-8")
    (work / "seats" / "b.ggn").write_text(BOB, encoding="utf-8")
    result = gargon("merge", "seats")
    assert (result.exit_code, result.stdout, result.stderr) == (0, both, "")
    piped = gargon("merge", "seats/a*.ggn", "-", input=BOB)
    assert (piped.exit_code, piped.stdout) == (0, both)
    twice = gargon("merge", "-", "seats", "-", input=TEXT)
    assert (twice.exit_code, twice.stderr) == (
        2,
        "gargon: - (standard input) can be read once: give it once\n",
    )
    alone = gargon("merge", "seats/a.ggn")
    assert (alone.exit_code, alone.stderr) == (
        2,
        "gargon: merge needs at least two records of the game, and seats/a.ggn is the only input\n",
    )


def test_merge_reports_every_contradiction_with_both_places(work: Path) -> None:
    (work / "cy.ggn").write_text(
        gargon("convert", "club.ggn", "--seat", "Cy").stdout.replace("2:G7", "2:G9"),
        encoding="utf-8",
    )
    (work / "other.ggn").write_text(TEXT.replace("pile 1: W4 Y8", "pile 1: W4 Y9"), "utf-8")
    result = gargon("merge", "club.ggn", "cy.ggn", "other.ggn", "-o", "merged.ggn")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "other.ggn:8:12: Y9 here, but club.ggn:8:12 has Y8: card 2 of pile 1 at the deal",
        "cy.ggn:11:31: G9 here, but club.ggn:11:31 has G7: the card Cy drew from pile 2 after "
        "the red fight of round 1",
        "nothing written: the records contradict one another",
    ]
    assert not (work / "merged.ggn").exists()


def test_merge_refuses_records_of_different_games(work: Path) -> None:
    (work / "other.ggn").write_text(TEXT.replace('[Start "Ann"]', '[Start "Bob"]'), "utf-8")
    result = gargon("merge", "club.ggn", "other.ggn")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "other.ggn:4:2: not the same game as club.ggn:4:2: Bob starts here, but Ann there",
        "nothing written: the records contradict one another",
    ]


def test_merge_usage_and_unreadable_records(work: Path) -> None:
    alone = gargon("merge", "club.ggn")
    assert alone.exit_code == 2
    assert alone.stderr == (
        "gargon: merge needs at least two records of the game, and club.ggn is the only input\n"
    )
    (work / "bad.ggn").write_text(TEXT.replace("Bob B7 B1", "Bob B7 B1x"), encoding="utf-8")
    bad = gargon("merge", "club.ggn", "bad.ggn")
    assert bad.exit_code == 1
    assert bad.stderr.splitlines()[-1] == "nothing written: a record could not be read"
    missing = gargon("merge", "club.ggn", "nowhere.ggn")
    assert missing.exit_code == 2
    wrong = gargon("merge", "club.ggn", "club.ggn", "--to", "xml")
    assert wrong.exit_code == 2
    assert "Invalid value for '--to': 'xml' is not one of 'ggn', 'json', 'jsonl'." in wrong.stderr
