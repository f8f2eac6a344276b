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
from dataclasses import dataclass, replace
from functools import lru_cache

from engines.budget import OutOfBudget
from engines.knowledge import Knowledge, own_position, seat_to_move
from engines.rewards import Rewards
from rules.core import State
from rules.xlines import Line, Square, XLinesState, between

BUDGET = 1000  # positions an exact solution may visit before the evaluation falls back to a playout
SOLVED_PLACEMENTS = 9  # up to this many x's a whole line phase is solved within a few milliseconds
UNUSED_SOLVED = 10  # with more x's unused than this, a solution would run out of BUDGET: not tried
PLACING_EFFORT = 0.1  # the share of a level's iterations for placing an x on a bigger board
WIN = ((1.0, 0.0), (0.0, 1.0))


# A square (f, r) is bit 16·r + f of a mask (boards are at most 15×15). A line is known by the squares
# strictly inside its horizontal arms, those strictly inside its vertical arms and its corner: it may
# be drawn when none of them holds an x, and two lines cross when the horizontal inside of one meets
# the vertical inside of the other.
STRIDE = 16


def bit(square: Square) -> int:
    return 1 << (square[1] * STRIDE + square[0])


@lru_cache(maxsize=1 << 16)
def shapes(start: Square, end: Square) -> tuple[tuple[int, int, int, Square | None], ...]:
    """The lines from start to end as (horizontal inside, vertical inside, corner bit, corner), in the
    rules' order (XLinesState.candidates)."""
    def inside(a: Square, b: Square) -> int:
        return sum(bit(square) for square in between(a, b))

    (fa, ra), (fb, rb) = start, end
    if ra == rb:
        return ((inside(start, end), 0, 0, None),)
    if fa == fb:
        return ((0, inside(start, end), 0, None),)
    found = []
    for corner in ((fa, rb), (fb, ra)):
        arms = ((start, corner), (corner, end))
        horizontal = sum(inside(a, b) for a, b in arms if a[1] == b[1])
        vertical = sum(inside(a, b) for a, b in arms if a[0] == b[0])
        found.append((horizontal, vertical, bit(corner), corner))
    return tuple(found)


def bits_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True)
class Lines:
    """Every line clear of x's between the x's of one placement. `starting[a]` lists the lines from x a
    as (line, end x); `crossing[line]` is the bit set of lines it crosses; `ids` finds a drawn line."""

    starting: tuple[tuple[tuple[int, int], ...], ...]
    crossing: tuple[int, ...]
    ids: dict[tuple[Square, Square, Square | None], int]


@lru_cache(maxsize=64)
def lines_between(xs: tuple[Square, ...]) -> Lines:
    taken = sum(bit(square) for square in xs)
    inside: list[tuple[int, int]] = []
    ids: dict[tuple[Square, Square, Square | None], int] = {}
    starting: list[list[tuple[int, int]]] = [[] for _ in xs]
    for a, start in enumerate(xs):
        for b, end in enumerate(xs):
            if a == b:
                continue
            for horizontal, vertical, corner_bit, corner in shapes(start, end):
                if not (horizontal | vertical | corner_bit) & taken:
                    starting[a].append((len(inside), b))
                    ids[start, end, corner] = len(inside)
                    inside.append((horizontal, vertical))
    # Square by square, the lines with a horizontal and with a vertical arm through it.
    across: dict[int, int] = {}
    down: dict[int, int] = {}
    for k, (horizontal, vertical) in enumerate(inside):
        for square in bits_of(horizontal):
            across[square] = across.get(square, 0) | 1 << k
        for square in bits_of(vertical):
            down[square] = down.get(square, 0) | 1 << k
    crossing = []
    for horizontal, vertical in inside:
        mask = 0
        for square in bits_of(horizontal):
            mask |= down.get(square, 0)
        for square in bits_of(vertical):
            mask |= across.get(square, 0)
        crossing.append(mask)
    return Lines(tuple(tuple(s) for s in starting), tuple(crossing), ids)


def solve(lines: Lines, at: int | None, used: int, blocked: int, budget: int,
          known: dict[tuple[int, int, int], bool] | None = None) -> bool:
    """Whether the player to move wins with best play: the next line starts at x `at` (any x when
    None), `used` and `blocked` are bit sets of used x's and of lines drawn ones cross. At most
    `budget` positions are worked out (else OutOfBudget); those worked out are added to `known`, which
    may hold positions of the same placement worked out before."""
    starting, crossing = lines.starting, lines.crossing
    known = {} if known is None else known
    limit = len(known) + budget

    def wins(at: int, used: int, blocked: int) -> bool:
        key = (at, used, blocked)
        answer = known.get(key)
        if answer is not None:
            return answer
        if len(known) >= limit:
            raise OutOfBudget
        drawable = False
        answer = None
        for line, end in starting[at]:
            if used >> end & 1 or blocked >> line & 1:
                continue
            if not wins(end, used | 1 << end, blocked | crossing[line]):
                answer = True
                break
            drawable = True
        if answer is None:
            answer = not drawable  # no line to draw: the player to move wins
        known[key] = answer
        return answer

    if at is not None:
        return wins(at, used, blocked)
    first = (-1, 0, 0)
    if first in known:
        return known[first]
    answer = False
    for start in range(len(starting)):  # the first line: any x may start it, and is used by it
        for line, end in starting[start]:
            if not wins(end, 1 << start | 1 << end, crossing[line]):
                answer = True
                break
        if answer:
            break
    known[first] = answer
    return answer


def line_phase(state: XLinesState) -> tuple[Lines, int | None, int, int]:
    lines = lines_between(state.xs)
    index = {square: k for k, square in enumerate(state.xs)}
    used = blocked = 0
    for line in state.lines:
        used |= 1 << index[line.start] | 1 << index[line.end]
        blocked |= lines.crossing[lines.ids[line.start, line.end, line.corner]]
    at = index[state.lines[-1].end] if state.lines else None
    return lines, at, used, blocked


def exact(state: State) -> Rewards | None:
    """The result of a line-phase position with best play, if it can be worked out within BUDGET."""
    state = own_position(state, XLinesState)
    if state.placing or state.outcome is not None or len(state.xs) - len(state.used) > UNUSED_SOLVED:
        return None
    mover = seat_to_move(state)
    try:
        return WIN[mover] if solve(*line_phase(state), BUDGET) else WIN[1 - mover]
    except OutOfBudget:
        return None


class Solver:
    """The line phases one search meets, each placement's positions worked out once and kept for the
    length of the search: positions with more than `unused` x's still unused are not tried, and the
    search works out at most `budget` positions in all (after that, only those already known)."""

    def __init__(self, unused: int, budget: int):
        self.unused = unused
        self.left = budget
        self.known: dict[tuple[Square, ...], dict[tuple[int, int, int], bool]] = {}

    def exact(self, state: State) -> Rewards | None:
        state = own_position(state, XLinesState)
        if state.placing or state.outcome is not None or len(state.xs) - len(state.used) > self.unused:
            return None
        known = self.known.setdefault(state.xs, {})
        before = len(known)
        try:
            wins = solve(*line_phase(state), max(self.left, 0), known)
        except OutOfBudget:
            return None
        finally:
            self.left -= len(known) - before
        mover = seat_to_move(state)
        return WIN[mover] if wins else WIN[1 - mover]


def value(state: State) -> Rewards:
    """While the x's are placed: the placement completed at random, then on a small board the exact
    result of its line phase where it takes few positions (who wins depends on the placement far more
    than on the luck of a random game), else a random line phase. (Line-phase positions the solver can
    answer are never asked.)"""
    state = own_position(state, XLinesState)
    rng = random.Random(hash((state.xs, state.lines)))
    xs = state.xs
    if state.placing:
        xs += tuple(rng.sample(free_squares(state), state.n - len(xs)))
        if state.n <= SOLVED_PLACEMENTS:
            lines = lines_between(xs)
            if not any(lines.starting):
                return (0.5, 0.5)  # no first line: a draw
            try:
                return WIN[0] if solve(lines, None, 0, 0, BUDGET) else WIN[1]
            except OutOfBudget:
                pass
    winner = random_lines(xs, state.lines, rng)
    return (0.5, 0.5) if winner is None else WIN[winner]


def free_squares(state: XLinesState) -> list[Square]:
    taken = state.x_squares
    return [(f, r) for f in range(state.n) for r in range(state.n) if (f, r) not in taken]


# ---------------------------------------------------------------------- random games


def masks(lines: tuple[Line, ...]) -> tuple[int, int]:
    """The squares strictly inside the horizontal arms of drawn lines, and inside their vertical arms."""
    horizontal = vertical = 0
    for line in lines:
        for h, v, _, corner in shapes(line.start, line.end):
            if corner == line.corner:
                horizontal |= h
                vertical |= v
    return horizontal, vertical


def drawable(xs: tuple[Square, ...], taken: int, at: int | None, used: int, horizontal: int,
             vertical: int) -> list[tuple[int, int, int, int, Square | None]]:
    """The lines that may be drawn as (start, end, horizontal inside, vertical inside, corner), the x's
    by index: `taken` the bits of the x's squares, `at` the x the line starts at (None: any), `used`
    the bit set of used x's."""
    found = []
    for start in (range(len(xs)) if at is None else (at,)):
        for end in range(len(xs)):
            if end == start or used >> end & 1:
                continue
            for h, v, c, corner in shapes(xs[start], xs[end]):
                if not ((h | v | c) & taken or h & vertical or v & horizontal):
                    found.append((start, end, h, v, corner))
    return found


def random_lines(xs: tuple[Square, ...], lines: tuple[Line, ...], rng: random.Random) -> int | None:
    """The winner of a random line phase from these lines (None: a draw, no first line at all)."""
    index = {square: k for k, square in enumerate(xs)}
    taken = sum(bit(square) for square in xs)
    horizontal, vertical = masks(lines)
    used = 0
    for line in lines:
        used |= 1 << index[line.start] | 1 << index[line.end]
    at = index[lines[-1].end] if lines else None
    mover = len(lines) % 2
    while True:
        options = drawable(xs, taken, at, used, horizontal, vertical)
        if not options:
            return mover if lines or at is not None else None
        start, end, h, v, _ = rng.choice(options)
        used |= 1 << start | 1 << end
        horizontal |= h
        vertical |= v
        at = end
        mover = 1 - mover


# What each level solves: up to how many unused x's, and how many positions a search may work out.
# Easy and medium solve a line phase only near its end (on a 12×12 board, after the 5th and 3rd line),
# so that the lines before are theirs to misjudge; hard solves it from the first line up to 12×12.
SOLVING = {"easy": (5, 20_000), "medium": (6, 50_000), "hard": (10, 150_000)}


def effort(state: State) -> float:
    """Placing x's on a board too big to solve their line phase: a random completion says little of
    what the placement is worth, and the rules' every new placement costs a listing of its lines, so a
    placement gets a tenth of the search."""
    state = own_position(state, XLinesState)
    return PLACING_EFFORT if state.placing and state.n > SOLVED_PLACEMENTS else 1.0


def at_level(level: str) -> Knowledge | None:
    unused, budget = SOLVING[level]
    return replace(XLINES, exact=Solver(unused, budget).exact, levels=None)


XLINES = Knowledge(evaluate=value, playout_depth=0, exact=exact, effort=effort, levels=at_level)
