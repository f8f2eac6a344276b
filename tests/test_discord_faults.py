"""The bot through real discord.py against a stand-in that misbehaves as Discord sometimes does: slow
answers, rate limits, server errors and dropped connections, and interactions delivered more than once.
Every interaction is answered once (privately where it is meant to be), and every change is shown once.
Discord's documented refusals are answered with what to do, and logged as warnings."""
from __future__ import annotations

import asyncio
import logging
import re

import pytest

from bot.discord import replies
from tests.support.inprocess import CHANNEL, BotUsers, slow_boards
from tests.support.standin import BOT_ID, Message
from tests.support.users import Discord, User
from tests.test_discord import ALICE, BOB, CAROL, challenge_accepted
from tests.test_discord_move_panel import open_panel
from tests.test_discord_threads import logged_quietly

ME = User(BOT_ID, "Boardgames", bot=True)
PLAYED = re.compile(r"played \*\*([^*]+)\*\*")


def boards(env: Discord, channel: int = CHANNEL) -> list[Message]:
    """The public messages with a board in a channel, in order."""
    return [m for m in env.standin.channel(channel) if m.files]


def announced(env: Discord, channel: int = CHANNEL) -> list[str]:
    """The moves announced in a channel, in order (one public message each)."""
    return [found[1] for m in env.standin.channel(channel) if (found := PLAYED.search(m.content))]


async def stored(env: BotUsers, channel: int = CHANNEL) -> list[str]:
    return list((await env.client.service.latest(channel)).moves)


async def test_a_reply_ready_while_the_deferral_is_on_its_way_stays_private(env, monkeypatch):
    """The automatic deferral has left (public: a move's board was expected) and Discord is slow to
    confirm it; meanwhile the answer turns out to be a refusal. It must still reach only its user."""
    await challenge_accepted(env)
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.2)
    env.standin.latency["callback"] = 0.6
    service = env.client.service
    real = service.move

    async def slow(*args, **kwargs):  # the refusal is ready while the deferral waits for its answer
        await asyncio.sleep(0.4)
        return await real(*args, **kwargs)

    monkeypatch.setattr(service, "move", slow)
    refused = await (await env.command(BOB, CHANNEL, "move", notation="b2")).reply()
    assert refused.ephemeral and "not your turn" in refused.content
    assert not [m for m in env.standin.channel(CHANNEL) if "not your turn" in m.content], "nothing public"


async def test_a_deferred_board_still_notifies_the_player_to_move(env, monkeypatch):
    """An edit notifies nobody: when a move's answer had to be deferred, the player whose turn it is
    gets a message of their own."""
    await challenge_accepted(env)
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.05)
    slow_boards(env.client, monkeypatch)
    action = await env.command(ALICE, CHANNEL, "move", notation="b6")
    board, ping = await action.messages(2)
    assert action.interaction.response_type == 5 and board.png and board.mentions == []
    assert ping.mentions == [BOB.id] and not ping.ephemeral


async def test_every_interaction_is_answered_once_however_slowly_discord_answers(env):
    """2.9 seconds on every answer to the bot's first replies and uploads (Discord counts its three
    seconds from when a reply arrives): each interaction is answered once, privately where it should
    be, and every board is posted."""
    for route in ("callback", "followup", "webhook_message", "channel_post"):
        env.standin.latency[route] = 2.9
    challenge, start = await challenge_accepted(env)
    wrong = await (await env.command(BOB, CHANNEL, "move", notation="b2")).reply()
    assert wrong.ephemeral and "not your turn" in wrong.content
    action = await env.command(ALICE, CHANNEL, "move", notation="b6")
    moved = await action.reply()
    assert not moved.ephemeral and moved.png
    await env.standin.wait_for(lambda: [m for m in env.standin.answers[action.interaction.id] if m.mentions == [BOB.id]])
    panel = await open_panel(env, BOB, moved)
    played = await env.choose(BOB, panel, "▶ b2")
    assert "You played **b2**" in (await played.updated()).content
    assert (await played.board()).mentions == [ALICE.id]
    private = await (await env.command(CAROL, CHANNEL, "board")).reply()
    assert private.ephemeral and "after 2 moves" in private.content
    await env.settled()
    assert announced(env) == await stored(env) == ["b6", "b2"]
    assert [i.response_type is not None for i in env.standin.interactions.values()] == [True] * 7


async def test_rate_limits_delay_boards_but_post_each_once_in_order(env):
    """429s with retry_after on the computer's posts and on a reply's upload: discord.py waits and
    tries again, and the boards come once each, in the order played."""
    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME, level="easy")).reply()
    env.standin.inject("channel_post", "429", times=4, retry_after=0.2)
    env.standin.inject("callback", "429", times=1, uploads=True, retry_after=0.2)
    for _ in range(3):
        seen = len(announced(env))
        move = (await env.client.service.current(CHANNEL)).state.legal_moves()[0]
        mine = await (await env.command(ALICE, CHANNEL, "move", notation=move)).reply()
        assert mine.png
        await env.standin.wait_for(lambda n=seen: len(announced(env)) == n + 2, timeout=20)
    await env.settled()
    assert announced(env) == await stored(env) and len(announced(env)) == 6
    assert sum(f.hits for f in env.standin.faults) == 5


async def test_a_board_upload_that_fails_is_posted_later_once(env, caplog):
    """The connection drops while a move's board is uploaded, before Discord takes it: the player is
    told privately that the move counts, and the board is posted soon after, once, with the ping."""
    await challenge_accepted(env)
    await env.settled()
    env.standin.inject("callback", "drop", uploads=True)
    with caplog.at_level(logging.WARNING):
        told = await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    assert told.ephemeral and "Done" in told.content and "posted" in told.content
    assert announced(env) == [] and await stored(env) == ["b6"]
    env.clock.advance(20)  # the retry falls due (the reply is surely not coming: see REPLY_SETTLED)
    await env.client.scheduler.sweep()
    [board] = [m for m in env.standin.channel(CHANNEL) if PLAYED.search(m.content)]
    assert "**b6**" in board.content and await board.pinged() == [BOB.id] and board.png
    await env.settled()
    env.clock.advance(120)
    await env.client.scheduler.sweep()
    assert announced(env) == ["b6"], "posted once"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a dropped connection is no bug"


async def test_a_board_discord_took_before_the_connection_dropped_is_not_posted_again(env):
    """The connection drops after Discord took the board: the reply stands, nothing is added."""
    await challenge_accepted(env)
    env.standin.inject("callback", "drop", uploads=True, processed=True)
    moved = await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    assert not moved.ephemeral and moved.png and await moved.pinged() == [BOB.id]
    await env.settled()
    env.clock.advance(120)
    await env.client.scheduler.sweep()
    assert announced(env) == ["b6"] and env.standin.answers[moved.interaction_id] == [moved]


async def test_a_server_error_after_discord_took_the_post_makes_no_second_message(env):
    """Discord takes the computer's board but answers 502: discord.py tries again with the same nonce,
    and Discord answers with the message it already has."""
    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME, level="easy")).reply()
    await env.settled()
    fault = env.standin.inject("channel_post", "5xx", status=502, processed=True)
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.standin.wait_for(lambda: len(announced(env)) == 2, timeout=20)
    await env.settled()
    assert fault.hits == 1 and announced(env) == await stored(env)
    assert len([m for m in env.standin.channel(CHANNEL) if m.files]) == 3, "start, mine, the computer's"


async def test_a_computers_post_that_fails_is_posted_later_and_its_next_move_waits(env):
    """The connection drops on the computer's board: its move is stored, its board posted once Discord
    can be reached, and only then does the game go on."""
    await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first", opponent=ME, computers=1,
                             level="easy")).reply()
    await env.settled()
    env.standin.inject("channel_post", "drop")
    await (await env.command(ALICE, CHANNEL, "move", notation="a1")).reply()
    service = env.client.service
    await env.standin.wait_for(lambda: env.standin.faults[0].hits == 1, timeout=20)
    await asyncio.sleep(0.3)
    assert len(await stored(env)) == 2, "the second computer waits for the first one's board"
    assert announced(env) == ["a1"]
    env.clock.advance(10)
    await env.client.scheduler.sweep()
    await env.standin.wait_for(lambda: len(announced(env)) == 3, timeout=20)
    await env.settled()
    assert announced(env) == await stored(env)
    assert (await service.current(CHANNEL)).to_move.id == ALICE.id


async def test_an_interaction_delivered_three_times_is_handled_once(env, caplog):
    """Discord (or two of the bot's processes) may see one interaction more than once: an Accept, a
    /challenge and a Rematch delivered three times each take effect once, are answered once, and the
    copies are no error."""
    users = env
    caplog.set_level(logging.DEBUG)
    challenge = await (await users.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    accept = await users.press(BOB, challenge, "Accept")
    await users.again(accept)
    await users.again(accept)
    start = await accept.board()
    assert "Accepted" in challenge.content and await start.pinged() == [ALICE.id]
    final = await (await users.command(BOB, CHANNEL, "resign")).reply()
    rematch = await users.press(ALICE, final, "Rematch")
    await users.again(rematch)
    await users.again(rematch)
    offered = await rematch.reply()
    assert BOB.mention in offered.content and offered.button("Accept")
    other = await users.command(CAROL, CHANNEL + 1, "challenge", "ikabegama", side="first")
    await users.again(other)
    await users.again(other)
    await other.reply()
    await users.settled()
    assert len(boards(env)) == 2, "one start board, one result"
    assert len([m for m in env.standin.channel(CHANNEL) if "challenges" in m.content]) == 2
    assert len(env.standin.channel(CHANNEL + 1)) == 1 and env.standin.threads == {}
    assert all(len(env.standin.answers.get(i.id, [])) <= 1 for i in env.standin.interactions.values())
    assert sum("delivered again" in r.getMessage() for r in caplog.records) == 6
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_move_made_before_the_last_one_was_shown_comes_after_it(env):
    """The computer's board did not get through, and alice, who looked with /board, moves anyway: the
    computer's move is posted first, then hers, so that the channel reads in the order played."""
    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME, level="easy")).reply()
    await env.settled()
    fault = env.standin.inject("channel_post", "drop")
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.standin.wait_for(lambda: fault.hits == 1, timeout=20)
    seen = await (await env.command(ALICE, CHANNEL, "board")).reply()
    assert seen.ephemeral and "after 2 moves" in seen.content and announced(env) == ["b6"]
    move = (await env.client.service.current(CHANNEL)).state.legal_moves()[0]
    mine = await (await env.command(ALICE, CHANNEL, "move", notation=move)).reply()
    assert mine.png and f"**{move}**" in mine.content
    await env.standin.wait_for(lambda: len(announced(env)) == 4, timeout=20)
    await env.settled()
    assert announced(env) == await stored(env), "the computer's first move, then alice's, then its answer"


async def test_a_move_whose_answer_waited_for_the_last_one_is_posted_below_it(env):
    """As above, but the computer's board reaches Discord only after alice's answer was deferred: her
    "thinking…" placeholder, above that board, is taken back and her board posted below it."""
    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME, level="easy")).reply()
    await env.settled()
    dropped = env.standin.inject("channel_post", "drop")
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.standin.wait_for(lambda: dropped.hits == 1, timeout=20)
    held = env.standin.inject("channel_post", "hold")
    move = (await env.client.service.current(CHANNEL)).state.legal_moves()[0]
    action = await env.command(ALICE, CHANNEL, "move", notation=move)
    await env.standin.wait_for(lambda: held.held.is_set() and [m for m in action.standin.answers.get(
        action.interaction.id, []) if m.loading], timeout=20)
    held.released.set()
    await env.standin.wait_for(lambda: len(announced(env)) == 4, timeout=20)
    await env.settled()
    assert announced(env) == await stored(env), "the computer's first move, then alice's, then its answer"
    assert not [m for m in env.standin.channel(CHANNEL) if m.loading], "no placeholder left thinking"
    assert env.standin.failures() == []


async def test_a_board_the_channel_refuses_is_answered_with_what_to_do(env, caplog):
    """Discord refuses the start's board in the channel (50013: the bot lost a permission there): the
    match has started all the same, whoever pressed Accept is told privately what to ask for, and the
    refusal is a warning in the log, not an error."""
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    await env.settled()
    env.standin.refuse("channel_post", 50013)
    with caplog.at_level(logging.INFO):
        accepted = await env.press(BOB, challenge, "Accept")
        told = await accepted.reply()
    assert told.ephemeral and told.content == (
        "⚠️ Discord refused me a permission I need in this channel (View Channel, Send Messages, Send Messages "
        "in Threads, Attach Files, Embed Links): ask a server admin to grant them here.")
    assert "Accepted" in (await accepted.updated()).content and boards(env) == []
    logged_quietly(caplog, 50013)
    await env.settled()  # nothing left to post where Discord refuses it
    seen = await (await env.command(ALICE, CHANNEL, "board")).reply()
    assert seen.ephemeral and "after 0 moves" in seen.content and seen.png


@pytest.mark.parametrize("code", [160005, 50083, 10003], ids=["thread locked", "thread archived", "channel gone"])
async def test_a_computer_move_where_no_post_can_go_is_not_tried_for_ever(env, caplog, code):
    """The computer's board is refused where the bot posts it on its own (a moderator locked or archived
    the thread, or the channel was deleted): no later try would get through, so the change is not kept
    to be posted again, and the log says why, as a warning."""
    start = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME, level="easy")).reply()
    assert start.png
    await env.settled()
    locked = env.standin.refuse("channel_post", code)
    with caplog.at_level(logging.INFO):
        mine = await (await env.command(ALICE, CHANNEL, "move", notation="a7a6")).reply()
        assert mine.png and "is thinking" in mine.content
        await env.standin.wait_for(lambda: locked.hits == 1, timeout=30)  # the computer's board, refused
        await env.settled()  # its note is not kept to be posted again
    logged_quietly(caplog, code)
    assert [m for m in env.standin.channel(CHANNEL) if m.content.startswith("**Computer (easy)")] == []


def test_an_answer_is_deferred_by_the_time_the_interaction_was_made_not_when_the_bot_got_to_it():
    assert replies.defer_in(0.0) == replies.DEFER_AFTER
    assert replies.defer_in(1.0) == pytest.approx(replies.DEFER_AFTER - 1.0)
    assert replies.defer_in(5.0) == 0.0, "a bot that got to it late defers at once"
    assert replies.defer_in(-30.0) == replies.DEFER_AFTER, "a clock behind Discord's never makes it wait longer"
