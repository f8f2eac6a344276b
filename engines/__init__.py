"""Computer players: Monte-Carlo tree search through the game contract, at a few levels.

    from engines import LEVELS, choose_move
    move = choose_move(state, engine, level="medium", seed=1234)   # a legal move of state.to_move, canonical

    position = evaluate(state, engine, work_for(engine, 61))   # post-game analysis, by work: engines/analysis.py

`engine` is the game's `Engine`, from its registration (games/registry.py): what the search knows of the
game, the budgets of its levels and its analysis. `games.choose_move` and the like find it by the
game's name, for the bot and its worker processes.

Pure computation: no I/O, importing `rules`, the standard library and numpy only (Multiplications
solves its numberings with array arithmetic), so the bot can run it in a worker process (everything
here is top-level and picklable).
"""
from __future__ import annotations

import time
from dataclasses import replace

from engines.analysis import (
    SEVERITIES,
    THRESHOLDS,
    Analysis,
    Candidate,
    Check,
    Judgement,
    Position,
    assemble,
    other_seed,
    questioned,
    work_for,
)
from engines.deepening import Deepened, deepen
from engines.engine import Engine
from engines.evaluation import evaluate
from engines.levels import ALPHABETA, LEVELS, Level
from engines.mcts import Search
from rules.core import State

__all__ = ["LEVELS", "SEVERITIES", "THRESHOLDS", "Analysis", "Candidate", "Check", "Deepened", "Engine", "Judgement",
           "Level", "Position", "analyse", "assemble", "choose_move", "deepen", "evaluate", "other_seed", "questioned",
           "work_for"]


def analyse(state: State, engine: Engine, level: str = "medium", seed: int = 0, seconds: float | None = None,
            iterations: int | None = None, legal: list[str] | None = None, effort: float = 1.0) -> Search:
    """The finished search behind choose_move (its tree, and `done`, the iterations it ran); `effort`
    scales the level's budget (see choose_move)."""
    started = time.perf_counter()
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to choose")
    budget = engine.budget(level)
    cap = budget.seconds if seconds is None else seconds
    knowledge = engine.knowledge.at(level)
    if iterations is None:
        share = knowledge.effort(state) if knowledge.effort is not None else 1.0
        iterations = max(1, round(budget.iterations * share * effort))
    search = Search(state, knowledge, iterations, started + cap, seed, legal=legal)
    search.run()
    return search


def choose_move(state: State, engine: Engine, level: str = "medium", seed: int = 0, seconds: float | None = None,
                effort: float = 1.0) -> str:
    """A legal move for the player to move, in canonical notation.

    The level's iteration budget bounds the search and makes the answer the same for the same seed;
    `seconds` overrides the level's time cap, which stops the search early if the machine is slow.
    `effort` (at most 1) scales the budget down: a computer short of time on a game clock thinks less.
    A position with a single legal move is answered at once.
    """
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to choose")
    moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    budget = engine.budget(level)
    if effort < 1.0:
        budget = replace(budget, iterations=max(1, round(budget.iterations * effort)))
    boarding = engine.knowledge.at(level).board
    if budget.search == ALPHABETA and boarding is not None and state.players == 2:
        return deepen(state, boarding, budget, seconds, seed).notation
    return analyse(state, engine, level, seed, seconds, legal=moves, effort=effort).best(budget.temperature)
