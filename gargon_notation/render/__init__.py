"""Rich renderables for games and tables; the CLI prints them, tests render them to text."""

from gargon_notation.render.game import (
    RoundPanels,
    battle_lines,
    round_panel,
    rounds_of,
)
from gargon_notation.render.score import scoreboard
from gargon_notation.render.style import COLOUR_STYLES, card_text, cards_text, colour_text
from gargon_notation.render.table import table_view
from gargon_notation.render.uncut import Uncut

__all__ = [
    "COLOUR_STYLES",
    "RoundPanels",
    "Uncut",
    "battle_lines",
    "card_text",
    "cards_text",
    "colour_text",
    "round_panel",
    "rounds_of",
    "scoreboard",
    "table_view",
]
