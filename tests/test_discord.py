"""The Discord adapter through real discord.py, over real HTTP to a local stand-in for Discord."""
from __future__ import annotations

import asyncio
import logging
import random
from urllib.parse import parse_qs, urlparse

import discord
from discord.ext import commands

import games
from bot.discord import tournament_views, views
from bot.discord.client import invite_link
from bot.discord.cogs.challenges import THREAD_PERMISSIONS
from bot.discord.cogs.common import Feature
from bot.discord.replies import NEEDED
from tests.support.images import decode
from tests.support.inprocess import CHANNEL, GUILD, with_cogs
from tests.support.standin import ALL_PERMISSIONS, Message
from tests.support.users import Discord, User

ALICE, BOB, CAROL = User(11, "alice"), User(12, "bob"), User(13, "carol")
ROBOT = User(14, "robot", bot=True)
ATTACH_FILES = 1 << 15


async def challenge_accepted(env: Discord, channel: int = CHANNEL):
    challenge = await (await env.command(ALICE, channel, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    pressed = await env.press(BOB, challenge, "Accept")
    start = await pressed.board()
    return challenge, start


async def test_commands_are_registered_from_the_game_registry(env):
    names = {c["name"] for c in env.standin.commands}
    assert names == {"challenge", "accept", "decline", "move", "board", "resign", "draw", "leaderboard", "stats",
                     "games", "settings", "takeback", "rules", "history", "replay", "analysis", "help", "tournament"}
    challenge = next(c for c in env.standin.commands if c["name"] == "challenge")
    attaxx = next(o for o in challenge["options"] if o["name"] == "attaxx")
    assert attaxx["options"][0]["name"] == "opponent" and attaxx["options"][0]["type"] == 6
    move = next(c for c in env.standin.commands if c["name"] == "move")
    assert move["options"][0]["name"] == "notation" and move["options"][0]["autocomplete"] is True


async def test_a_whole_match_as_players_see_it(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    assert not challenge.ephemeral and BOB.mention in challenge.content and "Attaxx" in challenge.content
    assert await challenge.pinged() == [BOB.id]
    assert [b["label"] for b in challenge.buttons] == ["Accept", "Decline"]

    stranger = await (await env.press(CAROL, challenge, "Accept")).reply()
    assert stranger.ephemeral and "Only the challenged player can accept" in stranger.content

    accepted = await env.press(BOB, challenge, "Accept")
    updated = await accepted.updated()
    assert all(b.get("disabled") for b in updated.buttons) and "Accepted" in updated.content
    start = await accepted.board()
    assert ALICE.mention in start.content and await start.pinged() == [ALICE.id]
    first = decode(start.png)
    assert first.width >= 500

    assert await env.autocomplete(ALICE, CHANNEL, "move", "notation", "a7") == ["a7a5", "a7b5", "a7c5", "a7c6", "a7c7"]
    assert await env.autocomplete(BOB, CHANNEL, "move", "notation", "") == []

    moved = await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    assert not moved.ephemeral and "**b6**" in moved.content and await moved.pinged() == [BOB.id]
    assert decode(moved.png).tobytes() != first.tobytes()
    [alt] = moved.descriptions.values()  # what a screen reader says for the picture
    assert alt == ("Match #1 after 1 move: Attaxx board. bob (Black) to move."
                   " Last move: alice (White) played b6, clone. alice (White) 3 pieces, bob (Black) 2 pieces.")

    refused = await (await env.command(ALICE, CHANNEL, "move", notation="b5")).reply()
    assert refused.ephemeral and "not your turn" in refused.content
    malformed = await (await env.command(BOB, CHANNEL, "move", notation="zz9")).reply()
    assert malformed.ephemeral and "Can't read" in malformed.content
    illegal = await (await env.command(BOB, CHANNEL, "move", notation="d4")).reply()
    assert illegal.ephemeral and "d4 is not next to any of your pieces" in illegal.content

    board = await (await env.command(CAROL, CHANNEL, "board")).reply()
    assert board.ephemeral and decode(board.png).tobytes() == decode(moved.png).tobytes()
    as_text = await (await env.command(CAROL, CHANNEL, "board", text=True)).reply()
    [embed] = as_text.embeds
    assert as_text.ephemeral and not as_text.files and "after 1 move" in as_text.content
    assert embed["description"] == "```\n" + games.render_text(
        (match := await env.client.service.latest(CHANNEL)).state, match.names).rstrip() + "\n```"

    final = await (await env.command(BOB, CHANNEL, "resign")).reply()
    assert "bob resigned" in final.content and "Ratings:" in final.content
    assert sorted(await final.pinged()) == [ALICE.id, BOB.id] and [b["label"] for b in final.buttons] == ["Rematch", "Replay", "Analyse"]
    match = await env.client.service.latest(CHANNEL)
    assert decode(final.png).tobytes() == decode(games.render(match.state, match.names)).tobytes()
    assert decode(final.png).tobytes() != decode(moved.png).tobytes(), "the result is drawn, not the last move again"
    again = await (await env.command(CAROL, CHANNEL, "board")).reply()
    assert decode(again.png).tobytes() == decode(final.png).tobytes() and "bob resigned" in again.content

    leaderboard = await (await env.command(CAROL, CHANNEL, "leaderboard", game="attaxx")).reply()
    lines = leaderboard.embeds[0]["description"].splitlines()
    assert "alice" in lines[0] and "1 game · 1W 0L 0D" in lines[0] and "bob" in lines[1]
    stats = await (await env.command(CAROL, CHANNEL, "stats", user=BOB)).reply()
    assert "1 game · 0W 1L 0D" in stats.embeds[0]["description"]
    history = await (await env.command(CAROL, CHANNEL, "history")).reply()
    assert "1.b6" in history.embeds[0]["fields"][0]["value"]

    rematch = await env.press(BOB, final, "Rematch")
    again = await rematch.reply()
    assert ALICE.mention in again.content and [b["label"] for b in again.buttons] == ["Accept", "Decline"]


async def test_decline_disables_the_buttons_and_later_clicks_are_explained(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    declined = await (await env.press(BOB, challenge, "Decline")).updated()
    assert "Declined" in declined.content and all(b.get("disabled") for b in declined.buttons)
    late = await (await env.press(BOB, challenge, "Accept", stale=True)).reply()  # a stale client still shows the button
    assert late.ephemeral and "declined" in late.content


async def test_double_accept_starts_one_match(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    first, second = await asyncio.gather(env.press(BOB, challenge, "Accept"), env.press(BOB, challenge, "Accept"))
    await env.standin.wait_for(lambda: first.interaction.answered.is_set() and second.interaction.answered.is_set())
    answers = sorted([first, second], key=lambda a: a.interaction.response_type)
    assert answers[0].interaction.response_type == 4 and answers[1].interaction.response_type == 7
    refusal = await answers[0].reply()
    assert refusal.ephemeral and ("accepted" in refusal.content)
    await answers[1].board()
    boards = [m for m in env.standin.channel(CHANNEL) if m.files]
    assert len(boards) == 1


async def test_the_same_move_sent_twice_at_once_lands_once(env):
    await challenge_accepted(env)
    one, two = await asyncio.gather(
        env.command(ALICE, CHANNEL, "move", notation="b6"), env.command(ALICE, CHANNEL, "move", notation="b6"))
    replies = [await one.reply(), await two.reply()]
    assert sorted(r.ephemeral for r in replies) == [False, True]
    assert "not your turn" in next(r for r in replies if r.ephemeral).content


async def test_missing_permissions_are_named(env):
    reply = await (await env.command(
        ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB, permissions=ALL_PERMISSIONS & ~ATTACH_FILES)).reply()
    assert reply.ephemeral and "Attach Files" in reply.content


async def test_other_bots_are_refused(env):
    robot = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ROBOT)).reply()
    assert robot.ephemeral and "Other bots can't play" in robot.content and "name me to play the computer" in robot.content


async def test_open_challenge_via_slash_accept(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first")).reply()
    assert "anyone" in challenge.content
    started = await (await env.command(CAROL, CHANNEL, "accept")).reply()
    assert not started.ephemeral and started.files and ALICE.mention in started.content
    edited = env.standin.messages[challenge.id]
    assert "Accepted" in edited.content and all(b.get("disabled") for b in edited.buttons)


async def test_expired_challenge_and_turn_timeout_are_announced(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    env.clock.advance(16 * 60)
    await env.client.scheduler.sweep()  # or the timer loop's own sweep, which may take it first
    await env.standin.wait_for(lambda: "Expired" in challenge.content)
    assert all(b.get("disabled") for b in challenge.buttons)
    late = await (await env.press(BOB, challenge, "Accept", stale=True)).reply()
    assert late.ephemeral and "expired" in late.content

    await challenge_accepted(env)
    await env.settled()
    env.clock.advance(25 * 3600)
    await env.client.scheduler.sweep()
    timeout = await env.standin.wait_for(
        lambda: next((m for m in env.standin.channel(CHANNEL) if "ran out of time" in m.content), None))
    assert "alice ran out of time" in timeout.content and timeout.files and timeout.button("Rematch")


async def test_draw_offer_and_acceptance(env):
    await challenge_accepted(env)
    offer = await (await env.command(ALICE, CHANNEL, "draw")).reply()
    assert "offers a draw" in offer.content and await offer.pinged() == [BOB.id]
    again = await (await env.command(ALICE, CHANNEL, "draw")).reply()
    assert again.ephemeral and "already offered" in again.content
    agreed = await (await env.command(BOB, CHANNEL, "draw")).reply()
    assert "Draw" in agreed.content and "draw agreed" in agreed.content


async def test_rules_show_the_start_position(env):
    rules = await (await env.command(CAROL, CHANNEL, "rules", game="attaxx")).reply()
    embed = rules.embeds[0]
    assert "Clone" in embed["description"] and "House rules" in embed["description"]
    assert embed["image"]["url"] == "attachment://attaxx-start.png" and decode(rules.files["attaxx-start.png"])


async def test_slow_work_is_deferred_and_still_answered(env, monkeypatch):
    renders = env.client.renders
    real = renders.run

    async def slow(work, *args):  # the workers drawing boards are busy
        await asyncio.sleep(2.6)
        return await real(work, *args)

    await challenge_accepted(env)
    monkeypatch.setattr(renders, "run", slow)
    action = await env.command(ALICE, CHANNEL, "move", notation="b6")
    reply = await action.reply()
    assert action.interaction.response_type == 5 and reply.files and "**b6**" in reply.content


async def test_a_bug_is_logged_and_the_user_gets_a_short_apology(env, monkeypatch, caplog):
    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(env.client.service, "history", broken)
    with caplog.at_level(logging.ERROR):
        reply = await (await env.command(CAROL, CHANNEL, "history")).reply()
    assert reply.ephemeral and "Something went wrong" in reply.content and "boom" not in reply.content
    assert any("boom" in (r.exc_text or str(r.exc_info)) for r in caplog.records)


async def test_commands_and_buttons_the_bot_no_longer_has_are_answered_plainly(env, caplog):
    old = Message(id=env.standin.snowflake(), channel_id=CHANNEL, content="A board from an older version", components=[
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "Hit", "custom_id": "tictactoe:move:3"}]}])
    env.standin.messages[old.id] = old
    with caplog.at_level(logging.INFO):
        replies = [
            await (await env.command(ALICE, CHANNEL, "dance")).reply(),  # a command that was removed
            await (await env.command(ALICE, CHANNEL, "challenge", "chess")).reply(),  # a game that was removed
            await (await env.command(ALICE, CHANNEL, "challenge")).reply(),  # from before /challenge had games
        ]
        assert await env.autocomplete(ALICE, CHANNEL, "dance", "style", "wal") == []
        clicked = await (await env.press(ALICE, old, "Hit")).reply()
    for reply in replies:
        assert reply.ephemeral and reply.content == "⚠️ That command is not part of this bot any more; type / to see the current ones."
    assert clicked.ephemeral and clicked.content == "⚠️ That button is not part of this bot any more; type / to see the current commands."
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], "a stale command is not an error"
    assert sum("stale" in r.getMessage() for r in caplog.records) == 5

    challenge, start = await challenge_accepted(env)  # the bot's own buttons and commands still work
    assert start.png and "Accepted" in challenge.content


async def test_a_cog_unloaded_takes_its_buttons_along_and_loaded_again_answers_them(env):
    """A cog registers what its buttons do when it loads and removes it when it unloads: a Move button
    pressed meanwhile is answered as one the bot no longer has, not left unanswered."""
    from bot.discord.cogs.play import Play

    _, start = await challenge_accepted(env)
    await env.client.remove_cog("Play")
    gone = await (await env.press(ALICE, start, "Move")).reply()
    assert gone.ephemeral and gone.content == "⚠️ That button is not part of this bot any more; type / to see the current commands."
    await env.client.add_cog(Play(env.client))
    panel = await (await env.press(ALICE, start, "Move")).reply()
    assert panel.ephemeral and "Pick the first part" in panel.content


def feature(cog: commands.Cog) -> Feature:
    assert isinstance(cog, Feature), f"{cog.qualified_name} is not one of the bot's features"
    return cog


async def test_every_kind_of_the_bots_components_is_known_as_its_own_and_answered_by_one_cog(tmp_path) -> None:
    one_of_each = [views.ChallengeButton("accept", 1), views.RematchButton(1), views.PageButton("attaxx", 2, "next"),
                   views.MoveButton(1), views.BuildMenu(1, 0, 0), views.BuildBack(1, 0, None), views.ReplayButton(1),
                   views.TakebackButton(1, 1), views.TakebackAnswer("decline", 1, 1), views.AnalyseButton(1),
                   views.HistoryPage(2, "prev"), views.HistoryReplay(1), views.GamesPage(2, "next"), views.MovesButton(1),
                   tournament_views.SignupButton("join", 1), tournament_views.LeaveChoice("keep", 1)]
    bot = await with_cogs(tmp_path)
    assert {type(item) for item in one_of_each} == set(bot.answers)
    assert sum(len(feature(cog).answers) for cog in bot.cogs.values()) == len(bot.answers), "each kind answered by one cog"
    for item in one_of_each:
        assert bot.answered(item.custom_id)  # a DynamicItem's custom_id is its button's or menu's
        assert [kind for kind in bot.answers if kind.claims(item.custom_id)] == [type(item)]
    assert not bot.answered("tictactoe:move:3")


async def test_leaderboard_pages_with_buttons(env):
    from bot.models import Player

    service = env.client.service
    for i in range(6):
        winner, loser = Player(100 + 2 * i, f"winner{i}"), Player(101 + 2 * i, f"loser{i}")
        challenge = (await service.challenge(GUILD, 9000 + i, winner, "attaxx", [loser])).challenge
        await service.accept(challenge.id, loser)
        await service.resign(9000 + i, loser)
    first = await (await env.command(CAROL, CHANNEL, "leaderboard", game="attaxx")).reply()
    assert first.embeds[0]["footer"]["text"].startswith("Page 1/2") and len(first.embeds[0]["description"].splitlines()) == 10
    assert first.button("◀ Previous").get("disabled") and not first.button("Next ▶").get("disabled")
    second = await (await env.press(CAROL, first, "Next ▶")).updated()
    assert second.embeds[0]["footer"]["text"].startswith("Page 2/2")
    assert [line.split("**")[1] for line in second.embeds[0]["description"].splitlines()] == ["loser4", "loser5"]


async def test_ikabegama_challenge_shows_size_and_nests_and_refuses_bad_ones(env):
    bad = await (await env.command(ALICE, CHANNEL, "challenge", "ikabegama", side="first", opponent=BOB, light_nest="j3")).reply()
    assert bad.ephemeral and "light nest j3 is not on a size-5 board" in bad.content
    same = await (await env.command(ALICE, CHANNEL, "challenge", "ikabegama", side="first", opponent=BOB, size=4,
                                    light_nest="d7")).reply()
    assert same.ephemeral and "must be different cells" in same.content
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "ikabegama", side="first", opponent=BOB, size=4,
                                         light_nest="a1")).reply()
    assert "size **4**" in challenge.content and "light nest **a1**" in challenge.content
    assert "dark nest **d7**" in challenge.content
    start = await (await env.press(BOB, challenge, "Accept")).board()
    assert decode(start.png) and "Light" in start.content
    assert await env.autocomplete(ALICE, CHANNEL, "move", "notation", "") == ["a2", "b1", "b2", "a1a3", "a1b3", "a1c1", "a1c2", "a1c3"]
    rules = await (await env.command(CAROL, CHANNEL, "rules", game="ikabegama")).reply()
    assert "nest" in rules.embeds[0]["description"]


async def test_ids_go_out_as_strings_as_discords_api_description_has_them(env):
    """Mentioned users and attachment ids are snowflakes, which Discord's API description types as
    strings (discord.py would write integers)."""
    await challenge_accepted(env)
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    messages = [body.get("data", body) for _, body in env.standin.bodies]
    mentioned = [u for m in messages for u in (m.get("allowed_mentions") or {}).get("users", [])]
    attached = [a["id"] for m in messages for a in m.get("attachments") or []]
    assert mentioned and attached and all(isinstance(x, str) for x in mentioned + attached)


async def test_the_challenger_chooses_a_side_and_a_rematch_swaps_them(env):
    """alice asks to play second: the challenge says so, bob moves first; the rematch bob asks for
    swaps the sides back."""
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", opponent=BOB, side="second")).reply()
    assert f"{ALICE.mention} plays Black and moves second." in challenge.content
    start = await (await env.press(BOB, challenge, "Accept")).board()
    assert f"{BOB.mention} (White) vs {ALICE.mention} (Black) — {BOB.mention} moves first" in start.content
    assert await start.pinged() == [BOB.id]
    final = await (await env.command(ALICE, CHANNEL, "resign")).reply()
    rematch = await (await env.press(BOB, final, "Rematch")).reply()
    assert f"{BOB.mention} plays Black and moves second." in rematch.content
    again = await (await env.press(ALICE, rematch, "Accept")).board()
    assert f"{ALICE.mention} (White) vs {BOB.mention} (Black)" in again.content and await again.pinged() == [ALICE.id]


async def test_a_random_side_is_drawn_once_and_kept(env):
    """Without a side, the challenger's seat is drawn when the challenge is made: what the challenge
    says is how the match starts, and over a few challenges both sides come up."""
    env.client.service.context.rng = random.Random(1)  # the same draws every run
    seats = set()
    for _ in range(8):
        challenge = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", opponent=BOB)).reply()
        said = "White" if f"{ALICE.mention} plays White and moves first." in challenge.content else "Black"
        assert said == "White" or f"{ALICE.mention} plays Black and moves second." in challenge.content
        start = await (await env.press(BOB, challenge, "Accept")).board()
        assert f"{ALICE.mention} ({said})" in start.content
        seats.add(said)
        await (await env.command(BOB, CHANNEL, "resign")).reply()
    assert seats == {"White", "Black"}


def test_the_invite_link_asks_for_every_permission_the_bot_checks_and_no_more():
    query = parse_qs(urlparse(invite_link(1234)).query)
    assert query["client_id"] == ["1234"] and query["scope"] == ["bot applications.commands"]
    granted = discord.Permissions(int(query["permissions"][0]))
    assert granted == discord.Permissions(**dict.fromkeys([*NEEDED, *THREAD_PERMISSIONS], True))
