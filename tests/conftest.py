"""Shared fixtures: a real SQLite file in a temp dir, a controllable clock, named players."""
from __future__ import annotations

import random

import pytest

from bot.models import Match, Player
from bot.service import MatchService
from bot.store import Store
from tests.support.clock import Clock
from tests.support.inprocess import env  # noqa: F401  (the in-process bot, for the Discord tests)

GUILD, CHANNEL = 1000, 2000
ALICE, BOB, CAROL = Player(1, "alice"), Player(2, "bob"), Player(3, "carol")


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


async def play_random(service: MatchService, match: Match, rng: random.Random, moves: int | None = None,
                      channel: int = CHANNEL) -> Match:
    """Each player to move plays a random legal move, until the game ends or `moves` were played."""
    played = 0
    while match.status == "active" and (moves is None or played < moves):
        mover = match.to_move
        result = await service.move(channel, mover, rng.choice(match.state.legal_moves()))
        assert result.seat == match.seat_of(mover.id)
        match = result.match
        played += 1
    return match
