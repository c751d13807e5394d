"""The deal: explicit deals, their checks, the seeded shuffle and its published test vectors."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import cards, deal_with, texts

from gargon_notation.cards import DECK, UNKNOWN, Card, Colour, HiddenCard
from gargon_notation.engine import SHUFFLE_ALGORITHM, Deal, Game, Rng, pile_size
from gargon_notation.errors import ArgumentError, RuleViolation
from gargon_notation.rules import Ruleset

VECTORS = Path(__file__).parent / "data" / "shuffle_vectors.json"

# -- an independent implementation of the documented algorithm (sha256-fy-1) ------------


def spec_words(seed: str) -> Iterator[int]:
    """Step 1: SHA-256 in counter mode, four big-endian 64-bit words per block, in order."""
    block_number = 0
    while True:
        digest = hashlib.sha256(
            seed.encode("utf-8") + b"\x00" + block_number.to_bytes(8, "big")
        ).digest()
        for start in range(0, 32, 8):
            yield int.from_bytes(digest[start : start + 8], "big")
        block_number += 1


def spec_below(words: Iterator[int], n: int) -> int:
    """Step 2: rejection sampling below ``n``."""
    while True:
        x = next(words)
        if x < 2**64 - 2**64 % n:
            return x % n


def spec_deal(seed: str, players: int) -> tuple[list[list[str]], list[list[str]]]:
    """Steps 3 and 4: Fisher-Yates from i=101 down to 1, then hands of 10 and two halves."""
    words = spec_words(seed)
    deck = [str(card) for card in DECK]
    for i in range(101, 0, -1):
        j = spec_below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [deck[10 * seat : 10 * seat + 10] for seat in range(players)]
    rest = deck[10 * players :]
    half = len(rest) // 2
    return hands, [rest[:half], rest[half:]]


def as_text(deal: Deal) -> tuple[list[list[str]], list[list[str]]]:
    return (
        [[str(card) for card in hand] for hand in deal.hands],
        [[str(card) for card in pile] for pile in deal.piles],
    )


# -- Rng ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["", "gargon", "demo", "Zürich ♥", "a\x00b"])
def test_rng_words_follow_the_spec(seed: str) -> None:
    rng = Rng(seed)
    words = spec_words(seed)
    assert [rng.next_u64() for _ in range(13)] == [next(words) for _ in range(13)]


def test_rng_first_word_is_the_first_eight_bytes_of_block_zero() -> None:
    digest = hashlib.sha256(b"gargon\x00" + bytes(8)).digest()
    assert Rng("gargon").next_u64() == int.from_bytes(digest[:8], "big")


@pytest.mark.parametrize("n", [1, 2, 6, 102, 2**32 + 7, 2**63 + 1, 3 * 2**62])
def test_rng_below_follows_the_spec_including_rejection(n: int) -> None:
    # For n = 2**63 + 1 about half of all words are rejected, so the sampler's rejection
    # path is exercised many times here.
    rng = Rng("rejection")
    words = spec_words("rejection")
    got = [rng.below(n) for _ in range(60)]
    assert got == [spec_below(words, n) for _ in range(60)]
    assert all(0 <= x < n for x in got)


def test_rng_below_rejects_a_word_at_or_above_the_limit() -> None:
    n = 2**63 + 1
    limit = 2**64 - 2**64 % n
    words = list(_take(spec_words("rejection"), 200))
    rejected = [k for k, word in enumerate(words) if word >= limit]
    assert rejected, "the seed should give rejected words for this bound"
    rng = Rng("rejection")
    expected = [word % n for word in words if word < limit]
    assert [rng.below(n) for _ in range(len(expected))] == expected


def _take(iterator: Iterator[int], count: int) -> Iterator[int]:
    for _ in range(count):
        yield next(iterator)


def test_rng_stream_vector_published_in_the_docs() -> None:
    digest = hashlib.sha256(bytes.fromhex("64656d6f00" + "00" * 8)).hexdigest()
    assert digest == ("abe41e868b5a9cc3d66f46d25cfb937df8cbf8d6bab54b24af03068f62f500dc")
    rng = Rng("demo")
    assert [f"{rng.next_u64():016x}" for _ in range(4)] == [
        "abe41e868b5a9cc3",
        "d66f46d25cfb937d",
        "f8cbf8d6bab54b24",
        "af03068f62f500dc",
    ]


def test_rng_documented_example_and_errors() -> None:
    rng = Rng("demo")
    assert [rng.below(6) for _ in range(5)] == [3, 5, 2, 2, 5]
    with pytest.raises(ValueError, match="below\\(\\) needs a positive bound"):
        Rng("demo").below(0)
    with pytest.raises(ValueError):
        Rng("demo").below(-3)


def test_rng_choice_and_shuffled_use_below() -> None:
    items = list("abcdefghij")
    words = spec_words("pick")
    expected_choice = items[spec_below(words, 10)]
    assert Rng("pick").choice(items) == expected_choice
    shuffled = Rng("pick").shuffled(items)
    words = spec_words("pick")
    reference = list(items)
    for i in range(9, 0, -1):
        j = spec_below(words, i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert shuffled == reference
    assert sorted(shuffled) == items
    assert items == list("abcdefghij")


def test_a_long_shuffle_follows_the_spec_and_keeps_no_steps() -> None:
    """Lists longer than a deck (a library user's) are shuffled by the same steps, computed
    as they go rather than kept, so that memory does not grow with the lengths seen."""
    from gargon_notation.engine import deal

    size = deal._KEPT_SWAPS + 50
    kept = deal._swaps.cache_info().currsize
    shuffled = Rng("long").shuffled(range(size))
    words = spec_words("long")
    reference = list(range(size))
    for i in range(size - 1, 0, -1):
        j = spec_below(words, i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert shuffled == reference
    assert deal._swaps.cache_info().currsize == kept


# -- seeded deals ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "players"),
    [("gargon", 4), ("test-vector-1", 3), ("", 5), ("demo", 4), ("x", 3), ("Zürich ♥", 5)],
)
def test_seeded_deal_matches_an_independent_implementation(seed: str, players: int) -> None:
    assert as_text(Deal.from_seed(seed, players)) == spec_deal(seed, players)


def test_seeded_deal_is_deterministic_and_seed_sensitive() -> None:
    assert Deal.from_seed("gargon", 4) == Deal.from_seed("gargon", 4)
    assert Deal.from_seed("gargon", 4) != Deal.from_seed("gargon ", 4)
    assert Deal.from_seed("gargon", 4) != Deal.from_seed("Gargon", 4)
    for seed in ("gargon", "", "test-vector-1"):
        for players in (3, 4, 5):
            deal = Deal.from_seed(seed, players)
            assert Counter(deal.cards()) == Counter(DECK)
            assert [len(hand) for hand in deal.hands] == [10] * players
            assert [len(pile) for pile in deal.piles] == [pile_size(players)] * 2
            deal.check()


def test_shuffle_vector_gargon_4_players() -> None:
    deal = Deal.from_seed("gargon", players=4)
    assert texts(deal.hands[0]) == "Y0 Y5 B10 V0 Y14 B0 V0 R4 W9 V7"
    assert texts(deal.piles[0][:5]) == "G2 R8 B1 Y3 V3"
    assert texts(deal.piles[1][:5]) == "R13 B15 G5 Y0 G1"


def test_shuffle_vector_test_vector_1_3_players() -> None:
    deal = Deal.from_seed("test-vector-1", players=3)
    assert texts(deal.hands[0]) == "B0 Y0 W13 B4 G8 W2 B5 B9 W15 B10"
    assert texts(deal.piles[0][:5]) == "G12 B11 G7 G1 V2"
    assert texts(deal.piles[1][:5]) == "R5 Y5 V9 B15 R11"


def test_shuffle_vector_empty_seed_5_players() -> None:
    deal = Deal.from_seed("", players=5)
    assert texts(deal.hands[0]) == "R14 B0 V15 V8 B13 B7 R15 Y0 V13 Y15"
    assert texts(deal.piles[0][:5]) == "W7 W4 W3 Y3 R6"
    assert texts(deal.piles[1][:5]) == "V10 V1 R12 V11 Y8"


def test_published_shuffle_vectors_file_matches_the_code() -> None:
    document = json.loads(VECTORS.read_text(encoding="utf-8"))
    assert document["algorithm"] == SHUFFLE_ALGORITHM == "sha256-fy-1"
    assert document["hand_size"] == 10
    seen = [(vector["seed"], vector["players"]) for vector in document["vectors"]]
    assert seen == [("gargon", 4), ("test-vector-1", 3), ("", 5)]
    for vector in document["vectors"]:
        deal = Deal.from_seed(vector["seed"], vector["players"])
        assert vector["hands"] == [texts(hand) for hand in deal.hands]
        assert vector["piles"] == [texts(pile) for pile in deal.piles]
        assert len(vector["hands"]) == vector["players"]
        assert [len(pile.split()) for pile in vector["piles"]] == [pile_size(vector["players"])] * 2


def test_from_seed_rejects_an_unknown_algorithm() -> None:
    with pytest.raises(ValueError, match="unknown shuffle algorithm 'fy-2'"):
        Deal.from_seed("gargon", 4, algorithm="fy-2")
    assert Deal.from_seed("gargon", 4, algorithm="sha256-fy-1") == Deal.from_seed("gargon", 4)


# -- explicit deals and their checks -------------------------------------------------------


def test_pile_sizes() -> None:
    assert [pile_size(players) for players in (3, 4, 5)] == [36, 31, 26]
    assert pile_size(4, hand_size=5) == 41


def test_from_order_deals_hands_then_two_halves() -> None:
    deal = Deal.from_order(DECK, players=3)
    assert texts(deal.hands[0]) == "W0 W0 W1 W2 W3 W4 W5 W6 W7 W8"
    assert texts(deal.hands[2]) == "B2 B3 B4 B5 B6 B7 B8 B9 B10 B11"
    assert str(deal.piles[0][0]) == "B12"
    assert str(deal.piles[1][0]) == "Y14"
    assert list(deal.cards()) == list(DECK)
    assert deal.players == 3


def test_hidden_deal_knows_nothing() -> None:
    deal = Deal.hidden(4)
    assert [len(hand) for hand in deal.hands] == [10] * 4
    assert [len(pile) for pile in deal.piles] == [31, 31]
    assert set(deal.cards()) == {UNKNOWN}
    deal.check()


def _violation(deal: Deal) -> RuleViolation:
    with pytest.raises(RuleViolation) as info:
        deal.check()
    return info.value


def test_deal_check_player_count() -> None:
    two = Deal((tuple(DECK[:10]), tuple(DECK[10:20])), (tuple(DECK[20:61]), tuple(DECK[61:])))
    violation = _violation(two)
    assert (violation.code, violation.message) == (
        "deal-size",
        "Gargon is for 3 to 5 players, not 2",
    )
    six = Deal(tuple(tuple(DECK[k : k + 10]) for k in range(0, 60, 10)), ((), ()))
    assert _violation(six).code == "deal-size"


def test_deal_check_hand_and_pile_sizes(rulebook_deal: Deal) -> None:
    hands = list(rulebook_deal.hands)
    short_hand = Deal((*hands[:1], hands[1][:9], *hands[2:]), rulebook_deal.piles)
    violation = _violation(short_hand)
    assert (violation.code, violation.message) == (
        "deal-size",
        "seat 2 is dealt 9 cards instead of 10",
    )
    pile1, pile2 = rulebook_deal.piles
    short_pile = Deal(rulebook_deal.hands, (pile1, pile2[1:]))
    violation = _violation(short_pile)
    assert (violation.code, violation.message) == (
        "deal-size",
        "pile 2 holds 30 cards instead of 31",
    )
    assert str(violation) == "pile 2 holds 30 cards instead of 31 [deal-size]"


def test_deal_check_card_conservation(rulebook_deal: Deal) -> None:
    pile1, pile2 = rulebook_deal.piles
    # Replace pile 2's top (G3) by a second Y6.
    twice = Deal(rulebook_deal.hands, (pile1, (Card.parse("Y6"), *pile2[1:])))
    violation = _violation(twice)
    assert (violation.code, violation.message) == (
        "card-conservation",
        "the deal holds 2 copies of Y6, but the deck has 1",
    )
    # Dagmar holds R0 and pile 2 another; a third one is one too many.
    three_zeros = Deal(rulebook_deal.hands, (pile1, (Card.parse("R0"), *pile2[1:])))
    violation = _violation(three_zeros)
    assert (violation.code, violation.message) == (
        "card-conservation",
        "the deal holds 3 copies of R0, but the deck has 2",
    )


def test_deal_check_counts_colour_only_cards_towards_their_colour() -> None:
    yellow = HiddenCard(Colour.YELLOW)
    hands = ((yellow,) * 10, (yellow,) * 8 + (UNKNOWN,) * 2, (UNKNOWN,) * 10, (UNKNOWN,) * 10)
    eighteen = Deal(hands, ((UNKNOWN,) * 31, (UNKNOWN,) * 31))
    violation = _violation(eighteen)
    assert (violation.code, violation.message) == (
        "card-conservation",
        "the deal holds 18 yellow cards, but the deck has 17",
    )
    seventeen = Deal(((yellow,) * 10, (yellow,) * 7 + (UNKNOWN,) * 3, *hands[2:]), eighteen.piles)
    seventeen.check()


def test_game_new_checks_the_deal_and_its_arguments(rulebook_deal: Deal) -> None:
    with pytest.raises(RuleViolation) as info:
        Game.new(rulebook_deal, ruleset=Ruleset(player_counts=(3, 5)))
    assert info.value.code == "deal-size"
    assert info.value.message == "this ruleset is for (3, 5) players, not 4"
    with pytest.raises(RuleViolation) as info:
        Game.new(rulebook_deal, ruleset=Ruleset(player_counts=(4,), hand_size=9))
    assert info.value.code == "deal-size"
    with pytest.raises(ValueError, match="3 names for 4 seats"):
        Game.new(rulebook_deal, names=("Adam", "Bernd", "Collette"))
    with pytest.raises(ValueError, match="start seat 4 is not at this table"):
        Game.new(rulebook_deal, start=4)
    with pytest.raises(ValueError, match="start seat -1 is not at this table"):
        Game.new(rulebook_deal, start=-1)
    with pytest.raises(ArgumentError, match=r"^start seat '0' is not at this table \(seats 0-3\)$"):
        Game.new(rulebook_deal, start="0")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            ("A", "A", "A", "B"),
            "names: player names must be different and not empty: 'A' is given twice",
        ),
        (
            ("A", "", "C", "D"),
            "names: player names must be different and not empty: a name is empty",
        ),
        (("A", "B\nC", "D", "E"), "names: player names are single lines of text: 'B\\nC' is not"),
        (("A", "B", "C"), "names: 3 names for 4 seats"),
    ],
)
def test_game_new_takes_the_names_a_record_can_hold(
    rulebook_deal: Deal, names: tuple[str, ...], message: str
) -> None:
    """The names a Players tag may hold, checked as the tag is (it accepted ('A', 'A', 'A'),
    and a record of the game was then invalid)."""
    with pytest.raises(ArgumentError) as refused:
        Game.new(rulebook_deal, names=names)
    assert str(refused.value) == message
    with pytest.raises(TypeError, match=r"^names: each name is a text \(str\), not int 7$"):
        Game.new(rulebook_deal, names=("A", "B", 7, "D"))  # type: ignore[arg-type]
    game = Game.new(rulebook_deal, start=2)
    assert game.names == ("Player 1", "Player 2", "Player 3", "Player 4")
    assert game.start_player == 2
    assert game.last_seat == 1


def test_deal_with_helper_gives_whole_decks() -> None:
    deal = deal_with(["Y2 Y6 R9", "", "", ""], ["G13", "G3"])
    assert deal.hands[0][:3] == cards("Y2 Y6 R9")
    assert Counter(deal.cards()) == Counter(DECK)


@pytest.mark.parametrize(
    ("players", "hand_size", "message"),
    [
        (11, 10, "players: Gargon is played by 3 to 5 players, not 11"),
        (2, 10, "players: Gargon is played by 3 to 5 players, not 2"),
        (
            3,
            11,
            "hand_size: a hand of 11 cards for 3 players does not leave two equal, non-empty "
            "draw piles",
        ),
    ],
)
def test_a_deal_is_refused_at_once_for_a_table_the_deck_cannot_deal(
    players: int, hand_size: int, message: str
) -> None:
    """Deal.from_seed("x", players=11) gave a nonsense deal, refused only later by Game.new."""
    for make in (
        lambda: Deal.from_seed("x", players, hand_size=hand_size),
        lambda: Deal.hidden(players, hand_size),
        lambda: Deal.from_order(list(DECK), players, hand_size),
    ):
        with pytest.raises(ArgumentError) as refused:
            make()
        assert str(refused.value) == message
    with pytest.raises(TypeError, match=r"^players: a whole number \(int\), not str '4'$"):
        Deal.from_seed("x", "4")  # type: ignore[arg-type]


def test_a_seed_is_a_text() -> None:
    """It was an AttributeError ('int' object has no attribute 'encode')."""
    for make in (lambda: Rng(42), lambda: Deal.from_seed(42, 3)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^seed: a text \(str\), such as '42', not int 42$"):
            make()
