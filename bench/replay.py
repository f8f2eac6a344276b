"""Replay benchmark: the time and the peak memory of drawing a long match's replay, for every game. The
match is the longest of several random playouts, cut at 600 moves (a game whose random games are
shorter is drawn whole; Elevation's run to thousands of turns). Each replay is drawn by
`bot.replays.draw` in a fresh process, as a worker draws it, and that process's peak resident memory
is read from the system (`resource.getrusage`).

With `--base`, the same replays are also drawn by another checkout of the code (the code before a
change, say) in the same run, one after the other for each game, and the ratios printed.

Run by hand, with nothing else busy:
    git worktree add /tmp/replay-base <commit>
    python bench/replay.py [--base /tmp/replay-base] [--moves 600] [--playouts 20] [--seed 1]
(`--moves 0` draws the longest playouts whole; before replays were streamed, a replay held about
4.7 MiB a move.)
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import GAMES  # noqa: E402
from renderers.replay import LIMIT  # noqa: E402

NAMES = ("alice", "bob")

# Run in a fresh process with the checkout to measure first on its path: draws one replay and prints
# its time, the process's peak memory before and after drawing, and the size of each file.
DRAW = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from bot.replays import draw
from rules.rebuild import rebuild
job = json.load(sys.stdin)
try:
    from games import GAMES
    game = GAMES[job["game"]]
except ImportError:  # a checkout from before the registry, whose rules found a game by its name
    game = job["game"]
final = rebuild(game, 2, {}, job["seed"], job["moves"])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
started = time.perf_counter()
parts = draw(job["game"], 2, {}, job["seed"], job["moves"], final.outcome, job["names"], job["limit"])
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "before": before / 1024, "peak": peak / 1024,
                  "sizes": [len(part) for part in parts]}))
"""


def playout(name: str, seed: int, moves: int) -> list[str]:
    """A random game of `name`, to its end or to `moves` moves (0: to its end)."""
    rng = random.Random(seed)
    state = GAMES[name].start(players=2, seed=seed)
    played: list[str] = []
    while state.outcome is None and (not moves or len(played) < moves):
        state = state.play(rng.choice(state.legal_moves()))
        assert state.last is not None, "play() records the move it made"
        played.append(state.last.notation)
    return played


def measure(root: Path, name: str, seed: int, moves: list[str]) -> dict:
    job = {"game": name, "seed": seed, "moves": moves, "names": NAMES, "limit": LIMIT}
    done = subprocess.run([sys.executable, "-c", DRAW, str(root)], input=json.dumps(job), capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def figures(found: dict) -> str:
    sizes = found["sizes"]
    within = "yes" if all(size <= LIMIT for size in sizes) else "NO"
    return (f"{found['seconds']:>8.1f} {found['peak']:>9.0f} {found['peak'] - found['before']:>8.0f} "
            f"{len(sizes):>5} {max(sizes) / 1e6:>7.2f} {within:>6}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another checkout of the code to draw the same replays with")
    parser.add_argument("--moves", type=int, default=600, help="the most moves drawn of a match (0: all)")
    parser.add_argument("--playouts", type=int, default=20, help="random games per game; the longest is drawn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    columns = f"{'seconds':>8} {'peak MiB':>9} {'drawing':>8} {'files':>5} {'MB max':>7} {'<limit':>6}"
    print(f"Each replay drawn in a fresh process; peak MiB: its peak resident memory, drawing: the rise while "
          f"drawing; MB max: the largest file (the limit is {LIMIT / 1e6:.2f} MB).")
    print(f"{'game':<12} {'moves':>6}  {'code':<6} {columns}")
    for name in sorted(GAMES):
        seeds = range(args.seed, args.seed + args.playouts)
        seed, moves = max(((seed, playout(name, seed, args.moves)) for seed in seeds), key=lambda found: len(found[1]))
        now = measure(ROOT, name, seed, moves)
        print(f"{name:<12} {len(moves):>6}  {'this':<6} {figures(now)}", flush=True)
        if args.base is not None:
            then = measure(args.base, name, seed, moves)
            print(f"{'':<12} {'':>6}  {'base':<6} {figures(then)}")
            rise = (now["peak"] - now["before"], then["peak"] - then["before"])
            print(f"{'':<12} {'':>6}  {'ratio':<6} {now['seconds'] / then['seconds']:>8.2f} "
                  f"{now['peak'] / then['peak']:>9.3f} {rise[0] / rise[1] if rise[1] else float('nan'):>8.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
