"""Hover and completion over a :class:`~gargon_notation.lsp.analysis.Document`.

- :func:`hover`: on an action (a play, a pass, a battle's colour, a replacement draw), the
  table after it as short Markdown (:func:`table_markdown`: hands as known, pile sizes, the
  cards in front, the score so far); on a round number, the table at the end of the round;
  on a tag, what the tag means (docs/notation.md, 4.2).
- :func:`complete`: where a round's action begins, the players' names and the legal plays
  and passes written as notation; after ``fights`` and a battle's comma, the colours to
  choose; in a battle's parentheses, the names and the draws owed; after a player's name,
  the cards that player can hold there (the cards of the hand the record knows, and what
  its hidden cards can still be); after ``>``, ``deal``, in an ``end``'s scores and in a
  ``Start`` or ``Seat`` tag, the names; nothing after the end marker.

Plain Python over the library, like the analysis: the server turns these values into the
protocol's.

>>> from gargon_notation.lsp.document import Document
>>> document = Document()
>>> document.update('[Players "Ann" "Bob" "Cy"]\\n[Seed "evening"]\\n1. Ann V13 V14, \\n*\\n')
>>> [item.label for item in complete(document, (2, 16))][:5]
['Ann', 'Bob', 'Cy', 'Bob Y11 Y1', 'Bob R6 R5']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

import attrs

from gargon_notation.actions import format_action
from gargon_notation.cards import AnyCard, Card, card_from_text, hand_order
from gargon_notation.engine import Choose, DecisionKind, Draw, Game, GameState, Pass, Play
from gargon_notation.errors import NotationError
from gargon_notation.lsp.analysis import GameAnalysis
from gargon_notation.lsp.document import Document, PlacedGame
from gargon_notation.lsp.text import Position, Span, Token
from gargon_notation.notation import model, parse_game
from gargon_notation.notation.lexical import name_of, quote
from gargon_notation.notation.writer import name_text, write_action
from gargon_notation.replay import replay

__all__ = ["TAG_MEANINGS", "Completion", "Hover", "complete", "hover", "table_markdown"]

TAG_MEANINGS: dict[str, tuple[str, str]] = {
    "Notation": ('`"1"`', "version of this notation; recommended as the first tag"),
    "Event": ("text", "name of the event"),
    "Site": ("text", "where the game was played"),
    "Date": ('`"YYYY.MM.DD"`, `??` for unknown parts', 'date played (`"2026.??.??"`)'),
    "Round": (
        "text",
        'the event\'s round (`"3"`, `"Final"`): `gargon standings` makes its columns of it',
    ),
    "Table": ("text", "the table of that round"),
    "Players": (
        "3-5 values",
        "players in clockwise seat order, seat 0 first; names distinct, no space at either end, "
        "no control character (2.5)",
    ),
    "Start": ("a name from `Players`", "start player of the first round"),
    "Ruleset": (
        '`"standard"` (default) or `"english"`',
        "rules variant (`english`: both 0s of a colour triple its amulets)",
    ),
    "ZeroPair": (
        "whole number, 1 to 999999999",
        "amulet multiplier for both 0s of a colour, overriding the ruleset",
    ),
    "WonCardsFaceUp": ('`"yes"` or `"no"` (default)', "variant in which won cards stay visible"),
    "StartMustPlay": (
        '`"yes"` (default) or `"no"`',
        "`no`: the start player may pass while he holds cards",
    ),
    "Seed": ("text", "the deal is shuffled from this seed (4.3)"),
    "Shuffle": ('algorithm name, default `"sha256-fy-1"`', "how `Seed` becomes a deal"),
    "Seat": (
        "a name from `Players`",
        "the record holds only what this player saw: their own values, the others' backs, "
        "the cards revealed in battles (`gargon record --seat`; `check-hidden` proves it)",
    ),
    "Result": (
        'copy of the termination: `"*"`, `"end"`, `"end Adam 41, ..."`',
        "for tools that read headers only",
    ),
}
"""Each known tag's value and meaning, as Markdown, as docs/notation.md (4.2) gives them."""

_ASKED = {
    DecisionKind.PLAY_OR_PASS: "to play or pass",
    DecisionKind.CHOOSE: "to choose a colour",
    DecisionKind.DRAW: "to draw a replacement card",
}
_NAME_TAGS = frozenset({"Start", "Seat"})
_KEYWORDS = frozenset({"fights", "deal", "pile", "end"})
"""The keywords that begin a part of a game."""
_ITEM_START = frozenset({",", "(", ")", ">", "[", "]", "*"})
"""Punctuation that ends what comes before it: an item (an action, a colour, a draw, a
name) begins after it, or after a round number, ``fights``, ``deal`` or ``end``."""


@attrs.frozen
class Hover:
    """Markdown to show over ``span``."""

    markdown: str
    span: Span


@attrs.frozen
class Completion:
    """A completion: ``text`` replaces ``span`` (the word, or the action, typed so far)."""

    label: str
    kind: Literal["name", "card", "action", "tag"]
    text: str
    span: Span
    detail: str = ""
    seat: int | None = None
    """The seat whose action or name it is (None for a card)."""


def _cards(cards: Sequence[AnyCard]) -> str:
    """Cards as the notation writes them, a run of three or more like backs counted.

    >>> _cards([card_from_text(text) for text in ("R2", "X?", "X?", "X?", "G?")])
    'R2 X? x3 G?'
    """
    parts: list[str] = []
    index = 0
    while index < len(cards):
        card = cards[index]
        run = 1
        while (
            not isinstance(card, Card) and index + run < len(cards) and cards[index + run] == card
        ):
            run += 1
        parts.append(f"{card} x{run}" if run >= 3 else " ".join([str(card)] * run))
        index += run
    return " ".join(parts) or "-"


def table_markdown(state: GameState) -> str:
    """The table at one moment as short Markdown: whose decision it is, each player's hand
    as known, cards in front, cards won and points so far, and the piles.

    >>> from gargon_notation.engine import Deal, Game
    >>> game = Game.new(Deal.from_seed("gargon", players=3), names=("Ann", "Bob", "Cy"))
    >>> print(table_markdown(game.snapshot()).splitlines()[0])
    **Round 1**: Ann to play or pass
    """
    if state.over:
        now = "the game is over"
    elif state.to_act is not None:
        now = f"{state.names[state.to_act.seat]} {_ASKED[state.to_act.kind]}"
    else:
        now = ""
    try:
        totals: Sequence[int | str] = state.score().totals
    except ValueError:
        totals = ["?"] * state.players
    rows = [
        f"**Round {state.round}**: {now}",
        "",
        "| player | hand | in front | won | points |",
        "|---|---|---|---|--:|",
    ]
    for seat, name in enumerate(state.names):
        label = name_text(name).replace("|", "\\|") + (" (start)" if seat == state.start else "")
        played = state.played[seat]
        front = "passed" if played == () else _cards(state.front[seat])
        hand = f"{len(state.hands[seat])}: {_cards(hand_order(state.hands[seat]))}"
        won = _cards(state.won[seat])
        rows.append(f"| {label} | {hand} | {front} | {won} | {totals[seat]} |")
    rows.append("")
    piles = f"Piles: {len(state.piles[0])} + {len(state.piles[1])} cards"
    if state.discard:
        piles += f"; discarded: {len(state.discard)}"
    rows.append(piles)
    return "\n".join(rows)


def hover(document: Document, position: Position) -> Hover | None:
    """What to show over ``position``, or None (see the module docstring)."""
    game = document.game_at(position[0])
    if game is None:
        return None
    analysis = document.analysis(game)
    found = analysis.element_at(game.relative(position))
    if found is None:
        return None
    element, span = found
    text = _hover_text(analysis, element)
    return None if text is None else Hover(text, span.shifted(game.first_line))


def _hover_text(analysis: GameAnalysis, element: object) -> str | None:
    if isinstance(element, model.Tag):
        known = TAG_MEANINGS.get(element.name)
        if known is None:
            return f"`{element.name}`: a tag this notation does not define (kept as written)"
        value, meaning = known
        return f"`{element.name}`: {meaning}\n\nValue: {value}"
    result = analysis.result
    if result is None or result.game is None:
        return None
    if isinstance(element, model.Round):
        if element.number not in result.round_ends:
            return None
        after = result.round_ends[element.number]
        return f"After round {element.number}:\n\n" + table_markdown(result.state_after(after))
    if not isinstance(element, model.Play | model.Pass | model.Battle | model.Draw):
        return None
    written = write_action(element)
    for number, step in enumerate(result.steps, start=1):
        if step.element is element:
            state = result.state_after(number)
            return f"After `{written}` (step {number}):\n\n" + table_markdown(state)
    before = sum(
        1
        for step in result.steps
        if step.element is not None and (step.element.line, step.element.column) < _at(element)
    )
    return f"`{written}` was not applied by the replay; the table before it:\n\n" + table_markdown(
        result.state_after(before)
    )


def _at(element: model.Action) -> tuple[int, int]:
    return element.line, element.column


# -- completion ---------------------------------------------------------------------


def complete(document: Document, position: Position) -> list[Completion]:
    """What may be written at ``position`` (see the module docstring).

    Each completion replaces only what is typed at ``position`` on its line: the word there
    (a name, a card, a colour, a tag's name), or for an action what is typed of that action
    (the protocol asks for a range on one line that holds the cursor).  Nothing is offered
    in a comment, after a game's end marker (but the names in its scores), or where no
    action may begin (among the tags, after a battle's ``)``).
    """
    game = document.game_at(position[0])
    if game is None:
        return []
    analysis = document.analysis(game)
    at = game.relative(position)
    if any(_holds(token, at) for token in analysis.tokens if token.kind == "comment"):
        return []
    tokens = [t for t in analysis.tokens if t.span.start < at and t.kind != "comment"]
    typed = Span(at, at)
    if tokens and tokens[-1].span.end >= at:
        if tokens[-1].kind == "word" and tokens[-1].text in _KEYWORDS:
            return []  # in a keyword, or just after it: a space comes first
        if tokens[-1].kind not in ("word", "card", "string"):
            return [] if tokens[-1].span.end > at else _after(analysis, game, tokens, typed, at)
        typed = tokens.pop().span
    return _after(analysis, game, tokens, typed, at)


def _holds(comment: Token, at: Position) -> bool:
    """Whether a cursor at ``at`` is within ``comment`` (at the end of one left open, or of
    a ``;`` comment, it still is)."""
    closed = comment.text.startswith("{") and comment.text.endswith("}") and len(comment.text) > 1
    return comment.span.start < at < comment.span.end or (at == comment.span.end and not closed)


Part = Literal["head", "round", "battle", "draws", "end"]


def _part(tokens: Sequence[Token]) -> tuple[Part, int]:
    """The part of the game that ``tokens`` end in: ``head`` (comments, tags and setup
    lines), a round's actions, its battle phase (``draws`` in a battle's parentheses), or
    ``end`` after the end marker (``*`` or ``end``); with the end marker's line (-1 before
    it)."""
    part: Part = "head"
    in_tag = False
    for token in tokens:
        if in_tag:
            in_tag = token.text != "]"
        elif token.text == "[":
            in_tag = True
        elif token.text == "*" or (token.kind == "word" and token.text == "end"):
            return "end", token.span.start[0]
        elif token.kind == "round":
            part = "round"
        elif token.kind == "word" and token.text == "fights":
            part = "battle"
        elif token.text == "(" and part == "battle":
            part = "draws"
        elif token.text == ")" and part == "draws":
            part = "battle"
    return part, -1


_OFFERED: dict[Part, tuple[type, ...]] = {
    "round": (Play, Pass),
    "battle": (Choose,),
    "draws": (Draw,),
}
"""The actions that may be written in each part of a game."""


def _after(
    analysis: GameAnalysis, game: PlacedGame, tokens: list[Token], typed: Span, at: Position
) -> list[Completion]:
    """The completions after ``tokens``, for the word at ``typed``."""
    tag = _in_tag(tokens)
    if tag is not None:
        if not tag:
            moved = typed.shifted(game.first_line)
            return [
                Completion(name, "tag", name, moved, meaning.replace("`", ""))
                for name, (_, meaning) in TAG_MEANINGS.items()
            ]
        if tag not in _NAME_TAGS:
            return []
        names = _players(analysis, analysis.text)
        return [_name(name, typed, game, quote) for name in names]
    part, marked = _part(tokens)
    start = len(tokens)
    while start > 0 and not _begins_item(tokens[start - 1]):
        start -= 1
    item = tokens[start:]
    before = tokens[start - 1] if start else None
    after = "" if before is None else "1." if before.kind == "round" else before.text
    if part == "head" or part == "end" or after == ">":
        # Names only: a deal line's, an end's scores', a battle's winners'.
        opens = {"head": ("deal",), "end": ("end", ",")}.get(part, (">",))
        if after not in opens or (item and after != ">") or (part == "end" and marked < at[0]):
            return []  # the end marker ends its line (docs/notation.md 2.1)
        return [_name(name, typed, game) for name in _players(analysis, analysis.text)]
    if after not in {"round": ("1.", ","), "battle": ("fights", ","), "draws": ("(", ",")}[part]:
        return []  # after a battle's ')', or where an item cannot begin
    kinds = _OFFERED[part]
    prefix = _prefix(analysis.text, tokens[:start])
    table = _table_before(prefix)
    if not item:
        players = () if part == "battle" else _players(analysis, prefix)
        found = [_name(name, typed, game) for name in players]
        if table is not None:
            found.extend(_actions(table, typed, game, kinds))
        return found
    if table is None or item[0].kind not in ("word", "string") or part == "battle":
        return []
    annotated = any(token.kind in ("glyph", "nag") for token in item) or any(
        token.kind == "comment" and item[0].span.start < token.span.start < at
        for token in analysis.tokens
    )
    if annotated:
        return []  # the action is written: its annotation follows
    player = name_of(item[0].text) if item[0].kind == "string" else item[0].text
    if player not in table.names:
        return []
    seat = table.names.index(player)
    actions: list[Completion] = []
    if item[0].span.start[0] == at[0]:  # what is typed of the action, on the cursor's line
        begun = Span(item[0].span.start, max(at, typed.end))
        actions = [a for a in _actions(table, begun, game, kinds) if a.seat == seat]
    playing = table.to_act is not None and table.to_act.kind is DecisionKind.PLAY_OR_PASS
    if part != "round" or not playing or any(t.kind != "card" for t in item[1:]):
        return actions
    written = [card_from_text(t.text) for t in item[1:]]
    return [_card(card, typed, game) for card in _holdable(table, seat, written)] + actions


def _begins_item(token: Token) -> bool:
    return (
        token.kind == "round"
        or token.text in _ITEM_START
        or (token.kind == "word" and token.text in ("fights", "deal", "end"))
    )


def _in_tag(tokens: Sequence[Token]) -> str | None:
    """The tag's name when the last tokens are an open tag's (``[Start "``), else None."""
    for index in range(len(tokens) - 1, -1, -1):
        if tokens[index].text == "]":
            return None
        if tokens[index].text == "[":
            following = tokens[index + 1 : index + 2]
            return following[0].text if following else ""
    return None


def _players(analysis: GameAnalysis, text: str) -> tuple[str, ...]:
    """The Players tag's names (from the record, else from the tags of ``text``)."""
    if analysis.record is not None:
        tag = analysis.record.tag("Players")
        return tag.values if tag is not None else ()
    match = re.search(r'\[\s*Players\s+((?:"(?:[^"\\\n]|\\.)*"\s*)+)\]', text)
    if match is None:
        return ()
    return tuple(name_of(value) for value in re.findall(r'"(?:[^"\\\n]|\\.)*"', match.group(1)))


def _prefix(text: str, tokens: Sequence[Token]) -> str:
    """The game's text before the action being typed, ended so that it can be read: a
    trailing comma, an open ``(``, ``fights`` or a round number without an action is left
    out, an open ``(`` closed, and the game ended with ``*``."""
    kept = list(tokens)
    while kept and (kept[-1].text in (",", "(", "fights", ">") or kept[-1].kind == "round"):
        kept.pop()
    if not kept:
        return "*\n"
    end = kept[-1].offset + len(kept[-1].text)
    cut = text[:end]
    opened = sum(1 for t in kept if t.text == "(") - sum(1 for t in kept if t.text == ")")
    return cut + ")" * max(opened, 0) + "\n*\n"


def _table_before(prefix: str) -> Game | None:
    """The referee after the actions of ``prefix`` (None when it cannot be read or set up)."""
    try:
        record = parse_game(prefix)
    except NotationError:
        return None
    return replay(record, keep_steps=False).game


def _holdable(game: Game, seat: int, written: Sequence[AnyCard]) -> list[Card]:
    """The cards ``seat`` can hold: the hand's known cards and what each hidden card of it
    can still be (as the table knows it), less the cards already written."""
    hand = game.hand(seat)
    found: set[Card] = {card for card in hand if isinstance(card, Card)}
    if len(found) < len(hand):
        # Every hidden card of one back can be the same cards: look them up by back (the
        # public's places of a hand follow its backs' colour order, not its slots).
        by_back = game.snapshot().possible().by_back
        for card in hand:
            if not isinstance(card, Card):
                found |= by_back.get(card, frozenset())
    counts = {card: sum(1 for c in hand if c == card) or 1 for card in found}
    for card in written:
        if isinstance(card, Card) and card in counts:
            counts[card] -= 1
    return [card for card in hand_order(found) if isinstance(card, Card) and counts[card] > 0]


def _actions(
    game: Game, span: Span, placed: PlacedGame, kinds: tuple[type, ...]
) -> list[Completion]:
    """The legal next actions of ``kinds`` as the notation writes them."""
    found = []
    for action in game.legal_actions():
        if not isinstance(action, kinds):
            continue
        if isinstance(action, Choose):
            text = action.colour.value
            detail = f"{game.names[action.seat]} chooses {text}"
        else:
            text = format_action(action, game.names)
            detail = text
        moved = span.shifted(placed.first_line)
        found.append(Completion(text, "action", text, moved, detail, action.seat))
    return found


def _name(
    name: str, span: Span, placed: PlacedGame, write: Callable[[str], str] = name_text
) -> Completion:
    text = write(name)
    return Completion(name, "name", text, span.shifted(placed.first_line), "player")


def _card(card: Card, span: Span, placed: PlacedGame) -> Completion:
    return Completion(str(card), "card", str(card), span.shifted(placed.first_line), "card")
