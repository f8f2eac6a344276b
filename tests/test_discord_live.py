"""Live matches on Discord as players see them: one board message for the whole game, edited after
every move (the picture with the clocks, the clocks line, the moves so far, the buttons), the player to
move pinged by a short message deleted once they have moved, the result told once; through real
discord.py against the stand-in."""
from __future__ import annotations

import re

from tests.support.images import decode
from tests.support.inprocess import CHANNEL, BotUsers
from tests.support.standin import Message
from tests.test_discord import ALICE, BOB, CAROL

STAMP = re.compile(r"-(\d+)-(\d+)\.png$")


def boards(env: BotUsers, channel: int = CHANNEL) -> list[Message]:
    """The channel's messages with a board picture."""
    return [m for m in env.standin.channel(channel) if any(name.endswith(".png") for name in m.files)]


def stamp_of(message: Message) -> int:
    [name] = [name for name in message.files if name.endswith(".png")]
    found = STAMP.search(name)
    assert found, name
    return int(found[2])


def pings_of(env: BotUsers, channel: int = CHANNEL) -> list[Message]:
    """The short messages pinging the player to move that are still in the channel."""
    return [m for m in env.standin.channel(channel) if "your move in" in m.content]


async def live_match(env: BotUsers, clock: str = "5+3") -> Message:
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB,
                                         clock=clock)).reply()
    return await (await env.press(BOB, challenge, "Accept")).board()


async def test_a_live_match_keeps_one_board_edited_after_every_move(env):
    start = await live_match(env)
    first = decode(start.png).tobytes()
    assert start.v2 and not start.content and await start.pinged() == [ALICE.id]
    assert "⏱️" in start.text and "alice 5:00" in start.text and "bob 5:00" in start.text
    assert "No moves yet." in start.text
    assert [b["label"] for b in start.buttons] == ["Move", "Moves"]
    [alt] = start.descriptions.values()
    assert "Clocks:" in alt and "5:00" in alt

    moved = await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    assert moved.ephemeral and moved.content == "✅ You played **b6**."
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 1
    assert "1. alice: b6" in board.text and "**b6**" in board.text
    assert [b["label"] for b in board.buttons] == ["Move", "Moves", "Take back"]
    [ping] = pings_of(env)
    assert await ping.pinged() == [BOB.id] and "5:00" in ping.content

    env.clock.advance(12)
    panel = await (await env.press(BOB, board, "Move")).reply()
    played = await env.choose(BOB, panel, "▶ b2")
    assert "You played **b2**" in (await played.updated()).content
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 2
    assert "2. bob: b2" in board.text
    assert "bob 4:51" in board.text, board.text  # 5:00 less 12 s, and 3 s back
    [ping] = pings_of(env)
    assert await ping.pinged() == [ALICE.id]
    assert env.standin.deletions, "the ping to bob was deleted once he had moved"
    assert decode(board.png).tobytes() != first
    stamps = [int(STAMP.search(name)[2]) for edit in env.standin.edits_of(start.id) for name in edit.files
              if STAMP.search(name)]
    assert stamps == sorted(stamps) and stamps[-1] == 2
    assert len(boards(env)) == 1


async def test_the_moves_beside_the_board_and_all_of_them_privately(env):
    start = await live_match(env)
    for user, move in [(ALICE, "b6"), (BOB, "b2"), (ALICE, "a7c5")]:
        await (await env.command(user, CHANNEL, "move", notation=move)).reply()
    await env.settled()
    [board] = boards(env)
    listed = await (await env.press(CAROL, board, "Moves")).reply()
    assert listed.ephemeral and listed.content == "**Attaxx** #1: 3 moves.\n1. alice: b6\n2. bob: b2\n3. alice: a7c5"
    shown = await (await env.command(CAROL, CHANNEL, "board")).reply()
    assert shown.ephemeral and "3. alice: a7c5" in shown.content and "⏱️" in shown.content
    assert [b["label"] for b in shown.buttons] == ["Moves"]
    assert "Clocks:" in next(iter(shown.descriptions.values()))
    assert start.id == board.id


async def test_a_time_out_ends_the_live_match_on_its_board_and_tells_the_result_once(env):
    start = await live_match(env, "1+0")
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    [ping] = pings_of(env)
    env.clock.advance(61)
    await env.client.scheduler.sweep()
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and [b["label"] for b in board.buttons] == ["Rematch", "Replay", "Analyse", "Moves"]
    assert "bob ran out of time" in board.text and "bob 0:00" in board.text
    results = [m for m in env.standin.channel(CHANNEL) if "ran out of time" in m.content]
    assert len(results) == 1 and sorted(await results[0].pinged()) == [ALICE.id, BOB.id]
    assert env.standin.messages[ping.id].deleted and pings_of(env) == []
    assert board.accent == 0x99AAB5, "no side is to move any more"
    await env.client.scheduler.sweep()
    await env.settled()
    assert len([m for m in env.standin.channel(CHANNEL) if "ran out of time" in m.content]) == 1


async def test_a_takeback_in_a_live_match_edits_the_board(env):
    start = await live_match(env)
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    [board] = boards(env)
    asked = await (await env.press(ALICE, board, "Take back")).reply()
    assert "asks to take back" in asked.content
    await (await env.press(BOB, asked, "Accept")).updated()
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 2, "the stamp grows with a takeback"
    assert "took back **b6**" in board.text and "No moves yet." in board.text
    assert [b["label"] for b in board.buttons] == ["Move", "Moves"]
    [ping] = pings_of(env)
    assert await ping.pinged() == [ALICE.id]


async def test_a_resignation_is_the_last_edit_and_pings_everyone_once(env):
    start = await live_match(env)
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    told = await (await env.command(BOB, CHANNEL, "resign")).reply()
    assert told.ephemeral and "bob resigned" in told.content
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and "bob resigned" in board.text and board.button("Rematch")
    [result] = [m for m in env.standin.channel(CHANNEL) if "resigned" in m.content]
    assert sorted(await result.pinged()) == [ALICE.id, BOB.id] and pings_of(env) == []


async def test_correspondence_matches_still_post_a_board_per_move(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    start = await (await env.press(BOB, challenge, "Accept")).board()
    moved = await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    assert not start.v2 and not moved.v2 and moved.id != start.id and "**b6**" in moved.content
    assert len(boards(env)) == 2 and env.standin.edits_of(start.id) == []
    shown = await (await env.command(CAROL, CHANNEL, "board")).reply()
    assert shown.content.endswith("**Moves**\n1. alice: b6") and "⏱️" not in shown.content
    assert "Clocks:" not in next(iter(shown.descriptions.values()))


async def test_a_low_clock_is_told_once(env):
    await live_match(env, "1+0")
    await env.settled()
    env.clock.advance(35)  # under 30 s left of a minute
    await env.client.scheduler.sweep()
    await env.settled()
    warned = [m for m in env.standin.channel(CHANNEL) if "clock is low" in m.content]
    assert len(warned) == 1 and await warned[0].pinged() == [ALICE.id] and "0:25" in warned[0].content
    env.clock.advance(5)
    await env.client.scheduler.sweep()
    await env.settled()
    assert len([m for m in env.standin.channel(CHANNEL) if "clock is low" in m.content]) == 1


async def test_a_board_deleted_is_posted_afresh_and_says_so(env):
    start = await live_match(env)
    env.standin.messages[start.id].deleted = True  # someone deleted it
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    [board] = boards(env)
    assert board.id != start.id and "The board moved here" in board.text and "1. alice: b6" in board.text
    await (await env.command(BOB, CHANNEL, "move", notation="b2")).reply()
    await env.settled()
    [again] = boards(env)
    assert again.id == board.id and "The board moved here" not in again.text and stamp_of(again) == 2
