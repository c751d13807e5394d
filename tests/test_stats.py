"""The statistics of an archive (gargon_notation.archive.stats): every figure checked against
values computed here, independently, from each game's replay (``gg.replay(record).score``
and its events), on an archive of simulated games with known players and events, plus an
unfinished, an invalid and an unreadable game.
"""

from __future__ import annotations

import functools
import io
import os
import random
import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Iterable

import attrs
import pytest
from tournament import four_table, seat_views

import gargon_notation as gg
from gargon_notation import archive
from gargon_notation.archive.stats import (
    Collector,
    Figures,
    Spread,
    Stats,
    Sums,
    archive_stats,
    game_figures,
)
from gargon_notation.engine import BattleResolved, Passed, PileEmptied, Played, RoundStarted
from gargon_notation.notation import Tag, Termination

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"

# (seed, players, event): 3, 4 and 5 players, two events and a game without one; seed st5
# ends in a shared win (3 players), st3 holds a zero pair.
PLAYED = [
    ("st3", ("Ann", "Bob", "Cy"), "Club night"),
    ("st5", ("Ann", "Bob", "Cy"), "Club night 10"),
    ("st6", ("Ann", "Dan", "Eve", "Bob"), "Club night 2"),
    ("st7", ("Cy", "Dan", "Eve", "Ann", "Bob"), "Club night 2"),
    ("st8", ("Bob", "Cy", "Dan"), None),
]


def simulated(seed: str, names: tuple[str, ...], event: str | None) -> gg.GameRecord:
    return gg.record_from_simulation(gg.simulate(len(names), seed, names=names), event=event)


@functools.cache
def club_records() -> list[gg.GameRecord]:
    """The games of :data:`PLAYED` (simulated when a test first needs them, not as the tests
    are collected: every worker collects every file)."""
    return [simulated(*game) for game in PLAYED]


INVALID = '[Event "Club night"]\n[Players "Ann" "Bob" "Cy"]\n[Seed "z"]\n1. Bob R1\n*\n'
UNREADABLE = '[Event "Club night"]\n[Players "Ann" "Bob" "Cy"]\n1. Ann R99\n*\n'


@functools.cache
def club_text() -> str:
    """The archive of the tests: :func:`club_records`, an unfinished game, an invalid one and
    an unreadable one."""
    cut = simulated("st9", ("Ann", "Bob", "Eve"), "Club night")
    unfinished = attrs.evolve(cut, rounds=cut.rounds[:3], termination=Termination())
    return "\n".join(
        [
            *(gg.dumps(record) for record in club_records()),
            gg.dumps(unfinished),
            INVALID,
            UNREADABLE,
        ]
    )


def collected(by: archive.Grouping | str = "player", text: str | None = None) -> Stats:
    collector = Collector(by)  # type: ignore[arg-type]
    text = club_text() if text is None else text
    for game in archive.iter_stream(io.BytesIO(text.encode()), "club.ggn", "ggn"):
        collector.add_game(game)
    return collector.stats()


# -- the figures, computed here from each replay -----------------------------------------------


@attrs.frozen
class Result:
    """One player's part in one finished game, from its replay."""

    name: str
    event: str | None
    players: int
    total: int
    won: bool
    shared: bool
    shared_game: bool
    bonuses: int
    points: int
    zero_pairs: int
    passes: int
    decisions: int
    battles: int
    rounds: int
    winning: int
    game: int


def results(records: Iterable[gg.GameRecord]) -> list[Result]:
    found = []
    for number, record in enumerate(records):
        replayed = gg.replay(record)
        assert replayed.valid and replayed.finished
        score = replayed.score
        assert score is not None
        events = replayed.events
        rounds = sum(isinstance(event, RoundStarted) for event in events)
        event_tag = record.tag("Event")
        for player in score.players:
            seat = player.seat
            found.append(
                Result(
                    name=player.name,
                    event=event_tag.value if event_tag else None,
                    players=len(score.players),
                    total=player.total,
                    won=seat in score.winners,
                    shared=seat in score.winners and len(score.winners) > 1,
                    shared_game=len(score.winners) > 1,
                    bonuses=sum(1 for colour in player.colours if colour.bonus > 0),
                    points=sum(colour.bonus for colour in player.colours),
                    zero_pairs=sum(1 for colour in player.colours if colour.zeros == 2),
                    passes=sum(isinstance(e, Passed) and e.seat == seat for e in events),
                    decisions=sum(
                        isinstance(e, Passed | Played) and e.seat == seat for e in events
                    ),
                    battles=sum(isinstance(e, BattleResolved) and e.winner == seat for e in events),
                    rounds=rounds,
                    winning=max(score.totals),
                    game=number,
                )
            )
    return found


def spread(values: list[int]) -> Spread:
    return Spread(
        len(values), statistics.fmean(values), statistics.pstdev(values), min(values), max(values)
    )


def expected(group: list[Result]) -> Figures:
    games: dict[int, Result] = {}
    for result in group:
        games.setdefault(result.game, result)
    return Figures(
        games=len(games),
        wins=sum(r.won for r in group),
        shared_wins=sum(r.shared for r in group),
        shared_games=sum(r.shared_game for r in games.values()),
        score=spread([r.total for r in group]),
        winning=spread([r.winning for r in games.values()]),
        bonuses=sum(r.bonuses for r in group),
        bonus_points=sum(r.points for r in group),
        zero_pairs=sum(r.zero_pairs for r in group),
        passes=sum(r.passes for r in group),
        decisions=sum(r.decisions for r in group),
        battles_won=sum(r.battles for r in group),
        rounds=spread([r.rounds for r in games.values()]),
    )


def grouped(key: Callable[[Result], Hashable]) -> dict[Hashable, Figures]:
    groups: dict[Hashable, list[Result]] = {}
    for result in results(club_records()):
        groups.setdefault(key(result), []).append(result)
    return {name: expected(group) for name, group in groups.items()}


# -- tests -------------------------------------------------------------------------------------


def test_the_archive_has_what_the_tests_need() -> None:
    every = results(club_records())
    assert any(r.shared for r in every) and any(r.zero_pairs for r in every)
    assert {r.players for r in every} == {3, 4, 5}


def test_a_row_per_player_with_each_figure_as_computed_from_the_replays() -> None:
    stats = collected("player")
    assert {row.key: row.figures for row in stats.rows} == grouped(lambda r: r.name)


def test_players_are_ranked_by_wins_then_mean_score_then_name() -> None:
    rows = collected("player").rows
    order = sorted(
        grouped(lambda r: r.name).items(),
        key=lambda item: (-item[1].wins, -(item[1].score.mean if item[1].score else 0), item[0]),
    )
    assert [row.key for row in rows] == [name for name, _ in order]


def test_a_row_per_event_in_natural_order_without_event_last() -> None:
    stats = collected("event")
    assert [row.key for row in stats.rows] == [
        "Club night",
        "Club night 2",
        "Club night 10",
        None,
    ]
    assert {row.key: row.figures for row in stats.rows} == grouped(lambda r: r.event)


def test_a_row_per_table_size() -> None:
    stats = collected("players")
    assert [row.key for row in stats.rows] == [3, 4, 5]
    assert {row.key: row.figures for row in stats.rows} == grouped(lambda r: r.players)


def test_the_corpus_total_counts_every_result_of_the_finished_valid_games() -> None:
    for by in ("player", "event", "players"):
        assert collected(by).total == expected(results(club_records()))


def test_how_games_end_and_their_lengths() -> None:
    stats = collected()
    assert (stats.games, stats.counted) == (8, 5)
    piles = sum(
        any(isinstance(e, PileEmptied) for e in gg.replay(record).events)
        for record in club_records()
    )
    assert dict(stats.endings) == {
        "pile": piles,
        "no-cards": 5 - piles,
        "unfinished": 1,
        "invalid": 2,
    }
    rounds = Counter(len(record.rounds) for record in club_records())
    assert stats.lengths == tuple(sorted(rounds.items()))


def test_what_makes_a_game_invalid_is_handed_back() -> None:
    collector = Collector()
    games = list(archive.iter_stream(io.BytesIO(club_text().encode()), "club.ggn", "ggn"))
    said = [[str(problem) for problem in collector.add_game(game)] for game in games]
    assert said[:6] == [[]] * 6
    assert said[6][0].startswith("club.ggn:") and "[not-your-turn]" in said[6][0]
    line = club_text()[: club_text().index("1. Ann R99")].count("\n") + 1
    assert said[7] == [said[7][0]] and said[7][0].startswith(f"club.ggn:{line}:8: 'R99'")


def test_a_game_read_twice_is_counted_once() -> None:
    """The same game again (another file's copy, with other tags) adds nothing: add_game
    says nothing of it, and the figures are those of the games read once."""
    again = gg.dumps(
        attrs.evolve(club_records()[0], tags=(*club_records()[0].tags, Tag("Round", ("2",))))
    )
    collector = Collector()
    games = [
        *archive.iter_stream(io.BytesIO(club_text().encode()), "club.ggn", "ggn"),
        *archive.iter_stream(io.BytesIO((INVALID + "\n" + again).encode()), "copy.ggn", "ggn"),
    ]
    said = [collector.add_game(game) for game in games]
    assert said[-2:] == [[], []]  # the invalid game's copy is not said to be invalid again
    twice = collector.stats()
    assert (twice.games, twice.copies) == (8, 2)
    assert attrs.evolve(twice, copies=0) == collected()
    invalid = club_text()[: club_text().index(INVALID)].count("\n") + 1
    assert [str(copy) for copy in collector.copies] == [
        f"game copy.ggn:1 is the same game as game club.ggn:{invalid}",
        "game copy.ggn:7 is the same game as game club.ggn:1",
    ]


def test_an_empty_collector_and_an_unknown_grouping() -> None:
    stats = Collector("event").stats()
    assert (stats.games, stats.counted, stats.rows, stats.lengths) == (0, 0, (), ())
    assert stats.total.score is None and stats.total.pass_rate is None
    with pytest.raises(ValueError, match="choose one of player, event, players"):
        Collector("site")  # type: ignore[arg-type]


def test_the_spread_is_exact_whole_number_sums() -> None:
    draw = random.Random(12)
    for _ in range(300 if HEAVY else 60):
        values = [draw.randint(-5, 130) for _ in range(draw.randint(1, 60))]
        assert Sums.of(values).spread() == spread(values)
    huge = [10**12 + k for k in (0, 1, 2)]  # floating point sums of squares lose these
    assert Sums.of(huge).spread() == spread(huge)
    assert Sums().spread() is None


@pytest.mark.skipif(not HEAVY, reason="GARGON_FUZZ=heavy")
def test_many_games_against_the_replays() -> None:
    names = ("Ann", "Bob", "Cy", "Dan", "Eve")
    records = [
        simulated(
            f"heavy{k}",
            names[: 3 + k % 3],
            f"night {k % 7}",
        )
        for k in range(150)
    ]
    text = "\n".join(gg.dumps(record) for record in records)
    assert collected("player", text).total == expected(results(records))


def test_the_records_of_one_table_are_one_game_counted_from_the_one_knowing_most() -> None:
    """A seat's record, another seat's and the table record of one game are one game: the
    figures are the table record's alone, and views() names the two seats' records with the
    table record (found by a tournament director's trial)."""
    table = four_table()
    seats = seat_views(table)
    text = gg.dumps([seats[0], table, seats[3]])
    collector = Collector()
    for game in archive.iter_stream(io.BytesIO(text.encode()), "t.ggn", "ggn"):
        assert collector.add_game(game) == []
    stats = collector.stats()
    alone = archive_stats([table])
    assert (stats.games, stats.counted, stats.copies, stats.views) == (1, 1, 0, 2)
    assert attrs.evolve(stats, views=0) == alone
    table_line = gg.dumps([seats[0]]).count("\n") + 2
    last = table_line + gg.dumps([table]).count("\n") + 1
    assert [(str(copy), number) for copy, number in collector.views()] == [
        (f"game t.ggn:1 is a view of the same game as game t.ggn:{table_line}", 1),
        (f"game t.ggn:{last} is a view of the same game as game t.ggn:{table_line}", 3),
    ]


@pytest.mark.parametrize("order", [("table", "seat"), ("seat", "table")])
def test_records_added_without_a_number_are_told_apart_as_views_of_one_game(
    order: tuple[str, str],
) -> None:
    """add_record() calls every record "game 1" unless told otherwise: a table record and its
    seat record added so were two games when the table record came first (found by a
    review)."""
    table = four_table()
    records = {"table": table, "seat": seat_views(table)[0]}
    collector = Collector("players")
    for name in order:
        assert collector.add_record(records[name]) == []
    stats = collector.stats()
    assert (stats.games, stats.counted, stats.copies, stats.views) == (1, 1, 0, 1)
    assert stats.rows == archive_stats([table], by="players").rows
    assert [(str(copy), number) for copy, number in collector.views()] == [
        ("game 1 is a view of the same game as game 1", 1)
    ]


def test_a_game_known_only_from_seat_records_is_counted_once_stats_is_asked_for() -> None:
    seats = seat_views(four_table())
    collector = Collector("players")
    for number, seat in enumerate(seats, start=1):
        collector.add_record(seat, number)
    stats = collector.stats()
    assert (stats.games, stats.counted, stats.views) == (1, 1, 3)
    assert stats.rows == archive_stats([four_table()], by="players").rows


def test_a_seeded_game_is_dealt_once_for_its_figures_and_its_identity(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The identity that tells copies apart takes the deal the replay made of the seed: each
    game's seed is dealt once, and the digests are those of a deal made afresh."""
    from gargon_notation.archive import duplicates
    from gargon_notation.engine import Deal

    dealt: list[str] = []
    from_seed = Deal.from_seed.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Deal], seed: str, *args: object) -> Deal:
        dealt.append(seed)
        return from_seed(cls, seed, *args)  # type: ignore[no-any-return]

    games = list(
        archive.iter_stream(io.BytesIO(gg.dumps(club_records()).encode()), "club.ggn", "ggn")
    )
    fresh = [duplicates.identity(game.record()).digest for game in games]
    monkeypatch.setattr(Deal, "from_seed", classmethod(counted))
    figures = [game_figures(game) for game in games]
    assert [figure.digest for figure in figures] == fresh
    seeded = [game.record().tag("Seed") for game in games]
    assert sorted(dealt) == sorted(tag.value for tag in seeded if tag is not None)
