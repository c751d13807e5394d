"""What a seat saw at a decision, as fixed-size arrays of small integers, and a fixed action
space: the ``--decisions-observations`` columns of the ``decisions`` table (docs/tables.md
documents every index), and what a bot computes at play time from its seat view to ask a
model trained on them (``gg.observe``, ``gg.action_id``, ``gg.action_of``).  Plain Python:
pyarrow is needed only to write the tables.

An observation is made from the acting seat's :class:`~gargon_notation.engine.SeatView`
alone, plus the cards each seat has won, which the seat saw face up in the battles that won
them (the view's history holds those battles).  Seats are counted from the acting seat:
relative seat 0 is the seat itself, 1 the next seat clockwise, and so on; slots for seats
beyond the table's size hold zeros in the counts and scores, and -1 in the code arrays and in
``obs_round``'s first five (where 0 would say the seat passed).

The action space numbers every decision the rules allow at any table, whatever the hand
(:data:`ACTION_SPACE` ids): the plays of one to three cards by card identity, the passes by
their sequence of piles, the six colours of a choice and the three ways of a replacement
draw.

>>> from gargon_notation.cards import Card
>>> from gargon_notation.engine import Choose, Draw, Pass, Play
>>> ACTION_SPACE, card_id(Card.parse("W0")), card_id(Card.parse("G15"))
(144686, 0, 95)
>>> action_id(Play(0, (Card.parse("W1"),))), action_id(Pass(2, (1, 2)))
(1, 144666)
>>> action_id(Choose(1, Card.parse("R3").colour)), action_id(Draw(3, None))
(144681, 144685)
>>> action_of(action_id(Play(2, (Card.parse("R9"), Card.parse("Y2")))), seat=2)
Play(seat=2, cards=(Card.parse('Y2'), Card.parse('R9')))
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

from gargon_notation.arguments import shown, whole_number
from gargon_notation.cards import COPIES, AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine import (
    Action,
    BattleResolved,
    Choose,
    DecisionKind,
    Draw,
    Pass,
    Play,
    SeatView,
    score,
)
from gargon_notation.engine.patterns import PATTERNS
from gargon_notation.errors import ArgumentError
from gargon_notation.rules import Ruleset
from gargon_notation.values import unchecked_maker

__all__ = [
    "ACTION_SPACE",
    "ARRAYS",
    "CARD_IDS",
    "MAX_PILE",
    "MAX_SEATS",
    "action_id",
    "action_of",
    "card_id",
    "observation",
    "observe",
    "play_ids",
    "ruleset_problem",
    "won_cards",
]

MAX_SEATS = 5
"""Seats in every per-seat block (tables of 3 or 4 leave the last blocks empty)."""
MAX_PILE = 36
"""Cards in a draw pile at most (3 players: 36 + 36)."""
CARDS = 96
"""Card identities: six colours of 16 values (the two 0s of a colour are one identity)."""

COLOURS = tuple(Colour)
_play = unchecked_maker(Play)
_pass = unchecked_maker(Pass)
_choose = unchecked_maker(Choose)
_draw = unchecked_maker(Draw)
CARD_IDS: dict[Card, int] = {card: card.colour.index * 16 + card.value for card in COPIES}
"""Each card's identity number: colour index (W B V Y R G = 0-5) x 16 + value."""
_CARD_OF = sorted(CARD_IDS, key=CARD_IDS.__getitem__)

BACK = 96
"""Code of a card whose value is hidden, plus its colour index (96-101)."""
UNKNOWN_CARD = 102
"""Code of a card whose colour is not known either."""
UNKNOWN_COLOUR = 6
"""Colour code of a card whose colour is not known."""

ARRAYS: dict[str, int] = {
    "obs_state": 12,
    "obs_round": 16,
    "obs_hand": 103,
    "obs_hands": MAX_SEATS * 7,
    "obs_piles": 2 * MAX_PILE,
    "obs_played": MAX_SEATS * 3,
    "obs_front": MAX_SEATS * 3,
    "obs_won": MAX_SEATS * CARDS,
    "obs_discard": CARDS,
    "obs_scores": MAX_SEATS,
}
"""Each observation array and its fixed length."""


def card_id(card: Card) -> int:
    """The identity number of a card (0-95)."""
    return CARD_IDS[card]


@functools.cache
def play_ids() -> dict[tuple[int, ...], int]:
    """Every play of one to three cards as its ascending card ids, numbered in order: by
    size, then lexicographically, keeping those the rules allow (at most two cards of a
    colour; a card twice only if it is a 0).  Built once, on first use."""
    plays: dict[tuple[int, ...], int] = {}
    for first in range(CARDS):
        plays[(first,)] = len(plays)
    for first in range(CARDS):
        for second in range(first if first % 16 == 0 else first + 1, CARDS):
            plays[(first, second)] = len(plays)
    for first in range(CARDS):
        colour = first // 16
        for second in range(first if first % 16 == 0 else first + 1, CARDS):
            third = second if second % 16 == 0 and second != first else second + 1
            if second // 16 == colour:  # a pair: the third card is of a later colour
                third = max(third, (colour + 1) * 16)
            for last in range(third, CARDS):
                plays[(first, second, last)] = len(plays)
    return plays


PLAYS = 144662
"""The number of plays (checked against :func:`play_ids` by the tests)."""
PASSES: tuple[tuple[int, ...], ...] = (
    (),
    *[piles for size in (1, 2, 3) for piles in itertools.product((1, 2), repeat=size)],
)
"""The passes by their draws, in id order: none (both piles empty), then by length and
lexicographically."""
_PASS_IDS = {piles: PLAYS + number for number, piles in enumerate(PASSES)}
CHOOSE_BASE = PLAYS + len(PASSES)
DRAW_BASE = CHOOSE_BASE + len(COLOURS)
ACTION_SPACE = DRAW_BASE + 3
"""The size of the action space: plays, 15 passes, 6 choices, 3 draws."""


def action_id(action: Action) -> int:
    """The action's id in the action space (what a drawn card was seen as does not count).

    Raises :class:`TypeError` for what is not an action (``gg.Play``, ``gg.Pass``,
    ``gg.Choose``, ``gg.Draw``) or holds what is not a card or a colour, and
    :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for an action
    the rules allow at no table, which has no id: a play of a card whose value is hidden,
    of a card twice that is not a 0, of more than three cards; a pass of more than three
    draws, or a draw from a pile that is neither 1 nor 2.

    >>> action_id(Pass(0, (1, 2, 1, 2)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: action: a pass draws up to three cards, each from ...
    """
    if isinstance(action, Play):
        try:
            return play_ids()[tuple(sorted(CARD_IDS[card] for card in action.cards))]
        except (KeyError, TypeError):
            raise _unplayable(action.cards) from None
    if isinstance(action, Pass):
        try:
            return _PASS_IDS[tuple(action.piles)]
        except (KeyError, TypeError):
            raise ArgumentError(
                "action: a pass draws up to three cards, each from pile 1 or 2: "
                f"{_piles(action.piles)} is not one"
            ) from None
    if isinstance(action, Choose):
        if type(action.colour) is not Colour:
            raise TypeError(f"action: a choice is of a gg.Colour, not {shown(action.colour)}")
        return CHOOSE_BASE + action.colour.index
    if isinstance(action, Draw):
        if action.pile is None:
            return DRAW_BASE + 2
        if type(action.pile) is int and action.pile in (1, 2):
            return DRAW_BASE + action.pile - 1
        raise ArgumentError(
            "action: a replacement draw is from pile 1, pile 2 or neither (None), not "
            f"{action.pile!r}"
        )
    raise TypeError(
        f"action: an action (gg.Play, gg.Pass, gg.Choose or gg.Draw), not {shown(action)}"
    )


def _piles(piles: object) -> str:
    """A pass's piles as a message shows them."""
    return repr(tuple(piles)) if isinstance(piles, Sequence) else shown(piles)


def _unplayable(cards: object) -> TypeError | ArgumentError:
    """Why a play of ``cards`` has no id (:func:`action_id`)."""
    if not isinstance(cards, Sequence):
        return TypeError(f"action: a play's cards are a tuple of gg.Card, not {shown(cards)}")
    for card in cards:
        if isinstance(card, HiddenCard):
            return ArgumentError(
                f"action: a play of {card}, a card whose value is hidden, has no id: the "
                "action space numbers plays by the cards themselves"
            )
        if type(card) is not Card:
            return TypeError(f"action: a play's cards are gg.Card values, not {shown(card)}")
    written = " ".join(map(str, cards))
    if not 1 <= len(cards) <= 3:
        return ArgumentError(
            f"action: a play is of one to three cards, not {len(cards)} ({written or 'none'})"
        )
    for card in cards:
        if card.value and cards.count(card) > 1:
            return ArgumentError(
                f"action: the play {written} holds {card} twice, where the deck has one "
                "(only a 0 has two copies)"
            )
    return ArgumentError(
        f"action: {written} is no play the rules allow (at most two cards of a colour)"
    )


@functools.cache
def _plays_by_id() -> list[tuple[int, ...]]:
    return list(play_ids())


def action_of(number: int, seat: int) -> Action:
    """The action of ``seat`` with id ``number`` (the inverse of :func:`action_id`).

    A play's cards come in the order of their ids (W B V Y R G, each colour by value), which
    need not be the order of the legal action with the same cards: the two are the same
    play and both legal, but not ``==``, so compare actions by their ids, not with ``==`` or
    ``in view.legal_actions``.

    >>> from gargon_notation.cards import Card
    >>> legal = Play(0, (Card.parse("B15"), Card.parse("B14"), Card.parse("Y14")))
    >>> back = action_of(action_id(legal), seat=0)
    >>> " ".join(str(card) for card in back.cards), back == legal
    ('B14 B15 Y14', False)

    Any integer is taken (a model's output may be numpy's).  Raises
    :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) for a number
    outside the action space and for a seat outside 0-4 (a table seats 3 to 5 players);
    :class:`TypeError` for what is not a whole number.

    >>> action_of(3, seat=7)
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: seat: 7 is not from 0 to 4 (a table seats 3 to 5 players)
    """
    if type(number) is not int:
        number = whole_number(number, "number", least=None)
    if type(seat) is not int or not 0 <= seat < MAX_SEATS:
        seat = whole_number(seat, "seat", least=None)
        if not 0 <= seat < MAX_SEATS:
            raise ArgumentError(
                f"seat: {seat} is not from 0 to {MAX_SEATS - 1} (a table seats 3 to "
                f"{MAX_SEATS} players)"
            )
    if not 0 <= number < ACTION_SPACE:
        raise ArgumentError(
            f"number: action {number} is outside 0-{ACTION_SPACE - 1} (the action space)"
        )
    # Both numbers are checked above: the action is made without the constructors' checks.
    if number < PLAYS:
        return _play(seat, tuple(_CARD_OF[card] for card in _plays_by_id()[number]))
    if number < CHOOSE_BASE:
        return _pass(seat, PASSES[number - PLAYS], ())
    if number < DRAW_BASE:
        return _choose(seat, COLOURS[number - CHOOSE_BASE])
    pile = number - DRAW_BASE + 1
    return _draw(seat, None if pile == 3 else pile, None)


def won_cards(view: SeatView) -> list[list[Card]]:
    """The cards each seat (by seat number) has won so far, as the battles of the view's
    history showed them, in the order they were won.

    >>> from gargon_notation.engine import Deal, Game
    >>> won_cards(Game.new(Deal.from_seed("gargon", players=3)).view(0))
    [[], [], []]
    """
    won: list[list[Card]] = [[] for _ in range(view.players)]
    for event in view.history:
        if isinstance(event, BattleResolved) and event.winner is not None:
            won[event.winner].extend(event.won)
    return won


def _code(card: AnyCard) -> int:
    """A card as one code: its id, the back of its colour, or an unknown card."""
    if type(card) is Card:
        return CARD_IDS[card]
    return UNKNOWN_CARD if card.colour is None else BACK + card.colour.index


def _slots(cards: Sequence[AnyCard] | None, size: int) -> list[int]:
    codes = sorted(_code(card) for card in cards or ())
    return codes + [-1] * (size - len(codes))


UNFIT = "observations-unfit"
"""The code of the problem the tables give a valid game whose ruleset the arrays cannot
encode (:func:`ruleset_problem`: a ``ZeroPair`` tag over 170); its games row is written, its
other rows are left out."""

_KINDS = {DecisionKind.PLAY_OR_PASS: 0, DecisionKind.CHOOSE: 1, DecisionKind.DRAW: 2}
_WIDE = 2**15 - 1
"""The largest number an int16 array (``obs_state``, ``obs_scores``) holds."""


@functools.cache
def ruleset_problem(ruleset: Ruleset, players: int) -> str | None:
    """Why the observation arrays, of the fixed sizes and types of docs/tables.md, cannot
    encode a game of ``players`` under ``ruleset`` (None: they can): piles longer than
    :data:`MAX_PILE` (hands smaller than the rulebook's 10 cards), numbers past an int16.
    Of the rulesets a record can name, those with a ``ZeroPair`` tag over 170 do not fit.

    >>> print(ruleset_problem(Ruleset(hand_size=4), 3))  # doctest: +ELLIPSIS
    hand_size: 4 cards a hand leaves draw piles of 45 cards at a table of 3, over the 36 ...
    >>> ruleset_problem(Ruleset(hand_size=8), 4) is None
    True
    """
    pile = (102 - players * ruleset.hand_size) // 2
    if pile > MAX_PILE:
        least = -(-(102 - 2 * MAX_PILE) // players)
        least += (102 - players * least) % 2  # the piles are equal
        return (
            f"hand_size: {ruleset.hand_size} cards a hand leaves draw piles of {pile} cards at "
            f"a table of {players}, over the {MAX_PILE} of obs_piles (docs/tables.md); the "
            f"observations encode hands of {least} cards or more at a table of {players}"
        )
    multipliers = (ruleset.single_zero_multiplier, ruleset.zero_pair_multiplier, 1)
    bonuses = (ruleset.majority_bonus, ruleset.shared_majority_bonus, 0)
    colour = (sum(ruleset.amulets) + ruleset.amulets[0]) * max(map(abs, multipliers))
    most = len(COLOURS) * (colour + max(map(abs, bonuses)))
    if abs(ruleset.zero_pair_multiplier) > _WIDE:
        return (
            f"zero_pair_multiplier: {ruleset.zero_pair_multiplier:,} is past the {_WIDE:,} "
            "that obs_state holds (int16, docs/tables.md)"
        )
    if most <= _WIDE:
        return None
    amulets = sum(ruleset.amulets) + ruleset.amulets[0]
    fitting = (_WIDE // len(COLOURS) - max(map(abs, bonuses))) // max(amulets, 1)
    usual = max(abs(ruleset.single_zero_multiplier), Ruleset().zero_pair_multiplier)
    if fitting >= usual:  # the pair's multiplier alone is too large (a ZeroPair tag's)
        return (
            f"zero_pair_multiplier: {ruleset.zero_pair_multiplier:,} lets a score reach "
            f"{most:,}, past the {_WIDE:,} that obs_scores holds (int16, docs/tables.md); "
            f"the observations encode a multiplier of up to {fitting:,} for both 0s"
        )
    return (
        f"amulets: with the multipliers and bonuses, a score could reach {most:,}, past "
        f"the {_WIDE:,} that obs_scores holds (int16, docs/tables.md)"
    )


def observe(view: SeatView, won: Sequence[Sequence[Card]] | None = None) -> dict[str, list[int]]:
    """The observation arrays of the seat of ``view`` (see :data:`ARRAYS` and
    docs/tables.md): what a model trained on the ``decisions`` table is given at play time.
    ``won`` is the cards each seat (by seat number) won so far; by default they are read
    from the battles of the view's history, which showed them (a caller that keeps them as
    the game goes saves reading the history again at each decision).  Raises
    :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`) when the seat has
    no decision to make, or when the view's ruleset does not fit the arrays' fixed sizes
    and types (:func:`ruleset_problem`: hands under the rulebook's 10 cards at a table of 3,
    say), and :class:`TypeError` for a ``view`` that is not a seat's view.

    >>> from gargon_notation.engine import Deal, Game
    >>> game = Game.new(Deal.from_seed("gargon", players=4))
    >>> arrays = observe(game.view(0))
    >>> {name: len(values) for name, values in arrays.items()} == ARRAYS
    True
    >>> sum(arrays["obs_hand"][:96]), arrays["obs_state"][:3], arrays["obs_piles"][36:40]
    (10, [4, 1, 0], [4, 1, 5, 3])
    """
    if type(view) is not SeatView:
        raise TypeError(f"observe: view is a gg.SeatView (game.view(seat)), not {shown(view)}")
    seat = view.seat
    decision = view.to_act
    if decision is None or decision.seat != seat:
        acting = "the game is over" if decision is None else f"{view.names[decision.seat]} acts"
        raise ArgumentError(
            f"observe: {view.names[seat]} has no decision to make now ({acting}); an "
            "observation is what a seat saw at its own decision (docs/tables.md)"
        )
    return observation(view, None if won is None else _won_argument(won, view.players))


def _won_argument(won: object, players: int) -> list[list[Card]]:
    """``won`` when it is the cards each of ``players`` seats has won: a sequence of
    sequences of cards, one a seat, that holds no card more often than the deck does.

    Raises :class:`TypeError` for another shape, :class:`ArgumentError` for another number
    of seats or too many copies of a card.
    """
    what = "observe: won is the cards each seat has won so far, a list of gg.Card a seat"
    if isinstance(won, str | bytes) or not isinstance(won, Sequence):
        raise TypeError(f"{what}, not {shown(won)}")
    if len(won) != players:
        lists = "1 list" if len(won) == 1 else f"{len(won)} lists"
        raise ArgumentError(f"{what}: {lists} for a table of {players}")
    given: list[list[Card]] = []
    for cards in won:
        if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
            raise TypeError(f"{what}, not {shown(cards)} for a seat")
        for card in cards:
            if isinstance(card, HiddenCard):
                raise ArgumentError(
                    f"{what}: {card} is a card whose value is hidden, where every won card "
                    "was seen face up in its battle"
                )
            if type(card) is not Card:
                raise TypeError(f"{what}, not {shown(card)} among them")
        given.append(list(cards))
    counts = Counter(card for cards in given for card in cards)
    for card, count in counts.items():
        if count > COPIES[card]:
            copies = "two" if card.value == 0 else "one"
            raise ArgumentError(f"{what}: {card} is won {count} times, where the deck has {copies}")
    return given


def observation(
    view: SeatView, won: Sequence[Sequence[Card]] | None = None
) -> dict[str, list[int]]:
    """:func:`observe` of a view and won cards known to be right (the tables' own, made at
    each decision of a replay): nothing of them is checked but the ruleset."""
    players = view.players
    seat = view.seat
    decision = view.to_act
    assert decision is not None
    ruleset = view.ruleset
    problem = ruleset_problem(ruleset, players)
    if problem is not None:
        raise ArgumentError(f"observe: the view's ruleset does not fit the observations: {problem}")
    if won is None:
        won = won_cards(view)
    order = [(seat + shift) % players for shift in range(players)]
    state = [
        players,
        view.round,
        _KINDS[decision.kind],
        (view.start - seat) % players,
        (seat - view.start) % players,
        *view.pile_sizes(),
        int(view.last_card_taken),
        len(view.owed),
        ruleset.zero_pair_multiplier,
        int(ruleset.won_cards_face_up),
        int(ruleset.start_player_must_play),
    ]
    status = [-1] * MAX_SEATS
    for place, other in enumerate(order):
        played = view.played[other]
        if played is not None:
            status[place] = len(played)
    pattern = [int(view.pattern == shape) for shape in PATTERNS]
    colours = [int(colour in view.colours_played) for colour in COLOURS]
    hand = [0] * 103
    for card in view.hand:
        if type(card) is Card:
            hand[CARD_IDS[card]] += 1
        elif card.colour is None:
            hand[102] += 1
        else:
            hand[CARDS + card.colour.index] += 1
    hands = [0] * (MAX_SEATS * 7)
    played_codes: list[int] = []
    front_codes: list[int] = []
    won_counts = [0] * (MAX_SEATS * CARDS)
    for place, other in enumerate(order):
        for card in view.hands[other]:
            colour = card.colour
            hands[place * 7 + (UNKNOWN_COLOUR if colour is None else colour.index)] += 1
        played_codes += _slots(view.played[other], 3)
        front_codes += _slots(view.front[other], 3)
        for card in won[other]:
            won_counts[place * CARDS + CARD_IDS[card]] += 1
    blank = (MAX_SEATS - players) * 3
    discard = [0] * CARDS
    for card in view.discard:
        discard[CARD_IDS[card]] += 1
    piles: list[int] = []
    for pile in view.piles:
        codes = [UNKNOWN_COLOUR if card.colour is None else card.colour.index for card in pile]
        piles += codes + [-1] * (MAX_PILE - len(codes))
    totals = score(won, ruleset, view.names).totals
    return {
        "obs_state": state,
        "obs_round": status + pattern + colours,
        "obs_hand": hand,
        "obs_hands": hands,
        "obs_piles": piles,
        "obs_played": played_codes + [-1] * blank,
        "obs_front": front_codes + [-1] * blank,
        "obs_won": won_counts,
        "obs_discard": discard,
        "obs_scores": [totals[other] for other in order] + [0] * (MAX_SEATS - players),
    }
