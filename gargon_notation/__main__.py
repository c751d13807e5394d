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


_ended = [False]
"""Whether the command has ended (its exit code set)."""


def run() -> None:
    """The ``gargon`` command (:func:`gargon_notation.cli.run`), its modules loaded with
    Ctrl-C held back (from here: importing this module holds nothing)."""
    held = _hold_ctrl_c()
    before, main = sys.unraisablehook, _thread.get_ident()

    def raised_again(event: "sys.UnraisableHookArgs") -> None:
        _raised_again(event, before, main)

    def let_ctrl_c_through() -> None:
        if held:
            _signal.pthread_sigmask(_signal.SIG_UNBLOCK, (_signal.SIGINT,))

    sys.unraisablehook = raised_again
    try:
        from gargon_notation.cli import run as command

        command(let_ctrl_c_through=let_ctrl_c_through)
    finally:
        _ended[0] = True


_SIGNALLED = {130: "SIGINT", 143: "SIGTERM", 129: "SIGHUP"}
"""The exit codes of the exceptions the command's signal handlers raise, and their signals."""


def _raised_again(event: "sys.UnraisableHookArgs", before: object, main: int) -> None:
    """A Ctrl-C (or SIGTERM, SIGHUP turned into an exit) raised where Python cannot let it
    through (a weakref's callback, a ``__del__``): sent again to the main thread a moment
    later, as a second one would be, where it waits while Ctrl-C is held back (dropped once
    the command has ended); anything else to the hook there was before."""
    name = None
    if issubclass(event.exc_type, KeyboardInterrupt):
        name = "SIGINT"
    elif issubclass(event.exc_type, SystemExit):
        name = _SIGNALLED.get(getattr(event.exc_value, "code", None))  # type: ignore[arg-type]
    number = getattr(_signal, name, None) if name is not None else None
    if number is None or not hasattr(_signal, "pthread_kill"):
        if callable(before):
            before(event)
        return
    if not _ended[0]:
        # From another thread: raised at once it would be raised in this hook, and ignored.
        _thread.start_new_thread(_signal_unless_ended, (number, main))


def _signal_unless_ended(number: int, main: int) -> None:
    if not _ended[0]:
        _signal.pthread_kill(main, number)


if __name__ == "__main__":
    run()
