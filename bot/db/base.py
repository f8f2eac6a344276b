"""What the match service relies on from a database, whichever it is (bot.db.sqlite, bot.db.postgres),
and what both backends share: the numbered migrations and the claims held by this process."""
from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources
from typing import Any, Protocol

log = logging.getLogger(__name__)
DELIVERY_SECONDS = 15 * 60.0  # how long an interaction id is remembered (Discord's interactions live 15 minutes)


class Row(Protocol):
    """A row read by column name, as both databases give it (sqlite3.Row, asyncpg.Record): not a Mapping,
    since iterating one gives its values, not its columns."""

    def __getitem__(self, column: str, /) -> Any: ...

    def keys(self) -> Iterable[str]: ...


class Tx(Protocol):
    """The statements of one transaction, as the service uses them whatever the database: `?` for each
    parameter, rows read by column name."""

    # Appended to a SELECT of rows this process will act on alone (timers): nothing where a transaction
    # already holds the whole database; elsewhere, what skips rows another process holds.
    claim: str
    # Appended to a SELECT of a row the transaction will change, so that no other process changes it
    # in between (nothing where a transaction already holds the whole database).
    lock: str

    async def one(self, sql: str, *args: Any) -> Row | None: ...

    async def all(self, sql: str, *args: Any) -> list[Row]: ...

    async def run(self, sql: str, *args: Any) -> int:
        """An INSERT, UPDATE or DELETE; how many rows it changed."""
        ...

    async def insert(self, sql: str, *args: Any) -> int:
        """An INSERT of one row; the id it was given."""
        ...

    async def run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...


class Store(Protocol):
    """A database the service keeps its matches in."""

    shared: bool  # whether other processes may use the same database (and run timers or computers on it)

    async def close(self) -> None: ...

    @staticmethod
    async def version(tx: Any) -> int:
        """The number of the last migration applied."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One transaction, committed when the block ends, rolled back if it raises (a broken
        uniqueness as bot.errors.Duplicate); this process's transactions take turns."""
        ...

    def reading(self) -> AbstractAsyncContextManager[Tx]:
        """Statements that only read, each seeing what was committed when it ran."""
        ...

    def claim(self, key: int) -> AbstractAsyncContextManager[bool]:
        """Whether this process may work on `key` (the match whose computer is to move) for the block."""
        ...

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether `key` (an interaction, made at `at`) is new to every process using the database. The
        check does not wait for this process's transactions: it decides who answers, within seconds."""
        ...

    async def forget_deliveries(self, before: float) -> None: ...

    async def hold_note(self, note: int) -> bool:
        """Take outbox note `note` for this process, without waiting: False while another process holds
        it (it is showing that change). Held until `release_note`, or until this process dies."""
        ...

    async def release_note(self, note: int) -> None: ...

    async def wait_note(self, note: int, seconds: float) -> bool:
        """Wait until no other process holds `note`, at most `seconds`: whether it is free now."""
        ...


def migrations(package: str = "bot.migrations") -> list[tuple[int, str]]:
    """The numbered migration scripts of a backend (`001_initial.sql`, …), in order."""
    found = []
    for entry in resources.files(package).iterdir():
        match = re.fullmatch(r"(\d+)_\w+\.sql", entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    return sorted(found)


async def apply_migrations(tx: Tx, package: str, version: int, record: Callable[[int], Awaitable[Any]]) -> None:
    """Run the migrations of `package` numbered after `version`, each followed by `record(number)`."""
    for number, script in migrations(package):
        if number <= version:
            continue
        log.info("applying migration %03d", number)
        for statement in statements(script):
            await tx.run(statement)
        await record(number)


def statements(script: str) -> list[str]:
    """Split a migration into statements (the scripts hold no semicolons inside strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


@asynccontextmanager
async def claimed_here(claims: set[int], key: int) -> AsyncIterator[bool]:
    """Whether no other task of this process holds `key` in `claims`; if so, it is held for the block."""
    if key in claims:
        yield False
        return
    claims.add(key)
    try:
        yield True
    finally:
        claims.discard(key)
