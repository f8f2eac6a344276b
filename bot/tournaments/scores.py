"""Points: per seat of a decided table, and per entrant over a tournament."""
from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction

from bot.tournaments.model import Table

BYE = Fraction(1)  # a bye the pairing gave (odd number of players)
LATE_BYE = Fraction(1, 2)  # a round missed by joining late


def place_points(places: Sequence[Collection[int]], seats: int) -> tuple[Fraction, ...]:
    """Points per seat from a match's places (groups of seats, best first): in a table of n the k-th
    place (0-based) is worth (n-1-k)/(n-1); tied seats share the average of the places they cover.
    Two seats: win 1, loss 0, draw 1/2 each. The points of a table always sum to n/2."""
    raise NotImplementedError


def totals(tables: Iterable[Table]) -> dict[int, Fraction]:
    """Points per entrant id over the decided tables (tables still being played count nothing)."""
    raise NotImplementedError
