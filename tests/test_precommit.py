"""The pre-commit hooks of .pre-commit-hooks.yaml, run by pre-commit itself against a temporary
git repository of records.

pre-commit installs the hooks' repository (this project, copied into a repository of its own
with its files as they are now) into a fresh virtual environment, from the package index:
about half a minute, so the test runs with ``GARGON_FUZZ=heavy`` (as .ci/run runs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = os.environ.get("GARGON_FUZZ") == "heavy"
PRE_COMMIT = [sys.executable, "-m", "pre_commit"]

pytestmark = [
    pytest.mark.skipif(
        not HEAVY, reason="installs the hooks from the package index: GARGON_FUZZ=heavy"
    ),
    pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git"),
]

CANONICAL = (ROOT / "examples" / "full-game.ggn").read_text(encoding="utf-8")
LOOSE = '[Players "Ann" "Bob" "Cy"]\n1.   Ann Y2\n*\n'
BROKEN = '[Players "Ann" "Bob" "Cy"]\n1. Bob Y2\n*\n'


def git(folder: Path, *args: str) -> str:
    environment = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    done = subprocess.run(
        ["git", *args], cwd=folder, capture_output=True, text=True, env=environment, check=True
    )
    return done.stdout


@pytest.fixture(scope="module")
def hooks_repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This project's files (tracked and new, as they are now) in a git repository of their
    own, as pre-commit fetches a hooks repository."""
    pytest.importorskip("pre_commit")
    copy = tmp_path_factory.mktemp("hooks")
    listed = git(ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    git(copy, "init", "-q")
    git(copy, "add", "-A")
    git(copy, "commit", "-q", "-m", "hooks")
    return copy


def run_hook(
    hooks: Path, records: Path, hook: str, *files: str
) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PRE_COMMIT_HOME": str(hooks.parent / "pre-commit-home")}
    return subprocess.run(
        [*PRE_COMMIT, "try-repo", str(hooks), hook, "--files", *files],
        cwd=records,
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
    )


@pytest.fixture
def records(tmp_path: Path) -> Path:
    (tmp_path / "good.ggn").write_text(CANONICAL, encoding="utf-8")
    (tmp_path / "loose.ggn").write_text(LOOSE, encoding="utf-8")
    (tmp_path / "broken.ggn").write_text(BROKEN, encoding="utf-8")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    return tmp_path


def test_the_validate_hook_passes_valid_records_and_stops_a_broken_one(
    hooks_repository: Path, records: Path
) -> None:
    passed = run_hook(hooks_repository, records, "gargon-validate", "good.ggn", "loose.ggn")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "gargon validate" in passed.stdout and "Passed" in passed.stdout
    stopped = run_hook(hooks_repository, records, "gargon-validate", "good.ggn", "broken.ggn")
    assert stopped.returncode == 1
    assert "broken.ggn:2:4: game 1, round 1, Bob (seat 2): 'Bob Y2': Bob may not act now" in (
        stopped.stdout
    )
    assert "Traceback" not in stopped.stdout + stopped.stderr


def test_the_fmt_hooks_show_the_diff_then_rewrite(hooks_repository: Path, records: Path) -> None:
    checked = run_hook(hooks_repository, records, "gargon-fmt", "good.ggn", "loose.ggn")
    assert checked.returncode == 1
    assert "--- a/loose.ggn\n+++ b/loose.ggn\n" in checked.stdout
    assert "-1.   Ann Y2\n+1. Ann Y2\n" in checked.stdout
    assert "good.ggn" not in checked.stdout.split("gargon fmt --check", 1)[1].split("- hook id")[0]
    fixed = run_hook(hooks_repository, records, "gargon-fmt-fix", "good.ggn", "loose.ggn")
    assert (records / "loose.ggn").read_text(encoding="utf-8") == (
        '[Players "Ann" "Bob" "Cy"]\n1. Ann Y2\n*\n'
    )
    assert (records / "good.ggn").read_text(encoding="utf-8") == CANONICAL
    assert fixed.returncode == 1  # pre-commit fails a hook that changed files
    git(records, "add", "-A")
    again = run_hook(hooks_repository, records, "gargon-fmt", "good.ggn", "loose.ggn")
    assert again.returncode == 0, again.stdout
