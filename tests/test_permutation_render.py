"""The Multiplications renderer: PNGs that decode at one size per (n, players) within about 900 px,
deterministic, and showing the x's, the numbers, the path and the last move's rectangle; the text board."""
from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageChops

from games import GAMES, REGISTRY, render, render_text
from renderers import footer, grid, permutation, theme
from tests.support.images import decode
from tests.support.playouts import random_states

GAME = GAMES["permutation"]
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
# (players, k): n = 7, 13, 19, 25 and 25
BOARDS = [(2, 3), (3, 4), (6, 3), (6, 4), (3, 8)]


def playout(players: int, k: int, seed: int = 0) -> list:
    """Every state of one random game, start first."""
    return random_states(GAME.start(players=players, options={"k": k}, seed=0), seed)



def picture(state) -> Image.Image:
    return decode(render(state, NAMES[:state.players]))


def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def inside(state, square, dx: int = 0, dy: int = 0) -> tuple[int, int]:
    """A pixel of `square`'s inside, (dx, dy) px from its top-left pixel."""
    x, y = permutation.layout_of(state).origin(*square)
    return x + dx, y + dy


def square_of(state, file: int) -> tuple[int, int]:
    return file, state.rank_of[file]


@pytest.fixture(scope="module", params=BOARDS, ids=lambda b: f"{b[0]}x{b[1]}")
def game(request):
    return playout(*request.param)


def test_permutation_is_registered():
    assert REGISTRY["permutation"].renderer is permutation


def test_every_board_fits_within_900_px_unless_its_labels_need_more():
    for players in GAME.players:
        for k in range(3, 9):
            n = k * players + 1
            if n > 25:
                continue
            lay = permutation.layout(n, players)
            assert 600 <= lay.width <= 900 and 600 <= lay.height <= 1250, (n, players, lay)
            assert lay.height <= 900 or lay.cell == permutation.least_cell(lay.width), (n, players, lay)
            assert lay.cell >= 20, (n, players)
            assert lay.board_x >= 0 and lay.board_x + lay.side <= lay.width


def test_png_decodes_at_one_size_per_board(game):
    n, players = game[0].n, game[0].players
    lay = permutation.layout(n, players)
    placing_over = n  # game[n] is the position right after the last x
    sample = [game[0], game[1], game[n // 2], game[placing_over], game[placing_over + 1], game[-2], game[-1]]
    sizes = set()
    for state in sample:
        png = render(state, NAMES[:players])
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        sizes.add(decode(png).size)
    assert sizes == {(lay.width, lay.height)}
    if n == 25 and players == 6:  # the tallest: three rows of cards over 25 ranks of numbers that read on a phone
        assert lay.width <= 900 and lay.height <= 1250


def test_renders_are_deterministic(game):
    state = game[len(game) * 2 // 3]
    moves = [s.last.notation for s in game[1:len(game) * 2 // 3 + 1]]
    replayed = GAME.start(players=state.players, options={"k": state.k}, seed=0)
    for move in moves:
        replayed = replayed.play(move)
    assert replayed is not state
    names = NAMES[:state.players]
    assert render(state, names) == render(state, names) == render(replayed, names)
    assert render_text(state, names) == render_text(replayed, names)


def test_an_x_appears_where_it_is_placed_in_its_seats_colour(game):
    before, after, later = game[2], game[3], game[3 + game[0].players]
    square = after.last.square
    centre = permutation.layout_of(after).middle(*square)
    assert picture(before).getpixel(centre) != picture(after).getpixel(centre)
    # once it is no longer the last move, the x is drawn in the placer's colour
    assert distance(picture(later).getpixel(centre), theme.SEAT_STYLES[after.last.seat].base) <= 30


def test_files_and_ranks_holding_an_x_are_shaded_while_placing(game):
    state = game[1]
    file, rank = state.last.square
    n = state.n
    free_file = next(f for f in range(n) if f != file)
    free_rank = next(r for r in range(n) if r != rank)
    img = picture(state)
    free = img.getpixel(inside(state, (free_file, free_rank), 2, 2))
    in_file = img.getpixel(inside(state, (file, free_rank), 2, 2))
    in_rank = img.getpixel(inside(state, (free_file, rank), 2, 2))
    assert in_file == in_rank and sum(in_file) < sum(free) - 30


def test_the_last_x_placed_is_tinted_in_the_movers_colour(game):
    state = game[4]
    corner = inside(state, state.last.square, 3, 3)
    tinted, plain = picture(state).getpixel(corner), picture(game[5]).getpixel(corner)
    mover = theme.SEAT_STYLES[state.last.seat].base
    assert distance(tinted, mover) < distance(plain, mover)


def scoring_move(players: int, k: int) -> tuple:
    """A numbering move (the states before and after it) whose rectangle has whole squares inside it
    and follows another numbering move."""
    for seed in range(50):
        game = playout(players, k, seed)
        for before, after in zip(game, game[1:]):
            last = after.last
            if (last.previous is not None and before.last.previous is not None
                    and abs(last.previous[0] - last.square[0]) >= 2 and abs(last.previous[1] - last.square[1]) >= 2):
                return before, after
    raise AssertionError("no numbering move spanning a 2×2 rectangle in 50 games")


def test_the_last_moves_rectangle_is_tinted_in_the_movers_colour(game):
    before, after = scoring_move(game[0].players, game[0].k)
    last = after.last
    lay = permutation.layout_of(after)
    (x1, y1), (x2, y2) = lay.middle(*last.previous), lay.middle(*last.square)
    box = (min(x1, x2) + 2, min(y1, y2) + 2, max(x1, x2) - 1, max(y1, y2) - 1)
    old, new = picture(before).crop(box), picture(after).crop(box)
    mover = theme.SEAT_STYLES[last.seat].base
    # most of the rectangle's pixels take a tint of the mover's colour over the plain board
    common = max(new.getcolors(1 << 16))[1]
    assert distance(common, theme.mix(permutation.CELL, mover, permutation.SHADE)) <= 8
    # and a pixel inside it that was plain one move earlier is now tinted
    plain = max(old.getcolors(1 << 16))[1]
    spot = next((x, y) for y in range(old.height) for x in range(old.width)
                if old.getpixel((x, y)) == plain and new.getpixel((x, y)) == common)
    assert distance(new.getpixel(spot), mover) < distance(old.getpixel(spot), mover)


def test_a_numbered_x_differs_from_an_unnumbered_one(game):
    state = game[len(game) - 3]  # numbering, with x's both written on and not yet
    newest = state.last.square[0]
    written = [(index, f) for index, f in enumerate(state.numbered) if f != newest]
    unwritten = [f for f in range(state.n) if f not in state.numbered]
    assert written and unwritten
    img = picture(state)
    lay = permutation.layout_of(state)

    def share(file: int, colour) -> float:
        """How much of the lower left of the square's inside (clear of a seat's letter on its upper
        right corner) is within a little of `colour`."""
        x, y = lay.origin(*square_of(state, file))
        part = lay.cell * 2 // 3
        colours = img.crop((x, y + lay.cell - 1 - part, x + part, y + lay.cell - 1)).getcolors(1 << 16)
        return sum(count for count, c in colours if distance(c, colour) <= 24) / part ** 2

    # a number sits on a tile of its writer's colour (the automatic 1 on a grey one) that hides its x;
    # an x without a number shows its pale strokes, crossing in the middle of its square
    for index, file in written:
        fill = permutation.style_of(permutation.writer(state, index)).base
        assert share(file, fill) > 0.3, index + 1
        assert share(file, permutation.PLAIN_X) < 0.1, index + 1  # (the edges of white numerals come near)
    for file in unwritten:
        assert distance(img.getpixel(lay.middle(*square_of(state, file))), permutation.PLAIN_X) <= 24, file
        assert all(share(file, permutation.style_of(permutation.writer(state, index)).base) < 0.3 for index, _ in written)
    # writing the next number changes its square
    nxt = game[len(game) - 2]
    centre = lay.middle(*nxt.last.square)
    assert img.getpixel(centre) != picture(nxt).getpixel(centre)


def test_the_path_is_drawn_in_the_writers_colours(game):
    state = game[-1]
    lay = permutation.layout_of(state)
    img = picture(state)
    checked = 0
    for index in range(1, state.n):
        a, b = square_of(state, state.numbered[index - 1]), square_of(state, state.numbered[index])
        (ax, ay), (bx, by) = lay.centre(*a), lay.centre(*b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if any(inside_tile(lay, state, k, mx, my) for k in range(state.n)):
            continue  # the midpoint lies under a number's tile
        others = [k for k in range(1, state.n) if k != index]
        if any(near_segment(lay, state, k, mx, my) for k in others):
            continue  # another segment crosses here
        colour = theme.SEAT_STYLES[(index - 1) % state.players].base
        around = [img.getpixel((round(mx) + dx, round(my) + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert min(distance(p, colour) for p in around) <= 40, index
        checked += 1
    assert checked >= 2


def tile_box(lay, state, index: int) -> tuple[float, float, float, float]:
    """Where the tile of number index + 1 lies on the picture, its writer's letter included."""
    file = state.numbered[index]
    x, y = lay.origin(file, state.rank_of[file])
    seat = permutation.writer(state, index)  # None for the automatic 1, which has no mark
    mark = "" if seat is None else permutation.seat_marks(state)[seat]
    box = permutation.placed_badge(lay, file, index + 1, mark).shape.tile
    return x + box[0], y + box[1], x + box[2], y + box[3]


def inside_tile(lay, state, index: int, x: float, y: float) -> bool:
    left, top, right, bottom = tile_box(lay, state, index)
    return left - 2 <= x <= right + 2 and top - 2 <= y <= bottom + 2


def near_segment(lay, state, index: int, x: float, y: float) -> bool:
    """Whether (x, y) lies within a few px of the segment ending at number index + 1."""
    (ax, ay) = lay.centre(*square_of(state, state.numbered[index - 1]))
    (bx, by) = lay.centre(*square_of(state, state.numbered[index]))
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
    return ((ax + t * dx - x) ** 2 + (ay + t * dy - y) ** 2) ** 0.5 < lay.cell * 0.4


def test_names_change_the_panel_not_the_board():
    state = playout(6, 3, seed=1)[30]
    lay = permutation.layout_of(state)
    one = picture(state)
    other = decode(render(state, ["Bartholomew the Unreasonably Long-Named", "李小龍", "", "שלום", "🎲", "x" * 40]))
    assert one.size == other.size
    board = (0, lay.board_y - grid.FRAME, lay.width, lay.footer_y)
    assert one.crop(board).tobytes() == other.crop(board).tobytes()
    assert one.crop((0, 0, lay.width, lay.board_y)).tobytes() != other.crop((0, 0, lay.width, lay.board_y)).tobytes()


def test_phase_for_the_footer():
    states = playout(2, 3)
    assert permutation.phase(states[0]) == "Placing · 0 of 7 x's"
    assert permutation.phase(states[4]) == "Placing · 4 of 7 x's"
    assert permutation.phase(states[7]) == "Numbering · next is 2"
    assert permutation.phase(states[11]) == "Numbering · next is 6"
    assert permutation.phase(states[-1]) == ""


def board_lines(text: str, n: int) -> list[str]:
    return [line for line in text.splitlines() if line[:2].strip().isdigit()][:n]


def test_text_board_while_placing():
    state = playout(3, 4)[5]
    text = render_text(state, NAMES[:3])
    lines = board_lines(text, state.n)
    assert [int(line[:2]) for line in lines] == list(range(13, 0, -1))
    assert text.splitlines()[0].split() == list("abcdefghijklm")
    assert "".join(lines).count("x") == 5
    assert "x*" in lines[state.n - 1 - state.last.square[1]]
    assert "Placing: 5 of 13 x's" in text
    assert "alice" in text and "carol" in text and "to move" in text


def test_text_board_shows_the_numbers():
    states = playout(6, 4)
    state = states[len(states) - 5]
    text = render_text(state, NAMES)
    lines = board_lines(text, state.n)
    assert [int(line[:2]) for line in lines] == list(range(25, 0, -1))
    for number, file in enumerate(state.numbered, start=1):
        rank = state.rank_of[file]
        cell = lines[state.n - 1 - rank][3 + 3 * file:6 + 3 * file]
        assert cell[:2].strip() == str(number), (number, cell)
    assert "".join(line[3:] for line in lines).count("x") == state.n - len(state.numbered)
    assert f"{len(state.numbered):>2}*" in text
    assert f"Numbering: next is {len(state.numbered) + 1}" in text
    assert state.last.effect_text() in text
    for seat, score in enumerate(state.scores):
        assert f"{NAMES[seat]} — {score} points" in text


def test_text_of_a_finished_game_gives_the_result():
    state = playout(2, 3)[-1]
    text = render_text(state, NAMES[:2])
    assert "Game over" in text and "all 7 numbers written" in text
    assert "to move" not in text and "Numbering" not in text


def test_the_footer_never_cuts_the_last_move_short(monkeypatch) -> None:
    game = playout(6, 4)
    lay = permutation.layout(25, 6)
    names = ["Maximilian Alexander Worthington", "Computer (easy) · Blue", "Computer (medium) · Green",
             "Computer (hard) · Yellow", "Computer (easy) · Purple", "Computer (medium) · Orange"]
    details: list[str] = []
    real = footer.put_text

    def spy(draw, xy, line, face, fill, anchor="la"):
        if xy[1] > lay.footer_y + 40:
            details.append(line)
        real(draw, xy, line, face, fill, anchor)

    monkeypatch.setattr(footer, "put_text", spy)
    for state in game[1:]:
        details.clear()
        permutation.image(state, names)
        shown = "".join(details)
        assert "…" not in shown and state.last.notation in shown and state.last.effect_text() in shown


def boards():
    """(players, k) for every board a game can have: n = k · players + 1 is at most 25."""
    return [(players, k) for players in GAME.players for k in range(3, 9) if k * players + 1 <= 25]


def bare(monkeypatch, state) -> Image.Image:
    """The picture of `state` with no seat's letter anywhere."""
    with monkeypatch.context() as patched:
        patched.setattr(permutation, "seat_marks", lambda state: [""] * state.players)
        permutation._badge.cache_clear()
        permutation._mark_tag.cache_clear()
        img = picture(state)
    permutation._badge.cache_clear()
    return img


def test_every_x_and_number_carries_its_seats_letter_with_any_number_of_players(monkeypatch):
    """Seats are never told apart by colour alone: every x placed and every number written carries
    its seat's letter beside it, in its own rank, with two players as with six."""
    assert permutation.seat_marks(GAME.start(players=2)) == ["R", "B"]
    assert permutation.seat_marks(GAME.start(players=6)) == list("RBGYPO")
    for players, k in ((2, 3), (3, 4)):
        game = playout(players, k, seed=2)
        placing, numbering = game[game[0].n // 2], game[len(game) - 4]
        assert placing.placing and not numbering.placing
        for state in (placing, numbering):
            lay = permutation.layout_of(state)
            marked, plain = picture(state), bare(monkeypatch, state)
            if state.placing:
                owned = [(file, index % players) for index, file in enumerate(state.placed)]
            else:
                owned = [(file, permutation.writer(state, index)) for index, file in enumerate(state.numbered) if index]
            for file, seat in owned:
                x, y = lay.origin(file, state.rank_of[file])
                # the letter is joined to the x or the number, in its rank, on either side
                box = (x - 2 * lay.cell, y, x + 3 * lay.cell, y + lay.cell - 1)
                assert marked.crop(box).tobytes() != plain.crop(box).tobytes(), (file, seat)
                ink = theme.ink_on(permutation.STYLES[seat].dark)
                assert any(distance(marked.getpixel((px, py)), ink) < 40 for px in range(max(0, box[0]), box[2])
                           for py in range(box[1], box[3])), (file, seat)
            if not state.placing:  # the automatic 1 belongs to nobody
                assert tile_box(lay, state, 0)[2] - tile_box(lay, state, 0)[0] <= lay.cell


def number_glyphs(lay, state, index: int) -> tuple[int, int, int, int]:
    """The box of the figures of number index + 1, as drawn on the picture."""
    file = state.numbered[index]
    x, y = lay.origin(file, state.rank_of[file])
    size = permutation.number_size(lay)
    seat = permutation.writer(state, index)  # None for the automatic 1, which has no mark
    mark = "" if seat is None else permutation.seat_marks(state)[seat]
    number = permutation.placed_badge(lay, file, index + 1, mark).shape.number
    centre = x + (number[0] + number[2]) / 2
    baseline = y + (lay.cell - 1) / 2 + theme.cap_height(size) / 2
    left, top, right, bottom = theme.font(size, True).getbbox(str(index + 1), anchor="ms")
    return (math.floor(centre + left) - 1, math.floor(baseline + top) - 1, math.ceil(centre + right) + 1,
            math.ceil(baseline + bottom) + 1)


@pytest.mark.parametrize(("players", "k"), boards(), ids=lambda value: str(value))
def test_no_seats_letter_covers_a_number_or_an_x(players, k, monkeypatch):
    """On every board: the letters change nothing of any number's figures nor of any x's square, and
    none reaches past the board or into another tile."""
    game = playout(players, k, seed=k)
    n = game[0].n
    for state in (game[n - 1], game[-1]):  # the last x to place, and every number written
        lay = permutation.layout_of(state)
        marked, plain = picture(state), bare(monkeypatch, state)
        if state.placing:
            for file in state.placed:
                x, y = lay.origin(file, state.rank_of[file])
                box = (x, y, x + lay.cell - 1, y + lay.cell - 1)
                assert marked.crop(box).tobytes() == plain.crop(box).tobytes(), f"an x at {file} is covered"
            continue
        for index in range(n):
            box = number_glyphs(lay, state, index)
            # the same figures on the same ground (but for the faint ringing of the tile's resampled edge)
            assert max(high for _, high in ImageChops.difference(marked.crop(box), plain.crop(box)).getextrema()) <= 24, (
                f"number {index + 1} is covered")
        tiles = [tile_box(lay, state, index) for index in range(n)]
        for index, (left, _, right, _) in enumerate(tiles):
            assert lay.board_x < left and right < lay.board_x + lay.side, f"number {index + 1}'s tile leaves the grid"
        for (one, a), (other, b) in itertools.combinations(enumerate(tiles), 2):
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (one + 1, other + 1)
