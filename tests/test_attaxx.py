"""Attaxx as docs/rules.md gives it, checked against the seed's sample game and perft."""
from __future__ import annotations

import pytest

from games import GAMES
from rules import IllegalMove, InvalidNotation
from tests.seeds import attaxx_final_diagram, attaxx_sample_game

ATTAXX = GAMES["attaxx"]


def position(rows: str, to_move: int = 0):
    """A position from a diagram (rank 7 first, O = White/seat 0, X = Black/seat 1)."""
    from rules.attaxx import VARIANT
    from rules.infection import opening

    pieces = {}
    for rank, row in zip(range(7, 0, -1), rows.split()):
        for file, mark in zip("abcdefg", row):
            if mark in "OX":
                pieces[f"{file}{rank}"] = "OX".index(mark)
    state = opening(VARIANT, pieces)
    return state if to_move == 0 else type(state)(state.variant, state.board, 1, history=((state.board, 1),))


def test_start_position_and_first_moves():
    state = ATTAXX.start()
    assert state.to_move == 0 and state.counts == (2, 2) and state.outcome is None
    assert state.legal_moves() == (
        ["a6", "b6", "b7", "f1", "f2", "g2"]
        + ["a7a5", "a7b5", "a7c5", "a7c6", "a7c7", "g1e1", "g1e2", "g1e3", "g1f3", "g1g3"]
    )


def test_seed_sample_game_replays_with_its_flip_counts():
    state = ATTAXX.start()
    moves = attaxx_sample_game()
    assert len(moves) == 61
    for ply, (move, flips) in enumerate(moves):
        assert move in state.legal_moves(), f"ply {ply + 1}: {move}"
        state = state.play(move)
        assert len(state.last.flipped) == flips, f"ply {ply + 1}: {move}"
    assert state.counts == (26, 19)
    marks = {0: "-", 1: "O", 2: "X"}
    assert {name: marks[state.board[i]] for i, name in enumerate(state.geometry.names)} == attaxx_final_diagram()
    assert state.outcome is None and state.to_move == 1  # Black resigned here; the board was not full


def perft(state, depth: int) -> int:
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)


@pytest.mark.parametrize("depth, nodes", [(1, 16), (2, 256), (3, 6460), (4, 155888)])
def test_perft(depth, nodes):
    assert perft(ATTAXX.start(), depth) == nodes


def test_state_is_immutable_and_play_returns_a_new_state():
    start = ATTAXX.start()
    after = start.play("b7")
    assert start == ATTAXX.start() and after != start
    with pytest.raises(AttributeError):
        start.to_move = 1


@pytest.mark.parametrize(
    "spelling, canonical",
    [("b6", "b6"), (" B6 ", "b6"), ("a7b6", "b6"), ("a7-b6", "b6"), ("A7 C5", "a7c5"), ("a7-c5", "a7c5")],
)
def test_accepted_spellings(spelling, canonical):
    assert ATTAXX.start().play(spelling).last.notation == canonical


@pytest.mark.parametrize(
    "move, reason",
    [
        ("d4", "d4 is not next to any of your pieces: a clone goes next to one of them; a jump names two squares,"
               " like a1a3"),
        ("a1", "a1 holds an enemy piece: a clone or a jump goes to an empty square"),
        ("g1", "g1 holds one of your pieces: a clone or a jump goes to an empty square"),
        ("a7a7", "A piece can't jump to its own square: a jump lands two squares away"),
        ("a1b2", "a1 is not one of your pieces: a jump starts from one of them"),
        ("a7d4", "a7 to d4 is too far: a jump goes exactly two squares"),
        ("h1", "h1 is not on the board"),
        ("a0", "a0 is not on the board"),
    ],
)
def test_illegal_moves_name_the_reason(move, reason):
    start = ATTAXX.start()
    with pytest.raises(IllegalMove) as error:
        start.play(move)
    assert str(error.value) == reason
    assert start == ATTAXX.start()


@pytest.mark.parametrize("text", ["", "hello", "b", "7b", "a1a2a3", "b6!"])
def test_unreadable_notation(text):
    with pytest.raises(InvalidNotation, match="Can't read"):
        ATTAXX.start().play(text)


def test_flips_only_neighbours_of_the_destination():
    state = position(
        """
        .......
        .......
        ..XX...
        ..X.X..
        .......
        .......
        O......
        """
    )
    after = state.play("a1c3")  # c3 touches c4 and … only pieces king-adjacent to c3
    flipped = {state.geometry.names[c] for c in after.last.flipped}
    assert flipped == {"c4"}
    assert after.counts == (2, 3) and after.board[state.geometry.index["a1"]] == 0


def test_a_player_with_no_move_passes_automatically():
    # c2 is the last empty square within two of Black's only piece: once White fills it, Black is stuck.
    state = position(
        """
        .......
        .......
        .......
        .......
        OOO....
        OO.....
        XOO....
        """
    )
    after = state.play("c2")
    assert after.to_move == 0 and after.last.passed == (1,)
    assert after.outcome is None


def test_capturing_every_enemy_piece_ends_the_game():
    state = position(
        """
        .......
        .......
        .......
        .......
        .......
        .X.....
        O......
        """
    )
    after = state.play("a2")
    assert after.outcome is not None and after.to_move is None
    assert after.outcome.places == (frozenset({0}), frozenset({1}))
    assert after.outcome.reason_text() == "Black has no pieces left" and after.outcome.scores == (3, 0)


def test_full_board_ends_the_game_with_the_larger_count_winning():
    rows = ["XXXXXXX"] * 3 + ["OOOOOOO"] * 3 + ["OOOOOO."]
    state = position(" ".join(rows))
    after = state.play("g1")
    assert after.outcome.reason_text() == "board full"
    assert after.outcome.places == (frozenset({0}), frozenset({1})) and after.outcome.scores == (28, 21)


def test_threefold_repetition_is_a_draw():
    state = ATTAXX.start()
    cycle = ["a7a5", "a1a3", "a5a7", "a3a1"]
    for _ in range(2):
        for move in cycle:
            assert state.outcome is None
            state = state.play(move)
    assert state.outcome is not None and state.outcome.reason_text() == "threefold repetition"
    assert state.outcome.places == (frozenset({0, 1}),) and state.to_move is None


def test_a_clone_resets_the_repetition_count():
    state = ATTAXX.start()
    for move in ["a7a5", "a1a3", "a5a7", "a3a1", "b7", "b2"]:
        state = state.play(move)
    assert state.outcome is None and len(state.history) == 1
