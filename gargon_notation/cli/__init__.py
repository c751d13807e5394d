"""The ``gargon`` command: validate, show, replay, score, annotate, fmt, convert, schema,
simulate.

The only place of the project that prints or sets exit codes; every verb parses its options,
calls the library (files through :mod:`gargon_notation.files`) and prints.  One module per
job:

- :mod:`~gargon_notation.cli.common`: the Typer app, its callback, :func:`run`, the consoles
  and how errors are printed;
- :mod:`~gargon_notation.cli.inputs`: paths to records, results back to files;
- :mod:`~gargon_notation.cli.check`: ``validate``, run by
  :mod:`~gargon_notation.cli.validate`;
- :mod:`~gargon_notation.cli.view`: ``show``, ``replay``, ``score``;
- :mod:`~gargon_notation.cli.edit`: ``annotate``, ``fmt``, ``convert``, ``schema``;
- :mod:`~gargon_notation.cli.simulate`: ``simulate``.

Exit codes: 0 success; 1 an invalid record (or ``--check`` finding work to do); 2 a usage or
I/O error.
"""

from __future__ import annotations

from gargon_notation.cli.common import app, err, out, run

# The verbs register themselves on ``app`` as they are imported: this is the order of
# ``gargon --help``.
# isort: off
from gargon_notation.cli import check  # noqa: F401
from gargon_notation.cli import view  # noqa: F401
from gargon_notation.cli import edit  # noqa: F401
from gargon_notation.cli import simulate  # noqa: F401

# isort: on

__all__ = ["app", "err", "out", "run"]
