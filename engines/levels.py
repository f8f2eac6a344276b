"""The levels: each a search and its budget. The budget is what makes a level deterministic for a seed
and what bounds it in practice: iterations of the Monte-Carlo search, or positions (nodes) visited by
the alpha-beta search in the two-player games that have a fast board for it. A time cap is the safety
net on a slow machine (when it binds, the answer depends on the clock), and `easy` draws its move with
some randomness.

An iteration costs very different time in different games (an Elevation position lists up to ~5,000
turns), so a game's registration may give its own budgets and say which levels search with alpha-beta
(`engines.engine.Engine`); the caps and the randomness are the same for every game.
"""
from __future__ import annotations

from dataclasses import dataclass

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
MCTS, ALPHABETA = "mcts", "alphabeta"

CAPS = {"easy": 0.5, "medium": 1.5, "hard": 4.0}
TEMPERATURE = {"easy": 0.5}


@dataclass(frozen=True)
class Level:
    iterations: int  # Monte-Carlo iterations, or alpha-beta nodes
    seconds: float  # the time cap
    temperature: float = 0.0  # > 0: the move is drawn in proportion to visits^(1/temperature)
    search: str = MCTS
    width: int = 0  # alpha-beta: the moves searched per position beyond the root, best first (0: all)


def known(level: str) -> str:
    """`level`, or ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return level
