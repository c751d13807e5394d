"""Running a command under the permission checks of an ordinary user, also as root."""

from __future__ import annotations

import os
import shutil

import pytest


def without_folder_rights() -> list[str]:
    """The command prefix that runs a command under the permission checks of a user: none
    for a user, ``capsh`` dropping root's right to pass them for root; skip the test where
    root cannot drop it."""
    if os.geteuid() != 0:
        return []
    if shutil.which("capsh") is None:
        pytest.skip("root passes every permission check, and capsh is not here to drop that")
    return ["capsh", "--drop=cap_dac_override,cap_dac_read_search", "--", "-c", '"$0" "$@"']


def as_someone_else() -> list[str]:
    """The command prefix that runs a command as root without its rights over other users'
    files (to pass permission checks, to change a file's owner or mode), so that a file
    given to another user is someone else's; skip the test where that cannot be done (not
    root: the file could not be given away; no ``capsh``)."""
    if os.geteuid() != 0 or shutil.which("capsh") is None:
        pytest.skip("root, and capsh to drop root's rights, make another user's file here")
    rights = "cap_chown,cap_fowner,cap_dac_override,cap_dac_read_search"
    return ["capsh", f"--drop={rights}", "--", "-c", '"$0" "$@"']
