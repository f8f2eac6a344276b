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

The layout and the ground are in renderers/elevation_ground.py, the sprites (pieces, ghosts, chips, the
ring and the arrow) in renderers/elevation_pieces.py; this module puts them together: the base, a render
and its palette, the pieces left on the cards, and the text board.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from i18n import _, current, ngettext, pgettext
from renderers import grid, theme
from renderers.elevation_ground import (
    BOARD_COLOURS,
    CELL,
    DETAIL_LINES,
    LABEL,
    LEGEND_HEIGHT,
    NUMBER_INSET,
    NUMBER_SIZE,
    PLAYERS,
    TERRAIN,
    TEXT_SIZE,
    WIDTH,
    ground,
    ink,
    layout,
    luminance,
    number,
    shade,
)
from renderers.elevation_pieces import (
    ARROW,
    CHIP_SIZE,
    CORNER,
    DISC,
    ICON,
    NEUTRAL,
    PUT,
    RING,
    SQUARES,
    STYLES,
    TAKEN,
    arrow,
    card_icon,
    chip,
    ghost,
    piece_sprite,
    ring,
    token,
)
from renderers.results import comma_list
from renderers.theme import RGB
from rules.elevation import (
    BOARD,
    GAME,
    SEAT_NAMES,
    SIDE,
    ElevationLast,
    ElevationState,
    kind_of,
    owner_of,
    piece,
)

__all__ = [  # what renderers.Renderer asks of a game's module, then the sizes, colours and steps its tests check
    "colours", "image", "label_sizes", "render", "seats", "text",
    "ARROW", "BOARD", "CELL", "CHIP_INSET", "CORNER", "DETAIL_LINES", "DISC", "LABEL", "PUT", "RING", "SEAT_NAMES",
    "TAKEN", "WIDTH", "chip", "chip_text", "dig_counts", "head_corner", "ink", "layout", "luminance", "moved", "number",
    "shade",
]

GHOST_SMALL = 26  # a captured piece's ghost when the capturing piece stands on its square
LEGEND_SIZE = TEXT_SIZE
CHIP_INSET = (4, 4)
GHOST_INSET = (3, 3)
SYMBOLS = ("SFD", "sfd")  # how each seat's pieces show on the text board


def kind_names() -> tuple[str, ...]:
    """The kinds' names as the legend gives them, in the language in use (KINDS, the rules' own, in order)."""
    # Translators: Elevation's three kinds of piece, named in the legend under the board
    return pgettext("piece", "samurai"), pgettext("piece", "fish"), pgettext("piece", "dragon")


def base() -> Image.Image:
    """Background, the framed grid with coordinates, and the legend: each emblem with its kind's name
    and the two chips with what they mean, in the language in use."""
    return _base(current())


@lru_cache(maxsize=9)  # one a language
def _base(language: str) -> Image.Image:
    lay = layout()
    img = grid.base(lay, BOARD_COLOURS, BOARD.files).copy()
    face = theme.font(LEGEND_SIZE)
    items: list[tuple[Image.Image, str]] = [(token(NEUTRAL, kind, ICON), name) for kind, name in enumerate(kind_names())]
    # Translators: in the legend under Elevation's board, beside a "+1" chip: a tile was put on the square
    items.append((chip("+1", True), _("tile put")))
    # Translators: in the legend under Elevation's board, beside a "−1" chip: a tile was dug from the square
    items.append((chip("−1", False), _("tile dug")))
    gap, space = 5, 14
    sprites = [sprite for sprite, _label in items]
    rooms = legend_rooms([round(face.getlength(label)) for _sprite, label in items],
                         lay.width - 2 * theme.PANEL_PAD - sum(sprite.width + gap for sprite in sprites) - space * (len(items) - 1))
    labels = [theme.fit(label, LEGEND_SIZE, False, room) for (_sprite, label), room in zip(items, rooms)]
    widths = [sprite.width + gap + round(face.getlength(label)) for sprite, label in zip(sprites, labels)]
    x = (lay.width - sum(widths) - space * (len(items) - 1)) // 2
    y = lay.footer_y - LEGEND_HEIGHT + 8
    draw = ImageDraw.Draw(img)
    for sprite, label, w in zip(sprites, labels, widths):
        img.paste(sprite, (x, round(y - sprite.height / 2)), sprite)
        theme.put_text(draw, (x + sprite.width + gap, y), label, face, theme.MUTED, "lm")
        x += w + space
    return img


def legend_rooms(widths: Sequence[int], room: int) -> list[int]:
    """How wide each of the legend's labels may be, `widths` wide as they are, for all of them to fit
    in `room` px: as wide as they are if they fit, else the widest cut down to one share that fits."""
    if sum(widths) <= room:
        return list(widths)
    left, count = room, len(widths)
    share = left / count
    for width in sorted(widths):  # the narrow ones keep their width; the rest share what is left
        if width > share:
            break
        left, count = left - width, count - 1
        share = left / count
    return [width if width <= share else int(share) for width in widths]


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
        end = last.end
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
        theme.paste(img, ring(), lay.centre(*coords[last.end]))
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
    reach = [kinds_reach(img.width, state, seat) for seat in range(PLAYERS)]
    theme.draw_players(img, 0, shown, state.to_move, state.outcome, reserved=reach)
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


def kinds_reach(width: int, state, seat: int) -> int:
    """How far left of its card's right end `draw_kinds` draws a seat's pieces left, with the space
    before them."""
    lay = theme.panel(width, PLAYERS)
    face = theme.font(lay.text, True)
    reach = 0
    for kind, count in enumerate(state.kinds_left(seat)):
        reach += round(face.getlength(str(count))) + 3 + card_icon(seat, kind, count == 0).width + round(lay.text * 0.5)
    return reach


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


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line: the last move with what it did."""
    # Translators: a picture's hint before the first move of Elevation; the words between <b> and </b> stand out
    opening = theme.tinted(_("New game · <b>dig</b> a tile and <b>step</b>, in either order"), theme.MUTED, theme.TEXT)
    return theme.move_detail(state, seats, opening)


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The fixed 256-colour palette for every PNG, fitted to every colour the renderer can draw: the
    base, the ground and number of every shade, each seat's pieces, ghosts and arrows on light and
    dark ground, the chips, the cards and the footer (drawn in English: one palette whatever the
    language)."""
    return theme.in_english(_palette)


def _palette() -> Image.Image:
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
    # Translators: a count of Elevation's pieces of one kind, in a list on the text board
    return comma_list([ngettext("{n} samurai", "{n} samurai", samurai), ngettext("{n} fish", "{n} fish", fish),
                             ngettext("{n} dragon", "{n} dragons", dragons)])


def text(state, names: Sequence[str]) -> str:
    """A plain-text board: ranks 6..1 top to bottom, each square its height then its piece (`S` `F`
    `D` Red's samurai, fish and dragon, `s` `f` `d` Blue's, `.` none), then for the last turn `*`
    the piece that moved, `o` where it started, `x` a capture, and `+` / `-` / `±` a tile put / dug /
    both. Then the key, the players with their pieces by kind, the last move and the result."""
    last = state.last
    marks: dict[int, str] = {}
    digs: dict[int, str] = {}
    if last is not None:
        end = last.end
        for cell, _code in last.captured:
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
            letter = "." if not code else SYMBOLS[owner_of(code)][kind_of(code)]
            row.append(f"{state.heights[cell]:>3}{letter}{marks.get(cell, '') + digs.get(cell, ''):<2}")
        lines.append(f"{rank + 1:>2} " + "".join(row) + f" {rank + 1}")
    lines.append(header.rstrip())
    # Translators: the key under Elevation's text board; keep the letters S F D, s f d and the dot; Red and Blue are the seats
    lines.append(_("Height, then S F D: Red's samurai, fish, dragon; s f d: Blue's; . no piece"))
    if last is not None:
        # Translators: the key to the marks of the last turn on Elevation's text board; keep the marks * o x + -
        lines.append(_("* moved   o started   x captured   + tile put   - tile dug"))
    # Translators: a player's pieces left on Elevation's text board ("2 samurai, 1 fish, 0 dragons left")
    players = [replace(seat, score=_("{pieces} left", pieces=kinds_text(state.kinds_left(k))))
               for k, seat in enumerate(seats(state, names))]
    lines.append("")
    lines.extend(theme.text_players(state, players, SYMBOLS, ""))
    if last is not None:
        lines.append(theme.text_last_move(last, players))
    if state.outcome is not None:
        lines.append(theme.text_result(state.outcome, players))
    return "\n".join(lines) + "\n"

