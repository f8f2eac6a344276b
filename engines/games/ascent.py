"""Ascent: a fast board for the alpha-beta search and an evaluation of how near each side's rows are to
climbing.

A row climbs once its four numbers strictly increase from its top tile down. Two tiles of one row are
always on different levels, so an inversion inside a row (a larger number above a smaller one) is
always a legal switch, and undoes itself: a row whose only flaw is one such pair is won in one move
(a threat). A repeated number needs a number from outside the row. Each row is judged by a table over
its four numbers (7^4 of them), worked out once.
"""
from __future__ import annotations

from collections.abc import Sequence

from engines.knowledge import Knowledge, own_position
from engines.rewards import Rewards, two_sided
from rules.ascent import LEFT_ROWS, LEVEL, RIGHT_ROWS, TILES, AscentState
from rules.core import State

SCALE = 0.25  # the slope of the logistic curve that makes the board's score a chance of winning

TILE_COUNT = 16
WIDTH = 16  # move = higher * WIDTH + lower
ROWS = LEFT_ROWS + RIGHT_ROWS  # rows 0-3 are seat 0's (↙), rows 4-7 seat 1's (↘), each from its top tile
OWN_ROWS = (range(0, 4), range(4, 8))
SIGN = (1.0,) * 4 + (-1.0,) * 4  # whose row it is, as seen by seat 0
REACH = 100.0  # the side to move can complete a row of its own: all but won
THREATENED = 3.0  # per row of its own the other side could complete next
CLIMBED = 1000.0  # a switch that completes a row is tried first (or, the opponent's row, last)
TEMPO = 0.5  # the side to move


def row_value(values: tuple[int, ...]) -> float:
    """How near a row is to climbing: its ordered pairs (of six), a repeated number costing more than
    an inversion."""
    ordered = ties = 0
    for i in range(4):
        for j in range(i + 1, 4):
            ordered += values[i] < values[j]
            ties += values[i] == values[j]
    return ordered * ordered / 6.0 - 0.5 * ties


def unpack(packed: int) -> tuple[int, ...]:
    return packed >> 9 & 7, packed >> 6 & 7, packed >> 3 & 7, packed & 7


def climbs(values: Sequence[int]) -> bool:
    return values[0] < values[1] < values[2] < values[3]


def fixes(values: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The places of a row that another number would make climb, as (place, above, below): a number
    strictly between the neighbours `above` and `below` (0 and 8 at the ends) would do."""
    found = []
    for place in range(4):
        others = values[:place] + values[place + 1:]
        above = values[place - 1] if place else 0
        below = values[place + 1] if place < 3 else 8
        if climbs_apart(others) and below - above > 1 and not above < values[place] < below:
            found.append((place, above, below))
    return tuple(found)


def climbs_apart(values: tuple[int, ...]) -> bool:
    return all(a < b for a, b in zip(values, values[1:]))


def swapped_climbs(values: tuple[int, ...]) -> bool:
    """Whether a legal switch of two of the row's own tiles (the upper one larger) makes it climb."""
    for i in range(4):
        for j in range(i + 1, 4):
            if values[i] > values[j]:
                row = list(values)
                row[i], row[j] = row[j], row[i]
                if climbs(row):
                    return True
    return False


# A row is packed into one integer, three bits a number, its top tile highest; tables over every
# packed row judge it, say whether it climbs, where it could be fixed and whether it fixes itself.
SHIFT = (9, 6, 3, 0)
PACKED = range(1 << 12)
VALUE = tuple(row_value(unpack(p)) for p in PACKED)
CLIMBS = tuple(climbs(unpack(p)) for p in PACKED)
FIXES = tuple(fixes(unpack(p)) for p in PACKED)
SWAPS = tuple(swapped_climbs(unpack(p)) for p in PACKED)
BIT = tuple(1 << tile for tile in range(TILE_COUNT))
ABOVE = tuple(sum(BIT[t] for t in range(TILE_COUNT) if LEVEL[t] > LEVEL[tile]) for tile in range(TILE_COUNT))
BELOW = tuple(sum(BIT[t] for t in range(TILE_COUNT) if LEVEL[t] < LEVEL[tile]) for tile in range(TILE_COUNT))
ROW_MASK = tuple(sum(BIT[t] for t in tiles) for tiles in ROWS)


def pair_rows(high: int, low: int) -> tuple[tuple[int, int, float], ...]:
    """The rows a switch changes, each with K and its sign: a row's packed value changes by (b - a) · K
    when the higher tile's number a and the lower tile's b change places."""
    found: dict[int, int] = {}
    for tile, sign in ((high, 1), (low, -1)):
        for row, tiles in enumerate(ROWS):
            if tile in tiles:
                found[row] = found.get(row, 0) + sign * (1 << SHIFT[tiles.index(tile)])
    return tuple((row, k, SIGN[row]) for row, k in found.items())


PAIRS = tuple((high, low, high * WIDTH + low, pair_rows(high, low))
              for high in range(TILE_COUNT) for low in range(TILE_COUNT) if LEVEL[high] > LEVEL[low])
PAIR_ROWS = {move: changed for _, _, move, changed in PAIRS}


def packed_rows(cells: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(cells[t] << shift for t, shift in zip(tiles, SHIFT)) for tiles in ROWS)


def showing(cells: tuple[int, ...]) -> tuple[int, ...]:
    """For each number, the bit set of the tiles that show it."""
    where = [0] * 8
    for tile, number in enumerate(cells):
        where[number] |= BIT[tile]
    return tuple(where)


class AscentBoard:
    """A position: `cells[tile]` the number the tile shows, `rows` the eight rows packed, `where[n]`
    the tiles that show n, `mover` the seat to move, `result` (for seat 0: +1, 0, -1) once the game
    is over."""

    __slots__ = ("cells", "rows", "where", "mover", "result")

    def __init__(self, cells: tuple[int, ...], rows: tuple[int, ...], where: tuple[int, ...], mover: int,
                 result: int | None = None):
        self.cells = cells
        self.rows = rows
        self.where = where
        self.mover = mover
        self.result = result

    @classmethod
    def of(cls, state: State) -> AscentBoard:
        state = own_position(state, AscentState)
        result = None
        if state.outcome is not None:
            first = state.outcome.places[0]
            result = 0 if len(first) > 1 else (1 if 0 in first else -1)
        board = state.board
        return cls(board, packed_rows(board), showing(board), state.to_move if state.to_move is not None else 0,
                   result)

    def key(self) -> tuple[tuple[int, ...], int]:
        return self.cells, self.mover

    def over(self) -> int | None:
        result = self.result
        if result is None:
            return None
        return result if self.mover == 0 else -result

    def moves(self) -> list[int]:
        """Every legal switch: one completing a row of the mover's first, then those that help the
        mover's rows most and the opponent's least, one completing only the opponent's rows last."""
        if self.result is not None:
            return []
        cells, rows = self.cells, self.rows
        value, climbed = VALUE, CLIMBS
        now = [value[p] for p in rows]
        keyed = []
        for high, low, move, changed in PAIRS:
            a, b = cells[high], cells[low]
            if a > b:
                d = b - a
                gain = 0.0
                for row, k, sign in changed:
                    packed = rows[row] + d * k
                    gain += sign * (value[packed] - now[row])
                    if climbed[packed]:
                        gain += sign * CLIMBED
                keyed.append((gain, move))
        keyed.sort(reverse=self.mover == 0)
        return [move for _, move in keyed]

    def play(self, move: int) -> AscentBoard:
        high, low = divmod(move, WIDTH)
        cells = list(self.cells)
        a, b = cells[high], cells[low]
        cells[high], cells[low] = b, a
        rows = list(self.rows)
        done = 0  # bit 0: a row of seat 0's kind climbs, bit 1: one of seat 1's
        for row, k, _ in PAIR_ROWS[move]:
            packed = rows[row] + (b - a) * k
            rows[row] = packed
            if CLIMBS[packed]:
                done |= 1 if row < 4 else 2
        where = list(self.where)
        both = BIT[high] | BIT[low]
        where[a] ^= both
        where[b] ^= both
        result = None if not done else (1, -1, 0)[done - 1]
        # With no switch left every row climbs, so a game still running always has a move.
        return AscentBoard(tuple(cells), tuple(rows), tuple(where), 1 - self.mover, result)

    def completable(self, row: int) -> bool:
        """Whether one legal switch makes the row climb (it may complete another row as well)."""
        packed = self.rows[row]
        if SWAPS[packed]:
            return True
        cells, where = self.cells, self.where
        outside = ~ROW_MASK[row]
        for place, above, below in FIXES[packed]:
            tile = ROWS[row][place]
            shown = cells[tile]
            for number in range(above + 1, below):
                # a smaller number comes up from a lower tile, a larger one down from a higher tile
                if where[number] & outside & (BELOW[tile] if number < shown else ABOVE[tile]):
                    return True
        return False

    def score(self) -> float:
        """For the side to move: all but won if it can complete a row of its own; else its rows minus
        the opponent's, less for each row the opponent could complete next, plus a little for the move."""
        mover = self.mover
        for row in OWN_ROWS[mover]:
            if self.completable(row):
                return REACH
        r = self.rows
        value = (VALUE[r[0]] + VALUE[r[1]] + VALUE[r[2]] + VALUE[r[3]]
                 - VALUE[r[4]] - VALUE[r[5]] - VALUE[r[6]] - VALUE[r[7]])
        threats = sum(self.completable(row) for row in OWN_ROWS[1 - mover])
        return (value if mover == 0 else -value) - THREATENED * threats + TEMPO

    def horizon(self) -> None:
        """Not known without playing the moves: a switch may complete a row of either kind, and the
        evaluation after it asks which rows each side could complete next."""
        return None

    def notation(self, move: int) -> str:
        high, low = divmod(move, WIDTH)
        return f"{TILES[high]}-{TILES[low]}"


def advantage(state: AscentState) -> float:
    """Seat 0's lead by the board's evaluation."""
    board = AscentBoard.of(state)
    value = board.score()
    return value if board.mover == 0 else -value


def value(state: AscentState) -> Rewards:
    return two_sided(advantage(state), SCALE)


ASCENT = Knowledge(board=AscentBoard.of)
