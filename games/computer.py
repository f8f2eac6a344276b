"""A registered game's computer players and analyses, found by the game's name: what the bot runs in its
worker processes, which are sent these functions and plain arguments (a position, a name, numbers) and
find the game's engine in their own copy of the registry. An unknown game is a KeyError."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import engines
from engines.analysis import Analysis, Position
from engines.levels import Level
from games.registry import REGISTRY
from rules.core import State


def choose_move(state: State, level: str = "medium", seed: int = 0, seconds: float | None = None,
                effort: float = 1.0) -> str:
    """The computer's move at `level` (see engines.choose_move)."""
    return engines.choose_move(state, REGISTRY[state.game].engine, level, seed, seconds, effort)


def level_budget(game: str, level: str) -> Level:
    """The search and budget of `level` in `game`; ValueError for an unknown level."""
    return REGISTRY[game].engine.budget(level)


def evaluate(state: State, work: int, seed: int = 0, played: str | None = None) -> Position:
    """The computer's view of `state` for an analysis (see engines.evaluation.evaluate)."""
    return engines.evaluate(state, REGISTRY[state.game].engine, work, seed, played)


def work_for(game: str, positions: int) -> int:
    """The work each of a match's `positions` of `game` is searched with (see engines.analysis.work_for)."""
    return engines.work_for(REGISTRY[game].engine, positions)


def assemble(game: str, players: int, movers: Sequence[int], moves: Sequence[str], positions: Sequence[Position],
             again: Mapping[int, Position] | None = None, work: int = 0) -> Analysis:
    """The Analysis of a match of `game` (see engines.analysis.assemble)."""
    return engines.assemble(REGISTRY[game].engine, game, players, movers, moves, positions, again, work)
