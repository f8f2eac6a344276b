"""Elevation's board and pieces (rules/elevation.py is the game): the 6×6 board of cells and their
neighbours, the pieces' codes with their owner and kind, the cells a fish's diagonal double step passes,
and the cell facing each through the centre."""
from __future__ import annotations

from i18n import N_, pgettext
from rules.geometry import square

# Translators: Elevation's sides: Red moves first
SEAT_NAMES = (N_("Red"), N_("Blue"))
SIDE = 6
BOARD = square(SIDE, SIDE)
NAMES = BOARD.names  # cell i is (file, rank) = BOARD.coords[i]
NEAR = BOARD.near  # the king-adjacent cells
SAMURAI, FISH, DRAGON = 0, 1, 2
KINDS = ("samurai", "fish", "dragon")  # in English; people read `kind_word`
LETTERS = "SFD"
START_ROW = (SAMURAI, FISH, DRAGON, DRAGON, FISH, SAMURAI)
EMPTY = 0


def piece(seat: int, kind: int) -> int:
    """A cell's code for a piece: 1..3 are seat 0's samurai, fish and dragon, 4..6 seat 1's."""
    return 1 + 3 * seat + kind


OWNER = (None, 0, 0, 0, 1, 1, 1)  # by a cell's code: None on an empty cell
KIND = (None, SAMURAI, FISH, DRAGON, SAMURAI, FISH, DRAGON)
CELL = {(f, r): i for i, (f, r) in enumerate(BOARD.coords)}
# For each cell, the (middle, end) cells of a fish's double step in each diagonal direction that fits.
DIAGONALS = tuple(
    tuple((CELL[(f + df, r + dr)], CELL[(f + 2 * df, r + 2 * dr)])
          for df in (-1, 1) for dr in (-1, 1) if (f + 2 * df, r + 2 * dr) in CELL)
    for f, r in BOARD.coords
)


def kind_word(kind: int) -> str:
    """A kind of piece's name in the current language ("samurai", "fish", "dragon")."""
    if kind == SAMURAI:
        # Translators: Elevation's kinds of piece: the samurai digs and steps
        return pgettext("piece", "samurai")
    if kind == FISH:
        # Translators: Elevation's piece that may also move two squares diagonally
        return pgettext("piece", "fish")
    # Translators: Elevation's piece that may also dig twice, step twice or climb two levels
    return pgettext("piece", "dragon")


def owner_of(code: int) -> int:
    """The seat of the piece `code` (an empty cell's code has none: ValueError)."""
    seat = OWNER[code]
    if seat is None:
        raise ValueError(f"{code} is not a piece's code")
    return seat


def kind_of(code: int) -> int:
    """The kind of the piece `code` (an empty cell's code has none: ValueError)."""
    kind = KIND[code]
    if kind is None:
        raise ValueError(f"{code} is not a piece's code")
    return kind


def is_near(a: int, b: int) -> bool:
    return b in NEAR[a]


def offset(a: int, b: int) -> tuple[int, int]:
    (fa, ra), (fb, rb) = BOARD.coords[a], BOARD.coords[b]
    return fb - fa, rb - ra


def mirror(i: int) -> int:
    """The cell facing `i` through the centre of the board."""
    f, r = BOARD.coords[i]
    return CELL[(SIDE - 1 - f, SIDE - 1 - r)]
