"""The front door: ``import gargon_notation as gg`` and everything in ``gg.__all__``."""

from __future__ import annotations

import functools
import io
import pydoc
import runpy
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

import gargon_notation as gg

ROOT = Path(__file__).parent.parent


def test_every_public_name_is_there_and_documented() -> None:
    assert len(gg.__all__) == len(set(gg.__all__))
    for name in gg.__all__:
        value = getattr(gg, name)
        if callable(value) and not name.startswith("_"):
            assert (getattr(value, "__doc__", None) or "").strip(), f"{name} has no docstring"


def test_help_shows_the_front_door() -> None:
    text = pydoc.render_doc(gg, renderer=pydoc.plaintext)
    for name in ("load", "loads", "dump", "dumps", "replay", "validate", "simulate", "SeatView"):
        assert name in text
    assert "import gargon_notation as gg" in text


def test_the_package_is_typed() -> None:
    assert (Path(gg.__file__).parent / "py.typed").is_file()


def test_the_errors_form_one_family() -> None:
    for error in (
        gg.NotationError,
        gg.EncodingError,
        gg.RuleViolation,
        gg.ReplayError,
        gg.FileError,
        gg.IllegalAction,
        gg.HeaderError,
        gg.ArgumentError,
        gg.QueryError,
    ):
        assert issubclass(error, gg.GargonError)


@functools.cache
def front_door() -> gg.GameRecord:
    """A simulated game, made when a test first needs it (not as the tests are collected)."""
    return gg.record_from_simulation(gg.simulate(3, "front door"))


FORMATS = "choose one of ggn, json, jsonl"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: gg.dumps([front_door()], format="xml"), f"unknown format 'xml': {FORMATS}"),
        (
            lambda: gg.dump([front_door()], io.StringIO(), format="xml"),
            f"unknown format 'xml': {FORMATS}",
        ),
        (lambda: list(gg.loads("*\n", format="xml")), f"unknown format 'xml': {FORMATS}"),
        (
            lambda: list(gg.load(ROOT / "examples" / "full-game.ggn", format="pgn")),
            f"unknown format 'pgn': {FORMATS}",
        ),
        (
            lambda: gg.dumps([front_door()], format="ggn", events=lambda *_: []),
            "events are written in the JSON forms only, not in notation",
        ),
        (
            lambda: gg.simulate(3, "x", bot="clever"),
            "unknown bot 'clever' (known: random, greedy, amulet)",
        ),
        (
            lambda: gg.archive_stats([front_door()], by="colour"),
            "by 'colour': choose one of player, event, players",
        ),
        (
            lambda: gg.Query.where(date_from="yesterday"),
            "date_from: 'yesterday' is not a date: write YYYY.MM.DD, YYYY.MM or YYYY, the "
            "year first in four digits (2026.03.15 for 15 March 2026)",
        ),
    ],
)
def test_an_argument_outside_its_choices_is_a_gargon_error_and_a_value_error(
    call: Callable[[], object], message: str
) -> None:
    """docs/api.md: every error on bad input is a gg.GargonError; an unknown format, bot,
    grouping or condition is one (listing what is taken), and a ValueError as before."""
    with pytest.raises(gg.GargonError) as raised:
        call()
    assert isinstance(raised.value, ValueError)
    assert str(raised.value) == message


def test_a_users_script_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(ROOT / "tests" / "data" / "api_user.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "Bernd pass 1 1 2 R14" in out
    assert '{\n  "format": "gargon-notation"' in out


def test_records_load_and_dump_through_the_front_door(tmp_path: Path) -> None:
    records = [r for r in gg.load(ROOT / "examples" / "club-night.ggn", strict=True)]
    target = tmp_path / "copy.jsonl"
    gg.dump([r for r in records if isinstance(r, gg.GameRecord)], target)
    again = list(gg.load(target, strict=True))
    assert again == records
    assert (ROOT / "examples" / "club-night.ggn").read_text(encoding="utf-8") == gg.dumps(
        [r for r in again if isinstance(r, gg.GameRecord)]
    )


def test_reprs_read_well() -> None:
    record = next(iter(gg.load(ROOT / "examples" / "rulebook-round.ggn", strict=True)))
    assert isinstance(record, gg.GameRecord)
    assert (
        repr(record)
        == "<GameRecord 'Rulebook example round'; Adam, Bernd, Collette, Dagmar; 1 round; *>"
    )
    game = gg.replay(record).game
    assert game is not None
    assert (
        repr(game)
        == "<Game Adam, Bernd, Collette, Dagmar: round 2, Bernd to play or pass, 10 actions>"
    )
    assert repr(game.snapshot()).startswith("<GameState round 2, Bernd to play or pass, hands ")


def test_the_lazy_front_door_agrees_with_its_typed_imports() -> None:
    """Names are imported on first use: the table of modules, the imports mypy reads and
    ``__all__`` name the same things, and importing the package loads none of them."""
    import ast
    import subprocess
    import sys

    tree = ast.parse(Path(gg.__file__).read_text(encoding="utf-8"))
    typed = {
        alias.name: node.module
        for block in tree.body
        if isinstance(block, ast.If)
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.module != "gargon_notation"
        for alias in node.names
    }
    assert typed == gg._LAZY
    assert set(gg.__all__) == {*typed, "__version__"}
    assert set(dir(gg)) >= set(gg.__all__)
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, gargon_notation; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "gargon_notation.engine" not in loaded
    assert "attr" not in eval(loaded)
    assert "dask" not in eval(loaded)  # gg.dask, typed as a submodule, is imported when used


def test_dir_lists_the_public_surface_only() -> None:
    """dir(gg) listed sys, types, TYPE_CHECKING and whichever submodules had been imported;
    it lists __all__, the submodules the docs name and the dunders, whatever was used."""
    import subprocess
    import sys

    _ = gg.engine, gg.notation  # imported: still not listed
    listed = set(dir(gg))
    assert listed - set(gg.__all__) == {
        *("arrow", "dask", "files", "parts"),
        *(name for name in listed if name.startswith("__") and name.endswith("__")),
    } - {"__version__"}
    for name in ("sys", "types", "TYPE_CHECKING"):
        assert not hasattr(gg, name)
    # Listing the extras' submodules imports neither (nor does touching gg.arrow).
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, gargon_notation as gg; dir(gg); gg.arrow; print(sorted(sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert not {"pyarrow", "dask", "openskill"} & set(eval(loaded))


def test_submodules_are_attributes_of_the_package() -> None:
    """``gg.files`` and the like, as when every name was imported eagerly; ``gg.replay``
    stays the function."""
    assert gg.files.load is gg.load
    assert gg.engine.Game is gg.Game
    assert callable(gg.replay) and not isinstance(gg.replay, type(gg))
    with pytest.raises(AttributeError):
        _ = gg.no_such_name


def test_the_modules_named_like_functions_are_imported_as_api_md_says() -> None:
    """``import gargon_notation.replay.walker as w`` fails, since ``gg.replay`` is the
    function (api.md says so, and how to import such a module); the forms it gives work and
    leave ``gg.replay`` and ``gg.annotate`` the functions."""
    import subprocess
    import sys

    script = (
        "import importlib, inspect, gargon_notation as gg\n"
        "from gargon_notation.replay import walker\n"
        "from gargon_notation.replay.walker import walk\n"
        "annotating = importlib.import_module('gargon_notation.annotate')\n"
        "assert walk is walker.walk and annotating.annotate is gg.annotate\n"
        "assert inspect.isfunction(gg.replay) and inspect.isfunction(gg.annotate)\n"
        "try:\n"
        "    import gargon_notation.replay.walker as w\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout == "cannot import name 'walker' from 'replay' (unknown location)\n"
    api = " ".join((ROOT / "docs" / "api.md").read_text(encoding="utf-8").split())
    assert "`from gargon_notation.replay import walker`" in api
    assert "cannot import name 'walker' from 'replay'" in api


def test_a_typed_user_of_the_arrow_extra_installs_what_api_md_says() -> None:
    """The ``arrow`` extra brings pyarrow alone (its stubs need pyarrow 17, the extra runs
    with 14), so without the stubs mypy saw pyarrow's types as Any, and api.md did not say
    what to install; it gives the command, with the stubs the ``lint`` extra checks with."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert not [spec for spec in extras["arrow"] if spec.startswith("pyarrow-stubs")]
    [stubs] = [spec for spec in extras["lint"] if spec.startswith("pyarrow-stubs")]
    api = " ".join((ROOT / "docs" / "api.md").read_text(encoding="utf-8").split())
    assert f"`pip install 'gargon-notation[arrow]' '{stubs}'`" in api


def test_the_package_pickles_by_name() -> None:
    """A function that uses ``gg`` can be sent to Dask's, Ray's or Spark's workers."""
    import pickle

    assert pickle.loads(pickle.dumps(gg)) is gg


UNREADABLE = '[Players "Ann" "Bob" "Cy"]\n1. Ann R1, Bob pass 1, Cy pass 2\n*\n\n1. Ann R99\n*\n'
"""Two games; the second cannot be read (R99 is no card): lenient loading gives its error."""


def _unread() -> gg.NotationError:
    items = list(gg.loads(UNREADABLE, source="club.ggn"))
    assert isinstance(items[1], gg.NotationError)
    return items[1]


def _takes_records() -> list[tuple[str, Callable[[object], object]]]:
    """Every public function that takes a record, called with ``item`` in its place."""
    return [
        ("replay", lambda item: gg.replay(item)),  # type: ignore[arg-type]
        ("seat_record", lambda item: gg.seat_record(item, "Ann")),  # type: ignore[arg-type]
        ("table_record", lambda item: gg.table_record(item)),  # type: ignore[arg-type]
        ("find_leaks", lambda item: gg.find_leaks(item, "Ann")),  # type: ignore[arg-type]
        ("write_game", lambda item: gg.write_game(item)),  # type: ignore[arg-type]
        ("annotate", lambda item: gg.annotate(item)),  # type: ignore[arg-type]
        ("strip_annotations", lambda item: gg.strip_annotations(item)),  # type: ignore[arg-type]
        ("entry_lines", lambda item: gg.entry_lines(item)),  # type: ignore[arg-type]
        ("replay_facts", lambda item: gg.replay_facts(item)),  # type: ignore[arg-type]
        ("Recording.resume", lambda item: gg.Recording.resume(item)),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(
    ("function", "call"), _takes_records(), ids=[name for name, _ in _takes_records()]
)
def test_a_game_that_could_not_be_read_is_refused_where_a_record_is_wanted(
    function: str, call: Callable[[object], object]
) -> None:
    """The NotationError lenient gg.load gives in place of a game is refused by every
    function that takes a record: an ArgumentError naming where the game is and what to do
    (it was an AttributeError), and anything else that is not a record a TypeError naming
    the parameter and the type it takes."""
    error = _unread()
    with pytest.raises(gg.ArgumentError) as refused:
        call(error)
    assert error.message.startswith("'R99' is not a card")
    assert str(refused.value) == (
        f"{function}: record is not a record but the NotationError of a game that could not "
        f"be read (club.ggn:5:8: {error.message}): gg.load gives one in place of each game "
        "it cannot read: leave those out (if not isinstance(item, gg.NotationError)), "
        "correct the file, or load with strict=True to stop at the first"
    )
    with pytest.raises(TypeError, match=rf"^{function}: record is a gg.GameRecord .*not str 'x'$"):
        call("x")


@pytest.mark.parametrize("function", ["dumps", "dump"])
def test_writing_records_names_the_game_that_could_not_be_read(
    tmp_path: Path, function: str
) -> None:
    items = list(gg.loads(UNREADABLE, source="club.ggn"))
    target = tmp_path / "out.ggn"

    def write(records: object) -> object:
        if function == "dumps":
            return gg.dumps(records)  # type: ignore[arg-type]
        return gg.dump(records, target)  # type: ignore[arg-type]

    with pytest.raises(gg.ArgumentError, match=rf"^{function}: game 2 is not a record but the "):
        write(items)
    assert not target.exists()
    with pytest.raises(TypeError, match=rf"^{function}: game 1 is a gg.GameRecord .*not None$"):
        write([None])
    with pytest.raises(TypeError, match=rf"^{function}: records are a gg.GameRecord or an "):
        write("[Players]")
    kept = [item for item in items if not isinstance(item, gg.NotationError)]
    assert write(kept) in (gg.dumps(kept[0]), None)


def test_other_functions_over_records_say_which_could_not_be_read() -> None:
    record, error = list(gg.loads(UNREADABLE, source="club.ggn"))
    with pytest.raises(gg.ArgumentError, match=r"^merge_records: record 2 is not a record but "):
        gg.merge_records([record, error])  # type: ignore[list-item]
    with pytest.raises(gg.ArgumentError, match=r"^merge_records: there is no record to merge$"):
        gg.merge_records([])

    def readings() -> list[tuple[str, object]]:
        return [("a.ggn:1", record), ("a.ggn:5", error)]

    with pytest.raises(gg.ArgumentError, match=r"^find_copies: the record of a.ggn:5 is not "):
        gg.find_copies(readings)  # type: ignore[arg-type]
    # Statistics and verdicts count a game that could not be read as invalid, as the
    # command line does; the viewer shows its error.
    stats = gg.archive_stats([record, error])
    assert (stats.games, stats.endings["invalid"]) == (2, 1)
    verdict = gg.validate(error)
    assert (verdict.valid, verdict.source, verdict.line) == (False, "club.ggn", 5)
    assert verdict.messages[0].startswith("club.ggn:5:8: 'R99' is not a card")
    assert gg.validate(error, game=2).problems[0].game == 2
    assert "R99" in gg.html_page([record, error])
    with pytest.raises(TypeError, match=r"^validate: record is a gg.GameRecord .*not None$"):
        gg.validate(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^archive_stats: game 1 is a gg.ArchiveGame, "):
        gg.archive_stats(["x"])  # type: ignore[list-item]
