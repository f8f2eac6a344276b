"""Replay benchmark: how long a match's GIF takes to draw and how big it is, for a 100-move Attaxx game
and for the longest of several random playouts of every game (each game's longest realistic replay;
Elevation's random games run to thousands of turns).

Run by hand (the bot draws replays in its worker processes; this times one drawing in this process):
    python bench/replay.py [--playouts 20] [--seed 1]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderers.replay import LIMIT, gifs  # noqa: E402
from rules import GAMES  # noqa: E402

NAMES = ("alice", "bob")


def playout(name: str, seed: int) -> list:
    rng = random.Random(seed)
    state = GAMES[name].start(players=2, seed=seed)
    states = [state]
    while state.outcome is None:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


def measure(label: str, states: list) -> None:
    started = time.perf_counter()
    parts = gifs(states, NAMES)
    seconds = time.perf_counter() - started
    sizes = ", ".join(f"{len(part) / 1e6:.2f}" for part in parts)
    within = "yes" if all(len(part) <= LIMIT for part in parts) else "NO"
    print(f"{label:<34} {len(states) - 1:>6} {seconds:>8.2f} {len(parts):>6}  {sizes:<28} {within}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=20, help="random games per game; the longest is drawn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'replay':<34} {'moves':>6} {'seconds':>8} {'files':>6}  {'MB each':<28} within 10 MB")
    attaxx = next(states for seed in range(args.seed, args.seed + 1000) if len(states := playout("attaxx", seed)) > 100)
    measure("attaxx, first 100 moves", attaxx[:101])
    for name in sorted(GAMES):
        longest = max((playout(name, seed) for seed in range(args.seed, args.seed + args.playouts)), key=len)
        measure(f"{name}, longest of {args.playouts} random", longest)


if __name__ == "__main__":
    main()
