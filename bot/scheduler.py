"""What happens with time, for any adapter: challenges that expire, players who run out of time, players
to remind that their long turn is running out, players low on time on a live match's clock, changes whose poster did not show them, computer
turns nobody is playing, and tournaments to start or to pair the next round of, and their news.

One loop sleeps until the service's next deadline (or the sweep interval, whichever is sooner), wakes
early when the service says its deadlines changed, has the service expire what is due, and hands what
must be shown to the adapter, one thing at a time.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Protocol

from bot.models import ChallengeChange, Match, MatchChange, Notice
from bot.tournaments.record import News

if TYPE_CHECKING:
    from bot.service import MatchService

log = logging.getLogger(__name__)

SWEEP_SECONDS = 300.0  # the longest the loop sleeps before reading the deadlines again
ORPHANS_SECONDS = 10.0  # how often, on a shared database, to look for computer turns nobody is playing
RETRY_SECONDS = 30.0  # after a sweep that failed
WAKE_MARGIN = 0.05  # slept past a deadline, so that it is due when the loop wakes


class Adapter(Protocol):
    """How an adapter shows what the scheduler finds due (each awaited before the next is looked at)."""

    async def notice_due(self, notice: Notice) -> None:
        """A change stored but not shown yet, whose poster's time is up."""

    async def challenge_expired(self, change: ChallengeChange) -> None:
        """A challenge that ran out before enough players joined (its note, to clear once it is shown)."""

    async def timed_out(self, change: MatchChange) -> None:
        """A match after a player ran out of time (the match goes on without them, or is over)."""

    async def remind(self, change: MatchChange) -> None:
        """A match whose player to move has used most of a long turn: mention them (its note is the
        reminder's, to clear once it is shown)."""

    async def low_time(self, change: MatchChange) -> None:
        """A live match whose player to move has little time left on their clock: mention them, once (its
        note is the warning's, to clear once it is shown)."""

    def computer_owed(self, match: Match) -> None:
        """A match whose computer is to move and nobody is playing it: let it play."""

    async def tournament_news(self, news: News) -> None:
        """News a tournament's channel is to read (a round paired, the end, a cancellation): post it, open
        the round's games, then tell the service it is done (bot.service.rounds.Rounds.news_done)."""


class Scheduler:
    def __init__(self, service: MatchService, adapter: Adapter, sweep_seconds: float = SWEEP_SECONDS, *,
                 retry_seconds: float = RETRY_SECONDS):
        self.service = service
        self.adapter = adapter
        self.sweep_seconds = sweep_seconds
        self.retry_seconds = retry_seconds
        self._orphans_checked = 0.0
        self._sweeping = asyncio.Lock()

    async def start(self) -> None:
        """After a start: what the previous run left to do (changes to show, computer moves owed)."""
        await self.service.outbox.release_notes()
        await self.computers_owed()

    async def computers_owed(self) -> None:
        """The moves computers owe: after a start, those owed when the bot stopped. On a database that
        several processes share, also every ORPHANS_SECONDS: the turns of a process that died while its
        computer was thinking (the claim decides which process takes each)."""
        self._orphans_checked = time.monotonic()
        for match in await self.service.play.computers_to_move():
            self.adapter.computer_owed(match)

    async def run(self) -> None:
        """Sweep, then sleep until the next deadline or a change, for as long as the task runs."""
        changed = self.service.context.deadlines_changed
        while True:
            try:
                await self.sweep()
                # cleared before the next deadline is read: a change committed by then is in that reading,
                # and one made while it is read wakes the loop
                changed.clear()
                wait = await self.wait_seconds()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), timeout=wait + WAKE_MARGIN)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer sweep failed; retrying in %.0f s", self.retry_seconds)
                await asyncio.sleep(self.retry_seconds)

    async def sweep(self) -> None:
        """Hand the adapter everything that is due now, once any sweep already under way in this process
        has finished (so that when this returns, what was due has been handed over, whichever sweep took it)."""
        async with self._sweeping:
            await self._sweep()

    async def _sweep(self) -> None:
        if self.service.context.store.shared and time.monotonic() - self._orphans_checked >= ORPHANS_SECONDS:
            await self.computers_owed()
        for notice in await self.service.outbox.notices_due():  # first: a turn shown late gets its time again
            await self.adapter.notice_due(notice)
        for reminder in await self.service.clocks.reminders_due():
            await self.adapter.remind(reminder)
        for warning in await self.service.clocks.low_time_due():
            await self.adapter.low_time(warning)
        expired = await self.service.clocks.expire_due()
        for challenge in expired.challenges:
            await self.adapter.challenge_expired(challenge)
        for timed_out in expired.matches:
            await self.adapter.timed_out(timed_out)
        await self.service.rounds.advance_due()  # after time-outs: a round they ended is paired now
        for due in await self.service.rounds.news_due():
            async with self.service.rounds.taking(due) as news:
                if news is not None:
                    await self.adapter.tournament_news(news)

    async def wait_seconds(self) -> float:
        """How long to sleep before the next sweep, if nothing changes meanwhile."""
        wait = self.sweep_seconds
        if self.service.context.store.shared:
            wait = min(wait, ORPHANS_SECONDS)
        deadline = await self.service.clocks.next_deadline()
        if deadline is not None:
            wait = min(wait, max(0.0, deadline - self.service.context.clock()))
        return wait
