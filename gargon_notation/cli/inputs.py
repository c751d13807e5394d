"""Records for the verbs: command-line paths read through :mod:`gargon_notation.files`, one
game at a time, and results written back through it, in constant memory.  Every failure ends
the command with its exit code."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, BinaryIO

import attrs

from gargon_notation import files
from gargon_notation.atomic import Read
from gargon_notation.cli.common import STDIN_ONCE, Exit, fail, print_error
from gargon_notation.cli.plain import write_all, write_data, write_data_bytes
from gargon_notation.errors import NotationError, argument_name, printable_name
from gargon_notation.notation import Chunk, GameRecord, decode_lines, parse_game, split_games
from gargon_notation.notation.lines import MAX_LINE_BYTES

__all__ = [
    "HTML_ELSEWHERE",
    "STDOUT",
    "Games",
    "Joined",
    "Target",
    "each_input",
    "elsewhere",
    "file_games",
    "games_of",
    "in_place_target",
    "inputs_of",
    "one_input_for",
    "output",
    "output_bytes",
    "parsed",
    "single_input",
    "stdin_saved",
    "to_stdout",
    "write",
]


def single_input(path: str) -> files.Input:
    """The one file (or standard input) a verb reads; exit 2 when there is not exactly one."""
    try:
        inputs = files.find_inputs([path])
    except files.FileError as error:
        fail(str(error))
    if len(inputs) != 1:
        fail(
            f"{printable_name(path)}: {len(inputs)} record files, where one is read: give one "
            f"file (gargon cat {argument_name(path)} -o FILE joins them into one)"
        )
    return inputs[0]


def inputs_of(paths: list[str], once: bool = False) -> list[files.Input]:
    """The inputs that command-line paths name (files, directories searched recursively,
    patterns, ``-``), each file once if ``once`` (:func:`files.once_each`: for the verbs that
    count or key games across inputs), else at each of its turns; exit 2 for a path that
    cannot be found, when none names a file, or (not ``once``) for ``-`` given twice, since
    standard input cannot be read at its second turn."""
    try:
        found = files.find_inputs(paths)
    except files.FileError as error:
        fail(str(error))
    if not found:
        fail("no .ggn, .json or .jsonl file found in " + ", ".join(map(printable_name, paths)))
    if once:
        return files.once_each(found)
    if sum(source.path is None for source in found) > 1:
        fail(STDIN_ONCE)
    return found


def one_input_for(option: str, inputs: list[files.Input]) -> None:
    """Exit 2 when an option about one file's games (``--game N``) comes with several."""
    if len(inputs) != 1:
        names = ", ".join(printable_name(source.name) for source in inputs[:3])
        more = ", ..." if len(inputs) > 3 else ""
        fail(
            f"{option} picks a game of one file, but {len(inputs)} were given "
            f"({names}{more}): give that file alone"
        )


def each_input(inputs: list[files.Input], work: Callable[[files.Input], None]) -> int:
    """Do ``work`` for every input in turn, going on after one of them ends with an exit
    code (its errors are printed by then); the highest code."""
    code = 0
    for source in inputs:
        try:
            work(source)
        except Exit as ended:
            code = max(code, ended.exit_code)
    return code


HTML_ELSEWHERE = "write the page elsewhere with --html"
"""What the verbs that write a page to ``--html FILE`` suggest when they cannot write it."""


def write(path: str | os.PathLike[str], text: str, elsewhere: str = files.ELSEWHERE) -> None:
    """Replace a file atomically; exit 2 when it cannot be written (a refusal suggests
    ``elsewhere``)."""
    try:
        files.write_text(path, text, elsewhere)
    except files.FileError as error:
        fail(str(error))


@attrs.define
class Games:
    """The games of one input, read one at a time (memory does not grow with the file).

    Iterating yields ``(number, record)`` for each game that can be read (numbers count
    every game from 1); a game that cannot be read is printed as its error, counted in
    :attr:`errors`, and skipped.  :meth:`finish` then ends the command as :func:`records`
    would: exit 1 after a syntax error, or for an input without a game.
    """

    source: files.Input
    format: files.Format
    file: Path | None
    """What is read: the input's own file, standard input saved to a temporary file, or
    (None) standard input itself, which can be read once."""
    stdin: BinaryIO | None = None
    errors: int = 0
    count: int = 0
    read: Read | None = None
    """Where given, the file is read through it: its status as opened and the digest of
    every byte, for a rewrite of the file to refuse it once another program changed it
    (``--in-place``: :func:`output`'s ``read_as``)."""

    @contextlib.contextmanager
    def _open(self) -> Iterator[BinaryIO]:
        if self.file is None:
            assert self.stdin is not None
            yield self.stdin
        elif self.read is None:
            with self.file.open("rb") as handle:
                yield handle
        else:
            with self.file.open("rb", buffering=0) as raw:
                self.read.status = os.fstat(raw.fileno())
                stream = self.read.reader(raw)
                yield stream
                self.read.read_rest(stream)  # what the reader left unread, if anything

    def __iter__(self) -> Iterator[tuple[int, GameRecord]]:
        for number, item in self.items():
            if isinstance(item, GameRecord):
                yield number, item

    def items(self) -> Iterator[tuple[int, GameRecord | NotationError]]:
        """Every game, readable or not: one that cannot be read comes as its error (printed,
        and counted in :attr:`errors`)."""
        try:
            with self._open() as handle:
                items = files.iter_games(handle, self.format, self.source.name)
                for number, item in enumerate(items, start=1):
                    if isinstance(item, NotationError):
                        self.errors += 1
                        print_error(str(item))
                    else:
                        self.count += 1
                    yield number, item
        except OSError as error:
            fail(str(files.FileError.from_os_error(self.source.name, error)))

    def unparsed(self) -> Iterator[tuple[int, Chunk | GameRecord | NotationError]]:
        """Every game as read, before notation is parsed (:func:`parsed` parses it, in a
        worker process say; :meth:`note` then counts it).  Nothing is printed or counted."""
        try:
            yield from self.unparsed_or_raise()
        except files.FileError as error:
            fail(str(error))

    def unparsed_or_raise(self) -> Iterator[tuple[int, Chunk | GameRecord | NotationError]]:
        """:meth:`unparsed`, raising :class:`~gargon_notation.files.FileError` where the
        input cannot be read (instead of printing it and ending the command)."""
        try:
            with self._open() as handle:
                name = self.source.name
                if self.format == "ggn":
                    yield from enumerate(split_games(decode_lines(handle, name), name), start=1)
                else:
                    yield from enumerate(files.iter_games(handle, self.format, name), start=1)
        except OSError as error:
            raise files.FileError.from_os_error(self.source.name, error) from None

    def note(self, item: GameRecord | NotationError | None) -> None:
        """Count a game of :meth:`unparsed` once parsed (None: it was read), as iterating
        counts it: an error is printed."""
        if isinstance(item, NotationError):
            self.errors += 1
            print_error(str(item))
        else:
            self.count += 1

    def finish(self) -> None:
        """Exit 1 when a game could not be read or there was no game at all."""
        if self.errors:
            raise Exit(1)
        if not self.count:
            fail(f"{printable_name(self.source.name)}: no game found", 1)


def parsed(item: Chunk | GameRecord | NotationError, name: str) -> GameRecord | NotationError:
    """A game of :meth:`Games.unparsed` read, or why it cannot be (as iterating gives it)."""
    if not isinstance(item, Chunk):
        return item
    if item.error is not None:
        return item.error
    try:
        return parse_game(item.text, source=name, first_line=item.first_line)
    except NotationError as error:
        return error


def file_games(source: files.Input, file: Path | None = None) -> Games:
    """The games of an input read from ``file`` (by default the input's own file), as
    :func:`games_of` gives them, without printing anything: raises
    :class:`~gargon_notation.files.FileError` when the file cannot be read."""
    file = file if file is not None else source.path
    assert file is not None
    try:
        with file.open("rb") as handle:
            format, _ = files.sniff_stream(handle, source.path)
    except OSError as error:
        raise files.FileError.from_os_error(source.name, error) from None
    return Games(source, format, file)


@contextlib.contextmanager
def games_of(path: str | files.Input, *, again: bool = False) -> Iterator[Games]:
    """The games of a .ggn, .json or .jsonl file or of standard input (a command-line path,
    which must name one file, or an input found by :func:`inputs_of`); exit 2 when it cannot
    be read.  With ``again``, standard input is saved to a temporary file first, so that it
    can be read a second time (to compare it with its canonical form)."""
    source = single_input(path) if isinstance(path, str) else path
    if source.path is None and not again:
        try:
            format, stream = files.sniff_stream(sys.stdin.buffer)
        except OSError as error:
            fail(str(files.FileError.from_os_error(source.name, error)))
        yield Games(source, format, None, stream)
        return
    with contextlib.ExitStack() as stack:
        file = source.path if source.path is not None else stack.enter_context(stdin_saved())
        try:
            games = file_games(source, file)
        except files.FileError as error:
            fail(str(error))
        yield games


@contextlib.contextmanager
def stdin_saved() -> Iterator[Path]:
    """Standard input saved to a temporary file (removed afterwards), to read it more than
    once; exit 2 when it cannot be read."""
    with tempfile.NamedTemporaryFile(prefix="gargon-stdin-") as spool:
        try:
            _spool(sys.stdin.buffer, spool)
        except OSError as error:
            fail(str(files.FileError.from_os_error(files.Input.stdin().name, error)))
        yield Path(spool.name)


def _spool(stream: BinaryIO, spool: IO[bytes]) -> None:
    """Copy ``stream`` into ``spool`` up to its end, or up to a line over the reader's limit
    that holds a NUL byte: binary data (``- < /dev/zero``), where the reader stops too (a NUL
    on a line of ordinary length makes only its game binary data)."""
    run = 0  # bytes since the last line end
    nul_in_run = False
    while block := stream.read(1 << 20):
        spool.write(block)
        last_end = max(block.rfind(b"\n"), block.rfind(b"\r"))
        if last_end >= 0:
            run = len(block) - last_end - 1
            nul_in_run = b"\0" in block[last_end + 1 :]
        else:
            run += len(block)
            nul_in_run = nul_in_run or b"\0" in block
        if nul_in_run and run > MAX_LINE_BYTES:
            break
    spool.flush()


@attrs.define
class Joined:
    """Standard output shared by the inputs of a verb that writes the games of each in turn,
    each in its own format: one stream holds one format, notation files are separated by a
    blank line (the whole is then canonical), and a JSON document stands alone."""

    format: files.Format | None = None
    """The format written so far (None: nothing yet)."""
    first: str = ""
    """The name of the first input written."""
    first_stdin: bool = False
    """Whether the first input written is standard input."""

    def before(self, games: Games) -> str:
        """The text to write before the games of ``games``; exit 2 (nothing of this input is
        written) when they cannot follow what was written before."""
        if self.format is None:
            return ""
        name, first = printable_name(games.source.name), printable_name(self.first)
        # --in-place refuses standard input: advised only when both inputs are files
        files_only = games.source.path is not None and not self.first_stdin
        in_place = "use --in-place, or " if files_only else ""
        if games.format != self.format:
            fail(
                f"{name}: not written: it is {_FORMAT_WORDS[games.format]}, but standard "
                f"output already holds {_FORMAT_WORDS[self.format]} ({first}), and one stream "
                f"holds one format ({in_place}give inputs of one format)"
            )
        if games.format == "json":
            fail(
                f"{name}: not written: standard output already holds a JSON document "
                f"({first}), and one stream holds one at most ({in_place}give the "
                f"{'files' if files_only else 'inputs'} one at a time)"
            )
        return "\n" if self.format == "ggn" else ""

    def wrote(self, games: Games) -> None:
        """Note that the games of ``games`` were written."""
        if self.format is None:
            self.first = games.source.name
            self.first_stdin = games.source.path is None
        self.format = games.format


_FORMAT_WORDS: dict[files.Format, str] = {
    "ggn": "notation text",
    "json": "a JSON document",
    "jsonl": "JSON Lines",
}
"""Each format as the refusals of :class:`Joined` name it."""


def elsewhere(verb: str) -> str:
    """What ``gargon VERB --in-place`` suggests when it cannot rewrite a file: the same
    command (its other options kept) without ``--in-place``, which writes the result to
    standard output.

    >>> elsewhere("fmt").removeprefix("write the result elsewhere: ")
    'the same gargon fmt without -i writes it to standard output (> OTHER)'
    """
    return (
        f"write the result elsewhere: the same gargon {verb} without -i writes it to standard "
        "output (> OTHER)"
    )


def in_place_target(games: Games, verb: str) -> Path:
    """The file ``gargon VERB --in-place`` rewrites; exit 2 for standard input or a
    special file."""
    if games.source.path is None:
        fail("--in-place needs a file, not standard input")
    if not os.path.isfile(games.source.path):
        name = printable_name(str(games.source.path))
        fail(f"--in-place needs a regular file: {name} is not one ({elsewhere(verb)})")
    return games.source.path


STDOUT = "-"
"""``-o -``: standard output, as ``-`` is standard input among the inputs."""

Target = str | Path | None
"""Where a verb writes: ``-o`` as given (a string: ``-`` alone is standard output, ``./-`` the
file named ``-``), a file (a :class:`~pathlib.Path`, which is always a file: ``Path("./-")`` is
``Path("-")``), or None for standard output."""


def to_stdout(target: Target) -> bool:
    """Whether ``target`` is standard output: None, or ``-`` as given (not a file named so).

    >>> to_stdout(None), to_stdout("-"), to_stdout("./-"), to_stdout(Path("-"))
    (True, True, False, False)
    """
    return target is None or (isinstance(target, str) and target == STDOUT)


def writable(target: Target, elsewhere: str = files.ELSEWHERE) -> None:
    """Exit 2 at once when ``target`` (a file, not standard output) cannot be written, for a
    verb that reads every game before it writes: what :func:`write` and :func:`output` would
    refuse once the reading is done (a refusal suggests ``elsewhere``)."""
    if to_stdout(target):
        return
    assert target is not None
    try:
        files.check_target(target, elsewhere)
    except files.FileError as error:
        fail(str(error))


def write_page(target: Target, page: str) -> None:
    """Write the HTML ``page`` of ``--html``: to standard output for ``--html -`` (as ``-o
    -`` is for every verb; ``./-`` is the file named ``-``), else to the file, replaced
    atomically (exit 2 when it cannot be written)."""
    if to_stdout(target):
        write_data(page)
    else:
        assert target is not None
        write(target, page, HTML_ELSEWHERE)


def page_target(html: Target, as_json: bool) -> None:
    """Check ``--html`` before any game is read: exit 2 when its file cannot be written
    (:func:`writable`), or when it is standard output and so is ``--json``'s object."""
    if html is None:
        return
    if as_json and to_stdout(html):
        fail("--json and --html - both write to standard output: give --html a file")
    writable(html, HTML_ELSEWHERE)


@contextlib.contextmanager
def output(
    target: Target,
    elsewhere: str = files.ELSEWHERE,
    *,
    read_as: os.stat_result | Read | None = None,
) -> Iterator[Callable[[str], None]]:
    """A writer of text pieces: into ``target``, replaced atomically when the block ends
    without an error, or (standard output: :func:`to_stdout`) to standard output once the
    block has ended without one.  Either way nothing is written when the block fails (a
    syntax error found in the last game leaves no half-written output), and memory stays
    flat: standard output is gathered in a temporary file.  Exit 2 when the target cannot
    be written (a file that cannot be replaced is refused suggesting ``elsewhere``, one
    changed since it was read as ``read_as`` too: :func:`~gargon_notation.atomic.atomic_writer`)."""
    with output_bytes(target, elsewhere, read_as=read_as) as write:

        def encoded(piece: str) -> None:
            write(piece.encode("utf-8"))

        yield encoded


def _owners(path: str | Path) -> tuple[int, int] | None:
    """The user and group numbers of the regular file ``path`` (through a link); None when
    there is none."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_uid, status.st_gid) if os.path.isfile(path) else None


def _owner_names(owners: tuple[int, int]) -> str:
    """``user:group`` by name where the system knows them, else by number.

    >>> _owner_names((987654321, 987654321))
    '987654321:987654321'
    """
    user, group = str(owners[0]), str(owners[1])
    try:
        import grp
        import pwd

        user = pwd.getpwuid(owners[0]).pw_name
        group = grp.getgrgid(owners[1]).gr_name
    except (ImportError, KeyError):  # not Unix, or a number without a name
        pass
    return f"{user}:{group}"


def _say_owners_changed(target: str | Path, before: tuple[int, int] | None) -> None:
    """Say so when the file rewritten at ``target`` is no longer owned by the user and group
    it was (``before``): only root may give a file to another user (or to a group the user is
    not in), so another user's file rewritten becomes the rewriter's."""
    after = _owners(target)
    if before is None or after is None or after == before:
        return
    import shlex

    name, was = printable_name(os.fspath(target)), _owner_names(before)
    print_error(
        f"gargon: warning: {name}: rewritten, but now owned by {_owner_names(after)}, where "
        f"it was {was}: only root may give a file to another user or group (sudo chown {was} "
        f"{shlex.quote(name)} gives it back)"
    )


@contextlib.contextmanager
def output_bytes(
    target: Target,
    elsewhere: str = files.ELSEWHERE,
    *,
    read_as: os.stat_result | Read | None = None,
) -> Iterator[Callable[[bytes], object]]:
    """:func:`output` for bytes, written as they are."""
    if target is not None and not to_stdout(target):
        before = _owners(target)
        try:
            with files.atomic_writer(target, elsewhere, read_as=read_as) as stream:
                yield stream.write
        except OSError as error:
            fail(str(files.FileError.from_os_error(os.fspath(target), error)))
        _say_owners_changed(target, before)
        return
    with tempfile.TemporaryFile() as spool:
        yield spool.write
        spool.seek(0)
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is None or sys.stdout.isatty():
            for line in spool:
                write_data_bytes(line)  # shown safely, line by line
        else:
            sys.stdout.flush()
            while chunk := spool.read(1 << 20):
                write_all(buffer, chunk)
        sys.stdout.flush()
