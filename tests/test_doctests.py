"""Every docstring example in the package is run and must hold."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import linecache
import pkgutil
import re
import tempfile
from pathlib import Path

import pytest

import gargon_notation

MODULES = [
    "gargon_notation",  # the package's own docstring: walk_packages lists only what is in it
    *sorted(
        info.name
        for info in pkgutil.walk_packages(gargon_notation.__path__, prefix="gargon_notation.")
        if not info.name.endswith("__main__")
    ),
]

EXTRAS = {
    "gargon_notation.archive.ratings": ("openskill",),
    "gargon_notation.arrow": ("pyarrow",),
    "gargon_notation.tables": ("pyarrow",),
    "gargon_notation.dask": ("dask", "distributed", "pyarrow"),
    "gargon_notation.lsp.server": ("pygls",),
}
"""The modules (and their submodules) whose examples need an optional extra's packages:
without them, their examples are skipped (each says so itself: the pip command)."""


def _missing(name: str) -> list[str]:
    needed = [
        package
        for module, packages in EXTRAS.items()
        if name == module or name.startswith(module + ".")
        for package in packages
    ]
    return [package for package in needed if importlib.util.find_spec(package) is None]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The examples make their folders with tempfile.mkdtemp(): here they go under tmp_path,
    # which pytest removes, not into the system's temporary folder on every run.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    # doctest makes a debugger for every docstring, and each new one looks at every file
    # linecache holds (some 90: 280,000 looks for the package's 3,000 docstrings, a fifth
    # of this test's time): the sources do not change while the tests run.
    monkeypatch.setattr(linecache, "checkcache", lambda filename=None: None)
    missing = _missing(name)
    if missing:
        pytest.skip(f"{name}'s examples need {', '.join(missing)}, of an extra not installed")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring examples failed in {name}"


def test_every_example_of_the_package_is_run() -> None:
    """Each ``>>>`` line of the package's source is an example that the test above runs:
    none is left out unseen.  The package's own docstring (``import gargon_notation as gg``,
    seven examples) was never run, walk_packages listing only the modules in the package."""
    root = Path(gargon_notation.__file__).parent
    written = {
        path: len(re.findall(r"^\s*>>> ", path.read_text(encoding="utf-8"), re.MULTILINE))
        for path in root.rglob("*.py")
    }
    found: dict[Path, int] = {}
    finder = doctest.DocTestFinder()
    for name in MODULES:
        if _missing(name):
            continue
        module = importlib.import_module(name)
        assert module.__file__ is not None
        found[Path(module.__file__)] = sum(len(test.examples) for test in finder.find(module))
    left_out = {
        str(path.relative_to(root)): (count, found.get(path))
        for path, count in written.items()
        if count and found.get(path, 0) != count
    }
    assert left_out == {}
