"""``python -m gargon_notation`` runs the ``gargon`` command."""

from gargon_notation.cli import run

run()
