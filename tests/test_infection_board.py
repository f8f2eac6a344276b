"""The bit-boards the alpha-beta search plays Attaxx and Ikabegamá on, held to the rules: the same legal
moves, the same side to move after passes, the same results, over random games of every board size;
Attaxx's move counts from the start (perft) are the published ones; and the one-ply shortcut
(`horizon`) is what playing every move finds."""
from __future__ import annotations

import random

import pytest

from engines.alphabeta import WIN
from engines.games.infection_board import InfectionBoard, perft
from games import GAMES
from rules.repetition import REASON
from tests.support.playouts import option_variants

INFECTION = [(name, options) for name in ("attaxx", "ikabegama") for options in option_variants(name)]


@pytest.mark.parametrize(("name", "options"), INFECTION, ids=[f"{n}{o or ''}" for n, o in INFECTION])
def test_random_games_on_the_board_follow_the_rules(name, options):
    for seed in range(25):
        rng = random.Random(seed)
        state = GAMES[name].start(options=options, seed=seed)
        board = InfectionBoard.of(state)
        while state.outcome is None:
            assert sorted(board.notation(m) for m in board.moves()) == sorted(state.legal_moves())
            assert board.mover == state.to_move and board.over() is None
            move = rng.choice(board.moves())
            state, board = state.play(board.notation(move)), board.play(move)
            assert board.key()[:2] == InfectionBoard.of(state).key()[:2]
        if state.outcome.reason != REASON:  # the board does not keep the history a repetition needs
            assert board.result == InfectionBoard.of(state).result is not None
            first = state.outcome.places[0]
            expected = 0 if len(first) > 1 else (1 if board.mover in first else -1)
            assert board.over() == expected


def test_attaxx_move_counts_from_the_start_are_the_published_ones():
    board = InfectionBoard.of(GAMES["attaxx"].start())
    assert [perft(board, depth) for depth in range(1, 5)] == [16, 256, 6460, 155888]


def test_moves_that_gain_most_come_first():
    from tests.test_attaxx import position

    state = position("O...... ....... ..XX... ...X... .O..... ....... .......")
    board = InfectionBoard.of(state)
    names = [board.notation(m) for m in board.moves()]
    assert names[0] == "c4"  # a clone taking all three
    assert names.index("c4") < names.index("a7c6") < names.index("c3") < names.index("a3")


def test_the_one_ply_shortcut_is_what_playing_every_move_finds():
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        board = InfectionBoard.of(GAMES["attaxx"].start(seed=seed))
        while board.result is None:
            quick = board.horizon()
            if quick is not None:
                best = -2 * WIN
                for move in board.moves():
                    child = board.play(move)
                    same = child.mover == board.mover
                    if child.result is not None:
                        value = child.over() * WIN * (1 if same else -1)
                    else:
                        value = child.score() if same else -child.score()
                    best = max(best, value)
                assert quick == pytest.approx(best)
                checked += 1
            board = board.play(rng.choice(board.moves()))
    assert checked > 5000


@pytest.mark.parametrize("options", option_variants("ikabegama"), ids=str)
def test_ikabegama_race_is_two_steps_or_less_exactly_when_a_move_takes_the_nest(options):
    """The race the evaluation reads is a distance: within a clone or a jump of the cell that takes the
    enemy nest exactly when the rules have a winning move for the side to move."""
    near = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAMES["ikabegama"].start(options=options, seed=seed)
        while state.outcome is None:
            board = InfectionBoard.of(state)
            seat = board.mover
            race = board.race(board.pieces[seat], board.pieces[1 - seat], seat)
            wins = any((after := state.play(move)).outcome is not None and after.outcome.places[0] == {seat}
                       for move in state.legal_moves())
            assert (race <= 2) == wins, (seed, state.board, race)
            near += wins
            state = state.play(rng.choice(state.legal_moves()))
    assert near  # the random games did come within reach of a nest
