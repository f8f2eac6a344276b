"""Ascent: a fast board for the alpha-beta search and an evaluation of how near each side's rows are to
climbing.

A row climbs once its four numbers strictly increase from its top tile down. Two tiles of one row are
always on different levels, so an inversion inside a row (a larger number above a smaller one) is
always a legal switch, and undoes itself: a row whose only flaw is one such pair is won in one move
(a threat). A repeated number needs a number from outside the row. Each row is judged by a table over
its four numbers (7^4 of them), worked out once.
"""
from __future__ import annotations

from engines.knowledge import Knowledge
from engines.rewards import Rewards, two_sided
from rules.ascent import LEFT_ROWS, LEVEL, RIGHT_ROWS, TILES, AscentState

TILE_COUNT = 16
WIDTH = 16  # move = higher * WIDTH + lower
ROWS = LEFT_ROWS + RIGHT_ROWS  # rows 0-3 are seat 0's (↙), rows 4-7 seat 1's (↘), each from its top tile
SIGN = (1.0,) * 4 + (-1.0,) * 4  # whose row it is, as seen by seat 0
THREAT = 6.0  # a row won in one move
TEMPO = 1.0  # the side to move


def row_value(values: tuple[int, int, int, int]) -> float:
    """How near a row is to climbing: its ordered pairs (of six), a repeated number costing more than
    an inversion, and a bonus for a threat."""
    ordered = inverted = ties = 0
    for i in range(4):
        for j in range(i + 1, 4):
            if values[i] < values[j]:
                ordered += 1
            elif values[i] > values[j]:
                inverted += 1
            else:
                ties += 1
    value = ordered * ordered / 6.0 - 0.5 * ties
    if inverted == 1 and ties == 0:
        value += THREAT
    return value


# A row is packed into one integer, three bits a number, its top tile highest: VALUE[packed] judges it.
SHIFT = (9, 6, 3, 0)
VALUE = tuple(row_value((p >> 9 & 7, p >> 6 & 7, p >> 3 & 7, p & 7)) for p in range(1 << 12))


def climbs(packed: int) -> bool:
    return (packed >> 9 & 7) < (packed >> 6 & 7) < (packed >> 3 & 7) < (packed & 7)


CLIMBS = tuple(climbs(p) for p in range(1 << 12))


def pair_rows(high: int, low: int) -> tuple[tuple[int, int], ...]:
    """The rows a switch changes, each with K: a row's packed value changes by (b - a) · K when the
    higher tile's number a and the lower tile's b change places."""
    found: dict[int, int] = {}
    for tile, sign in ((high, 1), (low, -1)):
        for row, tiles in enumerate(ROWS):
            if tile in tiles:
                found[row] = found.get(row, 0) + sign * (1 << SHIFT[tiles.index(tile)])
    return tuple(found.items())


PAIRS = tuple((high, low, high * WIDTH + low, pair_rows(high, low))
              for high in range(TILE_COUNT) for low in range(TILE_COUNT) if LEVEL[high] > LEVEL[low])


def packed_rows(cells: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(cells[t] << shift for t, shift in zip(tiles, SHIFT)) for tiles in ROWS)


class AscentBoard:
    """A position: `cells[tile]` the number the tile shows, `rows` the eight rows packed, `mover` the
    seat to move, `result` (for seat 0: +1, 0, -1) once the game is over."""

    __slots__ = ("cells", "rows", "mover", "result")

    def __init__(self, cells: tuple[int, ...], rows: tuple[int, ...], mover: int, result: int | None = None):
        self.cells = cells
        self.rows = rows
        self.mover = mover
        self.result = result

    @classmethod
    def of(cls, state: AscentState) -> AscentBoard:
        result = None
        if state.outcome is not None:
            first = state.outcome.places[0]
            result = 0 if len(first) > 1 else (1 if 0 in first else -1)
        return cls(state.board, packed_rows(state.board), state.to_move if state.to_move is not None else 0, result)

    def key(self) -> tuple[tuple[int, ...], int]:
        return self.cells, self.mover

    def over(self) -> int | None:
        result = self.result
        if result is None:
            return None
        return result if self.mover == 0 else -result

    def moves(self) -> list[int]:
        """Every legal switch, those that help the mover's rows most (and the opponent's least) first."""
        if self.result is not None:
            return []
        cells, rows = self.cells, self.rows
        mine = 1.0 if self.mover == 0 else -1.0
        keyed = []
        for high, low, move, changed in PAIRS:
            a, b = cells[high], cells[low]
            if a > b:
                gain = 0.0
                for row, k in changed:
                    packed = rows[row]
                    gain += SIGN[row] * (VALUE[packed + (b - a) * k] - VALUE[packed])
                keyed.append((mine * gain, move))
        keyed.sort(reverse=True)
        return [move for _, move in keyed]

    def play(self, move: int) -> AscentBoard:
        high, low = divmod(move, WIDTH)
        cells = list(self.cells)
        a, b = cells[high], cells[low]
        cells[high], cells[low] = b, a
        rows = list(self.rows)
        done = 0  # bit 0: a row of seat 0's kind climbs, bit 1: one of seat 1's
        for row, k in PAIR_ROWS[move]:
            packed = rows[row] + (b - a) * k
            rows[row] = packed
            if CLIMBS[packed]:
                done |= 1 if row < 4 else 2
        result = None if not done else (1, -1, 0)[done - 1]
        # With no switch left every row climbs, so a game still running always has a move.
        return AscentBoard(tuple(cells), tuple(rows), 1 - self.mover, result)

    def score(self) -> float:
        """Seat 0's rows minus seat 1's, for the side to move, plus a little for having the move."""
        r = self.rows
        value = (VALUE[r[0]] + VALUE[r[1]] + VALUE[r[2]] + VALUE[r[3]]
                 - VALUE[r[4]] - VALUE[r[5]] - VALUE[r[6]] - VALUE[r[7]])
        return (value if self.mover == 0 else -value) + TEMPO

    def notation(self, move: int) -> str:
        high, low = divmod(move, WIDTH)
        return f"{TILES[high]}-{TILES[low]}"


PAIR_ROWS = {move: changed for _, _, move, changed in PAIRS}


def advantage(state: AscentState) -> float:
    """Seat 0's lead by the board's evaluation."""
    board = AscentBoard.of(state)
    value = board.score()
    return value if board.mover == 0 else -value


def value(state: AscentState) -> Rewards:
    return two_sided(advantage(state), 0.25)


ASCENT = Knowledge(board=AscentBoard.of)
