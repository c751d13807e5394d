"""Why an action is illegal: the checks of a proposed action against the rules, in order.

Each check raises a :class:`~gargon_notation.errors.RuleViolation` with the rule's code and a
sentence naming the players and the cards (every code is listed in docs/rules.md); an
action that passes them all is legal.  :meth:`Checks.check` returns the violation instead,
and :meth:`~gargon_notation.engine.Game.apply` raises it as an
:class:`~gargon_notation.engine.IllegalAction`, leaving the game unchanged.  Nothing here
changes the game: what a play or a noted draw reveals of hidden cards is only checked
against what the deck can hold (``card-conservation``), and learnt when the action is
applied (:mod:`~gargon_notation.engine.progress`).

>>> from gargon_notation.cards import Card
>>> from gargon_notation.engine import Deal, Game, Play
>>> game = Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Bob", "Cy"))
>>> print(game.check(Play(1, (Card.parse("Y5"),))).message)
Bob may not act now: it is Ann's turn to play or pass
>>> game.is_legal(Play(0, (Card.parse("Y5"),)))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from gargon_notation.arguments import shown
from gargon_notation.cards import AnyCard, Card, Colour, HiddenCard, hand_order
from gargon_notation.engine.actions import (
    Action,
    Choose,
    Draw,
    Pass,
    Play,
    not_a_card,
    seen_card_problem,
)
from gargon_notation.engine.knowledge import match, refine
from gargon_notation.engine.patterns import describe_pattern, pattern_of
from gargon_notation.engine.state import Decision, DecisionKind
from gargon_notation.engine.table import Table
from gargon_notation.engine.wording import (
    cards_text,
    colours_text,
    count_of,
    twice_in_one_play,
)
from gargon_notation.errors import RuleViolation

__all__ = ["ACTION_KINDS", "Checks", "Prepared", "not_a_card", "not_an_action"]

_PLAY = DecisionKind.PLAY_OR_PASS
_CHOOSE = DecisionKind.CHOOSE
_DRAW = DecisionKind.DRAW

Prepared = tuple[list[int], tuple[int, ...], bool]
"""What the checks of a play found, for applying it: the slots of the hand its cards lie in,
its pattern, and whether the hand held them known (else the play reveals them)."""

ACTION_KINDS: dict[type, DecisionKind] = {Play: _PLAY, Pass: _PLAY, Choose: _CHOOSE, Draw: _DRAW}
"""The four classes of action, exactly, and the kind of decision each answers."""


def not_an_action(value: object) -> str:
    """The message for ``value`` given where an action is wanted.

    >>> not_an_action("pass")
    "an action is a Play, Pass, Choose or Draw (gargon_notation.engine), not str 'pass'"
    """
    return f"an action is a Play, Pass, Choose or Draw (gargon_notation.engine), not {shown(value)}"


class Checks(Table):
    """The part of :class:`~gargon_notation.engine.Game` that says whether an action is legal."""

    def check(self, action: Action) -> RuleViolation | None:
        """The reason ``action`` is illegal now, or None if it is legal."""
        try:
            self._verify(action)
        except RuleViolation as violation:
            return violation
        return None

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`Game.apply` would accept ``action``."""
        return self.check(action) is None

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _verify(self, action: Action) -> Prepared | None:
        """Raise the violation ``action`` commits; for a play, return what applying it needs."""
        decision = self._decision
        if decision is None:
            raise RuleViolation("game-over", "the game is over; no further action is possible")
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self._players:
            raise RuleViolation("no-such-seat", f"there is no seat {seat!r} at this table")
        kind = type(action)
        expected = ACTION_KINDS.get(kind)
        if expected is None:
            raise TypeError(not_an_action(action))
        if decision.kind is not expected:
            raise RuleViolation("wrong-decision", self._wrong_decision(action, decision))
        if seat != decision.seat:
            raise RuleViolation(
                "not-your-turn",
                f"{self._name(seat)} may not act now: it is {self._name(decision.seat)}'s turn "
                f"to {decision.kind.value.replace('-', ' ')}",
            )
        if kind is Play:
            return self._verify_play(action)  # type: ignore[arg-type]
        if kind is Pass:
            self._verify_pass(action)  # type: ignore[arg-type]
        elif kind is Choose:
            colour = action.colour  # type: ignore[union-attr]
            if not isinstance(colour, Colour):
                raise RuleViolation(
                    "colour-not-in-front",
                    f"{self._name(seat)} chooses {colour!r}, which is not a colour",
                )
            if colour not in self._front[seat]:
                raise RuleViolation(
                    "colour-not-in-front",
                    f"{self._name(seat)} may not choose {colour.name.lower()}, having "
                    f"only {colours_text(self._front[seat])} face up",
                )
        else:
            self._verify_draw(action)  # type: ignore[arg-type]
        return None

    def _wrong_decision(self, action: Action, decision: Decision) -> str:
        asked = {
            _PLAY: f"{self._name(decision.seat)} to play or pass",
            _CHOOSE: f"{self._name(decision.seat)} to choose a colour to fight in",
            _DRAW: f"{self._name(decision.seat)} to draw a replacement card",
        }[decision.kind]
        verb = {Play: "a play", Pass: "a pass", Choose: "a choice of colour", Draw: "a draw"}
        return f"{verb[type(action)]} is not possible now: the game waits for {asked}"

    def _verify_play(self, action: Play) -> Prepared:
        seat, cards = action.seat, action.cards
        name = self.names[seat]  # for the messages
        if not 1 <= len(cards) <= 3:
            raise RuleViolation(
                "play-size",
                f"{name} plays {count_of(len(cards), 'card')}; a play is one to three cards",
            )
        for card in cards:
            if not isinstance(card, Card):
                if not isinstance(card, HiddenCard) or isinstance(cards, str):
                    raise TypeError(not_a_card(cards, card))
                raise RuleViolation(
                    "card-unknown",
                    f"{name} plays {card}, but a played card must be named in full (such as R14)",
                )
        pattern = pattern_of(cards)
        if pattern[0] >= 3:
            raise RuleViolation(
                "three-of-a-colour",
                f"{name} plays {cards_text(cards)}: three cards of one colour are never allowed",
            )
        if self._pattern is not None and pattern != self._pattern:
            raise RuleViolation(
                "pattern-mismatch",
                f"{name} plays {cards_text(cards)}, {describe_pattern(pattern)}, but "
                f"{self._name(self._leader)} led {describe_pattern(self._pattern)}",
            )
        if seat == self._order[-1] and seat != self._start:
            new = {card.colour for card in cards} - self._colours_played
            if new:
                raise RuleViolation(
                    "last-seat-new-colour",
                    f"{name} plays {cards_text(cards)}, but as last seat may only play colours "
                    f"already played this round ({colours_text(self._colours_played)}), "
                    f"not {colours_text(new)}",
                )
        found = match(self._hands[seat], cards)
        if isinstance(found, list):
            raise self._not_in_hand(seat, cards, found)
        slots, exact = found
        if not exact:
            try:
                self._knowledge.check(
                    (self._hands[seat][slot], card) for slot, card in zip(slots, cards, strict=True)
                )
            except RuleViolation as violation:
                raise self._twice(seat, cards) or violation from None
        return slots, pattern, exact

    def _not_in_hand(self, seat: int, cards: Sequence[Card], missing: list[Card]) -> RuleViolation:
        """The violation of a play whose ``missing`` cards the seat's hand cannot hold."""
        twice = self._twice(seat, cards)
        if twice is not None:
            return twice
        hand = self._hands[seat]
        name = self._name(seat)
        # A card missing though the hand holds it is a 0 played twice, held once.
        lacks = [f"holds only one {card}" for card in missing if card in hand]
        absent = [card for card in missing if card not in hand]
        if absent:
            lacks.insert(0, f"does not hold {cards_text(absent)}")
        return RuleViolation(
            "card-not-in-hand",
            f"{name} plays {cards_text(cards)}, but {' and '.join(lacks)} "
            f"({name}'s hand: {cards_text(hand_order(hand)) or 'empty'})",
        )

    def _twice(self, seat: int, cards: Sequence[Card]) -> RuleViolation | None:
        """The violation of a play that holds a card of one copy twice (``B5 B5``), which no
        hand can hold: said as such, not as a card the hand lacks."""
        message = twice_in_one_play(self._name(seat), cards)
        return None if message is None else RuleViolation("card-conservation", message)

    def _verify_pass(self, action: Pass) -> None:
        seat, piles = action.seat, action.piles
        name = self.names[seat]  # for the messages
        if seat == self._start and self.ruleset.start_player_must_play and self._hands[seat]:
            raise RuleViolation(
                "start-must-play",
                f"{name} is the start player and holds cards, so must play",
            )
        sizes = [len(self._piles[0]), len(self._piles[1])]
        remaining = sizes[0] + sizes[1]
        most = min(3, remaining)
        if (remaining == 0 and piles) or (remaining and not 1 <= len(piles) <= most):
            if remaining == 0:
                wanted = "no card (both piles are empty)"
            elif most == 1:
                wanted = "exactly 1 card (only 1 is left)"
            else:
                wanted = f"1 to {most} cards"
            raise RuleViolation(
                "draw-count",
                f"{name} passes drawing {count_of(len(piles), 'card')}; a pass draws {wanted}",
            )
        if action.seen and len(action.seen) != len(piles):
            raise RuleViolation(
                "draw-count",
                f"{name}'s pass notes {len(action.seen)} drawn cards for {len(piles)} draws",
            )
        pairs: list[tuple[AnyCard, AnyCard]] = []
        for k, pile in enumerate(piles):
            if not (type(pile) is int and (pile == 1 or pile == 2) and sizes[pile - 1]):
                self._verify_pile(seat, pile, sizes)  # raises
            seen = action.seen[k] if action.seen else None
            if seen is not None:
                top = self._piles[pile - 1][sizes[pile - 1] - 1]
                pairs.append((top, self._verify_seen(seat, pile, top, seen)))
            sizes[pile - 1] -= 1
        if pairs:
            self._knowledge.check(pairs)

    def _verify_pile(self, seat: int, pile: object, sizes: Sequence[int]) -> None:
        if type(pile) is not int or pile not in (1, 2):
            raise RuleViolation(
                "no-such-pile",
                f"{self._name(seat)} draws from pile {pile!r}; the piles are 1 and 2",
            )
        if not sizes[pile - 1]:
            raise RuleViolation(
                "pile-empty",
                f"{self._name(seat)} draws from pile {pile}, which is empty; "
                f"the card must come from pile {3 - pile}",
            )

    def _verify_seen(self, seat: int, pile: int, top: AnyCard, seen: AnyCard) -> AnyCard:
        if not isinstance(seen, Card | HiddenCard):
            raise TypeError(seen_card_problem(seen))
        learnt = refine(top, seen)
        if learnt is None:
            # Only the card's back, which everyone sees: a seat trying a draw must not
            # learn the value of a card it then leaves on the pile.
            back = HiddenCard(top.colour)
            told = f"is not {seen}" if seen.colour == top.colour else f"is {back}"
            raise RuleViolation(
                "draw-mismatch",
                f"{self._name(seat)} is noted drawing {seen} from pile {pile}, "
                f"but that card {told}",
            )
        return learnt

    def _verify_draw(self, action: Draw) -> None:
        pile = action.pile
        if pile is None:
            if action.seen is not None:
                raise RuleViolation(
                    "draw-mismatch",
                    f"{self._name(action.seat)} forgot to draw, so no drawn card "
                    f"({action.seen}) can be noted",
                )
            return
        if not (type(pile) is int and (pile == 1 or pile == 2) and self._piles[pile - 1]):
            sizes = [len(self._piles[0]), len(self._piles[1])]
            self._verify_pile(action.seat, pile, sizes)
        if action.seen is not None:
            top = self._piles[pile - 1][-1]
            learnt = self._verify_seen(action.seat, pile, top, action.seen)
            self._knowledge.check([(top, learnt)])
