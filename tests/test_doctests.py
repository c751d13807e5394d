"""Every docstring example in the package is run and must hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import gargon_notation

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(gargon_notation.__path__, prefix="gargon_notation.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring examples failed in {name}"
