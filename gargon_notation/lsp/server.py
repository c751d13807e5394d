"""The language server's wiring: pygls features over :mod:`.analysis` and :mod:`.features`.

One :class:`~pygls.lsp.server.LanguageServer` with a handler per feature (the pygls way);
each handler converts positions between the editor's units and the analysis's (code points,
:mod:`gargon_notation.lsp.text`), asks the analysis, and builds the protocol's values.  A
handler never lets an exception reach the editor as a traceback: it is logged in one line
(``window/logMessage``) and the request answers with nothing.

Features: diagnostics on open and on every change (only the games whose text changed are
read again), hover, completion, whole-document formatting, document symbols.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from gargon_notation import __version__
from gargon_notation.lsp.analysis import Diagnostic, Document, Symbol
from gargon_notation.lsp.features import Completion, complete, hover
from gargon_notation.lsp.text import Position, Span, from_client, to_client

__all__ = ["GargonServer", "create_server", "encoding_name", "serve"]

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


class GargonServer(LanguageServer):
    """The server, with the :class:`Document` of every open text document."""

    def __init__(self) -> None:
        super().__init__("gargon", __version__)
        self.documents: dict[str, Document] = {}

    def document(self, uri: str) -> Document:
        """The analysed document at ``uri``, brought up to date with the workspace's text."""
        text = self.workspace.get_text_document(uri).source
        document = self.documents.get(uri)
        if document is None:
            document = self.documents[uri] = Document(source=uri.rsplit("/", 1)[-1])
        if document.raw != text or not document.games:
            document.update(text)
        return document

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

    def publish(self, uri: str) -> None:
        """Check the document and send its diagnostics."""
        document = self.document(uri)
        diagnostics = [self.diagnostic(uri, document, d) for d in document.diagnostics()]
        version = self.workspace.get_text_document(uri).version
        params = types.PublishDiagnosticsParams(uri, diagnostics, version)
        self.text_document_publish_diagnostics(params)


def encoding_name(kind: types.PositionEncodingKind | str | None) -> str:
    """The name of a position encoding, as :mod:`gargon_notation.lsp.text` takes it.

    >>> encoding_name(types.PositionEncodingKind.Utf8), encoding_name(None)
    ('utf-8', 'utf-16')
    """
    if isinstance(kind, types.PositionEncodingKind):
        return kind.value
    return kind or "utf-16"


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


def create_server() -> GargonServer:
    """A server with every feature registered (not started)."""
    server = GargonServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @_guarded
    def did_open(ls: GargonServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @_guarded
    def did_change(ls: GargonServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.publish(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @_guarded
    def did_close(ls: GargonServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.documents.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, []))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @_guarded
    def on_hover(ls: GargonServer, params: types.HoverParams) -> types.Hover | None:
        document = ls.document(params.text_document.uri)
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
        found = complete(document, ls.position(document, params.position))
        items = [ls.completion(document, item, order) for order, item in enumerate(found)]
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    @_guarded
    def on_formatting(
        ls: GargonServer, params: types.DocumentFormattingParams
    ) -> list[types.TextEdit] | None:
        document = ls.document(params.text_document.uri)
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
    @_guarded
    def on_symbols(
        ls: GargonServer, params: types.DocumentSymbolParams
    ) -> list[types.DocumentSymbol] | None:
        document = ls.document(params.text_document.uri)
        return [ls.symbol(document, found) for found in document.symbols()]

    _ = (did_open, did_change, did_close, on_hover, on_completion, on_formatting, on_symbols)
    return server


def serve(**options: Any) -> None:
    """Run the server over standard input and output until the editor ends it."""
    create_server().start_io(**options)
