"""Listing a server's matches in progress and abandoning one (ended unrated), on each database."""
from __future__ import annotations

import pytest

from bot.errors import NotAllowed, NotFound
from bot.models import LOCAL_GUILD, Expired, Match, computer
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, start_match

OTHER_CHANNEL = CHANNEL + 1


async def records(service):
    """Everything that counts a finished match: the leaderboard, each player's stats, the records
    against the computer, and the history."""
    board = await service.records.leaderboard(GUILD, "attaxx")
    stats = [await service.records.stats(GUILD, p.id) for p in (ALICE, BOB, CAROL)]
    against = await service.records.against_computers(GUILD, ALICE.id)
    history = await service.records.history(GUILD)
    return board, stats, against, [m.id for m in history[0]], history[1]


async def test_active_matches_lists_a_servers_matches_in_progress_the_last_moved_first(service, clock):
    first = await start_match(service)
    clock.advance(10)
    second = await start_match(service, channel=OTHER_CHANNEL)
    elsewhere = await service.challenges.challenge(GUILD + 1, CHANNEL + 2, ALICE, "attaxx", [], computers=["easy"])
    assert [m.id for m in await service.play.active_matches(GUILD)] == [second.id, first.id]
    assert [m.id for m in await service.play.active_matches(GUILD + 1)] == [elsewhere.match.id]

    clock.advance(10)
    await service.play.move(CHANNEL, ALICE, "a6")
    found = await service.play.active_matches(GUILD)
    assert [m.id for m in found] == [first.id, second.id] and found[0].moves == ("a6",)

    await service.play.resign(CHANNEL, BOB)
    assert [m.id for m in await service.play.active_matches(GUILD)] == [second.id]


async def test_abandoning_ends_a_match_unrated_and_leaves_every_record_as_it_was(service, clock):
    rated = await start_match(service)
    await service.play.move(CHANNEL, ALICE, "a6")
    await service.play.resign(CHANNEL, BOB)  # a rated result before: it must stay exactly as it is
    played = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [], computers=["easy"])).match
    await service.play.resign(CHANNEL, ALICE)
    before = await records(service)
    assert before[0][1] == 3 and before[2] and before[4] == 2

    kept = await start_match(service, channel=OTHER_CHANNEL)
    await service.play.move(OTHER_CHANNEL, ALICE, "a6")
    doomed = await start_match(service)
    await service.play.move(CHANNEL, ALICE, "g2")
    against = (await service.challenges.challenge(GUILD, CHANNEL + 2, ALICE, "attaxx", [], computers=["easy"])).match
    clock.advance(60)

    gone = await service.play.abandon(doomed.id, BOB)
    assert isinstance(gone, Match) and gone.id == doomed.id and gone.moves == ("g2",)
    await service.play.abandon(against.id, ALICE)
    assert await records(service) == before, "nobody rated, no record counts it"
    assert [m.id for m in await service.play.active_matches(GUILD)] == [kept.id]
    with pytest.raises(NotFound):
        await service.context.get_match(doomed.id)
    challenge = await service.context.get_challenge(doomed.id)
    assert challenge.status == "withdrawn" and challenge.closed_by == BOB.id
    assert (await service.context.get_match(kept.id)).moves == ("a6",)
    assert not await service.challenges.channel_busy(CHANNEL), "the channel is free for a new match"
    again = await start_match(service)
    assert again.id not in (rated.id, played.id, doomed.id) and again.moves == ()


async def test_only_a_person_playing_an_active_match_may_abandon_it(service):
    match = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [], computers=["easy"])).match
    for who in (BOB, computer("easy")):
        with pytest.raises(NotAllowed):
            await service.play.abandon(match.id, who)
    finished = (await service.play.resign(CHANNEL, ALICE)).match
    with pytest.raises(NotAllowed, match="This match is over"):
        await service.play.abandon(finished.id, ALICE)
    with pytest.raises(NotFound):
        await service.play.abandon(finished.id + 100, ALICE)
    assert (await service.context.get_match(finished.id)).status == "finished"


async def test_a_bot_sharing_the_database_leaves_local_matches_alone(service, clock):
    """The console's matches (LOCAL_GUILD) keep no turn timer and their computer moves at the console:
    the Discord side's sweeps neither time them out nor play their computer turns."""
    made = await service.challenges.challenge(LOCAL_GUILD, 0, ALICE, "attaxx", [BOB])
    waiting = (await service.challenges.accept(made.challenge.id, BOB)).match
    computer_first = (await service.challenges.challenge(LOCAL_GUILD, -1, ALICE, "attaxx", computers=["easy"],
                                                         side="second")).match
    assert computer_first.computer_to_move == "easy"
    clock.advance(waiting.turn_seconds * 3)
    assert await service.clocks.expire_due() == Expired((), ())
    assert await service.play.computers_to_move() == [] and await service.clocks.next_deadline() is None
    assert (await service.context.get_match(waiting.id)).status == "active"
