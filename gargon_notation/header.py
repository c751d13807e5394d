"""The known header tags of a record, read into the values the engine needs.

==========================  ==============================================================
tag                         meaning
==========================  ==============================================================
``Notation "1"``            notation version; a reader refuses a higher major version
``Players "A" "B" ...``     3-5 distinct names in clockwise seat order (required)
``Start "A"``               the first start player (default: the first name of Players)
``Seed "text"``             the deal is made from this seed (docs/engine.md)
``Shuffle "sha256-fy-1"``   the shuffle algorithm of the seed (the default)
``Ruleset "standard"``      ``standard`` (0-pair x4) or ``english`` (0-pair x3)
``ZeroPairMultiplier "4"``  overrides the ruleset's multiplier for both 0s of a colour
``StartMustPlay "yes"``     ``no``: the start player may pass while holding cards
``WonCardsFaceUp "no"``     ``yes``: the variant in which won cards stay face up
``Result "Collette"``       the winners (several on a shared win), or ``*``: checked
==========================  ==============================================================

Every other tag (Event, Site, Date, Round, and any unknown tag) is kept as written and
never interpreted.

>>> from gargon_notation.notation.model import GameRecord, Tag
>>> tags = (Tag("Players", ("Ann", "Bob", "Cy")), Tag("Start", ("Bob",)))
>>> header = read_header(GameRecord(tags=tags))
>>> header.players, header.start, header.ruleset.zero_pair_multiplier
(('Ann', 'Bob', 'Cy'), 1, 4)
"""

from __future__ import annotations

import attrs

from gargon_notation.engine import SHUFFLE_ALGORITHM
from gargon_notation.errors import GargonError
from gargon_notation.notation.model import GameRecord, Tag
from gargon_notation.rules import STANDARD, Ruleset

__all__ = ["KNOWN_TAGS", "NOTATION_VERSION", "Header", "HeaderError", "read_header"]

NOTATION_VERSION = "1"
KNOWN_TAGS = (
    "Notation",
    "Event",
    "Site",
    "Date",
    "Round",
    "Players",
    "Start",
    "Seed",
    "Shuffle",
    "Ruleset",
    "ZeroPairMultiplier",
    "StartMustPlay",
    "WonCardsFaceUp",
    "Result",
)
"""Tags with a documented meaning (docs/notation.md); Event to Round are informative only."""

_YES_NO = {"yes": True, "no": False}


class HeaderError(GargonError):
    """A known tag the replay needs is missing or has a value it cannot use."""

    def __init__(self, message: str, tag: Tag | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.tag = tag


@attrs.frozen
class Header:
    """What the known tags say: seats, first start player, ruleset, seed, result."""

    players: tuple[str, ...]
    start: int
    ruleset: Ruleset
    seed: str | None = None
    shuffle: str = SHUFFLE_ALGORITHM
    result: tuple[str, ...] | None = None


def _single(tag: Tag) -> str:
    if len(tag.values) != 1:
        raise HeaderError(f"tag {tag.name} takes one value, not {len(tag.values)}", tag)
    return tag.value


def _yes_no(tag: Tag) -> bool:
    value = _single(tag)
    if value not in _YES_NO:
        raise HeaderError(f'tag {tag.name} is "yes" or "no", not "{value}"', tag)
    return _YES_NO[value]


def read_header(record: GameRecord) -> Header:
    """Read the known tags of ``record``.

    Raises :class:`HeaderError` (naming the tag) when Players is missing or wrong, or a known
    tag's value cannot be used.
    """
    tags: dict[str, Tag] = {}
    for tag in record.tags:
        if tag.name in tags and tag.name in KNOWN_TAGS:
            raise HeaderError(f"tag {tag.name} is written twice", tag)
        tags.setdefault(tag.name, tag)
    version = tags.get("Notation")
    if version is not None:
        major = _single(version).split(".")[0]
        if major != NOTATION_VERSION:
            raise HeaderError(
                f"this reader knows notation version {NOTATION_VERSION}, not {version.value}",
                version,
            )
    players_tag = tags.get("Players")
    if players_tag is None:
        raise HeaderError('the record has no Players tag (such as [Players "Ann" "Bob" "Cy"])')
    players = players_tag.values
    if not 3 <= len(players) <= 5:
        raise HeaderError(f"Gargon is for 3 to 5 players, not {len(players)}", players_tag)
    if len(set(players)) != len(players):
        raise HeaderError("each player's name must be different", players_tag)
    start = 0
    if "Start" in tags:
        name = _single(tags["Start"])
        if name not in players:
            raise HeaderError(f"the start player {name} is not among the Players", tags["Start"])
        start = players.index(name)
    ruleset = STANDARD
    if "Ruleset" in tags:
        name = _single(tags["Ruleset"])
        if name not in ("standard", "english"):
            raise HeaderError(f'Ruleset is "standard" or "english", not "{name}"', tags["Ruleset"])
        ruleset = Ruleset.english() if name == "english" else STANDARD
    if "ZeroPairMultiplier" in tags:
        value = _single(tags["ZeroPairMultiplier"])
        if not value.isdigit() or not 1 <= int(value) <= 99:
            raise HeaderError(
                f'ZeroPairMultiplier is a whole number such as "4", not "{value}"',
                tags["ZeroPairMultiplier"],
            )
        ruleset = attrs.evolve(ruleset, zero_pair_multiplier=int(value))
    if "StartMustPlay" in tags:
        ruleset = attrs.evolve(ruleset, start_player_must_play=_yes_no(tags["StartMustPlay"]))
    if "WonCardsFaceUp" in tags:
        ruleset = attrs.evolve(ruleset, won_cards_face_up=_yes_no(tags["WonCardsFaceUp"]))
    seed = _single(tags["Seed"]) if "Seed" in tags else None
    shuffle = _single(tags["Shuffle"]) if "Shuffle" in tags else SHUFFLE_ALGORITHM
    if shuffle != SHUFFLE_ALGORITHM:
        raise HeaderError(
            f'unknown shuffle algorithm "{shuffle}" (known: {SHUFFLE_ALGORITHM})', tags["Shuffle"]
        )
    result = None
    if "Result" in tags:
        result = tags["Result"].values
        if result != ("*",) and any(name not in players for name in result):
            raise HeaderError(
                'Result names the winners (players of this game), or is "*"', tags["Result"]
            )
    return Header(players, start, ruleset, seed, shuffle, result)
