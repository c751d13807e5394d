"""The folders of the tables: the names of their part files, a run's parts staged and then
published into place together, and what runs that were killed or failed left behind.

A table is a folder of part files, ``part-00000.parquet`` and on (:func:`part_name`), each
going on in further files past :data:`~gargon_notation.tables.convert.ROW_GROUPS_PER_FILE`
row groups (:func:`part_file`).  :func:`staged_parts` gives a run written by workers
elsewhere a folder of its own, whose parts :func:`publish_parts` moves into the tables once
every one is written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import shutil
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from gargon_notation import atomic, files
from gargon_notation.arguments import shown
from gargon_notation.errors import ArgumentError
from gargon_notation.signals import raising_on_stop
from gargon_notation.tables.columns import TABLES

__all__ = [
    "check_part",
    "file_in_the_way",
    "make_table_folder",
    "missing_folders",
    "part_file",
    "part_name",
    "publish_parts",
    "remove_abandoned_parts",
    "remove_abandoned_staging",
    "remove_empty",
    "remove_files_past",
    "remove_stale_parts",
    "staged_parts",
    "staging_folder",
]


def missing_folders(folder: Path) -> list[Path]:
    """``folder`` and those of its ancestors that do not exist yet, outermost first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    return missing[::-1]


def make_table_folder(directory: str | os.PathLike[str], folder: str | os.PathLike[str]) -> None:
    """Make ``folder``, a folder of the tables in ``directory``, and ``directory`` first
    where it is missing.

    Raises :class:`OSError`: :class:`~gargon_notation.atomic.NotWritable` naming
    ``directory`` when this user may not write where it is made (as
    :func:`~gargon_notation.atomic.make_folders` says) or in it: the refusal names the
    folder the tables were asked for, not one of those made in it.
    """
    atomic.make_folders(directory)
    try:
        atomic.make_folders(folder)
    except atomic.NotWritable as error:
        raise atomic.NotWritable(
            errno.EACCES,
            "cannot write in this folder (permission denied), where the folders of the tables "
            f"are made: make it writable, or {atomic.ELSEWHERE}",
            os.fspath(directory),
        ) from error


def remove_empty(folders: list[Path]) -> None:
    """Remove ``folders`` (outermost first) where they are empty, innermost first."""
    for folder in reversed(folders):
        with contextlib.suppress(OSError):
            folder.rmdir()


def part_name(index: int) -> str:
    """The name of the part files of partition ``index`` of a run in many parts (``--dask``).

    >>> part_name(0), part_name(12)
    ('part-00000', 'part-00012')
    """
    return f"part-{index:05d}"


def part_file(part: str, index: int) -> str:
    """The name of the ``index``-th file (from 0) of a table's ``part``: names that sort in
    the order of the rows, between the part's and the next part's.

    >>> [part_file("part-00000", index) for index in (0, 1, 2)]
    ['part-00000.parquet', 'part-00000_00001.parquet', 'part-00000_00002.parquet']
    >>> sorted(["part-00001.parquet", "part-00000_00001.parquet", "part-00000.parquet"])
    ['part-00000.parquet', 'part-00000_00001.parquet', 'part-00001.parquet']
    """
    return f"{part}.parquet" if index == 0 else f"{part}_{index:05d}.parquet"


_FURTHER = re.compile(r".*_[0-9]{5,}")
"""A name that ends as a part's further files do (:func:`part_file`)."""


def check_part(part: str) -> None:
    """Refuse a part's name that would make files that readers skip or that are not in the
    table's folder, or that ends as its further files' names do.

    Raises :class:`~gargon_notation.errors.ArgumentError` (a :class:`ValueError`), or
    :class:`TypeError` for a part that is not a text.

    >>> check_part("../x")
    Traceback (most recent call last):
    ...
    gargon_notation.errors.ArgumentError: part: a part's name is a file's name in each ...
    """
    if not isinstance(part, str):
        raise TypeError(f"part: a part's name is a text (str), not {shown(part)}")
    if not part:
        raise ArgumentError("part: a part's name cannot be empty")
    if any(mark in part for mark in ("/", "\\", "\0")) or part != part.strip():
        raise ArgumentError(
            "part: a part's name is a file's name in each table's folder, without a path, "
            f"NUL or blanks at its ends: {part!r}"
        )
    if part[0] in "._":
        raise ArgumentError(
            f"part: a part's name cannot begin with '_' or '.' (readers skip such files): {part!r}"
        )
    if _FURTHER.fullmatch(part):
        raise ArgumentError(
            f"part: a part's name cannot end in _ and digits (its further files'): {part!r}"
        )


def remove_files_past(folder: Path, part: str, files_written: int) -> None:
    """Remove the files of ``part`` in ``folder`` numbered from ``files_written`` on."""
    later = re.compile(re.escape(part) + r"_([0-9]{5,})\.parquet")
    with os.scandir(folder) as entries:
        for entry in entries:
            match = later.fullmatch(entry.name)
            if match is not None and int(match.group(1)) >= files_written:
                os.remove(entry.path)


def file_in_the_way(folder: Path) -> Path:
    """The first of ``folder``'s ancestors (or ``folder`` itself) that is not a directory
    (:func:`~gargon_notation.atomic.file_in_the_way`); ``folder`` when none is found."""
    found = atomic.file_in_the_way(folder)
    return folder if found is None else Path(found)


_PART = re.compile(r"part-([0-9]{5,})(?:_[0-9]{5,})?\.parquet")
"""The files of the numbered parts (:func:`part_file`), the first and the next ones."""


_STAGING = ".staging-"
_STAGED = re.compile(r"\.staging-(?:(?P<space>[0-9a-f]{12})-)?(?P<pid>[0-9]{1,9})-[0-9a-f]{8}")
"""A staging folder's name (:func:`staging_folder`), with the space (none in the names of
earlier versions) and the number of the process that made it."""


def remove_abandoned_parts(folder: str | os.PathLike[str]) -> None:
    """Remove the hidden temporaries of part files that runs killed outright left in a
    table's ``folder`` (:func:`~gargon_notation.atomic.remove_abandoned`)."""
    atomic.remove_abandoned(folder, _PART)


def staging_folder(directory: str) -> str:
    """A new folder inside ``directory`` that a run's parts are written into, by workers
    that may be elsewhere, until every part is written (:func:`publish_parts`): a run that
    fails or is interrupted half way, whose workers may go on writing for a while, never
    mixes its parts into the tables with an earlier run's.  Its name starts with a dot, as
    Spark, pyarrow and Dask skip it when they read a directory, and holds the space and the
    number of the process that made it (:func:`~gargon_notation.atomic.process_space`).

    >>> os.path.basename(staging_folder("tables")).startswith(".staging-")
    True
    """
    made_by = f"{atomic.process_space()}-{os.getpid()}"
    return os.path.join(directory, f"{_STAGING}{made_by}-{secrets.token_hex(4)}")


def publish_parts(staged: str, directory: str, parts: int | None = None) -> None:
    """Move the part files of every table written under ``staged`` into ``directory``'s
    table folders (each replacing the file of its name, atomically), remove the part files
    an earlier run left that this one did not write (parts past this run's, and the
    further files of a part, :func:`part_file`), then ``staged``; last, as far as they can
    be, the staging folders that runs of this machine and container left without
    publishing them (killed, say), or this process, and the hidden temporaries of part
    files that runs killed outright left.

    Given the number of ``parts`` the run wrote, nothing is moved unless every table has
    each of them (another process that removed some would otherwise make tables that lack
    games without a word): raises :class:`OSError` then.
    """
    if parts is not None:
        for table in TABLES:
            written = os.path.join(staged, table)
            found = set()
            if os.path.isdir(written):
                with os.scandir(written) as entries:
                    found = {entry.name for entry in entries}
            missing = [n for n in range(parts) if part_file(part_name(n), 0) not in found]
            if missing:
                raise OSError(
                    errno.ENOENT,
                    f"{len(missing)} of the {parts} parts of {table} are not in the run's "
                    f"staging folder {os.path.basename(staged)} (another process removed "
                    "them?); the tables are left as they were: convert again",
                )
    for table in TABLES:
        folder = os.path.join(directory, table)
        os.makedirs(folder, exist_ok=True)
        written = os.path.join(staged, table)
        moved: set[str] = set()
        if os.path.isdir(written):
            with os.scandir(written) as entries:
                for entry in entries:
                    if _PART.fullmatch(entry.name):
                        os.replace(entry.path, os.path.join(folder, entry.name))
                        moved.add(entry.name)
        with os.scandir(folder) as entries:
            for entry in entries:
                if _PART.fullmatch(entry.name) and entry.name not in moved:
                    os.remove(entry.path)
    shutil.rmtree(staged, ignore_errors=True)
    for table in TABLES:  # what killed runs left: as far as it can be removed
        remove_abandoned_parts(os.path.join(directory, table))
    remove_abandoned_staging(directory)


def remove_abandoned_staging(directory: str | os.PathLike[str]) -> list[str]:
    """Remove, as far as they can be, the staging folders (:func:`staging_folder`) in
    ``directory`` that runs of this machine and container left without publishing them
    (killed, say, or stopped while their workers went on writing): those whose name says
    they were made by this process or by one that has ended.  The staging folders of runs
    still going, and of other machines or containers, are kept, and so is anything whose
    name is not a staging folder's.  Never fails; the names removed, in order.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> gone = 999_999_999  # above any system's highest process number: never running
    >>> here = atomic.process_space()
    >>> for pid in (gone, 1 if os.getpid() != 1 else 2):
    ...     (folder / f".staging-{here}-{pid}-0badcafe" / "games").mkdir(parents=True)
    >>> (folder / ".staging-mine").mkdir()
    >>> remove_abandoned_staging(folder) == [f".staging-{here}-{gone}-0badcafe"]
    True
    >>> len(list(folder.iterdir()))
    2
    """
    removed: list[str] = []
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in sorted(entries, key=lambda entry: entry.name):
            found_by = _STAGED.fullmatch(entry.name)
            if (
                found_by is not None
                and _abandoned(found_by)
                and entry.is_dir(follow_symlinks=False)
            ):
                shutil.rmtree(entry.path, ignore_errors=True)
                removed.append(entry.name)
    return removed


def _abandoned(staged: re.Match[str]) -> bool:
    """Whether the staging folder named so was made by this process, or by one of this
    machine and container (:func:`~gargon_notation.atomic.process_space`) that has ended."""
    space, pid = staged.group("space"), int(staged.group("pid"))
    if space is not None and space != atomic.process_space():
        return False  # another machine's, or another container's: it may be going on
    return pid == os.getpid() or atomic.ended(pid)


@contextlib.contextmanager
def staged_parts(
    directory: str, parts: Callable[[], int] | None = None, *, named: str | None = None
) -> Iterator[str]:
    """A new staging folder of ``directory`` (:func:`staging_folder`), made here, for the
    body to write the run's parts into, published into the tables (:func:`publish_parts`)
    when the body ends normally, and removed when it raises (work still running elsewhere
    may add to it; the next run that publishes removes that).  ``parts``, when given, says
    how many parts the run wrote once the body has ended: publishing checks that each is
    there.  ``named`` is ``directory`` as errors name it (by default ``directory``): the
    path the user gave, say, where ``directory`` is absolute for workers elsewhere.

    SIGTERM and SIGHUP end the block as Ctrl-C does (raising :class:`SystemExit` 143 or
    129, as :func:`~gargon_notation.atomic.atomic_files` has them do for one process), so
    that the staging folder is removed and the tables are left as they were.

    Raises :class:`~gargon_notation.errors.FileError` when ``directory`` or its staging
    folder cannot be made (:func:`make_table_folder`), or the parts cannot be moved into
    place.
    """
    staged = staging_folder(directory)
    shown = directory if named is None else named
    made = missing_folders(Path(shown))  # removed again, when empty, if the run fails
    with raising_on_stop():  # as one process's atomic_files
        try:
            make_table_folder(shown, os.path.join(shown, os.path.basename(staged)))
        except OSError as error:
            remove_empty(made)
            raise files.FileError.from_os_error(shown, error) from None
        try:
            yield staged
        except BaseException:
            shutil.rmtree(staged, ignore_errors=True)
            remove_empty(made)
            raise
        try:
            publish_parts(staged, directory, None if parts is None else parts())
        except OSError as error:
            raise files.FileError.from_os_error(shown, error) from None


def remove_stale_parts(directory: str, tables: Iterable[str], parts: int) -> None:
    """Remove the part files an earlier, larger run left in the tables' folders (numbered
    from ``parts`` on), which would otherwise be read with this run's."""
    for table in tables:
        with os.scandir(os.path.join(directory, table)) as entries:
            for entry in entries:
                match = _PART.fullmatch(entry.name)
                if match is not None and int(match.group(1)) >= parts:
                    os.remove(entry.path)
