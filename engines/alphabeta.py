"""Alpha-beta search for two-player games that give the engine a fast position of their own (a Board).

Negamax with iterative deepening, a transposition table (the bound and the best move of every position
searched, kept from one depth to the next), the table's move tried first, then two killer moves per
ply, then the board's own order (captures first, say); every move after the first is searched with a
null window first (principal variation search). A side that must pass
keeps the move, so a child whose mover is the same is searched without the sign flip.

The work is bounded by `nodes` (what makes a level deterministic: the same position gives the same
answer on any machine) and by a deadline as a safety net on a slow one; a depth not finished in time
is thrown away, unless it already found a better move than the depth before (its first move is the
previous best, so anything it prefers has been searched against a full window).

Results are scores from the side to move's view: WIN minus the plies to the end for a won game, so a
quicker win is preferred and a longer loss.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

WIN = 1_000_000.0
PROVEN = WIN - 10_000  # beyond this a score is a result found by the search, not an estimate
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 64
LATE = 4  # moves after this many are searched a ply shallower first (late move reduction)
NULL = 1e-6  # the width of a null window: scores are never closer than this unless equal


class Board(Protocol):
    """A position made for speed. Moves are whatever the board likes (ints, tuples): `notation` names one."""

    mover: int  # the seat to move

    def key(self) -> Hashable: ...

    def moves(self) -> Sequence[Any]:
        """The legal moves, most promising first (never empty unless the game is over)."""

    def play(self, move: Any) -> Board: ...

    def over(self) -> float | None:
        """None while the game runs; when it is over, +1, 0 or -1 for the side that would move."""

    def score(self) -> float:
        """The static evaluation of a running position for the side to move (well inside ±PROVEN)."""

    def horizon(self) -> float | None:
        """What a one-ply search from here would find (the best score after a move, for the side to
        move), when the board can work it out without playing every move; else None."""

    def notation(self, move: Any) -> str: ...

    # A board may also tell `banked()`: its moves that gain something for certain now (material), with
    # what it is worth to have it now rather than a few plies later (see AlphaBeta.banked); and
    # `drawable()`: its moves after which the opponent can draw at once (worth a draw at most).


class OutOfTime(Exception):
    pass


@dataclass
class AlphaBeta:
    """One search from `board`: `run()` deepens until `depth`, `nodes` or `deadline` runs out."""

    board: Board
    nodes: float  # the positions it may visit (math.inf: as many as its depths take)
    deadline: float
    depth: int = MAX_DEPTH
    root_moves: list[Any] | None = None  # only these at the root (all when None)
    fixed: dict[Any, float] = field(default_factory=dict)  # root moves whose value is known (not searched)
    # root moves worth this much more than their search says: a gain made now is certain, the same gain at
    # the search's horizon is not, and without this a side keeps a capture on offer for later, turn after turn
    banked: dict[Any, float] = field(default_factory=dict)
    ceilings: dict[Any, float] = field(default_factory=dict)  # root moves worth at most this (a draw on offer)
    reduce: bool = True  # late move reductions (without them the value is exactly the depth's minimax)
    width: int = 0  # beyond the root, only the first `width` moves in search order (0: all of them)
    spread: bool = False  # every root move searched with a full window: `scores` exact, to draw a move among
    table: dict[Hashable, tuple[int, float, int, Any]] = field(default_factory=dict)
    visited: int = field(init=False, default=0)
    reached: int = field(init=False, default=0)  # the deepest depth completed
    value: float = field(init=False, default=0.0)
    best: Any = field(init=False, default=None)
    scores: dict[Any, float] = field(init=False, default_factory=dict)  # root moves at the depth reached

    def __post_init__(self) -> None:
        self.killers: list[list[Any]] = [[None, None] for _ in range(MAX_DEPTH + 2)]
        self.clock: Callable[[], float] = time.perf_counter

    def run(self) -> Any:
        board = self.board
        moves = list(self.root_moves if self.root_moves is not None else board.moves())
        self.best = moves[0]
        if len(moves) == 1:
            return self.best
        for depth in range(1, self.depth + 1):
            try:
                value, best, scores = self.root(moves, depth)
            except OutOfTime:
                break
            self.value, self.best, self.scores, self.reached = value, best, scores, depth
            moves.sort(key=lambda m: -scores.get(m, -2 * WIN))
            if abs(value) >= PROVEN:
                break  # proven: deeper adds nothing
        return self.best

    def root(self, moves: list[Any], depth: int) -> tuple[float, Any, dict[Any, float]]:
        board, alpha, beta = self.board, -2 * WIN, 2 * WIN
        best, scores = moves[0], {}
        for k, move in enumerate(moves):
            floor = -2 * WIN if self.spread else alpha
            try:
                if move in self.fixed:
                    value = self.fixed[move]
                else:
                    extra = self.banked.get(move, 0.0)
                    value = self.probe(board.play(move), depth, floor - extra, beta - extra)
                    if abs(value) < PROVEN:
                        value += extra
                    if move in self.ceilings:
                        value = min(value, self.ceilings[move])
            except OutOfTime:
                if k > 0 and best != self.best:  # this depth already prefers another move: keep it
                    self.value, self.best, self.reached = alpha, best, depth
                raise
            scores[move] = value
            if value > alpha:
                alpha, best = value, move
        return alpha, best, scores

    def probe(self, child: Board, depth: int, alpha: float, beta: float) -> float:
        """The value for the root's mover of a root move's position, searched to `depth` in all."""
        if child.mover == self.board.mover:
            return self.search(child, depth - 1, alpha, beta, 1)
        return -self.search(child, depth - 1, -beta, -alpha, 1)

    def search(self, board: Board, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.visited += 1
        if self.visited >= self.nodes or (self.visited & 255 == 0 and self.clock() >= self.deadline):
            raise OutOfTime
        result = board.over()
        if result is not None:
            return result * (WIN - ply) if result else 0.0
        if depth <= 0:
            return board.score()
        if depth == 1 and (quick := board.horizon()) is not None:
            return quick
        key = board.key()
        entry = self.table.get(key)
        first = None
        if entry is not None:
            stored_depth, stored, flag, first = entry
            if stored_depth >= depth:
                if flag == EXACT:
                    return stored
                if flag == LOWER and stored >= beta:
                    return stored
                if flag == UPPER and stored <= alpha:
                    return stored
        start = alpha
        best_value, best_move = -2 * WIN, None
        mover = board.mover
        search = self.search
        moves = self.ordered(board.moves(), first, ply)
        if self.width:
            moves = moves[:self.width]
        for k, move in enumerate(moves):
            child = board.play(move)
            same = child.mover == mover
            if k and beta - alpha > NULL:  # principal variation search: is it better than the best so far?
                reduced = depth - 1 - (k >= LATE and depth >= 3 and self.reduce)
                value = search(child, reduced, alpha, alpha + NULL, ply + 1) if same \
                    else -search(child, reduced, -alpha - NULL, -alpha, ply + 1)
                if value > alpha and reduced < depth - 1:
                    value = search(child, depth - 1, alpha, alpha + NULL, ply + 1) if same \
                        else -search(child, depth - 1, -alpha - NULL, -alpha, ply + 1)
                if alpha < value < beta:
                    value = search(child, depth - 1, value, beta, ply + 1) if same \
                        else -search(child, depth - 1, -beta, -value, ply + 1)
            else:
                value = search(child, depth - 1, alpha, beta, ply + 1) if same \
                    else -search(child, depth - 1, -beta, -alpha, ply + 1)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        killers = self.killers[ply]
                        if killers[0] != move:
                            killers[1], killers[0] = killers[0], move
                        break
        flag = UPPER if best_value <= start else LOWER if best_value >= beta else EXACT
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value

    def ordered(self, moves: Sequence[Any], first: Any, ply: int) -> Sequence[Any]:
        """The table's move, then the killers that are legal here, then the rest in the board's order."""
        killers = self.killers[ply]
        front = [m for m in (first, killers[0], killers[1]) if m is not None]
        if not front:
            return moves
        legal = set(moves)
        front = [m for k, m in enumerate(front) if m in legal and m not in front[:k]]
        return front + [m for m in moves if m not in front]
