"""A tournament's game whose thread Discord no longer has (deleted by a moderator) does not hold up its
round: its first board cannot be posted, the turn timer runs out as in any match, and the round ends,
the player who never moved withdrawn as a no-show. A game's first board that Discord lost is posted later
by the timers, still naming its tournament and round."""
from __future__ import annotations

from bot.tournaments.record import TournamentStatus
from tests.support.inprocess import CHANNEL
from tests.test_discord_tournaments import ALICE, BOB, current, posted, signed_up, swept


async def test_a_game_in_a_deleted_thread_ends_on_time_and_the_tournament_goes_on(env):
    _post, tid = await signed_up(env, "attaxx", [ALICE, BOB], rounds=1, turn_time=300)
    # the round's post (no picture in round 1) goes through; the game's thread is gone by its first board
    thread_gone = env.standin.refuse("channel_post", 10003, uploads=True)
    await (await env.command(ALICE, CHANNEL, "tournament", "start")).reply()
    await posted(env, "Round 1 of 1")
    await env.standin.wait_for(lambda: thread_gone.hits == 1 or None)
    await env.settled()
    [table] = (await current(env, tid)).round_tables(1)
    match = await env.client.service.get_match(table.match_id)
    assert match.status == "active" and match.board_message is None, "its first board never reached the thread"

    env.clock.advance(301)  # nobody can play there: the turn runs out
    await swept(env)
    await swept(env)
    over = await current(env, tid)
    assert over.status == TournamentStatus.FINISHED
    [row_first, row_second] = over.standings()
    assert (row_first.points, row_second.points) == (1, 0)
    final = await posted(env, "is over after 1 round")
    assert final.files
    mover = match.seats[0]
    assert over.entrant(mover.id).withdrawn == 2, "the player who never moved is withdrawn as a no-show"



async def test_a_games_first_board_posted_late_still_names_its_tournament_and_round(env):
    _post, tid = await signed_up(env, "attaxx", [ALICE, BOB], rounds=1, name="Night Swiss")
    dropped = env.standin.inject("channel_post", "drop", uploads=True)  # the game's first board is lost on its way
    await (await env.command(ALICE, CHANNEL, "tournament", "start")).reply()
    await posted(env, "Round 1 of 1")
    await env.standin.wait_for(lambda: dropped.hits == 1 or None)
    [table] = (await current(env, tid)).round_tables(1)
    match = await env.client.service.get_match(table.match_id)
    env.clock.advance(120)  # the start's note falls due: the timers show it
    await swept(env)
    board = await env.standin.wait_for(lambda: next((m for m in env.standin.channel(match.channel_id) if m.files), None))
    assert "🏆 **Night Swiss** · round 1 of 1" in board.content and ALICE.mention in board.content


async def test_standings_asked_for_over_and_over_are_drawn_once(env, monkeypatch):
    _post, tid = await signed_up(env, "attaxx", [ALICE, BOB], rounds=1)
    renders, drawn = env.client.renders, []
    real = renders.run

    async def counted(work, *args):
        drawn.append(work.__name__)
        return await real(work, *args)

    monkeypatch.setattr(renders, "run", counted)
    replies = [await (await env.command(BOB, CHANNEL, "tournament", "standings")).reply() for _ in range(12)]
    assert all(reply.files for reply in replies), "each asker gets the picture"
    assert drawn.count("draw_standings") == 1, "the same standings are drawn once, however often they are asked for"
