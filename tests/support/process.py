"""The real bot, started the way users start it (`python -m bot`), pointed at the stand-in."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

from tests.support.standin import StandIn

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One `python -m bot`: by default all shards on a SQLite file in `folder`; with `shards` (and the
    stand-in's shard count) only those, and with `database_url` on a shared PostgreSQL database."""

    def __init__(self, standin: StandIn, folder: Path, sweep_seconds: float = 0.2, *,
                 shards: tuple[int, ...] | None = None, database_url: str | None = None, name: str = "bot",
                 note_grace: float = 60.0):
        self.standin = standin
        self.folder = folder
        self.database = folder / "bot.sqlite3"
        self.log_path = folder / f"{name}.log"
        self.sweep_seconds = sweep_seconds
        self.shards = shards
        self.database_url = database_url
        self.note_grace = note_grace
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        """Start the bot and wait until each of its shards has identified on the gateway (commands are
        synced by then)."""
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_"))}
        env.update(
            DISCORD_TOKEN="test-token", DISCORD_API_BASE=self.standin.url, DISCORD_GATEWAY_URL=self.standin.gateway_url,
            DATABASE_PATH=str(self.database), LOG_LEVEL="INFO", TIMER_SWEEP_SECONDS=str(self.sweep_seconds),
            PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1", NOTE_GRACE_SECONDS=str(self.note_grace),
        )
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        if self.shards is not None:
            env.update(SHARD_COUNT=str(self.standin.shard_count), SHARD_IDS=",".join(map(str, self.shards)))
        shards = self.shards if self.shards is not None else tuple(range(self.standin.shard_count))
        seen = len(self.standin.identifies)
        with open(self.log_path, "a") as log:
            log.write(f"--- start {self.starts + 1}\n")
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.folder, env=env, stdin=asyncio.subprocess.DEVNULL,
                stdout=log, stderr=asyncio.subprocess.STDOUT,
            )
        self.starts += 1
        identified = asyncio.create_task(self.standin.wait_for(
            lambda: set(shards) <= {shard for shard, _ in self.standin.identifies[seen:]}, timeout=60))
        exited = asyncio.create_task(self.proc.wait())
        done, _ = await asyncio.wait({identified, exited}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        identified.cancel()
        exited.cancel()
        if identified not in done or identified.cancelled() or identified.exception():
            raise RuntimeError(f"the bot did not come up:\n{self.log()}")

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine loses power or the process is OOM-killed."""
        assert self.proc is not None, "the bot was never started"
        self.proc.kill()
        await self.proc.wait()

    async def stop(self) -> None:
        if self.proc and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    async def settled(self, timeout: float = 20.0) -> None:
        """Wait until the bot has noted every change it made as shown (its outbox is empty)."""
        async def empty() -> None:
            while self.sql("SELECT count(*) FROM outbox")[0][0]:
                await asyncio.sleep(0.02)

        await asyncio.wait_for(empty(), timeout)

    def sql(self, statement: str, *args) -> list[tuple]:
        """Read or change the bot's database from outside (as time passing, or an admin, would)."""
        with sqlite3.connect(self.database) as db:
            rows = db.execute(statement, args).fetchall()
        return rows
