"""What a post-game analysis costs and how steady its marks are: per game, a 60-move game (a random one
by default, or one played by a computer level; for games whose games end sooner, as many moves as they
last, several games in a row) is analysed as the bot does it, its positions spread over worker
processes: every position searched with its budget of work, then the positions where a mark is in
question searched again with other seeds (alpha-beta's positions carry their second measure). Then the
whole analysis is made a second time with other seeds throughout, as a match with other seeds would be.

Prints per game: the positions, those searched again, the wall-clock seconds of the whole first
analysis and the CPU seconds its workers spent (on an idle machine the wall-clock time is about the CPU
time over the workers; under load the CPU time stays put), the marks it gave, and how many of them the
second analysis gave too (at the same move with the same severity, and at the same move at all).

Run by hand, with nothing else busy:
    python bench/analysis.py [--games attaxx xlines] [--moves 60] [--workers 2] [--level random|easy|medium|hard]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.analysis import Analysis, Position, other_seed, questioned  # noqa: E402
from games import GAMES, assemble, choose_move, evaluate, work_for  # noqa: E402

# The (players, options) a game is analysed with where they are not its fewest players and its defaults.
OTHER_SETUPS = {"xlines": [(2, {"size": 8}), (2, {"size": 12})], "permutation": [(2, {"k": 3}), (4, {"k": 4})]}
SECOND = 1_000_003  # the second analysis's seeds start here


def setups() -> list[tuple[str, int, dict]]:
    """(game, players, options) for every registered game, in the registry's order."""
    return [(name, players, options) for name, game in GAMES.items()
            for players, options in OTHER_SETUPS.get(name, [(game.players.start, {})])]


def played_match(name: str, players: int, options: dict, moves: int, seed: int, level: str) -> list:
    """The positions of a game of `name` played at random or by the computer at `level`, start first, cut
    after `moves` moves."""
    rng = random.Random(seed)
    state = GAMES[name].start(players=players, options=options, seed=seed)
    states = [state]
    while state.outcome is None and len(states) <= moves:
        move = rng.choice(state.legal_moves()) if level == "random" else choose_move(state, level, rng.randrange(2**31))
        state = state.play(move)
        states.append(state)
    return states


def searched(state, work: int, seed: int, played: str | None) -> tuple[Position, float]:
    """One position evaluated in a worker, with the CPU seconds it took there."""
    started = time.process_time()
    position = evaluate(state, work, seed, played)
    return position, time.process_time() - started


def analysed(pool: ProcessPoolExecutor, matches: list[list], base: int) -> tuple[list[Analysis], float, float, int]:
    """Every match analysed as the bot does it, the positions of all of them sent to the pool together:
    the analyses, the wall-clock and CPU seconds, and how many positions were searched again."""
    started = time.perf_counter()
    calls, at = [], 0
    for match in matches:
        work = work_for(match[0].game, len(match))
        moves = [state.last.notation for state in match[1:]]
        calls += [(state, work, base + at + k, (moves + [None])[k]) for k, state in enumerate(match)]
        at += len(match)
    first = list(pool.map(searched, *zip(*calls)))
    cpu = sum(seconds for _, seconds in first)
    again_calls, asked_per_match, at = [], [], 0
    for match in matches:
        moves = [state.last.notation for state in match[1:]]
        movers = [state.last.seat for state in match[1:]]
        asked = questioned(movers, moves, [position for position, _ in first[at:at + len(match)]])
        asked_per_match.append(asked)
        game = match[0].game
        again_calls += [(match[k], work_for(game, len(match)), other_seed(base + at + k), (moves + [None])[k]) for k in asked]
        at += len(match)
    second = list(pool.map(searched, *zip(*again_calls))) if again_calls else []
    cpu += sum(seconds for _, seconds in second)
    wall = time.perf_counter() - started
    analyses, at, done = [], 0, 0
    for match, asked in zip(matches, asked_per_match):
        moves = [state.last.notation for state in match[1:]]
        movers = [state.last.seat for state in match[1:]]
        again = {k: second[done + j][0] for j, k in enumerate(asked)}
        positions = [position for position, _ in first[at:at + len(match)]]
        game, players = match[0].game, match[0].players
        analyses.append(assemble(game, players, movers, moves, positions, again, work_for(game, len(match))))
        at += len(match)
        done += len(asked)
    return analyses, wall, cpu, len(again_calls)


def marks(analyses: list[Analysis]) -> set[tuple[int, int, str]]:
    return {(k, j.ply, j.severity) for k, analysis in enumerate(analyses) for j in analysis.judgements}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--level", default="random", choices=("random", "easy", "medium", "hard"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.workers} worker(s), games played {'at random' if args.level == 'random' else 'by ' + args.level}")
    print(f"{'game':<24} {'positions':>9} {'again':>5} {'wall s':>7} {'cpu s':>7} {'marks':>5} "
          f"{'agreed':>6} {'at move':>7}")
    totals = [0.0, 0.0]
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(abs, range(args.workers)))  # the workers started before the clock does
        for name, players, options in setups():
            if name not in args.games:
                continue
            matches, count, seed = [], 0, args.seed
            while count < args.moves + 1:  # short games: several in a row, for enough positions
                match = played_match(name, players, options, args.moves, seed, args.level)
                matches.append(match)
                count += len(match)
                seed += 1
            first, wall, cpu, again = analysed(pool, matches, 0)
            second, *_ = analysed(pool, matches, SECOND)
            found, other = marks(first), marks(second)
            at_move = {(k, ply) for k, ply, _ in other}
            label = f"{name} {players}p " + " ".join(f"{k}={v}" for k, v in options.items())
            print(f"{label:<24} {count:>9} {again:>5} {wall:>7.1f} {cpu:>7.1f} {len(found):>5} "
                  f"{len(found & other):>6} {sum((k, ply) in at_move for k, ply, _ in found):>7}", flush=True)
            totals[0] += wall
            totals[1] += cpu
    print(f"{'all':<24} {'':>9} {'':>5} {totals[0]:>7.1f} {totals[1]:>7.1f}")


if __name__ == "__main__":
    main()
