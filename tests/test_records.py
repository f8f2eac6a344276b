"""Win/loss/draw records: in games of more than two players every player in the first place wins, and a
draw is only a place shared by all; databases made before that rule are corrected by a migration."""
from __future__ import annotations

import json
import random
import sqlite3

from bot.db import migrations
from bot.db.sqlite import SqliteStore
from bot.models import Player
from bot.service import MatchService
from games import GAMES
from rules import Outcome
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.support.old_schema import migrated_to

DAVE = Player(4, "dave")


def test_the_record_of_each_seat():
    shared_top = Outcome(places=(frozenset({0, 2}), frozenset({1}), frozenset({3})), scores=None, reason="")
    assert [shared_top.record(seat) for seat in range(4)] == ["win", "loss", "win", "loss"]
    all_share = Outcome(places=(frozenset({0, 1, 2}),), scores=None, reason="")
    assert {all_share.record(seat) for seat in range(3)} == {"draw"}
    two = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="")
    assert [two.record(0), two.record(1)] == ["loss", "win"]


async def records(service: MatchService, game: str, guild: int = GUILD) -> dict[str, tuple[int, int, int, int]]:
    board, _ = await service.records.leaderboard(guild, game, per_page=50)
    return {s.player.name: (s.games, s.wins, s.losses, s.draws) for s in board}


def shared_top_game() -> list[str]:
    """A three-player game of Multiplications (k = 3) in which Red and Blue tie for first place."""
    rng, state, log = random.Random(19), GAMES["permutation"].start(3, {"k": 3}), []
    while state.outcome is None:
        log.append(rng.choice(state.legal_moves()))
        state = state.play(log[-1])
    assert state.outcome.places == (frozenset({0, 1}), frozenset({2}))
    return log


async def test_two_shared_wins_read_as_two_wins(service):
    """A player who shares the first place of two three-player games has won both."""
    for channel in (CHANNEL, CHANNEL + 1):
        made = await service.challenges.challenge(GUILD, channel, ALICE, "permutation", [BOB, CAROL], {"k": 3})
        for player in (BOB, CAROL):
            match = (await service.challenges.accept(made.challenge.id, player)).record
        for move in shared_top_game():
            match = (await service.play.move(channel, match.to_move, move)).match
        assert match.outcome.places == (frozenset({0, 1}), frozenset({2}))
    assert await records(service, "permutation") == {"alice": (2, 2, 0, 0), "bob": (2, 2, 0, 0), "carol": (2, 0, 2, 0)}
    [alice] = await service.records.stats(GUILD, ALICE.id)
    assert alice.record == "2 games · 2W 0L 0D"


async def test_two_player_records_are_unchanged(service):
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await service.challenges.accept(made.challenge.id, BOB)
    await service.play.draw(CHANNEL, ALICE)
    await service.play.draw(CHANNEL, BOB)
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await service.challenges.accept(made.challenge.id, BOB)
    await service.play.resign(CHANNEL, BOB)
    assert await records(service, "attaxx") == {"alice": (2, 1, 0, 1), "bob": (2, 0, 1, 1)}


# --- the migration --------------------------------------------------------------------------------
# A match as the schema of migration 001 stored it: (id, guild, game, [(user, place)]), no place while active.
OldMatch = tuple[int, int, str, list[tuple[int, int | None]]]
# Finished matches as that schema stored them.
OLD_MATCHES: list[OldMatch] = [
    (1, GUILD, "permutation", [(1, 0), (2, 0), (3, 0), (4, 1)]),  # three share the top, dave last
    (2, GUILD, "permutation", [(1, 0), (2, 1), (3, 2)]),  # alice alone on top
    (3, GUILD, "permutation", [(1, 0), (2, 0), (3, 0)]),  # everyone shares one place: a draw
    (4, GUILD, "attaxx", [(1, 0), (2, 1)]),
    (5, GUILD, "attaxx", [(1, 0), (2, 0)]),  # a drawn two-player game
    (6, GUILD + 1, "permutation", [(1, 1), (2, 0), (4, 0)]),  # another server: its own records
]
# What migration 001's code recorded: a shared first place counted as a draw for everyone in it.
OLD_RECORDS = {
    (GUILD, "permutation", 1): (1, 0, 2), (GUILD, "permutation", 2): (0, 1, 2),
    (GUILD, "permutation", 3): (0, 1, 2), (GUILD, "permutation", 4): (0, 1, 0),
    (GUILD, "attaxx", 1): (1, 0, 1), (GUILD, "attaxx", 2): (0, 1, 1),
    (GUILD + 1, "permutation", 1): (0, 1, 0), (GUILD + 1, "permutation", 2): (0, 0, 1),
    (GUILD + 1, "permutation", 4): (0, 0, 1),
}


def old_database(path) -> None:
    """A database at schema version 1 holding the matches above, with the records the old rule gave
    them, one active match (which counts for nothing yet) and the ratings as they stood."""
    with sqlite3.connect(path) as db:
        migrated_to(db, 1)
        db.executemany("INSERT INTO players VALUES (?, ?)", [(1, "alice"), (2, "bob"), (3, "carol"), (4, "dave")])
        active: OldMatch = (7, GUILD, "permutation", [(1, None), (2, None), (3, None)])
        for match_id, guild, game, seats in [*OLD_MATCHES, active]:
            finished = match_id != 7
            groups = sorted({place for _, place in seats if place is not None})
            places = [[seat for seat, (_, p) in enumerate(seats) if p == g] for g in groups]
            db.execute(
                "INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
                " seed, status, created_at, expires_at) VALUES (?,?,?,?, '{}', ?, ?, 86400, 0, 'accepted', 0, 900)",
                (match_id, guild, match_id, game, len(seats), seats[0][0]),
            )
            db.execute(
                "INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
                " started_at, finished_at, reason, places) VALUES (?,?,?,?, '{}', 0, ?, ?, 86400, 0, ?, ?, ?)",
                (match_id, guild, match_id, game, len(seats), "finished" if finished else "active",
                 match_id if finished else None, "done" if finished else None,
                 json.dumps(places) if finished else None),
            )
            db.executemany(
                "INSERT INTO seats (match_id, seat, user_id, place, rating_before, rating_after) VALUES (?,?,?,?,?,?)",
                [(match_id, seat, user, place, 1500.0 if finished else None, 1510.0 if finished else None)
                 for seat, (user, place) in enumerate(seats)],
            )
        db.executemany(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, 80.0, 0.06, ?, ?, ?, 0)",
            [(guild, game, user, 1500.0 + user, *wld) for (guild, game, user), wld in OLD_RECORDS.items()],
        )


async def test_the_migration_recounts_records_from_the_finished_matches(db_path):
    old_database(db_path)
    store = await SqliteStore.open(db_path)
    try:
        service = MatchService(store)
        assert await records(service, "permutation") == {
            "alice": (3, 2, 0, 1), "bob": (3, 1, 1, 1), "carol": (3, 1, 1, 1), "dave": (1, 0, 1, 0)}
        assert await records(service, "attaxx") == {"alice": (2, 1, 0, 1), "bob": (2, 0, 1, 1)}
        assert await records(service, "permutation", GUILD + 1) == {
            "alice": (1, 0, 1, 0), "bob": (1, 1, 0, 0), "dave": (1, 1, 0, 0)}
        board, _ = await service.records.leaderboard(GUILD, "permutation")
        assert [(s.player.name, s.rating) for s in board] == [
            ("dave", 1504.0), ("carol", 1503.0), ("bob", 1502.0), ("alice", 1501.0)], "ratings are kept as they were"
        async with store.transaction() as tx:
            version = await store.version(tx)
        assert version == max(number for number, _ in migrations())
    finally:
        await store.close()
