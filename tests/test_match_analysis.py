"""A finished match analysed through the service, Discord and the console: every position searched in
the workers by a budget of work (the same values and marks with every core busy), the analysis kept
(asking again answers at once, after a restart too), every move credited to whoever made it, and the
graph, the counts and the mistakes shown."""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import sqlite3
from dataclasses import replace

import pytest

from bot.analysis_report import Hand, graph_args, hands, made_by, mistake_lines, player_lines, report_lines
from bot.computer import seed_for
from bot.db.sqlite import SqliteStore
from bot.discord.analysis_text import analysis_mistakes, analysis_text
from bot.errors import NotAllowed
from bot.models import ChallengeChange, MatchChange
from bot.service import MatchService, repository
from bot.work import Kind
from engines.analysis import SEVERITIES, Judgement, other_seed, questioned
from games import GAMES, evaluate, work_for
from renderers import graph, graph_alt
from tests.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, play_random, start_match
from tests.support.images import decode
from tests.support.inprocess import CHANNEL as BOT_CHANNEL
from tests.support.old_schema import migrated_to
from tests.test_discord import ALICE as ALICE_USER
from tests.test_discord import BOB as BOB_USER
from tests.test_discord import CAROL as CAROL_USER
from tests.test_discord import challenge_accepted


async def finished(service: MatchService, moves: int = 8, game: str = "attaxx"):
    match = await start_match(service, game)
    match = await play_random(service, match, random.Random(4), moves)
    if match.status == "active":
        mover = match.to_move
        assert mover is not None, "an active match has someone to move"
        match = (await service.play.resign(CHANNEL, mover)).match
    return match


async def test_analysed_once_kept_and_read_back_after_a_restart(service, monkeypatch) -> None:
    match = await finished(service)
    seen: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        seen.append((done, total))

    analysed = await service.analyses.analyse(match, progress)
    analysis = analysed.analysis
    assert len(analysis.positions) == len(match.moves) + 1 and analysis.moves == match.moves
    again = questioned(analysis.movers, analysis.moves, analysis.positions)
    first = len(match.moves) + 1  # every position, then those searched again: the total grows once it is known
    assert [d for d, _ in seen] == list(range(1, first + len(again) + 1))
    assert [t for _, t in seen] == [first] * first + [first + len(again)] * len(again)
    assert analysis.movers == tuple(k % 2 for k in range(len(match.moves)))  # attaxx: no passes in 8 moves
    for seat in (0, 1):
        assert set(analysis.counts(seat)) == set(SEVERITIES)

    async def no_search(*args):
        raise AssertionError("a stored analysis is not searched again")
    monkeypatch.setattr(service.computers, "run", no_search)
    assert (await service.analyses.analyse(match)).analysis == analysis
    restarted = MatchService(service.store, notes=False)
    assert (await restarted.analyses.analyse(await restarted.context.get_match(match.id))).analysis == analysis


async def test_the_same_match_asked_twice_at_once_is_searched_once(service, monkeypatch):
    match = await finished(service, 4)
    calls = 0
    run = service.computers.run

    async def counted(*args, **how):
        nonlocal calls
        calls += 1
        return await run(*args, **how)
    monkeypatch.setattr(service.computers, "run", counted)
    first, second = await asyncio.gather(service.analyses.analyse(match), service.analyses.analyse(match))
    analysis = first.analysis
    assert analysis == second.analysis
    assert calls == len(match.moves) + 1 + len(questioned(analysis.movers, analysis.moves, analysis.positions))


async def test_only_finished_matches_of_the_server_are_analysed(service):
    match = await start_match(service)
    await service.play.move(CHANNEL, ALICE, "b6")
    with pytest.raises(NotAllowed, match="still being played"):
        await service.analyses.analysis_target(GUILD, CHANNEL, ALICE.id, match.id)
    with pytest.raises(NotAllowed, match="still being played"):
        await service.analyses.analyse(await service.context.get_match(match.id))
    with pytest.raises(Exception, match="no match #99"):
        await service.analyses.analysis_target(GUILD, CHANNEL, ALICE.id, 99)
    await service.play.resign(CHANNEL, BOB)
    assert (await service.analyses.analysis_target(GUILD, CHANNEL, ALICE.id)).id == match.id


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)  # the store's part is tested above, on both
async def test_every_position_is_searched_by_its_budget_of_work_and_again_with_another_seed(service, monkeypatch):
    match = await finished(service, 8)
    sent = []
    run = service.computers.run

    async def recorded(work, *args, **how):
        sent.append((work, *args))
        assert how["kind"] is Kind.ANALYSIS, "each position takes its turn in the line as an analysis's"
        return await run(work, *args, **how)
    monkeypatch.setattr(service.computers, "run", recorded)
    analysis = (await service.analyses.analyse(match)).analysis
    count = len(match.moves) + 1
    budget = work_for("attaxx", count)
    assert analysis.work == budget and all(work is evaluate for work, *_ in sent)
    first, again = sent[:count], sent[count:]
    assert [(b, seed, played) for _, _, b, seed, played in first] == [
        (budget, seed_for(match.seed, k), match.moves[k] if k < len(match.moves) else None) for k in range(count)]
    asked = questioned(analysis.movers, analysis.moves, analysis.positions)
    assert [state for _, state, *_ in again] == [first[k][1] for k in asked]
    assert [(b, seed) for _, _, b, seed, _ in again] == [
        (budget, other_seed(seed_for(match.seed, k))) for k in asked]
    twice = [k in asked or analysis.positions[k].exact for k in range(count)]  # a proven position is the same again
    assert {c.ply for c in analysis.checks} == {k for k in range(len(match.moves)) if twice[k] and twice[k + 1]
                                                 and analysis.positions[k].best != match.moves[k]
                                                 and not (analysis.positions[k].exact and analysis.positions[k + 1].exact)}


def burn(stop) -> None:
    """Keep a core busy until told to stop."""
    while not stop.is_set():
        sum(range(1000))


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_the_same_match_gets_the_same_values_and_marks_with_every_core_busy(service):
    """Elevation's positions, whose searches took longer than the old time cap on a busy machine: searched
    by their budgets of work alone, they come out the same with a busy loop on every core."""
    match = await finished(service, 1, "elevation")
    idle = (await service.analyses.analyse(match)).analysis
    async with service.store.transaction() as db:
        await db.run("DELETE FROM analyses WHERE match_id = ?", match.id)
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    burners = [context.Process(target=burn, args=(stop,), daemon=True) for _ in range(os.cpu_count() or 2)]
    try:
        for burner in burners:
            burner.start()
        busy = (await service.analyses.analyse(match)).analysis
    finally:
        stop.set()
        for burner in burners:
            burner.join(timeout=30)
            if burner.is_alive():
                burner.terminate()
    assert busy.to_dict() == idle.to_dict()
    assert all(p.best is not None and p.candidates for p in idle.positions if not p.exact)  # no placeholder anywhere


# ------------------------------------------------------------------ through Discord

async def test_analyse_button_shows_progress_then_the_graph_counts_and_mistakes(env):
    await challenge_accepted(env)
    await (await env.command(ALICE_USER, BOT_CHANNEL, "move", notation="b6")).reply()
    await (await env.command(BOB_USER, BOT_CHANNEL, "move", notation="b2")).reply()
    final = await (await env.command(ALICE_USER, BOT_CHANNEL, "resign")).reply()
    assert [b["label"] for b in final.buttons] == ["Rematch", "Replay", "Analyse"]

    answer = await (await env.press(CAROL_USER, final, "Analyse")).reply()
    assert not answer.ephemeral and answer.contents[0].startswith("🔍 Analysing **Attaxx** #")
    assert "of 3 positions searched…" in answer.contents[0]
    await env.standin.wait_for(lambda: answer.files and "analysed by the computer" in answer.content)
    assert "analysed by the computer" in answer.content and "2 moves" in answer.content
    assert "**alice** (White): " in answer.content and "**bob** (Black): " in answer.content
    graph = decode(answer.png)
    assert graph.width >= 800
    [alt] = answer.descriptions.values()
    assert "alice" in alt and len(alt) <= 1024
    [embed] = answer.embeds
    assert embed["title"] == "Mistakes and blunders" and embed["description"]

    again = await (await env.command(BOB_USER, BOT_CHANNEL, "analysis")).reply()
    assert again.content == answer.content and again.contents == [answer.content], "stored: no progress line"
    assert again.png == answer.png
    await env.settled()


async def test_analysis_refusals_are_short_and_private(env):
    nothing = await (await env.command(ALICE_USER, BOT_CHANNEL, "analysis")).reply()
    assert nothing.ephemeral and "No match has finished here yet" in nothing.content
    await challenge_accepted(env)
    match = await env.client.service.play.current(BOT_CHANNEL)
    running = await (await env.command(ALICE_USER, BOT_CHANNEL, "analysis", match=match.id)).reply()
    assert running.ephemeral and "still being played" in running.content
    await env.settled()


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)  # the store's part is tested above, on both
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_game_analysed_with_its_graph(service, game):
    match = await finished(service, 6, game)
    analysis = (await service.analyses.analyse(match)).analysis
    assert len(analysis.positions) == len(match.moves) + 1
    assert all(len(p.values) == len(match.seats) and all(0 <= v <= 1 for v in p.values) for p in analysis.positions)
    for judgement in analysis.judgements:  # each mark is the mover's own move, and a real fall
        assert analysis.movers[judgement.ply] == judgement.seat and judgement.move == match.moves[judgement.ply]
        assert judgement.drop >= 0.1 and judgement.preferred != judgement.move
    args = graph_args(match, analysis)
    image = decode(graph.render(*args))
    assert image.width >= 800
    alt = graph_alt.alt_text(match.rules.title, *args)
    assert all(name in alt for name in match.names) and len(alt) <= 1024
    lines = report_lines(match, analysis, 0.05)
    assert lines[0].startswith(f"Analysis of match {match.id}, {match.rules.title}")


# ------------------------------------------------------------------ who made each move

async def three_with_a_resignation(service: MatchService):
    """A 3-player Multiplications match in which bob resigns after five moves and the computer plays on
    for him to the end."""
    made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "permutation", [BOB, CAROL], players=3,
                                              options={"k": 3})
    assert isinstance(made, ChallengeChange), "the challenge waits for bob and carol"
    await service.challenges.accept(made.challenge.id, BOB)
    started = await service.challenges.accept(made.challenge.id, CAROL)
    assert isinstance(started, MatchChange), "carol takes the last seat: the match starts"
    match = started.match
    rng = random.Random(8)
    match = await play_random(service, match, rng, moves=5)
    match = (await service.play.resign(CHANNEL, BOB)).match
    assert match.status == "active" and match.stand_in(1) is not None
    return await play_random(service, match, rng)


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)  # the store's part: the migration test below
async def test_a_seats_moves_are_its_players_until_they_left_and_the_stand_ins_after(service):
    finished_match = await three_with_a_resignation(service)
    match = await service.analyses.analysis_target(GUILD, CHANNEL, ALICE.id, finished_match.id)
    assert match.left_plies == (None, 5, None) and match.names[1] == "Computer for bob"
    side = match.rules.seat_name(1)
    analysis = (await service.analyses.analyse(match)).analysis
    by_bob = [ply for ply, seat in enumerate(analysis.movers) if seat == 1]
    before, after = [p for p in by_bob if p < 5], [p for p in by_bob if p >= 5]
    assert before and after
    assert [(h.seat, h.name, h.plies) for h in hands(match)] == [
        (0, "alice", range(len(match.moves))), (1, "bob", range(0, 5)),
        (1, "Computer for bob", range(5, len(match.moves))), (2, "carol", range(len(match.moves)))]
    assert made_by(match, 1, before[-1]) == "bob" and made_by(match, 1, after[0]) == "Computer for bob"
    every = range(len(match.moves))
    assert hands(replace(match, left_plies=(None, 0, None)))[1] == Hand(1, "Computer for bob", every)
    assert hands(replace(match, left_plies=(None, len(match.moves), None)))[1] == Hand(1, "bob", every)

    # a mark on bob's last move and one on the computer's first for him: each is credited to whoever made it
    marked = replace(analysis, judgements=(
        Judgement(before[-1], 1, match.moves[before[-1]], 0.25, "mistake", "a1", 0.3, 0.05),
        Judgement(after[0], 1, match.moves[after[0]], 0.4, "blunder", "a1", 0.4, 0.0)))
    lines = player_lines(match, marked)
    assert lines[1] == f"bob ({side}), until move 5: no inaccuracies · 1 mistake · no blunders"
    assert lines[2] == f"Computer for bob ({side}), from move 6: no inaccuracies · no mistakes · 1 blunder"
    mistakes = mistake_lines(match, marked)
    assert mistakes[0].startswith(f"{before[-1] + 1}. bob ({side}) {match.moves[before[-1]]}: mistake (−25 %)")
    assert mistakes[1].startswith(f"{after[0] + 1}. Computer for bob ({side}) {match.moves[after[0]]}: blunder (−40 %)")
    assert f"bob then Computer for bob ({side})" in report_lines(match, marked, 12.0)[0]
    assert f"**bob** ({side}), until move 5: " in analysis_text(match, marked, 12.0)
    assert f"**Computer for bob** ({side}), from move 6: " in analysis_text(match, marked, 12.0)
    assert f"Computer for bob ({side}) **{match.moves[after[0]]}**" in analysis_mistakes(match, marked)

    args = graph_args(match, marked)
    legend = [text for kind, text, _ in graph.legend_entries(*args[:4], args[5]) if kind == "seat"]
    assert legend[1].startswith("bob, then computer ")
    alt = graph_alt.alt_text(match.rules.title, *args)
    assert f"bob ({side}), until move 5: 1 mistake (move {before[-1] + 1})." in alt
    assert f"Computer for bob ({side}), from move 6: 1 blunder (move {after[0] + 1})." in alt
    assert decode(graph.render(*args)).width == graph.WIDTH


async def test_the_ply_a_player_left_at_is_worked_out_for_seats_left_before_it_was_kept(db_path):
    """A database from before the column: a seat left between two moves gets the number of moves played
    before it left, and a seat nobody left none."""
    with sqlite3.connect(db_path) as db:
        migrated_to(db, 13)
        db.executemany("INSERT INTO players (user_id, name) VALUES (?, ?)", [(p.id, p.name) for p in (ALICE, BOB, CAROL)])
        db.execute("INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
                   " seed, status, created_at, expires_at) VALUES (9, ?, 9, 'permutation', '{}', 3, ?, 60, 0,"
                   " 'accepted', 0, 1)", (GUILD, ALICE.id))
        db.execute("INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
                   " started_at) VALUES (9, ?, 9, 'permutation', '{}', 0, 3, 'active', 60, 0)", (GUILD,))
        db.executemany("INSERT INTO seats (match_id, seat, user_id) VALUES (9, ?, ?)",
                       [(seat, player.id) for seat, player in enumerate((ALICE, BOB, CAROL))])
        db.executemany("INSERT INTO moves (match_id, ply, seat, notation, played_at) VALUES (9, ?, ?, ?, ?)",
                       [(ply, ply % 3, f"m{ply}", 100.0 + ply) for ply in range(8)])
        db.execute("UPDATE seats SET stand_in = 'medium', left_at = 104.5 WHERE match_id = 9 AND seat = 1")
    store = await SqliteStore.open(db_path)
    try:
        async with store.reading() as db:
            assert await repository.analyses.left_plies(db, 9) == (None, 5, None)
    finally:
        await store.close()


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_a_coarse_analysis_says_so_at_the_console_and_on_discord(service):
    match = await finished(service, 4)
    analysis = (await service.analyses.analyse(match)).analysis
    assert analysis.coarse == "" and "coarse" not in " ".join(report_lines(match, analysis, 3.0))
    coarse = replace(analysis, coarse="the computer knows only its rules")
    assert report_lines(match, coarse, 3.0)[1] == "This game's analysis is coarse: the computer knows only its rules."
    assert analysis_text(match, coarse, 3.0).split("\n")[1] == "This game's analysis is coarse: the computer knows only its rules."
    head = report_lines(match, analysis, 3.0)[0]
    assert f"({analysis.work:,} iterations a position" in head and head.endswith(", 3 s).")
