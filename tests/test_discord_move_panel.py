"""Playing by tapping: the Move button under every board and the private panel that builds a move,
through real discord.py and the stand-in."""
from __future__ import annotations

import asyncio

from bot import steps
from tests.support.images import decode
from tests.support.inprocess import CHANNEL
from tests.support.standin import Message
from tests.support.users import Discord, User
from tests.test_discord import ALICE, BOB, CAROL, challenge_accepted


async def open_panel(env: Discord, user: User, board: Message) -> Message:
    panel = await (await env.press(user, board, "Move")).reply()
    assert panel.ephemeral
    return panel


async def test_a_move_built_by_picking_its_squares(env):
    _, start = await challenge_accepted(env)
    assert [b["label"] for b in start.buttons] == ["Move"]
    panel = await open_panel(env, ALICE, start)
    assert "Attaxx" in panel.content and "Pick the first part" in panel.content
    assert panel.options()[:3] == ["▶ a6", "a7 …  5 moves", "▶ b6"]
    assert panel.button("Back").get("disabled")

    picked = await (await env.choose(ALICE, panel, "a7 …  5 moves")).updated()
    assert "`a7 …`" in picked.content
    assert picked.options() == ["▶ a7a5", "▶ a7b5", "▶ a7c5", "▶ a7c6", "▶ a7c7"]
    back = await (await env.press(ALICE, picked, "Back")).updated()
    assert back.options()[:3] == ["▶ a6", "a7 …  5 moves", "▶ b6"]
    picked = await (await env.choose(ALICE, back, "a7 …  5 moves")).updated()

    played = await env.choose(ALICE, picked, "▶ a7c5")
    done = await played.updated()
    assert "You played **a7c5**" in done.content
    assert done.components == []
    board = await played.board()
    assert not board.ephemeral and "played" in board.content and await board.pinged() == [BOB.id]
    assert decode(board.png).tobytes() != decode(start.png).tobytes()
    match = await env.client.service.latest(CHANNEL)
    assert len(match.moves) == 1 and [b["label"] for b in board.buttons] == ["Move", "Take back"]


async def test_only_the_player_to_move_gets_a_panel(env):
    _, start = await challenge_accepted(env)
    stranger = await (await env.press(CAROL, start, "Move")).reply()
    assert stranger.ephemeral and "not playing in this match" in stranger.content and "alice" in stranger.content
    waiting = await (await env.press(BOB, start, "Move")).reply()
    assert waiting.ephemeral and "not your turn" in waiting.content and "alice" in waiting.content
    assert not stranger.menus and not waiting.menus


async def test_a_panel_left_open_refuses_and_offers_a_fresh_one(env):
    _, start = await challenge_accepted(env)
    panel = await open_panel(env, ALICE, start)
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()  # played another way
    await (await env.command(BOB, CHANNEL, "move", notation="b2")).reply()
    stale = await (await env.choose(ALICE, panel, "▶ a6")).updated()
    assert "board has changed" in stale.content and "fresh" in stale.content
    match = await env.client.service.latest(CHANNEL)
    assert len(match.moves) == 2, "nothing was played from the old panel"
    assert stale.options() == [c.label for c in steps.panel(match.state).choices], "a panel for the position now"

    # a panel made while it was alice's turn, used after she has moved: no panel, why not
    panel = await open_panel(env, ALICE, start)
    await (await env.command(ALICE, CHANNEL, "move", notation="a6")).reply()
    late = await (await env.choose(ALICE, panel, panel.options()[0])).updated()
    assert "board has changed" in late.content and "not your turn" in late.content and late.components == []
    # the same for a step that only goes one part further
    panel = await open_panel(env, BOB, start)
    step = next(option for option in panel.options() if "…" in option)
    state = (await env.client.service.latest(CHANNEL)).state
    played = await (await env.command(BOB, CHANNEL, "move", notation=state.legal_moves()[-1])).reply()
    assert not played.ephemeral
    late = await (await env.choose(BOB, panel, step)).updated()
    assert "board has changed" in late.content and "not your turn" in late.content and late.components == []


async def test_two_quick_picks_on_one_panel_play_one_move(env):
    _, start = await challenge_accepted(env)
    panel = await open_panel(env, ALICE, start)
    first, second = await asyncio.gather(env.choose(ALICE, panel, "▶ a6"), env.choose(ALICE, panel, "▶ b6"))
    await env.standin.wait_for(lambda: first.interaction.answered.is_set() and second.interaction.answered.is_set())
    match = await env.client.service.latest(CHANNEL)
    assert len(match.moves) == 1
    await env.standin.wait_for(lambda: len([m for m in env.standin.channel(CHANNEL) if m.files]) >= 2)
    await asyncio.sleep(0.2)  # room for a second board, were one (wrongly) on its way
    assert len([m for m in env.standin.channel(CHANNEL) if m.files]) == 2  # the start and one move
