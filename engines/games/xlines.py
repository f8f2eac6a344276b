"""X's and lines: once the lines begin, a position is judged by solving it exactly while that takes few
positions (near the end, always); while the x's are placed, by solving a random completion.

The line phase is misère (who draws the last line loses), which random playouts judge poorly: whether
a line wins depends on the parity of what is left, and one careless line late in the game throws it.
The x's no longer move once the lines begin, so which lines run clear of x's and which lines cross
which are worked out once per placement; a line-phase position is then the x the next line starts at,
the x's used and the lines the drawn ones block, three integers the exact solution remembers.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from engines.budget import OutOfBudget, memoized
from engines.knowledge import Knowledge
from engines.rewards import Rewards
from rules.xlines import Line, Square, XLinesState

BUDGET = 1000  # positions an exact solution may visit before the evaluation falls back to a playout
SOLVED_PLACEMENTS = 9  # up to this many x's a whole line phase is solved within a few milliseconds
UNUSED_SOLVED = 10  # with more x's unused than this, a solution would run out of BUDGET: not tried
WIN = ((1.0, 0.0), (0.0, 1.0))


@dataclass(frozen=True)
class Lines:
    """Every line clear of x's between the x's of one placement. `starting[a]` lists the lines from x a
    as (line, end x); `crossing[line]` is the bit set of lines it crosses; `ids` finds a drawn line."""

    starting: tuple[tuple[tuple[int, int], ...], ...]
    crossing: tuple[int, ...]
    ids: dict[tuple[Square, Square, Square | None], int]


@lru_cache(maxsize=64)
def lines_between(xs: tuple[Square, ...]) -> Lines:
    state = XLinesState(len(xs), xs)
    found: list[Line] = []
    starting: list[list[tuple[int, int]]] = [[] for _ in xs]
    for a, start in enumerate(xs):
        for b, end in enumerate(xs):
            if a == b:
                continue
            for line in state.candidates(start, end):
                if not any(square in state.x_squares for square in line.passes):
                    starting[a].append((len(found), b))
                    found.append(line)
    # Two lines cross on a square strictly inside a horizontal arm of one and a vertical arm of the
    # other: list, square by square, the lines with a horizontal and with a vertical arm through it.
    through: tuple[dict[Square, int], dict[Square, int]] = ({}, {})  # (vertical, horizontal) by square
    for k, line in enumerate(found):
        for horizontal, inside in line.arms:
            crossed = through[horizontal]
            for square in inside:
                crossed[square] = crossed.get(square, 0) | 1 << k
    crossing = []
    for line in found:
        mask = 0
        for horizontal, inside in line.arms:
            crossing_arms = through[not horizontal]
            for square in inside:
                mask |= crossing_arms.get(square, 0)
        crossing.append(mask)
    ids = {(line.start, line.end, line.corner): k for k, line in enumerate(found)}
    return Lines(tuple(tuple(s) for s in starting), tuple(crossing), ids)


def solve(lines: Lines, at: int | None, used: int, blocked: int, budget: int) -> bool:
    """Whether the player to move wins with best play: the next line starts at x `at` (any x when
    None), `used` and `blocked` are bit sets of used x's and of lines drawn ones cross."""
    starting, crossing = lines.starting, lines.crossing

    @memoized(budget)
    def wins(at: int, used: int, blocked: int) -> bool:
        drawable = False
        for line, end in starting[at]:
            if used >> end & 1 or blocked >> line & 1:
                continue
            if not wins(end, used | 1 << end, blocked | crossing[line]):
                return True
            drawable = True
        return not drawable  # no line to draw: the player to move wins

    if at is not None:
        return wins(at, used, blocked)
    for start in range(len(starting)):  # the first line: any x may start it, and is used by it
        for line, end in starting[start]:
            if not wins(end, 1 << start | 1 << end, crossing[line]):
                return True
    return False


def line_phase(state: XLinesState) -> tuple[Lines, int | None, int, int]:
    lines = lines_between(state.xs)
    index = {square: k for k, square in enumerate(state.xs)}
    used = blocked = 0
    for line in state.lines:
        used |= 1 << index[line.start] | 1 << index[line.end]
        blocked |= lines.crossing[lines.ids[line.start, line.end, line.corner]]
    at = index[state.lines[-1].end] if state.lines else None
    return lines, at, used, blocked


def exact(state: XLinesState) -> Rewards | None:
    """The result of a line-phase position with best play, if it can be worked out within BUDGET."""
    if state.placing or state.outcome is not None or len(state.xs) - len(state.used) > UNUSED_SOLVED:
        return None
    mover = state.to_move
    try:
        return WIN[mover] if solve(*line_phase(state), BUDGET) else WIN[1 - mover]
    except OutOfBudget:
        return None


def value(state: XLinesState) -> Rewards:
    """While the x's are placed on a small board: the exact result of a random completion of the
    placement (who wins depends on the placement far more than on the luck of a random game). Else a
    random game from here. (Line-phase positions the solver can answer are never asked.)"""
    rng = random.Random(hash((state.xs, state.lines)))
    if state.placing:
        while state.placing:
            state = state.place(rng.choice(free_squares(state)))
        if state.outcome is None and state.n <= SOLVED_PLACEMENTS and (solved := exact(state)) is not None:
            return solved
    while state.outcome is None:
        state = state.draw(rng.choice(state._legal))
    places = state.outcome.places
    return (0.5, 0.5) if len(places) == 1 else WIN[next(iter(places[0]))]


def free_squares(state: XLinesState) -> list[Square]:
    taken = state.x_squares
    return [(f, r) for f in range(state.n) for r in range(state.n) if (f, r) not in taken]


XLINES = Knowledge(evaluate=value, playout_depth=0, exact=exact)
