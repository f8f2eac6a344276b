"""The two databases behind one store interface: SQLite (the default) and PostgreSQL (DATABASE_URL),
with their own numbered migrations kept in step."""
from __future__ import annotations

import asyncio

from bot.config import Settings
from bot.postgres import numbered
from bot.store import Store, migrations, open_store
from tests.support.postgres import empty_database


async def sqlite_schema(store: Store) -> dict[str, set[str]]:
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
    lite = await Store.open(tmp_path / "bot.sqlite3")
    async with empty_database(postgres_server) as url:
        pg = await open_store(url)
        try:
            lite_schema, pg_schema = await sqlite_schema(lite), await postgres_schema(pg)
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
                await first.challenge(GUILD, CHANNEL + k, CAROL, "attaxx")
            for k in range(4, 7):
                challenge = await first.challenge(GUILD, CHANNEL + k, ALICE, "attaxx", [BOB])
                await first.accept(challenge.id, BOB)
            clock.advance(30 * 24 * 3600)
            results = await asyncio.gather(first.expire_due(), second.expire_due())
            challenges = [c.id for r in results for c in r.challenges]
            matches = [m.id for r in results for m in r.matches]
            assert sorted(challenges) == [1, 2, 3, 4] and sorted(matches) == [5, 6, 7]
            again = await asyncio.gather(first.expire_due(), second.expire_due())
            assert all(not r.challenges and not r.matches for r in again)
        finally:
            await one.close()
            await two.close()
