"""The editor's messages as they arrive on standard input, read by a thread of their own.

pygls reads each header line and each body in a worker thread of its pool, one
``run_in_executor`` a read, each resumed by the event loop: a message took three turns of
the loop (``Content-Length``, the empty line, the body).  While a document is checked a slice
at a time (:mod:`gargon_notation.lsp.schedule`) the loop turns once between two slices, so
that a hover sent during the check of a big file waited three or four slices instead of one.
:class:`Arrived` reads whatever has arrived in a thread of its own, and serves pygls's reads
from it: a message that has arrived whole is read in one turn, without waiting.
"""

from __future__ import annotations

import asyncio
import os
import select
import threading
from collections.abc import Callable
from typing import BinaryIO

__all__ = ["CHUNK", "Arrived"]

CHUNK = 1 << 16
"""The most bytes one read of standard input takes."""


class Arrived:
    """pygls's asynchronous reader (``readline``, ``readexactly``) of ``stdin``, served from
    what a thread has read of it; an empty answer once it has ended (the editor went away).
    ``said`` takes a line that says what was wrong with a message (see :meth:`readexactly`)."""

    def __init__(self, stdin: BinaryIO, said: Callable[[str], None] = print) -> None:
        self._stdin = stdin
        self._said = said
        self._held = bytearray()
        self._searched = 0  # the bytes held known to hold no line end
        self._ended = False
        self._more: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    async def readline(self) -> bytes:
        """The next line, with its ``\\n`` (the rest, without one, at the end)."""
        while True:
            end = self._held.find(b"\n", self._searched) + 1
            if end or self._ended:
                return self._take(end or len(self._held))
            self._searched = len(self._held)  # searched once: a line in pieces stays linear
            await self._wait()

    async def readexactly(self, size: int) -> bytes:
        """The next ``size`` bytes (fewer at the end), after one turn of the loop: a message
        body, which the tasks under way (a check, a slice of it) get to follow, as they did
        pygls's reads, however many messages have arrived.  A body that is not UTF-8 is
        read with U+FFFD for each of its bytes that are not, and said (``said``): pygls
        dropped it, so that a request was never answered (the editor waited for it) and a
        change was lost (the server's text was no longer the editor's)."""
        while len(self._held) < size and not self._ended:
            await self._wait()
        await asyncio.sleep(0)
        body = self._take(size)
        try:
            body.decode("utf-8")
        except UnicodeDecodeError as error:
            self._said(
                f"a message from the editor is not UTF-8 (byte 0x{body[error.start]:02x} at "
                f"offset {error.start} of its body); each byte that is not is read as U+FFFD"
            )
            body = body.decode("utf-8", "replace").encode("utf-8")
        return body

    def _take(self, size: int) -> bytes:
        taken = bytes(self._held[:size])
        del self._held[:size]
        self._searched = 0
        return taken

    async def _wait(self) -> None:
        """Until more has been read (the thread starts on the first wait)."""
        if self._more is None:
            self._more = asyncio.Event()
            self._loop = asyncio.get_running_loop()
            threading.Thread(target=self._read, name="gargon-stdin", daemon=True).start()
        self._more.clear()
        await self._more.wait()

    def _read(self) -> None:
        """The thread: each read of standard input handed to the loop as it comes."""
        assert self._loop is not None
        while True:
            try:
                data = _read1(self._stdin)
            except (OSError, ValueError):  # closed under us: as if it ended
                data = b""
            try:
                self._loop.call_soon_threadsafe(self._arrive, data)
            except RuntimeError:  # the loop is closed: the server has ended
                return
            if not data:
                return

    def _arrive(self, data: bytes) -> None:
        if data:
            self._held += data
        else:
            self._ended = True
        assert self._more is not None
        self._more.set()


def _read1(stream: BinaryIO) -> bytes:
    """What has arrived on ``stream`` (at least a byte, waiting for one; empty at its end):
    read from its file descriptor when it has one, not through its buffer, whose lock a
    thread waiting in it holds, which the interpreter's end must take (a fatal error at the
    ``exit`` of an editor that keeps the pipe open).

    A descriptor that does not wait (``O_NONBLOCK``, which an editor's end of the pipe may
    have set for both ends) has nothing yet rather than ending: the read waits until it can
    read (``select``), as it would have waited in ``os.read``.  Its ``BlockingIOError`` was
    taken for the end, and the server stopped at the first pause of the editor's messages.
    """
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.BytesIO, say
        data: bytes = getattr(stream, "read1", stream.read)(CHUNK)
        return data
    while True:
        try:
            return os.read(descriptor, CHUNK)
        except BlockingIOError:
            select.select([descriptor], [], [])
