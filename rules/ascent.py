"""Ascent (docs/rules.md): sixteen numbered tiles in a diamond; switch a higher, larger tile with a
lower, smaller one until a row reads strictly increasing from top to bottom.

A tile is (i, j): i = 0..3 for its row slanting down to the left (letters a..d), j = 0..3 for its row
slanting down to the right (numbers 1..4); it is stored at index 4·i + j, so `a1` is 0 and `d4` is 15.
Its level, counted from the bottom, is 7 − i − j: `a1` is the top (7), `d4` the bottom (1).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules.contract import Hooks
from rules.core import Game, IllegalMove, InvalidNotation, LastMove, Outcome, still_playing
from rules.notation import squares

NAME = "ascent"
SIDE = 4
LETTERS = "abcd"
SEAT_NAMES = ("Red", "Blue")
EXAMPLE = "two tiles like a1-c3"

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
                raise InvalidNotation(f"{name} is not a tile: rows a–d, numbers 1–4")
        still_playing(self.to_move)
        first, second = (INDEX[name] for name in names)
        if first == second:
            raise IllegalMove(f"Name two different tiles, not {TILES[first]} twice")
        if LEVEL[first] == LEVEL[second]:
            raise IllegalMove(f"{TILES[first]} and {TILES[second]} are on the same level")
        high, low = (first, second) if LEVEL[first] > LEVEL[second] else (second, first)
        if self.board[high] <= self.board[low]:
            raise IllegalMove(
                f"{TILES[high]} shows {self.board[high]}, which is not larger than {self.board[low]} on {TILES[low]}"
            )
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
        kinds = {side for side, _ in done}
        outcome = None
        if kinds:
            reason = f"{SEAT_NAMES[seat]} completed {rows_text(seat, done)}"
            outcome = Outcome.drawn(reason) if len(kinds) == 2 else Outcome.won(kinds.pop(), reason)
        next_state = AscentState(board, None if outcome else 1 - seat, last, outcome)
        if outcome is None and not next_state._legal:
            draw = Outcome.drawn(f"{SEAT_NAMES[1 - seat]} has no legal switch")
            next_state = AscentState(board, None, last, draw)
        return next_state


def rows_text(mover: int, rows: tuple[tuple[int, int], ...]) -> str:
    """The rows a switch by `mover` completed, as (kind, row) pairs: "row b ↙", "rows b ↙ and c ↙",
    "Blue's row 3 ↘" (a row of the opponent's kind is named as theirs)."""
    parts = []
    for side in (mover, 1 - mover):
        names = [f"{ROW_NAMES[side][row]} {'↙↘'[side]}" for kind, row in rows if kind == side]
        if names:
            owner = "" if side == mover else f"{SEAT_NAMES[side]}'s "
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            parts.append(f"{owner}row{'s' if len(names) > 1 else ''} {listed}")
    return " and ".join(parts)


def new(players: int, options: Mapping[str, Any], seed: int) -> AscentState:
    return AscentState(LEVEL)


GAME = Game(
    name=NAME,
    title="Ascent",
    players=range(2, 3),
    options=(),
    seat_names=SEAT_NAMES,
    summary="Switch numbered tiles in a diamond until a row in your direction climbs from top to bottom.",
    rules_text=(
        "Sixteen tiles form a diamond on seven levels; at the start every tile shows its own level, from 7 "
        "at the top (a1) to 1 at the bottom (d4). Rows slanting down to the left are a–d, rows slanting "
        "down to the right are 1–4, so each tile is named letter + number.\n"
        "• On your turn, **switch** two tiles on different levels; the one on the higher level must show "
        "the larger number. Passing is not allowed.\n"
        "• **Red** wins when a row slanting down to the left (↙, a fixed letter) reads strictly increasing "
        "from top to bottom; **Blue** wins likewise with a row slanting down to the right (↘, a fixed "
        "number). A row with a repeated number does not count.\n"
        "A switch that completes only your opponent's kind of row makes them win; one that completes "
        "rows of both kinds is a draw."
    ),
    house_rules=(
        "If the player to move has no legal switch, the game is a draw.",
    ),
    notation="Name the two tiles: `a1-c3` (also `a1 c3` or `a1c3`, in either order); moves are written higher tile first.",
    new=new,
)
