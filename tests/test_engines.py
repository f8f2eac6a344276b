"""The computer players' search: it takes a win in one, blocks the opponent's win in one, keeps to its
budget, answers the same for the same seed, plays a legal move anywhere a random game goes, and plays a
game it has never heard of (Nim, defined here) through the game contract alone, given an engine that
knows it only by its rules (a game the registry does not hold is no game at all).

The win and block positions are found by brute force in random games of every game (Elevation's in
random sparse positions, its random games being thousands of turns long), so each game is tested on
positions its own rules produce.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

import engines
from engines import LEVELS, Engine
from engines.knowledge import GENERIC
from games import GAMES, REGISTRY, choose_move, level_budget
from rules import BadOptions, IllegalMove, LastMove, Outcome, State
from rules.core import still_playing
from rules.elevation import NEAR, ElevationState, piece
from tests.support.playouts import VARIANTS, random_states, seat_to_move


def wins_alone(state: State, seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and len(outcome.places) > 1 and outcome.places[0] == frozenset({seat})


def settled(state: State) -> State:
    """The position once the moves nobody has a choice about are played."""
    while state.outcome is None and len(moves := state.legal_moves()) == 1:
        state = state.play(moves[0])
    return state


def winning_moves(state: State) -> set[str]:
    """The moves that win at once or after forced moves only: only the last number, always forced, ends
    a game of Multiplications, and in X's and lines a move wins when it leaves the opponent one last
    line to draw. (Elevation, where a position with one legal turn is rare, is spared the listing.)"""
    forced = settled if state.game != "elevation" else (lambda after: after)
    return {move for move in state.legal_moves() if wins_alone(forced(state.play(move)), seat_to_move(state))}


def proven_won(state: State, move: str) -> bool:
    """Whether the game's exact solution (where it has one, tested in test_engine_solvers) proves
    `move` won: a longer win than a win in one is a win all the same."""
    exact = REGISTRY[state.game].engine.knowledge.exact
    after = state.play(move)
    return exact is not None and after.outcome is None and (exact(after) or (0.0,) * 2)[seat_to_move(state)] == 1.0


def safe_moves(state: State) -> set[str] | None:
    """When the player to move has no win in one and some of their moves let the opponent win at once
    and others do not: the others. Else None."""
    safe: set[str] = set()
    moves = state.legal_moves()
    if not moves or len(moves) > 80 or winning_moves(state):
        return None
    mover = seat_to_move(state)
    for move in moves:
        after = state.play(move)
        if state.game != "elevation":
            after = settled(after)
        if after.outcome is not None:
            if after.outcome.places[0] != frozenset({1 - mover}):
                safe.add(move)
        elif not winning_moves(after) or after.to_move == mover:
            safe.add(move)
    return safe if 0 < len(safe) < len(moves) else None


def random_positions(name: str, seeds: range) -> Iterator[State]:
    """Every position of random two-player games of `name` (Elevation: random sparse positions), each
    game's from its end backwards: wins in one and threats of them are found there soonest."""
    for seed in seeds:
        rng = random.Random(seed)
        if name == "elevation":
            yield sparse_elevation(rng)
            continue
        yield from reversed(random_states(GAMES[name].start(players=2, seed=seed), seed)[:-1])


def sparse_elevation(rng: random.Random) -> ElevationState:
    """One piece a side, two cells apart or less, on random terrain; the side to move may have a second
    piece, and only the side to move a dragon (whose turns are many)."""
    heights = tuple(rng.randrange(0, 5) for _ in range(36))
    mover = rng.randrange(2)
    pieces = [0] * 36
    mine = rng.randrange(36)
    theirs = rng.choice([c for c in range(36) if c != mine and c not in NEAR[mine]
                         and any(c in NEAR[n] for n in NEAR[mine])] + list(NEAR[mine]))
    pieces[mine] = piece(mover, rng.randrange(3))
    pieces[theirs] = piece(1 - mover, rng.randrange(2))
    if rng.random() < 0.5:
        pieces[rng.choice([c for c in range(36) if not pieces[c]])] = piece(mover, rng.randrange(2))
    return ElevationState(heights, tuple(pieces), mover, history=((heights, tuple(pieces), mover),))


def found(name: str, test, count: int) -> list[State]:
    positions = []
    for state in random_positions(name, range(400)):
        if test(state):
            positions.append(state)
            if len(positions) == count:
                break
    return positions


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_win_in_one_is_always_taken(name):
    positions = found(name, lambda s: 0 < len(winning_moves(s)) < len(s.legal_moves()), 3)
    assert positions, f"no {name} position with a win in one among the random games"
    for state in positions:
        wins = winning_moves(state)
        for level in LEVELS:
            move = choose_move(state, level, seed=3)
            assert move in wins or proven_won(state, move), (name, level, state.legal_moves(), wins)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_opponents_win_in_one_is_blocked(name):
    positions = found(name, safe_moves, 2)
    assert positions, f"no {name} position with a threat to meet among the random games"
    for state in positions:
        safe = safe_moves(state)
        for level in ("medium", "hard"):
            assert choose_move(state, level, seed=5) in safe, (name, level, state.legal_moves(), safe)


def test_attaxx_takes_the_one_clone_that_captures_every_enemy_piece():
    from tests.test_attaxx import position

    state = position("O...... ....... ..XX... ...X... .O..... ....... .......")
    assert winning_moves(state) == {"c4"}
    for level in LEVELS:
        assert choose_move(state, level, seed=1) == "c4"


# --- the budget, the seed ----------------------------------------------------------------------------
def middle_game(name: str, plies: int = 6, seed: int = 2) -> State:
    rng = random.Random(seed)
    state = GAMES[name].start(players=2, seed=seed)
    for _ in range(plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(("name", "level"), [("attaxx", "medium"), ("ikabegama", "medium"), ("xlines", "easy")])
def test_a_level_runs_exactly_its_iterations_and_the_same_seed_searches_the_same_way(name, level):
    state = middle_game(name)
    budget = level_budget(name, level)
    engine = REGISTRY[name].engine
    first = engines.analyse(state, engine, level, seed=11, seconds=60)
    again = engines.analyse(state, engine, level, seed=11, seconds=60)
    assert first.done == again.done == budget.iterations
    assert [(m, c.visits) for m, c in first.root.children] == [(m, c.visits) for m, c in again.root.children]
    assert choose_move(state, level, seed=11, seconds=60) == first.best(budget.temperature)


def test_the_time_cap_stops_a_search_early():
    state = middle_game("attaxx")
    search = engines.analyse(state, REGISTRY["attaxx"].engine, "hard", seed=1, seconds=0.05)
    assert 0 < search.done < level_budget("attaxx", "hard").iterations / 4
    assert search.best() in state.legal_moves()


def test_a_cap_already_spent_still_gives_a_legal_move():
    state = middle_game("ascent")
    assert choose_move(state, "hard", seed=1, seconds=0.0) in state.legal_moves()


def test_levels_search_more_the_higher_they_are():
    for name in GAMES:
        budgets = [level_budget(name, level) for level in LEVELS]
        assert [b.iterations for b in budgets] == sorted({b.iterations for b in budgets})
        assert budgets[0].temperature > 0 and budgets[-1].temperature == 0
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        level_budget("attaxx", "grandmaster")


def test_a_finished_game_has_no_move_to_choose():
    state = GAMES["ascent"].start(seed=1)
    while state.outcome is None:
        state = state.play(state.legal_moves()[0])
    with pytest.raises(ValueError, match="the game is over"):
        choose_move(state)


# --- anywhere a random game goes ---------------------------------------------------------------------


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o or ''}" for n, o in VARIANTS])
def test_a_legal_move_in_every_kind_of_position(name, options):
    game = GAMES[name]
    for players in (min(game.players), max(game.players)):
        rng = random.Random(players)
        try:
            state = game.start(players=players, options=options, seed=players)
        except BadOptions:  # an extreme option some player counts do not allow
            continue
        plies = 0
        while state.outcome is None:
            legal = state.legal_moves()
            if plies % 7 == 0 or len(legal) < 4:
                move = choose_move(state, "easy", seed=plies, seconds=0.02)
                assert move in legal
            else:
                move = rng.choice(legal)
            state = state.play(move)
            plies += 1


# --- a game the search has never heard of -----------------------------------------------------------
@dataclass(frozen=True)
class Nim:
    """Nim for any number of players: take one or more from one heap; whoever takes the last wins."""

    heaps: tuple[int, ...]
    to_move: int | None = 0
    players: int = 2
    last: LastMove | None = None
    outcome: Outcome | None = None
    game = "nim"

    def legal_moves(self) -> list[str]:
        if self.outcome is not None:
            return []
        return [f"{h + 1}:{n}" for h, size in enumerate(self.heaps) for n in range(1, size + 1)]

    def play(self, move: str) -> Nim:
        if move not in self.legal_moves():
            raise IllegalMove(f"{move} is not a move here")
        heap, take = (int(part) for part in move.split(":"))
        heaps = tuple(size - take if k == heap - 1 else size for k, size in enumerate(self.heaps))
        seat = still_playing(self.to_move)
        last = LastMove(seat, move)
        if not any(heaps):
            others = frozenset(range(self.players)) - {seat}
            return Nim(heaps, None, self.players, last, Outcome((frozenset({seat}), others), None, "took the last"))
        return Nim(heaps, (seat + 1) % self.players, self.players, last)


RULES_ONLY = Engine(GENERIC)  # what a registration gives a game the computer knows only by its rules


def nim_sum(state: Nim) -> int:
    total = 0
    for size in state.heaps:
        total ^= size
    return total


@pytest.mark.parametrize("heaps", [(1, 2, 4), (1, 3, 5), (2, 3, 4), (1, 2, 3, 4)])
def test_a_game_without_knowledge_is_solved_through_the_contract_alone(heaps):
    """Heaps small enough for the solver to prove the win: the move leaves a nim-sum of zero."""
    state = Nim(heaps)
    assert nim_sum(state) != 0
    search = engines.analyse(state, RULES_ONLY, "hard", seed=1, seconds=60)
    assert search.root.solved == (1.0, 0.0)
    move = engines.choose_move(state, RULES_ONLY, "hard", seed=1, seconds=60)
    assert nim_sum(state.play(move)) == 0, f"{move} leaves the opponent a won game"


def test_the_search_plays_more_than_two_players():
    state = Nim((3, 3, 2), players=3)
    while state.outcome is None:
        state = state.play(engines.choose_move(state, RULES_ONLY, "easy", seed=len(state.legal_moves())))
    assert len(state.outcome.places[0]) == 1


def test_a_game_nobody_registered_is_no_game_to_the_bot():
    """Through the registry, by name, as the bot and its workers ask: no silent stand-in for a game it lacks."""
    with pytest.raises(KeyError, match="nim"):
        choose_move(Nim((1, 2)), "easy")
    with pytest.raises(KeyError, match="nim"):
        level_budget("nim", "easy")


def test_the_search_package_imports_the_rules_the_standard_library_and_numpy_only():
    """So the bot can run it in a worker process, and a seventh game needs nothing else."""
    import ast
    import sys
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "engines"
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            for name in names:
                root = name.split(".")[0]
                assert root in ("rules", "engines", "numpy", "i18n") or root in sys.stdlib_module_names, \
                    f"{path.name} imports {name}"
