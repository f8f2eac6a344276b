"""Replays and the history through real discord.py and the stand-in: /replay, the Replay button under a
finished board, and /history's pages with a replay for each match."""
from __future__ import annotations

import io

from PIL import GifImagePlugin, Image

from tests.support.inprocess import CHANNEL
from tests.support.standin import Message
from tests.support.users import Discord
from tests.test_discord import ALICE, BOB, CAROL, challenge_accepted


def gif_frames(message: Message) -> int:
    [data] = [v for k, v in message.files.items() if k.endswith(".gif")]
    with Image.open(io.BytesIO(data)) as gif:
        assert isinstance(gif, GifImagePlugin.GifImageFile) and gif.format == "GIF"
        return gif.n_frames


async def finished_match(env: Discord, moves: tuple[str, ...] = ("b6", "b2")) -> Message:
    await challenge_accepted(env)
    for k, move in enumerate(moves):
        await (await env.command((ALICE, BOB)[k % 2], CHANNEL, "move", notation=move)).reply()
    return await (await env.command(BOB, CHANNEL, "resign")).reply()


async def test_replay_button_and_command_post_the_match_as_a_gif(env):
    final = await finished_match(env)
    assert [b["label"] for b in final.buttons] == ["Rematch", "Replay", "Analyse"]
    replay = await (await env.press(CAROL, final, "Replay")).reply()
    assert not replay.ephemeral and "Replay of match #" in replay.content and "alice won" in replay.content
    assert gif_frames(replay) == 3  # the start and two moves, the last drawn as resigned

    again = await (await env.command(CAROL, CHANNEL, "replay")).reply()
    assert gif_frames(again) == 3 and again.content == replay.content

    missing = await (await env.command(CAROL, CHANNEL, "replay", match=999)).reply()
    assert missing.ephemeral and "no match #999" in missing.content


async def test_replay_with_nothing_finished_says_so(env):
    await challenge_accepted(env)  # a match in progress only
    nothing = await (await env.command(CAROL, CHANNEL, "replay")).reply()
    assert nothing.ephemeral and "No match has finished here yet" in nothing.content


async def test_history_pages_and_replays_from_it(env):
    for _ in range(6):
        await finished_match(env, moves=("b6",))
    first = await (await env.command(CAROL, CHANNEL, "history")).reply()
    embed = first.embeds[0]
    assert len(embed["fields"]) == 5 and "Page 1/2 · 6 matches" in embed["footer"]["text"]
    assert embed["fields"][0]["name"].startswith("#6 ")
    assert len(first.options()) == 5 and first.button("◀ Newer").get("disabled")

    older = await (await env.press(CAROL, first, "Older ▶")).updated()
    fields = older.embeds[0]["fields"]
    assert len(fields) == 1 and fields[0]["name"].startswith("#1 ") and "Page 2/2" in older.embeds[0]["footer"]["text"]
    assert older.button("Older ▶").get("disabled")

    picked = await (await env.choose(CAROL, older, older.options()[0])).reply()
    assert "Replay of match #1" in picked.content and gif_frames(picked) == 2


async def test_a_replay_made_after_discords_fifteen_minutes_is_posted_in_the_channel(env):
    """The replay waited in line so long that its interaction's token ran out: the GIF is posted in the
    channel for whoever asked, not lost, and nothing is sent through the dead token."""
    await finished_match(env)
    computers = env.client.service.computers
    drawing = computers.run

    async def long_wait(work, *args, **how):  # a queue of other servers' work ahead of it: the answer is deferred
        replay = max(env.standin.interactions)  # meanwhile, as it is when the wait is long
        await env.standin.wait_for(lambda: env.standin.answers.get(replay), timeout=30)
        env.clock.advance(16 * 60)
        env.standin.advance(16 * 60)
        return await drawing(work, *args, **how)

    computers.run = long_wait
    asked = await env.command(CAROL, CHANNEL, "replay")
    posted = await env.standin.wait_for(lambda: next(
        (m for m in env.standin.channel(CHANNEL) if any(name.endswith(".gif") for name in m.files)), None), timeout=30)
    assert posted.interaction_id is None, "a message of the channel's own"
    assert posted.content.startswith(f"{CAROL.mention} 🎞️ Replay of match #") and gif_frames(posted) == 3
    assert await posted.pinged() == [CAROL.id]
    assert all(m.loading for m in env.standin.answers.get(asked.interaction.id, ())), "the token was not used again"
