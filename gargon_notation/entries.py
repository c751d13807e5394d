"""Entries: one decision in the notation's own words, read into record elements, and records
written back as entries.  Only the notation is read here (by its own reader, so every form
it allows is allowed: quoting, glyphs, numeric annotations, comments); whether a decision is
legal is for :mod:`gargon_notation.recording` to say.

An entry for a play or a pass is what a round line writes for it (``Y2 Y6 R9``,
``Adam pass 1 1 2``); for a colour, what a ``fights`` line writes (``R``, ``R > Dagmar``,
``Y, R (Adam 1)``); for a draw, what a ``fights`` line writes in parentheses (``1``,
``2:R7``, ``forgot``).  The player's name may be left out; the one whose decision it is
then makes it.

>>> elements, shift = read_decision("Y2 Y6! {bold}", DecisionKind.PLAY_OR_PASS, "Adam")
>>> play = elements[0]
>>> play.player, [str(card) for card in play.cards], play.glyph, play.comments[0].text
('Adam', ['Y2', 'Y6'], '!', 'bold')
>>> draw = read_decision("2:R7", DecisionKind.DRAW, "Cleo")[0][0]
>>> draw.player, draw.pile, str(draw.seen)
('Cleo', 2, 'R7')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from gargon_notation.arguments import record_argument
from gargon_notation.engine import DecisionKind
from gargon_notation.errors import GargonError, NotationError
from gargon_notation.notation import model, parse_game
from gargon_notation.notation.writer import name_text, write_action, write_game

__all__ = [
    "EntryRefused",
    "annotations_only",
    "decided_order",
    "entry_lines",
    "read_battles",
    "read_decision",
    "read_round_line",
]

_CARD_LIKE = re.compile(r"[WBVYRGX][0-9?]+", re.IGNORECASE)

_ANYONE = "Adam"
"""A name to set a fragment in when the entry's own names do not matter."""


class EntryRefused(GargonError):
    """An entry the notation or the rules refuse; nothing was recorded.

    ``message`` says why (with the rule code for a rule), ``column`` where in the entry (from
    1; 0 for the whole entry), ``hint`` what would be accepted, when it can be said.
    """

    def __init__(self, message: str, column: int = 0, hint: str = "") -> None:
        super().__init__(message if not hint else f"{message}; {hint}")
        self.message = message
        self.column = column
        self.hint = hint


def _fragment(text: str, shift: int, line: int) -> model.GameRecord:
    """``text`` read as a record; the entry sits on its ``line``, ``shift`` columns to the
    right of where it was written."""
    try:
        return parse_game(text + "*\n")
    except NotationError as error:
        column = error.column - shift if error.line == line else 0
        raise EntryRefused(_in_entry_words(error.message, text), max(column, 0)) from None


_RECORD_WORDS = (
    ("a round number like '1.', ", ""),
    (", ',', 'fights', or the end of the game ('*' or 'end')", ", or the end of the entry"),
    (", or the end of the game ('*' or 'end')", ", or the end of the entry"),
    (", not '*'", ", but the entry ends there"),
)


def _in_entry_words(message: str, text: str) -> str:
    """The reader's message about a record, said of an entry: no round numbers, ``fights``
    or end of the game it could not be given; an unclosed comment said as such."""
    if text.count("{") > text.count("}"):
        return "a comment opened with { is not closed: end it with }"
    if message.startswith("expected a player name") and "," in text:
        return "the cards of a play are separated by spaces, not commas (one decision an entry)"
    if message.endswith("not ':'"):
        head, _, tail = text.partition(":")
        before, after = head.split(), tail.split()
        if before and _CARD_LIKE.fullmatch(before[-1]):  # W1:R7
            apart = " ".join([before[-1], *after[:1]])
            return (
                "a colon notes the card a draw took, after its pile number (pass 1:R3, "
                f"Adam 1:R7); the cards of a play are separated by spaces ({apart})"
            )
        return "write the player's name without a colon, such as 'Adam R14'"
    for record_words, entry_words in _RECORD_WORDS:
        message = message.replace(record_words, entry_words)
    return message


def names_someone(entry: str) -> bool:
    """Whether an entry starts with a player's name (bare or quoted), not a card or keyword.

    >>> [names_someone(entry) for entry in ("Adam Y2", "Y2 R4", "R99", "pass 1")]
    [True, False, False, False]
    """
    if entry.startswith('"'):
        return True
    words = entry.split(None, 1)
    first = words[0].rstrip(",:")
    if len(words) == 1 or _CARD_LIKE.fullmatch(first):
        return False  # a word alone, or a card written wrong (R99), is not a name
    return model.is_bare_name(first)


def _lower_keyword(entry: str, index: int) -> str:
    """``pass`` or ``forgot`` typed in capitals as word ``index`` (``Pass 1``), in lower
    case as the notation writes it; nothing else of the entry changes."""
    words = list(re.finditer(r"\S+", entry))
    if len(words) <= index or words[index].group().lower() not in ("pass", "forgot"):
        return entry
    found = words[index]
    return entry[: found.start()] + found.group().lower() + entry[found.end() :]


def read_decision(entry: str, kind: DecisionKind, actor: str) -> tuple[list[model.Action], int]:
    """The elements an entry for a decision of ``kind`` writes (one, or for a colour those
    of a ``fights`` line), and how far right of the entry the reader saw them (subtract it
    from an element's column).  ``actor`` is whose decision it is.

    Raises :class:`EntryRefused` (with the column in ``entry``) for text that is not one.
    """
    if kind is DecisionKind.CHOOSE:
        return read_battles(entry, 0)
    named = names_someone(entry)
    entry = _lower_keyword(entry, 1 if named else 0)
    who = "" if named else name_text(actor) + " "
    if kind is DecisionKind.PLAY_OR_PASS:
        prefix = "1. " + who
        written = _fragment(prefix + entry + "\n", len(prefix), 1).rounds[0]
        if len(written.actions) != 1 or written.battles:
            raise EntryRefused("enter one play or pass at a time (or a whole round line)")
        return [written.actions[0]], len(prefix)
    prefix = f"    fights R ({who}"
    text = f"1. {_ANYONE} pass\n{prefix}{entry})\n"
    battles = _fragment(text, len(prefix), 2).rounds[0].battles
    if len(battles) != 1 or len(battles[0].draws) != 1:
        raise EntryRefused(
            "enter one replacement draw: a pile (1 or 2, with ':R?' or ':R7' for what was "
            "seen) or 'forgot'"
        )
    return [battles[0].draws[0]], len(prefix)


def read_battles(body: str, offset: int) -> tuple[list[model.Action], int]:
    """The colours and draws of a ``fights`` line's ``body`` (without ``fights``), which
    starts at ``offset`` (from 0) of what was written, and the shift of their columns.

    Raises :class:`EntryRefused`.
    """
    prefix = "    fights "
    shift = len(prefix) - offset
    record = _fragment(f"1. {_ANYONE} pass\n{prefix}{body}\n", shift, 2)
    elements = decided_order((), record.rounds[0].battles)
    if not elements:
        raise EntryRefused("enter a colour: W B V Y R G")
    return elements, shift


def read_round_line(line: str) -> model.Round:
    """A round line (``3. Adam Y2, Bernd pass 1``), without its ``fights`` line.

    Raises :class:`EntryRefused`.
    """
    return _fragment(line + "\n", 0, 1).rounds[0]


def annotations_only(
    text: str,
) -> tuple[tuple[model.Comment, ...], str | None, tuple[int, ...]] | None:
    """The comments, glyph and numeric annotations ``text`` holds when it holds nothing
    else (None otherwise).

    >>> annotations_only("!? $3 {and a note}")
    ((Comment(text='and a note', kind=<CommentKind.BRACE: 'brace'>),), '!?', (3,))
    >>> annotations_only("R9") is None
    True
    """
    if not text.strip():
        return None
    try:
        record = parse_game(f"1. {_ANYONE} pass {text}\n*\n")
    except NotationError:
        return None
    rounds = record.rounds
    if len(rounds) != 1 or len(rounds[0].actions) != 1 or rounds[0].battles:
        return None
    written = rounds[0].actions[0]
    if not isinstance(written, model.Pass) or written.draws:
        return None
    return (*written.comments, *record.termination.comments), written.glyph, written.nags


def decided_order(
    actions: Iterable[model.Play | model.Pass], battles: Iterable[model.Battle]
) -> list[model.Action]:
    """A round's written elements in the order they were decided: the plays and passes,
    then each colour (without its draws) followed by its draws."""
    found: list[model.Action] = [*actions]
    for battle in battles:
        found.append(attrs.evolve(battle, draws=()))
        found.extend(battle.draws)
    return found


def entry_lines(record: model.GameRecord) -> list[str]:
    """The lines that, entered one by one (``gargon record``,
    :class:`~gargon_notation.recording_lines.LineRecorder`), record ``record`` again: its
    head as written, then one decision a line with its glyph and numeric annotations, each
    comment on a line of its own (a round's comments on ``N.`` lines), and the termination.

    >>> from gargon_notation.notation import parse_game
    >>> text = '[Players "Ann" "Bob" "Cy"]\\n1. Ann pass 1 {wise}, Bob pass, Cy pass\\n*\\n'
    >>> entry_lines(parse_game(text))
    ['[Players "Ann" "Bob" "Cy"]', 'Ann pass 1', '{wise}', 'Bob pass', 'Cy pass', '*']

    Raises :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient :func:`~gargon_notation.files.load` gives it), :class:`TypeError` for anything
    else that is not a record.
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "entry_lines")
    head = write_game(attrs.evolve(record, rounds=(), termination=model.Termination()))
    lines = head.splitlines()[:-1]
    for written in record.rounds:
        for index, element in enumerate(decided_order(written.actions, written.battles)):
            if index == 0:
                lines += [f"{written.number}. {comment}" for comment in written.comments]
            lines.append(write_action(element))
            lines += [str(comment) for comment in element.comments]
    termination = attrs.evolve(record, tags=(), setup=(), rounds=(), comments=())
    lines += write_game(termination).splitlines()
    return lines
