"""Multiplications Within The Permutation: an n×n grid (7 ≤ n ≤ 25) with the x's, the numbers (each on a
tile of its writer's colour) and the path 1→2→3… drawn, the last move's rectangle shaded in the mover's
colour, players above, status below. Every x placed and every number written also carries its seat's
letter (`seat_marks`), joined to it in its own rank, which holds nothing else, so that no seat is told by
its colour alone and no letter covers a number.

The image's size depends only on (n, players): the squares shrink as n grows so that the picture stays
under about 900 px, but never so far that the coordinates and numbers stop reading at a phone's width
(then the picture grows taller, up to about 1050 px). Everything else that depends only on that pair is built once and cached: the base
image (background, framed grid, coordinates), the shaded file and rank strips of the placing phase, the
x and number sprites, and the PNG palette. A render copies the base, pastes strips and sprites, blends
one rectangle, draws the path through one supersampled mask, adds the player cards and the footer, and
encodes the result.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import grid, theme
from renderers.permutation_words import POINTS, detail, phase, points_short
from renderers.permutation_words import text as text  # the renderer's plain-text board
from renderers.sprites import script_key
from renderers.theme import RGB
from rules.permutation import FILES, GAME, SEAT_NAMES

# --- layout -------------------------------------------------------------------------------------------
WIDTH = 600  # the least width, as the other games; a large board makes the picture wider
PATH_SS = 3  # supersampling of the path's mask

# --- colours ------------------------------------------------------------------------------------------
CELL: RGB = (66, 76, 92)  # a free square: slate, so every seat colour shows on it
USED: RGB = (46, 53, 65)  # while placing: a square whose file or rank already holds an x
GRID: RGB = (31, 36, 45)
RIM: RGB = (22, 26, 33)
RIM_EDGE: RGB = (70, 80, 96)
LABEL: RGB = (190, 200, 214)
BOARD = grid.BoardColours(cell=CELL, grid=GRID, rim=RIM, rim_edge=RIM_EDGE, label=LABEL)
PLAIN_X: RGB = (214, 220, 230)  # an x without a number while numbering: who placed it no longer matters
ONE = theme.DiscStyle(light=(226, 230, 238), base=(150, 158, 172), dark=(90, 96, 108), rim=(40, 44, 52))  # number 1
STYLES = theme.SEAT_STYLES
SHADE = 0.3  # opacity of the last move's rectangle


TILE_TINT = 0.42  # how much of the mover's colour the square of the x just placed takes


@cache
def layout(n: int, players: int) -> grid.Layout:
    """The board's layout for n×n under `players` player cards: the largest squares that fit (see
    grid.layout), never too small for a number that reads at a phone's width (`least_cell`)."""
    least = 0
    while True:
        lay = grid.layout(n, WIDTH, players, least=least)
        if lay.cell >= least_cell(lay.width):
            return lay
        least = least_cell(lay.width)


def least_cell(width: int) -> int:
    """The smallest square that holds a number at the size that reads on a phone, on a picture `width` px wide."""
    cell = 16
    while badge_height(cell) < theme.cap_height(theme.phone_size(width)) + 2 * badge_edge(cell) + 3:
        cell += 1
    return cell


def layout_of(state) -> grid.Layout:
    return layout(state.n, state.players)


def colours(state) -> theme.Colours:
    """What the board is drawn in: each seat's x's, tiles and path on the squares, free and shaded
    (tests/test_palette.py keeps them apart)."""
    return theme.Colours(seats=tuple((STYLES[seat].base,) for seat in range(state.players)), grounds=(CELL, USED))


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the board, with its font size and whether it is bold."""
    lay = layout_of(state)
    return {"files and ranks": (lay.label_size, True), "numbers": (number_size(lay), True),
            "seat letters": (letter_size(lay), True)}


# --- cached pictures ----------------------------------------------------------------------------------
@cache
def strips(n: int, cell: int) -> tuple[Image.Image, Image.Image]:
    """A whole file and a whole rank of USED squares with the grid lines between them (opaque), to
    paste at the inside of the file's top square or the rank's leftmost one."""
    long = n * cell - 1
    column = Image.new("RGB", (cell - 1, long), GRID)
    draw = ImageDraw.Draw(column)
    for k in range(n):
        draw.rectangle((0, k * cell, cell - 2, k * cell + cell - 2), fill=USED)
    return column, column.transpose(Image.Transpose.TRANSPOSE)


def last_x_tile(cell: int, seat: int) -> Image.Image:
    """The inside of the square of the x just placed: tinted in the mover's colour, edged in it."""
    return grid.last_move_tile(cell, USED, STYLES[seat].base, TILE_TINT)


def x_sprite(cell: int, colour: RGB) -> Image.Image:
    """An RGBA x the size of a square's inside, drawn with round ends over a faint dark halo."""
    return grid.x_sprite(cell, colour, stroke=max(2.5, cell * 0.09), arm=0.27, halo=2, halo_alpha=150)


def badge_height(cell: int) -> int:
    return cell - 2 if cell < 40 else round(cell * 0.84)


def badge_edge(cell: int) -> float:
    return max(1.5, cell * 0.05)


def letter_size(lay: grid.Layout) -> int:
    """The seats' letters beside the numbers: a little smaller than the numbers, never under what reads on a phone."""
    return max(theme.phone_size(lay.width), round(number_size(lay) * 0.78))


def number_size(lay: grid.Layout) -> int:
    """The numbers' font size: large in large squares, and never under what reads on a phone."""
    h = badge_height(lay.cell)
    return max(theme.phone_size(lay.width), round(min(0.62 * h, 12 + 0.3 * h)))


@dataclass(frozen=True)
class BadgeShape:
    """Where a number's tile and its writer's mark lie, in px from the top-left pixel of its square's
    inside: the number stays centred on the square, and the mark, a compartment of the tile in the
    writer's dark shade, is joined to its right (to its left on the board's last file). A rank holds
    one number and nothing else, so the tile may reach across the squares beside it, never above or
    below its own."""

    tile: tuple[float, float, float, float]  # left, top, right, bottom
    number: tuple[float, float, float, float]  # the number's part of the tile
    mark: tuple[float, float, float, float] | None  # the mark's part, if any


def badge_shape(cell: int, size: int, number: int, mark: str = "", left: bool = False, letter: int = 0) -> BadgeShape:
    """The shape of the tile of `number` set at `size` in a square `cell` px apart from the next, with
    `mark` (see theme.seat_marks) set at `letter` on its right, or on its `left`."""
    side = cell - 1
    h = badge_height(cell)
    face = theme.font(size, True)
    w = max(h, math.ceil(face.getlength(str(number)) + 3 * badge_edge(cell) + h * 0.3))  # the newest one's edge is 1.5 times as wide
    top, bottom = (side - h) / 2, (side + h) / 2
    number_box = ((side - w) / 2, top, (side + w) / 2, bottom)
    if not mark:
        return BadgeShape(number_box, number_box, None)
    m = mark_width(cell, letter or size, mark)
    if left:
        mark_box = (number_box[0] - m, top, number_box[0], bottom)
        return BadgeShape((mark_box[0], top, number_box[2], bottom), number_box, mark_box)
    mark_box = (number_box[2], top, number_box[2] + m, bottom)
    return BadgeShape((number_box[0], top, mark_box[2], bottom), number_box, mark_box)


def mark_width(cell: int, size: int, mark: str) -> int:
    """How wide a seat's mark is, as a part of a tile or a tag of its own, its letter set at `size`."""
    return math.ceil(theme.font(size, True).getlength(mark) + badge_height(cell) * 0.4)


def mark_on_left(lay: grid.Layout, file: int, reach: float) -> bool:
    """Whether a mark reaching `reach` px right of its square's inside would leave the board: then it
    goes on the left."""
    return lay.origin(file, 0)[0] + reach > lay.board_x + lay.side - 1


@dataclass(frozen=True)
class PlacedBadge:
    """A number's tile as a board places it: its mark's side, how far it is moved from the middle of
    its square to stay on the board (on the first and last files), and its shape there."""

    left: bool
    shift: int
    shape: BadgeShape


def placed_badge(lay: grid.Layout, file: int, number: int, mark: str) -> PlacedBadge:
    """Where the tile of `number`, written in `file` with `mark`, lies on the board of `lay` (in px
    from the top-left pixel of its square's inside): whole on the grid, its mark on the side that
    has room."""
    size, letter = number_size(lay), letter_size(lay)
    left = mark_on_left(lay, file, badge_shape(lay.cell, size, number, mark, letter=letter).tile[2])
    shape = badge_shape(lay.cell, size, number, mark, left, letter)
    x = lay.origin(file, 0)[0]
    low, high = lay.board_x + 1, lay.board_x + lay.side - 1
    shift = max(0, math.ceil(low - (x + shape.tile[0]))) - max(0, math.ceil(x + shape.tile[2] - high))

    def moved(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return box[0] + shift, box[1], box[2] + shift, box[3]

    return PlacedBadge(left, shift, BadgeShape(moved(shape.tile), moved(shape.number),
                                               None if shape.mark is None else moved(shape.mark)))


def badge(cell: int, size: int, number: int, style: theme.DiscStyle, newest: bool, mark: str = "",
          left: bool = False, letter: int = 0) -> tuple[Image.Image, int]:
    """An RGBA sprite of a rounded tile holding `number` (see `_badge`)."""
    return _badge(cell, size, number, style, newest, mark, left, letter, script_key(mark))


@lru_cache(maxsize=1024)
def _badge(cell: int, size: int, number: int, style: theme.DiscStyle, newest: bool, mark: str, left: bool,
           letter: int, language: str) -> tuple[Image.Image, int]:
    """An RGBA sprite of a rounded tile holding `number` at `size` px, filled with the writer's colour
    and edged in its dark shade (the newest number is filled with the highlight colour instead), with
    the writer's `mark`, if any, set at `letter` in a part of its own (see `badge_shape`); and how far
    the sprite reaches left of the square's inside."""
    ss = theme.SS
    side = cell - 1
    shape = badge_shape(cell, size, number, mark, left, letter)
    extra = max(0, math.ceil(-shape.tile[0]), math.ceil(shape.tile[2] - side))
    width = side + 2 * extra
    big = Image.new("RGBA", (width * ss, side * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)

    def at(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        return (box[0] + extra) * ss, box[1] * ss, (box[2] + extra) * ss - 1, box[3] * ss - 1

    left_, top, right, bottom = at(shape.tile)
    radius = badge_height(cell) * ss * 0.3
    draw.rounded_rectangle((left_ + ss, top + ss * 1.2, right + ss, bottom + ss * 1.2), radius, fill=(8, 10, 14, 110))
    fill = theme.HIGHLIGHT if newest else style.base
    draw.rounded_rectangle((left_, top, right, bottom), radius, fill=style.dark + (255,))
    inset = badge_edge(cell) * (1.5 if newest else 1) * ss
    n_left, n_top, n_right, n_bottom = at(shape.number)
    draw.rounded_rectangle((n_left + inset, n_top + inset, n_right - inset, n_bottom - inset), max(0.0, radius - inset),
                           fill=fill + (255,))
    sprite = theme.downsample(big)
    draw = ImageDraw.Draw(sprite)
    face = theme.font(size, True)
    baseline = side / 2 + theme.cap_height(size) / 2
    centre = (shape.number[0] + shape.number[2]) / 2 + extra
    draw.text((centre, baseline), str(number), font=face, fill=theme.ink_on(fill) + (255,), anchor="ms")
    if shape.mark is not None:
        middle = (shape.mark[0] + shape.mark[2]) / 2 + extra + (0.5 if left else -0.5) * badge_edge(cell)
        letter = letter or size
        theme.put_text(draw, (middle, side / 2 + theme.cap_height(letter) / 2), mark, theme.font(letter, True),
                       theme.ink_on(style.dark), "ms")
    return sprite, extra


def mark_tag(cell: int, size: int, style: theme.DiscStyle, mark: str, left: bool) -> tuple[Image.Image, int]:
    """A seat's mark beside an x it placed (see `_mark_tag`)."""
    return _mark_tag(cell, size, style, mark, left, script_key(mark))


@lru_cache(maxsize=256)
def _mark_tag(cell: int, size: int, style: theme.DiscStyle, mark: str, left: bool, language: str) -> tuple[Image.Image, int]:
    """A seat's mark beside an x it placed: a small tile in the seat's dark shade holding its letter,
    joined to the square's right edge (or its left); and how far the sprite reaches left of the
    square's inside."""
    ss = theme.SS
    side = cell - 1
    h, m = badge_height(cell), mark_width(cell, size, mark)
    width = m + 1
    big = Image.new("RGBA", (width * ss, side * ss), (0, 0, 0, 0))
    top = (side - h) / 2 * ss
    ImageDraw.Draw(big).rounded_rectangle((0, top, m * ss - 1, top + h * ss - 1), h * ss * 0.3, fill=style.dark + (255,),
                                          outline=style.base + (255,), width=max(ss, round(badge_edge(cell) * ss * 0.8)))
    sprite = theme.downsample(big)
    theme.put_text(ImageDraw.Draw(sprite), (m / 2, side / 2 + theme.cap_height(size) / 2), mark, theme.font(size, True),
                   theme.ink_on(style.dark), "ms")
    return sprite, (m + 1 if left else -side - 1)


def tag_reach(cell: int, size: int, mark: str) -> int:
    """How far an x's mark reaches right of its square's inside."""
    return mark_width(cell, size, mark) + 1


def put(img: Image.Image, sprite: Image.Image, origin: tuple[int, int]) -> None:
    """Paste an RGBA sprite with its top-left corner at `origin`."""
    img.paste(sprite, origin, sprite)


# --- a render -----------------------------------------------------------------------------------------
def seat_marks(state) -> list[str]:
    """Each seat's letter, drawn on everything it placed or wrote and on its card, whatever the number
    of players: two seats' x's and numbers would otherwise differ in hue alone. The initials of the
    sides in the language in use, as the cards name them."""
    return theme.seat_marks([theme.side_word(name) for name in SEAT_NAMES[:state.players]])


def writer(state, index: int) -> int | None:
    """The seat that wrote numbered[index] (number index + 1); None for the automatic 1."""
    return None if index == 0 else (index - 1) % state.players


def style_of(seat: int | None) -> theme.DiscStyle:
    return ONE if seat is None else STYLES[seat]


def shade_rectangle(img: Image.Image, lay: grid.Layout, a: tuple[int, int], b: tuple[int, int], seat: int) -> None:
    """Blend the mover's colour over the rectangle with corners at the centres of squares a and b,
    and edge it: its area in squares is what the move scored."""
    (x1, y1), (x2, y2) = lay.middle(*a), lay.middle(*b)
    box = (min(x1, x2), min(y1, y2), max(x1, x2) + 1, max(y1, y2) + 1)
    colour = STYLES[seat].base
    region = img.crop(box)
    img.paste(Image.blend(region, Image.new("RGB", region.size, colour), SHADE), box[:2])
    ImageDraw.Draw(img).rectangle((box[0], box[1], box[2] - 1, box[3] - 1), outline=colour, width=2)


def draw_path(img: Image.Image, lay: grid.Layout, state) -> None:
    """The segments 1→2→3…, each in the colour of the seat that wrote its far end: an anti-aliased
    mask of all of them (drawn once, supersampled) lets a layer of aliased, slightly wider coloured
    lines through."""
    files = state.numbered
    if len(files) < 2:
        return
    points = [lay.centre(f, state.rank_of[f]) for f in files]
    width = max(2.3, lay.cell * 0.08)
    pad = math.ceil(width) + 2
    x0 = math.floor(min(x for x, _ in points)) - pad
    y0 = math.floor(min(y for _, y in points)) - pad
    x1 = math.ceil(max(x for x, _ in points)) + pad
    y1 = math.ceil(max(y for _, y in points)) + pad
    ss = PATH_SS
    mask = Image.new("L", ((x1 - x0) * ss, (y1 - y0) * ss), 0)
    layer = Image.new("RGB", (x1 - x0, y1 - y0))
    shape, paint = ImageDraw.Draw(mask), ImageDraw.Draw(layer)
    for index in range(1, len(points)):
        (ax, ay), (bx, by) = points[index - 1], points[index]
        ax, ay, bx, by = ax - x0, ay - y0, bx - x0, by - y0  # continuous coordinates; Pillow's are pixel centres
        shape.line((ax * ss - 0.5, ay * ss - 0.5, bx * ss - 0.5, by * ss - 0.5), fill=255, width=round(width * ss))
        paint.line((ax - 0.5, ay - 0.5, bx - 0.5, by - 0.5), fill=style_of(writer(state, index)).base,
                   width=math.ceil(width) + 2)
    img.paste(layer, (x0, y0), mask.reduce(ss))


def image(state, names: Sequence[str]) -> Image.Image:
    """The rendered position as an RGB image (before palette mapping and encoding)."""
    lay = layout_of(state)
    n, cell = lay.n, lay.cell
    img = grid.base(lay, BOARD, FILES).copy()
    last = state.last
    marks = seat_marks(state)
    size, letter = number_size(lay), letter_size(lay)
    if state.placing:
        column, row = strips(n, cell)
        for file in state.placed:
            img.paste(column, lay.origin(file, n - 1))
            img.paste(row, lay.origin(0, state.rank_of[file]))
        if last is not None:
            img.paste(last_x_tile(cell, last.seat), lay.origin(*last.square))
        for index, file in enumerate(state.placed):
            seat = index % state.players
            colour = STYLES[seat].light if last is not None and file == last.square[0] else STYLES[seat].base
            x, y = lay.origin(file, state.rank_of[file])
            put(img, x_sprite(cell, colour), (x, y))
            if marks:  # beside the x, in its rank, which holds nothing else
                left = mark_on_left(lay, file, cell + tag_reach(cell, letter, marks[seat]))
                tag, reach = mark_tag(cell, letter, STYLES[seat], marks[seat], left)
                put(img, tag, (x - reach, y))
    else:
        if last is not None and last.number is None:  # the last x placed, before anything is written
            img.paste(last_x_tile(cell, last.seat), lay.origin(*last.square))
        if last is not None and last.previous is not None:
            shade_rectangle(img, lay, last.previous, last.square, last.seat)
        draw_path(img, lay, state)
        written = set(state.numbered)
        plain = x_sprite(cell, PLAIN_X)
        for file in range(n):
            if file not in written:
                put(img, plain, lay.origin(file, state.rank_of[file]))
        newest = len(state.numbered) - 1 if last is not None and last.number is not None else -1
        for index, file in enumerate(state.numbered):
            seat = writer(state, index)
            mark = marks[seat] if seat is not None else ""
            placed = placed_badge(lay, file, index + 1, mark)
            sprite, extra = badge(cell, size, index + 1, style_of(seat), index == newest, mark, placed.left, letter)
            x, y = lay.origin(file, state.rank_of[file])
            put(img, sprite, (x - extra + placed.shift, y))
    shown = seats(state, names)
    theme.draw_players(img, 0, shown, state.to_move, state.outcome, marks)
    theme.draw_footer(img, lay.footer_y, shown, state.to_move, state.outcome, detail(state, shown), aside=phase(state))
    return img


def seats(state, names: Sequence[str]) -> list[theme.Seat]:
    """The seats as the cards show them, with their points; a four-digit score is followed by "pts" so
    that it still clears the seat's side."""
    short = max(state.scores) >= 1000
    return theme.seats_for(GAME, state, names, STYLES, state.scores, points_short if short else POINTS)


def _palette(n: int, players: int) -> Image.Image:
    """The fixed 256-colour palette for every PNG of this size, fitted to every colour the renderer
    can draw: the board, the shaded strips, every seat's x's, badges, path and rectangle, the panel
    and footer."""
    lay = layout(n, players)
    cell = lay.cell
    sheet = grid.base(lay, BOARD, FILES).copy()
    column, row = strips(n, cell)
    for k in range(0, n, 3):
        sheet.paste(column, lay.origin(k, n - 1))
        sheet.paste(row, lay.origin(0, k))
    samples = []
    for seat in range(players):
        style = STYLES[seat]
        tile = Image.new("RGB", (cell * 8, cell * 3), CELL)
        band = Image.new("RGB", (cell * 3, cell * 3), USED)
        tile.paste(band, (cell * 5, 0))
        tile.paste(last_x_tile(cell, seat), (cell * 5, cell))
        put(tile, x_sprite(cell, style.light), (cell * 5, cell))
        put(tile, x_sprite(cell, style.base), (cell * 6, 0))
        put(tile, x_sprite(cell, style.base), (cell * 7, 2 * cell))
        squares = Image.new("RGB", (cell * 5, cell * 3), GRID)
        draw = ImageDraw.Draw(squares)
        for x in range(5):
            for y in range(3):
                draw.rectangle((x * cell + 1, y * cell + 1, x * cell + cell - 1, y * cell + cell - 1), fill=CELL)
        tile.paste(squares, (0, 0))
        shaded = Image.blend(tile.crop((0, 0, cell * 3, cell * 3)), Image.new("RGB", (cell * 3, cell * 3), style.base), SHADE)
        tile.paste(shaded, (0, 0))
        line = ImageDraw.Draw(tile)
        line.line((cell // 2, cell // 2, cell * 4, cell * 2), fill=style.base, width=max(2, round(cell * 0.08)))
        line.line((cell // 2, cell * 2, cell * 4, cell // 3), fill=style.base, width=max(2, round(cell * 0.08)))
        put(tile, x_sprite(cell, PLAIN_X), (cell * 3, 0))
        mark = theme.seat_marks([theme.side_word(name) for name in SEAT_NAMES[:players]])[seat]
        size, letter = number_size(lay), letter_size(lay)
        put(tile, badge(cell, size, 25, style, False, mark, False, letter)[0], (cell, cell))
        put(tile, badge(cell, size, 18, style, True, mark, True, letter)[0], (cell * 3, cell * 2))
        put(tile, badge(cell, size, 1, ONE, False)[0], (0, cell * 2))
        put(tile, mark_tag(cell, letter, style, mark, False)[0], (cell * 6, cell))
        samples.append(tile)
    return theme.palette_for([sheet, *samples, theme.panel_samples(lay.width, STYLES[:players], SEAT_NAMES[:players])])


@cache
def palette(n: int, players: int) -> Image.Image:
    """The fixed 256-colour palette for every PNG of this size (see `_palette`), drawn in English:
    one palette whatever the language."""
    return theme.in_english(lambda: _palette(n, players))


def render(state, names: Sequence[str]) -> bytes:
    """The PNG the bot posts for this state."""
    return theme.encode_png(image(state, names), palette(state.n, state.players))
