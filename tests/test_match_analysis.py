"""A finished match analysed through the service, Discord and the console: every position searched in
the workers, the analysis kept (asking again answers at once, after a restart too), and the graph, the
counts and the mistakes shown."""
from __future__ import annotations

import asyncio
import random

import pytest

from bot.analysis_report import graph_args, report_lines
from bot.errors import NotAllowed
from bot.service import MatchService
from bot.service.analyses import ANALYSIS_BUDGET, seconds_per_position
from engines.analysis import SEVERITIES
from renderers import graph
from rules import GAMES
from tests.conftest import ALICE, BOB, CHANNEL, GUILD, play_random, start_match
from tests.support.images import decode
from tests.support.inprocess import CHANNEL as BOT_CHANNEL
from tests.test_discord import ALICE as ALICE_USER
from tests.test_discord import BOB as BOB_USER
from tests.test_discord import CAROL as CAROL_USER
from tests.test_discord import challenge_accepted


async def finished(service: MatchService, moves: int = 8, game: str = "attaxx"):
    match = await start_match(service, game)
    match = await play_random(service, match, random.Random(4), moves)
    if match.status == "active":
        match = await service.resign(CHANNEL, match.to_move)
    return match


async def test_analysed_once_kept_and_read_back_after_a_restart(service, monkeypatch):
    match = await finished(service)
    seen: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        seen.append((done, total))

    analysed = await service.analyse(match, progress)
    analysis = analysed.analysis
    assert len(analysis.positions) == len(match.moves) + 1 and analysis.moves == match.moves
    assert [d for d, _ in seen] == list(range(1, len(match.moves) + 2)) and {t for _, t in seen} == {len(match.moves) + 1}
    assert analysis.movers == tuple(k % 2 for k in range(len(match.moves)))  # attaxx: no passes in 8 moves
    for seat in (0, 1):
        assert set(analysis.counts(seat)) == set(SEVERITIES)

    async def no_search(*args):
        raise AssertionError("a stored analysis is not searched again")
    monkeypatch.setattr(service.computers, "run", no_search)
    assert (await service.analyse(match)).analysis == analysis
    restarted = MatchService(service.store, notes=False)
    assert (await restarted.analyse(await restarted.get_match(match.id))).analysis == analysis


async def test_the_same_match_asked_twice_at_once_is_searched_once(service, monkeypatch):
    match = await finished(service, 4)
    calls = 0
    run = service.computers.run

    async def counted(*args):
        nonlocal calls
        calls += 1
        return await run(*args)
    monkeypatch.setattr(service.computers, "run", counted)
    first, second = await asyncio.gather(service.analyse(match), service.analyse(match))
    assert first.analysis == second.analysis and calls == len(match.moves) + 1


async def test_only_finished_matches_of_the_server_are_analysed(service):
    match = await start_match(service)
    await service.move(CHANNEL, ALICE, "b6")
    with pytest.raises(NotAllowed, match="still being played"):
        await service.analysis_target(GUILD, CHANNEL, ALICE.id, match.id)
    with pytest.raises(NotAllowed, match="still being played"):
        await service.analyse(await service.get_match(match.id))
    with pytest.raises(Exception, match="no match #99"):
        await service.analysis_target(GUILD, CHANNEL, ALICE.id, 99)
    await service.resign(CHANNEL, BOB)
    assert (await service.analysis_target(GUILD, CHANNEL, ALICE.id)).id == match.id


def test_a_long_match_is_searched_less_a_position_within_the_budget():
    assert seconds_per_position(61, 2) == 1.5
    assert seconds_per_position(301, 2) * 301 / 2 <= ANALYSIS_BUDGET + 1e-9
    assert seconds_per_position(100_000, 2) == 0.25


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
    match = await env.client.handlers.service.current(BOT_CHANNEL)
    running = await (await env.command(ALICE_USER, BOT_CHANNEL, "analysis", match=match.id)).reply()
    assert running.ephemeral and "still being played" in running.content
    await env.settled()


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)  # the store's part is tested above, on both
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_game_analysed_with_its_graph(service, game):
    match = await finished(service, 6, game)
    analysis = (await service.analyse(match)).analysis
    assert len(analysis.positions) == len(match.moves) + 1
    assert all(len(p.values) == len(match.seats) and all(0 <= v <= 1 for v in p.values) for p in analysis.positions)
    for judgement in analysis.judgements:  # each mark is the mover's own move, and a real fall
        assert analysis.movers[judgement.ply] == judgement.seat and judgement.move == match.moves[judgement.ply]
        assert judgement.drop >= 0.1 and judgement.preferred != judgement.move
    args = graph_args(match, analysis)
    image = decode(graph.render(*args))
    assert image.width >= 800
    alt = graph.alt_text(*args)
    assert all(name in alt for name in match.names) and len(alt) <= 1024
    lines = report_lines(match, analysis, 0.05)
    assert lines[0].startswith(f"Analysis of match {match.id}, {match.rules.title}")
