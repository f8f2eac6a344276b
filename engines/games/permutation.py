"""Multiplications Within The Permutation: playouts write the next number mostly where it scores most;
between two players, a numbering position small enough is solved exactly, and a placement judged by
solving a random completion of it.

Once every x is placed, two players' remaining game is a question of where the numbers go: the best
final lead of the player to move depends only on the x holding the last number and the x's left, which
the exact solution remembers (at most n · 2^(n-1) positions; BUDGET bounds them).
"""
from __future__ import annotations

import random

from engines.budget import OutOfBudget, memoized
from engines.knowledge import Knowledge
from engines.rewards import Rewards, outcome_rewards
from rules.permutation import PermutationState, Square, points

GREEDY = 0.75  # how often a playout's numbering move takes the best score on offer
BUDGET = 4000  # positions the exact solution may work out before it gives up


def playout(state: PermutationState, rng: random.Random) -> PermutationState:
    squares = state.legal_squares()
    if state.placing or rng.random() >= GREEDY:
        return state.apply(rng.choice(squares))
    previous = state.square_of(state.numbered[-1])
    return state.apply(max(squares, key=lambda square: points(previous, square)))


def best_lead(squares: list[Square], last: int, left: int, budget: int) -> int:
    """The most the player to move can finish ahead of the other over the numbers still to write, from
    the x `last` (an index into `squares`) with the x's in bit set `left` unnumbered."""
    gain = [[points(a, b) for b in squares] for a in squares]

    @memoized(budget)
    def lead(last: int, left: int) -> int:
        if not left:
            return 0
        row = gain[last]
        best = None
        rest = left
        while rest:
            bit = rest & -rest
            rest ^= bit
            x = bit.bit_length() - 1
            value = row[x] - lead(x, left ^ bit)
            if best is None or value > best:
                best = value
        return best

    return lead(last, left)


def exact(state: PermutationState) -> Rewards | None:
    """Between two players, the result of a numbering position with best play, if it is small enough."""
    if state.players != 2 or state.placing or state.outcome is not None:
        return None
    squares = [state.square_of(f) for f in range(state.n)]
    written = set(state.numbered)
    count = state.n - len(written)
    if count * 2 ** (count - 1) > 2 * BUDGET:  # far too many: not worth starting
        return None
    left = sum(1 << f for f in range(state.n) if f not in written)
    try:
        lead = best_lead(squares, state.numbered[-1], left, BUDGET)
    except OutOfBudget:
        return None
    mover = state.to_move
    final = state.scores[mover] - state.scores[1 - mover] + lead
    if final == 0:
        return (0.5, 0.5)
    return (1.0, 0.0) if (final > 0) == (mover == 0) else (0.0, 1.0)


def value(state: PermutationState) -> Rewards:
    """A playout from here; between two players, the placement is completed at random and the numbering
    then solved exactly where it is small enough (a random numbering says little of a placement)."""
    rng = random.Random(hash((state.rank_of, state.numbered)))
    while state.placing:
        state = playout(state, rng)
    if state.outcome is None and (solved := exact(state)) is not None:
        return solved
    while state.outcome is None:
        state = playout(state, rng)
    return outcome_rewards(state.outcome, state.players)


PERMUTATION = Knowledge(evaluate=value, playout_depth=0, exploration=0.7, exact=exact)
