"""The Gargon rules engine: pure, deterministic, and knowing nothing of text or files.

>>> from gargon_notation.engine import Deal, Game
>>> game = Game.new(Deal.from_seed("gargon", players=4))
>>> game.to_act.seat, len(game.legal_actions()) > 0
(0, True)
"""

from gargon_notation.engine.actions import (
    Action,
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    Draw,
    DrawForgotten,
    DrawSkipped,
    Event,
    GameEnded,
    Pass,
    Passed,
    PileEmptied,
    Play,
    Played,
    PlayedFaceDown,
    RoundEnded,
    RoundStarted,
    SeenEvent,
)
from gargon_notation.engine.deal import SHUFFLE_ALGORITHM, Deal, Rng, pile_size
from gargon_notation.engine.game import Game, IllegalAction, Tally
from gargon_notation.engine.patterns import PATTERNS, pattern_of, plays_from
from gargon_notation.engine.possible import Place, PlaceKind, Possible, possible_cards
from gargon_notation.engine.scoring import ColourScore, PlayerScore, Score, score
from gargon_notation.engine.state import Decision, DecisionKind, GameState
from gargon_notation.engine.view import SeatView

__all__ = [
    "PATTERNS",
    "SHUFFLE_ALGORITHM",
    "Action",
    "BattleKind",
    "BattleResolved",
    "CardDrawn",
    "Choose",
    "ColourScore",
    "Deal",
    "Decision",
    "DecisionKind",
    "Draw",
    "DrawForgotten",
    "DrawSkipped",
    "Event",
    "Game",
    "GameEnded",
    "GameState",
    "IllegalAction",
    "Pass",
    "Passed",
    "PileEmptied",
    "Place",
    "PlaceKind",
    "Play",
    "Played",
    "PlayedFaceDown",
    "PlayerScore",
    "Possible",
    "Rng",
    "RoundEnded",
    "RoundStarted",
    "Score",
    "SeatView",
    "SeenEvent",
    "Tally",
    "pattern_of",
    "pile_size",
    "plays_from",
    "possible_cards",
    "score",
]
