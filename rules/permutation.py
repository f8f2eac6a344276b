"""Multiplications Within The Permutation (docs/rules.md): 2 to 6 players, two phases.

Placing: seats in turn put x's on an n×n board, never two in a file or a rank, until the x's form a
permutation. Numbering: the x in file a holds 1; seats in turn (from seat 1 again) write 2, 3, … on
unnumbered x's, scoring |Δrank|·|Δfile| between the x's holding j and j+1.

Squares are (file, rank), both 0-based. As every file holds at most one x, an x is named by its file.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from rules.contract import Hooks
from rules.core import BadOptions, Game, IllegalMove, LastMove, OptionSpec, Outcome, still_playing
from rules.notation import FILES, Square, on_grid, square_name, squares

NAME = "permutation"
MAX_SIZE = 25
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")  # renderers.theme.SEAT_STYLES
EXAMPLE = "a square like d5"


def points(a: Square, b: Square) -> int:
    """What writing a number on b after a scores: |Δfile|·|Δrank|."""
    return abs(a[0] - b[0]) * abs(a[1] - b[1])


@dataclass(frozen=True)
class PermutationLast(LastMove):
    square: Square = (0, 0)
    number: int | None = None  # the number written, None for a placed x
    previous: Square | None = None  # where number − 1 stands: the scored rectangle's other corner
    points: int = 0


@dataclass(frozen=True)
class PermutationState(Hooks):
    """An immutable position.

    rank_of[f]: the rank of the x in file f, or None. placed: the files in the order their x's were
    placed (x i was placed by seat i mod players). numbered: the files in number order, so the x in
    file numbered[j] holds j + 1; numbered[0] is file a as soon as every x is placed.
    """

    players: int
    k: int
    rank_of: tuple[int | None, ...]
    placed: tuple[int, ...] = ()
    numbered: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    to_move: int | None = 0
    last: PermutationLast | None = None
    outcome: Outcome | None = None

    game = NAME

    @property
    def n(self) -> int:
        return len(self.rank_of)

    @property
    def placing(self) -> bool:
        return len(self.placed) < self.n

    @property
    def moves_played(self) -> int:
        return len(self.placed) + max(0, len(self.numbered) - 1)

    def square_of(self, file: int) -> Square:
        rank = self.rank_of[file]
        assert rank is not None
        return file, rank

    def number_at(self, file: int) -> int | None:
        """The number written on the x in `file`, if any."""
        try:
            return self.numbered.index(file) + 1
        except ValueError:
            return None

    @cached_property
    def _free(self) -> tuple[list[int], list[int]]:
        """Files and ranks that hold no x yet."""
        taken = {r for r in self.rank_of if r is not None}
        files = [f for f, r in enumerate(self.rank_of) if r is None]
        return files, [r for r in range(self.n) if r not in taken]

    def legal_squares(self) -> list[Square]:
        if self.to_move is None:
            return []
        if self.placing:
            files, ranks = self._free
            return [(f, r) for f in files for r in ranks]
        written = set(self.numbered)
        return [self.square_of(f) for f in range(self.n) if f not in written]

    def legal_moves(self) -> list[str]:
        return [square_name(s) for s in self.legal_squares()]

    def parse(self, text: str) -> Square:
        """The square `text` names, or IllegalMove with the reason it cannot be played now."""
        [name] = squares(text, EXAMPLE, most=1)
        file, rank = on_grid(name, self.n)
        still_playing(self.to_move)
        if self.placing:
            if self.rank_of[file] == rank:
                raise IllegalMove(f"{name} already has an x")
            if self.rank_of[file] is not None:
                raise IllegalMove(f"File {FILES[file]} already has an x, on {square_name(self.square_of(file))}")
            if rank in self.rank_of:
                other = self.rank_of.index(rank)
                raise IllegalMove(f"Rank {rank + 1} already has an x, on {square_name((other, rank))}")
            return file, rank
        if self.rank_of[file] != rank:
            raise IllegalMove(f"{name} has no x: write the next number on one of the x's")
        number = self.number_at(file)
        if number is not None:
            raise IllegalMove(f"{name} already holds {number}")
        return file, rank

    def play(self, move: str) -> PermutationState:
        return self.apply(self.parse(move))

    def apply(self, square: Square) -> PermutationState:
        """The position after a move already known to be legal."""
        seat = self.to_move
        assert seat is not None
        file, rank = square
        if self.placing:
            rank_of = self.rank_of[:file] + (rank,) + self.rank_of[file + 1:]
            placed = self.placed + (file,)
            numbered, effect = self.numbered, ""
            if len(placed) == self.n:  # the permutation is complete: 1 goes on the x in file a
                numbered, first = (0,), rank_of[0]
                assert first is not None  # every file has its x now
                effect = f"all {self.n} x's placed; 1 is written on {square_name((0, first))}"
            # seat 1 also starts the numbering, so the turn after the last x goes to seat 1 again
            to_move: int | None = len(placed) % self.players if len(placed) < self.n else 0
            last = PermutationLast(seat, square_name(square), effect, square=square)
            return PermutationState(self.players, self.k, rank_of, placed, numbered, self.scores, to_move, last)

        previous = self.square_of(self.numbered[-1])
        gained = points(previous, square)
        numbered = self.numbered + (file,)
        scores = self.scores[:seat] + (self.scores[seat] + gained,) + self.scores[seat + 1:]
        number = len(numbered)
        df, dr = abs(previous[0] - file), abs(previous[1] - rank)
        effect = f"wrote {number}: {df}×{dr} = {gained} point{'s' if gained != 1 else ''}"
        last = PermutationLast(seat, square_name(square), effect, square=square, number=number,
                               previous=previous, points=gained)
        outcome = None
        to_move = (len(numbered) - 1) % self.players
        if number == self.n:
            outcome = Outcome.ranked(scores, f"all {self.n} numbers written")
            to_move = None
        return PermutationState(self.players, self.k, self.rank_of, self.placed, numbered, scores, to_move, last, outcome)


def board_size(players: int, k: int) -> int:
    return k * players + 1


def new(players: int, options: Mapping[str, Any], seed: int) -> PermutationState:
    k = options["k"]
    n = board_size(players, k)
    if n > MAX_SIZE:
        most = (MAX_SIZE - 1) // players
        raise BadOptions(
            f"k = {k} with {players} players needs a {n}×{n} board, but the largest is {MAX_SIZE}×{MAX_SIZE}: "
            f"with {players} players k can be at most {most}"
        )
    return PermutationState(players, k, (None,) * n, scores=(0,) * players)


GAME = Game(
    name=NAME,
    title="Multiplications Within The Permutation",
    players=range(2, 7),
    options=(
        OptionSpec("k", int, 3, "Numbers each player writes; the board is n×n, where n = k × players + 1 is at most 25",
                   min=3, max=8),
    ),
    seat_names=SEAT_NAMES,
    summary="Place x's like rooks that never attack, then number them to draw the biggest rectangles.",
    rules_text=(
        "With m players the board is n×n, n = k·m + 1.\n"
        "• **Placing**: in seat order, each player puts an x on an empty square whose file and rank "
        "have no x yet, until there are n x's (one in every file and every rank).\n"
        "• **Numbering**: the x in file a gets 1 by itself. Then, from the first player again, each "
        "player in turn writes the next number (2, 3, …) on any x without a number and scores "
        "|Δfile| × |Δrank| between that x and the x holding the previous number: the area of the "
        "rectangle they span.\n"
        "When n is written the game is over: the highest score wins, and equal scores share a place."
    ),
    house_rules=(
        "A player who resigns or runs out of time places last, and the others are ranked by their scores. "
        "With two players that ends the match; with more, a computer plays the seat on to the end, or until "
        "no person is left in the match.",
    ),
    notation="Both phases name a square: `d5`. While placing it is where the x goes; while numbering, "
             "the x that gets the next number.",
    new=new,
)
