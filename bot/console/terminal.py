"""The console's terminal: what it says, the answers it reads (a command's word and the rest), and what
Ctrl-C does."""
from __future__ import annotations

import asyncio
import queue
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from i18n import _

InputFn = Callable[[str], str]
PrintFn = Callable[[str], object]
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


def read_line(prompt: str) -> str:
    """input(prompt), read by a thread of its own while the main thread waits a tenth of a second at a
    time: a Ctrl-C that lands on another thread is then handled within that time, where a read in the
    main thread would hold it off until Enter. Left waiting when the console stops (a daemon thread)."""
    answers: queue.SimpleQueue[str | BaseException] = queue.SimpleQueue()

    def read() -> None:
        try:
            answers.put(input(prompt))
        except BaseException as error:  # Ctrl-D's EOFError, for the main thread to raise
            answers.put(error)

    threading.Thread(target=read, name="console input", daemon=True).start()
    while True:
        try:
            answer = answers.get(timeout=0.1)
        except queue.Empty:
            continue
        if isinstance(answer, BaseException):
            raise answer
        return answer


class Terminal:
    def __init__(self, input_fn: InputFn = input, print_fn: PrintFn = print):
        self.input_fn = input_fn
        self.print_fn = print_fn

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
