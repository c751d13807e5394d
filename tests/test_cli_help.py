"""The help of ``gargon`` and of every verb (:mod:`gargon_notation.cli.helptext`): values named
(no ``<str>``, ``{paths}``), choices listed and completed, examples each on a line of their
own and runnable, paragraphs wrapped at the terminal's width; and exact pages of two verbs, so
that a new Typer or rich release that changes them shows here."""

from __future__ import annotations

import functools
import itertools
import re
import shlex
import shutil
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from rich.text import Text
from typer.testing import CliRunner, Result

from gargon_notation import bots, files
from gargon_notation.archive import FACTS, GROUPINGS
from gargon_notation.archive.stats import BY
from gargon_notation.cli import app, choices
from gargon_notation.cli.helptext import examples, reflowed

ROOT = Path(__file__).resolve().parents[1]
GROUP = typer.main.get_command(app)
VERBS: dict[str, Any] = GROUP.commands  # type: ignore[attr-defined]
WIDTHS = [
    40,
    pytest.param(60, marks=pytest.mark.slow),
    80,
    pytest.param(120, marks=pytest.mark.slow),
]
"""The widths of the pages checked (an example line is never broken, however narrow): a
narrow terminal and the usual one; the heavy profile checks two more."""
METAVAR = re.compile(r"[A-Z]+(\[=[A-Z]+\])?|\[[a-z-]+(\|[a-z-]+)+\]")
"""How an option names its value: a word in capitals (``N``, ``NAME``, ``NAME[=VALUE]``), or
a choice's values (``[a|b|c]``)."""


@pytest.fixture(autouse=True)
def _built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typer's CliRunner builds every command anew on each call (75 ms): use them built once."""
    monkeypatch.setattr(typer.testing, "_get_command", lambda _: GROUP)


def gargon(*args: str, width: int = 80) -> Result:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": str(width)})


@functools.cache
def page_of(verb: str | None, width: int = 80) -> str:
    """The help page of a verb (None: of ``gargon``) at a width."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.testing, "_get_command", lambda _: GROUP)
        result = gargon(*([verb] if verb else []), "--help", width=width)
    assert result.exit_code == 0, result.output
    return result.stdout


def flat(text: str) -> str:
    """Text without the boxes' borders, every run of whitespace one space."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def options(verb: str) -> list[Any]:
    return [param for param in VERBS[verb].params if param.param_type_name == "option"]


def choice_options() -> list[tuple[str, str, list[str]]]:
    """(verb, option, its choices) for every option of a fixed set of values."""
    return [
        (verb, param.opts[0], [str(choice) for choice in param.type.choices])
        for verb in VERBS
        for param in options(verb)
        if hasattr(param.type, "choices")
    ]


def examples_of(verb: str) -> list[str]:
    """The example command lines of a verb's epilog, markup taken out."""
    epilog = Text.from_markup(VERBS[verb].epilog).plain
    return [line.strip() for line in epilog.splitlines() if line.startswith("  ")]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("verb", [None, *VERBS])
def test_every_page_names_its_values_and_fits_the_width(verb: str | None, width: int) -> None:
    page = page_of(verb, width)
    assert re.findall(r"<[\w ]+[\w|\[\]]*>|\{\w+\}", page) == []
    # but for an example, which runs past a narrow terminal rather than break
    examples = {f"   {example}" for example in examples_of(verb)} if verb else set()
    assert max(len(line) for line in page.splitlines() if line not in examples) <= width
    if verb is not None:
        usage = re.search(
            r"Usage: gargon (\S+) \[OPTIONS\]((?: \[?[A-Z]+\]?(?:\.\.\.)?)*)\s*\n", page
        )
        assert usage is not None and usage.group(1) == verb, page


@pytest.mark.parametrize("verb", list(VERBS))
def test_every_value_has_a_name(verb: str) -> None:
    context = VERBS[verb].make_context(verb, ["--help"], resilient_parsing=True)
    for param in VERBS[verb].params:
        if param.param_type_name == "argument":
            assert re.fullmatch(r"[A-Z]+(\.\.\.)?", param.metavar), param.name
        elif not (param.is_flag or param.count):
            metavar = param.make_metavar(context)
            assert METAVAR.fullmatch(metavar), f"{verb} {param.opts[0]}: {metavar}"


def test_the_fixed_sets_are_choices_the_same_as_the_librarys() -> None:
    assert [str(value) for value in choices.Format] == list(files.FORMATS)
    assert [str(value) for value in choices.Bot] == list(bots.BOTS)
    assert [str(value) for value in choices.StatsBy] == list(BY)
    assert [str(value) for value in choices.SplitBy] == list(GROUPINGS)
    assert [str(value) for value in choices.Fact] == list(FACTS)
    found = {(verb, option) for verb, option, _ in choice_options()}
    assert found >= {
        ("convert", "--to"),
        ("merge", "--to"),
        ("filter", "--has"),
        ("filter", "--to"),
        ("cat", "--to"),
        ("dedupe", "--to"),
        ("split", "--by"),
        ("split", "--to"),
        ("stats", "--by"),
        ("simulate", "--bot"),
    }


@pytest.mark.parametrize(("verb", "option", "values"), choice_options())
def test_a_choice_is_listed_completed_and_checked(
    verb: str, option: str, values: list[str]
) -> None:
    page = flat(page_of(verb))
    listed = (
        f"[{'|'.join(values)}]" in page or (", ".join(values[:-1]) + f" or {values[-1]}.") in page
    )
    assert listed, page
    words = f"gargon {verb} x {option} "
    completed = CliRunner().invoke(
        app,
        [],
        env={"_GARGON_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": "4"},
        prog_name="gargon",
    )
    assert completed.stdout.split() == values
    refused = gargon(verb, "x", option, "nonsense")
    assert refused.exit_code == 2
    quoted = ", ".join(f"'{value}'" for value in values)
    assert f"'nonsense' is not one of {quoted}." in flat(refused.stderr)


def test_a_choice_completes_from_what_is_typed() -> None:
    completed = CliRunner().invoke(
        app,
        [],
        env={
            "_GARGON_COMPLETE": "complete_bash",
            "COMP_WORDS": "gargon filter x --has ze",
            "COMP_CWORD": "4",
        },
        prog_name="gargon",
    )
    assert completed.stdout.split() == ["zero-clash", "zero-pair"]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("verb", list(VERBS))
def test_each_example_is_a_line_of_its_own(verb: str, width: int) -> None:
    page = page_of(verb, width).splitlines()
    shown = examples_of(verb)
    assert shown
    assert all(f"{example} ".startswith(f"gargon {verb} ") for example in shown)
    heading = [line.rstrip() for line in page].index(
        " Example:" if len(shown) == 1 else " Examples:"
    )
    under = page[heading + 1 : heading + 1 + len(shown)]
    assert [line.rstrip() for line in under] == [f"   {example}" for example in shown]


@pytest.mark.parametrize("verb", list(VERBS))
def test_each_example_parses(verb: str) -> None:
    """Every example is a command line the verb accepts: its options exist, its values are
    of their type (choices, ranges), nothing is missing."""
    for example in examples_of(verb):
        words = shlex.split(example)
        if ">" in words:
            words = words[: words.index(">")]
        assert words[:2] == ["gargon", verb]
        context = VERBS[verb].make_context(verb, words[2:])
        assert context.args == []


RUNNABLE = [
    (verb, example)
    for verb in VERBS
    for example in examples_of(verb)
    if "examples/" in example and "--jobs" not in example
]
"""The examples that read the bundled records (``--jobs`` starts processes: test_cli.py runs
that one)."""


@pytest.mark.parametrize(("verb", "example"), RUNNABLE)
def test_the_examples_on_the_bundled_records_work(
    verb: str, example: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "examples").mkdir()
    for word in shlex.split(example):
        if word.startswith("examples/"):
            shutil.copy(ROOT / word, tmp_path / word)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, shlex.split(example)[1:], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("verb", list(VERBS))
def test_paragraphs_are_filled_to_the_width(verb: str, width: int) -> None:
    """A paragraph's line ends only where its next word would not fit after one space or two
    (the docstring's line ends play no part)."""
    page = page_of(verb, width).splitlines()
    described = page[3 : next(n for n, line in enumerate(page) if line.startswith("╭"))]
    for line, following in itertools.pairwise(described):
        if line.strip() and following.strip():
            assert len(line.strip()) + 2 + len(following.split()[0]) > width - 2, (line, following)


def test_help_text_is_reflowed_by_paragraph() -> None:
    assert reflowed("a\nb\n\n  c\n  d\n") == "a b\n\nc d"
    assert reflowed("\b\nkept\nas is\n\nmore") == "\b\nkept\nas is\n\nmore"
    assert reflowed(None) is None
    assert examples("gargon x [y]") == "\nExample:\n  [bold]gargon x \\[y][/]"


CONVERT_HELP = """\

 Usage: gargon convert [OPTIONS] PATHS...

 Convert records between the text notation, the JSON form and JSON Lines, or
 into Parquet tables.

 The games of several inputs go into one output, in turn; a game that cannot be
 read is reported and left out (exit 1).  With --seat NAME (or --public), write
 each game of one input as that seat (or the whole table) knew it at each
 moment: the values it could not see become backs (R?, X?).  With --to parquet,
 write the games, rounds, battles and decisions tables of docs/tables.md into
 the directory -o DIR (needs pip install 'gargon-notation[arrow]').

╭─ Arguments ──────────────────────────────────────────────────────────────────╮
│ *    PATHS...        Files, directories (searched for *.ggn, *.json,         │
│                      *.jsonl), globs, or - for stdin.                        │
│                      [required]                                              │
╰──────────────────────────────────────────────────────────────────────────────╯
╭─ Options ────────────────────────────────────────────────────────────────────╮
│ --to              [ggn|json|jsonl|parquet]  The form to write (jsonl: one    │
│                                             game a line; parquet: the tables │
│                                             of docs/tables.md in the         │
│                                             directory -o DIR).  Required,    │
│                                             except with --seat or --public   │
│                                             (default: the input's).          │
│ --output  -o      FILE                      Write here instead of stdout     │
│                                             (parquet: a directory).          │
│ --events                                    With --to json or jsonl: add     │
│                                             each game's derived events.      │
│ --seat            NAME                      A player: what that seat could   │
│                                             see.                             │
│ --public                                    Everyone: what the whole table   │
│                                             could see.                       │
│ --jobs    -j      N [1<=x<=256]             Work in N worker processes (same │
│                                             output).                         │
│                                             [default: 1]                     │
│ --dask            SCHEDULER                 Do the work on the Dask cluster  │
│                                             of this scheduler                │
│                                             (tcp://HOST:PORT;                │
│                                             docs/scale.md); needs pip        │
│                                             install 'gargon-notation[dask]'. │
│ --help                                      Show this message and exit.      │
╰──────────────────────────────────────────────────────────────────────────────╯
╭─ Parquet tables ─────────────────────────────────────────────────────────────╮
│ --decisions-observations          With --to parquet: add to each decision    │
│                                   what its seat saw, the legal actions and   │
│                                   the final reward, as fixed-size arrays     │
│                                   (docs/tables.md).                          │
│ --include-invalid-steps           With --to parquet: keep the rounds,        │
│                                   battles and decisions of invalid games (by │
│                                   default an invalid game has its games row  │
│                                   only).                                     │
╰──────────────────────────────────────────────────────────────────────────────╯

 Examples:
   gargon convert examples/full-game.ggn --to json
   gargon convert examples/full-game.ggn --seat Bernd
   gargon convert examples/club-night.ggn --to parquet -o tables


"""

SIMULATE_HELP = """\

 Usage: gargon simulate [OPTIONS]

 Play whole games with bots and write them as valid, canonical records.

 Game k (from 1) is dealt from the seed "SEED.k" (just SEED when --games is 1).

╭─ Options ────────────────────────────────────────────────────────────────────╮
│ --players   -p      N [3<=x<=5]             Players at the table.            │
│                                             [default: 4]                     │
│ --games     -n      N [x>=1]                How many games. [default: 1]     │
│ --seed      -s      TEXT                    The seed the deals are made from │
│                                             (see above).                     │
│                                             [default: gargon]                │
│ --bot       -b      [random|greedy|amulet]  The bot every seat plays.        │
│                                             [default: random]                │
│ --deal                                      Also write each deal out in full │
│                                             (checked against the seed).      │
│ --comments                                  Add a few comments and glyphs to │
│                                             each game.                       │
│ --output    -o      FILE                    Write here instead of stdout.    │
│ --help                                      Show this message and exit.      │
╰──────────────────────────────────────────────────────────────────────────────╯

 Example:
   gargon simulate --players 4 --games 100 --seed club -o games.ggn


"""


@pytest.mark.parametrize(("verb", "page"), [("convert", CONVERT_HELP), ("simulate", SIMULATE_HELP)])
def test_the_page_of_a_verb_exactly(verb: str, page: str) -> None:
    """At 80 columns, to the character (rich pads each line to the width: not kept here)."""
    shown = [line.rstrip() for line in page_of(verb).splitlines()]
    assert shown == page.splitlines()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        # Click compared the names with their dashes, so '--' alone made --json close to
        # --round and --as-of: 'No such option: --round (Possible options: --json)'
        (["standings", "x.ggn", "--round", "1"], "No such option: --round"),
        (["standings", "x.ggn", "--as-of", "2026.11.21"], "No such option: --as-of"),
        (["standings", "x.ggn", "--evnt", "Cup"], "No such option: --evnt (Possible options: "
         "--event)"),
        (["html", "x.ggn", "--seats", "Ann"], "No such option: --seats (Possible options: "
         "--seat)"),
        (["filter", "x.ggn", "--date-form", "2026"], "No such option: --date-form (Possible "
         "options: --date-from, --date-to)"),
        # A long option written with one dash was read as short ones: 'No such option: -s'
        # (found by a review).
        (["validate", "x.ggn", "-strict"], "No such option: -strict (Possible options: "
         "--strict)"),
        (["fmt", "x.ggn", "-in-place"], "No such option: -in-place (Possible options: "
         "--in-place)"),
        (["fmt", "x.ggn", "-xyz"], "No such option: -x"),
    ],
)  # fmt: skip
def test_a_wrong_option_is_told_the_options_whose_names_are_close(
    args: list[str], said: str
) -> None:
    """found by an organiser's trial"""
    run = gargon(*args, width=200)
    assert run.exit_code == 2
    (line,) = [line for line in run.output.splitlines() if "No such option" in line]
    assert flat(line) == said
