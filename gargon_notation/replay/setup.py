"""Setting a record's table: the deal its header and setup lines describe.

A seed deals the cards; written deal lines then must agree with it (hands as sets, piles card
by card).  Without a seed, the deal lines give what is known and the rest is hidden; without
either, nothing of the deal is known.

>>> from gargon_notation.notation import parse_game
>>> from gargon_notation.header import read_header
>>> record = parse_game('[Players "Ann" "Bob" "Cy"]\\ndeal Ann: Y2 R?\\n*\\n')
>>> notes: list[str] = []
>>> deal = build_deal(record, read_header(record), lambda *problem: None, notes)
>>> [str(card) for card in deal.hands[0][:3]], len(notes)
(['Y2', 'R?', 'X?'], 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from gargon_notation.actions import not_at_table
from gargon_notation.cards import COPIES, UNKNOWN, AnyCard, Card
from gargon_notation.engine import Deal, pile_size
from gargon_notation.errors import RuleViolation
from gargon_notation.header import Header
from gargon_notation.notation import model

__all__ = ["Report", "build_deal"]

Report = Callable[[str, str, object | None], None]
"""Where a problem goes: ``report(code, message, written element)``."""


def build_deal(
    record: model.GameRecord, header: Header, report: Report, unchecked: list[str]
) -> Deal | None:
    """The deal to replay ``record`` from, or None after reporting why there is none.

    What the missing information keeps from being checked is added to ``unchecked``.
    """
    players = len(header.players)
    hand_size = header.ruleset.hand_size
    seeded = None
    if header.seed is not None:
        try:
            seeded = Deal.from_seed(header.seed, players, header.shuffle, hand_size)
        except ValueError as error:
            report("header", str(error), record.tag("Shuffle"))
            return None
    if not record.setup:
        if seeded is None:
            unchecked.append(
                "the deal is not known: cards are checked by count only until revealed"
            )
        return seeded or Deal.hidden(players, hand_size)
    hands: list[list[AnyCard]] = [[] for _ in range(players)]
    piles: list[list[AnyCard]] = [[], []]
    size = pile_size(players, hand_size)
    for line in record.setup:
        if isinstance(line, model.Deal):
            if line.player not in header.players:
                report(
                    "unknown-player",
                    not_at_table(line.player, header.players),
                    line,
                )
                continue
            if len(line.cards) > hand_size:
                report(
                    "deal-size",
                    f"{line.player} is dealt {len(line.cards)} cards; a hand is {hand_size}",
                    line,
                )
                return None
            hands[header.players.index(line.player)] = list(line.cards)
        else:
            if len(line.cards) > size:
                report(
                    "deal-size",
                    f"pile {line.number} lists {len(line.cards)} cards; it holds {size}",
                    line,
                )
                return None
            piles[line.number - 1] = list(line.cards)
    for hand in hands:
        hand.extend([UNKNOWN] * (hand_size - len(hand)))
    for pile in piles:
        pile.extend([UNKNOWN] * (size - len(pile)))
    deal = Deal(tuple(map(tuple, hands)), (tuple(piles[0]), tuple(piles[1])))
    if seeded is None and not _conserved(record, header, deal, report):
        return None
    if seeded is not None:
        _check_against_seed(record, header, deal, seeded, report)
        return seeded
    hidden = sum(1 for card in deal.cards() if not isinstance(card, Card))
    if hidden:
        unchecked.append(
            f"{hidden} cards of the deal are not fully known: plays from them are checked "
            "by colour and count only, and draws of them cannot be checked"
        )
    return deal


def _conserved(record: model.GameRecord, header: Header, deal: Deal, report: Report) -> bool:
    """Whether the deal lines hold no more of a card or colour than the deck; else False,
    once it is reported at the line that holds the card one too many (the lines in the order
    they are written, each player's and pile's last one counting, as for the deal), with
    where the record writes that card before: ``Game.new`` said it at the first line."""
    try:
        deal.check(header.ruleset.hand_size)
    except RuleViolation as violation:
        if violation.code != "card-conservation":
            raise
        message = violation.message
    else:
        return True
    cards = list(deal.cards())
    copies = Counter(card for card in cards if isinstance(card, Card))
    card = next((card for card, count in copies.items() if count > COPIES[card]), None)
    colours = Counter(card.colour for card in cards if card.colour is not None)
    colour = next((colour for colour, count in colours.items() if count > 17), None)
    kept: dict[object, model.Deal | model.Pile] = {}
    for line in record.setup:
        if isinstance(line, model.Pile) or line.player in header.players:
            kept[_key(line)] = line
    lines = [line for line in record.setup if kept.get(_key(line)) is line]
    seen, where = 0, lines[0] if lines else None
    for line in lines:
        if card is not None:
            seen += line.cards.count(card)
        else:
            seen += sum(1 for other in line.cards if other.colour is colour)
        if seen > (COPIES[card] if card is not None else 17):
            where = line
            break
    earlier = next((line for line in lines if card in line.cards and line is not where), None)
    if card is not None and earlier is not None:
        message += f" ({card} is also {_place(earlier)})"
    report("card-conservation", message, where)
    return False


def _key(line: model.Deal | model.Pile) -> object:
    return line.number if isinstance(line, model.Pile) else line.player


def _place(line: model.Deal | model.Pile) -> str:
    if isinstance(line, model.Pile):
        return f"in pile {line.number}, line {line.line}"
    return f"dealt to {line.player}, line {line.line}"


def _check_against_seed(
    record: model.GameRecord, header: Header, written: Deal, seeded: Deal, report: Report
) -> None:
    """Deal lines beside a seed must agree with it: hands as sets, piles card by card."""
    names = header.players
    for seat, (mine, theirs) in enumerate(zip(written.hands, seeded.hands, strict=True)):
        left = list(theirs)
        known: list[AnyCard] = [card for card in mine if isinstance(card, Card)]
        known += [card for card in mine if not isinstance(card, Card) and card.colour]
        for card in known:
            match = next((c for c in left if not _contradicts(card, c)), None)
            if match is None:
                dealt = " ".join(str(c) for c in theirs)
                report(
                    "deal-mismatch",
                    f"the deal line gives {names[seat]} {card}, but the seed deals "
                    f"{names[seat]} {dealt}",
                    _setup_line(record, player=names[seat]),
                )
                return
            left.remove(match)
    for number in (1, 2):
        for k, (a, b) in enumerate(
            zip(written.piles[number - 1], seeded.piles[number - 1], strict=True)
        ):
            if a is not UNKNOWN and _contradicts(a, b):
                report(
                    "deal-mismatch",
                    f"pile {number}'s card {k + 1} is written as {a}, but the seed deals {b}",
                    _setup_line(record, pile=number),
                )
                return


def _setup_line(
    record: model.GameRecord, player: str | None = None, pile: int | None = None
) -> object | None:
    for line in record.setup:
        if isinstance(line, model.Deal) and line.player == player:
            return line
        if isinstance(line, model.Pile) and line.number == pile:
            return line
    return None


def _contradicts(written: AnyCard, dealt: AnyCard) -> bool:
    if isinstance(written, Card):
        return written != dealt
    return written.colour is not None and written.colour is not dealt.colour
