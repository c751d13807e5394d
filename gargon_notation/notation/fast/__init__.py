"""The fast reader: round and battle lines by regular expressions, the rest by recursive descent.

It reads the same language as the normative grammar (``grammar/gargon.lark``) but declines
(raises :class:`Decline`) at the first thing it is not sure about: any text the grammar would
reject, and some rare spellings the grammar accepts (a tag named like a card, ``1 :G?``).
Declined text goes to the grammar reader, which either reads it or explains the error.
:class:`Decline` is the only exception it raises on purpose: any other is a bug of it, an
error under ``GARGON_FAST_STRICT=1`` (see :func:`tolerate_slip`).  Its patterns are built
from the grammar's terminals in :mod:`..lexical`.  ``tests/test_notation_fast.py`` runs it
alone over every example and test file and over generated, damaged and random text.

How it is fast (``python bench/parse_speed.py --tiers`` measures each tier):

- Plain round and battle lines (bare names, cards, pass draws and draws only, one
  blank between words, ``", "`` between items) are cut with ``str.split`` and looked up in
  tables: no pattern at all.  Other round and battle lines in the usual layout (one blank
  between tokens, ``", "`` between items, comments on one line) are read whole, one match
  per action or battle.  Bare names once checked are remembered.  Tag lines, the ``end``
  line with its scores and a ``*`` line are read whole too, one match each, when nothing
  else is on them.
- Other lines are cut into tokens by :data:`TOKEN` (one match per token; a run of cards or of
  pass draws is one token) and read by a small recursive descent.
- Records whose values the reader has already checked are built without re-validation
  (:func:`~gargon_notation.values.unchecked_maker`).
- The patterns only other lines need are compiled when first used.

Its parts, one job each (this module puts them together: :func:`parse_fast` for a game,
:func:`parse_header` for its tags alone):

- :mod:`.tokens`: the token list, a usual line read whole into one token by its reader;
- :mod:`.header`: the tag section (a tag line read whole, where the header ends);
- :mod:`.movetext`: round, battle, ``end`` and ``*`` lines read whole;
- :mod:`.reader`: the recursive descent over the tokens;
- :mod:`.words`: the words checked (bare names, numbers) and the records built unchecked;
- :mod:`.decline`: :class:`Decline` and the fallback to the grammar reader.
"""

from __future__ import annotations

import re

from gargon_notation.notation.fast.decline import (
    STRICT_ENV,
    Decline,
    FastReaderWarning,
    tolerate_slip,
)
from gargon_notation.notation.fast.header import (
    _tag_after,
    _tag_line_after,
    _usual_tags,
    header_end,
)
from gargon_notation.notation.fast.movetext import _CS as _CS
from gargon_notation.notation.fast.reader import _Reader
from gargon_notation.notation.fast.tokens import _TOKEN, _tokens
from gargon_notation.notation.fast.words import _NAME as _NAME
from gargon_notation.notation.fast.words import _bare as _bare
from gargon_notation.notation.fast.words import _compiled
from gargon_notation.notation.model import GameRecord, Tag
from gargon_notation.notation.scan import game_line

__all__ = [
    "STRICT_ENV",
    "TOKEN",
    "Decline",
    "FastReaderWarning",
    "header_end",
    "parse_fast",
    "parse_header",
    "tolerate_slip",
]
# The tests and the benchmarks read _CS, _NAME, _bare, _compiled and _Reader here too, as
# before the reader was cut into its parts.


TOKEN: re.Pattern[str]  # given by __getattr__, as it is compiled only when first asked for


def __getattr__(name: str) -> re.Pattern[str]:
    """``TOKEN``: the fast reader's tokens, compiled when first asked for."""
    if name == "TOKEN":
        return _compiled(_TOKEN)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_fast(text: str, source: str = "<string>", first_line: int = 1) -> GameRecord:
    """Read one game (newlines already LF, as :func:`~gargon_notation.notation.parse_game`
    hands it over), or raise :class:`Decline` when not sure.

    Raises :class:`Decline` and nothing else: any other exception is a bug of this reader
    (the tests run it alone over every example and over generated and damaged text).
    """
    if "\r" in text:
        raise Decline  # not normalised: a CR in a comment or a string is not ours to judge
    if text.rfind("{") > text.rfind("}"):
        raise Decline  # an unclosed comment: scanning for it from every "{" would be quadratic
    return _Reader(_tokens(text, first_line)).game(source, game_line(text, first_line))


def parse_header(text: str, source: str = "<string>", first_line: int = 1) -> tuple[Tag, ...]:
    """The tags of one game, read from the lines before its movetext only (see
    :func:`header_end`), as :func:`parse_fast` reads them.

    Raises :class:`Decline` when those lines are not tags and comments it is sure of (a
    brace comment running on into the movetext, say): then only the whole game tells.
    """
    del source  # the fast reader raises no located error: a doubt is a Decline
    usual = _usual_tags(text, first_line)
    if usual is not None:
        return usual
    end = header_end(text)
    reader = _Reader(_tokens(text[:end], first_line))
    reader.comments()
    tags = reader.tags()
    if _tag_after(reader.tokens, reader.i) or _tag_line_after(text, end):
        # Text that is no tag, comment, setup, round or ending (a stray line), and tags
        # after it before the movetext begins: the splitter reads those tags as this
        # game's too (docs/notation.md, 11.1), so the tags read so far are not all of
        # them; only the whole game tells.
        raise Decline
    return tuple(tags)
