"""Several matches in one channel: a challenge where a match is on (or a challenge is open) gets a
public thread of its own, where every command and button works as in a channel. A thread Discord
refuses is answered with what to do, and logged as a warning."""
from __future__ import annotations

import logging

from tests.support.inprocess import CHANNEL
from tests.support.standin import ALL_PERMISSIONS, BOT_ID
from tests.support.users import User
from tests.test_discord import ALICE, BOB, CAROL, challenge_accepted

DAVE = User(15, "dave")
ME = User(BOT_ID, "Boardgames", bot=True)
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38


async def test_a_second_match_gets_its_own_thread_and_plays_there(env):
    await challenge_accepted(env)  # alice and bob play in the channel
    pointer = await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    [(thread_id, thread)] = env.standin.threads.items()
    assert thread["parent_id"] == str(CHANNEL) and thread["name"] == "Attaxx: carol vs dave"
    assert not pointer.ephemeral and f"<#{thread_id}>" in pointer.content

    [challenge] = env.standin.channel(thread_id)
    assert DAVE.mention in challenge.content and await challenge.pinged() == [DAVE.id]
    accepted = await env.press(DAVE, challenge, "Accept")
    start = await accepted.board()
    assert start.channel_id == thread_id and [b["label"] for b in start.buttons] == ["Move"]

    # each match answers where it is played: /move and /board in the thread, the channel's own untouched
    moved = await (await env.command(CAROL, thread_id, "move", notation="a6")).reply()
    assert not moved.ephemeral and "**a6**" in moved.content and moved.channel_id == thread_id
    board = await (await env.command(ALICE, CHANNEL, "board")).reply()
    service = env.client.service
    assert (await service.current(CHANNEL)).moves == () and (await service.current(thread_id)).moves == ("a6",)
    assert "#1 after 0 moves" in board.content and ALICE.mention in board.content
    panel = await (await env.press(DAVE, moved, "Move")).reply()
    whole = next(option for option in panel.options() if option.startswith("▶"))
    picked = await (await env.choose(DAVE, panel, whole)).updated()
    assert "You played" in picked.content
    assert len((await service.current(thread_id)).moves) == 2
    wrong = await (await env.command(ALICE, thread_id, "move", notation="b6")).reply()
    assert wrong.ephemeral and "not playing in this match" in wrong.content

    resigned = await (await env.command(CAROL, thread_id, "resign")).reply()
    assert resigned.channel_id == thread_id and "carol resigned" in resigned.content
    assert (await service.current(CHANNEL)).status == "active"


async def test_an_open_challenge_also_sends_the_next_one_to_a_thread(env):
    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first")).reply()  # open, nobody named
    await (await env.command(CAROL, CHANNEL, "challenge", "ascent", side="first", opponent=DAVE)).reply()
    [thread] = env.standin.threads.values()
    assert thread["name"] == "Ascent: carol vs dave"


async def test_without_thread_permissions_the_refusal_names_them(env):
    await challenge_accepted(env)
    refused = await (await env.command(
        CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE,
        permissions=ALL_PERMISSIONS & ~CREATE_PUBLIC_THREADS & ~SEND_MESSAGES_IN_THREADS)).reply()
    assert refused.ephemeral and "Create Public Threads and Send Messages in Threads" in refused.content
    assert env.standin.threads == {}


async def test_a_busy_thread_does_not_open_threads_of_its_own(env):
    await challenge_accepted(env)
    await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    [thread_id] = env.standin.threads
    again = await (await env.command(BOB, thread_id, "challenge", "attaxx", side="first", opponent=ALICE)).reply()
    assert again.ephemeral and "already an open challenge here" in again.content and "from the channel" in again.content
    assert len(env.standin.threads) == 1


async def test_a_rematch_in_a_busy_channel_gets_a_thread(env):
    await challenge_accepted(env)
    final = await (await env.command(BOB, CHANNEL, "resign")).reply()
    await challenge_accepted(env)  # the channel is busy again
    stranger = await (await env.press(CAROL, final, "Rematch")).reply()
    assert stranger.ephemeral and "Only the players" in stranger.content and env.standin.threads == {}
    pointer = await (await env.press(BOB, final, "Rematch")).reply()
    [(thread_id, thread)] = env.standin.threads.items()
    assert thread["name"] == "Attaxx: alice vs bob (rematch)" and f"<#{thread_id}>" in pointer.content
    [challenge] = env.standin.channel(thread_id)
    assert ALICE.mention in challenge.content and [b["label"] for b in challenge.buttons] == ["Accept", "Decline"]


async def test_a_refused_challenge_opens_no_thread(env):
    await challenge_accepted(env)
    myself = await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=CAROL)).reply()
    assert myself.ephemeral and "can't challenge yourself" in myself.content
    bad = await (await env.command(CAROL, CHANNEL, "challenge", "ikabegama", side="first", opponent=DAVE, size=9)).reply()
    assert bad.ephemeral
    assert env.standin.threads == {}


async def test_a_busy_voice_channel_chat_refuses_plainly(env):
    """A voice channel's chat can hold a match but no threads: a second challenge there is refused
    with the reason, and nothing is asked of Discord."""
    voice = 4242
    env.standin.voice_channels.add(voice)
    await (await env.command(ALICE, voice, "challenge", "attaxx", side="first")).reply()
    refused = await (await env.command(CAROL, voice, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    assert refused.ephemeral and "voice channel's chat can't have threads" in refused.content
    assert env.standin.threads == {} and not env.standin.refusals


def logged_quietly(caplog, code: int) -> None:
    """Discord's refusal is in the log as a warning with its code, and nothing is logged as an error or
    with a traceback (only a bug may be)."""
    assert any(r.levelno == logging.WARNING and str(code) in r.getMessage() for r in caplog.records), \
        [r.getMessage() for r in caplog.records]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []


async def challenges(env) -> int:
    async with env.client.store.reading() as db:
        return (await db.one("SELECT COUNT(*) AS n FROM challenges"))["n"]


async def test_a_server_with_too_many_threads_gets_an_answer_and_no_challenge(env, caplog):
    """Discord refuses the thread (160006, too many active threads in the server): the challenger is
    told what to do, nothing is made, and the challenge can be made once a thread is free."""
    await challenge_accepted(env)
    env.standin.refuse("thread", 160006)
    with caplog.at_level(logging.INFO):
        refused = await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    assert refused.ephemeral and refused.content == (
        "⚠️ This server has too many active threads for a new one: finish or archive a match's thread, or "
        "challenge in another channel.")
    assert env.standin.threads == {} and await challenges(env) == 1, "no challenge stored"
    assert not [m for m in env.standin.channel(CHANNEL) if DAVE.mention in m.content], "nothing public"
    logged_quietly(caplog, 160006)

    again = await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    [thread_id] = env.standin.threads
    assert f"<#{thread_id}>" in again.content and DAVE.mention in env.standin.channel(thread_id)[0].content


async def test_a_thread_that_refuses_the_challenge_takes_it_back(env, caplog):
    """The thread is opened but Discord refuses the challenge's post in it (50013, a permission the bot
    lacks there): nobody could see or accept it, so it is withdrawn and the challenger told why."""
    await challenge_accepted(env)
    await env.settled()
    env.standin.refuse("channel_post", 50013)
    with caplog.at_level(logging.INFO):
        refused = await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    [thread_id] = env.standin.threads
    assert refused.ephemeral and refused.content.startswith(
        f"⚠️ I could not post your challenge in its thread <#{thread_id}>, so it is withdrawn. Discord refused me "
        "a permission I need in this channel")
    assert "ask a server admin" in refused.content and env.standin.channel(thread_id) == []
    logged_quietly(caplog, 50013)
    await env.settled()  # the withdrawal needs no message: nothing was posted

    accept = await (await env.command(DAVE, thread_id, "accept")).reply()
    assert accept.ephemeral and "no open challenge" in accept.content
    again = await (await env.command(CAROL, thread_id, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    assert not again.ephemeral and DAVE.mention in again.content and again.channel_id == thread_id


async def test_a_match_against_the_computer_its_thread_refuses_is_abandoned(env, caplog):
    """Against the computer the match starts at once; if its thread refuses the board, nobody could
    play it there, so it is abandoned (unrated), and the challenger can challenge again."""
    await challenge_accepted(env)
    await env.settled()
    env.standin.refuse("channel_post", 50013)
    with caplog.at_level(logging.INFO):
        refused = await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=ME)).reply()
    [thread_id] = env.standin.threads
    assert refused.ephemeral and refused.content.startswith(
        f"⚠️ I could not post your match in its thread <#{thread_id}>, so it is abandoned. Discord refused me")
    logged_quietly(caplog, 50013)
    await env.settled()
    nothing = await (await env.command(CAROL, thread_id, "board")).reply()
    assert nothing.ephemeral and "No match has been played in this channel" in nothing.content
    again = await (await env.command(CAROL, thread_id, "challenge", "attaxx", side="first", opponent=ME)).reply()
    assert not again.ephemeral and again.png and again.channel_id == thread_id
