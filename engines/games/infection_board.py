"""Attaxx and Ikabegamá as bit-boards, for the alpha-beta search: each side's pieces are the bits of an
integer (bit i is the rules' cell i), a cell's neighbours and the cells two away are masks worked out
once per board shape, and a move is one integer, `src * 128 + dst` (a clone has src == dst).

The board follows the rules' moves, passes and ends (tests/test_infection_board.py plays random games
against rules.infection), but not the threefold repetition draw, which needs the game's history: the
search plays on through a repetition, and the rules end the game if it comes.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engines.knowledge import own_position
from rules.core import State
from rules.geometry import Geometry
from rules.infection import InfectionState

WIDTH = 128  # move = src * WIDTH + dst
SAFE_EMPTIES = 6  # with no more empty cells than this, a move may end the game (full or blocked)
ADVANCE = 4  # Ikabegamá's move order: a step nearer the nest, as much as a piece flipped
RACE_MATERIAL = 0.15  # Ikabegamá: what a piece more is worth against a step nearer the nest
ORDER = WIDTH * WIDTH  # moves are sorted as gain * ORDER + move
MOVE = ORDER - 1


@dataclass(frozen=True)
class Shape:
    """The masks of one board: near[c] and far[c] as bit sets, reach[c] their union, every cell, the
    nests (a seat's target: the other side's nest) where the game has them, and the race distances to them."""

    near: tuple[int, ...]
    far: tuple[int, ...]
    reach: tuple[int, ...]
    near_shifts: tuple[tuple[int, int], ...]  # (shift, the cells it applies to): see spread()
    far_shifts: tuple[tuple[int, int], ...]
    full: int
    names: tuple[str, ...]
    targets: tuple[int, int] | None  # Ikabegamá: the cell each seat must reach, else None (Attaxx)
    within: tuple[tuple[int, ...], tuple[int, ...]] | None  # by seat: within[seat][k], the cells k steps or less from its target
    toward: tuple[tuple[int, ...], tuple[int, ...]]  # by seat and cell: how much nearer its target the cell is (move order)


def bits(cells) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


@cache
def shape(geometry: Geometry, nests: tuple[int, int] | None) -> Shape:
    near = tuple(bits(n) for n in geometry.near)
    far = tuple(bits(f) for f in geometry.far)
    targets = within = None
    toward = ((0,) * geometry.size,) * 2
    if nests is not None:
        targets = (nests[1], nests[0])
        away = [distances(geometry, target) for target in targets]
        within = rings(away[0]), rings(away[1])
        toward = nearer(away[0]), nearer(away[1])
    return Shape(near, far, tuple(a | b for a, b in zip(near, far)), shifts(geometry.near), shifts(geometry.far),
                 (1 << geometry.size) - 1, geometry.names, targets, within, toward)


@cache
def distances(geometry: Geometry, target: int) -> tuple[int, ...]:
    """Steps from every cell to `target` on the empty board (breadth first over neighbours)."""
    found = {target: 0}
    frontier = [target]
    while frontier:
        following = []
        for cell in frontier:
            for n in geometry.near[cell]:
                if n not in found:
                    found[n] = found[cell] + 1
                    following.append(n)
        frontier = following
    return tuple(found[cell] for cell in range(geometry.size))


def nearer(away: tuple[int, ...]) -> tuple[int, ...]:
    """How much nearer its target each cell is than the farthest, ADVANCE a step (the move order's)."""
    farthest = max(away)
    return tuple(ADVANCE * (farthest - steps) for steps in away)


def rings(away: tuple[int, ...]) -> tuple[int, ...]:
    """The cells at most k steps away, for every k up to the farthest cell."""
    return tuple(bits(c for c, steps in enumerate(away) if steps <= k) for k in range(max(away) + 1))


def shifts(neighbours: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int], ...]:
    """The neighbour relation as shifts of the whole board: for each difference d between a cell and a
    neighbour, the cells whose neighbour d further on is one. Exact for any geometry."""
    by_step: dict[int, int] = {}
    for cell, others in enumerate(neighbours):
        for other in others:
            by_step[other - cell] = by_step.get(other - cell, 0) | 1 << cell
    return tuple(sorted(by_step.items()))


def spread(mask: int, steps: tuple[tuple[int, int], ...]) -> int:
    """Every cell that is a neighbour (in the sense `steps` was made for) of a cell of `mask`."""
    found = 0
    for step, cells in steps:
        found |= (mask & cells) << step if step > 0 else (mask & cells) >> -step
    return found


def cells_of(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class InfectionBoard:
    """A position: `pieces[s]` the bit set of seat s, `mover` the seat to move, `result` set (for seat
    0: +1, 0, -1) once the game is over."""

    __slots__ = ("shape", "pieces", "mover", "result")

    def __init__(self, shape: Shape, pieces: tuple[int, int], mover: int, result: int | None = None):
        self.shape = shape
        self.pieces = pieces
        self.mover = mover
        self.result = result

    @classmethod
    def of(cls, state: State) -> InfectionBoard:
        state = own_position(state, InfectionState)
        nests = getattr(state.variant, "nests", None)
        board = state.board
        pieces = (bits(c for c, p in enumerate(board) if p == 1), bits(c for c, p in enumerate(board) if p == 2))
        result = None
        if state.outcome is not None:
            first = state.outcome.places[0]
            result = 0 if len(first) > 1 else (1 if 0 in first else -1)
        return cls(shape(state.geometry, nests), pieces, state.to_move if state.to_move is not None else 0, result)

    def key(self) -> tuple[int, int, int]:
        return self.pieces[0], self.pieces[1], self.mover

    def over(self) -> int | None:
        result = self.result
        if result is None:
            return None
        return result if self.mover == 0 else -result

    # ------------------------------------------------------------------ moves

    def moves(self) -> list[int]:
        """Every legal move, those that gain most first (a clone adds a piece, each flip two), a clone
        before a jump that gains as much; in Ikabegamá a step nearer the nest counts as much as a flip."""
        if self.result is not None:
            return []
        shape = self.shape
        near, far = shape.near, shape.far
        own, opp = self.pieces[self.mover], self.pieces[1 - self.mover]
        toward = shape.toward[self.mover]
        empty = shape.full & ~(own | opp)
        clones = 0
        keyed: list[int] = []
        add = keyed.append
        rest = own
        while rest:  # the loops over set bits are written out: this is the search's innermost code
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            clones |= near[c]
            targets = far[c] & empty
            base = c * WIDTH
            while targets:
                low = targets & -targets
                targets ^= low
                d = low.bit_length() - 1
                add((((near[d] & opp).bit_count() << 2) - 2 + toward[d]) * ORDER + base + d)
        targets = clones & empty
        while targets:
            low = targets & -targets
            targets ^= low
            d = low.bit_length() - 1
            add((((near[d] & opp).bit_count() << 2) + 1 + toward[d]) * ORDER + d * WIDTH + d)
        keyed.sort(reverse=True)
        return [key & MOVE for key in keyed]

    def play(self, move: int) -> InfectionBoard:
        shape = self.shape
        src, dst = divmod(move, WIDTH)
        seat = self.mover
        own, opp = self.pieces[seat], self.pieces[1 - seat]
        flips = shape.near[dst] & opp
        own |= flips | 1 << dst
        if src != dst:
            own &= ~(1 << src)
        opp &= ~flips
        pieces = (own, opp) if seat == 0 else (opp, own)
        result = self.finished(pieces)
        if result is not None:
            return InfectionBoard(shape, pieces, 1 - seat, result)
        empty = shape.full & ~(own | opp)
        if self.can_move(opp, empty):
            return InfectionBoard(shape, pieces, 1 - seat)
        if self.can_move(own, empty):
            return InfectionBoard(shape, pieces, seat)
        return InfectionBoard(shape, pieces, 1 - seat, self.blocked(pieces))

    def can_move(self, side: int, empty: int) -> bool:
        reach = self.shape.reach
        while side:  # usually the first piece looked at can move
            low = side & -side
            if reach[low.bit_length() - 1] & empty:
                return True
            side ^= low
        return False

    def finished(self, pieces: tuple[int, int]) -> int | None:
        """The result once a move has been played (before passes), for seat 0; None while it runs."""
        targets = self.shape.targets
        if targets is not None:
            if pieces[0] >> targets[0] & 1:
                return 1
            if pieces[1] >> targets[1] & 1:
                return -1
            return None
        white, black = pieces
        if not white or not black or white | black == self.shape.full:
            return self.compare(pieces)
        return None

    def blocked(self, pieces: tuple[int, int]) -> int:
        return 0 if self.shape.targets is not None else self.compare(pieces)

    @staticmethod
    def compare(pieces: tuple[int, int]) -> int:
        lead = pieces[0].bit_count() - pieces[1].bit_count()
        return (lead > 0) - (lead < 0)

    # ------------------------------------------------------------------ evaluation

    def score(self) -> float:
        seat = self.mover
        own, opp = self.pieces[seat], self.pieces[1 - seat]
        if self.shape.within is None:
            return float(own.bit_count() - opp.bit_count())
        return self.judged(own, opp, seat)

    def judged(self, own: int, opp: int, seat: int) -> float:
        """Ikabegamá, for `seat` with pieces `own` against `opp`: the race to the nests (a step ahead
        is worth a point) and a little material."""
        return RACE_MATERIAL * (own.bit_count() - opp.bit_count()) + self.race(opp, own, 1 - seat) - \
            self.race(own, opp, seat)

    def race(self, mine: int, theirs: int, seat: int) -> int:
        """Ikabegamá: how far `seat`, with pieces `mine`, is from taking the other nest: the steps from
        its nearest piece to a cell that takes it (the nest itself when empty; when an enemy piece holds
        it, an empty cell next to it, since landing there flips it). Two steps or less win on the move.
        A nest held and walled in is two steps further than its ring."""
        shape = self.shape
        targets, within = shape.targets, shape.within
        if targets is None or within is None:
            raise ValueError("only a board with nests (Ikabegamá's) has a race to them")
        target = targets[seat]
        empty = shape.full & ~(mine | theirs)
        goal = shape.near[target] & empty if theirs >> target & 1 else (1 << target) & empty
        if not goal:
            for k, cells in enumerate(within[seat]):
                if mine & cells:
                    return k + 2
            return 99
        steps, reached, full = 0, goal, shape.full
        while not mine & reached:
            grown = reached | spread(reached, shape.near_shifts) & full
            if grown == reached:
                return 99
            reached = grown
            steps += 1
        return steps

    def horizon(self) -> float | None:
        """Attaxx: the material after the move that gains most (a clone gains a piece and two per piece
        flipped, a jump two per flip), which is what a one-ply search finds with a material evaluation,
        pass or no pass. Near the end (few empty squares, or a move that takes every enemy piece) the
        game may end instead: None, so that the search plays the moves. Ikabegamá: None (its race
        changes with every move, and the search's cut-offs find the best reply sooner)."""
        shape = self.shape
        if shape.within is not None or self.result is not None:
            return None
        seat = self.mover
        own, opp = self.pieces[seat], self.pieces[1 - seat]
        empty = shape.full & ~(own | opp)
        if empty.bit_count() <= SAFE_EMPTIES:
            return None
        near = shape.near
        clones = spread(own, shape.near_shifts) & empty
        jumps = spread(own, shape.far_shifts) & empty & ~clones
        gain = 1 if clones else 0
        most = 0
        targets = spread(opp, shape.near_shifts) & (clones | jumps)
        while targets:
            low = targets & -targets
            targets ^= low
            d = low.bit_length() - 1
            flips = (near[d] & opp).bit_count()
            if flips > most:
                most = flips
            value = 2 * flips + 1 if clones >> d & 1 else 2 * flips
            if value > gain:
                gain = value
        if most >= opp.bit_count():
            return None
        return float(own.bit_count() - opp.bit_count() + gain)

    def notation(self, move: int) -> str:
        src, dst = divmod(move, WIDTH)
        names = self.shape.names
        return names[dst] if src == dst else names[src] + names[dst]


def perft(board, depth: int) -> int:
    """The number of move sequences `depth` plies long (a pass counts as no ply), as chess engines
    count them to check and time their move generation: of an InfectionBoard, or of anything with its
    `result`, `moves()` and `play(move)`."""
    if depth == 0 or board.result is not None:
        return 1
    moves = board.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(board.play(move), depth - 1) for move in moves)
