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
