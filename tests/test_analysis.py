"""Post-game analysis: positions valued (finished, solved exactly, searched), moves judged (a real blunder
caught with the move that should have been played, a well-played line left unmarked, noise kept out),
the analysis stored as JSON, and its graph drawn and described."""
from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image

from engines import SEVERITIES, THRESHOLDS, Analysis, Candidate, Judgement, Position, assemble, evaluate
from engines.analysis import judge
from engines.games import permutation, xlines
from engines.rewards import outcome_rewards
from renderers import RENDERERS, graph, lettering
from rules import GAMES, State
from tests.support.playouts import random_states

SECONDS = 30.0  # a safety net only: every search here is bounded by its iterations or proven at once


def wins_at_once(state: State, seat: int) -> bool:
    outcome = state.outcome
    return outcome is not None and len(outcome.places) > 1 and outcome.places[0] == frozenset({seat})


def handing_over(name: str, seed: int) -> tuple[State, str, str]:
    """The first position of a random game of `name` where the mover has exactly one move that wins at
    once and another after which the opponent wins at once: (position, the win, the blunder)."""
    rng = random.Random(seed)
    state = GAMES[name].start(2, {}, seed)
    while state.outcome is None:
        mover, legal = state.to_move, state.legal_moves()
        wins = [move for move in legal if wins_at_once(state.play(move), mover)]
        if len(wins) == 1:
            for move in legal:
                after = state.play(move)
                if after.outcome is None and any(wins_at_once(after.play(reply), after.to_move)
                                                 for reply in after.legal_moves()):
                    return state, wins[0], move
        state = state.play(rng.choice(legal))
    raise AssertionError(f"no such position in random game {seed} of {name}")


def analysed(states: list[State]) -> Analysis:
    """The analysis of the moves from states[0] to states[-1]."""
    positions = [evaluate(state, SECONDS) for state in states]
    return assemble(states[0].game, states[0].players, [s.last.seat for s in states[1:]],
                    [s.last.notation for s in states[1:]], positions)


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
    mover = state.to_move
    keep, throw = [], []
    for move in state.legal_moves():
        after = state.play(move)
        value = outcome_rewards(after.outcome, 2) if after.outcome is not None else solver(after)
        (keep if value[mover] == 1.0 else throw).append(move)
    return keep, throw


def line_phase(state: State) -> bool:
    return not state.placing and xlines.exact(state) is not None


def numbering(state: State) -> bool:
    return not state.placing and permutation.exact(state) is not None


# ------------------------------------------------------------------------------------------ positions

@pytest.mark.parametrize(("name", "players"), [("ascent", 2), ("attaxx", 2), ("permutation", 4)])
def test_a_finished_position_is_worth_its_outcome_exactly(name, players):
    final = random_states(GAMES[name].start(players=players, seed=3), seed=3)[-1]
    position = evaluate(final, SECONDS)
    assert position == Position(outcome_rewards(final.outcome, players), True, None)


@pytest.mark.parametrize(("name", "options", "ready", "solver"), [
    ("xlines", {"size": 8}, line_phase, xlines.exact),
    ("permutation", {"k": 3}, numbering, permutation.exact),
])
def test_positions_the_game_solves_are_exact_at_once_with_a_move_keeping_the_result(name, options, ready, solver):
    results = set()
    for state in solved_game_positions(name, options, 6, ready):
        position = evaluate(state, SECONDS)
        assert position.exact and position.values == solver(state)
        assert set(position.values) <= {0.0, 0.5, 1.0} and sum(position.values) == 1.0
        after = state.play(position.best)
        kept = outcome_rewards(after.outcome, 2) if after.outcome is not None else solver(after)
        assert kept == position.values  # the preferred move keeps the proven result
        results.add(position.values)
    assert {(1.0, 0.0), (0.0, 1.0)} & results


def test_a_searched_position_gives_values_a_legal_best_move_and_its_candidates():
    state = random_states(GAMES["attaxx"].start(seed=5), seed=5, moves=10)[-1]
    position = evaluate(state, SECONDS, seed=2)
    assert not position.exact and position.best in state.legal_moves()
    assert abs(sum(position.values) - 1.0) < 1e-3 and all(0.0 <= v <= 1.0 for v in position.values)
    assert position.candidates and position.candidates[0].move == position.best
    assert all(c.move in state.legal_moves() and 0.0 <= c.value <= 1.0 for c in position.candidates)
    assert evaluate(state, SECONDS, seed=2) == position  # bounded by iterations: the same for the same seed


def test_the_move_played_keeps_its_statistics_however_little_it_was_searched():
    start = GAMES["ascent"].start(seed=1)  # 106 moves, so most are searched only a little
    plain = evaluate(start, SECONDS)
    assert len(plain.candidates) == 12 and plain.candidate("a4-c3") is None
    kept = evaluate(start, SECONDS, played="a4-c3")
    assert kept.candidates[:12] == plain.candidates and kept.candidate("a4-c3").visits >= 10


def test_more_players_are_valued_by_expected_place():
    state = random_states(GAMES["permutation"].start(players=4, options={"k": 3}, seed=2), seed=2, moves=6)[-1]
    position = evaluate(state, SECONDS)
    assert len(position.values) == 4 and all(0.0 <= v <= 1.0 for v in position.values)
    assert abs(sum(position.values) - 2.0) < 1e-3  # place rewards 1, 2/3, 1/3, 0 always add up to 2


# ------------------------------------------------------------------------------------------ judgement

@pytest.mark.parametrize(("name", "seed"), [("ascent", 0), ("ikabegama", 2)])
def test_a_move_handing_the_opponent_a_win_is_a_blunder_with_the_winning_move_preferred(name, seed):
    state, win, blunder = handing_over(name, seed)
    after = state.play(blunder)
    reply = next(move for move in after.legal_moves() if wins_at_once(after.play(move), after.to_move))
    analysis = analysed([state, after, after.play(reply)])
    assert analysis.judgements == (Judgement(0, state.to_move, blunder, 1.0, "blunder", win),)
    assert [p.exact for p in analysis.positions] == [True, True, True]


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
        assert judgement.preferred in keep and judgement.drop >= 0.5
        line = [state]  # the computer's preferred moves to the end: nobody is marked
        while line[-1].outcome is None:
            line.append(line[-1].play(evaluate(line[-1], SECONDS).best))
        played = analysed(line)
        assert played.judgements == () and all(p.exact for p in played.positions)
        assert wins_at_once(line[-1], mover)
        checked += 1
        if checked == 2:
            return
    raise AssertionError("too few won positions with a losing move")


def noisy(best: str, values: tuple[float, float], *candidates: Candidate) -> Position:
    return Position(values, False, best, candidates)


def test_a_move_is_judged_by_its_fall_in_value_only_where_another_move_was_preferred():
    before = noisy("a1", (0.6, 0.4))
    assert judge(3, 0, "a1", before, noisy("b2", (0.1, 0.9))) is None  # the preferred move is never marked
    for after, severity in [(0.51, None), (0.5, "inaccuracy"), (0.4, "mistake"), (0.3, "blunder"), (0.0, "blunder")]:
        found = judge(3, 0, "c3", before, noisy("b2", (after, 1 - after)))
        assert (found and found.severity) == severity, after
        if found:
            assert found == Judgement(3, 0, "c3", round(0.6 - after, 6), severity, "a1")
    assert judge(4, 1, "c3", noisy("a1", (0.6, 0.4)), noisy("b2", (0.9, 0.1))).severity == "blunder"


def test_noise_between_two_searches_is_not_marked_where_the_first_searched_the_move_enough():
    """The search after a good second-best move found it worse than the search before did: the mark
    needs both to agree, so none is given; a move the first search proved lost is marked at once."""
    before = noisy("a1", (0.62, 0.38), Candidate("a1", 0.62, 900), Candidate("c3", 0.58, 300))
    gloomy = noisy("b2", (0.3, 0.7))
    assert judge(0, 0, "c3", before, gloomy) is None
    assert judge(0, 0, "d4", before, gloomy).severity == "blunder"  # not searched enough: the second search counts
    proven = noisy("a1", (0.62, 0.38), Candidate("a1", 0.62, 900), Candidate("c3", 0.0, 2, exact=True))
    assert judge(0, 0, "c3", proven, noisy("b2", (0.55, 0.45))).drop == 0.62
    assert judge(0, 0, "c3", before, Position((0.0, 1.0), True, "b2")).drop == 0.62  # proven after the move


def test_a_fall_within_the_searches_noise_is_not_marked():
    """Two values of positions searched briefly with games played out at random (standard errors of
    0.08 and 0.07) may differ by a quarter on a good move; the same fall measured closely is a mistake."""
    assert judge(0, 0, "c3", Position((0.66, 0.34), False, "a1", noise=0.08),
                 Position((0.4, 0.6), False, "b2", noise=0.07)) is None
    close = judge(0, 0, "c3", Position((0.66, 0.34), False, "a1", noise=0.01),
                  Position((0.4, 0.6), False, "b2", noise=0.01))
    assert close.severity == "mistake" and close.drop == round(0.26 - 2 * (2 * 0.01 ** 2) ** 0.5, 6)
    assert judge(0, 0, "c3", Position((0.66, 0.34), True, "a1", noise=0.3),  # proven: the noise is moot
                 Position((0.0, 1.0), True, "b2")).drop == 0.66


def sample_analysis() -> Analysis:
    positions = [Position((0.5, 0.5), False, "a", (Candidate("a", 0.5, 100), Candidate("b", 0.28, 40, noise=0.0)),
                          noise=0.0),
                 Position((0.3, 0.7), False, "c"), Position((0.35, 0.65), False, "d"),
                 Position((0.0, 1.0), True, "e", (Candidate("e", 1.0, 0, True),)), Position((0.0, 1.0), True, None)]
    return assemble("attaxx", 2, [0, 1, 0, 1], ["b", "x", "y", "e"], positions)


def test_an_analysis_counts_each_players_marks_and_round_trips_through_json():
    analysis = sample_analysis()
    assert [(j.ply, j.seat, j.severity) for j in analysis.judgements] == [(0, 0, "mistake"), (2, 0, "blunder")]
    assert analysis.counts(0) == {"inaccuracy": 0, "mistake": 1, "blunder": 1}
    assert analysis.counts(1) == dict.fromkeys(SEVERITIES, 0)
    assert list(THRESHOLDS) == list(SEVERITIES)
    assert Analysis.from_dict(json.loads(json.dumps(analysis.to_dict()))) == analysis


def test_assemble_refuses_positions_that_do_not_match_the_moves():
    with pytest.raises(ValueError):
        assemble("attaxx", 2, [0], ["a1"], [Position((0.5, 0.5), False, "a1")])


# ------------------------------------------------------------------------------------------ the graph

NAMES = ["alice", "Maximilian Alexander Worthington", "carol", "dave"]


def finished(name: str, players: int, seed: int = 1) -> State:
    return random_states(GAMES[name].start(players=players, seed=seed), seed=seed)[-1]


def curve(moves: int, players: int, seed: int) -> tuple[list[tuple[float, ...]], list[bool]]:
    """Values wandering from an even start to a proven end: seat 0 wins in the last fifth."""
    rng = random.Random(seed)
    values, exact = [], []
    for k in range(moves + 1):
        proven = k >= moves - moves // 5
        if proven:
            vals = (1.0,) + tuple((players - 1 - r) / (players - 1) for r in range(1, players))
        else:
            vals = tuple(round(rng.random(), 3) for _ in range(players))
            if players == 2:
                vals = (vals[0], round(1 - vals[0], 3))
        values.append(vals)
        exact.append(proven)
    return values, exact


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize(("name", "players", "moves"), [("attaxx", 2, 60), ("xlines", 2, 1), ("permutation", 4, 300),
                                                        ("elevation", 2, 300)])
def test_the_graph_is_a_deterministic_png_in_the_seat_colours(name, players, moves):
    state = finished(name, players)
    values, exact = curve(moves, players, seed=moves)
    marks = [(0, 0, "blunder")] + ([(moves // 3, 1, "mistake"), (moves // 2, 0, "inaccuracy")] if moves > 1 else [])
    png = graph.render(state, NAMES[:players], values, exact, marks)
    assert png == graph.render(state, NAMES[:players], values, exact, marks)
    img = decoded(png)
    assert img.width == graph.WIDTH and graph.BASE_HEIGHT <= img.height <= graph.BASE_HEIGHT + 2 * graph.ROW
    colours = {colour for _, colour in img.getcolors(1 << 16)}
    for seat in RENDERERS[name].seats(state, NAMES[:players]):
        line = graph.line_colour(seat.style)
        assert any(max(abs(a - b) for a, b in zip(line, c)) <= 6 for c in colours), (seat.side, line)
    for severity in {mark[2] for mark in marks}:
        assert any(max(abs(a - b) for a, b in zip(graph.MARK_COLOURS[severity], c)) <= 6 for c in colours), severity


def test_every_label_of_the_graph_reads_on_a_phone():
    for size, bold in graph.label_sizes().values():
        assert size >= lettering.phone_size(graph.WIDTH, bold)


def test_the_alt_text_says_who_was_ahead_where_the_marks_are_and_what_was_proven():
    state = finished("attaxx", 2)
    winner = min(state.outcome.places[0])
    values = [(0.5, 0.5), (0.7, 0.3), (0.75, 0.25), (0.2, 0.8), (0.0, 1.0), (0.0, 1.0)]
    if winner == 0:
        values = [(b, a) for a, b in values]
    exact = [False, False, False, False, True, True]
    loser = 1 - winner
    alt = graph.alt_text(state, NAMES[:2], values, exact, [(2, loser, "blunder")])
    assert len(alt) <= 1024
    names = [NAMES[winner], NAMES[loser]]
    assert f"Proven won for {names[0]}, lost for {names[1]} from move 4 to the end." in alt
    assert "1 blunder (move 3)" in alt and f"{names[1]} ahead moves 1–2" in alt
    assert "move 3, " in alt.partition("Biggest swings: ")[2]


def test_the_alt_text_of_a_long_game_with_many_marks_stays_within_discords_limit():
    state = finished("permutation", 4)
    values, exact = curve(300, 4, seed=7)
    marks = [(ply, ply % 4, SEVERITIES[ply % 3]) for ply in range(0, 300, 3)]
    alt = graph.alt_text(state, [name * 3 for name in NAMES], values, exact, marks)
    assert len(alt) <= 1024 and "expected place" in alt and alt.endswith(".")
