"""The language server for ``.ggn`` files (``gargon lsp``): diagnostics as you type, hover,
completion, formatting and an outline, in any editor that speaks the Language Server
Protocol (docs/editors.md).

- :mod:`gargon_notation.lsp.text`: positions, spans and tokens of a document's text.
- :mod:`gargon_notation.lsp.lines`: the editor's lines, changed as its changes say.
- :mod:`gargon_notation.lsp.analysis`: one game read and replayed: its diagnostics.
- :mod:`gargon_notation.lsp.outline`: one game's outline entry.
- :mod:`gargon_notation.lsp.splitting`: where the games are, found again around an edit.
- :mod:`gargon_notation.lsp.document`: a document's games and what is kept of each.
- :mod:`gargon_notation.lsp.features`: hover and completion.
- :mod:`gargon_notation.lsp.schedule`: when a document is checked (a burst of changes once).
- :mod:`gargon_notation.lsp.server`: the pygls wiring (needs the ``lsp`` extra:
  ``pip install 'gargon-notation[lsp]'``).

All but the server are plain Python over the library and need no pygls.
"""

from __future__ import annotations

import importlib.util

__all__ = ["MISSING", "available"]

MISSING = (
    "the language server needs pygls, which is not installed: pip install 'gargon-notation[lsp]'"
)
"""What ``gargon lsp`` says when the ``lsp`` extra is missing."""


def available() -> bool:
    """Whether pygls (the ``lsp`` extra) is installed."""
    return importlib.util.find_spec("pygls") is not None
