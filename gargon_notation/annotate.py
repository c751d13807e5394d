"""Derived facts written into a record as marked annotations (``{=...}``), and taken out again.

:func:`annotate` replays a record and attaches, as annotation comments:

- to each pass and each replacement draw, the cards drawn (as far as they are known) and the
  player's hand size after it; to each play, the hand size after it;
- to each chosen colour, the outcome of its fights;
- to the last element of each round, the hand sizes, pile sizes and running score;
- to the termination, the final score and the winners;
- with ``possible=True``, also to each play, pass, replacement draw and chosen colour, what
  every card still hidden can be, as everyone knows (``{=hidden: 12 W? of 0-13 15; ...}``,
  :meth:`GameState.possible <gargon_notation.engine.GameState.possible>`).

Annotations are the only comments it touches: :func:`strip_annotations` removes exactly the
annotation comments, so ``strip_annotations(annotate(r)) == strip_annotations(r)``, and
``annotate`` first strips, so annotating twice changes nothing.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> record = record_from_simulation(simulate(3, "demo"))
>>> once = annotate(record)
>>> annotate(once) == once, strip_annotations(once) == record
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import attrs

from gargon_notation.arguments import record_argument
from gargon_notation.cards import AnyCard
from gargon_notation.engine import (
    BattleKind,
    BattleResolved,
    CardDrawn,
    Game,
    GameState,
    RoundEnded,
)
from gargon_notation.notation import model
from gargon_notation.replay import Outcome, Replay, Step, Visitor, replay

__all__ = ["annotate", "annotate_replayed", "strip_annotations"]

E = TypeVar("E")
_ANNOTATION = model.CommentKind.ANNOTATION


def _without(comments: Iterable[model.Comment]) -> tuple[model.Comment, ...]:
    return tuple(c for c in comments if c.kind is not _ANNOTATION)


def _strip_element(element: E) -> E:
    """``element`` without its annotations (itself when it has none: a record never
    annotated is made again only where it must be)."""
    comments: tuple[model.Comment, ...] = element.comments  # type: ignore[attr-defined]
    changes: dict[str, Any] = {}
    kept = _without(comments)
    if len(kept) != len(comments):
        changes["comments"] = kept
    if isinstance(element, model.Battle):
        draws = tuple(_strip_element(d) for d in element.draws)
        if any(new is not old for new, old in zip(draws, element.draws, strict=True)):
            changes["draws"] = draws
    return attrs.evolve(element, **changes) if changes else element  # type: ignore[misc]


def strip_annotations(record: model.GameRecord) -> model.GameRecord:
    """The record without any annotation comment; every other comment stays where it was.

    Raises :class:`~gargon_notation.errors.ArgumentError` for the
    :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
    lenient :func:`~gargon_notation.files.load` gives it), :class:`TypeError` for anything
    else that is not a record.
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "strip_annotations")
    return attrs.evolve(
        record,
        comments=_without(record.comments),
        tags=tuple(_strip_element(tag) for tag in record.tags),
        setup=tuple(_strip_element(line) for line in record.setup),
        rounds=tuple(
            attrs.evolve(
                written,
                comments=_without(written.comments),
                actions=tuple(_strip_element(a) for a in written.actions),
                battles=tuple(_strip_element(b) for b in written.battles),
            )
            for written in record.rounds
        ),
        termination=_strip_element(record.termination),
    )


def _cards(cards: Iterable[AnyCard]) -> str:
    return " ".join(str(card) for card in cards)


def _fight_text(event: BattleResolved, names: Sequence[str]) -> str:
    if event.kind is BattleKind.ZEROS:
        return f"{_cards(c for _, c in event.cards)} cancel out"
    assert event.winner is not None
    winner = names[event.winner]
    if event.kind is BattleKind.ALONE:
        return f"{winner} wins {_cards(event.won)} alone"
    if event.kind is BattleKind.LAST_CARD:
        return f"{winner} wins {_cards(event.won)} as the last card"
    beaten = ", ".join(
        f"{card} {names[seat]}" for seat, card in event.cards if seat != event.winner
    )
    return f"{winner} wins {_cards(event.won)} over {beaten}"


def _scores(state: GameState) -> str:
    totals = state.score().totals
    return ", ".join(f"{name} {total}" for name, total in zip(state.names, totals, strict=True))


def _round_summary(state: GameState, number: int) -> str:
    hands = ", ".join(
        f"{name} {len(hand)}" for name, hand in zip(state.names, state.hands, strict=True)
    )
    piles = f"{len(state.piles[0])}+{len(state.piles[1])}"
    return f"after round {number}: hands {hands}; piles {piles}; score {_scores(state)}"


def _add(element: E, *texts: str) -> E:
    notes = tuple(model.Comment(text, _ANNOTATION) for text in texts if text)
    return attrs.evolve(element, comments=(*element.comments, *notes))  # type: ignore[attr-defined, misc]


class _Annotator(Visitor):
    """Collects notes per written element (keyed by identity) during the walk, then writes
    them in."""

    wants_events = True

    def __init__(self, record: model.GameRecord, possible: bool = False) -> None:
        self.possible = possible
        self.notes: dict[int, list[str]] = {}
        self.names: tuple[str, ...] = ()
        self.game: Game | None = None
        self.battle_of_draw: dict[int, model.Battle] = {
            id(draw): battle
            for written in record.rounds
            for battle in written.battles
            for draw in battle.draws
        }
        self.last_of_round: dict[int, model.Action] = {}
        self.ended: set[int] = set()

    def _note(self, element: object, text: str) -> None:
        self.notes.setdefault(id(element), []).append(text)

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.names = game.names
        self.game = game

    def visit_step(self, step: Step, game: Game) -> None:
        events = step.events
        self.ended.update(e.number for e in events if isinstance(e, RoundEnded))
        element = step.element
        if element is None:
            return
        battle = self.battle_of_draw.get(id(element), element)
        self.last_of_round[step.round] = battle
        if isinstance(element, model.Play | model.Pass | model.Draw):
            drawn = [e.card for e in events if isinstance(e, CardDrawn)]
            hand = f"hand {len(game.hand(step.action.seat))}"
            self._note(element, f"drew {_cards(drawn)}; {hand}" if drawn else hand)
        fights = [e for e in events if isinstance(e, BattleResolved)]
        if fights:
            self._note(battle, "; ".join(_fight_text(e, self.names) for e in fights))
        if self.possible:
            hidden = str(game.snapshot().possible())
            if hidden:
                self._note(element, f"hidden: {hidden}")

    def end_round(self, number: int, game: Game) -> None:
        element = self.last_of_round.get(number)
        if element is not None and number in self.ended:
            self._note(element, _round_summary(game.snapshot(), number))

    def _with_notes(self, original: E, changed: E | None = None) -> E:
        target = original if changed is None else changed
        return _add(target, *self.notes.get(id(original), ()))

    def apply(self, record: model.GameRecord) -> model.GameRecord:
        rounds = []
        for written in record.rounds:
            actions = tuple(self._with_notes(action) for action in written.actions)
            battles = tuple(
                self._with_notes(
                    battle,
                    attrs.evolve(battle, draws=tuple(self._with_notes(d) for d in battle.draws)),
                )
                for battle in written.battles
            )
            rounds.append(attrs.evolve(written, actions=actions, battles=battles))
        termination = record.termination
        game = self.game
        if game is not None and game.is_over:
            final = game.score()
            winners = ", ".join(self.names[seat] for seat in final.winners)
            totals = ", ".join(
                f"{name} {total}" for name, total in zip(self.names, final.totals, strict=True)
            )
            termination = _add(termination, f"final score {totals}; won by {winners}")
        return attrs.evolve(record, rounds=tuple(rounds), termination=termination)


def annotate(record: model.GameRecord, *, possible: bool = False) -> model.GameRecord:
    """The record with fresh annotations of everything the engine derives (see module doc);
    with ``possible``, also what the hidden cards can still be after each action.

    A record that cannot be set up (no Players tag, say) is returned without annotations;
    a record with rule problems is annotated up to where its replay could go.  Raises
    :class:`~gargon_notation.errors.ArgumentError` or :class:`TypeError` for what is not a
    record, as :func:`strip_annotations` does.

    >>> from gargon_notation.notation import parse_game
    >>> text = '[Players "Ann" "Bob" "Cy"]\\n1. Ann W9, Bob pass 1, Cy pass 2\\n    fights W\\n*\\n'
    >>> fights = annotate(parse_game(text), possible=True).rounds[0].battles[0]
    >>> for comment in fights.comments:
    ...     print(comment.text)
    Ann wins W9 alone
    hidden: 101 X? of W 0-8 10-15, B 0-15, V 0-15, Y 0-15, R 0-15, G 0-15
    after round 1: hands Ann 9, Bob 11, Cy 11; piles 35+35; score Ann 12, Bob 0, Cy 0
    """
    if type(record) is not model.GameRecord:
        record = record_argument(record, "annotate")
    return annotate_replayed(record, possible=possible)[0]


def annotate_replayed(
    record: model.GameRecord, game_number: int = 1, *, possible: bool = False
) -> tuple[model.GameRecord, Replay]:
    """:func:`annotate`, and the replay it was made from, in one walk (its ``problems`` say
    what, if anything, kept the annotations from reaching the end); ``game_number`` is the
    game's place in its file, for those problems."""
    clean = strip_annotations(record)
    annotator = _Annotator(clean, possible)
    result = replay(clean, game_number=game_number, keep_steps=False, visitors=[annotator])
    if result.game is None:
        return clean, result
    return annotator.apply(clean), result
