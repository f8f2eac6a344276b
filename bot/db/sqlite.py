"""SQLite through aiosqlite: one connection, numbered migrations, one transaction per change."""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.db.base import Row, apply_migrations, claimed_here
from bot.errors import Duplicate


class SqliteTx:
    """One transaction's statements on the store's connection (bot.db.base.Tx)."""

    # Appended to a SELECT of rows this process will act on alone (timers): nothing on SQLite, where a
    # transaction already holds the whole database; PostgreSQL's skips rows another process holds.
    claim = ""
    # Appended to a SELECT of a row the transaction will change, so that no other process changes it
    # in between (PostgreSQL's FOR UPDATE); nothing on SQLite, for the same reason.
    lock = ""

    def __init__(self, db: aiosqlite.Connection):
        self.db = db

    # One trip to aiosqlite's thread per statement: each trip costs the event loop more than the
    # statement itself costs SQLite.
    async def one(self, sql: str, *args: Any) -> Row | None:
        rows = await self.db.execute_fetchall(sql, args)
        return next(iter(rows), None)

    async def all(self, sql: str, *args: Any) -> list[Row]:
        return list(await self.db.execute_fetchall(sql, args))

    async def run(self, sql: str, *args: Any) -> int:
        """An INSERT, UPDATE or DELETE; how many rows it changed."""
        cursor = await self.db.execute(sql, args)
        return cursor.rowcount

    async def insert(self, sql: str, *args: Any) -> int:
        """An INSERT of one row; the id it was given."""
        row = await self.db.execute_insert(sql, args)
        assert row is not None  # aiosqlite reads last_insert_rowid(), which always gives one row
        return row[0]

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.db.executemany(sql, rows)


class SqliteStore:
    """Owns the database connection.

    Every use goes through `transaction()`, which holds a lock for its whole duration: a single
    connection cannot keep two transactions apart, and a reader must never see a change that is not
    committed yet. Statements are short, so one at a time is plenty for a game bot.
    """

    shared = False  # one process has the file: no other process can be running timers or computers on it

    def __init__(self, db: aiosqlite.Connection, path: Path):
        self.db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._claims: set[int] = set()
        self._delivered: dict[int, float] = {}  # interaction ids seen, with when they were made, oldest first

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        store = cls(db, path)
        await store._migrate()
        return store

    async def close(self) -> None:
        async with self._lock:
            await self.db.close()

    async def _migrate(self) -> None:
        async with self.transaction() as tx:
            await apply_migrations(tx, "bot.migrations", await self.version(tx),
                                   lambda number: tx.run(f"PRAGMA user_version = {number:d}"))

    @staticmethod
    async def version(tx: SqliteTx) -> int:
        """The number of the last migration applied."""
        row = await tx.one("PRAGMA user_version")
        assert row is not None  # the pragma always gives one row
        return row["user_version"]

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        """BEGIN IMMEDIATE … COMMIT, rolled back if the body raises."""
        async with self._lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
            except asyncio.CancelledError:
                # The connection's thread runs the BEGIN all the same: end that transaction before
                # the next one (its ROLLBACK queued behind the BEGIN, whatever else is cancelled).
                await asyncio.shield(self.db.rollback())
                raise
            try:
                yield SqliteTx(self.db)
            except sqlite3.IntegrityError as error:
                await self.db.rollback()
                if "UNIQUE" not in str(error):
                    raise
                raise Duplicate() from error
            except BaseException:
                await self.db.rollback()
                raise
            else:
                await self.db.commit()

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[SqliteTx]:
        """Statements that only read, without BEGIN and COMMIT: nothing else writes to the file while
        the lock is held (one process, one connection), so the reads are as consistent as in a
        transaction, for two fewer trips."""
        async with self._lock:
            yield SqliteTx(self.db)

    @asynccontextmanager
    async def claim(self, key: int) -> AsyncIterator[bool]:
        """Whether this process may work on `key` (the match whose computer is to move) for the block:
        False while another task holds it."""
        async with claimed_here(self._claims, key) as free:
            yield free

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether `key` (an interaction, made at `at`) is new. One process owns the file, so what it has
        seen is all there is: kept in memory until `forget_deliveries`."""
        if key in self._delivered:
            return False
        self._delivered[key] = at
        return True

    async def forget_deliveries(self, before: float) -> None:
        while self._delivered:  # oldest first: as they arrived
            key, at = next(iter(self._delivered.items()))
            if at >= before:
                break
            del self._delivered[key]

    # One process has the file: which of its tasks shows a note is the service's business alone.

    async def hold_note(self, note: int) -> bool:
        return True

    async def release_note(self, note: int) -> None:
        pass

    async def wait_note(self, note: int, seconds: float) -> bool:
        return True
