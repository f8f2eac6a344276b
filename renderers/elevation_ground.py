"""Elevation's board as drawn (renderers/elevation.py is the game's renderer): the picture's layout,
the board's colours, and a square's ground, shaded by its height, with the height's number. The ground
and the numbers are cached per height."""
from __future__ import annotations

from dataclasses import replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import grid, lettering, theme
from renderers.theme import RGB
from rules.elevation import SIDE

PLAYERS = 2

# --- layout -------------------------------------------------------------------------------------------
WIDTH = 600  # as the other two-player games
CELL = 80  # px from one grid line to the next: room for a piece, its height and the last turn's marks
LEGEND_HEIGHT = 34  # the band under the file letters that names the emblems and chips
TEXT_SIZE = theme.phone_size(WIDTH)  # every text on and under the board reads at a phone's width
NUMBER_SIZE = TEXT_SIZE  # a square's height, in its top-left corner (bold)
NUMBER_INSET = (5, 2)  # from the square's edges to the number's box (its halo included)
DETAIL_LINES = 3  # in the footer


@cache
def layout() -> grid.Layout:
    """The board's layout: 80 px squares, the legend band between the file letters and the footer, and
    a footer with room for three lines of detail (a long name's time-out, a turn and two captures)."""
    core = grid.layout_for(SIDE, CELL, WIDTH, PLAYERS)
    extra = LEGEND_HEIGHT + theme.footer_height(core.width, DETAIL_LINES) - theme.footer_height(core.width)
    return replace(core, footer_y=core.footer_y + LEGEND_HEIGHT, height=core.height + extra)


# --- colours ------------------------------------------------------------------------------------------
GRID: RGB = (26, 28, 24)
RIM: RGB = (22, 24, 22)
RIM_EDGE: RGB = (76, 84, 72)
LABEL: RGB = (196, 202, 188)
BOARD_COLOURS = grid.BoardColours(cell=(96, 124, 66), grid=GRID, rim=RIM, rim_edge=RIM_EDGE, label=LABEL)
# The ground by height, darker low and lighter high: a deep teal hollow, sea green, sage, warm stone, sand
# and snow. Cool where it is dark and warm only where it is light, so that Red's pieces,
# which protanopia and deuteranopia see as a dark olive, stand out on every height (tests/test_palette.py).
# Heights above the last one take its shade (the number stays exact).
TERRAIN: tuple[RGB, ...] = (
    (18, 44, 40), (20, 70, 68), (28, 90, 90), (50, 106, 102), (92, 122, 104), (120, 138, 114), (144, 152, 126),
    (166, 164, 136), (188, 178, 148), (204, 194, 166), (218, 208, 186), (230, 224, 210), (242, 238, 226),
)
INK_DARK: RGB = (30, 30, 26)  # a height on light ground
INK_LIGHT: RGB = (246, 246, 240)  # a height on dark ground


def shade(height: int) -> RGB:
    """The ground's colour at `height` (clamped to the ramp)."""
    return TERRAIN[max(0, min(height, len(TERRAIN) - 1))]


def luminance(colour: RGB) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def ink(height: int) -> RGB:
    """The colour of the height's number: dark on light ground, light on dark."""
    return INK_DARK if luminance(shade(height)) > 120 else INK_LIGHT


# --- a square's ground and height, per height ---------------------------------------------------------
@lru_cache(maxsize=64)
def ground(height: int) -> Image.Image:
    """The inside of a square `height` tiles deep: its shade, lit along the top and left and shadowed
    along the bottom and right like a raised block; a square with no tiles left is sunk instead."""
    side = CELL - 1
    fill = shade(height)
    lit, dim = theme.mix(fill, (255, 255, 255), 0.16), theme.mix(fill, (0, 0, 0), 0.24)
    if height == 0:
        lit, dim = dim, lit
    tile = Image.new("RGB", (side, side), fill)
    draw = ImageDraw.Draw(tile)
    b = 2  # the bevel's width
    draw.polygon([(0, 0), (side - 1, 0), (side - 1 - b, b), (b, b), (b, side - 1 - b), (0, side - 1)], fill=lit)
    draw.polygon([(side - 1, side - 1), (0, side - 1), (b, side - 1 - b), (side - 1 - b, side - 1 - b),
                  (side - 1 - b, b), (side - 1, 0)], fill=dim)
    return tile


@lru_cache(maxsize=64)
def number(height: int) -> Image.Image:
    """An RGBA sprite of a square's height, set in its ink over a thin halo of its ground, so that an
    arrow passing under it leaves it readable."""
    face = theme.font(NUMBER_SIZE, True)
    text = str(height)
    left, top, right, bottom = lettering.box(face, text, stroke_width=2)
    out = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(out).text((-left, -top), text, font=face, fill=ink(height) + (255,), stroke_width=2,
                             stroke_fill=shade(height) + (255,))
    return out
