"""The examples of the documentation run as written (from the project's root)."""

from __future__ import annotations

import doctest
import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DOCS = [ROOT / "docs" / "api.md"]


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_documentation_examples(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the examples' mkdtemp() folders
    result = doctest.testfile(
        os.fspath(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} examples failed in {path.name}"
