"""Strength benchmark of the computer players: for each game, every level against random play and
against the level below, and in Attaxx and Ikabegamá against a classical alpha-beta player; prints a
table of wins/draws/losses (from the level's side), the score over decided games with its 95 %
confidence interval, and seconds per move (mean/median/max).

Seats alternate game by game. Engine-against-engine games start with a few random plies (`--opening`),
the same for each pair of games, so that a pair plays one opening from both seats; plies that leave
the side to move a win in one are drawn again (such an opening measures the seat, not the level). A
game still running after `--max-plies` is counted as unfinished (not as a win, draw or loss; `ahead`
counts those where the level measured leads by the game's evaluation).

The alpha-beta opponent `alphabetaN` (a fixed depth N) is, in Attaxx, python-ataxx's
`ataxx.players.alphabeta(board, alpha, beta, depth)` (material evaluation; where it finds every move
lost it returns no move, and its first legal move is played). It is used by this benchmark only and is
no dependency of the project:
    pip install ataxx==2.2.0
python-ataxx plays only Attaxx's square board, so in Ikabegamá `alphabetaN` is the same algorithm
written out here (`reference_alphabeta`: plain fixed-depth alpha-beta, no table, material evaluation,
and, since Ikabegamá is won by reaching a nest, a finished game scored as a win or loss).

Seconds per move are the CPU time of the move (what it takes on an idle machine, whatever else runs).
With `--seconds` well above the levels' caps, only the levels' budgets (iterations, nodes) bound their
searches, and the results do not depend on the machine's load either. Run by hand:
    python bench/strength.py [--games attaxx ascent] [--levels easy hard] [--n 100] [--jobs 2]
                             [--against random below alphabeta3 alphabeta4] [--seconds 4]
                             [--option size=12]
"""
from __future__ import annotations

import argparse
import importlib
import math
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines import LEVELS  # noqa: E402
from games import GAMES, REGISTRY, choose_move  # noqa: E402


def make_player(spec: str, seconds: float | None, salt: int):
    """A player from its name: a level, 'random', or 'alphabetaN' (N: the depth)."""
    if spec in LEVELS:
        def engine(state, game: int, ply: int) -> str:
            return choose_move(state, spec, seed=(salt * 100_003 + game * 7_919 + ply) % 2**31, seconds=seconds)
        return engine
    if spec == "random":
        def random_play(state, game: int, ply: int) -> str:
            return random.Random(salt * 1_000_003 + game * 1_009 + ply).choice(state.legal_moves())
        return random_play
    return alphabeta_player(int(spec.removeprefix("alphabeta")))


def alphabeta_player(depth: int):
    def play(state, game: int, ply: int) -> str:
        if state.game == "attaxx":
            return python_ataxx(depth)(state, game, ply)
        return reference_alphabeta(state, depth)
    return play


def reference_alphabeta(state, depth: int) -> str:
    """python-ataxx's alpha-beta over any infection game: material from the side to move's view at the
    leaves, a finished game ±1000 (+ the plies left, so a quicker win counts more), the first best move."""
    from engines.games.infection_board import InfectionBoard

    def search(board, alpha: float, beta: float, left: int) -> float:
        if board.result is not None:
            return board.over() * (1000 + left)
        if left == 0:
            return board.pieces[board.mover].bit_count() - board.pieces[1 - board.mover].bit_count()
        for move in board.moves():
            child = board.play(move)
            score = search(child, alpha, beta, left - 1) if child.mover == board.mover \
                else -search(child, -beta, -alpha, left - 1)
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    board = InfectionBoard.of(state)
    best, alpha = None, -math.inf
    for move in board.moves():
        child = board.play(move)
        score = search(child, alpha, math.inf, depth - 1) if child.mover == board.mover \
            else -search(child, -math.inf, -alpha, depth - 1)
        if best is None or score > alpha:
            best, alpha = move, score
    if best is None:
        raise ValueError(f"no move to choose: the game is over ({state.outcome})")
    return board.notation(best)


def python_ataxx(depth: int):
    try:  # no dependency of the project, so typed as a module found at run time
        ataxx = importlib.import_module("ataxx")
        importlib.import_module("ataxx.players")
    except ImportError:
        sys.exit("python-ataxx is missing: pip install ataxx==2.2.0 (for this benchmark only)")

    def play(state, game: int, ply: int) -> str:
        board = ataxx.Board(fen(state))
        move = ataxx.players.alphabeta(board, -math.inf, math.inf, depth)
        if move is None:  # every move scores -inf (it sees the game lost): its first move, as a fallback
            move = board.legal_moves()[0]
        legal = state.legal_moves()
        text = str(move) if move is not None else ""
        if text not in legal:
            raise RuntimeError(f"python-ataxx chose {text!r}, not one of our legal moves in {fen(state)}")
        return text
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
            row += "x" if piece == mine else "o" if piece in (1, 2) else "-"
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " x 0 1"


@dataclass(frozen=True)
class Pairing:
    game: str
    players: int
    first: str  # the level measured
    second: str  # its opponent
    opening: int
    max_plies: int
    seconds: float | None
    options: tuple[tuple[str, object], ...] = ()

    @property
    def title(self) -> str:
        return " ".join([self.game] + [f"{key}={value}" for key, value in self.options])


@dataclass
class Played:
    result: str  # for the first player: win, draw, loss or unfinished
    plies: int
    ahead: bool = False  # unfinished with the first player ahead by the game's evaluation
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))


def play_game(pairing: Pairing, game: int) -> Played:
    """Game number `game` of a pairing; the first player takes seat game % 2 (of two; in a bigger game
    seat game % players, the others playing as the second)."""
    players = pairing.players
    seats = [(0 if s == game % players else 1) for s in range(players)]
    sides = [make_player(pairing.first, pairing.seconds, 1), make_player(pairing.second, pairing.seconds, 2)]
    played = Played("unfinished", 0)
    state = GAMES[pairing.game].start(players=players, options=dict(pairing.options), seed=game // 2)
    state = opened(state, pairing.opening, random.Random(10_007 * (game // 2) + 1))
    played.plies = pairing.opening
    while state.outcome is None and played.plies < pairing.max_plies:
        side = seats[state.to_move]
        started = time.process_time()
        move = sides[side](state, game, played.plies)
        played.times[side].append(time.process_time() - started)
        state = state.play(move)
        played.plies += 1
    if state.outcome is None:
        played.ahead = REGISTRY[pairing.game].engine.knowledge.estimate(state)[seats.index(0)] > 0.5
    else:
        first_place = state.outcome.places[0]
        if len(state.outcome.places) == 1 or (seats.index(0) in first_place and len(first_place) > 1):
            played.result = "draw"
        else:
            played.result = "win" if seats.index(0) in first_place else "loss"
    return played


def opened(start, plies: int, rng: random.Random, tries: int = 100):
    """`plies` random moves from `start`, drawn again while they leave the game over or the side to move
    a win in one (an opening decided before the players start measures the seat, not the level)."""
    state = start
    for _ in range(tries):
        state = start
        for _ in range(plies):
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None and not wins_at_once(state):
            return state
    return state


def wins_at_once(state) -> bool:
    """Whether the side to move has a move that ends the game with it alone in first place."""
    mover = state.to_move
    for move in state.legal_moves():
        outcome = state.play(move).outcome
        if outcome is not None and outcome.places[0] == {mover}:
            return True
    return False


def run_pairing(pairing: Pairing, n: int, pool: ProcessPoolExecutor) -> list[Played]:
    games = []
    for game, played in enumerate(pool.map(play_game, [pairing] * n, range(n))):
        games.append(played)
        print(f"  {pairing.title} {pairing.first} v {pairing.second} game {game + 1}/{n}: {played.result} in "
              f"{played.plies} plies", file=sys.stderr, flush=True)
    return games


def times_text(times: list[float]) -> str:
    if not times:
        return "—"
    return f"{statistics.mean(times):.2f}/{statistics.median(times):.2f}/{max(times):.2f}"


HEADER = (f"{'game':<12} {'level':<7} {'against':<11} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'unf':>4} "
          f"{'ahead':>5} {'score':>6} {'95 % CI':>11} {'CPU s/move mean/med/max':>24} {'opp s/move':>17} {'plies':>6}")


def interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval for a share `score` of `n` decided games (a draw counting half)."""
    if n == 0:
        return float("nan"), float("nan")
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def row_text(pairing: Pairing, games: list[Played]) -> str:
    count = Counter(played.result for played in games)
    decided = count["win"] + count["draw"] + count["loss"]
    score = (count["win"] + 0.5 * count["draw"]) / decided if decided else float("nan")
    low, high = interval(score, decided)
    mine = [t for played in games for t in played.times[0]]
    theirs = [t for played in games for t in played.times[1]]
    plies = statistics.mean(played.plies for played in games) if games else 0
    return (f"{pairing.title:<12} {pairing.first:<7} {pairing.second:<11} {len(games):>5} {count['win']:>4} "
            f"{count['draw']:>4} {count['loss']:>4} {count['unfinished']:>4} {sum(p.ahead for p in games):>5} {100 * score:>5.1f}% "
            f"{f'{100 * low:.0f}–{100 * high:.0f} %':>11} "
            f"{times_text(mine):>24} {times_text(theirs):>17} {plies:>6.0f}")


def cell(games: list[Played]) -> str:
    """A pairing as docs/computer-players.md's table gives it: "87.5 %, 74–95 (40)", the score over the
    decided games, its 95 % interval and the decided games (with the unfinished ones said)."""
    count = Counter(played.result for played in games)
    decided = count["win"] + count["draw"] + count["loss"]
    if not decided:
        return f"– (0 of {len(games)} ended)"
    score = (count["win"] + 0.5 * count["draw"]) / decided
    low, high = interval(score, decided)
    ended = f"{decided} ended of {len(games)}" if count["unfinished"] else f"{decided}"
    return f"{100 * score:.3g} %, {100 * low:.0f}–{100 * high:.0f} ({ended})"


def summary(results: list[tuple[Pairing, list[Played]]]) -> list[str]:
    """The docs' table of the pairings played: a row a game, a column a pairing ("hard–medium")."""
    columns = list(dict.fromkeys(f"{p.first}–{p.second}" for p, _ in results))
    cells: dict[str, dict[str, str]] = {}
    for pairing, games in results:
        cells.setdefault(pairing.title, {})[f"{pairing.first}–{pairing.second}"] = cell(games)
    return ([f"| game | {' | '.join(columns)} |", "| --- |" + " --- |" * len(columns)]
            + [f"| {title} | " + " | ".join(row.get(c, "") for c in columns) + " |" for title, row in cells.items()])


def pairings(args: argparse.Namespace) -> list[Pairing]:
    found: list[Pairing] = []
    for name in args.games:
        players = args.players if args.players in GAMES[name].players else 2
        for level in args.levels:
            index = LEVELS.index(level)
            for against in args.against:
                if against == "below":
                    if index == 0:
                        continue
                    against = LEVELS[index - 1]
                elif (against == "easy" and level == "easy") or \
                        (against.startswith("alphabeta") and name not in ("attaxx", "ikabegama")):
                    continue
                opening = 0 if against == "random" else args.opening
                if any(p.game == name and p.first == level and p.second == against for p in found):
                    continue  # the level below is easy
                known = {spec.name for spec in GAMES[name].options}
                options = tuple((key, value) for key, value in args.option if key in known)
                found.append(Pairing(name, players, level, against, opening, args.max_plies, args.seconds, options))
    return found


def option(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    return name, int(value) if value.lstrip("-").isdigit() else value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--against", nargs="+", default=["random", "below", "alphabeta3", "alphabeta4"],
                        choices=["random", "below", "easy"] + [f"alphabeta{depth}" for depth in range(1, 6)],
                        help="opponents: random play, the level below, easy, alpha-beta at a fixed depth "
                             "(Attaxx and Ikabegamá)")
    parser.add_argument("--n", type=int, default=100, help="games per pairing")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    parser.add_argument("--seconds", type=float, default=None, help="time cap per move (default: the level's)")
    parser.add_argument("--players", type=int, default=2, help="players where the game allows (the others "
                        "play as the opponent)")
    parser.add_argument("--option", type=option, action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, for the games that have it (e.g. size=12)")
    parser.add_argument("--opening", type=int, default=2, help="random plies before games against an engine")
    parser.add_argument("--max-plies", type=int, default=1000)
    args = parser.parse_args()

    rows, results = [], []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for pairing in pairings(args):
            games = run_pairing(pairing, args.n, pool)
            rows.append(row_text(pairing, games))
            results.append((pairing, games))
            print(rows[-1], flush=True)
    print()
    print(HEADER)
    print("\n".join(rows))
    print("\nAs docs/computer-players.md gives it:")
    print("\n".join(summary(results)))
    print(f"\nwall time {time.perf_counter() - started:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
