"""The ``gargon`` command: its console script calls :func:`run`, as ``python -m
gargon_notation`` does.  Only the command imports this module.

**Ctrl-C from the first moment.**  This is the first of the command's modules that Python runs
(after the few lines of :mod:`gargon_notation`), so it holds Ctrl-C back at once: SIGINT is
blocked before the modules of the command load, and :func:`gargon_notation.cli.run` lets it
through where it can take it.  A Ctrl-C in the first milliseconds then ends the command as a
later one does (exit 130, no traceback, nothing written) instead of interrupting an import;
only Python's own start-up (and the console script's ``import re``) comes before.  Where there
is no signal mask (Windows) nothing is held.  A process of :mod:`multiprocessing` that runs the
main script again (a spawned ``--jobs`` worker, the fork server) runs no command: nothing is
held there.

A Ctrl-C that Python cannot raise where it comes (in a weakref's callback, as the import
system's locks have, or a ``__del__``: Python prints it as an exception ignored and goes on)
is raised again at once, where the command takes it, until the command has ended.
"""

import _thread
import sys

try:  # signal's C half, loaded with Python (signal itself takes a while to make its enums)
    import _signal  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - a Python without it
    _signal = None


def _hold_ctrl_c() -> bool:
    """Block SIGINT; whether this did (see the module; one blocked already stays so)."""
    if "__mp_main__" in sys.modules or not hasattr(_signal, "pthread_sigmask"):
        return False
    blocked = _signal.pthread_sigmask(_signal.SIG_BLOCK, (_signal.SIGINT,))
    return _signal.SIGINT not in blocked


_HELD = _hold_ctrl_c()

_ended = [False]
"""Whether the command has ended (its exit code set)."""


def run() -> None:
    """The ``gargon`` command (:func:`gargon_notation.cli.run`), its modules loaded with
    Ctrl-C held back."""
    sys.unraisablehook = _ctrl_c_raised_again
    try:
        from gargon_notation.cli import run as command

        command(let_ctrl_c_through=_let_ctrl_c_through)
    finally:
        _ended[0] = True


def _let_ctrl_c_through() -> None:
    if _HELD:
        _signal.pthread_sigmask(_signal.SIG_UNBLOCK, (_signal.SIGINT,))


def _ctrl_c_raised_again(event: "sys.UnraisableHookArgs") -> None:
    """A Ctrl-C raised where Python cannot let it through: raised again in the main thread a
    moment later, as a second Ctrl-C would be (dropped once the command has ended); anything
    else printed as Python prints it."""
    if not issubclass(event.exc_type, KeyboardInterrupt):
        sys.__unraisablehook__(event)
    elif not _ended[0]:
        # From another thread: raised at once it would be raised in this hook, and ignored.
        _thread.start_new_thread(_interrupt_unless_ended, ())


def _interrupt_unless_ended() -> None:
    if not _ended[0]:
        _thread.interrupt_main()


if __name__ == "__main__":
    run()
