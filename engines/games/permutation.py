"""Multiplications Within The Permutation: playouts write the next number mostly where it scores most."""
from __future__ import annotations

import random

from engines.knowledge import Knowledge
from rules.permutation import PermutationState, points

GREEDY = 0.75  # how often a playout's numbering move takes the best score on offer


def playout(state: PermutationState, rng: random.Random) -> PermutationState:
    squares = state.legal_squares()
    if state.placing or rng.random() >= GREEDY:
        return state.apply(rng.choice(squares))
    previous = state.square_of(state.numbered[-1])
    return state.apply(max(squares, key=lambda square: points(previous, square)))


PERMUTATION = Knowledge(playout=playout, exploration=0.7)
