"""Exact solutions of small positions, bounded: a game's solver remembers each position it has worked
out and gives up once it has worked out more than it was allowed."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


class OutOfBudget(Exception):
    """An exact solution needed more positions than it was allowed."""


def memoized(budget: int) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """A decorator for a solver's recursion over hashable arguments: each answer is remembered, and
    OutOfBudget raised once more than `budget` answers have been worked out."""
    def wrap(solve: Callable[..., T]) -> Callable[..., T]:
        known: dict[tuple, T] = {}
        left = [budget]

        def solved(*key):
            if key in known:
                return known[key]
            left[0] -= 1
            if left[0] < 0:
                raise OutOfBudget
            known[key] = answer = solve(*key)
            return answer
        return solved
    return wrap
