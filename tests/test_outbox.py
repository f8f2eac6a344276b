"""The outbox on both databases: every change is committed with a note, the note is gone once the change
is shown, and a note left behind falls due, is claimed by one process, and holds back what must come
after it (the next computer move, a time-out on a turn nobody was told of)."""
from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Awaitable, Callable

from bot.computer import ComputerPlayers
from bot.db import open_store
from bot.db.postgres import NOTES
from bot.db.sqlite import SqliteStore
from bot.models import ChallengeChange, MatchChange
from bot.service import NOTE_GRACE, MatchService
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.support.clock import Clock
from tests.support.old_schema import migrated_to
from tests.support.postgres import empty_database


async def kinds(service: MatchService) -> list[tuple[str, int | None]]:
    async with service.store.reading() as db:
        return [(row["kind"], row["seat"]) for row in await db.all("SELECT kind, seat FROM outbox ORDER BY id")]


async def test_every_change_leaves_one_note_until_it_is_shown(store, clock):
    service = MatchService(store, clock=clock)
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    assert isinstance(challenge, ChallengeChange) and challenge.note is not None
    match = await service.challenges.accept(challenge.challenge.id, BOB)
    moved = await service.play.move(CHANNEL, ALICE, "b6", via="9:token")
    offer = await service.play.draw(CHANNEL, BOB)
    over = await service.play.resign(CHANNEL, BOB)
    assert await kinds(service) == [("challenge", None), ("start", None), ("move", 0), ("offer", 1), ("resign", 1)]
    for note in (challenge.note, match.note, moved.note, offer.note, over.note):
        await service.outbox.posted(note)
    await service.outbox.close()  # the notes of what was shown go with the next transaction, or now
    assert await kinds(service) == []


async def test_a_note_left_behind_falls_due_once_oldest_first(store, clock):
    service = MatchService(store, clock=clock)
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await service.outbox.posted(challenge.note)
    await service.outbox.posted((await service.challenges.accept(challenge.challenge.id, BOB)).note)
    await service.play.move(CHANNEL, ALICE, "b6", via="9:token")  # its poster stops before posting
    await service.play.move(CHANNEL, BOB, "b2")
    assert await service.outbox.notices_due() == []  # their posters still have time
    clock.advance(NOTE_GRACE + 1)
    first, second = await service.outbox.notices_due()
    assert (first.kind, first.seat, first.via, first.latest) == ("move", 0, "9:token", False)
    assert first.match.moves == ("b6",) and first.match.state.to_move == 1, "shown as it stood then"
    assert (second.kind, second.seat, second.latest) == ("move", 1, True) and second.match.moves == ("b6", "b2")
    assert await service.outbox.notices_due() == [], "claimed: nobody else takes them meanwhile"
    clock.advance(NOTE_GRACE + 1)
    assert [n.id for n in await service.outbox.notices_due()] == [first.id, second.id], "not shown: due again"


async def test_what_must_follow_an_unshown_change_waits_for_it(store, clock):
    computers = ComputerPlayers(workers=1, seconds=0.05)
    service = MatchService(store, clock=clock, computers=computers)
    try:
        started = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["easy"],
                                                     turn_seconds=3600)
        assert isinstance(started, MatchChange)
        assert await service.play.computers_to_move() == []  # nothing owed: alice is to move
        mine = await service.play.move(CHANNEL, ALICE, "b6")
        assert await service.play.computers_to_move() == [], "the computer waits until alice's move is shown"
        await service.outbox.posted(started.note)
        await service.outbox.posted(mine.note)
        await service.outbox.close()
        assert [m.id for m in await service.play.computers_to_move()] == [started.match.id]
        answer = await service.play.computer_move(started.match.id)  # … and is not shown
        clock.advance(2 * 3600)
        assert (await service.clocks.expire_due()).matches == (), "alice was never told it is her turn"
        [late] = await service.outbox.notices_due()
        assert late.id == answer.note
        told = await service.clocks.shown_late(late.match)
        assert told.deadline == clock.now + 3600, "her turn time starts when she is told"
        await service.outbox.posted(late.id)
        await service.outbox.close()
        clock.advance(3601)
        [timed_out] = (await service.clocks.expire_due()).matches
        assert timed_out.match.outcome.reason_text() == "alice ran out of time"
    finally:
        computers.close()


async def test_a_change_made_before_an_earlier_one_was_shown_names_it(store, clock):
    service = MatchService(store, clock=clock)
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    await service.outbox.posted(challenge.note)
    start = await service.challenges.accept(challenge.challenge.id, BOB)
    await service.outbox.posted(start.note)
    unshown = await service.play.move(CHANNEL, ALICE, "b6")
    after = await service.play.move(CHANNEL, BOB, "b2")
    assert after.earlier == (unshown.note,)
    [taken] = await service.outbox.take_notices(after.earlier)
    assert taken.kind == "move" and taken.match.moves == ("b6",) and not taken.latest and not taken.behind
    [newer] = await service.outbox.take_notices([after.note])
    assert newer.behind and newer.latest and newer.earlier == (unshown.note,)
    await service.outbox.posted(unshown.note)
    await service.outbox.posted(after.note)
    last = await service.play.move(CHANNEL, ALICE, "a7c5")
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
        [notice] = await MatchService(store, clock=clock).outbox.notices_due()
        assert (notice.kind, notice.challenge.id, notice.match.moves) == ("move", 3, ("b6",))
    finally:
        await store.close()



# ------------------------------------------------------------------ one poster at a time

async def slow_poster(service: MatchService, made: asyncio.Future, done: asyncio.Event, *, post: bool = False) -> None:
    """A poster that makes a change (alice's challenge) and is slow to show it (a board uploading) until
    `done`; then it posts it or, by default, gives up, as a poster whose post fails for good does."""
    challenge = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    made.set_result(challenge)
    await done.wait()
    if post:
        await service.outbox.posted(challenge.note)


async def sweep(service: MatchService) -> list[int]:
    """The notes the timer loop is handed now (in a task of its own, as the loop runs)."""
    return [notice.id for notice in await asyncio.create_task(service.outbox.notices_due())]


async def test_a_change_is_left_to_its_poster_for_as_long_as_it_is_at_it(store, clock):
    service = MatchService(store, clock=clock)
    made, done = asyncio.get_running_loop().create_future(), asyncio.Event()
    poster = asyncio.create_task(slow_poster(service, made, done))
    challenge = await made
    clock.advance(NOTE_GRACE + 1)
    assert await sweep(service) == [], "its grace is up, but its poster is still at it"
    clock.advance(10 * NOTE_GRACE)
    assert await sweep(service) == [], "however long it takes"
    done.set()
    await poster  # it gives up without showing it
    assert await sweep(service) == [], "looked at again a grace after the last look"
    clock.advance(NOTE_GRACE + 1)
    assert await sweep(service) == [challenge.note], "its poster gone: handed out"
    await service.outbox.close()


async def test_posters_waiting_for_each_other_s_earlier_changes_do_not_wait_for_ever(store, clock):
    """Three changes of a match, none shown: the first's poster stopped; the second's poster is at it,
    and must show the first before it; the third's poster wants both shown before its own. However they
    come, neither waits on the other: the second's poster shows the first, and the third's, once both
    are shown, has nothing left to show first."""
    service = MatchService(store, clock=clock)
    await service.outbox.posted((await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])).note)
    match = await service.challenges.accept(1, BOB)
    await service.outbox.posted(match.note)
    first = await asyncio.create_task(service.play.move(CHANNEL, ALICE, "b6"))  # its poster stopped
    second_made, go_on = asyncio.get_running_loop().create_future(), asyncio.Event()

    async def second_poster() -> list[int]:
        second = await service.play.move(CHANNEL, BOB, "b2")
        second_made.set_result(second)
        await go_on.wait()
        shown = [notice.id for notice in await service.outbox.take_notices(second.earlier)]
        for note in (*shown, second.note):
            await service.outbox.posted(note)
        return shown

    third_made = asyncio.get_running_loop().create_future()

    async def third_poster() -> list[int]:
        third = await service.play.resign(CHANNEL, BOB)  # bob resigns meanwhile
        third_made.set_result(third)
        return [notice.id for notice in await service.outbox.take_notices(third.earlier)]

    async def third_waits() -> bool:  # for the second, having taken the first in passing
        return second.note in service.context.notes.let_go

    poster = asyncio.create_task(second_poster())
    second = await second_made
    waiting = asyncio.create_task(third_poster())
    assert (await third_made).earlier == (first.note, second.note)
    await until(third_waits)
    go_on.set()
    assert await asyncio.wait_for(poster, 10) == [first.note], "the second's poster shows the first"
    assert await asyncio.wait_for(waiting, 10) == [], "both shown: nothing left to show first"
    await service.outbox.close()


async def test_taking_an_interaction_on_does_not_wait_for_this_process_s_changes(store):
    """The check that decides which process answers an interaction runs even while a change of this
    process is being committed (the answer is due within 3 seconds of the interaction)."""
    async with store.transaction():
        assert await asyncio.wait_for(store.first_delivery(43, 1000.0), 10)
    assert not await store.first_delivery(43, 1000.0)


async def advisory_locks(store, note: int, *, granted: bool = True) -> int:
    """How many sessions hold (or, with `granted` False, wait for) the advisory lock of `note`."""
    async with store.reading() as db:
        row = await db.one("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = ?"
                           " AND objid = ? AND objsubid = 2 AND granted = ?", NOTES, note, granted)
        return row["n"]


async def until(condition: Callable[[], Awaitable[bool]], timeout: float = 20.0) -> None:
    """Wait until `condition()` is true (looked at again every few milliseconds), at most `timeout`."""
    async def waiting() -> None:
        while not await condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(waiting(), timeout)


async def test_a_change_shown_while_the_shown_ones_are_being_deleted_is_deleted_too(store, clock):
    """A board is posted while the notes of the boards before it are being deleted: its note goes too,
    soon, with no other change to ride on (a quiet channel's last move was otherwise left in the outbox,
    and handed out again)."""
    service = MatchService(store, clock=clock)
    first = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    second = await service.challenges.challenge(GUILD, CHANNEL + 1, CAROL, "attaxx", [BOB])
    deleting, go_on = asyncio.Event(), asyncio.Event()
    transaction = store.transaction

    @contextlib.asynccontextmanager
    async def slow_transaction():
        deleting.set()
        await go_on.wait()
        async with transaction() as db:
            yield db

    store.transaction = slow_transaction
    await service.outbox.posted(first.note)
    await asyncio.wait_for(deleting.wait(), 10)
    await service.outbox.posted(second.note)  # while the first one's note is on its way out
    store.transaction = transaction
    go_on.set()

    async def empty() -> bool:
        return await kinds(service) == []

    await until(empty)
    clock.advance(NOTE_GRACE + 1)
    assert await sweep(service) == [], "nothing handed out again"
    await service.outbox.close()


async def test_a_change_another_process_is_showing_is_left_to_it_until_that_process_is_gone(postgres_server):
    async with empty_database(postgres_server) as url:
        one, two = await open_store(url), await open_store(url)
        clock = Clock()
        first, second = MatchService(one, clock=clock), MatchService(two, clock=clock)
        made, done = asyncio.get_running_loop().create_future(), asyncio.Event()
        poster = asyncio.create_task(slow_poster(first, made, done))
        try:
            challenge = await made
            clock.advance(NOTE_GRACE + 1)
            assert await sweep(second) == [], "the first process is still posting it"
            clock.advance(10 * NOTE_GRACE)
            assert await sweep(second) == [], "however long it takes"
            pid = one._claimer.get_server_pid()  # the first process dies, and its connections with it
            async with two.transaction() as tx:
                await tx.one("SELECT pg_terminate_backend(?)", pid)

            async def let_go() -> bool:
                return await advisory_locks(two, challenge.note) == 0
            await until(let_go)  # (terminating a backend only asks it to end)
            clock.advance(NOTE_GRACE + 1)
            assert await sweep(second) == [challenge.note], "taken over once its poster is gone"
        finally:
            done.set()
            await poster
            await one.close()
            await two.close()


async def test_an_earlier_change_another_process_is_showing_is_waited_for_not_shown_again(postgres_server):
    """A newer change of a match is to be shown below an older one that another process is posting just
    then: it waits for that post, and, the older change shown, has nothing more to show first."""
    async with empty_database(postgres_server) as url:
        one, two = await open_store(url), await open_store(url)
        first, second = MatchService(one), MatchService(two)
        made, done = asyncio.get_running_loop().create_future(), asyncio.Event()
        poster = asyncio.create_task(slow_poster(first, made, done, post=True))
        try:
            challenge = await made
            waiting = asyncio.create_task(second.outbox.take_notices([challenge.note]))

            async def waits() -> bool:
                return await advisory_locks(two, challenge.note, granted=False) == 1
            await until(waits)
            done.set()  # the first process posts it
            assert await asyncio.wait_for(waiting, 20) == [], "shown by the first process: nothing to show again"
            await poster
        finally:
            done.set()
            await one.close()
            await two.close()
