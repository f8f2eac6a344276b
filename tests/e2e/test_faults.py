"""The real bot process when things go wrong between it and Discord: killed between storing a change and
showing it, killed after showing it but before noting so, and its gateway connection closed mid-match
(resumed, or a new session). Nothing stored is left unshown, nothing is shown twice, and no interaction
is lost or answered twice afterwards."""
from __future__ import annotations

import asyncio
import re

from tests.e2e.conftest import ALICE, BOB, CAROL, GAMES_CHANNEL, World
from tests.e2e.test_bot_process import run, start_match
from tests.support.standin import BOT_ID
from tests.support.users import User

ME = User(BOT_ID, "Boardgames", bot=True)
PLAYED = re.compile(r"played \*\*([^*]+)\*\*")


def announced(world: World, channel: int = GAMES_CHANNEL) -> list[str]:
    return [found[1] for m in world.standin.channel(channel) if (found := PLAYED.search(m.content))]


def stored(world: World) -> list[str]:
    return [row[0] for row in world.bot.sql(
        "SELECT notation FROM moves WHERE match_id = (SELECT max(id) FROM matches) ORDER BY ply")]


async def test_a_move_stored_when_the_bot_died_before_replying_is_posted_after_a_restart(world):
    """bob's move is committed, and the bot is killed while its reply is on the way: after the restart
    the board is posted, once, and alice, whose turn it is, is pinged."""
    await start_match(world)
    await run(world, ALICE, "move", notation="b6")
    held = world.standin.inject("callback", "hold", uploads=True)
    await world.users.command(BOB, GAMES_CHANNEL, "move", notation="b2")
    await asyncio.wait_for(held.held.wait(), 20)
    await world.bot.kill()
    assert stored(world) == ["b6", "b2"] and announced(world) == ["b6"]
    await world.bot.start()
    board = await world.standin.wait_for(lambda: next(
        (m for m in world.standin.channel(GAMES_CHANNEL) if "**b2**" in m.content), None), timeout=20)
    assert board.png and await board.pinged() == [ALICE.id] and board.button("Move")
    await world.bot.settled()
    assert announced(world) == stored(world) == ["b6", "b2"]
    moved = await run(world, ALICE, "move", notation="a7c5")
    assert await moved.pinged() == [BOB.id] and announced(world) == stored(world)


async def test_a_reply_left_thinking_above_an_earlier_board_is_not_filled_in_after_a_restart(world):
    """alice's board did not get through; bob moves, and the bot is killed while it posts her board
    first (bob's answer "thinking…" by then). After the restart her board is posted, then his below it:
    his placeholder, above her board, is taken back rather than filled in."""
    await start_match(world)
    world.standin.inject("callback", "drop", uploads=True)
    told = await run(world, ALICE, "move", notation="b6")
    assert told.ephemeral and "posted" in told.content
    held = world.standin.inject("channel_post", "hold")
    action = await world.users.command(BOB, GAMES_CHANNEL, "move", notation="b2")
    await asyncio.wait_for(held.held.wait(), 20)
    await world.standin.wait_for(lambda: [m for m in action.standin.answers.get(action.interaction.id, [])
                                          if m.loading], timeout=20)
    await world.bot.kill()
    assert stored(world) == ["b6", "b2"] and announced(world) == []
    await world.bot.start()
    await world.bot.settled()
    assert announced(world) == stored(world) == ["b6", "b2"]
    assert not [m for m in world.standin.channel(GAMES_CHANNEL) if m.loading], "no placeholder left thinking"
    [board] = [m for m in world.standin.channel(GAMES_CHANNEL) if "**b2**" in m.content]
    assert await board.pinged() == [ALICE.id]


async def test_a_computers_move_shown_just_before_a_kill_is_not_shown_again(world):
    """The computer's board reached Discord, and the bot was killed before noting it: the restarted
    bot posts it again with the same nonce, and Discord answers with the message it has."""
    await run(world, ALICE, "challenge", "attaxx", side="first", opponent=ME, level="easy")
    await world.bot.settled()
    held = world.standin.inject("channel_post", "hold", processed=True)
    await run(world, ALICE, "move", notation="b6")
    await asyncio.wait_for(held.held.wait(), 30)
    await world.bot.kill()
    await world.bot.start()
    await world.bot.settled()
    assert announced(world) == stored(world) and len(stored(world)) == 2
    board = await run(world, ALICE, "board")
    assert "after 2 moves" in board.content and f"{ALICE.mention} (White), your move" in board.content


async def test_a_gateway_connection_closed_mid_match_is_resumed_and_nothing_is_lost(world):
    """Discord closes the connection (code 4000): the bot resumes its session, and a move made while
    it was away is delivered then, and answered once. Then the session is lost altogether: the bot
    identifies anew, and the match goes on."""
    await start_match(world)
    await world.standin.drop_gateway(0)
    moved = await (await world.users.command(ALICE, GAMES_CHANNEL, "move", notation="b6")).reply()
    assert not moved.ephemeral and await moved.pinged() == [BOB.id]
    assert world.standin.resumes == 1 and len(world.standin.identifies) == 1

    sessions = len(world.standin.identifies)
    await world.standin.drop_gateway(0, resumable=False)
    await world.standin.wait_for(lambda: len(world.standin.identifies) > sessions, timeout=30)
    moved = await run(world, BOB, "move", notation="b2")
    assert await moved.pinged() == [ALICE.id]
    board = await run(world, CAROL, "board")
    assert "after 2 moves" in board.content
    assert announced(world) == stored(world) == ["b6", "b2"]
    assert all(len(world.standin.answers.get(i.id, [])) == 1 for i in world.standin.interactions.values()
               if i.payload["type"] == 2)
