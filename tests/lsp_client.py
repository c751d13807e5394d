"""A real LSP client for the tests: pygls's ``LanguageClient`` talking JSON-RPC over the
standard streams of ``python -m gargon_notation lsp``, on an event loop of its own thread,
so that plain (synchronous) tests can drive it."""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def framed(message: dict[str, Any]) -> bytes:
    """A JSON-RPC message as the protocol frames it (for a test that writes the bytes)."""
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def unframed(data: bytes) -> list[dict[str, Any]]:
    """The messages of a server's output."""
    messages = []
    while data:
        head, _, data = data.partition(b"\r\n\r\n")
        (length,) = [
            int(line[15:]) for line in head.split(b"\r\n") if line[:15] == b"Content-Length:"
        ]
        messages.append(json.loads(data[:length]))
        data = data[length:]
    return messages


class _ImportedWhenUsed:
    """The names of module ``name``, imported when one is first looked up: importing
    ``lsprotocol.types`` takes about a second, which collecting the tests need not wait for.
    Not a lazily loaded module (``importlib.util.LazyLoader``): pytest, collecting a test
    module, asks each of its names whether it is a class or a fixture, which loads such a
    module."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):  # what pytest asks of every name (__test__, ...)
            raise AttributeError(attribute)
        return getattr(importlib.import_module(self._name), attribute)


types: Any = _ImportedWhenUsed("lsprotocol.types")

URI = "file:///table/game.ggn"


class Session:
    """One server process and a client connected to it; every message the server sends on
    its own (diagnostics, log and shown messages) is kept.  With ``progress`` the client
    says it shows work done progress, makes each token the server asks for, and keeps each
    ``$/progress`` with how many diagnostics had been published before it."""

    def __init__(self, progress: bool = False) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        from pygls.lsp.client import LanguageClient

        self.client = LanguageClient("gargon-tests", "1")
        self.published: list[types.PublishDiagnosticsParams] = []
        self.logged: list[types.LogMessageParams] = []
        self.shown: list[types.ShowMessageParams] = []
        self.created: list[str] = []
        self.progressed: list[tuple[int, types.ProgressParams]] = []

        self.on(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, self.published.append)
        self.on(types.WINDOW_LOG_MESSAGE, self.logged.append)
        self.on(types.WINDOW_SHOW_MESSAGE, self.shown.append)
        self.on(types.WINDOW_WORK_DONE_PROGRESS_CREATE, lambda p: self.created.append(p.token))
        self.on(types.PROGRESS, lambda p: self.progressed.append((len(self.published), p)))
        self.run(self.client.start_io(sys.executable, "-m", "gargon_notation", "lsp"))
        capabilities = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(
                position_encodings=[types.PositionEncodingKind.Utf16]
            ),
            window=types.WindowClientCapabilities(work_done_progress=True) if progress else None,
        )
        self.initialized = self.run(
            self.client.initialize_async(
                types.InitializeParams(capabilities=capabilities, process_id=None)
            )
        )
        self.client.initialized(types.InitializedParams())
        self.versions: dict[str, int] = {}

    def on(self, method: str, handler: Callable[[Any], None]) -> None:
        """Call ``handler`` with the parameters of each ``method`` notification."""

        def notified(params: Any) -> None:  # pygls marks the function it registers
            handler(params)

        register: Any = self.client.feature(method)  # pygls's decorator is untyped
        register(notified)

    def run(self, work: Coroutine[Any, Any, T], timeout: float = 20) -> T:
        """Run a coroutine on the client's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def call(self, method: str, params: Any) -> Any:
        """Send a request and wait for its answer."""

        async def answer() -> Any:
            return await self.client.protocol.send_request_async(method, params)

        return self.run(answer())

    def open(self, text: str, uri: str = URI) -> list[types.Diagnostic]:
        """Open a document; the diagnostics published for it."""
        self.versions[uri] = 1
        item = types.TextDocumentItem(uri, "ggn", 1, text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(item))
        return self.diagnostics(uri, 1)

    def change(
        self, start: tuple[int, int], end: tuple[int, int], text: str, uri: str = URI
    ) -> list[types.Diagnostic]:
        """Replace a range of an open document (an incremental change); the diagnostics."""
        self.versions[uri] += 1
        version = self.versions[uri]
        change = types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(*start), types.Position(*end)), text=text
        )
        document = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(document, [change]))
        return self.diagnostics(uri, version)

    def diagnostics(self, uri: str, version: int, timeout: float = 10) -> list[types.Diagnostic]:
        """The diagnostics the server published for that version of the document."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for params in reversed(self.published):
                if params.uri == uri and params.version == version:
                    return list(params.diagnostics)
            time.sleep(0.005)
        raise TimeoutError(f"no diagnostics for {uri} version {version}")

    def close(self) -> None:
        """Shut the server down as an editor does, and stop the loop."""
        try:
            self.run(self.client.shutdown_async(None), timeout=10)
            self.client.exit(None)
            stop: Any = self.client.stop  # untyped in pygls
            self.run(stop(), timeout=10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
