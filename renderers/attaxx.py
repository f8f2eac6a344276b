"""Attaxx: a 7×7 felt board with shaded pieces, the last move marked, players above, status below.

A render copies a cached base image (background, framed empty board, coordinates), pastes a cached
tile for every square that is not plain empty felt, draws the two player cards and the status
footer, and encodes the result. Tiles — felt, highlight, piece and ring already composed — are built
on first use, so after warm-up a render does no anti-aliased drawing at all.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from i18n import _, ngettext
from renderers import theme
from renderers.theme import RGB
from rules.attaxx import GAME

# --- layout -------------------------------------------------------------------------------------------
FILES = RANKS = 7
WIDTH = 600
TILE = 68
FRAME = 10  # the wooden-green rim around the squares
BOARD_W = FILES * TILE
BOARD_X = (WIDTH - BOARD_W) // 2  # left edge of square a*
BOARD_Y = theme.panel_height(2, WIDTH) + 14 + FRAME  # top edge of rank 7
LABEL_GAP = 17  # distance from the rim to the centre of a coordinate label
LABEL_SIZE = theme.phone_size(WIDTH)  # the coordinates (bold), readable at a phone's width
FOOTER_Y = BOARD_Y + RANKS * TILE + FRAME + 2 * LABEL_GAP
HEIGHT = FOOTER_Y + theme.footer_height(WIDTH)
DISC = 52  # piece diameter

# --- colours ------------------------------------------------------------------------------------------
FELT: RGB = (40, 120, 74)
GUTTER: RGB = (20, 70, 42)
RIM: RGB = (18, 58, 36)
RIM_EDGE: RGB = (64, 112, 80)
LABEL: RGB = (186, 204, 194)
STYLES = (theme.WHITE, theme.BLACK)
SYMBOLS = ("O", "X")


def pieces(count: int) -> str:
    """The unit of a seat's score: its pieces on the board."""
    # Translators: the unit after a player's count of pieces on their card ("12 pieces")
    return ngettext("piece", "pieces", count)


PIECES: theme.Unit = pieces

# Tile marks
PLAIN, SOURCE, TARGET = 0, 1, 2


def square_origin(file: int, rank: int) -> tuple[int, int]:
    """Top-left pixel of the square at 0-based (file, rank); rank 0 is at the bottom."""
    return BOARD_X + file * TILE, BOARD_Y + (RANKS - 1 - rank) * TILE


@cache
def tile(piece: int, mark: int, flipped: bool) -> Image.Image:
    """An opaque TILE×TILE square: felt (tinted for the last move's source or target), then the
    piece (0 none, 1 White, 2 Black) and the flip ring."""
    ss = theme.SS
    big = Image.new("RGB", (TILE * ss, TILE * ss), GUTTER)
    draw = ImageDraw.Draw(big)
    felt = {PLAIN: FELT, SOURCE: theme.mix(FELT, theme.HIGHLIGHT, 0.28), TARGET: theme.mix(FELT, theme.HIGHLIGHT, 0.55)}[mark]
    light = theme.mix(felt, (255, 255, 255), 0.12)
    inset = 1.5 * ss
    box = (inset, inset, TILE * ss - inset - 1, TILE * ss - inset - 1)
    draw.rounded_rectangle(box, 4 * ss, fill=light)  # a 1 px lit edge along the top and left
    draw.rounded_rectangle((box[0] + ss, box[1] + ss, box[2], box[3]), 4 * ss, fill=felt)
    if mark == TARGET:
        draw.rounded_rectangle(box, 4 * ss, outline=theme.HIGHLIGHT, width=3 * ss)
    small = theme.downsample(big)
    centre = (TILE / 2, TILE / 2)
    if mark == SOURCE and not piece:
        theme.paste(small, theme.ring(theme.HIGHLIGHT, DISC - 6, 2.5, dashes=12), centre)
    if piece:
        theme.paste(small, theme.disc(STYLES[piece - 1], DISC), centre)
    if flipped:
        theme.paste(small, theme.ring(theme.HIGHLIGHT, DISC + 10, 3), centre)
    return small


@lru_cache(maxsize=1)
def base() -> Image.Image:
    """Background, the framed board of empty squares, rank numbers left and right, file letters below."""
    img = Image.new("RGB", (WIDTH, HEIGHT), theme.BACKGROUND)
    outer = (BOARD_W + 2 * FRAME, RANKS * TILE + 2 * FRAME)
    shadow = theme.rounded_box((outer[0] + 8, outer[1] + 8), 14, theme.mix(theme.BACKGROUND, (0, 0, 0), 0.5))
    img.paste(shadow, (BOARD_X - FRAME - 4, BOARD_Y - FRAME - 1), shadow)
    frame = theme.rounded_box(outer, 10, RIM, RIM_EDGE, 1)
    img.paste(frame, (BOARD_X - FRAME, BOARD_Y - FRAME), frame)
    empty = tile(0, PLAIN, False)
    for file in range(FILES):
        for rank in range(RANKS):
            img.paste(empty, square_origin(file, rank))
    draw = ImageDraw.Draw(img)
    face = theme.font(LABEL_SIZE, True)
    letters = "abcdefg"
    bottom = BOARD_Y + RANKS * TILE + FRAME + LABEL_GAP
    left, right = BOARD_X - FRAME - LABEL_GAP, BOARD_X + BOARD_W + FRAME + LABEL_GAP
    for file in range(FILES):
        x = BOARD_X + file * TILE + TILE / 2
        draw.text((x, bottom), letters[file], font=face, fill=LABEL, anchor="mm")
    for rank in range(RANKS):
        y = BOARD_Y + (RANKS - 1 - rank) * TILE + TILE / 2
        draw.text((left, y), str(rank + 1), font=face, fill=LABEL, anchor="mm")
        draw.text((right, y), str(rank + 1), font=face, fill=LABEL, anchor="mm")
    return img


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed 256-colour palette every Attaxx PNG is mapped onto, fitted to every colour the
    renderer can draw: the base, every tile, and the player panel and footer in all their states."""
    tiles = [tile(piece, mark, flipped) for piece in range(3) for mark in (PLAIN, SOURCE, TARGET) for flipped in (False, True)]
    return theme.palette_for([base(), *tiles, theme.panel_samples(WIDTH, STYLES, GAME.seat_names)])


def colours(state) -> theme.Colours:
    """What the board is drawn in: the pieces on the felt (tests/test_palette.py keeps them apart)."""
    return theme.Colours(seats=tuple((style.base,) for style in STYLES), grounds=(FELT,))


def label_sizes(state) -> dict[str, tuple[int, bool]]:
    """Every kind of text on the board, with its font size and whether it is bold."""
    return {"files and ranks": (LABEL_SIZE, True)}


def image(state, names: Sequence[str]) -> Image.Image:
    """The rendered position as an RGB image (before palette mapping and encoding)."""
    img = base().copy()
    g = state.geometry
    last = state.last
    marks: dict[int, int] = {}
    flipped: frozenset[int] = frozenset()
    if last is not None:
        marks[last.dst] = TARGET
        if last.src is not None:
            marks[last.src] = SOURCE
        flipped = frozenset(last.flipped)
    for cell, piece in enumerate(state.board):
        mark = marks.get(cell, PLAIN)
        if piece or mark or cell in flipped:
            img.paste(tile(piece, mark, cell in flipped), square_origin(*g.coords[cell]))
    shown = seats(state, names)
    theme.draw_players(img, 0, shown, state.to_move, state.outcome)
    theme.draw_footer(img, FOOTER_Y, shown, state.to_move, state.outcome, detail(state, shown))
    return img


def seats(state, names: Sequence[str]) -> list[theme.Seat]:
    """The seats as the cards show them, each with its count of pieces."""
    return theme.seats_for(GAME, state, names, STYLES, state.counts, PIECES)


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line: the last move with what it did, and any automatic pass."""
    # Translators: a picture's hint before the first move of Attaxx; the words between <b> and </b> stand out
    opening = theme.tinted(_("New game · <b>clone</b> next to a piece or <b>jump</b> two squares"), theme.MUTED, theme.TEXT)
    return theme.move_detail(state, seats, opening)


def render(state, names: Sequence[str]) -> bytes:
    """The PNG the bot posts for this state."""
    return theme.encode_png(image(state, names), palette())


def text(state, names: Sequence[str]) -> str:
    """A plain-text board: ranks 7..1 top to bottom, `O` White, `X` Black, `[ ]` the last move's
    target, `( )` a jump's source, `*` a flipped piece; then players, last move and whose turn."""
    g = state.geometry
    last = state.last
    by_coord = {coord: cell for cell, coord in enumerate(g.coords)}
    flipped = set(last.flipped) if last is not None else set()
    files = g.files[:FILES]
    header = "    " + "   ".join(files)
    lines = [header]
    for rank in range(RANKS - 1, -1, -1):
        cells = []
        for file in range(FILES):
            cell = by_coord[(file, rank)]
            piece = state.board[cell]
            symbol = SYMBOLS[piece - 1] if piece else "."
            if last is not None and cell == last.dst:
                cells.append(f"[{symbol}]")
            elif last is not None and cell == last.src:
                cells.append(f"({symbol})")
            elif cell in flipped:
                cells.append(f" {symbol}*")
            else:
                cells.append(f" {symbol} ")
        lines.append(f"{rank + 1:>2} " + " ".join(cells) + f" {rank + 1}")
    lines.append(header)
    players = seats(state, names)
    lines.append("")
    lines.extend(theme.text_players(state, players, SYMBOLS))
    if last is not None:
        lines.append(theme.text_last_move(last, players))
        # Translators: the key to the marks on Attaxx's text board; keep the marks [ ], ( ) and *
        lines.append(_("[ ] moved to   ( ) jumped from   * flipped"))
    if state.outcome is not None:
        lines.append(theme.text_result(state.outcome, players))
    return "\n".join(lines) + "\n"
