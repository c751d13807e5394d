"""From the engine back to notation: records of games played by the engine (the simulator).

>>> from gargon_notation.bots import simulate
>>> record = record_from_simulation(simulate(4, "demo"))
>>> record.tag("Players").values
('Adam', 'Bernd', 'Collette', 'Dagmar')
>>> record.termination.finished
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gargon_notation.bots import SimulatedGame
from gargon_notation.engine import (
    SHUFFLE_ALGORITHM,
    Action,
    BattleResolved,
    Choose,
    Deal,
    Draw,
    Game,
    Pass,
    Play,
    Rng,
)
from gargon_notation.notation import model
from gargon_notation.rules import STANDARD, Ruleset

__all__ = ["record_from_actions", "record_from_simulation", "ruleset_tags", "with_comments"]


def record_from_actions(
    deal: Deal,
    names: Sequence[str],
    actions: Sequence[Action],
    *,
    start: int = 0,
    ruleset: Ruleset = STANDARD,
    tags: Sequence[model.Tag] = (),
    seed: str | None = None,
    write_deal: bool = True,
    winners: bool = False,
) -> model.GameRecord:
    """The record of a game: ``actions`` applied to ``deal``.

    ``tags`` come first (Event, Site, ...); Players, Start, and Seed/Shuffle when ``seed`` is
    given, follow.  ``write_deal`` writes each hand and both piles in full; ``winners`` writes
    each battle's winners (a derived fact, checked on replay).  A finished game ends with
    ``end`` and the final scores.

    Raises :class:`~gargon_notation.engine.IllegalAction` if an action is illegal.
    """
    game = Game.new(deal, start, ruleset, names)
    all_tags = [
        *tags,
        model.Tag("Players", tuple(names)),
        model.Tag("Start", (names[start],)),
    ]
    all_tags += ruleset_tags(ruleset)
    if seed is not None:
        all_tags += [model.Tag("Seed", (seed,)), model.Tag("Shuffle", (SHUFFLE_ALGORITHM,))]
    setup: list[model.SetupLine] = []
    if write_deal:
        setup += [model.Deal(name, hand) for name, hand in zip(names, deal.hands, strict=True)]
        setup += [model.Pile(number, pile) for number, pile in enumerate(deal.piles, start=1)]
    rounds: list[model.Round] = []
    plays: list[model.Play | model.Pass] = []
    battles: list[model.Battle] = []
    number = game.round

    def close_round() -> None:
        if plays:
            rounds.append(model.Round(number, tuple(plays), tuple(battles)))
        plays.clear()
        battles.clear()

    for action in actions:
        if game.round != number:
            close_round()
            number = game.round
        name = names[action.seat]
        events = game.apply(action)
        if isinstance(action, Play):
            plays.append(model.Play(name, action.cards))
        elif isinstance(action, Pass):
            seen = action.seen or (None,) * len(action.piles)
            draws = tuple(
                model.PassDraw(pile, card) for pile, card in zip(action.piles, seen, strict=True)
            )
            plays.append(model.Pass(name, draws))
        elif isinstance(action, Choose):
            battles.append(model.Battle(action.colour))
        else:
            _add_draw(battles, name, action)
        if winners and battles:
            battles[-1] = _with_winners(battles[-1], events, names)
    close_round()
    termination = model.Termination()
    if game.is_over:
        totals = game.score().totals
        termination = model.Termination(
            finished=True,
            scores=tuple(
                model.Score(name, total) for name, total in zip(names, totals, strict=True)
            ),
        )
    return model.GameRecord(
        tags=tuple(all_tags), setup=tuple(setup), rounds=tuple(rounds), termination=termination
    )


def ruleset_tags(ruleset: Ruleset) -> list[model.Tag]:
    """The tags that say ``ruleset`` (none for the standard one).

    Raises :class:`ValueError` for a ruleset the notation's tags cannot express (another
    amulet table, other bonuses, hand size or player counts).
    """
    base = Ruleset.english() if ruleset.zero_pair_multiplier == 3 else STANDARD
    found: list[model.Tag] = []
    if base is not STANDARD:
        found.append(model.Tag("Ruleset", ("english",)))
    elif ruleset.zero_pair_multiplier != STANDARD.zero_pair_multiplier:
        found.append(model.Tag("ZeroPair", (str(ruleset.zero_pair_multiplier),)))
    if not ruleset.start_player_must_play:
        found.append(model.Tag("StartMustPlay", ("no",)))
    if ruleset.won_cards_face_up:
        found.append(model.Tag("WonCardsFaceUp", ("yes",)))
    expressed = attrs.evolve(
        base,
        zero_pair_multiplier=ruleset.zero_pair_multiplier,
        start_player_must_play=ruleset.start_player_must_play,
        won_cards_face_up=ruleset.won_cards_face_up,
    )
    if expressed != ruleset:
        raise ValueError(f"the notation's tags cannot express this ruleset: {ruleset!r}")
    return found


def _add_draw(battles: list[model.Battle], name: str, action: Draw) -> None:
    battle = battles[-1]
    draw = model.Draw(name, action.pile, action.seen)
    battles[-1] = model.Battle(battle.colour, (*battle.draws, draw), winners=battle.winners)


def _with_winners(
    battle: model.Battle, events: Sequence[object], names: Sequence[str]
) -> model.Battle:
    found = [
        names[event.winner] if event.winner is not None else None
        for event in events
        if isinstance(event, BattleResolved) and event.colour is battle.colour
    ]
    if not found:
        return battle
    winners = (*(battle.winners or ()), *found)
    return model.Battle(battle.colour, battle.draws, winners=winners)


def record_from_simulation(
    simulated: SimulatedGame,
    *,
    write_deal: bool = False,
    event: str | None = None,
    bot: str | None = None,
) -> model.GameRecord:
    """The record of a simulated game, dealt by its seed (or written out in full)."""
    tags = [model.Tag("Notation", ("1",))]
    if event is not None:
        tags.append(model.Tag("Event", (event,)))
    if bot is not None:
        tags.append(model.Tag("Bot", (bot,)))
    return record_from_actions(
        simulated.deal,
        simulated.names,
        simulated.game.actions,
        start=simulated.start,
        ruleset=simulated.game.ruleset,
        tags=tags,
        seed=simulated.seed,
        write_deal=write_deal,
    )


_REMARKS = (
    "a strong lead",
    "risky",
    "he keeps his high cards",
    "forced",
    "a careful pass",
    "she wants the blue majority",
    "too greedy",
    "nothing better",
)


def with_comments(record: model.GameRecord, seed: str) -> model.GameRecord:
    """The record with a few comments and glyphs, as a person might add them.

    Deterministic for a seed: about one remark and one glyph every two rounds, and a
    rest-of-line comment on the termination.
    """
    rng = Rng(f"{seed}/comments")
    glyphs = sorted(model.GLYPHS)
    rounds = []
    for written in record.rounds:
        actions = list(written.actions)
        k = rng.below(len(actions))
        if rng.below(2) == 0:
            remark = model.Comment(rng.choice(_REMARKS))
            actions[k] = attrs.evolve(actions[k], comments=(*actions[k].comments, remark))
        if rng.below(2) == 0:
            k = rng.below(len(actions))
            actions[k] = attrs.evolve(actions[k], glyph=rng.choice(glyphs))
        rounds.append(attrs.evolve(written, actions=tuple(actions)))
    ending = model.Comment(" recorded by gargon simulate", model.CommentKind.LINE)
    termination = attrs.evolve(record.termination, comments=(*record.termination.comments, ending))
    return attrs.evolve(record, rounds=tuple(rounds), termination=termination)
