"""The X's and lines renderer: PNGs that decode at one size per n, deterministic, showing free and used
x's apart, each line in its seat's colour with overlapping collinear lines side by side, the next
start ringed while the game is on, the phase in the footer; and the text board."""
from __future__ import annotations

import math

import pytest
from PIL import Image

from games import GAMES, REGISTRY, render, render_text
from renderers import footer, grid, theme, xlines
from rules import Outcome
from rules.core import EndedEarly
from tests.support.images import decode
from tests.support.playouts import random_states

GAME = GAMES["xlines"]
NAMES = ["alice", "bob"]
RESIGNED = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="alice resigned")

# x's on a6 g2 b3 h8 e7 d5 h1 c8, then Red a6-a2-g2 and Blue g2-b2-b3, which runs back along rank 2
# over Red's line from g2 to b2 before turning up: the next line starts at b3.
PLACES = ["a6", "g2", "b3", "h8", "e7", "d5", "h1", "c8"]
LINES = ["a6-a2-g2", "g2-b2-b3"]


def play(moves, n: int = 8):
    state = GAME.start(options={"size": n})
    for move in moves:
        state = state.play(move)
    return state


def playout(n: int, seed: int = 0) -> list:
    """Every state of one random game, start first."""
    return random_states(GAME.start(options={"size": n}), seed)


def picture(state) -> Image.Image:
    return decode(render(state, NAMES))


def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def sq(name: str) -> tuple[int, int]:
    return "abcdefghijklmno".index(name[0]), int(name[1:]) - 1


@pytest.fixture(scope="module")
def drawn():
    """The position after the two lines: Red to move from b3."""
    state = play(PLACES + LINES)
    assert state.outcome is None and state.next_start == sq("b3")
    return state


def test_xlines_is_registered():
    assert REGISTRY["xlines"].renderer is xlines


def test_every_board_fits_within_900_px():
    for n in range(8, 16):
        lay = xlines.layout(n)
        assert 600 <= lay.width <= 900 and 600 <= lay.height <= 900, (n, lay)
        assert lay.cell % 2 == 0 and lay.line % 2 == 1 and lay.lane % 2 == 0
        assert lay.cell * 360 / lay.width >= 19, "a square at least 19 px across on a phone"
        assert lay.board_x >= 0 and lay.board_x + lay.side <= lay.width


@pytest.mark.parametrize("n", [8, 15])
def test_png_decodes_at_one_size_per_board(n):
    game = playout(n, seed=n)
    lay = xlines.layout(n)
    ended = EndedEarly(game[3], RESIGNED)
    sample = [game[0], game[1], game[n // 2], game[n], game[n + 1], game[-2], game[-1], ended,
              EndedEarly(game[0], RESIGNED)]
    sizes = set()
    for state in sample:
        png = render(state, NAMES)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        sizes.add(decode(png).size)
    assert sizes == {(lay.width, lay.height)}


def test_renders_are_deterministic():
    game = playout(12, seed=3)
    state = game[-2]
    replayed = GAME.start(options={"size": 12})
    for later in game[1:-1]:
        replayed = replayed.play(later.last.notation)
    assert replayed is not state
    assert render(state, NAMES) == render(state, NAMES) == render(replayed, NAMES)
    assert render_text(state, NAMES) == render_text(replayed, NAMES)


def test_a_used_x_looks_different_from_a_free_one(drawn):
    lay = xlines.layout_of(drawn)
    img = picture(drawn)
    below = round(lay.cell * 0.22)  # under the centre: between the arms of an x, inside a used x's disc
    for used in ("a6", "g2"):
        x, y = lay.middle(*sq(used))
        assert distance(img.getpixel((x, y + below)), xlines.CAP) <= 12, used
        assert distance(img.getpixel((x, y)), xlines.FREE_X) > 60, used
    for free in ("e7", "d5", "h1"):
        x, y = lay.middle(*sq(free))
        assert distance(img.getpixel((x, y + below)), xlines.CELL) <= 12, free
        assert distance(img.getpixel((x, y)), xlines.FREE_X) <= 16, free


def test_while_placing_the_last_x_is_highlighted_and_every_x_is_alike():
    """The square of the x just placed takes its placer's colour; the x's themselves belong to
    nobody, and are drawn alike whoever placed them."""
    state = play(PLACES[:3])
    lay = xlines.layout_of(state)
    img = picture(state)

    def corner(name: str) -> tuple[int, int]:  # inside the square, clear of the x
        x, y = lay.origin(*sq(name))
        return x + 3, y + 3

    mover = theme.SEAT_STYLES[0].base
    assert distance(img.getpixel(corner("b3")), mover) < distance(img.getpixel(corner("a6")), mover)
    red, blue = (img.getpixel(lay.middle(*sq(name))) for name in ("a6", "g2"))
    assert red == blue and distance(red, xlines.FREE_X) <= 16


def midpoint(lay, a: str, b: str) -> tuple[int, int]:
    (ax, ay), (bx, by) = lay.centre(*sq(a)), lay.centre(*sq(b))
    return math.floor((ax + bx) / 2), math.floor((ay + by) / 2)


def test_lines_are_drawn_in_their_seats_colours(drawn):
    lay = xlines.layout_of(drawn)
    img = picture(drawn)
    red, _ = xlines.line_colours(0, newest=False)  # Red's line, muted: it is not the last one
    blue, _ = xlines.line_colours(1, newest=True)
    assert distance(img.getpixel(midpoint(lay, "a4", "a5")), red) <= 10
    assert distance(img.getpixel(midpoint(lay, "b2", "b3")), blue) <= 10
    # where no line runs, the board is as it was before the lines
    empty = picture(play(PLACES))
    for a, b in (("f6", "f7"), ("c4", "d4"), ("b5", "b6")):
        assert img.getpixel(midpoint(lay, a, b)) == empty.getpixel(midpoint(lay, a, b))


def test_overlapping_collinear_lines_are_drawn_side_by_side(drawn):
    lay = xlines.layout_of(drawn)
    img = picture(drawn)
    x, y = lay.middle(*sq("d2"))  # both lines run along rank 2 here
    column = [(dy, img.getpixel((x, y + dy))) for dy in range(-lay.cell // 3, lay.cell // 3 + 1)]
    red, _ = xlines.line_colours(0, newest=False)
    blue, _ = xlines.line_colours(1, newest=True)
    reds = [dy for dy, colour in column if distance(colour, red) <= 12]
    blues = [dy for dy, colour in column if distance(colour, blue) <= 12]
    assert len(reds) >= 2 and len(blues) >= 2
    # Blue turns up at b2, so it runs on the upper side and its corner does not cut across Red's line
    assert max(blues) < min(reds)
    offsets = xlines.lanes(tuple(line.points for line in drawn.lines))
    assert offsets == ((0.0, 0.5), (-0.5, 0.0))


def test_reds_lines_are_solid_and_blues_dashed_on_the_board_and_on_the_cards(drawn):
    """Told apart by more than colour: along a line, Blue's colour breaks where it crosses a grid
    line and Red's does not; each card shows its seat's line beside its side."""
    lay = xlines.layout_of(drawn)
    img = picture(drawn)

    def along(a: str, b: str, seat: int, newest: bool, lane: float = 0) -> list[bool]:
        """Whether each pixel along the middle of the straight line from a to b, `lane` lanes off the
        squares' middles, has its seat's colour."""
        (ax, ay), (bx, by) = lay.middle(*sq(a)), lay.middle(*sq(b))
        ay, by = round(ay + lane * lay.lane), round(by + lane * lay.lane)
        colour, _ = xlines.line_colours(seat, newest)
        steps = max(abs(bx - ax), abs(by - ay))
        return [distance(img.getpixel((ax + (bx - ax) * k // steps, ay + (by - ay) * k // steps)), colour) <= 12
                for k in range(steps + 1)]

    def breaks(run: list[bool]) -> int:
        """How many times the colour stops and starts again."""
        return sum(1 for k in range(1, len(run)) if run[k - 1] and not run[k] and any(run[k:]))

    red = along("a5", "a3", 0, False)  # Red's line down the a-file, between two x's
    blue = along("c2", "f2", 1, True, -0.5)  # Blue's along rank 2, above Red's, clear of its corner and its ends
    assert all(red) and breaks(red) == 0
    assert sum(blue) > len(blue) / 2 and breaks(blue) >= 2
    for seat, box in enumerate(theme.card_box(img.width, 2, seat) for seat in range(2)):
        sample = img.crop((box.right - 3 * lay.cell, box.baseline - lay.cell, box.right, box.baseline + 4))
        colour, _ = xlines.line_colours(seat, False)
        row = max((sum(1 for x in range(sample.width) if distance(sample.getpixel((x, y)), colour) <= 12), y)
                  for y in range(sample.height))[1]
        run = [distance(sample.getpixel((x, row)), colour) <= 12 for x in range(sample.width)]
        assert sum(run) > 20 and (breaks(run) == 0 if seat == 0 else breaks(run) >= 2), seat


def test_the_next_start_is_ringed_until_the_game_ends(drawn):
    lay = xlines.layout_of(drawn)
    x, y = lay.centre(*sq("b3"))
    radius = (xlines.ring_diameter(lay.cell) - xlines.ring_width(lay.cell)) / 2
    points = [(math.floor(x + dx * radius / math.sqrt(2)), math.floor(y + dy * radius / math.sqrt(2)))
              for dx in (-1, 1) for dy in (-1, 1)]  # on the diagonals: clear of the lines
    on, off = picture(drawn), picture(EndedEarly(drawn, RESIGNED))
    for point in points:
        assert distance(on.getpixel(point), theme.HIGHLIGHT) <= 12, point
        assert distance(off.getpixel(point), theme.HIGHLIGHT) > 100, point
    # no ring while placing or before the first line
    before = play(PLACES)
    assert before.next_start is None
    for point in points:
        assert distance(picture(before).getpixel(point), theme.HIGHLIGHT) > 100


def test_the_footer_gives_the_phase(drawn):
    placing = play(PLACES[:4])
    assert placing.to_move == drawn.to_move == 0
    assert xlines.phase(placing) == "Placing · 4 of 8 x's"
    assert xlines.phase(drawn) == "Lines · 2 drawn"
    assert xlines.phase(EndedEarly(drawn, RESIGNED)) == ""
    lay = xlines.layout_of(drawn)
    aside = (lay.width // 2, lay.footer_y, lay.width - theme.PANEL_PAD, lay.footer_y + 36)
    assert picture(placing).crop(aside).tobytes() != picture(drawn).crop(aside).tobytes()


def test_names_change_the_panel_not_the_board(drawn):
    lay = xlines.layout_of(drawn)
    one = picture(drawn)
    other = decode(render(drawn, ["Bartholomew the Unreasonably Long-Named", "李小龍"]))
    board = (0, lay.board_y - grid.FRAME, lay.width, lay.footer_y)
    assert one.crop(board).tobytes() == other.crop(board).tobytes()


def board_lines(text: str, n: int) -> list[str]:
    return [line for line in text.splitlines() if line[:2].strip().isdigit()][:n]


def test_text_board_while_placing():
    state = play(PLACES[:3])
    text = render_text(state, NAMES)
    lines = board_lines(text, 8)
    assert [int(line[:2]) for line in lines] == list(range(8, 0, -1))
    assert text.splitlines()[0].split() == list("abcdefgh")
    assert "".join(lines).count("x") == 3
    assert "x*" in lines[8 - 3]  # b3, the x just placed
    assert "Placing: 3 of 8 x's" in text
    assert "alice — 2 x's placed" in text and "bob — 1 x placed  <- to move" in text


def test_text_board_shows_the_lines(drawn):
    text = render_text(drawn, NAMES)
    rows = text.splitlines()
    lines = board_lines(text, 8)
    assert lines[8 - 2] == " 2  +--+--------------o  .  2"  # Red's corner a2, Blue's b2, both along rank 2
    assert lines[8 - 3] == " 3  |  @  .  .  .  .  .  .  3"  # Red's line up the a-file; the next start b3
    assert lines[8 - 6].startswith(" 6  o  .")  # a6: a used x
    between = rows[rows.index(lines[8 - 3]) + 1]
    assert between.rstrip() == "    |  |"  # the a-file line and Blue's line into b3
    assert "".join(lines).count("x") == 5 and "".join(line[3:] for line in lines).count("o") == 2
    assert "Lines: 2 drawn" in text and "The next line starts at b3" in text
    assert "Last move: Blue g2-b2-b3" in text
    assert "alice — 1 line drawn  <- to move" in text


def test_text_of_a_finished_game_gives_the_result(drawn):
    text = render_text(EndedEarly(drawn, RESIGNED), NAMES)
    assert text.rstrip().splitlines()[-1] == "Game over: bob wins · alice resigned"
    assert "@" not in text and "to move" not in text and "Lines:" not in text
    finished = playout(8, seed=5)[-1]
    text = render_text(finished, NAMES)
    assert "Game over: " in text.splitlines()[-1] and finished.outcome.reason_text() in text


def footer_text(monkeypatch, state) -> list[str]:
    """The footer's lines under the status, as drawn, top to bottom."""
    lay = xlines.layout_of(state)
    drawn: dict[int, str] = {}
    real = footer.put_text

    def spy(draw, xy, line, face, fill, anchor="la"):
        if xy[1] > lay.footer_y + 40:
            drawn[xy[1]] = drawn.get(xy[1], "") + line
        real(draw, xy, line, face, fill, anchor)

    monkeypatch.setattr(footer, "put_text", spy)
    xlines.image(state, NAMES)
    monkeypatch.undo()
    return [drawn[y].strip() for y in sorted(drawn)]


@pytest.mark.parametrize("n", [8, 15])
def test_when_the_lines_begin_the_footer_says_the_first_may_start_at_any_x(monkeypatch, n):
    game = playout(n, seed=1)
    begins, first_line, placing = game[n], game[n + 1], game[n - 1]
    assert not begins.placing and not begins.lines and begins.outcome is None
    lines = footer_text(monkeypatch, begins)
    mover = ("Red", "Blue")[begins.last.seat]  # Blue places the last x when n is even, Red when it is odd
    assert " ".join(lines) == f"Last move {mover} {begins.last.notation} · all {n} x's placed; the first line may start at any x"
    for state in (placing, first_line):
        assert not any("any x" in line for line in footer_text(monkeypatch, state))
    assert "the first line may start at any x" in render_text(begins, NAMES)
    assert "any x" not in render_text(first_line, NAMES) and "any x" not in render_text(placing, NAMES)
