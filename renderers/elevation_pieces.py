"""Elevation's sprites (renderers/elevation.py is the game's renderer): a piece, round for Red and square
for Blue, with its kind's emblem; a captured piece's crossed-out ghost; the chips of a dug and a put tile;
the ring round the piece that moved and the arrow along its steps; the small pieces of the cards. Each is
built once and cached."""
from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import theme
from renderers.elevation_ground import CELL, PLAYERS, TEXT_SIZE
from renderers.theme import RGB
from rules.elevation import FISH, SAMURAI, kind_of, owner_of

DISC = 48  # a piece's diameter
RING = DISC + 10  # the ring round the piece that moved
CHIP_SIZE = TEXT_SIZE  # the −1 / +1 chips, in the top-right corner (bold)
ICON = 22  # the pieces on the player cards and in the legend
ARROW_WIDTH = 6.0  # a step arrow's stroke
ARROW_EDGE = 2.0  # its dark casing, each side
LANE = 5.0  # how far apart the two legs of a step there and back are drawn, each from the centre line
SQUARES = (False, True)  # by seat: Red's pieces are round, Blue's square, so that they differ in more than colour
SQUARE = 0.88  # a square piece's side, of a round one's diameter
CORNER = 0.26  # a square piece's corners, rounded by this share of its side
EMBLEM: RGB = (252, 250, 242)
STYLES = theme.SEAT_STYLES[:PLAYERS]  # Red, Blue
NEUTRAL = theme.DiscStyle(light=(200, 204, 212), base=(112, 118, 128), dark=(60, 64, 72), rim=(30, 32, 36))  # the legend's
ARROW: RGB = theme.HIGHLIGHT
CASING: RGB = (28, 24, 16)
PUT: tuple[RGB, RGB, RGB] = ((246, 244, 236), (30, 30, 26), (30, 30, 26))  # a +1 chip: fill, text, edge
TAKEN: tuple[RGB, RGB, RGB] = ((36, 38, 44), (246, 246, 240), (232, 232, 226))  # a −1 chip
CROSS: RGB = (250, 250, 246)  # the x over a captured piece's ghost
GHOST_ALPHA = 0.6


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
    seat = owner_of(code)
    return token(STYLES[seat], kind_of(code), DISC, square=SQUARES[seat])


@cache
def ghost(code: int, diameter: int) -> Image.Image:
    """A captured piece: its token, faded, crossed out."""
    seat = owner_of(code)
    faded = token(STYLES[seat], kind_of(code), diameter, False, SQUARES[seat]).copy()
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


@cache
def card_icon(seat: int, kind: int, gone: bool) -> Image.Image:
    """A small token for the cards; faded when the seat has none of the kind left."""
    icon = token(STYLES[seat], kind, ICON, False, SQUARES[seat])
    if gone:
        icon = icon.copy()
        icon.putalpha(icon.getchannel("A").point(lambda a: round(a * 0.35)))
    return icon

