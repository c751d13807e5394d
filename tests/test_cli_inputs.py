""":mod:`gargon_notation.cli.inputs`: standard output gathered and then written whole;
standard input given twice."""

from __future__ import annotations

from pathlib import Path

import in_process
import pytest

from gargon_notation.cli.inputs import output


def test_standard_output_gets_every_piece_as_written_past_a_block(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    """Pieces (control characters and lines of every length included) reach a pipe byte for
    byte, across the 1 MiB blocks the spool is copied in, and only once the block ends."""
    pieces = [f"{n}\x1b[2J{'é' * (n % 700)}\r\n" * 3 for n in range(2000)]
    with output(None) as write:
        for piece in pieces:
            write(piece)
        assert capfdbinary.readouterr().out == b""
    written = "".join(pieces).encode("utf-8")
    assert len(written) > 2 * (1 << 20)
    assert capfdbinary.readouterr().out == written


CLUB_NIGHT = Path(__file__).resolve().parents[1] / "examples" / "club-night.ggn"
ROUND = CLUB_NIGHT.with_name("rulebook-round.ggn")
"""One game: ``html``'s page of the club night's games costs it four times as long."""
STDIN = CLUB_NIGHT.read_bytes()


@pytest.mark.parametrize(
    "verb",
    [
        ["validate"],
        ["validate", "--quiet"],
        ["validate", "--json"],
        ["fmt"],
        ["fmt", "--check"],
        ["annotate"],
        ["show"],
        ["score"],
        ["replay"],
        ["html"],
        ["check-hidden", "--public"],
        ["filter"],
        ["cat"],
        ["convert", "--to", "json"],
    ],
)
def test_standard_input_given_twice_is_refused_by_a_verb_that_reads_each_turn(
    verb: list[str], tmp_path: Path
) -> None:
    """Standard input cannot be read at its second turn: a usage error, as merge says it
    (validate once said 'EMPTY <stdin>: this file holds no game' and exited 1)."""
    result = in_process.gargon(*verb, "-", str(CLUB_NIGHT), "-", cwd=tmp_path, stdin=STDIN)
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        b"",
        b"gargon: - (standard input) can be read once: give it once\n",
    )


@pytest.mark.parametrize("verb", [["stats"], ["standings"], ["ratings"], ["dedupe"]])
def test_standard_input_given_twice_is_read_once_by_a_verb_that_reads_a_file_once(
    verb: list[str], tmp_path: Path
) -> None:
    twice = in_process.gargon(*verb, "-", "-", cwd=tmp_path, stdin=STDIN)
    once = in_process.gargon(*verb, "-", cwd=tmp_path, stdin=STDIN)
    assert (twice.returncode, twice.stdout, twice.stderr) == (0, once.stdout, once.stderr)


@pytest.mark.parametrize(
    "verb",
    [
        ["convert", "--to", "json", str(CLUB_NIGHT)],
        ["convert", "--seat", "Dagmar", str(CLUB_NIGHT)],
        ["cat", str(CLUB_NIGHT)],
        ["filter", "--player", "Dagmar", str(CLUB_NIGHT)],
        ["dedupe", str(CLUB_NIGHT)],
        ["svg", "--game", "2", str(CLUB_NIGHT)],
        ["svg", "--game", "2", "--seat", "Dagmar", str(CLUB_NIGHT)],
        ["html", str(ROUND)],  # one round: a page is drawn step by step
    ],
)
def test_output_dash_is_standard_output(verb: list[str], tmp_path: Path) -> None:
    """``-o -`` writes what the verb writes without ``-o``, to standard output (convert and
    svg wrote a file named ``-``)."""
    plain = in_process.gargon(*verb, cwd=tmp_path)
    dash = in_process.gargon(*verb, "-o", "-", cwd=tmp_path)
    assert plain.returncode == 0 and plain.stdout
    assert (dash.returncode, dash.stdout, dash.stderr) == (0, plain.stdout, plain.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "verb",
    [
        ["convert", str(CLUB_NIGHT), "--to", "json"],
        ["convert", str(CLUB_NIGHT), "--seat", "Dagmar"],
        ["cat", str(CLUB_NIGHT)],
        ["filter", str(CLUB_NIGHT), "--player", "Dagmar"],
        ["dedupe", str(CLUB_NIGHT)],
        ["dedupe", str(CLUB_NIGHT), "--to", "json"],
        ["svg", str(CLUB_NIGHT), "--game", "2"],
        ["html", str(ROUND)],  # one round: a page is drawn step by step
        ["simulate", "-p", "3", "-n", "2", "-s", "dash"],
    ],
)
def test_output_dot_slash_dash_is_a_file_named_dash(verb: list[str], tmp_path: Path) -> None:
    """Only a bare ``-`` is standard output: ``-o ./-`` writes the file named ``-``, what
    ``-o -`` would print (pathlib made ``./-`` into ``-``, so it went to standard output)."""
    dash = in_process.gargon(*verb, "-o", "-", cwd=tmp_path)
    named = in_process.gargon(*verb, "-o", "./-", cwd=tmp_path)
    assert dash.returncode == named.returncode == 0 and dash.stdout
    assert (named.stdout, named.stderr) == (b"", dash.stderr)
    assert [path.name for path in tmp_path.iterdir()] == ["-"]
    assert (tmp_path / "-").read_bytes() == dash.stdout


@pytest.mark.parametrize(
    "verb", [["split", "--games", "2"], ["split", "--by", "event"], ["convert", "--to", "parquet"]]
)
def test_a_verb_writing_a_directory_writes_into_dot_slash_dash(
    verb: list[str], tmp_path: Path
) -> None:
    """``-o ./-`` is the directory named ``-`` (it was refused as ``-o -``)."""
    run = in_process.gargon(*verb, str(CLUB_NIGHT), "-o", "./-", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert [path.name for path in tmp_path.iterdir()] == ["-"]
    assert any((tmp_path / "-").iterdir())


@pytest.mark.parametrize("verb", [["fmt", "-i"], ["annotate", "-i"]])
def test_in_place_rewrites_a_file_named_dash(verb: list[str], tmp_path: Path) -> None:
    """``fmt -i ./-`` rewrites the file named ``-`` (it printed the result and left the file
    as it was: the file's path, ``-``, was taken for standard output)."""
    (tmp_path / "-").write_bytes(b'[Players "A" "B" "C"]\n1.   A R1\n*\n')
    run = in_process.gargon(*verb, "./-", cwd=tmp_path)
    assert (run.returncode, run.stdout) == (0, b"")
    assert (tmp_path / "-").read_bytes().startswith(b'[Players "A" "B" "C"]\n1. A R1')


def test_record_writes_a_file_named_dash(tmp_path: Path) -> None:
    """``gargon record ./-`` keeps the game in the file named ``-``; ``-`` alone is refused."""
    run = in_process.gargon("record", "./-", "--players", "A,B,C", cwd=tmp_path, stdin=b"")
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "-").read_bytes().startswith(b'[Notation "1"]')
    refused = in_process.gargon("record", "-", "--players", "A,B,C", cwd=tmp_path, stdin=b"")
    assert refused.returncode == 2


def test_simulate_output_dash_is_standard_output(tmp_path: Path) -> None:
    """``simulate -o -`` writes the games to standard output, as without ``-o`` (it wrote a
    file named ``-``; found by a review)."""
    plain = in_process.gargon("simulate", "-p", "3", "-n", "2", "-s", "dash", cwd=tmp_path)
    dash = in_process.gargon(
        "simulate", "-p", "3", "-n", "2", "-s", "dash", "-o", "-", cwd=tmp_path
    )
    assert plain.returncode == 0 and plain.stdout.count(b"[Players ") == 2
    assert (dash.returncode, dash.stdout, dash.stderr) == (0, plain.stdout, plain.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("verb", "writes"),
    [
        (["split", "--by", "event"], "split writes a directory of files"),
        (["split", "--games", "2"], "split writes a directory of files"),
        (["convert", "--to", "parquet"], "--to parquet writes a directory of tables"),
        (
            ["convert", "--to", "parquet", "--jobs", "2"],
            "--to parquet writes a directory of tables",
        ),
    ],
)
def test_a_verb_writing_a_directory_refuses_output_dash(
    verb: list[str], writes: str, tmp_path: Path
) -> None:
    """``-o -`` cannot be standard output for a folder of files: it is refused (exit 2, one
    line) where split and convert --to parquet made a directory named ``-`` (found by a
    review)."""
    run = in_process.gargon(*verb, str(CLUB_NIGHT), "-o", "-", cwd=tmp_path)
    said = (
        f"gargon: -o -: {writes}, which standard output cannot hold: name the directory with "
        "-o DIR\n"
    )
    assert (run.returncode, run.stdout, run.stderr.decode()) == (2, b"", said)
    assert list(tmp_path.iterdir()) == []


def test_merge_output_dash_is_standard_output(tmp_path: Path) -> None:
    """``merge -o -`` writes the merged record to standard output, as without ``-o``."""
    seats = tmp_path / "seats"
    seats.mkdir()
    table = seats / "table.ggn"
    assert in_process.gargon("simulate", "-p", "3", "-s", "m", "-o", str(table)).returncode == 0
    for name in ("Adam", "Bernd"):
        made = in_process.gargon("convert", "--seat", name, str(table), "-o", f"{seats}/{name}.ggn")
        assert made.returncode == 0
    inputs = [f"{seats}/Adam.ggn", f"{seats}/Bernd.ggn"]
    plain = in_process.gargon("merge", *inputs, cwd=tmp_path)
    dash = in_process.gargon("merge", *inputs, "-o", "-", cwd=tmp_path)
    assert plain.returncode == 0 and plain.stdout.count(b"[Players ") == 1
    assert (dash.returncode, dash.stdout, dash.stderr) == (0, plain.stdout, plain.stderr)
    assert [path.name for path in tmp_path.iterdir()] == ["seats"]


def test_a_file_that_changes_owner_when_rewritten_is_said_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A member rewriting a club file that another user owns (writable by its group): only
    root may give the new file to that user, so it becomes the member's, and the member is
    told so (it was said nowhere); the file is rewritten all the same, exit 0.  Root makes
    the file another's, then gargon rewrites it with the owner's rights refused, as a
    member's would be."""
    import os
    import stat

    from in_process import CliRunner

    from gargon_notation import atomic
    from gargon_notation.cli import app

    if os.geteuid() != 0:
        pytest.skip("only root may make a file another user's")
    path = tmp_path / "club.ggn"
    path.write_text('[Players "Ann" "Bob" "Cy"]\n1.  Ann  r1 , Bob pass 1\n*\n')
    path.chmod(0o666)
    os.chown(path, 987654321, 987654321)

    def fchown(_fd: int, _uid: int, _gid: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "fchown", fchown)
    result = CliRunner().invoke(app, ["fmt", "--in-place", str(path)])
    assert path.read_text() == '[Players "Ann" "Bob" "Cy"]\n1. Ann R1, Bob pass 1\n*\n'
    assert (path.stat().st_uid, stat.S_IMODE(path.stat().st_mode)) == (0, 0o666)
    assert (result.exit_code, result.output) == (
        0,
        f"gargon: warning: {path}: rewritten, but now owned by root:root, where it was "
        "987654321:987654321: only root may give a file to another user or group (sudo chown "
        f"987654321:987654321 {path} gives it back)\n",
    )
