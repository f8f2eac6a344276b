"""Ascent (docs/rules.md): sixteen numbered tiles in a diamond; switch a higher, larger tile with a
lower, smaller one until a row reads strictly increasing from top to bottom.

A tile is (i, j): i = 0..3 for its row slanting down to the left (letters a..d), j = 0..3 for its row
slanting down to the right (numbers 1..4); it is stored at index 4·i + j, so `a1` is 0 and `d4` is 15.
Its level, counted from the bottom, is 7 − i − j: `a1` is the top (7), `d4` the bottom (1).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from i18n import N_, _
from rules.contract import Hooks
from rules.core import Game, IllegalMove, InvalidNotation, LastMove, Outcome, Words, still_playing
from rules.notation import squares

NAME = "ascent"
SIDE = 4
LETTERS = "abcd"
# Translators: Ascent's sides: Red moves first
SEAT_NAMES = (N_("Red"), N_("Blue"))
# Translators: follows "write"
EXAMPLE = N_("two tiles like a1-c3")

TILES = tuple(f"{LETTERS[i]}{j + 1}" for i in range(SIDE) for j in range(SIDE))
INDEX = {name: tile for tile, name in enumerate(TILES)}
LEVEL = tuple(7 - i - j for i in range(SIDE) for j in range(SIDE))
# The rows, each listed from its top tile down: seat 1 (index 0) wins on a row slanting down to the
# left (a fixed letter), seat 2 on a row slanting down to the right (a fixed number).
LEFT_ROWS = tuple(tuple(SIDE * i + j for j in range(SIDE)) for i in range(SIDE))
RIGHT_ROWS = tuple(tuple(SIDE * i + j for i in range(SIDE)) for j in range(SIDE))
ROWS_OF_SEAT = (LEFT_ROWS, RIGHT_ROWS)
ROW_NAMES = (tuple(LETTERS), tuple(str(j + 1) for j in range(SIDE)))


def increasing(board: tuple[int, ...], row: tuple[int, ...]) -> bool:
    return all(board[a] < board[b] for a, b in zip(row, row[1:]))


def completed_rows(board: tuple[int, ...], seat: int) -> list[int]:
    """The rows of `seat`'s kind that read strictly increasing from top to bottom."""
    return [index for index, row in enumerate(ROWS_OF_SEAT[seat]) if increasing(board, row)]


@dataclass(frozen=True)
class AscentLast(LastMove):
    higher: int = 0  # the tile on the higher level, which now shows the smaller number
    lower: int = 0
    rows: tuple[tuple[int, int], ...] = ()  # rows the switch completed: (seat whose kind it is, row index)


@dataclass(frozen=True)
class AscentState(Hooks):
    """An immutable position: board[tile] is the number the tile shows."""

    board: tuple[int, ...]
    to_move: int | None = 0
    last: AscentLast | None = None
    outcome: Outcome | None = None

    game = NAME
    players = 2

    @cached_property
    def _legal(self) -> list[tuple[int, int]]:
        """Every legal switch as (higher tile, lower tile), in the order of their names."""
        if self.to_move is None:
            return []
        board = self.board
        return [
            (high, low)
            for high in range(len(board)) for low in range(len(board))
            if LEVEL[high] > LEVEL[low] and board[high] > board[low]
        ]

    def legal_moves(self) -> list[str]:
        return [f"{TILES[high]}-{TILES[low]}" for high, low in self._legal]

    def place_note(self, name: str) -> str:
        """The number tile `name` shows, for labels that name it ("a2 (6)"); empty for no tile."""
        return str(self.board[INDEX[name]]) if name in INDEX else ""

    def parse(self, text: str) -> tuple[int, int]:
        """The switch `text` names as (higher tile, lower tile), or IllegalMove with the reason."""
        names = squares(text, EXAMPLE, least=2)
        for name in names:
            if name not in INDEX:
                raise InvalidNotation(_("{tile} is not a tile: rows a–d, numbers 1–4", tile=name))
        still_playing(self.to_move)
        first, second = (INDEX[name] for name in names)
        if first == second:
            raise IllegalMove(_("Name two different tiles, not {tile} twice", tile=TILES[first]))
        if LEVEL[first] == LEVEL[second]:
            raise IllegalMove(_("{tile} and {other_tile} are on the same level", tile=TILES[first],
                                other_tile=TILES[second]))
        high, low = (first, second) if LEVEL[first] > LEVEL[second] else (second, first)
        if self.board[high] <= self.board[low]:
            # Translators: {higher} and {lower} are tiles (a1, c3); {number} and {other_number} the numbers they show
            raise IllegalMove(_("{higher} shows {number}, which is not larger than {other_number} on {lower}",
                                higher=TILES[high], number=self.board[high], other_number=self.board[low],
                                lower=TILES[low]))
        return high, low

    def play(self, move: str) -> AscentState:
        return self.apply(*self.parse(move))

    def apply(self, high: int, low: int) -> AscentState:
        """The position after a switch already known to be legal."""
        seat = self.to_move
        assert seat is not None
        switched = list(self.board)
        switched[high], switched[low] = switched[low], switched[high]
        board = tuple(switched)
        done = tuple((side, row) for side in (0, 1) for row in completed_rows(board, side))
        notation = f"{TILES[high]}-{TILES[low]}"
        last = AscentLast(seat, notation, higher=high, lower=low, rows=done)  # the outcome's reason names the rows
        kinds = {side for side, _row in done}
        outcome = None
        if kinds:
            reason, words = completed(seat, done)
            ending = Outcome.drawn(reason) if len(kinds) == 2 else Outcome.won(kinds.pop(), reason)
            outcome = replace(ending, words=words)
        next_state = AscentState(board, None if outcome else 1 - seat, last, outcome)
        if outcome is None and not next_state._legal:
            # Translators: {side} is the side to move (Red, Blue), which has no move left
            draw = Outcome.drawn(N_("{side} has no legal switch"), side=SEAT_NAMES[1 - seat])
            next_state = AscentState(board, None, last, draw)
        return next_state


# The reason when a switch completes rows, by how many of the mover's kind and of the opponent's kind it
# completed (a switch moves two tiles, so at most two of each): {side} is the mover and {other_side} the
# opponent (Red, Blue), {row}, {second_row} the rows of the mover's kind and {other_row}, {second_other_row}
# the opponent's, each a row's letter or number and its arrow ("b ↙", "3 ↘").
COMPLETED = {
    # Translators: {side} moved and completed its own kind of row {row} (a row's letter or number and its
    # arrow: "b ↙", "3 ↘"); in the messages like this one {other_side}'s row {other_row} is a row of the
    # opponent's kind, which makes the opponent win
    (1, 0): N_("{side} completed row {row}"),
    (2, 0): N_("{side} completed rows {row} and {second_row}"),
    (0, 1): N_("{side} completed {other_side}'s row {other_row}"),
    (0, 2): N_("{side} completed {other_side}'s rows {other_row} and {second_other_row}"),
    (1, 1): N_("{side} completed row {row} and {other_side}'s row {other_row}"),
    (2, 1): N_("{side} completed rows {row} and {second_row} and {other_side}'s row {other_row}"),
    (1, 2): N_("{side} completed row {row} and {other_side}'s rows {other_row} and {second_other_row}"),
    (2, 2): N_("{side} completed rows {row} and {second_row} and {other_side}'s rows {other_row} and "
               "{second_other_row}"),
}


def completed(mover: int, rows: tuple[tuple[int, int], ...]) -> tuple[str, Words]:
    """The reason a switch by `mover` that completed `rows` ((kind, row) pairs) ends the game, with its
    arguments: "Red completed row b ↙", "Red completed rows b ↙ and c ↙", "Red completed Blue's row 3 ↘"
    (a row of the opponent's kind is named as theirs)."""
    mine = [row_name(kind, row) for kind, row in rows if kind == mover]
    theirs = [row_name(kind, row) for kind, row in rows if kind != mover]
    words: dict[str, str | int] = {"side": SEAT_NAMES[mover]}
    if theirs:
        words["other_side"] = SEAT_NAMES[1 - mover]
    for key, name in zip(("row", "second_row"), mine):
        words[key] = name
    for key, name in zip(("other_row", "second_other_row"), theirs):
        words[key] = name
    return COMPLETED[len(mine), len(theirs)], tuple(words.items())


def row_name(kind: int, row: int) -> str:
    """A row as the reason names it: its letter or number and its arrow ("b ↙", "3 ↘")."""
    return f"{ROW_NAMES[kind][row]} {'↙↘'[kind]}"


def new(players: int, options: Mapping[str, Any], seed: int) -> AscentState:
    return AscentState(LEVEL)


GAME = Game(
    name=NAME,
    title="Ascent",
    players=range(2, 3),
    options=(),
    seat_names=SEAT_NAMES,
    summary=N_("Switch numbered tiles in a diamond until a row in your direction climbs from top to bottom."),
    rules_text="\n".join((
        N_("Sixteen tiles form a diamond on seven levels; at the start every tile shows its own level, from 7 "
           "at the top (a1) to 1 at the bottom (d4). Rows slanting down to the left are a–d, rows slanting "
           "down to the right are 1–4, so each tile is named letter + number."),
        N_("• On your turn, **switch** two tiles on different levels; the one on the higher level must show "
           "the larger number. Passing is not allowed."),
        N_("• **Red** wins when a row slanting down to the left (↙, a fixed letter) reads strictly increasing "
           "from top to bottom; **Blue** wins likewise with a row slanting down to the right (↘, a fixed "
           "number). A row with a repeated number does not count."),
        N_("A switch that completes only your opponent's kind of row makes them win; one that completes "
           "rows of both kinds is a draw."),
    )),
    house_rules=(
        N_("If the player to move has no legal switch, the game is a draw."),
    ),
    notation=N_("Name the two tiles: `a1-c3` (also `a1 c3` or `a1c3`, in either order); moves are written "
                "higher tile first."),
    new=new,
)
