"""Computer players through the match service, on a real SQLite file, with the real search in a real
process pool (on a short time cap so the suite stays quick): challenging the computer, its turns,
restarts, seats taken over when someone leaves a game of more than two, ratings and records."""
from __future__ import annotations

import asyncio
import random

import pytest

from bot.computer import ComputerPlayers
from bot.db.sqlite import SqliteStore
from bot.errors import NotAllowed
from bot.models import Challenge, Match, computer
from bot.service import MatchService
from rules import BadOptions
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, play_random

EASY, MEDIUM, HARD = computer("easy"), computer("medium"), computer("hard")


async def test_challenging_the_computer_starts_at_once_and_it_answers(service):
    match = (await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["hard"])).record
    assert isinstance(match, Match) and match.seats == (ALICE, HARD) and match.to_move == ALICE
    assert await service.computer_turns_due() == [] and await service.computer_move(match.id) is None
    moved = (await service.move(CHANNEL, ALICE, "b6")).match
    assert moved.computer_to_move == "hard" and await service.computer_turns_due() == [match.id]
    with pytest.raises(NotAllowed, match=r"It's not your turn: Computer \(hard\) is to move"):
        await service.move(CHANNEL, ALICE, "b5")
    thought = []

    async def thinking() -> None:
        thought.append(1)

    # Asked twice at once (a restart's resume and a move's own call): one search, one move.
    both = await asyncio.gather(service.computer_move(match.id, thinking), service.computer_move(match.id, thinking))
    [answer] = [result for result in both if result is not None]
    assert answer.seat == 1 and answer.notation in moved.state.legal_moves() and thought == [1]
    assert answer.match.to_move == ALICE and await service.computer_turns_due() == []
    assert len((await service.get_match(match.id)).moves) == 2


async def test_computers_are_chosen_by_level_not_by_name(service):
    with pytest.raises(NotAllowed, match="There is no computer level 'brutal'"):
        await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["brutal"])
    with pytest.raises(NotAllowed, match="chosen with the level option"):
        await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", [EASY])
    with pytest.raises(BadOptions, match="Attaxx is played by 2 players, not 3"):
        await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], computers=["easy"])
    with pytest.raises(NotAllowed, match="you named 3 players counting yourself and the computers"):
        await service.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB], computers=["easy"], players=2)


async def test_a_computer_turn_owed_before_a_restart_is_found_after_it(db_path, clock):
    store = await SqliteStore.open(db_path)
    first = MatchService(store, clock=clock, computers=ComputerPlayers(workers=1, seconds=0.05), notes=False)
    match = (await first.challenge(GUILD, CHANNEL, ALICE, "ascent", computers=["easy"])).match
    await first.move(CHANNEL, ALICE, match.state.legal_moves()[0])
    await store.close()  # the bot stops before the computer has moved

    store = await SqliteStore.open(db_path)
    again = MatchService(store, clock=clock, computers=ComputerPlayers(workers=1, seconds=0.05), notes=False)
    try:
        assert await again.computer_turns_due() == [match.id]
        result = await again.computer_move(match.id)
        assert result.seat == 1 and result.match.to_move == ALICE
    finally:
        again.computers.close()
        await store.close()


async def test_a_computer_is_never_timed_out(service, clock):
    match = (await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["easy"])).match
    await service.move(CHANNEL, ALICE, "b6")
    clock.advance(3 * 86400)  # the bot was down for days with the computer to move
    expired = await service.expire_due()
    assert expired.matches == () and (await service.get_match(match.id)).status == "active"
    await service.computer_move(match.id)
    clock.advance(2 * 86400)
    [lost] = (await service.expire_due()).matches
    assert lost.match.outcome.reason_text() == "alice ran out of time" and lost.match.outcome.winners == {1}


async def test_each_level_is_rated_on_the_leaderboard_and_people_keep_a_record_against_it(service):
    for level, resigns in [("easy", ALICE), ("hard", ALICE), ("easy", None)]:
        match = (await service.challenge(GUILD, CHANNEL, ALICE, "xlines", computers=[level])).match
        if resigns:
            await service.resign(CHANNEL, resigns)
        else:
            await play_random(service, match, random.Random(1))
    board, total = await service.leaderboard(GUILD, "xlines")
    assert total == 3 and {s.player.name for s in board} == {"alice", "Computer (easy)", "Computer (hard)"}
    easy = next(s for s in board if s.player == EASY)
    assert easy.games == 2 and easy.rating != 1500
    records = {opponent.name: tuple(tally) for _, opponent, *tally in await service.against_computers(GUILD, ALICE.id)}
    assert records["Computer (hard)"] == (0, 1, 0) and sum(records["Computer (easy)"]) == 2


async def test_a_rematch_against_the_computer_starts_at_once_with_the_sides_swapped(service):
    match = (await service.challenge(GUILD, CHANNEL, ALICE, "attaxx", computers=["medium"])).match
    assert match.seats == (ALICE, MEDIUM)
    ended = (await service.resign(CHANNEL, ALICE)).match
    again = (await service.rematch(ended.id, ALICE)).record
    assert isinstance(again, Match) and again.id != match.id and again.seats == (MEDIUM, ALICE)
    assert again.to_move == MEDIUM
    await service.resign(CHANNEL, ALICE)
    third = (await service.rematch(again.id, ALICE)).record
    assert third.seats == (ALICE, MEDIUM), "and back again"


# --- games of more than two ------------------------------------------------------------------------------
async def test_someone_who_leaves_is_replaced_by_a_computer_and_placed_last(service):
    challenge = (await service.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL], computers=["easy"],
                                         options={"k": 3})).record
    assert isinstance(challenge, Challenge) and challenge.waiting_for == (BOB, CAROL)
    await service.accept(challenge.id, BOB)
    match = (await service.accept(challenge.id, CAROL)).record
    assert match.seats == (ALICE, BOB, CAROL, EASY)
    match = (await service.move(CHANNEL, ALICE, match.state.legal_moves()[0])).match
    left = (await service.resign(CHANNEL, BOB)).match  # bob is to move and gives up: a computer plays on
    assert left.status == "active" and left.stand_in(1) == "medium" and left.names[1] == "Computer for bob"
    assert left.to_move == MEDIUM and left.people == [ALICE, CAROL] and left.leavers == (1,)
    with pytest.raises(NotAllowed, match="You left this match"):
        await service.move(CHANNEL, BOB, left.state.legal_moves()[0])
    final = await play_random(service, left, random.Random(2))
    assert final.outcome.places[-1] == frozenset({1}), "the player who left is last"
    rated = {c.player.name for c in final.ratings}
    assert rated == {"alice", "bob", "carol", "Computer (easy)"}, "bob is rated as last; the stand-in is not"
    bob = next(c for c in final.ratings if c.player == BOB)
    assert bob.after < bob.before


async def test_when_the_last_person_leaves_the_match_ends(service, clock):
    match = (await service.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB], computers=["easy"])).record
    match = (await service.accept(match.id, BOB)).record
    clock.advance(2 * 86400)
    [timed_out] = (await service.expire_due()).matches  # alice, to move, runs out of time: bob plays on
    assert timed_out.match.status == "active" and timed_out.match.stand_in(0) == "medium"
    ended = (await service.resign(CHANNEL, BOB)).match
    assert ended.status == "finished" and ended.outcome.places[-2:] == (frozenset({1}), frozenset({0}))


async def test_several_computers_of_one_level_are_rated_once(service):
    match = (await service.challenge(GUILD, CHANNEL, ALICE, "permutation", computers=["easy"] * 3)).record
    assert isinstance(match, Match) and match.seats == (ALICE, EASY, EASY, EASY)
    final = (await service.resign(CHANNEL, ALICE)).match
    assert final.outcome.places[-1] == frozenset({0})
    assert sorted(c.player.name for c in final.ratings) == ["Computer (easy)", "alice"]
    board, total = await service.leaderboard(GUILD, "permutation")
    assert total == 2 and next(s for s in board if s.player == EASY).wins == 1


async def test_an_open_challenge_from_before_computers_survives_the_upgrade(db_path, clock):
    """A database at version 2 with a three-seat challenge half accepted: the rebuilt challenge table
    keeps its seats, and the challenge can still be joined and played."""
    import sqlite3

    from tests.support.old_schema import migrated_to

    with sqlite3.connect(db_path) as db:
        migrated_to(db, 2)
        db.executemany("INSERT INTO players VALUES (?, ?)", [(p.id, p.name) for p in (ALICE, BOB, CAROL)])
        db.execute(
            "INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
            " seed, status, created_at, expires_at) VALUES (5, ?, ?, 'permutation', '{\"k\": 3}', 3, ?, 3600, 7,"
            " 'open', ?, ?)", (GUILD, CHANNEL, ALICE.id, clock(), clock() + 900))
        db.executemany("INSERT INTO challenge_players VALUES (5, ?, ?, ?, ?)",
                       [(ALICE.id, 0, 1, 1), (BOB.id, 1, 1, 1), (CAROL.id, 2, 1, 0)])
    store = await SqliteStore.open(db_path)
    service = MatchService(store, clock=clock, computers=ComputerPlayers(workers=1, seconds=0.05), notes=False)
    try:
        match = (await service.accept(5, CAROL)).record
        assert isinstance(match, Match) and match.seats == (ALICE, BOB, CAROL) and match.options == {"k": 3}
        finished = await play_random(service, match, random.Random(3))
        assert finished.status == "finished"
    finally:
        service.computers.close()
        await store.close()
