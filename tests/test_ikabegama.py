"""Ikabegamá (docs/rules.md): the hex geometry, the options and every way the game ends."""
from __future__ import annotations

import pytest

from rules import BadOptions, IllegalMove
from rules.geometry import hexagon
from rules.ikabegama import GAME, variant
from rules.infection import InfectionState, opening


def names(geometry, cells) -> set[str]:
    return {geometry.names[c] for c in cells}


def test_side_five_geometry():
    g = hexagon(5)
    assert g.size == 61 and g.files == "abcdefghi"
    assert [sum(1 for f, _ in g.coords if f == file) for file in range(9)] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    for corner in ("a1", "a5", "e1", "e9", "i1", "i5"):
        assert len(g.near[g.index[corner]]) == 3
    assert names(g, g.near[g.index["a1"]]) == {"a2", "b1", "b2"}
    assert len(g.near[g.index["e5"]]) == 6 and len(g.far[g.index["e5"]]) == 12
    assert "j1" not in g.index and "i1" in g.index


@pytest.mark.parametrize("side, cells, last_file", [(4, 37, "g"), (5, 61, "i"), (6, 91, "l"), (7, 127, "n")])
def test_board_sizes(side, cells, last_file):
    g = hexagon(side)
    assert g.size == cells and g.files[-1] == last_file and "j" not in g.files


def test_options_and_default_nests():
    assert GAME.resolve_options({}) == {"size": 5, "light_nest": "e1", "dark_nest": "e9"}
    assert GAME.resolve_options({"size": 7}) == {"size": 7, "light_nest": "g1", "dark_nest": "g13"}
    assert GAME.resolve_options({"light_nest": " A1 ", "dark_nest": "i5"})["light_nest"] == "a1"
    start = GAME.start(options={"light_nest": "a1", "dark_nest": "i5"})
    assert start.counts == (1, 1) and start.board[start.geometry.index["a1"]] == 1


@pytest.mark.parametrize(
    "options, reason",
    [
        ({"size": 3}, "size must be between 4 and 7"),
        ({"light_nest": "z1"}, r"^light nest z1 is not on a size-5 board \(files a–i\)$"),
        ({"dark_nest": "e10"}, "dark nest e10 is not on a size-5 board"),
        ({"dark_nest": "j2"}, r"^dark nest j2 is not on a size-5 board \(files a–i\)$"),
        ({"size": 4, "dark_nest": "h1"}, r"^dark nest h1 is not on a size-4 board \(files a–g\)$"),
        ({"size": 6, "dark_nest": "j2"}, r"^dark nest j2 is not on a size-6 board \(files a–l, no j\)$"),
        ({"size": 7, "light_nest": "o1"}, r"^light nest o1 is not on a size-7 board \(files a–n, no j\)$"),
        ({"light_nest": "e9"}, "must be different cells"),
    ],
)
def test_bad_options_say_why(options, reason):
    with pytest.raises(BadOptions, match=reason):
        GAME.start(options=options)


def test_first_moves_and_notation():
    start = GAME.start()
    assert start.legal_moves() == ["d1", "e2", "f1", "e1c1", "e1d2", "e1e3", "e1f2", "e1g1"]
    assert start.play("E1-E3").last.notation == "e1e3" and start.play("e1e2").last.notation == "e2"
    with pytest.raises(IllegalMove, match="e5 is not next to any of your tokens: a growth goes next to one of them"):
        start.play("e5")
    with pytest.raises(IllegalMove, match="^A token can't jump to its own cell: a jump lands two cells away$"):
        start.play("e1e1")
    with pytest.raises(IllegalMove, match="^e1 to e7 is too far: a jump goes exactly two cells$"):
        start.play("e1e7")
    with pytest.raises(IllegalMove, match="j1 is not on the board"):
        start.play("j1")


def position(pieces: dict[str, int], to_move: int = 0, light_nest: str = "e1", dark_nest: str = "e9") -> InfectionState:
    state = opening(variant(5, light_nest, dark_nest), pieces)
    return InfectionState(state.variant, state.board, to_move, history=((state.board, to_move),))


def test_light_wins_by_growing_into_the_dark_nest():
    state = position({"e1": 0, "e8": 0, "a1": 1, "a2": 1})
    after = state.play("e9")
    assert after.outcome.places == (frozenset({0}), frozenset({1}))
    assert after.outcome.reason_text() == "Light reached the Dark nest" and after.to_move is None


def test_dark_wins_by_jumping_into_the_light_nest():
    state = position({"e3": 1, "i5": 0, "a1": 0}, to_move=1)
    after = state.play("e3e1")
    assert after.outcome.reason_text() == "Dark reached the Light nest"
    assert after.outcome.places == (frozenset({1}), frozenset({0}))


def test_a_flip_onto_the_nest_wins():
    # A Dark token sits on the Dark nest e9; Light grows next to it and flips it: Light now stands there.
    state = position({"e1": 0, "e7": 0, "e9": 1, "a1": 1})
    after = state.play("e8")
    assert state.geometry.index["e9"] in after.last.flipped
    assert after.outcome.reason_text() == "Light reached the Dark nest"


def test_a_player_without_moves_passes():
    # Dark's only token at a1 has every cell within two steps filled by Light once Light plays c1.
    g = hexagon(5)
    around = set(g.near[g.index["a1"]]) | set(g.far[g.index["a1"]])
    light = {g.names[c]: 0 for c in around if g.names[c] != "c1"}
    state = position({**light, "a1": 1})
    after = state.play("c1")
    assert after.to_move == 0 and after.last.passed == (1,) and after.outcome is None


def test_neither_player_can_move_is_a_draw():
    # Files a–d Light, e–i Dark, each nest holding its owner's token, e5 the last empty cell.
    g = hexagon(5)
    board = {name: (0 if g.coords[i][0] < 4 else 1) for i, name in enumerate(g.names)}
    board.pop("e5")
    board["e1"], board["e9"] = 0, 1
    state = position(board)
    after = state.play("e5")
    assert after.outcome is not None and after.outcome.is_draw and after.outcome.reason_text() == "neither player can move"


def test_threefold_repetition_is_a_draw():
    state = GAME.start(options={"light_nest": "a1", "dark_nest": "i5"})
    cycle = ["a1a3", "i5i3", "a3a1", "i3i5"]
    for _ in range(2):
        for move in cycle:
            state = state.play(move)
    assert state.outcome.reason_text() == "threefold repetition" and state.outcome.is_draw
