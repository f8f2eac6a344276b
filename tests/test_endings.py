"""Matches that end outside the rules (a resignation, an agreed draw, a turn timer running out), for
every registered game: the picture and text board that announce the result show the finished game."""
from __future__ import annotations

import copy
import pickle
import random
import re
import sqlite3

import pytest

from bot.db.sqlite import SqliteStore
from bot.discord import messages as text
from bot.models import Match, Player
from bot.service import MatchService
from games import GAMES, render, render_text
from renderers import cards, theme
from rules import IllegalMove, Outcome, ended
from tests.conftest import ALICE, BOB, CHANNEL, GUILD, play_random
from tests.support.images import decode
from tests.support.old_schema import add_finished_match, migrated_to

DAVE = Player(4, "dave")
ENDINGS = ("resign", "draw", "timeout")


async def in_play(service, game: str, players: int, moves: int) -> Match:
    """bob (and with more than two, computers: a person leaving a game of more than two hands the seat
    to a computer, and the match ends when no person is left) against alice."""
    if players > 2:
        match = (await service.challenge(GUILD, CHANNEL, ALICE, game, computers=["easy"] * (players - 1))).match
    else:
        challenge = (await service.challenge(GUILD, CHANNEL, ALICE, game, [BOB])).challenge
        match = (await service.accept(challenge.id, BOB)).match
    return await play_random(service, match, random.Random(7), moves)


async def end(service, clock, match: Match, how: str) -> Match:
    if how == "resign":
        return (await service.resign(CHANNEL, match.people[-1])).match
    if how == "draw":
        await service.draw(CHANNEL, match.to_move)
        return (await service.draw(CHANNEL, next(p for p in match.seats if p != match.to_move))).match
    clock.advance(match.turn_seconds + 1)
    [timed_out] = (await service.expire_due()).matches
    return timed_out.match


def cases():
    for name, game in sorted(GAMES.items()):
        for how in ENDINGS:
            yield name, 2, how
        if game.players.stop - 1 >= 3:  # places below the first are shown in games of more than two
            yield name, min(4, game.players.stop - 1), "resign"
            yield name, 3, "timeout"


@pytest.mark.parametrize(("game", "players", "how"), list(cases()))
@pytest.mark.parametrize("moves", [0, 3])
async def test_the_result_picture_shows_the_finished_game(service, clock, game, players, how, moves):
    before = await in_play(service, game, players, moves)
    assert before.status == "active"
    after = await end(service, clock, before, how)
    state = after.state
    assert after.status == "finished" and state.outcome == after.outcome and state.to_move is None
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="The game is over"):
        state.play("a1")

    old, new = decode(render(before.state, before.names)), decode(render(state, after.names))
    assert old.size == new.size
    panel, footer = theme.panel_height(players, new.width), new.height - theme.footer_height(new.width, lines=3)  # the tallest footer, Elevation's

    def rows(img, top, bottom):
        return img.crop((0, top, img.width, bottom)).tobytes()

    assert rows(old, 0, panel) != rows(new, 0, panel), "the player cards show the result, not whose turn it is"
    assert rows(old, footer, old.height) != rows(new, footer, new.height), "the footer gives the result"
    assert rows(old, panel, footer) == rows(new, panel, footer), "the position itself is as play left it"
    assert decode(render(state, after.names)).tobytes() == new.tobytes(), "the same picture every time"

    board = render_text(state, after.names)
    assert "Game over: " in board and after.outcome.reason_text() in board and "to move" not in board
    if players == 2:  # a resignation, an agreed draw or a timeout: no score had anything to do with it
        over = next(line for line in board.splitlines() if line.startswith("Game over"))
        shown = over + text.result_text(after) + "".join(text.history_entry(after))
        assert after.outcome.scores is None and not re.search(r"\d+–\d+", shown), shown
    if how == "draw":
        assert "Game over: Draw" in board and board.count("<- draw") == 2
    else:
        assert board.count("<- winner") == len(after.outcome.places[0])


async def test_boards_of_finished_matches_are_drawn_finished_after_a_reload(service, clock):
    match = await in_play(service, "attaxx", 2, 2)
    resigned = (await service.resign(CHANNEL, BOB)).match
    service.context.positions.clear()  # as after a restart: the position is replayed from the stored moves
    again = await service.latest(CHANNEL)
    assert again.state == resigned.state and again.state.outcome.reason_text() == "bob resigned"
    assert render(again.state, again.names) == render(resigned.state, resigned.names) != render(match.state, match.names)


async def test_a_finished_game_with_more_than_two_shows_every_place(service, clock):
    await in_play(service, "permutation", 4, 0)
    resigned = (await service.resign(CHANNEL, ALICE)).match  # the last person leaves: the three computers share first
    assert resigned.outcome.places == (frozenset({1, 2, 3}), frozenset({0}))
    board = render_text(resigned.state, resigned.names)
    assert "alice — 0 points  <- 2nd" in board and board.count("<- winner") == 3
    assert resigned.names == ["alice", "Computer (easy) · Blue", "Computer (easy) · Green", "Computer (easy) · Yellow"]
    title, body = text.history_entry(resigned)
    assert title.endswith("alice vs Computer (easy) · Blue vs Computer (easy) · Green vs Computer (easy) · Yellow")
    assert body.startswith("<t:1700000000:d> · Computer (easy) · Blue & Computer (easy) · Green & Computer (easy) · Yellow won")
    assert ("Game over: Computer (easy) · Blue, Computer (easy) · Green and Computer (easy) · Yellow win"
            " · Computer (easy) · Blue 0, Computer (easy) · Green 0, Computer (easy) · Yellow 0, alice 0"
            " · alice resigned") in board, "computers told apart by seat; the scores that ranked them, in order"


def test_badges_name_places_below_the_first_in_games_of_more_than_two():
    three = Outcome(places=(frozenset({1}), frozenset({0, 2}), frozenset({3})), scores=None, reason="")
    assert [cards.card_badge(seat, None, three) for seat in range(4)] == ["2ND", "WINNER", "2ND", "3RD"]
    two = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="")
    assert [cards.card_badge(seat, None, two) for seat in range(2)] == ["", "WINNER"]
    drawn = Outcome(places=(frozenset({0, 1, 2}),), scores=None, reason="")
    assert {cards.card_badge(seat, None, drawn) for seat in range(3)} == {"DRAW"}
    assert [cards.card_badge(seat, 1, None) for seat in range(3)] == ["", "TO MOVE", ""]
    assert [cards.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_an_ended_position_is_the_position_with_a_result():
    state = GAMES["attaxx"].start().play("b6").play("b2")
    resigned = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="alice resigned")
    finished = ended(state, resigned)
    assert finished.board == state.board and finished.last == state.last and finished.game == "attaxx"
    assert finished.outcome == resigned and finished.to_move is None and state.outcome is None
    assert pickle.loads(pickle.dumps(finished)) == finished and copy.deepcopy(finished) == finished
    rng, natural = random.Random(3), state
    while natural.outcome is None:
        natural = natural.play(rng.choice(natural.legal_moves()))
    assert ended(natural, natural.outcome) is natural, "a game the rules ended needs nothing more"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_result_carries_scores_only_when_they_decided_it(game):
    """Random games of every game to their end: a result that gives scores is the one the scores give
    (places highest first, ties shared); any other is given without them."""
    finished = 0
    for seed in range(3):
        rng, state = random.Random(seed), GAMES[game].start(GAMES[game].players.start)
        for _ in range(3000):  # random Elevation can take a couple of thousand
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        outcome = state.outcome
        if outcome is None:
            continue
        finished += 1
        if outcome.scores is not None:
            assert outcome.places == Outcome.ranked(outcome.scores, outcome.reason).places, outcome
    assert finished, "some random game of it ends"


def test_results_give_decisive_scores_in_finishing_order():
    seats = [theme.Seat(name, side, theme.WHITE) for name, side in (("alice", "White"), ("bob", "Black"))]
    black_wins = Outcome(places=(frozenset({1}), frozenset({0})), scores=(19, 30), reason="board full")
    assert theme.result_text(black_wins, seats, plain=True) == "bob wins · 30–19 · board full"
    nest = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="Dark reached the Light nest")
    assert theme.result_text(nest, seats, plain=True) == "bob wins · Dark reached the Light nest"
    agreed = Outcome(places=(frozenset({0, 1}),), scores=None, reason="draw agreed")
    assert theme.result_text(agreed, seats, plain=True) == "Draw · draw agreed"
    three = [*seats, theme.Seat("carol", "Green", theme.WHITE)]
    points = Outcome(places=(frozenset({2}), frozenset({0}), frozenset({1})), scores=(30, 12, 37), reason="all 12 numbers written")
    assert theme.result_text(points, three, plain=True) == "carol wins · carol 37, alice 30, bob 12 · all 12 numbers written"


async def test_scores_stored_with_results_they_did_not_decide_are_cleared(db_path):
    """Databases made before: matches ended by a nest, a resignation, an agreed draw or a repetition
    kept the running counts as scores; the migration clears them, and keeps the ones that decided."""
    finished = [  # id, game, reason, scores
        (1, "ikabegama", "Light reached the Dark nest", (3, 5)),
        (2, "attaxx", "board full", (30, 19)),
        (3, "attaxx", "bob resigned", (12, 9)),
        (4, "attaxx", "threefold repetition", (10, 10)),
        (5, "permutation", "all 7 numbers written", (24, 37)),
        (6, "permutation", "draw agreed", (4, 4)),
    ]
    with sqlite3.connect(db_path) as db:
        migrated_to(db, 7)
        for match_id, game, reason, scores in finished:
            places = [[0, 1]] if reason in ("threefold repetition", "draw agreed") else (
                [[0], [1]] if scores[0] >= scores[1] else [[1], [0]])
            add_finished_match(db, match_id, game, reason, places, [(ALICE.id, "alice", scores[0]), (BOB.id, "bob", scores[1])],
                               GUILD, {"k": 3} if game == "permutation" else {})
    store = await SqliteStore.open(db_path)
    try:
        service = MatchService(store)
        kept = {match_id: (await service.get_match(match_id)).outcome.scores for match_id, *_ in finished}
    finally:
        await store.close()
    assert kept == {1: None, 2: (30, 19), 3: None, 4: None, 5: (24, 37), 6: None}
