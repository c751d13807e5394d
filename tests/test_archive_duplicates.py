"""Same games and unfinished copies (gargon_notation/archive/duplicates.py), over archives of
simulated games with planted copies, and ``gargon dedupe``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from click.testing import Result
from in_process import CliRunner
from tournament import four_table, seat_views

import gargon_notation as gg
from gargon_notation.archive.duplicates import (
    Copy,
    CopyKind,
    Once,
    View,
    Views,
    find_copies,
    identity,
    view_of,
)
from gargon_notation.bots import RandomBot, simulate
from gargon_notation.cli import app
from gargon_notation.engine import Rng
from gargon_notation.merging import merge_records
from gargon_notation.notation import Comment, GameRecord, Tag, Termination
from gargon_notation.records import with_comments
from gargon_notation.replay import walk


def game(players: int, seed: str, event: str = "Club") -> GameRecord:
    return gg.record_from_simulation(gg.simulate(players, seed), event=event)


def cut(record: GameRecord, rounds: int, actions: int) -> GameRecord:
    """The record up to round ``rounds`` whole and ``actions`` plays or passes of the next,
    unfinished."""
    kept = list(record.rounds[:rounds])
    if actions:
        following = record.rounds[rounds]
        kept.append(attrs.evolve(following, actions=following.actions[:actions], battles=()))
    return attrs.evolve(record, rounds=tuple(kept), termination=Termination())


def retagged(record: GameRecord) -> GameRecord:
    """The same game with its tags reversed, another event and a comment."""
    tags = [tag for tag in record.tags if tag.name != "Event"][::-1]
    tags.append(Tag("Event", ("Another evening",)))
    return attrs.evolve(
        record, tags=tuple(tags), comments=(*record.comments, Comment("copied by hand"))
    )


def copies(records: list[GameRecord]) -> list[Copy[int]]:
    return find_copies(lambda: enumerate(records, start=1))


def test_an_archive_with_planted_copies_finds_exactly_them() -> None:
    a, b, c = game(4, "dup.a"), game(3, "dup.b"), game(5, "dup.c")
    records = [
        a,  # 1
        cut(b, 2, 1),  # 2: unfinished copy of 5, read before it
        b,  # 3
        retagged(a),  # 4: same as 1
        with_comments(b, "dup"),  # 5: same as 3
        c,  # 6
        cut(b, 4, 0),  # 7: unfinished copy of 3
        cut(c, 0, 0),  # 8: no decision yet: unfinished copy of 6
        cut(b, 2, 1),  # 9: same as 2
        game(4, "dup.d"),  # 10
    ]
    assert [str(copy) for copy in copies(records)] == [
        "game 2 is an unfinished copy of game 3",
        "game 4 is the same game as game 1",
        "game 5 is the same game as game 3",
        "game 7 is an unfinished copy of game 3",
        "game 8 is an unfinished copy of game 6",
        "game 9 is the same game as game 2",
    ]


def test_once_names_each_game_read_before_in_one_reading() -> None:
    """What standings, ratings and stats count once: the same game (not an unfinished copy,
    which they leave out or count apart), named where it was first read."""
    a, b = game(4, "dup.a"), game(3, "dup.b")
    records = [a, b, retagged(a), cut(b, 2, 1), with_comments(b, "dup"), retagged(a)]
    once: Once[str] = Once()
    found = [once.copy_of(f"x.ggn:{n}", identity(r).digest) for n, r in enumerate(records, 1)]
    assert found == [
        None,
        None,
        Copy("x.ggn:3", CopyKind.SAME, "x.ggn:1"),
        None,
        Copy("x.ggn:5", CopyKind.SAME, "x.ggn:2"),
        Copy("x.ggn:6", CopyKind.SAME, "x.ggn:1"),
    ]


def test_the_same_deal_played_otherwise_is_another_game() -> None:
    a = game(4, "dup.e")
    first = a.rounds[0]
    bots = [gg.GreedyBot(gg.Rng(f"dup.e/{seat}")) for seat in range(4)]
    other = gg.simulate(4, "dup.e", bots=bots)
    b = gg.record_from_simulation(other, event="Club")
    assert identity(a).table == identity(b).table
    assert b.rounds[0] != first
    assert copies([a, b, cut(a, 1, 0), cut(b, 1, 0)]) == [
        Copy(3, CopyKind.PREFIX, 1),
        Copy(4, CopyKind.PREFIX, 2),
    ]


def test_a_finished_game_is_never_a_prefix() -> None:
    a = game(3, "dup.f")
    short = attrs.evolve(cut(a, 2, 0), termination=a.termination)
    assert copies([a, short]) == []


def test_observed_values_do_not_count_but_seats_and_seeds_do() -> None:
    a = game(3, "dup.g")
    noted = attrs.evolve(gg.table_record(a), tags=a.tags, setup=())  # draws' values noted
    written = gg.record_from_simulation(gg.simulate(3, "dup.g"), write_deal=True)
    unseeded = attrs.evolve(written, tags=tuple(t for t in written.tags if t.name != "Seed"))
    table = gg.table_record(a)  # the piles hidden: not known to be the same deal
    renamed = next(gg.loads(gg.write_game(a).replace("Adam", "Anna"), strict=True))
    reseeded = attrs.evolve(
        a, tags=tuple(Tag("Seed", ("other",)) if t.name == "Seed" else t for t in a.tags)
    )
    assert noted != a and "1:" in gg.write_game(noted)
    assert copies([a, noted, unseeded, table, renamed, reseeded]) == [
        Copy(2, CopyKind.SAME, 1),
        Copy(3, CopyKind.SAME, 1),
    ]


def test_random_cuts_are_all_found() -> None:
    rng = random.Random(5)
    full = [game(3 + k % 3, f"dup.r{k}") for k in range(6)]
    records: list[GameRecord] = list(full)
    expected: dict[int, int] = {}
    for _ in range(20):
        k = rng.randrange(len(full))
        rounds = rng.randrange(len(full[k].rounds))
        actions = rng.randrange(len(full[k].rounds[rounds].actions))
        records.append(cut(full[k], rounds, actions))
        expected[len(records)] = k + 1
    found = copies(records)
    prefixes = {copy.location: copy.of for copy in found if copy.kind is CopyKind.PREFIX}
    same = {copy.location: copy.of for copy in found if copy.kind is CopyKind.SAME}
    assert set(prefixes) | set(same) == set(expected)
    for location, of in prefixes.items():
        assert of == expected[location]
    for location, of in same.items():
        assert records[location - 1] == records[of - 1]


def gargon(*args: str | Path, input: bytes | None = None) -> Result:
    return CliRunner().invoke(app, [str(arg) for arg in args], input=input)


@pytest.fixture
def planted(tmp_path: Path) -> tuple[Path, list[bytes]]:
    """Two files: club.ggn (a, b, an unfinished copy of a) and home.ggn (a again with another
    event and a comment, c, and a broken game); the bytes of each game as written."""
    a, b, c = game(4, "dd.a"), game(3, "dd.b"), game(5, "dd.c")
    texts = [
        "; first evening\n" + gg.write_game(a),
        gg.write_game(b),
        gg.write_game(cut(a, 2, 1)),
        gg.write_game(retagged(a)),
        "\r\n".join(gg.write_game(c).split("\n")),
        '[Players "Ann" "Bob" "Cy"]\n1. Ann Q9\n*\n',
    ]
    pieces = [text.encode() for text in texts]
    (tmp_path / "club.ggn").write_bytes(pieces[0] + b"\n" + pieces[1] + b"\n" + pieces[2])
    (tmp_path / "home.ggn").write_bytes(pieces[3] + b"\n" + pieces[4] + b"\n" + pieces[5])
    return tmp_path, pieces


def test_dedupe_writes_each_game_once_byte_for_byte(planted: tuple[Path, list[bytes]]) -> None:
    folder, pieces = planted
    result = gargon("dedupe", folder)
    assert result.exit_code == 1
    assert result.stdout_bytes == pieces[0] + b"\n" + pieces[1] + b"\n" + pieces[4]
    home = folder / "home.ggn"
    line = 1 + (pieces[3] + b"\n" + pieces[4] + b"\n").count(b"\n")
    assert result.stderr.splitlines()[0] == (
        f"{home}:{line + 1}:8: 'Q9' is not a card (a colour W B V Y R G and a value 0-15 like "
        "R14, or a colour or X and '?' like R? or X?)"
    )
    assert result.stderr.splitlines()[-1] == (
        "gargon: 1 game could not be read or copied and was left out"
    )
    kept = gargon("dedupe", folder, "--invalid")
    assert kept.exit_code == 0 and kept.stderr == ""
    assert kept.stdout_bytes.endswith(pieces[1] + b"\n" + pieces[4] + b"\n" + pieces[5])


def test_dedupe_reports_the_copies_of_each_game(planted: tuple[Path, list[bytes]]) -> None:
    folder, _ = planted
    club, home = folder / "club.ggn", folder / "home.ggn"
    result = gargon("dedupe", folder, "--report", "--invalid")
    assert result.exit_code == 0
    # The blank line after the second game's end is the third game's (the lines after a
    # game's end belong to the next game), but the third game starts on the line after it:
    # its first that is not blank.
    third = (folder / "club.ggn").read_bytes().count(b"\n") - gg.write_game(
        cut(game(4, "dd.a"), 2, 1)
    ).count("\n")
    third += 1
    assert result.stdout.splitlines() == [
        f"{club} game 1 (line 1): 2 copies",
        f"  {club} game 3 (line {third}): an unfinished copy",
        f"  {home} game 1 (line 1): the same game",
        "2 copies of 1 game",
    ]
    listed = gargon("dedupe", folder, "--report", "--json", "--invalid")
    rows = [json.loads(line) for line in listed.stdout.splitlines()]
    assert [(row["source"], row["game"], row["kind"], row["of"]["game"]) for row in rows] == [
        (str(club), 3, "prefix", 1),
        (str(home), 1, "same", 1),
    ]


def test_dedupe_reads_standard_input_twice(planted: tuple[Path, list[bytes]]) -> None:
    folder, pieces = planted
    data = (folder / "club.ggn").read_bytes()
    result = gargon("dedupe", "-", "--report", input=data)
    assert result.stdout.splitlines()[0] == "<stdin> game 1 (line 1): 1 copy"
    written = gargon("dedupe", "-", input=data)
    assert written.exit_code == 0
    assert written.stdout_bytes == pieces[0] + b"\n" + pieces[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--json"], "gargon: --json goes with --report: without it, the games kept are written"),
        (
            ["--report", "-o", "x.ggn"],
            "gargon: --report writes no game: -o and --to do not go with it",
        ),
    ],
)
def test_dedupe_usage_errors(
    planted: tuple[Path, list[bytes]], args: list[str], message: str
) -> None:
    result = gargon("dedupe", planted[0], *args)
    assert (result.exit_code, result.stdout, result.stderr.strip()) == (2, "", message)


def test_a_file_named_twice_is_read_once(planted: tuple[Path, list[bytes]]) -> None:
    folder, pieces = planted
    club = folder / "club.ggn"
    (folder / "link.ggn").symlink_to(club)
    once = gargon("dedupe", club, "--report")
    assert once.stdout.splitlines()[-1] == "1 copy of 1 game"
    # The same file as itself and through a link: no game of it is a copy of itself.
    for names in ([club, club], [club, folder / "link.ggn"], ["-", "-"]):
        result = gargon("dedupe", *names, "--report", input=club.read_bytes())
        assert result.stdout == once.stdout.replace(
            str(club), "<stdin>" if "-" in names else str(club)
        )
    assert gargon("dedupe", club, club).stdout_bytes == pieces[0] + b"\n" + pieces[1]
    # A directory and a file in it (and the link to it): each file's games once.
    both = gargon("dedupe", club, folder, "--report", "--invalid")
    assert both.stdout == gargon("dedupe", folder, "--report", "--invalid").stdout
    assert str(folder / "link.ggn") not in both.stdout


def viewed(record: GameRecord) -> View:
    outcome = walk(record)
    assert outcome.header is not None and outcome.deal is not None
    return view_of(record, outcome.header, outcome.deal)


def test_the_records_of_one_table_are_views_of_one_game_counted_from_the_one_knowing_most() -> None:
    """Every seat's record, their merge and the seeded table record have one public
    identity; the game is counted from the record that knows the most of its deal (the first
    read of equals), for good once a record's deal is written whole (found by a tournament
    director's trial)."""
    table = four_table()
    seats = seat_views(table)
    merged = merge_records(seats)
    records = {"ann": seats[0], "ben": seats[1], "merged": merged, "table": table}
    found = {name: viewed(record) for name, record in records.items()}
    assert len({view.digest for view in found.values()}) == 1
    assert identity(merged).digest != identity(table).digest  # dedupe keeps both
    assert found["merged"].knows[0] > max(found["ann"].knows[0], found["ben"].knows[0])
    views: Views[str] = Views()
    games = [(name, views.add(name, found[name])) for name in ("ann", "ben", "merged")]
    game = games[0][1]
    assert all(other is game for _, other in games) and not game.final
    assert game.counted == "merged"
    later = views.add("table", found["table"])
    assert later is game and game.final
    assert [str(Views.copy_of(name, game)) for name in ("ann", "merged")] == [
        "game ann is a view of the same game as game table",
        "game merged is a view of the same game as game table",
    ]
    assert Views.copy_of("table", game) is None


def test_views_of_equal_knowledge_count_the_first_read() -> None:
    view = viewed(seat_views(four_table())[0])
    views: Views[int] = Views()
    first, second = views.add(1, view), views.add(2, view)
    assert first is second and first.counted == 1
    views.close()
    assert first.final and views.add(3, attrs.evolve(view, written=True)).counted == 1


def test_a_deal_that_does_not_fit_is_another_game_whatever_the_tags_say() -> None:
    """A card known otherwise tells two games apart whose decisions are the same; a tag only
    one record has, or a Round written otherwise, does not (found by a review)."""
    seat = seat_views(four_table())[0]
    view = viewed(seat)
    views: Views[str] = Views()
    game = views.add("seat", view)
    untagged = [tag for tag in seat.tags if tag.name not in ("Round", "Site")]
    assert views.add("untagged", viewed(attrs.evolve(seat, tags=tuple(untagged)))) is game
    round_6 = [Tag("Round", ("6",)) if tag.name == "Round" else tag for tag in seat.tags]
    assert views.add("round 6", viewed(attrs.evolve(seat, tags=tuple(round_6)))) is game
    hand = view.deal.split(b"\xff")[0]
    other = bytes([hand[0] ^ 1, *hand[1:]])  # Ann's first card, another value of its colour
    changed = attrs.evolve(view, deal=view.deal.replace(hand, other, 1))
    assert views.add("changed", changed) is not game
    assert game.counted == "seat"


def test_the_same_players_dealt_the_same_cards_but_playing_otherwise_are_two_games() -> None:
    first = four_table()
    names = first.tag("Players").values
    bots = [RandomBot(Rng(f"other/{name}")) for name in names]
    other = gg.record_from_simulation(simulate(4, "spring-cup-5", names=names, bots=bots))
    second = attrs.evolve(other, tags=first.tags)
    assert viewed(first).digest != viewed(second).digest
    views: Views[int] = Views()
    games = [views.add(n, viewed(v)) for n, v in enumerate(seat_views(first) + seat_views(second))]
    assert len({id(game) for game in games}) == 2
