"""Multiplications' numbering tables and its judgement of a placement held to plain searches: the table
gives every numbering position's best lead, a placement judged by its completions gets the results best
play gives them, and a lost placement is worth the opponent's ways to go wrong."""
from __future__ import annotations

import random
import subprocess
import sys
from functools import cache

from engines.games.permutation import JUDGING, Placements, judged, judged_effort, lead, leads, red_lead
from games import GAMES, REGISTRY
from rules.permutation import points
from tests.test_engine_solvers import best_play, random_game_until


def plain_lead(rank_of: tuple[int, ...], left: frozenset[int], previous: int) -> int:
    """The most the player to move finishes ahead by over the numbers left, trying every order."""
    @cache
    def best(left: frozenset[int], previous: int) -> int:
        if not left:
            return 0
        here = (previous, rank_of[previous])
        return max(points(here, (f, rank_of[f])) - best(left - {f}, f) for f in left)
    return best(left, previous)


def test_the_numbering_table_holds_every_positions_best_lead():
    rng = random.Random(3)
    for n in (2, 4, 7, 9):
        for _ in range(3):
            rank_of = tuple(rng.sample(range(n), n))
            table = leads(rank_of)
            for left in range(1 << (n - 1)):
                files = frozenset(f for f in range(1, n) if left >> (f - 1) & 1)
                for previous in set(range(n)) - files:
                    assert lead(table, left, previous) == plain_lead(rank_of, files, previous), (rank_of, left)


def test_the_numbering_table_holds_large_leads():
    rank_of = (0, 12, 1, 11, 2, 10, 3, 9, 4, 8, 5, 7, 6)  # the largest board solved, with long jumps
    table = leads(rank_of)
    for left, previous in ((0b111111111111, 0), (0b101010101010, 1), (0b000000111111, 12)):
        files = frozenset(f for f in range(1, 13) if left >> (f - 1) & 1)
        assert lead(table, left, previous) == plain_lead(rank_of, files, previous)


def test_reds_lead_decides_a_placed_permutation_as_the_rules_do():
    for seed in range(12):
        state = random_game_until("permutation", seed, {"k": 3}, lambda s, rng: not s.placing)
        final = red_lead(state.rank_of)
        assert best_play(state) == ((1.0, 0.0) if final > 0 else (0.5, 0.5) if final == 0 else (0.0, 1.0))


def placements_left(seed: int, left: int):
    return random_game_until("permutation", seed, {"k": 3}, lambda s, rng: len(s.placed) == s.n - left)


def test_a_placement_with_one_completion_is_judged_by_its_result():
    for seed in range(8):
        state = placements_left(seed, 1)
        assert judged(state, samples=3) == best_play(state.play(state.legal_moves()[0]))


def test_a_placement_is_judged_by_the_results_of_its_completions():
    for seed in range(8):
        state = placements_left(seed, 2)
        completions = [best_play(state.play(move).play(after.legal_moves()[0]))[0]
                       for move in state.legal_moves() for after in [state.play(move)]]
        assert judged(state, samples=1)[0] in completions
        share = judged(state, samples=20)[0]
        assert min(completions) <= share <= max(completions)
        assert judged(state, samples=20) == judged(state, samples=20)  # the same draw for the same position


def test_hard_judges_placements_by_solved_completions_and_the_others_do_not_need_to():
    state = GAMES["permutation"].start(players=2, options={"k": 5}, seed=1)
    rng = random.Random(1)
    for _ in range(4):
        state = state.play(rng.choice(state.legal_moves()))
    assert JUDGING["hard"] > 1
    assert REGISTRY["permutation"].engine.knowledge.at("hard").evaluate(state) == judged(state, samples=JUDGING["hard"])
    for level in ("easy", "medium"):
        assert sum(REGISTRY["permutation"].engine.knowledge.at(level).evaluate(state)) == 1.0


def test_hard_spends_fewer_iterations_on_a_placement_the_more_a_numbering_costs():
    small = placements_left(1, 4)
    big = GAMES["permutation"].start(players=2, options={"k": 5}, seed=1)
    numbering = random_game_until("permutation", 1, {"k": 3}, lambda s, rng: not s.placing)
    assert judged_effort(small) == 1.0 and judged_effort(big) == 0.25 and judged_effort(numbering) == 1.0


def test_a_placement_is_judged_the_same_in_every_process():
    code = ("from games import GAMES; from engines.games.permutation import judged, value; "
            "s = GAMES['permutation'].start(players=2, options={'k': 3}, seed=1); "
            "s = s.play('c2').play('e5'); print(judged(s, 9), value(s), value(s.play('a1')))")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
            for _ in range(3)}
    assert len(runs) == 1


def test_a_position_the_mover_wins_is_worth_the_share_of_its_placements_that_throw_the_win_away():
    checked = slippery = 0
    for seed in range(30):
        state = placements_left(seed, 3)
        mover = state.to_move
        if best_play(state)[mover] != 1.0:
            continue
        after = [best_play(state.play(move))[mover] for move in state.legal_moves()]
        thrown = sum(1 for reward in after if reward < 1.0) / len(after)
        rewards = Placements(3, 10**6, slip=0.5).exact(state)
        assert rewards[mover] == 1.0 - 0.5 * thrown and rewards[1 - mover] == 0.5 * thrown
        assert Placements(3, 10**6).exact(state)[mover] == 1.0  # without a slip: a plain win
        checked += 1
        slippery += thrown > 0
    assert checked >= 5 and slippery >= 3


def test_a_level_numbers_exactly_only_from_its_own_distance():
    state = random_game_until("permutation", 2, {"k": 3}, lambda s, rng: not s.placing)
    assert state.n - len(state.numbered) == 6
    assert Placements(1, 10, numbers=5).exact(state) is None
    assert Placements(1, 10, numbers=6).exact(state) == best_play(state)
    later = state.play(state.legal_moves()[0])
    assert Placements(1, 10, numbers=5).exact(later) == best_play(later)
