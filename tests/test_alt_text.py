"""Alt text: what a screen reader says for a board picture, for every game, from start to end."""
from __future__ import annotations

import pytest

from games import GAMES, REGISTRY, describe
from renderers.describe import ALT_TEXT_MAX
from tests.support.playouts import random_states

LONG = "Maximilian Alexander Worthington"  # 32 characters, Discord's longest name


def players_of(name: str) -> list[int]:
    game = GAMES[name]
    return sorted({game.players.start, game.players.stop - 1})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_position_is_described_with_turn_last_move_and_material(name):
    game = GAMES[name]
    for players in players_of(name):
        names = [f"{LONG[:31]}{seat}" for seat in range(players)]
        for state in random_states(game.start(players=players), seed=players, moves=400):
            alt = describe(state, names)
            seats = REGISTRY[name].renderer.seats(state, names)
            assert alt.startswith(f"{game.title} board.") and len(alt) <= ALT_TEXT_MAX
            if state.outcome is None:
                mover = seats[state.to_move]
                assert f"{mover.name} ({mover.side}) to move." in alt
            else:
                assert "Game over: " in alt and state.outcome.reason_text() in alt and "to move" not in alt
            if state.last is None:
                assert "No moves yet." in alt
            else:
                mover = seats[state.last.seat]
                assert f"Last move: {mover.name} ({mover.side}) played {state.last.notation}" in alt
                assert state.last.effect_text() in alt, "what the move did, never cut"
            for seat in seats:
                if seat.score:
                    assert f"{seat.name} ({seat.side}) {seat.score} {seat.score_label}" in alt


def test_an_attaxx_position_read_aloud():
    state = GAMES["attaxx"].start().play("b6").play("a1c3")
    assert describe(state, ["alice", "bob"]) == (
        "Attaxx board. alice (White) to move. Last move: bob (Black) played a1c3, jump."
        " alice (White) 3 pieces, bob (Black) 2 pieces.")


def test_a_finished_multiplications_read_aloud_gives_places_and_points():
    state = random_states(GAMES["permutation"].start(players=3, options={"k": 3}), seed=5)[-1]
    alt = describe(state, ["ann", "bo", "cy"])
    order = [seat for group in state.outcome.places for seat in sorted(group)]
    names = ["ann", "bo", "cy"]
    standings = ", ".join(f"{names[s]} {state.outcome.scores[s]}" for s in order)
    assert "Game over: " in alt and standings in alt, alt


def test_a_player_and_their_side_are_worded_one_way():
    """As the footer and the cards word them (renderers.results.seated): a computer's name keeps its
    own brackets and gets its side after a dot, and a name that already ends with its side keeps it once."""
    state = GAMES["attaxx"].start().play("b6")
    alt = describe(state, ["alice", "Computer (medium)"])
    assert "Last move: alice (White) played b6" in alt and "Computer (medium) · Black to move." in alt
    assert "((" not in alt and "))" not in alt
    three = GAMES["permutation"].start(players=3).play("a1")
    alt = describe(three, ["alice", "Computer (easy) · Blue", "Computer (easy) · Green"])
    assert "Computer (easy) · Blue to move." in alt and "Blue · Blue" not in alt and "(Blue)" not in alt
