"""``gargon stats`` through Typer's CliRunner, on the archives of tests/test_stats.py: the JSON
object checked whole against figures computed from the replays, the plain terminal text of a
small archive exactly, the HTML report, the groupings, broken games and the exit codes (0
done, 1 an invalid game reported, 2 usage or I/O)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_stats import (
    INVALID,
    UNREADABLE,
    Result,
    club_records,
    club_text,
    expected,
    results,
    spread,
)
from tournament import misspelt_cup
from typer.testing import CliRunner
from typer.testing import Result as Run

import gargon_notation as gg
from gargon_notation.archive.stats import Figures, Spread
from gargon_notation.cli import app


def gargon(*args: str | Path, input: bytes | None = None) -> Run:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


@pytest.fixture
def club(tmp_path: Path) -> Path:
    (tmp_path / "club.ggn").write_text(club_text(), encoding="utf-8")
    return tmp_path / "club.ggn"


def spread_json(value: Spread | None) -> object:
    if value is None:
        return None
    return {
        "count": value.count,
        "mean": round(value.mean, 3),
        "sd": round(value.sd, 3),
        "min": value.low,
        "max": value.high,
    }


def figures_json(figures: Figures) -> dict[str, object]:
    return {
        "games": figures.games,
        "wins": figures.wins,
        "shared_wins": figures.shared_wins,
        "shared_games": figures.shared_games,
        "score": spread_json(figures.score),
        "winning_score": spread_json(figures.winning),
        "bonuses": figures.bonuses,
        "bonus_points": figures.bonus_points,
        "zero_pairs": figures.zero_pairs,
        "passes": figures.passes,
        "decisions": figures.decisions,
        "pass_rate": round(figures.passes / figures.decisions, 4),
        "battles_won": figures.battles_won,
        "rounds": spread_json(figures.rounds),
    }


def test_json_is_the_documented_object_with_each_figure_from_the_replays(club: Path) -> None:
    result = gargon("stats", club, "--by", "players", "--json")
    assert result.exit_code == 1  # the invalid and the unreadable game
    every = results(club_records())
    rows = []
    for size in (3, 4, 5):
        group: list[Result] = [r for r in every if r.players == size]
        rows.append({"players": size, **figures_json(expected(group))})
    lengths = sorted({len(r.rounds) for r in club_records()})
    assert json.loads(result.stdout) == {
        "format": "gargon-stats",
        "version": 1,
        "by": "players",
        "games": 8,
        "counted": 5,
        "endings": {"pile": 5, "no-cards": 0, "unfinished": 1, "invalid": 2},
        "lengths": [
            {"rounds": n, "games": sum(len(r.rounds) == n for r in club_records())} for n in lengths
        ],
        "total": figures_json(expected(every)),
        "rows": rows,
    }


def test_json_by_player_and_by_event(club: Path) -> None:
    every = results(club_records())
    by_player = json.loads(gargon("stats", club, "--json").stdout)
    wins = {row["player"]: (row["games"], row["wins"]) for row in by_player["rows"]}
    names = {r.name for r in every}
    assert wins == {
        name: (
            sum(r.name == name for r in every),
            sum(r.name == name and r.won for r in every),
        )
        for name in names
    }
    by_event = json.loads(gargon("stats", club, "--by", "event", "--json").stdout)
    assert [row["event"] for row in by_event["rows"]] == [
        "Club night",
        "Club night 2",
        "Club night 10",
        None,
    ]
    night = [r for r in every if r.event == "Club night 2"]
    assert by_event["rows"][1]["score"] == spread_json(spread([r.total for r in night]))


PLAIN = """\
2 games: 2 counted (valid and finished)

How games end
    a pile ran out  2  ██████████████████████████████  100.0%
nobody held a card  0                                    0.0%
        unfinished  0                                    0.0%
           invalid  0                                    0.0%

Rounds a game (counted games)
16  1  ██████████████████████████████  50.0%
20  1  ██████████████████████████████  50.0%

All counted games
score           65.0 ± 12.9 (min 44, max 80)
winning score   77.0 ± 3.0 (min 74, max 80)
shared wins     1 game of 2
colour bonuses  15 (120 points) in 6 results
zero pairs      1
pass rate       45.4% (49 passes of 108 decisions)
battles won     105
rounds          18.0 ± 2.0 (min 16, max 20)

By player
player  games  wins  shared   win %              score  ± sd  min  max
Cy          2     2       1  100.0%  ██████████   77.0   3.0   74   80
Bob         2     1       1   50.0%  █████        70.0   4.0   66   74
Dan         1     0       0    0.0%               52.0   0.0   52   52
Ann         1     0       0    0.0%               44.0   0.0   44   44

player  bonuses  points  0-pairs  pass %  battles  rounds
Cy            6      50        1    47.2       36    18.0
Bob           5      35        0    44.4       33    18.0
Dan           3      25        0    43.8       17    16.0
Ann           1      10        0    45.0       19    20.0
"""


def test_the_plain_text_of_a_small_archive(tmp_path: Path) -> None:
    path = tmp_path / "small.ggn"
    small = "\n".join([gg.dumps(club_records()[1]), gg.dumps(club_records()[4])])
    path.write_text(small, encoding="utf-8")
    result = gargon("stats", path, "--no-color")
    assert result.exit_code == 0 and result.stderr == ""
    assert "\n".join(line.rstrip() for line in result.stdout.splitlines()) + "\n" == PLAIN
    assert "\x1b" not in result.stdout
    cy = [r.total for r in results([club_records()[1], club_records()[4]]) if r.name == "Cy"]
    assert f"{statistics_line(cy)}" in PLAIN
    piped = gargon("stats", "-", input=small.encode())  # standard input, not a terminal
    assert piped.stdout == result.stdout


def statistics_line(totals: list[int]) -> str:
    value = spread(totals)
    return f"{value.mean:.1f}   {value.sd:.1f}   {value.low}   {value.high}"


@pytest.mark.parametrize("by", [[], ["--by", "players"], ["--by", "event"]])
def test_no_printed_line_ends_in_blanks(club: Path, by: list[str]) -> None:
    """Tables pad their last column to its width: the padding is not printed."""
    lines = gargon("stats", club, *by, "--no-color").stdout.splitlines()
    assert len(lines) > 10
    assert [line for line in lines if line != line.rstrip()] == []


def test_groupings_print_their_own_tables(club: Path) -> None:
    result = gargon("stats", club, "--by", "players", "--no-color")
    lines = result.stdout.splitlines()
    assert "By table" in lines
    table = lines[lines.index("By table") + 1 :]
    headings = ["table", "games", "shared", "score", "±", "sd", "min", "max", "winning"]
    assert table[0].split() == headings
    assert [line.split()[0:3] for line in table[1:4]] == [
        ["3", "players", "3"],
        ["4", "players", "1"],
        ["5", "players", "1"],
    ]
    result = gargon("stats", club, "--by", "event", "--no-color")
    assert "(no event)" in result.stdout and "By event" in result.stdout


class _Tags(HTMLParser):
    """Checks that every element opened is closed, in order (void elements aside)."""

    VOID = frozenset({"meta", "br", "img", "input", "link", "rect"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        assert not any(name in ("src", "href") for name, _ in attrs), (tag, attrs)
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (self.open, tag)
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_report_is_self_contained_well_formed_and_holds_the_numbers(
    club: Path, tmp_path: Path
) -> None:
    page = tmp_path / "report.html"
    result = gargon("stats", club, "--html", page)
    assert result.exit_code == 1 and result.stdout == ""
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text and "<svg" in text
    assert "<script" not in text and "url(" not in text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert text.count('<div class="scroll"><svg ') == 3
    assert text.count('<div class="scroll"><table>') == 1
    parser = _Tags()
    parser.feed(text)
    parser.close()
    assert parser.open == []
    shown = "".join(parser.text)
    assert "8 games read, 5 counted" in shown
    one = tmp_path / "one.ggn"
    one.write_text(gg.dumps(club_records()[1]), encoding="utf-8")
    assert gargon("stats", one, "--html", page).exit_code == 0
    assert "<p>1 game read, 1 counted (valid and finished).</p>" in page.read_text("utf-8")
    ann = expected([r for r in results(club_records()) if r.name == "Ann"])
    assert ann.score is not None
    assert (
        f'<th scope="row">Ann</th><td class="n">{ann.games}</td><td class="n">{ann.wins}</td>'
        in text
    )
    assert f"{ann.score.mean:.1f}" in shown and str(ann.bonus_points) in shown


def test_broken_games_are_reported_with_their_place_and_counted(club: Path) -> None:
    result = gargon("stats", club, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["endings"]["invalid"] == 2 and data["counted"] == 5
    invalid_line = club_text()[: club_text().index(INVALID)].count("\n") + 4
    unreadable_line = club_text()[: club_text().index(UNREADABLE)].count("\n") + 3
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f'{club}:{invalid_line}:4: game 7 "Club night", round 1, Bob')
    assert lines[0].endswith("[not-your-turn]")
    assert lines[3] == "  (invalid: left out of the figures)"
    assert lines[4].startswith(f"{club}:{unreadable_line}:8: 'R99' is not a card")
    assert lines[-1] == (
        "gargon: 2 games were invalid or unreadable: counted under how games end, left out "
        "of the other figures"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere/"], "gargon: nowhere/: no such file or directory\n"),
    ],
)
def test_usage_errors_exit_2(club: Path, args: list[str], message: str) -> None:
    result = gargon("stats", club, *args)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == message


def test_an_html_target_that_cannot_be_written_exits_2(club: Path, tmp_path: Path) -> None:
    result = gargon("stats", club, "--html", tmp_path / "missing" / "r.html")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].startswith("gargon: ")
    assert str(tmp_path / "missing" / "r.html") in result.stderr


def test_a_player_or_an_event_typed_two_ways_is_warned_of(tmp_path: Path) -> None:
    """Counted apart, as before, but said (found by an organiser's trial)."""
    cup = misspelt_cup(tmp_path)
    players = gargon("stats", cup, "--json")
    assert (players.exit_code, players.stderr) == (
        0,
        'warning: "Finn" and "Fnin" are counted as two players: if they are one, write the '
        "name one way in the records (gargon filter --player NAME finds each one's games)\n",
    )
    events = gargon("stats", cup, "--by", "event", "--json")
    assert events.stderr == (
        'warning: "Spring Cup" and "Spring Cup " are counted as two events: if they are one, '
        "write the Event tag one way in the records (gargon filter --event TEXT finds each "
        "one's games)\n"
    )
    assert gargon("stats", cup, "--by", "players").stderr == ""
