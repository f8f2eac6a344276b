"""The database behind the match service: SQLite by default (bot.db.sqlite), PostgreSQL for several
processes on one database (bot.db.postgres), both offering what bot.db.base describes."""
from __future__ import annotations

from pathlib import Path

from bot.db.base import (
    DELIVERY_SECONDS,
    Row,
    Store,
    Tx,
    apply_migrations,
    claimed_here,
    migrations,
    statements,
)
from bot.db.sqlite import SqliteStore

__all__ = ["DELIVERY_SECONDS", "Row", "SqliteStore", "Store", "Tx", "apply_migrations", "claimed_here", "migrations",
           "open_store", "statements"]


async def open_store(where: str | Path) -> Store:
    """The store at `where`: a PostgreSQL URL (postgresql://…), else the path of a SQLite file."""
    if str(where).startswith(("postgresql://", "postgres://")):
        from bot.db.postgres import PostgresStore  # asyncpg only when PostgreSQL is asked for

        return await PostgresStore.open(str(where))
    return await SqliteStore.open(where)
