"""``gargon standings`` and its library (:mod:`gargon_notation.archive.standings`,
:mod:`~gargon_notation.archive.duplicate_results`, :mod:`~gargon_notation.archive.results`):
hand-made tournaments with known totals and ties (the crosstable checked whole: points, each
tie-break, shared ranks), the Spring Cup (real games, tests/tournament.py) through the command
line, duplicate results of a deal played at two and three tables, and bad input."""

from __future__ import annotations

import functools
import io
import json
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from rich.text import Text
from tournament import SPRING_CUP, four_table, misspelt_cup, played, seat_views, spring_cup
from typer.testing import CliRunner
from typer.testing import Result as Run

import gargon_notation as gg
from gargon_notation import archive
from gargon_notation.archive.deals import knowledge
from gargon_notation.archive.duplicate_results import DuplicateCollector
from gargon_notation.archive.duplicates import View
from gargon_notation.archive.results import DealKey, GameResult, Skipped, read_results
from gargon_notation.archive.standings import Cell, Standing, StandingsCollector
from gargon_notation.bots import RandomBot, simulate
from gargon_notation.cards import Card
from gargon_notation.cli import app
from gargon_notation.cli import common as cli_common
from gargon_notation.cli.standings import Crosstable
from gargon_notation.cli.terminal import SafeConsole
from gargon_notation.engine import Deal, Rng
from gargon_notation.merging import merge_records
from gargon_notation.notation import GameRecord, Pass, Tag, parse_game


@functools.cache
def cup_games() -> tuple[gg.GameRecord, ...]:
    """The Spring Cup's games, read from its file (as fast as the tests need)."""
    return tuple(gg.load(SPRING_CUP, strict=True))


def gargon(*args: str | Path, input: bytes | None = None) -> Run:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


def result(round: str, names: str, totals: tuple[int, ...], event: str = "Cup") -> GameResult:
    return GameResult(f"cup.ggn:{round}", event, round, None, tuple(names.split()), totals)


def standings(*results: GameResult) -> list[tuple[str, str, float, int, int, int]]:
    """rank (with = when shared), player, points, wins, shared wins, score."""
    collector = StandingsCollector()
    for game in results:
        collector.add(game)
    (event,) = collector.standings()
    return [
        (f"{s.rank}{'=' if s.shared else ''}", s.player, s.points, s.wins, s.shared_wins, s.score)
        for s in event.standings
    ]


def test_direct_encounter_breaks_a_tie_on_points_and_unmet_players_share_a_rank() -> None:
    collector = StandingsCollector()
    for game in (
        result("1", "A B X", (30, 20, 10)),  # A 2 points, B 1, X 0
        result("2", "A Y Z", (20, 30, 10)),  # Y 2, A 1, Z 0
        result("2", "B X W", (30, 20, 10)),  # B 2, X 1, W 0
    ):
        collector.add(game)
    (event,) = collector.standings()
    assert event.rounds == ("1", "2")
    assert event.standings == (
        # A and B: 3 points, one win, score 50 each; A beat B when they met
        Standing(1, False, "A", 6, 2, 1, 0, 50, 2, (Cell(1, 4, 30, (1,)), Cell(1, 2, 20, (2,)))),
        Standing(2, False, "B", 6, 2, 1, 0, 50, 0, (Cell(1, 2, 20, (2,)), Cell(1, 4, 30, (1,)))),
        Standing(3, False, "Y", 4, 1, 1, 0, 30, None, (None, Cell(1, 4, 30, (1,)))),
        Standing(4, False, "X", 2, 2, 0, 0, 30, None, (Cell(1, 0, 10, (3,)), Cell(1, 2, 20, (2,)))),
        # W and Z never met: direct encounter does not apply; equal on wins and score
        Standing(5, True, "W", 0, 1, 0, 0, 10, None, (None, Cell(1, 0, 10, (3,)))),
        Standing(5, True, "Z", 0, 1, 0, 0, 10, None, (None, Cell(1, 0, 10, (3,)))),
    )
    assert [table.where for table in event.tables] == ["cup.ggn:1", "cup.ggn:2", "cup.ggn:2"]


def test_wins_then_score_break_ties_that_direct_encounter_leaves() -> None:
    # Everyone meets everyone: direct encounter equals the points, so it decides nothing.
    assert standings(
        result("1", "A B C D", (40, 30, 30, 10)),
        result("2", "A B C D", (10, 20, 20, 41)),
    ) == [
        ("1", "D", 3.0, 1, 0, 51),  # a win, and the better score
        ("2", "A", 3.0, 1, 0, 50),
        ("3=", "B", 3.0, 0, 0, 50),  # no win, the same score
        ("3=", "C", 3.0, 0, 0, 50),
    ]


def test_a_shared_win_gives_half_points_and_counts_as_a_shared_win() -> None:
    assert standings(result("1", "Ann Bob Cy", (30, 30, 10))) == [
        ("1=", "Ann", 1.5, 1, 1, 30),
        ("1=", "Bob", 1.5, 1, 1, 30),
        ("3", "Cy", 0.0, 0, 0, 10),
    ]


def test_rounds_in_order_events_apart_and_a_player_twice_in_a_round() -> None:
    collector = StandingsCollector()
    for game in (
        result("10", "A B C", (1, 2, 3)),
        result("2", "A B C", (3, 2, 1)),
        result("2", "A B C", (3, 2, 1)),
        result("1", "A B C", (3, 2, 1), event="Other"),
        GameResult("x:1", None, None, "2026.03.01", ("A", "B", "C"), (3, 2, 1)),
    ):
        collector.add(game)
    cup, other, unnamed = collector.standings()
    assert (cup.event, other.event, unnamed.event) == ("Cup", "Other", None)
    assert cup.rounds == ("2", "10")
    assert unnamed.rounds == ("2026.03.01",)  # no Round tag: the Date is the round
    a = cup.standings[0]
    assert (a.player, a.rounds) == ("A", (Cell(2, 8, 6, (1, 1)), Cell(1, 0, 1, (3,))))
    assert a.rounds[0].text == "4 (6) \u00d72"


def test_rounds_named_in_words_follow_the_numbered_ones_as_the_archive_gives_them() -> None:
    collector = StandingsCollector()
    for round in ("Semi-final", "10", "Final", "2", "3.1", "Semi-final"):
        collector.add(result(round, "A B C", (1, 2, 3)))
    collector.add(GameResult("x:1", "Cup", None, None, ("A", "B", "C"), (3, 2, 1)))
    (cup,) = collector.standings()
    assert cup.rounds == ("2", "3.1", "10", "Semi-final", "Final", "?")
    named = StandingsCollector()  # files read in name order: round10.ggn before round2.ggn
    for round in ("Round 10", "Round 2", "Round 1", "Final"):
        named.add(result(round, "A B C", (1, 2, 3)))
    (cup,) = named.standings()
    assert cup.rounds == ("Round 1", "Round 2", "Round 10", "Final")


def test_games_without_a_round_tag_in_an_event_with_round_tags_are_kept_apart() -> None:
    """In reading order; none in an event whose games all go by their Date, nor among the
    games without an Event tag."""
    collector = StandingsCollector()
    for game in (
        result("1", "A B C", (3, 2, 1)),
        GameResult("cup.ggn:9", "Cup", None, "2026.01.17", ("A", "B", "C"), (3, 2, 1)),
        result("3", "A B C", (3, 2, 1)),
        GameResult("cup.ggn:12", "Cup", None, None, ("A", "B", "C"), (3, 2, 1)),
        GameResult("club.ggn:1", "Club", None, "2026.01.10", ("A", "B", "C"), (3, 2, 1)),
        GameResult("club.ggn:8", "Club", None, "2026.01.17", ("A", "B", "C"), (3, 2, 1)),
        GameResult("x.ggn:1", None, "1", None, ("A", "B", "C"), (3, 2, 1)),
        GameResult("x.ggn:7", None, None, "2026.01.17", ("A", "B", "C"), (3, 2, 1)),
    ):
        collector.add(game)
    club, cup, unnamed = collector.standings()
    assert cup.rounds == ("1", "3", "2026.01.17", "?")
    assert [(table.where, table.round) for table in cup.untagged] == [
        ("cup.ggn:9", "2026.01.17"),
        ("cup.ggn:12", "?"),
    ]
    assert (club.event, club.untagged, unnamed.event, unnamed.untagged) == ("Club", (), None, ())


def test_a_game_without_the_round_tag_its_event_s_other_games_have_is_warned_of(
    tmp_path: Path,
) -> None:
    """One line each on standard error, with the round column it is counted in; exit 0, and
    the standings as before. The duplicate results have no rounds: nothing to say."""
    text = SPRING_CUP.read_text(encoding="utf-8").replace('[Round "1"]\n', "", 1)
    cup = tmp_path / "cup.ggn"
    cup.write_text(text, encoding="utf-8")
    run = gargon("standings", cup, "--no-color")
    assert (run.exit_code, run.stderr) == (
        0,
        f'warning: {cup}:1: a game of "Spring Cup" without a Round tag, unlike the event\'s '
        "others: counted in the column 2026.03.07 (its Date)\n",
    )
    assert "Spring Cup: 5 rounds, 8 games, 6 players" in run.stdout
    as_json = gargon("standings", cup, "--json")
    assert (as_json.exit_code, as_json.stderr) == (0, run.stderr)
    assert json.loads(as_json.stdout)["events"][0]["rounds"] == ["1", "2", "3", "4", "2026.03.07"]
    duplicate = gargon("standings", "--duplicate", cup)
    assert (duplicate.exit_code, duplicate.stderr) == (0, "")


def test_a_player_or_an_event_typed_two_ways_is_warned_of(tmp_path: Path) -> None:
    """Fnin (Finn's name with two letters swapped) was ranked as a player of his own, and
    "Spring Cup " (a space after it) made an event of its own, without a word (found by an
    organiser's trial); the standings are as before, counted apart."""
    run = gargon("standings", misspelt_cup(tmp_path), "--no-color")
    assert (run.exit_code, run.stderr) == (
        0,
        'warning: "Spring Cup" and "Spring Cup " are counted as two events: if they are one, '
        "write the Event tag one way in the records (gargon filter --event TEXT finds each "
        "one's games)\n"
        'warning: "Finn" and "Fnin" in "Spring Cup" are counted as two players: if they are '
        "one, write the name one way in the records (gargon filter --player NAME finds each "
        "one's games)\n",
    )
    assert gargon("standings", SPRING_CUP).stderr == ""


def test_the_spring_cup_file_is_the_tournament_the_tests_build() -> None:
    assert SPRING_CUP.read_text(encoding="utf-8") == gg.dumps(spring_cup())


def test_spring_cup_json_points_from_the_replays() -> None:
    run = gargon("standings", SPRING_CUP, "--json")
    assert run.exit_code == 0, run.output
    document = json.loads(run.stdout)
    assert (document["format"], document["version"]) == ("gargon-standings", 1)
    assert (document["games"], document["counted"]) == (8, 8)
    assert document["tie_breaks"] == ["points", "direct-encounter", "wins", "score"]
    (event,) = document["events"]
    assert (event["event"], event["rounds"]) == ("Spring Cup", ["1", "2", "3", "4"])
    points: dict[str, Fraction] = {}
    scores: dict[str, int] = {}
    for record in cup_games():
        totals = gg.validate(record).totals
        players = record.tag("Players")
        assert players is not None
        for name, total in zip(players.values, totals, strict=True):
            beaten = sum(total > other for other in totals)
            equal = sum(total == other for other in totals) - 1
            points[name] = points.get(name, Fraction(0)) + beaten + Fraction(equal, 2)
            scores[name] = scores.get(name, 0) + total
    lines = {line["player"]: line for line in event["standings"]}
    assert {name: Fraction(line["points"]) for name, line in lines.items()} == points
    assert {name: line["score"] for name, line in lines.items()} == scores
    assert [(line["rank"], line["player"]) for line in event["standings"]] == [
        (1, "Dan"),
        (2, "Finn"),
        (3, "Cleo"),
        (4, "Ben"),
        (5, "Ann"),
        (6, "Eva"),
    ]
    dan = lines["Dan"]
    assert dan["rounds"][2] == {
        "round": "3",
        "games": 1,
        "points": 1.5,
        "score": 51,
        "places": [1],
    }
    assert (dan["wins"], dan["shared_wins"], dan["direct_encounter"]) == (4, 1, None)
    assert event["tables"][5] == {
        "round": "3",
        "table": None,
        "where": f"{SPRING_CUP}:216",
        "players": [
            {"player": "Ben", "score": 36, "place": 3, "points": 0.0},
            {"player": "Cleo", "score": 51, "place": 1, "points": 1.5},
            {"player": "Dan", "score": 51, "place": 1, "points": 1.5},
        ],
    }


SPRING_CUP_TABLE = """\
Spring Cup: 4 rounds, 8 games, 6 players

rank  player      R1      R2
   1  Dan     2 (85)  2 (91)
   2  Finn    1 (60)  2 (69)
   3  Cleo    1 (55)  ½ (30)
   4  Ben     2 (74)  1 (42)
   5  Ann     0 (49)  ½ (30)
   6  Eva     0 (32)  0 (31)

rank  player       R3      R4  points  games  wins  shared  score
   1  Dan     1½ (51)  2 (75)      7½      4     4       1    302
   2  Finn     2 (57)  2 (58)       7      4     3       0    244
   3  Cleo    1½ (51)  1 (52)       4      4     1       1    188
   4  Ben      0 (36)  0 (47)       3      4     1       0    199
   5  Ann      1 (53)  1 (41)      2½      4     0       0    173
   6  Eva      0 (29)  0 (24)       0      4     0       0    116
"""
"""At 80 columns: the whole crosstable is 81 wide, so its rounds go in two groups."""


def test_spring_cup_on_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cup.ggn").write_bytes(SPRING_CUP.read_bytes())
    monkeypatch.chdir(tmp_path)
    run = gargon("standings", "cup.ggn", "--no-color")
    assert run.exit_code == 0
    assert run.stdout.startswith(SPRING_CUP_TABLE)
    assert "\n3      1. Cleo 51, 1. Dan 51, 3. Ben 36   cup.ggn:216\n" in run.stdout
    assert "\x1b" not in run.stdout


def test_no_printed_line_ends_in_blanks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's last column is padded to its width: the padding is not printed."""
    (tmp_path / "cup.ggn").write_bytes(SPRING_CUP.read_bytes())
    monkeypatch.chdir(tmp_path)
    printed = [gargon("standings", "cup.ggn", *options) for options in ([], ["--duplicate"])]
    for run in printed:
        assert run.exit_code == 0
        assert [line for line in run.stdout.splitlines() if line != line.rstrip()] == []
    games = printed[0].stdout.split("Games by round\n")[1].splitlines()
    assert games[:3] == [
        "round  results (place, player, total)     game",
        "1      1. Ben 74, 2. Cleo 55, 3. Ann 49   cup.ggn:1",
        "1      1. Dan 85, 2. Finn 60, 3. Eva 32   cup.ggn:46",
    ]


def test_a_crosstable_wider_than_the_console_is_printed_in_groups_of_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each Spring Cup game in a round of its own: eight round columns, wider than a pipe's
    80 columns.  The rounds go in groups of as many as fit, each under the rank and player
    columns, the totals with the last where they fit (here, on their own): no line runs
    past 80 columns, no cell is cut."""
    rounds = iter(range(1, 9))
    lines = [
        f'[Round "{next(rounds)}"]' if line.startswith("[Round ") else line
        for line in SPRING_CUP.read_text(encoding="utf-8").split("\n")
    ]
    (tmp_path / "cup.ggn").write_text("\n".join(lines), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    wide = SafeConsole(highlight=False, soft_wrap=True, width=200)
    monkeypatch.setattr(cli_common, "out", wide)
    whole = gargon("standings", "cup.ggn", "--no-color").stdout
    monkeypatch.setattr(cli_common, "out", SafeConsole(highlight=False, soft_wrap=True, width=80))
    run = gargon("standings", "cup.ggn", "--no-color")
    assert run.exit_code == 0
    printed = [line.rstrip() for line in run.stdout.splitlines()]
    assert printed[2:5] == [
        "rank  player      R1      R2      R3      R4      R5       R6      R7      R8",
        "   1  Dan          -  2 (85)  2 (91)       -       -  1½ (51)  2 (75)       -",
        "   2  Finn         -  1 (60)       -  2 (69)  2 (57)        -       -  2 (58)",
    ]
    assert printed[10:13] == [
        "rank  player  points  games  wins  shared  score",
        "   1  Dan         7½      4     4       1    302",
        "   2  Finn         7      4     3       0    244",
    ]
    assert max(map(len, printed[:18])) <= 80 and "…" not in run.stdout
    assert len(whole.splitlines()[2]) > 80  # on a console wide enough: one table
    assert whole.splitlines()[2].split() == [*printed[2].split(), *printed[10].split()[2:]]


def test_a_deal_s_games_under_a_long_path_keep_their_seats_and_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = Path("a-rather-long-folder-name", "for-the-records-of-the-spring-cup-2026")
    (tmp_path / folder).mkdir(parents=True)
    (tmp_path / folder / "spring-cup.ggn").write_bytes(SPRING_CUP.read_bytes())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli_common, "out", SafeConsole(highlight=False, soft_wrap=True, width=80))
    run = gargon("standings", folder / "spring-cup.ggn", "--duplicate", "--no-color")
    assert run.exit_code == 0
    lines = [line.rstrip() for line in run.stdout.splitlines()]
    deal = lines.index("Deal spring-cup-1")
    assert lines[deal + 1].startswith("seat  player  score    over  matchpoints  game")
    assert (
        lines[deal + 2]
        == f"   1  Dan        85  +36.00          1/1  {folder / 'spring-cup.ggn'}:46"
    )
    assert "…" not in run.stdout


def games_by_round(width: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The "Games by round" table of the Spring Cup read from the repository's root (a long
    ``FILE:LINE``), printed ``width`` columns wide."""
    monkeypatch.chdir(SPRING_CUP.parents[3])
    monkeypatch.setattr(
        cli_common, "out", SafeConsole(highlight=False, soft_wrap=True, width=width)
    )
    run = gargon("standings", SPRING_CUP.relative_to(SPRING_CUP.parents[3]), "--no-color")
    assert run.exit_code == 0
    lines = [line.rstrip() for line in run.stdout.splitlines()]
    start = lines.index("Games by round")
    return lines[start : lines.index("", start)]


ENTRIES = [
    "1. Ben 74", "2. Cleo 55", "3. Ann 49", "1. Dan 85", "2. Finn 60", "3. Eva 32",
    "1. Dan 91", "2. Ben 42", "3. Eva 31", "1. Finn 69", "2. Cleo 30", "2. Ann 30",
    "1. Finn 57", "2. Ann 53", "3. Eva 29", "1. Cleo 51", "1. Dan 51", "3. Ben 36",
    "1. Dan 75", "2. Cleo 52", "3. Ben 47", "1. Finn 58", "2. Ann 41", "3. Eva 24",
]  # fmt: skip
"""The results of the Spring Cup's games, in order."""


def test_games_by_round_wrap_between_results_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = games_by_round(80, monkeypatch)
    assert lines[:6] == [
        "Games by round",
        "round  results (place, player, total)   game",
        "1      1. Ben 74, 2. Cleo 55,           tests/data/tournament/spring-cup.ggn:1",
        "       3. Ann 49",
        "1      1. Dan 85, 2. Finn 60,           tests/data/tournament/spring-cup.ggn:46",
        "       3. Eva 32",
    ]
    assert (
        lines[6]
        == "2      1. Dan 91, 2. Ben 42, 3. Eva 31  tests/data/tournament/spring-cup.ggn:91"
    )
    assert len(lines) == 2 + 15
    results = [line[7:40].strip().rstrip(",") for line in lines[2:]]
    assert [entry for line in results for entry in line.split(", ")] == ENTRIES


def test_games_by_round_put_the_game_under_its_results_when_narrower(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 60 columns the results beside ``FILE:LINE`` would take a line each."""
    lines = games_by_round(60, monkeypatch)
    assert lines[:6] == [
        "Games by round",
        "round  results (place, player, total); game",
        "1      1. Ben 74, 2. Cleo 55, 3. Ann 49",
        "       tests/data/tournament/spring-cup.ggn:1",
        "1      1. Dan 85, 2. Finn 60, 3. Eva 32",
        "       tests/data/tournament/spring-cup.ggn:46",
    ]
    results = [line[7:].split(", ") for line in lines[2::2]]
    assert [entry for line in results for entry in line] == ENTRIES
    assert lines[3::2] == [f"       tests/data/tournament/spring-cup.ggn:{n}" for n in (
        1, 46, 91, 134, 173, 216, 259, 304)]  # fmt: skip


def test_html_page_is_self_contained(tmp_path: Path) -> None:
    page = tmp_path / "standings.html"
    round_1(tmp_path / "cup.ggn")
    run = gargon("standings", tmp_path / "cup.ggn", "--html", page)
    assert run.exit_code == 0 and run.stdout == ""
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<h2>Spring Cup</h2>" in text
    assert '<th scope="row">Dan</th><td class="n win">2 (85)</td>' in text
    # the games by round name each game by its place, under the heading the text gives it
    assert (
        '<tr><th scope="col">round</th><th scope="col">game</th>'
        '<th scope="col">results (place, player, total)</th></tr>\n'
        f'<tr><th scope="row">1</th><th scope="row">{tmp_path / "cup.ggn"}:1</th>'
    ) in text
    for external in ("<script", "src=", "href=", "http:", "https:", "@import"):
        assert external not in text
    assert sorted(tmp_path.iterdir()) == [tmp_path / "cup.ggn", page]  # no temporary file


def test_a_games_table_tag_is_given_with_its_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An organiser's records say at which table of its round each game was played
    (``[Table "B3"]``, a tag of the notation): the games by round left it out, so the
    published page could not say which table's result was which.  Now the text gives it
    after the round, the page in a column of its own, the JSON as ``table`` (null where a
    game has none)."""
    monkeypatch.chdir(tmp_path)
    first, second, third = (gg.dumps(game) for game in cup_games()[:3])
    labelled = [
        first.replace('[Round "1"]\n', '[Round "1"]\n[Table "A"]\n', 1),
        second.replace('[Round "1"]\n', '[Round "1"]\n[Table "B"]\n', 1),
        third,  # none
    ]
    Path("cup.ggn").write_text("\n".join(labelled), encoding="utf-8")
    run = gargon("standings", "cup.ggn", "--no-color")
    assert run.exit_code == 0, run.stderr
    lines = [line.rstrip() for line in run.stdout.splitlines()]
    start = lines.index("Games by round")
    assert lines[start : start + 5] == [
        "Games by round",
        "round, table  results (place, player, total)    game",
        "1, A          1. Ben 74, 2. Cleo 55, 3. Ann 49  cup.ggn:1",
        "1, B          1. Dan 85, 2. Finn 60, 3. Eva 32  cup.ggn:47",
        "2             1. Dan 91, 2. Ben 42, 3. Eva 31   cup.ggn:93",
    ]
    document = json.loads(gargon("standings", "cup.ggn", "--json").stdout)
    tables = document["events"][0]["tables"]
    assert [(t["round"], t["table"], t["where"]) for t in tables] == [
        ("1", "A", "cup.ggn:1"),
        ("1", "B", "cup.ggn:47"),
        ("2", None, "cup.ggn:93"),
    ]
    assert gargon("standings", "cup.ggn", "--html", "page.html").exit_code == 0
    page = Path("page.html").read_text(encoding="utf-8")
    assert (
        '<tr><th scope="col">round</th><th scope="col">table</th><th scope="col">game</th>'
        '<th scope="col">results (place, player, total)</th></tr>\n'
        '<tr><th scope="row">1</th><th scope="row">A</th><th scope="row">cup.ggn:1</th>'
        "<td>1. Ben 74, 2. Cleo 55, 3. Ann 49</td></tr>\n"
    ) in page
    assert (
        '<tr><th scope="row">2</th><th scope="row"></th><th scope="row">cup.ggn:93</th>'
    ) in page


def test_an_empty_table_tag_is_no_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose Table tag is empty (``[Table ""]``, a form's field left blank) says no
    table: its round was printed ``1, `` under ``round, table``, its table ``""`` in the
    JSON, where the docs say null (found by the review of e7101bb)."""
    monkeypatch.chdir(tmp_path)
    first, second = (gg.dumps(game) for game in cup_games()[:2])
    written = [
        first.replace('[Round "1"]\n', '[Round "1"]\n[Table ""]\n', 1),
        second.replace('[Round "1"]\n', '[Round "1"]\n[Table "B"]\n', 1),
    ]
    Path("cup.ggn").write_text("\n".join(written), encoding="utf-8")
    run = gargon("standings", "cup.ggn", "--no-color")
    assert run.exit_code == 0, run.stderr
    lines = [line.rstrip() for line in run.stdout.splitlines()]
    start = lines.index("Games by round")
    assert lines[start + 1 : start + 4] == [
        "round, table  results (place, player, total)    game",
        "1             1. Ben 74, 2. Cleo 55, 3. Ann 49  cup.ggn:1",
        "1, B          1. Dan 85, 2. Finn 60, 3. Eva 32  cup.ggn:47",
    ]
    document = json.loads(gargon("standings", "cup.ggn", "--json").stdout)
    tables = document["events"][0]["tables"]
    assert [(t["round"], t["table"]) for t in tables] == [("1", None), ("1", "B")]
    Path("cup.ggn").write_text(written[0], encoding="utf-8")
    lines = gargon("standings", "cup.ggn", "--no-color").stdout.splitlines()
    assert lines[lines.index("Games by round") + 1].split()[0] == "round"


def test_html_pages_of_one_game_say_one_game_round_and_deal(tmp_path: Path) -> None:
    """The pages said '1 games read, 1 counted', '1 rounds, 1 games' and '1 deals
    compared', where the text says '1 round, 1 game' (found by an organiser's trial)."""
    cup, page = tmp_path / "cup.ggn", tmp_path / "page.html"
    cup.write_text(gg.dumps([cup_games()[0], cup_games()[1]]), encoding="utf-8")
    assert gargon("standings", cup, "--html", page).exit_code == 0
    text = page.read_text(encoding="utf-8")
    assert "<p>2 games read, 2 counted (valid and finished).</p>" in text
    assert "<p>1 round, 2 games, 6 players.</p>" in text
    assert gargon("standings", cup, "--duplicate", "--html", page).exit_code == 0
    assert "<p>1 deal compared.</p>" in page.read_text(encoding="utf-8")
    cup.write_text(gg.dumps([cup_games()[0]]), encoding="utf-8")
    assert gargon("standings", cup, "--html", page).exit_code == 0
    text = page.read_text(encoding="utf-8")
    assert "<p>1 game read, 1 counted (valid and finished).</p>" in text
    assert "<p>1 round, 1 game, 3 players.</p>" in text


def test_duplicate_results_of_the_spring_cup() -> None:
    run = gargon("standings", SPRING_CUP, "--duplicate", "--json")
    assert run.exit_code == 0
    document = json.loads(run.stdout)
    assert document["format"] == "gargon-duplicate"
    (event,) = document["events"]
    assert event["single_table_deals"] == 0
    assert [deal["deal"] for deal in event["deals"]] == [f"spring-cup-{n}" for n in (1, 2, 3, 4)]
    first = event["deals"][0]
    assert [[(r["player"], r["score"], r["over"]) for r in seat] for seat in first["seats"]] == [
        [("Dan", 85, 36.0), ("Ann", 49, -36.0)],
        [("Ben", 74, 42.0), ("Eva", 32, -42.0)],
        [("Finn", 60, 5.0), ("Cleo", 55, -5.0)],
    ]
    dan = event["standings"][0]
    assert dan == {
        "rank": 1,
        "shared": False,
        "player": "Dan",
        "results": 4,
        "matchpoints": 4.0,
        "compared": 4,
        "percent": 100.0,
        "over": 170.0,
    }


def test_duplicate_deal_at_three_tables_with_ties() -> None:
    deal = DealKey(b"\x01" * 16, "cup-1")
    collector = DuplicateCollector()
    for where, names, totals in (
        ("t1", ("A", "B", "C"), (40, 20, 30)),
        ("t2", ("D", "E", "F"), (40, 25, 10)),
        ("t3", ("G", "H", "I"), (10, 30, 20)),
    ):
        collector.add(GameResult(where, None, "1", None, names, totals, deal))
    assert not collector.add(GameResult("t4", None, "1", None, ("A", "B", "C"), (1, 2, 3)))
    (event,) = collector.results()
    (compared,) = event.deals
    seat_1 = [(r.player, r.total, r.over, r.halves) for r in compared.seats[0]]
    assert seat_1 == [
        ("A", 40, Fraction(15), 3),  # 40 - (40 + 10) / 2; beats G, equals D
        ("D", 40, Fraction(15), 3),
        ("G", 10, Fraction(-30), 0),
    ]
    ranked = [
        (line.rank, line.shared, line.player, line.percent, line.over) for line in event.lines
    ]
    assert ranked == [
        (1, False, "C", 100.0, 15),  # 30 - (10 + 20) / 2
        (2, False, "H", 100.0, Fraction(15, 2)),
        (3, True, "A", 75.0, 15),
        (3, True, "D", 75.0, 15),
        (5, True, "E", 50.0, 0),
        (5, True, "I", 50.0, 0),
        (7, False, "B", 0.0, Fraction(-15, 2)),
        (8, False, "F", 0.0, -15),
        (9, False, "G", 0.0, -30),
    ]


def test_duplicate_needs_two_tables_of_a_deal(tmp_path: Path) -> None:
    (tmp_path / "one.ggn").write_text(gg.dumps(cup_games()[0]), encoding="utf-8")
    run = gargon("standings", tmp_path, "--duplicate", "--no-color")
    assert run.exit_code == 0
    assert run.stdout.startswith(
        "No deal was played at two tables or more.\n\n"
        "1 deal played at one table only was not compared.\n"
    )


BROKEN = '[Event "Spring Cup"]\n[Round "5"]\n[Players "Ann" "Ben" "Cleo"]\n1. Ann R99\n*\n'


def round_1(path: Path) -> None:
    path.write_text(gg.dumps(cup_games()[:2]), encoding="utf-8")


def test_a_broken_game_is_reported_and_left_out(tmp_path: Path) -> None:
    round_1(tmp_path / "cup.ggn")
    (tmp_path / "torn.ggn").write_text(BROKEN, encoding="utf-8")
    unfinished = gg.dumps(cup_games()[2]).replace('Round "2"', 'Round "9"')
    unfinished = unfinished[: unfinished.index("\n2. ")] + "\n*\n"
    (tmp_path / "unfinished.ggn").write_text(unfinished, encoding="utf-8")
    run = gargon("standings", tmp_path, "--no-color")
    assert run.exit_code == 1
    assert run.stdout.startswith("Spring Cup: 1 round, 2 games, 6 players\n")
    assert f"{tmp_path / 'torn.ggn'}:4:8: 'R99' is not a card" in run.stderr
    assert "(unreadable: left out of the standings)" in run.stderr
    assert (
        f"gargon: 1 game was unfinished (at {tmp_path / 'unfinished.ggn'}:1): left out of the "
        "standings" in run.stderr
    )
    assert run.stderr.rstrip().endswith(
        "gargon: 1 game was invalid or unreadable: left out of the standings"
    )
    assert "Traceback" not in run.output


def test_an_invalid_game_names_its_rule(tmp_path: Path) -> None:
    text = gg.dumps(cup_games()[0]).replace("\n1. Ann ", "\n1. Ben ", 1)
    (tmp_path / "bad.ggn").write_text(text, encoding="utf-8")
    run = gargon("standings", tmp_path / "bad.ggn")
    assert run.exit_code == 1
    assert "[not-your-turn]" in run.stderr and "(invalid: left out of the standings" in run.stderr
    assert run.stdout == "No valid, finished game.\n"


def test_event_option_reads_only_the_tags_of_other_events(tmp_path: Path) -> None:
    round_1(tmp_path / "cup.ggn")
    other = BROKEN.replace("Spring Cup", "Autumn Open")
    (tmp_path / "other.ggn").write_text(other, encoding="utf-8")
    run = gargon("standings", tmp_path, "--event", "spring", "--json")
    assert run.exit_code == 0, run.stderr  # the broken game of another event is never parsed
    assert [event["event"] for event in json.loads(run.stdout)["events"]] == ["Spring Cup"]


def test_an_event_option_matching_no_event_names_the_events_and_writes_nothing(
    tmp_path: Path,
) -> None:
    """An organiser's slip (--event Wintr, or the wrong season) printed 'No valid, finished
    game of an event matching ...' and exit 0, and with --html replaced the published page
    with an empty one: now the events read are named, nothing is written, exit 1."""
    round_1(tmp_path / "cup.ggn")
    other = gg.dumps(cup_games()[2]).replace("Spring Cup", "Autumn Open")
    (tmp_path / "other.ggn").write_text(other, encoding="utf-8")
    page = tmp_path / "standings.html"
    page.write_text("the page published last week", encoding="utf-8")
    said = (
        "gargon: --event 'winter': no event read has 'winter' in its name (in any case); the "
        'events read: "Spring Cup", "Autumn Open"\n'
    )
    for extra in ([], ["--json"], ["--duplicate"], ["--html", str(page)]):
        run = gargon("standings", tmp_path, "--event", "winter", *extra)
        assert (run.exit_code, run.stdout, run.stderr) == (1, "", said), extra
    assert page.read_text(encoding="utf-8") == "the page published last week"
    (tmp_path / "other.ggn").write_text(other.replace('[Event "Autumn Open"]\n', ""))
    run = gargon("standings", tmp_path / "other.ggn", "--event", "cup")
    assert (run.exit_code, run.stdout, run.stderr) == (
        1,
        "",
        "gargon: --event 'cup': no event read has 'cup' in its name (in any case); the events "
        "read: (no event)\n",
    )


def test_an_event_option_matching_none_of_many_events_names_ten_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    """A season of weekly events (or `gargon simulate`'s, an event a game): the slip named
    every one of them, 68 KB on one line for 3,000 simulated games (found by a review)."""
    game = gg.dumps(cup_games()[2])
    events = [f"Week {week}" for week in range(1, 13)]
    text = "".join(game.replace("Spring Cup", event) for event in events)
    (tmp_path / "season.ggn").write_text(text, encoding="utf-8")
    run = gargon("standings", tmp_path / "season.ggn", "--event", "winter")
    named = ", ".join(f'"{event}"' for event in events[:10])
    assert (run.exit_code, run.stdout, run.stderr) == (
        1,
        "",
        "gargon: --event 'winter': no event read has 'winter' in its name (in any case); the "
        f"events read: {named} and 2 more\n",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["standings", "missing-dir/"], "missing-dir/"),
        (["standings", "examples/seeded-game.ggn", "--html", "no/such/dir/x.html"], "no/such/dir"),
    ],
)
def test_usage_and_io_errors_exit_2(args: list[str], message: str) -> None:
    run = gargon(*args)
    assert run.exit_code == 2
    assert message in run.stderr and run.stderr.startswith("gargon: ")


def day_first(tmp_path: Path) -> tuple[Path, str]:
    """The Spring Cup with its first game's Date written day first and its Round tag gone, and
    the warning validate gives of that Date (after its ``  warning: ``)."""
    text = SPRING_CUP.read_text(encoding="utf-8")
    text = text.replace('[Date "2026.03.07"]', '[Date "07.03.2026"]', 1)
    text = text.replace('[Round "1"]\n', "", 1)
    cup = tmp_path / "cup.ggn"
    cup.write_text(text, encoding="utf-8")
    warning = (
        f'{cup}:4:2: game 1 "Spring Cup": a Date is written YYYY.MM.DD (?? for unknown), not '
        "'07.03.2026' [header]"
    )
    assert f"  warning: {warning}\n" in gargon("validate", cup).stdout
    return cup, warning


@pytest.mark.parametrize("verb", ["standings", "ratings"])
def test_a_date_not_written_as_one_is_warned_of_as_validate_does(tmp_path: Path, verb: str) -> None:
    """The game is taken as undated (round ? of the standings, rated first), and said to be."""
    cup, warning = day_first(tmp_path)
    run = gargon(verb, cup, "--no-color")
    said = f"warning: {warning}\n  (taken as undated)\n"
    if verb == "standings":  # and, the other games having a Round tag, where it is counted
        said += (
            f'warning: {cup}:1: a game of "Spring Cup" without a Round tag, unlike the '
            "event's others: counted in the column R? (no Date either)\n"
        )
    assert (run.exit_code, run.stderr) == (0, said)
    if verb == "standings":
        assert "R4 R? points" in " ".join(run.stdout.split())
        assert "? 1. Ben 74, 2. Cleo 55, 3. Ann 49 " in " ".join(run.stdout.split())
    else:
        assert run.stdout.startswith("8 games rated in date order, 2026.03.07 to 2026.03.14; ")
        as_of = gargon(verb, cup, "--as-of", "2026.03.10")  # left out as undated, not silently
        assert (as_of.exit_code, as_of.stderr) == (
            0,
            f"warning: {warning}\n  (taken as undated)\n"
            "gargon: 5 games after 2026.03.10 or without a full date left out (--as-of)\n",
        )


COPIED = [(5, 1, 1), (968, 2, 46), (1950, 3, 91), (2899, 4, 134)]
"""The games of the Spring Cup's first evening as ``filter --to json`` writes them: the line
of each in the JSON file, its number there, and its line in the Spring Cup's file."""


@pytest.mark.parametrize(
    "verb",
    [
        ["standings"],
        # standings --duplicate and ratings read their games as standings does
        # (gargon_notation.cli.results.read), which finds the copies: the heavy profile's
        pytest.param(["standings", "--duplicate"], marks=pytest.mark.slow),
        pytest.param(["ratings"], marks=pytest.mark.slow),
        ["stats"],
    ],
    ids=lambda verb: " ".join(verb),
)
def test_a_game_given_twice_is_counted_once_and_its_copy_named(
    tmp_path: Path, verb: list[str]
) -> None:
    """An archive with an export of some of its games (the same games, in JSON) gives what
    the archive alone gives: nobody plays a game twice, nor against himself; each copy is
    named with the game it copies."""
    export = tmp_path / "export.json"
    made = gargon("filter", SPRING_CUP, "--date-to", "2026.03.07", "--to", "json", "-o", export)
    assert made.exit_code == 0
    once = gargon(*verb, SPRING_CUP, "--json")
    assert (once.exit_code, once.stderr) == (0, "")
    twice = gargon(*verb, SPRING_CUP, export, "--json")
    assert (twice.exit_code, twice.stdout) == (0, once.stdout)
    assert twice.stderr == "".join(
        [
            *(
                f"warning: {export}:{line}: game {number} is a copy of {SPRING_CUP}:{first}; "
                "counted once\n"
                for line, number, first in COPIED
            ),
            "gargon: 4 games were copies of games read before: each game was counted once (gargon "
            "dedupe writes the games without their copies)\n",
        ]
    )
    first = gargon(*verb, export, SPRING_CUP, "--json")  # the first read is the one counted
    assert first.stderr.startswith(f"warning: {SPRING_CUP}:1: game 1 is a copy of {export}:5; ")


@pytest.mark.parametrize(
    "verb",
    [
        ["standings"],
        # ratings reads its games as standings does (cli.results.read); stats --jobs 2 starts
        # workers (test_cli_parallel tests it): the heavy profile's
        pytest.param(["ratings"], marks=pytest.mark.slow),
        ["stats"],
        pytest.param(["stats", "-j", "2"], marks=pytest.mark.slow),
    ],
)
def test_an_invalid_reading_read_first_never_hides_the_valid_game(
    tmp_path: Path, verb: list[str]
) -> None:
    """The same game with a wrong score after its end, read first, is reported as invalid;
    the valid one read after it is counted, not dropped as its copy (found by a review)."""
    good = tmp_path / "good.ggn"
    assert gargon("simulate", "--games", "1", "--seed", "11", "-o", good).exit_code == 0
    text = good.read_text(encoding="utf-8")
    end = next(line for line in text.splitlines() if line.startswith("end "))
    bad = tmp_path / "bad.ggn"
    bad.write_text(
        text.replace(
            end, end.split(",")[0].rsplit(" ", 1)[0] + " 999" + end[len(end.split(",")[0]) :]
        ),
        encoding="utf-8",
    )
    alone = gargon(*verb, good, "--json")
    both = gargon(*verb, bad, good, "--json")
    assert (alone.exit_code, both.exit_code) == (0, 1)
    assert "copy" not in both.stderr and "INVALID" not in both.stdout
    assert f"{bad}:" in both.stderr
    read, counted = json.loads(alone.stdout), json.loads(both.stdout)
    if verb[0] == "stats":  # counted once, the invalid reading under how games end
        assert (counted["games"], counted["counted"], counted["endings"]["invalid"]) == (2, 1, 1)
    elif verb[0] == "standings":  # the same standings, of 2 games read
        assert (read["games"], counted["games"]) == (1, 2)
        assert {**counted, "games": 1} == read
    else:  # the same ratings
        assert counted == read


@pytest.mark.parametrize("verb", ["standings", "ratings", "stats"])
def test_a_file_named_twice_counts_its_games_once(tmp_path: Path, verb: str) -> None:
    """``./x``, an absolute path and a symbolic link name one file: its games are counted
    once, as when it is named once."""
    link = tmp_path / "link.ggn"
    link.symlink_to(SPRING_CUP.resolve())
    once = gargon(verb, SPRING_CUP, "--json")
    assert once.exit_code == 0, once.output
    twice = gargon(verb, SPRING_CUP, SPRING_CUP.resolve(), link, "--json")
    assert twice.exit_code == 0, twice.output
    assert twice.stdout == once.stdout


def test_control_characters_of_the_tags_are_shown_as_escapes_whole(tmp_path: Path) -> None:
    """An Event or Round tag holding escape codes is shown as their escapes, on the terminal
    (never cut inside one, and BEL too) and on the page (where nothing raw goes)."""
    text = SPRING_CUP.read_text(encoding="utf-8")
    text = text.replace('[Event "Spring Cup"]', '[Event "Cup\x1b[31mRED\x07"]')
    text = text.replace('[Round "3"]', '[Round "3\x1b[2J"]')
    cup = tmp_path / "cup.ggn"
    cup.write_text(text, encoding="utf-8")
    run = gargon("standings", cup)
    assert run.exit_code == 0, run.output
    assert "Cup\\u001b[31mRED\\u0007: 4 rounds" in run.stdout
    headings = [line for line in run.stdout.splitlines() if line.startswith("rank  player")]
    assert any("3\\u001b[2J" in line for line in headings)  # the round's column heading, whole
    assert not set(run.stdout) & {"\x1b", "\x07"}
    page = tmp_path / "cup.html"
    assert gargon("standings", cup, "--html", page).exit_code == 0
    html = page.read_text(encoding="utf-8")
    assert "<h2>Cup\\u001b[31mRED\\u0007</h2>" in html
    assert not set(html) & {"\x1b", "\x07"}


def test_a_crosstable_too_wide_even_for_one_round_keeps_each_cell_whole() -> None:
    """On a console narrower than any group, each group runs past it, cut nowhere; an event
    without rounds is its totals alone."""
    console = SafeConsole(highlight=False, soft_wrap=True, width=10)
    players = ((Text("1"), Text("Annabelle")),)
    totals = (("points", (Text("9"),)),)
    for rounds in ((), (("R1", (Text("1 (40)"),)),)):
        with console.capture() as captured:
            console.print(Crosstable(players, rounds, totals), crop=False)
        printed = [line.rstrip() for line in captured.get().splitlines()]
        expected = ["rank  player     points", "   1  Annabelle       9"]
        if rounds:
            expected = ["rank  player         R1", "   1  Annabelle  1 (40)", "", *expected]
        assert printed == expected


VERBS = [
    ["standings"],
    ["ratings"],
    ["stats"],
    # workers started for each: the heavy profile's (stats --jobs 2 is tested in test_cli_parallel)
    pytest.param(["stats", "-j", "2"], marks=pytest.mark.slow),
]


def seats_known(record: GameRecord) -> int:
    """The cards of its deal one seat's record knows: its hand, and the cards it drew."""
    (seat,) = (line.player for line in record.setup if all(type(c) is Card for c in line.cards))
    drawn = 0
    for written in record.rounds:
        for action in written.actions:
            if isinstance(action, Pass) and action.player == seat:
                drawn += sum(type(draw.seen) is Card for draw in action.draws)
        for battle in written.battles:
            drawn += sum(d.player == seat and type(d.seen) is Card for d in battle.draws)
    return 10 + drawn


def view_said(where: Path, of: Path, occasions: str = "") -> str:
    told = f" ({occasions})" if occasions else ""
    return (
        f"warning: {where}:1: game 1 is a view of the game counted from {of}:1 (the record "
        f"that knows the most of its deal); counted once{told}\n"
    )


def views_said(count: int) -> str:
    were = "was a view of a game" if count == 1 else "were views of games"
    return (
        f"gargon: {count} record{'s' * (count != 1)} {were} counted from another record: each "
        "game was counted once (gargon merge puts the records of one game together)\n"
    )


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
def test_the_seat_records_of_one_table_are_counted_once(tmp_path: Path, verb: list[str]) -> None:
    """Four seat records of one table of four (``gargon convert --seat``) are one game, counted
    once with the table's results, from the seat's record that knows the most of the deal;
    the three others are named (found by a tournament director's trial)."""
    table = tmp_path / "table.ggn"
    table.write_text(gg.dumps([four_table()]), encoding="utf-8")
    views = seat_views(four_table())
    paths = [tmp_path / f"{name}.ggn" for name in ("ann", "ben", "cleo", "dan")]
    for path, view in zip(paths, views, strict=True):
        path.write_text(gg.dumps([view]), encoding="utf-8")
    known = [seats_known(view) for view in views]
    best = paths[known.index(max(known))]
    alone = gargon(*verb, table, "--json")
    together = gargon(*verb, *paths, "--json")
    assert (alone.exit_code, together.exit_code) == (0, 0)
    assert together.stdout == alone.stdout.replace(f"{table}:1", f"{best}:1")
    assert together.stderr == "".join(
        [*(view_said(path, best) for path in paths if path != best), views_said(3)]
    )


@pytest.mark.parametrize("verb", [*VERBS, ["standings", "--duplicate"]], ids=" ".join)
def test_a_table_record_and_the_merge_of_its_seat_records_are_counted_once(
    tmp_path: Path, verb: list[str]
) -> None:
    """The scorer's table record (with its Seed) and the merge of the seat records (without)
    are one game: the table record, which knows the whole deal, is counted, read first or
    last, and the merge is named; a seat's record besides the merge gives way to the merge
    (found by a tournament director's trial)."""
    table, merged, seat = tmp_path / "table.ggn", tmp_path / "merged.ggn", tmp_path / "ben.ggn"
    table.write_text(gg.dumps([four_table()]), encoding="utf-8")
    merged.write_text(gg.dumps([merge_records(seat_views(four_table()))]), encoding="utf-8")
    seat.write_text(gg.dumps([seat_views(four_table())[1]]), encoding="utf-8")
    alone = gargon(*verb, table, "--json")
    for order in ([table, merged], [merged, table], [merged, seat, table]):
        both = gargon(*verb, *order, "--json")
        assert (both.exit_code, both.stdout) == (0, alone.stdout)
        left_out = [path for path in order if path != table]
        said = [view_said(path, table) for path in left_out]
        assert both.stderr == "".join([*said, views_said(len(left_out))])
    merge_first = gargon(*verb, seat, merged, "--json")
    assert merge_first.exit_code == 0
    assert merge_first.stdout == gargon(*verb, merged, "--json").stdout
    assert merge_first.stderr == view_said(seat, merged) + views_said(1)


def other_decisions(record: GameRecord) -> GameRecord:
    """The same table (players, seed, tags) played by other bots: another game of one deal."""
    names = record.tag("Players").values
    bots = [RandomBot(Rng(f"other/{name}")) for name in names]
    other = gg.record_from_simulation(
        simulate(len(names), record.tag("Seed").value, names=names, bots=bots)
    )
    return attrs.evolve(other, tags=record.tags)


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
def test_games_of_one_deal_by_the_same_players_played_otherwise_stay_two(
    tmp_path: Path, verb: list[str]
) -> None:
    """Two tables dealt from the same seed, with the same players and tags, but other
    decisions, given as seat records, are two games (the seat records of each counted once)."""
    first = four_table()
    second = other_decisions(first)
    assert [r.actions for r in first.rounds] != [r.actions for r in second.rounds]
    paths = []
    for number, record in enumerate((first, second), start=1):
        for seat, view in enumerate(seat_views(record)):
            paths.append(tmp_path / f"t{number}-{seat}.ggn")
            paths[-1].write_text(gg.dumps([view]), encoding="utf-8")
    tables = tmp_path / "tables.ggn"
    tables.write_text(gg.dumps([first, second]), encoding="utf-8")
    run = gargon(*verb, *paths, "--json")
    assert run.exit_code == 0
    assert run.stderr.endswith(views_said(6))
    document = json.loads(run.stdout)
    alone = json.loads(gargon(*verb, tables, "--json").stdout)
    if verb[0] == "stats":
        assert (document["games"], document["counted"]) == (2, 2)
        assert document["by"] == alone["by"] and document["rows"] == alone["rows"]
    elif verb[0] == "ratings":
        assert document["games"] == 2 and document["players"] == alone["players"]
    else:
        assert (document["games"], document["counted"]) == (2, 2)


def copy_said(where: Path, of: Path, occasions: str = "") -> str:
    told = f" ({occasions})" if occasions else ""
    return f"warning: {where}:1: game 1 is a copy of {of}:1; counted once{told}\n"


def copies_said(count: int) -> str:
    were = "was a copy of a game" if count == 1 else "were copies of games"
    return (
        f"gargon: {count} game{'s' * (count != 1)} {were} read before: each game was counted "
        "once (gargon dedupe writes the games without their copies)\n"
    )


def in_round(record: GameRecord, number: str) -> GameRecord:
    tags = tuple(Tag("Round", (number,)) if tag.name == "Round" else tag for tag in record.tags)
    return attrs.evolve(record, tags=tags)


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
def test_one_game_recorded_at_two_rounds_is_one_game_as_table_or_seat_records(
    tmp_path: Path, verb: list[str]
) -> None:
    """A game written at Round 5 and again at Round 6 was one game as two table records (a
    copy) but two when one was a seat's record (views had to agree on Round): now the Round is
    a slip either way, and the game is counted once in either order (found by a review).  The
    warnings name the Rounds, so that an organiser sees a game pasted into the wrong round
    (they named the files only)."""
    table, again, seat = (tmp_path / f"{name}.ggn" for name in ("table", "again", "seat"))
    table.write_text(gg.dumps([four_table()]), encoding="utf-8")
    again.write_text(gg.dumps([in_round(four_table(), "6")]), encoding="utf-8")
    seat.write_text(gg.dumps([in_round(seat_views(four_table())[0], "6")]), encoding="utf-8")
    for order, said in (
        (
            [table, again],
            copy_said(again, table, 'Round "6" here; Round "5" there') + copies_said(1),
        ),
        (
            [again, table],
            copy_said(table, again, 'Round "5" here; Round "6" there') + copies_said(1),
        ),
        ([table, seat], view_said(seat, table, 'Round "6" here; Round "5" there') + views_said(1)),
        ([seat, table], view_said(seat, table, 'Round "6" here; Round "5" there') + views_said(1)),
    ):
        run = gargon(*verb, *order, "--json")
        counted = table if seat in order else order[0]
        assert (run.exit_code, run.stderr) == (0, said)
        assert run.stdout == gargon(*verb, counted, "--json").stdout
        assert json.loads(run.stdout)["games"] == 1


@pytest.mark.parametrize("verb", VERBS, ids=" ".join)
def test_a_long_round_a_copy_differs_in_is_said_cut(tmp_path: Path, verb: list[str]) -> None:
    """A Round of 90,000 characters was written whole in the copy's warning (a line of 90 KB)
    and kept whole for each game read; now it is cut to 80 characters, an ellipsis last."""
    table, again = tmp_path / "table.ggn", tmp_path / "again.ggn"
    table.write_text(gg.dumps([four_table()]), encoding="utf-8")
    again.write_text(gg.dumps([in_round(four_table(), "6" * 90_000)]), encoding="utf-8")
    run = gargon(*verb, table, again, "--json")
    cut = "6" * 79 + "\u2026"
    said = copy_said(again, table, f'Round "{cut}" here; Round "5" there') + copies_said(1)
    assert (run.exit_code, run.stderr) == (0, said)


def test_results_come_in_reading_order_while_a_seat_record_waits_for_its_table() -> None:
    """A seat's record waits for the rest of the reading (a later record of its game might
    know more); what follows it waits with it, so that results come in reading order."""
    table, other = four_table(), spring_cup()[0]
    text = gg.dumps([seat_views(table)[2], other, table])
    games = archive.iter_stream(io.BytesIO(text.encode()), "cup.ggn", "ggn")
    items = list(read_results(games))
    assert [type(item).__name__ for item in items] == ["Skipped", "GameResult", "GameResult"]
    skipped, first, last = items
    assert isinstance(skipped, Skipped) and isinstance(last, GameResult)
    assert (skipped.reason, skipped.number, skipped.of) == ("view", 1, last.where)
    assert (first.names, last.names) == (other.tag("Players").values, ("Ann", "Ben", "Cleo", "Dan"))


def other_tables() -> tuple[GameRecord, GameRecord]:
    """Two more tables of four dealt from ``spring-cup-5``, with other players."""
    return (
        played("spring-cup-5", ("Eva", "Finn", "Gus", "Hana"), event="Spring Cup", round="5"),
        played("spring-cup-5", ("Ivo", "Jo", "Kai", "Lea"), event="Spring Cup", round="5"),
    )


def test_a_table_recorded_by_its_seats_takes_part_in_the_duplicate_once_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One deal at three tables: the seeded table record, the merge of another table's seat
    records (no Seed) and a third table's seat records, not merged.  The merge is the same
    deal (the same hands in the same seats), compared under the seed's name; the third table
    is named as not compared (text, JSON, HTML), and no deal is said to be played at one
    table only (found by a tournament director's trial)."""
    merged, apart = other_tables()
    (tmp_path / "t1.ggn").write_text(gg.dumps([four_table()]), encoding="utf-8")
    (tmp_path / "t2.ggn").write_text(gg.dumps([merge_records(seat_views(merged))]), "utf-8")
    seats = seat_views(apart)
    names = ("ivo", "jo", "kai", "lea")
    for name, seat in zip(names, seats, strict=True):
        (tmp_path / f"t3-{name}.ggn").write_text(gg.dumps([seat]), encoding="utf-8")
    known = [seats_known(seat) for seat in seats]
    counted = f"{tmp_path}/t3-{names[known.index(max(known))]}.ggn:1"
    run = gargon("standings", tmp_path, "--duplicate", "--json")
    assert run.exit_code == 0
    document = json.loads(run.stdout)
    assert (document["games"], document["counted"]) == (3, 3)
    (event,) = document["events"]
    assert (event["single_table_deals"], event["not_compared"]) == (0, [counted])
    (deal,) = event["deals"]
    tables = [f"{tmp_path}/t1.ggn:1", f"{tmp_path}/t2.ggn:1"]
    assert (deal["deal"], deal["tables"]) == ("spring-cup-5", tables)
    note = (
        f"1 game whose deal is not wholly known was not compared ({counted}): merge the "
        "records of every seat of a table (gargon merge) to compare it."
    )
    monkeypatch.setenv("COLUMNS", "400")
    lines = gargon("standings", tmp_path, "--duplicate", "--no-color").stdout.splitlines()
    assert note in lines and not any("played at one table only" in line for line in lines)
    page = tmp_path.parent / "dup.html"
    assert gargon("standings", tmp_path, "--duplicate", "--html", page).exit_code == 0
    assert f"<p>1 deal compared. {note}</p>" in page.read_text(encoding="utf-8")
    assert '<th scope="col" class="n">matchpoints</th><th scope="col">game</th></tr>' in (
        page.read_text(encoding="utf-8")
    )


def test_a_deal_at_one_table_is_said_so_only_when_no_game_not_compared_may_be_of_it(
    tmp_path: Path,
) -> None:
    """A seat's record of a table of four cannot be of a deal of three: that deal is played
    at one table only; a seat's record of a table of its own deal may be of it: it is not."""
    three, seat = tmp_path / "three.ggn", tmp_path / "seat.ggn"
    three.write_text(gg.dumps([cup_games()[0]]), encoding="utf-8")
    seat.write_text(gg.dumps([seat_views(four_table())[0]]), encoding="utf-8")
    document = json.loads(gargon("standings", three, seat, "--duplicate", "--json").stdout)
    (event,) = document["events"]
    assert (event["single_table_deals"], event["not_compared"]) == (1, [f"{seat}:1"])
    table = tmp_path / "table.ggn"
    table.write_text(gg.dumps([four_table()]), encoding="utf-8")
    other = tmp_path / "other.ggn"
    other.write_text(gg.dumps([seat_views(other_tables()[0])[0]]), encoding="utf-8")
    document = json.loads(gargon("standings", table, other, "--duplicate", "--json").stdout)
    (event,) = document["events"]
    assert (event["single_table_deals"], event["not_compared"]) == (0, [f"{other}:1"])


def test_the_same_hands_with_piles_that_contradict_are_two_deals() -> None:
    """Games whose hands are the same but whose piles, where both know a card, are not, are
    two deals; a Seed among the games of one deal names it."""
    dealt = Deal.from_seed("piles", 3)
    swapped = Deal(dealt.hands, (dealt.piles[1], dealt.piles[0]))
    record = parse_game('[Players "A" "B" "C"]\n*\n')
    key = DealKey(b"\x02" * 16, "deal 02020202")
    collector = DuplicateCollector()
    for where, names, deal, label in (
        ("t1", ("A", "B", "C"), dealt, "deal 02020202"),
        ("t2", ("D", "E", "F"), dealt, "piles"),
        ("t3", ("G", "H", "I"), swapped, "deal 02020202"),
    ):
        view = View(b"", knowledge(record, deal))
        labelled = attrs.evolve(key, label=label)
        game = GameResult(where, None, "1", None, names, (30, 20, 10), labelled, view=view)
        assert collector.add(game)
    (event,) = collector.results()
    assert [(deal.label, deal.tables) for deal in event.deals] == [("piles", ("t1", "t2"))]
    assert (event.single, event.unknown) == (1, ())


def test_each_seed_is_dealt_once_for_a_result_and_its_identity(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The identity that tells copies apart takes the deal the replay made of the seed."""
    records = cup_games()
    text = gg.dumps(records)
    dealt: list[str] = []
    from_seed = Deal.from_seed.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Deal], seed: str, *args: object) -> Deal:
        dealt.append(seed)
        return from_seed(cls, seed, *args)  # type: ignore[no-any-return]

    before = list(read_results(archive.iter_stream(io.BytesIO(text.encode()), "cup.ggn", "ggn")))
    monkeypatch.setattr(Deal, "from_seed", classmethod(counted))
    after = list(read_results(archive.iter_stream(io.BytesIO(text.encode()), "cup.ggn", "ggn")))
    assert after == before
    seeds = [record.tag("Seed") for record in records]
    assert sorted(dealt) == sorted(tag.value for tag in seeds if tag is not None)
    assert dealt
