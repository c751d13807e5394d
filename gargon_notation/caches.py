"""The folders where gargon keeps what it can reuse between runs: private folders of the user
running it, under ``$XDG_CACHE_HOME/gargon-notation`` (``~/.cache`` without it;
``~/Library/Caches`` on macOS).

What is kept there is read back without being checked line by line (the replies of
``gargon --help``, the analysed grammar of the reference reader, a pickle), so a folder is
used only when it is a real folder of this user that nobody else may write to, and it is
made only under a cache folder of this user (``sudo`` with someone else's ``HOME`` makes
nothing there).  ``GARGON_NO_CACHE=1`` turns every cache off; so does Windows.

>>> import os, tempfile
>>> base = tempfile.mkdtemp()
>>> place = cache_folder("grammar", {"XDG_CACHE_HOME": base})
>>> place == os.path.join(base, "gargon-notation", "grammar"), made(place)
(True, True)
>>> oct(os.stat(place).st_mode & 0o777), private_folder(place)
('0o700', True)
>>> cache_folder("grammar", {"XDG_CACHE_HOME": base, "GARGON_NO_CACHE": "1"}) is None
True
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Mapping

__all__ = ["cache_folder", "made", "own_file", "private_folder"]


def cache_folder(name: str, environ: Mapping[str, str]) -> str | None:
    """The folder ``name`` of gargon's cache (not made: see :func:`made`); None when caches
    are off (``GARGON_NO_CACHE``, Windows) or there is no home folder to keep them in."""
    if sys.platform == "win32" or environ.get("GARGON_NO_CACHE"):
        return None
    base = environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        try:
            home = os.path.expanduser("~")
        except (KeyError, RuntimeError):  # no HOME and no entry in the password database
            return None
        if not os.path.isabs(home):
            return None
        caches = ("Library", "Caches") if sys.platform == "darwin" else (".cache",)
        base = os.path.join(home, *caches)
    return os.path.join(base, "gargon-notation", name)


def private_folder(place: str) -> bool:
    """Whether ``place`` is a real folder of this user that nobody else may write to: what
    is kept anywhere else could be anyone's."""
    try:
        status = os.lstat(place)
    except OSError:
        return False
    return (
        stat.S_ISDIR(status.st_mode)
        and status.st_uid == os.geteuid()
        and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def own_file(path: str) -> bool:
    """Whether ``path``, in a private folder, may be read and written as it is opened: a
    regular file of this user, or nothing yet.  Not a symbolic link (what it leads to, out
    of the folder, could be anyone's), a FIFO (opened, it waits for a writer) or a folder.
    """
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_uid == os.geteuid()


def made(place: str) -> bool:
    """Make ``place`` (a folder of :func:`cache_folder` and its ``gargon-notation`` parent),
    only under a cache folder of this user; whether ``place`` is then fit to keep things in
    (:func:`private_folder`)."""
    if private_folder(place):
        return True
    parent = os.path.dirname(place)
    base = os.path.dirname(parent)
    try:
        if not os.path.isdir(base):  # no ~/.cache yet: made in a home of this user only
            if os.stat(os.path.dirname(base)).st_uid != os.geteuid():
                return False
            os.mkdir(base, 0o700)
        if os.stat(base).st_uid != os.geteuid():
            return False
        for folder_ in (parent, place):
            with contextlib.suppress(FileExistsError):
                os.mkdir(folder_, 0o700)
    except OSError:
        return False
    return private_folder(place)
