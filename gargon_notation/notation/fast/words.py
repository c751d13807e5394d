"""The words the fast reader checks, and the values it builds from them.

A bare name (``NAME``) is checked once and then remembered (:data:`_KNOWN_BARE`, a bounded
number of them); a number is read as the grammar reader accepts it (:func:`_small`, at most
9 digits, else :class:`~.decline.Decline`); records whose values the reader has already
checked are built without re-validation (:func:`~gargon_notation.values.unchecked_maker`);
the patterns only unusual lines need are compiled when first used (:func:`_compiled`).
A token (:data:`_Token`) is ``(kind, value, line, column)``.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from gargon_notation.notation.fast.decline import Decline
from gargon_notation.notation.lexical import NAME, TAG_NAME
from gargon_notation.notation.model import (
    Battle,
    Draw,
    GameRecord,
    Pass,
    PassDraw,
    Play,
    Round,
    Score,
    Tag,
    Termination,
)
from gargon_notation.values import unchecked_maker


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled, on first use: the patterns of tokens and of annotated items take
    milliseconds to compile, and most files never need them (their lines are plain)."""
    return re.compile(pattern)


_TAG_NAME = re.compile(TAG_NAME)
_NAME = re.compile(NAME)
_Token = tuple[str, Any, int, int]
_KNOWN_BARE: set[str] = set()


def _bare(name: str) -> bool:
    """Whether ``name`` is a bare name (``NAME``); remembers (a bounded number of) good names."""
    if _NAME.fullmatch(name) is None:
        return False
    if len(_KNOWN_BARE) < 10_000:
        _KNOWN_BARE.add(name)
    return True


# Records whose values the fast reader has already checked are built without re-validation.
_play = unchecked_maker(Play)
_pass = unchecked_maker(Pass)
_pass_draw = unchecked_maker(PassDraw)
_battle = unchecked_maker(Battle)
_draw = unchecked_maker(Draw)
_round = unchecked_maker(Round)
_tag = unchecked_maker(Tag)
_score = unchecked_maker(Score)
_termination = unchecked_maker(Termination)
_record = unchecked_maker(GameRecord)


def _small(digits: str) -> int:
    """A number as the grammar reader accepts it (at most 9 digits); otherwise decline."""
    if len(digits) > 9:
        raise Decline
    return int(digits)
