"""Ikabegamá: a hexagon of flat-topped hexes with both nests ringed, shaded tokens, the last move
marked, players above, status below.

Everything that depends only on the board size (and, for the rings, on the pair of nests) is built
once and cached: the base image (background, framed board of numbered empty hexes, file letters,
nest rings), a hex tile for each cell the last move can mark (tint, outline, ring and number already
composed, with an anti-aliased mask), and the token and ring sprites. A render copies the base,
pastes at most two tiles and one sprite per token or flip, draws the player cards and the status
footer, and encodes the result.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter

from i18n import _, ngettext
from renderers import theme
from renderers.theme import RGB
from rules.geometry import Geometry, hexagon
from rules.ikabegama import GAME

# --- layout -------------------------------------------------------------------------------------------
WIDTH = 600  # as Attaxx
SPAN = 492  # the cells' width, leftmost vertex to rightmost, whatever the board size
FRAME = 7  # the rim around the cells, px across a hex edge
BOARD_TOP = theme.panel_height(2, WIDTH) + 16  # top of the rim
LABEL_GAP = 14  # from the rim to the centre of a file letter
SQRT3 = math.sqrt(3)

# --- colours ------------------------------------------------------------------------------------------
CELL: RGB = (62, 110, 124)  # slate teal: ivory and indigo tokens both stand out on it
GUTTER: RGB = (26, 50, 60)
RIM: RGB = (20, 40, 49)
RIM_EDGE: RGB = (66, 100, 112)
LABEL: RGB = (186, 206, 212)
STYLES = (theme.IVORY, theme.INDIGO)
SYMBOLS = ("O", "X")


def tokens(count: int) -> str:
    """The unit of a seat's score: its tokens on the board."""
    # Translators: the unit after a player's count of tokens on their card ("12 tokens")
    return ngettext("token", "tokens", count)


TOKENS: theme.Unit = tokens
NEST_RING: tuple[RGB, RGB] = ((242, 228, 194), (46, 40, 108))  # Light's cream, Dark's deep indigo
NEST_EDGE: tuple[RGB, RGB] = ((150, 128, 88), (140, 134, 214))  # thin lines that set each ring off
NEST_TINT: tuple[RGB, RGB] = (theme.mix(CELL, NEST_RING[0], 0.14), theme.mix(CELL, NEST_RING[1], 0.14))  # faint: a token shows on it

# Cell marks
PLAIN, SOURCE, TARGET = 0, 1, 2


@dataclass(frozen=True)
class Layout:
    """Where everything goes on a board of one size; hex centres in pixels (floats)."""

    geometry: Geometry
    radius: float  # a hex's circumradius, centre to vertex, half the gutter included
    gap: float  # how much of the radius the gutter takes
    centres: tuple[tuple[float, float], ...]
    disc: int  # token diameter
    flip: int  # outer diameter of the ring around a flipped token
    nest_width: float  # the nest ring's thickness
    number_size: int  # font size of the cell numbers (bold), readable at a phone's width (theme.phone_size)
    label_size: int  # font size of the file letters (bold), likewise
    footer_y: int
    height: int


@cache
def layout(side: int) -> Layout:
    geometry = hexagon(side)
    radius = SPAN / (3 * side - 1)
    gap = max(1.4, radius * 0.05)
    half_rows = (2 * side - 1) * radius * SQRT3 / 2
    centre_y = BOARD_TOP + FRAME + half_rows
    centres = tuple((WIDTH / 2 + x * radius, centre_y - y * radius) for x, y in geometry.centres)
    apothem = (radius - gap) * SQRT3 / 2
    nest_width = max(3.5, apothem * 0.16)
    flip = min(2 * math.floor(apothem - 2), round(apothem * 1.7))
    disc = flip - max(7, round(apothem * 0.3))
    footer_y = round(centre_y + half_rows + FRAME + 2 * LABEL_GAP + 4)
    return Layout(
        geometry=geometry, radius=radius, gap=gap, centres=centres, disc=disc, flip=flip, nest_width=nest_width,
        number_size=theme.phone_size(WIDTH), label_size=theme.phone_size(WIDTH),
        footer_y=footer_y, height=footer_y + theme.footer_height(WIDTH),
    )


def colours(state) -> theme.Colours:
    """What the board is drawn in: the tokens on the cells and the nests (tests/test_palette.py keeps them apart)."""
    return theme.Colours(seats=tuple((style.base,) for style in STYLES), grounds=(CELL, *NEST_TINT))


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the board, with its font size and whether it is bold."""
    lay = layout(side_of(state))
    return {"file letters": (lay.label_size, True), "cell numbers": (lay.number_size, True)}


def side_of(state) -> int:
    """The board's side length, from its number of files (2·side − 1)."""
    return (len(state.geometry.files) + 1) // 2


def hex_points(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    """The six vertices of a flat-topped hexagon."""
    return [(cx + radius * math.cos(k * math.pi / 3), cy + radius * math.sin(k * math.pi / 3)) for k in range(6)]


# --- cached pictures ----------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def tile(side: int, cell: int, mark: int, nest: int | None) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """One hex and its surroundings as (RGB image, mask, top-left pixel on the board): filled (tinted
    for the last move's source or destination, and for a nest), outlined when it is the destination,
    ringed when it is `nest`'s nest (0 Light, 1 Dark, None for neither), and numbered. The mask covers
    the hex and half the gutter round it, so pasting a tile leaves its neighbours untouched."""
    lay = layout(side)
    ss = theme.SS
    px, py = lay.centres[cell]
    r = lay.radius
    x0, y0 = math.floor(px - r - 2), math.floor(py - r * SQRT3 / 2 - 2)
    w, h = math.ceil(px + r + 2) - x0, math.ceil(py + r * SQRT3 / 2 + 2) - y0
    cx, cy = (px - x0) * ss, (py - y0) * ss
    inner = (r - lay.gap) * ss  # circumradius of the drawn hex
    big = Image.new("RGB", (w * ss, h * ss), GUTTER)
    draw = ImageDraw.Draw(big)
    fill = CELL if nest is None else NEST_TINT[nest]
    fill = {PLAIN: fill, SOURCE: theme.mix(fill, theme.HIGHLIGHT, 0.28), TARGET: theme.mix(fill, theme.HIGHLIGHT, 0.55)}[mark]
    draw.polygon(hex_points(cx, cy, inner), fill=theme.mix(fill, (255, 255, 255), 0.14))
    # the face nudged down and to the right leaves a thin lit rim along the top left
    draw.polygon(hex_points(cx + 0.5 * ss, cy + 0.8 * ss, inner - 1.2 * ss), fill=fill)

    def band(inset: float, width: float, colour: RGB) -> None:
        """A hexagonal band `width` px thick whose outer edge lies `inset` px inside the hex's edges."""
        outer = inner - inset * 2 / SQRT3 * ss
        draw.polygon(hex_points(cx, cy, outer), outline=colour, width=max(1, round(width * ss)))

    inset = 0.0
    if nest is not None:
        band(0, lay.nest_width, NEST_RING[nest])
        band(lay.nest_width, 1, NEST_EDGE[nest])
        if nest == 1:  # the dark ring also needs a line against the dark gutter
            band(0, 1, NEST_EDGE[nest])
        inset = lay.nest_width + 1
    if mark == TARGET:
        band(inset, 3, theme.HIGHLIGHT)
    small = theme.downsample(big)
    shade = theme.mix(fill, (255, 255, 255), 0.38) if mark == PLAIN else theme.mix(fill, (0, 0, 0), 0.5)
    ImageDraw.Draw(small).text((px - x0, py - y0), str(lay.geometry.coords[cell][1] + 1),
                               font=theme.font(lay.number_size, True), fill=shade, anchor="mm")
    mask = Image.new("L", (w * ss, h * ss), 0)
    ImageDraw.Draw(mask).polygon(hex_points(cx, cy, (r - lay.gap / 2) * ss), fill=255)
    return small, theme.downsample(mask), (x0, y0)


def paste_tile(img: Image.Image, side: int, cell: int, mark: int, nests: tuple[int, int]) -> None:
    nest = nests.index(cell) if cell in nests else None
    rgb, mask, origin = tile(side, cell, mark, nest)
    img.paste(rgb, origin, mask)


@lru_cache(maxsize=4)
def board(side: int) -> Image.Image:
    """Background, the board's shadow, rim and gutters, every hex plain and numbered, file letters."""
    lay = layout(side)
    ss = theme.SS
    img = Image.new("RGB", (WIDTH, lay.height), theme.BACKGROUND)

    def grow(extra: float) -> float:
        """The circumradius of a hex whose edges lie `extra` px outside a cell's."""
        return lay.radius + extra * 2 / SQRT3

    # the rim hugs the cells: a hexagon FRAME px larger round every cell
    big = Image.new("RGBA", (WIDTH * ss, lay.height * ss), (0, 0, 0, 0))
    shadow = Image.new("L", big.size, 0)
    draw, shade = ImageDraw.Draw(big), ImageDraw.Draw(shadow)
    for x, y in lay.centres:
        shade.polygon(hex_points((x + 2) * ss, (y + 4) * ss, grow(FRAME + 1) * ss), fill=150)
    for extra, colour in ((FRAME, RIM_EDGE), (FRAME - 1, RIM), (0.3, GUTTER)):
        for x, y in lay.centres:
            draw.polygon(hex_points(x * ss, y * ss, grow(extra) * ss), fill=colour + (255,))
    shadow = theme.downsample(shadow).filter(ImageFilter.GaussianBlur(5))
    img.paste(theme.mix(theme.BACKGROUND, (0, 0, 0), 0.6), (0, 0), shadow)
    rim = theme.downsample(big)
    img.paste(rim, (0, 0), rim)
    for cell in range(lay.geometry.size):
        rgb, mask, origin = tile(side, cell, PLAIN, None)
        img.paste(rgb, origin, mask)
    draw = ImageDraw.Draw(img)
    face = theme.font(lay.label_size, True)
    g = lay.geometry
    bottom: dict[int, int] = {}
    for cell, (file, number) in enumerate(g.coords):
        if number == 0:
            bottom[file] = cell
    for file, cell in bottom.items():
        x, y = lay.centres[cell]
        draw.text((x, y + lay.radius * SQRT3 / 2 + FRAME + LABEL_GAP), g.files[file], font=face, fill=LABEL, anchor="mm")
    return img


@lru_cache(maxsize=16)
def base(side: int, nests: tuple[int, int]) -> Image.Image:
    """The board of `board(side)` with both nests ringed."""
    img = board(side).copy()
    for cell in nests:
        paste_tile(img, side, cell, PLAIN, nests)
    return img


@cache
def palette(side: int) -> Image.Image:
    """The fixed 256-colour palette for every PNG of this board size, fitted to every colour the
    renderer can draw: the board, marked and nest tiles, tokens and rings, the panel and footer."""
    lay = layout(side)
    nests = (0, lay.geometry.size - 1)
    sheet = base(side, nests).copy()
    kinds = [(mark, nest, piece) for mark in (SOURCE, TARGET) for nest in (None, 0, 1) for piece in (0, 1, 2)]
    step = lay.geometry.size // len(kinds)
    for k, (mark, nest, piece) in enumerate(kinds):  # every marked tile, with and without a token
        cell = k * step
        rgb, mask, origin = tile(side, cell, mark, nest)
        sheet.paste(rgb, origin, mask)
        if piece:
            theme.paste(sheet, theme.disc(STYLES[piece - 1], lay.disc), lay.centres[cell])
    samples = Image.new("RGB", (WIDTH, lay.disc * 4), CELL)
    for k, style in enumerate(STYLES):
        theme.paste(samples, theme.disc(style, lay.disc), (40 + k * 80, lay.disc))
        theme.paste(samples, theme.disc(style, lay.disc), (200 + k * 80, lay.disc * 3))
        theme.paste(samples, theme.ring(theme.HIGHLIGHT, lay.flip, 3), (200 + k * 80, lay.disc * 3))
    theme.paste(samples, theme.ring(theme.HIGHLIGHT, lay.flip - 4, 2.5, dashes=12), (400, lay.disc))
    return theme.palette_for([sheet, samples, theme.panel_samples(WIDTH, STYLES, GAME.seat_names)])


# --- a render -----------------------------------------------------------------------------------------
def image(state, names: Sequence[str]) -> Image.Image:
    """The rendered position as an RGB image (before palette mapping and encoding)."""
    side = side_of(state)
    lay = layout(side)
    nests = tuple(state.variant.nests)
    img = base(side, nests).copy()
    last = state.last
    flipped: tuple[int, ...] = ()
    if last is not None:
        paste_tile(img, side, last.dst, TARGET, nests)
        if last.src is not None:
            paste_tile(img, side, last.src, SOURCE, nests)
            if not state.board[last.src]:
                theme.paste(img, theme.ring(theme.HIGHLIGHT, lay.flip - 4, 2.5, dashes=12), lay.centres[last.src])
        flipped = last.flipped
    centres = lay.centres
    sprites = [theme.disc(style, lay.disc) for style in STYLES]
    for cell, piece in enumerate(state.board):
        if piece:
            theme.paste(img, sprites[piece - 1], centres[cell])
    flip_ring = theme.ring(theme.HIGHLIGHT, lay.flip, 3)
    for cell in flipped:
        theme.paste(img, flip_ring, centres[cell])
    shown = seats(state, names)
    theme.draw_players(img, 0, shown, state.to_move, state.outcome)
    theme.draw_footer(img, lay.footer_y, shown, state.to_move, state.outcome, detail(state, shown))
    return img


def seats(state, names: Sequence[str]) -> list[theme.Seat]:
    """The seats as the cards show them, each with its count of tokens."""
    return theme.seats_for(GAME, state, names, STYLES, state.counts, TOKENS)


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line: the last move with what it did, and any automatic pass."""
    names = state.geometry.names
    light, dark = (names[cell] for cell in state.variant.nests)
    # Translators: a picture's hint before the first move of Ikabegamá; the words between <b> and </b> stand out; {light_nest} and {dark_nest} are cells ("f1"), Light and Dark the seats
    opening = theme.tinted(_("New game · <b>grow</b> or <b>jump</b> · Light aims for {dark_nest}, Dark for {light_nest}"),
                           theme.MUTED, theme.TEXT, light_nest=light, dark_nest=dark)
    return theme.move_detail(state, seats, opening)


def render(state, names: Sequence[str]) -> bytes:
    """The PNG the bot posts for this state."""
    return theme.encode_png(image(state, names), palette(side_of(state)))


# --- text ---------------------------------------------------------------------------------------------
def text(state, names: Sequence[str]) -> str:
    """A plain-text board: one column per file, half a cell between rows, so the neighbours of a
    cell are the ones above, below and diagonally beside it. Empty cells show their number, `O` is
    Light and `X` Dark; `[ ]` marks the last move's destination, `( )` a jump's source, `*` a flipped
    token and `< >` the nests. Then the players, the nests, the last move and whose turn it is."""
    g = state.geometry
    side = side_of(state)
    last = state.last
    nests = tuple(state.variant.nests)
    flipped = set(last.flipped) if last is not None else set()
    top = side - 1
    rows: dict[int, dict[int, str]] = {}
    for cell, (file, number) in enumerate(g.coords):
        q = file - top
        r = number + max(-top, -q - top)
        piece = state.board[cell]
        content = f" {SYMBOLS[piece - 1]}" if piece else f"{number + 1:>2}"
        if last is not None and cell == last.dst:
            shown = f"[{content}]"
        elif last is not None and cell == last.src:
            shown = f"({content})"
        elif cell in nests:
            shown = f"<{content.strip()}*>" if cell in flipped else f"<{content}>"
        elif cell in flipped:
            shown = f" {content}*"
        else:
            shown = f" {content} "
        rows.setdefault(2 * r + q, {})[file] = shown
    files = len(g.files)
    letters = "  " + "".join(f"  {letter} " for letter in g.files)
    lines = [letters.rstrip()]
    for y in sorted(rows, reverse=True):
        line = "".join(rows[y].get(file, "    ") for file in range(files))
        lines.append(("  " + line).rstrip())
    lines.append(letters.rstrip())
    players = seats(state, names)
    lines.append("")
    lines.extend(theme.text_players(state, players, SYMBOLS))
    light, dark = (g.names[cell] for cell in nests)
    # Translators: the nests on Ikabegamá's text board; keep the marks < >; Light and Dark are the seats, {light_nest} and {dark_nest} cells ("f1")
    lines.append(_("Nests < >: Light {light_nest}, Dark {dark_nest} — a Light token on {dark_nest} or a Dark token on "
                   "{light_nest} wins", light_nest=light, dark_nest=dark))
    if last is not None:
        lines.append(theme.text_last_move(last, players))
        # Translators: the key to the marks on Ikabegamá's text board; keep the marks [ ], ( ) and *
        lines.append(_("[ ] moved to   ( ) jumped from   * flipped   numbers: empty cells, counted up each file"))
    else:
        lines.append(_("Numbers: empty cells, counted up each file"))
    if state.outcome is not None:
        lines.append(theme.text_result(state.outcome, players))
    return "\n".join(lines) + "\n"
