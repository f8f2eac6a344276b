"""PostgreSQL through asyncpg: the same transactions and statements as the SQLite store, bot.db.sqlite
(`?` for each parameter, rows by column name), its own numbered migrations (bot/migrations/postgres,
kept in step with SQLite's), chosen with DATABASE_URL=postgresql://…"""
from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.db.base import Row, apply_migrations, claimed_here
from bot.errors import Duplicate

log = logging.getLogger(__name__)
PLACEHOLDER = re.compile(r"\?")


def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's $1, $2, … (the statements hold no `?` inside strings)."""
    count = itertools.count(1)
    return PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)


class PostgresTx:
    """One transaction's statements on one connection (bot.db.base.Tx)."""

    claim = " FOR UPDATE SKIP LOCKED"
    lock = " FOR UPDATE"

    def __init__(self, connection: PoolConnectionProxy):
        self.connection = connection

    async def one(self, sql: str, *args: Any) -> Row | None:
        return await self.connection.fetchrow(numbered(sql), *args)

    async def all(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.connection.fetch(numbered(sql), *args))

    async def run(self, sql: str, *args: Any) -> int:
        status = await self.connection.execute(numbered(sql), *args)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def insert(self, sql: str, *args: Any) -> int:
        return await self.connection.fetchval(numbered(sql) + " RETURNING id", *args)

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.connection.executemany(numbered(sql), list(rows))


COMPUTER_TURNS = 1  # the first key of the advisory locks that claim a match's computer turn
MIGRATIONS = 2  # the first key of the advisory lock that lets one process at a time migrate
NOTES = 3  # the first key of the advisory locks that hold the outbox notes a process is showing
# The claims connection notices a peer that vanished without closing it (its machine lost power) in
# about half a minute rather than the system's two hours, and drops the dead process's claims then.
KEEPALIVES = {"tcp_keepalives_idle": "15", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3"}
# What a claims connection that the server closed (restart, pg_terminate_backend) raises on its next use.
CONNECTION_LOST = (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError,
                   asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)


class PostgresStore:
    """A pool of connections to one PostgreSQL database, which several bot processes may share.
    Transactions in this process take turns, as on SQLite, so the service behaves the same on both."""

    shared = True

    def __init__(self, pool: asyncpg.Pool, url: str):
        self.pool = pool
        self.url = url
        self._lock = asyncio.Lock()
        self._claims: set[int] = set()
        self._claimer: asyncpg.Connection | None = None
        self._claimer_lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=4)
        store = cls(pool, url)
        await store._migrate()
        return store

    async def close(self) -> None:
        async with self._lock:
            await self.pool.close()
        async with self._claimer_lock:
            if self._claimer is not None:
                await self._claimer.close()

    async def _migrate(self) -> None:
        """Bring the schema up to date. Processes started together take turns (an advisory lock held
        until the transaction ends: even CREATE TABLE IF NOT EXISTS races on a new database), and each
        finds what the ones before it applied."""
        async with self.transaction() as tx:
            await tx.one("SELECT pg_advisory_xact_lock(?, 0)", MIGRATIONS)
            await tx.run("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            await apply_migrations(tx, "bot.migrations.postgres", await self.version(tx), functools.partial(self._record, tx))

    @staticmethod
    async def _record(tx: PostgresTx, number: int) -> None:
        await tx.run("DELETE FROM schema_version")
        await tx.run("INSERT INTO schema_version (version) VALUES (?)", number)

    @staticmethod
    async def version(tx: PostgresTx) -> int:
        """The number of the last migration applied."""
        row = await tx.one("SELECT max(version) AS v FROM schema_version")
        return (row["v"] or 0) if row is not None else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        """BEGIN … COMMIT on a connection of the pool, rolled back if the body raises."""
        try:
            async with self._lock, self.pool.acquire() as connection, connection.transaction():
                yield PostgresTx(connection)
        except asyncpg.UniqueViolationError as error:
            raise Duplicate() from error

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[PostgresTx]:
        """Statements that only read, on a connection of the pool without a transaction (each sees
        what was committed when it ran, as inside a READ COMMITTED transaction)."""
        async with self._lock, self.pool.acquire() as connection:
            yield PostgresTx(connection)

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether `key` (an interaction, made at `at`) is new to every process sharing the database:
        the first to insert it takes it on (a second insert waits for the first and finds it). One
        statement of its own, not in turn with this process's transactions: the interaction must be
        answered within 3 seconds, and the handler's clock starts only once this says yes."""
        async with self.pool.acquire() as connection:
            status = await connection.execute(
                "INSERT INTO deliveries (id, at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", key, at)
        return status.endswith(" 1")

    async def forget_deliveries(self, before: float) -> None:
        async with self.pool.acquire() as connection:
            await connection.execute("DELETE FROM deliveries WHERE at < $1", before)

    async def hold_note(self, note: int) -> bool:
        """Take outbox note `note` for this process (see bot.service.outbox): a session advisory lock on
        the claims connection, which PostgreSQL drops if the process dies, so that another process may
        then show the change, and not before."""
        return await self._claimer_call("SELECT pg_try_advisory_lock($1, $2)", NOTES, note)

    async def release_note(self, note: int) -> None:
        await self._claimer_call("SELECT pg_advisory_unlock($1, $2)", NOTES, note)

    async def wait_note(self, note: int, seconds: float) -> bool:
        """Wait until no other process holds `note`, at most `seconds`: the lock taken and given back at
        once, in a transaction on a connection of the pool (the claims connection never waits)."""
        async with self.pool.acquire() as connection, connection.transaction():
            await connection.execute(f"SET LOCAL lock_timeout = {max(1, round(seconds * 1000))}")
            try:
                await connection.execute("SELECT pg_advisory_xact_lock($1, $2)", NOTES, note)
            except asyncpg.LockNotAvailableError:
                return False
        return True

    @asynccontextmanager
    async def claim(self, key: int) -> AsyncIterator[bool]:
        """Whether this process may work on `key` (the match whose computer is to move) for the block:
        False while another task or process holds it. A session advisory lock on a connection of its
        own: if the process dies, PostgreSQL drops the connection and another process may claim it."""
        async with claimed_here(self._claims, key) as free:
            mine = free and await self._claimer_call("SELECT pg_try_advisory_lock($1, $2)", COMPUTER_TURNS, key)
            try:
                yield mine
            finally:
                if mine:
                    await self._claimer_call("SELECT pg_advisory_unlock($1, $2)", COMPUTER_TURNS, key)

    async def _claimer_call(self, sql: str, kind: int, key: int) -> bool:
        """Run an advisory-lock function on the claims connection, connecting (again) if need be. A
        connection that was lost held no locks any more: unlocking on a new one finds nothing to do, and
        a turn another process claimed meanwhile is still played once (a move commits only on the
        version it was chosen for); a note another process took meanwhile is shown once more at worst,
        which its reply or its nonce makes the same message."""
        async with self._claimer_lock:
            try:
                return await self._claims_query(sql, kind, key)
            except CONNECTION_LOST:
                log.warning("lost the connection that holds the claims of computer turns and notes; connecting again")
                if self._claimer is not None:
                    self._claimer.terminate()
                    self._claimer = None
                return await self._claims_query(sql, kind, key)

    async def _claims_query(self, sql: str, kind: int, key: int) -> bool:
        if self._claimer is None or self._claimer.is_closed():
            self._claimer = await asyncpg.connect(self.url, server_settings=KEEPALIVES)
        return bool(await self._claimer.fetchval(sql, kind, key))
