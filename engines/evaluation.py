"""Post-game analysis, the value of one position (engines/analysis.py says how it is used): a finished
position is worth its outcome, a position the game solves exactly is exact at once, and any other is
searched with the work it is given, by Monte-Carlo (`Spread`, which also measures the spread of its
rewards) or, for a game whose engine is `deepened`, by alpha-beta on the game's board (`Horizons`, which
keeps every depth's values). Every function is top-level and every result picklable, so positions can be
evaluated in a process pool."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.alphabeta import PROVEN, WIN, AlphaBeta, Board, OutOfTime
from engines.analysis import Candidate, Position, search_for
from engines.deepening import drawn_by_the_rules
from engines.engine import Engine
from engines.knowledge import Exact, seat_to_move
from engines.levels import ALPHABETA
from engines.mcts import Node, Search
from engines.rewards import Rewards, outcome_rewards
from rules.core import State

LEAST_DEPTH = 2  # alpha-beta completes this many depths whatever its budget (two depths give its values)
# Alpha-beta searches this many of the opponent's replies to each root move (and, deeper, as many moves as the
# hard level does: its width in the game's Engine). A reply that refutes a move but sits low in a narrow
# shortlist is otherwise found only once the position after the move is searched itself, and the values swing
# from one position to the next (Elevation: by 0.4 and more, seven times in a 60-move game between hard and
# medium; three times with 20, for the same nodes).
REPLIES = 20
MIN_VISITS = 10  # a move searched this often has a mean worth comparing with the best move's
CANDIDATES = 12  # how many of a position's moves keep their statistics, most searched first (and the move played)
ESTIMATED = 4  # a search's estimates are kept to this many decimals (proven values are kept as they are)


def evaluate(state: State, engine: Engine, work: int, seed: int = 0, played: str | None = None) -> Position:
    """The computer's view of `state`, a position of the game `engine` plays: a finished position is
    worth its outcome's rewards, exactly; a position the game's exact solver answers is exact at once;
    any other is searched with `work` (iterations, or alpha-beta nodes: see `search_for`), all of it,
    whatever time it takes. `played`,
    the move the match went on with when known, keeps its statistics among the candidates however
    little it was searched (alpha-beta searches it fully at every depth)."""
    if work < 1:
        raise ValueError("a position is searched with a budget of at least one iteration")
    players = state.players
    if state.outcome is not None:
        return Position(outcome_rewards(state.outcome, players), True, None)
    knowledge = engine.knowledge
    if knowledge.exact is not None and (solved := knowledge.exact(state)) is not None:
        return Position(tuple(solved), True, keeping_move(state, solved, knowledge.exact))
    if search_for(engine, players) == ALPHABETA:
        return deepened(state, engine, work, played)
    search = Spread(state, knowledge, work, math.inf, seed)
    search.run()
    return searched(search, played)


@dataclass
class Spread(Search):
    """A search that also keeps the sums of the squares of the root mover's rewards seen through the root
    and through each of its moves: how far they spread tells how much a mean can be trusted."""

    squares: dict[Node, float] = field(init=False, default_factory=dict)

    def backup(self, path: list[Node], rewards: Rewards) -> None:
        super().backup(path, rewards)
        reward = rewards[self.mover]
        for node in path[:2]:
            self.squares[node] = self.squares.get(node, 0.0) + reward * reward

    def noise(self, node: Node) -> float:
        """The standard error of the mean reward for the root's mover through `node`, the root or one of
        its moves (0 when proven; the largest a reward in [0, 1] allows while there are too few visits
        to tell)."""
        if node.solved is not None:
            return 0.0
        n = node.visits
        if n < 2 or node not in self.squares:
            return 0.5
        mean = node.totals[self.mover] / n
        variance = max(0.0, self.squares[node] - n * mean * mean) / (n - 1)
        return math.sqrt(variance / n)


def keeping_move(state: State, solved: Rewards, exact: Exact) -> str:
    """A move that keeps the mover's proven value (`solved`, by the game's `exact`): the first in legal
    order whose result is proven as good. In a lost position every move is as good."""
    mover = seat_to_move(state)
    moves = state.legal_moves()
    if solved[mover] > 0.0:
        for move in moves:
            after = state.play(move)
            value = outcome_rewards(after.outcome, state.players) if after.outcome is not None else exact(after)
            if value is not None and value[mover] >= solved[mover]:
                return move
    return moves[0]


def estimate(search: Search, node: Node) -> Rewards:
    """What the search makes of its root or a move of its root: proven, or the mean reward through it,
    blended towards the minimax of the evaluations below it as the search itself does when choosing."""
    if node.solved is not None:
        return node.solved
    mean = tuple(total / node.visits for total in node.totals)
    if search.blend and node.value is not None:
        return tuple(m + search.blend * (v - m) for m, v in zip(mean, node.value))
    return mean


def searched(search: Spread, played: str | None = None) -> Position:
    """The Position a finished search gives: the mean reward of every iteration through its root (the
    search spends them on the moves it finds best, so that this is its value with best play; the best
    move's own mean would be the largest of many noisy means, leaning towards whoever is to move), the
    move it searched most, and the statistics of the moves it looked at most and of the move `played`."""
    root = search.root
    ranked = search.ranked()
    if not ranked or (root.solved is None and root.visits == 0):
        raise ValueError("a finished search has looked at its root's moves")
    best_move = ranked[0][0]
    values = tuple(root.solved) if root.solved is not None else rounded(estimate(search, root))
    mover = search.mover
    kept = [(move, child) for move, child in ranked if child.solved is not None or child.visits >= MIN_VISITS]
    kept = kept[:CANDIDATES] + [(move, child) for move, child in kept[CANDIDATES:] if move == played]
    candidates = tuple(Candidate(move, child.solved[mover] if child.solved is not None
                                 else rounded(estimate(search, child))[mover], child.visits, child.solved is not None,
                                 round(search.noise(child), ESTIMATED))
                       for move, child in kept)
    noise = 0.0 if root.solved is not None else round(search.noise(root), ESTIMATED)
    return Position(values, root.solved is not None, best_move, candidates, noise)


def rounded(values: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(float(v), ESTIMATED) for v in values)


# ---------------------------------------------------------------------------------------- alpha-beta

@dataclass
class Horizons(AlphaBeta):
    """An alpha-beta search that keeps, for every depth it completes, the root's value, its best move and
    the score of one move (`target`, the move played), which it searches with a full window first at
    every depth so that its score is exact too. The first LEAST_DEPTH depths are completed whatever the
    budget; a deeper one that runs out of nodes is thrown away. It searches the first `replies` moves
    of the positions after the root's moves and the first `beyond` deeper down (0: all of them); the
    search's own `width` is left at 0."""

    target: Any = None
    replies: int = 0
    beyond: int = 0
    depths: list[tuple[float, Any]] = field(init=False, default_factory=list)  # the root's value and best move
    targeted: list[float] = field(init=False, default_factory=list)  # the target's score (none without one)

    def ordered(self, moves: Sequence[Any], first: Any, ply: int) -> Sequence[Any]:
        found = super().ordered(moves, first, ply)
        limit = self.replies if ply == 1 else self.beyond
        return found[:limit] if limit else found

    def run(self) -> Any:
        moves = list(self.root_moves if self.root_moves is not None else self.board.moves())
        budget = self.nodes
        for depth in range(1, self.depth + 1):
            if self.target is not None:
                moves = [self.target] + [move for move in moves if move != self.target]
            self.nodes = math.inf if depth <= LEAST_DEPTH else budget
            try:
                value, best, scores = self.root(moves, depth)
            except OutOfTime:
                break
            self.value, self.best, self.scores, self.reached = value, best, scores, depth
            self.depths.append((value, best))
            if self.target is not None:
                self.targeted.append(scores[self.target])  # the first move searched at every depth
            moves.sort(key=lambda m: -scores.get(m, -2 * WIN))
            if abs(value) >= PROVEN:
                break  # proven: deeper adds nothing
        self.nodes = budget
        return self.best


def chance(score: float, scale: float) -> float:
    """A score for the side to move as its chance of winning: 1 or 0 when proven, else on the logistic
    curve of slope `scale`."""
    if score >= PROVEN:
        return 1.0
    if score <= -PROVEN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, scale * score))))


def horizons(scores: Sequence[float], scale: float) -> tuple[float, float, bool]:
    """A root move's (or the root's) value for the side to move from its scores at the depths searched,
    deepest last: the mean chance of the last two (the last alone when proven or when it is the only one),
    half their difference as its noise, and whether it is proven."""
    last = chance(scores[-1], scale)
    if abs(scores[-1]) >= PROVEN or len(scores) < 2:
        return last, 0.0, abs(scores[-1]) >= PROVEN
    before = chance(scores[-2], scale)
    return (last + before) / 2, abs(last - before) / 2, False


def deepened(state: State, engine: Engine, nodes: int, played: str | None = None) -> Position:
    """A two-player position searched by alpha-beta on the game's fast board, within `nodes` (past the
    first LEAST_DEPTH depths): every root move, REPLIES replies to each, and deeper the width the hard
    level searches at (the engine's widths)."""
    boarding, scale = engine.knowledge.board, engine.deepened
    if boarding is None or scale is None:
        raise ValueError("an analysis by alpha-beta needs a board in the engine's knowledge and its slope (deepened)")
    board = boarding(state)
    moves = list(board.moves())
    target = None
    if played is not None:
        target = next((move for move in moves if board.notation(move) == played), None)
        if target is None:  # a turn the board's shortlist leaves out (Elevation): found among all of them
            every = board.turns() if hasattr(board, "turns") else ()
            target = next((move for move in every if board.notation(move) == played), None)
            if target is not None:
                moves.append(target)
    ceilings = dict.fromkeys(board.drawable(), 0.0) if hasattr(board, "drawable") else {}
    width = engine.budget("hard").width
    search = Horizons(board, nodes, math.inf, root_moves=moves, fixed=drawn_by_the_rules(state, board),
                      ceilings=ceilings, target=target, replies=max(width, REPLIES) if width else 0, beyond=width)
    search.run()
    return horizon_view(state, board, search.depths, target, search.targeted, scale)


def horizon_view(state: State, board: Board, depths: Sequence[tuple[float, Any]], target: Any,
                 targeted: Sequence[float], scale: float) -> Position:
    """The Position alpha-beta's completed `depths` (deepest last) give, with the same position as the
    depths before the last saw it as its second measure; `targeted`, the scores of the move played
    (`target`, None when not known) at the same depths."""
    value, noise, exact = horizons([root for root, _ in depths], scale)
    mover = state.to_move
    values = (value, 1.0 - value) if mover == 0 else (1.0 - value, value)
    best = board.notation(depths[-1][1])
    candidates = [Candidate(best, round(value, ESTIMATED), len(depths), exact, round(noise, ESTIMATED))]
    if target is not None and (played := board.notation(target)) != best:
        played_value, played_noise, proven = horizons(targeted, scale)
        candidates.append(Candidate(played, round(played_value, ESTIMATED), len(depths), proven,
                                    round(played_noise, ESTIMATED)))
    shallower = horizon_view(state, board, depths[:-1], target, targeted[:-1], scale) \
        if len(depths) > 1 and not exact else None
    return Position(values if exact else rounded(values), exact, best, tuple(candidates), round(noise, ESTIMATED),
                    shallower)
