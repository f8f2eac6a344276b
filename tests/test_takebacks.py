"""Takebacks: in a two-player match the player who just moved asks to take the move back; the opponent
accepts or declines, and the request lapses when the opponent moves. Against the computer a takeback is
granted at once and takes the computer's reply back too. The moves taken back leave the log."""
from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.db.sqlite import SqliteStore
from bot.errors import NotAllowed, Stale
from bot.service import MatchService
from games import GAMES
from rules.rebuild import rebuild
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, start_match
from tests.support.inprocess import CHANNEL as BOT_CHANNEL
from tests.support.old_schema import migrated_to
from tests.test_discord import ALICE as ALICE_USER
from tests.test_discord import BOB as BOB_USER
from tests.test_discord import challenge_accepted
from tests.test_discord_computers import ME, answered

DAY = 86400


async def test_asked_accepted_and_the_log_clocks_and_ratings_know_only_the_moves_that_stand(service, clock):
    match = await start_match(service)  # attaxx, alice first, 24 hours a move
    await service.play.move(CHANNEL, ALICE, "b6")
    clock.advance(3600)
    moved = (await service.play.move(CHANNEL, BOB, "a2")).match
    clock.advance(600)
    asked = await service.takebacks.takeback(CHANNEL, BOB)
    assert (asked.status, asked.seat, asked.match.takeback) == ("asked", 1, 1)
    assert (await service.context.get_match(match.id)).moves == ("b6", "a2"), "nothing changes until alice answers"

    clock.advance(60)
    granted = await service.takebacks.takeback(CHANNEL, ALICE)  # /takeback by the opponent accepts
    after = granted.match
    assert (granted.status, granted.seat, granted.moves) == ("granted", 1, ("a2",))
    assert after.moves == ("b6",) and after.to_move == BOB and after.takeback is None
    assert after.deadline == pytest.approx(clock() + DAY), "the turn starts again"
    assert after.stamp > moved.stamp and after.undone == 1
    stored = await MatchService(service.store, clock=clock, notes=False).context.get_match(match.id)  # a fresh process
    assert stored.moves == ("b6",) and stored.state == rebuild(GAMES["attaxx"], 2, after.options, after.seed, ("b6",))
    assert stored.stamp == after.stamp

    rest = await service.play.move(CHANNEL, BOB, "b2")
    assert rest.match.moves == ("b6", "b2") and rest.seat == 1
    await service.play.resign(CHANNEL, ALICE)
    [entry], _ = await service.records.history(GUILD)
    replayed = await MatchService(service.store, clock=clock, notes=False).records.replay_target(GUILD, CHANNEL, BOB.id)
    assert entry.moves == replayed.moves == ("b6", "b2"), "the history and replays have the moves that stand, only"
    assert [c.player for c in entry.ratings] == [ALICE, BOB]


async def test_a_request_lapses_when_the_opponent_moves_and_may_be_declined(service):
    match = await start_match(service)
    await service.play.move(CHANNEL, ALICE, "b6")
    asked = await service.takebacks.takeback(CHANNEL, ALICE)
    await service.play.move(CHANNEL, BOB, "a2")  # bob plays on instead
    current = await service.context.get_match(match.id)
    assert current.takeback is None
    with pytest.raises(Stale, match="lapsed"):
        await service.takebacks.answer_takeback(match.id, BOB, asked.match.stamp, accept=True)
    with pytest.raises(NotAllowed, match="bob has moved since"):
        await service.takebacks.takeback(CHANNEL, ALICE)

    asked = await service.takebacks.takeback(CHANNEL, BOB)
    with pytest.raises(NotAllowed, match="already asked"):
        await service.takebacks.takeback(CHANNEL, BOB)
    with pytest.raises(NotAllowed, match="up to alice"):
        await service.takebacks.answer_takeback(match.id, BOB, asked.match.stamp, accept=True)
    declined = await service.takebacks.answer_takeback(match.id, ALICE, asked.match.stamp, accept=False)
    assert declined.status == "declined" and declined.match.takeback is None
    assert (await service.context.get_match(match.id)).moves == ("b6", "a2")


async def test_what_is_refused(service):
    match = await start_match(service)
    with pytest.raises(NotAllowed, match="no move to take back"):
        await service.takebacks.takeback(CHANNEL, ALICE)
    await service.play.move(CHANNEL, ALICE, "b6")
    with pytest.raises(NotAllowed, match="no move to take back"):
        await service.takebacks.takeback(CHANNEL, BOB)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.takebacks.takeback(CHANNEL, CAROL)
    with pytest.raises(Stale):
        await service.takebacks.takeback_at(match.id, ALICE, 0)  # a board from before alice's move

    made = await service.challenges.challenge(GUILD, 7, ALICE, "permutation", [BOB, CAROL])
    await service.challenges.accept(made.challenge.id, BOB)
    many = (await service.challenges.accept(made.challenge.id, CAROL)).match
    await service.play.move(7, many.to_move, many.state.legal_moves()[0])
    with pytest.raises(NotAllowed, match="two-player games"):
        await service.takebacks.takeback(7, many.seats[0])

    stamp = (await service.context.get_match(match.id)).stamp
    await service.play.resign(CHANNEL, BOB)
    with pytest.raises(NotAllowed, match="over"):
        await service.takebacks.takeback_at(match.id, ALICE, stamp)


async def test_against_the_computer_it_is_granted_at_once_with_the_reply(service):
    started = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [], computers=["easy"], side="first")
    match = await service.context.get_match(started.match.id)
    await service.play.move(CHANNEL, ALICE, "b6")
    reply = await service.play.computer_move(match.id)
    assert len(reply.match.moves) == 2
    granted = await service.takebacks.takeback(CHANNEL, ALICE)
    assert granted.status == "granted" and granted.moves == ("b6", reply.notation)
    assert granted.match.moves == () and granted.match.to_move == ALICE

    await service.play.move(CHANNEL, ALICE, "b6")  # the computer still thinking: only alice's move goes
    before = await service.context.get_match(match.id)
    assert before.computer_to_move == "easy"
    undone = await service.takebacks.takeback(CHANNEL, ALICE)
    assert undone.moves == ("b6",) and undone.match.to_move == ALICE
    await service.play.move(CHANNEL, ALICE, "f2")  # as many moves as when it started thinking, another position
    assert before.stamp != (await service.context.get_match(match.id)).stamp


async def test_a_panel_made_before_a_takeback_is_stale_even_with_as_many_moves(service):
    match = await start_match(service)
    await service.play.move(CHANNEL, ALICE, "b6")
    panel_for_bob = (await service.play.builder(match.id, BOB)).stamp
    asked = await service.takebacks.takeback(CHANNEL, ALICE)
    await service.takebacks.answer_takeback(match.id, BOB, asked.match.stamp, accept=True)
    await service.play.move(CHANNEL, ALICE, "f2")  # one move again, in another position
    with pytest.raises(Stale):
        await service.play.move_at(match.id, BOB, "a1", panel_for_bob)


async def test_a_database_from_before_the_stamp_was_stored_keeps_every_button_as_it_was(db_path, clock):
    """A match stored before the stamp was: 3 moves stand, 2 were taken back. Its stamp is what it was
    worked out as (moves + 2 · taken back), so a panel opened then still plays, and once the board
    moves on it is stale, as before."""
    with sqlite3.connect(db_path) as db:
        migrated_to(db, 14)
        db.executemany("INSERT INTO players (user_id, name) VALUES (?, ?)", [(p.id, p.name) for p in (ALICE, BOB)])
        db.execute("INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
                   " seed, status, created_at, expires_at) VALUES (3, ?, ?, 'attaxx', '{}', 2, ?, 86400, 7, 'accepted',"
                   " 0, 900)", (GUILD, CHANNEL, ALICE.id))
        db.execute("INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, version,"
                   " undone, turn_seconds, deadline, started_at) VALUES (3, ?, ?, 'attaxx', '{}', 7, 2, 'active', 3, 2,"
                   " 86400, 90000, 0)", (GUILD, CHANNEL))
        db.executemany("INSERT INTO seats (match_id, seat, user_id) VALUES (3, ?, ?)", [(0, ALICE.id), (1, BOB.id)])
        db.executemany("INSERT INTO moves (match_id, ply, seat, notation, played_at) VALUES (3, ?, ?, ?, 10)",
                       [(0, 0, "b6"), (1, 1, "a2"), (2, 0, "b5")])
    store = await SqliteStore.open(db_path)
    try:
        service = MatchService(store, clock=clock, notes=False)
        match = await service.context.get_match(3)
        assert match.moves == ("b6", "a2", "b5") and match.undone == 2 and match.stamp == 3 + 2 * 2
        panel = (await service.play.builder(3, BOB, stamp=7)).stamp
        moved = await service.play.move_at(3, BOB, "b2", panel)
        assert moved.match.stamp == 8 == (await service.context.get_match(3)).stamp
        with pytest.raises(Stale):
            await service.play.move_at(3, ALICE, "a7", panel)
    finally:
        await store.close()


async def test_notes_of_moves_taken_back_before_they_were_shown_go_with_them(store, clock):
    noting = MatchService(store, clock=clock)
    challenge = await noting.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], side="first")
    await noting.outbox.posted(challenge.note)
    started = await noting.challenges.accept(challenge.challenge.id, BOB)
    await noting.outbox.posted(started.note)
    moved = await noting.play.move(CHANNEL, ALICE, "b6")  # its post never happens
    asked = await noting.takebacks.takeback(CHANNEL, ALICE)
    assert asked.earlier == (moved.note,), "the move, not shown yet, is to be shown before the request"
    granted = await noting.takebacks.answer_takeback(started.match.id, BOB, asked.match.stamp, accept=True)
    assert moved.note not in granted.earlier and asked.note not in granted.earlier
    clock.advance(noting.context.notes.grace + 1)
    assert [n.kind for n in await noting.outbox.notices_due()] == ["takeback"]
    await noting.outbox.close()


# ------------------------------------------------------------------ through Discord

async def test_asked_with_the_button_and_accepted_by_the_opponent(env):
    await challenge_accepted(env)
    moved = await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    assert [b["label"] for b in moved.buttons] == ["Move", "Take back"]
    refused = await (await env.press(BOB_USER, moved, "Take back")).reply()
    assert refused.ephemeral and "no move to take back" in refused.content

    request = await (await env.press(ALICE_USER, moved, "Take back")).reply()
    assert "asks to take back their move **b6**" in request.content and await request.pinged() == [BOB_USER.id]
    assert [b["label"] for b in request.buttons] == ["Accept", "Decline"]
    stranger = await (await env.press(ALICE_USER, request, "Accept")).reply()
    assert stranger.ephemeral and "up to bob" in stranger.content

    accepted = await env.press(BOB_USER, request, "Accept")
    assert all(b.get("disabled") for b in (await accepted.updated()).buttons)
    board = await accepted.board()
    assert "took back **b6**, as" in board.content and await board.pinged() == [ALICE_USER.id]
    assert "after 0 moves" in next(iter(board.descriptions.values()))
    again = await (await env.press(ALICE_USER, moved, "Take back")).reply()  # the old board's button
    assert again.ephemeral and "changed" in again.content
    await env.settled()


async def test_declined_and_lapsed_requests_through_discord(env):
    await challenge_accepted(env)
    await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    request = await (await env.command(ALICE_USER, BOT_CHANNEL, "takeback")).reply()
    declined = await env.press(BOB_USER, request, "Decline")
    await declined.updated()
    said = await env.standin.wait_for(lambda: next((m for m in env.standin.channel(BOT_CHANNEL)
                                                    if "declined" in m.content), None))
    assert await said.pinged() == [ALICE_USER.id]

    request = await (await env.command(ALICE_USER, BOT_CHANNEL, "takeback")).reply()
    await (await env.command(BOB_USER, BOT_CHANNEL, "move", notation="a2")).reply()
    lapsed = await (await env.press(BOB_USER, request, "Accept")).reply()
    assert lapsed.ephemeral and "lapsed" in lapsed.content
    await env.settled()


async def test_against_the_computer_through_discord(env):
    await (await env.command(ALICE_USER, BOT_CHANNEL, "challenge", "attaxx", side="first", opponent=ME)).reply()
    seen = len(env.standin.channel(BOT_CHANNEL))
    await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    theirs = await answered(env, seen)
    reply = theirs.content.split("played **")[1].split("**")[0]
    undone = await (await env.command(ALICE_USER, BOT_CHANNEL, "takeback")).reply()
    assert f"took back **b6** and **Computer (medium)**'s reply **{reply}**." in undone.content
    assert undone.png and "after 0 moves" in next(iter(undone.descriptions.values()))
    await env.settled()


async def test_a_request_its_process_did_not_post_is_posted_later_while_it_stands(env):
    await challenge_accepted(env)
    await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    service = env.client.service
    alice = (await service.play.current(BOT_CHANNEL)).seats[0]
    # asked by a process that stops before posting it (a task that ends: a live one would still be showing it)
    await asyncio.create_task(service.takebacks.takeback(BOT_CHANNEL, alice))
    service_clock = env.clock
    service_clock.advance(service.context.notes.grace + 1)
    await env.client.scheduler.sweep()
    request = await env.standin.wait_for(lambda: next((m for m in env.standin.channel(BOT_CHANNEL)
                                                       if "asks to take back" in m.content), None))
    assert [b["label"] for b in request.buttons] == ["Accept", "Decline"] and await request.pinged() == [BOB_USER.id]
    board = await (await env.press(BOB_USER, request, "Accept")).board()
    assert "took back **b6**" in board.content
    await env.settled()

    await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    await asyncio.create_task(service.takebacks.takeback(BOT_CHANNEL, alice))  # again unposted, and bob plays on meanwhile
    await (await env.command(BOB_USER, BOT_CHANNEL, "move", notation="b2")).reply()
    service_clock.advance(service.context.notes.grace + 1)
    await env.client.scheduler.sweep()
    await env.settled()
    assert len([m for m in env.standin.channel(BOT_CHANNEL) if "asks to take back" in m.content]) == 1, \
        "a request that lapsed is not posted late"
