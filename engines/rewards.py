"""Rewards per seat, in [0, 1]: from a finished game's places, or from one side's advantage."""
from __future__ import annotations

import math
from collections.abc import Sequence

from rules.core import Outcome

Rewards = tuple[float, ...]


def place_rewards(places: Sequence[frozenset[int]], players: int) -> Rewards:
    """1 for first place, 0 for last, linear by place; seats sharing places share their values evenly
    (a 2-player draw is 0.5 each)."""
    if players < 2:
        return (1.0,) * players
    values = [0.0] * players
    rank = 0
    for group in places:
        size = len(group)
        share = sum(players - 1 - (rank + k) for k in range(size)) / (size * (players - 1))
        for seat in group:
            values[seat] = share
        rank += size
    return tuple(values)


def outcome_rewards(outcome: Outcome, players: int) -> Rewards:
    return place_rewards(outcome.places, players)


def by_scores(scores: Sequence[float], players: int) -> Rewards:
    """The rewards the places would give if the game ended with these scores (higher is better)."""
    levels = sorted(set(scores), reverse=True)
    return place_rewards([frozenset(s for s, v in enumerate(scores) if v == level) for level in levels], players)


def two_sided(advantage: float, scale: float) -> Rewards:
    """Rewards (seat 0, seat 1) from seat 0's advantage, squashed by a logistic curve."""
    x = max(-40.0, min(40.0, advantage * scale))
    p = 1.0 / (1.0 + math.exp(-x))
    return p, 1.0 - p
