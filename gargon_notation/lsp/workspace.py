"""The editor's text as the server keeps it: pygls's text documents and workspace, with
lines that end where the protocol's do and changes applied to the lines they touch
(:class:`LspLines`), in a workspace that makes them (:class:`LspWorkspace`).
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from gargon_notation.lsp.lines import Dirty, replace, split_lines
from gargon_notation.lsp.text import from_client, halves, split_pair

__all__ = ["LspLines", "LspWorkspace", "encoding_name"]


def encoding_name(kind: types.PositionEncodingKind | str | None) -> str:
    """The name of a position encoding, as :mod:`gargon_notation.lsp.text` takes it.

    >>> encoding_name(types.PositionEncodingKind.Utf8), encoding_name(None)
    ('utf-8', 'utf-16')
    """
    if isinstance(kind, types.PositionEncodingKind):
        return kind.value
    return kind or "utf-16"


class LspLines(TextDocument):
    """pygls's text document, its lines ending where the protocol's do: at LF, CRLF or a
    lone CR.  pygls splits them with :meth:`str.splitlines`, which also ends a line at a form
    feed, a vertical tab, U+001C to U+001E, U+0085, U+2028 and U+2029, so that after one of
    them (in a comment) an editor's changes were applied to the wrong line, and the server
    checked (and formatted) another text than the editor's.

    An incremental change replaces the lines it touches (:func:`~.lines.replace`), not the
    whole text split and joined again (pygls's way, a tenth of a second a keystroke in a
    5 MB file), and :meth:`take_dirty` tells the analysis which lines changed.  Its
    positions are read as the protocol says (:meth:`position`), not as pygls reads them.

    A change that starts or ends between the two UTF-16 units of a character (an emoji, a
    letter beyond the Basic Multilingual Plane) cuts that character there, as an editor that
    keeps its text in UTF-16 does, keeping its other half (a lone surrogate): the text stays
    the editor's, unit for unit.  pygls's way, and this server's before, took the whole
    character in or left it whole, so that every later position on that line was one unit
    off the editor's.  Each character cut is kept in :attr:`cut` for the server to say."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lines: tuple[str, ...] | None = None
        self._dirty: Dirty | None = None
        self._taken = False
        self.cut: list[tuple[int, int, str]] = []
        """The characters changes cut in two since the server last looked: line, column
        (from 0, in code points) and the character."""

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

    def position(self, position: types.Position) -> tuple[int, int]:
        """An editor's position as a line and a column in code points: a column past the
        line's text is its end, as the protocol says ("it defaults back to the line
        length"), and a line past the last is the end of the text.

        pygls took a column one past a line's text for the place after its line end (a
        character typed there went to the start of the next line, or between the CR and LF
        of a CRLF, and a range to there took in a lone CR, joining two lines), and a larger
        one on the last line for the place before its last character (a change to the end
        of the text left that character).

        >>> document = LspLines("file:///a.ggn", "ab\\r\\n\\U0001d49cc")
        >>> sent = [(0, 3), (0, 99), (1, 2), (1, 9), (5, 0)]
        >>> [document.position(types.Position(*place)) for place in sent]
        [(0, 2), (0, 2), (1, 1), (1, 2), (2, 0)]
        """
        lines = self.lines
        if position.line >= len(lines):
            return len(lines), 0
        text = lines[position.line].rstrip("\r\n")
        encoding = encoding_name(self._position_codec.encoding)
        return position.line, from_client(text, position.character, encoding)

    def _apply_incremental_change(self, change: types.TextDocumentContentChangePartial) -> None:
        self._cut_at(change.range.start)
        self._cut_at(change.range.end)
        lines = self.lines
        start = self.position(change.range.start)
        end = max(self.position(change.range.end), start)  # (an end before it: none)
        self._lines, first, old_end, new_end = replace(lines, start, end, change.text)
        self._source = None
        dirty = self._dirty or Dirty(first, first, 0)
        self._dirty = dirty.then(first, old_end, new_end)

    def _cut_at(self, position: types.Position) -> None:
        """The character ``position`` falls inside (between its two UTF-16 units), if any,
        as its two halves, each a code point (and a unit) of its own.

        >>> document = LspLines("file:///a.ggn", "{a\\U0001f600}\\n")
        >>> document._cut_at(types.Position(0, 3))
        >>> [hex(ord(char)) for char in document.lines[0][2:4]], document.cut
        (['0xd83d', '0xde00'], [(0, 2, '\\U0001f600')])
        """
        lines = self.lines
        if position.line >= len(lines):
            return
        line = lines[position.line]
        encoding = encoding_name(self._position_codec.encoding)
        column = split_pair(line.rstrip("\r\n"), position.character, encoding)
        if column is None:
            return
        cut = line[:column] + halves(line[column]) + line[column + 1 :]
        self._lines = (*lines[: position.line], cut, *lines[position.line + 1 :])
        self._source = None
        self.cut.append((position.line, column, line[column]))

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
