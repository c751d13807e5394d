"""The language server for ``.ggn`` files (``gargon lsp``): diagnostics as you type, hover,
completion, formatting and an outline, in any editor that speaks the Language Server
Protocol (docs/editors.md).

- :mod:`gargon_notation.lsp.text`: positions, spans and tokens of a document's text.
- :mod:`gargon_notation.lsp.analysis`: a document's games, each read and replayed once per
  text; its diagnostics, outline and canonical form.
- :mod:`gargon_notation.lsp.features`: hover and completion.
- :mod:`gargon_notation.lsp.server`: the pygls wiring (needs the ``lsp`` extra:
  ``pip install 'gargon-notation[lsp]'``).

The first three are plain Python over the library and need no pygls.
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
