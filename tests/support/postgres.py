"""A real PostgreSQL server for the tests (pgserver's bundled binaries: nothing to install on the
machine), started once per test session; each test gets an empty database of its own."""
from __future__ import annotations

import itertools
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server():
    import pgserver

    folder = tempfile.mkdtemp(prefix="pg-")
    server = pgserver.get_server(folder, cleanup_mode="stop")
    yield server.get_uri()
    server.cleanup()


def with_database(uri: str, name: str) -> str:
    parts = urlsplit(uri)
    return urlunsplit(parts._replace(path=f"/{name}"))


@asynccontextmanager
async def empty_database(server: str) -> AsyncIterator[str]:
    """The URL of a new, empty database on `server`, dropped afterwards."""
    name = f"test_{next(_names)}"
    admin = await asyncpg.connect(server)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield with_database(server, name)
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()
