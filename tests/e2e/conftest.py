"""The real bot process (`python -m bot`) against the stand-in: the world the end-to-end tests play in."""
from __future__ import annotations

import pytest

from tests.support.process import BotProcess
from tests.support.standin import StandIn
from tests.support.users import Discord, User

GUILD = 4242
GAMES_CHANNEL, BUSY_CHANNEL, THIRD_CHANNEL = 501, 502, 503
ALICE, BOB, CAROL = User(21, "alice"), User(22, "bob"), User(23, "carol")


class World:
    def __init__(self, standin: StandIn, bot: BotProcess, users: Discord):
        self.standin, self.bot, self.users = standin, bot, users


@pytest.fixture
async def world(tmp_path):
    standin = StandIn({GUILD: [GAMES_CHANNEL, BUSY_CHANNEL, THIRD_CHANNEL]})
    await standin.start()
    bot = BotProcess(standin, tmp_path)
    await bot.start()
    yield World(standin, bot, Discord(standin, standin.dispatch, GUILD))
    await bot.stop()
    await standin.stop()
    assert standin.failures() == [], "every interaction answered once, in time; nothing Discord would refuse; every picture described"
    assert "Traceback" not in bot.log(), bot.log()
    noisy = [line for line in bot.log().splitlines() if " WARNING " in line or " ERROR " in line]
    assert noisy == [], "a normal run logs nothing an admin would have to act on"
