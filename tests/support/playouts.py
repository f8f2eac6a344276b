"""Random games for tests: every state of one, start first; and the option sets worth playing."""
from __future__ import annotations

import random

from games import GAMES
from rules import State
from rules.core import LastMove


def seat_to_move(state: State) -> int:
    """The seat to move in a game still running (the test fails if it is over)."""
    seat = state.to_move
    assert seat is not None, f"the game is over, nobody is to move: {state.outcome}"
    return seat


def last_move(state: State) -> LastMove:
    """What the move that reached `state` did (the test fails on a start position)."""
    last = state.last
    assert last is not None, "a start position: no move reached it"
    return last


def random_states(start: State, seed: int, moves: int | None = None) -> list[State]:
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
