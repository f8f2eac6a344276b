"""Computer moves, searched in worker processes so that the event loop never waits on a search. The
same workers draw replays (bot.replays)."""
from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from engines import choose_move
from rules import State

T = TypeVar("T")


def seed_for(match_seed: int, ply: int) -> int:
    """The search's seed for one move of one match: the same position searches the same way again."""
    return (match_seed * 1_000_003 + ply) % 2**31


def _ready() -> bool:
    return True


class ComputerPlayers:
    """A pool of worker processes, started on first use, one per core unless told otherwise."""

    def __init__(self, workers: int | None = None, seconds: float | None = None):
        self.workers = workers or os.cpu_count() or 1
        self.seconds = seconds  # a shorter time cap than the levels' own (tests)
        self._pool: ProcessPoolExecutor | None = None

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # forkserver: a fork of this process (with aiosqlite's thread and the event loop) is not safe
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("forkserver"))
        return self._pool

    async def warm_up(self) -> None:
        """Start the worker processes now (each imports the games and the search), so the first
        computer move does not wait for them."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._workers(), _ready) for _ in range(self.workers)))

    async def choose(self, state: State, level: str, seed: int) -> str:
        search = functools.partial(choose_move, state, level, seed, seconds=self.seconds)
        return await asyncio.get_running_loop().run_in_executor(self._workers(), search)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """Any other CPU-bound work (a picklable function and its arguments), in a worker."""
        return await asyncio.get_running_loop().run_in_executor(self._workers(), work, *args)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
