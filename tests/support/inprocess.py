"""The bot in this process: a real GameBot (discord.py, service, SQLite file) talking over HTTP to the
stand-in, with users acting on it through `tests.support.users.Discord`."""
from __future__ import annotations

import discord
import pytest

from bot.config import Settings
from bot.discord.client import GameBot
from tests.support.clock import Clock
from tests.support.standin import StandIn
from tests.support.users import Discord

GUILD, CHANNEL = 5555, 7777


@pytest.fixture
async def env(tmp_path, monkeypatch):
    standin = StandIn()
    monkeypatch.setattr(discord.http.Route, "BASE", await standin.start())
    settings = Settings(
        token="test-token", dev_guild_id=None, database_path=tmp_path / "bot.sqlite3", log_level="INFO",
        challenge_minutes=15, turn_hours=24, sweep_seconds=300, api_base=None, gateway_url=None,
        computer_seconds=0.05,
    )
    client = GameBot(settings)
    await client.login("test-token")  # runs setup_hook: database, commands, buttons, timers
    clock = Clock()
    client.handlers.service.clock = clock
    users = Discord(standin, client._connection.parse_interaction_create, GUILD)
    users.client, users.clock = client, clock
    yield users
    await client.close()
    await standin.stop()
    assert [i.error for i in standin.interactions.values() if i.error] == []

