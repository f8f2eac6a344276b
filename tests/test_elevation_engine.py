"""Elevation's computer player: its fast board lists the rules' turns and plays them to the rules'
positions and ends, its shortlist keeps every capture and holds only legal turns, its evaluation sees
both sides alike, and the levels take a dragon rather than play a quiet turn, the same way for a seed;
only hard weighs height over the enemy and counts sieges, and presses home a lead; a piece that cannot
escape is taken at once, a piece kept on offer is taken once the game has gone quiet, the evaluation
fades when nothing is taken for long (a standoff ends in a draw), and a level ahead gives the opponent
no chance to draw by repetition.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines import LEVELS
from engines.alphabeta import AlphaBeta
from engines.games.elevation_board import FADING, WHOLE, ElevationBoard
from engines.games.elevation_eval import FULL, PLAIN, evaluate, siege
from engines.games.elevation_turns import apply, notation
from games import GAMES, REGISTRY, choose_move, level_budget
from rules.elevation import NAMES, OWNER, ElevationState, mirror, piece

ELEVATION = GAMES["elevation"]


def scattered(rng: random.Random, per_side: int) -> ElevationState:
    """Pieces of both sides anywhere on hills and hollows: captures on offer to both."""
    heights = tuple(rng.randrange(0, 6) for _ in range(36))
    pieces = [0] * 36
    for seat in (0, 1):
        for _ in range(per_side):
            pieces[rng.choice([c for c in range(36) if not pieces[c]])] = piece(seat, rng.randrange(3))
    mover = rng.randrange(2)
    return ElevationState(heights, tuple(pieces), mover, history=((heights, tuple(pieces), mover),))


def positions(count: int) -> list[ElevationState]:
    """Positions of random games from the start (flat and random terrain) and scattered ones."""
    found: list[ElevationState] = []
    for seed in range(count):
        rng = random.Random(seed)
        if seed % 2:
            found.append(scattered(rng, rng.randrange(1, 7)))
            continue
        state = ELEVATION.start(options={"terrain": "random"} if seed % 4 == 2 else {}, seed=seed)
        for _ in range(rng.randrange(0, 40)):
            state = state.play(rng.choice(state.legal_moves()))
        assert isinstance(state, ElevationState)
        found.append(state)
    return found


def captured(state: ElevationState, turn: tuple[int, ...]) -> frozenset[int]:
    h, p = list(state.heights), list(state.pieces)
    apply(h, p, turn)
    return frozenset(c for c in range(36) if state.pieces[c] and OWNER[state.pieces[c]] != state.to_move and
                     OWNER[p[c]] != OWNER[state.pieces[c]])


# --- the board and the rules --------------------------------------------------------------------------
def test_the_board_lists_exactly_the_rules_turns():
    for state in positions(30):
        board = ElevationBoard.of(state)
        assert sorted(notation(turn) for turn in board.turns()) == sorted(state.legal_moves())


def test_the_board_plays_random_games_as_the_rules_do_to_the_same_end():
    """Random games that capture whenever they can, so that they end."""
    ended = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = scattered(rng, 2) if seed % 3 else ELEVATION.start(seed=seed)
        board = ElevationBoard.of(state)
        for _ in range(200):
            turns = board.turns()
            assert len(turns) == len(state.legal_moves())
            taking = [turn for turn in turns if captured(state, turn)]
            turn = rng.choice(taking or turns)
            state, board = state.play(notation(turn)), board.play(turn)
            assert (board.h, board.p) == (state.heights, state.pieces)
            if state.outcome is not None:
                first = state.outcome.places[0]
                expected = 0 if len(first) > 1 else (1 if 0 in first else -1)
                assert board.result == expected
                ended += 1
                break
            assert board.result is None and board.mover == state.to_move
    assert ended >= 4


def test_the_board_draws_on_the_third_repetition_as_the_rules_do():
    state = ELEVATION.start()
    board = ElevationBoard.of(state)
    for move in ["c1-c2", "c6-c5", "c2-c1", "c5-c6"] * 2:
        turn = next(t for t in board.turns() if notation(t) == move)
        state, board = state.play(move), board.play(turn)
    assert state.outcome is not None and board.result == 0
    # the same from a board made in the middle of it: the positions before come from the game's history
    state = ELEVATION.start()
    for move in ["c1-c2", "c6-c5", "c2-c1", "c5-c6", "c1-c2", "c6-c5"]:
        state = state.play(move)
    board = ElevationBoard.of(state)
    for move in ["c2-c1", "c5-c6"]:
        board = board.play(next(t for t in board.turns() if notation(t) == move))
    assert board.result == 0


# --- the shortlist ------------------------------------------------------------------------------------
def test_the_shortlist_holds_legal_turns_and_every_capture():
    captures = 0
    for state in positions(60):
        board = ElevationBoard.of(state)
        listed = board.moves()
        legal = set(state.legal_moves())
        assert listed and all(notation(turn) in legal for turn in listed)
        assert len(set(listed)) == len(listed)
        wanted = {(turn[1], captured(state, turn)) for turn in board.turns()} - {(at, frozenset()) for at in range(36)}
        kept = {(turn[1], captured(state, turn)) for turn in listed}
        assert wanted <= kept, sorted((NAMES[at], sorted(NAMES[c] for c in cells)) for at, cells in wanted - kept)
        captures += len(wanted)
    assert captures >= 30


def test_the_evaluation_sees_both_sides_alike():
    """The position turned round (each cell to its mirror, each piece to the other side) is worth the
    same to the other side to move."""
    for state in positions(40):
        h, p = state.heights, state.pieces
        turned_h = tuple(h[mirror(c)] for c in range(36))
        turned_p = tuple((code + 2) % 6 + 1 if code else 0 for code in (p[mirror(c)] for c in range(36)))
        mover = state.to_move if state.to_move is not None else 0
        assert evaluate(h, p, mover) == pytest.approx(evaluate(turned_h, turned_p, 1 - mover))


# --- the levels ---------------------------------------------------------------------------------------
DRAGON_HANGS = """
3. 3. 3. 3. 3. 3.
3. 3. 3. 3. 3. 3.
3. 3. 3. 3d 3s 3.
3. 3. 3. 1f 5F 3.
3. 3. 3. 3. 3. 3.
3. 3. 3. 3S 3. 3.
"""


def diagram(text: str, to_move: int = 0) -> ElevationState:
    rows = [row.split() for row in text.strip().splitlines()]
    heights, pieces = [0] * 36, [0] * 36
    for k, row in enumerate(rows):
        for file, token in enumerate(row):
            cell = file * 6 + 5 - k
            heights[cell] = int(token[:-1])
            if token[-1] != ".":
                pieces[cell] = piece(0 if token[-1].isupper() else 1, "SFD".index(token[-1].upper()))
    key = (tuple(heights), tuple(pieces), to_move)
    return ElevationState(key[0], key[1], to_move, history=(key,))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_dragon_rather_than_a_quiet_turn(level):
    """Red's fish on e3, five high, may take Blue's dragon on d4 or its fish on d3 (both three lower or
    more); the dragon is worth more, and nothing Blue has can answer from above."""
    state = diagram(DRAGON_HANGS)
    assert NAMES.index("e3") == 4 * 6 + 2
    move = choose_move(state, level, seed=1)
    board = ElevationBoard.of(state)
    turn = next(t for t in board.turns() if notation(t) == move)
    assert captured(state, turn) == {NAMES.index("d4")}, move


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_answers_the_same_for_the_same_seed_within_its_node_budget(level):
    rng = random.Random(5)
    state = ELEVATION.start(seed=5)
    for _ in range(12):
        state = state.play(rng.choice(state.legal_moves()))
    assert choose_move(state, level, seed=9, seconds=60) == choose_move(state, level, seed=9, seconds=60)
    budget = level_budget("elevation", level)
    search = AlphaBeta(ElevationBoard.of(state), budget.iterations, float("inf"), width=budget.width)
    search.run()
    assert search.visited <= budget.iterations and search.reached >= 2


LONE_SAMURAI = """
3. 3. 3. 3. 3. 3.
3. 3. 3. 3. 3. 3.
3. 3. 3. 3. 3. 3.
3. 3. 3s 3. 3. 3.
3. 3. 3. 3. 3. 3.
3D 3S 3. 3. 3. 3.
"""


def sides(pieces) -> tuple[list[int], list[int]]:
    def cells(seat: int) -> list[int]:
        return [c for c in range(36) if pieces[c] and OWNER[pieces[c]] == seat]
    return cells(0), cells(1)


def test_the_siege_counts_the_tiles_and_climbs_still_needed_to_stand_two_above_an_enemy():
    state = diagram(LONE_SAMURAI)
    c2, b1 = NAMES.index("c2"), NAMES.index("b1")
    assert siege(state.heights, state.pieces, *sides(state.pieces)) == 2  # c2 (or b2) raised by two
    for height, needed in ((4, 1), (5, 1), (6, 2)):  # then the samurai on b1 climbs one level, or two
        h = list(state.heights)
        h[c2] = height
        assert siege(h, state.pieces, *sides(state.pieces)) == needed
    h, p = list(state.heights), list(state.pieces)
    h[c2], p[c2], p[b1] = 5, p[b1], 0
    assert siege(h, p, *sides(p)) == 0  # it stands there: a capture on offer


def test_hard_ahead_presses_home_against_medium():
    """A dragon and a samurai against a lone samurai on flat ground: hard builds a square two levels
    above the samurai next to it and takes it, however medium runs and digs."""
    state, ply = hard_against_medium(diagram(LONE_SAMURAI), 50)  # hard takes it on its 17th turn
    assert state.outcome is not None and state.outcome.places[0] == frozenset({0}), ply


def hard_against_medium(state: ElevationState, plies: int) -> tuple[ElevationState, int]:
    """Red as hard and Blue as medium play on from `state` until the game ends or `plies` are played;
    the position then and the plies played (the node budgets alone bound the levels, not the clock)."""
    for ply in range(1, plies + 1):
        state = state.play(choose_move(state, "hard" if state.to_move == 0 else "medium", seed=ply - 1, seconds=60))
        if state.outcome is not None:
            break
    return state, ply


# From a game between hard (Red) and medium: Blue's fish on f6, two high, has nowhere to go and Red's
# fish on e6 and dragon on e5 stand far above it. Searched a few plies deep, taking it now and taking it
# at the horizon look alike (the evaluation counts a trapped piece as good as taken), and Red kept it on
# offer for a hundred plies.
DOOMED_FISH = """
 7f 0. 4.  0. 9F 2f
 6. 0. 0.  0. 7D 7.
 0. 4. 0. 13D 0. 5F
 0. 9. 10S 1. 0. 0.
 4. 0. 0.  0. 0. 3.
10d 2. 5s  0. 0. 0.
"""


def test_medium_takes_a_piece_that_cannot_escape_now_rather_than_later():
    state = diagram(DOOMED_FISH)
    move = choose_move(state, "medium", seed=1, seconds=60)
    turn = next(t for t in ElevationBoard.of(state).turns() if notation(t) == move)
    assert captured(state, turn) == {NAMES.index("f6")}, move


# From a game between hard (Red) and medium: Blue's samurai on b2 stands in a pit, with nowhere to step,
# under three of Red's pieces that can take it. Red counted it as good as taken, and its height over it
# too, so that taking it (and dropping into the pit) looked worse than leaving it there: it was still on
# offer two hundred plies later, and the game never ended.
PIT = """
 7f 7.  5d 2d 4s 1f
 2. 0.  3. 0. 2. 2.
 0. 0.  0. 0. 1. 4.
10F 9.  8F 6S 0. 0.
 3. 0s  7D 6S 6D 0.
 3. 4.  2. 3. 1. 0.
"""


def without_a_capture_for(state: ElevationState, plies: int) -> ElevationState:
    """`state` as if the last capture had been `plies` plies before it (positions that never recur)."""
    earlier = tuple(((k,) * 36, state.pieces, k % 2) for k in range(plies))
    return replace(state, history=earlier + state.history)


def test_a_capture_made_now_is_worth_more_the_longer_nothing_has_been_taken():
    state = diagram(PIT)
    fresh = ElevationBoard.of(state).banked()
    stale = ElevationBoard.of(without_a_capture_for(state, 100)).banked()
    assert fresh.keys() == stale.keys() and fresh  # every capture of the samurai, and only those
    assert all(value == pytest.approx(0.3 * 3) for value in fresh.values())  # a share of the samurai
    assert all(value == pytest.approx(3) for value in stale.values())  # all of it


def test_hard_takes_a_piece_kept_on_offer_once_the_game_has_gone_quiet():
    state = without_a_capture_for(diagram(PIT), 60)
    move = choose_move(state, "hard", seed=1, seconds=60)
    turn = next(t for t in ElevationBoard.of(state).turns() if notation(t) == move)
    assert captured(state, turn) == {NAMES.index("b2")}, move


def faded_after(state: ElevationState) -> int:
    """The plies without a capture after which `state`'s evaluation has faded to nothing."""
    return WHOLE + FADING * sum(1 for code in state.pieces if code)


def test_a_lead_that_takes_nothing_fades_into_what_the_search_takes():
    """The evaluation is whole for a while after a capture, then fades, the sooner the fewer pieces are
    left, into the material taken or lost in the search, which counts in full."""
    state = diagram(PIT)
    whole = evaluate(state.heights, state.pieces, 0)
    assert abs(whole) > 1
    gone = faded_after(state)
    for quiet, share in ((0, 1.0), (WHOLE, 1.0), ((WHOLE + gone) // 2, 0.5), (gone, 0.0), (300, 0.0)):
        assert ElevationBoard.of(without_a_capture_for(state, quiet)).score() == pytest.approx(share * whole)
    board = ElevationBoard.of(without_a_capture_for(state, gone))
    take = next(turn for turn in board.turns() if captured(state, turn))
    other = next(turn for turn in board.turns() if not captured(state, turn))
    assert board.play(other).score() == 0  # nothing taken: nothing left to choose by
    assert board.play(take).score() == pytest.approx(-3)  # Blue, to move, has lost a samurai
    lone = diagram(LONE_SAMURAI)  # three pieces: gone sooner
    assert faded_after(lone) < (WHOLE + gone) // 2
    assert ElevationBoard.of(without_a_capture_for(lone, faded_after(lone))).score() == 0


# From a game between hard (Red) and medium: no piece taken in 300 plies, Red's dragons and fish on towers
# over pits, Blue's pieces on the edges out of their reach, and Blue's dragon on b6 moving the same two
# tiles back and forth. Red, ahead by its evaluation (its height over Blue's pieces), never let the
# position come round a third time.
STANDOFF = """
6. 7d  0.  0. 5s 0.
5. 6f  3.  0. 0. 1.
4s 0.  0. 8F 0. 5f
6d 0. 10D 10D 0. 0.
6S 0.  9.  0. 0. 0.
0. 0.  0. 8F 8S 1.
"""


def test_a_standoff_where_nothing_is_taken_for_long_ends_in_a_draw():
    standoff = diagram(STANDOFF)
    state, ply = hard_against_medium(without_a_capture_for(standoff, faded_after(standoff)), 40)  # drawn on the 13th
    assert state.outcome is not None and len(state.outcome.places) == 1, ply
    assert state.outcome.reason == "threefold repetition"


# From a game between hard (Red) and medium: Red, four pieces up, and Blue's dragon on d5 had moved the
# same two tiles back and forth, as had Red's dragon on d6; Red's turn was one Blue could answer with the
# position's third occurrence, and the game was drawn (the search's shortlist of Blue's turns held no
# such answer).
SHUFFLED = """
4. 0. 0. 7D 2. 0.
3. 5. 2. 6d 7F 1s
4. 8. 4. 0. 0. 2F
3. 5. 2. 7S 1. 4S
1. 0. 5D 0. 2. 5.
3. 3. 5. 4. 3. 0.
"""


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_ahead_gives_no_chance_to_draw_by_repetition(level):
    state = diagram(SHUFFLED).play("d6: e6>c5 e6>c5").play("d5: c5>e6 c5>e6")  # the start again: twice
    board = ElevationBoard.of(state)
    assert "d6: e6>c5 e6>c5" in {board.notation(turn) for turn in board.drawable()}
    after = state.play(choose_move(state, level, seed=1, seconds=60))
    replies = (after.play(reply).outcome for reply in after.legal_moves())
    assert not any(outcome is not None and len(outcome.places) == 1 for outcome in replies)


def test_only_hard_weighs_its_height_over_the_enemy_pieces_around():
    """A piece raised above an enemy piece near it is worth more to hard; easy and medium judge it plainly."""
    state = diagram(LONE_SAMURAI)
    tower = list(state.heights)
    tower[NAMES.index("b1")] = 4  # Red's samurai on b1 one level above Blue's on c3, two squares away
    lifted = ElevationState(tuple(tower), state.pieces, 0, history=((tuple(tower), state.pieces, 0),))
    for level in LEVELS:
        board = REGISTRY["elevation"].engine.knowledge.at(level).board
        gain = board(lifted).score() - board(state).score()
        assert board(state).judgement == (FULL if level == "hard" else PLAIN)
        assert (gain > 0.1) == (level == "hard"), (level, gain)
