"""What pairing a tournament's round costs: whole Swiss tournaments simulated with random results (8 to 64
entrants, the default rounds plus two, or until nobody can be paired without a rematch), each round paired as the bot pairs it (bot.tournaments.pairing),
with the CPU milliseconds of the slowest and the median round, the peak memory of the slowest, and the
standings worked out after each round; as ratios to pairing a round robin round of the same entrants
(Berger tables, no search) in the same run.

    .venv/bin/python bench/pairing.py [--entrants 8,16,32,64] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
T = TypeVar("T")

from bot.tournaments.model import Entrant, Format, Table  # noqa: E402
from bot.tournaments.pairing import NoPairing, default_rounds, pair_round  # noqa: E402
from bot.tournaments.standings import standings  # noqa: E402


def timed(work: Callable[..., T], *args: Any) -> tuple[float, T]:
    start = time.process_time()
    result = work(*args)
    return (time.process_time() - start) * 1000, result


def swiss(count: int, rng: random.Random) -> dict[str, float]:
    entrants = [Entrant(1000 + k, f"p{k}", 2000 - 7 * k, k + 1) for k in range(count)]
    rounds = default_rounds(Format.SWISS, count) + 2
    tables: list[Table] = []
    pairing, ranking, peaks = [], [], []
    for round in range(1, rounds + 1):
        try:
            ms, pairs = timed(pair_round, Format.SWISS, entrants, tables, round, rounds)
        except NoPairing:  # everyone has met: the tournament ends here, as the bot's would
            rounds = round - 1
            break
        pairing.append(ms)
        tracemalloc.start()  # again, traced (slower): the memory it takes
        pair_round(Format.SWISS, entrants, tables, round, rounds)
        peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
        tracemalloc.stop()
        for board, seats in enumerate(pairs, 1):
            if len(seats) == 1:
                tables.append(Table(round, board, seats, (Fraction(1),), played=False))
            else:
                first = rng.choice([Fraction(0), Fraction(1, 2), Fraction(1)])
                tables.append(Table(round, board, seats, (first, 1 - first)))
        ranking.append(timed(standings, entrants, tables, Format.SWISS)[0])
    robin = statistics.median(timed(pair_round, Format.ROUND_ROBIN, entrants, (), r, count)[0] for r in range(1, 6))
    return {"rounds": rounds, "worst": max(pairing), "median": statistics.median(pairing), "robin": robin,
            "standings": max(ranking), "peak": max(peaks)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", default="8,16,32,64")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    swiss(6, random.Random(0))  # imports and first calls out of the way
    print("entrants  rounds  worst round ms  median ms  × round robin  standings ms  peak MiB")
    for count in (int(n) for n in args.entrants.split(",")):
        got = swiss(count, rng)
        print(f"{count:8}  {got['rounds']:6}  {got['worst']:14.0f}  {got['median']:9.0f}  "
              f"{got['worst'] / max(got['robin'], 0.001):13.0f}  {got['standings']:12.1f}  {got['peak']:8.1f}")


if __name__ == "__main__":
    main()
