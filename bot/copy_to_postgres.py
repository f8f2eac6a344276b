"""`python -m bot migrate-to-postgres`: copy a SQLite database into an empty PostgreSQL one, table by
table, and check that every table holds as many rows on both sides. What it prints is in the language in
use (the environment's: bot.__main__)."""
from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot.config import Settings
from bot.db.postgres import PostgresStore
from bot.db.sqlite import SqliteStore
from i18n import _

TABLES = ("players", "tournaments", "challenges", "challenge_players", "matches", "seats", "moves", "ratings", "outbox",
          "guild_settings", "analyses", "tournament_entrants", "tournament_tables", "tournament_news")  # parents first
BATCH = 1000


class NotEmpty(Exception):
    """The PostgreSQL database already holds rows of `table`."""

    def __init__(self, table: str):
        super().__init__(f"the PostgreSQL database already holds {table}: copy into an empty one")
        self.table = table


async def copy(source: SqliteStore, target: PostgresStore) -> dict[str, int]:
    """Copy every row, in one PostgreSQL transaction; the rows per table, checked on both sides."""
    async with source.transaction() as lite, target.transaction() as pg:
        for table in TABLES:
            if await pg.one(f"SELECT 1 FROM {table} LIMIT 1"):
                raise NotEmpty(table)
        counts = {}
        for table in TABLES:
            rows = await lite.all(f"SELECT * FROM {table}")
            if rows:
                columns = list(rows[0].keys())
                sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
                for start in range(0, len(rows), BATCH):
                    await pg.run_many(sql, [tuple(row[column] for column in columns) for row in rows[start:start + BATCH]])
            counted = await pg.one(f"SELECT count(*) AS n FROM {table}")
            assert counted is not None  # a count always gives one row
            copied = counted["n"]
            if copied != len(rows):
                raise RuntimeError(f"{table}: {len(rows)} rows in SQLite but {copied} in PostgreSQL")
            counts[table] = copied
        # new rows go on from the highest id copied (a note's id names its post: never reused)
        for table in ("challenges", "outbox", "tournaments", "tournament_tables", "tournament_news"):
            await pg.run(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT coalesce(max(id), 0) + 1"
                         f" FROM {table}), false)")
    return counts


async def run(sqlite_path: Path, url: str) -> int:
    source = await SqliteStore.open(sqlite_path)
    target = await PostgresStore.open(url)
    try:
        counts = await copy(source, target)
    except NotEmpty as error:
        # Translators: {table} is the name of a table of the database (players, matches, …)
        print(_("Nothing copied: the PostgreSQL database already holds {table}: copy into an empty one.", table=error.table))
        return 1
    finally:
        await source.close()
        await target.close()
    # Translators: {file} is the SQLite database's file; the rows of each table are listed below
    print(_("Copied {file} into PostgreSQL; rows checked on both sides:", file=sqlite_path))
    for table, count in counts.items():
        print(f"  {table:<18} {count}")
    return 0


def cli(argv: list[str]) -> int:
    settings = Settings.from_env()
    description = _("Copy a SQLite database into an empty PostgreSQL one, table by table, and check that every table "
                    "holds as many rows on both sides.")
    parser = argparse.ArgumentParser(prog="python -m bot migrate-to-postgres", description=description)
    parser.add_argument("--sqlite", type=Path, default=settings.database_path,
                        help=_("the SQLite file (default: $DATABASE_PATH or data/bot.sqlite3)"))
    parser.add_argument("--url", default=settings.database_url, help=_("the PostgreSQL URL (default: $DATABASE_URL)"))
    args = parser.parse_args(argv)
    if not args.url:
        parser.error(_("give the PostgreSQL database with --url or DATABASE_URL=postgresql://…"))
    if not args.sqlite.exists():
        parser.error(_("there is no SQLite file at {file}", file=args.sqlite))
    return asyncio.run(run(args.sqlite, args.url))
