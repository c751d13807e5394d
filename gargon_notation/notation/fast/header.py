"""The tag section: a game's tags read before its movetext.

A tag line in the usual layout (nothing else on it) is read whole as one token
(:func:`_tag_line`, for the token list of :mod:`.tokens`); :func:`header_end` finds where a game's
header ends, and :func:`_usual_tags` reads a header of usual tag lines by one match a line;
:func:`_tag_after` and :func:`_tag_line_after` tell whether more tags come after a stray line
(then the header alone does not give all the game's tags, docs/notation.md 11.1).
:func:`~gargon_notation.notation.fast.parse_header` puts them together.
"""

from __future__ import annotations

import re

from gargon_notation.notation.fast.words import _TAG_NAME, _tag, _Token
from gargon_notation.notation.lexical import CARDS, STRING, TAG_NAME, unquote
from gargon_notation.notation.model import Tag
from gargon_notation.notation.scan import GAME_LINE, line_text

_TAG_ITEM = re.compile(rf"\[({TAG_NAME})((?: {STRING})+)\](?:\n|\Z)")
_STRING = re.compile(STRING)
_TAG_NAMES: set[str] = set()


def _tag_line(text: str, pos: int, line: int) -> tuple[_Token, int] | None:
    """A whole tag line, nothing else on it, as one token ``("tagline", tag, ...)``, or None.

    The tag is read as :meth:`.reader._Reader.tag` reads it; comments after it are added by
    :meth:`.reader._Reader.tags`.
    """
    stop = text.find("\n", pos)
    written = text[pos:] if stop < 0 else text[pos:stop]
    if written.count('"') == 2 and written.endswith('"]') and "\\" not in written:
        # One value without escapes, as most tags are: cut, not matched.
        name, space, value = written[1:-2].partition(' "')
        if space and (name in _TAG_NAMES or _tag_name(name)):
            end = len(text) if stop < 0 else stop + 1
            return ("tagline", _tag(name, (value,), (), line, 2), line, 1), end
    found = _TAG_ITEM.match(text, pos)
    if found is None or not _tag_name(found.group(1)):
        return None
    tag = _tag(found.group(1), _values(found.group(2)), (), line, 2)
    return ("tagline", tag, line, 1), found.end()


def _tag_name(name: str) -> bool:
    """Whether ``name`` is a tag's name (``TAG_NAME``) that is not read as a card (``R1``) but
    as the word the tag rule wants; remembers (a bounded number of) good names."""
    if name in CARDS or _TAG_NAME.fullmatch(name) is None:
        return False
    if len(_TAG_NAMES) < 10_000:
        _TAG_NAMES.add(name)
    return True


def _values(written: str) -> tuple[str, ...]:
    """A tag's values from their text (`` "a" "b"``, each matched by ``STRING``)."""
    if written.count('"') == 2 and "\\" not in written:
        return (written[2:-1],)  # one value, no escape: the usual tag
    return tuple(unquote(value) for value in _STRING.findall(written))


_HEADER_LINE = re.compile(r"[ \t]*(?:[\[{;\n]|\Z)")
"""A line that may belong to a game's header: a tag, a comment, or blank."""


def _movetext_at(text: str, position: int) -> bool:
    """Whether the line at ``position`` (a line's start, outside comments) begins a game's
    setup, rounds or termination, as the splitter reads it (:func:`..scan.line_text`: a
    comment before them or a note after a ``*`` counts)."""
    newline = text.find("\n", position)
    start, _ = line_text(text[position:] if newline < 0 else text[position:newline])
    return GAME_LINE.match(start) is not None


def header_end(text: str) -> int:
    """Where a game's header ends in ``text`` (LF line ends): after its leading lines that
    are blank or begin with a tag or a comment.

    >>> text = '{club}\\n[Event "x"]\\n1. Adam R1\\n*\\n'
    >>> text[: header_end(text)]
    '{club}\\n[Event "x"]\\n'
    """
    end = 0
    size = len(text)
    match = _HEADER_LINE.match
    while end < size and match(text, end):
        newline = text.find("\n", end)
        end = size if newline < 0 else newline + 1
    return end


_TAG_LINE = re.compile(rf"\[({TAG_NAME})((?: {STRING})+)\]\n")
"""A tag line in the usual layout, read whole by one match."""
_BLANK_LINES = re.compile(r"\n*")


def _usual_tags(text: str, first_line: int) -> tuple[Tag, ...] | None:
    """The tags of a game whose text opens with tag lines in the usual layout (one tag a
    line, no comment, one blank between items; blank lines before them) up to a line that
    is no tag or comment; None when anything else comes first."""
    tags: list[Tag] = []
    position = _BLANK_LINES.match(text).end()  # type: ignore[union-attr]
    line = first_line + position
    match = _TAG_LINE.match
    while (found := match(text, position)) is not None:
        tags.append(_tag(found.group(1), _values(found.group(2)), (), line + len(tags), 2))
        position = found.end()
    if position < len(text) and not _movetext_at(text, position):
        return None  # more tags, comments, or a line that is none of these: read token-wise
    return tuple(tags)


def _tag_after(tokens: list[_Token], start: int) -> bool:
    """Whether a tag begins among ``tokens`` from ``start``."""
    return any(
        kind == "tagline" or (kind == "punct" and value == "[")
        for kind, value, _, _ in tokens[start:]
    )


def _tag_line_after(text: str, position: int) -> bool:
    """Whether a line beginning with a tag comes at or after ``position`` (a line's start,
    outside comments) before the line where the movetext begins, each line read as the
    splitter reads it (:func:`..scan.line_text`): a line in a brace comment begins
    nothing, and a line beginning with a comment begins with what follows it."""
    size = len(text)
    in_brace = False
    while position < size:
        newline = text.find("\n", position)
        end = size if newline < 0 else newline + 1
        start, in_brace = line_text(text[position:end], in_brace)
        if start[:1] == "[":
            return True
        if GAME_LINE.match(start):
            return False
        position = end
    return False
