"""The alpha-beta search: with its table, killers and null windows it finds exactly what plain minimax
finds at the same depth (passes and endings included), it wins as quickly as it can, keeps to its node
budget and answers the same way twice, and the level that uses it plays the same move for the same
position on any machine; at the root a gain banked now beats the same gain at the horizon, and a move
that offers the opponent a draw is worth a draw at most."""
from __future__ import annotations

import random
import time

import pytest

from engines import deepen
from engines.alphabeta import PROVEN, WIN, AlphaBeta
from engines.games.infection_board import InfectionBoard
from games import GAMES, REGISTRY, choose_move, level_budget


def minimax(board, depth: int, ply: int = 0) -> float:
    """Plain negamax, every move played: what the search must find."""
    if board.result is not None:
        return board.over() * (WIN - ply) if board.over() else 0.0
    if depth == 0:
        return board.score()
    best = -2 * WIN
    for move in board.moves():
        child = board.play(move)
        value = minimax(child, depth - 1, ply + 1)
        best = max(best, value if child.mover == board.mover else -value)
    return best


def positions(name: str, count: int, options: dict | None = None, late: bool = False, widest: int = 10**9):
    """Boards from random games: in the middle of the game, or near its end (few empty cells, where
    passes and endings come within reach); with at most `widest` moves, so that minimax stays cheap."""
    found = []
    for seed in range(200):
        rng = random.Random(seed)
        state = GAMES[name].start(options=options, seed=seed)
        states = [state]
        while state.outcome is None:
            state = state.play(rng.choice(state.legal_moves()))
            states.append(state)
        running = [s for s in states if s.outcome is None]
        pick = running[-rng.randrange(1, min(8, len(running)) + 1)] if late else running[len(running) // 3]
        board = InfectionBoard.of(pick)
        if len(board.moves()) <= widest:
            found.append(board)
        if len(found) == count:
            return found
    return found


@pytest.mark.parametrize(("name", "options", "late"), [
    ("attaxx", None, False), ("attaxx", None, True), ("ikabegama", {"size": 4}, False), ("ikabegama", None, True),
])
def test_without_reductions_it_finds_exactly_what_minimax_finds(name, options, late):
    for board in positions(name, 6, options, late, widest=40):
        depth = 3
        search = AlphaBeta(board, nodes=10**7, deadline=time.perf_counter() + 600, depth=depth, reduce=False)
        move = search.run()
        if len(board.moves()) == 1:
            continue
        assert search.reached == depth or abs(search.value) >= WIN - 100
        expected = minimax(board, search.reached)
        assert search.value == pytest.approx(expected)
        child = board.play(move)
        found = minimax(child, search.reached - 1, 1)
        assert (found if child.mover == board.mover else -found) == pytest.approx(expected)


def test_the_quickest_win_is_played():
    from tests.test_attaxx import position

    # White takes every black piece at once with c4; a slower capture also wins in the end
    board = InfectionBoard.of(position("O...... ....... ..XX... ...X... .O..... ....... ......."))
    search = AlphaBeta(board, nodes=200_000, deadline=time.perf_counter() + 600, depth=4)
    assert board.notation(search.run()) == "c4"
    assert search.value == WIN - 1


def test_the_node_budget_bounds_the_search_and_it_answers_the_same_twice():
    board = positions("attaxx", 1)[0]
    first = AlphaBeta(board, nodes=3000, deadline=time.perf_counter() + 600)
    again = AlphaBeta(board, nodes=3000, deadline=time.perf_counter() + 600)
    assert first.run() == again.run()
    assert first.visited == again.visited == 3000
    assert (first.reached, first.value) == (again.reached, again.value) and first.reached >= 2


def test_a_deadline_already_past_still_gives_a_legal_move():
    board = positions("attaxx", 1)[0]
    search = AlphaBeta(board, nodes=10**6, deadline=time.perf_counter() - 1)
    assert search.run() in board.moves()


@pytest.mark.parametrize("name", ["attaxx", "ikabegama"])
def test_the_hard_level_searches_with_alpha_beta_within_its_budget(name):
    budget = level_budget(name, "hard")
    assert budget.search == "alphabeta"
    rng = random.Random(4)
    state = GAMES[name].start(seed=4)
    for _ in range(10):
        state = state.play(rng.choice(state.legal_moves()))
    found = deepen(state, REGISTRY[name].engine.knowledge.board, budget, seconds=600)
    assert found.nodes <= budget.iterations
    assert found.depth >= 3 or abs(found.value) >= PROVEN  # deep, or it has seen how the game ends
    assert found.notation in state.legal_moves()
    assert choose_move(state, "hard", seed=1, seconds=600) == choose_move(state, "hard", seed=2, seconds=600) \
        == found.notation


def test_a_move_the_rules_draw_by_repetition_counts_as_a_draw_at_the_root():
    from engines.deepening import drawn_by_the_rules

    state = GAMES["attaxx"].start()
    for move in ["a7a5", "a1a3", "a5a7", "a3a1", "a7a5", "a1a3", "a5a7"]:
        state = state.play(move)
    board = InfectionBoard.of(state)
    drawn = drawn_by_the_rules(state, board)
    assert [board.notation(m) for m in drawn] == ["a3a1"] and set(drawn.values()) == {0.0}
    search = AlphaBeta(board, nodes=20_000, deadline=time.perf_counter() + 600, fixed=drawn)
    search.run()
    assert search.scores[next(iter(drawn))] == 0.0


class Offer:
    """A piece on offer to the root's side (seat 0) that nothing can save: the evaluation counts it as good
    as taken, so taking it now and taking it at the search's horizon score the same."""

    def __init__(self, mover: int = 0, taken: bool = False):
        self.mover, self.taken = mover, taken

    def key(self):
        return self.mover, self.taken

    def moves(self):
        return ["wait", "take"] if self.mover == 0 and not self.taken else ["wait"]

    def play(self, move):
        return Offer(1 - self.mover, self.taken or move == "take")

    def over(self):
        return None

    def score(self):
        return 3.0 if self.mover == 0 else -3.0

    def horizon(self):
        return None

    def notation(self, move):
        return move


def test_a_gain_banked_at_the_root_is_taken_now_rather_than_at_the_horizon():
    waits = AlphaBeta(Offer(), nodes=500, deadline=time.perf_counter() + 600, depth=4)
    assert waits.run() == "wait" and waits.scores == {"wait": 3.0, "take": 3.0}
    takes = AlphaBeta(Offer(), nodes=500, deadline=time.perf_counter() + 600, depth=4, banked={"take": 0.9})
    assert takes.run() == "take" and takes.scores["take"] == 3.9


def test_a_move_after_which_the_opponent_can_draw_is_worth_a_draw_at_most():
    search = AlphaBeta(Offer(), nodes=500, deadline=time.perf_counter() + 600, depth=4, ceilings={"wait": 0.0})
    assert search.run() == "take" and search.scores["wait"] == 0.0
