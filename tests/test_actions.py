"""Actions to and from the notation's words (gargon_notation.actions)."""

from __future__ import annotations

import pytest

from gargon_notation.actions import (
    format_action,
    likely_player,
    likely_players,
    not_at_table,
    parse_action,
    parse_card,
)
from gargon_notation.bots import simulate
from gargon_notation.cards import Card, Colour, HiddenCard
from gargon_notation.engine import Choose, Draw, Pass, Play
from gargon_notation.errors import ArgumentError, NotationError

PLAYERS = ("Anna", "Ben", "Cleo", "Anna Lena")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Anna Y2 Y6 R9", Play(0, (Card.parse("Y2"), Card.parse("Y6"), Card.parse("R9")))),
        ("Ben pass 1 1 2", Pass(1, (1, 1, 2))),
        ("Ben pass 1:G? 2:R7", Pass(1, (1, 2), (HiddenCard.parse("G?"), Card.parse("R7")))),
        ("Ben pass", Pass(1, ())),
        ("Cleo 2", Draw(2, 2)),
        ("Cleo 1:W?", Draw(2, 1, HiddenCard.parse("W?"))),
        ("Cleo forgot", Draw(2, None)),
        ("Cleo chooses R", Choose(2, Colour.RED)),
        ('"Anna Lena" B0', Play(3, (Card.parse("B0"),))),
    ],
)
def test_each_kind_of_action_reads_and_writes_back(text: str, action: object) -> None:
    assert parse_action(text, PLAYERS) == action
    assert format_action(parse_action(text, PLAYERS), PLAYERS) == text


def test_every_action_of_simulated_games_round_trips() -> None:
    for seed in ("a", "b", "c"):
        simulated = simulate(5, seed)
        for action in simulated.game.actions:
            text = format_action(action, simulated.names)
            assert parse_action(text, simulated.names) == action


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        (
            "cleo Y3",
            1,
            'cleo is not at this table (players: Anna, Ben, Cleo, "Anna Lena"); '
            "did you mean Cleo? (names are case-sensitive)",
        ),
        (
            "Ben pass 1, 1, 2",
            11,
            "the draws of a pass are written without commas, such as 'pass 1 1 2'",
        ),
        (
            "Anna Y3 {first lead} Y7",
            9,
            "'{first': a comment comes after the last card of an action",
        ),
        ("Anna R?", 6, "'R?': a played card must be named in full, such as R14"),
        ("Anna", 1, "nothing follows Anna: write cards, pass, a pile or forgot"),
        ("Cleo chooses Q", 14, "'Q' is not a colour (W B V Y R G)"),
        ("12 Y3", 1, "an action starts with the player's name (such as 'Adam Y2')"),
    ],
)
def test_mistakes_are_located_and_explained(text: str, column: int, message: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse_action(text, PLAYERS)
    assert (raised.value.column, raised.value.message) == (column, message)


@pytest.mark.parametrize(
    ("players", "error", "message"),
    [
        (
            [],
            ArgumentError,
            "players: no names given: give the players' names in seat order (at least up to "
            "the seat of the player the action names)",
        ),
        ("Ann", TypeError, "players: a sequence of texts (str), one a seat, not str 'Ann'"),
        (b"Ann", TypeError, "players: a sequence of texts (str), one a seat, not bytes b'Ann'"),
        ({"Ann"}, TypeError, "players: a sequence of texts (str), one a seat, not set {'Ann'}"),
        (["Ann", 7], TypeError, "players: each name is a text (str), not int 7"),
        (
            ["Ann", "Ann"],
            ArgumentError,
            "players: player names must be different and not empty: 'Ann' is given twice",
        ),
    ],
)
def test_players_that_name_no_table_are_an_argument_error(
    players: object, error: type[Exception], message: str
) -> None:
    """parse_action('Ann B0', []) said 'Ann is not at this table (players: )', a mistake of
    the text; one name ('Ann') was read letter by letter, and a name that is no text ended
    in an AttributeError; format_action with too few names in an IndexError."""
    with pytest.raises(error) as raised:
        parse_action("Ann B0", players)  # type: ignore[arg-type]
    assert str(raised.value) == message
    with pytest.raises(ArgumentError) as too_few:
        format_action(parse_action("Bob B0", ["Ann", "Bob"]), ["Ann"])
    assert str(too_few.value) == (
        "players: 1 name given, but the action is of seat 1 (counted from 0): give the names "
        "up to it"
    )
    assert parse_action("Ann B0", ["Ann"]) == Play(0, (Card.parse("B0"),))  # one is enough


def test_cards_parse() -> None:
    assert parse_card("r14") == Card.parse("R14")
    assert parse_card("X?") == HiddenCard(None)
    with pytest.raises(NotationError, match="'R16' is not a card"):
        parse_card("R16")


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("cleo", "; did you mean Cleo? (names are case-sensitive)"),
        ("Ann", "; did you mean Anna?"),
        ("Eve", ""),
    ],
)
def test_a_name_not_at_the_table_names_the_likely_player(name: str, hint: str) -> None:
    assert not_at_table(name, PLAYERS) == (
        f'{name} is not at this table (players: Anna, Ben, Cleo, "Anna Lena"){hint}'
    )


@pytest.mark.parametrize(
    ("name", "near"),
    [
        ("Jen", ("Jan", "Jon")),
        ("Jna", ("Jan",)),
        ("jon", ("Jon",)),
        ("Xaver", ()),
    ],
)
def test_the_players_as_near_a_name_are_those_the_hint_names(
    name: str, near: tuple[str, ...]
) -> None:
    """likely_players gives every player the hint names, likely_player only one alone."""
    players = ("Jan", "Bob", "Jon", "Cy")
    assert likely_players(name, players) == near
    assert likely_player(name, players) == (near[0] if len(near) == 1 else None)
    hint = not_at_table(name, players).partition("; did you mean ")[2]
    assert hint.split("?")[0] == " or ".join(near)


def test_names_are_written_as_the_notation_writes_them_so_a_space_shows() -> None:
    assert not_at_table("Anna ", PLAYERS) == (
        '"Anna " is not at this table (players: Anna, Ben, Cleo, "Anna Lena"); did you mean '
        "Anna? (names are compared with their spaces)"
    )
    assert not_at_table("Adam", ("Adam ", "Bernd", "Collette")) == (
        'Adam is not at this table (players: "Adam ", Bernd, Collette); did you mean "Adam "? '
        "(names are compared with their spaces)"
    )
    assert not_at_table("anna lena", PLAYERS) == (
        '"anna lena" is not at this table (players: Anna, Ben, Cleo, "Anna Lena"); did you mean '
        '"Anna Lena"? (names are case-sensitive)'
    )


def test_the_replay_suggests_the_player_a_misspelt_name_means() -> None:
    from gargon_notation.notation import parse_game
    from gargon_notation.replay import replay

    text = '[Players "Anna" "Ben" "Cleo"]\n1. Anna Y2, Ben R3, cleo Y1\n*\n'
    (problem,) = replay(parse_game(text)).problems
    assert problem.code == "unknown-player"
    assert problem.message.endswith("did you mean Cleo? (names are case-sensitive)")
    assert problem.repair == "taken as 'Cleo Y1'"  # Cleo is to play: read as hers


SHORT = ("Ann", "Bob", "Cy")
RULEBOOK = ("Adam", "Bernd", "Collette", "Dagmar")


@pytest.mark.parametrize(
    ("typed", "players", "meant"),
    [
        ("Bbo", SHORT, "Bob"),  # two letters swapped
        ("oBb", SHORT, "Bob"),  # the first two swapped
        ("Yc", SHORT, "Cy"),
        ("Bab", SHORT, "Bob"),  # a letter changed
        ("Rob", SHORT, "Bob"),  # the first changed
        ("Anm", SHORT, "Ann"),
        ("Bo", SHORT, "Bob"),  # a letter missing
        ("C", SHORT, "Cy"),
        ("nn", SHORT, "Ann"),  # the first missing
        ("Bobb", SHORT, "Bob"),  # a letter more
        ("Cyx", SHORT, "Cy"),
        ("bbo", SHORT, "Bob"),  # case and a slip
        ("Bernt", RULEBOOK, "Bernd"),
        ("eBrnd", RULEBOOK, "Bernd"),
        ("Colette", RULEBOOK, "Collette"),
        ("Dagmr", RULEBOOK, "Dagmar"),
        ("dAam", RULEBOOK, "Adam"),
        ("Colete", RULEBOOK, "Collette"),  # two letters missing: alike
    ],
)
def test_a_name_one_slip_from_a_player_suggests_that_player(
    typed: str, players: tuple[str, ...], meant: str
) -> None:
    assert not_at_table(typed, players) == (
        f"{typed} is not at this table (players: {', '.join(players)}); did you mean {meant}?"
    )


@pytest.mark.parametrize(
    ("typed", "players", "why"),
    [
        ("bob", SHORT, "names are case-sensitive"),
        ("CY", SHORT, "names are case-sensitive"),
        ("Bob ", SHORT, "names are compared with their spaces"),
        (" Bob", SHORT, "names are compared with their spaces"),
        (" bob", SHORT, "names are case-sensitive and compared with their spaces"),
    ],
)
def test_a_name_but_for_case_or_spaces_says_so(
    typed: str, players: tuple[str, ...], why: str
) -> None:
    message = not_at_table(typed, players)
    assert message.endswith(f"; did you mean {typed.strip().title()}? ({why})")


@pytest.mark.parametrize(
    ("typed", "players", "hint"),
    [
        ("Jen", ("Jan", "Jon", "Cleo"), "; did you mean Jan or Jon?"),
        ("Jn", ("Jan", "Jon", "Cleo"), "; did you mean Jan or Jon?"),
        ("Ane", ("Ann", "Anne", "Cy"), "; did you mean Ann or Anne?"),
        ("Anni", ("Ann", "Anne", "Cy"), "; did you mean Ann or Anne?"),
        ("Adrian", ("Adrianna", "Adrianne", "Cy"), "; did you mean Adrianna or Adrianne?"),
        ("ann", ("Ann", "ANN", "Cy"), "; did you mean Ann or ANN? (names are case-sensitive)"),
        ("Ann", ("Anne", "Anna", "Ana"), "; did you mean Anne, Anna or Ana?"),
        ("Jann", ("Jan", "Jon", "Cleo"), "; did you mean Jan?"),  # Jon is two slips off
        ("Eve", ("Jan", "Jon", "Cleo"), ""),
    ],
)
def test_players_equally_near_are_all_named_never_one_of_them(
    typed: str, players: tuple[str, ...], hint: str
) -> None:
    assert not_at_table(typed, players) == (
        f"{typed} is not at this table (players: {', '.join(players)}){hint}"
    )


def test_the_replay_suggests_bob_for_bbo() -> None:
    """The record of the brief: 'Bbo', two letters of Bob swapped, in the round where the
    walk lost the record."""
    from gargon_notation.notation import parse_game
    from gargon_notation.replay import replay

    text = (
        '[Players "Ann" "Bob" "Cy"]\n1. Ann R9 Y2, Bob pass 1 1, Cy B8 R8\n'
        "    fights R > Ann (Cy 1), B > Cy, Y > Ann (Bbo 1)\n*\n"
    )
    found = replay(parse_game(text)).problems
    assert [(p.line, p.column, p.code) for p in found] == [
        (2, 29, "last-seat-new-colour"),
        (3, 45, "unknown-player"),
    ]
    assert found[1].message == (
        "Bbo is not at this table (players: Ann, Bob, Cy); did you mean Bob?"
    )
