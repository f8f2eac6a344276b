"""The console's terminal: what it says, the answers it reads (a command's word and the rest), and what
Ctrl-C does."""
from __future__ import annotations

import asyncio
import queue
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from i18n import _

InputFn = Callable[[str], str]
PrintFn = Callable[[str], object]
# An answer read with a time to wait: the line typed within so many seconds of the console's clock, or None
# if none came in time (the move prompt of a match on a clock, which then looks at the clock again).
TimedInputFn = Callable[[str, float], str | None]
STOP_WORDS = ("quit", "exit")


def split(text: str) -> tuple[str, str]:
    """A command's word (in lower case) and what follows it, as typed."""
    command, _, rest = text.strip().partition(" ")
    return command.lower(), rest.strip()


class Quit(Exception):
    """The players left (quit, Ctrl-D, Ctrl-C): every match stays where it stands."""


class Interrupts:
    """What Ctrl-C does in a console session (Python runs it in the main thread, whichever thread the
    signal lands on). At a prompt, the main thread waits for the answer, and the interrupt ends it as
    Ctrl-D does (Terminal.ask turns it into Quit). Anywhere else the event loop is waiting on work (a
    computer's search, an analysis, a drawing, the database): an exception raised there would tear
    through the loop's own machinery, so the session's task is cancelled instead, and stops at the await
    it was in, with its transaction rolled back (`stopped` tells that cancellation from others)."""

    def __init__(self) -> None:
        self.prompting = False
        self.task: asyncio.Task | None = None
        self.stopped = False

    def watch(self, task: asyncio.Task | None) -> None:
        """Ctrl-C from now on stops `task` (None: raises KeyboardInterrupt wherever it comes; `stopped`
        still says whether it stopped the last task)."""
        self.task = task
        if task is not None:
            self.stopped = False

    def __call__(self, signum: int, frame: object) -> None:
        task = self.task
        if self.prompting or task is None or task.done():
            raise KeyboardInterrupt
        if not self.stopped:  # pressed again while stopping: once is enough
            self.stopped = True
            task.get_loop().call_soon_threadsafe(task.cancel)


INTERRUPTS = Interrupts()  # the process's one: signal handlers are per process


@contextmanager
def stopped_by_ctrl_c(task: asyncio.Task) -> Iterator[None]:
    """For the block, Ctrl-C stops `task` (see Interrupts; SIGINT must be handled by INTERRUPTS). The
    signal wakes the event loop up, through a socket it watches: Python runs a signal handler only when
    the main thread runs, and a signal that lands on another thread (the database's, a worker pool's)
    would otherwise wait until the loop next had something to do."""
    loop = task.get_loop()
    wake, woken = socket.socketpair()
    for end in (wake, woken):
        end.setblocking(False)
    loop.add_reader(woken.fileno(), woken.recv, 512)  # the bytes only wake the loop; Interrupts does the rest
    previous = signal.set_wakeup_fd(wake.fileno(), warn_on_full_buffer=False)
    INTERRUPTS.watch(task)
    try:
        yield
    finally:
        INTERRUPTS.watch(None)
        signal.set_wakeup_fd(previous)
        loop.remove_reader(woken.fileno())
        wake.close()
        woken.close()


class LineReader:
    """input(prompt), read by a thread of its own while the main thread waits a tenth of a second at a
    time: a Ctrl-C that lands on another thread is then handled within that time, where a read in the
    main thread would hold it off until Enter. A read may be given a time to wait (`within`, the move
    prompt of a match on a clock): when it runs out the line is still being read, and what is typed next
    answers the next prompt, which is then written out as it is asked. The reading thread is left
    waiting when the console stops (a daemon thread)."""

    def __init__(self, input_fn: InputFn = input, write: PrintFn | None = None):
        self.input_fn = input_fn
        self.write = write  # where a prompt is written when a line begun at another answers it (None: stdout)
        self.answers: queue.SimpleQueue[str | BaseException] = queue.SimpleQueue()
        self.pending: str | None = None  # the prompt of the line being read, if one is

    def read(self, prompt: str) -> str:
        """The line typed, however long it takes."""
        answer = self.within(prompt, None)
        assert answer is not None, "a read without a time to wait waits for the line"
        return answer

    def within(self, prompt: str, seconds: float | None) -> str | None:
        """The line typed within `seconds` (None: however long it takes); None if none came in time."""
        if self.pending is None:
            threading.Thread(target=self.reading, args=(prompt,), name="console input", daemon=True).start()
        elif prompt != self.pending:  # the line begun at another prompt answers this one
            if self.write is not None:
                self.write(prompt)
            else:
                sys.stdout.write(prompt)
                sys.stdout.flush()
        self.pending = prompt
        end = None if seconds is None else time.monotonic() + seconds
        while True:
            wait = 0.1 if end is None else min(0.1, end - time.monotonic())
            if wait <= 0:
                return None
            try:
                answer = self.answers.get(timeout=wait)
            except queue.Empty:
                continue
            self.pending = None
            if isinstance(answer, BaseException):
                raise answer
            return answer

    def reading(self, prompt: str) -> None:
        try:
            self.answers.put(self.input_fn(prompt))
        except BaseException as error:  # Ctrl-D's EOFError, for the main thread to raise
            self.answers.put(error)


READER = LineReader()  # the process's one: a line still being read answers the next prompt
read_line = READER.read
read_within = READER.within


class Terminal:
    """What the console says and the answers it reads. `timed_fn` reads an answer with a time to wait
    (`within`); without it such an answer is waited for however long it takes."""

    def __init__(self, input_fn: InputFn = input, print_fn: PrintFn = print, timed_fn: TimedInputFn | None = None):
        self.input_fn = input_fn
        self.print_fn = print_fn
        self.timed_fn = timed_fn

    def say(self, text: str = "") -> None:
        self.print_fn(text)

    def ask(self, prompt: str) -> str:
        """The answer, without surrounding spaces; Quit at the end of input or on Ctrl-C."""
        try:
            INTERRUPTS.prompting = True
            return self.input_fn(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            self.say()
            raise Quit from None
        finally:
            INTERRUPTS.prompting = False

    def within(self, prompt: str, seconds: float) -> str | None:
        """The answer typed within `seconds` (without surrounding spaces), or None if none came in time;
        Quit as for `ask`."""
        if self.timed_fn is None:
            return self.ask(prompt)
        try:
            INTERRUPTS.prompting = True
            answer = self.timed_fn(prompt, max(0.0, seconds))
        except (EOFError, KeyboardInterrupt):
            self.say()
            raise Quit from None
        finally:
            INTERRUPTS.prompting = False
        return None if answer is None else answer.strip()

    def yes(self, question: str, default: bool = False) -> bool:
        """The answer to a yes-or-no question, asked with its default: "… [y/N] ". The answers are
        typed y or n in every language, as the commands are."""
        prompt = f"{question} {'[Y/n]' if default else '[y/N]'} "
        while True:
            answer = self.ask(prompt).lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say(_("Please answer y or n."))
