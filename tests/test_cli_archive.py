"""``gargon filter``, ``cat`` and ``split`` through Typer's CliRunner, on the archive of
tests/test_archive.py: the exact bytes written, what is reported, and the exit codes (0 done,
1 a game left out, 2 usage or I/O)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_archive import (
    CLUB,
    CLUB_1,
    CLUB_2,
    CLUB_3,
    HOME,
    HOME_1,
    HOME_2,
    HOME_BROKEN,
    archive_dir,
)
from tournament import SPRING_CUP
from typer.testing import CliRunner, Result

from gargon_notation import files
from gargon_notation.archive import replay_facts
from gargon_notation.cli import app
from gargon_notation.notation import parse_game

__all__ = ["archive_dir"]  # the fixture, shared


def gargon(*args: str | Path, input: bytes | None = None) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


def test_filter_writes_the_matching_games_byte_for_byte(archive_dir: Path) -> None:
    result = gargon("filter", archive_dir, "--player", "Dan")
    assert result.exit_code == 0, result.stderr
    assert result.stdout_bytes == CLUB_2 + CLUB_3 + HOME_2.encode()
    assert result.stderr == ""


def test_filter_with_not_and_several_conditions(archive_dir: Path) -> None:
    result = gargon("filter", archive_dir, "--player", "Ann", "--not", "--event", "home")
    assert result.stdout_bytes == CLUB_1 + CLUB_2
    result = gargon("filter", archive_dir, "--not", "--player", "Ann", "--event", "home")
    assert result.stdout_bytes == HOME_2.encode()


def test_filter_to_a_file_and_a_glob(archive_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "club.ggn"
    result = gargon("filter", str(archive_dir / "c*.ggn"), "--site", "Lyon", "-o", target)
    assert result.exit_code == 0 and result.stdout_bytes == b""
    assert target.read_bytes() == CLUB_1 + CLUB_2


def test_a_broken_game_is_reported_with_its_place_and_left_out(archive_dir: Path) -> None:
    result = gargon("filter", archive_dir / "home.ggn", "--valid")
    assert result.exit_code == 1
    assert result.stdout_bytes == HOME_1.encode() + HOME_2.encode()
    line = HOME_1.count("\n") + 4
    assert result.stderr.startswith(f"{archive_dir / 'home.ggn'}:{line}:")
    assert "R99" in result.stderr
    assert result.stderr.endswith(
        "  (left out)\ngargon: 1 game could not be read or copied and was left out\n"
    )


def test_invalid_keeps_the_broken_game_without_a_report(archive_dir: Path) -> None:
    result = gargon("filter", archive_dir / "home.ggn", "--invalid")
    assert (result.exit_code, result.stdout_bytes, result.stderr) == (
        0,
        HOME_BROKEN.encode(),
        "",
    )


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_invalid_counts_and_lists_only_the_games_it_would_copy(
    archive_dir: Path, tmp_path: Path, jobs: str
) -> None:
    # A spreadsheet's UTF-16 export and a Latin-1 file are no text: --invalid copies neither,
    # so --count does not count them and --json does not list them; each is reported.
    wide = tmp_path / "sheet.ggn"
    wide.write_bytes(HOME_BROKEN.replace("\n", "\r\n").encode("utf-16"))
    latin = tmp_path / "latin.ggn"
    latin.write_bytes(b'[Event "Caf\xe9"]\n[Players "A" "B" "C"]\n*\n')
    home = archive_dir / "home.ggn"
    line = HOME_1.count("\n") + 1 + HOME_BROKEN.count("\n") - HOME_BROKEN.lstrip().count("\n")
    copied = gargon("filter", home, wide, latin, "--invalid", "-j", jobs)
    assert copied.stdout_bytes == HOME_BROKEN.encode()
    for args, out in (
        (["--count"], "1\n"),
        (["--json"], json.dumps({"source": str(home), "game": 2, "line": line})),
    ):
        result = gargon("filter", home, wide, latin, "--invalid", "-j", jobs, *args)
        assert (result.exit_code, result.stdout.strip()) == (1, out.strip()), args
        assert result.stderr == copied.stderr, args
    assert copied.stderr == (
        f"{wide}:1:1: this looks like UTF-16 text (UTF-16LE, byte-order mark FF FE): save the "
        "file as UTF-8\n  (left out)\n"
        f"{latin}:1:12: this is not UTF-8 text: undecodable byte 0xe9 at byte offset 11 ('\u00e9' "
        "in Latin-1); save the file as UTF-8\n"
        '    [Event "Caf\ufffd"]\n               ^\n  (left out)\n'
        "gargon: 2 games could not be read or copied and were left out\n"
    )


def test_count_and_json(archive_dir: Path) -> None:
    assert gargon("filter", archive_dir, "--event", "club", "--count").stdout == "3\n"
    result = gargon("filter", archive_dir, "--has", "zero-pair", "--not", "--event", "x", "--json")
    listed = [json.loads(line) for line in result.stdout.splitlines()]
    expected = []
    for name, pieces in (("club.ggn", [CLUB_1, CLUB_2, CLUB_3]), ("home.ggn", [HOME_1, HOME_2])):
        line = 1
        for number, piece in enumerate(pieces, start=1):
            text = piece.decode("utf-8-sig") if isinstance(piece, bytes) else piece
            if name == "home.ggn" and number == 2:
                line += HOME_BROKEN.count("\n")
                number = 3
            if "zero-pair" in replay_facts(parse_game(text)).facts:
                blank = text[: len(text) - len(text.lstrip())].count("\n")  # lines before it
                where = {"source": str(archive_dir / name), "game": number, "line": line + blank}
                expected.append(where)
            line += text.count("\n")
    assert listed == expected and expected
    assert result.exit_code == 1  # the broken game could not be replayed
    result = gargon("filter", archive_dir, "--count", "--json")
    assert (result.exit_code, result.stderr) == (
        2,
        "gargon: --count and --json exclude each other\n",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--date-from", "2026.13.01"],
            "gargon: --date-from: the date '2026.13.01' has no month 13\n",
        ),
        (
            ["--date-from", "15.3.26", "--count"],
            "gargon: --date-from: '15.3.26' is not a date: write YYYY.MM.DD, YYYY.MM or YYYY, "
            "the year first in four digits (2026.03.15 for 15 March 2026)\n",
        ),
        (["--player", "Ann", "--not"], "gargon: --not must come right before a condition"),
        (["--not", "--count", "--player", "Ann"], "gargon: --not must come right before a "),
        (["--valid", "--invalid"], "gargon: --valid and --invalid exclude each other"),
        (["--players", "many"], "gargon: --players: 'many' is not a whole number"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(
    archive_dir: Path, args: list[str], message: str
) -> None:
    result = gargon("filter", archive_dir, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stdout_bytes == b""


def test_cat_keeps_every_byte_and_reads_stdin(archive_dir: Path) -> None:
    result = gargon("cat", archive_dir / "club.ggn", "-", input=HOME)
    assert result.exit_code == 0
    assert result.stdout_bytes == CLUB + HOME
    result = gargon("cat", archive_dir / "home.ggn", archive_dir / "club.ggn")
    assert result.stdout_bytes == HOME + CLUB[3:]  # the BOM only at the start


def test_cat_and_filter_keep_the_blank_lines_of_json_lines(tmp_path: Path) -> None:
    one, two = (files.dumps(parse_game(text), "jsonl").encode() for text in (HOME_1, HOME_2))
    data = b"\n" + one + b"\r\n  \n" + two + b"\n\n"
    lines = tmp_path / "blank.jsonl"
    lines.write_bytes(data)
    result = gargon("cat", lines)
    assert (result.exit_code, result.stdout_bytes) == (0, data)
    result = gargon("filter", lines, "--event", "home")
    assert (result.exit_code, result.stdout_bytes) == (0, data)
    result = gargon("filter", lines, "--player", "Dan")  # the last game: its lines and the end's
    assert result.stdout_bytes == b"\r\n  \n" + two + b"\n\n"
    result = gargon("cat", lines, lines)
    assert result.stdout_bytes == data + data


def test_a_json_document_cut_short_is_said_so_by_the_verbs_that_copy(tmp_path: Path) -> None:
    cut = tmp_path / "cut.json"
    cut.write_bytes(b'{"format": "gargon-notation", "version": 1, "games": [')
    reason = (
        f"{cut}:1:55: invalid JSON: the document ends where a game should be; the file may "
        "have been cut short: complete it, or write it again (gargon convert FILE --to json)\n"
        "  (left out)\ngargon: 1 game could not be read or copied and was left out\n"
    )
    nothing = f"gargon: {tmp_path / 'parts'}: nothing written, no game was copied\n"
    for args in (("cat",), ("filter",), ("split", "--games", "1", "-o", tmp_path / "parts")):
        result = gargon(args[0], cut, *args[1:])
        said = reason.replace("  (left out)\n", "  (left out)\n" + nothing)
        assert (result.exit_code, result.stderr) == (1, said if args[0] == "split" else reason)
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000 + b"]" * 100_000)
    result = gargon("cat", deep)
    assert result.exit_code == 1
    assert result.stderr.startswith(
        f"{deep}:1:201: invalid JSON: nested too deeply, over the limit of 200 levels of "
        "brackets\n  (left out)\n"
    )
    assert "reading limits" not in result.stderr


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00",
            "1:1: this is not UTF-8 text: undecodable byte 0x89 at byte offset 0 ('‰' in "
            "Windows-1252); save the file as UTF-8",
        ),
        (
            b"\x1f\x8b\x08\x00N\xa0\x08k",
            "1:4: this is binary data, not a record: a NUL byte at byte offset 3; records are "
            "UTF-8 text",
        ),
        (  # head -c 100 /dev/zero: valid UTF-8, copied by cat, filter and split
            b"\x00" * 100,
            "1:1: this is binary data, not a record: a NUL byte at byte offset 0; records are "
            "UTF-8 text",
        ),
        (  # in notation otherwise valid: a syntax error for validate, copied by the others
            b'[Players "A" "B" "C"]\n1. A R1 {a\x00}\n*\n',
            "2:11: this is binary data, not a record: a NUL byte at byte offset 32; records "
            "are UTF-8 text",
        ),
    ],
    ids=["png", "gzip", "zeros", "nul-in-notation"],
)
def test_binary_data_is_refused_by_the_verbs_that_copy_as_validate_refuses_it(
    tmp_path: Path, data: bytes, where: str
) -> None:
    picture = tmp_path / "pic.ggn"
    picture.write_bytes(data)
    said = f"{picture}:{where}"
    result = gargon("validate", "-q", picture)
    assert result.exit_code == 1 and said in result.stdout
    out = tmp_path / "out.ggn"
    for args in (
        ("cat", picture, "-o", out),
        ("filter", picture, "-o", out),
        ("filter", picture, "--count"),
        ("split", picture, "--games", "1", "-o", tmp_path / "parts"),
    ):
        result = gargon(*args)
        assert result.exit_code == 1, args
        assert result.stderr.startswith(said + "\n"), args
        nothing = f"gargon: {tmp_path / 'parts'}: nothing written, no game was copied\n"
        assert result.stderr.endswith(
            "  (left out)\n"
            + (nothing if args[0] == "split" else "")
            + "gargon: 1 game could not be read or copied and was left out\n"
        )
        assert result.stdout in ("", "0\n")
    assert out.read_bytes() == b""
    assert not (tmp_path / "parts").exists()  # not even an empty games-0001.ggn


def test_mixed_formats_are_refused_unless_converted(archive_dir: Path, tmp_path: Path) -> None:
    lines = tmp_path / "more.jsonl"
    lines.write_text(files.dumps(parse_game(HOME_1), "jsonl"), encoding="utf-8")
    result = gargon("cat", archive_dir / "club.ggn", lines)
    assert result.exit_code == 2
    assert result.stderr == (
        f"gargon: {lines} is JSON Lines but the output is notation: games are copied byte for "
        "byte in their own format; add --to FORMAT to convert the others (written "
        "canonically), or give inputs of one format\n"
    )
    result = gargon("cat", archive_dir / "club.ggn", lines, "--to", "ggn")
    assert result.exit_code == 0
    assert result.stdout_bytes == CLUB + HOME_1.encode()
    result = gargon("filter", lines, "--player", "Ann", "-o", tmp_path / "out.jsonl")
    assert (tmp_path / "out.jsonl").read_bytes() == lines.read_bytes()


def test_split_by_event_writes_each_file_and_lists_them(archive_dir: Path, tmp_path: Path) -> None:
    result = gargon("split", archive_dir, "--by", "event", "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert result.stdout == (
        f"{tmp_path / 'out' / 'Club_night.ggn'}: 3 games\n"
        f"{tmp_path / 'out' / 'Home_game.ggn'}: 3 games\n"
    )
    assert (tmp_path / "out" / "Club_night.ggn").read_bytes() == CLUB
    assert (tmp_path / "out" / "Home_game.ggn").read_bytes() == HOME


def test_split_warns_of_the_files_of_an_earlier_split_it_did_not_write(
    archive_dir: Path, tmp_path: Path
) -> None:
    """split --games 2 after split --games 1 into one folder left games-0004.ggn and on
    there, unsaid, so that reading the folder gave those games twice (found by a review):
    each is named, left for the user to remove (nothing tells them from his own)."""
    parts = tmp_path / "parts"
    assert gargon("split", archive_dir, "--games", "1", "-o", parts).exit_code == 0
    result = gargon("split", archive_dir, "--games", "2", "-o", parts)
    assert result.exit_code == 0
    assert result.stdout == "".join(f"{parts / f'games-000{n}.ggn'}: 2 games\n" for n in (1, 2, 3))
    assert result.stderr == (
        f"warning: {parts} holds 3 files of games that this split did not write (an earlier "
        f"split's?): {parts / 'games-0004.ggn'}, {parts / 'games-0005.ggn'}, "
        f"{parts / 'games-0006.ggn'}; reading {parts} reads their games with this split's\n"
        "  (remove them if so, or split into an empty folder)\n"
    )
    assert (parts / "games-0006.ggn").read_bytes() == HOME_2.encode()
    for n in (5, 6):
        (parts / f"games-000{n}.ggn").unlink()
    result = gargon("split", archive_dir, "--games", "2", "-o", parts)
    assert (result.exit_code, result.stderr) == (
        0,
        (
            f"warning: {parts} holds 1 file of games that this split did not write (an earlier "
            f"split's?): {parts / 'games-0004.ggn'}; reading {parts} reads its games with this "
            f"split's\n  (remove it if so, or split into an empty folder)\n"
        ),
    )
    (parts / "games-0004.ggn").unlink()
    result = gargon("split", archive_dir, "--games", "2", "-o", parts)
    assert (result.exit_code, result.stderr) == (0, "")


def test_split_names_ten_files_it_did_not_write_at_most(tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    parts.mkdir()
    for n in range(12):
        (parts / f"old-{n:02d}.ggn").write_text("", encoding="utf-8")
    result = gargon("split", SPRING_CUP, "--games", "100", "-o", parts)
    assert result.exit_code == 0
    named = ", ".join(str(parts / f"old-{n:02d}.ggn") for n in range(10))
    assert result.stderr == (
        f"warning: {parts} holds 12 files of games that this split did not write (an earlier "
        f"split's?): {named} and 2 more; reading {parts} reads their games with this split's\n"
        "  (remove them if so, or split into an empty folder)\n"
    )


def test_split_names_the_file_it_refuses(archive_dir: Path, tmp_path: Path) -> None:
    """A file of the split that cannot be rewritten (read-only, or changed by another
    program meanwhile) is named: the refusal named the folder ('out: the file is
    read-only'), leaving the user to guess which of its files."""
    (tmp_path / "out").mkdir()
    refused = tmp_path / "out" / "Home_game.ggn"
    refused.write_text("kept\n", encoding="utf-8")
    refused.chmod(0o444)
    result = gargon("split", archive_dir, "--by", "event", "-o", tmp_path / "out")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"gargon: {refused}: the file is read-only: not rewritten (make it writable, or write "
        "the result elsewhere with -o)\n"
    )
    assert refused.read_text(encoding="utf-8") == "kept\n"


def test_a_split_by_tag_replaces_all_its_files_or_none(
    archive_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program appends to one file of the split while split writes: that file is
    refused, and none of the others is replaced either (the others had been, though the
    docstring said that nothing of a by split is then written)."""
    from gargon_notation import atomic

    out = tmp_path / "out"
    out.mkdir()
    for name in ("Club_night", "Home_game"):
        (out / f"{name}.ggn").write_text("old\n", encoding="utf-8")
    real, synced = atomic.os.fsync, []

    def fsync(fd: int) -> None:
        synced.append(fd)
        if len(synced) == 1:  # while the first file is finished
            with (out / "Club_night.ggn").open("a", encoding="utf-8") as other:
                other.write("theirs\n")
        real(fd)

    monkeypatch.setattr(atomic.os, "fsync", fsync)
    result = gargon("split", archive_dir, "--by", "event", "-o", out)
    assert result.exit_code == 2
    assert "Club_night.ggn: another program changed this file" in result.stderr
    assert (out / "Club_night.ggn").read_text(encoding="utf-8") == "old\ntheirs\n"
    assert (out / "Home_game.ggn").read_text(encoding="utf-8") == "old\n"
    assert sorted(path.name for path in out.iterdir()) == ["Club_night.ggn", "Home_game.ggn"]


LOW_LIMIT = (
    "import resource, runpy, sys\n"
    "resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))\n"
    "sys.argv = ['gargon', *sys.argv[1:]]\n"
    "runpy.run_module('gargon_notation', run_name='__main__')\n"
)
"""``gargon ARGUMENTS`` run with at most 64 files open (``ulimit -n 64``)."""


@pytest.mark.slow
@pytest.mark.parametrize("to", ["ggn", "json"])
def test_a_split_into_more_files_than_may_be_open_writes_them_all(tmp_path: Path, to: str) -> None:
    """A split by event into 300 files, under a limit of 64 open files (macOS allows 256 by
    default, ``ulimit -n`` fewer): split kept every file of the split open until the end,
    and ended with 'too many open files', exit 2; now the ones written longest ago are
    closed meanwhile, and opened again for their next games."""
    games = [
        f'[Event "Night {number % 300}"]\n[Players "Ann" "Bob" "Cy"]\n[Round "{number}"]\n*\n'
        for number in range(600)  # each file's second game comes after every file was begun
    ]
    archive = tmp_path / "nights.ggn"
    archive.write_text("\n".join(games), encoding="utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-c", LOW_LIMIT, "split", archive, "--by", "event", "-o", out]
    if to == "json":
        command += ["--to", "json"]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[:2] == [
        f"{out / f'Night_0.{to}'}: 2 games",
        f"{out / f'Night_1.{to}'}: 2 games",
    ]
    assert len(result.stdout.splitlines()) == 300
    assert sorted(path.name for path in out.iterdir()) == sorted(
        f"Night_{number}.{to}" for number in range(300)
    )
    for number in (0, 150, 299):
        if to == "ggn":
            # byte for byte: a game's blank line before it goes with it
            expected = ("\n" if number else "") + games[number] + "\n" + games[number + 300]
            assert (out / f"Night_{number}.ggn").read_text(encoding="utf-8") == expected
        else:
            read = list(files.load(out / f"Night_{number}.json", strict=True))
            rounds = [game.tag("Round") for game in read]
            assert [tag.values if tag else None for tag in rounds] == [
                (str(number),),
                (str(number + 300),),
            ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_filter_by_date_warns_of_a_date_not_written_as_one(tmp_path: Path, jobs: str) -> None:
    """A game whose Date is not one meets no date condition: validate's warning says so."""
    text = SPRING_CUP.read_text(encoding="utf-8")
    cup = tmp_path / "cup.ggn"
    cup.write_text(text.replace('[Date "2026.03.07"]', '[Date "07.03.2026"]', 1), encoding="utf-8")
    warning = (
        f'warning: {cup}:4:2: game 1 "Spring Cup": a Date is written YYYY.MM.DD (?? for '
        "unknown), not '07.03.2026' [header]\n  (it meets no date condition)\n"
    )
    for more in ([], ["--valid"]):  # tags only, or the replay (in the workers)
        result = gargon("filter", cup, "--date-from", "2026.03", *more, "--count", "-j", jobs)
        assert (result.exit_code, result.stdout, result.stderr) == (0, "7\n", warning)
    result = gargon("filter", cup, "--event", "Spring", "--count", "-j", jobs)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "8\n", "")  # no date asked


def test_split_by_date_warns_of_a_date_not_written_as_one(tmp_path: Path) -> None:
    """The game goes to the file of its Date as written, and validate's warning says why."""
    text = SPRING_CUP.read_text(encoding="utf-8")
    cup = tmp_path / "cup.ggn"
    cup.write_text(text.replace('[Date "2026.03.07"]', '[Date "07.03.2026"]', 1), encoding="utf-8")
    days = tmp_path / "days"
    result = gargon("split", cup, "--by", "date", "-o", days)
    assert result.exit_code == 0
    assert result.stdout == (
        f"{days / '07-03-2026.ggn'}: 1 game\n{days / '2026-03-07.ggn'}: 3 games\n"
        f"{days / '2026-03-14.ggn'}: 4 games\n"
    )
    warning = (
        f'{cup}:4:2: game 1 "Spring Cup": a Date is written YYYY.MM.DD (?? for unknown), not '
        "'07.03.2026' [header]"
    )
    assert result.stderr == f"warning: {warning}\n  (split by the Date as written)\n"
    assert f"  warning: {warning}\n" in gargon("validate", cup).stdout
    by_event = gargon("split", cup, "--by", "event", "-o", tmp_path / "events")
    assert (by_event.exit_code, by_event.stderr) == (0, "")  # the Date is not read


def test_split_needs_one_way_to_split(archive_dir: Path, tmp_path: Path) -> None:
    result = gargon("split", archive_dir, "-o", tmp_path)
    assert (result.exit_code, result.stderr) == (
        2,
        "gargon: give one of --games N and --by event|date|player\n",
    )
    result = gargon("split", archive_dir, "--by", "colour", "-o", tmp_path)
    assert result.exit_code == 2
    assert "'colour' is not one of 'event', 'date', 'player'." in result.stderr


def test_to_json_converts_each_game_and_leaves_out_one_it_cannot_read(archive_dir: Path) -> None:
    result = gargon("cat", archive_dir / "home.ggn", "--to", "json")
    assert result.exit_code == 1
    assert "R99" in result.stderr
    games = list(files.loads(result.stdout_bytes, format="json", strict=True))
    assert games == [parse_game(HOME_1), parse_game(HOME_2)]


def test_split_never_offers_its_own_input_for_removal(tmp_path: Path) -> None:
    """A split into the folder that holds its input named the input among the files 'of an
    earlier split', with 'remove it if so' (found by a review): it is said apart."""
    parts = tmp_path / "parts"
    parts.mkdir()
    source = parts / "spring.ggn"
    source.write_bytes(SPRING_CUP.read_bytes())
    (parts / "old.ggn").write_text("", encoding="utf-8")
    result = gargon("split", source, "--games", "100", "-o", parts)
    assert result.exit_code == 0
    assert result.stderr == (
        f"warning: {parts} holds 1 file of games that this split did not write (an earlier "
        f"split's?): {parts / 'old.ggn'}; reading {parts} reads its games with this split's\n"
        "  (remove it if so, or split into an empty folder)\n"
        f"note: {parts} also holds what this split read ({source}): reading {parts} reads "
        "those games twice, once as split\n"
        "  (split into another folder to keep them apart)\n"
    )
    assert source.read_bytes() == SPRING_CUP.read_bytes()
