"""Several matches in one channel: a challenge where a match is on (or a challenge is open) gets a
public thread of its own, where every command and button works as in a channel."""
from __future__ import annotations

from tests.support.inprocess import CHANNEL
from tests.support.standin import ALL_PERMISSIONS
from tests.support.users import User
from tests.test_discord import ALICE, BOB, CAROL, challenge_accepted

DAVE = User(15, "dave")
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
    service = env.client.handlers.service
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
