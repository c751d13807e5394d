"""The whole pipeline on simulated games, with comments, glyphs and NAGs sprinkled in.

simulate -> record (seeded, with its deal written out, with winners) -> inject random
comments (brace, rest-of-line, annotation), glyphs and NAGs on random elements ->
write_game -> parse_game: the same record, the same text byte for byte, and a valid replay.
"""

from __future__ import annotations

import os
import random
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gargon_notation.bots import simulate
from gargon_notation.notation import (
    GLYPHS,
    Battle,
    Comment,
    CommentKind,
    Draw,
    GameRecord,
    Pass,
    Play,
    parse_game,
    parse_games,
    write_game,
    write_games,
)
from gargon_notation.notation.parser import parse_with_grammar
from gargon_notation.records import record_from_actions, record_from_simulation
from gargon_notation.replay import replay

E = TypeVar("E")
FORMS = ("seed", "deal", "winners", "winners-and-deal", "winners-no-seed")
# Characters that stress the writer and both readers: delimiters, quotes, escapes, keywords,
# card-like text, glyph and NAG characters, tabs and non-ASCII letters.
ALPHABET = [*"ab Z09 \t;:,.!?$*-=>[]()\"'\\{", "end", "pass", "R9", "1.", "ü", "名", "é"]
GLYPH_LIST = sorted(GLYPHS)


def comment_text(rng: random.Random, line_break: bool) -> str:
    text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 10)))
    if line_break and rng.random() < 0.2:
        text += "\n" + rng.choice(["", "more", " x "])
    return text


def random_comment(rng: random.Random) -> Comment:
    kind = rng.choice(list(CommentKind))
    text = comment_text(rng, line_break=kind is not CommentKind.LINE)
    if kind is CommentKind.BRACE:
        text = text.lstrip("=")
    return Comment(text, kind)


def comments(rng: random.Random, existing: tuple[Comment, ...]) -> tuple[Comment, ...]:
    if rng.random() >= 0.15:
        return existing
    extra = tuple(random_comment(rng) for _ in range(rng.randrange(1, 3)))
    return (*existing, *extra)


def decorate(rng: random.Random, element: E) -> E:
    """An action with maybe a glyph, maybe NAGs and maybe comments."""
    changes: dict[str, Any] = {"comments": comments(rng, element.comments)}  # type: ignore[attr-defined]
    if rng.random() < 0.15:
        changes["glyph"] = rng.choice(GLYPH_LIST)
    if rng.random() < 0.1:
        changes["nags"] = tuple(rng.randrange(0, 256) for _ in range(rng.randrange(1, 3)))
    return attrs.evolve(element, **changes)  # type: ignore[misc]


def inject(rng: random.Random, record: GameRecord) -> GameRecord:
    """The record with comments, glyphs and NAGs added at random places."""

    def battle(written: Battle) -> Battle:
        draws = tuple(decorate(rng, draw) for draw in written.draws)
        return decorate(rng, attrs.evolve(written, draws=draws))

    def commented(element: E) -> E:
        return attrs.evolve(element, comments=comments(rng, element.comments))  # type: ignore[attr-defined, misc]

    return attrs.evolve(
        record,
        comments=comments(rng, record.comments),
        tags=tuple(commented(tag) for tag in record.tags),
        setup=tuple(commented(line) for line in record.setup),
        rounds=tuple(
            attrs.evolve(
                written,
                comments=comments(rng, written.comments),
                actions=tuple(decorate(rng, action) for action in written.actions),
                battles=tuple(battle(b) for b in written.battles),
            )
            for written in record.rounds
        ),
        termination=commented(record.termination),
    )


def build(players: int, seed: str, bot: str, form: str) -> GameRecord:
    simulated = simulate(players, seed, bot)  # type: ignore[arg-type]
    if form in ("seed", "deal"):
        return record_from_simulation(simulated, write_deal=form == "deal", bot=bot)
    return record_from_actions(
        simulated.deal,
        simulated.names,
        simulated.game.actions,
        seed=None if form == "winners-no-seed" else seed,
        write_deal=form != "winners",
        winners=True,
    )


def all_comments(element: object) -> list[Comment]:
    if isinstance(element, Comment):
        return [element]
    if isinstance(element, tuple):
        return [c for item in element for c in all_comments(item)]
    if attrs.has(type(element)):
        return [
            c for f in attrs.fields(type(element)) for c in all_comments(getattr(element, f.name))
        ]
    return []


def count(record: GameRecord) -> tuple[int, int]:
    """(comments, glyphs and NAGs) anywhere in the record."""
    found = [0, 0]

    def walk(element: object) -> None:
        if isinstance(element, Comment):
            found[0] += 1
        elif isinstance(element, tuple):
            for item in element:
                walk(item)
        elif attrs.has(type(element)):
            if isinstance(element, Play | Pass | Battle | Draw):
                found[1] += (element.glyph is not None) + len(element.nags)
            for field in attrs.fields(type(element)):
                walk(getattr(element, field.name))

    walk(record)
    return found[0], found[1]


HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
"""``GARGON_FUZZ=heavy`` (.ci/run) tries ten times as many simulated games."""
SETTINGS = settings(
    derandomize=True,
    max_examples=200 if HEAVY else 10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@SETTINGS
@given(
    players=st.integers(3, 5),
    seed=st.integers(0, 10_000).map(lambda n: f"prop-{n}"),
    bot=st.sampled_from(["random", "greedy"]),
    form=st.sampled_from(FORMS),
    noise=st.integers(0, 2**32),
)
def test_simulated_records_survive_text_and_replay(
    players: int, seed: str, bot: str, form: str, noise: int
) -> None:
    plain = build(players, seed, bot, form)
    record = inject(random.Random(noise), plain)
    text = write_game(record)
    parsed = parse_game(text)
    assert parsed == record
    assert parse_with_grammar(text) == record
    assert write_game(parsed) == text
    assert text.endswith("\n") and "\r" not in text
    result = replay(parsed)
    assert result.problems == []
    assert result.finished
    assert result.unchecked == []
    if form.startswith("winners"):
        assert all(b.winners for r in parsed.rounds for b in r.battles)


@pytest.mark.slow
@settings(SETTINGS, max_examples=50 if HEAVY else 10)
@given(
    seeds=st.lists(st.integers(0, 10_000), min_size=2, max_size=3, unique=True),
    players=st.integers(3, 5),
    noise=st.integers(0, 2**32),
)
def test_several_simulated_games_in_one_file(seeds: list[int], players: int, noise: int) -> None:
    rng = random.Random(noise)
    records = []
    for n in seeds:
        record = inject(rng, build(players, f"file-{n}", "greedy", "seed"))
        # Comments after a ';' comment on a termination line would be read as the next game's
        # leading comments (docs/notation.md 11.1), so the termination gets none here.
        ending = tuple(c for c in record.termination.comments if c.kind is not CommentKind.LINE)
        records.append(
            attrs.evolve(record, termination=attrs.evolve(record.termination, comments=ending))
        )
    text = write_games(records)
    items = parse_games(text, strict=True)
    assert items == records
    assert write_games(records) == text
    for item in items:
        assert isinstance(item, GameRecord)
        assert replay(item).valid


def test_the_injection_does_inject() -> None:
    record = inject(random.Random(7), build(4, "inject", "greedy", "winners-and-deal"))
    found_comments, found_marks = count(record)
    assert found_comments > 10 and found_marks > 5
    kinds = set()
    for n in range(5):
        kinds |= {c.kind for c in all_comments(inject(random.Random(n), record))}
    assert kinds == set(CommentKind)
    assert count(build(4, "inject", "greedy", "winners-and-deal")) == (0, 0)
