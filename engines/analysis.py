"""Post-game analysis: the computer's value of every position of a finished match, and its judgement of
every move.

    positions = [evaluate(state, SECONDS) for state in rules.rebuild.positions(...)]   # in worker processes
    analysis = assemble(game, players, movers, moves, positions)

A position's `values` are, per seat, the expected reward with best play as the search sees it: between
two players the chance of winning (a draw counts half); with more players the expected place reward the
search plays for (1 for first place, 0 for last, linear between: see engines.rewards.place_rewards), so
a value of 0.5 in a 4-player game is an expected place between second and third.

A move is judged like Lichess judges one, by how far it lowers its mover's value: a fall of at least
0.1 is an inaccuracy, 0.2 a mistake, 0.3 a blunder (THRESHOLDS); see `judge` for how Monte-Carlo noise
is kept out of the marks.

Pure computation, importing `rules` and `engines` only; every function is top-level and every result
picklable, so positions can be evaluated in a process pool.
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.games import knowledge_for
from engines.knowledge import Knowledge
from engines.mcts import Node, Search
from engines.rewards import Rewards, outcome_rewards
from rules.core import State

SEVERITIES = ("inaccuracy", "mistake", "blunder")
THRESHOLDS = {"inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3}

SECONDS = 1.5  # the default time cap per position: a 60-move game on two workers in about 45 s
# The iterations that bound a position's search, and make it the same on any machine fast enough: about
# a second per position on a 2-core machine of 2026 (bench/analysis.py).
ITERATIONS = {"default": 1000, "attaxx": 3000, "ikabegama": 3000, "permutation": 1000, "xlines": 150,
              "elevation": 250}
MIN_VISITS = 10  # a move searched this often has a mean worth comparing with the best move's
CONFIDENCE = 2.0  # a drop counts only beyond this many standard errors of the values compared
CANDIDATES = 12  # how many of a position's moves keep their statistics, most searched first (and the move played)
DIGITS = 6  # drops are rounded to this many decimals (a drop of 0.1 is 0.1, not 0.0999…)
ESTIMATED = 4  # a search's estimates are kept to this many decimals (proven values are kept as they are)


@dataclass(frozen=True)
class Candidate:
    """A move the search of a position looked at: the mover's value after it, how often it was
    searched, whether that value is proven, and its standard error (0 when proven)."""

    move: str
    value: float
    visits: int
    exact: bool = False
    noise: float = 0.0


@dataclass(frozen=True)
class Position:
    """The computer's view of one position. values: per seat, in [0, 1], the expected reward with best
    play (see the module's docstring). exact: proven (a finished position, the game's exact solver, or
    the search proved it). best: the move the computer prefers (None once the game is over).
    candidates: the moves the search looked at most, for judging the move played here. noise: the
    standard error of the mover's value (0 when proven)."""

    values: tuple[float, ...]
    exact: bool
    best: str | None
    candidates: tuple[Candidate, ...] = ()
    noise: float = 0.0

    def candidate(self, move: str) -> Candidate | None:
        return next((c for c in self.candidates if c.move == move), None)


@dataclass(frozen=True)
class Judgement:
    """A move that lowered its mover's value by at least THRESHOLDS["inaccuracy"]. ply: its index in the
    move log (0 = the first move); preferred: the move the computer would have played instead."""

    ply: int
    seat: int
    move: str
    drop: float
    severity: str
    preferred: str | None


@dataclass(frozen=True)
class Analysis:
    """A match analysed: its moves with their movers, the positions (the start, then after each move:
    one more than the moves) and the judged moves in order."""

    game: str
    players: int
    moves: tuple[str, ...]
    movers: tuple[int, ...]
    positions: tuple[Position, ...]
    judgements: tuple[Judgement, ...]

    def counts(self, seat: int) -> dict[str, int]:
        """How many moves of `seat` were judged, by severity (every severity present, 0 when none)."""
        found = dict.fromkeys(SEVERITIES, 0)
        for judgement in self.judgements:
            if judgement.seat == seat:
                found[judgement.severity] += 1
        return found

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (lists, strings, numbers, booleans, None) that `from_dict` reads back equal."""
        return {
            "game": self.game,
            "players": self.players,
            "moves": list(self.moves),
            "movers": list(self.movers),
            "positions": [
                {"values": list(p.values), "exact": p.exact, "best": p.best, "noise": p.noise,
                 "candidates": [[c.move, c.value, c.visits, c.exact, c.noise] for c in p.candidates]}
                for p in self.positions
            ],
            "judgements": [
                {"ply": j.ply, "seat": j.seat, "move": j.move, "drop": j.drop, "severity": j.severity,
                 "preferred": j.preferred}
                for j in self.judgements
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Analysis:
        positions = tuple(
            Position(tuple(float(v) for v in p["values"]), bool(p["exact"]), p["best"],
                     tuple(Candidate(m, float(v), int(n), bool(e), float(z)) for m, v, n, e, z in p.get("candidates", ())),
                     float(p.get("noise", 0.0)))
            for p in data["positions"]
        )
        judgements = tuple(
            Judgement(int(j["ply"]), int(j["seat"]), j["move"], float(j["drop"]), j["severity"], j["preferred"])
            for j in data["judgements"]
        )
        return cls(data["game"], int(data["players"]), tuple(data["moves"]), tuple(int(s) for s in data["movers"]),
                   positions, judgements)


# ---------------------------------------------------------------------------------------- evaluation

def iterations_for(game: str) -> int:
    """The iteration cap of one position's search in `game`."""
    return ITERATIONS.get(game, ITERATIONS["default"])


def evaluate(state: State, seconds: float = SECONDS, seed: int = 0, played: str | None = None) -> Position:
    """The computer's view of `state`: a finished position is worth its outcome's rewards, exactly; a
    position the game's exact solver answers is exact at once; any other is searched, for at most
    `seconds` and the game's iteration cap (so the answer is the same for the same seed on a machine
    fast enough). `played`, the move the match went on with when known, keeps its statistics among
    the candidates however little it was searched, which makes its judgement steadier."""
    started = time.perf_counter()
    players = state.players
    if state.outcome is not None:
        return Position(outcome_rewards(state.outcome, players), True, None)
    knowledge = knowledge_for(state.game)
    if knowledge.exact is not None and (solved := knowledge.exact(state)) is not None:
        return Position(tuple(solved), True, keeping_move(state, solved, knowledge, started + seconds))
    search = Spread(state, knowledge, iterations_for(state.game), started + seconds, seed)
    search.run()
    return searched(search, played)


@dataclass
class Spread(Search):
    """A search that also keeps, for each move of its root, the sum of the squares of the mover's
    rewards seen through it: how far they spread tells how much its mean can be trusted."""

    squares: dict[Node, float] = field(init=False, default_factory=dict)

    def backup(self, path: list[Node], rewards: Rewards) -> None:
        super().backup(path, rewards)
        if len(path) > 1:
            reward = rewards[self.root.mover]
            self.squares[path[1]] = self.squares.get(path[1], 0.0) + reward * reward

    def noise(self, child: Node) -> float:
        """The standard error of `child`'s mean reward for the root's mover (0 when proven; the
        largest a reward in [0, 1] allows while there are too few visits to tell)."""
        if child.solved is not None:
            return 0.0
        n = child.visits
        if n < 2 or child not in self.squares:
            return 0.5
        mean = child.totals[self.root.mover] / n
        variance = max(0.0, self.squares[child] - n * mean * mean) / (n - 1)
        return math.sqrt(variance / n)


def keeping_move(state: State, solved: Rewards, knowledge: Knowledge, deadline: float) -> str:
    """A move that keeps the mover's proven value: the first in legal order whose result is proven
    as good. In a lost position every move is as good; past the deadline, the first move is given."""
    mover = state.to_move
    moves = state.legal_moves()
    if solved[mover] > 0.0:
        for move in moves:
            if time.perf_counter() >= deadline:
                break
            after = state.play(move)
            value = outcome_rewards(after.outcome, state.players) if after.outcome is not None \
                else knowledge.exact(after)
            if value is not None and value[mover] >= solved[mover]:
                return move
    return moves[0]


def estimate(search: Search, child: Node) -> Rewards:
    """What the search makes of a child of its root: proven, or its mean reward, blended towards the
    minimax of the evaluations below it as the search itself does when choosing."""
    if child.solved is not None:
        return child.solved
    mean = tuple(total / child.visits for total in child.totals)
    if search.blend and child.value is not None:
        return tuple(m + search.blend * (v - m) for m, v in zip(mean, child.value))
    return mean


def searched(search: Spread, played: str | None = None) -> Position:
    """The Position a finished search gives: the values after its best move, and the statistics of the
    moves it looked at most and of the move `played`."""
    root = search.root
    ranked = search.ranked()
    if not ranked:  # not one iteration ran: the root's own first look, or nothing known
        move = search.best()
        even = 1.0 / search.players if search.players > 2 else 0.5
        if root.solved is not None:
            return Position(tuple(root.solved), True, move)
        return Position((even,) * search.players, False, move)
    best_move, best = ranked[0]
    values = tuple(root.solved) if root.solved is not None else rounded(estimate(search, best))
    mover = root.mover
    kept = [(move, child) for move, child in ranked if child.solved is not None or child.visits >= MIN_VISITS]
    kept = kept[:CANDIDATES] + [(move, child) for move, child in kept[CANDIDATES:] if move == played]
    candidates = tuple(Candidate(move, child.solved[mover] if child.solved is not None
                                 else rounded(estimate(search, child))[mover], child.visits, child.solved is not None,
                                 round(search.noise(child), ESTIMATED))
                       for move, child in kept)
    noise = 0.0 if root.solved is not None else round(search.noise(best), ESTIMATED)
    return Position(values, root.solved is not None, best_move, candidates, noise)


def rounded(values: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(float(v), ESTIMATED) for v in values)


# ---------------------------------------------------------------------------------------- judgement

def severity(drop: float) -> str | None:
    """The severity of a fall in value of `drop`, or None below every threshold."""
    found = None
    for name in SEVERITIES:
        if drop >= THRESHOLDS[name]:
            found = name
    return found


def after_value(before: Position, after: Position, move: str, seat: int) -> tuple[float, float]:
    """The mover's value after `move` and its standard error: proven where either search proved it;
    else, when the search before the move looked at it MIN_VISITS times or more, the better of that
    search's estimate and the search after it (both must agree that the move lost value); else the
    search after it."""
    if after.exact:
        return after.values[seat], 0.0
    seen = before.candidate(move)
    if seen is None:
        return after.values[seat], after.noise
    if seen.exact or seen.value >= after.values[seat]:
        return seen.value, seen.noise
    return after.values[seat], after.noise


def judge(ply: int, seat: int, move: str, before: Position, after: Position) -> Judgement | None:
    """The judgement of one move, or None when it is not worth a mark.

    A move is judged only where the computer preferred another. Its drop is how far the mover's value
    fell from before the move (with best play) to after it, beyond what the searches' noise explains.

    Monte-Carlo values are noisy, and two separate searches (before and after the move) differ even on
    a good move: the best move's mean is the largest of several noisy means, and the search after the
    move takes the opponent's best reply, so both lean towards a larger fall. So: where the search
    before the move looked at the played move often enough, its own mean for that move is compared
    with its own best (the same tree, the same bias), and the lower fall of the two searches is taken
    (both must agree); and the fall counts only beyond CONFIDENCE standard errors of the two values
    compared, which the searches measure from the spread of their rewards (wide positions searched
    briefly, with games played out at random to the end, are noisy; evaluations are steadier).
    Proven values have no noise and are used as they are, so a proven win thrown away is always a
    blunder.
    """
    if before.best is None or before.best == move:
        return None
    value, noise = after_value(before, after, move, seat)
    margin = CONFIDENCE * math.hypot(0.0 if before.exact else before.noise, noise)
    drop = round(before.values[seat] - value - margin, DIGITS)
    found = severity(drop)
    if found is None:
        return None
    return Judgement(ply, seat, move, drop, found, before.best)


def assemble(game: str, players: int, movers: Sequence[int], moves: Sequence[str],
             positions: Sequence[Position]) -> Analysis:
    """The Analysis of a match from its moves, their movers and the evaluated positions (the start, then
    the position after each move), every move judged."""
    if len(movers) != len(moves) or len(positions) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves)} movers and {len(moves) + 1} positions, "
                         f"not {len(movers)} and {len(positions)}")
    judgements = []
    for ply, (seat, move) in enumerate(zip(movers, moves)):
        found = judge(ply, seat, move, positions[ply], positions[ply + 1])
        if found is not None:
            judgements.append(found)
    return Analysis(game, players, tuple(moves), tuple(int(s) for s in movers), tuple(positions), tuple(judgements))
