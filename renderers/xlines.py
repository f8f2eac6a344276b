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
The board's layout, colours and squares are in renderers/xlines_board.py, the lines in
renderers/xlines_lines.py; this module puts them together: a render and its palette, the cards' samples
of each seat's line, and the text board.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from PIL import Image, ImageDraw

from i18n import _, ngettext
from renderers import grid, theme
from renderers.theme import RGB
from renderers.xlines_board import (
    BOARD,
    CAP,
    CELL,
    FREE_X,
    GRID,
    LABEL,
    PLAYERS,
    STYLES,
    WIDTH,
    last_x_tile,
    layout,
    layout_of,
    lined,
    next_ring,
    ring_diameter,
    ring_width,
    used_sprite,
    x_sprite,
)
from renderers.xlines_lines import CASING, DASHED, bar, draw_lines, gaps, lanes, line_colours
from rules.notation import FILES
from rules.xlines import GAME, SEAT_NAMES, between, square_name

__all__ = [  # what renderers.Renderer asks of a game's module, then the sizes, colours and steps its tests check
    "colours", "image", "label_sizes", "render", "seats", "text",
    "CAP", "CELL", "FREE_X", "LABEL", "lanes", "layout", "layout_of", "line_colours", "phase", "ring_diameter",
    "ring_width",
]

SYMBOLS = ("R", "B")


def colours(state) -> theme.Colours:
    """What the board is drawn in: each seat's lines, the newest and the earlier ones, on the squares
    (tests/test_palette.py keeps them apart)."""
    return theme.Colours(seats=tuple(tuple(line_colours(seat, newest)[0] for newest in (True, False)) for seat in range(PLAYERS)),
                         grounds=(CELL,))


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the board, with its font size and whether it is bold."""
    return {"files and ranks": (layout_of(state).label_size, True)}


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
    panel = theme.panel(img.width, PLAYERS)
    reach = [sample(seat, panel.text).width + round(panel.text * 0.5) for seat in range(PLAYERS)]
    theme.draw_players(img, 0, shown, state.to_move, state.outcome, reserved=reach)
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
        # Translators: the stage of X's and lines while x's are placed ("Placing · 3 of 8 x's")
        return ngettext("Placing · {placed} of {n} x", "Placing · {placed} of {n} x's", state.n, placed=len(state.xs))
    # Translators: the stage of X's and lines while lines are drawn ("Lines · 3 drawn")
    return ngettext("Lines · {n} drawn", "Lines · {n} drawn", len(state.lines))


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's detail: the last move with what it did (the last x's says that the first line may
    start at any x)."""
    # Translators: a picture's hint before the first move of X's and lines; the words between <b> and </b> stand out
    opening = theme.tinted(_("New game · <b>place an x</b> on any empty square"), theme.MUTED, theme.TEXT)
    return theme.move_detail(state, seats, opening)


@cache
def palette(n: int) -> Image.Image:
    """The fixed 256-colour palette for every PNG of this size (see `_palette`), drawn in English: one
    palette whatever the language."""
    return theme.in_english(lambda: _palette(n))


def _palette(n: int) -> Image.Image:
    """The palette for every PNG of this size, fitted to every colour the renderer
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
    # Translators: the key to X's and lines' text board; keep the marks x o @ *
    legend = [_("x a free x"), _("o a used x")]
    if start is not None:
        legend.append(_("@ where the next line starts"))
    if just_placed is not None:
        legend.append(_("* the x just placed"))
    out.append("   ".join(legend))
    if state.placing:  # no score: what each player has done so far
        counts = [sum(1 for k in range(len(state.xs)) if k % PLAYERS == seat) for seat in range(PLAYERS)]
        # Translators: how many x's a player has placed, on X's and lines' text board ("3 x's placed")
        done = [ngettext("{n} x placed", "{n} x's placed", count) for count in counts]
    else:
        counts = [sum(1 for line in state.lines if line.seat == seat) for seat in range(PLAYERS)]
        # Translators: how many lines a player has drawn, on X's and lines' text board ("2 lines drawn")
        done = [ngettext("{n} line drawn", "{n} lines drawn", count) for count in counts]
    players = [replace(seat, score=words) for seat, words in zip(seats(state, names), done)]
    out.append("")
    if state.outcome is None:
        out.append(phase(state).replace(" · ", ": "))
    out.extend(theme.text_players(state, players, SYMBOLS, ""))
    if last is not None:
        out.append(theme.text_last_move(last, players))
    if start is not None:
        out.append(_("The next line starts at {square}", square=square_name(start)))
    if state.outcome is not None:
        out.append(theme.text_result(state.outcome, players))
    return "\n".join(out) + "\n"

