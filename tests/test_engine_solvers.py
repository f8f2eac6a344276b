"""The exact solutions some games give the search (X's and lines' line phase, two players' numbering in
Multiplications) agree with a brute-force search through the game contract, and a computer at any
level, `easy` included, never throws away a position such a solution has proven won."""
from __future__ import annotations

import random

import pytest

from engines import LEVELS
from engines.games import permutation, xlines
from engines.rewards import outcome_rewards
from games import GAMES, choose_move
from rules import State
from rules.xlines import Line, XLinesState
from tests.support.playouts import seat_to_move


def best_play(state: State) -> tuple[float, ...]:
    """Every seat's reward with best play (max^n), by trying every move (but not after a win)."""
    if state.outcome is not None:
        return outcome_rewards(state.outcome, state.players)
    mover = seat_to_move(state)
    best: tuple[float, ...] | None = None
    for move in state.legal_moves():
        rewards = best_play(state.play(move))
        if best is None or rewards[mover] > best[mover]:
            best = rewards
            if best[mover] == 1.0:
                break
    assert best is not None, "a game still running offers a move"
    return best


def random_game_until(name: str, seed: int, options: dict, ready) -> State | None:
    """A random two-player game of `name`, stopped at the first position where `ready` holds."""
    rng = random.Random(seed)
    state = GAMES[name].start(players=2, options=options, seed=seed)
    while state.outcome is None:
        if ready(state, rng):
            return state
        state = state.play(rng.choice(state.legal_moves()))
    return None


def line_phase_positions(count: int, lines: int) -> list[XLinesState]:
    """Positions of 8×8 games with at least `lines` lines drawn, from different random games."""
    found: list[XLinesState] = []
    for seed in range(200):
        state = random_game_until("xlines", seed, {"size": 8},
                                  lambda s, rng, drawn=lines + seed % 3: not s.placing and len(s.lines) >= drawn)
        if state is not None:
            assert isinstance(state, XLinesState)
            found.append(state)
            if len(found) == count:
                return found
    raise AssertionError("too few long enough random games")


def test_x_and_lines_crossings_worked_out_per_placement_match_the_rules():
    crossings = 0
    for seed in range(6):
        rng = random.Random(seed)
        size = 8 + seed
        xs = tuple(rng.sample([(f, r) for f in range(size) for r in range(size)], size))
        lines = xlines.lines_between(xs)
        found = {k: Line(start, end, corner) for (start, end, corner), k in lines.ids.items()}
        assert len(found) == len(lines.crossing)
        for k, line in found.items():
            assert not any(square in xs for square in line.passes)
            for j, other in found.items():
                assert bool(lines.crossing[k] >> j & 1) == line.crosses(other), (line, other)
                crossings += line.crosses(other)
    assert crossings > 100  # lines that cross as well as lines that do not


def test_x_and_lines_exact_solution_matches_brute_force():
    results = set()
    for state in line_phase_positions(12, lines=2):
        solved = xlines.exact(state)
        assert solved == best_play(state), [line.notation for line in state.lines]
        results.add(solved)
    assert len(results) == 2  # won and lost positions both met


def test_x_and_lines_first_line_is_solved_with_any_x_as_its_start():
    state = random_game_until("xlines", 0, {"size": 8}, lambda s, rng: not s.placing)
    assert state.lines == () and state.to_move == 0
    winning = {move for move in state.legal_moves() if best_play(state.play(move))[0] == 1.0}
    assert xlines.exact(state) == ((1.0, 0.0) if winning else (0.0, 1.0))


def test_multiplications_exact_solution_matches_brute_force():
    results = set()
    for seed in range(40):
        state = random_game_until("permutation", seed, {"k": 3},
                                  lambda s, rng: not s.placing and rng.random() < 0.3)
        if state is None:
            continue
        solved = permutation.exact(state)
        assert solved == best_play(state), (state.rank_of, state.numbered)
        results.add(solved)
    assert {(1.0, 0.0), (0.0, 1.0)} <= results


def test_multiplications_is_not_solved_for_more_players_or_when_too_big():
    many = GAMES["permutation"].start(players=3, options={"k": 3}, seed=1)
    rng = random.Random(1)
    while many.placing:
        many = many.play(rng.choice(many.legal_moves()))
    assert permutation.exact(many) is None
    big = random_game_until("permutation", 2, {"k": 8}, lambda s, rng: not s.placing)
    assert permutation.exact(big) is None


@pytest.mark.parametrize("level", LEVELS)
def test_a_solved_won_position_is_never_thrown_away(level):
    """In lost-for-the-other-side line phases, every level plays a move that keeps the win (easy's
    randomness never picks a move the solution proved lost)."""
    checked = 0
    for state in line_phase_positions(10, lines=1):
        mover = state.to_move
        keeping = {move for move in state.legal_moves() if best_play(state.play(move))[mover] == 1.0}
        if not keeping or len(keeping) == len(state.legal_moves()):
            continue
        for seed in range(3):
            assert choose_move(state, level, seed=seed) in keeping
        checked += 1
    assert checked >= 3
