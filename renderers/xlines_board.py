"""X's and lines' board as drawn (renderers/xlines.py is the game's renderer): the layout, with the
lines' sizes for its squares, the board's colours, and the sprites of its squares (a free x, a used x
under its cap, the tile of the x just placed, the ring round the x where the next line starts), cached
per size of square."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from functools import cache

from PIL import Image, ImageDraw

from renderers import grid, theme
from renderers.theme import RGB

PLAYERS = 2

# --- layout -------------------------------------------------------------------------------------------
WIDTH = 600  # the image is at least this wide, as the other two-player games

# --- colours ------------------------------------------------------------------------------------------
CELL: RGB = (66, 76, 92)  # slate, so red and blue lines both show on it
GRID: RGB = (31, 36, 45)
RIM: RGB = (22, 26, 33)
RIM_EDGE: RGB = (70, 80, 96)
LABEL: RGB = (190, 200, 214)
BOARD = grid.BoardColours(cell=CELL, grid=GRID, rim=RIM, rim_edge=RIM_EDGE, label=LABEL)
FREE_X: RGB = (240, 242, 248)  # an x no line has touched: the brightest thing on the board
CAP: RGB = (34, 39, 48)  # the disc over a used x
CAP_RIM: RGB = (104, 114, 130)
USED_X: RGB = (118, 126, 140)  # the small x on that disc
STYLES = theme.SEAT_STYLES[:PLAYERS]
TILE_TINT = 0.4  # how much of the mover's colour the square of the x just placed takes


@dataclass(frozen=True)
class Layout(grid.Layout):
    """grid.Layout with the sizes of the lines; `cell` is an even number of px, so a square's centre
    lies on a half pixel."""

    line: int  # a line's width in px (odd)
    edge: int  # the dark casing on each side of a line
    lane: int  # between the centres of two overlapping collinear lines (even)
    radius: float  # of a line's rounded corner, centre of the stroke (a half pixel)


@cache
def layout(n: int) -> Layout:
    """The board's layout for n×n: the largest even squares that fit (see grid.layout)."""
    return lined(grid.layout(n, WIDTH, PLAYERS, even=True))


def lined(core: grid.Layout) -> Layout:
    """`core` with lines sized for its squares."""
    cell = core.cell
    line = 2 * math.floor(max(3.0, cell * 0.13) / 2) + 1
    edge = 1 if cell < 56 else 2
    return Layout(**asdict(core), line=line, edge=edge, lane=line + 2 * edge - 1, radius=math.floor(cell * 0.26) + 0.5)


def layout_of(state) -> Layout:
    return layout(state.n)


# --- the squares' sprites -----------------------------------------------------------------------------
def last_x_tile(cell: int, seat: int) -> Image.Image:
    """The inside of the square of the x just placed: tinted in the mover's colour, edged in it."""
    return grid.last_move_tile(cell, CELL, STYLES[seat].base, TILE_TINT)


def x_sprite(cell: int, colour: RGB) -> Image.Image:
    """An RGBA x the size of a square's inside, drawn with round ends over a faint dark halo."""
    return grid.x_sprite(cell, colour, stroke=max(3.0, cell * 0.1), arm=0.25, halo=2.5, halo_alpha=170)


def cap_diameter(cell: int) -> int:
    return round(cell * 0.62)


@cache
def used_sprite(cell: int) -> Image.Image:
    """An RGBA sprite the size of a square's inside: a dark disc with a thin rim and a small grey x,
    covering the ends of the lines that meet there."""
    ss = theme.SS
    side = cell - 1
    big = Image.new("RGBA", (side * ss, side * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = side * ss / 2
    r = cap_diameter(cell) * ss / 2
    rim = max(1.5, cell * 0.035) * ss
    draw.ellipse((c - r, c - r, c + r, c + r), fill=CAP_RIM + (255,))
    draw.ellipse((c - r + rim, c - r + rim, c + r - rim, c + r - rim), fill=CAP + (255,))
    arm = r * 0.42
    w = max(2.0, cell * 0.06) * ss
    for dx in (-arm, arm):
        draw.line((c - dx, c - arm, c + dx, c + arm), fill=USED_X + (255,), width=round(w))
        for x, y in ((c - dx, c - arm), (c + dx, c + arm)):
            draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=USED_X + (255,))
    return theme.downsample(big)


def ring_diameter(cell: int) -> int:
    return cell - 6


def ring_width(cell: int) -> float:
    return max(3.0, cell * 0.075)


def next_ring(cell: int) -> Image.Image:
    """The ring round the x where the next line must start."""
    return theme.ring(theme.HIGHLIGHT, ring_diameter(cell), ring_width(cell))
