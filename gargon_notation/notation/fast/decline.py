"""Declining, and the fallback to the grammar reader.

The fast reader raises :class:`Decline` at the first thing it is not sure about; the caller
(:func:`gargon_notation.notation.parse_game`) then hands the text to the grammar reader,
which reads it or explains the error.  Any other exception is a slip of the fast reader (a
bug): :func:`tolerate_slip` says whether the grammar reader may still read the text (with a
:class:`FastReaderWarning`) or the slip is an error (under ``GARGON_FAST_STRICT=1``, as in
the tests).
"""

from __future__ import annotations

import os
import warnings

__all__ = ["STRICT_ENV", "Decline", "FastReaderWarning", "tolerate_slip"]


class Decline(Exception):
    """The fast reader is not sure; the grammar reader must decide."""


STRICT_ENV = "GARGON_FAST_STRICT"
"""The environment variable that makes a slip of the fast reader an error (the tests set it)."""


class FastReaderWarning(RuntimeWarning):
    """The fast reader failed with an error other than :class:`Decline` (a bug of it); the
    grammar reader read the text instead."""


def tolerate_slip(error: Exception, source: str, first_line: int) -> bool:
    """Whether text the fast reader failed on (``error``, not a :class:`Decline`) may go to
    the grammar reader.

    With ``GARGON_FAST_STRICT`` set (to anything but ``0``) it may not: the caller re-raises
    ``error``, so that tests fail on it.  Otherwise the slip is reported as a
    :class:`FastReaderWarning` and the user's run goes on.
    """
    if os.environ.get(STRICT_ENV, "0") not in ("", "0"):
        return False
    warnings.warn(
        f"the fast reader failed on the game at {source}:{first_line} "
        f"({type(error).__name__}: {error}); the grammar reader read it instead. "
        f"This is a bug: please report it ({STRICT_ENV}=1 turns it into an error)",
        FastReaderWarning,
        stacklevel=3,
    )
    return True
