"""What a hidden card can still be (gargon_notation.engine.possible, issue #10).

- exact outcomes on hand-made positions: the deal, a seat's own cards, cards played face down,
  won cards remembered, the last copy of a 0, ``X?`` cards, contradictions;
- against brute force: every assignment of the unseen cards to the hidden places enumerated,
  on small generated cases and on small cases cut out of real simulated games;
- against a general matching algorithm (an edge is in some perfect matching iff it is in a
  given one or joins one strongly connected component of the alternating graph), on whole
  tables of simulated games and of records with ``X?`` cards;
- properties over random games: the true card of every hidden place is always possible, a
  seat view's sets are the state's for that seat, and a seat's sets never depend on the
  values hidden from it.
"""

from __future__ import annotations

import itertools
import os
import pickle
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest
from conftest import cards, deal_with, texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gargon_notation.bots import simulate
from gargon_notation.cards import COPIES, DECK, UNKNOWN, AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine import (
    Deal,
    DecisionKind,
    Game,
    GameState,
    Place,
    PlaceKind,
    Play,
    Possible,
    Rng,
    possible_cards,
)
from gargon_notation.notation import parse_game
from gargon_notation.replay import replay
from gargon_notation.rules import Ruleset

HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FAST = settings(
    derandomize=True,
    deadline=None,
    max_examples=500 if HEAVY else 60,
    suppress_health_check=[HealthCheck.too_slow],
)
GAMES = settings(
    derandomize=True,
    deadline=None,
    max_examples=60 if HEAVY else 2,
    suppress_health_check=[HealthCheck.too_slow],
)


def back(colour: Colour | None) -> HiddenCard:
    return UNKNOWN if colour is None else HiddenCard(colour)


def colour_cards(colour: Colour) -> frozenset[Card]:
    return frozenset(card for card in COPIES if card.colour is colour)


def pile(k: int) -> Place:
    return Place(PlaceKind.PILE, 1, k)


def texts_of(cards_: frozenset[Card]) -> list[str]:
    return sorted(str(card) for card in cards_)


def without(unseen: Sequence[Card]) -> list[Card]:
    """The deck less ``unseen``: the cards known when exactly ``unseen`` are not seen."""
    known = list(DECK)
    for card in unseen:
        known.remove(card)
    return known


def card_in_slot(state: GameState, place: Place) -> AnyCard:
    """The card a (whole) state holds at ``place``, a hand's place taken as its slot."""
    if place.kind is PlaceKind.HAND:
        return state.hands[place.owner][place.index]
    return card_at(state, place, None)


def colour_rank(card: AnyCard) -> int:
    """The order of the backs of a hand hidden from an observer: ``X?``, then W B V Y R G."""
    return -1 if card.colour is None else card.colour.index


def card_at(state: GameState, place: Place, seat: int | None) -> AnyCard:
    """The card a (whole) state holds at ``place`` as ``seat`` (None: the public) numbers the
    places: the seat's own hand by slot, a hand hidden from it in colour order, stable (the
    i-th back as the seat's view lists them; which slot a card lies in is hidden)."""
    if place.kind is PlaceKind.HAND:
        hand = state.hands[place.owner]
        if place.owner != seat:
            hand = tuple(sorted(hand, key=colour_rank))
        return hand[place.index]
    if place.kind is PlaceKind.PILE:
        return state.piles[place.owner - 1][place.index]
    if place.kind is PlaceKind.FRONT:
        return state.front[place.owner][place.index]
    return state.won[place.owner][place.index]


# -- the two references -----------------------------------------------------------------------


def brute_force(
    hidden: dict[Place, HiddenCard], unseen: Sequence[Card]
) -> dict[Place, frozenset[Card]] | None:
    """Every assignment of distinct unseen cards (copies told apart) to all the hidden places,
    tried one by one; None when none fits."""
    places = list(hidden)
    found: dict[Place, set[Card]] = {place: set() for place in places}
    fits = False
    for chosen in itertools.permutations(range(len(unseen)), len(places)):
        if all(
            hidden[place].colour in (None, unseen[j].colour)
            for place, j in zip(places, chosen, strict=True)
        ):
            fits = True
            for place, j in zip(places, chosen, strict=True):
                found[place].add(unseen[j])
    return {place: frozenset(found[place]) for place in places} if fits else None


def by_matching(
    hidden: dict[Place, HiddenCard], unseen: Sequence[Card]
) -> dict[Place, frozenset[Card]]:
    """The cards each place takes in some perfect matching of places and unseen cards, by the
    textbook method: find one perfect matching (augmenting paths); an edge outside it is in
    another exactly when it joins one strongly connected component of the graph with the
    matching's edges pointing from cards to places and the others from places to cards."""
    places = list(hidden)
    n = len(places)
    assert n == len(unseen)
    accepts = [
        [j for j, card in enumerate(unseen) if hidden[place].colour in (None, card.colour)]
        for place in places
    ]
    owner = [-1] * n  # card -> place
    order = sorted(range(n), key=lambda i: len(accepts[i]))
    for i in order:  # a greedy start, then augmenting paths for what it left
        for j in accepts[i]:
            if owner[j] < 0:
                owner[j] = i
                break
    matched = set(owner)

    def augment(i: int, seen: list[bool]) -> bool:
        for j in accepts[i]:
            if not seen[j]:
                seen[j] = True
                if owner[j] < 0 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in order:
        if i not in matched:
            assert augment(i, [False] * n), "no perfect matching"
            matched = set(owner)
    mate = [0] * n  # place -> card
    for j, i in enumerate(owner):
        mate[i] = j
    # Nodes 0..n-1 are places, n..2n-1 cards.
    edges: list[list[int]] = [[n + j for j in accepts[i] if j != mate[i]] for i in range(n)]
    edges += [[owner[j]] for j in range(n)]
    component = strongly_connected(edges)
    return {
        place: frozenset(
            unseen[j] for j in accepts[i] if j == mate[i] or component[i] == component[n + j]
        )
        for i, place in enumerate(places)
    }


def strongly_connected(edges: list[list[int]]) -> list[int]:
    """Each node's strongly connected component (Kosaraju, without recursion)."""
    size = len(edges)
    finished: list[int] = []
    visited = [False] * size
    for root in range(size):
        if visited[root]:
            continue
        visited[root] = True
        stack: list[tuple[int, Iterator[int]]] = [(root, iter(edges[root]))]
        while stack:
            node, rest = stack[-1]
            for following in rest:
                if not visited[following]:
                    visited[following] = True
                    stack.append((following, iter(edges[following])))
                    break
            else:
                stack.pop()
                finished.append(node)
    reverse: list[list[int]] = [[] for _ in range(size)]
    for node, targets in enumerate(edges):
        for target in targets:
            reverse[target].append(node)
    component = [-1] * size
    for root in reversed(finished):
        if component[root] >= 0:
            continue
        component[root] = root
        todo = [root]
        while todo:
            node = todo.pop()
            for source in reverse[node]:
                if component[source] < 0:
                    component[source] = root
                    todo.append(source)
    return component


def hidden_and_unseen(possible: Possible) -> tuple[dict[Place, HiddenCard], list[Card]]:
    return dict(possible.backs), list(possible.unseen)


# -- hand-made positions --------------------------------------------------------------------


def test_at_the_deal_the_public_knows_only_the_colours() -> None:
    state = Game.new(Deal.from_seed("possible", players=4)).snapshot()
    public = state.possible()
    assert len(public) == 102
    assert public.unseen == DECK
    for place, allowed in public.items():
        colour = card_at(state, place, None).colour
        assert colour is not None
        assert allowed == colour_cards(colour)
    assert str(public) == "; ".join(f"17 {c.letter}? of 0-15" for c in Colour)


def test_a_seat_rules_out_its_own_cards_and_no_more() -> None:
    deal = deal_with(["Y2 Y6 R9 W1 W10 B0 B0", "Y3 R0", "V5", "G7"])
    state = Game.new(deal).snapshot()
    adam = state.possible(0)
    assert not [place for place in adam if place.kind is PlaceKind.HAND and place.owner == 0]
    assert len(adam) == 92
    yellow = next(place for place in adam if card_at(state, place, 0) == Card.parse("Y3"))
    assert texts_of(adam[yellow]) == texts_of(colour_cards(Colour.YELLOW) - set(cards("Y2 Y6")))
    blue = next(place for place in adam if adam.backs[place] == HiddenCard(Colour.BLUE))
    assert Card.parse("B0") not in adam[blue]  # Adam holds both blue 0s
    red = next(place for place in adam if adam.backs[place] == HiddenCard(Colour.RED))
    assert Card.parse("R0") in adam[red] and Card.parse("R9") not in adam[red]
    # Adam's first yellow back as the others see his hand: in colour order, not by slot.
    assert texts(state.hands[0]) == "Y2 Y6 R9 W1 W10 B0 B0 W0 W0 W2"
    assert texts(state.seen_by(1).hands[0]) == "W? W? W? W? W? B? B? Y? Y? R?"
    adams_y2 = Place(PlaceKind.HAND, 0, 7)
    assert card_at(state, adams_y2, 1) == card_at(state, adams_y2, None) == Card.parse("Y2")
    assert state.possible(1)[adams_y2] == colour_cards(Colour.YELLOW) - set(cards("Y3"))
    assert state.possible()[adams_y2] == colour_cards(Colour.YELLOW)


def test_cards_played_face_down_stay_hidden_until_the_battle(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal, names=("Adam", "Bernd", "Collette", "Dagmar"))
    game.apply(Play(0, cards("Y2 Y6 R9")))
    state = game.snapshot()
    laid = [place for place in state.possible() if place.kind is PlaceKind.FRONT]
    assert laid == [Place(PlaceKind.FRONT, 0, k) for k in range(3)]
    assert [str(state.possible().backs[place]) for place in laid] == ["Y?", "Y?", "R?"]
    assert not [place for place in state.possible(0) if place.kind is PlaceKind.FRONT]
    assert laid == [place for place in state.possible(2) if place.kind is PlaceKind.FRONT]
    game.apply(game.legal_actions()[0])  # Bernd passes
    game.apply(Play(2, cards("B8 B2 R8")))
    game.apply(Play(3, cards("R14 R0 B12")))
    assert game.to_act is not None and game.to_act.kind is DecisionKind.CHOOSE
    public = game.snapshot().possible()
    assert not [place for place in public if place.kind is PlaceKind.FRONT]
    assert set(cards("Y2 Y6 R9 B8 B2 R8 R14 B12")).isdisjoint(public.unseen)
    assert public.unseen.count(Card.parse("R0")) == 1
    red = next(place for place in public if public.backs[place] == HiddenCard(Colour.RED))
    assert Card.parse("R0") in public[red]  # the other red 0 is still unseen
    assert Card.parse("R14") not in public[red]


def test_won_cards_are_remembered_though_they_lie_face_down(rulebook_deal: Deal) -> None:
    game = Game.new(rulebook_deal)
    game.apply(Play(0, cards("Y2 Y6 R9")))
    game.apply(game.legal_actions()[0])
    game.apply(Play(2, cards("B8 B2 R8")))
    game.apply(Play(3, cards("R14 R0 B12")))
    game.apply(game.legal_actions()[0])  # Adam fights yellow: wins Y2 Y6 alone
    state = game.snapshot()
    assert state.won[0] == cards("Y6 Y2")
    for seat in (None, 1, 2, 3):
        possible = state.possible(seat)
        assert not [place for place in possible if place.kind is PlaceKind.WON]
        assert Card.parse("Y6") not in possible.unseen
        assert game.view(seat if seat is not None else 1).possible() == state.possible(
            seat if seat is not None else 1
        )
    masked = state.seen_by(1)  # a mask shows Adam's won cards as backs: they are hidden there
    won = [place for place in masked.possible(1) if place.kind is PlaceKind.WON]
    assert won == [Place(PlaceKind.WON, 0, 0), Place(PlaceKind.WON, 0, 1)]


def test_the_last_copy_of_a_zero() -> None:
    places = {pile(0): HiddenCard(Colour.RED), pile(1): HiddenCard(Colour.RED)}
    unseen = cards("R0 R0")
    assert possible_cards(places, without(unseen))[pile(0)] == {Card.parse("R0")}
    one = {pile(0): HiddenCard(Colour.RED)}
    assert possible_cards(one, without(cards("R0")))[pile(0)] == {Card.parse("R0")}
    assert possible_cards(one, without(cards("R5")))[pile(0)] == {Card.parse("R5")}


def test_an_unknown_card_takes_only_colours_with_a_card_to_spare() -> None:
    unseen = cards("R3 R7 G5")
    hidden = {pile(0): back(Colour.RED), pile(1): back(Colour.RED), pile(2): UNKNOWN}
    result = possible_cards(hidden, without(unseen))
    assert texts_of(result[pile(0)]) == ["R3", "R7"]
    assert texts_of(result[pile(2)]) == ["G5"]
    assert str(result) == "2 R? of 3 7; 1 X? of G 5"
    assert result.groups() == (
        (back(Colour.RED), 2, frozenset(cards("R3 R7"))),
        (UNKNOWN, 1, frozenset(cards("G5"))),
    )


def test_more_unseen_cards_than_places_leave_some_nowhere() -> None:
    unseen = cards("R3 R7 G5")
    result = possible_cards({pile(0): UNKNOWN}, without(unseen))
    assert texts_of(result[pile(0)]) == ["G5", "R3", "R7"]


@pytest.mark.parametrize(
    ("hidden", "unseen", "message"),
    [
        ({pile(0): back(Colour.RED)}, "G5", "1 hidden red place, but no red card is unseen"),
        (
            {pile(0): back(Colour.RED), pile(1): back(Colour.RED), pile(2): UNKNOWN},
            "R3 G5 G6",
            "2 hidden red places, but only 1 red card is unseen",
        ),
        ({pile(0): UNKNOWN, pile(1): UNKNOWN}, "G5", "2 hidden places, but only 1 card is unseen"),
    ],
)
def test_a_contradiction_is_refused(
    hidden: dict[Place, HiddenCard], unseen: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        possible_cards(hidden, without(cards(unseen)))


def test_a_card_known_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="R9 is known more often than the deck's 1"):
        possible_cards({}, [*DECK, Card.parse("R9")])


def test_a_seat_not_at_the_table_is_refused() -> None:
    state = Game.new(Deal.from_seed("possible", players=3)).snapshot()
    with pytest.raises(ValueError, match="no seat 3"):
        state.possible(3)


def test_a_possible_is_a_frozen_mapping() -> None:
    state = Game.new(Deal.from_seed("possible", players=3)).snapshot()
    possible = state.possible(0)
    assert possible == state.possible(0) and hash(possible) == hash(state.possible(0))
    assert possible != state.possible(1)
    assert dict(possible) == possible
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        possible.unseen = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        possible.backs[pile(0)] = UNKNOWN  # type: ignore[index]
    assert repr(possible) == "<Possible: 92 hidden cards, 92 unseen>"
    again = pickle.loads(pickle.dumps(possible))
    assert again == possible and again.by_back == possible.by_back
    assert again.unseen == possible.unseen


def test_a_table_record_with_unknown_colours() -> None:
    record = parse_game((EXAMPLES / "table-record.ggn").read_text(encoding="utf-8"))
    result = replay(record)
    state = result.state_after(7)
    public = state.possible()
    unknown = [place for place in public if public.backs[place] == UNKNOWN]
    assert len(unknown) == 16
    assert str(public).endswith(
        "16 X? of W 0-13 15, B 0-10 12 14, V 0-10 12 14, Y 0-12 14, R 0-5 7 9 11-13 15, "
        "G 0-10 12-14"
    )
    assert dict(public) == by_matching(*hidden_and_unseen(public))


# -- against brute force ---------------------------------------------------------------------


@st.composite
def small_cases(draw: st.DrawFn) -> tuple[dict[Place, HiddenCard], list[Card]]:
    """Up to seven unseen cards of up to three colours (0s twice), and as many hidden places
    or fewer, each showing its colour, ``X?``, or (sometimes) any colour at all."""
    colours = draw(st.lists(st.sampled_from(list(Colour)), min_size=1, max_size=3, unique=True))
    pool = [card for card in DECK if card.colour in colours and card.value <= 3]
    unseen = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=7))
    for card in set(unseen):  # no more copies than the deck holds
        while unseen.count(card) > COPIES[card]:
            unseen.remove(card)
    count = draw(st.integers(1, len(unseen)))
    wild = draw(st.booleans())
    hidden: dict[Place, HiddenCard] = {}
    for k, card in enumerate(unseen[:count]):
        if wild:
            colour = draw(st.sampled_from([None, *colours]))
        else:
            colour = draw(st.sampled_from([None, card.colour]))
        hidden[pile(k)] = back(colour)
    return hidden, unseen


@FAST
@given(small_cases())
def test_small_cases_agree_with_brute_force(
    case: tuple[dict[Place, HiddenCard], list[Card]],
) -> None:
    hidden, unseen = case
    expected = brute_force(hidden, unseen)
    if expected is None:
        with pytest.raises(ValueError):
            possible_cards(hidden, without(unseen))
        return
    result = possible_cards(hidden, without(unseen))
    assert dict(result) == expected
    assert Counter(result.unseen) == Counter(unseen)
    if len(hidden) == len(unseen):
        assert dict(result) == by_matching(hidden, unseen)


def cut_out(state: GameState, rng: Rng, size: int) -> tuple[dict[Place, HiddenCard], list[Card]]:
    """A small case from a real table: ``size`` places of the public's hidden ones stay hidden
    (each showing its colour or, one time in three, ``X?``); every other card is known."""
    public = state.possible()
    places = list(public)
    chosen = [places.pop(rng.below(len(places))) for _ in range(min(size, len(places)))]
    hidden: dict[Place, HiddenCard] = {}
    unseen: list[Card] = []
    for place in chosen:
        card = card_at(state, place, None)
        assert isinstance(card, Card)
        unseen.append(card)
        hidden[place] = UNKNOWN if rng.below(3) == 0 else back(card.colour)
    return hidden, unseen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_small_cases_cut_out_of_late_positions_agree_with_brute_force(players: int) -> None:
    for k in range(12 if HEAVY else 3):
        game = simulate(players, f"late-{players}-{k}").game
        replayed = Game.new(Deal.from_seed(f"late-{players}-{k}", players))
        rng = Rng(f"cut-{players}-{k}")
        last = len(game.actions)
        for number, action in enumerate(game.actions, start=1):
            replayed.push(action)
            if number < last * 2 // 3 or number % 4:
                continue
            hidden, unseen = cut_out(replayed.snapshot(), rng, 2 + rng.below(5))
            result = possible_cards(hidden, without(unseen))
            assert dict(result) == brute_force(hidden, unseen)


# -- against a general matching, on whole tables ---------------------------------------------


def test_whole_tables_agree_with_a_general_matching() -> None:
    rng = Rng("whole")
    for k in range(8 if HEAVY else 3):
        players = 3 + k % 3
        seed = f"whole-{k}"
        game = simulate(players, seed).game
        replayed = Game.new(Deal.from_seed(seed, players))
        for number, action in enumerate(game.actions):
            if number % 9 == 0:
                state = replayed.snapshot()
                for seat in (None, rng.below(players)):
                    possible = state.possible(seat)
                    assert dict(possible) == by_matching(*hidden_and_unseen(possible))
                # Some backs turned to X?, as in a record that did not note their colour.
                hidden, unseen = hidden_and_unseen(state.possible())
                for place in list(hidden):
                    if rng.below(4) == 0:
                        hidden[place] = UNKNOWN
                known = without(unseen)
                assert dict(possible_cards(hidden, known)) == by_matching(hidden, unseen)
            replayed.push(action)


@pytest.mark.parametrize("name", ["table-record.ggn", "rulebook-round.ggn"])
def test_records_with_unknown_cards_agree_with_a_general_matching(name: str) -> None:
    result = replay(parse_game((EXAMPLES / name).read_text(encoding="utf-8")))
    for step in range(0, len(result.steps) + 1, 1 if HEAVY else 3):
        state = result.state_after(step)
        for seat in (None, step % state.players):
            possible = state.possible(seat)
            assert dict(possible) == by_matching(*hidden_and_unseen(possible))


# -- properties over random games -------------------------------------------------------------


def places_hidden_from(state: GameState, seat: int | None) -> set[Place]:
    """Where a whole state holds a card the observer does not see (the rules of visibility,
    written out once more)."""
    face_down = state.to_act is not None and state.to_act.kind is DecisionKind.PLAY_OR_PASS
    found = {
        Place(PlaceKind.HAND, other, k)
        for other, hand in enumerate(state.hands)
        if other != seat
        for k in range(len(hand))
    }
    found |= {
        Place(PlaceKind.PILE, number, k)
        for number, cards_ in enumerate(state.piles, start=1)
        for k in range(len(cards_))
    }
    if face_down:
        found |= {
            Place(PlaceKind.FRONT, other, k)
            for other, front in enumerate(state.front)
            if other != seat
            for k in range(len(front))
        }
    return found


def shuffled_behind(state: GameState, seat: int, rng: Rng) -> GameState:
    """The state with the cards hidden from ``seat`` dealt anew among the same places, each
    colour among its own places: the same table as far as the seat can know."""
    hidden = sorted(places_hidden_from(state, seat), key=lambda p: (p.kind.value, p.owner, p.index))
    by_colour: dict[Colour | None, list[Place]] = {}
    for place in hidden:
        by_colour.setdefault(card_in_slot(state, place).colour, []).append(place)
    moved: dict[Place, AnyCard] = {}
    for places in by_colour.values():
        for place, card in zip(
            places, rng.shuffled([card_in_slot(state, p) for p in places]), strict=True
        ):
            moved[place] = card

    def zone(
        kind: PlaceKind, zones: Sequence[Sequence[AnyCard]], first: int = 0
    ) -> tuple[tuple[AnyCard, ...], ...]:
        return tuple(
            tuple(moved.get(Place(kind, owner, k), card) for k, card in enumerate(cards_))
            for owner, cards_ in enumerate(zones, start=first)
        )

    hands = zone(PlaceKind.HAND, state.hands)
    piles = zone(PlaceKind.PILE, state.piles, first=1)
    front = zone(PlaceKind.FRONT, state.front)
    return attrs.evolve(state, hands=hands, piles=(piles[0], piles[1]), front=front)


@pytest.mark.slow
@GAMES
@given(
    seed=st.text("abcdefgh0123456789", min_size=1, max_size=8),
    players=st.sampled_from([3, 4, 5]),
    every=st.integers(2, 6),
)
def test_the_true_card_is_always_possible_and_nothing_leaks(
    seed: str, players: int, every: int
) -> None:
    game = simulate(players, seed).game
    replayed = Game.new(Deal.from_seed(seed, players))
    rng = Rng(f"leak-{seed}")
    for number in range(len(game.actions) + 1):
        if number % every == 0 or number == len(game.actions):
            state = replayed.snapshot()
            for seat in (None, *range(players)):
                possible = state.possible(seat)
                assert set(possible) == places_hidden_from(state, seat)
                truth = Counter()
                for place, allowed in possible.items():
                    card = card_at(state, place, seat)
                    assert isinstance(card, Card)
                    assert card in allowed
                    truth[card] += 1
                assert truth == Counter(possible.unseen)
                if seat is not None:
                    assert replayed.view(seat).possible() == possible
                    assert shuffled_behind(state, seat, rng).possible(seat) == possible
        if number < len(game.actions):
            replayed.push(game.actions[number])


def test_a_seat_view_depends_only_on_what_the_seat_knows() -> None:
    """Two deals that look the same to seat 1 (the others' cards dealt anew, colour by
    colour) give seat 1 the same sets, though the public's places hold other cards."""
    deal = Deal.from_seed("twins", players=4)
    state = Game.new(deal).snapshot()
    twin = shuffled_behind(state, 1, Rng("twins"))
    assert twin.hands != state.hands and twin.hands[1] == state.hands[1]
    other = Deal(twin.hands, twin.piles)
    assert Game.new(other).view(1).possible() == Game.new(deal).view(1).possible()
    assert Game.new(other).view(0).possible() != Game.new(deal).view(0).possible()


def test_with_won_cards_face_up_a_view_sees_them_directly() -> None:
    ruleset = Ruleset(won_cards_face_up=True)
    game = simulate(4, "face-up", ruleset=ruleset).game
    replayed = Game.new(Deal.from_seed("face-up", 4), ruleset=ruleset)
    for number, action in enumerate(game.actions):
        if number % 7 == 0:
            state = replayed.snapshot()
            for seat in range(4):
                assert replayed.view(seat).possible() == state.possible(seat)
        replayed.push(action)
