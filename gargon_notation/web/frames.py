"""The viewer's data: the table at every step of a game, as one viewpoint knew it.

Terms:

frame
    A :class:`Frame`: the table after a number of steps (0: the deal, as ``gargon replay
    --step``), as one viewpoint knew it: hands, the cards in front, what each seat did this
    round, won cards, both piles, the discard pile, whose decision it is, what each hidden
    card can still be, the events of the step, and the record's notes and problems there.
    Cards are written as the notation writes them (``R14``, ``R?``, ``X?``), several
    separated by spaces; hands and won cards in hand order (colour, strongest first).
viewpoint
    A :class:`View`: ``everyone`` holds what the record knows (the referee's table; a card
    the record does not know is a back); a seat's view holds only what that seat knew then.
    A seat's frames are built from :meth:`GameState.seen_by
    <gargon_notation.engine.GameState.seen_by>` and :meth:`GameState.possible
    <gargon_notation.engine.GameState.possible>` for that seat, its events as the seat saw
    them (:func:`~gargon_notation.engine.view.as_others_see`), the won cards as the battles
    showed them, and its notes and problems masked
    (:func:`~gargon_notation.mentions.mask_mentions`);
    annotations (``{=...}``), derived from the whole record, are left out of it, and so is a
    ``Seed`` tag (it deals every card).  Nothing else of the referee's table reaches it.
step
    One applied action of the replay (:attr:`Replay.steps
    <gargon_notation.replay.Replay.steps>`); frame ``k`` follows step ``k``.

>>> from gargon_notation.bots import simulate
>>> from gargon_notation.records import record_from_simulation
>>> game = game_frames(record_from_simulation(simulate(3, "demo")))
>>> [view.key for view in game.views], len(game.views[0].frames) == game.steps + 1
(['all', '0', '1', '2'], True)
>>> first = game.views[1].frames[0]
>>> first.hands[0].split()[:3], first.hands[1].split()[:1]
(['W9', 'W4', 'V8'], ['B?'])
>>> game.score.totals == game.totals[-1]
True
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeAlias

import attrs

from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard, hand_order
from gargon_notation.engine import (
    BattleResolved,
    CardDrawn,
    Choose,
    DecisionKind,
    DrawForgotten,
    DrawSkipped,
    Game,
    GameEnded,
    GameState,
    Passed,
    PileEmptied,
    Place,
    PlaceKind,
    Played,
    PlayedFaceDown,
    Possible,
    RoundEnded,
    RoundStarted,
    Score,
    SeenEvent,
    possible_cards,
)
from gargon_notation.engine.scoring import score_legend
from gargon_notation.engine.view import as_others_see
from gargon_notation.mentions import mask_mentions
from gargon_notation.notation import model, write_action
from gargon_notation.notation.tags import LABEL_TAGS, STRUCTURED_TAGS
from gargon_notation.replay import Outcome, Problem, Replay, Step, Visitor, replay
from gargon_notation.seats import players_of, seat_name
from gargon_notation.web.notes import Note, ProblemNote, notes_by_step

__all__ = ["EVERYONE", "Frame", "GameFrames", "Json", "View", "game_frames"]

Json: TypeAlias = "str | int | bool | list[Json] | tuple[Json, ...] | dict[str, Json] | None"
"""What the viewer's data is made of: JSON values (tuples are written as arrays)."""

EVERYONE = "all"
"""The key of the view of everything the record knows."""

_VALUE = re.compile(r"(?<![\w'-])[WBVYRG](?:1[0-5]|[0-9])(?![\w'-])")
"""A card value as a frame writes it."""


@attrs.frozen
class Frame:
    """The table after ``step`` steps, as one viewpoint knew it (see the module docstring).

    ``played`` is None for a seat that has not acted this round, ``"pass"`` for a pass, else
    the cards it laid (as seen); ``face_down`` is True in the card play phase, while the
    cards in front lie face down; ``possible`` gives, for each back the hidden cards show,
    the values they can still have (:meth:`Possible.values_text
    <gargon_notation.engine.Possible.values_text>`); ``events`` are the step's events as
    JSON arrays (see docs/viewer.md); ``written`` the action as the record writes it (the
    everyone view only).
    """

    step: int
    round: int
    start: int
    to_act: tuple[str, int] | None
    hands: tuple[str, ...]
    front: tuple[str, ...]
    played: tuple[str | None, ...]
    won: tuple[str, ...]
    piles: tuple[str, str]
    discard: str
    face_down: bool
    pattern: str | None
    owed: tuple[int, ...]
    possible: tuple[tuple[str, str], ...]
    events: tuple[Json, ...] = ()
    notes: tuple[Note, ...] = ()
    problems: tuple[ProblemNote, ...] = ()
    written: str | None = None


@attrs.frozen
class View:
    """One viewpoint's frames: ``key`` is ``all`` or the seat's number as text."""

    key: str
    label: str
    seat: int | None
    frames: tuple[Frame, ...]


@attrs.frozen
class GameFrames:
    """Everything the viewer shows of one game.

    ``totals`` are the running scores after each step (public: every won card was turned up
    in its battle); ``score`` is the score table at the end, :attr:`score_title` says which
    (the final score, the score so far, or the score when the first problem was found), and
    ``won`` the values each player had won by then, colour by colour (canonical order), each
    colour's in the order won, and ``score_legend`` what its figures mean; ``winners`` only
    for a finished, valid game.  ``problems`` are those of a game that could
    not be set up (it has no frames); the others are in the frames.
    """

    number: int
    source: str
    names: tuple[str, ...]
    tags: tuple[tuple[str, str], ...]
    views: tuple[View, ...]
    totals: tuple[tuple[int, ...], ...]
    score: Score | None
    score_title: str
    won: tuple[tuple[tuple[int, ...], ...], ...]
    score_legend: tuple[str, ...]
    winners: tuple[int, ...]
    valid: bool
    finished: bool
    problem_count: int
    problems: tuple[ProblemNote, ...] = ()
    unchecked: tuple[str, ...] = ()

    @property
    def steps(self) -> int:
        """The number of steps (frames less one; 0 for a game that could not be set up)."""
        return max(len(self.totals) - 1, 0)


def _cards(cards: Sequence[AnyCard], ordered: bool = False) -> str:
    return " ".join(map(str, hand_order(cards) if ordered else cards))


def _event(event: SeenEvent) -> Json:
    """One event as the viewer's JSON array (docs/viewer.md lists them)."""
    if isinstance(event, RoundStarted):
        return ["round", event.number, event.start, list(event.skipped)]
    if isinstance(event, Played):
        return ["play", event.seat, _cards(event.cards), ":".join(map(str, event.pattern))]
    if isinstance(event, PlayedFaceDown):
        return ["play", event.seat, _cards(event.backs), ":".join(map(str, event.pattern))]
    if isinstance(event, Passed):
        return ["pass", event.seat, list(event.piles)]
    if isinstance(event, CardDrawn):
        return ["draw", event.seat, event.pile, str(event.card), event.replacement]
    if isinstance(event, PileEmptied):
        return ["emptied", event.pile]
    if isinstance(event, BattleResolved):
        fought: list[Json] = [[seat, str(card)] for seat, card in event.cards]
        return [
            "battle",
            event.colour.value,
            event.kind.value,
            event.fight,
            fought,
            event.winner,
            _cards(event.won),
            _cards(event.discarded),
            list(event.losers),
        ]
    if isinstance(event, DrawForgotten):
        return ["forgot", event.seat]
    if isinstance(event, DrawSkipped):
        return ["nodraw", event.seat]
    if isinstance(event, RoundEnded):
        return ["roundend", event.number, event.next_start]
    assert isinstance(event, GameEnded)
    return ["end", list(event.winners), list(event.totals)]


def _record_possible(state: GameState) -> Possible | None:
    """What each card the record does not know can still be (None: nothing fits)."""
    hidden: dict[Place, HiddenCard] = {}
    known: list[Card] = list(state.discard)
    places = [
        *((PlaceKind.HAND, seat, cards) for seat, cards in enumerate(state.hands)),
        *((PlaceKind.PILE, number, cards) for number, cards in enumerate(state.piles, 1)),
        *((PlaceKind.FRONT, seat, cards) for seat, cards in enumerate(state.front)),
        *((PlaceKind.WON, seat, cards) for seat, cards in enumerate(state.won)),
    ]
    for kind, owner, cards in places:
        for index, card in enumerate(cards):
            if isinstance(card, Card):
                known.append(card)
            else:
                hidden[Place(kind, owner, index)] = card
    try:
        return possible_cards(hidden, known)
    except ValueError:
        return None


def _possible_text(possible: Possible | None) -> tuple[tuple[str, str], ...]:
    if possible is None:
        return ()
    texts = []
    for back, _, cards in possible.groups():
        text = _TEXTS.get((back, cards))
        if text is None:
            if len(_TEXTS) > 4096:
                _TEXTS.clear()
            text = _TEXTS[back, cards] = possible.values_text(back)
        texts.append((str(back), text))
    return tuple(texts)


_TEXTS: dict[tuple[HiddenCard, frozenset[Card]], str] = {}
"""Values texts already written (the same few sets come back at every step)."""


def _table(
    shown: GameState, possible: Possible | None, won: Sequence[Sequence[AnyCard]], step: int
) -> Frame:
    """The frame of a (masked) table; ``won`` as the viewpoint knows the won cards."""
    decision = shown.to_act
    to_act = None if decision is None else (decision.kind.value, decision.seat)
    played = tuple(
        None if cards is None else "pass" if not cards else _cards(cards) for cards in shown.played
    )
    return Frame(
        step=step,
        round=shown.round,
        start=shown.start,
        to_act=to_act,
        hands=tuple(_cards(hand, ordered=True) for hand in shown.hands),
        front=tuple(_cards(cards) for cards in shown.front),
        played=played,
        won=tuple(_cards(cards, ordered=True) for cards in won),
        piles=(_cards(shown.piles[0]), _cards(shown.piles[1])),
        discard=_cards(shown.discard),
        face_down=decision is not None and decision.kind is DecisionKind.PLAY_OR_PASS,
        pattern=None if shown.pattern is None else ":".join(map(str, shown.pattern)),
        owed=shown.owed,
        possible=_possible_text(possible),
    )


def _safe_possible(state: GameState, seat: int) -> Possible | None:
    try:
        return state.possible(seat)
    except ValueError:
        return None


class _Builder(Visitor):
    """Takes a frame for each viewpoint at the deal and after every step of the walk."""

    wants_events = True

    def __init__(self, seats: Sequence[int | None]) -> None:
        self.seats = seats
        self.frames: dict[int | None, list[Frame]] = {seat: [] for seat in seats}
        self.totals: list[tuple[int, ...]] = []
        self.remembered: list[list[Card]] = []
        """Each seat's won cards as the battles showed them (public)."""
        self.problems: list[tuple[int, Problem]] = []

    def begin_game(self, outcome: Outcome, game: Game) -> None:
        self.remembered = [[] for _ in game.names]
        self._take(game, ())

    def visit_step(self, step: Step, game: Game) -> None:
        for event in step.events:
            if isinstance(event, BattleResolved) and event.winner is not None:
                self.remembered[event.winner].extend(event.won)
        self._take(game, step.events, step)

    def visit_problem(self, problem: Problem) -> None:
        self.problems.append((max(len(self.totals) - 1, 0), problem))

    def _take(self, game: Game, events: Sequence[SeenEvent], step: Step | None = None) -> None:
        state = game.snapshot()
        number = len(self.totals)
        self.totals.append(game.score().totals)
        chosen: list[Json] = []
        if step is not None and isinstance(step.action, Choose):
            chosen = [["choose", step.action.seat, step.action.colour.value]]
        for seat in self.seats:
            if seat is None:
                frame = _table(state, _record_possible(state), state.won, number)
                written = write_action(step.element) if step and step.element else None
                seen = [_event(event) for event in events]
                frame = attrs.evolve(frame, written=written)
            else:
                shown = state.seen_by(seat)
                won = [
                    self.remembered[other] if len(self.remembered[other]) == len(cards) else cards
                    for other, cards in enumerate(shown.won)
                ]
                frame = _table(shown, _safe_possible(state, seat), won, number)
                seen = [_event(_as_seen_by(event, seat)) for event in events]
            self.frames[seat].append(attrs.evolve(frame, events=(*chosen, *seen)))


def _as_seen_by(event: SeenEvent, seat: int) -> SeenEvent:
    """``event`` as ``seat`` saw it: its own draws and plays in full, the others' by backs."""
    if isinstance(event, CardDrawn | Played) and event.seat == seat:
        return event
    return as_others_see(event) if isinstance(event, CardDrawn | Played) else event


def _sighted(frame: Frame) -> Counter[Card]:
    """The copies of each card a frame shows at once (its events: at least one)."""
    places = [*frame.hands, *frame.front, *frame.won, *frame.piles, frame.discard]
    shown = Counter(map(Card.parse, _VALUE.findall(" ".join(places))))
    for value in _VALUE.findall(json.dumps(frame.events)):
        card = Card.parse(value)
        shown[card] = shown[card] or 1
    return shown


def _seat_of(record: model.GameRecord, seat: str | int) -> int:
    players = players_of(record)
    return players.index(seat_name(seat, players))


def game_frames(
    record: model.GameRecord,
    seat: str | int | None = None,
    *,
    game_number: int = 1,
    replayed: Callable[[Replay], object] | None = None,
) -> GameFrames:
    """The viewer's data of ``record``: the everyone view and every seat's (``seat`` None),
    or only the view of ``seat`` (a player's name, or a seat number from 0).

    Replays the record once (``replayed``, when given, is called with that replay, to tell
    its problems, say).  An invalid record gives its frames as far as the replay went, each
    problem at the frame it was found at.  Raises
    :class:`~gargon_notation.seats.SeatError` for a ``seat`` not at the table (or a record
    without a ``Players`` tag, given a ``seat``).
    """
    players = record.tag("Players")
    names = players.values if players is not None else ()
    seats: list[int | None]
    seats = [_seat_of(record, seat)] if seat is not None else [None, *range(len(names))]
    builder = _Builder(seats)
    result = replay(record, game_number=game_number, visitors=[builder])
    if replayed is not None:
        replayed(result)
    notes = notes_by_step(record, result.steps)
    views = []
    for viewer in seats:
        frames = builder.frames[viewer]
        if frames:
            frames = _with_notes(frames, viewer, notes, builder.problems)
        label = "Everything the record knows" if viewer is None else f"As {names[viewer]} saw it"
        key = EVERYONE if viewer is None else str(viewer)
        views.append(View(key, label, viewer, tuple(frames)))
    score, title, won = _score(result)
    finished = result.finished and result.valid
    winners = score.winners if finished and score is not None else ()
    legend = score_legend(result.game.ruleset, bool(winners)) if result.game is not None else ()
    unplaced = () if builder.frames[seats[0]] else tuple(ProblemNote.of(p) for p in result.problems)
    if seat is not None:
        unplaced = tuple(problem.masked({}) for problem in unplaced)
    return GameFrames(
        number=game_number,
        source=record.source,
        names=tuple(names),
        tags=_tags(record, seat is not None, views[0].frames),
        views=tuple(views),
        totals=tuple(builder.totals),
        score=score,
        score_title=title,
        won=won,
        score_legend=legend,
        winners=winners,
        valid=result.valid,
        finished=finished,
        problem_count=len(result.problems),
        problems=unplaced,
        unchecked=tuple(result.unchecked) if seat is None else (),
    )


def _tags(
    record: model.GameRecord, masked: bool, frames: Sequence[Frame]
) -> tuple[tuple[str, str], ...]:
    """The record's tags (several values joined by ``, ``); for a seat, without a ``Seed``
    tag and with the values it had not seen at the deal written as backs, in a tag's name
    and in the values of a tag of free text (as :func:`~gargon_notation.seats.find_leaks`
    reads them: ``[Players "B5" ...]`` names a player, not a card)."""
    seen = _sighted(frames[0]) if frames else Counter()
    shown = []
    for tag in record.tags:
        name, value = tag.name, ", ".join(tag.values)
        if masked:
            if name == "Seed":
                continue
            if name not in STRUCTURED_TAGS and name not in LABEL_TAGS:
                value = mask_mentions(value, seen)
            name = mask_mentions(name, seen)
        shown.append((name, value))
    return tuple(shown)


def _score(
    result: Replay,
) -> tuple[Score | None, str, tuple[tuple[tuple[int, ...], ...], ...]]:
    """The score table at the end, its title (as ``gargon show`` heads it), and the values
    each player had won then, colour by colour."""
    if result.game is None:
        return None, "No score: the game could not be set up", ()
    state: GameState
    if not result.valid and result.first_problem_at is not None:
        state = result.state_after(result.first_problem_at)
        title = "Score when the first problem was found"
    else:
        state = result.game.snapshot()
        title = "Score" if result.finished else "Unfinished game; score so far"
    return state.score(), title, tuple(_won_by_colour(won) for won in state.won)


def _won_by_colour(won: Sequence[AnyCard]) -> tuple[tuple[int, ...], ...]:
    columns: list[list[int]] = [[] for _ in Colour]
    for card in won:
        assert isinstance(card, Card)  # GameState.score refuses hidden won cards
        columns[card.colour.index].append(card.value)
    return tuple(map(tuple, columns))


def _with_notes(
    frames: list[Frame],
    seat: int | None,
    notes: dict[int, list[Note]],
    problems: Sequence[tuple[int, Problem]],
) -> list[Frame]:
    """The frames with the record's notes and the problems at their steps; for a seat, the
    notes and problems masked by what it had seen by then, and no annotations."""
    placed: dict[int, list[ProblemNote]] = {}
    for number, problem in problems:
        placed.setdefault(min(number, len(frames) - 1), []).append(ProblemNote.of(problem))
    seen: Counter[Card] = Counter()
    """The copies of each card the seat has seen: the most it saw at once."""
    out = []
    for frame in frames:
        shown_notes = notes.get(frame.step, [])
        shown_problems = placed.get(frame.step, [])
        if seat is not None:
            seen |= _sighted(frame)
            shown_notes = [
                attrs.evolve(note, text=mask_mentions(note.text, seen))
                for note in shown_notes
                if note.kind != "annotation"
            ]
            shown_problems = [problem.masked(seen) for problem in shown_problems]
        if shown_notes or shown_problems:
            frame = attrs.evolve(frame, notes=tuple(shown_notes), problems=tuple(shown_problems))
        out.append(frame)
    return out
