"""Multiplications Within The Permutation: the seed's example, both phases, options and random games."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GAMES
from rules import BadOptions, IllegalMove, InvalidNotation
from tests.seeds import permutation_example

GAME = GAMES["permutation"]
FILES = "abcdefghijklmnopqrstuvwxy"


def play_all(state, moves):
    for move in moves:
        state = state.play(move)
    return state


def test_the_seed_example_scores_24_and_37():
    squares, steps, totals = permutation_example()
    state = GAME.start(players=2, options={"k": 3})
    assert state.n == 7
    # any placing order gives the same numbering phase; place in the order of the numbers
    state = play_all(state, [squares[j] for j in range(1, 8)])
    assert state.placing is False and state.number_at(0) == 1 and state.moves_played == 7
    assert state.last.effect == "all 7 x's placed; 1 is written on a3"
    for j, product, expected in steps:
        assert state.to_move == (j - 1) % 2
        mover = state.to_move
        before = state.scores[mover]
        state = state.play(squares[j + 1])
        assert state.last.points == product == expected
        assert state.scores[mover] == before + expected
    assert list(state.scores) == totals == [24, 37]
    assert state.outcome.places == (frozenset({1}), frozenset({0}))
    assert state.outcome.scores == (24, 37) and state.outcome.reason_text() == "all 7 numbers written"
    assert state.moves_played == 2 * 7 - 1 and state.to_move is None


def test_placing_keeps_one_x_per_file_and_rank():
    state = GAME.start(players=2)
    assert len(state.legal_moves()) == 49
    state = state.play("c4")
    assert len(state.legal_moves()) == 36
    assert "c5" not in state.legal_moves() and "a4" not in state.legal_moves() and "d5" in state.legal_moves()
    for move, reason in [
        ("c4", "c4 already has an x"),
        ("c7", "File c already has an x, on c4"),
        ("g4", "Rank 4 already has an x, on c4"),
    ]:
        with pytest.raises(IllegalMove, match=f"^{reason}$"):
            state.play(move)


def test_notation_spellings_and_unreadable_moves():
    state = GAME.start(players=2)
    for spelling in (" D5 ", "d5", "d-5", "d 5"):
        assert state.play(spelling).last.notation == "d5"
    for bad in ("", "5d", "d5e4", "dd", "x"):
        with pytest.raises(InvalidNotation):
            state.play(bad)
    with pytest.raises(InvalidNotation, match="h1 is off the board: files a–g, ranks 1–7"):
        state.play("h1")
    with pytest.raises(InvalidNotation, match="a8 is off the board"):
        state.play("a8")
    big = GAME.start(players=6, options={"k": 4})
    assert big.n == 25 and big.play("y25").last.notation == "y25"


def test_turn_order_in_both_phases_for_three_players():
    state = GAME.start(players=3)  # n = 10
    movers = []
    for f in range(10):  # the identity permutation, placed file by file
        movers.append(state.to_move)
        state = state.play(f"{FILES[f]}{f + 1}")
    assert movers == [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert state.to_move == 0, "seat 1 places the last x and starts the numbering"
    movers = []
    while state.outcome is None:
        movers.append(state.to_move)
        state = state.play(state.legal_moves()[0])
    assert movers == [0, 1, 2] * 3, "every seat writes k = 3 numbers"


def test_numbering_only_on_unnumbered_xs():
    state = play_all(GAME.start(players=2), ["a3", "f1", "b7", "d2", "g5", "c6", "e4"])
    assert sorted(state.legal_moves()) == ["b7", "c6", "d2", "e4", "f1", "g5"]
    with pytest.raises(IllegalMove, match="^a1 has no x"):
        state.play("a1")
    with pytest.raises(IllegalMove, match="^a3 already holds 1$"):
        state.play("a3")
    state = state.play("f1")
    with pytest.raises(IllegalMove, match="^f1 already holds 2$"):
        state.play("f1")
    assert state.last.effect == "wrote 2: 5×2 = 10 points" and state.last.previous == (0, 2)


def test_equal_top_scores_share_the_win():
    state = play_all(GAME.start(players=2), [f"{f}{r}" for f, r in zip("abcdefg", range(1, 8))])
    state = play_all(state, [f"{f}{r}" for f, r in zip("bcdefg", range(2, 8))])  # 1 point a step
    assert state.scores == (3, 3)
    assert state.outcome.places == (frozenset({0, 1}),) and state.outcome.is_draw


def test_finished_game_refuses_moves():
    squares, _, _ = permutation_example()
    state = play_all(GAME.start(players=2), [squares[j] for j in range(1, 8)] + [squares[j] for j in range(2, 8)])
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="The game is over"):
        state.play("a1")


@pytest.mark.parametrize(("players", "k", "size"), [(2, 3, 7), (2, 8, 17), (3, 8, 25), (4, 6, 25), (5, 4, 21), (6, 4, 25)])
def test_board_size_is_k_times_players_plus_one(players, k, size):
    assert GAME.start(players=players, options={"k": k}).n == size


@pytest.mark.parametrize(("players", "k", "reason"), [
    (2, 2, "k must be between 3 and 8, not 2"),
    (2, 9, "k must be between 3 and 8, not 9"),
    (5, 5, "k = 5 with 5 players needs a 26×26 board, but the largest is 25×25: with 5 players k can be at most 4"),
    (6, 5, "with 6 players k can be at most 4"),
    (4, 7, "with 4 players k can be at most 6"),
])
def test_options_out_of_range(players, k, reason):
    with pytest.raises(BadOptions, match=reason):
        GAME.start(players=players, options={"k": k})


@pytest.mark.parametrize("players", [1, 7])
def test_player_counts(players):
    with pytest.raises(BadOptions, match="played by 2 to 6 players"):
        GAME.start(players=players)


def recount(final, players: int) -> list[int]:
    """Scores from the final board alone: read every x's number off the board, then add up the
    rectangles, giving writer of j + 1 the points of step j."""
    where = {}
    for file in range(final.n):
        rank = final.rank_of[file]
        where[final.number_at(file)] = (file, rank)
    totals = [0] * players
    for j in range(1, final.n):
        (f1, r1), (f2, r2) = where[j], where[j + 1]
        totals[(j - 1) % players] += abs(f1 - f2) * abs(r1 - r2)
    return totals


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), k=st.integers(3, 8))
def test_random_games_last_2n_minus_1_moves_and_score_as_recounted(seed, players, k):
    k = min(k, 24 // players)
    rng = random.Random(seed)
    state = GAME.start(players=players, options={"k": k}, seed=seed)
    n = k * players + 1
    moves = 0
    while state.outcome is None:
        state = state.play(rng.choice(state.legal_moves()))
        moves += 1
    assert moves == 2 * n - 1
    assert sorted(state.rank_of) == list(range(n)), "the x's form a permutation"
    assert sorted(state.number_at(f) for f in range(n)) == list(range(1, n + 1))
    assert state.number_at(0) == 1
    assert list(state.scores) == recount(state, players)
    best = max(state.scores)
    assert state.outcome.places[0] == frozenset(s for s in range(players) if state.scores[s] == best)
