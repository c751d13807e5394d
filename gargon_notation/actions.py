"""Engine actions to and from the notation's words: the bridge between text and decisions.

An action is written as the notation writes it, with the player's name first:

- a play: ``Adam Y2 Y6 R9``;
- a pass: ``Bernd pass 1 1 2`` (an observed card after a colon: ``pass 1:G? 2``);
- a replacement draw: ``Collette 2``, ``Collette 2:R7``, or ``Collette forgot``;
- a choice of colour in the battle phase: ``Dagmar chooses R`` (the notation does not
  write the chooser, whom the rules name; this form is for one decision alone).

>>> players = ("Adam", "Bernd", "Collette", "Dagmar")
>>> parse_action("Bernd pass 1 1 2", players)
Pass(seat=1, piles=(1, 1, 2), seen=())
>>> format_action(parse_action("Adam y2 Y6 r9", players), players)
'Adam Y2 Y6 R9'
>>> format_action(parse_action("Dagmar chooses r", players), players)
'Dagmar chooses R'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gargon_notation.arguments import name_texts, names_problem
from gargon_notation.cards import AnyCard, Card, Colour
from gargon_notation.engine import Action, Choose, Draw, Pass, Play
from gargon_notation.engine.deal import check_size
from gargon_notation.errors import ArgumentError, NotationError
from gargon_notation.notation.lexical import CARDS, COLOURS, unquote
from gargon_notation.notation.writer import name_text
from gargon_notation.slips import likely_names, meant_hint

__all__ = [
    "format_action",
    "likely_player",
    "likely_players",
    "not_at_table",
    "parse_action",
    "parse_card",
]

_NAME = re.compile(r'"(?:[^"\\\r\n]|\\["\\])*"|[^\W\d_][\w\'-]*')
_DRAW = re.compile(r"([12])(?::(\S+))?")
_WORD = re.compile(r"\S+")


def _fail(text: str, message: str, column: int) -> NotationError:
    return NotationError(message, source="<action>", line=1, column=column, excerpt=text)


def parse_card(text: str) -> AnyCard:
    """A card as written: known (``R14``), colour only (``R?``) or unknown (``X?``).

    >>> parse_card("r14"), parse_card("X?")
    (Card.parse('R14'), HiddenCard.parse('X?'))

    Raises :class:`~gargon_notation.errors.NotationError` for anything else.
    """
    card = CARDS.get(text.strip())
    if card is None:
        raise _fail(
            text,
            f"{text.strip()!r} is not a card (a colour W B V Y R G and a value 0-15 like "
            "R14, or a colour or X and '?' like R? or X?)",
            1,
        )
    return card


def not_at_table(name: str, players: Sequence[str], table: str = "this table") -> str:
    """The message for a name that is not a player's, with the player it most likely means.
    Names are written as movetext writes them, quoted when not bare, so that a space shows.
    ``table`` says where it is not (the players of several games: ``"any table"``).

    >>> not_at_table("cleo", ("Anna", "Cleo"))
    'cleo is not at this table (players: Anna, Cleo); did you mean Cleo? (names are case-sensitive)'
    >>> not_at_table("Eve", ("Anna", "Cleo"))
    'Eve is not at this table (players: Anna, Cleo)'
    >>> not_at_table("Dagma", ("Anna", "Dagmar"), "any table")
    'Dagma is not at any table (players: Anna, Dagmar); did you mean Dagmar?'
    >>> not_at_table("Anna ", ("Anna", "Cleo")).split("; ")[0]
    '"Anna " is not at this table (players: Anna, Cleo)'

    The likeliest players are those the same but for spaces at either end, then but for
    case, then one slip apart (:func:`~gargon_notation.slips.one_apart`: ``Bbo`` for ``Bob``),
    then alike by :mod:`difflib`; two players as near are both named, never one of them:

    >>> not_at_table("Jen", ("Jan", "Jon", "Cleo")).split("; ")[1]
    'did you mean Jan or Jon?'
    """
    hint = meant_hint(name, players, name_text)
    written = ", ".join(name_text(player) for player in players)
    return f"{name_text(name)} is not at {table} (players: {written}){hint}"


def likely_player(name: str, players: Sequence[str]) -> str | None:
    """The one player ``name``, not a player's, most likely means, as :func:`not_at_table`
    suggests him (None: no player is near, or two are as near).

    >>> likely_player("Bbo", ("Ann", "Bob")), likely_player("Jen", ("Jan", "Jon", "Cleo"))
    ('Bob', None)
    """
    close, _ = likely_names(name, players)
    return close[0] if len(close) == 1 else None


def likely_players(name: str, players: Sequence[str]) -> tuple[str, ...]:
    """The players ``name``, not a player's, most likely means, all as near to it, as
    :func:`not_at_table` suggests them (empty: no player is near).

    >>> likely_players("Jen", ("Jan", "Jon", "Cleo")), likely_players("Eve", ("Ann", "Bob"))
    (('Jan', 'Jon'), ())
    """
    return tuple(likely_names(name, players)[0])


def _names(players: object) -> Sequence[str]:
    """``players`` as :func:`parse_action` and :func:`format_action` take them: a sequence of
    texts, not empty and at most a table's five (their own checks: :func:`parse_action`)."""
    names = name_texts(players, "players")
    if not names:
        raise ArgumentError(
            "players: no names given: give the players' names in seat order (at least up to "
            "the seat of the player the action names)"
        )
    if len(names) > 5:  # a seat past the table's: check_size says why
        check_size(len(names))
    return names


def _seat(text: str, name: str, players: Sequence[str]) -> int:
    if name in players:
        return players.index(name)
    raise _fail(text, not_at_table(name, players), 1)


def parse_action(text: str, players: Sequence[str]) -> Action:
    """The engine action ``text`` writes, with ``players`` (names in seat order) giving seats.

    Only the words are read: whether the action is legal now is for
    :meth:`~gargon_notation.engine.Game.check` to say.

    Raises :class:`~gargon_notation.errors.NotationError` (with the column) for text that
    is not one action, or names a player not at the table;
    :class:`~gargon_notation.errors.ArgumentError` for no ``players``, more than a table
    seats (fewer are enough to read an action: only the seat of its name is needed) and
    names a ``Players`` tag could not hold (the same twice, ...); and :class:`TypeError` for
    ``players`` that are not a sequence of texts (one text, ``"Ann"``, included).

    >>> parse_action("F R5", ("A", "B", "C", "D", "E", "F"))
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: players: Gargon is played by 3 to 5 players, not 6
    >>> parse_action("Ann B0", [])
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: players: no names given: give the players' names ...
    """
    players = _names(players)
    problem = names_problem(players)
    if problem is not None:
        raise ArgumentError(f"players: {problem}")
    indent = len(text) - len(text.lstrip())
    match = _NAME.match(text, indent)
    if match is None:
        raise _fail(text, "an action starts with the player's name (such as 'Adam Y2')", indent + 1)
    name = unquote(match.group()) if match.group().startswith('"') else match.group()
    found_words = list(_WORD.finditer(text, match.end()))
    words = [word.group() for word in found_words]
    if not words:
        raise _fail(text, f"nothing follows {name}: write cards, pass, a pile or forgot", 1)
    seat = _seat(text, name, players)

    def at(word: str) -> int:
        return found_words[words.index(word)].start() + 1

    head = words[0].lower()
    if head == "pass":
        piles: list[int] = []
        seen: list[AnyCard | None] = []
        for word in words[1:]:
            found = _DRAW.fullmatch(word.rstrip(","))
            if found is not None and word.endswith(","):
                raise _fail(
                    text,
                    "the draws of a pass are written without commas, such as 'pass 1 1 2'",
                    at(word) + len(word) - 1,
                )
            if found is None:
                raise _fail(
                    text,
                    f"{word!r} is not a draw: write the piles 1 or 2 separated by spaces, "
                    "such as 'pass 1 1 2' (an observed card after a colon: '1:G?')",
                    at(word),
                )
            piles.append(int(found.group(1)))
            seen.append(parse_card(found.group(2)) if found.group(2) else None)
        return Pass(seat, tuple(piles), tuple(seen) if any(seen) else ())
    if head == "forgot" and len(words) == 1:
        return Draw(seat, None)
    if head in ("chooses", "fights") and len(words) == 2:
        colour = COLOURS.get(words[1])
        if colour is None:
            raise _fail(text, f"{words[1]!r} is not a colour (W B V Y R G)", at(words[1]))
        return Choose(seat, colour)
    found = _DRAW.fullmatch(words[0])
    if found is not None and len(words) == 1:
        drawn = parse_card(found.group(2)) if found.group(2) else None
        return Draw(seat, int(found.group(1)), drawn)
    cards: list[Card] = []
    for word in words:
        card = CARDS.get(word)
        if not isinstance(card, Card):
            if word.startswith(("{", ";")):
                what = "a comment comes after the last card of an action"
            elif card is not None:
                what = "a played card must be named in full, such as R14"
            else:
                what = "not a card"
            raise _fail(text, f"{word!r}: {what}", at(word))
        cards.append(card)
    return Play(seat, tuple(cards))


def format_action(action: Action, players: Sequence[str]) -> str:
    """``action`` in the notation's words (the inverse of :func:`parse_action`).

    Raises :class:`~gargon_notation.errors.ArgumentError` for ``players`` that do not
    reach the action's seat, and :class:`TypeError` for ``players`` that are not a sequence
    of texts.

    >>> format_action(Draw(2, 1, parse_card("R?")), ("Ann", "Bob", "Cy"))
    'Cy 1:R?'
    """
    players = _names(players)
    if action.seat >= len(players):
        raise ArgumentError(
            f"players: {len(players)} {'name' if len(players) == 1 else 'names'} given, but "
            f"the action is of seat {action.seat} (counted from 0): give the names up to it"
        )
    name = name_text(players[action.seat])
    if isinstance(action, Play):
        return f"{name} {' '.join(str(card) for card in action.cards)}"
    if isinstance(action, Pass):
        seen = action.seen or (None,) * len(action.piles)
        draws = [
            str(pile) if card is None else f"{pile}:{card}"
            for pile, card in zip(action.piles, seen, strict=True)
        ]
        return " ".join([name, "pass", *draws])
    if isinstance(action, Choose):
        colour: Colour = action.colour
        return f"{name} chooses {colour.value}"
    if action.pile is None:
        return f"{name} forgot"
    return f"{name} {action.pile}" + (f":{action.seen}" if action.seen is not None else "")
