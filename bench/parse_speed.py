"""Parse speed of the notation reader against a bare ``re.finditer`` pass over the same text.

Generates a synthetic corpus (a few thousand canonical games: 4 players, ~20 rounds, random
plays, passes, battles and draws, some comments, glyphs and NAGs), then times, in one run:

- ``re.finditer`` with the fast reader's token pattern (every token matched, nothing built);
- ``re.finditer`` with ``\\S+`` (every whitespace-separated word);
- ``read_games`` on a file: decode, split into games, read each into records, streaming
  (the product path for files; records are dropped as they come);
- ``parse_games`` on the text, keeping every record (slower: Python's garbage collector
  keeps re-scanning the growing set of live records);
- the Lark grammar reader alone on a sample (for reference).

``--tiers`` measures instead what each tier of the fast reader (see ``notation/fast/``)
earns: the same corpus is read with all tiers, then with one tier switched off at a time
(monkeypatching the reader; the records must not change), each ``--rounds`` times,
interleaved, best run kept.  Two rates: ``read_games`` streaming (the product path) and the
fast reader alone over the games already cut out; and how many games fell to the grammar.

Run:  python bench/parse_speed.py [--games 3000] [--seed 1] [--tiers [--rounds 5]]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import pkgutil
import random
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from gargon_notation.cards import DECK, UNKNOWN, Colour, HiddenCard
from gargon_notation.notation import (
    Battle,
    Comment,
    CommentKind,
    Deal,
    Draw,
    GameRecord,
    Pass,
    PassDraw,
    Pile,
    Play,
    Round,
    Score,
    Tag,
    Termination,
    fast,
    parse_games,
    read_games,
    write_games,
)
from gargon_notation.notation.fast import TOKEN, Decline, parse_fast
from gargon_notation.notation.parser import parse_with_grammar
from gargon_notation.notation.stream import Chunk, split_games

PLAYERS = ("Adam", "Bernd", "Collette", "Dagmar")
GLYPH_RATE = 0.02  # per action: about 4 glyphs, 1 NAG and 4 comments in a game
NAG_RATE = 0.005
COMMENT_RATE = 0.02
WORDS = [
    "good",
    "bad",
    "risky",
    "forced",
    "nice",
    "sharp",
    "careless",
    "clever",
    "the",
    "only",
    "move",
]


def _comment(rng: random.Random) -> Comment:
    text = " ".join(rng.sample(WORDS, rng.randint(1, 4)))
    kind = rng.choice((CommentKind.BRACE, CommentKind.BRACE, CommentKind.LINE))
    return Comment(text if kind is CommentKind.BRACE else " " + text, kind)


def _notes(rng: random.Random) -> dict[str, object]:
    return {
        "glyph": rng.choice(("!", "?", "!?")) if rng.random() < GLYPH_RATE else None,
        "nags": (rng.randint(1, 20),) if rng.random() < NAG_RATE else (),
        "comments": (_comment(rng),) if rng.random() < COMMENT_RATE else (),
    }


def _seen(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.5:
        return None
    card = rng.choice(DECK)
    return card if roll < 0.7 else HiddenCard(card.colour)


def random_game(rng: random.Random, number: int) -> GameRecord:
    """One syntactically valid game of realistic density."""
    tags = [
        Tag("Notation", ["1"]),
        Tag("Event", [f"Synthetic game {number}"]),
        Tag("Date", ["2026.11.22"]),
        Tag("Players", PLAYERS),
        Tag("Start", [rng.choice(PLAYERS)]),
        Tag("Seed", [f"{rng.getrandbits(64):016x}"]),
    ]
    deck = list(DECK)
    rng.shuffle(deck)
    setup: list[Deal | Pile] = [
        Deal(name, deck[i * 10 : i * 10 + 10]) for i, name in enumerate(PLAYERS)
    ]
    setup += [Pile(1, [HiddenCard(c.colour) for c in deck[40:50]]), Pile(2, [UNKNOWN] * 6)]
    rounds = []
    for n in range(1, rng.randint(16, 24) + 1):
        actions: list[Play | Pass] = []
        for name in PLAYERS:
            if rng.random() < 0.7:
                cards = rng.sample(DECK, rng.randint(1, 3))
                actions.append(Play(name, cards, **_notes(rng)))  # type: ignore[arg-type]
            else:
                count = rng.randint(1, 3)
                draws = [PassDraw(rng.randint(1, 2), _seen(rng)) for _ in range(count)]  # type: ignore[arg-type]
                actions.append(Pass(name, draws, **_notes(rng)))  # type: ignore[arg-type]
        battles = []
        for colour in rng.sample(list(Colour), rng.randint(1, 4)):
            owed = [
                Draw(name, rng.randint(1, 2), _seen(rng), **_notes(rng))  # type: ignore[arg-type]
                for name in rng.sample(PLAYERS, rng.randint(0, 2))
            ]
            battles.append(Battle(colour, owed, **_notes(rng)))  # type: ignore[arg-type]
        rounds.append(Round(n, actions, battles))
    if rng.random() < 0.5:
        termination = Termination(True, [Score(p, rng.randint(0, 80)) for p in PLAYERS])
    else:
        termination = Termination(False)
    return GameRecord(tags, setup, rounds, termination)


def corpus(games: int, seed: int) -> str:
    rng = random.Random(seed)
    return write_games(random_game(rng, i) for i in range(1, games + 1))


def _rate(size: int, run: object, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return size / best / 1e6


# ---- tiers ------------------------------------------------------------------------------


@contextlib.contextmanager
def _patched(**values: object) -> Iterator[None]:
    """Module attributes of the fast reader replaced for a while, in each of its modules
    that holds them (the package ``notation/fast/`` and its parts)."""
    modules = [fast] + [
        importlib.import_module(f"{fast.__name__}.{part.name}")
        for part in pkgutil.iter_modules(fast.__path__)
    ]
    saved = [
        (module, name, getattr(module, name))
        for module in modules
        for name in values
        if hasattr(module, name)
    ]
    assert {name for _, name, _ in saved} == set(values), "no such attribute of the reader"
    try:
        for module, name, _ in saved:
            setattr(module, name, values[name])
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def _tiers() -> dict[str, Callable[[], contextlib.AbstractContextManager[None]]]:
    """Each tier's switch: a context in which the reader runs without it."""
    return {
        "all tiers": contextlib.nullcontext,
        "- whole round and battle lines": lambda: _patched(_LINE_READERS={}),
        "- plain lines cut, not matched": lambda: _patched(
            _plain_actions=lambda *_: None, _plain_battles=lambda *_: None
        ),
        "- unchecked construction": lambda: _patched(
            _play=lambda player, cards, glyph, nags, comments, line, column: Play(
                player, cards, glyph=glyph, nags=nags, comments=comments, line=line, column=column
            ),
            _pass=lambda player, draws, glyph, nags, comments, line, column: Pass(
                player, draws, glyph=glyph, nags=nags, comments=comments, line=line, column=column
            ),
            _pass_draw=lambda pile, seen, line, column: PassDraw(
                pile, seen, line=line, column=column
            ),
            _battle=lambda colour, draws, winners, glyph, nags, comments, line, column: Battle(
                colour,
                draws,
                winners=winners,
                glyph=glyph,
                nags=nags,
                comments=comments,
                line=line,
                column=column,
            ),
            _draw=lambda player, pile, seen, glyph, nags, comments, line, column: Draw(
                player,
                pile,
                seen,
                glyph=glyph,
                nags=nags,
                comments=comments,
                line=line,
                column=column,
            ),
            _round=lambda number, actions, battles, comments, line, column: Round(
                number, actions, battles, comments=comments, line=line, column=column
            ),
        ),
        "- name cache": lambda: _patched(
            _KNOWN_BARE=set(), _bare=lambda name: fast._NAME.fullmatch(name) is not None
        ),
    }


def _fast_or_none(chunk: Chunk) -> GameRecord | None:
    try:
        return parse_fast(chunk.text, "corpus", chunk.first_line)
    except Decline:
        return None


def measure_tiers(text: str, games: int, rounds: int) -> None:
    """Read speed with all tiers and without each, interleaved; see the module docstring."""
    size = len(text.encode("utf-8"))
    chunks = list(split_games(((line, None) for line in text.splitlines(True)), "corpus"))
    assert len(chunks) == games
    tiers = _tiers()
    best_stream = dict.fromkeys(tiers, float("inf"))
    best_fast = dict.fromkeys(tiers, float("inf"))
    declined: dict[str, int] = {}
    reference = [_fast_or_none(chunk) for chunk in chunks[:200]]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.ggn"
        path.write_text(text, encoding="utf-8")
        for _ in range(rounds):
            for name, switch in tiers.items():
                with switch():
                    start = time.perf_counter()
                    count = sum(1 for _ in read_games(path))
                    best_stream[name] = min(best_stream[name], time.perf_counter() - start)
                    assert count == games
                    start = time.perf_counter()
                    fell = 0
                    for chunk in chunks:
                        try:
                            parse_fast(chunk.text, "corpus", chunk.first_line)
                        except Decline:
                            fell += 1
                    best_fast[name] = min(best_fast[name], time.perf_counter() - start)
                    declined[name] = fell
                    again = [_fast_or_none(chunk) for chunk in chunks[:200]]
                    assert again == reference, name
    print(f"corpus: {games} games, {size / 1e6:.2f} MB; best of {rounds} rounds")
    print(f"{'':34} {'read_games':>18} {'fast reader alone':>24} {'declined':>9}")
    base_stream, base_fast = best_stream["all tiers"], best_fast["all tiers"]
    for name in tiers:
        stream = size / best_stream[name] / 1e6
        alone = size / best_fast[name] / 1e6
        cost_stream = 1 - base_stream / best_stream[name]
        cost_fast = 1 - base_fast / best_fast[name]
        print(
            f"{name:34} {stream:6.2f} MB/s {cost_stream:+6.1%}"
            f" {alone:8.2f} MB/s {cost_fast:+7.1%} {declined[name]:9}"
        )
    print("(a percentage is the speed lost without the tier)")


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--games", type=int, default=3000)
    options.add_argument("--seed", type=int, default=1)
    options.add_argument(
        "--tiers", action="store_true", help="measure each tier of the fast reader instead"
    )
    options.add_argument("--rounds", type=int, default=5, help="rounds of --tiers (best kept)")
    args = options.parse_args()
    text = corpus(args.games, args.seed)
    if args.tiers:
        measure_tiers(text, args.games, args.rounds)
        return
    size = len(text.encode("utf-8"))
    words = re.compile(r"\S+")

    def token_pass() -> None:
        for _ in TOKEN.finditer(text):
            pass

    def word_pass() -> None:
        for _ in words.finditer(text):
            pass

    counted = []

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.ggn"
        path.write_text(text, encoding="utf-8")

        def stream() -> None:
            games = 0
            for record in read_games(path):
                assert isinstance(record, GameRecord)
                games += 1
            counted.append(games)

        def whole() -> None:
            records = parse_games(text)
            counted.append(len(records))

        token_rate = _rate(size, token_pass)
        word_rate = _rate(size, word_pass)
        stream_rate = _rate(size, stream)
        whole_rate = _rate(size, whole)
    assert set(counted) == {args.games}, counted
    sample = text[: text.index("\n\n", len(text) // 50) + 1]
    chunks = sample.split("\n\n")

    def lark_only() -> None:
        for chunk in chunks:
            parse_with_grammar(chunk)

    lark_rate = _rate(len(sample.encode("utf-8")), lark_only, repeat=1)
    print(f"corpus: {args.games} games, {size / 1e6:.2f} MB (seed {args.seed})")
    print(f"re.finditer, token pattern       : {token_rate:6.2f} MB/s")
    print(f"re.finditer, \\S+                 : {word_rate:6.2f} MB/s")
    print(f"read_games(path), streaming      : {stream_rate:6.2f} MB/s")
    print(f"parse_games(text), all kept      : {whole_rate:6.2f} MB/s")
    print(f"Lark grammar reader alone        : {lark_rate:6.2f} MB/s ({len(chunks)} games)")
    print(f"ratio streaming / token pass     : {stream_rate / token_rate:6.2f}  (target >= 0.30)")
    print(f"ratio all kept / token pass      : {whole_rate / token_rate:6.2f}")
    print(f"ratio streaming / \\S+ pass       : {stream_rate / word_rate:6.2f}")


if __name__ == "__main__":
    main()
