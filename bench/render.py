"""Render benchmark: time render + PNG encode on positions from random playouts of every game that
has a renderer, and print median / p95 / max milliseconds, the median CPU milliseconds (steadier than
the wall clock on a machine others are using) and PNG sizes per game (Ikabegamá once per
board size asked for, size 5 by default; Multiplications once per players×k asked for, n = 7, 13, 19
and 25 by default; X's and lines once per board size asked for, n = 8 and 15 by default; Elevation once
per terrain asked for, flat and random by default).

Run by hand from anywhere:
    python bench/render.py [--positions 200] [--seed 1] [--sizes 4,5,6,7] [--perm 2x3,3x4,6x3,6x4,3x8]
                           [--xlines 8,15] [--elevation flat,random]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderers import RENDERERS, render  # noqa: E402
from rules import GAMES  # noqa: E402

NAMES = ("alice", "Bartholomew the Unreasonably Long-Named", "Zoë", "Дмитрий", "李小龍", "x")


def positions(game_name: str, count: int, rng: random.Random, options: dict | None = None,
              players: int | None = None) -> list:
    """`count` states sampled from random playouts, start and finished positions included; `players`
    defaults to the fewest the game allows."""
    game = GAMES[game_name]
    if players is None:
        players = game.players.start
    found = []
    while len(found) < count:
        state = game.start(players=players, options=options, seed=rng.randrange(1 << 30))
        game_states = [state]
        while state.outcome is None and len(game_states) < 400:
            state = state.play(rng.choice(state.legal_moves()))
            game_states.append(state)
        step = max(1, len(game_states) // 12)
        found.extend(game_states[::step])
        found.append(game_states[-1])
    return found[:count]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="5", help="Ikabegamá board sizes, comma-separated (4..7)")
    parser.add_argument("--perm", default="2x3,3x4,6x3,6x4,3x8",
                        help="Multiplications players×k, comma-separated (n = k·players + 1 ≤ 25)")
    parser.add_argument("--xlines", default="8,15", help="X's and lines board sizes, comma-separated (8..15)")
    parser.add_argument("--elevation", default="flat,random", help="Elevation terrains, comma-separated (flat, random)")
    args = parser.parse_args()
    runs: list[tuple[str, str, dict | None, int]] = []
    for game_name in RENDERERS:
        fewest = GAMES[game_name].players.start
        if game_name == "ikabegama":
            runs.extend((f"{game_name}-{size}", game_name, {"size": int(size)}, fewest) for size in args.sizes.split(","))
        elif game_name == "permutation":
            for spec in args.perm.split(","):
                players, k = (int(part) for part in spec.lower().split("x"))
                runs.append((f"perm-{players}x{k} n={k * players + 1}", game_name, {"k": k}, players))
        elif game_name == "xlines":
            runs.extend((f"{game_name}-{size}", game_name, {"size": int(size)}, fewest) for size in args.xlines.split(","))
        elif game_name == "elevation":
            runs.extend((f"{game_name}-{terrain}", game_name, {"terrain": terrain}, fewest)
                        for terrain in args.elevation.split(","))
        else:
            runs.append((game_name, game_name, None, fewest))
    width = max(12, *(len(label) for label, *_ in runs))
    print(f"{'game':<{width}} {'cold ms':>8} {'median':>8} {'p95':>8} {'max':>8} {'cpu med':>8} {'PNG KiB':>14}  positions")
    for label, game_name, options, players in runs:
        rng = random.Random(args.seed)
        states = positions(game_name, args.positions, rng, options, players)
        names = [NAMES[(i + k) % len(NAMES)] for k in range(players) for i in (0,)]
        start = time.perf_counter()
        render(states[0], names)  # first render builds the caches
        cold = (time.perf_counter() - start) * 1000
        times, cpu, sizes = [], [], []
        for k, state in enumerate(states):
            names = [NAMES[(k + seat) % len(NAMES)] for seat in range(players)]
            start, start_cpu = time.perf_counter(), time.process_time()
            png = render(state, names)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            sizes.append(len(png) / 1024)
        size = f"{statistics.median(sizes):.1f} (max {max(sizes):.0f})"
        print(f"{label:<{width}} {cold:8.1f} {statistics.median(times):8.2f} {percentile(times, 0.95):8.2f} "
              f"{max(times):8.2f} {statistics.median(cpu):8.2f} {size:>14}  {len(states)}")


if __name__ == "__main__":
    main()
