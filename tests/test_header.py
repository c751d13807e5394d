"""The header's typed reading (gargon_notation.header): seats, start, ruleset, seed, errors."""

from __future__ import annotations

import pytest

from gargon_notation.engine import SHUFFLE_ALGORITHM
from gargon_notation.header import Header, HeaderError, read_header, tag_warnings
from gargon_notation.notation import GameRecord, Tag, parse_game
from gargon_notation.replay import replay
from gargon_notation.rules import STANDARD, Ruleset

PLAYERS = '[Players "Ann" "Bob" "Cy"]\n'


def header(tags: str) -> Header:
    return read_header(parse_game(tags + "*\n"))


def test_players_alone_give_the_defaults() -> None:
    assert header(PLAYERS) == Header(("Ann", "Bob", "Cy"), 0, STANDARD, None, SHUFFLE_ALGORITHM)


def test_the_start_player_is_a_seat() -> None:
    assert header(PLAYERS + '[Start "Cy"]\n').start == 2
    assert header('[Start "Bob"]\n' + PLAYERS).start == 1


@pytest.mark.parametrize(
    ("tags", "ruleset"),
    [
        ('[Ruleset "standard"]\n', STANDARD),
        ('[Ruleset "english"]\n', Ruleset.english()),
        ('[ZeroPair "7"]\n', Ruleset(zero_pair_multiplier=7)),
        ('[Ruleset "english"]\n[ZeroPair "5"]\n', Ruleset(zero_pair_multiplier=5)),
        ('[WonCardsFaceUp "yes"]\n', Ruleset(won_cards_face_up=True)),
        ('[WonCardsFaceUp "no"]\n', STANDARD),
        ('[StartMustPlay "no"]\n', Ruleset(start_player_must_play=False)),
        ('[StartMustPlay "yes"]\n', STANDARD),
        (
            '[Ruleset "english"]\n[StartMustPlay "no"]\n[WonCardsFaceUp "yes"]\n',
            Ruleset(zero_pair_multiplier=3, start_player_must_play=False, won_cards_face_up=True),
        ),
    ],
)
def test_ruleset_tags_make_the_ruleset(tags: str, ruleset: Ruleset) -> None:
    assert header(PLAYERS + tags).ruleset == ruleset


def test_seed_and_shuffle() -> None:
    found = header(PLAYERS + '[Seed "club-1"]\n[Shuffle "sha256-fy-1"]\n')
    assert (found.seed, found.shuffle) == ("club-1", "sha256-fy-1")
    assert header(PLAYERS + '[Seed "x"]\n').shuffle == SHUFFLE_ALGORITHM


def test_the_first_of_repeated_tags_counts() -> None:
    assert header(PLAYERS + '[Start "Bob"]\n[Start "Cy"]\n').start == 1


def test_unknown_tags_and_tags_the_replay_does_not_need_are_not_read() -> None:
    found = header(PLAYERS + '[Date "22.11.2026"]\n[Bot "greedy"]\n[Result "nonsense"]\n')
    assert found == header(PLAYERS)


def test_notation_version_one_and_older_forms_are_accepted() -> None:
    assert header('[Notation "1"]\n' + PLAYERS) == header(PLAYERS)
    assert header('[Notation "01"]\n' + PLAYERS) == header(PLAYERS)
    assert header('[Notation "0"]\n' + PLAYERS) == header(PLAYERS)


ERRORS = [
    ('[Start "Ann"]\n', 'the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])', None),
    ('[Players "Ann" "Bob"]\n', "Gargon is played by 3 to 5 players, not 2", (1, 2)),
    (
        '[Players "A" "B" "C" "D" "E" "F"]\n',
        "Gargon is played by 3 to 5 players, not 6",
        (1, 2),
    ),
    (
        '[Players "Ann" "Ann" "Cy"]\n',
        "player names must be different and not empty: 'Ann' is given twice",
        (1, 2),
    ),
    (
        '[Players "Ann" "" "Cy"]\n',
        "player names must be different and not empty: a name is empty",
        (1, 2),
    ),
    (
        '[Players "Ann " "Bob" "Cy"]\n',
        'a player name may not begin or end with a space: write "Ann", not "Ann "',
        (1, 2),
    ),
    (
        '[Players "Ann" "Bob" "\tCy"]\n',
        'a player name may not begin or end with a space: write "Cy", not "\tCy"',
        (1, 2),
    ),
    (  # a control character pasted into a name: said as its escape, never raw
        '[Players "Ann" "Bob\x07" "Cy"]\n',
        "a player name may not hold a control character: 'Bob\\x07' holds \\x07",
        (1, 2),
    ),
    (
        '[Players "Ann" "Bob" "\u202eCy"]\n',
        "a player name may not hold a control character: '\\u202eCy' holds \\u202e",
        (1, 2),
    ),
    (  # at either end too, though str.strip takes it for a space (it was said as one)
        '[Players "Ann" "Bob\x1f" "Cy"]\n',
        "a player name may not hold a control character: 'Bob\\x1f' holds \\x1f",
        (1, 2),
    ),
    (
        '[Players "Ann" "Bob" "\u2028Cy"]\n',
        "a player name may not hold a control character: '\\u2028Cy' holds \\u2028",
        (1, 2),
    ),
    (
        PLAYERS + '[Start "Eve"]\n',
        "the start player 'Eve' is not one of the Players (Ann, Bob, Cy)",
        (2, 2),
    ),
    (
        '[Players "Ann" "Bob" "Cy Lee"]\n[Start "Cy "]\n',
        "the start player 'Cy ' is not one of the Players (Ann, Bob, \"Cy Lee\")",
        (2, 2),
    ),
    (PLAYERS + '[Start "Ann" "Bob"]\n', "tag Start takes one value, not 2", (2, 2)),
    ('[Notation "2"]\n' + PLAYERS, "this reader knows notation version 1, not 2", (1, 2)),
    ('[Notation "1.0"]\n' + PLAYERS, "the Notation version is a whole number, not '1.0'", (1, 2)),
    (
        PLAYERS + '[Ruleset "fancy"]\n',
        "the Ruleset is 'standard' or 'english', not 'fancy'",
        (2, 2),
    ),
    (
        PLAYERS + '[ZeroPair "0"]\n',
        "ZeroPair is a whole number from 1 to 999999999, not '0'",
        (2, 2),
    ),
    (
        PLAYERS + '[ZeroPair "x"]\n',
        "ZeroPair is a whole number from 1 to 999999999, not 'x'",
        (2, 2),
    ),
    (
        PLAYERS + '[ZeroPair "1000000000"]\n',
        "ZeroPair is a whole number from 1 to 999999999, not '1000000000'",
        (2, 2),
    ),
    (
        PLAYERS + '[WonCardsFaceUp "maybe"]\n',
        "WonCardsFaceUp is 'yes' or 'no', not 'maybe'",
        (2, 2),
    ),
    (PLAYERS + '[StartMustPlay "No"]\n', "StartMustPlay is 'yes' or 'no', not 'No'", (2, 2)),
    (PLAYERS + '[Seed "a" "b"]\n', "tag Seed takes one value, not 2", (2, 2)),
    # Players misspelt, copied from the rulebook's example in a hurry: said at that tag
    (
        '[Event "Club"]\n[Player "Adam" "Bernd" "Collette"]\n',
        "the record has no Players tag: write [Players ...], not [Player ...]",
        (2, 2),
    ),
    (
        '[Event "Club"]\n[players "Adam" "Bernd" "Collette"]\n',
        "the record has no Players tag: write [Players ...], not [players ...] (tag names are "
        "case-sensitive)",
        (2, 2),
    ),
    # a club's own tags are not taken for it (difflib's 0.8 named Plays, the first of them)
    (
        '[Event "Club"]\n[Plays "3"]\n[Slayers "Bo"]\n[Players2 "Ann"]\n[Plyers "Ann" "Bo" "Cy"]\n',
        "the record has no Players tag: write [Players ...], not [Plyers ...]",
        (5, 2),
    ),
    (  # a letter typed wrong: the record lacks the tag whatever [Pleyers ...] means
        '[Event "Club"]\n[Pleyers "Adam" "Bernd" "Collette"]\n',
        "the record has no Players tag: write [Players ...], not [Pleyers ...]",
        (2, 2),
    ),
    (
        '[Event "Club"]\n[Plays "3"]\n[Slayers "Bo"]\n[Player2 "Ann"]\n[Payer "Cy"]\n',
        'the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])',
        None,
    ),
    (
        PLAYERS + '[Seed "a"]\n[Shuffle "md5"]\n',
        "unknown shuffle algorithm 'md5' (known: sha256-fy-1)",
        (3, 2),
    ),
]


@pytest.mark.parametrize(("tags", "message", "where"), ERRORS)
def test_header_errors_name_the_tag_at_fault(
    tags: str, message: str, where: tuple[int, int] | None
) -> None:
    with pytest.raises(HeaderError) as caught:
        header(tags)
    error = caught.value
    assert error.message == message
    assert str(error) == message
    if where is None:
        assert error.tag is None
    else:
        assert error.tag is not None
        assert (error.tag.line, error.tag.column) == where


@pytest.mark.parametrize(("tags", "message", "where"), ERRORS)
def test_a_header_error_is_a_header_problem_of_the_replay(
    tags: str, message: str, where: tuple[int, int] | None
) -> None:
    result = replay(parse_game(tags + "*\n", source="h.ggn"))
    [problem] = result.problems
    assert (problem.code, problem.message) == ("header", message)
    # A missing tag is said where the header starts: its first tag.
    assert (problem.line, problem.column) == (where or (1, 2))
    assert result.game is None


def test_the_tag_at_fault_is_found_in_a_record_built_in_code() -> None:
    players = Tag("Players", ("Ann", "Bob"))
    record = GameRecord(tags=[Tag("Notation", ("1",)), players])
    with pytest.raises(HeaderError) as caught:
        read_header(record)
    assert caught.value.tag is players


@pytest.mark.parametrize("tag", ['[Notation "²"]\n', '[ZeroPair "²"]\n'])
def test_a_superscript_digit_is_a_header_error(tag: str) -> None:
    with pytest.raises(HeaderError):
        header(PLAYERS + tag)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("26.11.2026", "a Date is written YYYY.MM.DD (?? for unknown), not '26.11.2026'"),
        ("2026-11-26", "a Date is written YYYY.MM.DD (?? for unknown), not '2026-11-26'"),
        ("2026.13.01", "the Date '2026.13.01' has no month 13"),
        ("2026.00.01", "the Date '2026.00.01' has no month 00"),
        ("2026.04.31", "the Date '2026.04.31' has no day 31"),
        ("2026.02.29", "the Date '2026.02.29' has no day 29"),
        ("2026.??.32", "the Date '2026.??.32' has no day 32"),
    ],
)
def test_a_malformed_date_is_a_warning_at_its_tag(value: str, message: str) -> None:
    record = parse_game(f'[Players "Ann" "Bob" "Cy"]\n[Date "{value}"]\n*\n')
    [warning] = tag_warnings(record)
    assert (warning.message, warning.tag) == (message, record.tag("Date"))
    read_header(record)  # the replay does not need the date: no error


@pytest.mark.parametrize("value", ["2026.11.20", "2024.02.29", "????.02.29", "2026.??.??"])
def test_a_well_formed_date_gives_no_warning(value: str) -> None:
    record = parse_game(f'[Players "Ann" "Bob" "Cy"]\n[Date "{value}"]\n*\n')
    assert tag_warnings(record) == ()


@pytest.mark.parametrize(
    ("tag", "meant"),
    [
        ('[Strat "Bob"]', "Start"),
        ('[event "Cup"]', "Event"),
        ('[Seeed "x"]', "Seed"),
        ('[Evnt "Cup"]', "Event"),
        ('[Tabel "4"]', "Table"),
        ('[Startt "Bob"]', "Start"),
    ],
)
def test_an_unknown_tag_misspelling_a_known_one_the_record_lacks_is_a_warning(
    tag: str, meant: str
) -> None:
    record = parse_game(f"{PLAYERS}{tag}\n*\n")
    [warning] = tag_warnings(record)
    written = record.tags[1]
    assert warning.tag == written
    assert warning.message.startswith(
        f"the notation knows no {written.name} tag, and the record has no {meant} tag: did you "
        f"mean [{meant} ...]?"
    )
    read_header(record)  # kept and meaning nothing: the record stays valid


@pytest.mark.parametrize(
    "tags",
    [
        '[Bot "random"]\n[Scorer "Ann"]\n[Weird_Tag "x"]\n',  # tags of a club's own
        '[Shuffler "Bob"]\n[State "Bavaria"]\n[Rounds "7"]\n[Date2 "2026.11.27"]\n',
        '[Rules "house"]\n[Starter "Bob"]\n[Sites "2"]\n[Tables "4"]\n',
        '[Speed "blitz"]\n[Data "x"]\n[Side "left"]\n[Sound "on"]\n',  # other words
        '[Start "Bob"]\n[Strat "Bob"]\n',  # the known tag is there: the other is a tag of its own
    ],
)
def test_unknown_tags_of_their_own_give_no_warning(tags: str) -> None:
    assert tag_warnings(parse_game(f"{PLAYERS}{tags}*\n")) == ()


def test_a_misspelt_players_tag_is_said_once_by_the_error_not_again_by_a_warning() -> None:
    """'[Plyers ...]' was said twice at the same tag: the error of the missing Players tag,
    and a warning asking 'did you mean [Players ...]?' (found by a helper's review)."""
    record = parse_game('[Plyers "Ann" "Bo" "Cy"]\n[Strat "Bo"]\n*\n')
    assert [warning.tag.name for warning in tag_warnings(record)] == ["Strat"]
    with pytest.raises(HeaderError, match=r"write \[Players \.\.\.\], not \[Plyers \.\.\.\]"):
        read_header(record)
