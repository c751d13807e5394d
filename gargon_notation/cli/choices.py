"""The fixed sets of values that options of the verbs take, as enumerations: Typer makes each
a choice, listed in the help, completed by the shell, and refused with the list when another
value is given.  Each member is a ``str`` (its value), so the verbs' work takes it as the
string it stands for.

Each is the same set as the library's own (tests/test_cli_help.py checks), written out here
so that ``gargon --help`` and a shell completion import none of the library.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Bot", "ConvertTo", "Fact", "Format", "SplitBy", "StatsBy"]


class Format(StrEnum):
    """A form of records: ``gargon_notation.files.FORMATS``."""

    GGN = "ggn"
    JSON = "json"
    JSONL = "jsonl"


class ConvertTo(StrEnum):
    """What ``convert`` writes: a :class:`Format`, or ``parquet`` (the tables of
    ``gargon_notation.tables``)."""

    GGN = "ggn"
    JSON = "json"
    JSONL = "jsonl"
    PARQUET = "parquet"


class Bot(StrEnum):
    """A bot of ``simulate``: ``gargon_notation.bots.BOTS``."""

    RANDOM = "random"
    GREEDY = "greedy"
    AMULET = "amulet"


class StatsBy(StrEnum):
    """What a row of ``stats`` stands for: ``gargon_notation.archive.stats.BY``."""

    PLAYER = "player"
    EVENT = "event"
    PLAYERS = "players"


class SplitBy(StrEnum):
    """What ``split`` makes a file for: ``gargon_notation.archive.GROUPINGS``."""

    EVENT = "event"
    DATE = "date"
    PLAYER = "player"


class Fact(StrEnum):
    """A fact of ``filter --has``: ``gargon_notation.archive.FACTS``."""

    ZERO_CLASH = "zero-clash"
    ZERO_PAIR = "zero-pair"
    FORGOT = "forgot"
    LAPSED_DRAW = "lapsed-draw"
    NO_CARDS_END = "no-cards-end"
    SHARED_WIN = "shared-win"
    SWEEP = "sweep"
