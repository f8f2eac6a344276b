"""Standings: points, tie-breaks and shared places."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.tournaments.model import Entrant, Format, Table


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    place: int  # 1-based; equal for entrants tied on points and every tie-break
    entrant: Entrant
    points: Fraction
    tiebreaks: tuple[Fraction, ...]  # in the order of tiebreak_names(format)
    games: int  # games played (byes and forfeits not counted)


def tiebreak_names(format: Format) -> tuple[str, ...]:
    """The tie-breaks' names in English (N_ marked; callers translate with _())."""
    raise NotImplementedError


def tiebreak_short(format: Format) -> tuple[str, ...]:
    """The tie-breaks' short column heads in English (N_ marked; callers translate with _())."""
    raise NotImplementedError


def standings(entrants: Sequence[Entrant], tables: Sequence[Table], format: Format) -> list[Row]:
    """The standings after the decided tables: by points then tie-breaks; tied rows share a place and are
    listed by starting number."""
    raise NotImplementedError


def crosstable(entrants: Sequence[Entrant], tables: Sequence[Table]) -> dict[tuple[int, int], list[Fraction]]:
    """(a, b) -> a's points against b, one per decided game, in round order."""
    raise NotImplementedError
