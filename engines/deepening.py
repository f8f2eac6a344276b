"""A level that searches with alpha-beta: the position as the game's fast board, searched by iterative
deepening within the level's nodes (engines/alphabeta.py), and the move drawn among the best at a level
with a temperature. The analysis's alpha-beta (engines/evaluation.py) values draws by the rules the
same way."""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from engines.alphabeta import PROVEN, AlphaBeta, Board
from engines.knowledge import Boarding
from engines.levels import Level
from rules.core import State


@dataclass(frozen=True)
class Deepened:
    notation: str
    depth: int  # the deepest search completed
    nodes: int
    value: float  # for the side to move


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
