"""Results: how an Outcome is built, the cause it carries (kept with every finished match, and given to
the matches finished before it was kept), and the one wording of who won used everywhere."""
from __future__ import annotations

import random
import sqlite3

import pytest

from bot.console.text import result_lines
from bot.db import SqliteStore
from bot.discord import messages as text
from bot.service import MatchService
from games import GAMES, render
from renderers import theme
from renderers.results import reason_sentence, scores_text, who_won
from rules import Outcome, ended
from rules.core import Cause
from tests.conftest import ALICE, BOB, CHANNEL, GUILD, play_random, start_match
from tests.support.images import decode
from tests.support.old_schema import add_finished_match, migrated_to

# --- building an Outcome ------------------------------------------------------------------------------


def test_the_constructors_give_the_places_scores_and_cause():
    assert Outcome.won(1, "Light reached the Dark nest") == Outcome(
        places=(frozenset({1}), frozenset({0})), scores=None, reason="Light reached the Dark nest", cause=Cause.RULES)
    assert Outcome.won(0, "x", players=3).places == (frozenset({0}), frozenset({1, 2}))
    assert Outcome.drawn("threefold repetition") == Outcome(
        places=(frozenset({0, 1}),), scores=None, reason="threefold repetition", cause=Cause.RULES)
    ranked = Outcome.ranked([30, 12, 37, 12], "all 13 numbers written")
    assert ranked.places == (frozenset({2}), frozenset({0}), frozenset({1, 3})) and ranked.scores == (30, 12, 37, 12)
    assert Outcome.ranked((20, 20), "board full").is_draw and ranked.cause == Cause.RULES
    agreed = Outcome.agreed_draw()
    assert (agreed.places, agreed.scores, agreed.reason, agreed.cause) == (
        (frozenset({0, 1}),), None, "draw agreed", Cause.AGREEMENT)


def test_a_player_leaving_ends_with_the_others_first_and_the_leavers_last():
    resigned = Outcome.left(Cause.RESIGNATION, "alice", 2, (0,), scores=(12, 9))
    assert resigned == Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="{player} resigned",
                               cause=Cause.RESIGNATION, words=(("player", "alice"),)), \
        "with one player left, the scores decide nothing"
    assert resigned.reason_text() == "alice resigned"
    timed_out = Outcome.left(Cause.TIME, "dave", 4, (1, 3), scores=(5, 9, 5, 2))
    assert timed_out.reason_text() == "dave ran out of time" and timed_out.cause == Cause.TIME
    assert timed_out.places == (frozenset({0, 2}), frozenset({3}), frozenset({1})), "the first to leave is last"
    assert timed_out.scores == (5, 9, 5, 2)
    ranked = Outcome.left(Cause.RESIGNATION, "bob", 3, (1,), scores=(4, 9, 7))
    assert ranked.places == (frozenset({2}), frozenset({0}), frozenset({1}))
    assert Outcome.left(Cause.TIME, "bob", 3, (1,)).places == (frozenset({0, 2}), frozenset({1}))
    with pytest.raises(KeyError):
        Outcome.left(Cause.RULES, "bob", 2, (1,))


def test_every_game_ends_by_its_own_rules():
    for name, game in GAMES.items():
        rng, state = random.Random(5), game.start(game.players.start)
        while state.outcome is None:
            state = state.play(rng.choice(state.legal_moves()))
        assert state.outcome.cause == Cause.RULES, name


# --- the cause kept with a finished match -------------------------------------------------------------


async def stored_cause(service: MatchService, match_id: int) -> str | None:
    async with service.store.reading() as db:
        row = await db.one("SELECT cause FROM matches WHERE id = ?", match_id)
        assert row is not None
        return row["cause"]


@pytest.mark.parametrize("how", ["rules", "resign", "draw", "timeout"])
async def test_the_cause_is_stored_and_read_back(service, clock, how):
    match = await start_match(service)
    assert await stored_cause(service, match.id) is None, "an active match has no cause yet"
    if how == "rules":
        match = await play_random(service, match, random.Random(3))
    elif how == "resign":
        match = (await service.resign(CHANNEL, BOB)).match
    elif how == "draw":
        await service.draw(CHANNEL, ALICE)
        match = (await service.draw(CHANNEL, BOB)).match
    else:
        clock.advance(match.turn_seconds + 1)
        [match] = [change.match for change in (await service.expire_due()).matches]
    cause = {"rules": Cause.RULES, "resign": Cause.RESIGNATION, "draw": Cause.AGREEMENT, "timeout": Cause.TIME}[how]
    assert match.outcome.cause == cause and await stored_cause(service, match.id) == cause.value
    service.context.positions.clear()  # as after a restart
    again = await service.get_match(match.id)
    assert again.outcome == match.outcome and again.state.outcome == match.outcome


async def test_matches_finished_before_causes_were_kept_get_theirs_from_the_reason(db_path):
    """Migration 009: the cause of every finished match, from the reason the bot wrote for it."""
    finished = [  # id, game, reason, places, the cause it gets
        (1, "attaxx", "board full", [[0], [1]], "rules"),
        (2, "attaxx", "bob resigned", [[0], [1]], "resignation"),
        (3, "ikabegama", "alice ran out of time", [[1], [0]], "time"),
        (4, "elevation", "draw agreed", [[0, 1]], "agreement"),
        (5, "elevation", "threefold repetition", [[0, 1]], "rules"),
        (6, "ikabegama", "Light reached the Dark nest", [[0], [1]], "rules"),
        (7, "ascent", "Red completed row b ↙", [[0], [1]], "rules"),
        (8, "attaxx", "draw agreed resigned", [[0], [1]], "resignation"),  # a player named "draw agreed"
        (9, "attaxx", "board full ran out of time", [[1], [0]], "time"),  # … and one named "board full"
    ]
    with sqlite3.connect(db_path) as db:
        migrated_to(db, 8)
        for match_id, game, reason, places, _ in finished:
            add_finished_match(db, match_id, game, reason, places, [(ALICE.id, "alice", None), (BOB.id, "bob", None)], GUILD)
        db.execute("INSERT INTO challenges (id, guild_id, channel_id, game, options, players, challenger, turn_seconds,"
                   " seed, status, created_at, expires_at) VALUES (10, ?, 10, 'attaxx', '{}', 2, ?, 86400, 0,"
                   " 'accepted', 0, 900)", (GUILD, ALICE.id))
        db.execute("INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
                   " started_at) VALUES (10, ?, 10, 'attaxx', '{}', 0, 2, 'active', 86400, 0)", (GUILD,))
    store = await SqliteStore.open(db_path)
    try:
        service = MatchService(store)
        for match_id, _, reason, _, cause in finished:
            assert await stored_cause(service, match_id) == cause, reason
            outcome = (await service.get_match(match_id)).outcome
            assert outcome.cause == cause and outcome.reason == reason and outcome.reason_text() == reason
        assert await stored_cause(service, 10) is None, "an active match gets its cause when it ends"
    finally:
        await store.close()


# --- wording ------------------------------------------------------------------------------------------


def test_who_won_in_every_form():
    names = ["alice", "bob", "carol", "dave"]
    won = Outcome.won(1, "board full")
    assert who_won(won, names) == "bob wins" and who_won(won, names, past=True) == "bob won"
    assert who_won(won, names, markdown=True) == "**bob wins**"
    shared = Outcome(places=(frozenset({2, 0}), frozenset({3}), frozenset({1})), scores=None, reason="x")
    assert who_won(shared, names) == "alice and carol win" and who_won(shared, names, past=True) == "alice & carol won"
    assert who_won(shared, names, every_place=True) == "alice and carol win; then dave, then bob"
    drawn = Outcome.drawn("x", players=3)
    assert who_won(drawn, names) == "Draw" and who_won(drawn, names, past=True) == "draw"
    assert who_won(drawn, names, every_place=True) == "Draw between alice, bob and carol"


def test_scores_are_given_in_finishing_order():
    ranked = Outcome.ranked((30, 12, 37), "all 10 numbers written")
    assert scores_text(ranked) == "37–30–12" and scores_text(ranked, ["alice", "bob", "carol"]) == "carol 37, alice 30, bob 12"
    assert scores_text(Outcome.won(0, "x")) == ""


def test_the_reason_starts_a_sentence_unless_it_starts_with_a_name():
    assert reason_sentence(Outcome.ranked((30, 19), "board full")) == "Board full"
    assert reason_sentence(Outcome.left(Cause.RESIGNATION, "bob", 2, (1,))) == "bob resigned"
    assert reason_sentence(Outcome.left(Cause.TIME, "émile", 2, (1,))) == "émile ran out of time"
    assert reason_sentence(Outcome.agreed_draw()) == "Draw agreed"


def test_the_footer_words_a_reason_by_its_cause_not_by_the_players_names():
    """A player called "board" once kept "board full" in lower case in the footer."""
    state = GAMES["attaxx"].start().play("b6")
    finished = ended(state, Outcome.ranked((1, 4), "board full"))  # bob wins: the footer reads the same
    footers = [decode(render(finished, [loser, "bob"])) for loser in ("alice", "board")]
    top = footers[0].height - theme.footer_height(footers[0].width)
    crops = [img.crop((0, top, img.width, img.height)).tobytes() for img in footers]
    assert crops[0] == crops[1]


@pytest.mark.parametrize("how", ["resign", "draw"])
async def test_discord_and_the_console_word_a_result_alike(service, how):
    match = await start_match(service)
    match = await play_random(service, match, random.Random(1), 2)
    if how == "resign":
        match = (await service.resign(CHANNEL, BOB)).match
        head, past, console = f"🏁 **<@{ALICE.id}> (White) wins** — bob resigned", "alice won", "alice wins"
    else:
        await service.draw(CHANNEL, ALICE)
        match = (await service.draw(CHANNEL, BOB)).match
        head, past, console = "🏁 **Draw** — draw agreed", "draw", "Draw between alice and bob"
    reason = match.outcome.reason_text()
    assert text.result_text(match).splitlines()[0] == head
    assert text.history_entry(match)[1].split(" · ", 1)[1].startswith(f"{past} ({reason}), 2 moves")
    article = "a " if how == "draw" else ""
    assert text.replay_caption(match).endswith(f"— {article}{past} ({reason}), 2 moves.")
    assert result_lines(match) == [f"Result: {console} ({reason})."]
