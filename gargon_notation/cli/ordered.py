"""A command that keeps the order of its options, for ``gargon filter --not``, which negates
the option after it: Click gives each option's values but forgets how they interleave."""

from __future__ import annotations

from typing import Any

import typer

from gargon_notation.cli.helptext import Command

__all__ = ["ORDER", "OrderedCommand", "options_in_order"]

ORDER = "gargon.order"
"""The key of the options in order in the context's ``meta``."""


class OrderedCommand(Command):
    """Records ``(option, value)`` for each option given, in command-line order, in
    ``context.meta[ORDER]`` (the option's first long name; a flag's value is None)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        opts, _, order = self.make_parser(ctx).parse_args(args=list(args))
        many = {name: iter(value) for name, value in opts.items() if isinstance(value, list)}
        found: list[tuple[str, str | None]] = []
        for param in order:
            names = [name for name in getattr(param, "opts", []) if name.startswith("--")]
            if not names:
                continue
            value = opts.get(param.name or "")
            if isinstance(value, list):
                value = next(many[param.name or ""])
            found.append(
                (names[0], None if value is None or isinstance(value, bool) else str(value))
            )
        ctx.meta[ORDER] = found
        return super().parse_args(ctx, args)


def options_in_order(context: typer.Context) -> list[tuple[str, str | None]]:
    """The options :class:`OrderedCommand` recorded for this command."""
    found: list[tuple[str, str | None]] = context.meta.get(ORDER, [])
    return found
