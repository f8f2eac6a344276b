"""Random games for tests: every state of one, start first; and the option sets worth playing."""
from __future__ import annotations

import random

from games import GAMES


def random_states(start, seed: int, moves: int | None = None) -> list:
    """The states of a game played at random from `start` (seeded), start first; `moves` stops it early."""
    rng = random.Random(seed)
    state, states = start, [start]
    while state.outcome is None and (moves is None or len(states) <= moves):
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def option_variants(name: str) -> list[dict]:
    """The default options, then each whole-number option at its smallest and its largest value, and each
    other choice of an option with choices."""
    variants: list[dict] = [{}]
    for spec in GAMES[name].options:
        if spec.type is int and spec.min is not None and spec.max is not None:
            variants += [{spec.name: spec.min}, {spec.name: spec.max}]
        elif spec.choices is not None:
            variants += [{spec.name: choice} for choice in spec.choices if choice != spec.default]
    return variants


VARIANTS = [(name, options) for name in sorted(GAMES) for options in option_variants(name)]
