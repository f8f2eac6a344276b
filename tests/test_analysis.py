"""Post-game analysis: positions valued by a budget of work (finished, solved exactly, searched by
Monte-Carlo or alpha-beta, never a placeholder), moves judged (a real blunder caught with the move that
should have been played, a well-played line left unmarked, a fall marked only beyond the noise two
searches measure, a game the engine knows nothing of marked sparingly and called coarse), and the
analysis stored as JSON. Its graph is tests/test_graph.py's."""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace

import pytest

import engines
from bot.analysis_report import coarse_line, cost
from engines import SEVERITIES, THRESHOLDS, Analysis, Candidate, Check, Engine, Judgement, Position
from engines.analysis import ALPHABETA, CONFIDENCE, FULL, LEAST, MCTS, NEAR, judge, other_seed, questioned, search_for
from engines.engine import WORK
from engines.evaluation import LEAST_DEPTH, Spread
from engines.games import permutation, xlines
from engines.knowledge import GENERIC
from engines.rewards import outcome_rewards
from games import GAMES, REGISTRY, assemble, choose_move, evaluate, work_for
from rules import State
from rules.contract import Hooks
from rules.core import Game, IllegalMove, LastMove, Outcome
from rules.permutation import PermutationState
from rules.xlines import XLinesState
from tests.support.playouts import last_move, random_states, seat_to_move


def work(state: State) -> int:
    """The budget a position of a 60-move match of its game gets."""
    return work_for(state.game, 61)


def wins_at_once(state: State, seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and len(outcome.places) > 1 and outcome.places[0] == frozenset({seat})


def handing_over(name: str, seed: int) -> tuple[State, str, str]:
    """The first position of a random game of `name` where the mover has exactly one move that wins at
    once and another after which the opponent wins at once: (position, the win, the blunder)."""
    rng = random.Random(seed)
    state = GAMES[name].start(2, {}, seed)
    while state.outcome is None:
        seat, legal = seat_to_move(state), state.legal_moves()
        wins = [move for move in legal if wins_at_once(state.play(move), seat)]
        if len(wins) == 1:
            for move in legal:
                after = state.play(move)
                if after.outcome is None and any(wins_at_once(after.play(reply), seat_to_move(after))
                                                 for reply in after.legal_moves()):
                    return state, wins[0], move
        state = state.play(rng.choice(legal))
    raise AssertionError(f"no such position in random game {seed} of {name}")


def analysed(states: list[State], base: int = 0, engine: Engine | None = None) -> Analysis:
    """The analysis of the moves from states[0] to states[-1], as the bot makes it: every position
    searched, those where a mark is in question searched again with other seeds. `engine`: the game's
    registered one unless given."""
    game, players = states[0].game, states[0].players
    engine = engine or REGISTRY[game].engine
    moves = [last_move(s).notation for s in states[1:]]
    movers = [last_move(s).seat for s in states[1:]]
    budget = engines.work_for(engine, len(states))
    played = [*moves, None]
    first = [engines.evaluate(state, engine, budget, base + k, played[k]) for k, state in enumerate(states)]
    asked = questioned(movers, moves, first)
    again = {k: engines.evaluate(states[k], engine, budget, other_seed(base + k), played[k]) for k in asked}
    return engines.assemble(engine, game, players, movers, moves, first, again, budget)


def solved_game_positions(name: str, options: dict, count: int, ready) -> list[State]:
    """Positions of random two-player games of `name` where `ready` holds, one a game."""
    found = []
    for seed in range(300):
        rng = random.Random(seed)
        state = GAMES[name].start(2, options, seed)
        while state.outcome is None and not ready(state):
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None:
            found.append(state)
            if len(found) == count:
                return found
    raise AssertionError("too few positions")


def throwable(state: State, solver) -> tuple[list[str], list[str]]:
    """The moves that keep a proven win of the mover, and those that throw it away."""
    seat = seat_to_move(state)
    keep: list[str] = []
    throw: list[str] = []
    for move in state.legal_moves():
        after = state.play(move)
        value = outcome_rewards(after.outcome, 2) if after.outcome is not None else solver(after)
        (keep if value[seat] == 1.0 else throw).append(move)
    return keep, throw


def line_phase(state: State) -> bool:
    assert isinstance(state, XLinesState), f"a position of X's and lines, not {state.game}"
    return not state.placing and xlines.exact(state) is not None


def numbering(state: State) -> bool:
    assert isinstance(state, PermutationState), f"a position of Multiplications, not {state.game}"
    return not state.placing and permutation.exact(state) is not None


# ------------------------------------------------------------------------------------------ budgets

def test_a_positions_budget_is_work_the_games_whole_budget_shared_out_in_a_long_match():
    unknown = Engine(GENERIC)  # a game the computer knows only by its rules
    assert unknown.work == WORK
    for engine in (REGISTRY["attaxx"].engine, REGISTRY["elevation"].engine, unknown):
        full = engine.work
        assert engines.work_for(engine, 2) == engines.work_for(engine, FULL) == full
        assert engines.work_for(engine, 2 * FULL) == full // 2  # twice as many positions, half the work each
        assert engines.work_for(engine, 2 * FULL) * 2 * FULL <= full * FULL
        assert engines.work_for(engine, 100 * FULL) == round(full * LEAST + 0.5)  # never less than LEAST of it
    assert work_for("attaxx", 2 * FULL) == engines.work_for(REGISTRY["attaxx"].engine, 2 * FULL)  # found by name
    assert search_for(REGISTRY["elevation"].engine, 2) == search_for(REGISTRY["ascent"].engine, 2) == ALPHABETA
    assert search_for(REGISTRY["attaxx"].engine, 2) == search_for(REGISTRY["permutation"].engine, 4) == MCTS
    assert search_for(unknown, 2) == MCTS
    assert other_seed(7) != 7 and other_seed(7) == other_seed(7)
    with pytest.raises(ValueError, match="at least one iteration"):
        evaluate(GAMES["attaxx"].start(), 0)


# ------------------------------------------------------------------------------------------ positions

@pytest.mark.parametrize(("name", "players"), [("ascent", 2), ("attaxx", 2), ("permutation", 4)])
def test_a_finished_position_is_worth_its_outcome_exactly(name, players):
    final = random_states(GAMES[name].start(players=players, seed=3), seed=3)[-1]
    position = evaluate(final, work(final))
    assert position == Position(outcome_rewards(final.outcome, players), True, None)


@pytest.mark.parametrize(("name", "options", "ready", "solver"), [
    ("xlines", {"size": 8}, line_phase, xlines.exact),
    ("permutation", {"k": 3}, numbering, permutation.exact),
])
def test_positions_the_game_solves_are_exact_at_once_with_a_move_keeping_the_result(name, options, ready, solver):
    results = set()
    for state in solved_game_positions(name, options, 6, ready):
        position = evaluate(state, work(state))
        assert position.exact and position.values == solver(state)
        assert set(position.values) <= {0.0, 0.5, 1.0} and sum(position.values) == 1.0
        after = state.play(position.best)
        kept = outcome_rewards(after.outcome, 2) if after.outcome is not None else solver(after)
        assert kept == position.values  # the preferred move keeps the proven result
        results.add(position.values)
    assert {(1.0, 0.0), (0.0, 1.0)} & results


def test_a_searched_position_gives_values_a_legal_best_move_and_its_candidates():
    state = random_states(GAMES["attaxx"].start(seed=5), seed=5, moves=10)[-1]
    position = evaluate(state, work(state), seed=2)
    assert not position.exact and position.best in state.legal_moves()
    assert abs(sum(position.values) - 1.0) < 1e-3 and all(0.0 <= v <= 1.0 for v in position.values)
    assert position.candidates and position.candidates[0].move == position.best
    assert all(c.move in state.legal_moves() and 0.0 <= c.value <= 1.0 for c in position.candidates)
    assert 0.0 < position.noise < 0.1
    assert evaluate(state, work(state), seed=2) == position  # bounded by iterations: the same for the same seed
    assert evaluate(state, work(state), seed=3) != position  # another seed, another sample of games


def test_a_search_runs_its_whole_budget_however_small():
    state = random_states(GAMES["attaxx"].start(seed=5), seed=5, moves=10)[-1]
    for budget in (1, 7, 400):
        search = Spread(state, REGISTRY["attaxx"].engine.knowledge, budget, float("inf"), 0)
        search.run()
        assert search.done == budget and search.root.visits == budget
    tiny = evaluate(state, 1)  # one iteration is a value of its own, never an even share put in its place
    assert tiny.best in state.legal_moves() and tiny.noise == 0.5 and tiny.values != (0.5, 0.5)


def test_the_move_played_keeps_its_statistics_however_little_it_was_searched():
    start = GAMES["permutation"].start(options={"k": 3}, seed=1)  # 49 moves: most are searched only a little
    search = Spread(start, REGISTRY["permutation"].engine.knowledge, work(start), float("inf"), 0)
    search.run()
    rare = next(move for move, child in search.ranked()[13:] if child.visits >= 10)
    plain = evaluate(start, work(start))
    assert len(plain.candidates) == 12 and plain.candidate(rare) is None
    kept = evaluate(start, work(start), played=rare)
    assert kept.candidates[:12] == plain.candidates and kept.candidate(rare).visits >= 10


def test_more_players_are_valued_by_expected_place():
    state = random_states(GAMES["permutation"].start(players=4, options={"k": 3}, seed=2), seed=2, moves=6)[-1]
    position = evaluate(state, work(state))
    assert len(position.values) == 4 and all(0.0 <= v <= 1.0 for v in position.values)
    assert abs(sum(position.values) - 2.0) < 1e-3  # place rewards 1, 2/3, 1/3, 0 always add up to 2


def test_elevation_is_valued_by_alpha_beta_from_its_last_two_depths_with_the_move_played_searched_in_full():
    state = random_states(GAMES["elevation"].start(seed=4), seed=4, moves=12)[-1]
    board = REGISTRY["elevation"].engine.knowledge.board(state)
    listed = {board.notation(turn) for turn in board.moves()}
    outside = next(board.notation(turn) for turn in board.turns() if board.notation(turn) not in listed)
    position = evaluate(state, work(state), seed=1, played=outside)
    assert position == evaluate(state, work(state), seed=99, played=outside)  # nothing random in it
    assert not position.exact and position.best in listed and abs(sum(position.values) - 1.0) < 1e-3
    best, played = position.candidates
    assert best.move == position.best and best.value == position.values[state.to_move]
    assert played.move == outside and played.visits == best.visits >= LEAST_DEPTH
    assert played.value <= best.value  # the best at the depths searched is at least as good
    assert 0.0 <= position.noise < 0.25
    shallower = position.shallower  # its second measure: the same search a depth before the last
    assert shallower.candidate(outside).visits == best.visits - 1 and shallower.shallower.candidates[0].visits == best.visits - 2
    assert Position.from_dict(json.loads(json.dumps(position.to_dict()))) == position
    small = evaluate(state, 1, played=outside)  # a budget too small still completes LEAST_DEPTH depths
    assert {c.visits for c in small.candidates} == {LEAST_DEPTH} and small.candidate(outside) is not None


def test_elevations_values_hold_steady_from_one_position_to_the_next():
    """Two medium computers play 24 moves (bounded by their budgets alone, so the same game on any
    machine): the values of successive positions move by less than a tenth on average and never by a
    third, where the Monte-Carlo search's swung by a quarter with whose turn it was."""
    rng = random.Random(1)
    states = [GAMES["elevation"].start(seed=1)]
    while len(states) <= 24:
        states.append(states[-1].play(choose_move(states[-1], "medium", rng.randrange(2**31), seconds=1000)))
    played = [s.last.notation for s in states[1:]] + [None]
    values = [evaluate(state, work(state), k, played[k]).values[0] for k, state in enumerate(states)]
    steps = [abs(b - a) for a, b in zip(values, values[1:])]
    assert sum(steps) / len(steps) < 0.1 and max(steps) < 1 / 3, values


def test_a_proven_win_is_exact_under_alpha_beta():
    state, win, _ = handing_over("ascent", 0)
    position = evaluate(state, work(state))
    assert position.exact and position.best == win and position.values[state.to_move] == 1.0 and position.noise == 0


# ------------------------------------------------------------------------------------------ judgement

@pytest.mark.parametrize(("name", "seed"), [("ascent", 0), ("ikabegama", 2)])
def test_a_move_handing_the_opponent_a_win_is_a_blunder_with_the_winning_move_preferred(name, seed):
    state, win, blunder = handing_over(name, seed)
    after = state.play(blunder)
    reply = next(move for move in after.legal_moves() if wins_at_once(after.play(move), after.to_move))
    analysis = analysed([state, after, after.play(reply)])
    assert analysis.judgements == (Judgement(0, state.to_move, blunder, 1.0, "blunder", win, 1.0, 0.0),)
    assert [p.exact for p in analysis.positions] == [True, True, True] and analysis.checks == ()


@pytest.mark.parametrize(("name", "options", "ready", "solver"), [
    ("xlines", {"size": 8}, line_phase, xlines.exact),
    ("permutation", {"k": 3}, numbering, permutation.exact),
])
def test_throwing_away_a_proven_win_is_a_blunder_and_the_best_line_has_no_marks(name, options, ready, solver):
    checked = 0
    for state in solved_game_positions(name, options, 30, ready):
        mover = state.to_move
        keep, throw = throwable(state, solver)
        if not keep or not throw:
            continue
        thrown = analysed([state, state.play(throw[0])])
        [judgement] = thrown.judgements
        assert (judgement.ply, judgement.seat, judgement.move, judgement.severity) == (0, mover, throw[0], "blunder")
        assert judgement.preferred in keep and judgement.drop >= 0.5 and judgement.margin == 0.0
        line = [state]  # the computer's preferred moves to the end: nobody is marked
        while line[-1].outcome is None:
            line.append(line[-1].play(evaluate(line[-1], work(line[-1])).best))
        played = analysed(line)
        assert played.judgements == () and all(p.exact for p in played.positions)
        assert wins_at_once(line[-1], mover)
        checked += 1
        if checked == 2:
            return
    raise AssertionError("too few won positions with a losing move")


def noisy(best: str, values: tuple[float, float], *candidates: Candidate, noise: float = 0.0) -> Position:
    return Position(values, False, best, candidates, noise)


def test_a_move_is_judged_by_its_fall_in_value_only_where_another_move_was_preferred():
    before = noisy("a1", (0.6, 0.4))
    twice = (before, noisy("b2", (0.1, 0.9)))
    assert judge(3, 0, "a1", before, twice[1], twice) is None  # the preferred move is never marked
    for after, severity in [(0.51, None), (0.5, "inaccuracy"), (0.4, "mistake"), (0.3, "blunder"), (0.0, "blunder")]:
        following = noisy("b2", (after, 1 - after))
        found = judge(3, 0, "c3", before, following, (before, following))  # two searches that agree: no margin
        assert (found and found.severity) == severity, after
        if found:
            fallen = round(0.6 - after, 6)
            assert found == Judgement(3, 0, "c3", fallen, severity, "a1", fallen, 0.0)
    following = noisy("b2", (0.9, 0.1))
    assert judge(4, 1, "c3", noisy("a1", (0.6, 0.4)), following, (noisy("a1", (0.6, 0.4)), following)).severity == "blunder"


def test_a_fall_that_was_not_measured_twice_is_not_marked_unless_proven():
    before, after = noisy("a1", (0.7, 0.3)), noisy("b2", (0.1, 0.9))
    assert judge(0, 0, "c3", before, after) is None
    proven = judge(0, 0, "c3", Position((1.0, 0.0), True, "a1"), Position((0.0, 1.0), True, "b2"))
    assert proven == Judgement(0, 0, "c3", 1.0, "blunder", "a1", 1.0, 0.0)


def test_the_margin_is_the_disagreement_of_the_two_searches_or_their_standard_errors():
    """A fall of 0.4 measured once and 0.2 the second time is 0.3 with a margin of 0.2: an inaccuracy
    of 0.1, however large the first measure; two close measures with large standard errors keep a
    margin of CONFIDENCE standard errors of their mean."""
    before = noisy("a1", (0.7, 0.3))
    found = judge(0, 0, "c3", before, noisy("b2", (0.3, 0.7)), (before, noisy("b2", (0.5, 0.5))))
    assert (found.fall, found.margin, found.drop, found.severity) == (0.3, 0.2, 0.1, "inaccuracy")
    assert judge(0, 0, "c3", before, noisy("b2", (0.3, 0.7)), (before, noisy("b2", (0.65, 0.35)))) is None
    wide = noisy("a1", (0.7, 0.3), noise=0.08)
    found = judge(0, 0, "c3", wide, noisy("b2", (0.3, 0.7), noise=0.06), (wide, noisy("b2", (0.3, 0.7), noise=0.06)))
    assert found.fall == 0.4 and found.margin == round(CONFIDENCE * (2 * (0.08 ** 2 + 0.06 ** 2)) ** 0.5 / 2, 6)
    assert found.drop == round(0.4 - found.margin, 6) and found.severity == "mistake"


def test_noise_between_two_searches_is_not_marked_where_the_first_searched_the_move_enough():
    """The search after a good second-best move found it worse than the search before did: the mark
    needs both to agree, so none is given; a move the first search proved lost is marked at once."""
    before = noisy("a1", (0.62, 0.38), Candidate("a1", 0.62, 900), Candidate("c3", 0.58, 300))
    gloomy = noisy("b2", (0.3, 0.7))
    assert judge(0, 0, "c3", before, gloomy, (before, gloomy)) is None
    assert judge(0, 0, "d4", before, gloomy, (before, gloomy)).severity == "blunder"  # not searched enough
    proven = noisy("a1", (0.62, 0.38), Candidate("a1", 0.62, 900), Candidate("c3", 0.0, 2, exact=True))
    after = noisy("b2", (0.55, 0.45))
    assert judge(0, 0, "c3", proven, after, (proven, after)).drop == 0.62
    assert judge(0, 0, "c3", before, Position((0.0, 1.0), True, "b2"), (before, Position((0.0, 1.0), True, "b2"))).drop == 0.62


def test_the_positions_around_a_fall_near_a_threshold_are_searched_again():
    positions = [noisy("a", (0.5, 0.5)), noisy("b", (0.5 - NEAR, 0.5 + NEAR)), noisy("c", (0.47, 0.53)),
                 Position((0.0, 1.0), True, "d"), Position((0.0, 1.0), True, None)]
    # move 0 loses NEAR, the least fall that can make a mark (searched again: positions 0 and 1); move 1
    # is the preferred one; move 2 falls to a proven loss (position 3 needs no second search); move 3 is
    # between proven values
    assert questioned([0, 1, 0, 1], ["x", "b", "y", "z"], positions) == [0, 1, 2]
    alpha_beta = replace(positions[1], shallower=noisy("b", (0.42, 0.58)))
    assert questioned([0, 1, 0, 1], ["x", "b", "y", "z"], [positions[0], alpha_beta, *positions[2:]]) == [0, 2]
    positions[1] = noisy("b", (0.5 - NEAR + 0.01, 0.5 + NEAR - 0.01))
    assert questioned([0, 1, 0, 1], ["x", "b", "y", "z"], positions) == [2]  # a smaller fall is left alone


def sample_analysis() -> Analysis:
    positions = [Position((0.5, 0.5), False, "a", (Candidate("a", 0.5, 100), Candidate("b", 0.28, 40, noise=0.0)),
                          noise=0.0),
                 Position((0.3, 0.7), False, "c"), Position((0.35, 0.65), False, "d"),
                 Position((0.0, 1.0), True, "e", (Candidate("e", 1.0, 0, True),)), Position((0.0, 1.0), True, None)]
    again = {0: Position((0.52, 0.48), False, "a", (Candidate("a", 0.52, 100), Candidate("b", 0.27, 40))),
             1: Position((0.31, 0.69), False, "c"), 2: Position((0.34, 0.66), False, "d")}
    return assemble("attaxx", 2, [0, 1, 0, 1], ["b", "x", "y", "e"], positions, again, 2500)


def test_an_analysis_counts_each_players_marks_and_round_trips_through_json():
    analysis = sample_analysis()
    assert [(j.ply, j.seat, j.severity) for j in analysis.judgements] == [(0, 0, "inaccuracy"), (2, 0, "blunder")]
    assert analysis.judgements[0].fall == 0.205 and analysis.judgements[0].margin == 0.01
    assert analysis.counts(0) == {"inaccuracy": 1, "mistake": 0, "blunder": 1}
    assert analysis.counts(0, range(1, 4)) == {"inaccuracy": 0, "mistake": 0, "blunder": 1}
    assert analysis.counts(1) == dict.fromkeys(SEVERITIES, 0)
    assert analysis.checks == (Check(0, 0.205, 0.01), Check(1, 0.04, 0.02), Check(2, 0.345, 0.01))
    assert (analysis.search, analysis.work, analysis.coarse) == (MCTS, 2500, "")
    assert list(THRESHOLDS) == list(SEVERITIES)
    assert Analysis.from_dict(json.loads(json.dumps(analysis.to_dict()))) == analysis


def test_an_analysis_kept_from_before_budgets_reads_back():
    kept = sample_analysis().to_dict()
    for key in ("search", "work", "checks", "coarse"):
        del kept[key]
    for judgement in kept["judgements"]:
        del judgement["fall"], judgement["margin"]
    old = Analysis.from_dict(kept)
    assert old.work == 0 and old.checks == () and [j.fall for j in old.judgements] == [j.drop for j in old.judgements]


def test_an_analysis_whose_positions_are_mostly_as_unsure_as_a_mark_is_coarse():
    unsure = [noisy("a", (0.5, 0.5), noise=0.06), noisy("b", (0.4, 0.6), noise=0.05),
              noisy("c", (0.5, 0.5), noise=0.07), Position((0.0, 1.0), True, None)]
    coarse = assemble("attaxx", 2, [0, 1, 0], ["x", "y", "z"], unsure)
    assert coarse.coarse.startswith("the computer's searches of most of its positions are unsure")
    proven = [unsure[0], unsure[1], Position((0.0, 1.0), True, "c"), Position((0.0, 1.0), True, None)]
    assert assemble("attaxx", 2, [0, 1, 0], ["x", "y", "z"], proven).coarse == ""  # proven positions are sure


def test_assemble_refuses_positions_that_do_not_match_the_moves():
    with pytest.raises(ValueError):
        assemble("attaxx", 2, [0], ["a1"], [Position((0.5, 0.5), False, "a1")])


def test_the_figure_beside_every_mark_is_the_one_its_severity_comes_from():
    """For falls from 0 to 0.8 measured with margins from 0 to 0.3, every mark's figure lies in its
    severity's band (so no "mistake −56 %" beside a "blunder −43 %"), and every severity occurs."""
    seen = set()
    for fallen in range(0, 81):
        for margin in (0.0, 0.03, 0.1, 0.17, 0.3):
            first, second = fallen / 100 + margin / 2, fallen / 100 - margin / 2
            before = noisy("a1", (0.99, 0.01))
            found = judge(0, 0, "c3", before, noisy("b2", (0.99 - first, 0.01 + first)),
                          (before, noisy("b2", (0.99 - second, 0.01 + second))))
            if found is None:
                assert fallen / 100 - margin < THRESHOLDS["inaccuracy"] + 1e-9
                continue
            analysis = Analysis("attaxx", 2, ("c3",), (0,), (before, noisy("b2", (0.5, 0.5))), (found,))
            shown = int(cost(analysis, found).removeprefix("−").removesuffix(" %"))
            band = [THRESHOLDS[s] * 100 for s in SEVERITIES] + [101]
            k = SEVERITIES.index(found.severity)
            assert band[k] <= shown < band[k + 1], (fallen, margin, found)
            assert abs(shown - found.drop * 100) < 1
            seen.add(found.severity)
    assert seen == set(SEVERITIES)
    proven = Analysis("attaxx", 2, ("c3",), (0,), (Position((1.0, 0.0), True, "a1"), Position((0.5, 0.5), True, "b2")),
                      (Judgement(0, 0, "c3", 0.5, "blunder", "a1", 0.5, 0.0),))
    assert cost(proven, proven.judgements[0]) == "won → drawn"


# ------------------------------------------------------------------------------------------ a game it knows nothing of

CELLS = 36


def longest(board: tuple[int, ...], seat: int) -> int:
    best = run = 0
    for cell in board:
        run = run + 1 if cell == seat else 0
        best = max(best, run)
    return best


@dataclass(frozen=True)
class PebblesState(Hooks):
    """A toy game the engines know nothing of: lay a pebble on any empty cell of a row in turn; once the
    row is full, the longer unbroken run of one's own pebbles wins. Most moves barely matter until the
    last few."""

    board: tuple[int, ...] = (-1,) * CELLS
    to_move: int | None = 0
    last: LastMove | None = None
    outcome: Outcome | None = None

    game = "pebbles"
    players = 2

    def legal_moves(self) -> list[str]:
        return [] if self.to_move is None else [str(k + 1) for k, cell in enumerate(self.board) if cell < 0]

    def play(self, move: str) -> PebblesState:
        seat, cell = self.to_move, int(move) - 1
        if seat is None or self.board[cell] >= 0:
            raise IllegalMove(f"{move} is taken")
        board = self.board[:cell] + (seat,) + self.board[cell + 1:]
        outcome = Outcome.ranked(self.runs(board), "the row is full") if -1 not in board else None
        return PebblesState(board, None if outcome else 1 - seat, LastMove(seat, move), outcome)

    @staticmethod
    def runs(board: tuple[int, ...]) -> tuple[int, int]:
        return longest(board, 0), longest(board, 1)

    @property
    def scores(self) -> tuple[int, int]:
        return self.runs(self.board)


PEBBLES = Game("pebbles", "Pebbles", range(2, 3), (), ("Black", "White"), "Longest run wins.", "Lay pebbles.", (),
               "A cell: `7`.", lambda players, options, seed: PebblesState())


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_the_engine_knows_nothing_of_gets_few_marks_none_in_its_opening_and_is_called_coarse(seed):
    """Played at random, the toy game's last few moves may throw away a result the search proves (a real
    blunder, judged without noise); before them, where the searches only estimate, nothing is marked
    but a handful of the largest falls, and the values do not swing from one ply to the next."""
    states = random_states(PEBBLES.start(), seed=seed)
    analysis = analysed(states, base=1000 * seed, engine=Engine(GENERIC))
    assert len(states) == CELLS + 1 and analysis.coarse.startswith("the computer knows only its rules")
    estimated = [j for j in analysis.judgements if j.margin > 0]
    assert len(estimated) <= 3, estimated
    assert all(j.ply >= CELLS * 2 // 3 for j in analysis.judgements), analysis.judgements  # the last few moves only
    assert all(j.margin == 0 and analysis.positions[j.ply].exact for j in analysis.judgements if j not in estimated)
    values = [p.values[0] for p in analysis.positions[:CELLS // 2]]
    steps = [abs(b - a) for a, b in zip(values, values[1:])]
    assert sum(steps) / len(steps) < 0.05, values  # no swing with whose turn it is
    assert coarse_line(analysis) == [f"This game's analysis is coarse: {analysis.coarse}."]
