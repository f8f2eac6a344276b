"""Matches that end outside the rules (a resignation, an agreed draw, a turn timer running out), for
every registered game: the picture and text board that announce the result show the finished game."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

from bot.models import Match, Player
from renderers import render, render_text, theme
from rules import GAMES, IllegalMove, Outcome, ended
from tests.conftest import ALICE, BOB, CHANNEL, GUILD, play_random
from tests.support.images import decode

DAVE = Player(4, "dave")
ENDINGS = ("resign", "draw", "timeout")


async def in_play(service, game: str, players: int, moves: int) -> Match:
    """bob (and with more than two, computers: a person leaving a game of more than two hands the seat
    to a computer, and the match ends when no person is left) against alice."""
    if players > 2:
        match = await service.challenge(GUILD, CHANNEL, ALICE, game, computers=["easy"] * (players - 1))
    else:
        challenge = await service.challenge(GUILD, CHANNEL, ALICE, game, [BOB])
        match = await service.accept(challenge.id, BOB)
    return await play_random(service, match, random.Random(7), moves)


async def end(service, clock, match: Match, how: str) -> Match:
    if how == "resign":
        return await service.resign(CHANNEL, match.people[-1])
    if how == "draw":
        await service.draw(CHANNEL, match.to_move)
        return await service.draw(CHANNEL, next(p for p in match.seats if p != match.to_move))
    clock.advance(match.turn_seconds + 1)
    [timed_out] = (await service.expire_due()).matches
    return timed_out


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
    panel, footer = theme.panel_height(players), new.height - theme.FOOTER_HEIGHT

    def rows(img, top, bottom):
        return img.crop((0, top, img.width, bottom)).tobytes()

    assert rows(old, 0, panel) != rows(new, 0, panel), "the player cards show the result, not whose turn it is"
    assert rows(old, footer, old.height) != rows(new, footer, new.height), "the footer gives the result"
    assert rows(old, panel, footer) == rows(new, panel, footer), "the position itself is as play left it"
    assert decode(render(state, after.names)).tobytes() == new.tobytes(), "the same picture every time"

    board = render_text(state, after.names)
    assert "Game over: " in board and after.outcome.reason in board and "to move" not in board
    if how == "draw":
        assert "Game over: Draw" in board and board.count("<- draw") == 2
    else:
        assert board.count("<- winner") == len(after.outcome.places[0])


async def test_boards_of_finished_matches_are_drawn_finished_after_a_reload(service, clock):
    match = await in_play(service, "attaxx", 2, 2)
    resigned = await service.resign(CHANNEL, BOB)
    service._states.clear()  # as after a restart: the position is replayed from the stored moves
    again = await service.latest(CHANNEL)
    assert again.state == resigned.state and again.state.outcome.reason == "bob resigned"
    assert render(again.state, again.names) == render(resigned.state, resigned.names) != render(match.state, match.names)


async def test_a_finished_game_with_more_than_two_shows_every_place(service, clock):
    await in_play(service, "permutation", 4, 0)
    resigned = await service.resign(CHANNEL, ALICE)  # the last person leaves: the three computers share first
    assert resigned.outcome.places == (frozenset({1, 2, 3}), frozenset({0}))
    board = render_text(resigned.state, resigned.names)
    assert "alice — 0 points  <- 2nd" in board and board.count("<- winner") == 3
    assert "Game over: Computer (easy), Computer (easy) and Computer (easy) win" in board


def test_badges_name_places_below_the_first_in_games_of_more_than_two():
    three = Outcome(places=(frozenset({1}), frozenset({0, 2}), frozenset({3})), scores=None, reason="")
    assert [theme.card_badge(seat, None, three) for seat in range(4)] == ["2ND", "WINNER", "2ND", "3RD"]
    two = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="")
    assert [theme.card_badge(seat, None, two) for seat in range(2)] == ["", "WINNER"]
    drawn = Outcome(places=(frozenset({0, 1, 2}),), scores=None, reason="")
    assert {theme.card_badge(seat, None, drawn) for seat in range(3)} == {"DRAW"}
    assert [theme.card_badge(seat, 1, None) for seat in range(3)] == ["", "TO MOVE", ""]
    assert [theme.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
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
