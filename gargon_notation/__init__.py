"""gargon-notation: the record format, rules engine and tools for the card game Gargon."""

__version__ = "0.1.0"
