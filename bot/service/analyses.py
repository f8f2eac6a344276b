"""Computer analyses of finished matches: every position searched in the worker processes for a
bounded time, each move judged by how much it cost its player, and the result kept in the store so that
asking again answers at once."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.computer import seed_for
from bot.errors import NotAllowed, NotFound
from bot.models import Match
from bot.service import repository
from bot.service.records import Records
from engines.analysis import SECONDS, Analysis, assemble, evaluate
from rules.rebuild import positions

ANALYSIS_BUDGET = 90.0  # seconds of the workers' time a match's analysis aims at, however long the match
LEAST_SECONDS = 0.25  # a position is searched at least this long, however long the match

Progress = Callable[[int, int], Awaitable[None]]  # (positions done, positions in all)


@dataclass
class Job:
    """An analysis under way in this process: whoever asks for the same match meanwhile waits for it."""

    total: int
    done: int = 0
    listeners: list[Progress] = field(default_factory=list)
    result: asyncio.Future[Analysed] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    async def tell(self) -> None:
        for listener in list(self.listeners):
            try:
                await listener(self.done, self.total)
            except Exception:  # a progress line that could not be shown stops nothing
                self.listeners.remove(listener)


@dataclass(frozen=True)
class Analysed:
    """A match's analysis, with the time each of its positions was searched."""

    match: Match
    analysis: Analysis
    seconds: float


def seconds_per_position(positions: int, workers: int, cap: float = SECONDS) -> float:
    """The time each position of a match is searched: `cap`, unless the match is so long that its
    analysis would take more than ANALYSIS_BUDGET on `workers` processes."""
    return max(LEAST_SECONDS, min(cap, ANALYSIS_BUDGET * workers / max(positions, 1)))


class Analyses(Records):
    async def analysis_target(self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        """The match /analysis looks at: as /replay's (the one asked for, else the last finished in this
        channel, else the user's own last), which must be over."""
        match = await self.replay_target(guild_id, channel_id, user_id, match_id)
        if match.status != "finished":
            raise NotAllowed(f"Match #{match.id} is still being played: it can be analysed once it is over.")
        return match

    async def stored_analysis(self, match: Match) -> Analysed | None:
        async with self.store.reading() as db:
            row = await repository.analysis_row(db, match.id)
        if row is None:
            return None
        return Analysed(match, Analysis.from_dict(json.loads(row["data"])), row["seconds"])

    async def analyse(self, match: Match, progress: Progress | None = None) -> Analysed:
        """The analysis of finished `match`: the stored one, else one made now (`progress` is awaited as
        positions are done). Asked again while it is being made, the same work is waited for."""
        if match.status != "finished":
            raise NotAllowed(f"Match #{match.id} is still being played: it can be analysed once it is over.")
        stored = await self.stored_analysis(match)
        if stored is not None:
            return stored
        job = self._jobs.get(match.id)
        if job is None:
            job = self._jobs[match.id] = Job(len(match.moves) + 1)
            task = asyncio.create_task(self._analysed(match, job))
            task.add_done_callback(lambda _: self._jobs.pop(match.id, None))
        if progress is not None:
            job.listeners.append(progress)
        return await asyncio.shield(job.result)

    async def _analysed(self, match: Match, job: Job) -> None:
        try:
            job.result.set_result(await self._make(match, job))
        except BaseException as error:
            job.result.set_exception(error)
            job.result.exception()  # retrieved here: a waiter that gave up leaves no warning behind
            if not isinstance(error, Exception):
                raise

    def _analysis_room(self) -> asyncio.Semaphore:
        """At most one position per worker at a time, whatever is being analysed: a computer's move waits
        behind one position, never behind a whole analysis."""
        if self._room is None:
            self._room = asyncio.Semaphore(self.computers.workers)
        return self._room

    async def _make(self, match: Match, job: Job) -> Analysed:
        states = list(positions(match.game, len(match.seats), match.options, match.seed, match.moves))
        cap = self.computers.seconds or SECONDS  # computers told to think less (COMPUTER_SECONDS) analyse faster too
        seconds = seconds_per_position(len(states), self.computers.workers, cap)
        room = self._analysis_room()

        async def one(ply: int):
            async with room:
                played = match.moves[ply] if ply < len(match.moves) else None
                position = await self.computers.run(evaluate, states[ply], seconds, seed_for(match.seed, ply), played)
            job.done += 1
            await job.tell()
            return position

        evaluated = await asyncio.gather(*(one(ply) for ply in range(len(states))))
        movers = [state.last.seat for state in states[1:]]
        analysis = assemble(match.game, len(match.seats), movers, match.moves, evaluated)
        async with self.store.transaction() as db:
            if await repository.match_row(db, match.id) is None:
                raise NotFound("That match no longer exists.")
            await repository.add_analysis(db, match.id, json.dumps(analysis.to_dict()), seconds, self.clock())
        return await self.stored_analysis(match) or Analysed(match, analysis, seconds)
