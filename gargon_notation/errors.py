"""The project's exceptions: every error a user can cause is one of these.

``GargonError`` is the root.  A record that is *badly written* raises :class:`NotationError`
(it carries the place: file, line, column and the offending line); bytes that are no text at
all, :class:`EncodingError`, one kind of it.  A record that is well
written but *breaks a rule* raises :class:`RuleViolation` (it carries a stable rule code and a
plain sentence).  A file that cannot be read or written raises :class:`FileError` (it names
the file).  An argument outside a function's choices (a format, a bot, a grouping) raises
:class:`ArgumentError`, a :class:`ValueError` too.  Python's own exceptions escaping the
library are bugs.
"""

from __future__ import annotations

import errno
import io
import re
import unicodedata

__all__ = [
    "NAME_UNSAFE",
    "UNSAFE",
    "ArgumentError",
    "EncodingError",
    "FileError",
    "GargonError",
    "NotationError",
    "RuleViolation",
    "as_reason",
    "pointed",
    "printable",
    "printable_name",
]

UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
"""C0 and C1 control characters but newline and tab, DEL, bidirectional formatting marks, and
the line and paragraph separators: never shown as they are."""

TAB_WIDTH = 4
"""Tab stops of an excerpt, counted from its first character."""


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def printable(text: str) -> str:
    """``text`` with every control character written as its escape (``\\u001b``, ``\\u202e``).

    >>> printable("a\\x1b[2Jb\\u202ec")
    'a\\\\u001b[2Jb\\\\u202ec'
    >>> printable("two\\nlines\\tand a tab")
    'two\\nlines\\tand a tab'
    """
    return UNSAFE.sub(_escape, text)


NAME_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
"""What :data:`UNSAFE` matches, and newline and tab: a file name is shown on one line."""


def printable_name(name: str) -> str:
    """A file name as messages show it: :func:`printable`, and its newlines and tabs
    escaped too, since a message's own newlines begin its next line (a name is one line).

    >>> printable_name("club/bad\\nname\\t.ggn")
    'club/bad\\\\u000aname\\\\u0009.ggn'
    """
    return NAME_UNSAFE.sub(_escape, name)


def argument_name(name: str) -> str:
    """A file name as a command suggested in a message writes it, to be copied as it is:
    :func:`printable_name`, quoted for the shell where it needs it, and a name starting with
    ``-`` (which a command would take for an option, or ``-`` for standard input) written
    ``./-``.

    >>> argument_name("game.ggn"), argument_name("-"), argument_name("club night.ggn")
    ('game.ggn', './-', "'club night.ggn'")
    """
    import shlex  # only for such a message

    if name.startswith("-"):
        name = "./" + name
    return shlex.quote(printable_name(name))


def html_text(text: str) -> str:
    """``text`` for an HTML page: control characters written as :func:`printable` writes
    them (a page shows no escape code, and a browser would drop or mangle them), then
    HTML's own escapes, quotes included.

    >>> html_text('Cup\\x1b[31m <b>"A"</b>\\x07')
    'Cup\\\\u001b[31m &lt;b&gt;&quot;A&quot;&lt;/b&gt;\\\\u0007'
    """
    import html  # only for the pages

    return html.escape(printable(text), quote=True)


def _width(character: str, column: int) -> str:
    """How ``character`` is shown at display ``column`` (from 0): tabs as spaces to the next
    stop, control characters as their escape."""
    if character == "\t":
        return " " * (TAB_WIDTH - column % TAB_WIDTH)
    return printable(character)


EXCERPT_CHARACTERS = 160
"""The most characters of a line an error shows: a longer line is shown around its column,
an ellipsis where it is cut (a line may be 2 MB long, or a line of NULs 6 times that shown)."""


def pointed(excerpt: str, column: int) -> str:
    """The line ``excerpt`` as shown (tabs expanded, control characters escaped; a line
    longer than :data:`EXCERPT_CHARACTERS` cut around its column) and, under it, a caret
    under its ``column`` (from 1) in the text as shown; both indented by 4.

    >>> print(pointed("1.\\tAdam\\x1b[0m  Y2", 13))
        1.  Adam\\u001b[0m  Y2
                          ^
    >>> line, caret = pointed("x" * 5000 + "Q" + "y" * 5000, 5001).split("\\n")
    >>> len(line), line[4], line[caret.index("^")], line[-1]
    (166, '…', 'Q', '…')
    """
    if len(excerpt) > EXCERPT_CHARACTERS:
        at = min(max(column - 1, 0), len(excerpt))
        start = max(0, min(at - EXCERPT_CHARACTERS // 2, len(excerpt) - EXCERPT_CHARACTERS))
        end = start + EXCERPT_CHARACTERS
        before = "\u2026" if start else ""
        after = "\u2026" if end < len(excerpt) else ""
        excerpt = before + excerpt[start:end] + after
        column += len(before) - start
    shown: list[str] = []
    caret = 0
    width = 0
    for index, character in enumerate(excerpt):
        if index == column - 1:
            caret = width
        text = _width(character, width)
        shown.append(text)
        east = unicodedata.east_asian_width(character) if len(text) == 1 else "N"
        width += 2 * len(text) if east in ("W", "F") else len(text)
        if len(text) == 1 and unicodedata.combining(character):
            width -= 1
    if column - 1 >= len(excerpt):
        caret = width + (column - 1 - len(excerpt))
    return f"    {''.join(shown)}\n    {' ' * max(caret, 0)}^"


class GargonError(Exception):
    """Base class of every error the project raises on bad input."""


class ArgumentError(GargonError, ValueError):
    """An argument a function does not take: a format, a bot or a grouping outside its
    choices, or options that do not go together; the message lists what it takes.  A
    :class:`ValueError` too, as Python's own functions raise for such an argument.

    >>> error = ArgumentError("unknown format 'xml': choose one of ggn, json, jsonl")
    >>> isinstance(error, GargonError), isinstance(error, ValueError)
    (True, True)
    """


class NotationError(GargonError):
    """Text that is not valid Gargon notation.

    ``line`` and ``column`` count from 1; ``excerpt`` is the offending line of text.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str = "<string>",
        line: int = 0,
        column: int = 0,
        excerpt: str = "",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.excerpt = excerpt

    def __str__(self) -> str:
        source = printable_name(self.source)
        where = f"{source}:{self.line}:{self.column}: " if self.line else f"{source}: "
        text = where + printable(self.message)  # a token quoted in it may be anything
        if self.excerpt:
            text += "\n" + pointed(self.excerpt, self.column)
        return text


class EncodingError(NotationError):
    """Bytes that are not a record's text: not UTF-8 (:func:`not_utf8`), UTF-16 or UTF-32
    or an HTML page (:func:`wide_text`), or binary data (:func:`binary_data`).  A reader
    gives it as any other :class:`NotationError`; the verbs that copy games byte for byte
    without reading them (``gargon cat``, ``filter``, ``split``) refuse the game it belongs
    to as well, so that no image or archive goes into a file of records.

    >>> issubclass(EncodingError, NotationError)
    True
    """


class RuleViolation(GargonError):
    """An action the rules forbid.

    ``code`` is a stable identifier such as ``last-seat-new-colour``; ``message`` is a plain
    sentence naming the player, the cards and the reason.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} [{code}]")
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return printable(f"{self.message} [{self.code}]")  # a player's name may hold anything

    def __reduce__(self) -> tuple[type[RuleViolation], tuple[str, str]]:
        """Pickled whole, so that a worker process (a process pool, Dask) can raise it."""
        return type(self), (self.code, self.message)


class FileError(GargonError):
    """A file that cannot be found, read or written; the message names it (on one line:
    :func:`printable_name`).

    ``filename`` is the file's name, ``reason`` what went wrong, ``errno`` the operating
    system's error number (None when the error is not the system's).

    >>> str(FileError("games.ggn", "no such file or directory"))
    'games.ggn: no such file or directory'
    """

    def __init__(self, filename: str, reason: str, errno: int | None = None) -> None:
        super().__init__(f"{printable_name(filename)}: {reason}")
        self.filename = filename
        self.reason = reason
        self.errno = errno

    def __reduce__(self) -> tuple[type[FileError], tuple[str, str, int | None]]:
        """Pickled whole, so that a worker process (``--jobs``, Dask) can raise it."""
        return type(self), (self.filename, self.reason, self.errno)

    @classmethod
    def from_os_error(cls, filename: str, error: OSError) -> FileError:
        """The error for an :class:`OSError` met on ``filename``, reading or writing alike:
        the system's words begun in lower case, as this project's own reasons are.

        >>> missing = FileNotFoundError(2, "No such file or directory")
        >>> str(FileError.from_os_error("out/x.svg", missing))
        'out/x.svg: no such file or directory'
        >>> FileError.from_os_error("x.ggn", OSError(5, "I/O error")).reason
        'I/O error'

        A file system mounted read-only is said to be, whatever was being written on it
        (the file's own mode is not the matter): name the path the user gave.

        >>> str(FileError.from_os_error("tables", OSError(errno.EROFS, "Read-only file system")))
        'tables: the file system is read-only (mounted so): nothing was written there'

        A file object opened the other way is said to be (Python's words are the method's
        name alone, ``read``, or ``not writable``):

        >>> str(FileError.from_os_error("out.ggn", io.UnsupportedOperation("read")))
        'out.ggn: the file is not open for reading'
        """
        if error.errno == errno.EROFS:
            reason = "the file system is read-only (mounted so): nothing was written there"
            return cls(filename, reason, error.errno)
        if isinstance(error, io.UnsupportedOperation):
            words = str(error)
            if "read" in words:
                return cls(filename, "the file is not open for reading")
            if "writ" in words:
                return cls(filename, "the file is not open for writing")
            return cls(filename, f"the file cannot be used so ({words})")
        return cls(filename, as_reason(error.strerror or str(error)), error.errno)


def as_reason(words: str) -> str:
    """The system's ``words`` begun in lower case, as this project's own reasons are, but
    not an abbreviation's capitals.

    >>> as_reason("Connection refused"), as_reason("I/O error"), as_reason("EOF")
    ('connection refused', 'I/O error', 'EOF')
    """
    if words[:1].isupper() and words[1:2].islower():
        return words[0].lower() + words[1:]
    return words


def not_utf8(byte: int, offset: int) -> str:
    """The message for text that is not UTF-8, with what the byte likely meant and what to do.

    >>> not_utf8(0xE9, 11).split(" at ")[1]
    "byte offset 11 ('é' in Latin-1); save the file as UTF-8"
    >>> not_utf8(0x80, 3).split(" (")[1]
    "'€' in Windows-1252); save the file as UTF-8"
    """
    guess = ""
    if byte >= 0xA0:
        guess = f" ({bytes([byte]).decode('latin-1')!r} in Latin-1)"
    else:
        try:
            guess = f" ({bytes([byte]).decode('cp1252')!r} in Windows-1252)"
        except UnicodeDecodeError:
            guess = ""
    return (
        f"this is not UTF-8 text: undecodable byte 0x{byte:02x} at byte offset {offset}"
        f"{guess}; save the file as UTF-8"
    )


_UTF16_BOMS = {b"\xff\xfe": "UTF-16LE", b"\xfe\xff": "UTF-16BE"}


def utf16(head: bytes) -> str | None:
    """The message for UTF-16 text (what Windows Notepad saves as "Unicode", and PowerShell's
    ``>`` writes), told by a file's first bytes ``head``: a byte-order mark FF FE or FE FF,
    or, without one, a NUL byte beside (nearly) every character of the first 256 (text in
    the Latin alphabet); None for other bytes.

    >>> utf16("[Event".encode("utf-16"))
    'this looks like UTF-16 text (UTF-16LE, byte-order mark FF FE): save the file as UTF-8'
    >>> utf16("[Event".encode("utf-16-be")).split(": ")[0]
    'this looks like UTF-16 text (UTF-16BE, a NUL byte before each character)'
    >>> utf16(b"[Event"), utf16(b"\\x00; a NUL, then text"), utf16("é".encode("utf-32"))
    (None, None, None)
    """
    encoding = _UTF16_BOMS.get(head[:2])
    if encoding is not None:
        if head.startswith(b"\xff\xfe\x00\x00"):
            return None  # UTF-32LE
        how = f"{encoding}, byte-order mark {head[0]:02X} {head[1]:02X}"
    else:
        sample = head[: min(len(head), 512) // 2 * 2]
        first, second = sample[0::2], sample[1::2]
        if len(sample) < 4 or (first.count(0) == 0) == (second.count(0) == 0):
            return None
        nuls, others = (second, first) if first.count(0) == 0 else (first, second)
        if others.count(0) or nuls.count(0) * 4 < len(nuls) * 3:
            return None
        if nuls is second:
            how = "UTF-16LE, a NUL byte after each character"
        else:
            how = "UTF-16BE, a NUL byte before each character"
    return f"this looks like UTF-16 text ({how}): save the file as UTF-8"


_UTF32_BOMS = {b"\xff\xfe\x00\x00": "UTF-32LE", b"\x00\x00\xfe\xff": "UTF-32BE"}


def utf32(head: bytes) -> str | None:
    """The message for UTF-32 text, told by a file's first bytes ``head``: a byte-order mark
    FF FE 00 00 or 00 00 FE FF, or, without one, characters of four bytes each, the two high
    ones NUL (as in every character of the Basic Multilingual Plane) and the lowest not NUL
    in (nearly) every one of the first 128; None for other bytes.

    >>> utf32("[Event".encode("utf-32"))
    'this looks like UTF-32 text (UTF-32LE, byte-order mark FF FE 00 00): save the file as UTF-8'
    >>> utf32("[Event".encode("utf-32-be")).split(": ")[0]
    'this looks like UTF-32 text (UTF-32BE, NUL bytes before each character)'
    >>> utf32(b"[Event"), utf32(bytes(64)), utf32("[Event".encode("utf-16-le"))
    (None, None, None)
    """
    encoding = _UTF32_BOMS.get(head[:4])
    if encoding is not None:
        marks = " ".join(f"{byte:02X}" for byte in head[:4])
        how = f"{encoding}, byte-order mark {marks}"
    else:
        sample = head[: min(len(head), 512) // 4 * 4]
        if len(sample) < 8:
            return None
        units = len(sample) // 4
        first, second, third, fourth = (sample[k::4] for k in range(4))
        if third.count(0) == fourth.count(0) == units and first.count(0) * 4 <= units:
            how = "UTF-32LE, NUL bytes after each character"
        elif first.count(0) == second.count(0) == units and fourth.count(0) * 4 <= units:
            how = "UTF-32BE, NUL bytes before each character"
        else:
            return None
    return f"this looks like UTF-32 text ({how}): save the file as UTF-8"


_HTML_PAGE = re.compile(
    rb"(?:\xef\xbb\xbf)?(?:[ \t\r\n]*(?:<!--(?:[^-]|-(?!->))*-->|<\?xml[^>]*>))*"
    rb"[ \t\r\n]*<(?:!doctype[ \t\r\n]+)?html[ \t\r\n>]",
    re.I,
)
"""An HTML page's opening, after an XML declaration or comments (``<!-- saved from url=...
-->``, which browsers write into a page they save); a comment's text holds no ``-->``, so
that a match is found or refused in one pass."""


def html_page(head: bytes) -> str | None:
    """The message for an HTML page (``gargon html``'s, a report, a page saved from a
    browser), told by a file's first bytes ``head``: ``<!DOCTYPE html`` or ``<html``, after
    white space, comments and an XML declaration; no record opens so (a tag opens with
    ``[``, a comment with ``{`` or ``;``).  None for other bytes.

    >>> print(html_page(b"<!DOCTYPE html>\\n<html lang=en>"))  # doctest: +NORMALIZE_WHITESPACE
    this is an HTML page, not a record: give the record file it was made from (notation, JSON
    or JSON Lines)
    >>> html_page(b"\\n<HTML>") is not None, html_page(b'[Event "<html>"]'), html_page(b"<htmlx")
    (True, None, None)
    >>> saved = b'<?xml version="1.0"?>\\n<!-- saved from url=(0014)about:internet -->\\n<html>'
    >>> html_page(saved) is not None, html_page(b"<!-- a comment -->[Event")
    (True, None)
    """
    if _HTML_PAGE.match(head) is None:
        return None
    return (
        "this is an HTML page, not a record: give the record file it was made from "
        "(notation, JSON or JSON Lines)"
    )


def wide_text(head: bytes) -> str | None:
    """The message for UTF-32 (:func:`utf32`) or UTF-16 text (:func:`utf16`), told by a
    file's first bytes ``head``, or for an HTML page (:func:`html_page`): a file read as none
    of its games; None for other bytes.

    >>> wide_text("[Event".encode("utf-32")).split(" (")[0]
    'this looks like UTF-32 text'
    >>> wide_text("[Event".encode("utf-16")).split(" (")[0]
    'this looks like UTF-16 text'
    >>> wide_text(b"<!doctype html>").split(":")[0]
    'this is an HTML page, not a record'
    """
    return utf32(head) or utf16(head) or html_page(head)


def binary_data(offset: int | None) -> str:
    """The message for a NUL byte, which no record holds: binary data (an image,
    ``/dev/zero``), not text; ``offset`` is its byte offset (None when not known).

    >>> binary_data(0)
    'this is binary data, not a record: a NUL byte at byte offset 0; records are UTF-8 text'
    """
    at = "" if offset is None else f" at byte offset {offset}"
    return f"this is binary data, not a record: a NUL byte{at}; records are UTF-8 text"
