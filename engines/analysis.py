"""Post-game analysis: the computer's value of every position of a finished match, and its judgement of
every move.

    work = work_for(engine, len(states))                # the budget of one position: a number, never a time
    first = [evaluate(state, engine, work, seed, played) for state, seed, played in ...]   # in worker processes
    asked = questioned(movers, moves, first)            # the positions where a mark is in question
    again = {k: evaluate(states[k], engine, work, other_seed(seed_k), played_k) for k in asked}
    analysis = assemble(engine, game, players, movers, moves, first, again, work)

`engine` is the game's `engines.engine.Engine`, from its registration: its work and, for a game analysed
by alpha-beta, its `deepened` slope. Positions are valued in engines/evaluation.py, moves judged here.

Every position is searched by a budget of work and by nothing else: the iterations of the Monte-Carlo
search (engines/mcts.py), or the nodes of the alpha-beta search (engines/alphabeta.py) for the games whose
engine is `deepened`. No clock is read, so a match gives the same values and marks on an idle machine and on a busy
one, and a search always completes its budget: there is no placeholder value for a position it had no
time for. A long match's positions share a bounded total (`work_for`).

A position's `values` are, per seat, the expected reward with best play as the search sees it: between
two players the chance of winning (a draw counts half); with more players the expected place reward the
search plays for (1 for first place, 0 for last, linear between: see engines.rewards.place_rewards), so
a value of 0.5 in a 4-player game is an expected place between second and third.

The Monte-Carlo search values a position by the mean reward of all its iterations, which it spends on
the moves it finds best, rather than by its best move's mean: the largest of many noisy means leans
towards whoever is to move, and a game played out at random would swing from ply to ply.

Alpha-beta scores a position in its board's units (pieces, say). A score s for the side to move is a
chance of winning of 1 / (1 + exp(-deepened · s)), the logistic curve the game's own evaluation uses
(engines/games/); a proven win is 1 and a proven loss 0, exactly. Its values are the mean of its last
two depths, since a search that ends on the side to move's ply flatters that side: alone, either depth's
values swing with whose turn it is.

A move is judged like Lichess judges one, by how far it lowers its mover's value: a fall of at least
0.1 is an inaccuracy, 0.2 a mistake, 0.3 a blunder (THRESHOLDS). A fall between proven values is judged
as it is. Any other fall is measured twice, and the fall judged is the mean of the two measures less
their disagreement or CONFIDENCE standard errors of the mean, whichever is larger (`judge`): so a fall
counts only beyond the searches' own noise on that position. The Monte-Carlo search measures again by
searching the positions before and after a move whose first fall reaches a threshold (NEAR) once more,
with another seed (`questioned`). Alpha-beta has no seed to vary: deepening searches every position
again at each depth, and its second measure is the position as it stood a depth before the last
(`Position.shallower`: the mean of the two depths before), another horizon. A game whose values are that
noisy on most positions, or whose search knows nothing of it beyond its rules, is analysed coarsely, and
the analysis says so (`Analysis.coarse`).

Pure computation, importing `engines` only; every result is picklable and every record turns into JSON
and back (`Analysis.to_dict`), so that an analysis can be made in worker processes and kept.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.engine import Engine
from engines.knowledge import GENERIC
from engines.levels import ALPHABETA, MCTS
from i18n import N_

SEVERITIES = ("inaccuracy", "mistake", "blunder")
THRESHOLDS = {"inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3}

# A game's work (its Engine's) bounds one position's search, the whole of it in a match of up to FULL positions.
FULL = 120  # positions searched with the whole budget; a longer match shares FULL budgets between its positions
LEAST = 1 / 6  # but never less than this share of the budget a position
NEAR = 0.1  # a first fall this large is measured again (a smaller one cannot make a mark: see `judge`)
CONFIDENCE = 2.0  # a fall counts only beyond this many standard errors of the values compared
DIGITS = 6  # falls are rounded to this many decimals (a fall of 0.1 is 0.1, not 0.0999…)


@dataclass(frozen=True)
class Candidate:
    """A move the search of a position looked at: the mover's value after it, how often it was searched
    (alpha-beta: the depth), whether that value is proven, and its standard error (0 when proven)."""

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
    standard error of the mover's value (0 when proven; alpha-beta: half the difference its last two
    depths make). shallower: alpha-beta's second measure of the position, as its depths before the last
    saw it (None for the Monte-Carlo search, which measures again with another seed)."""

    values: tuple[float, ...]
    exact: bool
    best: str | None
    candidates: tuple[Candidate, ...] = ()
    noise: float = 0.0
    shallower: Position | None = None

    def to_dict(self) -> dict[str, Any]:
        found = {"values": list(self.values), "exact": self.exact, "best": self.best, "noise": self.noise,
                 "candidates": [[c.move, c.value, c.visits, c.exact, c.noise] for c in self.candidates]}
        if self.shallower is not None:
            found["shallower"] = self.shallower.to_dict()
        return found

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Position:
        shallower = data.get("shallower")
        return cls(tuple(float(v) for v in data["values"]), bool(data["exact"]), data["best"],
                   tuple(Candidate(m, float(v), int(n), bool(e), float(z)) for m, v, n, e, z in data.get("candidates", ())),
                   float(data.get("noise", 0.0)), None if shallower is None else cls.from_dict(shallower))

    def candidate(self, move: str) -> Candidate | None:
        return next((c for c in self.candidates if c.move == move), None)


@dataclass(frozen=True)
class Judgement:
    """A move whose fall, beyond the searches' noise, is at least THRESHOLDS["inaccuracy"]. ply: its index
    in the move log (0 = the first move); drop: that fall beyond the noise, the figure its severity comes
    from (fall less margin); fall: the mover's value lost, as measured; margin: the noise it was measured
    with (0 between proven values); preferred: the move the computer would have played instead."""

    ply: int
    seat: int
    move: str
    drop: float
    severity: str
    preferred: str | None
    fall: float = 0.0
    margin: float = 0.0


@dataclass(frozen=True)
class Check:
    """A move whose fall was measured twice: the fall (the mean of the two) and the margin taken off it."""

    ply: int
    fall: float
    margin: float


@dataclass(frozen=True)
class Analysis:
    """A match analysed: its moves with their movers, the positions (the start, then after each move:
    one more than the moves) and the judged moves in order; and what it was made with: the search and
    its budget a position (`work`: iterations or nodes; 0 in an analysis kept from before budgets), the
    moves measured twice (`checks`), and why the analysis is coarse ("" when it is not)."""

    game: str
    players: int
    moves: tuple[str, ...]
    movers: tuple[int, ...]
    positions: tuple[Position, ...]
    judgements: tuple[Judgement, ...]
    search: str = MCTS
    work: int = 0
    checks: tuple[Check, ...] = ()
    coarse: str = ""

    def counts(self, seat: int, plies: range | None = None) -> dict[str, int]:
        """How many moves of `seat` (among `plies`, when given) were judged, by severity (every severity
        present, 0 when none)."""
        found = dict.fromkeys(SEVERITIES, 0)
        for judgement in self.judgements:
            if judgement.seat == seat and (plies is None or judgement.ply in plies):
                found[judgement.severity] += 1
        return found

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (lists, strings, numbers, booleans, None) that `from_dict` reads back equal."""
        return {
            "game": self.game,
            "players": self.players,
            "moves": list(self.moves),
            "movers": list(self.movers),
            "positions": [p.to_dict() for p in self.positions],
            "judgements": [
                {"ply": j.ply, "seat": j.seat, "move": j.move, "drop": j.drop, "severity": j.severity,
                 "preferred": j.preferred, "fall": j.fall, "margin": j.margin}
                for j in self.judgements
            ],
            "search": self.search,
            "work": self.work,
            "checks": [[c.ply, c.fall, c.margin] for c in self.checks],
            "coarse": self.coarse,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Analysis:
        positions = tuple(Position.from_dict(p) for p in data["positions"])
        judgements = tuple(
            Judgement(int(j["ply"]), int(j["seat"]), j["move"], float(j["drop"]), j["severity"], j["preferred"],
                      float(j.get("fall", j["drop"])), float(j.get("margin", 0.0)))
            for j in data["judgements"]
        )
        checks = tuple(Check(int(k), float(f), float(m)) for k, f, m in data.get("checks", ()))
        return cls(data["game"], int(data["players"]), tuple(data["moves"]), tuple(int(s) for s in data["movers"]),
                   positions, judgements, data.get("search", MCTS), int(data.get("work", 0)), checks,
                   data.get("coarse", ""))


# ---------------------------------------------------------------------------------------- budgets

def search_for(engine: Engine, players: int) -> str:
    """The search that analyses a game: alpha-beta for a two-player game whose engine is `deepened` (it
    has a fast board), else Monte-Carlo."""
    return ALPHABETA if engine.deepened is not None and players == 2 else MCTS


def work_for(engine: Engine, positions: int) -> int:
    """The work each of a match's `positions` is searched with: the engine's work, shared out in a match
    of more than FULL positions (so that a whole analysis stays bounded), but never less than LEAST of it."""
    full = engine.work
    shared = full * FULL // max(positions, 1)
    return max(1, math.ceil(full * LEAST), min(full, shared))


def other_seed(seed: int) -> int:
    """The seed of a position's second search."""
    return (seed * 48_271 + 11) % 2**31


# ---------------------------------------------------------------------------------------- judgement

def severity(drop: float) -> str | None:
    """The severity of a fall in value of `drop`, or None below every threshold."""
    found = None
    for name in SEVERITIES:
        if drop >= THRESHOLDS[name]:
            found = name
    return found


@dataclass(frozen=True)
class Fall:
    """The mover's value lost by a move as one pair of searches (before and after it) measures it:
    `value`, its standard error, and whether both ends are proven."""

    value: float
    noise: float
    exact: bool


def after_value(before: Position, after: Position, move: str, seat: int) -> tuple[float, float, bool]:
    """The mover's value after `move`, its standard error and whether it is proven: proven where either
    search proved it; else, when the search before the move looked at it (MIN_VISITS times or more, or
    alpha-beta searched it), the better of that search's estimate and the search after it (both must
    agree that the move lost value); else the search after it."""
    if after.exact:
        return after.values[seat], 0.0, True
    seen = before.candidate(move)
    if seen is None:
        return after.values[seat], after.noise, False
    if seen.exact or seen.value >= after.values[seat]:
        return seen.value, seen.noise, seen.exact
    return after.values[seat], after.noise, False


def fall(before: Position, after: Position, move: str, seat: int) -> Fall:
    """How much `move` lowered its mover's value, as the searches of `before` and `after` see it."""
    value, noise, proven = after_value(before, after, move, seat)
    return Fall(before.values[seat] - value, math.hypot(0.0 if before.exact else before.noise, noise),
                before.exact and proven)


def measure(before: Position, after: Position, move: str, seat: int,
            again: tuple[Position, Position] | None = None) -> tuple[float, float, bool] | None:
    """The fall a move is judged by and the margin for noise taken off it, and whether it was measured
    twice; None when it was not measured twice and needed to be (see `judge`)."""
    first = fall(before, after, move, seat)
    if first.exact:
        return first.value, 0.0, False
    if again is None:
        return None
    second = fall(again[0], again[1], move, seat)
    measured = (first.value + second.value) / 2
    margin = max(abs(first.value - second.value), CONFIDENCE * math.hypot(first.noise, second.noise) / 2)
    return round(measured, DIGITS), round(margin, DIGITS), True


def judge(ply: int, seat: int, move: str, before: Position, after: Position,
          again: tuple[Position, Position] | None = None) -> Judgement | None:
    """The judgement of one move, or None when it is not worth a mark. `again`: the positions before
    and after it searched a second time (see `questioned`).

    A move is judged only where the computer preferred another. A fall between proven values has no
    noise and is judged as it is, so a proven win thrown away is always a blunder. Any other fall is
    judged only when measured twice: it is the mean of the two measures, less a margin for the
    searches' noise, the larger of their disagreement and CONFIDENCE standard errors of that mean (the
    searches estimate theirs from the spread of their rewards; alpha-beta from its last two depths).
    Within one pair the searches lean towards a fall even on a good move (the best move's mean is the
    largest of several noisy means, and the search after the move takes the opponent's best reply): so
    where the search before the move looked at the played move, its own mean for it is compared with its
    own best, and the lower fall of that and the search after it is taken (`after_value`).
    """
    if before.best is None or before.best == move:
        return None
    measured = measure(before, after, move, seat, again)
    if measured is None:
        return None
    value, margin, _ = measured
    drop = round(value - margin, DIGITS)
    found = severity(drop)
    if found is None:
        return None
    return Judgement(ply, seat, move, drop, found, before.best, value, margin)


def questioned(movers: Sequence[int], moves: Sequence[str], positions: Sequence[Position]) -> list[int]:
    """The positions to search again, in order: before and after every move the computer did not prefer
    whose first fall is NEAR a threshold or above and not between proven values; not a proven position
    (searched again, it is the same) nor one that carries its second measure (`Position.shallower`)."""
    asked: set[int] = set()
    for ply, (seat, move) in enumerate(zip(movers, moves)):
        before = positions[ply]
        if before.best is None or before.best == move:
            continue
        first = fall(before, positions[ply + 1], move, seat)
        if not first.exact and round(first.value, DIGITS) >= NEAR:
            asked.update(k for k in (ply, ply + 1) if not positions[k].exact and positions[k].shallower is None)
    return sorted(asked)


def coarseness(engine: Engine, positions: Sequence[Position]) -> str:
    """Why an analysis is coarse, in English words ("" when it is not; kept with the analysis and
    translated where it is shown): its search knows nothing of the game beyond its rules, or most of its
    positions (a proven one has no noise) are unsure by as much as the smallest mark."""
    if engine.knowledge is GENERIC:
        # Translators: completes "This game's analysis is coarse: {why}."
        return N_("the computer knows only its rules and values a position by games played out at random from "
                  "it, so only the clearest mistakes are marked")
    noisy = sum(not p.exact and CONFIDENCE * p.noise >= THRESHOLDS["inaccuracy"] for p in positions)
    if 2 * noisy > len(positions):
        # Translators: completes "This game's analysis is coarse: {why}."
        return N_("the computer's searches of most of its positions are unsure by as much as an inaccuracy, so "
                  "only the clearest mistakes are marked")
    return ""


def assemble(engine: Engine, game: str, players: int, movers: Sequence[int], moves: Sequence[str],
             positions: Sequence[Position], again: Mapping[int, Position] | None = None, work: int = 0) -> Analysis:
    """The Analysis of a match of `game` (analysed with its `engine`) from its moves, their movers, the
    evaluated positions (the start, then the position after each move), the positions searched again
    (by index: see `questioned`) and the work each was searched with, every move judged."""
    if len(movers) != len(moves) or len(positions) != len(moves) + 1:
        raise ValueError(f"{len(moves)} moves need {len(moves)} movers and {len(moves) + 1} positions, "
                         f"not {len(movers)} and {len(positions)}")
    again = again or {}

    def second(k: int) -> Position | None:
        position = positions[k]
        return position if position.exact else position.shallower or again.get(k)

    judgements, checks = [], []
    for ply, (seat, move) in enumerate(zip(movers, moves)):
        before, after = positions[ply], positions[ply + 1]
        before_again, after_again = second(ply), second(ply + 1)
        twice = (before_again, after_again) if before_again is not None and after_again is not None else None
        found = judge(ply, seat, move, before, after, twice)
        if found is not None:
            judgements.append(found)
        measured = measure(before, after, move, seat, twice) if before.best not in (None, move) else None
        if measured is not None and measured[2]:
            checks.append(Check(ply, measured[0], measured[1]))
    return Analysis(game, players, tuple(moves), tuple(int(s) for s in movers), tuple(positions), tuple(judgements),
                    search_for(engine, players), work, tuple(checks), coarseness(engine, positions))
