"""gargon-notation: the record format, rules engine and tools for the card game Gargon.

``import gargon_notation as gg`` gives the whole public surface, typed:

- **Records**: :func:`load` / :func:`loads` iterate the games of a ``.ggn``, ``.json`` or
  ``.jsonl`` source; :func:`dump` / :func:`dumps` write them (files atomically).
  A :class:`GameRecord` shows its tags as ``record.headers``.
- **Replay and verdicts**: :func:`replay` walks a record once through the rules engine
  (:class:`Replay`: ``valid``, ``problems``, ``steps``, ``state_after``, ``score``,
  ``events``); :func:`validate` gives a :class:`Verdict`; :class:`Visitor` watches the walk.
- **The engine**: :class:`Game` (the referee), :class:`GameState`, :class:`SeatView` (what
  one seat knows), :class:`Ruleset`, cards, actions and events.
- **Bots**: :class:`Bot` (anything with ``choose(view) -> action``), :func:`simulate`.
- **Errors**: :class:`GargonError` and its subclasses.

>>> import gargon_notation as gg
>>> text = gg.dumps(gg.record_from_simulation(gg.simulate(4, "demo"), event="Demo"))
>>> record = next(gg.loads(text, strict=True))
>>> record.headers["Event"], record.headers["Players"]
('Demo', 'Adam, Bernd, Collette, Dagmar')
>>> result = gg.replay(record)
>>> result.valid, result.finished, result.score.totals
(True, True, (43, 28, 46, 34))
>>> gg.parse_action("Bernd pass 1 1 2", ("Adam", "Bernd", "Collette"))
Pass(seat=1, piles=(1, 1, 2), seen=())
"""

__version__ = "0.1.0"

from gargon_notation.actions import format_action, parse_action, parse_card
from gargon_notation.annotate import annotate, strip_annotations
from gargon_notation.bots import Bot, GreedyBot, RandomBot, SimulatedGame, simulate
from gargon_notation.cards import DECK, UNKNOWN, AnyCard, Card, Colour, HiddenCard
from gargon_notation.engine import (
    Action,
    BattleKind,
    BattleResolved,
    CardDrawn,
    Choose,
    ColourScore,
    Deal,
    Decision,
    DecisionKind,
    Draw,
    DrawForgotten,
    DrawSkipped,
    Event,
    Game,
    GameEnded,
    GameState,
    IllegalAction,
    Pass,
    Passed,
    PileEmptied,
    Play,
    Played,
    PlayedFaceDown,
    PlayerScore,
    Rng,
    RoundEnded,
    RoundStarted,
    Score,
    SeatView,
    SeenEvent,
)
from gargon_notation.errors import FileError, GargonError, NotationError, RuleViolation
from gargon_notation.files import dump, dumps, load, loads
from gargon_notation.header import HeaderError
from gargon_notation.notation import (
    Comment,
    CommentKind,
    GameRecord,
    Headers,
    Tag,
    parse_game,
    write_game,
)
from gargon_notation.records import record_from_actions, record_from_simulation
from gargon_notation.replay import Outcome, Problem, Replay, ReplayError, Step, Visitor, replay
from gargon_notation.rules import STANDARD, Ruleset
from gargon_notation.validation import Verdict, validate

__all__ = [
    "DECK",
    "STANDARD",
    "UNKNOWN",
    "Action",
    "AnyCard",
    "BattleKind",
    "BattleResolved",
    "Bot",
    "Card",
    "CardDrawn",
    "Choose",
    "Colour",
    "ColourScore",
    "Comment",
    "CommentKind",
    "Deal",
    "Decision",
    "DecisionKind",
    "Draw",
    "DrawForgotten",
    "DrawSkipped",
    "Event",
    "FileError",
    "Game",
    "GameEnded",
    "GameRecord",
    "GameState",
    "GargonError",
    "GreedyBot",
    "HeaderError",
    "Headers",
    "HiddenCard",
    "IllegalAction",
    "NotationError",
    "Outcome",
    "Pass",
    "Passed",
    "PileEmptied",
    "Play",
    "Played",
    "PlayedFaceDown",
    "PlayerScore",
    "Problem",
    "RandomBot",
    "Replay",
    "ReplayError",
    "Rng",
    "RoundEnded",
    "RoundStarted",
    "RuleViolation",
    "Ruleset",
    "Score",
    "SeatView",
    "SeenEvent",
    "SimulatedGame",
    "Step",
    "Tag",
    "Verdict",
    "Visitor",
    "__version__",
    "annotate",
    "dump",
    "dumps",
    "format_action",
    "load",
    "loads",
    "parse_action",
    "parse_card",
    "parse_game",
    "record_from_actions",
    "record_from_simulation",
    "replay",
    "simulate",
    "strip_annotations",
    "validate",
    "write_game",
]
