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
    def __init__(self, standin: StandIn, folder: Path, sweep_seconds: float = 0.2):
        self.standin = standin
        self.folder = folder
        self.database = folder / "bot.sqlite3"
        self.log_path = folder / "bot.log"
        self.sweep_seconds = sweep_seconds
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        """Start the bot and wait until it has identified on the gateway (commands are synced by then)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
        env.update(
            DISCORD_TOKEN="test-token", DISCORD_API_BASE=self.standin.url, DISCORD_GATEWAY_URL=self.standin.gateway_url,
            DATABASE_PATH=str(self.database), LOG_LEVEL="INFO", TIMER_SWEEP_SECONDS=str(self.sweep_seconds),
            PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1",
        )
        self.standin.identified.clear()
        sessions = self.standin.sessions
        with open(self.log_path, "a") as log:
            log.write(f"--- start {self.starts + 1}\n")
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.folder, env=env, stdin=asyncio.subprocess.DEVNULL,
                stdout=log, stderr=asyncio.subprocess.STDOUT,
            )
        self.starts += 1
        identified = asyncio.create_task(self.standin.identified.wait())
        exited = asyncio.create_task(self.proc.wait())
        done, _ = await asyncio.wait({identified, exited}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        identified.cancel()
        exited.cancel()
        if identified not in done or self.standin.sessions == sessions:
            raise RuntimeError(f"the bot did not come up:\n{self.log()}")

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when a machine loses power or the process is OOM-killed."""
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

    def sql(self, statement: str, *args) -> list[tuple]:
        """Read or change the bot's database from outside (as time passing, or an admin, would)."""
        with sqlite3.connect(self.database) as db:
            rows = db.execute(statement, args).fetchall()
        return rows
