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

from i18n import N_, _, ngettext
from rules.contract import Hooks
from rules.core import BadOptions, Game, IllegalMove, LastMove, OptionSpec, Outcome, counted_words, still_playing
from rules.notation import FILES, Square, on_grid, square_name, squares

NAME = "permutation"
MAX_SIZE = 25
# Translators: the sides of Multiplications Within The Permutation, in seat order
SEAT_NAMES = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Purple"), N_("Orange"))  # renderers.theme.SEAT_STYLES
# Translators: follows "write"
EXAMPLE = N_("a square like d5")
ALL_WRITTEN = "all {n} numbers written"  # the reason the game ends, worded by `all_written`


@counted_words(ALL_WRITTEN)
def all_written(n: int) -> str:
    """The reason a game ends, "all 7 numbers written", in the current language."""
    # Translators: the end of the game: every x holds its number, 1 to {n}
    return ngettext("all {n} number written", "all {n} numbers written", n)


def points(a: Square, b: Square) -> int:
    """What writing a number on b after a scores: |Δfile|·|Δrank|."""
    return abs(a[0] - b[0]) * abs(a[1] - b[1])


@dataclass(frozen=True)
class PermutationLast(LastMove):
    square: Square = (0, 0)
    number: int | None = None  # the number written, None for a placed x
    previous: Square | None = None  # where number − 1 stands: the scored rectangle's other corner
    points: int = 0
    placed: int = 0  # after the last x placed: how many there are (n)
    first: Square | None = None  # and where 1 was written

    def effect_text(self) -> str:
        """What the move did in the current language: "all 7 x's placed; 1 is written on a3" after the
        last x, "wrote 2: 5×2 = 10 points" for a number, nothing for another x."""
        if self.number is not None and self.previous is not None:
            width, height = abs(self.previous[0] - self.square[0]), abs(self.previous[1] - self.square[1])
            # Translators: {number} was written on an x; the rectangle it spans is {width}×{height}, which scores {n}
            return ngettext("wrote {number}: {width}×{height} = {n} point", "wrote {number}: {width}×{height} = {n} points",
                            self.points, number=self.number, width=width, height=height)
        if self.first is not None:
            # Translators: the last x was placed: {n} x's in all; 1 goes by itself on the x of file a, {square}
            return ngettext("all {n} x's placed; 1 is written on {square}", "all {n} x's placed; 1 is written on {square}",
                            self.placed, square=square_name(self.first))
        return super().effect_text()


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
                raise IllegalMove(_("{square} already has an x", square=name))
            if self.rank_of[file] is not None:
                raise IllegalMove(_("File {file} already has an x, on {square}", file=FILES[file],
                                    square=square_name(self.square_of(file))))
            if rank in self.rank_of:
                other = self.rank_of.index(rank)
                raise IllegalMove(_("Rank {rank} already has an x, on {square}", rank=rank + 1,
                                    square=square_name((other, rank))))
            return file, rank
        if self.rank_of[file] != rank:
            raise IllegalMove(_("{square} has no x: write the next number on one of the x's", square=name))
        number = self.number_at(file)
        if number is not None:
            raise IllegalMove(_("{square} already holds {number}", square=name, number=number))
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
            numbered, effect, one = self.numbered, "", None
            if len(placed) == self.n:  # the permutation is complete: 1 goes on the x in file a
                numbered, first = (0,), rank_of[0]
                assert first is not None  # every file has its x now
                one = (0, first)
                effect = f"all {self.n} x's placed; 1 is written on {square_name(one)}"
            # seat 1 also starts the numbering, so the turn after the last x goes to seat 1 again
            to_move: int | None = len(placed) % self.players if len(placed) < self.n else 0
            last = PermutationLast(seat, square_name(square), effect, square=square,
                                   placed=self.n if one else 0, first=one)
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
            outcome = Outcome.ranked(scores, ALL_WRITTEN, n=self.n)
            to_move = None
        return PermutationState(self.players, self.k, self.rank_of, self.placed, numbered, scores, to_move, last, outcome)


def board_size(players: int, k: int) -> int:
    return k * players + 1


def new(players: int, options: Mapping[str, Any], seed: int) -> PermutationState:
    k = options["k"]
    n = board_size(players, k)
    if n > MAX_SIZE:
        most = (MAX_SIZE - 1) // players
        raise BadOptions(_(
            "k = {k} with {players} players needs a {size}×{size} board, but the largest is {largest}×{largest}: "
            "with {players} players k can be at most {most}", k=k, players=players, size=n, largest=MAX_SIZE, most=most,
        ))
    return PermutationState(players, k, (None,) * n, scores=(0,) * players)


GAME = Game(
    name=NAME,
    title="Multiplications Within The Permutation",
    players=range(2, 7),
    options=(
        OptionSpec("k", int, 3, N_("Numbers each player writes; the board is n×n, where n = k × players + 1 is at "
                                   "most 25"), min=3, max=8),
    ),
    seat_names=SEAT_NAMES,
    summary=N_("Place x's like rooks that never attack, then number them to draw the biggest rectangles."),
    rules_text="\n".join((
        N_("With m players the board is n×n, n = k·m + 1."),
        N_("• **Placing**: in seat order, each player puts an x on an empty square whose file and rank "
           "have no x yet, until there are n x's (one in every file and every rank)."),
        N_("• **Numbering**: the x in file a gets 1 by itself. Then, from the first player again, each "
           "player in turn writes the next number (2, 3, …) on any x without a number and scores "
           "|Δfile| × |Δrank| between that x and the x holding the previous number: the area of the "
           "rectangle they span."),
        N_("When n is written the game is over: the highest score wins, and equal scores share a place."),
    )),
    house_rules=(
        N_("A player who resigns or runs out of time places last, and the others are ranked by their scores. "
           "With two players that ends the match; with more, a computer plays the seat on to the end, or until "
           "no person is left in the match."),
    ),
    notation=N_("Both phases name a square: `d5`. While placing it is where the x goes; while numbering, "
                "the x that gets the next number."),
    new=new,
)
