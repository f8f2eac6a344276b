"""X's and lines' lines as drawn (renderers/xlines.py is the game's renderer): each in its seat's colour,
Red's solid and Blue's dashed, edged in a dark casing (the newest line wider and edged in the highlight),
with a rounded corner; collinear lines that overlap are drawn side by side in lanes. Straight arms are
plain rectangles on whole pixels; only the corners are anti-aliased, cached sprites."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import grid, theme
from renderers.theme import RGB
from renderers.xlines_board import CELL, STYLES, Layout

CASING: RGB = (20, 23, 29)  # the dark edge along every line, so touching and overlapping lines stay apart
MUTE = 0.12  # how far lines before the last one fade towards the squares
DASHED = (False, True)  # by seat: Blue's lines are broken where they cross a grid line
GAP = 0.34  # of a square: the break in a dashed line


@cache
def corner_sprite(quadrant: tuple[int, int], radius: float, half: float, edge: int, colour: RGB, casing: RGB) -> Image.Image:
    """A quarter ring: a line's rounded corner (stroke `2·half` px, radius `radius` to its middle,
    with `edge` px of casing either side), its centre at the sprite's corner that `quadrant` points
    away from: (1, 1) has the centre at the top left and the arc to the lower right."""
    ss = theme.SS
    outer = radius + half + edge
    size = math.ceil(outer) + 1
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    cx = 0 if quadrant[0] > 0 else size * ss
    cy = 0 if quadrant[1] > 0 else size * ss
    for r, fill in ((outer, casing + (255,)), (radius + half, colour + (255,)), (radius - half, casing + (255,)),
                    (radius - half - edge, (0, 0, 0, 0))):
        draw.ellipse((cx - r * ss, cy - r * ss, cx + r * ss, cy + r * ss), fill=fill)
    return theme.downsample(big)


@dataclass(frozen=True)
class Arm:
    line: int  # the index of its line
    horizontal: bool
    fixed: int  # its rank (horizontal) or file (vertical)
    lo: int  # the span along it: files (horizontal) or ranks (vertical)
    hi: int
    corner: int | None  # where along it the line turns, if it does
    turn: int  # which way, on screen, across this arm, the line goes on from its corner: −1, 0 or 1


def arms_of(index: int, points: Sequence[tuple[int, int]]) -> list[Arm]:
    """The arms of one line, with the way each turns at the corner (in screen terms: for a horizontal
    arm +1 is down, for a vertical one +1 is right)."""
    arms = []
    for k, (a, b) in enumerate(zip(points, points[1:])):
        horizontal = a[1] == b[1]
        along, fixed = (0, 1) if horizontal else (1, 0)
        corner, turn = None, 0
        if len(points) == 3:
            corner_sq = points[1]
            far = points[2] if k == 0 else points[0]  # the other arm's far end, seen from the corner
            corner = corner_sq[along]
            step = far[fixed] - corner_sq[fixed]  # in ranks (up) for a horizontal arm, files (right) otherwise
            turn = (1 if step > 0 else -1) * (-1 if horizontal else 1)
        arms.append(Arm(index, horizontal, a[fixed], min(a[along], b[along]), max(a[along], b[along]), corner, turn))
    return arms


@lru_cache(maxsize=256)
def lanes(lines: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[tuple[float, ...], ...]:
    """For each line (given by its points), each arm's offset across itself in lanes: 0 for an arm that
    overlaps no collinear arm; arms that run along one another share out lanes either side of the
    centre, those turning towards one side of the group on that side (and, of two turning the same
    way, the one whose corner lies inside the other's span nearer the side it turns to), so that
    their corners do not cut across each other."""
    arms = [arm for index, points in enumerate(lines) for arm in arms_of(index, points)]
    order = {id(arm): k for k, arm in enumerate(arms)}
    offsets = [0.0] * len(arms)
    rows: dict[tuple[bool, int], list[Arm]] = {}
    for arm in arms:
        rows.setdefault((arm.horizontal, arm.fixed), []).append(arm)
    for row in rows.values():
        row.sort(key=lambda arm: (arm.lo, arm.hi, order[id(arm)]))
        groups: list[list[Arm]] = []
        reach = None
        for arm in row:
            if reach is not None and arm.lo < reach:
                groups[-1].append(arm)
                reach = max(reach, arm.hi)
            else:
                groups.append([arm])
                reach = arm.hi
        for group in groups:
            def key(arm: Arm, group: list[Arm] = group) -> tuple[int, int, int]:
                inside = sum(1 for other in group if other is not arm and arm.corner is not None
                             and other.lo < arm.corner < other.hi)
                return arm.turn, inside * arm.turn, order[id(arm)]

            ranked = sorted(group, key=key)
            middle = (len(ranked) - 1) / 2
            for k, arm in enumerate(ranked):
                offsets[order[id(arm)]] = k - middle
    result, k = [], 0
    for points in lines:
        result.append(tuple(offsets[k:k + len(points) - 1]))
        k += len(points) - 1
    return tuple(result)


def bar(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], half: float, colour: RGB) -> None:
    """A rectangle `2·half` px wide along the axis-aligned segment a–b (edges on whole pixels)."""
    if a[1] == b[1]:
        x0, x1 = sorted((a[0], b[0]))
        y0, y1 = a[1] - half, a[1] + half
    else:
        y0, y1 = sorted((a[1], b[1]))
        x0, x1 = a[0] - half, a[0] + half
    draw.rectangle((round(x0), round(y0), round(x1) - 1, round(y1) - 1), fill=colour)


def line_colours(seat: int, newest: bool) -> tuple[RGB, RGB]:
    """A line's colour and the colour of its edge: the newest line at full strength, edged in the
    highlight colour; earlier ones a little muted, edged in near-black."""
    style = STYLES[seat]
    if newest:
        return style.base, theme.HIGHLIGHT
    return theme.mix(style.base, CELL, MUTE), CASING


def draw_line(img: Image.Image, lay: Layout, points: Sequence[tuple[int, int]], offsets: Sequence[float],
              seat: int, newest: bool) -> None:
    """One line: its casing, then its colour, with a rounded corner; ends reach past the centres of
    their squares (the caps of used x's cover them)."""
    colour, casing = line_colours(seat, newest)
    half = lay.line / 2 + (1 if newest else 0)  # the newest line is 2 px wider (its edges stay on whole pixels)
    edge = lay.edge + (1 if newest else 0)
    centres = [lay.centre(*p) for p in points]
    shifts = []
    for (p, q), lane in zip(zip(points, points[1:]), offsets):
        shift = lane * lay.lane
        shifts.append((0.0, shift) if p[1] == q[1] else (shift, 0.0))
    # the path on screen: each arm moved across itself by its lane
    if len(points) == 2:
        (sx, sy), = shifts
        ends = [(centres[0][0] + sx, centres[0][1] + sy), (centres[1][0] + sx, centres[1][1] + sy)]
        segments = [(ends[0], ends[1], True, True)]
        corner = None
    else:
        (ax, ay), (bx, by) = shifts
        start = (centres[0][0] + ax, centres[0][1] + ay)
        bend = (centres[1][0] + ax + bx, centres[1][1] + ay + by)
        end = (centres[2][0] + bx, centres[2][1] + by)
        u = unit(start, bend)
        v = unit(bend, end)
        r = lay.radius
        t0 = (bend[0] - r * u[0], bend[1] - r * u[1])
        t1 = (bend[0] + r * v[0], bend[1] + r * v[1])
        segments = [(start, t0, True, False), (t1, end, False, True)]
        centre = (bend[0] + r * (v[0] - u[0]), bend[1] + r * (v[1] - u[1]))
        corner = ((round(u[0] - v[0]), round(u[1] - v[1])), centre)
    draw = ImageDraw.Draw(img)
    reach = half + edge
    for width, fill in ((half + edge, casing), (half, colour)):
        for a, b, a_end, b_end in segments:
            d = unit(a, b)
            a2 = (a[0] - d[0] * reach, a[1] - d[1] * reach) if a_end else a
            b2 = (b[0] + d[0] * reach, b[1] + d[1] * reach) if b_end else b
            bar(draw, a2, b2, width, fill)
            if fill == colour and DASHED[seat]:
                for gap in gaps(lay, a, b):
                    bar(draw, *gap, half, CASING)
        if corner is not None and fill == casing:
            (qx, qy), (ox, oy) = corner
            sprite = corner_sprite((qx, qy), lay.radius, half, edge, colour, casing)
            x = round(ox) if qx > 0 else round(ox) - sprite.width
            y = round(oy) if qy > 0 else round(oy) - sprite.height
            img.paste(sprite, (x, y), sprite)


def gaps(lay: grid.Layout, a: tuple[float, float], b: tuple[float, float]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The breaks of a dashed arm from a to b (horizontal or vertical): one across every grid line it
    crosses, GAP of a square long, as (start, end)."""
    horizontal = a[1] == b[1]
    along, fixed = (0, 1) if horizontal else (1, 0)
    low, high = sorted((a[along], b[along]))
    origin = lay.board_x if horizontal else lay.board_y
    half = round(lay.cell * GAP / 2)
    found: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for k in range(math.ceil((low - origin) / lay.cell), math.floor((high - origin) / lay.cell) + 1):
        middle = origin + k * lay.cell + 0.5  # the grid line's pixel, covered whole
        if low < middle - half and middle + half < high:
            if horizontal:
                found.append(((middle - half, a[fixed]), (middle + half, a[fixed])))
            else:
                found.append(((a[fixed], middle - half), (a[fixed], middle + half)))
    return found


def unit(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length else (0.0, 0.0)


def draw_lines(img: Image.Image, lay: Layout, lines: Sequence[tuple[tuple[tuple[int, int], ...], int]]) -> None:
    """Every line in the order drawn, given as (points, seat), the last one emphasised."""
    offsets = lanes(tuple(points for points, _ in lines))
    for index, ((points, seat), lane) in enumerate(zip(lines, offsets)):
        draw_line(img, lay, points, lane, seat, index == len(lines) - 1)
