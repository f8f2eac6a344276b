"""Rules benchmark: time listing every legal move (`legal_moves()` on a fresh state) and playing one
move (`play()`, the bot's path: read, check, apply and decide whether the game ended) on positions
from random playouts of every game with its default options, and print median / p95 / max ms with
the number of legal moves. For Elevation it also reports the middle-game positions alone (those with
at least 2,000 legal turns), the case the rules must list well under 50 ms. Then autocomplete: the
suggestions for an empty box and for each part of a random legal move on the way to it (what /move's
autocomplete computes once the position is loaded), median and worst per game; Discord gives 3 s.

Run by hand from anywhere:
    python bench/rules.py [--positions 300] [--seed 1]
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service import suggestions  # noqa: E402
from games import GAMES  # noqa: E402
from rules.parts import move_parts  # noqa: E402

BUSY = 2000  # Elevation positions with at least this many legal turns count as the middle game


def positions(game_name: str, count: int, rng: random.Random, extra: int = 0) -> list:
    """Running positions sampled across random playouts (capped at 3,000 plies), start included."""
    game = GAMES[game_name]
    found: list = []
    while len(found) < count:
        state = game.start(players=game.players.start, seed=rng.randrange(1 << 30))
        seen = [state]
        while state.outcome is None and len(seen) < 3000:
            state = state.play(rng.choice(state.legal_moves()))
            if state.outcome is None:
                seen.append(state)
        found.extend(seen[:: max(1, len(seen) // 25)])
    return found[:count]


def timed(call, repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - start) * 1000 / repeat


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def row(label: str, list_ms: list[float], play_ms: list[float], counts: list[int]) -> str:
    return (f"{label:<22} {statistics.median(list_ms):>8.2f} {percentile(list_ms, 0.95):>8.2f} {max(list_ms):>8.2f}"
            f" {statistics.median(play_ms):>8.3f} {percentile(play_ms, 0.95):>8.3f}"
            f" {statistics.median(counts):>8.0f} {max(counts):>8}  {len(counts)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    completions: list[tuple[str, list[float], str]] = []
    print(f"{'game':<22} {'list ms':>8} {'p95':>8} {'max':>8} {'play ms':>8} {'p95':>8} {'moves':>8} {'max':>8}  positions")
    for name in GAMES:
        rng = random.Random(args.seed)
        states = positions(name, args.positions, rng)
        list_ms, play_ms, counts = [], [], []
        for state in states:
            fresh = dataclasses.replace(state)  # a new object: nothing cached yet
            list_ms.append(timed(fresh.legal_moves))
            moves = fresh.legal_moves()
            counts.append(len(moves))
            move = rng.choice(moves)
            play_ms.append(timed(functools.partial(state.play, move), repeat=5))
        print(row(name, list_ms, play_ms, counts))
        if name == "elevation":
            busy = [k for k, n in enumerate(counts) if n >= BUSY]
            if busy:
                print(row(f"  ≥{BUSY} turns", [list_ms[k] for k in busy], [play_ms[k] for k in busy],
                          [counts[k] for k in busy]))
        tree_ms, worst = autocomplete(states, rng)
        completions.append((name, tree_ms, worst))
    print(f"\n{'autocomplete':<22} {'median':>8} {'p95':>8} {'max':>8}  worst case")
    for name, tree_ms, worst in completions:
        print(f"{name:<22} {statistics.median(tree_ms):>8.2f} {percentile(tree_ms, 0.95):>8.2f} {max(tree_ms):>8.2f}  {worst}")


def autocomplete(states: list, rng: random.Random) -> tuple[list[float], str]:
    """ms per suggestions() call, for "" and each prefix of a random move's parts; the worst call."""
    times, worst, worst_ms = [], "", 0.0
    for state in states:
        move = rng.choice(state.legal_moves())
        parts = move_parts(state, move)
        for k in range(len(parts)):
            typed = "".join(parts[:k])
            ms = timed(functools.partial(suggestions, dataclasses.replace(state), typed))
            times.append(ms)
            if ms > worst_ms:
                worst_ms, worst = ms, f"{typed!r} with {len(state.legal_moves())} legal moves"
    return times, worst


if __name__ == "__main__":
    main()
