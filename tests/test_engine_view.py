"""Seat views: what one seat may know, and nothing more ("no peeking", issue #8)."""

from __future__ import annotations

import copy
import gc
import pickle
import types
from collections import deque
from collections.abc import Iterator
from functools import partial

import attrs
import pytest
from conftest import HEAVY, cards, texts

from gargon_notation.bots import GreedyBot, RandomBot, simulate
from gargon_notation.cards import Card, Colour, HiddenCard
from gargon_notation.engine import (
    Action,
    BattleResolved,
    CardDrawn,
    Choose,
    Deal,
    DecisionKind,
    Draw,
    Event,
    Game,
    GameState,
    Pass,
    Passed,
    PlaceKind,
    Play,
    Played,
    PlayedFaceDown,
    Rng,
    RoundStarted,
    SeatView,
)
from gargon_notation.engine.knowledge import Knowledge
from gargon_notation.engine.view import CHUNK, History, back, backs
from gargon_notation.errors import ArgumentError
from gargon_notation.notation import model
from gargon_notation.records import record_from_simulation
from gargon_notation.replay import Outcome, Step, Visitor, replay
from gargon_notation.rules import Ruleset
from gargon_notation.seats import seat_record

NAMES = ("Adam", "Bernd", "Collette", "Dagmar")
ADAM, BERND, COLLETTE, DAGMAR = range(4)
W, B, V, Y, R, G = Colour


def all_backs(items: tuple[object, ...]) -> bool:
    return all(isinstance(item, HiddenCard) for item in items)


# -- the object graph --------------------------------------------------------------------------


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references, stopping at classes and
    modules (which lead to the whole interpreter, not to any one game)."""
    found: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in found:
            continue
        found[id(obj)] = obj
        if isinstance(obj, type | types.ModuleType | types.FunctionType | types.MethodType):
            continue
        stack.extend(gc.get_referents(obj))
    return list(found.values())


def game_containers(game: Game) -> dict[int, object]:
    """The game's own mutable containers (and its Knowledge), by id."""
    owned: dict[int, object] = {}
    stack: list[object] = list(vars(game).values())
    while stack:
        obj = stack.pop()
        if isinstance(obj, Knowledge):
            owned[id(obj)] = obj
            stack.extend(vars(obj).values())
        elif isinstance(obj, list | dict | deque | set):
            if id(obj) in owned:
                continue
            owned[id(obj)] = obj
            stack.extend(obj.values() if isinstance(obj, dict) else obj)
        elif isinstance(obj, tuple):
            stack.extend(obj)
    return owned


def hidden_from(game: Game, seat: int) -> set[Card]:
    """The cards ``seat`` may not know now: other hands, the piles and face-down plays, less
    any card it knows a copy of (a 0 it holds, say)."""
    state = game.snapshot()
    hidden: set[AnyCardOrCard] = set()
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(hand)
    hidden.update(state.piles[0], state.piles[1])
    known: set[AnyCardOrCard] = {*state.hands[seat], *state.front[seat], *state.won[seat]}
    face_down = state.to_act is not None and state.to_act.kind is DecisionKind.PLAY_OR_PASS
    for other, front in enumerate(state.front):
        if other != seat:
            (hidden if face_down else known).update(front)
    known.update(state.discard)
    for event in game.events:
        if isinstance(event, BattleResolved):
            known.update(card for _, card in event.cards)
    return {card for card in hidden - known if isinstance(card, Card)}


AnyCardOrCard = Card | HiddenCard


def assert_no_peeking(game: Game, seat: int, view: SeatView) -> None:
    objects = reachable(view)
    owned = game_containers(game)
    # Not even gc finds a container of the game's from a view: its history holds tuples.
    for obj in objects:
        assert not isinstance(obj, Game | Knowledge | GameState), obj
        assert not isinstance(
            obj,
            types.FunctionType
            | types.MethodType
            | types.BuiltinMethodType
            | types.CellType
            | types.FrameType
            | types.GeneratorType,
        ), obj
        if isinstance(obj, list | dict | deque | set):
            # The dicts are the view's own and those of enum members.
            assert isinstance(obj, dict) and id(obj) not in owned, type(obj)
    seen_cards = {obj for obj in objects if isinstance(obj, Card)}
    assert not seen_cards & hidden_from(game, seat)


KEPT = {("random", 3), ("greedy", 5)}
"""The games of the default run (the others are ``slow``)."""


def decisions(players: int, seed: str, bot: str) -> Iterator[tuple[Game, int]]:
    """Play a game as ``simulate`` does, yielding the game before each decision."""
    game = Game.new(Deal.from_seed(seed, players), names=("A", "B", "C", "D", "E")[:players])
    make = RandomBot if bot == "random" else GreedyBot
    bots = [make(Rng(f"{seed}/{seat}")) for seat in range(players)]
    while game.to_act is not None:
        yield game, len(game.actions)
        seat = game.to_act.seat
        game.apply(bots[seat].choose(game.view(seat)))


@pytest.mark.parametrize(
    ("bot", "players"),
    [
        pytest.param(bot, players, marks=() if (bot, players) in KEPT else pytest.mark.slow)
        for bot in ("random", "greedy")
        for players in (3, 4, 5)
    ],
)
def test_no_path_leads_from_a_view_to_the_game_or_a_hidden_card(players: int, bot: str) -> None:
    """One game of each size and bot; three with ``GARGON_FUZZ=heavy``.  The default run
    plays two of them (``KEPT``): each bot, the smallest and the largest table."""
    for k in range(3 if HEAVY else 1):
        for game, step in decisions(players, f"peek-{players}-{bot}-{k}", bot):
            if step % 7 == 0 or game.to_act is None:
                for seat in range(players):
                    assert_no_peeking(game, seat, game.view(seat))
        for seat in range(players):
            assert_no_peeking(game, seat, game.view(seat))


def test_a_view_of_the_face_up_variant_hides_nothing_more_than_it_should() -> None:
    ruleset = Ruleset(won_cards_face_up=True)
    game = Game.new(Deal.from_seed("face-up", 4), 0, ruleset)
    bots = [GreedyBot(Rng(f"face-up/{seat}")) for seat in range(4)]
    while game.to_act is not None:
        seat = game.to_act.seat
        view = game.view(seat)
        assert_no_peeking(game, seat, view)
        assert view.won == game.snapshot().won
        game.apply(bots[seat].choose(view))


# -- a bot that tries --------------------------------------------------------------------------


class PeekingBot:
    """A hostile bot: it searches its view by every means it has for other seats' cards."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.found: set[Card] = set()
        self.refused: list[str] = []

    def choose(self, view: SeatView) -> Action:
        self.found.update(obj for obj in reachable(view) if isinstance(obj, Card))
        self.found.update(
            obj for obj in reachable(attrs.asdict(view, recurse=True)) if isinstance(obj, Card)
        )
        thawed = pickle.loads(pickle.dumps(view))
        assert thawed == view
        self.found.update(obj for obj in reachable(thawed) if isinstance(obj, Card))
        self.found.update(obj for obj in reachable(vars(view)) if isinstance(obj, Card))
        for name in dir(view):
            self.found.update(
                obj for obj in reachable(getattr(view, name, None)) if isinstance(obj, Card)
            )
        for attempt in (
            lambda: setattr(view, "hands", ()),
            lambda: delattr(view, "legal_actions"),
            lambda: view.history[len(view.history)],
        ):
            try:
                attempt()
            except (attrs.exceptions.FrozenInstanceError, IndexError) as refusal:
                self.refused.append(type(refusal).__name__)
        return self.rng.choice(view.legal_actions)


@pytest.mark.parametrize(
    "players", [pytest.param(3, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow), 5]
)
def test_a_peeking_bot_finds_nothing_of_the_other_hands(players: int) -> None:
    """One game of each size; two with ``GARGON_FUZZ=heavy``."""
    for k in range(2 if HEAVY else 1):
        seed = f"hostile-{players}-{k}"
        game = Game.new(Deal.from_seed(seed, players))
        spy = PeekingBot(Rng(f"{seed}/0"))
        others = [RandomBot(Rng(f"{seed}/{seat}")) for seat in range(players)]
        while game.to_act is not None:
            seat = game.to_act.seat
            view = game.view(seat)
            if seat == 0:
                spy.found.clear()
                action = spy.choose(view)
                assert spy.found, "the spy sees its own cards at least"
                assert not spy.found & hidden_from(game, 0)
                assert spy.refused[-3:] == [
                    "FrozenInstanceError",
                    "FrozenInstanceError",
                    "IndexError",
                ]
            else:
                action = others[seat].choose(view)
            game.apply(action)


def test_a_view_kept_until_the_game_ends_copies_only_what_its_seat_saw() -> None:
    """A view is stored (a bot's log, a training set) and pickled or copied after the game:
    it must not carry the cards the seat drew later, which were hidden when it was taken."""
    game = Game.new(Deal.from_seed("kept", 3))
    first = game.view(0)
    hidden = hidden_from(game, 0)
    pickled = pickle.dumps(first)
    bots = [RandomBot(Rng(f"kept/{seat}")) for seat in range(3)]
    while game.to_act is not None:
        game.apply(bots[game.to_act.seat].choose(game.view(game.to_act.seat)))
    assert len(game.events) > 100 and len(first.history) == 1
    for copied in (pickle.loads(pickle.dumps(first)), copy.deepcopy(first)):
        assert copied == first and list(copied.history) == list(first.history)
        assert not {obj for obj in reachable(copied) if isinstance(obj, Card)} & hidden
    assert pickle.dumps(first) == pickled


# -- what is masked ------------------------------------------------------------------------------


def rulebook_game(deal: Deal, ruleset: Ruleset | None = None) -> Game:
    return Game.new(deal, 0, ruleset, NAMES)


def test_plays_lie_face_down_until_the_battle_phase(rulebook_deal: Deal) -> None:
    game = rulebook_game(rulebook_deal)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1, 1, 2)))
    game.apply(Play(COLLETTE, cards("B8 B2 R8")))
    bernd = game.view(BERND)
    assert texts(bernd.front[ADAM]) == "Y? Y? R?"
    assert texts(bernd.played[ADAM] or ()) == "Y? Y? R?"
    assert texts(bernd.front[COLLETTE]) == "B? B? R?"
    assert bernd.played[BERND] == () and bernd.played[DAGMAR] is None
    assert bernd.pattern == (2, 1) and bernd.colours_played == {Y, R, B}
    adam = game.view(ADAM)
    assert adam.played[ADAM] == cards("Y2 Y6 R9")
    assert adam.front[ADAM] == cards("Y6 Y2 R9")
    assert texts(adam.front[COLLETTE]) == "B? B? R?"
    # A face-down play shows its backs in colour order, whatever order it was named in.
    game.apply(Play(DAGMAR, cards("B12 R14 R0")))
    assert game.to_act is not None and game.to_act.kind is DecisionKind.CHOOSE
    for seat in range(4):
        view = game.view(seat)
        assert view.front == game.snapshot().front
        assert view.played == game.snapshot().played
    # The history keeps what the table saw when each play was made.
    events = list(game.view(BERND).history)
    last = events[-1]
    assert isinstance(last, PlayedFaceDown) and texts(last.backs) == "B? R? R?"
    assert PlayedFaceDown(DAGMAR, backs(cards("B12 R14 R0")), (2, 1)) in events
    assert PlayedFaceDown(ADAM, backs(cards("Y2 Y6 R9")), (2, 1)) in events
    assert Played(DAGMAR, cards("B12 R14 R0"), (2, 1)) in list(game.view(DAGMAR).history)


def test_seen_by_masks_face_down_plays_as_a_view_does(rulebook_deal: Deal) -> None:
    game = rulebook_game(rulebook_deal)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    state = game.snapshot()
    assert state.front[ADAM] == cards("Y6 Y2 R9")
    assert texts(state.seen_by(BERND).front[ADAM]) == "Y? Y? R?"
    assert texts(state.seen_by(BERND).played[ADAM] or ()) == "Y? Y? R?"
    assert state.seen_by(ADAM).front == state.front
    assert state.seen_by(ADAM).played == state.played
    with pytest.raises(ValueError, match="there is no seat 4 at this table"):
        state.seen_by(4)


@pytest.mark.parametrize(
    ("face_up", "players"),
    [
        pytest.param(face_up, players, marks=() if (players + face_up) % 2 else pytest.mark.slow)
        for face_up in (False, True)
        for players in (3, 4, 5)
    ],
)  # by default each size once, face up or not in turn; the heavy profile plays them all
def test_a_view_shows_what_seen_by_shows(players: int, face_up: bool) -> None:
    ruleset = Ruleset(won_cards_face_up=face_up)
    for k in range(3):
        result = simulate(players, f"seen-{k}", "random", ruleset=ruleset)
        game = Game.new(result.deal, 0, ruleset, result.names)
        for action in [*result.game.actions, None]:
            state = game.snapshot()
            for seat in range(players):
                view, seen = game.view(seat), state.seen_by(seat)
                assert view.hand == seen.hands[seat] == state.hands[seat]
                for field in ("hands", "piles", "front", "played", "won", "discard"):
                    assert getattr(view, field) == getattr(seen, field), field
                for field in ("names", "ruleset", "round", "start", "to_act", "pattern", "owed"):
                    assert getattr(view, field) == getattr(state, field), field
                assert view.colours_played == state.colours_played
                assert (view.last_card_taken, view.over) == (state.last_card_taken, state.over)
            if action is not None:
                game.apply(action)


class Views(Visitor):
    """Takes ``seat``'s view at the deal and after every step of a replay."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.views: list[SeatView] = []
        self.states: list[GameState] = []

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.take(game)

    def visit_step(self, step: Step, game: Game) -> None:
        self.take(game)

    def take(self, game: Game) -> None:
        self.views.append(game.view(self.seat))
        self.states.append(game.snapshot())


def views_replayed(record: model.GameRecord, seat: int) -> Views:
    views = Views(seat)
    replay(record, visitors=[views])
    return views


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_view_holds_nothing_more_than_the_seats_own_record(players: int) -> None:
    """The table's record knows more than a seat's record (``seat_record``: the others'
    draws as backs), but the seat's views replayed from either are equal, the others' hands
    and their order included: nothing in a view comes from a card the seat never saw, nor
    from the slot the engine keeps it in (a hand's backs are in colour order, so the play of
    one of two cards of a colour does not tell the one dealt from the one drawn later).
    Twenty games of each size with ``GARGON_FUZZ=heavy``, every other one with its deal
    written out; by default one, the first of 4 players and the second of 3 and 5."""
    for k in range(20) if HEAVY else [players % 2]:
        simulated = simulate(players, f"own-record-{players}-{k}", "random" if k % 2 else "greedy")
        record = record_from_simulation(simulated, write_deal=k % 2 == 1)
        for seat, name in enumerate(simulated.names):
            table = views_replayed(record, seat)
            own = views_replayed(seat_record(record, name), seat)
            assert len(table.views) == len(own.views) == len(simulated.game.actions) + 1
            for step, (view, state) in enumerate(zip(table.views, table.states, strict=True)):
                assert view == own.views[step], (k, name, step)
                assert view.hands == own.views[step].hands  # the order, said once more
                possible = view.possible()
                assert possible == state.possible(seat), (k, name, step)
                for place, shown in possible.backs.items():
                    if place.kind is PlaceKind.HAND:
                        assert view.hands[place.owner][place.index] == shown


def test_won_cards_are_backs_unless_the_variant_shows_them(rulebook_deal: Deal) -> None:
    for ruleset in (Ruleset(), Ruleset(won_cards_face_up=True)):
        game = rulebook_game(rulebook_deal, ruleset)
        for action in (
            Play(ADAM, cards("Y2 Y6 R9")),
            Pass(BERND, (1, 1, 2)),
            Play(COLLETTE, cards("B8 B2 R8")),
            Play(DAGMAR, cards("R14 R0 B12")),
            Choose(ADAM, Y),
            Choose(ADAM, R),
        ):
            game.apply(action)
        assert game.view(ADAM).won[ADAM] == cards("Y6 Y2")
        assert game.view(DAGMAR).won[DAGMAR] == (Card.parse("R14"),)
        bernd = game.view(BERND)
        if ruleset.won_cards_face_up:
            assert bernd.won[ADAM] == cards("Y6 Y2")
            assert bernd.score() == game.score()
        else:
            assert texts(bernd.won[ADAM]) == "Y? Y?"
            assert texts(bernd.won[DAGMAR]) == "R?"
            with pytest.raises(ValueError, match="this view hides won cards"):
                bernd.score()
        assert bernd.discard == cards("R9 R8")
        assert bernd.owed == (ADAM, COLLETTE)


def test_own_draws_are_known_and_the_others_are_backs(rulebook_deal: Deal) -> None:
    game = rulebook_game(rulebook_deal)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1, 1, 2)))
    drawn = [CardDrawn(BERND, 1, Card.parse("G13"), False)]
    drawn += [CardDrawn(BERND, 1, Card.parse("V0"), False)]
    drawn += [CardDrawn(BERND, 2, Card.parse("G3"), False)]
    bernd, adam = list(game.view(BERND).history), list(game.view(ADAM).history)
    assert bernd[-4:] == [Passed(BERND, (1, 1, 2)), *drawn]
    assert adam[-4:] == [
        Passed(BERND, (1, 1, 2)),
        CardDrawn(BERND, 1, back(Card.parse("G13")), False),
        CardDrawn(BERND, 1, back(Card.parse("V0")), False),
        CardDrawn(BERND, 2, back(Card.parse("G3")), False),
    ]
    # Bernd's hand as the others see it: his draws among its backs, all in colour order.
    assert texts(game.hand(BERND)) == "V5 V13 G7 W5 W6 W7 W8 W9 W11 W13 G13 V0 G3"
    assert texts(game.view(ADAM).hands[BERND]) == "W? W? W? W? W? W? W? V? V? V? G? G? G?"
    assert game.view(BERND).hand[-3:] == cards("G13 V0 G3")
    assert texts(game.view(ADAM).piles[0][:2]) == "Y? B?"
    assert game.view(ADAM).pile_sizes() == (29, 30)
    # The history starts with the round and keeps every public event.
    assert adam[0] == RoundStarted(1, ADAM, ())
    assert adam[1] == Played(ADAM, cards("Y2 Y6 R9"), (2, 1))
    assert game.view(BERND).history[1] == PlayedFaceDown(ADAM, backs(cards("Y2 Y6 R9")), (2, 1))


def test_replacement_draws_in_the_history(rulebook_deal: Deal) -> None:
    game = rulebook_game(rulebook_deal)
    for action in (
        Play(ADAM, cards("Y2 Y6 R9")),
        Pass(BERND, (1, 1, 2)),
        Play(COLLETTE, cards("B8 B2 R8")),
        Play(DAGMAR, cards("R14 R0 B12")),
        Choose(ADAM, Y),
        Choose(ADAM, R),
        Draw(ADAM, 1),
        Draw(COLLETTE, None),
    ):
        game.apply(action)
    mine = game.view(ADAM).history
    theirs = game.view(DAGMAR).history
    assert len(mine) == len(theirs) == len(game.events)
    own = [e for e in mine if isinstance(e, CardDrawn) and e.replacement]
    other = [e for e in theirs if isinstance(e, CardDrawn) and e.replacement]
    assert own == [CardDrawn(ADAM, 1, Card.parse("Y3"), True)]
    assert other == [CardDrawn(ADAM, 1, HiddenCard(Y), True)]
    # Everything else the table saw is there in full.
    public = [e for e in game.events if not isinstance(e, CardDrawn | Played | PlayedFaceDown)]
    assert [e for e in theirs if not isinstance(e, CardDrawn | Played | PlayedFaceDown)] == public


# -- legal actions, immutability, history ------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_view_lists_the_legal_actions_of_the_seat_to_act(players: int) -> None:
    for game, _ in decisions(players, f"legal-{players}", "random"):
        assert game.to_act is not None
        for seat in range(players):
            view = game.view(seat)
            if seat == game.to_act.seat:
                assert list(view.legal_actions) == game.legal_actions()
                assert view.to_act_here
            else:
                assert view.legal_actions == ()
                assert not view.to_act_here


def test_views_are_immutable_and_their_history_does_not_grow(rulebook_deal: Deal) -> None:
    game = rulebook_game(rulebook_deal)
    old = game.view(BERND)
    old_events = list(old.history)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        old.hand = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        old.history = []  # type: ignore[misc]
    assert isinstance(old.hands, tuple) and isinstance(old.hand, tuple)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    game.apply(Pass(BERND, (1, 1, 2)))
    new = game.view(BERND)
    assert len(old.history) == 1 and list(old.history) == old_events
    assert len(new.history) == 6
    assert new.history[:1] == (old.history[0],) == old.history[-1:]
    with pytest.raises(IndexError):
        old.history[1]
    assert old.hand == rulebook_deal.hands[BERND]
    assert old.piles[0] == backs(rulebook_deal.piles[0])
    assert old != new and old == old
    assert repr(old) == (
        "<SeatView of Bernd: round 1, Adam to play or pass, hand 10, piles 31+31, 1 event>"
    )
    assert repr(new.history) == "<History of 6 events>"


def test_a_copied_game_keeps_separate_histories(rulebook_deal: Deal) -> None:
    game = rulebook_game(rulebook_deal)
    game.apply(Play(ADAM, cards("Y2 Y6 R9")))
    before = game.view(BERND)
    twin = game.copy()
    twin.apply(Pass(BERND, (2,)))
    game.apply(Pass(BERND, (1, 1)))
    assert list(game.view(BERND).history)[2:] == game.events[2:]
    assert list(twin.view(BERND).history)[2:] == twin.events[2:]
    assert len(game.events) == 5 and len(twin.events) == 4
    assert len(before.history) == 2
    assert game.view(ADAM).pile_sizes() == (29, 31)
    assert twin.view(ADAM).pile_sizes() == (31, 30)


def test_a_view_of_a_seat_not_at_the_table_is_refused(rulebook_deal: Deal) -> None:
    """An ArgumentError (a ValueError too, as before) saying which seats there are, from the
    game's view, hand and colours in front and from a state's view and possible cards (a
    state took 9 for a ValueError and 'x' for a TypeError; hand(-1) gave the last seat's)."""
    game = rulebook_game(rulebook_deal)
    state = game.snapshot()
    calls = [game.view, game.hand, game.colours_in_front, state.seen_by, state.possible]
    for call in calls:
        for seat in (-1, 4, True, "x"):
            with pytest.raises(ArgumentError) as refused:
                call(seat)  # type: ignore[operator]
            assert str(refused.value) == f"there is no seat {seat!r} at this table: seats are 0-3"


def test_history_as_a_sequence() -> None:
    events: list[Event] = [RoundStarted(1, 0), RoundStarted(2, 1)]
    history = History(events[:1])
    events.append(RoundStarted(3, 2))
    assert len(history) == 1 and list(history) == events[:1]
    assert history[0] is history[-1] is events[0]
    assert history[0:5] == (events[0],)
    assert events[0] in history and events[1] not in history
    with pytest.raises(IndexError, match=r"history index -2 out of range \(1 events\)"):
        history[-2]
    assert history == History(list(events[:1]))
    assert hash(history) == hash(History(events[:1]))


def test_a_long_history_reads_across_its_chunks() -> None:
    events = [RoundStarted(k, 0) for k in range(1, 2 * CHUNK + 6)]
    history = History(events)
    assert len(history) == len(events) and list(history) == events
    assert [history[k] for k in range(-len(events), len(events))] == events + events
    assert history[CHUNK - 2 : CHUNK + 3] == tuple(events[CHUNK - 2 : CHUNK + 3])
    assert history[::-1] == tuple(reversed(events))
    assert pickle.loads(pickle.dumps(history)) == history == copy.copy(history)
    with pytest.raises(ValueError, match="a history's chunks hold 32 events each"):
        History.of_chunks((tuple(events[:3]),), ())


# -- a bot that tries to change the game ---------------------------------------------------


def _attribute_names(obj: object) -> list[str]:
    """The names ``dir(obj)`` lists, less the ``__dunder__`` ones."""
    return [name for name in dir(obj) if not (name.startswith("__") and name.endswith("__"))]


_NAMES_OF_CLASS: dict[type, list[str]] = {}
""":func:`_attribute_names` of the objects without a ``__dict__``, by class: an object's
``dir()`` is then its class's attributes."""


def by_attributes(root: object) -> list[object]:
    """Every object a bot reaches from ``root`` by Python's own means, without gc: the
    attributes ``dir`` lists (name-mangled slots too), ``vars()``, and the items, keys and
    values of containers; not into classes, modules, functions or methods."""
    found: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in found or isinstance(obj, str | int | float | bytes | type(None)):
            continue
        found[id(obj)] = obj
        if isinstance(
            obj,
            type
            | types.ModuleType
            | types.FunctionType
            | types.MethodType
            | types.BuiltinMethodType
            | types.MethodWrapperType,
        ):
            continue
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, tuple | list | set | frozenset | deque):
            stack.extend(obj)
        if hasattr(obj, "__dict__"):
            stack.append(vars(obj))
            names = _attribute_names(obj)
        elif type(obj) in _NAMES_OF_CLASS:
            names = _NAMES_OF_CLASS[type(obj)]
        else:
            names = _NAMES_OF_CLASS[type(obj)] = _attribute_names(obj)
        for name in names:
            try:
                stack.append(getattr(obj, name))
            except Exception:  # a property that refuses (a view's score when hidden)
                continue
    return list(found.values())


JUNK = RoundStarted(99, 0)


class MeddlingBot:
    """A hostile bot: it plays as a RandomBot would, and meanwhile reads everything it reaches
    from its view and changes everything it can, by every path Python gives it short of gc."""

    def __init__(self, rng: Rng) -> None:
        self.honest = RandomBot(rng)
        self.found: set[Card] = set()
        self.changed: list[str] = []
        self.refused: set[str] = set()

    def choose(self, view: SeatView) -> Action:
        action = self.honest.choose(view)
        copies = [copy.copy(view), copy.deepcopy(view), pickle.loads(pickle.dumps(view))]
        own_dicts = {id(vars(one)) for one in (view, *copies)}
        tried: set[type] = set()
        for obj in by_attributes((view, *copies, vars(view), view.__dict__)):
            if isinstance(obj, Card):
                self.found.add(obj)
            elif isinstance(obj, list | dict | set | deque) and id(obj) not in own_dicts:
                if isinstance(obj, dict) and isinstance(obj.get("_value_"), str | int):
                    continue  # an enum member's: a constant of the process, not the game's
                self.meddle(obj)
            if type(obj) not in tried:  # each class refuses alike
                tried.add(type(obj))
                self.set_attributes(obj)
        for one in (view, *copies):
            # A view's own attributes are its own: this changes that view alone.
            vars(one).update(hand=(), hands=(), history=(JUNK,), legal_actions=())
        return action

    def meddle(self, container: list[object] | dict[object, object] | set[object]) -> None:
        self.changed.append(type(container).__name__)
        if isinstance(container, list | deque):
            container.insert(0, JUNK)
        elif isinstance(container, dict):
            container.clear()
        else:
            container.clear()

    def set_attributes(self, obj: object) -> None:
        if isinstance(obj, type | types.ModuleType | Colour | DecisionKind | SeatView):
            return
        names = [name for name in dir(obj) if not name.startswith("__")]
        slots = getattr(type(obj), "__slots__", ())
        for name in [*names, *([slots] if isinstance(slots, str) else slots)]:
            for attempt in (partial(setattr, obj, name, None), partial(delattr, obj, name)):
                try:
                    attempt()
                except (AttributeError, TypeError) as refusal:
                    self.refused.add(type(refusal).__name__)
                else:
                    self.changed.append(f"{type(obj).__name__}.{name}")


class Watcher:
    """An honest bot that notes everything its views showed."""

    def __init__(self, rng: Rng) -> None:
        self.honest = RandomBot(rng)
        self.seen: list[tuple[object, ...]] = []

    def choose(self, view: SeatView) -> Action:
        fields = tuple(getattr(view, field.name) for field in attrs.fields(SeatView))
        self.seen.append((*fields, tuple(view.history)))
        return self.honest.choose(view)


@pytest.mark.parametrize("players", [pytest.param(3, marks=pytest.mark.slow), 5])
def test_a_meddling_bot_reads_no_hidden_card_and_changes_nothing(players: int) -> None:
    """Through its view (attributes, name-mangled ones, ``__dict__``, ``vars()``, what they
    hold, a copy, a deep copy and a pickle) a bot reaches no container of the game's and no
    hidden card: the game and what every other seat saw are those of an honest bot's game.
    Before, ``view.history._History__shown`` was the game's own list of the events as the
    table saw them, and changing it changed every other seat's history."""
    seed = f"meddle-{players}"

    def play(first: MeddlingBot | Watcher) -> tuple[Game, list[Watcher]]:
        others = [Watcher(Rng(f"{seed}/{seat}")) for seat in range(1, players)]
        game = simulate(players, seed, bots=[first, *others]).game
        return game, others

    honest_game, honest_watchers = play(Watcher(Rng(f"{seed}/0")))
    meddler = MeddlingBot(Rng(f"{seed}/0"))
    game, watchers = play(meddler)
    assert game.actions == honest_game.actions and game.events == honest_game.events
    assert [w.seen for w in watchers] == [w.seen for w in honest_watchers]
    assert game.view(0) == honest_game.view(0)
    assert meddler.changed == []
    assert meddler.refused == {"AttributeError", "FrozenInstanceError"}
    assert meddler.found and not meddler.found & hidden_from(game, 0)


def test_a_meddling_bot_reads_no_card_hidden_at_its_decision() -> None:
    game = Game.new(Deal.from_seed("meddle-each", 4))
    meddler = MeddlingBot(Rng("meddle-each/0"))
    others = [RandomBot(Rng(f"meddle-each/{seat}")) for seat in range(4)]
    while game.to_act is not None:
        seat = game.to_act.seat
        if seat == 0:
            meddler.found.clear()
            game.apply(meddler.choose(game.view(0)))
            assert meddler.found and not meddler.found & hidden_from(game, 0)
        else:
            game.apply(others[seat].choose(game.view(seat)))
    assert meddler.changed == []


# -- bots see views only -----------------------------------------------------------------------


def test_simulate_hands_the_bots_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[object] = []
    choose = RandomBot.choose

    def spy(self: RandomBot, view: SeatView | Game) -> Action:
        handed.append(view)
        return choose(self, view)

    monkeypatch.setattr(RandomBot, "choose", spy)
    result = simulate(4, "views-only", "random")
    assert len(handed) == len(result.game.actions)
    assert all(type(view) is SeatView for view in handed)


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_a_bot_handed_a_view_of_another_seat_refuses(bot: type[RandomBot | GreedyBot]) -> None:
    game = Game.new(Deal.from_seed("turn", 4))
    with pytest.raises(ValueError, match="it is not Player 2's turn"):
        bot(Rng("x")).choose(game.view(1))
