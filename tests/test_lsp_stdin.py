"""The editor's messages read from standard input by a thread of their own."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("pygls", reason="pip install 'gargon-notation[lsp]'")

from lsp_client import framed, unframed

from gargon_notation.lsp.stdin import CHUNK, Arrived

if TYPE_CHECKING:  # pygls.io_ imports lsprotocol.types: a second that collecting need not take
    from pygls.io_ import StdinAsyncReader

HOVER = b'{"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover"}'
MESSAGE = b"Content-Length: %d\r\n\r\n%s" % (len(HOVER), HOVER)


def turns_to_read(make: type[Arrived] | type[StdinAsyncReader], messages: int) -> list[int]:
    """How many turns of the event loop the reader ``make`` takes to read each of
    ``messages`` messages that have all arrived, as pygls's loop reads them (header lines to
    the empty one, then the body); the first is read before counting starts."""
    read, write = os.pipe()
    os.write(write, MESSAGE * (messages + 1))
    os.close(write)
    counted: list[int] = []

    async def run() -> None:
        turns = 0

        async def count() -> None:
            nonlocal turns
            while True:
                turns += 1
                await asyncio.sleep(0)

        with os.fdopen(read, "rb") as stdin:
            reader = make(stdin)
            for number in range(messages + 1):
                start = turns
                while (await reader.readline()).strip():
                    pass
                assert await reader.readexactly(len(HOVER)) == HOVER
                if number == 0:
                    counter = asyncio.create_task(count())
                    await asyncio.sleep(0)
                else:
                    counted.append(turns - start)
            assert await reader.readline() == b""
            counter.cancel()

    asyncio.run(run())
    return counted


def test_a_line_that_arrives_in_pieces_is_read_whole() -> None:
    """Header lines sent a few bytes at a time, and a last line without its end: each read
    whole (the bytes searched for a line end are not searched again as more arrive)."""
    read, write = os.pipe()
    lines: list[bytes] = []

    async def run() -> None:
        with os.fdopen(read, "rb") as stdin:
            reader = Arrived(stdin)
            for piece in (b"Content-", b"Length: 12", b"\r\n\r", b"\n", b"no line end"):
                reading = asyncio.ensure_future(reader.readline())
                await asyncio.sleep(0.05)
                os.write(write, piece)
                await asyncio.sleep(0.05)
                if reading.done():
                    lines.append(reading.result())
                else:
                    reading.cancel()
                    lines.append(b"(waiting)")
            os.close(write)
            lines.append(await reader.readline())
            lines.append(await reader.readline())

    asyncio.run(run())
    assert lines == [
        b"(waiting)",
        b"(waiting)",
        b"Content-Length: 12\r\n",
        b"\r\n",
        b"(waiting)",
        b"no line end",
        b"",
    ]


def test_a_message_that_has_arrived_is_read_in_one_turn_of_the_loop() -> None:
    """pygls read each header line and the body in a worker thread, each resumed by a turn
    of the loop; while a big file was checked, a slice of the check a turn, a hover sent
    meanwhile waited three or four slices (0.37 s on a busy machine, now 0.11 s)."""
    from pygls.io_ import StdinAsyncReader

    assert turns_to_read(Arrived, 3) == [1, 1, 1]
    assert min(turns_to_read(StdinAsyncReader, 3)) >= 3


@pytest.mark.slow
def test_exit_while_the_editor_keeps_the_pipe_open_ends_cleanly() -> None:
    """The thread reading standard input waited in its buffer, holding the buffer's lock,
    which the interpreter's end takes: an ``exit`` with the editor's end of the pipe still
    open ended in 'Fatal Python error: _enter_buffered_busy' (and a code that was not 0)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "lsp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert server.stdin is not None and server.stdout is not None and server.stderr is not None
    initialize = {"processId": None, "rootUri": None, "capabilities": {}}
    for message in (
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ):
        server.stdin.write(framed(message))
    server.stdin.flush()
    try:
        assert server.wait(60) == 0
        assert server.stderr.read() == b""
        assert b'"id": 2, "jsonrpc": "2.0", "result": null' in server.stdout.read()
    finally:
        server.kill()
        server.stdin.close()
        server.wait()
        server.stdout.close()
        server.stderr.close()


@pytest.mark.slow
def test_a_message_that_is_not_utf8_is_read_with_replacement_characters() -> None:
    """pygls dropped a body that is not UTF-8 with a one-line complaint: a request among
    them was never answered (the editor waits for it), a document never opened, a change
    lost, so that the server's text was no longer the editor's.  Now each byte that is not
    UTF-8 is read as U+FFFD, and that is said once a message."""
    opened = (
        b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": '
        b'{"uri": "file:///club/cafe.ggn", "languageId": "ggn", "version": 1, '
        b'"text": "[Event \\"Caf\xe9\\"]\\n[Players \\"Ann\\" \\"Bob\\" \\"Cy\\"]\\n*\\n"}}}'
    )
    hover = (
        b'{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument":'
        b' {"uri": "file:///club/caf\xff.ggn"}, "position": {"line": 0, "character": 0}}}'
    )
    symbols = {"textDocument": {"uri": "file:///club/cafe.ggn"}}
    initialize = {"processId": None, "rootUri": None, "capabilities": {}}
    sent = [
        framed({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize}),
        framed({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        b"Content-Length: %d\r\n\r\n%s" % (len(opened), opened),
        b"Content-Length: %d\r\n\r\n%s" % (len(hover), hover),
        framed(
            {"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol", "params": symbols}
        ),
        framed({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}),
        framed({"jsonrpc": "2.0", "method": "exit"}),
    ]
    done = subprocess.run(
        [sys.executable, "-m", "gargon_notation", "lsp"],
        input=b"".join(sent),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    said = [
        "a message from the editor is not UTF-8 (byte 0xe9 at offset 169 of its body); each "
        "byte that is not is read as U+FFFD",
        "a message from the editor is not UTF-8 (byte 0xff at offset 112 of its body); each "
        "byte that is not is read as U+FFFD",
    ]
    assert done.stderr.decode().splitlines() == [f"gargon lsp: {line}" for line in said]
    answers = {
        message.get("id", message.get("method")): message for message in unframed(done.stdout)
    }
    assert answers[2]["result"] is None  # a document not open
    (game,) = answers[3]["result"]
    assert game["name"] == "Game 1: Caf\ufffd"
    assert game["detail"] == "Ann, Bob, Cy"


def test_a_pipe_that_does_not_wait_is_read_as_it_fills() -> None:
    """A read end set not to wait (O_NONBLOCK) raised BlockingIOError each time nothing had
    arrived yet, which the reader took for the end of the editor's messages: the line sent
    a moment later was never read.  Now the reader waits for the pipe to have something."""
    read, write = os.pipe()
    os.set_blocking(read, False)
    lines: list[bytes] = []

    async def run() -> None:
        with os.fdopen(read, "rb") as stdin:
            reader = Arrived(stdin)
            reading = asyncio.ensure_future(reader.readline())
            await asyncio.sleep(0.05)
            os.write(write, b"Content-Length: 12\r\n")
            lines.append(await reading)
            os.close(write)
            lines.append(await reader.readline())

    asyncio.run(run())
    assert lines == [b"Content-Length: 12\r\n", b""]


@pytest.mark.slow
def test_the_server_reads_a_standard_input_that_does_not_wait() -> None:
    """The server given a pipe set not to wait (as an editor's end of it may set it, for
    both ends) stopped at the first pause of the editor's messages: here, after answering
    ``initialize``, it took the empty pipe for the editor gone and ended, the
    ``shutdown`` sent then unanswered.  Now it waits for the next message."""
    read, write = os.pipe()
    os.set_blocking(read, False)
    initialize = {"processId": None, "rootUri": None, "capabilities": {}}
    server = subprocess.Popen(
        [sys.executable, "-m", "gargon_notation", "lsp"],
        stdin=read,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(read)
    assert server.stdout is not None and server.stderr is not None
    try:
        os.write(
            write,
            framed({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize})
            + framed({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        )
        answered = b""
        while b'"id": 1' not in answered:  # the first message read: the pipe is empty now
            chunk = os.read(server.stdout.fileno(), CHUNK)
            assert chunk, server.stderr.read()
            answered += chunk
        os.write(
            write,
            framed({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
            + framed({"jsonrpc": "2.0", "method": "exit"}),
        )
        assert server.wait(60) == 0
        answered += server.stdout.read()
        assert [message.get("id") for message in unframed(answered)] == [1, 2]
        assert server.stderr.read() == b""
    finally:
        os.close(write)
        server.kill()
        server.wait()
        server.stdout.close()
        server.stderr.close()
