"""Same games and unfinished copies (gargon_notation/duplicates.py), over archives of simulated
games with planted copies."""

from __future__ import annotations

import random

import attrs

import gargon_notation as gg
from gargon_notation.duplicates import Copy, CopyKind, find_copies, identity
from gargon_notation.notation import Comment, GameRecord, Tag, Termination
from gargon_notation.records import with_comments


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
