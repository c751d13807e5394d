"""The project's exceptions: every error a user can cause is one of these.

``GargonError`` is the root.  A record that is *badly written* raises :class:`NotationError`
(it carries the place: file, line, column and the offending line).  A record that is well
written but *breaks a rule* raises :class:`RuleViolation` (it carries a stable rule code and a
plain sentence).  A file that cannot be read or written raises :class:`FileError` (it names
the file).  Python's own exceptions escaping the library are bugs.
"""

from __future__ import annotations

__all__ = ["FileError", "GargonError", "NotationError", "RuleViolation"]


class GargonError(Exception):
    """Base class of every error the project raises on bad input."""


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
        where = f"{self.source}:{self.line}:{self.column}: " if self.line else f"{self.source}: "
        text = where + self.message
        if self.excerpt:
            text += f"\n    {self.excerpt}\n    {' ' * max(self.column - 1, 0)}^"
        return text


class RuleViolation(GargonError):
    """An action the rules forbid.

    ``code`` is a stable identifier such as ``last-seat-new-colour``; ``message`` is a plain
    sentence naming the player, the cards and the reason.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{message} [{code}]")
        self.code = code
        self.message = message


class FileError(GargonError):
    """A file that cannot be found, read or written; the message names it.

    ``filename`` is the name shown, ``reason`` what went wrong, ``errno`` the operating
    system's error number (None when the error is not the system's).

    >>> str(FileError("games.ggn", "No such file or directory"))
    'games.ggn: No such file or directory'
    """

    def __init__(self, filename: str, reason: str, errno: int | None = None) -> None:
        super().__init__(f"{filename}: {reason}")
        self.filename = filename
        self.reason = reason
        self.errno = errno

    @classmethod
    def from_os_error(cls, filename: str, error: OSError) -> FileError:
        """The error for an :class:`OSError` met on ``filename``."""
        return cls(filename, error.strerror or str(error), error.errno)


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
