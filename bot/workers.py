"""Worker processes for CPU-bound work (drawing boards, searching moves), so that the event loop never
waits on it and every core of the machine is used."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

import i18n

T = TypeVar("T")


def spare_cores() -> int:
    """The cores left when the event loop has one: boards drawn on them never slow the loop down
    (measured: 50 busy matches on 2 cores move 40 % faster with one drawing process than with two)."""
    return max(1, (os.cpu_count() or 1) - 1)


def _start_worker(owner: int, niceness: int) -> None:
    """Each worker, as it starts: at `niceness` (heavy work gives way to the event loop and the boards
    when the cores are busy), and gone with its owner."""
    if niceness:
        os.nice(niceness)
    _exit_with(owner)


def _exit_with(owner: int) -> None:
    """In each worker: end it when the process that owns the pool is gone (killed with SIGKILL, say),
    instead of waiting forever on a queue nobody writes to any more. Ctrl-C at a terminal reaches every
    process of its group: the owner decides what it means, so a worker ignores it (no traceback of a
    worker interrupted mid-search)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(owner, 0)
            except ProcessLookupError:
                os._exit(0)
            if os.getppid() != parent:  # the fork server that started this worker has gone
                os._exit(0)

    threading.Thread(target=watch, name="owner watch", daemon=True).start()


def _ready(*modules: str) -> bool:
    for module in modules:
        __import__(module)
    time.sleep(0.05)  # holds this worker, so that the pool starts another for the next call
    return True


def in_language(language: str, work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` speaking `language` (in a worker process, whose context is its own)."""
    with i18n.speaking(language):
        return work(*args)


def _heard(started: asyncio.Future) -> None:
    """Mark the outcome of starting a pool as heard (not "never retrieved"), whether or not anyone awaits it."""
    if not started.cancelled():
        started.exception()


class Workers:
    """A pool of worker processes, started on first use, one per core unless told otherwise. `imports`
    are the modules a worker loads when warmed up, so that the first real job does not wait for them;
    `niceness`, how readily its workers give way to other processes (os.nice)."""

    def __init__(self, size: int | None = None, imports: tuple[str, ...] = (), niceness: int = 0):
        self.size = size or os.cpu_count() or 1
        self.imports = imports
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._starting: asyncio.Future[tuple[ProcessPoolExecutor, list[Future[bool]]]] | None = None  # the processes being started

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: a fork of this process (with aiosqlite's thread and the event loop) is not safe
            self._pool = ProcessPoolExecutor(self.size, mp_context=multiprocessing.get_context("forkserver"),
                                             initializer=_start_worker, initargs=(os.getpid(), self.niceness))
        return self._pool

    def _start_all(self, pool: ProcessPoolExecutor) -> tuple[ProcessPoolExecutor, list[Future[bool]]]:
        """Start every worker of `pool`, each loading `imports` (the pool, and their futures). A process
        is spawned in the thread that hands the pool work, and the first one of all also starts
        multiprocessing's fork server and waits for it to import its modules: seconds, or far more on a
        busy machine. A pool closed meanwhile refuses the work (RuntimeError), and starts nothing more."""
        return pool, [pool.submit(_ready, *self.imports) for _ in range(self.size)]

    async def _started(self) -> tuple[ProcessPoolExecutor, list[Future[bool]]]:
        """The pool and its workers' start, made in a thread of their own, never holding up the event loop."""
        if self._starting is None:
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._start_all, self._executor()))
            # a pool closed while it starts fails to start; whoever awaits it hears so, and nobody else
            self._starting.add_done_callback(_heard)
        return await asyncio.shield(self._starting)

    async def warm_up(self) -> None:
        """Start every worker now, and wait until each has loaded `imports` (or the pool was closed
        meanwhile: the bot stopping)."""
        try:
            _, warming = await self._started()
        except RuntimeError:
            if self._pool is None:
                return
            raise
        await asyncio.gather(*(asyncio.wrap_future(future) for future in warming))

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a worker (a picklable function and arguments), in the caller's language (a
        board's words, a graph's labels); its result."""
        pool, _ = await self._started()
        return await asyncio.get_running_loop().run_in_executor(pool, in_language, i18n.current(), work, *args)

    def close(self) -> None:
        self._starting = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
