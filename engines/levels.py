"""The levels: each a search and its budget. The budget is what makes a level deterministic for a seed
and what bounds it in practice: iterations of the Monte-Carlo search, or positions (nodes) visited by
the alpha-beta search in the two-player games that have a fast board for it. A time cap is the safety
net on a slow machine (when it binds, the answer depends on the clock), and `easy` draws its move with
some randomness.

An iteration costs very different time in different games (an Elevation position lists up to ~5,000
turns), so a game may have its own budgets; the caps are the same for every game.
"""
from __future__ import annotations

from dataclasses import dataclass

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
MCTS, ALPHABETA = "mcts", "alphabeta"


@dataclass(frozen=True)
class Level:
    iterations: int  # Monte-Carlo iterations, or alpha-beta nodes
    seconds: float  # the time cap
    temperature: float = 0.0  # > 0: the move is drawn in proportion to visits^(1/temperature)
    search: str = MCTS
    width: int = 0  # alpha-beta: the moves searched per position beyond the root, best first (0: all)


CAPS = {"easy": 0.5, "medium": 1.5, "hard": 4.0}
TEMPERATURE = {"easy": 0.5}
# Chosen so that a hard move takes about a second on a 2-core machine of 2026 (median at most 1.5 s, never
# the 4 s cap), and so that, in bench/strength.py, hard beats medium and medium beats easy in at least
# three games of four that are decided.
ITERATIONS = {
    "default": {"easy": 100, "medium": 1500, "hard": 8000},
    "ascent": {"easy": 100, "medium": 1000, "hard": 40_000},  # hard: nodes; a game rarely lasts ten plies
    "attaxx": {"easy": 100, "medium": 1000, "hard": 60_000},
    "ikabegama": {"easy": 100, "medium": 1000, "hard": 40_000},
    # hard judges placements by solving (a quarter of its iterations on 11×11); medium's few iterations leave
    # it room to go wrong in the placement's end, which it does not solve (engines/games/permutation.py)
    "permutation": {"easy": 80, "medium": 250, "hard": 1200},
    "xlines": {"easy": 12, "medium": 120, "hard": 800},  # an iteration may solve a line phase: few needed
    "elevation": {"easy": 150, "medium": 1200, "hard": 4000},  # nodes, over a shortlist of turns
}
# The levels that search with alpha-beta, in the games that have a fast board for it.
SEARCHES = {
    "ascent": {"hard": ALPHABETA},  # medium searching so too plays as well as hard (bench/strength.py)
    "attaxx": {"hard": ALPHABETA},
    "ikabegama": {"hard": ALPHABETA},
    "elevation": {"easy": ALPHABETA, "medium": ALPHABETA, "hard": ALPHABETA},
}
# The moves an alpha-beta level searches per position beyond the root, where a game has too many to
# search them all (its board lists them best first).
WIDTHS = {
    "elevation": {"easy": 4, "medium": 6, "hard": 8},
}


def level_budget(game: str, level: str) -> Level:
    """The budget of `level` for `game`; ValueError for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    iterations = ITERATIONS.get(game, ITERATIONS["default"])[level]
    search = SEARCHES.get(game, {}).get(level, MCTS)
    return Level(iterations, CAPS[level], TEMPERATURE.get(level, 0.0), search, WIDTHS.get(game, {}).get(level, 0))
