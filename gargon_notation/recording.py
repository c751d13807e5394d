"""Recording a game as it is played: one decision at a time, each checked as it is entered.

A :class:`Recording` holds a game in progress: the record's tags and setup, the decisions
entered so far and the engine's table after them.  An entry is written in the notation's own
words for the decision the game waits for, without the round number:

- a play or a pass: ``Y2 Y6 R9``, ``pass 1 1 2``, ``pass 1:R? 2`` (the player's name may lead:
  ``Adam Y2 Y6 R9``);
- a choice of colour: ``R``, or several at once as on a ``fights`` line
  (``Y, R (Adam 1, Collette 2)``), winners written after ``>`` are checked;
- a replacement draw: ``1``, ``2:R7``, ``1:G?``, ``forgot`` (or ``Adam 1``).

Glyphs, numeric annotations and comments may follow, as in a record (``Y2 Y6 R9! {bold}``).
:meth:`Recording.enter_line` also takes whole lines of a record: a round line (``3. Adam
Y2 Y6, Bernd pass 1``), a ``fights`` line, a termination (``end``, ``*``), a comment or a
glyph alone (added to the last decision).  An entry the notation or the rules refuse raises
:class:`EntryRefused` with the rule's own message and changes nothing; a line of several
decisions is taken whole or not at all.

>>> recording = Recording.new(["Ann", "Bob", "Cy"], seed="demo")
>>> recording.prompt()
'round 1: Ann to play or pass'
>>> try:
...     recording.enter("R9")
... except EntryRefused as refused:
...     print(refused.message.split(" (")[0], "-", refused.message.split()[-1])
Ann plays R9, but does not hold R9 - [card-not-in-hand]
>>> recording.enter(recording.legal_entries()[0])
>>> recording.prompt()
'round 1: Bob to play or pass'
>>> recording.undo()
1
>>> print(recording.text(), end="")
[Players "Ann" "Bob" "Cy"]
[Start "Ann"]
[Seed "demo"]
[Shuffle "sha256-fy-1"]
*
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence

import attrs

from gargon_notation.arguments import name_texts, record_argument, whole_number
from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard, hand_order
from gargon_notation.engine import (
    SHUFFLE_ALGORITHM,
    Action,
    BattleResolved,
    Choose,
    Decision,
    DecisionKind,
    Draw,
    Game,
    GameState,
    Pass,
    Play,
)
from gargon_notation.engine.patterns import describe_pattern
from gargon_notation.engine.wording import colours_text, count_of, placed_elsewhere
from gargon_notation.entries import (
    EntryRefused,
    annotations_only,
    decided_order,
    entry_lines,
    names_someone,
    read_battles,
    read_decision,
    read_round_line,
)
from gargon_notation.errors import GargonError, NotationError
from gargon_notation.notation import model, parse_game
from gargon_notation.notation import tags as tag_rules
from gargon_notation.notation.writer import (
    name_text,
    with_result_in_step,
    write_action,
    write_game,
)
from gargon_notation.replay import Problem, replay
from gargon_notation.replay.hints import winners_text
from gargon_notation.slips import meant_hint

__all__ = [
    "Entry",
    "EntryRefused",
    "Recording",
    "RecordingError",
    "Sight",
    "check_date",
    "entry_lines",
]

_TYPING_CARD = re.compile(r"([WBVYRG])([0-9]{0,2})", re.IGNORECASE)

SEAT_TAG = "Seat"
"""The tag naming the seat a record was taken for (``gargon record --seat``)."""


class RecordingError(GargonError):
    """A recording that cannot start or resume: the message says why and what to do."""


class Sight(enum.Enum):
    """What the recorder sees of the cards."""

    EVERYTHING = "everything"
    """Every value (a bot match, a replay of a known deal): draws need no values."""
    BACKS = "backs"
    """The table: backs by colour, values once cards are played; draws by colour (``1:R?``).
    A record whose deal is not wholly known is resumed with this sight."""
    SEAT = "seat"
    """One player: their own values, the others' backs, the cards revealed in battles."""


@attrs.frozen
class Entry:
    """One accepted decision: the engine's action and the element the record writes."""

    round: int
    action: Action
    element: model.Play | model.Pass | model.Battle | model.Draw


@attrs.frozen
class Memento:
    """A recording at one moment (:meth:`Recording.memento`)."""

    entries: tuple[Entry, ...]
    game: Game
    termination: model.Termination
    comments: dict[int, tuple[model.Comment, ...]]


_MISSING_AFTER_NAME = {
    DecisionKind.PLAY_OR_PASS: (
        "the play is missing after {name}'s name: write the cards ({name} R14 R3), or the "
        "pass and its piles ({name} pass 1 2)"
    ),
    DecisionKind.CHOOSE: "the colour is missing after {name}'s name: write it ({name} R)",
    DecisionKind.DRAW: (
        "the pile is missing after {name}'s name: write {name} 1 or {name} 2 (with :R? or "
        ":R7 for what was seen), or {name} forgot"
    ),
}
"""What a player's name alone lacks, by the decision asked for."""

_DECISION_WORDS = {
    DecisionKind.PLAY_OR_PASS: "play or pass",
    DecisionKind.CHOOSE: "choose a colour",
    DecisionKind.DRAW: "draw a replacement card",
}


@attrs.define
class Recording:
    """A game being recorded (see the module's docstring).

    Build one with :meth:`new` (a fresh game) or :meth:`resume` (a record in progress).
    """

    head: model.GameRecord
    """Comments, tags and setup lines: the record before its first round."""
    game: Game
    """The table after every entry (read it, never change it)."""
    sight: Sight = Sight.EVERYTHING
    seat: int | None = None
    """The seat recorded for (:attr:`Sight.SEAT`)."""
    entries: list[Entry] = attrs.Factory(list)
    round_comments: dict[int, tuple[model.Comment, ...]] = attrs.Factory(dict)
    termination: model.Termination = attrs.Factory(model.Termination)
    _start: Game | None = None

    # -- building ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        start: str | None = None,
        *,
        tags: Iterable[model.Tag] = (),
        seed: str | None = None,
        setup: Iterable[model.SetupLine] = (),
        seat: str | None = None,
    ) -> Recording:
        """A fresh game: ``tags`` (Event, Site, Date, ...) first, then Players, Start, the
        seed and the seat recorded for; ``setup`` the deal lines known (backs or values).

        Raises :class:`RecordingError` when the set-up is not a game (2 or 6 players, a start
        player or seat not at the table, a seed and deal lines that disagree, ...), and
        :class:`TypeError` for ``players`` that are not a sequence of texts (one text, say:
        ``"Ann"`` is not three players A, n and n).

        >>> Recording.new("Ann")
        Traceback (most recent call last):
        ...
        TypeError: players: a sequence of texts (str), one a seat, not str 'Ann'
        """
        names = name_texts(players, "players")
        if not names:
            raise RecordingError("name the players in seat order (3 to 5)")
        if seed is not None and not seed.strip():
            raise RecordingError(
                "the seed is empty: give its text, or none if the deal is not known"
            )
        tags = tuple(tags)
        for tag in tags:
            if tag.name == "Date":
                check_date(tag.value)
        try:
            all_tags = [*tags, model.Tag("Players", names)]
            all_tags.append(model.Tag("Start", (start or names[0],)))
            if seed is not None:
                all_tags += [model.Tag("Seed", (seed,)), model.Tag("Shuffle", (SHUFFLE_ALGORITHM,))]
            if seat is not None:
                all_tags.append(model.Tag(SEAT_TAG, (seat,)))
            head = model.GameRecord(tags=tuple(all_tags), setup=tuple(setup))
        except (ValueError, IndexError) as error:
            raise RecordingError(f"this is not a game to record: {error}") from None
        return cls.from_head(head)

    @classmethod
    def from_head(cls, head: model.GameRecord) -> Recording:
        """A fresh game from a record's comments, tags and setup lines (its rounds are
        ignored).  Raises :class:`RecordingError` when they do not set up a game, and
        :class:`~gargon_notation.errors.ArgumentError` or :class:`TypeError` for what is
        not a record, as :meth:`resume` does."""
        if type(head) is not model.GameRecord:
            head = record_argument(head, "Recording.from_head", "head")
        head = attrs.evolve(head, rounds=(), termination=model.Termination())
        result = replay(head, keep_steps=False)
        if not result.valid or result.game is None or result.header is None:
            problems = "; ".join(_problem_text(problem) for problem in result.problems)
            raise RecordingError(f"the set-up is not a game to record: {problems}")
        names = result.header.players
        seat_tag = head.tag(SEAT_TAG)
        seat = None
        if seat_tag is not None:
            if seat_tag.value not in names:
                raise RecordingError(
                    f"[Seat {seat_tag.value!r}] names nobody at the table "
                    f"(players: {', '.join(names)})" + meant_hint(seat_tag.value, names, name_text)
                )
            if head.tag("Seed") is not None:
                raise RecordingError(
                    "a seed deals every card, which one seat does not see: record a seat's "
                    "game without the seed (its own hand in its deal line)"
                )
            seat = names.index(seat_tag.value)
            sight = Sight.SEAT
        elif result.deal is not None and all(isinstance(c, Card) for c in result.deal.cards()):
            sight = Sight.EVERYTHING
        else:
            sight = Sight.BACKS
        recording = cls(head=head, game=result.game, sight=sight, seat=seat)
        recording._start = result.game.copy()
        recording._check_setup_sight()
        return recording

    @classmethod
    def resume(cls, record: model.GameRecord) -> Recording:
        """The recording of ``record``, a valid game in progress, ready for its next decision.

        Raises :class:`RecordingError` when it is not one: invalid (the first problem is
        named), or finished; :class:`~gargon_notation.errors.ArgumentError` for the
        :class:`~gargon_notation.errors.NotationError` of a game that could not be read (as
        lenient :func:`~gargon_notation.files.load` gives it: correct the file, then resume),
        and :class:`TypeError` for anything else that is not a record.
        """
        if type(record) is not model.GameRecord:
            record = record_argument(record, "Recording.resume")
        result = replay(record)
        if not result.valid:
            raise RecordingError(
                "this record is not valid, so it cannot be resumed: "
                + str(result.problems[0])
                + " (correct it, then resume)"
            )
        if result.finished or record.termination.finished:
            raise RecordingError("this game is finished: there is nothing to resume")
        recording = cls.from_head(record)
        for written in record.rounds:
            if written.comments:
                recording.round_comments[written.number] = written.comments
            try:
                recording._enter_elements(decided_order(written.actions, written.battles), 0)
            except EntryRefused as refused:  # a value the seat recorded for cannot have seen
                raise RecordingError(
                    f"round {written.number} cannot be resumed: {refused.message}"
                ) from None
        recording.termination = record.termination
        return recording

    # -- what the game waits for ----------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.game.names

    @property
    def to_act(self) -> Decision | None:
        """Whose decision it is and of what kind; None once the game is over."""
        return self.game.to_act

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.game.is_over

    def state(self) -> GameState:
        """The table now, as the recorder sees it (a seat's view when recording for one)."""
        snapshot = self.game.snapshot()
        if self.sight is Sight.SEAT and self.seat is not None:
            return snapshot.seen_by(self.seat)
        return snapshot

    def prompt(self) -> str:
        """What is asked now: ``round 2: Bernd to choose a colour``, or that the game ended."""
        decision = self.to_act
        if decision is None:
            totals = self.game.score().totals
            scores = ", ".join(f"{n} {p}" for n, p in zip(self.names, totals, strict=True))
            return f"the game is over: {scores}"
        name = self.names[decision.seat]
        return f"round {self.game.round}: {name} to {_DECISION_WORDS[decision.kind]}"

    def choices(self) -> str:
        """What the rules allow now, in words, from what the recorder knows: the hand by
        colour (values where known), the pattern to follow, the colours the last seat may
        play, the draws the piles allow; the colours to choose from; the piles to draw from.

        >>> recording = Recording.new(["Ann", "Bob", "Cy"])
        >>> recording.choices()
        'Ann holds 10 cards of unknown colour; leads any pattern, and must play (start player)'
        >>> recording.enter("R3 R5")
        >>> print(recording.choices().replace("; ", ";\\n"))
        Bob holds 10 cards of unknown colour;
        follows two of one colour (2), or passes drawing 1-3 cards (pile 1: 36, pile 2: 36)
        """
        decision = self.to_act
        if decision is None:
            return ""
        state = self.game.snapshot()
        seat, name = decision.seat, self.names[decision.seat]
        if decision.kind is DecisionKind.CHOOSE:
            front = colours_text(self.game.colours_in_front(seat))
            return f"{name} chooses among the colours in front: {front}"
        piles = f"pile 1: {len(state.piles[0])}, pile 2: {len(state.piles[1])}"
        if decision.kind is DecisionKind.DRAW:
            open_piles = [str(n) for n in (1, 2) if state.piles[n - 1]]
            where = " or ".join(open_piles) if open_piles else "no pile (both are empty)"
            return f"{name} draws from pile {where} ({piles}), or forgot"
        parts = [f"{name} holds {_hand_text(state.hands[seat])}"]
        backs = sorted(
            {card for card in state.hands[seat] if isinstance(card, HiddenCard) and card.colour},
            key=_colour_order,
        )
        if backs:
            possible = state.possible(self.seat if self.sight is Sight.SEAT else None)
            values = ", ".join(f"{back} {possible.values_text(back)}" for back in backs)
            parts.append(f"the hidden ones may be {values}")
        plays = (
            "leads any pattern"
            if state.pattern is None
            else (f"follows {describe_pattern(state.pattern)}")
        )
        if seat == self.game.last_seat and seat != state.start and state.colours_played:
            plays += f" in {colours_text(state.colours_played)} only (last seat)"
        must = seat == state.start and self.game.ruleset.start_player_must_play
        if must and state.hands[seat]:
            parts.append(f"{plays}, and must play (start player)")
        else:
            remaining = len(state.piles[0]) + len(state.piles[1])
            draws = f"1-{min(3, remaining)} cards" if remaining > 1 else count_of(remaining, "card")
            parts.append(f"{plays}, or passes drawing {draws} ({piles})")
        return "; ".join(parts)

    def completions(self, text: str) -> list[str]:
        """Entries that complete ``text`` (what the entry line offers): the legal entries it
        begins; else, for a card being typed in a play (``R``, ``R1``), the cards of that
        colour the player can hold, from the values known and those still possible for the
        hidden cards.  Each completion starts with ``text`` as typed.

        >>> recording = Recording.new(["Ann", "Bob", "Cy"], seed="demo")
        >>> recording.completions("Y1")[:4]
        ['Y1', 'Y10', 'Y1 Y5', 'Y1 Y10']
        >>> recording.completions("w9 y")[:3]
        ['w9 y1', 'w9 y5', 'w9 y10']
        >>> Recording.new(["Ann", "Bob", "Cy"]).completions("R1")
        ['R1', 'R10', 'R11', 'R12', 'R13', 'R14', 'R15']
        """
        folded = text.casefold()
        found = [e for e in self.legal_entries() if e.casefold().startswith(folded)]
        if found or self.to_act is None or self.to_act.kind is not DecisionKind.PLAY_OR_PASS:
            return [text + entry[len(text) :] for entry in found]
        head, space, word = text.rpartition(" ")
        typed = _TYPING_CARD.fullmatch(word)
        if typed is None:
            return []
        colour = Colour.from_letter(typed.group(1))
        state = self.game.snapshot()
        seat = self.to_act.seat
        hand = state.hands[seat]
        values = {card.value for card in hand if isinstance(card, Card) and card.colour is colour}
        if any(isinstance(c, HiddenCard) and c.colour in (colour, None) for c in hand):
            possible = state.possible(self.seat if self.sight is Sight.SEAT else None)
            for back in (HiddenCard(colour), HiddenCard(None)):
                if back in possible.by_back:
                    values |= {c.value for c in possible.by_back[back] if c.colour is colour}
        return [
            f"{head}{space}{word}{str(value)[len(typed.group(2)) :]}"
            for value in sorted(values)
            if str(value).startswith(typed.group(2))
        ]

    def legal_entries(self) -> list[str]:
        """Entries the rules accept now, as far as the recorder knows the cards (plays only
        of cards known to be held; every pass, colour and draw)."""
        decision = self.to_act
        if decision is None:
            return []
        found: list[str] = []
        for action in sorted(self.game.legal_actions(), key=_entry_order):
            if isinstance(action, Play):
                cards = sorted(action.cards, key=lambda card: (card.colour.index, card.value))
                found.append(" ".join(map(str, cards)))
            elif isinstance(action, Pass):
                found.append(" ".join(["pass", *map(str, action.piles)]))
            elif isinstance(action, Choose):
                found.append(action.colour.value)
            else:
                found.append("forgot" if action.pile is None else str(action.pile))
        return list(dict.fromkeys(found))

    # -- entering -------------------------------------------------------------------------

    def enter(self, text: str) -> None:
        """Record one entry for the decision the game waits for (see the module docstring).

        Raises :class:`EntryRefused` (nothing recorded) for text that is not such an entry,
        or that the rules forbid.
        """
        decision = self.to_act
        if decision is None:
            raise EntryRefused("the game is over; nothing more can be entered")
        entry = text.strip()
        if not entry:
            raise EntryRefused(f"nothing entered: {self.prompt()}")
        try:
            actor = self.names[decision.seat]
            self._check_name_alone(entry, decision)
            if decision.kind is DecisionKind.CHOOSE:
                entry = self._chooser_left_out(entry)
            elements, shift = read_decision(entry, decision.kind, actor)
        except EntryRefused as refused:
            raise EntryRefused(refused.message, refused.column, self._hint()) from None
        self._enter_all(elements, shift)

    def _check_name_alone(self, entry: str, decision: Decision) -> None:
        """A player's name alone (``Adam``, as a ``fights`` line writes a draw's name) is
        refused for what is missing after it, or, of another player, for whose turn it is:
        it was refused as a card, a colour or a pile that it is not ("expected a pile
        number (1 or 2), or 'forgot', not 'Adam'").  Raises :class:`EntryRefused`."""
        seat = next((n for n, name in enumerate(self.names) if entry == name_text(name)), None)
        if seat is None:
            return
        actor = self.names[decision.seat]
        if seat != decision.seat:  # as the engine says it ('Bernd 1'), or 'Bernd R' does
            turn = decision.kind.value.replace("-", " ")
            if decision.kind is DecisionKind.CHOOSE:
                turn = _DECISION_WORDS[decision.kind]
            raise EntryRefused(
                f"{entry} may not act now: it is {actor}'s turn to {turn} [not-your-turn]", 1
            )
        missing = _MISSING_AFTER_NAME[decision.kind].format(name=entry)
        raise EntryRefused(missing, len(entry) + 1)

    def _chooser_left_out(self, entry: str) -> str:
        """A colour's entry led by the chooser's name (``Adam R``, as any entry may be led by
        the name of whose decision it is), with the name blanked out: a ``fights`` line
        never names the chooser.  Raises :class:`EntryRefused` for another player's name."""
        name, _, rest = entry.partition(" ")
        if not rest.strip() or (len(name) == 1 and name.upper() in "WBVYRG"):
            return entry  # a colour (R > Dagmar), or a word alone
        if not names_someone(entry) or name.startswith('"'):
            return entry
        decision = self.to_act
        assert decision is not None
        if self._seat_of(name, 1) != decision.seat:
            raise EntryRefused(
                f"{name} may not act now: it is {self.names[decision.seat]}'s turn to choose "
                "a colour [not-your-turn]",
                1,
            )
        return " " * len(name) + entry[len(name) :]

    def _hint(self) -> str:
        """What is asked now, with a few entries the rules accept."""
        legal = self.legal_entries()
        examples = ", ".join(legal[:4]) + (", ..." if len(legal) > 4 else "")
        return f"{self.prompt()}, such as {examples}" if legal else self.prompt()

    def enter_line(self, text: str) -> None:
        """Record a line: an entry, or a line of a record (a round line, a ``fights`` line,
        ``end``/``*``, a comment or glyph for the last decision).  Taken whole or not at all.

        Raises :class:`EntryRefused`.
        """
        line = text.strip()
        if not line:
            return
        head = line.split(None, 1)[0]
        if head.endswith(".") and head[:-1].isdigit():
            self._enter_round_line(line)
        elif head == "fights":
            body = line[len("fights") :].strip()
            elements, shift = read_battles(body, len(line) - len(body))
            self._enter_all(elements, shift)
        elif head in ("end", "*"):
            self.finish(line)
        elif line[0] in "{;$!?" and self._annotation_only(line):
            return
        else:
            self.enter(line)

    def memento(self) -> Memento:
        """What :meth:`restore` needs to bring the recording back to this moment."""
        return Memento(
            tuple(self.entries), self.game.copy(), self.termination, dict(self.round_comments)
        )

    def restore(self, memento: Memento) -> None:
        """Bring the recording back to the moment of a :meth:`memento`."""
        self.entries, self.game = list(memento.entries), memento.game.copy()
        self.termination, self.round_comments = memento.termination, dict(memento.comments)

    def undo(self, steps: int = 1) -> int:
        """Take back the last ``steps`` decisions (fewer if there are fewer); how many.

        Raises :class:`~gargon_notation.errors.ArgumentError` for ``steps`` under 0 (it
        took back nothing, and said 0), :class:`TypeError` for what is not a whole number.
        """
        steps = min(whole_number(steps, "steps"), len(self.entries))
        if steps:
            kept = self.entries[: len(self.entries) - steps]
            self._rebuild(kept)
            self.termination = model.Termination(comments=self.termination.comments)
        return steps

    def entry_text(self, entry: Entry) -> str:
        """An accepted decision in words, for messages: ``round 2, Bernd R15 R11``,
        ``round 1, Adam chooses G``, ``round 1, Bernd forgot``."""
        element = entry.element
        if isinstance(element, model.Battle):
            said = f"{self.names[entry.action.seat]} chooses {element.colour.value}"
        else:
            said = write_action(element)
        return f"round {entry.round}, {said}"

    def undone_text(self, undone: Sequence[Entry]) -> str:
        """What an undo took back, in words: ``taken back: round 1, Ann W9``, or for several
        ``taken back 3 decisions, from round 1, Ann W9 to round 1, Cy pass 2``."""
        if not undone:
            return "nothing to undo"
        if len(undone) == 1:
            return f"taken back: {self.entry_text(undone[0])}"
        first, last = self.entry_text(undone[0]), self.entry_text(undone[-1])
        return f"taken back {len(undone)} decisions, from {first} to {last}"

    def annotate_last(
        self, *, comment: str | None = None, glyph: str | None = None, nags: Sequence[int] = ()
    ) -> None:
        """Add a comment, a glyph or numeric annotations to the last decision.

        Raises :class:`EntryRefused` when nothing was entered yet or the text cannot be
        written (a ``}`` in a comment, an unknown glyph).
        """
        if not self.entries:
            raise EntryRefused("nothing has been entered yet to annotate")
        last = self.entries[-1]
        element = last.element
        try:
            if comment is not None:
                element = attrs.evolve(
                    element, comments=(*element.comments, model.Comment(comment))
                )
            if glyph is not None:
                element = attrs.evolve(element, glyph=glyph)
            if nags:
                element = attrs.evolve(element, nags=(*element.nags, *nags))
        except ValueError as error:
            raise EntryRefused(str(error)) from None
        self.entries[-1] = attrs.evolve(last, element=element)

    def finish(self, line: str = "end") -> None:
        """``end`` (the game must be over; scores written are checked, the final scores are
        written when none are) or ``*`` (left unfinished), with any comments of ``line``,
        after those the end had already.

        Raises :class:`EntryRefused`.
        """
        try:
            termination = parse_game(line + "\n").termination
        except NotationError as error:
            raise EntryRefused(error.message, error.column) from None
        termination = attrs.evolve(
            termination, comments=(*self.termination.comments, *termination.comments)
        )
        if not termination.finished:
            self.termination = termination
            return
        if not self.is_over:
            raise EntryRefused(f"the game is not over: {self.prompt()}")
        totals = self.game.score().totals
        wanted = tuple(model.Score(n, p) for n, p in zip(self.names, totals, strict=True))
        if termination.scores and termination.scores != wanted:
            written = ", ".join(f"{s.player} {s.points}" for s in termination.scores)
            right = ", ".join(f"{s.player} {s.points}" for s in wanted)
            fault = self._scores_fault(termination.scores, wanted)
            raise EntryRefused(f"{fault} {right}, not {written} (end alone writes them)")
        self.termination = attrs.evolve(termination, scores=wanted)

    def _scores_fault(self, written: Sequence[model.Score], wanted: Sequence[model.Score]) -> str:
        """What is wrong with the scores ``written`` after ``end``, said before the right
        ones (its last words lead to them): the scores that differ, in validate's words, or
        a name not at the table; else that they are not one for each player in seat
        order."""
        points = {score.player: score.points for score in wanted}
        faults = []
        for score in written:
            if score.player not in points:
                from gargon_notation.actions import not_at_table

                return f"{not_at_table(score.player, self.names)}; the scores are"
            if score.points != points[score.player]:
                faults.append(
                    f"{score.player} is written with {count_of(score.points, 'point')}, but "
                    f"scores {points[score.player]}"
                )
        if faults:
            return "; ".join(faults) + " [score-mismatch]; the scores are"
        return "the scores are written one for each player, in seat order:"

    # -- the record -----------------------------------------------------------------------

    def record(self) -> model.GameRecord:
        """The record so far; finished (``end`` and the scores) once the game is over.

        Recording for a seat, the plays of the other seats lie face down until the round's
        battle phase: until then the record stops before the first of them in the round (the
        notation writes a play by its values), and holds the rest when the cards are turned.
        """
        rounds: list[model.Round] = []
        plays: list[model.Play | model.Pass] = []
        battles: list[model.Battle] = []
        number = 0
        for entry in self._shown_entries():
            if entry.round != number and plays:
                rounds.append(self._round(number, plays, battles))
                plays, battles = [], []
            number = entry.round
            element = entry.element
            if isinstance(element, model.Battle):
                battles.append(element)
            elif isinstance(element, model.Draw):
                battle = battles[-1]
                battles[-1] = attrs.evolve(battle, draws=(*battle.draws, element))
            else:
                plays.append(element)
        if plays:
            rounds.append(self._round(number, plays, battles))
        termination = self.termination
        if self.is_over and not termination.finished:
            totals = self.game.score().totals
            scores = (model.Score(n, p) for n, p in zip(self.names, totals, strict=True))
            termination = attrs.evolve(termination, finished=True, scores=tuple(scores))
        record = attrs.evolve(self.head, rounds=tuple(rounds), termination=termination)
        return with_result_in_step(record)

    def _shown_entries(self) -> list[Entry]:
        """The entries the record writes (see :meth:`record`)."""
        decision = self.to_act
        if self.sight is not Sight.SEAT or decision is None:
            return self.entries
        if decision.kind is not DecisionKind.PLAY_OR_PASS:
            return self.entries
        for index, entry in enumerate(self.entries):
            element = entry.element
            face_down = isinstance(element, model.Play) and element.player != self._seat_name
            if entry.round == self.game.round and face_down:
                return self.entries[:index]
        return self.entries

    def held_back(self) -> list[Entry]:
        """The decisions entered that the record does not write yet: recording for a seat,
        the round from the first of the other seats' plays, which lie face down until its
        battle phase (:meth:`record`).  The file left now resumes before them."""
        return self.entries[len(self._shown_entries()) :]

    def written_prompt(self) -> str:
        """What :meth:`prompt` asks of the record as written, without :meth:`held_back`: the
        first decision a resume of its file asks for."""
        held = len(self.held_back())
        if not held:
            return self.prompt()
        kept = self.memento()
        self.undo(held)
        try:
            return self.prompt()
        finally:
            self.restore(kept)

    def text(self) -> str:
        """The record so far in canonical form."""
        return write_game(self.record())

    # -- inside ---------------------------------------------------------------------------

    def _round(
        self, number: int, plays: list[model.Play | model.Pass], battles: list[model.Battle]
    ) -> model.Round:
        comments = self.round_comments.get(number, ())
        return model.Round(number, tuple(plays), tuple(battles), comments=comments)

    def _rebuild(self, entries: list[Entry]) -> None:
        assert self._start is not None
        game = self._start.copy()
        for entry in entries:
            game.push(entry.action)
        self.game = game
        self.entries = entries

    def _check_setup_sight(self) -> None:
        if self.sight is not Sight.SEAT:
            return
        for line in self.head.setup:
            known = [card for card in line.cards if isinstance(card, Card)]
            if known and not (isinstance(line, model.Deal) and line.player == self._seat_name):
                where = f"pile {line.number}" if isinstance(line, model.Pile) else line.player
                raise RecordingError(
                    f"the record is for {self._seat_name}'s seat, who cannot see the value "
                    f"{known[0]} in {where}'s deal line (write its back, {known[0].colour.value}?)"
                )

    @property
    def _seat_name(self) -> str:
        return self.names[self.seat] if self.seat is not None else ""

    def _enter_round_line(self, line: str) -> None:
        number, _, rest = line.partition(".")
        found = annotations_only(rest)
        if found is not None and found[1] is None and not found[2]:
            raise EntryRefused(
                f"the comments of round {number} go with the round's first decision: "
                f"{number}. {rest.strip()} followed by it",
                1,
            )
        written = read_round_line(line)
        if self.to_act is not None and written.number != self.game.round:
            raise EntryRefused(
                f"this is round {written.number}, but the game is in round {self.game.round}", 1
            )
        self._enter_all(decided_order(written.actions, written.battles), 0)
        if written.comments:
            self.round_comments[written.number] = (
                *self.round_comments.get(written.number, ()),
                *written.comments,
            )

    def _annotation_only(self, line: str) -> bool:
        """A line of only comments and annotations: added to the last decision."""
        found = annotations_only(line)
        if found is None:
            return False
        if not self.entries:
            raise EntryRefused("nothing has been entered yet to annotate")
        comments, glyph, nags = found
        for comment in comments:
            self._add_comment(comment)
        if glyph is not None or nags:
            self.annotate_last(glyph=glyph, nags=nags)
        return True

    def _add_comment(self, comment: model.Comment) -> None:
        last = self.entries[-1]
        element = attrs.evolve(last.element, comments=(*last.element.comments, comment))
        self.entries[-1] = attrs.evolve(last, element=element)

    def _enter_all(self, elements: Sequence[model.Action], shift: int) -> None:
        """Enter every element or none."""
        kept = list(self.entries)
        game = self.game.copy()
        try:
            self._enter_elements(elements, shift)
        except EntryRefused:
            self.entries, self.game = kept, game
            raise

    def _enter_elements(self, elements: Sequence[model.Action], shift: int) -> None:
        """Enter each element in turn; columns of refusals are ``shift`` to the left of the
        elements'."""
        for element in elements:
            column = max(element.column - shift, 1)
            decision = self.to_act
            if decision is None:
                raise EntryRefused("the game is over; nothing more can be entered")
            action = self._action(element, decision, column)
            violation = self.game.check(action)
            if violation is not None:
                message = violation.message
                if violation.code == "card-conservation":
                    message = placed_elsewhere(message, self._first_place)
                raise EntryRefused(f"{message} [{violation.code}]", column)
            self._check_sight(action, column)
            if isinstance(element, model.Battle) and element.winners is not None:
                self._check_winners(element, action, column)
            number = self.game.round
            self.game.push(action)
            self.entries.append(Entry(number, action, element))

    def _first_place(self, card: Card) -> str | None:
        """Where the recording put ``card`` first (as a replay of a record says it), if
        anywhere."""
        place = None
        for line in self.head.setup:
            if card in line.cards:
                place = (
                    f"dealt to {line.player}"
                    if isinstance(line, model.Deal)
                    else f"in pile {line.number}"
                )
                break
        for entry in self.entries if place is None else ():
            element = entry.element
            if isinstance(element, model.Play) and card in element.cards:
                place = f"played by {element.player} in round {entry.round}"
            elif isinstance(element, model.Pass) and any(d.seen == card for d in element.draws):
                place = f"drawn by {element.player} in round {entry.round}"
            elif isinstance(element, model.Battle):
                drawn = [draw.player for draw in element.draws if draw.seen == card]
                place = f"drawn by {drawn[0]} in round {entry.round}" if drawn else None
            if place is not None:
                break
        return place

    def _check_winners(self, battle: model.Battle, action: Action, column: int) -> None:
        """Winners written after a colour are those of its fights.  Draws between the fights
        do not change them (the cards fought with are in front), so they are found ahead on
        a copy of the table, with every owed draw forgotten."""
        game = self.game.copy()
        events = list(game.apply(action))
        while (decision := game.to_act) is not None and decision.kind is DecisionKind.DRAW:
            events += game.apply(Draw(decision.seat, None))
        won = tuple(
            None if event.winner is None else self.names[event.winner]
            for event in events
            if isinstance(event, BattleResolved) and event.colour is battle.colour
        )
        if battle.winners != won:
            fought = "the fight was" if len(won) == 1 else "the fights were"
            raise EntryRefused(
                f"the entry says {winners_text(battle.winners or (), derived=False)} won, but "
                f"{fought} won by {winners_text(won)} [winner-mismatch]",
                column,
            )

    def _seat_of(self, name: str, column: int) -> int:
        if name in self.names:
            return self.names.index(name)
        from gargon_notation.actions import not_at_table

        raise EntryRefused(not_at_table(name, self.names), column)

    def _action(self, element: model.Action, decision: Decision, column: int) -> Action:
        if isinstance(element, model.Battle):
            if decision.kind is not DecisionKind.CHOOSE:
                raise EntryRefused(f"a colour is not asked for now: {self.prompt()}", column)
            return Choose(decision.seat, element.colour)
        seat = self._seat_of(element.player, column)
        if isinstance(element, model.Play):
            return Play(seat, element.cards)  # type: ignore[arg-type]
        if isinstance(element, model.Pass):
            seen = element.seen
            return Pass(seat, element.piles, seen if any(seen) else ())
        return Draw(seat, element.pile, element.seen)

    def _check_sight(self, action: Action, column: int) -> None:
        """A value the recorder cannot have seen is refused: recording for a seat, the value
        of a card another seat drew."""
        seen: list[object] = []
        if isinstance(action, Draw):
            seen = [action.seen]
        elif isinstance(action, Pass):
            seen = list(action.seen)
        value = next((card for card in seen if isinstance(card, Card)), None)
        if value is None:
            return
        if self.sight is Sight.SEAT and action.seat != self.seat:
            raise EntryRefused(
                f"{self._seat_name} cannot see the value of {self.names[action.seat]}'s draw; "
                f"write its back, {value.colour.value}?",
                column,
            )


def check_date(value: str) -> None:
    """Refuse a date that cannot be written in the ``Date`` tag (``YYYY.MM.DD``, ``??`` for
    a part not known) or that no calendar has (``2026.13.45``).

    >>> check_date("2026.11.25"), check_date("2026.??.??")
    (None, None)
    >>> check_date("2025.02.29")
    Traceback (most recent call last):
    ...
    gargon_notation.recording.RecordingError: the Date '2025.02.29' has no day 29: write ...
    """
    try:
        tag_rules.date(model.GameRecord(tags=(model.Tag("Date", (value,)),)))
    except (NotationError, ValueError) as error:
        message = error.message if isinstance(error, NotationError) else str(error)
        raise RecordingError(
            f"{message}: write the date as YYYY.MM.DD, with ?? for what is not known"
        ) from None


def _problem_text(problem: Problem) -> str:
    """A set-up's problem in words: where it was found says nothing to the person setting the
    game up (the tags are theirs, not a file's), a rule's code is kept."""
    if problem.code in ("header", "syntax"):
        return problem.message
    return f"{problem.message} [{problem.code}]"


def _entry_order(action: Action) -> tuple[int, list[tuple[int, int]]]:
    """Plays by size and card order, then passes by their draws."""
    if isinstance(action, Play):
        return len(action.cards), sorted((c.colour.index, c.value) for c in action.cards)
    if isinstance(action, Pass):
        return 9 + len(action.piles), [(pile, 0) for pile in action.piles]
    return 0, []


def _hand_text(hand: Sequence[AnyCard]) -> str:
    """``10 cards: W? W? B7 R?`` as the table shows a hand (by colour, strongest first), or
    of unknown colour."""
    if not hand:
        return "no card"
    if all(not isinstance(card, Card) and card.colour is None for card in hand):
        return f"{count_of(len(hand), 'card')} of unknown colour"
    return f"{count_of(len(hand), 'card')}: {' '.join(map(str, hand_order(hand)))}"


def _colour_order(card: AnyCard) -> int:
    return card.colour.index if card.colour is not None else 99
