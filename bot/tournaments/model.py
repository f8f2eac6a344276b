"""A tournament's values: its format, its entrants (with starting numbers) and its tables (one per game,
or a bye), as the pure tournament functions take them."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


class Format(StrEnum):
    """How rounds are paired."""

    SWISS = "swiss"  # FIDE Dutch system (tables of 2); tables of n formed by standing
    ROUND_ROBIN = "round_robin"  # Berger tables: everyone meets everyone once
    DOUBLE = "double"  # round robin twice, seats swapped the second time


@dataclass(frozen=True)
class Entrant:
    """One player in a tournament."""

    id: int  # the player's user id (computer levels are ids 1-3)
    name: str
    rating: float  # at the start; orders starting numbers and pairing
    number: int  # starting number: 1 = highest rating (ties by who joined first)
    joined: int = 1  # the first round they may be paired in (a late joiner: the round after the one running)
    withdrawn: int | None = None  # the first round they are no longer paired in (None: still in)

    def plays_in(self, round: int) -> bool:
        """Whether this entrant is paired in `round` (1-based): joined by then and not yet withdrawn."""
        return self.joined <= round and (self.withdrawn is None or round < self.withdrawn)


@dataclass(frozen=True)
class Table:
    """One game of a round (or a bye): who sits where and, once decided, the points of each seat."""

    round: int
    board: int  # 1-based, in the order pairing gave (top board first)
    seats: tuple[int, ...]  # entrant ids in seat order (seat 0 moves first); one id alone = a bye
    points: tuple[Fraction, ...] | None  # per seat once decided; None while still being played
    played: bool = True  # False for byes and forfeits (no game was played)
    match_id: int | None = None  # the bot's match, once opened (None for byes/forfeits)

    @property
    def bye(self) -> bool:
        """A table of one: a bye (its points say whether full or half)."""
        return len(self.seats) == 1

    @property
    def decided(self) -> bool:
        """Whether the table's points are known."""
        return self.points is not None
