"""Ascent: sixteen numbered tiles in a diamond over seven faint level bands, each tile's name ("b3") over
its number, the rows named in the seats' colours round the edges, the last switch highlighted, a completed row drawn through at the end,
players above, status below.

Tile (i, j) — letter row i, number row j — sits at x = CX + (i − j)·STEP, y = TOP + (i + j)·STEP, so a
row slanting down to the left (a letter, Red's) and one slanting down to the right (a number, Blue's)
run at 45°, and every level is one horizontal band. Everything that does not depend on the position
is built once and cached: the base image (background, level bands and numbers, the diamond's rim and
gutter, the row labels), a face sprite per (number, highlighted) and a number-and-name sprite per
(tile, number, highlighted), the eight row lines and the PNG palette. A render copies the base, pastes sixteen faces,
any completed row, sixteen numbers, the player cards and the footer, and encodes the result.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter

from i18n import _, current
from renderers import theme
from renderers.theme import RGB
from rules.ascent import GAME, ROW_NAMES, ROWS_OF_SEAT, SEAT_NAMES, SIDE, TILES

# --- layout -------------------------------------------------------------------------------------------
WIDTH = 600  # as Attaxx
STEP = 52  # half a tile's diagonal, gutter included: the distance in x and in y between neighbours
CX = WIDTH // 2
RIM = 9  # the diamond's rim, px across its edges
PANEL_GAP = 18  # from the player cards to the top of the rim
TOP = theme.panel_height(2, WIDTH) + PANEL_GAP + round(RIM * math.sqrt(2)) + STEP  # y of a1's centre
LEVELS = 2 * SIDE - 1  # 7
GUTTER_W = 6  # between two tiles, across their edges
HALF = STEP - GUTTER_W / math.sqrt(2)  # a tile's half-diagonal
CORNER = 7  # a tile's corner radius
SPRITE = 2 * STEP + 6  # sprites are square, this many px, the tile centred in them (even: centres on a grid point)
LABEL_SIZE = theme.phone_size(WIDTH)  # the row names, levels and tiles' names: readable at a phone's width
LABEL_DISC = 30  # the row names' discs
LABEL_OUT = 0.5 + (LABEL_DISC / 2 + 5) / (STEP * math.sqrt(2))  # a label's distance from its end tile, in rows
LEVEL_X = 38  # centre of the level numbers, from the image's left and right edges
BAND_TOP = TOP - STEP // 2  # the level bands: one per level, as tall as a step
BAND_BOTTOM = TOP + (LEVELS - 1) * STEP + STEP // 2
BOARD_BOTTOM = TOP + (LEVELS - 1) * STEP + STEP + round(RIM * math.sqrt(2))  # the diamond's lower tip
FOOTER_Y = BOARD_BOTTOM + 16
HEIGHT = FOOTER_Y + theme.footer_height(WIDTH)
NUMBER_SIZE = 34
NUMBER_DY = 6  # the number's middle, below the tile's centre...
NAME_DY = -22  # ...and the middle of the tile's name (its capitals), above it
LINE_WIDTH = 20  # a completed row's line
LINE_ALPHA = 205
LINE_EDGE = 1.5  # its darker edge

# --- colours ------------------------------------------------------------------------------------------
BAND: tuple[RGB, RGB] = (theme.BACKGROUND, theme.mix(theme.BACKGROUND, (255, 255, 255), 0.045))
BOARD_RIM: RGB = (20, 22, 27)
RIM_EDGE: RGB = (70, 76, 88)
GUTTER: tuple[RGB, RGB] = ((24, 26, 31), (33, 36, 42))  # alternate levels, so the bands run through the board
LOW: RGB = (56, 66, 84)  # the face of a 1: deep slate...
HIGH: RGB = (214, 208, 192)  # ...rising to a 7: pale stone, like snow on a summit
INK: RGB = (24, 26, 32)
PALE: RGB = (240, 242, 246)
LEVEL_LABEL: RGB = theme.FAINT
STYLES = theme.SEAT_STYLES[:2]  # Red (↙ rows, letters), Blue (↘ rows, numbers)
ARROWS = ("↙", "↘")
SYMBOLS = ("R", "B")


def coords(tile: int) -> tuple[int, int]:
    """(i, j): the tile's letter row and number row, 0..3."""
    return divmod(tile, SIDE)


def point(i: float, j: float) -> tuple[float, float]:
    """The pixel position of grid point (i, j); a tile's centre when both are whole."""
    return CX + (i - j) * STEP, TOP + (i + j) * STEP


def centre(tile: int) -> tuple[float, float]:
    return point(*coords(tile))


def level_y(level: int) -> float:
    """The y of the middle of a level's band (and of its tiles' centres)."""
    return TOP + (LEVELS - level) * STEP


def diamond(cx: float, cy: float, half: float, radius: float = 0.0) -> list[tuple[float, float]]:
    """The outline of a square turned 45° (corners up, down, left and right), `half` from its centre to
    a corner, its corners rounded with `radius` (measured as on the unturned square)."""
    a = half / math.sqrt(2)  # half the side of the square
    points: list[tuple[float, float]] = []
    if radius <= 0:
        corners = [(a, a), (-a, a), (-a, -a), (a, -a)]
        points = corners
    else:
        r = min(radius, a)
        for k, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
            ox, oy = sx * (a - r), sy * (a - r)
            start = k * 90
            for step in range(7):
                angle = math.radians(start + step * 15)
                points.append((ox + r * math.cos(angle), oy + r * math.sin(angle)))
    c, s = math.cos(math.pi / 4), math.sin(math.pi / 4)
    return [(cx + x * c - y * s, cy + x * s + y * c) for x, y in points]


def face_colour(number: int) -> RGB:
    """The face of a tile showing `number` (1..7): darker low, lighter high, so a row that climbs
    from top to bottom reads dark to light."""
    return theme.mix(LOW, HIGH, ((number - 1) / (LEVELS - 1)) ** 0.9)


def luminance(colour: RGB) -> float:
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def ink_for(fill: RGB) -> RGB:
    return INK if luminance(fill) > 128 else PALE


def fill_of(number: int, marked: bool) -> RGB:
    fill = face_colour(number)
    return theme.mix(fill, theme.HIGHLIGHT, 0.42) if marked else fill


# --- cached pictures ----------------------------------------------------------------------------------
@cache
def face(number: int, marked: bool) -> Image.Image:
    """An RGBA sprite SPRITE px square: the tile's face in its number's colour (tinted and edged with
    the highlight colour for the last switch), a lit rim along its upper edges, a soft shadow below."""
    ss = theme.SS
    side = SPRITE * ss
    c = side / 2
    fill = fill_of(number, marked)
    shadow = Image.new("L", (side, side), 0)
    ImageDraw.Draw(shadow).polygon(diamond(c + 0.6 * ss, c + 1.6 * ss, HALF * ss, CORNER * ss), fill=150)
    shadow = shadow.filter(ImageFilter.GaussianBlur(1.6 * ss))
    out = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    out.putalpha(shadow)
    layer = Image.new("RGB", (side, side), fill)
    draw = ImageDraw.Draw(layer)
    draw.polygon(diamond(c, c, HALF * ss, CORNER * ss), fill=theme.mix(fill, (255, 255, 255), 0.22))
    draw.polygon(diamond(c + 0.4 * ss, c + 1.1 * ss, (HALF - 1.3) * ss, CORNER * ss), fill=theme.mix(fill, (0, 0, 0), 0.16))
    draw.polygon(diamond(c, c + 0.5 * ss, (HALF - 1.6) * ss, CORNER * ss), fill=fill)
    if marked:
        draw.polygon(diamond(c, c, (HALF - 1.5) * ss, CORNER * ss), outline=theme.HIGHLIGHT, width=round(4 * ss))
    mask = Image.new("L", (side, side), 0)
    ImageDraw.Draw(mask).polygon(diamond(c, c, HALF * ss, CORNER * ss), fill=255)
    out.paste(layer, (0, 0), mask)
    return theme.downsample(out)


@cache
def number_sprite(tile: int, number: int, marked: bool) -> Image.Image:
    """An RGBA sprite SPRITE px square with the tile's `number` large and its name ("b3") small above
    it, in ink that stands out on its face (the name a little softer)."""
    out = Image.new("RGBA", (SPRITE, SPRITE), (0, 0, 0, 0))
    fill = fill_of(number, marked)
    ink = ink_for(fill)
    draw = ImageDraw.Draw(out)
    c = SPRITE / 2
    draw.text((c, c + NUMBER_DY + theme.cap_height(NUMBER_SIZE) / 2), str(number), font=theme.font(NUMBER_SIZE, True),
              fill=ink + (255,), anchor="ms")
    draw.text((c, c + NAME_DY + theme.cap_height(LABEL_SIZE, False) / 2), TILES[tile], font=theme.font(LABEL_SIZE),
              fill=theme.mix(ink, fill, 0.25) + (255,), anchor="ms")
    return out


def paste_at(img: Image.Image, sprite: Image.Image, tile: int) -> None:
    x, y = centre(tile)
    img.paste(sprite, (round(x) - SPRITE // 2, round(y) - SPRITE // 2), sprite)


@cache
def row_line(kind: int, row: int) -> tuple[Image.Image, tuple[int, int]]:
    """A completed row as (RGBA overlay, top-left pixel): a thick semi-transparent line in the colour of
    the seat whose kind it is, through the centres of its tiles and a little beyond both ends."""
    tiles = ROWS_OF_SEAT[kind][row]
    (ax, ay), (bx, by) = centre(tiles[0]), centre(tiles[-1])
    reach = STEP * 0.45  # past the end tiles' centres, along the row
    ux, uy = (bx - ax) / math.hypot(bx - ax, by - ay), (by - ay) / math.hypot(bx - ax, by - ay)
    ax, ay, bx, by = ax - ux * reach, ay - uy * reach, bx + ux * reach, by + uy * reach
    pad = LINE_WIDTH
    x0, y0 = math.floor(min(ax, bx)) - pad, math.floor(min(ay, by)) - pad
    x1, y1 = math.ceil(max(ax, bx)) + pad, math.ceil(max(ay, by)) + pad
    ss = theme.SS
    big = Image.new("RGBA", ((x1 - x0) * ss, (y1 - y0) * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    ends = [((ax - x0) * ss - 0.5, (ay - y0) * ss - 0.5), ((bx - x0) * ss - 0.5, (by - y0) * ss - 0.5)]
    style = STYLES[kind]
    for width, colour in ((LINE_WIDTH + 2 * LINE_EDGE, style.dark), (LINE_WIDTH, style.base)):
        w = width * ss
        draw.line(ends, fill=colour + (LINE_ALPHA,), width=round(w))
        for x, y in ends:  # round caps
            draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=colour + (LINE_ALPHA,))
    return theme.downsample(big), (x0, y0)


def label_point(kind: int, row: int, far: bool) -> tuple[float, float]:
    """Where a row's name goes: in line with the row, just beyond its top tile (or its bottom one)."""
    end = SIDE - 1 + LABEL_OUT if far else -LABEL_OUT
    return point(row, end) if kind == 0 else point(end, row)


def base() -> Image.Image:
    """Background with the level bands and their numbers on both sides (under a caption in the
    language in use), the diamond's shadow, rim and gutter (banded too), and the row names in their
    seat's colour beyond both ends of every row."""
    return _base(current())


@lru_cache(maxsize=9)  # one a language
def _base(language: str) -> Image.Image:
    ss = theme.SS
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.BACKGROUND)
    draw = ImageDraw.Draw(img)
    edges = [BAND_TOP] + [round(level_y(level) + STEP / 2) for level in range(LEVELS, 1, -1)] + [BAND_BOTTOM]
    left, right = theme.PANEL_PAD, WIDTH - theme.PANEL_PAD
    for k, level in enumerate(range(LEVELS, 0, -1)):
        if level % 2:
            draw.rectangle((left, edges[k], right - 1, edges[k + 1] - 1), fill=BAND[1])
    # the diamond: a shadow, the rim, the banded gutter
    mid = point(1.5, 1.5)
    outer = 4 * STEP + RIM * math.sqrt(2)
    shadow = Image.new("L", (WIDTH * ss, HEIGHT * ss), 0)
    ImageDraw.Draw(shadow).polygon(diamond((mid[0] + 2) * ss, (mid[1] + 5) * ss, (outer + 2) * ss, 10 * ss), fill=170)
    shadow = theme.downsample(shadow).filter(ImageFilter.GaussianBlur(6))
    img.paste(theme.mix(theme.BACKGROUND, (0, 0, 0), 0.6), (0, 0), shadow)
    big = Image.new("RGBA", (WIDTH * ss, HEIGHT * ss), (0, 0, 0, 0))
    shape = ImageDraw.Draw(big)
    shape.polygon(diamond(mid[0] * ss, mid[1] * ss, outer * ss, 10 * ss), fill=RIM_EDGE + (255,))
    shape.polygon(diamond(mid[0] * ss, mid[1] * ss, (outer - math.sqrt(2)) * ss, 9 * ss), fill=BOARD_RIM + (255,))
    gutter = Image.new("L", big.size, 0)
    ImageDraw.Draw(gutter).polygon(diamond(mid[0] * ss, mid[1] * ss, (4 * STEP - 1) * ss, CORNER * ss), fill=255)
    rim = theme.downsample(big)
    img.paste(rim, (0, 0), rim)
    stripes = Image.new("RGB", (WIDTH, HEIGHT), GUTTER[0])
    stripe_draw = ImageDraw.Draw(stripes)
    for k, level in enumerate(range(LEVELS, 0, -1)):
        if level % 2:
            stripe_draw.rectangle((0, edges[k], WIDTH - 1, edges[k + 1] - 1), fill=GUTTER[1])
    img.paste(stripes, (0, 0), theme.downsample(gutter))
    # level numbers at both sides, with a caption above, as wide as the margin holds
    face_font, caption = theme.font(LABEL_SIZE, True), theme.font(LABEL_SIZE)
    # Translators: the caption above the column of level numbers at each side of Ascent's board, in capitals where the script has them
    word = theme.fit(_("LEVEL"), LABEL_SIZE, False, 2 * LEVEL_X - 8)
    for x in (LEVEL_X, WIDTH - LEVEL_X):
        theme.put_text(draw, (x, edges[0] - 6), word, caption, LEVEL_LABEL, "ms")
        for level in range(1, LEVELS + 1):
            draw.text((x, level_y(level)), str(level), font=face_font, fill=theme.MUTED, anchor="mm")
    # row names: Red's letters at the ends of the ↙ rows, Blue's numbers at the ends of the ↘ rows
    label_font = theme.font(LABEL_SIZE, True)
    for kind in (0, 1):
        disc = theme.disc(STYLES[kind], LABEL_DISC)
        for row in range(SIDE):
            for far in (False, True):
                px, py = label_point(kind, row, far)
                theme.paste(img, disc, (px, py))
                draw.text((px, py + 0.5), ROW_NAMES[kind][row], font=label_font, fill=theme.TEXT, anchor="mm")
    return img


def colours(state) -> theme.Colours:
    """What the board is drawn in: each seat's row names on the level bands and its completed rows across
    the tiles of every level (tests/test_palette.py keeps them apart)."""
    faces = tuple(face_colour(number) for number in range(1, LEVELS + 1))
    return theme.Colours(seats=tuple((style.base,) for style in STYLES), grounds=(*BAND, *faces))


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the board, with its font size and whether it is bold."""
    return {"tile numbers": (NUMBER_SIZE, True), "tile names": (LABEL_SIZE, False), "levels": (LABEL_SIZE, True),
            "level caption": (LABEL_SIZE, False), "row names": (LABEL_SIZE, True)}


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed 256-colour palette every Ascent PNG is mapped onto, fitted to every colour the
    renderer can draw: the base, every face and number, highlighted or not, the row lines over them,
    and the player panel and footer in all their states (drawn in English: one palette whatever the
    language)."""
    return theme.in_english(_palette)


def _palette() -> Image.Image:
    tiles = Image.new("RGB", (SPRITE * LEVELS, SPRITE * 4), GUTTER[0])
    for number in range(1, LEVELS + 1):
        for k, marked in enumerate((False, True)):
            for lined in (False, True):
                y = (2 * k + lined) * SPRITE
                tiles.paste(face(number, marked), ((number - 1) * SPRITE, y), face(number, marked))
                if lined:
                    band = Image.new("RGBA", (SPRITE, LINE_WIDTH), STYLES[number % 2].base + (LINE_ALPHA,))
                    tiles.paste(band, ((number - 1) * SPRITE, y + SPRITE // 2 - LINE_WIDTH // 2), band)
                label = number_sprite(number * 2, number, marked)
                tiles.paste(label, ((number - 1) * SPRITE, y), label)
    sheet = base().copy()
    for kind in (0, 1):
        for row in range(SIDE):
            line, origin = row_line(kind, row)
            sheet.paste(line, origin, line)
    sides = tuple(side_text(seat) for seat in (0, 1))
    return theme.palette_for([base(), sheet, tiles, theme.panel_samples(WIDTH, STYLES, sides)])


# --- a render -----------------------------------------------------------------------------------------
def side_text(seat: int) -> str:
    """A seat's side on its card: its colour and the direction of its rows."""
    # Translators: a seat's side on its card in Ascent: its colour and the direction of its rows ("Red · rows ↙")
    return _("{side} · rows {arrow}", side=theme.side_word(SEAT_NAMES[seat]), arrow=ARROWS[seat])


def seats(state, names: Sequence[str]) -> list[theme.Seat]:
    """The seats, Red and Blue, with no score (the game keeps none); the cards add to each side the
    direction of its rows (`side_text`)."""
    return theme.seats_for(GAME, state, names, STYLES, None)


def finished_rows(state) -> tuple[tuple[int, int], ...]:
    """The rows to draw through: those the last switch completed, once the game is over."""
    if state.outcome is None or state.last is None:
        return ()
    return tuple(state.last.rows)


def image(state, names: Sequence[str]) -> Image.Image:
    """The rendered position as an RGB image (before palette mapping and encoding)."""
    img = base().copy()
    last = state.last
    marked = {last.higher, last.lower} if last is not None else set()
    board = state.board
    for tile, number in enumerate(board):
        paste_at(img, face(number, tile in marked), tile)
    for kind, row in finished_rows(state):
        line, origin = row_line(kind, row)
        img.paste(line, origin, line)
    for tile, number in enumerate(board):
        paste_at(img, number_sprite(tile, number, tile in marked), tile)
    shown = seats(state, names)
    cards = [replace(seat, side=side_text(k)) for k, seat in enumerate(shown)]
    theme.draw_players(img, 0, cards, state.to_move, state.outcome)
    theme.draw_footer(img, FOOTER_Y, shown, state.to_move, state.outcome, detail(state, shown))
    return img


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line: the last switch with what it completed."""
    # Translators: a picture's hint before the first move of Ascent; the words between <b> and </b> stand out
    opening = theme.tinted(_("New game · <b>switch</b> a higher tile with a lower one showing less"), theme.MUTED,
                           theme.TEXT)
    return theme.move_detail(state, seats, opening)


def render(state, names: Sequence[str]) -> bytes:
    """The PNG the bot posts for this state."""
    return theme.encode_png(image(state, names), palette())


# --- text ---------------------------------------------------------------------------------------------
COLUMN = 3  # characters per half step across


def text(state, names: Sequence[str]) -> str:
    """A plain-text board: the diamond as on the picture, one line per level (top first, named at the
    left), each tile's number with `[ ]` round the two tiles of the last switch; the letters of the
    ↙ rows beyond both their ends (upper right and lower left), the numbers of the ↘ rows likewise
    (upper left and lower right). Then the players, the last switch, any completed row, and the result."""
    last = state.last
    marked = {last.higher, last.lower} if last is not None else set()
    width = 2 * (SIDE + 1) * COLUMN + 1
    grid: dict[int, list[str]] = {}

    def put(i: int, j: int, shown: str) -> None:
        line = grid.setdefault(i + j, [" "] * width)
        x = (i - j + SIDE + 1) * COLUMN - 1  # the left of a 3-character cell centred on the grid point
        line[x:x + 3] = shown

    for tile, number in enumerate(state.board):
        shown = f"[{number}]" if tile in marked else f" {number} "
        put(*coords(tile), shown)
    for row in range(SIDE):  # each label carries its row's arrow, so that "2↘" never reads as a tile's 2
        put(row, -1, f"↙{ROW_NAMES[0][row]} ")
        put(row, SIDE, f" {ROW_NAMES[0][row]}↙")
        put(-1, row, f" {ROW_NAMES[1][row]}↘")
        put(SIDE, row, f"↘{ROW_NAMES[1][row]} ")
    lines = []
    # Translators: a level's name at the left of Ascent's text board ("level 7")
    labels = {level: _("level {number}", number=level) for level in range(1, LEVELS + 1)}
    margin = theme.padded("", max(map(theme.columns, labels.values())) + 2)
    for y in range(-1, 2 * SIDE):
        level = LEVELS - y
        shown = theme.padded(labels[level], len(margin)) if 1 <= level <= LEVELS else margin
        lines.append((shown + "".join(grid.get(y, []))).rstrip())
    # Translators: the key under Ascent's text board; Red and Blue are the seats
    lines.append(_("↙ rows a–d are Red's, ↘ rows 1–4 are Blue's; a tile is letter + number, a1 the top, d4 the bottom"))
    # Translators: a seat's rows on Ascent's text board ("↙ rows")
    players = [replace(seat, score=_("{arrow} rows", arrow=ARROWS[k])) for k, seat in enumerate(seats(state, names))]
    lines.append("")
    lines.extend(theme.text_players(state, players, SYMBOLS, ""))
    if last is not None:
        lines.append(theme.text_last_move(last, players))
        lines.append(_("[ ] the two tiles just switched"))
    for kind, row in finished_rows(state):
        tiles = ROWS_OF_SEAT[kind][row]
        numbers = " < ".join(str(state.board[tile]) for tile in tiles)
        # Translators: on Ascent's text board: a completed row, the seat it is for, its tiles and their numbers ("Completed row b ↙ (Red): b1 b2 b3 b4 read 1 < 3 < 4 < 7")
        lines.append(_("Completed row {row} {arrow} ({side}): {tiles} read {numbers}", row=ROW_NAMES[kind][row],
                       arrow=ARROWS[kind], side=theme.side_word(SEAT_NAMES[kind]),
                       tiles=" ".join(TILES[tile] for tile in tiles), numbers=numbers))
    if state.outcome is not None:
        lines.append(theme.text_result(state.outcome, players))
    return "\n".join(lines) + "\n"

