"""/games: a player's matches in progress in a server, their move first, with a link to each latest board."""
from __future__ import annotations

import asyncio

from bot.models import Player
from tests.conftest import ALICE, BOB, CAROL, GUILD, start_match
from tests.support.inprocess import CHANNEL as BOT_CHANNEL
from tests.support.inprocess import GUILD as BOT_GUILD
from tests.test_discord import ALICE as ALICE_USER
from tests.test_discord import CAROL as CAROL_USER
from tests.test_discord import challenge_accepted
from tests.test_discord_threads import DAVE as DAVE_USER

DAVE = Player(4, "dave")


async def board_remembered(env, message_id: int, timeout: float = 10.0) -> None:
    """Wait until the bot has noted that `message_id` shows a board (it does so just after posting)."""
    async def noted() -> None:
        while message_id not in {m.board_message for m in (await env.client.service.games(
                BOT_GUILD, ALICE_USER.id))[0]}:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(noted(), timeout)


async def test_a_players_games_their_move_first_and_paged(service, clock):
    first = await start_match(service, "attaxx", channel=11)  # alice moves first
    second = await start_match(service, "ascent", channel=12, side="second")  # bob moves first
    await service.challenge(GUILD, 13, CAROL, "xlines", [ALICE])  # not accepted yet: no match
    others = (await service.challenge(GUILD, 14, BOB, "attaxx", [CAROL])).challenge
    await service.accept(others.id, CAROL)
    elsewhere = (await service.challenge(GUILD + 1, 15, ALICE, "attaxx", [DAVE])).challenge  # another server
    await service.accept(elsewhere.id, DAVE)

    mine, total = await service.games(GUILD, ALICE.id)
    assert total == 2 and [m.id for m in mine] == [first.id, second.id]
    clock.advance(60)
    await service.move(11, ALICE, "b6")  # now bob's turn in both
    mine, _ = await service.games(GUILD, ALICE.id)
    assert {m.id for m in mine} == {first.id, second.id} and all(m.to_move == BOB for m in mine)
    bobs, total = await service.games(GUILD, BOB.id)  # all three his move: the soonest deadline first
    assert total == 3 and [m.id for m in bobs] == [second.id, others.id, first.id]

    page, total = await service.games(GUILD, BOB.id, page=2, per_page=2)
    assert total == 3 and [m.id for m in page] == [first.id]
    await service.move(14, BOB, "b6")  # carol's move now: bob's own moves come first
    assert [m.id for m in (await service.games(GUILD, BOB.id))[0]] == [second.id, first.id, others.id]
    assert await service.games(GUILD, DAVE.id) == ([], 0)

    await service.resign(12, BOB)  # a finished match is no longer listed
    assert [m.id for m in (await service.games(GUILD, ALICE.id))[0]] == [first.id]


async def test_games_lists_matches_in_channels_and_threads_with_their_latest_board(env):
    _, start = await challenge_accepted(env)  # alice (to move) and bob, in the channel
    await (await env.command(CAROL_USER, BOT_CHANNEL, "challenge", "ascent", side="first", opponent=ALICE_USER)).reply()
    [thread_id] = env.standin.threads
    [challenge] = env.standin.channel(thread_id)
    accepted = await env.press(ALICE_USER, challenge, "Accept")
    thread_board = await accepted.board()
    await board_remembered(env, start.id)
    await board_remembered(env, thread_board.id)

    listed = await (await env.command(ALICE_USER, BOT_CHANNEL, "games")).reply()
    assert listed.ephemeral
    lines = listed.embeds[0]["description"].split("\n")
    assert len(lines) == 2 and "**Attaxx**" in lines[0] and "vs bob" in lines[0] and "**your move**" in lines[0]
    assert f"/{BOT_CHANNEL}/{start.id})" in lines[0]
    assert "**Ascent**" in lines[1] and "vs carol" in lines[1] and "carol to move" in lines[1]
    assert f"/{thread_id}/{thread_board.id})" in lines[1] and f"in <#{thread_id}>" in lines[1]

    moved = await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    await board_remembered(env, moved.id)
    again = await (await env.command(ALICE_USER, BOT_CHANNEL, "games")).reply()
    assert f"/{BOT_CHANNEL}/{moved.id})" in again.embeds[0]["description"]
    assert "bob to move" in again.embeds[0]["description"]

    nothing = await (await env.command(DAVE_USER, BOT_CHANNEL, "games")).reply()
    assert nothing.ephemeral and "not playing any match" in nothing.embeds[0]["description"]
    assert not env.standin.refusals


async def test_games_pages_turn_with_their_buttons(env, monkeypatch):
    from bot.discord.cogs import records

    monkeypatch.setattr(records, "PER_PAGE", 1)
    await challenge_accepted(env)
    await (await env.command(CAROL_USER, BOT_CHANNEL, "challenge", "ascent", side="first", opponent=ALICE_USER)).reply()
    [thread_id] = env.standin.threads
    [challenge] = env.standin.channel(thread_id)
    await (await env.press(ALICE_USER, challenge, "Accept")).board()

    first = await (await env.command(ALICE_USER, BOT_CHANNEL, "games")).reply()
    assert "**Attaxx**" in first.embeds[0]["description"] and first.embeds[0]["footer"]["text"].startswith("Page 1/2")
    second = await (await env.press(ALICE_USER, first, "Next ▶")).updated()
    assert "**Ascent**" in second.embeds[0]["description"] and second.embeds[0]["footer"]["text"].startswith("Page 2/2")
