"""Elevation (docs/rules.md): every piece's turns, every refusal, captures from height, digs, the
fish's double step, the dragon's three turns and the disguised passes, both ends, repetition, random
terrain, and random games beside an independent reading of the rules.

Positions are drawn as text: rank 6 at the top, one cell per file, each the stack's height followed by
the piece on it if any: S F D for Red's samurai, fish and dragon, s f d for Blue's.
"""
from __future__ import annotations

import random

import pytest

from games import GAMES
from rules import IllegalMove, InvalidNotation
from rules.elevation import CELL, NAMES, ElevationState, piece

ELEVATION = GAMES["elevation"]
LETTERS = "SFD"


def position(diagram: str, to_move: int = 0) -> ElevationState:
    rows = [row.split() for row in diagram.strip().splitlines()]
    assert len(rows) == 6 and all(len(row) == 6 for row in rows)
    heights, pieces = [0] * 36, [0] * 36
    for k, row in enumerate(rows):
        for file, token in enumerate(row):
            i = CELL[(file, 5 - k)]
            heights[i] = int(token.rstrip(LETTERS + LETTERS.lower()))
            if token[-1].isalpha():
                pieces[i] = piece(0 if token[-1].isupper() else 1, LETTERS.index(token[-1].upper()))
    key = (tuple(heights), tuple(pieces), to_move)
    return ElevationState(key[0], key[1], to_move, history=(key,))


def at(state: ElevationState, name: str) -> tuple[int, str]:
    """The height of a cell and the letter of its piece ('' if none)."""
    i = NAMES.index(name)
    code = state.pieces[i]
    letter = "" if not code else LETTERS[(code - 1) % 3] if code <= 3 else LETTERS[(code - 1) % 3].lower()
    return state.heights[i], letter


def refused(state: ElevationState, move: str, reason: str) -> None:
    with pytest.raises(IllegalMove) as error:
        state.play(move)
    assert str(error.value) == reason


# --- the start and the notation -----------------------------------------------------------------------
def test_the_start_and_the_examples_of_the_rules():
    state = ELEVATION.start()
    assert [at(state, f"{f}1")[1] for f in "abcdef"] == list("SFDDFS")
    assert [at(state, f"{f}6")[1] for f in "abcdef"] == list("sfddfs")
    assert set(state.heights) == {3} and state.to_move == 0
    moves = state.legal_moves()
    for example in ["c1-c2 d3>b3", "d2>b2 c1-c2", "c1: b2>c2 b2>d2", "b1-c2-d3 c2>c3", "c1-c2-c3", "c1-c2"]:
        assert example in moves
    assert "d2>b2 c1-c2" in moves and "c1-c2 d2>b2" in moves, "the same result in another order is another move"
    assert len(ELEVATION.start(options={"height": 1}).heights) == 36
    assert set(ELEVATION.start(options={"height": 1}).heights) == {1}


@pytest.mark.parametrize(("written", "canonical"), [
    ("C1-C2, D3>B3", "c1-c2 d3>b3"),
    ("  d2 > b2 ,c1 - c2 ", "d2>b2 c1-c2"),
    ("c1 : b2>c2, b2>d2", "c1: b2>c2 b2>d2"),
    ("c1: c1-c2 d3>b3", "c1-c2 d3>b3"),
    ("b1-d3 c2>c3", "b1-c2-d3 c2>c3"),
    ("b1-c2 c2-d3 c2>c3", "b1-c2-d3 c2>c3"),
    ("c1-c2 c2-c3", "c1-c2-c3"),
])
def test_any_accepted_spelling_is_recorded_canonically(written, canonical):
    assert ELEVATION.start().play(written).last.notation == canonical


@pytest.mark.parametrize(("move", "reason"), [
    ("", "Can't read an empty move"),
    ("c1c2", "Can't read 'c1c2'"),
    ("c1-c2 d3<b3", "Can't read"),
    ("g1-g2 d3>b3", "g1 is not on the board: files a–f, ranks 1–6"),
    ("xx: d2>b2", "before a colon goes the piece's square"),
])
def test_unreadable_turns(move, reason):
    with pytest.raises(InvalidNotation, match=reason):
        ELEVATION.start().play(move)


# --- refusals ------------------------------------------------------------------------------------------
REFUSALS = """
3   3   3   3   3   3d
3   3   3   3   3   3
3   3   3   3   3s  3
3   3   3   3D  3   3
3   3   5   3   3   3
3   3F  3S  0   3   3
"""


@pytest.mark.parametrize(("move", "reason"), [
    ("c1-c2 d2>d1", "c2 is two levels higher than c1: a step climbs at most one"),
    ("c1-b2", "A samurai's turn is a dig and a step, in either order"),
    ("c1: d2>d3 b2>c2", "A samurai's turn is a dig and a step, in either order"),
    ("e4>e3 d3-c3", "e4 holds an enemy piece: you can't dig there"),
    ("b1-b3 a2>a3", "A fish moves two squares only diagonally"),
    ("b1-c2-d3 e3>e4", "c2 is two levels higher than b1: a step climbs at most one"),
    ("d1>d2 c1-b2", "d1 has no tile to dig"),
    ("f3>f4 c1-d2", "f3 is not next to your samurai on c1: a dig takes a tile from a neighbouring square"),
    ("c1>b2 c1-d2", "c1 is under your samurai on c1: a dig takes a tile from a neighbouring square"),
    ("d2>e2 c1-b2", "e2 is not next to your samurai on c1: the tile goes on a neighbouring square"),
    ("d2>d2 c1-b2", "A dig puts its tile on a different square, not back on d2"),
    ("d2>b1 c1-b2", "b1 holds a piece: a tile goes on an empty square"),
    ("c1-b1 d2>d1", "b1 holds your fish: a step never lands on a friend"),
    ("c1-c3 d2>d1", "c1 to c3 is not a step: a step goes to a neighbouring square"),
    ("d3-e4 c3>c2", "e4 holds an enemy samurai but is level with d3: a capture steps down two levels or more"),
    ("d3-d4 e4-e5", "Your dragon is on d4, not e4: a turn moves one piece"),
    ("c1: d3-d4 d2>d1", "The turn names c1 but steps from d3: a turn moves one piece"),
    ("d2>b2 d1>b1", "Name the piece first on a turn without a step, as in `c1: b2>c2 b2>d2`"),
    ("e4-e3 d2>d1", "e4 holds Blue's samurai, not one of your pieces"),
    ("a3-a4 b3>b4", "a3 is empty: a turn moves one of your pieces"),
])
def test_a_refusal_names_the_first_action_that_fails(move, reason):
    state = position(REFUSALS)
    refused(state, move, reason)
    assert not [m for m in state.legal_moves() if m == move]


def test_a_refused_turn_changes_nothing():
    state = position(REFUSALS)
    before = (state.heights, state.pieces, state.to_move)
    with pytest.raises(IllegalMove):
        state.play("c1-c2 d2>d1")
    assert (state.heights, state.pieces, state.to_move) == before


# --- steps, digs and what each action sees ---------------------------------------------------------------
def test_each_action_sees_the_board_the_last_one_left():
    state = position(REFUSALS)
    after = state.play("c2>b2 c1-c2")  # the dig lowers c2 to four, one above c1
    assert at(after, "c2") == (4, "S") and at(after, "b2") == (4, "") and at(after, "c1") == (3, "")
    left = state.play("c1-b2 c1>a3")  # the square just left is an ordinary square: dig from it
    assert at(left, "c1") == (2, "") and at(left, "a3") == (4, "")
    filled = state.play("c1-b2 a3>c1")  # or fill it
    assert at(filled, "c1") == (4, "") and at(filled, "a3") == (2, "")


def test_digging_under_a_friend_is_allowed():
    state = position(REFUSALS)
    after = state.play("b1>b2 c1-d2")
    assert at(after, "b1") == (2, "F") and at(after, "b2") == (4, "")


CLIFF = """
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
3   3   5S  3   3   3
3   3   3s  4f  3   3
3   3   3   3   3   3d
"""


def test_capture_only_from_two_levels_up():
    state = position(CLIFF)
    captured = state.play("c3-c2 c3>b3")
    assert at(captured, "c2") == (3, "S") and captured.counts == (1, 2)
    assert captured.last.effect == "captured Blue's samurai on c2" and captured.last.captured == ((CELL[(2, 1)], 4),)
    refused(state, "c3-d2 c3>b3", "d2 holds an enemy fish but is only one level below c3: "
                                  "a capture steps down two levels or more")
    refused(state, "d2>d3 c3-d2", "d2 holds an enemy piece: you can't dig there")


def test_a_step_onto_an_enemy_from_below_is_refused_even_at_one_level():
    state = position(CLIFF, to_move=1)
    refused(state, "c2-c3 b2>b1", "c3 holds an enemy samurai but is two levels higher than c2: "
                                  "a capture steps down two levels or more")


# --- the fish ----------------------------------------------------------------------------------------
FISH = """
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   1s  3   3
3   3   {c2} 3   3   3
3   3F  3   3   3   3
"""


def test_the_fish_double_step_diagonally_with_a_dig_before_or_after():
    state = position(FISH.format(c2="3 "))
    moves = state.legal_moves()
    assert "b1-c2-d3 c2>c3" in moves and "a2>a1 b1-c2-d3" in moves and "a2>a1 b1-c2" in moves
    assert not [m for m in moves if "b1-a2-" in m], "a double step stays on the board"
    assert state.play("b1-d3 e3>e4").last.notation == "b1-c2-d3 e3>e4"
    refused(state, "b1-c2-d3", "A fish's turn is a dig and a step, or a dig and a diagonal double step, "
                               "in either order")
    refused(state, "b1-c2-c3 a2>a3", "A fish moves two squares only diagonally")


def test_the_fish_captures_only_on_the_second_step_and_needs_an_empty_middle():
    capture = position(FISH.format(c2="3 ")).play("b1-c2-d3 c2>c3")  # c2 is 3, d3 is 1: a drop of two
    assert capture.outcome.reason_text() == "Blue has no pieces left" and capture.outcome.winners == {0}
    enemy = position(FISH.format(c2="3f"))
    refused(enemy, "b1-c2-d3 e3>e4", "c2 holds an enemy piece: a fish's double step captures only on its second step")
    assert not [m for m in enemy.legal_moves() if "b1-c2-" in m]
    friend = position(FISH.format(c2="3S"))
    refused(friend, "b1-c2-d3 e3>e4", "c2 holds your samurai: a step never lands on a friend")


def test_a_dig_before_the_double_step_changes_its_climbs():
    state = position("""
3   3   3   3   3   3s
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
1   1F  3   3   3   3
""")
    refused(state, "b1-c2-d3 c2>c3", "c2 is two levels higher than b1: a step climbs at most one")
    assert "c2>a2 b1-c2-d3" in state.legal_moves(), "digging c2 first brings it within reach"
    assert not [m for m in state.legal_moves() if m.startswith("b1-c2")]


# --- the dragon ----------------------------------------------------------------------------------------
DRAGON = """
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
3   1s  3   3   3   3
3   6   3   2s  3   3
3   3   4D  7   3   3f
"""


def test_the_dragon_digs_twice_steps_twice_or_climbs_two():
    state = position(DRAGON)
    moves = state.legal_moves()
    two_digs = state.play("c1: b1>c2 c2>b2")  # the tile may travel on
    assert at(two_digs, "b1") == (2, "") and at(two_digs, "c2") == (3, "") and at(two_digs, "b2") == (7, "")
    assert at(two_digs, "c1") == (4, "D") and "c1: b1>c2 c2>b2" in moves
    assert at(state.play("c1-c2-c3"), "c3") == (3, "D")
    assert at(state.play("c1-b2"), "b2") == (6, "D"), "one step may climb two levels"
    refused(state, "c1-d1", "d1 is three levels higher than c1: a dragon's lone step climbs at most two")
    refused(state, "c1-d2", "d2 holds an enemy piece: a dragon's step without a dig can't capture")
    refused(state, "c1: b1>c2 b2>c2 d1>e2", "A dragon's turn is a dig and a step, two digs, two steps, "
                                             "or one step of up to two levels")


def test_the_dragon_captures_on_either_of_two_steps():
    state = position(DRAGON)
    first = state.play("c1-d2-e1")  # drop two onto d2, then climb one to e1
    assert first.counts == (1, 2) and at(first, "e1") == (3, "D") and at(first, "d2") == (2, "")
    second = state.play("c1-c2-b3")  # down to c2, then two down onto b3
    assert second.counts == (1, 2) and at(second, "b3") == (1, "D")
    assert "c1-d2-e1" in state.legal_moves() and "c1-c2-b3" in state.legal_moves()


def test_no_disguised_passes():
    state = position(DRAGON)
    refused(state, "c1: b1>c2 c2>b1", "c2>b1 puts the first dig's tile back: that is a pass")
    refused(state, "c1-c2-c1", "Your dragon would end on c1, where it started, without capturing: that is a pass")
    # Coming back after a capture is allowed, but a capture drops two levels, too far to climb back.
    refused(state, "c1-d2-c1", "c1 is two levels higher than d2: a step climbs at most one")
    moves = state.legal_moves()
    assert "c1: b1>c2 c2>b1" not in moves and "c1-c2-c1" not in moves
    assert "c1: b1>c2 c2>d2" not in moves, "d2 holds a piece"
    assert "c1: b1>c2 b2>b1" in moves, "another tile may fill the hole"


# --- the ends -----------------------------------------------------------------------------------------
CORNERED = """
0s  2S  2   2   2   2
2S  2   2   2   2   2
2   2   2D  2   2   2
2   2   2   2   2   2
2   2   2   2   2   2
2   2   2   2   2   2
"""


def test_a_player_with_no_legal_turn_loses_with_pieces_left():
    state = position(CORNERED)
    assert state.can_move(1) is False, "boxed in: no step up two, no dig from under red, no other empty square"
    after = state.play("c4-b5")
    assert after.outcome.reason_text() == "Blue has no legal turn" and after.outcome.winners == {0}
    assert after.counts == (3, 1) and after.to_move is None and after.legal_moves() == []
    assert after.outcome.scores is None, "the pieces left did not decide it: no score goes with the result"


def test_a_player_with_no_pieces_loses():
    state = position(FISH.format(c2="3 ")).play("b1-c2-d3 c2>c3")
    assert state.outcome.places == (frozenset({0}), frozenset({1})) and state.counts == (1, 0)
    with pytest.raises(IllegalMove, match="The game is over"):
        state.play("d3-d4 c3>c4")


def test_the_third_repetition_is_a_draw():
    state = position("""
3   3   3   3   3   3d
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
3   3   3   3   3   3
3D  3   3   3   3   3
""")
    for _ in range(2):
        for move in ["a1-a2", "f6-f5", "a2-a1"]:
            state = state.play(move)
            assert state.outcome is None
        state = state.play("f5-f6")
    assert state.outcome.reason_text() == "threefold repetition" and state.outcome.is_draw


def test_a_capture_starts_the_count_again():
    state = position(CLIFF)
    assert len(state.play("c3-b3 c3>b4").history) == 2
    assert len(state.play("c3-c2 c3>b3").history) == 1, "no earlier position can come back"


# --- random terrain ----------------------------------------------------------------------------------
@pytest.mark.parametrize("height", [1, 2, 3, 4])
def test_random_terrain_is_mirrored_and_keeps_the_tiles(height):
    boards = set()
    for seed in range(8):
        state = ELEVATION.start(options={"height": height, "terrain": "random"}, seed=seed)
        assert ELEVATION.start(options={"height": height, "terrain": "random"}, seed=seed) == state
        assert sum(state.heights) == 36 * height and all(0 <= h <= 5 for h in state.heights)
        for (f, r), i in CELL.items():
            assert state.heights[i] == state.heights[CELL[(5 - f, 5 - r)]]
        boards.add(state.heights)
    assert len(boards) == 8, "each seed deals its own ground"


# --- an independent reading of docs/rules.md, played side by side -----------------------------------
def reference_turns(heights: dict, pieces: dict, seat: int) -> set[str]:
    """Every legal turn of `seat`; squares as (file, rank), pieces as (seat, kind letter)."""
    def name(c):
        return "abcdef"[c[0]] + str(c[1] + 1)

    def near(c):
        return [(c[0] + df, c[1] + dr) for df in (-1, 0, 1) for dr in (-1, 0, 1)
                if (df or dr) and 0 <= c[0] + df < 6 and 0 <= c[1] + dr < 6]

    def step(h, p, a, b, climb=1, capture=True):
        if b in p:
            return capture and p[b][0] != seat and h[a] >= h[b] + 2
        return h[b] <= h[a] + climb

    def digs(h, p, c):
        for u in near(c):
            if h[u] >= 1 and (u not in p or p[u][0] == seat):
                for v in near(c):
                    if v != u and v not in p:
                        yield u, v

    def moved(p, a, b):
        q = dict(p)
        q[b] = q.pop(a)
        return q

    def dug(h, u, v):
        g = dict(h)
        g[u] -= 1
        g[v] += 1
        return g

    found = set()
    for c, (owner, kind) in pieces.items():
        if owner != seat:
            continue
        for u, v in digs(heights, pieces, c):
            for b in near(c):
                if step(dug(heights, u, v), pieces, c, b):
                    found.add(f"{name(u)}>{name(v)} {name(c)}-{name(b)}")
        for b in near(c):
            if step(heights, pieces, c, b):
                for u, v in digs(heights, moved(pieces, c, b), b):
                    found.add(f"{name(c)}-{name(b)} {name(u)}>{name(v)}")
        if kind == "F":
            def doubles(h, c=c):
                for df in (-1, 1):
                    for dr in (-1, 1):
                        m, e = (c[0] + df, c[1] + dr), (c[0] + 2 * df, c[1] + 2 * dr)
                        if e in heights and m not in pieces and h[m] <= h[c] + 1 and step(h, pieces, m, e):
                            yield m, e
            for u, v in digs(heights, pieces, c):
                for m, e in doubles(dug(heights, u, v)):
                    found.add(f"{name(u)}>{name(v)} {name(c)}-{name(m)}-{name(e)}")
            for m, e in doubles(heights):
                for u, v in digs(heights, moved(pieces, c, e), e):
                    found.add(f"{name(c)}-{name(m)}-{name(e)} {name(u)}>{name(v)}")
        if kind == "D":
            for u, v in digs(heights, pieces, c):
                for u2, v2 in digs(dug(heights, u, v), pieces, c):
                    if (u2, v2) != (v, u):
                        found.add(f"{name(c)}: {name(u)}>{name(v)} {name(u2)}>{name(v2)}")
            for b in near(c):
                if step(heights, pieces, c, b):
                    after = moved(pieces, c, b)
                    for e in near(b):
                        if step(heights, after, b, e) and (e != c or b in pieces):
                            found.add(f"{name(c)}-{name(b)}-{name(e)}")
                if b not in pieces and heights[b] <= heights[c] + 2:
                    found.add(f"{name(c)}-{name(b)}")
    return found


def as_dicts(state: ElevationState) -> tuple[dict, dict]:
    heights = {(f, r): state.heights[i] for (f, r), i in CELL.items()}
    pieces = {}
    for (f, r), i in CELL.items():
        code = state.pieces[i]
        if code:
            pieces[(f, r)] = ((code - 1) // 3, LETTERS[(code - 1) % 3])
    return heights, pieces


def mutated(move: str, rng: random.Random) -> str:
    """`move` with one square changed: mostly an illegal turn, now and then another legal one."""
    squares = [k for k in range(len(move) - 1) if move[k] in "abcdef" and move[k + 1] in "123456"]
    k = rng.choice(squares)
    return move[:k] + rng.choice("abcdef") + rng.choice("123456") + move[k + 2:]


@pytest.mark.parametrize("options", [{}, {"terrain": "random"}, {"height": 1}, {"height": 4, "terrain": "random"}])
@pytest.mark.parametrize("seed", range(2))
def test_random_games_agree_with_an_independent_reading_of_the_rules(options, seed):
    rng = random.Random(seed)
    state = ELEVATION.start(options=options, seed=seed)
    ply = 0
    while True:
        if ply % 37 == 0 or state.outcome is not None:
            heights, pieces = as_dicts(state)
            mover = state.to_move if state.outcome is None else 1 - state.last.seat
            expected = reference_turns(heights, pieces, mover)
            alive = any(owner == mover for owner, _ in pieces.values())
            if state.outcome is None:
                listed = state.legal_moves()
                assert set(listed) == expected and len(listed) == len(expected)
                for move in rng.sample(listed, min(20, len(listed))):
                    candidate = mutated(move, rng)
                    try:
                        played = state.play(candidate)
                    except IllegalMove as refusal:
                        assert candidate not in expected and str(refusal)
                    else:
                        assert played.last.notation in expected
            elif state.outcome.is_draw:
                assert state.outcome.reason_text() == "threefold repetition" and expected
                return
            else:
                assert not alive or not expected, "the player to move had a turn"
                assert state.outcome.winners == {1 - mover}
                return
        state = state.play(rng.choice(state.legal_moves()))
        ply += 1
