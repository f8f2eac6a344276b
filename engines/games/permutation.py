"""Multiplications Within The Permutation: playouts write the next number mostly where it scores most;
between two players, a numbering position is solved exactly, and the end of the placement too, by
the levels that look that far.

Once every x is placed, two players' remaining game is a question of where the numbers go: the best
final lead of the player to move depends only on the x holding the last number and the x's left,
worked out for every such pair at once, the sets of x's left from the smallest up (2^c sets of c x's).

The placement decides the game: two players who number perfectly finish as the permutation allows,
and Red, who places the last x, wins two random permutations in three. Its last x's are where it is
won or lost (often a single placement of the 25 on offer keeps a won game), so a level may solve the
placement's end: every completion of the permutation numbered exactly, the placements between taken by
best play. Hard does so from the last six x's (6! = 720 completions, some 0.5 s) and, where the
opponent wins with best play, prefers the placements that leave it the most ways to go wrong; medium
from the last two, easy from the last one. Before that a placement is judged by random completions: a
completion numbered at random says next to nothing of who wins it (about one in two, as a coin would),
numbered with best play it says so seven times in ten. Hard judges by four such completions (about a
millisecond each on 11×11); medium and easy number the completion at random. The levels number as far
as they look too: hard solves every numbering, medium its last six numbers, easy its last three.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache, partial
from typing import TYPE_CHECKING

from engines.knowledge import Knowledge, own_position, seat_to_move
from engines.rewards import Rewards, outcome_rewards
from rules.core import State
from rules.permutation import PermutationState, points

if TYPE_CHECKING:
    import numpy as np  # loaded by the first numbering solved: a process that only draws boards never needs it

GREEDY = 0.75  # how often a playout's numbering move takes the best score on offer
SOLVED_NUMBERS = 12  # a numbering with this many numbers to write is solved whole (2^12 sets, some 50 ms)
JUDGED_NUMBERS = 8  # the evaluation of a placement solves its random completion's numbering up to this
WON, DRAWN, LOST = (1.0, 0.0), (0.5, 0.5), (0.0, 1.0)


def playout(state: PermutationState, rng: random.Random) -> PermutationState:
    squares = state.legal_squares()
    if state.placing or rng.random() >= GREEDY:
        return state.apply(rng.choice(squares))
    previous = state.square_of(state.numbered[-1])
    return state.apply(max(squares, key=lambda square: points(previous, square)))


@lru_cache(maxsize=4)
def numbering_layers(n: int) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The sets `left` of files 1 … n − 1 (a bit each), by size: for each size, the sets, each set's
    files (one row a set), and the set left after each of them takes the next number."""
    import numpy as np

    layers = []
    for size in range(1, n):
        sets = [left for left in range(1 << (n - 1)) if left.bit_count() == size]
        files = np.array([[f for f in range(1, n) if left >> (f - 1) & 1] for left in sets], dtype=np.intp)
        ordered = np.array(sets, dtype=np.intp)
        layers.append((ordered, files, ordered[:, None] ^ (1 << (files - 1))))
    return layers


def leads(rank_of: tuple[int, ...]) -> np.ndarray:
    """Every numbering position of a permutation with best play: `lead(table, left, previous)` is the
    most the player to move can finish ahead of the other over the numbers still to write, on the x's of
    files 1 + each bit of `left`, the previous number standing in file `previous`. The sets are worked
    out a size at a time, each size's sets and files at once (an 11×11 board in well under a millisecond)."""
    import numpy as np

    n = len(rank_of)
    # gains[f, p]: what writing the next number in file f scores after the previous one in file p
    gains = np.array([[points((f, rank_of[f]), (p, rank_of[p])) for p in range(n)] for f in range(n)],
                     dtype=np.int32)
    table = np.zeros((1 << (n - 1), n), dtype=np.int32)
    for sets, files, after in numbering_layers(n):
        # taking file f: its gain from each previous file, less the lead the other then has from f
        table[sets] = (gains[files] - table[after, files][:, :, None]).max(axis=1)
    return table


def lead(table: np.ndarray, left: int, previous: int) -> int:
    """The entry of a numbering table (see `leads`)."""
    return int(table[left, previous])


def red_lead(rank_of: tuple[int, ...]) -> int:
    """Red's final lead when both number a complete permutation as well as they can."""
    return lead(leads(rank_of), (1 << (len(rank_of) - 1)) - 1, 0)


@lru_cache(maxsize=16)
def solved_numbering(rank_of: tuple[int, ...]) -> np.ndarray:
    return leads(rank_of)


def numbering_result(state: PermutationState, table: np.ndarray) -> Rewards:
    """The result of a two-player numbering position with best play, from its permutation's leads."""
    written = set(state.numbered)
    left = sum(1 << (f - 1) for f in range(1, state.n) if f not in written)
    mover = seat_to_move(state)
    final = state.scores[mover] - state.scores[1 - mover] + lead(table, left, state.numbered[-1])
    if final == 0:
        return DRAWN
    return WON if (final > 0) == (mover == 0) else LOST


def exact(state: State) -> Rewards | None:
    """Between two players, the result of a numbering position with best play, on a board small enough."""
    state = own_position(state, PermutationState)
    if state.players != 2 or state.placing or state.outcome is not None or state.n - 1 > SOLVED_NUMBERS:
        return None
    return numbering_result(state, solved_numbering(state.rank_of))


def draw_seed(state: PermutationState) -> int:
    """The seed of a position's random completion, the same in every process (a hash of None is not)."""
    return hash((tuple(-1 if rank is None else rank for rank in state.rank_of), state.numbered))


def value(state: State) -> Rewards:
    """A playout from here; between two players, the placement is completed at random and the numbering
    then solved exactly where it is small enough (a random numbering says little of a placement)."""
    state = own_position(state, PermutationState)
    rng = random.Random(draw_seed(state))
    while state.placing:
        state = playout(state, rng)
    if state.outcome is None and state.players == 2 and state.n - 1 <= JUDGED_NUMBERS:
        return numbering_result(state, solved_numbering(state.rank_of))
    while state.outcome is None:
        state = playout(state, rng)
    return outcome_rewards(state.outcome, state.players)


def judged(state: State, samples: int) -> Rewards:
    """Between two players, a placement judged by `samples` random completions, each numbered with best
    play: Red's share of their results (a single numbering played out at random says next to nothing of
    who is ahead; a solved one says who wins that completion). Otherwise as `value`."""
    state = own_position(state, PermutationState)
    if state.players != 2 or not state.placing or state.n - 1 > SOLVED_NUMBERS:
        return value(state)
    rng = random.Random(draw_seed(state))
    taken = set(state.rank_of)
    ranks = [rank for rank in range(state.n) if rank not in taken]
    red = 0.0
    for _ in range(samples):
        rng.shuffle(ranks)
        free = iter(ranks)
        final = red_lead(tuple(next(free) if rank is None else rank for rank in state.rank_of))
        red += 1.0 if final > 0 else 0.5 if final == 0 else 0.0
    return red / samples, 1.0 - red / samples


class Placements:
    """The end of two players' placement, solved for one search: a placement with at most `last` x's
    still to place is worth what best play makes of it, every completion numbered exactly (each
    completion's numbering worked out once); the search numbers at most `budget` completions in all,
    after which only what it already knows is answered."""

    def __init__(self, last: int, budget: int, slip: float = 0.0, numbers: int = SOLVED_NUMBERS):
        self.last = last
        self.numbers = numbers
        self.left = budget
        self.slip = slip
        self.numbered: dict[tuple[int | None, ...], int] = {}  # a permutation: Red's final lead
        self.known: dict[tuple[int | None, ...], int] = {}  # a placement: Red's final lead, best play

    def exact(self, state: State) -> Rewards | None:
        state = own_position(state, PermutationState)
        if state.players != 2 or state.outcome is not None:
            return None
        if not state.placing:
            return exact(state) if state.n - len(state.numbered) <= self.numbers else None
        if state.n - len(state.placed) > self.last:
            return None
        placed = len(state.placed)
        try:
            lead = self.worth(state.rank_of, placed)
            if not self.slip or lead == 0 or (lead > 0) != (placed % 2 == 0):
                return DRAWN if lead == 0 else WON if lead > 0 else LOST
            thrown = self.thrown(state.rank_of, placed)
        except OutOfCompletions:
            return None
        chance = self.slip * thrown
        return (1.0 - chance, chance) if lead > 0 else (chance, 1.0 - chance)

    def thrown(self, rank_of: tuple[int | None, ...], placed: int) -> float:
        """The share of the mover's placements after which the mover no longer wins, with best play."""
        n = len(rank_of)
        taken = set(rank_of)
        ranks = [rank for rank in range(n) if rank not in taken]
        sign = 1 if placed % 2 == 0 else -1
        moves = lost = 0
        for f in (f for f, rank in enumerate(rank_of) if rank is None):
            for rank in ranks:
                moves += 1
                if sign * self.worth(rank_of[:f] + (rank,) + rank_of[f + 1:], placed + 1) <= 0:
                    lost += 1
        return lost / moves

    def worth(self, rank_of: tuple[int | None, ...], placed: int) -> int:
        """Red's final lead with best play from a placement (Red places the even x's, first to last);
        once the mover is seen to win, the margin it wins by is left unexplored."""
        known = self.known.get(rank_of)
        if known is not None:
            return known
        n = len(rank_of)
        if placed == n:
            return self.completed(rank_of)
        taken = set(rank_of)
        ranks = [rank for rank in range(n) if rank not in taken]
        sign = 1 if placed % 2 == 0 else -1  # Red wants the lead up, Blue down
        best = None
        for f in (f for f, rank in enumerate(rank_of) if rank is None):
            for rank in ranks:
                lead = sign * self.worth(rank_of[:f] + (rank,) + rank_of[f + 1:], placed + 1)
                if best is None or lead > best:
                    best = lead
                if best > 0:
                    break
            if best is not None and best > 0:
                break
        if best is None:
            raise ValueError("a placement with an x still to place has a placement to make")
        self.known[rank_of] = sign * best
        return sign * best

    def completed(self, rank_of: tuple[int | None, ...]) -> int:
        lead = self.numbered.get(rank_of)
        if lead is None:
            if self.left <= 0:
                raise OutOfCompletions
            self.left -= 1
            lead = red_lead(as_permutation(rank_of))
            self.numbered[rank_of] = lead
        return lead


class OutOfCompletions(Exception):
    pass


def as_permutation(rank_of: tuple[int | None, ...]) -> tuple[int, ...]:
    """A placement with every x placed, as the permutation it makes (ValueError while an x is left)."""
    ranks = tuple(rank for rank in rank_of if rank is not None)
    if len(ranks) != len(rank_of):
        raise ValueError("the placement has an x still to place")
    return ranks


# Per level: the x's left to place from which a placement is solved, and how many completions a
# search may number (the last six x's of a placement take 720 of them, some 0.6 ms each on 11×11).
SOLVING = {"easy": (1, 10), "medium": (2, 20), "hard": (6, 800)}
# Per level: how much a position the opponent wins is worth, by the share of its placements that would
# throw the win away (see Placements).
SLIPS = {"easy": 0.0, "medium": 0.0, "hard": 0.5}
# Per level: the numbers left to write from which a numbering is solved (before that: playouts).
NUMBERS = {"easy": 3, "medium": 6, "hard": SOLVED_NUMBERS}
# Per level: how many completions, numbered with best play, judge a placement before that (0: a random
# completion's numbering played out, as in the analysis).
JUDGING = {"easy": 0, "medium": 0, "hard": 4}
JUDGED_SETS = 256  # a level judging placements runs all its iterations where a numbering has this many sets


def judged_effort(state: State) -> float:
    """The share of its iterations a level that judges placements by solved numberings spends on one:
    fewer the bigger the board, as a numbering's sets double with each x (an 11×11 board: a quarter)."""
    state = own_position(state, PermutationState)
    if state.players != 2 or not state.placing or state.n - 1 > SOLVED_NUMBERS:
        return 1.0
    return min(1.0, JUDGED_SETS / (1 << (state.n - 1)))


def at_level(level: str) -> Knowledge | None:
    last, budget = SOLVING[level]
    samples = JUDGING[level]
    if not samples:
        return replace(PERMUTATION, exact=Placements(last, budget, SLIPS[level], NUMBERS[level]).exact, levels=None)
    return replace(PERMUTATION, evaluate=partial(judged, samples=samples), effort=judged_effort,
                   exact=Placements(last, budget, SLIPS[level], NUMBERS[level]).exact, levels=None)


PERMUTATION = Knowledge(evaluate=value, playout_depth=0, exploration=0.7, exact=exact, levels=at_level)
