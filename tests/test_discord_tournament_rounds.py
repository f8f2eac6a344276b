"""Tournaments' rounds in Discord beyond the plain Swiss: a double round robin and its crosstable, games
of three (Multiplications) scored by place, a late entrant's half-point bye, players withdrawing (with
their game resigned, or played out), a computer entrant, an unrated tournament, and a no-show withdrawn
after running out of time."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from bot.models import MatchStatus
from tests.support.catalogs import forget, ship
from tests.support.inprocess import CHANNEL, GUILD, BotUsers
from tests.support.standin import Message
from tests.support.users import User
from tests.test_discord_tournaments import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    ERIN,
    EVERYONE,
    FRANK,
    current,
    description,
    end_game,
    labels,
    posted,
    round_games,
    signed_up,
    signup_shows,
    swept,
    tournament,
)


async def started(env: BotUsers, tid: int) -> None:
    begun = await (await tournament(env, ALICE, CHANNEL, "start")).reply()
    assert not begun.ephemeral, begun.content


async def to_move(env: BotUsers, thread: int) -> User:
    mover = (await env.client.service.current(thread)).to_move
    assert mover is not None and not mover.is_computer
    return EVERYONE[mover.id]


async def resign_all(env: BotUsers, tid: int, thread: int) -> None:
    """Everyone at the game of `thread` makes a move (one who leaves a game of more than two without a
    move is a no-show), then every person resigns, the last one ending it."""
    match = await env.client.service.current(thread)
    for _seat in match.seats:
        mover = await to_move(env, thread)
        [move, *_rest] = await env.autocomplete(mover, thread, "move", "notation", "")
        played = await (await env.command(mover, thread, "move", notation=move)).reply()
        assert not played.ephemeral, played.content
    match = await env.client.service.current(thread)
    for seat, player in enumerate(match.seats):
        if player.is_computer or match.stand_in(seat) is not None:
            continue
        await (await env.command(EVERYONE[player.id], thread, "resign")).reply()
    assert (await env.client.service.latest(thread)).status == MatchStatus.FINISHED
    await swept(env)


async def test_a_double_round_robin_of_three_meets_each_pair_twice_with_the_seats_swapped(env):
    post, tid = await signed_up(env, "attaxx", [BOB, CAROL, DAVE], format="double", turn_time=300, max_players=3)
    assert "double round robin · 6 rounds" in description(post) and "**Entrants (3/3)**" in description(post)
    full = await (await env.press(FRANK, post, "Join")).reply()
    assert full.ephemeral and "full" in full.content
    await started(env, tid)
    await signup_shows(env, post, "Round 1 of 6 under way")
    assert labels(env.standin.messages[post.id]) == ["Leave"], "a round robin takes nobody once begun"
    begun = await (await tournament(env, FRANK, CHANNEL, "join")).reply()
    assert begun.ephemeral and "has begun" in begun.content
    for round in range(1, 7):
        [(thread, start)] = await round_games(env, tid, round)
        announced = await posted(env, f"Round {round} of 6")
        assert "has a bye (1 point)" in announced.content
        if round == 2:
            table = await (await tournament(env, ERIN, CHANNEL, "standings")).reply()
            assert [e["title"] for e in table.embeds] == ["Standings during round 2 of 6", "Crosstable"]
        await end_game(env, thread, start, "draw" if round == 3 else "resign")
    final = await posted(env, "is over after 6 rounds")
    titles = [e["title"] for e in final.embeds]
    assert titles == ["Final standings", "Crosstable"]
    cross = final.embeds[1]["description"]
    assert cross.startswith("```") and "×" in cross and all(u.name in cross for u in (BOB, CAROL, DAVE))
    assert "crosstable of the 3 entrants" in final.descriptions[f"standings-{tid}-6.png"]
    done = await current(env, tid)
    seatings = Counter(t.seats for t in done.tables if len(t.seats) == 2)
    assert len(seatings) == 6 and set(seatings.values()) == {1}, "each pair twice, once each way round"
    assert all((b, a) in seatings for a, b in seatings)
    byes = Counter(t.seats[0] for t in done.tables if t.bye)
    assert set(byes.values()) == {2}, "a bye each round, twice each"


async def test_multiplications_in_tables_of_three_and_two_scored_by_place(env):
    post, tid = await signed_up(env, "permutation", [ALICE, BOB, CAROL, DAVE, ERIN], players=3, rounds=2,
                                turn_time=300)
    assert "Tables of 3 players" in description(post)
    await started(env, tid)
    games = await round_games(env, tid, 1)
    state = await current(env, tid)
    assert sorted(len(t.seats) for t in state.round_tables(1)) == [2, 3], "five in a table of three and one of two"
    for thread, start in games:
        assert len(set(start.mentions)) == len((await env.client.service.current(thread)).seats), "everyone pinged"
    for thread, _start in games:
        await resign_all(env, tid, thread)
    announced = await posted(env, "Round 2 of 2")
    assert announced.content.count(" – ") == 3, "five again: a table of three and one of two"
    standings = announced.embeds[0]["description"].splitlines()
    assert sorted(line.split()[2] for line in standings[2:-1]) == ["0", "0", "1", "1", "½"], \
        "1, ½ and 0 at three; 1 and 0 at two"
    for thread, _start in await round_games(env, tid, 2):
        await resign_all(env, tid, thread)
    final = await posted(env, "is over after 2 rounds")
    assert len(final.files) == 2


async def test_a_late_entrant_a_computer_and_an_unrated_tournament(env):
    post, tid = await signed_up(env, "attaxx", [BOB, CAROL, DAVE], rounds=3, turn_time=300, rated=False)
    assert "Unrated" in description(post)
    added = await (await tournament(env, ALICE, CHANNEL, "computer", level="easy")).reply()
    assert added.ephemeral and "Computer (easy)" in added.content
    await signup_shows(env, post, "Computer (easy) (1500)")
    refused = await (await tournament(env, BOB, CHANNEL, "computer", level="hard")).reply()
    assert refused.ephemeral and "Only alice" in refused.content
    await started(env, tid)
    games = await round_games(env, tid, 1)
    signup = await signup_shows(env, post, "Round 1 of 3 under way")
    assert labels(signup) == ["Join", "Leave"]

    late = await (await env.press(ERIN, signup, "Join")).updated()
    assert "5. erin" in description(late)
    [(robot_thread, _)] = [(t, s) for t, s in games if "Computer (easy)" in env.standin.threads[t]["name"]]
    match = await env.client.service.current(robot_thread)
    person = EVERYONE[next(p.id for p in match.seats if not p.is_computer)]
    if match.to_move is not None and not match.to_move.is_computer:
        [move, *_] = await env.autocomplete(person, robot_thread, "move", "notation", "")
        await (await env.command(person, robot_thread, "move", notation=move)).reply()
    await env.standin.wait_for(lambda: next((m for m in env.standin.channel(robot_thread)
                                             if m.content.startswith("**Computer (easy)") and "played" in m.content), None))
    for thread, _start in games:
        ended = await (await env.command(person if thread == robot_thread else
                                         EVERYONE[(await env.client.service.current(thread)).seats[0].id],
                                         thread, "resign")).reply()
        assert "Ratings:" not in ended.content, "an unrated game moves no rating"
        await swept(env)
    announced = await posted(env, "Round 2 of 3")
    assert "erin" in announced.content, "the late entrant is paired from the next round"
    assert any(line.split()[1:3] == ["erin", "½"] for line in announced.embeds[0]["description"].splitlines()), \
        "half a point for the round missed"
    assert await env.client.service.stats(GUILD, BOB.id) == [], "no rating made"


async def test_players_withdraw_resigning_their_game_or_playing_it_out(env):
    post, tid = await signed_up(env, "attaxx", [BOB, CAROL, DAVE, ERIN], rounds=3, turn_time=300)
    await started(env, tid)
    (first, first_start), (second, second_start) = await round_games(env, tid, 1)
    quitter = EVERYONE[(await env.client.service.current(first)).seats[0].id]
    keeper = EVERYONE[(await env.client.service.current(second)).seats[0].id]

    resigned = await (await tournament(env, quitter, CHANNEL, "leave", resign=True)).reply()
    assert resigned.ephemeral and "You withdrew" in resigned.content and "resigned your game" in resigned.content
    shown = await posted(env, f"{quitter.name} resigned", first)
    assert shown.files and (await env.client.service.latest(first)).status == MatchStatus.FINISHED

    asked = await (await env.press(keeper, env.standin.messages[post.id], "Leave")).reply()
    assert asked.ephemeral and labels(asked) == ["Keep playing this game", "Resign it"] and f"<#{second}>" in asked.content
    kept = await (await env.press(keeper, asked, "Keep playing this game")).updated()
    assert f"goes on: play it out in <#{second}>" in kept.content and kept.buttons == []
    assert (await env.client.service.current(second)).status == MatchStatus.ACTIVE, "the game goes on"
    await signup_shows(env, post, f"~~{quitter.name}~~", f"~~{keeper.name}~~")
    stranger = await (await tournament(env, FRANK, CHANNEL, "leave")).reply()
    assert stranger.ephemeral and "not in this tournament" in stranger.content

    other = next(EVERYONE[p.id] for p in (await env.client.service.current(second)).seats if p.id != keeper.id)
    await (await env.command(other, second, "resign")).reply()
    await swept(env)
    announced = await posted(env, "Round 2 of 3")
    assert quitter.name not in announced.content and keeper.name not in announced.content
    [(thread, start)] = await round_games(env, tid, 2)
    assert {EVERYONE[m] for m in start.mentions} == {u for u in (BOB, CAROL, DAVE, ERIN) if u not in (quitter, keeper)}


async def test_a_player_who_never_moves_runs_out_of_time_and_is_withdrawn(env):
    post, tid = await signed_up(env, "attaxx", [BOB, CAROL, DAVE, ERIN], rounds=2, turn_time=300)
    await started(env, tid)
    (idle, idle_start), (other, other_start) = await round_games(env, tid, 1)
    await end_game(env, other, other_start, "resign")
    absent = await to_move(env, idle)
    await env.settled()
    env.clock.advance(301)
    await env.client.scheduler.sweep()
    timeout: Message = await posted(env, "⏰", idle)
    assert f"{absent.name} resigned" not in timeout.content and "time" in timeout.content
    await swept(env)
    announced = await posted(env, "Round 2 of 2")
    assert absent.name not in announced.content, "withdrawn from the rounds to come"
    await signup_shows(env, post, f"~~{absent.name}~~")


FRENCH = {
    "{game} Swiss": "{game} suisse",
    "Join": "Rejoindre",
    "🏆 **{tournament}** — Round {round} of {rounds}": "🏆 **{tournament}** — ronde {round} sur {rounds}",
    "You are not in this tournament.": "Vous ne jouez pas dans ce tournoi.",
}


async def test_the_channel_reads_the_servers_language_and_a_member_their_own(env, tmp_path, monkeypatch):
    ship(monkeypatch, tmp_path / "locales", {"fr": FRENCH})
    try:
        env.guild_locale = "fr"
        post = await (await tournament(env, ALICE, CHANNEL, "create", "attaxx")).reply()
        assert post.embeds[0]["title"] == "🏆 Attaxx suisse" and labels(post) == ["Rejoindre", "Leave"]
        for person in (BOB, CAROL):
            await (await env.press(person, post, "Rejoindre")).updated()
        tid = (await env.client.service.tournaments.here(CHANNEL)).id
        english = await (await env.press(DAVE, post, "Leave")).reply()
        assert english.content == "⚠️ You are not in this tournament."
        french = await (await env.press(replace(DAVE, locale="fr"), post, "Leave")).reply()
        assert french.content == "⚠️ Vous ne jouez pas dans ce tournoi."
        await started(env, tid)
        await posted(env, "🏆 **Attaxx suisse** — ronde 1 sur 1")
        [thread] = await env.standin.wait_for(lambda: list(env.standin.threads))
        assert env.standin.threads[thread]["name"].startswith("Attaxx suisse · R1 · ")
        await env.settled()
    finally:
        forget()
