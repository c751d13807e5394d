"""How long the language server takes to answer an edit: diagnostics for a 20-game file
after a change in one game (target: within 100 ms).

Two figures, over the same document (GAMES simulated four-player games, written as ``gargon
simulate`` writes them) and the same edits (a comment in game 5 changed, EDITS times):

- the analysis alone: ``Document.update`` and ``diagnostics()``, as the server runs them;
- the whole round trip over the standard streams: a real client (pygls's ``LanguageClient``)
  starts ``python -m gargon_notation lsp``, sends each change as ``textDocument/didChange``
  (an incremental change) and waits for the ``textDocument/publishDiagnostics`` of that
  version: JSON-RPC, pygls's document update, the analysis and the answer included, and the
  0.05 s the server waits for a burst of changes to end before it checks (``lsp.schedule``).

Run:  python bench/lsp.py [--games 20] [--edits 50]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient

import gargon_notation as gg
from gargon_notation.lsp.document import Document

URI = "file:///bench/games.ggn"


def corpus(games: int) -> str:
    """``games`` simulated games in one document."""
    records = [gg.record_from_simulation(gg.simulate(4, f"bench.{k}")) for k in range(games)]
    return gg.dumps(records)


def edit_place(text: str) -> tuple[int, int]:
    """Where the edits go: the end of game 5's first round line (line, column from 0)."""
    lines = text.split("\n")
    line = lines.index('[Seed "bench.4"]') + 2
    return line, len(lines[line])


def figures(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms"


def analysis_times(text: str, edits: int) -> tuple[list[float], int]:
    """Each edit's time in the analysis; how many games were checked for the edits."""
    document = Document()
    document.update(text)
    document.diagnostics()  # every game checked once (the server does it after a pause)
    line, _ = edit_place(text)
    lines = text.split("\n")
    checked = document.analysed
    times = []
    for k in range(edits):
        changed = [*lines[:line], lines[line] + f" {{{k % 10}}}", *lines[line + 1 :]]
        start = time.perf_counter()
        document.update("\n".join(changed))
        document.diagnostics()
        times.append(time.perf_counter() - start)
    return times, document.analysed - checked


async def round_trips(text: str, edits: int) -> list[float]:
    """Each edit's time from ``didChange`` sent to its diagnostics received."""
    client = LanguageClient("bench", "1")
    received: dict[int, float] = {}

    def published(params: types.PublishDiagnosticsParams) -> None:
        if params.version is not None:
            received[params.version] = time.perf_counter()

    register: Any = client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # untyped in pygls
    register(published)

    await client.start_io(sys.executable, "-m", "gargon_notation", "lsp")
    await client.initialize_async(types.InitializeParams(types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(URI, "ggn", 1, text))
    )
    await _wait(received, 1)
    line, column = edit_place(text)
    times = []
    for k in range(edits):
        version = k + 2
        if k == 0:
            where = types.Range(types.Position(line, column), types.Position(line, column))
            new = " {0}"
        else:
            start = types.Position(line, column + 2)
            where = types.Range(start, types.Position(line, column + 3))
            new = str(k % 10)
        change = types.TextDocumentContentChangePartial(range=where, text=new)
        document = types.VersionedTextDocumentIdentifier(uri=URI, version=version)
        sent = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(document, [change]))
        await _wait(received, version)
        times.append(received[version] - sent)
    await client.shutdown_async(None)
    client.exit(None)
    stop: Any = client.stop  # untyped in pygls
    await stop()
    return times


async def _wait(received: dict[int, float], version: int) -> None:
    deadline = time.monotonic() + 30
    while version not in received:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no diagnostics for version {version}")
        await asyncio.sleep(0.001)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--edits", type=int, default=50)
    options = parser.parse_args()
    text = corpus(options.games)
    size = f"{options.games} games, {text.count(chr(10))} lines, {len(text) / 1000:.1f} kB"
    start = time.perf_counter()
    first_check = Document()
    first_check.update(text)
    first_check.diagnostics()  # checked when asked for, not by update
    first = (time.perf_counter() - start) * 1000
    print(f"document: {size}; first check of every game: {first:.0f} ms")
    times, checked = analysis_times(text, options.edits)
    edits = f"{options.edits} edits in game 5, {checked} games checked"
    print(f"analysis ({edits}): {figures(times)}")
    trips = asyncio.run(round_trips(text, options.edits))
    print(
        f"over stdio, didChange to publishDiagnostics: {figures(trips)}; "
        f"first edit {trips[0] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
