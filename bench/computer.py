"""How long the bot waits for a computer move: the round trip through the worker pool the bot uses
(bot.computer.ComputerPlayers), per game and level, from positions of random games at every stage.
Prints median / 95th percentile / max seconds and how many answers took 5 s or more.

Run by hand, with nothing else busy:
    python bench/computer.py [--games elevation xlines] [--levels hard] [--positions 12] [--concurrent 2]
`--concurrent N` asks N moves at once (N matches whose computer is to move together); with more than one
per core they queue for a worker, and the wait is counted.
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.computer import ComputerPlayers  # noqa: E402
from engines import LEVELS  # noqa: E402
from games import GAMES  # noqa: E402
from rules import State  # noqa: E402


def positions(name: str, count: int, seed: int = 1) -> list[State]:
    """`count` running positions spread over random games, from the start to the late game."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = GAMES[name].start(players=2, seed=rng.randrange(10**6))
        line: list[State] = []
        while state.outcome is None:
            line.append(state)
            state = state.play(rng.choice(state.legal_moves()))
        # the random game's first 60 plies: engine games last about that long (Elevation's random ones
        # run to thousands of turns, most of them in positions no match reaches)
        line = line[:60]
        found.extend(line[round(k * (len(line) - 1) / 3)] for k in range(4))
    return found[:count]


async def measure(pool: ComputerPlayers, states: list, level: str, concurrent: int) -> list[float]:
    times: list[float] = []

    async def one(state, seed: int) -> None:
        started = time.perf_counter()
        move = await pool.choose(state, level, seed)
        times.append(time.perf_counter() - started)
        assert move in state.legal_moves()

    for start in range(0, len(states), concurrent):
        await asyncio.gather(*(one(s, start + k) for k, s in enumerate(states[start:start + concurrent])))
    return times


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--concurrent", type=int, default=1)
    args = parser.parse_args()
    pool = ComputerPlayers()
    await pool.warm_up()
    print(f"{pool.workers} worker(s), {args.concurrent} move(s) asked at once")
    print(f"{'game':<12} {'level':<7} {'moves':>5} {'median':>7} {'p95':>7} {'max':>7} {'≥5 s':>5}")
    try:
        for name in args.games:
            states = positions(name, args.positions)
            for level in args.levels:
                times = sorted(await measure(pool, states, level, args.concurrent))
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                print(f"{name:<12} {level:<7} {len(times):>5} {statistics.median(times):>7.2f} {p95:>7.2f} "
                      f"{times[-1]:>7.2f} {sum(t >= 5 for t in times):>5}", flush=True)
    finally:
        pool.close()


if __name__ == "__main__":
    asyncio.run(main())
