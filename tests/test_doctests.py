"""Every docstring example in the package is run and must hold."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pkgutil

import pytest

import gargon_notation

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(gargon_notation.__path__, prefix="gargon_notation.")
    if not info.name.endswith("__main__")
)

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
def test_docstring_examples(name: str) -> None:
    missing = _missing(name)
    if missing:
        pytest.skip(f"{name}'s examples need {', '.join(missing)}, of an extra not installed")
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring examples failed in {name}"
