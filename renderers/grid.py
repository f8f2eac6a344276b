"""A labelled n×n square board: its layout, its framed base image with file letters and rank numbers,
and sprites shared by square-board games.

A game picks its colours (`BoardColours`), the least width of its image and how many player cards sit
above the board; the squares are then as large as fits, and the file letters and rank numbers as large
as they must be to read on a phone (theme.phone_size), which in turn keeps the squares from shrinking
below what those letters need. Everything here is a pure function of its
arguments, and what is built once (layouts, base images, sprites) is cached: callers must treat the
images as read-only (paste them, never draw on them).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import theme
from renderers.theme import RGB

BOARD_SPAN = 600  # the grid's side is at most this many px...
CELL_MAX = 68  # ...and a square at most this big (7×7 then looks like Attaxx)
MAX_SIDE = 900  # the image's width and height at most, unless its labels would then be too small to read
FRAME = 8  # the rim around the grid
PANEL_GAP = 14  # between the player cards and the board's rim
SIDE_PAD = 12  # at least this much between a rank label band and the image's edge
LABEL_ROOM = 3  # at least this many px between two neighbouring file letters
LABEL_MARGIN = 6  # from the rim to a rank label's near end, and to a file letter's top or bottom
FILES = "abcdefghijklmnopqrstuvwxyz"

@dataclass(frozen=True)
class BoardColours:
    """The colours of a game's empty board."""

    cell: RGB  # a square's inside
    grid: RGB  # the 1 px lines between squares
    rim: RGB
    rim_edge: RGB
    label: RGB  # file letters and rank numbers


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one board size and player panel; grid lines are 1 px, one every
    `cell` px, so a square's inside is (cell − 1) px across."""

    n: int
    cell: int
    width: int
    height: int
    board_x: int  # the grid's left line
    board_y: int  # the grid's top line
    label_size: int  # the file letters and rank numbers, bold: readable at theme.PHONE_WIDTH (theme.phone_size)
    label_gap: int  # from the rim to the centre of a file letter, above or below
    rank_gap: int  # from the rim to the centre of a rank number, left or right
    top_labels: bool  # file letters above the grid as well as below
    footer_y: int

    @property
    def side(self) -> int:
        """The grid's side in px, outer lines included."""
        return self.n * self.cell + 1

    def origin(self, file: int, rank: int) -> tuple[int, int]:
        """Top-left pixel of the inside of square (file, rank); rank 0 is at the bottom."""
        return self.board_x + file * self.cell + 1, self.board_y + (self.n - 1 - rank) * self.cell + 1

    def centre(self, file: int, rank: int) -> tuple[float, float]:
        """The centre of square (file, rank) in continuous coordinates (pixel x covers [x, x + 1))."""
        x, y = self.origin(file, rank)
        return x + (self.cell - 1) / 2, y + (self.cell - 1) / 2

    def middle(self, file: int, rank: int) -> tuple[int, int]:
        """The pixel at a square's centre (the upper left of the middle four when they are even)."""
        x, y = self.origin(file, rank)
        return x + (self.cell - 2) // 2, y + (self.cell - 2) // 2


def letters_fit(n: int, cell: int, size: int) -> bool:
    """Whether the first n file letters, `size` px bold, one centred on each square `cell` px wide,
    keep LABEL_ROOM px between neighbours."""
    face = theme.font(size, True)
    widths = [face.getlength(letter) for letter in FILES[:n]]
    return all((a + b) / 2 + LABEL_ROOM <= cell for a, b in zip(widths, widths[1:]))


@cache
def layout(n: int, min_width: int, players: int, even: bool = False, least: int = 0) -> Layout:
    """The largest squares (up to CELL_MAX, the grid up to BOARD_SPAN; an even number of px if `even`)
    that keep the image within MAX_SIDE px, at least `min_width` wide under `players` player cards;
    but never so small that the file letters, at the size that reads at a phone's width, crowd each
    other, nor smaller than `least` (what the game itself needs: room for a number in a square, say)."""
    step = 2 if even else 1
    cell = min(CELL_MAX, BOARD_SPAN // n)
    cell -= cell % step
    smallest = cell
    while smallest > step and smallest - step >= least and letters_fit(n, smallest - step, layout_for(n, smallest - step, min_width, players).label_size):
        smallest -= step
    while cell < least or not letters_fit(n, cell, layout_for(n, cell, min_width, players).label_size):
        cell += step
        smallest = cell
    while True:
        lay = layout_for(n, cell, min_width, players)
        if cell <= smallest or (lay.height <= MAX_SIDE and lay.width <= MAX_SIDE):
            return lay
        cell -= step


def layout_for(n: int, cell: int, min_width: int, players: int) -> Layout:
    """The layout with squares `cell` px apart: the board centred, labels around it (as large as they
    must be to read at a phone's width, which depends on the width they make), the player cards above
    and the footer below."""
    side = n * cell + 1
    size = theme.phone_size(min_width)
    while True:
        face = theme.font(size, True)
        rank_gap = LABEL_MARGIN + math.ceil(face.getlength(str(n)) / 2)
        label_gap = LABEL_MARGIN + math.ceil(theme.cap_height(size) / 2) + 2
        width = max(min_width, side + 2 * FRAME + 4 * rank_gap + 2 * SIDE_PAD)
        width += width % 2
        if theme.phone_size(width) <= size:
            break
        size = theme.phone_size(width)
    top_labels = n >= 10
    board_x = (width - side) // 2
    board_y = theme.panel_height(players, width) + PANEL_GAP + (2 * label_gap if top_labels else 0) + FRAME
    footer_y = board_y + side + FRAME + 2 * label_gap
    return Layout(n=n, cell=cell, width=width, height=footer_y + theme.footer_height(width), board_x=board_x,
                  board_y=board_y, label_size=size, label_gap=label_gap, top_labels=top_labels,
                  footer_y=footer_y, rank_gap=rank_gap)


def stretched_box(size: tuple[int, int], radius: int, fill: RGB, outline: RGB | None = None, width: int = 0) -> Image.Image:
    """theme.rounded_box at any size, made from a small one whose straight middle rows and columns
    are stretched: the same picture, without supersampling the whole board."""
    corner = radius + width + 2
    small = theme.rounded_box((2 * corner + 1, 2 * corner + 1), radius, fill, outline, width)
    w, h = size
    out = Image.new("RGBA", size)
    # (from, to) in the small box and (at, length) in the big one, for the near edge, middle, far edge
    xs = ((0, corner, 0, corner), (corner, corner + 1, corner, w - 2 * corner), (corner + 1, small.width, w - corner, corner))
    ys = ((0, corner, 0, corner), (corner, corner + 1, corner, h - 2 * corner), (corner + 1, small.height, h - corner, corner))
    for x0, x1, tx, tw in xs:
        for y0, y1, ty, th in ys:
            out.paste(small.crop((x0, y0, x1, y1)).resize((tw, th), Image.Resampling.NEAREST), (tx, ty))
    return out


@lru_cache(maxsize=24)
def base(lay: Layout, colours: BoardColours, files: str) -> Image.Image:
    """Background, the rim, the grid of empty squares, ranks left and right, files (`files[k]` for file
    k) below and, with `lay.top_labels`, above."""
    n = lay.n
    img = Image.new("RGB", (lay.width, lay.height), theme.BACKGROUND)
    outer = (lay.side + 2 * FRAME, lay.side + 2 * FRAME)
    left, top = lay.board_x - FRAME, lay.board_y - FRAME
    shadow = stretched_box((outer[0] + 8, outer[1] + 8), 12, theme.mix(theme.BACKGROUND, (0, 0, 0), 0.5))
    img.paste(shadow, (left - 4, top - 1), shadow)
    frame = stretched_box(outer, 9, colours.rim, colours.rim_edge, 1)
    img.paste(frame, (left, top), frame)
    draw = ImageDraw.Draw(img)
    draw.rectangle((lay.board_x, lay.board_y, lay.board_x + lay.side - 1, lay.board_y + lay.side - 1), fill=colours.grid)
    square = Image.new("RGB", (lay.cell - 1, lay.cell - 1), colours.cell)
    for file in range(n):
        for rank in range(n):
            img.paste(square, lay.origin(file, rank))
    face = theme.font(lay.label_size, True)
    below = lay.board_y + lay.side + FRAME + lay.label_gap
    above = lay.board_y - FRAME - lay.label_gap
    for file in range(n):
        x = lay.centre(file, 0)[0]
        draw.text((x, below), files[file], font=face, fill=colours.label, anchor="mm")
        if lay.top_labels:
            draw.text((x, above), files[file], font=face, fill=colours.label, anchor="mm")
    west, east = lay.board_x - FRAME - lay.rank_gap, lay.board_x + lay.side + FRAME + lay.rank_gap
    for rank in range(n):
        y = lay.centre(0, rank)[1]
        draw.text((west, y), str(rank + 1), font=face, fill=colours.label, anchor="mm")
        draw.text((east, y), str(rank + 1), font=face, fill=colours.label, anchor="mm")
    return img


@cache
def last_move_tile(cell: int, ground: RGB, colour: RGB, tint: float) -> Image.Image:
    """The inside of the square of the last move: `ground` tinted a fraction `tint` of the way to the
    mover's `colour`, edged in that colour."""
    side = cell - 1
    tile = Image.new("RGB", (side, side), theme.mix(ground, colour, tint))
    width = max(2, round(cell * 0.06))
    ImageDraw.Draw(tile).rectangle((0, 0, side - 1, side - 1), outline=colour, width=width)
    return tile


@cache
def x_sprite(cell: int, colour: RGB, stroke: float, arm: float, halo: float, halo_alpha: int) -> Image.Image:
    """An RGBA x the size of a square's inside, drawn with round ends over a faint dark halo: strokes
    `stroke` px wide, each arm reaching `arm` of the side from the centre, the halo `halo` px wider
    than the stroke and `halo_alpha` opaque."""
    ss = theme.SS
    side = cell - 1
    big = Image.new("RGBA", (side * ss, side * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = side * ss / 2
    reach = side * ss * arm
    for width, fill in ((stroke + halo, (16, 18, 24, halo_alpha)), (stroke, colour + (255,))):
        w = width * ss
        for dx in (-reach, reach):
            draw.line((c - dx, c - reach, c + dx, c + reach), fill=fill, width=round(w))
            for x, y in ((c - dx, c - reach), (c + dx, c + reach)):
                draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=fill)
    return theme.downsample(big)
