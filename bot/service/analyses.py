"""Computer analyses of finished matches: every position searched in the worker processes by a budget of
work (never by the clock, so a match gets the same values and marks on a busy machine as on an idle
one), the positions where a mark is in question searched again with other seeds to measure the
searches' noise, each move judged by how much it cost whoever made it, and the result kept in the store
so that asking again answers at once."""
from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from bot.computer import seed_for
from bot.errors import NotAllowed, NotFound
from bot.models import Match, MatchStatus
from bot.service import repository
from bot.service.context import Context
from bot.service.records import Records, Waiting
from bot.work import Job as Place
from bot.work import Kind, Owner
from engines.analysis import Analysis, Position, other_seed, questioned
from games import assemble, evaluate, work_for
from i18n import _
from rules.core import State
from rules.rebuild import positions

Progress = Callable[[int, int], Awaitable[None]]  # (positions searched, positions to search, as known so far)


def mover(state: State) -> int:
    """The seat that made the move leading to `state` (a position after a move, never the start)."""
    if state.last is None:
        raise ValueError("the start position follows no move")
    return state.last.seat


@dataclass
class Job:
    """An analysis under way in this process: whoever asks for the same match meanwhile waits for it.
    `total` grows once the first searches tell which positions are searched again."""

    total: int
    place: Place  # its place in the line of heavy work: for whom, and how many were ahead of it
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
    """A match's analysis, with the seconds it took to make (as the words say what it cost; nothing in
    the analysis depends on them). `match` knows when each seat's player left (`Match.left_plies`)."""

    match: Match
    analysis: Analysis
    seconds: float


class Analyses:
    """A finished match's analysis, made once in the workers and kept. `records` finds the match asked
    for, as /replay does."""

    def __init__(self, context: Context, records: Records):
        self.context = context
        self.records = records
        self._jobs: dict[int, Job] = {}  # analyses under way in this process, by match

    async def analysis_target(self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        """The match /analysis looks at: as /replay's (the one asked for, else the last finished in this
        channel, else the user's own last), which must be over; with the ply each seat's player left at,
        so that every move is credited to whoever made it."""
        match = await self.records.replay_target(guild_id, channel_id, user_id, match_id)
        if match.status != MatchStatus.FINISHED:
            raise NotAllowed(_("Match #{match} is still being played: it can be analysed once it is over.", match=match.id))
        return await self.with_departures(match)

    async def with_departures(self, match: Match) -> Match:
        """`match` with the ply each seat's player left at (`Match.left_plies`)."""
        async with self.context.store.reading() as db:
            left = await repository.analyses.left_plies(db, match.id)
        return replace(match, left_plies=left)

    async def stored_analysis(self, match: Match) -> Analysed | None:
        async with self.context.store.reading() as db:
            row = await repository.analyses.analysis_row(db, match.id)
        if row is None:
            return None
        return Analysed(match, Analysis.from_dict(json.loads(row["data"])), row["seconds"])

    async def analyse(self, match: Match, progress: Progress | None = None, user_id: int = 0,
                      waiting: Waiting | None = None) -> Analysed:
        """The analysis of finished `match`: the stored one, else one made now for `user_id` (`progress`
        is awaited as positions are done). Asked again while it is being made, the same work is waited
        for. A new one takes its place in the line of heavy work: one at a time per player and a few per
        server (NotAllowed beyond that); `waiting(ahead)` is awaited first when analyses asked for before
        it in this server are still being made."""
        if match.status != MatchStatus.FINISHED:
            raise NotAllowed(_("Match #{match} is still being played: it can be analysed once it is over.", match=match.id))
        if not match.left_plies:
            match = await self.with_departures(match)
        stored = await self.stored_analysis(match)
        if stored is not None:
            return stored
        job = self._jobs.get(match.id)
        if job is None:
            place = self.context.computers.limits.admit(Kind.ANALYSIS, Owner(match.guild_id, user_id), match.id)
            job = self._jobs[match.id] = Job(len(match.moves) + 1, place)
            task = asyncio.create_task(self._analysed(match, job))

            def done(_: asyncio.Task) -> None:
                self._jobs.pop(match.id, None)
                self.context.computers.limits.release(place)

            task.add_done_callback(done)
            if place.ahead and waiting is not None:
                await waiting(place.ahead)
        if progress is not None:
            job.listeners.append(progress)
        analysed = await asyncio.shield(job.result)
        return replace(analysed, match=match)

    async def _analysed(self, match: Match, job: Job) -> None:
        try:
            job.result.set_result(await self._make(match, job))
        except BaseException as error:
            job.result.set_exception(error)
            job.result.exception()  # retrieved here: a waiter that gave up leaves no warning behind
            if not isinstance(error, Exception):
                raise

    async def _make(self, match: Match, job: Job) -> Analysed:
        """Every position searched with the game's work (`engines.analysis.work_for`), one position a call
        in the workers; then the positions where a mark is in question searched again, each with another
        seed (`engines.analysis.questioned`); the analysis assembled from both and kept."""
        states = list(positions(match.rules, len(match.seats), match.options, match.seed, match.moves))
        work = work_for(match.game, len(states))
        started = self.context.clock()

        def played(ply: int) -> str | None:
            return match.moves[ply] if ply < len(match.moves) else None

        async def one(ply: int, seed: int) -> Position:  # a position a piece of work: moves go between them
            position = await self.context.computers.run(evaluate, states[ply], work, seed, played(ply), kind=Kind.ANALYSIS,
                                                owner=job.place.owner)
            job.done += 1
            await job.tell()
            return position

        first = await asyncio.gather(*(one(ply, seed_for(match.seed, ply)) for ply in range(len(states))))
        movers = [mover(state) for state in states[1:]]
        asked = questioned(movers, match.moves, first)
        job.total += len(asked)
        second = await asyncio.gather(*(one(ply, other_seed(seed_for(match.seed, ply))) for ply in asked))
        analysis = assemble(match.game, len(match.seats), movers, match.moves, first, dict(zip(asked, second)), work)
        seconds = round(self.context.clock() - started, 1)
        async with self.context.store.transaction() as db:
            if await repository.matches.match_row(db, match.id) is None:
                raise NotFound(_("That match no longer exists."))
            await repository.analyses.add_analysis(db, match.id, json.dumps(analysis.to_dict()), seconds,
                                                   self.context.clock())
        return await self.stored_analysis(match) or Analysed(match, analysis, seconds)
