"""Matches of more than two players through the service, on a real SQLite file: named and open seats,
starting early, turn order, a full game, time-outs and resignations, ratings and the leaderboard."""
from __future__ import annotations

import random

import pytest

from bot.errors import NotAllowed
from bot.models import ChallengeChange, MatchChange, Player
from games import GAMES
from rules import BadOptions
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, play_random

DAVE, ERIN, FRANK, GRACE = Player(4, "dave"), Player(5, "erin"), Player(6, "frank"), Player(7, "grace")
PERMUTATION = GAMES["permutation"]


async def test_three_players_named_and_joined_play_a_full_game(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB], players=3)).challenge
    assert challenge.players == 3 and challenge.free_seats == 1 and challenge.waiting_for == (BOB,)
    assert challenge.may_start_early and not challenge.can_start
    change = await service.challenges.accept(challenge.id, CAROL)
    assert isinstance(change, ChallengeChange)
    joined = change.challenge
    assert joined.free_seats == 0 and joined.accepted == (ALICE, CAROL)
    with pytest.raises(NotAllowed, match="full"):
        await service.challenges.accept(challenge.id, DAVE)
    started = await service.challenges.accept(challenge.id, BOB)
    assert isinstance(started, MatchChange)
    match = started.match
    assert match.names == ["alice", "bob", "carol"], "named players sit first"
    assert match.state.n == 10 and match.to_move == ALICE

    with pytest.raises(NotAllowed, match="two-player"):
        await service.play.draw(CHANNEL, BOB)
    seen = []
    rng = random.Random(5)
    while match.status == "active":
        seen.append(match.to_move.name)
        match = await play_random(service, match, rng, moves=1)
    assert seen == ["alice", "bob", "carol"] * 3 + ["alice"] + ["alice", "bob", "carol"] * 3
    assert len(match.moves) == 19

    replayed = PERMUTATION.start(3, {"k": 3})
    for move in match.moves:
        replayed = replayed.play(move)
    assert match.outcome == replayed.outcome and match.outcome.reason_text() == "all 10 numbers written"
    scores = match.outcome.scores
    assert [sorted(scores[s] for s in group) for group in match.outcome.places] == sorted(
        ([v] * scores.count(v) for v in set(scores)), reverse=True)

    change = {c.player.name: c.delta for c in match.ratings}
    best, worst = min(match.outcome.places[0]), min(match.outcome.places[-1])
    assert change[match.seats[best].name] > 0 > change[match.seats[worst].name]
    board, total = await service.records.leaderboard(GUILD, "permutation")
    assert total == 3 and board[0].player == match.seats[best] and board[-1].player == match.seats[worst]
    records = {s.player.name: (s.wins, s.losses, s.draws) for s in board}
    assert len(match.outcome.places[0]) == 1, "this game has one winner"
    assert [records[p.name] for p in match.seats] == [
        (1, 0, 0) if seat == best else (0, 1, 0) for seat in range(3)]


async def test_six_players_fill_an_open_challenge_and_one_times_out(service, clock):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation")).challenge
    assert challenge.players == 6 and challenge.free_seats == 5, "an open challenge seats as many as the game allows"
    for joiner in (BOB, CAROL, DAVE, ERIN):
        joined = await service.challenges.accept(challenge.id, joiner)
        assert isinstance(joined, ChallengeChange) and joined.challenge.can_start
    started = await service.challenges.accept(challenge.id, FRANK)
    assert isinstance(started, MatchChange)
    match = started.match
    assert match.names == ["alice", "bob", "carol", "dave", "erin", "frank"]
    assert match.state.n == 19 and match.state.to_move == 0

    match = await play_random(service, match, random.Random(2), moves=19 + 8)  # 8 numbers into the numbering
    assert match.status == "active" and match.state.placing is False
    late = match.to_move
    clock.advance(24 * 3600 + 1)
    expired = await service.clocks.expire_due()
    [left] = [change.match for change in expired.matches]
    loser = left.seat_of(late.id)
    assert left.status == "active" and left.stand_in(loser) == "medium" and left.to_move.name == "Computer (medium)"
    ended = await play_random(service, left, random.Random(3))  # the others play on; the computer plays for late
    scores = ended.state.scores
    assert ended.status == "finished" and ended.outcome.reason_text() == "all 19 numbers written"
    assert ended.outcome.places[-1] == frozenset({loser}), "the player who ran out of time places last"
    ranked = [s for group in ended.outcome.places[:-1] for s in sorted(group)]
    assert [scores[s] for s in ranked] == sorted((scores[s] for s in range(6) if s != loser), reverse=True)
    assert ended.outcome.scores == scores and len(ended.ratings) == 6
    board, total = await service.records.leaderboard(GUILD, "permutation")
    assert total == 6 and board[-1].player == late and board[-1].losses == 1


async def test_challenger_starts_early_with_the_players_seated(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", options={"k": 4})).challenge
    with pytest.raises(NotAllowed, match="at least 2 players"):
        await service.challenges.start_now(challenge.id, ALICE)
    await service.challenges.accept(challenge.id, BOB)
    await service.challenges.accept(challenge.id, DAVE)
    left = (await service.challenges.decline(challenge.id, DAVE)).challenge  # a player who joined may leave again
    assert left.status == "open" and left.accepted == (ALICE, BOB)
    await service.challenges.accept(challenge.id, CAROL)
    with pytest.raises(NotAllowed, match="Only alice"):
        await service.challenges.start_now(challenge.id, BOB)
    match = (await service.challenges.start_now(challenge.id, ALICE)).match
    assert match.names == ["alice", "bob", "carol"] and match.state.n == 13, "n = k·3 + 1 from the real count"
    closed = await service.context.get_challenge(challenge.id)
    assert closed.status == "accepted"
    with pytest.raises(NotAllowed, match="accepted and is closed"):
        await service.challenges.start_now(challenge.id, ALICE)


async def test_everybody_named_must_accept_before_an_early_start(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL], players=5)).challenge
    await service.challenges.accept(challenge.id, DAVE)
    await service.challenges.accept(challenge.id, BOB)
    with pytest.raises(NotAllowed, match="waiting for carol"):
        await service.challenges.start_now(challenge.id, ALICE)
    await service.challenges.accept(challenge.id, CAROL)
    match = (await service.challenges.start_now(challenge.id, ALICE)).match
    assert match.names == ["alice", "bob", "carol", "dave"] and match.state.n == 13


async def test_resigning_hands_the_seat_to_a_computer_and_places_last(service):
    challenge = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL, DAVE])).challenge
    for player in (BOB, CAROL, DAVE):
        accepted = await service.challenges.accept(challenge.id, player)
    assert isinstance(accepted, MatchChange)
    match = accepted.match
    assert match.state.n == 13
    match = await play_random(service, match, random.Random(1), moves=3)  # still placing: nobody has points
    left = (await service.play.resign(CHANNEL, CAROL)).match
    assert left.status == "active" and left.names[2] == "Computer for carol" and left.people == [ALICE, BOB, DAVE]
    ended = await play_random(service, left, random.Random(4))
    assert ended.outcome.places[-1] == frozenset({2}), "carol placed last, whatever the computer scored for her"
    assert {c.player.name for c in ended.ratings} == {"alice", "bob", "carol", "dave"}
    board, _ = await service.records.leaderboard(GUILD, "permutation")
    assert {s.player.name: s.losses for s in board}["carol"] == 1


async def test_options_are_checked_against_the_player_count(service):
    with pytest.raises(BadOptions, match="with 5 players k can be at most 4"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL, DAVE, ERIN], {"k": 5})
    with pytest.raises(NotAllowed, match="2 seats, but you named 3"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL], players=2)
    with pytest.raises(BadOptions, match="played by 2 to 6 players, not 7"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL, DAVE, ERIN, FRANK, GRACE])
    wide = (await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", options={"k": 8})).challenge
    assert wide.players == 3, "k = 8 fits 25×25 with at most 3 players"


async def test_the_challengers_side_holds_whoever_joins_and_a_rematch_turns_every_seat(service):
    """alice sits second in a game of four: bob, whom she named, takes the first seat, and those who
    join the open ones after them, in the order they joined; the rematch moves everyone one seat on."""
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB], players=4, side="second",
                                              options={"k": 3})
    assert isinstance(made, ChallengeChange)
    challenge = made.challenge
    assert challenge.challenger_seat == 1
    await service.challenges.accept(challenge.id, CAROL)  # joins the open seats
    await service.challenges.accept(challenge.id, DAVE)
    started = await service.challenges.accept(challenge.id, BOB)  # named, accepts last
    assert isinstance(started, MatchChange)
    match = started.match
    assert match.seats == (BOB, ALICE, CAROL, DAVE)
    for player in (BOB, ALICE, CAROL, DAVE):
        match = (await service.play.resign(CHANNEL, player)).match
    again = await service.challenges.rematch(match.id, CAROL)
    assert isinstance(again, ChallengeChange) and again.challenge.challenger_seat == 1
    for player in (BOB, ALICE, DAVE):
        again = await service.challenges.accept(again.record.id, player)
    assert isinstance(again, MatchChange) and again.match.seats == (ALICE, CAROL, DAVE, BOB)


async def test_a_side_that_does_not_exist_is_refused(service):
    with pytest.raises(NotAllowed, match="There is no side 'middle': choose random, first, second"):
        await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB], side="middle")
