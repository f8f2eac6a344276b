"""Turn reminders: a player to move who has used 80 % of a turn of an hour or more is mentioned once,
in the match's channel; players and servers may turn them off."""
from __future__ import annotations

import asyncio

import pytest

from bot.errors import NotAllowed
from bot.models import ChallengeChange, Match, MatchChange
from bot.service import MatchService
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.support.inprocess import CHANNEL as BOT_CHANNEL
from tests.support.standin import ALL_PERMISSIONS
from tests.test_discord import ALICE as ALICE_USER
from tests.test_discord import BOB as BOB_USER
from tests.test_discord import challenge_accepted

DAY = 86400
MANAGE_GUILD = 1 << 5


async def shown(service: MatchService, note: int | None) -> None:
    """The change of `note` was posted: its note is cleared (at once, as the next change would)."""
    await service.outbox.posted(note)
    await service.outbox.close()


async def started(service: MatchService, channel: int = CHANNEL, **kwargs) -> Match:
    """alice challenges bob, bob accepts, and both changes are shown."""
    challenge = await service.challenges.challenge(GUILD, channel, ALICE, "attaxx", [BOB], **kwargs)
    assert isinstance(challenge, ChallengeChange), "the challenge waits for bob"
    await shown(service, challenge.note)
    match = await service.challenges.accept(challenge.challenge.id, BOB)
    assert isinstance(match, MatchChange), "bob's accept starts the match"
    await shown(service, match.note)
    return match.match


@pytest.fixture
def noting(store, clock):
    """The service as the Discord bot runs it: every change with its outbox note."""
    return MatchService(store, clock=clock)


async def test_each_turn_is_reminded_once_at_80_percent(noting, clock):
    match = await started(noting)  # 24 hours a move; alice to move
    assert await noting.clocks.next_deadline() == pytest.approx(clock() + 0.8 * DAY)
    clock.advance(0.8 * DAY - 1)
    assert await noting.clocks.reminders_due() == []
    clock.advance(2)
    [due] = await noting.clocks.reminders_due()
    assert due.match.id == match.id and due.match.to_move == ALICE and due.note is not None
    assert await noting.clocks.reminders_due() == []  # once, even for another process on the same database
    assert await MatchService(noting.store, clock=clock).clocks.reminders_due() == []
    await shown(noting, due.note)

    moved = await noting.play.move(CHANNEL, ALICE, "b6")  # bob's turn: his own 80 %
    await shown(noting, moved.note)
    clock.advance(0.8 * DAY + 1)
    [due] = await noting.clocks.reminders_due()
    assert due.match.to_move == BOB and due.match.moves == ("b6",)


async def test_a_reminder_not_shown_is_handed_out_again_once(noting, clock):
    await started(noting)
    clock.advance(0.8 * DAY + 1)
    [due] = await noting.clocks.reminders_due()  # its poster stops before posting it
    clock.advance(noting.context.notes.grace + 1)
    [notice] = await noting.outbox.notices_due()
    assert (notice.kind, notice.id, notice.match.to_move) == ("reminder", due.note, ALICE)
    assert await noting.outbox.notices_due() == []


async def test_no_reminders_for_short_turns_computers_or_those_who_turned_them_off(noting, clock):
    await started(noting, channel=11, turn_seconds=3599)
    against = await noting.challenges.challenge(GUILD, 12, CAROL, "attaxx", [], computers=["easy"], side="second")
    await shown(noting, against.note)
    assert against.match.to_move.is_computer
    clock.advance(3000)
    assert await noting.clocks.reminders_due() == []  # under an hour a turn, and a computer to move

    settings = await noting.preferences.reminder_settings(GUILD, BOB, mine=False)
    assert (settings.mine, settings.server) == (False, True)
    await started(noting, channel=13, side="second")  # bob moves first
    clock.advance(0.8 * DAY + 1)
    assert await noting.clocks.reminders_due() == []
    assert (await noting.preferences.reminder_settings(GUILD, BOB, mine=True)).mine

    with pytest.raises(NotAllowed, match="Manage Server"):
        await noting.preferences.reminder_settings(GUILD, ALICE, server=False)
    assert not (await noting.preferences.reminder_settings(GUILD, ALICE, server=False, manages_server=True)).server
    await started(noting, channel=14)
    clock.advance(0.8 * DAY + 1)
    assert await noting.clocks.reminders_due() == []


async def test_the_player_to_move_is_mentioned_once_in_the_channel(env):
    await challenge_accepted(env)  # alice to move, 24 hours a turn
    await env.settled()
    env.clock.advance(0.8 * DAY + 1)
    await env.client.scheduler.sweep()
    await env.client.scheduler.sweep()
    reminders = [m for m in env.standin.channel(BOT_CHANNEL) if "⏰" in m.content]
    assert len(reminders) == 1 and ALICE_USER.mention in reminders[0].content
    assert await reminders[0].pinged() == [ALICE_USER.id] and "time runs out <t:" in reminders[0].content
    await env.settled()


async def test_settings_turn_reminders_off_and_only_managers_change_the_servers(env):
    mine = await (await env.command(BOB_USER, BOT_CHANNEL, "settings", reminders=0)).reply()
    assert mine.ephemeral and "Your turn reminders: **off**" in mine.content
    refused = await (await env.command(BOB_USER, BOT_CHANNEL, "settings", server_reminders=0,
                                       member_permissions=ALL_PERMISSIONS & ~MANAGE_GUILD)).reply()
    assert refused.ephemeral and "Manage Server" in refused.content
    server = await (await env.command(ALICE_USER, BOT_CHANNEL, "settings", server_reminders=0)).reply()
    assert "In this server: **off**, for everyone" in server.content

    await challenge_accepted(env)
    await env.settled()
    env.clock.advance(0.8 * DAY + 1)
    await env.client.scheduler.sweep()
    assert not [m for m in env.standin.channel(BOT_CHANNEL) if "⏰" in m.content]


async def test_a_reminder_its_process_did_not_post_is_posted_later_unless_the_turn_was_played(env):
    await challenge_accepted(env)
    await env.settled()
    service = env.client.service
    env.clock.advance(0.8 * DAY + 1)
    # claimed by a process that stops before posting it (a task that ends: a live one would still be showing it)
    [due] = await asyncio.create_task(service.clocks.reminders_due())
    env.clock.advance(service.context.notes.grace + 1)
    await env.client.scheduler.sweep()  # another process finds its note due
    await env.settled()
    [reminder] = [m for m in env.standin.channel(BOT_CHANNEL) if "⏰" in m.content]
    assert ALICE_USER.mention in reminder.content and f"#{due.match.id}" in reminder.content

    await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    await env.settled()
    env.clock.advance(0.8 * DAY + 1)
    [due] = await asyncio.create_task(service.clocks.reminders_due())  # bob's, and again nobody posts it...
    moved = await (await env.command(BOB_USER, BOT_CHANNEL, "move", notation="b2")).reply()  # ...before bob moves
    assert "**b2**" in moved.content
    await env.settled()
    assert len([m for m in env.standin.channel(BOT_CHANNEL) if "⏰" in m.content]) == 1, "a played turn's is dropped"


async def test_the_outbox_rebuilt_for_reminders_keeps_its_notes_and_never_reuses_an_id(tmp_path):
    """Migration 011 builds the outbox again (SQLite) to take reminder notes: the notes there stay, and
    new ids go on after every id ever given, since an id names a post (its nonce)."""
    import sqlite3

    from bot.db import SqliteStore
    from tests.support.old_schema import add_finished_match, migrated_to

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        migrated_to(db, 10)
        add_finished_match(db, 1, "attaxx", "board full", [[0], [1]], [(101, "alice", 30), (102, "bob", 19)], GUILD)
        db.execute("INSERT INTO outbox (id, match_id, challenge_id, kind, due, created_at) VALUES (7, 1, 1, 'move', 0, 0)")
        db.execute("INSERT INTO outbox (id, match_id, challenge_id, kind, due, created_at) VALUES (9, 1, 1, 'draw', 0, 0)")
        db.execute("DELETE FROM outbox WHERE id = 9")  # shown: its id is used up all the same
    store = await SqliteStore.open(path)
    try:
        async with store.transaction() as db:
            assert [row["id"] for row in await db.all("SELECT id FROM outbox")] == [7]
            new = await db.insert("INSERT INTO outbox (match_id, challenge_id, kind, due, created_at)"
                                  " VALUES (1, 1, 'reminder', 0, 0)")
        assert new == 10
    finally:
        await store.close()
