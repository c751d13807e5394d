"""The language server's wiring: pygls features over :mod:`.analysis` and :mod:`.features`.

One :class:`~pygls.lsp.server.LanguageServer` with a handler per feature (the pygls way);
each handler converts positions between the editor's units and the analysis's (code points,
:mod:`gargon_notation.lsp.text`), asks the analysis, and builds the protocol's values.  A
handler never lets an exception reach the editor as a traceback: it is logged in one line
(``window/logMessage``) and the request answers with nothing.

Features: diagnostics on open and on every change (only the games whose text changed are
read again; while a big file is checked, those found so far, inside a work done progress
for an editor that shows one: :mod:`.progress`), hover, completion, whole-document
formatting, document symbols.

A message from the editor that cannot be read (not JSON, or params that do not fit the
protocol) is one line on standard error and one in the editor's log, never pygls's
traceback (:class:`OneLine`, :meth:`GargonServer.report_server_error`); a request among
them is answered with the protocol's error (:class:`GargonProtocol`), and the server goes on.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import sys
import threading
from collections.abc import Callable, Coroutine
from typing import Any, BinaryIO, ParamSpec, TypeVar
from urllib.parse import unquote

from cattrs import transform_error
from cattrs.errors import ClassValidationError
from lsprotocol import types
from pygls.exceptions import (
    FeatureRequestError,
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcServerNotInitialized,
)
from pygls.io_ import StdoutWriter, run_async
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import RPCRequest

from gargon_notation import __version__
from gargon_notation.lsp.analysis import Diagnostic, Symbol
from gargon_notation.lsp.document import Document
from gargon_notation.lsp.features import Completion, complete, hover
from gargon_notation.lsp.progress import CheckProgress, Value
from gargon_notation.lsp.schedule import Checks
from gargon_notation.lsp.stdin import Arrived
from gargon_notation.lsp.text import Position, Span, from_client, to_client
from gargon_notation.lsp.workspace import LspLines, LspWorkspace, encoding_name

__all__ = [
    "GargonProtocol",
    "GargonServer",
    "LspLines",
    "LspWorkspace",
    "OneLine",
    "create_server",
    "encoding_name",
    "problem_of",
    "serve",
]

P = ParamSpec("P")
R = TypeVar("R")

_SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "information": types.DiagnosticSeverity.Information,
}
_COMPLETION_KIND = {
    "name": types.CompletionItemKind.Variable,
    "card": types.CompletionItemKind.Value,
    "action": types.CompletionItemKind.Event,
    "tag": types.CompletionItemKind.Property,
}


class GargonProtocol(LanguageServerProtocol):
    """pygls's protocol, which also answers a request it cannot read: pygls logs the
    failure and leaves the request unanswered, so that the editor waits for it.  So are the
    requests the protocol's lifecycle refuses: before ``initialize`` with its
    ``ServerNotInitialized`` error (pygls handled them with no workspace), and after
    ``shutdown`` with ``InvalidRequest`` (pygls left them unanswered); a notification before
    ``initialize`` is dropped, but ``exit``."""

    def handle_message(self, message: Any) -> None:
        method = getattr(message, "method", None)
        if method in (types.INITIALIZE, types.EXIT) or method is None:
            super().handle_message(message)
            return
        refusal: JsonRpcException | None = None
        if self._shutdown:
            refusal = JsonRpcInvalidRequest(f"the server is shut down: {method} is refused")
        elif self._workspace is None:
            refusal = JsonRpcServerNotInitialized(f"{method} before initialize")
        if refusal is None:
            super().handle_message(message)
        elif isinstance(message, RPCRequest):
            self._send_response(message.id, error=refusal.to_response_error())

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if "id" in data and "method" in data:
                self._send_response(data["id"], error=error.to_response_error())
            raise


class GargonServer(LanguageServer):
    """The server, with the :class:`Document` of every open text document."""

    def __init__(self) -> None:
        super().__init__("gargon", __version__, protocol_cls=GargonProtocol)
        self.documents: dict[str, Document] = {}
        """The analysed documents, by their uri unquoted, as pygls's workspace keys them."""
        self.checks = Checks(self.document, self.publish, self.failed)
        self.check_progress = CheckProgress(self._create_token, self._notify_progress)
        """The ``$/progress`` of long checks, for an editor that shows it."""
        self.exit_code = 0
        """What the process ends with: 1 after an ``exit`` that no ``shutdown`` came before,
        as the protocol asks (pygls's ``sys.exit(1)`` is caught by its own loop)."""

    def _start_io_async(
        self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
    ) -> None:
        """pygls's loop over the standard streams, its messages read by :class:`Arrived`
        (a hover sent while a big file is checked waits one slice of the check, not three or
        four: one turn of the loop reads a message that has arrived)."""
        self._stop_event = threading.Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        logger = logging.getLogger("pygls.server")
        try:
            asyncio.run(
                run_async(
                    stop_event=self._stop_event,
                    reader=Arrived(stdin or sys.stdin.buffer, self.said),
                    protocol=self.protocol,
                    logger=logger,
                    error_handler=self.report_server_error,
                )
            )
        except BrokenPipeError:  # (pygls's words)
            logger.error("Connection to the client is lost! Shutting down the server.")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()  # type: ignore[no-untyped-call]

    def report_server_error(self, error: Exception, source: type[Exception]) -> None:
        """A message that could not be read or handled, in one line on standard error and
        one in the editor's log (pygls shows ``Error in server: ...``, and its logger has
        written the traceback: :class:`OneLine` keeps it back)."""
        if source is FeatureRequestError:
            return  # the request's answer says it
        if issubclass(source, JsonRpcException):
            line = f"{problem_of(error)}; it is ignored"
        else:
            line = f"{source.__name__}: {type(error).__name__}: {error}"
        self.said(" ".join(line.split()))

    def said(self, line: str) -> None:
        """``line`` on standard error and in the editor's log (what was wrong with a message
        from the editor)."""
        say(line)
        self.log(f"gargon: {line}", types.MessageType.Error)

    def document(self, uri: str) -> Document | None:
        """The analysed document at ``uri``, brought up to date with the workspace's text;
        None when the editor has not opened it, or has closed it (a request sent just before
        its ``didClose``: pygls's workspace would read the file from the disk, and a check
        under way would check it all and keep it)."""
        key = unquote(uri)  # pygls's key: file:///a%20b.ggn and file:///a b.ggn are one
        text = self.workspace.text_documents.get(key)
        if text is None:
            return None
        document = self.documents.get(key)
        if document is None:
            document = self.documents[key] = Document(source=key.rsplit("/", 1)[-1])
        if isinstance(text, LspLines):
            document.take(text.lines, text.take_dirty())
        else:
            document.update(text.source)
        return document

    def failed(self, uri: str, error: Exception) -> None:
        """A check of the document at ``uri`` that failed, in the editor's log."""
        self.check_progress.end(uri)
        self.log(
            f"gargon: checking {uri} failed: {type(error).__name__}: {error}",
            types.MessageType.Error,
        )

    @property
    def encoding(self) -> str:
        """The position encoding agreed with the editor (UTF-16 unless it chose another)."""
        return encoding_name(self.workspace.position_encoding)

    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        """One line in the editor's log of this server."""
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    # -- positions ----------------------------------------------------------------------

    def position(self, document: Document, position: types.Position) -> Position:
        """An editor's position as the analysis counts it."""
        lines = document.lines
        text = lines[position.line] if position.line < len(lines) else ""
        return position.line, from_client(text, position.character, self.encoding)

    def client_position(self, document: Document, position: Position) -> types.Position:
        """A position of the analysis in the editor's units."""
        lines = document.lines
        text = lines[position[0]] if position[0] < len(lines) else ""
        return types.Position(position[0], to_client(text, position[1], self.encoding))

    def client_range(self, document: Document, span: Span) -> types.Range:
        """A span of the analysis in the editor's units."""
        return types.Range(
            self.client_position(document, span.start), self.client_position(document, span.end)
        )

    # -- values -------------------------------------------------------------------------

    def diagnostic(self, uri: str, document: Document, found: Diagnostic) -> types.Diagnostic:
        """A diagnostic of the analysis as the protocol's."""
        related = [
            types.DiagnosticRelatedInformation(
                types.Location(uri, self.client_range(document, item.span)), item.message
            )
            for item in found.related
        ]
        return types.Diagnostic(
            range=self.client_range(document, found.span),
            message=found.message,
            severity=_SEVERITY[found.severity],
            code=found.code,
            source="gargon",
            related_information=related or None,
        )

    def symbol(self, document: Document, found: Symbol) -> types.DocumentSymbol:
        """An outline entry as the protocol's."""
        kind = types.SymbolKind.Module if found.kind == "game" else types.SymbolKind.Event
        return types.DocumentSymbol(
            name=found.name,
            detail=found.detail or None,
            kind=kind,
            range=self.client_range(document, found.span),
            selection_range=self.client_range(document, found.selection),
            children=[self.symbol(document, child) for child in found.children] or None,
        )

    def completion(self, document: Document, found: Completion, order: int) -> types.CompletionItem:
        """A completion as the protocol's: its text replaces what was typed of it."""
        edit = types.TextEdit(self.client_range(document, found.span), found.text)
        return types.CompletionItem(
            label=found.label,
            kind=_COMPLETION_KIND[found.kind],
            detail=found.detail or None,
            text_edit=edit,
            filter_text=found.text,
            sort_text=f"{order:04d}",
        )

    def publish(self, uri: str, so_far: bool = False) -> int:
        """Check the document (what is not yet checked) and send its diagnostics (none for
        a document not open); with ``so_far``, those of the games checked so far, and check
        none.  Returns how many were sent."""
        document = self.document(uri)
        if document is None:
            return 0
        if so_far and self._shows_progress():
            checked = sum(1 for game in document.games if game.checked is not None)
            if not self.check_progress.partial(uri, checked, len(document.games)):
                return 0  # (the editor is making the progress's token)
        found = document.diagnostics_so_far() if so_far else document.diagnostics()
        diagnostics = [self.diagnostic(uri, document, d) for d in found]
        version = self.workspace.get_text_document(uri).version
        params = types.PublishDiagnosticsParams(uri, diagnostics, version)
        self.text_document_publish_diagnostics(params)
        if not so_far:
            self.check_progress.end(uri)
        return len(diagnostics)

    def _shows_progress(self) -> bool:
        """Whether the editor can show a progress the server begins."""
        window = self.client_capabilities.window
        return bool(window is not None and window.work_done_progress)

    def _create_token(self, token: str, done: Callable[[bool], None]) -> None:
        params = types.WorkDoneProgressCreateParams(token)
        asked = self.protocol.send_request(types.WINDOW_WORK_DONE_PROGRESS_CREATE, params)
        asked.add_done_callback(lambda answer: done(answer.exception() is None))

    def _notify_progress(self, token: str, value: Value) -> None:
        self.protocol.notify(types.PROGRESS, types.ProgressParams(token, value))


def problem_of(error: BaseException) -> str:
    """What was wrong with a message from the editor that could not be read.

    >>> problem_of(json.JSONDecodeError("Expecting value", "{", 1))
    'a message from the editor is not JSON (Expecting value: line 1 column 2 (char 1))'
    """
    if isinstance(error, json.JSONDecodeError):
        return f"a message from the editor is not JSON ({error})"
    cause = error.__cause__
    if isinstance(cause, ClassValidationError):
        found = "; ".join(transform_error(cause, path="")).replace("@ .", "@ ")
        return f"a message from the editor does not fit the protocol ({found})"
    return f"a message from the editor could not be handled ({type(error).__name__}: {error})"


def say(line: str) -> None:
    """``line`` on standard error, after ``gargon lsp: `` (standard output is the
    protocol's)."""
    try:
        sys.stderr.write(f"gargon lsp: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # standard error closed: the editor's log still has it
        pass


class OneLine(logging.Handler):
    """pygls's warnings and errors on standard error, each in one line: with no handler,
    Python prints a logged failure with its traceback.  The failures to read a message are
    left out: :meth:`GargonServer.report_server_error` says them; so are the notices of what
    the protocol lets a server pass over in silence (a notification it does not handle,
    ``textDocument/didSave`` say, and a ``$/cancelRequest`` for a request already answered),
    which editors send all the time."""

    REPORTED = (
        "Unable to handle message",
        "Unable to deserialize message",
        "Ignoring notification for unknown method",
        "Cancel notification for unknown message id",
    )

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
        except Exception:  # a message its arguments do not fit
            message = str(record.msg)
        if message.startswith(self.REPORTED):
            return
        line = message.split("\n", 1)[0]
        if record.exc_info is not None and record.exc_info[1] is not None:
            error = record.exc_info[1]
            line += f": {type(error).__name__}: {error}"
        say(" ".join(line.split()))


def _guarded(handler: Callable[P, R]) -> Callable[P, R | None]:
    """A handler that logs its failure in one line and answers None, instead of letting
    pygls send a traceback to the editor."""

    @functools.wraps(handler)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return handler(*args, **kwargs)
        except Exception as error:  # the editor gets a line in its log, not a traceback
            server = args[0]
            if isinstance(server, GargonServer):
                server.log(
                    f"gargon: {handler.__name__} failed: {type(error).__name__}: {error}",
                    types.MessageType.Error,
                )
            return None

    return guarded


def _guarded_async(
    handler: Callable[P, Coroutine[Any, Any, R]],
) -> Callable[P, Coroutine[Any, Any, R | None]]:
    """:func:`_guarded` for a handler that awaits (the checks of its document)."""

    @functools.wraps(handler)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return await handler(*args, **kwargs)
        except Exception as error:  # the editor gets a line in its log, not a traceback
            server = args[0]
            if isinstance(server, GargonServer):
                server.log(
                    f"gargon: {handler.__name__} failed: {type(error).__name__}: {error}",
                    types.MessageType.Error,
                )
            return None

    return guarded


def create_server() -> GargonServer:
    """A server with every feature registered (not started)."""
    server = GargonServer()

    @server.feature(types.INITIALIZE)
    def on_initialize(ls: GargonServer, params: types.InitializeParams) -> None:
        # pygls has just made the workspace, and no document is open yet.
        ls.protocol._workspace = LspWorkspace.taking_over(ls.workspace)

    @server.feature(types.EXIT)
    def on_exit(ls: GargonServer, params: None) -> None:
        ls.exit_code = 0 if ls.protocol._shutdown else 1

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @_guarded
    def did_open(ls: GargonServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.checks.soon(params.text_document.uri, delay=0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @_guarded
    def did_change(ls: GargonServer, params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        text = ls.workspace.text_documents.get(unquote(uri))
        if isinstance(text, LspLines):
            for line, column, char in text.cut:
                ls.log(
                    f"gargon: {uri}: line {line + 1}: a change began or ended between the two "
                    f"UTF-16 units of U+{ord(char):04X} (column {column + 1}), which cut it in "
                    "two: the text holds half of it now, as the editor's does",
                    types.MessageType.Warning,
                )
            text.cut.clear()
        ls.checks.soon(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @_guarded
    def did_close(ls: GargonServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.checks.forget(uri)
        ls.check_progress.end(uri)
        ls.documents.pop(unquote(uri), None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @_guarded
    def on_hover(ls: GargonServer, params: types.HoverParams) -> types.Hover | None:
        document = ls.document(params.text_document.uri)
        if document is None:
            return None
        found = hover(document, ls.position(document, params.position))
        if found is None:
            return None
        content = types.MarkupContent(types.MarkupKind.Markdown, found.markdown)
        return types.Hover(content, ls.client_range(document, found.span))

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=['"'])
    )
    @_guarded
    def on_completion(
        ls: GargonServer, params: types.CompletionParams
    ) -> types.CompletionList | None:
        document = ls.document(params.text_document.uri)
        if document is None:
            return None
        found = complete(document, ls.position(document, params.position))
        items = [ls.completion(document, item, order) for order, item in enumerate(found)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    @_guarded_async
    async def on_formatting(
        ls: GargonServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        document = await ls.checks.ready(params.text_document.uri)
        if document is None:
            return None
        found = document.formatted()
        if isinstance(found, Diagnostic):
            line, column = found.span.start
            ls.window_show_message(
                types.ShowMessageParams(
                    types.MessageType.Warning,
                    f"gargon: not formatted: line {line + 1}, column {column + 1}: {found.message}",
                )
            )
            return None
        if found == document.text:
            return []
        lines = document.lines
        end = types.Position(len(lines) - 1, to_client(lines[-1], len(lines[-1]), ls.encoding))
        return [types.TextEdit(types.Range(types.Position(0, 0), end), found)]

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @_guarded_async
    async def on_symbols(
        ls: GargonServer, params: types.DocumentSymbolParams
    ) -> list[types.DocumentSymbol] | None:
        document = await ls.checks.ready(params.text_document.uri)
        if document is None:
            return None
        return [ls.symbol(document, found) for found in document.symbols()]

    _ = (
        on_initialize,
        on_exit,
        did_open,
        did_change,
        did_close,
        on_hover,
        on_completion,
        on_formatting,
        on_symbols,
    )
    return server


def serve(**options: Any) -> int:
    """Run the server over standard input and output until the editor ends it (``exit``,
    or its standard input closed); pygls's log on standard error, one line a warning or an
    error (:class:`OneLine`).  Returns the process's exit code
    (:attr:`GargonServer.exit_code`)."""
    logger = logging.getLogger("pygls")
    if not any(isinstance(handler, OneLine) for handler in logger.handlers):
        logger.addHandler(OneLine(logging.WARNING))
    logger.propagate = False
    server = create_server()
    server.start_io(**options)
    # Freed now, a document at a time, rather than by the collector at the interpreter's
    # end, which took half a minute over the analysis of a 5 MB file (the editor waits).
    server.documents.clear()
    return server.exit_code
