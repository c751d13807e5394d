"""What a record knows of its deal (gargon_notation/archive/deals.py): hands as sets, piles
card by card, the values noted on draws, and when two knowledges fit one deal."""

from __future__ import annotations

from tournament import four_table, seat_views

from gargon_notation.archive.deals import hands_known, hands_of, join, knowledge, known, piles_of
from gargon_notation.cards import Card, Colour, HiddenCard
from gargon_notation.engine import Deal
from gargon_notation.merging import merge_records
from gargon_notation.notation import GameRecord, parse_game
from gargon_notation.replay import walk

HIDDEN = Deal.hidden(3)
DEALT = Deal.from_seed("deals", 3)
EMPTY = parse_game('[Players "Ann" "Bob" "Cy"]\n*\n')


def of(record: GameRecord) -> bytes:
    outcome = walk(record)
    assert outcome.valid and outcome.deal is not None
    return knowledge(record, outcome.deal)


def with_hand(seat: int, hand: tuple[Card | HiddenCard, ...]) -> bytes:
    hands = tuple(hand if number == seat else HIDDEN.hands[number] for number in range(3))
    return knowledge(EMPTY, Deal(hands, HIDDEN.piles))


def test_a_hand_is_a_set_and_a_seat_s_hand_fits_the_whole_deal() -> None:
    full = knowledge(EMPTY, DEALT)
    mine = with_hand(1, DEALT.hands[1][::-1])
    assert (known(full), known(mine), hands_known(full), hands_known(mine)) == (
        102,
        10,
        True,
        False,
    )
    assert join(full, mine) == join(mine, full) == full
    assert sorted(map(str, hands_of(mine)[1])) == sorted(map(str, DEALT.hands[1]))


def test_a_card_known_otherwise_in_a_hand_or_a_pile_does_not_fit() -> None:
    full = knowledge(EMPTY, DEALT)
    hand = list(DEALT.hands[0])
    other = next(card for card in DEALT.hands[1] if card.colour == hand[0].colour)
    hand[0] = other  # a card of the same colour, which another hand holds
    assert join(full, with_hand(0, tuple(hand))) is None
    piles = (tuple(HiddenCard(card.colour) for card in DEALT.piles[0]), DEALT.piles[1])
    swapped = list(piles[0])
    swapped[0], swapped[1] = DEALT.piles[0][1], DEALT.piles[0][0]
    moved = knowledge(EMPTY, Deal(HIDDEN.hands, (tuple(swapped), piles[1])))
    assert DEALT.piles[0][0] != DEALT.piles[0][1]
    assert join(full, moved) is None
    assert join(full, knowledge(EMPTY, Deal(HIDDEN.hands, piles))) == full


def test_colours_known_in_a_hand_count() -> None:
    """A hand known by its backs holds that many cards of each colour: a hand whose values
    are known fits it only with the same colours; two partial hands together know more."""
    backs = tuple(HiddenCard(card.colour) for card in DEALT.hands[2])
    assert join(with_hand(2, DEALT.hands[2]), with_hand(2, backs)) == with_hand(2, DEALT.hands[2])
    colour = next(colour for colour in Colour if colour != backs[0].colour)
    recoloured = (HiddenCard(colour), *backs[1:])
    assert join(with_hand(2, DEALT.hands[2]), with_hand(2, recoloured)) is None
    assert join(with_hand(2, backs), with_hand(2, recoloured)) is None
    half = (*DEALT.hands[2][:5], *(HiddenCard(None),) * 5)
    rest = (*(HiddenCard(None),) * 5, *DEALT.hands[2][5:])
    assert join(with_hand(2, half), with_hand(2, rest)) == with_hand(2, DEALT.hands[2])


def test_the_values_noted_on_draws_are_put_where_they_were_drawn() -> None:
    """A seat's record knows its hand and each card it drew, at its place in its pile; the
    merge of every seat's record knows every hand and agrees with the seeded record."""
    table = four_table()
    whole = of(table)
    views = [of(view) for view in seat_views(table)]
    merged = of(merge_records(seat_views(table)))
    for view in views:
        assert join(whole, view) == whole
        assert not hands_known(view)
    assert hands_known(merged) and join(whole, merged) == whole
    assert hands_of(merged) == hands_of(whole)
    drawn = [
        (piles_of(merged)[pile][place], piles_of(whole)[pile][place])
        for pile in (0, 1)
        for place in range(31)
        if type(piles_of(merged)[pile][place]) is Card
    ]
    assert drawn and all(mine == theirs for mine, theirs in drawn)
    assert known(merged) == 40 + len(drawn)


def test_tables_of_other_sizes_never_fit() -> None:
    assert join(knowledge(EMPTY, DEALT), of(four_table())) is None
