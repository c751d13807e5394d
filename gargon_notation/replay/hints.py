"""What the walk adds to a problem's message to point at the real mistake: where a card
was first written or now lies, whose turn the record's order suggests, who won what, in
words.  Nothing here decides what is a problem (:mod:`gargon_notation.replay.walker` does).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from gargon_notation.cards import COPIES, Card, Colour, HiddenCard
from gargon_notation.engine import (
    Action,
    BattleKind,
    BattleResolved,
    CardDrawn,
    DecisionKind,
    Draw,
    DrawForgotten,
    DrawSkipped,
    Event,
    Game,
    Pass,
    Passed,
    PileEmptied,
    Played,
    RoundStarted,
)
from gargon_notation.engine.knowledge import refine
from gargon_notation.engine.wording import cards_text
from gargon_notation.notation import model

__all__ = [
    "card_drawn",
    "draw_not_owed",
    "drawn_when",
    "first_place",
    "names_text",
    "not_decided",
    "now_in_a_hand",
    "ordinal",
    "played_before",
    "round_start_hint",
    "rounds_text",
    "seat_order_hint",
    "start_hint",
    "still_in_a_pile",
    "why_over",
    "winners_text",
]


def names_text(game: Game, seats: Sequence[int]) -> str:
    """``Adam``, ``Adam and Collette``, ``Adam, Bernd and Collette``."""
    names = [game.names[seat] for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def rounds_text(numbers: Sequence[int]) -> str:
    """``round 6 is``, ``rounds 6 and 7 are``, ``rounds 6, 7 and 8 are``, ``rounds 6 to 9
    are`` (four or more in a row), as written; more than :data:`_LISTED` not in a row are
    counted, the first and last named (``200 rounds, written as 10 ... 10, are``), so that
    the text does not grow with them.

    >>> rounds_text([6]), rounds_text([6, 7, 8]), rounds_text([6, 7, 8, 9])
    ('round 6 is', 'rounds 6, 7 and 8 are', 'rounds 6 to 9 are')
    >>> rounds_text([10] * 200)
    '200 rounds, written as 10 ... 10, are'
    """
    if len(numbers) == 1:
        return f"round {numbers[0]} is"
    if len(numbers) > 3 and list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"rounds {numbers[0]} to {numbers[-1]} are"
    if len(numbers) > _LISTED:
        return f"{len(numbers)} rounds, written as {numbers[0]} ... {numbers[-1]}, are"
    listed = ", ".join(map(str, numbers[:-1]))
    return f"rounds {listed} and {numbers[-1]} are"


_LISTED = 5
"""The most round numbers :func:`rounds_text` lists."""


def first_place(record: model.GameRecord, card: Card, *, before: tuple[int, int]) -> str | None:
    """Where the record writes ``card`` first, before the position ``before``."""

    def earlier(item: model.Deal | model.Pile | model.Action | model.PassDraw) -> bool:
        return item.line > 0 and (item.line, item.column) < before

    for item in record.setup:
        if card in item.cards and earlier(item):
            if isinstance(item, model.Deal):
                return f"dealt to {item.player}, line {item.line}"
            return f"in pile {item.number}, line {item.line}"
    for written in record.rounds:
        where = f"in round {written.number}, line {{}}"
        for action in written.actions:
            if isinstance(action, model.Play) and card in action.cards and earlier(action):
                return f"played by {action.player} " + where.format(action.line)
            if isinstance(action, model.Pass):
                for draw in action.draws:
                    if draw.seen == card and earlier(draw):
                        return f"drawn by {action.player} " + where.format(draw.line)
        for battle in written.battles:
            for replacement in battle.draws:
                if replacement.seen == card and earlier(replacement):
                    return f"drawn by {replacement.player} " + where.format(replacement.line)
    return None


def card_drawn(game: Game, action: Action) -> object:
    """The card of the piles that ``action``, a draw or pass refused for a drawn card noted
    wrongly, draws where its note does not fit (None if none is found)."""
    if isinstance(action, Draw):
        draws: list[tuple[object, object]] = [(action.pile, action.seen)]
    elif isinstance(action, Pass) and action.seen:
        draws = list(zip(action.piles, action.seen, strict=False))
    else:
        return None
    piles = game.snapshot().piles  # top first
    taken = [0, 0]
    for pile, seen in draws:
        if pile not in (1, 2) or not isinstance(pile, int):
            return None
        if taken[pile - 1] >= len(piles[pile - 1]):
            return None
        card = piles[pile - 1][taken[pile - 1]]
        taken[pile - 1] += 1
        if isinstance(seen, Card | HiddenCard) and refine(card, seen) is None:
            return card
    return None


def seat_order_hint(record: model.GameRecord, players: Sequence[str]) -> str:
    """``; the rounds are played in the order ...: is the Players tag (line 6) in seat
    order?`` when the turns of every written round (two at least) follow one seat order that
    is not the Players tag's, else nothing."""
    count = len(players)
    following: dict[str, str] = {}
    rounds = 0
    for written in record.rounds:
        names = [action.player for action in written.actions]
        if len(names) < 2:
            continue
        if len(set(names)) != len(names) or not set(names) <= set(players):
            return ""
        pairs = list(pairwise(names))
        if len(names) == count:
            pairs.append((names[-1], names[0]))  # every seat decided: the last before the first
        for before, after in pairs:
            if following.setdefault(before, after) != after:
                return ""
        rounds += 1
    if rounds < 2 or len(following) != count:
        return ""
    order = [players[0]]
    while len(order) < count:
        after = following[order[-1]]
        if after in order:
            return ""
        order.append(after)
    if following[order[-1]] != order[0] or order == list(players):
        return ""
    tag = record.tag("Players")
    where = f" (line {tag.line})" if tag is not None and tag.line else ""
    return (
        f"; the rounds are played in the order {', '.join(order)}: is the Players tag{where} "
        "in seat order?"
    )


def start_hint(record: model.GameRecord, element: model.Action, start: str | None) -> str:
    """``; round 1 begins with Bernd, as written: is the Start tag (line 5) right?`` when
    ``element``, refused as out of turn, is the record's first decision (``start``: the
    player the game begins with), else nothing."""
    first = record.rounds[0] if record.rounds else None
    if start is None or first is None or first.number != 1 or not first.actions:
        return ""
    if first.actions[0] is not element:
        return ""
    tag = record.tag("Start")
    if tag is None:
        return (
            f"; without a Start tag the first player of the Players tag, {start}, begins: "
            f'write [Start "{element.player}"] if {element.player} began'
        )
    where = f" (line {tag.line})" if tag.line else ""
    return f"; round 1 is written beginning with {element.player}: is the Start tag{where} right?"


def not_decided(game: Game, seat: int) -> str:
    """Who of this round has not played or passed yet, ``seat`` (the one to decide) first and
    the others in turn: ``Dagmar has not``, ``Collette and Dagmar have not``."""
    decided: set[int] = set()
    for event in game.events_of(RoundStarted, Played, Passed):
        if isinstance(event, RoundStarted):
            decided.clear()
        elif isinstance(event, Played | Passed):
            decided.add(event.seat)
    count = len(game.names)
    waiting = [
        other for other in ((seat + k) % count for k in range(count)) if other not in decided
    ]
    return f"{names_text(game, waiting)} {'has' if len(waiting) == 1 else 'have'} not"


def round_start_hint(game: Game, seat: int) -> str:
    """For ``seat`` refused as out of turn where a round's start player is to decide first:
    ``; Adam holds no card, so the start passed to Bernd (...)`` when the start passed over
    ``seat``, else, where a start was passed over in this round or the one before, ``; round
    6 begins with Collette, the next player clockwise from Bernd, who began round 5 (...)``;
    nothing in round 1 (:func:`start_hint` is for it), nor where the start went round as
    usual, nor elsewhere.  A start that passes over the next player clockwise is ``round 5
    begins with Bernd, the first player clockwise from Dagmar, who began round 4, to hold a
    card (...)``."""
    decision = game.to_act
    if decision is None or decision.kind is not DecisionKind.PLAY_OR_PASS:
        return ""
    started = [event for event in game.events_of(RoundStarted) if isinstance(event, RoundStarted)]
    if not started or decision.seat != started[-1].start or seat == decision.seat:
        return ""
    now, names = started[-1], game.names
    start = names[now.start]
    if seat in now.skipped:
        return (
            f"; {names[seat]} holds no card, so the start passed to {start} (a start player "
            "who holds no card is passed over, and decides at the end of the round)"
        )
    before = started[-2] if len(started) > 1 else None
    if before is None or not (now.skipped or before.skipped):
        return ""  # the start went round as usual: the engine's message says enough
    began = f"{names[before.start]}, who began round {before.number}"
    if now.skipped:  # the next player clockwise is passed over: the start is a later one
        return (
            f"; round {now.number} begins with {start}, the first player clockwise from "
            f"{began}, to hold a card ({names_text(game, now.skipped)} holding no card, "
            "passed over)"
        )
    return (
        f"; round {now.number} begins with {start}, the next player clockwise from {began} "
        f"({names_text(game, before.skipped)} holding no card, passed over in round "
        f"{before.number})"
    )


def played_before(record: model.GameRecord, play: model.Play) -> str:
    """``; G13 was already played by Adam in round 1, line 10`` for the first card of
    ``play`` (of a single copy) that the record has played before, else nothing."""
    before = (play.line, play.column)
    for card in play.cards:
        if not isinstance(card, Card) or COPIES[card] != 1:
            continue
        last = None
        for written in record.rounds:
            for action in written.actions:
                if action is play or (action.line, action.column) >= before:
                    break
                if isinstance(action, model.Play) and card in action.cards:
                    last = f"{action.player} in round {written.number}, line {action.line}"
        if last is not None:
            return f"; {card} was already played by {last}"
    return ""


def still_in_a_pile(game: Game, seat: int, play: model.Play) -> str:
    """For the first card of ``play`` that the hand lacks, in a game whose deal is known (a
    seeded one), where it is when a draw written wrong before could explain it: ``; R1 is
    still in pile 1, the 3rd card from its top`` or ``; R1 is in Bernd's hand (drawn from
    pile 1 in round 2)``, with the question: a card written wrong here, or a draw left out or
    written from the other pile, rounds before the play goes wrong?  Else nothing."""
    state = game.snapshot()
    for card in play.cards:
        if not isinstance(card, Card) or card in state.hands[seat]:
            continue
        where = None
        for number, pile in enumerate(state.piles, start=1):
            if card in pile:
                place = pile.index(card) + 1
                top = "on its top" if place == 1 else f"the {ordinal(place)} card from its top"
                where = f"is still in pile {number}, {top}"
        for other, hand in enumerate(state.hands):
            drawn = drawn_when(game, other, card) if other != seat and card in hand else ""
            if drawn:  # dealt to the other, no draw written wrong would explain it
                where = f"is in {game.names[other]}'s hand ({drawn})"
        if where is not None:
            return (
                f"; {card} {where}: is a card written wrong here, or a draw before (left out: a "
                "pass writes a pile for each card drawn; or written from the other pile)?"
            )
    return ""


def now_in_a_hand(game: Game, seat: int, message: str) -> str:
    """For the card a ``card-conservation`` message begins with, where a draw has put it
    since it was first written (that message says only where): ``; R7 is now in Bernd's
    hand (drawn from pile 1 in round 1)``, else nothing."""
    try:
        card = Card.parse(message.split(" ", 1)[0])
    except ValueError:
        return ""
    for other, hand in enumerate(game.snapshot().hands):
        drawn = drawn_when(game, other, card) if other != seat and card in hand else ""
        if drawn and f"(drawn by {game.names[other]} " not in message:  # not said already
            return f"; {card} is now in {game.names[other]}'s hand ({drawn})"
    return ""


def drawn_when(game: Game, seat: int, card: Card) -> str:
    """``drawn from pile 1 in round 2`` when ``seat`` drew ``card``, else nothing."""
    number = 0
    found = ""
    for event in game.events:
        if type(event) is RoundStarted:
            number = event.number
        elif type(event) is CardDrawn and event.seat == seat and event.card == card:
            found = f"drawn from pile {event.pile} in round {number}"
    return found


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd']
    """
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def winners_text(names: Sequence[str | None], *, derived: bool = True) -> str:
    """Winners of a colour's fights in words: ``Adam``, ``Adam, then nobody (two 0s cancel
    out)``; what the record writes as ``-`` is just ``nobody``."""
    nobody = "nobody (two 0s cancel out)" if derived else "nobody"
    words = [name if name is not None else nobody for name in names]
    return ", then ".join(words) if words else "nobody"


def _fight_said(fight: BattleResolved, names: Sequence[str]) -> str:
    """One fight of a colour in words: ``Adam won R9 over R5 (Bernd)``."""
    if fight.kind is BattleKind.ZEROS or fight.winner is None:
        return f"{cards_text(card for _, card in fight.cards)} cancelled out"
    winner = names[fight.winner]
    if fight.kind is BattleKind.ALONE:
        return f"{winner} won {cards_text(fight.won)} alone, without a fight"
    if fight.kind is BattleKind.LAST_CARD:
        return f"{winner} won {cards_text(fight.won)} as the last card"
    beaten = ", ".join(
        f"{names[seat]}'s {card}" for seat, card in fight.cards if seat != fight.winner
    )
    return f"{winner} won {cards_text(fight.won)} over {beaten}"


def fight_owed(seat: int, fights: Sequence[BattleResolved], fight: int) -> str:
    """Which of a colour's fights the draw ``seat`` owes now is for, said after "owes a
    replacement draw here" when ``seat`` lost in both (``fights``: the colour's, the second
    one found ahead; ``fight``: the one just fought), so that a draw is owed after each;
    empty when ``seat`` owes draws after one fight only.

    >>> from gargon_notation.engine import BattleKind
    >>> def fought(number: int, losers: tuple[int, ...]) -> BattleResolved:
    ...     return BattleResolved(Colour.RED, number, BattleKind.FIGHT, (), 0, (), (), losers)
    >>> fight_owed(1, [fought(1, (1, 2)), fought(2, (1, 3))], 2)
    ' for the second red fight (a loser of both red fights draws after each)'
    >>> fight_owed(2, [fought(1, (1, 2)), fought(2, (1, 3))], 1)
    ''
    """
    if len(fights) < 2 or not all(seat in each.losers for each in fights):
        return ""
    colour = fights[0].colour.name.lower()
    which = "first" if fight == 1 else "second"
    return f" for the {which} {colour} fight (a loser of both {colour} fights draws after each)"


def draw_not_owed(
    game: Game,
    seat: int,
    colour: Colour,
    fights: Sequence[BattleResolved],
    since: Sequence[Event],
    left_out: Sequence[str] = (),
) -> str | None:
    """Why ``seat`` owes no replacement draw after the fights of ``colour`` (``since``: the
    events from its choice on), for a draw written there: the engine can only say what it
    waits for instead.  ``left_out``: the places (``LINE:COLUMN``, empty where not known)
    where the replay took a draw of ``seat`` there as forgotten, the record not writing it
    in its place.  None when
    ``seat`` still owes one (the engine's message stands)."""
    fights = [fight for fight in fights if fight.colour is colour]
    if not fights:
        return None
    name, colour_name = game.names[seat], colour.name.lower()
    lost = sum(fight.losers.count(seat) for fight in fights)
    taken = forgot = lapsed = 0
    for event in since:
        if isinstance(event, CardDrawn) and event.replacement and event.seat == seat:
            taken += 1
        elif isinstance(event, DrawForgotten) and event.seat == seat:
            forgot += 1
        elif isinstance(event, DrawSkipped) and event.seat == seat:
            lapsed += 1
    if lost > taken + forgot + lapsed:
        return None
    if lost:
        if lapsed:
            return (
                f"{name} owes no replacement draw here: both piles are empty, so the draw "
                f"{name} was owed after the {colour_name} battle lapses; leave it out"
            )
        if left_out:
            late = len(left_out)
            them = "it" if late == 1 else "them"
            said = f"said at {' and '.join(left_out)}" if all(left_out) else "said before"
            due = (
                f"({said}): a replacement draw is taken right after "
                f"its fight, never later; write {them} there"
            )
            if lost == 1:
                return (
                    f"{name} lost a {colour_name} card, and the replacement draw it owes was "
                    f"due earlier, where the record does not write it {due}"
                )
            done = f"{lost - late} written already, " if lost > late else ""
            return (
                f"{name} lost {lost} {colour_name} cards and owes {lost} replacement draws: "
                f"{done}{late} not written where {'it was' if late == 1 else 'they were'} due "
                f"{due}"
            )
        said = (
            f"{name} lost a {colour_name} card, and the replacement draw it owes is written already"
            if lost == 1
            else f"{name} lost {lost} {colour_name} cards, and the {lost} replacement draws "
            "they owe are written already"
        )
        if forgot:
            said += " (a draw forgotten may not be taken later)"
        return said
    outcome = "; ".join(_fight_said(fight, game.names) for fight in fights)
    if all(fight.kind is BattleKind.ALONE for fight in fights):
        return f"nobody draws after the {colour_name} battle: {outcome}"
    mine = [fight for fight in fights if any(seat == owner for owner, _ in fight.cards)]
    if not mine:
        why = f"{name} had no {colour_name} card in it, and only a loser draws"
    elif any(fight.kind is BattleKind.ZEROS for fight in mine):
        why = "nobody draws after two 0s cancel out"
    else:
        why = "a winner never draws"
    return f"{name} owes no replacement draw after the {colour_name} battle ({outcome}): {why}"


def why_over(game: Game) -> str:
    """Why the game ended, for a round written after it: ``pile 2 ran out in it`` (the round
    a pile runs out in is the last), else ``no player held a card``."""
    emptied = [
        event.pile for event in game.events_of(PileEmptied) if isinstance(event, PileEmptied)
    ]
    if not emptied:
        return "no player held a card"
    piles = " and ".join(str(pile) for pile in sorted(set(emptied)))
    return f"{'piles' if len(emptied) > 1 else 'pile'} {piles} ran out in it"
