"""``gargon ratings`` and :mod:`gargon_notation.archive.ratings`: the numbers checked against
openskill called directly on the same ranks, the date order (the same ratings whatever the
order of the files; games of one date by round, then in archive order), ``--as-of``, the
JSON object, the HTML page with its history charts, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openskill.models import PlackettLuce
from tournament import SPRING_CUP, misspelt_cup, played
from typer.testing import CliRunner
from typer.testing import Result as Run

import gargon_notation as gg
from gargon_notation.archive.ratings import PARAMETERS, date_key, rate
from gargon_notation.archive.ratings_report import ratings_html
from gargon_notation.archive.results import GameResult
from gargon_notation.cli import app


def gargon(*args: str | Path) -> Run:
    return CliRunner().invoke(app, [str(arg) for arg in args])


def game(
    date: str | None, names: str, totals: tuple[int, ...], round: str | None = None
) -> GameResult:
    return GameResult(f"g:{date}", "Club", round, date, tuple(names.split()), totals)


def openskill_directly(games: list[tuple[str, list[int]]]) -> dict[str, tuple[float, float]]:
    """Each game as (names, ranks), rated in the order given by openskill itself."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    for names, ranks in games:
        teams = [[ratings.get(name) or model.rating(name=name)] for name in names.split()]
        for name, (rating,) in zip(names.split(), model.rate(teams, ranks=ranks), strict=True):
            ratings[name] = rating
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}  # type: ignore[attr-defined]


def test_the_numbers_are_openskills_on_the_ranks_of_the_totals_in_date_order() -> None:
    games = [
        game("2026.03.14", "Ann Bob Cy Dee", (40, 55, 40, 12)),  # a tie for second
        game("2026.03.07", "Ann Bob Cy", (30, 30, 10)),  # a shared win
        game("2026.03.21", "Cy Dee Eve", (61, 20, 33)),
    ]
    ratings = rate(games)
    expected = openskill_directly(
        [("Ann Bob Cy", [1, 1, 3]), ("Ann Bob Cy Dee", [2, 1, 2, 4]), ("Cy Dee Eve", [1, 3, 2])]
    )
    assert {p.player: (p.mu, p.sigma) for p in ratings.players} == expected
    for player in ratings.players:
        assert player.ordinal == player.mu - 3 * player.sigma
    assert [p.player for p in ratings.players] == sorted(
        expected, key=lambda name: -(expected[name][0] - 3 * expected[name][1])
    )
    assert [p.rank for p in ratings.players] == [1, 2, 3, 4, 5]
    bob = next(p for p in ratings.players if p.player == "Bob")
    assert (bob.games, bob.wins, bob.last) == (2, 2, "2026.03.14")
    assert (ratings.games, ratings.first, ratings.last) == (3, "2026.03.07", "2026.03.21")


def test_players_tied_in_a_game_move_alike() -> None:
    ratings = rate([game("2026.01.01", "Ann Bob Cy", (20, 20, 5))])
    ann, bob, cy = sorted(ratings.players, key=lambda p: p.player)
    assert (ann.mu, ann.sigma) == (bob.mu, bob.sigma)
    assert ann.mu > PARAMETERS.mu > cy.mu


def test_same_date_by_round_then_archive_order_and_undated_first() -> None:
    first = game("2026.03.07", "Ann Bob Cy", (30, 20, 10), round="2")
    second = game("2026.03.07", "Ann Bob Cy", (10, 20, 30), round="10")
    undated = game(None, "Ann Bob Cy", (10, 30, 20))
    history = rate([second, first, undated], history=True)
    expected = openskill_directly(
        [("Ann Bob Cy", [3, 1, 2]), ("Ann Bob Cy", [1, 2, 3]), ("Ann Bob Cy", [3, 2, 1])]
    )
    assert {p.player: (p.mu, p.sigma) for p in history.players} == expected
    assert history.undated == 1
    ann = next(p for p in history.players if p.player == "Ann")
    assert [(point.game, point.date) for point in ann.history] == [
        (1, None),
        (2, "2026.03.07"),
        (3, "2026.03.07"),
    ]
    # no round tags: the archive's order decides
    a, b = game("2026.03.07", "Ann Bob Cy", (3, 2, 1)), game("2026.03.07", "Ann Bob Cy", (1, 2, 3))
    assert rate([a, b]) != rate([b, a])
    assert date_key("2026.??.??") < date_key("2026.01.01")


def test_the_same_archive_gives_the_same_ratings_whatever_the_order_of_files(
    tmp_path: Path,
) -> None:
    text = SPRING_CUP.read_text(encoding="utf-8")
    games = text.split("\n\n[Notation")
    pieces = [games[0], *("[Notation" + piece for piece in games[1:])]
    for number, piece in enumerate(reversed(pieces)):
        (tmp_path / f"{number}.ggn").write_text(piece.strip() + "\n", encoding="utf-8")
    one = gargon("ratings", SPRING_CUP, "--json")
    many = gargon("ratings", tmp_path, "--json")
    assert one.exit_code == many.exit_code == 0
    assert one.stdout == many.stdout
    document = json.loads(one.stdout)
    assert (document["format"], document["version"], document["model"]) == (
        "gargon-ratings",
        1,
        "plackett-luce",
    )
    assert document["parameters"] == {
        "mu": 25.0,
        "sigma": 8.3333,
        "beta": 4.1667,
        "tau": 0.0833,
        "kappa": 0.0001,
        "z": 3.0,
    }
    assert (document["games"], document["first_date"], document["last_date"]) == (
        8,
        "2026.03.07",
        "2026.03.14",
    )
    assert [p["player"] for p in document["players"]][:2] == ["Dan", "Finn"]
    assert set(document["players"][0]) == {
        "rank",
        "player",
        "mu",
        "sigma",
        "ordinal",
        "games",
        "wins",
        "last_date",
    }


def test_as_of_rates_only_the_games_up_to_that_date(tmp_path: Path) -> None:
    text = SPRING_CUP.read_text(encoding="utf-8")
    seeded = (Path(__file__).parents[1] / "examples" / "seeded-game.ggn").read_text("utf-8")
    partial = seeded.replace("[Bot ", '[Date "2026.03.??"]\n[Bot ', 1)  # another game
    (tmp_path / "cup.ggn").write_text(text, encoding="utf-8")
    (tmp_path / "partial.ggn").write_text(partial, encoding="utf-8")
    run = gargon("ratings", tmp_path, "--as-of", "2026.03.10", "--json")
    assert run.exit_code == 0
    document = json.loads(run.stdout)
    assert (document["as_of"], document["games"], document["last_date"]) == (
        "2026.03.10",
        4,
        "2026.03.07",
    )
    assert "gargon: 5 games after 2026.03.10 or without a full date left out" in run.stderr
    whole_month = gargon("ratings", tmp_path, "--as-of", "2026.03", "--json")
    assert json.loads(whole_month.stdout)["games"] == 9  # 2026.03.?? is within March


def test_event_rates_only_the_games_of_the_events_chosen(tmp_path: Path) -> None:
    """A club's archive holds a league's games among others: ratings had no --event, as
    standings has, so the league's ratings mixed in every other game (found by an
    organiser's trial)."""
    (tmp_path / "cup.ggn").write_text(SPRING_CUP.read_text(encoding="utf-8"), encoding="utf-8")
    tables = (("Ann", "Ben", "Cleo"), ("Dan", "Eva", "Finn"))
    autumn = [
        played(f"autumn-{day}-{table}", names, event="Autumn Open", date=f"2026.10.{day}")
        for day in ("07", "14")
        for table, names in enumerate(tables)
    ]
    (tmp_path / "autumn.ggn").write_text(gg.dumps(autumn), encoding="utf-8")
    both = json.loads(gargon("ratings", tmp_path, "--json").stdout)
    assert (both["event"], both["games"]) == (None, 12)
    run = gargon("ratings", tmp_path, "--event", "AUTUMN", "--json")
    assert (run.exit_code, run.stderr) == (0, "")
    document = json.loads(run.stdout)
    assert (document["event"], document["games"], document["first_date"]) == (
        "AUTUMN",
        4,
        "2026.10.07",
    )
    alone = json.loads(gargon("ratings", tmp_path / "autumn.ggn", "--json").stdout)
    assert document["players"] == alone["players"]
    text = gargon("ratings", tmp_path, "--event", "autumn", "--as-of", "2026.10.10", "--no-color")
    assert text.stdout.splitlines()[0] == (
        "2 games of the events holding 'autumn' rated in date order on 2026.10.07 (as of "
        "2026.10.10): 6 players"
    )
    # Only the chosen event's games left out by their date are counted in the note.
    assert text.stderr == (
        "gargon: 2 games after 2026.10.10 or without a full date left out (--as-of)\n"
    )
    page = tmp_path / "page.html"
    assert gargon("ratings", tmp_path, "--event", "autumn", "--html", page).exit_code == 0
    assert "<p>4 games of the events holding &#x27;autumn&#x27; rated in date order" in (
        page.read_text(encoding="utf-8")
    )
    slip = gargon("ratings", tmp_path, "--event", "Autum Open", "--html", page)
    assert (slip.exit_code, slip.stdout, slip.stderr) == (
        1,
        "",
        "gargon: --event 'Autum Open': no event read has 'Autum Open' in its name (in any "
        'case); the events read: "Autumn Open", "Spring Cup"\n',
    )
    early = gargon("ratings", tmp_path, "--event", "autumn", "--as-of", "2026.03.31")
    assert (early.exit_code, early.stdout) == (
        0,
        "No valid, finished game of the events holding 'autumn' played on or before "
        "2026.03.31 to rate.\n",
    )
    assert early.stderr == (
        "gargon: 4 games after 2026.03.31 or without a full date left out (--as-of)\n"
    )


def test_terminal_table(tmp_path: Path) -> None:
    run = gargon("ratings", SPRING_CUP, "--no-color")
    assert run.exit_code == 0
    lines = run.stdout.splitlines()
    assert lines[0] == "8 games rated in date order, 2026.03.07 to 2026.03.14: 6 players"
    heading = ["rank", "player", "ordinal", "mu", "sigma", "games", "wins", "last", "game"]
    assert lines[2].split() == heading
    # The last column's padding is not printed: no line ends in blanks.
    assert lines[2] == "rank  player  ordinal     mu  sigma  games  wins  last game"
    assert [line for line in lines if line != line.rstrip()] == []
    assert lines[3].split()[:2] == ["1", "Dan"] and lines[3].split()[-3:] == [
        "4",
        "4",
        "2026.03.14",
    ]


def test_html_draws_each_players_history_inline(tmp_path: Path) -> None:
    page = tmp_path / "ratings.html"
    run = gargon("ratings", SPRING_CUP, "--html", page)
    assert run.exit_code == 0 and run.stdout == ""
    text = page.read_text(encoding="utf-8")
    assert text.count("<figure") == 6
    assert text.count("<svg") == 13  # the leaders' chart, a key a leader and one a player
    assert text.count('<span class="key"><svg') == 6
    assert "rating history of Dan" in text and "<polyline" in text
    for external in ("<script", "src=", "href=", "https:", "@import"):
        assert external not in text


def test_html_marks_a_leaders_line_at_thirty_games_at_most() -> None:
    """A mark a game: 1000 games of the same four players drew 4000 marks on a chart 720
    px wide, one over another, and made the page 76% larger; now 30 a line, evenly spread
    from its first game to its last."""
    names = ("Ann", "Bob", "Cy", "Dee")
    games = [
        GameResult(f"g:{k}", "Club", None, None, names[k % 4 :] + names[: k % 4], (40, 30, 20, 10))
        for k in range(200)
    ]
    page = ratings_html(rate(games, history=True), None)
    chart = page[page.index("ordinals of the leading players") :]
    chart = chart[: chart.index("</svg>")]
    assert chart.count("<path transform") == 4 * 30


def test_without_openskill_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gargon_notation.cli.ratings.available", lambda: False)
    run = gargon("ratings", SPRING_CUP)
    assert run.exit_code == 2
    assert run.stderr == (
        "gargon: gargon ratings needs openskill, which is not installed: "
        "pip install 'gargon-notation[ratings]'\n"
    )


def test_the_library_without_openskill_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """rate() raised a bare ModuleNotFoundError ("No module named 'openskill'"); it says
    what is missing and the pip command, as gg.dask and gg.arrow do."""
    import sys

    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    games = [GameResult("a:1", "Cup", None, "2026.03.02", ("Ann", "Bob", "Cy"), (40, 30, 30))]
    with pytest.raises(ModuleNotFoundError) as missing:
        rate(games)
    assert str(missing.value) == (
        "gargon_notation.archive.ratings needs openskill, which is not installed: "
        "pip install 'gargon-notation[ratings]'"
    )
    assert missing.value.name == "openskill.models"


def test_bad_input(tmp_path: Path) -> None:
    (tmp_path / "torn.ggn").write_text(
        '[Date "2026.01.01"]\n[Players "Ann" "Ben" "Cleo"]\n1. Ann R99\n*\n', encoding="utf-8"
    )
    first_game = SPRING_CUP.read_text(encoding="utf-8").split("\n\n")[0]
    (tmp_path / "cup.ggn").write_text(first_game, encoding="utf-8")
    run = gargon("ratings", tmp_path, "--json")
    assert run.exit_code == 1
    assert json.loads(run.stdout)["games"] == 1
    assert f"{tmp_path / 'torn.ggn'}:3:8: 'R99' is not a card" in run.stderr
    bad_date = gargon("ratings", SPRING_CUP, "--as-of", "2026.13.01")
    assert (bad_date.exit_code, bad_date.stdout) == (2, "")
    assert bad_date.stderr == "gargon: --as-of: the date '2026.13.01' has no month 13\n"
    day_first = gargon("ratings", SPRING_CUP, "--as-of", "15.3.26")  # was 'No valid... game'
    assert (day_first.exit_code, day_first.stdout) == (2, "")
    assert day_first.stderr == (
        "gargon: --as-of: '15.3.26' is not a date: write YYYY.MM.DD, YYYY.MM or YYYY, the year "
        "first in four digits (2026.03.15 for 15 March 2026)\n"
    )


def test_a_player_typed_two_ways_is_warned_of(tmp_path: Path) -> None:
    """Rated apart, as before, but said (found by an organiser's trial)."""
    run = gargon("ratings", misspelt_cup(tmp_path), "--json")
    assert (run.exit_code, run.stderr) == (
        0,
        'warning: "Finn" and "Fnin" are rated as two players: if they are one, write the '
        "name one way in the records (gargon filter --player NAME finds each one's games)\n",
    )
