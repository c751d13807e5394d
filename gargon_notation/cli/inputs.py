"""Records for the verbs: command-line paths read through :mod:`gargon_notation.files`, and
results written back through it.  Every failure ends the command with its exit code."""

from __future__ import annotations

import os
import sys

import attrs
import typer

from gargon_notation import files
from gargon_notation.cli.common import fail, print_error
from gargon_notation.cli.terminal import write_data
from gargon_notation.errors import NotationError
from gargon_notation.notation import GameRecord

__all__ = ["Loaded", "emit", "load", "pick", "records", "single_input", "write"]


def single_input(path: str) -> files.Input:
    """The one file (or standard input) a verb reads; exit 2 when there is not exactly one."""
    try:
        inputs = files.find_inputs([path])
    except files.FileError as error:
        fail(str(error))
    if len(inputs) != 1:
        fail(f"{path}: expected one file, found {len(inputs)}")
    return inputs[0]


@attrs.frozen
class Loaded:
    """A file read whole: its bytes, its format, and its games (or their errors)."""

    source: files.Input
    data: bytes
    format: files.Format
    games: list[GameRecord | NotationError]

    @property
    def records(self) -> list[GameRecord]:
        """The games that could be read."""
        return [game for game in self.games if isinstance(game, GameRecord)]

    def dumps(self, records: list[GameRecord]) -> str:
        """Records written in the format they were read in (JSON stays JSON)."""
        return files.dumps(records, self.format)


def load(path: str) -> Loaded:
    """Every game of a .ggn, .json or .jsonl file or of stdin (a broken game is its error);
    exit 2 when it cannot be read."""
    source = single_input(path)
    try:
        data = files.read_bytes(source)
    except files.FileError as error:
        fail(str(error))
    format = files.sniff(data, source.path)
    return Loaded(source, data, format, list(files.loads(data, format=format, source=source.name)))


def records(path: str) -> Loaded:
    """All games of a file, or exit 1 showing every syntax error (nothing is half-read)."""
    loaded = load(path)
    errors = [game for game in loaded.games if isinstance(game, NotationError)]
    if errors:
        for error in errors:
            print_error(str(error))
        raise typer.Exit(1)
    if not loaded.games:
        fail(f"{loaded.source.name}: no game found", 1)
    return loaded


def pick(games: list[GameRecord], game: int | None) -> list[tuple[int, GameRecord]]:
    """Every game with its number (from 1), or only ``--game N``; exit 2 for a game not there."""
    if game is None:
        return list(enumerate(games, start=1))
    if not 1 <= game <= len(games):
        fail(f"--game {game}: the file holds games 1-{len(games)}")
    return [(game, games[game - 1])]


def write(path: str | os.PathLike[str], text: str) -> None:
    """Replace a file atomically; exit 2 when it cannot be written."""
    try:
        files.write_text(path, text)
    except files.FileError as error:
        fail(str(error))


def emit(text: str, loaded: Loaded, in_place: bool) -> None:
    """``text`` on standard output, or with ``--in-place`` over the file it was read from."""
    if in_place:
        if loaded.source.path is None:
            fail("--in-place needs a file, not standard input")
        if not os.path.isfile(loaded.source.path):
            fail(f"--in-place needs a regular file: {loaded.source.path} is not one (use -o)")
        write(loaded.source.path, text)
    else:
        write_data(text)
        sys.stdout.flush()
