"""Shared fixtures: a real SQLite file in a temp dir, a controllable clock, named players."""
from __future__ import annotations

import random

import pytest

from bot.computer import ComputerPlayers
from bot.db import open_store
from bot.db.sqlite import SqliteStore
from bot.models import ChallengeChange, Match, MatchChange, Player
from bot.service import MatchService
from tests.support.clock import Clock
from tests.support.inprocess import env  # noqa: F401  (the in-process bot, for the Discord tests)
from tests.support.postgres import empty_database, postgres_server  # noqa: F401

GUILD, CHANNEL = 1000, 2000
ALICE, BOB, CAROL = Player(101, "alice"), Player(102, "bob"), Player(103, "carol")  # ids 1..3 are the computers


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bot.sqlite3"


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request, db_path):
    """The store on each backend: a real SQLite file, and a new database on a real PostgreSQL server."""
    if request.param == "sqlite":
        store = await SqliteStore.open(db_path)
        yield store
        await store.close()
        return
    async with empty_database(request.getfixturevalue("postgres_server")) as url:
        store = await open_store(url)
        yield store
        await store.close()


@pytest.fixture
async def service(store, clock):
    """The service on a real file, with computer players searching in one worker process for 50 ms. Its
    caller shows every change itself, as the console does (tests/test_outbox.py covers the notes the
    Discord bot keeps of changes still to be posted)."""
    computers = ComputerPlayers(workers=1, seconds=0.05)
    yield MatchService(store, clock=clock, computers=computers, notes=False)
    computers.close()


async def start_match(service: MatchService, game: str = "attaxx", channel: int = CHANNEL, **kwargs) -> Match:
    """alice challenges bob, bob accepts: the started match."""
    made = await service.challenges.challenge(GUILD, channel, ALICE, game, [BOB], **kwargs)
    assert isinstance(made, ChallengeChange), "the challenge waits for bob"
    started = await service.challenges.accept(made.challenge.id, BOB)
    assert isinstance(started, MatchChange), "bob's accept starts the match"
    return started.match


async def play_random(service: MatchService, match: Match, rng: random.Random, moves: int | None = None,
                      channel: int = CHANNEL) -> Match:
    """Each person to move plays a random legal move and each computer its own, until the game ends or
    `moves` were played."""
    played = 0
    while match.status == "active" and (moves is None or played < moves):
        if match.computer_to_move:
            result = await service.play.computer_move(match.id)
            assert result is not None, "a computer is to move, and nothing else is thinking for it"
        else:
            mover = match.to_move
            assert mover is not None, "an active match has someone to move"
            result = await service.play.move(channel, mover, rng.choice(match.state.legal_moves()))
            assert result.seat == match.seat_of(mover.id)
        match = result.match
        played += 1
    return match
