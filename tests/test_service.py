"""The match service on a real SQLite file: life cycle, permissions, concurrency, restarts, timers."""
from __future__ import annotations

import asyncio

import pytest

from bot.db.sqlite import SqliteStore
from bot.errors import NotAllowed, NotFound
from bot.models import ChallengeChange, DrawOffer, Match, MatchChange, Player
from bot.service import MatchService
from rules import BadOptions, IllegalMove
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, start_match
from tests.seeds import attaxx_sample_game

DAVE = Player(4, "dave")


async def play_all(service, moves, channel=CHANNEL):
    match = await service.play.current(channel)
    for move in moves:
        player = match.to_move
        result = await service.play.move(channel, player, move)
        match = result.match
    return match


async def test_seed_game_through_the_service_then_resignation_and_ratings(service):
    match = await start_match(service)
    assert isinstance(match, Match) and match.names == ["alice", "bob"] and match.to_move == ALICE
    match = await play_all(service, [m for m, _ in attaxx_sample_game()])
    assert match.state.counts == (26, 19) and len(match.moves) == 61 and match.to_move == BOB

    final = (await service.play.resign(CHANNEL, BOB)).match
    assert final.status == "finished" and final.outcome.reason_text() == "bob resigned"
    assert final.outcome.places == (frozenset({0}), frozenset({1}))
    change = {c.player.name: c for c in final.ratings}
    assert change["alice"].before == change["bob"].before == 1500
    assert change["alice"].after > 1500 > change["bob"].after

    board, total = await service.records.leaderboard(GUILD, "attaxx")
    assert total == 2 and [(s.player.name, s.wins, s.losses, s.rank) for s in board] == [
        ("alice", 1, 0, 1), ("bob", 0, 1, 2)]
    [bob] = await service.records.stats(GUILD, BOB.id)
    assert (bob.game, bob.losses, bob.rank) == ("attaxx", 1, 2)
    [history], total = await service.records.history(GUILD)
    assert total == 1
    assert history.id == final.id and len(history.moves) == 61 and history.moves[0] == "b7"
    with pytest.raises(NotFound):
        await service.play.move(CHANNEL, ALICE, "a6")


async def test_game_played_to_a_full_board_records_the_score(service):
    match = await start_match(service)
    seen = set()
    while match.status == "active":
        move = match.state.legal_moves()[0]  # clones come first: the board fills up
        match = (await service.play.move(CHANNEL, match.to_move, move)).match
        seen.add(match.state.counts)
    assert match.outcome.reason_text() == "board full" and sum(match.outcome.scores) == 49
    board, _ = await service.records.leaderboard(GUILD, "attaxx")
    assert {s.player.name: (s.wins, s.losses, s.draws) for s in board}[match.seats[min(match.outcome.places[0])].name] == (1, 0, 0)


async def test_only_the_challenged_player_may_answer(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])).challenge
    with pytest.raises(NotAllowed, match="Only the challenged player can accept"):
        await service.challenges.accept(challenge.id, CAROL)
    with pytest.raises(NotAllowed, match="Only the challenged player can decline"):
        await service.challenges.decline(challenge.id, CAROL)
    with pytest.raises(NotAllowed, match="your own challenge"):
        await service.challenges.accept(challenge.id, ALICE)
    declined = (await service.challenges.decline(challenge.id, BOB)).challenge
    assert declined.status == "declined" and declined.closed_by == BOB.id
    with pytest.raises(NotAllowed, match="declined"):
        await service.challenges.accept(challenge.id, BOB)
    with pytest.raises(NotFound):
        await service.play.current(CHANNEL)


async def test_challenger_may_withdraw_and_channel_is_free_again(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])).challenge
    assert (await service.challenges.decline(challenge.id, ALICE)).challenge.status == "withdrawn"
    again = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])).challenge
    assert again.id != challenge.id


async def test_open_challenge_seats_whoever_accepts_first(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx")).challenge
    assert challenge.has_open_seats and challenge.invited == ()
    with pytest.raises(NotAllowed, match="open challenge"):
        await service.challenges.decline(challenge.id, CAROL)
    started = await service.challenges.accept(challenge.id, CAROL)
    assert isinstance(started, MatchChange) and started.match.names == ["alice", "carol"]
    here = await service.play.current(CHANNEL)
    assert here.id == challenge.id


async def test_a_busy_channel_refuses_a_second_challenge(service):
    await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
    with pytest.raises(NotAllowed, match="already an open challenge"):
        await service.challenges.challenge(GUILD, CHANNEL, CAROL, "attaxx", [DAVE])
    other = await service.challenges.challenge(GUILD, CHANNEL + 1, CAROL, "attaxx", [DAVE])
    await service.challenges.accept(other.challenge.id, DAVE)
    with pytest.raises(NotAllowed, match="already being played"):
        await service.challenges.challenge(GUILD, CHANNEL + 1, ALICE, "attaxx", [BOB])


async def test_bad_challenges_are_refused_before_anything_is_stored(service):
    with pytest.raises(NotAllowed, match="yourself"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [ALICE])
    with pytest.raises(NotFound, match="no game called"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "chess", [BOB])
    with pytest.raises(BadOptions):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], {"size": 9})
    with pytest.raises(BadOptions, match="Attaxx is played by 2 players, not 3"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB, CAROL])
    with pytest.raises(NotAllowed, match="between 1 minute and 14 days"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], turn_seconds=5)
    with pytest.raises(NotFound):
        await service.challenges.challenge_here(CHANNEL, BOB.id)


async def test_refused_moves_change_nothing(service):
    await start_match(service)
    with pytest.raises(NotAllowed, match="not your turn: alice is to move"):
        await service.play.move(CHANNEL, BOB, "b2")
    with pytest.raises(NotAllowed, match="not playing"):
        await service.play.move(CHANNEL, CAROL, "b6")
    with pytest.raises(IllegalMove, match="d4 is not next to any of your pieces"):
        await service.play.move(CHANNEL, ALICE, "d4")
    with pytest.raises(IllegalMove, match="Can't read"):
        await service.play.move(CHANNEL, ALICE, "banana")
    match = await service.play.current(CHANNEL)
    assert match.moves == () and match.state == match.rules.start()


async def test_two_simultaneous_moves_land_once(service):
    await start_match(service)
    results = await asyncio.gather(
        service.play.move(CHANNEL, ALICE, "b6"), service.play.move(CHANNEL, ALICE, "f2"), return_exceptions=True
    )
    landed = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(landed) == 1 and len(refused) == 1 and isinstance(refused[0], NotAllowed)
    match = await service.play.current(CHANNEL)
    assert match.moves == (landed[0].notation,)


async def test_two_processes_on_one_file_cannot_both_move(db_path, clock):
    first = MatchService(await SqliteStore.open(db_path), clock=clock)
    second = MatchService(await SqliteStore.open(db_path), clock=clock)
    try:
        await start_match(first)
        await second.play.current(CHANNEL)  # the second process caches the start position
        results = await asyncio.gather(
            first.play.move(CHANNEL, ALICE, "b6"), second.play.move(CHANNEL, ALICE, "f2"), return_exceptions=True
        )
        assert sum(not isinstance(r, Exception) for r in results) == 1
        assert len((await first.play.current(CHANNEL)).moves) == len((await second.play.current(CHANNEL)).moves) == 1
    finally:
        await first.store.close()
        await second.store.close()


async def test_accept_pressed_twice_at_once_starts_one_match(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx")).challenge
    results = await asyncio.gather(
        service.challenges.accept(challenge.id, BOB), service.challenges.accept(challenge.id, BOB), service.challenges.accept(challenge.id, CAROL),
        return_exceptions=True,
    )
    started = [r.match for r in results if isinstance(r, MatchChange)]
    assert len(started) == 1 and started[0].id == challenge.id
    assert all(isinstance(r, NotAllowed) for r in results if not isinstance(r, MatchChange))


async def test_restart_mid_match_continues_where_it_stood(db_path, clock):
    store = await SqliteStore.open(db_path)
    service = MatchService(store, clock=clock)
    await start_match(service)
    moves = [m for m, _ in attaxx_sample_game()][:20]
    before = await play_all(service, moves)
    await store.close()

    store = await SqliteStore.open(db_path)
    try:
        restarted = MatchService(store, clock=clock)
        after = await restarted.play.current(CHANNEL)
        assert after.state == before.state and after.moves == tuple(moves) and after.to_move == before.to_move
        result = await restarted.play.move(CHANNEL, after.to_move, [m for m, _ in attaxx_sample_game()][20])
        assert len(result.match.moves) == 21
    finally:
        await store.close()


async def test_turn_timer_makes_the_player_to_move_lose(service, clock):
    match = await start_match(service, turn_seconds=3600)
    await service.play.move(CHANNEL, ALICE, "b6")
    deadline = clock.now + 3600
    assert await service.clocks.next_deadline() == deadline - 720, "bob's reminder first, after 80 % of his turn"
    clock.advance(2880)
    [reminded] = await service.clocks.reminders_due()
    assert reminded.match.to_move == BOB and await service.clocks.next_deadline() == deadline
    clock.advance(719)
    assert (await service.clocks.expire_due()).matches == ()
    clock.advance(2)
    expired = await service.clocks.expire_due()
    [ended] = [change.match for change in expired.matches]
    assert ended.id == match.id and ended.outcome.reason_text() == "bob ran out of time"
    assert ended.outcome.places == (frozenset({0}), frozenset({1}))
    assert await service.clocks.next_deadline() is None


async def test_timer_that_ran_out_while_the_bot_was_down(db_path, clock):
    store = await SqliteStore.open(db_path)
    await start_match(MatchService(store, clock=clock, notes=False), turn_seconds=600)
    await store.close()
    clock.advance(3 * 3600)
    store = await SqliteStore.open(db_path)
    try:
        expired = await MatchService(store, clock=clock, notes=False).clocks.expire_due()
        assert [m.match.outcome.reason_text() for m in expired.matches] == ["alice ran out of time"]
    finally:
        await store.close()


async def test_challenges_expire(service, clock):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])).challenge
    clock.advance(15 * 60 + 1)
    with pytest.raises(NotAllowed, match="expired"):
        await service.challenges.accept(challenge.id, BOB)
    [gone] = [change.challenge for change in (await service.clocks.expire_due()).challenges]
    assert gone.id == challenge.id and gone.status == "expired"
    with pytest.raises(NotAllowed, match="expired"):
        await service.challenges.accept(challenge.id, BOB)


async def test_draw_offer_and_acceptance(service):
    await start_match(service)
    offer = await service.play.draw(CHANNEL, ALICE)
    assert isinstance(offer, DrawOffer) and offer.seat == 0
    with pytest.raises(NotAllowed, match="already offered"):
        await service.play.draw(CHANNEL, ALICE)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.play.draw(CHANNEL, CAROL)
    ended = (await service.play.draw(CHANNEL, BOB)).match
    assert ended.outcome.reason_text() == "draw agreed" and ended.outcome.is_draw
    board, _ = await service.records.leaderboard(GUILD, "attaxx")
    assert [(s.draws, round(s.rating)) for s in board] == [(1, 1500), (1, 1500)]


async def test_a_move_by_the_other_player_declines_a_draw_offer(service):
    await start_match(service)
    await service.play.move(CHANNEL, ALICE, "b6")
    await service.play.draw(CHANNEL, ALICE)
    assert (await service.play.current(CHANNEL)).draw_offer == 0
    await service.play.move(CHANNEL, BOB, "b2")
    assert (await service.play.current(CHANNEL)).draw_offer is None


async def test_autocomplete_offers_matching_legal_moves_to_the_player_to_move(service):
    await start_match(service)
    assert await service.play.legal_moves(CHANNEL, BOB.id, "") == []
    assert await service.play.legal_moves(CHANNEL, CAROL.id, "") == []
    assert await service.play.legal_moves(CHANNEL, ALICE.id, "a7") == ["a7a5", "a7b5", "a7c5", "a7c6", "a7c7"]
    assert await service.play.legal_moves(CHANNEL, ALICE.id, "G1-E") == ["g1e1", "g1e2", "g1e3"]
    assert len(await service.play.legal_moves(CHANNEL, ALICE.id, "")) == 16


async def test_autocomplete_knows_every_spelling_and_the_later_parts_of_a_move(service):
    match = await start_match(service, "ascent")
    assert await service.play.legal_moves(CHANNEL, ALICE.id, "c3 A1") == ["a1-c3"], "either order names the switch"
    involving = await service.play.legal_moves(CHANNEL, ALICE.id, "c3")
    assert involving[:3] == ["c3-c4", "c3-d3", "c3-d4"], "moves that start with c3 come first"
    assert len(involving) == 13 and "a1-c3" in involving and all("c3" in move for move in involving)
    starts = await service.play.move_choices(CHANNEL, ALICE.id, "")
    assert starts[0].label == "a1 …  15 moves" and "c4-d4" in [b.label for b in starts], "106 moves: by first tile"
    assert len(starts) <= 25 and sum(b.count for b in starts) == len(match.state.legal_moves())
    assert await service.play.legal_moves(CHANNEL, ALICE.id, "c3-") == ["c3-c4", "c3-d3", "c3-d4"], "a finished part narrows"


async def test_autocomplete_narrows_lines_to_their_start(service):
    match = await start_match(service, "xlines")
    for k, square in enumerate(["c2", "c6", "g6", "a4", "e5", "a5", "h1", "g3"]):
        await service.play.move(CHANNEL, (ALICE, BOB)[k % 2], square)
    from_c2 = await service.play.legal_moves(CHANNEL, ALICE.id, "c2-")
    assert from_c2 and all(move.startswith("c2-") for move in from_c2) and "c2-c6" in from_c2
    assert len(await service.play.legal_moves(CHANNEL, ALICE.id, "c2")) > len(from_c2), "c2 alone also offers lines to c2"
    assert match.state.placing


async def test_an_elevation_turn_is_built_a_part_at_a_time(service):
    await start_match(service, "elevation")
    pieces = await service.play.move_choices(CHANNEL, ALICE.id, "")
    assert [b.label for b in pieces][:3] == ["a1 …  samurai on a1 · 66 turns", "b1 …  fish on b1 · 204 turns",
                                              "c1 …  dragon on c1 · 318 turns"] and len(pieces) == 6
    dragon = await service.play.legal_moves(CHANNEL, ALICE.id, "c1")
    assert "c1-c2" in dragon and "c1-c2 …" not in dragon and "c1: d2" in dragon and len(dragon) <= 25
    digs = await service.play.legal_moves(CHANNEL, ALICE.id, "c1: d2")
    assert digs == ["c1: d2>b2", "c1: d2>c2"], "the squares next to c1 that a tile from d2 can go on"
    with pytest.raises(IllegalMove, match="c1: d2 is only the start of a move"):
        await service.play.move(CHANNEL, ALICE, "c1: d2")
    label = next(b.label for b in pieces if b.value == "c1")
    assert "c1-c2-c3" in await service.play.legal_moves(CHANNEL, ALICE.id, label + "-c2"), "typed on after a label"
    result = await service.play.move(CHANNEL, ALICE, "c1: d2>b2 c1-c2")
    assert result.notation == "d2>b2 c1-c2"


async def test_rematch_invites_the_same_players_with_the_same_options(service):
    match = await start_match(service, turn_seconds=7200)
    ended = (await service.play.resign(CHANNEL, ALICE)).match
    with pytest.raises(NotAllowed, match="Only the players"):
        await service.challenges.rematch(match.id, CAROL)
    made = await service.challenges.rematch(ended.id, BOB)
    assert isinstance(made, ChallengeChange)
    again = made.challenge
    assert again.challenger == BOB and again.invited == (ALICE,)
    assert again.turn_seconds == 7200 and again.game == "attaxx"
    rematch = await service.challenges.accept(again.id, ALICE)
    assert rematch.match.names == ["bob", "alice"]


async def test_ratings_are_per_server(service):
    await start_match(service)
    await service.play.resign(CHANNEL, BOB)
    assert (await service.records.leaderboard(GUILD + 1, "attaxx")) == ([], 0)
    assert await service.records.stats(GUILD + 1, ALICE.id) == []


async def test_leaderboard_pages(service):
    for i in range(12):
        a, b = Player(100 + 2 * i, f"p{2 * i}"), Player(101 + 2 * i, f"p{2 * i + 1}")
        made = await service.challenges.challenge(GUILD, 5000 + i, a, "attaxx", [b])
        await service.challenges.accept(made.challenge.id, b)
        await service.play.resign(5000 + i, b)
    first, total = await service.records.leaderboard(GUILD, "attaxx", page=1)
    third, _ = await service.records.leaderboard(GUILD, "attaxx", page=3)
    assert total == 24 and len(first) == 10 and len(third) == 4
    assert [s.rank for s in third] == [21, 22, 23, 24]
    assert all(s.wins == 1 for s in first) and all(s.losses == 1 for s in third)
