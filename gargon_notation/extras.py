"""What to say when an optional extra cannot be imported: the package that is missing, not
only the extra's best-known one.

An extra is several packages (``[dask]`` is dask and distributed, each with packages of its
own): with dask installed but not distributed, "Dask is not installed" would be wrong.
:func:`not_installed` names the package the import failed on and the pip command that
installs the whole extra.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["DASK_PACKAGES", "RATINGS_PACKAGES", "not_installed"]

DASK_PACKAGES = {"dask": "Dask", "distributed": "dask.distributed (the distributed package)"}
"""How the packages of the ``dask`` extra are named in messages."""
RATINGS_PACKAGES = {"openskill": "openskill"}
"""How the package of the ``ratings`` extra is named in messages."""


def not_installed(
    who: str, error: ImportError, extra: str, packages: Mapping[str, str] | None = None
) -> str:
    """The one-line message for ``error``, raised importing what ``who`` needs from the extra
    ``extra``: the package it failed on (named as in ``packages``; another is a package the
    extra's packages use) and the pip command.

    >>> missing = ModuleNotFoundError("No module named 'distributed'", name="distributed")
    >>> print(not_installed("--dask", missing, "dask", DASK_PACKAGES))
    --dask needs dask.distributed (the distributed package), which is not installed: pip ...
    >>> print(not_installed("gg", ModuleNotFoundError(name="toolz.curried"), "dask"))
    gg needs toolz, a package the dask extra uses, which is not installed: pip ...
    >>> broken = ImportError("cannot import name 'Client' from 'distributed'", name="distributed")
    >>> print(not_installed("--dask", broken, "dask", DASK_PACKAGES).split(", which ")[1])
    cannot be imported (cannot import name 'Client' from 'distributed'): pip install ...
    """
    packages = packages or {}
    top = (error.name or "").partition(".")[0]
    if top in packages:
        what = packages[top]
    elif top:
        what = f"{top}, a package the {extra} extra uses"
    else:
        what = next(iter(packages.values()), f"the {extra} extra")
    command = f"pip install 'gargon-notation[{extra}]'"
    if isinstance(error, ModuleNotFoundError):
        return f"{who} needs {what}, which is not installed: {command}"
    reason = " ".join(str(error).split())
    return f"{who} needs {what}, which cannot be imported ({reason}): {command}"
