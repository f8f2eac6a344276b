"""Computer moves, analyses and replays: the heavy work, run in worker processes of its own so that the
event loop never waits on it, and taken by the workers in the order `bot.work.Line` decides (moves
first, servers and players in turn). Boards are drawn elsewhere, so they never wait behind a search."""
from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import i18n
from bot.models import Match
from bot.work import Job, Kind, Limits, Line, Owner
from bot.workers import Workers, in_language
from games import choose_move, level_budget
from rules import State

T = TypeVar("T")

NOBODY = Owner(0, 0)  # work nobody in particular waits for
NICENESS = 10  # the heavy work's processes: CFS gives a process at nice 10 about a tenth of a core's share
LEAST_SECONDS = 0.25  # the least time a computer's search is given, however long its move waited for a worker


def waiting(match: Match) -> Owner:
    """Who waits on the computer's move in `match`: the person who moved last, else the first person
    still playing (a match of computers only is its server's)."""
    last = match.state.last
    if last is not None and not match.plays(last.seat).is_computer:
        return Owner(match.guild_id, match.seats[last.seat].id)
    people = match.people
    return Owner(match.guild_id, people[0].id if people else 0)


def seed_for(match_seed: int, ply: int) -> int:
    """The search's seed for one move of one match: the same position searches the same way again."""
    return (match_seed * 1_000_003 + ply) % 2**31


class ComputerPlayers:
    """The workers for heavy work and the line in front of them. `seconds`: a shorter time cap than
    the levels' own (tests, COMPUTER_SECONDS); `clock`: what a move's wait is measured with."""

    def __init__(self, workers: int | None = None, seconds: float | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self.seconds = seconds
        self.clock = clock
        # Searches and replays run at a lower priority than the event loop and the boards: they use
        # every core when nothing else needs it, and give way to a board someone is waiting for.
        self.pool = Workers(workers, imports=("games",), niceness=NICENESS)
        self.line = Line(self.pool.size, self._start)
        self.limits = Limits()

    @property
    def workers(self) -> int:
        return self.pool.size

    async def _start(self, work: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        return await self.pool.run(work, *args)

    async def warm_up(self) -> None:
        """Start the worker processes now, so the first computer move does not wait for them."""
        await self.pool.warm_up()

    def cap(self, level: str, game: str) -> float:
        """The time cap of a computer's search at `level` (its level's, or the shorter one set here)."""
        return self.seconds if self.seconds is not None else level_budget(game, level).seconds

    async def choose(self, state: State, level: str, seed: int, owner: Owner = NOBODY, effort: float = 1.0) -> str:
        """The computer's move, searched in a worker. Its time cap counts from now, when the move is
        asked for, not from when a worker takes it: a move that waited has that much less time to think
        (at least LEAST_SECONDS). `effort` (at most 1) scales its budget and cap down (a computer short
        of time on a game clock)."""
        asked = self.clock()
        cap = self.cap(level, state.game) * effort

        def make() -> tuple[Callable[..., Any], tuple[Any, ...]]:
            left = max(LEAST_SECONDS, cap - (self.clock() - asked))
            return choose_move, (state, level, seed, left, effort)

        return await self.line.run(Kind.MOVE, owner, make)

    async def run(self, work: Callable[..., T], *args: Any, kind: Kind = Kind.ANALYSIS, owner: Owner = NOBODY) -> T:
        """Any other heavy work (a picklable function and its arguments), in a worker, in its place in
        the line."""
        language = i18n.current()  # the line starts the work from another task: the asker's language goes with it
        return await self.line.run(kind, owner, lambda: (in_language, (language, work, *args)))

    @asynccontextmanager
    async def job(self, kind: Kind, owner: Owner, match: int | None = None) -> AsyncIterator[Job]:
        """A job of many pieces or one long one (an analysis, a replay) for `owner` (of `match`), within
        the limits per player and per server (bot.work.Limits: NotAllowed beyond them)."""
        async with self.limits.job(kind, owner, match) as job:
            yield job

    def close(self) -> None:
        self.pool.close()
