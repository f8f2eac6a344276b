"""Tournaments as a server's members see them in Discord: /tournament create and its sign-up post with
Join and Leave, refusals that change nothing, the organiser's start, every round posted with its
pairings and standings, a thread per game with its players mentioned, the next round only once every
game has ended, and the final standings with the podium, posted once."""
from __future__ import annotations

import logging
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.discord import tournament_text as words
from bot.discord.tournament_posts import TournamentPosts
from bot.discord.when import starts_at
from bot.errors import NotAllowed
from bot.models import Player
from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.record import Tournament, TournamentStatus
from tests.support.inprocess import CHANNEL, GUILD, BotUsers
from tests.support.standin import ALL_PERMISSIONS, Message
from tests.support.users import Action, User

ALICE, BOB, CAROL, DAVE, ERIN = User(11, "alice"), User(12, "bob"), User(13, "carol"), User(15, "dave"), User(16, "erin")
FRANK = User(17, "frank")
EVERYONE = {u.id: u for u in (ALICE, BOB, CAROL, DAVE, ERIN, FRANK)}
MANAGE_SERVER = 1 << 5
MEMBER = ALL_PERMISSIONS & ~MANAGE_SERVER  # a member who does not manage the server


async def tournament(env: BotUsers, user: User, channel: int, sub: str, game: str | None = None, *,
                     member_permissions: int = MEMBER, **values: Any) -> Action:
    """`user` runs `/tournament <sub> …` (`/tournament create <game> …` when `game` is given)."""
    resolved: dict = {}
    options = env._options(values, resolved)
    inner = {"name": sub, "type": 1, "options": options}
    if game is not None:
        inner = {"name": sub, "type": 2, "options": [{"name": game, "type": 1, "options": options}]}
    data = {"id": str(env.standin.snowflake()), "name": "tournament", "type": 1, "options": [inner],
            "resolved": resolved}
    payload = env._payload(2, user, channel, data, ALL_PERMISSIONS)
    payload["member"]["permissions"] = str(member_permissions)
    return await env._send(payload)


def labels(message: Message) -> list[str]:
    return [b["label"] for b in message.buttons]


def description(message: Message) -> str:
    [embed] = message.embeds
    return embed["description"]


async def current(env: BotUsers, tournament_id: int) -> Tournament:
    return await env.client.service.tournaments.get(tournament_id)


async def posted(env: BotUsers, words: str, channel: int = CHANNEL) -> Message:
    """The first message in the channel whose text holds `words` (waited for)."""
    return await env.standin.wait_for(lambda: next((m for m in env.standin.channel(channel) if words in m.content), None))


async def signup_shows(env: BotUsers, post: Message, *words: str) -> Message:
    """The sign-up post once it shows `words` (it is updated after what changed it is answered)."""
    def shows() -> Message | None:
        now = env.standin.messages[post.id]
        return now if all(w in description(now) for w in words) else None
    return await env.standin.wait_for(shows)


async def signed_up(env: BotUsers, game: str, entrants: list[User], **settings: Any) -> tuple[Message, int]:
    """alice creates a tournament here and `entrants` press Join under its post."""
    post = await (await tournament(env, ALICE, CHANNEL, "create", game, **settings)).reply()
    assert not post.ephemeral and labels(post) == ["Join", "Leave"]
    for person in entrants:
        await (await env.press(person, post, "Join")).updated()
    [only] = await env.client.service.tournaments.listing(GUILD)
    return post, only.id


async def round_games(env: BotUsers, tournament_id: int, round: int) -> list[tuple[int, Message]]:
    """Each game of the round, once opened: its thread and the start posted there (waited for)."""
    await posted(env, f"Round {round} of")
    state = await current(env, tournament_id)
    expected = len([t for t in state.round_tables(round) if len(t.seats) > 1 and t.played])

    def opened() -> list[tuple[int, Message]] | None:
        threads = [t for t, info in env.standin.threads.items() if f"· R{round} ·" in info["name"]]
        starts = [next((m for m in env.standin.channel(t) if m.files), None) for t in threads]
        found = [(t, m) for t, m in zip(threads, starts, strict=True) if m is not None]
        return found if len(found) == expected else None
    return await env.standin.wait_for(opened)


async def swept(env: BotUsers) -> None:
    """Once what the bot posts has been shown, the timers' sweep runs (as it does when a game ends: here
    at once, not whenever the timer loop wakes)."""
    await env.settled()
    await env.client.scheduler.sweep()


async def end_game(env: BotUsers, thread: int, start: Message, how: str) -> None:
    """The players of the game in `thread` end it: the first mentioned resigns, or both agree a draw;
    then the timers' sweep runs."""
    first, second = (EVERYONE[m] for m in start.mentions[:2])
    if how == "draw":
        await (await env.command(first, thread, "draw")).reply()
        ended = await (await env.command(second, thread, "draw")).reply()
        assert "draw" in ended.content.lower()
    else:
        ended = await (await env.command(first, thread, "resign")).reply()
        assert f"{first.name} resigned" in ended.content
    await swept(env)


async def test_a_swiss_of_five_from_sign_up_to_podium(env):
    post, tid = await signed_up(env, "attaxx", [ALICE, BOB, CAROL, DAVE, ERIN], rounds=3, turn_time=300,
                                name="Spring Swiss")
    assert "Spring Swiss" in post.embeds[0]["title"] and "Attaxx" in description(post)
    assert "Swiss · 3 rounds" in description(post) and "5 minutes per move" in description(post)
    assert all(f"{k}. {u.name} (1500)" in description(post) for k, u in enumerate([ALICE, BOB, CAROL, DAVE, ERIN], 1))
    assert "**Entrants (5/64)**" in description(post)

    edits = post.edits
    stranger = await (await env.press(FRANK, post, "Leave")).reply()
    assert stranger.ephemeral and "not in this tournament" in stranger.content
    twice = await (await env.press(BOB, post, "Join")).reply()
    assert twice.ephemeral and "already in" in twice.content
    early = await (await tournament(env, BOB, CHANNEL, "start")).reply()
    assert early.ephemeral and "Only alice" in early.content
    assert post.edits == edits and (await current(env, tid)).status == TournamentStatus.OPEN, "nothing changed"

    begun = await (await tournament(env, ALICE, CHANNEL, "start")).reply()
    assert not begun.ephemeral and "Spring Swiss" in begun.content
    met: Counter = Counter()
    byes = []
    for round in (1, 2, 3):
        announced = await posted(env, f"Round {round} of 3")
        assert "has a bye (1 point)" in announced.content
        assert bool(announced.files) == (round > 1), "the standings after the round before, from round 2"
        if round > 1:
            [embed] = announced.embeds
            assert embed["title"] == f"Standings after round {round - 1} of 3" and embed["description"].startswith("```")
            assert all(announced.descriptions.values())
        games = await round_games(env, tid, round)
        assert len(games) == 2
        for _thread, start in games:
            assert f"**Spring Swiss** · round {round} of 3" in start.content and "time runs out <t:" in start.content
            assert len(set(start.mentions)) == 2, "both players pinged"
        state = await current(env, tid)
        byes += [t.seats[0] for t in state.round_tables(round) if t.bye]
        met.update(frozenset(t.seats) for t in state.round_tables(round) if len(t.seats) == 2)
        await end_game(env, games[0][0], games[0][1], "draw" if round == 2 else "resign")
        assert not [m for m in env.standin.channel(CHANNEL) if f"Round {round + 1} of 3" in m.content], \
            "the next round waits for every game"
        await end_game(env, games[1][0], games[1][1], "resign")
    assert all(n == 1 for n in met.values()) and len(met) == 6, "nobody meets the same opponent twice"
    assert len(set(byes)) == 3, "never the bye twice"

    final = await posted(env, "is over after 3 rounds")
    assert sorted(final.files) == [f"podium-{tid}.png", f"standings-{tid}-3.png"] and all(final.descriptions.values())
    assert final.embeds[0]["title"] == "Final standings" and len(final.mentions) >= 1
    await env.settled()
    assert len([m for m in env.standin.channel(CHANNEL) if "is over after" in m.content]) == 1, "posted once"
    signup = await signup_shows(env, post, "🏁 Finished")
    assert signup.buttons == []
    assert all(u.name in description(signup) for u in (ALICE, BOB, CAROL, DAVE, ERIN))


async def suggested(env: BotUsers, user: User, channel: int, sub: str, typed: str) -> list[tuple[str, str]]:
    """`user` types `typed` into `/tournament <sub> tournament:` and reads the suggestions: (name, value)."""
    focused = {"name": "tournament", "type": 3, "value": typed, "focused": True}
    data = {"id": str(env.standin.snowflake()), "name": "tournament", "type": 1,
            "options": [{"name": sub, "type": 1, "options": [focused]}]}
    return await (await env._send(env._payload(4, user, channel, data, ALL_PERMISSIONS))).labelled()


async def test_a_start_set_ahead_begins_it_by_itself_and_members_find_it_anywhere(env):
    unread = await (await tournament(env, ALICE, CHANNEL, "create", "attaxx", starts="tomorrow")).reply()
    assert unread.ephemeral and "`in 2h`" in unread.content and "`<t:1700000000:R>`" in unread.content
    post, tid = await signed_up(env, "attaxx", [BOB, CAROL], starts="in 2h", name="Evening cup")
    assert "📅 Starts <t:1700007200:F> (<t:1700007200:R>)" in description(post)
    assert "starts by itself" in description(post)

    elsewhere = 8888
    assert await suggested(env, DAVE, elsewhere, "join", "even") == [("Evening cup (Attaxx, sign-up open)", str(tid))]
    assert await suggested(env, DAVE, elsewhere, "join", "spring") == []
    joined = await (await tournament(env, DAVE, elsewhere, "join", tournament=str(tid))).reply()
    assert joined.ephemeral and "You joined **Evening cup**" in joined.content
    await signup_shows(env, post, "3. dave (1500)")
    by_name = await (await tournament(env, ERIN, elsewhere, "join", tournament="evening cup")).reply()
    assert "You joined" in by_name.content
    nowhere = await (await tournament(env, ERIN, elsewhere, "leave")).reply()
    assert nowhere.ephemeral and "no tournament in this channel" in nowhere.content

    listed = await (await tournament(env, FRANK, elsewhere, "list")).reply()
    assert listed.ephemeral and listed.embeds[0]["description"] == (
        f"**Evening cup** · Attaxx · Swiss · 4 entrants · sign-up open · <#{CHANNEL}>")

    await env.settled()
    env.clock.advance(2 * 3600)
    await env.client.scheduler.sweep()
    await posted(env, "**Evening cup** — Round 1 of 2")
    await round_games(env, tid, 1)
    table = await (await tournament(env, FRANK, CHANNEL, "standings")).reply()
    assert not table.ephemeral and table.files and table.embeds[0]["description"].startswith("```")
    assert table.embeds[0]["title"] == "Standings during round 1 of 2"
    assert all(u.name in table.embeds[0]["description"] for u in (BOB, CAROL, DAVE, ERIN))


async def test_who_may_create_and_where(env):
    refused = await (await env.command(BOB, CHANNEL, "settings", tournaments=1, member_permissions=MEMBER)).reply()
    assert refused.ephemeral and "Manage Server" in refused.content
    chosen = await (await env.command(ALICE, CHANNEL, "settings", tournaments=1)).reply()
    assert "Who creates tournaments here: **those who manage the server**" in chosen.content
    member = await (await tournament(env, BOB, CHANNEL, "create", "attaxx")).reply()
    assert member.ephemeral and "only those who manage it" in member.content
    made = await (await tournament(env, ALICE, CHANNEL, "create", "attaxx", member_permissions=ALL_PERMISSIONS)).reply()
    assert not made.ephemeral and "Attaxx Swiss" in made.embeds[0]["title"]
    again = await (await tournament(env, ALICE, CHANNEL, "create", "ascent", member_permissions=ALL_PERMISSIONS)).reply()
    assert again.ephemeral and "already has a tournament" in again.content

    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB)).reply()
    await (await env.command(CAROL, CHANNEL, "challenge", "attaxx", side="first", opponent=DAVE)).reply()
    [thread] = env.standin.threads
    inside = await (await tournament(env, CAROL, thread, "create", "attaxx", member_permissions=ALL_PERMISSIONS)).reply()
    assert inside.ephemeral and "text channel" in inside.content

    called_off = await (await tournament(env, ALICE, CHANNEL, "cancel")).reply()
    assert called_off.ephemeral and "called off" in called_off.content
    notice = await posted(env, "was called off before it began")
    assert notice.mentions == []
    signup = await signup_shows(env, made, "❌ Called off.")
    assert signup.buttons == []



async def test_a_round_post_discord_dropped_is_posted_once_later_with_its_games(env):
    """Discord took the round's post but the connection dropped before the bot heard: the news is tried
    again later, its nonce makes the second post the first one, and the games are opened then."""
    post, tid = await signed_up(env, "attaxx", [BOB, CAROL, DAVE, ERIN], turn_time=300)
    fault = env.standin.inject("channel_post", "drop", processed=True)
    await (await tournament(env, ALICE, CHANNEL, "start")).reply()
    await env.standin.wait_for(lambda: fault.hits == 1)
    await posted(env, "Round 1 of")
    await env.settled()
    await env.client.scheduler.sweep()
    assert env.standin.threads == {}, "not before the news is tried again"
    env.clock.advance(31)
    await env.client.scheduler.sweep()
    games = await round_games(env, tid, 1)
    assert len(games) == 2
    assert len([m for m in env.standin.channel(CHANNEL) if "Round 1 of" in m.content]) == 1, "posted once"
    await signup_shows(env, post, "Round 1 of 2 under way")


async def test_a_deleted_sign_up_post_is_no_error(env, caplog):
    post, tid = await signed_up(env, "attaxx", [BOB])
    post.deleted = True
    with caplog.at_level(logging.INFO):
        joined = await (await tournament(env, CAROL, CHANNEL, "join")).reply()
    assert joined.ephemeral and "You joined" in joined.content
    assert [e.name for e in (await current(env, tid)).entrants] == ["bob", "carol"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]

# ------------------------------------------------------------------ Discord's limits, with the most entrants

def big(format: Format, entrants: int, rounds_played: int) -> Tournament:
    """A running tournament of `entrants` with long names, `rounds_played` rounds decided (every first
    seat winning) and the next one paired."""
    people = tuple(Entrant(100 + k, f"Þórdís Ölgård-Lindqvist the {k}th", 1500.0 + k, k + 1) for k in range(entrants))
    tables = []
    for round in range(1, rounds_played + 2):
        for board in range(1, entrants // 2 + 1):
            a, b = people[(board * 2 + round) % entrants], people[(board * 2 + round + 1) % entrants]
            points = (Fraction(1), Fraction(0)) if round <= rounds_played else None
            tables.append(Table(round, board, (a.id, b.id), points, match_id=1000 * round + board))
    return Tournament(id=1, guild_id=GUILD, channel_id=CHANNEL, name="The Long Names Championship of the Spring",
                      game="attaxx", options={}, format=format, rounds=None if format != Format.SWISS else 6,
                      table_size=2, turn_seconds=86400, rated=True, max_players=64,
                      organiser=Player(ALICE.id, ALICE.name), status=TournamentStatus.RUNNING, round=rounds_played + 1,
                      starts_at=None, created_at=0.0, message_id=None, entrants=people, tables=tuple(tables))


def test_the_posts_of_a_swiss_of_64_keep_within_discords_limits():
    tournament = big(Format.SWISS, 64, 1)
    signup = words.signup_description(tournament)
    assert len(signup) <= 4096 and "**Entrants (64/64)**" in signup
    post = words.round_text(tournament, 2)
    assert len(post) <= 2000 and "…and " in post and post.endswith("mentioned there.")
    embed = TournamentPosts.standings_embed(tournament, 1)
    assert embed.description is not None and len(embed.description) <= 4096
    cut = words.standings_block(tournament.standings(1), Format.SWISS, 1000)
    assert len(cut) <= 1000 and cut.splitlines()[1].split()[:2] == ["#", "Name"] and cut.endswith("more\n```")
    assert all(len(words.thread_name(tournament, table)) <= 100 for table in tournament.tables)


def test_a_round_robin_of_20_ends_with_its_standings_and_crosstable_within_one_message():
    tournament = replace(big(Format.ROUND_ROBIN, 20, 19), status=TournamentStatus.FINISHED, round=19,
                         tables=tuple(t for t in big(Format.ROUND_ROBIN, 20, 19).tables if t.round <= 19))
    embeds = TournamentPosts.standings_embeds(tournament)
    assert [e.title for e in embeds] == ["Final standings", "Crosstable"]
    assert sum(len(e.title or "") + len(e.description or "") for e in embeds) <= 6000
    assert all(len(e.description or "") <= 4096 for e in embeds)


# ------------------------------------------------------------------ reading `starts`

NOW = 1_700_000_000.0


@pytest.mark.parametrize("written, seconds", [("in 2h", 7200), ("2h", 7200), ("90m", 5400), ("1d", 86400),
                                              ("1h30m", 5400), ("1h 30m", 5400), ("In 45 min", 2700)])
def test_a_start_is_read_from_a_delay(written, seconds):
    assert starts_at(written, NOW) == NOW + seconds


@pytest.mark.parametrize("written", ["<t:1700003600>", "<t:1700003600:R>", "<t:1700003600:F>", " <t:1700003600:f> "])
def test_a_start_is_read_from_a_discord_timestamp(written):
    assert starts_at(written, NOW) == 1_700_003_600


@pytest.mark.parametrize("written", ["tomorrow", "2", "h", "in", "<t:soon>", "2h and a bit", "<t:1700003600:X>"])
def test_anything_else_is_refused_with_what_is_accepted(written):
    with pytest.raises(NotAllowed, match="Discord timestamp"):
        starts_at(written, NOW)


@given(st.integers(0, 30), st.integers(0, 99), st.integers(0, 999))
def test_days_hours_and_minutes_add_up(days, hours, minutes):
    parts = [f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n]
    if parts:
        assert starts_at("".join(parts), NOW) == NOW + days * 86400 + hours * 3600 + minutes * 60
