"""A match rebuilt from its moves (rules.rebuild): the positions a replay draws and the one a loaded
match stands at are those of the game as it was played."""
from __future__ import annotations

import pytest

from games import GAMES
from rules import IllegalMove
from rules.rebuild import positions, rebuild
from tests.support.playouts import random_states


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_position_of_a_match_comes_back_from_its_moves(name):
    players = GAMES[name].players.stop - 1
    for seed in (1, 2):
        played = random_states(GAMES[name].start(players, {}, seed), seed, moves=40)
        moves = [state.last.notation for state in played[1:]]
        assert list(positions(GAMES[name], players, {}, seed, moves)) == played
        assert rebuild(GAMES[name], players, {}, seed, moves) == played[-1]
        assert rebuild(GAMES[name], players, {}, seed, iter(moves[:5])) == played[min(5, len(moves))]


def test_no_moves_is_the_start_and_a_wrong_move_is_refused():
    start = GAMES["xlines"].start(2, {"size": 9}, 3)
    assert rebuild(GAMES["xlines"], 2, {"size": 9}, 3, ()) == start
    assert list(positions(GAMES["xlines"], 2, {"size": 9}, 3, [])) == [start]
    first = start.legal_moves()[0]
    with pytest.raises(IllegalMove):
        rebuild(GAMES["xlines"], 2, {"size": 9}, 3, [first, first])
