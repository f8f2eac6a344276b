"""A tournament run by the real bot process (`python -m bot`) that is SIGKILLed at its worst moments: while
a round's post is on its way, while a game's thread is being made, while a game's first board is on its
way, and just after the last game of a round ended. Each round is paired once, each game opened once in
one thread, each round's post and the final standings posted once."""
from __future__ import annotations

import asyncio

from tests.e2e.conftest import ALICE, BOB, CAROL, GAMES_CHANNEL, World
from tests.e2e.test_bot_process import run
from tests.support.standin import Message
from tests.support.users import User

DAVE = User(24, "dave")
PEOPLE = {u.id: u for u in (ALICE, BOB, CAROL, DAVE)}


def posts(world: World, words: str) -> list[Message]:
    return [m for m in world.standin.channel(GAMES_CHANNEL) if words in m.content]


def threads(world: World, round: int) -> list[int]:
    return [t for t, info in world.standin.threads.items() if f"· R{round} ·" in info["name"]]


def games(world: World) -> list[tuple[int, int, int]]:
    """(round, board, match) of every game stored."""
    return world.bot.sql("SELECT round, board, match_id FROM tournament_tables WHERE match_id IS NOT NULL"
                         " ORDER BY round, board")


async def started(world: World, round: int, count: int) -> list[tuple[int, Message]]:
    """The round's games, once each has its thread with its first board (waited for)."""
    def found() -> list[tuple[int, Message]] | None:
        boards = [(t, next((m for m in world.standin.channel(t) if m.files), None)) for t in threads(world, round)]
        ready = [(t, m) for t, m in boards if m is not None]
        return ready if len(ready) >= count else None
    return await world.standin.wait_for(found, timeout=60)


async def finish(world: World, round: int) -> None:
    """Each game of the round is resigned by its first player mentioned."""
    for thread, board in await started(world, round, 2):
        quitter = PEOPLE[board.mentions[0]]
        ended = await run(world, quitter, "resign", channel=thread)
        assert f"{quitter.name} resigned" in ended.content


async def stored_until(world: World, query: str, rows: list[tuple], timeout: float = 30.0) -> None:
    """Wait until the bot's database answers `query` with `rows` (the database wakes no one: it is read
    again every few milliseconds), at most `timeout` seconds."""
    async def stored() -> None:
        while world.bot.sql(query) != rows:
            await asyncio.sleep(0.02)
    await asyncio.wait_for(stored(), timeout)


def check_round(world: World, round: int) -> None:
    assert len(posts(world, f"Round {round} of 2")) == 1, "each round is posted once"
    named = threads(world, round)
    opened = [row for row in games(world) if row[0] == round]
    assert len(opened) == 2 and len({row[2] for row in opened}) == 2, "each game opened once"
    played_in = {world.bot.sql("SELECT channel_id FROM matches WHERE id = ?", match)[0][0] for _r, _b, match in opened}
    assert played_in <= set(named), "each game in a thread of its own"
    empty = [t for t in named if t not in played_in]
    assert len(empty) <= 1 and not any(world.standin.channel(t) for t in empty), \
        "at most the thread whose making was cut short is left over, empty"
    for thread in played_in:
        boards = [m for m in world.standin.channel(thread) if m.files]
        assert len(boards) == 1, "a game's first board is posted once"
        assert f"· round {round} of 2" in boards[0].content, "it names its tournament's round"


async def test_a_swiss_survives_kills_at_every_step_of_a_round(world):
    signup = await run(world, ALICE, "tournament", "create attaxx", rounds=2)
    assert [b["label"] for b in signup.buttons] == ["Join", "Leave"]
    for person in (ALICE, BOB, CAROL, DAVE):
        await (await world.users.press(person, signup, "Join")).updated()

    held = world.standin.inject("channel_post", "hold")  # round 1's post is on its way...
    await run(world, ALICE, "tournament", "start")
    await asyncio.wait_for(held.held.wait(), 30)
    await world.bot.kill()  # ...when the bot dies
    await world.bot.start()
    await started(world, 1, 2)
    await world.bot.settled()
    check_round(world, 1)

    await finish(world, 1)
    await world.bot.kill()  # the round is over: killed before (or while) round 2 is paired
    thread_held = world.standin.inject("thread", "hold")  # and when it comes back, a thread is being made...
    await world.bot.start()
    await asyncio.wait_for(thread_held.held.wait(), 30)
    await world.bot.kill()  # ...when it dies again
    board_held = world.standin.inject("channel_post", "hold", uploads=True)  # a game's first board on its way...
    await world.bot.start()
    await asyncio.wait_for(board_held.held.wait(), 30)
    await world.bot.kill()  # ...and again
    await world.bot.start()
    await started(world, 2, 2)
    await world.bot.settled()
    check_round(world, 2)
    stored = world.bot.sql("SELECT round, count(*) FROM tournament_tables GROUP BY round ORDER BY round")
    assert stored == [(1, 2), (2, 2)], "each round paired once"

    await finish(world, 2)
    final = await world.standin.wait_for(lambda: posts(world, "is over after 2 rounds") or None, timeout=60)
    await world.bot.settled()
    assert len(final) == 1 and final[0].files, "the final standings, with their pictures, posted once"
    assert world.bot.sql("SELECT status FROM tournaments") == [("finished",)]
    await stored_until(world, "SELECT count(*) FROM tournament_news", [(0,)])
    assert len(posts(world, "is over after 2 rounds")) == 1
