"""The terminal application of ``gargon record`` (Textual).

It only shows and collects: the recording (:mod:`gargon_notation.recording`) checks every
entry, and :class:`~gargon_notation.recording_lines.LineRecorder` keeps the file.  Screens:

- :class:`SetupScreen` when the options did not name the players: players in seat order,
  start player, event, site, date, seed, whose view is recorded, what the recorder sees
  (backs only, or everything) and the deal lines known;
- :class:`RecorderApp`'s main screen: whose decision and of what kind, what the rules allow
  (:meth:`~gargon_notation.recording.Recording.choices`: the hand by colour, the pattern to
  follow, the last seat's colours, the pile sizes), the table (hands by colour, values where
  known, piles, cards in front, won cards, the score so far), the record text growing beside
  it, and the entry line, which completes what is legal now (the right arrow takes it).

Keys: Enter checks and records the entry (a paste of several lines records each in turn,
until one is refused: the others wait, and Escape drops them); the right arrow takes the
completion; Ctrl+Z undoes the last decision (``undo N`` undoes N), saying which; a line of
only a comment (``{...}``) or a glyph (``!?``) goes to the last decision; Ctrl+Q leaves (the
file is already saved; with something typed and not recorded, a second Ctrl+Q); Ctrl+C
leaves at once, exit 130, and SIGINT, SIGTERM, SIGHUP likewise (130, 143, 129).  Once the
terminal is back, :func:`run_app` prints the file's state and what was typed but not
recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import shlex
import signal
import sys
import weakref
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from types import FrameType
from typing import ClassVar

import attrs
from rich.console import ConsoleRenderable, Group, RenderableType, RichCast
from rich.measure import Measurement
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.suggester import Suggester
from textual.widgets import Button, Footer, Input, Label, Select, Static, TextArea

from gargon_notation.cli.record import OPTIONAL_TAGS
from gargon_notation.engine import RoundStarted, Score
from gargon_notation.engine.wording import count_of
from gargon_notation.errors import (
    NAME_UNSAFE,
    GargonError,
    NotationError,
    argument_name,
    printable,
)
from gargon_notation.notation import model, parse_game
from gargon_notation.notation.writer import write_action, write_game
from gargon_notation.recording import EntryRefused, Recording, RecordingError, Sight
from gargon_notation.recording_lines import FileChanged, LineRecorder, RecordLock, held_bytes
from gargon_notation.render.game import battle_lines, rounds_of
from gargon_notation.render.score import scoreboard
from gargon_notation.render.table import table_view
from gargon_notation.signals import handling

__all__ = ["EntrySuggester", "RecorderApp", "SetupScreen", "run_app"]

ENTRY_HINT = "the entry, such as Y2 Y6 R9, pass 1 1 2, R, 1, forgot"
OVER_HINT = "the game is over: a comment goes with the last decision; Ctrl+Q leaves (saved)"
"""The entry line's hint once the game is over (the entries' hint would ask for more)."""


def run_app(
    file: Path,
    tags: list[model.Tag],
    recording: Recording | None,
    on_disk: bytes | None = None,
    lock: RecordLock | None = None,
    quiet: bool = False,
) -> int:
    """Run the application on the terminal; the exit code (0: left normally).  ``on_disk``
    is what FILE held when it was read (:attr:`LineRecorder.on_disk`), ``lock`` the lock
    on it that each save renews; ``quiet`` leaves out the summary printed on leaving (what
    was typed but not recorded is still printed)."""
    app = RecorderApp(file, tags, recording, on_disk=on_disk, lock=lock)
    with _signals_leave(app):
        app.run()
        with contextlib.suppress(OSError):  # a terminal gone (SIGHUP) takes nothing more
            _print_left(app, quiet)
    if app.signalled is not None:
        return app.signalled
    return app.return_code or 0


@contextlib.contextmanager
def _signals_leave(app: RecorderApp) -> Iterator[None]:
    """While the block runs, SIGINT, SIGTERM and SIGHUP make the application leave as Ctrl+C
    does (the terminal restored, what was typed printed), with exit 130, 143 or 129; a
    signal ignored when the command started stays ignored."""

    def leave(number: int, frame: FrameType | None) -> None:
        app.signal_received(128 + number)

    names = ("SIGINT", "SIGTERM", "SIGHUP")
    with handling(names, leave, replacing=lambda handler: handler is not signal.SIG_IGN):
        yield


TERMINAL_LOOK_EVERY = 0.5
"""Seconds between two looks at whether the terminal has hung up (:meth:`RecorderApp._look_at`)."""


def hung_up(terminal: int) -> bool:
    """Whether the ``terminal`` (a file descriptor) has hung up: its other end closed, as a
    terminal window or an SSH connection is (asked without reading from it).

    >>> import os
    >>> read, write = os.pipe()
    >>> hung_up(read)
    False
    >>> os.close(write)
    >>> hung_up(read)
    True
    >>> os.close(read)
    """
    import select

    if not hasattr(select, "poll"):  # pragma: no cover - Windows has no such terminal
        return False
    watch = select.poll()
    watch.register(terminal, select.POLLHUP)
    gone = select.POLLHUP | select.POLLERR | select.POLLNVAL
    return any(events & gone for _, events in watch.poll(0))


def _print_left(app: RecorderApp, quiet: bool) -> None:
    """What the recorder leaves behind, printed once the terminal is back: the file's state
    and how to go on, and anything typed but not recorded."""
    from gargon_notation.cli.record import changed_advice, held_lines, say, summary

    name = printable(str(app.file))
    recorder = app.recorder
    if recorder is None or recorder.recording is None:
        command = app.setup_command
        if command is None:
            say(f"{name}: not started; nothing written")
        else:
            say(f"{name}: not started; nothing written. To start it as set up: {command}")
        return
    found = held_bytes(app.file)
    if found and recorder.on_disk is not None and found != recorder.on_disk:
        say(f"{name}: another program changed it while it was recorded; {changed_advice(name)}")
    elif not quiet:
        say(summary(app.file, recorder.recording))
    for line in held_lines(app.file, recorder.recording):
        say(line)
    for text in app.unrecorded:
        say(f"{name}: not recorded, as typed when the recorder was left: {printable(text)}")


def _typed_text(text: str) -> str:
    return printable(" ".join(text.split()))


class EntrySuggester(Suggester):
    """Completes the entry being typed with what the rules allow now
    (:meth:`~gargon_notation.recording.Recording.completions`)."""

    def __init__(self, recording: Recording) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.recording = recording

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        found = self.recording.completions(value)
        return found[0] if found else None


class EntryInput(Input):
    """The entry line.  It acts on every key in the order typed: Enter records the entry,
    and the line's own keys (Backspace, Ctrl+U, the arrows, ...) edit it, each before the
    next key is read.  As bindings they were acted on only once the key had gone to the line
    and back up to the application (and an entry recorded later still, from a
    :class:`~textual.widgets.Input.Submitted` message), so the letters typed quickly after
    them came first: after Enter they went into the entry being recorded, or were cleared
    away with it; after Backspace or Ctrl+U the wrong letter was deleted."""

    KEYS: ClassVar[BindingsMap] = BindingsMap(Input.BINDINGS)
    """The keys of the line's own bindings (Backspace, Ctrl+U, the arrows, ...)."""

    class Then(Message, bubble=False):
        """Run :attr:`then` once the line has taken the keys typed before this message was
        sent (they wait in its queue ahead of it)."""

        def __init__(self, then: Callable[[], None]) -> None:
            super().__init__()
            self.then = then

    def on_entry_input_then(self, message: Then) -> None:
        message.then()

    def _on_paste(self, event: events.Paste) -> None:
        """A paste of several lines records them in order, each as if typed and Enter
        pressed (:meth:`RecorderApp.paste`): the line took only the first, the others were
        dropped.  One line (a trailing newline, blank lines aside) goes into the line at the
        cursor, as typed."""
        event.stop()
        event.prevent_default()
        lines = [line for line in event.text.splitlines() if line.strip()]
        app = self.app
        if len(lines) > 1 and isinstance(app, RecorderApp) and app.recorder is not None:
            app.paste(self, lines)
        elif lines:
            self.take(lines[0])

    def take(self, text: str) -> None:
        """Put ``text`` in the line as typed: at the cursor, or over the selection."""
        selection = self.selection
        if selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *selection)

    async def _on_key(self, event: events.Key) -> None:
        app = self.app
        # Ctrl+J: a newline, as an Enter typed while the recorder started comes (the
        # terminal was not yet raw), and as a terminal sends Enter in some modes
        if event.key == "enter" or event.key == "ctrl+j":
            event.stop()
            event.prevent_default()
            if isinstance(app, RecorderApp):
                app.submit(self)
            return
        if event.key == "escape" and isinstance(app, RecorderApp) and app.pasted:
            event.stop()
            event.prevent_default()
            app.action_drop_pasted()
            return
        for binding in self.KEYS.key_to_bindings.get(event.key, ()):
            event.stop()
            event.prevent_default()
            await self.run_action(binding.action)
            return
        await super()._on_key(event)


def _pictured(text: str) -> str:
    """``text`` with each control character (those :data:`~gargon_notation.errors.NAME_UNSAFE`
    matches) as one character that shows it: its picture (U+2400 to U+2421), else U+FFFD.

    >>> _pictured("Club\x07 \x1b[31m\u202e")
    'Club\u2407 \u241b[31m\ufffd'
    """

    def picture(match: re.Match[str]) -> str:
        code = ord(match.group())
        return chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"

    return NAME_UNSAFE.sub(picture, text)


class SetupField(Input):
    """A field of the set-up, one line.  A paste of several lines into the players' field
    takes each line as a name (a list of names, one a line, none with a comma); otherwise
    its first line, and the set-up says what was not taken (Textual's field kept the first
    line and dropped the others without a word)."""

    @property
    def _value(self) -> Text:
        # A control character of a value the options gave (--event $'Club\x1b[31m') or a
        # paste brought is drawn as its picture (U+241B for ESC), one character for one, so
        # that the terminal never gets it (Textual's Input passed ESC on, as a colour, a
        # title, a cleared screen) and the cursor stays in place; the value keeps it.
        return Text(_pictured(self.value), no_wrap=True, overflow="ignore", end="")

    async def _on_key(self, event: events.Key) -> None:
        # The field's own keys act here, as in the entry line: a key typed before the field
        # had the focus is given to it (RecorderApp.on_key), and goes no further up.
        key = "enter" if event.key == "ctrl+j" else event.key  # as in the entry line
        for binding in EntryInput.KEYS.key_to_bindings.get(key, ()):
            event.stop()
            event.prevent_default()
            await self.run_action(binding.action)
            return
        await super()._on_key(event)

    def _on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()  # Input's own handler would take the first line again
        lines = [line for line in event.text.splitlines() if line.strip()]
        if not lines:
            return
        # a list of names one a line, not lines of which one is already a list
        players = self.id == "setup-players" and not any("," in line for line in lines)
        text = lines[0]  # one line: as typed
        if len(lines) > 1:
            lines = [line.strip() for line in lines]
            text = ", ".join(lines) if players else lines[0]
        selection = self.selection
        if selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *selection)
        screen = self.screen
        if len(lines) > 1 and not players and isinstance(screen, SetupScreen):
            rest = " / ".join(lines[1:])
            screen.refuse(
                f"{len(lines)} lines pasted: a field takes one, so only the first was taken; "
                f"not taken: {rest!r} (paste each line into its own field)"
            )


class WholeWidth(Static):
    """A :class:`Static` as wide as its pane, or wider when its content cannot be drawn that
    narrow without cutting a figure (the score's least width): the pane then scrolls
    sideways, and nothing is cut."""

    DEFAULT_CSS = "WholeWidth { width: auto; }"

    def get_content_width(self, container: Size, viewport: Size) -> int:
        console = self.app.console
        content = self.content
        if not isinstance(content, ConsoleRenderable | RichCast | str):
            return container.width
        least = Measurement.get(console, console.options, content).minimum
        return max(container.width, least)


class SetupScreen(Screen[model.GameRecord]):
    """The set-up of a new game, when the options did not give the players: it ends with the
    record's head (tags and deal lines)."""

    SIGHTS: ClassVar[list[tuple[str, str]]] = [
        ("Backs only: what the table sees (values once played)", "backs"),
        ("Everything: a bot match or a known deal (seed or deal lines)", "everything"),
    ]
    AUTO_FOCUS = "#setup-players"
    DEFAULT_CSS = """
    SetupScreen #setup-form { height: 1fr; }
    SetupScreen #setup-message { width: 100%; height: auto; max-height: 6; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("ctrl+q", "app.leave", "Leave (nothing written)", priority=True),
        # the next field has the keys typed after Tab, however quickly: a binding that is
        # not a priority one moves the focus only once the key has gone to the field and
        # back, and the keys behind it went to the field left ('Club' into Start as 'C')
        Binding("tab", "app.focus_next", show=False, priority=True),
        Binding("shift+tab", "app.focus_previous", show=False, priority=True),
    ]

    def __init__(self, tags: Sequence[model.Tag] = ()) -> None:
        """``tags``: those the options gave (Event, ..., :data:`OPTIONAL_TAGS`), shown in
        their fields."""
        super().__init__()
        self._given = {tag.name.lower(): tag.values[0] for tag in tags if tag.values}

    def compose(self) -> ComposeResult:
        yield from self._form()
        # the refusal below the form, always in view (the form scrolls at 80x24)
        yield Label("", id="setup-message")
        yield Footer()

    def on_mount(self) -> None:
        # the players' field has the keys; the form shows its title above it
        form = self.query_one("#setup-form", VerticalScroll)
        self.call_after_refresh(form.scroll_home, animate=False)

    def _form(self) -> ComposeResult:
        with VerticalScroll(id="setup-form", can_focus=False):
            yield Label(
                "New game: who plays, in seat order? (Enter in a field starts the game)",
                id="setup-title",
            )
            fields = (
                ("players", "Players, comma-separated (3-5)", "Adam, Bernd, Collette"),
                ("start", "Start player (default: the first)", ""),
                ("event", "Event (optional)", ""),
                ("site", "Site (optional)", ""),
                ("date", "Date YYYY.MM.DD (optional)", ""),
                ("round", "Round of the event (optional: 3, Final)", ""),
                ("table", "Table of the round (optional)", ""),
                ("seed", "Seed (optional: the deal is then known)", ""),
                ("seat", "Record one player's view (optional: their name)", ""),
            )
            for key, label, placeholder in fields:
                yield Label(label)
                value = self._given.get(key, "")
                yield SetupField(
                    value, placeholder=placeholder, id=f"setup-{key}", select_on_focus=False
                )
            yield Label("What the recorder sees")
            yield Select(self.SIGHTS, value="backs", allow_blank=False, id="setup-sight")
            yield Label(
                "Deal lines known (optional), one a line: deal Adam: R? G? B? ... / pile 1: ..."
            )
            yield TextArea(id="setup-deal")
            yield Button("Start", id="setup-go", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._start()

    def command_line(self, file: Path) -> str | None:
        """The command that starts the game as set up so far (None: nothing typed); deal
        lines typed are given it as its input (``printf '%s\\n' 'deal Ann: R?' | gargon
        record ...``), so that none is lost."""
        words = ["gargon", "record", str(file)]
        keys = ["players", "start", *(name.lower() for name in OPTIONAL_TAGS), "seed", "seat"]
        for key in keys:
            value = self._value(key)
            if value is not None:
                words += [f"--{key}", value]
        text = self.query_one("#setup-deal", TextArea).text
        deal = [line.strip() for line in text.splitlines() if line.strip()]
        if len(words) == 3 and not deal:
            return None
        command = shlex.join(words)
        if deal:  # given as the recorder's input lines, as typed
            command = shlex.join(["printf", "%s\\n", *deal]) + " | " + command
        return printable(command)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._start()

    def _value(self, key: str) -> str | None:
        value = self.query_one(f"#setup-{key}", Input).value.strip()
        return value or None

    def focused_field(self) -> Input:
        """The field that has the keys (the players' field before any has)."""
        focused = self.focused
        return focused if isinstance(focused, Input) else self.query_one("#setup-players", Input)

    def refuse(self, message: str) -> None:
        """Say ``message`` below the form (a refusal, or what a paste left out)."""
        self.query_one("#setup-message", Label).update(Text(printable(message), "red"))

    def _start(self) -> None:
        names = [name.strip() for name in (self._value("players") or "").split(",")]
        tags: list[model.Tag] = [model.Tag("Notation", ("1",))]
        deal = self.query_one("#setup-deal", TextArea).text
        try:
            for name in OPTIONAL_TAGS:
                value = self._value(name.lower())
                if value is not None:
                    tags.append(model.Tag(name, (value,)))
            recording = Recording.new(
                [name for name in names if name],
                self._value("start"),
                tags=tags,
                seed=self._value("seed"),
                seat=self._value("seat"),
                setup=_setup_lines(deal),
            )
        except (GargonError, ValueError) as error:
            self.refuse(str(error))
            return
        sees = self.query_one("#setup-sight", Select).value
        if sees == "everything" and recording.sight is not Sight.EVERYTHING:
            self.refuse(
                "seeing everything needs the seed, or every card in the deal lines; "
                "otherwise choose backs only"
            )
            return
        if sees == "backs" and recording.sight is Sight.EVERYTHING:
            self.refuse("the seed (or the deal lines) shows every card: choose everything")
            return
        app = self.app
        if isinstance(app, RecorderApp) and app.written_meanwhile():
            name = argument_name(str(app.file))
            self.refuse(
                f"{name} was written while this game was set up (another gargon record on "
                "it?); it is not written over: leave (Ctrl+Q prints this set-up as a "
                "command) and record the game in another file"
            )
            return
        self.dismiss(recording.head)


def _setup_lines(text: str) -> tuple[model.SetupLine, ...]:
    """The deal and pile lines of ``text``.

    Raises :class:`~gargon_notation.errors.NotationError` for anything else.
    """
    if not text.strip():
        return ()
    record = parse_game(text + "\n*\n", source="deal lines")
    if record.tags or record.rounds:
        raise RecordingError("write only deal and pile lines here (deal Adam: R? G?, pile 1: ...)")
    return record.setup


class RecorderApp(App[int]):
    """The recorder (see the module's docstring)."""

    AUTO_FOCUS = "#entry"
    """The keys go to the entry line from the start (Textual's default, the first widget
    that takes the focus, is the table's pane, where the keys typed while the recorder
    started went, and were dropped)."""

    CSS = """
    #prompt { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    #choices { height: auto; padding: 0 1; color: $text-muted; }
    #top { height: 1fr; }
    #message { height: auto; max-height: 50vh; padding: 0 1; }
    #body { height: 1fr; }
    #table-pane { width: 3fr; scrollbar-gutter: stable; }
    #record-pane { width: 2fr; border-left: solid $primary; }
    #bottom { height: auto; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("escape", "drop_pasted", "Drop the pasted lines waiting"),
        Binding("ctrl+q", "leave", "Leave (saved)", priority=True),
        Binding("ctrl+c", "interrupt", "Leave at once", show=False, priority=True),
    ]

    def __init__(
        self,
        file: Path,
        tags: list[model.Tag],
        recording: Recording | None = None,
        *,
        on_disk: bytes | None = None,
        lock: RecordLock | None = None,
    ) -> None:
        super().__init__()
        self.file = file
        self._lock = lock
        self.signalled: int | None = None
        """The exit code of a signal received (130 SIGINT, 143 SIGTERM, 129 SIGHUP)."""
        self.unrecorded: list[str] = []
        """What was typed but not recorded when the recorder was left (printed then)."""
        self.setup_command: str | None = None
        """Left at the set-up screen: the command line that starts the game as set up."""
        self._refused: str | None = None
        """The entry last refused, while it is not yet corrected and recorded."""
        self.pasted: list[str] = []
        """The lines of a paste waiting for the line in the entry line, refused, to be
        recorded (:meth:`paste`)."""
        self._leave_asked = False
        self._signal_loop: asyncio.AbstractEventLoop | None = None
        # a key typed before the focus, then focusing, must not select it to be typed over
        self._entry = EntryInput(placeholder=ENTRY_HINT, id="entry", select_on_focus=False)
        self._unfocused: weakref.WeakSet[events.Key] = weakref.WeakSet()
        """The keys given to the screen, no field having the focus (:meth:`on_key`)."""
        self._on_disk = held_bytes(file) if on_disk is None else on_disk
        """What FILE held when the recorder began: the set-up screen may take a while, and
        another program may make FILE meanwhile."""
        self.recorder: LineRecorder | None = None
        self._scored: tuple[Score | None, bool] | None = None
        """The score shown, so that it is drawn again only when it changes."""
        self._tags = tags
        if recording is not None:
            self.recorder = LineRecorder(file, (), recording, on_disk=self._on_disk, lock=lock)
        elif any(tag.name == "Players" for tag in tags):
            self._tags = []
            self.recorder = self._new_recorder(model.GameRecord(tags=tuple(tags)))

    def written_meanwhile(self) -> bool:
        """Whether FILE holds something else than when the recorder began (another recorder
        started a game in it while this one's was set up)."""
        found = held_bytes(self.file)
        return found is not None and self._on_disk is not None and found != self._on_disk

    def _new_recorder(self, head: model.GameRecord) -> LineRecorder | None:
        recorder = LineRecorder(self.file, head.tags, on_disk=self._on_disk, lock=self._lock)
        try:
            for line in write_game(attrs.evolve(head, tags=())).splitlines()[:-1]:
                recorder.feed(line)
            recorder.recording_or_start()
        except GargonError as error:
            self.exit(2, return_code=2, message=printable(f"gargon: {error}"))
            return None
        return recorder

    def compose(self) -> ComposeResult:
        # the entry line below keeps its place on a small terminal: this part gives way
        with Vertical(id="top"):
            yield Static(id="prompt")
            yield Static(id="choices")
            with Horizontal(id="body"):
                with ScrollableContainer(id="table-pane"):
                    yield WholeWidth(id="table")
                    yield WholeWidth(id="score")
                with VerticalScroll(id="record-pane"):
                    yield Static(id="record")
        with Vertical(id="bottom"):
            yield Static(id="message")
            yield self._entry
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"gargon record {self.file}"
        self._signal_loop = asyncio.get_running_loop()
        if not self.is_headless and sys.__stdin__ is not None and sys.__stdin__.isatty():
            self.set_interval(TERMINAL_LOOK_EVERY, partial(self._look_at, sys.__stdin__.fileno()))
        if self.signalled is not None:  # before the application could take it
            self._leave(self.signalled)
            return
        if self.recorder is None:
            self.push_screen(SetupScreen(self._tags), self.begin)
        else:
            self.refresh_table()
        self.query_one("#entry", Input).focus()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.focused is None:
            self._unfocused.add(event)  # given to the screen: see on_key
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key that came to the application while no field had the focus (typed while the
        recorder starts, before the screen gave the keys to its field), one a field takes (a
        letter, Enter, the line's own keys): the screen had it, and dropped it without a
        word; it is given to that field, in the order typed (an Enter typed before the
        terminal was made raw came as a newline, Ctrl+J).  Keys that come up from a field or
        a pane that has the focus are left alone."""
        if event not in self._unfocused:
            return
        self._unfocused.discard(event)
        key, character = event.key, event.character
        if key == "ctrl+j":  # Enter typed before the terminal was raw: a newline then
            key, character = "enter", "\r"
        if not (event.is_printable or key == "enter" or key in EntryInput.KEYS.key_to_bindings):
            return
        screen = self.screen
        target: Input | None = None
        if isinstance(screen, SetupScreen):
            target = screen.focused_field()
        elif self._entry.is_mounted and screen is self._entry.screen:
            target = self._entry
        if target is None:
            return
        event.stop()
        if not target.has_focus:
            target.focus()
        target.post_message(events.Key(key, character))

    def begin(self, head: model.GameRecord | None) -> None:
        """Start the game the set-up screen describes."""
        if head is None:
            return
        self.recorder = self._new_recorder(head)
        self.refresh_table()
        self.query_one("#entry", Input).focus()

    @property
    def recording(self) -> Recording:
        """The game being recorded."""
        assert self.recorder is not None and self.recorder.recording is not None
        return self.recorder.recording

    def refresh_table(self, message: RenderableType = "") -> None:
        """Show the recording as it is now."""
        if self.recorder is None or self.recorder.recording is None:
            return
        recording = self.recording
        state = recording.state()
        prompt = recording.prompt()
        self.query_one("#prompt", Static).update(Text(printable(prompt[:1].upper() + prompt[1:])))
        self.query_one("#choices", Static).update(Text(printable(recording.choices())))
        parts: list[RenderableType] = [table_view(state)]
        rounds = list(rounds_of(recording.game.events))
        fights = battle_lines(rounds[-1], recording.names) if rounds else []
        if fights:
            started = rounds[-1][0]
            number = started.number if isinstance(started, RoundStarted) else recording.game.round
            parts.append(Text(f"Battles of round {number}", style="bold"))
            parts.extend(fights)
        self.query_one("#table", Static).update(Group(*parts))
        try:
            score: Score | None = state.score()
        except ValueError:
            score = None
        if (score, state.over) != self._scored:
            self._scored = (score, state.over)
            shown: RenderableType = Text("(the score needs the won cards' values)", style="dim")
            if score is not None:
                # no figure cut: colour letters head the columns in a narrow pane, which
                # scrolls sideways if even that is too wide
                shown = scoreboard(state, compact=True)
            self.query_one("#score", Static).update(shown)
        self.query_one("#record", Static).update(Text(printable(recording.text())))
        # the newest decision in view, once the record's new height is laid out
        pane = self.query_one("#record-pane", VerticalScroll)
        self.call_after_refresh(pane.scroll_end, animate=False)
        self.query_one("#message", Static).update(message)
        entry = self.query_one("#entry", Input)
        entry.suggester = EntrySuggester(recording)
        entry.placeholder = OVER_HINT if recording.is_over else ENTRY_HINT

    def submit(self, entry: Input) -> None:
        """Check and record what the ``entry`` line holds (Enter), then the pasted lines
        waiting (:attr:`pasted`), in turn, until one is refused: it stays in the line, to be
        put right, or cleared to go on without it (an empty line goes on with the next)."""
        if self.recorder is None:
            return
        recorded: list[str] = []
        if self.pasted and not entry.value.strip():  # the line refused, cleared: skipped
            entry.value = self.pasted.pop(0)
            entry.cursor_position = len(entry.value)
            if not self.pasted:
                self.refresh_bindings()
        while True:
            text = entry.value.strip()
            shown, outcome = self._record(entry)
            if outcome is None:  # refused, or nothing entered: the pasted lines wait
                said: RenderableType = shown
                if self.pasted:
                    said = Group(shown, self._waiting_note())
                if recorded:
                    self.refresh_table(said)
                else:
                    self.query_one("#message", Static).update(said)
                return
            recorded.append(text)
            if not self.pasted:
                break
            entry.value = self.pasted.pop(0)
            entry.cursor_position = len(entry.value)  # as typed: one refused is edited there
            if not self.pasted:
                self.refresh_bindings()
        if len(recorded) > 1 and outcome == "recorded":
            last = printable(recorded[-1])
            shown = Text(f"recorded {len(recorded)} lines, the last: {last}", style="green")
        self.refresh_table(shown)

    def _waiting_note(self) -> Text:
        """The pasted lines waiting, the next one, and how to drop them."""
        count = len(self.pasted)
        verb, them = ("wait", "them") if count > 1 else ("waits", "it")
        return Text(
            f"{count_of(count, 'pasted line')} {verb}, to be recorded once the entry line is "
            f"(cleared, Ctrl+U, it is skipped): next {_typed_text(self.pasted[0])!r}; Escape "
            f"drops {them}",
            style="bold yellow",
        )

    def _record(self, entry: Input) -> tuple[Text, str | None]:
        """Check and record what the ``entry`` line holds: the message to show, and what
        was done ("recorded", "kept" a line waiting for its continuation, "undone", "said"
        what ``*`` alone does; None when nothing was: the message says why)."""
        assert self.recorder is not None
        text = entry.value
        if not text.strip():
            return Text(f"nothing entered: {self.recording.prompt()}", style="yellow"), None
        if text.split() == ["*"]:  # it said 'recorded: *', and nothing changed
            entry.value = ""
            self._refused = None
            return Text(self._unfinished_said(), style="yellow"), "said"
        try:
            if text.split()[:1] in (["end"], ["*"]):
                kept = self.recording.memento()
                self.recording.finish(text)
                try:
                    self.recorder.save()
                except GargonError:
                    self.recording.restore(kept)
                    raise
            else:
                self.recorder.feed(text)
        except (NotationError, EntryRefused) as error:
            return self._refusal(error.message, text.strip()), None
        except GargonError as error:
            return self._error_text(error, text), None
        entry.value = ""
        self._leave_asked = False
        self._refused = None
        if self.recorder.undone:
            taken = self.recording.undone_text(self.recorder.undone)
            return Text(printable(taken), style="yellow"), "undone"
        if self.recorder.undone_head is not None:
            taken = f"taken back: {self.recorder.undone_head.strip()}"
            return Text(printable(taken), style="yellow"), "undone"
        waiting = self.recorder.waiting
        if waiting is not None:
            note = f"kept: {printable(waiting.strip())}; it is written with the next entry"
            return Text(note, style="yellow"), "kept"
        if text.split()[0] == "*":
            said = f"recorded after the record's end: {printable(text.strip())}; the game goes on"
            return Text(said, style="green"), "recorded"
        return Text(f"recorded: {printable(text.strip())}", style="green"), "recorded"

    def _unfinished_said(self) -> str:
        """What ``*`` alone does: nothing, the file ending so already."""
        name = argument_name(str(self.file))
        if self.recording.is_over:
            return (
                f"nothing to record: the game is over, and {name} ends with end and the "
                "scores already; Ctrl+Q leaves"
            )
        return (
            f"nothing to record: * marks a game left unfinished, as {name} is already (it is "
            "saved after every decision); to stop recording, leave with Ctrl+Q, and go on "
            f"later with gargon record --resume {name}"
        )

    def _refusal(self, message: str, text: str) -> Text:
        """A refusal of the entry ``text``, which stays in the line: how to clear it, and,
        when it begins with the entry refused before it, that it does (the next entry typed
        after a refusal was joined to it, and refused for what the two made: "not
        'G16Zoe'")."""
        shown = Text()
        before = self._refused
        if before is not None and text != before and text.startswith(before):
            shown.append(
                f"the entry line still begins with the entry refused before, "
                f"{printable(before)!r}, and what was typed after it was added to it: Ctrl+U "
                "clears the line\n",
                style="bold yellow",
            )
        self._refused = text
        shown.append(printable(message), style="bold red")
        shown.append(
            f"  (nothing recorded: {printable(text)!r}; Ctrl+U clears the line)", style="dim"
        )
        return shown

    def _error_text(self, error: GargonError, text: str | None = None) -> Text:
        """An error writing the file: what was entered is not recorded."""
        shown = Text(printable(str(error)), "bold red")
        if isinstance(error, FileChanged):
            name = argument_name(str(self.file))
            shown.append(
                f": leave (Ctrl+Q), see what it holds (gargon show {name}) and continue "
                f"from there with gargon record --resume {name}",
                "bold red",
            )
        if text is not None:
            shown.append(f"  (nothing recorded: {printable(text.strip())!r})", style="dim")
        return shown

    def _show_error(self, error: GargonError) -> None:
        self.query_one("#message", Static).update(self._error_text(error))

    def paste(self, entry: EntryInput, lines: Sequence[str]) -> None:
        """Record the ``lines`` of a paste in order, each as if typed and Enter pressed: the
        first goes into the ``entry`` line at the cursor; at the first line refused, it stays
        in the entry line and the lines after it wait (:attr:`pasted`), to be recorded once
        it is (Escape drops them).  Lines already waiting wait after this paste's."""
        entry.take(lines[0])
        self.pasted[:0] = lines[1:]
        self.refresh_bindings()
        self.submit(entry)

    def action_drop_pasted(self) -> None:
        """Escape: drop the pasted lines waiting (shown, so that none goes unseen)."""
        if not self.pasted:
            return
        dropped = ", ".join(repr(_typed_text(line)) for line in self.pasted)
        count = len(self.pasted)
        self.pasted = []
        self.refresh_bindings()
        self.query_one("#message", Static).update(
            Text(f"dropped {count_of(count, 'pasted line')}, not recorded: {dropped}", "yellow")
        )

    def action_undo(self) -> None:
        """Take back the last decision (no decision recorded: the last head line given)."""
        if self.recorder is None or self.recorder.recording is None:
            return
        if not self.recording.entries:
            try:
                line = self.recorder.undo_head_line()
            except GargonError as error:
                self._show_error(error)
                return
            if line is not None:
                self.refresh_table(Text(printable(f"taken back: {line.strip()}"), "yellow"))
                return
        kept = self.recording.memento()
        undone = tuple(self.recording.entries[-1:])
        self.recording.undo()
        try:
            self.recorder.save()
        except GargonError as error:
            self.recording.restore(kept)
            self._show_error(error)
            return
        taken = self.recording.undone_text(undone)
        self.refresh_table(Text(printable(taken), style="yellow"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo only once a game is recorded (the set-up's footer leaves it out); Escape
        only while pasted lines wait."""
        if action == "drop_pasted":
            return bool(self.pasted)
        return action != "undo" or self.recorder is not None

    def _in_turn(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the entry line has taken the keys typed before (Ctrl+Q and
        Ctrl+C are acted on at once, ahead of the letters still on their way to the line),
        so that what was typed is all there to be kept."""
        entry = self._entry
        if self.recorder is None or not entry.is_attached:
            then()
        elif not entry.post_message(EntryInput.Then(then)):
            then()  # the line is closing: it takes no more keys

    def action_leave(self) -> None:
        """Leave; the file already holds every accepted decision.  With something typed but
        not recorded, the first Ctrl+Q says so, the second leaves (printing it)."""
        self._in_turn(self._leave_asking)

    def _leave_asking(self) -> None:
        typed = self._typed()
        held = self._held()
        if (typed or held) and not self._leave_asked and self.recorder is not None:
            self._leave_asked = True
            said = []
            if typed:
                shown = ", ".join(repr(_typed_text(text)) for text in typed)
                said.append(
                    f"not recorded yet: {shown}. Enter records it; Ctrl+Q again leaves "
                    "without it (it is printed when the recorder closes)"
                )
            if held:
                said.append(held)
            self.query_one("#message", Static).update(Text("\n".join(said), style="bold yellow"))
            return
        self._leave(0)

    def _held(self) -> str:
        """What the first Ctrl+Q says of the decisions entered that the file does not hold
        yet (recording for a seat, the others' plays of the round lie face down until its
        battles): nothing when there are none."""
        if self.recorder is None or self.recorder.recording is None:
            return ""
        held = self.recording.held_back()
        if not held:
            return ""
        shown = ", ".join(repr(write_action(entry.element)) for entry in held)
        return (
            f"not in {argument_name(str(self.file))} yet: {shown} (the plays of round "
            f"{held[0].round} are written once its battles begin); Ctrl+Q again leaves "
            "without them (they are printed when the recorder closes, to enter again)"
        )

    def action_interrupt(self) -> None:
        """Ctrl+C: leave at once, with exit 130 (what was typed is printed)."""
        self._in_turn(partial(self._leave, 130))

    def _look_at(self, terminal: int) -> None:
        """Leave as SIGHUP makes it leave once the ``terminal`` has hung up without one
        (the command was started with ``nohup``, or in a session of its own): Textual would
        otherwise read nothing from it for ever, at full speed."""
        if hung_up(terminal):
            self.signal_received(128 + signal.SIGHUP)

    def signal_received(self, code: int) -> None:
        """A signal (SIGINT, SIGTERM, SIGHUP; ``code`` its exit code) arrived: leave as
        Ctrl+C does.  Called by the signal's handler, between two steps of the event loop's
        thread: the leaving is scheduled on the loop."""
        if self.signalled is None:
            self.signalled = code
        loop = self._signal_loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to leave
                loop.call_soon_threadsafe(self._in_turn, partial(self._leave, code))

    def _typed(self) -> list[str]:
        """What was typed but not recorded: a line waiting for its continuation, the entry
        line."""
        typed = []
        if self.recorder is not None and self.recorder.waiting is not None:
            typed.append(self.recorder.waiting)
        if self._entry.value.strip():
            typed.append(self._entry.value.strip())
        typed += [line.strip() for line in self.pasted]
        return typed

    def _leave(self, code: int) -> None:
        if self.recorder is None and isinstance(self.screen, SetupScreen):
            self.setup_command = self.screen.command_line(self.file)
        self.unrecorded = self._typed() if self.recorder is not None else []
        self.exit(code, return_code=code)
