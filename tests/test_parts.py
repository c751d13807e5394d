"""Archives cut into parts at game boundaries (gargon_notation.parts): every game exactly
once, with the number, lines and messages of the whole file."""

from __future__ import annotations

import io
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_notation_blocks import HEAVY, damaged

from gargon_notation import files, parts
from gargon_notation.bots import simulate
from gargon_notation.cli.validate import run_validation
from gargon_notation.errors import FileError
from gargon_notation.notation import GameRecord, lines, write_game
from gargon_notation.records import record_from_simulation
from gargon_notation.validation import Verdict

DATA = Path(__file__).parent / "data"
EXAMPLES = Path(__file__).parent.parent / "examples"
SMALL = ("full-game.ggn", "rulebook-round.ggn", "seeded-game.ggn", "table-record.ggn")
"""Examples of one game each."""
TRICKY = sorted((DATA / "fuzz").glob("*.ggn")) + sorted((DATA / "invalid" / "syntax").glob("*.ggn"))
"""Broken files of every kind: undecodable bytes, long lines, open comments, stray text."""


def whole_file_verdicts(path: Path) -> list[Verdict]:
    found: list[Verdict] = []
    run_validation([files.Input(path.name, path)], jobs=1, strict=False, report=found.append)
    return found


def shown(item: GameRecord | Exception) -> object:
    return item if isinstance(item, GameRecord) else ("error", str(item))


@attrs.frozen
class Archive:
    path: Path
    verdicts: list[Verdict]
    games: list[object]


def archive_of(pieces: list[Path], directory: Path) -> Archive:
    """The files one after the other, a valid game after each, and what reading the whole
    gives."""
    game = EXAMPLES.joinpath("rulebook-round.ggn").read_bytes()
    path = directory / "tricky.ggn"
    path.write_bytes(b"\n".join(piece.read_bytes() + b"\n" + game for piece in pieces))
    with path.open("rb") as stream:
        games = [shown(item) for item in files.iter_games(stream, "ggn", "tricky.ggn")]
    return Archive(path, whole_file_verdicts(path), games)


def check_cuts(archive: Archive, blocksize: int, at_least: int) -> None:
    pieces = parts.cut(files.Input("tricky.ggn", archive.path), blocksize)
    assert len(pieces) >= at_least
    assert sum(part.size for part in pieces) == archive.path.stat().st_size
    assert [verdict for part in pieces for verdict in parts.verdicts(part)] == archive.verdicts
    items = [item for part in pieces for item in parts.games_of(part)]
    assert [item.number for item in items] == list(range(1, len(archive.games) + 1))
    assert [shown(item.record) for item in items] == archive.games


def test_a_cut_notation_file_gives_the_games_of_the_whole(tmp_path: Path) -> None:
    """A cut after every game that allows one, in a file of broken games of many kinds (a
    sample: the slow test takes them all)."""
    archive = archive_of(TRICKY[::5], tmp_path)
    check_cuts(archive, blocksize=1, at_least=len(TRICKY[::5]) + 10)


@pytest.mark.slow
@pytest.mark.parametrize("blocksize", [1, 500, 3000])
def test_a_cut_notation_file_gives_the_games_of_the_whole_for_every_broken_file(
    tmp_path: Path, blocksize: int
) -> None:
    check_cuts(archive_of(TRICKY, tmp_path), blocksize, at_least=20)


def test_an_undecodable_byte_is_placed_in_the_file_not_in_its_part(tmp_path: Path) -> None:
    games = [write_game(record_from_simulation(simulate(3, f"bytes {n}"))) for n in range(4)]
    data = "\n".join(games).encode()
    at = data.rindex(b"[Notation")
    path = tmp_path / "bytes.ggn"
    path.write_bytes(data[:at] + b'[Event "caf\xe9"]\n' + data[at:])
    pieces = parts.cut(files.Input("bytes.ggn", path), blocksize=len(data) // 2)
    assert len(pieces) == 2
    last = parts.verdicts(pieces[-1])[-1]
    assert not last.valid
    assert f"byte offset {at + 11}" in last.messages[0]
    line = data[:at].count(b"\n") + 1
    assert last.messages[0].startswith(f"bytes.ggn:{line}:12: ")
    assert [v.messages for v in whole_file_verdicts(path)][-1] == last.messages


def test_json_lines_are_cut_at_lines_and_blank_lines_are_no_games(tmp_path: Path) -> None:
    records = [record for name in SMALL for record in files.load(EXAMPLES / name)]
    text = files.dumps(records, "jsonl").replace("\n", "\n\n  \n", 2) + "{broken\n"
    path = tmp_path / "games.jsonl"
    path.write_text(text)
    pieces = parts.cut(files.Input("games.jsonl", path), blocksize=len(text) // 4)
    assert len(pieces) >= 4
    assert [v for part in pieces for v in parts.verdicts(part)] == whole_file_verdicts(path)
    items = [item for part in pieces for item in parts.games_of(part)]
    assert [item.record for item in items[:4]] == records
    assert [item.number for item in items] == [1, 2, 3, 4, 5]
    assert str(items[-1].record).startswith("games.jsonl:9:2: invalid JSON")


def test_a_json_document_and_a_small_file_are_one_part(tmp_path: Path) -> None:
    records = [record for name in SMALL for record in files.load(EXAMPLES / name)]
    path = tmp_path / "games.json"
    files.dump(records, path, format="json")
    assert len(parts.cut(files.Input("games.json", path), blocksize=10)) == 1
    small = parts.cut(files.Input("x", DATA / "valid" / "rulebook-round.ggn"))
    assert [(part.start, part.stop, part.format) for part in small] == [(0, None, "ggn")]


def test_a_file_without_a_clean_cut_is_one_part(tmp_path: Path) -> None:
    """Games without their termination (``*``) run into the next game's tags: no place where
    the reader starts afresh, so no cut."""
    records = [record for name in SMALL for record in files.load(EXAMPLES / name)]
    path = tmp_path / "open.ggn"
    path.write_text("\n".join(write_game(record).rstrip().rsplit("\n", 1)[0] for record in records))
    assert len(parts.cut(files.Input("open.ggn", path), blocksize=100)) == 1


def test_cutting_needs_a_file_it_can_read(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="standard input"):
        parts.cut(files.Input.stdin())
    with pytest.raises(FileError, match=r"gone\.ggn: no such file"):
        parts.cut(files.Input("gone.ggn", tmp_path / "gone.ggn"))


@pytest.mark.parametrize(
    ("note", "said"),
    [
        ("# Thursday club night", "1: expected a tag like"),
        ("* Thursday club night", "3: only comments may follow the end of the game"),
    ],
    ids=["hash", "star"],
)
def test_a_stray_line_among_a_game_s_tags_is_no_place_to_cut(
    tmp_path: Path, note: str, said: str
) -> None:
    """The cut follows the splitter (docs/notation.md 11.1): a game with a stray line among its
    tags is one game, so no part begins at the tags after that line."""
    full = EXAMPLES.joinpath("full-game.ggn").read_text(encoding="utf-8").split("\n")
    broken = "\n".join([*full[:3], note, *full[3:]])
    rulebook = EXAMPLES.joinpath("rulebook-round.ggn").read_text(encoding="utf-8")
    games = [broken, rulebook] * 3
    text = "".join(games)
    path = tmp_path / "thursday.ggn"
    path.write_text(text, encoding="utf-8")
    pieces = parts.cut(files.Input("thursday.ggn", path), blocksize=1)
    offsets = [len("".join(games[:n]).encode("utf-8")) for n in range(6)]
    lines = ["".join(games[:n]).count("\n") + 1 for n in range(6)]
    assert [(part.game, part.line, part.start) for part in pieces] == list(
        zip(range(1, 7), lines, offsets, strict=True)
    )
    verdicts = [verdict for part in pieces for verdict in parts.verdicts(part)]
    assert verdicts == whole_file_verdicts(path)
    assert [verdict.valid for verdict in verdicts] == [False, True] * 3
    for line, verdict in zip(lines[::2], verdicts[::2], strict=True):
        assert verdict.messages[0].startswith(f"thursday.ggn:{line + 3}:{said}")


@settings(
    max_examples=400 if HEAVY else 40,
    derandomize=not HEAVY,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=damaged(), blocksize=st.integers(1, 3000), block=st.integers(1, 300))
def test_the_places_to_cut_are_found_as_line_by_line(
    data: bytes, blocksize: int, block: int
) -> None:
    """The cut points of --dask and large files were found line by line, without the
    splitter's fast path (found by a review; 0.57 -> 0.08 s of CPU on 4.4 MB of simulated
    games): with it, the places are those of the lines one by one, on damaged records too
    (tests/test_notation_blocks.py's)."""
    if b"x" * lines.MAX_LINE_BYTES in data:
        block = max(block, 4096)  # (a line over the limit, read a byte at a time, is slow)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lines, "_BLOCK", block)  # where a line over the limit is cut
        fast = list(parts._notation_places(io.BytesIO(data), "f.ggn", blocksize))
        slow = list(parts._notation_places(io.BytesIO(data), "f.ggn", blocksize, fast=False))
    assert fast == slow
    assert [at for at, _, _ in fast] == sorted({at for at, _, _ in fast})


def test_the_places_to_cut_a_file_of_simulated_games_are_the_same_both_ways() -> None:
    records = [record_from_simulation(simulate(3 + n % 3, f"cut {n}")) for n in range(12)]
    data = "".join(write_game(record) + "\n" for record in records).encode()
    fast = list(parts._notation_places(io.BytesIO(data), "f.ggn", 2000))
    assert fast == list(parts._notation_places(io.BytesIO(data), "f.ggn", 2000, fast=False))
    assert len(fast) >= 5
    for at, line, game in fast:
        assert data[:at].count(b"\n") + 1 == line
        assert data[at - 1 : at + 2] == b"\n\n["  # a game's blank line before its tags
        assert data[:at].count(b"\nend ") == game - 1
