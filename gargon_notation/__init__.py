"""gargon-notation: the record format, rules engine and tools for the card game Gargon.

``import gargon_notation as gg`` gives the whole public surface, typed:

- **Records**: :func:`load` / :func:`loads` iterate the games of a ``.ggn``, ``.json`` or
  ``.jsonl`` source; :func:`dump` / :func:`dumps` write them (files atomically).
  A :class:`GameRecord` shows its tags as ``record.headers``.
- **Replay and verdicts**: :func:`replay` walks a record once through the rules engine
  (:class:`Replay`: ``valid``, ``problems``, ``steps``, ``state_after``, ``score``,
  ``events``); :func:`validate` gives a :class:`Verdict`; :class:`Visitor` watches the walk.
- **The engine**: :class:`Game` (the referee), :class:`GameState`, :class:`SeatView` (what
  one seat knows), :class:`Possible` (what each hidden card can still be), :class:`Ruleset`,
  cards, actions and events.
- **Bots**: :class:`Bot` (anything with ``choose(view) -> action``), :func:`simulate`;
  for a bot that asks a model trained on the ``decisions`` table, :func:`observe` gives its
  view as that table's observation arrays and :func:`action_id` / :func:`action_of` number
  its actions in the same :data:`ACTION_SPACE` (plain Python, no extra needed).
- **Recording at the table**: :class:`Recording` takes a game one decision at a time in the
  notation's words, each checked as entered (:class:`EntryRefused`); :class:`LineRecorder`
  and :func:`record_lines` keep it in a file line by line (``gargon record``).
- **What each seat saw**: :func:`seat_record` writes a record as one seat (or the table, or
  the public) knew it; :func:`find_leaks` proves a file shows no value hidden from its seat
  (each a :class:`Leak`); :func:`merge_records` puts records of one game together
  (:class:`MergeError` lists each :class:`Contradiction`).
- **Pictures**: :func:`table_svg` draws the table at a moment (a :class:`GameState`, or what
  one seat knew: a :class:`SeatView`) as a standalone SVG; in a notebook a state or a view
  shows itself so.
- **The viewer**: :func:`html_page` writes a self-contained HTML page that replays games
  step by step in a browser (as everyone, or as one seat saw them); in a notebook a record
  and a replay show themselves so.
- **Archives**: :func:`read_archive` gives the games of many files, directories and globs,
  each an :class:`ArchiveGame` (its exact bytes, its tags read without the movetext, its
  record on demand); :class:`Query` (``Query.where(event="club", has="sweep")``) and
  :func:`select_games` choose games as ``gargon filter`` does (a :class:`Selection` each,
  what only a replay knows from :func:`replay_facts`: :class:`Replayed`);
  :func:`archive_stats` counts them as ``gargon stats`` does (:class:`Stats`);
  :func:`find_copies` finds the same game twice as ``gargon dedupe`` does (:class:`Copy`).
- **Tables**: ``gg.arrow`` (:mod:`gargon_notation.arrow`, with the ``arrow`` extra) gives
  the games, rounds, battles and decisions of an archive as Arrow record batches
  (``gg.arrow.batches``) or Parquet files (``gg.arrow.write_parquet``), docs/tables.md.
- **Beyond one machine**: ``gg.dask`` (:mod:`gargon_notation.dask`, with the ``dask``
  extra) reads, validates and converts archives on a Dask cluster: ``gg.dask.read(paths)``
  is a bag of every game, ``gg.dask.validate`` gives the verdicts of ``gargon validate``.
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

import sys as _sys
import types as _types

# This module runs before the ``gargon`` command holds Ctrl-C back (gargon_notation.__main__),
# so it loads nothing that takes time: no __future__ import (its annotations hold at run
# time), typing's constant without typing, importlib on first use.
TYPE_CHECKING = False

__version__ = "0.1.0"

if TYPE_CHECKING:
    from gargon_notation import arrow as arrow  # a submodule, imported when used
    from gargon_notation import dask as dask  # a submodule, imported when used
    from gargon_notation.actions import format_action, parse_action, parse_card
    from gargon_notation.annotate import annotate, strip_annotations
    from gargon_notation.archive import ArchiveGame, read_archive
    from gargon_notation.archive.duplicates import Copy, CopyKind, find_copies
    from gargon_notation.archive.facts import Replayed, replay_facts
    from gargon_notation.archive.query import Query, QueryError
    from gargon_notation.archive.select import Selection, select_games
    from gargon_notation.archive.stats import Collector, Figures, Row, Spread, Stats, archive_stats
    from gargon_notation.bots import (
        AmuletBot,
        Bot,
        GreedyBot,
        RandomBot,
        SimulatedGame,
        simulate,
    )
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
        Place,
        PlaceKind,
        Play,
        Played,
        PlayedFaceDown,
        PlayerScore,
        Possible,
        Rng,
        RoundEnded,
        RoundStarted,
        Score,
        SeatView,
        SeenEvent,
        possible_cards,
    )
    from gargon_notation.entries import EntryRefused, entry_lines
    from gargon_notation.errors import (
        ArgumentError,
        EncodingError,
        FileError,
        GargonError,
        NotationError,
        RuleViolation,
    )
    from gargon_notation.files import Input, dump, dumps, load, loads
    from gargon_notation.header import HeaderError
    from gargon_notation.merging import Contradiction, MergeError, merge_records
    from gargon_notation.notation import (
        Comment,
        CommentKind,
        GameRecord,
        Headers,
        Round,
        Tag,
        parse_game,
        write_game,
    )
    from gargon_notation.observation import ACTION_SPACE, action_id, action_of, observe
    from gargon_notation.recording import Recording, RecordingError, Sight
    from gargon_notation.recording_lines import LineRecorder, record_lines
    from gargon_notation.records import record_from_actions, record_from_simulation
    from gargon_notation.replay import Outcome, Problem, Replay, ReplayError, Step, Visitor, replay
    from gargon_notation.rules import STANDARD, Ruleset
    from gargon_notation.seats import (
        Leak,
        Location,
        SeatError,
        SourceText,
        find_leaks,
        seat_record,
        table_record,
    )
    from gargon_notation.validation import Verdict, validate
    from gargon_notation.web.page import html_page
    from gargon_notation.web.svg import table_svg

# Every public name is imported on first use, so that ``gargon validate`` of one game loads
# only what it needs (the speed issue): a name's module is looked up here.
_LAZY: dict[str, str] = {
    "ArchiveGame": "gargon_notation.archive",
    "read_archive": "gargon_notation.archive",
    "Copy": "gargon_notation.archive.duplicates",
    "CopyKind": "gargon_notation.archive.duplicates",
    "find_copies": "gargon_notation.archive.duplicates",
    "Replayed": "gargon_notation.archive.facts",
    "replay_facts": "gargon_notation.archive.facts",
    "Query": "gargon_notation.archive.query",
    "QueryError": "gargon_notation.archive.query",
    "Selection": "gargon_notation.archive.select",
    "select_games": "gargon_notation.archive.select",
    "Collector": "gargon_notation.archive.stats",
    "Figures": "gargon_notation.archive.stats",
    "Row": "gargon_notation.archive.stats",
    "Spread": "gargon_notation.archive.stats",
    "Stats": "gargon_notation.archive.stats",
    "archive_stats": "gargon_notation.archive.stats",
    "format_action": "gargon_notation.actions",
    "parse_action": "gargon_notation.actions",
    "parse_card": "gargon_notation.actions",
    "annotate": "gargon_notation.annotate",
    "strip_annotations": "gargon_notation.annotate",
    "Bot": "gargon_notation.bots",
    "AmuletBot": "gargon_notation.bots",
    "GreedyBot": "gargon_notation.bots",
    "RandomBot": "gargon_notation.bots",
    "SimulatedGame": "gargon_notation.bots",
    "simulate": "gargon_notation.bots",
    "DECK": "gargon_notation.cards",
    "UNKNOWN": "gargon_notation.cards",
    "AnyCard": "gargon_notation.cards",
    "Card": "gargon_notation.cards",
    "Colour": "gargon_notation.cards",
    "HiddenCard": "gargon_notation.cards",
    "Action": "gargon_notation.engine",
    "BattleKind": "gargon_notation.engine",
    "BattleResolved": "gargon_notation.engine",
    "CardDrawn": "gargon_notation.engine",
    "Choose": "gargon_notation.engine",
    "ColourScore": "gargon_notation.engine",
    "Deal": "gargon_notation.engine",
    "Decision": "gargon_notation.engine",
    "DecisionKind": "gargon_notation.engine",
    "Draw": "gargon_notation.engine",
    "DrawForgotten": "gargon_notation.engine",
    "DrawSkipped": "gargon_notation.engine",
    "Event": "gargon_notation.engine",
    "Game": "gargon_notation.engine",
    "GameEnded": "gargon_notation.engine",
    "GameState": "gargon_notation.engine",
    "IllegalAction": "gargon_notation.engine",
    "Pass": "gargon_notation.engine",
    "Passed": "gargon_notation.engine",
    "PileEmptied": "gargon_notation.engine",
    "Place": "gargon_notation.engine",
    "PlaceKind": "gargon_notation.engine",
    "Play": "gargon_notation.engine",
    "Played": "gargon_notation.engine",
    "PlayedFaceDown": "gargon_notation.engine",
    "PlayerScore": "gargon_notation.engine",
    "Possible": "gargon_notation.engine",
    "Rng": "gargon_notation.engine",
    "RoundEnded": "gargon_notation.engine",
    "RoundStarted": "gargon_notation.engine",
    "Score": "gargon_notation.engine",
    "SeatView": "gargon_notation.engine",
    "SeenEvent": "gargon_notation.engine",
    "possible_cards": "gargon_notation.engine",
    "ArgumentError": "gargon_notation.errors",
    "EncodingError": "gargon_notation.errors",
    "FileError": "gargon_notation.errors",
    "GargonError": "gargon_notation.errors",
    "NotationError": "gargon_notation.errors",
    "RuleViolation": "gargon_notation.errors",
    "Input": "gargon_notation.files",
    "dump": "gargon_notation.files",
    "dumps": "gargon_notation.files",
    "load": "gargon_notation.files",
    "loads": "gargon_notation.files",
    "HeaderError": "gargon_notation.header",
    "Contradiction": "gargon_notation.merging",
    "MergeError": "gargon_notation.merging",
    "merge_records": "gargon_notation.merging",
    "ACTION_SPACE": "gargon_notation.observation",
    "action_id": "gargon_notation.observation",
    "action_of": "gargon_notation.observation",
    "observe": "gargon_notation.observation",
    "Comment": "gargon_notation.notation",
    "CommentKind": "gargon_notation.notation",
    "GameRecord": "gargon_notation.notation",
    "Headers": "gargon_notation.notation",
    "Round": "gargon_notation.notation",
    "Tag": "gargon_notation.notation",
    "parse_game": "gargon_notation.notation",
    "write_game": "gargon_notation.notation",
    "EntryRefused": "gargon_notation.entries",
    "Recording": "gargon_notation.recording",
    "RecordingError": "gargon_notation.recording",
    "Sight": "gargon_notation.recording",
    "entry_lines": "gargon_notation.entries",
    "LineRecorder": "gargon_notation.recording_lines",
    "record_lines": "gargon_notation.recording_lines",
    "record_from_actions": "gargon_notation.records",
    "record_from_simulation": "gargon_notation.records",
    "Outcome": "gargon_notation.replay",
    "Problem": "gargon_notation.replay",
    "Replay": "gargon_notation.replay",
    "ReplayError": "gargon_notation.replay",
    "Step": "gargon_notation.replay",
    "Visitor": "gargon_notation.replay",
    "replay": "gargon_notation.replay",
    "STANDARD": "gargon_notation.rules",
    "Ruleset": "gargon_notation.rules",
    "Leak": "gargon_notation.seats",
    "Location": "gargon_notation.seats",
    "SeatError": "gargon_notation.seats",
    "SourceText": "gargon_notation.seats",
    "find_leaks": "gargon_notation.seats",
    "seat_record": "gargon_notation.seats",
    "table_record": "gargon_notation.seats",
    "Verdict": "gargon_notation.validation",
    "validate": "gargon_notation.validation",
    "table_svg": "gargon_notation.web.svg",
    "html_page": "gargon_notation.web.page",
}


def __getattr__(name: str) -> object:
    import importlib
    import importlib.util

    module = _LAZY.get(name)
    if module is None:
        # A submodule (``gg.files``, ``gg.engine``), as when every name was imported eagerly.
        if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}"):
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(f"module 'gargon_notation' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


_SUBMODULES = ("arrow", "dask", "files", "parts")
"""The submodules the docs name as ``gg.arrow``, ``gg.dask``, ``gg.files`` and ``gg.parts``
(every submodule is an attribute, ``gg.engine`` too, as when every name was imported
eagerly; these are the ones listed)."""


def __dir__() -> list[str]:
    """The public names (``__all__``), the submodules the docs name and the module's own
    dunders: not the modules and constants this module uses itself, nor the submodules that
    happen to be imported already (a listing that changed with what was used before)."""
    dunders = (name for name in globals() if name.startswith("__") and name.endswith("__"))
    return sorted({*__all__, *_SUBMODULES, *dunders})


class _FrontDoor(_types.ModuleType):
    """The package's module: ``gg.replay`` and ``gg.annotate`` stay the functions when their
    modules of the same name are imported (the import system sets the module on the package)."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, _types.ModuleType) and _LAZY.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickled by name, as modules are: a function that uses ``gg`` can be sent to the
        workers of Dask, Ray or Spark (cloudpickle pickles it with its globals)."""
        import importlib

        return importlib.import_module, (self.__name__,)


_sys.modules[__name__].__class__ = _FrontDoor
del TYPE_CHECKING  # mypy's switch, not a name of the package

__all__ = [
    "ACTION_SPACE",
    "DECK",
    "STANDARD",
    "UNKNOWN",
    "Action",
    "AmuletBot",
    "AnyCard",
    "ArchiveGame",
    "ArgumentError",
    "BattleKind",
    "BattleResolved",
    "Bot",
    "Card",
    "CardDrawn",
    "Choose",
    "Collector",
    "Colour",
    "ColourScore",
    "Comment",
    "CommentKind",
    "Contradiction",
    "Copy",
    "CopyKind",
    "Deal",
    "Decision",
    "DecisionKind",
    "Draw",
    "DrawForgotten",
    "DrawSkipped",
    "EncodingError",
    "EntryRefused",
    "Event",
    "Figures",
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
    "Input",
    "Leak",
    "LineRecorder",
    "Location",
    "MergeError",
    "NotationError",
    "Outcome",
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
    "Problem",
    "Query",
    "QueryError",
    "RandomBot",
    "Recording",
    "RecordingError",
    "Replay",
    "ReplayError",
    "Replayed",
    "Rng",
    "Round",
    "RoundEnded",
    "RoundStarted",
    "Row",
    "RuleViolation",
    "Ruleset",
    "Score",
    "SeatError",
    "SeatView",
    "SeenEvent",
    "Selection",
    "Sight",
    "SimulatedGame",
    "SourceText",
    "Spread",
    "Stats",
    "Step",
    "Tag",
    "Verdict",
    "Visitor",
    "__version__",
    "action_id",
    "action_of",
    "annotate",
    "archive_stats",
    "dump",
    "dumps",
    "entry_lines",
    "find_copies",
    "find_leaks",
    "format_action",
    "html_page",
    "load",
    "loads",
    "merge_records",
    "observe",
    "parse_action",
    "parse_card",
    "parse_game",
    "possible_cards",
    "read_archive",
    "record_from_actions",
    "record_from_simulation",
    "record_lines",
    "replay",
    "replay_facts",
    "seat_record",
    "select_games",
    "simulate",
    "strip_annotations",
    "table_record",
    "table_svg",
    "validate",
    "write_game",
]
