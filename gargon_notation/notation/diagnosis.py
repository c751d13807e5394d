"""Saying in words where and why a text is not one game: the diagnosis of a grammar error.

:mod:`.parser` hands :func:`diagnose` the error Lark raised on a game's text; it answers with
the message, line and column of the :class:`~gargon_notation.errors.NotationError` raised
instead.  Terms:

- *expected*: the grammar's terminals the parser would accept at the error (``CARD``,
  ``$END``...).  A message never names them; it says them in words ("a card like R14").
- *found*: the item at the error as a person would cut it (up to a blank, a comma, a colon,
  a bracket, a quote or a comment), quoted in the message and cut short past 24 characters.
- *the end of the game*: its termination marker, ``*`` or ``end`` opening a line outside
  comments; only comments may follow it.
- *a typical mistake*: what stands just before the error on its line (the key) and what is
  found at the error, with the message it deserves and how far back the real mistake sits
  (lark's ``match_examples`` idea, keyed on the text).
- ``lines``: the game's text split at its newlines.  Lines and columns are the text's own
  (its first line is line 1); :func:`diagnose` moves them to the file's by ``line_offset``.

>>> from gargon_notation.errors import NotationError
>>> from gargon_notation.notation import parse_game
>>> try:
...     parse_game('[Players "Adam" "Bernd" "Collette"]\\n1. Adam Y2, Bernd folds\\n*\\n')
... except NotationError as error:
...     print(error.message, error.line, error.column)
expected a card like R14, or 'pass', not 'folds' 2 19
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import attrs
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

__all__ = ["diagnose"]

_WORDS: tuple[tuple[str, str], ...] = (
    ("_LSQB", 'a tag like [Event "..."]'),
    ("TAG_NAME", "a tag name like Event"),
    ("STRING", 'a quoted value like "..."'),
    ("_RSQB", "']'"),
    ("_DEAL", "'deal'"),
    ("_PILE", "'pile'"),
    ("PILE", "a pile number (1 or 2)"),
    ("_COLON", "':'"),
    ("ROUND", "a round number like '1.'"),
    ("PLAYER", "a player name"),
    ("CARD", "a card like R14"),
    ("_PASS", "'pass'"),
    ("FORGOT", "'forgot'"),
    ("COLOUR", "a colour letter (W B V Y R G)"),
    ("_GT", "'>'"),
    ("NOBODY", "'-'"),
    ("_LPAR", "'('"),
    ("_RPAR", "')'"),
    ("_COMMA", "','"),
    ("_FIGHTS", "'fights'"),
    ("INT", "a score (a whole number)"),
    ("UNFINISHED", "the end of the game ('*' or 'end')"),
    ("END", "the end of the game ('*' or 'end')"),
    ("GLYPH", "a glyph like '!'"),
    ("NAG", "a numeric annotation like $1"),
    ("COMMENT", "a comment"),
    ("$END", "the end of the text"),
)
_ANNOTATIONS = frozenset({"GLYPH", "NAG", "COMMENT"})
_CARD_LIKE = re.compile(r"[A-Za-z][0-9?][0-9?]*")
_PLAYERS_TAG = re.compile(r'\[[ \t]*Players\b(?:[^\]"\n]|"(?:[^"\\\n]|\\.)*")*')
"""The Players tag of a game's text, up to its ']'."""
_LETTER_O = re.compile(r"([WBVYRG])([0-9Oo]*[Oo][0-9Oo]*)")
"""A card whose value holds the letter O for a zero (``RO``, ``B1O``)."""
_SPACED_CARD = re.compile(r"([WBVYRG])[ \t]+([0-9]{1,2})(?![0-9A-Za-z?])")
"""A card written with a space inside it (``R 9``)."""
_FOUND = re.compile(r"""[^\s,:()\[\]{};"]+|\S""")


def _expected(names: Iterable[str]) -> str:
    names = set(names)
    if names - _ANNOTATIONS:
        names -= _ANNOTATIONS
    words: list[str] = []
    for name, word in _WORDS:
        if name in names and word not in words:
            words.append(word)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + ", or " + words[-1]


def _end_position(lines: list[str]) -> tuple[int, int]:
    for index in range(len(lines) - 1, -1, -1):
        stripped = lines[index].rstrip()
        if stripped:
            return index + 1, len(stripped) + 1
    return 1, 1


_ROUND_LINE = re.compile(r"[1-9][0-9]*\.")
_TAKEN_ROUND = re.compile(
    r'[1-9][0-9]*\.[ \t]+(?:"[^"\n]*"|\S+)[ \t]+(?:pass\b|[WBVYRGXwbvyrgx][0-9?])'
)
"""A round's line taken into a comment: its number, a name and a decision (not a numbered
note: ``1. Bernd was tired``)."""
_AFTER_THE_END = frozenset({"$END", "_COMMA", "INT", "PLAYER"}) | _ANNOTATIONS


def _line_text(raw: str, in_brace: bool) -> tuple[tuple[int, str] | None, str, bool]:
    """A line's first item outside comments (its column and text), its last character outside
    comments, and whether a brace comment is still open at its end (``in_brace``: open at
    its start)."""
    at, size = 0, len(raw)
    first: tuple[int, str] | None = None
    last = ""
    if in_brace:
        close = raw.find("}")
        if close < 0:
            return None, "", True
        at = close + 1
    while at < size:
        char = raw[at]
        if char in " \t\r\n":
            at += 1
        elif char == "{":
            close = raw.find("}", at)
            if close < 0:
                return first, last, True
            at = close + 1
        elif char == ";":
            break
        else:
            match = _FOUND.match(raw, at)
            word = match.group() if match else char
            if char == '"':
                close = raw.find('"', at + 1)
                word = raw[at : close + 1] if close > 0 else raw[at:]
            if first is None:
                first = (at + 1, word)
            at += len(word)
            last = word[-1]
    return first, last, False


def _after_the_end(lines: list[str], line: int) -> tuple[str, int, int] | None:
    """When an error sits on a line below the termination marker (``*`` or ``end`` opening a
    line, outside comments, and not ending in a comma that continues the scores), the first
    item there follows the end of the game: the message naming it, and its place (the caller
    uses it only when the error is at that very item, not at a score the grammar read on)."""
    in_brace = False
    marker: int | None = None
    stop = min(line, len(lines))
    for index in range(stop):
        first, last, in_brace_after = _line_text(lines[index], in_brace)
        if marker is not None and first is not None:
            column, word = first
            found = word if len(word) <= 24 else word[:21] + "..."
            message = f"only comments may follow the end of the game ('*' or 'end'), not '{found}'"
            return message, index + 1, column
        if first is not None and index < stop - 1:
            if first[1] in ("*", "end") and last != ",":
                marker = index
            elif _ROUND_LINE.fullmatch(first[1]):
                marker = None
        in_brace = in_brace_after
    return None


_NOTE_WIDTH = 40
"""How much of a note is quoted in the advice to make it a comment."""
_SETUP = frozenset({"deal", "pile"})
_GAME_WORDS = _SETUP | {"*", "end"}


def _star_note(lines: list[str], line: int, column: int) -> str | None:
    """The text of a line that a ``*`` opens, with text after it, when the error is at that
    text and no setup or round came before the line: a note such as ``* Thursday club
    night`` among the tags (a stray line to the splitter, 11.1), not an ending; else None."""
    text = lines[line - 1] if line <= len(lines) else ""
    if text[: column - 1].strip() != "*":
        return None
    in_brace = False
    for index in range(line - 1):
        first, _, in_brace = _line_text(lines[index], in_brace)
        if first is not None and (_ROUND_LINE.fullmatch(first[1]) or first[1] in _SETUP):
            return None
    note = text.strip()
    return note if len(note) <= _NOTE_WIDTH else note[: _NOTE_WIDTH - 3] + "..."


_LEXED = re.compile(r'\{[^}]*+\}?|;[^\n]*|"(?:[^"\\\n]|\\.)*+"?|[^{;"]+')
"""The text cut as the grammar's lexer cuts it where comments and strings are concerned (a
comment never closed takes the rest at once: a match from every '{' would be quadratic)."""


def diagnose(
    error: UnexpectedInput, text: str, lines: list[str], line_offset: int = 0
) -> tuple[str, int, int]:
    """Message, line and column for a Lark error on a game's ``text``, its lines moved by
    ``line_offset`` (the lines of the file before the game's); an error just after a brace
    comment over several lines begun before the game's setup and rounds (among its tags), or
    on the line where a comment of the movetext that took in another's '{' or a round's or
    fights line's start closes, says where that comment began (a '}' missing there let it
    run on, over the text that was meant to follow it, up to some other comment's '}')."""
    message, line, column = _diagnosis(error, text, lines)
    if "}" in text and line <= len(lines):
        message = _after_comment(message, text, lines, line, column, line_offset)
    return message, line + line_offset, column


def _after_comment(
    message: str, text: str, lines: list[str], line: int, column: int, line_offset: int
) -> str:
    at = sum(len(before) + 1 for before in lines[: line - 1]) + column - 1
    comment: re.Match[str] | None = None
    last: re.Match[str] | None = None
    for piece in _LEXED.finditer(text, 0, at):
        if piece.group()[0] == "{":
            comment = last = piece
        elif not piece.group().isspace():
            comment = None
    if last is None or "\n" not in last.group() or last.group()[-1] != "}":
        return message
    start = last.start()
    opened = text.count("\n", 0, start) + 1
    opened_column = start - text.rfind("\n", 0, start)
    in_brace = False
    in_movetext = False
    for index in range(opened):
        first, _, in_brace = _line_text(lines[index], in_brace)
        if first is not None and first[1] in ("*", "end"):
            return message  # a comment after the end of the game
        if first is not None and (_ROUND_LINE.fullmatch(first[1]) or first[1] in _SETUP):
            in_movetext = True
    if in_movetext:
        # Comments over several lines are common there: only one that took in another
        # comment's '{' or the start of a record's line ran on, and only an error on the
        # line where it closes follows from it.
        if "\n" in text[last.end() : at] or not _ran_on(last.group()):
            return message
    elif comment is None:
        return message
    return (
        f"{message} (after a comment that runs from line {opened + line_offset}, column "
        f"{opened_column}: close it with '}}' where it should end)"
    )


def _ran_on(comment: str) -> bool:
    """Whether a brace comment over several lines holds what a '}' left out let it take in:
    another comment's '{', or a line that begins as a round's line (a number, a name and a
    decision) or a ``fights`` line does."""
    if "{" in comment[1:]:
        return True
    for held in comment.split("\n")[1:]:
        words = held.split(None, 1)
        if words and (_TAKEN_ROUND.match(held.lstrip()) or words[0] == "fights"):
            return True
    return False


def _diagnosis(error: UnexpectedInput, text: str, lines: list[str]) -> tuple[str, int, int]:
    """Message, line and column (in ``text``) for a Lark error."""
    expected: Iterable[str] = ()
    if error.interactive_parser is not None:
        expected = error.interactive_parser.accepts()  # type: ignore[no-untyped-call]
    at: tuple[int, int] | None = None
    if isinstance(error, UnexpectedCharacters):
        at = (error.line, error.column)
    elif isinstance(error, UnexpectedToken) and error.token.type != "$END":
        at = (error.token.line or 1, error.token.column or 1)
    if at is not None and set(expected or ()) <= _AFTER_THE_END:
        after = _after_the_end(lines, at[0])
        if after is not None and after[1:] == at:
            return after
    if isinstance(error, UnexpectedToken):
        expected = expected or error.expected
        if error.token.type == "$END":
            line, column = _end_position(lines)
            return f"expected {_expected(expected)}, not the end of the text", line, column
        line, column = error.token.line or 1, error.token.column or 1
    elif isinstance(error, UnexpectedCharacters):
        expected = expected or error.allowed or ()
        line, column = error.line, error.column
    else:  # pragma: no cover - LALR raises only the two kinds above
        return str(error), 1, 1
    rest = lines[line - 1][column - 1 :] if line <= len(lines) else ""
    if rest.startswith("{") and "COMMENT" in expected:
        return "this comment is never closed: '{' has no matching '}'", line, column
    if rest.startswith('"') and ("STRING" in expected or "PLAYER" in expected):
        message, offset = _quoted_text(rest)
        return message, line, column + offset
    before = lines[line - 1][: column - 1] if line <= len(lines) else ""
    if "STRING" in expected:
        named = _TAG_NAME_BEFORE.search(before)
        run = _TAG_NAME_RUN.match(rest)
        if named is not None and run is not None:
            valued = rest[run.end() :].lstrip(" \t").startswith('"')
            return _tag_name_character(named.group(1) + run.group(), valued), line, column
    match = _FOUND.match(rest)
    found = match.group() if match else rest[:1]
    if len(found) > 24:
        found = found[:21] + "..."
    message = f"expected {_expected(expected)}, not '{found}'"
    if set(expected) - _ANNOTATIONS == {"$END"}:
        message = f"only comments may follow the end of the game ('*' or 'end'), not '{found}'"
        note = _star_note(lines, line, column)
        if note is not None:
            message += f": to write a note, make the line a comment: '; {note}'"
    if "PLAYER" in expected:
        message += _bare_name(found, text)
    if "CARD" in expected and _CARD_LIKE.fullmatch(found):
        message = (
            f"'{found}' is not a card (a colour W B V Y R G and a value 0-15 like R14, "
            f"or a colour or X and '?' like R? or X?)"
        )
    if "CARD" in expected:
        players = _PLAYERS_TAG.search(text)
        if players is None or f'"{found}"' not in players.group():  # Bo, a player: no card
            message = _card_typo(found, rest) or message
    # The keys end at the error, so a search tries every start: only the text just before
    # the error is searched, or a long line would take quadratic time.
    near = before[-_MISTAKE_WINDOW:]
    for pattern, mistake in _MISTAKES:
        if pattern.search(near) and mistake.found.fullmatch(found):
            said = mistake.message if isinstance(mistake.message, str) else mistake.message(rest)
            return said, line, column - mistake.back(before)
    return message, line, column


def _bare_name(found: str, text: str) -> str:
    """Why ``found``, where a player's name may stand, is not one when the Players tag of
    ``text`` names such a player: a colour letter, a card or a keyword is a name only quoted.

    >>> _bare_name("B", '[Players "A" "B" "C"]')
    ': a player named B is written quoted in the movetext, "B", since B is also a colour letter'
    >>> _bare_name("end", '[Players "A" "B" "C"]')
    ''
    """
    players = _PLAYERS_TAG.search(text)
    if players is None or f'"{found}"' not in players.group():
        return ""
    if re.fullmatch(r"[WBVYRGwbvyrg]", found):
        kind = "a colour letter"
    elif _CARD_LIKE.fullmatch(found):
        kind = "a card"
    else:
        kind = "a word of the notation"
    return (
        f': a player named {found} is written quoted in the movetext, "{found}", since '
        f"{found} is also {kind}"
    )


def _card_typo(found: str, rest: str) -> str | None:
    """What is wrong with ``found`` (the start of ``rest``), where a card may stand, when it
    is a card typed in a hurry: a letter O for a zero, a space inside it.

    >>> print(_card_typo("RO", "RO B12"))  # doctest: +NORMALIZE_WHITESPACE
    'RO' is not a card: a value is written in digits, and 0 is the digit zero, not the letter O
    (write R0)
    >>> _card_typo("R", "R 9, Bernd pass 1")
    "a card is written without a space inside it: 'R9', not 'R 9'"
    """
    oh = _LETTER_O.fullmatch(found)
    if oh is not None:
        value = oh.group(2).replace("O", "0").replace("o", "0")
        if int(value) <= 15:
            return (
                f"'{found}' is not a card: a value is written in digits, and 0 is the digit "
                f"zero, not the letter O (write {oh.group(1)}{int(value)})"
            )
    spaced = _SPACED_CARD.match(rest)
    if spaced is not None and spaced.group(1) == found and int(spaced.group(2)) <= 15:
        card = spaced.group(1) + spaced.group(2)
        return f"a card is written without a space inside it: '{card}', not '{spaced.group()}'"
    return None


def _quoted_text(rest: str) -> tuple[str, int]:
    """Why the quoted text opening ``rest`` is not a ``STRING``, and where in ``rest``: a
    backslash that is no escape (``"C:\\club"``), or no closing quote on its line."""
    at, escaped_quote = 1, False
    while at < len(rest) and rest[at] not in '"\r\n':
        if rest[at] == "\\":
            following = rest[at + 1 : at + 2]
            if following not in ('"', "\\", "", "\r", "\n"):
                return (
                    f"'\\{following}' is not an escape: inside quotes only \\\" (a quote) and "
                    "\\\\ (a backslash) are, so a backslash is written \\\\",
                    at,
                )
            escaped_quote = escaped_quote or following == '"'
            at += 1
        at += 1
    message = "this quoted text is not closed on its line"
    if escaped_quote:
        message += ': \\" is a quote inside it, not its end (a backslash is written \\\\)'
    return message, 0


_TAG_NAME_BEFORE = re.compile(r"\[[ \t]*([A-Za-z][A-Za-z0-9_]*)$")
"""A tag's name just before an error (``[Weird`` of ``[Weird-Tag "x"]``)."""


def _tag_name_character(written: str, valued: bool) -> str:
    """``[Weird-Tag_2 "x"]``: what a tag name holds and, when the name ``written`` goes on
    past the character it cannot hold and a value follows it (so that all of it was meant as
    the name), the name as it may be written."""
    bad = next(char for char in written if not (char.isascii() and (char.isalnum() or char == "_")))
    message = f"a tag name holds only letters A-Z and a-z, digits and '_', not {bad!r}"
    if valued and written.isascii() and (written[-1].isalnum() or written[-1] == "_"):
        message += f" (write {re.sub(r'[^A-Za-z0-9_]', '_', written)}, say)"
    return message


@attrs.frozen
class _Mistake:
    """A typical mistake: what stands before the error on its line (the table's key), what is
    found at the error, the message it deserves, and how far back the real mistake sits."""

    found: re.Pattern[str]
    message: str | Callable[[str], str]
    """The message, or how to say it from the rest of the line at the error."""
    back: Callable[[str], int] = lambda before: 0


_QUOTES = "\u201c\u201d\u201e\u201a\u00ab\u00bb\u2018\u2019"
_TAG_NAME_RUN = re.compile(f'[^\\s"\\[\\]{{}};{_QUOTES}]+')
"""What goes on from a tag's name up to a blank, a quote, a bracket or a comment: the rest
of the name as written."""
_QUOTED = re.compile(f"[{_QUOTES}]([^{_QUOTES}\\]\n]*)([{_QUOTES}]?)")


def _straight_quotes(rest: str) -> str:
    """``[Event „Thursday“]``: the quotes written, and the value as it should be written."""
    quoted = _QUOTED.match(rest)
    assert quoted is not None  # the mistake's key found a typographic quote here
    value = quoted.group(1).strip()
    if len(value) > 40:
        value = value[:37] + "..."
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return (
        f"typographic quotes ({rest[0]}{quoted.group(2)}) are not quotes in the notation: "
        f'write straight double quotes: "{value}"'
    )


_MISTAKES: tuple[tuple[re.Pattern[str], _Mistake], ...] = (
    (
        re.compile(r"\bpass(?:[ \t]+[12](?::\S+)?)*[ \t]+[12](?::\S+)?[ \t]*,[ \t]*$", re.I),
        _Mistake(
            re.compile(r"[12](?::\S+)?"),
            "the draws of a pass are written without commas, such as 'pass 1 1 2'",
            lambda before: len(before) - before.rfind(","),
        ),
    ),
    (
        re.compile(
            r"(?:^|[\s,.])[^\W\d_][\w'-]*(?:[ \t]+[A-Za-z][0-9]{1,2})+[ \t]+\{[^}]*\}[ \t]*$"
        ),
        _Mistake(
            _CARD_LIKE,
            "a comment comes after the last card of a play, not between its cards",
            lambda before: len(before) - before.rfind("{"),
        ),
    ),
    (
        re.compile(r"(?:\[[A-Za-z][A-Za-z0-9_]*[ \t]*|\d\.[^\n]*)$"),
        _Mistake(
            re.compile(f"[{_QUOTES}].*"),
            _straight_quotes,
        ),
    ),
)
"""A person's typical mistakes, with the message each deserves (lark's ``match_examples``
idea, keyed on the text before the error)."""

_MISTAKE_WINDOW = 200
"""How much of the line before an error the typical mistakes are looked for in."""
