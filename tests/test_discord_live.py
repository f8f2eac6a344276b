"""Live matches on Discord as players see them: one board message for the whole game, edited after
every move (the picture with the clocks, the clocks line, the moves so far, the buttons), the player to
move pinged by a short message deleted once they have moved, the result told once; through real
discord.py against the stand-in."""
from __future__ import annotations

import re

from tests.support.images import decode
from tests.support.inprocess import CHANNEL, BotUsers
from tests.support.standin import Message
from tests.test_discord import ALICE, BOB

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
