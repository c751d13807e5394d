"""Two modules Typer's rich help imports but ``gargon --help`` never uses, loaded when first
used instead.

``typer.rich_utils``, which prints every help page, imports ``rich.markdown`` (for the
``"markdown"`` markup mode; ``gargon`` uses ``"rich"``) and ``rich.traceback`` (for a pretty
traceback of a crash) at the top.  Together they cost more than half of ``gargon --help``'s
start-up, for nothing a help page shows.  :func:`defer_unused_rich_modules` puts a stand-in
for each in :data:`sys.modules` when it was not imported yet: its classes (``Markdown``,
``Traceback``) and any other name load the real module on first use, which then replaces the
stand-in, so a later ``import rich.markdown`` gets the real module.

>>> import sys
>>> stand_in = _DeferredModule("json", ("JSONDecoder",))
>>> stand_in.JSONDecoder().decode("[1]")
[1]
>>> import json
>>> isinstance(json.JSONDecoder(), stand_in.JSONDecoder)
True
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

__all__ = ["DEFERRED", "defer_unused_rich_modules"]

DEFERRED = {"rich.markdown": ("Markdown",), "rich.traceback": ("Traceback",)}
"""The modules deferred, with the classes ``typer.rich_utils`` imports from each."""


def _load(name: str) -> types.ModuleType:
    stand_in = sys.modules.get(name)
    if isinstance(stand_in, _DeferredModule):
        del sys.modules[name]
    module = importlib.import_module(name)
    parent, _, child = name.rpartition(".")
    if parent in sys.modules:
        setattr(sys.modules[parent], child, module)
    return module


class _DeferredClass(type):
    """A class of a deferred module: calling it, its attributes and ``isinstance`` are the
    real class's."""

    _module: str
    _name: str

    def real(cls) -> Any:
        return getattr(_load(cls._module), cls._name)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return cls.real()(*args, **kwargs)

    def __getattr__(cls, name: str) -> Any:
        return getattr(cls.real(), name)

    def __instancecheck__(cls, instance: Any) -> bool:
        return isinstance(instance, cls.real())

    def __subclasscheck__(cls, subclass: type) -> bool:
        return issubclass(subclass, cls.real())


class _DeferredModule(types.ModuleType):
    """A module not loaded yet: its named classes stand ready, anything else loads it."""

    def __init__(self, name: str, classes: tuple[str, ...]) -> None:
        super().__init__(name)
        for class_name in classes:
            stand_in = _DeferredClass(class_name, (), {"_module": name, "_name": class_name})
            setattr(self, class_name, stand_in)

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        return getattr(_load(self.__name__), attribute)


def defer_unused_rich_modules() -> None:
    """Put a stand-in for each module of :data:`DEFERRED` not imported yet, so that importing
    ``typer.rich_utils`` does not load them (their package, ``rich``, is imported: its
    ``__init__`` alone is light)."""
    for name, classes in DEFERRED.items():
        parent, _, child = name.rpartition(".")
        if name in sys.modules:
            continue
        importlib.import_module(parent)
        stand_in = _DeferredModule(name, classes)
        sys.modules[name] = stand_in
        setattr(sys.modules[parent], child, stand_in)
