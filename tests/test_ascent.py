"""Ascent (docs/rules.md): the diamond, the switch, every refusal and every way a game ends.

The seed's sample game survives only as words, so it cannot be replayed; what its words fix is tested:
a row reading 3 3 5 6 is no win, and the closing 1,3 switch completes only the opponent's row and hands
them the game. Short games found by random play show each ending from the start position.
"""
from __future__ import annotations

import random

import pytest

from games import GAMES
from rules import IllegalMove, InvalidNotation
from rules.ascent import AscentState

ASCENT = GAMES["ascent"]


def grid(*rows: str) -> tuple[int, ...]:
    """A board from four rows slanting down to the left (a, b, c, d), each read from its top tile."""
    return tuple(int(n) for row in rows for n in row.split())


def play(*moves: str):
    state = ASCENT.start()
    for move in moves:
        state = state.play(move)
    return state


# --- the diamond and the start ------------------------------------------------------------------------
def test_the_start_position_shows_every_tile_at_its_own_level():
    state = ASCENT.start()
    shown = {name: state.board[index] for index, name in enumerate(f"{r}{n}" for r in "abcd" for n in "1234")}
    assert shown == {
        "d4": 1, "c4": 2, "d3": 2, "b4": 3, "c3": 3, "d2": 3, "a4": 4, "b3": 4, "c2": 4, "d1": 4,
        "a3": 5, "b2": 5, "c1": 5, "a2": 6, "b1": 6, "a1": 7,
    }
    assert state.to_move == 0 and state.outcome is None and state.last is None
    # every pair of tiles on different levels may switch: 120 pairs less the 14 that share a level
    assert len(state.legal_moves()) == 106 and "a1-d4" in state.legal_moves()
    assert all(int(move[1]) + "abcd".index(move[0]) < int(move[4]) + "abcd".index(move[3])
               for move in state.legal_moves()), "the higher tile is named first"


# --- the switch -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("spelling", ["a1-c3", "a1 c3", "a1c3", "c3-a1", "C3 A1", "  A1C3 ", "c3a1", "a1 - c3"])
def test_every_spelling_of_a_switch_is_the_same_move(spelling):
    after = ASCENT.start().play(spelling)
    assert after.last.notation == "a1-c3" and after.to_move == 1
    assert after.board[0] == 3 and after.board[10] == 7, "a1 and c3 traded numbers"


def test_a_switch_changes_nothing_but_the_two_tiles():
    start = ASCENT.start()
    after = start.play("b1-d3")
    changed = [i for i in range(16) if after.board[i] != start.board[i]]
    assert changed == [4, 14] and start.board == ASCENT.start().board


@pytest.mark.parametrize(("moves", "move", "reason"), [
    ((), "e5-a1", "e5 is not a tile"),
    ((), "a1-a5", "a5 is not a tile"),
    ((), "b2 c1", "b2 and c1 are on the same level"),
    ((), "a4-d1", "a4 and d1 are on the same level"),
    (("a3-c3",), "b3-c3", "b3 shows 4, which is not larger than 5 on c3"),
    (("a3-c3",), "c3 b3", "b3 shows 4, which is not larger than 5 on c3"),
    ((), "a2-a2", "Name two different tiles, not a2 twice"),
    ((), "a1", "Can't read 'a1': write two tiles like a1-c3"),
    ((), "a1-b2-c3", "Can't read"),
    ((), "hello", "Can't read 'hello'"),
    ((), "", "Can't read an empty move"),
])
def test_refusals_name_the_reason_and_change_nothing(moves, move, reason):
    state = play(*moves)
    with pytest.raises(IllegalMove, match=reason) as refused:
        state.play(move)
    assert state == play(*moves)
    if "not a tile" in reason or "Can't read" in reason:
        assert isinstance(refused.value, InvalidNotation)


def test_equal_numbers_never_switch():
    state = play("a3-c3", "b1-d1")  # a3 now shows 3, like d2 below it; b1 shows 4, like c2
    assert state.board[2] == 3 and state.board[13] == 3
    with pytest.raises(IllegalMove, match="a3 shows 3, which is not larger than 3 on d2"):
        state.play("a3-d2")
    assert "a3-d2" not in state.legal_moves()


# --- the end --------------------------------------------------------------------------------------------
def test_red_wins_with_a_row_slanting_down_to_the_left():
    final = play("b2-b4", "c2-d3", "b1-c2")
    assert final.outcome.places == (frozenset({0}), frozenset({1})) and final.to_move is None
    assert final.outcome.reason_text() == "Red completed row b ↙" and final.last.rows == ((0, 1),)
    assert [final.board[i] for i in (4, 5, 6, 7)] == [2, 3, 4, 5]
    assert final.legal_moves() == []
    with pytest.raises(IllegalMove, match="The game is over"):
        final.play("a1-d4")


def test_blue_wins_with_a_row_slanting_down_to_the_right():
    final = play("a1-d2", "b1-d1")
    assert final.outcome.places == (frozenset({1}), frozenset({0}))
    assert final.outcome.reason_text() == "Blue completed row 1 ↘" and final.last.rows == ((1, 0),)


@pytest.mark.parametrize(("moves", "winner", "reason"), [
    (("a1-c3", "a2-d2", "b2-c2"), 1, "Red completed Blue's row 2 ↘"),
    (("c1-d4", "d1-d3"), 0, "Blue completed Red's row d ↙"),
])
def test_completing_only_the_opponents_kind_of_row_loses(moves, winner, reason):
    final = play(*moves)
    assert final.outcome.places == (frozenset({winner}), frozenset({1 - winner})) and final.outcome.reason_text() == reason


def test_completing_rows_of_both_kinds_at_once_is_a_draw():
    final = play("b1-d1", "a2-a4", "a1-c4")
    assert final.outcome.is_draw and final.outcome.places == (frozenset({0, 1}),)
    assert final.outcome.reason_text() == "Red completed row a ↙ and Blue's row 1 ↘"
    assert sorted(final.last.rows) == [(0, 0), (1, 0)]


def test_the_seeds_closing_situation():
    """A row slanting down to the right reads 3 3 5 6: no win. Red then switches a 1 and a 3 and so
    completes that row, Blue's kind: Blue wins."""
    board = grid("7 3 5 4",
                 "6 3 4 2",
                 "5 5 4 2",
                 "4 6 3 1")
    assert sorted(board) == sorted(ASCENT.start().board), "the same sixteen tiles"
    state = AscentState(board, to_move=0)
    assert [board[i] for i in (1, 5, 9, 13)] == [3, 3, 5, 6] and state.outcome is None
    assert "a2-d4" in state.legal_moves()
    after = state.play("a2-d4")  # a2 shows 3 and d4 shows 1
    assert [after.board[i] for i in (1, 5, 9, 13)] == [1, 3, 5, 6]
    assert after.outcome.places == (frozenset({1}), frozenset({0}))
    assert after.outcome.reason_text() == "Red completed Blue's row 2 ↘"


def test_no_legal_switch_only_ever_follows_a_completed_row():
    """The house rule (no legal switch is a draw) is a safeguard: with no switch left, every tile on a
    higher level shows at most what every lower tile shows, which forces each tile to show 8 − its
    level, and then every row climbs."""
    forced = tuple(8 - level for level in ASCENT.start().board)
    state = AscentState(forced, to_move=0)
    assert state.legal_moves() == []
    assert all(forced[4 * i + j] < forced[4 * i + j + 1] for i in range(4) for j in range(3))


# --- an independent reading of docs/rules.md, played side by side -----------------------------------
def reference_legal(board: dict[str, int]) -> set[frozenset[str]]:
    def level(name: str) -> int:
        return 7 - "abcd".index(name[0]) - (int(name[1]) - 1)

    return {
        frozenset((x, y)) for x in board for y in board
        if level(x) > level(y) and board[x] > board[y]
    }


def reference_rows(board: dict[str, int]) -> tuple[bool, bool]:
    """(some row slanting down to the left climbs, some row slanting down to the right climbs)."""
    def climbs(names: list[str]) -> bool:
        values = [board[n] for n in names]
        return all(a < b for a, b in zip(values, values[1:]))

    left = any(climbs([f"{letter}{n}" for n in "1234"]) for letter in "abcd")
    right = any(climbs([f"{letter}{n}" for letter in "abcd"]) for n in "1234")
    return left, right


@pytest.mark.parametrize("seed", range(40))
def test_random_games_agree_with_an_independent_reading_of_the_rules(seed):
    rng = random.Random(seed)
    state = ASCENT.start()
    names = [f"{letter}{n}" for letter in "abcd" for n in "1234"]
    board = {name: state.board[i] for i, name in enumerate(names)}
    mover = 0
    while True:
        legal = reference_legal(board)
        assert {frozenset(m.split("-")) for m in state.legal_moves()} == legal
        switch = sorted(rng.choice(sorted(legal, key=sorted)))
        board[switch[0]], board[switch[1]] = board[switch[1]], board[switch[0]]
        state = state.play(f"{switch[1]} {switch[0]}")
        assert dict(zip(names, state.board)) == board
        left, right = reference_rows(board)
        if left or right:
            winners = {0, 1} if left and right else {0} if left else {1}
            assert state.outcome.places[0] == frozenset(winners) and state.to_move is None
            return
        mover = 1 - mover
        assert state.outcome is None and state.to_move == mover
