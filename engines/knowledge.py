"""What a game may tell the search beyond its rules: an evaluation, a playout policy, a move order.

Every field is optional. A game registered with GENERIC (its registration says the computer knows it
only by its rules) is played with random playouts to the end of the game, cut after GENERIC_DEPTH plies
and then ranked by the position's `scores` if it keeps any (an even share if not).

The functions take any `rules.core.State`, and the searches give a game's knowledge its own game's
positions only: a game's function reads the fields of its state class after `own_position`.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from engines.alphabeta import Board
from engines.rewards import Rewards, by_scores
from rules.core import State

Evaluation = Callable[[State], Rewards]  # expected reward per seat in [0, 1] of a running position
Policy = Callable[[State, random.Random], State]  # the position after the playout's next move
Order = Callable[[State, list[str], random.Random], list[str]]  # the moves, most promising first
Exact = Callable[[State], "Rewards | None"]  # a running position's result with best play, when known cheaply
Boarding = Callable[[State], Board]  # a two-player position as the alpha-beta search's fast board

GENERIC_DEPTH = 400

G = TypeVar("G")


@dataclass(frozen=True)
class Knowledge:
    """evaluate: the expected reward per seat of a running position. playout: the playout's next
    position (default: after a uniformly random move). playout_depth: plies a playout runs before it
    is cut and evaluated (0: evaluate the new leaf at once). order: the order to try a node's moves in
    (default: random). exploration: the UCT constant. widening: how fast a node with many moves adds
    children (at most widening · √visits of them). minimax: the weight of the minimax of the
    evaluations below a child against its mean reward when choosing (implicit minimax backups, for
    games with a good evaluation; 0 for plain UCT). exact: the result of a running position with best
    play when the game can work it out quickly (None when it cannot): the search then treats the
    position as proven, as it does a finished one. board: the position as a fast board for the
    alpha-beta search (engines/alphabeta.py), for the levels that play a two-player game with it.
    effort: the share of a level's Monte-Carlo iterations a position is worth (all of them when None):
    a phase whose moves decide little may be played quickly, leaving the time to those that do.
    levels: the knowledge a level plays with when it differs from this one (a level that should solve
    less, or judge differently), made afresh for each search so that it may remember what it works out
    for as long as the search runs; this one is the analysis's, and any level's that `levels` returns
    None for."""

    evaluate: Evaluation | None = None
    playout: Policy | None = None
    playout_depth: int = GENERIC_DEPTH
    order: Order | None = None
    exploration: float = 1.0
    widening: float = 2.0
    minimax: float = 0.0
    exact: Exact | None = None
    board: Boarding | None = None
    effort: Callable[[State], float] | None = None
    levels: Callable[[str], Knowledge | None] | None = None

    def at(self, level: str) -> Knowledge:
        """The knowledge `level` plays with, for one search."""
        chosen = self.levels(level) if self.levels is not None else None
        return self if chosen is None else chosen

    def estimate(self, state: State) -> Rewards:
        """The evaluation, or for a game without one the ranking by `scores` (an even share without)."""
        if self.evaluate is not None:
            return self.evaluate(state)
        players = state.players
        scores = state.scores
        if scores and len(scores) == players:
            return by_scores(scores, players)
        return (1.0 / players,) * players if players > 2 else (0.5, 0.5)


GENERIC = Knowledge()  # nothing beyond the rules: what a game's registration gives when there is no more


def own_position(state: State, kind: type[G]) -> G:
    """`state` as a position of the game a knowledge was made for, whose positions are `kind`s: the
    searches ask a game's knowledge about its own game's positions only (TypeError for another's)."""
    if not isinstance(state, kind):
        raise TypeError(f"knowledge of {kind.__name__} positions was asked about a {type(state).__name__}")
    return state


def seat_to_move(state: State) -> int:
    """The seat to move in `state`, a running position (ValueError once the game is over)."""
    mover = state.to_move
    if mover is None:
        raise ValueError("the game is over: nobody is to move")
    return mover
