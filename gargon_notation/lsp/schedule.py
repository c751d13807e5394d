"""When the server checks a document: once a burst of changes is over, a little at a time.

An editor sends a change a keystroke; checking and publishing after each, in turn, made a
request sent after ten quick keystrokes wait for ten checks of the text.  So a change only
(re)starts a timer (:data:`DELAY`, the way language servers debounce): the document is
checked when the changes stop, from its latest text, and its diagnostics are published
once.  The check goes a slice at a time (:data:`SLICE`), the server reading and answering
the editor's messages in between: the first check of a file of thousands of games takes
many seconds, and a hover need not wait for it (a request is answered from the latest text:
:meth:`~gargon_notation.lsp.document.Document.analysis` reads only its game).  Meanwhile
the diagnostics found so far are published, every :data:`EARLY` seconds when there are more
of them, so that the problems of a big file's first games show long before its last game
is checked (a check that takes less, an edit's, publishes once); the server wraps them in a
progress for an editor that shows one (:mod:`gargon_notation.lsp.progress`), and a
publication of those found so far it declines (the progress not yet begun) is tried again
at the next.  A change during a check
cancels it: what was checked is kept, and the rest is checked from the new text.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from gargon_notation.lsp.document import Document

__all__ = ["DELAY", "EARLY", "SLICE", "Checks"]

DELAY = 0.05
"""Seconds without a change after which a changed document is checked and published (a
burst: quicker than key repeat; a keystroke's diagnostics still arrive within 0.1 s on a
file of 20 games, docs/performance.md)."""
SLICE = 0.05
"""Seconds of checking between two looks at the editor's messages."""
EARLY = 1.0
"""Seconds of a check before the diagnostics found so far are published, and between two
such publications."""


class Checks:
    """The checks under way, one a document: ``document`` brings a document up to date
    with the editor's text (None when it is not open), ``publish`` sends its diagnostics
    (with ``True``: those found so far, and how many they are), ``fail`` says why a check
    failed (never raised into the server's loop)."""

    def __init__(
        self,
        document: Callable[[str], Document | None],
        publish: Callable[[str, bool], int],
        fail: Callable[[str, Exception], None],
    ) -> None:
        self._document = document
        self._publish = publish
        self._fail = fail
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def soon(self, uri: str, delay: float = DELAY) -> None:
        """Check and publish the document at ``uri`` once ``delay`` seconds pass without
        another call for it (at once, without a running loop)."""
        self.forget(uri)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._publish(uri, False)
            return
        self._tasks[uri] = loop.create_task(self._run(uri, delay))

    def forget(self, uri: str) -> None:
        """Stop the check of the document at ``uri`` under way (it was changed, or closed)."""
        task = self._tasks.pop(uri, None)
        if task is not None:
            task.cancel()

    async def ready(self, uri: str, early: bool = False) -> Document | None:
        """The document at ``uri`` with every game checked, from its latest text, the
        editor's messages read between slices of the check (``early``: the diagnostics
        found so far published meanwhile, see the module docstring); None once it is not
        open (the editor closed it meanwhile)."""
        published, last = 0, time.monotonic()
        while True:
            document = self._document(uri)
            if document is None or document.check(SLICE):
                return document
            now = time.monotonic()
            if early and now - last >= EARLY and document.found() > published:
                published, last = self._publish(uri, True), now
            await asyncio.sleep(0)

    async def _run(self, uri: str, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            await self.ready(uri, early=True)
            self._publish(uri, False)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the editor's log says it; the server goes on
            self._fail(uri, error)
        finally:
            if self._tasks.get(uri) is asyncio.current_task():
                del self._tasks[uri]
