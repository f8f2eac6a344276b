"""Computer players: Monte-Carlo tree search through the game contract, at a few levels.

    from engines import LEVELS, choose_move
    move = choose_move(state, level="medium", seed=1234)   # a legal move of state.to_move, canonical

    position = evaluate(state, work_for(state.game, 61))   # post-game analysis, by work: engines/analysis.py

Pure computation: no I/O, importing `rules`, the standard library and numpy only (Multiplications
solves its numberings with array arithmetic), so the bot can run it in a worker process (everything
here is top-level and picklable).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from engines.alphabeta import PROVEN, AlphaBeta, Board
from engines.analysis import (
    SEVERITIES,
    THRESHOLDS,
    Analysis,
    Candidate,
    Check,
    Judgement,
    Position,
    assemble,
    evaluate,
    other_seed,
    questioned,
    work_for,
)
from engines.games import knowledge_for
from engines.knowledge import Boarding
from engines.levels import ALPHABETA, LEVELS, Level, level_budget
from engines.mcts import Search
from rules.core import State

__all__ = ["LEVELS", "SEVERITIES", "THRESHOLDS", "Analysis", "Candidate", "Check", "Judgement", "Level", "Position",
           "analyse", "assemble", "choose_move", "deepen", "evaluate", "level_budget", "other_seed",
           "questioned", "work_for"]


def analyse(state: State, level: str = "medium", seed: int = 0, seconds: float | None = None,
            iterations: int | None = None, legal: list[str] | None = None) -> Search:
    """The finished search behind choose_move (its tree, and `done`, the iterations it ran)."""
    started = time.perf_counter()
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to choose")
    budget = level_budget(state.game, level)
    cap = budget.seconds if seconds is None else seconds
    knowledge = knowledge_for(state.game).at(level)
    if iterations is None:
        share = knowledge.effort(state) if knowledge.effort is not None else 1.0
        iterations = max(1, round(budget.iterations * share))
    search = Search(state, knowledge, iterations, started + cap, seed, legal=legal)
    search.run()
    return search


def choose_move(state: State, level: str = "medium", seed: int = 0, seconds: float | None = None) -> str:
    """A legal move for the player to move, in canonical notation.

    The level's iteration budget bounds the search and makes the answer the same for the same seed;
    `seconds` overrides the level's time cap, which stops the search early if the machine is slow.
    A position with a single legal move is answered at once.
    """
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to choose")
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    budget = level_budget(state.game, level)
    boarding = knowledge_for(state.game).at(level).board
    if budget.search == ALPHABETA and boarding is not None and state.players == 2:
        return deepen(state, boarding, budget, seconds, seed).notation
    return analyse(state, level, seed, seconds, legal=moves).best(budget.temperature)


def deepen(state: State, boarding: Boarding, budget: Level, seconds: float | None = None, seed: int = 0) -> Deepened:
    """The alpha-beta search behind choose_move at a level that uses it. A level with a temperature
    scores every root move exactly and draws one in proportion to exp((score - best) / temperature),
    scores in the board's units (a proven win is always played, a proven loss never when avoidable)."""
    started = time.perf_counter()
    board = boarding(state)
    search = AlphaBeta(board, budget.iterations, started + (budget.seconds if seconds is None else seconds),
                       fixed=drawn_by_the_rules(state, board), width=budget.width,
                       banked=board.banked() if hasattr(board, "banked") else {},
                       ceilings=dict.fromkeys(board.drawable(), 0.0) if hasattr(board, "drawable") else {},
                       spread=budget.temperature > 0)
    move = search.run()
    if budget.temperature > 0 and search.scores:
        move = drawn(search.scores, budget.temperature, random.Random(seed))
    return Deepened(board.notation(move), search.reached, search.visited, search.value)


def drawn(scores: dict, temperature: float, rng: random.Random):
    """A root move drawn in proportion to exp((score - best) / temperature), proven losses left out
    unless every move is one; a proven win is always played."""
    best = max(scores.values())
    if best >= PROVEN:
        return next(move for move, score in scores.items() if score == best)
    pool = [(move, score) for move, score in scores.items() if score > -PROVEN] or list(scores.items())
    weights = [math.exp((score - best) / temperature) for _, score in pool]
    return rng.choices([move for move, _ in pool], weights=weights)[0]


def drawn_by_the_rules(state: State, board: Board) -> dict[Any, float]:
    """The moves after which the rules draw a game the board plays on (a threefold repetition, which
    needs the game's history), valued as draws at the root of the search."""
    history = getattr(state, "history", ())
    if len(set(history)) == len(history):
        return {}  # no position has occurred twice: no move can make one occur a third time
    drawn = {}
    for move in board.moves():
        outcome = state.play(board.notation(move)).outcome
        if outcome is not None and len(outcome.places) == 1 and board.play(move).over() is None:
            drawn[move] = 0.0
    return drawn


@dataclass(frozen=True)
class Deepened:
    notation: str
    depth: int  # the deepest search completed
    nodes: int
    value: float  # for the side to move
