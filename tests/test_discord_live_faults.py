"""Live boards when Discord is slow or refuses, and after the bot lost what it knew: moves faster than
Discord lets a message be edited (the board skips to the newest position, never back), an edit that did
not get through (made when its note falls due, to the match as it then stands), a bot that forgot its
boards (it edits the one the store remembers, or posts a fresh one and says so)."""
from __future__ import annotations

import asyncio

from bot.discord import messages as text
from bot.models import MatchChange, Player
from tests.support.inprocess import CHANNEL, BotUsers
from tests.test_discord import ALICE, BOB
from tests.test_discord_live import STAMP, boards, live_match, pings_of, stamp_of

PLAYERS = (Player(ALICE.id, ALICE.name), Player(BOB.id, BOB.name))


async def play_one(env: BotUsers) -> MatchChange:
    """The player to move plays their first legal move (in notation order), through the service."""
    service = env.client.service
    match = await service.latest(CHANNEL)
    assert match.state.to_move is not None
    return await service.move(CHANNEL, PLAYERS[match.state.to_move], sorted(match.state.legal_moves())[0])


def edited_stamps(env: BotUsers, message_id: int) -> list[int]:
    """The stamps of the boards an edit put on the message, in the order Discord took the edits."""
    return [int(found[2]) for edit in env.standin.edits_of(message_id) for name in edit.uploaded
            if (found := STAMP.search(name))]


async def test_moves_faster_than_edits_show_the_newest_board_and_never_an_older_one(env):
    start = await live_match(env)
    await env.settled()
    limit = env.standin.rate_limit("channel_edit", per=1, seconds=1.0)  # an edit a second
    poster = env.client.poster
    shows = []
    for _ in range(4):  # four waves of three moves, each shown as the cog shows it, all at once
        wave = [await play_one(env) for _ in range(3)]
        shows += [asyncio.create_task(poster.show_in_channel(text.move_text(change), change)) for change in wave]
        await asyncio.wait(shows, return_when=asyncio.FIRST_COMPLETED)
    await asyncio.gather(*shows)
    await env.settled()
    match = await env.client.service.latest(CHANNEL)
    assert match.stamp == 12
    stamps = edited_stamps(env, start.id)
    assert stamps == sorted(stamps), f"an older board after a newer: {stamps}"
    assert stamps[-1] == 12 and 2 <= len(stamps) < 12, f"the edits skipped to the newest board: {stamps}"
    assert len(limit.accepted) == len(stamps), "every edit was under the limit (discord.py waited for it)"
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 12 and f"12. {match.names[11 % 2]}: {match.moves[-1]}" in board.text
    [ping] = pings_of(env)
    assert await ping.pinged() == [PLAYERS[match.state.to_move].id]


async def test_an_edit_that_did_not_get_through_is_made_when_its_note_falls_due(env):
    start = await live_match(env)
    await env.settled()
    dropped = env.standin.inject("channel_edit", "drop")
    moved, later = await (await env.command(ALICE, CHANNEL, "move", notation="b6")).messages(2)
    assert moved.content == "✅ You played **b6**." and moved.ephemeral
    assert later.ephemeral and "posted here in a moment" in later.content and dropped.hits == 1
    assert stamp_of(env.standin.messages[start.id]) == 0
    env.clock.advance(10)
    await env.client.scheduler.sweep()
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 1 and "1. alice: b6" in board.text
    [ping] = pings_of(env)
    assert await ping.pinged() == [BOB.id]


async def remembered(env: BotUsers, message_id: int, timeout: float = 20.0) -> None:
    """Wait until the store remembers `message_id` as the match's board (written just after its note is
    cleared)."""
    async def known() -> None:
        while (await env.client.service.latest(CHANNEL)).board_message != message_id:
            await asyncio.sleep(0.01)
    await asyncio.wait_for(known(), timeout)


async def shown_elsewhere(env: BotUsers) -> None:
    """A move whose poster stopped before showing it (a task that ended: its note is let go), and a bot
    that remembers none of its boards (as after a restart); its note then falls due."""
    await asyncio.create_task(play_one(env))
    env.client.poster.live._boards.clear()
    env.clock.advance(120)
    await env.client.scheduler.sweep()
    await env.settled()


async def test_a_bot_that_forgot_its_boards_edits_the_one_the_store_remembers(env):
    start = await live_match(env)
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    await shown_elsewhere(env)
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 2 and "2. bob: " in board.text
    [ping] = pings_of(env)
    assert await ping.pinged() == [ALICE.id]


async def test_a_board_the_store_does_not_know_is_posted_afresh_and_says_so(env):
    start = await live_match(env)
    await env.settled()
    async with env.client.store.transaction() as db:
        await db.run("UPDATE matches SET board_message = NULL")
    await shown_elsewhere(env)
    fresh = [m for m in boards(env) if m.id != start.id]
    assert len(fresh) == 1 and "The board moved here" in fresh[0].text and stamp_of(fresh[0]) == 1
    await remembered(env, fresh[0].id)
    await (await env.command(BOB, CHANNEL, "move", notation="b2")).reply()
    await env.settled()
    assert stamp_of(env.standin.messages[fresh[0].id]) == 2 and stamp_of(env.standin.messages[start.id]) == 0


async def failed_sweep(env: BotUsers) -> None:
    """A sweep of the timer loop's whose post fails: in a task of its own, which lets go of the note it
    held when it ends (as the timer loop does when it next looks), so any sweep may take it up later."""
    await asyncio.create_task(env.client.scheduler.sweep())


async def warning_dropped(env: BotUsers):
    """A live 1+0 match whose low-time warning (35 s in) Discord dropped: the fault."""
    await live_match(env, "1+0")
    await env.settled()
    dropped = env.standin.inject("channel_post", "drop")
    env.clock.advance(35)
    await failed_sweep(env)
    return dropped


def warnings(env: BotUsers) -> list:
    return [m for m in env.standin.channel(CHANNEL) if "clock is low" in m.content]


async def test_a_low_clock_warning_that_did_not_get_through_is_told_later_while_still_of_use(env):
    dropped = await warning_dropped(env)
    assert dropped.hits == 1 and warnings(env) == []
    env.clock.advance(10)
    await env.client.scheduler.sweep()
    await env.settled()
    [warned] = warnings(env)
    assert await warned.pinged() == [ALICE.id] and "0:15" in warned.content


async def test_a_low_clock_warning_of_a_turn_since_played_is_not_told(env):
    dropped = await warning_dropped(env)
    assert dropped.hits == 1
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    env.clock.advance(10)
    await env.client.scheduler.sweep()
    await env.settled()
    assert warnings(env) == []
