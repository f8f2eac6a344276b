"""The knowledge of X's and lines, Multiplications and Ascent held to the rules: Ascent's board plays
random games as the rules do and its search finds what a full search through the rules finds; each
level's own solver gives the rules' result on small positions, and remembers only for one search; a
level's move is the same for the same seed."""
from __future__ import annotations

import random

import pytest

import engines
from engines import LEVELS
from engines.alphabeta import WIN, AlphaBeta
from engines.games.ascent import AscentBoard
from engines.games.permutation import SLIPS
from games import GAMES, REGISTRY, choose_move
from rules import State
from tests.test_engine_solvers import best_play, line_phase_positions, random_game_until


def test_random_ascent_games_on_the_board_follow_the_rules():
    results = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = GAMES["ascent"].start(seed=seed)
        board = AscentBoard.of(state)
        while state.outcome is None:
            assert sorted(board.notation(m) for m in board.moves()) == sorted(state.legal_moves())
            assert board.mover == state.to_move and board.over() is None
            assert board.key() == AscentBoard.of(state).key() and board.rows == AscentBoard.of(state).rows
            move = rng.choice(board.moves())
            state, board = state.play(board.notation(move)), board.play(move)
        first = state.outcome.places[0]
        expected = 0 if len(first) > 1 else (1 if board.mover in first else -1)
        assert board.over() == expected and board.result == AscentBoard.of(state).result
        results.add(expected)
    assert {-1, 1} <= results  # won and lost for the side to move both met


def test_ascent_completable_rows_are_those_one_switch_completes():
    for seed in range(30):
        rng = random.Random(seed)
        state = GAMES["ascent"].start(seed=seed)
        for _ in range(rng.randrange(1, 8)):
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is not None:
            continue
        board = AscentBoard.of(state)
        for row in range(8):
            one_switch = any(row in {r for r in range(8) if is_climbing(board.play(m), r)} for m in board.moves())
            assert board.completable(row) == one_switch, (state.board, row)


def is_climbing(board: AscentBoard, row: int) -> bool:
    from engines.games.ascent import CLIMBS
    return CLIMBS[board.rows[row]]


def test_ascent_search_proves_what_a_full_search_through_the_rules_proves():
    """Positions won or lost within two plies: the board's search gives the rules' result."""
    met, checked = set(), 0
    for seed in range(40):
        state = random_game_until("ascent", seed, {}, lambda s, rng: rng.random() < 0.4)
        if state is None:
            continue
        truth = short_result(state, 2)
        search = AlphaBeta(AscentBoard.of(state), 200_000, float("inf"), depth=2)
        search.run()
        found = 0 if abs(search.value) < WIN - 100 else (1 if search.value > 0 else -1)
        if truth is not None:
            assert found == truth, state.board
            met.add(truth)
            checked += 1
            if checked >= 6 and {1, -1} <= met:
                break
    assert {1, -1} <= met


def short_result(state: State, plies: int) -> int | None:
    """+1 or -1 for the side to move of a running position when the game is won or lost within `plies`
    with best play, through the rules; None when it is not (or may be drawn)."""
    if plies == 0:
        return None
    mover = state.to_move
    found: list[int | None] = []  # each move's result for the mover; None where it is not decided
    for move in state.legal_moves():
        after = state.play(move)
        if after.outcome is not None:
            first = after.outcome.places[0]
            if len(first) > 1:
                found.append(None)
            else:
                found.append(1 if mover in first else -1)
        else:
            result = short_result(after, plies - 1)
            found.append(None if result is None else -result)
    if 1 in found:
        return 1
    if all(result == -1 for result in found):
        return -1
    return None


@pytest.mark.parametrize("level", LEVELS)
def test_each_levels_x_and_lines_solver_gives_the_rules_result(level):
    checked = 0
    for state in line_phase_positions(8, lines=2):
        solved = REGISTRY["xlines"].engine.knowledge.at(level).exact(state)
        if solved is not None:
            assert solved == best_play(state), [line.notation for line in state.lines]
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("level", LEVELS)
def test_each_levels_multiplications_solver_gives_the_rules_result(level):
    checked = 0
    for seed in range(30):
        state = random_game_until("permutation", seed, {"k": 3},
                                  lambda s, rng: len(s.placed) >= s.n - 2 and rng.random() < 0.5)
        if state is None:
            continue
        solved = REGISTRY["permutation"].engine.knowledge.at(level).exact(state)
        if solved is not None:
            expected = best_play(state)
            mover = state.to_move
            if SLIPS[level] and expected[mover] == 1.0:
                # a level that counts on the other going wrong values a won position a little less
                assert 1.0 - SLIPS[level] <= solved[mover] <= 1.0 and sum(solved) == 1.0
            else:
                assert solved == expected, (state.rank_of, state.numbered)
            checked += 1
    assert checked >= 5


def test_a_levels_knowledge_is_made_afresh_for_each_search():
    for name in ("xlines", "permutation"):
        knowledge = REGISTRY[name].engine.knowledge
        assert knowledge.at("hard") is not knowledge.at("hard")
        assert knowledge.at("hard").exact is not knowledge.exact


@pytest.mark.parametrize(("name", "options", "plies"), [
    ("xlines", {"size": 12}, 13), ("xlines", {"size": 12}, 4), ("permutation", {"k": 5}, 8),
    ("permutation", {"k": 5}, 12), ("ascent", {}, 2)])
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_move(name, options, plies, level):
    rng = random.Random(plies)
    state = GAMES[name].start(players=2, options=options, seed=3)
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    assert state.outcome is None
    moves = {choose_move(state, level, seed=9, seconds=60) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(state.legal_moves())


def test_ascent_medium_and_easy_search_whole_budgets_the_same_way():
    state = random_game_until("ascent", 5, {}, lambda s, rng: len(s.legal_moves()) > 60)
    for level in ("easy", "medium"):
        engine = REGISTRY["ascent"].engine
        first, again = (engines.analyse(state, engine, level, seed=4, seconds=60) for _ in range(2))
        assert [(m, c.visits) for m, c in first.root.children] == [(m, c.visits) for m, c in again.root.children]
