"""X's and lines (docs/rules.md): placing, lines, every refusal, crossing against touching and
running along, the misère end, and random games beside an independent reading of the rules.

Positions are drawn as text: rank 8 at the top, one column per file; `x` is an x, and `-`, `|` and `+`
show the lines already drawn (for the reader: the test plays the lines it lists).
"""
from __future__ import annotations

import random

import pytest

from games import GAMES
from rules import IllegalMove, InvalidNotation
from rules.xlines import XLinesState, square_name

XLINES = GAMES["xlines"]


def xs_of(diagram: str) -> list[str]:
    """The x's of a diagram, top rank first, in file order."""
    rows = [row for row in diagram.strip("\n").splitlines() if row.strip()]
    found = []
    for row in rows:
        rank, cells = row.split(maxsplit=1)
        found += [f"{'abcdefghijklmno'[column // 2]}{rank}" for column, char in enumerate(cells) if char == "x"]
    return found


def position(diagram: str, *lines: str) -> XLinesState:
    """The diagram's x's placed in turn (Red, Blue, …), then the lines drawn in turn from Red."""
    xs = xs_of(diagram)
    state = XLINES.start(options={"size": len(xs)})
    for square in xs:
        state = state.play(square)
    for line in lines:
        state = state.play(line)
    assert isinstance(state, XLinesState)
    return state


# --- placing ------------------------------------------------------------------------------------------
def test_placing_alternates_and_refuses_a_taken_or_missing_square():
    state = XLINES.start()
    assert state.n == 8 and state.placing and len(state.legal_moves()) == 64
    state = state.play("D5").play("e5")
    assert state.xs == ((3, 4), (4, 4)) and state.to_move == 0 and "d5" not in state.legal_moves()
    for move, reason in [("d5", "d5 already has an x"), ("i1", "i1 is off the board: files a–h, ranks 1–8"),
                         ("a9", "a9 is off the board"), ("d5-e5", "Place an x first: 2 of 8 are on the board"),
                         ("x", "Can't read 'x': write a square like d5")]:
        with pytest.raises(IllegalMove, match=reason):
            state.play(move)
    assert state == XLINES.start().play("d5").play("e5")


@pytest.mark.parametrize(("size", "last_placer"), [(8, 1), (9, 0), (15, 0)])
def test_red_draws_the_first_line_and_so_moves_twice_when_n_is_odd(size, last_placer):
    state = XLINES.start(options={"size": size})
    rng = random.Random(size)
    while state.placing:
        state = state.play(rng.choice(state.legal_moves()))
    assert state.last.seat == last_placer and state.to_move == 0 and state.last.effect == f"all {size} x's placed; the first line may start at any x"
    assert all("-" in move for move in state.legal_moves())


# --- lines and refusals ---------------------------------------------------------------------------------
REFUSALS = """
8 . . . . . . . .
7 . . . . . . . .
6 . . x-------x .
5 x . | . x . . .
4 x . | . . . . .
3 . . | . . . x .
2 . . x . . . . .
1 . . . . . . . x
"""  # Red drew c2-c6, Blue c6-g6: Red's line must start at g6


def test_a_line_is_straight_or_turns_once_at_a_corner():
    state = position(REFUSALS, "c2-c6", "c6-g6")
    assert state.to_move == 0 and square_name(state.next_start) == "g6"
    assert state.legal_moves() == ["g6-g5-e5", "g6-e6-e5", "g6-g3", "g6-h6-h1"]
    assert state.play("g6 g3").last.notation == "g6-g3"
    assert state.play("G6H1").last.notation == "g6-h6-h1", "only the corner h6 works: the ends alone are enough"


@pytest.mark.parametrize(("move", "reason"), [
    ("e5-h1", "The line must start at g6, where your opponent's last line ended"),
    ("g6-c6", "c6 has been used"),
    ("g6-g5-a5", "There is an x on e5 between the ends"),
    ("g6-g4-a4", "The line crosses the line c2-c6"),
    ("g6-a4", r"Neither corner works \(via g4: the line crosses the line c2-c6; via a6: there is an x on c6 between the ends\)"),
    ("g6-e5", "The line can turn at either corner: write g6-g5-e5 or g6-e6-e5"),
    ("g6-g4-g3", "g6 and g3 are in line: write g6-g3, with no corner"),
    ("g6-f5-e5", "The corner of a line from g6 to e5 is g5 or e6, not f5"),
    ("g6-h2", "h2 has no x: a line runs from x to x"),
    ("g6-g6", "A line needs two different x's, not g6 twice"),
    ("g3", "All 8 x's are placed: draw a line like d5-g5"),
    ("g6-p1", "p1 is off the board"),
    ("g6-g5-e5-e1", "Can't read 'g6-g5-e5-e1'"),
])
def test_refusals_name_the_reason_and_change_nothing(move, reason):
    state = position(REFUSALS, "c2-c6", "c6-g6")
    with pytest.raises(IllegalMove, match=reason) as refused:
        state.play(move)
    assert state == position(REFUSALS, "c2-c6", "c6-g6")
    assert isinstance(refused.value, InvalidNotation) == ("off the board" in reason or "Can't read" in reason)


# --- crossing, touching, running along -------------------------------------------------------------------
ALONG = """
8 . . x x . . . .
7 x . . . . x . .
6 . . . . . . . .
5 . . . . . . . .
4 . . +-------x .
3 . . | . . . . .
2 x . | . . . . .
1 . . x . . . . x
"""  # Red drew c1-c4-g4: Blue's line starts at g4


def test_crossing_is_refused():
    """g4-g2-a2 would cross c1-c4-g4 on c2, strictly inside an arm of each:
    4 . . +-------x .
    3 . . | . . . | .
    2 x---#-------+ .
    1 . . x . . . . x
    """
    state = position(ALONG, "c1-c4-g4")
    with pytest.raises(IllegalMove, match="The line crosses the line c1-c4-g4"):
        state.play("g4-g2-a2")


def test_sharing_a_corner_is_allowed():
    """g4-c4-c8 runs back along rank 4 and turns up at c4, the corner of c1-c4-g4:
    8 . . x x . . . .
    5 . . | . . . . .
    4 . . #=======x .
    1 . . x . . . . x
    """
    state = position(ALONG, "c1-c4-g4").play("g4-c4-c8")
    assert state.lines[-1].corner == (2, 3) and state.to_move == 0 and square_name(state.next_start) == "c8"


def test_touching_and_running_along_part_of_a_line_is_allowed():
    """g4-d4-d8 runs along part of c1-c4-g4 and turns up at d4, inside it (a T):
    8 . . x x . . . .
    5 . . . | . . . .
    4 . . +-#=====x .
    1 . . x . . . . x
    """
    state = position(ALONG, "c1-c4-g4").play("g4-d4-d8")
    assert state.lines[-1].notation == "g4-d4-d8" and state.outcome is None
    assert "g4-c4-c8" in position(ALONG, "c1-c4-g4").legal_moves()
    assert "g4-a4-a2" in position(ALONG, "c1-c4-g4").legal_moves(), "all along rank 4, past the corner c4"


# --- the end --------------------------------------------------------------------------------------------
ROW = """
8 . . . . . . . .
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . . . . .
3 . . . . . . . .
2 . . . . . . . .
1 x x x x x x x x
"""


def test_the_last_player_able_to_draw_a_line_loses():
    """On one rank a line can only join neighbours, so seven lines from a1 use every x: Red draws the
    seventh and Blue, with no line left, wins."""
    state = position(ROW)
    neighbours = [(a, b) for a, b in zip("abcdefg", "bcdefgh")]
    assert sorted(state.legal_moves()) == sorted([f"{a}1-{b}1" for a, b in neighbours] + [f"{b}1-{a}1" for a, b in neighbours])
    for a, b in zip("abcdefg", "bcdefgh"):
        assert state.outcome is None
        state = state.play(f"{a}1-{b}1")
    assert state.to_move is None and state.legal_moves() == []
    assert state.outcome.places == (frozenset({1}), frozenset({0}))
    assert state.outcome.reason_text() == "Blue has no line to draw: Red drew the last one"
    with pytest.raises(IllegalMove, match="The game is over"):
        state.play("h1-a1")


def test_a_player_blocked_with_free_x_left_wins_too():
    state = position(ROW, "d1-e1", "e1-f1", "f1-g1", "g1-h1")
    assert state.outcome.places == (frozenset({0}), frozenset({1})), "Red at h1 cannot reach a1, b1 or c1"
    assert state.x_squares - state.used == {(0, 0), (1, 0), (2, 0)}


@pytest.mark.parametrize("seed", range(30))
def test_a_first_line_always_exists(seed):
    """The house rule (no first line at all is a draw) is a safeguard: two x's on one rank or file with
    none between them can always be joined, and x's that share no rank or file can always be joined
    by an L, as nothing lies on its arms."""
    rng = random.Random(seed)
    size = rng.randint(8, 15)
    state = XLINES.start(options={"size": size})
    while state.placing:
        state = state.play(rng.choice(state.legal_moves()))
    assert state.outcome is None and state.legal_moves()



def test_no_first_line_is_a_draw():
    """Unreachable at the sizes offered (above), so shown on a 1×1 board, where one x has no partner."""
    state = XLinesState(1).play("a1")
    assert state.outcome.places == (frozenset({0, 1}),) and "no line can be drawn" in state.outcome.reason_text()
    assert state.legal_moves() == [] and state.to_move is None

# --- an independent reading of docs/rules.md, played side by side -----------------------------------
def reference_lines(xs: set, used: set, drawn: list, start) -> set[tuple]:
    """Every legal line as (start, corner or None, end), squares as (file, rank)."""
    def cells(a, b):  # squares strictly between a and b on one file or rank
        if a[0] == b[0]:
            lo, hi = sorted((a[1], b[1]))
            return {(a[0], r) for r in range(lo + 1, hi)}
        lo, hi = sorted((a[0], b[0]))
        return {(f, a[1]) for f in range(lo + 1, hi)}

    def arms(points):
        return [(a[1] == b[1], cells(a, b)) for a, b in zip(points, points[1:])]

    found = set()
    for s in ([start] if start else sorted(xs)):
        for e in xs - used - {s}:
            corners = [None] if s[0] == e[0] or s[1] == e[1] else [(s[0], e[1]), (e[0], s[1])]
            for c in corners:
                points = [s, e] if c is None else [s, c, e]
                passed = set().union(*(cells(a, b) for a, b in zip(points, points[1:]))) | ({c} if c else set())
                if passed & xs:
                    continue
                if any(h1 != h2 and in1 & in2 for old in drawn for h1, in1 in arms(points) for h2, in2 in arms(old)):
                    continue
                found.add((s, c, e))
    return found


@pytest.mark.parametrize("size", [8, 11, 15])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_agree_with_an_independent_reading_of_the_rules(size, seed):
    rng = random.Random(seed * 100 + size)
    state = XLINES.start(options={"size": size})
    while state.placing:
        state = state.play(rng.choice(state.legal_moves()))
    xs, used, drawn, start, mover = set(state.xs), set(), [], None, 0
    while True:
        legal = reference_lines(xs, used, drawn, start)
        listed = {(line.start, line.corner, line.end) for line in state._legal}
        assert listed == legal and len(state.legal_moves()) == len(legal)
        if not legal:
            assert state.outcome.places[0] == frozenset({mover}), "the player who cannot move wins"
            return
        s, c, e = rng.choice(sorted(legal, key=str))
        notation = "-".join(square_name(p) for p in ([s, e] if c is None else [s, c, e]))
        state = state.play(notation.replace("-", " ") if rng.random() < 0.5 else notation)
        used |= {s, e}
        drawn.append([s, e] if c is None else [s, c, e])
        start, mover = e, 1 - mover
        assert state.to_move == (mover if state.outcome is None else None)
