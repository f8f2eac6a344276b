"""Legible on a phone: a phone shows a picture in a chat lettering.PHONE_WIDTH (360) px wide, scaled down, and
there every coordinate, number and height on the largest boards of every game must still be at least
lettering.PHONE_CAP (8) px tall, measured as the height of a capital (of a digit, for what is measured in
the picture): about the smallest text a phone's own interface uses.

Checked twice: by the font sizes each renderer gives for every kind of text on its board
(`label_sizes`), and by measuring digits in the rendered pictures themselves."""
from __future__ import annotations

import pytest
from PIL import Image

from renderers import RENDERERS, ascent, attaxx, elevation, grid, ikabegama, lettering, permutation, theme, xlines
from rules import GAMES
from tests.support.playouts import random_states

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
# the largest board of every game; for Multiplications the largest k for every number of players (n ≤ 25)
LARGEST = [("attaxx", 2, {}), ("ascent", 2, {}), ("ikabegama", 2, {"size": 7}), ("xlines", 2, {"size": 15}),
           ("elevation", 2, {"height": 4, "terrain": "random"}),
           ("permutation", 2, {"k": 8}), ("permutation", 3, {"k": 8}), ("permutation", 4, {"k": 6}),
           ("permutation", 5, {"k": 4}), ("permutation", 6, {"k": 4})]
IDS = [f"{name}-{players}-{'-'.join(map(str, options.values()))}" for name, players, options in LARGEST]


def middle_game(name: str, players: int, options: dict):
    """A position two thirds into a random game: numbers written, lines drawn, pieces moved."""
    states = random_states(GAMES[name].start(players=players, options=options, seed=1), seed=1, moves=300)
    return states[len(states) * 2 // 3]


def on_phone(px: float, width: int) -> float:
    """A length on a picture `width` px wide, once the picture is shown PHONE_WIDTH px wide."""
    return px * lettering.PHONE_WIDTH / width


def ink_height(img: Image.Image, box: tuple[int, int, int, int], ink, near: int = 60) -> int:
    """The height in px of what is drawn in `ink` (within `near` in every channel) inside `box`."""
    crop = img.crop(box)
    rows = [y for y in range(crop.height)
            if any(max(abs(a - b) for a, b in zip(crop.getpixel((x, y)), ink)) <= near for x in range(crop.width))]
    assert rows, f"nothing in {ink} inside {box}"
    return rows[-1] - rows[0] + 1


def test_phone_size_is_the_least_that_reads():
    for width in (600, 654, 700, 754, 800, 900):
        size = lettering.phone_size(width)
        assert lettering.phone_cap(size, width) >= lettering.PHONE_CAP > lettering.phone_cap(size - 1, width)
    assert lettering.phone_size(600) == 19 and lettering.phone_size(800) == 24


@pytest.mark.parametrize(("name", "players", "options"), LARGEST, ids=IDS)
def test_every_label_on_the_largest_boards_reads_on_a_phone(name, players, options):
    state = middle_game(name, players, options)
    module = RENDERERS[name]
    width = module.image(state, NAMES[:players]).width
    sizes = module.label_sizes(state)
    assert sizes
    for kind, (size, bold) in sizes.items():
        cap = lettering.phone_cap(size, width, bold)
        assert cap >= lettering.PHONE_CAP, f"{kind}: {size} px on {width} px is {cap:.1f} px tall on a phone"


@pytest.mark.parametrize(("name", "players", "options"), [case for case in LARGEST if case[0] in ("xlines", "permutation", "elevation")],
                         ids=[i for i, case in zip(IDS, LARGEST) if case[0] in ("xlines", "permutation", "elevation")])
def test_rank_numbers_measured_on_square_boards(name, players, options):
    state = middle_game(name, players, options)
    module = RENDERERS[name]
    img = module.image(state, NAMES[:players])
    lay = elevation.layout() if name == "elevation" else module.layout_of(state)
    colour = {"xlines": xlines.LABEL, "permutation": permutation.LABEL, "elevation": elevation.LABEL}[name]
    for rank in (0, lay.n - 1):  # "1" and the largest, left of the board
        x = lay.board_x - grid.FRAME - lay.rank_gap
        y = lay.centre(0, rank)[1]
        box = (round(x - lay.rank_gap), round(y - lay.cell / 2 + 1), round(x + lay.rank_gap), round(y + lay.cell / 2 - 1))
        assert on_phone(ink_height(img, box, colour), img.width) >= lettering.PHONE_CAP, rank + 1


def test_attaxx_coordinates_measured():
    state = middle_game("attaxx", 2, {})
    img = attaxx.image(state, NAMES[:2])
    x = attaxx.BOARD_X - attaxx.FRAME - attaxx.LABEL_GAP
    y = attaxx.BOARD_Y + (attaxx.RANKS - 1) * attaxx.TILE + attaxx.TILE / 2  # rank 1
    box = (x - 16, round(y - 20), x + 16, round(y + 20))
    assert on_phone(ink_height(img, box, attaxx.LABEL), img.width) >= lettering.PHONE_CAP


def test_multiplications_numbers_measured():
    state = middle_game("permutation", 6, {"k": 4})
    assert len(state.numbered) >= 3
    img = permutation.image(state, NAMES)
    lay = permutation.layout_of(state)
    for index, file in enumerate(state.numbered[:3]):  # the automatic 1 on grey, then two players' numbers
        x, y = lay.origin(file, state.rank_of[file])
        style = permutation.style_of(permutation.writer(state, index))
        fill = theme.HIGHLIGHT if index == len(state.numbered) - 1 and state.last.number is not None else style.base
        box = (x, y, x + lay.cell - 1 - lay.cell // 3, y + lay.cell - 1)  # the number's left part, clear of the letter
        assert on_phone(ink_height(img, box, theme.ink_on(fill), near=50), img.width) >= lettering.PHONE_CAP, index + 1


def test_elevation_heights_measured():
    state = middle_game("elevation", 2, {"height": 4, "terrain": "random"})
    img = elevation.image(state, NAMES[:2])
    lay = elevation.layout()
    for cell, height in enumerate(state.heights):
        if height < 10 and cell != (state.last.steps[-1][1] if state.last.steps else state.last.start):
            x, y = lay.origin(*elevation.BOARD.coords[cell])
            box = (x + 2, y + 2, x + 30, y + 30)  # the top-left corner, where the height is written
            assert on_phone(ink_height(img, box, elevation.ink(height), near=40), img.width) >= lettering.PHONE_CAP, height


def test_ikabegama_cell_numbers_measured():
    state = GAMES["ikabegama"].start(players=2, options={"size": 7})
    img = ikabegama.image(state, NAMES[:2])
    lay = ikabegama.layout(7)
    cell = next(c for c, (file, number) in enumerate(state.geometry.coords)
                if number == 0 and not state.board[c] and c not in state.variant.nests)  # an empty cell showing 1
    x, y = lay.centres[cell]
    r = round((lay.radius - lay.gap) * 0.75)
    shade = theme.mix(ikabegama.CELL, (255, 255, 255), 0.38)
    height = ink_height(img, (round(x) - r, round(y) - r, round(x) + r, round(y) + r), shade, near=16)
    assert on_phone(height, img.width) >= lettering.PHONE_CAP


def test_ascent_levels_and_tile_names_measured():
    state = GAMES["ascent"].start()
    img = ascent.image(state, NAMES[:2])
    for level in (1, 7):
        y = ascent.level_y(level)
        box = (ascent.LEVEL_X - 20, round(y - 20), ascent.LEVEL_X + 20, round(y + 20))
        assert on_phone(ink_height(img, box, theme.MUTED, near=30), img.width) >= lettering.PHONE_CAP, level
    # each tile's name, above its number: "d4" on the bottom tile, a dark one with pale ink
    tile = 15
    x, y = ascent.centre(tile)
    fill = ascent.fill_of(state.board[tile], False)
    ink = theme.mix(ascent.ink_for(fill), fill, 0.25)
    top = y + ascent.NAME_DY
    box = (round(x - 16), round(top - 12), round(x + 16), round(top + 9))
    assert on_phone(ink_height(img, box, ink, near=30), img.width) >= lettering.PHONE_CAP
