"""What one player or one server may ask of the computer at once: running matches against it, and the
replays and analyses being made, each refused with a clear reason beyond the limit, on a real store."""
from __future__ import annotations

import asyncio

import pytest

from bot.errors import NotAllowed
from bot.service import challenges
from tests.conftest import ALICE, BOB, CAROL, GUILD, start_match

OTHER_GUILD = 1001


async def against_the_computer(service, player, channel, guild=GUILD):
    return (await service.challenges.challenge(guild, channel, player, "attaxx", computers=["easy"])).match


async def test_a_player_may_run_only_so_many_matches_against_the_computer_in_a_server(service):
    most = challenges.COMPUTER_MATCHES_PER_PLAYER
    matches = [await against_the_computer(service, ALICE, 3000 + k) for k in range(most)]
    assert all(match.status == "active" for match in matches)
    with pytest.raises(NotAllowed, match=f"You already play {most} matches against the computer in this server"):
        await against_the_computer(service, ALICE, 3100)
    assert not await service.challenges.channel_busy(3100)  # nothing was stored
    await against_the_computer(service, BOB, 3101)  # another player may
    await against_the_computer(service, ALICE, 3102, guild=OTHER_GUILD)  # and she may in another server
    await start_match(service, channel=3103)  # matches between people do not count
    await service.play.resign(matches[0].channel_id, ALICE)
    again = await against_the_computer(service, ALICE, 3100)  # one finished: room for one more
    assert again.status == "active"


async def test_a_server_may_run_only_so_many_matches_against_the_computer(service, monkeypatch):
    monkeypatch.setattr(challenges, "COMPUTER_MATCHES_PER_SERVER", 3)
    for k, player in enumerate((ALICE, BOB, CAROL)):
        await against_the_computer(service, player, 3200 + k)
    with pytest.raises(NotAllowed, match="This server already has 3 matches against the computer running"):
        await against_the_computer(service, ALICE, 3300)
    await against_the_computer(service, ALICE, 3301, guild=OTHER_GUILD)


async def test_one_replay_at_a_time_a_player_and_the_next_told_its_place(service) -> None:
    finished = [await start_match(service, channel=3400 + k) for k in range(3)]
    for match in finished:
        await service.play.resign(match.channel_id, BOB)
    matches = [await service.context.get_match(match.id) for match in finished]
    release, started = asyncio.Event(), asyncio.Event()

    async def held(work, *args, **how):  # the workers, kept busy until the test lets them go
        started.set()
        await release.wait()
        return [b"GIF89a"]

    service.computers.run = held
    first = asyncio.create_task(service.records.replay(matches[0], ALICE.id))
    await asyncio.wait_for(started.wait(), 10)
    with pytest.raises(NotAllowed, match=f"Your replay of match #{matches[0].id} is still being made"):
        await service.records.replay(matches[1], ALICE.id)
    told: asyncio.Queue[int] = asyncio.Queue()
    second = asyncio.create_task(service.records.replay(matches[1], BOB.id, waiting=told.put))
    assert await asyncio.wait_for(told.get(), 10) == 1  # alice's is ahead of bob's in this server's line
    release.set()
    assert await first == await second == [b"GIF89a"]
    assert await service.records.replay(matches[2], ALICE.id) == [b"GIF89a"]  # hers was posted: she may ask again


async def test_one_analysis_at_a_time_a_player_a_second_asker_joins_it_and_the_next_is_told_its_place(service) -> None:
    finished = [await start_match(service, channel=3500 + k) for k in range(3)]
    for match in finished:
        await service.play.resign(match.channel_id, BOB)
    matches = [await service.context.get_match(match.id) for match in finished]
    release, started = asyncio.Event(), asyncio.Event()
    searching = service.computers.run

    async def held(work, *args, **how):  # the workers, kept busy until the test lets them go
        started.set()
        await release.wait()
        return await searching(work, *args, **how)

    service.computers.run = held
    first = asyncio.create_task(service.analyses.analyse(matches[0], user_id=ALICE.id))
    await asyncio.wait_for(started.wait(), 10)
    with pytest.raises(NotAllowed, match=f"Your analysis of match #{matches[0].id} is still being made"):
        await service.analyses.analyse(matches[1], user_id=ALICE.id)
    joined = asyncio.create_task(service.analyses.analyse(matches[0], user_id=BOB.id))  # the same match: the same work
    told: asyncio.Queue[int] = asyncio.Queue()
    second = asyncio.create_task(service.analyses.analyse(matches[1], user_id=BOB.id, waiting=told.put))
    assert await asyncio.wait_for(told.get(), 10) == 1  # alice's is ahead of bob's in this server's line
    release.set()
    assert (await first).analysis == (await joined).analysis
    assert (await second).match.id == matches[1].id
    assert (await service.analyses.analyse(matches[2], user_id=ALICE.id)).match.id == matches[2].id  # hers was made
