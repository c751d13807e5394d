"""The verbs that read records, on many inputs: paths, directories (searched recursively),
patterns and ``-``, each input done in turn; a file that cannot be read is reported and the
others are done; exit codes 0, 1 and 2 as for one file.  Through Typer's CliRunner, on small
archives built from the examples and the CLI fixtures (``tests/data/cli/``)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import NoReturn

import pytest
from typer.testing import CliRunner, Result

from gargon_notation import atomic
from gargon_notation.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data" / "cli"

UNTIDY = (
    '[Players "Adam" "Bernd" "Collette"]\r\n1.  Adam  y2 r9 ,Bernd pass 1  2, Collette  b8\r\n*\r\n'
)
TIDY = '[Players "Adam" "Bernd" "Collette"]\n1. Adam Y2 R9, Bernd pass 1 2, Collette B8\n*\n'
SYNTAX_ERROR = (
    "arch/sub/syntax.ggn:3:25: expected a card like R14, or 'pass', not 'folds'\n"
    "    1. Adam Y2 Y6 R9, Bernd folds\n"
    "                            ^\n"
)


@pytest.fixture
def archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``arch/``: two canonical examples, ``sub/untidy.ggn`` (not canonical, no line end at
    its end), ``sub/syntax.ggn`` (a syntax error) and ``sub/notes.txt`` (not searched); the
    cwd is its parent."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    sub = tmp_path / "arch" / "sub"
    sub.mkdir(parents=True)
    for name in ("rulebook-round.ggn", "full-game.ggn"):
        shutil.copy(EXAMPLES / name, tmp_path / "arch" / name)
    (sub / "untidy.ggn").write_bytes(UNTIDY.encode()[:-2])  # no line end at the end
    shutil.copy(DATA / "syntax.ggn", sub / "syntax.ggn")
    (sub / "notes.txt").write_text("not a record\n")
    return tmp_path / "arch"


def gargon(*args: str | Path, input: str | None = None) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


# -- fmt -----------------------------------------------------------------------------------


def test_fmt_check_diff_of_a_directory(archive: Path) -> None:
    result = gargon("fmt", "--check", "--diff", "arch")
    assert result.exit_code == 1
    assert result.stdout_bytes == (  # the removed lines keep their CR
        b"--- a/arch/sub/untidy.ggn\n"
        b"+++ b/arch/sub/untidy.ggn\n"
        b"@@ -1,3 +1,3 @@\n"
        b'-[Players "Adam" "Bernd" "Collette"]\r\n'
        b"-1.  Adam  y2 r9 ,Bernd pass 1  2, Collette  b8\r\n"
        b"-*\n"
        b"\\ No newline at end of file\n"
        b'+[Players "Adam" "Bernd" "Collette"]\n'
        b"+1. Adam Y2 R9, Bernd pass 1 2, Collette B8\n"
        b"+*\n"
    )
    assert result.stderr == (
        SYNTAX_ERROR + "arch/sub/untidy.ggn: not in canonical form (run gargon fmt --in-place)\n"
        "4 files: 3 checked, 1 not in canonical form; 1 could not be checked (see above)\n"
    )


def test_fmt_check_quiet_lists_only_the_failures(archive: Path) -> None:
    result = gargon("fmt", "--check", "--quiet", "arch")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        SYNTAX_ERROR + "arch/sub/untidy.ggn: not in canonical form (run gargon fmt --in-place)\n"
    )


def test_fmt_check_summary_does_not_count_an_input_with_no_game_as_checked(
    archive: Path,
) -> None:
    (archive / "empty.ggn").write_text("; no game here\n")
    result = gargon("fmt", "--check", "arch/full-game.ggn", "arch/empty.ggn")
    assert result.exit_code == 1
    assert result.stderr == (
        "gargon: arch/empty.ggn: no game found\n"
        "2 files: 1 checked, 0 not in canonical form; 1 could not be checked (see above)\n"
    )


def test_output_errors_are_worded_as_input_errors(archive: Path) -> None:
    """An output that cannot be written is named as an input is, and says what to do:
    the system's 'no such file or directory' did not say that a folder was missing (found
    by an organiser's trial)."""
    missing_input = gargon("cat", "nowhere.ggn")
    assert missing_input.stderr == "gargon: nowhere.ggn: no such file or directory\n"
    (archive.parent / "notes").write_text("")
    for verb in (["cat"], ["convert", "--to", "json"]):
        result = gargon(*verb, "arch/rulebook-round.ggn", "-o", "nowhere/out.x")
        assert (result.exit_code, result.stderr) == (
            2,
            "gargon: nowhere/out.x: no such folder nowhere: make it first, or write the result "
            "elsewhere with -o\n",
        ), verb
        result = gargon(*verb, "arch/rulebook-round.ggn", "-o", "arch")
        assert (result.exit_code, result.stderr) == (
            2,
            "gargon: arch: is a folder, where a file is to be written: write the result "
            "elsewhere with -o\n",
        ), verb
        result = gargon(*verb, "arch/rulebook-round.ggn", "-o", "notes/a/out.x")
        assert (result.exit_code, result.stderr) == (
            2,
            "gargon: notes/a/out.x: notes is a file, not a folder: write the result elsewhere "
            "with -o\n",
        ), verb
    for verb, option in ((["standings", "arch", "--html"], "--html"), (["simulate", "-o"], "-o")):
        result = gargon(*verb, "arch")  # an organiser's slips
        what = "page" if option == "--html" else "result"
        assert (result.exit_code, result.stderr.splitlines()[-1]) == (
            2,
            f"gargon: arch: is a folder, where a file is to be written: write the {what} "
            f"elsewhere with {option}",
        ), verb
    stats = gargon("stats", "arch", "--html", "nowhere/stats.html")
    assert stats.stderr.splitlines(keepends=True)[-1] == (
        "gargon: nowhere/stats.html: no such folder nowhere: make it first, or write the page "
        "elsewhere with --html\n"
    )
    for into in ("notes", "notes/parts"):
        split = gargon("split", "arch/rulebook-round.ggn", "--games", "1", "-o", into)
        which = "" if into == "notes" else "notes "
        assert (split.exit_code, split.stderr) == (
            2,
            f"gargon: {into}: {which}is a file, where a folder for the files written is "
            "wanted: give a folder's name\n",
        )


@pytest.mark.parametrize(
    "verb",
    [
        ["standings", "arch", "--html"],
        ["standings", "arch", "--duplicate", "--html"],
        ["ratings", "arch", "--html"],
        ["stats", "arch", "--html"],
        ["dedupe", "arch", "-o"],
        ["html", "arch", "-o"],
    ],
    ids=lambda verb: " ".join(verb),
)
def test_an_output_that_cannot_be_written_is_said_before_any_game_is_read(
    archive: Path, verb: list[str]
) -> None:
    """The verbs that read every game before they write said a folder given for the page,
    or a folder missing above it, only once the whole archive was read (25 s for 3,000
    games, found by trying every verb's output on one): now at once, exit 2, with no game
    read (the syntax error of ``arch/sub/syntax.ggn`` is not said) and nothing written."""
    (archive.parent / "notes").write_text("")
    option = verb[-1]
    what = "page" if option == "--html" else "result"
    for target, said in (
        ("arch", "is a folder, where a file is to be written: "),
        ("nowhere/out.x", "no such folder nowhere: make it first, or "),
        ("notes/out.x", "notes is a file, not a folder: "),
    ):
        result = gargon(*verb, target)
        assert (result.exit_code, result.stdout, result.stderr) == (
            2,
            "",
            f"gargon: {target}: {said}write the {what} elsewhere with {option}\n",
        ), target
    assert sorted(path.name for path in archive.parent.iterdir()) == ["arch", "notes"]
    # A folder this user may not write in (the temporary refused, as there): said at once.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(atomic, "_temporary", _no_temporary)
        result = gargon(*verb, "out.x")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"gargon: out.x: cannot write in folder . (permission denied), where the new file "
        f"is made first: make the folder writable, or write the {what} elsewhere with "
        f"{option}\n",
    )


def _no_temporary(*_arguments: object, **_options: object) -> NoReturn:
    """What making a temporary in a folder this user may not write gives."""
    raise PermissionError(13, "Permission denied")


@pytest.mark.parametrize("verb", ["standings", "stats", "ratings"])
def test_html_dash_is_standard_output_as_o_dash_is(archive: Path, verb: str) -> None:
    """`--html -` wrote a file named '-' (found by a review), where `-o -` is standard
    output for every verb; `./-` is that file, as for -o."""
    page = gargon(verb, "arch/full-game.ggn", "--html", "-")
    assert (page.exit_code, page.stderr) == (0, "")
    assert page.stdout.startswith("<!DOCTYPE html>") and page.stdout.endswith("</html>\n")
    assert not (archive.parent / "-").exists()
    assert gargon(verb, "arch/full-game.ggn", "--html", "./-").exit_code == 0
    assert (archive.parent / "-").read_text(encoding="utf-8") == page.stdout
    both = gargon(verb, "arch/full-game.ggn", "--json", "--html", "-")
    assert (both.exit_code, both.stdout, both.stderr) == (
        2,
        "",
        "gargon: --json and --html - both write to standard output: give --html a file\n",
    )


def test_fmt_check_of_canonical_files_by_pattern_and_stdin(archive: Path) -> None:
    canonical = (EXAMPLES / "club-night.ggn").read_text()
    result = gargon("fmt", "--check", "arch/*.ggn", "-", input=canonical)
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "3 files checked: 0 not in canonical form\n"


def test_fmt_diff_needs_check(archive: Path) -> None:
    result = gargon("fmt", "--diff", "arch")
    assert result.exit_code == 2
    assert result.stderr == "gargon: --diff goes with --check\n"


def test_fmt_in_place_rewrites_only_what_is_not_canonical(archive: Path) -> None:
    canonical = archive / "full-game.ggn"
    os.utime(canonical, ns=(1_000_000_000, 1_000_000_000))
    os.chmod(archive / "sub" / "untidy.ggn", 0o640)
    before = canonical.stat()
    result = gargon("fmt", "--in-place", "arch")
    assert result.exit_code == 1  # the syntax error
    assert result.stdout == ""
    assert result.stderr == (
        SYNTAX_ERROR + "rewritten: arch/sub/untidy.ggn\n4 files: 1 rewritten, 2 already canonical; "
        "1 could not be formatted (see above)\n"
    )
    after = canonical.stat()
    assert (after.st_mtime_ns, after.st_ino) == (before.st_mtime_ns, before.st_ino)
    untidy = archive / "sub" / "untidy.ggn"
    assert untidy.read_text() == TIDY
    assert untidy.stat().st_mode & 0o777 == 0o640
    assert (archive / "sub" / "syntax.ggn").read_bytes() == (DATA / "syntax.ggn").read_bytes()
    assert sorted(p.name for p in archive.rglob("*")) == [
        "full-game.ggn",
        "notes.txt",
        "rulebook-round.ggn",
        "sub",
        "syntax.ggn",
        "untidy.ggn",
    ]  # no temporary file left behind
    again = gargon("fmt", "--in-place", "--quiet", "arch/*.ggn", "arch/sub/untidy.ggn")
    assert (again.exit_code, again.stdout, again.stderr) == (0, "", "")


def test_fmt_in_place_leaves_one_canonical_file_alone(archive: Path) -> None:
    canonical = archive / "full-game.ggn"
    os.utime(canonical, ns=(1_000_000_000, 1_000_000_000))
    result = gargon("fmt", "-i", canonical)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert canonical.stat().st_mtime_ns == 1_000_000_000


def test_fmt_to_stdout_is_one_canonical_stream(archive: Path) -> None:
    result = gargon("fmt", "arch/sub/untidy.ggn", "arch/sub/syntax.ggn", "-", input=UNTIDY)
    assert result.exit_code == 1
    assert result.stdout == TIDY + "\n" + TIDY
    assert result.stderr == SYNTAX_ERROR
    assert gargon("fmt", "--check", "-", input=result.stdout).exit_code == 0


def test_fmt_to_stdout_refuses_a_second_json_document(archive: Path) -> None:
    game = archive / "full-game.json"
    assert gargon("convert", archive / "full-game.ggn", "--to", "json", "-o", game).exit_code == 0
    result = gargon("fmt", game, game, "arch/rulebook-round.ggn")
    assert result.exit_code == 2
    assert result.stdout == game.read_text()
    assert result.stderr == (
        f"gargon: {game}: not written: standard output already holds a JSON document ({game}), "
        "and one stream holds one at most (use --in-place, or give the files one at a time)\n"
        "gargon: arch/rulebook-round.ggn: not written: it is notation text, but standard output "
        f"already holds a JSON document ({game}), and one stream holds one format (use "
        "--in-place, or give inputs of one format)\n"
    )


def test_annotate_to_stdout_refuses_another_format_naming_both_files(archive: Path) -> None:
    lines = archive / "full-game.jsonl"
    assert gargon("convert", archive / "full-game.ggn", "--to", "jsonl", "-o", lines).exit_code == 0
    result = gargon("annotate", "arch/rulebook-round.ggn", lines)
    assert result.exit_code == 2
    assert result.stderr == (
        f"gargon: {lines}: not written: it is JSON Lines, but standard output already holds "
        "notation text (arch/rulebook-round.ggn), and one stream holds one format (use "
        "--in-place, or give inputs of one format)\n"
    )


def test_a_refusal_to_join_standard_input_does_not_advise_in_place(archive: Path) -> None:
    """--in-place refuses standard input: with - first or second, the advice leaves it out."""
    game = archive / "full-game.json"
    assert gargon("convert", archive / "full-game.ggn", "--to", "json", "-o", game).exit_code == 0
    text = (archive / "full-game.ggn").read_text()
    first = gargon("fmt", "-", game, input=text)
    assert (first.exit_code, first.stderr) == (
        2,
        f"gargon: {game}: not written: it is a JSON document, but standard output already "
        "holds notation text (<stdin>), and one stream holds one format (give inputs of one "
        "format)\n",
    )
    second = gargon("annotate", game, "-", input=text)
    assert (second.exit_code, second.stderr) == (
        2,
        "gargon: <stdin>: not written: it is notation text, but standard output already holds "
        f"a JSON document ({game}), and one stream holds one format (give inputs of one "
        "format)\n",
    )
    twice = gargon("fmt", "-", game, input=game.read_text())
    assert (twice.exit_code, twice.stderr) == (
        2,
        f"gargon: {game}: not written: standard output already holds a JSON document "
        "(<stdin>), and one stream holds one at most (give the inputs one at a time)\n",
    )


def test_fmt_of_paths_that_name_nothing(archive: Path) -> None:
    missing = gargon("fmt", "--check", "arch", "nowhere/")
    assert (missing.exit_code, missing.stderr) == (
        2,
        "gargon: nowhere/: no such file or directory\n",
    )
    (archive / "empty").mkdir()
    empty = gargon("fmt", "arch/empty")
    assert (empty.exit_code, empty.stderr) == (
        2,
        "gargon: no .ggn, .json or .jsonl file found in arch/empty\n",
    )


# -- convert -------------------------------------------------------------------------------


def test_convert_many_inputs_into_one_json_document(archive: Path) -> None:
    rulebook = (EXAMPLES / "rulebook-round.ggn").read_text()
    result = gargon("convert", "arch", "-", "--to", "json", "-o", "all.json", input=rulebook)
    assert result.exit_code == 1  # the syntax error, left out; the others are written
    assert result.stdout == ""
    assert result.stderr == SYNTAX_ERROR
    expected = ["full-game.ggn", "rulebook-round.ggn", "sub/untidy.ggn"]
    parts = [gargon("convert", f"arch/{name}", "--to", "jsonl").stdout for name in expected]
    together = gargon("convert", "all.json", "--to", "jsonl")
    assert together.stdout == "".join(parts) + parts[1]  # in order, stdin last


def test_convert_many_inputs_to_notation_on_stdout(archive: Path) -> None:
    result = gargon("convert", "arch/sub/*.ggn", "--to", "ggn")
    assert result.exit_code == 1
    assert result.stdout == TIDY
    assert result.stderr == SYNTAX_ERROR


def test_convert_seat_takes_one_input(archive: Path) -> None:
    result = gargon("convert", "arch/full-game.ggn", "arch", "--seat", "Adam")
    assert result.exit_code == 2
    assert "--seat and --public take one input: join the files first (gargon cat)" in result.stderr
    # One path naming several files (a directory, a pattern): said with what to do, not
    # 'expected one file, found 3'.
    for path, shown in (("arch/sub", "arch/sub"), ("arch/sub/*.ggn", "'arch/sub/*.ggn'")):
        result = gargon("convert", path, "--public")
        count = len(list((archive / "sub").glob("*.ggn")))
        assert (result.exit_code, result.stderr) == (
            2,
            f"gargon: {path}: {count} record files, where one is read: give one file "
            f"(gargon cat {shown} -o FILE joins them into one)\n",
        ), path


# -- annotate ------------------------------------------------------------------------------


def test_annotate_in_place_a_directory(archive: Path) -> None:
    (archive / "sub" / "untidy.ggn").unlink()
    shutil.copy(DATA / "broken.ggn", archive / "sub" / "broken.ggn")
    rulebook = archive / "rulebook-round.ggn"
    result = gargon("annotate", "--in-place", "arch")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.endswith(
        "arch/sub/broken.ggn: not rewritten: annotations stop at the problems\n" + SYNTAX_ERROR
    )
    expected = gargon("annotate", EXAMPLES / "rulebook-round.ggn").stdout
    assert rulebook.read_text() == expected
    assert (archive / "sub" / "broken.ggn").read_bytes() == (DATA / "broken.ggn").read_bytes()
    os.utime(rulebook, ns=(1_000_000_000, 1_000_000_000))
    again = gargon("annotate", "-i", rulebook, archive / "full-game.ggn")
    assert (again.exit_code, again.stdout, again.stderr) == (0, "", "")
    assert rulebook.stat().st_mtime_ns == 1_000_000_000  # annotated already: not rewritten


def test_annotate_strip_many_inputs_to_one_stream(archive: Path) -> None:
    annotated = gargon("annotate", "arch/rulebook-round.ggn").stdout
    result = gargon("annotate", "--strip", "arch/rulebook-round.ggn", "-", input=annotated)
    assert result.exit_code == 0
    rulebook = (EXAMPLES / "rulebook-round.ggn").read_text()
    assert result.stdout == rulebook + "\n" + rulebook


# -- score ---------------------------------------------------------------------------------


def test_score_json_of_many_inputs_names_each_source(archive: Path) -> None:
    rulebook = (EXAMPLES / "rulebook-round.ggn").read_text()
    result = gargon("score", "--json", "arch/sub", "-", input=rulebook)
    assert result.exit_code == 1  # the syntax error; untidy.ggn breaks a rule too
    assert result.stderr.startswith(SYNTAX_ERROR)
    single = [
        json.loads(gargon("score", "--json", path, input=rulebook).stdout)["games"][0]
        for path in ("arch/sub/untidy.ggn", "-")
    ]
    assert json.loads(result.stdout) == {
        "games": [
            {"source": "arch/sub/untidy.ggn", **single[0]},
            {"source": "<stdin>", **single[1]},
        ]
    }
    assert single[1]["valid"] and not single[0]["valid"]


def test_score_text_of_many_inputs_one_after_the_other(archive: Path) -> None:
    result = gargon("score", "--no-color", "arch/*.ggn")
    assert result.exit_code == 0
    assert result.stdout == "".join(
        gargon("score", "--no-color", f"arch/{name}").stdout
        for name in ("full-game.ggn", "rulebook-round.ggn")
    )
    assert result.stdout.count(": score ") == 2
    assert "\x1b[" not in result.stdout


# -- show ----------------------------------------------------------------------------------


def test_show_many_inputs_heads_each_game_with_its_file(archive: Path) -> None:
    rulebook = (EXAMPLES / "rulebook-round.ggn").read_text()
    result = gargon("show", "--no-color", "arch/sub", "-", input=rulebook)
    assert result.exit_code == 1
    assert result.stderr.startswith(SYNTAX_ERROR)
    heads = [line.strip("─ ") for line in result.stdout.splitlines() if " game 1 ─" in line]
    assert heads == ["arch/sub/untidy.ggn game 1", "<stdin> game 1"]
    alone = gargon("show", "--no-color", "-", input=rulebook).stdout
    assert result.stdout.endswith(alone.split("\n", 1)[1])  # the same but for its heading


def test_show_source_of_many_inputs_is_their_canonical_text(archive: Path) -> None:
    result = gargon("show", "--source", "--no-color", "arch/sub/untidy.ggn", "arch/sub/*.ggn")
    assert result.exit_code == 1
    assert result.stdout == TIDY + "\n" + TIDY
    assert result.stderr == SYNTAX_ERROR


def test_show_game_takes_one_input(archive: Path) -> None:
    result = gargon("show", "--game", "1", "arch")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        "gargon: --game 1 picks a game of one file, but 4 were given (arch/full-game.ggn, "
        "arch/rulebook-round.ggn, arch/sub/syntax.ggn, ...): give that file alone\n"
    )


# -- replay --------------------------------------------------------------------------------


def test_replay_many_inputs_shows_that_moment_of_every_game(archive: Path) -> None:
    rulebook = (EXAMPLES / "rulebook-round.ggn").read_text()
    result = gargon("replay", "--no-color", "--round", "1", "arch/sub", "-", input=rulebook)
    assert result.exit_code == 1
    assert result.stderr.startswith(SYNTAX_ERROR)
    alone = [
        gargon("replay", "--no-color", "--round", "1", path, input=rulebook).stdout
        for path in ("arch/sub/untidy.ggn", "-")
    ]
    assert result.stdout == "".join(
        f"{rule}\n{table}"
        for rule, table in zip(
            [line for line in result.stdout.splitlines() if " game 1 ─" in line], alone, strict=True
        )
    )
    assert [line.strip("─ ") for line in result.stdout.splitlines() if " game 1 ─" in line] == [
        "arch/sub/untidy.ggn game 1",
        "<stdin> game 1",
    ]


def test_replay_a_round_one_game_lacks_is_reported_and_the_others_shown(archive: Path) -> None:
    result = gargon("replay", "--no-color", "--round", "2", "arch/*.ggn")
    assert result.exit_code == 2
    assert result.stderr == (
        "gargon: arch/rulebook-round.ggn game 1: --round 2: the game has one round\n"
    )
    assert result.stdout.count("After round 2") == 1  # the full game has nine rounds


def test_replay_game_takes_one_input(archive: Path) -> None:
    result = gargon("replay", "--game", "2", "arch/*.ggn")
    assert result.exit_code == 2
    assert result.stderr == (
        "gargon: --game 2 picks a game of one file, but 2 were given (arch/full-game.ggn, "
        "arch/rulebook-round.ggn): give that file alone\n"
    )


@pytest.mark.parametrize(
    "verb",
    [
        ["stats"],
        ["standings"],
        ["ratings"],
        ["filter", "--count"],
        ["filter", "--count", "--has", "zero-clash", "--jobs", "2"],
        ["dedupe", "--report"],
        ["dedupe", "--report", "--jobs", "2"],
        ["cat"],
        ["stats", "--jobs", "2"],
    ],
    ids=" ".join,
)
def test_an_input_without_a_game_is_named_and_exits_1_in_the_archive_verbs(
    archive: Path, verb: list[str]
) -> None:
    """As in every verb (the exit codes of docs/cli.md): the other inputs are done, then
    the input without a game is named, before the verb's summary, whatever ``--jobs``."""
    (archive / "empty.ggn").write_text("; no game here\n")
    result = gargon(*verb, "arch/empty.ggn", "arch/full-game.ggn")
    assert result.exit_code == 1, result.output
    assert result.stderr.endswith("gargon: arch/empty.ggn: no game found\n")
    alone = gargon(*verb, "arch/full-game.ggn")
    assert alone.exit_code == 0, alone.output
    assert result.stdout == alone.stdout.replace("1 file", "2 files")


@pytest.mark.parametrize(
    "verb",
    [
        ["split", "arch/rulebook-round.ggn", "--games", "1", "-o"],
        ["cat", "arch/rulebook-round.ggn", "--output"],
        ["convert", "arch/rulebook-round.ggn", "--to", "json", "-o"],
        ["dedupe", "arch/rulebook-round.ggn", "-o"],
        ["svg", "arch/rulebook-round.ggn", "-o"],
        ["html", "arch/rulebook-round.ggn", "-o"],
        ["stats", "arch/rulebook-round.ggn", "--html"],
        ["standings", "arch/rulebook-round.ggn", "--html"],
        ["simulate", "-o"],
    ],
    ids=lambda verb: verb[0],
)
def test_an_empty_output_name_is_a_usage_error(archive: Path, verb: list[str]) -> None:
    """-o "$DIR" with DIR unset: split wrote its files into the current folder, and the
    others said 'gargon: : is a folder, where a file is to be written' (found by a review of
    the left-overs)."""
    before = sorted(path.name for path in archive.parent.iterdir())
    result = gargon(*verb, "")
    assert result.exit_code == 2
    assert "an empty name: give the name of a file or a folder" in " ".join(
        result.stderr.replace("\u2502", " ").split()
    )
    assert sorted(path.name for path in archive.parent.iterdir()) == before
