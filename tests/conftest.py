"""Shared fixtures: a real SQLite file in a temp dir, a controllable clock, named players."""
from __future__ import annotations

import pytest

from bot.models import Player
from bot.service import MatchService
from bot.store import Store

GUILD, CHANNEL = 1000, 2000
ALICE, BOB, CAROL = Player(1, "alice"), Player(2, "bob"), Player(3, "carol")


class Clock:
    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bot.sqlite3"


@pytest.fixture
async def store(db_path):
    store = await Store.open(db_path)
    yield store
    await store.close()


@pytest.fixture
async def service(store, clock) -> MatchService:
    return MatchService(store, clock=clock)


async def start_match(service: MatchService, game: str = "attaxx", channel: int = CHANNEL, **kwargs):
    """alice challenges bob, bob accepts: the started match."""
    challenge = await service.challenge(GUILD, channel, ALICE, game, [BOB], **kwargs)
    return await service.accept(challenge.id, BOB)
