"""How fast the computer players search: Attaxx's move counts from the start (perft) through the rules,
through the alpha-beta search's bit-board and through python-ataxx, side by side; then, for every
game, how many Monte-Carlo iterations or alpha-beta nodes each level's search gets through in a second
of CPU time, from positions of random games.

perft(d) counts the move sequences d plies long from the start (16, 256, 6,460, 155,888); each
implementation plays every sequence out to its last move, except that the last ply is counted from
the list of moves without playing it, as chess engines count.

Run by hand (one core is enough; the figures are CPU time, so other work on the machine changes them
little):
    python bench/search_speed.py [--games attaxx elevation] [--positions 6] [--perft 4]
python-ataxx, for its side of the perft, is installed for this benchmark only: pip install ataxx==2.2.0
"""
from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import analyse, deepen  # noqa: E402
from engines.games.infection_board import InfectionBoard, perft  # noqa: E402
from engines.levels import ALPHABETA, LEVELS  # noqa: E402
from games import GAMES, REGISTRY  # noqa: E402

P = ParamSpec("P")
R = TypeVar("R")


class RulesPosition:
    """A position of the rules, as `perft` counts on a board."""

    def __init__(self, state):
        self.state = state
        self.result = state.outcome

    def moves(self) -> list[str]:
        return self.state.legal_moves()

    def play(self, move: str) -> RulesPosition:
        return RulesPosition(self.state.play(move))


def timed(work: Callable[P, R], *args: P.args, **keywords: P.kwargs) -> tuple[R, float]:
    started = time.process_time()
    result = work(*args, **keywords)
    return result, time.process_time() - started


def perft_rows(depth: int) -> list[str]:
    start = GAMES["attaxx"].start()
    ways = [("rules (the Monte-Carlo search's moves)", lambda d: perft(RulesPosition(start), d)),
            ("bit-board (the alpha-beta search's)", lambda d: perft(InfectionBoard.of(start), d))]
    try:  # no dependency of the project, so typed as a module found at run time
        ataxx = importlib.import_module("ataxx")
        ways.append(("python-ataxx 2.2.0", lambda d: ataxx.Board().perft(d)))
    except ImportError:
        print("(python-ataxx is not installed: pip install ataxx==2.2.0 for its column)", file=sys.stderr)
    rows = [f"{'perft, Attaxx from the start':<40} " + " ".join(f"{f'd={d}':>18}" for d in range(1, depth + 1))]
    for name, count in ways:
        cells = []
        for d in range(1, depth + 1):
            found, seconds = timed(count, d)
            cells.append(f"{found:>8} {seconds:>7.3f} s")
        rows.append(f"{name:<40} " + " ".join(cells))
    return rows


def positions(name: str, count: int) -> list:
    """Positions a third of the way into random two-player games (Elevation: after 12 random turns)."""
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        state = GAMES[name].start(players=2, seed=seed)
        states = [state]
        while state.outcome is None and len(states) < (13 if name == "elevation" else 1000):
            state = state.play(rng.choice(state.legal_moves()))
            states.append(state)
        running = [s for s in states if s.outcome is None and len(s.legal_moves()) > 1]
        found.append(running[len(running) // 3] if name != "elevation" else running[-1])
    return found


def speed_rows(games: list[str], count: int) -> list[str]:
    rows = [f"{'game':<12} {'level':<7} {'search':<10} {'per second (CPU)':>18} {'work per move':>14}"]
    for name in games:
        states = positions(name, count)
        engine = REGISTRY[name].engine
        for level in LEVELS:
            budget = engine.budget(level)
            work = seconds = 0.0
            for k, state in enumerate(states):
                if budget.search == ALPHABETA:
                    board = engine.knowledge.board
                    if board is None:  # the registry refuses such an engine
                        raise ValueError(f"{name} searches with alpha-beta at {level}, but its knowledge has no board")
                    deepened, spent = timed(deepen, state, board, budget, seconds=60)
                    work += deepened.nodes
                else:
                    searched, spent = timed(analyse, state, engine, level, seed=k, seconds=60)
                    work += searched.done
                seconds += spent
            unit = "nodes" if budget.search == ALPHABETA else "iterations"
            rows.append(f"{name:<12} {level:<7} {budget.search:<10} {work / seconds:>8.0f} {unit:<10}"
                        f"{work / len(states):>14.0f}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    parser.add_argument("--positions", type=int, default=6, help="positions searched per game and level")
    parser.add_argument("--perft", type=int, default=4, help="the deepest perft")
    args = parser.parse_args()
    print("\n".join(perft_rows(args.perft)))
    print()
    print("\n".join(speed_rows(args.games, args.positions)))


if __name__ == "__main__":
    main()
