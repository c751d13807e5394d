"""Handlers of our own for the length of a block: which are replaced, and that all come back."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from gargon_notation.signals import handling

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGUSR1"), reason="POSIX signals")


def noted(number: int, frame: Any) -> None:
    """A handler of the block's."""


@pytest.fixture
def usr() -> Iterator[tuple[int, int]]:
    """SIGUSR1 ignored and SIGUSR2 at its default, as the test starts; as they were after."""
    before = {number: signal.getsignal(number) for number in (signal.SIGUSR1, signal.SIGUSR2)}
    signal.signal(signal.SIGUSR1, signal.SIG_IGN)
    signal.signal(signal.SIGUSR2, signal.SIG_DFL)
    yield signal.SIGUSR1, signal.SIGUSR2
    for number, handler in before.items():
        signal.signal(number, handler)


def test_only_the_handlers_accepted_are_replaced(usr: tuple[int, int]) -> None:
    ignored, default = usr
    names = ("SIGUSR1", "SIGUSR2", "NOSUCHSIGNAL")
    with handling(names, noted, replacing=lambda h: h is not signal.SIG_IGN) as replaced:
        assert replaced == {default: signal.SIG_DFL}
        assert signal.getsignal(ignored) is signal.SIG_IGN
        assert signal.getsignal(default) is noted
    assert signal.getsignal(default) is signal.SIG_DFL


def test_the_handlers_come_back_when_the_block_raises(usr: tuple[int, int]) -> None:
    ignored, default = usr
    with pytest.raises(KeyError), handling(("SIGUSR1", "SIGUSR2"), noted, replacing=lambda h: True):
        assert signal.getsignal(ignored) is noted
        raise KeyError
    assert (signal.getsignal(ignored), signal.getsignal(default)) == (
        signal.SIG_IGN,
        signal.SIG_DFL,
    )


def test_outside_the_main_thread_nothing_is_replaced(usr: tuple[int, int]) -> None:
    seen: list[object] = []

    def block() -> None:
        with handling(("SIGUSR2",), noted, replacing=lambda h: True) as replaced:
            seen.append(replaced)

    thread = threading.Thread(target=block)
    thread.start()
    thread.join()
    assert seen == [{}]
    assert signal.getsignal(usr[1]) is signal.SIG_DFL
