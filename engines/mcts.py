"""Monte-Carlo tree search (UCT) over the game contract, with a solver for proven results.

After OpenSpiel's `mcts.py`: every node keeps its visits and the rewards seen through it, one number per
seat (max^n: each mover picks the child best for itself), so the same search plays 2- and N-player
games. A playout runs from a new leaf with the game's policy (random by default) to the end, or for
`playout_depth` plies and then asks the game's evaluation. Terminal positions are exact: a node whose
mover has a child worth first place alone, or whose children are all exact, becomes exact itself, so
proven wins are played and proven losses avoided. A game may also solve running positions itself (an
endgame solver): those are exact as soon as they are reached.

Huge branching (Elevation lists thousands of turns) is handled by progressive widening: a node adds a
new child only while it has fewer than `widening · visits^0.5` of them, trying moves in the order the
game's knowledge gives (captures first, say), else in a seeded random order. At the root the moves of
such a game are ordered by the evaluation one ply ahead, and a move that wins at once is always found.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from engines.knowledge import Exact, Knowledge, seat_to_move
from engines.rewards import Rewards, outcome_rewards
from rules.core import State

WIDEN_ABOVE = 40  # nodes with more legal moves than this widen progressively
# A widening node visited this often looks through all its moves (if not too many) for one that wins at
# once, which widening might otherwise add too late: the opponent's win in reply is found that way.
CHECK_AFTER = 8
CHECK_UP_TO = 400


class Node:
    """A position in the tree. `moves` are the legal moves not yet expanded (None until first needed),
    in the order they will be tried; `solved` holds the exact rewards once the position is proven."""

    __slots__ = ("state", "mover", "moves", "count", "children", "visits", "totals", "solved", "value", "checked")

    def __init__(self, state: State, players: int, exact: Exact | None):
        self.state = state
        self.mover = state.to_move
        self.moves: list[str] | None = None
        self.count = 0  # how many legal moves the position has, once listed
        self.children: list[tuple[str, Node]] = []
        self.visits = 0
        self.totals = [0.0] * players
        outcome = state.outcome
        if outcome is not None:
            self.solved: Rewards | None = outcome_rewards(outcome, players)
        else:
            self.solved = exact(state) if exact is not None else None
        self.value: Rewards | None = self.solved  # the minimax of the evaluations below (implicit minimax)
        self.checked = False  # looked through its moves for a win at once


def moving(node: Node) -> int:
    """The seat to move at `node`, a node the search chooses among the moves of: a running position (a
    finished one is solved by its outcome, and never chosen from)."""
    mover = node.mover
    if mover is None:
        raise ValueError("the search chose among the moves of a position nobody is to move in")
    return mover


@dataclass
class Search:
    """One search from `state`, a running position (ValueError for a finished one). `iterations` bounds
    the work (deterministic for a seed); `deadline` (a time.perf_counter() value) is the safety net that
    stops it early on a slow machine."""

    state: State
    knowledge: Knowledge
    iterations: int
    deadline: float
    seed: int
    exploration: float | None = None
    solve: bool = True
    legal: list[str] | None = None  # the root's legal moves, when the caller has them already
    rng: random.Random = field(init=False)
    root: Node = field(init=False)
    done: int = field(init=False, default=0)  # iterations completed

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.mover = seat_to_move(self.state)  # the root's
        self.players = self.state.players
        self.root = Node(self.state, self.players, None)  # the root is searched, whatever it is worth
        self.c = self.knowledge.exploration if self.exploration is None else self.exploration
        self.blend = self.knowledge.minimax
        self.prepared: dict[str, State] = {}

    # ------------------------------------------------------------------ the loop

    def run(self) -> Node:
        root = self.root
        self.expand_root()
        clock = time.perf_counter
        while self.done < self.iterations and root.solved is None:
            if clock() >= self.deadline:
                break
            self.iterate()
            self.done += 1
        return root

    def expand_root(self) -> None:
        """List the root's moves, playing each once (as far as the deadline allows): a move that wins
        at once is proven and ends the search; where widening will apply and the game has an
        evaluation, the moves are ordered by the evaluation of the position after each."""
        root = self.root
        moves = self.root_moves()
        evaluate = self.knowledge.evaluate if len(moves) > WIDEN_ABOVE else None
        mover = self.mover
        scored: list[tuple[float, int, str]] = []
        clock = time.perf_counter
        for index, move in enumerate(moves):
            if clock() >= self.deadline:
                scored.extend((-1.0, -k, m) for k, m in enumerate(moves[index:], index))
                break
            after = root.state.play(move)
            if after.outcome is not None and outcome_rewards(after.outcome, self.players)[mover] >= 1.0:
                child = Node(after, self.players, self.knowledge.exact)
                root.children, root.moves, root.count = [(move, child)], [], len(moves)
                root.solved = root.value = child.solved
                return
            self.prepared[move] = after
            scored.append((evaluate(after)[mover] if evaluate is not None else 0.0, -index, move))
        else:
            root.checked = True  # every move was played: none wins at once
        if evaluate is not None:
            scored.sort(reverse=True)
            root.moves = [move for _, _, move in reversed(scored)]  # popped from the end: best first
        else:
            root.moves = self.ordered(root.state, moves)
        root.count = len(moves)

    def root_moves(self) -> list[str]:
        return list(self.legal) if self.legal is not None else self.root.state.legal_moves()

    def ordered(self, state: State, moves: list[str]) -> list[str]:
        """The moves in the order to expand them, reversed (they are popped from the end)."""
        order = self.knowledge.order
        moves = order(state, moves, self.rng) if order is not None else self.rng.sample(moves, len(moves))
        moves.reverse()
        return moves

    def iterate(self) -> None:
        node = self.root
        path = [node]
        while True:
            if node.solved is not None:
                rewards = node.solved
                break
            if node.moves is None:
                legal = node.state.legal_moves()
                node.count = len(legal)
                node.moves = self.ordered(node.state, legal)
            if self.should_check(node) and (won := self.find_win(node, node.moves)) is not None:
                rewards = won
                break
            if node.moves and self.may_expand(node):
                move = node.moves.pop()
                after = self.prepared.pop(move, None) if node is self.root else None
                child = Node(after if after is not None else node.state.play(move), self.players, self.knowledge.exact)
                node.children.append((move, child))
                path.append(child)
                rewards = child.solved if child.solved is not None else self.playout(child.state)
                if self.blend:
                    child.value = rewards if child.solved is not None else self.knowledge.estimate(child.state) \
                        if self.knowledge.playout_depth else rewards
                break
            node = self.select(node)
            path.append(node)
        self.backup(path, rewards)

    @staticmethod
    def should_check(node: Node) -> bool:
        return not node.checked and node.visits >= CHECK_AFTER and WIDEN_ABOVE < node.count <= CHECK_UP_TO

    def find_win(self, node: Node, moves: list[str]) -> Rewards | None:
        """Expand a move of `node` that wins at once for its mover, if one is left among `moves` (those it
        has not expanded): the node is then proven, and its rewards are returned (None when there is none)."""
        node.checked = True
        mover, players = moving(node), self.players
        for k, move in enumerate(moves):
            after = node.state.play(move)
            if after.outcome is not None and (won := outcome_rewards(after.outcome, players))[mover] >= 1.0:
                del moves[k]
                node.children.append((move, Node(after, players, self.knowledge.exact)))
                node.solved = node.value = won
                return won
        return None

    def may_expand(self, node: Node) -> bool:
        if not node.children:
            return True
        if node.count <= WIDEN_ABOVE:
            return True
        return len(node.children) < self.knowledge.widening * math.sqrt(node.visits + 1)

    def select(self, node: Node) -> Node:
        mover = moving(node)
        log_n = math.log(node.visits)
        c = self.c
        blend = self.blend
        best, best_value = None, -math.inf
        for _, child in node.children:
            if child.solved is not None:
                value = child.solved[mover]
            else:
                mean = child.totals[mover] / child.visits
                below = child.value  # known for every child when blending (set as it is added)
                if blend and below is not None:
                    mean += blend * (below[mover] - mean)
                value = mean + c * math.sqrt(log_n / child.visits)
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best

    def playout(self, state: State) -> Rewards:
        knowledge = self.knowledge
        depth = knowledge.playout_depth
        policy = knowledge.playout
        rng = self.rng
        plies = 0
        while state.outcome is None:
            if plies >= depth:
                return knowledge.estimate(state)
            state = policy(state, rng) if policy is not None else state.play(rng.choice(state.legal_moves()))
            plies += 1
        return outcome_rewards(state.outcome, self.players)

    def backup(self, path: list[Node], rewards: Rewards) -> None:
        solving = self.solve
        blend = self.blend
        for node in reversed(path):
            node.visits += 1
            totals = node.totals
            for seat, value in enumerate(rewards):
                totals[seat] += value
            if blend and node.children and node.solved is None:
                mover = moving(node)
                top, top_value = None, -1.0
                for _, child in node.children:
                    below = child.value
                    if below is not None and below[mover] > top_value:
                        top, top_value = below, below[mover]
                node.value = top
            if solving and node.solved is None and node.children:
                mover = moving(node)
                best: Rewards | None = None
                complete = not node.moves
                for _, child in node.children:
                    if child.solved is None:
                        complete = False
                    elif best is None or child.solved[mover] > best[mover]:
                        best = child.solved
                if best is not None and (complete or best[mover] >= 1.0):
                    node.solved = node.value = best
                else:
                    solving = False

    # ------------------------------------------------------------------ the answer

    def ranked(self) -> list[tuple[str, Node]]:
        """The root's children, best first: proven wins, then by visits and rewards, proven losses last."""
        mover = self.mover

        def key(item: tuple[str, Node]) -> tuple[int, int, float]:
            child = item[1]
            tier = 1
            if child.solved is not None:
                value = child.solved[mover]
                tier = 2 if value >= 1.0 else (0 if value <= 0.0 else 1)
            return tier, child.visits, child.totals[mover]

        return sorted(self.root.children, key=key, reverse=True)

    def best(self, temperature: float = 0.0) -> str:
        """The move to play: the best ranked, or with `temperature` > 0 one drawn in proportion to
        visits^(1/temperature) among the children that are not proven losses (a proven win is always
        played)."""
        ranked = self.ranked()
        if not ranked:  # no iteration ran (a deadline already past): the first move in search order
            return self.root.moves[-1] if self.root.moves else self.root.state.legal_moves()[0]
        top_move, top = ranked[0]
        mover = self.mover
        if temperature <= 0 or (top.solved is not None and top.solved[mover] >= 1.0):
            return top_move
        pool = [(m, c) for m, c in ranked if not (c.solved is not None and c.solved[mover] <= 0.0)] or ranked[:1]
        weights = [c.visits ** (1.0 / temperature) for _, c in pool]
        return self.rng.choices([m for m, _ in pool], weights=weights)[0]
