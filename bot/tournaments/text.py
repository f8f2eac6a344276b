"""Standings, crosstables and rounds as text (Discord code blocks and the console)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.standings import Row


def points_text(value: Fraction) -> str:
    """Whole numbers plain, halves with ½ (3½, ½), other fractions as a decimal with 2 digits."""
    raise NotImplementedError


def standings_text(rows: Sequence[Row], format: Format, *, width: int = 60) -> str:
    """A fixed-width standings table: #, name, points, the tie-breaks, rating, games."""
    raise NotImplementedError


def crosstable_text(entrants: Sequence[Entrant], tables: Sequence[Table]) -> str:
    """A round robin's crosstable: rows by starting number, a column per opponent number."""
    raise NotImplementedError


def round_lines(round: int, tables: Sequence[Table], names: Mapping[int, str]) -> list[str]:
    """One line per table of `round`: "Board 1: alice – bob", "bob has a bye (1 point)"."""
    raise NotImplementedError
