"""How long a post-game analysis takes: per game, a 60-move game (a random one, or for games whose random
games end sooner, as many moves as they last, several games in a row) is analysed with its positions
spread over worker processes, as the bot does it. Prints the wall-clock seconds for the whole match,
that figure scaled to 60 moves, the median / 95th percentile / max seconds of one position as measured
in its worker, and how many moves were judged.

Run by hand, with nothing else busy:
    python bench/analysis.py [--games attaxx xlines] [--moves 60] [--workers 2] [--seconds 1.5]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.analysis import SECONDS, Position, assemble, evaluate  # noqa: E402
from rules import GAMES  # noqa: E402

SETUPS = [("attaxx", 2, {}), ("ikabegama", 2, {}), ("ascent", 2, {}), ("xlines", 2, {"size": 8}),
          ("xlines", 2, {"size": 12}), ("permutation", 2, {"k": 3}), ("permutation", 4, {"k": 4}),
          ("elevation", 2, {})]


def random_match(name: str, players: int, options: dict, moves: int, seed: int) -> list:
    """The positions of a random game of `name`, start first, cut after `moves` moves."""
    rng = random.Random(seed)
    state = GAMES[name].start(players=players, options=options, seed=seed)
    states = [state]
    while state.outcome is None and len(states) <= moves:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def timed(state, seconds: float, seed: int, played: str | None) -> tuple[Position, float]:
    started = time.perf_counter()
    position = evaluate(state, seconds, seed, played)
    return position, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.workers} worker(s), at most {args.seconds} s a position")
    print(f"{'game':<24} {'moves':>5} {'total s':>8} {'per 60':>7} {'median':>7} {'p95':>6} {'max':>6} {'marks':>6}")
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(abs, range(args.workers)))  # the workers started before the clock does
        for name, players, options in SETUPS:
            if name not in args.games:
                continue
            states: list = []
            matches = []
            seed = args.seed
            while len(states) < args.moves + 1:  # short games: several in a row, for enough positions
                match = random_match(name, players, options, args.moves, seed)
                matches.append(match)
                states.extend(match)
                seed += 1
            played: list[str | None] = []  # the move the match went on with from each position
            for match in matches:
                played += [after.last.notation for after in match[1:]] + [None]
            started = time.perf_counter()
            results = list(pool.map(timed, states, [args.seconds] * len(states), range(len(states)), played))
            total = time.perf_counter() - started
            positions = [position for position, _ in results]
            times = sorted(seconds for _, seconds in results)
            marks = 0
            at = 0
            for match in matches:
                moves = [s.last.notation for s in match[1:]]
                movers = [s.last.seat for s in match[1:]]
                marks += len(assemble(name, players, movers, moves, positions[at:at + len(match)]).judgements)
                at += len(match)
            label = f"{name} {players}p " + " ".join(f"{k}={v}" for k, v in options.items())
            count = len(states) - len(matches)
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            print(f"{label:<24} {count:>5} {total:>8.1f} {total * 60 / max(count, 1):>7.1f} "
                  f"{statistics.median(times):>7.2f} {p95:>6.2f} {times[-1]:>6.2f} {marks:>6}", flush=True)


if __name__ == "__main__":
    main()
