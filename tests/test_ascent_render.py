"""The Ascent renderer: PNGs that decode at one size, deterministic, with the last switch highlighted, the
row names in their seats' colours and a completed row drawn through at the end; the text board."""
from __future__ import annotations

import pytest
from PIL import Image

from games import GAMES, REGISTRY, render, render_text
from renderers import ascent, lettering, theme
from rules.ascent import LEFT_ROWS, RIGHT_ROWS, TILES
from rules.core import EndedEarly, Outcome
from tests.support.images import decode, pixels
from tests.support.playouts import random_states

GAME = GAMES["ascent"]
NAMES = ["alice", "bob"]
RESIGNED = Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="alice resigned")


def playout(seed: int, moves: int | None = None) -> list:
    """The states of one random game, start first; `moves` stops it early."""
    return random_states(GAME.start(), seed, moves)


def ended_with(kinds: set[int]) -> list:
    """A random game that ends with rows of exactly these kinds (0 ↙, 1 ↘) completed."""
    for seed in range(2000):
        states = playout(seed)
        if {kind for kind, _ in states[-1].last.rows} == kinds:
            return states
    raise AssertionError(f"no game ending with rows of kinds {kinds} in 2000")


def distance(a, b) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def face_point(tile: int) -> tuple[int, int]:
    """A pixel on a tile's face, left of its number and name, clear of its edge and highlight outline."""
    x, y = ascent.centre(tile)
    return round(x - ascent.HALF * 0.55), round(y)


def picture(state, names=NAMES):
    return decode(render(state, names))


def test_ascent_is_registered_and_its_arrows_can_be_drawn():
    assert REGISTRY["ascent"].renderer is ascent
    assert ascent.side_text(0) == "Red · rows ↙" and ascent.side_text(1) == "Blue · rows ↘"
    assert all(lettering.has_glyph(arrow) and lettering.has_glyph(arrow, True) for arrow in ascent.ARROWS)


def test_png_has_one_size_for_every_position():
    start = GAME.start()
    middle = start.play("a1-d4")  # Blue to move
    samples = [start, middle, middle.play("b1-c4"), *playout(3)[::5], ended_with({0})[-1], ended_with({1})[-1],
               EndedEarly(middle, RESIGNED), EndedEarly(start, RESIGNED)]
    assert {s.to_move for s in samples} == {0, 1, None}
    sizes = set()
    for state in samples:
        png = render(state, NAMES)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        sizes.add(decode(png).size)
    assert sizes == {(ascent.WIDTH, ascent.HEIGHT)}
    assert 600 <= ascent.HEIGHT <= 760


def test_the_diamond_fits_between_the_cards_and_the_footer():
    xs = [ascent.centre(tile)[0] for tile in range(16)]
    ys = [ascent.centre(tile)[1] for tile in range(16)]
    assert min(xs) - ascent.STEP > ascent.LEVEL_X + 20 and max(xs) + ascent.STEP < ascent.WIDTH - ascent.LEVEL_X - 20
    assert min(ys) - ascent.STEP > theme.panel_height(2, ascent.WIDTH)
    assert max(ys) + ascent.STEP < ascent.FOOTER_Y


def test_equal_states_render_identically():
    states = playout(5, moves=12)
    replayed = GAME.start()
    for state in states[1:]:
        replayed = replayed.play(state.last.notation)
    assert replayed is not states[-1]
    assert render(states[-1], NAMES) == render(states[-1], NAMES) == render(replayed, NAMES)
    assert render_text(states[-1], NAMES) == render_text(replayed, NAMES)


def test_the_last_switch_is_highlighted_on_both_tiles():
    state = GAME.start().play("a2-d3")  # a2 now shows 2, d3 shows 6
    img = picture(state)
    high, low = TILES.index("a2"), TILES.index("d3")
    assert (state.last.higher, state.last.lower) == (high, low)
    for tile in (high, low):
        number = state.board[tile]
        pixel = img.getpixel(face_point(tile))
        assert distance(pixel, ascent.fill_of(number, True)) <= 6, TILES[tile]
        assert distance(pixel, theme.HIGHLIGHT) < distance(ascent.face_colour(number), theme.HIGHLIGHT)
    # a tile showing the same number that the switch did not touch keeps its plain face
    for tile, marked in ((TILES.index("c4"), high), (TILES.index("b1"), low)):
        assert state.board[tile] == state.board[marked]
        plain = img.getpixel(face_point(tile))
        assert distance(plain, ascent.face_colour(state.board[tile])) <= 6
        assert plain != img.getpixel(face_point(marked))


def test_tiles_show_their_numbers_in_shades():
    img = picture(GAME.start())
    top, bottom = (img.getpixel(face_point(TILES.index(name))) for name in ("a1", "d4"))
    assert sum(top) > sum(bottom) + 200  # 7 is pale, 1 dark


def test_row_names_are_in_their_seats_colours():
    img = picture(GAME.start())
    red, blue = (style.base for style in theme.SEAT_STYLES[:2])
    for kind, own, other in ((0, red, blue), (1, blue, red)):
        for row in range(4):
            for far in (False, True):
                x, y = ascent.label_point(kind, row, far)
                pixel = img.getpixel((round(x - 7), round(y + 5)))  # on the disc, beside its letter
                assert distance(pixel, own) < distance(pixel, other), (kind, row, far)


def line_point(kind: int, row: int) -> tuple[int, int]:
    """The middle of the gutter between the second and third tiles of a row: on its line, if drawn."""
    tiles = (LEFT_ROWS, RIGHT_ROWS)[kind][row]
    (ax, ay), (bx, by) = ascent.centre(tiles[1]), ascent.centre(tiles[2])
    return round((ax + bx) / 2), round((ay + by) / 2)


@pytest.mark.parametrize("kind", [0, 1])
def test_a_completed_row_is_drawn_through_in_its_seats_colour(kind):
    states = ended_with({kind})
    final = states[-1]
    assert final.outcome.places[0] == frozenset({kind})
    (_, row), = final.last.rows
    own, other = (theme.SEAT_STYLES[k].base for k in (kind, 1 - kind))
    point = line_point(kind, row)
    pixel = picture(final).getpixel(point)
    assert distance(pixel, own) <= 60 and distance(pixel, own) < distance(pixel, other)
    # the same point is plain gutter when the game ended without that row (a resignation a move earlier)
    resigned = picture(EndedEarly(states[-2], RESIGNED)).getpixel(point)
    assert distance(resigned, own) > 120
    # and no row of the other kind is drawn
    img = picture(final)
    for spot in (line_point(1 - kind, r) for r in range(4)):
        assert distance(img.getpixel(spot), own) > 100 and distance(img.getpixel(spot), other) > 100


def test_a_draw_draws_both_rows():
    final = ended_with({0, 1})[-1]
    assert final.outcome.is_draw
    img = picture(final)
    for kind, row in final.last.rows:
        pixel = img.getpixel(line_point(kind, row))
        own, other = (theme.SEAT_STYLES[k].base for k in (kind, 1 - kind))
        assert distance(pixel, own) < distance(pixel, other), (kind, row)


def test_names_change_the_panel_not_the_board():
    state = playout(4, moves=6)[-1]
    one, other = picture(state), picture(state, ["Bartholomew the Unreasonably Long-Named", "李小龍"])
    top = theme.panel_height(2, ascent.WIDTH)
    board = (0, top, ascent.WIDTH, ascent.FOOTER_Y)
    assert one.crop(board).tobytes() == other.crop(board).tobytes()
    assert one.crop((0, 0, ascent.WIDTH, top)).tobytes() != other.crop((0, 0, ascent.WIDTH, top)).tobytes()


# --- text -------------------------------------------------------------------------------------------------
def level_tokens(text: str) -> dict[int, list[str]]:
    """The words after "level N" on each level's line, left to right."""
    found = {}
    for line in text.splitlines():
        if line.startswith("level "):
            words = line.split()
            found[int(words[1])] = words[2:]
    return found


def test_text_board_lays_the_diamond_out_with_labels():
    state = GAME.start().play("a2-d3").play("b1-c4")
    text = render_text(state, NAMES)
    lines = text.splitlines()
    assert lines[0].split() == ["1↘", "↙a"]  # above a1: its ↘ row and its ↙ row, each with its arrow
    levels = level_tokens(text)
    assert sorted(levels) == list(range(1, 8))
    for level, words in levels.items():
        y = 7 - level
        tiles = sorted(((i, j) for i in range(4) for j in range(4) if i + j == y), key=lambda t: t[0] - t[1])
        if y <= 2:  # a ↘ row's number at the left, a ↙ row's letter at the right
            labels = [f"{y + 2}↘", f"↙{'abcd'[y + 1]}"]
        elif y >= 4:  # a ↙ row's letter at the left, a ↘ row's number at the right
            labels = [f"{'abcd'[y - 4]}↙", f"↘{y - 3}"]
        else:
            labels = []
        shown = words[1:-1] if labels else words
        assert [words[0], words[-1]] == labels or not labels, level
        expected = []
        for i, j in tiles:
            tile = 4 * i + j
            number = str(state.board[tile])
            expected.append(f"[{number}]" if tile in (state.last.higher, state.last.lower) else number)
        assert shown == expected, level
    bottom = [line for line in lines if line.strip() and not line.startswith("level")][1]
    assert bottom.split() == ["d↙", "↘4"]
    assert text.count("[") == 3  # the two tiles and the legend
    assert "Last move: Blue b1-c4" in text
    assert "alice" in text and "bob" in text and "<- to move" in text
    assert "Game over" not in text


def test_text_of_a_finished_game_gives_the_result_and_the_row():
    final = ended_with({1})[-1]
    text = render_text(final, NAMES)
    (_, row), = final.last.rows
    tiles = RIGHT_ROWS[row]
    assert f"Completed row {row + 1} ↘ (Blue): {' '.join(TILES[t] for t in tiles)}" in text
    assert "Game over: bob wins" in text and final.outcome.reason_text() in text
    assert "to move" not in text


def test_text_of_a_match_ended_before_any_move():
    text = render_text(EndedEarly(GAME.start(), RESIGNED), NAMES)
    assert "Game over: bob wins · alice resigned" in text
    assert "Last move" not in text and "Completed" not in text
    assert "[" not in text


def test_every_tile_carries_its_name_over_its_number():
    img = picture(GAME.start())
    c4, d3 = TILES.index("c4"), TILES.index("d3")  # both show 2 at the start, on the same level

    def region(tile: int, top: float, bottom: float) -> bytes:
        x, y = ascent.centre(tile)
        return img.crop((round(x) - 14, round(y + top), round(x) + 14, round(y + bottom))).tobytes()

    name = (ascent.NAME_DY - 8, ascent.NAME_DY + 8)
    number = (ascent.NUMBER_DY - 12, ascent.NUMBER_DY + 12)
    assert region(c4, *name) != region(d3, *name)  # "c4" and "d3"
    assert region(c4, *number) == region(d3, *number)  # the same 2
    for tile in (c4, d3):  # the name is drawn in the tile's ink, on its plain face
        ink = ascent.ink_for(ascent.face_colour(2))
        shown = pixels(Image.frombytes("RGB", (28, 16), region(tile, *name)))
        assert sum(1 for pixel in shown if distance(pixel, ink) < 60) > 15
