"""Two bot processes, one shard each, sharing one PostgreSQL database, against the stand-in's gateway
with two shards (each guild's events go to the shard Discord's formula names). One process is
SIGKILLed mid-match and started again: every move and timer is accounted for; and a tournament goes on
when either process dies, each round posted once and each game opened once."""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
from dataclasses import dataclass

import asyncpg
import pytest

from bot.discord.posting import REPLY_SETTLED
from tests.support.postgres import empty_database
from tests.support.process import BotProcess
from tests.support.soak import how, pinged_twice
from tests.support.standin import BOT_ID, Message, StandIn
from tests.support.users import Discord, User

GUILD_A, GUILD_B = 2 << 22, 3 << 22  # on shard 0 and shard 1 of two
PLAY_A, COMPUTER_A, TIMER_A = 601, 602, 603
PLAY_B, COMPUTER_B = 701, 702
ALICE, BOB, CAROL, DAVE = User(21, "alice"), User(22, "bob"), User(23, "carol"), User(24, "dave")
ME = User(BOT_ID, "Boardgames", bot=True)
PLAYED = re.compile(r"played \*\*([^*]+)\*\*")
GRACE = 3.0  # seconds before a change left unshown by its poster is looked at by either process


@dataclass
class Cluster:
    standin: StandIn
    bots: list[BotProcess]
    url: str
    a: Discord
    b: Discord

    async def sql(self, statement: str, *args) -> list[asyncpg.Record]:
        """Read or change the shared database from outside (as time passing would)."""
        connection = await asyncpg.connect(self.url)
        try:
            return await connection.fetch(statement, *args)
        finally:
            await connection.close()

    async def moves(self, channel: int) -> list[str]:
        """The moves stored for the latest match in a channel, in order."""
        rows = await self.sql("SELECT notation FROM moves WHERE match_id = (SELECT max(id) FROM matches"
                              " WHERE channel_id = $1) ORDER BY ply", channel)
        return [row["notation"] for row in rows]

    async def settled(self, timeout: float = 30.0) -> None:
        """Wait until every change stored has been shown (the outbox is empty)."""
        async def empty() -> None:
            while (await self.sql("SELECT count(*) AS n FROM outbox"))[0]["n"]:
                await asyncio.sleep(0.05)

        await asyncio.wait_for(empty(), timeout)

    def announced(self, channel: int) -> list[str]:
        """The moves announced in a channel (one public message each), in order."""
        return [found.group(1) for m in self.standin.channel(channel) if (found := PLAYED.search(m.content))]


@pytest.fixture
async def cluster(tmp_path, postgres_server):
    async with empty_database(postgres_server) as url:
        standin = StandIn({GUILD_A: [PLAY_A, COMPUTER_A, TIMER_A], GUILD_B: [PLAY_B, COMPUTER_B]}, shard_count=2)
        await standin.start()
        assert (standin.shard_of(GUILD_A), standin.shard_of(GUILD_B)) == (0, 1)
        # a change left unshown by a process that died is shown by the other one after GRACE seconds
        bots = [BotProcess(standin, tmp_path, shards=(shard,), database_url=url, name=f"shard{shard}", note_grace=GRACE)
                for shard in (0, 1)]
        try:
            await asyncio.gather(*(bot.start() for bot in bots))  # together, on a new database
            yield Cluster(standin, bots, url, Discord(standin, standin.dispatch, GUILD_A),
                          Discord(standin, standin.dispatch, GUILD_B))
        finally:
            for bot in bots:
                await bot.stop()
            await standin.stop()
        for bot in bots:
            assert "Traceback" not in bot.log(), bot.log()
        assert standin.failures() == [], "every interaction answered once, in time; nothing Discord would refuse; every picture described"


async def run(users: Discord, user: User, channel: int, name: str, sub: str | None = None, /, **options) -> Message:
    return await (await users.command(user, channel, name, sub, **options)).reply()


async def start_match(users: Discord, channel: int, first: User, second: User) -> Message:
    challenge = await run(users, first, channel, "challenge", "attaxx", side="first", opponent=second)
    board = await (await users.press(second, challenge, "Accept")).board()
    return board


async def random_move(users: Discord, mover: User, channel: int, rng: random.Random) -> str:
    """A random whole move from the suggestions (following a partial one, "c2 …", where need be)."""
    typed = ""
    for _ in range(10):
        offered = await users.suggestions(mover, channel, "move", "notation", typed)
        assert offered, f"{mover.name} has no move in channel {channel}"
        whole = [value for name, value in offered if " …" not in name]
        if whole:
            return rng.choice(whole)
        typed = rng.choice(offered)[1]
    raise AssertionError("no whole move after ten picks")


async def play(users: Discord, channel: int, players: tuple[User, User], count: int, rng: random.Random,
               mover: User | None = None) -> tuple[User, Message | None]:
    """`count` random legal moves (from autocomplete) by whoever the last board mentioned; returns who
    is to move next and the last reply."""
    mover, reply = mover or players[0], None
    for _ in range(count):
        reply = await run(users, mover, channel, "move", notation=await random_move(users, mover, channel, rng))
        assert not reply.ephemeral, reply.content
        if "🏁" in reply.content:
            break
        [mentioned] = reply.mentions
        mover = next(p for p in players if p.id == mentioned)
    return mover, reply


SEEDS = [int(seed) for seed in os.environ.get("SHARD_TEST_SEEDS", "16").split(",")]  # more, by hand: 1,2,3,…


@pytest.mark.parametrize("seed", SEEDS)
async def test_two_shard_processes_on_one_database_lose_nothing_when_one_is_killed(cluster, seed):
    standin, zero, a, b = cluster.standin, cluster.bots[0], cluster.a, cluster.b
    assert sorted(standin.identifies) == [(0, 2), (1, 2)], "each process identified for its own shard"
    rng = random.Random(seed)
    await asyncio.gather(start_match(a, PLAY_A, ALICE, BOB), start_match(b, PLAY_B, CAROL, DAVE),
                         start_match(a, TIMER_A, BOB, CAROL))
    (next_a, _), (next_b, _) = await asyncio.gather(play(a, PLAY_A, (ALICE, BOB), 4, rng),
                                                    play(b, PLAY_B, (CAROL, DAVE), 4, rng))
    start = await run(a, ALICE, COMPUTER_A, "challenge", "attaxx", side="first", opponent=ME, level="hard")
    assert "Computer (hard)" in start.content
    await run(b, DAVE, COMPUTER_B, "challenge", "attaxx", side="first", opponent=ME, level="easy")

    # alice moves against the computer, which starts thinking in shard 0's process; a move of the
    # other match is on its way to that process when it is killed.
    await run(a, ALICE, COMPUTER_A, "move", notation="b6")
    await a.command(next_a, PLAY_A, "move", notation=await random_move(a, next_a, PLAY_A, rng))
    await asyncio.sleep(rng.uniform(0.0, 0.3))
    await zero.kill()
    assert len(await cluster.moves(COMPUTER_A)) == 1, "killed while the computer was still thinking"

    # Shard 1's process goes on with its own guild, fires the timer that fell due in shard 0's guild,
    # and takes over the computer's turn that the dead process was thinking about.
    await cluster.sql("UPDATE matches SET deadline = deadline - 2 * 86400 WHERE channel_id = $1", TIMER_A)
    await play(b, PLAY_B, (CAROL, DAVE), 3, rng, next_b)
    await run(b, DAVE, COMPUTER_B, "move", notation="b6")
    timed_out = await standin.wait_for(
        lambda: [m for m in standin.channel(TIMER_A) if "ran out of time" in m.content], timeout=20)
    assert "bob ran out of time" in timed_out[0].content
    await standin.wait_for(lambda: len(cluster.announced(COMPUTER_A)) == 2, timeout=30)
    assert "played the computer's move owed in match" in cluster.bots[1].log(), "shard 1's process took it over"
    await standin.wait_for(lambda: len(cluster.announced(COMPUTER_B)) == 2, timeout=30)

    await zero.start()
    assert sorted(standin.identifies) == [(0, 2), (0, 2), (1, 2)]
    await cluster.settled()
    stored, announced = await cluster.moves(PLAY_A), cluster.announced(PLAY_A)
    assert stored == announced, "the move in flight was played and shown once, or not played at all"
    board = await run(a, CAROL, PLAY_A, "board")
    assert f"after {len(stored)} move" in board.content
    [to_move] = [p for p in (ALICE, BOB) if re.search(rf"{p.mention} \([^)]*\), your move", board.content)]
    await play(a, PLAY_A, (ALICE, BOB), 3, rng, to_move)
    await run(a, ALICE, COMPUTER_A, "move", notation=await random_move(a, ALICE, COMPUTER_A, rng))
    await standin.wait_for(lambda: len(cluster.announced(COMPUTER_A)) == 4, timeout=30)

    await asyncio.sleep(1.0)  # time for a second process to (wrongly) fire a timer or move twice
    await cluster.settled()
    for channel in (PLAY_A, PLAY_B, COMPUTER_A, COMPUTER_B):
        stored, announced = await cluster.moves(channel), cluster.announced(channel)
        assert stored == announced, (channel, stored, announced)
    assert len([m for m in standin.channel(TIMER_A) if "ran out of time" in m.content]) == 1
    [finished] = await cluster.sql("SELECT reason, reason_words FROM matches WHERE channel_id = $1", TIMER_A)
    assert (finished["reason"], json.loads(finished["reason_words"])) == ("{player} ran out of time", [["player", "bob"]]), \
        "the reason is stored as its English template and arguments, worded for each reader"


def both_processes(cluster: Cluster, first: int = 0) -> Discord:
    """Users in guild A whose every interaction reaches both processes at once (Discord never sends one
    to two shards; a redelivery storm might), shard `first`'s process first."""
    order = [(first, 0.0), (1 - first, 0.0)]
    return Discord(cluster.standin, lambda payload: cluster.standin.storm(payload, order), GUILD_A)


def answered_once(standin: StandIn) -> None:
    """Every interaction has one first reply (or one set of suggestions), or none: none twice."""
    assert [i.id for i in standin.interactions.values() if i.deliveries > 1 and i.response_type is None] == []
    assert all(i.error is None for i in standin.interactions.values())


async def test_an_interaction_of_any_kind_seen_by_both_processes_is_answered_once(cluster):
    """Discord sends each interaction to one shard; were it seen by both processes, it would still be
    answered once and its change made and shown once: commands, autocomplete, buttons and the Move
    panel's menus alike, whichever process sees it first."""
    standin = cluster.standin
    one, other = both_processes(cluster, 0), both_processes(cluster, 1)
    challenge = await run(one, ALICE, PLAY_A, "challenge", "attaxx", side="first", opponent=BOB)
    await (await other.press(BOB, challenge, "Accept")).board()
    offered = await other.suggestions(ALICE, PLAY_A, "move", "notation", "b")
    assert ("b6", "b6") in offered
    moved = await run(one, ALICE, PLAY_A, "move", notation="b6")
    assert not moved.ephemeral and "**b6**" in moved.content

    panel = await (await other.press(BOB, moved, "Move")).reply()  # bob builds his move on the panel
    assert panel.ephemeral and panel.menus
    group = next(option for option in panel.options() if " …" in option)
    step = await (await one.choose(BOB, panel, group)).updated()
    whole = next(option for option in step.options() if option.startswith("▶"))
    played = await other.choose(BOB, step, whole)
    assert "You played" in (await played.updated()).content
    await played.board()
    await cluster.settled()
    assert await cluster.moves(PLAY_A) == cluster.announced(PLAY_A) == ["b6", whole.removeprefix("▶ ")]
    starts = [m for m in standin.channel(PLAY_A) if m.files and "played" not in m.content]
    said = [m for m in standin.channel(PLAY_A) if not m.content.endswith("see above.")]
    assert len(starts) == 1 and len(said) == 4, "the challenge, the start and two boards (and pings for edits)"
    answered_once(standin)


async def test_a_reply_slow_to_upload_is_left_to_the_process_posting_it(cluster):
    """A /move seen by both processes: the one that takes it on uploads its board slowly (Discord took
    the answer in time; the picture is still on its way), past the change's grace and past the time a
    reply is waited for. The other process's timer finds the change due and leaves it to the poster
    still at it, rather than posting the board in the channel too: one board, as the reply."""
    standin = cluster.standin
    await start_match(cluster.a, PLAY_A, ALICE, BOB)
    await cluster.settled()
    held = standin.inject("*", "hold", uploads=True)
    action = await both_processes(cluster).command(ALICE, PLAY_A, "move", notation="b6")
    await asyncio.wait_for(held.held.wait(), 20)
    [note] = await cluster.sql("SELECT id, created_at FROM outbox")
    # Either process's timer looks at the change each time its grace is up (3 s): wait until they have,
    # four times over, since a reply is no longer waited for (each look by the other process was a
    # chance to post the board in the channel).
    late = note["created_at"] + REPLY_SETTLED + 4 * GRACE

    async def looked_at_late() -> None:
        while (due := await cluster.sql("SELECT due FROM outbox WHERE id = $1", note["id"])) and due[0]["due"] < late \
                and "**b6**" not in " ".join(m.content for m in standin.channel(PLAY_A)):
            await asyncio.sleep(0.1)

    await asyncio.wait_for(looked_at_late(), 60)
    held.released.set()
    reply = await action.reply(timeout=20)
    await cluster.settled()
    boards = [m for m in standin.channel(PLAY_A) if "**b6**" in m.content]
    assert boards == [reply] and reply.png, [how(m) for m in boards]
    assert pinged_twice(standin.channel(PLAY_A)) == []
    assert await reply.pinged() == [BOB.id]
    answered_once(standin)


TOURNAMENT_PEOPLE = {u.id: u for u in (ALICE, BOB, CAROL, DAVE)}


def tournament_threads(cluster: Cluster, round: int) -> list[int]:
    return [t for t, info in cluster.standin.threads.items() if f"· R{round} ·" in info["name"]]


async def games_started(cluster: Cluster, round: int) -> list[tuple[int, Message]]:
    """The round's two games, once each has its thread with its first board (waited for)."""
    def found() -> list[tuple[int, Message]] | None:
        boards = [(t, next((m for m in cluster.standin.channel(t) if m.files), None)) for t in tournament_threads(cluster, round)]
        ready = [(t, m) for t, m in boards if m is not None]
        return ready if len(ready) == 2 else None
    return await cluster.standin.wait_for(found, timeout=60)


async def resign_games(users: Discord, games: list[tuple[int, Message]]) -> None:
    for thread, board in games:
        quitter = TOURNAMENT_PEOPLE[board.mentions[0]]
        ended = await run(users, quitter, thread, "resign")
        assert f"{quitter.name} resigned" in ended.content


async def stored_until(cluster: Cluster, query: str, expected: list[tuple], timeout: float = 30.0) -> None:
    """Wait until the shared database answers `query` with `expected` (read again every 50 ms)."""
    async def until() -> None:
        while [tuple(row) for row in await cluster.sql(query)] != expected:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(until(), timeout)


async def test_a_tournament_goes_on_when_its_shards_process_dies(cluster):
    standin, (zero, one), users = cluster.standin, cluster.bots, cluster.a
    assert standin.shard_of(GUILD_A) == 0
    signup = await run(users, ALICE, PLAY_A, "tournament", "create attaxx", rounds=2)
    for person in TOURNAMENT_PEOPLE.values():
        await (await users.press(person, signup, "Join")).updated()
    await run(users, ALICE, PLAY_A, "tournament", "start")
    await zero.kill()  # guild A's own process dies as round 1 is posted: the other process takes it over
    await games_started(cluster, 1)
    assert len([m for m in standin.channel(PLAY_A) if "Round 1 of 2" in m.content]) == 1
    await zero.start()  # members' commands in guild A reach shard 0 again

    await resign_games(users, await games_started(cluster, 1))
    await one.kill()  # as round 2 is paired, the other process dies
    games = await games_started(cluster, 2)
    await stored_until(cluster, "SELECT round, count(*) FROM tournament_tables GROUP BY round ORDER BY round",
                 [(1, 2), (2, 2)])
    await stored_until(cluster, "SELECT count(DISTINCT match_id) FROM tournament_tables", [(4,)])
    await one.start()
    await resign_games(users, games)
    await standin.wait_for(lambda: [m for m in standin.channel(PLAY_A) if "is over after 2 rounds" in m.content],
                           timeout=60)
    await stored_until(cluster, "SELECT count(*) FROM tournament_news", [(0,)])
    assert len([m for m in standin.channel(PLAY_A) if "Round 2 of 2" in m.content]) == 1
    assert len([m for m in standin.channel(PLAY_A) if "is over after 2 rounds" in m.content]) == 1
    for round in (1, 2):
        for thread in tournament_threads(cluster, round):
            starts = [m for m in standin.channel(thread) if m.files and "resigned" not in m.content]
            assert len(starts) <= 1, "a game's first board posted once"
