"""Names typed two ways (gargon_notation.slips): which pairs are taken for one name."""

from __future__ import annotations

import hashlib

import pytest

from gargon_notation.slips import near_pairs, one_apart, one_slip


@pytest.mark.parametrize(
    ("typed", "meant", "slip"),
    [
        ("Strat", "Start", True),  # two swapped
        ("Stat", "Start", True),  # one left out
        ("Startt", "Start", True),  # the last doubled
        ("tart", "Start", False),  # the first left out: another word
        ("Tsart", "Start", False),  # the first two swapped
        ("Speed", "Seed", False),  # a letter added, not doubled
        ("Data", "Date", False),  # a letter changed
    ],
)
def test_one_slip(typed: str, meant: str, slip: bool) -> None:
    assert one_slip(typed, meant) is slip


def test_near_pairs_are_case_spaces_and_one_slip_but_not_a_letter_more_at_the_end() -> None:
    names = ["Adam", "Bernd", "Hana", "Ann", "Adma", "Hanna", "Anne", "Adams", "bernd", "Bernd "]
    assert near_pairs(names) == [
        ("Adam", "Adma"),
        ("Hana", "Hanna"),
        ("Bernd", "bernd"),
        ("Bernd", "Bernd "),
        ("bernd", "Bernd "),
    ]
    assert near_pairs(["Adam", "Adam", "Bernd"]) == []


@pytest.mark.slow
def test_near_pairs_of_many_distinct_names_finds_none_and_only_the_slips() -> None:
    """Names are looked up by their slips, not compared two by two: 20,000 names."""
    names = [hashlib.sha256(str(number).encode()).hexdigest()[:12] for number in range(20_000)]
    assert near_pairs(names) == []
    doubled = names[42] + names[42][-1]
    swapped = names[43][0] + names[43][2] + names[43][1] + names[43][3:]
    assert near_pairs([*names, doubled, swapped]) == [(names[42], doubled), (names[43], swapped)]


@pytest.mark.parametrize(
    ("typed", "meant", "apart"),
    [
        ("Bbo", "Bob", True),  # two swapped
        ("oBb", "Bob", True),  # the first two swapped
        ("Rob", "Bob", True),  # the first changed
        ("Bab", "Bob", True),  # one changed
        ("ob", "Bob", True),  # the first left out
        ("Bo", "Bob", True),  # the last left out
        ("Bobb", "Bob", True),  # one added
        ("Bob", "Bob", False),  # the same
        ("Obb", "Bob", False),  # two changed
        ("Bo b", "Bob", True),
        ("Bobby", "Bob", False),
    ],
)
def test_one_apart(typed: str, meant: str, apart: bool) -> None:
    assert one_apart(typed, meant) is apart
    assert one_apart(meant, typed) is apart
