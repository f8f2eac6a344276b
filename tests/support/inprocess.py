"""The bot in this process: a real GameBot (discord.py, service, SQLite file) talking over HTTP to the
stand-in, with users acting on it through `tests.support.users.Discord`."""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import discord
import pytest

from bot.config import Settings
from bot.discord.client import GameBot
from bot.discord.tree import Tree
from tests.support.clock import Clock
from tests.support.standin import StandIn
from tests.support.users import Discord

if TYPE_CHECKING:  # discord.types.gateway imported at run time trips over a circular import in discord.types
    from discord.types.gateway import InteractionCreateEvent

GUILD, CHANNEL = 5555, 7777


async def settled(client: GameBot, timeout: float = 60.0) -> None:
    """Wait until every change the bot made has been shown (its outbox is empty): a user's answer can
    arrive a moment before the bot notes that it was shown."""
    store = client.store
    if store is None:
        raise RuntimeError("the bot has no store yet: it opens one when it logs in")

    async def empty() -> None:
        while True:
            async with store.reading() as db:
                if await db.one("SELECT 1 FROM outbox") is None:
                    return
            await asyncio.sleep(0.01)

    await asyncio.wait_for(empty(), timeout)


def slow_boards(client: GameBot, monkeypatch: pytest.MonkeyPatch, seconds: float = 0.3) -> None:
    """Every board takes `seconds` longer to draw (so that an answer waiting for one is deferred)."""
    renders = client.renders
    real = renders.run

    async def slow(work: Any, *args: Any) -> Any:
        await asyncio.sleep(seconds)
        return await real(work, *args)

    monkeypatch.setattr(renders, "run", slow)


def bot_settings(database_path: Path) -> Settings:
    """The bot's settings in the tests: a SQLite file, the default times, computers that think briefly."""
    return Settings(
        token="test-token", dev_guild_id=None, database_path=database_path, log_level="INFO",
        challenge_minutes=15, turn_hours=24, sweep_seconds=300, api_base=None, gateway_url=None,
        computer_seconds=0.05,
    )


async def with_cogs(tmp_path: Path) -> GameBot:
    """A bot with every cog added (its commands and its answers to buttons), without a store or a connection."""
    client = GameBot(bot_settings(tmp_path / "bot.sqlite3"))
    await client.add_cogs()
    return client


async def command_tree(tmp_path: Path) -> Tree:
    """The bot's command tree as it registers it."""
    return (await with_cogs(tmp_path)).tree


class BotUsers(Discord):
    """Users of the bot in this process, with the bot itself and its clock at hand."""

    def __init__(self, standin: StandIn, client: GameBot, clock: Clock):
        def deliver(payload: dict[str, Any]) -> None:
            # straight into discord.py's parser; `Discord` builds each payload as Discord sends INTERACTION_CREATE
            client._connection.parse_interaction_create(cast("InteractionCreateEvent", payload))

        super().__init__(standin, deliver, GUILD)
        self.client = client
        self.clock = clock

    async def settled(self) -> None:
        """Wait until every change the bot made has been shown (see `settled`)."""
        await settled(self.client)


@pytest.fixture
async def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[BotUsers]:
    clock = Clock()
    standin = StandIn(wall=clock)  # its ids tell the bot's clock's time
    monkeypatch.setattr(discord.http.Route, "BASE", await standin.start())
    client = GameBot(bot_settings(tmp_path / "bot.sqlite3"))
    await client.login("test-token")  # runs setup_hook: database, commands, buttons, timers
    client.service.context.clock = clock
    users = BotUsers(standin, client, clock)
    yield users
    await client.close()
    await standin.stop()
    assert standin.failures() == [], f"every interaction answered once, in time; nothing Discord would refuse; every picture described: {standin.failures()}"

