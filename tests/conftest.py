"""Shared helpers for the test suite."""

from __future__ import annotations

import functools
import os
import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing

# A fast-reader bug fails the tests instead of being read by the grammar (notation/fast/);
# the gargon processes the tests start inherit it.
os.environ.setdefault("GARGON_FAST_STRICT", "1")

from gargon_notation.cards import DECK, AnyCard, Card
from gargon_notation.engine import Deal, DecisionKind, Draw, Game, Pass, Play
from gargon_notation.engine.actions import Action

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
"""The heavy profile (``GARGON_FUZZ=heavy``, as .ci/run runs it): more examples, and the
tests marked ``slow``."""


LONG_FIRST = frozenset(
    {
        "test_recorder_app.py",
        "test_web_browser.py",
        "test_dask.py",
        "test_memory.py",
        "test_limits.py",
        "test_cli_record.py",
    }
)
"""Files of long tests, run first so that the workers of ``-n auto`` end together (a long
test last would keep one worker busy while the other has nothing left)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` (the docs' console sessions, most browser step-throughs, most
    memory measurements) run in the heavy profile only, so that the default run stays short;
    the summary says how many were left for it.  The files of :data:`LONG_FIRST` go first."""
    items.sort(key=lambda item: item.path.name not in LONG_FIRST)
    if HEAVY:
        return
    skip = pytest.mark.skip(reason="slow: GARGON_FUZZ=heavy runs it (as .ci/run does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def _replies_kept_apart(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The help and completions the gargon processes of the tests remember
    (gargon_notation.cli.remembered) go to a folder of the test run, not the user's cache."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
        yield


@pytest.fixture(autouse=True, scope="session")
def _typer_commands_built_once() -> Iterator[None]:
    """Typer builds the app's click command (every verb's options) on each call, which costs
    more than most commands' work in a test: it is built once here.  No test changes a
    verb's function, so the one command serves them all; it is built again only when more
    verbs were registered since (a command line of one verb registers its group alone:
    gargon_notation.cli.commands.load)."""
    get_command = typer.main.get_command
    built = functools.cache(lambda app, _verbs: get_command(app))

    def cached(app: typer.Typer) -> Any:
        return built(app, len(app.registered_commands))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.main, "get_command", cached)
        patch.setattr(typer.testing, "_get_command", cached)
        yield


_NUMBERS: Counter[str] = Counter()
"""The next number of each name of the folders :func:`tmp_path` makes, in this process."""


@pytest.fixture
def tmp_path(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pytest's ``tmp_path``, named as pytest names it (the test's name, 30 characters at
    most, then a number: ``test_fmt_a_syntax_error0``), in the same base folder, and kept
    as pytest keeps it; but numbered here.  pytest finds the next number by listing the whole
    base folder, every folder made in this run so far, and links ``<name>current`` to the new
    one: each test's folder cost more than the one before (half a second of CPU for the 550
    folders of a worker of the default run, 8 s for 3,000)."""
    name = re.sub(r"[\W]", "_", request.node.name)[:30]
    base = tmp_path_factory.getbasetemp()
    while True:
        path = base / f"{name}{_NUMBERS[name]}"
        _NUMBERS[name] += 1
        try:
            path.mkdir(mode=0o700)
        except FileExistsError:  # made by tmp_path_factory.mktemp(name)
            continue
        return path


def cards(text: str) -> tuple[Card, ...]:
    """``cards("Y2 Y6 R9")`` -> the three cards."""
    return tuple(Card.parse(token) for token in text.split())


def deal_with(hands: Sequence[str], piles: Sequence[str] = ("", "")) -> Deal:
    """A full four-or-more-player deal whose hands and pile tops start with the given cards.

    The rest of each hand and pile is filled, in canonical deck order, with the cards not
    named anywhere, so the deal always holds exactly the 102 cards of the deck.
    """
    players = len(hands)
    named = [cards(text) for text in (*hands, *piles)]
    rest = list(DECK)
    for group in named:
        for card in group:
            rest.remove(card)
    pile_size = (len(DECK) - 10 * players) // 2
    sizes = [10] * players + [pile_size, pile_size]
    filled: list[tuple[AnyCard, ...]] = []
    for group, size in zip(named, sizes, strict=True):
        extra = size - len(group)
        filled.append(group + tuple(rest[:extra]))
        del rest[:extra]
    assert not rest
    return Deal(tuple(filled[:players]), (filled[players], filled[players + 1]))


@pytest.fixture(autouse=True)
def _consoles_made_anew() -> Iterator[None]:
    """The command's consoles (``gargon_notation.cli.common.out`` and ``err``) are made on
    first use, and rich fixes a console's width from ``COLUMNS`` as it is made: each test
    has its own, made under its own environment, so that a test run before it with another
    width (``COLUMNS=200``) does not decide its width."""
    yield
    common = sys.modules.get("gargon_notation.cli.common")
    if common is not None:
        for name in ("out", "err"):
            vars(common).pop(name, None)
        common._plain_err.clear()


@pytest.fixture
def rulebook_deal() -> Deal:
    """A deal for the rulebook's example round (Adam, Bernd, Collette, Dagmar)."""
    return deal_with(
        ["Y2 Y6 R9 W1 W10", "V5 V13 G7", "B8 B2 R8", "R14 R0 B12"],
        ["G13 V0 Y3", "G3 W12"],
    )


def sized_deal(hands: Sequence[str], piles: Sequence[str] = ("", ""), hand_size: int = 10) -> Deal:
    """Like :func:`deal_with`, for any number of players and any hand size.

    Each hand gets ``hand_size`` cards and each pile (102 - dealt) // 2; the named cards come
    first and the rest is filled in canonical deck order.
    """
    players = len(hands)
    named = [cards(text) for text in (*hands, *piles)]
    rest = list(DECK)
    for group in named:
        for card in group:
            rest.remove(card)
    pile_size = (len(DECK) - hand_size * players) // 2
    sizes = [hand_size] * players + [pile_size, pile_size]
    filled: list[tuple[AnyCard, ...]] = []
    for group, size in zip(named, sizes, strict=True):
        extra = size - len(group)
        assert extra >= 0, f"{len(group)} cards named for a place of {size}"
        filled.append(group + tuple(rest[:extra]))
        del rest[:extra]
    return Deal(tuple(filled[:players]), (filled[players], filled[players + 1]))


def texts(items: Sequence[AnyCard]) -> str:
    """``texts(hand)`` -> ``"Y2 Y6 R9"``: cards as the notation writes them."""
    return " ".join(str(card) for card in items)


def drain(game: Game) -> Action:
    """A scripted player that empties the piles quickly and evenly.

    The start player plays his highest known card alone; every other seat passes drawing as
    many cards as it may (up to three), each from the larger pile (pile 1 on a tie); owed
    draws come from the larger pile; the chooser takes his first legal colour.
    """
    decision = game.to_act
    assert decision is not None
    seat = decision.seat
    one, two = game.pile_sizes()
    if decision.kind is DecisionKind.DRAW:
        return Draw(seat, 1 if one >= two else 2)
    if decision.kind is DecisionKind.CHOOSE:
        return game.legal_actions()[0]
    if seat == game.start_player:
        known = [card for card in game.hand(seat) if isinstance(card, Card)]
        return Play(seat, (max(known, key=lambda card: card.value),))
    piles = []
    for _ in range(min(3, one + two)):
        pile = 1 if one >= two else 2
        piles.append(pile)
        one, two = (one - 1, two) if pile == 1 else (one, two - 1)
    return Pass(seat, tuple(piles))
