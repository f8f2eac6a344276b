"""Tournaments as a server's members see them in Discord: /tournament create and its sign-up post with
Join and Leave, refusals that change nothing, the organiser's start, every round posted with its
pairings and standings, a thread per game with its players mentioned, the next round only once every
game has ended, and the final standings with the podium, posted once."""
from __future__ import annotations

from collections import Counter
from typing import Any

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


async def signed_up(env: BotUsers, game: str, players: list[User], **settings: Any) -> tuple[Message, int]:
    """alice creates a tournament here and `players` press Join under its post."""
    post = await (await tournament(env, ALICE, CHANNEL, "create", game, **settings)).reply()
    assert not post.ephemeral and labels(post) == ["Join", "Leave"]
    for person in players:
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
    signup = env.standin.messages[post.id]
    assert "🏁 Finished" in description(signup) and signup.buttons == []
    assert all(u.name in description(signup) for u in (ALICE, BOB, CAROL, DAVE, ERIN))
