"""`python -m bot migrate-to-postgres`: a SQLite database with finished and running matches, ratings and
an open challenge, copied into PostgreSQL, reads back the same through the service."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from bot.copy_to_postgres import copy
from bot.db import open_store
from bot.db.sqlite import SqliteStore
from bot.service import MatchService
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, play_random, start_match
from tests.support.clock import Clock
from tests.support.postgres import empty_database

ROOT = Path(__file__).resolve().parents[1]


async def filled(path: Path) -> SqliteStore:
    """A SQLite database as a server leaves it: finished matches, one in progress, an open challenge."""
    store = await SqliteStore.open(path)
    service = MatchService(store, clock=Clock())
    rng = random.Random(5)
    for channel in (CHANNEL, CHANNEL + 1):
        await play_random(service, await start_match(service, "ascent", channel=channel), rng, channel=channel)
    await play_random(service, await start_match(service, "attaxx", channel=CHANNEL + 2), rng, moves=7,
                      channel=CHANNEL + 2)
    await service.challenges.challenge(GUILD, CHANNEL + 3, CAROL, "xlines")
    return store


async def test_a_copy_reads_back_the_same(tmp_path, postgres_server):
    lite = await filled(tmp_path / "bot.sqlite3")
    async with empty_database(postgres_server) as url:
        pg = await open_store(url)
        try:
            counts = await copy(lite, pg)
            assert counts["matches"] == 3 and counts["moves"] > 7 and counts["ratings"] == 2 and counts["challenges"] == 4
            before, after = MatchService(lite, clock=Clock()), MatchService(pg, clock=Clock())
            assert await after.records.leaderboard(GUILD, "ascent") == await before.records.leaderboard(GUILD, "ascent")
            running = await after.play.current(CHANNEL + 2)
            assert running == await before.play.current(CHANNEL + 2) and len(running.moves) == 7
            assert (await after.challenges.challenge_here(CHANNEL + 3, ALICE.id)).id == 4
            # play goes on in PostgreSQL, and new challenges get new numbers
            await after.play.move(CHANNEL + 2, running.to_move, running.state.legal_moves()[0])
            fresh = await after.challenges.challenge(GUILD, CHANNEL + 4, ALICE, "attaxx", [BOB])
            assert fresh.challenge.id == 5
        finally:
            await pg.close()
            await lite.close()


def test_the_command_copies_once_and_refuses_a_database_that_is_not_empty(tmp_path, postgres_server):
    import asyncio

    async def prepare() -> None:
        store = await filled(tmp_path / "bot.sqlite3")
        await store.close()

    asyncio.run(prepare())

    async def scenario() -> list[subprocess.CompletedProcess]:
        async with empty_database(postgres_server) as url:
            env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
            env.update(PYTHONPATH=str(ROOT), DATABASE_PATH=str(tmp_path / "bot.sqlite3"), DATABASE_URL=url)
            command = [sys.executable, "-m", "bot", "migrate-to-postgres"]
            return [subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
                    for _ in range(2)]

    first, second = asyncio.run(scenario())
    assert first.returncode == 0, first.stderr
    assert "rows checked on both sides" in first.stdout and "matches            3" in first.stdout
    assert second.returncode == 1 and "already holds players" in second.stdout and "Traceback" not in second.stderr
