"""Elevation: a 6×6 board of terrain stacks, each square shaded by its height (deep teal hollows, sea
green and sage in the middle, warm stone, sand and snow on the heights) with the height in its corner; the pieces
in their seat's colour, Red's round and Blue's square, with an emblem per kind (crossed swords a samurai, a fish, a winged
dragon); the last turn as a ring round the piece that moved, an arrow along its steps (one chained
arrow for two), chips on the squares a tile was dug from (−1) and put on (+1), and a crossed-out ghost
of any piece it captured; a legend under the board, players above with their pieces by kind, status
below.

The image's size never changes. Everything that depends only on constant inputs is built once and
cached: the base image (background, framed grid, coordinates, legend), a ground tile and a number per
height, a sprite per piece, ghost, chip and card icon, an arrow per shape of step path, and the PNG
palette. A render copies the base, pastes 36 ground tiles and a handful of sprites, draws the player
cards and the footer, and encodes the result.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import grid, theme
from renderers.theme import RGB
from rules.elevation import (
    BOARD,
    FISH,
    GAME,
    KIND,
    KINDS,
    OWNER,
    SAMURAI,
    SEAT_NAMES,
    SIDE,
    ElevationLast,
    ElevationState,
    piece,
)

PLAYERS = 2

# --- layout -------------------------------------------------------------------------------------------
WIDTH = 600  # as the other two-player games
CELL = 80  # px from one grid line to the next: room for a piece, its height and the last turn's marks
LEGEND_HEIGHT = 34  # the band under the file letters that names the emblems and chips
DISC = 48  # a piece's diameter
RING = DISC + 10  # the ring round the piece that moved
GHOST_SMALL = 26  # a captured piece's ghost when the capturing piece stands on its square
TEXT_SIZE = theme.phone_size(WIDTH)  # every text on and under the board reads at a phone's width
NUMBER_SIZE = TEXT_SIZE  # a square's height, in its top-left corner (bold)
NUMBER_INSET = (5, 2)  # from the square's edges to the number's box (its halo included)
CHIP_SIZE = TEXT_SIZE  # the −1 / +1 chips, in the top-right corner (bold)
LEGEND_SIZE = TEXT_SIZE
CHIP_INSET = (4, 4)
GHOST_INSET = (3, 3)
ICON = 22  # the pieces on the player cards and in the legend
ARROW_WIDTH = 6.0  # a step arrow's stroke
ARROW_EDGE = 2.0  # its dark casing, each side
LANE = 5.0  # how far apart the two legs of a step there and back are drawn, each from the centre line
DETAIL_LINES = 3  # in the footer
SQUARES = (False, True)  # by seat: Red's pieces are round, Blue's square, so that they differ in more than colour
SQUARE = 0.88  # a square piece's side, of a round one's diameter
CORNER = 0.26  # a square piece's corners, rounded by this share of its side


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
EMBLEM: RGB = (252, 250, 242)
STYLES = theme.SEAT_STYLES[:PLAYERS]  # Red, Blue
NEUTRAL = theme.DiscStyle(light=(200, 204, 212), base=(112, 118, 128), dark=(60, 64, 72), rim=(30, 32, 36))  # the legend's
ARROW: RGB = theme.HIGHLIGHT
CASING: RGB = (28, 24, 16)
PUT: tuple[RGB, RGB, RGB] = ((246, 244, 236), (30, 30, 26), (30, 30, 26))  # a +1 chip: fill, text, edge
TAKEN: tuple[RGB, RGB, RGB] = ((36, 38, 44), (246, 246, 240), (232, 232, 226))  # a −1 chip
CROSS: RGB = (250, 250, 246)  # the x over a captured piece's ghost
GHOST_ALPHA = 0.6
SYMBOLS = ("SFD", "sfd")  # how each seat's pieces show on the text board


def shade(height: int) -> RGB:
    """The ground's colour at `height` (clamped to the ramp)."""
    return TERRAIN[max(0, min(height, len(TERRAIN) - 1))]


def luminance(colour: RGB) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def ink(height: int) -> RGB:
    """The colour of the height's number: dark on light ground, light on dark."""
    return INK_DARK if luminance(shade(height)) > 120 else INK_LIGHT


# --- cached pictures ----------------------------------------------------------------------------------
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
    left, top, right, bottom = face.getbbox(text, stroke_width=2)
    out = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(out).text((-left, -top), text, font=face, fill=ink(height) + (255,), stroke_width=2,
                             stroke_fill=shade(height) + (255,))
    return out


def emblem(kind: int, size: int, eye: RGB) -> Image.Image:
    """An RGBA sprite `size` px square with a kind's emblem in the middle: crossed swords (samurai), a
    fish (its eye in `eye`), a horned head between scalloped wings (dragon)."""
    ss = theme.SS
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * ss / 2
    r = size * ss * 0.36
    colour = EMBLEM + (255,)
    clear = (0, 0, 0, 0)

    def p(x: float, y: float) -> tuple[float, float]:
        return c + x * r, c + y * r

    if kind == SAMURAI:
        w = round(0.17 * r)
        for s in (-1, 1):
            draw.line([p(-0.85 * s, 0.85), p(0.8 * s, -0.8)], fill=colour, width=w)  # a blade, hilt low
            gx, gy = -0.45 * s, 0.45
            draw.line([p(gx - 0.22, gy - 0.22 * s), p(gx + 0.22, gy + 0.22 * s)], fill=colour, width=round(w * 1.5))
    elif kind == FISH:
        draw.ellipse((*p(-0.8, -0.42), *p(0.42, 0.42)), fill=colour)
        draw.polygon([p(0.22, 0), p(0.92, -0.52), p(0.76, 0), p(0.92, 0.52)], fill=colour)
        e = 0.11
        draw.ellipse((*p(-0.48 - e, -0.1 - e), *p(-0.48 + e, -0.1 + e)), fill=eye + (255,))
    else:
        for s in (-1, 1):
            wing = [(0.06, -0.1), (0.4, -0.62), (0.7, -0.7), (1.0, -0.58), (0.98, 0.22), (0.06, 0.38)]
            draw.polygon([p(s * x, y) for x, y in wing], fill=colour)
            for x, y, k in ((0.8, 0.34, 0.2), (0.46, 0.42, 0.18), (0.14, 0.52, 0.14)):  # the scallops
                draw.ellipse((*p(s * x - k, y - k), *p(s * x + k, y + k)), fill=clear)
        draw.ellipse((*p(-0.16, -0.4), *p(0.16, 0.72)), fill=colour)
        draw.polygon([p(-0.15, -0.62), p(0.15, -0.62), p(0.22, -0.4), p(0, -0.25), p(-0.22, -0.4)], fill=colour)
        for s in (-1, 1):  # horns
            draw.polygon([p(s * 0.15, -0.62), p(s * 0.24, -0.86), p(s * 0.05, -0.66)], fill=colour)
    return theme.downsample(big)


@cache
def token(style: theme.DiscStyle, kind: int, diameter: int, shadow: bool = True, square: bool = False) -> Image.Image:
    """A piece: a shaded disc in `style` with the kind's emblem on it; or, `square`, a shaded tile a
    little smaller, so that it stays inside the ring round the piece that moved."""
    if square:
        size = round(diameter * SQUARE)
        disc = theme.disc(style, size, shadow, CORNER).copy()
        pad = (theme.disc(style, diameter, shadow).width - disc.width) // 2
        sprite = Image.new("RGBA", (disc.width + 2 * pad, disc.height + 2 * pad), (0, 0, 0, 0))
        sprite.paste(disc, (pad, pad))
        disc = sprite
    else:
        disc = theme.disc(style, diameter, shadow).copy()
    mark = emblem(kind, diameter, style.base)
    disc.alpha_composite(mark, ((disc.width - mark.width) // 2, (disc.height - mark.height) // 2))
    return disc


def piece_sprite(code: int) -> Image.Image:
    seat = OWNER[code]
    return token(STYLES[seat], KIND[code], DISC, square=SQUARES[seat])


@cache
def ghost(code: int, diameter: int) -> Image.Image:
    """A captured piece: its token, faded, crossed out."""
    faded = token(STYLES[OWNER[code]], KIND[code], diameter, False, SQUARES[OWNER[code]]).copy()
    faded.putalpha(faded.getchannel("A").point(lambda a: round(a * GHOST_ALPHA)))
    ss = theme.SS
    side = faded.width * ss
    cross = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(cross)
    c, arm = side / 2, diameter * ss * 0.3
    width = max(2.5, diameter * 0.085) * ss
    for w, fill in ((width + 2.5 * ss, CASING + (255,)), (width, CROSS + (255,))):
        for dx in (-arm, arm):
            draw.line((c - dx, c - arm, c + dx, c + arm), fill=fill, width=round(w))
            for x, y in ((c - dx, c - arm), (c + dx, c + arm)):
                draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=fill)
    faded.alpha_composite(theme.downsample(cross))
    return faded


@cache
def chip(text: str, put: bool) -> Image.Image:
    """A small rounded chip with `text` ("+1", "−2"): light with a dark edge for tiles put, dark with a
    light edge for tiles dug, so that either stands out on any ground."""
    fill, colour, edge = PUT if put else TAKEN
    face = theme.font(CHIP_SIZE, True)
    left, _, right, _ = face.getbbox(text)
    h = CHIP_SIZE + 6
    w = round(right - left) + 10
    out = theme.rounded_box((w, h), h // 2, fill, edge, 1).copy()
    ImageDraw.Draw(out).text((w / 2, h / 2 + 0.5), text, font=face, fill=colour + (255,), anchor="mm")
    return out


def ring() -> Image.Image:
    """The ring round the piece that moved (or dug)."""
    return theme.ring(theme.HIGHLIGHT, RING, 3.5)


@lru_cache(maxsize=256)
def arrow(moves: tuple[tuple[int, int], ...]) -> tuple[Image.Image, tuple[int, int]]:
    """The arrow along a path of steps, each (files, ranks) from the square before, as (RGBA sprite,
    its top-left relative to the first square's top-left pixel): a dot where the piece started, a
    line through the centres of the squares on the way (a step there and back on two lanes), and a
    head that stops short of the ring round the piece where it ended."""
    half = (CELL - 1) / 2
    centres = [(half, half)]
    for df, dr in moves:
        x, y = centres[-1]
        centres.append((x + df * CELL, y - dr * CELL))
    back = len(moves) == 2 and moves[1] == (-moves[0][0], -moves[0][1])
    path: list[tuple[float, float]] = []
    for a, b in zip(centres, centres[1:]):
        ux, uy = unit(a, b)
        nx, ny = (-uy * LANE, ux * LANE) if back else (0.0, 0.0)  # there and back: each leg on its right
        for x, y in (a, b):
            if not path or path[-1] != (x + nx, y + ny):
                path.append((x + nx, y + ny))
    ux, uy = unit(path[-2], path[-1])
    stop = RING / 2 + 1
    tip = (path[-1][0] - ux * stop, path[-1][1] - uy * stop)
    head_len, head_half = ARROW_WIDTH * 2.6, ARROW_WIDTH * 1.7
    neck = (tip[0] - ux * head_len, tip[1] - uy * head_len)
    head = [tip, (neck[0] - uy * head_half, neck[1] + ux * head_half), (neck[0] + uy * head_half, neck[1] - ux * head_half)]
    line = [*path[:-1], (neck[0] + ux * 2, neck[1] + uy * 2)]
    pad = head_half + ARROW_EDGE + 3
    xs, ys = [x for x, _ in path + head], [y for _, y in path + head]
    x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    x1, y1 = math.ceil(max(xs) + pad), math.ceil(max(ys) + pad)
    ss = theme.SS
    big = Image.new("RGBA", ((x1 - x0) * ss, (y1 - y0) * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] - x0) * ss, (point[1] - y0) * ss

    def dot(point: tuple[float, float], radius: float, fill: tuple[int, int, int, int]) -> None:
        x, y = at(point)
        draw.ellipse((x - radius * ss, y - radius * ss, x + radius * ss, y + radius * ss), fill=fill)

    start_r = ARROW_WIDTH * 0.95
    for edge, colour in ((ARROW_EDGE, CASING), (0.0, ARROW)):
        fill = colour + (255,)
        width = ARROW_WIDTH + 2 * edge
        draw.line([at(q) for q in line], fill=fill, width=round(width * ss), joint="curve")
        for q in line[1:-1]:
            dot(q, width / 2, fill)  # round joints where a chain turns
        dot(line[0], start_r + edge, fill)
        if edge:
            draw.line([at(q) for q in (*head, head[0])], fill=fill, width=round(2 * edge * ss), joint="curve")
            for q in head:
                dot(q, edge, fill)
        draw.polygon([at(q) for q in head], fill=fill)
    return theme.downsample(big), (x0, y0)


def unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length else (0.0, 0.0)


@lru_cache(maxsize=1)
def base() -> Image.Image:
    """Background, the framed grid with coordinates, and the legend: each emblem with its kind's name
    and the two chips with what they mean."""
    lay = layout()
    img = grid.base(lay, BOARD_COLOURS, BOARD.files).copy()
    face = theme.font(LEGEND_SIZE)
    items: list[tuple[Image.Image, str]] = [(token(NEUTRAL, kind, ICON), KINDS[kind]) for kind in range(len(KINDS))]
    items += [(chip("+1", True), "tile put"), (chip("−1", False), "tile dug")]
    gap, space = 5, 14
    widths = [sprite.width + gap + round(face.getlength(label)) for sprite, label in items]
    x = (lay.width - sum(widths) - space * (len(items) - 1)) // 2
    y = lay.footer_y - LEGEND_HEIGHT + 8
    draw = ImageDraw.Draw(img)
    for (sprite, label), w in zip(items, widths):
        img.paste(sprite, (x, round(y - sprite.height / 2)), sprite)
        draw.text((x + sprite.width + gap, y), label, font=face, fill=theme.MUTED, anchor="lm")
        x += w + space
    return img


# --- a render -----------------------------------------------------------------------------------------
def image(state, names: Sequence[str]) -> Image.Image:
    """The rendered position as an RGB image (before palette mapping and encoding)."""
    lay = layout()
    img = base().copy()
    coords = BOARD.coords
    origins = [lay.origin(*coords[cell]) for cell in range(SIDE * SIDE)]
    heights, pieces = state.heights, state.pieces
    for cell, height in enumerate(heights):
        img.paste(ground(height), origins[cell])
    last: ElevationLast | None = state.last
    end, head = None, None
    if last is not None:
        end = last.steps[-1][1] if last.steps else last.start
        head = head_corner(last)
        if last.steps:
            sprite, (dx, dy) = arrow(step_offsets(last))
            x, y = origins[last.start]
            img.paste(sprite, (x + dx, y + dy), sprite)
        for cell, code in last.captured:
            if not pieces[cell]:  # the capturing piece moved on: the ghost where the piece stood, over the arrow
                theme.paste(img, ghost(code, DISC), lay.centre(*coords[cell]))
    for cell, code in enumerate(pieces):
        if code:
            theme.paste(img, piece_sprite(code), lay.centre(*coords[cell]))
    if last is not None:
        theme.paste(img, ring(), lay.centre(*coords[end]))
        for cell, code in last.captured:
            if pieces[cell]:  # under the capturing piece: a small ghost in a lower corner
                paste_in(img, ghost(code, GHOST_SMALL), origins[cell], moved("br", cell, end, head), GHOST_INSET)
    for cell, height in enumerate(heights):
        paste_in(img, number(height), origins[cell], moved("tl", cell, end, head), NUMBER_INSET)
    if last is not None:
        for cell, (put, taken) in dig_counts(last).items():
            corner = moved("tr", cell, end, head)
            for k, sprite in enumerate(chips(put, taken)):  # a second chip further from the corner's edge
                paste_in(img, sprite, origins[cell], corner, (CHIP_INSET[0], CHIP_INSET[1] + k * (sprite.height + 2)))
    shown = seats(state, names)
    theme.draw_players(img, 0, shown, state.to_move, state.outcome)
    draw_kinds(img, state)
    theme.draw_footer(img, lay.footer_y, shown, state.to_move, state.outcome, detail(state, shown), lines=DETAIL_LINES)
    return img


def step_offsets(last: ElevationLast) -> tuple[tuple[int, int], ...]:
    """The last turn's steps as (files, ranks) from the square before."""
    coords = BOARD.coords
    return tuple((coords[b][0] - coords[a][0], coords[b][1] - coords[a][1]) for a, b in last.steps)


def head_corner(last: ElevationLast) -> str | None:
    """The corner of the last step's square that the arrow's head reaches into: for a diagonal step
    the one it comes from ("tl", "tr", "bl" or "br"); None for a straight step or none."""
    if not last.steps:
        return None
    df, dr = step_offsets(last)[-1]
    if not (df and dr):
        return None
    return ("b" if dr > 0 else "t") + ("l" if df > 0 else "r")


def moved(corner: str, cell: int, end: int | None, head: str | None) -> str:
    """Where a corner mark of `cell` goes: its own corner, or the lower left one (used by nothing
    else) when the arrow's head reaches into that corner of the square the piece stepped to."""
    return "bl" if cell == end and corner == head else corner


def paste_in(img: Image.Image, sprite: Image.Image, origin: tuple[int, int], corner: str, inset: tuple[int, int]) -> None:
    """Paste `sprite` into a square's corner, `inset` px (across, down) from its edges."""
    side = CELL - 1
    x = origin[0] + (inset[0] if corner[1] == "l" else side - inset[0] - sprite.width)
    y = origin[1] + (inset[1] if corner[0] == "t" else side - inset[1] - sprite.height)
    img.paste(sprite, (x, y), sprite)


def dig_counts(last: ElevationLast) -> dict[int, tuple[int, int]]:
    """For each square a dig touched, (tiles put on it, tiles taken from it)."""
    counts: dict[int, list[int]] = {}
    for src, dst in last.digs:
        counts.setdefault(src, [0, 0])[1] += 1
        counts.setdefault(dst, [0, 0])[0] += 1
    return {cell: (put, taken) for cell, (put, taken) in counts.items()}


def chips(put: int, taken: int) -> list[Image.Image]:
    """The chips of a square a turn's digs touched: "+n" for tiles put on it, "−n" for tiles dug from it,
    one above the other when it was both."""
    return [chip(f"+{put}", True)] * bool(put) + [chip(f"−{taken}", False)] * bool(taken)


def colours(state) -> theme.Colours:
    """What the board is drawn in: the pieces on the ground of every height (tests/test_palette.py keeps them apart)."""
    return theme.Colours(seats=tuple((style.base,) for style in STYLES), grounds=TERRAIN)


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on and under the board, with its font size and whether it is bold."""
    lay = layout()
    return {"files and ranks": (lay.label_size, True), "heights": (NUMBER_SIZE, True), "dug and put": (CHIP_SIZE, True),
            "legend": (LEGEND_SIZE, False), "pieces left": (theme.panel(WIDTH, PLAYERS).text, True)}


def chip_text(put: int, taken: int) -> str:
    parts = ([f"+{put}"] if put else []) + ([f"−{taken}"] if taken else [])
    return " ".join(parts)


def seats(state, names: Sequence[str]) -> list[theme.Seat]:
    """The seats as the cards show them, each disc shaped as its pieces are: no single score (the game
    keeps none; the pieces left by kind are drawn beside the side, see `draw_kinds` and
    `ElevationState.kinds_left`)."""
    return [replace(seat, corner=CORNER if SQUARES[k] else 0.0) for k, seat in enumerate(theme.seats_for(GAME, state, names, STYLES, None))]


def draw_kinds(img: Image.Image, state) -> None:
    """Each seat's pieces left by kind on its card, right of its side's name: an icon and a count per
    kind, faded for a kind that is gone."""
    draw = ImageDraw.Draw(img)
    lay = theme.panel(img.width, PLAYERS)
    face = theme.font(lay.text, True)
    for seat in range(PLAYERS):
        box = theme.card_box(img.width, PLAYERS, seat)
        right, base_y = box.right, box.baseline
        loser = theme.card_state(seat, state.to_move, state.outcome) == "loser"
        for kind, count in reversed(list(enumerate(state.kinds_left(seat)))):
            colour = theme.FAINT if count == 0 else theme.MUTED if loser else theme.TEXT
            theme.put_text(draw, (right, base_y), str(count), face, colour, "rs")
            right -= round(face.getlength(str(count))) + 3
            icon = card_icon(seat, kind, count == 0)
            img.paste(icon, (right - icon.width, round(base_y - theme.cap_height(lay.text) / 2 - icon.height / 2)), icon)
            right -= icon.width + round(lay.text * 0.5)


@cache
def card_icon(seat: int, kind: int, gone: bool) -> Image.Image:
    """A small token for the cards; faded when the seat has none of the kind left."""
    icon = token(STYLES[seat], kind, ICON, False, SQUARES[seat])
    if gone:
        icon = icon.copy()
        icon.putalpha(icon.getchannel("A").point(lambda a: round(a * 0.35)))
    return icon


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line: the last move with what it did."""
    opening = [("New game · ", theme.MUTED), ("dig", theme.TEXT), (" a tile and ", theme.MUTED), ("step", theme.TEXT),
               (", in either order", theme.MUTED)]
    return theme.move_detail(state, seats, opening)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed 256-colour palette for every PNG, fitted to every colour the renderer can draw: the
    base, the ground and number of every shade, each seat's pieces, ghosts and arrows on light and
    dark ground, the chips, the cards and the footer."""
    samples = []
    codes = [piece(seat, kind) for seat in range(PLAYERS) for kind in range(3)]
    for k, height in enumerate(range(len(TERRAIN))):
        heights = tuple([height] * (SIDE * SIDE))
        pieces = [0] * (SIDE * SIDE)
        for j, code in enumerate(codes):
            pieces[(k + 5 * j) % (SIDE * SIDE)] = code
        a, b, c = 14, 15, 21  # c3, c4, d4
        pieces[a], pieces[b] = 0, codes[k % 6]
        last = ElevationLast(seat=0, notation="", piece=codes[k % 6], start=a, steps=((a, b),),
                             digs=((c, 20), (c, 22)), captured=((b, codes[(k + 3) % 6]),))
        samples.append(image(ElevationState(heights, tuple(pieces), 0, last), ["Sample Ag", "Sample Ag"]))
    return theme.palette_for([base(), *samples, theme.panel_samples(WIDTH, STYLES, SEAT_NAMES)])


def render(state, names: Sequence[str]) -> bytes:
    """The PNG the bot posts for this state."""
    return theme.encode_png(image(state, names), palette())


# --- text ---------------------------------------------------------------------------------------------
def kinds_text(counts: Sequence[int]) -> str:
    """"2 samurai, 1 fish, 0 dragons"."""
    samurai, fish, dragons = counts
    return f"{samurai} samurai, {fish} fish, {dragons} dragon{'' if dragons == 1 else 's'}"


def text(state, names: Sequence[str]) -> str:
    """A plain-text board: ranks 6..1 top to bottom, each square its height then its piece (`S` `F`
    `D` Red's samurai, fish and dragon, `s` `f` `d` Blue's, `.` none), then for the last turn `*`
    the piece that moved, `o` where it started, `x` a capture, and `+` / `-` / `±` a tile put / dug /
    both. Then the key, the players with their pieces by kind, the last move and the result."""
    last = state.last
    marks: dict[int, str] = {}
    digs: dict[int, str] = {}
    if last is not None:
        end = last.steps[-1][1] if last.steps else last.start
        for cell, _ in last.captured:
            marks[cell] = "x"
        marks[last.start] = "o"
        marks[end] = "*"
        for cell, (put, taken) in dig_counts(last).items():
            digs[cell] = "±" if put and taken else "+" if put else "-"
    by_coord = {coord: cell for cell, coord in enumerate(BOARD.coords)}
    header = "   " + "".join(f"   {letter}  " for letter in BOARD.files)
    lines = [header.rstrip()]
    for rank in range(SIDE - 1, -1, -1):
        row = []
        for file in range(SIDE):
            cell = by_coord[(file, rank)]
            code = state.pieces[cell]
            letter = "." if not code else SYMBOLS[OWNER[code]][KIND[code]]
            row.append(f"{state.heights[cell]:>3}{letter}{marks.get(cell, '') + digs.get(cell, ''):<2}")
        lines.append(f"{rank + 1:>2} " + "".join(row) + f" {rank + 1}")
    lines.append(header.rstrip())
    lines.append("Height, then S F D: Red's samurai, fish, dragon; s f d: Blue's; . no piece")
    if last is not None:
        lines.append("* moved   o started   x captured   + tile put   - tile dug")
    players = [replace(seat, score=kinds_text(state.kinds_left(k))) for k, seat in enumerate(seats(state, names))]
    lines.append("")
    lines.extend(theme.text_players(state, players, SYMBOLS, "left"))
    if last is not None:
        lines.append(theme.text_last_move(last, players))
    if state.outcome is not None:
        lines.append("Game over: " + theme.result_text(state.outcome, players, plain=True))
    return "\n".join(lines) + "\n"

