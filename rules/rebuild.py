"""A match's positions rebuilt from its moves: the move log is the source of truth, and every position
of a match is its start replayed move by move."""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from rules import Game, State


def positions(game: Game, players: int, options: Mapping[str, Any], seed: int, moves: Iterable[str]) -> Iterator[State]:
    """Every position of a match of `game` in turn: the start, then the one after each of `moves`
    (IllegalMove if one of them is not legal where it comes)."""
    state = game.start(players, options, seed)
    yield state
    for move in moves:
        state = state.play(move)
        yield state


def rebuild(game: Game, players: int, options: Mapping[str, Any], seed: int, moves: Iterable[str]) -> State:
    """The position after `moves`, played from the start of a match of `game`."""
    return deque(positions(game, players, options, seed, moves), maxlen=1).pop()

