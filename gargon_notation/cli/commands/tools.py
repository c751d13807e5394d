"""The tools beside the records: ``schema`` (done by :mod:`~gargon_notation.cli.edit`),
``simulate`` (by :mod:`~gargon_notation.cli.simulate`) and ``lsp`` (the language server,
:mod:`gargon_notation.lsp`).

No ``from __future__ import annotations``: the annotations are evaluated once, as the module
is imported (see :mod:`gargon_notation.cli.commands`).
"""

from typing import Annotated

import typer

from gargon_notation.cli.choices import Bot
from gargon_notation.cli.commands import Output
from gargon_notation.cli.helptext import examples
from gargon_notation.cli.program import app

__all__ = ["lsp_command", "schema", "simulate_command"]


@app.command(epilog=examples("gargon schema > gargon.schema.json"))
def schema() -> None:
    """Print the JSON Schema of the JSON interchange form."""
    from gargon_notation.cli import edit

    edit.schema()


@app.command(
    "simulate",
    epilog=examples("gargon simulate --players 4 --games 100 --seed club -o games.ggn"),
)
def simulate_command(
    players: Annotated[
        int, typer.Option("--players", "-p", min=3, max=5, help="Players at the table.")
    ] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 1,
    seed: Annotated[
        str, typer.Option("--seed", "-s", help="The seed the deals are made from (see above).")
    ] = "gargon",
    bot: Annotated[Bot, typer.Option("--bot", "-b", help="The bot every seat plays.")] = Bot.RANDOM,
    deal: Annotated[
        bool,
        typer.Option("--deal", help="Also write each deal out in full (checked against the seed)."),
    ] = False,
    comments: Annotated[
        bool, typer.Option("--comments", help="Add a few comments and glyphs to each game.")
    ] = False,
    output: Output = None,
) -> None:
    """Play whole games with bots and write them as valid, canonical records.

    Game k (from 1) is dealt from the seed "SEED.k" (just SEED when --games is 1).
    """
    from gargon_notation.cli import simulate

    simulate.simulate_command(players, games, seed, bot, deal, comments, output)


@app.command("lsp", epilog=examples("gargon lsp"))
def lsp_command() -> None:
    """Run the language server for editors (LSP over stdin and stdout); an editor starts it.

    Diagnostics as you type, hover (the table after an action), completion,
    formatting and an outline of games and rounds, in VS Code, Neovim, Helix,
    Emacs (docs/editors.md).  Needs pip install 'gargon-notation\\[lsp]'.
    """
    from gargon_notation import lsp

    if not lsp.available():
        from gargon_notation.cli.common import fail

        fail(lsp.MISSING)
    from gargon_notation.lsp.server import serve

    code = serve()
    if code:
        raise typer.Exit(code)
