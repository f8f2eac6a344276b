"""The two databases behind one store interface: SQLite (the default) and PostgreSQL (DATABASE_URL),
with their own numbered migrations kept in step."""
from __future__ import annotations

import asyncio
import contextlib
import random

from bot.config import Settings
from bot.db import migrations, open_store
from bot.db.postgres import numbered
from bot.db.sqlite import SqliteStore
from bot.errors import NotAllowed, PlayerError
from bot.models import ChallengeChange, MatchChange, Player
from tests.support.postgres import empty_database


async def sqlite_schema(store: SqliteStore) -> dict[str, set[str]]:
    async with store.transaction() as tx:
        tables = [row["name"] for row in await tx.all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return {table: {row["name"] for row in await tx.all(f"PRAGMA table_info({table})")} for table in tables}


async def postgres_schema(store) -> dict[str, set[str]]:
    async with store.transaction() as tx:
        rows = await tx.all("SELECT table_name, column_name FROM information_schema.columns"
                            " WHERE table_schema = 'public' AND table_name <> 'schema_version'")
    schema: dict[str, set[str]] = {}
    for row in rows:
        schema.setdefault(row["table_name"], set()).add(row["column_name"])
    return schema


async def test_both_backends_have_the_same_tables_and_columns(tmp_path, postgres_server):
    assert [n for n, _ in migrations()] == [n for n, _ in migrations("bot.migrations.postgres")]
    lite = await SqliteStore.open(tmp_path / "bot.sqlite3")
    async with empty_database(postgres_server) as url:
        pg = await open_store(url)
        try:
            lite_schema, pg_schema = await sqlite_schema(lite), await postgres_schema(pg)
            # PostgreSQL alone keeps the interactions it has seen (SQLite's one process keeps them in memory)
            assert pg_schema.pop("deliveries") == {"id", "at"}
            assert lite_schema == pg_schema
            assert {"matches", "moves", "seats", "ratings", "players", "challenges", "challenge_players"} <= set(pg_schema)
            async with pg.transaction() as tx:
                assert await pg.version(tx) == max(n for n, _ in migrations())
        finally:
            await pg.close()
            await lite.close()


async def test_a_second_start_on_postgres_applies_nothing_again(postgres_server):
    async with empty_database(postgres_server) as url:
        first = await open_store(url)
        async with first.transaction() as tx:
            await tx.run("INSERT INTO players (user_id, name) VALUES (?, ?)", 42, "alice")
        await first.close()
        again = await open_store(url)
        try:
            async with again.transaction() as tx:
                assert (await tx.one("SELECT name FROM players WHERE user_id = ?", 42))["name"] == "alice"
        finally:
            await again.close()


def test_placeholders_become_numbered_and_the_url_chooses_the_backend(monkeypatch, tmp_path):
    assert numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert Settings.from_env().database == tmp_path / "x.sqlite3"
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@h/db")
    assert Settings.from_env().database == "postgresql://u@h/db"


def test_each_backend_imports_on_its_own_and_sqlite_needs_no_asyncpg():
    """Each backend builds on what both share (bot.db.base), never on the other: either imports first in a
    fresh interpreter, and the SQLite store and the service load without asyncpg."""
    import subprocess
    import sys

    for module in ("bot.db.sqlite", "bot.db.postgres"):
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True)
    subprocess.run([sys.executable, "-c", "import sys, bot.db, bot.service\n"
                    "assert 'asyncpg' not in sys.modules and 'bot.db.postgres' not in sys.modules"], check=True)


async def test_two_processes_sharing_postgresql_fire_each_timer_once(postgres_server):
    """Two stores on one database stand for two bot processes: every expired challenge and every
    timed-out match is announced by exactly one of them."""
    from bot.service import MatchService
    from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
    from tests.support.clock import Clock

    async with empty_database(postgres_server) as url:
        one, two = await open_store(url), await open_store(url)
        try:
            clock = Clock()
            first, second = MatchService(one, clock=clock), MatchService(two, clock=clock)
            for k in range(4):
                await first.outbox.posted((await first.challenges.challenge(GUILD, CHANNEL + k, CAROL, "attaxx")).note)
            for k in range(4, 7):
                made = await first.challenges.challenge(GUILD, CHANNEL + k, ALICE, "attaxx", [BOB])
                await first.outbox.posted(made.note)
                await first.outbox.posted((await first.challenges.accept(made.challenge.id, BOB)).note)
            clock.advance(30 * 24 * 3600)
            results = await asyncio.gather(first.clocks.expire_due(), second.clocks.expire_due())
            challenges = [c.challenge.id for r in results for c in r.challenges]
            matches = [m.match.id for r in results for m in r.matches]
            assert sorted(challenges) == [1, 2, 3, 4] and sorted(matches) == [5, 6, 7]
            again = await asyncio.gather(first.clocks.expire_due(), second.clocks.expire_due())
            assert all(not r.challenges and not r.matches for r in again)
            clock.advance(120)  # neither posted its changes: each is posted again by one process
            overdue = await asyncio.gather(first.outbox.notices_due(), second.outbox.notices_due())
            assert sorted((n.kind, n.challenge.id) for found in overdue for n in found) == [
                ("challenge", 1), ("challenge", 2), ("challenge", 3), ("challenge", 4),
                ("timeout", 5), ("timeout", 6), ("timeout", 7)]
            assert await first.outbox.notices_due() == [] and await second.outbox.notices_due() == []  # claimed
        finally:
            await one.close()
            await two.close()


async def backend_gone(store, pid: int, timeout: float = 30.0) -> None:
    """Wait until PostgreSQL's backend `pid` has ended and its session's locks are released."""
    async def gone() -> None:
        while True:
            async with store.reading() as db:
                if await db.one("SELECT 1 FROM pg_stat_activity WHERE pid = ? UNION ALL"
                                " SELECT 1 FROM pg_locks WHERE pid = ?", pid, pid) is None:
                    return
            await asyncio.sleep(0.05)

    await asyncio.wait_for(gone(), timeout)


@contextlib.asynccontextmanager
async def two_processes(server: str):
    """Two services on two stores of one new PostgreSQL database: two bot processes sharing it."""
    from bot.computer import ComputerPlayers
    from bot.service import MatchService

    async with empty_database(server) as url:
        one, two = await open_store(url), await open_store(url)
        computers = ComputerPlayers(workers=1, seconds=0.05)
        try:
            yield (MatchService(one, computers=computers, notes=False),
                   MatchService(two, computers=computers, notes=False))
        finally:
            computers.close()
            await one.close()
            await two.close()


async def test_the_same_move_sent_to_two_processes_is_played_once(postgres_server):
    """However the two race (both the same move, or each a different one), one move is played per
    turn and the other request is refused with a message; the log never skips or repeats a ply."""
    from tests.conftest import ALICE, BOB, CHANNEL, start_match

    rng = random.Random(7)
    async with two_processes(postgres_server) as (first, second):
        match = await start_match(first)
        for turn in range(12):
            mover = match.to_move
            legal = match.state.legal_moves()
            moves = [rng.choice(legal)] * 2 if turn % 2 else rng.sample(legal, 2)
            results = await asyncio.gather(first.play.move(CHANNEL, mover, moves[0]),
                                           second.play.move(CHANNEL, mover, moves[1]), return_exceptions=True)
            played = [r for r in results if not isinstance(r, BaseException)]
            refused = [r for r in results if isinstance(r, BaseException)]
            assert len(played) == 1 and len(refused) == 1, results
            assert isinstance(refused[0], PlayerError), refused[0]
            match = played[0].match
        stored = await second.context.get_match(match.id)
        assert stored.moves == match.moves and len(stored.moves) == 12
        assert {ALICE, BOB} == set(stored.seats)


async def test_two_processes_racing_for_one_channel_or_one_seat(postgres_server):
    """Two challenges in one channel at the same moment: one is posted, the other refused as when the
    first was already there. Two players taking the last seat: one sits, the other is told."""
    from tests.conftest import ALICE, BOB, CAROL, GUILD

    dave = Player(104, "dave")
    async with two_processes(postgres_server) as (first, second):
        for channel in range(3000, 3010):
            results = await asyncio.gather(first.challenges.challenge(GUILD, channel, ALICE, "attaxx", [BOB]),
                                           second.challenges.challenge(GUILD, channel, CAROL, "attaxx", [dave]),
                                           return_exceptions=True)
            assert sum(isinstance(r, ChallengeChange) for r in results) == 1, results
            [refusal] = [r for r in results if isinstance(r, BaseException)]
            assert isinstance(refusal, NotAllowed) and "already an open challenge" in str(refusal)
        for channel in range(4000, 4010):
            open_seat = (await first.challenges.challenge(GUILD, channel, ALICE, "attaxx")).challenge
            results = await asyncio.gather(first.challenges.accept(open_seat.id, CAROL),
                                           second.challenges.accept(open_seat.id, dave), return_exceptions=True)
            [started] = [r.match for r in results if isinstance(r, MatchChange)]
            [refusal] = [r for r in results if isinstance(r, BaseException)]
            assert isinstance(refusal, PlayerError), refusal
            assert len(started.seats) == 2 and (await second.context.get_match(started.id)).seats == started.seats


async def test_a_computer_turn_is_played_by_one_process_and_taken_over_when_it_dies(postgres_server):
    from tests.conftest import ALICE, CHANNEL, GUILD

    async with two_processes(postgres_server) as (first, second):
        match = (await first.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["easy"])).match
        match = (await first.play.move(CHANNEL, ALICE, match.state.legal_moves()[0])).match
        results = await asyncio.gather(first.play.computer_move(match.id), second.play.computer_move(match.id))
        assert sum(r is not None for r in results) == 1
        assert len((await second.context.get_match(match.id)).moves) == 2
        # A process that dies while its computer thinks: PostgreSQL ends its session, and with it the claim.
        async with first.store.claim(match.id) as mine:
            assert mine
            async with second.store.claim(match.id) as theirs:
                assert not theirs
            assert await second.play.computer_move(match.id) is None
            pid = first.store._claimer.get_server_pid()
            async with second.store.transaction() as tx:
                await tx.one("SELECT pg_terminate_backend(?)", pid)
            await backend_gone(second.store, pid)  # terminating only asks it to end
            async with second.store.claim(match.id) as theirs:
                assert theirs
        match = (await first.play.move(CHANNEL, ALICE,
                                       (await first.context.get_match(match.id)).state.legal_moves()[0])).match
        assert (await second.play.computer_move(match.id)) is not None
        assert (await first.play.computer_move(match.id)) is None  # nothing owed: its claims connection came back


OPEN_STORE = """
import asyncio, sys
from bot.db import open_store

async def main():
    print("ready", flush=True)
    sys.stdin.readline()  # every process is ready: go together
    store = await open_store(sys.argv[1])
    await store.close()

asyncio.run(main())
"""


async def test_processes_started_together_on_a_new_database_all_come_up(postgres_server):
    """Bot processes started at the same moment on an empty PostgreSQL database: each opens the store
    (which migrates it) without tripping over the others."""
    import sys

    for _ in range(2):
        async with empty_database(postgres_server) as url:
            starts = [await asyncio.create_subprocess_exec(
                sys.executable, "-c", OPEN_STORE, url, stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT) for _ in range(4)]
            for start in starts:
                assert await start.stdout.readline() == b"ready\n"
            for start in starts:
                start.stdin.write(b"go\n")
            outputs = await asyncio.gather(*(start.communicate() for start in starts))
            assert [start.returncode for start in starts] == [0] * 4, [out.decode()[-600:] for out, _ in outputs]
            store = await open_store(url)
            try:
                async with store.transaction() as tx:
                    assert await store.version(tx) == max(n for n, _ in migrations())
            finally:
                await store.close()


async def test_a_transaction_cancelled_as_it_begins_leaves_the_store_usable(store):
    """A task cancelled while its BEGIN is on the way (the bot stopping, a flush cancelled): the next
    transaction still begins, and commits."""
    async def change(user_id: int) -> None:
        async with store.transaction() as tx:
            await tx.run("INSERT INTO players (user_id, name) VALUES (?, ?)", user_id, "maybe")

    for turns in range(4):  # cancelled after 0 to 3 turns of the event loop: at BEGIN, or further on
        task = asyncio.create_task(change(10 + turns))
        for _ in range(turns):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        async with store.transaction() as tx:
            await tx.run("INSERT INTO players (user_id, name) VALUES (?, ?)", 100 + turns, "kept")
    async with store.transaction() as tx:
        names = [row["name"] for row in await tx.all("SELECT name FROM players WHERE user_id >= 100 ORDER BY user_id")]
    assert names == ["kept"] * 4
