"""The progress of a long check, as the protocol's work done progress (``$/progress``).

While a big file is checked, the problems found so far are published
(:mod:`gargon_notation.lsp.schedule`), and those publications are the protocol's plain
``textDocument/publishDiagnostics``, as the whole list is: an editor could not tell them
apart.  For an editor that can show progress (``window.workDoneProgress`` among its
capabilities), :class:`CheckProgress` wraps them: before the first of them the server asks
the editor to create a token (``window/workDoneProgress/create``) and, once it has, begins a
progress (``Checking many.ggn``); each publication of the problems found so far reports how
many games are checked, and the progress ends just after the whole list is published.  So
every publication inside a progress is partial, and the one just before its end is the whole
list.  Nothing is published as partial before the editor has created the token (its answer
takes a moment); a check that publishes nothing early (one under a second, an edit's) makes
no progress at all.

>>> sent = []
>>> progress = CheckProgress(lambda token, done: sent.append(("create", token)) or done(True),
...                          lambda token, value: sent.append((token, value.kind)))
>>> progress.partial("file:///a.ggn", 2, 4), progress.partial("file:///a.ggn", 3, 4)
(True, True)
>>> progress.end("file:///a.ggn")
>>> sent
[('create', 'gargon-check-1'), ('gargon-check-1', 'begin'), ('gargon-check-1', 'report'), \
('gargon-check-1', 'end')]
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote

import attrs
from lsprotocol import types

__all__ = ["CheckProgress"]

Value = types.WorkDoneProgressBegin | types.WorkDoneProgressReport | types.WorkDoneProgressEnd


@attrs.define
class _Token:
    name: str
    title: str
    message: str
    percentage: int
    begun: bool = False
    refused: bool = False


class CheckProgress:
    """The progress of each document's check: ``create(token, done)`` asks the editor for a
    token and calls ``done(created)`` when it answers; ``notify(token, value)`` sends a
    ``$/progress``."""

    def __init__(
        self,
        create: Callable[[str, Callable[[bool], None]], None],
        notify: Callable[[str, Value], None],
    ) -> None:
        self._create = create
        self._notify = notify
        self._tokens: dict[str, _Token] = {}
        self._made = 0

    def partial(self, uri: str, checked: int, games: int) -> bool:
        """Whether the problems found so far in the document at ``uri`` may be published
        now, ``checked`` of its ``games`` checked: a progress begun (and this report sent),
        or one the editor refused to create; not while the editor has not answered (the
        first call asks it for a token)."""
        message, percentage = _said(checked, games)
        token = self._tokens.get(uri)
        if token is None:
            self._made += 1
            title = "Checking " + unquote(uri.rsplit("/", 1)[-1])  # as the name is written
            token = _Token(f"gargon-check-{self._made}", title, message, percentage)
            self._tokens[uri] = token
            self._create(token.name, lambda created: self._created(uri, token, created))
            return token.begun or token.refused
        token.message, token.percentage = message, percentage
        if token.begun:
            self._notify(
                token.name, types.WorkDoneProgressReport(message=message, percentage=percentage)
            )
        return token.begun or token.refused

    def end(self, uri: str) -> None:
        """The check of the document at ``uri`` is over (its whole list published), or the
        document closed, or its check failed: its progress ends."""
        token = self._tokens.pop(uri, None)
        if token is not None and token.begun:
            self._notify(token.name, types.WorkDoneProgressEnd())

    def _created(self, uri: str, token: _Token, created: bool) -> None:
        if not created:
            token.refused = True
            return
        token.begun = True
        self._notify(
            token.name,
            types.WorkDoneProgressBegin(
                token.title, cancellable=False, message=token.message, percentage=token.percentage
            ),
        )
        if self._tokens.get(uri) is not token:  # over before the editor answered
            self._notify(token.name, types.WorkDoneProgressEnd())


def _said(checked: int, games: int) -> tuple[str, int]:
    """``('3 of 4 games', 75)``."""
    return f"{checked} of {games} games", checked * 100 // games if games else 100
