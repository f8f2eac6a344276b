"""The outbox on both databases: every change is committed with a note, the note is gone once the change
is shown, and a note left behind falls due, is claimed by one process, and holds back what must come
after it (the next computer move, a time-out on a turn nobody was told of)."""
from __future__ import annotations

import sqlite3

from bot.computer import ComputerPlayers
from bot.db import open_store
from bot.db.sqlite import SqliteStore
from bot.models import Challenge, Match
from bot.service import NOTE_GRACE, MatchService
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.support.old_schema import migrated_to
from tests.support.postgres import empty_database


async def kinds(service: MatchService) -> list[tuple[str, int | None]]:
    async with service.store.reading() as db:
        return [(row["kind"], row["seat"]) for row in await db.all("SELECT kind, seat FROM outbox ORDER BY id")]


async def test_every_change_leaves_one_note_until_it_is_shown(store, clock):
    service = MatchService(store, clock=clock)
    challenge = await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    assert isinstance(challenge, Challenge) and challenge.note is not None
    match = await service.accept(challenge.id, BOB)
    moved = (await service.move(CHANNEL, ALICE, "b6", via="9:token")).match
    offer = await service.draw(CHANNEL, BOB)
    over = await service.resign(CHANNEL, BOB)
    assert await kinds(service) == [("challenge", None), ("start", None), ("move", 0), ("offer", 1), ("resign", 1)]
    for note in (challenge.note, match.note, moved.note, offer.match.note, over.note):
        await service.posted(note)
    await service.close()  # the notes of what was shown go with the next transaction, or now
    assert await kinds(service) == []


async def test_a_note_left_behind_falls_due_once_oldest_first(store, clock):
    service = MatchService(store, clock=clock)
    challenge = await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await service.posted(challenge.note)
    await service.posted((await service.accept(challenge.id, BOB)).note)
    await service.move(CHANNEL, ALICE, "b6", via="9:token")  # its poster stops before posting
    await service.move(CHANNEL, BOB, "b2")
    assert await service.notices_due() == []  # their posters still have time
    clock.advance(NOTE_GRACE + 1)
    first, second = await service.notices_due()
    assert (first.kind, first.seat, first.via, first.latest) == ("move", 0, "9:token", False)
    assert first.match.moves == ("b6",) and first.match.state.to_move == 1, "shown as it stood then"
    assert (second.kind, second.seat, second.latest) == ("move", 1, True) and second.match.moves == ("b6", "b2")
    assert await service.notices_due() == [], "claimed: nobody else takes them meanwhile"
    clock.advance(NOTE_GRACE + 1)
    assert [n.id for n in await service.notices_due()] == [first.id, second.id], "not shown: due again"


async def test_what_must_follow_an_unshown_change_waits_for_it(store, clock):
    computers = ComputerPlayers(workers=1, seconds=0.05)
    service = MatchService(store, clock=clock, computers=computers)
    try:
        started = await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["easy"], turn_seconds=3600)
        assert isinstance(started, Match)
        assert await service.computers_to_move() == []  # nothing owed: alice is to move
        mine = (await service.move(CHANNEL, ALICE, "b6")).match
        assert await service.computers_to_move() == [], "the computer waits until alice's move is shown"
        await service.posted(started.note)
        await service.posted(mine.note)
        await service.close()
        assert [m.id for m in await service.computers_to_move()] == [started.id]
        answer = await service.computer_move(started.id)  # … and is not shown
        clock.advance(2 * 3600)
        assert (await service.expire_due()).matches == (), "alice was never told it is her turn"
        [late] = await service.notices_due()
        assert late.id == answer.match.note
        told = await service.shown_late(late.match)
        assert told.deadline == clock.now + 3600, "her turn time starts when she is told"
        await service.posted(late.id)
        await service.close()
        clock.advance(3601)
        [timed_out] = (await service.expire_due()).matches
        assert timed_out.outcome.reason == "alice ran out of time"
    finally:
        computers.close()


async def test_a_change_made_before_an_earlier_one_was_shown_names_it(store, clock):
    service = MatchService(store, clock=clock)
    challenge = await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await service.posted(challenge.note)
    start = await service.accept(challenge.id, BOB)
    await service.posted(start.note)
    unshown = (await service.move(CHANNEL, ALICE, "b6")).match
    after = (await service.move(CHANNEL, BOB, "b2")).match
    assert after.earlier == (unshown.note,)
    [taken] = await service.take_notices(after.earlier)
    assert taken.kind == "move" and taken.match.moves == ("b6",) and not taken.latest and not taken.behind
    [newer] = await service.take_notices([after.note])
    assert newer.behind and newer.latest and newer.match.earlier == (unshown.note,)
    await service.posted(unshown.note)
    await service.posted(after.note)
    last = (await service.move(CHANNEL, ALICE, "a7c5")).match
    assert last.earlier == (), "what was shown is not named again"


async def test_an_interaction_is_taken_on_once(store):
    assert await store.first_delivery(41, 1000.0)
    assert not await store.first_delivery(41, 1000.0)
    assert await store.first_delivery(42, 1000.0)
    await store.forget_deliveries(2000.0)
    assert await store.first_delivery(41, 2001.0), "forgotten once Discord's 15 minutes are long over"


async def test_two_processes_on_postgresql_take_an_interaction_on_once(postgres_server):
    async with empty_database(postgres_server) as url:
        one, two = await open_store(url), await open_store(url)
        try:
            taken = [await store.first_delivery(key, 1000.0) for key in range(10) for store in (one, two)]
            assert taken == [True, False] * 10
        finally:
            await one.close()
            await two.close()


async def test_the_old_unposted_columns_become_notes(db_path, clock):
    """A database from before the outbox, with a computer's move stored and not posted, opens with
    that move's note in the outbox."""
    with sqlite3.connect(db_path) as db:
        migrated_to(db, 4)
        db.executemany("INSERT INTO players VALUES (?, ?)", [(p.id, p.name) for p in (ALICE, BOB, CAROL)])
        db.execute("INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
                   " seed, status, created_at, expires_at) VALUES (3, ?, ?, 'attaxx', '{}', 2, ?, 3600, 7, 'accepted',"
                   " 0, 900)", (GUILD, CHANNEL, ALICE.id))
        db.execute("INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, version,"
                   " turn_seconds, deadline, started_at, unposted, unposted_due) VALUES (3, ?, ?, 'attaxx', '{}', 7, 2,"
                   " 'active', 1, 3600, 5000, 0, 'move', 120)", (GUILD, CHANNEL))
        db.executemany("INSERT INTO challenge_players VALUES (3, ?, ?, ?, 1)", [(ALICE.id, 0, 0), (BOB.id, 1, 1)])
        db.executemany("INSERT INTO seats (match_id, seat, user_id) VALUES (3, ?, ?)", [(0, ALICE.id), (1, BOB.id)])
        db.execute("INSERT INTO moves (match_id, ply, seat, notation, played_at) VALUES (3, 0, 0, 'b6', 10)")
    store = await SqliteStore.open(db_path)
    try:
        [notice] = await MatchService(store, clock=clock).notices_due()
        assert (notice.kind, notice.challenge.id, notice.match.moves) == ("move", 3, ("b6",))
    finally:
        await store.close()
