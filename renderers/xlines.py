"""X's and lines: an n×n grid (8 ≤ n ≤ 15) with the x's, free ones bright and used ones capped by a
dark disc, every line drawn through square centres in the colour of the seat that drew it, Red's
solid and Blue's dashed (so that they differ in more than colour; each card shows its seat's line),
the last line emphasised and the x where the next line must start ringed; players above, status below.

The image's size depends only on n. Everything that depends only on n is built once and cached: the
base image (background, framed grid, coordinates), the x sprites, the rounded corner sprites, the ring
and the PNG palette. Squares are an even number of px across and lines an odd number of px wide, so
a line's straight arms (and their offsets when collinear lines overlap) fall exactly on pixel
boundaries and are drawn as plain rectangles; only the rounded corners need anti-aliasing, and they
are cached sprites. A render copies the base, draws a few rectangles and pastes sprites, adds the
player cards and the footer, and encodes the result.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from renderers import grid, theme
from renderers.theme import RGB
from rules.notation import FILES
from rules.xlines import GAME, SEAT_NAMES, between, square_name

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
CASING: RGB = (20, 23, 29)  # the dark edge along every line, so touching and overlapping lines stay apart
STYLES = theme.SEAT_STYLES[:PLAYERS]
MUTE = 0.12  # how far lines before the last one fade towards the squares
DASHED = (False, True)  # by seat: Blue's lines are broken where they cross a grid line
GAP = 0.34  # of a square: the break in a dashed line
SYMBOLS = ("R", "B")
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


def colours(state) -> theme.Colours:
    """What the board is drawn in: each seat's lines, the newest and the earlier ones, on the squares
    (tests/test_palette.py keeps them apart)."""
    return theme.Colours(seats=tuple(tuple(line_colours(seat, newest)[0] for newest in (True, False)) for seat in range(PLAYERS)),
                         grounds=(CELL,))


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the board, with its font size and whether it is bold."""
    return {"files and ranks": (layout_of(state).label_size, True)}


# --- cached pictures ----------------------------------------------------------------------------------
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


# --- lines --------------------------------------------------------------------------------------------
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
    for (a, b), lane in zip(zip(points, points[1:]), offsets):
        shift = lane * lay.lane
        shifts.append((0.0, shift) if a[1] == b[1] else (shift, 0.0))
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
    found = []
    for k in range(math.ceil((low - origin) / lay.cell), math.floor((high - origin) / lay.cell) + 1):
        middle = origin + k * lay.cell + 0.5  # the grid line's pixel, covered whole
        if low < middle - half and middle + half < high:
            ends = [(middle - half, a[fixed]), (middle + half, a[fixed])]
            found.append(tuple(end if horizontal else end[::-1] for end in ends))
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


# --- a render -----------------------------------------------------------------------------------------
def image(state, names: Sequence[str]) -> Image.Image:
    """The rendered position as an RGB image (before palette mapping and encoding)."""
    lay = layout_of(state)
    cell = lay.cell
    img = grid.base(lay, BOARD, FILES).copy()
    last = state.last
    lines = state.lines
    placing = state.placing
    if last is not None and last.square is not None and not lines:
        img.paste(last_x_tile(cell, last.seat), lay.origin(*last.square))
    draw_lines(img, lay, [(tuple(line.points), line.seat) for line in lines])
    used = state.used
    free = x_sprite(cell, FREE_X)
    cap = used_sprite(cell)
    for square in state.xs:
        if placing:
            sprite = free
        elif square in used:
            sprite = cap
        else:
            sprite = free
        img.paste(sprite, lay.origin(*square), sprite)
    start = state.next_start
    if state.outcome is None and start is not None:
        theme.paste(img, next_ring(cell), lay.centre(*start))
    shown = seats(state, names)
    theme.draw_players(img, 0, shown, state.to_move, state.outcome)
    draw_samples(img)
    theme.draw_footer(img, lay.footer_y, shown, state.to_move, state.outcome, detail(state, shown), aside=phase(state))
    return img


def draw_samples(img: Image.Image) -> None:
    """On each seat's card, right of its side's name, a piece of its line as the board draws it."""
    panel = theme.panel(img.width, PLAYERS)
    for seat in range(PLAYERS):
        box = theme.card_box(img.width, PLAYERS, seat)
        sprite = sample(seat, panel.text)
        y = box.baseline - theme.cap_height(panel.text) / 2
        img.paste(sprite, (box.right - sprite.width, round(y - sprite.height / 2)), sprite)


@cache
def sample(seat: int, size: int) -> Image.Image:
    """A short straight piece of a seat's line, about three of its dashes long, on a transparent ground."""
    cell = round(size * 1.9)
    lay = lined(grid.layout_for(3, cell, WIDTH, PLAYERS))
    lay = replace(lay, board_x=0, board_y=0)
    side = 3 * cell + 1
    out = Image.new("RGBA", (side, lay.line + 2 * lay.edge + 2), (0, 0, 0, 0))
    middle = out.height / 2
    colour, casing = line_colours(seat, False)
    half = lay.line / 2
    draw = ImageDraw.Draw(out)
    a, b = (half + lay.edge, middle), (side - half - lay.edge, middle)
    bar(draw, (0, middle), (side, middle), half + lay.edge, casing)
    bar(draw, a, b, half, colour)
    if DASHED[seat]:
        for gap in gaps(lay, a, b):
            bar(draw, *gap, half, CASING)
    return out


def seats(state, names: Sequence[str]) -> list[theme.Seat]:
    """The seats as the cards show them: no score (the game keeps none)."""
    return theme.seats_for(GAME, state, names, STYLES, None)


def phase(state) -> str:
    """What stage the game is at, for the footer's right-hand side."""
    if state.outcome is not None:
        return ""
    if state.placing:
        return f"Placing · {len(state.xs)} of {state.n} x's"
    return f"Lines · {len(state.lines)} drawn"


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's detail: the last move with what it did (the last x's says that the first line may
    start at any x)."""
    opening = [("New game · ", theme.MUTED), ("place an x", theme.TEXT), (" on any empty square", theme.MUTED)]
    return theme.move_detail(state, seats, opening)


@cache
def palette(n: int) -> Image.Image:
    """The fixed 256-colour palette for every PNG of this size, fitted to every colour the renderer
    can draw: the board, the x's in each state, lines of each seat (muted and newest, straight and
    turning, side by side), the ring, the last x's tile, the panel and footer."""
    lay = layout(n)
    cell = lay.cell
    sheet = grid.base(lay, BOARD, FILES).copy()
    samples = []
    for seat in range(PLAYERS):
        tile = Image.new("RGB", (cell * 6 + 1, cell * 6 + 1), GRID)
        draw = ImageDraw.Draw(tile)
        for x in range(6):
            for y in range(6):
                draw.rectangle((x * cell + 1, y * cell + 1, x * cell + cell - 1, y * cell + cell - 1), fill=CELL)
        shifted = replace(lined(grid.layout_for(6, cell, WIDTH, PLAYERS)), board_x=0, board_y=0)  # a 6×6 board filling the tile
        draw_lines(tile, shifted, [(((0, 3), (3, 3), (3, 2)), seat), (((1, 3), (4, 3), (4, 5)), 1 - seat),
                                   (((0, 5), (0, 2), (5, 2)), seat), (((5, 5), (5, 3)), seat)])
        tile.paste(last_x_tile(cell, seat), shifted.origin(1, 4))
        for square, sprite in (((0, 3), used_sprite(cell)), ((3, 2), used_sprite(cell)), ((5, 5), x_sprite(cell, FREE_X)),
                               ((1, 4), x_sprite(cell, FREE_X))):
            tile.paste(sprite, shifted.origin(*square), sprite)
        theme.paste(tile, next_ring(cell), shifted.centre(3, 2))
        samples.append(tile)
    return theme.palette_for([sheet, *samples, theme.panel_samples(lay.width, STYLES, SEAT_NAMES)])


def render(state, names: Sequence[str]) -> bytes:
    """The PNG the bot posts for this state."""
    return theme.encode_png(image(state, names), palette(state.n))


# --- text ---------------------------------------------------------------------------------------------
def text(state, names: Sequence[str]) -> str:
    """A plain-text board: ranks n..1 top to bottom, three characters a square and a row of
    connectors between ranks; `.` an empty square, `x` a free x, `o` a used one, `@` the x where the
    next line must start, `*` after the x just placed; lines drawn with `-` and `|` through the
    squares and between them, `+` where one turns or meets another. Then the phase, the players,
    the last move and the result."""
    n = state.n
    last = state.last
    width = 3 * n
    rows = [[" "] * width for _ in range(2 * n - 1)]  # row 2·(n − 1 − rank) is the rank; odd rows connect

    def row_of(rank: int) -> list[str]:
        return rows[2 * (n - 1 - rank)]

    marks: dict[tuple[int, int], set[str]] = {}
    for line in state.lines:
        points = line.points
        for a, b in zip(points, points[1:]):
            horizontal = a[1] == b[1]
            squares = [a, *between(a, b), b]
            for p, q in zip(squares, squares[1:]):
                if horizontal:
                    left = min(p[0], q[0])
                    row = row_of(p[1])
                    row[3 * left + 2] = row[3 * left + 3] = "-"
                else:
                    low = min(p[1], q[1])
                    rows[2 * (n - 1 - low) - 1][3 * p[0] + 1] = "|"
            for square in squares:
                marks.setdefault(square, set()).add("-" if horizontal else "|")
    used = state.used
    start = state.next_start if state.outcome is None else None
    xs = state.x_squares
    for file in range(n):
        for rank in range(n):
            square = (file, rank)
            if square in xs:
                glyph = "@" if square == start else "o" if square in used else "x"
            else:
                kinds = marks.get(square, set())
                glyph = "+" if len(kinds) > 1 else next(iter(kinds)) if kinds else "."
            row_of(rank)[3 * file + 1] = glyph
    just_placed = last.square if last is not None and last.square is not None and not state.lines else None
    if just_placed is not None:
        row_of(just_placed[1])[3 * just_placed[0] + 2] = "*"
    header = "   " + "".join(f" {FILES[file]} " for file in range(n))
    out = [header.rstrip()]
    for k, row in enumerate(rows):
        if k % 2 == 0:
            rank = n - 1 - k // 2
            out.append(f"{rank + 1:>2} " + "".join(row) + f" {rank + 1}")
        else:
            out.append(("   " + "".join(row)).rstrip())
    out.append(header.rstrip())
    legend = ["x a free x", "o a used x"]
    if start is not None:
        legend.append("@ where the next line starts")
    if just_placed is not None:
        legend.append("* the x just placed")
    out.append("   ".join(legend))
    if state.placing:  # no score: what each player has done so far
        counts = [sum(1 for k in range(len(state.xs)) if k % PLAYERS == seat) for seat in range(PLAYERS)]
        things, unit = ("x", "x's"), "placed"
    else:
        counts = [sum(1 for line in state.lines if line.seat == seat) for seat in range(PLAYERS)]
        things, unit = ("line", "lines"), "drawn"
    players = [replace(seat, score=f"{count} {theme.unit_word(count, things)}") for seat, count in zip(seats(state, names), counts)]
    out.append("")
    if state.outcome is None:
        out.append(phase(state).replace(" · ", ": "))
    out.extend(theme.text_players(state, players, SYMBOLS, unit))
    if last is not None:
        out.append(theme.text_last_move(last, players))
    if start is not None:
        out.append(f"The next line starts at {square_name(start)}")
    if state.outcome is not None:
        out.append("Game over: " + theme.result_text(state.outcome, players, plain=True))
    return "\n".join(out) + "\n"

