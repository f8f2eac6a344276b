"""The real bot process killed (SIGKILL) in the middle of a live match, between storing a move and editing
its board into the live board message: the restarted bot edits the same message to the latest position,
posts no second board, pings the player to move, and the match goes on on that message."""
from __future__ import annotations

import asyncio
import re

from tests.e2e.conftest import ALICE, BOB, GAMES_CHANNEL, World
from tests.e2e.test_bot_process import run
from tests.support.standin import Message

STAMP = re.compile(r"-(\d+)-(\d+)\.png$")


def boards(world: World) -> list[Message]:
    return [m for m in world.standin.channel(GAMES_CHANNEL) if any(name.endswith(".png") for name in m.files)]


def stamp_of(message: Message) -> int:
    found = [int(f[2]) for name in message.files if (f := STAMP.search(name))]
    assert len(found) == 1, message.files
    return found[0]


def stored(world: World) -> list[str]:
    return [row[0] for row in world.bot.sql(
        "SELECT notation FROM moves WHERE match_id = (SELECT max(id) FROM matches) ORDER BY ply")]


def pings(world: World) -> list[Message]:
    return [m for m in world.standin.channel(GAMES_CHANNEL) if "your move in" in m.content]


async def test_a_live_board_killed_before_its_edit_is_edited_after_a_restart(world):
    challenge = await run(world, ALICE, "challenge", "attaxx", side="first", opponent=BOB, clock="5+3")
    start = await (await world.users.press(BOB, challenge, "Accept")).board()
    assert start.v2
    moved = await run(world, ALICE, "move", notation="b6")
    assert moved.ephemeral and moved.content == "✅ You played **b6**."
    await world.bot.settled()
    await world.standin.wait_for(lambda: stamp_of(world.standin.messages[start.id]) == 1 and pings(world))

    held = world.standin.inject("channel_edit", "hold")
    answered = await run(world, BOB, "move", notation="b2")
    assert answered.ephemeral and answered.content == "✅ You played **b2**."
    await asyncio.wait_for(held.held.wait(), 60)
    await world.bot.kill()
    assert stored(world) == ["b6", "b2"] and stamp_of(world.standin.messages[start.id]) == 1

    await world.bot.start()
    await world.standin.wait_for(lambda: stamp_of(world.standin.messages[start.id]) == 2)
    await world.bot.settled()
    [board] = boards(world)
    assert board.id == start.id and "2. bob: b2" in board.text, "the same message, at the latest position"
    [ping] = await world.standin.wait_for(lambda: (found := pings(world)) and len(found) == 1 and found)
    assert await ping.pinged() == [ALICE.id]

    await run(world, ALICE, "move", notation="a7c5")
    await world.standin.wait_for(lambda: stamp_of(world.standin.messages[start.id]) == 3)
    await world.bot.settled()
    assert [b.id for b in boards(world)] == [start.id] and stored(world) == ["b6", "b2", "a7c5"]
    edits = [int(f[2]) for edit in world.standin.edits_of(start.id) for name in edit.uploaded
             if (f := STAMP.search(name))]
    assert edits == sorted(edits) and edits[-1] == 3
