"""Computer moves, searched in worker processes so that the event loop never waits on a search. The
same workers draw replays (bot.replays)."""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from bot.workers import Workers
from engines import choose_move
from rules import State

T = TypeVar("T")


def seed_for(match_seed: int, ply: int) -> int:
    """The search's seed for one move of one match: the same position searches the same way again."""
    return (match_seed * 1_000_003 + ply) % 2**31


class ComputerPlayers:
    """Searches in a pool of worker processes of their own (a search may take seconds: boards are drawn
    elsewhere, so that they never wait behind one)."""

    def __init__(self, workers: int | None = None, seconds: float | None = None):
        self.seconds = seconds  # a shorter time cap than the levels' own (tests)
        self.pool = Workers(workers, imports=("engines", "renderers"))

    @property
    def workers(self) -> int:
        return self.pool.size

    async def warm_up(self) -> None:
        """Start the worker processes now, so the first computer move does not wait for them."""
        await self.pool.warm_up()

    async def choose(self, state: State, level: str, seed: int) -> str:
        return await self.pool.run(functools.partial(choose_move, state, level, seed, seconds=self.seconds))

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """Any other long CPU-bound work (a picklable function and its arguments), in a worker."""
        return await self.pool.run(work, *args)

    def close(self) -> None:
        self.pool.close()
