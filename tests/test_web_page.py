"""The viewer page as a file (gargon_notation.web.page) and ``gargon html``, without a browser.

A page made for one seat must hold no value that seat had not seen: its inline data, frame by
frame, and its whole source are checked against ``seen_by`` (tests/viewer_expect.py), for the
examples and for many simulated games, and a leak planted on purpose must be caught.  A page
of a five-player game must stay under 1 MB with every view; it must need no network; the
package must carry its assets; ``gargon html`` must say what is wrong in one line, with exit 2.
"""

from __future__ import annotations

import importlib.resources
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner
from viewer_expect import allowed_values, values_in

import gargon_notation as gg
from gargon_notation.cli import app
from gargon_notation.engine import GameState
from gargon_notation.web.data import expand

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.ggn"))
LIGHT_EXAMPLES = {"full-game.ggn", "rulebook-round.ggn"}
"""The examples checked by default; GARGON_FUZZ=heavy checks them all (slow)."""
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
GAME_DATA = re.compile(r'<script type="application/json" id="gargon-game-(\d+)">(.*?)</script>')


def _assets() -> str:
    web = importlib.resources.files("gargon_notation.web")
    return web.joinpath("viewer.js").read_text("utf-8") + web.joinpath("viewer.css").read_text(
        "utf-8"
    )


def leaks(page: str, result: gg.Replay, seat: int) -> set[str]:
    """Every value ``page`` (made for ``seat``) holds that the seat had not seen: in a frame
    of its data, any value not seen by that step; anywhere in the page, any value not seen
    by the end."""
    allowed = allowed_values(result, seat)
    found: set[str] = set()
    games = GAME_DATA.findall(page)
    assert len(games) == 1
    data = json.loads(games[0][1])
    assert [view["key"] for view in data["views"]] == [str(seat)]
    for step, frame in enumerate(expand(data["views"][0]["frames"])):
        found |= values_in(json.dumps(frame, ensure_ascii=False)) - allowed[step]
    return found | (values_in(page) - allowed[-1])


def test_the_assets_name_no_card() -> None:
    """So that any value in a page's source comes from its data (the leak checks rely on it)."""
    assert values_in(_assets()) == set()


def _seat_cases() -> list[tuple[str, int]]:
    count = 30 if HEAVY else 1
    return [(f"leak.{k}", 3 + k % 3) for k in range(count)]


@pytest.mark.parametrize(("seed", "players"), _seat_cases())
def test_a_seat_page_holds_no_value_the_seat_had_not_seen(seed: str, players: int) -> None:
    record = gg.record_from_simulation(gg.simulate(players, seed))
    result = gg.replay(record)
    for seat, name in enumerate(record.headers.values_of("Players")):
        assert leaks(gg.html_page(record, seat=name), result, seat) == set()


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=() if path.name in LIGHT_EXAMPLES else pytest.mark.slow)
        for path in EXAMPLES
    ],
    ids=lambda p: p.name,
)
def test_a_seat_page_of_an_example_holds_no_hidden_value(path: Path) -> None:
    for record in gg.load(path, strict=True):
        result = gg.replay(record)
        for seat, name in enumerate(record.headers.values_of("Players")):
            page = gg.html_page(record, seat=name)
            assert leaks(page, result, seat) == set()
            assert "[Seed" not in page and '["Seed"' not in page


def test_a_planted_leak_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above would see a seat page built from the referee's table."""
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    result = gg.replay(record)
    monkeypatch.setattr(GameState, "seen_by", lambda self, seat: self)
    page = gg.html_page(record, seat="Bernd")
    monkeypatch.undo()
    found = leaks(page, result, 1)
    assert {"R2", "W15", "V10"} <= found


def test_a_comment_leak_is_masked_and_a_planted_one_caught() -> None:
    text = (ROOT / "examples" / "full-game.ggn").read_text(encoding="utf-8")
    text = text.replace("1. Adam", "1. {Dagmar was dealt W15 and V10} Adam", 1)
    record = next(gg.loads(text, strict=True))
    result = gg.replay(record)
    page = gg.html_page(record, seat="Bernd")
    assert leaks(page, result, 1) == set()
    assert "Dagmar was dealt W? and V?" in page
    assert leaks(page.replace("W? and V?", "W15 and V10"), result, 1) >= {"W15", "V10"}


def test_an_everyone_page_holds_every_view() -> None:
    record = next(gg.load(ROOT / "examples" / "full-game.ggn", strict=True))
    data = json.loads(GAME_DATA.findall(gg.html_page(record))[0][1])
    assert [view["key"] for view in data["views"]] == ["all", "0", "1", "2", "3"]


def test_a_page_needs_no_network() -> None:
    record = next(gg.load(ROOT / "examples" / "club-night.ggn", strict=True))
    page = gg.html_page(record)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "http://" not in page and "https://" not in page
    assert "<link" not in page and "@import" not in page and "fetch(" not in page


@pytest.mark.parametrize(
    "seed",
    ["size.1", *(pytest.param(seed, marks=pytest.mark.slow) for seed in ("size.2", "size.3"))],
)  # the same page of another game: one by default, three in the heavy profile
def test_a_five_player_page_stays_under_a_megabyte(seed: str) -> None:
    record = gg.record_from_simulation(gg.simulate(5, seed), write_deal=True)
    record = gg.annotate(record)
    size = len(gg.html_page(record).encode("utf-8"))
    assert size < 1_000_000, size


def test_the_notebook_forms() -> None:
    record = next(gg.load(ROOT / "examples" / "rulebook-round.ggn", strict=True))
    result = gg.replay(record)
    for shown in (record._repr_html_(), result._repr_html_()):
        assert shown.startswith('<iframe srcdoc="&lt;!DOCTYPE html&gt;')
        assert 'sandbox="allow-scripts"' in shown
        assert "&lt;/script&gt;" in shown and "</script>" not in shown
    state = result.state_after(9)
    assert state._repr_html_() == gg.table_svg(state)


def test_the_package_carries_the_viewer_assets() -> None:
    """The page's script and style are package files, read from the package imported (in CI
    the installed wheel, not the source tree: .ci/run)."""
    web = importlib.resources.files("gargon_notation.web")
    for name in ("viewer.js", "viewer.css"):
        assert web.joinpath(name).is_file(), name
    page = gg.html_page(next(gg.load(ROOT / "examples" / "rulebook-round.ggn", strict=True)))
    assert web.joinpath("viewer.js").read_text("utf-8") in page


# -- gargon html ---------------------------------------------------------------------------


def gargon(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_html_writes_the_page(tmp_path: Path) -> None:
    """Of a file of three games (the rulebook's round, the shortest example, three times)."""
    rulebook = ROOT / "examples" / "rulebook-round.ggn"
    three = tmp_path / "three.ggn"
    three.write_text("\n".join([rulebook.read_text(encoding="utf-8")] * 3), encoding="utf-8")
    target = tmp_path / "three.html"
    code, out, _ = gargon("html", str(three), "-o", str(target))
    assert (code, out) == (0, "")
    page = target.read_text(encoding="utf-8")
    assert len(GAME_DATA.findall(page)) == 3
    code, out, _ = gargon("html", str(three), "--game", "2")
    assert code == 0 and [n for n, _ in GAME_DATA.findall(out)] == ["2"]
    code, out, _ = gargon("html", str(rulebook), "--seat", "Bernd")
    data = json.loads(GAME_DATA.findall(out)[0][1])
    assert code == 0 and [view["key"] for view in data["views"]] == ["1"]


def test_html_of_an_invalid_record_writes_the_page_and_exits_1(tmp_path: Path) -> None:
    target = tmp_path / "broken.html"
    code, _, err = gargon(
        "html", str(ROOT / "tests" / "data" / "cli" / "broken.ggn"), "-o", str(target)
    )
    assert code == 1 and "[last-seat-new-colour]" in err
    assert "last-seat-new-colour" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["examples/full-game.ggn", "--seat", "bernd"],
            "gargon: --seat bernd: bernd is not at this table (players: Adam, Bernd, Collette, "
            "Dagmar); did you mean Bernd? (names are case-sensitive)",
        ),
        (
            ["examples/club-night.ggn", "--seat", "Dagma"],
            "gargon: --seat Dagma: Dagma is not at any table (players: Adam, Bernd, Collette, "
            "Dagmar, Emil); did you mean Dagmar?",
        ),
        (
            ["examples/club-night.ggn", "--game", "1", "--seat", "Dagmar"],
            "gargon: --seat Dagmar: Dagmar is not at this table (players: Adam, Bernd, Collette)",
        ),
        (["examples/club-night.ggn", "--game", "4"], "gargon: --game 4: the file holds games 1-3"),
        (["examples/full-game.ggn", "--game", "4"], "gargon: --game 4: the file holds one game"),
        (["nowhere.ggn"], "gargon: nowhere.ggn: no such file or directory"),
    ],
)
def test_html_refuses_bad_input_in_one_line(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = gargon("html", *args)
    assert (code, out, err.rstrip("\n")) == (2, "", message)


INDEX = re.compile(r'<script type="application/json" id="gargon-index">(.*?)</script>')


def test_html_of_several_inputs_names_each_game_by_its_file(tmp_path: Path) -> None:
    broken = ROOT / "tests" / "data" / "cli" / "syntax.ggn"
    rulebook = ROOT / "examples" / "rulebook-round.ggn"
    (tmp_path / "empty.ggn").write_text("; no game\n", encoding="utf-8")
    target = tmp_path / "all.html"
    paths = [rulebook, broken, tmp_path / "empty.ggn", "-"]
    result = CliRunner().invoke(
        app,
        ["html", *map(str, paths), "--seat", "Adam", "-o", str(target)],
        input=rulebook.read_text(),
    )
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr.startswith(f"{broken}:3:25: expected a card like R14")
    assert result.stderr.endswith(f"gargon: {tmp_path / 'empty.ggn'}: no game found\n")
    page = target.read_text(encoding="utf-8")
    index = json.loads(INDEX.findall(page)[0])
    event = "Rulebook example round"
    assert [(g["number"], g["id"], g["label"], g["title"]) for g in index["games"]] == [
        (1, "gargon-game-1", f"{rulebook} game 1", f"{rulebook} game 1: {event}"),
        (2, None, f"{broken} game 1", f"{broken} game 1 (unreadable)"),
        (3, "gargon-game-3", "<stdin> game 1", f"<stdin> game 1: {event}"),
    ]
    assert index["title"] == "Gargon games"
    assert [number for number, _ in GAME_DATA.findall(page)] == ["1", "3"]


def test_html_tells_the_problems_in_the_order_of_the_games(tmp_path: Path) -> None:
    """A UTF-16 file's error came before the rule problem of the file before it (read
    errors were said while reading, rule problems once the page was made), and every game
    was replayed twice; with --game, the error of another game of the file was said, and
    made the exit 1, though that game is not on the page (found by an organiser's trial)."""
    rulebook = (ROOT / "examples" / "rulebook-round.ggn").read_text()
    (tmp_path / "a.ggn").write_text(rulebook.replace("Y6 R9, Bernd", "Y6 R9, Bernd B3, Bernd"))
    (tmp_path / "b.ggn").write_text(rulebook, encoding="utf-16")
    (tmp_path / "c.ggn").write_text("; no game\n")
    (tmp_path / "d.ggn").write_text(rulebook + '\n[Players "A" "B" "C"]\n1. A R99\n')
    names = ["a.ggn", "b.ggn", "c.ggn", "d.ggn"]
    result = CliRunner().invoke(
        app, ["html", *(str(tmp_path / name) for name in names), "-o", str(tmp_path / "p.html")]
    )
    said = [line.split(":")[0] for line in result.stderr.splitlines() if not line[:1].isspace()]
    assert (result.exit_code, said) == (
        1,
        [str(tmp_path / "a.ggn"), str(tmp_path / "b.ggn"), "gargon", str(tmp_path / "d.ggn")],
    )
    assert "c.ggn: no game found" in result.stderr.splitlines()[-4]
    one = CliRunner().invoke(
        app, ["html", str(tmp_path / "d.ggn"), "--game", "1", "-o", str(tmp_path / "p.html")]
    )
    assert (one.exit_code, one.stderr) == (0, "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["examples/club-night.ggn", "examples/full-game.ggn", "--game", "2"],
            "gargon: --game 2 picks a game of one file, but 2 were given "
            "(examples/club-night.ggn, examples/full-game.ggn): give that file alone",
        ),
        (
            ["examples/rulebook-round.ggn", "examples/club-night.ggn", "--seat", "Emi"],
            "gargon: --seat Emi: Emi is not at any table (players: Adam, Bernd, Collette, "
            "Dagmar, Emil); did you mean Emil?",
        ),
    ],
    ids=["game", "seat"],
)
def test_html_of_several_inputs_refuses_in_one_line(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = gargon("html", *args)
    assert (code, out, err.rstrip("\n")) == (2, "", message)


@pytest.mark.parametrize(
    ("paths", "seat", "titles", "note"),
    [
        (
            ["examples/club-night.ggn"],
            "Dagmar",
            ["Game 2: Club night", "Game 3: Club night"],
            "examples/club-night.ggn game 1 left out: Dagmar is not at its table",
        ),
        (
            ["examples/full-game.ggn", "examples/club-night.ggn"],
            "Emil",
            ["examples/club-night.ggn game 3: Club night"],
            "examples/full-game.ggn game 1; examples/club-night.ggn games 1, 2 left out: Emil "
            "is not at their tables",
        ),
    ],
    ids=["one-file", "two-files"],
)
def test_html_seat_of_several_games_makes_the_page_of_the_games_the_seat_played(
    paths: list[str], seat: str, titles: list[str], note: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dagmar played games 2 and 3 of the club night: her page holds them, as she saw them,
    and the game left out is named (the whole file was refused, game 1 lacking her)."""
    monkeypatch.chdir(ROOT)
    code, out, err = gargon("html", *paths, "--seat", seat)
    assert (code, err) == (0, f"note: --seat {seat}: {note}\n")
    index = json.loads(INDEX.findall(out)[0])
    assert [game["title"] for game in index["games"]] == titles
    found = GAME_DATA.findall(out)
    assert len(found) == len(titles)
    for _, data in found:
        game = json.loads(data)
        assert [view["key"] for view in game["views"]] == [str(game["names"].index(seat))]


@pytest.mark.parametrize(
    ("verb", "said"),
    [
        ("html", "gargon: the page is HTML: write it with -o PAGE.html"),
        # svg poured 26 kB of XML onto the terminal (found by a player's trial)
        ("svg", "gargon: the picture is SVG: write it with -o PICTURE.svg"),
    ],
)
def test_a_page_or_a_picture_is_not_poured_onto_a_terminal(
    tmp_path: Path, verb: str, said: str
) -> None:
    leader, follower = pty.openpty()
    gargon_bin = Path(sys.executable).with_name("gargon")
    try:
        done = subprocess.run(
            [str(gargon_bin), verb, str(ROOT / "examples" / "full-game.ggn")],
            stdout=follower,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert done.stderr.startswith(said)
    assert not list(tmp_path.iterdir())
