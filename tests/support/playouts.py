"""Random games for tests: every state of one, start first."""
from __future__ import annotations

import random


def random_states(start, seed: int, moves: int | None = None) -> list:
    """The states of a game played at random from `start` (seeded), start first; `moves` stops it early."""
    rng = random.Random(seed)
    state, states = start, [start]
    while state.outcome is None and (moves is None or len(states) <= moves):
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states
