"""What the viewer writes beside the table: the record's comments, glyphs, NAGs and
annotations at the step they belong to, and the replay's problems at the step they were found.

Terms:

note
    A :class:`Note`: one comment (``{...}`` or ``;...``), annotation (``{=...}``), glyph
    (``!``, ``?!``...) or NAG (``$14``) of the record, kept as written.
its step
    The frame a note is shown at: an action's notes at the step that applied it, a round's
    at its first step, the game's leading comments, its tags' and its deal lines' at step 0
    (the deal), the termination's at the last step.  An action the replay could not apply
    has no step of its own: its notes go with the step before it.
masked text
    Text shown to one seat: every card value it names (a mention,
    :mod:`gargon_notation.mentions`) that the seat had not seen by then, every copy of it,
    is written as its back (``R14`` becomes ``R?``), so free text (a comment, a problem's
    message) can never tell a seat more than the table did.

>>> from gargon_notation.cards import Card
>>> play = model.Play("Adam", (Card.parse("R9"),), glyph="!", nags=(1,),
...                   comments=(model.Comment("good lead"),))
>>> [str(note) for note in action_notes(play)]
['!', '$1', '{good lead}']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import attrs

from gargon_notation.cards import Card
from gargon_notation.mentions import mask_mentions
from gargon_notation.notation import model
from gargon_notation.replay import Problem, Step

__all__ = [
    "GLYPH_MEANINGS",
    "Note",
    "ProblemNote",
    "action_notes",
    "notes_by_step",
]

GLYPH_MEANINGS = {
    "!": "good",
    "?": "mistake",
    "!!": "brilliant",
    "??": "blunder",
    "!?": "interesting",
    "?!": "dubious",
}
"""What each glyph says (docs/notation.md, 2.8)."""


@attrs.frozen
class Note:
    """One comment, annotation, glyph or NAG: ``kind`` is ``comment``, ``annotation``,
    ``glyph`` or ``nag``; ``text`` as written, without its delimiters."""

    kind: str
    text: str

    def __str__(self) -> str:
        if self.kind == "annotation":
            return "{=" + self.text + "}"
        if self.kind == "comment":
            return "{" + self.text + "}"
        return self.text


@attrs.frozen
class ProblemNote:
    """A problem of the replay as the viewer shows it: code, place, message, the action as
    written, what the replay did about it and the earlier problem it follows from."""

    code: str
    line: int
    column: int
    message: str
    written: str | None = None
    repair: str | None = None
    follows: str | None = None

    @classmethod
    def of(cls, problem: Problem) -> ProblemNote:
        """The note of one problem of the replay."""
        return cls(
            problem.code,
            problem.line,
            problem.column,
            problem.message,
            problem.written,
            problem.repair,
            problem.consequence_of,
        )

    def masked(self, seen: Mapping[Card, int]) -> ProblemNote:
        """This note with every value not known to a seat that has seen ``seen`` copies of
        each card written as its back (:func:`~gargon_notation.mentions.mask_mentions`)."""
        written = mask_mentions(self.written, seen) if self.written is not None else None
        return attrs.evolve(self, message=mask_mentions(self.message, seen), written=written)


def _comment(comment: model.Comment) -> Note:
    kind = "annotation" if comment.kind is model.CommentKind.ANNOTATION else "comment"
    return Note(kind, comment.text)


def action_notes(action: model.Action) -> tuple[Note, ...]:
    """An action's glyph, NAGs and comments, in that order (the order they are written)."""
    notes: list[Note] = []
    if action.glyph is not None:
        notes.append(Note("glyph", action.glyph))
    notes.extend(Note("nag", f"${nag}") for nag in action.nags)
    notes.extend(_comment(comment) for comment in action.comments)
    return tuple(notes)


def _elements(record: model.GameRecord) -> Iterator[tuple[model.Action | None, tuple[Note, ...]]]:
    """Every written action with its notes, in record order; a round's own comments come
    first, as notes of no action (they go with the next step)."""
    for written in record.rounds:
        if written.comments:
            yield None, tuple(_comment(comment) for comment in written.comments)
        for action in written.actions:
            yield action, action_notes(action)
        for battle in written.battles:
            yield battle, action_notes(battle)
            for draw in battle.draws:
                yield draw, action_notes(draw)


def notes_by_step(record: model.GameRecord, steps: Sequence[Step]) -> dict[int, list[Note]]:
    """The record's notes by the frame they are shown at (0: the deal; ``len(steps)``: the
    last step), each frame's in record order (see the module docstring)."""
    step_of = {id(step.element): step.number for step in steps if step.element is not None}
    last = len(steps)
    found: dict[int, list[Note]] = {}
    opening = [*record.comments]
    for tag in record.tags:
        opening += tag.comments
    for line in record.setup:
        opening += line.comments
    if opening:
        found[0] = [_comment(comment) for comment in opening]
    where = 0
    waiting: list[Note] = []
    for element, notes in _elements(record):
        if element is None:
            waiting.extend(notes)
            continue
        number = step_of.get(id(element))
        if number is not None:
            where = number
        if waiting or notes:
            found.setdefault(where, []).extend([*waiting, *notes])
            waiting = []
    ending = [*waiting, *(_comment(comment) for comment in record.termination.comments)]
    if ending:
        found.setdefault(last, []).extend(ending)
    return found
