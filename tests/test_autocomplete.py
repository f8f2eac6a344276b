"""/move's autocomplete under a player who types fast: suggestions kept per position and text, a long
list (an Elevation turn's thousands) read in a worker process, only a player's latest keystroke worked
out, and one that would come after Discord's 3 seconds dropped quietly, never logged as an error."""
from __future__ import annotations

import asyncio
import logging

from bot.service.offered import INLINE_MOVES, Offered
from bot.service.suggestions import suggestions
from bot.workers import Workers
from tests.conftest import ALICE, BOB, CHANNEL, start_match
from tests.support.inprocess import CHANNEL as DISCORD_CHANNEL
from tests.support.users import User

MAE, NED = User(21, "mae"), User(22, "ned")


class Counted:
    """A worker process that counts what it was given."""

    def __init__(self) -> None:
        self.workers = Workers(1)
        self.calls: list[str] = []

    async def run(self, work, state, typed, limit):
        self.calls.append(typed)
        return await self.workers.run(work, state, typed, limit)


async def test_long_lists_are_read_in_a_worker_once_per_position_and_text(service):
    reader = Counted()
    service.play.offered = Offered(reader.run)
    try:
        match = await start_match(service, "elevation")
        assert len(match.state.legal_moves()) > INLINE_MOVES
        first = await service.move_choices(CHANNEL, ALICE.id, "c1")
        assert first == suggestions(match.state, "c1", 25) and first, "the worker's answer is the one read here"
        assert await service.move_choices(CHANNEL, ALICE.id, "c1") == first
        await service.move_choices(CHANNEL, ALICE.id, "c1-")
        assert reader.calls == ["c1", "c1-"], "asked again, the same text is answered from what was kept"
        assert await service.move_choices(CHANNEL, BOB.id, "c1") == [], "not bob's turn: nothing read"
        played = await service.move(CHANNEL, ALICE, match.state.legal_moves()[0])
        await service.move_choices(CHANNEL, BOB.id, "c1")
        assert reader.calls == ["c1", "c1-", "c1"], "a new position is read afresh"
        assert played.match.stamp == match.stamp + 1
    finally:
        reader.workers.close()


async def test_short_lists_are_read_at_once_without_a_worker(service):
    reader = Counted()
    service.play.offered = Offered(reader.run)
    try:
        await start_match(service, "attaxx")
        assert [b.value for b in await service.move_choices(CHANNEL, ALICE.id, "a7")] == [
            "a7a5", "a7b5", "a7c5", "a7c6", "a7c7"]
        assert reader.calls == []
    finally:
        reader.workers.close()


async def eventually(condition, seconds: float = 10.0) -> None:
    """Wait until `condition()` holds, looking every 10 ms, at most `seconds`."""
    async def looking() -> None:
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(looking(), seconds)


async def elevation_match(env):
    challenge = await (await env.command(MAE, DISCORD_CHANNEL, "challenge", "elevation", side="first", opponent=NED)).reply()
    await (await env.press(NED, challenge, "Accept")).board()


async def test_a_burst_of_keystrokes_is_answered_once_for_the_latest(env, caplog):
    await elevation_match(env)
    typed = ["", "c", "c1", "c1-", "c1-c2", "d", "d1", "c", "c1", "c1-c2"]
    with caplog.at_level(logging.INFO):
        burst = [await env.typing(MAE, DISCORD_CHANNEL, "move", "notation", text) for text in typed]
        offered = await burst[-1].labelled()
    assert offered and all(value.startswith("c1-c2") for _, value in offered), offered
    answered = [action for action in burst if action.interaction.answered.is_set()]
    assert answered == [burst[-1]], "the keystrokes it replaced were never worked out"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_suggestions_that_would_come_too_late_are_dropped_quietly(env, caplog):
    await elevation_match(env)
    offered = env.client.service.play.offered
    reading = offered.run

    async def slow(work, *args):  # the worker took three seconds, as on a machine flooded with work
        env.clock.advance(3.0)
        return await reading(work, *args)

    offered.run = slow
    with caplog.at_level(logging.INFO):
        late = await env.typing(MAE, DISCORD_CHANNEL, "move", "notation", "c1")
        await eventually(lambda: any("dropped" in r.getMessage() for r in caplog.records))
    assert not late.interaction.answered.is_set() and late.interaction.error is None, "never sent: Discord would refuse it"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], "a late keystroke is not an error"
    offered.run = reading
    assert await env.autocomplete(MAE, DISCORD_CHANNEL, "move", "notation", "c1-"), "the next one is answered"
