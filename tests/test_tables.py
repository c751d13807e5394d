"""The tables of an archive (gargon_notation.tables, ``gargon convert --to parquet``,
``gg.arrow``): the Parquet written for examples/ and for simulated games with an invalid and an
unreadable game planted, queried with DuckDB and checked against ``gargon stats --json``,
``gargon score --json`` and each game's replay; the observation arrays against the acting
seat's view; a missing pyarrow.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from permissions import without_folder_rights
from typer.testing import CliRunner
from typer.testing import Result as Run

pytest.importorskip("pyarrow", reason="the tables need the arrow extra (pyarrow)")
duckdb = pytest.importorskip("duckdb", reason="the tables are checked with DuckDB")

import pyarrow.parquet as pq  # noqa: E402

import gargon_notation as gg  # noqa: E402
from gargon_notation import (  # noqa: E402
    atomic,
    observation,
    parallel,
    tables,
)
from gargon_notation.cards import COPIES, Card  # noqa: E402
from gargon_notation.cli import app, choices  # noqa: E402
from gargon_notation.engine import BattleResolved, Game, score  # noqa: E402
from gargon_notation.errors import ArgumentError  # noqa: E402
from gargon_notation.replay import Step, Visitor  # noqa: E402

PLAYED = [
    ("tb1", ("Ann", "Bob", "Cy")),
    ("tb2", ("Ann", "Dan", "Eve", "Bob")),
    ("tb3", ("Cy", "Dan", "Eve", "Ann", "Bob")),
    ("tb4", ("Bob", "Cy", "Dan")),
]
UNREADABLE = '[Event "Club"]\n[Players "Ann" "Bob" "Cy"]\n1. Ann R99\n*\n'


@functools.cache
def club_records() -> list[gg.GameRecord]:
    """The games of :data:`PLAYED` (simulated when a test first needs them, not as the tests
    are collected: every worker collects every file)."""
    return [
        gg.record_from_simulation(gg.simulate(len(names), seed, names=names), event="Club")
        for seed, names in PLAYED
    ]


@functools.cache
def second_line() -> str:
    """The third round's line of the first game."""
    return next(line for line in gg.dumps(club_records()[0]).splitlines() if line.startswith("3. "))


@functools.cache
def invalid_text() -> str:
    """A game whose third round names a player not at the table: invalid after two rounds."""
    second = second_line()
    return gg.dumps(club_records()[0]).replace(
        second, "3. " + second[3:].replace("Ann", "Zed", 1), 1
    )


@functools.cache
def club_text() -> str:
    return "\n".join([*(gg.dumps(record) for record in club_records()), invalid_text(), UNREADABLE])


SLOW = pytest.mark.slow


def gargon(*args: str | Path) -> Run:
    return CliRunner().invoke(app, [str(arg) for arg in args])


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("archive") / "club.ggn"
    path.write_text(club_text())
    return path


@pytest.fixture(scope="module")
def converted(archive: Path) -> tuple[Path, Run]:
    out = archive.parent / "tables"
    return out, gargon("convert", archive, "--to", "parquet", "-o", out)


def _converted_with(archive: Path, option: str) -> Path:
    """The archive's tables converted with ``option`` (exit 1: it holds an invalid game)."""
    out = archive.parent / option.lstrip("-")
    run = gargon("convert", archive, "--to", "parquet", "-o", out, option)
    assert run.exit_code == 1
    return out


@pytest.fixture(scope="module")
def stepped(archive: Path) -> Path:
    return _converted_with(archive, "--include-invalid-steps")


def sql(directory: Path, query: str) -> list[tuple[Any, ...]]:
    for table in tables.TABLES:
        query = query.replace(f"{{{table}}}", f"read_parquet('{directory}/{table}/*.parquet')")
    return duckdb.sql(query).fetchall()


def test_convert_writes_a_dataset_per_table_and_reports_the_invalid_games(
    converted: tuple[Path, Run],
) -> None:
    out, run = converted
    assert run.exit_code == 1
    assert sorted(path.name for path in out.iterdir()) == sorted(tables.TABLES)
    assert [p.name for p in (out / "games").iterdir()] == ["part-00000.parquet"]
    assert "[unknown-player]" in run.stderr and "'R99' is not a card" in run.stderr
    assert run.stdout.startswith(f"{out}: 6 games (4 valid), ")
    assert "2 games were invalid or unreadable" in run.stderr


def test_games_agree_with_gargon_stats(converted: tuple[Path, Run], archive: Path) -> None:
    out, _ = converted
    stats = json.loads(gargon("stats", archive, "--json").stdout)
    endings = dict(sql(out, "select ending, count(*) from {games} group by ending"))
    assert endings == {key: value for key, value in stats["endings"].items() if value}
    counted = "valid and finished"
    wins = sql(out, f"select unnest(winners) p, count(*) from {{games}} where {counted} group by p")
    assert dict(wins) == {row["player"]: row["wins"] for row in stats["rows"] if row["wins"]}
    scores = sql(
        out,
        "select p, count(*), min(s), max(s), sum(s) from (select unnest(players) p, "
        f"unnest(scores) s from {{games}} where {counted}) group by p",
    )
    for player, count, low, high, total in scores:
        row = next(row for row in stats["rows"] if row["player"] == player)
        assert (count, low, high) == (
            row["score"]["count"],
            row["score"]["min"],
            row["score"]["max"],
        )
        assert total / count == pytest.approx(row["score"]["mean"], abs=1e-3)
    [(bonus,)] = sql(
        out, f"select sum(b) from (select unnest(bonus) b from {{games}} where {counted})"
    )
    assert bonus == stats["total"]["bonus_points"]
    [(rounds, low, high)] = sql(
        out, f"select count(*), min(rounds), max(rounds) from {{games}} where {counted}"
    )
    figures = stats["total"]["rounds"]
    assert (rounds, low, high) == (figures["count"], figures["min"], figures["max"])


def test_scores_agree_with_gargon_score(converted: tuple[Path, Run], archive: Path) -> None:
    out, _ = converted
    scored = json.loads(gargon("score", archive, "--json").stdout)["games"]
    rows = sql(out, "select game, valid, finished, scores, bonus, amulets, winners from {games}")
    by_game = {row[0]: row[1:] for row in rows}
    assert len(scored) == 5  # the unreadable game has no score
    for entry in scored:
        valid, finished, totals, bonus, amulets, winners = by_game[entry["game"]]
        players = entry["players"]
        assert (valid, finished) == (entry["valid"], entry["finished"])
        assert totals == [player["total"] for player in players]
        assert bonus == [player["bonus"] for player in players]
        assert amulets == [player["amulets"] for player in players]
        assert winners == entry["winners"]


def test_battles_and_decisions_agree_with_the_replays(converted: tuple[Path, Run]) -> None:
    out, _ = converted
    colours: Counter[str] = Counter()
    won: Counter[str] = Counter()
    decisions = plays = passes = 0
    for record in club_records():
        result = gg.replay(record)
        decisions += len(result.steps)
        for event in result.events:
            if isinstance(event, BattleResolved):
                colours[event.colour.value] += 1
                if event.winner is not None:
                    won[record.headers.values_of("Players")[event.winner]] += 1
        plays += sum(isinstance(step.action, gg.Play) for step in result.steps)
        passes += sum(isinstance(step.action, gg.Pass) for step in result.steps)
    assert dict(sql(out, "select colour, count(*) from {battles} group by colour")) == colours
    winners = sql(out, "select winner, count(*) from {battles} where winner is not null group by 1")
    assert dict(winners) == won
    kinds = dict(sql(out, "select kind, count(*) from {decisions} group by kind"))
    assert sum(kinds.values()) == decisions
    assert (kinds["play"], kinds["pass"]) == (plays, passes)
    # Each table joins on (source, game), and only valid games have rows beyond games.
    games = sql(
        out,
        "select distinct g.game from {decisions} d join {games} g using (source, game) "
        "where not g.valid",
    )
    assert games == []
    assert sql(out, "select count(distinct game) from {rounds}") == [(4,)]


def test_the_invalid_game_is_a_games_row_with_its_first_problem(
    converted: tuple[Path, Run],
) -> None:
    out, _ = converted
    rows = sql(
        out,
        "select game, valid, ending, problem_code, problem_line, problem_column, "
        "decisions > 0 from {games} where not valid order by game",
    )
    invalid_line = club_text().splitlines().index(second_line().replace("Ann", "Zed", 1)) + 1
    assert rows == [
        (5, False, "invalid", "unknown-player", invalid_line, rows[0][5], True),
        (6, False, "invalid", "syntax", club_text().splitlines().index("1. Ann R99") + 1, 8, None),
    ]


def test_a_game_that_cannot_be_read_has_the_documented_row(converted: tuple[Path, Run]) -> None:
    """docs/tables.md: the key, ``line``, valid and finished false, ending invalid, empty
    winners, one problem (its error, ``syntax``), every other column null."""
    out, _ = converted
    [row] = sql(out, "select * from {games} where game = 6")
    named = dict(zip(tables.schema_for("games").names, row, strict=True))
    line = club_text().splitlines().index("1. Ann R99") + 1
    given = {name: value for name, value in named.items() if value is not None}
    assert given.pop("problem_message") == (
        "'R99' is not a card (a colour W B V Y R G and a value 0-15 like R14, "
        "or a colour or X and '?' like R? or X?)"
    )
    assert given == {
        "source": str(out.parent / "club.ggn"),
        "game": 6,
        "line": line,
        "valid": False,
        "finished": False,
        "ending": "invalid",
        "winners": [],
        "winner_seats": [],
        "problems": 1,
        "problem_code": "syntax",
        "problem_line": line,
        "problem_column": 8,
    }


def test_include_invalid_steps_keeps_what_the_replay_made(stepped: Path) -> None:
    [(steps,)] = sql(stepped, "select count(*) from {decisions} where game = 5")
    [(written,)] = sql(stepped, "select decisions from {games} where game = 5")
    assert steps == written > 0


def test_decisions_are_written_as_the_notation_writes_them(converted: tuple[Path, Run]) -> None:
    out, _ = converted
    players = dict(sql(out, "select game, players from {games} where valid"))
    rows = sql(out, "select game, written, legal_actions from {decisions} order by game, step")
    for game, written, legal in rows:
        action = gg.parse_action(written, players[game])
        assert gg.format_action(action, players[game]) == written
        assert legal >= 1


def test_a_decision_s_line_and_column_are_where_it_is_written(
    converted: tuple[Path, Run], archive: Path
) -> None:
    """docs/tables.md: a play, pass or draw at the first character of its ``written`` text;
    a choice at its colour in the fights line; ``column`` read quoted, as SQL needs."""
    out, _ = converted
    lines = archive.read_text(encoding="utf-8").splitlines()
    rows = sql(
        out, 'select kind, written, line, "column" from {decisions} where written is not null'
    )
    kinds: Counter[str] = Counter()
    for kind, written, line, column in rows:
        there = lines[line - 1][column - 1 :]
        if kind == "choose":
            assert there[0] == written[-1] and lines[line - 1].lstrip().startswith("fights ")
        else:
            assert there.startswith(written), (written, there)
        kinds[kind] += 1
    assert set(kinds) == {"play", "pass", "choose", "draw"}


class _Legal(Visitor):
    def __init__(self) -> None:
        self.counts: list[int] = []
        self.before = 0

    def begin_game(self, outcome: gg.Outcome, game: Game) -> None:
        self.before = len(game.legal_actions())

    def visit_step(self, step: Step, game: Game) -> None:
        self.counts.append(self.before)
        self.before = len(game.legal_actions())


def test_legal_actions_are_the_engine_s_list(converted: tuple[Path, Run]) -> None:
    out, _ = converted
    for number, record in enumerate(club_records(), start=1):
        legal = _Legal()
        gg.replay(record, visitors=[legal])
        counted = sql(
            out, f"select legal_actions from {{decisions}} where game = {number} order by step"
        )
        assert [count for (count,) in counted] == legal.counts


def test_examples_convert_and_every_game_is_valid(tmp_path: Path) -> None:
    counts = tables.write_parquet(tables.games_of(["examples"]), tmp_path, part="p1")
    assert counts == {"games": 7, "rounds": 62, "battles": 220, "decisions": 525}
    assert sql(tmp_path, "select count(*) from {games} where not valid") == [(0,)]
    [(hidden,)] = sql(tmp_path, "select count(*) from {decisions} where not legal_exact")
    assert hidden > 0  # the table records do not know every hand


def test_converting_again_leaves_no_part_of_an_earlier_larger_run(tmp_path: Path) -> None:
    """A directory once written by several workers (--dask) holds part-00001 and on: a
    conversion in one process removes them, so that the tables are this run's alone."""
    for table in tables.TABLES:
        (tmp_path / table).mkdir()
        (tmp_path / table / "part-00001.parquet").write_bytes(b"stale")
        (tmp_path / table / "notes.txt").write_text("kept", encoding="utf-8")
    result = gargon("convert", "examples/seeded-game.ggn", "--to", "parquet", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    for table in tables.TABLES:
        assert sorted(path.name for path in (tmp_path / table).iterdir()) == [
            "notes.txt",
            "part-00000.parquet",
        ]
    assert sql(tmp_path, "select count(*) from {games}") == [(1,)]


def test_a_file_named_twice_is_read_once_so_that_source_and_game_name_one_game(
    tmp_path: Path,
) -> None:
    run = gargon(
        "convert", "examples", "examples/club-night.ggn", "--to", "parquet", "-o", tmp_path
    )
    assert run.exit_code == 0, run.output
    assert run.stdout == f"{tmp_path}: 7 games (7 valid), 62 rounds, 220 battles, 525 decisions\n"
    assert sql(tmp_path, "select count(*), count(distinct (source, game)) from {games}") == [(7, 7)]
    twice = tables.games_of(["examples/seeded-game.ggn", "examples/seeded-game.ggn"])
    assert [(source, number) for source, number, _ in twice] == [("examples/seeded-game.ggn", 1)]


def test_a_file_named_in_other_ways_is_read_once_under_its_first_name(tmp_path: Path) -> None:
    """``./x``, an absolute path and a symbolic link name the same file: read once, and its
    games keyed by the name it was first given."""
    club = Path("examples/club-night.ggn")
    link = tmp_path / "link.ggn"
    link.symlink_to(club.resolve())
    names = [str(club), f"./{club}", str(club.resolve()), str(link)]
    run = gargon("convert", *names, "--to", "parquet", "-o", tmp_path / "t")
    assert run.exit_code == 0, run.output
    assert sql(tmp_path / "t", "select source, count(*) from {games} group by source") == [
        (str(club), 3)
    ]


def test_games_line_is_where_each_game_starts_in_its_file(tmp_path: Path) -> None:
    club = "examples/club-night.ggn"
    rulebook = list(gg.load("examples/rulebook-round.ggn"))
    lines = gg.jsonio.dumps_lines(rulebook * 2).splitlines(keepends=True)
    (tmp_path / "two.jsonl").write_text(lines[0] + "\n" + lines[1], encoding="utf-8")
    document = gg.jsonio.dumps(rulebook * 2)
    (tmp_path / "two.json").write_text(document, encoding="utf-8")
    elements = [n for n, line in enumerate(document.splitlines(), start=1) if line == "    {"]
    inputs = [club, tmp_path / "two.jsonl", tmp_path / "two.json"]
    run = gargon("convert", *inputs, "--to", "parquet", "-o", tmp_path / "tables")
    assert run.exit_code == 0, run.output
    rows = pq.read_table(tmp_path / "tables" / "games", columns=["source", "line"]).to_pylist()
    assert [(row["source"], row["line"]) for row in rows] == [
        # Game 2 starts with its comment on line 40 (after the blank line 39), game 3 with
        # its first tag on line 67 (after the blank line 66).
        *((club, line) for line in (1, 40, 67)),
        *((str(tmp_path / "two.jsonl"), line) for line in (1, 3)),  # line 2 is blank
        *((str(tmp_path / "two.json"), line) for line in elements),
    ]
    assert len(elements) == 2


def test_batches_need_no_files_and_follow_the_schemas() -> None:
    items = [("club.ggn", n, record) for n, record in enumerate(club_records(), start=1)]
    seen = Counter()
    for table, batch in gg.arrow.batches(items, batch_rows=50):
        assert batch.schema == tables.SCHEMAS[table]
        assert batch.num_rows <= 50 + 200  # a batch is handed out after the game that fills it
        seen[table] += batch.num_rows
    assert seen["games"] == 4


def test_the_games_table_comes_in_batches_of_its_own_size() -> None:
    """A ``games`` row is wide (tags, players, scores): its batches hold 1,024 rows, not the
    16,384 of the narrow tables, both made in one process and joined from the small batches
    of the worker processes (``--jobs``)."""
    from gargon_notation.tables.convert import regrouped

    unreadable = gg.NotationError("a card that does not exist", line=3, column=8)
    items = [("club.ggn", n, unreadable) for n in range(1, 1101)]
    made = [(table, batch.num_rows) for table, batch in tables.batches(items)]
    assert made == [("games", 1024), ("games", 76)]
    ((_, whole),) = tables.batches(items, batch_rows=1 << 62)
    pieces = [("games", whole.slice(at, 50)) for at in range(0, 1100, 50)]
    joined = [(table, rows.num_rows) for table, rows in regrouped(pieces)]
    assert joined == [("games", 1050), ("games", 50)]


# -- observations ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def observed(archive: Path) -> Path:
    return _converted_with(archive, "--decisions-observations")


def _views(record: gg.GameRecord) -> list[tuple[gg.SeatView, gg.Action]]:
    """The acting seat's view before each decision, and the decision."""

    class Views(Visitor):
        def __init__(self) -> None:
            self.views: list[tuple[gg.SeatView, gg.Action]] = []
            self.next: gg.SeatView | None = None

        def begin_game(self, outcome: gg.Outcome, game: Game) -> None:
            self.next = game.view(game.to_act.seat) if game.to_act else None

        def visit_step(self, step: Step, game: Game) -> None:
            assert self.next is not None
            self.views.append((self.next, step.action))
            self.next = game.view(game.to_act.seat) if game.to_act else None

    views = Views()
    gg.replay(record, visitors=[views])
    return views.views


def test_observations_have_the_documented_lengths_and_the_mask_holds_the_action(
    observed: Path,
) -> None:
    table = pq.read_table(observed / "decisions")
    for name, size in observation.ARRAYS.items():
        assert table.schema.field(name).type.list_size == size
    actions = table.column("action").to_pylist()
    legal = table.column("legal_action_ids").to_pylist()
    counts = table.column("legal_actions").to_pylist()
    assert all(taken in ids for taken, ids in zip(actions, legal, strict=True))
    assert all(len(ids) == count for ids, count in zip(legal, counts, strict=True))
    assert all(0 <= taken < tables.ACTION_SPACE for taken in actions)


def test_observations_show_only_what_the_seat_saw(observed: Path) -> None:
    rows = sql(
        observed,
        "select game, seat, obs_hand, obs_won, obs_played, obs_scores, action, reward "
        "from {decisions} where game = 2 order by step",
    )
    record = club_records()[1]
    final = gg.replay(record).score
    assert final is not None
    views = _views(record)
    assert len(views) == len(rows)
    for (view, taken), (_, seat, hand, won, played, scores, action, reward) in zip(
        views, rows, strict=True
    ):
        assert view.seat == seat
        known = Counter(observation.card_id(card) for card in view.hand if isinstance(card, Card))
        assert {i: n for i, n in enumerate(hand[:96]) if n} == dict(known)
        public: list[list[Card]] = [[] for _ in view.names]
        for event in view.history:
            if isinstance(event, BattleResolved) and event.winner is not None:
                public[event.winner].extend(event.won)
        totals = score(public, view.ruleset, view.names).totals
        for place in range(view.players):
            other = (seat + place) % view.players
            block = won[place * 96 : (place + 1) * 96]
            expected = Counter(observation.card_id(card) for card in public[other])
            assert {i: n for i, n in enumerate(block) if n} == dict(expected)
            codes = sorted(code for code in played[place * 3 : place * 3 + 3] if code >= 0)
            shown = view.played[other] or ()
            assert codes == sorted(
                observation.card_id(card) if isinstance(card, Card) else 96 + card.colour.index
                for card in shown
            )
            assert scores[place] == totals[other]
        assert action == tables.action_id(taken)
        assert reward == (1.0 / len(final.winners) if seat in final.winners else 0.0)


class _Watching:
    """A bot that asks another and keeps what ``gg.observe`` and ``gg.action_id`` give at
    play time, as a bot asking a trained model would compute them."""

    def __init__(self, bot: gg.Bot) -> None:
        self.bot = bot
        self.asked: list[tuple[dict[str, list[int]], int]] = []

    def choose(self, view: gg.SeatView) -> gg.Action:
        action = self.bot.choose(view)
        self.asked.append((gg.observe(view), gg.action_id(action)))
        return action


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_bot_at_play_time_sees_what_the_decisions_table_holds(
    tmp_path: Path, players: int
) -> None:
    """What a model is trained on (the ``decisions`` rows) is what a bot computes from its
    own view when it plays (``gg.observe``: its won cards read from its view's history),
    decision for decision."""
    watching = [_Watching(gg.GreedyBot(gg.Rng(f"bot-{seat}"))) for seat in range(players)]
    simulated = gg.simulate(players, f"served-{players}", bots=watching)
    record = gg.record_from_simulation(simulated)
    tables.write_parquet([("served.ggn", 1, record)], tmp_path, observations=True)
    names = list(observation.ARRAYS)
    rows = sql(
        tmp_path, f"select seat, {', '.join(names)}, action from {{decisions}} order by step"
    )
    assert sum(len(bot.asked) for bot in watching) == len(rows) > 50
    asked = [iter(bot.asked) for bot in watching]
    for seat, *arrays, action in rows:
        seen, taken = next(asked[seat])
        assert taken == action
        assert seen == dict(zip(names, arrays, strict=True))


def test_an_observation_is_only_of_the_seats_own_decision() -> None:
    """Arrays for a seat that does not act would look like a decision (the acting seat's
    kind of decision in ``obs_state``): refused, saying who acts."""
    game = Game.new(gg.Deal.from_seed("x", players=3))
    acting = game.to_act.seat
    other = (acting + 1) % 3
    with pytest.raises(ValueError, match=f"{game.names[other]} has no decision to make now"):
        gg.observe(game.view(other))
    assert len(gg.observe(game.view(acting))["obs_state"]) == observation.ARRAYS["obs_state"]


def test_observations_need_no_pyarrow() -> None:
    """A bot at play time needs the encoding, not the tables' extra."""
    script = (
        "import sys\n"
        "sys.modules['pyarrow'] = None  # as if it were not installed\n"
        "import gargon_notation as gg\n"
        "view = gg.Game.new(gg.Deal.from_seed('x', players=3)).view(0)\n"
        "action = gg.RandomBot(gg.Rng('x')).choose(view)\n"
        "assert gg.action_of(gg.action_id(action), seat=0) == action\n"
        "print(len(gg.observe(view)['obs_hand']), gg.ACTION_SPACE)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "103 144686\n", "")


def test_a_table_record_hides_the_values_it_does_not_know(tmp_path: Path) -> None:
    tables.write_parquet(
        tables.games_of(["examples/table-record.ggn"]), tmp_path, observations=True
    )
    rows = sql(tmp_path, "select obs_hand, legal_exact, action, legal_action_ids from {decisions}")
    assert any(sum(hand[96:]) > 0 for hand, *_ in rows)
    assert all(taken in ids for _, _, taken, ids in rows)


@pytest.mark.parametrize("seat", ["Bernd", None], ids=["a seat's record", "a public record"])
def test_a_record_of_hidden_hands_counts_the_play_made_among_the_legal_actions(
    tmp_path: Path, seat: str | None
) -> None:
    """Where the record does not know the acting seat's whole hand (``legal_exact`` false),
    the count is that of the plays of its known cards, the passes, and the play it made:
    the length of ``legal_action_ids``, never 0; the same whether the rows are read with
    observations or without (two ways of walking the game)."""
    game = gg.simulate(3, "hidden hands", names=("Ann", "Bernd", "Cy"))
    text = gg.write_game(gg.record_from_simulation(game))
    source = tmp_path / "full.ggn"
    source.write_text(text, encoding="utf-8")
    view = ["--seat", seat] if seat is not None else ["--public"]
    shown = gargon("convert", source, *view)
    assert shown.exit_code == 0, shown.output
    record = tmp_path / "view.ggn"
    record.write_text(shown.stdout, encoding="utf-8")
    for folder, options in (("plain", ()), ("observed", ("--decisions-observations",))):
        result = gargon("convert", record, "--to", "parquet", "-o", tmp_path / folder, *options)
        assert result.exit_code == 0, result.output
    query = "select step, legal_actions, legal_exact from {decisions} order by step"
    plain = sql(tmp_path / "plain", query)
    assert plain == sql(tmp_path / "observed", query)
    assert any(not exact for _, _, exact in plain)
    assert all(count > 0 for _, count, _ in plain)
    assert sql(
        tmp_path / "observed",
        "select count(*) from {decisions} where legal_actions != len(legal_action_ids)",
    ) == [(0,)]
    # Only a play or pass depends on the hand: a choice or a draw of a seat whose hand the
    # record does not know in full is counted exactly (docs/tables.md, legal_exact).
    hidden = "list_sum(obs_hand[97:103]) > 0"
    assert sql(
        tmp_path / "observed",
        f"select kind, legal_exact, count(*) > 0 from {{decisions}} where {hidden} "
        "group by all order by all",
    ) == [
        ("choose", True, True),
        ("draw", True, True),
        ("pass", False, True),
        ("play", False, True),
    ]


def test_a_seat_beyond_the_table_is_empty_in_every_array_as_documented(observed: Path) -> None:
    """docs/tables.md: a table of 3 or 4 leaves the last blocks empty: zeros in the counts
    and scores, -1 in the card codes and in ``obs_round``'s 0-4 (never 0, which says a seat
    passed)."""
    rows = sql(
        observed,
        "select obs_state[1], obs_round, obs_hands, obs_won, obs_scores, obs_played, obs_front "
        "from {decisions} d join {games} g using (source, game) where g.valid",
    )
    assert {row[0] for row in rows} == {3, 4, 5}
    for players, round_, hands, won, scores, played, front in rows:
        absent = 5 - players
        assert round_[players:5] == [-1] * absent
        assert hands[7 * players :] == [0] * 7 * absent
        assert won[96 * players :] == [0] * 96 * absent
        assert scores[players:] == [0] * absent
        assert played[3 * players :] == front[3 * players :] == [-1] * 3 * absent


def test_the_action_space_is_numbered_as_documented() -> None:
    plays = observation.play_ids()
    assert len(plays) == observation.PLAYS == 144662
    assert tables.ACTION_SPACE == 144686
    assert list(plays.values()) == list(range(len(plays)))
    keys = list(plays)
    assert keys == sorted(keys, key=lambda ids: (len(ids), ids))
    for number in (0, 95, 96, 144661, 144662, 144676, 144677, 144682, 144683, 144685):
        assert tables.action_id(tables.action_of(number, 0)) == number


@pytest.mark.slow
def test_the_plays_are_exactly_the_multisets_the_rules_allow() -> None:
    import itertools

    def allowed(ids: tuple[int, ...]) -> bool:
        colours = [card // 16 for card in ids]
        return all(colours.count(c) <= 2 for c in colours) and all(
            ids.count(card) == 1 or card % 16 == 0 for card in ids
        )

    every = [
        ids
        for size in (1, 2, 3)
        for ids in itertools.combinations_with_replacement(range(96), size)
        if allowed(ids)
    ]
    assert every == list(observation.play_ids())
    cards = {card: 2 if card.value == 0 else 1 for card in COPIES}
    assert sum(cards.values()) == 102


# -- the extra, the options, the sizes ---------------------------------------------------


def test_a_missing_pyarrow_is_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, archive: Path, tmp_path: Path
) -> None:
    for name in list(sys.modules):
        if name == "pyarrow" or name.startswith(("pyarrow.", "gargon_notation.tables")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.delitem(vars(gg.arrow), "batches", raising=False)
    monkeypatch.delitem(vars(gg), "tables", raising=False)
    run = gargon("convert", archive, "--to", "parquet", "-o", tmp_path)
    assert run.exit_code == 2
    assert run.stderr == (
        "gargon: Arrow tables and Parquet need pyarrow, which is not installed: "
        "pip install 'gargon-notation[arrow]'\n"
    )
    with pytest.raises(ImportError, match=r"pip install 'gargon-notation\[arrow\]'"):
        gg.arrow.batches  # noqa: B018


def test_usage_errors(archive: Path, tmp_path: Path) -> None:
    run = gargon("convert", archive, "--to", "parquet")
    assert run.exit_code == 2
    assert "name it with -o DIR" in run.stderr
    file = tmp_path / "file"
    file.write_text("")
    assert (
        "is a file, where a folder of tables is wanted"
        in gargon("convert", archive, "--to", "parquet", "-o", file).stderr
    )
    assert gargon("convert", archive, "--to", "json", "--decisions-observations").exit_code == 2
    assert gargon("convert", archive, "--to", "parquet", "-o", tmp_path, "--events").exit_code == 2


@pytest.mark.parametrize(
    ("in_the_way", "said"),
    [
        ("out/games", "is a file, where a folder of tables is wanted"),
        (
            "out/rounds/part-00000.parquet",
            "is a folder, where a file is to be written: write the result elsewhere with -o",
        ),
        ("notes", "is a file, where a folder of tables is wanted"),  # -o notes/out, notes a file
    ],
)
def test_an_output_that_cannot_be_written_names_what_is_in_the_way(
    tmp_path: Path, in_the_way: str, said: str
) -> None:
    """The table's folder or part file, or the file where a folder should be, not just the
    directory given."""
    if said.startswith("is a file"):
        (tmp_path / in_the_way).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / in_the_way).write_text("")
    else:
        (tmp_path / in_the_way).mkdir(parents=True)
    output = tmp_path / ("notes/out" if in_the_way == "notes" else "out")
    run = gargon("convert", "examples/seeded-game.ggn", "--to", "parquet", "-o", output)
    assert run.exit_code == 2
    assert run.stderr == f"gargon: {tmp_path / in_the_way}: {said}\n"


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_read_only_folder_is_named_as_given(tmp_path: Path) -> None:
    """-o in a folder of mode 555, or that folder itself: the refusal names the folder given
    (or the one it is to be made in) and says to make it writable, not a table's folder
    that the command makes."""
    folder = tmp_path / "rod"
    folder.mkdir()
    folder.chmod(0o555)
    command = [*without_folder_rights(), sys.executable, "-m", "gargon_notation"]
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    record = Path("examples/seeded-game.ggn").resolve()
    try:
        runs = {
            (output, *jobs): subprocess.run(
                [*command, "convert", record, "--to", "parquet", "-o", output, *jobs],
                cwd=tmp_path,
                capture_output=True,
                text=True,
                env=environment,
                timeout=120,
            )
            for output, *jobs in (("rod/pq",), ("rod",), ("rod", "-j", "2"))
        }
    finally:
        folder.chmod(0o755)
    said = {options: (run.returncode, run.stderr) for options, run in runs.items()}
    elsewhere = "write the result elsewhere with -o"
    in_rod = (
        2,
        "gargon: rod: cannot write in this folder (permission denied), where the folders of "
        f"the tables are made: make it writable, or {elsewhere}\n",
    )
    assert said == {
        ("rod/pq",): (
            2,
            "gargon: rod/pq: cannot make this folder in rod (permission denied): make that "
            f"folder writable, or {elsewhere}\n",
        ),
        ("rod",): in_rod,
        ("rod", "-j", "2"): in_rod,
    }
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(
    "options",
    [[], pytest.param(["--decisions-observations", "--include-invalid-steps"], marks=SLOW)],
)
def test_jobs_2_writes_the_tables_and_reports_of_one_process(
    archive: Path, tmp_path: Path, options: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rows are made in worker processes a few games at a time and written in order:
    the same rows, the same reports in the same order, the same exit code."""
    monkeypatch.setattr(parallel, "BATCH_GAMES", 2)  # groups that end mid-archive
    second = tmp_path / "second.ggn"
    second.write_text(UNREADABLE + "\n" + gg.dumps(club_records()[1]))
    runs = {
        jobs: gargon(
            "convert",
            archive,
            second,
            "--to",
            "parquet",
            "-o",
            tmp_path / jobs,
            "-j",
            jobs,
            *options,
        )
        for jobs in ("1", "2")
    }
    one, two = runs["1"], runs["2"]
    assert (two.exit_code, two.stderr) == (one.exit_code, one.stderr) == (1, two.stderr)
    assert two.stdout.replace(str(tmp_path / "2"), "OUT") == one.stdout.replace(
        str(tmp_path / "1"), "OUT"
    )
    assert one.stderr.count("'R99' is not a card") == 2 and "Zed is not at" in one.stderr
    for table in tables.TABLES:
        first, second_run = (pq.read_table(tmp_path / jobs / table) for jobs in ("1", "2"))
        assert first.num_rows > 0
        assert second_run.equals(first), table


def test_an_input_without_a_game_is_said_before_the_summary_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "empty.ggn").write_text("{ only a comment }\n", encoding="utf-8")
    result = gargon(
        "convert",
        "examples/seeded-game.ggn",
        tmp_path / "empty.ggn",
        "--to",
        "parquet",
        "-o",
        tmp_path / "tables",
    )
    assert result.exit_code == 1
    assert result.output.splitlines() == [  # standard output and error as a terminal shows them
        f"gargon: {tmp_path / 'empty.ggn'}: no game found",
        f"{tmp_path / 'tables'}: 1 game (1 valid), 19 rounds, 56 battles, 132 decisions",
        "gargon: 1 input without a game",
    ]
    assert [str(value) for value in choices.ConvertTo] == [*gg.files.FORMATS, "parquet"]


def test_import_gargon_notation_imports_no_pyarrow() -> None:
    import subprocess

    code = "import sys, gargon_notation as gg; gg.arrow; print('pyarrow' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout == "False\n"


@pytest.mark.slow
def test_parquet_is_smaller_than_the_text(tmp_path: Path) -> None:
    text = tmp_path / "many.ggn"
    games = [gg.record_from_simulation(gg.simulate(4, f"size{n}")) for n in range(300)]
    text.write_text("\n".join(gg.dumps(record) for record in games))
    out = tmp_path / "tables"
    tables.write_parquet(tables.games_of([text]), out)
    size = sum(path.stat().st_size for path in out.rglob("*.parquet"))
    assert size < os.path.getsize(text)


@pytest.mark.parametrize("start_must_play", [True, False], ids=["standard", "start-may-pass"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_steps_of_a_validate_walk_are_those_a_watched_walk_sees(
    players: int, start_must_play: bool
) -> None:
    """A valid game's steps read after validate's walk (its record's elements, the engine's
    tally of legal actions, the piles at each round's end) are those a visitor sees step by
    step: for whole games, records that stop mid-round and records without their deal."""
    import attrs

    from gargon_notation.notation import model
    from gargon_notation.replay import walk
    from gargon_notation.tables.rows import _Tallier, _Watcher

    ruleset = gg.Ruleset(start_player_must_play=start_must_play)
    record = gg.record_from_simulation(gg.simulate(players, f"steps-{players}", ruleset=ruleset))
    last = record.rounds[-1]
    cut = attrs.evolve(last, actions=last.actions[:2], battles=())
    stopped = attrs.evolve(
        record, rounds=(*record.rounds[:-1], cut), termination=model.Termination()
    )
    unseeded = next(
        iter(
            gg.loads(
                "\n".join(line for line in gg.dumps(record).splitlines() if "Seed" not in line)
            )
        )
    )
    for written in (record, stopped, unseeded):
        tallier, watcher = _Tallier(), _Watcher(observations=False)
        outcome = walk(written, [tallier])
        assert outcome.valid and outcome.game is not None
        read = tallier.steps(written, outcome.game)
        walk(written, [watcher])
        assert read is not None
        exact = read.exact or [True] * len(read.counts)  # None: every count is exact
        assert attrs.evolve(read, exact=exact) == watcher.steps_read()
    assert read.exact is not None and not all(read.exact)  # the unseeded record's hands


def test_steps_paired_wrongly_are_walked_again_step_by_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Should a record's elements ever pair wrongly with the engine's actions, the game is
    walked again with a visitor at each step: the same rows either way."""
    from gargon_notation.notation import model
    from gargon_notation.tables import rows as table_rows

    games = [("sim", n, record) for n, record in enumerate(club_records()[:2], start=1)]
    usual = table_rows.Rows()
    for game in games:
        usual.add_game(*game)
    monkeypatch.setitem(table_rows._ACTION_OF, model.Play, gg.engine.Pass)
    walked: list[object] = []
    monkeypatch.setattr(
        table_rows._Watcher, "steps_read", spy(walked, table_rows._Watcher.steps_read)
    )
    again = table_rows.Rows()
    for game in games:
        again.add_game(*game)
    assert len(walked) == 2
    assert plain(again) == plain(usual)


def plain(rows: Any) -> dict[str, dict[str, list[Any]]]:
    """Every column of ``rows`` as a list of its values."""
    return {
        table: {
            name: values.to_pylist() if hasattr(values, "to_pylist") else list(values)
            for name, values in rows.columns[table].items()
        }
        for table in tables.TABLES
    }


def spy(calls: list[object], method: Any) -> Any:
    def spied(self: object) -> Any:
        calls.append(self)
        return method(self)

    return spied


def test_the_texts_of_passes_are_kept_within_bounds() -> None:
    """What passes say is kept by what they saw, which makes keys without end in seat
    records: the cache is emptied before it outgrows its bound."""
    from gargon_notation.tables.reader import _PASSED, _SAID_MAX

    for n in range(_SAID_MAX + 10):
        _PASSED[((1,), (f"seen{n}",))]
    assert len(_PASSED) <= _SAID_MAX


def test_each_battle_belongs_to_the_choice_before_it_and_rounds_count_them(
    stepped: Path,
) -> None:
    """A fight's step is the choice of its colour (a second fight shares its first's), in
    the same round and by the same seat; fights are numbered 1, 2, ... within a round, and
    each round counts its own: valid games and the steps an invalid one made."""
    unmatched = sql(
        stepped,
        "select b.game, b.round, b.battle from {battles} b left join {decisions} d "
        "on d.game = b.game and d.step = b.step "
        "where d.kind is distinct from 'choose' or d.round != b.round or d.seat != b.chooser_seat",
    )
    assert unmatched == []
    shared = sql(
        stepped,
        "select count(*) filter ((fight = 1) = (step = before)), count(*) filter (fight = 2) "
        "from (select fight, step, lag(step) over (partition by game order by round, battle) "
        "before from {battles})",
    )
    assert shared == [(0, 7)]  # seven second fights, each with its first's step
    numbered = sql(
        stepped,
        "select r.game, r.round, r.battles, list(b.battle order by b.battle) from {rounds} r "
        "left join {battles} b using (game, round) group by all",
    )
    assert all(
        order == (list(range(1, count + 1)) if count else [None]) for *_, count, order in numbered
    )
    assert sum(count for *_, count, _ in numbered) == 191
    assert sql(stepped, "select count(distinct game) from {battles}") == [(5,)]


ROUNDS_OF_CLUB_NIGHT = [
    (1, "Adam", [], "1:1:1", 3, 0, 9, 4, 5, 34, 34, True, False),
    (2, "Bernd", [], "1:1:1", 1, 2, 3, 6, 3, 31, 31, True, False),
]
"""``1. Adam W15 Y6 R0, Bernd V11 R11 G14, Collette W10 Y9 R15`` / ``fights W (Collette 1), Y
(Adam 2), R (Adam 1, Bernd 2), G, V``; ``2. Bernd B10 Y10 G12, Collette pass 1 2 1, Adam pass
2 1 2`` / ``fights G, B, Y``."""
BATTLES_OF_CLUB_NIGHT = [
    (1, 1, 4, "W", 1, "fight", 0, ["W15", "W10"], "Adam", ["W15"], ["W10"]),
    (1, 2, 6, "Y", 1, "fight", 0, ["Y6", "Y9"], "Collette", ["Y9"], ["Y6"]),
    (1, 3, 8, "R", 1, "fight", 0, ["R0", "R11", "R15"], "Collette", ["R15"], ["R0", "R11"]),
    (1, 4, 11, "G", 1, "alone", 1, ["G14"], "Bernd", ["G14"], []),
]


def test_the_club_night_rows_read_as_written() -> None:
    """The first rounds and fights of examples/club-night.ggn, value by value."""
    from gargon_notation.tables.rows import Rows

    rows = Rows()
    source, number, record = next(iter(tables.games_of(["examples/club-night.ggn"])))
    rows.add_game(source, number, record)
    rounds, battles = rows.columns["rounds"], rows.columns["battles"]
    names = ("start", "skipped_seats", "pattern", "plays", "passes", "cards_played")
    names += ("cards_drawn", "battles", "pile1", "pile2", "complete", "last")
    read = [(n, *(rounds[name][n - 1] for name in names)) for n in (1, 2)]
    assert read == ROUNDS_OF_CLUB_NIGHT
    names = ("round", "battle", "step", "colour", "fight", "kind", "chooser_seat")
    flat = {name: battles[name].to_pylist() for name in ("fighter_cards", "won", "discarded")}
    read = [
        (*(battles[name][n] for name in names), flat["fighter_cards"][n], battles["winner"][n])
        for n in range(4)
    ]
    read = [(*row, flat["won"][n], flat["discarded"][n]) for n, row in enumerate(read)]
    assert read == BATTLES_OF_CLUB_NIGHT


def test_batches_of_real_records_are_what_pyarrow_makes_of_their_values() -> None:
    """Whole numbers go into Arrow through array buffers: the same arrays as pyarrow's own
    conversion of the values, nulls (lines of repaired draws, fights without a winner)
    included."""
    import pyarrow as pa

    from gargon_notation.tables.convert import take_batch
    from gargon_notation.tables.rows import Rows

    rows = Rows(include_invalid_steps=True)
    items = [("club.ggn", n, record) for n, record in enumerate(club_records(), start=1)]
    invalid = next(iter(gg.loads(invalid_text())))
    for item in [*items, ("club.ggn", 5, invalid)]:
        rows.add_game(*item)
    assert None in plain(rows)["games"]["problem_line"]  # whole numbers with nulls
    for table in tables.TABLES:
        schema = tables.SCHEMAS[table]
        values = plain(rows)[table]
        expected = pa.RecordBatch.from_pylist(
            [dict(zip(values, row, strict=True)) for row in zip(*values.values(), strict=True)],
            schema=schema,
        )
        assert take_batch(rows, table).equals(expected)
        assert rows.count(table) == 0


def test_publishing_a_runs_parts_replaces_the_tables_whole(tmp_path: Path) -> None:
    """The staged parts replace those of their names, the parts past them that an earlier,
    larger run left are removed (and the further files of a part this run did not write),
    and so are the staging folders of runs that never finished; other files stay."""
    from gargon_notation.tables import publish_parts, staging_folder

    for table in gg.arrow.TABLES:
        (tmp_path / table).mkdir()
        for n in range(3):
            (tmp_path / table / f"part-{n:05d}.parquet").write_text(f"old {n}")
        (tmp_path / table / "part-00000_00001.parquet").write_text("old 0, more")
        (tmp_path / table / "notes.txt").write_text("mine")
    unfinished = Path(staging_folder(str(tmp_path)))
    (unfinished / "games").mkdir(parents=True)
    (unfinished / "games" / "part-00000.parquet").write_text("never finished")
    staged = Path(staging_folder(str(tmp_path)))
    for table in gg.arrow.TABLES:
        (staged / table).mkdir(parents=True)
        for n in range(2):
            (staged / table / f"part-{n:05d}.parquet").write_text(f"new {n}")
    publish_parts(str(staged), str(tmp_path))
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(gg.arrow.TABLES)
    for table in gg.arrow.TABLES:
        parts = sorted((tmp_path / table).glob("*.parquet"))
        assert [path.read_text() for path in parts] == ["new 0", "new 1"]
        assert (tmp_path / table / "notes.txt").read_text() == "mine"


def test_a_tables_rows_go_on_in_further_files_of_its_part(tmp_path: Path) -> None:
    """Every ``row_groups_per_file`` row groups a table's rows go on in the part's next
    file (a Parquet writer holds every row group's footer until the file is closed): the
    files, read in the order of their names, hold the rows of one file, and a shorter run
    removes the files a longer one left past its own."""
    import duckdb
    import pyarrow.parquet as pq

    from gargon_notation.tables.convert import write_batches

    items = [("club.ggn", n, record) for n, record in enumerate(club_records() * 3, start=1)]
    whole = tables.write_parquet(items, tmp_path / "one")
    made = list(tables.batches(items, batch_rows=5))
    split = write_batches(made, tmp_path / "split", row_groups_per_file=2)
    assert split == whole
    rounds = sorted((tmp_path / "split" / "rounds").iterdir())
    groups = [pq.ParquetFile(path).metadata.num_row_groups for path in rounds]
    batches_of_rounds = sum(table == "rounds" for table, _ in made)
    assert groups == [2] * (batches_of_rounds // 2) + [1] * (batches_of_rounds % 2)
    rounds = [path.name for path in rounds]
    assert rounds[:3] == [
        "part-00000.parquet",
        "part-00000_00001.parquet",
        "part-00000_00002.parquet",
    ]
    for table in tables.TABLES:
        query = "select * from read_parquet('{}/{}/*.parquet')"
        one = duckdb.sql(query.format(tmp_path / "one", table)).fetchall()
        assert duckdb.sql(query.format(tmp_path / "split", table)).fetchall() == one
        whole = pq.read_table(tmp_path / "one" / table)
        assert pq.read_table(tmp_path / "split" / table).equals(whole)
    write_batches(tables.batches(items[:1]), tmp_path / "split", row_groups_per_file=2)
    for table in tables.TABLES:
        assert [path.name for path in (tmp_path / "split" / table).iterdir()] == [
            "part-00000.parquet"
        ]


FDS = "/proc/self/fd"
"""This process's open file descriptors (Linux)."""


def test_a_failed_conversion_replaces_no_file_and_keeps_few_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A conversion whose rows stop half way (here an error from the games' source, after
    many files were finished) replaces none of the files an earlier run wrote and leaves no
    temporary; while it runs, the finished files are closed (a file a row group: the open
    files stay a handful).  A part named as a further file is refused."""
    from gargon_notation.tables.convert import write_batches

    items = [("club.ggn", n, record) for n, record in enumerate(club_records() * 3, start=1)]
    target = tmp_path / "tables"
    tables.write_parquet(items[:1], target)
    before = {path: path.read_bytes() for path in target.rglob("*") if path.is_file()}
    opened: list[int] = []  # open descriptors, where the system lists them

    def made() -> Iterator[tuple[str, Any]]:
        for number, pair in enumerate(tables.batches(items, batch_rows=1)):
            if number % 10 == 0:
                opened.append(len(os.listdir(FDS)) if os.path.isdir(FDS) else 0)
            yield pair
        raise OSError(errno.EIO, "Input/output error")

    with pytest.raises(gg.FileError):
        write_batches(made(), target, row_groups_per_file=1)
    assert {path: path.read_bytes() for path in target.rglob("*") if path.is_file()} == before
    assert max(opened) - min(opened) <= 4
    with pytest.raises(ValueError, match="_00001"):
        tables.write_parquet(items, target, part="part-00000_00001")


KILLED_MID_WRITE = """
import pathlib, sys, time
from gargon_notation import files, tables
target, marker = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
records = list(files.iter_games(open("examples/club-night.ggn", "rb"), "ggn", "club.ggn"))

def made():
    for number, pair in enumerate(tables.batches([("club.ggn", 1, records[0])] * 40, batch_rows=1)):
        if number == 30:  # files of every table finished and waiting for their names
            marker.touch()
            time.sleep(60)
        yield pair

tables.convert.write_batches(made(), target, row_groups_per_file=1)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and process numbers are POSIX's")
def test_the_hidden_files_of_a_conversion_killed_outright_go_with_the_next(
    tmp_path: Path,
) -> None:
    """A conversion killed outright (SIGKILL: no clean-up runs) leaves the hidden
    temporaries of its finished files beside the tables, which readers skip; the next
    conversion into the folder removes them, but not those of a conversion still running
    or of another machine's."""
    import signal
    import subprocess
    import time

    target, marker = tmp_path / "tables", tmp_path / "writing"
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_MID_WRITE, str(target), str(marker)],
        cwd=Path(__file__).resolve().parent.parent,
    )
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert marker.exists(), "the conversion did not begin"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    left = sorted(path.name for path in target.rglob(".part-*.tmp"))
    assert left and all(f".{child.pid}-" in name for name in left)
    assert not list(target.rglob("*.parquet"))  # nothing was named
    space = left[0].split(".")[-3]
    assert space == atomic.process_space()
    elsewhere = "0" * 12 if space != "0" * 12 else "1" * 12
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        kept = [  # a process still writing, and a process of another machine or container
            target / "games" / f".part-00000.parquet.{space}.{running.pid}-0badcafe.tmp",
            target / "games" / f".part-00001.parquet.{elsewhere}.{child.pid}-0badcafe.tmp",
        ]
        for path in kept:
            path.write_bytes(b"being written")
        result = gargon("convert", "examples/seeded-game.ggn", "--to", "parquet", "-o", target)
        assert result.exit_code == 0, result.output
        assert sorted(path.name for path in target.rglob(".*")) == [path.name for path in kept]
    finally:
        running.kill()
        running.wait()
    assert sql(target, "select count(*) from {games}") == [(1,)]


def test_publishing_keeps_the_staging_folder_of_a_run_still_going(tmp_path: Path) -> None:
    """Publishing a run's parts removes the staging folders that runs of this machine and
    container left when they ended without publishing theirs, and keeps those of runs still
    going (their workers still write) and of other machines or containers sharing the folder
    (whose processes this one cannot see); names of earlier versions hold no space."""
    import subprocess

    from gargon_notation.tables import publish_parts, staging_folder

    gone = 999_999_999  # above any system's highest process number: never running
    here = atomic.process_space()
    elsewhere = "0" * 12 if here != "0" * 12 else "1" * 12
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        folders = {
            f".staging-{gone}-0badcafe": False,  # an earlier version's, ended
            f".staging-{running.pid}-0badcafe": True,
            f".staging-{here}-{gone}-0badcafe": False,
            f".staging-{here}-{running.pid}-0badcafe": True,
            f".staging-{elsewhere}-{gone}-0badcafe": True,
        }
        for name in folders:
            (tmp_path / name / "games").mkdir(parents=True)
        staged = Path(staging_folder(str(tmp_path)))
        assert staged.name.startswith(f".staging-{here}-{os.getpid()}-")
        (staged / "games").mkdir(parents=True)
        (staged / "games" / "part-00000.parquet").write_text("new")
        publish_parts(str(staged), str(tmp_path))
        assert sorted(path.name for path in tmp_path.glob(".*")) == sorted(
            name for name, kept in folders.items() if kept
        )
    finally:
        running.kill()
        running.wait()
    assert (tmp_path / "games" / "part-00000.parquet").read_text() == "new"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_conversion_without_dask_removes_the_staging_folders_ended_runs_left(
    tmp_path: Path, jobs: str
) -> None:
    """A --dask run stopped while its workers wrote left its staging folder (found by a
    researcher's trial: only a later --dask run removed it, never a convert in one process
    or with -j): a conversion into the folder removes those of ended processes of this
    machine and container, and keeps those of runs still going, of other machines or
    containers, and whatever is not a staging folder of ours."""
    import subprocess

    gone = 999_999_999  # above any system's highest process number: never running
    here = atomic.process_space()
    elsewhere = "0" * 12 if here != "0" * 12 else "1" * 12
    target = tmp_path / "tables"
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        folders = {
            f".staging-{here}-{gone}-0badcafe": False,
            f".staging-{gone}-0badcafe": False,  # an earlier version's name, ended
            f".staging-{here}-{running.pid}-0badcafe": True,
            f".staging-{elsewhere}-{gone}-0badcafe": True,
            ".staging-mine": True,  # not a name of ours
        }
        for name in folders:
            (target / name / "games").mkdir(parents=True)
            (target / name / "games" / "part-00000.parquet").write_text("half written")
        (target / f".staging-{here}-{gone}-feedface").write_text("a file, not our folder")
        result = gargon(
            "convert", "examples/seeded-game.ggn", "--to", "parquet", "-o", target, "-j", jobs
        )
        assert result.exit_code == 0, result.output
        assert sorted(path.name for path in target.glob(".*")) == sorted(
            [*(name for name, kept in folders.items() if kept), f".staging-{here}-{gone}-feedface"]
        )
    finally:
        running.kill()
        running.wait()
    assert sorted(path.name for path in target.iterdir() if path.name[0] != ".") == sorted(
        tables.TABLES
    )
    assert sql(target, "select count(*) from {games}") == [(1,)]


def test_publishing_moves_nothing_when_a_part_is_missing(tmp_path: Path) -> None:
    """A run that wrote three parts publishes them only if every table has each: parts
    that another process removed would otherwise leave tables without their games."""
    from gargon_notation.tables import publish_parts, staging_folder

    for table in tables.TABLES:
        (tmp_path / table).mkdir()
        (tmp_path / table / "part-00000.parquet").write_text("old")
    staged = Path(staging_folder(str(tmp_path)))
    for table in tables.TABLES:
        (staged / table).mkdir(parents=True)
        for n in range(3 if table != "rounds" else 2):
            (staged / table / f"part-{n:05d}.parquet").write_text("new")
    with pytest.raises(OSError, match="1 of the 3 parts of rounds are not in the run's staging"):
        publish_parts(str(staged), str(tmp_path), parts=3)
    for table in tables.TABLES:
        assert [path.read_text() for path in (tmp_path / table).iterdir()] == ["old"]


def test_removing_what_killed_runs_left_never_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A temporary that cannot be removed (another user's, in a shared folder) stays, and
    the conversion goes on: that clean-up is a courtesy, never a reason to fail."""
    left = tmp_path / f".part-00000.parquet.{atomic.process_space()}.999999999-0badcafe.tmp"
    left.write_bytes(b"")

    def refused(path: object) -> None:
        raise PermissionError(1, "Operation not permitted", str(path))

    monkeypatch.setattr(os, "unlink", refused)
    assert atomic.remove_abandoned(tmp_path, re.compile(r"part-[0-9]+\.parquet")) == []
    assert left.exists()


@pytest.mark.parametrize("part", ["", "_tmp", ".hidden", "x/y", " p", "part-00000_00001"])
def test_a_part_name_readers_would_skip_or_that_is_a_path_is_refused(
    tmp_path: Path, part: str
) -> None:
    """pyarrow, DuckDB and Spark skip files whose names begin with ``_`` or ``.``: rows
    written under such a name would be silently invisible; nothing is written.  A
    gg.ArgumentError naming the parameter (it was a plain ValueError)."""
    with pytest.raises(ArgumentError, match=r"^part: a part's name"):
        tables.write_parquet(tables.games_of(["examples/seeded-game.ggn"]), tmp_path, part=part)
    assert not list(tmp_path.iterdir())


def test_the_numbers_and_the_part_of_the_tables_are_checked_naming_the_parameter(
    tmp_path: Path,
) -> None:
    games = list(tables.games_of(["examples/seeded-game.ggn"]))
    with pytest.raises(ArgumentError) as refused:
        tables.write_parquet(games, tmp_path, part="../x")
    assert str(refused.value) == (
        "part: a part's name is a file's name in each table's folder, without a path, NUL or "
        "blanks at its ends: '../x'"
    )
    with pytest.raises(TypeError, match=r"^part: a part's name is a text \(str\), not int 3$"):
        tables.write_parquet(games, tmp_path, part=3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"^batch_rows: 0 is not from 1 on$"):
        list(tables.batches(games, batch_rows=0))
    with pytest.raises(ArgumentError, match=r"^row_groups_per_file: 0 is not from 1 on$"):
        tables.convert.write_batches([], tmp_path, row_groups_per_file=0)
    assert not list(tmp_path.iterdir())


def test_unfinished_games_have_the_rounds_validate_show_and_stats_count(tmp_path: Path) -> None:
    """A game cut off at a round's end (the rulebook's example round, a simulated game after
    its third round) had an empty rounds row for the round the engine began next, and
    games.rounds one more than validate, show and stats said (found by a researcher's
    trial); cut off in the middle of a round, that round is counted and has its row.
    Cross-checked in DuckDB: games.rounds is validate's count, each game's rounds rows are
    numbered 1 to it, and every round has a play or a pass."""
    lines = gg.dumps(club_records()[0]).splitlines()
    fourth = next(n for n, line in enumerate(lines) if line.startswith("4. "))
    at_end = "\n".join([*lines[:fourth], "*"])
    mid_round = "\n".join([*lines[:fourth], lines[fourth].split(", ")[0], "*"])
    archive = tmp_path / "cut.ggn"
    example = (Path("examples") / "rulebook-round.ggn").read_text()
    archive.write_text("\n".join([example, at_end, mid_round, gg.dumps(club_records()[1])]))
    out = tmp_path / "tables"
    result = gargon("convert", archive, "--to", "parquet", "-o", out)
    assert result.exit_code == 0, result.output
    checked = json.loads(gargon("validate", archive, "--json").stdout)["games"]
    assert [(game["finished"], game["rounds"]) for game in checked] == [
        (False, 1),
        (False, 3),
        (False, 4),
        (True, len(club_records()[1].rounds)),
    ]
    assert sql(out, "select game, rounds from {games} order by game") == [
        (game["game"], game["rounds"]) for game in checked
    ]
    assert sql(
        out,
        "select g.game, count(r.round), min(r.round), max(r.round), min(r.plays + r.passes) > 0 "
        "from {games} g join {rounds} r using (source, game) group by g.game order by g.game",
    ) == [(game["game"], game["rounds"], 1, game["rounds"], True) for game in checked]
    assert sql(out, "select game, round, complete from {rounds} where game = 3 and round = 4") == [
        (3, 4, False)
    ]
    assert sql(out, "select sum(rounds) from {games}")[0][0] == sum(
        game["rounds"] for game in checked
    )
    assert f"{out}: 4 games (4 valid), {sum(game['rounds'] for game in checked)} rounds" in (
        result.stdout
    )
    for game in checked[:3]:  # show (stats counts finished games only)
        shown = gargon("show", archive, "--game", str(game["game"]))
        assert shown.exit_code == 0, shown.output
        heads = [line.split()[1] for line in shown.stdout.splitlines() if line.startswith("Round ")]
        assert heads == [str(n) for n in range(1, game["rounds"] + 1)]


def _mounted_read_only(folder: Path) -> bool:
    """Mount an empty tmpfs read-only at ``folder`` (False where this user may not)."""
    if sys.platform != "linux" or os.geteuid() != 0:
        return False
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    return mounted.returncode == 0


def test_a_read_only_mount_is_said_to_be_naming_the_folder_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """-o in a folder to be made on a read-only mount named the table's folder below it,
    with the system's words, and tables of writable files on a mount made read-only since
    were 'read-only: make it writable' (found by a researcher's trial): the folder given,
    and the file system said read-only.  A real mount where this runs as root; else the
    file system's EROFS as the conversion meets it."""
    import errno

    said = "the file system is read-only (mounted so): nothing was written there"
    mount = tmp_path / "ro"
    if _mounted_read_only(mount):
        try:
            result = gargon("convert", "examples/", "--to", "parquet", "-o", mount / "sub")
            assert (result.exit_code, result.stderr) == (2, f"gargon: {mount / 'sub'}: {said}\n")
        finally:
            subprocess.run(["umount", str(mount)], check=False)
    real = os.makedirs

    def read_only(path: object, *arguments: object, **options: object) -> None:
        if str(path).startswith(str(tmp_path / "made")):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        real(path, *arguments, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "makedirs", read_only)
    result = gargon("convert", "examples/", "--to", "parquet", "-o", tmp_path / "made" / "sub")
    assert (result.exit_code, result.stderr) == (
        2,
        f"gargon: {tmp_path / 'made' / 'sub'}: {said}\n",
    )


def test_batches_are_cut_between_games_as_tables_md_says() -> None:
    """batch_rows=1 gives each game's rows as a batch of their own, and batch_rows=100 whole
    games' rows, at least 100 but the last, fewer than 100 plus a game's (docs/tables.md)."""
    games = [("club", n, record) for n, record in enumerate(club_records(), start=1)]
    per_game = [
        sum(batch.num_rows for table, batch in tables.batches([game]) if table == "decisions")
        for game in games
    ]
    ones = [b.num_rows for t, b in tables.batches(games, batch_rows=1) if t == "decisions"]
    assert ones == per_game
    hundreds = [b.num_rows for t, b in tables.batches(games, batch_rows=100) if t == "decisions"]
    assert sum(hundreds) == sum(per_game)
    assert all(100 <= rows < 100 + max(per_game) for rows in hundreds[:-1])


def test_schema_for_refuses_a_table_that_is_not_one_naming_the_parameter() -> None:
    """schema_for('moves') was a bare KeyError (found by a researcher's trial)."""
    with pytest.raises(ArgumentError) as refused:
        gg.arrow.schema_for("moves")
    assert str(refused.value) == (
        "table: 'moves' is not a table; the tables are games, rounds, battles, decisions"
    )
    with pytest.raises(TypeError) as wrong:
        gg.arrow.schema_for(["games"])  # type: ignore[arg-type]
    assert str(wrong.value) == "table: a table's name (str), not list ['games']"
    assert "obs_scores" in gg.arrow.schema_for("decisions", observations=True).names


def test_a_conversion_that_fails_leaves_no_empty_folders_it_made(tmp_path: Path) -> None:
    """An input that cannot be read ends the conversion: the folders it made for the tables
    (the output directory too) are removed again, so that no empty table stands where a
    reader would look; folders that were there before stay."""
    items = [("club.ggn", n, record) for n, record in enumerate(club_records(), start=1)]

    def unreadable() -> Iterator[tables.Game]:
        yield from items
        raise gg.FileError("lost.ggn", "Input/output error")

    target = tmp_path / "new" / "tables"
    with pytest.raises(gg.FileError):
        tables.write_parquet(unreadable(), target)
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "kept" / "games").mkdir(parents=True)
    with pytest.raises(gg.FileError):
        tables.write_parquet(unreadable(), tmp_path / "kept")
    assert [path.name for path in (tmp_path / "kept").iterdir()] == ["games"]


@pytest.mark.parametrize(
    "made",
    [
        lambda record: ("club.ggn", "1", record),
        lambda record: (5, 1, record),
        lambda record: ("club.ggn", 0, record),
        lambda record: ("club.ggn", 2**40, record),
        lambda record: ("club.ggn", 1, None),
        lambda record: ("club.ggn", 1, "[Players ...]"),
        lambda record: record,
        lambda record: "examples/club-night.ggn",
    ],
    ids=[
        "number as text",
        "source as number",
        "number 0",
        "number too large",
        "None",
        "text",
        "a record alone",
        "a path",
    ],
)
def test_an_item_of_another_shape_is_a_type_error_naming_it(
    made: Callable[[gg.GameRecord], object],
) -> None:
    item = made(club_records()[0])
    with pytest.raises(TypeError, match="a game for the tables is") as refused:
        list(tables.batches([("club.ggn", 1, club_records()[0]), item]))  # type: ignore[list-item]
    assert "not " in str(refused.value)


def test_a_path_or_a_record_alone_given_as_games_is_told_what_to_give(tmp_path: Path) -> None:
    """A path given as ``games`` was read letter by letter (``not 'e'``), and a record
    without its source and number was told only that it was not a game (found by a
    researcher's trial)."""
    folder = tmp_path
    for path in ("examples/", Path("examples")):
        with pytest.raises(TypeError) as refused:
            tables.write_parquet(path, folder)  # type: ignore[arg-type]
        assert str(refused.value) == (
            "games: (source, number, record) items, not the path 'examples/': "
            "gg.arrow.games_of('examples/') reads the games of a path"
        ).replace("examples/", str(path))
    assert not any(folder.iterdir())
    with pytest.raises(TypeError) as alone:
        list(tables.batches([club_records()[0]]))  # type: ignore[list-item]
    assert str(alone.value).endswith(
        " alone: give where it comes from too, such as ('mine.ggn', 1, record)"
    )


def test_games_of_takes_one_path_as_well_as_several() -> None:
    one = [(source, number) for source, number, _ in tables.games_of("examples/club-night.ggn")]
    assert one == [("examples/club-night.ggn", n) for n in (1, 2, 3)]
    assert one == [(s, n) for s, n, _ in tables.games_of(["examples/club-night.ggn"])]
    with pytest.raises(TypeError) as refused:  # it was "'int' object is not iterable"
        list(tables.games_of(5))  # type: ignore[arg-type]
    assert str(refused.value) == (
        "paths: a path (str or os.PathLike) or an iterable of paths, not int 5"
    )


def test_games_of_gives_the_named_items_of_gg_dask_read() -> None:
    """One kind of item for both front doors: ``gg.arrow.games_of`` and ``gg.dask.read``
    give ``GameItem`` values, whose fields have names."""
    item = next(gg.arrow.games_of("examples/club-night.ggn"))
    assert isinstance(item, gg.arrow.GameItem)
    assert gg.arrow.GameItem is gg.dask.GameItem
    assert (item.source, item.number) == ("examples/club-night.ggn", 1)
    assert isinstance(item.record, gg.GameRecord)


@functools.cache
def pairs() -> str:
    return gg.dumps(gg.record_from_simulation(gg.simulate(3, "pair1")))


"""A game in which Collette wins both 0s of a colour that carries amulets."""


def _with_zero_pair(multiplier: int) -> str:
    """The game under another multiplier, its end written without the scores."""
    text = pairs().replace("[Shuffle", f'[ZeroPair "{multiplier}"]\n[Shuffle', 1)
    return re.sub(r"^end .*$", "end", text, flags=re.MULTILINE)


def test_a_zero_pair_tag_of_any_value_the_notation_takes_fits_the_games_table(
    tmp_path: Path,
) -> None:
    """``[ZeroPair "200"]`` stopped ``convert --to parquet`` with pyarrow's traceback
    (``ArrowInvalid: Value 200 too large to fit in C integer type``: ``zero_pair`` was an
    int8), and a pair of 0s under ``[ZeroPair "999999999"]`` scores past an int32; version
    2 of the tables holds both, and says so in every file (found by a researcher's trial)."""
    path = tmp_path / "pairs.ggn"
    path.write_text(_with_zero_pair(200) + "\n" + _with_zero_pair(999_999_999))
    run = gargon("convert", path, "--to", "parquet", "-o", tmp_path / "tables")
    assert run.exit_code == 0, run.output
    assert sql(tmp_path / "tables", "select zero_pair, scores, bonus, amulets from {games}") == [
        (200, [42, 66, 1474], [5, 15, 40], [37, 51, 1434]),
        (999_999_999, [42, 66, 7_000_000_067], [5, 15, 40], [37, 51, 7_000_000_027]),
    ]
    scored = json.loads(gargon("score", "--json", path).output)["games"]
    assert [[player["total"] for player in game["players"]] for game in scored] == [
        [42, 66, 1474],
        [42, 66, 7_000_000_067],
    ]
    for table in tables.TABLES:
        (part,) = (tmp_path / "tables" / table).iterdir()
        assert pq.read_schema(part).metadata == {b"gargon.tables.version": b"2"}
    assert tables.VERSION == gg.arrow.VERSION == 2


def test_a_game_the_observations_cannot_encode_is_said_and_the_others_are_converted(
    tmp_path: Path,
) -> None:
    """``[ZeroPair "200"]`` with ``--decisions-observations`` stopped the whole conversion
    with one line, ``observe: the view's ruleset does not fit the observations: amulets:
    ...``, naming no file, no game and no tag, and wrote no table (found by a researcher's
    trial): now that game has its ``games`` row only and is said at its tag, and the other
    games are converted (exit 1)."""
    path = tmp_path / "pairs.ggn"
    path.write_text(_with_zero_pair(200) + "\n" + _with_zero_pair(170))
    out = tmp_path / "tables"
    run = gargon("convert", path, "--to", "parquet", "-o", out, "--decisions-observations")
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        f"{path}:5:2: game 1: the observation arrays cannot encode this game: "
        "zero_pair_multiplier: 200 lets a score reach 38,460, past the 32,767 that obs_scores "
        "holds (int16, docs/tables.md); the observations encode a multiplier of up to 170 for "
        "both 0s; its rounds, battles and decisions are left out of the tables, its games row "
        "is written [observations-unfit]",
        "gargon: 1 valid game could not have observations: in the games table only",
    ]
    assert run.stdout.startswith(f"{out}: 2 games (2 valid), ")
    assert sql(out, "select game, valid, zero_pair from {games}") == [
        (1, True, 200),
        (2, True, 170),
    ]
    for table in ("rounds", "battles", "decisions"):
        assert sql(out, f"select distinct game from {{{table}}}") == [(2,)]
    # Collette's pair of 0s carries 7 amulets: 7 x 170 + 34 more amulets + 40 of bonuses
    assert sql(out, "select distinct final_score from {decisions} where player = 'Collette'") == [
        (7 * 170 + 34 + 40,)
    ]
    assert sql(out, "select max(obs_scores[1]) from {decisions} where player = 'Collette'") == [
        (7 * 170 + 34 + 40,)
    ]
    told: list[tuple[str, int, str]] = []
    items = [("pairs.ggn", 1, next(gg.loads(_with_zero_pair(200), strict=True)))]
    made = tables.batches(
        items, observations=True, report=lambda s, n, problem: told.append((s, n, problem.code))
    )
    assert [(table, batch.num_rows) for table, batch in made] == [("games", 1)]
    assert told == [("pairs.ggn", 1, "observations-unfit")]


def test_a_tag_written_twice_has_its_first_values_in_the_tags_map() -> None:
    """tables.md said ``tags`` held "every tag as written", but a map holds a name once: a
    second ``[Event ...]``, which docs/notation.md 4.1 allows, was dropped without a word;
    tables.md now says the first is kept, as readers interpret it (found by a researcher's
    trial)."""
    text = pairs().replace('[Seed "pair1"]', '[Event "first"]\n[Event "second"]\n[Seed "pair1"]')
    record = next(gg.loads(text, strict=True))
    (games,) = [
        batch for table, batch in tables.batches([("t.ggn", 1, record)]) if table == "games"
    ]
    assert games.column("event").to_pylist() == ["first"]
    assert dict(games.column("tags")[0].as_py())["Event"] == "first"


def test_the_documented_batches_and_slots_of_the_examples() -> None:
    """tables.md's figures: ``batch_rows=1`` gives the decisions of examples/ in batches of
    94, 77, 69, 73, 10, 132 and 70 rows (it said "a game's 5, 23, 28 ... decisions"), and a
    seat's slots hold its card codes in ascending order, the empty ones (-1) after them."""
    made = tables.batches(tables.games_of("examples/"), batch_rows=1, observations=True)
    decisions = [batch for table, batch in made if table == "decisions"]
    assert [batch.num_rows for batch in decisions] == [94, 77, 69, 73, 10, 132, 70]
    for batch in decisions:
        for name in ("obs_played", "obs_front"):
            for slots in batch.column(name).to_pylist():
                for seat in range(5):
                    codes = slots[3 * seat : 3 * seat + 3]
                    cards = [code for code in codes if code != -1]
                    assert codes == sorted(cards) + [-1] * (3 - len(cards))
