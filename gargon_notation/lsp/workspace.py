"""The editor's text as the server keeps it: pygls's text documents and workspace, with
lines that end where the protocol's do and changes applied to the lines they touch
(:class:`LspLines`), in a workspace that makes them (:class:`LspWorkspace`).
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from gargon_notation.lsp.lines import Dirty, replace, split_lines

__all__ = ["LspLines", "LspWorkspace"]


class LspLines(TextDocument):
    """pygls's text document, its lines ending where the protocol's do: at LF, CRLF or a
    lone CR.  pygls splits them with :meth:`str.splitlines`, which also ends a line at a form
    feed, a vertical tab, U+001C to U+001E, U+0085, U+2028 and U+2029, so that after one of
    them (in a comment) an editor's changes were applied to the wrong line, and the server
    checked (and formatted) another text than the editor's.

    An incremental change replaces the lines it touches (:func:`~.lines.replace`), not the
    whole text split and joined again (pygls's way, a tenth of a second a keystroke in a
    5 MB file), and :meth:`take_dirty` tells the analysis which lines changed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lines: tuple[str, ...] | None = None
        self._dirty: Dirty | None = None
        self._taken = False

    @property
    def source(self) -> str:
        """The text (joined from its lines when a change made them)."""
        if self._lines is None:
            return super().source  # (a document not open is read from its file)
        if self._source is None:
            self._source = "".join(self._lines)
        return self._source

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines of the text, each with its line end (as pygls has them).

        >>> LspLines("file:///a.ggn", "{a\\fb}\\r\\n*\\r").lines
        ('{a\\x0cb}\\r\\n', '*\\r')
        """
        if self._lines is None:
            self._lines = split_lines(self.source)
        return self._lines

    def take_dirty(self) -> Dirty | None:
        """The lines changed since the last call; None for the whole text (the first call,
        and after a change that sent the whole text)."""
        dirty = self._dirty if self._taken else None
        self._dirty = None
        self._taken = True
        return dirty

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        lines = self.lines
        found = self._position_codec.range_from_client_units(lines, change.range)
        start = (found.start.line, found.start.character)
        end = (found.end.line, found.end.character)
        self._lines, first, old_end, new_end = replace(lines, start, end, change.text)
        self._source = None
        dirty = self._dirty or Dirty(first, first, 0)
        self._dirty = dirty.then(first, old_end, new_end)

    def _apply_full_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        super()._apply_full_change(change)
        self._lines = None
        self._taken = False


class LspWorkspace(Workspace):
    """pygls's workspace, whose open documents are :class:`LspLines`."""

    @classmethod
    def taking_over(cls, workspace: Workspace) -> LspWorkspace:
        """This kind of workspace, with everything ``workspace`` holds."""
        taken = cls.__new__(cls)
        taken.__dict__.update(workspace.__dict__)
        return taken

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return LspLines(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self.position_codec,
        )
