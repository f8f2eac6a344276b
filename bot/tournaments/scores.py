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
    if seats < 2:
        raise ValueError(f"a table has at least two seats, not {seats}")
    placed = [seat for group in places for seat in group]
    if sorted(placed) != list(range(seats)):
        raise ValueError(f"places {places!r} do not name each of {seats} seats once")
    points = [Fraction(0)] * seats
    first = 0  # the first place (0-based) the group covers
    for group in places:
        covered = range(first, first + len(group))
        share = Fraction(sum(seats - 1 - k for k in covered), (seats - 1) * len(group))
        for seat in group:
            points[seat] = share
        first += len(group)
    return tuple(points)


def totals(tables: Iterable[Table]) -> dict[int, Fraction]:
    """Points per entrant id over the decided tables (tables still being played count nothing; an
    entrant with no decided table is absent from the result)."""
    points: dict[int, Fraction] = {}
    for table in tables:
        if table.points is None:
            continue
        for seat, value in zip(table.seats, table.points, strict=True):
            points[seat] = points.get(seat, Fraction(0)) + value
    return points
