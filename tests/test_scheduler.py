"""The scheduler without any adapter: a real service on a SQLite file, a clock moved by hand, and a
stand-in adapter that records what it is handed. The tests wait (bounded) for what they expect to be
handed over, never for a length of time."""
from __future__ import annotations

import asyncio
import contextlib
import logging

import pytest

from bot.db import SqliteStore
from bot.models import ChallengeChange, Match, MatchChange, Notice
from bot.scheduler import Scheduler
from bot.service import NOTE_GRACE, MatchService
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD

ELSEWHERE = CHANNEL + 1
WAIT = 10.0  # the longest a test waits for the scheduler to hand something over
Handed = ChallengeChange | MatchChange | Match | Notice


class Recorded:
    """An adapter that keeps what it is handed, in order: (what, the thing)."""

    def __init__(self) -> None:
        self.handed: list[tuple[str, Handed]] = []
        self.fail: set[str] = set()  # what to refuse (raise) when it is handed over
        self._more = asyncio.Event()

    def _keep(self, what: str, thing: Handed) -> None:
        self.handed.append((what, thing))
        self._more.set()
        if what in self.fail:
            self.fail.discard(what)
            raise RuntimeError(f"could not show {what}")

    async def notice_due(self, notice: Notice) -> None:
        self._keep("notice_due", notice)

    async def challenge_expired(self, change: ChallengeChange) -> None:
        self._keep("challenge_expired", change)

    async def timed_out(self, change: MatchChange) -> None:
        self._keep("timed_out", change)

    async def remind(self, change: MatchChange) -> None:
        self._keep("remind", change)

    async def low_time(self, change: MatchChange) -> None:
        self._keep("low_time", change)

    def computer_owed(self, match: Match) -> None:
        self._keep("computer_owed", match)

    async def first(self, what: str) -> Handed:
        """The first thing handed over as `what`, once there is one (at most WAIT seconds from now)."""
        async def found() -> Handed:
            while True:
                for kind, thing in self.handed:
                    if kind == what:
                        return thing
                self._more.clear()
                await self._more.wait()

        return await asyncio.wait_for(found(), WAIT)

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.handed]


@pytest.fixture
async def service(db_path, clock):
    """The service as the Discord bot runs it: every change noted in the outbox until it is shown."""
    store = await SqliteStore.open(db_path)
    service = MatchService(store, clock=clock)
    yield service
    await service.outbox.close()
    service.computers.close()
    await store.close()


@pytest.fixture
def adapter() -> Recorded:
    return Recorded()


@pytest.fixture
async def running(service, adapter):
    """The scheduler's loop, running in the background for the test."""
    scheduler = Scheduler(service, adapter, retry_seconds=0.0)
    task = asyncio.create_task(scheduler.run(), name="scheduler")
    yield scheduler
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def shown(service: MatchService, *changes: ChallengeChange | MatchChange) -> None:
    """Each change was shown by whoever made it (its note is cleared)."""
    for change in changes:
        await service.outbox.posted(change.note)


async def test_it_sleeps_until_the_next_deadline_or_the_sweep_whichever_is_sooner(service, adapter, clock):
    scheduler = Scheduler(service, adapter, sweep_seconds=300.0)
    assert await scheduler.wait_seconds() == 300.0, "nothing to wait for: the sweep"
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    assert await scheduler.wait_seconds() == NOTE_GRACE, "its poster's time is up first"
    await shown(service, challenge)
    await service.outbox.notices_due()  # (the note of a change shown goes with the next transaction)
    assert await scheduler.wait_seconds() == 300.0, "the challenge expires after the sweep"
    clock.advance(14 * 60)
    assert await scheduler.wait_seconds() == 60.0, "the challenge expires in a minute"
    clock.advance(5 * 60)
    assert await scheduler.wait_seconds() == 0.0, "overdue: at once"
    assert adapter.handed == [], "working out the wait hands nothing over"


async def test_a_change_wakes_it_early_and_an_expired_challenge_is_handed_over(service, adapter, clock, running):
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await shown(service, challenge)
    clock.advance(16 * 60)  # the loop sleeps on until something changes: another challenge
    other = await service.challenges.challenge(GUILD, ELSEWHERE, CAROL, "attaxx", [BOB])
    expired = await adapter.first("challenge_expired")
    assert (expired.challenge.id, expired.challenge.status) == (challenge.challenge.id, "expired")
    assert expired.note is not None, "its note, to clear once it is shown"
    assert (await service.context.get_challenge(other.challenge.id)).status == "open"
    assert adapter.kinds() == ["challenge_expired"]


async def test_a_player_who_runs_out_of_time_is_handed_over_timed_out(service, adapter, clock, running):
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], turn_seconds=3600)
    await shown(service, challenge, await service.challenges.accept(challenge.challenge.id, BOB))
    clock.advance(3601)
    service.context.deadlines_changed.set()  # as any change does
    match = (await adapter.first("timed_out")).match
    assert match.status == "finished" and "ran out of time" in match.outcome.reason
    assert adapter.kinds() == ["timed_out"]


async def test_a_change_its_poster_did_not_show_is_handed_over_once_its_grace_is_up(service, adapter, clock, running):
    # its poster stops here (a task that ends: a live one would still be showing it)
    challenge = await asyncio.create_task(service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB]))
    clock.advance(NOTE_GRACE + 1)
    service.context.deadlines_changed.set()
    notice = await adapter.first("notice_due")
    assert (notice.kind, notice.challenge.id, notice.id) == ("challenge", challenge.challenge.id, challenge.note)


async def test_a_sweep_that_fails_is_logged_and_the_loop_goes_on(service, adapter, clock, running, caplog):
    adapter.fail.add("challenge_expired")
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await shown(service, challenge)
    clock.advance(16 * 60)
    with caplog.at_level(logging.ERROR, logger="bot.scheduler"):
        service.context.deadlines_changed.set()
        await adapter.first("challenge_expired")
        # The expiry is stored, and its note falls due like any change nobody showed.
        clock.advance(NOTE_GRACE + 1)
        service.context.deadlines_changed.set()
        notice = await adapter.first("notice_due")
    assert (notice.kind, notice.challenge.id, notice.challenge.status) == ("challenge", challenge.challenge.id, "expired")
    assert any("timer sweep failed" in r.getMessage() for r in caplog.records)


async def test_after_a_start_the_moves_computers_owe_are_handed_over(service, adapter):
    started = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["easy"], side="second")
    assert isinstance(started, MatchChange) and started.match.computer_to_move is not None
    await shown(service, started)
    await Scheduler(service, adapter).start()
    assert [(kind, thing.id) for kind, thing in adapter.handed] == [("computer_owed", started.match.id)]
