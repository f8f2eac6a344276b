"""Strength benchmark of the computer players: for each game, every level against random play and
against the level below, and for Attaxx against python-ataxx's alpha-beta player; prints a table of
wins/draws/losses (from the first-named player's side) and seconds per move.

Seats alternate game by game. Engine-against-engine games start with a few random plies (`--opening`),
the same for each pair of games, so that a pair plays one opening from both seats. A game still
running after `--max-plies` is counted as unfinished (and not as a win, draw or loss).

The alpha-beta opponent is python-ataxx's `ataxx.players.alphabeta(board, alpha, beta, depth)`
(material evaluation). It is used by this benchmark only and is no dependency of the project:
    pip install ataxx==2.2.0

Run by hand from anywhere, one process at a time (the searches are CPU-bound):
    python bench/strength.py [--games attaxx ascent] [--levels easy hard] [--n 100] [--seconds 4]
                             [--against random below alphabeta2 alphabeta3] [--players 2]
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import LEVELS, choose_move  # noqa: E402
from rules import GAMES  # noqa: E402

Player = Callable[[object, int], str]  # (state, game number) -> move


@dataclass
class Side:
    name: str
    play: Player
    times: list[float] = field(default_factory=list)

    def move(self, state, game: int) -> str:
        started = time.perf_counter()
        move = self.play(state, game)
        self.times.append(time.perf_counter() - started)
        return move


def engine(level: str, seconds: float | None, salt: int) -> Player:
    def play(state, game: int) -> str:
        return choose_move(state, level, seed=salt * 100_003 + game * 7919 + len_log(state), seconds=seconds)
    return play


def len_log(state) -> int:
    """A number that changes from move to move, so an engine's seed differs along a game."""
    return hash((state.to_move, tuple(getattr(state, "board", ()) or ()), getattr(state, "last", None) and
                 state.last.notation)) % 1000


def random_player(salt: int) -> Player:
    rngs: dict[int, random.Random] = {}

    def play(state, game: int) -> str:
        rng = rngs.setdefault(game, random.Random(salt * 1_000_003 + game))
        return rng.choice(state.legal_moves())
    return play


def alphabeta_player(depth: int) -> Player:
    try:
        import ataxx
        import ataxx.players
    except ImportError:
        sys.exit("python-ataxx is missing: pip install ataxx==2.2.0 (for this benchmark only)")

    def play(state, game: int) -> str:
        board = ataxx.Board(fen(state))
        move = ataxx.players.alphabeta(board, -math.inf, math.inf, depth)
        text = str(move) if move is not None else ""
        legal = state.legal_moves()
        return text if text in legal else legal[0]
    return play


def fen(state) -> str:
    """The Attaxx position in python-ataxx's FEN, the side to move as 'x'."""
    geometry, mine = state.geometry, state.to_move + 1
    rows = []
    for rank in range(6, -1, -1):
        row, empty = "", 0
        for file in range(7):
            piece = state.board[geometry.index[f"{'abcdefg'[file]}{rank + 1}"]]
            if piece == 0:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += "x" if piece == mine else "o"
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " x 0 1"


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    unfinished: int = 0
    plies: list[int] = field(default_factory=list)

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses + self.unfinished


def play_game(name: str, players: int, sides: list[Side], seats: list[int], game: int, opening: int,
              max_plies: int) -> tuple[str, int]:
    """One game; sides[seats[s]] plays seat s. The result for side 0 ('win', 'draw', 'loss', 'unfinished')."""
    state = GAMES[name].start(players=players, seed=game)
    rng = random.Random(10_007 * (game // 2) + 1)
    plies = 0
    while state.outcome is None and plies < max_plies:
        if plies < opening:
            move = rng.choice(state.legal_moves())
        else:
            move = sides[seats[state.to_move]].move(state, game)
        state = state.play(move)
        plies += 1
    if state.outcome is None:
        return "unfinished", plies
    mine = [s for s in range(players) if seats[s] == 0]
    places = state.outcome.places
    if len(places) == 1:
        return "draw", plies
    if any(s in places[0] for s in mine):
        return ("draw" if len(places[0]) > 1 else "win"), plies
    return "loss", plies


def pairing(name: str, players: int, first: Side, second: Side, n: int, opening: int, max_plies: int,
            tally: Tally) -> None:
    for game in range(n):
        seats = [(game + s) % 2 if players == 2 else (0 if s == game % players else 1) for s in range(players)]
        result, plies = play_game(name, players, [first, second], seats, game, opening, max_plies)
        setattr(tally, {"win": "wins", "draw": "draws", "loss": "losses", "unfinished": "unfinished"}[result],
                getattr(tally, {"win": "wins", "draw": "draws", "loss": "losses", "unfinished": "unfinished"}[result]) + 1)
        tally.plies.append(plies)
        print(f"  {name} {first.name} v {second.name} game {game + 1}/{n}: {result} in {plies} plies", file=sys.stderr,
              flush=True)


def times_text(times: list[float]) -> str:
    if not times:
        return "—"
    return f"{statistics.mean(times):.2f}/{statistics.median(times):.2f}/{max(times):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--against", nargs="+", default=["random", "below", "alphabeta2", "alphabeta3"],
                        choices=["random", "below", "easy", "alphabeta2", "alphabeta3"],
                        help="opponents: random play, the level below, easy, python-ataxx alpha-beta (Attaxx only)")
    parser.add_argument("--n", type=int, default=100, help="games per pairing")
    parser.add_argument("--seconds", type=float, default=None, help="time cap per move (default: the level's)")
    parser.add_argument("--players", type=int, default=2, help="players (Multiplications: the rest play randomly)")
    parser.add_argument("--opening", type=int, default=2, help="random plies before engine-against-engine games")
    parser.add_argument("--max-plies", type=int, default=600)
    args = parser.parse_args()

    rows = []
    started = time.perf_counter()
    for name in args.games:
        players = args.players if args.players in GAMES[name].players else 2
        for level in args.levels:
            opponents: list[tuple[str, Player, int]] = []
            index = LEVELS.index(level)
            for against in args.against:
                if against == "random":
                    opponents.append(("random", random_player(7), 0))
                elif against in ("below", "easy"):
                    lower = LEVELS[index - 1] if against == "below" else "easy"
                    if index > 0 and lower != level:
                        opponents.append((lower, engine(lower, args.seconds, 2), args.opening))
                elif name == "attaxx":
                    depth = int(against[-1])
                    opponents.append((f"alphabeta d{depth}", alphabeta_player(depth), args.opening))
            for label, player, opening in opponents:
                first, second = Side(level, engine(level, args.seconds, 1)), Side(label, player)
                tally = Tally()
                clock = time.perf_counter()
                pairing(name, players, first, second, args.n, opening, args.max_plies, tally)
                rows.append((name, level, label, tally, first.times, second.times, time.perf_counter() - clock))
                print(row_text(*rows[-1]), flush=True)
    print()
    print(header())
    for row in rows:
        print(row_text(*row))
    print(f"\nwall time {time.perf_counter() - started:.0f} s")


def header() -> str:
    return (f"{'game':<12} {'level':<7} {'against':<13} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'unf':>4} {'score%':>7} "
            f"{'s/move mean/med/max':>20} {'opp s/move':>17} {'plies':>6} {'wall s':>7}")


def row_text(name, level, label, tally: Tally, mine: list[float], theirs: list[float], wall: float) -> str:
    decided = tally.wins + tally.draws + tally.losses
    score = 100 * (tally.wins + 0.5 * tally.draws) / decided if decided else float("nan")
    plies = statistics.mean(tally.plies) if tally.plies else 0
    return (f"{name:<12} {level:<7} {label:<13} {tally.played:>5} {tally.wins:>4} {tally.draws:>4} {tally.losses:>4} "
            f"{tally.unfinished:>4} {score:>6.1f}% {times_text(mine):>20} {times_text(theirs):>17} {plies:>6.0f} "
            f"{wall:>7.0f}")


if __name__ == "__main__":
    main()
