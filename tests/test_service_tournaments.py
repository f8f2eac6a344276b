"""Tournaments through the service on real databases (SQLite and PostgreSQL): sign-up and its refusals,
Swiss and round robin rounds paired once every game has ended, byes, late joins, withdrawals, no-shows,
tables of more than two, and standings recomputed from the results."""
from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

from bot.errors import NotAllowed
from bot.models import Player
from bot.service import MatchService
from bot.tournaments.record import NewsKind, Tournament, TournamentStatus
from tests.conftest import GUILD

CHANNEL = 7000
PEOPLE = [Player(200 + k, name) for k, name in enumerate(["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"])]
ORGANISER = PEOPLE[0]


async def new(service: MatchService, entrants: int, **settings) -> Tournament:
    tournament = await service.tournaments.create(GUILD, CHANNEL, ORGANISER, settings.pop("game", "attaxx"), **settings)
    for person in PEOPLE[:entrants]:
        tournament = await service.tournaments.join(tournament.id, person)
    return tournament


async def open_round(service: MatchService, tournament: Tournament) -> Tournament:
    """Take the round's news as an adapter does and open each game in a channel of its own."""
    news = await service.rounds.news_due()
    rounds = [n for n in news if n.kind == NewsKind.ROUND and n.tournament.id == tournament.id]
    assert len(rounds) == 1, "each round is announced once"
    for table in rounds[0].tournament.round_tables(rounds[0].round):
        if not table.bye and table.points is None:
            change = await service.rounds.open_game(tournament.id, table.round, table.board, 100_000 + 100 * table.round
                                                    + table.board)
            assert change is not None and change.match.tournament_round == table.round
            again = await service.rounds.open_game(tournament.id, table.round, table.board, 99)
            assert again is None, "a game is opened once"
    for n in news:
        await service.rounds.news_done(n.id)
    return await service.tournaments.get(tournament.id)


async def finish_round(service: MatchService, tournament: Tournament, rng: random.Random) -> None:
    """End every game of the round: a resignation by a random seat, or (two players) a draw agreed."""
    for table in tournament.round_tables(tournament.round):
        if table.match_id is None:
            continue
        match = await service.get_match(table.match_id)
        if match.status != "active":
            continue
        people = [p for p in match.seats if not p.is_computer]
        if len(match.seats) == 2 and len(people) == 2 and rng.random() < 0.3:
            await service.play.draw(match.channel_id, people[0])
            await service.play.draw(match.channel_id, people[1])
            continue
        while match.status == "active":
            if match.computer_to_move:
                moved = await service.play.computer_move(match.id)
                assert moved is not None, "nothing else is thinking for the computer"
                match = moved.match
                continue
            quitter = rng.choice([p for seat, p in enumerate(match.seats)
                                  if not p.is_computer and match.stand_in(seat) is None])
            match = (await service.play.resign(match.channel_id, quitter)).match


async def play_out(service: MatchService, tournament: Tournament, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    tournament = await open_round(service, tournament)
    while tournament.status == TournamentStatus.RUNNING:
        await finish_round(service, tournament, rng)
        await service.rounds.advance_due()
        tournament = await service.tournaments.get(tournament.id)
        if tournament.status == TournamentStatus.RUNNING:
            tournament = await open_round(service, tournament)
    return tournament


def pairs_met(tournament: Tournament) -> Counter:
    return Counter(frozenset(t.seats) for t in tournament.tables if len(t.seats) == 2)


async def recomputed_points(service: MatchService, tournament: Tournament) -> dict[int, Fraction]:
    """Each entrant's points from the matches' results alone (winner 1, draw ½ each), plus byes."""
    points: dict[int, Fraction] = {e.id: Fraction(0) for e in tournament.entrants}
    for table in tournament.tables:
        if table.match_id is None:
            assert table.points is not None, "a bye is scored when it is made"
            for player_id, got in zip(table.seats, table.points):
                points[player_id] += got
            continue
        match = await service.get_match(table.match_id)
        assert match.outcome is not None, "every game of a finished tournament is over"
        first = match.outcome.places[0]
        for seat, person in enumerate(match.seats):
            points[person.id] += Fraction(1, len(first)) if seat in first else 0
    return points


async def test_a_swiss_of_five_is_paired_fairly_and_scored_from_its_results(service):
    tournament = await new(service, 5, rounds=3)
    with pytest.raises(NotAllowed, match="already in"):
        await service.tournaments.join(tournament.id, PEOPLE[1])
    with pytest.raises(NotAllowed, match="not in this tournament"):
        await service.tournaments.leave(tournament.id, PEOPLE[6])
    with pytest.raises(NotAllowed, match="organises"):
        await service.tournaments.start(tournament.id, PEOPLE[2])
    assert [e.name for e in tournament.entrants] == ["ann", "ben", "cat", "dan", "eve"]

    started = await service.tournaments.start(tournament.id, ORGANISER)
    assert started.status == TournamentStatus.RUNNING and started.round == 1 and started.planned_rounds == 3
    with pytest.raises(NotAllowed, match="already begun"):
        await service.tournaments.start(tournament.id, ORGANISER)
    assert not await service.rounds.advance(tournament.id), "a round still being played is not paired again"

    final = await play_out(service, started)
    assert final.status == TournamentStatus.FINISHED and final.round == 3
    assert all(n == 1 for n in pairs_met(final).values()), "nobody meets the same opponent twice"
    byes = [t.seats[0] for t in final.tables if t.bye]
    assert len(byes) == 3 and len(set(byes)) == 3, "one bye a round, never twice to the same player"
    for entrant in final.entrants:
        firsts = sum(1 for t in final.tables if len(t.seats) == 2 and t.seats[0] == entrant.id)
        seconds = sum(1 for t in final.tables if len(t.seats) == 2 and t.seats[1] == entrant.id)
        assert abs(firsts - seconds) <= 2
    rows = final.standings()
    assert {r.entrant.id: r.points for r in rows} == await recomputed_points(service, final)
    assert sum(r.points for r in rows) == 3 * 2 + 3, "two games and a bye a round"
    assert [r.place for r in rows] == sorted(r.place for r in rows)

    news = await service.rounds.news_due()
    assert [(n.kind, n.tournament.id) for n in news] == [(NewsKind.FINAL, final.id)]
    await service.rounds.news_done(news[0].id)
    assert await service.rounds.news_due() == [], "the final standings are posted once"


async def test_a_double_round_robin_meets_each_pair_twice_with_the_seats_swapped(service):
    tournament = await new(service, 3, format="double")
    final = await play_out(service, await service.tournaments.start(tournament.id, ORGANISER))
    assert final.status == TournamentStatus.FINISHED and final.round == 6
    games = [t.seats for t in final.tables if len(t.seats) == 2]
    assert len(games) == 6 and all(n == 2 for n in Counter(frozenset(g) for g in games).values())
    assert set(games) == {(a.id, b.id) for a, b in itertools.permutations(final.entrants, 2)}, "seats swapped"
    assert Counter(t.seats[0] for t in final.tables if t.bye) == {e.id: 2 for e in final.entrants}


async def test_multiplications_is_played_in_tables_scored_by_place(service):
    tournament = await new(service, 5, game="permutation", players=3, rounds=2)
    started = await service.tournaments.start(tournament.id, ORGANISER)
    assert sorted(len(t.seats) for t in started.round_tables(1)) == [2, 3]
    final = await play_out(service, started)
    assert final.status == TournamentStatus.FINISHED
    for table in final.tables:
        assert sum(table.points) == Fraction(len(table.seats), 2), "a table's place points add up to n/2"
        if len(table.seats) == 3:
            assert sorted(table.points) in ([0, Fraction(1, 2), 1], [Fraction(1, 4), Fraction(1, 4), 1],
                                            [0, Fraction(3, 4), Fraction(3, 4)])


async def test_late_joiners_get_half_point_byes_until_half_the_rounds_have_begun(service):
    tournament = await new(service, 4, rounds=4)
    started = await open_round(service, await service.tournaments.start(tournament.id, ORGANISER))
    late = await service.tournaments.join(started.id, PEOPLE[5])
    me = late.entrant(PEOPLE[5].id)
    assert me.joined == 2
    [bye] = [t for t in late.tables if PEOPLE[5].id in t.seats]
    assert bye.round == 1 and bye.points == (Fraction(1, 2),) and not bye.played
    await finish_round(service, late, random.Random(3))
    await service.rounds.advance_due()
    second = await service.tournaments.get(started.id)
    assert second.round == 2 and second.table_of(PEOPLE[5].id) is not None
    with pytest.raises(NotAllowed, match="half its rounds"):
        await service.tournaments.join(started.id, PEOPLE[6])


async def test_withdrawing_resigns_or_plays_on_and_leaves_the_next_rounds(service):
    tournament = await new(service, 4, rounds=3)
    started = await open_round(service, await service.tournaments.start(tournament.id, ORGANISER))
    resigner, stayer = started.round_tables(1)[0].seats[0], started.round_tables(1)[1].seats[0]
    out = await service.tournaments.leave(started.id, next(p for p in PEOPLE if p.id == resigner), resign=True)
    assert out.resigned is not None and out.resigned.match.status == "finished"
    goes_on = await service.tournaments.leave(started.id, next(p for p in PEOPLE if p.id == stayer))
    assert goes_on.playing is not None and goes_on.playing.status == "active"
    await finish_round(service, goes_on.tournament, random.Random(4))
    await service.rounds.advance_due()
    second = await service.tournaments.get(started.id)
    assert second.round == 2
    assert second.table_of(resigner) is None and second.table_of(stayer) is None
    back = await service.tournaments.join(started.id, next(p for p in PEOPLE if p.id == stayer))
    assert back.entrant(stayer).withdrawn is None


async def test_a_no_show_who_runs_out_of_time_is_withdrawn(service, clock):
    tournament = await new(service, 4, rounds=3, turn_seconds=3600)
    started = await open_round(service, await service.tournaments.start(tournament.id, ORGANISER))
    first, second = started.round_tables(1)
    other = await service.get_match(second.match_id)
    await service.play.resign(other.channel_id, other.seats[0])
    clock.advance(3601)  # the first table's first player never moves
    await service.clocks.expire_due()
    await service.rounds.advance_due()
    after = await service.tournaments.get(started.id)
    assert after.round == 2
    assert after.entrant(first.seats[0]).withdrawn == 2 and after.table_of(first.seats[0]) is None
    assert after.entrant(first.seats[1]).withdrawn is None, "only the one who never moved"


async def test_an_unrated_tournament_leaves_ratings_alone_and_a_computer_plays_its_games(service):
    tournament = await new(service, 2, rounds=1, rated=False)
    tournament = await service.tournaments.add_computer(tournament.id, ORGANISER, "easy")
    with pytest.raises(NotAllowed, match="organises"):
        await service.tournaments.add_computer(tournament.id, PEOPLE[1], "hard")
    final = await play_out(service, await service.tournaments.start(tournament.id, ORGANISER))
    assert final.status == TournamentStatus.FINISHED
    board, total = await service.records.leaderboard(GUILD, "attaxx")
    assert total == 0 and board == []


async def test_a_start_time_begins_it_or_calls_it_off(service, clock):
    soon = await service.tournaments.create(GUILD, CHANNEL, ORGANISER, "attaxx", starts_at=clock() + 600)
    for person in PEOPLE[:3]:
        await service.tournaments.join(soon.id, person)
    alone = await service.tournaments.create(GUILD, CHANNEL + 1, ORGANISER, "attaxx", starts_at=clock() + 600)
    await service.tournaments.join(alone.id, PEOPLE[0])
    assert await service.rounds.advance_due() == []
    assert await service.clocks.next_deadline() <= clock() + 600
    clock.advance(601)
    assert sorted(await service.rounds.advance_due()) == sorted([soon.id, alone.id])
    assert (await service.tournaments.get(soon.id)).status == TournamentStatus.RUNNING
    assert (await service.tournaments.get(alone.id)).status == TournamentStatus.CANCELLED


async def test_two_processes_pair_a_round_once(store, clock, service):
    tournament = await new(service, 4, rounds=2)
    started = await open_round(service, await service.tournaments.start(tournament.id, ORGANISER))
    await finish_round(service, started, random.Random(5))
    other = MatchService(store, clock=clock, notes=False, computers=service.computers)
    await asyncio.gather(service.rounds.advance_due(), other.rounds.advance_due(), service.rounds.advance(started.id))
    after = await service.tournaments.get(started.id)
    assert after.round == 2 and len(after.round_tables(2)) == 2
    [due] = await other.rounds.news_due()
    async with service.rounds.taking(due) as mine:
        assert mine is not None and mine.round == 2
        async with other.rounds.taking(due) as theirs:
            assert theirs is None, "news is held by one process at a time"
        await service.rounds.news_done(mine.id)
    async with other.rounds.taking(due) as late:
        assert late is None, "news posted is not taken again"


async def test_a_tournament_game_cannot_be_abandoned(service):
    tournament = await new(service, 2, rounds=1)
    started = await open_round(service, await service.tournaments.start(tournament.id, ORGANISER))
    [table] = started.round_tables(1)
    player = next(p for p in PEOPLE if p.id == table.seats[0])
    with pytest.raises(NotAllowed, match="cannot be abandoned"):
        await service.play.abandon(table.match_id, player)
    assert (await service.get_match(table.match_id)).status == "active"


async def test_a_pairing_that_fails_for_want_of_workers_is_tried_again_not_the_end(service, clock, monkeypatch):
    tournament = await new(service, 4, rounds=2)
    started = await open_round(service, await service.tournaments.start(tournament.id, ORGANISER))
    await finish_round(service, started, random.Random(6))
    real = service.context.computers.run

    async def broken(*args, **kwargs):
        raise RuntimeError("the worker processes could not start")

    monkeypatch.setattr(service.context.computers, "run", broken)
    assert await service.rounds.advance_due() == []
    after = await service.tournaments.get(started.id)
    assert after.status == TournamentStatus.RUNNING and after.round == 1, "not ended by a failure of ours"
    assert await service.clocks.next_deadline() == clock() + 60
    monkeypatch.setattr(service.context.computers, "run", real)
    clock.advance(60)
    assert await service.rounds.advance_due() == [started.id]
    assert (await service.tournaments.get(started.id)).round == 2


async def test_the_standings_title_names_the_game_once(service):
    from bot.tournament_pictures import sheet_title

    plain = await service.tournaments.create(GUILD, CHANNEL, ORGANISER, "attaxx")
    named = await service.tournaments.create(GUILD, CHANNEL + 1, ORGANISER, "attaxx", name="Spring cup")
    assert (sheet_title(plain), sheet_title(named)) == ("Attaxx Swiss", "Spring cup · Attaxx")


async def test_a_tournament_called_off_wakes_the_timer_loop_for_its_news(service):
    tournament = await new(service, 3)
    service.context.deadlines_changed.clear()
    called_off = await service.tournaments.cancel(tournament.id, ORGANISER)
    assert called_off.status == TournamentStatus.CANCELLED
    assert service.context.deadlines_changed.is_set(), "its news would wait for whatever woke the loop next"
    assert [news.kind for news in await service.rounds.news_due()] == [NewsKind.CANCELLED]
