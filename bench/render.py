"""Render benchmark: time render + PNG encode on positions from random playouts of every registered
game (games.REGISTRY), and print median / p95 / max milliseconds, the median CPU milliseconds (steadier than
the wall clock on a machine others are using) and PNG sizes per game (Ikabegamá once per
board size asked for, size 5 by default; Multiplications once per players×k asked for, n = 7, 13, 19
and 25 by default; X's and lines once per board size asked for, n = 8 and 15 by default; Elevation once
per terrain asked for, flat and random by default).

With `--against DIR` (another checkout, e.g. `git worktree add /tmp/base <commit>`), each game is timed
in both, in turns, each in a process of its own, and the table gives both medians of CPU time and
their ratio (this checkout's over the other's): a figure that holds on a machine whose speed changes.

Run by hand from anywhere:
    python bench/render.py [--positions 200] [--seed 1] [--sizes 4,5,6,7] [--perm 2x3,3x4,6x3,6x4,3x8]
                           [--xlines 8,15] [--elevation flat,random] [--against /tmp/base] [--rounds 3]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("alice", "Bartholomew the Unreasonably Long-Named", "Zoë", "Дмитрий", "李小龍", "x")

# Run in a process of its own with a checkout's root first on the path: times the renders of one game.
TIMER = r"""
import json, random, statistics, sys, time
sys.path.insert(0, sys.argv[1])

try:
    from games import GAMES, render
except ImportError:  # a checkout from before the registry
    from renderers import render
    from rules import GAMES

game_name, options, players, count, seed, names = json.loads(sys.argv[2])
rng = random.Random(seed)
game = GAMES[game_name]
found = []
while len(found) < count:
    state = game.start(players=players, options=options, seed=rng.randrange(1 << 30))
    states = [state]
    while state.outcome is None and len(states) < 400:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    found.extend(states[::max(1, len(states) // 12)])
    found.append(states[-1])
states = found[:count]
start = time.perf_counter()
render(states[0], [names[k % len(names)] for k in range(players)])  # the first render builds the caches
cold = (time.perf_counter() - start) * 1000
times, cpu, sizes = [], [], []
for k, state in enumerate(states):
    seat_names = [names[(k + seat) % len(names)] for seat in range(players)]
    start, start_cpu = time.perf_counter(), time.process_time()
    png = render(state, seat_names)
    times.append((time.perf_counter() - start) * 1000)
    cpu.append((time.process_time() - start_cpu) * 1000)
    sizes.append(len(png) / 1024)
print(json.dumps({"cold": cold, "times": times, "cpu": cpu, "sizes": sizes}))
"""


def timed(root: Path, game_name: str, options: dict | None, players: int, count: int, seed: int) -> dict:
    """The render times of one game in the checkout at `root`, measured in a process of its own."""
    job = json.dumps([game_name, options, players, count, seed, NAMES])
    done = subprocess.run([sys.executable, "-c", TIMER, str(root), job], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def runs(args: argparse.Namespace) -> list[tuple[str, str, dict | None, int]]:
    """(label, game, options, players) for every registered game, as the arguments ask."""
    sys.path.insert(0, str(ROOT))
    from games import GAMES

    found: list[tuple[str, str, dict | None, int]] = []
    for game_name in GAMES:
        fewest = GAMES[game_name].players.start
        if game_name == "ikabegama":
            found.extend((f"{game_name}-{size}", game_name, {"size": int(size)}, fewest) for size in args.sizes.split(","))
        elif game_name == "permutation":
            for spec in args.perm.split(","):
                players, k = (int(part) for part in spec.lower().split("x"))
                found.append((f"perm-{players}x{k} n={k * players + 1}", game_name, {"k": k}, players))
        elif game_name == "xlines":
            found.extend((f"{game_name}-{size}", game_name, {"size": int(size)}, fewest) for size in args.xlines.split(","))
        elif game_name == "elevation":
            found.extend((f"{game_name}-{terrain}", game_name, {"terrain": terrain}, fewest)
                         for terrain in args.elevation.split(","))
        else:
            found.append((game_name, game_name, None, fewest))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="5", help="Ikabegamá board sizes, comma-separated (4..7)")
    parser.add_argument("--perm", default="2x3,3x4,6x3,6x4,3x8",
                        help="Multiplications players×k, comma-separated (n = k·players + 1 ≤ 25)")
    parser.add_argument("--xlines", default="8,15", help="X's and lines board sizes, comma-separated (8..15)")
    parser.add_argument("--elevation", default="flat,random", help="Elevation terrains, comma-separated (flat, random)")
    parser.add_argument("--against", type=Path, help="another checkout to time in turns with this one")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: turns each checkout takes per game")
    args = parser.parse_args()
    table = runs(args)
    width = max(12, *(len(label) for label, *_ in table))
    if args.against is None:
        print(f"{'game':<{width}} {'cold ms':>8} {'median':>8} {'p95':>8} {'max':>8} {'cpu med':>8} {'PNG KiB':>14}  positions")
        for label, game_name, options, players in table:
            got = timed(ROOT, game_name, options, players, args.positions, args.seed)
            times, sizes = got["times"], got["sizes"]
            size = f"{statistics.median(sizes):.1f} (max {max(sizes):.0f})"
            print(f"{label:<{width}} {got['cold']:8.1f} {statistics.median(times):8.2f} {percentile(times, 0.95):8.2f} "
                  f"{max(times):8.2f} {statistics.median(got['cpu']):8.2f} {size:>14}  {len(times)}")
        return
    print(f"CPU ms a render (median of {args.rounds} turns of {args.positions} positions each), this checkout "
          f"against {args.against}")
    print(f"{'game':<{width}} {'this':>8} {'other':>8} {'ratio':>7} {'this KiB':>9} {'other KiB':>10}")
    for label, game_name, options, players in table:
        medians: dict[Path, list[float]] = {ROOT: [], args.against: []}
        kib: dict[Path, float] = {}  # each checkout's median PNG size
        for _ in range(args.rounds):
            for root in (ROOT, args.against):
                got = timed(root, game_name, options, players, args.positions, args.seed)
                medians[root].append(statistics.median(got["cpu"]))
                kib[root] = statistics.median(got["sizes"])
        this, other = statistics.median(medians[ROOT]), statistics.median(medians[args.against])
        print(f"{label:<{width}} {this:8.2f} {other:8.2f} {this / other:7.2f} {kib[ROOT]:9.1f} {kib[args.against]:10.1f}",
              flush=True)


if __name__ == "__main__":
    main()
