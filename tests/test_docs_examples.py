"""Every example in README.md and docs/ is checked (issue #9, "Never lie").

Each fenced block has an info string saying what it is, and each kind is checked:

- ``ggn``: a whole record file; every game in it parses and replays without a problem
  (an unfinished game is fine).
- ``ggn-fragment``: lines of notation that are not a whole file; they parse once set in a
  game (tags and, for a ``fights`` line, the rulebook's round before it).
- ``ggn-invalid NAME``: a record that illustrates a mistake; the block that follows it
  (``text``) holds exactly the problems the tool prints for it, read as the file ``NAME``.
- ``problems PATH``: exactly the problems the tool prints for the repository's file ``PATH``.
- ``console``: ``$ command`` lines, each followed by its output, run from a scratch copy of
  the repository's root (``examples/``, ``tests/``) with ``COLUMNS=80``; trailing spaces are
  ignored and a line ``...`` stands for any number of lines left out.
- ``python``: run; a block with ``>>>`` examples runs as a doctest (``docs/api.md`` and all),
  the others are executed in order in one namespace per file.
- ``shell`` (commands not run here: installing, benchmarks) and ``text`` (synopses, grammar,
  figures): not run, but a ``text`` block must not hold a record.

A block without an info string, or with another one, fails the test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import attrs
import pytest

from gargon_notation import loads
from gargon_notation.errors import NotationError
from gargon_notation.notation import parse_game
from gargon_notation.replay import Problem, replay
from gargon_notation.validation import validate_record

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
KINDS = {
    "ggn",
    "ggn-fragment",
    "ggn-invalid",
    "problems",
    "console",
    "python",
    "shell",
    "text",
    "toml",
}
PLAYERS = '[Players "Adam" "Bernd" "Collette" "Dagmar"]\n'
RULEBOOK_ROUND = "1. Adam Y2 Y6 R9, Bernd pass 1 1 2, Collette B8 B2 R8, Dagmar R14 R0 B12\n"


@attrs.frozen
class Block:
    path: Path
    line: int
    kind: str
    argument: str
    body: str

    @property
    def id(self) -> str:
        return f"{self.path.name}:{self.line}"


def blocks(path: Path) -> list[Block]:
    found: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = re.match(r"^```(.*)$", lines[index])
        if opening is None:
            index += 1
            continue
        end = index + 1
        while not lines[end].startswith("```"):
            end += 1
        kind, _, argument = opening.group(1).strip().partition(" ")
        body = "\n".join(lines[index + 1 : end]) + "\n"
        found.append(Block(path, index + 1, kind, argument.strip(), body))
        index = end + 1
    return found


ALL = [block for path in FILES for block in blocks(path)]


def of_kind(*kinds: str) -> list[Block]:
    return [block for block in ALL if block.kind in kinds]


def test_every_block_says_what_it_is() -> None:
    unknown = [f"{block.id} [{block.kind}]" for block in ALL if block.kind not in KINDS]
    assert unknown == []


@pytest.mark.parametrize("block", of_kind("toml"), ids=lambda block: block.id)
def test_a_toml_block_is_toml(block: Block) -> None:
    assert tomllib.loads(block.body)


def _explained(block: Block) -> bool:
    """A text block right after a ggn-invalid one: the problems it prints (checked)."""
    index = ALL.index(block)
    return index > 0 and ALL[index - 1].kind == "ggn-invalid"


@pytest.mark.parametrize(
    "block", [b for b in of_kind("text") if not _explained(b)], ids=lambda b: b.id
)
def test_a_text_block_holds_no_record(block: Block) -> None:
    for line in block.body.splitlines():
        assert not re.match(r"\s*(\[[A-Z]\w* \"|[1-9][0-9]*\. [A-Z])", line), (
            f"{block.id}: a record belongs in a ggn block: {line!r}"
        )


@pytest.mark.parametrize("block", of_kind("ggn"), ids=lambda b: b.id)
def test_a_ggn_block_is_a_valid_record(block: Block) -> None:
    games = list(loads(block.body, strict=True))
    assert games
    for number, record in enumerate(games, start=1):
        verdict = validate_record(record, block.id, number)
        assert verdict.messages == ()


@pytest.mark.parametrize("block", of_kind("ggn-fragment"), ids=lambda b: b.id)
def test_a_fragment_reads_in_a_game(block: Block) -> None:
    body = block.body
    if body.lstrip().startswith("fights"):
        body = RULEBOOK_ROUND + body
    parse_game(PLAYERS + body + "*\n")


def _problems(text: str, name: str) -> str:
    printed = []
    for number, item in enumerate(loads(text, source=name), start=1):
        if isinstance(item, NotationError):
            printed.append(str(Problem.from_error(item, number)))
        else:
            printed.extend(str(problem) for problem in replay(item, game_number=number).problems)
    return "\n".join(printed) + "\n"


def _following(block: Block) -> Block:
    index = ALL.index(block)
    assert index + 1 < len(ALL) and ALL[index + 1].kind == "text", (
        f"{block.id}: a ggn-invalid block is followed by a text block with the problems"
    )
    return ALL[index + 1]


@pytest.mark.parametrize("block", of_kind("ggn-invalid"), ids=lambda b: b.id)
def test_an_invalid_example_prints_what_follows_it(block: Block) -> None:
    assert block.argument, f"{block.id}: name the file: ```ggn-invalid game.ggn"
    assert _problems(block.body, block.argument) == _following(block).body


@pytest.mark.parametrize("block", of_kind("problems"), ids=lambda b: b.id)
def test_problems_of_a_repository_file(block: Block) -> None:
    path = ROOT / block.argument
    text = path.read_text(encoding="utf-8")
    assert _problems(text, path.name) == block.body


def _commands(block: Block) -> list[tuple[str, list[str]]]:
    commands: list[tuple[str, list[str]]] = []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            assert commands, f"{block.id}: a console block begins with a $ command"
            commands[-1][1].append(line.rstrip())
    return commands


def _matches(expected: list[str], actual: list[str]) -> bool:
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(_matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and _matches(expected[1:], actual[1:])


def _section(block: Block) -> str:
    """The ``## `` heading a block stands under (its page's title before the first)."""
    lines = block.path.read_text(encoding="utf-8").splitlines()[: block.line]
    headings = [line for line in lines if line.startswith(("# ", "## "))]
    return headings[-1] if headings else ""


_SCRATCH_FILE = re.compile(r"(?<![\w/.-])(?!examples/|tests/)[\w.-]+\.(?:ggn|jsonl?|txt|html)\b")


def _console_groups() -> list[tuple[Path, list[Block]]]:
    """The console blocks by page and section; sections that name the same scratch file
    (one writes it, a later one reads it) stay in one group, run in order."""
    groups: list[tuple[Path, list[Block], set[str]]] = []
    for path in sorted({block.path for block in of_kind("console")}):
        sections: dict[str, list[Block]] = {}
        for block in of_kind("console"):
            if block.path == path:
                sections.setdefault(_section(block), []).append(block)
        page: list[tuple[Path, list[Block], set[str]]] = []
        for members in sections.values():
            names = set(_SCRATCH_FILE.findall("".join(block.body for block in members)))
            joined = [group for group in page if group[2] & names]
            if not joined:
                page.append((path, list(members), names))
                continue
            first = joined[0]
            for other in joined[1:]:
                first[1].extend(other[1])
                first[2].update(other[2])
                page.remove(other)
            first[1].extend(members)
            first[2].update(names)
        groups += page
    return [(path, sorted(members, key=lambda b: b.line)) for path, members, _ in groups]


CONSOLE_GROUPS = _console_groups()


@pytest.mark.slow  # every command a process: about 50 s of the default run's time
@pytest.mark.parametrize(
    ("path", "members"),
    CONSOLE_GROUPS,
    ids=[f"{path.name}:{members[0].line}" for path, members in CONSOLE_GROUPS],
)
def test_console_blocks_print_what_they_show(
    path: Path, members: list[Block], tmp_path: Path
) -> None:
    """The console blocks of a section of a page, in order, in one scratch directory, with
    the sections that use the files it writes; groups run apart, so that the test workers
    share them."""
    for name in ("examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    for block in members:
        _run_console(block, tmp_path)


def _run_console(block: Block, scratch: Path) -> None:
    bin_dir = str(Path(sys.executable).parent)
    environment = {
        **os.environ,
        "COLUMNS": "80",
        "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
        "NO_COLOR": "1",
    }
    environment.pop("FORCE_COLOR", None)
    status = 0
    for command, expected in _commands(block):
        if command == "echo $?":
            actual = [str(status)]
        else:
            result = subprocess.run(
                ["bash", "-c", command],
                cwd=scratch,
                capture_output=True,
                text=True,
                env=environment,
                timeout=120,
            )
            status = result.returncode
            actual = [line.rstrip() for line in (result.stdout + result.stderr).splitlines()]
        assert _matches(expected, actual), (
            f"{block.id}: $ {command}\n--- shown\n"
            + "\n".join(expected)
            + "\n--- printed\n"
            + "\n".join(actual)
        )


def test_python_blocks_without_examples_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the blocks' mkdtemp() folders
    for path in FILES:
        namespace: dict[str, object] = {"__name__": "docs"}
        for block in blocks(path):
            if block.kind != "python" or ">>>" in block.body:
                continue
            cwd = os.getcwd()
            os.chdir(ROOT)
            try:
                exec(compile(block.body, block.id, "exec"), namespace)
            finally:
                os.chdir(cwd)


def test_doctest_blocks_are_run_by_test_docs() -> None:
    from test_docs import DOCS

    with_examples = {block.path for block in of_kind("python") if ">>>" in block.body}
    assert with_examples <= set(DOCS)


def test_numpy_in_an_example_is_said_to_need_its_own_install() -> None:
    """docs/tables.md read its observation arrays with ``np.stack(...)``, but no extra
    installs numpy (found by a review): a text that writes ``np.`` says how to install it."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert not any(
        "numpy" in requirement
        for requirements in extras["project"]["optional-dependencies"].values()
        for requirement in requirements
    )
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        for paragraph in re.split(r"\n\s*\n", text):
            if "np." in paragraph:
                assert "pip install numpy" in paragraph, (path.name, paragraph)
